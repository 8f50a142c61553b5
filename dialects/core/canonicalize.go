package core

import (
	_ "embed"

	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/rewrite/rules"
)

// Canonicalisation patterns of the core dialect: the identities in
// canonicalize.rules, compiled at start-up against the op table and
// attached to each rule's root op, which ods.Register copies into the
// registered op info. Folders (fold.go) cover ops whose operands are all
// constant; these rules return an existing value or a simpler op.

// RulesFile is the name canonicalisation rules report in their pattern
// names and errors ("dialects/core/canonicalize.rules:12").
const RulesFile = "dialects/core/canonicalize.rules"

//go:embed canonicalize.rules
var canonicalizeRules []byte

// CanonicalizationRules are the compiled rules, in file order.
var CanonicalizationRules []*rules.Rule

// predicates are the conditions canonicalize.rules may call besides the
// built-in ones.
var predicates = rules.Predicates{
	// isIdentityPerm($p): perm is [0, 1, ..., n-1].
	"isIdentityPerm": func(p *ir.DenseArrayAttr) bool {
		for i, v := range p.Ints {
			if v != int64(i) {
				return false
			}
		}
		return true
	},
	// composesToIdentity($p1, $p2): transposing by p1 and then by p2
	// gives the input back, p1[p2[i]] = i.
	"composesToIdentity": func(p1, p2 *ir.DenseArrayAttr) bool {
		if len(p1.Ints) != len(p2.Ints) {
			return false
		}
		for i, v := range p2.Ints {
			if v < 0 || v >= int64(len(p1.Ints)) || p1.Ints[v] != int64(i) {
				return false
			}
		}
		return true
	},
}

func init() {
	// Dialect is initialised (a package variable) before init runs, and
	// ods.Register reads Patterns only when a context registers core.
	CanonicalizationRules = rules.MustCompile(RuleLookup(Dialect), RulesFile, canonicalizeRules, predicates)
	byName := map[string]*ods.OpDef{}
	for _, o := range Dialect.Ops {
		byName[o.FullName()] = o
	}
	for _, r := range CanonicalizationRules {
		o := byName[r.Root()]
		o.Patterns = append(o.Patterns, r)
	}
}

// RuleLookup is the rules compiler's view of op tables: operand counts
// from the operand groups, attribute names and traits.
func RuleLookup(ds ...*ods.Dialect) rules.Lookup {
	t := rules.Table{}
	for _, d := range ds {
		for _, o := range d.Ops {
			s := rules.OpSig{Attrs: []string{}, Traits: o.Traits}
			for _, x := range o.Operands {
				switch x.Arity {
				case ods.Single:
					s.MinOperands++
					if s.MaxOperands >= 0 {
						s.MaxOperands++
					}
				case ods.Optional:
					if s.MaxOperands >= 0 {
						s.MaxOperands++
					}
				case ods.Variadic:
					s.MaxOperands = -1
				}
			}
			for _, a := range o.Attrs {
				s.Attrs = append(s.Attrs, a.Name)
			}
			t[o.FullName()] = s
		}
	}
	return t.Lookup
}
