// RUN: mlc-opt --split-input-file --verify-diagnostics %s

func.func @ln_axes_not_trailing(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>) {
  // expected-error @+1 {{'core.layer_norm' op expects axes to be the trailing dimensions [2] in order, got [1]}}
  %0 = core.layer_norm %x, %s {axes = array<i64: 1>} : (tensor<2x3x4xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @ln_scale_shape(%x: tensor<2x3x4xf32>, %s: tensor<3x4xf32>) {
  // expected-error @+1 {{'core.layer_norm' op expects scale of the normalized shape [4], got [3, 4]}}
  %0 = core.layer_norm %x, %s {axes = array<i64: 2>} : (tensor<2x3x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @ln_bias_type(%x: tensor<2x4xf32>, %s: tensor<4xf32>, %b: tensor<4xf16>) {
  // expected-error @+1 {{'core.layer_norm' op expects bias of the input's element type 'f32', got 'f16'}}
  %0 = core.layer_norm %x, %s, %b {axes = array<i64: 1>} : (tensor<2x4xf32>, tensor<4xf32>, tensor<4xf16>) -> tensor<2x4xf32>
  return
}

// -----

func.func @ln_epsilon(%x: tensor<2x4xf32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{'core.layer_norm' op expects a non-negative 'epsilon', got -1}}
  %0 = core.layer_norm %x, %s {axes = array<i64: 1>, epsilon = -1.0 : f32} : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @ln_no_axes(%x: tensor<2x4xf32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{'core.layer_norm' op expects at least one axis}}
  %0 = core.layer_norm %x, %s {axes = array<i64>} : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @ln_integer(%x: tensor<2x4xi32>, %s: tensor<4xi32>) {
  // expected-error @+1 {{'core.layer_norm' op operand #0 must be statically shaped tensor of float (f16, bf16, f32, f64) or a uniform quantized type values, but got 'tensor<2x4xi32>'}}
  %0 = core.layer_norm %x, %s {axes = array<i64: 1>} : (tensor<2x4xi32>, tensor<4xi32>) -> tensor<2x4xi32>
  return
}

// -----

func.func @softmax_axis(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{'core.softmax' op expects axis 2 to be in [0, 2)}}
  %0 = core.softmax %x {axis = 2 : i64} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @softmax_no_axis(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{'core.softmax' op requires attribute 'axis'}}
  %0 = core.softmax %x : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @gelu_mode(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{'core.gelu' op attribute 'approximate'}}
  %0 = core.gelu %x {approximate = "fast"} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @gelu_result(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{'core.gelu' op inferred type(s) 'tensor<2x4xf32>' are incompatible with return type(s) of operation 'tensor<2x4xf16>'}}
  %0 = core.gelu %x : (tensor<2x4xf32>) -> tensor<2x4xf16>
  return
}

// -----

func.func @q_mixed(%x: tensor<2x4x!quant.uniform<u8:f32, 0.1:128>>) {
  // expected-error @+1 {{'core.softmax' op expects a result quantized per tensor, got 'f32'}}
  %0 = core.softmax %x {axis = 1 : i64} : (tensor<2x4x!quant.uniform<u8:f32, 0.1:128>>) -> tensor<2x4xf32>
  return
}

// -----

func.func @q_param_type(%x: tensor<2x4x!quant.uniform<u8:f32, 0.1:128>>, %s: tensor<4xf16>) {
  // expected-error @+1 {{'core.layer_norm' op expects scale of the input's element type 'f32', got 'f16'}}
  %0 = core.layer_norm %x, %s {axes = array<i64: 1>} : (tensor<2x4x!quant.uniform<u8:f32, 0.1:128>>, tensor<4xf16>) -> tensor<2x4x!quant.uniform<u8:f32, 0.02:100>>
  return
}

// -----

func.func @q_per_axis_result(%x: tensor<2x4x!quant.uniform<u8:f32, 0.1:128>>) {
  // expected-error @+1 {{'core.gelu' op expects a result quantized per tensor}}
  %0 = core.gelu %x : (tensor<2x4x!quant.uniform<u8:f32, 0.1:128>>) -> tensor<2x4x!quant.uniform<u8:f32:1, {0.1:1, 0.1:1, 0.1:1, 0.1:1}>>
  return
}
