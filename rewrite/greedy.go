// Package rewrite holds the drivers that apply patterns to IR: the greedy
// worklist driver with MLIR's semantics and a cheap walk-once driver.
package rewrite

import (
	"fmt"
	"sort"

	"github.com/mlc-go/mlc/ir"
)

// GreedyConfig mirrors MLIR's GreedyRewriteConfig.
type GreedyConfig struct {
	MaxIterations int  // full sweeps; default 10
	MaxRewrites   int  // total rewrites; 0 = unbounded
	TopDown       bool // seed the worklist in pre-order
	DisableFold   bool
	// Strict: a pattern that reports success without changing the IR is
	// an error (used in tests).
	Strict bool
	// Listener, when set, also sees every change.
	Listener ir.Listener
}

// Stats counts what a run did.
type Stats struct {
	Iterations, Rewrites, Folds, Erased int
}

// ApplyPatternsGreedily rewrites the ops nested in root's regions until no
// pattern applies. Patterns come from the argument and from each op's
// registered canonicalisation patterns when useOpPatterns is set. A run
// that does not converge is an error, not a silent stop.
func ApplyPatternsGreedily(root *ir.Operation, patterns []ir.Pattern, useOpPatterns bool, cfg GreedyConfig) (Stats, error) {
	if cfg.MaxIterations <= 0 {
		cfg.MaxIterations = 10
	}
	d := &greedy{cfg: cfg, ctx: root.Ctx(), byRoot: map[string][]ir.Pattern{}, useOpPatterns: useOpPatterns, inList: map[*ir.Operation]bool{}}
	for _, p := range patterns {
		d.byRoot[p.Root()] = append(d.byRoot[p.Root()], p)
	}
	for _, ps := range d.byRoot {
		sortPatterns(ps)
	}
	d.builder = ir.NewBuilder(d.ctx)
	for iter := 0; iter < cfg.MaxIterations; iter++ {
		d.stats.Iterations++
		d.changed = false
		d.seed(root)
		// A pattern that keeps re-queueing its op would never empty the
		// worklist; bound each sweep so such runs end as non-convergence.
		d.budget = max(1000, 16*len(d.worklist))
		if err := d.drain(); err != nil {
			return d.stats, err
		}
		if !d.changed {
			return d.stats, nil
		}
	}
	return d.stats, fmt.Errorf("greedy pattern rewrite did not converge after %d iterations", cfg.MaxIterations)
}

func sortPatterns(ps []ir.Pattern) {
	sort.SliceStable(ps, func(i, j int) bool { return ps[i].Benefit() > ps[j].Benefit() })
}

type greedy struct {
	cfg           GreedyConfig
	ctx           *ir.Context
	byRoot        map[string][]ir.Pattern
	useOpPatterns bool
	worklist      []*ir.Operation
	inList        map[*ir.Operation]bool
	changed       bool
	stats         Stats
	builder       *ir.Builder
	current       *ir.Operation
	touched       bool
	budget        int
}

func (d *greedy) seed(root *ir.Operation) {
	var ops []*ir.Operation
	collect := func(o *ir.Operation) {
		if o != root {
			ops = append(ops, o)
		}
	}
	if d.cfg.TopDown {
		ir.WalkPreOrder(root, func(o *ir.Operation) ir.WalkResult { collect(o); return ir.Advance })
		// The worklist pops from the end, so reverse to visit in order.
		for i, j := 0, len(ops)-1; i < j; i, j = i+1, j-1 {
			ops[i], ops[j] = ops[j], ops[i]
		}
	} else {
		ir.Walk(root, collect)
		for i, j := 0, len(ops)-1; i < j; i, j = i+1, j-1 {
			ops[i], ops[j] = ops[j], ops[i]
		}
	}
	for _, o := range ops {
		d.push(o)
	}
}

func (d *greedy) push(o *ir.Operation) {
	if o == nil || d.inList[o] {
		return
	}
	d.inList[o] = true
	d.worklist = append(d.worklist, o)
}

func (d *greedy) pop() *ir.Operation {
	for len(d.worklist) > 0 {
		o := d.worklist[len(d.worklist)-1]
		d.worklist = d.worklist[:len(d.worklist)-1]
		if d.inList[o] {
			delete(d.inList, o)
			return o
		}
	}
	return nil
}

func (d *greedy) drain() error {
	for {
		op := d.pop()
		if op == nil {
			return nil
		}
		if d.budget--; d.budget < 0 {
			d.changed = true
			d.worklist, d.inList = d.worklist[:0], map[*ir.Operation]bool{}
			return nil
		}
		if op.Block() == nil {
			continue // erased or detached meanwhile
		}
		if IsTriviallyDead(op) {
			d.eraseOp(op)
			continue
		}
		if !d.cfg.DisableFold && d.tryFold(op) {
			continue
		}
		if err := d.tryPatterns(op); err != nil {
			return err
		}
	}
}

// IsTriviallyDead: no result is used and the op has no side effects.
func IsTriviallyDead(op *ir.Operation) bool {
	return op.UseEmpty() && op.HasTrait(ir.Pure) && !op.HasTrait(ir.Terminator) && op.NumRegions() == 0
}

func (d *greedy) tryFold(op *ir.Operation) bool {
	info := op.Info()
	if info == nil || info.Fold == nil || op.HasTrait(ir.ConstantLike) {
		return false
	}
	operands := make([]ir.Attribute, op.NumOperands())
	for i := range operands {
		operands[i] = ConstantValue(op.Operand(i))
	}
	results := info.Fold(op, operands)
	if results == nil || len(results) != op.NumResults() {
		return false
	}
	dialect := op.Ctx().LookupDialect(op.Dialect())
	repl := make([]*ir.Value, len(results))
	var created []*ir.Operation
	for i, r := range results {
		switch {
		case r.Value != nil:
			repl[i] = r.Value
		case r.Attr != nil && dialect != nil && dialect.MaterializeConstant != nil:
			d.builder.SetInsertionPoint(op)
			c := dialect.MaterializeConstant(d.builder, r.Attr, op.Result(i).Type(), op.Loc)
			if c == nil || c.NumResults() != 1 || c.Result(0).Type() != op.Result(i).Type() {
				for _, x := range created {
					x.Erase()
				}
				if c != nil && c.Block() != nil {
					c.Erase()
				}
				return false
			}
			created = append(created, c)
			repl[i] = c.Result(0)
		default:
			for _, x := range created {
				x.Erase()
			}
			return false
		}
	}
	for _, c := range created {
		d.notifyInserted(c)
	}
	d.stats.Folds++
	d.replaceOp(op, repl)
	return true
}

// ConstantValue is the attribute of a value produced by a constant-like
// op (its "value" attribute), or nil.
func ConstantValue(v *ir.Value) ir.Attribute {
	def := v.DefiningOp()
	if def == nil || !def.HasTrait(ir.ConstantLike) {
		return nil
	}
	return def.InherentAttr("value")
}

func (d *greedy) tryPatterns(op *ir.Operation) error {
	candidates := d.byRoot[op.Name()]
	if any := d.byRoot[""]; len(any) > 0 {
		candidates = append(append([]ir.Pattern(nil), candidates...), any...)
		sortPatterns(candidates)
	}
	if d.useOpPatterns && op.Info() != nil && len(op.Info().Patterns) > 0 {
		candidates = append(append([]ir.Pattern(nil), candidates...), op.Info().Patterns...)
		sortPatterns(candidates)
	}
	for _, p := range candidates {
		if d.cfg.MaxRewrites > 0 && d.stats.Rewrites >= d.cfg.MaxRewrites {
			return fmt.Errorf("greedy pattern rewrite stopped after the limit of %d rewrites", d.cfg.MaxRewrites)
		}
		d.current, d.touched = op, false
		ok := p.MatchAndRewrite(op, d)
		d.current = nil
		if !ok {
			if d.touched {
				return fmt.Errorf("pattern %s changed the IR but reported failure", p.Name())
			}
			continue
		}
		if d.cfg.Strict && !d.touched {
			return fmt.Errorf("pattern %s reported success without changing the IR", p.Name())
		}
		d.stats.Rewrites++
		return nil
	}
	return nil
}

// ---- Rewriter ----

func (d *greedy) Context() *ir.Context { return d.ctx }

func (d *greedy) SetInsertionPoint(op *ir.Operation)      { d.builder.SetInsertionPoint(op) }
func (d *greedy) SetInsertionPointAfter(op *ir.Operation) { d.builder.SetInsertionPointAfter(op) }

func (d *greedy) Create(st ir.OperationState) *ir.Operation {
	if d.builder.InsertionBlock() == nil && d.current != nil {
		d.builder.SetInsertionPoint(d.current)
	}
	op := d.builder.Create(st)
	d.notifyInserted(op)
	return op
}

func (d *greedy) notifyInserted(op *ir.Operation) {
	d.touched, d.changed = true, true
	d.push(op)
	if d.cfg.Listener != nil {
		d.cfg.Listener.OpInserted(op)
	}
}

func (d *greedy) ReplaceOp(op *ir.Operation, vals []*ir.Value) { d.replaceOp(op, vals) }

func (d *greedy) replaceOp(op *ir.Operation, vals []*ir.Value) {
	d.touched, d.changed = true, true
	for i, r := range op.Results() {
		for _, u := range r.Users() {
			d.push(u)
		}
		if vals[i] != nil {
			r.ReplaceAllUsesWith(vals[i])
		}
	}
	if d.cfg.Listener != nil {
		d.cfg.Listener.OpReplaced(op, vals)
	}
	d.eraseOp(op)
}

func (d *greedy) ReplaceAllUsesWith(from, to *ir.Value) {
	d.touched, d.changed = true, true
	for _, u := range from.Users() {
		d.push(u)
		if d.cfg.Listener != nil {
			d.cfg.Listener.OpModified(u)
		}
	}
	from.ReplaceAllUsesWith(to)
}

func (d *greedy) EraseOp(op *ir.Operation) { d.eraseOp(op) }

func (d *greedy) eraseOp(op *ir.Operation) {
	d.touched, d.changed = true, true
	// Operands' definers may become dead.
	ir.Walk(op, func(o *ir.Operation) {
		for _, v := range o.Operands() {
			if def := v.DefiningOp(); def != nil {
				d.push(def)
			}
		}
		delete(d.inList, o)
	})
	if d.cfg.Listener != nil {
		d.cfg.Listener.OpErased(op)
	}
	op.Erase()
	d.stats.Erased++
}

func (d *greedy) ModifyInPlace(op *ir.Operation, fn func()) {
	fn()
	d.touched, d.changed = true, true
	d.push(op)
	for _, r := range op.Results() {
		for _, u := range r.Users() {
			d.push(u)
		}
	}
	if d.cfg.Listener != nil {
		d.cfg.Listener.OpModified(op)
	}
}

func (d *greedy) InlineBlockBefore(src *ir.Block, dest *ir.Operation, args []*ir.Value) {
	d.touched, d.changed = true, true
	for i, a := range src.Args() {
		a.ReplaceAllUsesWith(args[i])
	}
	for _, o := range src.Ops() {
		o.MoveBefore(dest)
		d.push(o)
	}
}
