package asm

import (
	"slices"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

// Attributes, as mlir/lib/AsmParser/AttributeParser.cpp:
//
//	attribute ::= '[' (attribute (',' attribute)*)? ']'
//	            | dictionary
//	            | '-'? (integer | float) (':' type)?
//	            | string (':' type)?
//	            | symbol-ref                     @a, @a::@b, @"q"
//	            | 'true' | 'false' | 'unit'
//	            | 'dense' '<' dense-literal? '>' ':' type
//	            | 'dense_resource' '<' handle '>' ':' type
//	            | 'array' '<' type (':' element (',' element)*)? '>'
//	            | ('affine_map' | 'affine_set' | 'strided') '<' raw '>'
//	            | 'sparse' '<' raw '>' ':' type
//	            | 'distinct' '[' integer ']' '<' attribute? '>'
//	            | 'loc' '(' location-instance ')'
//	            | '#' alias-name | '#' dialect ('.' name)? body? (':' type)?
//	            | type
//	dictionary ::= '{' (named-attr (',' named-attr)*)? '}'
//	named-attr ::= (bare-id | string) ('=' attribute)?

func (p *syntaxParser) parseAttr() astAttr {
	t := &p.tok
	switch t.Type {
	case tokLSquare:
		a := p.a.arrays.new()
		a.Pos = t.Pos
		p.advance()
		if !p.consumeIf(tokRSquare) {
			mark := p.a.attrs.mark()
			for {
				p.a.attrs.push(p.parseAttr())
				if !p.consumeIf(tokComma) {
					break
				}
			}
			a.Elems = p.a.attrs.done(mark)
			p.expect(tokRSquare, "expected ',' or ']'")
		}
		return a
	case tokLBrace:
		return p.parseDict()
	case tokHashID:
		return p.parseHashAttr()
	case tokInt, tokFloat, tokMinus:
		return p.parseNumberAttr()
	case tokString:
		a := p.a.strings.new()
		a.Pos, a.Value = t.Pos, syntaxUnquote(t.Value)
		p.advance()
		if !p.bareNumbers && p.consumeIf(tokColon) {
			a.Type = p.parseType()
		}
		return a
	case tokAtID:
		return p.parseSymbolRef()
	case tokIdent:
		switch t.Value {
		case "true", "false":
			a := p.a.bools.new()
			a.Pos, a.Value = t.Pos, t.Value == "true"
			p.advance()
			return a
		case "unit":
			a := &astUnitAttr{Pos: t.Pos}
			p.advance()
			return a
		case "dense":
			return p.parseDenseAttr()
		case "dense_resource":
			return p.parseDenseResourceAttr()
		case "array":
			return p.parseDenseArrayAttr()
		case "affine_map", "affine_set", "strided", "sparse":
			return p.parseRawAttr()
		case "distinct":
			return p.parseDistinctAttr()
		case "loc":
			pos := t.Pos
			return &astLocationAttr{Pos: pos, Loc: p.parseLoc()}
		}
		if !syntaxIsTypeKeyword(t.Value) {
			p.expected("expected attribute value")
		}
		pos := t.Pos
		return &astTypeAttr{Pos: pos, Type: p.parseType()}
	case tokLParen, tokBangID:
		pos := t.Pos
		return &astTypeAttr{Pos: pos, Type: p.parseType()}
	}
	p.expected("expected attribute value")
	return nil
}

// parseNumberAttr parses '-'? (integer | float) (':' type)?.
func (p *syntaxParser) parseNumberAttr() astAttr {
	pos := p.tok.Pos
	neg := p.consumeIf(tokMinus)
	t := p.tok
	if t.Type != tokInt && t.Type != tokFloat {
		p.errorf("expected constant integer or floating point value")
	}
	p.advance()
	var ty astType
	if !p.bareNumbers && p.consumeIf(tokColon) {
		ty = p.parseType()
	}
	if t.Type == tokInt {
		a := p.a.ints.new()
		*a = astIntAttr{Pos: pos, Neg: neg, Text: t.Value, Type: ty}
		return a
	}
	a := p.a.floats.new()
	*a = astFloatAttr{Pos: pos, Neg: neg, Text: t.Value, Type: ty}
	return a
}

// parseDict parses a dictionary; duplicate keys are an error, as in MLIR.
func (p *syntaxParser) parseDict() *astDictAttr {
	d := p.a.dicts.new()
	d.Pos = p.tok.Pos
	p.expect(tokLBrace, "expected '{' in attribute dictionary")
	if p.consumeIf(tokRBrace) {
		return d
	}
	mark := p.a.named.mark()
	var seen map[string]bool
	for {
		entries := p.a.named.scratch[mark:]
		e := astNamedAttr{Pos: p.tok.Pos}
		switch p.tok.Type {
		case tokIdent:
			e.Name = p.tok.Value
		case tokString:
			e.Name = syntaxUnquote(p.tok.Value)
			if e.Name == "" {
				p.errorf("expected valid attribute name")
			}
		default:
			p.expected("expected attribute name")
		}
		// Duplicate check: linear for small dictionaries, a map beyond.
		if seen == nil && len(entries) >= 16 {
			seen = make(map[string]bool, 32)
			for _, o := range entries {
				seen[o.Name] = true
			}
		}
		dup := false
		if seen != nil {
			dup = seen[e.Name]
			seen[e.Name] = true
		} else {
			for i := range entries {
				if entries[i].Name == e.Name {
					dup = true
					break
				}
			}
		}
		if dup {
			p.errorf("duplicate key '%s' in dictionary attribute", e.Name)
		}
		p.advance()
		if p.consumeIf(tokEqual) {
			e.Value = p.parseAttr()
		}
		p.a.named.push(e)
		if !p.consumeIf(tokComma) {
			break
		}
	}
	d.Entries = p.a.named.done(mark)
	p.expect(tokRBrace, "expected '}' in attribute dictionary")
	return d
}

// parseSymbolRef parses @a(::@b)*.
func (p *syntaxParser) parseSymbolRef() *astSymbolRefAttr {
	s := &astSymbolRefAttr{Pos: p.tok.Pos, Root: syntaxSymbolName(p.tok.Value)}
	p.advance()
	for p.tok.Type == tokColon && p.peek(1).Type == tokColon {
		p.advance()
		p.advance()
		if p.tok.Type != tokAtID {
			p.errorf("expected nested symbol reference identifier")
		}
		s.Nested = append(s.Nested, syntaxSymbolName(p.tok.Value))
		p.advance()
	}
	return s
}

// parseHashAttr parses #alias and #dialect(.name)?<body>? (: type)?.
func (p *syntaxParser) parseHashAttr() astAttr {
	t := p.tok
	name := t.Value[1:]
	p.advance()
	var body string
	var bodyPos lexer.Position
	if p.tok.Type == tokBody {
		body, bodyPos = p.tok.Value, p.tok.Pos
		p.advance()
	}
	dot := strings.IndexByte(name, '.')
	if dot < 0 && body == "" {
		return &astAttrAliasRef{Pos: t.Pos, Name: name}
	}
	a := &astDialectAttr{Pos: t.Pos, Dialect: name, Verbose: true, Body: body, BodyPos: bodyPos}
	if dot >= 0 {
		a.Dialect, a.Name, a.Verbose = name[:dot], name[dot+1:], false
	}
	if p.consumeIf(tokColon) {
		a.Type = p.parseType()
	}
	return a
}

func (p *syntaxParser) parseDenseAttr() *astDenseAttr {
	d := &astDenseAttr{Pos: p.tok.Pos}
	p.advance()
	p.expect(tokLess, "expected '<' after 'dense'")
	if p.tok.Type != tokGreater {
		d.Elems = p.parseDenseLiteral()
	}
	p.expect(tokGreater, "expected '>'")
	d.AfterLit = p.tok.Pos
	p.expect(tokColon, "expected ':'")
	d.Type = p.parseType()
	d.AfterType = p.tok.Pos
	return d
}

// parseDenseLiteral parses a scalar, a "0x..." string or a nested list.
//
// Nested lists are checked as MLIR's TensorLiteralParser does: every
// element of a list must have the same dims (its own nesting shape) as the
// list's first element, checked when the element ends, so the error is at
// the token after it. MLIR recurses and copies dims vectors; here lists are
// walked with an explicit stack and dims are interned as (size, first
// element's dims) pairs, so depth costs neither stack nor quadratic time.
func (p *syntaxParser) parseDenseLiteral() astDenseElements {
	el := astDenseElements{Pos: p.tok.Pos}
	if p.tok.Type != tokLSquare {
		e := p.parseDenseElem()
		el.Splat = true
		el.IsHex = e.Kind == elemString && strings.HasPrefix(e.Text, "0x")
		el.Elems = []astDenseElem{e}
		return el
	}
	// Dims IDs: scalarDims for a scalar, emptyDims for the (absent) first
	// element of an empty list, else an index into dims.
	const scalarDims, emptyDims = -1, -2
	type dimsKey struct {
		size  int64
		inner int32
	}
	var dims []dimsKey
	dimsID := map[dimsKey]int32{}
	type list struct {
		size  int64
		first int32 // dims of the first element; emptyDims while none
	}
	var stack []list
	elems := p.denseElems[:0]
	// done records that an element with the given dims has ended.
	done := func(id int32) {
		l := &stack[len(stack)-1]
		l.size++
		if l.size == 1 {
			l.first = id
		} else if l.first != id {
			p.errorf("tensor literal is invalid; ranks are not consistent between elements")
		}
	}
	for {
		// Here: at the start of an element.
		if p.tok.Type == tokLSquare {
			stack = append(stack, list{first: emptyDims})
			p.advance()
			if p.tok.Type != tokRSquare {
				continue
			}
		} else {
			elems = append(elems, p.parseDenseElem())
			done(scalarDims)
		}
		// After an element: ',' starts the next one, ']' ends lists.
		for !p.consumeIf(tokComma) {
			if p.tok.Type != tokRSquare {
				p.expected("expected ']'")
			}
			p.advance()
			l := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			k := dimsKey{l.size, l.first}
			id, ok := dimsID[k]
			if !ok {
				id = int32(len(dims))
				dims = append(dims, k)
				dimsID[k] = id
			}
			if len(stack) == 0 {
				for id >= 0 {
					el.Shape = append(el.Shape, dims[id].size)
					id = dims[id].inner
				}
				if len(elems) > 0 {
					el.Elems = slices.Clone(elems)
				}
				clear(elems)
				p.denseElems = elems[:0]
				return el
			}
			done(id)
		}
	}
}

// parseDenseElem parses one scalar: '-'? number, true, false, a string or a
// complex (re, im).
func (p *syntaxParser) parseDenseElem() astDenseElem {
	e := astDenseElem{Pos: p.tok.Pos}
	switch p.tok.Type {
	case tokLParen:
		p.advance()
		re := p.parseDenseNumber(elemLiteralMsg)
		p.expect(tokComma, "expected ',' between complex elements")
		im := p.parseDenseNumber(elemLiteralMsg)
		p.expect(tokRParen, "expected ')' after complex elements")
		e.Kind, e.Re, e.Im = elemComplex, &re, &im
		return e
	case tokString:
		e.Kind, e.Text = elemString, syntaxUnquote(p.tok.Value)
		p.advance()
		return e
	case tokIdent:
		if p.tok.Value == "true" || p.tok.Value == "false" {
			e.Kind, e.Text = elemBool, p.tok.Value
			p.advance()
			return e
		}
	case tokMinus, tokInt, tokFloat:
		return p.parseDenseNumber(elemLiteralMsg)
	}
	p.errorf("expected element literal of primitive type")
	return e
}

// elemLiteralMsg is MLIR's error for a bad element of a dense literal.
const elemLiteralMsg = "expected element literal of primitive type"

// parseDenseNumber parses '-'? (integer | float), or true/false; bad says
// what else was expected.
func (p *syntaxParser) parseDenseNumber(bad string) astDenseElem {
	e := astDenseElem{Pos: p.tok.Pos}
	e.Neg = p.consumeIf(tokMinus)
	switch p.tok.Type {
	case tokInt:
		e.Kind = elemInt
	case tokFloat:
		e.Kind = elemFloat
	case tokIdent:
		if !e.Neg && (p.tok.Value == "true" || p.tok.Value == "false") {
			e.Kind = elemBool
			break
		}
		fallthrough
	default:
		if e.Neg {
			bad = "expected integer or floating point literal"
		}
		p.errorf("%s", bad)
	}
	e.Text = p.tok.Value
	p.advance()
	return e
}

func (p *syntaxParser) parseDenseResourceAttr() *astDenseResourceAttr {
	d := &astDenseResourceAttr{Pos: p.tok.Pos}
	p.advance()
	p.expect(tokLess, "expected '<' after 'dense_resource'")
	switch p.tok.Type {
	case tokIdent:
		d.Handle = p.tok.Value
	case tokString:
		d.Handle = syntaxUnquote(p.tok.Value)
	default:
		p.errorf("expected identifier key for 'resource' entry")
	}
	p.advance()
	p.expect(tokGreater, "expected '>'")
	d.AfterLit = p.tok.Pos
	p.expect(tokColon, "expected ':'")
	d.Type = p.parseType()
	return d
}

func (p *syntaxParser) parseDenseArrayAttr() *astDenseArrayAttr {
	a := &astDenseArrayAttr{Pos: p.tok.Pos}
	p.advance()
	p.expect(tokLess, "expected '<' after 'array'")
	a.ElemType = p.parseType()
	if p.consumeIf(tokGreater) {
		return a
	}
	p.expect(tokColon, "expected ':' after dense array type")
	for {
		a.Elems = append(a.Elems, p.parseDenseNumber("expected integer or floating point literal"))
		if !p.consumeIf(tokComma) {
			break
		}
	}
	p.expect(tokGreater, "expected '>' to close an array attribute")
	return a
}

// parseRawAttr keeps the body of affine_map<...>, affine_set<...>,
// strided<...> and sparse<...> as tokens. '<' and '>' nest, except a '>'
// directly followed by '=' (affine_set's `>=`). Body is the tokens' text
// with one space where the source had white space or comments.
func (p *syntaxParser) parseRawAttr() *astRawAttr {
	a := &astRawAttr{Pos: p.tok.Pos, Keyword: p.tok.Value}
	p.advance()
	open := p.tok
	p.expect(tokLess, "expected '<' after '"+a.Keyword+"'")
	depth := 1
	var b strings.Builder
	for {
		t := &p.tok
		switch t.Type {
		case lexer.EOF:
			p.failf(open.Pos, "unbalanced '<' in %s", a.Keyword)
		case tokLess:
			depth++
		case tokGreater:
			if n := p.peek(1); !(n.Type == tokEqual && n.Pos.Offset == t.Pos.Offset+1) {
				depth--
			}
		}
		if depth == 0 {
			a.End = t.Pos
			p.advance()
			break
		}
		if n := len(a.Tokens); n > 0 && t.Pos.Offset > a.Tokens[n-1].Pos.Offset+len(a.Tokens[n-1].Value) {
			b.WriteByte(' ')
		}
		b.WriteString(t.Value)
		a.Tokens = append(a.Tokens, *t)
		p.advance()
	}
	a.Body = b.String()
	if a.Keyword == "strided" {
		// MLIR parses the layout where it stands: its syntax errors come
		// before those of what follows.
		if _, _, pos, msg := parseStrided(a.Tokens, a.End); msg != "" {
			p.failf(pos, "%s", msg)
		}
	}
	if a.Keyword == "sparse" {
		p.expect(tokColon, "expected ':'")
		a.Type = p.parseType()
	}
	return a
}

// parseDistinctAttr parses distinct[N]<attr?>.
func (p *syntaxParser) parseDistinctAttr() *astDistinctAttr {
	a := &astDistinctAttr{Pos: p.tok.Pos}
	p.advance()
	p.expect(tokLSquare, "expected '[' after 'distinct'")
	if p.tok.Type != tokInt {
		p.expected("expected distinct ID")
	}
	a.ID = p.tok.Value
	p.advance()
	p.expect(tokRSquare, "expected ']' to close distinct ID")
	p.expect(tokLess, "expected '<' after distinct ID")
	if !p.consumeIf(tokGreater) {
		a.Inner = p.parseAttr()
		p.expect(tokGreater, "expected '>' to close distinct attribute")
	}
	return a
}
