// Bad calibration data is one error at the entry function naming the
// directory or the file, and nothing is written.
// RUN: rm -rf %t && mkdir -p %t/empty
// RUN: not mlc-opt %s --pass-pipeline='builtin.module(calibrate{data=%t/empty})' -o %t/out.mlir 2>&1 | filecheck %s --check-prefix=EMPTY
// RUN: not test -e %t/out.mlir
// RUN: not mlc-opt %s --pass-pipeline='builtin.module(calibrate{data=%S/Inputs/calib-shape})' -o %t/out.mlir 2>&1 | filecheck %s --check-prefix=SHAPE
// RUN: not test -e %t/out.mlir
// RUN: not mlc-opt %s --pass-pipeline='builtin.module(calibrate{data=%S/Inputs/calib-nan method=entropy})' -o %t/out.mlir 2>&1 | filecheck %s --check-prefix=NAN
// RUN: not test -e %t/out.mlir
// RUN: not mlc-opt %s --pass-pipeline='builtin.module(calibrate{data=%t/none})' 2>&1 | filecheck %s --check-prefix=NONE
// RUN: not mlc-opt %s --pass-pipeline='builtin.module(calibrate)' 2>&1 | filecheck %s --check-prefix=NODATA
// RUN: not mlc-opt %s --pass-pipeline='builtin.module(calibrate{data=%S/Inputs/calib-small method=max})' 2>&1 | filecheck %s --check-prefix=METHOD
// RUN: not mlc-opt %s --pass-pipeline='builtin.module(calibrate{data=%S/Inputs/calib-small method=entropy bits=16})' 2>&1 | filecheck %s --check-prefix=BITS
// RUN: not mlc-opt %s --pass-pipeline='builtin.module(calibrate{data=%S/Inputs/calib-small function=run})' 2>&1 | filecheck %s --check-prefix=FUNC

// EMPTY: calibrate-errors.mlir:[[@LINE+10]]:1: error: calibration data {{.*}}empty holds no test_data_set_<k> folder
// SHAPE: calibrate-errors.mlir:[[@LINE+9]]:1: error: {{.*}}Inputs/calib-shape/test_data_set_0/x.npy: input 'x' has shape [3x4], but its type is tensor<2x4xf32>
// The NaN is element 5 of the second sample.
// NAN: calibrate-errors.mlir:[[@LINE+7]]:1: error: {{.*}}Inputs/calib-nan/test_data_set_1/x.npy: input 'x' element 5 is NaN; calibration data must be finite
// NONE: error: calibration data {{.*}}none: no such file or directory
// NODATA: error: calibrate needs the calibration data directory: calibrate{data=DIR}
// METHOD: error: pass 'calibrate': option 'method' expects one of minmax, percentile, entropy, mse, not 'max'
// BITS: error: calibrate: the entropy method works on 2048 bins and cannot calibrate 16-bit storage (at most 12 bits)
// FUNC: error: no function @run in the module (it has [@main])

func.func @main(%x: tensor<2x4xf32> {mlc.name = "x"}) -> tensor<2x4xf32> {
  %r = core.relu %x : tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}
