package observe

import "math"

// entropyBins is the size of the |x| histogram the entropy method works
// on, as TensorRT's entropy calibrator.
const entropyBins = 2048

// DefaultEntropyMinSamples is the fewest nonzero samples entropy
// calibrates on by default: 16 per bin. The divergence of a sparser
// histogram is ruled by empty bins, and its threshold clips the thin
// tail, whose few samples carry much of the signal: a global average
// pool's or the logits' 4096 to 8000 values over 8 calibration images
// lost 6 to 8 dB on resnet18 (Gaussian data: 4096 samples clip at 3.5σ,
// 33.7 dB, where the MSE range gives 40). Such a value gets the mse
// method's range instead (Config.EntropyMinSamples).
const DefaultEntropyMinSamples = 16 * entropyBins

func (c Config) entropyMinSamples() int64 {
	if c.EntropyMinSamples == 0 {
		return DefaultEntropyMinSamples
	}
	return c.EntropyMinSamples
}

// entropyLevels is the number of quantization levels over [0, t]: 2^(b-1)
// (128 for 8 bits, as TensorRT), or 2^b for an asymmetric storage of data
// that is never negative, whose whole grid lies over [0, t] (as
// pytorch-quantization's unsigned case).
func (o *Observer) entropyLevels() int {
	st := o.cfg.Storage
	if !st.Symmetric && o.min >= 0 {
		return 1 << st.Bits
	}
	return 1 << (st.Bits - 1)
}

func (c Config) entropyLevelsMax() int {
	if c.Storage.Symmetric {
		return 1 << (c.Storage.Bits - 1)
	}
	return 1 << c.Storage.Bits
}

// entropyThreshold, as a fraction of max|x|, is TensorRT's entropy calibration over hist, the counts
// of |x| in equal bins over [0, max|x|]. For every candidate i from levels
// to len(hist): the reference distribution P is hist[:i] with the counts
// beyond (the clipped outliers) added to its last bin; the candidate Q
// quantizes hist[:i] into `levels` groups of consecutive bins (group j is
// bins [j*i/levels, (j+1)*i/levels), rounded down) and spreads each
// group's total evenly back over the group's non-empty bins (empty bins
// stay empty). The threshold is the upper edge of bin i-1 for the i whose
// KL(P||Q), both normalised, is least; ties go to the smaller i. A bin
// where P > 0 and Q = 0 makes the divergence infinite.
func entropyThreshold(hist []float64, levels int) float64 {
	n := len(hist)
	var total float64
	for _, c := range hist {
		total += c
	}
	best, bestKL := n, math.Inf(1)
	p := make([]float64, n)
	q := make([]float64, n)
	suffix := make([]float64, n+1)
	for i := n - 1; i >= 0; i-- {
		suffix[i] = suffix[i+1] + hist[i]
	}
	for i := levels; i <= n; i++ {
		copy(p, hist[:i])
		p[i-1] += suffix[i]
		for j := range levels {
			a, b := j*i/levels, (j+1)*i/levels
			var sum float64
			nonzero := 0
			for k := a; k < b; k++ {
				sum += hist[k]
				if hist[k] > 0 {
					nonzero++
				}
			}
			for k := a; k < b; k++ {
				q[k] = 0
				if hist[k] > 0 {
					q[k] = sum / float64(nonzero)
				}
			}
		}
		var qsum float64
		for k := range i {
			qsum += q[k]
		}
		kl := 0.0
		for k := range i {
			if p[k] == 0 {
				continue
			}
			if q[k] == 0 {
				kl = math.Inf(1)
				break
			}
			pk, qk := p[k]/total, q[k]/qsum
			kl += pk * math.Log(pk/qk)
		}
		if kl < bestKL {
			best, bestKL = i, kl
		}
	}
	return float64(best) / float64(n)
}
