func.func @binary(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = core.add %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = core.sub %0, %a : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = core.mul %1, %a : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = core.div %2, %a : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = core.pow %3, %a : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %5 = core.max %4, %a : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %6 = core.min %5, %a : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %6 : tensor<2x3xf32>
}
func.func @logic(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xi1>) -> tensor<4xf32> {
  %0 = core.cmp "eq", %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %1 = core.cmp "ge", %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %2 = core.cmp "ne", %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %3 = core.and %0, %1 : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %4 = core.or %3, %2 : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %5 = core.xor %4, %c : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %6 = core.not %5 : tensor<4xi1>
  %7 = core.select %6, %a, %b : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %7 : tensor<4xf32>
}
func.func @unary(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = core.relu %a : tensor<4xf32>
  %1 = core.sigmoid %0 : tensor<4xf32>
  %2 = core.tanh %1 : tensor<4xf32>
  %3 = core.clamp %2 min 0.0 max 6.0 : tensor<4xf32>
  %4 = core.clamp %3 min -1.0 : tensor<4xf32>
  %5 = core.rsqrt %4 : tensor<4xf32>
  %6 = core.exp %5 : tensor<4xf32>
  %7 = core.reciprocal %6 : tensor<4xf32>
  %8 = core.round %7 : tensor<4xf32>
  %9 = core.cast %8 : tensor<4xf32> to tensor<4xf16>
  %10 = core.cast %9 : tensor<4xf16> to tensor<4xf32>
  return %10 : tensor<4xf32>
}
func.func @window(%x: tensor<1x2x5x5xf32>, %w: tensor<4x1x3x3xf32>, %b: tensor<4xf32>) -> (tensor<1x4x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x2x2xf32>) {
  %0 = core.conv2d %x, %w, %b {groups = 2 : i64, strides = array<i64: 2, 2>, padding = array<i64: 1, 1, 1, 1>} : (tensor<1x2x5x5xf32>, tensor<4x1x3x3xf32>, tensor<4xf32>) -> tensor<1x4x3x3xf32>
  %1 = core.max_pool2d %x {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, ceil_mode = true} : (tensor<1x2x5x5xf32>) -> tensor<1x2x3x3xf32>
  %2 = core.avg_pool2d %x {kernel = array<i64: 3, 3>, strides = array<i64: 2, 2>, count_include_pad = true} : (tensor<1x2x5x5xf32>) -> tensor<1x2x2x2xf32>
  return %0, %1, %2 : tensor<1x4x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x2x2xf32>
}
func.func @linalg(%a: tensor<2x3x4xf32>, %b: tensor<4x5xf32>) -> (tensor<2x3x5xf32>, tensor<2x1xf32>, tensor<3xi64>) {
  %0 = core.matmul %a, %b : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>
  %1 = core.reduce_mean %a {axes = array<i64: 1, 2>} : (tensor<2x3x4xf32>) -> tensor<2xf32>
  %2 = core.reshape %1 : (tensor<2xf32>) -> tensor<2x1xf32>
  %3 = core.reduce_sum %b {axes = array<i64: 0>, keepdims = true} : (tensor<4x5xf32>) -> tensor<1x5xf32>
  %4 = core.argmax %a {axis = 2 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3xi64>
  %5 = core.slice %4 {starts = array<i64: -1, 0>, limits = array<i64: 2, 3>} : (tensor<2x3xi64>) -> tensor<1x3xi64>
  %6 = core.reshape %5 : (tensor<1x3xi64>) -> tensor<3xi64>
  return %0, %2, %6 : tensor<2x3x5xf32>, tensor<2x1xf32>, tensor<3xi64>
}
func.func @movement(%a: tensor<2x3xf32>, %i: tensor<2xi64>) -> (tensor<3x2xf32>, tensor<4x2x3xf32>, tensor<2x6xf32>, tensor<2x3xf32>, tensor<3x5xf32>) {
  %0 = core.transpose %a {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %1 = core.broadcast_to %a : (tensor<2x3xf32>) -> tensor<4x2x3xf32>
  %2 = core.concat %a, %a {axis = 1 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  %3 = core.gather %a, %i {axis = 0 : i64} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  %4 = core.pad %0 {low = array<i64: 0, 1>, high = array<i64: 0, 2>} : (tensor<3x2xf32>) -> tensor<3x5xf32>
  %c = core.constant dense<1.5> : tensor<2x3xf32>
  %5 = core.add %3, %c : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0, %1, %2, %5, %4 : tensor<3x2xf32>, tensor<4x2x3xf32>, tensor<2x6xf32>, tensor<2x3xf32>, tensor<3x5xf32>
}
