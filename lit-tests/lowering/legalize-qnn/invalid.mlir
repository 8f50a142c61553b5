// RUN: not mlc-opt --pass-pipeline='builtin.module(func.func(quantize{target=qnn-htp-v73},quant-fuse,legalize-qnn{target=qnn-htp-v73}))' %s -o %t.out 2>&1 | filecheck %s
// RUN: not test -e %t.out
// RUN: not mlc-opt --pass-pipeline='builtin.module(func.func(quantize{target=qnn-htp-v73},legalize-qnn{target=qnn-htp-v68}))' %s --split-input-file 2>&1 | filecheck %s --check-prefix=V68

// A failed legalisation reports every op it cannot convert, one error
// each at the op's location with the rule that rejects it, and changes
// nothing. Ops with no qnn op (erf, reciprocal), a ceil-mode pool whose last
// window PyTorch drops but QNN keeps, and a clamp with one bound:

// CHECK: invalid.mlir:[[@LINE+11]]:8: error: 'core.erf' op cannot be legalized for target 'qnn-htp-v73': no qnn op implements 'core.erf' (it has no row in the core→qnn table)
// CHECK: invalid.mlir:[[@LINE+11]]:8: error: 'core.reciprocal' op cannot be legalized for target 'qnn-htp-v73': no qnn op implements 'core.reciprocal' (it has no row in the core→qnn table)
// CHECK: invalid.mlir:[[@LINE+11]]:8: error: 'core.max_pool2d' op cannot be legalized for target 'qnn-htp-v73': ceil_mode drops a window that starts in the padding (PyTorch's rule); QNN's ceil rounding gives 3, not 2
// CHECK: invalid.mlir:[[@LINE+11]]:8: error: 'core.clamp' op cannot be legalized for target 'qnn-htp-v73': a clamp with one bound has no QNN form (ReluMinMax takes both)
// CHECK-NOT: error
// V68: invalid.mlir:[[@LINE+6]]:8: error: 'core.erf' op cannot be legalized for target 'qnn-htp-v68'
// V68: invalid.mlir:[[@LINE+6]]:8: error: 'core.reciprocal' op cannot be legalized for target 'qnn-htp-v68'
// V68: invalid.mlir:[[@LINE+6]]:8: error: 'core.max_pool2d' op cannot be legalized for target 'qnn-htp-v68': ceil_mode
// V68: invalid.mlir:[[@LINE+6]]:8: error: 'core.clamp' op cannot be legalized for target 'qnn-htp-v68'
func.func @unsupported(%x: tensor<1x1x3x3xf32> {mlc.calib = array<f64: -1.0, 1.0>}) -> tensor<1x1x2x2xf32> {
  %two = core.constant dense<2.0> : tensor<f32> // unused: constants always convert
  %e = core.erf %x {mlc.calib = [array<f64: -0.9, 0.9>]} : tensor<1x1x3x3xf32>
  %p = core.reciprocal %e {mlc.calib = [array<f64: 0.0, 8.0>]} : tensor<1x1x3x3xf32>
  %m = core.max_pool2d %p {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, padding = array<i64: 1, 1, 1, 1>, ceil_mode = true, mlc.calib = [array<f64: 0.0, 8.0>]} : (tensor<1x1x3x3xf32>) -> tensor<1x1x2x2xf32>
  %c = core.clamp %m min 1.0 {mlc.calib = [array<f64: 1.0, 8.0>]} : tensor<1x1x2x2xf32>
  return %c : tensor<1x1x2x2xf32>
}

// -----

// qnn-htp-v68 runs no float16: a pool that quantize (for v73) moved in
// f16 is refused by the pool class's element types in v68's file.
// V68: invalid.mlir:[[@LINE+2]]:8: error: 'core.max_pool2d' op cannot be legalized for target 'qnn-htp-v68': operand #0 (input) has element type f16, but target 'qnn-htp-v68' runs op class 'pool' with input in [{{.*}}] only (op_classes.pool.operands.input of targets/qnn-htp-v68.yaml)
func.func @f16_pool(%x: tensor<1x1x4x4xf32> {mlc.calib = array<f64: 0.0, 1.0>}) -> tensor<1x1x2x2xf32> {
  %m = core.max_pool2d %x {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, mlc.calib = [array<f64: 0.0, 1.0>]} : (tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32>
  return %m : tensor<1x1x2x2xf32>
}

