// Package testpasses registers passes that exist to test the pass
// manager itself, as MLIR's test-pass-failure does.
package testpasses

import (
	"fmt"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/rewrite/pass"
)

// Failure always fails: for testing failure reporting and reproducers.
var Failure = pass.Register(&pass.Pass{
	Name:    "test-pass-failure",
	Summary: "TestFailurePass",
	Doc:     "Always fails; for testing failure reporting and reproducers.",
	Changes: pass.NoEffects,
	Run: func(op *ir.Operation, _ pass.Options, _ *pass.Context) error {
		return fmt.Errorf("test-pass-failure failed as asked")
	},
})

// Crash panics: for testing that a crashing pass is reported, not fatal.
var Crash = pass.Register(&pass.Pass{
	Name:    "test-pass-crash",
	Summary: "TestCrashPass",
	Doc:     "Panics; for testing that a crashing pass is reported as its failure.",
	Changes: pass.NoEffects,
	Run: func(op *ir.Operation, _ pass.Options, _ *pass.Context) error {
		var m map[string]int
		m["boom"]++ // a nil-map write: a real runtime panic
		return nil
	},
})

// BreakIR erases every block terminator, leaving IR that does not verify:
// for testing --verify-each and the printing of broken IR.
var BreakIR = pass.Register(&pass.Pass{
	Name:    "test-break-ir",
	Summary: "TestBreakIRPass",
	Doc:     "Erases every terminator; for testing --verify-each.",
	Changes: pass.NoEffects,
	Run: func(op *ir.Operation, _ pass.Options, _ *pass.Context) error {
		ir.Walk(op, func(o *ir.Operation) {
			if o.HasTrait(ir.Terminator) {
				o.Erase()
			}
		})
		return nil
	},
})
