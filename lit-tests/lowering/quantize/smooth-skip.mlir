// RUN: mlc-opt --split-input-file '--smooth-quant=explain=true' %s -o /dev/null 2>&1 | filecheck %s
// RUN: mlc-opt --split-input-file --smooth-quant %s | filecheck %s --check-prefix=IR
// RUN: not mlc-opt '--smooth-quant=alpha=1.5' %s 2>&1 | filecheck %s --check-prefix=ALPHA

// Matmuls smooth-quant leaves alone, each with its reason, and the IR
// unchanged; then groups it smooths with an explicit core.mul because the
// division cannot be folded, with the reason.

// ALPHA: error: smooth-quant: alpha must lie in [0, 1], got 1.5

// CHECK: smooth-skip.mlir:[[@LINE+6]]:{{[0-9]+}}: remark: 'core.matmul' not smoothed: no mlc.act_absmax (run calibrate-channels first)
// IR-LABEL: func.func @no_stats(
// IR-NEXT:    core.constant dense<1.000000e+00> : tensor<2x1xf32>
// IR-NEXT:    core.matmul %arg0, %0 :
func.func @no_stats(%x: tensor<3x2xf32>) -> tensor<3x1xf32> {
  %w = core.constant dense<[[1.0], [1.0]]> : tensor<2x1xf32>
  %0 = core.matmul %x, %w : (tensor<3x2xf32>, tensor<2x1xf32>) -> tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}

// -----

// CHECK: smooth-skip.mlir:[[@LINE+3]]:{{[0-9]+}}: remark: 'core.matmul' not smoothed: mlc.act_absmax is not an array<f64> of 2 entries, one per input channel
func.func @wrong_length(%x: tensor<3x2xf32>) -> tensor<3x1xf32> {
  %w = core.constant dense<[[1.0], [1.0]]> : tensor<2x1xf32>
  %0 = core.matmul %x, %w {mlc.act_absmax = array<f64: 4.0>} : (tensor<3x2xf32>, tensor<2x1xf32>) -> tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}

// -----

// CHECK: smooth-skip.mlir:[[@LINE+2]]:{{[0-9]+}}: remark: 'core.matmul' not smoothed: the right operand is not a constant weight
func.func @activations(%x: tensor<3x2xf32>, %y: tensor<2x1xf32>) -> tensor<3x1xf32> {
  %0 = core.matmul %x, %y {mlc.act_absmax = array<f64: 4.0, 1.0>} : (tensor<3x2xf32>, tensor<2x1xf32>) -> tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}

// -----

// CHECK: smooth-skip.mlir:[[@LINE+4]]:{{[0-9]+}}: remark: 'core.matmul' not smoothed: the weight is a transpose other than [1, 0]
func.func @batched_transpose(%x: tensor<2x3x2xf32>) -> tensor<2x3x1xf32> {
  %w = core.constant dense<[[[1.0, 1.0]], [[1.0, 1.0]]]> : tensor<2x1x2xf32>
  %t = core.transpose %w {perm = array<i64: 0, 2, 1>} : (tensor<2x1x2xf32>) -> tensor<2x2x1xf32>
  %0 = core.matmul %x, %t {mlc.act_absmax = array<f64: 4.0, 1.0>} : (tensor<2x3x2xf32>, tensor<2x2x1xf32>) -> tensor<2x3x1xf32>
  return %0 : tensor<2x3x1xf32>
}

// -----

// Zero ranges keep s = 1 (channel 0's weight row, channel 1's
// activation); with every channel at 1 nothing changes.
// CHECK: smooth-skip.mlir:[[@LINE+6]]:{{[0-9]+}}: remark: 'core.matmul' not smoothed: every channel scale is 1
// IR-LABEL: func.func @zero_channels(
// IR-NEXT:    core.constant dense<{{\[\[}}0.000000e+00], [1.000000e+00]]>
// IR-NEXT:    core.matmul %arg0, %0 {mlc.act_absmax = array<f64: 4.000000e+00, 0.000000e+00>}
func.func @zero_channels(%x: tensor<3x2xf32>) -> tensor<3x1xf32> {
  %w = core.constant dense<[[0.0], [1.0]]> : tensor<2x1xf32>
  %0 = core.matmul %x, %w {mlc.act_absmax = array<f64: 4.0, 0.0>} : (tensor<3x2xf32>, tensor<2x1xf32>) -> tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}

// -----

// The layer norm's output also feeds a residual add: gamma cannot take
// 1/s without changing the residual, so a core.mul is inserted.
// CHECK: smooth-skip.mlir:[[@LINE+9]]:{{[0-9]+}}: remark: smoothed 1 matmul(s): {{.*}}; inserted 'core.mul' by 1/s (the activation has 1 uses besides the group's matmuls)
// IR-LABEL: func.func @residual(
// IR:         core.mul %arg0, %0
// IR:         %[[S:.*]] = core.mul %1, %{{.*}} : (tensor<3x2xf32>, tensor<2xf32>)
// IR-NEXT:    core.matmul %[[S]]
func.func @residual(%x: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %g = core.constant dense<[3.0, 5.0]> : tensor<2xf32>
  %0 = core.mul %x, %g : (tensor<3x2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
  %w = core.constant dense<[[1.0, 0.0], [1.0, 1.0]]> : tensor<2x2xf32>
  %1 = core.matmul %0, %w {mlc.act_absmax = array<f64: 4.0, 1.0>} : (tensor<3x2xf32>, tensor<2x2xf32>) -> tensor<3x2xf32>
  %2 = core.add %0, %1 : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return %2 : tensor<3x2xf32>
}

// -----

// CHECK: smooth-skip.mlir:[[@LINE+4]]:{{[0-9]+}}: remark: smoothed 1 matmul(s): {{.*}}; inserted 'core.mul' by 1/s (the activation comes from 'core.relu', not a per-channel affine op)
func.func @relu(%x: tensor<3x2xf32>) -> tensor<3x1xf32> {
  %0 = core.relu %x : tensor<3x2xf32>
  %w = core.constant dense<[[1.0], [1.0]]> : tensor<2x1xf32>
  %1 = core.matmul %0, %w {mlc.act_absmax = array<f64: 4.0, 1.0>} : (tensor<3x2xf32>, tensor<2x1xf32>) -> tensor<3x1xf32>
  return %1 : tensor<3x1xf32>
}

// -----

// CHECK: smooth-skip.mlir:[[@LINE+6]]:{{[0-9]+}}: remark: smoothed 1 matmul(s): {{.*}}; inserted 'core.mul' by 1/s (a 'core.reshape' changes the channel dimension)
func.func @heads(%x: tensor<2x3x2xf32>) -> tensor<3x1xf32> {
  %g = core.constant dense<2.0> : tensor<f32>
  %0 = core.mul %x, %g : (tensor<2x3x2xf32>, tensor<f32>) -> tensor<2x3x2xf32>
  %1 = core.reshape %0 : (tensor<2x3x2xf32>) -> tensor<3x4xf32>
  %w = core.constant dense<[[1.0], [1.0], [1.0], [1.0]]> : tensor<4x1xf32>
  %2 = core.matmul %1, %w {mlc.act_absmax = array<f64: 4.0, 1.0, 1.0, 1.0>} : (tensor<3x4xf32>, tensor<4x1xf32>) -> tensor<3x1xf32>
  return %2 : tensor<3x1xf32>
}

// -----

// CHECK: smooth-skip.mlir:[[@LINE+6]]:{{[0-9]+}}: remark: smoothed 1 matmul(s): {{.*}}; inserted 'core.mul' by 1/s (the operand of 'core.transpose' has other uses)
func.func @shared_transpose(%x: tensor<3x1x2xf32>) -> (tensor<1x3x1xf32>, tensor<3x1x2xf32>) {
  %g = core.constant dense<2.0> : tensor<f32>
  %0 = core.mul %x, %g : (tensor<3x1x2xf32>, tensor<f32>) -> tensor<3x1x2xf32>
  %1 = core.transpose %0 {perm = array<i64: 1, 0, 2>} : (tensor<3x1x2xf32>) -> tensor<1x3x2xf32>
  %w = core.constant dense<[[1.0], [1.0]]> : tensor<2x1xf32>
  %2 = core.matmul %1, %w {mlc.act_absmax = array<f64: 4.0, 1.0>} : (tensor<1x3x2xf32>, tensor<2x1xf32>) -> tensor<1x3x1xf32>
  return %2, %0 : tensor<1x3x1xf32>, tensor<3x1x2xf32>
}
