// Package conversion is mlc's dialect conversion, in the style of MLIR's
// one-shot conversion driver: a Target says which ops are legal, illegal,
// dynamically legal or unknown; a TypeConverter maps types and
// materialises builtin.unrealized_conversion_cast where a converted value
// meets an unconverted use (or the reverse); conversion Patterns rewrite
// ops, receiving their operands already remapped. There is no rollback:
// a pattern checks every precondition before it changes the IR, and
// changes apply at once, which keeps the driver simple and fast.
//
// Three modes, as in MLIR: ApplyPartialConversion (illegal ops must be
// converted, unknown ops may stay), ApplyFullConversion (every op must end
// legal) and ApplyAnalysisConversion (which ops could be converted,
// computed on a clone so the IR does not change). A failed conversion
// reports every op it could not legalise, each with the reason every
// candidate pattern gave, as one *Error. Result.Reasons and
// Analysis.Reasons give the same reasons typed (op -> pattern, reason),
// for the ops left unconverted too: why an op fell back. Patterns give
// their reasons as a MatchFailure error or through the rewriter's
// NotifyMatchFailure.
//
// Casts left behind at the boundary of a partial conversion are removed
// by the reconcile-unrealized-casts pass once both sides are converted.
//
// A pass lowering dialect a to dialect b looks like this:
//
//	tc := conversion.NewTypeConverter().AddIdentity().AddTypeMapping(toB)
//	target := conversion.NewTarget().AddIllegalDialect("a").AddLegalDialect("b").
//		AddDynamicallyLegalOp(tc.IsLegalOp, "func.return")
//	patterns := []conversion.Pattern{&conversion.FuncPattern{
//		PatternName: "a-add-to-b", RootName: "a.add", Converter: tc,
//		Fn: func(op *ir.Operation, ad *conversion.Adaptor, rw *conversion.Rewriter) error {
//			t, ok := tc.ConvertTypeTo1(op.Result(0).Type())
//			if !ok {
//				return conversion.MatchFailuref("result type %s does not convert", op.Result(0).Type())
//			}
//			n := rw.Create(ir.OperationState{Name: "b.add", Operands: ad.Operands(), ResultTypes: []ir.Type{t}})
//			rw.ReplaceOp(op, n.Results())
//			return nil
//		}}}
//	_, err := conversion.ApplyPartialConversion(module, target, patterns, nil)
//
// and returns err (a *conversion.Error) from its Run.
package conversion

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/mlc-go/mlc/ir"
)

// Config tunes a conversion.
type Config struct {
	// Listener, when set, sees every change (not in analysis mode, which
	// works on a clone).
	Listener ir.Listener
}

// Result is what a partial or full conversion did.
type Result struct {
	// Rewrites counts the patterns that applied.
	Rewrites int
	// Materializations counts the materialisations built (casts or the
	// type converter's own).
	Materializations int
	// Unlegalized are the ops a partial conversion left because they are
	// not illegal and no pattern converted them (MLIR's unlegalizedOps).
	Unlegalized []*ir.Operation
	// Reasons says why each op of Unlegalized, and each op the conversion
	// failed on, was not converted: as Analysis.Reasons.
	Reasons map[*ir.Operation][]ir.MatchFailure
}

// Analysis is the outcome of ApplyAnalysisConversion, on the original ops.
type Analysis struct {
	// Legalizable holds the ops that are legal or that the patterns
	// convert into legal ops.
	Legalizable map[*ir.Operation]bool
	// Failures says, for each other op, why it could not be legalised
	// (the diagnostic a full conversion would report), in walk order.
	Failures []*ir.Diagnostic
	// FailedOps are the ops of Failures, in the same order.
	FailedOps []*ir.Operation
	// Reasons says, for each op of FailedOps, why it stayed illegal: each
	// candidate pattern's reason for not applying, in the order the
	// patterns were tried (their own, given through a MatchFailure error
	// or the rewriter's NotifyMatchFailure). Reasons of the driver itself
	// (no pattern is anchored on the op, the target's dynamic legality
	// check rejected it) have an empty Pattern.
	Reasons map[*ir.Operation][]ir.MatchFailure
}

// Error is a failed conversion: one diagnostic per op that could not be
// legalised, with notes saying why each candidate pattern did not apply.
// errors.As finds the diagnostics one by one (Unwrap); Diagnostics gives
// them all to a caller that reports them.
type Error struct {
	Diags []*ir.Diagnostic
}

func (e *Error) Error() string {
	var sm *ir.SourceMgr // nil: locations without source lines
	parts := make([]string, len(e.Diags))
	for i, d := range e.Diags {
		parts[i] = strings.TrimRight(sm.Format(d), "\n")
	}
	return strings.Join(parts, "\n")
}

// Diagnostics returns the diagnostics, in the order the ops were visited.
func (e *Error) Diagnostics() []*ir.Diagnostic { return e.Diags }

// Unwrap exposes each diagnostic to errors.Is and errors.As.
func (e *Error) Unwrap() []error {
	out := make([]error, len(e.Diags))
	for i, d := range e.Diags {
		out[i] = d
	}
	return out
}

type mode uint8

const (
	partialMode mode = iota
	fullMode
	analysisMode
)

// ApplyPartialConversion converts root and the ops nested in it: illegal
// ops must be converted; unknown ops that no pattern converts stay. On
// failure the IR holds every conversion that succeeded.
func ApplyPartialConversion(root *ir.Operation, target *Target, patterns []Pattern, cfg *Config) (*Result, error) {
	d := newDriver(root, target, patterns, cfg, partialMode)
	d.run()
	return &d.res, d.err()
}

// ApplyFullConversion converts root and the ops nested in it: every op
// must end legal.
func ApplyFullConversion(root *ir.Operation, target *Target, patterns []Pattern, cfg *Config) (*Result, error) {
	d := newDriver(root, target, patterns, cfg, fullMode)
	d.run()
	return &d.res, d.err()
}

// ApplyAnalysisConversion computes which ops of root (root included) are
// legal or convertible, by converting a clone of root; root is not
// changed. Patterns must not change IR outside the op they convert. The
// error is only for broken patterns.
func ApplyAnalysisConversion(root *ir.Operation, target *Target, patterns []Pattern, cfg *Config) (*Analysis, error) {
	clone := root.Ctx().Clone(root, nil)
	defer clone.DropAllReferences()
	var orig, copies []*ir.Operation
	ir.WalkPreOrder(root, func(o *ir.Operation) ir.WalkResult { orig = append(orig, o); return ir.Advance })
	ir.WalkPreOrder(clone, func(o *ir.Operation) ir.WalkResult { copies = append(copies, o); return ir.Advance })
	back := make(map[*ir.Operation]*ir.Operation, len(copies))
	for i, c := range copies {
		back[c] = orig[i]
	}
	var quiet Config
	d := newDriver(clone, target, patterns, &quiet, analysisMode)
	d.run()
	a := &Analysis{Legalizable: map[*ir.Operation]bool{}, Reasons: map[*ir.Operation][]ir.MatchFailure{}}
	for c := range d.legalized {
		if o, ok := back[c]; ok {
			a.Legalizable[o] = true
		}
	}
	for i, c := range d.failedOps {
		if o, ok := back[c]; ok {
			a.FailedOps = append(a.FailedOps, o)
			a.Failures = append(a.Failures, d.failures[i])
			a.Reasons[o] = d.reasons[i]
		}
	}
	if d.fatal != nil {
		return a, &Error{Diags: []*ir.Diagnostic{d.fatal}}
	}
	return a, nil
}

type matKind uint8

const (
	sourceMat matKind = iota
	targetMat
)

// place is an insertion position: before op before in block (nil: at
// the end of block).
type place struct {
	block  *ir.Block
	before *ir.Operation
}

type driver struct {
	mode     mode
	target   *Target
	patterns []Pattern
	byRoot   map[string][]Pattern
	sorted   map[string][]Pattern
	order    map[Pattern]int
	cfg      Config
	ctx      *ir.Context
	root     *ir.Operation
	rw       *Rewriter
	mb       *ir.Builder

	// conv maps a source materialisation's result to the converted
	// values it stands for, so adaptors can look through it.
	conv map[*ir.Value][]*ir.Value
	// targetCache reuses a target materialisation of a value.
	targetCache map[targetKey][]*ir.Value
	// matOps are the ops materialisations created, to erase if unused.
	matOps []*ir.Operation
	matSet map[*ir.Operation]bool
	// rootErased: a pattern erased root (other erased ops are detached).
	rootErased bool

	failures  []*ir.Diagnostic
	failedOps []*ir.Operation
	reasons   [][]ir.MatchFailure // of failedOps
	legalized map[*ir.Operation]bool
	fatal     *ir.Diagnostic
	res       Result
}

type targetKey struct {
	v     *ir.Value
	tc    *TypeConverter
	types string
}

func newDriver(root *ir.Operation, target *Target, patterns []Pattern, cfg *Config, m mode) *driver {
	d := &driver{
		mode: m, target: target, patterns: patterns, ctx: root.Ctx(), root: root,
		byRoot: map[string][]Pattern{}, sorted: map[string][]Pattern{}, order: map[Pattern]int{},
		conv: map[*ir.Value][]*ir.Value{}, targetCache: map[targetKey][]*ir.Value{},
		matSet: map[*ir.Operation]bool{}, legalized: map[*ir.Operation]bool{},
	}
	if cfg != nil {
		d.cfg = *cfg
	}
	for i, p := range patterns {
		d.byRoot[p.Root()] = append(d.byRoot[p.Root()], p)
		if _, dup := d.order[p]; !dup {
			d.order[p] = i
		}
	}
	d.rw = &Rewriter{d: d, b: ir.NewBuilder(d.ctx)}
	d.mb = ir.NewBuilder(d.ctx)
	return d
}

// candidates are the patterns for op's name and for any op, by benefit
// (higher first), then registration order.
func (d *driver) candidates(name string) []Pattern {
	if ps, ok := d.sorted[name]; ok {
		return ps
	}
	ps := append(append([]Pattern(nil), d.byRoot[name]...), d.byRoot[""]...)
	sort.SliceStable(ps, func(i, j int) bool {
		if ps[i].Benefit() != ps[j].Benefit() {
			return ps[i].Benefit() > ps[j].Benefit()
		}
		return d.order[ps[i]] < d.order[ps[j]]
	})
	d.sorted[name] = ps
	return ps
}

func (d *driver) err() error {
	if d.fatal != nil {
		return &Error{Diags: append(append([]*ir.Diagnostic(nil), d.failures...), d.fatal)}
	}
	if len(d.failures) > 0 {
		return &Error{Diags: d.failures}
	}
	return nil
}

// run visits root and its nested ops in pre-order, so that parents are
// converted before their children, and legalises each.
func (d *driver) run() {
	var ops []*ir.Operation
	ir.WalkPreOrder(d.root, func(o *ir.Operation) ir.WalkResult {
		ops = append(ops, o)
		if d.target.isRecursivelyLegal(o) {
			return ir.Skip
		}
		return ir.Advance
	})
	for _, op := range ops {
		if !d.alive(op) {
			continue
		}
		ok, notes, why := d.legalize(op, nil)
		if d.fatal != nil {
			break
		}
		if ok {
			if d.mode == analysisMode {
				d.legalized[op] = true
			}
			continue
		}
		d.fail(op, notes, why)
	}
	d.cleanup()
}

// fail records that op could not be legalised, as the mode requires.
func (d *driver) fail(op *ir.Operation, notes []*ir.Diagnostic, why []ir.MatchFailure) {
	illegal := d.target.IsIllegal(op)
	if d.mode != analysisMode {
		if d.res.Reasons == nil {
			d.res.Reasons = map[*ir.Operation][]ir.MatchFailure{}
		}
		d.res.Reasons[op] = why
	}
	if d.mode == partialMode && !illegal {
		d.res.Unlegalized = append(d.res.Unlegalized, op)
		return
	}
	var diag *ir.Diagnostic
	if illegal {
		diag = ir.Errorf(op.Loc, "failed to legalize operation '%s' that was explicitly marked illegal", op.Name())
	} else {
		diag = ir.Errorf(op.Loc, "failed to legalize operation '%s'", op.Name())
	}
	diag.Notes = notes
	d.failures = append(d.failures, diag)
	d.failedOps = append(d.failedOps, op)
	d.reasons = append(d.reasons, why)
}

func note(loc ir.Location, format string, args ...any) *ir.Diagnostic {
	return &ir.Diagnostic{Severity: ir.SeverityNote, Loc: loc, Message: fmt.Sprintf(format, args...)}
}

// legalize makes op legal: it is legal already, or a pattern not in
// applied rewrites it (and the ops it creates are legalised in turn). On
// failure it returns notes saying why each candidate did not apply, and
// the same reasons typed.
func (d *driver) legalize(op *ir.Operation, applied []Pattern) (bool, []*ir.Diagnostic, []ir.MatchFailure) {
	if d.target.IsLegal(op) || d.matSet[op] {
		return true, nil, nil
	}
	var notes []*ir.Diagnostic
	var why []ir.MatchFailure
	// because records a reason, with its note (the reason itself when
	// format is "").
	because := func(pattern, reason, format string, args ...any) {
		why = append(why, ir.MatchFailure{Pattern: pattern, Reason: reason})
		if format == "" {
			notes = append(notes, note(op.Loc, "%s", reason))
		} else {
			notes = append(notes, note(op.Loc, format, args...))
		}
	}
	if d.target.Action(op) == Dynamic {
		because("", fmt.Sprintf("'%s' is dynamically illegal: the target's legality check rejected it", op.Name()), "")
	}
	cands := d.candidates(op.Name())
	if len(cands) == 0 {
		because("", fmt.Sprintf("no conversion pattern matches '%s'", op.Name()), "")
		return false, notes, why
	}
	for _, p := range cands {
		if containsPattern(applied, p) {
			because(p.Name(), "not tried: it already applied while legalizing this op", "pattern '%s' was not tried: it already applied while legalizing this op (recursive application)", p.Name())
			continue
		}
		adaptor, err := d.remapOperands(op, p.TypeConverter())
		if err != nil {
			because(p.Name(), reasonOf(err), "pattern '%s' did not apply: %s", p.Name(), reasonOf(err))
			continue
		}
		d.rw.begin(op, p)
		err = p.MatchAndRewrite(op, adaptor, d.rw)
		given := d.rw.reason
		touched, created := d.rw.end()
		if d.fatal != nil {
			return false, notes, why
		}
		if err != nil {
			r := reasonOf(err)
			var mf *MatchFailureError
			if given != "" && !errors.As(err, &mf) {
				r = given
			}
			if touched {
				d.setFatal(op, "pattern '%s' changed the IR and then failed (%s); conversion patterns must check every precondition before they change the IR", p.Name(), r)
				return false, notes, why
			}
			because(p.Name(), r, "pattern '%s' did not apply: %s", p.Name(), r)
			continue
		}
		if !touched {
			because(p.Name(), "reported success without changing the IR", "pattern '%s' reported success without changing the IR", p.Name())
			continue
		}
		d.res.Rewrites++
		next := append(append([]Pattern(nil), applied...), p)
		for _, c := range created {
			if !d.alive(c) || d.target.IsLegal(c) {
				continue
			}
			ok, cnotes, cwhy := d.legalize(c, next)
			if d.fatal != nil {
				return false, notes, why
			}
			if !ok {
				cnotes = append(cnotes, note(op.Loc, "'%s' was created by pattern '%s' while converting '%s'", c.Name(), p.Name(), op.Name()))
				d.fail(c, cnotes, cwhy)
			}
		}
		if !d.alive(op) {
			return true, nil, nil
		}
		// Updated in place: legal now, or legalised by another pattern.
		ok, rnotes, rwhy := d.legalize(op, next)
		if !ok {
			because(p.Name(), fmt.Sprintf("updated '%s' in place, but it is still not legal", op.Name()), "pattern '%s' updated '%s' in place, but it is still not legal", p.Name(), op.Name())
			notes = append(notes, rnotes...)
			why = append(why, rwhy...)
		}
		return ok, notes, why
	}
	return false, notes, why
}

func containsPattern(ps []Pattern, p Pattern) bool {
	for _, x := range ps {
		if x == p {
			return true
		}
	}
	return false
}

func (d *driver) setFatal(op *ir.Operation, format string, args ...any) {
	if d.fatal == nil {
		d.fatal = ir.Errorf(op.Loc, format, args...)
	}
}

// alive reports whether op is still nested in root (not erased, not in
// an erased op).
func (d *driver) alive(op *ir.Operation) bool {
	for o := op; o != nil; o = o.ParentOp() {
		if o == d.root {
			return !d.rootErased
		}
		if o.Block() == nil {
			return false
		}
	}
	return false
}

// insideRoot reports whether block b is nested in root.
func (d *driver) insideRoot(b *ir.Block) bool {
	for o := b.ParentOp(); o != nil; o = o.ParentOp() {
		if o == d.root {
			return true
		}
		if o.Block() == nil {
			return false
		}
	}
	return false
}

func (d *driver) placeBefore(op *ir.Operation) place { return place{op.Block(), op} }

// placeAfterDef is right after v's definition, where a materialisation
// dominates every use of v (second result true); for a value defined
// outside root it is before user instead, so that a conversion never
// changes IR outside its root.
func (d *driver) placeAfterDef(v *ir.Value, user *ir.Operation) (place, bool) {
	if v.IsBlockArgument() {
		if b := v.OwnerBlock(); d.insideRoot(b) {
			return place{b, b.First()}, true
		}
	} else if def := v.DefiningOp(); def.Block() != nil && d.insideRoot(def.Block()) {
		return place{def.Block(), def.Next()}, true
	}
	return d.placeBefore(user), false
}

// remapOperands builds op's adaptor for a pattern with converter tc.
func (d *driver) remapOperands(op *ir.Operation, tc *TypeConverter) (*Adaptor, error) {
	a := &Adaptor{op: op, operands: make([][]*ir.Value, op.NumOperands())}
	for i, v := range op.Operands() {
		// The chain of what v stands for: v, then the values a source
		// materialisation of v was built from, and so on.
		chain := [][]*ir.Value{{v}}
		for cur, n := v, 0; n < 64; n++ {
			next, ok := d.conv[cur]
			if !ok || !d.allAlive(next) {
				break
			}
			chain = append(chain, next)
			if len(next) != 1 {
				break
			}
			cur = next[0]
		}
		if tc == nil {
			a.operands[i] = chain[len(chain)-1]
			continue
		}
		want, ok := tc.ConvertType(v.Type())
		if !ok {
			return nil, MatchFailuref("unable to convert type for operand #%d, type was %s", i, v.Type())
		}
		found := false
		for _, c := range chain {
			if sameTypes(c, want) {
				a.operands[i], found = c, true
				break
			}
		}
		if !found {
			a.operands[i] = d.targetMaterialization(tc, v, want, op)
		}
	}
	return a, nil
}

func (d *driver) allAlive(vals []*ir.Value) bool {
	for _, v := range vals {
		if def := v.DefiningOp(); def != nil && !d.alive(def) {
			return false
		}
		if v.IsBlockArgument() && v.OwnerBlock().Parent() == nil {
			return false
		}
	}
	return true
}

// targetMaterialization converts the original value v to types want for
// user's adaptor, reusing an earlier materialisation of v when it
// dominates every use of v.
func (d *driver) targetMaterialization(tc *TypeConverter, v *ir.Value, want []ir.Type, user *ir.Operation) []*ir.Value {
	at, afterDef := d.placeAfterDef(v, user)
	key := targetKey{v, tc, typeList(want)}
	if afterDef {
		if vals, ok := d.targetCache[key]; ok && d.allAlive(vals) {
			return vals
		}
	}
	vals := d.materialize(targetMat, tc, at, want, []*ir.Value{v}, v.Loc())
	if afterDef {
		d.targetCache[key] = vals
	}
	return vals
}

// materialize builds values of types from inputs at at: with tc's
// materialisers (the most recently added first), else a cast.
func (d *driver) materialize(kind matKind, tc *TypeConverter, at place, types []ir.Type, inputs []*ir.Value, loc ir.Location) []*ir.Value {
	var prev *ir.Operation
	if at.before != nil {
		prev = at.before.Prev()
	} else {
		prev = at.block.Last()
	}
	position := func() {
		if at.before != nil {
			d.mb.SetInsertionPoint(at.before)
		} else {
			d.mb.SetInsertionPointToEnd(at.block)
		}
	}
	var out []*ir.Value
	if tc != nil {
		ms := tc.source
		if kind == targetMat {
			ms = tc.target
		}
		for i := len(ms) - 1; i >= 0 && out == nil; i-- {
			position()
			if vals := ms[i](d.mb, types, inputs, loc); vals != nil && sameTypes(vals, types) {
				out = vals
			}
		}
	}
	if out == nil {
		position()
		out = UnrealizedCast(d.mb, types, inputs, loc).Results()
	}
	first := at.block.First()
	if prev != nil {
		first = prev.Next()
	}
	for o := first; o != nil && o != at.before; o = o.Next() {
		d.matOps = append(d.matOps, o)
		d.matSet[o] = true
		d.notifyInserted(o)
	}
	d.res.Materializations++
	return out
}

// cleanup erases the materialisations nothing uses any more.
func (d *driver) cleanup() {
	for changed := true; changed; {
		changed = false
		for i := len(d.matOps) - 1; i >= 0; i-- {
			o := d.matOps[i]
			if o == nil || !d.alive(o) {
				d.matOps[i] = nil
				continue
			}
			if o.UseEmpty() {
				d.erase(o)
				d.matOps[i] = nil
				changed = true
			}
		}
	}
}

func (d *driver) erase(op *ir.Operation) {
	if op == d.root {
		d.rootErased = true
	}
	if l := d.listener(); l != nil {
		l.OpErased(op)
	}
	op.Erase()
}

// ---- listener ----

func (d *driver) listener() ir.Listener {
	if d.mode == analysisMode {
		return nil
	}
	return d.cfg.Listener
}

func (d *driver) notifyInserted(op *ir.Operation) {
	if l := d.listener(); l != nil {
		l.OpInserted(op)
	}
}

func (d *driver) notifyModified(op *ir.Operation) {
	if l := d.listener(); l != nil {
		l.OpModified(op)
	}
}

func (d *driver) notifyUsersModified(v *ir.Value) {
	if l := d.listener(); l != nil {
		for _, u := range v.Users() {
			l.OpModified(u)
		}
	}
}

func (d *driver) notifyReplaced(op *ir.Operation, vals []*ir.Value) {
	if l := d.listener(); l != nil {
		l.OpReplaced(op, vals)
	}
}
