package tensor

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestConcatScaleShiftInto: the one-pass concatenation + scale and shift
// gives the bits of ConcatInto then ScaleShiftInto, on one and three
// threads, with and without the clamp, for inputs of differing channel
// counts (rank 4 and rank 3), NaN and -0 among the values. A plane sent to
// another's place, or a channel given its neighbour's scale, shows.
func TestConcatScaleShiftInto(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	cases := [][][]int64{
		{sh(1, 5, 9, 11), sh(1, 32, 9, 11), sh(1, 3, 9, 11)},
		{sh(1, 64, 14, 14), sh(1, 32, 14, 14)},
		{sh(1, 7, 40)},
	}
	for _, threads := range []int{1, 3} {
		for ci, shapes := range cases {
			for _, clip := range []bool{false, true} {
				t.Run(fmt.Sprintf("t%d/case%d/clip=%v", threads, ci, clip), func(t *testing.T) {
					defer SetThreads(SetThreads(threads))
					var xs []*Tensor
					for _, s := range shapes {
						n64, _ := NumElements(s)
						vals := randF32(r, int(n64))
						vals[1], vals[len(vals)-1] = float32(math.NaN()), float32(math.Copysign(0, -1))
						xs = append(xs, MustFromSlice(F32, s, vals))
					}
					cat, err := Concat(1, xs...)
					require.NoError(t, err)
					c := int(cat.Shape()[1])
					scale, shift := randF32(r, c), randF32(r, c)
					want := New(F32, cat.Shape()...)
					require.NoError(t, ScaleShiftInto(want, cat, scale, shift, clip, -0.25, 0.5))
					got := New(F32, cat.Shape()...)
					require.NoError(t, ConcatScaleShiftInto(got, xs, scale, shift, clip, -0.25, 0.5))
					sameBitsF32(t, want, got)
				})
			}
		}
	}
}

// TestConcatScaleShiftIntoErrors: wrong inputs are errors, nothing panics.
func TestConcatScaleShiftIntoErrors(t *testing.T) {
	a := New(F32, 1, 2, 3, 3)
	b := New(F32, 1, 4, 3, 3)
	y := New(F32, 1, 6, 3, 3)
	six := make([]float32, 6)
	require.NoError(t, ConcatScaleShiftInto(y, []*Tensor{a, b}, six, six, false, 0, 0))
	require.Error(t, ConcatScaleShiftInto(y, nil, six, six, false, 0, 0))
	require.Error(t, ConcatScaleShiftInto(y, []*Tensor{a, b}, six[:5], six, false, 0, 0))
	require.Error(t, ConcatScaleShiftInto(y, []*Tensor{a, b}, six, six, true, 1, 0))
	require.Error(t, ConcatScaleShiftInto(New(F32, 1, 5, 3, 3), []*Tensor{a, b}, six, six, false, 0, 0))
	require.Error(t, ConcatScaleShiftInto(y, []*Tensor{a, New(F32, 1, 4, 3, 2)}, six, six, false, 0, 0))
	require.Error(t, ConcatScaleShiftInto(New(F32, 2, 6, 3, 3), []*Tensor{New(F32, 2, 2, 3, 3), New(F32, 2, 4, 3, 3)}, six, six, false, 0, 0))
	require.Error(t, ConcatScaleShiftInto(New(F64, 1, 6, 3, 3), []*Tensor{New(F64, 1, 2, 3, 3), New(F64, 1, 4, 3, 3)}, six, six, false, 0, 0))
}

// TestConcatChunked: a concatenation whose inputs lie end to end in the
// output (one image along the channels, or along the first axis) and
// spans several elemChunks is copied in chunks shared among the threads;
// each output value is the input value its position names, for float32
// and byte storage, chunk edges falling inside and between inputs.
func TestConcatChunked(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, threads := range []int{1, 3} {
		for _, dt := range []DType{F32, U8} {
			t.Run(fmt.Sprintf("t%d/%v", threads, dt), func(t *testing.T) {
				defer SetThreads(SetThreads(threads))
				var xs []*Tensor
				for _, c := range []int64{7, 64, 1, 40} {
					n := int(c) * 29 * 31
					vals := randF32(r, n)
					x, err := Cast(MustFromSlice(F32, sh(1, c, 29, 31), vals), dt)
					require.NoError(t, err)
					xs = append(xs, x)
				}
				y, err := Concat(1, xs...)
				require.NoError(t, err)
				require.Greater(t, y.Len(), 2*elemChunk)
				yv := y.Values()
				at := 0
				for _, x := range xs {
					require.Equal(t, x.Values(), yv[at:at+x.Len()])
					at += x.Len()
				}
				require.Equal(t, y.Len(), at)
			})
		}
	}
}
