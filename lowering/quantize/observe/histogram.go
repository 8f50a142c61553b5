package observe

import "math"

// halfBins is the number of histogram bins on each side of zero.
const halfBins = 8192

// histogram counts samples in 2*halfBins bins of width w = r/halfBins over
// [-r, r], r a power of two. When a sample falls outside, r doubles and
// pairs of bins merge; since the old edges are a subset of the new ones
// the merge is exact, and the memory stays 2*halfBins counts whatever the
// stream. r stays below twice the largest |x| seen, so a quantity read
// from the histogram (a percentile) is within one bin, w < 2*max|x|/8192,
// of the same quantity of the samples.
type histogram struct {
	r      float64 // 0 until a non-zero sample arrives
	zeros  uint64  // zeros seen while r is 0
	counts []uint64
}

func newHistogram() *histogram { return &histogram{counts: make([]uint64, 2*halfBins)} }

func (h *histogram) width() float64 { return h.r / halfBins }

// grow makes [-r, r] hold amax.
func (h *histogram) grow(amax float64) {
	if amax == 0 {
		return
	}
	if h.r == 0 {
		// The smallest power of two at or above amax.
		frac, exp := math.Frexp(amax)
		if frac == 0.5 {
			exp--
		}
		h.r = math.Ldexp(1, exp)
		h.counts[halfBins] += h.zeros
		h.zeros = 0
		return
	}
	for h.r < amax {
		// Bin i of [-r, r) sits at offset halfBins+i bins of width w from
		// -2r; bins of width 2w there are those offsets halved.
		merged := make([]uint64, len(h.counts))
		for i, c := range h.counts {
			merged[(halfBins+i)/2] += c
		}
		h.counts = merged
		h.r *= 2
	}
}

// add counts x; grow has made room for it.
func (h *histogram) add(x float64) {
	if h.r == 0 {
		h.zeros++
		return
	}
	i := int(math.Floor((x + h.r) / h.width()))
	h.counts[min(max(i, 0), len(h.counts)-1)]++
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
// extremes lo and hi, which clip the first and last fine bins).
func (h *histogram) rebin(n int, lo, hi float64) []float64 {
	out := make([]float64, n)
	if h.r == 0 || hi <= lo {
		out[0] = h.total()
		return out
	}
	w, W := h.width(), (hi-lo)/float64(n)
	for i, c := range h.counts {
		if c == 0 {
			continue
		}
		a, b := max(-h.r+float64(i)*w, lo), min(-h.r+float64(i+1)*w, hi)
		if b <= a {
			// A bin wholly outside [lo, hi] holds only samples on its edge.
			j := 0
			if a >= hi {
				j = n - 1
			}
			out[j] += float64(c)
			continue
		}
		spread(out, float64(c), (a-lo)/W, (b-lo)/W)
	}
	if h.zeros > 0 {
		j := min(max(int(-lo/W), 0), n-1)
		out[j] += float64(h.zeros)
	}
	return out
}

// absBins is rebin for |x| over [0, amax].
func (h *histogram) absBins(n int, amax float64) []float64 {
	out := make([]float64, n)
	if h.r == 0 || amax == 0 {
		out[0] = h.total()
		return out
	}
	w, W := h.width(), amax/float64(n)
	for k, c := range h.abs() {
		if c == 0 {
			continue
		}
		a, b := float64(k)*w, min(float64(k+1)*w, amax)
		if b <= a {
			out[n-1] += c
			continue
		}
		spread(out, c, a/W, b/W)
	}
	return out
}

// spread adds c over the bin interval [a, b) (in bin units) of out.
func spread(out []float64, c, a, b float64) {
	n := len(out)
	i0, i1 := int(a), int(b)
	if i1 >= n {
		i1 = n - 1
	}
	if i0 >= i1 {
		out[min(i0, n-1)] += c
		return
	}
	per := c / (b - a)
	out[i0] += per * (float64(i0+1) - a)
	for j := i0 + 1; j < i1; j++ {
		out[j] += per
	}
	out[i1] += per * (b - float64(i1))
}
