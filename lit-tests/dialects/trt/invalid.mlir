// RUN: mlc-opt --split-input-file --verify-diagnostics %s

// One chunk per verifier rule of the trt dialect: first the precision and
// output_type of every layer (a TensorRT type the layer does not support), then
// each layer's shape and attribute rules, then the explicit-quantization rules.
func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'trt.convolution' op attribute 'precision' failed to satisfy constraint: type attribute of f32, f16, bf16, i8, f8E4M3FN}}
  %0 = trt.convolution %x, %w {num_output_maps = 4, kernel_size = array<i64: 3, 3>, precision = i32} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'trt.convolution' op attribute 'output_type' failed to satisfy constraint: type attribute of f32, f16, bf16, i8, f8E4M3FN}}
  %0 = trt.convolution %x, %w {num_output_maps = 4, kernel_size = array<i64: 3, 3>, output_type = i32} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<3x4x3x3xf32>) {
  // expected-error @+1 {{'trt.deconvolution' op attribute 'precision' failed to satisfy constraint: type attribute of f32, f16, bf16, i8, f8E4M3FN}}
  %0 = trt.deconvolution %x, %w {num_output_maps = 4, kernel_size = array<i64: 3, 3>, precision = i64} : (tensor<1x3x8x8xf32>, tensor<3x4x3x3xf32>) -> tensor<1x4x10x10xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<3x4x3x3xf32>) {
  // expected-error @+1 {{'trt.deconvolution' op attribute 'output_type' failed to satisfy constraint: type attribute of f32, f16, bf16, i8, f8E4M3FN}}
  %0 = trt.deconvolution %x, %w {num_output_maps = 4, kernel_size = array<i64: 3, 3>, output_type = i1} : (tensor<1x3x8x8xf32>, tensor<3x4x3x3xf32>) -> tensor<1x4x10x10xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{'trt.matrix_multiply' op attribute 'precision' failed to satisfy constraint: type attribute of f32, f16, bf16, f8E4M3FN}}
  %0 = trt.matrix_multiply %a, %b {precision = i8} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{'trt.matrix_multiply' op attribute 'output_type' failed to satisfy constraint: type attribute of f32, f16, bf16, f8E4M3FN}}
  %0 = trt.matrix_multiply %a, %b {output_type = i32} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.element_wise' op attribute 'precision' failed to satisfy constraint: type attribute of f32, f16, bf16, i8, i32, i64, i1}}
  %0 = trt.element_wise "sum" %a, %a {precision = ui8} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.element_wise' op attribute 'output_type' failed to satisfy constraint: type attribute of f32, f16, bf16, i8, i32, i64, i1}}
  %0 = trt.element_wise "sum" %a, %a {output_type = f8E4M3FN} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.activation' op attribute 'precision' failed to satisfy constraint: type attribute of f32, f16, bf16, i8}}
  %0 = trt.activation "relu" %a {precision = i32} : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.activation' op attribute 'output_type' failed to satisfy constraint: type attribute of f32, f16, bf16, i8}}
  %0 = trt.activation "relu" %a {output_type = i1} : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.unary' op attribute 'precision' failed to satisfy constraint: type attribute of f32, f16, bf16, i8, i32, i64, i1}}
  %0 = trt.unary "exp" %a {precision = f8E4M3FN} : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.unary' op attribute 'output_type' failed to satisfy constraint: type attribute of f32, f16, bf16, i8, i32, i64, i1}}
  %0 = trt.unary "exp" %a {output_type = ui8} : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{'trt.pooling' op attribute 'precision' failed to satisfy constraint: type attribute of f32, f16, bf16, i8}}
  %0 = trt.pooling "max" %x {window_size = array<i64: 2, 2>, precision = i32} : tensor<1x3x8x8xf32> -> tensor<1x3x7x7xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{'trt.pooling' op attribute 'output_type' failed to satisfy constraint: type attribute of f32, f16, bf16, i8}}
  %0 = trt.pooling "max" %x {window_size = array<i64: 2, 2>, output_type = f8E4M3FN} : tensor<1x3x8x8xf32> -> tensor<1x3x7x7xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.softmax' op attribute 'precision' failed to satisfy constraint: type attribute of f32, f16, bf16}}
  %0 = trt.softmax %a {precision = i8} : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.softmax' op attribute 'output_type' failed to satisfy constraint: type attribute of f32, f16, bf16}}
  %0 = trt.softmax %a {output_type = i8} : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %s: tensor<1x3xf32>) {
  // expected-error @+1 {{'trt.normalization' op attribute 'precision' failed to satisfy constraint: type attribute of f32, f16, bf16}}
  %0 = trt.normalization %a, %s, %s {axes = 2, precision = i8} : (tensor<2x3xf32>, tensor<1x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %s: tensor<1x3xf32>) {
  // expected-error @+1 {{'trt.normalization' op attribute 'output_type' failed to satisfy constraint: type attribute of f32, f16, bf16}}
  %0 = trt.normalization %a, %s, %s {axes = 2, output_type = i32} : (tensor<2x3xf32>, tensor<1x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.shuffle' op attribute 'precision' failed to satisfy constraint: type attribute of f32, f16, bf16, f8E4M3FN, i8, i32, i64, i1}}
  %0 = trt.shuffle %a {precision = ui8} : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.shuffle' op attribute 'output_type' failed to satisfy constraint: type attribute of f32, f16, bf16, f8E4M3FN, i8, i32, i64, i1}}
  %0 = trt.shuffle %a {output_type = i4} : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.concatenation' op attribute 'precision' failed to satisfy constraint: type attribute of f32, f16, bf16, f8E4M3FN, i8, i32, i64, i1}}
  %0 = trt.concatenation %a, %a {precision = ui8} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.concatenation' op attribute 'output_type' failed to satisfy constraint: type attribute of f32, f16, bf16, f8E4M3FN, i8, i32, i64, i1}}
  %0 = trt.concatenation %a, %a {output_type = f64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.slice' op attribute 'precision' failed to satisfy constraint: type attribute of f32, f16, bf16, f8E4M3FN, i8, i32, i64, i1}}
  %0 = trt.slice %a {start = array<i64: 0, 0>, size = array<i64: 1, 1>, stride = array<i64: 1, 1>, precision = i4} : tensor<2x3xf32> -> tensor<1x1xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.slice' op attribute 'output_type' failed to satisfy constraint: type attribute of f32, f16, bf16, f8E4M3FN, i8, i32, i64, i1}}
  %0 = trt.slice %a {start = array<i64: 0, 0>, size = array<i64: 1, 1>, stride = array<i64: 1, 1>, output_type = ui8} : tensor<2x3xf32> -> tensor<1x1xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.reduce' op attribute 'precision' failed to satisfy constraint: type attribute of f32, f16, bf16, i8, i32, i64}}
  %0 = trt.reduce "sum" %a {axes = 1, precision = i1} : tensor<2x3xf32> -> tensor<3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.reduce' op attribute 'output_type' failed to satisfy constraint: type attribute of f32, f16, bf16, i8, i32, i64}}
  %0 = trt.reduce "sum" %a {axes = 1, output_type = f8E4M3FN} : tensor<2x3xf32> -> tensor<3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %i: tensor<4xi32>) {
  // expected-error @+1 {{'trt.gather' op attribute 'precision' failed to satisfy constraint: type attribute of f32, f16, bf16, f8E4M3FN, i8, i32, i64, i1}}
  %0 = trt.gather %a, %i {precision = ui8} : (tensor<2x3xf32>, tensor<4xi32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %i: tensor<4xi32>) {
  // expected-error @+1 {{'trt.gather' op attribute 'output_type' failed to satisfy constraint: type attribute of f32, f16, bf16, f8E4M3FN, i8, i32, i64, i1}}
  %0 = trt.gather %a, %i {output_type = f64} : (tensor<2x3xf32>, tensor<4xi32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'trt.constant' op attribute 'precision' failed to satisfy constraint: type attribute of f32, f16, bf16, f8E4M3FN, i4, i8, ui8, i32, i64, i1}}
  %0 = trt.constant dense<1.0> : tensor<2xf32> {precision = f64}
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'trt.constant' op attribute 'output_type' failed to satisfy constraint: type attribute of f32, f16, bf16, f8E4M3FN, i4, i8, ui8, i32, i64, i1}}
  %0 = trt.constant dense<1.0> : tensor<2xf32> {output_type = i16}
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.identity' op attribute 'precision' failed to satisfy constraint: type attribute of f32, f16, bf16, i8, ui8, i32, i64, i1}}
  %0 = trt.identity %a {precision = f8E4M3FN} : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.identity' op attribute 'output_type' failed to satisfy constraint: type attribute of f32, f16, bf16, i8, ui8, i32, i64, i1}}
  %0 = trt.identity %a {output_type = i4} : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.cast' op attribute 'precision' failed to satisfy constraint: type attribute of f32, f16, bf16, i8, ui8, i32, i64, i1}}
  %0 = trt.cast %a {to_type = f32, precision = f8E4M3FN} : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.cast' op attribute 'output_type' failed to satisfy constraint: type attribute of f32, f16, bf16, i8, ui8, i32, i64, i1}}
  %0 = trt.cast %a {to_type = f32, output_type = i4} : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{'trt.resize' op attribute 'precision' failed to satisfy constraint: type attribute of f32, f16, bf16, i8}}
  %0 = trt.resize %x {shape = array<i64: 1, 3, 4, 4>, precision = i32} : tensor<1x3x8x8xf32> -> tensor<1x3x4x4xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{'trt.resize' op attribute 'output_type' failed to satisfy constraint: type attribute of f32, f16, bf16, i8}}
  %0 = trt.resize %x {shape = array<i64: 1, 3, 4, 4>, output_type = i1} : tensor<1x3x8x8xf32> -> tensor<1x3x4x4xf32>
  return
}

// -----

func.func @f(%c: tensor<2xi1>, %a: tensor<2xf32>) {
  // expected-error @+1 {{'trt.select' op attribute 'precision' failed to satisfy constraint: type attribute of f32, f16, bf16, f8E4M3FN, i8, i32, i64, i1}}
  %0 = trt.select %c, %a, %a {precision = ui8} : (tensor<2xi1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%c: tensor<2xi1>, %a: tensor<2xf32>) {
  // expected-error @+1 {{'trt.select' op attribute 'output_type' failed to satisfy constraint: type attribute of f32, f16, bf16, f8E4M3FN, i8, i32, i64, i1}}
  %0 = trt.select %c, %a, %a {output_type = i4} : (tensor<2xi1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.shape' op attribute 'precision' failed to satisfy constraint: type attribute of f32, f16, bf16, f8E4M3FN, i4, i8, ui8, i32, i64, i1}}
  %0 = trt.shape %a {precision = f64} : tensor<2x3xf32> -> tensor<2xi64>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.shape' op attribute 'output_type' failed to satisfy constraint: type attribute of i64}}
  %0 = trt.shape %a {output_type = i32} : tensor<2x3xf32> -> tensor<2xi64>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.topk' op attribute 'precision' failed to satisfy constraint: type attribute of f32, f16, bf16, i32, i64}}
  %0:2 = trt.topk "max" %a {k = 1, axes = 2, precision = i8} : tensor<2x3xf32> -> tensor<2x1xf32>, tensor<2x1xi32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.topk' op attribute 'output_type' failed to satisfy constraint: type attribute of f32, f16, bf16, i32, i64}}
  %0:2 = trt.topk "max" %a {k = 1, axes = 2, output_type = i1} : tensor<2x3xf32> -> tensor<2x1xf32>, tensor<2x1xi32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{'trt.padding' op attribute 'precision' failed to satisfy constraint: type attribute of f32, f16, bf16, i8}}
  %0 = trt.padding %x {pre_padding = array<i64: 1, 1>, post_padding = array<i64: 1, 1>, precision = i32} : tensor<1x3x8x8xf32> -> tensor<1x3x10x10xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{'trt.padding' op attribute 'output_type' failed to satisfy constraint: type attribute of f32, f16, bf16, i8}}
  %0 = trt.padding %x {pre_padding = array<i64: 1, 1>, post_padding = array<i64: 1, 1>, output_type = i64} : tensor<1x3x8x8xf32> -> tensor<1x3x10x10xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  %s = trt.constant dense<0.5> : tensor<f32>
  // expected-error @+1 {{'trt.quantize' op attribute 'precision' failed to satisfy constraint: type attribute of f32, f16, bf16}}
  %0 = trt.quantize %a, %s {precision = i8} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xi8>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  %s = trt.constant dense<0.5> : tensor<f32>
  // expected-error @+1 {{'trt.quantize' op attribute 'output_type' failed to satisfy constraint: type attribute of i8, f8E4M3FN, i4}}
  %0 = trt.quantize %a, %s {output_type = f16} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xi8>
  return
}

// -----

func.func @f(%a: tensor<2x3xi8>) {
  %s = trt.constant dense<0.5> : tensor<f32>
  // expected-error @+1 {{'trt.dequantize' op attribute 'precision' failed to satisfy constraint: type attribute of f32, f16, bf16}}
  %0 = trt.dequantize %a, %s {precision = i8} : (tensor<2x3xi8>, tensor<f32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xi8>) {
  %s = trt.constant dense<0.5> : tensor<f32>
  // expected-error @+1 {{'trt.dequantize' op attribute 'output_type' failed to satisfy constraint: type attribute of f32, f16, bf16}}
  %0 = trt.dequantize %a, %s {output_type = i8} : (tensor<2x3xi8>, tensor<f32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%x: tensor<3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'trt.convolution' op expects a 4-D (NCHW) or 5-D (NCDHW) input, got 3-D}}
  %0 = trt.convolution %x, %w {num_output_maps = 4, kernel_size = array<i64: 3, 3>} : (tensor<3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<4x6x6xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3xf32>) {
  // expected-error @+1 {{'trt.convolution' op expects a 4-D kernel for a 4-D input, got 3-D}}
  %0 = trt.convolution %x, %w {num_output_maps = 4, kernel_size = array<i64: 3, 3>} : (tensor<1x3x8x8xf32>, tensor<4x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf16>) {
  // expected-error @+1 {{'trt.convolution' op kernel element type 'f16' must match the input element type 'f32'}}
  %0 = trt.convolution %x, %w {num_output_maps = 4, kernel_size = array<i64: 3, 3>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf16>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'trt.convolution' op 'kernel_size' has 3 values, expected 2 (one per spatial dimension)}}
  %0 = trt.convolution %x, %w {num_output_maps = 4, kernel_size = array<i64: 3, 3, 3>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'trt.convolution' op 'stride' has 1 values, expected 2 (one per spatial dimension)}}
  %0 = trt.convolution %x, %w {num_output_maps = 4, kernel_size = array<i64: 3, 3>, stride = array<i64: 2>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'trt.convolution' op 'stride' values must be positive, got [0, 1]}}
  %0 = trt.convolution %x, %w {num_output_maps = 4, kernel_size = array<i64: 3, 3>, stride = array<i64: 0, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'trt.convolution' op 'dilation' values must be positive, got [1, 0]}}
  %0 = trt.convolution %x, %w {num_output_maps = 4, kernel_size = array<i64: 3, 3>, dilation = array<i64: 1, 0>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'trt.convolution' op padding values must be non-negative, got pre_padding [-1, 0] and post_padding [0, 0]}}
  %0 = trt.convolution %x, %w {num_output_maps = 4, kernel_size = array<i64: 3, 3>, pre_padding = array<i64: -1, 0>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'trt.convolution' op 'kernel_size' values must be positive, got [0, 3]}}
  %0 = trt.convolution %x, %w {num_output_maps = 4, kernel_size = array<i64: 0, 3>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'trt.convolution' op 'num_output_maps' must be positive, got 0}}
  %0 = trt.convolution %x, %w {num_output_maps = 0, kernel_size = array<i64: 3, 3>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'trt.convolution' op 'num_groups' must be positive, got 0}}
  %0 = trt.convolution %x, %w {num_output_maps = 4, kernel_size = array<i64: 3, 3>, num_groups = 0} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'trt.convolution' op num_output_maps 4 is not divisible by num_groups 3}}
  %0 = trt.convolution %x, %w {num_output_maps = 4, kernel_size = array<i64: 3, 3>, num_groups = 3} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'trt.convolution' op input channels 3 are not divisible by num_groups 2}}
  %0 = trt.convolution %x, %w {num_output_maps = 4, kernel_size = array<i64: 3, 3>, num_groups = 2} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<8x3x3x3xf32>) {
  // expected-error @+1 {{'trt.convolution' op kernel dimension 0 is 8, expected num_output_maps = 4}}
  %0 = trt.convolution %x, %w {num_output_maps = 4, kernel_size = array<i64: 3, 3>} : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x1x3x3xf32>) {
  // expected-error @+1 {{'trt.convolution' op kernel dimension 1 is 1, expected input channels / num_groups = 3}}
  %0 = trt.convolution %x, %w {num_output_maps = 4, kernel_size = array<i64: 3, 3>} : (tensor<1x3x8x8xf32>, tensor<4x1x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x5x5xf32>) {
  // expected-error @+1 {{'trt.convolution' op kernel spatial dimensions [5, 5] do not match kernel_size [3, 3]}}
  %0 = trt.convolution %x, %w {num_output_maps = 4, kernel_size = array<i64: 3, 3>} : (tensor<1x3x8x8xf32>, tensor<4x3x5x5xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'trt.convolution' op bias must have shape [4], got [3]}}
  %0 = trt.convolution %x, %w, %b {num_output_maps = 4, kernel_size = array<i64: 3, 3>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x2x2xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'trt.convolution' op computed output size 0 for spatial dimension 0 (input 2) is not positive}}
  %0 = trt.convolution %x, %w {num_output_maps = 4, kernel_size = array<i64: 3, 3>} : (tensor<1x3x2x2xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x1x1xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'trt.convolution' op inferred type(s) 'tensor<1x4x6x6xf32>' are incompatible with return type(s) of operation 'tensor<1x4x8x8xf32>'}}
  %0 = trt.convolution %x, %w {num_output_maps = 4, kernel_size = array<i64: 3, 3>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'trt.convolution' op requires attribute 'num_output_maps'}}
  %0 = trt.convolution %x, %w {kernel_size = array<i64: 3, 3>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'trt.convolution' op attribute 'padding_mode' failed to satisfy constraint: one of "explicit_round_down", "explicit_round_up", "same_upper", "same_lower"}}
  %0 = trt.convolution %x, %w {num_output_maps = 4, kernel_size = array<i64: 3, 3>, padding_mode = "caffe_round_down"} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xi32>, %w: tensor<4x3x3x3xi32>) {
  // expected-error @+1 {{'trt.convolution' op operand #0 must be ranked tensor of f32 or f16 or bf16 or i8 or f8E4M3FN values, but got 'tensor<1x3x8x8xi32>'}}
  %0 = trt.convolution %x, %w {num_output_maps = 4, kernel_size = array<i64: 3, 3>} : (tensor<1x3x8x8xi32>, tensor<4x3x3x3xi32>) -> tensor<1x4x6x6xi32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x4x3x3xf32>) {
  // expected-error @+1 {{'trt.deconvolution' op kernel dimension 0 is 4, expected input channels = 3}}
  %0 = trt.deconvolution %x, %w {num_output_maps = 4, kernel_size = array<i64: 3, 3>} : (tensor<1x3x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x10x10xf32>
  return
}

// -----

func.func @f(%x: tensor<1x4x8x8xf32>, %w: tensor<4x4x3x3xf32>) {
  // expected-error @+1 {{'trt.deconvolution' op kernel dimension 1 is 4, expected num_output_maps / num_groups = 2}}
  %0 = trt.deconvolution %x, %w {num_output_maps = 4, num_groups = 2, kernel_size = array<i64: 3, 3>} : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x10x10xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<3x4x3x3xf32>) {
  // expected-error @+1 {{'trt.deconvolution' op computed output size -6 for spatial dimension 0 (input 8) is not positive}}
  %0 = trt.deconvolution %x, %w {num_output_maps = 4, kernel_size = array<i64: 3, 3>, pre_padding = array<i64: 8, 8>, post_padding = array<i64: 8, 8>} : (tensor<1x3x8x8xf32>, tensor<3x4x3x3xf32>) -> tensor<1x4x1x1xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<3x4x3x3xf32>) {
  // expected-error @+1 {{'trt.deconvolution' op inferred type(s) 'tensor<1x4x16x16xf32>' are incompatible with return type(s) of operation 'tensor<1x4x17x17xf32>'}}
  %0 = trt.deconvolution %x, %w {num_output_maps = 4, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding_mode = "same_upper"} : (tensor<1x3x8x8xf32>, tensor<3x4x3x3xf32>) -> tensor<1x4x17x17xf32>
  return
}

// -----

func.func @f(%a: tensor<3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{'trt.matrix_multiply' op input0 must have rank at least 2 unless op0 is "vector", got rank 1}}
  %0 = trt.matrix_multiply %a, %b {} : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%a: tensor<2x2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{'trt.matrix_multiply' op inputs must have the same number of batch dimensions, got 1 and 0}}
  %0 = trt.matrix_multiply %a, %b {} : (tensor<2x2x3xf32>, tensor<3x4xf32>) -> tensor<2x2x4xf32>
  return
}

// -----

func.func @f(%a: tensor<2x2x3xf32>, %b: tensor<5x3x4xf32>) {
  // expected-error @+1 {{'trt.matrix_multiply' op batch dimension 0 is not broadcastable: 2 vs 5}}
  %0 = trt.matrix_multiply %a, %b {} : (tensor<2x2x3xf32>, tensor<5x3x4xf32>) -> tensor<2x2x4xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) {
  // expected-error @+1 {{'trt.matrix_multiply' op contraction dimensions differ: 3 (input0) vs 4 (input1)}}
  %0 = trt.matrix_multiply %a, %b {} : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<3x4xf16>) {
  // expected-error @+1 {{'trt.matrix_multiply' op inputs must have the same element type, got 'f32' and 'f16'}}
  %0 = trt.matrix_multiply %a, %b {} : (tensor<2x3xf32>, tensor<3x4xf16>) -> tensor<2x4xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{'trt.matrix_multiply' op attribute 'op0' failed to satisfy constraint: one of "none", "transpose", "vector"}}
  %0 = trt.matrix_multiply %a, %b {op0 = "conjugate"} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xi8>, %b: tensor<3x4xi8>) {
  // expected-error @+1 {{'trt.matrix_multiply' op operand #0 must be ranked tensor of f32 or f16 or bf16 or f8E4M3FN values, but got 'tensor<2x3xi8>'}}
  %0 = trt.matrix_multiply %a, %b {} : (tensor<2x3xi8>, tensor<3x4xi8>) -> tensor<2x4xi8>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>) {
  // expected-error @+1 {{'trt.matrix_multiply' op inferred type(s) 'tensor<3x4xf32>' are incompatible with return type(s) of operation 'tensor<2x4xf32>'}}
  %0 = trt.matrix_multiply %a, %b {op0 = "transpose"} : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @f(%a: tensor<2xf32>, %b: tensor<2xf32>) {
  // expected-error @+1 {{'trt.element_wise' op operation "and" requires inputs of i1, got 'f32'}}
  %0 = trt.element_wise "and" %a, %b : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%a: tensor<2xi1>, %b: tensor<2xi1>) {
  // expected-error @+1 {{'trt.element_wise' op operation "greater" requires inputs of f32, f16, bf16, i32, i64, got 'i1'}}
  %0 = trt.element_wise "greater" %a, %b : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  return
}

// -----

func.func @f(%a: tensor<2xi1>, %b: tensor<2xi1>) {
  // expected-error @+1 {{'trt.element_wise' op operation "sum" requires inputs of f32, f16, bf16, i8, i32, i64, got 'i1'}}
  %0 = trt.element_wise "sum" %a, %b : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'trt.element_wise' op operands must have the same rank (TensorRT does not broadcast ranks), got 2 and 1}}
  %0 = trt.element_wise "sum" %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>) {
  // expected-error @+1 {{'trt.element_wise' op dimension 1 is not broadcastable: 3 vs 4}}
  %0 = trt.element_wise "sub" %a, %b : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @f(%a: tensor<2xf32>, %b: tensor<2xf16>) {
  // expected-error @+1 {{'trt.element_wise' op inputs must have the same element type, got 'f32' and 'f16'}}
  %0 = trt.element_wise "max" %a, %b : (tensor<2xf32>, tensor<2xf16>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%a: tensor<2xf32>, %b: tensor<2xf32>) {
  // expected-error @+1 {{'trt.element_wise' op inferred type(s) 'tensor<2xi1>' are incompatible with return type(s) of operation 'tensor<2xf32>'}}
  %0 = trt.element_wise "equal" %a, %b : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%a: tensor<2xf32>, %b: tensor<2xf32>) {
  // expected-error @+1 {{'trt.element_wise' op attribute 'operation' failed to satisfy constraint: one of "sum", "prod", "max", "min", "sub", "div", "pow", "floor_div", "and", "or", "xor", "equal", "greater", "less"}}
  %0 = trt.element_wise "mod" %a, %b : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%a: tensor<2xf32>) {
  // expected-error @+1 {{'trt.activation' op attribute 'activation_type' failed to satisfy constraint: one of "relu"}}
  %0 = trt.activation "swish" %a : tensor<2xf32> -> tensor<2xf32>
  return
}

// -----

func.func @f(%a: tensor<2xi32>) {
  // expected-error @+1 {{'trt.activation' op operand #0 must be ranked tensor of f32 or f16 or bf16 or i8 values, but got 'tensor<2xi32>'}}
  %0 = trt.activation "relu" %a : tensor<2xi32> -> tensor<2xi32>
  return
}

// -----

func.func @f(%a: tensor<2xf32>) {
  // expected-error @+1 {{'trt.activation' op attribute 'alpha' failed to satisfy constraint: 32-bit float attribute}}
  %0 = trt.activation "leaky_relu" %a {alpha = 0.1 : f64} : tensor<2xf32> -> tensor<2xf32>
  return
}

// -----

func.func @f(%a: tensor<2xf32>) {
  // expected-error @+1 {{'trt.activation' op requires the same shape for all operands and results}}
  %0 = trt.activation "relu" %a : tensor<2xf32> -> tensor<3xf32>
  return
}

// -----

func.func @f(%a: tensor<2xf32>) {
  // expected-error @+1 {{'trt.unary' op operation "not" requires an input of i1, got 'f32'}}
  %0 = trt.unary "not" %a : tensor<2xf32> -> tensor<2xf32>
  return
}

// -----

func.func @f(%a: tensor<2xi32>) {
  // expected-error @+1 {{'trt.unary' op operation "isinf" requires an input of f32, f16, bf16, got 'i32'}}
  %0 = trt.unary "isinf" %a : tensor<2xi32> -> tensor<2xi1>
  return
}

// -----

func.func @f(%a: tensor<2xi32>) {
  // expected-error @+1 {{'trt.unary' op operation "exp" requires an input of f32, f16, bf16, i8, got 'i32'}}
  %0 = trt.unary "exp" %a : tensor<2xi32> -> tensor<2xi32>
  return
}

// -----

func.func @f(%a: tensor<2xi1>) {
  // expected-error @+1 {{'trt.unary' op operation "neg" requires an input of f32, f16, bf16, i8, i32, i64, got 'i1'}}
  %0 = trt.unary "neg" %a : tensor<2xi1> -> tensor<2xi1>
  return
}

// -----

func.func @f(%a: tensor<2xf32>) {
  // expected-error @+1 {{'trt.unary' op inferred type(s) 'tensor<2xi1>' are incompatible with return type(s) of operation 'tensor<2xf32>'}}
  %0 = trt.unary "isnan" %a : tensor<2xf32> -> tensor<2xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{'trt.pooling' op 'window_size' must have 2 or 3 values (2-D or 3-D pooling), got 1}}
  %0 = trt.pooling "max" %x {window_size = array<i64: 2>} : tensor<1x3x8x8xf32> -> tensor<1x3x8x7xf32>
  return
}

// -----

func.func @f(%x: tensor<3x3x3xf32>) {
  // expected-error @+1 {{'trt.pooling' op 3-D pooling expects an input of rank at least 4, got 3}}
  %0 = trt.pooling "max" %x {window_size = array<i64: 2, 2, 2>} : tensor<3x3x3xf32> -> tensor<2x2x2xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{'trt.pooling' op 'pre_padding' has 3 values, expected 2 (one per spatial dimension)}}
  %0 = trt.pooling "max" %x {window_size = array<i64: 2, 2>, pre_padding = array<i64: 1, 1, 1>} : tensor<1x3x8x8xf32> -> tensor<1x3x7x7xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{'trt.pooling' op computed output size 0 for spatial dimension 1 (input 8) is not positive}}
  %0 = trt.pooling "max" %x {window_size = array<i64: 2, 9>} : tensor<1x3x8x8xf32> -> tensor<1x3x7x1xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{'trt.pooling' op 'blend_factor' must be in [0, 1], got 1.5}}
  %0 = trt.pooling "max_average_blend" %x {window_size = array<i64: 2, 2>, blend_factor = 1.5 : f32} : tensor<1x3x8x8xf32> -> tensor<1x3x7x7xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{'trt.pooling' op inferred type(s) 'tensor<1x3x4x4xf32>' are incompatible with return type(s) of operation 'tensor<1x3x3x3xf32>'}}
  %0 = trt.pooling "max" %x {window_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding_mode = "explicit_round_up"} : tensor<1x3x8x8xf32> -> tensor<1x3x3x3xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{'trt.pooling' op attribute 'pooling_type' failed to satisfy constraint: one of "max", "average", "max_average_blend"}}
  %0 = trt.pooling "min" %x {window_size = array<i64: 2, 2>} : tensor<1x3x8x8xf32> -> tensor<1x3x7x7xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.softmax' op axes bitmask 3 must select exactly one axis}}
  %0 = trt.softmax %a {axes = 3} : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.softmax' op axes bitmask 4 selects axis 2, but the input has rank 2}}
  %0 = trt.softmax %a {axes = 4} : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.softmax' op axes bitmask 0 must select at least one axis and fit in 32 bits}}
  %0 = trt.softmax %a {axes = 0} : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xi8>) {
  // expected-error @+1 {{'trt.softmax' op operand #0 must be ranked tensor of f32 or f16 or bf16 values, but got 'tensor<2x3xi8>'}}
  %0 = trt.softmax %a : tensor<2x3xi8> -> tensor<2x3xi8>
  return
}

// -----

func.func @f(%a: tensor<f32>) {
  // expected-error @+1 {{'trt.softmax' op expects an input of rank at least 1}}
  %0 = trt.softmax %a : tensor<f32> -> tensor<f32>
  return
}

// -----

func.func @f(%x: tensor<2x8xf32>, %s: tensor<1x8xf16>, %b: tensor<1x8xf16>) {
  // expected-error @+1 {{'trt.normalization' op scale and bias must have the input element type 'f32'}}
  %0 = trt.normalization %x, %s, %b {axes = 2} : (tensor<2x8xf32>, tensor<1x8xf16>, tensor<1x8xf16>) -> tensor<2x8xf32>
  return
}

// -----

func.func @f(%x: tensor<2x8xf32>, %s: tensor<1x8xf32>, %b: tensor<1x8xf32>) {
  // expected-error @+1 {{'trt.normalization' op axes bitmask 0 must select at least one axis and fit in 32 bits}}
  %0 = trt.normalization %x, %s, %b {axes = 0} : (tensor<2x8xf32>, tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @f(%x: tensor<2x8xf32>, %s: tensor<8xf32>, %b: tensor<8xf32>) {
  // expected-error @+1 {{'trt.normalization' op scale and bias must have the input's rank 2, got 1 and 1}}
  %0 = trt.normalization %x, %s, %b {axes = 2} : (tensor<2x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @f(%x: tensor<2x8xf32>, %s: tensor<1x8xf32>, %b: tensor<1x1xf32>) {
  // expected-error @+1 {{'trt.normalization' op scale shape [1, 8] and bias shape [1, 1] differ}}
  %0 = trt.normalization %x, %s, %b {axes = 2} : (tensor<2x8xf32>, tensor<1x8xf32>, tensor<1x1xf32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @f(%x: tensor<2x8xf32>, %s: tensor<1x4xf32>, %b: tensor<1x4xf32>) {
  // expected-error @+1 {{'trt.normalization' op scale shape [1, 4] does not broadcast to the input shape [2, 8]}}
  %0 = trt.normalization %x, %s, %b {axes = 2} : (tensor<2x8xf32>, tensor<1x4xf32>, tensor<1x4xf32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @f(%x: tensor<2x8x4x4xf32>, %s: tensor<1x8x1x1xf32>, %b: tensor<1x8x1x1xf32>) {
  // expected-error @+1 {{'trt.normalization' op group normalization expects scale and bias of shape [1, 2, 1, 1], got [1, 8, 1, 1]}}
  %0 = trt.normalization %x, %s, %b {axes = 12, num_groups = 2} : (tensor<2x8x4x4xf32>, tensor<1x8x1x1xf32>, tensor<1x8x1x1xf32>) -> tensor<2x8x4x4xf32>
  return
}

// -----

func.func @f(%x: tensor<2x6x4x4xf32>, %s: tensor<1x4x1x1xf32>, %b: tensor<1x4x1x1xf32>) {
  // expected-error @+1 {{'trt.normalization' op input channels 6 are not divisible by num_groups 4}}
  %0 = trt.normalization %x, %s, %b {axes = 12, num_groups = 4} : (tensor<2x6x4x4xf32>, tensor<1x4x1x1xf32>, tensor<1x4x1x1xf32>) -> tensor<2x6x4x4xf32>
  return
}

// -----

func.func @f(%x: tensor<2x8xf32>, %s: tensor<1x8xf32>, %b: tensor<1x8xf32>) {
  // expected-error @+1 {{'trt.normalization' op 'num_groups' must be positive, got 0}}
  %0 = trt.normalization %x, %s, %b {axes = 2, num_groups = 0} : (tensor<2x8xf32>, tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @f(%x: tensor<2x8xf32>, %s: tensor<1x8xf32>, %b: tensor<1x8xf32>) {
  // expected-error @+1 {{'trt.normalization' op attribute 'compute_precision' failed to satisfy constraint: type attribute of f32, f16, bf16}}
  %0 = trt.normalization %x, %s, %b {axes = 2, compute_precision = i8} : (tensor<2x8xf32>, tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @f(%x: tensor<2x8xf32>, %s: tensor<1x8xf32>, %b: tensor<1x8xf32>) {
  // expected-error @+1 {{'trt.normalization' op requires attribute 'axes'}}
  %0 = trt.normalization %x, %s, %b {epsilon = 1.0e-5 : f32} : (tensor<2x8xf32>, tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'trt.shuffle' op 'first_transpose' [0, 0, 1] is not a permutation of [0, 3)}}
  %0 = trt.shuffle %x {first_transpose = array<i64: 0, 0, 1>} : tensor<2x3x4xf32> -> tensor<2x3x4xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'trt.shuffle' op 'second_transpose' must have 3 entries (the rank), got 2}}
  %0 = trt.shuffle %x {second_transpose = array<i64: 1, 0>} : tensor<2x3x4xf32> -> tensor<2x3x4xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'trt.shuffle' op reshape_dims [-1, -1] may contain at most one -1}}
  %0 = trt.shuffle %x {reshape_dims = array<i64: -1, -1>} : tensor<2x3x4xf32> -> tensor<4x6xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'trt.shuffle' op reshape_dims [5, 5] hold 25 elements, but the input has 24}}
  %0 = trt.shuffle %x {reshape_dims = array<i64: 5, 5>} : tensor<2x3x4xf32> -> tensor<5x5xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'trt.shuffle' op cannot reshape [2, 3, 4] into [5, -1]}}
  %0 = trt.shuffle %x {reshape_dims = array<i64: 5, -1>} : tensor<2x3x4xf32> -> tensor<5x5xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'trt.shuffle' op reshape_dims[3] is 0 (copy the input dimension), but the input has rank 3}}
  %0 = trt.shuffle %x {reshape_dims = array<i64: 2, 3, 4, 0>} : tensor<2x3x4xf32> -> tensor<2x3x4x1xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'trt.shuffle' op reshape_dims[1] is -2; only 0 and -1 are special}}
  %0 = trt.shuffle %x {reshape_dims = array<i64: 2, -2>} : tensor<2x3x4xf32> -> tensor<2x12xf32>
  return
}

// -----

func.func @f(%x: tensor<0x4xf32>) {
  // expected-error @+1 {{'trt.shuffle' op cannot infer the -1 in reshape_dims [0, -1]: the other dimensions have zero volume}}
  %0 = trt.shuffle %x {reshape_dims = array<i64: 0, -1>, zero_is_placeholder = false} : tensor<0x4xf32> -> tensor<0x4xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'trt.shuffle' op inferred type(s) 'tensor<2x12xf32>' are incompatible with return type(s) of operation 'tensor<12x2xf32>'}}
  %0 = trt.shuffle %x {reshape_dims = array<i64: 0, -1>} : tensor<2x3x4xf32> -> tensor<12x2xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.concatenation' op axis 2 is out of range [0, 2)}}
  %0 = trt.concatenation %a, %a {axis = 2} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<2x3x1xf32>) {
  // expected-error @+1 {{'trt.concatenation' op input 1 has rank 3, expected 2}}
  %0 = trt.concatenation %a, %b : (tensor<2x3xf32>, tensor<2x3x1xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<2x3xf16>) {
  // expected-error @+1 {{'trt.concatenation' op input 1 has element type 'f16', expected 'f32'}}
  %0 = trt.concatenation %a, %b : (tensor<2x3xf32>, tensor<2x3xf16>) -> tensor<4x3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>) {
  // expected-error @+1 {{'trt.concatenation' op input 1 has dimension 1 of size 4, expected 3}}
  %0 = trt.concatenation %a, %b : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'trt.concatenation' op expects at least one input}}
  %0 = trt.concatenation : () -> tensor<2xf32>
  return
}

// -----

func.func @f(%a: tensor<1x2x3x4xf32>) {
  // expected-error @+1 {{'trt.concatenation' op inferred type(s) 'tensor<1x4x3x4xf32>' are incompatible with return type(s) of operation 'tensor<2x2x3x4xf32>'}}
  %0 = trt.concatenation %a, %a : (tensor<1x2x3x4xf32>, tensor<1x2x3x4xf32>) -> tensor<2x2x3x4xf32>
  return
}

// -----

func.func @f(%x: tensor<4x10xf32>) {
  // expected-error @+1 {{'trt.slice' op 'stride' has 1 values, expected 2 (the input rank)}}
  %0 = trt.slice %x {start = array<i64: 0, 0>, size = array<i64: 2, 2>, stride = array<i64: 1>} : tensor<4x10xf32> -> tensor<2x2xf32>
  return
}

// -----

func.func @f(%x: tensor<4x10xf32>) {
  // expected-error @+1 {{'trt.slice' op 'stride' values must be non-zero, got [1, 0]}}
  %0 = trt.slice %x {start = array<i64: 0, 0>, size = array<i64: 2, 2>, stride = array<i64: 1, 0>} : tensor<4x10xf32> -> tensor<2x2xf32>
  return
}

// -----

func.func @f(%x: tensor<4x10xf32>) {
  // expected-error @+1 {{'trt.slice' op 'size' values must be non-negative, got [-1, 2]}}
  %0 = trt.slice %x {start = array<i64: 0, 0>, size = array<i64: -1, 2>, stride = array<i64: 1, 1>} : tensor<4x10xf32> -> tensor<2x2xf32>
  return
}

// -----

func.func @f(%x: tensor<4x10xf32>) {
  // expected-error @+1 {{'trt.slice' op strict_bounds slice reads coordinate 10 on axis 1, outside [0, 10)}}
  %0 = trt.slice %x {start = array<i64: 0, 4>, size = array<i64: 2, 4>, stride = array<i64: 1, 2>} : tensor<4x10xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @f(%x: tensor<4x10xf32>) {
  // expected-error @+1 {{'trt.slice' op strict_bounds slice reads coordinate -1 on axis 0, outside [0, 4)}}
  %0 = trt.slice %x {start = array<i64: -1, 0>, size = array<i64: 2, 4>, stride = array<i64: 1, 1>} : tensor<4x10xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @f(%x: tensor<4x10xf32>) {
  // expected-error @+1 {{'trt.slice' op attribute 'mode' failed to satisfy constraint: one of "strict_bounds", "wrap", "clamp", "fill", "reflect"}}
  %0 = trt.slice %x {start = array<i64: 0, 0>, size = array<i64: 2, 2>, stride = array<i64: 1, 1>, mode = "mirror"} : tensor<4x10xf32> -> tensor<2x2xf32>
  return
}

// -----

func.func @f(%x: tensor<4x10xf32>) {
  // expected-error @+1 {{'trt.slice' op requires attribute 'start'}}
  %0 = trt.slice %x {size = array<i64: 2, 2>, stride = array<i64: 1, 1>} : tensor<4x10xf32> -> tensor<2x2xf32>
  return
}

// -----

func.func @f(%x: tensor<4x10xf32>) {
  // expected-error @+1 {{'trt.slice' op inferred type(s) 'tensor<2x2xf32>' are incompatible with return type(s) of operation 'tensor<2x3xf32>'}}
  %0 = trt.slice %x {start = array<i64: 0, 0>, size = array<i64: 2, 2>, stride = array<i64: 1, 1>} : tensor<4x10xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.reduce' op axes bitmask 4 selects axis 2, but the input has rank 2}}
  %0 = trt.reduce "sum" %x {axes = 4} : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xi1>) {
  // expected-error @+1 {{'trt.reduce' op operand #0 must be ranked tensor of f32 or f16 or bf16 or i8 or i32 or i64 values, but got 'tensor<2x3xi1>'}}
  %0 = trt.reduce "max" %x {axes = 1} : tensor<2x3xi1> -> tensor<3xi1>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.reduce' op inferred type(s) 'tensor<2x1xf32>' are incompatible with return type(s) of operation 'tensor<2xf32>'}}
  %0 = trt.reduce "avg" %x {axes = 2, keep_dimensions = true} : tensor<2x3xf32> -> tensor<2xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.reduce' op attribute 'operation' failed to satisfy constraint: one of "sum", "prod", "max", "min", "avg"}}
  %0 = trt.reduce "mean" %x {axes = 2} : tensor<2x3xf32> -> tensor<2xf32>
  return
}

// -----

func.func @f(%d: tensor<2x5x6xf32>, %i: tensor<3xi32>) {
  // expected-error @+1 {{'trt.gather' op axis 3 is out of range [0, 3)}}
  %0 = trt.gather %d, %i {axis = 3} : (tensor<2x5x6xf32>, tensor<3xi32>) -> tensor<2x5x3xf32>
  return
}

// -----

func.func @f(%d: tensor<2x5x6xf32>, %i: tensor<2x5xi32>) {
  // expected-error @+1 {{'trt.gather' op "element" mode requires indices of the data rank 3, got 2}}
  %0 = trt.gather %d, %i {mode = "element"} : (tensor<2x5x6xf32>, tensor<2x5xi32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @f(%d: tensor<2x5x6xf32>, %i: tensor<2x5x6xi32>) {
  // expected-error @+1 {{'trt.gather' op num_elementwise_dims must be 0 in "element" mode, got 1}}
  %0 = trt.gather %d, %i {mode = "element", num_elementwise_dims = 1} : (tensor<2x5x6xf32>, tensor<2x5x6xi32>) -> tensor<2x5x6xf32>
  return
}

// -----

func.func @f(%d: tensor<2x5x6xf32>, %i: tensor<3x?xi32>) {
  // expected-error @+1 {{'trt.gather' op "nd" mode requires a static last indices dimension}}
  %0 = trt.gather %d, %i {mode = "nd"} : (tensor<2x5x6xf32>, tensor<3x?xi32>) -> tensor<3xf32>
  return
}

// -----

func.func @f(%d: tensor<2x5x6xf32>, %i: tensor<3x4xi32>) {
  // expected-error @+1 {{'trt.gather' op last indices dimension 4 must be in [1, 3]}}
  %0 = trt.gather %d, %i {mode = "nd"} : (tensor<2x5x6xf32>, tensor<3x4xi32>) -> tensor<3xf32>
  return
}

// -----

func.func @f(%d: tensor<2x5x6xf32>, %i: tensor<3xi32>) {
  // expected-error @+1 {{'trt.gather' op num_elementwise_dims must be 0 or 1, got 2}}
  %0 = trt.gather %d, %i {num_elementwise_dims = 2} : (tensor<2x5x6xf32>, tensor<3xi32>) -> tensor<3xf32>
  return
}

// -----

func.func @f(%d: tensor<2x5x6xf32>, %i: tensor<3x4xi32>) {
  // expected-error @+1 {{'trt.gather' op elementwise dimension 0 is not broadcastable: 2 vs 3}}
  %0 = trt.gather %d, %i {axis = 1, num_elementwise_dims = 1} : (tensor<2x5x6xf32>, tensor<3x4xi32>) -> tensor<2x4x6xf32>
  return
}

// -----

func.func @f(%d: tensor<2x5x6xf32>, %i: tensor<3xf32>) {
  // expected-error @+1 {{'trt.gather' op operand #1 must be ranked tensor of i32 or i64 values, but got 'tensor<3xf32>'}}
  %0 = trt.gather %d, %i {} : (tensor<2x5x6xf32>, tensor<3xf32>) -> tensor<3x5x6xf32>
  return
}

// -----

func.func @f(%d: tensor<2x5x6xf32>, %i: tensor<3xi32>) {
  // expected-error @+1 {{'trt.gather' op inferred type(s) 'tensor<3x5x6xf32>' are incompatible with return type(s) of operation 'tensor<2x5x3xf32>'}}
  %0 = trt.gather %d, %i {} : (tensor<2x5x6xf32>, tensor<3xi32>) -> tensor<2x5x3xf32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'trt.constant' op output_type 'f16' does not match the result element type 'f32'}}
  %0 = trt.constant dense<1.0> : tensor<2xf32> {output_type = f16}
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'trt.constant' op inferred type(s) 'tensor<2xf32>' are incompatible with return type(s) of operation 'tensor<3xf32>'}}
  %0 = "trt.constant"() <{weights = dense<1.0> : tensor<2xf32>}> : () -> tensor<3xf32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'trt.constant' op attribute 'weights' failed to satisfy constraint: constant vector/tensor attribute}}
  %0 = "trt.constant"() <{weights = 1.0 : f32}> : () -> tensor<f32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.identity' op requires the same shape for all operands and results}}
  %0 = trt.identity %a : tensor<2x3xf32> -> tensor<3x2xf16>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.identity' op output_type 'f32' does not match the result element type 'f16'}}
  %0 = trt.identity %a {output_type = f32} : tensor<2x3xf32> -> tensor<2x3xf16>
  return
}

// -----

func.func @f(%a: tensor<2x3xf8E4M3FN>) {
  // expected-error @+1 {{'trt.identity' op operand #0 must be ranked tensor of f32 or f16 or bf16 or i8 or ui8 or i32 or i64 or i1 values, but got 'tensor<2x3xf8E4M3FN>'}}
  %0 = trt.identity %a : tensor<2x3xf8E4M3FN> -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.cast' op output_type 'f16' conflicts with to_type 'i32'}}
  %0 = trt.cast %a {to_type = i32, output_type = f16} : tensor<2x3xf32> -> tensor<2x3xf16>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.cast' op attribute 'to_type' failed to satisfy constraint: type attribute of f32, f16, bf16, i8, ui8, i32, i64, i1}}
  %0 = trt.cast %a {to_type = f8E4M3FN} : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.cast' op requires attribute 'to_type'}}
  %0 = trt.cast %a : tensor<2x3xf32> -> tensor<2x3xf16>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.cast' op inferred type(s) 'tensor<2x3xi32>' are incompatible with return type(s) of operation 'tensor<2x3xf16>'}}
  %0 = trt.cast %a {to_type = i32} : tensor<2x3xf32> -> tensor<2x3xf16>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{'trt.resize' op requires exactly one of 'shape' and 'scales'}}
  %0 = trt.resize %x {resize_mode = "linear"} : tensor<1x3x8x8xf32> -> tensor<1x3x8x8xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{'trt.resize' op requires exactly one of 'shape' and 'scales'}}
  %0 = trt.resize %x {shape = array<i64: 1, 3, 4, 4>, scales = array<f32: 1.0, 1.0, 0.5, 0.5>} : tensor<1x3x8x8xf32> -> tensor<1x3x4x4xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{'trt.resize' op 'shape' has 2 values, expected 4 (the input rank)}}
  %0 = trt.resize %x {shape = array<i64: 4, 4>} : tensor<1x3x8x8xf32> -> tensor<1x3x4x4xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{'trt.resize' op 'scales' values must be positive and finite, got 0}}
  %0 = trt.resize %x {scales = array<f32: 1.0, 1.0, 0.0, 2.0>} : tensor<1x3x8x8xf32> -> tensor<1x3x0x16xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{'trt.resize' op 'shape' values must be positive, got [1, 3, 0, 4]}}
  %0 = trt.resize %x {shape = array<i64: 1, 3, 0, 4>} : tensor<1x3x8x8xf32> -> tensor<1x3x0x4xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{'trt.resize' op cubic resize may change only the 2 innermost dimensions, but dimension 1 changes}}
  %0 = trt.resize %x {shape = array<i64: 1, 6, 8, 8>, resize_mode = "cubic"} : tensor<1x3x8x8xf32> -> tensor<1x6x8x8xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{'trt.resize' op linear resize may change only the 3 innermost dimensions, but dimension 0 changes}}
  %0 = trt.resize %x {scales = array<f32: 2.0, 1.0, 1.0, 1.0>, resize_mode = "linear"} : tensor<1x3x8x8xf32> -> tensor<2x3x8x8xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{'trt.resize' op attribute 'resize_mode' failed to satisfy constraint: one of "nearest", "linear", "cubic"}}
  %0 = trt.resize %x {shape = array<i64: 1, 3, 4, 4>, resize_mode = "bilinear"} : tensor<1x3x8x8xf32> -> tensor<1x3x4x4xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{'trt.resize' op inferred type(s) 'tensor<1x3x12x12xf32>' are incompatible with return type(s) of operation 'tensor<1x3x13x13xf32>'}}
  %0 = trt.resize %x {scales = array<f32: 1.0, 1.0, 1.6, 1.6>} : tensor<1x3x8x8xf32> -> tensor<1x3x13x13xf32>
  return
}

// -----

func.func @f(%c: tensor<2xi32>, %a: tensor<2xf32>) {
  // expected-error @+1 {{'trt.select' op operand #0 must be ranked tensor of i1 values, but got 'tensor<2xi32>'}}
  %0 = trt.select %c, %a, %a : (tensor<2xi32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%c: tensor<2xi1>, %a: tensor<2xf32>, %b: tensor<2xf16>) {
  // expected-error @+1 {{'trt.select' op then_input and else_input must have the same element type, got 'f32' and 'f16'}}
  %0 = trt.select %c, %a, %b : (tensor<2xi1>, tensor<2xf32>, tensor<2xf16>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%c: tensor<3xi1>, %a: tensor<2xf32>) {
  // expected-error @+1 {{'trt.select' op dimension 0 is not broadcastable: 3 vs 2}}
  %0 = trt.select %c, %a, %a : (tensor<3xi1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.shape' op inferred type(s) 'tensor<2xi64>' are incompatible with return type(s) of operation 'tensor<3xi64>'}}
  %0 = trt.shape %a : tensor<2x3xf32> -> tensor<3xi64>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.shape' op result #0 must be ranked tensor of i64 values, but got 'tensor<2xi32>'}}
  %0 = trt.shape %a : tensor<2x3xf32> -> tensor<2xi32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.topk' op axes bitmask 3 must select exactly one axis}}
  %0:2 = trt.topk "max" %a {k = 1, axes = 3} : tensor<2x3xf32> -> tensor<2x1xf32>, tensor<2x1xi32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.topk' op k 4 exceeds dimension 1 of size 3}}
  %0:2 = trt.topk "max" %a {k = 4, axes = 2} : tensor<2x3xf32> -> tensor<2x4xf32>, tensor<2x4xi32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.topk' op 'k' must be positive, got 0}}
  %0:2 = trt.topk "min" %a {k = 0, axes = 2} : tensor<2x3xf32> -> tensor<2x0xf32>, tensor<2x0xi32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'trt.topk' op result #1 must be ranked tensor of i32 values, but got 'tensor<2x1xi64>'}}
  %0:2 = trt.topk "max" %a {k = 1, axes = 2} : tensor<2x3xf32> -> tensor<2x1xf32>, tensor<2x1xi64>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{'trt.padding' op 'pre_padding' and 'post_padding' must have 2 values each (the two innermost dimensions), got 2 and 1}}
  %0 = trt.padding %x {pre_padding = array<i64: 1, 1>, post_padding = array<i64: 1>} : tensor<1x3x8x8xf32> -> tensor<1x3x10x10xf32>
  return
}

// -----

func.func @f(%x: tensor<8x8xf32>) {
  // expected-error @+1 {{'trt.padding' op padding 2 dimensions expects an input of rank at least 3, got 2}}
  %0 = trt.padding %x {pre_padding = array<i64: 1, 1>, post_padding = array<i64: 1, 1>} : tensor<8x8xf32> -> tensor<10x10xf32>
  return
}

// -----

func.func @f(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{'trt.padding' op padding makes dimension 3 non-positive (0)}}
  %0 = trt.padding %x {pre_padding = array<i64: 0, -4>, post_padding = array<i64: 0, -4>} : tensor<1x3x8x8xf32> -> tensor<1x3x8x0xf32>
  return
}

// -----

func.func @f(%x: tensor<2x8xf32>) {
  %s = trt.constant dense<0.5> : tensor<f32>
  // expected-error @+1 {{'trt.quantize' op result #0 must be ranked tensor of i8 or f8E4M3FN or i4 values, but got 'tensor<2x8xui8>'}}
  %0 = trt.quantize %x, %s : (tensor<2x8xf32>, tensor<f32>) -> tensor<2x8xui8>
  return
}

// -----

func.func @f(%x: tensor<2x8xi32>) {
  %s = trt.constant dense<0.5> : tensor<f32>
  // expected-error @+1 {{'trt.quantize' op operand #0 must be ranked tensor of f32 or f16 or bf16 values, but got 'tensor<2x8xi32>'}}
  %0 = trt.quantize %x, %s : (tensor<2x8xi32>, tensor<f32>) -> tensor<2x8xi8>
  return
}

// -----

func.func @f(%x: tensor<2x8xf32>) {
  %s = trt.constant dense<0.5> : tensor<f32>
  // expected-error @+1 {{'trt.quantize' op result shape [8, 2] must match the input shape [2, 8]}}
  %0 = trt.quantize %x, %s : (tensor<2x8xf32>, tensor<f32>) -> tensor<8x2xi8>
  return
}

// -----

func.func @f(%x: tensor<2x8xf32>) {
  %s = trt.constant dense<0.5> : tensor<f16>
  // expected-error @+1 {{'trt.quantize' op scale element type 'f16' must match the float element type 'f32'}}
  %0 = trt.quantize %x, %s : (tensor<2x8xf32>, tensor<f16>) -> tensor<2x8xi8>
  return
}

// -----

func.func @f(%x: tensor<2x8xf32>, %s: tensor<f32>) {
  // expected-error @+1 {{'trt.quantize' op scale must be a build-time constant (defined by trt.constant)}}
  %0 = trt.quantize %x, %s : (tensor<2x8xf32>, tensor<f32>) -> tensor<2x8xi8>
  return
}

// -----

func.func @f(%x: tensor<2x8xf32>) {
  %s = trt.constant dense<0.5> : tensor<2x8xf32>
  // expected-error @+1 {{'trt.quantize' op scale must be a scalar or a 1-D tensor (block quantization is not supported), got rank 2}}
  %0 = trt.quantize %x, %s : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xi8>
  return
}

// -----

func.func @f(%x: tensor<2x8xf32>) {
  %s = trt.constant dense<0.0> : tensor<f32>
  // expected-error @+1 {{'trt.quantize' op scale must be positive and finite, got 0 at index 0}}
  %0 = trt.quantize %x, %s : (tensor<2x8xf32>, tensor<f32>) -> tensor<2x8xi8>
  return
}

// -----

func.func @f(%x: tensor<2x8xf32>) {
  %s = trt.constant dense<[0.5, -0.25]> : tensor<2xf32>
  // expected-error @+1 {{'trt.quantize' op scale must be positive and finite, got -0.25 at index 1}}
  %0 = trt.quantize %x, %s {axis = 0} : (tensor<2x8xf32>, tensor<2xf32>) -> tensor<2x8xi8>
  return
}

// -----

func.func @f(%x: tensor<2x8xf32>) {
  %s = trt.constant dense<0x7F800000> : tensor<f32>
  // expected-error @+1 {{'trt.quantize' op scale must be positive and finite, got +Inf at index 0}}
  %0 = trt.quantize %x, %s : (tensor<2x8xf32>, tensor<f32>) -> tensor<2x8xi8>
  return
}

// -----

func.func @f(%x: tensor<2x8xf32>) {
  %s = trt.constant dense_resource<bad_scale> : tensor<1xf32>
  // expected-error @+1 {{'trt.quantize' op scale must be positive and finite, got -1 at index 0}}
  %0 = trt.quantize %x, %s : (tensor<2x8xf32>, tensor<1xf32>) -> tensor<2x8xi8>
  return
}

{-#
  dialect_resources: {
    builtin: {
      bad_scale: "0x04000000000080BF"
    }
  }
#-}

// -----

func.func @f(%x: tensor<2x8xf32>) {
  %s = trt.constant dense<0.5> : tensor<f32>
  // expected-error @+1 {{'trt.quantize' op axis 2 is out of range [-2, 2)}}
  %0 = trt.quantize %x, %s {axis = 2} : (tensor<2x8xf32>, tensor<f32>) -> tensor<2x8xi8>
  return
}

// -----

func.func @f(%x: tensor<2x8xf32>) {
  %s = trt.constant dense<[0.5, 0.25]> : tensor<2xf32>
  // expected-error @+1 {{'trt.quantize' op per-channel quantization requires axis 0, got none}}
  %0 = trt.quantize %x, %s : (tensor<2x8xf32>, tensor<2xf32>) -> tensor<2x8xi8>
  return
}

// -----

func.func @f(%x: tensor<8x2xf32>) {
  %s = trt.constant dense<[0.5, 0.25]> : tensor<2xf32>
  // expected-error @+1 {{'trt.quantize' op per-channel quantization requires axis 0, got 1}}
  %0 = trt.quantize %x, %s {axis = 1} : (tensor<8x2xf32>, tensor<2xf32>) -> tensor<8x2xi8>
  return
}

// -----

func.func @f() {
  %w = trt.constant dense<1.0> : tensor<4x8xf32>
  %s = trt.constant dense<[0.5, 0.25]> : tensor<2xf32>
  // expected-error @+1 {{'trt.quantize' op per-channel scale has 2 values, but dimension 0 of the quantized tensor has 4}}
  %0 = trt.quantize %w, %s {axis = 0} : (tensor<4x8xf32>, tensor<2xf32>) -> tensor<4x8xi8>
  return
}

// -----

func.func @f(%x: tensor<2x8xf32>) {
  %s = trt.constant dense<[0.5, 0.25]> : tensor<2xf32>
  // expected-error @+1 {{'trt.quantize' op per-channel quantization is only supported on weights (a trt.constant), but the input is an activation}}
  %0 = trt.quantize %x, %s {axis = 0} : (tensor<2x8xf32>, tensor<2xf32>) -> tensor<2x8xi8>
  return
}

// -----

func.func @f(%x: tensor<2x8xf32>, %z: tensor<i8>) {
  %s = trt.constant dense<0.5> : tensor<f32>
  // expected-error @+1 {{'trt.quantize' op zero_point must be a build-time constant (defined by trt.constant)}}
  %0 = trt.quantize %x, %s, %z : (tensor<2x8xf32>, tensor<f32>, tensor<i8>) -> tensor<2x8xi8>
  return
}

// -----

func.func @f(%x: tensor<2x8xf32>) {
  %s = trt.constant dense<0.5> : tensor<f32>
  %z = trt.constant dense<0> : tensor<1xi8>
  // expected-error @+1 {{'trt.quantize' op zero_point shape [1] must match the scale shape []}}
  %0 = trt.quantize %x, %s, %z : (tensor<2x8xf32>, tensor<f32>, tensor<1xi8>) -> tensor<2x8xi8>
  return
}

// -----

func.func @f(%x: tensor<2x8xf32>) {
  %s = trt.constant dense<0.5> : tensor<f32>
  %z = trt.constant dense<0.0> : tensor<f8E4M3FN>
  // expected-error @+1 {{'trt.quantize' op zero_point element type 'f8E4M3FN' must match the quantized element type 'i8'}}
  %0 = trt.quantize %x, %s, %z : (tensor<2x8xf32>, tensor<f32>, tensor<f8E4M3FN>) -> tensor<2x8xi8>
  return
}

// -----

func.func @f(%x: tensor<2x8xf32>) {
  %s = trt.constant dense<0.5> : tensor<f32>
  %z = trt.constant dense<3> : tensor<i8>
  // expected-error @+1 {{'trt.quantize' op zero_point must be all zeros (TensorRT supports only symmetric quantization), got 3 at index 0}}
  %0 = trt.quantize %x, %s, %z : (tensor<2x8xf32>, tensor<f32>, tensor<i8>) -> tensor<2x8xi8>
  return
}

// -----

func.func @f(%x: tensor<2x8xf32>) {
  %s = trt.constant dense<0.5> : tensor<f32>
  // expected-error @+1 {{'trt.quantize' op int4 quantization is only supported on weights (a trt.constant), but the input is an activation}}
  %0 = trt.quantize %x, %s : (tensor<2x8xf32>, tensor<f32>) -> tensor<2x8xi4>
  return
}

// -----

func.func @f() {
  %w = trt.constant dense<1.0> : tensor<4x7xf32>
  %s = trt.constant dense<0.5> : tensor<f32>
  // expected-error @+1 {{'trt.quantize' op int4 quantization requires an even last dimension, got 7}}
  %0 = trt.quantize %w, %s : (tensor<4x7xf32>, tensor<f32>) -> tensor<4x7xi4>
  return
}

// -----

func.func @f(%x: tensor<2x8xf32>) {
  %s = trt.constant dense<0.5> : tensor<f32>
  // expected-error @+1 {{'trt.quantize' op output_type 'f8E4M3FN' does not match the result element type 'i8'}}
  %0 = trt.quantize %x, %s {output_type = f8E4M3FN} : (tensor<2x8xf32>, tensor<f32>) -> tensor<2x8xi8>
  return
}

// -----

func.func @f(%x: tensor<2x8xf32>) {
  %s = trt.constant dense<0.5> : tensor<f32>
  // expected-error @+1 {{'trt.dequantize' op operand #0 must be ranked tensor of i8 or f8E4M3FN or i4 values, but got 'tensor<2x8xf32>'}}
  %0 = trt.dequantize %x, %s : (tensor<2x8xf32>, tensor<f32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @f(%x: tensor<2x8xi8>) {
  %s = trt.constant dense<0.5> : tensor<f32>
  // expected-error @+1 {{'trt.dequantize' op result #0 must be ranked tensor of f32 or f16 or bf16 values, but got 'tensor<2x8xi32>'}}
  %0 = trt.dequantize %x, %s : (tensor<2x8xi8>, tensor<f32>) -> tensor<2x8xi32>
  return
}

// -----

func.func @f(%x: tensor<2x8xi8>) {
  %s = trt.constant dense<0.5> : tensor<f32>
  // expected-error @+1 {{'trt.dequantize' op scale element type 'f32' must match the float element type 'f16'}}
  %0 = trt.dequantize %x, %s : (tensor<2x8xi8>, tensor<f32>) -> tensor<2x8xf16>
  return
}

// -----

func.func @f(%x: tensor<2x8xi8>, %s: tensor<f32>) {
  // expected-error @+1 {{'trt.dequantize' op scale must be a build-time constant (defined by trt.constant)}}
  %0 = trt.dequantize %x, %s : (tensor<2x8xi8>, tensor<f32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @f(%x: tensor<2x8xi8>) {
  %s = trt.constant dense<-2.0> : tensor<f32>
  // expected-error @+1 {{'trt.dequantize' op scale must be positive and finite, got -2 at index 0}}
  %0 = trt.dequantize %x, %s : (tensor<2x8xi8>, tensor<f32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @f(%x: tensor<2x8xi8>) {
  %s = trt.constant dense<[0.5, 0.25]> : tensor<2xf32>
  // expected-error @+1 {{'trt.dequantize' op per-channel quantization is only supported on weights (a trt.constant), but the input is an activation}}
  %0 = trt.dequantize %x, %s {axis = 0} : (tensor<2x8xi8>, tensor<2xf32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @f(%a: tensor<2x8xf32>) {
  %s = trt.constant dense<[0.5, 0.25]> : tensor<2xf32>
  %t = trt.constant dense<0.5> : tensor<f32>
  %x = trt.quantize %a, %t : (tensor<2x8xf32>, tensor<f32>) -> tensor<2x8xi8>
  // expected-error @+1 {{'trt.dequantize' op per-channel quantization is only supported on weights (a trt.constant), but the input is an activation}}
  %0 = trt.dequantize %x, %s {axis = 0} : (tensor<2x8xi8>, tensor<2xf32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @f() {
  %w = trt.constant dense<1> : tensor<4x8xi8>
  %s = trt.constant dense<[0.5, 0.25, 0.125]> : tensor<3xf32>
  // expected-error @+1 {{'trt.dequantize' op per-channel scale has 3 values, but dimension 0 of the quantized tensor has 4}}
  %0 = trt.dequantize %w, %s {axis = 0} : (tensor<4x8xi8>, tensor<3xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @f(%x: tensor<2x8xi8>) {
  %s = trt.constant dense<0.5> : tensor<f32>
  %z = trt.constant dense<-1> : tensor<i8>
  // expected-error @+1 {{'trt.dequantize' op zero_point must be all zeros (TensorRT supports only symmetric quantization), got -1 at index 0}}
  %0 = trt.dequantize %x, %s, %z : (tensor<2x8xi8>, tensor<f32>, tensor<i8>) -> tensor<2x8xf32>
  return
}

// -----

func.func @f(%x: tensor<2x8xi4>) {
  %s = trt.constant dense<0.5> : tensor<f32>
  // expected-error @+1 {{'trt.dequantize' op int4 quantization is only supported on weights (a trt.constant), but the input is an activation}}
  %0 = trt.dequantize %x, %s : (tensor<2x8xi4>, tensor<f32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @f() {
  %w = trt.constant dense_resource<w4> : tensor<2x5xi4>
  %s = trt.constant dense<0.5> : tensor<f32>
  // expected-error @+1 {{'trt.dequantize' op int4 quantization requires an even last dimension, got 5}}
  %0 = trt.dequantize %w, %s : (tensor<2x5xi4>, tensor<f32>) -> tensor<2x5xf32>
  return
}

{-#
  dialect_resources: {
    builtin: {
      w4: "0x0100000012345678AB"
    }
  }
#-}
