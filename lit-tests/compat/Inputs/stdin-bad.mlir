func.func @main(%x: tensor<2x4xf32> {mlc.name = "x"}) -> tensor<2x4xi32> {
  %r = core.relu %x : tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}
