package tensor

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// The phase planes written by phaseRowsFast are the row-by-row loop's,
// over strides 1 to 3, pads wider than a vector and than the image,
// dilations, widths around the 16-value chunks, and planes no tap reads
// (left as they were).
func TestPhasePlanesFastMatchesLoop(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 1))
	type geom struct {
		c, h, w, kh, kw, sh, sw, dh, dw int
		pads                            [4]int
	}
	cases := []geom{
		{3, 7, 7, 3, 3, 1, 1, 1, 1, [4]int{1, 1, 1, 1}},
		{2, 112, 112, 3, 3, 2, 2, 1, 1, [4]int{1, 1, 1, 1}},
		{2, 15, 14, 1, 1, 2, 2, 1, 1, [4]int{}},
		{1, 33, 47, 7, 7, 2, 2, 1, 1, [4]int{3, 3, 3, 3}},
		{2, 9, 31, 3, 3, 1, 2, 2, 1, [4]int{0, 17, 2, 18}},
		{1, 6, 6, 2, 2, 3, 3, 1, 1, [4]int{5, 5, 5, 5}},
		{1, 4, 40, 3, 5, 1, 1, 1, 3, [4]int{1, 20, 1, 2}},
	}
	for range 40 {
		cases = append(cases, geom{1 + r.IntN(3), 1 + r.IntN(40), 1 + r.IntN(70), 1 + r.IntN(5), 1 + r.IntN(5),
			1 + r.IntN(3), 1 + r.IntN(3), 1 + r.IntN(2), 1 + r.IntN(2),
			[4]int{r.IntN(4), r.IntN(20), r.IntN(4), r.IntN(20)}})
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%+v", c), func(t *testing.T) {
			xs, ws := sh(1, int64(c.c), int64(c.h), int64(c.w)), sh(1, int64(c.c), int64(c.kh), int64(c.kw))
			g, err := convGeometry(xs, ws, Conv2DParams{Strides: [2]int{c.sh, c.sw}, Dilations: [2]int{c.dh, c.dw}, Pads: c.pads})
			if err != nil {
				t.Skip(err)
			}
			g.serial = true
			hq := g.oh + (g.kh-1)*g.dh/g.sh
			wq := g.ow + (g.kw-1)*g.dw/g.sw
			n := g.cg*g.sh*g.sw*hq*wq + wq + 16
			x := dwRandF32(r, c.c*c.h*c.w)
			want, got := make([]float32, n), make([]float32, n)
			for i := range want {
				want[i] = float32(math.NaN())
				got[i] = want[i]
			}
			phaseRowsOff = true
			phasePlanes(g, x, want, hq, wq)
			phaseRowsOff = false
			phasePlanes(g, x, got, hq, wq)
			for i := range want {
				if math.Float32bits(want[i]) != math.Float32bits(got[i]) {
					require.Failf(t, "planes differ", "value %d: want %v, got %v", i, want[i], got[i])
				}
			}
		})
	}
}
