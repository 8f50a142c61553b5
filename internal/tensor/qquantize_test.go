package tensor

import (
	"math"
	"math/rand"
	"testing"

	"github.com/mlc-go/mlc/internal/quantize"
)

// QuantizeF32ToStored equals quantize.Params.Quantize32 on every value, 8-
// and 16-bit: ties, values far outside the range, ±Inf, NaN, denormals,
// zero points at the ends of the storage range and narrow ranges.
func TestQuantizeF32ToStoredMatchesQuantize32(t *testing.T) {
	rng := rand.New(rand.NewSource(41))
	special := []float32{0, float32(math.Copysign(0, -1)), float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()),
		math.MaxFloat32, -math.MaxFloat32, math.SmallestNonzeroFloat32, 1e30, -1e30}
	for trial := range 120 {
		signed := trial%2 == 1
		wide := trial >= 60
		p := quantize.Params{Min: 0, Max: 255}
		if signed {
			p = quantize.Params{Min: -128, Max: 127}
		}
		if wide {
			p = quantize.Params{Min: 0, Max: 65535}
			if signed {
				p = quantize.Params{Min: -32768, Max: 32767}
			}
		}
		if trial%7 == 6 {
			p.Min, p.Max = p.Min+1, p.Max-2
		}
		p.Scale = math.Ldexp(0.5+rng.Float64(), -rng.Intn(12))
		switch trial % 3 {
		case 0:
			p.ZeroPoint = p.Min
		case 1:
			p.ZeroPoint = p.Max
		default:
			p.ZeroPoint = p.Min + rng.Int63n(p.Max-p.Min+1)
		}
		n := 1 + rng.Intn(40000)
		src := make([]float32, n)
		for i := range src {
			switch rng.Intn(10) {
			case 0:
				src[i] = special[rng.Intn(len(special))]
			case 1:
				// Exact ties: (k + 1/2) × scale.
				src[i] = float32((float64(rng.Intn(600)-300) + 0.5) * float64(float32(p.Scale)))
			default:
				src[i] = float32(rng.NormFloat64() * 300 * p.Scale)
			}
		}
		check := func(got func(i int) int64) {
			t.Helper()
			for i, v := range src {
				if want := p.Quantize32(v); got(i) != want {
					t.Fatalf("trial %d %+v: quantize(%g) = %d, want %d", trial, p, v, got(i), want)
				}
			}
		}
		z, lo, hi := int32(p.ZeroPoint), int32(p.Min), int32(p.Max)
		switch {
		case wide && signed:
			d := make([]int16, n)
			QuantizeF32ToStored(d, src, float32(p.Scale), z, lo, hi)
			check(func(i int) int64 { return int64(d[i]) })
		case wide:
			d := make([]uint16, n)
			QuantizeF32ToStored(d, src, float32(p.Scale), z, lo, hi)
			check(func(i int) int64 { return int64(d[i]) })
		case signed:
			d := make([]int8, n)
			QuantizeF32ToStored(d, src, float32(p.Scale), z, lo, hi)
			check(func(i int) int64 { return int64(d[i]) })
		default:
			d := make([]uint8, n)
			QuantizeF32ToStored(d, src, float32(p.Scale), z, lo, hi)
			check(func(i int) int64 { return int64(d[i]) })
		}
	}
}

// Requantizer equals quantize.Params.RequantizeAcc (the scalar path of
// the interpreter's quantized conv and matmul) on 8-bit results.
func TestRequantizerMatchesRequantizeAcc(t *testing.T) {
	rng := rand.New(rand.NewSource(42))
	for trial := range 30 {
		p := quantize.Params{Min: 0, Max: 255, ZeroPoint: rng.Int63n(256)}
		dt := U8
		if trial%2 == 1 {
			p, dt = quantize.Params{Min: -128, Max: 127, ZeroPoint: rng.Int63n(256) - 128}, I8
		}
		scale := quantize.OutputScale32(math.Ldexp(rng.Float64(), -8), math.Ldexp(rng.Float64(), -6), math.Ldexp(rng.Float64(), -3))
		acc := make([]int32, 1+rng.Intn(300))
		for i := range acc {
			acc[i] = int32(rng.Int63n(1<<22) - 1<<21)
		}
		r := &Requantizer{Scale: []float32{scale}, Zero: int32(p.ZeroPoint), Min: int32(p.Min), Max: int32(p.Max)}
		dst := New(dt, int64(len(acc)))
		if err := r.RequantizeConv(dst, acc, 1, len(acc)); err != nil {
			t.Fatal(err)
		}
		for i, a := range acc {
			if got, want := dst.intAt(i), p.RequantizeAcc(a, scale); got != want {
				t.Fatalf("trial %d: requantize(%d × %g) = %d, want %d", trial, a, scale, got, want)
			}
		}
	}
}

// requantRow's SIMD rows (AVX-512 and AVX2, whichever the CPU has) store
// what requantOne does: halves that round to even, results clamped at
// both ends, NaN products (a NaN or infinite scale) as 0, and a bias that
// wraps the int32 sum.
func TestRequantRowMatchesScalar(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	scales := []float32{0.5, 0.25, 1.5, 3e-4, float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), 0}
	for trial, scale := range scales {
		for _, n := range []int{7, 16, 64, 100, 333} {
			acc := make([]int32, n)
			for i := range acc {
				switch i % 4 {
				case 0:
					acc[i] = int32(rng.Intn(2001) - 1000)
				case 1:
					acc[i] = int32(rng.Uint32())
				default:
					acc[i] = int32(2*rng.Intn(21) - 20 + 1) // odd: ties at scale 0.5
				}
			}
			r := &Requantizer{Scale: []float32{scale}, Zero: 5, Min: -128, Max: 127}
			bias := int32(trial) * 0x7fff0000 // wraps some sums
			lo, hi := float32(r.Min-r.Zero), float32(r.Max-r.Zero)
			got := make([]int8, n)
			requantRow(got, acc, bias, scale, r)
			for i, a := range acc {
				if want := int8(requantOne(a, bias, scale, lo, hi, r.Zero)); got[i] != want {
					t.Fatalf("scale %g n %d: acc[%d] = %d requantized to %d, want %d", scale, n, i, a, got[i], want)
				}
			}
		}
	}
}

// requantRowsFast (whole tiles, AVX-512) stores what requantOne does for
// every row of a tile: blocks of 64 packed in registers, of 16, and a
// last partial block, for int8 and uint8, one scale or one per channel,
// biases that wrap the sum, and row pitches wider than the rows.
func TestRequantRowsFastMatchesScalar(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	for trial := range 40 {
		rows, n := 1+rng.Intn(6), 16+rng.Intn(220)
		lda, ldd := n+rng.Intn(9), n+rng.Intn(9)
		ch0, m := rng.Intn(3), 0
		m = ch0 + rows
		acc := make([]int32, (rows-1)*lda+n)
		for i := range acc {
			switch i % 3 {
			case 0:
				acc[i] = int32(rng.Intn(200001) - 100000)
			case 1:
				acc[i] = int32(rng.Uint32())
			default:
				acc[i] = int32(2*rng.Intn(41) - 40 + 1) // odd: ties at scale 0.5
			}
		}
		scales := []float32{0.5}
		if trial%2 == 1 {
			scales = make([]float32, m)
			for i := range scales {
				scales[i] = []float32{0.5, 1e-3, 3.7e-4, 0.25, 2}[rng.Intn(5)]
			}
		}
		bias := make([]int32, rows)
		for i := range bias {
			bias[i] = int32(rng.Uint32())
			if i%2 == 0 {
				bias[i] = int32(rng.Intn(2001) - 1000)
			}
		}
		signed := trial%4 >= 2
		r := &Requantizer{Scale: scales, Zero: int32(rng.Intn(256)), Min: 0, Max: 255}
		dst := New(U8, int64((rows-1)*ldd+n))
		if signed {
			r.Zero, r.Min, r.Max = r.Zero-128, -128, 127
			dst = New(I8, int64((rows-1)*ldd+n))
		}
		if trial%5 == 4 {
			r.Min = r.Zero // a fused ReLU's narrower range
		}
		var biasIn []int32
		if trial%7 != 3 {
			biasIn = bias
		} else {
			clear(bias) // no bias
		}
		if !requantRowsFast(dst, 0, ldd, acc, lda, rows, n, biasIn, r, ch0) {
			t.Skip("no AVX-512 rows on this CPU or build")
		}
		lo, hi := float32(r.Min-r.Zero), float32(r.Max-r.Zero)
		for i := range rows {
			for j := range n {
				want := requantOne(acc[i*lda+j], bias[i], r.scaleAt(ch0+i), lo, hi, r.Zero)
				if got := dst.intAt(i*ldd + j); got != int64(want) {
					t.Fatalf("trial %d (rows %d, n %d): row %d col %d: acc %d → %d, want %d", trial, rows, n, i, j, acc[i*lda+j], got, want)
				}
			}
		}
	}
}

// Whole-tile requantization has no NaN lanes to clear: a NaN or
// infinite scale sends the tile to the row kernels instead.
func TestRowsFastOKNeedsFiniteScales(t *testing.T) {
	for _, c := range []struct {
		scales []float32
		want   bool
	}{
		{[]float32{0.5}, true},
		{[]float32{0.5, 3e-38, 1e38}, true},
		{[]float32{0.5, float32(math.NaN())}, false},
		{[]float32{float32(math.Inf(1))}, false},
		{[]float32{1, float32(math.Inf(-1))}, false},
	} {
		tr := &tileRequant{r: &Requantizer{Scale: c.scales, Max: 255}}
		if got := tr.rowsFastOK(); got != c.want {
			t.Errorf("scales %v: rowsFastOK = %v, want %v", c.scales, got, c.want)
		}
	}
}

// RequantizeMatMul (channels along columns) gives requantOne's value for
// every element on the column kernel's path and off it: widths below 16
// and with a partial last block, row counts that leave a partial row
// block, one scale or one per column, with and without biases, int8 and
// uint8, a fused ReLU's narrower range.
func TestRequantizeMatMulMatchesScalar(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for trial := range 60 {
		rows, cols := 1+rng.Intn(40), 1+rng.Intn(150)
		acc := make([]int32, rows*cols)
		for i := range acc {
			switch i % 3 {
			case 0:
				acc[i] = int32(rng.Intn(200001) - 100000)
			case 1:
				acc[i] = int32(rng.Uint32())
			default:
				acc[i] = int32(2*rng.Intn(41) - 40 + 1) // odd: ties at scale 0.5
			}
		}
		r := &Requantizer{Scale: []float32{0.5}, Zero: int32(rng.Intn(256)), Min: 0, Max: 255}
		if trial%2 == 1 {
			r.Scale = make([]float32, cols)
			for j := range r.Scale {
				r.Scale[j] = []float32{0.5, 1e-3, 3.7e-4, 0.25, 2}[rng.Intn(5)]
			}
		}
		if trial%3 != 2 {
			r.Bias = make([]int32, cols)
			for j := range r.Bias {
				r.Bias[j] = int32(rng.Uint32())
			}
		}
		dst := New(U8, int64(rows), int64(cols))
		if trial%4 >= 2 {
			r.Zero, r.Min, r.Max = r.Zero-128, -128, 127
			dst = New(I8, int64(rows), int64(cols))
		}
		if trial%5 == 4 {
			r.Min = r.Zero
		}
		if err := r.RequantizeMatMul(dst, acc, cols); err != nil {
			t.Fatal(err)
		}
		lo, hi := float32(r.Min-r.Zero), float32(r.Max-r.Zero)
		for i := range rows {
			for j := range cols {
				want := requantOne(acc[i*cols+j], r.biasAt(j), r.scaleAt(j), lo, hi, r.Zero)
				if got := dst.intAt(i*cols + j); got != int64(want) {
					t.Fatalf("trial %d (%dx%d): [%d,%d]: acc %d → %d, want %d", trial, rows, cols, i, j, acc[i*cols+j], got, want)
				}
			}
		}
	}
}

// DequantizeBytesFast gives float32(v − zero)·scale, the bits of the
// scalar product, for every byte value, either signedness, zero points
// across the range and scales whose products round, underflow or
// overflow.
func TestDequantizeBytesFastMatchesScalar(t *testing.T) {
	check := func(t *testing.T, got []float32, want func(i int) float32, done, n int) {
		t.Helper()
		if done == 0 {
			t.Skip("no AVX-512 on this CPU or build")
		}
		if done != n&^15 {
			t.Fatalf("did %d of %d", done, n)
		}
		for i := range done {
			if math.Float32bits(got[i]) != math.Float32bits(want(i)) {
				t.Fatalf("value %d: %v, want %v", i, got[i], want(i))
			}
		}
	}
	for _, scale := range []float32{0.05, 3.7e-4, 1e-44, 3e38, 1} {
		for _, zero := range []int32{0, 3, -128, 127, 255, 1000} {
			n := 512 + 13
			u := make([]uint8, n)
			s := make([]int8, n)
			for i := range n {
				u[i], s[i] = uint8(i*7), int8(i*7)
			}
			dst := make([]float32, n)
			done := DequantizeBytesFast(dst, u, zero, scale)
			check(t, dst, func(i int) float32 { return float32(int32(u[i])-zero) * scale }, done, n)
			done = DequantizeBytesFast(dst, s, zero, scale)
			check(t, dst, func(i int) float32 { return float32(int32(s[i])-zero) * scale }, done, n)
		}
	}
}
