package asm

import (
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

// Types, as mlir/lib/AsmParser/TypeParser.cpp:
//
//	type              ::= function-type | non-function-type
//	function-type     ::= '(' type-list? ')' '->' (  '(' type-list? ')' | non-function-type )
//	non-function-type ::= builtin-keyword-type | shaped-type | complex-type | tuple-type
//	                    | '!' alias-name | '!' dialect '.' name body? | '!' dialect body
//	shaped-type       ::= ('tensor'|'vector'|'memref') '<' dims elem-type (',' attribute)* '>'
//	dims              ::= ('*' 'x')? | ((int | '?' | '[' int ']') 'x')*
//
// MLIR lexes `4x?x8xf32` as `4` `x` `?` `x8xf32` and splits the identifiers
// starting with 'x' while parsing dimensions; so do we (without re-lexing:
// the unsplit rest of a token is carried as text, see parseShapedBody).

// syntaxBuiltinTypeNames are the keyword types of MLIR 19 besides iN/siN/uiN.
var syntaxBuiltinTypeNames = map[string]bool{
	"index": true, "none": true,
	"bf16": true, "f16": true, "f32": true, "f64": true, "f80": true, "f128": true, "tf32": true,
	"f8E5M2": true, "f8E4M3": true, "f8E4M3FN": true, "f8E5M2FNUZ": true, "f8E4M3FNUZ": true, "f8E4M3B11FNUZ": true,
}

// syntaxIsIntTypeName reports [su]?i[0-9]+.
func syntaxIsIntTypeName(s string) bool {
	if len(s) > 1 && (s[0] == 's' || s[0] == 'u') {
		s = s[1:]
	}
	if len(s) < 2 || s[0] != 'i' {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !lexIsDigit(s[i]) {
			return false
		}
	}
	return true
}

// syntaxIsTypeKeyword reports whether a bare identifier starts a type.
func syntaxIsTypeKeyword(s string) bool {
	switch s {
	case "tensor", "vector", "memref", "complex", "tuple":
		return true
	}
	return syntaxBuiltinTypeNames[s] || syntaxIsIntTypeName(s)
}

func (p *syntaxParser) parseType() astType {
	if p.typeCache != nil && (p.tok.Type == tokIdent || p.tok.Type == tokLParen) {
		return p.cachedType(false)
	}
	return p.parseTypeUncached()
}

func (p *syntaxParser) parseTypeUncached() astType {
	if p.tok.Type == tokLParen {
		return p.parseFunctionType()
	}
	return p.parseNonFunctionTypeUncached()
}

// cachedType parses a type, sharing the node with earlier types spelled
// exactly the same. Generic IR repeats a few types hundreds of thousands of
// times (`(tensor<1x64x56x56xf32>, ...) -> ...`); a hit costs a byte scan and
// a map lookup instead of lexing, parsing and allocating the type again. A
// shared node keeps the position of its first use, which is where MLIR would
// report an error in it. Only texts made of identifiers, integers, spaces and
// ( ) < > , ? * -> take part (see typeTextEnd).
// maxCachedTypeText bounds the types cachedType shares.
const maxCachedTypeText = 4096

func (p *syntaxParser) cachedType(nonFunction bool) astType {
	start := p.tok.Pos.Offset
	// Only short texts are cached: scanning a long one at every level of a
	// deeply nested type would be quadratic.
	limit := min(len(p.text), start+maxCachedTypeText)
	end := typeTextEnd(p.text[:limit], start)
	if end < 0 || (end == limit && limit < len(p.text)) {
		if nonFunction {
			return p.parseNonFunctionTypeUncached()
		}
		return p.parseTypeUncached()
	}
	key := p.text[start:end]
	if t, ok := p.typeCache[key]; ok {
		p.skipTo(end)
		return t
	}
	var t astType
	if p.tok.Type == tokLParen {
		t = p.parseFunctionType()
	} else {
		t = p.parseNonFunctionTypeUncached()
	}
	if p.prev.Pos.Offset+len(p.prev.Value) == end {
		p.typeCache[key] = t
	}
	return t
}

// typeTextEnd returns the end offset of the type starting at s[start] if
// its text is in the cacheable subset:
//
//	T ::= ident ('<' A '>')? | '(' (T (',' T)*)? ')' '->' ('(' (T (',' T)*)? ')' | ident ('<' A '>')?)
//
// with single spaces allowed between tokens and A made of [A-Za-z0-9_?*, ]
// and nested <>. Otherwise it returns -1.
func typeTextEnd(s string, start int) int {
	i := start
	if i < len(s) && s[i] == '(' {
		i = typeListEnd(s, i)
		if i < 0 {
			return -1
		}
		for i < len(s) && s[i] == ' ' {
			i++
		}
		if i+1 >= len(s) || s[i] != '-' || s[i+1] != '>' {
			return -1
		}
		i += 2
		for i < len(s) && s[i] == ' ' {
			i++
		}
		if i < len(s) && s[i] == '(' {
			return typeListEnd(s, i)
		}
	}
	return identTypeEnd(s, i)
}

// identTypeEnd scans ident ('<' A '>')? at s[i].
func identTypeEnd(s string, i int) int {
	if i >= len(s) || !(lexIsLetter(s[i]) || s[i] == '_') {
		return -1
	}
	for i < len(s) && (lexIsLetter(s[i]) || lexIsDigit(s[i]) || s[i] == '_') {
		i++
	}
	if i < len(s) && (s[i] == '.' || s[i] == '$') {
		return -1
	}
	if i >= len(s) || s[i] != '<' {
		return i
	}
	depth := 0
	for ; i < len(s); i++ {
		switch c := s[i]; {
		case c == '<':
			depth++
		case c == '>':
			depth--
			if depth == 0 {
				return i + 1
			}
		case lexIsLetter(c) || lexIsDigit(c) || c == '_' || c == '?' || c == '*' || c == ',' || c == ' ':
		default:
			return -1
		}
	}
	return -1
}

// typeListEnd scans '(' (T (',' T)*)? ')' at s[i].
func typeListEnd(s string, i int) int {
	i++ // '('
	for i < len(s) && s[i] == ' ' {
		i++
	}
	if i < len(s) && s[i] == ')' {
		return i + 1
	}
	for {
		i = typeTextEnd(s, i)
		if i < 0 {
			return -1
		}
		for i < len(s) && s[i] == ' ' {
			i++
		}
		if i >= len(s) {
			return -1
		}
		switch s[i] {
		case ')':
			return i + 1
		case ',':
			i++
			for i < len(s) && s[i] == ' ' {
				i++
			}
		default:
			return -1
		}
	}
}

func (p *syntaxParser) parseFunctionType() *astFunctionType {
	ft := &astFunctionType{Pos: p.tok.Pos}
	ft.Inputs = p.parseParenTypeList()
	p.expect(tokArrow, "expected '->' in function type")
	if p.tok.Type == tokLParen {
		ft.Results = p.parseParenTypeList()
	} else {
		ft.Results = []astType{p.parseNonFunctionType()}
	}
	return ft
}

// parseParenTypeList parses '(' (type (',' type)*)? ')'.
func (p *syntaxParser) parseParenTypeList() []astType {
	p.expect(tokLParen, "expected '('")
	if p.consumeIf(tokRParen) {
		return nil
	}
	ts := p.parseTypeList()
	p.expect(tokRParen, "expected ')'")
	return ts
}

// parseTypeList parses type (',' type)*.
func (p *syntaxParser) parseTypeList() []astType {
	mark := p.a.types.mark()
	for {
		p.a.types.push(p.parseType())
		if !p.consumeIf(tokComma) {
			return p.a.types.done(mark)
		}
	}
}

func (p *syntaxParser) parseNonFunctionType() astType {
	if p.typeCache != nil && p.tok.Type == tokIdent {
		return p.cachedType(true)
	}
	return p.parseNonFunctionTypeUncached()
}

func (p *syntaxParser) parseNonFunctionTypeUncached() astType {
	switch p.tok.Type {
	case tokIdent:
		t := p.tok
		if !syntaxIsTypeKeyword(t.Value) {
			break
		}
		p.advance()
		return p.typeFromIdent(t.Value, t.Pos)
	case tokBangID:
		return p.parseBangType()
	}
	p.expected("expected non-function type")
	return nil
}

// typeFromIdent continues a type whose keyword (already consumed, possibly
// split out of a dimension-list token) is name.
func (p *syntaxParser) typeFromIdent(name string, pos lexer.Position) astType {
	switch name {
	case "tensor", "vector", "memref":
		return p.parseShapedBody(name, pos)
	case "complex":
		p.expect(tokLess, "expected '<' in complex type")
		c := &astComplexType{Pos: pos, Elem: p.parseType()}
		p.expect(tokGreater, "expected '>' in complex type")
		return c
	case "tuple":
		p.expect(tokLess, "expected '<' in tuple type")
		t := &astTupleType{Pos: pos}
		if !p.consumeIf(tokGreater) {
			t.Elems = p.parseTypeList()
			p.expect(tokGreater, "expected '>' in tuple type")
		}
		return t
	}
	if syntaxBuiltinTypeNames[name] || syntaxIsIntTypeName(name) {
		return &astBuiltinType{Pos: pos, Name: name}
	}
	p.failf(pos, "expected non-function type")
	return nil
}

// parseShapedBody parses `<dims elem (, attr)*>` after tensor/vector/memref.
// pend holds the not yet consumed rest of a token split at an 'x' (e.g.
// "56x56xf32" from "x56x56xf32"), pendPos its position.
func (p *syntaxParser) parseShapedBody(kind string, pos lexer.Position) astType {
	st := &astShapedType{Pos: pos, Kind: kind}
	p.expect(tokLess, "expected '<' in "+kind+" type")
	var pend string
	var pendPos lexer.Position
	var scalable []bool
	if kind != "vector" && p.tok.Type == tokStar {
		st.Unranked = true
		p.advance()
		pend, pendPos = p.consumeDimX(pend, pendPos)
	} else {
	dims:
		for {
			isScalable := false
			if pend != "" {
				if !lexIsDigit(pend[0]) {
					break
				}
				k := 1
				for k < len(pend) && lexIsDigit(pend[k]) {
					k++
				}
				st.Dims = append(st.Dims, p.dimValue(pend[:k], pendPos))
				pend, pendPos = pend[k:], syntaxPosAt(pendPos, k)
			} else {
				switch p.tok.Type {
				case tokInt:
					v := p.tok.Value
					if len(v) > 1 && v[1] == 'x' {
						// `0x4xf32` lexes as the hex integer 0x4: it is dimension 0
						// followed by "x4" (MLIR re-lexes after the '0').
						st.Dims = append(st.Dims, 0)
						pend, pendPos = v[1:], syntaxPosAt(p.tok.Pos, 1)
					} else {
						st.Dims = append(st.Dims, p.dimValue(v, p.tok.Pos))
					}
					p.advance()
				case tokQuestion:
					st.Dims = append(st.Dims, astDynamicDim)
					p.advance()
				case tokLSquare:
					if kind != "vector" {
						break dims
					}
					p.advance()
					if p.tok.Type != tokInt {
						p.errorf("invalid dimension")
					}
					st.Dims = append(st.Dims, p.dimValue(p.tok.Value, p.tok.Pos))
					p.advance()
					p.expect(tokRSquare, "missing ']' closing scalable dimension")
					isScalable = true
				default:
					break dims
				}
			}
			if isScalable && scalable == nil {
				scalable = make([]bool, len(st.Dims)-1, len(st.Dims))
			}
			if scalable != nil {
				scalable = append(scalable, isScalable)
			}
			pend, pendPos = p.consumeDimX(pend, pendPos)
		}
	}
	st.Scalable = scalable
	if pend != "" {
		st.Elem = p.typeFromIdent(pend, pendPos)
	} else {
		st.Elem = p.parseNonFunctionType()
	}
	for p.consumeIf(tokComma) {
		if kind == "memref" && p.tok.Type == tokGreater {
			p.expected("expected list element")
		}
		st.Params = append(st.Params, p.parseAttr())
		st.ParamEnds = append(st.ParamEnds, p.tok.Pos)
	}
	p.expect(tokGreater, "expected '>' in "+kind+" type")
	return st
}

// consumeDimX consumes the 'x' after a dimension, from pend or from the
// next token, returning the new pend.
func (p *syntaxParser) consumeDimX(pend string, pendPos lexer.Position) (string, lexer.Position) {
	if pend != "" {
		if pend[0] != 'x' {
			p.failf(pendPos, "expected 'x' in dimension list")
		}
		return pend[1:], syntaxPosAt(pendPos, 1)
	}
	if p.tok.Type != tokIdent || p.tok.Value[0] != 'x' {
		p.expected("expected 'x' in dimension list")
	}
	rest, restPos := p.tok.Value[1:], syntaxPosAt(p.tok.Pos, 1)
	p.advance()
	return rest, restPos
}

func (p *syntaxParser) dimValue(text string, pos lexer.Position) int64 {
	v, ok := syntaxParseUint(text)
	if !ok || v >= 1<<63-1 {
		p.failf(pos, "invalid dimension")
	}
	return int64(v)
}

// parseBangType parses !alias, !dialect.name, !dialect.name<body> and
// !dialect<body>.
func (p *syntaxParser) parseBangType() astType {
	t := p.tok
	name := t.Value[1:]
	p.advance()
	var body string
	var bodyPos lexer.Position
	if p.tok.Type == tokBody {
		body, bodyPos = p.tok.Value, p.tok.Pos
		p.advance()
	}
	if dot := strings.IndexByte(name, '.'); dot >= 0 {
		return &astDialectType{Pos: t.Pos, Dialect: name[:dot], Name: name[dot+1:], Body: body, BodyPos: bodyPos}
	}
	if body != "" {
		return &astDialectType{Pos: t.Pos, Dialect: name, Verbose: true, Body: body, BodyPos: bodyPos}
	}
	return &astTypeAliasRef{Pos: t.Pos, Name: name}
}
