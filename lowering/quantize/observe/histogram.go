package observe

import "math"

// halfBins is the number of histogram bins on each side of zero.
const halfBins = 8192

// histogram counts samples in 2*halfBins bins of width w = r/halfBins over
// [-r, r], r a power of two. When a sample falls outside, r doubles and
// pairs of bins merge; since the old edges are a subset of the new ones
// the merge is exact, and the memory stays 2*halfBins counts whatever the
// stream. r is kept above the largest |x| seen (so a sample never sits on
// the top edge, where it would be counted in the bin below) and at most
// twice it, so a quantity read from the histogram (a percentile) is within
// one bin, w <= 2*max|x|/8192, of the same quantity of the samples.
type histogram struct {
	r      float64 // 0 until a non-zero sample arrives
	zeros  uint64  // zeros seen while r is 0
	counts []uint64
	sums   []float64 // per bin, the sum of its samples; nil unless asked for
}

func newHistogram(withSums bool) *histogram {
	h := &histogram{counts: make([]uint64, 2*halfBins)}
	if withSums {
		h.sums = make([]float64, 2*halfBins)
	}
	return h
}

func (h *histogram) width() float64 { return h.r / halfBins }

// grow makes [-r, r] hold amax.
func (h *histogram) grow(amax float64) {
	if amax == 0 {
		return
	}
	if h.r == 0 {
		// The smallest power of two above amax.
		_, exp := math.Frexp(amax)
		h.r = math.Ldexp(1, exp)
		h.counts[halfBins] += h.zeros
		h.zeros = 0
		return
	}
	for h.r <= amax {
		// Bin i of [-r, r) sits at offset halfBins+i bins of width w from
		// -2r; bins of width 2w there are those offsets halved.
		merged := make([]uint64, len(h.counts))
		for i, c := range h.counts {
			merged[(halfBins+i)/2] += c
		}
		h.counts = merged
		if h.sums != nil {
			sums := make([]float64, len(h.sums))
			for i, v := range h.sums {
				sums[(halfBins+i)/2] += v
			}
			h.sums = sums
		}
		h.r *= 2
	}
}

// add counts x; grow has made room for it.
func (h *histogram) add(x float64) {
	if h.r == 0 {
		h.zeros++
		return
	}
	i := min(max(int(math.Floor((x+h.r)/h.width())), 0), len(h.counts)-1)
	h.counts[i]++
	if h.sums != nil {
		h.sums[i] += x
	}
}

// abs folds the histogram onto |x|: bin k counts |x| in [k*w, (k+1)*w).
func (h *histogram) abs() []float64 {
	out := make([]float64, halfBins)
	for k := range out {
		out[k] = float64(h.counts[halfBins+k] + h.counts[halfBins-1-k])
	}
	out[0] += float64(h.zeros)
	return out
}

func (h *histogram) total() float64 {
	s := float64(h.zeros)
	for _, c := range h.counts {
		s += float64(c)
	}
	return s
}

// rank is the nearest-rank position (1-based) of percentile p of n samples.
func rank(p, n float64) float64 {
	x := p / 100 * n
	// The tolerance keeps 99.99% of 10000 at rank 9999 despite rounding.
	return max(1, math.Ceil(x-1e-9*max(1, x)))
}

// absPercentile is percentile p of |x|: the upper edge of the bin holding
// the sample of that rank, clipped to amax (the exact maximum).
func (h *histogram) absPercentile(p, amax float64) float64 {
	if h.r == 0 {
		return 0
	}
	a := h.abs()
	want, cum := rank(p, h.total()), 0.0
	for k, c := range a {
		cum += c
		if cum >= want {
			return min(float64(k+1)*h.width(), amax)
		}
	}
	return amax
}

// upperPercentile is percentile p of x, clipped to max.
func (h *histogram) upperPercentile(p, maxv float64) float64 {
	if h.r == 0 {
		return 0
	}
	want, cum := rank(p, h.total()), float64(h.zeros)
	for i, c := range h.counts {
		cum += float64(c)
		if cum >= want {
			return min(-h.r+float64(i+1)*h.width(), maxv)
		}
	}
	return maxv
}

// lowerPercentile mirrors upperPercentile: -(percentile p of -x), the
// lower edge of the bin holding the sample of rank p counted from the top,
// clipped to min.
func (h *histogram) lowerPercentile(p, minv float64) float64 {
	if h.r == 0 {
		return 0
	}
	want, cum := rank(p, h.total()), float64(h.zeros)
	for i := len(h.counts) - 1; i >= 0; i-- {
		cum += float64(h.counts[i])
		if cum >= want {
			return max(-h.r+float64(i)*h.width(), minv)
		}
	}
	return minv
}

// rebin spreads the histogram's counts of [lo, hi] over n equal bins,
// each fine bin's count split in proportion to its overlap (samples are
// taken as uniform within a fine bin, and never beyond the observed
// extremes lo and hi, which clip the first and last fine bins). With sums
// kept, the second result holds each bin's sum of samples (split in the
// same proportion, so a bin's mean stays exact for one-valued fine bins).
func (h *histogram) rebin(n int, lo, hi float64) (counts, sums []float64) {
	counts = make([]float64, n)
	if h.sums != nil {
		sums = make([]float64, n)
	}
	if h.r == 0 || hi <= lo {
		counts[0] = h.total()
		return counts, sums
	}
	w, W := h.width(), (hi-lo)/float64(n)
	for i, c := range h.counts {
		if c == 0 {
			continue
		}
		var sum float64
		if sums != nil {
			sum = h.sums[i]
		}
		a, b := max(-h.r+float64(i)*w, lo), min(-h.r+float64(i+1)*w, hi)
		if b <= a {
			// A bin wholly outside [lo, hi] holds only samples on its edge.
			j := 0
			if a >= hi {
				j = n - 1
			}
			add(counts, sums, j, float64(c), sum)
			continue
		}
		spread(counts, sums, float64(c), sum, (a-lo)/W, (b-lo)/W)
	}
	return counts, sums
}

// absBins is rebin for |x| over [0, amax].
func (h *histogram) absBins(n int, amax float64) (counts, sums []float64) {
	counts = make([]float64, n)
	if h.sums != nil {
		sums = make([]float64, n)
	}
	if h.r == 0 || amax == 0 {
		counts[0] = h.total()
		return counts, sums
	}
	w, W := h.width(), amax/float64(n)
	for k, c := range h.abs() {
		if c == 0 {
			continue
		}
		var sum float64
		if sums != nil {
			sum = h.sums[halfBins+k] - h.sums[halfBins-1-k]
		}
		a, b := float64(k)*w, min(float64(k+1)*w, amax)
		if b <= a {
			add(counts, sums, n-1, c, sum)
			continue
		}
		spread(counts, sums, c, sum, a/W, b/W)
	}
	return counts, sums
}

func add(counts, sums []float64, j int, c, sum float64) {
	counts[j] += c
	if sums != nil {
		sums[j] += sum
	}
}

// spread adds c (and sum) over the bin interval [a, b) (in bin units).
func spread(counts, sums []float64, c, sum, a, b float64) {
	n := len(counts)
	i0, i1 := int(a), int(b)
	if i1 >= n {
		i1 = n - 1
	}
	if i0 >= i1 {
		add(counts, sums, min(i0, n-1), c, sum)
		return
	}
	share := func(j int, f float64) { add(counts, sums, j, c*f/(b-a), sum*f/(b-a)) }
	share(i0, float64(i0+1)-a)
	for j := i0 + 1; j < i1; j++ {
		share(j, 1)
	}
	share(i1, b-float64(i1))
}
