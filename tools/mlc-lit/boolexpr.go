package main

import (
	"fmt"
	"regexp"
	"strings"
)

// Boolean feature expressions, as lit's BooleanExpression:
//
//	expr         :: or_expr
//	or_expr      :: and_expr ('||' and_expr)*
//	and_expr     :: not_expr ('&&' not_expr)*
//	not_expr     :: '!' not_expr | '(' or_expr ')' | match_expr
//	match_expr   :: (identifier | braced_regex)+
//	identifier   :: [-+=._a-zA-Z0-9]+
//	braced_regex :: '{{' regex '}}'
//
// An identifier is true when it names an available feature (or is "true");
// a match expression with regexes is true when it matches a whole feature
// name. Regexes are Go's RE2, not Python's.

var boolTokenRE = regexp.MustCompile(`^\s*([()]|&&|\|\||!|(?:[-+=._a-zA-Z0-9]+|\{\{.+?\}\})+)\s*(.*)$`)
var bracedRE = regexp.MustCompile(`\{\{.+?\}\}`)

func tokenizeBool(s string) ([]string, error) {
	var toks []string
	for {
		m := boolTokenRE.FindStringSubmatch(s)
		if m == nil {
			if s == "" {
				return toks, nil
			}
			return nil, fmt.Errorf("couldn't parse text: %q", s)
		}
		toks = append(toks, m[1])
		s = m[2]
	}
}

type boolParser struct {
	toks  []string
	pos   int
	vars  map[string]bool
	value bool
}

const endTok = "<end of expression>"

func (p *boolParser) tok() string {
	if p.pos < len(p.toks) {
		return p.toks[p.pos]
	}
	return endTok
}

func (p *boolParser) accept(t string) bool {
	if p.pos < len(p.toks) && p.toks[p.pos] == t {
		p.pos++
		return true
	}
	return false
}

func quoteTok(t string) string {
	if t == endTok {
		return t
	}
	return fmt.Sprintf("%q", t)
}

func (p *boolParser) expect(t string) error {
	if t == endTok {
		if p.pos == len(p.toks) {
			return nil
		}
	} else if p.accept(t) {
		return nil
	}
	return fmt.Errorf("expected: %s\nhave: %s", quoteTok(t), quoteTok(p.tok()))
}

func isMatchTok(t string) bool {
	switch t {
	case endTok, "&&", "||", "!", "(", ")":
		return false
	}
	return true
}

func (p *boolParser) parseMatch() error {
	tok := p.tok()
	p.pos++
	var re strings.Builder
	last := 0
	for _, loc := range bracedRE.FindAllStringIndex(tok, -1) {
		re.WriteString(regexp.QuoteMeta(tok[last:loc[0]]))
		re.WriteString("(?:" + tok[loc[0]+2:loc[1]-2] + ")")
		last = loc[1]
	}
	re.WriteString(regexp.QuoteMeta(tok[last:]))
	rx, err := regexp.Compile("^(?:" + re.String() + ")$")
	if err != nil {
		return fmt.Errorf("bad regex in %q: %v", tok, err)
	}
	p.value = false
	for v := range p.vars {
		if rx.MatchString(v) {
			p.value = true
			break
		}
	}
	return nil
}

func (p *boolParser) parseNot() error {
	switch {
	case p.accept("!"):
		if err := p.parseNot(); err != nil {
			return err
		}
		p.value = !p.value
		return nil
	case p.accept("("):
		if err := p.parseOr(); err != nil {
			return err
		}
		return p.expect(")")
	case !isMatchTok(p.tok()):
		return fmt.Errorf("expected: '!', '(', '{{', or identifier\nhave: %s", quoteTok(p.tok()))
	default:
		return p.parseMatch()
	}
}

func (p *boolParser) parseAnd() error {
	if err := p.parseNot(); err != nil {
		return err
	}
	for p.accept("&&") {
		left := p.value
		if err := p.parseNot(); err != nil {
			return err
		}
		p.value = left && p.value
	}
	return nil
}

func (p *boolParser) parseOr() error {
	if err := p.parseAnd(); err != nil {
		return err
	}
	for p.accept("||") {
		left := p.value
		if err := p.parseAnd(); err != nil {
			return err
		}
		p.value = left || p.value
	}
	return nil
}

// evalBool evaluates a boolean feature expression; every sub-expression is
// evaluated (no short cut), so syntax errors are found whatever the features.
func evalBool(expr string, features map[string]bool) (bool, error) {
	toks, err := tokenizeBool(expr)
	if err == nil {
		vars := map[string]bool{"true": true}
		for f, ok := range features {
			if ok {
				vars[f] = true
			}
		}
		p := &boolParser{toks: toks, vars: vars}
		if err = p.parseOr(); err == nil {
			err = p.expect(endTok)
		}
		if err == nil {
			return p.value, nil
		}
	}
	return false, fmt.Errorf("%v\nin expression: %q", err, expr)
}
