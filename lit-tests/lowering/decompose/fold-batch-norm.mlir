// RUN: mlc-opt --torch-fold-batch-norm %s | filecheck %s
// RUN: mlc-opt --torch-to-core %s | filecheck %s --check-prefix=CORE

// A batch norm after a convolution with constant weights folds into it:
// W' = W·s and b' = (b − mean)·s + β with s = γ/√(var + eps) per output
// channel. Here var + eps is 4 and 0.25, so s = [0.5, 4].

// CHECK-LABEL: func.func @fold(
// CHECK-NEXT:    %0 = torch.constant dense<{{\[\[\[\[}}1.000000e+00]]], {{\[\[\[}}1.200000e+01]]]]> : tensor<2x1x1x1xf32>
// CHECK-NEXT:    %1 = torch.constant dense<[-2.500000e-01, 7.000000e+00]> : tensor<2xf32>
// CHECK-NEXT:    %2 = torch.aten.conv2d %arg0, %0, %1 {padding = array<i64: 1>} : (tensor<1x1x2x2xf32>, tensor<2x1x1x1xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
// CHECK-NEXT:    return %2 : tensor<1x2x4x4xf32>
// CORE-LABEL: func.func @fold(
// CORE-NEXT:    %0 = core.constant dense<{{\[\[\[\[}}1.000000e+00]]], {{\[\[\[}}1.200000e+01]]]]> : tensor<2x1x1x1xf32>
// CORE-NEXT:    %1 = core.constant dense<[-2.500000e-01, 7.000000e+00]> : tensor<2xf32>
// CORE-NEXT:    %2 = core.conv2d %arg0, %0, %1 {dilations = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>} : (tensor<1x1x2x2xf32>, tensor<2x1x1x1xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
// CORE-NEXT:    return %2 : tensor<1x2x4x4xf32>
func.func @fold(%x: tensor<1x1x2x2xf32>) -> tensor<1x2x4x4xf32> {
  %w = torch.constant dense<[[[[2.0]]], [[[3.0]]]]> : tensor<2x1x1x1xf32>
  %b = torch.constant dense<[0.5, 1.0]> : tensor<2xf32>
  %m = torch.constant dense<[1.0, -1.0]> : tensor<2xf32>
  %v = torch.constant dense<[3.99, 0.24]> : tensor<2xf32>
  %g = torch.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %be = torch.constant dense<[0.0, -1.0]> : tensor<2xf32>
  %c = torch.aten.conv2d %x, %w, %b {padding = array<i64: 1>} : (tensor<1x1x2x2xf32>, tensor<2x1x1x1xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  %y = torch.aten.batch_norm %c, %m, %v, %g, %be {eps = 0.01 : f64} : (tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  return %y : tensor<1x2x4x4xf32>
}

// The convolution's result is used elsewhere: nothing folds, and the batch
// norm becomes a scale and a shift, whose constant parts canonicalisation
// folds.
// CHECK-LABEL: func.func @shared(
// CHECK:         torch.aten.conv2d
// CHECK:         torch.aten.batch_norm
// CORE-LABEL: func.func @shared(
// CORE:          %[[C:.*]] = core.conv2d
// CORE:          %[[S:.*]] = core.mul %[[C]], %{{.*}} : (tensor<1x2x1x1xf32>, tensor<2x1x1xf32>) -> tensor<1x2x1x1xf32>
// CORE:          core.add %[[S]], %{{.*}} : (tensor<1x2x1x1xf32>, tensor<2x1x1xf32>) -> tensor<1x2x1x1xf32>
func.func @shared(%x: tensor<1x1x1x1xf32>) -> (tensor<1x2x1x1xf32>, tensor<1x2x1x1xf32>) {
  %w = torch.constant dense<[[[[2.0]]], [[[3.0]]]]> : tensor<2x1x1x1xf32>
  %m = torch.constant dense<[1.0, -1.0]> : tensor<2xf32>
  %v = torch.constant dense<[4.0, 0.25]> : tensor<2xf32>
  %c = torch.aten.conv2d %x, %w : (tensor<1x1x1x1xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x1x1xf32>
  %y = torch.aten.batch_norm %c, %m, %v : (tensor<1x2x1x1xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x1x1xf32>
  return %y, %c : tensor<1x2x1x1xf32>, tensor<1x2x1x1xf32>
}

// Statistics that are not constants do not fold either.
// CHECK-LABEL: func.func @dynamic_stats(
// CHECK:         torch.aten.batch_norm
func.func @dynamic_stats(%x: tensor<1x1x1x1xf32>, %m: tensor<2xf32>) -> tensor<1x2x1x1xf32> {
  %w = torch.constant dense<[[[[2.0]]], [[[3.0]]]]> : tensor<2x1x1x1xf32>
  %v = torch.constant dense<[4.0, 0.25]> : tensor<2xf32>
  %c = torch.aten.conv2d %x, %w : (tensor<1x1x1x1xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x1x1xf32>
  %y = torch.aten.batch_norm %c, %m, %v : (tensor<1x2x1x1xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x1x1xf32>
  return %y : tensor<1x2x1x1xf32>
}
