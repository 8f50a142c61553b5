package rules

import (
	"fmt"
	"strconv"
	"strings"
)

// ---- errors ----

// Error is one positioned problem in a rules file.
type Error struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d:%d: error: %s", e.File, e.Line, e.Col, e.Msg)
}

// ErrorList is every problem found in a rules file, in source order.
type ErrorList []*Error

func (l ErrorList) Error() string {
	parts := make([]string, len(l))
	for i, e := range l {
		parts[i] = e.Error()
	}
	return strings.Join(parts, "\n")
}

// maxErrors bounds the errors reported for one file.
const maxErrors = 20

// ---- tokens ----

type tokKind uint8

const (
	tEOF     tokKind = iota
	tNewline         // ends a rule
	tLParen
	tRParen
	tLBrack
	tRBrack
	tComma
	tColon
	tEq
	tNot    // !
	tAndAnd // &&
	tArrow  // -> or =>
	tCap    // $name (text without the $)
	tIdent  // op names, attribute names, keywords, _
	tNumber // 1, -0.0, 1e3, inf, -inf, nan
	tString // "text" (text unquoted)
	tBad    // a lexical error; text is the message
)

var tokNames = [...]string{
	tEOF: "end of file", tNewline: "end of rule", tLParen: "'('", tRParen: "')'", tLBrack: "'['",
	tRBrack: "']'", tComma: "','", tColon: "':'", tEq: "'='", tNot: "'!'", tAndAnd: "'&&'",
	tArrow: "'->'", tCap: "capture", tIdent: "identifier", tNumber: "number", tString: "string", tBad: "error",
}

type pos struct{ line, col int }

type token struct {
	kind tokKind
	text string
	pos  pos
	off  int // byte offset of the token's start
}

func (t token) describe() string {
	switch t.kind {
	case tCap:
		return "'$" + t.text + "'"
	case tIdent, tNumber:
		return "'" + t.text + "'"
	case tString:
		return strconv.Quote(t.text)
	}
	return tokNames[t.kind]
}

// lexer splits a rules file into tokens. A newline ends a rule unless the
// line ends with a backslash; "//" starts a comment that runs to the end
// of the line.
type lexer struct {
	src       string
	off       int
	line, col int
}

func isIdentStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isIdentChar(c byte) bool {
	return isIdentStart(c) || c >= '0' && c <= '9' || c == '.'
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func (l *lexer) peekByte(k int) byte {
	if l.off+k < len(l.src) {
		return l.src[l.off+k]
	}
	return 0
}

func (l *lexer) advance(n int) {
	for i := 0; i < n && l.off < len(l.src); i++ {
		if l.src[l.off] == '\n' {
			l.line, l.col = l.line+1, 1
		} else {
			l.col++
		}
		l.off++
	}
}

func (l *lexer) next() (t token) {
	start := 0
	defer func() { t.off = start }()
	for {
		// Skip blanks and comments; a backslash before the end of the
		// line joins the next line to this rule.
		for l.off < len(l.src) {
			c := l.src[l.off]
			if c == ' ' || c == '\t' || c == '\r' {
				l.advance(1)
				continue
			}
			if c == '/' && l.peekByte(1) == '/' {
				for l.off < len(l.src) && l.src[l.off] != '\n' {
					l.advance(1)
				}
				continue
			}
			if c == '\\' {
				p := pos{l.line, l.col}
				k := 1
				for l.off+k < len(l.src) && (l.src[l.off+k] == ' ' || l.src[l.off+k] == '\t' || l.src[l.off+k] == '\r') {
					k++
				}
				if l.off+k < len(l.src) && l.src[l.off+k] != '\n' {
					start = l.off
					l.advance(1)
					return token{kind: tBad, text: "'\\' continues a rule only at the end of a line", pos: p}
				}
				l.advance(k + 1)
				continue
			}
			break
		}
		p := pos{l.line, l.col}
		start = l.off
		if l.off >= len(l.src) {
			return token{kind: tEOF, pos: p}
		}
		c := l.src[l.off]
		one := func(k tokKind) token {
			l.advance(1)
			return token{kind: k, text: string(c), pos: p}
		}
		switch {
		case c == '\n':
			return one(tNewline)
		case c == '(':
			return one(tLParen)
		case c == ')':
			return one(tRParen)
		case c == '[':
			return one(tLBrack)
		case c == ']':
			return one(tRBrack)
		case c == ',':
			return one(tComma)
		case c == ':':
			return one(tColon)
		case c == '!':
			return one(tNot)
		case c == '=' && l.peekByte(1) == '>', c == '-' && l.peekByte(1) == '>':
			l.advance(2)
			return token{kind: tArrow, text: "->", pos: p}
		case c == '=':
			return one(tEq)
		case c == '&' && l.peekByte(1) == '&':
			l.advance(2)
			return token{kind: tAndAnd, text: "&&", pos: p}
		case c == '$':
			l.advance(1)
			s0 := l.off
			for l.off < len(l.src) && (isIdentStart(l.src[l.off]) || isDigit(l.src[l.off])) {
				l.advance(1)
			}
			if l.off == s0 {
				return token{kind: tBad, text: "expected a capture name after '$'", pos: p}
			}
			return token{kind: tCap, text: l.src[s0:l.off], pos: p}
		case c == '"':
			return l.lexString(p)
		case isDigit(c) || (c == '-' || c == '+') && (isDigit(l.peekByte(1)) || l.peekByte(1) == '.' || l.peekByte(1) == 'i' || l.peekByte(1) == 'n'):
			return l.lexNumber(p)
		case isIdentStart(c):
			s0 := l.off
			for l.off < len(l.src) && isIdentChar(l.src[l.off]) {
				l.advance(1)
			}
			text := l.src[s0:l.off]
			if text == "inf" || text == "nan" {
				return token{kind: tNumber, text: text, pos: p}
			}
			return token{kind: tIdent, text: text, pos: p}
		}
		l.advance(1)
		return token{kind: tBad, text: fmt.Sprintf("unexpected character %q", rune(c)), pos: p}
	}
}

func (l *lexer) lexNumber(p pos) token {
	start := l.off
	if c := l.src[l.off]; c == '-' || c == '+' {
		l.advance(1)
	}
	for l.off < len(l.src) {
		c := l.src[l.off]
		if isDigit(c) || c == '.' || isIdentStart(c) || (c == '-' || c == '+') && (l.src[l.off-1] == 'e' || l.src[l.off-1] == 'E') {
			l.advance(1)
			continue
		}
		break
	}
	text := l.src[start:l.off]
	if !validNumber(text) {
		return token{kind: tBad, text: fmt.Sprintf("malformed number '%s'", text), pos: p}
	}
	return token{kind: tNumber, text: text, pos: p}
}

// validNumber accepts decimal integers and floats with an optional sign
// and exponent, inf and nan.
func validNumber(text string) bool {
	body := text
	if body != "" && (body[0] == '-' || body[0] == '+') {
		body = body[1:]
	}
	if body == "inf" || body == "nan" {
		return true
	}
	if body == "" || !isDigit(body[0]) && body[0] != '.' {
		return false
	}
	for i := 0; i < len(body); i++ {
		c := body[i]
		if !isDigit(c) && c != '.' && c != 'e' && c != 'E' && c != '-' && c != '+' {
			return false
		}
	}
	_, err := strconv.ParseFloat(text, 64)
	return err == nil
}

func (l *lexer) lexString(p pos) token {
	l.advance(1)
	var b strings.Builder
	for {
		if l.off >= len(l.src) || l.src[l.off] == '\n' {
			return token{kind: tBad, text: "unterminated string", pos: p}
		}
		c := l.src[l.off]
		if c == '"' {
			l.advance(1)
			return token{kind: tString, text: b.String(), pos: p}
		}
		if c == '\\' && l.off+1 < len(l.src) && (l.src[l.off+1] == '"' || l.src[l.off+1] == '\\') {
			b.WriteByte(l.src[l.off+1])
			l.advance(2)
			continue
		}
		b.WriteByte(c)
		l.advance(1)
	}
}

// ---- syntax tree ----

// astRule is one parsed rule.
type astRule struct {
	pos     pos
	text    string // the rule's source, continuation lines joined
	match   *astOp
	conds   []astCond
	result  astArg // a capture or an op
	benefit int
	hasBen  bool
	benPos  pos
}

// astOp is an op pattern in the match, or an op to create in the result.
type astOp struct {
	pos      pos
	name     string
	bind     string // $bind:(op ...), "" if none
	bindPos  pos
	args     []astArg
	attrs    []astAttr
	splat    *astLit
	splatPos pos
	types    []astTypeRef // ": type($x), ..." (results only)
}

// astArg is an operand: a capture, "_" or a nested op.
type astArg struct {
	pos  pos
	cap  string // capture name; "" for "_" or an op
	wild bool
	op   *astOp
}

type astAttr struct {
	pos  pos
	name string
	cap  string
}

type astLit struct {
	pos  pos
	kind tokKind // tNumber, tString or tIdent (true/false)
	text string
}

type astTypeRef struct {
	pos pos
	cap string
}

type astCond struct {
	pos  pos
	not  bool
	name string
	args []astCondArg
}

type astCondArg struct {
	pos pos
	cap string  // capture, or "" for a literal
	lit *astLit // literal
}

// ---- parser ----

type errSink struct {
	file string
	errs ErrorList
}

func (s *errSink) add(p pos, msg string) {
	if len(s.errs) < maxErrors {
		s.errs = append(s.errs, &Error{File: s.file, Line: p.line, Col: p.col, Msg: msg})
	}
}

type parser struct {
	lex  *lexer
	tok  token
	errs *errSink
	src  string
}

// errAbort unwinds the parse of one rule after its first error.
type errAbort struct{}

// next reads a token; a lexical error ends the rule being parsed.
func (p *parser) next() {
	p.tok = p.lex.next()
	if p.tok.kind == tBad {
		p.fail(p.tok.pos, "%s", p.tok.text)
	}
}

func (p *parser) fail(at pos, format string, args ...any) {
	p.errs.add(at, fmt.Sprintf(format, args...))
	panic(errAbort{})
}

func (p *parser) expect(k tokKind, what string) token {
	if p.tok.kind != k {
		p.fail(p.tok.pos, "expected %s, got %s", what, p.tok.describe())
	}
	t := p.tok
	p.next()
	return t
}

// parse reads every rule of src. Errors go to errs; a rule with an error
// is skipped up to the end of its line so the next rules still report.
func parse(file, src string, errs *errSink) []*astRule {
	p := &parser{lex: &lexer{src: src, line: 1, col: 1}, errs: errs, src: src}
	p.tok = p.lex.next()
	var out []*astRule
	for p.tok.kind != tEOF {
		if p.tok.kind == tNewline {
			p.tok = p.lex.next()
			continue
		}
		if r := p.parseRuleRecover(); r != nil {
			out = append(out, r)
		}
	}
	return out
}

func (p *parser) parseRuleRecover() (r *astRule) {
	start := p.tok.off
	defer func() {
		if e := recover(); e != nil {
			if _, ok := e.(errAbort); !ok {
				panic(e)
			}
			for p.tok.kind != tNewline && p.tok.kind != tEOF {
				p.tok = p.lex.next()
			}
			r = nil
		}
	}()
	if p.tok.kind == tBad {
		p.fail(p.tok.pos, "%s", p.tok.text)
	}
	r = p.parseRule()
	r.text = ruleText(p.src[start:p.tok.off])
	return r
}

// ruleText is a rule's source on one line: comments dropped, continuation
// lines joined, blanks squeezed.
func ruleText(s string) string {
	var lines []string
	for _, ln := range strings.Split(s, "\n") {
		if i := strings.Index(ln, "//"); i >= 0 {
			ln = ln[:i]
		}
		ln = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(ln), "\\"))
		if ln != "" {
			lines = append(lines, ln)
		}
	}
	return strings.Join(strings.Fields(strings.Join(lines, " ")), " ")
}

// rule := [$bind ':'] op ('&&' ['!'] pred '(' args ')')* '->' result ['[' 'benefit' N ']']
func (p *parser) parseRule() *astRule {
	r := &astRule{pos: p.tok.pos}
	r.match = p.parseTopOp("match")
	for p.tok.kind == tAndAnd {
		p.next()
		r.conds = append(r.conds, p.parseCond())
	}
	if p.tok.kind != tArrow {
		if p.tok.kind == tNewline || p.tok.kind == tEOF {
			p.fail(p.tok.pos, "expected '->' and a result after the match")
		}
		p.fail(p.tok.pos, "expected '&&' or '->' after the match, got %s", p.tok.describe())
	}
	p.next()
	switch p.tok.kind {
	case tCap:
		r.result = astArg{pos: p.tok.pos, cap: p.tok.text}
		p.next()
		if p.tok.kind == tColon {
			p.fail(p.tok.pos, "a binding '$name:' is only allowed in the match")
		}
	case tLParen:
		op := p.parseOp(false)
		r.result = astArg{pos: op.pos, op: op}
	default:
		p.fail(p.tok.pos, "expected a capture or an op as the result, got %s", p.tok.describe())
	}
	if p.tok.kind == tLBrack {
		p.next()
		kw := p.expect(tIdent, "'benefit'")
		if kw.text != "benefit" {
			p.fail(kw.pos, "expected 'benefit', got '%s'", kw.text)
		}
		n := p.expect(tNumber, "the benefit, a non-negative integer")
		v, err := strconv.Atoi(n.text)
		if err != nil || v < 0 || strings.HasPrefix(n.text, "+") {
			p.fail(n.pos, "the benefit must be a non-negative integer, got '%s'", n.text)
		}
		r.benefit, r.hasBen, r.benPos = v, true, kw.pos
		p.expect(tRBrack, "']'")
	}
	if p.tok.kind != tNewline && p.tok.kind != tEOF {
		p.fail(p.tok.pos, "expected the end of the rule, got %s", p.tok.describe())
	}
	return r
}

// parseTopOp reads the match: an op, optionally bound as $r:(...).
func (p *parser) parseTopOp(what string) *astOp {
	if p.tok.kind == tCap {
		bind := p.tok
		p.next()
		p.expect(tColon, "':' after the binding")
		if p.tok.kind != tLParen {
			p.fail(p.tok.pos, "expected '(' after '$%s:', got %s", bind.text, p.tok.describe())
		}
		op := p.parseOp(true)
		op.bind, op.bindPos = bind.text, bind.pos
		return op
	}
	if p.tok.kind != tLParen {
		p.fail(p.tok.pos, "expected '(' to start the %s, got %s", what, p.tok.describe())
	}
	return p.parseOp(true)
}

// op := '(' NAME arg* ')' where arg is $x, $x:(op), _, (op), name=$x,
// splat LIT, or, in results, a trailing ': type($x), ...'.
func (p *parser) parseOp(match bool) *astOp {
	open := p.expect(tLParen, "'('")
	name := p.tok
	if name.kind != tIdent || name.text == "_" {
		p.fail(name.pos, "expected an op name after '(', got %s", name.describe())
	}
	if !strings.Contains(name.text, ".") || strings.HasPrefix(name.text, ".") || strings.HasSuffix(name.text, ".") {
		p.fail(name.pos, "op name '%s' must be 'dialect.op'", name.text)
	}
	p.next()
	op := &astOp{pos: open.pos, name: name.text}
	for {
		switch t := p.tok; t.kind {
		case tRParen:
			p.next()
			return op
		case tCap:
			p.next()
			if p.tok.kind != tColon {
				op.args = append(op.args, astArg{pos: t.pos, cap: t.text})
				continue
			}
			// $x:(op ...) binds a nested op; $x : type(...) ends the
			// operands of a result op with its result types.
			colon := p.tok
			p.next()
			switch {
			case p.tok.kind == tLParen:
				if !match {
					p.fail(t.pos, "a binding '$name:' is only allowed in the match")
				}
				sub := p.parseOp(match)
				sub.bind, sub.bindPos = t.text, t.pos
				op.args = append(op.args, astArg{pos: t.pos, op: sub})
			case match && !(p.tok.kind == tIdent && p.tok.text == "type"):
				p.fail(p.tok.pos, "expected '(' after '$%s:', got %s", t.text, p.tok.describe())
			default:
				op.args = append(op.args, astArg{pos: t.pos, cap: t.text})
				p.parseResultTypes(op, colon.pos, match)
			}
		case tLParen:
			sub := p.parseOp(match)
			op.args = append(op.args, astArg{pos: sub.pos, op: sub})
		case tIdent:
			switch {
			case t.text == "_":
				if !match {
					p.fail(t.pos, "'_' is only allowed in the match")
				}
				p.next()
				op.args = append(op.args, astArg{pos: t.pos, wild: true})
			case t.text == "splat":
				if !match {
					p.fail(t.pos, "'splat' is only allowed in the match")
				}
				if op.splat != nil {
					p.fail(t.pos, "'splat' given twice")
				}
				p.next()
				lit := p.parseLit()
				if lit.kind == tString {
					p.fail(lit.pos, "expected a number, true or false after 'splat'")
				}
				op.splat, op.splatPos = lit, t.pos
			default:
				p.next()
				if p.tok.kind != tEq {
					p.fail(t.pos, "expected an operand or 'name=$capture', got '%s'", t.text)
				}
				p.next()
				c := p.tok
				if c.kind != tCap {
					p.fail(c.pos, "expected a capture after '%s=', got %s", t.text, c.describe())
				}
				p.next()
				for _, a := range op.attrs {
					if a.name == t.text {
						p.fail(t.pos, "attribute '%s' given twice", t.text)
					}
				}
				op.attrs = append(op.attrs, astAttr{pos: t.pos, name: t.text, cap: c.text})
			}
		case tColon:
			p.next()
			p.parseResultTypes(op, t.pos, match)
		case tNewline, tEOF:
			p.fail(t.pos, "expected ')' to close '(%s' at %d:%d", op.name, op.pos.line, op.pos.col)
		default:
			p.fail(t.pos, "unexpected %s in '(%s ...)'", t.describe(), op.name)
		}
	}
}

// parseResultTypes reads "type($x), ..." after the ':' at colon; the
// op's ')' must follow.
func (p *parser) parseResultTypes(op *astOp, colon pos, match bool) {
	if match {
		p.fail(colon, "result types ': type($x)' are only allowed in the result")
	}
	for {
		kw := p.tok
		if kw.kind != tIdent || kw.text != "type" {
			p.fail(kw.pos, "expected 'type($x)', got %s", kw.describe())
		}
		p.next()
		p.expect(tLParen, "'(' after 'type'")
		c := p.expect(tCap, "a capture in 'type(...)'")
		p.expect(tRParen, "')'")
		op.types = append(op.types, astTypeRef{pos: kw.pos, cap: c.text})
		if p.tok.kind != tComma {
			break
		}
		p.next()
	}
	if p.tok.kind != tRParen {
		p.fail(p.tok.pos, "expected ')' after the result types, got %s", p.tok.describe())
	}
}

func (p *parser) parseLit() *astLit {
	t := p.tok
	switch {
	case t.kind == tNumber, t.kind == tString, t.kind == tIdent && (t.text == "true" || t.text == "false"):
		p.next()
		return &astLit{pos: t.pos, kind: t.kind, text: t.text}
	}
	p.fail(t.pos, "expected a literal, got %s", t.describe())
	return nil
}

// cond := ['!'] NAME '(' [arg (',' arg)*] ')'
func (p *parser) parseCond() astCond {
	c := astCond{pos: p.tok.pos}
	if p.tok.kind == tNot {
		c.not = true
		p.next()
	}
	name := p.tok
	if name.kind != tIdent || strings.Contains(name.text, ".") {
		p.fail(name.pos, "expected a predicate name after '&&', got %s", name.describe())
	}
	c.name = name.text
	p.next()
	p.expect(tLParen, "'(' after the predicate name")
	if p.tok.kind == tRParen {
		p.next()
		return c
	}
	for {
		if p.tok.kind == tCap {
			c.args = append(c.args, astCondArg{pos: p.tok.pos, cap: p.tok.text})
			p.next()
		} else {
			lit := p.parseLit()
			c.args = append(c.args, astCondArg{pos: lit.pos, lit: lit})
		}
		if p.tok.kind == tRParen {
			p.next()
			return c
		}
		p.expect(tComma, "',' or ')' in the predicate's arguments")
	}
}
