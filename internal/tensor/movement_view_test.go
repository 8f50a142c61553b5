package tensor

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// A slice view holds what Slice copies, shares x's storage, and is given
// exactly when the slice is one contiguous run.
func TestSliceView(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 9))
	x := New(F32, 1, 6, 4, 5)
	for i := range x.Float32s() {
		x.Float32s()[i] = r.Float32()
	}
	for _, c := range []struct {
		starts, limits []int64
		view           bool
	}{
		{[]int64{0, 2, 0, 0}, []int64{1, 5, 4, 5}, true},  // a channel range
		{[]int64{0, 0, 0, 0}, []int64{1, 6, 4, 5}, true},  // all of it
		{[]int64{0, 3, 1, 0}, []int64{1, 4, 3, 5}, true},  // one channel, a row range
		{[]int64{0, 3, 2, 1}, []int64{1, 4, 3, 4}, true},  // part of one row
		{[]int64{0, 1, 1, 0}, []int64{1, 3, 3, 5}, false}, // rows of two channels
		{[]int64{0, 0, 0, 1}, []int64{1, 6, 4, 5}, false}, // columns cut
		{[]int64{0, 2, 0, 0}, []int64{1, 2, 4, 5}, true},  // empty
		{[]int64{0, 5, 0, 0}, []int64{1, 7, 4, 5}, false}, // past the end
	} {
		t.Run(fmt.Sprint(c.starts, c.limits), func(t *testing.T) {
			v := SliceView(x, c.starts, c.limits)
			if (v != nil) != c.view {
				t.Fatalf("view given = %v, want %v", v != nil, c.view)
			}
			if v == nil {
				return
			}
			want, err := Slice(x, c.starts, c.limits, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !Equal(v, want) {
				t.Fatalf("view %v, copy %v", v, want)
			}
			if v.Len() > 0 && !overlapsStorage(v, x) {
				t.Fatal("the view does not share x's storage")
			}
		})
	}
}

// Zero padding of the last two axes of float32 tensors into an output
// holding other values (the plane path, padPlanesF32) gives the
// definition's values: pads of 0 to 18 on either
// side (past 16 the general path), ranks 2 to 5, with NaN and −0 in the
// input kept as they are.
func TestPadPlanesMatchDefinition(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 10))
	for trial := range 120 {
		rank := 2 + r.IntN(4)
		shape := make([]int64, rank)
		for ax := range shape {
			shape[ax] = int64(1 + r.IntN(6))
		}
		shape[rank-1] = int64(1 + r.IntN(40))
		pads := make([]int64, 2*rank)
		for _, ax := range []int{rank - 2, rank - 1} {
			pads[ax], pads[rank+ax] = int64(r.IntN(19)), int64(r.IntN(19))
		}
		n, _ := NumElements(shape)
		xv := make([]float32, n)
		for i := range xv {
			xv[i] = r.Float32() - 0.5
		}
		xv[0] = float32(math.NaN())
		xv[n/2] = float32(math.Copysign(0, -1))
		x := MustFromSlice(F32, shape, xv)
		// Into a recycled-looking output: every value poisoned first.
		ys := make([]int64, rank)
		for ax := range ys {
			ys[ax] = shape[ax] + pads[ax] + pads[rank+ax]
		}
		y := New(F32, ys...)
		for i := range y.Float32s() {
			y.Float32s()[i] = 7
		}
		if err := PadInto(y, x, pads, PadConstant, 0); err != nil {
			t.Fatal(err)
		}
		st := stridesOf(shape)
		for o, v := range y.Float32s() {
			rem, in, inside := o, 0, true
			for ax := rank - 1; ax >= 0; ax-- {
				i := int64(rem)%ys[ax] - pads[ax]
				rem /= int(ys[ax])
				if i < 0 || i >= shape[ax] {
					inside = false
				} else {
					in += int(i) * st[ax]
				}
			}
			want := float32(0)
			if inside {
				want = xv[in]
			}
			if math.Float32bits(v) != math.Float32bits(want) {
				t.Fatalf("trial %d: shape %v pads %v: output %d = %v, want %v", trial, shape, pads, o, v, want)
			}
		}
	}
}
