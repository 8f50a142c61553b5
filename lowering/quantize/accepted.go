package quantize

import (
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
