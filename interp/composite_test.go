package interp

import (
	"math"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"
)

// The composites agree with their pieces (within float rounding), and
// their quantized form gives exactly what its QDQ form gives.
func TestCompositesMatchTheirPieces(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	vals := make([]float64, 2*3*8)
	for i := range vals {
		vals[i] = rng.Float64()*8 - 4
	}
	x := f32(sh(2, 3, 8), vals...)
	const head = `func.func @main(%x: tensor<2x3x8xf32>) -> tensor<2x3x8xf32> {
  %w = core.constant dense<[1.0, 2.0, 0.5, 1.5, 1.0, -1.0, 0.25, 3.0]> : tensor<8xf32>
  %b = core.constant dense<[0.0, 0.1, 0.2, 0.3, -0.4, 0.5, 0.6, 0.7]> : tensor<8xf32>
  %half = core.constant dense<0.5> : tensor<f32>
  %one = core.constant dense<1.0> : tensor<f32>
  %isqrt2 = core.constant dense<0.707106769> : tensor<f32>
  %eps = core.constant dense<1.0e-05> : tensor<f32>
`
	for _, tc := range []struct{ name, unit, pieces string }{
		{"layer_norm", `
  %r = core.layer_norm %x, %w, %b {axes = array<i64: 2>} : (tensor<2x3x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x3x8xf32>
  func.return %r : tensor<2x3x8xf32>
}`, `
  %m = core.reduce_mean %x {axes = array<i64: 2>, keepdims = true} : (tensor<2x3x8xf32>) -> tensor<2x3x1xf32>
  %d = core.sub %x, %m : (tensor<2x3x8xf32>, tensor<2x3x1xf32>) -> tensor<2x3x8xf32>
  %p = core.mul %d, %d : (tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
  %v = core.reduce_mean %p {axes = array<i64: 2>, keepdims = true} : (tensor<2x3x8xf32>) -> tensor<2x3x1xf32>
  %ve = core.add %v, %eps : (tensor<2x3x1xf32>, tensor<f32>) -> tensor<2x3x1xf32>
  %s = core.rsqrt %ve : tensor<2x3x1xf32>
  %n = core.mul %d, %s : (tensor<2x3x8xf32>, tensor<2x3x1xf32>) -> tensor<2x3x8xf32>
  %y = core.mul %n, %w : (tensor<2x3x8xf32>, tensor<8xf32>) -> tensor<2x3x8xf32>
  %r = core.add %y, %b : (tensor<2x3x8xf32>, tensor<8xf32>) -> tensor<2x3x8xf32>
  func.return %r : tensor<2x3x8xf32>
}`},
		{"softmax", `
  %r = core.softmax %x {axis = 1 : i64} : (tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
  func.return %r : tensor<2x3x8xf32>
}`, `
  %m = core.reduce_max %x {axes = array<i64: 1>, keepdims = true} : (tensor<2x3x8xf32>) -> tensor<2x1x8xf32>
  %d = core.sub %x, %m : (tensor<2x3x8xf32>, tensor<2x1x8xf32>) -> tensor<2x3x8xf32>
  %e = core.exp %d : tensor<2x3x8xf32>
  %s = core.reduce_sum %e {axes = array<i64: 1>, keepdims = true} : (tensor<2x3x8xf32>) -> tensor<2x1x8xf32>
  %r = core.div %e, %s : (tensor<2x3x8xf32>, tensor<2x1x8xf32>) -> tensor<2x3x8xf32>
  func.return %r : tensor<2x3x8xf32>
}`},
		{"gelu", `
  %r = core.gelu %x : (tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
  func.return %r : tensor<2x3x8xf32>
}`, `
  %s = core.mul %x, %isqrt2 : (tensor<2x3x8xf32>, tensor<f32>) -> tensor<2x3x8xf32>
  %e = core.erf %s : tensor<2x3x8xf32>
  %a = core.add %e, %one : (tensor<2x3x8xf32>, tensor<f32>) -> tensor<2x3x8xf32>
  %h = core.mul %x, %half : (tensor<2x3x8xf32>, tensor<f32>) -> tensor<2x3x8xf32>
  %r = core.mul %h, %a : (tensor<2x3x8xf32>, tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
  func.return %r : tensor<2x3x8xf32>
}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			unit, err := runSrc(t, head+tc.unit, x)
			require.NoError(t, err)
			pieces, err := runSrc(t, head+tc.pieces, x)
			require.NoError(t, err)
			expectClose(t, tc.name, unit[0], pieces[0], 1e-5)
		})
	}
}

func TestQuantizedCompositesEqualTheirQDQForm(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	stored := make([]float64, 2*8)
	for i := range stored {
		stored[i] = math.Floor(rng.Float64() * 256)
	}
	x := u8(sh(2, 8), stored...)
	const qx = "!quant.uniform<u8:f32, 0.03:120>"
	for _, tc := range []struct{ name, fused, qdq string }{
		{"layer_norm", `
func.func @main(%x: tensor<2x8x` + qx + `>) -> tensor<2x8x!quant.uniform<u8:f32, 0.02:128>> {
  %ws = core.constant dense<[50, 100, 25, 75, 50, -50, 12, 127]> : tensor<8xi8>
  %wq = quant.scast %ws : tensor<8xi8> to tensor<8x!quant.uniform<i8<-127:127>:f32, 0.02>>
  %b = core.constant dense<[0.0, 0.1, 0.2, 0.3, -0.4, 0.5, 0.6, 0.7]> : tensor<8xf32>
  %r = core.layer_norm %x, %wq, %b {axes = array<i64: 1>} : (tensor<2x8x` + qx + `>, tensor<8x!quant.uniform<i8<-127:127>:f32, 0.02>>, tensor<8xf32>) -> tensor<2x8x!quant.uniform<u8:f32, 0.02:128>>
  func.return %r : tensor<2x8x!quant.uniform<u8:f32, 0.02:128>>
}`, `
func.func @main(%x: tensor<2x8x` + qx + `>) -> tensor<2x8x!quant.uniform<u8:f32, 0.02:128>> {
  %ws = core.constant dense<[50, 100, 25, 75, 50, -50, 12, 127]> : tensor<8xi8>
  %wq = quant.scast %ws : tensor<8xi8> to tensor<8x!quant.uniform<i8<-127:127>:f32, 0.02>>
  %w = quant.dcast %wq : tensor<8x!quant.uniform<i8<-127:127>:f32, 0.02>> to tensor<8xf32>
  %b = core.constant dense<[0.0, 0.1, 0.2, 0.3, -0.4, 0.5, 0.6, 0.7]> : tensor<8xf32>
  %xf = quant.dcast %x : tensor<2x8x` + qx + `> to tensor<2x8xf32>
  %y = core.layer_norm %xf, %w, %b {axes = array<i64: 1>} : (tensor<2x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
  %r = quant.qcast %y : tensor<2x8xf32> to tensor<2x8x!quant.uniform<u8:f32, 0.02:128>>
  func.return %r : tensor<2x8x!quant.uniform<u8:f32, 0.02:128>>
}`},
		{"softmax", `
func.func @main(%x: tensor<2x8x` + qx + `>) -> tensor<2x8x!quant.uniform<u8:f32, 0.0039215686274509803>> {
  %r = core.softmax %x {axis = 1 : i64} : (tensor<2x8x` + qx + `>) -> tensor<2x8x!quant.uniform<u8:f32, 0.0039215686274509803>>
  func.return %r : tensor<2x8x!quant.uniform<u8:f32, 0.0039215686274509803>>
}`, `
func.func @main(%x: tensor<2x8x` + qx + `>) -> tensor<2x8x!quant.uniform<u8:f32, 0.0039215686274509803>> {
  %xf = quant.dcast %x : tensor<2x8x` + qx + `> to tensor<2x8xf32>
  %y = core.softmax %xf {axis = 1 : i64} : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %r = quant.qcast %y : tensor<2x8xf32> to tensor<2x8x!quant.uniform<u8:f32, 0.0039215686274509803>>
  func.return %r : tensor<2x8x!quant.uniform<u8:f32, 0.0039215686274509803>>
}`},
		{"gelu", `
func.func @main(%x: tensor<2x8x` + qx + `>) -> tensor<2x8x!quant.uniform<i8:f32, 0.03>> {
  %r = core.gelu %x {approximate = "tanh"} : (tensor<2x8x` + qx + `>) -> tensor<2x8x!quant.uniform<i8:f32, 0.03>>
  func.return %r : tensor<2x8x!quant.uniform<i8:f32, 0.03>>
}`, `
func.func @main(%x: tensor<2x8x` + qx + `>) -> tensor<2x8x!quant.uniform<i8:f32, 0.03>> {
  %xf = quant.dcast %x : tensor<2x8x` + qx + `> to tensor<2x8xf32>
  %y = core.gelu %xf {approximate = "tanh"} : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %r = quant.qcast %y : tensor<2x8xf32> to tensor<2x8x!quant.uniform<i8:f32, 0.03>>
  func.return %r : tensor<2x8x!quant.uniform<i8:f32, 0.03>>
}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fused, err := runSrc(t, tc.fused, x)
			require.NoError(t, err)
			qdq, err := runSrc(t, tc.qdq, x)
			require.NoError(t, err)
			expectEqual(t, tc.name, fused[0], qdq[0])
		})
	}
}
