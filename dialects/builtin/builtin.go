// Package builtin registers MLIR's builtin dialect: the module op and the
// unrealized_conversion_cast used by dialect conversion.
package builtin

import (
	_ "embed"
	"fmt"

	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/ir"
)

// Dialect is the builtin dialect's table.
// examples holds the op examples the docs show (see ods.OpDef.Example).
//
//go:embed examples.mlir
var examples string

var Dialect = (&ods.Dialect{
	Examples: examples,
	Name:     "builtin",
	Summary:  "Core structural ops: the module and casts between type systems.",
	Ops: []*ods.OpDef{
		{
			Name:         "module",
			Summary:      "A top-level container of ops, with a symbol table",
			CustomSyntax: "module [@name] [attributes {...}] { ops }",
			Description: "A module holds a single graph region whose ops need no terminator. " +
				"Files with several top-level ops are wrapped in an implicit module.",
			Attrs: []ods.Attr{
				{Name: "sym_name", Type: ods.StrAttr, Optional: true, Doc: "module name"},
				{Name: "sym_visibility", Type: ods.StrAttr, Optional: true},
			},
			Regions: []ods.Region{{Name: "bodyRegion", SingleBlock: true}},
			Traits:  ir.IsolatedFromAbove | ir.SymbolTableTrait | ir.NoTerminator | ir.GraphRegions | ir.SingleBlock,
			Verify:  verifyModule,
		},
		{
			Name:    "unrealized_conversion_cast",
			Summary: "A cast between type systems that a later pass must remove",
			Description: "Dialect conversion materialises values of converted types with this op; " +
				"the reconcile pass folds cast chains away and reports any that remain.",
			Operands: []ods.Operand{{Name: "inputs", Type: ods.AnyType, Arity: ods.Variadic}},
			Results:  []ods.Result{{Name: "outputs", Type: ods.AnyType, Arity: ods.Variadic}},
			Format:   "($inputs^ `:` type($inputs))? `to` type($outputs) attr-dict",
			Traits:   ir.Pure,
		},
	},
}).Init()

// Register adds the builtin dialect to ctx.
func Register(ctx *ir.Context) { ods.Register(ctx, Dialect) }

func verifyModule(op *ir.Operation) error {
	if b := op.Region(0).Front(); b != nil && b.NumArgs() != 0 {
		return fmt.Errorf("region should have no arguments")
	}
	if op.NumOperands() != 0 || op.NumResults() != 0 {
		return fmt.Errorf("requires zero operands and zero results")
	}
	return nil
}
