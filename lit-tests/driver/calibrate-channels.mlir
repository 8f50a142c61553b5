// calibrate-channels on three samples of x (Inputs/calib-small):
//   [[1, -2, 3, -4], [0.5, 0, -1, 2]]
//   [[-8, 1, 1, 1], [2, 2, 2, 2]]
//   [[4, -0.5, 6, 0], [1, 1, -3, 0.25]]
// max |x| per channel (the last dimension) over rows and samples is
// [8, 2, 6, 4]; relu(x)'s is [4, 2, 6, 2]. The activation × activation
// matmul gets no entry (and loses a stale one).
// RUN: mlc-opt %s --pass-pipeline='builtin.module(calibrate-channels{data=%S/Inputs/calib-small})' | filecheck %s
// The documented pipeline: statistics, smoothing, ranges. With weight
// rows of max |w| [2, 2, 6, 1], s = sqrt(a/w) = [2, 1, 1, 2]; x comes
// from an argument, so a core.mul by 1/s = [0.5, 1, 1, 0.5] is inserted,
// whose result calibrate sees in [-6, 6] (x/s: [4, 2, 6, 2]).
// RUN: mlc-opt %s --pass-pipeline='builtin.module(calibrate-channels{data=%S/Inputs/calib-small},func.func(smooth-quant),calibrate{data=%S/Inputs/calib-small})' | filecheck %s --check-prefix=PIPE
// The order is checked: statistics before smoothing, ranges after.
// RUN: not mlc-opt %s --pass-pipeline='builtin.module(func.func(smooth-quant),calibrate-channels{data=%S/Inputs/calib-small})' 2>&1 | filecheck %s --check-prefix=ORDER1
// RUN: not mlc-opt %s --pass-pipeline='builtin.module(calibrate{data=%S/Inputs/calib-small},func.func(smooth-quant))' 2>&1 | filecheck %s --check-prefix=ORDER2
// RUN: not mlc-opt %s --pass-pipeline='builtin.module(calibrate-channels)' 2>&1 | filecheck %s --check-prefix=NODATA

// CHECK-LABEL: func.func @main
// CHECK:       core.matmul %arg0, %{{.*}} {mlc.act_absmax = array<f64: 8.000000e+00, 2.000000e+00, 6.000000e+00, 4.000000e+00>}
// CHECK:       core.matmul %{{.*}}, %{{.*}} {mlc.act_absmax = array<f64: 4.000000e+00, 2.000000e+00, 6.000000e+00, 2.000000e+00>}
// CHECK:       core.matmul
// CHECK-NOT:   mlc.act_absmax
// CHECK-SAME:  -> tensor<2x2xf32>

// PIPE-LABEL: func.func @main
// PIPE:       %[[W:.*]] = core.constant dense<{{\[\[}}4.000000e+00], [-2.000000e+00], [6.000000e+00], [2.000000e+00]]> : tensor<4x1xf32>
// PIPE:       %[[S:.*]] = core.constant dense<[5.000000e-01, 1.000000e+00, 1.000000e+00, 5.000000e-01]> : tensor<4xf32>
// PIPE-NEXT:  %[[X:.*]] = core.mul %arg0, %[[S]] {mlc.calib = [array<f64: -6.000000e+00, 6.000000e+00>]}
// PIPE-NEXT:  core.matmul %[[X]], %[[W]] {mlc.act_absmax = array<f64: 4.000000e+00, 2.000000e+00, 6.000000e+00, 2.000000e+00>, mlc.calib =

// ORDER1: pass 'calibrate-channels' must run before 'smooth-quant', which comes earlier in the pipeline
// ORDER2: pass 'calibrate' must run after 'smooth-quant', which comes later in the pipeline
// NODATA: error: calibrate-channels needs the calibration data directory: calibrate-channels{data=DIR}
func.func @main(%x: tensor<2x4xf32> {mlc.name = "x"}) -> (tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x2xf32>) {
  %w = core.constant dense<[[2.0], [-2.0], [6.0], [1.0]]> : tensor<4x1xf32>
  %0 = core.matmul %x, %w : (tensor<2x4xf32>, tensor<4x1xf32>) -> tensor<2x1xf32>
  %r = core.relu %x : tensor<2x4xf32>
  %v = core.constant dense<[[1.0, 1.0, 1.0, 1.0]]> : tensor<1x4xf32>
  %t = core.transpose %v {perm = array<i64: 1, 0>} : (tensor<1x4xf32>) -> tensor<4x1xf32>
  %1 = core.matmul %r, %t : (tensor<2x4xf32>, tensor<4x1xf32>) -> tensor<2x1xf32>
  %rt = core.transpose %r {perm = array<i64: 1, 0>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  %2 = core.matmul %r, %rt {mlc.act_absmax = array<f64: 1.0>} : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
  return %0, %1, %2 : tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x2xf32>
}
