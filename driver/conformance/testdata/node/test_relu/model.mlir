// Hand-written stand-in for the importer's output of ../model.onnx.
func.func @main(%x: tensor<3x4x5xf32> {mlc.name = "x"}) -> (tensor<3x4x5xf32> {mlc.name = "y"}) {
  %0 = torch.aten.relu %x : tensor<3x4x5xf32>
  return %0 : tensor<3x4x5xf32>
}
