package quantize

import (
	"github.com/mlc-go/mlc/dialects/qbehavior"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/lowering/target"
)

// Accepted lists the precisions (of Precisions) in which target t runs
// core op o, in Precisions' order, the cheapest first, under the same
// operand and rule checks quantize makes; nil for an op of no op class.
// A driver choosing mlc.precision per op (mixed precision) asks it which
// precisions it may give.
func Accepted(t *target.Target, o *ir.Operation) []string {
	class, ok := target.ClassOf(o.Name())
	if !ok {
		return nil
	}
	s := &state{ctx: o.Ctx(), t: t}
	return s.accepted(o, class)
}

// WiderResults lists the result precisions (mlc.result_precision) target
// t takes for core op o computed at integer precision p, cheapest first:
// nil for a float p, an op of no class, or a same-scale op the target
// keeps in its input's encoding.
func WiderResults(t *target.Target, o *ir.Operation, p string) []string {
	class, ok := target.ClassOf(o.Name())
	if !ok || precisionBits(p) == 0 {
		return nil
	}
	s := &state{ctx: o.Ctx(), t: t}
	ok, act := s.accepts(o, class, p)
	if !ok {
		return nil
	}
	if b, _ := qbehavior.OfOp(o); b.Has(qbehavior.SameScale) && t.KeepsEncoding(class) {
		return nil
	}
	return s.widerResults(o, class, &plan{op: o, class: class, precision: p, act: act})
}
