package decompose

import (
	"fmt"
	"strings"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/rewrite/rules"
)

// decomposer is what the driver applies and what reports a failure: an
// ir.Pattern that can also say why it does not apply to an op.
type decomposer interface {
	ir.Pattern
	// explain is "" when the pattern applies to op, else the reason.
	explain(op *ir.Operation) string
}

// goPattern is a named Go decomposition: fn builds the replacement values
// of op through the emitter.
type goPattern struct {
	root, name string
	benefit    int
	fn         func(e *emitter, op *ir.Operation) []*ir.Value
	// aux: a preparatory rewrite (the f32 detour) whose reason for not
	// applying says nothing about why the op is left.
	aux bool
}

func (g *goPattern) Root() string { return g.root }
func (g *goPattern) Benefit() int { return g.benefit }
func (g *goPattern) Name() string { return g.name }

func (g *goPattern) MatchAndRewrite(op *ir.Operation, rw ir.Rewriter) bool {
	if why := g.explain(op); why != "" {
		return rw.NotifyMatchFailure(op, why)
	}
	rw.SetInsertionPoint(op)
	e := &emitter{ctx: rw.Context(), rw: rw, loc: op.Loc}
	res := g.fn(e, op)
	if e.err != nil {
		// The dry run built the same ops without error; a decomposition
		// that differs between runs is a bug, reported as a pass crash
		// rather than left as broken IR.
		panic(fmt.Sprintf("%s: %v after a successful dry run", g.name, e.err))
	}
	rw.ReplaceOp(op, res)
	return true
}

// explain dry-runs the decomposition: every op it would create is built
// detached and verified, and the replacement must have op's result types.
func (g *goPattern) explain(op *ir.Operation) (why string) {
	if op.Name() != g.root {
		return "not a " + g.root
	}
	if why := staticTypes(op); why != "" {
		return why
	}
	e := &emitter{ctx: op.Ctx(), loc: op.Loc}
	defer e.release()
	defer func() {
		// A decomposition indexing shapes that a failed step left wrong
		// must not take the compiler down: the op stays, with the reason.
		if p := recover(); p != nil {
			why = fmt.Sprintf("internal error in %s: %v", g.name, p)
			if e.err != nil {
				why = e.err.Error()
			}
		}
	}()
	res := g.fn(e, op)
	if e.err != nil {
		return e.err.Error()
	}
	if len(res) != op.NumResults() {
		return fmt.Sprintf("%s gives %d values for %d results", g.name, len(res), op.NumResults())
	}
	for i, v := range res {
		if v == nil || v.Type() != op.Result(i).Type() {
			got := "nothing"
			if v != nil {
				got = v.Type().String()
			}
			return fmt.Sprintf("%s gives %s for result #%d of type %s", g.name, got, i, op.Result(i).Type())
		}
	}
	return ""
}

// rulePattern applies a rule of decompose.rules to ops whose types core
// can hold (static shapes), after a dry run as for Go patterns: the rule
// rewrites through a rewriter that builds its ops detached, and each of
// them must verify.
type rulePattern struct{ r *rules.Rule }

func (p rulePattern) Root() string { return p.r.Root() }
func (p rulePattern) Benefit() int { return p.r.Benefit() }
func (p rulePattern) Name() string { return p.r.Name() }

func (p rulePattern) MatchAndRewrite(op *ir.Operation, rw ir.Rewriter) bool {
	if why := p.explain(op); why != "" {
		return rw.NotifyMatchFailure(op, why)
	}
	return p.r.MatchAndRewrite(op, rw)
}

func (p rulePattern) explain(op *ir.Operation) string {
	if why := staticTypes(op); why != "" {
		return why
	}
	dry := &dryRewriter{ctx: op.Ctx()}
	defer dry.release()
	if !p.r.MatchAndRewrite(op, dry) {
		types := make([]string, op.NumOperands())
		for i, v := range op.Operands() {
			types[i] = v.Type().String()
		}
		// The rule's own reason names the rule and the first part of its
		// match or condition that failed.
		why := dry.reason
		if why == "" {
			why = p.r.Name() + ": does not match"
		}
		return fmt.Sprintf("rule %s (operands %s)", why, strings.Join(types, ", "))
	}
	for _, o := range dry.made {
		if info := o.Info(); info != nil && info.Verify != nil {
			if err := info.Verify(o); err != nil {
				return fmt.Sprintf("rule %s builds an invalid '%s' op: %v", p.r.Name(), o.Name(), err)
			}
		}
	}
	return ""
}

// dryRewriter lets a rule run without touching the IR: ops are built
// detached, replacements and erasures are not done.
type dryRewriter struct {
	ctx  *ir.Context
	made []*ir.Operation
	// reason is the first the pattern gave for declining.
	reason string
}

func (d *dryRewriter) NotifyMatchFailure(_ *ir.Operation, format string, args ...any) bool {
	if d.reason == "" {
		d.reason = ir.FormatReason(format, args)
	}
	return false
}

func (d *dryRewriter) Context() *ir.Context                                    { return d.ctx }
func (d *dryRewriter) SetInsertionPoint(*ir.Operation)                         {}
func (d *dryRewriter) SetInsertionPointAfter(*ir.Operation)                    {}
func (d *dryRewriter) ReplaceOp(*ir.Operation, []*ir.Value)                    {}
func (d *dryRewriter) ReplaceAllUsesWith(_, _ *ir.Value)                       {}
func (d *dryRewriter) EraseOp(*ir.Operation)                                   {}
func (d *dryRewriter) ModifyInPlace(*ir.Operation, func())                     {}
func (d *dryRewriter) InlineBlockBefore(*ir.Block, *ir.Operation, []*ir.Value) {}

func (d *dryRewriter) Create(st ir.OperationState) *ir.Operation {
	op := d.ctx.NewOperation(st)
	d.made = append(d.made, op)
	return op
}

func (d *dryRewriter) release() {
	for _, op := range d.made {
		op.DropAllReferences()
	}
	d.made = nil
}

// staticShapesReason ends the reason given for an op left because of a
// dynamic shape.
const staticShapesReason = "core needs static shapes"

// staticTypes is "" when every operand and result of op is a statically
// shaped tensor, which core requires.
func staticTypes(op *ir.Operation) string {
	check := func(what string, i int, t ir.Type) string {
		rt, ok := t.(*ir.RankedTensorType)
		if !ok || !rt.HasStaticShape() {
			return fmt.Sprintf("%s #%d has type %s; %s", what, i, t, staticShapesReason)
		}
		return ""
	}
	for i, v := range op.Operands() {
		if why := check("operand", i, v.Type()); why != "" {
			return why
		}
	}
	for i, v := range op.Results() {
		if why := check("result", i, v.Type()); why != "" {
			return why
		}
	}
	return ""
}

// Explain dry-runs every decomposition anchored on op (the f32 detour,
// the rules in file order, the Go pattern), and returns each one's
// reason for not applying, with the pattern's name; nil
// when one applies. An op no decomposition is anchored on gets one reason
// with no pattern name.
func Explain(op *ir.Operation) []ir.MatchFailure {
	why, _ := explain(op)
	return why
}

// explainOp says why no decomposition applies to op: the reason of its
// Go pattern when it has one (rules are guarded by conditions whose
// failure says less), else that of its first rule.
func explainOp(op *ir.Operation) string {
	_, chosen := explain(op)
	return chosen
}

// explain is Explain and the reason explainOp chooses.
func explain(op *ir.Operation) ([]ir.MatchFailure, string) {
	ps := byRoot()[op.Name()]
	if len(ps) == 0 {
		const none = "no decomposition is defined for it"
		return []ir.MatchFailure{{Reason: none}}, none
	}
	var all []ir.MatchFailure
	var goWhy, ruleWhy string
	for _, p := range ps {
		why := p.explain(op)
		if why == "" {
			return nil, "" // one applies
		}
		all = append(all, ir.MatchFailure{Pattern: p.Name(), Reason: why})
		switch g, ok := p.(*goPattern); {
		case ok && !g.aux && goWhy == "":
			goWhy = why
		case !ok && ruleWhy == "":
			ruleWhy = why
		}
	}
	if goWhy != "" {
		return all, goWhy
	}
	return all, ruleWhy
}
