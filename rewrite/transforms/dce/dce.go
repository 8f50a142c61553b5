// Package dce is the dce pass: erase side-effect-free ops whose results
// are unused, repeatedly, so chains of dead ops go too.
package dce

import (
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/rewrite"
	"github.com/mlc-go/mlc/rewrite/pass"
)

// Pass is dce.
var Pass = pass.Register(&pass.Pass{
	Name:    "dce",
	Summary: "DeadCodeElimination",
	Doc:     "Erases side-effect-free ops whose results are unused, transitively.",
	Changes: pass.NoEffects,
	Run: func(op *ir.Operation, _ pass.Options, pc *pass.Context) error {
		pc.Add("num-erased", "Number of dead ops erased", int64(Run(op)))
		return nil
	},
})

// Run erases dead ops nested in root and returns how many. A worklist of
// defining ops makes it linear in the IR size.
func Run(root *ir.Operation) int {
	var work []*ir.Operation
	ir.Walk(root, func(o *ir.Operation) {
		if o != root {
			work = append(work, o)
		}
	})
	erased := 0
	queued := map[*ir.Operation]bool{}
	for len(work) > 0 {
		o := work[len(work)-1]
		work = work[:len(work)-1]
		delete(queued, o)
		if o.Block() == nil || !rewrite.IsTriviallyDead(o) {
			continue
		}
		defs := o.Operands()
		o.Erase()
		erased++
		for _, v := range defs {
			if d := v.DefiningOp(); d != nil && !queued[d] {
				queued[d] = true
				work = append(work, d)
			}
		}
	}
	return erased
}
