package ir

import "unsafe"

// Mapping remembers which value or block a clone maps to.
type Mapping struct {
	Values map[*Value]*Value
	Blocks map[*Block]*Block
}

func NewMapping() *Mapping {
	return &Mapping{Values: map[*Value]*Value{}, Blocks: map[*Block]*Block{}}
}

// Lookup returns the mapped value or v itself.
func (m *Mapping) Lookup(v *Value) *Value {
	if w, ok := m.Values[v]; ok {
		return w
	}
	return v
}

func (m *Mapping) lookupBlock(b *Block) *Block {
	if w, ok := m.Blocks[b]; ok {
		return w
	}
	return b
}

// Clone deep-copies op with its regions. Operands defined outside op are
// remapped through m (or kept); results and nested values are recorded
// in m. The clone is detached.
func (c *Context) Clone(op *Operation, m *Mapping) *Operation {
	if m == nil {
		m = NewMapping()
	}
	opnds := op.operandList()
	operands := make([]*Value, len(opnds))
	for i := range opnds {
		operands[i] = m.Lookup(opnds[i].value)
	}
	def := op.def
	if def.ctx != c {
		def = &opDef{ctx: c, name: def.name, info: def.info}
	}
	nop := &Operation{def: def, Props: op.Props, Loc: op.Loc}
	if succs, regions := op.successors(), op.regions(); len(succs) > 0 || len(regions) > 0 {
		nop.more = &opMore{}
		if len(succs) > 0 {
			nop.more.successors = make([]*Block, len(succs))
			for i, s := range succs {
				nop.more.successors[i] = m.lookupBlock(s)
			}
		}
	}
	nop.SetOperands(operands)
	nop.attrs = op.attrs // never changed in place (see SetAttr)
	results := op.resultList()
	nresults := make([]*Value, len(results))
	backing := make([]Value, len(results))
	for i, r := range results {
		backing[i] = Value{typ: r.typ, def: unsafe.Pointer(nop), index: i}
		nresults[i] = &backing[i]
		m.Values[r] = nresults[i]
	}
	nop.setResults(nresults)
	for _, r := range op.regions() {
		nr := &Region{parent: nop}
		nop.more.regions = append(nop.more.regions, nr)
		c.CloneRegionInto(r, nr, m)
	}
	return nop
}

// CloneRegionInto appends clones of r's blocks to dst. Blocks are mapped
// first so that forward branches resolve.
func (c *Context) CloneRegionInto(r, dst *Region, m *Mapping) {
	var created []*Block
	for _, b := range r.blocks {
		nb := &Block{}
		for _, a := range b.args {
			na := nb.AddArg(a.typ, a.Loc())
			m.Values[a] = na
		}
		m.Blocks[b] = nb
		created = append(created, nb)
	}
	for i, b := range r.blocks {
		nb := created[i]
		dst.AppendBlock(nb)
		for o := b.first; o != nil; o = o.next {
			nb.Append(c.Clone(o, m))
		}
	}
	// Operands that referred to values defined later in the region (graph
	// regions, back edges) were cloned before their definition: fix them.
	for _, nb := range created {
		for o := nb.first; o != nil; o = o.next {
			Walk(o, func(x *Operation) {
				xops := x.operandList()
				for i := range xops {
					opnd := &xops[i]
					if w, ok := m.Values[opnd.value]; ok && w != opnd.value {
						opnd.Set(w)
					}
				}
				succs := x.successors()
				for i, s := range succs {
					succs[i] = m.lookupBlock(s)
				}
			})
		}
	}
}
