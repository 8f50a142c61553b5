// The min-max observer on three samples of x (Inputs/calib-small, .npy
// files named after the input):
//   [[1, -2, 3, -4], [0.5, 0, -1, 2]]
//   [[-8, 1, 1, 1], [2, 2, 2, 2]]
//   [[4, -0.5, 6, 0], [1, 1, -3, 0.25]]
// x spans [-8, 6], relu(x) [0, 6], 2*relu(x) [0, 12]. Symmetric int8 (the
// default) takes the larger magnitude on both sides; asymmetric keeps the
// extremes, widened to hold 0. Ops in a called function are calibrated
// too; an integer result (core.cmp, the call's second result) is not.
// RUN: mlc-opt %s --pass-pipeline='builtin.module(calibrate{data=%S/Inputs/calib-small})' | filecheck %s --check-prefix=SYM
// RUN: mlc-opt %s --pass-pipeline='builtin.module(calibrate{data=%S/Inputs/calib-small method=minmax symmetric=false signed=false})' | filecheck %s --check-prefix=ASYM
// Calibrating again replaces the ranges.
// RUN: mlc-opt %s --pass-pipeline='builtin.module(calibrate{data=%S/Inputs/calib-small symmetric=false},calibrate{data=%S/Inputs/calib-small})' | filecheck %s --check-prefix=SYM

// SYM-LABEL: func.func private @helper
// SYM:       core.constant dense<0.000000e+00> : tensor<f32> {mlc.calib = [array<f64: 0.000000e+00, 0.000000e+00>]}
// SYM-NEXT:  core.cmp "gt"
// SYM-NOT:   mlc.calib
// SYM-SAME:  -> tensor<2x4xi1>
// SYM-NEXT:  core.relu %arg0 {mlc.calib = [array<f64: -6.000000e+00, 6.000000e+00>]}
// SYM-LABEL: func.func @main
// SYM-SAME:  {mlc.calib = array<f64: -8.000000e+00, 8.000000e+00>, mlc.name = "x"}
// SYM-NEXT:  call @helper(%arg0) {mlc.calib = [array<f64: -6.000000e+00, 6.000000e+00>, array<f64>]}
// SYM-NEXT:  core.constant dense<2.000000e+00> : tensor<f32> {mlc.calib = [array<f64: -2.000000e+00, 2.000000e+00>]}
// SYM-NEXT:  core.mul %0#0, %1 {mlc.calib = [array<f64: -1.200000e+01, 1.200000e+01>]}

// ASYM-LABEL: func.func private @helper
// ASYM:       core.relu %arg0 {mlc.calib = [array<f64: 0.000000e+00, 6.000000e+00>]}
// ASYM-LABEL: func.func @main
// ASYM-SAME:  {mlc.calib = array<f64: -8.000000e+00, 6.000000e+00>, mlc.name = "x"}
// ASYM-NEXT:  call @helper(%arg0) {mlc.calib = [array<f64: 0.000000e+00, 6.000000e+00>, array<f64>]}
// ASYM-NEXT:  core.constant dense<2.000000e+00> : tensor<f32> {mlc.calib = [array<f64: 0.000000e+00, 2.000000e+00>]}
// ASYM-NEXT:  core.mul %0#0, %1 {mlc.calib = [array<f64: 0.000000e+00, 1.200000e+01>]}

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
