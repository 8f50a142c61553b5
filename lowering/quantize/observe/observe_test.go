package observe

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

var (
	sym8    = Storage{Bits: 8, Signed: true, Symmetric: true}
	asym8   = Storage{Bits: 8, Signed: false}
	methods = []Method{MinMax, Percentile, Entropy, MSE}
)

func run(t *testing.T, cfg Config, batches ...[]float32) Range {
	t.Helper()
	o, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range batches {
		if err := o.Observe(b); err != nil {
			t.Fatal(err)
		}
	}
	r, err := o.Range()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func uniform(rng *rand.Rand, n int, lo, hi float64) []float32 {
	out := make([]float32, n)
	for i := range out {
		out[i] = float32(lo + (hi-lo)*rng.Float64())
	}
	return out
}

// gaussianOutliers: N(0,1) with every 1000th sample at ±50.
func gaussianOutliers(rng *rand.Rand, n int) []float32 {
	out := make([]float32, n)
	for i := range out {
		out[i] = float32(rng.NormFloat64())
		if i%1000 == 999 {
			out[i] = float32(50 * (1 - 2*float64(i/1000%2)))
		}
	}
	return out
}

// nearestRank is the exact percentile p of xs.
func nearestRank(xs []float64, p float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	k := int(math.Ceil(p/100*float64(len(s)) - 1e-9))
	return s[max(k, 1)-1]
}

func TestMinMax(t *testing.T) {
	xs := []float32{0.5, -1.25, 3, 2}
	if r := run(t, Config{Method: MinMax, Storage: sym8}, xs); r != (Range{-3, 3}) {
		t.Errorf("symmetric: %v", r)
	}
	if r := run(t, Config{Method: MinMax, Storage: asym8}, xs[:2], xs[2:]); r != (Range{-1.25, 3}) {
		t.Errorf("asymmetric: %v", r)
	}
	// An asymmetric range holds zero.
	if r := run(t, Config{Method: MinMax, Storage: asym8}, []float32{2, 5}); r != (Range{0, 5}) {
		t.Errorf("positive data: %v", r)
	}
	if r := run(t, Config{Method: MinMax, Storage: asym8}, []float32{-2, -5}); r != (Range{-5, 0}) {
		t.Errorf("negative data: %v", r)
	}
}

func TestPercentileOfUniform(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	// A stream that widens: the histogram doubles its range twice.
	batches := [][]float32{uniform(rng, 20000, -0.2, 0.2), uniform(rng, 30000, -1, 1), uniform(rng, 50000, -4, 4)}
	var all, abs []float64
	for _, b := range batches {
		for _, x := range b {
			all = append(all, float64(x))
			abs = append(abs, math.Abs(float64(x)))
		}
	}
	amax := slices.Max(abs)
	bound := 2 * amax / halfBins
	for _, p := range []float64{50, 90, 99, 99.99, 100} {
		r := run(t, Config{Method: Percentile, Percentile: p, Storage: sym8}, batches...)
		want := nearestRank(abs, p)
		if math.Abs(r.Hi-want) > bound || r.Lo != -r.Hi {
			t.Errorf("p=%g: got %v, want ±%g within %g", p, r, want, bound)
		}
		ra := run(t, Config{Method: Percentile, Percentile: p, Storage: asym8}, batches...)
		neg := make([]float64, len(all))
		for i, x := range all {
			neg[i] = -x
		}
		wantHi, wantLo := nearestRank(all, p), -nearestRank(neg, p)
		if math.Abs(ra.Hi-max(wantHi, 0)) > bound || math.Abs(ra.Lo-min(wantLo, 0)) > bound {
			t.Errorf("p=%g asymmetric: got %v, want [%g, %g] within %g", p, ra, wantLo, wantHi, bound)
		}
	}
	// The default is 99.99: of 100000 samples, the 10th largest |x|.
	r := run(t, Config{Method: Percentile, Storage: sym8}, batches...)
	if want := nearestRank(abs, 99.99); math.Abs(r.Hi-want) > bound {
		t.Errorf("default percentile: %v, want %g", r, want)
	}
}

func TestPercentileClipsOutliers(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	xs := gaussianOutliers(rng, 100000)
	r := run(t, Config{Method: Percentile, Percentile: 99.9, Storage: sym8}, xs)
	// 0.1% are outliers at 50: the 99.9th percentile is the largest
	// gaussian sample region, not 50.
	if r.Hi > 5 || r.Hi < 2.5 {
		t.Errorf("got %v, want about ±3.3", r)
	}
}

func TestHistogramMergeKeepsCounts(t *testing.T) {
	h := newHistogram(true)
	xs := []float64{0, 0.3, -0.7, 0.999, 5, -17, 100}
	for _, x := range xs {
		h.grow(math.Abs(x))
		h.add(x)
	}
	if h.total() != float64(len(xs)) || h.r != 128 {
		t.Fatalf("total %g r %g", h.total(), h.r)
	}
	// Each sample's bin contains it after the merges.
	for _, x := range xs {
		i := int(math.Floor((x + h.r) / h.width()))
		if h.counts[i] == 0 {
			t.Errorf("sample %g's bin %d is empty", x, i)
		}
	}
}

func TestEntropyUniformKeepsMax(t *testing.T) {
	// On a flat histogram the full range quantizes without loss (KL 0),
	// and any smaller threshold piles the clipped mass into one bin.
	flat := make([]float64, entropyBins)
	for i := range flat {
		flat[i] = 10
	}
	if got := entropyThreshold(flat, 128); got != 1 {
		t.Errorf("flat histogram: threshold %g of max, want 1", got)
	}
}

func TestEntropyClipsHeavyTail(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	xs := gaussianOutliers(rng, 200000)
	r := run(t, Config{Method: Entropy, Storage: sym8}, xs)
	if r.Hi >= 25 || r.Hi < 3 {
		t.Errorf("heavy tail: %v, want a threshold well below the max 50 and above the gaussian bulk", r)
	}
	// Without outliers on uniform data it keeps (nearly) the whole range.
	u := uniform(rng, 200000, -2, 2)
	r = run(t, Config{Method: Entropy, Storage: sym8}, u)
	if r.Hi < 1.9 || r.Hi > 2 {
		t.Errorf("uniform: %v, want about ±2", r)
	}
}

// rawMSE is the quantization error of xs over r, on the samples themselves.
func rawMSE(xs []float32, r Range, st Storage) float64 {
	var e float64
	for _, x := range xs {
		e += QuantError(float64(x), r, st)
	}
	return e / float64(len(xs))
}

func TestMSEMinimisesError(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	xs := gaussianOutliers(rng, 50000)
	r := run(t, Config{Method: MSE, Storage: sym8}, xs)
	got := rawMSE(xs, r, sym8)
	best, bestT := math.Inf(1), 0.0
	for k := 1; k <= 2000; k++ {
		tt := 50 * float64(k) / 2000
		if e := rawMSE(xs, Range{-tt, tt}, sym8); e < best {
			best, bestT = e, tt
		}
	}
	if got > best*1.02 {
		t.Errorf("symmetric: range %v has MSE %g; brute force finds ±%g with %g", r, got, bestT, best)
	}
	// Data on the int8 grid of ±127 quantizes without error only there:
	// any smaller threshold clips 127 (bins are read at their means, so
	// the search sees the exact values).
	var grid []float32
	for v := -127; v <= 127; v += 3 {
		grid = append(grid, float32(v))
	}
	if r := run(t, Config{Method: MSE, Storage: sym8}, grid, []float32{127}); r != (Range{-127, 127}) {
		t.Errorf("grid data: %v, want [-127, 127]", r)
	}

	// At 4 bits, clipping a gaussian's tails pays.
	g := make([]float32, 50000)
	for i := range g {
		g[i] = float32(rng.NormFloat64())
	}
	s4 := Storage{Bits: 4, Signed: true, Symmetric: true}
	r = run(t, Config{Method: MSE, Storage: s4}, g)
	amax := float64(max(slices.Max(g), -slices.Min(g)))
	if got, mm := rawMSE(g, r, s4), rawMSE(g, Range{-amax, amax}, s4); got > mm/1.5 || r.Hi > 0.8*amax {
		t.Errorf("4-bit gaussian: MSE range %v (%g) is not clearly better than min-max ±%g (%g)", r, got, amax, mm)
	}

	// Asymmetric 4-bit on skewed data.
	st := Storage{Bits: 4}
	sk := make([]float32, 20000)
	for i := range sk {
		sk[i] = float32(math.Exp(rng.NormFloat64()) - 1.5)
	}
	r = run(t, Config{Method: MSE, Storage: st}, sk)
	got = rawMSE(sk, r, st)
	lo, hi := float64(slices.Min(sk)), float64(slices.Max(sk))
	best = math.Inf(1)
	var bestR Range
	for i := 1; i <= 60; i++ {
		for j := 1; j <= 60; j++ {
			rr := Range{lo * float64(i) / 60, hi * float64(j) / 60}
			if e := rawMSE(sk, rr, st); e < best {
				best, bestR = e, rr
			}
		}
	}
	if got > best*1.02 {
		t.Errorf("asymmetric: range %v has MSE %g; brute force finds %v with %g", r, got, bestR, best)
	}
}

func TestDegenerateStreams(t *testing.T) {
	for _, m := range methods {
		for _, st := range []Storage{sym8, asym8} {
			cfg := Config{Method: m, Storage: st}
			if r := run(t, cfg, make([]float32, 7), []float32{0}); r != (Range{}) {
				t.Errorf("%s %+v all-zero: %v", m, st, r)
			}
			r := run(t, cfg, []float32{3, 3, 3}, []float32{3})
			lo := -3.0
			if !st.Symmetric {
				lo = 0
			}
			// MSE sees the constant at a bin centre, a 2048th off.
			if math.Abs(r.Hi-3) > 3.0/2048 || math.Abs(r.Lo-lo) > 3.0/2048 {
				t.Errorf("%s %+v constant 3: %v", m, st, r)
			}
			r = run(t, cfg, []float32{-2.5})
			hi := 2.5
			if !st.Symmetric {
				hi = 0
			}
			if math.Abs(r.Lo+2.5) > 2.5/2048 || math.Abs(r.Hi-hi) > 2.5/2048 {
				t.Errorf("%s %+v single -2.5: %v", m, st, r)
			}
		}
	}
}

func TestRejectsNonFinite(t *testing.T) {
	for _, m := range methods {
		o, err := New(Config{Method: m, Storage: sym8})
		if err != nil {
			t.Fatal(err)
		}
		if err := o.Observe([]float32{1, 2}); err != nil {
			t.Fatal(err)
		}
		for _, bad := range []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1))} {
			err := o.Observe([]float32{0, 100, bad})
			var nf *NonFiniteError
			if !errors.As(err, &nf) || nf.Index != 2 {
				t.Errorf("%s: %v, want element 2 rejected", m, err)
			}
		}
		if r, _ := o.Range(); o.Count() != 2 || r.Hi != 2 && m == MinMax {
			t.Errorf("%s: a rejected batch changed the observer (%d samples, %v)", m, o.Count(), r)
		}
	}
	o, _ := New(Config{Method: MinMax, Storage: sym8})
	if _, err := o.Range(); err == nil {
		t.Error("a range with no samples")
	}
}

func TestConfigErrors(t *testing.T) {
	for _, c := range []struct {
		cfg  Config
		want string
	}{
		{Config{Method: "max", Storage: sym8}, "unknown calibration method"},
		{Config{Method: MinMax, Storage: Storage{Bits: 1}}, "1 bits"},
		{Config{Method: MinMax, Storage: Storage{Bits: 17}}, "17 bits"},
		{Config{Method: Percentile, Percentile: 101, Storage: sym8}, "percentile 101"},
		{Config{Method: Percentile, Percentile: -1, Storage: sym8}, "percentile -1"},
		{Config{Method: Entropy, Storage: Storage{Bits: 16, Symmetric: true}}, "cannot calibrate 16-bit"},
	} {
		if _, err := New(c.cfg); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.cfg, err, c.want)
		}
	}
}

func TestPerChannelSymmetric(t *testing.T) {
	w := []float32{1, -4, 2, 0.5, 3, -0.25}
	r, err := PerChannelSymmetric(w, []int64{2, 3}, 0)
	if err != nil || !slices.Equal(r, []Range{{-4, 4}, {-3, 3}}) {
		t.Errorf("axis 0: %v %v", r, err)
	}
	r, err = PerChannelSymmetric(w, []int64{2, 3}, -1)
	if err != nil || !slices.Equal(r, []Range{{-1, 1}, {-4, 4}, {-2, 2}}) {
		t.Errorf("axis -1: %v %v", r, err)
	}
	r, err = PerChannelSymmetric([]float32{0, 0, 1, -1}, []int64{2, 2}, 0)
	if err != nil || !slices.Equal(r, []Range{{}, {-1, 1}}) || math.Signbit(r[0].Lo) {
		t.Errorf("zero channel: %v %v", r, err)
	}
	if _, err := PerChannelSymmetric(w, []int64{2, 3}, 2); err == nil {
		t.Error("axis 2 of rank 2 accepted")
	}
	if _, err := PerChannelSymmetric(w, []int64{2, 2}, 0); err == nil {
		t.Error("wrong element count accepted")
	}
	var nf *NonFiniteError
	if _, err := PerChannelSymmetric([]float32{1, float32(math.NaN())}, []int64{2}, 0); !errors.As(err, &nf) || nf.Index != 1 {
		t.Errorf("NaN: %v", err)
	}
}

func TestQuantErrorGrid(t *testing.T) {
	// Symmetric int8 over ±127: integers are exact, halves round to even.
	r := Range{-127, 127}
	for x, want := range map[float64]float64{3: 0, 2.5: 0.25, 3.5: 0.25, 200: 73 * 73, -130: 9} {
		if got := QuantError(x, r, sym8); math.Abs(got-want) > 1e-12 {
			t.Errorf("QuantError(%g) = %g, want %g", x, got, want)
		}
	}
	// Asymmetric 8-bit over [-1, 254]: step 1, zero point 1.
	if got := QuantError(-1, Range{-1, 254}, asym8); got != 0 {
		t.Errorf("asymmetric: %g", got)
	}
}

// TestEntropyIgnoresExactZeros: a ReLU's output is half exact zeros,
// which quantize without error at any threshold. As a spike in bin 0
// they used to drag entropy's threshold to a fraction of the bulk (and a
// ReLU network's SQNR from 33 to 13 dB); the threshold must be the one of
// the nonzero samples alone.
func TestEntropyIgnoresExactZeros(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	pos := make([]float32, 100000)
	for i := range pos {
		pos[i] = float32(math.Abs(rng.NormFloat64()))
	}
	withZeros := append(make([]float32, 3*len(pos)), pos...)
	for _, st := range []Storage{sym8, asym8} {
		cfg := Config{Method: Entropy, Storage: st}
		alone, zeros := run(t, cfg, pos), run(t, cfg, withZeros)
		if zeros != alone {
			t.Errorf("%+v: with zeros %v, without %v", st, zeros, alone)
		}
		if alone.Hi < 2.5 {
			t.Errorf("%+v: %v clips the half-normal bulk", st, alone)
		}
	}
}

// TestEntropyFewSamplesUsesMSE: below entropyMinSamples nonzero samples
// the histogram is too sparse for the divergence, and entropy gives the
// mse range; above it, its own.
func TestEntropyFewSamplesUsesMSE(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for _, st := range []Storage{sym8, asym8} {
		few := make([]float32, 4096)
		for i := range few {
			few[i] = float32(rng.NormFloat64())
		}
		// Zeros do not count toward the minimum.
		padded := append(make([]float32, DefaultEntropyMinSamples), few...)
		ent, mse := run(t, Config{Method: Entropy, Storage: st}, padded), run(t, Config{Method: MSE, Storage: st}, padded)
		if ent != mse {
			t.Errorf("%+v, 4096 samples: entropy %v, mse %v", st, ent, mse)
		}
		if own := run(t, Config{Method: Entropy, Storage: st, EntropyMinSamples: 1}, padded); own == mse {
			t.Errorf("%+v: EntropyMinSamples 1 still gave the mse range %v", st, own)
		}
		many := make([]float32, 4*DefaultEntropyMinSamples)
		for i := range many {
			many[i] = float32(rng.NormFloat64())
		}
		ent, mse = run(t, Config{Method: Entropy, Storage: st}, many), run(t, Config{Method: MSE, Storage: st}, many)
		if ent == mse {
			t.Errorf("%+v, %d samples: entropy gave the mse range %v", st, len(many), ent)
		}
	}
}
