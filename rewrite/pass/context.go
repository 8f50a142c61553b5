package pass

import (
	"io"
	"os"
	"sync"

	"github.com/mlc-go/mlc/ir"
)

// Target describes the hardware a pipeline compiles for. It is opaque for
// now: lowering/target does not exist yet, so the pass manager only
// carries the value from Config.Target to each pass's Context, and passes
// that need more assert their own interface on it. There is no global
// target; nil means none was given.
type Target interface {
	// TargetName names the target in diagnostics ("trt-sm90").
	TargetName() string
}

// Context is what a running pass may use besides its op and options:
// statistics, the analyses shared between passes, the target and the
// output stream for reports. A pass reads no package-level state; what it
// needs from the caller comes through here.
type Context struct {
	op    *ir.Operation
	stats *Statistics
	run   *runState
}

// runState is shared by the passes of one OpPassManager.Run.
type runState struct {
	cfg      *Config
	analyses *analysisCache
}

// Add increments the pass's statistic name by n (--mlir-pass-statistics).
func (c *Context) Add(name, doc string, n int64) { c.stats.Add(name, doc, n) }

// Target is Config.Target (nil when the caller gave none).
func (c *Context) Target() Target { return c.run.cfg.Target }

// Out receives reports a pass prints (print-op-stats): Config.Out.
func (c *Context) Out() io.Writer { return c.run.cfg.Out }

// Op is the op the pass runs on.
func (c *Context) Op() *ir.Operation { return c.op }

// AnalysisID identifies an analysis in a pass's Preserves list; every
// *Analysis[T] is one.
type AnalysisID interface{ analysisName() string }

// Analysis declares a shared analysis: a value computed from an op and
// cached per op for one run of a pass manager, until a pass that does not
// preserve it runs on that op, an op inside it or an op around it.
// Declare it once as a package-level value (it holds no state):
//
//	var Dominance = &pass.Analysis[*dom.Info]{Name: "dominance", Compute: dom.Compute}
type Analysis[T any] struct {
	Name    string
	Compute func(op *ir.Operation) T
}

func (a *Analysis[T]) analysisName() string { return a.Name }

// Get returns the analysis of op, computing it on first use in this run.
// op need not be the pass's op (a function pass may read its module's).
func (a *Analysis[T]) Get(pc *Context, op *ir.Operation) T {
	key := analysisKey{id: a, op: op}
	c := pc.run.analyses
	c.mu.Lock()
	v, ok := c.vals[key]
	c.mu.Unlock()
	if ok {
		return v.(T)
	}
	// Computed outside the lock: analyses of different ops (parallel
	// function passes) do not wait for each other. Two passes racing on
	// one op compute it twice and keep the first.
	res := a.Compute(op)
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.vals[key]; ok {
		return v.(T)
	}
	c.vals[key] = res
	return res
}

type analysisKey struct {
	id AnalysisID
	op *ir.Operation
}

type analysisCache struct {
	mu   sync.Mutex
	vals map[analysisKey]any
}

// invalidate drops the analyses a pass that ran on op did not preserve,
// for op, the ops nested in it and the ops it is nested in: a change
// inside op changes what all of them hold.
func (c *analysisCache) invalidate(op *ir.Operation, preserved []AnalysisID) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for key := range c.vals {
		if related(key.op, op) && !preserves(preserved, key.id) {
			delete(c.vals, key)
		}
	}
}

func preserves(list []AnalysisID, id AnalysisID) bool {
	for _, p := range list {
		if p == id {
			return true
		}
	}
	return false
}

// related: a is b, or one holds the other.
func related(a, b *ir.Operation) bool {
	for o := a; o != nil; o = o.ParentOp() {
		if o == b {
			return true
		}
	}
	for o := b; o != nil; o = o.ParentOp() {
		if o == a {
			return true
		}
	}
	return false
}

// NewContext is a context for calling a Pass's Run outside a pass
// manager (a test, a tool running one pass): its own statistics and an
// analysis cache of its own, with cfg's target and output (stderr when
// cfg or its Out is nil).
func NewContext(cfg *Config) *Context {
	if cfg == nil {
		cfg = &Config{}
	}
	if cfg.Out == nil {
		cfg.Out = os.Stderr
	}
	return &Context{stats: &Statistics{}, run: &runState{cfg: cfg, analyses: &analysisCache{vals: map[analysisKey]any{}}}}
}
