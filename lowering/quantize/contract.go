package quantize

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/mlc-go/mlc/dialects/qbehavior"
	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	"github.com/mlc-go/mlc/rewrite/pass"
)

// NewContractChecker returns the quantization-contract instrumentation
// (mlc-opt --verify-quant-contracts; on in the pipelines the driver
// builds). The encodings in the IR count as fixed from the start of the
// run and again after every pass that declares pass.QuantEncodings (such
// as precision assignment). After every other pass it checks that:
//
//   - each op that read a quantized value, directly or through a
//     quant.dcast of one (the QDQ form; also behind same-scale ops such as
//     a reshape of the dcast), still reads one with the same encoding:
//     storage type and range, scale(s), zero point(s) and axis;
//   - no quantized value changed its type in place.
//
// Ops are matched across a pass by identity (passes mostly mutate in
// place); an op that is gone is matched by its name and location, which
// replacements keep, and one with no such successor was removed (dead
// code, a fold) and is not checked. An op that reads the same encodings
// in another operand order (a commuted add) keeps its contract. Ops with
// an unknown location cannot be followed through a replacement. A
// violation fails the pass with one diagnostic per broken read, naming
// the pass, the op, the operand and both encodings (a *ContractError).
func NewContractChecker() pass.Instrumentation {
	return &contracts{}
}

// ContractError is the failure of a pass that broke quantization
// contracts: one diagnostic per broken read or retyped value, in IR order.
type ContractError struct {
	Pass       string
	Violations []*ir.Diagnostic
}

func (e *ContractError) Error() string {
	msg := e.Violations[0].Message
	if n := len(e.Violations); n > 1 {
		msg += fmt.Sprintf(" (and %d more)", n-1)
	}
	return msg
}

// Diagnostics lets drivers print every violation (as mlc-opt does for a
// failed conversion).
func (e *ContractError) Diagnostics() []*ir.Diagnostic { return e.Violations }

// read is the encoding one operand reads; enc is nil when it reads none.
type read struct {
	enc quant.QuantizedType
	via []string // the ops it is read through, nearest first
}

// readFact: what an op read when the encodings were last recorded.
type readFact struct {
	op     *ir.Operation
	name   string
	loc    ir.Location
	scopes []*ir.Operation // the op and its ancestors
	reads  []read
}

type typeFact struct {
	typ    ir.Type
	scopes []*ir.Operation
}

type contracts struct {
	pass.BaseInstrumentation
	// mu serialises the after-pass calls of passes running in parallel on
	// sibling ops; each walks only the op its pass ran on.
	mu    sync.Mutex
	reads map[*ir.Operation]*readFact
	types map[*ir.Value]*typeFact
}

func (c *contracts) RunBeforePipeline(_ *pass.OpPassManager, root *ir.Operation) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.reads = map[*ir.Operation]*readFact{}
	c.types = map[*ir.Value]*typeFact{}
	c.record(root)
}

func (c *contracts) RunAfterPass(pr *pass.PassRun) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	p := pr.Pass.Pass
	if !p.Changes.Has(pass.QuantEncodings) {
		if diags := c.check(pr.Op, p.Name); len(diags) > 0 {
			return &pass.Failure{Pass: p.Name, Op: pr.Op, Err: &ContractError{Pass: p.Name, Violations: diags}}
		}
	}
	// What the pass left is what the next one must keep.
	c.record(pr.Op)
	return nil
}

func inScope(scopes []*ir.Operation, op *ir.Operation) bool { return slices.Contains(scopes, op) }

func ancestors(op *ir.Operation) []*ir.Operation {
	var out []*ir.Operation
	for p := op; p != nil; p = p.ParentOp() {
		out = append(out, p)
	}
	return out
}

// record replaces the facts about the ops under top with its current IR.
func (c *contracts) record(top *ir.Operation) {
	for op, f := range c.reads {
		if inScope(f.scopes, top) {
			delete(c.reads, op)
		}
	}
	for v, f := range c.types {
		if inScope(f.scopes, top) {
			delete(c.types, v)
		}
	}
	ir.Walk(top, func(op *ir.Operation) {
		var scopes []*ir.Operation
		scope := func() []*ir.Operation {
			if scopes == nil {
				scopes = ancestors(op)
			}
			return scopes
		}
		if rs := readsOf(op); rs != nil {
			c.reads[op] = &readFact{op: op, name: op.Name(), loc: op.Loc, scopes: scope(), reads: rs}
		}
		for _, v := range op.Results() {
			if EncodingOf(v.Type()) != nil {
				c.types[v] = &typeFact{typ: v.Type(), scopes: scope()}
			}
		}
		for _, r := range op.Regions() {
			for _, b := range r.Blocks() {
				for _, a := range b.Args() {
					if EncodingOf(a.Type()) != nil {
						c.types[a] = &typeFact{typ: a.Type(), scopes: scope()}
					}
				}
			}
		}
	})
}

// EncodingOf is the uniform quantized element type of t (per tensor or per
// axis), or nil: the encodings the contracts keep.
func EncodingOf(t ir.Type) quant.QuantizedType {
	switch q := quant.ElementType(t).(type) {
	case *quant.UniformType:
		return q
	case *quant.UniformPerAxisType:
		return q
	}
	return nil
}

// readOf is the encoding v carries, or that it stands for in the QDQ
// form: the quant.dcast defining it reads one, possibly behind ops that
// keep their operand's scale (core.reshape, core.transpose; qbehavior's
// same-scale ops with one operand), which passes may move across the cast.
func readOf(v *ir.Value) read {
	var via []string
	for range maxLookThrough {
		if e := EncodingOf(v.Type()); e != nil {
			return read{enc: e, via: via}
		}
		d := v.DefiningOp()
		if d == nil || d.NumOperands() != 1 {
			return read{}
		}
		if d.Name() != "quant.dcast" {
			if b, ok := qbehavior.OfOp(d); !ok || !b.Has(qbehavior.SameScale) {
				return read{}
			}
		}
		via = append(via, d.Name())
		v = d.Operand(0)
	}
	return read{}
}

// maxLookThrough bounds the chain of casts and same-scale ops readOf
// follows.
const maxLookThrough = 8

// readsOf lists the encodings op's operands read; nil when none reads one.
func readsOf(op *ir.Operation) []read {
	var out []read
	for i, v := range op.Operands() {
		r := readOf(v)
		if r.enc == nil {
			continue
		}
		if out == nil {
			out = make([]read, op.NumOperands())
		}
		out[i] = r
	}
	return out
}

// SameEncoding reports whether a and b quantize alike: the same storage
// type and range, scale(s), zero point(s) and axis. The expressed type is
// not part of it (a precision change, not an encoding change).
func SameEncoding(a, b quant.QuantizedType) bool {
	switch a := a.(type) {
	case *quant.UniformType:
		b, ok := b.(*quant.UniformType)
		return ok && a.Storage.String() == b.Storage.String() && a.StorageMin == b.StorageMin && a.StorageMax == b.StorageMax &&
			a.Scale == b.Scale && a.ZeroPoint == b.ZeroPoint
	case *quant.UniformPerAxisType:
		b, ok := b.(*quant.UniformPerAxisType)
		return ok && a.Storage.String() == b.Storage.String() && a.StorageMin == b.StorageMin && a.StorageMax == b.StorageMax &&
			a.Axis == b.Axis && slices.Equal(a.Scales, b.Scales) && slices.Equal(a.ZeroPoints, b.ZeroPoints)
	}
	return false
}

type violation struct {
	at      *ir.Operation // for ordering
	operand int
	diag    *ir.Diagnostic
}

// check compares the IR under top with the facts recorded about it.
func (c *contracts) check(top *ir.Operation, passName string) []*ir.Diagnostic {
	order := map[*ir.Operation]int{}
	live := map[*ir.Value]bool{}
	ir.WalkPreOrder(top, func(op *ir.Operation) ir.WalkResult {
		order[op] = len(order)
		for _, v := range op.Results() {
			live[v] = true
		}
		for _, r := range op.Regions() {
			for _, b := range r.Blocks() {
				for _, a := range b.Args() {
					live[a] = true
				}
			}
		}
		return ir.Advance
	})
	var byKey map[string][]*ir.Operation
	successors := func(f *readFact) []*ir.Operation {
		if byKey == nil {
			byKey = map[string][]*ir.Operation{}
			for op := range order {
				if _, unknown := op.Loc.(ir.UnknownLoc); !unknown && op.Loc != nil {
					k := op.Name() + "\x00" + op.Loc.String()
					byKey[k] = append(byKey[k], op)
				}
			}
			for _, ops := range byKey {
				sort.Slice(ops, func(i, j int) bool { return order[ops[i]] < order[ops[j]] })
			}
		}
		if _, unknown := f.loc.(ir.UnknownLoc); unknown || f.loc == nil {
			return nil
		}
		return byKey[f.name+"\x00"+f.loc.String()]
	}
	// Numbering values walks the whole op: only done for a diagnostic.
	var numbered func(*ir.Value) string
	names := func(v *ir.Value) string {
		if numbered == nil {
			numbered = asm.ValueNames(top)
		}
		return numbered(v)
	}
	suffix := fmt.Sprintf("in pass '%s' (which does not declare quant-encodings)", passName)
	var out []violation
	for _, f := range c.reads {
		if !inScope(f.scopes, top) {
			continue
		}
		if _, ok := order[f.op]; ok {
			out = append(out, compareReads(f, f.op, names, suffix)...)
			continue
		}
		// Replaced: some successor must keep every read; if none does,
		// report against the first.
		var first []violation
		kept := false
		for _, s := range successors(f) {
			vs := compareReads(f, s, names, suffix)
			if len(vs) == 0 {
				kept = true
				break
			}
			if first == nil {
				first = vs
			}
		}
		if !kept {
			out = append(out, first...)
		}
	}
	for v, f := range c.types {
		if !inScope(f.scopes, top) || !live[v] || v.Type().String() == f.typ.String() {
			continue
		}
		var what string
		var at *ir.Operation
		loc := v.Loc()
		if d := v.DefiningOp(); d != nil {
			at = d
			what = fmt.Sprintf("'%s' op result %s", d.Name(), names(v))
		} else {
			at = v.OwnerBlock().ParentOp()
			what = fmt.Sprintf("argument %s of '%s' op", names(v), at.Name())
		}
		d := ir.Errorf(loc, "%s changed its type in place %s: before: %s; after: %s", what, suffix, f.typ, v.Type())
		out = append(out, violation{at: at, operand: -1, diag: d})
	}
	sort.SliceStable(out, func(i, j int) bool {
		if oi, oj := order[out[i].at], order[out[j].at]; oi != oj {
			return oi < oj
		}
		return out[i].operand < out[j].operand
	})
	diags := make([]*ir.Diagnostic, len(out))
	for i, v := range out {
		diags[i] = v.diag
	}
	return diags
}

// compareReads checks that op reads every encoding f recorded, each
// through a distinct operand: at the same index if it can, else at any
// (a commuted operand order keeps the contract).
func compareReads(f *readFact, op *ir.Operation, names func(*ir.Value) string, suffix string) []violation {
	now := make([]read, op.NumOperands())
	for i, v := range op.Operands() {
		now[i] = readOf(v)
	}
	used := make([]bool, len(now))
	matched := make([]bool, len(f.reads))
	for i, r := range f.reads {
		if r.enc != nil && i < len(now) && now[i].enc != nil && SameEncoding(now[i].enc, r.enc) {
			used[i], matched[i] = true, true
		}
	}
	var out []violation
	for i, r := range f.reads {
		if r.enc == nil || matched[i] {
			continue
		}
		j := slices.IndexFunc(now, func(n read) bool { return n.enc != nil && SameEncoding(n.enc, r.enc) })
		for j >= 0 && used[j] {
			k := slices.IndexFunc(now[j+1:], func(n read) bool { return n.enc != nil && SameEncoding(n.enc, r.enc) })
			if k < 0 {
				j = -1
				break
			}
			j += 1 + k
		}
		if j >= 0 {
			used[j] = true
			continue
		}
		operand := "operand #" + strconv.Itoa(i)
		after := fmt.Sprintf("none (the op has %d operands)", len(now))
		if i < len(now) {
			operand += " (" + names(op.Operand(i)) + ")"
			after = describe(now[i], op.Operand(i).Type())
		}
		verb := "changed"
		if i >= len(now) || now[i].enc == nil {
			verb = "lost"
		}
		d := ir.Errorf(op.Loc, "'%s' op %s %s its quantization encoding %s: before: %s; after: %s", op.Name(), operand, verb, suffix, describe(r, nil), after)
		out = append(out, violation{at: op, operand: i, diag: d})
	}
	return out
}

func describe(r read, t ir.Type) string {
	if r.enc == nil {
		return "none (" + t.String() + ")"
	}
	var b strings.Builder
	b.WriteString(r.enc.String())
	if len(r.via) > 0 {
		b.WriteString(" through ")
		b.WriteString(strings.Join(r.via, ", "))
	}
	return b.String()
}
