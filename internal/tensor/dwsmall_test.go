package tensor

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// The small-plane depthwise kernel gives the plane kernels' bits on every
// plane shape it takes, with NaNs, infinities and signed zeros in inputs
// and weights, with and without bias and clamp, on one and two threads,
// including a last plane at the very end of the input (the per-plane
// path's).
func TestDepthwiseSmallMatchesPlanes(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	special := []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), 0, float32(math.Copysign(0, -1))}
	val := func() float32 {
		if r.IntN(40) == 0 {
			return special[r.IntN(len(special))]
		}
		return float32(r.NormFloat64())
	}
	var took int
	for _, hw := range [][2]int{{7, 7}, {14, 14}, {4, 4}, {2, 8}, {14, 3}, {5, 11}, {8, 2}, {3, 14}} {
		for _, c := range []int{1, 5, 16, 17, 40} {
			for _, opt := range []int{0, 1, 2, 3} {
				h, wd := hw[0], hw[1]
				x := make([]float32, c*h*wd)
				for i := range x {
					x[i] = val()
				}
				w := make([]float32, c*9)
				for i := range w {
					w[i] = val()
				}
				xt, _ := FromSlice(F32, []int64{1, int64(c), int64(h), int64(wd)}, x)
				wt, _ := FromSlice(F32, []int64{int64(c), 1, 3, 3}, w)
				var bt *Tensor
				if opt&1 != 0 {
					b := make([]float32, c)
					for i := range b {
						b[i] = val()
					}
					bt, _ = FromSlice(F32, []int64{int64(c)}, b)
				}
				p := Conv2DParams{Pads: [4]int{1, 1, 1, 1}, Groups: c}
				if opt&2 != 0 {
					p.Clip, p.ClipLo, p.ClipHi = true, 0, 6
				}
				g, err := convGeometry(xt.shape, wt.shape, p)
				require.NoError(t, err)
				if dwSmallOK(g) {
					took++
				}
				for _, th := range []int{1, 2} {
					t.Run(fmt.Sprintf("%dx%dx%d/opt%d/t%d", c, h, wd, opt, th), func(t *testing.T) {
						prev := SetThreads(th)
						defer SetThreads(prev)
						dwSmallOff = true
						want, err := Conv2D(xt, wt, bt, p)
						dwSmallOff = false
						require.NoError(t, err)
						got, err := Conv2D(xt, wt, bt, p)
						require.NoError(t, err)
						requireSameBits(t, want.Float32s(), got.Float32s())
					})
				}
			}
		}
	}
	if took == 0 {
		t.Skip("no small-plane depthwise kernel on this CPU or build")
	}
}
