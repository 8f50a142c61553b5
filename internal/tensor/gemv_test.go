package tensor

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// The one-row path gives the tiled path's bits: every k and n around the
// block and vector widths, alpha, transposed A, accumulation, and at two
// threads a B large enough for its blocks to be shared (gemvParallel).
func TestGemvMatchesTiled(t *testing.T) {
	if !haveFaxpy || kernF32.goRun != nil {
		t.Skip("no fused row update on this CPU or build")
	}
	defer SetThreads(SetThreads(2))
	r := rand.New(rand.NewPCG(71, 72))
	for _, k := range []int{1, 7, 255, 256, 257, 700, 1300} {
		for _, n := range []int{1, 7, 8, 15, 16, 17, 1000} {
			for _, beta := range []float32{0, 1} {
				for _, transA := range []bool{false, true} {
					t.Run(fmt.Sprintf("k=%d/n=%d/beta=%v/transA=%v", k, n, beta, transA), func(t *testing.T) {
						a, b := randF32(r, k), randF32(r, k*n+3)
						c0 := randF32(r, n)
						want := append([]float32(nil), c0...)
						got := append([]float32(nil), c0...)
						lda := k
						if transA {
							lda = 1
						}
						haveFaxpy = false
						err := Sgemm(transA, false, 1, n, k, 0.75, a, lda, b, n, beta, want, n)
						haveFaxpy = true
						require.NoError(t, err)
						require.NoError(t, Sgemm(transA, false, 1, n, k, 0.75, a, lda, b, n, beta, got, n))
						requireSameBits(t, want, got)
					})
				}
			}
		}
	}
}

// A product with one output column (a 1x1 convolution on a 1x1 plane)
// through gemvColF32 gives the GEMM's bits: depths over one kc block,
// row counts that leave a partial panel group, accumulation into C, and
// the bias, residual and clamp after.
func TestGemvColumnMatchesGemm(t *testing.T) {
	if !gemvColAvailable() {
		t.Skip("no column kernel on this CPU or build")
	}
	r := rand.New(rand.NewPCG(11, 12))
	randF := func(n int) []float32 {
		v := make([]float32, n)
		for i := range v {
			v[i] = float32(r.NormFloat64())
		}
		return v
	}
	for trial := range 60 {
		m, k := 2+r.IntN(130), 1+r.IntN(700)
		a, x := randF(m*k), randF(k)
		if trial%5 == 0 {
			x[r.IntN(k)] = float32(math.NaN())
		}
		bias, res, c0 := randF(m), randF(m), randF(m)
		run := func(col bool) []float32 {
			c := append([]float32(nil), c0...)
			g := &gemmPlan[float32]{m: m, n: 1, k: k, packA: packA32(a, k, false, 1), packB: packB32(x, 1, false),
				kern: kernF32, bRows: x, ldb: 1, c: c, ldc: 1, accumulate: trial%3 == 1}
			if trial%2 == 0 {
				g.bias = bias
			}
			if trial%4 == 3 {
				g.res, g.resFirst = res, trial%8 == 3
			}
			if trial%3 == 2 {
				g.clip, g.clipLo, g.clipHi = true, -0.5, 0.7
			}
			if col {
				g.aPanels = packAll(kernF32, m, k, g.packA)
				if !gemvColOK(g) {
					t.Fatalf("trial %d: the column path does not take the plan", trial)
				}
			} else {
				g.bRows = nil // the tiled GEMM, packing B
			}
			g.run()
			return c
		}
		got, want := run(true), run(false)
		for i := range want {
			if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
				t.Fatalf("trial %d (m %d, k %d): row %d = %v, GEMM %v", trial, m, k, i, got[i], want[i])
			}
		}
	}
}
