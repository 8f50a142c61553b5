package tensor

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// shiftRowsFast writes what the scalar rows of padShifted write: zero
// outside [lo, hi), the source there, for runs shorter than 16 bytes,
// between 16 and 32, and longer, with and without a tail.
func TestShiftRowsMatchesScalar(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 13))
	for trial := range 400 {
		ow := 1 + r.IntN(100)
		lo := r.IntN(min(ow, 4))
		hi := lo + 1 + r.IntN(ow-lo)
		rows := 1 + r.IntN(5)
		pitch := hi - lo + r.IntN(9)
		src := make([]uint8, (rows-1)*pitch+hi-lo)
		for i := range src {
			src[i] = uint8(r.Uint32())
		}
		zero := uint8(r.Uint32())
		got := make([]uint8, rows*ow)
		if !shiftRowsFast(got, ow, src, pitch, rows, lo, hi, zero) {
			t.Skip("no SIMD rows on this CPU or build")
		}
		want := make([]uint8, rows*ow)
		for row := range rows {
			for o := range ow {
				v := zero
				if o >= lo && o < hi {
					v = src[row*pitch+o-lo]
				}
				want[row*ow+o] = v
			}
		}
		require.Equal(t, want, got, "trial %d: ow %d lo %d hi %d rows %d", trial, ow, lo, hi, rows)
	}
}

// gather2 (16 outputs at a time with AVX2, then 8, then one by one) takes
// every other value, for lengths around the block sizes and sources that
// end right after the last value taken or run on.
func TestGather2MatchesScalar(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 15))
	for n := 1; n <= 70; n++ {
		for _, extra := range []int{0, 1, 40} {
			src := make([]int8, 2*n-1+extra)
			for i := range src {
				src[i] = int8(r.Uint32())
			}
			got := make([]int8, n)
			gather2(got, src)
			for i := range got {
				require.Equal(t, src[2*i], got[i], "n %d extra %d output %d", n, extra, i)
			}
		}
	}
}
