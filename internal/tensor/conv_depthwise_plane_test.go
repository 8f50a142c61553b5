package tensor

import (
	"math"
	"math/rand/v2"
	"testing"
)

// The AVX-512 plane kernels give the padded block kernels' bits (NaN from
// an infinite weight times padding included, none from NaN next to the
// plane) and the scalar reference's
// on finite values, at strides 1 and 2, every pad up to the row's width,
// widths across several 16-wide segments, any row range, bias and clamp.
func TestDepthwisePlaneKernels(t *testing.T) {
	if !havePlaneKernels() {
		t.Skip("no AVX-512 on this CPU")
	}
	// Hundreds of geometries would fill the bounded plan caches, which
	// the allocation tests expect to have room.
	t.Cleanup(func() {
		dwPlanePlans.reset()
		dwPlans.reset()
	})
	r := rand.New(rand.NewPCG(81, 82))
	for it := range 400 {
		h, w := 1+r.IntN(20), 1+r.IntN(70)
		sh, sw := 1+r.IntN(3), 1+r.IntN(2)
		p := Conv2DParams{Groups: 1, Strides: [2]int{sh, sw},
			Pads: [4]int{r.IntN(3), min(r.IntN(3), w), r.IntN(3), r.IntN(3)}}
		if it%3 == 0 {
			p.Clip, p.ClipLo, p.ClipHi = true, -0.5, 1.5
		}
		g, err := convGeometry(sh4(1, 1, h, w), sh4(1, 1, 3, 3), p)
		if err != nil {
			continue
		}
		pp := dwPlanePlanFor(g)
		plan := dwBlockPlanFor(g, g.oh)
		if pp == nil || plan == nil {
			t.Fatalf("%+v: no plane or block plan", p)
		}
		x := dwRandF32(r, h*w)
		wt := dwRandF32(r, 9)
		finite := it%5 != 0
		if !finite {
			wt[r.IntN(9)] = float32(math.Inf(1 - 2*r.IntN(2)))
		}
		var bias []float32
		if it%2 == 0 {
			bias = []float32{float32(r.NormFloat64())}
		}
		var ep dwEpilogue
		ep.set(g, bias, 0)
		want := make([]float32, g.oh*g.ow)
		dwRowsBlocks(g, x, nil, wt, want, 0, g.oh, plan, &ep)
		r0 := r.IntN(g.oh)
		r1 := r0 + 1 + r.IntN(g.oh-r0)
		got := make([]float32, g.oh*g.ow)
		for i := range got {
			got[i] = 12345
		}
		// The plane inside NaN: what the loads reach around it must be
		// zeroed like padding.
		buf := make([]float32, pp.before+len(x)+pp.after)
		for i := range buf {
			buf[i] = float32(math.NaN())
		}
		copy(buf[pp.before:], x)
		dwPlaneRows(g, buf, pp.before, wt, got, r0, r1, pp, &ep)
		for i, v := range got {
			row := i / g.ow
			if row < r0 || row >= r1 {
				if v != 12345 {
					t.Fatalf("%+v h%d w%d: wrote element %d outside rows [%d, %d)", p, h, w, i, r0, r1)
				}
				continue
			}
			if math.Float32bits(v) != math.Float32bits(want[i]) && !(v != v && want[i] != want[i]) {
				t.Fatalf("%+v h%d w%d: element %d = %g, block kernels %g", p, h, w, i, v, want[i])
			}
		}
		if !finite {
			continue
		}
		ref := dwReference(g, x, wt, bias)
		for i := r0 * g.ow; i < r1*g.ow; i++ {
			if g.clip {
				ref[i] = max(g.clipLo, min(g.clipHi, ref[i]))
			}
			if math.Float32bits(got[i]) != math.Float32bits(ref[i]) {
				t.Fatalf("%+v h%d w%d: element %d = %g, reference %g", p, h, w, i, got[i], ref[i])
			}
		}
	}
}

func sh4(a, b, c, d int) []int64 { return sh(int64(a), int64(b), int64(c), int64(d)) }
