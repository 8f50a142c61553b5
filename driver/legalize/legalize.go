// Package legalize checks that legalisation keeps a model's meaning: it
// runs a function with the reference interpreter before and after
// legalize-qnn and compares the outputs element by element.
package legalize

import (
	"fmt"
	"math"

	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/interp"
	"github.com/mlc-go/mlc/ir"
	qnnlegal "github.com/mlc-go/mlc/lowering/legalize/qnn"
	"github.com/mlc-go/mlc/lowering/target"
)

// Report is one comparison.
type Report struct {
	Stats qnnlegal.Stats
	// Ops counts the legalised function's ops by name.
	Ops map[string]int
	// Outputs compares each result over every sample.
	Outputs []Output
}

// Output compares one function result.
type Output struct {
	Elements, Different int     // element count and how many differ
	MaxAbs              float64 // largest absolute difference
}

// Equal reports that every output is identical.
func (r *Report) Equal() bool {
	for _, o := range r.Outputs {
		if o.Different != 0 {
			return false
		}
	}
	return true
}

// Legalized returns a legalised copy of module (its function fn
// converted for t) with the legalisation's statistics. module is not
// changed.
func Legalized(module *ir.Operation, fn string, t *target.Target) (*ir.Operation, qnnlegal.Stats, error) {
	clone := module.Ctx().Clone(module, nil)
	f, err := interp.LookupFunc(clone, fn)
	if err != nil {
		return nil, qnnlegal.Stats{}, err
	}
	st, err := qnnlegal.Legalize(f, t)
	if err != nil {
		return nil, st, err
	}
	if err := ir.Verify(clone); err != nil {
		return nil, st, fmt.Errorf("the legalised IR does not verify: %w", err)
	}
	return clone, st, nil
}

// Compare legalises a copy of module's function fn for t and runs both
// on every sample of inputs (one tensor per argument).
func Compare(module *ir.Operation, fn string, t *target.Target, samples [][]*tensor.Tensor) (*Report, error) {
	after, st, err := Legalized(module, fn, t)
	if err != nil {
		return nil, err
	}
	f0, err := interp.LookupFunc(module, fn)
	if err != nil {
		return nil, err
	}
	f1, err := interp.LookupFunc(after, fn)
	if err != nil {
		return nil, err
	}
	rep := &Report{Stats: st, Ops: map[string]int{}}
	ir.WalkPreOrder(f1, func(o *ir.Operation) ir.WalkResult {
		if o != f1 {
			rep.Ops[o.Name()]++
		}
		return ir.Advance
	})
	before, now := interp.New(interp.Options{}), interp.New(interp.Options{})
	for k, in := range samples {
		want, err := before.Run(f0, in)
		if err != nil {
			return nil, fmt.Errorf("sample %d before legalisation: %w", k, err)
		}
		got, err := now.Run(f1, in)
		if err != nil {
			return nil, fmt.Errorf("sample %d after legalisation: %w", k, err)
		}
		if rep.Outputs == nil {
			rep.Outputs = make([]Output, len(want))
		}
		for i := range want {
			if err := compare(&rep.Outputs[i], want[i], got[i]); err != nil {
				return nil, fmt.Errorf("sample %d, result %d: %w", k, i, err)
			}
		}
	}
	return rep, nil
}

func compare(o *Output, want, got *tensor.Tensor) error {
	if want.DType() != got.DType() || want.Len() != got.Len() {
		return fmt.Errorf("%s%s before, %s%s after", want.DType(), tensor.FormatShape(want.Shape()), got.DType(), tensor.FormatShape(got.Shape()))
	}
	w, g := want.Values(), got.Values()
	o.Elements += len(w)
	for i := range w {
		if w[i] != g[i] && !(math.IsNaN(w[i]) && math.IsNaN(g[i])) {
			o.Different++
			o.MaxAbs = math.Max(o.MaxAbs, math.Abs(w[i]-g[i]))
		}
	}
	return nil
}
