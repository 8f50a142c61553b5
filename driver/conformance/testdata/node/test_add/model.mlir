// A deliberately wrong stand-in for ../model.onnx (sub instead of add), so
// the runner has a mismatch to report.
func.func @main(%x: tensor<3x4x5xf32>, %y: tensor<3x4x5xf32>) -> tensor<3x4x5xf32> {
  %0 = torch.aten.sub.Tensor %x, %y : (tensor<3x4x5xf32>, tensor<3x4x5xf32>) -> tensor<3x4x5xf32>
  return %0 : tensor<3x4x5xf32>
}
