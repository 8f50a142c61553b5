package rules

import "github.com/mlc-go/mlc/ir"

// OpSig is what the compiler checks a rule's ops against: the op table's
// operand count, attribute names and traits.
type OpSig struct {
	// MinOperands and MaxOperands bound the operand count; MaxOperands < 0
	// means no upper bound (a variadic group).
	MinOperands, MaxOperands int
	// Attrs names the op's inherent attributes. Nil means unknown: any
	// name=$x is accepted.
	Attrs []string
	// Traits: Commutative ops match in either operand order; splat
	// matchers need a ConstantLike op.
	Traits ir.Trait
}

func (s OpSig) hasAttr(name string) bool {
	if s.Attrs == nil {
		return true
	}
	for _, a := range s.Attrs {
		if a == name {
			return true
		}
	}
	return false
}

// Lookup finds an op's signature by its full name ("core.add"); false
// means no such op. Dialects build one from their op tables.
type Lookup func(name string) (OpSig, bool)

// Table is a Lookup over a fixed map, for dialect tables and tests.
type Table map[string]OpSig

// Lookup implements Lookup.
func (t Table) Lookup(name string) (OpSig, bool) {
	s, ok := t[name]
	return s, ok
}

// ContextLookup checks names and traits against the ops registered in
// ctx. ir.OpInfo does not record operand counts, so those are not checked
// at compile time (a pattern with the wrong count never matches); dialect
// tables give a precise Lookup.
func ContextLookup(ctx *ir.Context) Lookup {
	return func(name string) (OpSig, bool) {
		info := ctx.LookupOp(name)
		if info == nil {
			return OpSig{}, false
		}
		return OpSig{MinOperands: 0, MaxOperands: -1, Traits: info.Traits}, true
	}
}
