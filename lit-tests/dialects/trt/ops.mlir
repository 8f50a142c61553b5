// RUN: mlc-opt %s | filecheck %s
// RUN: mlc-opt --mlir-print-op-generic %s | mlc-opt | filecheck %s
// RUN: mlc-opt %s | mlc-opt | filecheck %s

// Every trt layer in its custom form; the result types written here are the ones
// the shape inference computes (the verifier compares them).

// 2-D with bias and explicit padding, depthwise with SAME padding, dilated with
// round-up and an output_type, and a 3-D convolution.
// CHECK-LABEL: func.func @convolution(%arg0: tensor<1x3x224x224xf32>, %arg1: tensor<?x32x56x56xf16>, %arg2: tensor<2x4x8x16x16xf32>) -> tensor<1x64x112x112xf32> {
// CHECK-NEXT:    %0 = trt.constant dense<1.000000e+00> : tensor<64x3x7x7xf32>
// CHECK-NEXT:    %1 = trt.constant dense<5.000000e-01> : tensor<64xf32>
// CHECK-NEXT:    %2 = trt.convolution %arg0, %0, %1 {kernel_size = array<i64: 7, 7>, num_output_maps = 64 : i64, post_padding = array<i64: 3, 3>, pre_padding = array<i64: 3, 3>, stride = array<i64: 2, 2>} : (tensor<1x3x224x224xf32>, tensor<64x3x7x7xf32>, tensor<64xf32>) -> tensor<1x64x112x112xf32>
// CHECK-NEXT:    %3 = trt.constant dense<1.000000e+00> : tensor<32x1x3x3xf16>
// CHECK-NEXT:    %4 = trt.convolution %arg1, %3 {kernel_size = array<i64: 3, 3>, num_groups = 32 : i64, num_output_maps = 32 : i64, padding_mode = "same_upper", precision = f16, stride = array<i64: 2, 2>} : (tensor<?x32x56x56xf16>, tensor<32x1x3x3xf16>) -> tensor<?x32x28x28xf16>
// CHECK-NEXT:    %5 = trt.convolution %arg1, %3 {dilation = array<i64: 2, 2>, kernel_size = array<i64: 3, 3>, num_groups = 32 : i64, num_output_maps = 32 : i64, output_type = f32, padding_mode = "explicit_round_up", stride = array<i64: 2, 2>} : (tensor<?x32x56x56xf16>, tensor<32x1x3x3xf16>) -> tensor<?x32x27x27xf32>
// CHECK-NEXT:    %6 = trt.constant dense<1.000000e+00> : tensor<8x4x3x3x3xf32>
// CHECK-NEXT:    %7 = trt.convolution %arg2, %6 {kernel_size = array<i64: 3, 3, 3>, num_output_maps = 8 : i64} : (tensor<2x4x8x16x16xf32>, tensor<8x4x3x3x3xf32>) -> tensor<2x8x6x14x14xf32>
// CHECK-NEXT:    return %2 : tensor<1x64x112x112xf32>
func.func @convolution(%x: tensor<1x3x224x224xf32>, %d: tensor<?x32x56x56xf16>, %v: tensor<2x4x8x16x16xf32>) -> tensor<1x64x112x112xf32> {
  %w = trt.constant dense<1.0> : tensor<64x3x7x7xf32>
  %b = trt.constant dense<0.5> : tensor<64xf32>
  %0 = trt.convolution %x, %w, %b {num_output_maps = 64, kernel_size = array<i64: 7, 7>, stride = array<i64: 2, 2>, pre_padding = array<i64: 3, 3>, post_padding = array<i64: 3, 3>} : (tensor<1x3x224x224xf32>, tensor<64x3x7x7xf32>, tensor<64xf32>) -> tensor<1x64x112x112xf32>
  %dw = trt.constant dense<1.0> : tensor<32x1x3x3xf16>
  %1 = trt.convolution %d, %dw {num_output_maps = 32, num_groups = 32, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding_mode = "same_upper", precision = f16} : (tensor<?x32x56x56xf16>, tensor<32x1x3x3xf16>) -> tensor<?x32x28x28xf16>
  %2 = trt.convolution %d, %dw {num_output_maps = 32, num_groups = 32, kernel_size = array<i64: 3, 3>, dilation = array<i64: 2, 2>, padding_mode = "explicit_round_up", stride = array<i64: 2, 2>, output_type = f32} : (tensor<?x32x56x56xf16>, tensor<32x1x3x3xf16>) -> tensor<?x32x27x27xf32>
  %vw = trt.constant dense<1.0> : tensor<8x4x3x3x3xf32>
  %3 = trt.convolution %v, %vw {num_output_maps = 8, kernel_size = array<i64: 3, 3, 3>} : (tensor<2x4x8x16x16xf32>, tensor<8x4x3x3x3xf32>) -> tensor<2x8x6x14x14xf32>
  return %0 : tensor<1x64x112x112xf32>
}

// Output extents (in - 1) * stride + dk - (pre + post), and in * stride for SAME.
// CHECK-LABEL: func.func @deconvolution(%arg0: tensor<1x16x14x14xf32>) -> tensor<1x8x28x28xf32> {
// CHECK-NEXT:    %0 = trt.constant dense<1.000000e+00> : tensor<16x8x4x4xf32>
// CHECK-NEXT:    %1 = trt.deconvolution %arg0, %0 {kernel_size = array<i64: 4, 4>, num_output_maps = 8 : i64, post_padding = array<i64: 1, 1>, pre_padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x16x14x14xf32>, tensor<16x8x4x4xf32>) -> tensor<1x8x28x28xf32>
// CHECK-NEXT:    %2 = trt.constant dense<1.000000e+00> : tensor<16x2x3x3xf32>
// CHECK-NEXT:    %3 = trt.constant dense<0.000000e+00> : tensor<8xf32>
// CHECK-NEXT:    %4 = trt.deconvolution %arg0, %2, %3 {kernel_size = array<i64: 3, 3>, num_groups = 4 : i64, num_output_maps = 8 : i64, padding_mode = "same_lower", stride = array<i64: 2, 2>} : (tensor<1x16x14x14xf32>, tensor<16x2x3x3xf32>, tensor<8xf32>) -> tensor<1x8x28x28xf32>
// CHECK-NEXT:    return %1 : tensor<1x8x28x28xf32>
func.func @deconvolution(%x: tensor<1x16x14x14xf32>) -> tensor<1x8x28x28xf32> {
  %w = trt.constant dense<1.0> : tensor<16x8x4x4xf32>
  %0 = trt.deconvolution %x, %w {num_output_maps = 8, kernel_size = array<i64: 4, 4>, stride = array<i64: 2, 2>, pre_padding = array<i64: 1, 1>, post_padding = array<i64: 1, 1>} : (tensor<1x16x14x14xf32>, tensor<16x8x4x4xf32>) -> tensor<1x8x28x28xf32>
  %g = trt.constant dense<1.0> : tensor<16x2x3x3xf32>
  %b = trt.constant dense<0.0> : tensor<8xf32>
  %1 = trt.deconvolution %x, %g, %b {num_output_maps = 8, num_groups = 4, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding_mode = "same_lower"} : (tensor<1x16x14x14xf32>, tensor<16x2x3x3xf32>, tensor<8xf32>) -> tensor<1x8x28x28xf32>
  return %0 : tensor<1x8x28x28xf32>
}

// Transposes, vectors and batch broadcasting.
// CHECK-LABEL: func.func @matrix_multiply(%arg0: tensor<2x8x16xf16>, %arg1: tensor<1x32x16xf16>, %arg2: tensor<2x16xf16>) -> tensor<2x8x32xf16> {
// CHECK-NEXT:    %0 = trt.matrix_multiply %arg0, %arg1 {op1 = "transpose"} : (tensor<2x8x16xf16>, tensor<1x32x16xf16>) -> tensor<2x8x32xf16>
// CHECK-NEXT:    %1 = trt.matrix_multiply %arg0, %arg2 {op1 = "vector"} : (tensor<2x8x16xf16>, tensor<2x16xf16>) -> tensor<2x8xf16>
// CHECK-NEXT:    %2 = trt.matrix_multiply %arg2, %arg2 {op0 = "vector", op1 = "vector"} : (tensor<2x16xf16>, tensor<2x16xf16>) -> tensor<2xf16>
// CHECK-NEXT:    %3 = trt.matrix_multiply %arg0, %arg0 {op0 = "transpose", op1 = "none", precision = f32} : (tensor<2x8x16xf16>, tensor<2x8x16xf16>) -> tensor<2x16x16xf16>
// CHECK-NEXT:    return %0 : tensor<2x8x32xf16>
func.func @matrix_multiply(%a: tensor<2x8x16xf16>, %b: tensor<1x32x16xf16>, %v: tensor<2x16xf16>) -> tensor<2x8x32xf16> {
  %0 = trt.matrix_multiply %a, %b {op1 = "transpose"} : (tensor<2x8x16xf16>, tensor<1x32x16xf16>) -> tensor<2x8x32xf16>
  %1 = trt.matrix_multiply %a, %v {op1 = "vector"} : (tensor<2x8x16xf16>, tensor<2x16xf16>) -> tensor<2x8xf16>
  %2 = trt.matrix_multiply %v, %v {op0 = "vector", op1 = "vector"} : (tensor<2x16xf16>, tensor<2x16xf16>) -> tensor<2xf16>
  %3 = trt.matrix_multiply %a, %a {op0 = "transpose", op1 = "none", precision = f32} : (tensor<2x8x16xf16>, tensor<2x8x16xf16>) -> tensor<2x16x16xf16>
  return %0 : tensor<2x8x32xf16>
}

// Broadcasting, integer, logical and comparison operations, and output_type.
// CHECK-LABEL: func.func @element_wise(%arg0: tensor<1x3x4xf32>, %arg1: tensor<2x1x4xf32>, %arg2: tensor<2x3xi1>, %arg3: tensor<1x3xi1>, %arg4: tensor<?x3xi32>, %arg5: tensor<1x3xi32>) -> tensor<2x3x4xf32> {
// CHECK-NEXT:    %0 = trt.element_wise "sum" %arg0, %arg1 : (tensor<1x3x4xf32>, tensor<2x1x4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT:    %1 = trt.element_wise "pow" %0, %arg0 : (tensor<2x3x4xf32>, tensor<1x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT:    %2 = trt.element_wise "floor_div" %arg4, %arg5 : (tensor<?x3xi32>, tensor<1x3xi32>) -> tensor<?x3xi32>
// CHECK-NEXT:    %3 = trt.element_wise "xor" %arg2, %arg3 : (tensor<2x3xi1>, tensor<1x3xi1>) -> tensor<2x3xi1>
// CHECK-NEXT:    %4 = trt.element_wise "less" %arg0, %arg1 : (tensor<1x3x4xf32>, tensor<2x1x4xf32>) -> tensor<2x3x4xi1>
// CHECK-NEXT:    %5 = trt.element_wise "prod" %arg0, %arg1 {output_type = f16} : (tensor<1x3x4xf32>, tensor<2x1x4xf32>) -> tensor<2x3x4xf16>
// CHECK-NEXT:    return %0 : tensor<2x3x4xf32>
func.func @element_wise(%a: tensor<1x3x4xf32>, %b: tensor<2x1x4xf32>, %p: tensor<2x3xi1>, %q: tensor<1x3xi1>, %i: tensor<?x3xi32>, %j: tensor<1x3xi32>) -> tensor<2x3x4xf32> {
  %0 = trt.element_wise "sum" %a, %b : (tensor<1x3x4xf32>, tensor<2x1x4xf32>) -> tensor<2x3x4xf32>
  %1 = trt.element_wise "pow" %0, %a : (tensor<2x3x4xf32>, tensor<1x3x4xf32>) -> tensor<2x3x4xf32>
  %2 = trt.element_wise "floor_div" %i, %j : (tensor<?x3xi32>, tensor<1x3xi32>) -> tensor<?x3xi32>
  %3 = trt.element_wise "xor" %p, %q : (tensor<2x3xi1>, tensor<1x3xi1>) -> tensor<2x3xi1>
  %4 = trt.element_wise "less" %a, %b : (tensor<1x3x4xf32>, tensor<2x1x4xf32>) -> tensor<2x3x4xi1>
  %5 = trt.element_wise "prod" %a, %b {output_type = f16} : (tensor<1x3x4xf32>, tensor<2x1x4xf32>) -> tensor<2x3x4xf16>
  return %0 : tensor<2x3x4xf32>
}

// CHECK-LABEL: func.func @activation(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xbf16>) -> tensor<4x8xf32> {
// CHECK-NEXT:    %0 = trt.activation "relu" %arg0 : tensor<4x8xf32> -> tensor<4x8xf32>
// CHECK-NEXT:    %1 = trt.activation "clip" %0 {alpha = 0.000000e+00 : f32, beta = 6.000000e+00 : f32} : tensor<4x8xf32> -> tensor<4x8xf32>
// CHECK-NEXT:    %2 = trt.activation "gelu_tanh" %arg1 : tensor<4x8xbf16> -> tensor<4x8xbf16>
// CHECK-NEXT:    %3 = trt.activation "sigmoid" %arg0 {output_type = f16} : tensor<4x8xf32> -> tensor<4x8xf16>
// CHECK-NEXT:    return %1 : tensor<4x8xf32>
func.func @activation(%x: tensor<4x8xf32>, %h: tensor<4x8xbf16>) -> tensor<4x8xf32> {
  %0 = trt.activation "relu" %x : tensor<4x8xf32> -> tensor<4x8xf32>
  %1 = trt.activation "clip" %0 {alpha = 0.0 : f32, beta = 6.0 : f32} : tensor<4x8xf32> -> tensor<4x8xf32>
  %2 = trt.activation "gelu_tanh" %h : tensor<4x8xbf16> -> tensor<4x8xbf16>
  %3 = trt.activation "sigmoid" %x {output_type = f16} : tensor<4x8xf32> -> tensor<4x8xf16>
  return %1 : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @unary(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xi1>, %arg2: tensor<4x8xi32>) -> tensor<4x8xf32> {
// CHECK-NEXT:    %0 = trt.unary "exp" %arg0 : tensor<4x8xf32> -> tensor<4x8xf32>
// CHECK-NEXT:    %1 = trt.unary "not" %arg1 : tensor<4x8xi1> -> tensor<4x8xi1>
// CHECK-NEXT:    %2 = trt.unary "abs" %arg2 : tensor<4x8xi32> -> tensor<4x8xi32>
// CHECK-NEXT:    %3 = trt.unary "isnan" %arg0 : tensor<4x8xf32> -> tensor<4x8xi1>
// CHECK-NEXT:    %4 = trt.unary "round" %0 : tensor<4x8xf32> -> tensor<4x8xf32>
// CHECK-NEXT:    return %4 : tensor<4x8xf32>
func.func @unary(%x: tensor<4x8xf32>, %b: tensor<4x8xi1>, %i: tensor<4x8xi32>) -> tensor<4x8xf32> {
  %0 = trt.unary "exp" %x : tensor<4x8xf32> -> tensor<4x8xf32>
  %1 = trt.unary "not" %b : tensor<4x8xi1> -> tensor<4x8xi1>
  %2 = trt.unary "abs" %i : tensor<4x8xi32> -> tensor<4x8xi32>
  %3 = trt.unary "isnan" %x : tensor<4x8xf32> -> tensor<4x8xi1>
  %4 = trt.unary "round" %0 : tensor<4x8xf32> -> tensor<4x8xf32>
  return %4 : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @pooling(%arg0: tensor<1x64x112x112xf32>, %arg1: tensor<1x8x16x16x16xf16>) -> tensor<1x64x56x56xf32> {
// CHECK-NEXT:    %0 = trt.pooling "max" %arg0 {post_padding = array<i64: 1, 1>, pre_padding = array<i64: 1, 1>, stride = array<i64: 2, 2>, window_size = array<i64: 3, 3>} : tensor<1x64x112x112xf32> -> tensor<1x64x56x56xf32>
// CHECK-NEXT:    %1 = trt.pooling "average" %0 {average_count_excludes_padding = false, padding_mode = "explicit_round_up", stride = array<i64: 3, 3>, window_size = array<i64: 2, 2>} : tensor<1x64x56x56xf32> -> tensor<1x64x19x19xf32>
// CHECK-NEXT:    %2 = trt.pooling "max_average_blend" %arg1 {blend_factor = 2.500000e-01 : f32, stride = array<i64: 2, 2, 2>, window_size = array<i64: 2, 2, 2>} : tensor<1x8x16x16x16xf16> -> tensor<1x8x8x8x8xf16>
// CHECK-NEXT:    return %0 : tensor<1x64x56x56xf32>
func.func @pooling(%x: tensor<1x64x112x112xf32>, %v: tensor<1x8x16x16x16xf16>) -> tensor<1x64x56x56xf32> {
  %0 = trt.pooling "max" %x {window_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, pre_padding = array<i64: 1, 1>, post_padding = array<i64: 1, 1>} : tensor<1x64x112x112xf32> -> tensor<1x64x56x56xf32>
  %1 = trt.pooling "average" %0 {window_size = array<i64: 2, 2>, stride = array<i64: 3, 3>, padding_mode = "explicit_round_up", average_count_excludes_padding = false} : tensor<1x64x56x56xf32> -> tensor<1x64x19x19xf32>
  %2 = trt.pooling "max_average_blend" %v {window_size = array<i64: 2, 2, 2>, stride = array<i64: 2, 2, 2>, blend_factor = 0.25 : f32} : tensor<1x8x16x16x16xf16> -> tensor<1x8x8x8x8xf16>
  return %0 : tensor<1x64x56x56xf32>
}

// The default axis is rank - 3 (C of NCHW); an explicit mask selects axis 1.
// CHECK-LABEL: func.func @softmax(%arg0: tensor<2x10x4x4xf32>, %arg1: tensor<8x1000xf16>) -> tensor<2x10x4x4xf32> {
// CHECK-NEXT:    %0 = trt.softmax %arg0 : tensor<2x10x4x4xf32> -> tensor<2x10x4x4xf32>
// CHECK-NEXT:    %1 = trt.softmax %arg1 {axes = 2 : i64} : tensor<8x1000xf16> -> tensor<8x1000xf16>
// CHECK-NEXT:    return %0 : tensor<2x10x4x4xf32>
func.func @softmax(%x: tensor<2x10x4x4xf32>, %y: tensor<8x1000xf16>) -> tensor<2x10x4x4xf32> {
  %0 = trt.softmax %x : tensor<2x10x4x4xf32> -> tensor<2x10x4x4xf32>
  %1 = trt.softmax %y {axes = 2} : tensor<8x1000xf16> -> tensor<8x1000xf16>
  return %0 : tensor<2x10x4x4xf32>
}

// Layer, group and instance normalization.
// CHECK-LABEL: func.func @normalization(%arg0: tensor<2x16x768xf32>, %arg1: tensor<1x1x768xf32>, %arg2: tensor<1x1x768xf32>, %arg3: tensor<2x32x8x8xf16>, %arg4: tensor<1x4x1x1xf16>, %arg5: tensor<1x32x1x1xf16>) -> tensor<2x16x768xf32> {
// CHECK-NEXT:    %0 = trt.normalization %arg0, %arg1, %arg2 {axes = 4 : i64, epsilon = 9.99999974E-6 : f32} : (tensor<2x16x768xf32>, tensor<1x1x768xf32>, tensor<1x1x768xf32>) -> tensor<2x16x768xf32>
// CHECK-NEXT:    %1 = trt.normalization %arg3, %arg4, %arg4 {axes = 12 : i64, compute_precision = f32, num_groups = 4 : i64} : (tensor<2x32x8x8xf16>, tensor<1x4x1x1xf16>, tensor<1x4x1x1xf16>) -> tensor<2x32x8x8xf16>
// CHECK-NEXT:    %2 = trt.normalization %arg3, %arg5, %arg5 {axes = 12 : i64} : (tensor<2x32x8x8xf16>, tensor<1x32x1x1xf16>, tensor<1x32x1x1xf16>) -> tensor<2x32x8x8xf16>
// CHECK-NEXT:    return %0 : tensor<2x16x768xf32>
func.func @normalization(%x: tensor<2x16x768xf32>, %s: tensor<1x1x768xf32>, %b: tensor<1x1x768xf32>, %img: tensor<2x32x8x8xf16>, %gs: tensor<1x4x1x1xf16>, %is: tensor<1x32x1x1xf16>) -> tensor<2x16x768xf32> {
  %0 = trt.normalization %x, %s, %b {axes = 4, epsilon = 9.99999974E-6 : f32} : (tensor<2x16x768xf32>, tensor<1x1x768xf32>, tensor<1x1x768xf32>) -> tensor<2x16x768xf32>
  %1 = trt.normalization %img, %gs, %gs {axes = 12, num_groups = 4, compute_precision = f32} : (tensor<2x32x8x8xf16>, tensor<1x4x1x1xf16>, tensor<1x4x1x1xf16>) -> tensor<2x32x8x8xf16>
  %2 = trt.normalization %img, %is, %is {axes = 12} : (tensor<2x32x8x8xf16>, tensor<1x32x1x1xf16>, tensor<1x32x1x1xf16>) -> tensor<2x32x8x8xf16>
  return %0 : tensor<2x16x768xf32>
}

// Reshape with 0 (copy) and -1 (infer), transposes around a reshape, a dynamic
// copied dimension, 0 as a real extent, and a pure transpose.
// CHECK-LABEL: func.func @shuffle(%arg0: tensor<2x3x4x5xf32>, %arg1: tensor<?x3x4x5xf32>, %arg2: tensor<0x6xf32>) -> tensor<2x60xf32> {
// CHECK-NEXT:    %0 = trt.shuffle %arg0 {reshape_dims = array<i64: 0, -1>} : tensor<2x3x4x5xf32> -> tensor<2x60xf32>
// CHECK-NEXT:    %1 = trt.shuffle %arg0 {first_transpose = array<i64: 0, 2, 3, 1>, reshape_dims = array<i64: 0, -1, 3>, second_transpose = array<i64: 0, 2, 1>} : tensor<2x3x4x5xf32> -> tensor<2x3x20xf32>
// CHECK-NEXT:    %2 = trt.shuffle %arg1 {reshape_dims = array<i64: 0, 12, -1>} : tensor<?x3x4x5xf32> -> tensor<?x12x5xf32>
// CHECK-NEXT:    %3 = trt.shuffle %arg2 {reshape_dims = array<i64: 0, 3, 2>, zero_is_placeholder = false} : tensor<0x6xf32> -> tensor<0x3x2xf32>
// CHECK-NEXT:    %4 = trt.shuffle %arg0 {first_transpose = array<i64: 3, 2, 1, 0>} : tensor<2x3x4x5xf32> -> tensor<5x4x3x2xf32>
// CHECK-NEXT:    return %0 : tensor<2x60xf32>
func.func @shuffle(%x: tensor<2x3x4x5xf32>, %d: tensor<?x3x4x5xf32>, %e: tensor<0x6xf32>) -> tensor<2x60xf32> {
  %0 = trt.shuffle %x {reshape_dims = array<i64: 0, -1>} : tensor<2x3x4x5xf32> -> tensor<2x60xf32>
  %1 = trt.shuffle %x {first_transpose = array<i64: 0, 2, 3, 1>, reshape_dims = array<i64: 0, -1, 3>, second_transpose = array<i64: 0, 2, 1>} : tensor<2x3x4x5xf32> -> tensor<2x3x20xf32>
  %2 = trt.shuffle %d {reshape_dims = array<i64: 0, 12, -1>} : tensor<?x3x4x5xf32> -> tensor<?x12x5xf32>
  %3 = trt.shuffle %e {reshape_dims = array<i64: 0, 3, 2>, zero_is_placeholder = false} : tensor<0x6xf32> -> tensor<0x3x2xf32>
  %4 = trt.shuffle %x {first_transpose = array<i64: 3, 2, 1, 0>} : tensor<2x3x4x5xf32> -> tensor<5x4x3x2xf32>
  return %0 : tensor<2x60xf32>
}

// The default axis is rank - 3.
// CHECK-LABEL: func.func @concatenation(%arg0: tensor<1x3x8x8xf32>, %arg1: tensor<1x5x8x8xf32>, %arg2: tensor<4x2xi32>) -> tensor<1x8x8x8xf32> {
// CHECK-NEXT:    %0 = trt.concatenation %arg0, %arg1 : (tensor<1x3x8x8xf32>, tensor<1x5x8x8xf32>) -> tensor<1x8x8x8xf32>
// CHECK-NEXT:    %1 = trt.concatenation %arg2, %arg2, %arg2 {axis = 1 : i64} : (tensor<4x2xi32>, tensor<4x2xi32>, tensor<4x2xi32>) -> tensor<4x6xi32>
// CHECK-NEXT:    return %0 : tensor<1x8x8x8xf32>
func.func @concatenation(%a: tensor<1x3x8x8xf32>, %b: tensor<1x5x8x8xf32>, %c: tensor<4x2xi32>) -> tensor<1x8x8x8xf32> {
  %0 = trt.concatenation %a, %b : (tensor<1x3x8x8xf32>, tensor<1x5x8x8xf32>) -> tensor<1x8x8x8xf32>
  %1 = trt.concatenation %c, %c, %c {axis = 1} : (tensor<4x2xi32>, tensor<4x2xi32>, tensor<4x2xi32>) -> tensor<4x6xi32>
  return %0 : tensor<1x8x8x8xf32>
}

// Strided, reversed and wrapping slices.
// CHECK-LABEL: func.func @slice(%arg0: tensor<4x10xf32>) -> tensor<2x5xf32> {
// CHECK-NEXT:    %0 = trt.slice %arg0 {size = array<i64: 2, 5>, start = array<i64: 1, 0>, stride = array<i64: 1, 2>} : tensor<4x10xf32> -> tensor<2x5xf32>
// CHECK-NEXT:    %1 = trt.slice %arg0 {size = array<i64: 4, 10>, start = array<i64: 3, 9>, stride = array<i64: -1, -1>} : tensor<4x10xf32> -> tensor<4x10xf32>
// CHECK-NEXT:    %2 = trt.slice %arg0 {mode = "wrap", size = array<i64: 8, 10>, start = array<i64: -2, 0>, stride = array<i64: 1, 1>} : tensor<4x10xf32> -> tensor<8x10xf32>
// CHECK-NEXT:    return %0 : tensor<2x5xf32>
func.func @slice(%x: tensor<4x10xf32>) -> tensor<2x5xf32> {
  %0 = trt.slice %x {start = array<i64: 1, 0>, size = array<i64: 2, 5>, stride = array<i64: 1, 2>} : tensor<4x10xf32> -> tensor<2x5xf32>
  %1 = trt.slice %x {start = array<i64: 3, 9>, size = array<i64: 4, 10>, stride = array<i64: -1, -1>} : tensor<4x10xf32> -> tensor<4x10xf32>
  %2 = trt.slice %x {start = array<i64: -2, 0>, size = array<i64: 8, 10>, stride = array<i64: 1, 1>, mode = "wrap"} : tensor<4x10xf32> -> tensor<8x10xf32>
  return %0 : tensor<2x5xf32>
}

// CHECK-LABEL: func.func @reduce(%arg0: tensor<2x3x4xf32>) -> tensor<2xf32> {
// CHECK-NEXT:    %0 = trt.reduce "sum" %arg0 {axes = 6 : i64} : tensor<2x3x4xf32> -> tensor<2xf32>
// CHECK-NEXT:    %1 = trt.reduce "avg" %arg0 {axes = 4 : i64, keep_dimensions = true} : tensor<2x3x4xf32> -> tensor<2x3x1xf32>
// CHECK-NEXT:    %2 = trt.reduce "max" %arg0 {axes = 7 : i64} : tensor<2x3x4xf32> -> tensor<f32>
// CHECK-NEXT:    return %0 : tensor<2xf32>
func.func @reduce(%x: tensor<2x3x4xf32>) -> tensor<2xf32> {
  %0 = trt.reduce "sum" %x {axes = 6} : tensor<2x3x4xf32> -> tensor<2xf32>
  %1 = trt.reduce "avg" %x {axes = 4, keep_dimensions = true} : tensor<2x3x4xf32> -> tensor<2x3x1xf32>
  %2 = trt.reduce "max" %x {axes = 7} : tensor<2x3x4xf32> -> tensor<f32>
  return %0 : tensor<2xf32>
}

// default, element and nd modes, with and without an elementwise leading dim.
// CHECK-LABEL: func.func @gather(%arg0: tensor<2x5x6xf32>, %arg1: tensor<3x4xi32>, %arg2: tensor<2x5x1xi64>, %arg3: tensor<2x7x2xi32>, %arg4: tensor<2x3xi32>) -> tensor<2x3x4x6xf32> {
// CHECK-NEXT:    %0 = trt.gather %arg0, %arg1 {axis = 1 : i64} : (tensor<2x5x6xf32>, tensor<3x4xi32>) -> tensor<2x3x4x6xf32>
// CHECK-NEXT:    %1 = trt.gather %arg0, %arg2 {axis = 2 : i64, mode = "element"} : (tensor<2x5x6xf32>, tensor<2x5x1xi64>) -> tensor<2x5x1xf32>
// CHECK-NEXT:    %2 = trt.gather %arg0, %arg3 {mode = "nd"} : (tensor<2x5x6xf32>, tensor<2x7x2xi32>) -> tensor<2x7x6xf32>
// CHECK-NEXT:    %3 = trt.gather %arg0, %arg3 {mode = "nd", num_elementwise_dims = 1 : i64} : (tensor<2x5x6xf32>, tensor<2x7x2xi32>) -> tensor<2x7xf32>
// CHECK-NEXT:    %4 = trt.gather %arg0, %arg4 {axis = 1 : i64, num_elementwise_dims = 1 : i64} : (tensor<2x5x6xf32>, tensor<2x3xi32>) -> tensor<2x3x6xf32>
// CHECK-NEXT:    return %0 : tensor<2x3x4x6xf32>
func.func @gather(%data: tensor<2x5x6xf32>, %idx: tensor<3x4xi32>, %el: tensor<2x5x1xi64>, %nd: tensor<2x7x2xi32>, %b: tensor<2x3xi32>) -> tensor<2x3x4x6xf32> {
  %0 = trt.gather %data, %idx {axis = 1} : (tensor<2x5x6xf32>, tensor<3x4xi32>) -> tensor<2x3x4x6xf32>
  %1 = trt.gather %data, %el {axis = 2, mode = "element"} : (tensor<2x5x6xf32>, tensor<2x5x1xi64>) -> tensor<2x5x1xf32>
  %2 = trt.gather %data, %nd {mode = "nd"} : (tensor<2x5x6xf32>, tensor<2x7x2xi32>) -> tensor<2x7x6xf32>
  %3 = trt.gather %data, %nd {mode = "nd", num_elementwise_dims = 1} : (tensor<2x5x6xf32>, tensor<2x7x2xi32>) -> tensor<2x7xf32>
  %4 = trt.gather %data, %b {axis = 1, num_elementwise_dims = 1} : (tensor<2x5x6xf32>, tensor<2x3xi32>) -> tensor<2x3x6xf32>
  return %0 : tensor<2x3x4x6xf32>
}

// Inline and blob weights.
// CHECK-LABEL: func.func @constant() -> tensor<2x2xf32> {
// CHECK-NEXT:    %0 = trt.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>
// CHECK-NEXT:    %1 = trt.constant dense<[1, 2, 3]> : tensor<3xi32>
// CHECK-NEXT:    %2 = trt.constant dense_resource<conv_w> : tensor<2xf16>
// CHECK-NEXT:    %3 = trt.constant dense<true> : tensor<4xi1> {output_type = i1}
// CHECK-NEXT:    return %0 : tensor<2x2xf32>
func.func @constant() -> tensor<2x2xf32> {
  %0 = trt.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %1 = trt.constant dense<[1, 2, 3]> : tensor<3xi32>
  %2 = trt.constant dense_resource<conv_w> : tensor<2xf16>
  %3 = trt.constant dense<true> : tensor<4xi1> {output_type = i1}
  return %0 : tensor<2x2xf32>
}

// CHECK-LABEL: func.func @identity_cast(%arg0: tensor<2x3xf32>, %arg1: tensor<2x3xi32>) -> tensor<2x3xf16> {
// CHECK-NEXT:    %0 = trt.identity %arg0 : tensor<2x3xf32> -> tensor<2x3xf16>
// CHECK-NEXT:    %1 = trt.identity %arg1 {output_type = i32} : tensor<2x3xi32> -> tensor<2x3xi32>
// CHECK-NEXT:    %2 = trt.cast %arg0 {to_type = i32} : tensor<2x3xf32> -> tensor<2x3xi32>
// CHECK-NEXT:    %3 = trt.cast %arg1 {output_type = i1, to_type = i1} : tensor<2x3xi32> -> tensor<2x3xi1>
// CHECK-NEXT:    return %0 : tensor<2x3xf16>
func.func @identity_cast(%x: tensor<2x3xf32>, %i: tensor<2x3xi32>) -> tensor<2x3xf16> {
  %0 = trt.identity %x : tensor<2x3xf32> -> tensor<2x3xf16>
  %1 = trt.identity %i {output_type = i32} : tensor<2x3xi32> -> tensor<2x3xi32>
  %2 = trt.cast %x {to_type = i32} : tensor<2x3xf32> -> tensor<2x3xi32>
  %3 = trt.cast %i {to_type = i1, output_type = i1} : tensor<2x3xi32> -> tensor<2x3xi1>
  return %0 : tensor<2x3xf16>
}

// CHECK-LABEL: func.func @resize(%arg0: tensor<1x3x10x20xf32>) -> tensor<1x3x20x40xf32> {
// CHECK-NEXT:    %0 = trt.resize %arg0 {scales = array<f32: 1.000000e+00, 1.000000e+00, 2.000000e+00, 2.000000e+00>} : tensor<1x3x10x20xf32> -> tensor<1x3x20x40xf32>
// CHECK-NEXT:    %1 = trt.resize %arg0 {coordinate_transformation = "half_pixel", resize_mode = "linear", shape = array<i64: 1, 3, 15, 15>} : tensor<1x3x10x20xf32> -> tensor<1x3x15x15xf32>
// CHECK-NEXT:    %2 = trt.resize %arg0 {cubic_coeff = -5.000000e-01 : f32, exclude_outside = true, resize_mode = "cubic", scales = array<f32: 1.000000e+00, 1.000000e+00, 1.500000e+00, 5.000000e-01>} : tensor<1x3x10x20xf32> -> tensor<1x3x15x10xf32>
// CHECK-NEXT:    %3 = trt.resize %arg0 {coordinate_transformation = "align_corners", nearest_rounding = "half_up", selector_for_single_pixel = "upper", shape = array<i64: 1, 3, 5, 5>} : tensor<1x3x10x20xf32> -> tensor<1x3x5x5xf32>
// CHECK-NEXT:    return %0 : tensor<1x3x20x40xf32>
func.func @resize(%x: tensor<1x3x10x20xf32>) -> tensor<1x3x20x40xf32> {
  %0 = trt.resize %x {scales = array<f32: 1.0, 1.0, 2.0, 2.0>} : tensor<1x3x10x20xf32> -> tensor<1x3x20x40xf32>
  %1 = trt.resize %x {shape = array<i64: 1, 3, 15, 15>, resize_mode = "linear", coordinate_transformation = "half_pixel"} : tensor<1x3x10x20xf32> -> tensor<1x3x15x15xf32>
  %2 = trt.resize %x {scales = array<f32: 1.0, 1.0, 1.5, 0.5>, resize_mode = "cubic", cubic_coeff = -5.000000e-01 : f32, exclude_outside = true} : tensor<1x3x10x20xf32> -> tensor<1x3x15x10xf32>
  %3 = trt.resize %x {shape = array<i64: 1, 3, 5, 5>, nearest_rounding = "half_up", selector_for_single_pixel = "upper", coordinate_transformation = "align_corners"} : tensor<1x3x10x20xf32> -> tensor<1x3x5x5xf32>
  return %0 : tensor<1x3x20x40xf32>
}

// CHECK-LABEL: func.func @select(%arg0: tensor<2x1xi1>, %arg1: tensor<2x3xf32>, %arg2: tensor<1x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT:    %0 = trt.select %arg0, %arg1, %arg2 : (tensor<2x1xi1>, tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    return %0 : tensor<2x3xf32>
func.func @select(%c: tensor<2x1xi1>, %a: tensor<2x3xf32>, %b: tensor<1x3xf32>) -> tensor<2x3xf32> {
  %0 = trt.select %c, %a, %b : (tensor<2x1xi1>, tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @shape_topk(%arg0: tensor<?x3x8xf32>) -> tensor<3xi64> {
// CHECK-NEXT:    %0 = trt.shape %arg0 : tensor<?x3x8xf32> -> tensor<3xi64>
// CHECK-NEXT:    %1:2 = trt.topk "min" %arg0 {axes = 4 : i64, k = 2 : i64} : tensor<?x3x8xf32> -> tensor<?x3x2xf32>, tensor<?x3x2xi32>
// CHECK-NEXT:    return %0 : tensor<3xi64>
func.func @shape_topk(%x: tensor<?x3x8xf32>) -> tensor<3xi64> {
  %0 = trt.shape %x : tensor<?x3x8xf32> -> tensor<3xi64>
  %1:2 = trt.topk "min" %x {k = 2, axes = 4} : tensor<?x3x8xf32> -> tensor<?x3x2xf32>, tensor<?x3x2xi32>
  return %0 : tensor<3xi64>
}

// CHECK-LABEL: func.func @padding(%arg0: tensor<1x3x8x8xf32>) -> tensor<1x3x11x7xf32> {
// CHECK-NEXT:    %0 = trt.padding %arg0 {post_padding = array<i64: 2, -1>, pre_padding = array<i64: 1, 0>} : tensor<1x3x8x8xf32> -> tensor<1x3x11x7xf32>
// CHECK-NEXT:    return %0 : tensor<1x3x11x7xf32>
func.func @padding(%x: tensor<1x3x8x8xf32>) -> tensor<1x3x11x7xf32> {
  %0 = trt.padding %x {pre_padding = array<i64: 1, 0>, post_padding = array<i64: 2, -1>} : tensor<1x3x8x8xf32> -> tensor<1x3x11x7xf32>
  return %0 : tensor<1x3x11x7xf32>
}

// Per-tensor int8 Q/DQ, fp8 with an explicit zero point, per-channel int8 and
// int4 weights, int8 weights dequantized directly, and an f16 dequantize.
// CHECK-LABEL: func.func @quantize_dequantize(%arg0: tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32> {
// CHECK-NEXT:    %0 = trt.constant dense<2.350000e-02> : tensor<f32>
// CHECK-NEXT:    %1 = trt.quantize %arg0, %0 : (tensor<1x16x8x8xf32>, tensor<f32>) -> tensor<1x16x8x8xi8>
// CHECK-NEXT:    %2 = trt.dequantize %1, %0 : (tensor<1x16x8x8xi8>, tensor<f32>) -> tensor<1x16x8x8xf32>
// CHECK-NEXT:    %3 = trt.constant dense<5.000000e-01> : tensor<1xf32>
// CHECK-NEXT:    %4 = trt.constant dense<0.000000e+00> : tensor<1xf8E4M3FN>
// CHECK-NEXT:    %5 = trt.quantize %arg0, %3, %4 : (tensor<1x16x8x8xf32>, tensor<1xf32>, tensor<1xf8E4M3FN>) -> tensor<1x16x8x8xf8E4M3FN>
// CHECK-NEXT:    %6 = trt.constant dense<2.500000e-01> : tensor<4x16x3x4xf32>
// CHECK-NEXT:    %7 = trt.constant dense<[1.000000e-01, 2.000000e-01, 3.000000e-01, 4.000000e-01]> : tensor<4xf32>
// CHECK-NEXT:    %8 = trt.constant dense<0> : tensor<4xi8>
// CHECK-NEXT:    %9 = trt.quantize %6, %7, %8 {axis = 0 : i64} : (tensor<4x16x3x4xf32>, tensor<4xf32>, tensor<4xi8>) -> tensor<4x16x3x4xi8>
// CHECK-NEXT:    %10 = trt.dequantize %9, %7 {axis = 0 : i64} : (tensor<4x16x3x4xi8>, tensor<4xf32>) -> tensor<4x16x3x4xf32>
// CHECK-NEXT:    %11 = trt.quantize %6, %7 {axis = 0 : i64} : (tensor<4x16x3x4xf32>, tensor<4xf32>) -> tensor<4x16x3x4xi4>
// CHECK-NEXT:    %12 = trt.dequantize %11, %7 {axis = 0 : i64, output_type = f32} : (tensor<4x16x3x4xi4>, tensor<4xf32>) -> tensor<4x16x3x4xf32>
// CHECK-NEXT:    %13 = trt.constant dense<3> : tensor<4x2xi8>
// CHECK-NEXT:    %14 = trt.dequantize %13, %7 {axis = 0 : i64} : (tensor<4x2xi8>, tensor<4xf32>) -> tensor<4x2xf32>
// CHECK-NEXT:    %15 = trt.constant dense<1.250000e-01> : tensor<f16>
// CHECK-NEXT:    %16 = trt.dequantize %1, %15 : (tensor<1x16x8x8xi8>, tensor<f16>) -> tensor<1x16x8x8xf16>
// CHECK-NEXT:    return %2 : tensor<1x16x8x8xf32>
func.func @quantize_dequantize(%x: tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32> {
  %s = trt.constant dense<0.0235> : tensor<f32>
  %q = trt.quantize %x, %s : (tensor<1x16x8x8xf32>, tensor<f32>) -> tensor<1x16x8x8xi8>
  %dq = trt.dequantize %q, %s : (tensor<1x16x8x8xi8>, tensor<f32>) -> tensor<1x16x8x8xf32>
  %s1 = trt.constant dense<0.5> : tensor<1xf32>
  %z8 = trt.constant dense<0.0> : tensor<1xf8E4M3FN>
  %f8 = trt.quantize %x, %s1, %z8 : (tensor<1x16x8x8xf32>, tensor<1xf32>, tensor<1xf8E4M3FN>) -> tensor<1x16x8x8xf8E4M3FN>
  %w = trt.constant dense<0.25> : tensor<4x16x3x4xf32>
  %ws = trt.constant dense<[0.1, 0.2, 0.3, 0.4]> : tensor<4xf32>
  %wz = trt.constant dense<0> : tensor<4xi8>
  %wq = trt.quantize %w, %ws, %wz {axis = 0} : (tensor<4x16x3x4xf32>, tensor<4xf32>, tensor<4xi8>) -> tensor<4x16x3x4xi8>
  %wdq = trt.dequantize %wq, %ws {axis = 0} : (tensor<4x16x3x4xi8>, tensor<4xf32>) -> tensor<4x16x3x4xf32>
  %w4 = trt.quantize %w, %ws {axis = 0} : (tensor<4x16x3x4xf32>, tensor<4xf32>) -> tensor<4x16x3x4xi4>
  %w4dq = trt.dequantize %w4, %ws {axis = 0, output_type = f32} : (tensor<4x16x3x4xi4>, tensor<4xf32>) -> tensor<4x16x3x4xf32>
  %i8w = trt.constant dense<3> : tensor<4x2xi8>
  %i8dq = trt.dequantize %i8w, %ws {axis = 0} : (tensor<4x2xi8>, tensor<4xf32>) -> tensor<4x2xf32>
  %hs = trt.constant dense<0.125> : tensor<f16>
  %h = trt.dequantize %q, %hs : (tensor<1x16x8x8xi8>, tensor<f16>) -> tensor<1x16x8x8xf16>
  return %dq : tensor<1x16x8x8xf32>
}

{-#
  dialect_resources: {
    builtin: {
      conv_w: "0x04000000003C0040"
    }
  }
#-}
