package tensor

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"
)

// reportFlops reports GFLOP/s of wall time and per CPU-second (the latter
// is the per-core rate, robust to other load on the machine).
func reportFlops(b *testing.B, flopsPerOp float64, cpu0 time.Duration, unit string) {
	total := flopsPerOp * float64(b.N)
	b.ReportMetric(total/b.Elapsed().Seconds()/1e9, unit)
	if cpu := processCPUTime() - cpu0; cpu > 0 {
		b.ReportMetric(total/cpu.Seconds()/1e9, unit+"-per-cpu")
	}
}

func benchGemm(b *testing.B, m, n, k int) {
	r := rand.New(rand.NewPCG(1, 2))
	a, bb, c := randF32(r, m*k), randF32(r, k*n), make([]float32, m*n)
	b.ResetTimer()
	cpu0 := processCPUTime()
	for b.Loop() {
		if err := Sgemm(false, false, m, n, k, 1, a, k, bb, n, 0, c, n); err != nil {
			b.Fatal(err)
		}
	}
	reportFlops(b, 2*float64(m)*float64(n)*float64(k), cpu0, "GFLOP/s")
}

func BenchmarkGEMM(b *testing.B) {
	for _, s := range [][3]int{{512, 512, 512}, {64, 3136, 576}} {
		for _, th := range []int{1, 0} {
			b.Run(fmt.Sprintf("%dx%dx%d/threads=%d", s[0], s[1], s[2], th), func(b *testing.B) {
				prev := SetThreads(th)
				defer SetThreads(prev)
				benchGemm(b, s[0], s[1], s[2])
			})
		}
	}
}

func BenchmarkConv2D(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	x := MustFromSlice(F32, []int64{1, 64, 56, 56}, randF32(r, 64*56*56))
	w := MustFromSlice(F32, []int64{64, 64, 3, 3}, randF32(r, 64*64*9))
	bias := MustFromSlice(F32, []int64{64}, randF32(r, 64))
	for _, th := range []int{1, 0} {
		b.Run(fmt.Sprintf("1x64x56x56_k3x3x64/threads=%d", th), func(b *testing.B) {
			prev := SetThreads(th)
			defer SetThreads(prev)
			p := Conv2DParams{Pads: [4]int{1, 1, 1, 1}}
			cpu0 := processCPUTime()
			for b.Loop() {
				if _, err := Conv2D(x, w, bias, p); err != nil {
					b.Fatal(err)
				}
			}
			reportFlops(b, 2.0*64*56*56*64*9, cpu0, "GFLOP/s")
		})
	}
}

func BenchmarkGemmInt8(b *testing.B) {
	m, n, k := 64, 3136, 576
	r := rand.New(rand.NewPCG(1, 2))
	a := make([]int8, m*k)
	bb := make([]uint8, k*n)
	for i := range a {
		a[i] = int8(r.IntN(256) - 128)
	}
	for i := range bb {
		bb[i] = uint8(r.IntN(256))
	}
	c := make([]int32, m*n)
	for _, th := range []int{1, 0} {
		b.Run(fmt.Sprintf("%dx%dx%d/threads=%d", m, n, k, th), func(b *testing.B) {
			prev := SetThreads(th)
			defer SetThreads(prev)
			cpu0 := processCPUTime()
			for b.Loop() {
				if err := GemmInt8(m, n, k, a, k, nil, bb, n, []int32{128}, c, n, false); err != nil {
					b.Fatal(err)
				}
			}
			reportFlops(b, 2*float64(m)*float64(n)*float64(k), cpu0, "GOP/s")
		})
	}
}
