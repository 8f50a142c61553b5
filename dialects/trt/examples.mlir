// example: trt.convolution
func.func @convolution(%arg0: tensor<1x3x224x224xf32>, %arg1: tensor<64x3x7x7xf32>, %arg2: tensor<64xf32>) -> tensor<1x64x112x112xf32> {
  %0 = trt.convolution %arg0, %arg1, %arg2 {kernel_size = array<i64: 7, 7>, num_output_maps = 64 : i64, post_padding = array<i64: 3, 3>, pre_padding = array<i64: 3, 3>, stride = array<i64: 2, 2>} : (tensor<1x3x224x224xf32>, tensor<64x3x7x7xf32>, tensor<64xf32>) -> tensor<1x64x112x112xf32>
  return %0 : tensor<1x64x112x112xf32>
}

// -----

// example: trt.deconvolution
func.func @deconvolution(%arg0: tensor<1x16x14x14xf32>, %arg1: tensor<16x8x4x4xf32>) -> tensor<1x8x28x28xf32> {
  %0 = trt.deconvolution %arg0, %arg1 {kernel_size = array<i64: 4, 4>, num_output_maps = 8 : i64, post_padding = array<i64: 1, 1>, pre_padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x16x14x14xf32>, tensor<16x8x4x4xf32>) -> tensor<1x8x28x28xf32>
  return %0 : tensor<1x8x28x28xf32>
}

// -----

// example: trt.matrix_multiply
func.func @matrix_multiply(%arg0: tensor<2x8x16xf16>, %arg1: tensor<1x32x16xf16>) -> tensor<2x8x32xf16> {
  %0 = trt.matrix_multiply %arg0, %arg1 {op1 = "transpose"} : (tensor<2x8x16xf16>, tensor<1x32x16xf16>) -> tensor<2x8x32xf16>
  return %0 : tensor<2x8x32xf16>
}

// -----

// example: trt.element_wise
func.func @element_wise(%arg0: tensor<1x3x4xf32>, %arg1: tensor<2x1x4xf32>) -> tensor<2x3x4xf32> {
  %0 = trt.element_wise "sum" %arg0, %arg1 : (tensor<1x3x4xf32>, tensor<2x1x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// example: trt.activation
func.func @activation(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = trt.activation "relu" %arg0 : tensor<4x8xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// example: trt.unary
func.func @unary(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = trt.unary "exp" %arg0 : tensor<4x8xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// example: trt.pooling
func.func @pooling(%arg0: tensor<1x64x112x112xf32>) -> tensor<1x64x56x56xf32> {
  %0 = trt.pooling "max" %arg0 {post_padding = array<i64: 1, 1>, pre_padding = array<i64: 1, 1>, stride = array<i64: 2, 2>, window_size = array<i64: 3, 3>} : tensor<1x64x112x112xf32> -> tensor<1x64x56x56xf32>
  return %0 : tensor<1x64x56x56xf32>
}

// -----

// example: trt.softmax
func.func @softmax(%arg0: tensor<2x10x4x4xf32>) -> tensor<2x10x4x4xf32> {
  %0 = trt.softmax %arg0 : tensor<2x10x4x4xf32> -> tensor<2x10x4x4xf32>
  return %0 : tensor<2x10x4x4xf32>
}

// -----

// example: trt.normalization
func.func @normalization(%arg0: tensor<2x16x768xf32>, %arg1: tensor<1x1x768xf32>, %arg2: tensor<1x1x768xf32>) -> tensor<2x16x768xf32> {
  %0 = trt.normalization %arg0, %arg1, %arg2 {axes = 4 : i64, epsilon = 9.99999974E-6 : f32} : (tensor<2x16x768xf32>, tensor<1x1x768xf32>, tensor<1x1x768xf32>) -> tensor<2x16x768xf32>
  return %0 : tensor<2x16x768xf32>
}

// -----

// example: trt.shuffle
func.func @shuffle(%arg0: tensor<2x3x4x5xf32>) -> tensor<2x60xf32> {
  %0 = trt.shuffle %arg0 {reshape_dims = array<i64: 0, -1>} : tensor<2x3x4x5xf32> -> tensor<2x60xf32>
  return %0 : tensor<2x60xf32>
}

// -----

// example: trt.concatenation
func.func @concatenation(%arg0: tensor<1x3x8x8xf32>, %arg1: tensor<1x5x8x8xf32>) -> tensor<1x8x8x8xf32> {
  %0 = trt.concatenation %arg0, %arg1 : (tensor<1x3x8x8xf32>, tensor<1x5x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %0 : tensor<1x8x8x8xf32>
}

// -----

// example: trt.slice
func.func @slice(%arg0: tensor<4x10xf32>) -> tensor<2x5xf32> {
  %0 = trt.slice %arg0 {size = array<i64: 2, 5>, start = array<i64: 1, 0>, stride = array<i64: 1, 2>} : tensor<4x10xf32> -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

// example: trt.reduce
func.func @reduce(%arg0: tensor<2x3x4xf32>) -> tensor<2xf32> {
  %0 = trt.reduce "sum" %arg0 {axes = 6 : i64} : tensor<2x3x4xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// example: trt.gather
func.func @gather(%arg0: tensor<2x5x6xf32>, %arg1: tensor<3x4xi32>) -> tensor<2x3x4x6xf32> {
  %0 = trt.gather %arg0, %arg1 {axis = 1 : i64} : (tensor<2x5x6xf32>, tensor<3x4xi32>) -> tensor<2x3x4x6xf32>
  return %0 : tensor<2x3x4x6xf32>
}

// -----

// example: trt.constant
func.func @constant() -> tensor<64x3x7x7xf32> {
  %0 = trt.constant dense<1.000000e+00> : tensor<64x3x7x7xf32>
  return %0 : tensor<64x3x7x7xf32>
}

// -----

// example: trt.identity
func.func @identity(%arg0: tensor<2x3xf32>) -> tensor<2x3xf16> {
  %0 = trt.identity %arg0 : tensor<2x3xf32> -> tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

// example: trt.cast
func.func @cast(%arg0: tensor<2x3xf32>) -> tensor<2x3xi32> {
  %0 = trt.cast %arg0 {to_type = i32} : tensor<2x3xf32> -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

// example: trt.resize
func.func @resize(%arg0: tensor<1x3x10x20xf32>) -> tensor<1x3x20x40xf32> {
  %0 = trt.resize %arg0 {scales = array<f32: 1.000000e+00, 1.000000e+00, 2.000000e+00, 2.000000e+00>} : tensor<1x3x10x20xf32> -> tensor<1x3x20x40xf32>
  return %0 : tensor<1x3x20x40xf32>
}

// -----

// example: trt.select
func.func @select(%arg0: tensor<2x1xi1>, %arg1: tensor<2x3xf32>, %arg2: tensor<1x3xf32>) -> tensor<2x3xf32> {
  %0 = trt.select %arg0, %arg1, %arg2 : (tensor<2x1xi1>, tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// example: trt.shape
func.func @shape(%arg0: tensor<?x3x8xf32>) -> tensor<3xi64> {
  %0 = trt.shape %arg0 : tensor<?x3x8xf32> -> tensor<3xi64>
  return %0 : tensor<3xi64>
}

// -----

// example: trt.topk
func.func @topk(%arg0: tensor<?x3x8xf32>) -> (tensor<?x3x2xf32>, tensor<?x3x2xi32>) {
  %0:2 = trt.topk "min" %arg0 {axes = 4 : i64, k = 2 : i64} : tensor<?x3x8xf32> -> tensor<?x3x2xf32>, tensor<?x3x2xi32>
  return %0#0, %0#1 : tensor<?x3x2xf32>, tensor<?x3x2xi32>
}

// -----

// example: trt.padding
func.func @padding(%arg0: tensor<1x3x8x8xf32>) -> tensor<1x3x11x7xf32> {
  %0 = trt.padding %arg0 {post_padding = array<i64: 2, -1>, pre_padding = array<i64: 1, 0>} : tensor<1x3x8x8xf32> -> tensor<1x3x11x7xf32>
  return %0 : tensor<1x3x11x7xf32>
}

// -----

// example: trt.quantize
func.func @quantize(%arg0: tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xi8> {
  %0 = trt.constant dense<5.000000e-02> : tensor<f32>
  %1 = trt.quantize %arg0, %0 : (tensor<1x16x8x8xf32>, tensor<f32>) -> tensor<1x16x8x8xi8>
  return %1 : tensor<1x16x8x8xi8>
}

// -----

// example: trt.dequantize
func.func @dequantize(%arg0: tensor<1x16x8x8xi8>) -> tensor<1x16x8x8xf32> {
  %0 = trt.constant dense<5.000000e-02> : tensor<f32>
  %1 = trt.dequantize %arg0, %0 : (tensor<1x16x8x8xi8>, tensor<f32>) -> tensor<1x16x8x8xf32>
  return %1 : tensor<1x16x8x8xf32>
}
