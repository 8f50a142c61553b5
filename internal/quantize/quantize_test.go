package quantize

import (
	"math"
	"math/big"
	"math/rand"
	"testing"

	"github.com/mlc-go/mlc/internal/testutil"
)

var i8 = Params{Scale: 1, ZeroPoint: 0, Min: -128, Max: 127}

func TestRoundHalfToEven(t *testing.T) {
	for x, want := range map[float64]int64{0.5: 0, 1.5: 2, 2.5: 2, -0.5: 0, -1.5: -2, -2.5: -2, 126.5: 126, 0.49999999999999994: 0} {
		if got := i8.Quantize(x); got != want {
			t.Errorf("Quantize(%v) = %d, want %d", x, got, want)
		}
		if got := i8.Quantize32(float32(x)); got != want && float64(float32(x)) == x {
			t.Errorf("Quantize32(%v) = %d, want %d", x, got, want)
		}
	}
	// The float32 quotient is the one rounded: 0.35f / 0.1f is the tie 3.5.
	p := Params{Scale: 0.1, Min: -128, Max: 127}
	if got := p.Quantize32(0.35); got != 4 {
		t.Errorf("Quantize32(0.35) with scale 0.1 = %d, want 4", got)
	}
	if got := p.Quantize(0.35); got != 3 {
		t.Errorf("Quantize(0.35) with scale 0.1 = %d, want 3 (float64 quotient 3.4999999999999996)", got)
	}
}

func TestSaturationAndNaN(t *testing.T) {
	u8 := Params{Scale: 0.5, ZeroPoint: 128, Min: 0, Max: 255}
	cases := []struct {
		p    Params
		x    float64
		want int64
	}{
		{i8, 127.5, 127}, {i8, 1e300, 127}, {i8, -128.5, -128}, {i8, math.Inf(1), 127}, {i8, math.Inf(-1), -128},
		{i8, math.NaN(), 0}, {u8, math.NaN(), 128}, {u8, 64, 255}, {u8, -64.25, 0}, {u8, 5e-324, 128},
		// A zero point outside a narrowed range: NaN gives it clamped.
		{Params{Scale: 1, ZeroPoint: -128, Min: -127, Max: 127}, math.NaN(), -127},
		{Params{Scale: 1, ZeroPoint: 300, Min: 0, Max: 255}, math.NaN(), 255},
		{Params{Scale: 1, ZeroPoint: 0, Min: math.MinInt32, Max: math.MaxInt32}, 3e9, math.MaxInt32},
		{Params{Scale: 1, ZeroPoint: 0, Min: math.MinInt64, Max: math.MaxInt64}, 1e19, math.MaxInt64},
		{Params{Scale: 1, ZeroPoint: 0, Min: math.MinInt64, Max: math.MaxInt64}, -1e19, math.MinInt64},
	}
	for _, c := range cases {
		if got := c.p.Quantize(c.x); got != c.want {
			t.Errorf("%+v.Quantize(%v) = %d, want %d", c.p, c.x, got, c.want)
		}
		if got := c.p.Quantize32(float32(c.x)); got != c.want && c.x != 5e-324 && math.Abs(c.x) < 1e38 {
			t.Errorf("%+v.Quantize32(%v) = %d, want %d", c.p, c.x, got, c.want)
		}
	}
}

// refQuantize is an independent statement of the rule in exact arithmetic:
// the float64 quotient rounded half to even with math/big, plus the zero
// point, clamped.
func refQuantize(p Params, x float64) int64 {
	r := x / p.Scale
	if math.IsNaN(r) {
		return max(p.Min, min(p.ZeroPoint, p.Max))
	}
	if math.IsInf(r, 0) {
		if r > 0 {
			return p.Max
		}
		return p.Min
	}
	f := new(big.Float).SetFloat64(r)
	fl, _ := new(big.Float).SetFloat64(math.Floor(r)).Int(nil)
	frac := new(big.Float).Sub(f, new(big.Float).SetInt(fl))
	switch c := frac.Cmp(big.NewFloat(0.5)); {
	case c > 0, c == 0 && fl.Bit(0) == 1:
		fl.Add(fl, big.NewInt(1))
	}
	fl.Add(fl, big.NewInt(p.ZeroPoint))
	if fl.Cmp(big.NewInt(p.Min)) < 0 {
		return p.Min
	}
	if fl.Cmp(big.NewInt(p.Max)) > 0 {
		return p.Max
	}
	return fl.Int64()
}

func TestQuantizeMatchesExactReference(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for range 20000 {
		bits := []int{4, 8, 16, 32}[rng.Intn(4)]
		lo, hi := StorageRange(bits, rng.Intn(2) == 0)
		p := Params{Scale: math.Ldexp(1+rng.Float64(), rng.Intn(40)-20), ZeroPoint: lo + rng.Int63n(hi-lo+1), Min: lo, Max: hi}
		var x float64
		switch rng.Intn(5) {
		case 0:
			x = (float64(rng.Int63n(2*(hi-lo+1))-(hi-lo+1)) + 0.5) * math.Ldexp(1, rng.Intn(10)-5)
			p.Scale = math.Ldexp(1, rng.Intn(10)-5)
		case 1:
			x = []float64{math.NaN(), math.Inf(1), math.Inf(-1), 1e300, -1e300, 5e-324, -5e-324}[rng.Intn(7)]
		default:
			x = rng.NormFloat64() * float64(hi-lo) * p.Scale
		}
		if got, want := p.Quantize(x), refQuantize(p, x); got != want {
			t.Fatalf("%+v.Quantize(%v) = %d, exact reference %d", p, x, got, want)
		}
	}
}

func TestDequantizeAndRequantize(t *testing.T) {
	p := Params{Scale: 0.1, ZeroPoint: -3, Min: -128, Max: 127}
	if got, want := p.Dequantize32(0), float32(3)*float32(0.1); got != want {
		t.Errorf("Dequantize32(0) = %v, want %v", got, want)
	}
	if got, want := p.Dequantize(0), float64(3)*p.Scale; got != want {
		t.Errorf("Dequantize(0) = %v, want %v", got, want)
	}
	// Beyond 2^24 the difference rounds to float32 before the product.
	big := Params{Scale: 1, Min: math.MinInt32, Max: math.MaxInt32}
	if got := big.Dequantize32(16777217); got != 16777216 {
		t.Errorf("Dequantize32(2^24+1) = %v, want 2^24", got)
	}
	acc := Params{Scale: 0.01, Min: math.MinInt32, Max: math.MaxInt32}
	out := Params{Scale: 0.05, ZeroPoint: 3, Min: -128, Max: 127}
	if got := Requantize32(acc, out, 123, nil); got != 28 { // 1.23 / 0.05 = 24.6 → 25, + 3
		t.Errorf("Requantize32 = %d, want 28", got)
	}
	if got := Requantize(acc, out, 123); got != out.Quantize(acc.Dequantize(123)) {
		t.Errorf("Requantize = %d", got)
	}
	// The narrowing hook sees the float32 real value.
	half := func(f float32) float32 { return float32(math.Floor(float64(f))) }
	if got := Requantize32(acc, out, 123, half); got != 23 { // 1.23 → 1 → 20, + 3
		t.Errorf("Requantize32 with narrowing = %d, want 23", got)
	}
}

func TestStorageRange(t *testing.T) {
	for _, c := range []struct {
		bits   int
		signed bool
		lo, hi int64
	}{
		{4, true, -8, 7}, {4, false, 0, 15}, {8, true, -128, 127}, {8, false, 0, 255},
		{16, true, math.MinInt16, math.MaxInt16}, {16, false, 0, math.MaxUint16},
		{32, true, math.MinInt32, math.MaxInt32}, {32, false, 0, math.MaxUint32},
		{64, true, math.MinInt64, math.MaxInt64}, {64, false, 0, math.MaxInt64},
		{0, true, 0, 0}, {65, false, 0, 0}, {1, true, -1, 0},
	} {
		if lo, hi := StorageRange(c.bits, c.signed); lo != c.lo || hi != c.hi {
			t.Errorf("StorageRange(%d, %v) = %d..%d, want %d..%d", c.bits, c.signed, lo, hi, c.lo, c.hi)
		}
	}
}

func TestImportsStdlibOnly(t *testing.T) {
	for _, p := range testutil.GoList(t, "-deps", ".") {
		if !p.Standard && p.ImportPath != "github.com/mlc-go/mlc/internal/quantize" {
			t.Errorf("internal/quantize must depend only on the standard library, depends on %s", p.ImportPath)
		}
	}
}
