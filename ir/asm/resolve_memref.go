package asm

import (
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/mlc-go/mlc/ir"
)

// Resolving memref types and the strided layout, with MLIR's checks and
// messages (its parser's and MemRefType::verify's).

func (r *resolver) memRefType(t *astShapedType, elem ir.Type) ir.Type {
	if !ir.IsValidMemRefElementType(elem) {
		r.fail(t.Elem.astPos(), "invalid memref element type")
	}
	for _, d := range t.Dims {
		if d < 0 && d != astDynamicDim {
			r.fail(t.Pos, "invalid memref size")
		}
	}
	var layout, space ir.Attribute
	for i, p := range t.Params {
		isLayout, a := r.memRefParam(p, t)
		end := t.ParamEnds[i]
		if !isLayout {
			if space != nil {
				r.fail(end, "multiple memory spaces specified in memref type")
			}
			space = a
			continue
		}
		if t.Unranked {
			r.fail(end, "cannot have affine map for unranked memref type")
		}
		if space != nil {
			r.fail(end, "expected memory space to be last in memref type")
		}
		layout = a
	}
	if s, ok := layout.(*ir.StridedLayoutAttr); ok && len(s.Strides) != len(t.Dims) {
		r.fail(t.Pos, "expected the number of strides to match the rank")
	}
	if !ir.IsValidMemorySpace(space) {
		r.fail(t.Pos, "unsupported memory space Attribute")
	}
	if t.Unranked {
		return r.ctx.UnrankedMemRefType(elem, space)
	}
	return r.ctx.MemRefType(t.Dims, elem, layout, space)
}

// memRefParam resolves a param after a memref's element type: a layout
// (strided, or an identity affine map, which is the default layout:
// nil) or else a memory space.
func (r *resolver) memRefParam(p astAttr, t *astShapedType) (layout bool, a ir.Attribute) {
	raw, ok := p.(*astRawAttr)
	if ref, isRef := p.(*astAttrAliasRef); isRef {
		if def, found := r.attrAliases[ref.Name]; found {
			raw, ok = def.Value.(*astRawAttr)
		}
	}
	if ok && raw.Keyword == "affine_map" {
		dims, identity := identityAffineMap(raw.Tokens)
		if !identity {
			r.fail(raw.Pos, "non-identity affine_map layouts are not supported by mlc")
		}
		if !t.Unranked && dims != len(t.Dims) {
			r.fail(t.Pos, "memref layout mismatch between rank and affine map: %d != %d", len(t.Dims), dims)
		}
		return true, nil
	}
	a = r.attr(p)
	_, layout = a.(*ir.StridedLayoutAttr)
	return layout, a
}

// identityAffineMap reports whether toks (an affine_map's body) is
// (d0, ..., dn) [symbols]? -> (d0, ..., dn), whatever the names, and its
// number of dimensions.
func identityAffineMap(toks []lexer.Token) (int, bool) {
	i := 0
	next := func(tt lexer.TokenType) (string, bool) {
		if i < len(toks) && toks[i].Type == tt {
			i++
			return toks[i-1].Value, true
		}
		return "", false
	}
	names := func(close lexer.TokenType) ([]string, bool) {
		var out []string
		if _, ok := next(close); ok {
			return out, true
		}
		for {
			n, ok := next(tokIdent)
			if !ok {
				return nil, false
			}
			out = append(out, n)
			if _, ok := next(close); ok {
				return out, true
			}
			if _, ok := next(tokComma); !ok {
				return nil, false
			}
		}
	}
	if _, ok := next(tokLParen); !ok {
		return 0, false
	}
	dims, ok := names(tokRParen)
	if !ok {
		return 0, false
	}
	if _, sym := next(tokLSquare); sym {
		if _, ok := names(tokRSquare); !ok {
			return 0, false
		}
	}
	if _, ok := next(tokArrow); !ok {
		return 0, false
	}
	if _, ok := next(tokLParen); !ok {
		return 0, false
	}
	results, ok := names(tokRParen)
	if !ok || i != len(toks) || len(results) != len(dims) {
		return 0, false
	}
	for k := range dims {
		if dims[k] != results[k] {
			return 0, false
		}
	}
	return len(dims), true
}

// stridedAttr resolves strided<[s, ...], offset: o> (its syntax was
// checked while parsing).
func (r *resolver) stridedAttr(a *astRawAttr) *ir.StridedLayoutAttr {
	strides, offset, pos, msg := parseStrided(a.Tokens, a.End)
	if msg != "" {
		r.fail(pos, "%s", msg)
	}
	for _, s := range strides {
		if s == 0 {
			r.fail(a.Pos, "strides must not be zero")
		}
	}
	return r.ctx.StridedLayoutAttr(strides, offset)
}

// parseStrided reads a strided layout's body, `[s, ...]` then optionally
// `, offset: o` (each an integer or '?'), from toks; end is where the
// closing '>' is. On a syntax error it returns MLIR's message and where
// MLIR puts it.
func parseStrided(toks []lexer.Token, end lexer.Position) (strides []int64, offset int64, errPos lexer.Position, errMsg string) {
	type failure struct {
		pos lexer.Position
		msg string
	}
	defer func() {
		rec := recover()
		if f, ok := rec.(failure); ok {
			strides, offset, errPos, errMsg = nil, 0, f.pos, f.msg
		} else if rec != nil {
			panic(rec)
		}
	}()
	i := 0
	at := func() lexer.Position {
		if i < len(toks) {
			return toks[i].Pos
		}
		return end
	}
	is := func(tt lexer.TokenType) bool { return i < len(toks) && toks[i].Type == tt }
	// expect fails as MLIR's parseToken: after the previous token when
	// white space separates them.
	expect := func(tt lexer.TokenType, value, msg string) {
		if is(tt) && (value == "" || toks[i].Value == value) {
			i++
			return
		}
		pos := at()
		if i > 0 {
			prev := toks[i-1]
			prevEnd := syntaxPosAt(prev.Pos, len(prev.Value))
			if prevEnd.Offset < pos.Offset && prevEnd.Line == pos.Line {
				pos = prevEnd
			}
		}
		panic(failure{pos, msg})
	}
	number := func() int64 {
		if is(tokQuestion) {
			i++
			return ir.Dynamic
		}
		pos := at()
		neg := is(tokMinus)
		if neg {
			i++
		}
		if !is(tokInt) {
			panic(failure{pos, "expected a 64-bit signed integer or '?'"})
		}
		v, ok := syntaxParseUint(toks[i].Value)
		if !ok || v > 1<<63-1 {
			panic(failure{pos, "expected a 64-bit signed integer or '?'"})
		}
		i++
		if neg {
			return -int64(v)
		}
		return int64(v)
	}
	expect(tokLSquare, "", "expected '['")
	if !is(tokRSquare) {
		for {
			strides = append(strides, number())
			if !is(tokComma) {
				break
			}
			i++
		}
	}
	expect(tokRSquare, "", "expected ']'")
	if i < len(toks) {
		expect(tokComma, "", "expected ','")
		expect(tokIdent, "offset", "expected 'offset' after comma")
		expect(tokColon, "", "expected ':' after 'offset'")
		offset = number()
		if i < len(toks) {
			panic(failure{at(), "expected '>'"})
		}
	}
	return strides, offset, errPos, ""
}
