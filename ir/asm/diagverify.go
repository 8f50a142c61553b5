package asm

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/mlc-go/mlc/ir"
)

// Chunk is one piece of a --split-input-file buffer: its text and the
// 1-based line in the whole file where it starts, so diagnostics keep
// the file's own line numbers.
type Chunk struct {
	Text      []byte
	FirstLine int
}

// SplitInput cuts src at lines consisting of "// -----" (trailing text
// allowed, as MLIR's marker).
func SplitInput(src []byte) []Chunk {
	var chunks []Chunk
	start, startLine, line := 0, 1, 1
	for i := 0; i <= len(src); {
		end := i
		for end < len(src) && src[end] != '\n' {
			end++
		}
		text := strings.TrimSpace(string(src[i:end]))
		if strings.HasPrefix(text, "// -----") {
			chunks = append(chunks, Chunk{Text: src[start:i], FirstLine: startLine})
			start, startLine = min(end+1, len(src)), line+1
		}
		line++
		i = end + 1
	}
	chunks = append(chunks, Chunk{Text: src[start:], FirstLine: startLine})
	return chunks
}

// expectedDiag is one expected-{error,warning,remark,note} comment.
type expectedDiag struct {
	severity ir.Severity
	file     string
	line     int // line the diagnostic must be on
	at       ir.FileLineColLoc
	msg      string
	re       *regexp.Regexp // for expected-*-re
	matched  bool
}

var expectedRe = regexp.MustCompile(`expected-(error|warning|remark|note)(-re)?\s*(@[^\s{]*)?\s*\{\{`)

// DiagVerifier implements --verify-diagnostics: it collects the
// expectations written in the source and checks emitted diagnostics
// against them.
type DiagVerifier struct {
	expected []*expectedDiag
	problems []*ir.Diagnostic
}

// NewDiagVerifier scans a chunk for expectations. Malformed expectation
// comments become problems reported by Finish.
func NewDiagVerifier(file string, chunk Chunk) *DiagVerifier {
	v := &DiagVerifier{}
	lines := strings.Split(string(chunk.Text), "\n")
	for i, text := range lines {
		lineNo := chunk.FirstLine + i
		for _, m := range expectedRe.FindAllStringSubmatchIndex(text, -1) {
			kind := text[m[2]:m[3]]
			isRe := m[4] >= 0
			at := ir.FileLineColLoc{File: file, Line: lineNo, Col: m[0] + 1}
			target := lineNo
			if m[6] >= 0 {
				var ok bool
				target, ok = resolveOffset(text[m[6]+1:m[7]], lineNo, i, lines, chunk.FirstLine)
				if !ok {
					v.problems = append(v.problems, ir.Errorf(at, "expected valid line offset, found '%s'", text[m[6]:m[7]]))
					continue
				}
			}
			rest := text[m[1]:]
			end := strings.Index(rest, "}}")
			if isRe {
				// A regex expectation holds {{...}} groups of its own.
				end = strings.LastIndex(rest, "}}")
			}
			if end < 0 {
				v.problems = append(v.problems, ir.Errorf(at, "found start of regex with no end '}}'"))
				continue
			}
			e := &expectedDiag{severity: severityOf(kind), file: file, line: target, at: at, msg: rest[:end]}
			if isRe {
				re, err := regexp.Compile(reToGo(e.msg))
				if err != nil {
					v.problems = append(v.problems, ir.Errorf(at, "invalid regex: %v", err))
					continue
				}
				e.re = re
			}
			v.expected = append(v.expected, e)
		}
	}
	return v
}

// reToGo turns MLIR's "-re" pattern (literal text with {{regex}} parts)
// into a Go regexp.
func reToGo(s string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, "{{")
		if i < 0 {
			b.WriteString(regexp.QuoteMeta(s))
			return b.String()
		}
		b.WriteString(regexp.QuoteMeta(s[:i]))
		j := strings.Index(s[i+2:], "}}")
		if j < 0 {
			b.WriteString(regexp.QuoteMeta(s[i:]))
			return b.String()
		}
		b.WriteString("(?:" + s[i+2:i+2+j] + ")")
		s = s[i+2+j+2:]
	}
}

func severityOf(kind string) ir.Severity {
	switch kind {
	case "warning":
		return ir.SeverityWarning
	case "remark":
		return ir.SeverityRemark
	case "note":
		return ir.SeverityNote
	}
	return ir.SeverityError
}

// resolveOffset handles @+N, @-N, @above, @below (the next/previous line
// that is not itself only an expectation comment).
func resolveOffset(spec string, lineNo, idx int, lines []string, firstLine int) (int, bool) {
	switch spec {
	case "above", "below":
		step := -1
		if spec == "below" {
			step = 1
		}
		for j := idx + step; j >= 0 && j < len(lines); j += step {
			if !isOnlyExpectation(lines[j]) {
				return firstLine + j, true
			}
		}
		return 0, false
	}
	if len(spec) < 2 || (spec[0] != '+' && spec[0] != '-') {
		return 0, false
	}
	n, err := strconv.Atoi(spec[1:])
	if err != nil {
		return 0, false
	}
	if spec[0] == '-' {
		n = -n
	}
	return lineNo + n, true
}

func isOnlyExpectation(line string) bool {
	t := strings.TrimSpace(line)
	return strings.HasPrefix(t, "//") && expectedRe.MatchString(t)
}

// Handle consumes one diagnostic (call it for notes too).
func (v *DiagVerifier) Handle(d *ir.Diagnostic) {
	flc, ok := ir.FileLineCol(d.Loc)
	for _, e := range v.expected {
		if e.matched || e.severity != d.Severity {
			continue
		}
		if ok && (e.line != flc.Line || e.file != flc.File) {
			continue
		}
		if !ok && e.line != -1 {
			// A diagnostic with no file location can only match an
			// expectation on the line of the op's location; none here.
			continue
		}
		if (e.re != nil && e.re.MatchString(d.Message)) || (e.re == nil && strings.Contains(d.Message, e.msg)) {
			e.matched = true
			return
		}
	}
	loc := d.Loc
	if loc == nil {
		loc = ir.UnknownLoc{}
	}
	v.problems = append(v.problems, ir.Errorf(loc, "unexpected %s: %s", d.Severity, d.Message))
}

// Finish returns every unmet expectation and unexpected diagnostic,
// sorted by position.
func (v *DiagVerifier) Finish() []*ir.Diagnostic {
	out := append([]*ir.Diagnostic(nil), v.problems...)
	for _, e := range v.expected {
		if !e.matched {
			out = append(out, ir.Errorf(e.at, "expected %s \"%s\" was not produced", e.severity, e.msg))
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, _ := ir.FileLineCol(out[i].Loc)
		b, _ := ir.FileLineCol(out[j].Loc)
		return a.Line < b.Line || (a.Line == b.Line && a.Col < b.Col)
	})
	return out
}

// String is for debugging.
func (e *expectedDiag) String() string { return fmt.Sprintf("%s@%d {{%s}}", e.severity, e.line, e.msg) }
