package pass

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
)

// Config holds the instrumentation mlir-opt exposes.
type Config struct {
	VerifyEach        bool // on by default in mlc-opt
	DisableThreading  bool
	PrintBefore       map[string]bool
	PrintAfter        map[string]bool
	PrintBeforeAll    bool
	PrintAfterAll     bool
	PrintAfterChange  bool
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
	var snapshot string
	if cfg.Reproducer != "" {
		snapshot = asm.String(root, asm.PrintOptions{Generic: true, DebugInfo: true, NoResources: false})
	}
	r := &runner{cfg: cfg, timing: &timer{name: "root"}}
	if cfg.TimingReport != nil {
		r.timing = &cfg.TimingReport.root
	}
	start := time.Now()
	err = r.runManager(pm, root, r.timing)
	if cfg.Timing && cfg.TimingReport == nil {
		r.timing.total = time.Since(start)
		r.timing.report(cfg.Out)
	}
	if cfg.Statistics {
		writeStatistics(cfg.Out, pm)
	}
	if err != nil && cfg.Reproducer != "" {
		if werr := writeReproducer(cfg.Reproducer, snapshot, pm, cfg); werr != nil {
			fmt.Fprintf(cfg.Out, "error: could not write the crash reproducer: %v\n", werr)
		} else {
			fmt.Fprintf(cfg.Out, "note: reproducer written to %s; run it with mlc-opt --run-reproducer %s\n", cfg.Reproducer, cfg.Reproducer)
		}
	}
	return err
}

type runner struct {
	cfg     *Config
	timing  *timer
	printMu sync.Mutex
	dumpSeq int
}

func (r *runner) runManager(pm *OpPassManager, op *ir.Operation, t *timer) error {
	for _, e := range pm.Entries {
		if e.Pass != nil {
			if err := r.runPass(e.Pass, op, t.child(e.Pass.Pass.Name)); err != nil {
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
		if err := r.runNested(e.Nested, targets, t.child("'"+e.Nested.OpName+"' Pipeline")); err != nil {
			return err
		}
	}
	return nil
}

// runNested runs a nested manager on each target; isolated ops run in
// parallel, and the first failure in op order is reported so output does
// not depend on scheduling.
func (r *runner) runNested(pm *OpPassManager, targets []*ir.Operation, t *timer) error {
	parallel := !r.cfg.DisableThreading && len(targets) > 1
	for _, o := range targets {
		parallel = parallel && o.HasTrait(ir.IsolatedFromAbove)
	}
	if !parallel {
		for _, o := range targets {
			if err := r.runManager(pm, o, t); err != nil {
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
			errs[i] = r.runManager(pm, o, t)
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

func (r *runner) runPass(in *Instance, op *ir.Operation, t *timer) (err error) {
	name := in.Pass.Name
	var before string
	if r.cfg.PrintBeforeAll || r.cfg.PrintBefore[name] {
		r.dump("Before", in, op)
	}
	if r.cfg.PrintAfterChange {
		before = asm.String(op, r.cfg.PrintOptions)
	}
	start := time.Now()
	func() {
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("pass '%s' crashed: %v", name, p)
				if os.Getenv("MLC_PASS_STACK") != "" {
					err = fmt.Errorf("%w\n%s", err, debug.Stack())
				}
			}
		}()
		err = in.Pass.Run(op, in.Options, &in.Stats)
	}()
	t.add(time.Since(start))
	if err != nil {
		if r.cfg.PrintAfterFailure {
			r.dump("After Failed", in, op)
		}
		return &Failure{Pass: name, Op: op, Err: err}
	}
	if r.cfg.VerifyEach {
		if verr := ir.Verify(op); verr != nil {
			if r.cfg.PrintAfterFailure {
				r.dump("After Failed", in, op)
			}
			d, ok := verr.(*ir.Diagnostic)
			if !ok {
				d = ir.Errorf(op.Loc, "%v", verr)
			}
			d.AttachNote(op.Loc, "the IR no longer verifies after pass '%s'", name)
			return &Failure{Pass: name, Op: op, Err: d, Verification: true}
		}
	}
	switch {
	case r.cfg.PrintAfterAll || r.cfg.PrintAfter[name]:
		r.dump("After", in, op)
	case r.cfg.PrintAfterChange:
		if asm.String(op, r.cfg.PrintOptions) != before {
			r.dump("After", in, op)
		}
	}
	if r.cfg.PrintTreeDir != "" {
		r.writeTree(in, op)
	}
	return nil
}

func opLabel(op *ir.Operation) string {
	if s := ir.SymbolName(op); s != "" {
		return fmt.Sprintf("('%s' operation: @%s)", op.Name(), s)
	}
	return fmt.Sprintf("('%s' operation)", op.Name())
}

func (r *runner) dump(when string, in *Instance, op *ir.Operation) {
	text := asm.String(op, r.cfg.PrintOptions)
	r.printMu.Lock()
	defer r.printMu.Unlock()
	fmt.Fprintf(r.cfg.Out, "// -----// IR Dump %s %s (%s) %s //----- //\n%s\n\n", when, title(in.Pass), in.Pass.Name, opLabel(op), text)
}

func title(p *Pass) string {
	if p.Summary != "" {
		return p.Summary
	}
	return p.Name
}

func (r *runner) writeTree(in *Instance, op *ir.Operation) {
	r.printMu.Lock()
	r.dumpSeq++
	seq := r.dumpSeq
	r.printMu.Unlock()
	name := fmt.Sprintf("%d_%s.mlir", seq, in.Pass.Name)
	if s := ir.SymbolName(op); s != "" {
		name = fmt.Sprintf("%d_%s_%s.mlir", seq, s, in.Pass.Name)
	}
	path := filepath.Join(r.cfg.PrintTreeDir, name)
	_ = os.MkdirAll(r.cfg.PrintTreeDir, 0o755)
	_ = os.WriteFile(path, []byte(asm.String(op, r.cfg.PrintOptions)+"\n"), 0o644)
}

func writeReproducer(path, snapshot string, pm *OpPassManager, cfg *Config) error {
	var b bytes.Buffer
	b.WriteString(snapshot)
	b.WriteString("\n\n{-#\n  external_resources: {\n    mlc_reproducer: {\n")
	fmt.Fprintf(&b, "      pipeline: %s,\n", ir.QuoteString(pm.Text()))
	fmt.Fprintf(&b, "      disable_threading: %t,\n", cfg.DisableThreading)
	fmt.Fprintf(&b, "      verify_each: %t\n    }\n  }\n#-}\n", cfg.VerifyEach)
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b.Bytes(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// ---- timing ----

// TimingReport is mlir-opt's --mlir-timing tree, shared by a driver (for its
// Parser and Output phases) and the passes it runs.
type TimingReport struct {
	root  timer
	start time.Time
}

// NewTimingReport starts the clock of a report.
func NewTimingReport() *TimingReport {
	return &TimingReport{root: timer{name: "root"}, start: time.Now()}
}

// Add records a top-level phase.
func (t *TimingReport) Add(name string, d time.Duration) { t.root.child(name).add(d) }

// Write prints the tree, with the time not in any phase as "Rest", and the
// total since NewTimingReport.
func (t *TimingReport) Write(w io.Writer) {
	t.root.total = time.Since(t.start)
	if rest := t.root.total - t.root.sum(); rest > 0 {
		t.Add("Rest", rest)
	}
	t.root.report(w)
}

type timer struct {
	mu       sync.Mutex
	name     string
	elapsed  time.Duration
	total    time.Duration
	children []*timer
}

func (t *timer) child(name string) *timer {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, c := range t.children {
		if c.name == name {
			return c
		}
	}
	c := &timer{name: name}
	t.children = append(t.children, c)
	return c
}

func (t *timer) add(d time.Duration) {
	t.mu.Lock()
	t.elapsed += d
	t.mu.Unlock()
}

func (t *timer) sum() time.Duration {
	s := t.elapsed
	for _, c := range t.children {
		s += c.sum()
	}
	return s
}

func (t *timer) report(w io.Writer) {
	total := t.total
	if total <= 0 {
		total = time.Nanosecond
	}
	fmt.Fprintf(w, "===-------------------------------------------------------------------------===\n")
	fmt.Fprintf(w, "                         ... Execution time report ...\n")
	fmt.Fprintf(w, "===-------------------------------------------------------------------------===\n")
	fmt.Fprintf(w, "  Total Execution Time: %.4f seconds\n\n", total.Seconds())
	fmt.Fprintf(w, "  ----Wall Time----  ----Name----\n")
	var walk func(c *timer, depth int)
	walk = func(c *timer, depth int) {
		d := c.sum()
		fmt.Fprintf(w, "  %8.4f (%5.1f%%)  %s%s\n", d.Seconds(), 100*d.Seconds()/total.Seconds(), strings.Repeat("  ", depth), c.name)
		for _, cc := range c.children {
			walk(cc, depth+1)
		}
	}
	for _, c := range t.children {
		walk(c, 0)
	}
	fmt.Fprintf(w, "  %8.4f (100.0%%)  Total\n", total.Seconds())
}

func writeStatistics(w io.Writer, pm *OpPassManager) {
	fmt.Fprintf(w, "===-------------------------------------------------------------------------===\n")
	fmt.Fprintf(w, "                         ... Pass statistics report ...\n")
	fmt.Fprintf(w, "===-------------------------------------------------------------------------===\n")
	var walk func(m *OpPassManager, depth int)
	walk = func(m *OpPassManager, depth int) {
		ind := strings.Repeat("  ", depth)
		fmt.Fprintf(w, "%s'%s' Pipeline\n", ind, m.OpName)
		for _, e := range m.Entries {
			if e.Nested != nil {
				walk(e.Nested, depth+1)
				continue
			}
			fmt.Fprintf(w, "%s  %s\n", ind, e.Pass.Pass.Name)
			st := &e.Pass.Stats
			st.mu.Lock()
			names := make([]string, 0, len(st.counts))
			for n := range st.counts {
				names = append(names, n)
			}
			sort.Strings(names)
			for _, n := range names {
				fmt.Fprintf(w, "%s    (S) %d %s - %s\n", ind, st.counts[n], n, st.docs[n])
			}
			st.mu.Unlock()
		}
	}
	walk(pm, 0)
}
