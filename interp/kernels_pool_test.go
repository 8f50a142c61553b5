package interp

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mlc-go/mlc/internal/tensor"
)

// TestMaxPool2DF32MatchesF64: the float32 path of maxPool2D gives what the
// float64 path gives on the same values (NaNs win and stay, padding never
// wins, the first of equal values (±0) is kept), on random geometry.
func TestMaxPool2DF32MatchesF64(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	for k := range 200 {
		n, c, h, w := 1+r.IntN(2), 1+r.IntN(3), 1+r.IntN(9), 1+r.IntN(9)
		g := window{
			kernel:   [2]int{1 + r.IntN(3), 1 + r.IntN(3)},
			stride:   [2]int{1 + r.IntN(3), 1 + r.IntN(3)},
			dilation: [2]int{1 + r.IntN(2), 1 + r.IntN(2)},
			ceil:     r.IntN(2) == 0,
		}
		for i := range g.pads {
			g.pads[i] = r.IntN(2)
		}
		if _, _, err := g.outSize(h, w); err != nil {
			continue
		}
		vals := make([]float32, n*c*h*w)
		for i := range vals {
			switch r.IntN(10) {
			case 0:
				vals[i] = float32(math.NaN())
			case 1:
				vals[i] = float32(math.Copysign(0, -1))
			case 2:
				vals[i] = 0
			default:
				vals[i] = float32(r.NormFloat64())
			}
		}
		shape := []int64{int64(n), int64(c), int64(h), int64(w)}
		x32, err := tensor.FromSlice(tensor.F32, shape, vals)
		if err != nil {
			t.Fatal(err)
		}
		x64, err := tensor.Cast(x32, tensor.F64)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(fmt.Sprint(k), func(t *testing.T) {
			y32, err := maxPool2D(x32, g)
			if err != nil {
				t.Fatal(err)
			}
			y64, err := maxPool2D(x64, g)
			if err != nil {
				t.Fatal(err)
			}
			a, b := y32.Float32s(), y64.Float64s()
			if len(a) != len(b) {
				t.Fatalf("%d vs %d outputs", len(a), len(b))
			}
			for i := range a {
				want := float32(b[i])
				if a[i] != a[i] && want != want {
					continue
				}
				if math.Float32bits(a[i]) != math.Float32bits(want) {
					t.Fatalf("output %d: f32 path %g, f64 path %g (geometry %+v, input %dx%dx%dx%d)", i, a[i], want, g, n, c, h, w)
				}
			}
		})
	}
}
