package observe

import "math"

// mseBins is the size of the histogram the MSE search works on; every
// sample in a bin counts as the bin's mean (exact when the bin holds one
// value, as for data already on a grid).
const mseBins = 2048

// QuantError is the squared error of x quantized to st's grid over r and
// back (round half to even, saturating), the quantity the mse method
// minimises; a symmetric grid over [-t, t] has 2^(b-1)-1 steps a side, an
// asymmetric one 2^b-1 steps over [lo, hi] with the zero point rounded to
// an integer step.
func QuantError(x float64, r Range, st Storage) float64 {
	d := x - dequant(x, r, st)
	return d * d
}

func dequant(x float64, r Range, st Storage) float64 {
	if st.Symmetric {
		t := max(-r.Lo, r.Hi)
		if t == 0 {
			return 0
		}
		L := st.sideSteps()
		s := t / L
		return min(max(math.RoundToEven(x/s), -L), L) * s
	}
	if r.Hi <= r.Lo {
		return min(max(x, r.Lo), r.Hi)
	}
	n := st.steps()
	s := (r.Hi - r.Lo) / n
	zp := min(max(math.RoundToEven(-r.Lo/s), 0), n)
	return (min(max(math.RoundToEven(x/s)+zp, 0), n) - zp) * s
}

// histError is the quantization error of the histogram's samples, each at
// its bin's mean.
func histError(counts, means []float64, r Range, st Storage) float64 {
	var e float64
	for i, c := range counts {
		if c != 0 {
			e += c * QuantError(means[i], r, st)
		}
	}
	return e
}

func means(counts, sums []float64) []float64 {
	out := make([]float64, len(counts))
	for i, c := range counts {
		if c != 0 {
			out[i] = sums[i] / c
		}
	}
	return out
}

// mseRange searches the clipping range of least quantization MSE. A
// symmetric storage tries every threshold t = k*max|x|/2048 (k = 1..2048)
// over the |x| histogram (the error is even in x). An asymmetric one
// searches lo = min*i/48 and hi = max*j/48 over the signed histogram, then
// refines around the best pair on a grid 8 times finer.
func (o *Observer) mseRange() Range {
	st := o.cfg.Storage
	if st.Symmetric {
		amax := max(-o.min, o.max)
		bins, sums := o.hist.absBins(mseBins, amax)
		m := means(bins, sums)
		best, bestErr := amax, math.Inf(1)
		for k := 1; k <= mseBins; k++ {
			t := amax * float64(k) / mseBins
			if e := histError(bins, m, Range{-t, t}, st); e < bestErr {
				best, bestErr = t, e
			}
		}
		return Range{-best, best}
	}
	lo, hi := min(o.min, 0), max(o.max, 0)
	bins, sums := o.hist.rebin(mseBins, lo, hi)
	m := means(bins, sums)
	const grid = 48
	try := func(best Range, bestErr float64, ilo, ihi, jlo, jhi, step float64) (Range, float64) {
		for i := ilo; i <= ihi+1e-9; i += step {
			for j := jlo; j <= jhi+1e-9; j += step {
				r := Range{lo * min(i, 1), hi * min(j, 1)}
				if r.Hi <= r.Lo {
					continue
				}
				if e := histError(bins, m, r, st); e < bestErr {
					best, bestErr = r, e
				}
			}
		}
		return best, bestErr
	}
	step := 1.0 / grid
	best, bestErr := try(Range{lo, hi}, math.Inf(1), step, 1, step, 1, step)
	fi, fj := 1.0, 1.0
	if lo < 0 {
		fi = best.Lo / lo
	}
	if hi > 0 {
		fj = best.Hi / hi
	}
	fine := step / 8
	best, _ = try(best, bestErr, max(fi-step, fine), min(fi+step, 1), max(fj-step, fine), min(fj+step, 1), fine)
	return best
}
