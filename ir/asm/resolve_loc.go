package asm

import (
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/mlc-go/mlc/ir"
)

// Resolving locations and location aliases. The grammar is in
// grammar_loc.go.

func (r *resolver) location(l astLoc) ir.Location {
	switch l := l.(type) {
	case *astUnknownLoc:
		return ir.UnknownLoc{}
	case *astFileLineColLoc:
		return ir.FileLineColLoc{File: l.File, Line: l.Line, Col: l.Col}
	case *astNameLoc:
		var child ir.Location = ir.UnknownLoc{}
		if l.Child != nil {
			child = r.location(l.Child)
		}
		return ir.NameLoc{Name: l.Name, Child: child}
	case *astCallSiteLoc:
		return ir.CallSiteLoc{Callee: r.location(l.Callee), Caller: r.location(l.Caller)}
	case *astFusedLoc:
		locs := make([]ir.Location, len(l.Locs))
		for i, c := range l.Locs {
			locs[i] = r.location(c)
		}
		var meta ir.Attribute
		if l.Metadata != nil {
			meta = r.attr(l.Metadata)
		}
		return ir.FusedLoc{Locs: locs, Metadata: meta}
	case *astLocAliasRef:
		return r.locAlias(l.Name, l.Pos)
	}
	r.fail(l.astPos(), "unsupported location")
	return nil
}

func (r *resolver) locAlias(name string, pos lexer.Position) ir.Location {
	if l, ok := r.aliasLocs[name]; ok {
		return l
	}
	def, ok := r.attrAliases[name]
	if !ok {
		r.fail(pos, "operation location alias was never defined")
	}
	la, ok := def.Value.(*astLocationAttr)
	if !ok {
		r.fail(pos, "expected location, but found '%s'", r.attr(def.Value))
	}
	if r.resolving["#"+name] {
		r.fail(pos, "location alias '#%s' refers to itself", name)
	}
	r.resolving["#"+name] = true
	l := r.location(la.Loc)
	delete(r.resolving, "#"+name)
	r.aliasLocs[name] = l
	return l
}
