// Package metrics compares a tensor with a reference: the element-wise
// tolerance check of ONNX's backend tests and the accuracy figures that
// conformance, `mlc compare` and the accuracy gate report. Every function
// takes the result first and the reference second, and fails with
// *ShapeError when their dtypes or shapes differ.
//
// Formulas, with g the result, w the reference, over all elements i:
//
//	AllClose        |g−w| ≤ atol + rtol·|w| per element; NaN equals NaN, ±Inf only itself
//	MaxAbs          max |g−w|  (+Inf where one side is NaN or ±Inf and they differ)
//	Range           max(w) − min(w) over the finite elements of w (0 when none)
//	RangeRelative   MaxAbs / Range(w)  (0 when both are 0, +Inf when only Range is)
//	SQNR            10·log10(Σw² / Σ(g−w)²) dB  (+Inf when g = w, NaN on any NaN)
//	Cosine          Σg·w / (√Σg² · √Σw²)  (1 when both are all zero, 0 when one is)
//	TopKAgreement   mean over the rows of the last axis of |topk(g) ∩ topk(w)| / k
package metrics

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/mlc-go/mlc/internal/tensor"
)

// ShapeError says why two tensors cannot be compared element by element.
type ShapeError struct {
	What      string // "dtype" or "shape"
	Got, Want string
}

func (e *ShapeError) Error() string { return fmt.Sprintf("%s %s, want %s", e.What, e.Got, e.Want) }

// check requires equal dtypes and shapes.
func check(got, want *tensor.Tensor) error {
	if got.DType() != want.DType() {
		return &ShapeError{"dtype", got.DType().String(), want.DType().String()}
	}
	if !tensor.ShapeEqual(got.Shape(), want.Shape()) {
		return &ShapeError{"shape", tensor.FormatShape(got.Shape()), tensor.FormatShape(want.Shape())}
	}
	return nil
}

// Diff is the outcome of AllClose.
type Diff struct {
	Len    int     // elements compared
	Count  int     // elements outside the tolerance
	First  int     // flat index of the first of them; -1 when none
	Got    float64 // the result at First
	Want   float64 // the reference at First
	MaxAbs float64 // as MaxAbs
}

// OK reports whether every element is within the tolerance.
func (d *Diff) OK() bool { return d.Count == 0 }

// AllClose checks |g−w| ≤ atol + rtol·|w| per element, as ONNX's backend
// runner (numpy.testing.assert_allclose) does: NaN equals NaN, an infinity
// equals only itself. Integers and booleans are compared on exact int64
// differences, which float64 would round above 2^53.
func AllClose(got, want *tensor.Tensor, rtol, atol float64) (*Diff, error) {
	if err := check(got, want); err != nil {
		return nil, err
	}
	d := &Diff{Len: want.Len(), First: -1}
	fail := func(i int, g, w float64) {
		if d.Count == 0 {
			d.First, d.Got, d.Want = i, g, w
		}
		d.Count++
	}
	if !want.DType().IsFloat() {
		gv, wv := got.IntValues(), want.IntValues()
		for i := range gv {
			if gv[i] == wv[i] {
				continue
			}
			e := absDiff(gv[i], wv[i])
			d.MaxAbs = max(d.MaxAbs, e)
			if e > atol+rtol*math.Abs(float64(wv[i])) {
				fail(i, float64(gv[i]), float64(wv[i]))
			}
		}
		return d, nil
	}
	gv, wv := got.Values(), want.Values()
	for i := range gv {
		g, w := gv[i], wv[i]
		e := elemAbs(g, w)
		if e == 0 {
			continue
		}
		d.MaxAbs = max(d.MaxAbs, e)
		if math.IsInf(e, 1) || e > atol+rtol*math.Abs(w) {
			fail(i, g, w)
		}
	}
	return d, nil
}

// elemAbs is |g−w|, 0 for equal values and for two NaNs, +Inf where one
// side is NaN or infinite and they differ.
func elemAbs(g, w float64) float64 {
	if g == w || g != g && w != w {
		return 0
	}
	if math.IsNaN(g) || math.IsNaN(w) || math.IsInf(g, 0) || math.IsInf(w, 0) {
		return math.Inf(1)
	}
	return math.Abs(g - w)
}

func absDiff(a, b int64) float64 {
	if a > b {
		return float64(uint64(a - b))
	}
	return float64(uint64(b - a))
}

// MaxAbs is the largest |g−w|: +Inf where one side is NaN or infinite and
// the other differs, 0 for two empty tensors.
func MaxAbs(got, want *tensor.Tensor) (float64, error) {
	d, err := AllClose(got, want, 0, math.Inf(1))
	if err != nil {
		return 0, err
	}
	return d.MaxAbs, nil
}

// Range is max(w) − min(w) over the finite elements of t, exact for
// integers; 0 when t has no finite element.
func Range(t *tensor.Tensor) float64 {
	if !t.DType().IsFloat() {
		v := t.IntValues()
		if len(v) == 0 {
			return 0
		}
		return absDiff(slices.Max(v), slices.Min(v))
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, x := range t.Values() {
		if !math.IsNaN(x) && !math.IsInf(x, 0) {
			lo, hi = min(lo, x), max(hi, x)
		}
	}
	if lo > hi {
		return 0
	}
	return hi - lo
}

// RangeRelative is MaxAbs divided by the reference's Range: the error as a
// fraction of the output's spread, which suits whole networks whose float
// error grows with depth. A constant reference gives 0 when matched
// exactly and +Inf otherwise.
func RangeRelative(got, want *tensor.Tensor) (float64, error) {
	m, err := MaxAbs(got, want)
	if err != nil {
		return 0, err
	}
	if m == 0 {
		return 0, nil
	}
	return m / Range(want), nil
}

// SQNR is the signal-to-quantization-noise ratio in dB, the reference as
// the signal and g−w as the noise: +Inf for identical tensors (including
// two all-zero ones), −Inf for a zero reference with non-zero noise, NaN
// when either holds a NaN or an infinity.
func SQNR(got, want *tensor.Tensor) (float64, error) {
	if err := check(got, want); err != nil {
		return 0, err
	}
	var signal, noise float64
	gv, wv := got.Values(), want.Values()
	for i := range gv {
		g, w := gv[i], wv[i]
		if !finite(g) || !finite(w) {
			return math.NaN(), nil
		}
		signal += w * w
		noise += (g - w) * (g - w)
	}
	switch {
	case noise == 0:
		return math.Inf(1), nil
	case signal == 0:
		return math.Inf(-1), nil
	}
	return 10 * math.Log10(signal/noise), nil
}

// Cosine is the cosine similarity of the flattened tensors: 1 when both
// are all zero (identical), 0 when only one is, NaN when either holds a
// NaN or an infinity.
func Cosine(got, want *tensor.Tensor) (float64, error) {
	if err := check(got, want); err != nil {
		return 0, err
	}
	var dot, gg, ww float64
	gv, wv := got.Values(), want.Values()
	for i := range gv {
		g, w := gv[i], wv[i]
		if !finite(g) || !finite(w) {
			return math.NaN(), nil
		}
		dot += g * w
		gg += g * g
		ww += w * w
	}
	switch {
	case gg == 0 && ww == 0:
		return 1, nil
	case gg == 0 || ww == 0:
		return 0, nil
	}
	// Rounding can take |cos| a hair past 1.
	return max(-1, min(1, dot/(math.Sqrt(gg)*math.Sqrt(ww)))), nil
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// TopKAgreement compares classifications along the last axis: for each
// row, the share of the k largest entries of the reference that are also
// among the k largest of the result; the mean over the rows. k = 1 is
// top-1 (argmax) agreement. Ties go to the lower index; NaN ranks below
// every number. k must be in [1, size of the last axis]; a tensor with
// no rows agrees fully.
func TopKAgreement(got, want *tensor.Tensor, k int) (float64, error) {
	if err := check(got, want); err != nil {
		return 0, err
	}
	if want.Rank() == 0 {
		return 0, fmt.Errorf("top-%d agreement needs at least one axis, got a scalar", k)
	}
	n := int(want.Dim(want.Rank() - 1))
	if k < 1 || k > n {
		return 0, fmt.Errorf("k = %d is outside [1, %d] (the size of the last axis)", k, n)
	}
	gv, wv := got.Values(), want.Values()
	rows := len(wv) / n
	if rows == 0 {
		return 1, nil
	}
	var sum float64
	for r := range rows {
		tg := topK(gv[r*n:(r+1)*n], k)
		tw := topK(wv[r*n:(r+1)*n], k)
		hit := 0
		for _, i := range tw {
			if slices.Contains(tg, i) {
				hit++
			}
		}
		sum += float64(hit) / float64(k)
	}
	return sum / float64(rows), nil
}

// topK returns the indices of the k largest values of row.
func topK(row []float64, k int) []int {
	idx := make([]int, len(row))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		x, y := row[a], row[b]
		switch {
		case math.IsNaN(x) || math.IsNaN(y):
			return cmp.Compare(boolInt(math.IsNaN(x)), boolInt(math.IsNaN(y)))
		}
		return cmp.Compare(y, x)
	})
	return idx[:k]
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
