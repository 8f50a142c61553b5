package quantize

import (
	"errors"
	"strings"

	"github.com/mlc-go/mlc/driver/calibrate"
	"github.com/mlc-go/mlc/interp"
	"github.com/mlc-go/mlc/ir"
	lq "github.com/mlc-go/mlc/lowering/quantize"
	"github.com/mlc-go/mlc/lowering/quantize/observe"
	"github.com/mlc-go/mlc/lowering/target"
	"github.com/mlc-go/mlc/rewrite/pass"
)

// The driver's steps that need the interpreter, as passes on a calibrated
// float module, so that a pipeline can run them piecewise:
//
//	calibrate{data=D},bias-correct{data=D target=T},mixed-precision{data=D target=T min-sqnr=30},quantize{target=T}
//
// Both measure with a quantized clone and write their decisions on the
// float module for quantize to read: corrected bias constants, and
// mlc.precision (with 16-bit ranges) on the promoted ops.

func dataOptions() []pass.Option {
	return []pass.Option{
		pass.StringOpt("data", "", "the calibration data directory (required)"),
		pass.StringOpt("target", "", "built-in target name (see mlc-opt --show-targets)"),
		pass.StringOpt("target-file", "", "a target description file (YAML) instead of a built-in target"),
		pass.StringOpt("function", "main", "the entry function"),
	}
}

// BiasPass is bias-correct.
var BiasPass = pass.Register(&pass.Pass{
	Name:    "bias-correct",
	Summary: "BiasCorrect",
	Doc: "Empirical bias correction on a calibrated float module: quantizes a clone for the target (every op at " +
		"the precision quantize would give it), runs it and the float module on every sample of `data`, and adds " +
		"to the bias of every core.conv2d with a constant bias and every core.matmul with a constant weight whose " +
		"only user adds a constant bias, per output channel, the mean error the layer itself adds: the mean of " +
		"(float − quantized) output less the weights applied to the mean error of its input (which the layers " +
		"upstream correct). Two interpreter runs per sample, whatever the number of layers. Run it after " +
		"calibrate and before quantize.",
	Options: dataOptions(),
	OpName:  "builtin.module",
	// Only bias values change.
	Changes: pass.NoEffects,
	After:   []string{"calibrate"},
	Before:  []string{"quantize"},
	Run: func(module *ir.Operation, opts pass.Options, pc *pass.Context) error {
		d, base, err := newPassDriver(module, opts, pc, "bias-correct", false)
		if err != nil {
			return err
		}
		if err := d.correctBias(base, d.chosen); err != nil {
			return passError(d, "bias-correct", err)
		}
		d.applyBias(identity(module, d.fnName), nil, "")
		pc.Add("num-layers", "Layers whose bias was corrected", int64(len(d.bias)))
		pc.Add("num-runs", "Interpreter runs", int64(d.runs))
		return nil
	},
})

// MixedPass is mixed-precision.
var MixedPass = pass.Register(&pass.Pass{
	Name:    "mixed-precision",
	Summary: "MixedPrecision",
	Doc: "Sensitivity-driven mixed precision on a calibrated float module: measures, for every op quantize " +
		"would give an integer precision (and every op kept in a shared encoding that merges several inputs, " +
		"such as a concatenation), the output SQNR with only that op quantized, ranks the ops by noise " +
		"per unit of work, and finds the fewest promotions to the next precision the target runs them in " +
		"(cheapest first: int16, fp16, ...; a contraction's first step keeps its MACs and widens only its " +
		"results, mlc.result_precision, where the target file takes a wider result) that bring the output SQNR " +
		"against the float module on the first `search-samples` samples of `data` to `min-sqnr` dB with one " +
		"standard error of the per-sample noise to spare (doubling then bisection). The promoted ops get " +
		"mlc.precision (and mlc.result_precision), and 16-bit encodings twice the observed range (mlc.calib), " +
		"for quantize to read. Fails when even every op at its costliest precision misses the budget. Run it " +
		"after calibrate (and bias-correct) and before quantize.",
	Options: append(dataOptions(),
		pass.FloatOpt("min-sqnr", 30, "the output SQNR budget in dB"),
		pass.IntOpt("search-samples", DefaultSearchSamples, "samples each candidate model is measured on"),
		pass.IntOpt("sensitivity-samples", DefaultSensitivitySamples, "samples each op's sensitivity is measured on"),
	),
	OpName:  "builtin.module",
	Changes: pass.MayChange(pass.Precision),
	After:   []string{"calibrate", "bias-correct"},
	Before:  []string{"quantize"},
	Run: func(module *ir.Operation, opts pass.Options, pc *pass.Context) error {
		d, _, err := newPassDriver(module, opts, pc, "mixed-precision", true)
		if err != nil {
			return err
		}
		budget := opts.Float("min-sqnr")
		d.opts.MinSQNR = &budget
		d.opts.SearchSamples = max(opts.Int("search-samples"), 1)
		d.opts.SensitivitySamples = max(opts.Int("sensitivity-samples"), 1)
		prec, err := d.mixedPrecision(d.chosen)
		if err != nil {
			return passError(d, "mixed-precision", err)
		}
		c, err := d.build(prec, d.target, "")
		if err != nil {
			return passError(d, "mixed-precision", err)
		}
		n, err := d.outputSQNR(c, len(d.calib.Samples))
		if err != nil {
			return passError(d, "mixed-precision", err)
		}
		pc.Add("num-promoted", "Ops given a costlier precision", int64(len(prec)))
		pc.Add("num-runs", "Interpreter runs", int64(d.runs))
		if got := n.worst(); !(got >= budget) {
			fn, _ := interp.LookupFunc(module, d.fnName)
			return ir.Errorf(fn.Loc, "mixed-precision: %v", &BudgetError{Got: got, Want: budget})
		}
		d.annotate(identity(module, d.fnName), prec)
		return nil
	},
})

// identity is the module itself as a candidate, for writing decisions
// on it.
func identity(module *ir.Operation, fnName string) *candidate {
	c := &candidate{module: module, opOf: map[*ir.Operation]*ir.Operation{}, masterOf: map[*ir.Operation]*ir.Operation{}}
	c.fn, _ = interp.LookupFunc(module, fnName)
	ir.WalkPreOrder(module, func(o *ir.Operation) ir.WalkResult {
		c.opOf[o], c.masterOf[o] = o, o
		return ir.Advance
	})
	return c
}

func passError(d *driver, name string, err error) error {
	var dg *ir.Diagnostic
	if errors.As(err, &dg) {
		return dg
	}
	fn, _ := interp.LookupFunc(d.master, d.fnName)
	return ir.Errorf(fn.Loc, "%s: %v", name, err)
}

// newPassDriver sets up a driver on a calibrated float module: its data,
// its outputs as the reference, the baseline precisions and, when asked,
// the observed (min-max) ranges 16-bit encodings use.
func newPassDriver(module *ir.Operation, opts pass.Options, pc *pass.Context, name string, observed bool) (*driver, *candidate, error) {
	fnName := opts.Text("function")
	fn, err := interp.LookupFunc(module, fnName)
	if err != nil {
		return nil, nil, err
	}
	t, err := target.Resolve("", opts.Text("target"), opts.Text("target-file"), pc.Target())
	if err != nil {
		return nil, nil, ir.Errorf(fn.Loc, "%s: %v", name, err)
	}
	dir := opts.Text("data")
	if strings.TrimSpace(dir) == "" {
		return nil, nil, ir.Errorf(fn.Loc, "%s needs the calibration data directory: %s{data=DIR}", name, name)
	}
	d := &driver{opts: Options{Function: fnName, Target: t}, target: t, measure: floatEverywhere(t), ctx: module.Ctx(),
		master: module, fnName: fnName, observed: map[*ir.Operation][]observe.Range{}, argObserved: map[int]observe.Range{},
		chosen: map[*ir.Operation]string{}, report: &Report{Timings: map[string]float64{}}}
	if d.calib, err = calibrate.LoadDataset(dir, fn); err != nil {
		return nil, nil, ir.Errorf(fn.Loc, "%s: %v", name, err)
	}
	if d.ref, err = d.outputs(module, d.calib, "reference"); err != nil {
		return nil, nil, passError(d, name, err)
	}
	if observed {
		m := ir.NewMapping()
		clone := d.ctx.Clone(module, m)
		masterOf := map[*ir.Operation]*ir.Operation{}
		ir.WalkPreOrder(module, func(o *ir.Operation) ir.WalkResult {
			if o.NumResults() > 0 {
				if v, ok := m.Values[o.Result(0)]; ok {
					masterOf[v.DefiningOp()] = o
				}
			}
			return ir.Advance
		})
		cr, err := calibrate.Calibrate(clone, d.calib, calibrate.Options{Function: fnName,
			Observer: observe.Config{Method: observe.MinMax, Storage: calibStorage(t)}})
		if err != nil {
			return nil, nil, passError(d, name, err)
		}
		d.runs += len(d.calib.Samples)
		for _, v := range cr.Values {
			if v.Op == nil {
				d.argObserved[v.Arg] = v.Observed
				continue
			}
			o := masterOf[v.Op]
			if o == nil {
				continue
			}
			if d.observed[o] == nil {
				d.observed[o] = make([]observe.Range, o.NumResults())
			}
			d.observed[o][v.Result] = v.Observed
		}
	}
	base, err := d.build(nil, t, "")
	if err != nil {
		return nil, nil, err
	}
	for _, dc := range lq.Decisions(base.fn) {
		if o := base.masterOf[dc.Op]; o != nil {
			d.chosen[o] = dc.Precision
		}
	}
	return d, base, nil
}
