package quantize

import (
	"math"
	"math/big"
	"math/rand"
	"testing"
)

// FMA32 rounds x·y + z once: compare with the exact value rounded by
// math/big to float32.
func TestFMA32RoundsOnce(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for i := range 200000 {
		x := float32(rng.NormFloat64() * math.Pow(2, float64(rng.Intn(40)-20)))
		y := float32(rng.NormFloat64())
		z := float32(rng.NormFloat64() * math.Pow(2, float64(rng.Intn(60)-30)))
		if i%3 == 0 { // near-cancellation
			z = -float32(float64(x) * float64(y))
		}
		exact := new(big.Float).SetPrec(200).Mul(big.NewFloat(float64(x)).SetPrec(200), big.NewFloat(float64(y)).SetPrec(200))
		exact.Add(exact, big.NewFloat(float64(z)).SetPrec(200))
		want, _ := exact.Float32()
		if got := FMA32(x, y, z); got != want && !(got == 0 && want == 0) {
			t.Fatalf("FMA32(%g, %g, %g) = %g, want %g", x, y, z, got, want)
		}
	}
}

func TestRequantizeAcc(t *testing.T) {
	p := Params{ZeroPoint: 3, Min: -128, Max: 127}
	cases := []struct {
		acc   int32
		scale float32
		want  int64
	}{
		{10, 0.25, 3 + 2},  // 2.5 rounds to even 2
		{14, 0.25, 3 + 4},  // 3.5 rounds to 4
		{-10, 0.25, 3 - 2}, // −2.5 rounds to −2
		{1000, 1, 127},     // saturates
		{-1000, 1, -128},   // saturates
		{1 << 30, 1.0 / (1 << 24), 3 + 64},
	}
	for _, c := range cases {
		if got := p.RequantizeAcc(c.acc, c.scale); got != c.want {
			t.Errorf("RequantizeAcc(%d, %g) = %d, want %d", c.acc, c.scale, got, c.want)
		}
	}
	// The multiplier is (in × w) / out in float32, not in float64.
	in, w, out := 0.1, 0.3, 0.7
	want := float32(float32(in)*float32(w)) / float32(out)
	if got := OutputScale32(in, w, out); got != want {
		t.Errorf("OutputScale32 = %g, want %g", got, want)
	}
}

// The int64 twin rounds as the int32 one on int32 values, and past int32
// (16-bit operands) keeps the sum a wrapped int32 would lose.
func TestRequantizeAcc64(t *testing.T) {
	p := Params{ZeroPoint: 32768, Min: 0, Max: 65535}
	rng := rand.New(rand.NewSource(8))
	for range 10000 {
		acc := int32(rng.Uint32())
		scale := float32(math.Ldexp(rng.Float64(), -rng.Intn(30)))
		if got, want := p.RequantizeAcc64(int64(acc), scale), p.RequantizeAcc(acc, scale); got != want {
			t.Fatalf("RequantizeAcc64(%d, %g) = %d, RequantizeAcc %d", acc, scale, got, want)
		}
	}
	// A 16-bit patch conv's largest sum; × 2^-18 it is 24383.63.
	const big = 768 * 65535 * 127
	if got := p.RequantizeAcc64(big, 1.0/(1<<18)); got != 32768+24384 {
		t.Errorf("RequantizeAcc64(%d) = %d", int64(big), got)
	}
	if got := p.RequantizeAcc64(-big, 1.0/(1<<18)); got != 32768-24384 {
		t.Errorf("RequantizeAcc64(%d) = %d", int64(-big), got)
	}
	if got := p.RequantizeAcc64(big, 1.0/(1<<10)); got != 65535 {
		t.Errorf("RequantizeAcc64 does not saturate: %d", got)
	}
}

// QLinearAdd's arithmetic against dequantize-add-quantize in float64: at
// most one step apart, and equal away from ties.
func TestAddParamsNearExact(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for range 2000 {
		a := Params{Scale: 0.005 + rng.Float64()*0.1, ZeroPoint: rng.Int63n(256), Min: 0, Max: 255}
		b := Params{Scale: 0.005 + rng.Float64()*0.1, ZeroPoint: rng.Int63n(256), Min: 0, Max: 255}
		c := Params{Scale: 0.005 + rng.Float64()*0.1, ZeroPoint: rng.Int63n(256), Min: 0, Max: 255}
		ap := NewAddParams(a, b, c)
		x, y := rng.Int63n(256), rng.Int63n(256)
		got := ap.Add(x, y)
		want := c.Quantize(a.Dequantize(x) + b.Dequantize(y))
		if d := got - want; d < -1 || d > 1 {
			t.Fatalf("%v + %v: %d, float64 path %d", x, y, got, want)
		}
		if k := ap.ScalarA(x); ap.AddToB(y, k) < 0 || ap.AddToB(y, k) > 255 {
			t.Fatal("out of range")
		}
	}
}
