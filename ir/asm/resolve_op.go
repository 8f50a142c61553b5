package asm

import (
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/mlc-go/mlc/ir"
)

// Resolving operations: generic and custom forms, regions and blocks, and
// the builtin forms (module, func.func, func.return, func.call) that the
// syntax layer parses itself. The grammar is in grammar_op.go.

func (r *resolver) op(o *astOp) *ir.Operation {
	r.release.passed(o.Pos.Offset)
	var loc ir.Location = r.loc(o.NamePos)
	if !o.early && o.Loc != nil {
		loc = r.location(o.Loc)
	}
	var op *ir.Operation
	switch form := o.Form.(type) {
	case *astGenericForm:
		op = r.genericOp(o, form, loc)
	case *astModuleForm:
		op = r.moduleOp(o, form, loc)
	case *astFuncForm:
		op = r.funcOp(o, form, loc)
	case *astReturnForm:
		op = r.returnOp(o, form, loc)
	case *astCallForm:
		op = r.callOp(o, form, loc)
	case *astCustomForm:
		op = r.customOp(o, form, loc)
	default:
		r.fail(o.Pos, "unsupported operation form")
	}
	if o.early && o.Loc != nil {
		// Streamed: the body is resolved, so the trailing loc is parsed.
		op.Loc = r.location(o.Loc)
	}
	r.bindResults(o, op)
	return op
}

func (r *resolver) bindResults(o *astOp, op *ir.Operation) {
	total := 0
	for _, g := range o.Results {
		total += g.Count
	}
	if len(o.Results) == 0 {
		return
	}
	if op.NumResults() == 0 {
		r.fail(o.Pos, "cannot name an operation with no results")
	}
	if total != op.NumResults() {
		r.fail(o.Pos, "operation defines %d results but was provided %d to bind", op.NumResults(), total)
	}
	next := 0
	for _, g := range o.Results {
		r.defineValues(g.Name, g.Pos, op.Results()[next:next+g.Count])
		next += g.Count
	}
}

// checkOpName enforces dialect registration rules.
func (r *resolver) checkOpName(name string, pos lexer.Position) {
	if r.ctx.LookupOp(name) != nil {
		return
	}
	dialect := ir.DialectOf(name)
	if r.ctx.LookupDialect(dialect) != nil {
		r.fail(pos, "unregistered operation '%s' found in dialect ('%s') that does not allow unknown operations", name, dialect)
	}
	if !r.ctx.AllowUnregistered {
		r.fail(pos, "operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used")
	}
}

func (r *resolver) genericOp(o *astOp, g *astGenericForm, loc ir.Location) *ir.Operation {
	if o.Name == "" {
		r.fail(o.NamePos, "empty operation name is invalid")
	}
	if !strings.Contains(o.Name, ".") && !r.ctx.AllowUnregistered {
		r.fail(o.NamePos, "operation name '%s' must be of the form 'dialect.op'", o.Name)
	}
	r.checkOpName(o.Name, o.NamePos)
	fty := r.functionType(g.Type)
	if len(fty.Inputs) != len(g.Operands) {
		r.fail(g.Type.Pos, "expected %d operand type%s but had %d", len(g.Operands), plural(len(g.Operands)), len(fty.Inputs))
	}
	operands := make([]*ir.Value, len(g.Operands))
	for i, u := range g.Operands {
		operands[i] = r.use(u, fty.Inputs[i])
	}
	var succ []*ir.Block
	for _, s := range g.Successors {
		succ = append(succ, r.blockRef(s.Block, s.Pos))
	}
	st := ir.OperationState{Name: o.Name, Operands: operands, ResultTypes: fty.Results, Successors: succ, Loc: loc}
	if g.Props != nil {
		d, ok := r.attr(g.Props).(*ir.DictionaryAttr)
		if !ok {
			r.fail(g.Props.astPos(), "expected properties to be a dictionary attribute")
		}
		st.Props = d
	}
	if g.Attrs != nil {
		st.Attrs = r.namedAttrs(g.Attrs)
	}
	r.moveInherentAttrs(&st)
	st.SharedAttrs = r.shareAttrs(st.Attrs)
	op := r.ctx.NewOperation(st)
	info := r.ctx.LookupOp(o.Name)
	for _, reg := range g.Regions {
		region := ir.NewRegion()
		r.region(reg, region, nil, info.Has(ir.IsolatedFromAbove), r.defaultDialectFor(o.Name))
		op = attachRegion(r.ctx, op, region)
	}
	return op
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// attachRegion adds a region to an op created without it.
func attachRegion(ctx *ir.Context, op *ir.Operation, region *ir.Region) *ir.Operation {
	op.AddRegion(region)
	return op
}

// moveInherentAttrs puts a registered op's inherent attributes into its
// properties, as MLIR does when they are written in the attribute dict.
func (r *resolver) moveInherentAttrs(st *ir.OperationState) {
	info := r.ctx.LookupOp(st.Name)
	if info == nil || len(info.Props) == 0 {
		return
	}
	var props []ir.NamedAttr
	if st.Props != nil {
		props = append(props, st.Props.Entries...)
	}
	var rest []ir.NamedAttr
	moved := false
	for _, a := range st.Attrs {
		if contains(info.Props, a.Name) {
			props = append(props, a)
			moved = true
		} else {
			rest = append(rest, a)
		}
	}
	if moved {
		st.Attrs = rest
		st.Props = r.ctx.DictionaryAttr(props)
	}
}

func (r *resolver) defaultDialectFor(opName string) string {
	switch opName {
	case "func.func":
		return "func"
	case "builtin.module":
		return "builtin"
	}
	return ""
}

// region resolves a region's blocks into dst. entryArgs, when non-nil,
// gives the entry block's arguments (func.func's signature).
// It returns the number of blocks.
func (r *resolver) region(reg *astRegion, dst *ir.Region, entryArgs func(b *ir.Block), isolated bool, defaultDialect string) (nblocks int) {
	r.pushScope(isolated)
	r.defaultDialect = append(r.defaultDialect, defaultDialect)
	s := r.scope()
	bs := &blockScope{labels: map[string]*blockDef{}}
	s.blocks = append(s.blocks, bs)
	var blocks streamReader[*astBlock]
	if reg.blocks != nil {
		blocks.l = reg.blocks
	}
	for i := 0; ; i++ {
		var ab *astBlock
		if reg.blocks != nil {
			var ok bool
			if ab, ok = blocks.next(r.stream); !ok {
				break
			}
		} else {
			if i == len(reg.Blocks) {
				break
			}
			ab = reg.Blocks[i]
		}
		nblocks++
		var b *ir.Block
		if ab.Label == "" {
			if i != 0 {
				r.fail(ab.Pos, "expected block label")
			}
			b = ir.NewBlock(nil, nil)
		} else {
			if d, ok := bs.labels[ab.Label]; ok {
				if d.defined {
					r.fail(ab.Pos, "redefinition of block '^%s'", ab.Label)
				}
				d.defined, d.pos, b = true, ab.Pos, d.block
			} else {
				b = ir.NewBlock(nil, nil)
				bs.labels[ab.Label] = &blockDef{block: b, defined: true, pos: ab.Pos}
			}
		}
		dst.AppendBlock(b)
		if i == 0 && entryArgs != nil {
			if len(ab.Args) > 0 {
				r.fail(ab.Pos, "entry block arguments were already defined")
			}
			entryArgs(b)
		}
		for _, a := range ab.Args {
			var aloc ir.Location = r.loc(a.Pos)
			if a.Loc != nil {
				aloc = r.location(a.Loc)
			}
			v := b.AddArg(r.typ(a.Type), aloc)
			r.defineValues(a.Name, a.Pos, []*ir.Value{v})
		}
		if ab.ops != nil {
			ops := streamReader[*astOp]{l: ab.ops}
			for o, ok := ops.next(r.stream); ok; o, ok = ops.next(r.stream) {
				b.Append(r.op(o))
				r.spent(o)
			}
		}
		for i, o := range ab.Ops {
			b.Append(r.op(o))
			ab.Ops[i] = nil // let the syntax tree go as the IR grows
		}
	}
	for name, d := range bs.labels {
		if !d.defined {
			_ = name
			r.fail(d.pos, "reference to an undefined block")
		}
	}
	s.blocks = s.blocks[:len(s.blocks)-1]
	r.defaultDialect = r.defaultDialect[:len(r.defaultDialect)-1]
	r.popScope()
	return nblocks
}

func (r *resolver) currentDefaultDialect() string {
	if n := len(r.defaultDialect); n > 0 {
		return r.defaultDialect[n-1]
	}
	return "builtin" // the top level, as in MLIR
}

func (r *resolver) moduleOp(o *astOp, m *astModuleForm, loc ir.Location) *ir.Operation {
	r.checkOpName("builtin.module", o.NamePos)
	st := ir.OperationState{Name: "builtin.module", Loc: loc}
	if m.SymName != "" {
		st.Props = r.ctx.DictionaryAttr([]ir.NamedAttr{{Name: "sym_name", Value: r.ctx.StringAttr(m.SymName)}})
	}
	if m.Attrs != nil {
		st.Attrs = r.namedAttrs(m.Attrs)
	}
	r.moveInherentAttrs(&st)
	op := r.ctx.NewOperation(st)
	region := ir.NewRegion()
	r.region(m.Body, region, nil, true, "builtin")
	if region.Empty() {
		region.AppendBlock(ir.NewBlock(nil, nil))
	}
	return attachRegion(r.ctx, op, region)
}

func (r *resolver) funcOp(o *astOp, f *astFuncForm, loc ir.Location) *ir.Operation {
	r.checkOpName("func.func", o.NamePos)
	var inputs, results []ir.Type
	var argAttrs, resAttrs []ir.Attribute
	anyArgAttr, anyResAttr := false, false
	for _, a := range f.Args {
		inputs = append(inputs, r.typ(a.Type))
		d := r.ctx.DictionaryAttr(nil)
		if a.Attrs != nil {
			d = r.ctx.DictionaryAttr(r.namedAttrs(a.Attrs))
			anyArgAttr = anyArgAttr || len(d.Entries) > 0
		}
		argAttrs = append(argAttrs, d)
	}
	for _, res := range f.Results {
		results = append(results, r.typ(res.Type))
		d := r.ctx.DictionaryAttr(nil)
		if res.Attrs != nil {
			d = r.ctx.DictionaryAttr(r.namedAttrs(res.Attrs))
			anyResAttr = anyResAttr || len(d.Entries) > 0
		}
		resAttrs = append(resAttrs, d)
	}
	props := []ir.NamedAttr{
		{Name: "sym_name", Value: r.ctx.StringAttr(f.SymName)},
		{Name: "function_type", Value: r.ctx.TypeAttr(r.ctx.FunctionType(inputs, results))},
	}
	if f.Visibility != "" {
		props = append(props, ir.NamedAttr{Name: "sym_visibility", Value: r.ctx.StringAttr(f.Visibility)})
	}
	if anyArgAttr {
		props = append(props, ir.NamedAttr{Name: "arg_attrs", Value: r.ctx.ArrayAttr(argAttrs)})
	}
	if anyResAttr {
		props = append(props, ir.NamedAttr{Name: "res_attrs", Value: r.ctx.ArrayAttr(resAttrs)})
	}
	var attrs []ir.NamedAttr
	if f.Attrs != nil {
		for _, a := range r.namedAttrs(f.Attrs) {
			switch a.Name {
			case "sym_name", "function_type", "sym_visibility":
				r.fail(f.AttrsKwPos, "custom op 'func.func' '%s' is an inferred attribute and should not be specified in the explicit attribute dictionary", a.Name)
			case "arg_attrs", "res_attrs":
				// Inherent, as MLIR takes them: the verifier checks them.
				if !(a.Name == "arg_attrs" && anyArgAttr || a.Name == "res_attrs" && anyResAttr) {
					props = append(props, a)
					continue
				}
			}
			attrs = append(attrs, a)
		}
	}
	st := ir.OperationState{Name: "func.func", Props: r.ctx.DictionaryAttr(props), Attrs: attrs, Loc: loc}
	op := r.ctx.NewOperation(st)
	region := ir.NewRegion()
	if f.Body != nil {
		if len(f.Body.Blocks) == 0 && f.Body.blocks == nil {
			r.fail(f.Body.Pos, "expected non-empty function body")
		}
		// A signature without argument names leaves the entry block's
		// arguments to an explicit ^bb(...) label, which the verifier
		// checks against the signature.
		entryArgs := func(b *ir.Block) {
			for i, a := range f.Args {
				if a.Name == "" {
					r.fail(a.Pos, "expected SSA identifier for argument of a function with a body")
				}
				var aloc ir.Location = r.loc(a.Pos)
				if a.Loc != nil {
					aloc = r.location(a.Loc)
				}
				v := b.AddArg(inputs[i], aloc)
				r.defineValues(a.Name, a.Pos, []*ir.Value{v})
			}
		}
		if len(f.Args) > 0 && !anyArgNamed(f.Args) {
			entryArgs = nil
		}
		n := r.region(f.Body, region, entryArgs, true, "func")
		if n == 0 {
			r.fail(f.Body.Pos, "expected non-empty function body")
		}
	}
	return attachRegion(r.ctx, op, region)
}

func (r *resolver) returnOp(o *astOp, f *astReturnForm, loc ir.Location) *ir.Operation {
	name := r.qualify(o.Name, o.NamePos)
	r.checkOpName(name, o.NamePos)
	if len(f.Types) != len(f.Operands) {
		r.fail(o.Pos, "%d operands present, but expected %d", len(f.Operands), len(f.Types))
	}
	operands := make([]*ir.Value, len(f.Operands))
	for i, u := range f.Operands {
		operands[i] = r.use(u, r.typ(f.Types[i]))
	}
	st := ir.OperationState{Name: name, Operands: operands, Loc: loc}
	if f.Attrs != nil {
		st.Attrs = r.namedAttrs(f.Attrs)
	}
	return r.ctx.NewOperation(st)
}

func (r *resolver) callOp(o *astOp, f *astCallForm, loc ir.Location) *ir.Operation {
	name := r.qualify(o.Name, o.NamePos)
	r.checkOpName(name, o.NamePos)
	fty := r.functionType(f.Type)
	if len(fty.Inputs) != len(f.Operands) {
		r.fail(f.Type.Pos, "expected %d operand type%s but had %d", len(f.Operands), plural(len(f.Operands)), len(fty.Inputs))
	}
	operands := make([]*ir.Value, len(f.Operands))
	for i, u := range f.Operands {
		operands[i] = r.use(u, fty.Inputs[i])
	}
	st := ir.OperationState{Name: name, Operands: operands, ResultTypes: fty.Results, Loc: loc,
		Props: r.ctx.DictionaryAttr([]ir.NamedAttr{{Name: "callee", Value: r.attr(f.Callee)}})}
	if f.Attrs != nil {
		st.Attrs = r.namedAttrs(f.Attrs)
	}
	return r.ctx.NewOperation(st)
}

// qualify turns an unprefixed custom op name into its default dialect's.
func (r *resolver) qualify(name string, pos lexer.Position) string {
	if strings.Contains(name, ".") {
		return name
	}
	if d := r.currentDefaultDialect(); d != "" {
		return d + "." + name
	}
	r.fail(pos, "custom op '%s' is unknown (tried 'builtin.%s' as well)", name, name)
	return ""
}

func anyArgNamed(args []astFuncArg) bool {
	for _, a := range args {
		if a.Name != "" {
			return true
		}
	}
	return false
}
