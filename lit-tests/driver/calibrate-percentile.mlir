// The percentile observer (90th percentile of |x|) on Inputs/calib-small
// (see calibrate-minmax.mlir). The 24 values of |x|, sorted:
//   0 0 .25 .5 .5 1 1 1 1 1 1 1 2 2 2 2 2 2 3 3 4 4 6 8
// and rank ceil(0.9 * 24) = 22 is 4. The histogram has 8192 bins a side
// over [-r, r], r the smallest power of two above max|x| (16 for x), and
// answers the upper edge of the bin holding the sample: 4 + 16/8192.
// relu(x): 8 zeros, .25, .5, six 1s, five 2s, 3, 4, 6: rank 22 is 3, r = 8,
// so 3 + 8/8192. 2*relu(x): 6 + 16/8192. A constant's percentile is its
// value (a result is never above the exact maximum).
// RUN: mlc-opt %s --pass-pipeline='builtin.module(calibrate{data=%S/Inputs/calib-small method=percentile percentile=90})' | filecheck %s
// The default percentile, 99.99, is rank 24: the maximum.
// RUN: mlc-opt %s --pass-pipeline='builtin.module(calibrate{data=%S/Inputs/calib-small method=percentile})' | filecheck %s --check-prefix=DEFAULT

// CHECK-LABEL: func.func private @helper
// CHECK:       core.constant dense<0.000000e+00> : tensor<f32> {mlc.calib = [array<f64: 0.000000e+00, 0.000000e+00>]}
// CHECK:       core.relu %arg0 {mlc.calib = [array<f64: -3.0009765625, 3.0009765625>]}
// CHECK-LABEL: func.func @main
// CHECK-SAME:  {mlc.calib = array<f64: -4.001953125, 4.001953125>, mlc.name = "x"}
// CHECK-NEXT:  call @helper(%arg0) {mlc.calib = [array<f64: -3.0009765625, 3.0009765625>, array<f64>]}
// CHECK-NEXT:  core.constant dense<2.000000e+00> : tensor<f32> {mlc.calib = [array<f64: -2.000000e+00, 2.000000e+00>]}
// CHECK-NEXT:  core.mul %0#0, %1 {mlc.calib = [array<f64: -6.001953125, 6.001953125>]}

// DEFAULT-LABEL: func.func @main
// DEFAULT-SAME:  {mlc.calib = array<f64: -8.000000e+00, 8.000000e+00>, mlc.name = "x"}
// DEFAULT:       core.mul %0#0, %1 {mlc.calib = [array<f64: -1.200000e+01, 1.200000e+01>]}

func.func private @helper(%a: tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xi1>) {
  %zero = core.constant dense<0.0> : tensor<f32>
  %m = core.cmp "gt", %a, %zero : (tensor<2x4xf32>, tensor<f32>) -> tensor<2x4xi1>
  %r = core.relu %a : tensor<2x4xf32>
  return %r, %m : tensor<2x4xf32>, tensor<2x4xi1>
}
func.func @main(%x: tensor<2x4xf32> {mlc.name = "x"}) -> tensor<2x4xf32> {
  %r, %m = func.call @helper(%x) : (tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xi1>)
  %two = core.constant dense<2.0> : tensor<f32>
  %y = core.mul %r, %two : (tensor<2x4xf32>, tensor<f32>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}
