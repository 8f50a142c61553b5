// RUN: mlc-opt --core-fuse-composites %s | filecheck %s

// ONNX exporters below opset 17 write layer norm as ReduceMean, Sub,
// Pow, ReduceMean, Add, Sqrt, Div, Mul, Add, and GELU as Div, Erf, Add,
// Mul, Mul; torch-to-core lowers those op by op. core-fuse-composites
// makes each one op again.

// CHECK-LABEL: func.func @exported(
// CHECK:         %[[LN:.*]] = core.layer_norm %arg0, %{{.*}}, %{{.*}} {axes = array<i64: 2>, epsilon = 9.99999997E-7 : f32} : (tensor<1x4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<1x4x8xf32>
// CHECK-NEXT:    %[[G:.*]] = core.gelu %[[LN]] {approximate = "none"} : (tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
// CHECK-NEXT:    return %[[G]]
// CHECK-NOT:     core.erf
func.func @exported(%x: tensor<1x4x8xf32>) -> tensor<1x4x8xf32> {
  %two = core.constant dense<2.0> : tensor<f32>
  %eps = core.constant dense<1.0e-06> : tensor<f32>
  %w = core.constant dense<[1.0, 2.0, 0.5, 1.5, 1.0, -1.0, 0.25, 3.0]> : tensor<8xf32>
  %b = core.constant dense<[0.0, 0.1, 0.2, 0.3, -0.4, 0.5, 0.6, 0.7]> : tensor<8xf32>
  %sqrt2 = core.constant dense<1.41421354> : tensor<f32>
  %one = core.constant dense<1.0> : tensor<f32>
  %half = core.constant dense<0.5> : tensor<f32>
  %m = core.reduce_mean %x {axes = array<i64: 2>, keepdims = true} : (tensor<1x4x8xf32>) -> tensor<1x4x1xf32>
  %d = core.sub %x, %m : (tensor<1x4x8xf32>, tensor<1x4x1xf32>) -> tensor<1x4x8xf32>
  %p = core.pow %d, %two : (tensor<1x4x8xf32>, tensor<f32>) -> tensor<1x4x8xf32>
  %v = core.reduce_mean %p {axes = array<i64: 2>, keepdims = true} : (tensor<1x4x8xf32>) -> tensor<1x4x1xf32>
  %ve = core.add %v, %eps : (tensor<1x4x1xf32>, tensor<f32>) -> tensor<1x4x1xf32>
  %s = core.sqrt %ve : tensor<1x4x1xf32>
  %n = core.div %d, %s : (tensor<1x4x8xf32>, tensor<1x4x1xf32>) -> tensor<1x4x8xf32>
  %y = core.mul %n, %w : (tensor<1x4x8xf32>, tensor<8xf32>) -> tensor<1x4x8xf32>
  %ln = core.add %y, %b : (tensor<1x4x8xf32>, tensor<8xf32>) -> tensor<1x4x8xf32>
  %q = core.div %ln, %sqrt2 : (tensor<1x4x8xf32>, tensor<f32>) -> tensor<1x4x8xf32>
  %e = core.erf %q : tensor<1x4x8xf32>
  %a = core.add %e, %one : (tensor<1x4x8xf32>, tensor<f32>) -> tensor<1x4x8xf32>
  %g0 = core.mul %ln, %a : (tensor<1x4x8xf32>, tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
  %g = core.mul %g0, %half : (tensor<1x4x8xf32>, tensor<f32>) -> tensor<1x4x8xf32>
  func.return %g : tensor<1x4x8xf32>
}

// Not exactly GELU (1.5 for √2): left alone.
// CHECK-LABEL: func.func @near_miss(
// CHECK-NOT:     core.gelu
// CHECK:         core.erf
func.func @near_miss(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = core.constant dense<1.5> : tensor<f32>
  %one = core.constant dense<1.0> : tensor<f32>
  %half = core.constant dense<0.5> : tensor<f32>
  %q = core.div %x, %c : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %e = core.erf %q : tensor<4xf32>
  %a = core.add %e, %one : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %g0 = core.mul %x, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %g = core.mul %g0, %half : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  func.return %g : tensor<4xf32>
}
