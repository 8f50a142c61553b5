// RUN: rm -rf %t && mlc run %s --input x=%S/Inputs/x-2x3.npy --repeat 3 --output-dir %t -q
// RUN: mlc print-tensor %t/cat.npy %t/cat2.npy %t/sum.npy | filecheck %s

// Channel concatenations of one image are placed, not copied: the
// convolution and the relu write into @main's first concatenation (the
// reshaped argument and the repeat of %r1 are copied), the second reads
// values the first placed, and the add is the last reader of a placed
// value while the first concatenation lives on as a result. Three runs,
// so the last follows the buffer plan the first recorded; the values are
// those of plain copies. x = [[1, -2, 3], [-4, 5, -6]] reshaped to two
// channels c0, c1; %c1 = (c0 + c1, c0 − c1), %r1 its relu, %c2 =
// 2·(c0 + c1).

// CHECK-LABEL: cat.npy:
// CHECK:       shape: [1, 7, 1, 3]
// CHECK-NEXT:  {{\[\[\[\[}}0, 3, 0]],
// CHECK-NEXT:    {{\[\[}}5, 0, 9]],
// CHECK-NEXT:    {{\[\[}}-6, 6, -6]],
// CHECK-NEXT:    {{\[\[}}1, -2, 3]],
// CHECK-NEXT:    {{\[\[}}-4, 5, -6]],
// CHECK-NEXT:    {{\[\[}}0, 3, 0]],
// CHECK-NEXT:    {{\[\[}}5, 0, 9]]]]

// CHECK-LABEL: cat2.npy:
// CHECK:       shape: [1, 3, 1, 3]
// CHECK-NEXT:  {{\[\[\[\[}}-6, 6, -6]],
// CHECK-NEXT:    {{\[\[}}0, 3, 0]],
// CHECK-NEXT:    {{\[\[}}5, 0, 9]]]]

// CHECK-LABEL: sum.npy:
// CHECK:       shape: [1, 1, 1, 3]
// CHECK-NEXT:  {{\[\[\[\[}}-12, 12, -12]]]]

func.func @main(%x: tensor<2x3xf32> {mlc.name = "x"}) -> (tensor<1x7x1x3xf32> {mlc.name = "cat"}, tensor<1x3x1x3xf32> {mlc.name = "cat2"}, tensor<1x1x1x3xf32> {mlc.name = "sum"}) {
  %xr = core.reshape %x : (tensor<2x3xf32>) -> tensor<1x2x1x3xf32>
  %w1 = core.constant dense<[[[[1.0]], [[1.0]]], [[[1.0]], [[-1.0]]]]> : tensor<2x2x1x1xf32>
  %b1 = core.constant dense<0.0> : tensor<2xf32>
  %c1 = core.conv2d %xr, %w1, %b1 {dilations = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x2x1x3xf32>, tensor<2x2x1x1xf32>, tensor<2xf32>) -> tensor<1x2x1x3xf32>
  %r1 = core.relu %c1 : tensor<1x2x1x3xf32>
  %w2 = core.constant dense<2.0> : tensor<1x2x1x1xf32>
  %b2 = core.constant dense<0.0> : tensor<1xf32>
  %c2 = core.conv2d %xr, %w2, %b2 {dilations = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x2x1x3xf32>, tensor<1x2x1x1xf32>, tensor<1xf32>) -> tensor<1x1x1x3xf32>
  %cat = core.concat %r1, %c2, %xr, %r1 {axis = 1 : i64} : (tensor<1x2x1x3xf32>, tensor<1x1x1x3xf32>, tensor<1x2x1x3xf32>, tensor<1x2x1x3xf32>) -> tensor<1x7x1x3xf32>
  %cat2 = core.concat %c2, %r1 {axis = 1 : i64} : (tensor<1x1x1x3xf32>, tensor<1x2x1x3xf32>) -> tensor<1x3x1x3xf32>
  %sum = core.add %c2, %c2 : (tensor<1x1x1x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x1x1x3xf32>
  func.return %cat, %cat2, %sum : tensor<1x7x1x3xf32>, tensor<1x3x1x3xf32>, tensor<1x1x1x3xf32>
}
