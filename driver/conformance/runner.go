// Package conformance runs ONNX backend test cases through mlc: import the
// model, lower it, run it with the reference interpreter on every
// test_data_set and compare the outputs with the references, then report
// passed / failed / unsupported per ONNX op type.
//
// A test case is a directory holding model.onnx and test_data_set_<n>/
// directories of input_<i>.pb and output_<i>.pb TensorProtos, the layout of
// ONNX's backend node tests (scripts/gen-onnx-node-tests.sh) and of the
// exported reference models (scripts/export-torch-models.py).
//
// The importer and the lowering are taken as functions in Config;
// tools/mlc wires them up. An import error counts as unsupported when it
// carries one of translate/onnx's typed limit errors (onnx.IsUnsupported).
package conformance

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/interp"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/translate/onnx"
)

// Config says how to turn a model into something the interpreter runs,
// and how to run the cases. Import is required; the rest have defaults.
type Config struct {
	// Import reads the ONNX model at path into a module holding the
	// function Entry (torch dialect, as translate/onnx produces).
	Import func(ctx *ir.Context, in ImportInput) (*ir.Operation, error)
	// Lower rewrites the imported module in place into ops the
	// interpreter runs (torch → core). Nil: run the imported module.
	Lower func(module *ir.Operation) error
	// OpTypes lists the op types of the model's nodes. Nil: ReadOpTypes.
	OpTypes func(modelPath string) ([]string, error)
	// NewContext makes the context for one case. Nil: a context with
	// every dialect registered.
	NewContext func() *ir.Context

	Mode    Mode           // "" means ModeNode
	Jobs    int            // cases run at once; <= 0: GOMAXPROCS
	Filter  *regexp.Regexp // run only cases whose name matches
	Timeout time.Duration  // per case; 0: DefaultTimeout
	Entry   string         // function to run; "": "main"
	// Progress, when set, is called once per finished case (from one
	// goroutine at a time, in completion order).
	Progress func(c *Case)

	// finished, set by tests, sees each case when its goroutine ends
	// (after a timeout too).
	finished func(*Case)
}

// ImportInput is what the runner asks Config.Import to import.
type ImportInput struct {
	// Path is the model file: it names the model in diagnostics and
	// locates its external data.
	Path string
	// Data, when set, is the model to import instead of Path's bytes (the
	// model with some inputs bound to constants).
	Data []byte
	// InputShapes, when set, are the shapes of the first data set's
	// inputs, in order, which pin the model's dynamic input dims.
	InputShapes [][]int64
}

// DefaultTimeout bounds one case when Config.Timeout is zero.
const DefaultTimeout = 2 * time.Minute

// Status is a case's outcome.
type Status int

const (
	Passed Status = iota
	Failed
	Unsupported
)

func (s Status) String() string {
	return [...]string{"passed", "failed", "unsupported"}[s]
}

// Stages of a case, as named in failures.
const (
	StageLoad    = "load"    // reading the model's op types or the test data
	StageImport  = "import"  // Config.Import
	StageLower   = "lower"   // Config.Lower
	StageVerify  = "verify"  // ir.Verify after lowering
	StageRun     = "run"     // the interpreter
	StageCompare = "compare" // outputs against the references
)

// Case is the result of one test case.
type Case struct {
	Name     string   // the directory's base name
	Dir      string   // the directory
	OpTypes  []string // op type of each node, in graph order
	Key      string   // what the case counts under (see caseKey)
	Status   Status
	Stage    string    // where it failed
	Message  string    // why (first line of the error)
	Mismatch *Mismatch // the first differing output, for compare failures
	DataSets int       // test_data_sets run
	// BoundInputs are graph inputs that ran as constants (the data set's
	// values), because the importer needs them at import time.
	BoundInputs []string
	// Over all outputs and data sets: the largest absolute error, and in
	// model mode the bound of the output where error/bound was largest.
	MaxAbs, Bound float64
	Duration      time.Duration
}

// Reason is the failure text: the stage and message.
func (c *Case) Reason() string {
	if c.Status == Passed {
		return ""
	}
	if c.Status == Unsupported {
		return c.Message
	}
	return c.Stage + ": " + c.Message
}

// MultiNodeKey is the key of node-mode cases whose model has several
// nodes (ONNX's *_expanded function-body tests, for instance); their ops
// are listed with the case but not credited.
const MultiNodeKey = "(multi-node)"

// caseKey is what a case counts under: in node mode its single node's op
// type, in model mode the case name.
func caseKey(mode Mode, name string, ops []string) string {
	if mode == ModeModel {
		return name
	}
	switch {
	case len(ops) == 1:
		return ops[0]
	case len(ops) == 0:
		return "(no nodes)"
	}
	return MultiNodeKey
}

// FindCases returns the test case directories under dir, sorted by name:
// dir itself when it holds model.onnx, else its subdirectories that do.
func FindCases(dir string) ([]string, error) {
	if isRegular(filepath.Join(dir, "model.onnx")) {
		return []string{dir}, nil
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var cases []string
	for _, e := range ents {
		if e.IsDir() && isRegular(filepath.Join(dir, e.Name(), "model.onnx")) {
			cases = append(cases, filepath.Join(dir, e.Name()))
		}
	}
	if len(cases) == 0 {
		return nil, fmt.Errorf("%s: no test cases (subdirectories with model.onnx)", dir)
	}
	return cases, nil
}

func isRegular(path string) bool {
	st, err := os.Lstat(path)
	return err == nil && st.Mode().IsRegular()
}

// Run runs every case under dir (see FindCases) that cfg.Filter admits.
// Case failures are in the report; the error is for a dir that cannot be
// read or a config that cannot run.
func Run(dir string, cfg Config) (*Report, error) {
	if cfg.Import == nil {
		return nil, errors.New("conformance: Config.Import is not set")
	}
	if cfg.Mode == "" {
		cfg.Mode = ModeNode
	}
	if cfg.Mode != ModeNode && cfg.Mode != ModeModel {
		return nil, fmt.Errorf("conformance: unknown mode %q (want node or model)", cfg.Mode)
	}
	dirs, err := FindCases(dir)
	if err != nil {
		return nil, err
	}
	if cfg.Filter != nil {
		dirs = slices.DeleteFunc(dirs, func(d string) bool { return !cfg.Filter.MatchString(filepath.Base(d)) })
	}
	jobs := cfg.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	start := time.Now()
	cases := make([]*Case, len(dirs))
	next := atomic.Int64{}
	var progress sync.Mutex
	var wg sync.WaitGroup
	for range min(jobs, len(dirs)) {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= len(dirs) {
					return
				}
				cases[i] = runGuarded(dirs[i], cfg)
				if cfg.Progress != nil {
					progress.Lock()
					cfg.Progress(cases[i])
					progress.Unlock()
				}
			}
		})
	}
	wg.Wait()
	r := newReport(dir, cfg.Mode, cases)
	r.Elapsed = time.Since(start)
	r.Filtered = cfg.Filter != nil
	return r, nil
}

// errCancelled stops the interpreter of a case that ran out of time.
var errCancelled = errors.New("cancelled")

// runGuarded runs one case under its timeout. A case past its deadline
// is reported at once; its interpreter stops at the next op, while an
// import or lowering that never returns is abandoned.
func runGuarded(dir string, cfg Config) *Case {
	timeout := cfg.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	r := &caseRun{cfg: cfg, c: &Case{Name: filepath.Base(dir), Dir: dir}}
	r.stage.Store(StageLoad)
	done := make(chan struct{})
	start := time.Now()
	go func() {
		defer close(done)
		r.run()
		if cfg.finished != nil {
			cfg.finished(r.c)
		}
	}()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case <-done:
		r.c.Duration = time.Since(start)
		return r.c
	case <-timer.C:
		r.cancelled.Store(true)
		stage := r.stage.Load().(string)
		return &Case{
			Name: r.c.Name, Dir: dir, OpTypes: r.opTypes(), Key: caseKey(cfg.Mode, r.c.Name, r.opTypes()),
			Status: Failed, Stage: stage, Duration: time.Since(start),
			Message: fmt.Sprintf("timed out after %v", timeout),
		}
	}
}

// caseRun is the state of one case while it runs.
type caseRun struct {
	cfg       Config
	c         *Case
	stage     atomic.Value // string
	cancelled atomic.Bool
	ops       atomic.Pointer[[]string]
	module    *ir.Operation // the imported module
}

func (r *caseRun) opTypes() []string {
	if p := r.ops.Load(); p != nil {
		return *p
	}
	return nil
}

func (r *caseRun) fail(stage string, err error) {
	r.c.Status, r.c.Stage, r.c.Message = Failed, stage, errorLine(err)
}

// guard runs one stage, turning a panic into an error that names it.
func (r *caseRun) guard(stage string, f func() error) (err error) {
	r.stage.Store(stage)
	defer func() {
		if p := recover(); p != nil {
			if p == errCancelled {
				err = errCancelled
				return
			}
			err = &panicError{fmt.Sprintf("panic: %v%s", p, panicSite())}
		}
	}()
	return f()
}

func (r *caseRun) run() {
	c, cfg := r.c, r.cfg
	model := filepath.Join(c.Dir, "model.onnx")
	err := r.guard(StageLoad, func() error {
		read := cfg.OpTypes
		if read == nil {
			read = ReadOpTypes
		}
		ops, err := read(model)
		c.OpTypes = ops
		r.ops.Store(&ops)
		return err
	})
	c.Key = caseKey(cfg.Mode, c.Name, c.OpTypes)
	if err != nil {
		r.fail(StageLoad, err)
		return
	}
	importWith := func(in ImportInput) error {
		return r.guard(StageImport, func() error {
			var err error
			r.module, err = cfg.Import(newContext(cfg), in)
			if err == nil && r.module == nil {
				err = errors.New("the importer returned no module")
			}
			return err
		})
	}
	importFailed := func(err error) {
		var p *panicError
		if !errors.As(err, &p) && onnx.IsUnsupported(err) {
			c.Status, c.Stage, c.Message = Unsupported, StageImport, errorLine(err)
			return
		}
		r.fail(StageImport, err)
	}
	importErr := importWith(ImportInput{Path: model})
	if importErr != nil && !needsImportTimeValues(importErr) {
		importFailed(importErr)
		return
	}
	var sets []dataSet
	if err := r.guard(StageLoad, func() (err error) { sets, err = loadDataSets(c.Dir); return }); err != nil {
		r.fail(StageLoad, err)
		return
	}
	if importErr != nil {
		r.runBound(model, sets, importErr, importWith, importFailed)
		return
	}
	// A model with dynamic input dims (an exported batch or sequence
	// axis) is imported again with them pinned to the first data set's
	// shapes; static models keep the shapes they declare.
	if hasDynamicArgs(r.module, cmp.Or(cfg.Entry, "main")) {
		if err := importWith(ImportInput{Path: model, InputShapes: inputShapes(sets[0])}); err != nil {
			r.fail(StageImport, err)
			return
		}
	}
	if !r.prepare() {
		return
	}
	for _, ds := range sets {
		if !r.runSet(ds, ds.inputs) {
			return
		}
	}
	c.Status = Passed
}

// runBound runs a case whose import needs values known at import time
// (importErr), importing it once per data set with its shape-like inputs
// bound to that data set's values.
func (r *caseRun) runBound(model string, sets []dataSet, importErr error, importWith func(ImportInput) error, importFailed func(error)) {
	c := r.c
	var b *binder
	if err := r.guard(StageLoad, func() (err error) { b, err = newBinder(model); return }); err != nil {
		importFailed(importErr)
		return
	}
	for _, ds := range sets {
		var bm *boundModel
		err := r.guard(StageLoad, func() (err error) { bm, err = b.bind(ds); return })
		if err != nil || bm == nil {
			importFailed(importErr) // nothing to bind: the first error stands
			return
		}
		c.BoundInputs = bm.names
		if err := importWith(ImportInput{Path: model, Data: bm.data}); err != nil {
			importFailed(err)
			return
		}
		inputs := make([]*tensor.Tensor, len(bm.keep))
		for i, k := range bm.keep {
			inputs[i] = ds.inputs[k]
		}
		if !r.prepare() || !r.runSet(ds, inputs) {
			return
		}
	}
	c.Status = Passed
}

// prepare lowers and verifies the imported module.
func (r *caseRun) prepare() bool {
	if r.cfg.Lower != nil {
		if err := r.guard(StageLower, func() error { return r.cfg.Lower(r.module) }); err != nil {
			r.fail(StageLower, err)
			return false
		}
	}
	if err := r.guard(StageVerify, func() error { return ir.Verify(r.module) }); err != nil {
		r.fail(StageVerify, err)
		return false
	}
	return true
}

// runSet runs the module on one data set's inputs and compares.
func (r *caseRun) runSet(ds dataSet, inputs []*tensor.Tensor) bool {
	var outs []*tensor.Tensor
	err := r.guard(StageRun, func() error {
		fn, err := interp.LookupFunc(r.module, cmp.Or(r.cfg.Entry, "main"))
		if err != nil {
			return err
		}
		it := interp.New(interp.Options{Cancel: func() error {
			if r.cancelled.Load() {
				return errCancelled
			}
			return nil
		}})
		outs, err = it.Run(fn, bf16Inputs(fn, inputs))
		return err
	})
	if err != nil {
		r.fail(StageRun, fmt.Errorf("test_data_set_%d: %w", ds.index, err))
		return false
	}
	r.c.DataSets++
	if m := r.compare(ds, outs); m != nil {
		r.c.Status, r.c.Stage, r.c.Message, r.c.Mismatch = Failed, StageCompare, m.String(), m
		return false
	}
	return true
}

// compare checks one data set's outputs and folds their errors into the
// case's figures.
func (r *caseRun) compare(ds dataSet, outs []*tensor.Tensor) *Mismatch {
	if len(outs) != len(ds.outputs) {
		return &Mismatch{DataSet: ds.index, Output: -1, Reason: fmt.Sprintf("%d outputs, want %d", len(outs), len(ds.outputs))}
	}
	for i, want := range ds.outputs {
		if outs[i].DType() == tensor.BF16 {
			want = asBF16(want)
		}
		e, m := compareOutput(outs[i], want, r.cfg.Mode)
		if worse(e, r.c.MaxAbs, r.c.Bound, r.cfg.Mode) {
			r.c.MaxAbs, r.c.Bound = e.maxAbs, e.bound
		}
		if m != nil {
			m.DataSet, m.Output = ds.index, i
			return m
		}
	}
	return nil
}

// worse reports whether e is a larger error than (maxAbs, bound): in
// model mode relative to the bound.
func worse(e outputError, maxAbs, bound float64, mode Mode) bool {
	if mode != ModeModel || e.bound <= 0 || bound <= 0 {
		return e.maxAbs > maxAbs
	}
	return e.maxAbs/e.bound > maxAbs/bound
}

func newContext(cfg Config) *ir.Context {
	if cfg.NewContext != nil {
		return cfg.NewContext()
	}
	ctx := ir.NewContext()
	all.Register(ctx)
	return ctx
}

// panicError is a panic of a stage, turned into an error: a bug, never
// an unsupported model, whatever its text says.
type panicError struct{ msg string }

func (e *panicError) Error() string { return e.msg }

// ONNX's test data holds bfloat16 tensors as UINT16 bit patterns (NumPy
// has no bfloat16); bf16Inputs and asBF16 read them back as bf16 where the
// model has a bf16 argument or result.
func bf16Inputs(fn *ir.Operation, inputs []*tensor.Tensor) []*tensor.Tensor {
	if fn.NumRegions() == 0 || fn.Region(0).Empty() {
		return inputs
	}
	args := fn.Region(0).Blocks()[0].Args()
	var out []*tensor.Tensor
	for i, in := range inputs {
		if i >= len(args) || in.DType() != tensor.U16 || interp.CheckValue(args[i].Type(), in) == nil {
			continue
		}
		if b := asBF16(in); interp.CheckValue(args[i].Type(), b) == nil {
			if out == nil {
				out = slices.Clone(inputs)
			}
			out[i] = b
		}
	}
	if out == nil {
		return inputs
	}
	return out
}

func asBF16(t *tensor.Tensor) *tensor.Tensor {
	if t.DType() != tensor.U16 {
		return t
	}
	b, err := tensor.FromSlice(tensor.BF16, t.Shape(), t.Uint16s())
	if err != nil {
		return t
	}
	return b
}

// hasDynamicArgs reports whether function entry of module takes a tensor
// with a dynamic dim.
func hasDynamicArgs(module *ir.Operation, entry string) bool {
	fn, err := interp.LookupFunc(module, entry)
	if err != nil || fn.NumRegions() == 0 || fn.Region(0).Empty() {
		return false
	}
	for _, a := range fn.Region(0).Front().Args() {
		if t, ok := a.Type().(*ir.RankedTensorType); ok && slices.Contains(t.Shape, ir.Dynamic) {
			return true
		}
	}
	return false
}

// inputShapes lists the shapes of a data set's inputs.
func inputShapes(ds dataSet) [][]int64 {
	shapes := make([][]int64, len(ds.inputs))
	for i, t := range ds.inputs {
		shapes[i] = t.Shape()
	}
	return shapes
}

// dataSet is one test_data_set_<index>.
type dataSet struct {
	index           int
	dir             string
	inputs, outputs []*tensor.Tensor
}

// loadDataSets reads every test_data_set_<n> of a case, in order of n.
func loadDataSets(dir string) ([]dataSet, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var sets []dataSet
	for _, e := range ents {
		n, ok := numbered(e.Name(), "test_data_set_", "")
		if !ok {
			continue
		}
		if !e.IsDir() {
			return nil, fmt.Errorf("%s is not a directory", filepath.Join(dir, e.Name()))
		}
		sets = append(sets, dataSet{index: n})
	}
	if len(sets) == 0 {
		return nil, fmt.Errorf("%s has no test_data_set_<n> directory", dir)
	}
	slices.SortFunc(sets, func(a, b dataSet) int { return a.index - b.index })
	for i := range sets {
		d := filepath.Join(dir, "test_data_set_"+strconv.Itoa(sets[i].index))
		sets[i].dir = d
		if sets[i].inputs, err = readNumbered(d, "input_"); err != nil {
			return nil, err
		}
		if sets[i].outputs, err = readNumbered(d, "output_"); err != nil {
			return nil, err
		}
		if len(sets[i].outputs) == 0 {
			return nil, fmt.Errorf("%s has no output_<n>.pb", d)
		}
	}
	return sets, nil
}

// readNumbered reads <prefix>0.pb, <prefix>1.pb, ... of dir: as ONNX's
// runner does, as many as there are files with the prefix, which must
// then be numbered without gaps. Only regular files are read, so a link
// cannot lead outside the case.
func readNumbered(dir, prefix string) ([]*tensor.Tensor, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	count := 0
	for _, e := range ents {
		if _, ok := numbered(e.Name(), prefix, ".pb"); ok {
			count++
		}
	}
	out := make([]*tensor.Tensor, count)
	for i := range out {
		p := filepath.Join(dir, prefix+strconv.Itoa(i)+".pb")
		if !isRegular(p) {
			return nil, fmt.Errorf("%s: missing or not a regular file (%d %s*.pb files, numbered from 0)", p, count, prefix)
		}
		if out[i], err = interp.ReadTensorFile(p); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// numbered parses names of the form <prefix><decimal><suffix>.
func numbered(name, prefix, suffix string) (int, bool) {
	s, ok := strings.CutPrefix(name, prefix)
	if !ok {
		return 0, false
	}
	if s, ok = strings.CutSuffix(s, suffix); !ok || s == "" || len(s) > 9 {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || strconv.Itoa(n) != s {
		return 0, false
	}
	return n, true
}

// errorLine renders err on one line: a diagnostic as
// "file:line:col: error: message", anything else as its text.
func errorLine(err error) string {
	var d *ir.Diagnostic
	s := err.Error()
	if errors.As(err, &d) {
		s = (*ir.SourceMgr)(nil).Format(d)
		if outer := err.Error(); outer != d.Message {
			// Keep context that wrapping added in front of the diagnostic.
			if prefix, ok := strings.CutSuffix(outer, d.Message); ok {
				s = prefix + s
			}
		}
	}
	s = strings.Join(strings.Fields(s), " ")
	const limit = 400
	if len(s) > limit {
		s = s[:limit] + "…"
	}
	return s
}

// panicSite names the innermost function of ours that panicked.
func panicSite() string {
	pcs := make([]uintptr, 32)
	n := runtime.Callers(3, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	for {
		f, more := frames.Next()
		if !strings.HasPrefix(f.Function, "runtime.") && f.Function != "" {
			return fmt.Sprintf(" (at %s %s:%d)", f.Function, filepath.Base(f.File), f.Line)
		}
		if !more {
			return ""
		}
	}
}
