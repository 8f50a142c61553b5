package rules

import (
	"fmt"
	"math"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/mlc-go/mlc/ir"
)

// Compile parses the rules in src, checks them against the op table
// (lookup; nil skips the op checks) and the predicates the file may call
// (the built-ins and preds, which may be nil), and returns one pattern
// per rule. name is the file name that positions and pattern names use
// ("dialects/core/canonicalize.rules"). The error, when not nil, is an
// ErrorList with every problem found, or the problems of preds (a
// malformed predicate, a redefined built-in).
func Compile(lookup Lookup, name string, src []byte, preds Predicates) ([]*Rule, error) {
	ps, err := predicateSet(preds)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	errs := &errSink{file: name}
	asts := parse(name, string(src), errs)
	var out []*Rule
	for _, a := range asts {
		c := &compiler{lookup: lookup, preds: ps, errs: errs, file: name, slots: map[string]int{}}
		if r := c.compile(a); r != nil {
			out = append(out, r)
		}
	}
	if len(errs.errs) > 0 {
		// Syntax errors are found while parsing, the others after: report
		// them in source order.
		sort.SliceStable(errs.errs, func(i, j int) bool {
			a, b := errs.errs[i], errs.errs[j]
			return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col
		})
		return nil, errs.errs
	}
	return out, nil
}

// MustCompile is Compile for rules embedded in a binary: a malformed file
// is a bug, reported by a panic with every positioned error.
func MustCompile(lookup Lookup, name string, src []byte, preds Predicates) []*Rule {
	rs, err := Compile(lookup, name, src, preds)
	if err != nil {
		panic("rules: " + err.Error())
	}
	return rs
}

// Patterns converts rules to the ir.Pattern slice drivers take.
func Patterns(rs []*Rule) []ir.Pattern {
	out := make([]ir.Pattern, len(rs))
	for i, r := range rs {
		out[i] = r
	}
	return out
}

// ByRoot groups rules by the op they are anchored on, in file order.
func ByRoot(rs []*Rule) map[string][]ir.Pattern {
	out := map[string][]ir.Pattern{}
	for _, r := range rs {
		out[r.root] = append(out[r.root], r)
	}
	return out
}

type slotKind uint8

const (
	slotValue slotKind = iota
	slotAttr
)

type compiler struct {
	lookup    Lookup
	preds     map[string]*predicate
	errs      *errSink
	file      string
	slots     map[string]int
	kinds     []slotKind
	names     []string
	firstPos  []pos
	ops       int // op nodes in the match
	comm      int // commutative candidates in the match
	failed    bool
	rootValue int    // slot of a $r:(...) binding of the root, or -1
	rule      string // the rule's name, which prefixes its reasons
}

// why is a match-failure reason of the rule being compiled, built once
// here so that a failing match formats nothing.
func (c *compiler) why(format string, args ...any) string {
	return c.rule + ": " + fmt.Sprintf(format, args...)
}

func (c *compiler) errorf(p pos, format string, args ...any) {
	c.errs.add(p, fmt.Sprintf(format, args...))
	c.failed = true
}

// bind declares (or re-uses, for an equality constraint) capture name
// with kind k in the match.
func (c *compiler) bind(name string, k slotKind, p pos) int {
	if s, ok := c.slots[name]; ok {
		if c.kinds[s] != k {
			c.errorf(p, "$%s is bound as %s at %d:%d and as %s here", name, kindName(c.kinds[s]), c.firstPos[s].line, c.firstPos[s].col, kindName(k))
		}
		return s
	}
	s := len(c.kinds)
	c.slots[name] = s
	c.kinds = append(c.kinds, k)
	c.names = append(c.names, name)
	c.firstPos = append(c.firstPos, p)
	return s
}

func kindName(k slotKind) string {
	if k == slotAttr {
		return "an attribute"
	}
	return "a value"
}

// use resolves a capture outside the match (conditions, result).
func (c *compiler) use(name string, want slotKind, p pos) int {
	s, ok := c.slots[name]
	if !ok {
		c.errorf(p, "$%s is not bound by the match", name)
		return -1
	}
	if c.kinds[s] != want {
		c.errorf(p, "$%s is %s, not %s", name, kindName(c.kinds[s]), kindName(want))
		return -1
	}
	return s
}

// sig checks an op name against the table and its operand count.
func (c *compiler) sig(op *astOp, operands int) (OpSig, bool) {
	if c.lookup == nil {
		return OpSig{MaxOperands: -1}, false
	}
	s, ok := c.lookup(op.name)
	if !ok {
		c.errorf(op.pos, "unknown op '%s'", op.name)
		return s, false
	}
	if operands < s.MinOperands || s.MaxOperands >= 0 && operands > s.MaxOperands {
		c.errorf(op.pos, "'%s' takes %s, but %d given", op.name, describeOperands(s), operands)
	}
	for _, a := range op.attrs {
		if !s.hasAttr(a.name) {
			c.errorf(a.pos, "'%s' has no attribute '%s'", op.name, a.name)
		}
	}
	return s, true
}

func describeOperands(s OpSig) string {
	n := func(k int) string {
		if k == 1 {
			return "1 operand"
		}
		return strconv.Itoa(k) + " operands"
	}
	switch {
	case s.MaxOperands < 0:
		return "at least " + n(s.MinOperands)
	case s.MaxOperands == s.MinOperands:
		return n(s.MinOperands)
	}
	return fmt.Sprintf("%d to %s", s.MinOperands, n(s.MaxOperands))
}

func (c *compiler) compile(a *astRule) *Rule {
	c.rootValue = -1
	r := &Rule{file: c.file, line: a.pos.line, text: a.text, root: a.match.name}
	r.name = fmt.Sprintf("%s:%d", c.file, a.pos.line)
	c.rule = r.name
	r.match = c.matchOp(a.match, "", true)
	r.nslots = len(c.kinds)
	r.kinds = c.kinds
	r.names = c.names
	r.whyTwice = make([]string, len(c.names))
	for i, n := range c.names {
		if c.kinds[i] == slotAttr {
			r.whyTwice[i] = c.why("$%s is bound to two different attributes", n)
		} else {
			r.whyTwice[i] = c.why("$%s is bound to two different values", n)
		}
	}
	r.comm = c.comm
	if c.comm > 16 {
		c.errorf(a.match.pos, "too many commutative ops in one match (%d, at most 16)", c.comm)
	}
	for _, cd := range a.conds {
		r.conds = append(r.conds, c.cond(cd))
	}
	switch {
	case a.result.op != nil:
		r.result = c.resultOp(a.result.op)
	default:
		r.resultSlot = c.use(a.result.cap, slotValue, a.result.pos)
		if r.resultSlot >= 0 && r.resultSlot == c.rootValue {
			c.errorf(a.result.pos, "the result $%s is the matched op itself", a.result.cap)
		}
	}
	r.benefit = c.ops
	if a.hasBen {
		r.benefit = a.benefit
	}
	if c.failed {
		return nil
	}
	return r
}

// matchOp compiles the op pattern at path: "" for the root, else the
// operand it defines ("operand #1", "operand #0 of operand #1").
func (c *compiler) matchOp(op *astOp, path string, root bool) *mnode {
	c.ops++
	n := &mnode{name: op.name, bind: -1, comm: -1}
	what := "the op"
	if root {
		n.whyOp = c.why("not a '%s'", op.name)
	} else {
		what = fmt.Sprintf("the '%s' defining %s", op.name, path)
		n.whyOp = c.why("%s is not defined by '%s'", path, op.name)
	}
	n.whyCount = c.why("%s does not have %s", what, operandCount(len(op.args)))
	n.whyComm = c.why("%s does not commute", what)
	n.whyNoResult = c.why("%s has no result to bind to $%s", what, op.bind)
	if op.bind != "" {
		n.bind = c.bind(op.bind, slotValue, op.bindPos)
		if root {
			c.rootValue = n.bind
		}
	}
	s, known := c.sig(op, len(op.args))
	if len(op.args) == 2 && (!known || s.Traits&ir.Commutative != 0) {
		n.comm = c.comm
		c.comm++
	}
	// Bind in source order (operands, then attributes), so that errors
	// name the first binding.
	for _, a := range op.args {
		switch {
		case a.wild:
			n.args = append(n.args, marg{slot: -1})
		case a.op != nil:
			sub := fmt.Sprintf("operand #%d", len(n.args))
			if !root {
				sub += " of " + path
			}
			n.args = append(n.args, marg{slot: -1, op: c.matchOp(a.op, sub, false)})
		default:
			n.args = append(n.args, marg{slot: c.bind(a.cap, slotValue, a.pos)})
		}
	}
	for _, a := range op.attrs {
		n.attrs = append(n.attrs, mattr{name: a.name, slot: c.bind(a.cap, slotAttr, a.pos),
			why: c.why("%s has no attribute '%s'", what, a.name)})
	}
	if op.splat != nil {
		n.whySplat = c.why("%s is not a splat %s", what, op.splat.text)
		if known && s.Traits&ir.ConstantLike == 0 {
			c.errorf(op.splatPos, "'splat' needs a constant-like op, and '%s' is not", op.name)
		}
		n.splat = c.splat(op.splat)
	}
	return n
}

func (c *compiler) splat(l *astLit) *splatLit {
	sl := &splatLit{text: l.text}
	if l.kind == tIdent {
		sl.isBool, sl.b = true, l.text == "true"
		return sl
	}
	f, err := parseNumber(l.text)
	if err != nil {
		c.errorf(l.pos, "malformed number '%s'", l.text)
		return sl
	}
	sl.f = f
	if math.Trunc(f) == f && f >= math.MinInt64 && f < math.MaxInt64 {
		sl.integral, sl.i = true, int64(f)
		if n, err := strconv.ParseInt(l.text, 10, 64); err == nil {
			sl.i = n // exact beyond 2^53
		}
	}
	return sl
}

func (c *compiler) cond(cd astCond) ccond {
	out := ccond{not: cd.not, why: c.why("condition %s failed", condText(cd))}
	p := c.preds[cd.name]
	if p == nil {
		c.errorf(cd.pos, "unknown predicate '%s'", cd.name)
		return out
	}
	out.pred = p
	if len(cd.args) != len(p.params) {
		c.errorf(cd.pos, "predicate '%s' takes %d argument%s, but %d given", cd.name, len(p.params), plural(len(p.params)), len(cd.args))
		return out
	}
	for i, a := range cd.args {
		k := p.params[i]
		arg := carg{slot: -1}
		switch {
		case a.lit != nil:
			if k == pValue || k == pType || k == pAttr {
				c.errorf(a.pos, "argument %d of '%s' must be %s", i+1, cd.name, k.describe())
				break
			}
			v, err := literalValue(k, p.types[i], a.lit)
			if err != nil {
				c.errorf(a.pos, "argument %d of '%s': %v, got %s", i+1, cd.name, err, litDescribe(a.lit))
			}
			arg.lit = v
		case k == pValue || k == pType:
			arg.slot = c.use(a.cap, slotValue, a.pos)
		case k == pAttr:
			arg.slot = c.use(a.cap, slotAttr, a.pos)
		default:
			c.errorf(a.pos, "argument %d of '%s' must be %s, got $%s", i+1, cd.name, k.describe(), a.cap)
		}
		out.args = append(out.args, arg)
	}
	return out
}

// condText is the condition as written: !name($a, 3).
func condText(cd astCond) string {
	args := make([]string, len(cd.args))
	for i, a := range cd.args {
		switch {
		case a.lit == nil:
			args[i] = "$" + a.cap
		case a.lit.kind == tString:
			args[i] = strconv.Quote(a.lit.text)
		default:
			args[i] = a.lit.text
		}
	}
	not := ""
	if cd.not {
		not = "!"
	}
	return not + cd.name + "(" + strings.Join(args, ", ") + ")"
}

func operandCount(n int) string {
	if n == 1 {
		return "1 operand"
	}
	return strconv.Itoa(n) + " operands"
}

func litDescribe(l *astLit) string {
	if l.kind == tString {
		return strconv.Quote(l.text)
	}
	return "'" + l.text + "'"
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func (c *compiler) resultOp(op *astOp) *rnode {
	n := &rnode{name: op.name, whyUnregistered: c.why("the result op '%s' is not registered", op.name),
		whyNoResult: c.why("the result op '%s' takes its result types from the op, which has none", op.name)}
	c.sig(op, len(op.args))
	for _, a := range op.args {
		if a.op != nil {
			n.args = append(n.args, rarg{slot: -1, op: c.resultOp(a.op)})
			continue
		}
		n.args = append(n.args, rarg{slot: c.use(a.cap, slotValue, a.pos)})
	}
	for _, a := range op.attrs {
		n.attrs = append(n.attrs, mattr{name: a.name, slot: c.use(a.cap, slotAttr, a.pos)})
	}
	for _, t := range op.types {
		n.types = append(n.types, c.use(t.cap, slotValue, t.pos))
	}
	return n
}

// ---- compiled form ----

// mnode is an op pattern of the match.
type mnode struct {
	name  string
	bind  int // value slot of $x:(...), or -1
	args  []marg
	attrs []mattr
	splat *splatLit
	comm  int // bit of the commutative choice, or -1
	// Reasons for the failures of this node, prefixed with the rule.
	whyOp, whyCount, whySplat, whyComm, whyNoResult string
}

type marg struct {
	slot int // value capture, or -1 for "_" and ops
	op   *mnode
}

type mattr struct {
	name string
	slot int
	why  string // the attribute is missing (in a match)
}

type splatLit struct {
	text     string
	f        float64
	i        int64
	integral bool
	isBool   bool
	b        bool
}

type ccond struct {
	not  bool
	pred *predicate
	args []carg
	why  string // the condition failed
}

type carg struct {
	slot int           // capture, or -1 for a literal
	lit  reflect.Value // literal converted to the parameter type
}

// rnode is an op the result creates.
type rnode struct {
	name  string
	args  []rarg
	attrs []mattr
	types []int // value slots of ": type($x), ...", or nil
	// Reasons the result cannot be built.
	whyUnregistered, whyNoResult string
}

type rarg struct {
	slot int
	op   *rnode
}
