package tensor

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// The blocked depthwise kernels give the per-plane path's bits on random
// geometries (kernel sizes, strides, dilations and pads, channel counts
// that leave a partial block, several images), with NaNs, infinities and
// signed zeros in inputs, weights and biases, with and without bias and
// clamp, on one and two threads.
func TestDepthwiseBlockedMatchesPlanes(t *testing.T) {
	r := rand.New(rand.NewPCG(61, 62))
	special := []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), 0, float32(math.Copysign(0, -1))}
	val := func() float32 {
		if r.IntN(60) == 0 {
			return special[r.IntN(len(special))]
		}
		return float32(r.NormFloat64())
	}
	vals := func(n int) []float32 {
		v := make([]float32, n)
		for i := range v {
			v[i] = val()
		}
		return v
	}
	fixed := []struct{ c, h, w, k, s, d, pad int }{
		{1152, 7, 7, 5, 1, 1, 2}, {672, 14, 14, 5, 2, 1, 2}, {960, 4, 4, 5, 1, 2, 4}, {24, 9, 30, 3, 1, 2, 2},
	}
	var took int
	for k := 0; k < 160; k++ {
		c, n := 1+r.IntN(40), 1+r.IntN(2)
		h, wd := 1+r.IntN(24), 1+r.IntN(24)
		kh, kw := 1+r.IntN(7), 1+r.IntN(7)
		p := Conv2DParams{
			Strides:   [2]int{1 + r.IntN(3), 1 + r.IntN(3)},
			Dilations: [2]int{1 + r.IntN(3), 1 + r.IntN(3)},
			Pads:      [4]int{r.IntN(5), r.IntN(5), r.IntN(5), r.IntN(5)},
		}
		if k < len(fixed) {
			f := fixed[k]
			c, n, h, wd, kh, kw = f.c, 1, f.h, f.w, f.k, f.k
			p = Conv2DParams{Strides: [2]int{f.s, f.s}, Dilations: [2]int{f.d, f.d}, Pads: [4]int{f.pad, f.pad, f.pad, f.pad}}
		}
		p.Groups = c
		if r.IntN(2) == 0 {
			p.Clip, p.ClipLo, p.ClipHi = true, 0, 6
		}
		xt, _ := FromSlice(F32, []int64{int64(n), int64(c), int64(h), int64(wd)}, vals(n*c*h*wd))
		wt, _ := FromSlice(F32, []int64{int64(c), 1, int64(kh), int64(kw)}, vals(c*kh*kw))
		var bt *Tensor
		if r.IntN(3) != 0 {
			bt, _ = FromSlice(F32, []int64{int64(c)}, vals(c))
		}
		g, err := convGeometry(xt.shape, wt.shape, p)
		if err != nil || !g.depthwise() {
			continue
		}
		if dwBlockedOK(g) {
			took++
		}
		for _, th := range []int{1, 2} {
			t.Run(fmt.Sprintf("%d/%dx%dx%dx%d/k%dx%d/%+v/t%d", k, n, c, h, wd, kh, kw, p, th), func(t *testing.T) {
				prev := SetThreads(th)
				defer SetThreads(prev)
				dwBlockedOff = true
				want, err := Conv2D(xt, wt, bt, p)
				dwBlockedOff = false
				require.NoError(t, err)
				got, err := Conv2D(xt, wt, bt, p)
				require.NoError(t, err)
				requireSameBits(t, want.Float32s(), got.Float32s())
			})
		}
	}
	if took == 0 {
		t.Skip("no blocked depthwise kernels on this CPU or build")
	}
}

// Max pooling through the blocked kernels keeps maxPool's rule (the
// first NaN of a window wins and stays, of equal values the first stays,
// taps outside the input never win, an empty window gives −Inf) on
// random geometries, ceil-mode tails included.
func TestMaxPoolBlockedMatchesScalar(t *testing.T) {
	r := rand.New(rand.NewPCG(63, 64))
	special := []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), 0, float32(math.Copysign(0, -1))}
	var took int
	for k := 0; k < 200; k++ {
		n, c := 1+r.IntN(2), 1+r.IntN(40)
		h, w := 1+r.IntN(20), 1+r.IntN(20)
		kh, kw := 1+r.IntN(5), 1+r.IntN(5)
		sh, sw, dh, dw := 1+r.IntN(3), 1+r.IntN(3), 1+r.IntN(2), 1+r.IntN(2)
		pt, pl := r.IntN(min(kh, 3)), r.IntN(min(kw, 3))
		// Output sizes up to two windows past the input (ceil mode).
		oh := max(1, (h+2*pt-(kh-1)*dh-1)/sh+1+r.IntN(2))
		ow := max(1, (w+2*pl-(kw-1)*dw-1)/sw+1+r.IntN(2))
		x := make([]float32, n*c*h*w)
		for i := range x {
			x[i] = float32(r.IntN(7)) // ties
			if r.IntN(30) == 0 {
				x[i] = special[r.IntN(len(special))]
			}
		}
		want := make([]float32, n*c*oh*ow)
		for p := range n * c {
			for oy := range oh {
				for ox := range ow {
					acc := float32(math.Inf(-1))
					for ki := range kh {
						iy := oy*sh - pt + ki*dh
						for kj := range kw {
							ix := ox*sw - pl + kj*dw
							if iy < 0 || iy >= h || ix < 0 || ix >= w {
								continue
							}
							if v := x[(p*h+iy)*w+ix]; !(v <= acc) && acc == acc {
								acc = v
							}
						}
					}
					want[(p*oh+oy)*ow+ox] = acc
				}
			}
		}
		for _, th := range []int{1, 2} {
			prev := SetThreads(th)
			got := make([]float32, len(want))
			ok := MaxPool2DBlockedF32(got, x, n, c, h, w, oh, ow, [2]int{kh, kw}, [2]int{sh, sw}, [2]int{dh, dw}, pt, pl)
			SetThreads(prev)
			if !ok {
				continue
			}
			took++
			for i := range want {
				if math.Float32bits(want[i]) != math.Float32bits(got[i]) {
					t.Fatalf("%d: %dx%dx%dx%d k%dx%d s%dx%d d%dx%d p%d,%d -> %dx%d, t%d: element %d = %v, want %v",
						k, n, c, h, w, kh, kw, sh, sw, dh, dw, pt, pl, oh, ow, th, i, got[i], want[i])
				}
			}
		}
	}
	if took == 0 {
		t.Skip("no blocked max pooling on this CPU or build")
	}
}
