package main

// Pattern parsing and matching, ported from LLVM FileCheck's Pattern class.
// A pattern is either a fixed string (searched with strings.Index) or an LLVM
// regex assembled from literal text, {{regex}} blocks and [[...]] variable
// blocks, exactly as FileCheck builds its RegExStr.

import (
	"math/big"
	"strconv"
	"strings"
)

type checkKind uint8

const (
	ckNone checkKind = iota
	ckPlain
	ckNext
	ckSame
	ckNot
	ckDAG
	ckLabel
	ckEmpty
	ckComment
	ckEOF
	ckBadNot
	ckBadCount
	ckMisspelled
)

type checkType struct {
	kind    checkKind
	count   int
	literal bool
}

func (t checkType) getCount() int {
	if t.count == 0 {
		return 1
	}
	return t.count
}

func (t checkType) modifiers() string {
	if t.literal {
		return "{LITERAL}"
	}
	return ""
}

// description mirrors FileCheckType::getDescription.
func (t checkType) description(prefix string) string {
	m := t.modifiers()
	switch t.kind {
	case ckNone:
		return "invalid"
	case ckMisspelled:
		return "misspelled"
	case ckPlain:
		if t.getCount() > 1 {
			return prefix + "-COUNT" + m
		}
		return prefix + m
	case ckNext:
		return prefix + "-NEXT" + m
	case ckSame:
		return prefix + "-SAME" + m
	case ckNot:
		return prefix + "-NOT" + m
	case ckDAG:
		return prefix + "-DAG" + m
	case ckLabel:
		return prefix + "-LABEL" + m
	case ckEmpty:
		return prefix + "-EMPTY" + m
	case ckComment:
		return prefix
	case ckEOF:
		return "implicit EOF"
	case ckBadNot:
		return "bad NOT"
	case ckBadCount:
		return "bad COUNT"
	}
	return "invalid"
}

func (t checkType) abbrev() string {
	switch t.kind {
	case ckPlain:
		if t.getCount() > 1 {
			return "count"
		}
		return "check"
	case ckNext:
		return "next"
	case ckSame:
		return "same"
	case ckNot:
		return "not"
	case ckDAG:
		return "dag"
	case ckLabel:
		return "label"
	case ckEmpty:
		return "empty"
	case ckComment:
		return "com"
	case ckEOF:
		return "eof"
	case ckBadNot:
		return "bad-not"
	case ckBadCount:
		return "bad-count"
	case ckMisspelled:
		return "misspelled"
	}
	return "invalid"
}

// request is FileCheckRequest.
type request struct {
	checkPrefixes       []string
	commentPrefixes     []string
	implicitCheckNot    []string
	globalDefines       []string
	allowEmptyInput     bool
	allowUnusedPrefixes bool
	matchFullLines      bool
	ignoreCase          bool
	isDefaultPrefix     bool
	enableVarScope      bool
	allowDagOverlap     bool
	verbose             bool
	verboseVerbose      bool
	strictWhitespace    bool
}

type strVarValue struct {
	val string
	off int // offset in the input buffer, or -1
}

// patternContext is FileCheckPatternContext.
type patternContext struct {
	globalVars        map[string]strVarValue
	definedStringVars map[string]bool
	globalNumVars     map[string]*numVar
	allNumVars        []*numVar
	lineVar           *numVar
	input             *srcBuf
}

func newPatternContext() *patternContext {
	return &patternContext{
		globalVars:        map[string]strVarValue{},
		definedStringVars: map[string]bool{},
		globalNumVars:     map[string]*numVar{},
	}
}

func (c *patternContext) clearLocalVars() {
	for name := range c.globalVars {
		if name[0] != '$' {
			delete(c.globalVars, name)
		}
	}
	for name, v := range c.globalNumVars {
		if name[0] != '$' {
			v.value = nil
			v.hasStr = false
			delete(c.globalNumVars, name)
		}
	}
}

type substitution struct {
	fromStr   span
	insertIdx int
	numeric   bool
	expr      *expression
}

func (s *substitution) resultRegex(ctx *patternContext) (string, error) {
	if s.numeric {
		v, err := s.expr.ast.eval()
		if err != nil {
			return "", err
		}
		return s.expr.format.matchingString(v)
	}
	v, ok := ctx.globalVars[s.fromStr.str()]
	if !ok {
		return "", &undefVarError{name: s.fromStr}
	}
	return regexEscape(v.val), nil
}

// resultForDiagnostics is the value shown in "with "X" equal to "..."":
// FileCheck-19 shows what is substituted into the regex (a string
// variable's value regex-escaped), passed through write_escaped.
func (s *substitution) resultForDiagnostics(ctx *patternContext) (string, error) {
	r, err := s.resultRegex(ctx)
	if err != nil {
		return "", err
	}
	return "\"" + writeEscaped(r) + "\"", nil
}

// writeEscaped mirrors raw_ostream::write_escaped.
func writeEscaped(s string) string {
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '\\':
			sb.WriteString(`\\`)
		case '\t':
			sb.WriteString(`\t`)
		case '\n':
			sb.WriteString(`\n`)
		case '"':
			sb.WriteString(`\"`)
		default:
			if c >= 0x20 && c < 0x7f {
				sb.WriteByte(c)
			} else {
				sb.WriteByte('\\')
				sb.WriteByte('0' + (c>>6)&7)
				sb.WriteByte('0' + (c>>3)&7)
				sb.WriteByte('0' + c&7)
			}
		}
	}
	return sb.String()
}

type varDef struct {
	name  string
	paren int
}

type numVarDef struct {
	name  string
	v     *numVar
	paren int
}

type pattern struct {
	ctx        *patternContext
	ty         checkType
	loc        loc  // start of the pattern text
	src        span // the pattern text (trimmed), for diagnostics
	fixedStr   string
	regexStr   strings.Builder
	subs       []*substitution
	varDefs    []varDef
	numVarDefs []numVarDef
	lineNumber int
	ignoreCase bool

	compiled   *regex
	compileErr bool
	compileTry bool
}

func newPattern(ty checkType, ctx *patternContext, line int) *pattern {
	return &pattern{ty: ty, ctx: ctx, lineNumber: line}
}

func (p *pattern) hasVariable() bool { return len(p.subs) > 0 || len(p.varDefs) > 0 }

func (p *pattern) setVarDef(name string, paren int) {
	for i := range p.varDefs {
		if p.varDefs[i].name == name {
			p.varDefs[i].paren = paren
			return
		}
	}
	p.varDefs = append(p.varDefs, varDef{name, paren})
}

func (p *pattern) findVarDef(name string) (int, bool) {
	for _, d := range p.varDefs {
		if d.name == name {
			return d.paren, true
		}
	}
	return 0, false
}

func (p *pattern) setNumVarDef(name string, v *numVar, paren int) {
	for i := range p.numVarDefs {
		if p.numVarDefs[i].name == name {
			p.numVarDefs[i] = numVarDef{name, v, paren}
			return
		}
	}
	p.numVarDefs = append(p.numVarDefs, numVarDef{name, v, paren})
}

const backrefLimit = 20

// parse status
const (
	parseOK = iota
	parseErr
	parseFatal // FileCheck calls exit(1)
)

// parsePattern mirrors Pattern::parsePattern.
func (p *pattern) parsePattern(ps span, prefix string, d *diagSink, req *request) int {
	fullLines := req.matchFullLines && p.ty.kind != ckNot
	p.ignoreCase = req.ignoreCase
	p.loc = ps.start()
	if !(req.strictWhitespace && req.matchFullLines) {
		ps = ps.rtrim(" \t")
	}
	p.src = ps
	if ps.empty() && p.ty.kind != ckEmpty {
		d.print(p.loc, dkError, "found empty check string with prefix '"+prefix+":'")
		return parseErr
	}
	if !ps.empty() && p.ty.kind == ckEmpty {
		d.print(p.loc, dkError, "found non-empty check string for empty check with prefix '"+prefix+":'")
		return parseErr
	}
	if p.ty.kind == ckEmpty {
		p.regexStr.WriteString("(\n$)")
		return parseOK
	}
	if p.ty.literal {
		p.fixedStr = ps.str()
		return parseOK
	}
	if !fullLines && (ps.len() < 2 || (!ps.contains("{{") && !ps.contains("[["))) {
		p.fixedStr = ps.str()
		return parseOK
	}
	if fullLines {
		p.regexStr.WriteByte('^')
		if !req.strictWhitespace {
			p.regexStr.WriteString(" *")
		}
	}
	curParen := 1
	np := &numParser{ctx: p.ctx, line: p.lineNumber}
	for !ps.empty() {
		if ps.hasPrefix("{{") {
			end := ps.find("}}", 0)
			if end < 0 {
				d.print(ps.start(), dkError, "found start of regex string with no end '}}'")
				return parseErr
			}
			hasAlt := ps.contains("|")
			if hasAlt {
				p.regexStr.WriteByte('(')
				curParen++
			}
			if p.addRegExToRegEx(ps.substr(2, end-2), &curParen, d) {
				return parseErr
			}
			if hasAlt {
				p.regexStr.WriteByte(')')
			}
			ps = ps.substr(end+2, -1)
			continue
		}

		if ps.hasPrefix("[[") && !ps.hasPrefix("[[[") {
			unparsed := ps.substr(2, -1)
			end, fatal := findRegexVarEnd(unparsed, d)
			if fatal {
				return parseFatal
			}
			if end < 0 {
				d.print(ps.start(), dkError, "Invalid substitution block, no ]] found")
				return parseErr
			}
			matchStr := unparsed.substr(0, end)
			isNum := matchStr.consume("#")
			ps = unparsed.substr(end+2, -1)

			isDef := false
			substNeeded := false
			legacy := false
			var defName string
			var substStr span
			var matchRegexp string
			matchRegexpLoc := loc{}
			hasMatchRegexp := false
			substInsertIdx := p.regexStr.Len()

			if !isNum {
				varEnd := matchStr.findByte(':')
				nameEnd := matchStr.len()
				if varEnd >= 0 {
					nameEnd = varEnd
				}
				if sp := strings.IndexAny(matchStr.str()[:nameEnd], " \t"); sp >= 0 {
					d.print(loc{matchStr.b, matchStr.lo + sp}, dkError, "unexpected whitespace")
					return parseErr
				}
				orig := matchStr
				pv, err := parseVariable(&matchStr)
				if err != nil {
					logErrors(d, err)
					return parseErr
				}
				name := pv.name.str()
				isDef = varEnd >= 0
				substNeeded = !isDef
				if isDef {
					if pv.isPseudo || !matchStr.consume(":") {
						d.print(pv.name.start(), dkError, "invalid name in string variable definition")
						return parseErr
					}
					if _, ok := p.ctx.globalNumVars[name]; ok {
						d.print(pv.name.start(), dkError, "numeric variable with name '"+name+"' already exists")
						return parseErr
					}
					defName = name
					matchRegexp = matchStr.str()
					matchRegexpLoc = matchStr.start()
					hasMatchRegexp = true
				} else {
					if pv.isPseudo {
						matchStr = orig
						legacy = true
						isNum = true
					} else {
						if !matchStr.empty() {
							d.print(pv.name.start(), dkError, "invalid name in string variable use")
							return parseErr
						}
						substStr = pv.name
					}
				}
			}

			var expr *expression
			var definedNum *numVar
			if isNum {
				e, dv, err := np.parseNumericSubstitutionBlock(matchStr, legacy)
				if err != nil {
					logErrors(d, err)
					return parseErr
				}
				expr = e
				substNeeded = e.ast != nil
				if dv != nil {
					isDef = true
					definedNum = dv
					defName = dv.name
				}
				if substNeeded {
					substStr = matchStr
				} else {
					matchRegexp = e.format.wildcardRegex()
					hasMatchRegexp = true
				}
			}

			if isDef {
				p.regexStr.WriteByte('(')
				substInsertIdx++
				if isNum {
					p.setNumVarDef(defName, definedNum, curParen)
					p.ctx.globalNumVars[defName] = definedNum
				} else {
					p.setVarDef(defName, curParen)
					p.ctx.definedStringVars[defName] = true
				}
				curParen++
			}

			if hasMatchRegexp && matchRegexp != "" {
				if p.addRegExStr(matchRegexp, matchRegexpLoc, &curParen, d) {
					return parseErr
				}
			}

			if isDef {
				p.regexStr.WriteByte(')')
			}

			if substNeeded {
				paren, ok := 0, false
				if !isNum {
					paren, ok = p.findVarDef(substStr.str())
				}
				if ok {
					if paren < 1 || paren > backrefLimit {
						d.print(substStr.start(), dkError, "Can't back-reference more than "+strconv.Itoa(backrefLimit)+" variables")
						return parseErr
					}
					if paren <= 9 {
						p.regexStr.WriteString("\\" + strconv.Itoa(paren))
					} else {
						p.regexStr.WriteString("\\g{" + strconv.Itoa(paren) + "}")
					}
				} else {
					p.subs = append(p.subs, &substitution{
						fromStr: substStr, insertIdx: substInsertIdx, numeric: isNum, expr: expr,
					})
				}
			}
			continue
		}

		// Fixed text up to the next "{{" or "[[".
		a, b := ps.find("{{", 1), ps.find("[[", 1)
		end := ps.len()
		if a >= 0 {
			end = a
		}
		if b >= 0 && b < end {
			end = b
		}
		p.regexStr.WriteString(regexEscape(ps.substr(0, end).str()))
		ps = ps.substr(end, -1)
	}
	if fullLines {
		if !req.strictWhitespace {
			p.regexStr.WriteString(" *")
		}
		p.regexStr.WriteByte('$')
	}
	return parseOK
}

// findRegexVarEnd mirrors Pattern::FindRegexVarEnd; fatal reports the case
// where FileCheck prints an error and exits with status 1.
func findRegexVarEnd(s span, d *diagSink) (int, bool) {
	off := 0
	depth := 0
	for !s.empty() {
		if s.hasPrefix("]]") && depth == 0 {
			return off, false
		}
		if s.front() == '\\' {
			s = s.substr(2, -1)
			off += 2
			continue
		}
		switch s.front() {
		case '[':
			depth++
		case ']':
			if depth == 0 {
				d.print(s.start(), dkError, "missing closing \"]\" for regex variable")
				return -1, true
			}
			depth--
		}
		s = s.substr(1, -1)
		off++
	}
	return -1, false
}

func (p *pattern) addRegExToRegEx(rs span, curParen *int, d *diagSink) bool {
	return p.addRegExStr(rs.str(), rs.start(), curParen, d)
}

func (p *pattern) addRegExStr(rs string, l loc, curParen *int, d *diagSink) bool {
	pr, e := parseRegex(rs, false, false)
	if e != reOK {
		d.print(l, dkError, "invalid regex: "+e.Error())
		return true
	}
	p.regexStr.WriteString(rs)
	*curParen += pr.nsub
	return false
}

// matchResult is Pattern::MatchResult: a match (pos/len relative to the
// searched buffer) and/or an error.
type matchResult struct {
	found    bool
	pos, len int
	err      error // pattern errors (errDiag); nil when merely not found
}

// match mirrors Pattern::match on buf = input[base:base+len(buf)].
func (p *pattern) match(buf string, base int) matchResult {
	if p.ty.kind == ckEOF {
		return matchResult{found: true, pos: len(buf)}
	}
	// Like LLVM: a non-empty fixed string is searched as such, anything
	// else (including the empty pattern left by a parse error in an
	// --implicit-check-not) goes through the regex, which may not compile.
	if p.fixedStr != "" {
		var i int
		if p.ignoreCase {
			i = indexFold(buf, asciiLower(p.fixedStr))
		} else {
			i = strings.Index(buf, p.fixedStr)
		}
		if i < 0 {
			return matchResult{}
		}
		return matchResult{found: true, pos: i, len: len(p.fixedStr)}
	}

	var re *regex
	if len(p.subs) == 0 {
		if !p.compileTry {
			p.compileTry = true
			r, e := compileRegex(p.regexStr.String(), p.ignoreCase)
			if e != reOK {
				p.compileErr = true
			} else {
				p.compiled = r
			}
		}
		if p.compileErr {
			return matchResult{}
		}
		re = p.compiled
	} else {
		if p.lineNumber != 0 {
			p.ctx.lineVar.value = big.NewInt(int64(p.lineNumber))
		}
		src := p.regexStr.String()
		var sb strings.Builder
		last := 0
		var errs error
		for _, s := range p.subs {
			v, err := s.resultRegex(p.ctx)
			if err != nil {
				eachError(err, func(e error) {
					switch t := e.(type) {
					case overflowError:
						errs = joinErrors(errs, newErrDiag(s.fromStr,
							"unable to substitute variable or numeric expression: overflow error"))
					case *undefVarError:
						errs = joinErrors(errs, newErrDiag(t.name, t.Error()))
					default:
						errs = joinErrors(errs, e)
					}
				})
				continue
			}
			sb.WriteString(src[last:s.insertIdx])
			sb.WriteString(v)
			last = s.insertIdx
		}
		if errs != nil {
			return matchResult{err: errs}
		}
		sb.WriteString(src[last:])
		r, e := compileRegex(sb.String(), p.ignoreCase)
		if e != reOK {
			return matchResult{}
		}
		re = r
	}

	wantCaps := len(p.varDefs) > 0 || len(p.numVarDefs) > 0
	m := re.match(buf, wantCaps)
	if m == nil {
		return matchResult{}
	}
	capStr := func(i int) (string, int) {
		if 2*i+1 >= len(m) || m[2*i] < 0 {
			return "", -1
		}
		return buf[m[2*i]:m[2*i+1]], base + m[2*i]
	}
	for _, vd := range p.varDefs {
		s, off := capStr(vd.paren)
		p.ctx.globalVars[vd.name] = strVarValue{val: s, off: off}
	}
	skip := 0
	if p.ty.kind == ckEmpty {
		skip = 1
	}
	res := matchResult{found: true, pos: m[0] + skip, len: m[1] - m[0] - skip}
	for _, nd := range p.numVarDefs {
		s, off := capStr(nd.paren)
		v := nd.v.format.valueFromString(s)
		if _, ok := p.ctx.globalNumVars[nd.name]; !ok {
			p.ctx.globalNumVars[nd.name] = nd.v
		}
		nd.v.value = v
		if off >= 0 {
			nd.v.strValue = span{p.ctx.input, off, off + len(s)}
			nd.v.hasStr = true
		} else {
			nd.v.hasStr = false
		}
	}
	return res
}

// exampleString is what fuzzy matching compares input against.
func (p *pattern) exampleString() string {
	if p.fixedStr != "" {
		return p.fixedStr
	}
	return p.regexStr.String()
}

func (p *pattern) computeMatchDistance(buf string) int {
	ex := p.exampleString()
	pre := buf
	if len(pre) > len(ex) {
		pre = pre[:len(ex)]
	}
	if i := strings.IndexByte(pre, '\n'); i >= 0 {
		pre = pre[:i]
	}
	return editDistance(pre, ex)
}

func editDistance(a, b string) int {
	if len(a) == 0 {
		return len(b)
	}
	if len(b) == 0 {
		return len(a)
	}
	row := make([]int, len(b)+1)
	for j := range row {
		row[j] = j
	}
	for i := 1; i <= len(a); i++ {
		prev := row[0]
		row[0] = i
		best := row[0]
		for j := 1; j <= len(b); j++ {
			old := row[j]
			if a[i-1] == b[j-1] {
				row[j] = prev
			} else {
				row[j] = 1 + min(prev, row[j], row[j-1])
			}
			prev = old
			best = min(best, row[j])
		}
		_ = best
	}
	return row[len(b)]
}

// fuzzyMatch returns the offset in buf of the "possible intended match", or -1.
func (p *pattern) fuzzyMatch(buf string) int {
	ex := p.exampleString()
	lim := min(4096, len(buf))
	if 4096*2048 < lim*len(ex) {
		return -1
	}
	numLines := 0
	best := -1
	bestQ := 0.0
	for i := 0; i < lim; i++ {
		if buf[i] == '\n' {
			numLines++
		}
		if buf[i] == ' ' || buf[i] == '\t' {
			continue
		}
		dist := p.computeMatchDistance(buf[i:])
		q := float64(dist) + float64(numLines)/100.0
		if q < bestQ || best < 0 {
			best = i
			bestQ = q
		}
	}
	if best > 0 && bestQ < 50 {
		return best
	}
	return -1
}
