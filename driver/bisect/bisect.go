// Package bisect finds where a pass pipeline loses accuracy: it runs the
// pipeline one pass at a time, runs the reference interpreter on the IR
// after each pass, compares every stage's outputs with the first stage's
// (SQNR), and names the first pass whose outputs fall below a threshold
// and, inside it, the first op (by location) whose output falls below it
// against the stage before. It returns a typed report and prints nothing
// (`mlc bisect` prints it).
package bisect

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/interp"
	"github.com/mlc-go/mlc/interp/metrics"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/rewrite/pass"
)

// DefaultMinSQNR is the threshold in dB when none is given: the accuracy
// budget mixed precision uses by default (issue 13's --min-sqnr 30), about
// what a well-calibrated int8 model keeps (3% RMS noise).
const DefaultMinSQNR = 30.0

// Options say what to run and how to judge it.
type Options struct {
	// Pipeline is run on the module, one pass at a time; Run adds its own
	// instrumentation to it.
	Pipeline *pass.OpPassManager
	// Function is the func.func the interpreter runs ("main" when empty).
	Function string
	// Inputs bind the function's arguments by name (interp.BindInputs):
	// an argument's mlc.name or "arg<i>".
	Inputs map[string]*tensor.Tensor
	// MinSQNR is the threshold in dB; a stage or op output below it drops.
	MinSQNR float64
	// Target is handed to the passes (pass.Config.Target); nil: none.
	Target pass.Target
}

// Report is the outcome of Run.
type Report struct {
	MinSQNR float64
	// Stages are the input (stage 0) and the IR after each pass run, in
	// order; a pass on nested ops gives one stage per op it ran on.
	Stages []*Stage
	// Reference is the index of the stage every other is compared with:
	// the first one the interpreter could run; -1 when none could.
	Reference int
	// FirstBelow is the index of the first stage with an output below
	// MinSQNR; -1 when none.
	FirstBelow int
	// Previous is the runnable stage before FirstBelow that Op compares
	// against; -1 when there is none.
	Previous int
	// Op is the op where accuracy drops in stage FirstBelow; nil when no
	// op of that stage could be matched with one of stage Previous.
	Op *OpDrop
	// PipelineErr is the pass failure that ended the pipeline early (the
	// stages before it are still reported).
	PipelineErr error
}

// OK reports whether every stage that ran kept its outputs at or above
// the threshold.
func (r *Report) OK() bool { return r.FirstBelow < 0 }

// Stage is the IR after one pass (or the input).
type Stage struct {
	Index int
	// Pass is the pass as pipeline text, "" for the input.
	Pass string
	// On names the op the pass ran on ("@main") when it is nested below
	// the root; "" for the root.
	On string
	// Err says why the stage could not be run or compared (the
	// interpreter has no kernel for an op, the results changed count);
	// Outputs is then empty.
	Err error
	// Outputs are the function's results against the reference stage's.
	Outputs []Output
	// Below: some output is below the threshold (NaN counts as below).
	Below bool

	module *ir.Operation
	// real: the results as real values (quantized ones dequantized).
	real []*tensor.Tensor
}

// Label is the stage as the report names it: "input" or the pass text,
// with " on @f" for a nested run.
func (s *Stage) Label() string {
	if s.Pass == "" {
		return "input"
	}
	if s.On != "" {
		return s.Pass + " on " + s.On
	}
	return s.Pass
}

// Output is one function result of a stage.
type Output struct {
	Name string
	// SQNR against the reference stage's result, in dB (+Inf when equal).
	SQNR float64
	// Err: the result cannot be compared (another shape).
	Err error
}

// OpDrop is the op where a stage's accuracy drops.
type OpDrop struct {
	Name   string
	Loc    ir.Location
	Result int
	// SQNR of that result against the same op's (matched by name and
	// location) in the previous stage.
	SQNR float64
	// Below: SQNR is below the threshold. When no matched op falls below
	// it, Op is the one with the lowest SQNR and Below is false.
	Below bool
}

// Run runs opts.Pipeline on module (which it changes, as the pipeline
// would) and evaluates every stage. The error is for input the bisect
// cannot start from (no such function, inputs that do not bind to the
// input IR's function, a reference no stage can provide); a pass failure
// is Report.PipelineErr.
func Run(module *ir.Operation, opts Options) (*Report, error) {
	if opts.Function == "" {
		opts.Function = "main"
	}
	fn, err := interp.LookupFunc(module, opts.Function)
	if err != nil {
		return nil, err
	}
	if _, err := interp.BindInputs(fn, opts.Inputs); err != nil {
		return nil, err
	}
	rep := &Report{MinSQNR: opts.MinSQNR, Reference: -1, FirstBelow: -1, Previous: -1}
	st := &stager{root: module}
	rep.Stages = append(rep.Stages, &Stage{module: clone(module)})
	if opts.Pipeline != nil {
		opts.Pipeline.AddInstrumentation(st)
		// One goroutine, so the root can be cloned after each pass.
		cfg := &pass.Config{VerifyEach: true, DisableThreading: true, Out: io.Discard, Target: opts.Target}
		rep.PipelineErr = opts.Pipeline.Run(module, cfg)
		rep.Stages = append(rep.Stages, st.stages...)
	}
	for i, s := range rep.Stages {
		s.Index = i
		s.real, s.Err = runStage(s.module, opts, nil)
		if s.Err == nil && rep.Reference < 0 {
			rep.Reference = i
		}
	}
	if rep.Reference < 0 {
		return rep, fmt.Errorf("the interpreter can run no stage (the input: %v)", rep.Stages[0].Err)
	}
	ref := rep.Stages[rep.Reference]
	names := interp.ResultNames(mustFunc(ref.module, opts.Function))
	for _, s := range rep.Stages {
		if s.Err != nil {
			continue
		}
		if len(s.real) != len(ref.real) {
			s.Err = fmt.Errorf("@%s has %d results, the reference stage %d has %d", opts.Function, len(s.real), ref.Index, len(ref.real))
			continue
		}
		for i, t := range s.real {
			o := Output{Name: names[i]}
			o.SQNR, o.Err = metrics.SQNR(t, ref.real[i])
			s.Below = s.Below || o.Err != nil || below(o.SQNR, opts.MinSQNR)
			s.Outputs = append(s.Outputs, o)
		}
		if s.Below && rep.FirstBelow < 0 {
			rep.FirstBelow = s.Index
		}
	}
	if rep.FirstBelow > 0 {
		for i := rep.FirstBelow - 1; i >= 0; i-- {
			if rep.Stages[i].Err == nil {
				rep.Previous = i
				break
			}
		}
	}
	if rep.Previous >= 0 {
		rep.Op, err = locate(rep.Stages[rep.Previous], rep.Stages[rep.FirstBelow], opts)
		if err != nil {
			return rep, err
		}
	}
	return rep, nil
}

// below: x is under the threshold, or not a number.
func below(x, min float64) bool { return math.IsNaN(x) || x < min }

func clone(op *ir.Operation) *ir.Operation { return op.Ctx().Clone(op, nil) }

func mustFunc(module *ir.Operation, name string) *ir.Operation {
	fn, _ := interp.LookupFunc(module, name)
	return fn
}

// stager clones the root after every pass run.
type stager struct {
	pass.BaseInstrumentation
	root   *ir.Operation
	stages []*Stage
}

func (s *stager) RunAfterPass(pr *pass.PassRun) error {
	st := &Stage{Pass: passText(pr.Pass), module: clone(s.root)}
	if pr.Op != s.root {
		if name := ir.SymbolName(pr.Op); name != "" {
			st.On = "@" + name
		} else {
			st.On = "'" + pr.Op.Name() + "'"
		}
	}
	s.stages = append(s.stages, st)
	return nil
}

// passText is the pass as pipeline text with the options it was given a
// value other than the default.
func passText(in *pass.Instance) string {
	var opts []string
	for _, o := range in.Pass.Options {
		if v, ok := in.Options[o.Name]; ok && v != o.Default {
			opts = append(opts, o.Name+"="+v)
		}
	}
	if len(opts) == 0 {
		return in.Pass.Name
	}
	return in.Pass.Name + "{" + strings.Join(opts, " ") + "}"
}

// runStage runs the function of a stage and returns its results as real
// values; observe, when set, sees every op's results (as real values).
func runStage(module *ir.Operation, opts Options, observe func(op *ir.Operation, real []*tensor.Tensor)) (out []*tensor.Tensor, err error) {
	fn, err := interp.LookupFunc(module, opts.Function)
	if err != nil {
		return nil, err
	}
	args, err := interp.BindInputs(fn, opts.Inputs)
	if err != nil {
		return nil, err
	}
	var iopts interp.Options
	if observe != nil {
		iopts.Observe = func(op *ir.Operation, results []*tensor.Tensor) {
			reals := make([]*tensor.Tensor, len(results))
			for i, r := range results {
				if i < op.NumResults() {
					reals[i], _ = realValues(op.Result(i).Type(), r)
				}
			}
			observe(op, reals)
		}
	}
	results, err := interp.New(iopts).Run(fn, args)
	if err != nil {
		return nil, err
	}
	types := fn.Region(0).Block(0).Terminator().OperandTypes()
	for i, r := range results {
		var t ir.Type
		if i < len(types) {
			t = types[i]
		}
		rv, err := realValues(t, r)
		if err != nil {
			return nil, fmt.Errorf("result %d: %v", i, err)
		}
		out = append(out, rv)
	}
	return out, nil
}

// realValues is v as f64 real values: quantized stored integers are
// dequantized with t's scales and zero points, so stages that quantize a
// value compare with those that do not.
func realValues(t ir.Type, v *tensor.Tensor) (*tensor.Tensor, error) {
	if v == nil {
		return nil, errors.New("no value")
	}
	shape := v.Shape()
	switch q := quant.ElementType(t).(type) {
	case nil:
		return tensor.FromSlice(tensor.F64, shape, v.Values())
	case *quant.UniformType:
		stored := v.IntValues()
		out := make([]float64, len(stored))
		for i, s := range stored {
			out[i] = q.Params().DequantizeAs(q.Expressed.Kind, s)
		}
		return tensor.FromSlice(tensor.F64, shape, out)
	case *quant.UniformPerAxisType:
		if q.Axis >= len(shape) || shape[q.Axis] != int64(q.NumChannels()) {
			return nil, fmt.Errorf("%s does not fit shape %s", q, tensor.FormatShape(shape))
		}
		stored := v.IntValues()
		out := make([]float64, len(stored))
		for i, s := range stored {
			out[i] = q.ParamsAt(q.ChannelOf(shape, int64(i))).DequantizeAs(q.Expressed.Kind, s)
		}
		return tensor.FromSlice(tensor.F64, shape, out)
	default:
		return nil, fmt.Errorf("%s has no scale and zero point", q)
	}
}

// opKey identifies an op across stages: passes keep locations.
func opKey(op *ir.Operation) (string, bool) {
	if op.Loc == nil {
		return "", false
	}
	if _, unknown := op.Loc.(ir.UnknownLoc); unknown {
		return "", false
	}
	return op.Name() + "\x00" + op.Loc.String(), true
}

// locate runs prev and cur with an observer and returns the first op of
// cur, in execution order, with a result below the threshold against the
// op of prev with the same name and location (the k-th run of an op
// matches the k-th run of its counterpart).
func locate(prev, cur *Stage, opts Options) (*OpDrop, error) {
	seen := map[string][][]*tensor.Tensor{}
	if _, err := runStage(prev.module, opts, func(op *ir.Operation, real []*tensor.Tensor) {
		if k, ok := opKey(op); ok {
			seen[k] = append(seen[k], real)
		}
	}); err != nil {
		return nil, fmt.Errorf("stage %d ran once but not again: %v", prev.Index, err)
	}
	count := map[string]int{}
	var first, lowest *OpDrop
	if _, err := runStage(cur.module, opts, func(op *ir.Operation, real []*tensor.Tensor) {
		k, ok := opKey(op)
		if !ok || first != nil {
			return
		}
		n := count[k]
		count[k]++
		if n >= len(seen[k]) {
			return
		}
		before := seen[k][n]
		for i, r := range real {
			if i >= len(before) || r == nil || before[i] == nil {
				continue
			}
			s, err := metrics.SQNR(r, before[i])
			if err != nil {
				continue
			}
			d := &OpDrop{Name: op.Name(), Loc: op.Loc, Result: i, SQNR: s, Below: below(s, opts.MinSQNR)}
			if d.Below {
				first = d
				return
			}
			if lowest == nil || s < lowest.SQNR {
				lowest = d
			}
		}
	}); err != nil {
		return nil, fmt.Errorf("stage %d ran once but not again: %v", cur.Index, err)
	}
	if first != nil {
		return first, nil
	}
	return lowest, nil
}
