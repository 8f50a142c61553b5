// RUN: mlc-opt --torch-to-core --mlir-print-debuginfo --mlir-print-local-scope %s | filecheck %s

// Every core op a torch op becomes keeps the torch op's location (a name
// location from an ONNX node, a file location, a fused one); ops made from
// several ops (a batch norm folded into its convolution) fuse theirs.

// A Go decomposition (linear), a rule (relu) and a fused location.
// CHECK-LABEL: func.func @locs(
// CHECK:   %[[WT:.*]] = core.transpose %arg1 {perm = array<i64: 1, 0>} : (tensor<3x4xf32>) -> tensor<4x3xf32> loc("fc1")
// CHECK:   %[[MM:.*]] = core.matmul %arg0, %[[WT]] : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xf32> loc("fc1")
// CHECK:   %[[R:.*]] = core.relu %[[MM]] : tensor<2x3xf32> loc("model.py":11:5)
// CHECK:   core.add %arg0, %{{.*}} : (tensor<2x4xf32>, tensor<f32>) -> tensor<2x4xf32> loc(fused["/model/act", "model.py":12:3])
// CHECK:   core.clamp %{{.*}} min 0.000000e+00 max 6.000000e+00 : tensor<2x4xf32> loc(fused["/model/act", "model.py":12:3])
// CHECK:   core.div %{{.*}} : (tensor<2x4xf32>, tensor<f32>) -> tensor<2x4xf32> loc(fused["/model/act", "model.py":12:3])
func.func @locs(%x: tensor<2x4xf32>, %w: tensor<3x4xf32>) -> (tensor<2x3xf32>, tensor<2x4xf32>) {
  %0 = torch.aten.linear %x, %w : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<2x3xf32> loc("fc1")
  %1 = torch.aten.relu %0 : tensor<2x3xf32> loc("model.py":11:5)
  %2 = torch.aten.hardsigmoid %x : tensor<2x4xf32> loc(fused["/model/act", "model.py":12:3])
  return %1, %2 : tensor<2x3xf32>, tensor<2x4xf32>
}

// The folded convolution and its new weights carry both locations.
// CHECK-LABEL: func.func @folded(
// CHECK:   %[[W:.*]] = core.constant dense<{{.*}}> : tensor<2x1x1x1xf32> loc(fused["conv", "bn"])
// CHECK:   %[[B:.*]] = core.constant dense<{{.*}}> : tensor<2xf32> loc(fused["conv", "bn"])
// CHECK:   core.conv2d %arg0, %[[W]], %[[B]] {{.*}} loc(fused["conv", "bn"])
// CHECK-NOT: core.mul
func.func @folded(%x: tensor<1x1x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %w = torch.constant dense<[[[[2.0]]], [[[3.0]]]]> : tensor<2x1x1x1xf32> loc("w")
  %m = torch.constant dense<[1.0, -1.0]> : tensor<2xf32>
  %v = torch.constant dense<[4.0, 0.25]> : tensor<2xf32>
  %c = torch.aten.conv2d %x, %w : (tensor<1x1x2x2xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x2x2xf32> loc("conv")
  %y = torch.aten.batch_norm %c, %m, %v {eps = 0.0 : f64} : (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x2x2xf32> loc("bn")
  return %y : tensor<1x2x2x2xf32>
}
