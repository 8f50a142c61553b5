package asm

// Re-parsing token streams: the hooks for custom assembly formats.
//
// A custom-form operation the syntax layer does not know comes out as an
// astCustomForm holding its raw tokens. Once the op's definition is known,
// its format re-parses those tokens in one of two ways:
//
//  1. syntaxCursor: an OpAsmParser-like cursor over the tokens (peek,
//     optional/expected punctuation and keywords, and the MLIR productions:
//     type, attribute, attr-dict, value use, region, location). A
//     declarative-format engine interprets the format with it.
//  2. participle: syntaxTokenLexer makes a *lexer.PeekingLexer of the tokens and
//     the Parseable adapters below (syntaxTypeNode, syntaxAttrNode, syntaxDictNode,
//     syntaxValueUseNode, syntaxRegionNode, syntaxLocNode) let a participle struct grammar
//     embed the MLIR productions with `@@`.
//
// Both report participle.Errors positioned in the original file.

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// syntaxTokenLexer returns a participle PeekingLexer over toks, ending with an
// EOF token at end.
func syntaxTokenLexer(toks []lexer.Token, end lexer.Position) *lexer.PeekingLexer {
	lx, err := lexer.Upgrade(newSyntaxSliceSource(toks, end))
	if err != nil {
		panic(err) // syntaxSliceSource never fails
	}
	return lx
}

// syntaxCursor is a cursor over a token stream with MLIR parsing primitives.
// Methods that parse return a participle.Error on failure; after an error
// the cursor's position is unspecified.
type syntaxCursor struct {
	p *syntaxParser
}

// newSyntaxCursor returns a cursor over toks (for example
// astCustomForm.Tokens, with end = astCustomForm.EndPos).
func newSyntaxCursor(toks []lexer.Token, end lexer.Position) (c *syntaxCursor, err error) {
	return newSyntaxCursorFrom(newSyntaxParser(newSyntaxSliceSource(toks, end)))
}

// newSyntaxCursorFrom returns a cursor driving p, which has not begun.
func newSyntaxCursorFrom(p *syntaxParser) (c *syntaxCursor, err error) {
	defer p.recoverError(&err)
	p.begin()
	return &syntaxCursor{p: p}, nil
}

// guard runs f, turning a parse failure into an error.
func (c *syntaxCursor) guard(f func()) (err error) {
	defer c.p.recoverError(&err)
	f()
	return nil
}

// Peek returns the current token.
func (c *syntaxCursor) Peek() lexer.Token { return c.p.tok }

// PeekN returns the n-th token after the current one (n >= 1).
func (c *syntaxCursor) PeekN(n int) (t lexer.Token) { return *c.p.peek(n) }

// AtEnd reports whether all tokens have been consumed.
func (c *syntaxCursor) AtEnd() bool { return c.p.tok.Type == lexer.EOF }

// Next consumes and returns the current token.
func (c *syntaxCursor) Next() (t lexer.Token, err error) {
	t = c.p.tok
	return t, c.guard(c.p.advance)
}

// Errorf returns an error positioned at the current token.
func (c *syntaxCursor) Errorf(format string, args ...any) error {
	return participle.Errorf(c.p.tok.Pos, format, args...)
}

// ExpectedErrorf returns an "expected ..." error positioned where MLIR's
// emitWrongTokenError puts it: just after the previous token (at the
// current token when nothing was consumed yet). Expect uses it.
func (c *syntaxCursor) ExpectedErrorf(format string, args ...any) (err error) {
	return c.guard(func() { c.p.expected(format, args...) })
}

// Optional consumes the current token if it has the given kind.
func (c *syntaxCursor) Optional(kind lexer.TokenType) (ok bool, err error) {
	err = c.guard(func() { ok = c.p.consumeIf(kind) })
	return ok, err
}

// OptionalKeyword consumes the current token if it is the bare identifier kw.
func (c *syntaxCursor) OptionalKeyword(kw string) (ok bool, err error) {
	if !c.p.isIdent(kw) {
		return false, nil
	}
	return true, c.guard(c.p.advance)
}

// Expect consumes a token of the given kind or fails with "expected <what>".
func (c *syntaxCursor) Expect(kind lexer.TokenType, what string) (t lexer.Token, err error) {
	err = c.guard(func() { t = c.p.expect(kind, "expected "+what) })
	return t, err
}

// Type parses a type.
func (c *syntaxCursor) Type() (t astType, err error) {
	err = c.guard(func() { t = c.p.parseType() })
	return t, err
}

// Attr parses an attribute.
func (c *syntaxCursor) Attr() (a astAttr, err error) {
	err = c.guard(func() { a = c.p.parseAttr() })
	return a, err
}

// BareNumberAttr parses an attribute; a number does not take a ": type"
// suffix (the caller knows its type).
func (c *syntaxCursor) BareNumberAttr() (a astAttr, err error) {
	c.p.bareNumbers = true
	defer func() { c.p.bareNumbers = false }()
	err = c.guard(func() { a = c.p.parseAttr() })
	return a, err
}

// OptionalAttrDict parses `{...}` if present (nil otherwise).
func (c *syntaxCursor) OptionalAttrDict() (d *astDictAttr, err error) {
	if c.p.tok.Type != tokLBrace {
		return nil, nil
	}
	err = c.guard(func() { d = c.p.parseDict() })
	return d, err
}

// ValueUse parses `%name` or `%name#N`.
func (c *syntaxCursor) ValueUse() (u astValueUse, err error) {
	err = c.guard(func() { u = c.p.parseValueUse() })
	return u, err
}

// Region parses `{ blocks }`.
func (c *syntaxCursor) Region() (r *astRegion, err error) {
	err = c.guard(func() { r = c.p.parseRegion() })
	return r, err
}

// OptionalLoc parses `loc(...)` if present (nil otherwise).
func (c *syntaxCursor) OptionalLoc() (l astLoc, err error) {
	err = c.guard(func() { l = c.p.parseOptionalTrailingLoc() })
	return l, err
}

// ---------------------------------------------------------------------------
// participle Parseable adapters

// syntaxParseWith runs one hand-written production on a participle PeekingLexer.
// If the first token cannot start the production it returns
// participle.NextMatch without consuming anything; on success the lexer is
// left just after the production.
func syntaxParseWith(lex *lexer.PeekingLexer, canStart func(t *lexer.Token) bool, f func(p *syntaxParser)) (err error) {
	if !canStart(lex.Peek()) {
		return participle.NextMatch
	}
	start := lex.MakeCheckpoint()
	p := newSyntaxParser(&syntaxPeekingSource{lex: lex})
	defer func() {
		if err == nil {
			// The parser has read ahead; put the lexer right after the
			// consumed tokens.
			lex.LoadCheckpoint(start)
			for i := 0; i < p.consumed; i++ {
				lex.Next()
			}
		}
	}()
	defer p.recoverError(&err)
	p.begin()
	f(p)
	return nil
}

func syntaxCanStartType(t *lexer.Token) bool {
	return t.Type == tokLParen || t.Type == tokBangID || t.Type == tokIdent && syntaxIsTypeKeyword(t.Value)
}

func syntaxCanStartAttr(t *lexer.Token) bool {
	switch t.Type {
	case tokLSquare, tokLBrace, tokHashID, tokInt, tokFloat, tokMinus, tokString, tokAtID, tokLParen, tokBangID:
		return true
	case tokIdent:
		switch t.Value {
		case "true", "false", "unit", "dense", "dense_resource", "array", "affine_map", "affine_set",
			"strided", "sparse", "distinct", "loc":
			return true
		}
		return syntaxIsTypeKeyword(t.Value)
	}
	return false
}

// syntaxTypeNode is an MLIR type inside a participle grammar.
type syntaxTypeNode struct{ Type astType }

func (n *syntaxTypeNode) Parse(lex *lexer.PeekingLexer) error {
	return syntaxParseWith(lex, syntaxCanStartType, func(p *syntaxParser) { n.Type = p.parseType() })
}

// syntaxAttrNode is an MLIR attribute inside a participle grammar.
type syntaxAttrNode struct{ Attr astAttr }

func (n *syntaxAttrNode) Parse(lex *lexer.PeekingLexer) error {
	return syntaxParseWith(lex, syntaxCanStartAttr, func(p *syntaxParser) { n.Attr = p.parseAttr() })
}

// syntaxDictNode is an attribute dictionary `{...}` inside a participle grammar.
type syntaxDictNode struct{ Dict *astDictAttr }

func (n *syntaxDictNode) Parse(lex *lexer.PeekingLexer) error {
	return syntaxParseWith(lex, func(t *lexer.Token) bool { return t.Type == tokLBrace },
		func(p *syntaxParser) { n.Dict = p.parseDict() })
}

// syntaxValueUseNode is `%name` or `%name#N` inside a participle grammar.
type syntaxValueUseNode struct{ Use astValueUse }

func (n *syntaxValueUseNode) Parse(lex *lexer.PeekingLexer) error {
	return syntaxParseWith(lex, func(t *lexer.Token) bool { return t.Type == tokValueID },
		func(p *syntaxParser) { n.Use = p.parseValueUse() })
}

// syntaxRegionNode is a region `{...}` inside a participle grammar.
type syntaxRegionNode struct{ Region *astRegion }

func (n *syntaxRegionNode) Parse(lex *lexer.PeekingLexer) error {
	return syntaxParseWith(lex, func(t *lexer.Token) bool { return t.Type == tokLBrace },
		func(p *syntaxParser) { n.Region = p.parseRegion() })
}

// syntaxLocNode is `loc(...)` inside a participle grammar.
type syntaxLocNode struct{ Loc astLoc }

func (n *syntaxLocNode) Parse(lex *lexer.PeekingLexer) error {
	return syntaxParseWith(lex, func(t *lexer.Token) bool { return t.Type == tokIdent && t.Value == "loc" },
		func(p *syntaxParser) { n.Loc = p.parseLoc() })
}
