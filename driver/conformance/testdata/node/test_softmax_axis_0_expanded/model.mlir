// Hand-written stand-in for ../model.onnx: the expanded Softmax (axis 0).
func.func @main(%x: tensor<3x4x5xf32>) -> tensor<3x4x5xf32> {
  %0 = torch.aten.softmax.int %x {dim = 0} : tensor<3x4x5xf32> -> tensor<3x4x5xf32>
  return %0 : tensor<3x4x5xf32>
}
