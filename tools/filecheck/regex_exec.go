package main

// Matching LLVM regexes. LLVM's engine works on bytes and returns the
// leftmost-longest match (POSIX). Two engines find that match here:
//
//   - A byte-wise backtracking VM with a memo table (one bit per instruction
//     and position, so linear time), cheap to build. It is the default, since
//     most searches run over a single candidate line, and the only engine for
//     back-references and word-boundary assertions (where it is a plain
//     backtracker in priority order, like LLVM's backref() matcher).
//   - Go's regexp in leftmost-longest mode, translated from our AST and
//     compiled lazily, for long multi-line searches. It works on UTF-8 runes,
//     which equals byte matching when the regex can match only ASCII bytes or
//     the text is pure ASCII; it is used only then.
//
// Captures are then assigned by dissect (regex_dissect.go), LLVM's rule, so
// both engines give the same result.
//
// Matches that cannot span a newline are searched line by line after a
// memchr-style scan for the regex's longest required literal.

import (
	"fmt"
	"regexp"
	"strings"
)

type regex struct {
	src       string
	nsub      int
	backrefs  bool
	asciiOnly bool // can only ever match ASCII bytes
	matchesNL bool // some piece can match '\n'
	wordAsrt  bool // uses [[:<:]] or [[:>:]]
	lit       string
	litFold   bool
	root      *reNode
	goTried   bool
	goRe      *regexp.Regexp
	prog      program
	vm        vm
	spencer   []*sNode // regcomp's layout of the regex, for dissect
}

// compileRegex parses and prepares an LLVM regex for matching with
// REG_NEWLINE (and REG_ICASE when icase).
func compileRegex(src string, icase bool) (*regex, reErr) {
	pr, e := parseRegex(src, icase, true)
	if e != reOK {
		return nil, e
	}
	r := &regex{src: src, nsub: pr.nsub, backrefs: pr.backrefs, root: pr.root}
	r.asciiOnly = true
	analyze(pr.root, r)
	r.lit, r.litFold = requiredLiteral(pr.root)
	r.prog.nullable = firstSet(pr.root, &r.prog.first)
	c := &compiler{}
	c.compile(pr.root)
	c.emit(inst{op: iMatch})
	r.prog.insts = c.prog
	r.prog.nloop = c.nloop
	return r, reOK
}

// goRegexp returns the Go translation, compiling it on first use (it is
// only needed for long searches), or nil if the regex has no equivalent.
func (r *regex) goRegexp() *regexp.Regexp {
	if !r.goTried {
		r.goTried = true
		if !r.backrefs && !r.wordAsrt {
			var sb strings.Builder
			sb.WriteString("(?m)")
			if goSyntax(&sb, r.root) {
				if re, err := regexp.Compile(sb.String()); err == nil {
					re.Longest()
					r.goRe = re
				}
			}
		}
	}
	return r.goRe
}

// firstSet adds to set the bytes that can begin a match of n and reports
// whether n can match the empty string.
func firstSet(n *reNode, set *byteSet) bool {
	switch n.op {
	case reStr:
		set.add(n.str[0])
		return false
	case reLit:
		set.add(n.c)
		return false
	case reSet:
		for i := range set {
			set[i] |= n.set[i]
		}
		return false
	case reConcat:
		for _, sub := range n.subs {
			if !firstSet(sub, set) {
				return false
			}
		}
		return true
	case reAlt:
		nullable := false
		for _, sub := range n.subs {
			if firstSet(sub, set) {
				nullable = true
			}
		}
		return nullable
	case reRepeat:
		if n.max == 0 {
			return true
		}
		return firstSet(n.subs[0], set) || n.min == 0
	case reGroup:
		return firstSet(n.subs[0], set)
	case reBackref:
		for i := range set {
			set[i] = ^uint64(0)
		}
		return true
	}
	return true // anchors, empty
}

func analyze(n *reNode, r *regex) {
	switch n.op {
	case reStr:
		for i := 0; i < len(n.str); i++ {
			if n.str[i] >= 0x80 {
				r.asciiOnly = false
			}
			if n.str[i] == '\n' {
				r.matchesNL = true
			}
		}
	case reLit:
		if n.c >= 0x80 {
			r.asciiOnly = false
		}
		if n.c == '\n' {
			r.matchesNL = true
		}
	case reSet:
		if n.set[2] != 0 || n.set[3] != 0 {
			r.asciiOnly = false
		}
		if n.set.has('\n') {
			r.matchesNL = true
		}
	case reBOW, reEOW:
		r.wordAsrt = true
	}
	for _, s := range n.subs {
		analyze(s, r)
	}
}

// flatten appends the top-level sequence of n, looking through groups.
func flatten(n *reNode, out []*reNode) []*reNode {
	switch n.op {
	case reConcat:
		for _, s := range n.subs {
			out = flatten(s, out)
		}
		return out
	case reGroup:
		return flatten(n.subs[0], out)
	case reRepeat:
		if n.min == 1 && n.max == 1 {
			return flatten(n.subs[0], out)
		}
	}
	return append(out, n)
}

// requiredLiteral returns the longest run of literal bytes every match must
// contain, and whether it must be searched case-insensitively.
func requiredLiteral(root *reNode) (string, bool) {
	seq := flatten(root, nil)
	best, bestFold := "", false
	var cur []byte
	fold := false
	flush := func() {
		if len(cur) > len(best) {
			best, bestFold = string(cur), fold
		}
		cur, fold = cur[:0], false
	}
	for _, n := range seq {
		switch {
		case n.op == reLit:
			cur = append(cur, n.c)
		case n.op == reStr:
			cur = append(cur, n.str...)
		case n.op == reSet && n.set.count() == 2 && isAlpha(n.set.first()) &&
			n.set.has(otherCase(n.set.first())):
			cur = append(cur, lower(n.set.first()))
			fold = true
		case n.op == reBOL || n.op == reEOL || n.op == reBOW || n.op == reEOW:
			// zero-width: does not break a literal run? It does, since
			// "a^b" is not the string "ab" in general; be conservative.
			flush()
		default:
			flush()
		}
	}
	flush()
	if bestFold {
		best = asciiLower(best)
	}
	return best, bestFold
}

// asciiLower lowers ASCII letters only and leaves every other byte (and
// invalid UTF-8) alone, unlike strings.ToLower.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		b[i] = lower(c)
	}
	return string(b)
}

func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// goSyntax writes a Go regexp equivalent to n on ASCII text. Bytes >= 0x80
// are dropped from classes; a literal >= 0x80 becomes an empty class.
func goSyntax(sb *strings.Builder, n *reNode) bool {
	switch n.op {
	case reStr:
		sb.WriteString("(?:")
		for i := 0; i < len(n.str); i++ {
			goSyntax(sb, &reNode{op: reLit, c: n.str[i]})
		}
		sb.WriteString(")")
	case reLit:
		if n.c >= 0x80 {
			sb.WriteString(`[^\x00-\x{10FFFF}]`)
		} else {
			writeGoByte(sb, n.c)
		}
	case reSet:
		var any bool
		var cls strings.Builder
		for c := 0; c < 128; c++ {
			if !n.set.has(byte(c)) {
				continue
			}
			e := c
			for e+1 < 128 && n.set.has(byte(e+1)) {
				e++
			}
			any = true
			fmt.Fprintf(&cls, `\x%02x`, c)
			if e > c {
				fmt.Fprintf(&cls, `-\x%02x`, e)
			}
			c = e
		}
		if !any {
			sb.WriteString(`[^\x00-\x{10FFFF}]`)
		} else {
			sb.WriteByte('[')
			sb.WriteString(cls.String())
			sb.WriteByte(']')
		}
	case reConcat:
		sb.WriteString("(?:")
		for _, s := range n.subs {
			if !goSyntax(sb, s) {
				return false
			}
		}
		sb.WriteString(")")
	case reAlt:
		sb.WriteString("(?:")
		for i, s := range n.subs {
			if i > 0 {
				sb.WriteByte('|')
			}
			if !goSyntax(sb, s) {
				return false
			}
		}
		sb.WriteString(")")
	case reRepeat:
		if n.max == 0 {
			return true // x{0} / x{0,0}: dropped by regcomp
		}
		sb.WriteString("(?:")
		if !goSyntax(sb, n.subs[0]) {
			return false
		}
		sb.WriteString(")")
		switch {
		case n.min == 0 && n.max < 0:
			sb.WriteString("*")
		case n.min == 1 && n.max < 0:
			sb.WriteString("+")
		case n.min == 0 && n.max == 1:
			sb.WriteString("?")
		case n.max < 0:
			fmt.Fprintf(sb, "{%d,}", n.min)
		default:
			fmt.Fprintf(sb, "{%d,%d}", n.min, n.max)
		}
	case reGroup:
		sb.WriteString("(")
		if !goSyntax(sb, n.subs[0]) {
			return false
		}
		sb.WriteString(")")
	case reBOL:
		sb.WriteString("^")
	case reEOL:
		sb.WriteString("$")
	case reEmpty:
		sb.WriteString("(?:)")
	default:
		return false
	}
	return true
}

func writeGoByte(sb *strings.Builder, c byte) {
	if isAlnum(c) || c == '_' || c == ' ' {
		sb.WriteByte(c)
		return
	}
	fmt.Fprintf(sb, `\x%02x`, c)
}

// ---- backtracking VM ----

const (
	iByte uint8 = iota
	iSet
	iSplit // try x, then y
	iJmp
	iSave
	iBOL
	iEOL
	iBOW
	iEOW
	iBackref
	iLoop // empty-iteration guard (only needed without memo)
	iMatch
	iStr
)

type inst struct {
	op  uint8
	c   byte
	s   string
	set *byteSet
	x   int32
	y   int32
	n   int32
}

type compiler struct {
	prog  []inst
	nloop int
}

func (c *compiler) emit(i inst) int {
	c.prog = append(c.prog, i)
	return len(c.prog) - 1
}

func (c *compiler) compile(n *reNode) {
	switch n.op {
	case reStr:
		c.emit(inst{op: iStr, s: n.str})
	case reLit:
		c.emit(inst{op: iByte, c: n.c})
	case reSet:
		c.emit(inst{op: iSet, set: n.set})
	case reConcat:
		for _, s := range n.subs {
			c.compile(s)
		}
	case reAlt:
		var jmps []int
		for i, s := range n.subs {
			if i < len(n.subs)-1 {
				sp := c.emit(inst{op: iSplit})
				c.prog[sp].x = int32(sp + 1)
				c.compile(s)
				jmps = append(jmps, c.emit(inst{op: iJmp}))
				c.prog[sp].y = int32(len(c.prog))
			} else {
				c.compile(s)
			}
		}
		for _, j := range jmps {
			c.prog[j].x = int32(len(c.prog))
		}
	case reGroup:
		c.emit(inst{op: iSave, n: int32(2 * n.idx)})
		c.compile(n.subs[0])
		c.emit(inst{op: iSave, n: int32(2*n.idx + 1)})
	case reRepeat:
		sub := n.subs[0]
		for i := 0; i < n.min; i++ {
			c.compile(sub)
		}
		if n.max < 0 {
			// L: split body, out; body: guard; sub; jmp L
			l := c.emit(inst{op: iSplit})
			reg := c.nloop
			c.nloop++
			c.prog[l].x = int32(l + 1)
			c.emit(inst{op: iLoop, n: int32(reg)})
			c.compile(sub)
			c.emit(inst{op: iJmp, x: int32(l)})
			c.prog[l].y = int32(len(c.prog))
		} else {
			var splits []int
			for i := n.min; i < n.max; i++ {
				sp := c.emit(inst{op: iSplit})
				c.prog[sp].x = int32(sp + 1)
				splits = append(splits, sp)
				c.compile(sub)
			}
			for _, sp := range splits {
				c.prog[sp].y = int32(len(c.prog))
			}
		}
	case reBackref:
		c.emit(inst{op: iBackref, n: int32(n.idx)})
	case reBOL:
		c.emit(inst{op: iBOL})
	case reEOL:
		c.emit(inst{op: iEOL})
	case reBOW:
		c.emit(inst{op: iBOW})
	case reEOW:
		c.emit(inst{op: iEOW})
	case reEmpty:
	}
}

func isWordByte(c byte) bool { return isAlnum(c) || c == '_' }

// stack entry kinds
const (
	bkBranch = iota
	bkCap
	bkLoop
)

type bk struct {
	kind uint8
	pc   int32
	pos  int
	idx  int32
	old  int
}

// maxSteps bounds the work of the back-reference matcher, which has no memo
// table; LLVM's own engine is exponential there too.
const maxSteps = 10_000_000

// program is a compiled VM program with its start-byte filter.
type program struct {
	insts    []inst
	nloop    int
	first    byteSet
	nullable bool
}

// vm holds scratch space reused between runs.
type vm struct {
	pages [][]uint64
	free  [][]uint64
	stack []bk
	caps  []int
	best  []int
	loops []int
}

// run finds, for the leftmost start in [from, limit] (only from itself when
// anchored), the longest match ending at or before limit, and returns its
// captures (absolute offsets, -1 when unset; index 0/1 is the whole match),
// or nil. Assertions see the whole text, as LLVM's engine does. Without a
// memo table (back-references) the search is a plain backtracker.
func (m *vm) run(p *program, ncap int, useMemo bool, text string, from, limit int, anchored bool) []int {
	np := len(p.insts)
	// The memo holds one bit per (instruction, position), in pages of
	// 1<<pageShift positions allocated when first touched.
	const pageShift = 12
	span := limit - from + 1
	if useMemo {
		npages := (span-1)>>pageShift + 1
		if cap(m.pages) < npages {
			m.pages = make([][]uint64, npages)
		}
		m.pages = m.pages[:npages]
		defer func() {
			for i, pg := range m.pages {
				if pg != nil {
					m.free = append(m.free, pg)
					m.pages[i] = nil
				}
			}
		}()
	}
	// A text shorter than a page gets a page just big enough.
	pageWords := (np*min(1<<pageShift, span) + 63) / 64
	visit := func(pc int32, pos int) bool { // reports whether already visited
		rel := pos - from
		pg := m.pages[rel>>pageShift]
		if pg == nil {
			if n := len(m.free); n > 0 && cap(m.free[n-1]) >= pageWords {
				pg = m.free[n-1][:pageWords]
				m.free = m.free[:n-1]
				clear(pg)
			} else {
				pg = make([]uint64, pageWords)
			}
			m.pages[rel>>pageShift] = pg
		}
		k := (rel&(1<<pageShift-1))*np + int(pc)
		w, b := k>>6, uint64(1)<<(k&63)
		if pg[w]&b != 0 {
			return true
		}
		pg[w] |= b
		return false
	}
	if cap(m.caps) < ncap {
		m.caps = make([]int, ncap)
		m.best = make([]int, ncap)
	}
	caps, best := m.caps[:ncap], m.best[:ncap]
	if cap(m.loops) < p.nloop {
		m.loops = make([]int, p.nloop)
	}
	loops := m.loops[:p.nloop]
	stack := m.stack[:0]
	defer func() { m.stack = stack[:0] }()
	steps := 0
	last := limit
	if anchored {
		last = from
	}
	for start := from; start <= last; start++ {
		if !p.nullable && (start == limit || !p.first.has(text[start])) {
			continue
		}
		for i := range caps {
			caps[i] = -1
		}
		for i := range loops {
			loops[i] = -1
		}
		bestEnd := -1
		stack = append(stack[:0], bk{kind: bkBranch, pc: 0, pos: start})
		for len(stack) > 0 {
			e := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			switch e.kind {
			case bkCap:
				caps[e.idx] = e.old
				continue
			case bkLoop:
				loops[e.idx] = e.old
				continue
			}
			pc, pos := e.pc, e.pos
		thread:
			for {
				if useMemo && visit(pc, pos) {
					break
				}
				steps++
				if !useMemo && steps > maxSteps {
					return nil
				}
				in := &p.insts[pc]
				switch in.op {
				case iByte:
					if pos < limit && text[pos] == in.c {
						pc++
						pos++
						continue
					}
					break thread
				case iStr:
					if pos+len(in.s) <= limit && text[pos:pos+len(in.s)] == in.s {
						pc++
						pos += len(in.s)
						continue
					}
					break thread
				case iSet:
					if pos < limit && in.set.has(text[pos]) {
						pc++
						pos++
						continue
					}
					break thread
				case iSplit:
					stack = append(stack, bk{kind: bkBranch, pc: in.y, pos: pos})
					pc = in.x
				case iJmp:
					pc = in.x
				case iSave:
					if int(in.n) < ncap {
						stack = append(stack, bk{kind: bkCap, idx: in.n, old: caps[in.n]})
						caps[in.n] = pos
					}
					pc++
				case iLoop:
					if !useMemo {
						if loops[in.n] == pos {
							break thread
						}
						stack = append(stack, bk{kind: bkLoop, idx: in.n, old: loops[in.n]})
						loops[in.n] = pos
					}
					pc++
				case iBOL:
					if pos == 0 || text[pos-1] == '\n' {
						pc++
						continue
					}
					break thread
				case iEOL:
					if pos == len(text) || text[pos] == '\n' {
						pc++
						continue
					}
					break thread
				case iBOW:
					if (pos == 0 || !isWordByte(text[pos-1])) && pos < len(text) && isWordByte(text[pos]) {
						pc++
						continue
					}
					break thread
				case iEOW:
					if pos > 0 && isWordByte(text[pos-1]) && (pos == len(text) || !isWordByte(text[pos])) {
						pc++
						continue
					}
					break thread
				case iBackref:
					so, eo := caps[2*in.n], caps[2*in.n+1]
					if so < 0 || eo < 0 || eo < so {
						break thread
					}
					l := eo - so
					if pos+l <= limit && text[pos:pos+l] == text[so:eo] {
						pc++
						pos += l
						continue
					}
					break thread
				case iMatch:
					if pos > bestEnd {
						bestEnd = pos
						copy(best, caps)
					}
					break thread
				}
			}
		}
		if bestEnd >= 0 {
			best[0], best[1] = start, bestEnd
			return append([]int(nil), best...)
		}
	}
	return nil
}

// vmMatch returns the leftmost-longest match in text with LLVM's captures.
func (r *regex) vmMatch(text string) []int {
	m := r.vm.run(&r.prog, 2*(r.nsub+1), !r.backrefs, text, 0, len(text), false)
	if m != nil && r.nsub > 0 && !r.backrefs {
		r.dissectCaptures(text, m)
	}
	return m
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// vmLimit bounds the memo table of one VM run (in bits); longer texts go to
// Go's regexp when it is equivalent.
const vmLimit = 1 << 22

// matchText runs the right engine on text as a whole.
func (r *regex) matchText(text string, wantCaps bool) []int {
	if len(r.prog.insts)*(len(text)+1) > vmLimit {
		if re := r.goRegexp(); re != nil && (r.asciiOnly || isASCII(text)) {
			return r.goFind(re, text, wantCaps)
		}
	}
	return r.vmMatch(text)
}

// goFind searches with Go's regexp; only the overall match is taken from
// it, the captures are recomputed the way LLVM assigns them.
func (r *regex) goFind(re *regexp.Regexp, text string, wantCaps bool) []int {
	m := re.FindStringIndex(text)
	if m == nil || !wantCaps || r.nsub == 0 {
		return m
	}
	full := make([]int, 2*(r.nsub+1))
	for i := range full {
		full[i] = -1
	}
	full[0], full[1] = m[0], m[1]
	r.dissectCaptures(text, full)
	return full
}

// lineScanLimit is how far a regex without a required literal is searched
// line by line before switching to one whole-buffer search.
const lineScanLimit = 64 << 10

// match finds the leftmost-longest match of r in buf. The result holds
// offsets into buf for the whole match and each group (-1 if unset), or is nil.
func (r *regex) match(buf string, wantCaps bool) []int {
	if r.matchesNL {
		return r.matchText(buf, wantCaps)
	}
	// The match lies within one line: visit candidate lines only.
	from := 0
	triedWhole := false
	for from <= len(buf) {
		ls := from
		if r.lit != "" {
			var i int
			if r.litFold {
				i = indexFold(buf[from:], r.lit)
			} else {
				i = strings.Index(buf[from:], r.lit)
			}
			if i < 0 {
				return nil
			}
			i += from
			ls = strings.LastIndexByte(buf[:i], '\n') + 1
			if ls < from {
				ls = from
			}
		} else if from > lineScanLimit && !triedWhole {
			// Long search without a literal: one Go search over the rest,
			// when Go's engine is equivalent there.
			triedWhole = true
			if re := r.goRegexp(); re != nil && (r.asciiOnly || isASCII(buf[from:])) {
				m := r.goFind(re, buf[from:], wantCaps)
				for i := range m {
					if m[i] >= 0 {
						m[i] += from
					}
				}
				return m
			}
		}
		le := strings.IndexByte(buf[ls:], '\n')
		if le < 0 {
			le = len(buf)
		} else {
			le += ls
		}
		if m := r.matchText(buf[ls:le], wantCaps); m != nil {
			for i := range m {
				if m[i] >= 0 {
					m[i] += ls
				}
			}
			return m
		}
		from = le + 1
	}
	return nil
}

// indexFold finds needle (already lower-case ASCII) in s ignoring ASCII case,
// like StringRef::find_insensitive.
func indexFold(s, needle string) int {
	if needle == "" {
		return 0
	}
	c0 := needle[0]
	lo, up := c0, otherCase(c0)
	if lo == up {
		// first byte has no case: scan for it directly
		for i := 0; ; {
			j := strings.IndexByte(s[i:], lo)
			if j < 0 {
				return -1
			}
			i += j
			if i+len(needle) > len(s) {
				return -1
			}
			if equalFoldASCII(s[i:i+len(needle)], needle) {
				return i
			}
			i++
		}
	}
	nextLo, nextUp := -2, -2 // -2: unknown, -1: none
	for i := 0; ; {
		if nextLo != -1 && nextLo < i {
			if j := strings.IndexByte(s[i:], lo); j >= 0 {
				nextLo = i + j
			} else {
				nextLo = -1
			}
		}
		if nextUp != -1 && nextUp < i {
			if j := strings.IndexByte(s[i:], up); j >= 0 {
				nextUp = i + j
			} else {
				nextUp = -1
			}
		}
		var k int
		switch {
		case nextLo < 0 && nextUp < 0:
			return -1
		case nextLo < 0:
			k = nextUp
		case nextUp < 0:
			k = nextLo
		default:
			k = min(nextLo, nextUp)
		}
		if k+len(needle) > len(s) {
			return -1
		}
		if equalFoldASCII(s[k:k+len(needle)], needle) {
			return k
		}
		i = k + 1
	}
}

// equalFoldASCII reports whether a equals lowerNeedle ignoring ASCII case.
func equalFoldASCII(a, lowerNeedle string) bool {
	for i := 0; i < len(a); i++ {
		if lower(a[i]) != lowerNeedle[i] {
			return false
		}
	}
	return true
}
