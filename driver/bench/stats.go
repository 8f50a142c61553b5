package bench

import (
	"math"
	"sort"
)

// median of xs (not modified); NaN when empty.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// MannWhitney returns the two-sided p-value of the Mann-Whitney U test
// that a and b come from the same distribution: exact (counting every
// assignment of ranks) when both samples are small and have no ties, the
// normal approximation with a tie correction otherwise. 1 when either
// sample is empty.
func MannWhitney(a, b []float64) float64 {
	n1, n2 := len(a), len(b)
	if n1 == 0 || n2 == 0 {
		return 1
	}
	type obs struct {
		v     float64
		fromA bool
	}
	all := make([]obs, 0, n1+n2)
	for _, v := range a {
		all = append(all, obs{v, true})
	}
	for _, v := range b {
		all = append(all, obs{v, false})
	}
	sort.Slice(all, func(i, j int) bool { return all[i].v < all[j].v })
	// Mid-ranks for ties; tieTerm sums t³ − t over tie groups.
	var rankA, tieTerm float64
	ties := false
	for i := 0; i < len(all); {
		j := i
		for j < len(all) && all[j].v == all[i].v {
			j++
		}
		t := float64(j - i)
		if t > 1 {
			ties = true
			tieTerm += t*t*t - t
		}
		mid := float64(i+j+1) / 2 // ranks i+1..j
		for k := i; k < j; k++ {
			if all[k].fromA {
				rankA += mid
			}
		}
		i = j
	}
	u := rankA - float64(n1*(n1+1))/2
	if !ties && n1+n2 <= 40 {
		return exactMannWhitney(n1, n2, u)
	}
	n := float64(n1 + n2)
	mean := float64(n1*n2) / 2
	variance := float64(n1*n2) / 12 * ((n + 1) - tieTerm/(n*(n-1)))
	if variance <= 0 {
		return 1
	}
	// Continuity correction towards the mean.
	z := (math.Abs(u-mean) - 0.5) / math.Sqrt(variance)
	if z < 0 {
		z = 0
	}
	return math.Min(1, math.Erfc(z/math.Sqrt2))
}

// exactMannWhitney is P(|U − mean| ≥ |u − mean|) under the null
// hypothesis, from the count of rank assignments giving each U.
func exactMannWhitney(n1, n2 int, u float64) float64 {
	maxU := n1 * n2
	// counts[i][j][k]: ways i values of a and j of b give U = k; rolled
	// into one table over (j, k) per i.
	prev := make([][]float64, n2+1)
	for j := range prev {
		prev[j] = make([]float64, maxU+1)
		prev[j][0] = 1 // no a values: U = 0
	}
	for i := 1; i <= n1; i++ {
		cur := make([][]float64, n2+1)
		for j := range cur {
			cur[j] = make([]float64, maxU+1)
		}
		for j := 0; j <= n2; j++ {
			for k := 0; k <= maxU; k++ {
				// The largest of i+j values is from a (it beats all j
				// b values) or from b.
				var c float64
				if k >= j {
					c += prev[j][k-j]
				}
				if j > 0 {
					c += cur[j-1][k]
				}
				cur[j][k] = c
			}
		}
		prev = cur
	}
	counts := prev[n2]
	var total, tail float64
	mean := float64(maxU) / 2
	dev := math.Abs(u - mean)
	for k, c := range counts {
		total += c
		if math.Abs(float64(k)-mean) >= dev-1e-9 {
			tail += c
		}
	}
	return tail / total
}
