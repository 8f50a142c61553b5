package tensor

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// The in-place path gives the im2col path's bits: same products,
// same order, over pads (asymmetric, wider than the kernel, none),
// dilations, groups, batches and thread counts, through Conv2D and the
// prepacked Conv2DPackedInto.
func TestConvInPlaceMatchesIm2col(t *testing.T) {
	if kernF32.runInd == nil {
		t.Skip("no offset-reading kernel on this CPU (or -tags purego)")
	}
	r := rand.New(rand.NewPCG(7, 8))
	for _, c := range []struct {
		xs, ws []int64
		p      Conv2DParams
	}{
		{sh(1, 16, 30, 30), sh(70, 16, 3, 3), Conv2DParams{Pads: [4]int{1, 1, 1, 1}}},
		{sh(2, 8, 7, 7), sh(13, 8, 3, 3), Conv2DParams{Pads: [4]int{1, 1, 1, 1}}},
		{sh(1, 8, 9, 11), sh(6, 8, 3, 5), Conv2DParams{Pads: [4]int{0, 2, 1, 0}}},
		{sh(1, 4, 12, 12), sh(8, 4, 3, 3), Conv2DParams{Dilations: [2]int{2, 3}, Pads: [4]int{2, 3, 2, 3}}},
		{sh(1, 12, 10, 10), sh(24, 3, 3, 3), Conv2DParams{Groups: 4, Pads: [4]int{1, 1, 1, 1}}},
		{sh(1, 5, 6, 6), sh(7, 5, 3, 3), Conv2DParams{}},
		{sh(1, 3, 5, 5), sh(4, 3, 2, 2), Conv2DParams{Pads: [4]int{4, 4, 4, 4}}},
		{sh(1, 3, 8, 8), sh(4, 3, 1, 1), Conv2DParams{Pads: [4]int{1, 0, 2, 3}}},
		{sh(1, 300, 6, 6), sh(9, 300, 3, 3), Conv2DParams{Pads: [4]int{1, 1, 1, 1}}}, // several kc blocks
		{sh(1, 3, 32, 32), sh(16, 3, 7, 7), Conv2DParams{Strides: [2]int{2, 2}, Pads: [4]int{3, 3, 3, 3}}},
		{sh(2, 8, 15, 14), sh(10, 8, 3, 3), Conv2DParams{Strides: [2]int{2, 2}, Pads: [4]int{1, 1, 1, 1}}},
		{sh(1, 8, 15, 14), sh(10, 8, 1, 1), Conv2DParams{Strides: [2]int{2, 2}}},
		{sh(1, 6, 17, 19), sh(4, 3, 3, 4), Conv2DParams{Strides: [2]int{3, 2}, Dilations: [2]int{2, 1}, Groups: 2, Pads: [4]int{2, 0, 1, 3}}},
		{sh(1, 4, 9, 9), sh(5, 4, 2, 2), Conv2DParams{Strides: [2]int{4, 4}, Pads: [4]int{5, 5, 5, 5}}},
	} {
		for _, th := range []int{1, 3} {
			t.Run(fmt.Sprintf("%v/%v/%+v/threads=%d", c.xs, c.ws, c.p, th), func(t *testing.T) {
				defer SetThreads(SetThreads(th))
				nx, _ := NumElements(c.xs)
				nw, _ := NumElements(c.ws)
				x := MustFromSlice(F32, c.xs, dwRandF32(r, int(nx)))
				w := MustFromSlice(F32, c.ws, dwRandF32(r, int(nw)))
				bias := MustFromSlice(F32, sh(c.ws[0]), dwRandF32(r, int(c.ws[0])))
				convForceIm2col = true
				want, err := Conv2D(x, w, bias, c.p)
				convForceIm2col = false
				require.NoError(t, err)
				got, err := Conv2D(x, w, bias, c.p)
				require.NoError(t, err)
				require.Equal(t, want.data, got.data)

				groups := max(c.p.Groups, 1)
				pw, err := PackConv2D(w, groups)
				require.NoError(t, err)
				y, err := Alloc(F32, want.shape)
				require.NoError(t, err)
				require.NoError(t, Conv2DPackedInto(y, x, pw, bias, c.p))
				require.Equal(t, want.data, y.data)
			})
		}
	}
}
