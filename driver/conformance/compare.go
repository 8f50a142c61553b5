package conformance

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/mlc-go/mlc/internal/tensor"
)

// Mode selects how outputs are compared.
type Mode string

const (
	// ModeNode is onnx.backend.test.runner's default check: per element
	// |got-want| <= Atol + Rtol*|want|, NaN equal to NaN.
	ModeNode Mode = "node"
	// ModeModel suits whole networks, whose float error accumulates over
	// many ops: max |got-want| <= ModelRelErr * (max(want) - min(want)),
	// per output.
	ModeModel Mode = "model"
)

// The tolerances of ONNX's backend test runner (TestCase defaults) and of
// the model mode.
const (
	Rtol        = 1e-3
	Atol        = 1e-7
	ModelRelErr = 1e-4
)

// Mismatch describes why an output differs from the reference.
type Mismatch struct {
	DataSet int    // test_data_set_<n>
	Output  int    // output index
	Reason  string // set when dtypes, shapes or counts differ
	// For element mismatches: the first failing element, how many fail,
	// and the largest absolute error over the output against its bound
	// (the bound is set in model mode only).
	Index     []int64
	Flat      int
	Got, Want float64
	Count     int
	Len       int
	MaxAbs    float64
	Bound     float64
	Model     bool // compared in model mode
}

func (m *Mismatch) String() string {
	where := fmt.Sprintf("test_data_set_%d output %d", m.DataSet, m.Output)
	if m.Reason != "" {
		return where + ": " + m.Reason
	}
	idx := make([]string, len(m.Index))
	for i, v := range m.Index {
		idx[i] = strconv.FormatInt(v, 10)
	}
	s := fmt.Sprintf("%s: %d of %d elements differ; first at [%s]: got %s, want %s; max abs error %.3g",
		where, m.Count, m.Len, strings.Join(idx, ","), fmtNum(m.Got), fmtNum(m.Want), m.MaxAbs)
	if m.Model {
		s += fmt.Sprintf(" > bound %.3g", m.Bound)
	} else {
		s += fmt.Sprintf(" (rtol %g, atol %g)", Rtol, Atol)
	}
	return s
}

func fmtNum(v float64) string { return strconv.FormatFloat(v, 'g', 8, 64) }

// outputError is what compareOutput measured: the largest absolute error
// and, in model mode, its bound.
type outputError struct{ maxAbs, bound float64 }

// compareOutput checks got against want; it returns a *Mismatch (with
// DataSet and Output left for the caller) when they differ.
func compareOutput(got, want *tensor.Tensor, mode Mode) (outputError, *Mismatch) {
	if got.DType() != want.DType() {
		return outputError{}, &Mismatch{Reason: fmt.Sprintf("dtype %s, want %s", got.DType(), want.DType())}
	}
	if !tensor.ShapeEqual(got.Shape(), want.Shape()) {
		return outputError{}, &Mismatch{Reason: fmt.Sprintf("shape %s, want %s", tensor.FormatShape(got.Shape()), tensor.FormatShape(want.Shape()))}
	}
	n := want.Len()
	m := &Mismatch{Len: n, Flat: -1, Model: mode == ModeModel}
	var e outputError
	within := func(d, w float64) bool {
		if mode == ModeModel {
			return d <= e.bound
		}
		return d <= Atol+Rtol*math.Abs(w)
	}
	fail := func(i int, g, w float64) {
		if m.Count == 0 {
			m.Flat, m.Got, m.Want = i, g, w
		}
		m.Count++
	}
	if !want.DType().IsFloat() {
		// Integers and booleans: the same rule on exact int64 differences
		// (float64 would round large values).
		gv, wv := got.IntValues(), want.IntValues()
		if mode == ModeModel {
			e.bound = ModelRelErr * intRange(wv)
		}
		for i := range n {
			if gv[i] == wv[i] {
				continue
			}
			d := absDiff(gv[i], wv[i])
			e.maxAbs = max(e.maxAbs, d)
			if !within(d, float64(wv[i])) {
				fail(i, float64(gv[i]), float64(wv[i]))
			}
		}
	} else {
		gv, wv := got.Values(), want.Values()
		if mode == ModeModel {
			e.bound = ModelRelErr * floatRange(wv)
		}
		for i := range n {
			g, w := gv[i], wv[i]
			if g == w || g != g && w != w {
				continue
			}
			if math.IsNaN(g) || math.IsNaN(w) || math.IsInf(g, 0) || math.IsInf(w, 0) {
				e.maxAbs = math.Inf(1)
				fail(i, g, w)
				continue
			}
			d := math.Abs(g - w)
			e.maxAbs = max(e.maxAbs, d)
			if !within(d, w) {
				fail(i, g, w)
			}
		}
	}
	m.MaxAbs, m.Bound = e.maxAbs, e.bound
	if m.Count == 0 {
		return e, nil
	}
	m.Index = unflatten(m.Flat, want.Shape())
	return e, m
}

func absDiff(a, b int64) float64 {
	if a > b {
		return float64(uint64(a - b))
	}
	return float64(uint64(b - a))
}

// floatRange is max - min over the finite values (0 when there are none).
func floatRange(v []float64) float64 {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, x := range v {
		if !math.IsNaN(x) && !math.IsInf(x, 0) {
			lo, hi = min(lo, x), max(hi, x)
		}
	}
	if lo > hi {
		return 0
	}
	return hi - lo
}

func intRange(v []int64) float64 {
	if len(v) == 0 {
		return 0
	}
	lo, hi := v[0], v[0]
	for _, x := range v {
		lo, hi = min(lo, x), max(hi, x)
	}
	return absDiff(hi, lo)
}

func unflatten(i int, shape []int64) []int64 {
	idx := make([]int64, len(shape))
	for k := len(shape) - 1; k >= 0; k-- {
		if shape[k] > 0 {
			idx[k] = int64(i) % shape[k]
			i /= int(shape[k])
		}
	}
	return idx
}

// Compare checks one output against its reference as the runner does in
// the given mode: it returns the largest absolute error, its bound (model
// mode) and, when they differ, why (with DataSet and Output zero).
func Compare(got, want *tensor.Tensor, mode Mode) (maxAbs, bound float64, m *Mismatch) {
	e, m := compareOutput(got, want, mode)
	return e.maxAbs, e.bound, m
}
