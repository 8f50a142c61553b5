package ir

import (
	"fmt"
	"strings"
	"sync"
)

// Severity of a diagnostic.
type Severity uint8

const (
	SeverityNote Severity = iota
	SeverityRemark
	SeverityWarning
	SeverityError
)

func (s Severity) String() string {
	return [...]string{"note", "remark", "warning", "error"}[s]
}

// Diagnostic is a message at a location, with attached notes. It is also
// an error so that hooks can return one.
type Diagnostic struct {
	Severity Severity
	Loc      Location
	Message  string
	Notes    []*Diagnostic
	// Err, when set, is the typed error this diagnostic reports, so that
	// callers classify it with errors.As rather than by its text.
	Err error
	// Op, when set, is the op the error is about (a verifier's); tools
	// print it in MLIR's "see current operation" note.
	Op *Operation
}

func (d *Diagnostic) Error() string { return d.Message }

// Unwrap returns Err.
func (d *Diagnostic) Unwrap() error { return d.Err }

// AttachNote adds a note at loc (nil: the diagnostic's own location).
func (d *Diagnostic) AttachNote(loc Location, format string, args ...any) *Diagnostic {
	if loc == nil {
		loc = d.Loc
	}
	n := &Diagnostic{Severity: SeverityNote, Loc: loc, Message: fmt.Sprintf(format, args...)}
	d.Notes = append(d.Notes, n)
	return d
}

// AttrConstraintError is a verifier's report that an inherent attribute
// fails its constraint. MLIR checks that while parsing the generic form,
// so its diagnostic has no "see current operation" note.
type AttrConstraintError struct{ Msg string }

func (e *AttrConstraintError) Error() string { return e.Msg }

// Errorf builds an error diagnostic.
func Errorf(loc Location, format string, args ...any) *Diagnostic {
	return &Diagnostic{Severity: SeverityError, Loc: loc, Message: fmt.Sprintf(format, args...)}
}

// SetDiagnosticHandler installs the function that receives every emitted
// diagnostic; it returns the previous one.
func (c *Context) SetDiagnosticHandler(h func(*Diagnostic)) func(*Diagnostic) {
	c.diagMu.Lock()
	defer c.diagMu.Unlock()
	old := c.diagHandler
	c.diagHandler = h
	return old
}

// Emit hands d to the handler; without one it is dropped.
func (c *Context) Emit(d *Diagnostic) {
	c.diagMu.Lock()
	h := c.diagHandler
	c.diagMu.Unlock()
	if h != nil {
		h(d)
	}
}

// SourceMgr keeps source buffers so diagnostics can quote the line.
type SourceMgr struct {
	mu    sync.Mutex
	files map[string][]byte
}

func NewSourceMgr() *SourceMgr { return &SourceMgr{files: map[string][]byte{}} }

// Add registers a buffer under name. MLIR bytecode (it starts with
// "ML\xefR") has no lines to quote, so its diagnostics print alone.
func (s *SourceMgr) Add(name string, src []byte) {
	if len(src) >= 4 && string(src[:4]) == "ML\xefR" {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.files[name] = src
}

// Line returns the 1-based line of file, or false if unknown.
func (s *SourceMgr) Line(file string, line int) (string, bool) {
	s.mu.Lock()
	src, ok := s.files[file]
	s.mu.Unlock()
	if !ok || line < 1 {
		return "", false
	}
	start := 0
	for l := 1; l < line; l++ {
		i := indexByte(src[start:], '\n')
		if i < 0 {
			return "", false
		}
		start += i + 1
	}
	end := indexByte(src[start:], '\n')
	if end < 0 {
		end = len(src) - start
	}
	return strings.TrimRight(string(src[start:start+end]), "\r"), true
}

func indexByte(b []byte, c byte) int {
	for i, x := range b {
		if x == c {
			return i
		}
	}
	return -1
}

// Format renders d and its notes as MLIR does:
//
//	file:line:col: error: message
//	<source line>
//	    ^
//
// A note at the location printed just before it does not quote the line
// again, as MLIR's handler does.
func (s *SourceMgr) Format(d *Diagnostic) string {
	var b strings.Builder
	s.formatOne(&b, d, true)
	s.formatNotes(&b, d)
	return b.String()
}

func (s *SourceMgr) formatNotes(b *strings.Builder, d *Diagnostic) {
	prev := d.Loc
	for _, n := range d.Notes {
		s.formatOne(b, n, !sameLoc(prev, n.Loc))
		prev = n.Loc
	}
}

func sameLoc(a, b Location) bool {
	return a != nil && b != nil && a.String() == b.String()
}

// FormatFor is Format for a command-line tool: a diagnostic with no
// location reads "tool: error: message", as LLVM's tools print it, not
// "loc(unknown): error: message".
func (s *SourceMgr) FormatFor(tool string, d *Diagnostic) string {
	if _, unknown := d.Loc.(UnknownLoc); d.Loc != nil && !unknown {
		return s.Format(d)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s: %s\n", tool, d.Severity, d.Message)
	s.formatNotes(&b, d)
	return b.String()
}

func (s *SourceMgr) formatOne(b *strings.Builder, d *Diagnostic, quote bool) {
	flc, ok := FileLineCol(d.Loc)
	if ok {
		fmt.Fprintf(b, "%s:%d:%d: %s: %s\n", flc.File, flc.Line, flc.Col, d.Severity, d.Message)
		if s != nil && quote {
			if line, found := s.Line(flc.File, flc.Line); found {
				b.WriteString(line)
				b.WriteByte('\n')
				col := flc.Col - 1
				if col < 0 {
					col = 0
				}
				// Keep tabs so the caret lines up under tab-indented text.
				pad := []byte(line)
				if col > len(pad) {
					col = len(pad)
				}
				for _, ch := range pad[:col] {
					if ch == '\t' {
						b.WriteByte('\t')
					} else {
						b.WriteByte(' ')
					}
				}
				b.WriteString("^\n")
			}
		}
		return
	}
	loc := "loc(unknown)"
	if d.Loc != nil {
		loc = "loc(" + d.Loc.String() + ")"
	}
	fmt.Fprintf(b, "%s: %s: %s\n", loc, d.Severity, d.Message)
}
