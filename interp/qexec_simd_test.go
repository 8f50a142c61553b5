package interp

import (
	"math"
	"math/rand"
	"testing"

	"github.com/mlc-go/mlc/internal/quantize"
)

// qAddRows (SIMD rows where the CPU has them) equals AddParams' scalar
// formula on every element, for every 8-bit type combination, operands of
// the result's length or one value, ties, saturation and zero points at
// the ends of their range.
func TestQAddRowsMatchesScalar(t *testing.T) {
	rng := rand.New(rand.NewSource(21))
	u8 := quantize.Params{Min: 0, Max: 255}
	i8 := quantize.Params{Min: -128, Max: 127}
	for trial := range 200 {
		ps := [3]quantize.Params{}
		for j := range ps {
			p := u8
			if (trial>>j)&1 == 1 {
				p = i8
			}
			p.Scale = math.Ldexp(0.5+rng.Float64(), -rng.Intn(8))
			switch rng.Intn(4) {
			case 0:
				p.ZeroPoint = p.Min
			case 1:
				p.ZeroPoint = p.Max
			default:
				p.ZeroPoint = p.Min + rng.Int63n(256)
			}
			ps[j] = p
		}
		if trial%10 == 0 {
			ps[1].Scale, ps[2].Scale = ps[0].Scale, ps[0].Scale*2 // ties
		}
		ap := quantize.NewAddParams(ps[0], ps[1], ps[2])
		n := 1 + rng.Intn(70)
		an, bn := n, n
		switch trial % 5 {
		case 3:
			an = 1
		case 4:
			bn = 1
		}
		run := func(a, b []int64) {
			want := make([]int64, n)
			for i := range want {
				switch {
				case an == 1:
					want[i] = ap.AddToB(b[i], ap.ScalarA(a[0]))
				case bn == 1:
					want[i] = ap.AddToA(a[i], ap.ScalarB(b[0]))
				default:
					want[i] = ap.Add(a[i], b[i])
				}
			}
			got := qAddRowsAny(trial, ap, a, b, n)
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("trial %d (types %03b, n %d, lens %d/%d): element %d = %d, want %d", trial, trial&7, n, an, bn, i, got[i], want[i])
				}
			}
		}
		a, b := make([]int64, an), make([]int64, bn)
		for i := range a {
			a[i] = ps[0].Min + rng.Int63n(256)
		}
		for i := range b {
			b[i] = ps[1].Min + rng.Int63n(256)
		}
		run(a, b)
	}
}

// qAddRowsAny runs qAddRows with the storage types trial's bits pick
// (a, b, result: bit set = int8).
func qAddRowsAny(trial int, ap quantize.AddParams, a, b []int64, n int) []int64 {
	out := make([]int64, n)
	if trial&4 != 0 {
		d := make([]int8, n)
		qAddRowsIn(d, trial, ap, a, b)
		for i, v := range d {
			out[i] = int64(v)
		}
	} else {
		d := make([]uint8, n)
		qAddRowsIn(d, trial, ap, a, b)
		for i, v := range d {
			out[i] = int64(v)
		}
	}
	return out
}

func qAddRowsIn[TC int8 | uint8](d []TC, trial int, ap quantize.AddParams, a, b []int64) {
	if trial&1 != 0 {
		qAddRowsInB(d, trial, ap, conv[int8](a), b)
	} else {
		qAddRowsInB(d, trial, ap, conv[uint8](a), b)
	}
}

func qAddRowsInB[TC, TA int8 | uint8](d []TC, trial int, ap quantize.AddParams, a []TA, b []int64) {
	if trial&2 != 0 {
		qAddRows(d, ap, a, conv[int8](b))
	} else {
		qAddRows(d, ap, a, conv[uint8](b))
	}
}

func conv[T int8 | uint8](v []int64) []T {
	out := make([]T, len(v))
	for i, x := range v {
		out[i] = T(x)
	}
	return out
}
