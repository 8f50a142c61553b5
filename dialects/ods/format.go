package ods

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
)

// The declarative assembly format, a subset of MLIR's:
//
//	`literal`                 punctuation or keyword
//	$name                     operand group, attribute or region by name
//	type($x) type(operands) type(results)
//	functional-type(operands, results)
//	attr-dict attr-dict-with-keyword regions
//	( ... $anchor^ ... )?     optional group, present when its anchor is
//
// Operand types not written in the format are those of the first result
// for ops whose operands and results share one type (both Same* traits).

type elemKind uint8

const (
	elLiteral elemKind = iota
	elOperand
	elAttr
	elRegion
	elType         // type($x)
	elTypeOperands // type(operands)
	elTypeResults  // type(results)
	elFunctional   // functional-type(operands, results)
	elAttrDict
	elAttrDictKW
	elRegions
	elOptional
)

type element struct {
	kind    elemKind
	text    string // literal text or variable name
	index   int    // operand/result/attr/region index
	result  bool   // type($x) names a result
	anchor  bool
	group   []*element
	trigger *element // the optional group's first element (decides presence)
}

type format struct {
	op    *OpDef
	elems []*element
	// operandTypeKnown and resultTypeKnown record what the format writes.
	operandTypeKnown []bool
	resultTypeKnown  []bool
	inFormatAttrs    map[string]bool
	states           sync.Pool // *parseState
}

func compileFormat(o *OpDef) (*format, error) {
	f := &format{op: o, operandTypeKnown: make([]bool, len(o.Operands)), resultTypeKnown: make([]bool, len(o.Results)), inFormatAttrs: map[string]bool{}}
	toks, err := tokenizeFormat(o.Format)
	if err != nil {
		return nil, err
	}
	pos := 0
	f.elems, err = f.parseElems(toks, &pos, false)
	if err != nil {
		return nil, err
	}
	same := o.Traits&(ir.SameOperandsAndResultShape|ir.SameOperandsAndResultElementType) == ir.SameOperandsAndResultShape|ir.SameOperandsAndResultElementType
	for i, known := range f.operandTypeKnown {
		if !known && !same {
			return nil, fmt.Errorf("type of operand '%s' is not written and cannot be derived", o.Operands[i].Name)
		}
	}
	for i, known := range f.resultTypeKnown {
		if !known && o.Infer == nil && !(same && len(o.Operands) > 0) {
			return nil, fmt.Errorf("type of result '%s' is not written and cannot be inferred", o.Results[i].Name)
		}
	}
	return f, nil
}

func tokenizeFormat(s string) ([]string, error) {
	var toks []string
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			i++
		case c == '`':
			j := strings.IndexByte(s[i+1:], '`')
			if j < 0 {
				return nil, fmt.Errorf("unterminated literal")
			}
			toks = append(toks, s[i:i+j+2])
			i += j + 2
		case c == '(' || c == ')' || c == '?' || c == '^' || c == ',':
			toks = append(toks, string(c))
			i++
		default:
			j := i
			for j < len(s) && strings.IndexByte(" \t\n`()?^,", s[j]) < 0 {
				j++
			}
			toks = append(toks, s[i:j])
			i = j
		}
	}
	return toks, nil
}

func (f *format) parseElems(toks []string, pos *int, inGroup bool) ([]*element, error) {
	var out []*element
	for *pos < len(toks) {
		t := toks[*pos]
		switch {
		case t == ")" && inGroup:
			return out, nil
		case t == "(":
			*pos++
			group, err := f.parseElems(toks, pos, true)
			if err != nil {
				return nil, err
			}
			if *pos+1 >= len(toks) || toks[*pos] != ")" || toks[*pos+1] != "?" {
				return nil, fmt.Errorf("expected ')?' to close optional group")
			}
			*pos += 2
			if len(group) == 0 {
				return nil, fmt.Errorf("empty optional group")
			}
			anchored := false
			for _, e := range group {
				anchored = anchored || e.anchor
			}
			if !anchored {
				return nil, fmt.Errorf("optional group has no anchor '^'")
			}
			first := group[0]
			if first.kind != elLiteral && first.kind != elOperand && first.kind != elAttr {
				return nil, fmt.Errorf("optional group must start with a literal, an operand or an attribute")
			}
			out = append(out, &element{kind: elOptional, group: group, trigger: first})
			continue
		case strings.HasPrefix(t, "`"):
			out = append(out, &element{kind: elLiteral, text: t[1 : len(t)-1]})
		case strings.HasPrefix(t, "$"):
			e, err := f.variable(t[1:])
			if err != nil {
				return nil, err
			}
			out = append(out, e)
		case t == "attr-dict":
			out = append(out, &element{kind: elAttrDict})
		case t == "attr-dict-with-keyword":
			out = append(out, &element{kind: elAttrDictKW})
		case t == "regions":
			out = append(out, &element{kind: elRegions})
		case t == "type" || t == "functional-type":
			args, err := directiveArgs(toks, pos)
			if err != nil {
				return nil, err
			}
			e, err := f.typeDirective(t, args)
			if err != nil {
				return nil, err
			}
			out = append(out, e)
			continue
		case t == "^":
			if len(out) == 0 {
				return nil, fmt.Errorf("'^' must follow an element")
			}
			out[len(out)-1].anchor = true
		default:
			return nil, fmt.Errorf("unexpected '%s'", t)
		}
		*pos++
	}
	if inGroup {
		return nil, fmt.Errorf("unterminated optional group")
	}
	return out, nil
}

func directiveArgs(toks []string, pos *int) ([]string, error) {
	*pos++
	if *pos >= len(toks) || toks[*pos] != "(" {
		return nil, fmt.Errorf("expected '(' after directive")
	}
	*pos++
	var args []string
	for *pos < len(toks) && toks[*pos] != ")" {
		if toks[*pos] != "," {
			args = append(args, toks[*pos])
		}
		*pos++
	}
	if *pos >= len(toks) {
		return nil, fmt.Errorf("unterminated directive")
	}
	*pos++
	return args, nil
}

func (f *format) variable(name string) (*element, error) {
	for i, x := range f.op.Operands {
		if x.Name == name {
			return &element{kind: elOperand, text: name, index: i}, nil
		}
	}
	for i, x := range f.op.Attrs {
		if x.Name == name {
			f.inFormatAttrs[name] = true
			return &element{kind: elAttr, text: name, index: i}, nil
		}
	}
	for i, x := range f.op.Regions {
		if x.Name == name {
			return &element{kind: elRegion, text: name, index: i}, nil
		}
	}
	return nil, fmt.Errorf("unknown variable '$%s'", name)
}

func (f *format) typeDirective(kind string, args []string) (*element, error) {
	if kind == "functional-type" {
		if len(args) != 2 || args[0] != "operands" || args[1] != "results" {
			return nil, fmt.Errorf("only functional-type(operands, results) is supported")
		}
		for i := range f.operandTypeKnown {
			f.operandTypeKnown[i] = true
		}
		for i := range f.resultTypeKnown {
			f.resultTypeKnown[i] = true
		}
		return &element{kind: elFunctional}, nil
	}
	if len(args) != 1 {
		return nil, fmt.Errorf("type directive takes one argument")
	}
	switch a := args[0]; {
	case a == "operands":
		for i := range f.operandTypeKnown {
			f.operandTypeKnown[i] = true
		}
		return &element{kind: elTypeOperands}, nil
	case a == "results":
		for i := range f.resultTypeKnown {
			f.resultTypeKnown[i] = true
		}
		return &element{kind: elTypeResults}, nil
	case strings.HasPrefix(a, "$"):
		name := a[1:]
		for i, x := range f.op.Operands {
			if x.Name == name {
				f.operandTypeKnown[i] = true
				return &element{kind: elType, text: name, index: i}, nil
			}
		}
		for i, x := range f.op.Results {
			if x.Name == name {
				f.resultTypeKnown[i] = true
				return &element{kind: elType, text: name, index: i, result: true}, nil
			}
		}
		return nil, fmt.Errorf("type($%s): no operand or result of that name", name)
	}
	return nil, fmt.Errorf("bad type directive argument '%s'", args[0])
}

// ---- parsing ----

// parseState is one parse of a format. States are pooled per format, as
// large files parse hundreds of thousands of ops; nothing that outlives
// parse (the op's operands and result types) may point into one.
type parseState struct {
	p           *asm.OpParser
	operandRefs [][]asm.OperandRef
	operandTys  [][]ir.Type // per group; nil when the text gave no types
	resultTys   [][]ir.Type
	allOpTypes  []ir.Type
	allResTypes []ir.Type
	haveAllOps  bool
	haveAllRes  bool
	attrs       []ir.NamedAttr
	regions     []*ir.Region

	// backing for single operands and types, one slot per group
	oneRef   []asm.OperandRef
	oneOpTy  []ir.Type
	oneResTy []ir.Type
	// scratch for finishParse
	refs  []asm.OperandRef
	types []ir.Type
}

func (f *format) parse(p *asm.OpParser) error {
	o := f.op
	st, _ := f.states.Get().(*parseState)
	if st == nil {
		st = &parseState{operandRefs: make([][]asm.OperandRef, len(o.Operands)),
			operandTys: make([][]ir.Type, len(o.Operands)), resultTys: make([][]ir.Type, len(o.Results)),
			regions: make([]*ir.Region, len(o.Regions)), oneRef: make([]asm.OperandRef, len(o.Operands)),
			oneOpTy: make([]ir.Type, len(o.Operands)), oneResTy: make([]ir.Type, len(o.Results))}
	}
	st.p = p
	defer f.release(st)
	if err := f.parseElems2(st, f.elems); err != nil {
		return err
	}
	return f.finishParse(st)
}

// release clears st (keeping its buffers) and returns it to the pool.
func (f *format) release(st *parseState) {
	clear(st.operandRefs)
	clear(st.operandTys)
	clear(st.resultTys)
	clear(st.regions)
	clear(st.attrs)
	clear(st.refs)
	clear(st.types)
	clear(st.oneRef)
	clear(st.oneOpTy)
	clear(st.oneResTy)
	*st = parseState{operandRefs: st.operandRefs, operandTys: st.operandTys, resultTys: st.resultTys,
		regions: st.regions, attrs: st.attrs[:0], refs: st.refs[:0], types: st.types[:0],
		oneRef: st.oneRef, oneOpTy: st.oneOpTy, oneResTy: st.oneResTy}
	f.states.Put(st)
}

func isPunct(s string) bool {
	return s != "" && strings.IndexAny(s[:1], ",:()[]{}<>=-*?+|") == 0
}

func (f *format) parseElems2(st *parseState, elems []*element) error {
	p := st.p
	for _, e := range elems {
		switch e.kind {
		case elLiteral:
			var err error
			if isPunct(e.text) {
				err = p.ExpectPunct(e.text)
			} else {
				err = p.ExpectKeyword(e.text)
			}
			if err != nil {
				return err
			}
		case elOperand:
			switch f.op.Operands[e.index].Arity {
			case Single:
				ref, err := p.ParseOperand()
				if err != nil {
					return err
				}
				st.oneRef[e.index] = ref
				st.operandRefs[e.index] = st.oneRef[e.index : e.index+1 : e.index+1]
			default:
				refs, err := p.ParseOperandList()
				if err != nil {
					return err
				}
				if f.op.Operands[e.index].Arity == Optional && len(refs) > 1 {
					return p.Errorf("expected at most one operand for '%s'", e.text)
				}
				st.operandRefs[e.index] = refs
			}
		case elAttr:
			def := f.op.Attrs[e.index]
			var hint ir.Type
			if def.Type.Type != nil {
				hint = def.Type.Type(p.Ctx())
			}
			a, err := p.ParseAttributeWithType(hint, def.Type.Bare || hint != nil)
			if err != nil {
				return err
			}
			st.attrs = append(st.attrs, ir.NamedAttr{Name: def.Name, Value: a})
		case elRegion:
			r, err := p.ParseRegion(f.op.Traits&ir.IsolatedFromAbove != 0)
			if err != nil {
				return err
			}
			st.regions[e.index] = r
		case elRegions:
			for i := range f.op.Regions {
				if i > 0 {
					if err := p.ExpectPunct(","); err != nil {
						return err
					}
				}
				r, err := p.ParseRegion(f.op.Traits&ir.IsolatedFromAbove != 0)
				if err != nil {
					return err
				}
				st.regions[i] = r
			}
		case elType:
			var ts []ir.Type
			var err error
			arity := Single
			if e.result {
				arity = f.op.Results[e.index].Arity
			} else {
				arity = f.op.Operands[e.index].Arity
			}
			if arity == Single {
				var t ir.Type
				t, err = p.ParseType()
				one := st.oneOpTy
				if e.result {
					one = st.oneResTy
				}
				one[e.index] = t
				ts = one[e.index : e.index+1 : e.index+1]
			} else {
				ts, err = p.ParseTypeList()
			}
			if err != nil {
				return err
			}
			if e.result {
				st.resultTys[e.index] = ts
			} else {
				st.operandTys[e.index] = ts
			}
		case elTypeOperands:
			ts, err := p.ParseTypeList()
			if err != nil {
				return err
			}
			st.allOpTypes, st.haveAllOps = ts, true
		case elTypeResults:
			ts, err := p.ParseTypeList()
			if err != nil {
				return err
			}
			st.allResTypes, st.haveAllRes = ts, true
		case elFunctional:
			t, err := p.ParseType()
			if err != nil {
				return err
			}
			ft, ok := t.(*ir.FunctionType)
			if !ok {
				return p.Errorf("expected a function type")
			}
			st.allOpTypes, st.allResTypes, st.haveAllOps, st.haveAllRes = ft.Inputs, ft.Results, true, true
		case elAttrDict:
			if err := p.ParseOptionalAttrDict(); err != nil {
				return err
			}
		case elAttrDictKW:
			if ok, err := p.OptionalKeyword("attributes"); err != nil {
				return err
			} else if ok {
				if err := p.ParseOptionalAttrDict(); err != nil {
					return err
				}
			}
		case elOptional:
			present := false
			switch t := e.trigger; t.kind {
			case elLiteral:
				present = (isPunct(t.text) && p.PeekIsPunct(t.text)) || (!isPunct(t.text) && p.PeekIsKeyword(t.text))
			case elOperand:
				present = p.PeekIsOperand()
			case elAttr:
				present = p.PeekCanStartAttribute()
			}
			if present {
				if err := f.parseElems2(st, e.group); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func (f *format) finishParse(st *parseState) error {
	o, p := f.op, st.p
	// Operand types: per group, or the flat list split by group sizes.
	refs := st.refs[:0]
	for _, rs := range st.operandRefs {
		refs = append(refs, rs...)
	}
	st.refs = refs
	types := slices.Grow(st.types[:0], len(refs))[:len(refs)]
	st.types = types
	if st.haveAllOps {
		if len(st.allOpTypes) != len(refs) {
			return p.Errorf("%d operands present, but expected %d", len(refs), len(st.allOpTypes))
		}
		copy(types, st.allOpTypes)
	} else {
		k := 0
		for g, rs := range st.operandRefs {
			ts := st.operandTys[g]
			if ts != nil && len(ts) != len(rs) {
				return p.Errorf("%d operands present, but expected %d types for '%s'", len(rs), len(ts), o.Operands[g].Name)
			}
			for i := range rs {
				if ts != nil {
					types[k] = ts[i]
				}
				k++
			}
		}
	}
	// Results.
	var results []ir.Type
	if st.haveAllRes {
		results = st.allResTypes
	} else {
		complete := true
		for g := range o.Results {
			if st.resultTys[g] == nil {
				complete = false
			}
			results = append(results, st.resultTys[g]...)
		}
		if !complete {
			results = nil
		}
	}
	// Fill unwritten operand types from the result (same-type ops).
	for i := range types {
		if types[i] == nil {
			if len(results) == 0 {
				return p.Errorf("cannot derive the type of operand #%d", i)
			}
			types[i] = results[0]
		}
	}
	operands := make([]*ir.Value, len(refs))
	for i, ref := range refs {
		v, err := p.ResolveOperand(ref, types[i])
		if err != nil {
			return err
		}
		operands[i] = v
	}
	p.State.Operands = operands
	p.State.Attrs = append(p.State.Attrs, st.attrs...)
	if results == nil && len(o.Results) > 0 {
		switch {
		case o.Infer != nil:
			attrs := p.State.Attrs
			inferred, err := o.Infer(p.Ctx(), types, func(n string) ir.Attribute {
				for i := len(attrs) - 1; i >= 0; i-- { // the last spelling wins
					if attrs[i].Name == n {
						return attrs[i].Value
					}
				}
				return nil
			})
			if err != nil {
				return p.OpError("'%s' op %v", o.FullName(), err)
			}
			if slices.Contains(inferred, nil) {
				return p.OpError("'%s' op cannot infer its result type: write it", o.FullName())
			}
			results = inferred
		case len(types) > 0:
			results = []ir.Type{types[0]}
		}
	}
	p.State.ResultTypes = results
	for i := range o.Regions {
		if st.regions[i] == nil {
			st.regions[i] = ir.NewRegion()
		}
		p.AddRegion(st.regions[i])
	}
	return nil
}

// ---- printing ----

func (f *format) print(p *asm.Printer, op *ir.Operation) bool {
	o := f.op
	sizes, ok := groupSizes(operandArities(o), op.NumOperands())
	if !ok || op.NumRegions() != len(o.Regions) || op.NumSuccessors() != 0 {
		return false
	}
	if _, ok := groupSizes(resultArities(o), op.NumResults()); !ok {
		return false
	}
	// Attributes printed by $name must satisfy their constraint, or the
	// custom form could not read them back.
	for _, a := range o.Attrs {
		if f.inFormatAttrs[a.Name] {
			v := op.InherentAttr(a.Name)
			if (v == nil && !a.Optional) || (v != nil && !a.Type.Match(v)) {
				return false
			}
		}
	}
	if !f.typesRecoverable(op) {
		return false
	}
	starts := make([]int, len(sizes))
	for i := 1; i < len(sizes); i++ {
		starts[i] = starts[i-1] + sizes[i-1]
	}
	pr := &printState{p: p, op: op, starts: starts, sizes: sizes, lastLit: ""}
	f.printElems(pr, f.elems)
	return true
}

// typesRecoverable checks that types the format leaves out are the ones
// the parser will derive.
func (f *format) typesRecoverable(op *ir.Operation) bool {
	for i, known := range f.operandTypeKnown {
		if !known && op.NumResults() > 0 {
			_ = i
			for _, t := range op.OperandTypes() {
				if t != op.Result(0).Type() {
					return false
				}
			}
		}
	}
	allKnown := true
	for _, k := range f.resultTypeKnown {
		allKnown = allKnown && k
	}
	if !allKnown && len(f.op.Results) > 0 {
		if f.op.Infer != nil {
			inferred, err := f.op.Infer(op.Ctx(), op.OperandTypes(), op.InherentAttr)
			return err == nil && slices.Equal(inferred, op.ResultTypes())
		}
		for _, t := range op.ResultTypes() {
			if op.NumOperands() == 0 || t != op.Operand(0).Type() {
				return false
			}
		}
	}
	return true
}

type printState struct {
	p       *asm.Printer
	op      *ir.Operation
	starts  []int
	sizes   []int
	lastLit string
	first   bool
}

// space writes the separator MLIR's printer would put before an element.
func (s *printState) space(lit string) {
	if lit == "," || lit == ")" || lit == "]" || lit == ">" {
		s.lastLit = lit
		return
	}
	if s.lastLit == "(" || s.lastLit == "[" || s.lastLit == "<" {
		s.lastLit = lit
		return
	}
	s.p.WriteString(" ")
	s.lastLit = lit
}

func (f *format) printElems(s *printState, elems []*element) {
	p, op := s.p, s.op
	for _, e := range elems {
		switch e.kind {
		case elLiteral:
			s.space(e.text)
			p.WriteString(e.text)
		case elOperand:
			vals := op.Operands()[s.starts[e.index] : s.starts[e.index]+s.sizes[e.index]]
			if len(vals) == 0 {
				continue
			}
			s.space("")
			p.PrintOperands(vals)
		case elAttr:
			a := op.InherentAttr(f.op.Attrs[e.index].Name)
			if a == nil {
				continue
			}
			s.space("")
			printAttrElided(p, a, f.op.Attrs[e.index].Type)
		case elRegion:
			s.space("")
			p.PrintRegion(op.Region(e.index), true, true)
		case elRegions:
			for i := range f.op.Regions {
				if i > 0 {
					p.WriteString(",")
				}
				s.space("")
				p.PrintRegion(op.Region(i), true, true)
			}
		case elType:
			var ts []ir.Type
			if e.result {
				rs, _ := groupSizes(resultArities(f.op), op.NumResults())
				start := 0
				for i := 0; i < e.index; i++ {
					start += rs[i]
				}
				ts = op.ResultTypes()[start : start+rs[e.index]]
			} else {
				ts = op.OperandTypes()[s.starts[e.index] : s.starts[e.index]+s.sizes[e.index]]
			}
			if len(ts) == 0 {
				continue
			}
			s.space("")
			p.PrintTypes(ts)
		case elTypeOperands:
			s.space("")
			p.PrintTypes(op.OperandTypes())
		case elTypeResults:
			s.space("")
			p.PrintTypes(op.ResultTypes())
		case elFunctional:
			s.space("")
			p.PrintFunctionalType(op.OperandTypes(), op.ResultTypes())
		case elAttrDict, elAttrDictKW:
			var rest []ir.NamedAttr
			if op.Props != nil {
				for _, a := range op.Props.Entries {
					if !f.inFormatAttrs[a.Name] {
						rest = append(rest, a)
					}
				}
			}
			rest = append(rest, op.Attrs()...)
			if len(rest) == 0 {
				continue
			}
			if e.kind == elAttrDict {
				p.PrintAttrDict(rest)
			} else {
				p.PrintAttrDictWithKeyword(rest)
			}
			s.lastLit = "}"
		case elOptional:
			if f.groupPresent(s, e) {
				f.printElems(s, e.group)
			}
		}
	}
}

func (f *format) groupPresent(s *printState, e *element) bool {
	for _, x := range e.group {
		if !x.anchor {
			continue
		}
		switch x.kind {
		case elOperand:
			return s.sizes[x.index] > 0
		case elAttr:
			return s.op.InherentAttr(f.op.Attrs[x.index].Name) != nil
		case elRegion:
			return !s.op.Region(x.index).Empty()
		}
	}
	return true
}

// printAttrElided leaves out the type of integer and float attributes
// whose constraint fixes it.
func printAttrElided(p *asm.Printer, a ir.Attribute, c AttrConstraint) {
	if s, ok := a.(*ir.StringAttr); ok && c.Bare && s.Type == nil {
		p.WriteString(ir.QuoteString(s.Value))
		return
	}
	if c.Type != nil {
		switch x := a.(type) {
		case *ir.IntegerAttr:
			p.WriteString(strings.TrimSuffix(x.String(), " : "+x.Type.String()))
			return
		case *ir.FloatAttr:
			p.WriteString(ir.FormatFloat(x.Type.Kind, x.Value))
			return
		}
	}
	p.PrintAttr(a)
}
