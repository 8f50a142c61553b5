// RUN: mlc-opt --pass-pipeline='builtin.module(func.func(quantize{target=qnn-htp-v73},quant-fuse,legalize-qnn{target=qnn-htp-v73}))' --mlir-print-local-scope %s | filecheck %s

// One function per row of the core->qnn table (conv2d is in conv.mlir).

// Depthwise (groups = channels): DepthWiseConv2d with a [H, W, 1, C] filter
// quantized per channel along axis 3; [top, left, bottom, right] padding
// becomes [[top, bottom], [left, right]].
// CHECK-LABEL: func.func @depthwise(
// CHECK:         qnn.StaticTensor dense<{{.*}}> : tensor<3x3x1x2xi8> -> !qnn.tensor<3x3x1x2xsfixed8, axis = 3, scale_offsets = [0.007874016:0, 0.015748031:0]>
// CHECK:         qnn.DepthWiseConv2d {{.*}} {dilation = array<i64: 1, 1>, pad_amount = dense<1> : tensor<2x2xi64>, stride = array<i64: 2, 2>} : {{.*}} -> !qnn.tensor<1x2x2x2xufixed8
func.func @depthwise(%x: tensor<1x2x4x4xf32> {mlc.calib = array<f64: -1.0, 1.0>}) -> tensor<1x2x2x2xf32> {
  %w = core.constant dense<[[[[0.5, -1.0, 0.25], [1.0, 0.0, -0.5], [0.125, 0.75, 1.0]]], [[[2.0, 1.0, -2.0], [0.5, 0.5, 0.5], [1.5, -1.5, 0.0]]]]> : tensor<2x1x3x3xf32>
  %c = core.conv2d %x, %w {groups = 2 : i64, padding = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>, mlc.calib = [array<f64: -4.0, 4.0>]} : (tensor<1x2x4x4xf32>, tensor<2x1x3x3xf32>) -> tensor<1x2x2x2xf32>
  return %c : tensor<1x2x2x2xf32>
}

// A matmul by constant 2-D weights is FullyConnected with [units, input]
// weights, per channel along axis 0 (units); a 3-D input keeps its
// leading dimensions (keep_dims).
// CHECK-LABEL: func.func @dense(
// CHECK:         %[[W:.*]] = qnn.StaticTensor dense<{{\[\[}}127, 64, -64, 0], [-64, 16, 127, 64]]> : tensor<2x4xi8> -> !qnn.tensor<2x4xsfixed8, axis = 0, scale_offsets = [0.007874016:0, 0.015748031:0]>
// CHECK:         qnn.FullyConnected %{{.*}}, %[[W]] {keep_dims = true} : {{.*}} -> !qnn.tensor<2x3x2xufixed8, scale = 0.023529412, offset = -128>
func.func @dense(%x: tensor<2x3x4xf32> {mlc.calib = array<f64: -1.0, 1.0>}) -> tensor<2x3x2xf32> {
  %w = core.constant dense<[[1.0, -1.0], [0.5, 0.25], [-0.5, 2.0], [0.0, 1.0]]> : tensor<4x2xf32>
  %m = core.matmul %x, %w {mlc.calib = [array<f64: -3.0, 3.0>]} : (tensor<2x3x4xf32>, tensor<4x2xf32>) -> tensor<2x3x2xf32>
  return %m : tensor<2x3x2xf32>
}

// A matmul of two activations is MatMul.
// CHECK-LABEL: func.func @batched(
// CHECK:         qnn.MatMul %{{.*}}, %{{.*}} : (!qnn.tensor<2x3x4xufixed8, {{.*}}>, !qnn.tensor<2x4x5xufixed8, {{.*}}>) -> !qnn.tensor<2x3x5xufixed8, scale = 0.0627451, offset = -128>
func.func @batched(%a: tensor<2x3x4xf32> {mlc.calib = array<f64: -1.0, 1.0>}, %b: tensor<2x4x5xf32> {mlc.calib = array<f64: -2.0, 2.0>}) -> tensor<2x3x5xf32> {
  %m = core.matmul %a, %b {mlc.calib = [array<f64: -8.0, 8.0>]} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %m : tensor<2x3x5xf32>
}

// Binary ops broadcast as core's do; each operand keeps its encoding
// (%b in [0.5, 2]: the range widened to hold 0, zero point 0).
// CHECK-LABEL: func.func @binary(
// CHECK:         %[[A:.*]] = qnn.Quantize %arg0 : tensor<1x4xf32> -> !qnn.tensor<1x4xufixed8, scale = 0.007843138, offset = -128>
// CHECK:         %[[B:.*]] = qnn.Quantize %arg1 : tensor<4xf32> -> !qnn.tensor<4xufixed8, scale = 0.007843138, offset = 0>
// CHECK:         qnn.ElementWiseSubtract %[[A]], %[[B]] : {{.*}} -> !qnn.tensor<1x4xufixed8, scale = 0.01372549, offset = -219>
// CHECK:         qnn.ElementWiseMultiply %[[A]], %[[B]]
// CHECK:         qnn.ElementWiseDivide %[[A]], %[[B]]
// CHECK:         qnn.ElementWiseMaximum %[[A]], %[[B]]
// CHECK:         qnn.ElementWiseMinimum %[[A]], %[[B]]
func.func @binary(%a: tensor<1x4xf32> {mlc.calib = array<f64: -1.0, 1.0>}, %b: tensor<4xf32> {mlc.calib = array<f64: 0.5, 2.0>}) -> (tensor<1x4xf32>, tensor<1x4xf32>, tensor<1x4xf32>, tensor<1x4xf32>, tensor<1x4xf32>) {
  %s = core.sub %a, %b {mlc.calib = [array<f64: -3.0, 0.5>]} : (tensor<1x4xf32>, tensor<4xf32>) -> tensor<1x4xf32>
  %m = core.mul %a, %b {mlc.calib = [array<f64: -2.0, 2.0>]} : (tensor<1x4xf32>, tensor<4xf32>) -> tensor<1x4xf32>
  %d = core.div %a, %b {mlc.calib = [array<f64: -2.0, 2.0>]} : (tensor<1x4xf32>, tensor<4xf32>) -> tensor<1x4xf32>
  %x = core.max %a, %b {mlc.calib = [array<f64: 0.5, 2.0>]} : (tensor<1x4xf32>, tensor<4xf32>) -> tensor<1x4xf32>
  %n = core.min %a, %b {mlc.calib = [array<f64: -1.0, 1.0>]} : (tensor<1x4xf32>, tensor<4xf32>) -> tensor<1x4xf32>
  return %s, %m, %d, %x, %n : tensor<1x4xf32>, tensor<1x4xf32>, tensor<1x4xf32>, tensor<1x4xf32>, tensor<1x4xf32>
}

// CHECK-LABEL: func.func @unary(
// CHECK:         qnn.Sigmoid %{{.*}} : !qnn.tensor<8xufixed8, scale = 0.03137255, offset = -128> -> !qnn.tensor<8xufixed8, scale = 0.003921569, offset = 0>
// CHECK:         qnn.Tanh
// CHECK:         qnn.ReluMinMax %{{.*}} {max_value = 6.000000e-01 : f32, min_value = 1.000000e-01 : f32}
func.func @unary(%a: tensor<8xf32> {mlc.calib = array<f64: -4.0, 4.0>}) -> tensor<8xf32> {
  %s = core.sigmoid %a {mlc.calib = [array<f64: 0.0, 1.0>]} : tensor<8xf32>
  %t = core.tanh %s {mlc.calib = [array<f64: 0.0, 0.8>]} : tensor<8xf32>
  %c = core.clamp %t min 0.1 max 0.6 {mlc.calib = [array<f64: 0.1, 0.6>]} : tensor<8xf32>
  return %c : tensor<8xf32>
}

// Pooling runs in NHWC. The max pool has no quantized input, so quantize
// moved it in f16 (Convert at the boundary); the f16 -> f32 Convert
// before the Quantize is absorbed by it and the layout transposes
// between the pools cancel.
// CHECK-LABEL: func.func @pool(
// CHECK:         %[[H:.*]] = qnn.Convert %arg0 : tensor<1x2x5x5xf32> -> tensor<1x2x5x5xf16>
// CHECK-NEXT:    %[[T:.*]] = qnn.Transpose %[[H]] {perm = array<i64: 0, 2, 3, 1>}
// CHECK-NEXT:    %[[M:.*]] = qnn.PoolMax2d %[[T]] {filter_size = array<i64: 3, 3>, pad_amount = dense<1> : tensor<2x2xi64>, stride = array<i64: 2, 2>} : tensor<1x5x5x2xf16> -> tensor<1x3x3x2xf16>
// CHECK-NEXT:    %[[Q:.*]] = qnn.Quantize %[[M]] : tensor<1x3x3x2xf16> -> !qnn.tensor<1x3x3x2xufixed8, scale = 0.003921569, offset = 0>
// CHECK-NEXT:    %[[P:.*]] = qnn.PoolAvg2d %[[Q]] {count_pad_for_edges = true, filter_size = array<i64: 2, 2>, pad_amount = dense<0> : tensor<2x2xi64>, stride = array<i64: 1, 1>}
// CHECK-NEXT:    qnn.Transpose %[[P]] {perm = array<i64: 0, 3, 1, 2>}
// CHECK-NEXT:    qnn.Dequantize
func.func @pool(%x: tensor<1x2x5x5xf32> {mlc.calib = array<f64: 0.0, 1.0>}) -> tensor<1x2x2x2xf32> {
  %m = core.max_pool2d %x {kernel = array<i64: 3, 3>, strides = array<i64: 2, 2>, padding = array<i64: 1, 1, 1, 1>, mlc.calib = [array<f64: 0.0, 1.0>]} : (tensor<1x2x5x5xf32>) -> tensor<1x2x3x3xf32>
  %a = core.avg_pool2d %m {kernel = array<i64: 2, 2>, strides = array<i64: 1, 1>, count_include_pad = true, mlc.calib = [array<f64: 0.0, 1.0>]} : (tensor<1x2x3x3xf32>) -> tensor<1x2x2x2xf32>
  return %a : tensor<1x2x2x2xf32>
}

// Data movement: slices become StridedSlice rows [begin, end, stride];
// constant i64 gather indices become int32 static data (-1 counts from
// the end); padding is [[before, after], ...].
// CHECK-LABEL: func.func @movement(
// CHECK:         qnn.Reshape %{{.*}} : tensor<2x3x4xf16> -> tensor<6x4xf16>
// CHECK:         qnn.Transpose %{{.*}} {perm = array<i64: 1, 0>} : tensor<6x4xf16> -> tensor<4x6xf16>
// CHECK:         qnn.StridedSlice %{{.*}} {ranges = dense<{{\[\[}}0, 2, 1], [1, 3, 1], [0, 4, 1]]> : tensor<3x3xi64>}
// CHECK:         %[[I:.*]] = qnn.StaticTensor dense<[2, 3]> : tensor<2xi32> -> tensor<2xi32>
// CHECK:         %[[G:.*]] = qnn.Gather %{{.*}}, %[[I]] {axis = 2 : i64}
// CHECK:         %[[P:.*]] = qnn.Pad %[[G]] {pad_amount = dense<{{\[\[}}0, 0], [0, 0], [1, 0]]> : tensor<3x2xi64>, scheme = "constant"}
// CHECK:         qnn.Concat %[[P]], %{{.*}} {axis = 2 : i64}
// CHECK:         qnn.ReduceSum %{{.*}} {axes = array<i64: 2>} : !qnn.tensor<2x3x7xufixed8, {{.*}}> -> !qnn.tensor<2x3xufixed8, scale = 0.05490196, offset = -128>
// CHECK-NOT:     core.
func.func @movement(%x: tensor<2x3x4xf32> {mlc.calib = array<f64: -1.0, 1.0>}) -> (tensor<4x6xf32>, tensor<2x2x4xf32>, tensor<2x3xf32>) {
  %r = core.reshape %x {mlc.calib = [array<f64: -1.0, 1.0>]} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %t = core.transpose %r {perm = array<i64: 1, 0>, mlc.calib = [array<f64: -1.0, 1.0>]} : (tensor<6x4xf32>) -> tensor<4x6xf32>
  %s = core.slice %x {starts = array<i64: 0, 1, 0>, limits = array<i64: 2, 3, 4>, mlc.calib = [array<f64: -1.0, 1.0>]} : (tensor<2x3x4xf32>) -> tensor<2x2x4xf32>
  %i = core.constant dense<[2, -1]> : tensor<2xi64>
  %g = core.gather %x, %i {axis = 2 : i64, mlc.calib = [array<f64: -1.0, 1.0>]} : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<2x3x2xf32>
  %p = core.pad %g {low = array<i64: 0, 0, 1>, high = array<i64: 0, 0, 0>, mlc.calib = [array<f64: -1.0, 1.0>]} : (tensor<2x3x2xf32>) -> tensor<2x3x3xf32>
  %c = core.concat %p, %x {axis = 2 : i64, mlc.calib = [array<f64: -1.0, 1.0>]} : (tensor<2x3x3xf32>, tensor<2x3x4xf32>) -> tensor<2x3x7xf32>
  %m = core.reduce_sum %c {axes = array<i64: 2>, mlc.calib = [array<f64: -7.0, 7.0>]} : (tensor<2x3x7xf32>) -> tensor<2x3xf32>
  return %t, %s, %m : tensor<4x6xf32>, tensor<2x2x4xf32>, tensor<2x3xf32>
}
