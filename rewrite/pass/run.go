package pass

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"sync"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
)

// Config holds the instrumentation mlir-opt exposes, as flags; Run turns
// each one that is set into an Instrumentation (see instrument.go).
type Config struct {
	VerifyEach       bool // on by default in mlc-opt
	DisableThreading bool
	PrintBefore      map[string]bool
	PrintAfter       map[string]bool
	PrintBeforeAll   bool
	PrintAfterAll    bool
	// PrintAfterChange alone prints after every pass that changed the IR;
	// with PrintAfterAll or PrintAfter it keeps only those (mlir-opt's
	// --mlir-print-ir-after-change).
	PrintAfterChange bool
	// PrintModuleScope prints the whole top-level op in IR dumps, not the
	// op the pass ran on; passes then run on one goroutine.
	PrintModuleScope  bool
	PrintAfterFailure bool
	PrintTreeDir      string
	PrintOptions      asm.PrintOptions
	Out               io.Writer // IR dumps, timing, statistics (stderr)
	Timing            bool
	// TimingReport, when set with Timing, collects the pass timings for
	// the caller to print with its own phases (parsing, output).
	TimingReport *TimingReport
	Statistics   bool
	// Reproducer, when set, is written on failure with the input IR and
	// the pipeline, for `mlc-opt --run-reproducer`.
	Reproducer string
	// Target is handed to every pass (Context.Target); nil: none.
	Target Target
}

// Run executes pm on root (whose name must match pm's anchor).
func (pm *OpPassManager) Run(root *ir.Operation, cfg *Config) (err error) {
	if cfg == nil {
		cfg = &Config{}
	}
	if cfg.Out == nil {
		cfg.Out = os.Stderr
	}
	if pm.OpName != "" && pm.OpName != root.Name() {
		return fmt.Errorf("can't run '%s' pass manager on '%s' op", pm.OpName, root.Name())
	}
	if err := pm.checkOrder(); err != nil {
		return err
	}
	r := &runner{
		run: &runState{cfg: cfg, analyses: &analysisCache{vals: map[analysisKey]any{}}},
		// Added ones are outermost: their after calls see the verifier's
		// verdict, and the timer does not count them.
		instr: append(append([]Instrumentation(nil), pm.instr...), cfg.instrumentations()...),
	}
	for _, i := range r.instr {
		i.RunBeforePipeline(pm, root)
	}
	err = r.runManager(pm, root, nil)
	for k := len(r.instr) - 1; k >= 0; k-- {
		r.instr[k].RunAfterPipeline(pm, root, err)
	}
	return err
}

type runner struct {
	run   *runState
	instr []Instrumentation
}

// runManager runs pm's entries on op; outer holds the managers around pm
// (not the root's).
func (r *runner) runManager(pm *OpPassManager, op *ir.Operation, outer []*OpPassManager) error {
	for _, e := range pm.Entries {
		if e.Pass != nil {
			if err := r.runPass(&PassRun{Pass: e.Pass, Op: op, Managers: outer}); err != nil {
				return err
			}
			continue
		}
		var targets []*ir.Operation
		for _, reg := range op.Regions() {
			for _, b := range reg.Blocks() {
				for o := b.First(); o != nil; o = o.Next() {
					if e.Nested.OpName == "" || o.Name() == e.Nested.OpName {
						targets = append(targets, o)
					}
				}
			}
		}
		inner := append(append([]*OpPassManager(nil), outer...), e.Nested)
		if err := r.runNested(e.Nested, targets, inner); err != nil {
			return err
		}
	}
	return nil
}

// runNested runs a nested manager on each target; isolated ops run in
// parallel, and the first failure in op order is reported so output does
// not depend on scheduling.
func (r *runner) runNested(pm *OpPassManager, targets []*ir.Operation, outer []*OpPassManager) error {
	// A module-scope dump prints the whole IR while a pass runs: no
	// other pass may be changing a sibling then.
	parallel := !r.run.cfg.DisableThreading && !r.run.cfg.PrintModuleScope && len(targets) > 1
	for _, o := range targets {
		parallel = parallel && o.HasTrait(ir.IsolatedFromAbove)
	}
	if !parallel {
		for _, o := range targets {
			if err := r.runManager(pm, o, outer); err != nil {
				return err
			}
		}
		return nil
	}
	errs := make([]error, len(targets))
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for i, o := range targets {
		wg.Add(1)
		sem <- struct{}{}
		go func(i int, o *ir.Operation) {
			defer wg.Done()
			defer func() { <-sem }()
			errs[i] = r.runManager(pm, o, outer)
		}(i, o)
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// Failure is a pass failure with the pass and op it happened on.
type Failure struct {
	Pass string
	Op   *ir.Operation
	Err  error
	// Verification: the pass succeeded but left IR that does not verify.
	Verification bool
}

func (f *Failure) Error() string { return f.Err.Error() }
func (f *Failure) Unwrap() error { return f.Err }

// runPass runs one pass between the instrumentations' before and after
// calls. Each instrumentation sees RunBeforePass, then exactly one of
// RunAfterPass and RunAfterPassFailed; the after calls go in reverse
// order, and once one RunAfterPass returns an error (verify-each) the
// rest get RunAfterPassFailed with it.
func (r *runner) runPass(pr *PassRun) error {
	for _, i := range r.instr {
		i.RunBeforePass(pr)
	}
	err := r.call(pr)
	if err != nil {
		err = &Failure{Pass: pr.Pass.Pass.Name, Op: pr.Op, Err: err}
	}
	for k := len(r.instr) - 1; k >= 0; k-- {
		if err != nil {
			r.instr[k].RunAfterPassFailed(pr, err)
			continue
		}
		if ierr := r.instr[k].RunAfterPass(pr); ierr != nil {
			if _, ok := ierr.(*Failure); !ok {
				ierr = &Failure{Pass: pr.Pass.Pass.Name, Op: pr.Op, Err: ierr}
			}
			err = ierr
		}
	}
	r.run.analyses.invalidate(pr.Op, pr.Pass.Pass.Preserves)
	return err
}

// call runs the pass itself; a panic is its failure, not the process's.
func (r *runner) call(pr *PassRun) (err error) {
	in := pr.Pass
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("pass '%s' crashed: %v", in.Pass.Name, p)
			if os.Getenv("MLC_PASS_STACK") != "" {
				err = fmt.Errorf("%w\n%s", err, debug.Stack())
			}
		}
	}()
	return in.Pass.Run(pr.Op, in.Options, &Context{op: pr.Op, stats: &in.Stats, run: r.run})
}

func opLabel(op *ir.Operation) string {
	if s := ir.SymbolName(op); s != "" {
		return fmt.Sprintf("('%s' operation: @%s)", op.Name(), s)
	}
	return fmt.Sprintf("('%s' operation)", op.Name())
}

func title(p *Pass) string {
	if p.Summary != "" {
		return p.Summary
	}
	return p.Name
}
