// RUN: mlc-opt --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(func.func(quantize{target=qnn-htp-v68}))' %s
// RUN: not mlc-opt --split-input-file --pass-pipeline='builtin.module(func.func(quantize{target=qnn-htp-v68}))' %s -o %t.out 2>&1 | filecheck %s --check-prefix=POS
// RUN: not test -e %t.out

// Each error is at the op it concerns; nothing is written.

// qnn-htp-v68 has no hardware fp16: a conv asked to run in f16 is refused.
// POS: assign-invalid.mlir:[[@LINE+4]]:8: error: 'core.conv2d' op: target 'qnn-htp-v68' does not run op class 'conv' in precision f16 (it runs it in: i8, i16)
func.func @f16_on_v68(%x: tensor<1x1x2x2xf32> {mlc.calib = array<f64: -1.0, 1.0>}) -> tensor<1x1x2x2xf32> {
  %w = core.constant dense<1.0> : tensor<1x1x1x1xf32>
  // expected-error @+1 {{'core.conv2d' op: target 'qnn-htp-v68' does not run op class 'conv' in precision f16 (it runs it in: i8, i16)}}
  %c = core.conv2d %x, %w {mlc.calib = [array<f64: -1.0, 1.0>], mlc.precision = "f16"} : (tensor<1x1x2x2xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x2x2xf32>
  return %c : tensor<1x1x2x2xf32>
}

// -----

// No target lists the logic op class: a comparison cannot run anywhere.
// POS: assign-invalid.mlir:[[@LINE+3]]:8: error: 'core.cmp' op (op class 'logic') cannot run on target 'qnn-htp-v68' in any precision: its file lists no element types for the class
func.func @cmp(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error @+1 {{'core.cmp' op (op class 'logic') cannot run on target 'qnn-htp-v68' in any precision: its file lists no element types for the class}}
  %c = core.cmp "lt", %x, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %c : tensor<4xi1>
}

// -----

// The relu's range was not recorded: its output cannot be encoded.
// POS: assign-invalid.mlir:[[@LINE+3]]:8: error: 'core.relu' op result #0 has no mlc.calib range, which 'core.relu' op needs to quantize it: run calibrate first
func.func @uncalibrated(%x: tensor<4xf32> {mlc.calib = array<f64: -1.0, 1.0>}) -> tensor<4xf32> {
  // expected-error @+1 {{'core.relu' op result #0 has no mlc.calib range, which 'core.relu' op needs to quantize it: run calibrate first}}
  %r = core.relu %x : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// An argument without a range, read by a quantized op.
// POS: assign-invalid.mlir:[[@LINE+2]]:29: error: argument #0 has no mlc.calib range, which 'core.relu' op needs to quantize it: run calibrate first
// expected-error @+1 {{argument #0 has no mlc.calib range, which 'core.relu' op needs to quantize it: run calibrate first}}
func.func @uncalibrated_arg(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = core.relu %x {mlc.calib = [array<f64: 0.0, 1.0>]} : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// A result calibrate saw no data for (empty entry).
func.func @unobserved(%x: tensor<4xf32> {mlc.calib = array<f64: -1.0, 1.0>}) -> tensor<4xf32> {
  // expected-error @+1 {{'core.relu' op result #0 was not observed (empty mlc.calib entry), but 'core.relu' op quantizes it: run calibrate first}}
  %r = core.relu %x {mlc.calib = [array<f64>]} : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// A malformed range.
func.func @reversed(%x: tensor<4xf32> {mlc.calib = array<f64: -1.0, 1.0>}) -> tensor<4xf32> {
  // expected-error @+1 {{'core.relu' op result #0: mlc.calib range [2, 1] is not a finite range with lo <= hi}}
  %r = core.relu %x {mlc.calib = [array<f64: 2.0, 1.0>]} : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// An unknown precision.
func.func @bad_precision(%x: tensor<4xf32> {mlc.calib = array<f64: -1.0, 1.0>}) -> tensor<4xf32> {
  // expected-error @+1 {{'core.relu' op: mlc.precision must be one of i8, i16, f16, f32, got "i4"}}
  %r = core.relu %x {mlc.calib = [array<f64: 0.0, 1.0>], mlc.precision = "i4"} : tensor<4xf32>
  return %r : tensor<4xf32>
}
