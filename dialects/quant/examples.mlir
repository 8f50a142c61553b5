// example: quant.qcast
func.func @qcast(%arg0: tensor<2x3xf32>) -> tensor<2x3x!quant.uniform<i8:f32, 2.350000e-02:-3>> {
  %0 = quant.qcast %arg0 : tensor<2x3xf32> to tensor<2x3x!quant.uniform<i8:f32, 2.350000e-02:-3>>
  return %0 : tensor<2x3x!quant.uniform<i8:f32, 2.350000e-02:-3>>
}

// -----

// example: quant.dcast
func.func @dcast(%arg0: tensor<2x3x!quant.uniform<i8:f32, 2.350000e-02:-3>>) -> tensor<2x3xf32> {
  %0 = quant.dcast %arg0 : tensor<2x3x!quant.uniform<i8:f32, 2.350000e-02:-3>> to tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// example: quant.scast
func.func @scast(%arg0: tensor<4x!quant.uniform<i8:f32, 5.000000e-01>>) -> tensor<4xi8> {
  %0 = quant.scast %arg0 : tensor<4x!quant.uniform<i8:f32, 5.000000e-01>> to tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

// example: quant.requant
func.func @requant(%arg0: tensor<1x4x!quant.uniform<i32:f32:1, {1.000000e-03,2.000000e-03,3.000000e-03,4.000000e-03}>>) -> tensor<1x4x!quant.uniform<i8:f32, 2.350000e-02:-3>> {
  %0 = quant.requant %arg0 : tensor<1x4x!quant.uniform<i32:f32:1, {1.000000e-03,2.000000e-03,3.000000e-03,4.000000e-03}>> to tensor<1x4x!quant.uniform<i8:f32, 2.350000e-02:-3>>
  return %0 : tensor<1x4x!quant.uniform<i8:f32, 2.350000e-02:-3>>
}
