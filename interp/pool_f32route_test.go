package interp

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/stretchr/testify/require"
)

// refMaxPool is max pooling by definition over float64 values: taps in
// order, the first NaN kept, the first of equal values kept.
func refMaxPool(v []float64, n, c, h, w int, g window, oh, ow int) []float64 {
	out := make([]float64, 0, n*c*oh*ow)
	for p := range n * c {
		for oy := range oh {
			for ox := range ow {
				m := math.Inf(-1)
				for ki := range g.kernel[0] {
					iy := oy*g.stride[0] - g.pads[0] + ki*g.dilation[0]
					for kj := range g.kernel[1] {
						ix := ox*g.stride[1] - g.pads[1] + kj*g.dilation[1]
						if iy < 0 || iy >= h || ix < 0 || ix >= w {
							continue
						}
						x := v[p*h*w+iy*w+ix]
						if m == m && (x > m || x != x) {
							m = x
						}
					}
				}
				out = append(out, m)
			}
		}
	}
	return out
}

// Max pooling of halves, bfloat16 and small integers through the float32
// kernel gives the definition's values (NaNs included).
func TestMaxPoolViaF32MatchesDefinition(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 120 {
		dt := []tensor.DType{tensor.F16, tensor.BF16, tensor.I8, tensor.U8, tensor.I16, tensor.U16}[trial%6]
		n, c, h, w := 1+r.IntN(2), 1+r.IntN(3), 1+r.IntN(12), 1+r.IntN(12)
		g := window{kernel: [2]int{1 + r.IntN(3), 1 + r.IntN(3)}, stride: [2]int{1 + r.IntN(2), 1 + r.IntN(2)},
			dilation: [2]int{1 + r.IntN(2), 1 + r.IntN(2)}, ceil: r.IntN(3) == 0}
		for i := range g.pads {
			g.pads[i] = r.IntN(3)
		}
		oh, ow, err := g.outSize(h, w)
		if err != nil || oh <= 0 || ow <= 0 {
			continue
		}
		vals := make([]float64, n*c*h*w)
		for i := range vals {
			switch dt {
			case tensor.I8:
				vals[i] = float64(r.IntN(256) - 128)
			case tensor.U8:
				vals[i] = float64(r.IntN(256))
			case tensor.I16:
				vals[i] = float64(r.IntN(65536) - 32768)
			case tensor.U16:
				vals[i] = float64(r.IntN(65536))
			default:
				vals[i] = float64(float32(r.NormFloat64()))
				if r.IntN(20) == 0 {
					vals[i] = math.NaN()
				}
			}
		}
		shape := []int64{int64(n), int64(c), int64(h), int64(w)}
		x, err := fromFloat64(dt, shape, vals)
		require.NoError(t, err)
		t.Run(fmt.Sprint(dt, shape, g), func(t *testing.T) {
			y, err := maxPool2D(x, g)
			require.NoError(t, err)
			want := refMaxPool(x.Values(), n, c, h, w, g, oh, ow)
			got := y.Values()
			require.Equal(t, len(want), len(got))
			for i := range want {
				if math.IsInf(want[i], -1) {
					if dt.IsInt() {
						lo, _ := dt.IntRange()
						require.Equal(t, float64(lo), got[i], "element %d", i)
					} else {
						require.True(t, math.IsInf(got[i], -1), "element %d", i)
					}
					continue
				}
				if math.IsNaN(want[i]) {
					require.True(t, math.IsNaN(got[i]), "element %d", i)
					continue
				}
				require.Equal(t, want[i], got[i], "element %d", i)
			}
		})
	}
}
