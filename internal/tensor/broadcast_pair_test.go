package tensor

import (
	"slices"
	"testing"
)

func TestBroadcastPairUnknownSizes(t *testing.T) {
	for _, c := range []struct {
		a, b    []int64
		unknown bool
		want    []int64
		axis    int
	}{
		{[]int64{2, 1, 4}, []int64{3, 1}, false, []int64{2, 3, 4}, 0},
		{[]int64{0}, []int64{1}, false, []int64{0}, 0},
		{[]int64{}, []int64{5}, false, []int64{5}, 0},
		{[]int64{-1, 3}, []int64{4, 3}, true, []int64{4, 3}, 0},
		{[]int64{-1}, []int64{1}, true, []int64{-1}, 0},
		{[]int64{1}, []int64{-1}, true, []int64{-1}, 0},
		{[]int64{-1, 3}, []int64{4, 3}, false, nil, 0}, // unknown sizes not allowed: a conflict
		{[]int64{2, 3}, []int64{7, 4}, true, nil, 0},
		{[]int64{5, 2, 3}, []int64{4}, true, nil, 2},
	} {
		got, axis, ok := BroadcastPair(c.a, c.b, c.unknown)
		if ok != (c.want != nil) || !slices.Equal(got, c.want) || (!ok && axis != c.axis) {
			t.Errorf("BroadcastPair(%v, %v, %v) = %v, axis %d, ok %v; want %v, axis %d", c.a, c.b, c.unknown, got, axis, ok, c.want, c.axis)
		}
	}
}
