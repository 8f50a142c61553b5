package tensor

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func arange(dt DType, shape ...int64) *Tensor {
	n, _ := NumElements(shape)
	v := make([]float64, n)
	for i := range v {
		v[i] = float64(i + 1)
	}
	return MustValues(dt, shape, v...)
}

func TestMaxPool2D(t *testing.T) {
	y, err := MaxPool2D(arange(F32, 1, 1, 4, 4), Pool2DParams{Kernel: [2]int{2, 2}, Strides: [2]int{2, 2}})
	require.NoError(t, err)
	requireValues(t, []float64{6, 8, 14, 16}, y)

	x5 := arange(F32, 1, 1, 5, 5)
	y, err = MaxPool2D(x5, Pool2DParams{Kernel: [2]int{2, 2}, Strides: [2]int{2, 2}})
	require.NoError(t, err)
	requireValues(t, []float64{7, 9, 17, 19}, y)
	y, err = MaxPool2D(x5, Pool2DParams{Kernel: [2]int{2, 2}, Strides: [2]int{2, 2}, CeilMode: true})
	require.NoError(t, err)
	assert.Equal(t, sh(1, 1, 3, 3), y.Shape())
	requireValues(t, []float64{7, 9, 10, 17, 19, 20, 22, 24, 25}, y)

	// Ceil mode drops a window that would start in the end padding.
	y, err = MaxPool2D(x5, Pool2DParams{Kernel: [2]int{2, 2}, Strides: [2]int{2, 2}, Pads: [4]int{1, 1, 1, 1}, CeilMode: true})
	require.NoError(t, err)
	assert.Equal(t, sh(1, 1, 3, 3), y.Shape())
	requireValues(t, []float64{1, 3, 5, 11, 13, 15, 21, 23, 25}, y)

	// Dilation 2.
	y, err = MaxPool2D(arange(F32, 1, 1, 4, 4), Pool2DParams{Kernel: [2]int{2, 2}, Dilations: [2]int{2, 2}})
	require.NoError(t, err)
	requireValues(t, []float64{11, 12, 15, 16}, y)

	// Padding with negative inputs: padding never wins.
	neg := vals(F32, sh(1, 1, 2, 2), -1, -2, -3, -4)
	y, err = MaxPool2D(neg, Pool2DParams{Kernel: [2]int{2, 2}, Pads: [4]int{1, 1, 1, 1}})
	require.NoError(t, err)
	requireValues(t, []float64{-1, -1, -2, -1, -1, -2, -3, -3, -4}, y)

	// NaN never wins (ONNX Runtime behaviour).
	y, err = MaxPool2D(vals(F32, sh(1, 1, 1, 2), math.NaN(), 1), Pool2DParams{Kernel: [2]int{1, 2}})
	require.NoError(t, err)
	requireValues(t, []float64{1}, y)

	// int8 and f16
	yi, err := MaxPool2D(MustFromSlice(I8, sh(1, 1, 1, 3), []int8{-5, 3, -128}), Pool2DParams{Kernel: [2]int{1, 2}})
	require.NoError(t, err)
	assert.Equal(t, []int64{3, 3}, yi.IntValues())
	yh, err := MaxPool2D(vals(F16, sh(1, 1, 1, 2), 1, 2), Pool2DParams{Kernel: [2]int{1, 2}})
	require.NoError(t, err)
	assert.Equal(t, F16, yh.DType())
	requireValues(t, []float64{2}, yh)

	_, err = MaxPool2D(x5, Pool2DParams{Kernel: [2]int{6, 1}})
	assert.Error(t, err)
	_, err = MaxPool2D(New(F32, 5, 5), Pool2DParams{Kernel: [2]int{1, 1}})
	assert.Error(t, err)
	_, err = MaxPool2D(x5, Pool2DParams{})
	assert.Error(t, err)
}

func TestAvgPool2D(t *testing.T) {
	x5 := arange(F32, 1, 1, 5, 5)
	for _, inc := range []bool{false, true} {
		y, err := AvgPool2D(x5, Pool2DParams{Kernel: [2]int{2, 2}, Strides: [2]int{2, 2}, CeilMode: true, CountIncludePad: inc})
		require.NoError(t, err)
		// Windows hanging past the end (ceil mode) average only the real
		// taps, with or without count_include_pad (no explicit pads).
		requireValues(t, []float64{4, 6, 7.5, 14, 16, 17.5, 21.5, 23.5, 25}, y)
	}
	ones := vals(F32, sh(1, 1, 3, 3), 1, 1, 1, 1, 1, 1, 1, 1, 1)
	p := Pool2DParams{Kernel: [2]int{3, 3}, Pads: [4]int{1, 1, 1, 1}}
	y, err := AvgPool2D(ones, p)
	require.NoError(t, err)
	requireValues(t, []float64{1, 1, 1, 1, 1, 1, 1, 1, 1}, y)
	p.CountIncludePad = true
	y, err = AvgPool2D(ones, p)
	require.NoError(t, err)
	requireClose(t, []float64{4.0 / 9, 6.0 / 9, 4.0 / 9, 6.0 / 9, 1, 6.0 / 9, 4.0 / 9, 6.0 / 9, 4.0 / 9}, y, 1e-7)
	// Ceil mode with padding and count_include_pad: the divisor stops at
	// the end padding. in=5, k=3, s=2, pads 1/1 -> 3 outputs; the last
	// window covers [3, 6) and the padded input ends at 6.
	y, err = AvgPool2D(vals(F32, sh(1, 1, 1, 5), 1, 2, 3, 4, 5), Pool2DParams{Kernel: [2]int{1, 3}, Strides: [2]int{1, 2},
		Pads: [4]int{0, 1, 0, 1}, CeilMode: true, CountIncludePad: true})
	require.NoError(t, err)
	requireClose(t, []float64{3.0 / 3, 9.0 / 3, 9.0 / 3}, y, 1e-7)
	_, err = AvgPool2D(MustFromSlice(I8, sh(1, 1, 1, 1), []int8{1}), Pool2DParams{Kernel: [2]int{1, 1}})
	assert.Error(t, err)
}

// torchAvgPool is PyTorch's avg_pool2d divisor logic (dilation 1).
func torchAvgPool(x []float64, h, w int, p Pool2DParams, oh, ow int) []float64 {
	out := make([]float64, oh*ow)
	for i := range oh {
		for j := range ow {
			hs := i*p.Strides[0] - p.Pads[0]
			ws := j*p.Strides[1] - p.Pads[1]
			he := min(hs+p.Kernel[0], h+p.Pads[2])
			we := min(ws+p.Kernel[1], w+p.Pads[3])
			pool := (he - hs) * (we - ws)
			hs, ws = max(hs, 0), max(ws, 0)
			he, we = min(he, h), min(we, w)
			s := 0.0
			for a := hs; a < he; a++ {
				for b := ws; b < we; b++ {
					s += x[a*w+b]
				}
			}
			if !p.CountIncludePad {
				pool = (he - hs) * (we - ws)
			}
			out[i*ow+j] = s / float64(pool)
		}
	}
	return out
}

func TestAvgPoolAgainstTorchRule(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	for it := range 300 {
		h, w := 1+r.IntN(9), 1+r.IntN(9)
		kh, kw := 1+r.IntN(min(h, 4)), 1+r.IntN(min(w, 4))
		p := Pool2DParams{Kernel: [2]int{kh, kw}, Strides: [2]int{1 + r.IntN(3), 1 + r.IntN(3)},
			Pads:     [4]int{r.IntN(kh/2 + 1), r.IntN(kw/2 + 1), r.IntN(kh/2 + 1), r.IntN(kw/2 + 1)},
			CeilMode: r.IntN(2) == 0, CountIncludePad: r.IntN(2) == 0}
		x := MustFromSlice(F64, sh(1, 1, int64(h), int64(w)), randF64(r, h*w))
		y, err := AvgPool2D(x, p)
		require.NoError(t, err, "case %d: %+v", it, p)
		want := torchAvgPool(x.Values(), h, w, p, int(y.Dim(2)), int(y.Dim(3)))
		require.Equal(t, len(want), y.Len())
		for i, v := range y.Values() {
			require.InDelta(t, want[i], v, 1e-12, fmt.Sprintf("case %d %dx%d %+v element %d", it, h, w, p, i))
		}
	}
}

func randF64(r *rand.Rand, n int) []float64 {
	s := make([]float64, n)
	for i := range s {
		s[i] = r.NormFloat64()
	}
	return s
}

func TestGlobalPools(t *testing.T) {
	x := arange(F32, 1, 2, 2, 2)
	y, err := GlobalAvgPool(x)
	require.NoError(t, err)
	assert.Equal(t, sh(1, 2, 1, 1), y.Shape())
	requireValues(t, []float64{2.5, 6.5}, y)
	y, err = GlobalMaxPool(x)
	require.NoError(t, err)
	requireValues(t, []float64{4, 8}, y)
	_, err = GlobalAvgPool(New(F32, 2, 2))
	assert.Error(t, err)
}

// The whole-plane average pool gives the scalar loop's bits: pads (none,
// asymmetric, wider than the window), dilations, ceil mode's overhanging
// windows, both divisor rules, NaNs, infinities and signed zeros (a
// window of −0s averages to +0 both ways).
func TestAvgPoolFlatMatchesScalar(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	for _, c := range []struct {
		xs []int64
		p  Pool2DParams
	}{
		{sh(1, 5, 37, 37), Pool2DParams{Kernel: [2]int{3, 3}}},
		{sh(2, 3, 17, 19), Pool2DParams{Kernel: [2]int{3, 3}, Pads: [4]int{1, 1, 1, 1}}},
		{sh(1, 4, 8, 9), Pool2DParams{Kernel: [2]int{5, 3}, Pads: [4]int{2, 0, 1, 3}}},
		{sh(1, 2, 12, 11), Pool2DParams{Kernel: [2]int{3, 2}, Dilations: [2]int{2, 3}, Pads: [4]int{2, 1, 2, 1}}},
		{sh(1, 3, 9, 10), Pool2DParams{Kernel: [2]int{4, 4}, Pads: [4]int{1, 1, 2, 2}, CeilMode: true}},
		{sh(1, 2, 3, 3), Pool2DParams{Kernel: [2]int{2, 2}, Pads: [4]int{1, 1, 1, 1}}},
		{sh(1, 1, 1, 40), Pool2DParams{Kernel: [2]int{1, 7}, Pads: [4]int{0, 3, 0, 3}}},
		{sh(1, 6, 56, 56), Pool2DParams{Kernel: [2]int{2, 2}, Strides: [2]int{2, 2}}},
		{sh(2, 3, 15, 17), Pool2DParams{Kernel: [2]int{3, 3}, Strides: [2]int{2, 2}, Pads: [4]int{1, 1, 1, 1}}},
		{sh(1, 2, 15, 17), Pool2DParams{Kernel: [2]int{3, 2}, Strides: [2]int{2, 3}, CeilMode: true, Pads: [4]int{0, 1, 1, 0}}},
		{sh(1, 2, 19, 13), Pool2DParams{Kernel: [2]int{3, 3}, Strides: [2]int{3, 1}, Dilations: [2]int{2, 1}, Pads: [4]int{2, 1, 2, 1}}},
		{sh(1, 2, 20, 20), Pool2DParams{Kernel: [2]int{2, 2}, Strides: [2]int{5, 5}}},
	} {
		for _, inc := range []bool{false, true} {
			p := c.p
			p.CountIncludePad = inc
			g, err := poolGeometry(c.xs, p)
			require.NoError(t, err)
			require.True(t, avgPoolFlatOK(g), "%+v must take the flat path", p)
			n, _ := NumElements(c.xs)
			xv := make([]float32, n)
			for i := range xv {
				xv[i] = float32(r.NormFloat64())
			}
			specials := []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1))}
			for i, v := range specials {
				xv[(i+1)*int(n)/5] = v
			}
			// A whole window's worth of −0 at the start.
			for i := range min(int(n), 3*int(c.xs[3])) {
				xv[i] = float32(math.Copysign(0, -1))
			}
			want := make([]float32, g.n*g.c*g.oh*g.ow)
			avgPool(g, xv, want, inc)
			got, err := AvgPool2D(MustFromSlice(F32, c.xs, xv), p)
			require.NoError(t, err)
			requireSameBits(t, want, got.Float32s())
		}
	}
	// Pads far beyond the input keep the scalar loop.
	g, err := poolGeometry(sh(1, 1, 8, 8), Pool2DParams{Kernel: [2]int{2, 2}, Pads: [4]int{500, 500, 500, 500}})
	require.NoError(t, err)
	require.False(t, avgPoolFlatOK(g))
}
