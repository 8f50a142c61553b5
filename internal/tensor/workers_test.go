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
