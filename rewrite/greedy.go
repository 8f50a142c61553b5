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
	// Listener, when set, also sees every change, and when it is an
	// ir.MatchFailureListener the reasons patterns give for declining.
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
	d := &greedy{cfg: cfg, ctx: root.Ctx(), byRoot: map[string][]ir.Pattern{}, useOpPatterns: useOpPatterns,
		byName: map[string][]ir.Pattern{}, inList: map[*ir.Operation]bool{}, consts: map[constKey]*ir.Operation{}, hoisted: map[*ir.Operation]bool{}}
	for _, p := range patterns {
		d.byRoot[p.Root()] = append(d.byRoot[p.Root()], p)
	}
	for _, ps := range d.byRoot {
		sortPatterns(ps)
	}
	d.builder = ir.NewBuilder(d.ctx)
	d.failures, _ = cfg.Listener.(ir.MatchFailureListener)
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
	byName        map[string][]ir.Pattern // candidates per op name
	useOpPatterns bool
	worklist      []*ir.Operation
	inList        map[*ir.Operation]bool
	seedOps       []*ir.Operation // seed's buffer, empty between calls
	changed       bool
	stats         Stats
	builder       *ir.Builder
	current       *ir.Operation
	pattern       ir.Pattern // the pattern being applied
	failures      ir.MatchFailureListener
	touched       bool
	budget        int
	foldArgs      []ir.Attribute
	// consts uniques constants per block, as MLIR's OperationFolder does
	// per region: a fold whose result equals a known constant reuses it.
	consts map[constKey]*ir.Operation
	// hoisted: constants moved to the front of their block, so that they
	// dominate every op there.
	hoisted map[*ir.Operation]bool
}

// constKey identifies a constant: the block it is in, the dialect that
// materialises it, its value and its type (interned, so compared by
// identity).
type constKey struct {
	block   *ir.Block
	dialect string
	value   ir.Attribute
	typ     ir.Type
}

// constantKey is op's key if it is a constant that folds may reuse.
func constantKey(op *ir.Operation) (constKey, bool) {
	if !op.HasTrait(ir.ConstantLike) || op.NumResults() != 1 || op.NumOperands() != 0 || op.NumRegions() != 0 || op.Block() == nil {
		return constKey{}, false
	}
	v := op.InherentAttr("value")
	if v == nil {
		return constKey{}, false
	}
	return constKey{op.Block(), op.Dialect(), v, op.Result(0).Type()}, true
}

// lookupConst and storeConst guard the map: a dialect type or attribute
// whose dynamic type is not comparable cannot be a key, and is then simply
// not uniqued.
func (d *greedy) lookupConst(k constKey) (op *ir.Operation) {
	defer func() {
		if recover() != nil {
			op = nil
		}
	}()
	return d.consts[k]
}

func (d *greedy) storeConst(k constKey, op *ir.Operation) {
	defer func() { _ = recover() }()
	d.consts[k] = op
}

func (d *greedy) forgetConst(op *ir.Operation) {
	if k, ok := constantKey(op); ok && d.lookupConst(k) == op {
		defer func() { _ = recover() }()
		delete(d.consts, k)
	}
	delete(d.hoisted, op)
}

func (d *greedy) seed(root *ir.Operation) {
	// The list of ops is sized once and kept for the next iteration's
	// seed: a growing list of every op per iteration was a third of what
	// the driver allocates on a large module.
	if d.seedOps == nil {
		n := 0
		ir.Walk(root, func(*ir.Operation) { n++ })
		d.seedOps = make([]*ir.Operation, 0, n)
	}
	ops := d.seedOps[:0]
	defer func() {
		clear(ops)
		d.seedOps = ops[:0]
	}()
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
	// Known constants: the first of each value in a block is kept, later
	// duplicates (which it dominates) are replaced by it, as MLIR's
	// canonicalizer does. ops is in reverse order, so walk it backwards.
	clear(d.consts)
	clear(d.hoisted)
	for i := len(ops) - 1; i >= 0; i-- {
		o := ops[i]
		k, ok := constantKey(o)
		if !ok {
			continue
		}
		if first := d.lookupConst(k); first != nil {
			o.ReplaceAllUsesWith(first.Results())
			if d.cfg.Listener != nil {
				d.cfg.Listener.OpReplaced(o, first.Results())
				d.cfg.Listener.OpErased(o)
			}
			o.Erase()
			d.stats.Erased++
			d.changed = true
			continue
		}
		d.storeConst(k, o)
	}
	if len(d.inList) == 0 && cap(d.worklist) < len(ops) {
		// Sized once for the whole run: growing a map of every op is a
		// good part of the driver's own cost.
		d.inList = make(map[*ir.Operation]bool, len(ops))
		d.worklist = make([]*ir.Operation, 0, len(ops))
	}
	for _, o := range ops {
		if o.Block() != nil {
			d.push(o)
		}
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
	// A folder gets the constant operands in a scratch slice it must not
	// keep (as MLIR's ArrayRef<Attribute>).
	operands := d.foldArgs[:0]
	for i, n := 0, op.NumOperands(); i < n; i++ {
		operands = append(operands, ConstantValue(op.Operand(i)))
	}
	d.foldArgs = operands
	results := info.Fold(op, operands)
	clear(operands)
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
			if c := d.knownConstant(op, dialect.Name, r.Attr, op.Result(i).Type()); c != nil {
				repl[i] = c.Result(0)
				continue
			}
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
		if k, ok := constantKey(c); ok && d.lookupConst(k) == nil {
			d.storeConst(k, c)
		}
		d.notifyInserted(c)
	}
	d.stats.Folds++
	d.replaceOp(op, repl)
	return true
}

// knownConstant is a constant in op's block with the given value and type,
// moved to the front of the block (once) so that it dominates op; nil if
// there is none.
func (d *greedy) knownConstant(op *ir.Operation, dialect string, value ir.Attribute, t ir.Type) *ir.Operation {
	b := op.Block()
	c := d.lookupConst(constKey{b, dialect, value, t})
	if c == nil || c.Block() != b {
		return nil
	}
	if !d.hoisted[c] {
		if first := b.First(); first != c {
			c.MoveBefore(first)
		}
		d.hoisted[c] = true
	}
	return c
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

// candidates are the patterns to try on op, by decreasing benefit (ties:
// those rooted at its name, then those for any op, then its registered
// ones), computed once per op name.
func (d *greedy) candidates(op *ir.Operation) []ir.Pattern {
	if c, ok := d.byName[op.Name()]; ok {
		return c
	}
	c := d.byRoot[op.Name()]
	if any := d.byRoot[""]; len(any) > 0 {
		c = append(append([]ir.Pattern(nil), c...), any...)
		sortPatterns(c)
	}
	if d.useOpPatterns && op.Info() != nil && len(op.Info().Patterns) > 0 {
		c = append(append([]ir.Pattern(nil), c...), op.Info().Patterns...)
		sortPatterns(c)
	}
	d.byName[op.Name()] = c
	return c
}

func (d *greedy) tryPatterns(op *ir.Operation) error {
	candidates := d.candidates(op)
	for _, p := range candidates {
		if d.cfg.MaxRewrites > 0 && d.stats.Rewrites >= d.cfg.MaxRewrites {
			return fmt.Errorf("greedy pattern rewrite stopped after the limit of %d rewrites", d.cfg.MaxRewrites)
		}
		d.current, d.pattern, d.touched = op, p, false
		ok := p.MatchAndRewrite(op, d)
		d.current, d.pattern = nil, nil
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

// NotifyMatchFailure passes the reason on when the listener wants it.
func (d *greedy) NotifyMatchFailure(op *ir.Operation, format string, args ...any) bool {
	if d.failures != nil {
		name := ""
		if d.pattern != nil {
			name = d.pattern.Name()
		}
		d.failures.MatchFailed(op, ir.MatchFailure{Pattern: name, Reason: ir.FormatReason(format, args)})
	}
	return false
}

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
		for _, u := range r.Uses() {
			d.push(u.Owner())
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
	forget := func(o *ir.Operation) {
		for i, n := 0, o.NumOperands(); i < n; i++ {
			if def := o.Operand(i).DefiningOp(); def != nil {
				d.push(def)
			}
		}
		delete(d.inList, o)
		d.forgetConst(o)
	}
	if op.NumRegions() == 0 {
		forget(op)
	} else {
		ir.Walk(op, forget)
	}
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
