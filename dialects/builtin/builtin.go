// Package builtin registers MLIR's builtin dialect: the module op and the
// unrealized_conversion_cast used by dialect conversion.
package builtin

import (
	"fmt"

	"github.com/mlc-go/mlc/ir"
)

// Register adds the builtin dialect to ctx.
func Register(ctx *ir.Context) {
	ctx.RegisterDialect(&ir.Dialect{Name: "builtin", Doc: "Core structural ops: the module and casts between type systems."},
		&ir.OpInfo{
			Name:   "builtin.module",
			Traits: ir.IsolatedFromAbove | ir.SymbolTableTrait | ir.NoTerminator | ir.GraphRegions | ir.SingleBlock,
			Props:  []string{"sym_name", "sym_visibility"},
			Verify: verifyModule,
		},
		&ir.OpInfo{
			Name:   "builtin.unrealized_conversion_cast",
			Traits: ir.Pure,
		},
	)
}

func verifyModule(op *ir.Operation) error {
	if op.NumRegions() != 1 {
		return fmt.Errorf("requires one region")
	}
	if op.NumOperands() != 0 || op.NumResults() != 0 {
		return fmt.Errorf("requires zero operands and zero results")
	}
	if b := op.Region(0).Front(); b != nil && b.NumArgs() != 0 {
		return fmt.Errorf("expects region to have no arguments")
	}
	if a := op.InherentAttr("sym_name"); a != nil {
		if _, ok := a.(*ir.StringAttr); !ok {
			return fmt.Errorf("attribute 'sym_name' failed to satisfy constraint: string attribute")
		}
	}
	return nil
}
