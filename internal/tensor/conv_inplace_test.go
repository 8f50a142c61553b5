package tensor

import (
	"fmt"
	"math"
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
		// Whole groups a thread (groupSplitWork): several images, strides.
		{sh(2, 64, 7, 7), sh(100, 16, 3, 3), Conv2DParams{Groups: 4, Pads: [4]int{1, 1, 1, 1}}},
		{sh(1, 48, 14, 14), sh(48, 16, 3, 3), Conv2DParams{Strides: [2]int{2, 2}, Groups: 3, Pads: [4]int{1, 1, 1, 1}}},
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

// A clip fused into the convolution gives the bits of the convolution
// followed by ClipInto, on every path: im2col, in place, pointwise,
// depthwise, prepacked; NaN inputs keep ClipInto's NaN rule.
func TestConvClipMatchesClipInto(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	pad1 := [4]int{1, 1, 1, 1}
	for _, c := range []struct {
		xs, ws []int64
		p      Conv2DParams
	}{
		{sh(1, 16, 20, 20), sh(40, 16, 3, 3), Conv2DParams{Pads: pad1}},
		{sh(1, 8, 15, 14), sh(10, 8, 3, 3), Conv2DParams{Strides: [2]int{2, 2}, Pads: pad1}},
		{sh(2, 24, 9, 9), sh(30, 24, 1, 1), Conv2DParams{}},
		{sh(1, 12, 16, 16), sh(12, 1, 3, 3), Conv2DParams{Groups: 12, Pads: pad1}},
		{sh(1, 12, 16, 16), sh(24, 1, 3, 3), Conv2DParams{Groups: 12, Strides: [2]int{2, 2}, Pads: pad1}},
		{sh(2, 6, 13, 11), sh(6, 1, 3, 3), Conv2DParams{Groups: 6, Pads: pad1}},
		{sh(1, 5, 7, 7), sh(5, 1, 3, 3), Conv2DParams{Groups: 5, Pads: pad1}},
		{sh(1, 5, 9, 19), sh(10, 1, 3, 3), Conv2DParams{Groups: 5, Strides: [2]int{2, 2}, Pads: pad1}},
		{sh(1, 0, 5, 5), sh(4, 0, 3, 3), Conv2DParams{Pads: pad1}}, // k = 0: y = clip(b)
	} {
		for _, im2col := range []bool{false, true} {
			t.Run(fmt.Sprintf("%v/%v/im2col=%v", c.xs, c.ws, im2col), func(t *testing.T) {
				defer func() { convForceIm2col = false }()
				convForceIm2col = im2col
				nx, _ := NumElements(c.xs)
				nw, _ := NumElements(c.ws)
				xv := dwRandF32(r, int(nx))
				if nx > 3 {
					xv[3] = float32(math.NaN())
				}
				x := MustFromSlice(F32, c.xs, xv)
				w := MustFromSlice(F32, c.ws, dwRandF32(r, int(nw)))
				bias := MustFromSlice(F32, sh(c.ws[0]), dwRandF32(r, int(c.ws[0])))
				plain, err := Conv2D(x, w, bias, c.p)
				require.NoError(t, err)
				want, err := Alloc(F32, plain.shape)
				require.NoError(t, err)
				require.NoError(t, ClipInto(want, plain, -0.25, 0.5))

				cp := c.p
				cp.Clip, cp.ClipLo, cp.ClipHi = true, -0.25, 0.5
				got, err := Conv2D(x, w, bias, cp)
				require.NoError(t, err)
				requireSameBits(t, want.data.([]float32), got.data.([]float32))

				pw, err := PackConv2D(w, max(c.p.Groups, 1))
				require.NoError(t, err)
				y, err := Alloc(F32, plain.shape)
				require.NoError(t, err)
				require.NoError(t, Conv2DPackedInto(y, x, pw, bias, cp))
				requireSameBits(t, want.data.([]float32), y.data.([]float32))
			})
		}
	}
	cp := Conv2DParams{Clip: true, ClipLo: 1, ClipHi: 0}
	_, err := Conv2D(MustFromSlice(F32, sh(1, 1, 3, 3), make([]float32, 9)), MustFromSlice(F32, sh(1, 1, 1, 1), []float32{1}), nil, cp)
	require.ErrorContains(t, err, "clip min 1 > max 0")
}

func requireSameBits(t *testing.T, want, got []float32) {
	t.Helper()
	require.Equal(t, len(want), len(got))
	for i := range want {
		require.Equal(t, math.Float32bits(want[i]), math.Float32bits(got[i]), "element %d: %v vs %v", i, want[i], got[i])
	}
}

// Pads and dilations far beyond the image keep the im2col path, whose
// memory follows the output, not the padded window.
func TestConvInPlaceBounded(t *testing.T) {
	g, err := convGeometry(sh(1, 64, 3, 3), sh(8, 64, 3, 3), Conv2DParams{Dilations: [2]int{1000, 1000}, Pads: [4]int{1000, 1000, 1000, 1000}})
	require.NoError(t, err)
	require.False(t, convInPlaceOK(g))
	g, err = convGeometry(sh(1, 64, 56, 56), sh(64, 64, 3, 3), Conv2DParams{Pads: [4]int{1, 1, 1, 1}})
	require.NoError(t, err)
	require.Equal(t, kernF32.runInd != nil, convInPlaceOK(g))
}

// evenF32Fast copies every other value as the scalar loop does, only
// while a block's 16 source values lie in src, and leaves the rest.
func TestEvenF32Fast(t *testing.T) {
	for _, n := range []int{0, 3, 8, 15, 16, 17, 57, 113} {
		for _, extra := range []int{-1, 0, 1} {
			src := make([]float32, max(0, 2*n+extra))
			for i := range src {
				src[i] = float32(i) + 0.5
			}
			dst := make([]float32, n)
			done := evenF32Fast(dst, src)
			if done%8 != 0 || done > n || 2*done > len(src) {
				t.Fatalf("n %d src %d: did %d values", n, len(src), done)
			}
			for i := range done {
				if dst[i] != src[2*i] {
					t.Fatalf("n %d src %d: dst[%d] = %v, want %v", n, len(src), i, dst[i], src[2*i])
				}
			}
			for i := done; i < n; i++ {
				if dst[i] != 0 {
					t.Fatalf("n %d src %d: dst[%d] written past what it reported", n, len(src), i)
				}
			}
		}
	}
}
