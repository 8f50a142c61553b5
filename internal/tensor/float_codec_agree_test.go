package tensor

import (
	"math"
	"math/rand"
	"testing"

	"github.com/mlc-go/mlc/ir"
)

// TestFloatCodecsAgreeWithIR: ir keeps its own float16/bfloat16 codecs
// (ir may import only the standard library, so it cannot share this
// package's), and attribute folding must not disagree with the kernels:
// both give the same values, NaN payloads aside.
func TestFloatCodecsAgreeWithIR(t *testing.T) {
	for h := range 1 << 16 {
		a, b := float64(F16ToF32(uint16(h))), ir.HalfToFloat(uint16(h))
		if math.IsNaN(a) != math.IsNaN(b) || (!math.IsNaN(a) && math.Float64bits(a) != math.Float64bits(b)) {
			t.Fatalf("half %#04x: tensor %g, ir %g", h, a, b)
		}
	}
	rng := rand.New(rand.NewSource(3))
	for i := range 1 << 20 {
		f := math.Float32frombits(rng.Uint32())
		if i < 1<<18 { // every top half of a float32, with tie patterns for both codecs
			low := []uint32{0x1000, 0x3000, 0x8000, rng.Uint32() & 0xffff}[i&3]
			f = math.Float32frombits(uint32(i>>2)<<16 | low)
		}
		if f != f {
			continue
		}
		if a, b := F32ToF16(f), ir.FloatToHalf(float64(f)); a != b {
			t.Fatalf("F32ToF16(%g) = %#04x, ir.FloatToHalf %#04x", f, a, b)
		}
		if a, b := F32ToBF16(f), ir.FloatToBF16(float64(f)); a != b {
			t.Fatalf("F32ToBF16(%g) = %#04x, ir.FloatToBF16 %#04x", f, a, b)
		}
	}
}
