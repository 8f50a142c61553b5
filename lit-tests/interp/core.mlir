// RUN: rm -rf %t && mlc run %s --input x=%S/Inputs/x-2x3.npy --input idx=%S/Inputs/idx-2.npy --output-dir %t -q
// RUN: mlc print-tensor %t/relu.npy %t/picked.npy %t/gram.npy %t/stats.npy %t/mask.npy | filecheck %s

// A small core graph on x = [[1, -2, 3], [-4, 5, -6]] and idx = [2, 0].

// CHECK-LABEL: relu.npy:
// CHECK-NEXT:  dtype: f32
// CHECK-NEXT:  shape: [2, 3]
// CHECK-NEXT:  {{\[\[}}1, 0, 3],
// CHECK-NEXT:   [0, 5, 0]]

// gather along axis 1 picks columns 2 and 0.
// CHECK-LABEL: picked.npy:
// CHECK:       {{\[\[}}3, 1],
// CHECK-NEXT:   [-6, -4]]

// x · xᵀ = [[14, -32], [-32, 77]], then + 0.5 broadcast.
// CHECK-LABEL: gram.npy:
// CHECK:       shape: [2, 2]
// CHECK-NEXT:  {{\[\[}}14.5, -31.5],
// CHECK-NEXT:   [-31.5, 77.5]]

// mean over rows, then max with -1: [-1.5, 1.5, -1.5] → [-1, 1.5, -1].
// CHECK-LABEL: stats.npy:
// CHECK:       shape: [3]
// CHECK-NEXT:  [-1, 1.5, -1]

// CHECK-LABEL: mask.npy:
// CHECK-NEXT:  dtype: bool
// CHECK-NEXT:  shape: [2, 3]
// CHECK-NEXT:  {{\[\[}}true, false, true],
// CHECK-NEXT:   [false, true, false]]
func.func @main(%x: tensor<2x3xf32> {mlc.name = "x"}, %idx: tensor<2xi64> {mlc.name = "idx"})
    -> (tensor<2x3xf32> {mlc.name = "relu"}, tensor<2x2xf32> {mlc.name = "picked"}, tensor<2x2xf32> {mlc.name = "gram"},
        tensor<3xf32> {mlc.name = "stats"}, tensor<2x3xi1> {mlc.name = "mask"}) {
  %relu = core.relu %x : tensor<2x3xf32>
  %picked = core.gather %x, %idx {axis = 1 : i64} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<2x2xf32>
  %xt = core.transpose %x {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %g = core.matmul %x, %xt : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  %half = core.constant dense<0.5> : tensor<f32>
  %gram = core.add %g, %half : (tensor<2x2xf32>, tensor<f32>) -> tensor<2x2xf32>
  %mean = core.reduce_mean %x {axes = array<i64: 0>} : (tensor<2x3xf32>) -> tensor<3xf32>
  %m1 = core.constant dense<-1.0> : tensor<3xf32>
  %stats = core.max %mean, %m1 : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %zero = core.constant dense<0.0> : tensor<f32>
  %mask = core.cmp "gt", %x, %zero : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xi1>
  return %relu, %picked, %gram, %stats, %mask : tensor<2x3xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<3xf32>, tensor<2x3xi1>
}
