package interp

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/internal/tensor"
)

// runQNN runs a one-result @main and returns its result.
func runQNN(t *testing.T, src string, in ...*tensor.Tensor) *tensor.Tensor {
	t.Helper()
	out, err := runSrc(t, src, in...)
	require.NoError(t, err)
	require.Len(t, out, 1)
	return out[0]
}

// The float kernels of qnn ops no core op maps to, against values
// worked out by hand.
func TestQNNFloatKernels(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		in        []*tensor.Tensor
		want      *tensor.Tensor
	}{
		{"softmax beta", `func.func @main(%x: tensor<1x2xf32>) -> tensor<1x2xf32> {
  %0 = qnn.Softmax %x {beta = 2.0 : f32} : tensor<1x2xf32> -> tensor<1x2xf32>
  return %0 : tensor<1x2xf32>
}`, []*tensor.Tensor{f32(sh(1, 2), 0, 0.5)}, f32(sh(1, 2), 0.26894142, 0.73105858)},
		{"gelu hardswish relu6", `func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = qnn.Gelu %x : tensor<3xf32> -> tensor<3xf32>
  %1 = qnn.HardSwish %0 : tensor<3xf32> -> tensor<3xf32>
  %2 = qnn.Relu6 %1 : tensor<3xf32> -> tensor<3xf32>
  return %2 : tensor<3xf32>
}`, []*tensor.Tensor{f32(sh(3), -10, 0, 20)}, f32(sh(3), 0, 0, 6)},
		{"prelu", `func.func @main(%x: tensor<2x2xf32>, %s: tensor<2xf32>) -> tensor<2x2xf32> {
  %0 = qnn.Prelu %x, %s : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}`, []*tensor.Tensor{f32(sh(2, 2), -2, 3, -4, 1), f32(sh(2), 0.5, 0.25)}, f32(sh(2, 2), -1, 3, -2, 1)},
		{"layer norm", `func.func @main(%x: tensor<1x3xf32>) -> tensor<1x3xf32> {
  %g = qnn.StaticTensor dense<[1.0, 2.0, 1.0]> : tensor<3xf32> -> tensor<3xf32>
  %b = qnn.StaticTensor dense<[0.0, 0.0, 1.0]> : tensor<3xf32> -> tensor<3xf32>
  %0 = qnn.LayerNorm %x, %g, %b {axes = array<i64: 1>, epsilon = 0.0 : f32} : (tensor<1x3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<1x3xf32>
  return %0 : tensor<1x3xf32>
}`, []*tensor.Tensor{f32(sh(1, 3), 1, 2, 3)}, f32(sh(1, 3), -1.2247449, 0, 2.2247449)},
		// TensorFlow's rules: begin -1 is the last index, stride -2 walks back.
		{"strided slice backwards", `func.func @main(%x: tensor<6xf32>) -> tensor<3xf32> {
  %0 = qnn.StridedSlice %x {ranges = dense<[[-1, 0, -2]]> : tensor<1x3xi64>} : tensor<6xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}`, []*tensor.Tensor{f32(sh(6), 0, 1, 2, 3, 4, 5)}, f32(sh(3), 5, 3, 1)},
		{"strided slice masks", `func.func @main(%x: tensor<2x3xf32>) -> tensor<1x3xf32> {
  %0 = qnn.StridedSlice %x {ranges = dense<[[0, 0, 0], [1, 2, 1], [0, 9, 1]]> : tensor<3x3xi64>, new_axes_mask = 1, shrink_axes = 2, end_mask = 4} : tensor<2x3xf32> -> tensor<1x3xf32>
  return %0 : tensor<1x3xf32>
}`, []*tensor.Tensor{f32(sh(2, 3), 0, 1, 2, 3, 4, 5)}, f32(sh(1, 3), 3, 4, 5)},
		// Each input pixel spreads over its own 2x2 block.
		{"transpose conv", `func.func @main(%x: tensor<1x2x2x1xf32>) -> tensor<1x4x4x1xf32> {
  %w = qnn.StaticTensor dense<[[[[1.0]], [[2.0]]], [[[3.0]], [[4.0]]]]> : tensor<2x2x1x1xf32> -> tensor<2x2x1x1xf32>
  %0 = qnn.TransposeConv2d %x, %w {stride = array<i64: 2, 2>, pad_amount = dense<0> : tensor<2x2xi64>} : (tensor<1x2x2x1xf32>, tensor<2x2x1x1xf32>) -> tensor<1x4x4x1xf32>
  return %0 : tensor<1x4x4x1xf32>
}`, []*tensor.Tensor{f32(sh(1, 2, 2, 1), 1, 10, 100, 1000)},
			f32(sh(1, 4, 4, 1), 1, 2, 10, 20, 3, 4, 30, 40, 100, 200, 1000, 2000, 300, 400, 3000, 4000)},
		{"resize nearest", `func.func @main(%x: tensor<1x2x2x1xf32>) -> tensor<1x4x4x1xf32> {
  %0 = qnn.Resize %x {transformation_mode = "asymmetric", nearest_mode = "floor"} : tensor<1x2x2x1xf32> -> tensor<1x4x4x1xf32>
  return %0 : tensor<1x4x4x1xf32>
}`, []*tensor.Tensor{f32(sh(1, 2, 2, 1), 1, 2, 3, 4)}, f32(sh(1, 4, 4, 1), 1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4)},
		{"pad edge", `func.func @main(%x: tensor<3xf32>) -> tensor<6xf32> {
  %0 = qnn.Pad %x {scheme = "edge", pad_amount = dense<[[1, 2]]> : tensor<1x2xi64>} : tensor<3xf32> -> tensor<6xf32>
  return %0 : tensor<6xf32>
}`, []*tensor.Tensor{f32(sh(3), 1, 2, 3)}, f32(sh(6), 1, 1, 2, 3, 3, 3)},
		// NHWC pooling: 2x2 windows of each channel.
		{"pool avg nhwc", `func.func @main(%x: tensor<1x2x2x2xf32>) -> tensor<1x1x1x2xf32> {
  %0 = qnn.PoolAvg2d %x {filter_size = array<i64: 2, 2>, stride = array<i64: 2, 2>} : tensor<1x2x2x2xf32> -> tensor<1x1x1x2xf32>
  return %0 : tensor<1x1x1x2xf32>
}`, []*tensor.Tensor{f32(sh(1, 2, 2, 2), 1, 10, 2, 20, 3, 30, 4, 40)}, f32(sh(1, 1, 1, 2), 2.5, 25)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			expectClose(t, tc.name, runQNN(t, tc.src, tc.in...), tc.want, 1e-6)
		})
	}
}

// Fixed point: QNN's offset is the negated zero point; stored values
// held with the other signedness keep their bits; dense layers and
// convolutions accumulate stored integers.
func TestQNNFixedPoint(t *testing.T) {
	// scale 0.5, offset -128: 1.0 -> 2 + 128; 255 -> (255 - 128) * 0.5.
	q := runQNN(t, `func.func @main(%x: tensor<3xf32>) -> !qnn.tensor<3xufixed8, scale = 0.5, offset = -128> {
  %0 = qnn.Quantize %x : tensor<3xf32> -> !qnn.tensor<3xufixed8, scale = 0.5, offset = -128>
  return %0 : !qnn.tensor<3xufixed8, scale = 0.5, offset = -128>
}`, f32(sh(3), 1, -70, 0.75))
	expectEqual(t, "quantize", q, u8(sh(3), 130, 0, 130)) // 0.75/0.5 = 1.5 rounds to even 2
	d := runQNN(t, `func.func @main() -> tensor<2xf32> {
  %s = qnn.StaticTensor dense<[-1, 0]> : tensor<2xi8> -> !qnn.tensor<2xufixed8, scale = 0.5, offset = -128>
  %0 = qnn.Dequantize %s : !qnn.tensor<2xufixed8, scale = 0.5, offset = -128> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}`)
	expectEqual(t, "i8 bits as ufixed8", d, f32(sh(2), 63.5, -64))
	// Requantization to 16 bits keeps the real values.
	c := runQNN(t, `func.func @main(%x: !qnn.tensor<2xufixed8, scale = 0.5, offset = -128>) -> !qnn.tensor<2xufixed16, scale = 0.25, offset = -1000> {
  %0 = qnn.Convert %x : !qnn.tensor<2xufixed8, scale = 0.5, offset = -128> -> !qnn.tensor<2xufixed16, scale = 0.25, offset = -1000>
  return %0 : !qnn.tensor<2xufixed16, scale = 0.25, offset = -1000>
}`, u8(sh(2), 0, 255))
	expectEqual(t, "convert", c, tensor.MustValues(tensor.U16, sh(2), 744, 1254))
	// FullyConnected: [1, 2] x [units 2, input 2]ᵀ with per-unit scales
	// and an int32 bias: acc = Σ (x − zp_x)·w + b, then × s_x·s_w/s_y.
	fc := runQNN(t, `func.func @main(%x: !qnn.tensor<1x2xufixed8, scale = 1.0, offset = -10>) -> !qnn.tensor<1x2xufixed8, scale = 1.0, offset = 0> {
  %w = qnn.StaticTensor dense<[[1, 2], [3, -1]]> : tensor<2x2xi8> -> !qnn.tensor<2x2xsfixed8, axis = 0, scale_offsets = [1.0:0, 0.5:0]>
  %b = qnn.StaticTensor dense<[5, 4]> : tensor<2xi32> -> !qnn.tensor<2xsfixed32, axis = 0, scale_offsets = [1.0:0, 0.5:0]>
  %0 = qnn.FullyConnected %x, %w, %b : (!qnn.tensor<1x2xufixed8, scale = 1.0, offset = -10>, !qnn.tensor<2x2xsfixed8, axis = 0, scale_offsets = [1.0:0, 0.5:0]>, !qnn.tensor<2xsfixed32, axis = 0, scale_offsets = [1.0:0, 0.5:0]>) -> !qnn.tensor<1x2xufixed8, scale = 1.0, offset = 0>
  return %0 : !qnn.tensor<1x2xufixed8, scale = 1.0, offset = 0>
}`, u8(sh(1, 2), 13, 14))
	// x − 10 = [3, 4]: unit 0: 3 + 8 + 5 = 16; unit 1: (9 − 4 + 4) × 0.5 = 4.5 -> 4.
	expectEqual(t, "fully connected", fc, u8(sh(1, 2), 16, 4))
	// A 1x1 NHWC convolution with an HWIO filter mixes the channels.
	conv := runQNN(t, `func.func @main(%x: !qnn.tensor<1x1x2x2xsfixed8, scale = 1.0, offset = 0>) -> !qnn.tensor<1x1x2x1xsfixed8, scale = 1.0, offset = 0> {
  %w = qnn.StaticTensor dense<[[[[2], [-1]]]]> : tensor<1x1x2x1xi8> -> !qnn.tensor<1x1x2x1xsfixed8, scale = 1.0, offset = 0>
  %0 = qnn.Conv2d %x, %w {stride = array<i64: 1, 1>, pad_amount = dense<0> : tensor<2x2xi64>} : (!qnn.tensor<1x1x2x2xsfixed8, scale = 1.0, offset = 0>, !qnn.tensor<1x1x2x1xsfixed8, scale = 1.0, offset = 0>) -> !qnn.tensor<1x1x2x1xsfixed8, scale = 1.0, offset = 0>
  return %0 : !qnn.tensor<1x1x2x1xsfixed8, scale = 1.0, offset = 0>
}`, i8(sh(1, 1, 2, 2), 3, 1, -2, 5))
	expectEqual(t, "conv nhwc", conv, i8(sh(1, 1, 2, 1), 5, -9))
}
