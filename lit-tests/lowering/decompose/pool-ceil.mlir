// RUN: mlc-opt --torch-decompose %s | filecheck %s

// Ceil-mode pooling through decomposition: ceil_mode and the symmetric
// torch padding carry over to core's pooling ops, whose result keeps the
// ceil-mode shape (3x3 on a 5x5 input with kernel 2, stride 2, padding
// (0, 1); floor would give 2x3 and plain rounding up 3x4).
// count_include_pad is true by default, and false drops the attribute.

// CHECK-LABEL: func.func @pools
// CHECK-NEXT:    %0 = core.max_pool2d %arg0 {ceil_mode = true, dilations = array<i64: 1, 1>, kernel = array<i64: 2, 2>, padding = array<i64: 0, 1, 0, 1>, strides = array<i64: 2, 2>} : (tensor<1x1x5x5xf32>) -> tensor<1x1x3x3xf32>
// CHECK-NEXT:    %1 = core.avg_pool2d %arg0 {ceil_mode = true, count_include_pad = true, kernel = array<i64: 2, 2>, padding = array<i64: 0, 1, 0, 1>, strides = array<i64: 2, 2>} : (tensor<1x1x5x5xf32>) -> tensor<1x1x3x3xf32>
// CHECK-NEXT:    %2 = core.avg_pool2d %arg0 {ceil_mode = true, kernel = array<i64: 2, 2>, padding = array<i64: 0, 1, 0, 1>, strides = array<i64: 2, 2>} : (tensor<1x1x5x5xf32>) -> tensor<1x1x3x3xf32>
// CHECK-NEXT:    return %0, %1, %2
func.func @pools(%x: tensor<1x1x5x5xf32>) -> (tensor<1x1x3x3xf32>, tensor<1x1x3x3xf32>, tensor<1x1x3x3xf32>) {
  %0 = torch.aten.max_pool2d %x {kernel_size = array<i64: 2>, stride = array<i64: 2>, padding = array<i64: 0, 1>, ceil_mode = true} : tensor<1x1x5x5xf32> -> tensor<1x1x3x3xf32>
  %1 = torch.aten.avg_pool2d %x {kernel_size = array<i64: 2>, stride = array<i64: 2>, padding = array<i64: 0, 1>, ceil_mode = true} : tensor<1x1x5x5xf32> -> tensor<1x1x3x3xf32>
  %2 = torch.aten.avg_pool2d %x {kernel_size = array<i64: 2>, stride = array<i64: 2>, padding = array<i64: 0, 1>, ceil_mode = true, count_include_pad = false} : tensor<1x1x5x5xf32> -> tensor<1x1x3x3xf32>
  return %0, %1, %2 : tensor<1x1x3x3xf32>, tensor<1x1x3x3xf32>, tensor<1x1x3x3xf32>
}
