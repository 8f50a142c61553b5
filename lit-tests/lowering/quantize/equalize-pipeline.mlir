// RUN: mlc-opt --torch-to-core --cross-layer-equalize %s | filecheck %s

// Where the pass runs: after torch-to-core, whose batch-norm folding gives
// the first conv weights [1, 12] and bias [-0.25, 7] (see
// lit-tests/lowering/decompose/fold-batch-norm.mlir). The second conv's
// input-channel ranges are [4, 0.75], so s = sqrt([1/4, 12/0.75]) =
// [0.5, 4]: the first conv becomes [2, 3] with bias [-0.5, 1.75], the
// second [2, 3].

// CHECK-LABEL: func.func @bn_relu_conv(
// CHECK-NEXT:    %0 = core.constant dense<{{\[\[\[\[}}2.000000e+00]]], {{\[\[\[}}3.000000e+00]]]]> : tensor<2x1x1x1xf32>
// CHECK-NEXT:    %1 = core.constant dense<[-5.000000e-01, 1.750000e+00]> : tensor<2xf32>
// CHECK-NEXT:    %2 = core.conv2d %arg0, %0, %1
// CHECK-NEXT:    %3 = core.relu %2
// CHECK-NEXT:    %4 = core.constant dense<{{\[\[\[\[}}2.000000e+00]], {{\[\[}}3.000000e+00]]]]> : tensor<1x2x1x1xf32>
// CHECK-NEXT:    %5 = core.conv2d %3, %4
func.func @bn_relu_conv(%x: tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32> {
  %w = torch.constant dense<[[[[2.0]]], [[[3.0]]]]> : tensor<2x1x1x1xf32>
  %b = torch.constant dense<[0.5, 1.0]> : tensor<2xf32>
  %m = torch.constant dense<[1.0, -1.0]> : tensor<2xf32>
  %v = torch.constant dense<[3.99, 0.24]> : tensor<2xf32>
  %g = torch.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %be = torch.constant dense<[0.0, -1.0]> : tensor<2xf32>
  %c = torch.aten.conv2d %x, %w, %b {padding = array<i64: 1>} : (tensor<1x1x2x2xf32>, tensor<2x1x1x1xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  %y = torch.aten.batch_norm %c, %m, %v, %g, %be {eps = 0.01 : f64} : (tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  %r = torch.aten.relu %y : tensor<1x2x4x4xf32>
  %w2 = torch.constant dense<[[[[4.0]], [[0.75]]]]> : tensor<1x2x1x1xf32>
  %o = torch.aten.conv2d %r, %w2 : (tensor<1x2x4x4xf32>, tensor<1x2x1x1xf32>) -> tensor<1x1x4x4xf32>
  return %o : tensor<1x1x4x4xf32>
}
