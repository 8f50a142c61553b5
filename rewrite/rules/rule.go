package rules

import (
	"math"
	"reflect"

	"github.com/mlc-go/mlc/ir"
)

// Rule is one compiled rule; it implements ir.Pattern. Its name is
// "file.rules:line", so drivers' reports point at the rule's source.
type Rule struct {
	file    string
	line    int
	name    string
	text    string
	root    string
	benefit int

	match      *mnode
	nslots     int
	kinds      []slotKind
	comm       int // commutative candidates in the match
	conds      []ccond
	result     *rnode
	resultSlot int // value slot replacing the root when result is nil
	// whyTwice: per slot, the reason when its two bindings differ.
	whyTwice []string
	names    []string // capture names, per slot
}

func (r *Rule) slotName(slot int) string { return r.names[slot] }

// Root is the op name the rule is anchored on.
func (r *Rule) Root() string { return r.root }

// Benefit is the rule's [benefit N], or by default the number of ops its
// match names (as MLIR's DRR), so more specific rules are tried first.
func (r *Rule) Benefit() int { return r.benefit }

// Name is "file.rules:line".
func (r *Rule) Name() string { return r.name }

// Pos is where the rule starts.
func (r *Rule) Pos() (file string, line int) { return r.file, r.line }

// Text is the rule's source on one line, without comments.
func (r *Rule) Text() string { return r.text }

// String is "file.rules:line: text".
func (r *Rule) String() string { return r.name + ": " + r.text }

// binding is what a capture holds during one match attempt.
type binding struct {
	v *ir.Value
	a ir.Attribute
}

// matcher is the state of matching one rule at one op.
type matcher struct {
	r       *Rule
	slots   []binding
	ops     []*ir.Operation // matched ops, root first
	mask    uint32          // commutative choices of this attempt: bit set = swapped
	reached uint32          // commutative choices the attempt consulted
}

// MatchAndRewrite checks the whole match, the conditions and that the
// result fits (types, registered ops) before it creates anything; then it
// builds the result ops at op's position with op's location fused with
// the matched ops' locations, and replaces op. Matched producers that
// become dead are left to the driver.
//
// When the rule does not apply it tells rw why: the first part of the
// match, in the written operand order, or the first condition that
// failed, as "file.rules:line: reason". The reasons are built when the
// rule is compiled, so a failing match formats nothing.
func (r *Rule) MatchAndRewrite(op *ir.Operation, rw ir.Rewriter) bool {
	if why := quick(r.match, op); why != "" {
		return rw.NotifyMatchFailure(op, why)
	}
	m := matcher{r: r, slots: make([]binding, r.nslots)}
	// Commutative ops match in either operand order: try every choice,
	// the written order first, skipping choices that agree with a failed
	// attempt on every choice that attempt consulted.
	var failed [16]struct{ reached, mask uint32 }
	nfailed := 0
	var first failure
	for mask := uint32(0); mask < 1<<r.comm; mask++ {
		covered := false
		for _, f := range failed[:nfailed] {
			if mask&f.reached == f.mask {
				covered = true
				break
			}
		}
		if covered {
			continue
		}
		clear(m.slots)
		m.ops, m.mask, m.reached = m.ops[:0], mask, 0
		why := failure{format: m.matchOp(r.match, op, nil)}
		if why.format == "" {
			why.format = m.conditions()
		}
		if why.format == "" {
			why = m.fits(op, rw.Context())
		}
		if why.format == "" {
			m.rewrite(op, rw)
			return true
		}
		if mask == 0 {
			first = why
		}
		if nfailed < len(failed) {
			failed[nfailed] = struct{ reached, mask uint32 }{m.reached, mask & m.reached}
			nfailed++
		}
	}
	return rw.NotifyMatchFailure(op, first.format, first.args...)
}

// failure is a reason for NotifyMatchFailure: format and its args, or ""
// when there is none.
type failure struct {
	format string
	args   []any
}

// quick is the allocation-free part of the match: op names, operand
// counts and splats, in either order for commutative ops. Most ops fail
// here, before captures are bound. It returns "" or the reason for the
// written order.
func quick(n *mnode, op *ir.Operation) string {
	if op.Name() != n.name {
		return n.whyOp
	}
	if op.NumOperands() != len(n.args) {
		return n.whyCount
	}
	if n.splat != nil && !n.splat.matches(op.InherentAttr("value")) {
		return n.whySplat
	}
	why := quickArgs(n, op, false)
	if why == "" || n.comm >= 0 && op.HasTrait(ir.Commutative) && quickArgs(n, op, true) == "" {
		return ""
	}
	return why
}

func quickArgs(n *mnode, op *ir.Operation, swap bool) string {
	for i, a := range n.args {
		if a.op == nil {
			continue
		}
		k := i
		if swap {
			k = 1 - i
		}
		def := op.Operand(k).DefiningOp()
		if def == nil {
			return a.op.whyOp
		}
		if why := quick(a.op, def); why != "" {
			return why
		}
	}
	return ""
}

func (m *matcher) setValue(slot int, v *ir.Value) bool {
	if cur := m.slots[slot].v; cur != nil {
		return cur == v
	}
	m.slots[slot].v = v
	return true
}

func (m *matcher) setAttr(slot int, a ir.Attribute) bool {
	if cur := m.slots[slot].a; cur != nil {
		return cur == a || cur.String() == a.String()
	}
	m.slots[slot].a = a
	return true
}

// matchOp matches op, which produces v (nil for the root), against n;
// it returns "" or the reason it does not match.
func (m *matcher) matchOp(n *mnode, op *ir.Operation, v *ir.Value) string {
	if op.Name() != n.name {
		return n.whyOp
	}
	if op.NumOperands() != len(n.args) {
		return n.whyCount
	}
	swap := false
	if n.comm >= 0 {
		bit := uint32(1) << n.comm
		m.reached |= bit
		if m.mask&bit != 0 {
			if !op.HasTrait(ir.Commutative) {
				return n.whyComm
			}
			swap = true
		}
	}
	m.ops = append(m.ops, op)
	if n.bind >= 0 {
		if v == nil {
			if op.NumResults() == 0 {
				return n.whyNoResult
			}
			v = op.Result(0)
		}
		if !m.setValue(n.bind, v) {
			return m.r.whyTwice[n.bind]
		}
	}
	for _, a := range n.attrs {
		val := op.InherentAttr(a.name)
		if val == nil {
			return a.why
		}
		if !m.setAttr(a.slot, val) {
			return m.r.whyTwice[a.slot]
		}
	}
	if n.splat != nil && !n.splat.matches(op.InherentAttr("value")) {
		return n.whySplat
	}
	for i, a := range n.args {
		k := i
		if swap {
			k = 1 - i
		}
		x := op.Operand(k)
		switch {
		case a.op != nil:
			def := x.DefiningOp()
			if def == nil {
				return a.op.whyOp
			}
			if why := m.matchOp(a.op, def, x); why != "" {
				return why
			}
		case a.slot >= 0:
			if !m.setValue(a.slot, x) {
				return m.r.whyTwice[a.slot]
			}
		}
	}
	return ""
}

// matches reports whether attr is a splat dense attribute whose element,
// in the attribute's element type, is the literal. Float elements compare
// with the literal rounded to the type, the sign of zero included (so
// "splat 0.0" is not -0.0), NaN never; integer elements compare with an
// integral literal, i1 with true/false (or 1/0).
func (s *splatLit) matches(attr ir.Attribute) bool {
	d, ok := attr.(*ir.DenseElementsAttr)
	if !ok || !d.Splat || len(d.Raw) == 0 {
		return false
	}
	switch t := d.Type.ElementType().(type) {
	case *ir.FloatType:
		if s.isBool {
			return false
		}
		want := ir.RoundToFloatType(t.Kind, s.f)
		got := d.FloatAt(0)
		return got == want && math.Signbit(got) == math.Signbit(want)
	case *ir.IntegerType:
		if t.Width == 1 {
			if s.isBool {
				return (d.Raw[0]&1 == 1) == s.b
			}
			return s.integral && (s.i == 0 || s.i == 1) && d.Raw[0]&1 == byte(s.i)
		}
		return !s.isBool && s.integral && d.IntAt(0) == s.i
	case *ir.IndexType:
		return !s.isBool && s.integral && d.IntAt(0) == s.i
	}
	return false
}

// conditions is "" when every condition holds, else the first that
// failed.
func (m *matcher) conditions() string {
	for i := range m.r.conds {
		c := &m.r.conds[i]
		in := make([]reflect.Value, len(c.args))
		for j, a := range c.args {
			if a.slot < 0 {
				in[j] = a.lit
				continue
			}
			b := m.slots[a.slot]
			switch c.pred.params[j] {
			case pValue:
				in[j] = reflect.ValueOf(b.v)
			case pType:
				in[j] = reflect.ValueOf(b.v.Type())
				if !in[j].IsValid() {
					return c.why
				}
			case pAttr:
				av := reflect.ValueOf(b.a)
				if !av.Type().AssignableTo(c.pred.types[j]) {
					return c.why // not the attribute kind the predicate reads
				}
				in[j] = av
			}
		}
		if c.pred.fn.Call(in)[0].Bool() == c.not {
			return c.why
		}
	}
	return ""
}

// fits checks that the result can replace op: a capture of op's single
// result type, or registered ops whose result types are op's.
func (m *matcher) fits(op *ir.Operation, ctx *ir.Context) failure {
	if m.r.result == nil {
		v := m.slots[m.r.resultSlot].v
		if op.NumResults() != 1 {
			return failure{"%s: the op has %d results, not the one $%s replaces", []any{m.r.name, op.NumResults(), m.r.slotName(m.r.resultSlot)}}
		}
		if v.Type() != op.Result(0).Type() {
			return failure{"%s: $%s has type %s, not the op's result type %s", []any{m.r.name, m.r.slotName(m.r.resultSlot), v.Type(), op.Result(0).Type()}}
		}
		return failure{}
	}
	if why := m.fitsOp(m.r.result, op, ctx); why != "" {
		return failure{format: why}
	}
	if n := m.r.result; n.types != nil {
		if len(n.types) != op.NumResults() {
			return failure{"%s: the result has %d types for the op's %d results", []any{m.r.name, len(n.types), op.NumResults()}}
		}
		for i, s := range n.types {
			if t := m.slots[s].v.Type(); t != op.Result(i).Type() {
				return failure{"%s: result #%d would have type %s, not the op's %s", []any{m.r.name, i, t, op.Result(i).Type()}}
			}
		}
	}
	return failure{}
}

func (m *matcher) fitsOp(n *rnode, root *ir.Operation, ctx *ir.Context) string {
	if ctx.LookupOp(n.name) == nil {
		return n.whyUnregistered
	}
	for _, a := range n.args {
		if a.op == nil {
			continue
		}
		if why := m.fitsOp(a.op, root, ctx); why != "" {
			return why
		}
		// An operand comes from the nested op's first result.
		if a.op.types == nil && root.NumResults() == 0 {
			return a.op.whyNoResult
		}
	}
	return ""
}

func (m *matcher) rewrite(op *ir.Operation, rw ir.Rewriter) {
	if m.r.result == nil {
		rw.ReplaceOp(op, []*ir.Value{m.slots[m.r.resultSlot].v})
		return
	}
	locs := make([]ir.Location, len(m.ops))
	for i, o := range m.ops {
		locs[i] = o.Loc
	}
	loc := ir.Fuse(locs, nil)
	rw.SetInsertionPoint(op)
	top := m.build(m.r.result, op, rw, loc)
	rw.ReplaceOp(op, top.Results())
}

func (m *matcher) build(n *rnode, root *ir.Operation, rw ir.Rewriter, loc ir.Location) *ir.Operation {
	ctx := rw.Context()
	st := ir.OperationState{Name: n.name, Loc: loc}
	for _, a := range n.args {
		if a.op != nil {
			st.Operands = append(st.Operands, m.build(a.op, root, rw, loc).Result(0))
			continue
		}
		st.Operands = append(st.Operands, m.slots[a.slot].v)
	}
	if n.types != nil {
		for _, s := range n.types {
			st.ResultTypes = append(st.ResultTypes, m.slots[s].v.Type())
		}
	} else {
		st.ResultTypes = root.ResultTypes()
	}
	if len(n.attrs) > 0 {
		info := ctx.LookupOp(n.name)
		var props []ir.NamedAttr
		for _, a := range n.attrs {
			na := ir.NamedAttr{Name: a.name, Value: m.slots[a.slot].a}
			if isProp(info, a.name) {
				props = append(props, na)
			} else {
				st.Attrs = append(st.Attrs, na)
			}
		}
		if len(props) > 0 {
			st.Props = ctx.DictionaryAttr(props)
		}
	}
	return rw.Create(st)
}

func isProp(info *ir.OpInfo, name string) bool {
	if info == nil {
		return false
	}
	for _, p := range info.Props {
		if p == name {
			return true
		}
	}
	return false
}
