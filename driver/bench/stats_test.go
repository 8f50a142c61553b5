package bench

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestMannWhitney(t *testing.T) {
	// Fully separated samples of 5 and 5: the exact two-sided p is
	// 2 / C(10,5) = 2/252.
	require.InDelta(t, 2.0/252, MannWhitney([]float64{1, 2, 3, 4, 5}, []float64{6, 7, 8, 9, 10}), 1e-12)
	require.InDelta(t, 2.0/252, MannWhitney([]float64{6, 7, 8, 9, 10}, []float64{1, 2, 3, 4, 5}), 1e-12)
	// Three against three can never reach 0.05: 2/20.
	require.InDelta(t, 0.1, MannWhitney([]float64{1, 2, 3}, []float64{4, 5, 6}), 1e-12)
	// Interleaved samples: no evidence.
	require.InDelta(t, 1.0, MannWhitney([]float64{1, 4, 5, 8}, []float64{2, 3, 6, 7}), 1e-12)
	// Identical samples (all ties): p = 1.
	require.Equal(t, 1.0, MannWhitney([]float64{3, 3, 3}, []float64{3, 3, 3}))
	require.Equal(t, 1.0, MannWhitney(nil, []float64{1}))
	// With ties the normal approximation still separates clear shifts.
	p := MannWhitney([]float64{1, 1, 2, 2, 3, 3, 4, 4}, []float64{7, 7, 8, 8, 9, 9, 10, 10})
	require.Less(t, p, 0.01)
	require.False(t, math.IsNaN(p))
}

// The exact distribution sums to the number of rank assignments and is
// symmetric.
func TestExactMannWhitneySymmetric(t *testing.T) {
	for n1 := 1; n1 <= 6; n1++ {
		for n2 := 1; n2 <= 6; n2++ {
			for u := 0; u <= n1*n2; u++ {
				require.InDelta(t, exactMannWhitney(n1, n2, float64(u)), exactMannWhitney(n1, n2, float64(n1*n2-u)), 1e-12)
			}
			require.InDelta(t, 1.0, exactMannWhitney(n1, n2, float64(n1*n2)/2), 1e-12)
		}
	}
}
