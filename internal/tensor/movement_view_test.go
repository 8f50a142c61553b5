package tensor

import (
	"fmt"
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
