// Package compile is the job behind `mlc compile`: one model, one
// calibration, any number of targets, and for each target a deployable
// bundle or the report of why it was refused.
//
//	import → torch-to-core → calibrate (once per activation storage, shared
//	by the targets) → quantize → partition + legalise → serialize → gates
//
// Each target gets OUT/<target>/ with the vendor artefacts (through the
// serializer registered for its backend, Serializers), manifest.json and
// the reports; a target whose gates fail gets OUT/<target>.failed/ with
// only manifest.json and the reports, which name the worst op and the
// pass after which accuracy dropped (driver/bisect over the same
// pipeline). Everything is written under a temporary directory beside
// OUT and renamed into place at the end, so a failed or cancelled
// compile leaves nothing, and the bytes depend only on the inputs (no
// times, no map order). The package holds no flags and prints nothing.
package compile

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/driver/calibrate"
	"github.com/mlc-go/mlc/driver/lower"
	dq "github.com/mlc-go/mlc/driver/quantize"
	"github.com/mlc-go/mlc/driver/report"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/interp"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/lowering/partition"
	"github.com/mlc-go/mlc/lowering/quantize/observe"
	"github.com/mlc-go/mlc/lowering/target"
	"github.com/mlc-go/mlc/rewrite/pass"
	"github.com/mlc-go/mlc/translate/onnx"
)

// Options configure Compile.
type Options struct {
	// Model is an .onnx file or a textual .mlir module (torch or core).
	Model string
	// Import configures the import of an ONNX model (fixed dims, shapes).
	Import  onnx.Options
	Targets []*target.Target
	// Calib is the calibration data directory (ONNX test-data layout or
	// <input>.npy per set). Eval, when set, is the evaluation data;
	// when empty the last quarter of Calib's sets (at least one, in set
	// order) is held back for evaluation, and with a single set that
	// set serves both.
	Calib, Eval string
	// Out is the bundle directory; it must not exist unless Force.
	Out   string
	Force bool
	// Function is the entry function ("main" when empty).
	Function string
	// Method is the calibration observer (minmax when empty).
	Method observe.Method
	// RequireFull refuses a model with any op on the CPU; otherwise ops
	// a target cannot run stay in float in CPU fallback partitions
	// (quantize{allow-fallback}), as do FallbackOps ("softmax" or
	// "core.softmax") and vendor clusters under MinBlockSize compute ops
	// (0: partition's default).
	RequireFull  bool
	FallbackOps  []string
	MinBlockSize int
	// MixedPrecision promotes the ops whose quantization costs the most
	// output SQNR to the next precision the target runs (int16, f16, ...)
	// until the calibration samples meet the SQNR gate's threshold
	// (driver/quantize's mixed precision); the gates still judge the
	// evaluation samples.
	MixedPrecision bool
	// Thresholds override the target files' gates.
	Thresholds Thresholds
	// ExtraPasses is a pass pipeline (pass list or builtin.module(...))
	// run on every quantized model before partitioning. It exists for
	// tests: a pass that breaks quantization must fail the accuracy
	// gate and be named.
	ExtraPasses string
	// Context is the IR context (every dialect registered); a new one
	// when nil. Its diagnostic handler sees the importer's diagnostics.
	Context   *ir.Context
	SourceMgr *ir.SourceMgr
	// Progress, when set, is told the target ("" for shared work), the
	// phase and how far it is.
	Progress func(target, phase string, done, total int)
	// StageDone, when set, is told as each stage ends, for benchmarks:
	// "import" and "decompose" (when the model is in torch) with the
	// module, "calibrate" (the fp32 reference and the shared
	// calibration), then per target "quantize" and "lower" with that
	// target's module, "gates" and, for a target that passed,
	// "serialize" (module nil).
	StageDone func(target, stage string, module *ir.Operation)
}

// Result says what Compile wrote.
type Result struct {
	Out     string
	Targets []*TargetResult
}

// TargetResult is one target's outcome.
type TargetResult struct {
	Target string
	// Dir is the target's directory relative to Out: the target's name,
	// or the name with ".failed" when a gate failed.
	Dir      string
	Passed   bool
	Manifest *Manifest
	Bundle   *report.Bundle
	// Lowered is the lowered module the gates ran: the host function
	// calling the vendor partitions (in the backend's dialect) and the
	// CPU partitions (in core).
	Lowered *ir.Operation
}

// GateError is returned with the Result when some target's gates failed:
// the bundle was written, the failing targets with their reports only.
type GateError struct {
	Failed []string // "target: gate" lines
}

func (e *GateError) Error() string {
	return "gates failed: " + strings.Join(e.Failed, "; ")
}

// Compile runs the job. On any error but a *GateError nothing is left
// on disk; with a *GateError the Result tells what was written.
// Cancelling ctx (SIGINT in mlc compile) stops at the next step and
// removes everything written.
func Compile(ctx context.Context, opts Options) (res *Result, err error) {
	if err := opts.check(); err != nil {
		return nil, err
	}
	if opts.Function == "" {
		opts.Function = "main"
	}
	if opts.Method == "" {
		opts.Method = observe.MinMax
	}
	if opts.Context == nil {
		opts.Context = all.NewContext()
	}
	extra, err := parseExtra(opts.ExtraPasses)
	if err != nil {
		return nil, err
	}
	st, err := newStaging(opts.Out, opts.Force)
	if err != nil {
		return nil, err
	}
	defer func() {
		if err != nil && !isGateError(err) && ctx.Err() != nil {
			res, err = nil, ctx.Err() // whatever step noticed it
		}
		if r := recover(); r != nil {
			st.discard() // a bug must not leave a partial bundle either
			panic(r)
		}
		if err != nil && !isGateError(err) {
			st.discard()
		}
	}()

	c := &compiler{opts: opts, ctx: ctx, extra: extra, staging: st}
	if err := c.load(); err != nil {
		return nil, err
	}
	res = &Result{Out: opts.Out}
	var failed []string
	for _, t := range opts.Targets {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		tr, err := c.target(t)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", t.Name, err)
		}
		res.Targets = append(res.Targets, tr)
		if !tr.Passed {
			for _, g := range tr.Bundle.Gates {
				if !g.Passed {
					failed = append(failed, fmt.Sprintf("%s: %s", t.Name, GateText(g)))
				}
			}
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := st.commit(); err != nil {
		return nil, err
	}
	if len(failed) > 0 {
		return res, &GateError{Failed: failed}
	}
	return res, nil
}

func isGateError(err error) bool {
	var g *GateError
	return errors.As(err, &g)
}

func (o *Options) check() error {
	switch {
	case o.Model == "":
		return errors.New("no model")
	case len(o.Targets) == 0:
		return fmt.Errorf("no target (known targets: %s)", strings.Join(target.List(), ", "))
	case o.Calib == "":
		return errors.New("no calibration data directory")
	case o.Out == "":
		return errors.New("no output directory")
	case o.MinBlockSize < 0:
		return fmt.Errorf("the minimum block size must be at least 1, got %d", o.MinBlockSize)
	}
	seen := map[string]bool{}
	for _, t := range o.Targets {
		if seen[t.Name] {
			return fmt.Errorf("target %s is named twice", t.Name)
		}
		seen[t.Name] = true
	}
	for _, t := range o.Targets {
		if err := checkSerializer(t); err != nil {
			return err
		}
	}
	return o.Thresholds.check()
}

// parseExtra parses the test passes' pipeline; nil when none.
func parseExtra(text string) (*pass.OpPassManager, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return nil, nil
	}
	if !strings.HasPrefix(text, "builtin.module(") {
		text = "builtin.module(" + text + ")"
	}
	pm, err := pass.ParsePipeline(text)
	if err != nil {
		return nil, fmt.Errorf("extra passes: %v", err)
	}
	return pm, nil
}

// compiler is one Compile's state.
type compiler struct {
	opts    Options
	ctx     context.Context
	extra   *pass.OpPassManager
	staging *staging

	modelSHA    string
	torch       bool // the model came in the torch dialect and ran torch-to-core
	float       *ir.Operation
	signature   Signature
	calib, eval *calibrate.Dataset
	data        DataInfo
	// ref holds the fp32 model's outputs per evaluation sample.
	ref     [][]*tensor.Tensor
	session *dq.Session
}

func (c *compiler) stageDone(target, stage string, module *ir.Operation) {
	if c.opts.StageDone != nil {
		c.opts.StageDone(target, stage, module)
	}
}

func (c *compiler) progress(target, phase string, done, total int) {
	if c.opts.Progress != nil {
		c.opts.Progress(target, phase, done, total)
	}
}

// load reads the model and the data, checks that the data fits the
// model, runs the fp32 reference on the evaluation samples and starts the
// quantization session (which checks every target can run every op).
func (c *compiler) load() error {
	done := func(stage string, m *ir.Operation) { c.stageDone("", stage, m) }
	var module *ir.Operation
	var lowered string
	var err error
	if c.opts.Model == dq.StdinPath {
		// Standard input can be read once: digest the bytes as read.
		var src []byte
		if _, src, err = dq.ReadSource(c.opts.Model); err != nil {
			return err
		}
		sum := sha256.Sum256(src)
		c.modelSHA = hex.EncodeToString(sum[:])
		module, lowered, err = dq.LoadSourceStages(c.opts.Context, dq.StdinName, src, c.opts.SourceMgr, c.opts.Import, done)
	} else {
		if c.modelSHA, err = fileSHA256(c.opts.Model); err != nil {
			return err
		}
		module, lowered, err = dq.LoadLoweredStages(c.opts.Context, c.opts.Model, c.opts.SourceMgr, c.opts.Import, done)
	}
	if err != nil {
		return err
	}
	c.torch = lowered != ""
	fn, err := interp.LookupFunc(module, c.opts.Function)
	if err != nil {
		return err
	}
	if c.signature, err = signatureOf(fn); err != nil {
		return err
	}
	if err := c.loadData(fn); err != nil {
		return err
	}
	if err := c.ctx.Err(); err != nil {
		return err
	}
	c.float = c.opts.Context.Clone(module, nil)
	if c.ref, err = runAll(c.ctx, c.float, c.opts.Function, c.eval, interp.Options{}, func(done, total int) {
		c.progress("", "fp32 reference", done, total)
	}); err != nil {
		return err
	}
	c.session, err = dq.NewSession(module, dq.Options{Function: c.opts.Function, Method: c.opts.Method, CalibData: c.calib,
		AllowFallback: !c.opts.RequireFull, Cancel: c.ctx.Err, Progress: func(phase string, done, total int) { c.progress("", phase, done, total) }}, c.opts.Targets...)
	if err == nil {
		c.stageDone("", "calibrate", nil)
	}
	return err
}

// loadData reads the calibration (and evaluation) sets for fn; a set
// that does not fit the model's inputs is an error naming the file.
func (c *compiler) loadData(fn *ir.Operation) error {
	all, err := calibrate.LoadDataset(c.opts.Calib, fn)
	if err != nil {
		return fmt.Errorf("calibration data does not fit %s: %w", modelFile(c.opts.Model), err)
	}
	c.calib = all
	switch {
	case c.opts.Eval != "":
		if c.eval, err = calibrate.LoadDataset(c.opts.Eval, fn); err != nil {
			return fmt.Errorf("evaluation data does not fit %s: %w", modelFile(c.opts.Model), err)
		}
		c.data.EvalFrom = "eval"
	case len(all.Samples) == 1:
		c.eval = all
		c.data.EvalFrom = "calibration (a single set: evaluated on the set it was calibrated on)"
	default:
		held := max(1, len(all.Samples)/4)
		n := len(all.Samples) - held
		c.calib = &calibrate.Dataset{Dir: all.Dir, Samples: all.Samples[:n]}
		c.eval = &calibrate.Dataset{Dir: all.Dir, Samples: all.Samples[n:]}
		c.data.EvalFrom = "calibration (the last quarter of its sets held back)"
	}
	for _, s := range c.calib.Samples {
		c.data.CalibSets = append(c.data.CalibSets, s.Set)
	}
	for _, s := range c.eval.Samples {
		c.data.EvalSets = append(c.data.EvalSets, s.Set)
	}
	if c.data.CalibSHA256, err = datasetSHA256(c.calib); err != nil {
		return err
	}
	if c.data.EvalSHA256, err = datasetSHA256(c.eval); err != nil {
		return err
	}
	return nil
}

// runAll runs module's function on every sample with the interpreter
// options opts and keeps the results.
func runAll(ctx context.Context, module *ir.Operation, fnName string, data *calibrate.Dataset, opts interp.Options, progress func(done, total int)) ([][]*tensor.Tensor, error) {
	fn, err := interp.LookupFunc(module, fnName)
	if err != nil {
		return nil, err
	}
	opts.Cancel = ctx.Err
	it := interp.New(opts)
	out := make([][]*tensor.Tensor, len(data.Samples))
	for i, s := range data.Samples {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		r, err := it.Run(fn, s.Inputs)
		if err != nil {
			var d *ir.Diagnostic
			if errors.As(err, &d) {
				d.AttachNote(fn.Loc, "while running on %s", s.Set)
				return nil, d
			}
			return nil, fmt.Errorf("%s: %v", s.Set, err)
		}
		// The interpreter recycles its buffers between runs.
		for k := range r {
			r[k] = r[k].Clone()
		}
		out[i] = r
		if progress != nil {
			progress(i+1, len(data.Samples))
		}
	}
	return out, nil
}

// target quantizes, lowers, gates and writes one target.
func (c *compiler) target(t *target.Target) (*TargetResult, error) {
	name := t.Name
	th, err := c.opts.Thresholds.resolve(t)
	if err != nil {
		return nil, err
	}
	var budget *float64
	if c.opts.MixedPrecision {
		b := th.bisectSQNR()
		budget = &b
	}
	// A budget mixed precision cannot meet leaves the best effort, which
	// the gates then judge.
	q, err := c.session.QuantizeWithBudget(t, budget)
	var missed *dq.BudgetError
	if err != nil && !errors.As(err, &missed) {
		return nil, err
	}
	module := q.Module
	c.stageDone(name, "quantize", module)
	if c.extra != nil {
		if err := c.extra.Run(module, &pass.Config{VerifyEach: true, Out: io.Discard, Target: t}); err != nil {
			var f *pass.Failure
			if errors.As(err, &f) && f.Err != nil {
				return nil, f.Err
			}
			return nil, err
		}
	}
	if err := c.ctx.Err(); err != nil {
		return nil, err
	}
	sig := c.signature.withEncodings(module, c.opts.Function)
	lat := newLatency(t)
	parts, err := lower.Lower(module, lower.Options{Target: t, MinBlockSize: c.opts.MinBlockSize,
		Fallback: c.opts.FallbackOps, RequireFull: c.opts.RequireFull, BeforeLegalize: lat.partition})
	if err != nil {
		return nil, err
	}
	if err := c.ctx.Err(); err != nil {
		return nil, err
	}
	c.stageDone(name, "lower", module)

	// The gates judge what the target computes: TensorRT runs each
	// dequantize → convolution/matrix multiply → quantize group as one
	// int8 kernel (integer sums, one requantization), not in float op by
	// op (interp.Options.TRTFused).
	gateOpts := interp.Options{TRTFused: t.Backend == "tensorrt"}
	got, err := runAll(c.ctx, module, c.opts.Function, c.eval, gateOpts, func(done, total int) { c.progress(name, "gates", done, total) })
	if err != nil {
		return nil, err
	}
	outputs, err := accuracy(c.signature.outputNames(), got, c.ref)
	if err != nil {
		return nil, err
	}
	worst := worstSample(got, c.ref)
	b := &report.Bundle{
		Model: modelFile(c.opts.Model), ModelSHA256: c.modelSHA, Target: name, Compiler: Version(),
		Pipeline: c.pipelineText(t, budget),
	}
	if b.TargetSHA256, err = targetSHA256(t); err != nil {
		return nil, err
	}
	b.Outputs = outputs
	b.Partitions = lat.partitions(parts)
	b.Latency = report.Latency{TotalMs: lat.totalMs(), BudgetMs: th.latencyBudget()}
	b.Gates = gates(outputs, b.Latency, th)
	b.Ops = opsOf(q.Report, parts)
	b.Passed = true
	for _, g := range b.Gates {
		b.Passed = b.Passed && g.Passed
	}

	tr := &TargetResult{Target: name, Dir: name, Passed: b.Passed, Bundle: b, Lowered: module}
	c.stageDone(name, "gates", nil)
	var artefacts []string
	if b.Passed {
		dir, err := c.staging.dir(tr.Dir)
		if err != nil {
			return nil, err
		}
		if artefacts, err = serialize(dir, module, t, c.opts.Function, modelName(c.opts.Model)); err != nil {
			return nil, err
		}
		c.stageDone(name, "serialize", nil)
	} else {
		tr.Dir = name + ".failed"
		if b.Failure, err = c.diagnose(t, q.Float, worst, b, th); err != nil {
			return nil, err
		}
	}
	dir, err := c.staging.dir(tr.Dir)
	if err != nil {
		return nil, err
	}
	if b.Artefacts, err = describe(dir, artefacts); err != nil {
		return nil, err
	}
	tr.Manifest = c.manifest(t, b, sig, th, lat.note())
	if err := writeJSON(filepath.Join(dir, "manifest.json"), tr.Manifest); err != nil {
		return nil, err
	}
	if err := writeReport(dir, b); err != nil {
		return nil, err
	}
	return tr, nil
}

// modelName is the model file's base name without extension, as vendor
// artefacts name the network, made a C identifier (QNN's generated
// sources use it as one): other characters become '_', and a leading
// digit gets one before it.
func modelName(path string) string {
	base := filepath.Base(path)
	if path == dq.StdinPath {
		base = "stdin"
	}
	name := []byte(strings.TrimSuffix(base, filepath.Ext(base)))
	for i, c := range name {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			name[i] = '_'
		}
	}
	if len(name) == 0 || name[0] >= '0' && name[0] <= '9' {
		name = append([]byte{'_'}, name...)
	}
	return string(name)
}

// modelFile is the model's file name as the manifest and messages give
// it ("<stdin>" for standard input).
func modelFile(path string) string {
	if path == dq.StdinPath {
		return dq.StdinName
	}
	return filepath.Base(path)
}

// pipelineText is the pass pipeline the compile ran for t, as mlc-opt
// would run it (calibrate reads the sets the manifest lists).
func (c *compiler) pipelineText(t *target.Target, budget *float64) string {
	var steps []string
	if c.torch {
		steps = append(steps, "torch-to-core")
	}
	st := dq.CalibStorage(t)
	steps = append(steps, fmt.Sprintf("calibrate{method=%s bits=%d signed=%t symmetric=%t}", c.opts.Method, st.Bits, st.Signed, st.Symmetric))
	if budget != nil {
		steps = append(steps, fmt.Sprintf("mixed-precision{target=%s min-sqnr=%g}", t.Name, *budget))
	}
	steps = append(steps, c.afterCalibration(t)...)
	return "builtin.module(" + strings.Join(steps, ",") + ")"
}

// afterCalibration is the pipeline from the calibrated float model (with
// mixed precision's decisions on it) to the lowered one: quantize, the
// extra passes, partition, legalise.
func (c *compiler) afterCalibration(t *target.Target) []string {
	q := "target=" + t.Name
	if !c.opts.RequireFull {
		q += " allow-fallback"
	}
	steps := []string{"func.func(quantize{" + q + "}),dce"}
	if c.extra != nil {
		steps = append(steps, innerPipeline(c.extra.Text()))
	}
	p := "target=" + t.Name
	if c.opts.MinBlockSize > 0 && c.opts.MinBlockSize != partition.DefaultMinBlockSize {
		p += fmt.Sprintf(" min-block-size=%d", c.opts.MinBlockSize)
	}
	if len(c.opts.FallbackOps) > 0 {
		p += " fallback=" + strings.Join(c.opts.FallbackOps, ",")
	}
	if c.opts.RequireFull {
		p += " require-full"
	}
	steps = append(steps, "partition{"+p+"}")
	if lp, ok := legalizePasses[t.Backend]; ok {
		steps = append(steps, fmt.Sprintf("func.func(%s{target=%s})", lp, t.Name))
	}
	return steps
}

// legalizePasses names each backend's legalisation pass, which
// driver/lower runs on the vendor partitions (the passes skip functions
// for other devices).
var legalizePasses = map[string]string{"tensorrt": "legalize-trt", "qnn": "legalize-qnn"}

// innerPipeline strips "builtin.module(...)" from a pipeline's text.
func innerPipeline(s string) string {
	if in, ok := strings.CutPrefix(s, "builtin.module("); ok {
		return strings.TrimSuffix(in, ")")
	}
	return s
}

// opsOf lists the quantized model's ops as the quantize report gives
// them (program order), with the partition each op's location landed in.
func opsOf(q *dq.Report, parts []*partition.Report) []report.Op {
	out := make([]report.Op, 0, len(q.Ops))
	for _, o := range q.Ops {
		op := report.Op{Name: o.Name, Op: o.Op, Precision: o.Precision, MACs: o.MACs, SQNRdB: math.NaN()}
		if o.SQNR != nil {
			op.SQNRdB = float64(*o.SQNR)
		}
		out = append(out, op)
	}
	// The partition of each op: a fallback op's CPU partition (fallbacks
	// come in partition order, one per compute op of each CPU partition);
	// every other op runs in the vendor partition, named when there is
	// one, else the device.
	cpu := map[string]string{}
	var vendors []string
	device := ""
	for _, r := range parts {
		next := 0
		for _, p := range r.Partitions {
			if p.Device != partition.CPU {
				vendors = append(vendors, p.Name)
				device = p.Device
				continue
			}
			for _, f := range r.Fallbacks[next:min(next+p.Ops, len(r.Fallbacks))] {
				if f.Op != nil {
					cpu[dq.Where(f.Op.Loc)] = p.Name
				}
			}
			next += p.Ops
		}
	}
	vendor := device
	if len(vendors) == 1 {
		vendor = vendors[0]
	}
	for i := range out {
		if p, ok := cpu[out[i].Name]; ok {
			out[i].Partition = p
		} else {
			out[i].Partition = vendor
		}
	}
	return out
}

// sortedKeys returns m's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
