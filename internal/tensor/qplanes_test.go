package tensor

import (
	"fmt"
	"math/rand"
	"testing"
)

// Quad planes give the packed-panel path's bytes: windows with and
// without dilation at strides 1 and 2 (and mixed), asymmetric pads,
// channel counts off the quads, groups, batches, rows around the 16-word
// steps, int8 and uint8 inputs with zero points at both ends, and two
// threads splitting the rows.
func TestConvQuadPlanesMatchPanels(t *testing.T) {
	if kernU8S8.runInd == nil {
		t.Skip("no offset-reading quad kernel on this CPU (or -tags purego)")
	}
	rng := rand.New(rand.NewSource(24))
	type shape struct{ n, c, m, h, w, kh, kw, dil, groups, sh, sw int }
	shapes := []shape{
		{1, 16, 32, 56, 56, 3, 3, 1, 1, 1, 1},
		{1, 5, 12, 7, 7, 3, 3, 1, 1, 1, 1},
		{2, 33, 8, 14, 15, 3, 3, 1, 1, 1, 1},
		{1, 12, 24, 17, 31, 5, 5, 1, 1, 1, 1},
		{1, 8, 16, 13, 19, 3, 3, 2, 1, 1, 1},
		{1, 32, 32, 9, 9, 3, 3, 1, 2, 1, 1},
		{1, 7, 4, 6, 40, 1, 3, 1, 1, 1, 1},
		{1, 10, 12, 17, 17, 7, 1, 1, 1, 1, 1}, // no extended columns (inception's 7x1)
		{1, 64, 64, 56, 56, 3, 3, 1, 1, 1, 1}, // large enough to split by rows
		{1, 16, 32, 56, 56, 3, 3, 1, 1, 2, 2},
		{2, 6, 8, 15, 14, 3, 3, 1, 1, 2, 2},
		{1, 20, 16, 28, 28, 1, 1, 1, 1, 2, 2},
		{1, 9, 12, 17, 19, 5, 3, 2, 1, 2, 1},
		{1, 32, 64, 13, 13, 3, 3, 1, 2, 1, 2},
		{1, 64, 128, 56, 56, 3, 3, 1, 1, 2, 2}, // split by rows
	}
	for si, s := range shapes {
		for trial := range 4 {
			xdt := []DType{U8, I8}[trial%2]
			x := randInts(rng, xdt, []int64{int64(s.n), int64(s.c), int64(s.h), int64(s.w)})
			w := randInts(rng, I8, []int64{int64(s.m), int64(s.c / s.groups), int64(s.kh), int64(s.kw)})
			xz := map[DType][]int32{U8: {0, 255}, I8: {-128, 127}}[xdt][trial/2]
			p := Conv2DParams{Pads: [4]int{s.kh / 2, s.kw / 2, s.kh / 2, s.kw / 2}, Groups: s.groups, Dilations: [2]int{s.dil, s.dil},
				Strides: [2]int{s.sh, s.sw}}
			if trial == 1 {
				p.Pads = [4]int{0, s.kw - 1, s.kh - 1, 0}
			}
			shape, err := ConvIntegerOutShape(x.shape, w.shape, p)
			if err != nil {
				t.Fatal(err)
			}
			g, err := convGeometry(x.shape, w.shape, p)
			if err != nil {
				t.Fatal(err)
			}
			if !quadPlanesOK(g, true) {
				t.Fatalf("shape %d: quad planes not taken", si)
			}
			r := &Requantizer{Scale: []float32{0.0031}, Bias: make([]int32, s.m), Zero: 11, Min: 0, Max: 255}
			for i := range r.Bias {
				r.Bias[i] = int32(rng.Intn(2001) - 1000)
			}
			n, _ := NumElements(shape)
			pw, err := PackConvInteger(w, nil, s.groups)
			if err != nil {
				t.Fatal(err)
			}
			for _, th := range []int{1, 2} {
				for _, packed := range []*PackedConvInteger{nil, pw} {
					name := fmt.Sprintf("shape %d trial %d threads %d packed %v", si, trial, th, packed != nil)
					prev := SetThreads(th)
					run := func(off bool) []uint8 {
						quadPlanesOff = off
						defer func() { quadPlanesOff = false }()
						y := New(U8, shape...)
						if err := ConvIntegerRequantInto(y, make([]int32, n), x, xz, w, nil, packed, p, r); err != nil {
							t.Fatal(err)
						}
						return y.data.([]uint8)
					}
					want, got := run(true), run(false)
					SetThreads(prev)
					for i := range want {
						if got[i] != want[i] {
							t.Fatalf("%s: element %d = %d, panels give %d", name, i, got[i], want[i])
						}
					}
				}
			}
		}
	}
}
