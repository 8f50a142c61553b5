package observe

import "math"

// mseBins is the size of the histogram the MSE search works on; every
// sample in a bin counts as the bin's centre.
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
// its bin's centre; bins are equal over [lo, hi].
func histError(bins []float64, lo, hi float64, r Range, st Storage) float64 {
	w := (hi - lo) / float64(len(bins))
	var e float64
	for i, c := range bins {
		if c == 0 {
			continue
		}
		e += c * QuantError(lo+(float64(i)+0.5)*w, r, st)
	}
	return e
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
		bins := o.hist.absBins(mseBins, amax)
		best, bestErr := amax, math.Inf(1)
		for k := 1; k <= mseBins; k++ {
			t := amax * float64(k) / mseBins
			if e := histError(bins, 0, amax, Range{-t, t}, st); e < bestErr {
				best, bestErr = t, e
			}
		}
		return Range{-best, best}
	}
	lo, hi := min(o.min, 0), max(o.max, 0)
	bins := o.hist.rebin(mseBins, lo, hi)
	const grid = 48
	try := func(best Range, bestErr float64, ilo, ihi, jlo, jhi, step float64) (Range, float64) {
		for i := ilo; i <= ihi+1e-9; i += step {
			for j := jlo; j <= jhi+1e-9; j += step {
				r := Range{lo * min(i, 1), hi * min(j, 1)}
				if r.Hi <= r.Lo {
					continue
				}
				if e := histError(bins, lo, hi, r, st); e < bestErr {
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
