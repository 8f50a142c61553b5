// RUN: mlc-opt --split-input-file --smooth-quant %s | filecheck %s
// RUN: mlc-opt --split-input-file '--smooth-quant=explain=true' %s -o /dev/null 2>&1 | filecheck %s --check-prefix=EXPLAIN
// RUN: mlc-opt --split-input-file '--smooth-quant=alpha=1.0' %s | filecheck %s --check-prefix=ALPHA1

// SmoothQuant: s_j = a_j^alpha / w_j^(1-alpha) with a_j = mlc.act_absmax[j]
// and w_j the max |w| of weight row j. Here a = [4, 1], w = [1, 1], alpha
// = 0.5: s = [2, 1]. A layer norm's tail (mul by gamma, add beta) takes
// 1/s: gamma [3, 5] -> [1.5, 5], beta [2, 7] -> [1, 7]; the weight's row 0
// is doubled; mlc.act_absmax becomes a/s = [2, 1].
// With alpha = 1, s = a = [4, 1]: gamma [0.75, 5], beta [0.5, 7], row 0 x4.

// CHECK-LABEL: func.func @layer_norm_tail(
// CHECK-NEXT:    %0 = core.constant dense<[1.500000e+00, 5.000000e+00]> : tensor<2xf32>
// CHECK-NEXT:    %1 = core.mul %arg0, %0
// CHECK-NEXT:    %2 = core.constant dense<[1.000000e+00, 7.000000e+00]> : tensor<2xf32>
// CHECK-NEXT:    %3 = core.add %1, %2
// CHECK-NEXT:    %4 = core.constant dense<{{\[\[}}2.000000e+00, -2.000000e+00], [1.000000e+00, 5.000000e-01]]> : tensor<2x2xf32>
// CHECK-NEXT:    %5 = core.matmul %3, %4 {mlc.act_absmax = array<f64: 2.000000e+00, 1.000000e+00>}
// ALPHA1-LABEL: func.func @layer_norm_tail(
// ALPHA1-NEXT:    core.constant dense<[7.500000e-01, 5.000000e+00]>
// ALPHA1-NEXT:    core.mul
// ALPHA1-NEXT:    core.constant dense<[5.000000e-01, 7.000000e+00]>
// ALPHA1-NEXT:    core.add
// ALPHA1-NEXT:    core.constant dense<{{\[\[}}4.000000e+00, -4.000000e+00], [1.000000e+00, 5.000000e-01]]>
// EXPLAIN: smooth.mlir:[[@LINE+7]]:{{[0-9]+}}: remark: smoothed 1 matmul(s): s in [1, 2], activation channel range spread 4 -> 2; folded 1/s into 'core.add' at {{.*}}smooth.mlir:[[@LINE+5]]:{{[0-9]+}}, 'core.mul' at {{.*}}smooth.mlir:[[@LINE+3]]:{{[0-9]+}}
func.func @layer_norm_tail(%x: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %g = core.constant dense<[3.0, 5.0]> : tensor<2xf32>
  %0 = core.mul %x, %g : (tensor<3x2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
  %b = core.constant dense<[2.0, 7.0]> : tensor<2xf32>
  %1 = core.add %0, %b : (tensor<3x2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
  %w = core.constant dense<[[1.0, -1.0], [1.0, 0.5]]> : tensor<2x2xf32>
  %2 = core.matmul %1, %w {mlc.act_absmax = array<f64: 4.0, 1.0>} : (tensor<3x2xf32>, tensor<2x2xf32>) -> tensor<3x2xf32>
  return %2 : tensor<3x2xf32>
}

// -----

// Q, K and V read one activation: one s for the three, from the max of
// their rows (w = [max(1, 0.25, 0.5), max(0.5, 4, 1)] = [1, 4]) and a =
// [4, 4]: s = [2, 1]. The weights are N×K behind [1, 0] transposes, as
// linear layers import, so column 0 of each is doubled. The scalar gamma
// 2 becomes one value per channel, [1, 2].

// CHECK-LABEL: func.func @qkv(
// CHECK-NEXT:    %0 = core.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-NEXT:    %1 = core.mul %arg0, %0
// CHECK-NEXT:    %2 = core.constant dense<{{\[\[}}2.000000e+00, 5.000000e-01]]> : tensor<1x2xf32>
// CHECK-NEXT:    %3 = core.transpose %2
// CHECK-NEXT:    %4 = core.matmul %1, %3 {mlc.act_absmax = array<f64: 2.000000e+00, 4.000000e+00>}
// CHECK-NEXT:    %5 = core.constant dense<{{\[\[}}5.000000e-01, 4.000000e+00]]> : tensor<1x2xf32>
// CHECK-NEXT:    %6 = core.transpose %5
// CHECK-NEXT:    %7 = core.matmul %1, %6 {mlc.act_absmax = array<f64: 2.000000e+00, 4.000000e+00>}
// CHECK-NEXT:    %8 = core.constant dense<{{\[\[}}1.000000e+00, -1.000000e+00]]> : tensor<1x2xf32>
// CHECK-NEXT:    %9 = core.transpose %8
// CHECK-NEXT:    %10 = core.matmul %1, %9 {mlc.act_absmax = array<f64: 2.000000e+00, 4.000000e+00>}
// EXPLAIN: smooth.mlir:[[@LINE+6]]:{{[0-9]+}}: remark: smoothed 3 matmul(s): s in [1, 2], activation channel range spread 1 -> 2; folded 1/s into 'core.mul'
func.func @qkv(%x: tensor<3x2xf32>) -> (tensor<3x1xf32>, tensor<3x1xf32>, tensor<3x1xf32>) {
  %g = core.constant dense<2.0> : tensor<f32>
  %0 = core.mul %x, %g : (tensor<3x2xf32>, tensor<f32>) -> tensor<3x2xf32>
  %wq = core.constant dense<[[1.0, 0.5]]> : tensor<1x2xf32>
  %tq = core.transpose %wq {perm = array<i64: 1, 0>} : (tensor<1x2xf32>) -> tensor<2x1xf32>
  %q = core.matmul %0, %tq {mlc.act_absmax = array<f64: 4.0, 4.0>} : (tensor<3x2xf32>, tensor<2x1xf32>) -> tensor<3x1xf32>
  %wk = core.constant dense<[[0.25, 4.0]]> : tensor<1x2xf32>
  %tk = core.transpose %wk {perm = array<i64: 1, 0>} : (tensor<1x2xf32>) -> tensor<2x1xf32>
  %k = core.matmul %0, %tk {mlc.act_absmax = array<f64: 4.0, 4.0>} : (tensor<3x2xf32>, tensor<2x1xf32>) -> tensor<3x1xf32>
  %wv = core.constant dense<[[0.5, -1.0]]> : tensor<1x2xf32>
  %tv = core.transpose %wv {perm = array<i64: 1, 0>} : (tensor<1x2xf32>) -> tensor<2x1xf32>
  %v = core.matmul %0, %tv {mlc.act_absmax = array<f64: 4.0, 4.0>} : (tensor<3x2xf32>, tensor<2x1xf32>) -> tensor<3x1xf32>
  return %q, %k, %v : tensor<3x1xf32>, tensor<3x1xf32>, tensor<3x1xf32>
}

// -----

// No affine producer to fold into (an argument): a core.mul by 1/s =
// [0.5, 1] is inserted before the matmul, which now reads it.

// CHECK-LABEL: func.func @explicit(
// CHECK-NEXT:    %0 = core.constant dense<{{\[\[}}2.000000e+00], [1.000000e+00]]> : tensor<2x1xf32>
// CHECK-NEXT:    %1 = core.constant dense<[5.000000e-01, 1.000000e+00]> : tensor<2xf32>
// CHECK-NEXT:    %2 = core.mul %arg0, %1 : (tensor<3x2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
// CHECK-NEXT:    %3 = core.matmul %2, %0
// EXPLAIN: smooth.mlir:[[@LINE+3]]:{{[0-9]+}}: remark: smoothed 1 matmul(s): s in [1, 2], activation channel range spread 4 -> 2; inserted 'core.mul' by 1/s (the activation is a block argument)
func.func @explicit(%x: tensor<3x2xf32>) -> tensor<3x1xf32> {
  %w = core.constant dense<[[1.0], [1.0]]> : tensor<2x1xf32>
  %0 = core.matmul %x, %w {mlc.act_absmax = array<f64: 4.0, 1.0>} : (tensor<3x2xf32>, tensor<2x1xf32>) -> tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}

// -----

// A divisor takes s (x / (d·s) = (x / d) / s) and a constant minuend 1/s
// ((c - y) / s = c/s - y/s): with s = [2, 1], d [0.5, 2] -> [1, 2] and
// c [4, 6] -> [2, 6].

// CHECK-LABEL: func.func @div_sub(
// CHECK-NEXT:    %0 = core.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-NEXT:    %1 = core.div %arg0, %0
// CHECK-NEXT:    %2 = core.constant dense<[2.000000e+00, 6.000000e+00]> : tensor<2xf32>
// CHECK-NEXT:    %3 = core.sub %2, %1
// CHECK-NEXT:    %4 = core.constant dense<{{\[\[}}2.000000e+00], [1.000000e+00]]> : tensor<2x1xf32>
// CHECK-NEXT:    %5 = core.matmul %3, %4
func.func @div_sub(%x: tensor<3x2xf32>) -> tensor<3x1xf32> {
  %d = core.constant dense<[0.5, 2.0]> : tensor<2xf32>
  %0 = core.div %x, %d : (tensor<3x2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
  %c = core.constant dense<[4.0, 6.0]> : tensor<2xf32>
  %1 = core.sub %c, %0 : (tensor<2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  %w = core.constant dense<[[1.0], [1.0]]> : tensor<2x1xf32>
  %2 = core.matmul %1, %w {mlc.act_absmax = array<f64: 4.0, 1.0>} : (tensor<3x2xf32>, tensor<2x1xf32>) -> tensor<3x1xf32>
  return %2 : tensor<3x1xf32>
}

// -----

// A core.layer_norm over the channels takes 1/s in its scale and bias:
// with s = [2, 1], scale [3, 5] -> [1.5, 5] and bias [2, 7] -> [1, 7].

// CHECK-LABEL: func.func @layer_norm_op(
// CHECK-NEXT:    %0 = core.constant dense<[1.500000e+00, 5.000000e+00]> : tensor<2xf32>
// CHECK-NEXT:    %1 = core.constant dense<[1.000000e+00, 7.000000e+00]> : tensor<2xf32>
// CHECK-NEXT:    %2 = core.layer_norm %arg0, %0, %1 {axes = array<i64: 1>}
// CHECK-NEXT:    %3 = core.constant dense<{{\[\[}}2.000000e+00, -2.000000e+00], [1.000000e+00, 5.000000e-01]]> : tensor<2x2xf32>
// CHECK-NEXT:    %4 = core.matmul %2, %3 {mlc.act_absmax = array<f64: 2.000000e+00, 1.000000e+00>}
// EXPLAIN: smooth.mlir:[[@LINE+6]]:{{[0-9]+}}: remark: smoothed 1 matmul(s): s in [1, 2], activation channel range spread 4 -> 2; folded 1/s into 'core.layer_norm'
func.func @layer_norm_op(%x: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %g = core.constant dense<[3.0, 5.0]> : tensor<2xf32>
  %b = core.constant dense<[2.0, 7.0]> : tensor<2xf32>
  %0 = core.layer_norm %x, %g, %b {axes = array<i64: 1>} : (tensor<3x2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
  %w = core.constant dense<[[1.0, -1.0], [1.0, 0.5]]> : tensor<2x2xf32>
  %1 = core.matmul %0, %w {mlc.act_absmax = array<f64: 4.0, 1.0>} : (tensor<3x2xf32>, tensor<2x2xf32>) -> tensor<3x2xf32>
  return %1 : tensor<3x2xf32>
}
