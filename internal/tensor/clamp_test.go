package tensor

import (
	"math"
	"math/rand"
	"testing"
)

// clampRef is Clip's original f32 loop, the oracle for clampF32.
func clampRef(o, x []float32, l, h float32) {
	for i, v := range x {
		if v < l {
			v = l
		} else if v > h {
			v = h
		}
		o[i] = v
	}
}

// reluRef is Unary(OpRelu)'s original f32 loop.
func reluRef(o, x []float32) {
	for i, v := range x {
		if v < 0 {
			v = 0
		}
		o[i] = v
	}
}

// specialF32s returns n values, a third of them NaN (two payloads),
// ±Inf, ±0 or the bounds' neighbours, the rest random.
func specialF32s(rng *rand.Rand, n int) []float32 {
	special := []float32{
		float32(math.NaN()), math.Float32frombits(0xffc00001), float32(math.Inf(1)), float32(math.Inf(-1)),
		0, float32(math.Copysign(0, -1)), 6, -6, math.Nextafter32(6, 7), math.Nextafter32(0, -1),
		math.SmallestNonzeroFloat32, -math.SmallestNonzeroFloat32, math.MaxFloat32, -math.MaxFloat32,
	}
	x := make([]float32, n)
	for i := range x {
		if rng.Intn(3) == 0 {
			x[i] = special[rng.Intn(len(special))]
		} else {
			x[i] = float32(rng.NormFloat64() * 8)
		}
	}
	return x
}

func sameBits(t *testing.T, what string, got, want, x []float32) {
	t.Helper()
	for i := range want {
		if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
			t.Fatalf("%s: element %d of %d: x=%v (%#x) got %v (%#x), want %v (%#x)", what, i, len(want),
				x[i], math.Float32bits(x[i]), got[i], math.Float32bits(got[i]), want[i], math.Float32bits(want[i]))
		}
	}
}

// TestClampF32BitExact checks the SIMD clamp against the scalar loop bit
// for bit on NaN (payloads kept), ±Inf, ±0 and random values, every length
// up to past the unrolled width, every bound pair including NaN, ±0 and
// infinite bounds, in place and out of place.
func TestClampF32BitExact(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	negZero := float32(math.Copysign(0, -1))
	inf := float32(math.Inf(1))
	nan := float32(math.NaN())
	bounds := [][2]float32{{0, 6}, {negZero, 6}, {0, negZero}, {negZero, 0}, {0, inf}, {-inf, 0}, {-inf, inf},
		{-1, 1}, {3, 3}, {nan, 6}, {0, nan}, {nan, nan}, {-0.5, 1e30}}
	for n := 0; n <= 70; n++ {
		for _, b := range bounds {
			x := specialF32s(rng, n)
			want := make([]float32, n)
			clampRef(want, x, b[0], b[1])
			got := make([]float32, n)
			clampF32(got, x, b[0], b[1])
			sameBits(t, "clamp", got, want, x)
			inPlace := append([]float32(nil), x...)
			clampF32(inPlace, inPlace, b[0], b[1])
			sameBits(t, "clamp in place", inPlace, want, x)
		}
	}
	// Through the public ops, on a length that is not a multiple of 4.
	x := specialF32s(rng, 1001)
	xt, err := FromSlice(F32, []int64{int64(len(x))}, x)
	if err != nil {
		t.Fatal(err)
	}
	want := make([]float32, len(x))
	clampRef(want, x, 0, 6)
	got, err := Clip(xt, 0, 6)
	if err != nil {
		t.Fatal(err)
	}
	sameBits(t, "Clip", got.Float32s(), want, x)
	reluRef(want, x)
	got, err = Unary(OpRelu, xt)
	if err != nil {
		t.Fatal(err)
	}
	sameBits(t, "Relu", got.Float32s(), want, x)
}

func BenchmarkClipF32(b *testing.B) {
	x := specialF32s(rand.New(rand.NewSource(1)), 96*112*112)
	o := make([]float32, len(x))
	b.Run("ref", func(b *testing.B) {
		b.SetBytes(int64(8 * len(x)))
		for range b.N {
			clampRef(o, x, 0, 6)
		}
	})
	b.Run("fast", func(b *testing.B) {
		b.SetBytes(int64(8 * len(x)))
		for range b.N {
			clampF32(o, x, 0, 6)
		}
	})
}
