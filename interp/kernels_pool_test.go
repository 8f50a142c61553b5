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
//
// The last cases are images large enough for several threads (rows of
// planes are shared among them) and for the interior loops, the very last
// ones 3x3 windows (the SIMD rows), the last 50 ResNet's stride-2
// windows on planes of even sides (MaxPool3x3s2PlaneF32). Zeros of both signs are common, so
// that ties between them decide many windows.
func TestMaxPool2DF32MatchesF64(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	defer tensor.SetThreads(tensor.SetThreads(3))
	for k := range 340 {
		n, c, h, w := 1+r.IntN(2), 1+r.IntN(3), 1+r.IntN(9), 1+r.IntN(9)
		if k >= 200 {
			c, h, w = 1+r.IntN(8), 20+r.IntN(40), 20+r.IntN(40)
		}
		g := window{
			kernel:   [2]int{1 + r.IntN(3), 1 + r.IntN(3)},
			stride:   [2]int{1 + r.IntN(3), 1 + r.IntN(3)},
			dilation: [2]int{1 + r.IntN(2), 1 + r.IntN(2)},
			ceil:     r.IntN(2) == 0,
		}
		for i := range g.pads {
			g.pads[i] = r.IntN(2)
		}
		if k >= 260 { // the 3x3 rows with SIMD kernels (strides 1 and 2)
			g.kernel, g.dilation, g.stride[1] = [2]int{3, 3}, [2]int{1, 1}, 1+k%2
		}
		if k >= 290 { // ResNet's pooling on whole planes (even sides)
			h, w = 2+2*r.IntN(45), 2+2*r.IntN(45)
			g = window{kernel: [2]int{3, 3}, stride: [2]int{2, 2}, dilation: [2]int{1, 1}, pads: [4]int{1, 1, k % 2, r.IntN(2)}}
		}
		if _, _, err := g.outSize(h, w); err != nil {
			continue
		}
		// One NaN in ten values, one in a thousand or none: the SIMD rows
		// take another path for blocks without a NaN.
		nanOdds := []int{10, 1000, 0}[k%3]
		vals := make([]float32, n*c*h*w)
		for i := range vals {
			if nanOdds > 0 && r.IntN(nanOdds) == 0 {
				vals[i] = float32(math.NaN())
				continue
			}
			switch r.IntN(10) {
			case 0, 1:
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

// BenchmarkMaxPool2DF32 is ResNet's max pooling (3x3, stride 2, pad 1 on
// 1x64x112x112), one thread.
func BenchmarkMaxPool2DF32(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	x := make([]float32, 64*112*112)
	for i := range x {
		x[i] = float32(r.NormFloat64())
	}
	g := window{kernel: [2]int{3, 3}, stride: [2]int{2, 2}, dilation: [2]int{1, 1}, pads: [4]int{1, 1, 1, 1}}
	shape := []int64{1, 64, 56, 56}
	out := make([]float32, 64*56*56)
	defer tensor.SetThreads(tensor.SetThreads(1))
	cpu := processCPUTime()
	for b.Loop() {
		if _, err := maxPool2DF32(x, shape, g, 112, 112, out); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(processCPUTime()-cpu)/1e6/float64(b.N), "cpu-ms/op")
}
