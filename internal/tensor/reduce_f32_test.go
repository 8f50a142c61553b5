package tensor

import (
	"math"
	"math/rand/v2"
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
