package main

// Reading the check file: finding directives (FileCheck::readCheckFile and
// its helpers), command-line variable definitions and implicit CHECK-NOTs.

import (
	"encoding/binary"
	"math/big"
	"sort"
	"strings"
)

// canonicalize mirrors FileCheck::CanonicalizeFile: drop the '\r' of "\r\n"
// and, unless strict, collapse each run of spaces/tabs into one space. It
// works in place on b and returns the shortened slice.
//
// It moves 8 bytes at a time: a word needs byte-wise handling only if it
// may contain a tab or '\r', or a blank next to a space (found with the
// usual SWAR zero-byte test, which can only err towards the slow path).
func canonicalize(b []byte, strict bool) []byte {
	const (
		ones  = 0x0101010101010101
		highs = 0x8080808080808080
	)
	zeroBytes := func(x uint64) uint64 { return (x - ones) & ^x & highs }
	n := len(b)
	r, w := 0, 0
	for r < n {
		if r+8 <= n {
			x := binary.LittleEndian.Uint64(b[r:])
			cr := zeroBytes(x ^ ('\r' * ones))
			var special uint64
			if strict {
				special = cr
			} else {
				sp := zeroBytes(x ^ (' ' * ones))
				tab := zeroBytes(x ^ ('\t' * ones))
				special = cr | tab | sp&(sp>>8)
				// a space ending the previous word followed by a space here
				if sp&0x80 != 0 && r > 0 && b[r-1] == ' ' {
					special = 1
				}
			}
			if special == 0 {
				if w != r {
					binary.LittleEndian.PutUint64(b[w:], x)
				}
				r += 8
				w += 8
				continue
			}
		}
		// byte-wise handling of the next 8 bytes (or the tail)
		end := min(r+8, n)
		if !strict && r > 0 && b[r-1] == ' ' {
			// A run that began with the last byte of a word copied above:
			// its first space is already out.
			for r < n && (b[r] == ' ' || b[r] == '\t') {
				r++
			}
		}
		for r < end {
			c := b[r]
			if c == '\r' && r+1 < n && b[r+1] == '\n' {
				r++
				continue
			}
			if strict || (c != ' ' && c != '\t') {
				b[w] = c
				w++
				r++
				continue
			}
			b[w] = ' '
			w++
			r++
			for r < n && (b[r] == ' ' || b[r] == '\t') {
				r++
			}
		}
	}
	return b[:w]
}

func isPartOfWord(c byte) bool { return isAlnum(c) || c == '-' || c == '_' }

// findCheckType mirrors FindCheckType. rest is the text after the prefix.
func findCheckType(req *request, buf span, prefix string, misspelled *bool) (checkType, span, bool) {
	none := checkType{kind: ckNone}
	if buf.len() <= len(prefix) {
		return none, span{}, false
	}
	rest := buf.dropFront(len(prefix))
	for _, cp := range req.commentPrefixes {
		if cp == prefix {
			if rest.consume(":") {
				return checkType{kind: ckComment}, rest, true
			}
			return none, span{}, false
		}
	}
	consumeModifiers := func(ret checkType) (checkType, span, bool) {
		if rest.consume(":") {
			return ret, rest, true
		}
		if !rest.consume("{") {
			return none, span{}, false
		}
		for {
			rest = rest.ltrim(" \t\n\v\f\r")
			if rest.consume("LITERAL") {
				ret.literal = true
			} else {
				return none, rest, true
			}
			rest = rest.ltrim(" \t\n\v\f\r")
			if !rest.consume(",") {
				break
			}
		}
		if !rest.consume("}:") {
			return none, rest, true
		}
		return ret, rest, true
	}
	if rest.consume(":") {
		return checkType{kind: ckPlain}, rest, true
	}
	if rest.front() == '{' {
		return consumeModifiers(checkType{kind: ckPlain})
	}
	if rest.consume("_") {
		*misspelled = true
	} else if !rest.consume("-") {
		return none, span{}, false
	}
	if rest.consume("COUNT-") {
		bad := checkType{kind: ckBadCount}
		neg := rest.consume("-")
		v, ok := consumeInteger(&rest, 10)
		if !ok {
			return bad, rest, true
		}
		if neg || v.Sign() <= 0 || v.Cmp(big.NewInt(1<<31-1)) > 0 {
			return bad, rest, true
		}
		if rest.empty() || (rest.front() != ':' && rest.front() != '{') {
			return bad, rest, true
		}
		return consumeModifiers(checkType{kind: ckPlain, count: int(v.Int64())})
	}
	for _, s := range []string{"DAG-NOT:", "NOT-DAG:", "NEXT-NOT:", "NOT-NEXT:",
		"SAME-NOT:", "NOT-SAME:", "EMPTY-NOT:", "NOT-EMPTY:"} {
		if rest.hasPrefix(s) {
			return checkType{kind: ckBadNot}, rest, true
		}
	}
	for _, k := range []struct {
		s    string
		kind checkKind
	}{{"NEXT", ckNext}, {"SAME", ckSame}, {"NOT", ckNot}, {"DAG", ckDAG},
		{"LABEL", ckLabel}, {"EMPTY", ckEmpty}} {
		if rest.consume(k.s) {
			return consumeModifiers(checkType{kind: k.kind})
		}
	}
	return none, rest, true
}

// prefixMatcher finds the earliest (then longest) prefix occurrence.
type prefixMatcher struct {
	prefixes []string
	pos      []int // -1: none left
	input    string
}

func newPrefixMatcher(check, comment []string, input string) *prefixMatcher {
	var all []string
	all = append(all, check...)
	all = append(all, comment...)
	sort.SliceStable(all, func(i, j int) bool { return len(all[i]) > len(all[j]) })
	m := &prefixMatcher{prefixes: all, pos: make([]int, len(all)), input: input}
	for i, p := range all {
		m.pos[i] = strings.Index(input, p)
	}
	return m
}

// match returns the position and prefix of the next occurrence at or after
// from, or -1.
func (m *prefixMatcher) match(from int) (int, string) {
	best, bestP := -1, ""
	for i, p := range m.prefixes {
		if m.pos[i] >= 0 && m.pos[i] < from {
			if j := strings.Index(m.input[from:], p); j >= 0 {
				m.pos[i] = from + j
			} else {
				m.pos[i] = -1
			}
		}
		if m.pos[i] >= 0 && (best < 0 || m.pos[i] < best) {
			best, bestP = m.pos[i], p
		}
	}
	return best, bestP
}

// checkString is FileCheckString.
type checkString struct {
	pat     *pattern
	prefix  string
	loc     loc
	dagNots []dagNot
}

type dagNot struct {
	pat    *pattern
	prefix string
}

// checker holds everything FileCheck keeps between reading and matching.
type checker struct {
	req          *request
	d            *diagSink
	ctx          *patternContext
	checkBuf     *srcBuf
	checkStrings []*checkString
	impBufs      []*srcBuf
	input        *srcBuf
	diags        *[]fcDiag
}

// defineCmdlineVariables mirrors FileCheckPatternContext::defineCmdlineVariables.
func (c *checker) defineCmdlineVariables() error {
	if len(c.req.globalDefines) == 0 {
		return nil
	}
	type idx struct{ off, n int }
	var sb strings.Builder
	var idxs []idx
	for i, def := range c.req.globalDefines {
		prefix := "Global define #" + itoa(i+1) + ": "
		eq := strings.IndexByte(def, '=')
		if eq < 0 {
			idxs = append(idxs, idx{sb.Len(), 0})
			continue
		}
		if def[0] == '#' {
			sb.WriteString(prefix + def + " (parsed as: [[")
			subst := def[:eq] + ":" + def[eq+1:]
			idxs = append(idxs, idx{sb.Len(), len(subst)})
			sb.WriteString(subst + "]])\n")
		} else {
			sb.WriteString(prefix)
			idxs = append(idxs, idx{sb.Len(), len(def)})
			sb.WriteString(def + "\n")
		}
	}
	buf := newBuf("Global defines", sb.String())
	var errs error
	np := &numParser{ctx: c.ctx}
	for _, ix := range idxs {
		def := span{buf, ix.off, ix.off + ix.n}
		if def.empty() {
			errs = joinErrors(errs, newErrDiag(def, "missing equal sign in global definition"))
			continue
		}
		if def.front() == '#' {
			e, dv, err := np.parseNumericSubstitutionBlock(def.dropFront(1), false)
			if err != nil {
				errs = joinErrors(errs, err)
				continue
			}
			if e.ast == nil || dv == nil {
				// "[[#FOO:]]" style definition without a value expression.
				errs = joinErrors(errs, newErrDiag(def, "missing value in global definition"))
				continue
			}
			v, err := e.ast.eval()
			if err != nil {
				errs = joinErrors(errs, err)
				continue
			}
			dv.value = v
			c.ctx.globalNumVars[dv.name] = dv
		} else {
			eq := def.findByte('=')
			name := def.takeFront(eq)
			orig := name
			pv, err := parseVariable(&name)
			if err != nil {
				errs = joinErrors(errs, err)
				continue
			}
			if pv.isPseudo || !name.empty() {
				errs = joinErrors(errs, newErrDiag(orig, "invalid name in string variable definition '"+orig.str()+"'"))
				continue
			}
			n := pv.name.str()
			if _, ok := c.ctx.globalNumVars[n]; ok {
				errs = joinErrors(errs, newErrDiag(pv.name, "numeric variable with name '"+n+"' already exists"))
				continue
			}
			if _, ok := c.ctx.globalVars[n]; !ok {
				c.ctx.globalVars[n] = strVarValue{val: def.dropFront(eq + 1).str(), off: -1}
			}
			c.ctx.definedStringVars[n] = true
		}
	}
	return errs
}

// readCheckFile mirrors FileCheck::readCheckFile. It returns 0, or the exit
// status to use on error.
func (c *checker) readCheckFile() int {
	req := c.req
	if err := c.defineCmdlineVariables(); err != nil {
		logErrors(c.d, err)
		return 2
	}
	c.ctx.lineVar = &numVar{name: "@LINE", format: exprFormat{kind: fmtUnsigned}}
	c.ctx.globalNumVars["@LINE"] = c.ctx.lineVar

	var implicit []dagNot
	for _, ps := range req.implicitCheckNot {
		pre := "-implicit-check-not='"
		b := newBuf("command line", pre+ps+"'")
		c.impBufs = append(c.impBufs, b)
		p := newPattern(checkType{kind: ckNot}, c.ctx, 0)
		// FileCheck ignores the result of parsing implicit patterns.
		p.parsePattern(span{b, len(pre), len(pre) + len(ps)}, "IMPLICIT-CHECK", c.d, req)
		implicit = append(implicit, dagNot{p, "IMPLICIT-CHECK"})
	}
	dagNots := append([]dagNot(nil), implicit...)

	lineNumber := 1
	if len(req.checkPrefixes) == 0 {
		req.checkPrefixes = []string{"CHECK"}
		req.isDefaultPrefix = true
	}
	if len(req.commentPrefixes) == 0 {
		req.commentPrefixes = []string{"COM", "RUN"}
	}
	text := c.checkBuf.text
	m := newPrefixMatcher(req.checkPrefixes, req.commentPrefixes, text)
	notFound := map[string]bool{}
	for _, p := range req.checkPrefixes {
		notFound[p] = true
	}
	distinct := len(notFound)
	buf := c.checkBuf.fullSpan()

	for {
		// FindFirstMatchingPrefix
		var ty checkType
		var afterSuffix span
		var usedPrefix string
		found := false
		for !buf.empty() {
			pos, prefix := m.match(buf.lo)
			if pos < 0 {
				break
			}
			skipped := span{buf.b, buf.lo, pos}
			buf.lo = pos
			lineNumber += strings.Count(skipped.str(), "\n")
			if skipped.empty() || !isPartOfWord(skipped.at(skipped.len()-1)) {
				misspelled := false
				t, after, _ := findCheckType(req, buf, prefix, &misspelled)
				if t.kind != ckNone && misspelled {
					t = checkType{kind: ckMisspelled}
				}
				if t.kind != ckNone {
					ty, afterSuffix, usedPrefix, found = t, after, prefix, true
					break
				}
			}
			// skip the prefix and the rest of the word
			l := len(prefix)
			for l < buf.len() && isPartOfWord(buf.at(l)) {
				l++
			}
			buf = buf.dropFront(l)
		}
		if !found {
			break
		}
		if ty.kind != ckComment {
			delete(notFound, usedPrefix)
		}
		usedStart := buf.lo
		if afterSuffix.b == nil || afterSuffix.empty() {
			buf = buf.dropFront(len(usedPrefix))
		} else {
			buf = afterSuffix
		}
		switch ty.kind {
		case ckMisspelled:
			dir := text[usedStart:afterSuffix.lo]
			c.d.print(loc{c.checkBuf, usedStart}, dkError, "misspelled directive '"+dir+"'")
			return 2
		case ckBadNot:
			c.d.print(buf.start(), dkError, "unsupported -NOT combo on prefix '"+usedPrefix+"'")
			return 2
		case ckBadCount:
			c.d.print(buf.start(), dkError, "invalid count in -COUNT specification on prefix '"+usedPrefix+"'")
			return 2
		}
		if !(req.strictWhitespace && req.matchFullLines) {
			buf = buf.ltrim(" \t")
		}
		eol := strings.IndexAny(buf.str(), "\n\r")
		if eol < 0 {
			eol = buf.len()
		}
		patternLoc := buf.start()
		patBuf := buf.takeFront(eol)
		buf = buf.dropFront(eol)
		if ty.kind == ckComment {
			continue
		}
		p := newPattern(ty, c.ctx, lineNumber)
		switch p.parsePattern(patBuf, usedPrefix, c.d, req) {
		case parseErr:
			return 2
		case parseFatal:
			return 1
		}
		if ty.kind == ckLabel && p.hasVariable() {
			c.d.print(loc{c.checkBuf, usedStart}, dkError, "found '"+usedPrefix+"-LABEL:' with variable definition or use")
			return 2
		}
		if (ty.kind == ckNext || ty.kind == ckSame || ty.kind == ckEmpty) && len(c.checkStrings) == 0 {
			t := "SAME"
			if ty.kind == ckNext {
				t = "NEXT"
			} else if ty.kind == ckEmpty {
				t = "EMPTY"
			}
			c.d.print(loc{c.checkBuf, usedStart}, dkError, "found '"+usedPrefix+"-"+t+"' without previous '"+usedPrefix+": line")
			return 2
		}
		if ty.kind == ckDAG || ty.kind == ckNot {
			dagNots = append(dagNots, dagNot{p, usedPrefix})
			continue
		}
		c.checkStrings = append(c.checkStrings, &checkString{pat: p, prefix: usedPrefix, loc: patternLoc, dagNots: dagNots})
		dagNots = append([]dagNot(nil), implicit...)
	}

	noneFound := len(notFound) == distinct
	someUnused := !req.allowUnusedPrefixes && len(notFound) > 0
	if (noneFound || someUnused) && (len(implicit) == 0 || !req.isDefaultPrefix) {
		var missing []string
		for p := range notFound {
			missing = append(missing, p)
		}
		sort.Strings(missing)
		s := "error: no check strings found with prefix"
		if len(missing) > 1 {
			s += "es "
		} else {
			s += " "
		}
		for i, p := range missing {
			if i > 0 {
				s += ", "
			}
			s += "'" + p + ":'"
		}
		c.d.raw(s + "\n")
		return 2
	}
	if len(dagNots) > 0 {
		p := newPattern(checkType{kind: ckEOF}, c.ctx, lineNumber+1)
		c.checkStrings = append(c.checkStrings, &checkString{pat: p, prefix: req.checkPrefixes[0], loc: buf.start(), dagNots: dagNots})
	}
	return 0
}
