package main

// Matching the check strings against the input, ported from
// FileCheckString::Check, CheckDag, CheckNot, CheckNext, CheckSame and
// FileCheck::checkInput, with LLVM's diagnostics.

import (
	"sort"
	"strconv"
)

type matchType int

const (
	mtFoundAndExpected matchType = iota
	mtFoundButExcluded
	mtFoundButWrongLine
	mtFoundButDiscarded
	mtFoundErrorNote
	mtNoneAndExcluded
	mtNoneButExpected
	mtNoneForInvalidPattern
	mtFuzzy
)

// fcDiag is FileCheckDiag, recorded for the input dump.
type fcDiag struct {
	checkTy     checkType
	checkLoc    loc
	matchTy     matchType
	sLine, sCol int
	eLine, eCol int
	note        string
}

func (c *checker) addDiag(ty checkType, cl loc, mt matchType, start, end int, note string) {
	sl, sc := c.input.lineCol(start)
	el, ec := c.input.lineCol(end)
	*c.diags = append(*c.diags, fcDiag{ty, cl, mt, sl, sc, el, ec, note})
}

// processMatchResult mirrors ProcessMatchResult; start/length are absolute.
func (c *checker) processMatchResult(mt matchType, cl loc, ty checkType, start, length int, adjustPrev bool) (int, int) {
	if c.diags != nil {
		if adjustPrev {
			ds := *c.diags
			if len(ds) > 0 {
				last := ds[len(ds)-1].checkLoc
				for i := len(ds) - 1; i >= 0 && ds[i].checkLoc == last; i-- {
					ds[i].matchTy = mt
				}
			}
		} else {
			c.addDiag(ty, cl, mt, start, start+length, "")
		}
	}
	return start, start + length
}

func (c *checker) inSpan(s, e int) span { return span{c.input, s, e} }
func (c *checker) inLoc(off int) loc    { return loc{c.input, off} }

func (c *checker) printSubstitutions(p *pattern, rs int, mt matchType, record bool) {
	for _, s := range p.subs {
		v, err := s.resultForDiagnostics(c.ctx)
		if err != nil {
			continue
		}
		msg := "with \"" + writeEscaped(s.fromStr.str()) + "\" equal to " + v
		if record {
			c.addDiag(p.ty, p.loc, mt, rs, rs, msg)
		} else if !record {
			c.d.print(c.inLoc(rs), dkNote, msg)
		}
	}
}

func (c *checker) printVariableDefs(p *pattern, mt matchType, record bool) {
	type capture struct {
		name   string
		lo, hi int
	}
	var caps []capture
	for _, vd := range p.varDefs {
		v, ok := c.ctx.globalVars[vd.name]
		if !ok || v.off < 0 {
			continue
		}
		caps = append(caps, capture{vd.name, v.off, v.off + len(v.val)})
	}
	for _, nd := range p.numVarDefs {
		if !nd.v.hasStr {
			continue
		}
		caps = append(caps, capture{nd.name, nd.v.strValue.lo, nd.v.strValue.hi})
	}
	sort.SliceStable(caps, func(i, j int) bool { return caps[i].lo < caps[j].lo })
	for _, vc := range caps {
		msg := "captured var \"" + vc.name + "\""
		if record {
			c.addDiag(p.ty, p.loc, mt, vc.lo, vc.hi, msg)
		} else {
			c.d.print(c.inLoc(vc.lo), dkNote, msg, c.inSpan(vc.lo, vc.hi))
		}
	}
}

func countSuffix(p *pattern, n int) string {
	if p.ty.getCount() > 1 {
		return " (" + strconv.Itoa(n) + " out of " + strconv.Itoa(p.ty.getCount()) + ")"
	}
	return ""
}

// printMatch returns true if an error was reported.
func (c *checker) printMatch(expected bool, prefix string, l loc, p *pattern, count int, bs int, mr matchResult) bool {
	req := c.req
	hasErr := !expected || mr.err != nil
	printDiag := true
	if !hasErr {
		if !req.verbose {
			return false
		}
		if !req.verboseVerbose && p.ty.kind == ckEOF {
			return false
		}
		printDiag = c.diags == nil
	}
	mt := mtFoundAndExpected
	if !expected {
		mt = mtFoundButExcluded
	}
	rs, re := c.processMatchResult(mt, l, p.ty, bs+mr.pos, mr.len, false)
	if c.diags != nil {
		c.printSubstitutions(p, rs, mt, true)
		c.printVariableDefs(p, mt, true)
	}
	if !printDiag {
		return hasErr
	}
	what := "expected"
	kind := dkRemark
	if !expected {
		what, kind = "excluded", dkError
	}
	c.d.print(l, kind, p.ty.description(prefix)+": "+what+" string found in input"+countSuffix(p, count))
	c.d.print(c.inLoc(rs), dkNote, "found here", c.inSpan(rs, re))
	c.printSubstitutions(p, rs, mt, false)
	c.printVariableDefs(p, mt, false)
	eachError(mr.err, func(e error) {
		if ed, ok := e.(*errDiag); ok {
			c.d.raw(ed.format(c.d.color))
			if c.diags != nil {
				c.addDiag(p.ty, l, mtFoundErrorNote, ed.rng.lo, ed.rng.hi, ed.msg)
			}
		}
	})
	return hasErr
}

// printNoMatch returns true if an error was reported.
func (c *checker) printNoMatch(expected bool, prefix string, l loc, p *pattern, count int, bs, be int, err error) bool {
	req := c.req
	hasErr := expected
	hasPatternErr := false
	mt := mtNoneAndExcluded
	if expected {
		mt = mtNoneButExpected
	}
	var msgs []string
	eachError(err, func(e error) {
		hasErr, hasPatternErr = true, true
		mt = mtNoneForInvalidPattern
		if ed, ok := e.(*errDiag); ok {
			c.d.raw(ed.format(c.d.color))
			msgs = append(msgs, ed.msg)
		} else {
			c.d.raw("error: " + e.Error() + "\n")
			msgs = append(msgs, e.Error())
		}
	})
	printDiag := true
	if !hasErr {
		if !req.verboseVerbose {
			return false
		}
		printDiag = c.diags == nil
	}
	rs, _ := c.processMatchResult(mt, l, p.ty, bs, be-bs, false)
	if c.diags != nil {
		for _, m := range msgs {
			c.addDiag(p.ty, l, mt, rs, rs, m)
		}
		c.printSubstitutions(p, rs, mt, true)
	}
	if !printDiag {
		return hasErr
	}
	if !hasPatternErr {
		what, kind := "excluded", dkRemark
		if expected {
			what, kind = "expected", dkError
		}
		c.d.print(l, kind, p.ty.description(prefix)+": "+what+" string not found in input"+countSuffix(p, count))
		c.d.print(c.inLoc(rs), dkNote, "scanning from here")
	}
	c.printSubstitutions(p, rs, mt, false)
	if expected {
		buf := c.input.text[bs:be]
		best := p.fuzzyMatch(buf)
		if best >= 0 {
			if c.diags != nil {
				c.addDiag(p.ty, l, mtFuzzy, bs+best, bs+best, "")
			}
			c.d.print(c.inLoc(bs+best), dkNote, "possible intended match here")
		}
		if !hasPatternErr {
			c.printClosestLine(p, bs, be, best)
		}
	}
	return hasErr
}

func (c *checker) reportMatchResult(expected bool, prefix string, l loc, p *pattern, count int, bs, be int, mr matchResult) bool {
	if mr.found {
		return c.printMatch(expected, prefix, l, p, count, bs, mr)
	}
	return c.printNoMatch(expected, prefix, l, p, count, bs, be, mr.err)
}

// countNewlines mirrors CountNumNewlinesBetween; first is the offset just
// after the first newline sequence (relative to s), or -1.
func countNewlines(s string) (int, int) {
	n := 0
	first := -1
	i := 0
	for {
		for i < len(s) && s[i] != '\n' && s[i] != '\r' {
			i++
		}
		if i >= len(s) {
			return n, first
		}
		n++
		if i+1 < len(s) && (s[i+1] == '\n' || s[i+1] == '\r') && s[i] != s[i+1] {
			i++
		}
		i++
		if n == 1 {
			first = i
		}
	}
}

func (c *checker) checkNext(cs *checkString, s, e int) bool {
	k := cs.pat.ty.kind
	if k != ckNext && k != ckEmpty {
		return false
	}
	name := cs.prefix + "-NEXT"
	if k == ckEmpty {
		name = cs.prefix + "-EMPTY"
	}
	n, first := countNewlines(c.input.text[s:e])
	if n == 0 {
		c.d.print(cs.loc, dkError, name+": is on the same line as previous match")
		c.d.print(c.inLoc(e), dkNote, "'next' match was here")
		c.d.print(c.inLoc(s), dkNote, "previous match ended here")
		return true
	}
	if n != 1 {
		c.d.print(cs.loc, dkError, name+": is not on the line after the previous match")
		c.d.print(c.inLoc(e), dkNote, "'next' match was here")
		c.d.print(c.inLoc(s), dkNote, "previous match ended here")
		c.d.print(c.inLoc(s+first), dkNote, "non-matching line after previous match is here")
		return true
	}
	return false
}

func (c *checker) checkSame(cs *checkString, s, e int) bool {
	if cs.pat.ty.kind != ckSame {
		return false
	}
	n, _ := countNewlines(c.input.text[s:e])
	if n != 0 {
		c.d.print(cs.loc, dkError, cs.prefix+"-SAME: is not on the same line as the previous match")
		c.d.print(c.inLoc(e), dkNote, "'next' match was here")
		c.d.print(c.inLoc(s), dkNote, "previous match ended here")
		return true
	}
	return false
}

func (c *checker) checkNot(s, e int, nots []*dagNot) bool {
	failed := false
	for _, dn := range nots {
		mr := dn.pat.match(c.input.text[s:e], s)
		if c.reportMatchResult(false, dn.prefix, dn.pat.loc, dn.pat, 1, s, e, mr) {
			failed = true
		}
	}
	return failed
}

// checkDag mirrors FileCheckString::CheckDag; it returns the start position
// (relative to bs) for the positive pattern, or ok=false.
func (c *checker) checkDag(cs *checkString, bs, be int, nots *[]*dagNot) (int, bool) {
	if len(cs.dagNots) == 0 {
		return 0, true
	}
	req := c.req
	startPos := 0
	type mrange struct{ pos, end int }
	var ranges []mrange
	for idx := range cs.dagNots {
		dn := &cs.dagNots[idx]
		p := dn.pat
		if p.ty.kind == ckNot {
			*nots = append(*nots, dn)
			continue
		}
		matchLen, matchPos := 0, startPos
		mi := 0
		for {
			mr := p.match(c.input.text[bs+matchPos:be], bs+matchPos)
			if !mr.found || req.verboseVerbose {
				if c.reportMatchResult(true, dn.prefix, p.loc, p, 1, bs+matchPos, be, mr) {
					return 0, false
				}
			}
			matchLen = mr.len
			matchPos += mr.pos
			m := mrange{matchPos, matchPos + matchLen}
			if req.allowDagOverlap {
				if len(ranges) == 0 {
					ranges = append(ranges, m)
				} else {
					ranges[0].pos = min(ranges[0].pos, m.pos)
					ranges[0].end = max(ranges[0].end, m.end)
				}
				break
			}
			overlap := false
			for ; mi < len(ranges); mi++ {
				if m.pos < ranges[mi].end {
					overlap = ranges[mi].pos < m.end
					break
				}
			}
			if !overlap {
				ranges = append(ranges, mrange{})
				copy(ranges[mi+1:], ranges[mi:])
				ranges[mi] = m
				break
			}
			if req.verboseVerbose {
				if c.diags == nil {
					os, oe := bs+ranges[mi].pos, bs+ranges[mi].end
					c.d.print(c.inLoc(os), dkNote, "match discarded, overlaps earlier DAG match here", c.inSpan(os, oe))
				} else {
					ds := *c.diags
					if len(ds) > 0 {
						last := ds[len(ds)-1].checkLoc
						for i := len(ds) - 1; i >= 0 && ds[i].checkLoc == last; i-- {
							ds[i].matchTy = mtFoundButDiscarded
						}
					}
				}
			}
			matchPos = ranges[mi].end
		}
		if !req.verboseVerbose {
			c.printMatch(true, dn.prefix, p.loc, p, 1, bs, matchResult{found: true, pos: matchPos, len: matchLen})
		}
		if idx+1 == len(cs.dagNots) || cs.dagNots[idx+1].pat.ty.kind == ckNot {
			if len(*nots) > 0 {
				ss := min(startPos, be-bs)
				se := max(ss, min(ranges[0].pos, be-bs))
				if c.checkNot(bs+ss, bs+se, *nots) {
					return 0, false
				}
				*nots = (*nots)[:0]
			}
			startPos = ranges[len(ranges)-1].end
			ranges = ranges[:0]
		}
	}
	return startPos, true
}

// check mirrors FileCheckString::Check on the region [bs, be). It returns
// the match position relative to bs and the match length.
func (c *checker) check(cs *checkString, bs, be int, labelScan bool) (int, int, bool) {
	lastPos := 0
	var nots []*dagNot
	if !labelScan {
		lp, ok := c.checkDag(cs, bs, be, &nots)
		if !ok {
			return 0, 0, false
		}
		lastPos = lp
	}
	lastMatchEnd := lastPos
	firstMatchPos := 0
	p := cs.pat
	for i := 1; i <= p.ty.getCount(); i++ {
		ms := bs + min(lastMatchEnd, be-bs)
		mr := p.match(c.input.text[ms:be], ms)
		if c.reportMatchResult(true, cs.prefix, cs.loc, p, i, ms, be, mr) {
			return 0, 0, false
		}
		if i == 1 {
			firstMatchPos = lastPos + mr.pos
		}
		lastMatchEnd += mr.pos + mr.len
	}
	matchLen := lastMatchEnd - firstMatchPos
	if !labelScan {
		matchPos := firstMatchPos - lastPos
		ss := bs + lastPos
		se := ss + matchPos
		if c.checkNext(cs, ss, se) {
			c.processMatchResult(mtFoundButWrongLine, cs.loc, p.ty, ss+matchPos, matchLen, c.req.verbose)
			return 0, 0, false
		}
		if c.checkSame(cs, ss, se) {
			c.processMatchResult(mtFoundButWrongLine, cs.loc, p.ty, ss+matchPos, matchLen, c.req.verbose)
			return 0, 0, false
		}
		if c.checkNot(ss, se, nots) {
			return 0, 0, false
		}
	}
	return firstMatchPos, matchLen, true
}

// checkInput mirrors FileCheck::checkInput.
func (c *checker) checkInput() bool {
	failed := false
	cs := c.checkStrings
	i, j, e := 0, 0, len(cs)
	bufStart, bufEnd := 0, len(c.input.text)
	for {
		var rs, re int
		if j == e {
			rs, re = bufStart, bufEnd
		} else {
			label := cs[j]
			if label.pat.ty.kind != ckLabel {
				j++
				continue
			}
			pos, l, ok := c.check(label, bufStart, bufEnd, true)
			if !ok {
				return false
			}
			rs, re = bufStart, bufStart+pos+l
			bufStart += pos + l
			j++
		}
		if i != 0 && c.req.enableVarScope {
			c.ctx.clearLocalVars()
		}
		for ; i != j; i++ {
			pos, l, ok := c.check(cs[i], rs, re, false)
			if !ok {
				failed = true
				i = j
				break
			}
			rs += pos + l
		}
		if j == e {
			break
		}
	}
	return !failed
}
