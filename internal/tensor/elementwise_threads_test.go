package tensor

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestElementwiseIntoThreads: UnaryInto, ClipInto and BinaryInto on
// tensors of several elemChunk chunks (and a partial last one; adds from
// addParallelMin on are split too), 4-D ones among them, give, at three
// threads and in place, the bits of the allocating kernels, which run the
// whole tensor on one goroutine. In place, an element computed twice or
// never shows (Neg).
func TestElementwiseIntoThreads(t *testing.T) {
	defer SetThreads(SetThreads(3))
	r := rand.New(rand.NewPCG(51, 52))
	for _, shape := range [][]int64{sh(elemChunk - 1), sh(3*elemChunk + 77), sh(addParallelMin + 77), sh(1, 40, 32, 32), sh(2, 20, 28, 36), sh(2, 20, 29, 31)} {
		n64, _ := NumElements(shape)
		n := int(n64)
		vals := randF32(r, n)
		vals[5], vals[n-2] = float32(math.NaN()), float32(math.Copysign(0, -1))
		x := MustFromSlice(F32, shape, vals)
		b := MustFromSlice(F32, shape, randF32(r, n))
		for _, op := range []UnaryOp{OpRelu, OpNeg, OpAbs} {
			t.Run(fmt.Sprintf("%v/%d", op, n), func(t *testing.T) {
				want, err := Unary(op, x)
				require.NoError(t, err)
				y := New(F32, shape...)
				require.NoError(t, UnaryInto(y, op, x))
				sameBitsF32(t, want, y)
				in := MustFromSlice(F32, shape, append([]float32(nil), vals...))
				require.NoError(t, UnaryInto(in, op, in))
				sameBitsF32(t, want, in)
			})
		}
		t.Run(fmt.Sprintf("clip/%d", n), func(t *testing.T) {
			want, err := Clip(x, -0.5, 0.7)
			require.NoError(t, err)
			y := New(F32, shape...)
			require.NoError(t, ClipInto(y, x, -0.5, 0.7))
			sameBitsF32(t, want, y)
		})
		for _, op := range []BinaryOp{OpAdd, OpSub, OpMul, OpDiv, OpMax} {
			t.Run(fmt.Sprintf("%v/%d", op, n), func(t *testing.T) {
				want, err := Binary(op, x, b)
				require.NoError(t, err)
				y := New(F32, shape...)
				require.NoError(t, BinaryInto(y, op, x, b))
				sameBitsF32(t, want, y)
				in := MustFromSlice(F32, shape, append([]float32(nil), vals...))
				require.NoError(t, BinaryInto(in, op, in, b))
				sameBitsF32(t, want, in)
			})
		}
	}
}

func sameBitsF32(t *testing.T, want, got *Tensor) {
	t.Helper()
	w, g := want.data.([]float32), got.data.([]float32)
	require.Equal(t, len(w), len(g))
	for i := range w {
		if math.Float32bits(w[i]) != math.Float32bits(g[i]) {
			t.Fatalf("element %d: %v, want %v", i, g[i], w[i])
		}
	}
}
