// RUN: mlc-opt --canonicalize %s | filecheck %s

// Folders of the core dialect through the greedy driver: constant operands
// fold to core.constant, dead constants disappear, the rest stays.

// An elementwise chain folds away; the op with a non-constant operand stays.
// CHECK-LABEL: func.func @chain(%arg0: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3x2xi32>, tensor<2x3xf32>) {
// CHECK-NEXT:    %0 = core.constant dense<1.000000e+01> : tensor<3xf32>
// CHECK-NEXT:    %1 = core.constant dense<{{\[\[}}-1.100000e+01, -1.200000e+01, -1.300000e+01], [-1.400000e+01, -1.500000e+01, -1.600000e+01]]> : tensor<2x3xf32>
// CHECK-NEXT:    %2 = core.constant dense<{{\[\[}}-11, -14], [-12, -15], [-13, -16]]> : tensor<3x2xi32>
// CHECK-NEXT:    %3 = core.mul %arg0, %0 : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    return %1, %2, %3 : tensor<2x3xf32>, tensor<3x2xi32>, tensor<2x3xf32>
func.func @chain(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3x2xi32>, tensor<2x3xf32>) {
  %a = core.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %b = core.constant dense<10.0> : tensor<3xf32>
  %0 = core.add %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = core.neg %0 : tensor<2x3xf32>
  %2 = core.cast %1 : tensor<2x3xf32> to tensor<2x3xi32>
  %3 = core.transpose %2 {perm = array<i64: 1, 0>} : (tensor<2x3xi32>) -> tensor<3x2xi32>
  %4 = core.mul %x, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %1, %3, %4 : tensor<2x3xf32>, tensor<3x2xi32>, tensor<2x3xf32>
}

// Splats stay splats however large the result.
// CHECK-LABEL: func.func @splats() -> tensor<64x3x224x224xf32> {
// CHECK-NEXT:    %0 = core.constant dense<1.28402543> : tensor<64x3x224x224xf32>
// CHECK-NEXT:    return %0 : tensor<64x3x224x224xf32>
func.func @splats() -> tensor<64x3x224x224xf32> {
  %a = core.constant dense<0.5> : tensor<224xf32>
  %0 = core.broadcast_to %a : (tensor<224xf32>) -> tensor<64x3x224x224xf32>
  %1 = core.exp %0 : tensor<64x3x224x224xf32>
  %2 = core.sqrt %1 : tensor<64x3x224x224xf32>
  return %2 : tensor<64x3x224x224xf32>
}

// Integer division by zero is undefined and is not folded; the rest wraps.
// CHECK-LABEL: func.func @integers() -> (tensor<2xi8>, tensor<2xi32>) {
// CHECK-NEXT:    %0 = core.constant dense<[1, 0]> : tensor<2xi32>
// CHECK-NEXT:    %1 = core.constant dense<7> : tensor<2xi32>
// CHECK-NEXT:    %2 = core.constant dense<[16, 49]> : tensor<2xi8>
// CHECK-NEXT:    %3 = core.div %1, %0 : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
// CHECK-NEXT:    return %2, %3 : tensor<2xi8>, tensor<2xi32>
func.func @integers() -> (tensor<2xi8>, tensor<2xi32>) {
  %a = core.constant dense<[100, 7]> : tensor<2xi8>
  %z = core.constant dense<[1, 0]> : tensor<2xi32>
  %s = core.constant dense<[7, 7]> : tensor<2xi32>
  %0 = core.mul %a, %a : (tensor<2xi8>, tensor<2xi8>) -> tensor<2xi8>
  %1 = core.div %s, %z : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return %0, %1 : tensor<2xi8>, tensor<2xi32>
}

// Data movement on constants; a reshape of a resource only retypes it.
// CHECK-LABEL: func.func @movement() -> (tensor<6xf32>, tensor<2x2xi32>, tensor<5xi32>, tensor<2xi32>) {
// CHECK-NEXT:    %0 = core.constant dense_resource<weights> : tensor<6xf32>
// CHECK-NEXT:    %1 = core.constant dense<{{\[\[}}2, 3], [5, 6]]> : tensor<2x2xi32>
// CHECK-NEXT:    %2 = core.constant dense<[9, 1, 2, 3, 9]> : tensor<5xi32>
// CHECK-NEXT:    %3 = core.constant dense<[3, 1]> : tensor<2xi32>
// CHECK-NEXT:    return %0, %1, %2, %3 : tensor<6xf32>, tensor<2x2xi32>, tensor<5xi32>, tensor<2xi32>
func.func @movement() -> (tensor<6xf32>, tensor<2x2xi32>, tensor<5xi32>, tensor<2xi32>) {
  %w = core.constant dense_resource<weights> : tensor<2x3xf32>
  %0 = core.reshape %w : (tensor<2x3xf32>) -> tensor<6xf32>
  %a = core.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %1 = core.slice %a {starts = array<i64: 0, 1>, limits = array<i64: 2, 3>} : (tensor<2x3xi32>) -> tensor<2x2xi32>
  %v = core.constant dense<[1, 2, 3]> : tensor<3xi32>
  %2 = core.pad %v {low = array<i64: 1>, high = array<i64: 1>, value = 9 : i32} : (tensor<3xi32>) -> tensor<5xi32>
  %i = core.constant dense<[2, 0]> : tensor<2xi32>
  %3 = core.gather %v, %i : (tensor<3xi32>, tensor<2xi32>) -> tensor<2xi32>
  return %0, %1, %2, %3 : tensor<6xf32>, tensor<2x2xi32>, tensor<5xi32>, tensor<2xi32>
}

// Comparisons, selects and reductions.
// CHECK-LABEL: func.func @logic_and_reductions() -> (tensor<3xf32>, tensor<2xf32>, tensor<2xi64>) {
// CHECK-NEXT:    %0 = core.constant dense<[4.000000e+00, 5.000000e+00, 6.000000e+00]> : tensor<3xf32>
// CHECK-NEXT:    %1 = core.constant dense<[3.000000e+00, 4.000000e+00]> : tensor<2xf32>
// CHECK-NEXT:    %2 = core.constant dense<[1, 2]> : tensor<2xi64>
// CHECK-NEXT:    return %0, %1, %2 : tensor<3xf32>, tensor<2xf32>, tensor<2xi64>
func.func @logic_and_reductions() -> (tensor<3xf32>, tensor<2xf32>, tensor<2xi64>) {
  %a = core.constant dense<[[1.0, 5.0, 3.0], [4.0, 2.0, 6.0]]> : tensor<2x3xf32>
  %t = core.constant dense<3.0> : tensor<f32>
  %c = core.cmp "gt", %a, %t : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xi1>
  %z = core.constant dense<0.0> : tensor<f32>
  %0 = core.select %c, %a, %z : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %1 = core.reduce_max %0 {axes = array<i64: 0>} : (tensor<2x3xf32>) -> tensor<3xf32>
  %2 = core.reduce_mean %a {axes = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<2xf32>
  %3 = core.argmax %a {axis = 1 : i64} : (tensor<2x3xf32>) -> tensor<2xi64>
  return %1, %2, %3 : tensor<3xf32>, tensor<2xf32>, tensor<2xi64>
}
