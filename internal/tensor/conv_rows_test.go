package tensor

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// The row kernels give the in-place path's bits: stems (3 channels,
// 3x3 and 7x7, stride 2), channel counts that take every block size,
// rows narrower and wider than one 32-column run, groups, batches,
// dilations, asymmetric pads, bias or none, a fused clip, NaNs,
// infinities and signed zeros among the inputs, one and three threads,
// through Conv2D and the prepacked Conv2DPackedInto.
func TestConvRowsMatchInPlace(t *testing.T) {
	if stem, err := convGeometry(sh(1, 3, 224, 224), sh(16, 3, 3, 3), Conv2DParams{Strides: [2]int{2, 2}}); err != nil || !convRowsOK(stem) {
		t.Skip("no row kernels on this CPU (or -tags purego)")
	}
	r := rand.New(rand.NewPCG(11, 12))
	pad1 := [4]int{1, 1, 1, 1}
	s2 := [2]int{2, 2}
	for _, c := range []struct {
		xs, ws []int64
		p      Conv2DParams
	}{
		{sh(1, 3, 64, 64), sh(16, 3, 3, 3), Conv2DParams{Strides: s2, Pads: pad1}},
		{sh(1, 3, 67, 71), sh(64, 3, 3, 3), Conv2DParams{Strides: s2}},
		{sh(1, 3, 70, 70), sh(64, 3, 7, 7), Conv2DParams{Strides: s2, Pads: [4]int{3, 3, 3, 3}}},
		{sh(2, 3, 50, 53), sh(32, 3, 3, 3), Conv2DParams{Strides: s2, Pads: pad1}},
		{sh(1, 4, 30, 97), sh(4, 4, 3, 3), Conv2DParams{Pads: [4]int{0, 2, 1, 0}}},
		{sh(1, 8, 26, 40), sh(20, 8, 3, 3), Conv2DParams{Pads: pad1}},
		{sh(1, 8, 28, 33), sh(28, 8, 3, 5), Conv2DParams{Dilations: [2]int{2, 1}, Pads: [4]int{2, 2, 2, 2}}},
		{sh(1, 6, 30, 30), sh(24, 3, 3, 3), Conv2DParams{Groups: 2, Pads: pad1}},
		{sh(1, 28, 26, 26), sh(8, 28, 3, 3), Conv2DParams{Pads: pad1}}, // K = 252: still one block
		{sh(1, 16, 40, 80), sh(12, 16, 1, 3), Conv2DParams{Strides: s2}},
	} {
		for _, th := range []int{1, 3} {
			for _, variant := range []string{"bias", "nobias", "clip"} {
				t.Run(fmt.Sprintf("%v/%v/%+v/%s/threads=%d", c.xs, c.ws, c.p, variant, th), func(t *testing.T) {
					defer SetThreads(SetThreads(th))
					nx, _ := NumElements(c.xs)
					nw, _ := NumElements(c.ws)
					xv := dwRandF32(r, int(nx))
					for i, v := range []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.Copysign(0, -1))} {
						xv[(i+1)*int(nx)/6] = v
					}
					x := MustFromSlice(F32, c.xs, xv)
					w := MustFromSlice(F32, c.ws, dwRandF32(r, int(nw)))
					var bias *Tensor
					p := c.p
					switch variant {
					case "bias", "clip":
						bias = MustFromSlice(F32, sh(c.ws[0]), dwRandF32(r, int(c.ws[0])))
					}
					if variant == "clip" {
						p.Clip, p.ClipLo, p.ClipHi = true, -0.25, 0.5
					}
					g, err := convGeometry(c.xs, c.ws, p)
					require.NoError(t, err)
					require.True(t, convRowsOK(g), "the case must take the row kernels")
					convRowsOff = true
					want, err := Conv2D(x, w, bias, p)
					convRowsOff = false
					require.NoError(t, err)
					got, err := Conv2D(x, w, bias, p)
					require.NoError(t, err)
					requireSameBits(t, want.data.([]float32), got.data.([]float32))

					pw, err := PackConv2D(w, max(p.Groups, 1))
					require.NoError(t, err)
					y, err := Alloc(F32, want.shape)
					require.NoError(t, err)
					require.NoError(t, Conv2DPackedInto(y, x, pw, bias, p))
					requireSameBits(t, want.data.([]float32), y.data.([]float32))
				})
			}
		}
	}
}

// Layers the product computes better keep it: 1x1 (the product writes
// the output directly), many weights, rows too narrow, a residual.
func TestConvRowsDeclined(t *testing.T) {
	for _, c := range []struct {
		xs, ws []int64
		p      Conv2DParams
	}{
		{sh(1, 16, 40, 48), sh(12, 16, 1, 1), Conv2DParams{Strides: [2]int{2, 2}}},
		{sh(1, 28, 30, 30), sh(128, 28, 3, 3), Conv2DParams{Pads: [4]int{1, 1, 1, 1}}},
		{sh(1, 8, 14, 14), sh(16, 8, 3, 3), Conv2DParams{Pads: [4]int{1, 1, 1, 1}}},
		{sh(1, 8, 30, 30), sh(18, 8, 3, 3), Conv2DParams{Pads: [4]int{1, 1, 1, 1}}},
	} {
		g, err := convGeometry(c.xs, c.ws, c.p)
		require.NoError(t, err)
		require.False(t, convRowsOK(g), "%v %v", c.xs, c.ws)
	}
	g, err := convGeometry(sh(1, 8, 30, 30), sh(16, 8, 3, 3), Conv2DParams{Pads: [4]int{1, 1, 1, 1}})
	require.NoError(t, err)
	g.res = make([]float32, 16*30*30)
	require.False(t, convRowsOK(g), "a residual")
}

// Block sizes: twelves, sixteen as two eights, a lone four on the
// four-row kernel, and every channel covered once.
func TestConvRowMR(t *testing.T) {
	for m, want := range map[int][]int{
		4: {4}, 8: {8}, 12: {12}, 16: {8, 8}, 20: {12, 8}, 24: {12, 12},
		28: {12, 8, 8}, 32: {12, 12, 8}, 64: {12, 12, 12, 12, 8, 8},
	} {
		var got []int
		for i0 := 0; i0 < m; {
			mr := convRowMR(m - i0)
			got = append(got, mr)
			i0 += mr
		}
		require.Equal(t, want, got, "m=%d", m)
	}
}

// The row kernels store only the run's columns: values around each
// output row's run are left as they were.
func TestConvRowsKeepNeighbours(t *testing.T) {
	g, err := convGeometry(sh(1, 3, 60, 60), sh(8, 3, 3, 3), Conv2DParams{Pads: [4]int{1, 1, 1, 1}, Strides: [2]int{2, 2}})
	require.NoError(t, err)
	if !convRowsOK(g) {
		t.Skip("no row kernels on this CPU (or -tags purego)")
	}
	r := rand.New(rand.NewPCG(13, 14))
	x := dwRandF32(r, 3*60*60)
	w := dwRandF32(r, 8*27)
	plane := g.oh * g.ow
	stride := plane + 37 // planes of a larger output, a gap after each
	out := make([]float32, 8*stride)
	for i := range out {
		out[i] = 7
	}
	conv2DInPlaceRows(g, x, w, nil, out, stride, nil)
	for i := range 8 {
		for j, v := range out[i*stride+plane : (i+1)*stride] {
			require.Equal(t, float32(7), v, "channel %d gap value %d", i, j)
		}
	}
}
