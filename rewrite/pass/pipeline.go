package pass

import (
	"errors"
	"fmt"
	"strings"
)

// ParsePipeline reads MLIR's textual pipeline syntax:
//
//	builtin.module(func.func(cse,canonicalize{max-iterations=5}))
//
// An anchor name followed by parentheses nests a pass manager; a name
// alone is a registered pass, optionally with {key=value ...} options.
func ParsePipeline(text string) (*OpPassManager, error) {
	p := &pipelineParser{s: text}
	p.skipSpace()
	anchor := p.name()
	p.skipSpace()
	if anchor == "" || !p.eat('(') {
		return nil, p.errorf("expected a pipeline anchored on an op, e.g. builtin.module(...)")
	}
	pm := &OpPassManager{OpName: anchor}
	if err := p.entries(pm); err != nil {
		return nil, err
	}
	p.skipSpace()
	if p.eat(')') {
		p.i--
		return nil, p.errorf("encountered extra closing ')' creating unbalanced parentheses while parsing pipeline")
	}
	if p.i != len(p.s) {
		return nil, p.errorf("unexpected trailing text")
	}
	if err := pm.checkOrder(); err != nil {
		return nil, p.orderError(err)
	}
	return pm, nil
}

// ParsePassList reads a comma-separated list of passes (no anchor) into
// pm, for mlc-opt's --cse style flags. As mlir-opt's implicit nesting, a
// pass anchored on another op than pm's runs in a nested manager for that
// op (adjacent ones share it). Errors quote text as given.
func ParsePassList(pm *OpPassManager, text string) error {
	p := &pipelineParser{s: text, implicit: true}
	if err := p.list(pm); err != nil {
		return err
	}
	if err := pm.checkOrder(); err != nil {
		return p.orderError(err)
	}
	return nil
}

// PipelineError is a positioned error in a textual pipeline, printed as
// mlir-opt prints its pipeline errors: <pipeline>:LINE:COL: error: MSG.
type PipelineError struct {
	// Text is the pipeline as given; Offset the byte offset of the fault.
	Text   string
	Offset int
	Msg    string
}

// Position is the 1-based line and column (in bytes) of the fault.
func (e *PipelineError) Position() (line, col int) {
	off := min(max(e.Offset, 0), len(e.Text))
	line = 1 + strings.Count(e.Text[:off], "\n")
	return line, off - (strings.LastIndexByte(e.Text[:off], '\n') + 1) + 1
}

func (e *PipelineError) Error() string {
	line, col := e.Position()
	return fmt.Sprintf("<pipeline>:%d:%d: error: %s", line, col, e.Msg)
}

// Snippet is the pipeline's line at fault with a caret under the column.
func (e *PipelineError) Snippet() string {
	line, col := e.Position()
	text := strings.Split(e.Text, "\n")[line-1]
	return text + "\n" + strings.Repeat(" ", col-1) + "^\n"
}

type pipelineParser struct {
	s string
	i int
	// stack: the named pipelines being expanded (see Pipeline.expandInto).
	stack []string
	// implicit: nest anchored passes under their op (ParsePassList).
	implicit bool
}

func (p *pipelineParser) errorf(format string, args ...any) error {
	return p.errorAt(p.i, "invalid pass pipeline: "+fmt.Sprintf(format, args...))
}

func (p *pipelineParser) errorAt(off int, msg string) error {
	return &PipelineError{Text: p.s, Offset: off, Msg: msg}
}

// orderError positions an ordering error at the pass it names.
func (p *pipelineParser) orderError(err error) error {
	var oe *OrderError
	if errors.As(err, &oe) && oe.At.Pos >= 0 {
		return p.errorAt(oe.At.Pos, oe.Error())
	}
	return err
}

// optionText is one key=value of a pass's options, with the offsets of
// its key and value.
type optionText struct {
	key, val       string
	keyPos, valPos int
}

func (p *pipelineParser) skipSpace() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t' || p.s[p.i] == '\n') {
		p.i++
	}
}

func (p *pipelineParser) eat(c byte) bool {
	if p.i < len(p.s) && p.s[p.i] == c {
		p.i++
		return true
	}
	return false
}

func (p *pipelineParser) name() string {
	start := p.i
	for p.i < len(p.s) {
		c := p.s[p.i]
		if c == '(' || c == ')' || c == ',' || c == '{' || c == ' ' || c == '}' {
			break
		}
		p.i++
	}
	return p.s[start:p.i]
}

// list parses "a,b{x=1},c(d)" to the end of the text.
func (p *pipelineParser) list(pm *OpPassManager) error {
	p.skipSpace()
	if p.i == len(p.s) {
		return nil
	}
	return p.entryList(pm, true, -1)
}

// entries parses "a,b{x=1},c(d)" up to and including the closing ')'.
func (p *pipelineParser) entries(pm *OpPassManager) error {
	open := p.i - 1 // the '(' just read
	p.skipSpace()
	if p.eat(')') {
		return nil
	}
	return p.entryList(pm, false, open)
}

// entryList parses entries; top: to the end of the text, else to the ')'
// that closes the '(' at open.
func (p *pipelineParser) entryList(pm *OpPassManager, top bool, open int) error {
	for {
		p.skipSpace()
		namePos := p.i
		name := p.name()
		if name == "" {
			return p.errorf("expected a pass or op name")
		}
		p.skipSpace()
		switch {
		case p.eat('('):
			if err := p.entries(pm.Nest(name)); err != nil {
				return err
			}
		default:
			opts := Options{}
			var texts []optionText
			if p.eat('{') {
				var err error
				if texts, err = p.options(); err != nil {
					return err
				}
				for _, t := range texts {
					opts[t.key] = t.val
				}
			}
			target := pm
			if q := Lookup(name); p.implicit && q != nil && q.OpName != "" && pm.OpName != "" && q.OpName != pm.OpName {
				if n := len(pm.Entries); n > 0 && pm.Entries[n-1].Nested != nil && pm.Entries[n-1].Nested.OpName == q.OpName {
					target = pm.Entries[n-1].Nested
				} else {
					target = pm.Nest(q.OpName)
				}
			}
			if err := target.addPass(name, opts, p.stack, namePos); err != nil {
				return p.passError(err, namePos, texts)
			}
		}
		p.skipSpace()
		switch {
		case top && p.i == len(p.s):
			return nil
		case top && p.eat(')'):
			p.i--
			return p.errorf("encountered extra closing ')' creating unbalanced parentheses while parsing pipeline")
		case !top && p.eat(')'):
			return nil
		case !top && p.i == len(p.s):
			return p.errorAt(open, "invalid pass pipeline: encountered unbalanced parentheses while parsing pipeline")
		case !p.eat(','):
			if top {
				return p.errorf("expected ','")
			}
			return p.errorf("expected ',' or ')'")
		}
	}
}

// passError positions an error of addPass: an option's value (or key) for
// an option error, else the pass name.
func (p *pipelineParser) passError(err error, namePos int, texts []optionText) error {
	var oe *OptionError
	if errors.As(err, &oe) {
		// The last spelling of a repeated key is the one that counts.
		for i := len(texts) - 1; i >= 0; i-- {
			if t := texts[i]; t.key == oe.Option {
				if oe.At < 0 {
					return p.errorAt(t.keyPos, err.Error())
				}
				return p.errorAt(t.valPos+oe.At, err.Error())
			}
		}
	}
	var pe *PipelineError
	if errors.As(err, &pe) {
		return pe
	}
	return p.errorAt(namePos, err.Error())
}

// options parses "key=value key2=value2}" (values may be quoted or
// brace-nested).
func (p *pipelineParser) options() ([]optionText, error) {
	var opts []optionText
	for {
		p.skipSpace()
		if p.eat('}') {
			return opts, nil
		}
		start := p.i
		for p.i < len(p.s) && p.s[p.i] != '=' && p.s[p.i] != ' ' && p.s[p.i] != '}' {
			p.i++
		}
		key := p.s[start:p.i]
		if key == "" {
			return nil, p.errorf("expected an option name")
		}
		val := "true"
		valPos := p.i
		if p.eat('=') {
			vstart := p.i
			valPos = p.i
			depth := 0
			for p.i < len(p.s) {
				c := p.s[p.i]
				if c == '"' {
					end := strings.IndexByte(p.s[p.i+1:], '"')
					if end < 0 {
						return nil, p.errorf("unterminated string in option value")
					}
					p.i += end + 2
					continue
				}
				if c == '{' {
					depth++
				} else if c == '}' {
					if depth == 0 {
						break
					}
					depth--
				} else if c == ' ' && depth == 0 {
					break
				}
				p.i++
			}
			val = p.s[vstart:p.i]
			if len(val) >= 2 && val[0] == '"' && val[len(val)-1] == '"' {
				valPos++
			}
			val = strings.Trim(val, `"`)
		}
		opts = append(opts, optionText{key: key, val: val, keyPos: start, valPos: valPos})
		if p.i >= len(p.s) {
			return nil, p.errorf("unterminated options")
		}
	}
}
