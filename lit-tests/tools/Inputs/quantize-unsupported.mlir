func.func @main(%x: tensor<1x2x4x4xf32> {mlc.name = "x"}) -> tensor<1x2x4x4xf32> {
  %t = core.constant dense<0.0> : tensor<f32>
  %r = core.relu %x : tensor<1x2x4x4xf32>
  %g = core.cmp "gt", %r, %t : (tensor<1x2x4x4xf32>, tensor<f32>) -> tensor<1x2x4x4xi1>
  %s = core.select %g, %r, %x : (tensor<1x2x4x4xi1>, tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  return %s : tensor<1x2x4x4xf32>
}
