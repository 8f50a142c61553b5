package asm

import (
	"strings"
	"unsafe"

	"github.com/alecthomas/participle/v2/lexer"
)

// parseOp parses one operation, generic or custom, with its trailing loc.
func (p *syntaxParser) parseOp() *astOp {
	op, oneResult, spareForm := p.newOp()
	op.Pos = p.tok.Pos
	if p.tok.Type == tokValueID {
		op.Results = p.parseResults(oneResult)
	}
	op.NamePos = p.tok.Pos
	switch p.tok.Type {
	case tokString:
		op.Name = syntaxUnquote(p.tok.Value)
		p.advance()
		op.Form = p.parseGenericForm()
	case tokIdent:
		op.Name = p.tok.Value
		p.advance()
		switch op.Name {
		case "builtin.module", "module":
			p.parseModuleForm(op)
		case "func.func":
			p.parseFuncForm(op)
		case "func.return", "return":
			op.Form = p.parseReturnForm()
		case "func.call", "call":
			op.Form = p.parseCallForm()
		default:
			op.Form, op.Loc = p.parseCustomForm(spareForm)
			return op
		}
	default:
		p.expected("expected operation name in quotes")
	}
	op.Loc = p.parseOptionalTrailingLoc()
	if op.early {
		bodyOf(op).blocks.close(p.stream)
	}
	return op
}

// bodyOf is a module's or function's body region.
func bodyOf(op *astOp) *astRegion {
	switch f := op.Form.(type) {
	case *astModuleForm:
		return f.Body
	case *astFuncForm:
		return f.Body
	}
	return nil
}

// newOp is a fresh op node and where it keeps a single result group
// (nil: in the results slab). In a streamed parse it is one the resolver
// is done with (see streamSync.recycle) when there is one, with its
// custom form for reuse; its nodes are allocated one by one, not from a
// slab, as a recycled node lives on and would keep a slab chunk of other
// ops' subtrees alive with it.
func (p *syntaxParser) newOp() (*astOp, *[1]astResult, *astCustomForm) {
	if p.stream == nil {
		return p.a.ops.new(), nil, nil
	}
	if s := p.stream.reuse(&p.reused); s != nil {
		cf, _ := s.op.Form.(*astCustomForm)
		*s = streamedOp{}
		return &s.op, &s.oneResult, cf
	}
	s := new(streamedOp)
	return &s.op, &s.oneResult, nil
}

// streamedOp is how a streamed parse allocates an op node (every one:
// streamedOpOf relies on it), with room for a single result group.
type streamedOp struct {
	op        astOp
	oneResult [1]astResult
}

// streamedOpOf is the streamedOp around a streamed parse's op node.
func streamedOpOf(o *astOp) *streamedOp { return (*streamedOp)(unsafe.Pointer(o)) }

// parseResults parses `%a, %b:2 =`; a single group goes into one if it
// is not nil.
func (p *syntaxParser) parseResults(one *[1]astResult) []astResult {
	mark := p.a.results.mark()
	for {
		if p.tok.Type != tokValueID {
			p.expected("expected valid ssa identifier")
		}
		r := astResult{Pos: p.tok.Pos, Name: p.tok.Value[1:], Count: 1}
		p.advance()
		if p.consumeIf(tokColon) {
			countPos := p.tok.Pos
			r.Count = p.parseSmallInt("expected integer number of results")
			if r.Count == 0 {
				p.failf(countPos, "expected named operation to have at least 1 result")
			}
		}
		p.a.results.push(r)
		if !p.consumeIf(tokComma) {
			break
		}
	}
	p.expect(tokEqual, "expected '=' after SSA name")
	if one != nil && p.a.results.mark()-mark == 1 {
		one[0] = p.a.results.scratch[mark]
		p.a.results.scratch[mark] = astResult{}
		p.a.results.scratch = p.a.results.scratch[:mark]
		return one[:]
	}
	return p.a.results.done(mark)
}

// parseValueUse parses `%name` or `%name#N`.
func (p *syntaxParser) parseValueUse() astValueUse {
	if p.tok.Type != tokValueID {
		p.expected("expected SSA operand")
	}
	u := astValueUse{Pos: p.tok.Pos, Name: p.tok.Value[1:]}
	p.advance()
	if p.tok.Type == tokHashID {
		v, ok := syntaxParseUint(p.tok.Value[1:])
		if !ok || !lexIsDigit(p.tok.Value[1]) || v > 1<<31-1 {
			p.errorf("invalid SSA value result number")
		}
		u.Index = int(v)
		p.advance()
	}
	return u
}

// parseValueUseList parses one or more comma-separated value uses.
func (p *syntaxParser) parseValueUseList() []astValueUse {
	mark := p.a.uses.mark()
	for {
		p.a.uses.push(p.parseValueUse())
		if !p.consumeIf(tokComma) {
			return p.a.uses.done(mark)
		}
	}
}

func (p *syntaxParser) parseGenericForm() *astGenericForm {
	g := p.a.generics.new()
	p.expect(tokLParen, "expected '(' to start operand list")
	if p.tok.Type == tokValueID {
		g.Operands = p.parseValueUseList()
	}
	p.expect(tokRParen, "expected ')' to end operand list")
	if p.consumeIf(tokLSquare) {
		for {
			if p.tok.Type != tokCaretID {
				p.expected("expected block name")
			}
			g.Successors = append(g.Successors, astSuccessor{Pos: p.tok.Pos, Block: p.tok.Value[1:]})
			p.advance()
			if !p.consumeIf(tokComma) {
				break
			}
		}
		p.expect(tokRSquare, "expected ',' or ']'")
	}
	if p.consumeIf(tokLess) {
		g.Props = p.parseAttr()
		p.expect(tokGreater, "expected '>' to close properties")
	}
	if p.consumeIf(tokLParen) {
		// Regions of generic ops do not stream: the op needs its
		// attributes and type, which follow them.
		emit := p.emit
		p.emit = nil
		defer func() { p.emit = emit }()
		mark := p.a.regions.mark()
		for {
			p.a.regions.push(p.parseRegion())
			if !p.consumeIf(tokComma) {
				break
			}
		}
		g.Regions = p.a.regions.done(mark)
		p.expect(tokRParen, "expected ')' to end region list")
	}
	if p.tok.Type == tokLBrace {
		g.Attrs = p.parseDict()
	}
	p.expect(tokColon, "expected ':' followed by operation type")
	g.Type = p.parseFunctionTypeOnly("expected function type")
	return g
}

// parseFunctionTypeOnly parses a type that must be a function type.
func (p *syntaxParser) parseFunctionTypeOnly(msg string) *astFunctionType {
	pos := p.tok.Pos
	ft, ok := p.parseType().(*astFunctionType)
	if !ok {
		p.failf(pos, "%s", msg)
	}
	return ft
}

// parseRegion parses `{ blocks }`.
func (p *syntaxParser) parseRegion() *astRegion {
	r := &astRegion{Pos: p.tok.Pos}
	p.expect(tokLBrace, "expected '{' to begin a region")
	if p.tok.Type != tokRBrace && p.tok.Type != tokCaretID {
		b := &astBlock{Pos: p.tok.Pos}
		b.Ops = p.parseBlockOps()
		r.Blocks = append(r.Blocks, b)
	}
	for p.tok.Type == tokCaretID {
		r.Blocks = append(r.Blocks, p.parseBlock())
	}
	r.EndPos = p.tok.Pos
	p.expect(tokRBrace, "expected '}' to end region")
	return r
}

func (p *syntaxParser) parseBlockOps() []*astOp {
	mark := p.a.opList.mark()
	for {
		switch p.tok.Type {
		case tokRBrace, tokCaretID:
			return p.a.opList.done(mark)
		}
		p.a.opList.push(p.parseOp())
	}
}

// parseBlock parses `^label(%a: T loc(..), ...):` and the block's ops.
func (p *syntaxParser) parseBlock() *astBlock {
	b := p.parseBlockHeader()
	b.Ops = p.parseBlockOps()
	return b
}

// parseBlockHeader parses `^label(%a: T loc(..), ...):`.
func (p *syntaxParser) parseBlockHeader() *astBlock {
	b := &astBlock{Pos: p.tok.Pos, Label: p.tok.Value[1:]}
	p.advance()
	if p.consumeIf(tokLParen) {
		if p.tok.Type != tokRParen {
			for {
				if p.tok.Type != tokValueID {
					p.expected("expected SSA operand")
				}
				a := astBlockArg{Pos: p.tok.Pos, Name: p.tok.Value[1:]}
				p.advance()
				p.expect(tokColon, "expected ':' and type for SSA operand")
				a.Type = p.parseType()
				a.Loc = p.parseOptionalTrailingLoc()
				b.Args = append(b.Args, a)
				if !p.consumeIf(tokComma) {
					break
				}
			}
		}
		p.expect(tokRParen, "expected ')'")
	}
	p.expect(tokColon, "expected ':' after block name")
	return b
}

// parseBody parses a module's or function's body region into *dst. In a
// streamed list, op is published before the body, whose blocks and ops
// then stream; parseOp closes the region's list after op's location.
func (p *syntaxParser) parseBody(op *astOp, dst **astRegion) {
	if p.emit == nil {
		*dst = p.parseRegion()
		return
	}
	r := &astRegion{Pos: p.tok.Pos, blocks: &streamList[*astBlock]{}}
	*dst = r
	op.early = true
	p.emit(op)
	outer := p.emit
	p.expect(tokLBrace, "expected '{' to begin a region")
	if p.tok.Type != tokRBrace && p.tok.Type != tokCaretID {
		b := &astBlock{Pos: p.tok.Pos, ops: &streamList[*astOp]{}}
		r.blocks.push(b, p.stream)
		p.parseBlockOpsStreamed(b)
	}
	for p.tok.Type == tokCaretID {
		b := p.parseBlockHeader()
		b.ops = &streamList[*astOp]{}
		r.blocks.push(b, p.stream)
		p.parseBlockOpsStreamed(b)
	}
	r.EndPos = p.tok.Pos
	p.expect(tokRBrace, "expected '}' to end region")
	p.emit = outer
}

// parseBlockOpsStreamed parses a block's ops, publishing each.
func (p *syntaxParser) parseBlockOpsStreamed(b *astBlock) {
	emit := func(op *astOp) { b.ops.push(op, p.stream) }
	for {
		switch p.tok.Type {
		case tokRBrace, tokCaretID:
			b.ops.close(p.stream)
			return
		}
		p.checkAbort()
		p.emit = emit
		if op := p.parseOp(); !op.early {
			b.ops.push(op, p.stream)
		}
	}
}

// ---------------------------------------------------------------------------
// Known custom forms

// parseModuleForm: `module @name? (attributes {...})? region`.
func (p *syntaxParser) parseModuleForm(op *astOp) {
	m := &astModuleForm{}
	op.Form = m
	if p.tok.Type == tokAtID {
		m.SymName, m.SymPos = syntaxSymbolName(p.tok.Value), p.tok.Pos
		p.advance()
	}
	if p.isIdent("attributes") {
		p.advance()
		m.Attrs = p.parseDict()
	}
	p.parseBody(op, &m.Body)
}

// parseFuncForm: `func.func (private|public|nested)? @name(args) (-> results)?
// (attributes {...})? region?`, as function_interface_impl::parseFunctionOp.
func (p *syntaxParser) parseFuncForm(op *astOp) {
	f := &astFuncForm{}
	op.Form = f
	if p.tok.Type == tokIdent {
		switch p.tok.Value {
		case "private", "public", "nested":
			f.Visibility = p.tok.Value
			p.advance()
		}
	}
	if p.tok.Type != tokAtID {
		p.errorf("custom op 'func.func' expected valid '@'-identifier for symbol name")
	}
	f.SymName, f.SymPos = syntaxSymbolName(p.tok.Value), p.tok.Pos
	p.advance()
	p.expect(tokLParen, "expected '('")
	if p.tok.Type != tokRParen {
		named := p.tok.Type == tokValueID
		for {
			a := astFuncArg{Pos: p.tok.Pos}
			if named {
				if p.tok.Type != tokValueID {
					p.errorf("custom op 'func.func' expected SSA identifier")
				}
				a.Name = p.tok.Value[1:]
				p.advance()
				p.expect(tokColon, "expected ':'")
			} else if p.tok.Type == tokValueID {
				p.errorf("custom op 'func.func' expected type instead of SSA identifier")
			}
			a.Type = p.parseType()
			if p.tok.Type == tokLBrace {
				a.Attrs = p.parseDict()
			}
			a.Loc = p.parseOptionalTrailingLoc()
			f.Args = append(f.Args, a)
			if !p.consumeIf(tokComma) {
				break
			}
		}
	}
	p.expect(tokRParen, "expected ')'")
	if p.consumeIf(tokArrow) {
		if p.consumeIf(tokLParen) {
			if p.tok.Type != tokRParen {
				for {
					r := astFuncResult{Pos: p.tok.Pos, Type: p.parseType()}
					if p.tok.Type == tokLBrace {
						r.Attrs = p.parseDict()
					}
					f.Results = append(f.Results, r)
					if !p.consumeIf(tokComma) {
						break
					}
				}
			}
			p.expect(tokRParen, "expected ')'")
		} else {
			f.Results = []astFuncResult{{Pos: p.tok.Pos, Type: p.parseNonFunctionType()}}
		}
	}
	if p.isIdent("attributes") {
		f.AttrsKwPos = p.tok.Pos
		p.advance()
		f.Attrs = p.parseDict()
	}
	if p.tok.Type == tokLBrace {
		p.parseBody(op, &f.Body)
	}
}

// parseReturnForm: `return {attrs}? (%a, ... : T, ...)?`.
func (p *syntaxParser) parseReturnForm() *astReturnForm {
	r := &astReturnForm{}
	if p.tok.Type == tokLBrace {
		r.Attrs = p.parseDict()
	}
	if p.tok.Type == tokValueID && !p.valueStartsStatement(p.tok.Pos.Line > p.prevLine, nil) {
		r.Operands = p.parseValueUseList()
		p.expect(tokColon, "expected ':'")
		r.Types = p.parseTypeList()
	}
	return r
}

// parseCallForm: `call @callee(%a, ...) {attrs}? : (T, ...) -> (T, ...)`.
func (p *syntaxParser) parseCallForm() *astCallForm {
	c := &astCallForm{}
	if p.tok.Type != tokAtID {
		p.expected("expected attribute value")
	}
	c.Callee = p.parseSymbolRef()
	p.expect(tokLParen, "expected '('")
	if p.tok.Type == tokValueID {
		c.Operands = p.parseValueUseList()
	}
	p.expect(tokRParen, "expected ')'")
	if p.tok.Type == tokLBrace {
		c.Attrs = p.parseDict()
	}
	p.expect(tokColon, "expected ':'")
	c.Type = p.parseFunctionTypeOnly("custom op 'func.call' invalid kind of type specified")
	return c
}

// ---------------------------------------------------------------------------
// Unknown custom forms

// parseCustomForm records the tokens of a custom-form operation whose syntax
// the syntax layer does not know. The op ends at EOF (whatever the bracket
// depth: unbalanced brackets are left for the op's format to report) or
// before the first token at bracket depth 0 (counting (), [] and {}) that
//
//   - closes an enclosing bracket (the end of the region) or is '{-#', or
//   - starts a new statement (see startsStatement).
//
// A trailing `loc(...)` at depth 0 that ends the op is parsed as its
// location and left out of the tokens.
func (p *syntaxParser) parseCustomForm(spare *astCustomForm) (*astCustomForm, astLoc) {
	keep := p.shared == nil // keep tokens only when there is no text to re-lex
	var toks []lexer.Token
	if keep {
		toks = make([]lexer.Token, 0, 16)
	}
	start := p.tok.Pos
	n := 0 // tokens in the form so far
	depth := 0
	locStart, locEnd := -1, -1 // token indices of a depth-0 `loc` and its ')'
	var locPos lexer.Position  // position of that `loc`
	groupStart := -1           // index of the token that opened the current depth-0 group
	skip := 0                  // tokens known not to start a statement
	if !keep && p.skipSimpleLine() {
		n = 1
	}
	for {
		t := &p.tok
		if t.Type == lexer.EOF {
			goto done // at any depth: the format parser reports unbalanced brackets
		}
		if depth == 0 {
			switch t.Type {
			case tokRBrace, tokRParen, tokRSquare, tokMetaBegin:
				goto done
			}
			if skip > 0 {
				skip--
			} else if p.startsStatement(&skip) {
				goto done
			}
			if t.Type == tokIdent && t.Value == "loc" && p.peek(1).Type == tokLParen {
				locStart, locPos = n, t.Pos
			}
		}
		switch t.Type {
		case tokLParen, tokLSquare, tokLBrace:
			if depth == 0 {
				groupStart = n
			}
			depth++
		case tokRParen, tokRSquare, tokRBrace:
			depth--
			if depth == 0 && locStart >= 0 && groupStart == locStart+1 {
				locEnd = n
			}
		}
		if keep {
			toks = append(toks, *t)
		}
		n++
		p.advance()
	}
done:
	cf := spare
	if cf == nil {
		cf = new(astCustomForm)
	}
	*cf = astCustomForm{Tokens: toks, EndPos: p.tok.Pos}
	hasLoc := locStart >= 0 && locEnd == n-1
	if !keep {
		cf.Src, cf.Start, cf.End = p.shared, start, p.tok.Pos.Offset
		if p.spanShared != nil {
			cf.Src = p.spanShared
		}
		if n == 0 {
			cf.Start = p.tok.Pos
		}
	}
	var loc astLoc
	if hasLoc {
		var sub *syntaxParser
		if keep {
			sub = &syntaxParser{src: newSyntaxSliceSource(toks[locStart:], p.tok.Pos), a: p.a}
			cf.Tokens = toks[:locStart:locStart]
		} else {
			sub = p.shared.spanParser(locPos, p.tok.Pos.Offset, p.tok.Pos)
			cf.End = locPos.Offset
		}
		sub.begin()
		loc = sub.parseLoc()
	}
	return cf, loc
}

// skipSimpleLine is parseCustomForm's fast path for the common one-line op
// (`%2 = core.add %0, %1 : (tensor<4xf32>, ...) -> tensor<4xf32>`). When the
// rest of the current line lexes cleanly into tokens that cannot start a
// statement or hide one (no string, `{`, `}`, `=` or `loc`) and balances its
// brackets, it is consumed by the lexer alone, without the per-token
// statement checks; the caller goes on from the next line. It reports
// whether it consumed the line.
func (p *syntaxParser) skipSimpleLine() bool {
	// The form must start on the op name's line: a token at the start of a
	// line may begin the next statement.
	if p.scan == nil || len(p.la) > 0 || p.tok.Type == lexer.EOF || p.scan.pending || p.tok.Pos.Line != p.prevLine {
		return false
	}
	start, line := p.tok.Pos.Offset, p.tok.Pos.Line
	sc := *p.scan
	sc.pos, sc.line, sc.lineStart = start, line, start-(p.tok.Pos.Column-1)
	depth, end := 0, start
	var t lexer.Token
	var last lexer.TokenType
	for {
		t, _ = sc.Next()
		if t.Type == lexer.EOF || t.Pos.Line != line {
			break
		}
		switch t.Type {
		case tokString, tokLBrace, tokRBrace, tokEqual, tokMetaBegin, tokError:
			return false
		case tokIdent:
			if t.Value == "loc" {
				return false
			}
		case tokLParen, tokLSquare:
			depth++
		case tokBody: // `<...>` after a dialect type or attribute
			if strings.IndexByte(t.Value, '\n') >= 0 {
				return false
			}
		case tokRParen, tokRSquare:
			if depth--; depth < 0 {
				return false
			}
		}
		end, last = t.Pos.Offset+len(t.Value), t.Type
	}
	// A trailing ',' (or a next line going on with ',', '=' or ':') may be
	// part of a `%a, %b = ...` chain that startsStatement would see.
	if depth != 0 || end == start || last == tokComma {
		return false
	}
	switch t.Type {
	case tokError, tokComma, tokEqual, tokColon:
		return false
	}
	p.prev = lexer.Token{Type: tokIdent, Value: p.text[start:end], Pos: p.tok.Pos}
	p.prevLine = line
	p.consumed++
	*p.scan = sc
	p.tok = t
	return true
}

// tokens returns the form's tokens (lexing its span if need be).
func (f *astCustomForm) tokens() []lexer.Token {
	if f.Src == nil {
		return f.Tokens
	}
	sub := f.Src.spanParser(f.Start, f.End, f.EndPos)
	var toks []lexer.Token
	for t := sub.src.next(); t.Type != lexer.EOF; t = sub.src.next() {
		toks = append(toks, t)
	}
	return toks
}

// cursor returns a syntaxCursor over the form.
func (f *astCustomForm) cursor() (*syntaxCursor, error) {
	if f.Src == nil {
		return newSyntaxCursor(f.Tokens, f.EndPos)
	}
	return newSyntaxCursorFrom(f.Src.spanParser(f.Start, f.End, f.EndPos))
}

// startsStatement reports whether the current token (at bracket depth 0
// inside a custom op) begins a new statement:
//
//   - `%a, %b:2 =` followed by a string or a dotted op name, anywhere; or
//     followed by anything when it is the first token of its line (so that
//     `scf.for %i = %lb to ...` does not end at `%i =`);
//   - at the start of a line: a block label `^bb1`, a generic op name
//     "dialect.op", a dotted bare op name (or return/module/call), or an
//     alias definition `#name =` / `!name =`.
//
// When a value-id chain does not start a statement, *skip is set to the
// number of following tokens of the chain, so long operand lists are scanned
// once.
func (p *syntaxParser) startsStatement(skip *int) bool {
	t := &p.tok
	lineStart := t.Pos.Line > p.prevLine
	switch t.Type {
	case tokValueID:
		return p.valueStartsStatement(lineStart, skip)
	case tokCaretID, tokString:
		return lineStart
	case tokIdent:
		return lineStart && (strings.IndexByte(t.Value, '.') >= 0 || t.Value == "return" || t.Value == "module" || t.Value == "call")
	case tokHashID, tokBangID:
		return lineStart && p.peek(1).Type == tokEqual
	}
	return false
}

// valueStartsStatement checks, at a value-id, for `%a(:N)? (, %b(:N)?)* =`
// (see startsStatement).
func (p *syntaxParser) valueStartsStatement(lineStart bool, skip *int) bool {
	i := 0
	for {
		i++
		if p.at(i).Type == tokColon && p.at(i+1).Type == tokInt {
			i += 2
		}
		if p.at(i).Type == tokComma && p.at(i+1).Type == tokValueID {
			i++
			continue
		}
		break
	}
	if p.at(i).Type != tokEqual {
		if skip != nil {
			*skip = i - 1
		}
		return false
	}
	if lineStart {
		return true
	}
	next := p.at(i + 1)
	return next.Type == tokString || next.Type == tokIdent && strings.IndexByte(next.Value, '.') >= 0
}
