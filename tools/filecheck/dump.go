package main

// The annotated input dump (--dump-input), in FileCheck-19's format.

import (
	"bufio"
	"math"
	"sort"
	"strconv"
	"strings"
)

type dumpMode int

const (
	dumpNever dumpMode = iota + 1
	dumpFail
	dumpAlways
	dumpHelp
)

type dumpFilter int

const (
	filterError dumpFilter = iota
	filterAnnotation
	filterAnnotationFull
	filterAll
)

type marker struct {
	lead           byte
	note           string
	filtersAsError bool
	color          int // the annotation's color with --color
}

func getMarker(mt matchType) marker {
	switch mt {
	case mtFoundAndExpected:
		return marker{lead: '^', color: colGreen}
	case mtFoundButExcluded:
		return marker{'!', "error: no match expected", true, colRed}
	case mtFoundButWrongLine:
		return marker{'!', "error: match on wrong line", true, colRed}
	case mtFoundButDiscarded:
		return marker{'!', "discard: overlaps earlier match", false, colCyan}
	case mtFoundErrorNote:
		return marker{'!', "error: unknown error after match", true, colRed}
	case mtNoneAndExcluded:
		return marker{lead: 'X', color: colGreen}
	case mtNoneButExpected:
		return marker{'X', "error: no match found", true, colRed}
	case mtNoneForInvalidPattern:
		return marker{'X', "error: match failed for invalid pattern", true, colRed}
	case mtFuzzy:
		return marker{'?', "possible intended match", true, colMagenta}
	}
	return marker{lead: ' ', color: colBlack}
}

const dumpHelpText = `The following description was requested by -dump-input=help to
explain the input dump printed by FileCheck.

Related command-line options:

  - -dump-input=<value> enables or disables the input dump
  - -dump-input-filter=<value> filters the input lines
  - -dump-input-context=<N> adjusts the context of filtered lines
  - -v and -vv add more annotations
  - -color forces colors to be enabled both in the dump and below
  - -help documents the above options in more detail

These options can also be set via FILECHECK_OPTS.  For example, for
maximum debugging output on failures:

  $ FILECHECK_OPTS='-dump-input-filter=all -vv -color' ninja check

Input dump annotation format:

  - L:     labels line number L of the input file
           An extra space is added after each input line to represent the
           newline character
  - T:L    labels the only match result for either (1) a pattern of type T from
           line L of the check file if L is an integer or (2) the I-th implicit
           pattern if L is "imp" followed by an integer I (index origin one)
  - T:L'N  labels the Nth match result for such a pattern
  - ^~~    marks good match (reported if -v)
  - !~~    marks bad match, such as:
           - CHECK-NEXT on same line as previous match (error)
           - CHECK-NOT found (error)
           - CHECK-DAG overlapping match (discarded, reported if -vv)
  - X~~    marks search range when no match is found, such as:
           - CHECK-NEXT not found (error)
           - CHECK-NOT not found (success, reported if -vv)
           - CHECK-DAG not found after discarded matches (error)
  - ?      marks fuzzy match when no match is found
  - ...    indicates elided input lines and annotations, as specified by
           -dump-input-filter and -dump-input-context
  - colors success, error, fuzzy match, discarded match, unmatched input
`

// dumpHelpFor is dumpHelpText, with the marks in bold and the color legend
// in its colors when color is set, as FileCheck prints it.
func dumpHelpFor(color bool) string {
	if !color {
		return dumpHelpText
	}
	bold := func(s string) string { return ansiBold + s + ansiReset }
	paint := func(c int, bg bool, s string) string { return ansiColor(c, bg) + s + ansiReset }
	text := dumpHelpText
	for _, m := range []string{"L:", "T:L", "T:L'N", "^~~", "!~~", "X~~", "?", "..."} {
		text = strings.Replace(text, "\n  - "+m+" ", "\n  - "+bold(m)+" ", 1)
	}
	return strings.Replace(text, "colors success, error, fuzzy match, discarded match, unmatched input",
		"colors "+paint(colGreen, false, "success")+", "+paint(colRed, false, "error")+", "+
			paint(colMagenta, false, "fuzzy match")+", "+paint(colCyan, false, "discarded match")+", "+
			paint(colCyan, true, "unmatched input"), 1)
}

type annotation struct {
	diagIndex   int
	label       string
	isFirstLine bool
	inputLine   int
	startCol    int
	endCol      int // math.MaxInt: to end of line
	m           marker
	match       matchType
}

func (c *checker) buildAnnotations() ([]annotation, int) {
	diags := *c.diags
	countPer := map[loc]int{}
	for _, d := range diags {
		countPer[d.checkLoc]++
	}
	indexPer := map[loc]int{}
	var anns []annotation
	width := 0
	for i, d := range diags {
		a := annotation{diagIndex: i}
		var lb strings.Builder
		lb.WriteString(d.checkTy.abbrev())
		lb.WriteByte(':')
		if d.checkLoc.b == c.checkBuf {
			l, _ := c.checkBuf.lineCol(d.checkLoc.off)
			lb.WriteString(strconv.Itoa(l))
		} else {
			for k, b := range c.impBufs {
				if b == d.checkLoc.b {
					lb.WriteString("imp" + strconv.Itoa(k+1))
				}
			}
		}
		if countPer[d.checkLoc] > 1 {
			lb.WriteString("'" + strconv.Itoa(indexPer[d.checkLoc]))
			indexPer[d.checkLoc]++
		}
		a.label = lb.String()
		width = max(width, len(a.label))
		a.m = getMarker(d.matchTy)
		a.match = d.matchTy
		if d.note != "" {
			a.m.note = d.note
			if d.sLine == d.eLine && d.sCol == d.eCol {
				a.m.lead = ' '
			}
		}
		if d.matchTy == mtFoundErrorNote {
			a.m.note = "error: " + a.m.note
		}
		a.isFirstLine = true
		a.inputLine = d.sLine
		a.startCol = d.sCol
		if d.sLine == d.eLine {
			a.endCol = max(d.sCol+1, d.eCol)
			anns = append(anns, a)
		} else {
			a.endCol = math.MaxInt
			anns = append(anns, a)
			for l := d.sLine + 1; l <= d.eLine; l++ {
				if d.eCol == 1 && l == d.eLine {
					break
				}
				b := a
				b.isFirstLine = false
				b.inputLine = l
				b.m.lead = '~'
				b.m.note = ""
				b.startCol = 1
				if l != d.eLine {
					b.endCol = math.MaxInt
				} else {
					b.endCol = d.eCol
				}
				anns = append(anns, b)
			}
		}
	}
	return anns, width
}

func findInputLineInFilter(f dumpFilter, cur int, anns []annotation) int {
	if f == filterAll {
		return cur
	}
	for _, a := range anns {
		switch f {
		case filterAnnotationFull:
			return a.inputLine
		case filterAnnotation:
			if a.isFirstLine {
				return a.inputLine
			}
		case filterError:
			if a.isFirstLine && a.m.filtersAsError {
				return a.inputLine
			}
		}
	}
	return math.MaxInt
}

// lineWriter is where dumpInput sends one input line and its annotations:
// the real output or the buffer of elided lines.
type lineWriter interface {
	WriteString(string) (int, error)
	WriteByte(byte) error
}

// elidedBuf keeps elided lines only while they could still be printed
// instead of the ellipsis (at most 3 lines), and counts the rest.
type elidedBuf struct {
	sb    strings.Builder
	lines int
}

func (e *elidedBuf) WriteString(s string) (int, error) {
	if e.lines <= 3 {
		e.sb.WriteString(s)
	}
	return len(s), nil
}

func (e *elidedBuf) WriteByte(c byte) error {
	if e.lines <= 3 {
		e.sb.WriteByte(c)
	}
	if c == '\n' {
		e.lines++
	}
	return nil
}

func (c *checker) dumpInput(sb *bufio.Writer, filter dumpFilter, context int) {
	anns, labelWidth := c.buildAnnotations()
	color, verbose := c.d.color, c.req.verbose
	// paint writes an ANSI sequence when colors are on.
	paint := func(w lineWriter, seq string) {
		if color {
			w.WriteString(seq)
		}
	}
	sb.WriteString("Input was:\n<<<<<<\n")
	paint(sb, ansiBold+ansiReset)
	sort.SliceStable(anns, func(i, j int) bool {
		if anns[i].inputLine != anns[j].inputLine {
			return anns[i].inputLine < anns[j].inputLine
		}
		return anns[i].diagIndex < anns[j].diagIndex
	})
	text := c.input.text
	lineCount := strings.Count(text, "\n")
	if len(text) > 0 && text[len(text)-1] != '\n' {
		lineCount++
	}
	lineNoWidth := 1
	if lineCount > 0 {
		lineNoWidth = int(math.Log10(float64(lineCount))) + 1
	}
	labelWidth = max(labelWidth, lineNoWidth) + 3

	var elided elidedBuf
	flushElided := func() {
		if elided.lines == 0 {
			return
		}
		if elided.lines > 3 {
			for i := 0; i < 3; i++ {
				paint(sb, ansiColor(colBlack, false))
				sb.WriteString(strings.Repeat(" ", labelWidth-1) + ".")
				paint(sb, ansiReset)
				sb.WriteString("\n")
			}
		} else {
			sb.WriteString(elided.sb.String())
		}
		elided.sb.Reset()
		elided.lines = 0
	}
	prevInFilter := 0
	nextInFilter := 0
	pos := 0
	ai := 0
	for line := 1; pos < len(text) || ai < len(anns); line++ {
		lineStart := pos
		if nextInFilter < line {
			nextInFilter = findInputLineInFilter(filter, line, anns[ai:])
		}
		if nextInFilter == line {
			prevInFilter = line
		}
		var out lineWriter
		isElided := (prevInFilter == 0 || prevInFilter+context < line) &&
			(nextInFilter == math.MaxInt || line+context < nextInFilter)
		if isElided {
			out = &elided
		} else {
			out = sb
			flushElided()
		}
		if isElided && elided.lines > 3 && (ai >= len(anns) || anns[ai].inputLine != line) {
			// Nothing of this line will be shown: skip it quickly.
			if e := strings.IndexByte(text[pos:], '\n'); e >= 0 {
				pos += e + 1
			} else {
				pos = len(text)
			}
			elided.lines++
			continue
		}
		num := strconv.Itoa(line)
		paint(out, ansiColor(colBlack, false))
		if len(num) < labelWidth {
			out.WriteString(strings.Repeat(" ", labelWidth-len(num)))
		}
		out.WriteString(num)
		out.WriteString(": ")
		paint(out, ansiReset)
		paint(out, ansiBold)
		// With -v, input no expected match covers has a cyan background.
		highlight := color && verbose
		inMatch := false
		if highlight {
			out.WriteString(ansiColor(colCyan, true))
		}
		for col := 1; pos < len(text); col++ {
			if highlight {
				was := inMatch
				inMatch = false
				for k := ai; k < len(anns) && anns[k].inputLine == line; k++ {
					a := anns[k]
					if a.match == mtFoundAndExpected && a.startCol <= col && col < a.endCol {
						inMatch = true
						break
					}
				}
				if !was && inMatch {
					out.WriteString(ansiReset)
				} else if was && !inMatch {
					out.WriteString(ansiColor(colCyan, true))
				}
			}
			ch := text[pos]
			pos++
			if ch == '\n' {
				out.WriteByte(' ')
				break
			}
			out.WriteByte(ch)
		}
		paint(out, ansiReset)
		out.WriteByte('\n')
		lineWidth := pos - lineStart
		for ai < len(anns) && anns[ai].inputLine == line {
			a := anns[ai]
			paint(out, ansiColor(a.m.color, false))
			out.WriteString(a.label)
			if len(a.label) < labelWidth {
				out.WriteString(strings.Repeat(" ", labelWidth-len(a.label)))
			}
			out.WriteString("  ")
			col := 1
			for ; col < a.startCol; col++ {
				out.WriteByte(' ')
			}
			out.WriteByte(a.m.lead)
			for col++; col < a.endCol && col <= lineWidth; col++ {
				out.WriteByte('~')
			}
			if a.m.note != "" {
				for ; col <= lineWidth; col++ {
					out.WriteByte(' ')
				}
				out.WriteByte(' ')
				out.WriteString(a.m.note)
			}
			out.WriteByte('\n')
			paint(out, ansiReset)
			ai++
		}
	}
	flushElided()
	sb.WriteString(">>>>>>\n")
}
