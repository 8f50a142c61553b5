package asm

// The syntax layer's parser: hand-written recursive descent over a token
// source, following mlir/lib/AsmParser (Parser.cpp, TypeParser.cpp,
// AttributeParser.cpp, LocationParser.cpp) production by production, with
// MLIR's error messages where MLIR has one. The productions:
//
//	file          ::= (operation | type-alias-def | attr-alias-def | file-metadata)* EOF
//	type-alias-def::= '!' alias-name '=' type
//	attr-alias-def::= '#' alias-name '=' attribute          (incl. '#loc3 = loc(...)')
//	file-metadata ::= '{-#' section (',' section)* '#-}'   (participle: astFileMetadata)
//	operation     ::= (op-result (',' op-result)* '=')? (generic-op | custom-op) trailing-loc?
//	op-result     ::= value-id (':' integer)?
//	generic-op    ::= string '(' value-use-list? ')' successors? ('<' attribute '>')?
//	                  ('(' region (',' region)* ')')? dictionary? ':' function-type
//	custom-op     ::= bare-id custom-body   (module, func.func, func.return, func.call
//	                                         are parsed; others keep their tokens)
//	region        ::= '{' entry-block? block* '}'
//	block         ::= caret-id ('(' value-id ':' type trailing-loc? (',' ...)* ')')? ':' operation*
//	value-use     ::= value-id ('#' integer)?
//	trailing-loc  ::= 'loc' '(' location-instance ')'
//
// Types, attributes and locations are in grammar_type.go, grammar_attr.go
// and grammar_loc.go. An error aborts the parse by panicking with a
// syntaxBailout, which the entry points recover into a participle.Error;
// nothing else panics.

import (
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// syntaxTokenSource produces tokens one by one; after EOF it keeps returning EOF.
type syntaxTokenSource interface {
	next() lexer.Token
}

func (s *lexScanner) next() lexer.Token {
	t, _ := s.Next()
	return t
}

// syntaxSliceSource replays a token slice, then returns eof forever. It also
// implements lexer.Lexer, so lexer.Upgrade can turn it into a PeekingLexer.
type syntaxSliceSource struct {
	toks []lexer.Token
	i    int
	eof  lexer.Token
}

func newSyntaxSliceSource(toks []lexer.Token, end lexer.Position) *syntaxSliceSource {
	return &syntaxSliceSource{toks: toks, eof: lexer.Token{Type: lexer.EOF, Pos: end}}
}

func (s *syntaxSliceSource) next() lexer.Token {
	if s.i < len(s.toks) {
		t := s.toks[s.i]
		s.i++
		if t.Type != lexer.EOF {
			return t
		}
		s.i = len(s.toks)
		s.eof = t
	}
	return s.eof
}

// Next implements lexer.Lexer.
func (s *syntaxSliceSource) Next() (lexer.Token, error) { return s.next(), nil }

// syntaxPeekingSource reads from a participle PeekingLexer (see syntax_api.go).
type syntaxPeekingSource struct {
	lex *lexer.PeekingLexer
}

func (s *syntaxPeekingSource) next() lexer.Token { return *s.lex.Next() }

// syntaxParser is the recursive-descent parser. tok is the current (next
// unconsumed) token; la holds tokens peeked beyond it.
type syntaxParser struct {
	// denseElems collects a dense literal's elements, which are then
	// copied out at their final size (growing each literal's own slice
	// was most of a constant's garbage).
	denseElems []astDenseElem

	src      syntaxTokenSource
	tok      lexer.Token
	la       []lexer.Token
	laBuf    []lexer.Token // la's backing array, reused when la drains
	prev     lexer.Token   // the last consumed token
	prevLine int           // line on which prev ended
	consumed int           // number of tokens consumed (advance calls)

	// When parsing straight from source text (a *lexScanner), type nodes
	// are shared between uses spelled identically (see cachedType).
	scan      *lexScanner
	text      string
	typeCache map[string]astType
	shared    *syntaxShared // set when parsing straight from source text

	// A streamed parse (stream.go) publishes ops with emit into the list
	// being streamed (nil outside streamed lists); its custom forms are
	// re-parsed by the resolver with spanShared.
	stream     *streamSync
	emit       func(*astOp)
	spanShared *syntaxShared
	// reused holds op nodes the resolver handed back (streamSync.reuse).
	reused []*streamedOp

	a *syntaxAlloc

	// bareNumbers stops number and string attributes from taking a
	// ": type" suffix, for custom formats that know the attribute's type
	// (`axis = 1 : ...`).
	bareNumbers bool
}

// syntaxSlab hands out values of T carved from chunks, so that the many
// small nodes of a tree cost few allocations. Chunks grow from 8 to 256
// values, so parsing a single type or attribute stays cheap.
type syntaxSlab[T any] struct{ buf []T }

func (s *syntaxSlab[T]) new() *T {
	if len(s.buf) == cap(s.buf) {
		s.buf = make([]T, 0, min(max(2*cap(s.buf), 8), 256))
	}
	s.buf = s.buf[:len(s.buf)+1]
	return &s.buf[len(s.buf)-1]
}

// syntaxList builds variable-length lists: elements are pushed on a scratch
// stack shared by nested lists, then copied into slab memory with
// capacity == length (so appending to a list never writes into another).
type syntaxList[T any] struct {
	scratch []T
	slab    []T
}

func (l *syntaxList[T]) mark() int { return len(l.scratch) }

func (l *syntaxList[T]) push(x T) { l.scratch = append(l.scratch, x) }

// done returns the elements pushed since mark (nil if none).
func (l *syntaxList[T]) done(mark int) []T {
	xs := l.scratch[mark:]
	n := len(xs)
	var out []T
	switch {
	case n == 0:
	case n > 64:
		out = append([]T(nil), xs...)
	default:
		if cap(l.slab)-len(l.slab) < n {
			l.slab = make([]T, 0, min(max(2*cap(l.slab), 16), 1024))
		}
		start := len(l.slab)
		l.slab = append(l.slab, xs...)
		out = l.slab[start:len(l.slab):len(l.slab)]
	}
	clear(xs)
	l.scratch = l.scratch[:mark]
	return out
}

// syntaxAlloc holds the slabs and list builders of one parse.
type syntaxAlloc struct {
	ops      syntaxSlab[astOp]
	generics syntaxSlab[astGenericForm]
	dicts    syntaxSlab[astDictAttr]
	ints     syntaxSlab[astIntAttr]
	floats   syntaxSlab[astFloatAttr]
	strings  syntaxSlab[astStringAttr]
	bools    syntaxSlab[astBoolAttr]
	arrays   syntaxSlab[astArrayAttr]

	uses    syntaxList[astValueUse]
	results syntaxList[astResult]
	named   syntaxList[astNamedAttr]
	attrs   syntaxList[astAttr]
	types   syntaxList[astType]
	opList  syntaxList[*astOp]
	regions syntaxList[*astRegion]
}

// syntaxBailout carries a parse error up the stack to recoverError.
type syntaxBailout struct{ err error }

func newSyntaxParser(src syntaxTokenSource) *syntaxParser {
	p := &syntaxParser{src: src, a: new(syntaxAlloc)}
	if sc, ok := src.(*lexScanner); ok {
		p.scan, p.text = sc, sc.src
		p.typeCache = make(map[string]astType)
		p.shared = &syntaxShared{filename: sc.filename, text: sc.src, typeCache: p.typeCache, a: p.a}
	}
	return p
}

// syntaxShared is what the parsers of one source text share: custom forms
// are re-parsed from spans of text, with the file's type cache (so their
// types are the file's shared nodes, which the resolver has usually
// converted already) and its node slabs. Parsers using it run one at a time.
type syntaxShared struct {
	filename  string
	text      string
	typeCache map[string]astType
	a         *syntaxAlloc
	free      []*syntaxParser // span parsers to reuse (custom ops nest)
}

// spanParser returns a parser over text[start.Offset:end] whose EOF token
// is at eof.
func (sh *syntaxShared) spanParser(start lexer.Position, end int, eof lexer.Position) *syntaxParser {
	var p *syntaxParser
	if n := len(sh.free); n > 0 {
		p, sh.free = sh.free[n-1], sh.free[:n-1]
	} else {
		p = &syntaxParser{scan: &lexScanner{}, typeCache: sh.typeCache, shared: sh, a: sh.a}
	}
	*p.scan = lexScanner{
		filename:  sh.filename,
		src:       sh.text[:end],
		pos:       start.Offset,
		line:      start.Line,
		lineStart: start.Offset - (start.Column - 1),
		eofPos:    eof,
		spanEOF:   true,
	}
	*p = syntaxParser{src: p.scan, scan: p.scan, text: p.scan.src, typeCache: sh.typeCache, shared: sh, a: sh.a, laBuf: p.laBuf, denseElems: p.denseElems}
	return p
}

// release returns a parser from spanParser for reuse.
func (sh *syntaxShared) release(p *syntaxParser) { sh.free = append(sh.free, p) }

// begin reads the first token. Call it under recoverError.
func (p *syntaxParser) begin() {
	p.tok = p.src.next()
	p.prev = lexer.Token{Type: lexer.EOF, Pos: p.tok.Pos}
	p.prevLine = p.tok.Pos.Line
	if p.tok.Type == tokError {
		p.failf(p.tok.Pos, "%s", p.tok.Value)
	}
}

// recoverError turns a syntaxBailout panic into *err.
func (p *syntaxParser) recoverError(err *error) {
	if r := recover(); r != nil {
		b, ok := r.(syntaxBailout)
		if !ok {
			panic(r)
		}
		*err = b.err
	}
}

func (p *syntaxParser) failf(pos lexer.Position, format string, args ...any) {
	panic(syntaxBailout{participle.Errorf(pos, format, args...)})
}

// errorf fails at the current token.
func (p *syntaxParser) errorf(format string, args ...any) {
	p.failf(p.tok.Pos, format, args...)
}

// expected fails with an "expected ..." message where MLIR's
// emitWrongTokenError puts it: just after the previous token (so a missing
// token at the end of a line is reported there, not on the next line).
func (p *syntaxParser) expected(format string, args ...any) {
	if p.consumed == 0 {
		p.failf(p.tok.Pos, format, args...)
	}
	pos := p.prevEndPos()
	if p.scan != nil && p.tok.Type == lexer.EOF && p.tok.Pos.Offset == pos.Offset && pos.Column > 1 {
		// MLIR steps back one character from the end of the file before
		// backing up, so when the file ends right after the previous token
		// the error is on that token's last character.
		pos.Offset--
		pos.Column--
	}
	p.failf(pos, format, args...)
}

// prevEndPos is the position just after the last consumed token.
func (p *syntaxParser) prevEndPos() lexer.Position {
	t := p.prev
	pos := syntaxPosAt(t.Pos, len(t.Value))
	if t.Type == tokBody {
		if nl := strings.LastIndexByte(t.Value, '\n'); nl >= 0 {
			pos.Line += strings.Count(t.Value, "\n")
			pos.Column = len(t.Value) - nl
		}
	}
	return pos
}

// advance consumes the current token. A lexing error becomes a parse error
// when its token becomes current, so errors come in source order.
func (p *syntaxParser) advance() {
	p.prev = p.tok
	p.prevLine = p.tok.Pos.Line
	if p.tok.Type == tokBody {
		p.prevLine += strings.Count(p.tok.Value, "\n")
	}
	p.consumed++
	if len(p.la) > 0 {
		p.tok = p.la[0]
		p.la = p.la[1:]
		if len(p.la) == 0 {
			p.la = p.laBuf[:0] // reuse the buffer once drained
		}
	} else {
		p.tok = p.src.next()
	}
	if p.tok.Type == tokError {
		p.failf(p.tok.Pos, "%s", p.tok.Value)
	}
}

// skipTo consumes the tokens before offset end, which must lie on the
// current line and start at the current token.
func (p *syntaxParser) skipTo(end int) {
	if p.scan == nil || len(p.la) > 0 {
		for p.tok.Pos.Offset < end {
			p.advance()
		}
		return
	}
	p.prev = lexer.Token{Type: tokIdent, Value: p.text[p.tok.Pos.Offset:end], Pos: p.tok.Pos}
	p.prevLine = p.tok.Pos.Line
	p.consumed++
	p.scan.pos = end
	p.tok = p.scan.next()
	if p.tok.Type == tokError {
		p.failf(p.tok.Pos, "%s", p.tok.Value)
	}
}

// peek returns the n-th token after the current one (n >= 1).
func (p *syntaxParser) peek(n int) *lexer.Token {
	for len(p.la) < n {
		if len(p.la) == 0 {
			p.la = p.laBuf[:0]
		}
		c := cap(p.la)
		p.la = append(p.la, p.src.next())
		if cap(p.la) != c { // a new array, starting at la[0]
			p.laBuf = p.la[:0]
		}
	}
	return &p.la[n-1]
}

// at returns the token at lookahead offset i (0 = current).
func (p *syntaxParser) at(i int) *lexer.Token {
	if i == 0 {
		return &p.tok
	}
	return p.peek(i)
}

func (p *syntaxParser) expect(kind lexer.TokenType, msg string) lexer.Token {
	t := p.tok
	if t.Type != kind {
		p.expected("%s", msg)
	}
	p.advance()
	return t
}

func (p *syntaxParser) isIdent(s string) bool {
	return p.tok.Type == tokIdent && p.tok.Value == s
}

// consumeIf consumes the current token if it has the given kind.
func (p *syntaxParser) consumeIf(kind lexer.TokenType) bool {
	if p.tok.Type == kind {
		p.advance()
		return true
	}
	return false
}

// syntaxPosAt returns pos moved n bytes right on the same line.
func syntaxPosAt(pos lexer.Position, n int) lexer.Position {
	pos.Offset += n
	pos.Column += n
	return pos
}

// syntaxUnquote returns the value of a string literal token (quotes
// included), resolving \" \\ \n \t and \XX escapes. The lexer has already
// checked the escapes.
func syntaxUnquote(raw string) string {
	s := raw[1 : len(raw)-1]
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			b = append(b, c)
			continue
		}
		i++
		switch n := s[i]; n {
		case 'n':
			b = append(b, '\n')
		case 't':
			b = append(b, '\t')
		case '"', '\\':
			b = append(b, n)
		default:
			if i+1 < len(s) && lexIsHexDigit(n) && lexIsHexDigit(s[i+1]) {
				b = append(b, lexHexVal(n)<<4|lexHexVal(s[i+1]))
				i++
			} else {
				b = append(b, '\\', n)
			}
		}
	}
	return string(b)
}

func lexHexVal(c byte) byte {
	switch {
	case lexIsDigit(c):
		return c - '0'
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10
	default:
		return c - 'A' + 10
	}
}

// syntaxSymbolName returns the name of an @-identifier token: @foo or @"quoted".
func syntaxSymbolName(v string) string {
	if len(v) > 1 && v[1] == '"' {
		return syntaxUnquote(v[1:])
	}
	return v[1:]
}

// syntaxParseUint converts decimal or 0x-hex integer text.
func syntaxParseUint(s string) (uint64, bool) {
	if len(s) > 2 && s[0] == '0' && s[1] == 'x' {
		v, err := strconv.ParseUint(s[2:], 16, 64)
		return v, err == nil
	}
	if len(s) == 0 || len(s) > 19 {
		if len(s) == 0 {
			return 0, false
		}
		v, err := strconv.ParseUint(s, 10, 64)
		return v, err == nil
	}
	var v uint64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !lexIsDigit(c) {
			return 0, false
		}
		v = v*10 + uint64(c-'0')
	}
	return v, true
}

// parseSmallInt parses the current Int token as a count/index that fits in
// an int32, consuming it; msg is the error otherwise.
func (p *syntaxParser) parseSmallInt(msg string) int {
	if p.tok.Type != tokInt {
		p.expected("%s", msg)
	}
	v, ok := syntaxParseUint(p.tok.Value)
	if !ok || v > 1<<31-1 {
		p.errorf("%s", msg)
	}
	p.advance()
	return int(v)
}

// ---------------------------------------------------------------------------
// File, aliases, metadata

func (p *syntaxParser) parseFile() *astFile {
	p.begin()
	f := &astFile{Pos: p.tok.Pos}
	for {
		switch p.tok.Type {
		case lexer.EOF:
			f.EndPos = p.tok.Pos
			return f
		case tokMetaBegin:
			f.Metadata = append(f.Metadata, p.parseFileMetadata())
		case tokHashID:
			f.Items = append(f.Items, p.parseAttrAliasDef())
		case tokBangID:
			f.Items = append(f.Items, p.parseTypeAliasDef())
		default:
			f.Items = append(f.Items, p.parseOp())
		}
	}
}

func (p *syntaxParser) parseAttrAliasDef() *astAttrAlias {
	t := p.tok
	name := t.Value[1:]
	if strings.IndexByte(name, '.') >= 0 {
		p.errorf("attribute names with a '.' are reserved for dialect-defined names")
	}
	p.advance()
	p.expect(tokEqual, "expected '=' in attribute alias definition")
	return &astAttrAlias{Pos: t.Pos, Name: name, Value: p.parseAttr()}
}

func (p *syntaxParser) parseTypeAliasDef() *astTypeAlias {
	t := p.tok
	name := t.Value[1:]
	if strings.IndexByte(name, '.') >= 0 {
		p.errorf("type names with a '.' are reserved for dialect-defined names")
	}
	p.advance()
	p.expect(tokEqual, "expected '=' in type alias definition")
	return &astTypeAlias{Pos: t.Pos, Name: name, Type: p.parseType()}
}

// astMetaString is a string literal captured by the participle metadata grammar.
type astMetaString string

// Capture implements participle.Capture: it unquotes the literal.
func (m *astMetaString) Capture(values []string) error {
	*m = astMetaString(syntaxUnquote(values[0]))
	return nil
}

// syntaxMetadataParser is the participle grammar of `{-# ... #-}`.
var syntaxMetadataParser = participle.MustBuild[astFileMetadata](
	participle.Lexer(mlirLexer),
	participle.UseLookahead(1),
)

// parseFileMetadata collects the tokens of a `{-# ... #-}` block and parses
// them with the participle grammar of astFileMetadata.
func (p *syntaxParser) parseFileMetadata() *astFileMetadata {
	toks := p.metadataTokens()
	lx, err := lexer.Upgrade(newSyntaxSliceSource(toks, p.tok.Pos))
	if err == nil {
		var md *astFileMetadata
		md, err = syntaxMetadataParser.ParseFromLexer(lx)
		if err == nil {
			return md
		}
	}
	if _, ok := err.(participle.Error); !ok {
		err = participle.Errorf(toks[0].Pos, "%s", err.Error())
	}
	panic(syntaxBailout{err})
}
