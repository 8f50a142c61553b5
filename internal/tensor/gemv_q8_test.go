package tensor

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// A one-row product with B held as int8 rows and column scales gives
// MatMul's bits on the float32 B, for k and n around the block and vector
// widths, on one thread and with its kc blocks shared by two (1280×1000);
// a B that is not exactly int8 × scale is refused.
func TestMatMulQ8ColumnsMatchesMatMul(t *testing.T) {
	if !haveFaxpy || kernF32.goRun != nil {
		t.Skip("no fused row update on this CPU or build")
	}
	r := rand.New(rand.NewPCG(81, 82))
	for _, k := range []int{1, 7, 255, 256, 257, 700, 1280} {
		for _, n := range []int{1, 7, 8, 17, 1000} {
			t.Run(fmt.Sprintf("k=%d/n=%d", k, n), func(t *testing.T) {
				q := make([]int8, k*n)
				for i := range q {
					q[i] = int8(r.IntN(256) - 128)
				}
				scale := make([]float32, n)
				for j := range scale {
					scale[j] = float32(r.Float64()*1e-2 + 1e-6)
				}
				bv := make([]float32, k*n)
				for i := range bv {
					bv[i] = float32(q[i]) * scale[i%n]
				}
				b, err := FromSlice(F32, []int64{int64(k), int64(n)}, bv)
				require.NoError(t, err)
				a, err := FromSlice(F32, []int64{1, int64(k)}, randF32(r, k))
				require.NoError(t, err)
				want, err := MatMul(a, b)
				require.NoError(t, err)
				bq := NewQ8Columns(b, q, scale)
				require.NotNil(t, bq)
				for _, th := range []int{1, 2} {
					prev := SetThreads(th)
					got, ok, err := MatMulQ8Columns(a, bq)
					SetThreads(prev)
					require.NoError(t, err)
					require.True(t, ok)
					requireSameBits(t, want.Float32s(), got.Float32s())
				}

				// Two rows are not this path's.
				a2, _ := FromSlice(F32, []int64{2, int64(k)}, randF32(r, 2*k))
				_, ok, _ := MatMulQ8Columns(a2, bq)
				require.False(t, ok)

				// One element off by an ulp: not int8 × scale.
				i := r.IntN(len(bv))
				bv[i] = math.Nextafter32(bv[i], float32(math.Inf(1)))
				require.Nil(t, NewQ8Columns(b, q, scale))
			})
		}
	}
}
