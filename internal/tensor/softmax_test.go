package tensor

import (
	"math"
	"math/rand"
	"testing"
)

// softmaxRowF32's SIMD maximum leaves NaNs out as its loop does, and its
// four float64 lane sums are the loop's, bit for bit: rows of every
// length from 1 to 70 with NaNs, infinities, signed zeros and values
// whose sums round.
func TestSoftmaxRowKernelsMatchLoops(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	for trial := range 2000 {
		n := 1 + trial%70
		x := make([]float32, n)
		for i := range x {
			switch rng.Intn(20) {
			case 0:
				x[i] = float32(math.NaN())
			case 1:
				x[i] = float32(math.Inf(1 - 2*rng.Intn(2)))
			case 2:
				x[i] = float32(math.Copysign(0, float64(1-2*rng.Intn(2))))
			default:
				x[i] = float32(rng.NormFloat64() * math.Pow(10, float64(rng.Intn(60)-30)))
			}
		}
		if trial%3 == 0 { // all NaN or −Inf: the maximum is −Inf
			for i := range x {
				x[i] = []float32{float32(math.NaN()), float32(math.Inf(-1))}[i%2]
			}
		}
		want := float32(math.Inf(-1))
		for _, v := range x {
			if v > want {
				want = v
			}
		}
		if got, ok := rowMaxFast(x); ok && math.Float32bits(got) != math.Float32bits(want) && !(got == 0 && want == 0) {
			t.Fatalf("trial %d (n %d): max %v, want %v", trial, n, got, want)
		}
		var ws [4]float64
		for i := 0; i+4 <= n; i += 4 {
			for j := range 4 {
				ws[j] += float64(x[i+j])
			}
		}
		if got, ok := sum4Fast(x); ok {
			for j := range 4 {
				if math.Float64bits(got[j]) != math.Float64bits(ws[j]) && !(math.IsNaN(got[j]) && math.IsNaN(ws[j])) {
					t.Fatalf("trial %d (n %d): lane %d sum %v, want %v", trial, n, j, got[j], ws[j])
				}
			}
		}
	}
}
