package partition

import (
	"strconv"

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
		ins, outs := p.boundary(s)
		name := p.partitionName(i)
		for n := 1; symbols[name]; n++ {
			name = p.partitionName(i) + "_" + strconv.Itoa(n)
		}
		symbols[name] = true
		p.report.Partitions[i].Name = name

		m := ir.NewMapping()
		argTypes := make([]ir.Type, len(ins))
		locs := make([]ir.Location, len(ins))
		for j, v := range ins {
			argTypes[j], locs[j] = v.Type(), v.Loc()
		}
		entry := ir.NewBlock(argTypes, locs)
		for j, v := range ins {
			m.Values[v] = entry.Arg(j)
		}
		for _, op := range s.order {
			entry.Append(ctx.Clone(op, m))
		}
		resTypes := make([]ir.Type, len(outs))
		rets := make([]*ir.Value, len(outs))
		for j, v := range outs {
			resTypes[j], rets[j] = v.Type(), m.Lookup(v)
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
	anchor := p.body.First()
	made := make([]*ir.Operation, len(calls))
	for i, c := range calls {
		made[i] = ctx.NewOperation(ir.OperationState{
			Name: "func.call", Operands: c.ins, ResultTypes: c.results, Loc: c.loc,
			Props: ctx.DictionaryAttr([]ir.NamedAttr{{Name: "callee", Value: ctx.SymbolRefAttr(c.callee)}}),
		})
		p.body.InsertBefore(made[i], anchor)
	}
	for i, c := range calls {
		for j, v := range c.outs {
			v.ReplaceAllUsesWith(made[i].Result(j))
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
