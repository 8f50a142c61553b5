package ir

import (
	"errors"
	"fmt"
)

// Verify checks op and everything nested in it: operand validity,
// dominance in SSA-CFG regions, terminators, successors, symbol
// uniqueness and each registered op's own verifier. It returns the first
// failure as a *Diagnostic (MLIR's verifier stops at the first, too).
func Verify(op *Operation) error {
	v := &verifier{doms: map[*Region]*domTree{}}
	if d := v.verifyOp(op); d != nil {
		return d
	}
	return nil
}

type verifier struct {
	doms map[*Region]*domTree
}

func opError(op *Operation, format string, args ...any) *Diagnostic {
	d := Errorf(op.Loc, "'%s' op %s", op.def.name, fmt.Sprintf(format, args...))
	d.Op = op
	return d
}

// MayBeGraphRegion reports whether r may hold uses before definitions:
// regions of unregistered ops and of ops declaring graph regions.
func MayBeGraphRegion(r *Region) bool {
	if r == nil {
		return true
	}
	p := r.parent
	return p == nil || p.def.info == nil || p.def.info.Traits&GraphRegions != 0
}

func (v *verifier) verifyOp(op *Operation) *Diagnostic {
	ops := op.operandList()
	for i := range ops {
		o := &ops[i]
		if o.value == nil {
			return opError(op, "null operand found at #%d", i)
		}
		if d := v.verifyDominance(op, i, o.value); d != nil {
			return d
		}
	}
	// MLIR's Symbol interface, checked before the op's own verifier: a
	// registered parent must hold a symbol table (an unregistered one
	// might).
	if op.HasTrait(Symbol) {
		if p := op.ParentOp(); p != nil && p.def.info != nil && !p.HasTrait(SymbolTableTrait) {
			return opError(op, "symbol's parent must have the SymbolTable trait")
		}
	}
	if op.def.info != nil && op.def.info.Verify != nil {
		if d := v.runHook(op); d != nil {
			return d
		}
	}
	for i, s := range op.successors() {
		if s == nil || op.block == nil || s.parent != op.block.parent {
			return opError(op, "reference to block defined in another region")
		}
		if op.def.info != nil && op.def.info.SuccessorOperands != nil {
			fwd := op.def.info.SuccessorOperands(op, i)
			if len(fwd) != len(s.args) {
				return opError(op, "branch has %d operands for successor #%d, but target block has %d", len(fwd), i, len(s.args))
			}
			for j, val := range fwd {
				if val.typ != s.args[j].typ {
					return opError(op, "type mismatch for bb argument #%d of successor #%d", j, i)
				}
			}
		}
	}
	for _, r := range op.regions() {
		if d := v.verifyRegion(op, r); d != nil {
			return d
		}
	}
	// After the nested ops, as MLIR runs region traits.
	if op.HasTrait(SymbolTableTrait) || (op.def.info == nil && op.def.name == "builtin.module") {
		if d := verifySymbols(op); d != nil {
			return d
		}
	}
	return nil
}

func (v *verifier) runHook(op *Operation) (d *Diagnostic) {
	defer func() {
		if p := recover(); p != nil {
			d = opError(op, "verifier crashed: %v", p)
		}
	}()
	err := op.def.info.Verify(op)
	if err == nil {
		return nil
	}
	var attrErr *AttrConstraintError
	if errors.As(err, &attrErr) {
		d := opError(op, "%s", err.Error())
		d.Op = nil
		return d
	}
	var diag *Diagnostic
	if errors.As(err, &diag) {
		if diag.Loc == nil {
			diag.Loc = op.Loc
		}
		if diag.Op == nil {
			diag.Op = op
		}
		return diag
	}
	return opError(op, "%s", err.Error())
}

func (v *verifier) verifyRegion(op *Operation, r *Region) *Diagnostic {
	noTerminator := op.HasTrait(NoTerminator)
	if noTerminator && len(r.blocks) > 1 {
		return opError(op, "expects region #%d to have 0 or 1 blocks", regionIndex(op, r))
	}
	for bi, b := range r.blocks {
		if b.parent != r {
			return opError(op, "block #%d has a wrong parent region", bi)
		}
		if b.first == nil {
			if op.def.info != nil && !noTerminator {
				return Errorf(op.Loc, "empty block: expect at least a terminator")
			}
			continue
		}
		for o := b.first; o != nil; o = o.next {
			if o.block != b {
				return opError(o, "has a wrong parent block")
			}
			if o.HasTrait(Terminator) && o.next != nil {
				return opError(o, "must be the last operation in the parent block")
			}
		}
		// An unregistered op may hold blocks that end anyhow (MLIR).
		if !noTerminator && op.def.info != nil && b.last.def.info != nil && !b.last.HasTrait(Terminator) {
			d := Errorf(b.last.Loc, "block with no terminator, has '%s'", b.last.def.name)
			d.Op = b.last
			return d
		}
		for o := b.first; o != nil; o = o.next {
			if d := v.verifyOp(o); d != nil {
				return d
			}
		}
	}
	return nil
}

func regionIndex(op *Operation, r *Region) int {
	for i, x := range op.regions() {
		if x == r {
			return i
		}
	}
	return -1
}

// verifyDominance checks that operand idx of user, val, is visible there.
func (v *verifier) verifyDominance(user *Operation, idx int, val *Value) *Diagnostic {
	defBlock := val.OwnerBlock()
	if val.owner() != nil && val.owner().block == nil && val.owner() != user {
		return opError(user, "operand #%d is the result of an op that is no longer in the IR", idx)
	}
	if defBlock == nil {
		return opError(user, "operand #%d does not dominate this use", idx)
	}
	defRegion := defBlock.parent
	// Walk up from the user until we are in the defining region.
	anc := user
	for anc != nil && anc.ParentRegion() != defRegion {
		parent := anc.ParentOp()
		// A value from a sibling region inside the isolated op is a
		// dominance error, not an isolation one (MLIR).
		if parent != nil && parent.HasTrait(IsolatedFromAbove) && !opEncloses(parent, defRegion) {
			d := opError(user, "using value defined outside the region")
			d.AttachNote(parent.Loc, "required by region isolation constraints")
			return d
		}
		anc = parent
	}
	if anc == nil {
		return dominanceError(user, idx, val)
	}
	if MayBeGraphRegion(defRegion) {
		return nil
	}
	ok := true
	if val.block() != nil {
		ok = v.dominates(defRegion, val.block(), anc.block)
	} else if val.owner().block == anc.block {
		ok = val.owner() != anc && val.owner().IsBeforeInBlock(anc)
	} else {
		ok = v.dominates(defRegion, val.owner().block, anc.block)
	}
	if !ok {
		return dominanceError(user, idx, val)
	}
	return nil
}

// opEncloses reports whether r is one of op's regions or nested in one.
func opEncloses(op *Operation, r *Region) bool {
	for o := r.ParentOp(); o != nil; o = o.ParentOp() {
		if o == op {
			return true
		}
	}
	return false
}

// dominanceError is MLIR's diagnostic for a use its definition does not
// dominate, with the note that says where the definition is.
func dominanceError(user *Operation, idx int, val *Value) *Diagnostic {
	d := Errorf(user.Loc, "operand #%d does not dominate this use", idx)
	d.Op = user
	useRegion := user.ParentRegion()
	where := func(def *Region) string {
		switch {
		case def == useRegion:
			return "the same region"
		case def.IsProperAncestor(useRegion):
			return "a parent region"
		case useRegion.IsProperAncestor(def):
			return "a child region"
		}
		return ""
	}
	if def := val.owner(); val.block() == nil && def != nil {
		rel := "op is neither in a parent nor in a child region"
		switch {
		case def.block == user.block:
			rel = "op in the same block"
		case where(def.ParentRegion()) != "":
			rel = "op in " + where(def.ParentRegion())
		}
		d.AttachNote(def.Loc, "operand defined here (%s)", rel)
		return d
	}
	b := val.block()
	var loc Location = UnknownLoc{}
	if p := b.ParentOp(); p != nil {
		loc = p.Loc
	}
	if b.parent == nil {
		d.AttachNote(loc, "operand defined as a block argument (block without parent)")
		return d
	}
	index := 0
	for _, x := range b.parent.Blocks() {
		if x == b {
			break
		}
		index++
	}
	rel := where(b.parent)
	if rel == "" {
		rel = "neither in a parent nor in a child region"
	} else {
		rel = "in " + rel
	}
	d.AttachNote(loc, "operand defined as a block argument (block #%d %s)", index, rel)
	return d
}

func (v *verifier) dominates(r *Region, a, b *Block) bool {
	if a == b || len(r.blocks) == 1 {
		return true
	}
	t := v.doms[r]
	if t == nil {
		t = newDomTree(r)
		v.doms[r] = t
	}
	return t.dominates(a, b)
}

func verifySymbols(op *Operation) *Diagnostic {
	if len(op.regions()) == 0 {
		return nil
	}
	seen := map[string]*Operation{}
	for _, b := range op.regions()[0].blocks {
		for o := b.first; o != nil; o = o.next {
			name := SymbolName(o)
			if name == "" {
				continue
			}
			if prev, dup := seen[name]; dup {
				d := Errorf(o.Loc, "redefinition of symbol named '%s'", name)
				d.Op = o
				d.AttachNote(prev.Loc, "see existing symbol definition here")
				return d
			}
			seen[name] = o
		}
	}
	return nil
}

// domTree holds immediate dominators of a region's blocks, computed with
// the Cooper-Harvey-Kennedy iterative algorithm over reverse post-order.
type domTree struct {
	idom  map[*Block]*Block
	order map[*Block]int // reverse post-order number; absent = unreachable
}

func newDomTree(r *Region) *domTree {
	t := &domTree{idom: map[*Block]*Block{}, order: map[*Block]int{}}
	entry := r.blocks[0]
	var post []*Block
	visited := map[*Block]bool{}
	// Iterative DFS to survive very long block chains.
	type frame struct {
		b    *Block
		next int
	}
	stack := []frame{{entry, 0}}
	visited[entry] = true
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		succ := top.b.Successors()
		if top.next < len(succ) {
			s := succ[top.next]
			top.next++
			if s != nil && s.parent == r && !visited[s] {
				visited[s] = true
				stack = append(stack, frame{s, 0})
			}
			continue
		}
		post = append(post, top.b)
		stack = stack[:len(stack)-1]
	}
	rpo := make([]*Block, len(post))
	for i, b := range post {
		rpo[len(post)-1-i] = b
		t.order[b] = len(post) - 1 - i
	}
	preds := map[*Block][]*Block{}
	for _, b := range rpo {
		for _, s := range b.Successors() {
			preds[s] = append(preds[s], b)
		}
	}
	t.idom[entry] = entry
	for changed := true; changed; {
		changed = false
		for _, b := range rpo[1:] {
			var newIdom *Block
			for _, p := range preds[b] {
				if _, ok := t.idom[p]; !ok {
					continue
				}
				if newIdom == nil {
					newIdom = p
				} else {
					newIdom = t.intersect(p, newIdom)
				}
			}
			if newIdom != nil && t.idom[b] != newIdom {
				t.idom[b] = newIdom
				changed = true
			}
		}
	}
	return t
}

func (t *domTree) intersect(a, b *Block) *Block {
	for a != b {
		for t.order[a] > t.order[b] {
			a = t.idom[a]
		}
		for t.order[b] > t.order[a] {
			b = t.idom[b]
		}
	}
	return a
}

// dominates reports whether a dominates b; unreachable blocks are
// dominated by everything, as in MLIR.
func (t *domTree) dominates(a, b *Block) bool {
	if _, reachable := t.order[b]; !reachable {
		return true
	}
	if _, reachable := t.order[a]; !reachable {
		return false
	}
	for {
		if b == a {
			return true
		}
		next := t.idom[b]
		if next == b {
			return false
		}
		b = next
	}
}
