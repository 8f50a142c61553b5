package tensor

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// Sums and means of float32 tensors (their own loop) equal the generic
// float64 path's on the same values rounded once: reductions over leading,
// inner, several and all axes.
func TestReduceF32MatchesGeneric(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 9))
	for trial := range 60 {
		rank := 1 + r.IntN(4)
		shape := make([]int64, rank)
		for i := range shape {
			shape[i] = int64(1 + r.IntN(7))
		}
		n, _ := NumElements(shape)
		xs := dwRandF32(r, int(n))
		for i := range xs {
			xs[i] = float32(math.Abs(float64(xs[i]))) + 0.1 // LogSum needs positive sums
		}
		x := MustFromSlice(F32, shape, xs)
		x64, err := Cast(x, F64)
		require.NoError(t, err)
		var axes []int
		for a := range rank {
			if r.IntN(2) == 0 {
				axes = append(axes, a)
			}
		}
		for _, op := range []ReduceOp{ReduceSum, ReduceMean, ReduceLogSum} {
			got, err := Reduce(op, x, axes, trial%2 == 0)
			require.NoError(t, err)
			want64, err := Reduce(op, x64, axes, trial%2 == 0)
			require.NoError(t, err)
			want, err := Cast(want64, F32)
			require.NoError(t, err)
			require.Equal(t, want.shape, got.shape)
			for i, v := range want.Float32s() {
				require.Equal(t, math.Float32bits(v), math.Float32bits(got.Float32s()[i]), "trial %d %v axes %v element %d", trial, op, axes, i)
			}
		}
	}
}

// sumRowsF32 (eight rows in vector lanes where there is AVX-512) adds
// each row in order, as one scalar float64 chain per row would: random
// row counts and lengths, NaNs, infinities and signed zeros, accumulators
// that do not start at 0.
func TestSumRowsF32MatchesChains(t *testing.T) {
	r := rand.New(rand.NewPCG(81, 82))
	special := []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), 0, float32(math.Copysign(0, -1)), 1e30, -1e-30}
	for trial := range 300 {
		rows, n := 1+r.IntN(40), 1+r.IntN(100)
		xs := make([]float32, rows*n)
		for i := range xs {
			if r.IntN(50) == 0 {
				xs[i] = special[r.IntN(len(special))]
			} else {
				xs[i] = float32(r.NormFloat64() * math.Pow(10, float64(r.IntN(9)-4)))
			}
		}
		acc := make([]float64, rows)
		for i := range acc {
			if trial%2 == 0 {
				acc[i] = r.NormFloat64()
			}
		}
		// One row at a time: the scalar chain (how a NaN's sign and
		// payload propagate depends on the operand order, so the
		// reference is the code's own chain, not a loop here).
		want := slices.Clone(acc)
		for k := range want {
			sumRowsF32(xs[k*n:(k+1)*n], n, want[k:k+1])
		}
		sumRowsF32(xs, n, acc)
		for k := range want {
			require.Equal(t, math.Float64bits(want[k]), math.Float64bits(acc[k]), "trial %d: %d rows of %d, row %d", trial, rows, n, k)
		}
	}
}

// Layer norm eight rows at a time (layerNorm8, where there is AVX-512)
// gives each row's own loop's bits: random widths and row counts, with
// and without bias, NaNs, infinities and signed zeros, large offsets.
func TestLayerNormRowsMatchRow(t *testing.T) {
	r := rand.New(rand.NewPCG(91, 92))
	special := []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), 0, float32(math.Copysign(0, -1))}
	for trial := range 200 {
		rows, d := 1+r.IntN(40), 1+r.IntN(300)
		x := make([]float32, rows*d)
		off := r.NormFloat64() * math.Pow(10, float64(r.IntN(7)-2))
		for i := range x {
			x[i] = float32(off + r.NormFloat64())
			if r.IntN(400) == 0 {
				x[i] = special[r.IntN(len(special))]
			}
		}
		sv := make([]float64, d)
		for i := range sv {
			sv[i] = float64(float32(r.NormFloat64()))
		}
		var bv []float64
		if trial%2 == 0 {
			bv = make([]float64, d)
			for i := range bv {
				bv[i] = float64(float32(r.NormFloat64()))
			}
		}
		eps := 1e-5
		got := make([]float32, len(x))
		layerNormF32(got, x, sv, bv, d, eps)
		want := make([]float32, len(x))
		for k := range rows {
			layerNormRow(want[k*d:(k+1)*d], x[k*d:(k+1)*d], sv, bv, eps)
		}
		for i := range want {
			require.Equal(t, math.Float32bits(want[i]), math.Float32bits(got[i]), "trial %d: %d rows of %d, element %d", trial, rows, d, i)
		}
	}
}
