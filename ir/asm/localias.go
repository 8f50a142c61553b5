package asm

import (
	"sort"
	"strconv"

	"github.com/mlc-go/mlc/ir"
)

// Location aliases, as mlir-opt --mlir-print-debuginfo prints them: every
// distinct location becomes #loc, #loc1, ...; an op's trailing loc(...)
// names its alias, and the definitions follow the top-level op. Block
// argument locations print in full and their aliases (and those of their
// parts) are defined above the op instead. Numbers go by nesting depth
// first (a location's parts before it), then by first use in op order.

type locAlias struct {
	name     string
	loc      ir.Location
	depth    int
	index    int  // order of first use
	deferred bool // defined after the op: used only by trailing locs
}

type locAliases struct {
	byKey map[string]*locAlias
	list  []*locAlias // in numbering order once named
}

// collectLocAliases numbers the locations top and everything in it print.
func collectLocAliases(top *ir.Operation) *locAliases {
	la := &locAliases{byKey: map[string]*locAlias{}}
	var visitOp func(op *ir.Operation)
	visitOp = func(op *ir.Operation) {
		la.visit(op.Loc, true)
		for _, r := range op.Regions() {
			for _, b := range r.Blocks() {
				for _, a := range b.Args() {
					la.visit(a.Loc(), false)
				}
				for o := b.First(); o != nil; o = o.Next() {
					visitOp(o)
				}
			}
		}
	}
	visitOp(top)
	sort.SliceStable(la.list, func(i, j int) bool { return la.list[i].depth < la.list[j].depth })
	for i, a := range la.list {
		a.name = "#loc"
		if i > 0 {
			a.name += strconv.Itoa(i)
		}
	}
	return la
}

// locParts are the locations l is built from, as aliases see them.
func locParts(l ir.Location) []ir.Location {
	switch l := l.(type) {
	case ir.NameLoc:
		if _, unknown := l.Child.(ir.UnknownLoc); unknown || l.Child == nil {
			return nil
		}
		return []ir.Location{l.Child}
	case ir.CallSiteLoc:
		return []ir.Location{l.Callee, l.Caller}
	case ir.FusedLoc:
		return l.Locs
	}
	return nil
}

// visit records l and its parts; it returns l's depth.
func (la *locAliases) visit(l ir.Location, deferred bool) int {
	if l == nil {
		l = ir.UnknownLoc{}
	}
	key := l.String()
	if a, ok := la.byKey[key]; ok {
		if !deferred && a.deferred {
			la.undefer(a)
		}
		return a.depth
	}
	a := &locAlias{loc: l, index: len(la.list), deferred: deferred}
	la.byKey[key] = a
	la.list = append(la.list, a)
	for _, c := range locParts(l) {
		a.depth = max(a.depth, la.visit(c, deferred)+1)
	}
	return a.depth
}

func (la *locAliases) undefer(a *locAlias) {
	a.deferred = false
	for _, c := range locParts(a.loc) {
		if ca := la.byKey[locKey(c)]; ca != nil && ca.deferred {
			la.undefer(ca)
		}
	}
}

func locKey(l ir.Location) string {
	if l == nil {
		return ir.UnknownLoc{}.String()
	}
	return l.String()
}

// alias is l's alias name, or "".
func (la *locAliases) alias(l ir.Location) string {
	if la == nil {
		return ""
	}
	if a := la.byKey[locKey(l)]; a != nil {
		return a.name
	}
	return ""
}

// body is l's text with its parts written through their aliases.
func (la *locAliases) body(l ir.Location) string {
	part := func(c ir.Location) string {
		if n := la.alias(c); n != "" {
			return n
		}
		return la.body(c)
	}
	switch l := l.(type) {
	case nil:
		return "unknown"
	case ir.NameLoc:
		s := ir.QuoteString(l.Name)
		if parts := locParts(l); len(parts) > 0 {
			s += "(" + part(parts[0]) + ")"
		}
		return s
	case ir.CallSiteLoc:
		return "callsite(" + part(l.Callee) + " at " + part(l.Caller) + ")"
	case ir.FusedLoc:
		return l.Format(part)
	}
	return l.String()
}

// defs writes the definitions of the deferred (or the other) aliases.
func (la *locAliases) defs(p *Printer, deferred bool) {
	if la == nil {
		return
	}
	for _, a := range la.list {
		if a.deferred == deferred {
			p.WriteString(a.name + " = loc(" + la.body(a.loc) + ")\n")
		}
	}
}
