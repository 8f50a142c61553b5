package conversion

import (
	"github.com/mlc-go/mlc/ir"
)

// Rewriter is the conversion driver's ir.Rewriter: every change a pattern
// makes goes through it. Replacing a value by one of another type (after
// a type conversion) materialises a cast for the uses that are not yet
// converted; the driver looks through such casts when it builds later
// adaptors. Changes apply at once: there is no rollback.
type Rewriter struct {
	d       *driver
	b       *ir.Builder
	current *ir.Operation
	pattern Pattern
	touched bool
	created []*ir.Operation
	// reason is the first reason the current pattern gave through
	// NotifyMatchFailure ("" if none).
	reason string
}

var _ ir.Rewriter = (*Rewriter)(nil)

func (rw *Rewriter) begin(op *ir.Operation, p Pattern) {
	rw.current, rw.pattern, rw.touched, rw.created, rw.reason = op, p, false, nil, ""
	if op.Block() != nil {
		rw.b.SetInsertionPoint(op)
	} else {
		rw.b = ir.NewBuilder(rw.d.ctx)
	}
	rw.b.Loc = op.Loc
}

func (rw *Rewriter) end() (touched bool, created []*ir.Operation) {
	touched, created = rw.touched, rw.created
	rw.current, rw.pattern, rw.touched, rw.created, rw.reason = nil, nil, false, nil, ""
	return
}

// NotifyMatchFailure records why the current pattern declines op: the
// driver reports the first reason a pattern gave when it returns an error
// that is not a MatchFailure of its own (a plain pattern returning false,
// say). It returns false.
func (rw *Rewriter) NotifyMatchFailure(op *ir.Operation, format string, args ...any) bool {
	if rw.reason == "" {
		rw.reason = ir.FormatReason(format, args)
	}
	if l, ok := rw.d.listener().(ir.MatchFailureListener); ok {
		l.MatchFailed(op, ir.MatchFailure{Pattern: rw.patternName(), Reason: ir.FormatReason(format, args)})
	}
	return false
}

func (rw *Rewriter) touch() { rw.touched = true }

func (rw *Rewriter) converter() *TypeConverter {
	if rw.pattern != nil {
		return rw.pattern.TypeConverter()
	}
	return nil
}

// Context is the IR's context.
func (rw *Rewriter) Context() *ir.Context { return rw.d.ctx }

// Builder is the rewriter's builder, for positions Rewriter lacks. Create
// ops through Create so that the driver legalises them.
func (rw *Rewriter) Builder() *ir.Builder { return rw.b }

// SetInsertionPoint places new ops before op.
func (rw *Rewriter) SetInsertionPoint(op *ir.Operation) { rw.b.SetInsertionPoint(op) }

// SetInsertionPointAfter places new ops after op.
func (rw *Rewriter) SetInsertionPointAfter(op *ir.Operation) { rw.b.SetInsertionPointAfter(op) }

// SetInsertionPointToStart places new ops at the start of b.
func (rw *Rewriter) SetInsertionPointToStart(b *ir.Block) { rw.b.SetInsertionPointToStart(b) }

// SetInsertionPointToEnd places new ops at the end of b.
func (rw *Rewriter) SetInsertionPointToEnd(b *ir.Block) { rw.b.SetInsertionPointToEnd(b) }

// Create builds an op at the insertion point (before the op being
// converted unless moved). Ops created by a pattern that are not legal
// are legalised in turn, without that pattern.
func (rw *Rewriter) Create(st ir.OperationState) *ir.Operation {
	rw.touch()
	if st.Loc == nil && rw.current != nil {
		st.Loc = rw.current.Loc
	}
	op := rw.b.Create(st)
	rw.created = append(rw.created, op)
	rw.d.notifyInserted(op)
	return op
}

// ReplaceOp replaces op's results with vals (one value each) and erases
// op. A value of another type than the result it replaces gets a source
// materialisation for the result's remaining uses.
func (rw *Rewriter) ReplaceOp(op *ir.Operation, vals []*ir.Value) {
	multi := make([][]*ir.Value, len(vals))
	for i, v := range vals {
		if v != nil {
			multi[i] = []*ir.Value{v}
		}
	}
	rw.ReplaceOpWithMultiple(op, multi)
}

// ReplaceOpWithMultiple replaces each result of op by zero or more values
// (a one-to-many type conversion) and erases op.
func (rw *Rewriter) ReplaceOpWithMultiple(op *ir.Operation, vals [][]*ir.Value) {
	d := rw.d
	if len(vals) != op.NumResults() {
		d.setFatal(op, "pattern '%s' replaced the %d results of '%s' with %d values", rw.patternName(), op.NumResults(), op.Name(), len(vals))
		return
	}
	rw.touch()
	for i, r := range op.Results() {
		if !r.HasUses() {
			continue
		}
		v := vals[i]
		if len(v) == 1 && v[0].Type() == r.Type() {
			r.ReplaceAllUsesWith(v[0])
			continue
		}
		m := d.materialize(sourceMat, rw.converter(), d.placeBefore(op), []ir.Type{r.Type()}, v, op.Loc)
		d.conv[m[0]] = append([]*ir.Value(nil), v...)
		r.ReplaceAllUsesWith(m[0])
	}
	d.notifyReplaced(op, flatten(vals))
	d.erase(op)
}

// EraseOp erases op. Uses of its results that remain get a source
// materialisation with no inputs, which must be gone (its users converted
// or erased) by the end of the conversion.
func (rw *Rewriter) EraseOp(op *ir.Operation) {
	rw.ReplaceOpWithMultiple(op, make([][]*ir.Value, op.NumResults()))
}

// ReplaceAllUsesWith rewires the uses of from to to, through a source
// materialisation if their types differ.
func (rw *Rewriter) ReplaceAllUsesWith(from, to *ir.Value) {
	rw.touch()
	d := rw.d
	d.notifyUsersModified(from)
	if from.Type() == to.Type() {
		from.ReplaceAllUsesWith(to)
		return
	}
	at, _ := d.placeAfterDef(to, rw.current)
	m := d.materialize(sourceMat, rw.converter(), at, []ir.Type{from.Type()}, []*ir.Value{to}, from.Loc())
	d.conv[m[0]] = []*ir.Value{to}
	from.ReplaceAllUsesWith(m[0])
}

// ModifyInPlace runs fn, which changes op's operands, attributes or
// types. If op is the op being converted, it must be legal afterwards or
// be legalised by another pattern.
func (rw *Rewriter) ModifyInPlace(op *ir.Operation, fn func()) {
	rw.touch()
	fn()
	rw.d.notifyModified(op)
}

// InlineBlockBefore moves src's ops before dest, replacing src's
// arguments with args, and removes src from its region.
func (rw *Rewriter) InlineBlockBefore(src *ir.Block, dest *ir.Operation, args []*ir.Value) {
	rw.touch()
	for i, a := range src.Args() {
		if i < len(args) && args[i] != nil && a.HasUses() {
			rw.replaceValue(a, args[i])
		}
	}
	for _, o := range src.Ops() {
		o.MoveBefore(dest)
	}
	if r := src.Parent(); r != nil {
		r.RemoveBlock(src)
	}
}

// replaceValue is ReplaceAllUsesWith without the touch.
func (rw *Rewriter) replaceValue(from, to *ir.Value) {
	if from.Type() == to.Type() {
		rw.d.notifyUsersModified(from)
		from.ReplaceAllUsesWith(to)
		return
	}
	rw.ReplaceAllUsesWith(from, to)
}

// InlineRegionBefore moves src's blocks into dst before block before
// (nil: at the end), keeping them and their ops.
func (rw *Rewriter) InlineRegionBefore(src, dst *ir.Region, before *ir.Block) {
	rw.touch()
	for _, b := range append([]*ir.Block(nil), src.Blocks()...) {
		src.RemoveBlock(b)
		idx := dst.NumBlocks()
		for i, x := range dst.Blocks() {
			if x == before {
				idx = i
				break
			}
		}
		dst.InsertBlock(idx, b)
	}
	if p := dst.ParentOp(); p != nil {
		rw.d.notifyModified(p)
	}
}

// ConvertRegionTypes converts the argument types of every block in region
// with tc; entry, when not nil, is used for the entry block instead. Every
// block's conversion is computed before anything changes, so a failure
// (a MatchFailure naming the argument) leaves the IR untouched; call it
// before other changes. It returns the new entry block.
func (rw *Rewriter) ConvertRegionTypes(region *ir.Region, tc *TypeConverter, entry *SignatureConversion) (*ir.Block, error) {
	blocks := append([]*ir.Block(nil), region.Blocks()...)
	convs := make([]*SignatureConversion, len(blocks))
	for i, b := range blocks {
		if i == 0 && entry != nil {
			if entry.NumOriginalInputs() != b.NumArgs() {
				return nil, MatchFailuref("signature conversion for %d arguments applied to a block with %d", entry.NumOriginalInputs(), b.NumArgs())
			}
			convs[i] = entry
			continue
		}
		if tc == nil {
			return nil, MatchFailuref("no type converter for the arguments of block #%d", i)
		}
		sc, err := tc.ConvertSignature(typesOf(b.Args()))
		if err != nil {
			return nil, err
		}
		convs[i] = sc
	}
	for i, b := range blocks {
		if !convs[i].isIdentityFor(b) {
			blocks[i] = rw.applySignature(b, convs[i], tc)
		}
	}
	if len(blocks) == 0 {
		return nil, nil
	}
	return blocks[0], nil
}

// ApplySignatureConversion replaces block b by a block whose arguments
// follow sc, moving b's ops into it; uses of the old arguments get source
// materialisations where the types differ. It returns the new block.
func (rw *Rewriter) ApplySignatureConversion(b *ir.Block, sc *SignatureConversion, tc *TypeConverter) *ir.Block {
	if sc.isIdentityFor(b) {
		return b
	}
	return rw.applySignature(b, sc, tc)
}

func (rw *Rewriter) applySignature(b *ir.Block, sc *SignatureConversion, tc *TypeConverter) *ir.Block {
	rw.touch()
	d := rw.d
	locs := make([]ir.Location, len(sc.converted))
	for i := range sc.inputs {
		start, size, _ := sc.InputMapping(i)
		for j := start; j < start+size; j++ {
			locs[j] = b.Arg(i).Loc()
		}
	}
	nb := ir.NewBlock(sc.ConvertedTypes(), locs)
	region := b.Parent()
	if region != nil {
		idx := 0
		for i, x := range region.Blocks() {
			if x == b {
				idx = i
			}
		}
		region.InsertBlock(idx, nb)
	}
	for _, o := range b.Ops() {
		o.Remove()
		nb.Append(o)
	}
	firstOp := nb.First()
	for i, a := range b.Args() {
		if !a.HasUses() {
			continue
		}
		start, size, repl := sc.InputMapping(i)
		if repl != nil {
			rw.replaceValue(a, repl)
			continue
		}
		newArgs := nb.Args()[start : start+size]
		if size == 1 && newArgs[0].Type() == a.Type() {
			d.notifyUsersModified(a)
			a.ReplaceAllUsesWith(newArgs[0])
			continue
		}
		m := d.materialize(sourceMat, tc, place{nb, firstOp}, []ir.Type{a.Type()}, newArgs, a.Loc())
		d.conv[m[0]] = append([]*ir.Value(nil), newArgs...)
		d.notifyUsersModified(a)
		a.ReplaceAllUsesWith(m[0])
	}
	if region != nil {
		// Branches to the old block now go to the new one.
		for _, blk := range region.Blocks() {
			for o := blk.First(); o != nil; o = o.Next() {
				for i, s := range o.Successors() {
					if s == b {
						o.SetSuccessor(i, nb)
					}
				}
			}
		}
		region.RemoveBlock(b)
		if p := region.ParentOp(); p != nil {
			d.notifyModified(p)
		}
	}
	return nb
}

func (rw *Rewriter) patternName() string {
	if rw.pattern != nil {
		return rw.pattern.Name()
	}
	return "?"
}

func flatten(vals [][]*ir.Value) []*ir.Value {
	var out []*ir.Value
	for _, vs := range vals {
		out = append(out, vs...)
	}
	return out
}
