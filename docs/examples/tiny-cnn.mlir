// A tiny convolutional classifier at the torch level, as the ONNX importer
// will produce it: weights in dialect resources, node names as locations.
// `make demo` parses, verifies, prints and runs it (see bench/demo.sh);
// lit-tests/interp/tiny-cnn.mlir checks the output by hand arithmetic.
func.func @main(%x: tensor<1x3x8x8xf32> {mlc.name = "input"}) -> (tensor<1x4xf32> {mlc.name = "logits"}) {
  %w = torch.constant dense_resource<conv1_w> : tensor<2x3x3x3xf32> loc("conv1.weight")
  %b = torch.constant dense<[0.5, -0.25]> : tensor<2xf32> loc("conv1.bias")
  %c = torch.aten.conv2d %x, %w, %b {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<2x3x3x3xf32>, tensor<2xf32>) -> tensor<1x2x8x8xf32> loc("conv1")
  %r = torch.aten.relu %c : tensor<1x2x8x8xf32> loc("relu1")
  %p = torch.aten.adaptive_avg_pool2d %r {output_size = array<i64: 1, 1>} : tensor<1x2x8x8xf32> -> tensor<1x2x1x1xf32> loc("pool")
  %f = torch.aten.flatten.using_ints %p {start_dim = 1 : i64, end_dim = -1 : i64} : tensor<1x2x1x1xf32> -> tensor<1x2xf32> loc("flatten")
  %fw = torch.constant dense<[[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [-1.0, 0.5]]> : tensor<4x2xf32> loc("fc.weight")
  %y = torch.aten.linear %f, %fw : (tensor<1x2xf32>, tensor<4x2xf32>) -> tensor<1x4xf32> loc("fc")
  return %y : tensor<1x4xf32>
}

{-#
  dialect_resources: {
    builtin: {
      conv1_w: "0x04000000CDCC4C3ECDCC4C3ECDCC4C3ECDCC4C3ECDCC4C3ECDCC4C3ECDCC4C3ECDCC4C3ECDCC4C3ECDCC4C3ECDCC4C3ECDCC4C3ECDCC4C3ECDCC4C3ECDCC4C3ECDCC4C3ECDCC4C3ECDCC4C3ECDCC4C3ECDCC4C3ECDCC4C3ECDCC4C3ECDCC4C3ECDCC4C3ECDCC4C3ECDCC4C3ECDCC4C3ECDCC4CBECDCC4CBECDCC4CBECDCC4CBECDCC4CBECDCC4CBECDCC4CBECDCC4CBECDCC4CBECDCC4CBECDCC4CBECDCC4CBECDCC4CBECDCC4CBECDCC4CBECDCC4CBECDCC4CBECDCC4CBECDCC4CBECDCC4CBECDCC4CBECDCC4CBECDCC4CBECDCC4CBECDCC4CBECDCC4CBECDCC4CBE"
    }
  }
#-}
