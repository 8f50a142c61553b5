package tensor

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// A residual fused into the convolution gives the bits of the separate
// add (in either operand order) and clip, on every path: in-place with
// and without dropped columns, cut by rows among threads, pointwise,
// im2col, depthwise, grouped, batched, no input channels.
func TestConvResidualMatchesAdd(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	pad1 := [4]int{1, 1, 1, 1}
	for _, c := range []struct {
		xs, ws []int64
		p      Conv2DParams
	}{
		{sh(1, 16, 20, 20), sh(40, 16, 3, 3), Conv2DParams{Pads: pad1}},
		{sh(1, 32, 56, 56), sh(24, 32, 3, 3), Conv2DParams{Pads: pad1}}, // cut by rows at two threads
		{sh(1, 8, 15, 14), sh(10, 8, 3, 3), Conv2DParams{Strides: [2]int{2, 2}, Pads: pad1}},
		{sh(1, 24, 14, 14), sh(36, 24, 1, 1), Conv2DParams{Strides: [2]int{2, 2}}}, // no dropped columns
		{sh(2, 24, 9, 9), sh(30, 24, 1, 1), Conv2DParams{}},                        // pointwise
		{sh(1, 40, 7, 7), sh(64, 40, 3, 3), Conv2DParams{Pads: pad1}},
		{sh(1, 12, 16, 16), sh(12, 1, 3, 3), Conv2DParams{Groups: 12, Pads: pad1}}, // depthwise
		{sh(1, 12, 10, 10), sh(18, 4, 3, 3), Conv2DParams{Groups: 3, Pads: pad1}},
		{sh(1, 0, 5, 5), sh(4, 0, 3, 3), Conv2DParams{Pads: pad1}}, // k = 0
	} {
		for _, v := range []struct {
			im2col, first, clip bool
			threads             int
		}{{false, false, true, 1}, {false, true, true, 2}, {true, false, false, 2}, {false, true, false, 1}, {true, true, true, 1}} {
			t.Run(fmt.Sprintf("%v/%v/%+v", c.xs, c.ws, v), func(t *testing.T) {
				defer func(prev int) { convForceIm2col = false; SetThreads(prev) }(SetThreads(v.threads))
				convForceIm2col = v.im2col
				nx, _ := NumElements(c.xs)
				nw, _ := NumElements(c.ws)
				x := MustFromSlice(F32, c.xs, dwRandF32(r, int(nx)))
				w := MustFromSlice(F32, c.ws, dwRandF32(r, int(nw)))
				bias := MustFromSlice(F32, sh(c.ws[0]), dwRandF32(r, int(c.ws[0])))
				plain, err := Conv2D(x, w, bias, c.p)
				require.NoError(t, err)
				rv := dwRandF32(r, plain.Len())
				if len(rv) > 5 {
					rv[1] = float32(math.NaN())
					rv[4] = float32(math.Copysign(0, -1))
				}
				res := MustFromSlice(F32, plain.shape, rv)
				a, b := plain, res
				if v.first {
					a, b = res, plain
				}
				want, err := Binary(OpAdd, a, b)
				require.NoError(t, err)
				if v.clip {
					require.NoError(t, ClipInto(want, want, -0.25, 0.5))
				}
				cp := c.p
				cp.Residual, cp.ResidualFirst = res, v.first
				if v.clip {
					cp.Clip, cp.ClipLo, cp.ClipHi = true, -0.25, 0.5
				}
				y, err := Alloc(F32, plain.shape)
				require.NoError(t, err)
				require.NoError(t, Conv2DInto(y, x, w, bias, cp))
				requireSameBits(t, want.data.([]float32), y.data.([]float32))

				pw, err := PackConv2D(w, max(c.p.Groups, 1))
				require.NoError(t, err)
				clear(y.data.([]float32))
				require.NoError(t, Conv2DPackedInto(y, x, pw, bias, cp))
				requireSameBits(t, want.data.([]float32), y.data.([]float32))
			})
		}
	}
}

// keptSpan covers exactly the plane positions copyKeptColumns writes.
func TestKeptSpan(t *testing.T) {
	for _, d := range [][2]int{{7, 9}, {14, 16}, {5, 5}, {3, 7}} {
		ow, wq := d[0], d[1]
		const rows = 4
		for j0 := 0; j0 < rows*wq; j0++ {
			for j1 := j0 + 1; j1 <= rows*wq; j1++ {
				dst := make([]int, rows*ow)
				src := make([]int, j1-j0)
				for i := range src {
					src[i] = 1
				}
				copyKeptColumns(dst, src, j0, ow, wq)
				lo, hi := keptSpan(j0, j1, ow, wq)
				for i, x := range dst {
					require.Equal(t, x == 1, i >= lo && i < hi, "ow %d wq %d [%d,%d) at %d: span [%d,%d)", ow, wq, j0, j1, i, lo, hi)
				}
			}
		}
	}
}

// A residual of another shape or sharing the output's storage is refused.
func TestConvResidualChecks(t *testing.T) {
	x := MustFromSlice(F32, sh(1, 2, 4, 4), make([]float32, 32))
	w := MustFromSlice(F32, sh(3, 2, 1, 1), make([]float32, 6))
	y, err := Alloc(F32, sh(1, 3, 4, 4))
	require.NoError(t, err)
	bad := MustFromSlice(F32, sh(1, 3, 4, 3), make([]float32, 36))
	require.ErrorContains(t, Conv2DInto(y, x, w, nil, Conv2DParams{Residual: bad}), "residual")
	require.ErrorContains(t, Conv2DInto(y, x, w, nil, Conv2DParams{Residual: y}), "shares")
	_, err = Conv2D(x, w, nil, Conv2DParams{Residual: y})
	require.ErrorContains(t, err, "residual")
}
