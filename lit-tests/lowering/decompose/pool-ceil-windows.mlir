// RUN: rm -rf %t && mlc run %s --output-dir %t -q
// RUN: mlc print-tensor %t/max.npy %t/avg.npy %t/avg_nopad.npy | filecheck %s
// RUN: mlc-opt --torch-decompose %s -o %t.core.mlir && rm -rf %t && mlc run %t.core.mlir --output-dir %t -q
// RUN: mlc print-tensor %t/max.npy %t/avg.npy %t/avg_nopad.npy | filecheck %s

// Ceil-mode pooling windows, run by the interpreter on the torch ops and
// on their decomposition into core ops, with PyTorch's values. x is 1..25
// in a 5x5; kernel 2, stride 2, padding (0, 1), ceil_mode: the last row of
// windows holds only row 4 (it overhangs the input, which has no bottom
// padding), and W's windows start at -1, 1, 3.

// max ignores padding.
// CHECK-LABEL: max.npy:
// CHECK-NEXT:  dtype: f32
// CHECK-NEXT:  shape: [1, 1, 3, 3]
// CHECK-NEXT:  {{\[\[\[\[}}6, 8, 10],
// CHECK-NEXT:     [16, 18, 20],
// CHECK-NEXT:     [21, 23, 25]]]]

// count_include_pad (the default) divides by the window clipped to the
// padded input: 2x2 = 4 for (1 + 6) / 4, but 1x2 = 2 for 21 / 2 in the
// overhanging row.
// CHECK-LABEL: avg.npy:
// CHECK-NEXT:  dtype: f32
// CHECK-NEXT:  shape: [1, 1, 3, 3]
// CHECK-NEXT:  {{\[\[\[\[}}1.75, 5, 7],
// CHECK-NEXT:     [6.75, 15, 17],
// CHECK-NEXT:     [10.5, 22.5, 24.5]]]]

// Without it, by the number of input elements in the window.
// CHECK-LABEL: avg_nopad.npy:
// CHECK-NEXT:  dtype: f32
// CHECK-NEXT:  shape: [1, 1, 3, 3]
// CHECK-NEXT:  {{\[\[\[\[}}3.5, 5, 7],
// CHECK-NEXT:     [13.5, 15, 17],
// CHECK-NEXT:     [21, 22.5, 24.5]]]]

func.func @main() -> (tensor<1x1x3x3xf32> {mlc.name = "max"}, tensor<1x1x3x3xf32> {mlc.name = "avg"}, tensor<1x1x3x3xf32> {mlc.name = "avg_nopad"}) {
  %x = core.constant dense<[[[[1.0, 2.0, 3.0, 4.0, 5.0], [6.0, 7.0, 8.0, 9.0, 10.0], [11.0, 12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0, 20.0], [21.0, 22.0, 23.0, 24.0, 25.0]]]]> : tensor<1x1x5x5xf32>
  %0 = torch.aten.max_pool2d %x {kernel_size = array<i64: 2>, stride = array<i64: 2>, padding = array<i64: 0, 1>, ceil_mode = true} : tensor<1x1x5x5xf32> -> tensor<1x1x3x3xf32>
  %1 = torch.aten.avg_pool2d %x {kernel_size = array<i64: 2>, stride = array<i64: 2>, padding = array<i64: 0, 1>, ceil_mode = true} : tensor<1x1x5x5xf32> -> tensor<1x1x3x3xf32>
  %2 = torch.aten.avg_pool2d %x {kernel_size = array<i64: 2>, stride = array<i64: 2>, padding = array<i64: 0, 1>, ceil_mode = true, count_include_pad = false} : tensor<1x1x5x5xf32> -> tensor<1x1x3x3xf32>
  return %0, %1, %2 : tensor<1x1x3x3xf32>, tensor<1x1x3x3xf32>, tensor<1x1x3x3xf32>
}
