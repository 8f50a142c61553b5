package partition

import (
	"strconv"

	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/ir"
)

// Apply partitions fn: each cluster becomes a private func.func beside fn
// with mlc.target naming its device, and fn's body becomes the calls to
// them, in order, followed by the constants and casts its return still
// reads; fn itself runs on the host (mlc.target = "cpu"). On error fn is
// unchanged.
func Apply(fn *ir.Operation, opts Options) (*Report, error) {
	p, err := decide(fn, opts)
	if err != nil {
		return nil, err
	}
	ctx := fn.Ctx()
	parent := fn.Block()
	if parent == nil {
		return nil, ir.Errorf(fn.Loc, "partition needs a function inside a module")
	}
	symbols := map[string]bool{}
	for _, op := range parent.Ops() {
		if s := ir.SymbolName(op); s != "" {
			symbols[s] = true
		}
	}

	term := p.body.Terminator()
	type call struct {
		callee  string
		ins     []*ir.Value
		outs    []*ir.Value
		results []ir.Type
		loc     ir.Location
	}
	calls := make([]call, len(p.segments))
	insertAfter := fn
	for i, s := range p.segments {
		ins, outs := s.ins, s.outs // decided with the report
		name := p.partitionName(i)
		for n := 1; symbols[name]; n++ {
			name = p.partitionName(i) + "_" + strconv.Itoa(n)
		}
		symbols[name] = true
		p.report.Partitions[i].Name = name

		// Quantized values cross as the floats they stand for and are
		// quantized again on entry (exactly: the same encoding), so no
		// partition's signature holds a quantized type.
		m := ir.NewMapping()
		argTypes := make([]ir.Type, len(ins))
		locs := make([]ir.Location, len(ins))
		for j, v := range ins {
			argTypes[j], locs[j] = boundaryType(ctx, v.Type()), v.Loc()
		}
		entry := ir.NewBlock(argTypes, locs)
		for j, v := range ins {
			m.Values[v] = entry.Arg(j)
			if argTypes[j] != v.Type() {
				m.Values[v] = appendCast(ctx, entry, "quant.qcast", entry.Arg(j), v.Type(), v.Loc())
			}
		}
		for _, op := range s.order {
			entry.Append(ctx.Clone(op, m))
		}
		resTypes := make([]ir.Type, len(outs))
		rets := make([]*ir.Value, len(outs))
		for j, v := range outs {
			resTypes[j], rets[j] = boundaryType(ctx, v.Type()), m.Lookup(v)
			if resTypes[j] != v.Type() {
				rets[j] = dequantized(ctx, entry, rets[j], resTypes[j])
			} else if q := p.onlyQuantizedOutside(v, s); q != nil {
				rets[j] = requantized(ctx, entry, rets[j], q)
			}
		}
		entry.Append(ctx.NewOperation(ir.OperationState{Name: "func.return", Operands: rets, Loc: s.ops[len(s.ops)-1].Loc}))
		props := []ir.NamedAttr{
			{Name: "sym_name", Value: ctx.StringAttr(name)},
			{Name: "function_type", Value: ctx.TypeAttr(ctx.FunctionType(argTypes, resTypes))},
			{Name: "sym_visibility", Value: ctx.StringAttr("private")},
		}
		pf := ctx.NewOperation(ir.OperationState{Name: "func.func", Props: ctx.DictionaryAttr(props), NumRegions: 1, Loc: fn.Loc})
		pf.Region(0).AppendBlock(entry)
		pf.SetAttr(TargetAttr, ctx.StringAttr(s.device))
		parent.InsertBefore(pf, insertAfter.Next())
		insertAfter = pf
		calls[i] = call{callee: name, ins: ins, outs: outs, results: resTypes, loc: s.ops[0].Loc}
	}

	// The body: the calls in order, before everything; then the uses of
	// each partition's outputs read the calls' results, and what moved
	// into partitions goes, leaving the followers the return still reads.
	// Quantized values pass between the calls dequantized (quant.dcast
	// before a call, quant.qcast after one).
	anchor := p.body.First()
	made := make([]*ir.Operation, len(calls))
	replace := map[*ir.Value]*ir.Value{}
	for i, c := range calls {
		operands := make([]*ir.Value, len(c.ins))
		for j, v := range c.ins {
			operands[j] = v
			if t := boundaryType(ctx, v.Type()); t != v.Type() {
				dc := ctx.NewOperation(ir.OperationState{Name: "quant.dcast", Operands: []*ir.Value{v}, ResultTypes: []ir.Type{t}, Loc: c.loc})
				p.body.InsertBefore(dc, anchor)
				operands[j] = dc.Result(0)
			}
		}
		made[i] = ctx.NewOperation(ir.OperationState{
			Name: "func.call", Operands: operands, ResultTypes: c.results, Loc: c.loc,
			Props: ctx.DictionaryAttr([]ir.NamedAttr{{Name: "callee", Value: ctx.SymbolRefAttr(c.callee)}}),
		})
		p.body.InsertBefore(made[i], anchor)
		for j, v := range c.outs {
			replace[v] = made[i].Result(j)
			if c.results[j] != v.Type() {
				qc := ctx.NewOperation(ir.OperationState{Name: "quant.qcast", Operands: []*ir.Value{made[i].Result(j)}, ResultTypes: []ir.Type{v.Type()}, Loc: c.loc})
				p.body.InsertBefore(qc, anchor)
				replace[v] = qc.Result(0)
			}
		}
	}
	for _, c := range calls {
		for _, v := range c.outs {
			v.ReplaceAllUsesWith(replace[v])
		}
	}
	var gone []*ir.Operation
	for op := anchor; op != nil && op != term; op = op.Next() {
		if roleOf(op) == compute || !p.keep[op] {
			gone = append(gone, op)
		}
	}
	for _, op := range gone {
		op.DropAllReferences()
	}
	for i := len(gone) - 1; i >= 0; i-- {
		gone[i].Erase()
	}
	fn.SetAttr(TargetAttr, ctx.StringAttr(CPU))
	return p.report, nil
}

// onlyQuantizedOutside returns the quant.qcast through which every reader
// of v outside s reads it, when they all read it through one encoding
// (nil otherwise, or when dequantizing does not give v's type back).
func (p *plan) onlyQuantizedOutside(v *ir.Value, s *segment) *ir.Operation {
	var q *ir.Operation
	for _, u := range v.Users() {
		top := ancestorIn(u, p.body)
		if top == nil || (s.members[top] && len(p.places(top)) == 1) {
			continue // read inside s only
		}
		if u != top || u.Name() != "quant.qcast" || (q != nil && u.Result(0).Type() != q.Result(0).Type()) {
			return nil
		}
		q = u
	}
	if q == nil {
		return nil
	}
	qt := quant.ElementType(q.Result(0).Type())
	rt, ok := v.Type().(*ir.RankedTensorType)
	if qt == nil || !ok || ir.Type(qt.ExpressedType()) != rt.Elem {
		return nil
	}
	return q
}

// requantized appends dcast(qcast(v)) to the partition's body, in the
// encoding of q: the value its readers quantize, exactly, in the float
// type the boundary carries.
// The partition's own qcast (and dcast) of v are reused, so v keeps one
// quantized reader (legalisers fold that into the op that produces v).
func requantized(ctx *ir.Context, b *ir.Block, v *ir.Value, q *ir.Operation) *ir.Value {
	var qc *ir.Operation
	for _, u := range v.Users() {
		if u.Name() == "quant.qcast" && u.Result(0).Type() == q.Result(0).Type() {
			qc = u
			break
		}
	}
	if qc == nil {
		qc = appendCast(ctx, b, "quant.qcast", v, q.Result(0).Type(), q.Loc).DefiningOp()
	}
	for _, u := range qc.Result(0).Users() {
		if u.Name() == "quant.dcast" && u.Result(0).Type() == v.Type() {
			return u.Result(0)
		}
	}
	return appendCast(ctx, b, "quant.dcast", qc.Result(0), v.Type(), q.Loc)
}

// boundaryType is the type a value crosses a partition boundary in: a
// quantized tensor as the float tensor it stands for, others as they are.
func boundaryType(ctx *ir.Context, t ir.Type) ir.Type {
	rt, ok := t.(*ir.RankedTensorType)
	if !ok {
		return t
	}
	q := quant.ElementType(rt)
	if q == nil || q.ExpressedType() == nil {
		return t
	}
	return ctx.TensorType(rt.Shape, q.ExpressedType(), rt.Encoding)
}

// dequantized is v as the float type t, reusing a dcast the partition
// already has.
func dequantized(ctx *ir.Context, b *ir.Block, v *ir.Value, t ir.Type) *ir.Value {
	for _, u := range v.Users() {
		if u.Name() == "quant.dcast" && u.Result(0).Type() == t {
			return u.Result(0)
		}
	}
	return appendCast(ctx, b, "quant.dcast", v, t, v.Loc())
}

func appendCast(ctx *ir.Context, b *ir.Block, name string, v *ir.Value, t ir.Type, loc ir.Location) *ir.Value {
	op := ctx.NewOperation(ir.OperationState{Name: name, Operands: []*ir.Value{v}, ResultTypes: []ir.Type{t}, Loc: loc})
	b.Append(op)
	return op.Result(0)
}
