// RUN: rm -rf %t && mlc run %s --input input=%S/Inputs/ones-1x3x8x8.npy --output-dir %t | filecheck %s --check-prefix=OUT
// RUN: mlc print-tensor --precision 6 %t/logits.npy | filecheck %s

// The demo model (docs/examples/tiny-cnn.mlir) with the torch dialect's
// spellings, run on an all-ones input. conv1's first filter is 0.2
// everywhere: summed over the 3x3x3 window that lies inside the padded
// input, the 64 positions take 1452 taps in all, so channel 0 averages
// 0.2 * 1452 / 64 + 0.5 = 5.0375; channel 1 (filter -0.2, bias -0.25) is
// negative everywhere and relu makes it 0. The classifier then gives
// [c0, c1, c0 + c1, -c0 + c1 / 2].

// OUT: logits: f32[1x4] -> {{.*}}logits.npy

// CHECK:      dtype: f32
// CHECK-NEXT: shape: [1, 4]
// CHECK-NEXT: {{\[\[}}5.0375, 0, 5.0375, -5.0375]]
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
