// Package observe computes quantization clipping ranges from a stream of
// float tensors: the observers of post-training calibration. It is pure
// numerics (the calibrate driver feeds it the interpreter's values).
//
// Methods, for a storage of b bits:
//   - minmax: the observed minimum and maximum.
//   - percentile: as NVIDIA's pytorch-quantization percentile calibrator, the
//     p-th percentile of |x| is the symmetric clipping threshold; for an
//     asymmetric storage both tails are clipped, lo at the (100-p)-th and hi
//     at the p-th percentile of x. Percentiles are nearest-rank (the
//     smallest value with at least p% of the samples at or below it), read
//     from a histogram (see histogram.go for the error bound).
//   - entropy: TensorRT's entropy calibrator: the threshold over a
//     2048-bin histogram of |x| whose 2^(b-1)-level quantization loses the
//     least information (KL divergence), see entropy.go. Samples exactly 0
//     are left out of the histogram: quantization never changes them. A
//     value with fewer nonzero samples than Config.EntropyMinSamples gets
//     the mse range instead.
//   - mse: the range whose quantization to the storage's grid has the least
//     mean squared error over the histogram, see mse.go.
//
// Ranges: a symmetric storage gets [-t, t]; an asymmetric one gets [lo, hi]
// widened to hold 0 (so that zero is exactly representable, as every
// integer-only runtime needs for padding). A range of [0, 0] means the
// value was identically zero. NaN and Inf samples are errors.
package observe

import (
	"fmt"
	"math"
	"strings"
)

// Method names an observer.
type Method string

const (
	MinMax     Method = "minmax"
	Percentile Method = "percentile"
	Entropy    Method = "entropy"
	MSE        Method = "mse"
)

// Methods lists the method names, for option docs and errors.
func Methods() []string {
	return []string{string(MinMax), string(Percentile), string(Entropy), string(MSE)}
}

// ParseMethod checks a method name.
func ParseMethod(s string) (Method, error) {
	for _, m := range Methods() {
		if s == m {
			return Method(s), nil
		}
	}
	return "", fmt.Errorf("unknown calibration method %q (want %s)", s, strings.Join(Methods(), ", "))
}

// DefaultPercentile is the percentile method's default.
const DefaultPercentile = 99.99

// Storage is the integer type a range is chosen for.
type Storage struct {
	Bits   int  // 2 to 16
	Signed bool // the stored integers are signed (i8) or not (ui8)
	// Symmetric: the zero point is the middle of the integer range, the
	// range is [-t, t] and the grid has 2^(Bits-1)-1 steps on each side
	// (TensorRT's narrow int8 range, -127..127); else the grid has
	// 2^Bits-1 steps over [lo, hi].
	Symmetric bool
}

// Int8 is TensorRT's storage: signed, symmetric, 8 bits.
var Int8 = Storage{Bits: 8, Signed: true, Symmetric: true}

// Validate checks the bit width.
func (s Storage) Validate() error {
	if s.Bits < 2 || s.Bits > 16 {
		return fmt.Errorf("storage of %d bits: want 2 to 16", s.Bits)
	}
	return nil
}

// sideSteps is the number of grid steps on each side of zero of a
// symmetric grid.
func (s Storage) sideSteps() float64 { return float64(int64(1)<<(s.Bits-1) - 1) }

// steps is the number of grid steps of an asymmetric grid.
func (s Storage) steps() float64 { return float64(int64(1)<<s.Bits - 1) }

// Range is a clipping range.
type Range struct{ Lo, Hi float64 }

func (r Range) String() string { return fmt.Sprintf("[%g, %g]", r.Lo, r.Hi) }

// Config chooses an observer.
type Config struct {
	Method Method
	// Percentile is used by the percentile method, in (0, 100]; 0 means
	// DefaultPercentile.
	Percentile float64
	Storage    Storage
	// EntropyMinSamples: the entropy method gives a value with fewer
	// nonzero samples the mse range; 0 means DefaultEntropyMinSamples.
	EntropyMinSamples int64
}

func (c Config) percentile() float64 {
	if c.Percentile == 0 {
		return DefaultPercentile
	}
	return c.Percentile
}

// Validate checks the configuration.
func (c Config) Validate() error {
	if _, err := ParseMethod(string(c.Method)); err != nil {
		return err
	}
	if err := c.Storage.Validate(); err != nil {
		return err
	}
	if p := c.percentile(); !(p > 0 && p <= 100) {
		return fmt.Errorf("percentile %g: want a value in (0, 100]", c.Percentile)
	}
	if c.Method == Entropy && c.entropyLevelsMax() > entropyBins {
		most := 11
		if c.Storage.Symmetric {
			most = 12
		}
		return fmt.Errorf("the entropy method works on %d bins and cannot calibrate %d-bit storage (at most %d bits)", entropyBins, c.Storage.Bits, most)
	}
	return nil
}

// NonFiniteError reports a NaN or infinite sample.
type NonFiniteError struct {
	Index int // the element's index in the slice given to Observe
	Value float64
}

func (e *NonFiniteError) Error() string {
	return fmt.Sprintf("element %d is %v", e.Index, e.Value)
}

// Observer accumulates the samples of one value. Its memory does not grow
// with the number of samples.
type Observer struct {
	cfg      Config
	n        int64
	min, max float64
	hist     *histogram // nil for minmax
	// zeros counts the samples exactly 0 (a ReLU's output is often half
	// zeros), which every grid represents exactly; entropy leaves them out.
	zeros int64
}

// New returns an observer; cfg is validated.
func New(cfg Config) (*Observer, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	o := &Observer{cfg: cfg, min: math.Inf(1), max: math.Inf(-1)}
	if cfg.Method != MinMax {
		// Entropy keeps the sums too: it falls back to MSE on few samples.
		o.hist = newHistogram(cfg.Method == MSE || cfg.Method == Entropy)
	}
	return o, nil
}

// Config returns the observer's configuration.
func (o *Observer) Config() Config { return o.cfg }

// Count is the number of samples observed.
func (o *Observer) Count() int64 { return o.n }

// Min and Max are the extremes observed (+Inf and -Inf before any sample).
func (o *Observer) Min() float64 { return o.min }
func (o *Observer) Max() float64 { return o.max }

// Observe adds samples. A NaN or Inf sample is a *NonFiniteError and
// leaves the observer unchanged.
func (o *Observer) Observe(xs []float32) error { return observe(o, xs) }

// ObserveF64 is Observe for float64 samples.
func (o *Observer) ObserveF64(xs []float64) error { return observe(o, xs) }

func observe[T float32 | float64](o *Observer, xs []T) error {
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, x := range xs {
		v := float64(x)
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return &NonFiniteError{Index: i, Value: v}
		}
		lo = min(lo, v)
		hi = max(hi, v)
	}
	if len(xs) == 0 {
		return nil
	}
	o.n += int64(len(xs))
	o.min = min(o.min, lo)
	o.max = max(o.max, hi)
	if o.hist != nil {
		o.hist.grow(max(-lo, hi))
		for _, x := range xs {
			if x == 0 {
				o.zeros++
			}
			o.hist.add(float64(x))
		}
	}
	return nil
}

// Range is the clipping range of the samples observed so far.
func (o *Observer) Range() (Range, error) {
	if o.n == 0 {
		return Range{}, fmt.Errorf("no samples observed")
	}
	st := o.cfg.Storage
	amax := max(-o.min, o.max)
	if amax == 0 {
		return Range{}, nil
	}
	switch o.cfg.Method {
	case MinMax:
		return o.finish(Range{o.min, o.max}), nil
	case Percentile:
		p := o.cfg.percentile()
		if st.Symmetric {
			return o.finish(Range{-o.hist.absPercentile(p, amax), 0}), nil
		}
		return o.finish(Range{o.hist.lowerPercentile(p, o.min), o.hist.upperPercentile(p, o.max)}), nil
	case Entropy:
		if o.n-o.zeros < o.cfg.entropyMinSamples() {
			return o.finish(o.mseRange()), nil
		}
		bins, _ := o.hist.absBins(entropyBins, amax)
		// Exact zeros sit in bin 0 (narrower than a fine bin's pair, so
		// wholly inside it). They lose nothing to any threshold, yet as a
		// spike in P they dominate the divergence and drag the threshold
		// down: every wider grouping averages bin 0 with its empty
		// neighbours. So they are left out, as pytorch-quantization's
		// histogram calibrator does with skip_zeros.
		bins[0] = max(bins[0]-float64(o.zeros), 0)
		t := entropyThreshold(bins, o.entropyLevels()) * amax
		return o.finish(Range{-t, t}), nil
	case MSE:
		return o.finish(o.mseRange()), nil
	}
	return Range{}, fmt.Errorf("unknown method %q", o.cfg.Method)
}

// RangeFor is the range for another storage than the observer's: what
// is observed does not depend on the storage, only the range chosen from
// it, so one calibration run serves targets of different storages.
func (o *Observer) RangeFor(st Storage) (Range, error) {
	c := *o
	c.cfg.Storage = st
	if err := c.cfg.Validate(); err != nil {
		return Range{}, err
	}
	return c.Range()
}

// finish makes a range symmetric ([-t, t] with t the larger magnitude) for
// a symmetric storage; for an asymmetric one it clips it to the observed
// extremes and widens it to hold zero.
func (o *Observer) finish(r Range) Range {
	if o.cfg.Storage.Symmetric {
		t := max(-r.Lo, r.Hi)
		return Range{-t, t}
	}
	return Range{min(max(r.Lo, o.min), 0), max(min(r.Hi, o.max), 0)}
}
