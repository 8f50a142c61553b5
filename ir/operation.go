package ir

import (
	"math"
	"slices"
	"sort"
	"strings"
	"unsafe"
)

// Value is an SSA value: an op result or a block argument. Its uses form
// a doubly linked list so that use queries and replace-all-uses cost
// O(uses). A value is 40 bytes: the defining op or owning block share one
// field, told apart by the sign of index, and only block arguments carry
// a location (results use their op's), in the blockArg around them.
type Value struct {
	typ      Type
	firstUse *OpOperand
	def      unsafe.Pointer // *Operation for a result, *Block for an argument
	index    int            // result number, or ^argument number
}

// blockArg is how block arguments are allocated: the value first, so a
// *Value of an argument converts to its blockArg.
type blockArg struct {
	Value
	loc Location
}

func newBlockArg(t Type, b *Block, i int, loc Location) *Value {
	a := &blockArg{Value: Value{typ: t, def: unsafe.Pointer(b), index: ^i}, loc: loc}
	return &a.Value
}

func (v *Value) Type() Type     { return v.typ }
func (v *Value) SetType(t Type) { v.typ = t }
func (v *Value) number() int {
	if v.index < 0 {
		return ^v.index
	}
	return v.index
}
func (v *Value) ResultNumber() int { return v.number() }
func (v *Value) ArgNumber() int    { return v.number() }

// owner is the defining op of a result, nil for an argument.
func (v *Value) owner() *Operation {
	if v.index < 0 {
		return nil
	}
	return (*Operation)(v.def)
}

// block is the owning block of an argument, nil for a result.
func (v *Value) block() *Block {
	if v.index >= 0 {
		return nil
	}
	return (*Block)(v.def)
}

// DefiningOp is the op producing v, or nil for a block argument.
func (v *Value) DefiningOp() *Operation { return v.owner() }

// IsBlockArgument reports whether v is a block argument.
func (v *Value) IsBlockArgument() bool { return v.index < 0 }

// OwnerBlock is the block that owns an argument, or the block of the
// defining op for a result.
func (v *Value) OwnerBlock() *Block {
	if v.index < 0 {
		return (*Block)(v.def)
	}
	if op := v.owner(); op != nil {
		return op.block
	}
	return nil
}

// ParentRegion is the region in which v is defined.
func (v *Value) ParentRegion() *Region {
	if b := v.OwnerBlock(); b != nil {
		return b.parent
	}
	return nil
}

// Loc is the argument's location, or the defining op's.
func (v *Value) Loc() Location {
	if v.index >= 0 {
		if op := v.owner(); op != nil {
			return op.Loc
		}
		return UnknownLoc{}
	}
	if l := (*blockArg)(unsafe.Pointer(v)).loc; l != nil {
		return l
	}
	return UnknownLoc{}
}

// SetLoc sets a block argument's location; a result's is its op's.
func (v *Value) SetLoc(l Location) {
	if v.index < 0 {
		(*blockArg)(unsafe.Pointer(v)).loc = l
	}
}

// Uses returns the operands that use v, most recent first.
func (v *Value) Uses() []*OpOperand {
	var out []*OpOperand
	for u := v.firstUse; u != nil; u = u.next {
		out = append(out, u)
	}
	return out
}

// OnlyUse is v's use when it has exactly one, else nil (Uses without
// the slice).
func (v *Value) OnlyUse() *OpOperand {
	if v.firstUse == nil || v.firstUse.next != nil {
		return nil
	}
	return v.firstUse
}

func (v *Value) HasUses() bool   { return v.firstUse != nil }
func (v *Value) HasOneUse() bool { return v.firstUse != nil && v.firstUse.next == nil }

// NumUses counts the uses (O(uses)).
func (v *Value) NumUses() int {
	n := 0
	for u := v.firstUse; u != nil; u = u.next {
		n++
	}
	return n
}

// Users returns the distinct ops using v.
func (v *Value) Users() []*Operation {
	var out []*Operation
	seen := map[*Operation]bool{}
	for u := v.firstUse; u != nil; u = u.next {
		if !seen[u.owner] {
			seen[u.owner] = true
			out = append(out, u.owner)
		}
	}
	return out
}

// ReplaceAllUsesWith makes every use of v use w instead.
func (v *Value) ReplaceAllUsesWith(w *Value) {
	if v == w {
		return
	}
	for v.firstUse != nil {
		v.firstUse.Set(w)
	}
}

// ReplaceUsesIf replaces the uses for which keep returns true.
func (v *Value) ReplaceUsesIf(w *Value, pred func(*OpOperand) bool) {
	for u := v.firstUse; u != nil; {
		next := u.next
		if pred(u) {
			u.Set(w)
		}
		u = next
	}
}

// OpOperand is one use of a value by an op. An op's operands are one
// array, so the operand number is the position in it.
type OpOperand struct {
	value *Value
	owner *Operation
	next  *OpOperand
	prev  **OpOperand // the pointer that points at this use
}

func (o *OpOperand) Get() *Value       { return o.value }
func (o *OpOperand) Owner() *Operation { return o.owner }

// OperandNumber is o's position among its owner's operands, or -1 for a
// use the owner has dropped (SetOperands).
func (o *OpOperand) OperandNumber() int {
	ops := o.owner.operandList()
	if len(ops) == 0 {
		return -1
	}
	i := int((uintptr(unsafe.Pointer(o)) - uintptr(unsafe.Pointer(&ops[0]))) / unsafe.Sizeof(OpOperand{}))
	if i < 0 || i >= len(ops) || &ops[i] != o {
		return -1
	}
	return i
}

func (o *OpOperand) unlink()         { o.removeFromList() }
func (o *OpOperand) linkTo(v *Value) { o.value = v; o.insertInto(v) }
func (o *OpOperand) insertInto(v *Value) {
	o.next = v.firstUse
	o.prev = &v.firstUse
	fixBack(o)
	v.firstUse = o
}
func fixBack(o *OpOperand) {
	if o.next != nil {
		o.next.prev = &o.next
	}
}
func (o *OpOperand) removeFromList() {
	if o.prev != nil {
		*o.prev = o.next
		if o.next != nil {
			o.next.prev = o.prev
		}
	}
	o.next, o.prev = nil, nil
}

// Set changes the used value, keeping use lists right.
func (o *OpOperand) Set(v *Value) {
	if o.value == v {
		return
	}
	o.removeFromList()
	o.value = v
	if v != nil {
		o.insertInto(v)
	}
}

// Operation is one op: name, operands, results, attributes, properties,
// regions and successors, and location. Ops live in a block's intrusive
// list, so insertion and erasure are O(1). It is kept small (96 bytes):
// name, definition and context are one shared record; regions and
// successors, which most ops lack, sit behind one pointer; operands and
// results are a pointer to their first element and a 16-bit count (a
// larger count is kept in the opMore); the attribute list is one pointer
// to a shared, immutable list.
type Operation struct {
	def      *opDef
	operands *OpOperand // the first of nOperands, one array
	results  **Value    // the first of nResults
	attrs    *AttrList  // nil: none
	// Props are MLIR's inherent properties, printed <{...}>; nil if none.
	Props *DictionaryAttr
	more  *opMore // nil: no regions, no successors, small counts
	Loc   Location

	block      *Block
	prev, next *Operation
	order      int32 // position cache for dominance checks, valid when block.orderValid

	nOperands, nResults uint16 // bigCount: the count is in more
}

// bigCount in a count field says the count is in the op's opMore.
const bigCount = 1<<16 - 1

// AttrList is an attribute list as ops hold it: sorted by name, without
// repeated names, and never changed once made (SetAttr makes a new one),
// so ops with equal dictionaries may share one (see
// OperationState.SharedAttrs).
type AttrList struct{ attrs []NamedAttr }

// NewAttrList sorts a copy of attrs into a list ops may share; nil when
// attrs is empty. With repeated names the last one wins in lookups, as
// for an op's own list.
func NewAttrList(attrs []NamedAttr) *AttrList {
	if len(attrs) == 0 {
		return nil
	}
	return &AttrList{sortedAttrs(attrs)}
}

// Attrs is the list's attributes; do not modify them.
func (l *AttrList) Attrs() []NamedAttr {
	if l == nil {
		return nil
	}
	return l.attrs
}

// opDef is what ops of one name in one context share.
type opDef struct {
	ctx  *Context
	name string
	info *OpInfo // nil for unregistered ops
}

// opMore holds an op's regions and successors, and its operand and
// result counts when they do not fit the op's 16-bit fields.
type opMore struct {
	regions                 []*Region
	successors              []*Block
	numOperands, numResults int
}

// operandList is the op's operands, one array.
func (op *Operation) operandList() []OpOperand {
	n := int(op.nOperands)
	if n == bigCount {
		n = op.more.numOperands
	}
	return unsafe.Slice(op.operands, n)
}

// resultList is the op's results.
func (op *Operation) resultList() []*Value {
	n := int(op.nResults)
	if n == bigCount {
		n = op.more.numResults
	}
	return unsafe.Slice(op.results, n)
}

// setResults makes rs (not to be changed afterwards) the op's results.
func (op *Operation) setResults(rs []*Value) {
	op.results = unsafe.SliceData(rs)
	if len(rs) < bigCount {
		op.nResults = uint16(len(rs))
	} else {
		op.nResults = bigCount
		op.moreFields().numResults = len(rs)
	}
}

// attrList is the op's attributes, sorted by name.
func (op *Operation) attrList() []NamedAttr { return op.attrs.Attrs() }

func (op *Operation) regions() []*Region {
	if op.more == nil {
		return nil
	}
	return op.more.regions
}

func (op *Operation) successors() []*Block {
	if op.more == nil {
		return nil
	}
	return op.more.successors
}

func (op *Operation) moreFields() *opMore {
	if op.more == nil {
		op.more = &opMore{}
	}
	return op.more
}

// OperationState gathers what is needed to create an op.
type OperationState struct {
	Name        string
	Operands    []*Value
	ResultTypes []Type
	Attrs       []NamedAttr
	// SharedAttrs, when set, is the op's attribute list instead of Attrs,
	// kept as it is (a parser gives ops with equal dictionaries one list).
	SharedAttrs *AttrList
	Props       *DictionaryAttr
	NumRegions  int
	Regions     []*Region // taken over by the new op, in addition to NumRegions empty ones
	Successors  []*Block
	Loc         Location
}

// NewOperation creates a detached op. ctx resolves the op definition.
func (c *Context) NewOperation(st OperationState) *Operation {
	var op *Operation
	var results []*Value
	var backing []Value
	if n, m := len(st.ResultTypes), len(st.Operands); n <= 1 && m <= 2 {
		// Most ops are this small: one allocation instead of four.
		s := &smallOp{}
		op = &s.op
		results, backing = s.results[:n:n], s.values[:n:n]
		op.setOperandsIn(st.Operands, s.uses[:m:m])
	} else {
		op = &Operation{}
		results, backing = make([]*Value, n), make([]Value, n)
		op.setOperandsIn(st.Operands, make([]OpOperand, m))
	}
	op.def, op.Props, op.Loc = c.opDef(st.Name), st.Props, st.Loc
	if op.Loc == nil {
		op.Loc = UnknownLoc{}
	}
	for i, t := range st.ResultTypes {
		backing[i] = Value{typ: t, def: unsafe.Pointer(op), index: i}
		results[i] = &backing[i]
	}
	op.setResults(results)
	if st.SharedAttrs != nil {
		op.attrs = st.SharedAttrs
	} else {
		op.attrs = NewAttrList(st.Attrs)
	}
	if len(st.Regions) > 0 || st.NumRegions > 0 || len(st.Successors) > 0 {
		more := op.moreFields()
		more.regions = make([]*Region, 0, len(st.Regions)+st.NumRegions)
		for _, r := range st.Regions {
			r.parent = op
			more.regions = append(more.regions, r)
		}
		for i := 0; i < st.NumRegions; i++ {
			more.regions = append(more.regions, &Region{parent: op})
		}
		if len(st.Successors) > 0 {
			more.successors = append([]*Block(nil), st.Successors...)
		}
	}
	return op
}

func (op *Operation) Name() string { return op.def.name }

// Ctx is the context the op was created in.
func (op *Operation) Ctx() *Context { return op.def.ctx }

// Info is the registered definition, or nil for an unregistered op.
func (op *Operation) Info() *OpInfo      { return op.def.info }
func (op *Operation) IsRegistered() bool { return op.def.info != nil }
func (op *Operation) HasTrait(t Trait) bool {
	return op.def.info != nil && op.def.info.Traits&t != 0
}
func (op *Operation) Dialect() string { return DialectOf(op.def.name) }

// ---- operands ----

func (op *Operation) NumOperands() int           { return len(op.operandList()) }
func (op *Operation) Operand(i int) *Value       { return op.operandList()[i].value }
func (op *Operation) OpOperand(i int) *OpOperand { return &op.operandList()[i] }
func (op *Operation) SetOperand(i int, v *Value) { op.operandList()[i].Set(v) }

// Operands returns a fresh slice of the operand values.
func (op *Operation) Operands() []*Value {
	ops := op.operandList()
	out := make([]*Value, len(ops))
	for i := range ops {
		out[i] = ops[i].value
	}
	return out
}

// SetOperands replaces the whole operand list.
func (op *Operation) SetOperands(vals []*Value) {
	ops := op.operandList()
	for i := range ops {
		ops[i].removeFromList()
	}
	op.setOperandsIn(vals, make([]OpOperand, len(vals)))
}

// smallOp holds an op with at most one result and two operands and their
// storage in one allocation (208 bytes).
type smallOp struct {
	op      Operation
	results [1]*Value
	values  [1]Value
	uses    [2]OpOperand
}

// setOperandsIn links vals as the operands, in the given storage
// (len(vals) long).
func (op *Operation) setOperandsIn(vals []*Value, uses []OpOperand) {
	op.operands = unsafe.SliceData(uses)
	if len(uses) < bigCount {
		op.nOperands = uint16(len(uses))
	} else {
		op.nOperands = bigCount
		op.moreFields().numOperands = len(uses)
	}
	for i, v := range vals {
		o := &uses[i]
		o.owner = op
		if v != nil {
			o.linkTo(v)
		}
	}
}

// ---- results ----

func (op *Operation) NumResults() int     { return len(op.resultList()) }
func (op *Operation) Result(i int) *Value { return op.resultList()[i] }

// Results is the op's results; do not modify the slice.
func (op *Operation) Results() []*Value { return op.resultList() }

// ResultTypes lists the result types.
func (op *Operation) ResultTypes() []Type {
	rs := op.resultList()
	out := make([]Type, len(rs))
	for i, r := range rs {
		out[i] = r.typ
	}
	return out
}

// OperandTypes lists the operand types.
func (op *Operation) OperandTypes() []Type {
	ops := op.operandList()
	out := make([]Type, len(ops))
	for i := range ops {
		out[i] = ops[i].value.typ
	}
	return out
}

// ReplaceAllUsesWith replaces each result's uses by the matching value.
func (op *Operation) ReplaceAllUsesWith(vals []*Value) {
	for i, r := range op.resultList() {
		r.ReplaceAllUsesWith(vals[i])
	}
}

// UseEmpty reports whether no result has uses.
func (op *Operation) UseEmpty() bool {
	for _, r := range op.resultList() {
		if r.firstUse != nil {
			return false
		}
	}
	return true
}

// ---- attributes ----

// Attrs returns the attribute list, sorted by name. Do not modify it.
func (op *Operation) Attrs() []NamedAttr { return op.attrList() }

func (op *Operation) attrIndex(name string) (int, bool) {
	attrs := op.attrList()
	i := sort.Search(len(attrs), func(i int) bool { return attrs[i].Name >= name })
	return i, i < len(attrs) && attrs[i].Name == name
}

// Attr returns the named discardable attribute, or nil.
func (op *Operation) Attr(name string) Attribute {
	if i, ok := op.attrIndex(name); ok {
		return op.attrList()[i].Value
	}
	return nil
}

// InherentAttr looks in properties first, then in the attribute dict.
func (op *Operation) InherentAttr(name string) Attribute {
	if op.Props != nil {
		if a := op.Props.Get(name); a != nil {
			return a
		}
	}
	return op.Attr(name)
}

// SetAttr adds or replaces an attribute, keeping the list sorted. The
// list is copied, not changed in place: it may be shared with other ops.
func (op *Operation) SetAttr(name string, value Attribute) {
	i, ok := op.attrIndex(name)
	old := op.attrList()
	if ok {
		attrs := slices.Clone(old)
		attrs[i].Value = value
		op.attrs = &AttrList{attrs}
		return
	}
	attrs := make([]NamedAttr, len(old)+1)
	copy(attrs, old[:i])
	attrs[i] = NamedAttr{Name: name, Value: value}
	copy(attrs[i+1:], old[i:])
	op.attrs = &AttrList{attrs}
}

// RemoveAttr deletes an attribute; it reports whether one was there.
func (op *Operation) RemoveAttr(name string) bool {
	i, ok := op.attrIndex(name)
	if ok {
		old := op.attrList()
		if len(old) == 1 {
			op.attrs = nil
			return true
		}
		attrs := make([]NamedAttr, 0, len(old)-1)
		attrs = append(attrs, old[:i]...)
		op.attrs = &AttrList{append(attrs, old[i+1:]...)}
	}
	return ok
}

// SetAttrs replaces all attributes.
func (op *Operation) SetAttrs(attrs []NamedAttr) {
	op.attrs = NewAttrList(attrs)
}

// sortedAttrs is a copy of attrs sorted by name (stable), nil if empty.
func sortedAttrs(attrs []NamedAttr) []NamedAttr {
	if len(attrs) == 0 {
		return nil
	}
	out := append([]NamedAttr(nil), attrs...)
	slices.SortStableFunc(out, func(a, b NamedAttr) int { return strings.Compare(a.Name, b.Name) })
	return slices.Clip(out) // an append by a caller copies
}

// ---- regions and successors ----

func (op *Operation) NumRegions() int      { return len(op.regions()) }
func (op *Operation) Region(i int) *Region { return op.regions()[i] }
func (op *Operation) Regions() []*Region   { return op.regions() }

// AddRegion appends a detached region to op.
func (op *Operation) AddRegion(r *Region) {
	r.parent = op
	more := op.moreFields()
	more.regions = append(more.regions, r)
}

func (op *Operation) NumSuccessors() int           { return len(op.successors()) }
func (op *Operation) Successor(i int) *Block       { return op.successors()[i] }
func (op *Operation) Successors() []*Block         { return op.successors() }
func (op *Operation) SetSuccessor(i int, b *Block) { op.successors()[i] = b }

// ---- position ----

func (op *Operation) Block() *Block    { return op.block }
func (op *Operation) Next() *Operation { return op.next }
func (op *Operation) Prev() *Operation { return op.prev }

// ParentRegion is the region holding op's block, or nil.
func (op *Operation) ParentRegion() *Region {
	if op.block == nil {
		return nil
	}
	return op.block.parent
}

// ParentOp is the op whose region contains op, or nil at the top.
func (op *Operation) ParentOp() *Operation {
	if r := op.ParentRegion(); r != nil {
		return r.parent
	}
	return nil
}

// IsAncestor reports whether op is other or contains it.
func (op *Operation) IsAncestor(other *Operation) bool {
	for o := other; o != nil; o = o.ParentOp() {
		if o == op {
			return true
		}
	}
	return false
}

// IsBeforeInBlock reports whether op comes before other in the same block.
func (op *Operation) IsBeforeInBlock(other *Operation) bool {
	b := op.block
	if !b.orderValid {
		b.renumber()
	}
	return op.order < other.order
}

// Remove unlinks op from its block without destroying it.
func (op *Operation) Remove() {
	if op.block != nil {
		op.block.unlink(op)
	}
}

// Erase unlinks op and drops its operand uses, recursively for nested ops.
// Its results must have no uses left.
func (op *Operation) Erase() {
	op.Remove()
	op.DropAllReferences()
}

// DropAllReferences drops every operand use of op and of ops nested in it,
// so that a group of ops that use each other can be erased.
func (op *Operation) DropAllReferences() {
	ops := op.operandList()
	for i := range ops {
		ops[i].removeFromList()
	}
	for _, r := range op.regions() {
		for _, b := range r.blocks {
			for o := b.first; o != nil; o = o.next {
				o.DropAllReferences()
			}
		}
	}
}

// MoveBefore moves op in front of other (possibly across blocks).
func (op *Operation) MoveBefore(other *Operation) {
	op.Remove()
	other.block.insertBefore(op, other)
}

// MoveAfter moves op right after other.
func (op *Operation) MoveAfter(other *Operation) {
	op.Remove()
	other.block.insertAfter(op, other)
}

// ---- blocks and regions ----

// Block is a list of ops with arguments, inside a region.
type Block struct {
	args        []*Value
	first, last *Operation
	parent      *Region
	orderValid  bool
	n           int
}

// NewBlock creates a detached block with arguments of the given types.
func NewBlock(argTypes []Type, locs []Location) *Block {
	b := &Block{}
	for i, t := range argTypes {
		var l Location = UnknownLoc{}
		if i < len(locs) && locs[i] != nil {
			l = locs[i]
		}
		b.args = append(b.args, newBlockArg(t, b, i, l))
	}
	return b
}

func (b *Block) Args() []*Value    { return b.args }
func (b *Block) NumArgs() int      { return len(b.args) }
func (b *Block) Arg(i int) *Value  { return b.args[i] }
func (b *Block) Parent() *Region   { return b.parent }
func (b *Block) First() *Operation { return b.first }
func (b *Block) Last() *Operation  { return b.last }
func (b *Block) Empty() bool       { return b.first == nil }
func (b *Block) Len() int          { return b.n }

// AddArg appends an argument.
func (b *Block) AddArg(t Type, loc Location) *Value {
	if loc == nil {
		loc = UnknownLoc{}
	}
	v := newBlockArg(t, b, len(b.args), loc)
	b.args = append(b.args, v)
	return v
}

// EraseArg removes argument i, which must have no uses.
func (b *Block) EraseArg(i int) {
	b.args = append(b.args[:i], b.args[i+1:]...)
	for j := i; j < len(b.args); j++ {
		b.args[j].index = ^j
	}
}

// ParentOp is the op owning the block's region.
func (b *Block) ParentOp() *Operation {
	if b.parent == nil {
		return nil
	}
	return b.parent.parent
}

// Ops returns the ops in order (a snapshot, safe against erasure).
func (b *Block) Ops() []*Operation {
	out := make([]*Operation, 0, b.n)
	for o := b.first; o != nil; o = o.next {
		out = append(out, o)
	}
	return out
}

// Terminator is the last op if it is a registered terminator, else nil.
func (b *Block) Terminator() *Operation {
	if b.last != nil && b.last.HasTrait(Terminator) {
		return b.last
	}
	return nil
}

// Append adds op at the end of the block.
func (b *Block) Append(op *Operation) { b.insertBefore(op, nil) }

// InsertBefore puts op before pos (nil: at the end).
func (b *Block) InsertBefore(op, pos *Operation) { b.insertBefore(op, pos) }

func (b *Block) insertBefore(op, pos *Operation) {
	op.block = b
	if pos == nil {
		op.prev, op.next = b.last, nil
		if b.last != nil {
			b.last.next = op
		} else {
			b.first = op
		}
		b.last = op
		if b.orderValid {
			op.order = orderStride
			if op.prev != nil {
				if op.prev.order > math.MaxInt32-orderStride {
					b.orderValid = false
				} else {
					op.order = op.prev.order + orderStride
				}
			}
		}
	} else {
		// Take a number between the neighbours while there is a gap, so a
		// pass inserting ops one by one does not renumber the block (and a
		// dominance check after each insertion stays O(1)).
		var lo int32
		if pos.prev != nil {
			lo = pos.prev.order
		}
		if b.orderValid && pos.order-lo > 1 {
			op.order = lo + (pos.order-lo)/2
		} else {
			b.orderValid = false
		}
		op.next, op.prev = pos, pos.prev
		if pos.prev != nil {
			pos.prev.next = op
		} else {
			b.first = op
		}
		pos.prev = op
	}
	b.n++
}

func (b *Block) insertAfter(op, pos *Operation) { b.insertBefore(op, pos.next) }

func (b *Block) unlink(op *Operation) {
	if op.prev != nil {
		op.prev.next = op.next
	} else {
		b.first = op.next
	}
	if op.next != nil {
		op.next.prev = op.prev
	} else {
		b.last = op.prev
	}
	op.prev, op.next, op.block = nil, nil, nil
	b.n--
}

// orderStride spaces the numbers renumber gives, leaving room for about a
// dozen insertions at one place before the next renumbering. Blocks of
// more than a quarter million ops get a smaller stride, so that the
// numbers fit 32 bits with half the range left for appended ops.
const orderStride = 1 << 12

func (b *Block) renumber() {
	stride := int64(orderStride)
	if n := int64(b.n) + 1; n*stride > math.MaxInt32/2 {
		stride = max(math.MaxInt32/2/n, 1)
	}
	i := stride
	for o := b.first; o != nil; o = o.next {
		o.order = int32(i)
		i += stride
	}
	b.orderValid = true
}

// Successors of the block are those of its terminator-position op.
func (b *Block) Successors() []*Block {
	if b.last == nil {
		return nil
	}
	return b.last.successors()
}

// Region is an ordered list of blocks owned by an op.
type Region struct {
	blocks []*Block
	parent *Operation
}

func (r *Region) Blocks() []*Block     { return r.blocks }
func (r *Region) NumBlocks() int       { return len(r.blocks) }
func (r *Region) Empty() bool          { return len(r.blocks) == 0 }
func (r *Region) ParentOp() *Operation { return r.parent }
func (r *Region) Block(i int) *Block   { return r.blocks[i] }

// Front is the entry block, or nil.
func (r *Region) Front() *Block {
	if len(r.blocks) == 0 {
		return nil
	}
	return r.blocks[0]
}

// AppendBlock adds b at the end.
func (r *Region) AppendBlock(b *Block) {
	b.parent = r
	r.blocks = append(r.blocks, b)
}

// InsertBlock puts b at index i.
func (r *Region) InsertBlock(i int, b *Block) {
	b.parent = r
	r.blocks = append(r.blocks, nil)
	copy(r.blocks[i+1:], r.blocks[i:])
	r.blocks[i] = b
}

// RemoveBlock detaches b from r.
func (r *Region) RemoveBlock(b *Block) {
	for i, x := range r.blocks {
		if x == b {
			r.blocks = append(r.blocks[:i], r.blocks[i+1:]...)
			b.parent = nil
			return
		}
	}
}

// TakeBody moves all blocks of other into r (which must be empty).
func (r *Region) TakeBody(other *Region) {
	for _, b := range other.blocks {
		b.parent = r
	}
	r.blocks = append(r.blocks, other.blocks...)
	other.blocks = nil
}

// NewRegion makes a detached region (to pass in OperationState.Regions).
func NewRegion() *Region { return &Region{} }

// IsProperAncestor reports whether r contains other (strictly nested).
func (r *Region) IsProperAncestor(other *Region) bool {
	for x := other; x != nil; {
		op := x.parent
		if op == nil {
			return false
		}
		x = op.ParentRegion()
		if x == r {
			return true
		}
	}
	return false
}
