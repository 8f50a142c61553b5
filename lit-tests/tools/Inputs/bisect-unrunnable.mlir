// A model whose input IR the interpreter cannot run (a dead
// builtin.unrealized_conversion_cast, which has no kernel); dce removes it.
func.func @main(%x: tensor<2x4xf32> {mlc.name = "x"}) -> (tensor<2x4xf32> {mlc.name = "y"}) {
  %dead = builtin.unrealized_conversion_cast %x : tensor<2x4xf32> to tensor<8xf32>
  %xq = quant.qcast %x : tensor<2x4xf32> to tensor<2x4x!quant.uniform<i8:f32, 0.05:3>>
  %xf = quant.dcast %xq : tensor<2x4x!quant.uniform<i8:f32, 0.05:3>> to tensor<2x4xf32>
  %r = core.relu %xf : tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}
