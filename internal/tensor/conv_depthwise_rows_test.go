package tensor

import (
	"math"
	"math/rand/v2"
	"testing"
)

// The SIMD 3x3 rows (AVX where present, SSE, and the Go tail) equal the
// scalar window sums bit for bit at every row length, stride 1 and 2, on
// rows that end with the last window and rows that go on.
func TestDepthwiseRowsMatchScalar(t *testing.T) {
	r := rand.New(rand.NewPCG(61, 62))
	var w [9]float32
	for i := range w {
		w[i] = float32(r.NormFloat64())
	}
	for _, sw := range []int{1, 2} {
		for n := 1; n <= 90; n++ {
			span := (n-1)*sw + 3
			if n%2 == 0 {
				span++ // rows that go on past the last window
			}
			s := [3][]float32{make([]float32, span), make([]float32, span), make([]float32, span)}
			for _, row := range s {
				for i := range row {
					row[i] = float32(r.NormFloat64() * 100)
				}
			}
			out := make([]float32, n)
			dw3x3(out, s[0], s[1], s[2], 0, sw, 1, &w)
			for i := range out {
				acc := float32(0)
				for ki := range 3 {
					for kj := range 3 {
						acc += s[ki][i*sw+kj] * w[ki*3+kj]
					}
				}
				if math.Float32bits(out[i]) != math.Float32bits(acc) {
					t.Fatalf("stride %d, %d outputs: out[%d] = %g, scalar %g", sw, n, i, out[i], acc)
				}
			}
		}
	}
}
