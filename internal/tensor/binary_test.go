package tensor

import (
	"math"
	"math/rand/v2"
	"testing"
)

// binF32Fast gives the scalar operation's bits for every op, mode and
// length, special values included.
func TestBinF32Fast(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	inf := float32(math.Inf(1))
	specials := []float32{0, float32(math.Copysign(0, -1)), inf, -inf, float32(math.NaN()), 1e-45, 3e38, -3e38}
	vals := func(n int) []float32 {
		v := make([]float32, n)
		for i := range v {
			if r.IntN(8) == 0 {
				v[i] = specials[r.IntN(len(specials))]
			} else {
				v[i] = float32(r.NormFloat64() * 10)
			}
		}
		return v
	}
	ops := map[BinaryOp]func(x, y float32) float32{
		OpAdd: func(x, y float32) float32 { return x + y },
		OpSub: func(x, y float32) float32 { return x - y },
		OpMul: func(x, y float32) float32 { return x * y },
		OpDiv: func(x, y float32) float32 { return x / y },
	}
	for op, f := range ops {
		for _, st := range [][2]int{{1, 1}, {1, 0}, {0, 1}} {
			for n := range 70 {
				a, b, o := vals(n+1), vals(n+1), make([]float32, n)
				k := binF32Fast(op, o, a, b, st[0], st[1])
				if k != 0 && k != n&^7 {
					t.Fatalf("%v %v n=%d: did %d", op, st, n, k)
				}
				for i := range k {
					want := f(a[i*st[0]], b[i*st[1]])
					if want != want && o[i] != o[i] {
						continue
					}
					if math.Float32bits(o[i]) != math.Float32bits(want) {
						t.Fatalf("%v strides %v n=%d: o[%d] = %g, want %g", op, st, n, i, o[i], want)
					}
				}
			}
		}
	}
}
