package conformance

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/interp/metrics"
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

// Tolerances returns the rtol and atol of metrics.AllClose that mode
// applies to an output whose reference is want: ONNX's runner tolerances
// in node mode, a uniform bound of ModelRelErr of want's range in model
// mode.
func Tolerances(mode Mode, want *tensor.Tensor) (rtol, atol float64) {
	if mode == ModeModel {
		return 0, ModelRelErr * metrics.Range(want)
	}
	return Rtol, Atol
}

// compareOutput checks got against want; it returns a *Mismatch (with
// DataSet and Output left for the caller) when they differ.
func compareOutput(got, want *tensor.Tensor, mode Mode) (outputError, *Mismatch) {
	rtol, atol := Tolerances(mode, want)
	d, err := metrics.AllClose(got, want, rtol, atol)
	if err != nil {
		return outputError{}, &Mismatch{Reason: err.Error()}
	}
	e := outputError{maxAbs: d.MaxAbs}
	if mode == ModeModel {
		e.bound = atol
	}
	if d.OK() {
		return e, nil
	}
	return e, &Mismatch{
		Len: d.Len, Flat: d.First, Got: d.Got, Want: d.Want, Count: d.Count,
		MaxAbs: e.maxAbs, Bound: e.bound, Model: mode == ModeModel,
		Index: unflatten(d.First, want.Shape()),
	}
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
