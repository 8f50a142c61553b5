package decompose

import (
	_ "embed"

	"github.com/mlc-go/mlc/dialects/core"
	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/dialects/torch"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/rewrite/rules"
)

// RulesFile names the declarative decompositions in pattern names and
// compile errors ("lowering/decompose/decompose.rules:12").
const RulesFile = "lowering/decompose/decompose.rules"

//go:embed decompose.rules
var rulesSrc []byte

// Rules are the compiled declarative decompositions, in file order.
var Rules []*rules.Rule

// predicates are the conditions decompose.rules may call besides the
// built-in ones.
var predicates = rules.Predicates{
	// coreArith($x): core's arithmetic takes the value's element type (a
	// float or a signless integer of 8 to 64 bits).
	"coreArith": func(t ir.Type) bool { return core.NumElem.Match(ir.ElementTypeOf(t)) },
	// coreCastable($x): core.cast converts from and to it (arith or i1).
	"coreCastable": func(t ir.Type) bool { return core.CastElem.Match(ir.ElementTypeOf(t)) },
	// isI1($x): a bool tensor.
	"isI1": func(t ir.Type) bool { return isBoolElem(ir.ElementTypeOf(t)) },
	// unitAlpha($r): the op that defines $r has no alpha, or alpha 1 (its
	// table default included).
	"unitAlpha": func(v *ir.Value) bool {
		op := v.DefiningOp()
		if op == nil {
			return false
		}
		switch a := ods.AttrOrDefault(op, "alpha").(type) {
		case nil:
			return true
		case *ir.IntegerAttr:
			return a.Value == 1
		case *ir.FloatAttr:
			return a.Value == 1
		}
		return false
	},
	// trueDivision($r): the div op that defines $r has no rounding_mode.
	"trueDivision": func(v *ir.Value) bool {
		op := v.DefiningOp()
		return op != nil && op.InherentAttr("rounding_mode") == nil
	},
}

func init() {
	Rules = rules.MustCompile(core.RuleLookup(core.Dialect, torch.Dialect), RulesFile, rulesSrc, predicates)
}
