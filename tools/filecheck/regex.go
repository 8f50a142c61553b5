package main

// This file parses LLVM's regular-expression dialect: POSIX extended regular
// expressions as implemented by Henry Spencer's library in llvm/lib/Support
// (regcomp.c), including LLVM's additions (back-references \1-\9 in EREs).
// The parser reproduces regcomp's acceptance rules and error codes so that a
// pattern FileCheck-19 rejects is rejected here with the same message, and it
// builds an AST that regex_exec.go runs byte-wise.

import (
	"strings"
)

// Error codes, with llvm_regerror's messages.
type reErr int

const (
	reOK reErr = iota
	reECOLLATE
	reECTYPE
	reEESCAPE
	reESUBREG
	reEBRACK
	reEPAREN
	reEBRACE
	reBADBR
	reERANGE
	reESPACE
	reBADRPT
	reEMPTY
)

var reErrMsg = map[reErr]string{
	reECOLLATE: "invalid collating element",
	reECTYPE:   "invalid character class",
	reEESCAPE:  "trailing backslash (\\)",
	reESUBREG:  "invalid backreference number",
	reEBRACK:   "brackets ([ ]) not balanced",
	reEPAREN:   "parentheses not balanced",
	reEBRACE:   "braces not balanced",
	reBADBR:    "invalid repetition count(s)",
	reERANGE:   "invalid character range",
	reESPACE:   "out of memory",
	reBADRPT:   "repetition-operator operand invalid",
	reEMPTY:    "empty (sub)expression",
}

func (e reErr) Error() string { return reErrMsg[e] }

const dupMax = 255

// byteSet is a set of bytes.
type byteSet [4]uint64

func (s *byteSet) add(c byte)      { s[c>>6] |= 1 << (c & 63) }
func (s *byteSet) del(c byte)      { s[c>>6] &^= 1 << (c & 63) }
func (s *byteSet) has(c byte) bool { return s[c>>6]&(1<<(c&63)) != 0 }
func (s *byteSet) addStr(chars string) {
	for i := 0; i < len(chars); i++ {
		s.add(chars[i])
	}
}

func (s *byteSet) count() int {
	n := 0
	for c := 0; c < 256; c++ {
		if s.has(byte(c)) {
			n++
		}
	}
	return n
}

func (s *byteSet) first() byte {
	for c := 0; c < 256; c++ {
		if s.has(byte(c)) {
			return byte(c)
		}
	}
	return 0
}

type reOp uint8

const (
	reLit reOp = iota
	reSet
	reConcat
	reAlt
	reRepeat
	reGroup
	reBackref
	reBOL
	reEOL
	reBOW
	reEOW
	reEmpty
	reStr // a run of literal bytes (merged reLit nodes)
)

type reNode struct {
	op       reOp
	c        byte
	set      *byteSet
	subs     []*reNode
	min, max int // repeat bounds, max<0 is unbounded
	idx      int // group number or back-reference number
	str      string
}

func isAlpha(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isAlnum(c byte) bool { return isAlpha(c) || isDigit(c) }

func otherCase(c byte) byte {
	switch {
	case c >= 'a' && c <= 'z':
		return c - 'a' + 'A'
	case c >= 'A' && c <= 'Z':
		return c - 'A' + 'a'
	}
	return c
}

var cclasses = map[string]string{
	"alnum":  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
	"alpha":  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
	"blank":  " \t",
	"cntrl":  "\007\b\t\n\v\f\r\001\002\003\004\005\006\016\017\020\021\022\023\024\025\026\027\030\031\032\033\034\035\036\037\177",
	"digit":  "0123456789",
	"graph":  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~",
	"lower":  "abcdefghijklmnopqrstuvwxyz",
	"print":  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~ ",
	"punct":  "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~",
	"space":  "\t\n\v\f\r ",
	"upper":  "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
	"xdigit": "0123456789ABCDEFabcdef",
}

var cnames = map[string]byte{
	"NUL": 0, "SOH": 1, "STX": 2, "ETX": 3, "EOT": 4, "ENQ": 5, "ACK": 6, "BEL": 7,
	"alert": 7, "BS": 8, "backspace": '\b', "HT": 9, "tab": '\t', "LF": 10,
	"newline": '\n', "VT": 11, "vertical-tab": '\v', "FF": 12, "form-feed": '\f',
	"CR": 13, "carriage-return": '\r', "SO": 14, "SI": 15, "DLE": 16, "DC1": 17,
	"DC2": 18, "DC3": 19, "DC4": 20, "NAK": 21, "SYN": 22, "ETB": 23, "CAN": 24,
	"EM": 25, "SUB": 26, "ESC": 27, "IS4": 28, "FS": 28, "IS3": 29, "GS": 29,
	"IS2": 30, "RS": 30, "IS1": 31, "US": 31, "space": ' ',
	"exclamation-mark": '!', "quotation-mark": '"', "number-sign": '#',
	"dollar-sign": '$', "percent-sign": '%', "ampersand": '&', "apostrophe": '\'',
	"left-parenthesis": '(', "right-parenthesis": ')', "asterisk": '*',
	"plus-sign": '+', "comma": ',', "hyphen": '-', "hyphen-minus": '-',
	"period": '.', "full-stop": '.', "slash": '/', "solidus": '/', "zero": '0',
	"one": '1', "two": '2', "three": '3', "four": '4', "five": '5', "six": '6',
	"seven": '7', "eight": '8', "nine": '9', "colon": ':', "semicolon": ';',
	"less-than-sign": '<', "equals-sign": '=', "greater-than-sign": '>',
	"question-mark": '?', "commercial-at": '@', "left-square-bracket": '[',
	"backslash": '\\', "reverse-solidus": '\\', "right-square-bracket": ']',
	"circumflex": '^', "circumflex-accent": '^', "underscore": '_',
	"low-line": '_', "grave-accent": '`', "left-brace": '{',
	"left-curly-bracket": '{', "vertical-line": '|', "right-brace": '}',
	"right-curly-bracket": '}', "tilde": '~', "DEL": 127,
}

const nParen = 10

type reParser struct {
	s        string
	pos      int
	icase    bool
	newline  bool
	nsub     int
	closed   [nParen]bool
	backrefs bool
	size     int // rough node count, to bound expansion of counted repeats
}

type reBail struct{ e reErr }

func (p *reParser) fail(e reErr) { panic(reBail{e}) }

func (p *reParser) more() bool      { return p.pos < len(p.s) }
func (p *reParser) more2() bool     { return p.pos+1 < len(p.s) }
func (p *reParser) peek() byte      { return p.s[p.pos] }
func (p *reParser) peek2() byte     { return p.s[p.pos+1] }
func (p *reParser) next() byte      { c := p.s[p.pos]; p.pos++; return c }
func (p *reParser) see(c byte) bool { return p.more() && p.peek() == c }
func (p *reParser) seeTwo(a, b byte) bool {
	return p.more2() && p.peek() == a && p.peek2() == b
}
func (p *reParser) eat(c byte) bool {
	if p.see(c) {
		p.pos++
		return true
	}
	return false
}
func (p *reParser) eatTwo(a, b byte) bool {
	if p.seeTwo(a, b) {
		p.pos += 2
		return true
	}
	return false
}
func (p *reParser) require(cond bool, e reErr) {
	if !cond {
		p.fail(e)
	}
}

// parsedRegex is the result of parsing one LLVM regex.
type parsedRegex struct {
	root     *reNode
	nsub     int
	backrefs bool
}

// parseRegex parses s as an LLVM extended regex. icase and newline are the
// REG_ICASE and REG_NEWLINE flags.
func parseRegex(s string, icase, newline bool) (pr *parsedRegex, err reErr) {
	p := &reParser{s: s, icase: icase, newline: newline}
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(reBail)
			if !ok {
				panic(r)
			}
			pr, err = nil, b.e
		}
	}()
	root := p.ere(-1)
	if p.more() {
		// Only a stray ')' can stop the top level; p_ere_exp reports it.
		p.fail(reEPAREN)
	}
	return &parsedRegex{root: root, nsub: p.nsub, backrefs: p.backrefs}, reOK
}

func (p *reParser) grow(n int) {
	p.size += n
	if p.size > 1<<20 {
		p.fail(reESPACE)
	}
}

// ere parses alternatives up to the stop character (-1: end of string).
func (p *reParser) ere(stop int) *reNode {
	var alts []*reNode
	for {
		var conc []*reNode
		emitted := false
		for p.more() && p.peek() != '|' && int(p.peek()) != stop {
			n := p.ereExp()
			conc = append(conc, n)
			// regcomp drops the operand of x{0} entirely, so a branch made
			// only of those is empty.
			if !(n.op == reRepeat && n.max == 0) {
				emitted = true
			}
		}
		p.require(emitted, reEMPTY)
		conc = mergeLiterals(conc)
		var n *reNode
		if len(conc) == 1 {
			n = conc[0]
		} else {
			n = &reNode{op: reConcat, subs: conc}
		}
		alts = append(alts, n)
		if !p.eat('|') {
			break
		}
	}
	if len(alts) == 1 {
		return alts[0]
	}
	return &reNode{op: reAlt, subs: alts}
}

// mergeLiterals joins runs of single literal bytes in a concatenation into
// reStr nodes: fewer nodes to compile and one comparison to match.
func mergeLiterals(conc []*reNode) []*reNode {
	out := conc[:0]
	for i := 0; i < len(conc); {
		if conc[i].op != reLit || i+1 == len(conc) || conc[i+1].op != reLit {
			out = append(out, conc[i])
			i++
			continue
		}
		j := i
		b := make([]byte, 0, 8)
		for j < len(conc) && conc[j].op == reLit {
			b = append(b, conc[j].c)
			j++
		}
		out = append(out, &reNode{op: reStr, str: string(b)})
		i = j
	}
	return out
}

func (p *reParser) ordinary(c byte) *reNode {
	p.grow(1)
	if p.icase && isAlpha(c) {
		s := &byteSet{}
		s.add(c)
		s.add(otherCase(c))
		return &reNode{op: reSet, set: s}
	}
	return &reNode{op: reLit, c: c}
}

func (p *reParser) ereExp() *reNode {
	c := p.next()
	var n *reNode
	wasCaret := false
	switch c {
	case '(':
		p.require(p.more(), reEPAREN)
		p.nsub++
		sub := p.nsub
		var inner *reNode
		if !p.see(')') {
			inner = p.ere(')')
		} else {
			inner = &reNode{op: reEmpty}
		}
		if sub < nParen {
			p.closed[sub] = true
		}
		p.require(p.more() && p.next() == ')', reEPAREN)
		p.grow(2)
		n = &reNode{op: reGroup, idx: sub, subs: []*reNode{inner}}
	case ')':
		p.fail(reEPAREN)
	case '^':
		n = &reNode{op: reBOL}
		wasCaret = true
	case '$':
		n = &reNode{op: reEOL}
	case '|':
		p.fail(reEMPTY)
	case '*', '+', '?':
		p.fail(reBADRPT)
	case '.':
		s := &byteSet{}
		for i := 0; i < 256; i++ {
			s.add(byte(i))
		}
		if p.newline {
			s.del('\n')
		}
		p.grow(1)
		n = &reNode{op: reSet, set: s}
	case '[':
		n = p.bracket()
	case '\\':
		p.require(p.more(), reEESCAPE)
		c = p.next()
		if c >= '1' && c <= '9' {
			num := int(c - '0')
			if !p.closed[num] {
				p.fail(reESUBREG)
			}
			p.backrefs = true
			p.grow(1)
			n = &reNode{op: reBackref, idx: num}
		} else {
			n = p.ordinary(c)
		}
	case '{':
		p.require(!p.more() || !isDigit(p.peek()), reBADRPT)
		n = p.ordinary(c)
	default:
		n = p.ordinary(c)
	}

	if !p.more() {
		return n
	}
	c = p.peek()
	if !(c == '*' || c == '+' || c == '?' || (c == '{' && p.more2() && isDigit(p.peek2()))) {
		return n
	}
	p.next()
	p.require(!wasCaret, reBADRPT)
	switch c {
	case '*':
		n = &reNode{op: reRepeat, min: 0, max: -1, subs: []*reNode{n}}
	case '+':
		n = &reNode{op: reRepeat, min: 1, max: -1, subs: []*reNode{n}}
	case '?':
		n = &reNode{op: reRepeat, min: 0, max: 1, subs: []*reNode{n}}
	case '{':
		count := p.count()
		count2 := count
		if p.eat(',') {
			if p.more() && isDigit(p.peek()) {
				count2 = p.count()
				p.require(count <= count2, reBADBR)
			} else {
				count2 = -1
			}
		}
		// repeat() expands x{m,n} into copies of x; bound the blow-up.
		k := count2
		if k < 0 {
			k = count + 1
		}
		p.grow(k * nodeSize(n))
		n = &reNode{op: reRepeat, min: count, max: count2, subs: []*reNode{n}}
		if !p.eat('}') {
			for p.more() && p.peek() != '}' {
				p.next()
			}
			p.require(p.more(), reEBRACE)
			p.fail(reBADBR)
		}
	}
	if !p.more() {
		return n
	}
	c = p.peek()
	if !(c == '*' || c == '+' || c == '?' || (c == '{' && p.more2() && isDigit(p.peek2()))) {
		return n
	}
	p.fail(reBADRPT)
	return nil
}

func nodeSize(n *reNode) int {
	s := 1
	for _, c := range n.subs {
		s += nodeSize(c)
	}
	if n.op == reRepeat {
		k := n.max
		if k < 0 {
			k = n.min + 1
		}
		if k < 1 {
			k = 1
		}
		s *= k
	}
	if s > 1<<22 {
		s = 1 << 22
	}
	return s
}

func (p *reParser) count() int {
	count, nd := 0, 0
	for p.more() && isDigit(p.peek()) && count <= dupMax {
		count = count*10 + int(p.next()-'0')
		nd++
	}
	p.require(nd > 0 && count <= dupMax, reBADBR)
	return count
}

func (p *reParser) bracket() *reNode {
	if len(p.s)-p.pos > 5 {
		if strings.HasPrefix(p.s[p.pos:], "[:<:]]") {
			p.pos += 6
			return &reNode{op: reBOW}
		}
		if strings.HasPrefix(p.s[p.pos:], "[:>:]]") {
			p.pos += 6
			return &reNode{op: reEOW}
		}
	}
	cs := &byteSet{}
	invert := p.eat('^')
	if p.eat(']') {
		cs.add(']')
	} else if p.eat('-') {
		cs.add('-')
	}
	for p.more() && p.peek() != ']' && !p.seeTwo('-', ']') {
		p.bTerm(cs)
	}
	if p.eat('-') {
		cs.add('-')
	}
	p.require(p.more() && p.next() == ']', reEBRACK)
	if p.icase {
		for i := 255; i >= 0; i-- {
			if cs.has(byte(i)) && isAlpha(byte(i)) {
				cs.add(otherCase(byte(i)))
			}
		}
	}
	if invert {
		for i := 0; i < 4; i++ {
			cs[i] = ^cs[i]
		}
		if p.newline {
			cs.del('\n')
		}
	}
	p.grow(1)
	if cs.count() == 1 {
		return p.ordinary(cs.first())
	}
	return &reNode{op: reSet, set: cs}
}

func (p *reParser) bTerm(cs *byteSet) {
	var c byte
	if p.more() {
		switch p.peek() {
		case '[':
			if p.more2() {
				c = p.peek2()
			}
		case '-':
			p.fail(reERANGE)
		}
	}
	switch c {
	case ':':
		p.pos += 2
		p.require(p.more(), reEBRACK)
		c = p.peek()
		p.require(c != '-' && c != ']', reECTYPE)
		sp := p.pos
		for p.more() && isAlpha(p.peek()) {
			p.pos++
		}
		chars, ok := cclasses[p.s[sp:p.pos]]
		if !ok {
			p.fail(reECTYPE)
		}
		cs.addStr(chars)
		p.require(p.more(), reEBRACK)
		p.require(p.eatTwo(':', ']'), reECTYPE)
	case '=':
		p.pos += 2
		p.require(p.more(), reEBRACK)
		c = p.peek()
		p.require(c != '-' && c != ']', reECOLLATE)
		cs.add(p.collElem('='))
		p.require(p.more(), reEBRACK)
		p.require(p.eatTwo('=', ']'), reECOLLATE)
	default:
		start := p.bSymbol()
		finish := start
		if p.see('-') && p.more2() && p.peek2() != ']' {
			p.pos++
			if p.eat('-') {
				finish = '-'
			} else {
				finish = p.bSymbol()
			}
		}
		// regcomp compares plain (signed) chars.
		p.require(int8(start) <= int8(finish), reERANGE)
		for i := int(int8(start)); i <= int(int8(finish)); i++ {
			cs.add(byte(int8(i)))
		}
	}
}

func (p *reParser) bSymbol() byte {
	p.require(p.more(), reEBRACK)
	if !p.eatTwo('[', '.') {
		return p.next()
	}
	v := p.collElem('.')
	p.require(p.eatTwo('.', ']'), reECOLLATE)
	return v
}

func (p *reParser) collElem(endc byte) byte {
	sp := p.pos
	for p.more() && !p.seeTwo(endc, ']') {
		p.pos++
	}
	if !p.more() {
		p.fail(reEBRACK)
	}
	name := p.s[sp:p.pos]
	if v, ok := cnames[name]; ok {
		return v
	}
	if len(name) == 1 {
		return name[0]
	}
	p.fail(reECOLLATE)
	return 0
}

// regexMeta are the characters llvm::Regex::escape escapes.
const regexMeta = "()^$|*+?.[]\\{}"

// regexEscape mirrors llvm::Regex::escape.
func regexEscape(s string) string {
	// LLVM tests each byte with strchr(metachars, c), which also finds the
	// string's terminating NUL: a NUL byte is escaped too.
	if !strings.ContainsAny(s, regexMeta+"\x00") {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == 0 || strings.IndexByte(regexMeta, s[i]) >= 0 {
			sb.WriteByte('\\')
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}
