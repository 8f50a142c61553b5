// Package calibrate runs post-training calibration: it reads a directory
// of sample inputs, runs the reference interpreter on each, feeds every
// float value the entry function computes (its arguments and every op's
// float results, in called functions too) to an observer of
// lowering/quantize/observe, and records the clipping ranges on the IR as
// mlc.calib attributes for the quantize pass:
//
//   - on an op: mlc.calib = [array<f64: lo, hi>, array<f64>, ...], one entry
//     per result, empty for a result that was not observed (not a float, or
//     never computed);
//   - on an argument of the entry function: mlc.calib = array<f64: lo, hi>.
//
// It is also the calibrate pass (pass.go). ChannelAbsMax (channels.go,
// the calibrate-channels pass) records per-channel activation maxima for
// smooth-quant with the same sample loop.
package calibrate

import (
	"errors"
	"fmt"

	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/interp"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/lowering/quantize/observe"
)

// Attr is the attribute that holds calibration ranges.
const Attr = "mlc.calib"

// Options configure Calibrate.
type Options struct {
	// Function is the entry function; "" is "main".
	Function string
	// Observer chooses the method and the storage the ranges are for; a
	// zero Method is minmax and a zero Storage is observe.Int8.
	Observer observe.Config
	// Progress, when set, is called after each sample with the number of
	// samples done and the total.
	Progress func(done, total int)
	// Cancel, when set, is asked before every op the interpreter runs; an
	// error stops the calibration with it (an interrupted compile).
	Cancel func() error
	// Outputs, when set, is called with each sample's results, which are
	// the interpreter's (valid until the next sample: clone what is kept).
	Outputs func(sample int, results []*tensor.Tensor)
}

func (o Options) normalized() Options {
	if o.Function == "" {
		o.Function = "main"
	}
	if o.Observer.Method == "" {
		o.Observer.Method = observe.MinMax
	}
	if o.Observer.Storage == (observe.Storage{}) {
		o.Observer.Storage = observe.Int8
	}
	if o.Observer.Method == observe.Percentile && o.Observer.Percentile == 0 {
		o.Observer.Percentile = observe.DefaultPercentile
	}
	return o
}

// Report is what Calibrate computed.
type Report struct {
	Function string
	Samples  int
	Config   observe.Config
	// Values lists the entry function's arguments, then the observed op
	// results in the order of a pre-order walk of the module.
	Values []Value
}

// Value is the range of one observed value.
type Value struct {
	// Op is the op whose result this is; nil for an argument.
	Op *ir.Operation `json:"-"`
	// OpName is the op's name, "" for an argument.
	OpName string
	// Arg is the argument's index, or -1; Result is the result's index, or -1.
	Arg, Result int
	// Name is the argument's name (mlc.name or arg<i>) or the op's location.
	Name  string
	Range observe.Range
	// Observed is the range of the samples themselves (min and max), which
	// a wider storage than Range's (16 bits) can hold without clipping.
	Observed observe.Range
	Method   observe.Method
	// Elements is the number of elements observed over all samples.
	Elements int64

	// observer is what was observed, for Recalibrate.
	observer *observe.Observer
}

type key struct {
	op *ir.Operation // nil: an argument
	i  int
}

// Calibrate runs fn on every sample of data and writes mlc.calib
// attributes on module. On error module is left as it was.
func Calibrate(module *ir.Operation, data *Dataset, opts Options) (*Report, error) {
	opts = opts.normalized()
	if err := opts.Observer.Validate(); err != nil {
		return nil, err
	}
	fn, err := interp.LookupFunc(module, opts.Function)
	if err != nil {
		return nil, err
	}
	if data == nil || len(data.Samples) == 0 {
		return nil, fmt.Errorf("no calibration samples")
	}
	obs := map[key]*observe.Observer{}
	var order []key // first-seen order, for a stable report
	feed := func(k key, t *tensor.Tensor) error {
		if t == nil || !t.DType().IsFloat() {
			return nil
		}
		o := obs[k]
		if o == nil {
			var err error
			if o, err = observe.New(opts.Observer); err != nil {
				return err
			}
			obs[k] = o
			order = append(order, k)
		}
		if t.DType() == tensor.F32 {
			return o.Observe(t.Float32s())
		}
		return o.ObserveF64(t.Values())
	}
	err = runSamples(fn, data, opts.Progress, opts.Cancel, opts.Outputs,
		func(set string, i int, t *tensor.Tensor) error {
			if err := feed(key{nil, i}, t); err != nil {
				return fmt.Errorf("%s: argument %d: %v", set, i, err)
			}
			return nil
		},
		func(op *ir.Operation, results []*tensor.Tensor) error {
			for j, r := range results {
				if err := feed(key{op, j}, r); err != nil {
					return ir.Errorf(op.Loc, "'%s' op result #%d: %v", op.Name(), j, err)
				}
			}
			return nil
		})
	if err != nil {
		return nil, err
	}

	rep := writeRanges(module, fn, opts.Function, len(data.Samples), opts.Observer, order, obs)
	return rep, nil
}

// Recalibrate writes on module, a clone of the module rep was calibrated
// on (m maps the original's values to the clone's), the ranges rep's
// observers give for storage st, as Calibrate would have written them
// calibrating for st, without running the model again.
func Recalibrate(module *ir.Operation, m *ir.Mapping, rep *Report, st observe.Storage) (*Report, error) {
	cfg := rep.Config
	cfg.Storage = st
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	fn, err := interp.LookupFunc(module, rep.Function)
	if err != nil {
		return nil, err
	}
	obs := map[key]*observe.Observer{}
	order := make([]key, 0, len(rep.Values))
	for _, v := range rep.Values {
		k := key{nil, v.Arg}
		if v.Op != nil {
			nv, ok := m.Values[v.Op.Result(v.Result)]
			if !ok {
				return nil, fmt.Errorf("the clone has no counterpart of %s's result %d", v.OpName, v.Result)
			}
			k = key{nv.DefiningOp(), v.Result}
		}
		if v.observer == nil {
			return nil, fmt.Errorf("the report holds no observers to recalibrate from")
		}
		obs[k] = v.observer
		order = append(order, k)
	}
	return writeRanges(module, fn, rep.Function, rep.Samples, cfg, order, obs), nil
}

// writeRanges records each observed value's range for cfg's storage: mlc.calib
// on fn's arguments and on every op of module (an op with no observed
// result loses a stale one), and the report.
func writeRanges(module, fn *ir.Operation, function string, samples int, cfg observe.Config, order []key, obs map[key]*observe.Observer) *Report {
	ranges := map[key]observe.Range{}
	for _, k := range order {
		r, err := obs[k].RangeFor(cfg.Storage)
		if err != nil {
			continue // an empty tensor: nothing to calibrate
		}
		ranges[k] = r
	}
	rep := &Report{Function: function, Samples: samples, Config: cfg}
	names := interp.ArgNames(fn)
	ctx := module.Ctx()
	f64 := ctx.FloatType(ir.F64)
	for i := range names {
		r, ok := ranges[key{nil, i}]
		var v ir.Attribute
		if ok {
			v = ctx.DenseFloatArrayAttr(f64, []float64{r.Lo, r.Hi})
			o := obs[key{nil, i}]
			rep.Values = append(rep.Values, Value{Arg: i, Result: -1, Name: names[i], Range: r,
				Observed: observe.Range{Lo: o.Min(), Hi: o.Max()}, Method: cfg.Method, Elements: o.Count(), observer: o})
		}
		setArgAttr(fn, i, Attr, v)
	}
	ir.WalkPreOrder(module, func(op *ir.Operation) ir.WalkResult {
		entries := make([]ir.Attribute, op.NumResults())
		any := false
		for j := range entries {
			r, ok := ranges[key{op, j}]
			if !ok {
				entries[j] = ctx.DenseFloatArrayAttr(f64, nil)
				continue
			}
			any = true
			entries[j] = ctx.DenseFloatArrayAttr(f64, []float64{r.Lo, r.Hi})
			o := obs[key{op, j}]
			rep.Values = append(rep.Values, Value{Op: op, OpName: op.Name(), Arg: -1, Result: j,
				Name: op.Loc.String(), Range: r, Observed: observe.Range{Lo: o.Min(), Hi: o.Max()},
				Method: cfg.Method, Elements: o.Count(), observer: o})
		}
		if any {
			op.SetAttr(Attr, ctx.ArrayAttr(entries))
		} else {
			// A range from an earlier calibration would be stale.
			op.RemoveAttr(Attr)
		}
		return ir.Advance
	})
	return rep
}

// runSamples runs fn on every sample of data: arg sees each input of a
// sample before it runs, observe every op's results as the interpreter
// computes them (a constant's only on the first sample: they are the same
// on every one). The first error of either stops the run and is returned;
// progress, when set, is called after each sample. Calibrate and
// ChannelAbsMax share it.
func runSamples(fn *ir.Operation, data *Dataset, progress func(done, total int), cancel func() error,
	outputs func(sample int, results []*tensor.Tensor),
	arg func(set string, i int, t *tensor.Tensor) error,
	observe func(op *ir.Operation, results []*tensor.Tensor) error) error {
	var runErr error
	first := true
	it := interp.New(interp.Options{
		// The observers copy what they need (ranges, histograms, sums).
		ObserveTransient: true,
		Observe: func(op *ir.Operation, results []*tensor.Tensor) {
			if runErr != nil || (!first && op.NumOperands() == 0) {
				return
			}
			runErr = observe(op, results)
		},
		Cancel: func() error {
			if runErr == nil && cancel != nil {
				return cancel()
			}
			return runErr
		},
	})
	for n, s := range data.Samples {
		for i, t := range s.Inputs {
			if err := arg(s.Set, i, t); err != nil {
				return err
			}
		}
		res, err := it.Run(fn, s.Inputs)
		if err != nil {
			var d *ir.Diagnostic
			if errors.As(err, &d) {
				d.AttachNote(fn.Loc, "while calibrating on %s", s.Set)
				return d
			}
			return fmt.Errorf("%s: %w", s.Set, err)
		}
		if runErr != nil {
			return runErr
		}
		if outputs != nil {
			outputs(n, res)
		}
		first = false
		if progress != nil {
			progress(n+1, len(data.Samples))
		}
	}
	return nil
}

// setArgAttr sets (or, for a nil value, removes) an argument attribute of
// a func.func, held in its arg_attrs property.
func setArgAttr(fn *ir.Operation, arg int, name string, value ir.Attribute) {
	ctx := fn.Ctx()
	n := len(fn.Region(0).Blocks()[0].Args())
	dicts := make([]ir.Attribute, n)
	old, _ := fn.InherentAttr("arg_attrs").(*ir.ArrayAttr)
	changed := false
	for i := range dicts {
		var entries []ir.NamedAttr
		if old != nil && i < len(old.Elems) {
			if d, ok := old.Elems[i].(*ir.DictionaryAttr); ok {
				entries = append(entries, d.Entries...)
			}
		}
		if i == arg {
			kept := entries[:0:0]
			for _, e := range entries {
				if e.Name != name {
					kept = append(kept, e)
				} else {
					changed = true
				}
			}
			entries = kept
			if value != nil {
				entries = append(entries, ir.NamedAttr{Name: name, Value: value})
				changed = true
			}
		}
		dicts[i] = ctx.DictionaryAttr(entries)
	}
	if !changed {
		return
	}
	var props []ir.NamedAttr
	if fn.Props != nil {
		for _, e := range fn.Props.Entries {
			if e.Name != "arg_attrs" {
				props = append(props, e)
			}
		}
	}
	props = append(props, ir.NamedAttr{Name: "arg_attrs", Value: ctx.ArrayAttr(dicts)})
	fn.Props = ctx.DictionaryAttr(props)
}
