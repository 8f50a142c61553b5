// One function per emitter family; each is exported, checked with
// onnx.checker and run in ONNX Runtime against the interpreter.
func.func @qdq_conv(%x: tensor<1x2x5x5xf32>) -> tensor<1x3x3x2xf32> {
  %s = trt.constant dense<0.02> : tensor<f32>
  %q = trt.quantize %x, %s : (tensor<1x2x5x5xf32>, tensor<f32>) -> tensor<1x2x5x5xi8>
  %d = trt.dequantize %q, %s : (tensor<1x2x5x5xi8>, tensor<f32>) -> tensor<1x2x5x5xf32>
  %w = trt.constant dense<[[[[1, -2, 3], [4, 5, -6], [7, 8, 9]], [[-1, 2, 3], [4, -5, 6], [7, 8, -9]]], [[[10, 20, 30], [40, 50, 60], [70, 80, 90]], [[-10, -20, -30], [-40, -50, -60], [-70, -80, -90]]], [[[127, 0, 0], [0, -127, 0], [0, 0, 1]], [[1, 1, 1], [1, 1, 1], [1, 1, 1]]]]> : tensor<3x2x3x3xi8>
  %ws = trt.constant dense<[0.01, 0.002, 0.005]> : tensor<3xf32>
  %wd = trt.dequantize %w, %ws {axis = 0 : i64} : (tensor<3x2x3x3xi8>, tensor<3xf32>) -> tensor<3x2x3x3xf32>
  %b = trt.constant dense<[0.5, -0.25, 0.125]> : tensor<3xf32>
  %c = trt.convolution %d, %wd, %b {kernel_size = array<i64: 3, 3>, num_output_maps = 3 : i64, stride = array<i64: 2, 2>, pre_padding = array<i64: 1, 1>, post_padding = array<i64: 1, 0>} : (tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32>, tensor<3xf32>) -> tensor<1x3x3x2xf32>
  return %c : tensor<1x3x3x2xf32>
}
func.func @deconv(%x: tensor<1x2x3x3xf32>) -> tensor<1x2x6x6xf32> {
  %w = trt.constant dense<0.5> : tensor<2x2x2x2xf32>
  %c = trt.deconvolution %x, %w {kernel_size = array<i64: 2, 2>, num_output_maps = 2 : i64, stride = array<i64: 2, 2>} : (tensor<1x2x3x3xf32>, tensor<2x2x2x2xf32>) -> tensor<1x2x6x6xf32>
  return %c : tensor<1x2x6x6xf32>
}
func.func @matmul_modes(%x: tensor<2x3x4xf32>) -> tensor<2x3xf32> {
  %w = trt.constant dense<[[0.5, -1.0, 2.0, 0.25], [1.0, 1.0, -1.0, 0.0], [0.0, 3.0, 1.0, -2.0]]> : tensor<3x4xf32>
  %wb = trt.shuffle %w {reshape_dims = array<i64: 1, 3, 4>} : tensor<3x4xf32> -> tensor<1x3x4xf32>
  %m = trt.matrix_multiply %x, %wb {op1 = "transpose"} : (tensor<2x3x4xf32>, tensor<1x3x4xf32>) -> tensor<2x3x3xf32>
  %v = trt.constant dense<[[1.0, -1.0, 0.5]]> : tensor<1x3xf32>
  %r = trt.matrix_multiply %m, %v {op1 = "vector"} : (tensor<2x3x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
func.func @elementwise(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %c = trt.constant dense<[[1.5, -2.0, 0.75]]> : tensor<1x3xf32>
  %a = trt.element_wise "sum" %x, %c : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  %b = trt.element_wise "prod" %a, %x : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %d = trt.element_wise "floor_div" %b, %c : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  %e = trt.element_wise "max" %d, %x : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %f = trt.element_wise "sub" %e, %c : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  %g = trt.element_wise "greater" %f, %x : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %h = trt.select %g, %f, %x : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %h : tensor<2x3xf32>
}
func.func @activations(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %a = trt.activation "gelu_erf" %x : tensor<2x4xf32> -> tensor<2x4xf32>
  %b = trt.activation "leaky_relu" %a {alpha = 0.1 : f32} : tensor<2x4xf32> -> tensor<2x4xf32>
  %c = trt.activation "clip" %b {alpha = -0.5 : f32, beta = 1.5 : f32} : tensor<2x4xf32> -> tensor<2x4xf32>
  %d = trt.activation "scaled_tanh" %c {alpha = 2.0 : f32, beta = 0.5 : f32} : tensor<2x4xf32> -> tensor<2x4xf32>
  %e = trt.activation "gelu_tanh" %d : tensor<2x4xf32> -> tensor<2x4xf32>
  %f = trt.activation "softplus" %e {alpha = 1.0 : f32, beta = 1.0 : f32} : tensor<2x4xf32> -> tensor<2x4xf32>
  %g = trt.activation "hard_sigmoid" %f {alpha = 0.2 : f32, beta = 0.5 : f32} : tensor<2x4xf32> -> tensor<2x4xf32>
  %h = trt.activation "selu" %g {alpha = 1.67 : f32, beta = 1.05 : f32} : tensor<2x4xf32> -> tensor<2x4xf32>
  return %h : tensor<2x4xf32>
}
func.func @unary(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %a = trt.unary "abs" %x : tensor<2x4xf32> -> tensor<2x4xf32>
  %b = trt.unary "sqrt" %a : tensor<2x4xf32> -> tensor<2x4xf32>
  %c = trt.unary "exp" %b : tensor<2x4xf32> -> tensor<2x4xf32>
  %d = trt.unary "log" %c : tensor<2x4xf32> -> tensor<2x4xf32>
  %e = trt.unary "recip" %d : tensor<2x4xf32> -> tensor<2x4xf32>
  %f = trt.unary "erf" %e : tensor<2x4xf32> -> tensor<2x4xf32>
  %g = trt.unary "round" %f : tensor<2x4xf32> -> tensor<2x4xf32>
  %h = trt.element_wise "sum" %g, %x : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %h : tensor<2x4xf32>
}
func.func @pooling(%x: tensor<1x2x5x5xf32>) -> tensor<1x2x3x3xf32> {
  %a = trt.pooling "average" %x {window_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, pre_padding = array<i64: 1, 1>, post_padding = array<i64: 1, 1>} : tensor<1x2x5x5xf32> -> tensor<1x2x3x3xf32>
  %b = trt.pooling "max_average_blend" %x {window_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, pre_padding = array<i64: 1, 1>, post_padding = array<i64: 1, 1>, blend_factor = 0.25 : f32, average_count_excludes_padding = false} : tensor<1x2x5x5xf32> -> tensor<1x2x3x3xf32>
  %c = trt.element_wise "sum" %a, %b : (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  return %c : tensor<1x2x3x3xf32>
}
func.func @softmax_reduce(%x: tensor<2x3x4xf32>) -> tensor<2x1x4xf32> {
  %s = trt.softmax %x {axes = 2 : i64} : tensor<2x3x4xf32> -> tensor<2x3x4xf32>
  %m = trt.reduce "max" %s {axes = 2 : i64, keep_dimensions = true} : tensor<2x3x4xf32> -> tensor<2x1x4xf32>
  %a = trt.reduce "avg" %x {axes = 2 : i64, keep_dimensions = true} : tensor<2x3x4xf32> -> tensor<2x1x4xf32>
  %r = trt.element_wise "sum" %m, %a : (tensor<2x1x4xf32>, tensor<2x1x4xf32>) -> tensor<2x1x4xf32>
  return %r : tensor<2x1x4xf32>
}
func.func @movement(%x: tensor<1x2x3x4xf32>) -> tensor<2x6xf32> {
  %t = trt.shuffle %x {first_transpose = array<i64: 0, 1, 3, 2>, reshape_dims = array<i64: 0, 2, -1>, second_transpose = array<i64: 0, 2, 1>} : tensor<1x2x3x4xf32> -> tensor<1x12x2xf32>
  %c = trt.concatenation %t, %t {axis = 2 : i64} : (tensor<1x12x2xf32>, tensor<1x12x2xf32>) -> tensor<1x12x4xf32>
  %s = trt.slice %c {start = array<i64: 0, 11, 1>, size = array<i64: 1, 6, 2>, stride = array<i64: 1, -2, 2>} : tensor<1x12x4xf32> -> tensor<1x6x2xf32>
  %p = trt.padding %s {pre_padding = array<i64: 1, 0>, post_padding = array<i64: -1, 0>} : tensor<1x6x2xf32> -> tensor<1x6x2xf32>
  %r = trt.shuffle %p {reshape_dims = array<i64: 2, 6>} : tensor<1x6x2xf32> -> tensor<2x6xf32>
  return %r : tensor<2x6xf32>
}
func.func @gather_topk(%x: tensor<3x4xf32>) -> tensor<3x2xf32> {
  %i = trt.constant dense<[2, 0]> : tensor<2xi32>
  %g = trt.gather %x, %i {axis = 1 : i64} : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<3x2xf32>
  %v:2 = trt.topk "max" %x {k = 2 : i64, axes = 2 : i64} : tensor<3x4xf32> -> tensor<3x2xf32>, tensor<3x2xi32>
  %e = trt.gather %x, %v#1 {mode = "element", axis = 1 : i64} : (tensor<3x4xf32>, tensor<3x2xi32>) -> tensor<3x2xf32>
  %s = trt.element_wise "sum" %g, %e : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  %r = trt.element_wise "sum" %s, %v#0 : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}
func.func @resize_cast(%x: tensor<1x1x2x3xf32>) -> tensor<1x1x4x6xf32> {
  %h = trt.cast %x {to_type = f16} : tensor<1x1x2x3xf32> -> tensor<1x1x2x3xf16>
  %f = trt.identity %h : tensor<1x1x2x3xf16> -> tensor<1x1x2x3xf32>
  %r = trt.resize %f {shape = array<i64: 1, 1, 4, 6>, resize_mode = "linear", coordinate_transformation = "half_pixel"} : tensor<1x1x2x3xf32> -> tensor<1x1x4x6xf32>
  return %r : tensor<1x1x4x6xf32>
}
func.func @norms(%x: tensor<1x4x2x3xf32>) -> tensor<1x4x2x3xf32> {
  %ls = trt.constant dense<[[[[1.0, 2.0, 0.5]]]]> : tensor<1x1x1x3xf32>
  %lb = trt.constant dense<[[[[0.0, 0.1, -0.1]]]]> : tensor<1x1x1x3xf32>
  %l = trt.normalization %x, %ls, %lb {axes = 8 : i64} : (tensor<1x4x2x3xf32>, tensor<1x1x1x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x4x2x3xf32>
  %is = trt.constant dense<[[[[1.0]], [[2.0]], [[0.5]], [[1.5]]]]> : tensor<1x4x1x1xf32>
  %i = trt.normalization %l, %is, %is {axes = 12 : i64} : (tensor<1x4x2x3xf32>, tensor<1x4x1x1xf32>, tensor<1x4x1x1xf32>) -> tensor<1x4x2x3xf32>
  %gs = trt.constant dense<[[[[1.0]], [[-1.0]]]]> : tensor<1x2x1x1xf32>
  %g = trt.normalization %i, %gs, %gs {axes = 12 : i64, num_groups = 2 : i64} : (tensor<1x4x2x3xf32>, tensor<1x2x1x1xf32>, tensor<1x2x1x1xf32>) -> tensor<1x4x2x3xf32>
  return %g : tensor<1x4x2x3xf32>
}
func.func @qdq_f16(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %h = trt.cast %x {to_type = f16} : tensor<2x4xf32> -> tensor<2x4xf16>
  %s = trt.constant dense<0.015625> : tensor<f16>
  %q = trt.quantize %h, %s : (tensor<2x4xf16>, tensor<f16>) -> tensor<2x4xi8>
  %d = trt.dequantize %q, %s : (tensor<2x4xi8>, tensor<f16>) -> tensor<2x4xf16>
  %r = trt.reduce "max" %d {axes = 2 : i64, keep_dimensions = true} : tensor<2x4xf16> -> tensor<2x1xf16>
  %b = trt.element_wise "sub" %d, %r : (tensor<2x4xf16>, tensor<2x1xf16>) -> tensor<2x4xf16>
  %o = trt.cast %b {to_type = f32} : tensor<2x4xf16> -> tensor<2x4xf32>
  return %o : tensor<2x4xf32>
}
