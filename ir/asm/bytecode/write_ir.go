package bytecode

import (
	"fmt"

	"github.com/mlc-go/mlc/ir"
)

// Ops, regions and blocks.

func (w *writer) writeOp(out *emitter, op *ir.Operation, scope int) error {
	out.varint(uint64(w.opNames[op.Name()]))
	maskAt := len(out.buf)
	out.byte(0)
	out.varint(w.locIndex(op.Loc))
	var mask byte
	if d := w.opAttrs(op); d != nil {
		mask |= maskAttrs
		out.varint(w.attrIndex(d))
	}
	if p := w.opProps(op); p != nil {
		mask |= maskProperties
		var body emitter
		if fields, native := nativeProps[op.Name()]; native {
			if err := w.nativeProps(&body, op, p, fields); err != nil {
				return err
			}
		} else {
			body.varint(w.attrIndex(p))
		}
		var ent emitter
		ent.varint(uint64(len(body.buf)))
		ent.bytes(body.buf)
		key := string(ent.buf)
		id, ok := w.props[key]
		if !ok {
			id = len(w.propsList)
			w.props[key] = id
			w.propsList = append(w.propsList, ent.buf)
		}
		out.varint(uint64(id))
	}
	if n := op.NumResults(); n > 0 {
		mask |= maskResults
		out.varint(uint64(n))
		for _, r := range op.Results() {
			out.varint(w.typeIndex(r.Type()))
		}
	}
	if n := op.NumOperands(); n > 0 {
		mask |= maskOperands
		out.varint(uint64(n))
		for i := 0; i < n; i++ {
			vn, ok := w.values[op.Operand(i)]
			if !ok || vn.scope != scope {
				return fmt.Errorf("'%s' op uses a value that is not defined in its isolated scope", op.Name())
			}
			out.varint(uint64(vn.id))
		}
	}
	if n := op.NumSuccessors(); n > 0 {
		mask |= maskSuccessors
		out.varint(uint64(n))
		for _, s := range op.Successors() {
			out.varint(uint64(w.blocks[s]))
		}
	}
	if op.NumRegions() > 0 {
		mask |= maskInlineRegion
	}
	out.buf[maskAt] = mask
	if op.NumRegions() == 0 {
		return nil
	}
	iso := isolated(op)
	out.varintFlag(uint64(op.NumRegions()), iso)
	inner := scope
	if iso {
		inner = w.scopeOf(op)
	}
	if iso && w.version >= vLazyLoading {
		var sec emitter
		for _, r := range op.Regions() {
			if err := w.writeRegion(&sec, r, inner); err != nil {
				return err
			}
		}
		out.section(secIR, &sec)
		return nil
	}
	for _, r := range op.Regions() {
		if err := w.writeRegion(out, r, inner); err != nil {
			return err
		}
	}
	return nil
}

// nativeProps writes the properties of an op MLIR registers in its own
// encoding (MLIR decodes a registered op's properties only that way).
func (w *writer) nativeProps(out *emitter, op *ir.Operation, p *ir.DictionaryAttr, fields []propField) error {
	for _, e := range p.Entries {
		known := false
		for _, f := range fields {
			known = known || f.name == e.Name
		}
		if !known {
			return fmt.Errorf("'%s' op has property '%s', which MLIR's encoding of the op cannot hold", op.Name(), e.Name)
		}
	}
	for _, f := range fields {
		a := p.Get(f.name)
		switch {
		case f.optional && a == nil:
			out.varint(0)
		case f.optional:
			out.varintFlag(w.attrIndex(a), true)
		case a == nil:
			return fmt.Errorf("'%s' op lacks its property '%s'", op.Name(), f.name)
		default:
			out.varint(w.attrIndex(a))
		}
	}
	return nil
}

// scopeOf is the scope numberValues gave an isolated op's regions: that of
// the first value defined in them (or none, if they define nothing).
func (w *writer) scopeOf(op *ir.Operation) int {
	for _, r := range op.Regions() {
		for _, b := range r.Blocks() {
			for _, a := range b.Args() {
				return w.values[a].scope
			}
			for o := b.First(); o != nil; o = o.Next() {
				for _, res := range o.Results() {
					return w.values[res].scope
				}
			}
		}
	}
	return -1
}

func (w *writer) writeRegion(out *emitter, r *ir.Region, scope int) error {
	if r.Empty() {
		out.varint(0)
		return nil
	}
	out.varint(uint64(r.NumBlocks()))
	n := 0
	for _, b := range r.Blocks() {
		n += b.NumArgs()
		for o := b.First(); o != nil; o = o.Next() {
			n += o.NumResults()
		}
	}
	out.varint(uint64(n))
	for _, b := range r.Blocks() {
		out.varintFlag(uint64(b.Len()), b.NumArgs() > 0)
		if b.NumArgs() > 0 {
			out.varint(uint64(b.NumArgs()))
			for _, a := range b.Args() {
				loc := childLoc(a.Loc())
				if w.version >= vElideUnknownArgLoc {
					_, unknown := loc.(ir.UnknownLoc)
					out.varintFlag(w.typeIndex(a.Type()), !unknown)
					if !unknown {
						out.varint(w.locIndex(loc))
					}
				} else {
					out.varint(w.typeIndex(a.Type()))
					out.varint(w.locIndex(loc))
				}
			}
			if w.version >= vUseListOrdering {
				out.byte(0) // no use-list orders: ir's use lists carry no order worth keeping
			}
		}
		for o := b.First(); o != nil; o = o.Next() {
			if err := w.writeOp(out, o, scope); err != nil {
				return err
			}
		}
	}
	return nil
}
