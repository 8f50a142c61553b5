package tensor

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mlc-go/mlc/ir"
	"github.com/stretchr/testify/require"
)

// The SIMD half conversions give ir's bits: every binary16 value to
// float32, and float32 values around every rounding boundary, the
// subnormal and overflow ranges, signed zeros, Inf and NaNs (signalling
// and quiet, with payloads) back.
func TestHalfConversionsMatchScalar(t *testing.T) {
	halves := make([]uint16, 1<<16)
	for i := range halves {
		halves[i] = uint16(i)
	}
	f := make([]float32, len(halves))
	n := f16ToF32Fast(f, halves)
	for i := n; i < len(f); i++ {
		f[i] = ir.HalfToFloat32(halves[i])
	}
	for i, h := range halves {
		require.Equal(t, math.Float32bits(ir.HalfToFloat32(h)), math.Float32bits(f[i]), "half %#04x", h)
	}

	r := rand.New(rand.NewPCG(5, 6))
	var src []float32
	for _, h := range halves {
		v := math.Float32bits(ir.HalfToFloat32(h))
		// The value, its neighbours and the midpoints to the next half.
		for _, d := range []int32{0, 1, -1, 0x1000, 0x0fff, 0x1001, -0x1000} {
			src = append(src, math.Float32frombits(uint32(int32(v)+d)))
		}
	}
	for range 1 << 18 {
		src = append(src, math.Float32frombits(r.Uint32()))
	}
	src = append(src, float32(math.Inf(1)), float32(math.Inf(-1)), math.Float32frombits(0x7f800001), math.Float32frombits(0xffc00123), 65504, 65519.99, 65520, -65520, 1e-8, -1e-45)
	for len(src)%8 != 3 {
		src = append(src, 0)
	}
	got := make([]uint16, len(src))
	n = f32ToF16Fast(got, src)
	for i := n; i < len(src); i++ {
		got[i] = ir.Float32ToHalf(src[i])
	}
	for i, v := range src {
		if want := ir.Float32ToHalf(v); got[i] != want {
			t.Fatalf("float32 %#08x: %#04x, scalar %#04x", math.Float32bits(v), got[i], want)
		}
	}
}
