// The entropy observer (TensorRT's KL divergence) on Inputs/calib-outlier,
// ONNX test data (input_0.pb): three samples of x, all 1 but one -8.
// |x| over 2048 bins of [0, 8] (width 1/256): 23 samples in bin 256 (1 is
// its lower edge), one in bin 2047. A candidate i < 257 folds the bulk
// into bin i-1, which is empty in the 128-level quantized candidate Q:
// infinite divergence. i = 257 puts everything in bin 256 for both P and
// Q: divergence 0, the least, and the threshold is bin 256's upper edge,
// 257/2048 * 8 = 1.00390625: the outlier is clipped.
// relu(x) is 23 ones and a 0 (bins 2047 and 0): every i < 2048 leaves
// mass beyond an empty bin, so the threshold is the maximum, 1; 2*relu(x)
// likewise 2.
// entropy-min-samples=1: the divergence itself, on these 24 samples.
// RUN: mlc-opt %s --pass-pipeline='builtin.module(calibrate{data=%S/Inputs/calib-outlier method=entropy entropy-min-samples=1})' | filecheck %s
// By default a value with so few samples gets the mse range instead
// (which keeps the outlier: its error would dominate).
// RUN: mlc-opt %s --pass-pipeline='builtin.module(calibrate{data=%S/Inputs/calib-outlier method=entropy})' | filecheck %s --check-prefix=FEW
// RUN: mlc-opt %s --pass-pipeline='builtin.module(calibrate{data=%S/Inputs/calib-outlier method=mse})' | filecheck %s --check-prefix=FEW
// FEW: func.func @main(%arg0: tensor<2x4xf32> {mlc.calib = array<f64: -7.984375, 7.984375>, mlc.name = "x"})

// CHECK-LABEL: func.func private @helper
// CHECK:       core.relu %arg0 {mlc.calib = [array<f64: -1.000000e+00, 1.000000e+00>]}
// CHECK-LABEL: func.func @main
// CHECK-SAME:  {mlc.calib = array<f64: -1.00390625, 1.00390625>, mlc.name = "x"}
// CHECK-NEXT:  call @helper(%arg0) {mlc.calib = [array<f64: -1.000000e+00, 1.000000e+00>, array<f64>]}
// CHECK-NEXT:  core.constant dense<2.000000e+00> : tensor<f32> {mlc.calib = [array<f64: -2.000000e+00, 2.000000e+00>]}
// CHECK-NEXT:  core.mul %0#0, %1 {mlc.calib = [array<f64: -2.000000e+00, 2.000000e+00>]}

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
