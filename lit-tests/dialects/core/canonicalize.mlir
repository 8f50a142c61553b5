// RUN: mlc-opt --canonicalize %s | filecheck %s
// RUN: mlc-opt --canonicalize --mlir-print-debuginfo --mlir-print-local-scope %s | filecheck %s --check-prefix=DEBUG

// Folders and canonicalisation rules (dialects/core/canonicalize.rules) of
// the core dialect through the greedy driver: constant operands fold to
// core.constant, identities return an existing value, dead ops disappear,
// the rest stays.

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

// ---- canonicalize.rules: each rule fires, near-misses stay ----

// x + (-0), 0 + x, x - (+0), x * 1, 1 * x, x / 1 for floats (constants that
// broadcast to x's shape included) and for integers; -(-x).
// CHECK-LABEL: func.func @arith_identities(%arg0: tensor<2x3xf32>, %arg1: tensor<3xi32>)
// CHECK-NEXT:    return %arg0, %arg0, %arg0, %arg0, %arg0, %arg1, %arg1, %arg1, %arg1, %arg0, %arg1 :
func.func @arith_identities(%x: tensor<2x3xf32>, %i: tensor<3xi32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<2x3xf32>, tensor<3xi32>) {
  %nz = core.constant dense<-0.0> : tensor<2x3xf32>
  %pz = core.constant dense<0.0> : tensor<3xf32>
  %one = core.constant dense<1.0> : tensor<f32>
  %zi = core.constant dense<0> : tensor<3xi32>
  %onei = core.constant dense<1> : tensor<3xi32>
  %0 = core.add %x, %nz : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = core.add %nz, %x : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = core.sub %x, %pz : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %3 = core.mul %one, %x : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = core.div %x, %one : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %5 = core.add %zi, %i : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  %6 = core.sub %i, %zi : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  %7 = core.mul %i, %onei : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  %8 = core.div %i, %onei : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  %9 = core.neg %x : tensor<2x3xf32>
  %10 = core.neg %9 : tensor<2x3xf32>
  %11 = core.neg %i : tensor<3xi32>
  %12 = core.neg %11 : tensor<3xi32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %10, %12 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<2x3xf32>, tensor<3xi32>
}

// Near-misses: x + 1; x + (+0.0) and x - (-0.0), which are not x when x is
// -0.0; 0 - x; a non-splat constant; a zero that broadcasts x to a larger
// shape; x * 1 of a constant that is not quite 1 (1 + 2^-23 in f32).
// CHECK-LABEL: func.func @arith_near_misses(%arg0: tensor<3xf32>)
// CHECK-NEXT:    %0 = core.constant dense<1.000000e+00> : tensor<3xf32>
// CHECK-NEXT:    %1 = core.constant dense<0.000000e+00> : tensor<3xf32>
// CHECK-NEXT:    %2 = core.constant dense<-0.000000e+00> : tensor<3xf32>
// CHECK-NEXT:    %3 = core.constant dense<[0.000000e+00, 1.000000e+00, 0.000000e+00]> : tensor<3xf32>
// CHECK-NEXT:    %4 = core.constant dense<-0.000000e+00> : tensor<2x3xf32>
// CHECK-NEXT:    %5 = core.constant dense<1.00000012> : tensor<3xf32>
// CHECK-NEXT:    %6 = core.add %arg0, %0 : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT:    %7 = core.add %arg0, %1 : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT:    %8 = core.sub %arg0, %2 : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT:    %9 = core.sub %1, %arg0 : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT:    %10 = core.add %arg0, %3 : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT:    %11 = core.add %arg0, %4 : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %12 = core.mul %arg0, %5 : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT:    return %6, %7, %8, %9, %10, %11, %12 :
func.func @arith_near_misses(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>, tensor<3xf32>) {
  %one = core.constant dense<1.0> : tensor<3xf32>
  %pz = core.constant dense<0.0> : tensor<3xf32>
  %nz = core.constant dense<-0.0> : tensor<3xf32>
  %mixed = core.constant dense<[0.0, 1.0, 0.0]> : tensor<3xf32>
  %big = core.constant dense<-0.0> : tensor<2x3xf32>
  %almost = core.constant dense<1.00000012> : tensor<3xf32>
  %0 = core.add %x, %one : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %1 = core.add %x, %pz : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %2 = core.sub %x, %nz : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %3 = core.sub %pz, %x : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %4 = core.add %x, %mixed : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %5 = core.add %x, %big : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %6 = core.mul %x, %almost : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>, tensor<3xf32>
}

// max(x, x), min(x, x); idempotent unary ops; |-x| = |x|.
// CHECK-LABEL: func.func @same_operands_and_idempotence(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>)
// CHECK-NEXT:    %0 = core.max %arg0, %arg1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %1 = core.abs %arg0 : tensor<4xf32>
// CHECK-NEXT:    %2 = core.relu %arg0 : tensor<4xf32>
// CHECK-NEXT:    %3 = core.floor %arg0 : tensor<4xf32>
// CHECK-NEXT:    %4 = core.ceil %arg0 : tensor<4xf32>
// CHECK-NEXT:    %5 = core.round %arg0 : tensor<4xf32>
// CHECK-NEXT:    %6 = core.abs %arg1 : tensor<4xf32>
// CHECK-NEXT:    %7 = core.relu %1 : tensor<4xf32>
// CHECK-NEXT:    return %arg0, %arg0, %0, %1, %2, %3, %4, %5, %6, %7 :
func.func @same_operands_and_idempotence(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = core.max %x, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = core.min %x, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = core.max %x, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %a = core.abs %x : tensor<4xf32>
  %3 = core.abs %a : tensor<4xf32>
  %r = core.relu %x : tensor<4xf32>
  %4 = core.relu %r : tensor<4xf32>
  %f = core.floor %x : tensor<4xf32>
  %5 = core.floor %f : tensor<4xf32>
  %c = core.ceil %x : tensor<4xf32>
  %6 = core.ceil %c : tensor<4xf32>
  %o = core.round %x : tensor<4xf32>
  %7 = core.round %o : tensor<4xf32>
  %n = core.neg %y : tensor<4xf32>
  %8 = core.abs %n : tensor<4xf32>
  %9 = core.relu %a : tensor<4xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// Logic and select: x & x, x | x, x & true, x | false, x ^ false,
// !!x; select with a splat condition or equal branches. Near-misses: x & false,
// x ^ true, a condition that is not a splat, a splat condition whose chosen
// branch is broadcast.
// CHECK-LABEL: func.func @logic_and_select(%arg0: tensor<3xi1>, %arg1: tensor<3xf32>, %arg2: tensor<3xf32>, %arg3: tensor<f32>)
// CHECK-NEXT:    %0 = core.constant dense<true> : tensor<3xi1>
// CHECK-NEXT:    %1 = core.constant dense<false> : tensor<3xi1>
// CHECK-NEXT:    %2 = core.constant dense<[true, false, true]> : tensor<3xi1>
// CHECK-NEXT:    %3 = core.and %arg0, %1 : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
// CHECK-NEXT:    %4 = core.xor %arg0, %0 : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
// CHECK-NEXT:    %5 = core.select %2, %arg1, %arg2 : (tensor<3xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT:    %6 = core.select %0, %arg3, %arg1 : (tensor<3xi1>, tensor<f32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT:    return %arg0, %arg0, %arg0, %arg0, %arg0, %arg0, %arg1, %arg2, %arg1, %3, %4, %5, %6 :
func.func @logic_and_select(%b: tensor<3xi1>, %x: tensor<3xf32>, %y: tensor<3xf32>, %s: tensor<f32>) -> (tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xi1>, tensor<3xi1>, tensor<3xf32>, tensor<3xf32>) {
  %t = core.constant dense<true> : tensor<3xi1>
  %f = core.constant dense<false> : tensor<3xi1>
  %m = core.constant dense<[true, false, true]> : tensor<3xi1>
  %0 = core.and %b, %b : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  %1 = core.or %b, %b : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  %2 = core.and %t, %b : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  %3 = core.or %b, %f : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  %4 = core.xor %f, %b : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  %n = core.not %b : tensor<3xi1>
  %5 = core.not %n : tensor<3xi1>
  %6 = core.select %t, %x, %y : (tensor<3xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %7 = core.select %f, %x, %y : (tensor<3xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %8 = core.select %b, %x, %x : (tensor<3xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %9 = core.and %b, %f : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  %10 = core.xor %b, %t : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  %11 = core.select %m, %x, %y : (tensor<3xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %12 = core.select %t, %s, %x : (tensor<3xi1>, tensor<f32>, tensor<3xf32>) -> tensor<3xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xi1>, tensor<3xi1>, tensor<3xf32>, tensor<3xf32>
}

// Transposes: an identity permutation, and two that compose to the
// identity, go; two that do not compose to the identity stay, as does a
// single transpose whose type does not change but whose perm is not the
// identity.
// CHECK-LABEL: func.func @transposes(%arg0: tensor<2x3x4xf32>, %arg1: tensor<3x3xf32>)
// CHECK-NEXT:    %0 = core.transpose %arg0 {perm = array<i64: 1, 2, 0>} : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
// CHECK-NEXT:    %1 = core.transpose %0 {perm = array<i64: 1, 2, 0>} : (tensor<3x4x2xf32>) -> tensor<4x2x3xf32>
// CHECK-NEXT:    %2 = core.transpose %arg1 {perm = array<i64: 1, 0>} : (tensor<3x3xf32>) -> tensor<3x3xf32>
// CHECK-NEXT:    return %arg0, %arg0, %1, %2 :
func.func @transposes(%x: tensor<2x3x4xf32>, %sq: tensor<3x3xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<4x2x3xf32>, tensor<3x3xf32>) {
  %0 = core.transpose %x {perm = array<i64: 0, 1, 2>} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %a = core.transpose %x {perm = array<i64: 1, 2, 0>} : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
  %1 = core.transpose %a {perm = array<i64: 2, 0, 1>} : (tensor<3x4x2xf32>) -> tensor<2x3x4xf32>
  %2 = core.transpose %a {perm = array<i64: 1, 2, 0>} : (tensor<3x4x2xf32>) -> tensor<4x2x3xf32>
  %3 = core.transpose %sq {perm = array<i64: 1, 0>} : (tensor<3x3xf32>) -> tensor<3x3xf32>
  return %0, %1, %2, %3 : tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<4x2x3xf32>, tensor<3x3xf32>
}

// Reshape, broadcast_to and cast to their input's own type go; a reshape
// of a reshape becomes one reshape (to the outer type, at the outer op's
// location fused with the inner's), and so does a broadcast of a
// broadcast; a reshape back to the input's type then goes too. Casts that
// change the type stay, and so does a cast of a cast.
// CHECK-LABEL: func.func @movement_and_casts(%arg0: tensor<2x3xf32>, %arg1: tensor<3xf32>)
// CHECK-NEXT:    %0 = core.reshape %arg0 : (tensor<2x3xf32>) -> tensor<6xf32>
// CHECK-NEXT:    %1 = core.broadcast_to %arg1 : (tensor<3xf32>) -> tensor<4x2x3xf32>
// CHECK-NEXT:    %2 = core.cast %arg0 : tensor<2x3xf32> to tensor<2x3xf16>
// CHECK-NEXT:    %3 = core.cast %2 : tensor<2x3xf16> to tensor<2x3xf32>
// CHECK-NEXT:    return %arg0, %arg0, %arg0, %0, %arg0, %1, %3 :
// DEBUG-LABEL: func.func @movement_and_casts(
// DEBUG:         core.reshape %arg0 : (tensor<2x3xf32>) -> tensor<6xf32> loc(fused["outer", "inner"])
func.func @movement_and_casts(%x: tensor<2x3xf32>, %v: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<6xf32>, tensor<2x3xf32>, tensor<4x2x3xf32>, tensor<2x3xf32>) {
  %0 = core.reshape %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = core.broadcast_to %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = core.cast %x : tensor<2x3xf32> to tensor<2x3xf32>
  %r = core.reshape %x : (tensor<2x3xf32>) -> tensor<3x2xf32> loc("inner")
  %3 = core.reshape %r : (tensor<3x2xf32>) -> tensor<6xf32> loc("outer")
  %4 = core.reshape %r : (tensor<3x2xf32>) -> tensor<2x3xf32>
  %b = core.broadcast_to %v : (tensor<3xf32>) -> tensor<2x3xf32>
  %5 = core.broadcast_to %b : (tensor<2x3xf32>) -> tensor<4x2x3xf32>
  %h = core.cast %x : tensor<2x3xf32> to tensor<2x3xf16>
  %6 = core.cast %h : tensor<2x3xf16> to tensor<2x3xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<6xf32>, tensor<2x3xf32>, tensor<4x2x3xf32>, tensor<2x3xf32>
}

// Equal constants: the first is kept and later uses read it, so every use
// stays dominated by its definition (the output must verify).
// CHECK-LABEL: func.func @duplicate_constants(
// CHECK:         %[[E:.*]] = core.exp %arg0
// CHECK-NEXT:    %[[C:.*]] = core.constant dense<2.000000e+00>
// CHECK-NEXT:    %[[A:.*]] = core.add %[[E]], %[[C]]
// CHECK-NEXT:    core.sub %[[A]], %[[C]]
func.func @duplicate_constants(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %x = core.exp %a : tensor<4xf32>
  %c1 = core.constant dense<2.0> : tensor<4xf32>
  %c2 = core.constant dense<2.0> : tensor<4xf32>
  %1 = core.add %x, %c1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = core.sub %1, %c2 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %1, %2 : tensor<4xf32>, tensor<4xf32>
}
