// RUN: mlc-opt --pass-pipeline='builtin.module(func.func(quantize{target=qnn-htp-v73},quant-fuse,legalize-qnn{target=qnn-htp-v73}))' --mlir-print-local-scope %s | filecheck %s
// RUN: mlc-opt --pass-pipeline='builtin.module(func.func(quantize{target=qnn-htp-v73},quant-fuse,legalize-qnn{target=qnn-htp-v73}))' %s | grep -c qnn.Transpose | filecheck %s --check-prefix=COUNT
// COUNT: {{^}}1{{$}}

// A residual block: every conv, pool and the relus and the add between
// them run in NHWC. Conversion wraps each NHWC op in transposes from and
// to NCHW; they sink through the relus, the residual add and the mean and
// cancel in pairs, and the transpose of the 1x1-spatial mean becomes a
// reshape. One transpose is left, at the graph's input.

// CHECK-LABEL: func.func @block(
// CHECK:         qnn.Quantize %arg0
// CHECK:         qnn.Transpose %{{.*}} {perm = array<i64: 0, 2, 3, 1>}
// CHECK-NOT:     qnn.Transpose
// CHECK:         qnn.Conv2d
// CHECK:         qnn.Relu
// CHECK:         qnn.Conv2d
// CHECK:         qnn.ElementWiseAdd
// CHECK:         qnn.Relu
// CHECK:         qnn.PoolMax2d
// CHECK:         qnn.Conv2d
// CHECK:         qnn.ReduceMean %{{.*}} {axes = array<i64: 1, 2>, keep_dims = true} : !qnn.tensor<1x2x2x4xufixed8
// CHECK:         qnn.Reshape %{{.*}} -> !qnn.tensor<1x4xufixed8
// CHECK:         qnn.FullyConnected
// CHECK-NOT:     qnn.Transpose
// CHECK:         return
func.func @block(%x: tensor<1x2x4x4xf32> {mlc.calib = array<f64: -1.0, 1.0>}) -> tensor<1x3xf32> {
  %w1 = core.constant dense<0.25> : tensor<2x2x3x3xf32>
  %w2 = core.constant dense<-0.125> : tensor<2x2x3x3xf32>
  %w3 = core.constant dense<[[[[0.5]], [[1.0]]], [[[-0.5]], [[0.25]]], [[[1.0]], [[1.0]]], [[[0.75]], [[-1.0]]]]> : tensor<4x2x1x1xf32>
  %w4 = core.constant dense<[[1.0, 0.5, -0.5], [0.25, -1.0, 1.0], [0.5, 0.5, 0.5], [-1.0, 0.0, 1.0]]> : tensor<4x3xf32>
  %c1 = core.conv2d %x, %w1 {padding = array<i64: 1, 1, 1, 1>, mlc.calib = [array<f64: -4.0, 4.0>]} : (tensor<1x2x4x4xf32>, tensor<2x2x3x3xf32>) -> tensor<1x2x4x4xf32>
  %r1 = core.relu %c1 {mlc.calib = [array<f64: 0.0, 4.0>]} : tensor<1x2x4x4xf32>
  %c2 = core.conv2d %r1, %w2 {padding = array<i64: 1, 1, 1, 1>, mlc.calib = [array<f64: -4.0, 4.0>]} : (tensor<1x2x4x4xf32>, tensor<2x2x3x3xf32>) -> tensor<1x2x4x4xf32>
  %a = core.add %c2, %r1 {mlc.calib = [array<f64: -4.0, 8.0>]} : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %r2 = core.relu %a {mlc.calib = [array<f64: 0.0, 8.0>]} : tensor<1x2x4x4xf32>
  %p = core.max_pool2d %r2 {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, mlc.calib = [array<f64: 0.0, 8.0>]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
  %c3 = core.conv2d %p, %w3 {mlc.calib = [array<f64: -8.0, 8.0>]} : (tensor<1x2x2x2xf32>, tensor<4x2x1x1xf32>) -> tensor<1x4x2x2xf32>
  %m = core.reduce_mean %c3 {axes = array<i64: 2, 3>, keepdims = true, mlc.calib = [array<f64: -8.0, 8.0>]} : (tensor<1x4x2x2xf32>) -> tensor<1x4x1x1xf32>
  %f = core.reshape %m {mlc.calib = [array<f64: -8.0, 8.0>]} : (tensor<1x4x1x1xf32>) -> tensor<1x4xf32>
  %y = core.matmul %f, %w4 {mlc.calib = [array<f64: -16.0, 16.0>]} : (tensor<1x4xf32>, tensor<4x3xf32>) -> tensor<1x3xf32>
  return %y : tensor<1x3xf32>
}
