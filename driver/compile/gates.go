package compile

import (
	"fmt"
	"math"

	"github.com/mlc-go/mlc/driver/bisect"
	"github.com/mlc-go/mlc/driver/report"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/interp/metrics"
	"github.com/mlc-go/mlc/lowering/target"
)

// Thresholds override a target file's gates; nil keeps the file's (or
// no gate, where the file gives none: max-abs and top-1 have no default).
type Thresholds struct {
	MinSQNR      *float64 // dB, per output
	MinCosine    *float64 // per output
	MaxAbs       *float64 // per output
	MinTop1      *float64 // share in [0, 1], per score output
	MaxLatencyMs *float64 // the cost model's total estimate
}

func (t Thresholds) check() error {
	for _, f := range []struct {
		name string
		v    *float64
	}{{"min-sqnr", t.MinSQNR}, {"min-cosine", t.MinCosine}, {"max-abs", t.MaxAbs}, {"min-top1", t.MinTop1}, {"max-latency-ms", t.MaxLatencyMs}} {
		if f.v != nil && (math.IsNaN(*f.v) || math.IsInf(*f.v, 0)) {
			return fmt.Errorf("--%s must be a finite number, got %v", f.name, *f.v)
		}
	}
	switch {
	case t.MinCosine != nil && (*t.MinCosine < -1 || *t.MinCosine > 1):
		return fmt.Errorf("--min-cosine must be in [-1, 1], got %v", *t.MinCosine)
	case t.MinTop1 != nil && (*t.MinTop1 < 0 || *t.MinTop1 > 1):
		return fmt.Errorf("--min-top1 must be in [0, 1], got %v", *t.MinTop1)
	case t.MaxAbs != nil && *t.MaxAbs < 0:
		return fmt.Errorf("--max-abs must be at least 0, got %v", *t.MaxAbs)
	case t.MaxLatencyMs != nil && *t.MaxLatencyMs <= 0:
		return fmt.Errorf("--max-latency-ms must be positive, got %v", *t.MaxLatencyMs)
	}
	return nil
}

// resolved are one target's thresholds, with where each came from.
type resolved struct {
	Thresholds
	// From names each threshold's origin ("target file" or "flag"), by
	// gate name.
	From map[string]string
}

// resolve fills the thresholds the flags leave open from t's file.
func (o Thresholds) resolve(t *target.Target) (*resolved, error) {
	r := &resolved{Thresholds: o, From: map[string]string{}}
	pick := func(gate string, flag **float64, file *target.Figure) {
		switch {
		case *flag != nil:
			r.From[gate] = "flag"
		case file != nil:
			v := file.Value
			*flag = &v
			r.From[gate] = "target file"
		}
	}
	pick("sqnr_db", &r.MinSQNR, t.Gates.MinSQNR)
	pick("cosine", &r.MinCosine, t.Gates.MinCosine)
	pick("latency_ms", &r.MaxLatencyMs, t.Gates.LatencyBudget)
	if r.MaxAbs != nil {
		r.From["max_abs"] = "flag"
	}
	if r.MinTop1 != nil {
		r.From["top1"] = "flag"
	}
	return r, nil
}

// bisectSQNR is the threshold the failure analysis bisects with: the
// SQNR gate's, else the bisect's default.
func (r *resolved) bisectSQNR() float64 {
	if r.MinSQNR != nil {
		return *r.MinSQNR
	}
	return bisect.DefaultMinSQNR
}

func (r *resolved) latencyBudget() float64 {
	if r.MaxLatencyMs != nil {
		return *r.MaxLatencyMs
	}
	return 0
}

// accuracy compares every output of the compiled model with the fp32
// model's over all evaluation samples (each output's samples taken as one
// tensor): SQNR, cosine, max-abs error, and top-1 agreement for outputs
// shaped [..., classes] with more than one class (NaN for others).
func accuracy(names []string, got, want [][]*tensor.Tensor) ([]report.Output, error) {
	if len(got) != len(want) || len(got) == 0 {
		return nil, fmt.Errorf("%d compiled and %d reference runs", len(got), len(want))
	}
	out := make([]report.Output, len(names))
	for k, name := range names {
		var g, w []float64
		var shape []int64
		for s := range got {
			if k >= len(got[s]) || k >= len(want[s]) {
				return nil, fmt.Errorf("output %s: the compiled model gives %d results, the reference %d", name, len(got[s]), len(want[s]))
			}
			a, b := got[s][k], want[s][k]
			if !tensor.ShapeEqual(a.Shape(), b.Shape()) {
				return nil, fmt.Errorf("output %s: the compiled model's shape %s differs from the reference's %s", name,
					tensor.FormatShape(a.Shape()), tensor.FormatShape(b.Shape()))
			}
			shape = b.Shape()
			g = append(g, a.Values()...)
			w = append(w, b.Values()...)
		}
		flat := []int64{int64(len(w))}
		gt, err := tensor.FromSlice(tensor.F64, flat, g)
		if err != nil {
			return nil, err
		}
		wt, err := tensor.FromSlice(tensor.F64, flat, w)
		if err != nil {
			return nil, err
		}
		o := report.Output{Name: name, Top1: math.NaN()}
		if o.SQNRdB, err = metrics.SQNR(gt, wt); err != nil {
			return nil, err
		}
		if o.Cosine, err = metrics.Cosine(gt, wt); err != nil {
			return nil, err
		}
		if o.MaxAbs, err = metrics.MaxAbs(gt, wt); err != nil {
			return nil, err
		}
		if len(shape) >= 2 && shape[len(shape)-1] > 1 {
			classes := shape[len(shape)-1]
			rows := []int64{int64(len(w)) / classes, classes}
			gr, _ := tensor.FromSlice(tensor.F64, rows, g)
			wr, _ := tensor.FromSlice(tensor.F64, rows, w)
			if o.Top1, err = metrics.TopKAgreement(gr, wr, 1); err != nil {
				return nil, err
			}
		}
		out[k] = o
	}
	return out, nil
}

// gates checks every threshold, outputs in order, then latency.
func gates(outputs []report.Output, lat report.Latency, th *resolved) []report.Gate {
	var out []report.Gate
	check := func(name, output string, v float64, limit *float64, atLeast bool) {
		if limit == nil {
			return
		}
		g := report.Gate{Name: name, Output: output, Value: v, Threshold: *limit, AtLeast: atLeast}
		if atLeast {
			g.Passed = v >= *limit // NaN fails
		} else {
			g.Passed = v <= *limit
		}
		out = append(out, g)
	}
	for _, o := range outputs {
		check("sqnr_db", o.Name, o.SQNRdB, th.MinSQNR, true)
		check("cosine", o.Name, o.Cosine, th.MinCosine, true)
		check("max_abs", o.Name, o.MaxAbs, th.MaxAbs, false)
		if !math.IsNaN(o.Top1) {
			check("top1", o.Name, o.Top1, th.MinTop1, true)
		}
	}
	check("latency_ms", "", lat.TotalMs, th.MaxLatencyMs, false)
	return out
}

// GateText says what a gate measured against what.
func GateText(g report.Gate) string {
	rel := "<"
	if !g.AtLeast {
		rel = ">"
	}
	if g.Passed {
		rel = map[bool]string{true: ">=", false: "<="}[g.AtLeast]
	}
	what := g.Name
	if g.Output != "" {
		what += " of " + g.Output
	}
	return fmt.Sprintf("%s %.6g %s %.6g", what, g.Value, rel, g.Threshold)
}

// worstSample is the evaluation sample whose outputs are furthest from
// the reference (the lowest SQNR over its outputs; NaN counts as lowest):
// the failure analysis bisects on it.
func worstSample(got, want [][]*tensor.Tensor) int {
	worst, at := math.Inf(1), 0
	for s := range got {
		for k := range got[s] {
			if k >= len(want[s]) {
				continue
			}
			db, err := metrics.SQNR(got[s][k], want[s][k])
			if err != nil {
				continue
			}
			if math.IsNaN(db) {
				return s
			}
			if db < worst {
				worst, at = db, s
			}
		}
	}
	return at
}
