package tensor

import (
	"slices"
	"testing"
)

func TestWrapAxes(t *testing.T) {
	for _, c := range []struct {
		axis int64
		rank int
		want int
		ok   bool
	}{{0, 3, 0, true}, {-1, 3, 2, true}, {-3, 3, 0, true}, {3, 3, 0, false}, {-4, 3, 0, false}, {0, 0, 0, false}, {-1, 1, 0, true}} {
		if got, ok := WrapAxis(c.axis, c.rank); got != c.want || ok != c.ok {
			t.Errorf("WrapAxis(%d, %d) = %d, %v; want %d, %v", c.axis, c.rank, got, ok, c.want, c.ok)
		}
	}
	if out, _, ok := WrapAxes([]int64{-1, 0, 1}, 4); !ok || !slices.Equal(out, []int{3, 0, 1}) {
		t.Errorf("WrapAxes = %v, %v", out, ok)
	}
	if _, bad, ok := WrapAxes([]int64{1, 2, -3}, 4); ok || bad != 2 {
		t.Errorf("WrapAxes with a repeat after wrapping: bad %d, ok %v; want 2, false", bad, ok)
	}
	if _, bad, ok := WrapAxes([]int64{0, 7}, 4); ok || bad != 1 {
		t.Errorf("WrapAxes out of range: bad %d, ok %v; want 1, false", bad, ok)
	}
}
