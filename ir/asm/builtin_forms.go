package asm

import (
	"github.com/mlc-go/mlc/ir"
)

// The custom forms of builtin.module and the func ops are part of the
// core syntax (the grammar knows them), so their printers live here too,
// chosen by name: a fixed set, not a registry.
func builtinPrinter(name string) CustomPrinter {
	switch name {
	case "builtin.module":
		return printModule
	case "func.func":
		return printFunc
	case "func.return":
		return printReturn
	case "func.call":
		return printCall
	}
	return nil
}

// printModule: module [@name] [attributes {…}] { ops }
func printModule(p *Printer, op *ir.Operation) bool {
	if op.NumRegions() != 1 || op.NumOperands() != 0 || op.NumResults() != 0 || op.Region(0).NumBlocks() > 1 {
		return false
	}
	if b := op.Region(0).Front(); b != nil && b.NumArgs() > 0 {
		return false
	}
	if !propsOnly(op, "sym_name", "sym_visibility") {
		return false
	}
	if vis, ok := op.InherentAttr("sym_visibility").(*ir.StringAttr); ok {
		p.WriteString(" " + vis.Value)
	}
	if name, ok := op.InherentAttr("sym_name").(*ir.StringAttr); ok {
		p.WriteString(" " + formatSymbolName(name.Value))
	}
	p.PrintAttrDictWithKeyword(op.Attrs(), "sym_name", "sym_visibility")
	p.WriteByte(' ')
	saved := p.defaultDialect
	p.defaultDialect = "builtin"
	p.Commit()
	p.PrintRegion(op.Region(0), false, false)
	p.defaultDialect = saved
	return true
}

// propsOnly reports whether op's properties hold only the given names, so
// that the custom form loses nothing.
func propsOnly(op *ir.Operation, names ...string) bool {
	if op.Props == nil {
		return true
	}
	for _, e := range op.Props.Entries {
		if !contains(names, e.Name) {
			return false
		}
	}
	return true
}

func formatSymbolName(s string) string {
	if ir.IsBareIdentifier(s) {
		return "@" + s
	}
	return "@" + ir.QuoteString(s)
}

// printFunc: func.func [vis] @name(%arg0: T {attrs}, …) -> (R {attrs}) [attributes {…}] [{ body }]
func printFunc(p *Printer, op *ir.Operation) bool {
	name, ok1 := op.InherentAttr("sym_name").(*ir.StringAttr)
	fty, ok2 := op.InherentAttr("function_type").(*ir.TypeAttr)
	if !ok1 || !ok2 || op.NumRegions() != 1 || op.NumOperands() != 0 || op.NumResults() != 0 {
		return false
	}
	ft, ok := fty.Type.(*ir.FunctionType)
	if !ok || !propsOnly(op, "sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs") {
		return false
	}
	body := op.Region(0)
	var entry *ir.Block
	if !body.Empty() {
		entry = body.Front()
		if entry.Empty() && body.NumBlocks() == 1 {
			return false // `{}` would read back as a declaration
		}
		if entry.NumArgs() != len(ft.Inputs) {
			return false
		}
		for i, a := range entry.Args() {
			if a.Type() != ft.Inputs[i] {
				return false
			}
		}
	}
	argAttrs := arrayOfDicts(op.InherentAttr("arg_attrs"), len(ft.Inputs))
	resAttrs := arrayOfDicts(op.InherentAttr("res_attrs"), len(ft.Results))
	if argAttrs == nil || resAttrs == nil {
		return false
	}
	if vis, ok := op.InherentAttr("sym_visibility").(*ir.StringAttr); ok {
		p.WriteString(" " + vis.Value)
	}
	p.WriteString(" " + formatSymbolName(name.Value))
	p.WriteByte('(')
	for i, t := range ft.Inputs {
		if i > 0 {
			p.WriteString(", ")
		}
		if entry != nil {
			p.PrintOperand(entry.Arg(i))
			p.WriteString(": ")
		}
		p.PrintType(t)
		if d := argAttrs[i]; d != nil && len(d.Entries) > 0 {
			p.WriteByte(' ')
			p.printDict(d.Entries)
		}
		if entry != nil {
			p.printArgLoc(entry.Arg(i).Loc())
		}
	}
	p.WriteByte(')')
	if len(ft.Results) > 0 {
		p.WriteString(" -> ")
		needParens := len(ft.Results) > 1
		if _, isFn := ft.Results[0].(*ir.FunctionType); isFn {
			needParens = true
		}
		for _, d := range resAttrs {
			if d != nil && len(d.Entries) > 0 {
				needParens = true
			}
		}
		if needParens {
			p.WriteByte('(')
		}
		for i, t := range ft.Results {
			if i > 0 {
				p.WriteString(", ")
			}
			p.PrintType(t)
			if d := resAttrs[i]; d != nil && len(d.Entries) > 0 {
				p.WriteByte(' ')
				p.printDict(d.Entries)
			}
		}
		if needParens {
			p.WriteByte(')')
		}
	}
	p.PrintAttrDictWithKeyword(op.Attrs(), "sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs")
	if entry != nil {
		p.WriteByte(' ')
		saved := p.defaultDialect
		p.defaultDialect = "func"
		p.Commit()
		p.PrintRegion(body, false, true)
		p.defaultDialect = saved
	}
	return true
}

// arrayOfDicts unpacks arg_attrs/res_attrs: nil attribute means none; a
// malformed one returns nil so the caller falls back to generic form.
func arrayOfDicts(a ir.Attribute, n int) []*ir.DictionaryAttr {
	out := make([]*ir.DictionaryAttr, n)
	if a == nil {
		return out
	}
	arr, ok := a.(*ir.ArrayAttr)
	if !ok || len(arr.Elems) != n {
		return nil
	}
	for i, e := range arr.Elems {
		d, ok := e.(*ir.DictionaryAttr)
		if !ok {
			return nil
		}
		out[i] = d
	}
	return out
}

// printReturn: return [%a, %b : T, U]
func printReturn(p *Printer, op *ir.Operation) bool {
	if op.NumResults() != 0 || op.NumRegions() != 0 || op.NumSuccessors() != 0 || (op.Props != nil && len(op.Props.Entries) > 0) {
		return false
	}
	p.PrintAttrDict(op.Attrs())
	if op.NumOperands() > 0 {
		p.WriteByte(' ')
		p.PrintOperands(op.Operands())
		p.WriteString(" : ")
		p.PrintTypes(op.OperandTypes())
	}
	return true
}

// printCall: call @f(%a) : (T) -> R
func printCall(p *Printer, op *ir.Operation) bool {
	callee, ok := op.InherentAttr("callee").(*ir.SymbolRefAttr)
	if !ok || op.NumRegions() != 0 || op.NumSuccessors() != 0 || !propsOnly(op, "callee") {
		return false
	}
	p.WriteByte(' ')
	p.WriteString(callee.String())
	p.WriteByte('(')
	p.PrintOperands(op.Operands())
	p.WriteByte(')')
	p.PrintAttrDict(op.Attrs(), "callee")
	p.WriteString(" : ")
	p.PrintFunctionalType(op.OperandTypes(), op.ResultTypes())
	return true
}
