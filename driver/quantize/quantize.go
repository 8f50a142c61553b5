// Package quantize is the post-training quantization job behind `mlc
// quantize`: it takes a float model in the core dialect and a calibration
// set to the QDQ form a target runs, and measures what each decision
// costs. Steps, each optional where marked:
//
//  1. cross-layer equalization (Equalize), then SmoothQuant (SmoothQuant),
//     both on the float model;
//  2. calibration with the chosen observer, for the storage of the
//     target's 8-bit activation rule (calibrate.Calibrate);
//  3. quantization for the target, every op at the cheapest precision it
//     takes (lowering/quantize);
//  4. empirical bias correction (BiasCorrection, bias.go);
//  5. mixed precision (MinSQNR, mixed.go): the ops whose quantization
//     costs the most output SQNR move to the next precision the target
//     runs them in until the output meets the budget;
//  6. quantize.Check against the target, the IR verifier, and the
//     figures of the Report: output SQNR against the fp32 model on the
//     calibration samples, per-op precision, encodings and SQNR, the
//     share of MACs left in int8, and, given an evaluation set, the
//     quantized and fp32 models' SQNR against its reference outputs.
//
// Models are always measured with the reference interpreter on the QDQ
// form, which computes each quantized op on the dequantized values of its
// stored integers. Steps 4 and 5 are also the passes bias-correct and
// mixed-precision (pass.go), for pipelines that run the steps piecewise.
// The package holds no flags and prints nothing.
package quantize

import (
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/mlc-go/mlc/driver/calibrate"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/interp"
	"github.com/mlc-go/mlc/ir"
	lq "github.com/mlc-go/mlc/lowering/quantize"
	"github.com/mlc-go/mlc/lowering/quantize/observe"
	"github.com/mlc-go/mlc/lowering/target"
	"github.com/mlc-go/mlc/rewrite/transforms/dce"
)

// DefaultSearchSamples is the number of calibration samples mixed
// precision measures candidate models on.
const DefaultSearchSamples = 8

// DefaultSensitivitySamples is the number of samples each op's
// sensitivity is measured on (one model per op, so it is kept small).
const DefaultSensitivitySamples = 2

// DefaultSmoothAlpha is SmoothQuant's migration strength by default.
const DefaultSmoothAlpha = 0.5

// Options configure Run.
type Options struct {
	// Function is the entry function; "" is "main".
	Function string
	Target   *target.Target
	// Method is the observer (minmax when empty); Percentile the
	// percentile method's (observe.DefaultPercentile when 0).
	Method     observe.Method
	Percentile float64
	// Calib is the calibration data directory (required unless CalibData
	// is given); Eval, when set, an evaluation directory whose sets also
	// hold reference outputs.
	Calib, Eval string
	// AllowFallback leaves ops the target cannot run in any precision in
	// float, marked for the CPU (quantize{allow-fallback}), instead of
	// failing.
	AllowFallback bool
	// CalibData, when set, is the calibration data, already read (a part
	// of a directory, as mlc compile holds some samples back).
	CalibData *calibrate.Dataset

	Equalize       bool
	SmoothQuant    bool
	SmoothAlpha    float64 // DefaultSmoothAlpha when 0 and SmoothQuant is set
	BiasCorrection bool
	// MinSQNR, when set, is the output SQNR budget in dB that mixed
	// precision works to.
	MinSQNR *float64
	// SearchSamples and SensitivitySamples bound the samples mixed
	// precision runs on (the defaults above when 0).
	SearchSamples, SensitivitySamples int

	// Progress, when set, is told the phase and how far it is.
	Progress func(phase string, done, total int)
	// Cancel, when set, is asked before every op the interpreter runs; an
	// error stops the job with it (an interrupted compile).
	Cancel func() error
}

// Result is the quantized module and the report.
type Result struct {
	// Module is the quantized module (QDQ form); nil when Run failed. When
	// the budget is not met it is the best effort: every promotion made.
	Module *ir.Operation
	Report *Report
	// Float is the calibrated float model with the decisions Module was
	// built from written on it (mlc.precision and 16-bit ranges of the ops
	// mixed precision promoted, corrected biases): the quantize pass on it
	// gives Module again (but for dead constants), so a pipeline can be
	// replayed from it. Without promotions or bias corrections it is the
	// calibration shared with other targets: read it, do not change it.
	Float *ir.Operation
}

// BudgetError is returned with a Result whose output SQNR misses MinSQNR
// after mixed precision: even every op promoted as far as the target
// allows does not meet it (on the search samples, or on all of them).
type BudgetError struct {
	Got, Want float64
}

func (e *BudgetError) Error() string {
	return fmt.Sprintf("mixed precision cannot meet the budget: the output SQNR is %.2f dB on the calibration samples with every op promoted as far as the target allows, the budget %.2f dB", e.Got, e.Want)
}

// driver is one Run's state.
type driver struct {
	opts   Options
	target *target.Target
	// measure is target with f32 accepted for every operand of every
	// class, so that a measurement model can keep any op in f32.
	measure *target.Target
	ctx     *ir.Context
	// master is the float module after equalization, smoothing and
	// calibration; every candidate is a clone of it.
	master *ir.Operation
	fnName string
	calib  *calibrate.Dataset
	// ref holds the fp32 model's outputs per calibration sample (the
	// model as given, before equalization or smoothing).
	ref [][]*tensor.Tensor
	// observed: per master op, the observed (minmax) range of each
	// result, which 16-bit encodings use instead of the method's.
	observed    map[*ir.Operation][]observe.Range
	argObserved map[int]observe.Range
	// chosen is the baseline's precision of every decided op.
	chosen map[*ir.Operation]string
	// bias: the corrections bias correction found, applied to a
	// candidate's layers that keep the precision they were found for.
	bias        []*biasLayer
	sensitivity map[*ir.Operation]float64 // output SQNR with the op alone quantized
	runs        int
	report      *Report
}

// Run quantizes module (a float core module, consumed: equalization and
// SmoothQuant change it in place; the calibration runs on a clone) for
// opts.Target. Errors before a model exists
// (bad data, an op the target cannot run) return a nil Result; a missed
// budget returns the Result with a *BudgetError.
func Run(module *ir.Operation, opts Options) (*Result, error) {
	if opts.Target == nil {
		return nil, errors.New("no target")
	}
	s, err := NewSession(module, opts, opts.Target)
	if err != nil {
		return nil, err
	}
	return s.Quantize(opts.Target)
}

// Session is the part of Run that does not depend on the target, done
// once for every target quantized from it (mlc compile's targets share
// it): reading the data, the fp32 reference outputs, equalization,
// SmoothQuant and the calibration run. Calibration chooses ranges for
// the storage of a target's 8-bit activation rule: the model runs once,
// for the first target's storage, and another storage's ranges come from
// the same observers; targets whose storage agrees share one calibrated
// module.
type Session struct {
	opts Options
	ctx  *ir.Context
	// float is the model after equalization and smoothing, uncalibrated.
	float     *ir.Operation
	calib     *calibrate.Dataset
	eval      *calibrate.Dataset
	ref       [][]*tensor.Tensor
	evalFloat [][]*tensor.Tensor
	// refFromCalibration: ref is filled by the first calibration's runs.
	refFromCalibration bool
	calibrated         map[observe.Storage]*calibration
	// first is the calibration that ran the model; firstReport holds its
	// observers, from which other storages' ranges are chosen.
	first       *calibration
	firstReport *calibrate.Report
	runs        int
	timings     map[string]float64
	percentile  float64
	equalize    *EqualizeSummary
	smooth      *SmoothSummary
}

// separateReference makes every session run the reference on its own
// (tests: the calibration's outputs must give the same report).
var separateReference = false

// calibration is the float model calibrated for one storage, with the
// observed (min-max) ranges 16-bit encodings use.
type calibration struct {
	master      *ir.Operation
	observed    map[*ir.Operation][]observe.Range
	argObserved map[int]observe.Range
}

// NewSession reads the data (opts.CalibData, else opts.Calib; opts.Eval),
// checks that every target can run every op, runs the fp32 model on the
// samples and equalizes and smooths module (consumed) as opts say.
// opts.Target is not used: each Quantize names its target.
func NewSession(module *ir.Operation, opts Options, targets ...*target.Target) (*Session, error) {
	if opts.Function == "" {
		opts.Function = "main"
	}
	if opts.Method == "" {
		opts.Method = observe.MinMax
	}
	if opts.SmoothQuant && opts.SmoothAlpha == 0 {
		opts.SmoothAlpha = DefaultSmoothAlpha
	}
	if opts.SearchSamples <= 0 {
		opts.SearchSamples = DefaultSearchSamples
	}
	if opts.SensitivitySamples <= 0 {
		opts.SensitivitySamples = DefaultSensitivitySamples
	}
	if opts.MinSQNR != nil && math.IsNaN(*opts.MinSQNR) {
		return nil, errors.New("the SQNR budget must be a number")
	}
	s := &Session{opts: opts, ctx: module.Ctx(), float: module, calibrated: map[observe.Storage]*calibration{},
		timings: map[string]float64{}}
	fn, err := interp.LookupFunc(module, opts.Function)
	if err != nil {
		return nil, err
	}
	for _, t := range targets {
		obsCfg := observe.Config{Method: opts.Method, Percentile: opts.Percentile, Storage: calibStorage(t)}
		if err := obsCfg.Validate(); err != nil {
			return nil, err
		}
	}
	if opts.Method == observe.Percentile {
		s.percentile = opts.Percentile
		if s.percentile == 0 {
			s.percentile = observe.DefaultPercentile
		}
	}

	// Data first: bad data fails before any work.
	t0 := time.Now()
	switch {
	case opts.CalibData != nil:
		s.calib = opts.CalibData
	default:
		if s.calib, err = calibrate.LoadDataset(opts.Calib, fn); err != nil {
			return nil, err
		}
	}
	if len(s.calib.Samples) == 0 {
		return nil, errors.New("no calibration samples")
	}
	if opts.Eval != "" {
		if s.eval, err = calibrate.LoadEvalDataset(opts.Eval, fn); err != nil {
			return nil, err
		}
	}
	s.phase("data", t0)
	// An op a target cannot run in any precision fails before the
	// calibration runs: quantize a clone with placeholder ranges.
	for _, t := range targets {
		d := s.driver(t, &calibration{master: module})
		if err := d.precheck(); err != nil {
			return nil, err
		}
	}

	// The fp32 model's outputs, the reference of every SQNR. When neither
	// equalization nor smoothing changes the model, the calibration runs
	// the same model on the same samples: its outputs are taken then
	// (calibrateFor), with the same bits, instead of from runs of their own.
	t0 = time.Now()
	d := s.driver(nil, &calibration{master: module})
	fp32 := s.ctx.Clone(module, nil)
	s.refFromCalibration = !opts.Equalize && !opts.SmoothQuant && !separateReference
	if !s.refFromCalibration {
		if s.ref, err = d.outputs(fp32, s.calib, "reference"); err != nil {
			return nil, err
		}
	}
	if s.eval != nil {
		if s.evalFloat, err = d.outputs(fp32, s.eval, "reference"); err != nil {
			return nil, err
		}
	}
	s.runs += d.runs
	s.phase("reference", t0)

	if opts.Equalize {
		t0 = time.Now()
		er := lq.Equalize(fn, lq.EqualizeConfig{Iterations: 100, Tolerance: 1e-7})
		s.equalize = &EqualizeSummary{Pairs: len(er.Pairs), Skipped: len(er.Skipped), Sweeps: er.Sweeps}
		s.phase("equalize", t0)
	}
	if opts.SmoothQuant {
		t0 = time.Now()
		sr, err := calibrate.Smooth(module, s.calib, calibrate.SmoothOptions{Function: opts.Function, Alpha: opts.SmoothAlpha,
			Progress: func(done, total int) { s.progress("smooth-quant", done, total) }})
		if err != nil {
			return nil, err
		}
		s.runs += len(s.calib.Samples)
		s.smooth = &SmoothSummary{Alpha: opts.SmoothAlpha, Groups: len(sr.Groups), Skipped: len(sr.Skipped)}
		s.phase("smooth_quant", t0)
	}
	return s, nil
}

func (s *Session) phase(name string, start time.Time) {
	s.timings[name] += time.Since(start).Seconds()
}

func (s *Session) progress(phase string, done, total int) {
	if s.opts.Progress != nil {
		s.opts.Progress(phase, done, total)
	}
}

// driver is a driver for target t on calibrated model c.
func (s *Session) driver(t *target.Target, c *calibration) *driver {
	opts := s.opts
	opts.Target = t
	d := &driver{opts: opts, target: t, ctx: s.ctx, master: c.master, fnName: opts.Function,
		calib: s.calib, ref: s.ref, observed: c.observed, argObserved: c.argObserved,
		report: &Report{Method: string(opts.Method), Percentile: s.percentile, Samples: len(s.calib.Samples), Timings: map[string]float64{}}}
	if t != nil {
		d.measure = floatEverywhere(t)
		d.report.Target = t.Name
	}
	return d
}

// calibrateFor is the model calibrated for t's storage: the first
// target's runs the calibration; another storage takes its ranges from
// the same observers (calibrate.Recalibrate) on a clone, with no run.
func (s *Session) calibrateFor(t *target.Target) (*calibration, error) {
	st := calibStorage(t)
	if c, ok := s.calibrated[st]; ok {
		return c, nil
	}
	t0 := time.Now()
	var cr *calibrate.Report
	var err error
	c := &calibration{observed: map[*ir.Operation][]observe.Range{}, argObserved: map[int]observe.Range{}}
	if s.first == nil {
		c.master = s.ctx.Clone(s.float, nil)
		obsCfg := observe.Config{Method: s.opts.Method, Percentile: s.opts.Percentile, Storage: st}
		copts := calibrate.Options{Function: s.opts.Function, Observer: obsCfg,
			Progress: func(done, total int) { s.progress("calibrate", done, total) }, Cancel: s.opts.Cancel}
		var ref [][]*tensor.Tensor
		if s.refFromCalibration {
			ref = make([][]*tensor.Tensor, len(s.calib.Samples))
			copts.Outputs = func(i int, results []*tensor.Tensor) {
				ref[i] = make([]*tensor.Tensor, len(results))
				for k, r := range results {
					ref[i][k] = r.Clone()
				}
			}
		}
		cr, err = calibrate.Calibrate(c.master, s.calib, copts)
		if err != nil {
			return nil, err
		}
		if s.refFromCalibration {
			s.ref = ref
		}
		s.runs += len(s.calib.Samples)
		s.first, s.firstReport = c, cr
	} else {
		m := ir.NewMapping()
		c.master = s.ctx.Clone(s.first.master, m)
		if cr, err = calibrate.Recalibrate(c.master, m, s.firstReport, st); err != nil {
			return nil, err
		}
	}
	for _, v := range cr.Values {
		if v.Op == nil {
			c.argObserved[v.Arg] = v.Observed
			continue
		}
		rs := c.observed[v.Op]
		if rs == nil {
			rs = make([]observe.Range, v.Op.NumResults())
			c.observed[v.Op] = rs
		}
		rs[v.Result] = v.Observed
	}
	s.calibrated[st] = c
	s.phase("calibrate", t0)
	return c, nil
}

// Quantize quantizes the session's model for t from the calibration for
// t's storage (run now unless an earlier target ran it). The Result is as
// Run's; the session's model is not changed.
func (s *Session) Quantize(t *target.Target) (*Result, error) {
	return s.QuantizeWithBudget(t, s.opts.MinSQNR)
}

// QuantizeWithBudget is Quantize with t's own mixed-precision budget
// (minSQNR in dB; nil: none) in place of the session's.
func (s *Session) QuantizeWithBudget(t *target.Target, minSQNR *float64) (*Result, error) {
	if minSQNR != nil && math.IsNaN(*minSQNR) {
		return nil, errors.New("the SQNR budget must be a number")
	}
	if t == nil {
		return nil, errors.New("no target")
	}
	c, err := s.calibrateFor(t)
	if err != nil {
		return nil, err
	}
	d := s.driver(t, c)
	d.opts.MinSQNR = minSQNR
	d.runs = s.runs
	rep := d.report
	rep.Equalize, rep.SmoothQuant = s.equalize, s.smooth
	for k, v := range s.timings {
		rep.Timings[k] = v
	}
	res, err := d.quantize(s.eval, s.evalFloat)
	s.runs = d.runs
	return res, err
}

// quantize is Run's steps after calibration: every op at its cheapest
// precision, bias correction, mixed precision, the checks and the
// figures.
func (d *driver) quantize(eval *calibrate.Dataset, evalFloat [][]*tensor.Tensor) (*Result, error) {
	rep := d.report
	var err error
	// The cheapest precision for every op.
	t0 := time.Now()
	base, err := d.build(nil, d.target, "")
	if err != nil {
		return nil, err
	}
	d.phase("quantize", t0)
	chosen := map[*ir.Operation]string{} // master op -> precision, every decided op
	for _, dc := range lq.Decisions(base.fn) {
		if o := base.masterOf[dc.Op]; o != nil {
			chosen[o] = dc.Precision
		}
	}
	d.chosen = chosen

	if d.opts.BiasCorrection {
		t0 = time.Now()
		if err := d.correctBias(base, chosen); err != nil {
			return nil, err
		}
		d.phase("bias_correction", t0)
	}

	promoted := map[*ir.Operation]string{}
	var budgetErr *BudgetError
	if d.opts.MinSQNR != nil {
		t0 = time.Now()
		if promoted, err = d.mixedPrecision(chosen); err != nil {
			return nil, err
		}
		d.phase("mixed_precision", t0)
	}

	// The final model, checked and measured.
	t0 = time.Now()
	final, err := d.build(promoted, d.target, "")
	if err != nil {
		return nil, err
	}
	if err := lq.Check(final.fn, d.target); err != nil {
		return nil, err
	}
	// The float weights quantize replaced by stored integers are dead.
	dce.Run(final.module)
	if err := ir.Verify(final.module); err != nil {
		return nil, fmt.Errorf("the quantized module does not verify: %w", err)
	}
	d.phase("quantize", t0)
	t0 = time.Now()
	st, err := d.measureFinal(final)
	if err != nil {
		return nil, err
	}
	d.phase("measure", t0)
	d.fillOps(final, st)
	if d.opts.MinSQNR != nil {
		met := float64(rep.OutputSQNR) >= *d.opts.MinSQNR
		rep.MinSQNR, rep.MetMinSQNR = d.opts.MinSQNR, &met
		if !met {
			budgetErr = &BudgetError{Got: float64(rep.OutputSQNR), Want: *d.opts.MinSQNR}
		}
	}
	if eval != nil {
		t0 = time.Now()
		if rep.Eval, err = d.evaluate(final, eval, evalFloat); err != nil {
			return nil, err
		}
		d.phase("eval", t0)
	}
	rep.InterpreterRuns = d.runs
	res := &Result{Module: final.module, Report: rep, Float: d.master}
	if len(promoted) > 0 || len(d.bias) > 0 {
		c, err := d.decide(promoted, "")
		if err != nil {
			return nil, err
		}
		res.Float = c.module
	}
	if budgetErr != nil {
		return res, budgetErr
	}
	return res, nil
}

// calibStorage is the storage of the target's first 8-bit per-tensor
// activation rule (the cheapest precision), which calibration chooses
// ranges for; TensorRT's int8 when the target has none.
func calibStorage(t *target.Target) observe.Storage {
	rules := t.QuantRules("activation")
	for _, want := range []bool{true, false} {
		for _, r := range rules {
			bits, signed, ok := storageBits(r.Storage)
			if !ok || (bits == 8) != want || r.Granularity != "per-tensor" {
				continue
			}
			return observe.Storage{Bits: bits, Signed: signed, Symmetric: r.Symmetric}
		}
	}
	return observe.Int8
}

// storageBits reads an integer storage name: i8, u16.
func storageBits(s string) (bits int, signed, ok bool) {
	if len(s) < 2 || (s[0] != 'i' && s[0] != 'u') {
		return 0, false, false
	}
	n := 0
	for _, c := range s[1:] {
		if c < '0' || c > '9' {
			return 0, false, false
		}
		n = n*10 + int(c-'0')
	}
	return n, s[0] == 'i', n >= 2 && n <= 16
}

// floatEverywhere is t with f32 accepted for every operand of every op
// class, so that a measurement model may keep any op in f32.
func floatEverywhere(t *target.Target) *target.Target {
	m := *t
	m.Classes = map[string]target.ClassSupport{}
	for _, c := range target.OpClasses {
		cs := t.Classes[c.Name]
		ops := map[string][]string{}
		for k, v := range cs.Operands {
			ops[k] = v
		}
		for _, role := range c.Operands {
			if !contains(ops[role], "f32") {
				ops[role] = append(append([]string(nil), ops[role]...), "f32")
			}
		}
		cs.Operands = ops
		m.Classes[c.Name] = cs
	}
	return &m
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// precheck quantizes a clone of the float module with a placeholder
// range on every value, so that an op the target cannot run in any
// precision fails before calibration spends interpreter runs.
func (d *driver) precheck() error {
	m := d.ctx.Clone(d.master, nil)
	fn, err := interp.LookupFunc(m, d.fnName)
	if err != nil {
		return err
	}
	f64 := d.ctx.FloatType(ir.F64)
	unit := d.ctx.DenseFloatArrayAttr(f64, []float64{-1, 1})
	ir.WalkPreOrder(fn, func(o *ir.Operation) ir.WalkResult {
		if o.NumResults() > 0 && o.Name() != "core.constant" {
			entries := make([]ir.Attribute, o.NumResults())
			for i := range entries {
				entries[i] = unit
			}
			o.SetAttr(lq.CalibAttr, d.ctx.ArrayAttr(entries))
		}
		return ir.Advance
	})
	for i := range fn.Region(0).Blocks()[0].Args() {
		setArgCalib(fn, i, unit)
	}
	_, err = lq.Run(fn, lq.Config{Target: d.target, Fallback: d.opts.AllowFallback})
	return err
}

// setArgCalib sets mlc.calib on argument i of fn.
func setArgCalib(fn *ir.Operation, i int, v ir.Attribute) {
	ctx := fn.Ctx()
	n := len(fn.Region(0).Blocks()[0].Args())
	dicts := make([]ir.Attribute, n)
	old, _ := fn.InherentAttr("arg_attrs").(*ir.ArrayAttr)
	for k := range dicts {
		var entries []ir.NamedAttr
		if old != nil && k < len(old.Elems) {
			if dd, ok := old.Elems[k].(*ir.DictionaryAttr); ok {
				for _, e := range dd.Entries {
					if k != i || e.Name != lq.CalibAttr {
						entries = append(entries, e)
					}
				}
			}
		}
		if k == i {
			entries = append(entries, ir.NamedAttr{Name: lq.CalibAttr, Value: v})
		}
		dicts[k] = ctx.DictionaryAttr(entries)
	}
	var props []ir.NamedAttr
	if fn.Props != nil {
		for _, e := range fn.Props.Entries {
			if e.Name != "arg_attrs" {
				props = append(props, e)
			}
		}
	}
	fn.Props = ctx.DictionaryAttr(append(props, ir.NamedAttr{Name: "arg_attrs", Value: ctx.ArrayAttr(dicts)}))
}

// candidate is one quantized clone of the master module.
type candidate struct {
	module, fn *ir.Operation
	opOf       map[*ir.Operation]*ir.Operation // master op -> clone op
	masterOf   map[*ir.Operation]*ir.Operation // clone op -> master op
}

// build clones the master, gives the ops of prec their precision (a
// 16-bit integer one with the observed ranges of their results), applies
// the bias corrections that hold for the ops' precisions, and quantizes
// for t; others take def ("" for the cheapest the target runs).
func (d *driver) build(prec map[*ir.Operation]string, t *target.Target, def string) (*candidate, error) {
	c, err := d.decide(prec, def)
	if err != nil {
		return nil, err
	}
	if _, err := lq.Run(c.fn, lq.Config{Target: t, Precision: def, Fallback: d.opts.AllowFallback}); err != nil {
		return nil, err
	}
	return c, nil
}

// decide is build before quantize runs: the float clone carrying the
// decisions (mlc.precision and 16-bit ranges, corrected biases).
func (d *driver) decide(prec map[*ir.Operation]string, def string) (*candidate, error) {
	m := ir.NewMapping()
	module := d.ctx.Clone(d.master, m)
	c := &candidate{module: module, opOf: map[*ir.Operation]*ir.Operation{}, masterOf: map[*ir.Operation]*ir.Operation{}}
	ir.WalkPreOrder(d.master, func(o *ir.Operation) ir.WalkResult {
		if o.NumResults() > 0 {
			if v, ok := m.Values[o.Result(0)]; ok {
				c.opOf[o] = v.DefiningOp()
				c.masterOf[v.DefiningOp()] = o
			}
		}
		return ir.Advance
	})
	fn, err := interp.LookupFunc(module, d.fnName)
	if err != nil {
		return nil, err
	}
	c.fn = fn
	d.annotate(c, prec)
	d.applyBias(c, prec, def)
	return c, nil
}

// wideHeadroom is how much wider than the calibration samples' observed
// range a 16-bit encoding is made. Inputs the calibration never saw
// exceed that range and would saturate; twice the width costs one of the
// sixteen bits (about 6 dB of a resolution near 90 dB), where saturation
// on unseen inputs cost vit_tiny's output 0.8 dB on qnn-htp-v73.
const wideHeadroom = 2.0

// withHeadroom is r widened by wideHeadroom about its centre, as lo, hi.
func withHeadroom(r observe.Range) []float64 {
	pad := (wideHeadroom - 1) / 2 * (r.Hi - r.Lo)
	return []float64{r.Lo - pad, r.Hi + pad}
}

// annotate gives the ops of prec (master ops) their precision in c, and
// the observed ranges where 16-bit encodings are made.
func (d *driver) annotate(c *candidate, prec map[*ir.Operation]string) {
	fn := c.fn
	f64 := d.ctx.FloatType(ir.F64)
	// eff is an op's precision in this candidate: prec's, else the
	// baseline's.
	eff := func(o *ir.Operation) string {
		if p, ok := prec[o]; ok {
			p, _ = splitPrecision(p)
			return p
		}
		return d.chosen[o]
	}
	wide := func(o *ir.Operation) bool {
		bits, _, ok := storageBits(eff(o))
		return ok && bits > 8
	}
	// wideOut: o's results are encoded in more than 8 bits (the op, or
	// only its output, promoted).
	wideOut := func(o *ir.Operation) bool {
		_, res := splitPrecision(prec[o])
		bits, _, ok := storageBits(res)
		return wide(o) || (ok && bits > 8)
	}
	readByWide := func(v *ir.Value) bool {
		for _, u := range v.Users() {
			if wide(u) {
				return true
			}
		}
		return false
	}
	for o, p := range prec {
		if co := c.opOf[o]; co != nil {
			p, res := splitPrecision(p)
			co.SetAttr(lq.PrecisionAttr, d.ctx.StringAttr(p))
			if res != "" {
				co.SetAttr(lq.ResultPrecisionAttr, d.ctx.StringAttr(res))
			}
		}
	}
	// 16-bit encodings take the observed range (no clipping) where they
	// are made: on the results of a 16-bit op (or of an op whose results
	// alone are 16-bit), and on those of an op in float or kept in its
	// input's encoding (a data-movement op) that a 16-bit op reads, widened
	// by wideHeadroom. An 8-bit producer keeps its method's range for its
	// own encoding.
	if len(prec) > 0 {
		for o, rs := range d.observed {
			co := c.opOf[o]
			if co == nil {
				continue
			}
			_, _, int8 := storageBits(eff(o))
			if _, set := prec[o]; !set && d.keeps(o) {
				int8 = false // it takes whatever encoding its input has
			}
			if !wideOut(o) && (int8 || !readByWide(o.Result(0))) {
				continue
			}
			entries := make([]ir.Attribute, len(rs))
			for i, r := range rs {
				entries[i] = d.ctx.DenseFloatArrayAttr(f64, withHeadroom(r))
			}
			co.SetAttr(lq.CalibAttr, d.ctx.ArrayAttr(entries))
		}
		masterFn, _ := interp.LookupFunc(d.master, d.fnName)
		for i, a := range masterFn.Region(0).Blocks()[0].Args() {
			if r, ok := d.argObserved[i]; ok && readByWide(a) {
				setArgCalib(fn, i, d.ctx.DenseFloatArrayAttr(f64, withHeadroom(r)))
			}
		}
	}
}

// interpRun runs fn on one sample and counts the run.
func (d *driver) interpRun(it *interp.Interpreter, fn *ir.Operation, s calibrate.Sample) ([]*tensor.Tensor, error) {
	d.runs++
	out, err := it.Run(fn, s.Inputs)
	if err != nil {
		var dg *ir.Diagnostic
		if errors.As(err, &dg) {
			dg.AttachNote(fn.Loc, "while running on %s", s.Set)
			return nil, dg
		}
		return nil, fmt.Errorf("%s: %w", s.Set, err)
	}
	return out, nil
}

// outputs runs module's entry function on every sample of data.
func (d *driver) outputs(module *ir.Operation, data *calibrate.Dataset, phase string) ([][]*tensor.Tensor, error) {
	fn, err := interp.LookupFunc(module, d.fnName)
	if err != nil {
		return nil, err
	}
	it := interp.New(interp.Options{Cancel: d.opts.Cancel})
	out := make([][]*tensor.Tensor, len(data.Samples))
	for i, s := range data.Samples {
		r, err := d.interpRun(it, fn, s)
		if err != nil {
			return nil, err
		}
		// The interpreter recycles its buffers between runs.
		for k := range r {
			r[k] = r[k].Clone()
		}
		out[i] = r
		d.progress(phase, i+1, len(data.Samples))
	}
	return out, nil
}

// noise accumulates, per function result, the signal and noise powers of
// outputs against references, summed over samples.
type noise struct {
	signal, noise []float64
	// samples holds each result's noise power per sample, for bound.
	samples [][]float64
}

func (n *noise) add(got, want []*tensor.Tensor) error {
	if len(got) != len(want) {
		return fmt.Errorf("%d results, the reference has %d", len(got), len(want))
	}
	if n.signal == nil {
		n.signal, n.noise = make([]float64, len(want)), make([]float64, len(want))
		n.samples = make([][]float64, len(want))
	}
	for i := range got {
		if !tensor.ShapeEqual(got[i].Shape(), want[i].Shape()) {
			return fmt.Errorf("result %d has shape %s, the reference %s", i, tensor.FormatShape(got[i].Shape()), tensor.FormatShape(want[i].Shape()))
		}
		s, e := powers(got[i], want[i])
		n.signal[i] += s
		n.noise[i] += e
		n.samples[i] = append(n.samples[i], e)
	}
	return nil
}

// boundErrors is how many standard errors of the mean per-sample noise
// bound adds.
const boundErrors = 1.0

// bound is worst's SQNR with each result's noise raised by boundErrors
// standard errors of its per-sample mean: what the samples support for
// inputs they do not hold, rather than their own average (on vit_tiny the
// per-sample SQNR spreads over 3 dB, so a search stopping at the budget
// on eight samples lands below it on others half the time). With one
// sample it is worst.
func (n *noise) bound() float64 {
	w := math.Inf(1)
	for i := range n.signal {
		k := float64(len(n.samples[i]))
		up := n.noise[i]
		if k > 1 {
			mean := up / k
			var ss float64
			for _, e := range n.samples[i] {
				ss += (e - mean) * (e - mean)
			}
			// k × (mean + z·sd/√k), sd the sample standard deviation.
			up += boundErrors * math.Sqrt(k*ss/(k-1))
		}
		s := sqnr(n.signal[i], up)
		if math.IsNaN(s) {
			return s
		}
		w = min(w, s)
	}
	return w
}

// powers is the signal power of want and the noise power of got − want.
func powers(got, want *tensor.Tensor) (signal, noise float64) {
	// Without float64 copies where both are float32 or convert to it
	// exactly (halves, bfloat16): the sums are the same.
	if g, w := f32Of(got), f32Of(want); g != nil && w != nil {
		for i := range w {
			wi := float64(w[i])
			signal += wi * wi
			e := float64(g[i]) - wi
			noise += e * e
		}
		return signal, noise
	}
	g, w := got.Values(), want.Values()
	for i := range w {
		signal += w[i] * w[i]
		e := g[i] - w[i]
		noise += e * e
	}
	return signal, noise
}

// f32Of is t's values as float32 (t's own storage when it is F32) for
// F32, F16 and BF16 tensors, else nil.
func f32Of(t *tensor.Tensor) []float32 {
	switch t.DType() {
	case tensor.F32:
		return t.Float32s()
	case tensor.F16, tensor.BF16:
		if c, err := tensor.Cast(t, tensor.F32); err == nil {
			return c.Float32s()
		}
	}
	return nil
}

// sqnr is 10·log10(signal/noise) with the metrics package's conventions.
func sqnr(signal, noise float64) float64 {
	switch {
	case math.IsNaN(signal) || math.IsNaN(noise) || math.IsInf(noise, 0):
		return math.NaN()
	case noise == 0:
		return math.Inf(1)
	case signal == 0:
		return math.Inf(-1)
	}
	return 10 * math.Log10(signal/noise)
}

// worst is the lowest per-result SQNR.
func (n *noise) worst() float64 {
	w := math.Inf(1)
	for i := range n.signal {
		s := sqnr(n.signal[i], n.noise[i])
		if math.IsNaN(s) {
			return s
		}
		w = min(w, s)
	}
	return w
}

// total is the noise power relative to the signal, summed over results:
// the additive quantity mixed precision ranks ops by.
func (n *noise) total() float64 {
	var t float64
	for i := range n.signal {
		if n.signal[i] > 0 {
			t += n.noise[i] / n.signal[i]
		} else if n.noise[i] > 0 {
			t = math.Inf(1)
		}
	}
	return t
}

// outputSQNR runs candidate c on the first k calibration samples and
// returns the noise of its outputs against the fp32 model's.
func (d *driver) outputSQNR(c *candidate, k int) (*noise, error) {
	it := interp.New(interp.Options{Cancel: d.opts.Cancel})
	n := &noise{}
	for i := range k {
		out, err := d.interpRun(it, c.fn, d.calib.Samples[i])
		if err != nil {
			return nil, err
		}
		if err := n.add(out, d.ref[i]); err != nil {
			return nil, err
		}
	}
	return n, nil
}

// evaluate is the evaluation set's figures.
func (d *driver) evaluate(c *candidate, eval *calibrate.Dataset, float [][]*tensor.Tensor) (*Eval, error) {
	it := interp.New(interp.Options{Cancel: d.opts.Cancel})
	q, f := &noise{}, &noise{}
	for i, s := range eval.Samples {
		out, err := d.interpRun(it, c.fn, s)
		if err != nil {
			return nil, err
		}
		if err := q.add(out, s.Outputs); err != nil {
			return nil, fmt.Errorf("%s: %v", s.Set, err)
		}
		if err := f.add(float[i], s.Outputs); err != nil {
			return nil, fmt.Errorf("%s: %v", s.Set, err)
		}
		d.progress("eval", i+1, len(eval.Samples))
	}
	return &Eval{Samples: len(eval.Samples), QuantizedSQNR: DB(q.worst()), FloatSQNR: DB(f.worst())}, nil
}

// where names an op as the report does (see Where).
func where(o *ir.Operation) string { return Where(o.Loc) }

// Where names a location as reports do: a name location's name (ONNX
// node names), else file:line:col, else the location's text.
func Where(l ir.Location) string {
	switch l := l.(type) {
	case nil:
		return "unknown"
	case ir.NameLoc:
		return l.Name
	}
	if f, ok := ir.FileLineCol(l); ok {
		return fmt.Sprintf("%s:%d:%d", f.File, f.Line, f.Col)
	}
	return l.String()
}

func (d *driver) phase(name string, start time.Time) {
	d.report.Timings[name] += time.Since(start).Seconds()
}

func (d *driver) progress(phase string, done, total int) {
	if d.opts.Progress != nil {
		d.opts.Progress(phase, done, total)
	}
}

// CalibStorage is the storage calibration chooses ranges for on t (the
// first 8-bit per-tensor activation rule's), which decides whether two
// targets share a calibration.
func CalibStorage(t *target.Target) observe.Storage { return calibStorage(t) }
