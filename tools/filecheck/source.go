package main

import (
	"io"
	"sort"
	"strconv"
	"strings"
)

// srcBuf is one named text buffer that diagnostics can point into, like a
// MemoryBuffer registered with LLVM's SourceMgr: the check file, the input,
// the synthetic "command line" buffers for --implicit-check-not and the
// "Global defines" buffer for -D.
type srcBuf struct {
	name string
	text string
	// nl holds the offsets of every '\n' in text, computed lazily.
	nl     []int
	nlDone bool
}

func newBuf(name, text string) *srcBuf { return &srcBuf{name: name, text: text} }

func (b *srcBuf) newlines() []int {
	if !b.nlDone {
		b.nlDone = true
		n := strings.Count(b.text, "\n")
		b.nl = make([]int, 0, n)
		for i := 0; ; {
			j := strings.IndexByte(b.text[i:], '\n')
			if j < 0 {
				break
			}
			b.nl = append(b.nl, i+j)
			i += j + 1
		}
	}
	return b.nl
}

// lineCol returns the 1-based line and column of offset off, counting only
// '\n' as a line terminator, as SourceMgr::getLineAndColumn does.
func (b *srcBuf) lineCol(off int) (int, int) {
	nl := b.newlines()
	// number of newlines strictly before off
	i := sort.SearchInts(nl, off)
	start := 0
	if i > 0 {
		start = nl[i-1] + 1
	}
	return i + 1, off - start + 1
}

// lineStart returns the offset of the first byte of 1-based line n, or -1.
func (b *srcBuf) lineStart(n int) int {
	if n == 1 {
		return 0
	}
	nl := b.newlines()
	if n-2 < len(nl) {
		return nl[n-2] + 1
	}
	return -1
}

// loc is a position in a buffer (SMLoc). A nil buffer is an invalid location.
type loc struct {
	b   *srcBuf
	off int
}

// span is a substring of a buffer (a StringRef that remembers where it lives),
// used both as a parsing cursor and as a diagnostic range.
type span struct {
	b      *srcBuf
	lo, hi int
}

func (s span) str() string   { return s.b.text[s.lo:s.hi] }
func (s span) len() int      { return s.hi - s.lo }
func (s span) empty() bool   { return s.hi == s.lo }
func (s span) at(i int) byte { return s.b.text[s.lo+i] }
func (s span) start() loc    { return loc{s.b, s.lo} }
func (s span) end() loc      { return loc{s.b, s.hi} }

func (s span) front() byte {
	if s.empty() {
		return 0
	}
	return s.b.text[s.lo]
}

func (s span) hasPrefix(p string) bool { return strings.HasPrefix(s.str(), p) }

func (s *span) consume(p string) bool {
	if s.hasPrefix(p) {
		s.lo += len(p)
		return true
	}
	return false
}

// substr mirrors StringRef::substr: start is clamped to the length and n<0
// means "to the end".
func (s span) substr(start, n int) span {
	if start > s.len() {
		start = s.len()
	}
	r := span{s.b, s.lo + start, s.hi}
	if n >= 0 && n < r.len() {
		r.hi = r.lo + n
	}
	return r
}

func (s span) dropFront(n int) span { return s.substr(n, -1) }
func (s span) takeFront(n int) span { return s.substr(0, n) }

// dropBack drops n bytes from the end (clamped).
func (s span) dropBack(n int) span {
	if n > s.len() {
		n = s.len()
	}
	return span{s.b, s.lo, s.hi - n}
}

// find returns the index of p at or after from, or -1.
func (s span) find(p string, from int) int {
	if from > s.len() {
		return -1
	}
	i := strings.Index(s.str()[from:], p)
	if i < 0 {
		return -1
	}
	return i + from
}

func (s span) findByte(c byte) int { return strings.IndexByte(s.str(), c) }

func (s span) contains(p string) bool { return strings.Contains(s.str(), p) }

func (s span) ltrim(chars string) span {
	for s.lo < s.hi && strings.IndexByte(chars, s.b.text[s.lo]) >= 0 {
		s.lo++
	}
	return s
}

func (s span) rtrim(chars string) span {
	for s.hi > s.lo && strings.IndexByte(chars, s.b.text[s.hi-1]) >= 0 {
		s.hi--
	}
	return s
}

func (s span) trim(chars string) span { return s.ltrim(chars).rtrim(chars) }

// fullSpan returns the whole buffer as a span.
func (b *srcBuf) fullSpan() span { return span{b, 0, len(b.text)} }

type diagKind int

const (
	dkError diagKind = iota
	dkWarning
	dkRemark
	dkNote
)

func (k diagKind) String() string {
	switch k {
	case dkError:
		return "error"
	case dkWarning:
		return "warning"
	case dkRemark:
		return "remark"
	}
	return "note"
}

// ANSI sequences raw_ostream writes for colors (changeColor, resetColor).
const (
	ansiReset = "\x1b[0m"
	ansiBold  = "\x1b[1m"
)

// ansiColor is raw_ostream::changeColor(c, bold=true): c is 0 black,
// 1 red, 2 green, 3 yellow, 4 blue, 5 magenta, 6 cyan, 7 white; bg selects
// the background.
func ansiColor(c int, bg bool) string {
	if bg {
		return "\x1b[0;1;4" + strconv.Itoa(c) + "m"
	}
	return "\x1b[0;1;3" + strconv.Itoa(c) + "m"
}

const (
	colBlack = iota
	colRed
	colGreen
	colYellow
	colBlue
	colMagenta
	colCyan
	colWhite
)

// color is the color SMDiagnostic gives the kind's label.
func (k diagKind) color() int {
	switch k {
	case dkError:
		return colRed
	case dkWarning:
		return colMagenta
	case dkRemark:
		return colBlue
	}
	return colBlack
}

// formatDiag renders a diagnostic exactly like SMDiagnostic::print without
// colours: "file:line:col: kind: msg", the source line (tabs expanded) and a
// caret line with '~' under the ranges.
func formatDiag(l loc, kind diagKind, msg string, ranges ...span) string {
	return formatDiagColor(l, kind, msg, false, ranges...)
}

// formatDiagColor is formatDiag, with SMDiagnostic's colors when color is
// set: bold location and message, the kind's color on its label, green
// caret line.
func formatDiagColor(l loc, kind diagKind, msg string, color bool, ranges ...span) string {
	var sb strings.Builder
	paint := func(seq string) {
		if color {
			sb.WriteString(seq)
		}
	}
	if l.b == nil {
		sb.WriteString(kind.String())
		sb.WriteString(": ")
		sb.WriteString(msg)
		sb.WriteByte('\n')
		return sb.String()
	}
	text := l.b.text
	off := l.off
	if off > len(text) {
		off = len(text)
	}
	ls := off
	for ls > 0 && text[ls-1] != '\n' && text[ls-1] != '\r' {
		ls--
	}
	le := off
	for le < len(text) && text[le] != '\n' && text[le] != '\r' {
		le++
	}
	line, col := l.b.lineCol(off)
	name := l.b.name
	if name == "-" {
		name = "<stdin>"
	}
	paint(ansiBold)
	sb.WriteString(name)
	sb.WriteByte(':')
	sb.WriteString(strconv.Itoa(line))
	sb.WriteByte(':')
	sb.WriteString(strconv.Itoa(col))
	sb.WriteString(": ")
	paint(ansiReset)
	paint(ansiColor(kind.color(), false))
	sb.WriteString(kind.String())
	sb.WriteString(": ")
	paint(ansiReset)
	paint(ansiBold)
	sb.WriteString(msg)
	sb.WriteByte('\n')
	paint(ansiReset)

	lineStr := text[ls:le]
	nonASCII := false
	for i := 0; i < len(lineStr); i++ {
		if lineStr[i]&0x80 != 0 {
			nonASCII = true
			break
		}
	}
	if nonASCII {
		writeSourceLine(&sb, lineStr)
		return sb.String()
	}
	caret := make([]byte, len(lineStr)+1)
	for i := range caret {
		caret[i] = ' '
	}
	for _, r := range ranges {
		if r.b != l.b {
			continue
		}
		if r.lo > le || r.hi < ls {
			continue
		}
		lo, hi := r.lo, r.hi
		if lo < ls {
			lo = ls
		}
		if hi > le {
			hi = le
		}
		lo -= ls
		hi -= ls
		if hi > len(caret) {
			hi = len(caret)
		}
		for i := lo; i < hi; i++ {
			caret[i] = '~'
		}
	}
	c := off - ls
	if c <= len(lineStr) {
		caret[c] = '^'
	} else {
		caret[len(lineStr)] = '^'
	}
	cl := strings.TrimRight(string(caret), " ")
	writeSourceLine(&sb, lineStr)
	paint(ansiColor(colGreen, false))
	outCol := 0
	for i := 0; i < len(cl); i++ {
		if i >= len(lineStr) || lineStr[i] != '\t' {
			sb.WriteByte(cl[i])
			outCol++
			continue
		}
		for {
			sb.WriteByte(cl[i])
			outCol++
			if outCol%8 == 0 {
				break
			}
		}
	}
	sb.WriteByte('\n')
	paint(ansiReset)
	return sb.String()
}

func writeSourceLine(sb *strings.Builder, line string) {
	outCol := 0
	for i := 0; i < len(line); i++ {
		if line[i] != '\t' {
			sb.WriteByte(line[i])
			outCol++
			continue
		}
		for {
			sb.WriteByte(' ')
			outCol++
			if outCol%8 == 0 {
				break
			}
		}
	}
	sb.WriteByte('\n')
}

// diagSink writes diagnostics to stderr.
type diagSink struct {
	w     io.Writer
	color bool
}

func (d *diagSink) print(l loc, kind diagKind, msg string, ranges ...span) {
	io.WriteString(d.w, formatDiagColor(l, kind, msg, d.color, ranges...))
}

func (d *diagSink) raw(s string) { io.WriteString(d.w, s) }
