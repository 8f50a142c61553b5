// The MSE observer on Inputs/calib-grid: three samples of x holding
// integers in [-127, 127], both extremes included. On the int8 grid of
// [-127, 127] (step 1) they quantize without error, and any smaller
// threshold clips 127: the search keeps [-127, 127]. relu(x) likewise;
// 2*relu(x) holds even integers up to 254, exact on the grid of
// [-254, 254] (step 2).
// RUN: mlc-opt %s --pass-pipeline='builtin.module(calibrate{data=%S/Inputs/calib-grid method=mse})' | filecheck %s
// At 2 bits (grid -t, 0, t) clipping pays. For t in (60, 128) the values
// that round to ±t are 127, -127, -100 and 64, the others (|x| <= 30)
// round to 0 whatever t, so the error is least at the mean of the four
// magnitudes, 104.5; the search tries t = k * 127/2048 and the nearest is
// k = 1685, 104.48974609375.
// RUN: mlc-opt %s --pass-pipeline='builtin.module(calibrate{data=%S/Inputs/calib-grid method=mse bits=2})' | filecheck %s --check-prefix=TWO

// CHECK-LABEL: func.func private @helper
// CHECK:       core.relu %arg0 {mlc.calib = [array<f64: -1.270000e+02, 1.270000e+02>]}
// CHECK-LABEL: func.func @main
// CHECK-SAME:  {mlc.calib = array<f64: -1.270000e+02, 1.270000e+02>, mlc.name = "x"}
// CHECK-NEXT:  call @helper(%arg0) {mlc.calib = [array<f64: -1.270000e+02, 1.270000e+02>, array<f64>]}
// CHECK:       core.mul %0#0, %1 {mlc.calib = [array<f64: -2.540000e+02, 2.540000e+02>]}

// TWO-LABEL: func.func @main
// TWO-SAME:  {mlc.calib = array<f64: -104.48974609375, 104.48974609375>, mlc.name = "x"}

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
