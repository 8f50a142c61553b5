package tensor

import (
	"fmt"
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
