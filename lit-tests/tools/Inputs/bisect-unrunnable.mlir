// A model whose input IR the interpreter cannot run (it has no trt
// kernels); dce removes the dead trt op.
func.func @main(%x: tensor<2x4xf32> {mlc.name = "x"}) -> (tensor<2x4xf32> {mlc.name = "y"}) {
  %dead = trt.constant dense<1.0> : tensor<2xf32>
  %xq = quant.qcast %x : tensor<2x4xf32> to tensor<2x4x!quant.uniform<i8:f32, 0.05:3>>
  %xf = quant.dcast %xq : tensor<2x4x!quant.uniform<i8:f32, 0.05:3>> to tensor<2x4xf32>
  %r = core.relu %xf : tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}
