// RUN: mlc-opt --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(func.func(legalize-trt{target=trt-orin}))' %s
// RUN: not mlc-opt --pass-pipeline='builtin.module(func.func(legalize-trt{target=trt-orin}))' %s -o %t.out 2>&1 | filecheck %s --check-prefix=POS
// RUN: not test -e %t.out

// A function the target cannot take fails with one error per op left
// illegal, at the op, naming the target rule that rejects it; nothing is
// converted.

// trt-orin's file lists no 'logic' op class; its binary class runs f16,
// f32 and i32, not i64; an asymmetric encoding has no TensorRT form; core
// has no TensorRT mapping for a pad with a nonzero value.
// POS: invalid.mlir:[[@LINE+4]]:8: error: 'core.cmp' op cannot be legalized for target 'trt-orin': target 'trt-orin' (targets/trt-orin.yaml) lists no op class 'logic'
// POS: invalid.mlir:[[@LINE+5]]:8: error: 'core.add' op cannot be legalized for target 'trt-orin': operand #0 (lhs) is i64, but target 'trt-orin' (targets/trt-orin.yaml) runs op class 'binary' with lhs in [f16, f32, i32] only
func.func @several(%x: tensor<4xf32>, %y: tensor<4xf32>, %i: tensor<4xi64>) -> (tensor<4xi1>, tensor<4xi64>, tensor<4xf32>, tensor<6xf32>) {
  // expected-error @+1 {{'core.cmp' op cannot be legalized for target 'trt-orin': target 'trt-orin' (targets/trt-orin.yaml) lists no op class 'logic'}}
  %0 = core.cmp "lt", %x, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  // expected-error @+1 {{operand #0 (lhs) is i64, but target 'trt-orin' (targets/trt-orin.yaml) runs op class 'binary' with lhs in [f16, f32, i32] only}}
  %1 = core.add %i, %i : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
  // expected-error @+1 {{zero point 3; TensorRT quantizes symmetrically (zero point 0)}}
  %2 = quant.qcast %x : tensor<4xf32> to tensor<4x!quant.uniform<i8:f32, 0.5:3>>
  // expected-error @+1 {{zero point 3; TensorRT quantizes symmetrically (zero point 0)}}
  %3 = quant.dcast %2 : tensor<4x!quant.uniform<i8:f32, 0.5:3>> to tensor<4xf32>
  // expected-error @+1 {{pads with 1; ISliceLayer's fill mode pads with zero}}
  %4 = core.pad %y {low = array<i64: 1>, high = array<i64: 1>, value = 1.0 : f32} : (tensor<4xf32>) -> tensor<6xf32>
  return %0, %1, %3, %4 : tensor<4xi1>, tensor<4xi64>, tensor<4xf32>, tensor<6xf32>
}

// -----

// An activation encoding with the narrow range [-127, 127]: IQuantizeLayer
// saturates to [-128, 127], so it would compute something else.
func.func @narrow(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{stores [-127, 127], but IQuantizeLayer saturates to [-128, 127]}}
  %0 = quant.qcast %x : tensor<4xf32> to tensor<4x!quant.uniform<i8<-127:127>:f32, 0.5>>
  %1 = quant.dcast %0 : tensor<4x!quant.uniform<i8<-127:127>:f32, 0.5>> to tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// Per-channel scales on an activation: TensorRT takes them on weights only.
func.func @per_channel_activation(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %0 = core.constant dense<1> : tensor<2x2xi8>
  %1 = quant.scast %0 : tensor<2x2xi8> to tensor<2x2x!quant.uniform<i8:f32:0, {0.5, 0.25}>>
  %2 = quant.dcast %1 : tensor<2x2x!quant.uniform<i8:f32:0, {0.5, 0.25}>> to tensor<2x2xf32>
  %3 = core.neg %x : tensor<2x2xf32>
  // expected-error @+1 {{(per-channel i8) follows no activation quantization rule of target 'trt-orin' (targets/trt-orin.yaml)}}
  %4 = quant.qcast %3 : tensor<2x2xf32> to tensor<2x2x!quant.uniform<i8:f32:0, {0.5, 0.25}>>
  // expected-error @+1 {{per-channel dequantization of an activation; TensorRT takes per-channel scales on weights only}}
  %5 = quant.dcast %4 : tensor<2x2x!quant.uniform<i8:f32:0, {0.5, 0.25}>> to tensor<2x2xf32>
  %6 = core.add %2, %5 : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %6 : tensor<2x2xf32>
}
