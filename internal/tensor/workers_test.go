package tensor

import (
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"
)

// Every tile of many back-to-back sections, of varying widths, runs
// exactly once, and a section started from inside one (which runs on
// goroutines of its own) completes too.
func TestSectionPoolRunsEveryTileOnce(t *testing.T) {
	defer SetThreads(SetThreads(4))
	for round := range 300 {
		tiles := 1 + round%37
		counts := make([]atomic.Int32, tiles)
		var nested atomic.Int32
		parallelTiles(tiles, 1<<20, func(i int) {
			counts[i].Add(1)
			if i == 0 && round%10 == 0 {
				parallelTiles(8, 1<<20, func(int) { nested.Add(1) })
			}
		})
		for i := range counts {
			require.EqualValues(t, 1, counts[i].Load(), "round %d tile %d", round, i)
		}
		if round%10 == 0 {
			require.EqualValues(t, 8, nested.Load(), "round %d nested", round)
		}
	}
}

// A tile queue hands out every tile exactly once to workers taking
// concurrently, and a worker alone takes its own share first, front to
// back, then the others' from their back ends.
func TestTileQueue(t *testing.T) {
	for round := range 200 {
		tiles, workers, chunk := 1+round%53, 1+round%11, int64(1+round%5)
		var q tileQueue
		q.init(tiles, workers, chunk)
		counts := make([]atomic.Int32, tiles)
		done := make(chan struct{})
		for w := range workers {
			go func() {
				defer func() { done <- struct{}{} }()
				for {
					lo, hi, ok := q.take(w)
					if !ok {
						return
					}
					require.Less(t, lo, hi)
					for i := lo; i < hi; i++ {
						counts[i].Add(1)
					}
				}
			}()
		}
		for range workers {
			<-done
		}
		for i := range counts {
			require.EqualValues(t, 1, counts[i].Load(), "round %d (%d tiles, %d workers) tile %d", round, tiles, workers, i)
		}
	}
	// Ten tiles in two shares, [0, 5) and [5, 10), two at a time.
	var q tileQueue
	q.init(10, 2, 2)
	var got [][2]int
	for {
		lo, hi, ok := q.take(1)
		if !ok {
			break
		}
		got = append(got, [2]int{lo, hi})
	}
	require.Equal(t, [][2]int{{5, 7}, {7, 9}, {9, 10}, {3, 5}, {1, 3}, {0, 1}}, got)
}

// TestBandRows: bands start on cache lines in every plane (a plane being
// whole lines), cover the rows with at least two bands, and are the
// fewest rows past an even cut that do; planes that are not whole lines
// are not cut.
func TestBandRows(t *testing.T) {
	for _, c := range []struct{ h, w, parts, elem, want int }{
		{28, 28, 2, 4, 16}, // 14 rows would be 24.5 lines
		{56, 56, 2, 4, 28},
		{14, 14, 2, 4, 0}, // 196 values: not whole lines
		{28, 36, 3, 4, 12},
		{112, 112, 2, 1, 56},
		{28, 28, 2, 1, 0}, // 784 bytes: not whole lines
		{8, 16, 2, 4, 4},
		{4, 16, 4, 1, 0}, // one band of four rows would be every row
		{3, 16, 1, 4, 0},
	} {
		got := bandRows(c.h, c.w, c.parts, c.elem)
		require.Equal(t, c.want, got, "%+v", c)
		if got > 0 {
			require.Zero(t, got*c.w*c.elem%cacheLine, "%+v", c)
			require.Less(t, got, c.h)
			require.GreaterOrEqual(t, got*c.parts, c.h)
		}
	}
}
