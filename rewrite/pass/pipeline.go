package pass

import (
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
	if p.i != len(p.s) {
		return nil, p.errorf("unexpected trailing text")
	}
	return pm, nil
}

// ParsePassList reads a comma-separated list of passes (no anchor) into
// pm, for mlc-opt's --cse style flags and -p shorthands. As mlir-opt's
// implicit nesting, a pass anchored on another op than pm's runs in a
// nested manager for that op (adjacent ones share it).
func ParsePassList(pm *OpPassManager, text string) error {
	p := &pipelineParser{s: text + ")", implicit: true}
	return p.entries(pm)
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
	return fmt.Errorf("invalid pass pipeline '%s' at offset %d: %s", strings.TrimSuffix(p.s, ")"), p.i, fmt.Sprintf(format, args...))
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

// entries parses "a,b{x=1},c(d)" up to and including the closing ')'.
func (p *pipelineParser) entries(pm *OpPassManager) error {
	p.skipSpace()
	if p.eat(')') {
		return nil
	}
	for {
		p.skipSpace()
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
			if p.eat('{') {
				var err error
				if opts, err = p.options(); err != nil {
					return err
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
			if err := target.addPass(name, opts, p.stack); err != nil {
				return p.errorf("%v", err)
			}
		}
		p.skipSpace()
		if p.eat(')') {
			return nil
		}
		if !p.eat(',') {
			return p.errorf("expected ',' or ')'")
		}
	}
}

// options parses "key=value key2=value2}" (values may be quoted or
// brace-nested).
func (p *pipelineParser) options() (Options, error) {
	opts := Options{}
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
		if p.eat('=') {
			vstart := p.i
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
			val = strings.Trim(p.s[vstart:p.i], `"`)
		}
		opts[key] = val
		if p.i >= len(p.s) {
			return nil, p.errorf("unterminated options")
		}
	}
}
