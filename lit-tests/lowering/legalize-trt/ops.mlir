// RUN: mlc-opt --pass-pipeline='builtin.module(func.func(legalize-trt{target-file=%S/Inputs/trt-test-int8.yaml}))' %s | filecheck %s
// RUN: mlc-opt --pass-pipeline='builtin.module(func.func(legalize-trt{target-file=%S/Inputs/trt-test-int8.yaml}))' %s | mlc-opt --mlir-print-op-generic | mlc-opt | filecheck %s

// Every row of the core -> TensorRT table on float ops (no quantization):
// ranks made equal with shuffles (TensorRT never broadcasts ranks), ne/ge
// as not/or of equal, greater, less (NaN compares false), one-sided clamp as
// an elementwise max with a constant, rsqrt as sqrt then recip, pooling's
// ceil_mode as explicit_round_up when it gives the same windows, argmax as
// topk k=1 with its i32 indices cast to i64, ONNX slice starts resolved,
// broadcast_to as a clamp-mode slice, pad as a fill-mode slice. The test
// target (Inputs/trt-test-int8.yaml) is trt-orin with the logic class and
// i64 data movement added.

// CHECK-LABEL: func.func @binary(
// CHECK-NEXT: trt.shuffle %arg1 {reshape_dims = array<i64: 1, 3>} : tensor<3xf32> -> tensor<1x3xf32>
// CHECK-NEXT: trt.element_wise "sum" %arg0, %{{[0-9]+}} : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: trt.element_wise "sub" %{{[0-9]+}}, %arg0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: trt.element_wise "prod" %{{[0-9]+}}, %arg0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: trt.element_wise "div" %{{[0-9]+}}, %arg0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: trt.element_wise "pow" %{{[0-9]+}}, %arg0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: trt.element_wise "max" %{{[0-9]+}}, %arg0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: trt.element_wise "min" %{{[0-9]+}}, %arg0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: return %{{[0-9]+}} : tensor<2x3xf32>
// CHECK-LABEL: func.func @logic(
// CHECK-NEXT: trt.element_wise "equal" %arg0, %arg1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT: trt.element_wise "greater" %arg0, %arg1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT: trt.element_wise "equal" %arg0, %arg1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT: trt.element_wise "or" %{{[0-9]+}}, %{{[0-9]+}} : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
// CHECK-NEXT: trt.element_wise "equal" %arg0, %arg1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT: trt.unary "not" %{{[0-9]+}} : tensor<4xi1> -> tensor<4xi1>
// CHECK-NEXT: trt.element_wise "and" %{{[0-9]+}}, %{{[0-9]+}} : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
// CHECK-NEXT: trt.element_wise "or" %{{[0-9]+}}, %{{[0-9]+}} : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
// CHECK-NEXT: trt.element_wise "xor" %{{[0-9]+}}, %arg2 : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
// CHECK-NEXT: trt.unary "not" %{{[0-9]+}} : tensor<4xi1> -> tensor<4xi1>
// CHECK-NEXT: trt.select %{{[0-9]+}}, %arg0, %arg1 : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: return %{{[0-9]+}} : tensor<4xf32>
// CHECK-LABEL: func.func @unary(
// CHECK-NEXT: trt.activation "relu" %arg0 : tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT: trt.activation "sigmoid" %{{[0-9]+}} : tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT: trt.activation "tanh" %{{[0-9]+}} : tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT: trt.activation "clip" %{{[0-9]+}} {alpha = 0.000000e+00 : f32, beta = 6.000000e+00 : f32} : tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT: trt.constant dense<-1.000000e+00> : tensor<1xf32>
// CHECK-NEXT: trt.element_wise "max" %{{[0-9]+}}, %{{[0-9]+}} : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
// CHECK-NEXT: trt.unary "sqrt" %{{[0-9]+}} : tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT: trt.unary "recip" %{{[0-9]+}} : tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT: trt.unary "exp" %{{[0-9]+}} : tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT: trt.unary "recip" %{{[0-9]+}} : tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT: trt.unary "round" %{{[0-9]+}} : tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT: trt.cast %{{[0-9]+}} {to_type = f16} : tensor<4xf32> -> tensor<4xf16>
// CHECK-NEXT: trt.cast %{{[0-9]+}} {to_type = f32} : tensor<4xf16> -> tensor<4xf32>
// CHECK-NEXT: return %{{[0-9]+}} : tensor<4xf32>
// CHECK-LABEL: func.func @window(
// CHECK-NEXT: trt.convolution %arg0, %arg1, %arg2 {dilation = array<i64: 1, 1>, kernel_size = array<i64: 3, 3>, num_groups = 2 : i64, num_output_maps = 4 : i64, post_padding = array<i64: 1, 1>, pre_padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x2x5x5xf32>, tensor<4x1x3x3xf32>, tensor<4xf32>) -> tensor<1x4x3x3xf32>
// CHECK-NEXT: trt.pooling "max" %arg0 {padding_mode = "explicit_round_up", post_padding = array<i64: 0, 0>, pre_padding = array<i64: 0, 0>, stride = array<i64: 2, 2>, window_size = array<i64: 2, 2>} : tensor<1x2x5x5xf32> -> tensor<1x2x3x3xf32>
// CHECK-NEXT: trt.pooling "average" %arg0 {average_count_excludes_padding = false, post_padding = array<i64: 0, 0>, pre_padding = array<i64: 0, 0>, stride = array<i64: 2, 2>, window_size = array<i64: 3, 3>} : tensor<1x2x5x5xf32> -> tensor<1x2x2x2xf32>
// CHECK-NEXT: return %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}} : tensor<1x4x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x2x2xf32>
// CHECK-LABEL: func.func @linalg(
// CHECK-NEXT: trt.shuffle %arg1 {reshape_dims = array<i64: 1, 4, 5>} : tensor<4x5xf32> -> tensor<1x4x5xf32>
// CHECK-NEXT: trt.matrix_multiply %arg0, %{{[0-9]+}} : (tensor<2x3x4xf32>, tensor<1x4x5xf32>) -> tensor<2x3x5xf32>
// CHECK-NEXT: trt.reduce "avg" %arg0 {axes = 6 : i64} : tensor<2x3x4xf32> -> tensor<2xf32>
// CHECK-NEXT: trt.shuffle %{{[0-9]+}} {reshape_dims = array<i64: 2, 1>} : tensor<2xf32> -> tensor<2x1xf32>
// CHECK-NEXT: trt.topk "max" %arg0 {axes = 4 : i64, k = 1 : i64} : tensor<2x3x4xf32> -> tensor<2x3x1xf32>, tensor<2x3x1xi32>
// CHECK-NEXT: trt.cast %{{[0-9]+}}#1 {to_type = i64} : tensor<2x3x1xi32> -> tensor<2x3x1xi64>
// CHECK-NEXT: trt.shuffle %{{[0-9]+}} {reshape_dims = array<i64: 2, 3>} : tensor<2x3x1xi64> -> tensor<2x3xi64>
// CHECK-NEXT: trt.slice %{{[0-9]+}} {size = array<i64: 1, 3>, start = array<i64: 1, 0>, stride = array<i64: 1, 1>} : tensor<2x3xi64> -> tensor<1x3xi64>
// CHECK-NEXT: trt.shuffle %{{[0-9]+}} {reshape_dims = array<i64: 3>} : tensor<1x3xi64> -> tensor<3xi64>
// CHECK-NEXT: return %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}} : tensor<2x3x5xf32>, tensor<2x1xf32>, tensor<3xi64>
// CHECK-LABEL: func.func @movement(
// CHECK-NEXT: trt.shuffle %arg0 {first_transpose = array<i64: 1, 0>} : tensor<2x3xf32> -> tensor<3x2xf32>
// CHECK-NEXT: trt.shuffle %arg0 {reshape_dims = array<i64: 1, 2, 3>} : tensor<2x3xf32> -> tensor<1x2x3xf32>
// CHECK-NEXT: trt.slice %{{[0-9]+}} {mode = "clamp", size = array<i64: 4, 2, 3>, start = array<i64: 0, 0, 0>, stride = array<i64: 1, 1, 1>} : tensor<1x2x3xf32> -> tensor<4x2x3xf32>
// CHECK-NEXT: trt.concatenation %arg0, %arg0 {axis = 1 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
// CHECK-NEXT: trt.gather %arg0, %arg1 : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
// CHECK-NEXT: trt.slice %{{[0-9]+}} {mode = "fill", size = array<i64: 3, 5>, start = array<i64: 0, -1>, stride = array<i64: 1, 1>} : tensor<3x2xf32> -> tensor<3x5xf32>
// CHECK-NEXT: trt.constant dense<1.500000e+00> : tensor<2x3xf32>
// CHECK-NEXT: trt.element_wise "sum" %{{[0-9]+}}, %{{[0-9]+}} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: return %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}} : tensor<3x2xf32>, tensor<4x2x3xf32>, tensor<2x6xf32>, tensor<2x3xf32>, tensor<3x5xf32>

func.func @binary(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = core.add %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = core.sub %0, %a : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = core.mul %1, %a : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = core.div %2, %a : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = core.pow %3, %a : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %5 = core.max %4, %a : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %6 = core.min %5, %a : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %6 : tensor<2x3xf32>
}
func.func @logic(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xi1>) -> tensor<4xf32> {
  %0 = core.cmp "eq", %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %1 = core.cmp "ge", %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %2 = core.cmp "ne", %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %3 = core.and %0, %1 : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %4 = core.or %3, %2 : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %5 = core.xor %4, %c : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %6 = core.not %5 : tensor<4xi1>
  %7 = core.select %6, %a, %b : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %7 : tensor<4xf32>
}
func.func @unary(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = core.relu %a : tensor<4xf32>
  %1 = core.sigmoid %0 : tensor<4xf32>
  %2 = core.tanh %1 : tensor<4xf32>
  %3 = core.clamp %2 min 0.0 max 6.0 : tensor<4xf32>
  %4 = core.clamp %3 min -1.0 : tensor<4xf32>
  %5 = core.rsqrt %4 : tensor<4xf32>
  %6 = core.exp %5 : tensor<4xf32>
  %7 = core.reciprocal %6 : tensor<4xf32>
  %8 = core.round %7 : tensor<4xf32>
  %9 = core.cast %8 : tensor<4xf32> to tensor<4xf16>
  %10 = core.cast %9 : tensor<4xf16> to tensor<4xf32>
  return %10 : tensor<4xf32>
}
func.func @window(%x: tensor<1x2x5x5xf32>, %w: tensor<4x1x3x3xf32>, %b: tensor<4xf32>) -> (tensor<1x4x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x2x2xf32>) {
  %0 = core.conv2d %x, %w, %b {groups = 2 : i64, strides = array<i64: 2, 2>, padding = array<i64: 1, 1, 1, 1>} : (tensor<1x2x5x5xf32>, tensor<4x1x3x3xf32>, tensor<4xf32>) -> tensor<1x4x3x3xf32>
  %1 = core.max_pool2d %x {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, ceil_mode = true} : (tensor<1x2x5x5xf32>) -> tensor<1x2x3x3xf32>
  %2 = core.avg_pool2d %x {kernel = array<i64: 3, 3>, strides = array<i64: 2, 2>, count_include_pad = true} : (tensor<1x2x5x5xf32>) -> tensor<1x2x2x2xf32>
  return %0, %1, %2 : tensor<1x4x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x2x2xf32>
}
func.func @linalg(%a: tensor<2x3x4xf32>, %b: tensor<4x5xf32>) -> (tensor<2x3x5xf32>, tensor<2x1xf32>, tensor<3xi64>) {
  %0 = core.matmul %a, %b : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>
  %1 = core.reduce_mean %a {axes = array<i64: 1, 2>} : (tensor<2x3x4xf32>) -> tensor<2xf32>
  %2 = core.reshape %1 : (tensor<2xf32>) -> tensor<2x1xf32>
  %3 = core.reduce_sum %b {axes = array<i64: 0>, keepdims = true} : (tensor<4x5xf32>) -> tensor<1x5xf32>
  %4 = core.argmax %a {axis = 2 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3xi64>
  %5 = core.slice %4 {starts = array<i64: -1, 0>, limits = array<i64: 2, 3>} : (tensor<2x3xi64>) -> tensor<1x3xi64>
  %6 = core.reshape %5 : (tensor<1x3xi64>) -> tensor<3xi64>
  return %0, %2, %6 : tensor<2x3x5xf32>, tensor<2x1xf32>, tensor<3xi64>
}
func.func @movement(%a: tensor<2x3xf32>, %i: tensor<2xi64>) -> (tensor<3x2xf32>, tensor<4x2x3xf32>, tensor<2x6xf32>, tensor<2x3xf32>, tensor<3x5xf32>) {
  %0 = core.transpose %a {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %1 = core.broadcast_to %a : (tensor<2x3xf32>) -> tensor<4x2x3xf32>
  %2 = core.concat %a, %a {axis = 1 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  %3 = core.gather %a, %i {axis = 0 : i64} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  %4 = core.pad %0 {low = array<i64: 0, 1>, high = array<i64: 0, 2>} : (tensor<3x2xf32>) -> tensor<3x5xf32>
  %c = core.constant dense<1.5> : tensor<2x3xf32>
  %5 = core.add %3, %c : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0, %1, %2, %5, %4 : tensor<3x2xf32>, tensor<4x2x3xf32>, tensor<2x6xf32>, tensor<2x3xf32>, tensor<3x5xf32>
}
