package tensor

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// ulpsApart is how many float32 values lie between a and b (0 when both
// are NaN, the most when only one is).
func ulpsApart(a, b float32) int64 {
	if a != a || b != b {
		if a != a && b != b {
			return 0
		}
		return math.MaxInt64
	}
	key := func(v float32) int64 {
		u := int64(math.Float32bits(v))
		if u&(1<<31) != 0 {
			return -(u &^ (1 << 31))
		}
		return u
	}
	d := key(a) - key(b)
	return max(d, -d)
}

// transcendSamples is how many random values of each kind (the bounds
// below were measured with 5000000).
var transcendSamples = 200000

// transcendInputs: special values, the edges of exp's range, and random
// values spread over magnitudes from the subnormals to 1e30.
func transcendInputs(r *rand.Rand) []float32 {
	inf := float32(math.Inf(1))
	xs := []float32{0, float32(math.Copysign(0, -1)), inf, -inf, float32(math.NaN()), 1e-45, -1e-45,
		88.72283, 88.72284, 88.8, 89, -87.33654, -103.27893, -103.97208, -104, -105, 15.9424, -15.9424, 1e30, -1e30}
	for range transcendSamples {
		xs = append(xs, float32(r.Float64()*200-100), float32(r.Float64()*40-20))
	}
	for range transcendSamples {
		v := float32(math.Exp(r.Float64()*80 - 100))
		if r.IntN(2) == 0 {
			v = -v
		}
		xs = append(xs, v)
	}
	return xs
}

// Every AVX-512 transcendental kernel stays within a few ulps of the
// float64 path (the value rounded once: exp 1, sigmoid 2, SiLU 3, GELU 6,
// measured over fifteen million values), keeps NaN, and gives the same value at any
// position of any length (the tail goes through a padded block).
func TestTranscendF32(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 9))
	xs := transcendInputs(r)
	bound := map[UnaryOp]int64{OpExp: 1, OpSigmoid: 2, OpSilu: 3, OpGeluErf: 6}
	for _, op := range []UnaryOp{OpExp, OpSigmoid, OpSilu, OpGeluErf} {
		got := make([]float32, len(xs))
		if !transcendF32Fast(op, got, xs) {
			t.Skip("no AVX-512 kernel on this machine or build")
		}
		f := unaryF64(op)
		worst := int64(0)
		for i, x := range xs {
			want := float32(f(float64(x)))
			d := ulpsApart(got[i], want)
			if d > bound[op] {
				t.Fatalf("%v(%g) = %g, want %g (%d ulps apart)", op, x, got[i], want, d)
			}
			worst = max(worst, d)
		}
		t.Logf("%v: at most %d ulps from the float64 path over %d values", op, worst, len(xs))
		for n := range 40 {
			for off := range 3 {
				o := make([]float32, n)
				transcendF32Fast(op, o, xs[off:off+n])
				for i := range o {
					if math.Float32bits(o[i]) != math.Float32bits(got[off+i]) {
						t.Fatalf("%v, length %d at offset %d: element %d = %g, want %g", op, n, off, i, o[i], got[off+i])
					}
				}
			}
		}
	}
}

// SigmoidMulInto gives Mul(x, Sigmoid(x))'s bits, also into x itself.
func TestSigmoidMulInto(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	xs := transcendInputs(r)[:5000]
	x := MustFromSlice(F32, []int64{int64(len(xs))}, xs)
	s, err := Unary(OpSigmoid, x)
	if err != nil {
		t.Fatal(err)
	}
	want, err := Mul(x, s)
	if err != nil {
		t.Fatal(err)
	}
	y := New(F32, x.Shape()...)
	if err := SigmoidMulInto(y, x); err != nil {
		t.Fatal(err)
	}
	same := x.Clone()
	if err := SigmoidMulInto(same, same); err != nil {
		t.Fatal(err)
	}
	for _, got := range []*Tensor{y, same} {
		g, w := got.Float32s(), want.Float32s()
		for i := range w {
			if math.Float32bits(g[i]) != math.Float32bits(w[i]) && !(g[i] != g[i] && w[i] != w[i]) {
				t.Fatalf("x = %g: %g, want %g", xs[i], g[i], w[i])
			}
		}
	}
	if err := SigmoidMulInto(New(F32, 3), x); err == nil {
		t.Fatal("a wrong output shape is not an error")
	}
}

// The float32 softmax rows (AVX-512 exp) stay within (|x − max| + 4)
// ulps of the float64 path, in place too, with NaN and infinite rows as
// the float64 path gives them.
func TestSoftmaxF32Rows(t *testing.T) {
	if !transcendOK() {
		t.Skip("no AVX-512 kernels on this machine or build")
	}
	r := rand.New(rand.NewPCG(11, 12))
	for _, d := range []int{1, 5, 16, 197, 1000} {
		x := New(F32, 3, int64(d))
		xs := x.Float32s()
		for i := range xs {
			xs[i] = float32(r.NormFloat64() * 8)
		}
		if d > 4 {
			xs[d+2] = float32(math.NaN())     // row 1: NaN
			xs[2*d+1] = float32(math.Inf(1))  // row 2: +Inf
			xs[2*d+3] = float32(math.Inf(-1)) // and -Inf
		}
		got, err := Softmax(x, -1)
		require.NoError(t, err)
		ref := make([]float64, len(xs))
		for row := range 3 {
			in := xs[row*d : (row+1)*d]
			m := math.Inf(-1)
			for _, v := range in {
				if float64(v) > m {
					m = float64(v)
				}
			}
			if math.IsInf(m, 0) {
				m = 0
			}
			s := 0.0
			for _, v := range in {
				s += math.Exp(float64(v) - m)
			}
			for k, v := range in {
				ref[row*d+k] = math.Exp(float64(v)-m) / s
				want, g := float32(ref[row*d+k]), got.Float32s()[row*d+k]
				if want != want || g != g {
					require.True(t, want != want && g != g, "d=%d row %d: %g, want %g", d, row, g, want)
					continue
				}
				bound := (math.Abs(float64(v)-m) + 4) * 0x1p-24 * float64(want)
				if math.Abs(float64(g)-float64(want)) > bound+1e-45 {
					t.Fatalf("d=%d row %d x=%g: %g, want %g", d, row, v, g, want)
				}
			}
		}
		same := x.Clone()
		require.NoError(t, SoftmaxInto(same, same, 1))
		for i, v := range same.Float32s() {
			g := got.Float32s()[i]
			require.True(t, math.Float32bits(v) == math.Float32bits(g) || (v != v && g != g), "in place, element %d", i)
		}
	}
	require.Error(t, SoftmaxInto(New(F32, 2), New(F32, 3), 0))
}
