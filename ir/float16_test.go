package ir

import (
	"math"
	"math/rand"
	"testing"
)

// TestHalfCodecs: every binary16 value decodes exactly and encodes back to
// itself; the float32 encoders agree with the float64 one (a float32 is
// exact in float64, so both round once) on every top half of a float32,
// with tie patterns, and on random bits.
func TestHalfCodecs(t *testing.T) {
	for h := range 1 << 16 {
		f := HalfToFloat32(uint16(h))
		if f != f {
			if !math.IsNaN(HalfToFloat(uint16(h))) || Float32ToHalf(f)&0x7c00 != 0x7c00 {
				t.Fatalf("half %#04x: NaN not kept", h)
			}
			continue
		}
		if got := Float32ToHalf(f); got != uint16(h) {
			t.Fatalf("half %#04x decodes to %g, which encodes to %#04x", h, f, got)
		}
		if HalfToFloat(uint16(h)) != float64(f) {
			t.Fatalf("half %#04x: HalfToFloat %g, HalfToFloat32 %g", h, HalfToFloat(uint16(h)), f)
		}
		if b := BF16ToFloat32(uint16(h)); b == b && Float32ToBF16(b) != uint16(h) {
			t.Fatalf("bfloat16 %#04x decodes to %g, which encodes to %#04x", h, b, Float32ToBF16(b))
		}
	}
	rng := rand.New(rand.NewSource(3))
	for i := range 1 << 20 {
		f := math.Float32frombits(rng.Uint32())
		if i < 1<<18 {
			low := []uint32{0x1000, 0x3000, 0x8000, rng.Uint32() & 0xffff}[i&3]
			f = math.Float32frombits(uint32(i>>2)<<16 | low)
		}
		if f != f {
			continue
		}
		if a, b := Float32ToHalf(f), FloatToHalf(float64(f)); a != b {
			t.Fatalf("Float32ToHalf(%g) = %#04x, FloatToHalf %#04x", f, a, b)
		}
		// bfloat16 keeps float32's exponent: round to nearest even on the
		// low 16 bits, checked against exact arithmetic.
		got := float64(BF16ToFloat32(Float32ToBF16(f)))
		lo, hi := float64(math.Float32frombits(math.Float32bits(f)&^0xffff)), 0.0
		hi = float64(math.Float32frombits(math.Float32bits(f)&^0xffff + 0x10000))
		if d1, d2 := math.Abs(float64(f)-lo), math.Abs(hi-float64(f)); !math.IsInf(hi, 0) && !math.IsNaN(hi) &&
			((d1 < d2 && got != lo) || (d2 < d1 && got != hi)) {
			t.Fatalf("Float32ToBF16(%g) = %g, neighbours %g and %g", f, got, lo, hi)
		}
	}
}
