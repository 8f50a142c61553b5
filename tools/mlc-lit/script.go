package main

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The directives of a lit test, found anywhere on a line (so after any
// comment leader: "// RUN:", "# RUN:", "; RUN:"), as lit does.
var keywords = []string{
	"RUN:", "XFAIL:", "REQUIRES:", "UNSUPPORTED:", "ALLOW_RETRIES:", "END.", "DEFINE:", "REDEFINE:",
}

// directive is an entry of a test's script: a RUN command or a
// DEFINE/REDEFINE of a substitution, in file order.
type directive struct {
	Keyword   string // "RUN:", "DEFINE:" or "REDEFINE:"
	StartLine int
	EndLine   int
	Text      string // RUN: "%dbg(RUN: at line N) command"; (RE)DEFINE: the body

	// For DEFINE/REDEFINE, once complete.
	Name, Value string
}

func (d *directive) needsContinuation() bool {
	if d.Keyword == "RUN:" {
		return strings.HasSuffix(d.Text, `\`)
	}
	return strings.HasSuffix(strings.TrimRight(d.Text, " \t\r\n\f\v"), `\`)
}

func (d *directive) location() string {
	if d.StartLine == d.EndLine {
		return fmt.Sprintf("at line %d", d.StartLine)
	}
	return fmt.Sprintf("from line %d to %d", d.StartLine, d.EndLine)
}

var substNameRE = regexp.MustCompile(`^%\{[_a-zA-Z][-_:0-9a-zA-Z]*\}$`)

// parseSubstBody splits a complete DEFINE/REDEFINE body into name and value.
func (d *directive) parseSubstBody() error {
	if d.needsContinuation() {
		return nil
	}
	name, value, ok := strings.Cut(d.Text, "=")
	if !ok {
		return fmt.Errorf("Substitution's definition does not contain '='")
	}
	d.Name, d.Value = pyStrip(name), pyStrip(value)
	if !substNameRE.MatchString(d.Name) {
		return fmt.Errorf("Substitution name '%s' is malformed as it must start with '%%{', "+
			"it must end with '}', and the rest must start with a letter or underscore and "+
			"contain only alphanumeric characters, hyphens, underscores, and colons", d.Name)
	}
	return nil
}

// testScript is what the directives of one test file say.
type testScript struct {
	Script       []*directive
	XFails       []string
	Requires     []string
	Unsupported  []string
	AllowRetries int
}

func pyStrip(s string) string  { return strings.TrimSpace(s) }
func pyRStrip(s string) string { return strings.TrimRight(s, " \t\n\r\f\v") }

var lineRE = regexp.MustCompile(`%\(line\)`)
var lineOffRE = regexp.MustCompile(`%\(line *([+-]) *(\d+)\)`)

// substituteLineNumbers expands %(line), %(line+N) and %(line-N).
func substituteLineNumbers(line int, s string) string {
	s = lineRE.ReplaceAllLiteralString(s, strconv.Itoa(line))
	return lineOffRE.ReplaceAllStringFunc(s, func(m string) string {
		sm := lineOffRE.FindStringSubmatch(m)
		n, err := strconv.Atoi(sm[2])
		if err != nil {
			return m
		}
		if sm[1] == "+" {
			return strconv.Itoa(line + n)
		}
		return strconv.Itoa(line - n)
	})
}

// findKeyword returns the leftmost directive keyword in line and what
// follows it, as lit's regex scan does.
func findKeyword(line []byte) (kw string, rest []byte, ok bool) {
	best := -1
	for _, k := range keywords {
		if i := bytes.Index(line, []byte(k)); i >= 0 && (best < 0 || i < best) {
			best, kw = i, k
		}
	}
	if best < 0 {
		return "", nil, false
	}
	return kw, line[best+len(kw):], true
}

// parseTestScript scans a test file's contents for directives, mirroring
// lit's parseIntegratedTestScript. Errors make the test UNRESOLVED.
func parseTestScript(data []byte) (*testScript, error) {
	ts := &testScript{}
	var boolLists = map[string]*[]string{
		"XFAIL:": &ts.XFails, "REQUIRES:": &ts.Requires, "UNSUPPORTED:": &ts.Unsupported,
	}
	retries := 0
	endSeen := false
	lineNo := 0
	for len(data) > 0 && !endSeen {
		lineNo++
		var line []byte
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			line, data = data, nil
		}
		kw, restB, ok := findKeyword(line)
		if !ok {
			continue
		}
		if !utf8.Valid(restB) {
			return nil, fmt.Errorf("line %d: %s directive is not valid UTF-8", lineNo, kw)
		}
		rest := strings.TrimRight(string(restB), "\r")
		wrap := func(err error) error {
			return fmt.Errorf("%v\nin %s directive on test line %d", err, kw, lineNo)
		}
		switch kw {
		case "RUN:":
			rest = substituteLineNumbers(lineNo, rest)
			if n := len(ts.Script); n > 0 {
				if last := ts.Script[n-1]; last.Keyword == kw && last.needsContinuation() {
					last.Text = last.Text[:len(last.Text)-1] + pyRStrip(rest)
					last.EndLine = lineNo
					continue
				}
			}
			ts.Script = append(ts.Script, &directive{
				Keyword: kw, StartLine: lineNo, EndLine: lineNo,
				Text: pyRStrip(fmt.Sprintf("%%dbg(%s at line %d) %s", kw, lineNo, rest)),
			})
		case "DEFINE:", "REDEFINE:":
			rest = substituteLineNumbers(lineNo, rest)
			if n := len(ts.Script); n > 0 {
				if last := ts.Script[n-1]; last.Keyword == kw && last.needsContinuation() {
					if pyStrip(rest) == "" {
						return nil, wrap(fmt.Errorf("Substitution's continuation is empty"))
					}
					body := pyRStrip(last.Text)
					last.Text = pyRStrip(body[:len(body)-1]) + " " + strings.TrimLeft(rest, " \t\n\r\f\v")
					last.EndLine = lineNo
					if err := last.parseSubstBody(); err != nil {
						return nil, wrap(err)
					}
					continue
				}
			}
			d := &directive{Keyword: kw, StartLine: lineNo, EndLine: lineNo, Text: rest}
			if err := d.parseSubstBody(); err != nil {
				return nil, wrap(err)
			}
			ts.Script = append(ts.Script, d)
		case "XFAIL:", "REQUIRES:", "UNSUPPORTED:":
			list := boolLists[kw]
			var parts []string
			for _, p := range strings.Split(rest, ",") {
				if p = pyStrip(p); p != "" {
					parts = append(parts, p)
				}
			}
			if n := len(*list); n > 0 && strings.HasSuffix((*list)[n-1], `\`) && len(parts) > 0 {
				(*list)[n-1] = (*list)[n-1][:len((*list)[n-1])-1] + parts[0]
				parts = parts[1:]
			}
			*list = append(*list, parts...)
			for _, e := range *list {
				if e != "*" && !strings.HasSuffix(e, `\`) {
					if _, err := evalBool(e, nil); err != nil {
						return nil, wrap(err)
					}
				}
			}
		case "ALLOW_RETRIES:":
			n, err := strconv.Atoi(strings.ReplaceAll(pyStrip(rest), "_", ""))
			if err != nil || n < 0 {
				return nil, wrap(fmt.Errorf("INTEGER parser requires the input to be an integer (got %s)", rest))
			}
			retries++
			ts.AllowRetries = n
		case "END.":
			if pyStrip(rest) == "" {
				endSeen = true
			}
		}
	}

	hasRun := false
	for _, d := range ts.Script {
		if d.Keyword == "RUN:" {
			hasRun = true
		}
	}
	if !hasRun {
		return nil, fmt.Errorf("Test has no 'RUN:' line")
	}
	for _, d := range ts.Script {
		if d.needsContinuation() {
			return nil, fmt.Errorf("Test has unterminated '%s' directive (with '\\') %s", d.Keyword, d.location())
		}
	}
	for _, kw := range []string{"XFAIL:", "REQUIRES:", "UNSUPPORTED:"} {
		if l := *boolLists[kw]; len(l) > 0 && strings.HasSuffix(l[len(l)-1], `\`) {
			return nil, fmt.Errorf("Test has unterminated '%s' lines (with '\\')", kw)
		}
	}
	if retries > 1 {
		return nil, fmt.Errorf("Test has more than one ALLOW_RETRIES lines")
	}
	return ts, nil
}
