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
