// RUN: mlc-opt --split-input-file --verify-diagnostics %s
// RUN: not mlc-opt --split-input-file %s 2>&1 | filecheck %s --check-prefix=POS

// POS lines check that type errors point at the offending token (line:col
// inside the type); for quant these are the columns mlir-opt-19 reports.

// Type checks (parse errors, positioned at the type).

// POS: invalid.mlir:[[@LINE+2]]:38: error: illegal scale: 0.000000e+00
// expected-error @+1 {{illegal scale: 0.000000e+00}}
func.func private @scale_zero(!quant.uniform<i8:f32, 0.0>)

// -----

// POS: invalid.mlir:[[@LINE+2]]:42: error: illegal scale: -2.500000e-01
// expected-error @+1 {{illegal scale: -2.500000e-01}}
func.func private @scale_negative(!quant.uniform<i8:f32, -0.25>)

// -----

// POS: invalid.mlir:[[@LINE+2]]:37: error: illegal scale: nan
// expected-error @+1 {{illegal scale: nan}}
func.func private @scale_nan(!quant.uniform<i8:f32, 0x7FF8000000000000>)

// -----

// POS: invalid.mlir:[[@LINE+2]]:37: error: illegal scale: INF
// expected-error @+1 {{illegal scale: INF}}
func.func private @scale_inf(!quant.uniform<i8:f32, 1.0e999>)

// -----

// POS: invalid.mlir:[[@LINE+2]]:47: error: illegal scale: 0.000000e+00
// expected-error @+1 {{illegal scale: 0.000000e+00}}
func.func private @per_axis_scale_zero(!quant.uniform<i8:f32:0, {0.5, 0.0:1}>)

// -----

// POS: invalid.mlir:[[@LINE+2]]:44: error: illegal zero point: 128 is outside the storage range [-128:127]
// expected-error @+1 {{illegal zero point: 128 is outside the storage range [-128:127]}}
func.func private @zero_point_above(!quant.uniform<i8:f32, 0.5:128>)

// -----

// POS: invalid.mlir:[[@LINE+2]]:53: error: illegal zero point: -1 is outside the storage range [0:255]
// expected-error @+1 {{illegal zero point: -1 is outside the storage range [0:255]}}
func.func private @zero_point_below_unsigned(!quant.uniform<u8:f32, 0.5:-1>)

// -----

// POS: invalid.mlir:[[@LINE+2]]:59: error: illegal zero point: -128 is outside the storage range [-127:127]
// expected-error @+1 {{illegal zero point: -128 is outside the storage range [-127:127]}}
func.func private @zero_point_outside_narrow_range(!quant.uniform<i8<-127:127>:f32, 0.5:-128>)

// -----

// POS: invalid.mlir:[[@LINE+2]]:47: error: illegal zero point: 8 is outside the storage range [-8:7]
// expected-error @+1 {{illegal zero point: 8 is outside the storage range [-8:7]}}
func.func private @per_axis_zero_point(!quant.uniform<i4:f32:0, {0.5:7, 0.5:8}>)

// -----

// POS: invalid.mlir:[[@LINE+2]]:63: error: illegal storage type minimum: -129
// expected-error @+1 {{illegal storage type minimum: -129}}
func.func private @storage_min_outside_type(!quant.uniform<i8<-129:127>:f32, 0.5>)

// -----

// POS: invalid.mlir:[[@LINE+2]]:65: error: illegal storage type maximum: 256
// expected-error @+1 {{illegal storage type maximum: 256}}
func.func private @storage_max_outside_type(!quant.uniform<u8<0:256>:f32, 0.5>)

// -----

// POS: invalid.mlir:[[@LINE+2]]:47: error: illegal storage min and storage max: (10:-10)
// expected-error @+1 {{illegal storage min and storage max: (10:-10)}}
func.func private @storage_range_empty(!quant.uniform<i8<10:-10>:f32, 0.5>)

// -----

// POS: invalid.mlir:[[@LINE+2]]:52: error: illegal storage type size: 64
// expected-error @+1 {{illegal storage type size: 64}}
func.func private @storage_too_wide(!quant.uniform<i64:f32, 0.5>)

// -----

// POS: invalid.mlir:[[@LINE+2]]:55: error: illegal storage type prefix
// expected-error @+1 {{illegal storage type prefix}}
func.func private @storage_not_integer(!quant.uniform<q8:f32, 0.5>)

// -----

// POS: invalid.mlir:[[@LINE+2]]:58: error: expressed type must be floating point
// expected-error @+1 {{expressed type must be floating point}}
func.func private @expressed_not_float(!quant.uniform<i8:i32, 0.5>)

// -----

// POS: invalid.mlir:[[@LINE+2]]:41: error: illegal quantized dimension: -1
// expected-error @+1 {{illegal quantized dimension: -1}}
func.func private @negative_axis(!quant.uniform<i8:f32:-1, {0.5}>)

// -----

// POS: invalid.mlir:[[@LINE+2]]:57: error: unexpected decimal integer literal for a floating point value (add a trailing dot to make the literal a float)
// expected-error @+1 {{unexpected decimal integer literal for a floating point value}}
func.func private @integer_scale(!quant.uniform<i8:f32, 2>)

// -----

// POS: invalid.mlir:[[@LINE+2]]:35: error: unknown quantized type uniformx
// expected-error @+1 {{unknown quantized type uniformx}}
func.func private @unknown(!quant.uniformx<i8:f32, 2.0>)

// -----

// Op checks.

func.func @qcast_expressed_mismatch(%x: tensor<4xf16>) {
  // expected-error @+1 {{'quant.qcast' op expressed type in quantized type expected to match float type}}
  %0 = quant.qcast %x : tensor<4xf16> to tensor<4x!quant.uniform<i8:f32, 0.5>>
  return
}

// -----

func.func @qcast_shape_mismatch(%x: tensor<4xf32>) {
  // expected-error @+1 {{'quant.qcast' op failed to verify that input and result are both scalars or both tensors with matching shape}}
  %0 = quant.qcast %x : tensor<4xf32> to tensor<5x!quant.uniform<i8:f32, 0.5>>
  return
}

// -----

func.func @qcast_scalar_to_tensor(%x: f32) {
  // expected-error @+1 {{'quant.qcast' op failed to verify that input and result are both scalars or both tensors with matching shape}}
  %0 = quant.qcast %x : f32 to tensor<!quant.uniform<i8:f32, 0.5>>
  return
}

// -----

func.func @qcast_static_to_dynamic(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'quant.qcast' op failed to verify that input and result are both scalars or both tensors with matching shape}}
  %0 = quant.qcast %x : tensor<2x3xf32> to tensor<?x3x!quant.uniform<i8:f32, 0.5>>
  return
}

// -----

func.func @qcast_ranked_to_unranked(%x: tensor<2xf32>) {
  // expected-error @+1 {{'quant.qcast' op failed to verify that input and result are both scalars or both tensors with matching shape}}
  %0 = quant.qcast %x : tensor<2xf32> to tensor<*x!quant.uniform<i8:f32, 0.5>>
  return
}

// -----

func.func @qcast_not_quantized(%x: tensor<4xf32>) {
  // expected-error @+1 {{'quant.qcast' op result #0 must be scalar or tensor of uniform quantized type, but got 'tensor<4xi8>'}}
  %0 = quant.qcast %x : tensor<4xf32> to tensor<4xi8>
  return
}

// -----

func.func @qcast_from_integer(%x: tensor<4xi8>) {
  // expected-error @+1 {{'quant.qcast' op operand #0 must be scalar or tensor of floating-point, but got 'tensor<4xi8>'}}
  %0 = quant.qcast %x : tensor<4xi8> to tensor<4x!quant.uniform<i8:f32, 0.5>>
  return
}

// -----

func.func @qcast_to_any(%x: tensor<4xf32>) {
  // expected-error @+1 {{'quant.qcast' op result #0 must be scalar or tensor of uniform quantized type, but got 'tensor<4x!quant.any<i8:f32>>'}}
  %0 = quant.qcast %x : tensor<4xf32> to tensor<4x!quant.any<i8:f32>>
  return
}

// -----

func.func @qcast_per_axis_count(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'quant.qcast' op quantized dimension size does not match number of scales}}
  %0 = quant.qcast %x : tensor<2x3xf32> to tensor<2x3x!quant.uniform<i8:f32:1, {0.1, 0.2}>>
  return
}

// -----

func.func @qcast_per_axis_rank(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'quant.qcast' op quantized dimension must be less than tensor rank}}
  %0 = quant.qcast %x : tensor<2x3xf32> to tensor<2x3x!quant.uniform<i8:f32:2, {0.1, 0.2}>>
  return
}

// -----

func.func @qcast_per_axis_scalar(%x: f32) {
  // expected-error @+1 {{'quant.qcast' op scalar types may not use per-axis quantization}}
  %0 = quant.qcast %x : f32 to !quant.uniform<i8:f32:0, {0.1}>
  return
}

// -----

func.func @dcast_of_non_quantized(%x: tensor<4xi8>) {
  // expected-error @+1 {{'quant.dcast' op operand #0 must be scalar or tensor of uniform quantized type, but got 'tensor<4xi8>'}}
  %0 = quant.dcast %x : tensor<4xi8> to tensor<4xf32>
  return
}

// -----

func.func @dcast_to_non_float(%q: tensor<4x!quant.uniform<i8:f32, 0.5>>) {
  // expected-error @+1 {{'quant.dcast' op result #0 must be scalar or tensor of floating-point, but got 'tensor<4xi8>'}}
  %0 = quant.dcast %q : tensor<4x!quant.uniform<i8:f32, 0.5>> to tensor<4xi8>
  return
}

// -----

func.func @dcast_expressed_mismatch(%q: tensor<4x!quant.uniform<i8:f32, 0.5>>) {
  // expected-error @+1 {{'quant.dcast' op expressed type in quantized type expected to match float type}}
  %0 = quant.dcast %q : tensor<4x!quant.uniform<i8:f32, 0.5>> to tensor<4xf64>
  return
}

// -----

func.func @dcast_shape_mismatch(%q: tensor<4x!quant.uniform<i8:f32, 0.5>>) {
  // expected-error @+1 {{'quant.dcast' op failed to verify that input and result are both scalars or both tensors with matching shape}}
  %0 = quant.dcast %q : tensor<4x!quant.uniform<i8:f32, 0.5>> to tensor<2x2xf32>
  return
}

// -----

func.func @dcast_per_axis_count(%q: tensor<4x!quant.uniform<i8:f32:0, {0.1, 0.2}>>) {
  // expected-error @+1 {{'quant.dcast' op quantized dimension size does not match number of scales}}
  %0 = quant.dcast %q : tensor<4x!quant.uniform<i8:f32:0, {0.1, 0.2}>> to tensor<4xf32>
  return
}

// -----

func.func @scast_storage_width(%q: tensor<4x!quant.uniform<i8:f32, 0.5>>) {
  // expected-error @+1 {{'quant.scast' op storage type in quantized type expected to match integer type}}
  %0 = quant.scast %q : tensor<4x!quant.uniform<i8:f32, 0.5>> to tensor<4xi16>
  return
}

// -----

func.func @scast_storage_signedness(%q: tensor<4x!quant.uniform<u8:f32, 0.5>>) {
  // expected-error @+1 {{'quant.scast' op storage type in quantized type expected to match integer type}}
  %0 = quant.scast %q : tensor<4x!quant.uniform<u8:f32, 0.5>> to tensor<4xsi8>
  return
}

// -----

func.func @scast_both_quantized(%q: tensor<4x!quant.uniform<i8:f32, 0.5>>) {
  // expected-error @+1 {{'quant.scast' op failed to verify that input must be integer and result must be quantized, or vice versa}}
  %0 = quant.scast %q : tensor<4x!quant.uniform<i8:f32, 0.5>> to tensor<4x!quant.uniform<i8:f32, 0.25>>
  return
}

// -----

func.func @scast_both_integer(%i: tensor<4xi8>) {
  // expected-error @+1 {{'quant.scast' op failed to verify that input must be integer and result must be quantized, or vice versa}}
  %0 = quant.scast %i : tensor<4xi8> to tensor<4xi8>
  return
}

// -----

func.func @scast_float(%x: tensor<4xf32>) {
  // expected-error @+1 {{'quant.scast' op operand #0 must be scalar or tensor of integer or quantized type, but got 'tensor<4xf32>'}}
  %0 = quant.scast %x : tensor<4xf32> to tensor<4x!quant.uniform<i8:f32, 0.5>>
  return
}

// -----

func.func @scast_shape(%i: tensor<4xi8>) {
  // expected-error @+1 {{'quant.scast' op failed to verify that input and result are both scalars or both tensors with matching shape}}
  %0 = quant.scast %i : tensor<4xi8> to tensor<8x!quant.uniform<i8:f32, 0.5>>
  return
}

// -----

func.func @scast_per_axis_rank(%i: tensor<4xi8>) {
  // expected-error @+1 {{'quant.scast' op quantized dimension must be less than tensor rank}}
  %0 = quant.scast %i : tensor<4xi8> to tensor<4x!quant.uniform<i8:f32:1, {0.5}>>
  return
}

// -----

func.func @requant_shape(%q: tensor<4x!quant.uniform<i8:f32, 0.5>>) {
  // expected-error @+1 {{'quant.requant' op failed to verify that input and result are both scalars or both tensors with matching shape}}
  %0 = quant.requant %q : tensor<4x!quant.uniform<i8:f32, 0.5>> to tensor<2x2x!quant.uniform<i8:f32, 0.25>>
  return
}

// -----

func.func @requant_expressed(%q: tensor<4x!quant.uniform<i8:f32, 0.5>>) {
  // expected-error @+1 {{'quant.requant' op expressed type of input and result quantized types expected to match}}
  %0 = quant.requant %q : tensor<4x!quant.uniform<i8:f32, 0.5>> to tensor<4x!quant.uniform<i8:f16, 0.25>>
  return
}

// -----

func.func @requant_per_axis_result(%q: tensor<4x3x!quant.uniform<i32:f32, 0.5>>) {
  // expected-error @+1 {{'quant.requant' op quantized dimension size does not match number of scales}}
  %0 = quant.requant %q : tensor<4x3x!quant.uniform<i32:f32, 0.5>> to tensor<4x3x!quant.uniform<i8:f32:0, {0.1, 0.2, 0.3}>>
  return
}

// -----

func.func @requant_of_float(%x: tensor<4xf32>) {
  // expected-error @+1 {{'quant.requant' op operand #0 must be scalar or tensor of uniform quantized type, but got 'tensor<4xf32>'}}
  %0 = quant.requant %x : tensor<4xf32> to tensor<4x!quant.uniform<i8:f32, 0.25>>
  return
}
