// example: qnn.Conv2d
func.func @Conv2d(%arg0: !qnn.tensor<1x8x8x4xufixed8, scale = 0.5, offset = -128>, %arg1: !qnn.tensor<3x3x4x8xsfixed8, axis = 3, scale_offsets = [0.1:0, 0.1:0, 0.1:0, 0.1:0, 0.2:0, 0.2:0, 0.2:0, 0.2:0]>, %arg2: tensor<8xi32>) -> !qnn.tensor<1x4x4x8xufixed8, scale = 0.25, offset = -100> {
  %0 = qnn.Conv2d %arg0, %arg1, %arg2 {pad_amount = dense<1> : tensor<2x2xi64>, stride = array<i64: 2, 2>} : (!qnn.tensor<1x8x8x4xufixed8, scale = 0.5, offset = -128>, !qnn.tensor<3x3x4x8xsfixed8, axis = 3, scale_offsets = [0.1:0, 0.1:0, 0.1:0, 0.1:0, 0.2:0, 0.2:0, 0.2:0, 0.2:0]>, tensor<8xi32>) -> !qnn.tensor<1x4x4x8xufixed8, scale = 0.25, offset = -100>
  return %0 : !qnn.tensor<1x4x4x8xufixed8, scale = 0.25, offset = -100>
}

// -----

// example: qnn.DepthWiseConv2d
func.func @DepthWiseConv2d(%arg0: tensor<1x8x8x4xf16>, %arg1: tensor<3x3x1x8xf16>, %arg2: tensor<8xf16>) -> tensor<1x8x8x8xf16> {
  %0 = qnn.DepthWiseConv2d %arg0, %arg1, %arg2 {pad_amount = dense<1> : tensor<2x2xi64>, stride = array<i64: 1, 1>} : (tensor<1x8x8x4xf16>, tensor<3x3x1x8xf16>, tensor<8xf16>) -> tensor<1x8x8x8xf16>
  return %0 : tensor<1x8x8x8xf16>
}

// -----

// example: qnn.TransposeConv2d
func.func @TransposeConv2d(%arg0: !qnn.tensor<1x4x4x8xufixed8, scale = 0.5, offset = -128>, %arg1: !qnn.tensor<2x2x8x4xsfixed8, scale = 0.01, offset = 0>) -> !qnn.tensor<1x8x8x4xufixed8, scale = 0.5, offset = -128> {
  %0 = qnn.TransposeConv2d %arg0, %arg1 {pad_amount = dense<0> : tensor<2x2xi64>, stride = array<i64: 2, 2>} : (!qnn.tensor<1x4x4x8xufixed8, scale = 0.5, offset = -128>, !qnn.tensor<2x2x8x4xsfixed8, scale = 0.01, offset = 0>) -> !qnn.tensor<1x8x8x4xufixed8, scale = 0.5, offset = -128>
  return %0 : !qnn.tensor<1x8x8x4xufixed8, scale = 0.5, offset = -128>
}

// -----

// example: qnn.FullyConnected
func.func @FullyConnected(%arg0: tensor<2x3x16xf32>, %arg1: tensor<10x16xf32>, %arg2: tensor<10xf32>) -> tensor<6x10xf32> {
  %0 = qnn.FullyConnected %arg0, %arg1, %arg2 : (tensor<2x3x16xf32>, tensor<10x16xf32>, tensor<10xf32>) -> tensor<6x10xf32>
  return %0 : tensor<6x10xf32>
}

// -----

// example: qnn.MatMul
func.func @MatMul(%arg0: tensor<2x4x8xf32>, %arg1: tensor<16x8xf32>) -> tensor<2x4x16xf32> {
  %0 = qnn.MatMul %arg0, %arg1 {transpose_in1 = true} : (tensor<2x4x8xf32>, tensor<16x8xf32>) -> tensor<2x4x16xf32>
  return %0 : tensor<2x4x16xf32>
}

// -----

// example: qnn.ElementWiseAdd
func.func @ElementWiseAdd(%arg0: !qnn.tensor<1x8x8x4xufixed8, scale = 0.5, offset = -128>, %arg1: !qnn.tensor<4xufixed8, scale = 0.25, offset = 0>) -> !qnn.tensor<1x8x8x4xufixed8, scale = 0.75, offset = -100> {
  %0 = qnn.ElementWiseAdd %arg0, %arg1 : (!qnn.tensor<1x8x8x4xufixed8, scale = 0.5, offset = -128>, !qnn.tensor<4xufixed8, scale = 0.25, offset = 0>) -> !qnn.tensor<1x8x8x4xufixed8, scale = 0.75, offset = -100>
  return %0 : !qnn.tensor<1x8x8x4xufixed8, scale = 0.75, offset = -100>
}

// -----

// example: qnn.ElementWiseSubtract
func.func @ElementWiseSubtract(%arg0: tensor<2x1x4xf32>, %arg1: tensor<3x1xf32>) -> tensor<2x3x4xf32> {
  %0 = qnn.ElementWiseSubtract %arg0, %arg1 : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// example: qnn.ElementWiseMultiply
func.func @ElementWiseMultiply(%arg0: tensor<2x1x4xf32>, %arg1: tensor<3x1xf32>) -> tensor<2x3x4xf32> {
  %0 = qnn.ElementWiseMultiply %arg0, %arg1 : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// example: qnn.ElementWiseDivide
func.func @ElementWiseDivide(%arg0: tensor<4xi32>) -> tensor<4xi32> {
  %0 = qnn.ElementWiseDivide %arg0, %arg0 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// example: qnn.ElementWiseMaximum
func.func @ElementWiseMaximum(%arg0: !qnn.tensor<1x8x8x4xufixed8, scale = 0.5, offset = -128>, %arg1: !qnn.tensor<4xufixed8, scale = 0.25, offset = 0>) -> !qnn.tensor<1x8x8x4xufixed8, scale = 0.5, offset = -128> {
  %0 = qnn.ElementWiseMaximum %arg0, %arg1 : (!qnn.tensor<1x8x8x4xufixed8, scale = 0.5, offset = -128>, !qnn.tensor<4xufixed8, scale = 0.25, offset = 0>) -> !qnn.tensor<1x8x8x4xufixed8, scale = 0.5, offset = -128>
  return %0 : !qnn.tensor<1x8x8x4xufixed8, scale = 0.5, offset = -128>
}

// -----

// example: qnn.ElementWiseMinimum
func.func @ElementWiseMinimum(%arg0: tensor<4xf32>, %arg1: tensor<2x1x4xf32>) -> tensor<2x1x4xf32> {
  %0 = qnn.ElementWiseMinimum %arg0, %arg1 : (tensor<4xf32>, tensor<2x1x4xf32>) -> tensor<2x1x4xf32>
  return %0 : tensor<2x1x4xf32>
}

// -----

// example: qnn.ElementWisePower
func.func @ElementWisePower(%arg0: tensor<4xf16>, %arg1: tensor<4xf16>) -> tensor<4xf16> {
  %0 = qnn.ElementWisePower %arg0, %arg1 : (tensor<4xf16>, tensor<4xf16>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// example: qnn.Prelu
func.func @Prelu(%arg0: tensor<1x2x2x4xf32>, %arg1: tensor<4xf32>) -> tensor<1x2x2x4xf32> {
  %0 = qnn.Prelu %arg0, %arg1 : (tensor<1x2x2x4xf32>, tensor<4xf32>) -> tensor<1x2x2x4xf32>
  return %0 : tensor<1x2x2x4xf32>
}

// -----

// example: qnn.Relu
func.func @Relu(%arg0: !qnn.tensor<1x16xufixed8, scale = 0.1, offset = -128>) -> !qnn.tensor<1x16xufixed8, scale = 0.05, offset = 0> {
  %0 = qnn.Relu %arg0 : !qnn.tensor<1x16xufixed8, scale = 0.1, offset = -128> -> !qnn.tensor<1x16xufixed8, scale = 0.05, offset = 0>
  return %0 : !qnn.tensor<1x16xufixed8, scale = 0.05, offset = 0>
}

// -----

// example: qnn.Relu6
func.func @Relu6(%arg0: tensor<1x16xf16>) -> tensor<1x16xf16> {
  %0 = qnn.Relu6 %arg0 : tensor<1x16xf16> -> tensor<1x16xf16>
  return %0 : tensor<1x16xf16>
}

// -----

// example: qnn.ReluMinMax
func.func @ReluMinMax(%arg0: tensor<1x16xf32>) -> tensor<1x16xf32> {
  %0 = qnn.ReluMinMax %arg0 {max_value = 1.000000e+00 : f32, min_value = -1.000000e+00 : f32} : tensor<1x16xf32> -> tensor<1x16xf32>
  return %0 : tensor<1x16xf32>
}

// -----

// example: qnn.Gelu
func.func @Gelu(%arg0: tensor<1x16xf32>) -> tensor<1x16xf32> {
  %0 = qnn.Gelu %arg0 : tensor<1x16xf32> -> tensor<1x16xf32>
  return %0 : tensor<1x16xf32>
}

// -----

// example: qnn.Sigmoid
func.func @Sigmoid(%arg0: !qnn.tensor<1x16xufixed16, scale = 0.001, offset = -32768>) -> !qnn.tensor<1x16xufixed16, scale = 1.5258789e-05, offset = 0> {
  %0 = qnn.Sigmoid %arg0 : !qnn.tensor<1x16xufixed16, scale = 0.001, offset = -32768> -> !qnn.tensor<1x16xufixed16, scale = 1.5258789e-05, offset = 0>
  return %0 : !qnn.tensor<1x16xufixed16, scale = 1.5258789e-05, offset = 0>
}

// -----

// example: qnn.Tanh
func.func @Tanh(%arg0: !qnn.tensor<1x16xsfixed16, scale = 0.001, offset = 0>) -> !qnn.tensor<1x16xsfixed16, scale = 3.0517578e-05, offset = 0> {
  %0 = qnn.Tanh %arg0 : !qnn.tensor<1x16xsfixed16, scale = 0.001, offset = 0> -> !qnn.tensor<1x16xsfixed16, scale = 3.0517578e-05, offset = 0>
  return %0 : !qnn.tensor<1x16xsfixed16, scale = 3.0517578e-05, offset = 0>
}

// -----

// example: qnn.HardSwish
func.func @HardSwish(%arg0: tensor<1x16xf16>) -> tensor<1x16xf16> {
  %0 = qnn.HardSwish %arg0 : tensor<1x16xf16> -> tensor<1x16xf16>
  return %0 : tensor<1x16xf16>
}

// -----

// example: qnn.ElementWiseExp
func.func @ElementWiseExp(%arg0: !qnn.tensor<4xufixed8, scale = 0.1, offset = -128>) -> !qnn.tensor<4xufixed8, scale = 0.5, offset = 0> {
  %0 = qnn.ElementWiseExp %arg0 : !qnn.tensor<4xufixed8, scale = 0.1, offset = -128> -> !qnn.tensor<4xufixed8, scale = 0.5, offset = 0>
  return %0 : !qnn.tensor<4xufixed8, scale = 0.5, offset = 0>
}

// -----

// example: qnn.ElementWiseLog
func.func @ElementWiseLog(%arg0: tensor<4xf16>) -> tensor<4xf16> {
  %0 = qnn.ElementWiseLog %arg0 : tensor<4xf16> -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// example: qnn.ElementWiseSquareRoot
func.func @ElementWiseSquareRoot(%arg0: tensor<4xf16>) -> tensor<4xf16> {
  %0 = qnn.ElementWiseSquareRoot %arg0 : tensor<4xf16> -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// example: qnn.ElementWiseRsqrt
func.func @ElementWiseRsqrt(%arg0: tensor<4xf16>) -> tensor<4xf16> {
  %0 = qnn.ElementWiseRsqrt %arg0 : tensor<4xf16> -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// example: qnn.ElementWiseNeg
func.func @ElementWiseNeg(%arg0: tensor<4xf16>) -> tensor<4xf16> {
  %0 = qnn.ElementWiseNeg %arg0 : tensor<4xf16> -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// example: qnn.ElementWiseAbs
func.func @ElementWiseAbs(%arg0: tensor<4xf16>) -> tensor<4xf16> {
  %0 = qnn.ElementWiseAbs %arg0 : tensor<4xf16> -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// example: qnn.ElementWiseSin
func.func @ElementWiseSin(%arg0: tensor<4xf16>) -> tensor<4xf16> {
  %0 = qnn.ElementWiseSin %arg0 : tensor<4xf16> -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// example: qnn.ElementWiseCos
func.func @ElementWiseCos(%arg0: tensor<4xf16>) -> tensor<4xf16> {
  %0 = qnn.ElementWiseCos %arg0 : tensor<4xf16> -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// example: qnn.ElementWiseFloor
func.func @ElementWiseFloor(%arg0: tensor<4xf16>) -> tensor<4xf16> {
  %0 = qnn.ElementWiseFloor %arg0 : tensor<4xf16> -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// example: qnn.ElementWiseCeil
func.func @ElementWiseCeil(%arg0: tensor<4xf16>) -> tensor<4xf16> {
  %0 = qnn.ElementWiseCeil %arg0 : tensor<4xf16> -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// example: qnn.Softmax
func.func @Softmax(%arg0: tensor<1x16xf32>) -> tensor<1x16xf32> {
  %0 = qnn.Softmax %arg0 {axis = 1 : i64, beta = 2.000000e+00 : f32} : tensor<1x16xf32> -> tensor<1x16xf32>
  return %0 : tensor<1x16xf32>
}

// -----

// example: qnn.LayerNorm
func.func @LayerNorm(%arg0: tensor<2x16x64xf32>, %arg1: tensor<64xf32>, %arg2: tensor<64xf32>) -> tensor<2x16x64xf32> {
  %0 = qnn.LayerNorm %arg0, %arg1, %arg2 {axes = array<i64: 2>, epsilon = 9.99999974E-6 : f32} : (tensor<2x16x64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<2x16x64xf32>
  return %0 : tensor<2x16x64xf32>
}

// -----

// example: qnn.PoolAvg2d
func.func @PoolAvg2d(%arg0: tensor<1x7x7x4xf32>) -> tensor<1x3x3x4xf32> {
  %0 = qnn.PoolAvg2d %arg0 {filter_size = array<i64: 3, 3>, stride = array<i64: 2, 2>} : tensor<1x7x7x4xf32> -> tensor<1x3x3x4xf32>
  return %0 : tensor<1x3x3x4xf32>
}

// -----

// example: qnn.PoolMax2d
func.func @PoolMax2d(%arg0: !qnn.tensor<1x112x112x64xufixed8, scale = 0.1, offset = 0>) -> !qnn.tensor<1x56x56x64xufixed8, scale = 0.1, offset = 0> {
  %0 = qnn.PoolMax2d %arg0 {filter_size = array<i64: 3, 3>, pad_amount = dense<1> : tensor<2x2xi64>, stride = array<i64: 2, 2>} : !qnn.tensor<1x112x112x64xufixed8, scale = 0.1, offset = 0> -> !qnn.tensor<1x56x56x64xufixed8, scale = 0.1, offset = 0>
  return %0 : !qnn.tensor<1x56x56x64xufixed8, scale = 0.1, offset = 0>
}

// -----

// example: qnn.Reshape
func.func @Reshape(%arg0: !qnn.tensor<1x7x7x4xufixed8, scale = 0.1, offset = 0>) -> !qnn.tensor<1x196xufixed8, scale = 0.1, offset = 0> {
  %0 = qnn.Reshape %arg0 : !qnn.tensor<1x7x7x4xufixed8, scale = 0.1, offset = 0> -> !qnn.tensor<1x196xufixed8, scale = 0.1, offset = 0>
  return %0 : !qnn.tensor<1x196xufixed8, scale = 0.1, offset = 0>
}

// -----

// example: qnn.Transpose
func.func @Transpose(%arg0: tensor<1x8x8x4xf32>) -> tensor<1x4x8x8xf32> {
  %0 = qnn.Transpose %arg0 {perm = array<i64: 0, 3, 1, 2>} : tensor<1x8x8x4xf32> -> tensor<1x4x8x8xf32>
  return %0 : tensor<1x4x8x8xf32>
}

// -----

// example: qnn.Concat
func.func @Concat(%arg0: !qnn.tensor<1x8x8x4xsfixed8, scale = 0.1, offset = 0>, %arg1: !qnn.tensor<1x8x8x2xsfixed8, scale = 0.2, offset = 1>) -> !qnn.tensor<1x8x8x6xsfixed8, scale = 0.2, offset = 0> {
  %0 = qnn.Concat %arg0, %arg1 {axis = 3 : i64} : (!qnn.tensor<1x8x8x4xsfixed8, scale = 0.1, offset = 0>, !qnn.tensor<1x8x8x2xsfixed8, scale = 0.2, offset = 1>) -> !qnn.tensor<1x8x8x6xsfixed8, scale = 0.2, offset = 0>
  return %0 : !qnn.tensor<1x8x8x6xsfixed8, scale = 0.2, offset = 0>
}

// -----

// example: qnn.StridedSlice
func.func @StridedSlice(%arg0: tensor<4x10xf32>) -> tensor<4x3xf32> {
  %0 = qnn.StridedSlice %arg0 {ranges = dense<[[0, 4, 1], [2, 8, 2]]> : tensor<2x3xi64>} : tensor<4x10xf32> -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// example: qnn.Gather
func.func @Gather(%arg0: tensor<100x64xf32>, %arg1: tensor<2x5xi32>) -> tensor<2x5x64xf32> {
  %0 = qnn.Gather %arg0, %arg1 : (tensor<100x64xf32>, tensor<2x5xi32>) -> tensor<2x5x64xf32>
  return %0 : tensor<2x5x64xf32>
}

// -----

// example: qnn.Pad
func.func @Pad(%arg0: tensor<1x8x8x4xf32>) -> tensor<1x10x10x4xf32> {
  %0 = qnn.Pad %arg0 {pad_amount = dense<[[0, 0], [1, 1], [1, 1], [0, 0]]> : tensor<4x2xi64>, pad_constant_value = 5.000000e-01 : f32, scheme = "constant"} : tensor<1x8x8x4xf32> -> tensor<1x10x10x4xf32>
  return %0 : tensor<1x10x10x4xf32>
}

// -----

// example: qnn.Resize
func.func @Resize(%arg0: tensor<1x8x8x4xf32>) -> tensor<1x16x16x4xf32> {
  %0 = qnn.Resize %arg0 {interpolation_mode = "linear", transformation_mode = "align_corners"} : tensor<1x8x8x4xf32> -> tensor<1x16x16x4xf32>
  return %0 : tensor<1x16x16x4xf32>
}

// -----

// example: qnn.ReduceMean
func.func @ReduceMean(%arg0: !qnn.tensor<1x7x7x64xufixed8, scale = 0.1, offset = 0>) -> !qnn.tensor<1x1x1x64xufixed8, scale = 0.05, offset = 0> {
  %0 = qnn.ReduceMean %arg0 {axes = array<i64: 1, 2>, keep_dims = true} : !qnn.tensor<1x7x7x64xufixed8, scale = 0.1, offset = 0> -> !qnn.tensor<1x1x1x64xufixed8, scale = 0.05, offset = 0>
  return %0 : !qnn.tensor<1x1x1x64xufixed8, scale = 0.05, offset = 0>
}

// -----

// example: qnn.ReduceSum
func.func @ReduceSum(%arg0: tensor<2x3x4xf32>) -> tensor<3x4xf32> {
  %0 = qnn.ReduceSum %arg0 {axes = array<i64: 0>} : tensor<2x3x4xf32> -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// example: qnn.ReduceMax
func.func @ReduceMax(%arg0: tensor<2x3x4xf32>) -> tensor<2x3x1xf32> {
  %0 = qnn.ReduceMax %arg0 {axes = array<i64: 2>, keep_dims = true} : tensor<2x3x4xf32> -> tensor<2x3x1xf32>
  return %0 : tensor<2x3x1xf32>
}

// -----

// example: qnn.ReduceMin
func.func @ReduceMin(%arg0: tensor<4xf16>) -> tensor<f16> {
  %0 = qnn.ReduceMin %arg0 {axes = array<i64: 0>} : tensor<4xf16> -> tensor<f16>
  return %0 : tensor<f16>
}

// -----

// example: qnn.ReduceProd
func.func @ReduceProd(%arg0: tensor<4xf16>) -> tensor<1xf16> {
  %0 = qnn.ReduceProd %arg0 {axes = array<i64: 0>, keep_dims = true} : tensor<4xf16> -> tensor<1xf16>
  return %0 : tensor<1xf16>
}

// -----

// example: qnn.Quantize
func.func @Quantize(%arg0: tensor<1x8xf32>) -> !qnn.tensor<1x8xufixed8, scale = 0.1, offset = -128> {
  %0 = qnn.Quantize %arg0 : tensor<1x8xf32> -> !qnn.tensor<1x8xufixed8, scale = 0.1, offset = -128>
  return %0 : !qnn.tensor<1x8xufixed8, scale = 0.1, offset = -128>
}

// -----

// example: qnn.Dequantize
func.func @Dequantize(%arg0: !qnn.tensor<1x8xufixed8, scale = 0.1, offset = -128>) -> tensor<1x8xf16> {
  %0 = qnn.Dequantize %arg0 : !qnn.tensor<1x8xufixed8, scale = 0.1, offset = -128> -> tensor<1x8xf16>
  return %0 : tensor<1x8xf16>
}

// -----

// example: qnn.Cast
func.func @Cast(%arg0: tensor<1x8xi32>) -> tensor<1x8xf32> {
  %0 = qnn.Cast %arg0 : tensor<1x8xi32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// example: qnn.Convert
func.func @Convert(%arg0: !qnn.tensor<1x8xufixed8, scale = 0.1, offset = -128>) -> !qnn.tensor<1x8xufixed16, scale = 0.00039, offset = -32768> {
  %0 = qnn.Convert %arg0 : !qnn.tensor<1x8xufixed8, scale = 0.1, offset = -128> -> !qnn.tensor<1x8xufixed16, scale = 0.00039, offset = -32768>
  return %0 : !qnn.tensor<1x8xufixed16, scale = 0.00039, offset = -32768>
}

// -----

// example: qnn.StaticTensor
func.func @StaticTensor() -> !qnn.tensor<3x3x4x8xsfixed8, axis = 3, scale_offsets = [0.1:0, 0.1:0, 0.1:0, 0.1:0, 0.2:0, 0.2:0, 0.2:0, 0.2:0]> {
  %0 = qnn.StaticTensor dense<1> : tensor<3x3x4x8xi8> -> !qnn.tensor<3x3x4x8xsfixed8, axis = 3, scale_offsets = [0.1:0, 0.1:0, 0.1:0, 0.1:0, 0.2:0, 0.2:0, 0.2:0, 0.2:0]>
  return %0 : !qnn.tensor<3x3x4x8xsfixed8, axis = 3, scale_offsets = [0.1:0, 0.1:0, 0.1:0, 0.1:0, 0.2:0, 0.2:0, 0.2:0, 0.2:0]>
}
