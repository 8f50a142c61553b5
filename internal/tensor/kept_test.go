package tensor

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// keptRow's one pass gives the bits of its separate passes (bias and
// clamp on the row, the copy of the kept columns, the residual on them)
// for runs that start and end inside and outside the kept columns of a
// row, across several rows, with NaNs (whose payload depends on operand
// order), infinities and signed zeros among the values, for every
// combination of bias, residual (either operand first) and clamp; and it
// writes nothing outside the kept values.
func TestKeptRowMatchesPasses(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	special := []float32{float32(math.NaN()), math.Float32frombits(0x7fc12345), math.Float32frombits(0xffc00042), float32(math.Inf(1)), float32(math.Inf(-1)), 0, float32(math.Copysign(0, -1))}
	val := func() float32 {
		if r.IntN(8) == 0 {
			return special[r.IntN(len(special))]
		}
		return float32(r.NormFloat64() * 3)
	}
	for _, geo := range [][2]int{{7, 9}, {14, 16}, {28, 30}, {56, 58}, {112, 115}, {16, 16}, {1, 3}} {
		ow, wq := geo[0], geo[1]
		rows := 5
		for trial := range 40 {
			j0 := r.IntN(rows * wq)
			n := 1 + r.IntN(rows*wq-j0)
			flags := trial % 16
			bias, clip, hasRes, resFirst := flags&1 != 0, flags&2 != 0, flags&4 != 0, flags&8 != 0
			b, lo, hi := val(), float32(-1.5), float32(2.5)
			if r.IntN(3) == 0 {
				lo, hi = 0, 6
			}
			src := make([]float32, n)
			for i := range src {
				src[i] = val()
			}
			var res []float32
			if hasRes {
				res = make([]float32, rows*ow)
				for i := range res {
					res[i] = val()
				}
			}
			want := make([]float32, rows*ow)
			for i := range want {
				want[i] = math.Float32frombits(0x7f800001 + uint32(i)) // marks: never written
			}
			got := append([]float32(nil), want...)
			s1, s2 := append([]float32(nil), src...), append([]float32(nil), src...)

			// The separate passes.
			if res == nil {
				biasClipRow(s1, b, bias, clip, lo, hi)
				copyKeptColumns(want, s1, j0, ow, wq)
			} else {
				biasClipRow(s1, b, bias, false, 0, 0)
				copyKeptColumns(want, s1, j0, ow, wq)
				if l, h := keptSpan(j0, j0+n, ow, wq); l < h {
					biasResClipRow(want[l:h], res[l:], 0, false, resFirst, clip, lo, hi)
				}
			}
			keptRow(got, s2, res, j0, ow, wq, b, bias, resFirst, clip, lo, hi)
			t.Run(fmt.Sprintf("ow=%d/wq=%d/%d", ow, wq, trial), func(t *testing.T) {
				requireSameBits(t, want, got)
			})
		}
	}
}
