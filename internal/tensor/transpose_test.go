package tensor

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// Transposes that move whole matrices (batchedTranspose: NCHW to NHWC,
// back, plain and batched 2-D ones, with axes of size 1 anywhere) give
// the strided copy's values, through the 16x16 block kernel and its
// edges.
func TestBatchedTransposeMatchesStrided(t *testing.T) {
	r := rand.New(rand.NewPCG(101, 102))
	perms := [][]int{{0, 2, 3, 1}, {0, 3, 1, 2}, {1, 0, 2, 3}, {0, 1, 3, 2}, {3, 2, 1, 0}, {2, 3, 0, 1}, {0, 2, 1, 3}, {1, 2, 3, 0}}
	var took int
	for trial := range 300 {
		shape := make([]int64, 4)
		for i := range shape {
			shape[i] = int64(1 + r.IntN(40))
			if r.IntN(4) == 0 {
				shape[i] = 1
			}
		}
		perm := perms[trial%len(perms)]
		n, _ := NumElements(shape)
		x := MustFromSlice(F32, shape, dwRandF32(r, int(n)))
		got, err := Transpose(x, perm)
		require.NoError(t, err)
		want := New(F32, got.shape...)
		in := stridesOf(x.shape)
		st := make([]int, len(perm))
		for i, p := range perm {
			st[i] = in[p]
		}
		stridedCopy(want.Float32s(), x.Float32s(), want.shape, st)
		if _, _, _, ok := batchedTranspose(x.shape, perm); ok {
			took++
		}
		require.Equal(t, want.Float32s(), got.Float32s(), "trial %d: shape %v perm %v", trial, shape, perm)
	}
	require.Greater(t, took, 100)
}

// stridedCopy with its axes collapsed gives, for any permutation of up to
// five axes (sizes of 1 anywhere), what indexing every element gives.
func TestStridedCopyMatchesIndexing(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 103))
	for trial := range 400 {
		rank := 1 + r.IntN(5)
		shape := make([]int64, rank)
		for i := range shape {
			shape[i] = int64(1 + r.IntN(7))
			if r.IntN(4) == 0 {
				shape[i] = 1
			}
		}
		perm := r.Perm(rank)
		n, _ := NumElements(shape)
		src := make([]int32, n)
		for i := range src {
			src[i] = int32(i)
		}
		in := stridesOf(shape)
		out := make([]int64, rank)
		st := make([]int, rank)
		for i, p := range perm {
			out[i], st[i] = shape[p], in[p]
		}
		got := make([]int32, n)
		stridedCopy(got, src, out, st)
		// Element o of the output: its index in out's row-major order,
		// then the source offset Σ idx·st.
		for o := range got {
			rem, off := o, 0
			for i := rank - 1; i >= 0; i-- {
				off += rem % int(out[i]) * st[i]
				rem /= int(out[i])
			}
			if got[o] != src[off] {
				t.Fatalf("trial %d: shape %v perm %v: element %d = %d, want %d", trial, shape, perm, o, got[o], src[off])
			}
		}
	}
}
