package pass

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
)

// Instrumentation observes a pass manager's run, as MLIR's
// PassInstrumentation: the runner calls it around the run and around every
// pass, and knows nothing of what it does. IR printing, the tree dump,
// timing, statistics, verify-each and the crash reproducer are all
// instrumentations (the built-ins below); a new one is added with
// OpPassManager.AddInstrumentation, without touching the runner.
//
// Passes on isolated ops run in parallel, so the per-pass calls may come
// from several goroutines at once: an instrumentation guards its state.
// Embed BaseInstrumentation to implement only some of the calls.
type Instrumentation interface {
	// RunBeforePipeline and RunAfterPipeline bracket one
	// OpPassManager.Run on its root op; err is the run's result.
	RunBeforePipeline(pm *OpPassManager, root *ir.Operation)
	RunAfterPipeline(pm *OpPassManager, root *ir.Operation, err error)
	// RunBeforePass is called before each pass runs on an op, then exactly
	// one of RunAfterPass and RunAfterPassFailed. An error from
	// RunAfterPass fails the pass (verify-each): instrumentations not yet
	// called get RunAfterPassFailed with it. err is a *Failure.
	RunBeforePass(pr *PassRun)
	RunAfterPass(pr *PassRun) error
	RunAfterPassFailed(pr *PassRun, err error)
}

// PassRun is one pass running on one op; the same pointer reaches the
// before and after calls, so it can key per-run state.
type PassRun struct {
	Pass *Instance
	Op   *ir.Operation
	// Managers are the nested managers from the root's (excluded) down to
	// the one that holds the pass.
	Managers []*OpPassManager
}

// BaseInstrumentation implements every call as doing nothing.
type BaseInstrumentation struct{}

func (BaseInstrumentation) RunBeforePipeline(*OpPassManager, *ir.Operation)       {}
func (BaseInstrumentation) RunAfterPipeline(*OpPassManager, *ir.Operation, error) {}
func (BaseInstrumentation) RunBeforePass(*PassRun)                                {}
func (BaseInstrumentation) RunAfterPass(*PassRun) error                           { return nil }
func (BaseInstrumentation) RunAfterPassFailed(*PassRun, error)                    {}

// instrumentations are the built-ins cfg enables, outermost first: the
// before calls go in this order and the after calls in reverse, so the
// timer brackets the pass alone, the verifier runs before the IR is
// printed, and at the end of a run the time report comes out before the
// statistics and the reproducer note.
func (cfg *Config) instrumentations() []Instrumentation {
	var out []Instrumentation
	if cfg.Reproducer != "" {
		out = append(out, &reproducer{cfg: cfg})
	}
	if cfg.Statistics {
		out = append(out, &statistics{out: cfg.Out})
	}
	if cfg.PrintTreeDir != "" {
		out = append(out, &treeDumper{dir: cfg.PrintTreeDir, print: cfg.PrintOptions})
	}
	if cfg.PrintBeforeAll || cfg.PrintAfterAll || cfg.PrintAfterChange || cfg.PrintAfterFailure || len(cfg.PrintBefore) > 0 || len(cfg.PrintAfter) > 0 {
		out = append(out, &irPrinter{cfg: cfg, before: map[*PassRun]string{}})
	}
	if cfg.VerifyEach {
		out = append(out, verifier{})
	}
	if cfg.Timing {
		t := &timing{report: cfg.TimingReport, out: cfg.Out, start: map[*PassRun]time.Time{}}
		if t.report == nil {
			t.report = NewTimingReport()
			t.own = true
		}
		out = append(out, t)
	}
	return out
}

// ---- print-ir-before/after/after-change/after-failure ----

type irPrinter struct {
	BaseInstrumentation
	cfg *Config
	mu  sync.Mutex
	// before: the IR before each pass, for after-change.
	before map[*PassRun]string
}

func (p *irPrinter) RunBeforePass(pr *PassRun) {
	name := pr.Pass.Pass.Name
	if p.cfg.PrintBeforeAll || p.cfg.PrintBefore[name] {
		p.dump("Before", pr, "")
	}
	if p.cfg.PrintAfterChange {
		text := asm.String(p.scope(pr.Op), p.cfg.PrintOptions)
		p.mu.Lock()
		p.before[pr] = text
		p.mu.Unlock()
	}
}

func (p *irPrinter) takeBefore(pr *PassRun) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	s := p.before[pr]
	delete(p.before, pr)
	return s
}

func (p *irPrinter) RunAfterPass(pr *PassRun) error {
	name := pr.Pass.Pass.Name
	before := p.takeBefore(pr)
	selected := p.cfg.PrintAfterAll || p.cfg.PrintAfter[name]
	if !selected && !p.cfg.PrintAfterChange {
		return nil
	}
	// With after-change, after-all and after=NAME keep only the passes
	// that changed the IR; alone it selects them all.
	if p.cfg.PrintAfterChange && asm.String(p.scope(pr.Op), p.cfg.PrintOptions) == before {
		return nil
	}
	p.dump("After", pr, "")
	return nil
}

func (p *irPrinter) RunAfterPassFailed(pr *PassRun, _ error) {
	p.takeBefore(pr)
	if p.cfg.PrintAfterFailure {
		p.dump("After", pr, " Failed")
	}
}

// scope is what a dump prints for a pass on op: op, or its top-level
// ancestor with module scope.
func (p *irPrinter) scope(op *ir.Operation) *ir.Operation {
	if p.cfg.PrintModuleScope {
		for op.ParentOp() != nil {
			op = op.ParentOp()
		}
	}
	return op
}

// dump prints mlir-opt's header and the IR; the op the pass ran on is
// named only with module scope, where the IR printed does not show it.
func (p *irPrinter) dump(when string, pr *PassRun, failed string) {
	text := dumpText(p.scope(pr.Op), p.cfg.PrintOptions)
	label := ""
	if p.cfg.PrintModuleScope {
		label = " " + opLabel(pr.Op)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	fmt.Fprintf(p.cfg.Out, "// -----// IR Dump %s %s%s (%s)%s //----- //\n%s\n\n", when, title(pr.Pass.Pass), failed, pr.Pass.Pass.Name, label, text)
}

// dumpText is op as mlir-opt's IR dumps print it: an op nested in a block
// alone, in local scope; a top-level op as a whole file is printed, with
// aliases, resources and the line that ends it, unless the local scope
// is asked for.
func dumpText(op *ir.Operation, opts asm.PrintOptions) string {
	if op.Block() != nil || opts.LocalScope {
		return asm.String(op, opts)
	}
	var b strings.Builder
	if err := asm.Print(&b, op, opts); err != nil {
		return asm.String(op, opts)
	}
	return b.String()
}

// ---- print-ir-tree-dir ----

// treeDumper writes one numbered file per pass that succeeded.
type treeDumper struct {
	BaseInstrumentation
	dir   string
	print asm.PrintOptions
	mu    sync.Mutex
	seq   int
}

func (d *treeDumper) RunAfterPass(pr *PassRun) error {
	d.mu.Lock()
	d.seq++
	seq := d.seq
	d.mu.Unlock()
	name := fmt.Sprintf("%d_%s.mlir", seq, pr.Pass.Pass.Name)
	if s := ir.SymbolName(pr.Op); s != "" {
		name = fmt.Sprintf("%d_%s_%s.mlir", seq, s, pr.Pass.Pass.Name)
	}
	_ = os.MkdirAll(d.dir, 0o755)
	_ = os.WriteFile(filepath.Join(d.dir, name), []byte(asm.String(pr.Op, d.print)+"\n"), 0o644)
	return nil
}

// ---- verify-each ----

// verifier fails a pass that leaves IR that does not verify.
type verifier struct{ BaseInstrumentation }

func (verifier) RunAfterPass(pr *PassRun) error {
	op := pr.Op
	verr := ir.Verify(op)
	if verr == nil {
		return nil
	}
	d, ok := verr.(*ir.Diagnostic)
	if !ok {
		d = ir.Errorf(op.Loc, "%v", verr)
	}
	d.AttachNote(op.Loc, "the IR no longer verifies after pass '%s'", pr.Pass.Pass.Name)
	return &Failure{Pass: pr.Pass.Pass.Name, Op: op, Err: d, Verification: true}
}

// ---- crash reproducer ----

// reproducer snapshots the input IR and, when the run fails, writes it
// with the pipeline for `mlc-opt --run-reproducer`.
type reproducer struct {
	BaseInstrumentation
	cfg      *Config
	snapshot string
}

func (r *reproducer) RunBeforePipeline(_ *OpPassManager, root *ir.Operation) {
	r.snapshot = asm.String(root, asm.PrintOptions{Generic: true, DebugInfo: true, NoResources: false})
}

func (r *reproducer) RunAfterPipeline(pm *OpPassManager, _ *ir.Operation, err error) {
	if err == nil {
		return
	}
	cfg := r.cfg
	if werr := writeReproducer(cfg.Reproducer, r.snapshot, pm, cfg); werr != nil {
		fmt.Fprintf(cfg.Out, "error: could not write the crash reproducer: %v\n", werr)
	} else {
		fmt.Fprintf(cfg.Out, "note: reproducer written to %s; run it with mlc-opt --run-reproducer %s\n", cfg.Reproducer, cfg.Reproducer)
	}
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

// ---- statistics ----

// statistics prints every pass's counters when the run ends.
type statistics struct {
	BaseInstrumentation
	out io.Writer
}

func (s *statistics) RunAfterPipeline(pm *OpPassManager, _ *ir.Operation, _ error) {
	writeStatistics(s.out, pm)
}

// ---- timing ----

// timing adds each pass's wall time to a TimingReport: the caller's, or
// its own, printed when the run ends.
type timing struct {
	BaseInstrumentation
	report *TimingReport
	own    bool
	out    io.Writer
	mu     sync.Mutex
	start  map[*PassRun]time.Time
}

func (t *timing) RunBeforePipeline(*OpPassManager, *ir.Operation) {
	if t.own {
		t.report.start = time.Now()
	}
}

func (t *timing) RunAfterPipeline(*OpPassManager, *ir.Operation, error) {
	if t.own {
		t.report.root.total = time.Since(t.report.start)
		t.report.root.report(t.out)
	}
}

func (t *timing) RunBeforePass(pr *PassRun) {
	// The timer exists before the pass runs, so the tree keeps pipeline
	// order whatever finishes first.
	t.timer(pr)
	t.mu.Lock()
	t.start[pr] = time.Now()
	t.mu.Unlock()
}

func (t *timing) RunAfterPass(pr *PassRun) error {
	t.stop(pr)
	return nil
}

func (t *timing) RunAfterPassFailed(pr *PassRun, _ error) { t.stop(pr) }

func (t *timing) stop(pr *PassRun) {
	t.mu.Lock()
	d := time.Since(t.start[pr])
	delete(t.start, pr)
	t.mu.Unlock()
	t.timer(pr).add(d)
}

// timer is the pass's node: under one "'op' Pipeline" node per nested
// manager around it.
func (t *timing) timer(pr *PassRun) *timer {
	n := &t.report.root
	for _, m := range pr.Managers {
		n = n.child("'" + m.OpName + "' Pipeline")
	}
	return n.child(pr.Pass.Pass.Name)
}

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
