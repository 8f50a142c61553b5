// RUN: mlc-opt %s | filecheck %s
// RUN: mlc-opt --mlir-print-op-generic %s | mlc-opt | filecheck %s

// Elementwise binary ops broadcast NumPy-style: [2, 1, 3] with [4, 1] gives [2, 4, 3].
// CHECK-LABEL: func.func @binary(%arg0: tensor<2x1x3xf32>, %arg1: tensor<4x1xf32>, %arg2: tensor<4xi32>, %arg3: tensor<2x4xi32>) -> tensor<2x4x3xf32> {
// CHECK-NEXT:    %0 = core.add %arg0, %arg1 : (tensor<2x1x3xf32>, tensor<4x1xf32>) -> tensor<2x4x3xf32>
// CHECK-NEXT:    %1 = core.sub %0, %arg0 : (tensor<2x4x3xf32>, tensor<2x1x3xf32>) -> tensor<2x4x3xf32>
// CHECK-NEXT:    %2 = core.mul %1, %arg1 : (tensor<2x4x3xf32>, tensor<4x1xf32>) -> tensor<2x4x3xf32>
// CHECK-NEXT:    %3 = core.div %2, %0 : (tensor<2x4x3xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
// CHECK-NEXT:    %4 = core.pow %3, %arg0 : (tensor<2x4x3xf32>, tensor<2x1x3xf32>) -> tensor<2x4x3xf32>
// CHECK-NEXT:    %5 = core.max %4, %arg1 : (tensor<2x4x3xf32>, tensor<4x1xf32>) -> tensor<2x4x3xf32>
// CHECK-NEXT:    %6 = core.min %5, %arg0 : (tensor<2x4x3xf32>, tensor<2x1x3xf32>) -> tensor<2x4x3xf32>
// CHECK-NEXT:    %7 = core.add %arg2, %arg3 : (tensor<4xi32>, tensor<2x4xi32>) -> tensor<2x4xi32>
// CHECK-NEXT:    %8 = core.div %7, %arg2 {mlc.tag} : (tensor<2x4xi32>, tensor<4xi32>) -> tensor<2x4xi32>
// CHECK-NEXT:    return %6 : tensor<2x4x3xf32>
func.func @binary(%a: tensor<2x1x3xf32>, %b: tensor<4x1xf32>, %i: tensor<4xi32>, %j: tensor<2x4xi32>) -> tensor<2x4x3xf32> {
  %0 = core.add %a, %b : (tensor<2x1x3xf32>, tensor<4x1xf32>) -> tensor<2x4x3xf32>
  %1 = core.sub %0, %a : (tensor<2x4x3xf32>, tensor<2x1x3xf32>) -> tensor<2x4x3xf32>
  %2 = core.mul %1, %b : (tensor<2x4x3xf32>, tensor<4x1xf32>) -> tensor<2x4x3xf32>
  %3 = core.div %2, %0 : (tensor<2x4x3xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
  %4 = core.pow %3, %a : (tensor<2x4x3xf32>, tensor<2x1x3xf32>) -> tensor<2x4x3xf32>
  %5 = core.max %4, %b : (tensor<2x4x3xf32>, tensor<4x1xf32>) -> tensor<2x4x3xf32>
  %6 = core.min %5, %a : (tensor<2x4x3xf32>, tensor<2x1x3xf32>) -> tensor<2x4x3xf32>
  %7 = core.add %i, %j : (tensor<4xi32>, tensor<2x4xi32>) -> tensor<2x4xi32>
  %8 = core.div %7, %i {mlc.tag} : (tensor<2x4xi32>, tensor<4xi32>) -> tensor<2x4xi32>
  func.return %6 : tensor<2x4x3xf32>
}

// CHECK-LABEL: func.func @compare_and_logic(%arg0: tensor<2x3xf32>, %arg1: tensor<3xf32>, %arg2: tensor<3xi8>) -> tensor<2x3xf32> {
// CHECK-NEXT:    %0 = core.cmp "lt", %arg0, %arg1 : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
// CHECK-NEXT:    %1 = core.cmp "ge", %arg2, %arg2 : (tensor<3xi8>, tensor<3xi8>) -> tensor<3xi1>
// CHECK-NEXT:    %2 = core.and %0, %1 : (tensor<2x3xi1>, tensor<3xi1>) -> tensor<2x3xi1>
// CHECK-NEXT:    %3 = core.or %2, %1 : (tensor<2x3xi1>, tensor<3xi1>) -> tensor<2x3xi1>
// CHECK-NEXT:    %4 = core.xor %3, %0 : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
// CHECK-NEXT:    %5 = core.not %4 : tensor<2x3xi1>
// CHECK-NEXT:    %6 = core.select %5, %arg0, %arg1 : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    return %6 : tensor<2x3xf32>
func.func @compare_and_logic(%a: tensor<2x3xf32>, %b: tensor<3xf32>, %i: tensor<3xi8>) -> tensor<2x3xf32> {
  %0 = core.cmp "lt", %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %1 = core.cmp "ge", %i, %i : (tensor<3xi8>, tensor<3xi8>) -> tensor<3xi1>
  %2 = core.and %0, %1 : (tensor<2x3xi1>, tensor<3xi1>) -> tensor<2x3xi1>
  %3 = core.or %2, %1 : (tensor<2x3xi1>, tensor<3xi1>) -> tensor<2x3xi1>
  %4 = core.xor %3, %0 : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
  %5 = core.not %4 : tensor<2x3xi1>
  %6 = core.select %5, %a, %b : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  func.return %6 : tensor<2x3xf32>
}

// Unary ops keep the operand type; the custom form writes it once.
// CHECK-LABEL: func.func @unary(%arg0: tensor<2x3xf16>, %arg1: tensor<4xi64>) -> tensor<2x3xf16> {
// CHECK-NEXT:    %0 = core.neg %arg0 : tensor<2x3xf16>
// CHECK-NEXT:    %1 = core.abs %0 : tensor<2x3xf16>
// CHECK-NEXT:    %2 = core.exp %1 : tensor<2x3xf16>
// CHECK-NEXT:    %3 = core.log %2 : tensor<2x3xf16>
// CHECK-NEXT:    %4 = core.sqrt %3 : tensor<2x3xf16>
// CHECK-NEXT:    %5 = core.rsqrt %4 : tensor<2x3xf16>
// CHECK-NEXT:    %6 = core.tanh %5 : tensor<2x3xf16>
// CHECK-NEXT:    %7 = core.sigmoid %6 : tensor<2x3xf16>
// CHECK-NEXT:    %8 = core.erf %7 : tensor<2x3xf16>
// CHECK-NEXT:    %9 = core.relu %8 : tensor<2x3xf16>
// CHECK-NEXT:    %10 = core.floor %9 : tensor<2x3xf16>
// CHECK-NEXT:    %11 = core.ceil %10 : tensor<2x3xf16>
// CHECK-NEXT:    %12 = core.round %11 : tensor<2x3xf16>
// CHECK-NEXT:    %13 = core.sin %12 : tensor<2x3xf16>
// CHECK-NEXT:    %14 = core.cos %13 : tensor<2x3xf16>
// CHECK-NEXT:    %15 = core.reciprocal %14 : tensor<2x3xf16>
// CHECK-NEXT:    %16 = core.sign %15 : tensor<2x3xf16>
// CHECK-NEXT:    %17 = core.neg %arg1 : tensor<4xi64>
// CHECK-NEXT:    %18 = core.abs %17 : tensor<4xi64>
// CHECK-NEXT:    %19 = core.relu %18 : tensor<4xi64>
// CHECK-NEXT:    %20 = core.sign %19 : tensor<4xi64>
// CHECK-NEXT:    return %16 : tensor<2x3xf16>
func.func @unary(%x: tensor<2x3xf16>, %i: tensor<4xi64>) -> tensor<2x3xf16> {
  %0 = core.neg %x : tensor<2x3xf16>
  %1 = core.abs %0 : tensor<2x3xf16>
  %2 = core.exp %1 : tensor<2x3xf16>
  %3 = core.log %2 : tensor<2x3xf16>
  %4 = core.sqrt %3 : tensor<2x3xf16>
  %5 = core.rsqrt %4 : tensor<2x3xf16>
  %6 = core.tanh %5 : tensor<2x3xf16>
  %7 = core.sigmoid %6 : tensor<2x3xf16>
  %8 = core.erf %7 : tensor<2x3xf16>
  %9 = core.relu %8 : tensor<2x3xf16>
  %10 = core.floor %9 : tensor<2x3xf16>
  %11 = core.ceil %10 : tensor<2x3xf16>
  %12 = core.round %11 : tensor<2x3xf16>
  %13 = core.sin %12 : tensor<2x3xf16>
  %14 = core.cos %13 : tensor<2x3xf16>
  %15 = core.reciprocal %14 : tensor<2x3xf16>
  %16 = core.sign %15 : tensor<2x3xf16>
  %17 = core.neg %i : tensor<4xi64>
  %18 = core.abs %17 : tensor<4xi64>
  %19 = core.relu %18 : tensor<4xi64>
  %20 = core.sign %19 : tensor<4xi64>
  func.return %16 : tensor<2x3xf16>
}

// CHECK-LABEL: func.func @clamp_cast(%arg0: tensor<8xbf16>, %arg1: tensor<8xi32>) -> tensor<8xi1> {
// CHECK-NEXT:    %0 = core.clamp %arg0 min 0.000000e+00 max 6.000000e+00 : tensor<8xbf16>
// CHECK-NEXT:    %1 = core.clamp %arg0 min -1.500000e+00 : tensor<8xbf16>
// CHECK-NEXT:    %2 = core.clamp %arg0 max 1.000000e+00 : tensor<8xbf16>
// CHECK-NEXT:    %3 = core.clamp %arg0 : tensor<8xbf16>
// CHECK-NEXT:    %4 = core.clamp %arg1 min -1.280000e+02 max 1.270000e+02 : tensor<8xi32>
// CHECK-NEXT:    %5 = core.cast %0 : tensor<8xbf16> to tensor<8xf32>
// CHECK-NEXT:    %6 = core.cast %5 : tensor<8xf32> to tensor<8xi8>
// CHECK-NEXT:    %7 = core.cast %6 : tensor<8xi8> to tensor<8xi1>
// CHECK-NEXT:    return %7 : tensor<8xi1>
func.func @clamp_cast(%x: tensor<8xbf16>, %i: tensor<8xi32>) -> tensor<8xi1> {
  %0 = core.clamp %x min 0.0 max 6.0 : tensor<8xbf16>
  %1 = core.clamp %x min -1.5 : tensor<8xbf16>
  %2 = core.clamp %x max 1.0 : tensor<8xbf16>
  %3 = core.clamp %x : tensor<8xbf16>
  %4 = core.clamp %i min -128.0 max 127.0 : tensor<8xi32>
  %5 = core.cast %0 : tensor<8xbf16> to tensor<8xf32>
  %6 = core.cast %5 : tensor<8xf32> to tensor<8xi8>
  %7 = core.cast %6 : tensor<8xi8> to tensor<8xi1>
  func.return %7 : tensor<8xi1>
}

// matmul broadcasts batch dimensions: [2, 1, 4, 5] x [3, 5, 6] -> [2, 3, 4, 6].
// CHECK-LABEL: func.func @matmul(%arg0: tensor<2x1x4x5xf32>, %arg1: tensor<3x5x6xf32>, %arg2: tensor<4x5xi8>, %arg3: tensor<5x2xi8>) -> tensor<2x3x4x6xf32> {
// CHECK-NEXT:    %0 = core.matmul %arg0, %arg1 : (tensor<2x1x4x5xf32>, tensor<3x5x6xf32>) -> tensor<2x3x4x6xf32>
// CHECK-NEXT:    %1 = core.matmul %arg2, %arg3 : (tensor<4x5xi8>, tensor<5x2xi8>) -> tensor<4x2xi8>
// CHECK-NEXT:    return %0 : tensor<2x3x4x6xf32>
func.func @matmul(%a: tensor<2x1x4x5xf32>, %b: tensor<3x5x6xf32>, %c: tensor<4x5xi8>, %d: tensor<5x2xi8>) -> tensor<2x3x4x6xf32> {
  %0 = core.matmul %a, %b : (tensor<2x1x4x5xf32>, tensor<3x5x6xf32>) -> tensor<2x3x4x6xf32>
  %1 = core.matmul %c, %d : (tensor<4x5xi8>, tensor<5x2xi8>) -> tensor<4x2xi8>
  func.return %0 : tensor<2x3x4x6xf32>
}

// conv2d: OH = floor((H + pt + pb - dil*(k-1) - 1) / stride) + 1.
// CHECK-LABEL: func.func @conv2d(%arg0: tensor<1x8x224x224xf32>, %arg1: tensor<16x8x7x7xf32>, %arg2: tensor<16xf32>, %arg3: tensor<8x1x3x3xf32>, %arg4: tensor<6x4x3x3xf32>) -> tensor<1x16x112x112xf32> {
// CHECK-NEXT:    %0 = core.conv2d %arg0, %arg1, %arg2 {padding = array<i64: 3, 3, 3, 3>, strides = array<i64: 2, 2>} : (tensor<1x8x224x224xf32>, tensor<16x8x7x7xf32>, tensor<16xf32>) -> tensor<1x16x112x112xf32>
// CHECK-NEXT:    %1 = core.conv2d %arg0, %arg3 {groups = 8 : i64, padding = array<i64: 1, 1, 1, 1>} : (tensor<1x8x224x224xf32>, tensor<8x1x3x3xf32>) -> tensor<1x8x224x224xf32>
// CHECK-NEXT:    %2 = core.conv2d %arg0, %arg4 {dilations = array<i64: 2, 3>, groups = 2 : i64, padding = array<i64: 0, 1, 2, 0>, strides = array<i64: 1, 2>} : (tensor<1x8x224x224xf32>, tensor<6x4x3x3xf32>) -> tensor<1x6x222x110xf32>
// CHECK-NEXT:    return %0 : tensor<1x16x112x112xf32>
func.func @conv2d(%x: tensor<1x8x224x224xf32>, %w: tensor<16x8x7x7xf32>, %b: tensor<16xf32>, %dw: tensor<8x1x3x3xf32>, %gw: tensor<6x4x3x3xf32>) -> tensor<1x16x112x112xf32> {
  %0 = core.conv2d %x, %w, %b {padding = array<i64: 3, 3, 3, 3>, strides = array<i64: 2, 2>} : (tensor<1x8x224x224xf32>, tensor<16x8x7x7xf32>, tensor<16xf32>) -> tensor<1x16x112x112xf32>
  %1 = core.conv2d %x, %dw {groups = 8 : i64, padding = array<i64: 1, 1, 1, 1>} : (tensor<1x8x224x224xf32>, tensor<8x1x3x3xf32>) -> tensor<1x8x224x224xf32>
  %2 = core.conv2d %x, %gw {dilations = array<i64: 2, 3>, groups = 2 : i64, padding = array<i64: 0, 1, 2, 0>, strides = array<i64: 1, 2>} : (tensor<1x8x224x224xf32>, tensor<6x4x3x3xf32>) -> tensor<1x6x222x110xf32>
  func.return %0 : tensor<1x16x112x112xf32>
}

// Pools: ceil_mode rounds up (112 -> 56 with k=3, s=2, p=1 either way; 7 -> 4 with k=2, s=2 only with ceil_mode).
// CHECK-LABEL: func.func @pool(%arg0: tensor<1x64x112x112xf32>, %arg1: tensor<1x4x7x7xf16>, %arg2: tensor<1x4x7x7xi8>) -> tensor<1x64x56x56xf32> {
// CHECK-NEXT:    %0 = core.max_pool2d %arg0 {kernel = array<i64: 3, 3>, padding = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x64x112x112xf32>) -> tensor<1x64x56x56xf32>
// CHECK-NEXT:    %1 = core.avg_pool2d %arg1 {ceil_mode = true, count_include_pad = true, kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x4x7x7xf16>) -> tensor<1x4x4x4xf16>
// CHECK-NEXT:    %2 = core.avg_pool2d %arg1 {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x4x7x7xf16>) -> tensor<1x4x3x3xf16>
// CHECK-NEXT:    %3 = core.max_pool2d %arg2 {dilations = array<i64: 2, 2>, kernel = array<i64: 2, 2>} : (tensor<1x4x7x7xi8>) -> tensor<1x4x5x5xi8>
// CHECK-NEXT:    return %0 : tensor<1x64x56x56xf32>
func.func @pool(%x: tensor<1x64x112x112xf32>, %y: tensor<1x4x7x7xf16>, %i: tensor<1x4x7x7xi8>) -> tensor<1x64x56x56xf32> {
  %0 = core.max_pool2d %x {kernel = array<i64: 3, 3>, padding = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x64x112x112xf32>) -> tensor<1x64x56x56xf32>
  %1 = core.avg_pool2d %y {ceil_mode = true, count_include_pad = true, kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x4x7x7xf16>) -> tensor<1x4x4x4xf16>
  %2 = core.avg_pool2d %y {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x4x7x7xf16>) -> tensor<1x4x3x3xf16>
  %3 = core.max_pool2d %i {dilations = array<i64: 2, 2>, kernel = array<i64: 2, 2>} : (tensor<1x4x7x7xi8>) -> tensor<1x4x5x5xi8>
  func.return %0 : tensor<1x64x56x56xf32>
}

// CHECK-LABEL: func.func @reduce(%arg0: tensor<2x3x4xf32>, %arg1: tensor<2x3xi32>) -> tensor<2x1x1xf32> {
// CHECK-NEXT:    %0 = core.reduce_sum %arg0 {axes = array<i64: 1, 2>, keepdims = true} : (tensor<2x3x4xf32>) -> tensor<2x1x1xf32>
// CHECK-NEXT:    %1 = core.reduce_mean %arg0 {axes = array<i64: 0>} : (tensor<2x3x4xf32>) -> tensor<3x4xf32>
// CHECK-NEXT:    %2 = core.reduce_max %arg0 {axes = array<i64: 2, 0>} : (tensor<2x3x4xf32>) -> tensor<3xf32>
// CHECK-NEXT:    %3 = core.reduce_min %arg1 {axes = array<i64: 1>, keepdims = false} : (tensor<2x3xi32>) -> tensor<2xi32>
// CHECK-NEXT:    %4 = core.reduce_prod %arg1 {axes = array<i64: 0, 1>} : (tensor<2x3xi32>) -> tensor<i32>
// CHECK-NEXT:    %5 = core.argmax %arg0 {axis = 1 : i64} : (tensor<2x3x4xf32>) -> tensor<2x4xi64>
// CHECK-NEXT:    %6 = core.argmin %arg1 {axis = 0 : i64, keepdims = true} : (tensor<2x3xi32>) -> tensor<1x3xi64>
// CHECK-NEXT:    return %0 : tensor<2x1x1xf32>
func.func @reduce(%x: tensor<2x3x4xf32>, %i: tensor<2x3xi32>) -> tensor<2x1x1xf32> {
  %0 = core.reduce_sum %x {axes = array<i64: 1, 2>, keepdims = true} : (tensor<2x3x4xf32>) -> tensor<2x1x1xf32>
  %1 = core.reduce_mean %x {axes = array<i64: 0>} : (tensor<2x3x4xf32>) -> tensor<3x4xf32>
  %2 = core.reduce_max %x {axes = array<i64: 2, 0>} : (tensor<2x3x4xf32>) -> tensor<3xf32>
  %3 = core.reduce_min %i {axes = array<i64: 1>, keepdims = false} : (tensor<2x3xi32>) -> tensor<2xi32>
  %4 = core.reduce_prod %i {axes = array<i64: 0, 1>} : (tensor<2x3xi32>) -> tensor<i32>
  %5 = core.argmax %x {axis = 1 : i64} : (tensor<2x3x4xf32>) -> tensor<2x4xi64>
  %6 = core.argmin %i {axis = 0 : i64, keepdims = true} : (tensor<2x3xi32>) -> tensor<1x3xi64>
  func.return %0 : tensor<2x1x1xf32>
}

// CHECK-LABEL: func.func @data_movement(%arg0: tensor<2x3x4xf32>, %arg1: tensor<5xi64>, %arg2: tensor<2x2xi32>) -> tensor<24xf32> {
// CHECK-NEXT:    %0 = core.reshape %arg0 : (tensor<2x3x4xf32>) -> tensor<24xf32>
// CHECK-NEXT:    %1 = core.transpose %arg0 {perm = array<i64: 2, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
// CHECK-NEXT:    %2 = core.broadcast_to %arg0 : (tensor<2x3x4xf32>) -> tensor<5x2x3x4xf32>
// CHECK-NEXT:    %3 = core.concat %arg0, %arg0, %arg0 {axis = 1 : i64} : (tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x9x4xf32>
// CHECK-NEXT:    %4 = core.slice %arg0 {limits = array<i64: 2, 3, 4>, starts = array<i64: 0, 1, 0>, strides = array<i64: 1, 1, 2>} : (tensor<2x3x4xf32>) -> tensor<2x2x2xf32>
// CHECK-NEXT:    %5 = core.slice %arg0 {limits = array<i64: -5, 100, -1>, starts = array<i64: -1, -2, 0>, strides = array<i64: -1, 1, 1>} : (tensor<2x3x4xf32>) -> tensor<2x2x3xf32>
// CHECK-NEXT:    %6 = core.gather %arg0, %arg1 {axis = 2 : i64} : (tensor<2x3x4xf32>, tensor<5xi64>) -> tensor<2x3x5xf32>
// CHECK-NEXT:    %7 = core.gather %arg0, %arg2 : (tensor<2x3x4xf32>, tensor<2x2xi32>) -> tensor<2x2x3x4xf32>
// CHECK-NEXT:    %8 = core.pad %arg0 {high = array<i64: 0, 2, 1>, low = array<i64: 1, 0, 1>, value = -1.000000e+00 : f32} : (tensor<2x3x4xf32>) -> tensor<3x5x6xf32>
// CHECK-NEXT:    %9 = core.pad %arg0 {high = array<i64: 0, 0, 0>, low = array<i64: 0, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<2x3x5xf32>
// CHECK-NEXT:    return %0 : tensor<24xf32>
func.func @data_movement(%x: tensor<2x3x4xf32>, %idx: tensor<5xi64>, %idx2: tensor<2x2xi32>) -> tensor<24xf32> {
  %0 = core.reshape %x : (tensor<2x3x4xf32>) -> tensor<24xf32>
  %1 = core.transpose %x {perm = array<i64: 2, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  %2 = core.broadcast_to %x : (tensor<2x3x4xf32>) -> tensor<5x2x3x4xf32>
  %3 = core.concat %x, %x, %x {axis = 1 : i64} : (tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x9x4xf32>
  %4 = core.slice %x {limits = array<i64: 2, 3, 4>, starts = array<i64: 0, 1, 0>, strides = array<i64: 1, 1, 2>} : (tensor<2x3x4xf32>) -> tensor<2x2x2xf32>
  %5 = core.slice %x {limits = array<i64: -5, 100, -1>, starts = array<i64: -1, -2, 0>, strides = array<i64: -1, 1, 1>} : (tensor<2x3x4xf32>) -> tensor<2x2x3xf32>
  %6 = core.gather %x, %idx {axis = 2 : i64} : (tensor<2x3x4xf32>, tensor<5xi64>) -> tensor<2x3x5xf32>
  %7 = core.gather %x, %idx2 : (tensor<2x3x4xf32>, tensor<2x2xi32>) -> tensor<2x2x3x4xf32>
  %8 = core.pad %x {high = array<i64: 0, 2, 1>, low = array<i64: 1, 0, 1>, value = -1.0 : f32} : (tensor<2x3x4xf32>) -> tensor<3x5x6xf32>
  %9 = core.pad %x {high = array<i64: 0, 0, 0>, low = array<i64: 0, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<2x3x5xf32>
  func.return %0 : tensor<24xf32>
}

// CHECK-LABEL: func.func @constants() -> (tensor<2x2xf32>, tensor<3xi1>, tensor<4xi64>, tensor<2x3xbf16>) {
// CHECK-NEXT:    %0 = core.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>
// CHECK-NEXT:    %1 = core.constant dense<[true, false, true]> : tensor<3xi1>
// CHECK-NEXT:    %2 = core.constant dense<7> : tensor<4xi64>
// CHECK-NEXT:    %3 = core.constant dense_resource<weights> : tensor<2x3xbf16>
// CHECK-NEXT:    return %0, %1, %2, %3 : tensor<2x2xf32>, tensor<3xi1>, tensor<4xi64>, tensor<2x3xbf16>
func.func @constants() -> (tensor<2x2xf32>, tensor<3xi1>, tensor<4xi64>, tensor<2x3xbf16>) {
  %0 = core.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %1 = core.constant dense<[true, false, true]> : tensor<3xi1>
  %2 = core.constant dense<7> : tensor<4xi64>
  %3 = core.constant dense_resource<weights> : tensor<2x3xbf16>
  func.return %0, %1, %2, %3 : tensor<2x2xf32>, tensor<3xi1>, tensor<4xi64>, tensor<2x3xbf16>
}
