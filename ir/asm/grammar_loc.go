package asm

// Locations, as mlir/lib/AsmParser/LocationParser.cpp (MLIR 19), plus MLIR
// 20's `to` ranges:
//
//	location          ::= 'loc' '(' location-instance ')'
//	location-instance ::= 'unknown'
//	                    | string ':' int ':' int ('to' int? ':' int)?
//	                    | string ('(' location-instance ')')?
//	                    | 'callsite' '(' location-instance 'at' location-instance ')'
//	                    | 'fused' ('<' attribute '>')? '[' (location-instance (',' location-instance)*)? ']'
//	                    | '#' alias-name

// parseOptionalTrailingLoc parses `loc(...)` if the current token is `loc`.
func (p *syntaxParser) parseOptionalTrailingLoc() astLoc {
	if p.tok.Type != tokIdent || p.tok.Value != "loc" {
		return nil
	}
	return p.parseLoc()
}

// parseLoc parses `loc(...)`; the current token is `loc`.
func (p *syntaxParser) parseLoc() astLoc {
	p.advance()
	p.expect(tokLParen, "expected '(' in location")
	l := p.parseLocInstance()
	p.expect(tokRParen, "expected ')' in location")
	return l
}

func (p *syntaxParser) parseLocInstance() astLoc {
	t := p.tok
	switch t.Type {
	case tokHashID:
		p.advance()
		if p.tok.Type == tokBody {
			p.failf(t.Pos, "expected location instance")
		}
		return &astLocAliasRef{Pos: t.Pos, Name: t.Value[1:]}
	case tokString:
		s := syntaxUnquote(t.Value)
		p.advance()
		if p.consumeIf(tokColon) {
			l := &astFileLineColLoc{Pos: t.Pos, File: s}
			l.Line = p.parseLocNumber("expected integer line number in FileLineColLoc")
			p.expect(tokColon, "expected ':' in FileLineColLoc")
			l.Col = p.parseLocNumber("expected integer column number in FileLineColLoc")
			if p.isIdent("to") {
				p.advance()
				l.EndLine = l.Line
				if p.tok.Type == tokInt {
					l.EndLine = p.parseLocNumber("expected integer line number in FileLineColRange")
				}
				p.expect(tokColon, "expected ':' in FileLineColRange")
				l.EndCol = p.parseLocNumber("expected integer column number in FileLineColRange")
			}
			return l
		}
		l := &astNameLoc{Pos: t.Pos, Name: s}
		if p.consumeIf(tokLParen) {
			l.Child = p.parseLocInstance()
			p.expect(tokRParen, "expected ')' after child location of NameLoc")
		}
		return l
	case tokIdent:
		switch t.Value {
		case "unknown":
			p.advance()
			return &astUnknownLoc{Pos: t.Pos}
		case "callsite":
			p.advance()
			p.expect(tokLParen, "expected '(' in callsite location")
			l := &astCallSiteLoc{Pos: t.Pos}
			l.Callee = p.parseLocInstance()
			if !p.isIdent("at") {
				p.expected("expected 'at' in callsite location")
			}
			p.advance()
			l.Caller = p.parseLocInstance()
			p.expect(tokRParen, "expected ')' in callsite location")
			return l
		case "fused":
			p.advance()
			l := &astFusedLoc{Pos: t.Pos}
			if p.consumeIf(tokLess) {
				l.Metadata = p.parseAttr()
				p.expect(tokGreater, "expected '>' after fused location metadata")
			}
			p.expect(tokLSquare, "expected '[' in fused location")
			if !p.consumeIf(tokRSquare) {
				for {
					l.Locs = append(l.Locs, p.parseLocInstance())
					if !p.consumeIf(tokComma) {
						break
					}
				}
				p.expect(tokRSquare, "expected ']' in fused location")
			}
			return l
		}
	}
	p.expected("expected location instance")
	return nil
}

// parseLocNumber parses an unsigned 32-bit line or column number.
func (p *syntaxParser) parseLocNumber(msg string) int {
	if p.tok.Type != tokInt {
		p.expected("%s", msg)
	}
	v, ok := syntaxParseUint(p.tok.Value)
	if !ok || v > 1<<32-1 {
		p.errorf("%s", msg)
	}
	p.advance()
	return int(v)
}
