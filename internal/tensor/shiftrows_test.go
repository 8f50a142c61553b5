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

// TestDeinterleaveRows: the SIMD even/odd split of strided rows writes
// what a loop does, for every count from 4 (blocks of 4 below 8, of 8
// below 16, of 16 above, and an overlapping last one), and nothing past
// each row's n values.
func TestDeinterleaveRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 62))
	for n := 4; n < 70; n++ {
		rows, ss, ds := 1+rng.IntN(4), 2*n+rng.IntN(5), n+rng.IntN(3)
		src := make([]uint8, (rows-1)*ss+2*n)
		for i := range src {
			src[i] = uint8(rng.IntN(256))
		}
		even, odd := make([]uint8, (rows-1)*ds+n+8), make([]uint8, (rows-1)*ds+n+8)
		for i := range even {
			even[i], odd[i] = 0xAA, 0xAA
		}
		if !deinterleaveRows(even, odd, ds, src, ss, n, rows) {
			t.Skip("no SIMD deinterleave on this CPU or build")
		}
		for r := range rows {
			for j := range ds {
				e, o := even[r*ds+j], odd[r*ds+j]
				we, wo := uint8(0xAA), uint8(0xAA)
				if j < n {
					we, wo = src[r*ss+2*j], src[r*ss+2*j+1]
				}
				if r*ds+j < len(even) && (e != we || o != wo) {
					t.Fatalf("n %d rows %d row %d column %d: even %d odd %d, want %d %d", n, rows, r, j, e, o, we, wo)
				}
			}
		}
	}
}
