// example: core.add
func.func @add(%arg0: tensor<2x1x3xf32>, %arg1: tensor<4x1xf32>) -> tensor<2x4x3xf32> {
  %0 = core.add %arg0, %arg1 : (tensor<2x1x3xf32>, tensor<4x1xf32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// -----

// example: core.sub
func.func @sub(%arg0: tensor<2x4x3xf32>, %arg1: tensor<2x1x3xf32>) -> tensor<2x4x3xf32> {
  %0 = core.sub %arg0, %arg1 : (tensor<2x4x3xf32>, tensor<2x1x3xf32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// -----

// example: core.mul
func.func @mul(%arg0: tensor<2x4x3xf32>, %arg1: tensor<4x1xf32>) -> tensor<2x4x3xf32> {
  %0 = core.mul %arg0, %arg1 : (tensor<2x4x3xf32>, tensor<4x1xf32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// -----

// example: core.div
func.func @div(%arg0: tensor<2x4x3xf32>, %arg1: tensor<2x4x3xf32>) -> tensor<2x4x3xf32> {
  %0 = core.div %arg0, %arg1 : (tensor<2x4x3xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// -----

// example: core.pow
func.func @pow(%arg0: tensor<2x4x3xf32>, %arg1: tensor<2x1x3xf32>) -> tensor<2x4x3xf32> {
  %0 = core.pow %arg0, %arg1 : (tensor<2x4x3xf32>, tensor<2x1x3xf32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// -----

// example: core.max
func.func @max(%arg0: tensor<2x4x3xf32>, %arg1: tensor<4x1xf32>) -> tensor<2x4x3xf32> {
  %0 = core.max %arg0, %arg1 : (tensor<2x4x3xf32>, tensor<4x1xf32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// -----

// example: core.min
func.func @min(%arg0: tensor<2x4x3xf32>, %arg1: tensor<2x1x3xf32>) -> tensor<2x4x3xf32> {
  %0 = core.min %arg0, %arg1 : (tensor<2x4x3xf32>, tensor<2x1x3xf32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// -----

// example: core.cmp
func.func @cmp(%arg0: tensor<2x3xf32>, %arg1: tensor<3xf32>) -> tensor<2x3xi1> {
  %0 = core.cmp "lt", %arg0, %arg1 : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// example: core.and
func.func @and(%arg0: tensor<2x3xi1>, %arg1: tensor<3xi1>) -> tensor<2x3xi1> {
  %0 = core.and %arg0, %arg1 : (tensor<2x3xi1>, tensor<3xi1>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// example: core.or
func.func @or(%arg0: tensor<2x3xi1>, %arg1: tensor<3xi1>) -> tensor<2x3xi1> {
  %0 = core.or %arg0, %arg1 : (tensor<2x3xi1>, tensor<3xi1>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// example: core.xor
func.func @xor(%arg0: tensor<2x3xi1>, %arg1: tensor<2x3xi1>) -> tensor<2x3xi1> {
  %0 = core.xor %arg0, %arg1 : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// example: core.select
func.func @select(%arg0: tensor<2x3xi1>, %arg1: tensor<2x3xf32>, %arg2: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = core.select %arg0, %arg1, %arg2 : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// example: core.neg
func.func @neg(%arg0: tensor<2x3xf16>) -> tensor<2x3xf16> {
  %0 = core.neg %arg0 : tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

// example: core.abs
func.func @abs(%arg0: tensor<2x3xf16>) -> tensor<2x3xf16> {
  %0 = core.abs %arg0 : tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

// example: core.exp
func.func @exp(%arg0: tensor<2x3xf16>) -> tensor<2x3xf16> {
  %0 = core.exp %arg0 : tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

// example: core.log
func.func @log(%arg0: tensor<2x3xf16>) -> tensor<2x3xf16> {
  %0 = core.log %arg0 : tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

// example: core.sqrt
func.func @sqrt(%arg0: tensor<2x3xf16>) -> tensor<2x3xf16> {
  %0 = core.sqrt %arg0 : tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

// example: core.rsqrt
func.func @rsqrt(%arg0: tensor<2x3xf16>) -> tensor<2x3xf16> {
  %0 = core.rsqrt %arg0 : tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

// example: core.tanh
func.func @tanh(%arg0: tensor<2x3xf16>) -> tensor<2x3xf16> {
  %0 = core.tanh %arg0 : tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

// example: core.sigmoid
func.func @sigmoid(%arg0: tensor<2x3xf16>) -> tensor<2x3xf16> {
  %0 = core.sigmoid %arg0 : tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

// example: core.erf
func.func @erf(%arg0: tensor<2x3xf16>) -> tensor<2x3xf16> {
  %0 = core.erf %arg0 : tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

// example: core.relu
func.func @relu(%arg0: tensor<2x3xf16>) -> tensor<2x3xf16> {
  %0 = core.relu %arg0 : tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

// example: core.floor
func.func @floor(%arg0: tensor<2x3xf16>) -> tensor<2x3xf16> {
  %0 = core.floor %arg0 : tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

// example: core.ceil
func.func @ceil(%arg0: tensor<2x3xf16>) -> tensor<2x3xf16> {
  %0 = core.ceil %arg0 : tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

// example: core.round
func.func @round(%arg0: tensor<2x3xf16>) -> tensor<2x3xf16> {
  %0 = core.round %arg0 : tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

// example: core.sin
func.func @sin(%arg0: tensor<2x3xf16>) -> tensor<2x3xf16> {
  %0 = core.sin %arg0 : tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

// example: core.cos
func.func @cos(%arg0: tensor<2x3xf16>) -> tensor<2x3xf16> {
  %0 = core.cos %arg0 : tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

// example: core.reciprocal
func.func @reciprocal(%arg0: tensor<2x3xf16>) -> tensor<2x3xf16> {
  %0 = core.reciprocal %arg0 : tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

// example: core.sign
func.func @sign(%arg0: tensor<2x3xf16>) -> tensor<2x3xf16> {
  %0 = core.sign %arg0 : tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

// example: core.not
func.func @not(%arg0: tensor<2x3xi1>) -> tensor<2x3xi1> {
  %0 = core.not %arg0 : tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// example: core.clamp
func.func @clamp(%arg0: tensor<8xbf16>) -> tensor<8xbf16> {
  %0 = core.clamp %arg0 min 0.000000e+00 max 6.000000e+00 : tensor<8xbf16>
  return %0 : tensor<8xbf16>
}

// -----

// example: core.cast
func.func @cast(%arg0: tensor<8xbf16>) -> tensor<8xf32> {
  %0 = core.cast %arg0 : tensor<8xbf16> to tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// example: core.matmul
func.func @matmul(%arg0: tensor<2x1x4x5xf32>, %arg1: tensor<3x5x6xf32>) -> tensor<2x3x4x6xf32> {
  %0 = core.matmul %arg0, %arg1 : (tensor<2x1x4x5xf32>, tensor<3x5x6xf32>) -> tensor<2x3x4x6xf32>
  return %0 : tensor<2x3x4x6xf32>
}

// -----

// example: core.conv2d
func.func @conv2d(%arg0: tensor<1x8x224x224xf32>, %arg1: tensor<16x8x7x7xf32>, %arg2: tensor<16xf32>) -> tensor<1x16x112x112xf32> {
  %0 = core.conv2d %arg0, %arg1, %arg2 {padding = array<i64: 3, 3, 3, 3>, strides = array<i64: 2, 2>} : (tensor<1x8x224x224xf32>, tensor<16x8x7x7xf32>, tensor<16xf32>) -> tensor<1x16x112x112xf32>
  return %0 : tensor<1x16x112x112xf32>
}

// -----

// example: core.max_pool2d
func.func @max_pool2d(%arg0: tensor<1x64x112x112xf32>) -> tensor<1x64x56x56xf32> {
  %0 = core.max_pool2d %arg0 {kernel = array<i64: 3, 3>, padding = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x64x112x112xf32>) -> tensor<1x64x56x56xf32>
  return %0 : tensor<1x64x56x56xf32>
}

// -----

// example: core.avg_pool2d
func.func @avg_pool2d(%arg0: tensor<1x4x7x7xf16>) -> tensor<1x4x4x4xf16> {
  %0 = core.avg_pool2d %arg0 {ceil_mode = true, count_include_pad = true, kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x4x7x7xf16>) -> tensor<1x4x4x4xf16>
  return %0 : tensor<1x4x4x4xf16>
}

// -----

// example: core.layer_norm
func.func @layer_norm(%arg0: tensor<2x3x4xf32>, %arg1: tensor<4xf32>, %arg2: tensor<4xf32>) -> tensor<2x3x4xf32> {
  %0 = core.layer_norm %arg0, %arg1, %arg2 {axes = array<i64: 2>, epsilon = 9.99999997E-7 : f32} : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// example: core.softmax
func.func @softmax(%arg0: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = core.softmax %arg0 {axis = 0 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// example: core.gelu
func.func @gelu(%arg0: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = core.gelu %arg0 : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// example: core.reduce_sum
func.func @reduce_sum(%arg0: tensor<2x3x4xf32>) -> tensor<2x1x1xf32> {
  %0 = core.reduce_sum %arg0 {axes = array<i64: 1, 2>, keepdims = true} : (tensor<2x3x4xf32>) -> tensor<2x1x1xf32>
  return %0 : tensor<2x1x1xf32>
}

// -----

// example: core.reduce_mean
func.func @reduce_mean(%arg0: tensor<2x3x4xf32>) -> tensor<3x4xf32> {
  %0 = core.reduce_mean %arg0 {axes = array<i64: 0>} : (tensor<2x3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// example: core.reduce_max
func.func @reduce_max(%arg0: tensor<2x3x4xf32>) -> tensor<3xf32> {
  %0 = core.reduce_max %arg0 {axes = array<i64: 2, 0>} : (tensor<2x3x4xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// example: core.reduce_min
func.func @reduce_min(%arg0: tensor<2x3xi32>) -> tensor<2xi32> {
  %0 = core.reduce_min %arg0 {axes = array<i64: 1>, keepdims = false} : (tensor<2x3xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// example: core.reduce_prod
func.func @reduce_prod(%arg0: tensor<2x3xi32>) -> tensor<i32> {
  %0 = core.reduce_prod %arg0 {axes = array<i64: 0, 1>} : (tensor<2x3xi32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// example: core.argmax
func.func @argmax(%arg0: tensor<2x3x4xf32>) -> tensor<2x4xi64> {
  %0 = core.argmax %arg0 {axis = 1 : i64} : (tensor<2x3x4xf32>) -> tensor<2x4xi64>
  return %0 : tensor<2x4xi64>
}

// -----

// example: core.argmin
func.func @argmin(%arg0: tensor<2x3xi32>) -> tensor<1x3xi64> {
  %0 = core.argmin %arg0 {axis = 0 : i64, keepdims = true} : (tensor<2x3xi32>) -> tensor<1x3xi64>
  return %0 : tensor<1x3xi64>
}

// -----

// example: core.reshape
func.func @reshape(%arg0: tensor<2x3x4xf32>) -> tensor<24xf32> {
  %0 = core.reshape %arg0 : (tensor<2x3x4xf32>) -> tensor<24xf32>
  return %0 : tensor<24xf32>
}

// -----

// example: core.transpose
func.func @transpose(%arg0: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %0 = core.transpose %arg0 {perm = array<i64: 2, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  return %0 : tensor<4x2x3xf32>
}

// -----

// example: core.broadcast_to
func.func @broadcast_to(%arg0: tensor<2x3x4xf32>) -> tensor<5x2x3x4xf32> {
  %0 = core.broadcast_to %arg0 : (tensor<2x3x4xf32>) -> tensor<5x2x3x4xf32>
  return %0 : tensor<5x2x3x4xf32>
}

// -----

// example: core.concat
func.func @concat(%arg0: tensor<2x3x4xf32>) -> tensor<2x9x4xf32> {
  %0 = core.concat %arg0, %arg0, %arg0 {axis = 1 : i64} : (tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x9x4xf32>
  return %0 : tensor<2x9x4xf32>
}

// -----

// example: core.slice
func.func @slice(%arg0: tensor<2x3x4xf32>) -> tensor<2x2x2xf32> {
  %0 = core.slice %arg0 {limits = array<i64: 2, 3, 4>, starts = array<i64: 0, 1, 0>, strides = array<i64: 1, 1, 2>} : (tensor<2x3x4xf32>) -> tensor<2x2x2xf32>
  return %0 : tensor<2x2x2xf32>
}

// -----

// example: core.gather
func.func @gather(%arg0: tensor<2x3x4xf32>, %arg1: tensor<5xi64>) -> tensor<2x3x5xf32> {
  %0 = core.gather %arg0, %arg1 {axis = 2 : i64} : (tensor<2x3x4xf32>, tensor<5xi64>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// example: core.pad
func.func @pad(%arg0: tensor<2x3x4xf32>) -> tensor<3x5x6xf32> {
  %0 = core.pad %arg0 {high = array<i64: 0, 2, 1>, low = array<i64: 1, 0, 1>, value = -1.000000e+00 : f32} : (tensor<2x3x4xf32>) -> tensor<3x5x6xf32>
  return %0 : tensor<3x5x6xf32>
}

// -----

// example: core.constant
func.func @constant() -> tensor<2x2xf32> {
  %0 = core.constant dense<[[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}
