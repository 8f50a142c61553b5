package asm

// printSyntax prints a syntax tree back as MLIR text, for tests: reparsing
// the output must give the same tree, and mlir-opt must read the output as
// it reads the original. Custom-form ops not known to the syntax layer are
// printed as their raw tokens.

import (
	"fmt"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

type syntaxPrinter struct {
	b      strings.Builder
	indent int
}

func printSyntax(f *astFile) string {
	var p syntaxPrinter
	// Items and metadata blocks in source order.
	md := f.Metadata
	for _, it := range f.Items {
		for len(md) > 0 && md[0].Pos.Offset < it.astPos().Offset {
			p.metadata(md[0])
			md = md[1:]
		}
		switch it := it.(type) {
		case *astTypeAlias:
			p.s("!" + it.Name + " = ")
			p.typ(it.Type)
		case *astAttrAlias:
			p.s("#" + it.Name + " = ")
			p.attr(it.Value)
		case *astOp:
			p.op(it)
		}
		p.s("\n")
	}
	for _, m := range md {
		p.metadata(m)
	}
	return p.b.String()
}

func (p *syntaxPrinter) metadata(md *astFileMetadata) {
	p.s("{-#")
	for i, sec := range md.Sections {
		if i > 0 {
			p.s(",")
		}
		p.s("\n  " + sec.Name + ": {")
		for j, g := range sec.Groups {
			if j > 0 {
				p.s(",")
			}
			p.s("\n    " + g.Name + ": {")
			for k, e := range g.Entries {
				if k > 0 {
					p.s(",")
				}
				p.s("\n      " + e.Key + ": ")
				if e.Value.Str != nil {
					p.s(quoteMLIR(string(*e.Value.Str)))
				} else {
					p.s(*e.Value.Bool)
				}
			}
			p.s("\n    }")
		}
		p.s("\n  }")
	}
	p.s("\n#-}\n")
}

func (p *syntaxPrinter) s(s string) { p.b.WriteString(s) }

func (p *syntaxPrinter) nl() {
	p.b.WriteByte('\n')
	for i := 0; i < p.indent; i++ {
		p.b.WriteString("  ")
	}
}

// quoteMLIR quotes s as an MLIR string literal.
func quoteMLIR(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c < 0x20 || c >= 0x7f:
			fmt.Fprintf(&b, "\\%02X", c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

func isBareID(s string) bool {
	if s == "" || !(lexIsLetter(s[0]) || s[0] == '_') {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !lexIsIdentChar(s[i]) {
			return false
		}
	}
	return true
}

func symRef(s string) string {
	if isBareID(s) && !strings.Contains(s, "$") {
		return "@" + s
	}
	return "@" + quoteMLIR(s)
}

func (p *syntaxPrinter) op(op *astOp) {
	for i, r := range op.Results {
		if i > 0 {
			p.s(", ")
		}
		p.s("%" + r.Name)
		if r.Count != 1 {
			p.s(fmt.Sprintf(":%d", r.Count))
		}
	}
	if len(op.Results) > 0 {
		p.s(" = ")
	}
	switch f := op.Form.(type) {
	case *astGenericForm:
		p.s(quoteMLIR(op.Name) + "(")
		p.uses(f.Operands)
		p.s(")")
		if len(f.Successors) > 0 {
			p.s("[")
			for i, s := range f.Successors {
				if i > 0 {
					p.s(", ")
				}
				p.s("^" + s.Block)
			}
			p.s("]")
		}
		if f.Props != nil {
			p.s(" <")
			p.attr(f.Props)
			p.s(">")
		}
		if len(f.Regions) > 0 {
			p.s(" (")
			for i, r := range f.Regions {
				if i > 0 {
					p.s(", ")
				}
				p.region(r)
			}
			p.s(")")
		}
		if f.Attrs != nil {
			p.s(" ")
			p.attr(f.Attrs)
		}
		p.s(" : ")
		p.typ(f.Type)
	case *astModuleForm:
		p.s(op.Name)
		if f.SymName != "" {
			p.s(" " + symRef(f.SymName))
		}
		if f.Attrs != nil {
			p.s(" attributes ")
			p.attr(f.Attrs)
		}
		p.s(" ")
		p.region(f.Body)
	case *astFuncForm:
		p.s(op.Name + " ")
		if f.Visibility != "" {
			p.s(f.Visibility + " ")
		}
		p.s(symRef(f.SymName) + "(")
		for i, a := range f.Args {
			if i > 0 {
				p.s(", ")
			}
			if a.Name != "" {
				p.s("%" + a.Name + ": ")
			}
			p.typ(a.Type)
			if a.Attrs != nil {
				p.s(" ")
				p.attr(a.Attrs)
			}
			p.optLoc(a.Loc)
		}
		p.s(")")
		if f.Results != nil {
			p.s(" -> (")
			for i, r := range f.Results {
				if i > 0 {
					p.s(", ")
				}
				p.typ(r.Type)
				if r.Attrs != nil {
					p.s(" ")
					p.attr(r.Attrs)
				}
			}
			p.s(")")
		}
		if f.Attrs != nil {
			p.s(" attributes ")
			p.attr(f.Attrs)
		}
		if f.Body != nil {
			p.s(" ")
			p.region(f.Body)
		}
	case *astReturnForm:
		p.s(op.Name)
		if f.Attrs != nil {
			p.s(" ")
			p.attr(f.Attrs)
		}
		if len(f.Operands) > 0 {
			p.s(" ")
			p.uses(f.Operands)
			p.s(" : ")
			p.types(f.Types)
		}
	case *astCallForm:
		p.s(op.Name + " ")
		p.attr(f.Callee)
		p.s("(")
		p.uses(f.Operands)
		p.s(")")
		if f.Attrs != nil {
			p.s(" ")
			p.attr(f.Attrs)
		}
		p.s(" : ")
		p.typ(f.Type)
	case *astCustomForm:
		p.s(op.Name)
		p.tokens(f.tokens())
	}
	p.optLoc(op.Loc)
}

// tokens prints raw tokens separated by spaces; a tokBody stays glued to
// the identifier before it, and a line break in the source starts a new
// line (so that block labels and ops in custom regions stay statements).
func (p *syntaxPrinter) tokens(toks []lexer.Token) {
	for i, t := range toks {
		switch {
		case t.Type == tokBody:
		case i > 0 && t.Pos.Line > toks[i-1].Pos.Line+strings.Count(toks[i-1].Value, "\n"):
			p.nl()
		case i > 0 && t.Pos.Offset == toks[i-1].Pos.Offset+len(toks[i-1].Value):
		default:
			p.s(" ")
		}
		p.s(t.Value)
	}
}

func (p *syntaxPrinter) uses(us []astValueUse) {
	for i, u := range us {
		if i > 0 {
			p.s(", ")
		}
		p.s("%" + u.Name)
		if u.Index != 0 {
			p.s(fmt.Sprintf("#%d", u.Index))
		}
	}
}

func (p *syntaxPrinter) optLoc(l astLoc) {
	if l != nil {
		p.s(" loc(")
		p.loc(l)
		p.s(")")
	}
}

func (p *syntaxPrinter) region(r *astRegion) {
	p.s("{")
	p.indent++
	for i, b := range r.Blocks {
		if b.Label != "" || i > 0 {
			p.indent--
			p.nl()
			p.s("^" + b.Label)
			if len(b.Args) > 0 {
				p.s("(")
				for j, a := range b.Args {
					if j > 0 {
						p.s(", ")
					}
					p.s("%" + a.Name + ": ")
					p.typ(a.Type)
					p.optLoc(a.Loc)
				}
				p.s(")")
			}
			p.s(":")
			p.indent++
		}
		for _, op := range b.Ops {
			p.nl()
			p.op(op)
		}
	}
	p.indent--
	p.nl()
	p.s("}")
}

func (p *syntaxPrinter) types(ts []astType) {
	for i, t := range ts {
		if i > 0 {
			p.s(", ")
		}
		p.typ(t)
	}
}

func (p *syntaxPrinter) typ(t astType) {
	switch t := t.(type) {
	case *astBuiltinType:
		p.s(t.Name)
	case *astShapedType:
		p.s(t.Kind + "<")
		if t.Unranked {
			p.s("*x")
		}
		for i, d := range t.Dims {
			switch {
			case t.Scalable != nil && t.Scalable[i]:
				p.s(fmt.Sprintf("[%d]", d))
			case d == astDynamicDim:
				p.s("?")
			default:
				p.s(fmt.Sprint(d))
			}
			p.s("x")
		}
		p.typ(t.Elem)
		for _, a := range t.Params {
			p.s(", ")
			p.attr(a)
		}
		p.s(">")
	case *astComplexType:
		p.s("complex<")
		p.typ(t.Elem)
		p.s(">")
	case *astTupleType:
		p.s("tuple<")
		p.types(t.Elems)
		p.s(">")
	case *astFunctionType:
		p.s("(")
		p.types(t.Inputs)
		p.s(") -> (")
		p.types(t.Results)
		p.s(")")
	case *astDialectType:
		p.s("!" + t.Dialect)
		if !t.Verbose {
			p.s("." + t.Name)
		}
		p.s(t.Body)
	case *astTypeAliasRef:
		p.s("!" + t.Name)
	default:
		panic(fmt.Sprintf("unknown type node %T", t))
	}
}

func (p *syntaxPrinter) optType(t astType) {
	if t != nil {
		p.s(" : ")
		p.typ(t)
	}
}

func (p *syntaxPrinter) attr(a astAttr) {
	switch a := a.(type) {
	case *astIntAttr:
		if a.Neg {
			p.s("-")
		}
		p.s(a.Text)
		p.optType(a.Type)
	case *astFloatAttr:
		if a.Neg {
			p.s("-")
		}
		p.s(a.Text)
		p.optType(a.Type)
	case *astBoolAttr:
		p.s(fmt.Sprint(a.Value))
	case *astStringAttr:
		p.s(quoteMLIR(a.Value))
		p.optType(a.Type)
	case *astUnitAttr:
		p.s("unit")
	case *astArrayAttr:
		p.s("[")
		for i, e := range a.Elems {
			if i > 0 {
				p.s(", ")
			}
			p.attr(e)
		}
		p.s("]")
	case *astDictAttr:
		p.s("{")
		for i, e := range a.Entries {
			if i > 0 {
				p.s(", ")
			}
			if isBareID(e.Name) {
				p.s(e.Name)
			} else {
				p.s(quoteMLIR(e.Name))
			}
			if e.Value != nil {
				p.s(" = ")
				p.attr(e.Value)
			}
		}
		p.s("}")
	case *astTypeAttr:
		p.typ(a.Type)
	case *astSymbolRefAttr:
		p.s(symRef(a.Root))
		for _, n := range a.Nested {
			p.s("::" + symRef(n))
		}
	case *astDenseAttr:
		p.s("dense<")
		p.dense(a.Elems)
		p.s(">")
		p.optType(a.Type)
	case *astDenseResourceAttr:
		p.s("dense_resource<" + a.Handle + ">")
		p.optType(a.Type)
	case *astDenseArrayAttr:
		p.s("array<")
		p.typ(a.ElemType)
		for i, e := range a.Elems {
			if i == 0 {
				p.s(": ")
			} else {
				p.s(", ")
			}
			p.denseElem(e)
		}
		p.s(">")
	case *astRawAttr:
		p.s(a.Keyword + "<" + a.Body)
		if strings.HasSuffix(a.Body, "-") {
			p.s(" ") // not "->"
		}
		p.s(">")
		p.optType(a.Type)
	case *astDistinctAttr:
		p.s("distinct[" + a.ID + "]<")
		if a.Inner != nil {
			p.attr(a.Inner)
		}
		p.s(">")
	case *astDialectAttr:
		p.s("#" + a.Dialect)
		if !a.Verbose {
			p.s("." + a.Name)
		}
		p.s(a.Body)
		p.optType(a.Type)
	case *astAttrAliasRef:
		p.s("#" + a.Name)
	case *astLocationAttr:
		p.s("loc(")
		p.loc(a.Loc)
		p.s(")")
	default:
		panic(fmt.Sprintf("unknown attribute node %T", a))
	}
}

func (p *syntaxPrinter) dense(d astDenseElements) {
	if d.Splat {
		p.denseElem(d.Elems[0])
		return
	}
	if d.Shape == nil {
		return
	}
	elems := d.Elems
	var rec func(dim int)
	rec = func(dim int) {
		p.s("[")
		for i := int64(0); i < d.Shape[dim]; i++ {
			if i > 0 {
				p.s(", ")
			}
			if dim+1 < len(d.Shape) {
				rec(dim + 1)
			} else {
				p.denseElem(elems[0])
				elems = elems[1:]
			}
		}
		p.s("]")
	}
	rec(0)
}

func (p *syntaxPrinter) denseElem(e astDenseElem) {
	switch e.Kind {
	case elemComplex:
		p.s("(")
		p.denseElem(*e.Re)
		p.s(", ")
		p.denseElem(*e.Im)
		p.s(")")
	case elemString:
		p.s(quoteMLIR(e.Text))
	default:
		if e.Neg {
			p.s("-")
		}
		p.s(e.Text)
	}
}

func (p *syntaxPrinter) loc(l astLoc) {
	switch l := l.(type) {
	case *astUnknownLoc:
		p.s("unknown")
	case *astFileLineColLoc:
		p.s(fmt.Sprintf("%s:%d:%d", quoteMLIR(l.File), l.Line, l.Col))
		if l.EndCol != 0 {
			p.s(fmt.Sprintf(" to %d:%d", l.EndLine, l.EndCol))
		}
	case *astNameLoc:
		p.s(quoteMLIR(l.Name))
		if l.Child != nil {
			p.s("(")
			p.loc(l.Child)
			p.s(")")
		}
	case *astCallSiteLoc:
		p.s("callsite(")
		p.loc(l.Callee)
		p.s(" at ")
		p.loc(l.Caller)
		p.s(")")
	case *astFusedLoc:
		p.s("fused")
		if l.Metadata != nil {
			p.s("<")
			p.attr(l.Metadata)
			p.s(">")
		}
		p.s("[")
		for i, c := range l.Locs {
			if i > 0 {
				p.s(", ")
			}
			p.loc(c)
		}
		p.s("]")
	case *astLocAliasRef:
		p.s("#" + l.Name)
	default:
		panic(fmt.Sprintf("unknown location node %T", l))
	}
}
