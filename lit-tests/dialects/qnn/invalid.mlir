// RUN: mlc-opt --split-input-file --verify-diagnostics %s
// RUN: not mlc-opt --split-input-file %s 2>&1 | filecheck %s --check-prefix=POS

// POS lines check that type errors point at the offending token (line:col
// inside the type); for quant these are the columns mlir-opt-19 reports.

// ===== !qnn.tensor types =====

// scale must be positive
// POS: invalid.mlir:[[@LINE+2]]:23: error: scale must be positive and finite, got 0.0
// expected-error @+1 {{scale must be positive and finite, got 0.0}}
func.func @f(%a: !qnn.tensor<4xufixed8, scale = 0.0, offset = 0>) {
  return
}

// -----

// every per-axis scale must be positive
// POS: invalid.mlir:[[@LINE+2]]:23: error: scale must be positive and finite, got -0.5
// expected-error @+1 {{scale must be positive and finite, got -0.5}}
func.func @f(%a: !qnn.tensor<2xsfixed8, axis = 0, scale_offsets = [0.5:0, -0.5:0]>) {
  return
}

// -----

// scale must be finite (1e39 overflows float32)
// POS: invalid.mlir:[[@LINE+2]]:23: error: scale must be positive and finite, got +Inf
// expected-error @+1 {{scale must be positive and finite, got +Inf}}
func.func @f(%a: !qnn.tensor<4xufixed8, scale = 1e39, offset = 0>) {
  return
}

// -----

// NaN scale
// POS: invalid.mlir:[[@LINE+2]]:23: error: scale must be positive and finite, got NaN
// expected-error @+1 {{scale must be positive and finite, got NaN}}
func.func @f(%a: !qnn.tensor<4xufixed8, scale = nan, offset = 0>) {
  return
}

// -----

// ufixed8 zero point in [0, 255], so offset in [-255, 0]
// POS: invalid.mlir:[[@LINE+2]]:23: error: offset 1 is out of range for ufixed8: QNN's offset is the negated zero point, so it must lie in [-255, 0]
// expected-error @+1 {{offset 1 is out of range for ufixed8: QNN's offset is the negated zero point, so it must lie in [-255, 0]}}
func.func @f(%a: !qnn.tensor<4xufixed8, scale = 0.5, offset = 1>) {
  return
}

// -----

// sfixed8 zero point in [-128, 127], so offset in [-127, 128]
// POS: invalid.mlir:[[@LINE+2]]:23: error: offset -128 is out of range for sfixed8: QNN's offset is the negated zero point, so it must lie in [-127, 128]
// expected-error @+1 {{offset -128 is out of range for sfixed8: QNN's offset is the negated zero point, so it must lie in [-127, 128]}}
func.func @f(%a: !qnn.tensor<4xsfixed8, scale = 0.5, offset = -128>) {
  return
}

// -----

// 4-bit storage range
// POS: invalid.mlir:[[@LINE+2]]:23: error: offset 9 is out of range for sfixed4: QNN's offset is the negated zero point, so it must lie in [-7, 8]
// expected-error @+1 {{offset 9 is out of range for sfixed4: QNN's offset is the negated zero point, so it must lie in [-7, 8]}}
func.func @f(%a: !qnn.tensor<4xsfixed4, scale = 0.5, offset = 9>) {
  return
}

// -----

// 16-bit storage range
// POS: invalid.mlir:[[@LINE+2]]:23: error: offset -65536 is out of range for ufixed16: QNN's offset is the negated zero point, so it must lie in [-65535, 0]
// expected-error @+1 {{offset -65536 is out of range for ufixed16: QNN's offset is the negated zero point, so it must lie in [-65535, 0]}}
func.func @f(%a: !qnn.tensor<4xufixed16, scale = 0.5, offset = -65536>) {
  return
}

// -----

// offsets are int32
// POS: invalid.mlir:[[@LINE+2]]:64: error: offset 3000000000 does not fit QNN's int32 offset
// expected-error @+1 {{offset 3000000000 does not fit QNN's int32 offset}}
func.func @f(%a: !qnn.tensor<4xsfixed32, scale = 0.5, offset = 3000000000>) {
  return
}

// -----

// per-axis axis below the rank
// POS: invalid.mlir:[[@LINE+2]]:23: error: quantization axis 2 is out of range for a rank-2 tensor
// expected-error @+1 {{quantization axis 2 is out of range for a rank-2 tensor}}
func.func @f(%a: !qnn.tensor<2x3xsfixed8, axis = 2, scale_offsets = [0.5:0]>) {
  return
}

// -----

// one pair per index of the axis
// POS: invalid.mlir:[[@LINE+2]]:23: error: expected 3 scale/offset pairs for axis 1 of size 3, got 2
// expected-error @+1 {{expected 3 scale/offset pairs for axis 1 of size 3, got 2}}
func.func @f(%a: !qnn.tensor<2x3xsfixed8, axis = 1, scale_offsets = [0.5:0, 0.5:0]>) {
  return
}

// -----

// block sizes divide their dimensions
// POS: invalid.mlir:[[@LINE+2]]:23: error: block size 4 does not divide dimension 1 of size 6
// expected-error @+1 {{block size 4 does not divide dimension 1 of size 6}}
func.func @f(%a: !qnn.tensor<2x6xsfixed4, block_size = [1, 4], scale_offsets = [0.5:0, 0.5:0]>) {
  return
}

// -----

// one block size per dimension
// POS: invalid.mlir:[[@LINE+2]]:23: error: block_size needs one entry per dimension (rank 2), got 1
// expected-error @+1 {{block_size needs one entry per dimension (rank 2), got 1}}
func.func @f(%a: !qnn.tensor<2x8xsfixed4, block_size = [4], scale_offsets = [0.5:0, 0.5:0]>) {
  return
}

// -----

// one pair per block
// POS: invalid.mlir:[[@LINE+2]]:23: error: expected 4 scale/offset pairs, one per block, got 2
// expected-error @+1 {{expected 4 scale/offset pairs, one per block, got 2}}
func.func @f(%a: !qnn.tensor<2x8xsfixed4, block_size = [1, 4], scale_offsets = [0.5:0, 0.5:0]>) {
  return
}

// -----

// block sizes are positive
// POS: invalid.mlir:[[@LINE+2]]:23: error: block size 0 of dimension 0 must be positive
// expected-error @+1 {{block size 0 of dimension 0 must be positive}}
func.func @f(%a: !qnn.tensor<2x8xsfixed4, block_size = [0, 4], scale_offsets = [0.5:0]>) {
  return
}

// -----

// float/int/bool data use builtin tensors
// POS: invalid.mlir:[[@LINE+2]]:32: error: !qnn.tensor holds fixed-point data types; write float32 as the builtin tensor<...xf32>
// expected-error @+1 {{!qnn.tensor holds fixed-point data types; write float32 as the builtin tensor<...xf32>}}
func.func @f(%a: !qnn.tensor<4xfloat32, scale = 0.5, offset = 0>) {
  return
}

// -----

// unknown data type
// POS: invalid.mlir:[[@LINE+2]]:32: error: expected a QNN data type (ufixed4, ufixed8, ufixed16, ufixed32, sfixed4, sfixed8, sfixed16, sfixed32) in !qnn.tensor, at 'ufixed7, scale = 0.5...'
// expected-error @+1 {{expected a QNN data type (ufixed4, ufixed8, ufixed16, ufixed32, sfixed4, sfixed8, sfixed16, sfixed32) in !qnn.tensor, at 'ufixed7, scale = 0.5...'}}
func.func @f(%a: !qnn.tensor<4xufixed7, scale = 0.5, offset = 0>) {
  return
}

// -----

// static shapes only
// POS: invalid.mlir:[[@LINE+2]]:30: error: dynamic dimensions are not supported (QNN tensors are statically shaped) in !qnn.tensor, at '?x4xufixed8, scale =...'
// expected-error @+1 {{dynamic dimensions are not supported (QNN tensors are statically shaped) in !qnn.tensor, at '?x4xufixed8, scale =...'}}
func.func @f(%a: !qnn.tensor<?x4xufixed8, scale = 0.5, offset = 0>) {
  return
}

// -----

// positive dimensions
// POS: invalid.mlir:[[@LINE+2]]:23: error: dimension 0 of a !qnn.tensor must be positive, got 0
// expected-error @+1 {{dimension 0 of a !qnn.tensor must be positive, got 0}}
func.func @f(%a: !qnn.tensor<0x4xufixed8, scale = 0.5, offset = 0>) {
  return
}

// -----

// unknown type mnemonic
// POS: invalid.mlir:[[@LINE+2]]:23: error: unknown qnn type '!qnn.foo'
// expected-error @+1 {{unknown qnn type '!qnn.foo'}}
func.func @f(%a: !qnn.foo<4>) {
  return
}

// -----

// an encoding is required
// POS: invalid.mlir:[[@LINE+2]]:39: error: expected ',' and a quantization encoding after the data type in !qnn.tensor, at '>'
// expected-error @+1 {{expected ',' and a quantization encoding after the data type in !qnn.tensor, at '>'}}
func.func @f(%a: !qnn.tensor<4xufixed8>) {
  return
}

// -----

// scale and offset come together
// POS: invalid.mlir:[[@LINE+2]]:52: error: expected ',' after the scale in !qnn.tensor, at '>'
// expected-error @+1 {{expected ',' after the scale in !qnn.tensor, at '>'}}
func.func @f(%a: !qnn.tensor<4xufixed8, scale = 0.5>) {
  return
}

// -----

// one encoding only
// POS: invalid.mlir:[[@LINE+2]]:64: error: expected '>' to close the type in !qnn.tensor, at ', axis = 0>'
// expected-error @+1 {{expected '>' to close the type in !qnn.tensor, at ', axis = 0>'}}
func.func @f(%a: !qnn.tensor<4xufixed8, scale = 0.5, offset = 0, axis = 0>) {
  return
}

// -----

// zero points are written as offsets
// POS: invalid.mlir:[[@LINE+2]]:41: error: expected 'scale', 'axis' or 'block_size' in !qnn.tensor, at 'zero_point = 3>'
// expected-error @+1 {{expected 'scale', 'axis' or 'block_size' in !qnn.tensor, at 'zero_point = 3>'}}
func.func @f(%a: !qnn.tensor<4xufixed8, zero_point = 3>) {
  return
}

// -----

// scales are numbers
// POS: invalid.mlir:[[@LINE+2]]:49: error: expected a floating-point scale in !qnn.tensor, at 'abc, offset = 0>'
// expected-error @+1 {{expected a floating-point scale in !qnn.tensor, at 'abc, offset = 0>'}}
func.func @f(%a: !qnn.tensor<4xufixed8, scale = abc, offset = 0>) {
  return
}

// -----

// pairs are scale:offset
// POS: invalid.mlir:[[@LINE+2]]:71: error: expected ':' between a scale and its offset in !qnn.tensor, at ', 0.5]>'
// expected-error @+1 {{expected ':' between a scale and its offset in !qnn.tensor, at ', 0.5]>'}}
func.func @f(%a: !qnn.tensor<2xsfixed8, axis = 0, scale_offsets = [0.5, 0.5]>) {
  return
}

// -----

// ===== ops =====

// Conv2d: NHWC input is 4-D
func.func @f(%x: tensor<8x8x4xf32>, %w: tensor<3x3x4x8xf32>) {
  // expected-error @+1 {{'qnn.Conv2d' op expects a 4-D NHWC input, got 3-D 8x8x4}}
  %0 = qnn.Conv2d %x, %w {stride = array<i64: 1, 1>, pad_amount = dense<0> : tensor<2x2xi64>} : (tensor<8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x6x6x8xf32>
  return
}

// -----

// Conv2d: filter input channels × group = input channels
func.func @f(%x: tensor<1x8x8x4xf32>, %w: tensor<3x3x4x8xf32>) {
  // expected-error @+1 {{'qnn.Conv2d' op filter input channels (4) times group (2) must equal the input channels (4)}}
  %0 = qnn.Conv2d %x, %w {stride = array<i64: 1, 1>, pad_amount = dense<0> : tensor<2x2xi64>, group = 2 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x6x6x8xf32>
  return
}

// -----

// Conv2d: output channels divisible by group
func.func @f(%x: tensor<1x8x8x6xf32>, %w: tensor<3x3x2x8xf32>) {
  // expected-error @+1 {{'qnn.Conv2d' op output channels (8) must be divisible by group (3)}}
  %0 = qnn.Conv2d %x, %w {stride = array<i64: 1, 1>, pad_amount = dense<0> : tensor<2x2xi64>, group = 3 : i64} : (tensor<1x8x8x6xf32>, tensor<3x3x2x8xf32>) -> tensor<1x6x6x8xf32>
  return
}

// -----

// Conv2d: bias has one value per output channel
func.func @f(%x: tensor<1x8x8x4xf32>, %w: tensor<3x3x4x8xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{'qnn.Conv2d' op expects a bias of shape 8 (one value per output channel), got 4}}
  %0 = qnn.Conv2d %x, %w, %b {stride = array<i64: 1, 1>, pad_amount = dense<0> : tensor<2x2xi64>} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>, tensor<4xf32>) -> tensor<1x6x6x8xf32>
  return
}

// -----

// Conv2d: stride has two entries
func.func @f(%x: tensor<1x8x8x4xf32>, %w: tensor<3x3x4x8xf32>) {
  // expected-error @+1 {{'qnn.Conv2d' op 'stride' must have 2 elements, got 1}}
  %0 = qnn.Conv2d %x, %w {stride = array<i64: 1>, pad_amount = dense<0> : tensor<2x2xi64>} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x6x6x8xf32>
  return
}

// -----

// Conv2d: strides are positive
func.func @f(%x: tensor<1x8x8x4xf32>, %w: tensor<3x3x4x8xf32>) {
  // expected-error @+1 {{'qnn.Conv2d' op 'stride' values must be positive, got 0}}
  %0 = qnn.Conv2d %x, %w {stride = array<i64: 0, 1>, pad_amount = dense<0> : tensor<2x2xi64>} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x6x6x8xf32>
  return
}

// -----

// Conv2d: stride is required
func.func @f(%x: tensor<1x8x8x4xf32>, %w: tensor<3x3x4x8xf32>) {
  // expected-error @+1 {{'qnn.Conv2d' op requires attribute 'stride'}}
  %0 = qnn.Conv2d %x, %w {pad_amount = dense<0> : tensor<2x2xi64>} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x6x6x8xf32>
  return
}

// -----

// Conv2d: pad_amount is 2x2
func.func @f(%x: tensor<1x8x8x4xf32>, %w: tensor<3x3x4x8xf32>) {
  // expected-error @+1 {{'qnn.Conv2d' op 'pad_amount' must have shape 2x2, got 4x2}}
  %0 = qnn.Conv2d %x, %w {stride = array<i64: 1, 1>, pad_amount = dense<0> : tensor<4x2xi64>} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x6x6x8xf32>
  return
}

// -----

// Conv2d: pad_amount is a 2-D dense attribute
func.func @f(%x: tensor<1x8x8x4xf32>, %w: tensor<3x3x4x8xf32>) {
  // expected-error @+1 {{'qnn.Conv2d' op attribute 'pad_amount' failed to satisfy constraint: 2-D i64 dense elements attribute}}
  %0 = qnn.Conv2d %x, %w {stride = array<i64: 1, 1>, pad_amount = array<i64: 0, 0, 0, 0>} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x6x6x8xf32>
  return
}

// -----

// Conv2d: padding is non-negative
func.func @f(%x: tensor<1x8x8x4xf32>, %w: tensor<3x3x4x8xf32>) {
  // expected-error @+1 {{'qnn.Conv2d' op 'pad_amount' values must be non-negative, got -1}}
  %0 = qnn.Conv2d %x, %w {stride = array<i64: 1, 1>, pad_amount = dense<-1> : tensor<2x2xi64>} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x6x6x8xf32>
  return
}

// -----

// Conv2d: the (dilated) filter fits the padded input
func.func @f(%x: tensor<1x2x8x4xf32>, %w: tensor<3x3x4x8xf32>) {
  // expected-error @+1 {{'qnn.Conv2d' op effective filter height 3 exceeds the padded input height 2}}
  %0 = qnn.Conv2d %x, %w {stride = array<i64: 1, 1>, pad_amount = dense<0> : tensor<2x2xi64>, dilation = array<i64: 1, 1>} : (tensor<1x2x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x1x6x8xf32>
  return
}

// -----

// Conv2d: result shape follows the output-size formula
func.func @f(%x: tensor<1x8x8x4xf32>, %w: tensor<3x3x4x8xf32>) {
  // expected-error @+1 {{'qnn.Conv2d' op expected result shape 1x4x4x8, got 1x3x3x8}}
  %0 = qnn.Conv2d %x, %w {stride = array<i64: 2, 2>, pad_amount = dense<1> : tensor<2x2xi64>} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x3x3x8xf32>
  return
}

// -----

// Conv2d: per-channel filters are quantized along axis 3
func.func @f(%x: !qnn.tensor<1x8x8x2xufixed8, scale = 0.5, offset = 0>, %w: !qnn.tensor<1x1x2x2xsfixed8, axis = 2, scale_offsets = [0.5:0, 0.5:0]>) {
  // expected-error @+1 {{'qnn.Conv2d' op per-channel filter must be quantized along axis 3 (output channels), got axis 2}}
  %0 = qnn.Conv2d %x, %w {stride = array<i64: 1, 1>, pad_amount = dense<0> : tensor<2x2xi64>} : (!qnn.tensor<1x8x8x2xufixed8, scale = 0.5, offset = 0>, !qnn.tensor<1x1x2x2xsfixed8, axis = 2, scale_offsets = [0.5:0, 0.5:0]>) -> !qnn.tensor<1x8x8x2xufixed8, scale = 0.5, offset = 0>
  return
}

// -----

// Conv2d: a fixed-point conv takes an int32 or fixed-point bias
func.func @f(%x: !qnn.tensor<1x8x8x2xufixed8, scale = 0.5, offset = 0>, %w: !qnn.tensor<1x1x2x2xsfixed8, scale = 0.5, offset = 0>, %b: tensor<2xf32>) {
  // expected-error @+1 {{'qnn.Conv2d' op operand #2 (bias) of a fixed-point op must be int32 or fixed point, got float32}}
  %0 = qnn.Conv2d %x, %w, %b {stride = array<i64: 1, 1>, pad_amount = dense<0> : tensor<2x2xi64>} : (!qnn.tensor<1x8x8x2xufixed8, scale = 0.5, offset = 0>, !qnn.tensor<1x1x2x2xsfixed8, scale = 0.5, offset = 0>, tensor<2xf32>) -> !qnn.tensor<1x8x8x2xufixed8, scale = 0.5, offset = 0>
  return
}

// -----

// Conv2d: a float conv takes a bias of its float type
func.func @f(%x: tensor<1x8x8x2xf16>, %w: tensor<1x1x2x2xf16>, %b: tensor<2xf32>) {
  // expected-error @+1 {{'qnn.Conv2d' op operand #2 (bias) must be float16 like the input, got float32}}
  %0 = qnn.Conv2d %x, %w, %b {stride = array<i64: 1, 1>, pad_amount = dense<0> : tensor<2x2xi64>} : (tensor<1x8x8x2xf16>, tensor<1x1x2x2xf16>, tensor<2xf32>) -> tensor<1x8x8x2xf16>
  return
}

// -----

// Conv2d: no mixing of float and fixed point
func.func @f(%x: tensor<1x8x8x2xf32>, %w: !qnn.tensor<1x1x2x2xsfixed8, scale = 0.5, offset = 0>) {
  // expected-error @+1 {{'qnn.Conv2d' op operand #0 (float32) and operand #1 (sfixed8) must both be fixed point or share one float or integer type; convert with qnn.Quantize, qnn.Dequantize or qnn.Cast}}
  %0 = qnn.Conv2d %x, %w {stride = array<i64: 1, 1>, pad_amount = dense<0> : tensor<2x2xi64>} : (tensor<1x8x8x2xf32>, !qnn.tensor<1x1x2x2xsfixed8, scale = 0.5, offset = 0>) -> tensor<1x8x8x2xf32>
  return
}

// -----

// Conv2d: activations are per-tensor
func.func @f(%x: !qnn.tensor<1x8x8x2xufixed8, axis = 3, scale_offsets = [0.5:0, 0.5:0]>, %w: !qnn.tensor<1x1x2x2xsfixed8, scale = 0.5, offset = 0>) {
  // expected-error @+1 {{'qnn.Conv2d' op operand #0 must use a per-tensor scale/offset encoding, got axis-scale-offset}}
  %0 = qnn.Conv2d %x, %w {stride = array<i64: 1, 1>, pad_amount = dense<0> : tensor<2x2xi64>} : (!qnn.tensor<1x8x8x2xufixed8, axis = 3, scale_offsets = [0.5:0, 0.5:0]>, !qnn.tensor<1x1x2x2xsfixed8, scale = 0.5, offset = 0>) -> !qnn.tensor<1x8x8x2xufixed8, scale = 0.5, offset = 0>
  return
}

// -----

// operands are statically shaped
func.func @f(%x: tensor<?x8x8x2xf32>, %w: tensor<1x1x2x2xf32>) {
  // expected-error @+1 {{'qnn.Conv2d' op operand #0 must be QNN tensor of ufixed8, ufixed16, sfixed8, sfixed16, float16, float32 values, but got 'tensor<?x8x8x2xf32>'}}
  %0 = qnn.Conv2d %x, %w {stride = array<i64: 1, 1>, pad_amount = dense<0> : tensor<2x2xi64>} : (tensor<?x8x8x2xf32>, tensor<1x1x2x2xf32>) -> tensor<1x8x8x2xf32>
  return
}

// -----

// f64 is not a QNN activation type
func.func @f(%x: tensor<1x8x8x2xf64>, %w: tensor<1x1x2x2xf32>) {
  // expected-error @+1 {{'qnn.Conv2d' op operand #0 must be QNN tensor of ufixed8, ufixed16, sfixed8, sfixed16, float16, float32 values, but got 'tensor<1x8x8x2xf64>'}}
  %0 = qnn.Conv2d %x, %w {stride = array<i64: 1, 1>, pad_amount = dense<0> : tensor<2x2xi64>} : (tensor<1x8x8x2xf64>, tensor<1x1x2x2xf32>) -> tensor<1x8x8x2xf32>
  return
}

// -----

// DepthWiseConv2d: filter is [H, W, 1, C*multiplier]
func.func @f(%x: tensor<1x8x8x4xf32>, %w: tensor<3x3x4x8xf32>) {
  // expected-error @+1 {{'qnn.DepthWiseConv2d' op expects a [H, W, 1, C*multiplier] filter, got dimension 2 of size 4}}
  %0 = qnn.DepthWiseConv2d %x, %w {stride = array<i64: 1, 1>, pad_amount = dense<1> : tensor<2x2xi64>} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x8x8x8xf32>
  return
}

// -----

// DepthWiseConv2d: whole channel multiplier
func.func @f(%x: tensor<1x8x8x4xf32>, %w: tensor<3x3x1x6xf32>) {
  // expected-error @+1 {{'qnn.DepthWiseConv2d' op filter output channels (6) must be a multiple of the input channels (4)}}
  %0 = qnn.DepthWiseConv2d %x, %w {stride = array<i64: 1, 1>, pad_amount = dense<1> : tensor<2x2xi64>} : (tensor<1x8x8x4xf32>, tensor<3x3x1x6xf32>) -> tensor<1x8x8x6xf32>
  return
}

// -----

// DepthWiseConv2d: has no group parameter
func.func @f(%x: tensor<1x8x8x4xf32>, %w: tensor<3x3x1x8xf32>) {
  // expected-error @+1 {{'qnn.DepthWiseConv2d' op has no parameter 'group' (its parameters: stride, pad_amount, dilation)}}
  %0 = qnn.DepthWiseConv2d %x, %w {stride = array<i64: 1, 1>, pad_amount = dense<1> : tensor<2x2xi64>, group = 4 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x1x8xf32>) -> tensor<1x8x8x8xf32>
  return
}

// -----

// TransposeConv2d: output_padding below the stride
func.func @f(%x: tensor<1x4x4x8xf32>, %w: tensor<2x2x8x4xf32>) {
  // expected-error @+1 {{'qnn.TransposeConv2d' op 'output_padding' value 2 must be in [0, stride 2)}}
  %0 = qnn.TransposeConv2d %x, %w {stride = array<i64: 2, 2>, pad_amount = dense<0> : tensor<2x2xi64>, output_padding = array<i64: 2, 0>} : (tensor<1x4x4x8xf32>, tensor<2x2x8x4xf32>) -> tensor<1x10x8x4xf32>
  return
}

// -----

// TransposeConv2d: filter dimension 2 is the input channels
func.func @f(%x: tensor<1x4x4x8xf32>, %w: tensor<2x2x4x4xf32>) {
  // expected-error @+1 {{'qnn.TransposeConv2d' op filter input channels (4) must equal the input channels (8)}}
  %0 = qnn.TransposeConv2d %x, %w {stride = array<i64: 2, 2>, pad_amount = dense<0> : tensor<2x2xi64>} : (tensor<1x4x4x8xf32>, tensor<2x2x4x4xf32>) -> tensor<1x8x8x4xf32>
  return
}

// -----

// TransposeConv2d: result shape
func.func @f(%x: tensor<1x4x4x8xf32>, %w: tensor<2x2x8x4xf32>) {
  // expected-error @+1 {{'qnn.TransposeConv2d' op expected result shape 1x8x8x4, got 1x7x7x4}}
  %0 = qnn.TransposeConv2d %x, %w {stride = array<i64: 2, 2>, pad_amount = dense<0> : tensor<2x2xi64>} : (tensor<1x4x4x8xf32>, tensor<2x2x8x4xf32>) -> tensor<1x7x7x4xf32>
  return
}

// -----

// TransposeConv2d: has no dilation parameter
func.func @f(%x: tensor<1x4x4x8xf32>, %w: tensor<2x2x8x4xf32>) {
  // expected-error @+1 {{'qnn.TransposeConv2d' op has no parameter 'dilation' (its parameters: stride, pad_amount, output_padding, group)}}
  %0 = qnn.TransposeConv2d %x, %w {stride = array<i64: 2, 2>, pad_amount = dense<0> : tensor<2x2xi64>, dilation = array<i64: 2, 2>} : (tensor<1x4x4x8xf32>, tensor<2x2x8x4xf32>) -> tensor<1x8x8x4xf32>
  return
}

// -----

// FullyConnected: weights are 2-D
func.func @f(%x: tensor<2x16xf32>, %w: tensor<10x16x1xf32>) {
  // expected-error @+1 {{'qnn.FullyConnected' op expects 2-D [units, input_size] weights, got 3-D 10x16x1}}
  %0 = qnn.FullyConnected %x, %w : (tensor<2x16xf32>, tensor<10x16x1xf32>) -> tensor<2x10xf32>
  return
}

// -----

// FullyConnected: input size matches
func.func @f(%x: tensor<2x16xf32>, %w: tensor<10x8xf32>) {
  // expected-error @+1 {{'qnn.FullyConnected' op input feature size (16) does not match the weights' input size (8)}}
  %0 = qnn.FullyConnected %x, %w : (tensor<2x16xf32>, tensor<10x8xf32>) -> tensor<2x10xf32>
  return
}

// -----

// FullyConnected: leading dims flatten without keep_dims
func.func @f(%x: tensor<2x3x16xf32>, %w: tensor<10x16xf32>) {
  // expected-error @+1 {{'qnn.FullyConnected' op expected result shape 6x10, got 2x3x10}}
  %0 = qnn.FullyConnected %x, %w : (tensor<2x3x16xf32>, tensor<10x16xf32>) -> tensor<2x3x10xf32>
  return
}

// -----

// FullyConnected: input rank at least 2
func.func @f(%x: tensor<16xf32>, %w: tensor<10x16xf32>) {
  // expected-error @+1 {{'qnn.FullyConnected' op expects an input of rank at least 2, got 1-D 16}}
  %0 = qnn.FullyConnected %x, %w : (tensor<16xf32>, tensor<10x16xf32>) -> tensor<1x10xf32>
  return
}

// -----

// FullyConnected: per-channel weights along axis 0
func.func @f(%x: !qnn.tensor<1x2xufixed8, scale = 0.5, offset = 0>, %w: !qnn.tensor<3x2xsfixed8, axis = 1, scale_offsets = [0.5:0, 0.5:0]>) {
  // expected-error @+1 {{'qnn.FullyConnected' op per-channel weights must be quantized along axis 0 (output channels), got axis 1}}
  %0 = qnn.FullyConnected %x, %w : (!qnn.tensor<1x2xufixed8, scale = 0.5, offset = 0>, !qnn.tensor<3x2xsfixed8, axis = 1, scale_offsets = [0.5:0, 0.5:0]>) -> !qnn.tensor<1x3xufixed8, scale = 0.5, offset = 0>
  return
}

// -----

// MatMul: contraction sizes match
func.func @f(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) {
  // expected-error @+1 {{'qnn.MatMul' op contraction dimensions differ: in0 has 8, in1 has 4}}
  %0 = qnn.MatMul %a, %b : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return
}

// -----

// MatMul: operands are at least 2-D
func.func @f(%a: tensor<8xf32>, %b: tensor<8x4xf32>) {
  // expected-error @+1 {{'qnn.MatMul' op expects operands of rank at least 2, got 1-D 8 and 2-D 8x4}}
  %0 = qnn.MatMul %a, %b : (tensor<8xf32>, tensor<8x4xf32>) -> tensor<4xf32>
  return
}

// -----

// MatMul: batch dimensions broadcast
func.func @f(%a: tensor<2x4x8xf32>, %b: tensor<3x8x4xf32>) {
  // expected-error @+1 {{'qnn.MatMul' op batch dimensions: operand shapes 2 and 3 are not broadcast-compatible}}
  %0 = qnn.MatMul %a, %b : (tensor<2x4x8xf32>, tensor<3x8x4xf32>) -> tensor<2x4x4xf32>
  return
}

// -----

// MatMul: per-channel in1 along its n axis
func.func @f(%a: !qnn.tensor<4x8xufixed8, scale = 0.5, offset = 0>, %b: !qnn.tensor<2x8xsfixed8, axis = 1, scale_offsets = [0.5:0, 0.5:0, 0.5:0, 0.5:0, 0.5:0, 0.5:0, 0.5:0, 0.5:0]>) {
  // expected-error @+1 {{'qnn.MatMul' op per-channel in1 must be quantized along axis 0 (output channels), got axis 1}}
  %0 = qnn.MatMul %a, %b {transpose_in1 = true} : (!qnn.tensor<4x8xufixed8, scale = 0.5, offset = 0>, !qnn.tensor<2x8xsfixed8, axis = 1, scale_offsets = [0.5:0, 0.5:0, 0.5:0, 0.5:0, 0.5:0, 0.5:0, 0.5:0, 0.5:0]>) -> !qnn.tensor<4x2xufixed8, scale = 0.5, offset = 0>
  return
}

// -----

// element-wise: operands broadcast
func.func @f(%a: tensor<2x3xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{'qnn.ElementWiseAdd' op operand shapes 2x3 and 4 are not broadcast-compatible}}
  %0 = qnn.ElementWiseAdd %a, %b : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return
}

// -----

// element-wise: one float type
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf16>) {
  // expected-error @+1 {{'qnn.ElementWiseMultiply' op operand #0 (float32) and operand #1 (float16) must both be fixed point or share one float or integer type; convert with qnn.Quantize, qnn.Dequantize or qnn.Cast}}
  %0 = qnn.ElementWiseMultiply %a, %b : (tensor<4xf32>, tensor<4xf16>) -> tensor<4xf32>
  return
}

// -----

// element-wise: no mixing of float and fixed point
func.func @f(%a: !qnn.tensor<4xufixed8, scale = 0.5, offset = 0>, %b: tensor<4xf32>) {
  // expected-error @+1 {{'qnn.ElementWiseSubtract' op operand #0 (ufixed8) and operand #1 (float32) must both be fixed point or share one float or integer type; convert with qnn.Quantize, qnn.Dequantize or qnn.Cast}}
  %0 = qnn.ElementWiseSubtract %a, %b : (!qnn.tensor<4xufixed8, scale = 0.5, offset = 0>, tensor<4xf32>) -> !qnn.tensor<4xufixed8, scale = 0.5, offset = 0>
  return
}

// -----

// element-wise: bool is not arithmetic
func.func @f(%a: tensor<4xi1>) {
  // expected-error @+1 {{'qnn.ElementWiseMaximum' op operand #0 must be QNN tensor of ufixed8, ufixed16, sfixed8, sfixed16, float16, float32, int32 values, but got 'tensor<4xi1>'}}
  %0 = qnn.ElementWiseMaximum %a, %a : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  return
}

// -----

// element-wise: result has the broadcast shape
func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'qnn.ElementWiseDivide' op expected result shape 2x3, got 3}}
  %0 = qnn.ElementWiseDivide %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

// element-wise: activations are per-tensor
func.func @f(%a: !qnn.tensor<2xufixed8, axis = 0, scale_offsets = [0.5:0, 0.5:0]>) {
  // expected-error @+1 {{'qnn.ElementWiseMinimum' op operand #0 must use a per-tensor scale/offset encoding, got axis-scale-offset}}
  %0 = qnn.ElementWiseMinimum %a, %a : (!qnn.tensor<2xufixed8, axis = 0, scale_offsets = [0.5:0, 0.5:0]>, !qnn.tensor<2xufixed8, axis = 0, scale_offsets = [0.5:0, 0.5:0]>) -> !qnn.tensor<2xufixed8, scale = 0.5, offset = 0>
  return
}

// -----

// Prelu: slope broadcasts to the input
func.func @f(%a: tensor<1x2x2x4xf32>, %s: tensor<2x1x1x4xf32>) {
  // expected-error @+1 {{'qnn.Prelu' op slope of shape 2x1x1x4 does not broadcast to the input shape 1x2x2x4}}
  %0 = qnn.Prelu %a, %s : (tensor<1x2x2x4xf32>, tensor<2x1x1x4xf32>) -> tensor<1x2x2x4xf32>
  return
}

// -----

// activations keep their precision class
func.func @f(%a: tensor<4xf32>) {
  // expected-error @+1 {{'qnn.Relu' op operand #0 (float32) and the result (ufixed8) must both be fixed point or share one float or integer type; convert with qnn.Quantize, qnn.Dequantize or qnn.Cast}}
  %0 = qnn.Relu %a : tensor<4xf32> -> !qnn.tensor<4xufixed8, scale = 0.5, offset = 0>
  return
}

// -----

// activations keep their shape
func.func @f(%a: tensor<4xf32>) {
  // expected-error @+1 {{'qnn.Sigmoid' op expected result shape 4, got 5}}
  %0 = qnn.Sigmoid %a : tensor<4xf32> -> tensor<5xf32>
  return
}

// -----

// ReluMinMax: min_value <= max_value
func.func @f(%a: tensor<4xf32>) {
  // expected-error @+1 {{'qnn.ReluMinMax' op 'min_value' (6) must not exceed 'max_value' (0)}}
  %0 = qnn.ReluMinMax %a {min_value = 6.0 : f32, max_value = 0.0 : f32} : tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

// ReluMinMax: both bounds are required
func.func @f(%a: tensor<4xf32>) {
  // expected-error @+1 {{'qnn.ReluMinMax' op requires attribute 'max_value'}}
  %0 = qnn.ReluMinMax %a {min_value = 0.0 : f32} : tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

// ReluMinMax: bounds are f32
func.func @f(%a: tensor<4xf32>) {
  // expected-error @+1 {{'qnn.ReluMinMax' op attribute 'min_value' failed to satisfy constraint: 32-bit float attribute}}
  %0 = qnn.ReluMinMax %a {min_value = 0.0, max_value = 6.0 : f32} : tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

// Softmax: axis within the rank
func.func @f(%a: tensor<2x4xf32>) {
  // expected-error @+1 {{'qnn.Softmax' op 'axis' 2 is out of range for a rank-2 input}}
  %0 = qnn.Softmax %a {axis = 2 : i64} : tensor<2x4xf32> -> tensor<2x4xf32>
  return
}

// -----

// Softmax: beta is finite
func.func @f(%a: tensor<2x4xf32>) {
  // expected-error @+1 {{'qnn.Softmax' op 'beta' must be finite, got 0x7F800000 : f32}}
  %0 = qnn.Softmax %a {beta = 0x7F800000 : f32} : tensor<2x4xf32> -> tensor<2x4xf32>
  return
}

// -----

// LayerNorm: gamma has the sizes along axes
func.func @f(%a: tensor<2x4x8xf32>, %g: tensor<4xf32>) {
  // expected-error @+1 {{'qnn.LayerNorm' op expects gamma of shape 8 (the input's sizes along 'axes'), got 4}}
  %0 = qnn.LayerNorm %a, %g {axes = array<i64: 2>} : (tensor<2x4x8xf32>, tensor<4xf32>) -> tensor<2x4x8xf32>
  return
}

// -----

// LayerNorm: axes are distinct
func.func @f(%a: tensor<2x4x8xf32>, %g: tensor<8x8xf32>) {
  // expected-error @+1 {{'qnn.LayerNorm' op 'axes' lists axis 2 twice}}
  %0 = qnn.LayerNorm %a, %g {axes = array<i64: 2, 2>} : (tensor<2x4x8xf32>, tensor<8x8xf32>) -> tensor<2x4x8xf32>
  return
}

// -----

// LayerNorm: axes are not empty
func.func @f(%a: tensor<2x4x8xf32>, %g: tensor<8xf32>) {
  // expected-error @+1 {{'qnn.LayerNorm' op 'axes' must not be empty}}
  %0 = qnn.LayerNorm %a, %g {axes = array<i64>} : (tensor<2x4x8xf32>, tensor<8xf32>) -> tensor<2x4x8xf32>
  return
}

// -----

// LayerNorm: epsilon is non-negative
func.func @f(%a: tensor<2x4x8xf32>, %g: tensor<8xf32>) {
  // expected-error @+1 {{'qnn.LayerNorm' op 'epsilon' must be non-negative, got -1}}
  %0 = qnn.LayerNorm %a, %g {axes = array<i64: 2>, epsilon = -1.0 : f32} : (tensor<2x4x8xf32>, tensor<8xf32>) -> tensor<2x4x8xf32>
  return
}

// -----

// LayerNorm: fixed-point beta follows the bias rules
func.func @f(%a: !qnn.tensor<2x8xufixed16, scale = 0.5, offset = 0>, %g: !qnn.tensor<8xufixed8, scale = 0.5, offset = 0>, %b: tensor<8xf32>) {
  // expected-error @+1 {{'qnn.LayerNorm' op operand #2 (bias) of a fixed-point op must be int32 or fixed point, got float32}}
  %0 = qnn.LayerNorm %a, %g, %b {axes = array<i64: 1>} : (!qnn.tensor<2x8xufixed16, scale = 0.5, offset = 0>, !qnn.tensor<8xufixed8, scale = 0.5, offset = 0>, tensor<8xf32>) -> !qnn.tensor<2x8xufixed16, scale = 0.5, offset = 0>
  return
}

// -----

// PoolAvg2d: ceil rounding gives one more output row and column here
func.func @f(%a: tensor<1x8x8x4xf32>) {
  // expected-error @+1 {{'qnn.PoolAvg2d' op expected result shape 1x4x4x4, got 1x3x3x4}}
  %0 = qnn.PoolAvg2d %a {filter_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, rounding_mode = "ceil"} : tensor<1x8x8x4xf32> -> tensor<1x3x3x4xf32>
  return
}

// -----

// Pool: rounding_mode is floor or ceil
func.func @f(%a: tensor<1x8x8x4xf32>) {
  // expected-error @+1 {{'qnn.PoolAvg2d' op attribute 'rounding_mode' failed to satisfy constraint: one of "floor", "ceil"}}
  %0 = qnn.PoolAvg2d %a {filter_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, rounding_mode = "round"} : tensor<1x8x8x4xf32> -> tensor<1x3x3x4xf32>
  return
}

// -----

// PoolMax2d: filter_size is required
func.func @f(%a: tensor<1x8x8x4xf32>) {
  // expected-error @+1 {{'qnn.PoolMax2d' op requires attribute 'filter_size'}}
  %0 = qnn.PoolMax2d %a {stride = array<i64: 2, 2>} : tensor<1x8x8x4xf32> -> tensor<1x3x3x4xf32>
  return
}

// -----

// PoolMax2d: the window fits the padded input
func.func @f(%a: tensor<1x2x2x4xf32>) {
  // expected-error @+1 {{'qnn.PoolMax2d' op effective filter height 3 exceeds the padded input height 2}}
  %0 = qnn.PoolMax2d %a {filter_size = array<i64: 3, 3>, stride = array<i64: 1, 1>} : tensor<1x2x2x4xf32> -> tensor<1x1x1x4xf32>
  return
}

// -----

// PoolMax2d: NHWC input is 4-D
func.func @f(%a: tensor<8x8x4xf32>) {
  // expected-error @+1 {{'qnn.PoolMax2d' op expects a 4-D NHWC input, got 3-D 8x8x4}}
  %0 = qnn.PoolMax2d %a {filter_size = array<i64: 3, 3>, stride = array<i64: 1, 1>} : tensor<8x8x4xf32> -> tensor<6x6x4xf32>
  return
}

// -----

// PoolMax2d: keeps the data type
func.func @f(%a: !qnn.tensor<1x4x4x4xufixed8, scale = 0.5, offset = 0>) {
  // expected-error @+1 {{'qnn.PoolMax2d' op the result has data type ufixed16, but operand #0 has ufixed8}}
  %0 = qnn.PoolMax2d %a {filter_size = array<i64: 2, 2>, stride = array<i64: 2, 2>} : !qnn.tensor<1x4x4x4xufixed8, scale = 0.5, offset = 0> -> !qnn.tensor<1x2x2x4xufixed16, scale = 0.5, offset = 0>
  return
}

// -----

// Reshape: element counts match
func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'qnn.Reshape' op input has 6 elements (2x3), but the result has 5 (5)}}
  %0 = qnn.Reshape %a : tensor<2x3xf32> -> tensor<5xf32>
  return
}

// -----

// Reshape: keeps the data type
func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'qnn.Reshape' op the result has data type float16, but operand #0 has float32}}
  %0 = qnn.Reshape %a : tensor<2x3xf32> -> tensor<6xf16>
  return
}

// -----

// Transpose: perm is a permutation
func.func @f(%a: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'qnn.Transpose' op 'perm' must be a permutation of [0, 3), got [0, 0, 1]}}
  %0 = qnn.Transpose %a {perm = array<i64: 0, 0, 1>} : tensor<2x3x4xf32> -> tensor<2x2x3xf32>
  return
}

// -----

// Transpose: one perm entry per dimension
func.func @f(%a: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'qnn.Transpose' op 'perm' has 2 entries but the input has rank 3}}
  %0 = qnn.Transpose %a {perm = array<i64: 1, 0>} : tensor<2x3x4xf32> -> tensor<3x2xf32>
  return
}

// -----

// Concat: inputs share the rank
func.func @f(%a: tensor<2x3xf32>, %b: tensor<2x3x1xf32>) {
  // expected-error @+1 {{'qnn.Concat' op input #1 has rank 3, but input #0 has rank 2}}
  %0 = qnn.Concat %a, %b : (tensor<2x3xf32>, tensor<2x3x1xf32>) -> tensor<2x6xf32>
  return
}

// -----

// Concat: sizes match outside the axis
func.func @f(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) {
  // expected-error @+1 {{'qnn.Concat' op input #1 has shape 4x3, which differs from input #0's 2x3 outside axis 1}}
  %0 = qnn.Concat %a, %b {axis = 1 : i64} : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x6xf32>
  return
}

// -----

// Concat: axis within the rank
func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'qnn.Concat' op 'axis' 2 is out of range for a rank-2 input}}
  %0 = qnn.Concat %a {axis = 2 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

// Concat: inputs share the data type
func.func @f(%a: tensor<2x3xf32>, %b: tensor<2x3xf16>) {
  // expected-error @+1 {{'qnn.Concat' op operand #1 has data type float16, but operand #0 has float32}}
  %0 = qnn.Concat %a, %b : (tensor<2x3xf32>, tensor<2x3xf16>) -> tensor<2x6xf32>
  return
}

// -----

// Concat: at least one input
func.func @f() {
  // expected-error @+1 {{'qnn.Concat' op expects at least one input}}
  %0 = qnn.Concat : () -> tensor<2x6xf32>
  return
}

// -----

// StridedSlice: ranges rows are [begin, end, stride]
func.func @f(%a: tensor<4x10xf32>) {
  // expected-error @+1 {{'qnn.StridedSlice' op 'ranges' must have shape Nx3, got 2x2}}
  %0 = qnn.StridedSlice %a {ranges = dense<0> : tensor<2x2xi64>} : tensor<4x10xf32> -> tensor<4x10xf32>
  return
}

// -----

// StridedSlice: one row per dimension (plus new axes)
func.func @f(%a: tensor<4x10xf32>) {
  // expected-error @+1 {{'qnn.StridedSlice' op 'ranges' must have 2 rows (rank 2 plus 0 new axes), got 3}}
  %0 = qnn.StridedSlice %a {ranges = dense<1> : tensor<3x3xi64>} : tensor<4x10xf32> -> tensor<4x10xf32>
  return
}

// -----

// StridedSlice: stride is non-zero
func.func @f(%a: tensor<4x10xf32>) {
  // expected-error @+1 {{'qnn.StridedSlice' op 'ranges' row 1 has stride 0}}
  %0 = qnn.StridedSlice %a {ranges = dense<[[0, 4, 1], [0, 10, 0]]> : tensor<2x3xi64>} : tensor<4x10xf32> -> tensor<4x10xf32>
  return
}

// -----

// StridedSlice: a shrunk index lies in the dimension
func.func @f(%a: tensor<4x10xf32>) {
  // expected-error @+1 {{'qnn.StridedSlice' op 'ranges' row 0 shrinks dimension 0 at index 4, outside [0, 4)}}
  %0 = qnn.StridedSlice %a {ranges = dense<[[4, 4, 1], [0, 10, 1]]> : tensor<2x3xi64>, shrink_axes = 1 : i64} : tensor<4x10xf32> -> tensor<10xf32>
  return
}

// -----

// StridedSlice: shrink and new axis exclude each other
func.func @f(%a: tensor<4x10xf32>) {
  // expected-error @+1 {{'qnn.StridedSlice' op a row cannot both shrink and add an axis}}
  %0 = qnn.StridedSlice %a {ranges = dense<[[0, 4, 1], [0, 10, 1], [0, 1, 1]]> : tensor<3x3xi64>, shrink_axes = 1 : i64, new_axes_mask = 1 : i64} : tensor<4x10xf32> -> tensor<10xf32>
  return
}

// -----

// StridedSlice: result shape
func.func @f(%a: tensor<4x10xf32>) {
  // expected-error @+1 {{'qnn.StridedSlice' op expected result shape 4x3, got 4x4}}
  %0 = qnn.StridedSlice %a {ranges = dense<[[0, 4, 1], [1, 10, 3]]> : tensor<2x3xi64>} : tensor<4x10xf32> -> tensor<4x4xf32>
  return
}

// -----

// StridedSlice: masks name existing rows
func.func @f(%a: tensor<4x10xf32>) {
  // expected-error @+1 {{'qnn.StridedSlice' op masks name rows beyond the 2 rows of 'ranges'}}
  %0 = qnn.StridedSlice %a {ranges = dense<[[0, 4, 1], [1, 10, 3]]> : tensor<2x3xi64>, shrink_axes = 4 : i64} : tensor<4x10xf32> -> tensor<4x3xf32>
  return
}

// -----

// ReduceMean: axes within the rank
func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'qnn.ReduceMean' op 'axes' 2 is out of range for a rank-2 input}}
  %0 = qnn.ReduceMean %a {axes = array<i64: 2>} : tensor<2x3xf32> -> tensor<2xf32>
  return
}

// -----

// ReduceSum: axes are distinct
func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'qnn.ReduceSum' op 'axes' lists axis 1 twice}}
  %0 = qnn.ReduceSum %a {axes = array<i64: 1, 1>} : tensor<2x3xf32> -> tensor<2xf32>
  return
}

// -----

// ReduceMax: reduced axes are dropped without keep_dims
func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'qnn.ReduceMax' op expected result shape 2, got 2x1}}
  %0 = qnn.ReduceMax %a {axes = array<i64: 1>} : tensor<2x3xf32> -> tensor<2x1xf32>
  return
}

// -----

// Gather: indices are int32 or uint32
func.func @f(%a: tensor<4x3xf32>, %i: tensor<2xf32>) {
  // expected-error @+1 {{'qnn.Gather' op operand #1 must be QNN tensor of int32, uint32 values, but got 'tensor<2xf32>'}}
  %0 = qnn.Gather %a, %i : (tensor<4x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return
}

// -----

// Gather: axis within the rank
func.func @f(%a: tensor<4x3xf32>, %i: tensor<2xi32>) {
  // expected-error @+1 {{'qnn.Gather' op 'axis' 2 is out of range for a rank-2 input}}
  %0 = qnn.Gather %a, %i {axis = 2 : i64} : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return
}

// -----

// Gather: keeps the data type
func.func @f(%a: tensor<4x3xf32>, %i: tensor<2xi32>) {
  // expected-error @+1 {{'qnn.Gather' op the result has data type float16, but operand #0 has float32}}
  %0 = qnn.Gather %a, %i : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<2x3xf16>
  return
}

// -----

// Pad: one [before, after] row per dimension
func.func @f(%a: tensor<4x3xf32>) {
  // expected-error @+1 {{'qnn.Pad' op 'pad_amount' must have shape 2x2, got 3x2}}
  %0 = qnn.Pad %a {scheme = "constant", pad_amount = dense<1> : tensor<3x2xi64>} : tensor<4x3xf32> -> tensor<6x5xf32>
  return
}

// -----

// Pad: mirror_reflect pads less than the size
func.func @f(%a: tensor<4x3xf32>) {
  // expected-error @+1 {{'qnn.Pad' op mirror_reflect padding of dimension 1 must be smaller than its size 3}}
  %0 = qnn.Pad %a {scheme = "mirror_reflect", pad_amount = dense<[[0, 0], [3, 0]]> : tensor<2x2xi64>} : tensor<4x3xf32> -> tensor<4x6xf32>
  return
}

// -----

// Pad: mirror_symmetric pads at most the size
func.func @f(%a: tensor<4x3xf32>) {
  // expected-error @+1 {{'qnn.Pad' op mirror_symmetric padding of dimension 1 must not exceed its size 3}}
  %0 = qnn.Pad %a {scheme = "mirror_symmetric", pad_amount = dense<[[0, 0], [4, 0]]> : tensor<2x2xi64>} : tensor<4x3xf32> -> tensor<4x7xf32>
  return
}

// -----

// Pad: known scheme
func.func @f(%a: tensor<4x3xf32>) {
  // expected-error @+1 {{'qnn.Pad' op attribute 'scheme' failed to satisfy constraint: one of "constant", "mirror_symmetric", "mirror_reflect", "edge"}}
  %0 = qnn.Pad %a {scheme = "wrap", pad_amount = dense<0> : tensor<2x2xi64>} : tensor<4x3xf32> -> tensor<4x3xf32>
  return
}

// -----

// Pad: result shape
func.func @f(%a: tensor<4x3xf32>) {
  // expected-error @+1 {{'qnn.Pad' op expected result shape 6x5, got 6x6}}
  %0 = qnn.Pad %a {scheme = "edge", pad_amount = dense<1> : tensor<2x2xi64>} : tensor<4x3xf32> -> tensor<6x6xf32>
  return
}

// -----

// Resize: keeps batch and channels
func.func @f(%a: tensor<1x8x8x4xf32>) {
  // expected-error @+1 {{'qnn.Resize' op result shape 1x16x16x8 must keep the input's rank, batch and channels (1x8x8x4)}}
  %0 = qnn.Resize %a : tensor<1x8x8x4xf32> -> tensor<1x16x16x8xf32>
  return
}

// -----

// Resize: 4-D or 5-D input
func.func @f(%a: tensor<8x8x4xf32>) {
  // expected-error @+1 {{'qnn.Resize' op expects a 4-D NHWC or 5-D NDHWC input, got 3-D 8x8x4}}
  %0 = qnn.Resize %a : tensor<8x8x4xf32> -> tensor<16x16x4xf32>
  return
}

// -----

// Resize: nearest_mode only for nearest
func.func @f(%a: tensor<1x8x8x4xf32>) {
  // expected-error @+1 {{'qnn.Resize' op 'nearest_mode' applies only to interpolation_mode "nearest"}}
  %0 = qnn.Resize %a {interpolation_mode = "linear", nearest_mode = "floor"} : tensor<1x8x8x4xf32> -> tensor<1x16x16x4xf32>
  return
}

// -----

// Resize: cubic_coeff only for cubic
func.func @f(%a: tensor<1x8x8x4xf32>) {
  // expected-error @+1 {{'qnn.Resize' op 'cubic_coeff' applies only to interpolation_mode "cubic"}}
  %0 = qnn.Resize %a {cubic_coeff = -0.5 : f32} : tensor<1x8x8x4xf32> -> tensor<1x16x16x4xf32>
  return
}

// -----

// Quantize: float input
func.func @f(%a: !qnn.tensor<4xufixed8, scale = 0.5, offset = 0>) {
  // expected-error @+1 {{'qnn.Quantize' op operand #0 must be QNN tensor of float16, float32 values, but got '!qnn.tensor<4xufixed8, scale = 0.5, offset = 0>'}}
  %0 = qnn.Quantize %a : !qnn.tensor<4xufixed8, scale = 0.5, offset = 0> -> !qnn.tensor<4xufixed8, scale = 0.5, offset = 0>
  return
}

// -----

// Quantize: keeps the shape
func.func @f(%a: tensor<4xf32>) {
  // expected-error @+1 {{'qnn.Quantize' op expected result shape 4, got 2x2}}
  %0 = qnn.Quantize %a : tensor<4xf32> -> !qnn.tensor<2x2xufixed8, scale = 0.5, offset = 0>
  return
}

// -----

// Dequantize: float result
func.func @f(%a: !qnn.tensor<4xufixed8, scale = 0.5, offset = 0>) {
  // expected-error @+1 {{'qnn.Dequantize' op result #0 must be QNN tensor of float16, float32 values, but got 'tensor<4xi32>'}}
  %0 = qnn.Dequantize %a : !qnn.tensor<4xufixed8, scale = 0.5, offset = 0> -> tensor<4xi32>
  return
}

// -----

// Cast: no fixed-point tensors
func.func @f(%a: !qnn.tensor<4xufixed8, scale = 0.5, offset = 0>) {
  // expected-error @+1 {{'qnn.Cast' op operand #0 must be QNN tensor of float16, float32, int8, int16, int32, int64, uint8, uint16, uint32, uint64, bool8 values, but got '!qnn.tensor<4xufixed8, scale = 0.5, offset = 0>'}}
  %0 = qnn.Cast %a : !qnn.tensor<4xufixed8, scale = 0.5, offset = 0> -> tensor<4xf32>
  return
}

// -----

// Convert: stays fixed point or float
func.func @f(%a: !qnn.tensor<4xufixed8, scale = 0.5, offset = 0>) {
  // expected-error @+1 {{'qnn.Convert' op converts between fixed point (ufixed8) and float (float32); use qnn.Quantize or qnn.Dequantize}}
  %0 = qnn.Convert %a : !qnn.tensor<4xufixed8, scale = 0.5, offset = 0> -> tensor<4xf32>
  return
}

// -----

// StaticTensor: data has the result shape
func.func @f() {
  // expected-error @+1 {{'qnn.StaticTensor' op value type tensor<4xi8> must have the result's shape 2x2}}
  %0 = qnn.StaticTensor dense<1> : tensor<4xi8> -> !qnn.tensor<2x2xsfixed8, scale = 0.5, offset = 0>
  return
}

// -----

// StaticTensor: stored integers have the data type width
func.func @f() {
  // expected-error @+1 {{'qnn.StaticTensor' op value elements i16 must be i8 or si8 holding sfixed8 data}}
  %0 = qnn.StaticTensor dense<1> : tensor<4xi16> -> !qnn.tensor<4xsfixed8, scale = 0.5, offset = 0>
  return
}

// -----

// StaticTensor: stored integers have the data type signedness
func.func @f() {
  // expected-error @+1 {{'qnn.StaticTensor' op value elements si8 must be i8 or ui8 holding ufixed8 data}}
  %0 = qnn.StaticTensor dense<1> : tensor<4xsi8> -> !qnn.tensor<4xufixed8, scale = 0.5, offset = 0>
  return
}

// -----

// StaticTensor: 4-bit values held in i8 fit the 4-bit range
func.func @f() {
  // expected-error @+1 {{'qnn.StaticTensor' op value element #1 (9) is outside the sfixed4 storage range [-8, 7]}}
  %0 = qnn.StaticTensor dense<[1, 9]> : tensor<2xi8> -> !qnn.tensor<2xsfixed4, scale = 0.5, offset = 0>
  return
}

// -----

// StaticTensor: builtin data has the result type
func.func @f() {
  // expected-error @+1 {{'qnn.StaticTensor' op value type tensor<4xf32> differs from the result type tensor<4xf16>}}
  %0 = qnn.StaticTensor dense<1.0> : tensor<4xf32> -> tensor<4xf16>
  return
}

// -----

// StaticTensor: quantized data is stored integers
func.func @f() {
  // expected-error @+1 {{'qnn.StaticTensor' op value elements f32 must be i8 or si8 holding sfixed8 data}}
  %0 = qnn.StaticTensor dense<1.0> : tensor<4xf32> -> !qnn.tensor<4xsfixed8, scale = 0.5, offset = 0>
  return
}

// -----

// unknown parameter names are rejected (discardable attributes need a dialect prefix)
func.func @f(%a: tensor<4xf32>) {
  // expected-error @+1 {{'qnn.Relu' op has no parameter 'alpha' (its parameters: none)}}
  %0 = qnn.Relu %a {alpha = 1.0 : f32} : tensor<4xf32> -> tensor<4xf32>
  return
}
