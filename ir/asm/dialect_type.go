package asm

import (
	"errors"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/mlc-go/mlc/ir"
)

// TypeSyntax is a dialect's type syntax, attached to its ir.Dialect
// (ir.Dialect.Attach) when the dialect is registered in a context.
// Parse reads one type of the dialect through a TypeParser.
type TypeSyntax struct {
	Parse func(p *TypeParser) (ir.Type, error)
}

// TypeParser is a cursor over the tokens of a dialect type, lexed by the
// file's lexer (MLIR's DialectAsmParser). For !dialect.name<body> the
// tokens are name and then body; for the verbose !dialect<body>, body
// without its outer angle brackets. Every error it makes is positioned at
// a token in the file. After an error the cursor's position is
// unspecified.
type TypeParser struct {
	r *resolver
	// Tokens come straight from scan, tok being the current one, until a
	// nested type needs the syntax parser: from then on c reads them
	// (parser mode, c != nil). scan, parser and cursor are kept for reuse.
	scan   lexScanner
	tok    lexer.Token
	c      *syntaxCursor
	parser syntaxParser
	cursor syntaxCursor
	src1   firstThenScan
	// pend is the unread rest of an identifier split by a dimension
	// list ("ufixed8" of "x4xufixed8"), at pendPos.
	pend    string
	pendPos lexer.Position
	start   lexer.Position
	prevEnd lexer.Position // just after the last consumed token
	src     string         // the text the tokens' offsets index
	srcOff  int            // offset of src in those offsets
}

// Pos is a position in the file, for errors reported after the tokens at
// it are consumed.
type Pos struct{ p lexer.Position }

// Ctx is the context being parsed into.
func (p *TypeParser) Ctx() *ir.Context { return p.r.ctx }

// StartPos is the position of the type's first token (its mnemonic), where
// MLIR reports errors about the type as a whole.
func (p *TypeParser) StartPos() Pos { return Pos{p.start} }

// CurrentPos is the position of the current token.
func (p *TypeParser) CurrentPos() Pos { return Pos{p.peek().Pos} }

// Errorf makes an error positioned at the current token.
func (p *TypeParser) Errorf(format string, args ...any) error {
	return participle.Errorf(p.peek().Pos, format, args...)
}

// ErrorAt makes an error positioned at pos.
func (p *TypeParser) ErrorAt(pos Pos, format string, args ...any) error {
	return participle.Errorf(pos.p, format, args...)
}

// AtEnd reports whether every token of the type is consumed.
func (p *TypeParser) AtEnd() bool { return p.peek().Type == lexer.EOF }

// RestFrom is the text from pos to the end of the type, for messages
// that quote it.
func (p *TypeParser) RestFrom(pos Pos) string {
	off := pos.p.Offset - p.srcOff
	if off < 0 || off > len(p.src) {
		return ""
	}
	return p.src[off:]
}

// peek is the current token, an identifier when a split one is pending.
func (p *TypeParser) peek() lexer.Token {
	if p.pend != "" {
		return lexer.Token{Type: tokIdent, Value: p.pend, Pos: p.pendPos}
	}
	if p.c != nil {
		return p.c.Peek()
	}
	return p.tok
}

// Next consumes the current token, whatever it is.
func (p *TypeParser) Next() error { return p.next() }

// PeekText is the current token's text ("" at the end).
func (p *TypeParser) PeekText() string { return p.peek().Value }

// next consumes the current token.
func (p *TypeParser) next() error {
	if t := p.peek(); t.Type != lexer.EOF {
		p.prevEnd = syntaxPosAt(t.Pos, len(t.Value))
	}
	if p.pend != "" {
		p.pend = ""
		return nil
	}
	if p.c != nil {
		_, err := p.c.Next()
		return err
	}
	return p.scanNext()
}

// scanNext reads the next token from the lexer; a lexing error fails
// when its token becomes current, as in the syntax parser.
func (p *TypeParser) scanNext() error {
	p.tok = p.scan.next()
	if p.tok.Type == tokError {
		return participle.Errorf(p.tok.Pos, "%s", p.tok.Value)
	}
	return nil
}

// firstThenScan hands a syntax parser the current token, then the rest.
type firstThenScan struct {
	first lexer.Token
	sent  bool
	scan  *lexScanner
}

func (s *firstThenScan) next() lexer.Token {
	if !s.sent {
		s.sent = true
		return s.first
	}
	return s.scan.next()
}

// parserMode moves token reading to the syntax parser, starting at the
// current token.
func (p *TypeParser) parserMode() error {
	if p.c != nil {
		return nil
	}
	p.src1 = firstThenScan{first: p.tok, scan: &p.scan}
	p.parser = syntaxParser{src: &p.src1, a: p.r.typeAlloc, laBuf: p.parser.laBuf, denseElems: p.parser.denseElems}
	p.cursor = syntaxCursor{p: &p.parser}
	p.c = &p.cursor
	return p.c.guard(p.parser.begin)
}

func (p *TypeParser) isPunct(s string) bool {
	t := p.peek()
	return t.Type != tokString && t.Type != tokError && t.Type != tokIdent && t.Type != lexer.EOF && t.Value == s
}

// Optional consumes the punctuation s ("<", ">", ":", ",", "=", "[",
// "]", "{", "}", "(", ")", "?", "*", "-", "+", "->") if it is next.
func (p *TypeParser) Optional(s string) (bool, error) {
	if !p.isPunct(s) {
		return false, nil
	}
	return true, p.next()
}

// Expect consumes the punctuation s or fails with "expected 's'" at the
// current token.
func (p *TypeParser) Expect(s string) error {
	ok, err := p.Optional(s)
	if err == nil && !ok {
		// As MLIR's parseToken: just after the previous token when white
		// space on the same line separates them.
		pos := p.peek().Pos
		if prev := p.prevEnd; prev.Line == pos.Line && prev.Offset > 0 && prev.Offset < pos.Offset {
			pos = prev
		}
		err = participle.Errorf(pos, "expected '%s'", s)
	}
	return err
}

// ParseLess, ParseGreater, ParseColon and ParseComma expect that
// punctuation (MLIR's parseLess and so on).
func (p *TypeParser) ParseLess() error    { return p.Expect("<") }
func (p *TypeParser) ParseGreater() error { return p.Expect(">") }
func (p *TypeParser) ParseColon() error   { return p.Expect(":") }
func (p *TypeParser) ParseComma() error   { return p.Expect(",") }

// PeekKeyword returns the current token if it is a bare identifier.
func (p *TypeParser) PeekKeyword() (string, bool) {
	t := p.peek()
	return t.Value, t.Type == tokIdent
}

// ParseKeyword reads a bare identifier.
func (p *TypeParser) ParseKeyword() (string, error) {
	kw, ok := p.PeekKeyword()
	if !ok {
		return "", p.Errorf("expected valid keyword")
	}
	return kw, p.next()
}

// OptionalKeyword consumes the bare identifier kw if it is next.
func (p *TypeParser) OptionalKeyword(kw string) (bool, error) {
	if got, ok := p.PeekKeyword(); !ok || got != kw {
		return false, nil
	}
	return true, p.next()
}

// ParseInteger reads [-]integer (decimal or 0x hex) that fits a signed
// integer of the given width, as MLIR's parseInteger.
func (p *TypeParser) ParseInteger(bits int) (int64, error) {
	neg, err := p.Optional("-")
	if err != nil {
		return 0, err
	}
	t := p.peek()
	if t.Type != tokInt {
		return 0, p.Errorf("expected integer value")
	}
	v, ok := new(big.Int).SetString(t.Value, 0)
	if !ok {
		return 0, p.Errorf("expected integer value")
	}
	if neg {
		v.Neg(v)
	}
	lim := new(big.Int).Lsh(big.NewInt(1), uint(bits-1))
	if v.Cmp(lim) >= 0 || v.Cmp(new(big.Int).Neg(lim)) < 0 {
		return 0, p.Errorf("integer value too large")
	}
	return v.Int64(), p.next()
}

// ParseFloat reads [-]float-literal or a 0x bit pattern of a double, as
// MLIR's parseFloat: a decimal integer is not a float.
func (p *TypeParser) ParseFloat() (float64, error) {
	neg, err := p.Optional("-")
	if err != nil {
		return 0, err
	}
	t := p.peek()
	switch t.Type {
	case tokFloat:
		// Correctly rounded, as APFloat; overflow gives ±Inf.
		v, err := strconv.ParseFloat(t.Value, 64)
		if ne, ok := err.(*strconv.NumError); err != nil && (!ok || ne.Err != strconv.ErrRange) {
			return 0, p.Errorf("invalid floating point literal %s", t.Value)
		}
		if neg {
			v = -v
		}
		return v, p.next()
	case tokInt:
		if !strings.HasPrefix(t.Value, "0x") {
			return 0, p.Errorf("unexpected decimal integer literal for a floating point value (add a trailing dot to make the literal a float)")
		}
		if neg {
			return 0, p.Errorf("hexadecimal float literal should not have a leading minus")
		}
		bits, err := strconv.ParseUint(t.Value[2:], 16, 64)
		if err != nil {
			return 0, p.Errorf("hexadecimal float constant out of range for type")
		}
		return math.Float64frombits(bits), p.next()
	}
	return 0, p.Errorf("expected floating point literal")
}

// Word reads the longest run of adjacent identifier, number and sign
// tokens (no space between) and returns its text and position; "" when
// none is next. It serves dialects whose literals are not MLIR's (a
// scale printed as "1e-06").
func (p *TypeParser) Word() (string, Pos, error) {
	first := p.peek()
	pos := Pos{first.Pos}
	end := first.Pos.Offset
	for {
		t := p.peek()
		switch t.Type {
		case tokIdent, tokInt, tokFloat, tokMinus, tokPlus:
		default:
			return p.text(first.Pos.Offset, end), pos, nil
		}
		if t.Pos.Offset != end {
			return p.text(first.Pos.Offset, end), pos, nil
		}
		end += len(t.Value)
		if err := p.next(); err != nil {
			return "", pos, err
		}
	}
}

func (p *TypeParser) text(from, to int) string {
	from, to = from-p.srcOff, to-p.srcOff
	if from < 0 || to > len(p.src) || from > to {
		return ""
	}
	return p.src[from:to]
}

// ParseDimensionList reads static dimensions, each followed by 'x'
// ("1x224x" of "1x224xf32"), and stops before the first token that is
// not a dimension: the element type, or a '?' that the caller may reject
// (MLIR's parseDimensionList without dynamic sizes).
func (p *TypeParser) ParseDimensionList() ([]int64, error) {
	var dims []int64
	for {
		t := p.peek()
		var digits string
		var dpos lexer.Position
		switch {
		case p.pend != "" && lexIsDigit(p.pend[0]):
			k := 1
			for k < len(p.pend) && lexIsDigit(p.pend[k]) {
				k++
			}
			digits, dpos = p.pend[:k], p.pendPos
			p.pend, p.pendPos = p.pend[k:], syntaxPosAt(p.pendPos, k)
		case p.pend != "":
			return dims, nil
		case t.Type == tokInt && len(t.Value) > 1 && t.Value[1] == 'x':
			// "0x4xf32" lexes as the hex integer 0x4: dimension 0, then
			// "x4" (MLIR re-lexes after the '0').
			digits, dpos = "0", t.Pos
			if err := p.next(); err != nil {
				return nil, err
			}
			p.pend, p.pendPos = t.Value[1:], syntaxPosAt(t.Pos, 1)
		case t.Type == tokInt:
			digits, dpos = t.Value, t.Pos
			if err := p.next(); err != nil {
				return nil, err
			}
		default:
			return dims, nil
		}
		d, ok := syntaxParseUint(digits)
		if !ok || d >= 1<<63-1 {
			return nil, participle.Errorf(dpos, "invalid dimension")
		}
		dims = append(dims, int64(d))
		// The 'x': a pending rest, or the next identifier.
		if p.pend == "" {
			t := p.peek()
			if t.Type != tokIdent || t.Value[0] != 'x' {
				return nil, p.Errorf("expected 'x' in dimension list")
			}
			if err := p.next(); err != nil {
				return nil, err
			}
			p.pend, p.pendPos = t.Value, t.Pos
		}
		if p.pend[0] != 'x' {
			return nil, participle.Errorf(p.pendPos, "expected 'x' in dimension list")
		}
		p.pend, p.pendPos = p.pend[1:], syntaxPosAt(p.pendPos, 1)
	}
}

// ParseType reads a type.
func (p *TypeParser) ParseType() (t ir.Type, err error) {
	if err := p.parserMode(); err != nil {
		return nil, err
	}
	var at astType
	if p.pend != "" {
		pend, pos := p.pend, p.pendPos
		p.pend = ""
		err = p.c.guard(func() { at = p.c.p.typeFromIdent(pend, pos) })
	} else {
		at, err = p.c.Type()
	}
	if err != nil {
		return nil, err
	}
	err = p.r.guard(func() { t = p.r.typ(at) })
	return t, err
}

// dialectType parses t with its dialect's type syntax. The cursor lexes
// the type's text in place: positions are the file's, and nothing is
// lexed ahead.
func (r *resolver) dialectType(t *astDialectType, parse func(*TypeParser) (ir.Type, error)) ir.Type {
	p := r.newTypeParser()
	defer r.releaseTypeParser(p)
	text, base := t.Body, t.BodyPos
	switch {
	case t.Verbose:
		// The lexer balanced the outer '<' and '>'; the tokens are those
		// between them.
		text, base = t.Body[1:len(t.Body)-1], syntaxPosAt(t.BodyPos, 1)
	case t.Body == "":
		base = syntaxPosAt(t.Pos, 1+len(t.Dialect)+1+len(t.Name))
	}
	// Offsets count from text's start; the name of the pretty form, before
	// it, is a pending identifier at a negative offset.
	p.scan = lexScanner{filename: t.Pos.Filename, src: text, line: base.Line, lineStart: -(base.Column - 1)}
	p.c, p.src, p.srcOff = nil, text, 0
	if err := p.scanNext(); err != nil {
		r.failDiag(r.syntaxError(err))
	}
	if t.Verbose {
		p.start = p.tok.Pos
	} else {
		namePos := syntaxPosAt(t.Pos, 1+len(t.Dialect)+1)
		namePos.Offset = -len(t.Name)
		p.pend, p.pendPos, p.start = t.Name, namePos, namePos
	}
	ty, err := callTypeParser(parse, p)
	if err == nil && ty == nil {
		err = p.ErrorAt(p.StartPos(), "'!%s' type parser returned no type", t.Dialect)
	}
	if err != nil {
		var d *ir.Diagnostic
		if errors.As(err, &d) {
			r.failDiag(d)
		}
		var pe participle.Error
		if errors.As(err, &pe) {
			r.failDiag(r.syntaxError(pe))
		}
		r.fail(t.Pos, "%v", err)
	}
	return ty
}

// newTypeParser takes a TypeParser from the resolver's free list (dialect
// types nest, so there is one per level).
func (r *resolver) newTypeParser() *TypeParser {
	if r.typeAlloc == nil {
		r.typeAlloc = new(syntaxAlloc)
	}
	if n := len(r.freeTypeParsers); n > 0 {
		p := r.freeTypeParsers[n-1]
		r.freeTypeParsers = r.freeTypeParsers[:n-1]
		return p
	}
	return &TypeParser{r: r}
}

// releaseTypeParser keeps p's buffers for the next type.
func (r *resolver) releaseTypeParser(p *TypeParser) {
	p.pend, p.src, p.c = "", "", nil
	p.scan, p.src1, p.tok = lexScanner{}, firstThenScan{}, lexer.Token{}
	r.freeTypeParsers = append(r.freeTypeParsers, p)
}

// callTypeParser runs a dialect's type parser, turning its panics into
// errors so a buggy parser cannot crash the tool.
func callTypeParser(parse func(*TypeParser) (ir.Type, error), p *TypeParser) (t ir.Type, err error) {
	defer func() {
		if rec := recover(); rec != nil {
			if re, ok := rec.(resolveError); ok {
				t, err = nil, re.d
				return
			}
			t, err = nil, p.ErrorAt(p.StartPos(), "type parser failed: %v", rec)
		}
	}()
	return parse(p)
}

// ParseType parses one type from text, such as "tensor<2x!quant.uniform<i8:f32, 0.5>>",
// with the dialects registered in ctx (MLIR's parseType).
func ParseType(ctx *ir.Context, text string) (t ir.Type, err error) {
	r := newResolver(ctx, "type", 1)
	r.textBudget = textBudgetFor(len(text))
	toks := lexAll("type", text)
	c, err := newSyntaxCursor(toks, toks[len(toks)-1].Pos)
	if err != nil {
		return nil, r.syntaxError(err)
	}
	at, err := c.Type()
	if err != nil {
		return nil, r.syntaxError(err)
	}
	if !c.AtEnd() {
		return nil, r.syntaxError(c.Errorf("unexpected '%s' after the type", c.Peek().Value))
	}
	err = r.guard(func() { t = r.typ(at) })
	return t, err
}
