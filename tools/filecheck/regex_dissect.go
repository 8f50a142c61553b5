package main

// Capture assignment as LLVM's regex library does it (Spencer's dissect() in
// regexec's engine.c). Once the leftmost-longest match [start, end) is
// known, the regex is walked in regcomp's layout: a flat sequence in which
// groups are just start/end markers and each alternation or repetition is
// one item; every item, in order, takes the longest span that still lets
// the rest of the sequence match exactly up to the fixed end, and the
// groups inside it are then assigned recursively. This is POSIX's
// "subexpressions leftmost-longest" rule, and it differs from the priority
// order of backtracking engines (for "(a|ab)(c|bc)" on "abc" the groups are
// "ab" and "c", not "a" and "bc"). Patterns with back-references are matched
// by LLVM's backtracking backref() instead, whose priority order the VM
// already follows.

type sKind uint8

const (
	sChar sKind = iota
	sAnchor
	sGroupStart
	sGroupEnd
	sPlus  // OPLUS_: one or more of seq
	sQuest // OQUEST_ or the OCH_(x|) kludge: seq or nothing
	sAlt   // OCH_: alts
	sBackref
)

type sNode struct {
	kind sKind
	node *reNode
	idx  int
	seq  []*sNode
	alts [][]*sNode

	// lazily compiled: the item alone, the rest of its sequence after it,
	// its inner sequence and its branches
	self, tail, inner *program
	altProgs          []*program
}

// spencerSeq converts n into regcomp's layout, expanding bounded
// repetitions the way regcomp's repeat() does.
func spencerSeq(n *reNode) []*sNode {
	switch n.op {
	case reLit, reSet, reStr:
		return []*sNode{{kind: sChar, node: n}}
	case reBOL, reEOL, reBOW, reEOW:
		return []*sNode{{kind: sAnchor, node: n}}
	case reBackref:
		return []*sNode{{kind: sBackref, node: n}}
	case reEmpty:
		return nil
	case reConcat:
		var out []*sNode
		for _, c := range n.subs {
			out = append(out, spencerSeq(c)...)
		}
		return out
	case reGroup:
		out := []*sNode{{kind: sGroupStart, idx: n.idx}}
		out = append(out, spencerSeq(n.subs[0])...)
		return append(out, &sNode{kind: sGroupEnd, idx: n.idx})
	case reAlt:
		a := &sNode{kind: sAlt}
		for _, c := range n.subs {
			a.alts = append(a.alts, spencerSeq(c))
		}
		return []*sNode{a}
	case reRepeat:
		return spencerRepeat(n.subs[0], n.min, n.max)
	}
	return nil
}

func spencerRepeat(x *reNode, from, to int) []*sNode {
	const inf = -1
	switch {
	case to == 0:
		return nil
	case from == 0 && to == inf:
		return []*sNode{{kind: sQuest, seq: []*sNode{{kind: sPlus, seq: spencerSeq(x)}}}}
	case from == 0:
		return []*sNode{{kind: sQuest, seq: spencerRepeat(x, 1, to)}}
	case from == 1 && to == 1:
		return spencerSeq(x)
	case from == 1 && to == inf:
		return []*sNode{{kind: sPlus, seq: spencerSeq(x)}}
	case from == 1:
		out := []*sNode{{kind: sQuest, seq: spencerSeq(x)}}
		return append(out, spencerRepeat(x, 1, to-1)...)
	default:
		next := to
		if to != inf {
			next = to - 1
		}
		return append(spencerSeq(x), spencerRepeat(x, from-1, next)...)
	}
}

// compileSeq compiles a sequence of sNodes into a VM program.
func compileSeq(seq []*sNode) *program {
	c := &compiler{}
	c.compileSeq(seq)
	c.emit(inst{op: iMatch})
	return &program{insts: c.prog, nloop: c.nloop, nullable: true}
}

func (c *compiler) compileSeq(seq []*sNode) {
	for _, n := range seq {
		c.compileS(n)
	}
}

func (c *compiler) compileS(n *sNode) {
	switch n.kind {
	case sChar, sAnchor, sBackref:
		c.compile(n.node)
	case sGroupStart:
		c.emit(inst{op: iSave, n: int32(2 * n.idx)})
	case sGroupEnd:
		c.emit(inst{op: iSave, n: int32(2*n.idx + 1)})
	case sPlus:
		l := len(c.prog)
		c.compileSeq(n.seq)
		sp := c.emit(inst{op: iSplit, x: int32(l)})
		c.prog[sp].y = int32(len(c.prog))
	case sQuest:
		sp := c.emit(inst{op: iSplit})
		c.prog[sp].x = int32(sp + 1)
		c.compileSeq(n.seq)
		c.prog[sp].y = int32(len(c.prog))
	case sAlt:
		var jmps []int
		for i, a := range n.alts {
			if i < len(n.alts)-1 {
				sp := c.emit(inst{op: iSplit})
				c.prog[sp].x = int32(sp + 1)
				c.compileSeq(a)
				jmps = append(jmps, c.emit(inst{op: iJmp}))
				c.prog[sp].y = int32(len(c.prog))
			} else {
				c.compileSeq(a)
			}
		}
		for _, j := range jmps {
			c.prog[j].x = int32(len(c.prog))
		}
	}
}

// dissectCaptures recomputes the group captures of m (m[0], m[1] is the
// match) in place.
func (r *regex) dissectCaptures(text string, m []int) {
	if r.spencer == nil {
		r.spencer = spencerSeq(r.root)
		if r.spencer == nil {
			r.spencer = []*sNode{}
		}
	}
	for i := 2; i < len(m); i++ {
		m[i] = -1
	}
	d := &dissector{r: r, text: text, caps: m, ncap: len(m)}
	d.dissect(r.spencer, m[0], m[1])
}

type dissector struct {
	r    *regex
	text string
	caps []int
	ncap int
}

// slow returns the end of the longest match of p anchored at sp that ends
// at or before limit, or -1 (engine.c's slow()).
func (d *dissector) slow(p *program, sp, limit int) int {
	if limit < sp {
		return -1
	}
	m := d.r.vm.run(p, d.ncap, true, d.text, sp, limit, true)
	if m == nil {
		return -1
	}
	return m[1]
}

func (d *dissector) dissect(seq []*sNode, sp, stop int) {
	for k, it := range seq {
		switch it.kind {
		case sChar:
			if it.node.op == reStr {
				sp += len(it.node.str)
			} else {
				sp++
			}
		case sAnchor:
		case sGroupStart:
			if 2*it.idx < d.ncap {
				d.caps[2*it.idx] = sp
			}
		case sGroupEnd:
			if 2*it.idx+1 < d.ncap {
				d.caps[2*it.idx+1] = sp
			}
		case sBackref:
			so, eo := d.caps[2*it.node.idx], d.caps[2*it.node.idx+1]
			if so >= 0 && eo >= so {
				sp += eo - so
			}
		case sPlus, sQuest, sAlt:
			if it.self == nil {
				it.self = compileSeq([]*sNode{it})
				it.tail = compileSeq(seq[k+1:])
			}
			stp := stop
			rest := -1
			for {
				rest = d.slow(it.self, sp, stp)
				if rest < 0 {
					return // cannot happen for a real match
				}
				if d.slow(it.tail, rest, stop) == stop {
					break
				}
				stp = rest - 1
				if stp < sp {
					return
				}
			}
			switch it.kind {
			case sQuest:
				if it.inner == nil {
					it.inner = compileSeq(it.seq)
				}
				if d.slow(it.inner, sp, rest) >= 0 {
					d.dissect(it.seq, sp, rest)
				}
			case sAlt:
				if it.altProgs == nil {
					for _, a := range it.alts {
						it.altProgs = append(it.altProgs, compileSeq(a))
					}
				}
				for i, a := range it.alts {
					if d.slow(it.altProgs[i], sp, rest) == rest {
						d.dissect(a, sp, rest)
						break
					}
				}
			case sPlus:
				if it.inner == nil {
					it.inner = compileSeq(it.seq)
				}
				// find the last iteration
				ssp, oldssp, sep := sp, sp, -1
				for {
					sep = d.slow(it.inner, ssp, rest)
					if sep < 0 || sep == ssp {
						break
					}
					oldssp, ssp = ssp, sep
				}
				if sep < 0 {
					sep, ssp = ssp, oldssp
				}
				d.dissect(it.seq, ssp, sep)
			}
			sp = rest
		}
	}
}
