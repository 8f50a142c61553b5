// RUN: mlc-opt --split-input-file --verify-diagnostics %s

func.func @mixed(%x: tensor<1x1x3x3x!quant.uniform<i8:f32, 0.1>>, %w: tensor<1x1x1x1xf32>) {
  // expected-error @+1 {{'core.conv2d' op expects operand #1 to be quantized like operand #0, got 'f32'}}
  %0 = core.conv2d %x, %w : (tensor<1x1x3x3x!quant.uniform<i8:f32, 0.1>>, tensor<1x1x1x1xf32>) -> tensor<1x1x3x3x!quant.uniform<i8:f32, 0.1>>
  return
}

// -----

func.func @float_input(%x: tensor<1x1x3x3xf32>, %w: tensor<1x1x1x1x!quant.uniform<i8:f32, 0.1>>) {
  // expected-error @+1 {{'core.conv2d' op expects operand #0 to be quantized like operand #1, got 'f32'}}
  %0 = core.conv2d %x, %w : (tensor<1x1x3x3xf32>, tensor<1x1x1x1x!quant.uniform<i8:f32, 0.1>>) -> tensor<1x1x3x3x!quant.uniform<i8:f32, 0.1>>
  return
}

// -----

func.func @float_result(%x: tensor<2x2x!quant.uniform<i8:f32, 0.1>>, %y: tensor<2x2x!quant.uniform<i8:f32, 0.1>>) {
  // expected-error @+1 {{'core.add' op expects a result quantized per tensor, got 'f32'}}
  %0 = core.add %x, %y : (tensor<2x2x!quant.uniform<i8:f32, 0.1>>, tensor<2x2x!quant.uniform<i8:f32, 0.1>>) -> tensor<2x2xf32>
  return
}

// -----

func.func @quant_result_of_floats(%x: tensor<2x2xf32>, %y: tensor<2x2xf32>) {
  // expected-error @+1 {{'core.add' op inferred type(s) 'tensor<2x2xf32>' are incompatible with return type(s) of operation 'tensor<2x2x!quant.uniform<i8:f32, 1.000000e-01>>'}}
  %0 = core.add %x, %y : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2x!quant.uniform<i8:f32, 0.1>>
  return
}

// -----

func.func @per_axis_input(%x: tensor<2x3x!quant.uniform<i8:f32:0, {0.1, 0.2}>>, %w: tensor<3x2x!quant.uniform<i8:f32, 0.1>>) {
  // expected-error @+1 {{'core.matmul' op expects operand #0 to be quantized per tensor, got '!quant.uniform<i8:f32:0, {1.000000e-01,2.000000e-01}>'}}
  %0 = core.matmul %x, %w : (tensor<2x3x!quant.uniform<i8:f32:0, {0.1, 0.2}>>, tensor<3x2x!quant.uniform<i8:f32, 0.1>>) -> tensor<2x2x!quant.uniform<i8:f32, 0.1>>
  return
}

// -----

func.func @weight_wrong_axis(%x: tensor<1x2x3x3x!quant.uniform<i8:f32, 0.1>>, %w: tensor<2x2x1x1x!quant.uniform<i8:f32:1, {0.1, 0.2}>>) {
  // expected-error @+1 {{'core.conv2d' op expects operand #1 to be quantized per tensor or per axis 0, got '!quant.uniform<i8:f32:1, {1.000000e-01,2.000000e-01}>'}}
  %0 = core.conv2d %x, %w : (tensor<1x2x3x3x!quant.uniform<i8:f32, 0.1>>, tensor<2x2x1x1x!quant.uniform<i8:f32:1, {0.1, 0.2}>>) -> tensor<1x2x3x3x!quant.uniform<i8:f32, 0.1>>
  return
}

// -----

func.func @bias_scale(%x: tensor<1x1x3x3x!quant.uniform<i8:f32, 0.5>>, %w: tensor<2x1x1x1x!quant.uniform<i8:f32:0, {0.25, 0.5}>>, %b: tensor<2x!quant.uniform<i32:f32:0, {0.125, 0.125}>>) {
  // expected-error @+1 {{'core.conv2d' op expects operand #2 (bias) scale 0.25 = input scale × weight scale (channel 1), got 0.125}}
  %0 = core.conv2d %x, %w, %b : (tensor<1x1x3x3x!quant.uniform<i8:f32, 0.5>>, tensor<2x1x1x1x!quant.uniform<i8:f32:0, {0.25, 0.5}>>, tensor<2x!quant.uniform<i32:f32:0, {0.125, 0.125}>>) -> tensor<1x2x3x3x!quant.uniform<i8:f32, 0.1>>
  return
}

// -----

func.func @bias_zero_point(%x: tensor<1x1x3x3x!quant.uniform<i8:f32, 0.5>>, %w: tensor<1x1x1x1x!quant.uniform<i8:f32, 0.25>>, %b: tensor<1x!quant.uniform<i32:f32, 0.125:4>>) {
  // expected-error @+1 {{'core.conv2d' op expects operand #2 (bias) zero point 0, got 4}}
  %0 = core.conv2d %x, %w, %b : (tensor<1x1x3x3x!quant.uniform<i8:f32, 0.5>>, tensor<1x1x1x1x!quant.uniform<i8:f32, 0.25>>, tensor<1x!quant.uniform<i32:f32, 0.125:4>>) -> tensor<1x1x3x3x!quant.uniform<i8:f32, 0.1>>
  return
}

// -----

func.func @bias_i8(%x: tensor<1x1x3x3x!quant.uniform<i8:f32, 0.5>>, %w: tensor<1x1x1x1x!quant.uniform<i8:f32, 0.25>>, %b: tensor<1x!quant.uniform<i8:f32, 0.125>>) {
  // expected-error @+1 {{'core.conv2d' op expects operand #2 (bias) to have i32 storage, got '!quant.uniform<i8:f32, 1.250000e-01>'}}
  %0 = core.conv2d %x, %w, %b : (tensor<1x1x3x3x!quant.uniform<i8:f32, 0.5>>, tensor<1x1x1x1x!quant.uniform<i8:f32, 0.25>>, tensor<1x!quant.uniform<i8:f32, 0.125>>) -> tensor<1x1x3x3x!quant.uniform<i8:f32, 0.1>>
  return
}

// -----

func.func @shape(%x: tensor<1x1x3x3x!quant.uniform<i8:f32, 0.5>>, %w: tensor<1x1x2x2x!quant.uniform<i8:f32, 0.25>>) {
  // expected-error @+1 {{'core.conv2d' op inferred type(s) 'tensor<1x1x2x2x!quant.uniform<i8:f32, 1.000000e-01>>' are incompatible with return type(s) of operation 'tensor<1x1x3x3x!quant.uniform<i8:f32, 1.000000e-01>>'}}
  %0 = core.conv2d %x, %w : (tensor<1x1x3x3x!quant.uniform<i8:f32, 0.5>>, tensor<1x1x2x2x!quant.uniform<i8:f32, 0.25>>) -> tensor<1x1x3x3x!quant.uniform<i8:f32, 0.1>>
  return
}

// -----

func.func @storage(%x: tensor<2x2x!quant.uniform<i4:f32, 0.5>>, %y: tensor<2x2x!quant.uniform<i4:f32, 0.5>>) {
  // expected-error @+1 {{'core.add' op expects operand #0 to have 8- or 16-bit storage, got '!quant.uniform<i4:f32, 5.000000e-01>'}}
  %0 = core.add %x, %y : (tensor<2x2x!quant.uniform<i4:f32, 0.5>>, tensor<2x2x!quant.uniform<i4:f32, 0.5>>) -> tensor<2x2x!quant.uniform<i4:f32, 0.5>>
  return
}

// -----

func.func @still_float(%x: tensor<2x2xf32>, %y: tensor<2x2xf16>) {
  // expected-error @+1 {{'core.add' op expects operands of the same element type, got 'f32' and 'f16'}}
  %0 = core.add %x, %y : (tensor<2x2xf32>, tensor<2x2xf16>) -> tensor<2x2xf32>
  return
}

// -----

func.func @max_pool_rescale(%x: tensor<1x1x4x4x!quant.uniform<u8:f32, 0.5:10>>) {
  // expected-error @+1 {{'core.max_pool2d' op inferred type(s) 'tensor<1x1x2x2x!quant.uniform<u8:f32, 5.000000e-01:10>>' are incompatible with return type(s) of operation 'tensor<1x1x2x2x!quant.uniform<u8:f32, 2.500000e-01:10>>'}}
  %0 = core.max_pool2d %x {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x1x4x4x!quant.uniform<u8:f32, 0.5:10>>) -> tensor<1x1x2x2x!quant.uniform<u8:f32, 0.25:10>>
  return
}

// -----

func.func @matmul_float_bias(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>, %c: tensor<2xf32>) {
  // expected-error @+1 {{'core.matmul' op expects no bias in the float form (a bias is added with core.add)}}
  %0 = core.matmul %a, %b, %c : (tensor<2x3xf32>, tensor<3x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @matmul_bias_shape(%a: tensor<2x3x!quant.uniform<u8:f32, 0.1:128>>, %b: tensor<3x2x!quant.uniform<i8:f32, 0.1>>, %c: tensor<3x!quant.uniform<i32:f32, 0.01>>) {
  // expected-error @+1 {{'core.matmul' op expects bias of shape [2], got [3]}}
  %0 = core.matmul %a, %b, %c : (tensor<2x3x!quant.uniform<u8:f32, 0.1:128>>, tensor<3x2x!quant.uniform<i8:f32, 0.1>>, tensor<3x!quant.uniform<i32:f32, 0.01>>) -> tensor<2x2x!quant.uniform<u8:f32, 0.5>>
  return
}

// -----

func.func @matmul_bias_scale(%a: tensor<2x3x!quant.uniform<u8:f32, 0.5:128>>, %b: tensor<3x2x!quant.uniform<i8:f32, 0.25>>, %c: tensor<2x!quant.uniform<i32:f32, 0.25>>) {
  // expected-error @+1 {{'core.matmul' op expects operand #2 (bias) scale 0.125 = input scale × weight scale (channel 0), got 0.25}}
  %0 = core.matmul %a, %b, %c : (tensor<2x3x!quant.uniform<u8:f32, 0.5:128>>, tensor<3x2x!quant.uniform<i8:f32, 0.25>>, tensor<2x!quant.uniform<i32:f32, 0.25>>) -> tensor<2x2x!quant.uniform<u8:f32, 0.5>>
  return
}
