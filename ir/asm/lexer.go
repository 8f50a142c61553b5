package asm

import (
	"io"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

// Token kinds of MLIR's textual IR, as produced by mlirLexer. The values are
// participle lexer.TokenTypes; lexer.EOF (-1) ends every stream.
//
// The lexer follows mlir/lib/AsmParser/Lexer.cpp: identifiers keep their
// sigil ("%arg0", "^bb1", "#map", "!quant.uniform", "@main", `@"quoted"`),
// numbers are unsigned (a leading '-' is its own token) and kept as text,
// strings keep their quotes and escapes. Two tokens go beyond MLIR's lexer:
//
//   - tokBody: the balanced `<...>` that immediately follows a '#' or '!'
//     identifier (no space between), i.e. the opaque body of a dialect
//     attribute or type such as `!quant.uniform<i8:f32, 0.1:-3>`. MLIR's parser
//     scans that body on raw characters; doing it here keeps such bodies, which
//     need not be made of valid tokens, out of the token stream.
//   - tokError: a lexing error (invalid character, unterminated string,
//     unbalanced body). Its Value is the message. The parser reports it when
//     it reaches it, so errors come in source order as with mlir-opt.
const (
	tokError     lexer.TokenType = iota + 1
	tokIdent                     // bare-id: [a-zA-Z_][a-zA-Z0-9_$.]*  (i32, func.func, tensor, x64xf32)
	tokValueID                   // %suffix-id
	tokCaretID                   // ^suffix-id
	tokHashID                    // #suffix-id
	tokBangID                    // !suffix-id
	tokAtID                      // @bare-id or @"string"
	tokInt                       // 42, 0x1F
	tokFloat                     // 1.5, 2.0e-3, 1.
	tokString                    // "..." (raw, quotes and escapes kept)
	tokBody                      // <...> right after a # or ! identifier
	tokLParen                    // (
	tokRParen                    // )
	tokLBrace                    // {
	tokRBrace                    // }
	tokLSquare                   // [
	tokRSquare                   // ]
	tokLess                      // <
	tokGreater                   // >
	tokColon                     // :
	tokComma                     // ,
	tokEqual                     // =
	tokArrow                     // ->
	tokMinus                     // -
	tokPlus                      // +
	tokStar                      // *
	tokQuestion                  // ?
	tokVBar                      // |
	tokEllipsis                  // ...
	tokMetaBegin                 // {-#
	tokMetaEnd                   // #-}
	tokLastKind
)

var lexTokNames = [...]string{
	tokError:     "Error",
	tokIdent:     "Ident",
	tokValueID:   "ValueID",
	tokCaretID:   "CaretID",
	tokHashID:    "HashID",
	tokBangID:    "BangID",
	tokAtID:      "AtID",
	tokInt:       "Int",
	tokFloat:     "Float",
	tokString:    "String",
	tokBody:      "Body",
	tokLParen:    "LParen",
	tokRParen:    "RParen",
	tokLBrace:    "LBrace",
	tokRBrace:    "RBrace",
	tokLSquare:   "LSquare",
	tokRSquare:   "RSquare",
	tokLess:      "Less",
	tokGreater:   "Greater",
	tokColon:     "Colon",
	tokComma:     "Comma",
	tokEqual:     "Equal",
	tokArrow:     "Arrow",
	tokMinus:     "Minus",
	tokPlus:      "Plus",
	tokStar:      "Star",
	tokQuestion:  "Question",
	tokVBar:      "VBar",
	tokEllipsis:  "Ellipsis",
	tokMetaBegin: "MetaBegin",
	tokMetaEnd:   "MetaEnd",
}

// lexTokKindName names a token kind for messages and for participle's symbols.
func lexTokKindName(t lexer.TokenType) string {
	if t == lexer.EOF {
		return "EOF"
	}
	if t > 0 && t < tokLastKind {
		return lexTokNames[t]
	}
	return "Unknown"
}

// mlirLexerDef is the lexer.Definition for MLIR's textual IR. It implements
// the string and bytes fast paths, so participle hands it the whole input.
type mlirLexerDef struct{}

var mlirLexer lexer.Definition = mlirLexerDef{}

var (
	_ lexer.StringDefinition = mlirLexerDef{}
	_ lexer.BytesDefinition  = mlirLexerDef{}
)

// Symbols implements lexer.Definition.
func (mlirLexerDef) Symbols() map[string]lexer.TokenType {
	m := make(map[string]lexer.TokenType, int(tokLastKind))
	m["EOF"] = lexer.EOF
	for t := tokError; t < tokLastKind; t++ {
		m[lexTokNames[t]] = t
	}
	return m
}

// Lex implements lexer.Definition.
func (d mlirLexerDef) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return d.LexString(filename, string(b))
}

// LexBytes implements lexer.BytesDefinition. The input is copied once into a
// string; every token Value is a substring of that copy.
func (d mlirLexerDef) LexBytes(filename string, b []byte) (lexer.Lexer, error) {
	return d.LexString(filename, string(b))
}

// LexString implements lexer.StringDefinition.
func (mlirLexerDef) LexString(filename string, s string) (lexer.Lexer, error) {
	return newLexScanner(filename, s), nil
}

// lexScanner is the hand-written MLIR lexer. Positions are 1-based lines and
// 1-based byte columns, as MLIR reports them. Token values slice the source;
// lexing allocates nothing per token.
type lexScanner struct {
	filename  string
	src       string
	pos       int            // next byte to read
	line      int            // line of src[pos]
	lineStart int            // offset of the first byte of that line
	pending   bool           // a '<' right after a # or ! identifier starts a tokBody
	eofPos    lexer.Position // where EOF is reported when spanEOF
	spanEOF   bool           // src is a span of a larger text
}

func newLexScanner(filename, src string) *lexScanner {
	return &lexScanner{filename: filename, src: src, line: 1}
}

// lexAll lexes src into a slice ending with an EOF token. Lexing errors are
// tokError tokens in the slice, never a returned error.
func lexAll(filename, src string) []lexer.Token {
	s := newLexScanner(filename, src)
	// Generic-form IR averages about 4 bytes per token.
	toks := make([]lexer.Token, 0, len(src)/4+16)
	for {
		t, _ := s.Next()
		toks = append(toks, t)
		if t.Type == lexer.EOF {
			return toks
		}
	}
}

func (s *lexScanner) position(off int) lexer.Position {
	return lexer.Position{Filename: s.filename, Offset: off, Line: s.line, Column: off - s.lineStart + 1}
}

func (s *lexScanner) tok(kind lexer.TokenType, start int) lexer.Token {
	return lexer.Token{
		Type:  kind,
		Value: s.src[start:s.pos],
		Pos:   lexer.Position{Filename: s.filename, Offset: start, Line: s.line, Column: start - s.lineStart + 1},
	}
}

// errTok returns an error token at start; the lexScanner has already moved past
// the offending input.
func (s *lexScanner) errTok(start int, line, lineStart int, msg string) lexer.Token {
	return lexer.Token{
		Type:  tokError,
		Value: msg,
		Pos:   lexer.Position{Filename: s.filename, Offset: start, Line: line, Column: start - lineStart + 1},
	}
}

func lexIsDigit(c byte) bool    { return '0' <= c && c <= '9' }
func lexIsHexDigit(c byte) bool { return lexIsDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }
func lexIsLetter(c byte) bool   { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// lexIsIdentChar reports whether c may continue a bare identifier.
func lexIsIdentChar(c byte) bool {
	return lexIsLetter(c) || lexIsDigit(c) || c == '_' || c == '$' || c == '.'
}

// lexIsSuffixPunct reports MLIR's id-punct: [$._-].
func lexIsSuffixPunct(c byte) bool { return c == '$' || c == '.' || c == '_' || c == '-' }

// Next implements lexer.Lexer. It never returns an error: lexing errors
// become tokError tokens.
func (s *lexScanner) Next() (lexer.Token, error) {
	if s.pending {
		s.pending = false
		return s.lexBody(), nil
	}
	src := s.src
	// Skip whitespace and comments.
	for s.pos < len(src) {
		c := src[s.pos]
		if c == ' ' || c == '\t' || c == '\r' {
			s.pos++
			continue
		}
		if c == '\n' {
			s.pos++
			s.line++
			s.lineStart = s.pos
			continue
		}
		if c == '/' && s.pos+1 < len(src) && src[s.pos+1] == '/' {
			nl := strings.IndexByte(src[s.pos:], '\n')
			if nl < 0 {
				s.pos = len(src)
			} else {
				s.pos += nl
			}
			continue
		}
		break
	}
	start := s.pos
	if start >= len(src) {
		if s.spanEOF {
			return lexer.Token{Type: lexer.EOF, Pos: s.eofPos}, nil
		}
		return lexer.Token{Type: lexer.EOF, Pos: s.position(start)}, nil
	}
	c := src[start]
	s.pos++
	switch c {
	case '(':
		return s.tok(tokLParen, start), nil
	case ')':
		return s.tok(tokRParen, start), nil
	case '{':
		if s.pos+1 < len(src) && src[s.pos] == '-' && src[s.pos+1] == '#' {
			s.pos += 2
			return s.tok(tokMetaBegin, start), nil
		}
		return s.tok(tokLBrace, start), nil
	case '}':
		return s.tok(tokRBrace, start), nil
	case '[':
		return s.tok(tokLSquare, start), nil
	case ']':
		return s.tok(tokRSquare, start), nil
	case '<':
		return s.tok(tokLess, start), nil
	case '>':
		return s.tok(tokGreater, start), nil
	case ':':
		return s.tok(tokColon, start), nil
	case ',':
		return s.tok(tokComma, start), nil
	case '=':
		return s.tok(tokEqual, start), nil
	case '+':
		return s.tok(tokPlus, start), nil
	case '*':
		return s.tok(tokStar, start), nil
	case '?':
		return s.tok(tokQuestion, start), nil
	case '|':
		return s.tok(tokVBar, start), nil
	case '-':
		if s.pos < len(src) && src[s.pos] == '>' {
			s.pos++
			return s.tok(tokArrow, start), nil
		}
		return s.tok(tokMinus, start), nil
	case '.':
		if s.pos+1 < len(src) && src[s.pos] == '.' && src[s.pos+1] == '.' {
			s.pos += 2
			return s.tok(tokEllipsis, start), nil
		}
		// MLIR reports it after the first dot.
		return s.errTok(s.pos, s.line, s.lineStart, "expected three consecutive dots for an ellipsis"), nil
	case '"':
		return s.lexString(start), nil
	case '@':
		return s.lexAtIdent(start), nil
	case '#':
		if s.pos+1 < len(src) && src[s.pos] == '-' && src[s.pos+1] == '}' {
			s.pos += 2
			return s.tok(tokMetaEnd, start), nil
		}
		return s.lexPrefixed(start, tokHashID, "invalid attribute name"), nil
	case '!':
		return s.lexPrefixed(start, tokBangID, "invalid type identifier"), nil
	case '%':
		return s.lexPrefixed(start, tokValueID, "invalid SSA name"), nil
	case '^':
		return s.lexPrefixed(start, tokCaretID, "invalid block name"), nil
	}
	if lexIsDigit(c) {
		return s.lexNumber(start), nil
	}
	if lexIsLetter(c) || c == '_' {
		for s.pos < len(src) && lexIsIdentChar(src[s.pos]) {
			s.pos++
		}
		return s.tok(tokIdent, start), nil
	}
	// Skip a whole (possibly invalid) UTF-8 sequence so that the message
	// names one character.
	for s.pos < len(src) && src[s.pos]&0xC0 == 0x80 {
		s.pos++
	}
	return s.errTok(start, s.line, s.lineStart, "unexpected character"), nil
}

// lexNumber lexes [0-9]+ ('.' [0-9]* ([eE][-+]?[0-9]+)?)? or 0x[0-9a-fA-F]+.
func (s *lexScanner) lexNumber(start int) lexer.Token {
	src := s.src
	if src[start] == '0' && s.pos+1 < len(src) && src[s.pos] == 'x' && lexIsHexDigit(src[s.pos+1]) {
		s.pos += 2
		for s.pos < len(src) && lexIsHexDigit(src[s.pos]) {
			s.pos++
		}
		return s.tok(tokInt, start)
	}
	for s.pos < len(src) && lexIsDigit(src[s.pos]) {
		s.pos++
	}
	if s.pos >= len(src) || src[s.pos] != '.' {
		return s.tok(tokInt, start)
	}
	// "1..." is an integer followed by an ellipsis, not a float.
	if s.pos+2 < len(src) && src[s.pos+1] == '.' && src[s.pos+2] == '.' {
		return s.tok(tokInt, start)
	}
	s.pos++
	for s.pos < len(src) && lexIsDigit(src[s.pos]) {
		s.pos++
	}
	if s.pos < len(src) && (src[s.pos] == 'e' || src[s.pos] == 'E') {
		p := s.pos + 1
		if p < len(src) && (src[p] == '-' || src[p] == '+') {
			p++
		}
		if p < len(src) && lexIsDigit(src[p]) {
			s.pos = p
			for s.pos < len(src) && lexIsDigit(src[s.pos]) {
				s.pos++
			}
		}
	}
	return s.tok(tokFloat, start)
}

// lexString lexes a string literal whose opening quote is at start, as
// MLIR's Lexer::lexString: escapes (\" \\ \n \t and two hex digits) are
// checked but kept (see syntaxUnquote); a newline, \v, \f or the end of input
// before the closing quote is an error reported where it occurs.
func (s *lexScanner) lexString(start int) lexer.Token {
	src := s.src
	for s.pos < len(src) {
		c := src[s.pos]
		switch c {
		case '"':
			s.pos++
			return s.tok(tokString, start)
		case '\n', '\v', '\f':
			return s.errTok(s.pos, s.line, s.lineStart, "expected '\"' in string literal")
		case '\\':
			switch {
			case s.pos+1 < len(src) && (src[s.pos+1] == '"' || src[s.pos+1] == '\\' || src[s.pos+1] == 'n' || src[s.pos+1] == 't'):
				s.pos += 2
			case s.pos+2 < len(src) && lexIsHexDigit(src[s.pos+1]) && lexIsHexDigit(src[s.pos+2]):
				s.pos += 3
			default:
				bad := s.pos
				s.skipStringRest()
				return s.errTok(bad, s.line, s.lineStart, "unknown escape in string literal")
			}
		default:
			s.pos++
		}
	}
	return s.errTok(s.pos, s.line, s.lineStart, "expected '\"' in string literal")
}

func (s *lexScanner) skipStringRest() {
	src := s.src
	for s.pos < len(src) {
		switch src[s.pos] {
		case '"':
			s.pos++
			return
		case '\n':
			return
		case '\\':
			if s.pos+1 < len(src) && src[s.pos+1] == '\n' {
				s.pos++
				return
			}
			s.pos += 2
			if s.pos > len(src) {
				s.pos = len(src)
			}
		default:
			s.pos++
		}
	}
}

// lexAtIdent lexes @bare-id or @"string".
func (s *lexScanner) lexAtIdent(start int) lexer.Token {
	src := s.src
	if s.pos < len(src) && src[s.pos] == '"' {
		s.pos++
		t := s.lexString(s.pos - 1)
		if t.Type == tokError {
			return t
		}
		return s.tok(tokAtID, start)
	}
	if s.pos >= len(src) || !(lexIsLetter(src[s.pos]) || src[s.pos] == '_') {
		return s.errTok(start, s.line, s.lineStart, "@ identifier expected to start with letter or '_'")
	}
	for s.pos < len(src) && (lexIsIdentChar(src[s.pos]) || src[s.pos] == '-') {
		s.pos++
	}
	return s.tok(tokAtID, start)
}

// lexPrefixed lexes a sigil followed by a suffix-id:
// digit+ | (letter|id-punct) (letter|id-punct|digit)*.
// A '#' or '!' identifier immediately followed by '<' is followed by a
// tokBody token, lexed by the next call.
func (s *lexScanner) lexPrefixed(start int, kind lexer.TokenType, what string) lexer.Token {
	src := s.src
	switch {
	case s.pos < len(src) && lexIsDigit(src[s.pos]):
		for s.pos < len(src) && lexIsDigit(src[s.pos]) {
			s.pos++
		}
	case s.pos < len(src) && (lexIsLetter(src[s.pos]) || lexIsSuffixPunct(src[s.pos])):
		for s.pos < len(src) && (lexIsLetter(src[s.pos]) || lexIsDigit(src[s.pos]) || lexIsSuffixPunct(src[s.pos])) {
			s.pos++
		}
	default:
		return s.errTok(start, s.line, s.lineStart, what)
	}
	t := s.tok(kind, start)
	if (kind == tokHashID || kind == tokBangID) && s.pos < len(src) && src[s.pos] == '<' {
		s.pending = true
	}
	return t
}

// lexBody lexes the balanced `<...>` body of a dialect attribute or type,
// following MLIR's Parser::parseDialectSymbolBody: '<' '[' '(' '{' nest and
// must be closed in order, "->" does not close a '<', and string literals are
// skipped whole. The body may span lines. Like MLIR, an unbalanced body is
// reported at its '<', naming the innermost unclosed bracket.
func (s *lexScanner) lexBody() lexer.Token {
	src := s.src
	start, line, lineStart := s.pos, s.line, s.lineStart
	var buf [16]byte
	stack := buf[:0]
	unbalanced := func() lexer.Token {
		return lexer.Token{Type: tokError, Value: "unbalanced '" + string(stack[len(stack)-1]) + "' character in pretty dialect name",
			Pos: lexer.Position{Filename: s.filename, Offset: start, Line: line, Column: start - lineStart + 1}}
	}
	for {
		if s.pos >= len(src) {
			return unbalanced()
		}
		c := src[s.pos]
		switch c {
		case '<', '[', '(', '{':
			stack = append(stack, c)
			s.pos++
		case '>', ']', ')', '}':
			want := byte('<')
			switch c {
			case ']':
				want = '['
			case ')':
				want = '('
			case '}':
				want = '{'
			}
			if stack[len(stack)-1] != want {
				s.pos++
				return unbalanced()
			}
			stack = stack[:len(stack)-1]
			s.pos++
			if len(stack) == 0 {
				return lexer.Token{Type: tokBody, Value: src[start:s.pos],
					Pos: lexer.Position{Filename: s.filename, Offset: start, Line: line, Column: start - lineStart + 1}}
			}
		case '-':
			s.pos++
			if s.pos < len(src) && src[s.pos] == '>' {
				s.pos++
			}
		case '"':
			s.pos++
			if t := s.lexString(s.pos - 1); t.Type == tokError {
				return t
			}
		case '\n':
			s.pos++
			s.line++
			s.lineStart = s.pos
		case 0:
			return unbalanced()
		default:
			s.pos++
		}
	}
}
