package testpasses

import (
	"fmt"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/rewrite/conversion"
	"github.com/mlc-go/mlc/rewrite/pass"
)

// Legalize runs the dialect conversion driver on unregistered x.* ops, as
// MLIR's test-legalize-patterns does on its test dialect, so that the
// driver's results and failure reports can be checked in lit tests:
//
//   - x.legal, x.legal_i32: legal; func and builtin: legal
//   - x.illegal: illegal; converted to x.legal when it has a `convertible`
//     attribute (benefit 2), else to x.legal_i32 when its operands are i32
//     (benefit 1); each pattern says why it did not apply
//   - x.never: illegal, no pattern
//   - x.dynamic: legal when it has a `legal` attribute
//   - other ops: unknown (left by a partial conversion, an error for a
//     full one)
var Legalize = pass.Register(&pass.Pass{
	Name:    "test-legalize-patterns",
	Summary: "TestLegalizePatternsPass",
	Doc: "Runs the dialect conversion driver over unregistered `x.*` test ops (x.illegal → x.legal or x.legal_i32; " +
		"x.never has no pattern; x.dynamic is legal with a `legal` attribute); for testing conversion results and failure reports. " +
		"In analysis mode it emits a remark on each legalizable x.* op.",
	Options: []pass.Option{
		pass.EnumOpt("mode", "partial", []string{"partial", "full", "analysis"}, "the conversion driver's mode"),
	},
	Changes: pass.NoEffects,
	Run: func(op *ir.Operation, opts pass.Options, st *pass.Context) error {
		target := conversion.NewTarget().
			AddLegalDialect("func", "builtin").
			AddLegalOp("x.legal", "x.legal_i32").
			AddIllegalOp("x.illegal", "x.never").
			AddDynamicallyLegalOp(func(o *ir.Operation) bool { return o.Attr("legal") != nil }, "x.dynamic")
		patterns := []conversion.Pattern{
			&conversion.FuncPattern{RootName: "x.illegal", PBenefit: 2, PatternName: "IllegalToLegal", Fn: illegalToLegal},
			&conversion.FuncPattern{RootName: "x.illegal", PBenefit: 1, PatternName: "IllegalToLegalI32", Fn: illegalToLegalI32},
		}
		switch mode := opts["mode"]; mode {
		case "", "partial":
			res, err := conversion.ApplyPartialConversion(op, target, patterns, nil)
			if res != nil {
				st.Add("num-rewrites", "Number of patterns applied", int64(res.Rewrites))
			}
			return err
		case "full":
			res, err := conversion.ApplyFullConversion(op, target, patterns, nil)
			if res != nil {
				st.Add("num-rewrites", "Number of patterns applied", int64(res.Rewrites))
			}
			return err
		case "analysis":
			an, err := conversion.ApplyAnalysisConversion(op, target, patterns, nil)
			if err != nil {
				return err
			}
			ir.Walk(op, func(o *ir.Operation) {
				if an.Legalizable[o] && ir.DialectOf(o.Name()) == "x" {
					op.Ctx().Emit(&ir.Diagnostic{Severity: ir.SeverityRemark, Loc: o.Loc, Message: "op '" + o.Name() + "' is legalizable"})
				}
			})
			return nil
		default:
			return fmt.Errorf("mode must be partial, full or analysis, not %q", mode)
		}
	},
})

// illegalToLegal: x.illegal {convertible} -> x.legal, operands and results kept.
func illegalToLegal(op *ir.Operation, a *conversion.Adaptor, rw *conversion.Rewriter) error {
	if op.Attr("convertible") == nil {
		return conversion.MatchFailure("'x.illegal' needs a 'convertible' attribute")
	}
	return replaceWith(op, a, rw, "x.legal")
}

// illegalToLegalI32: x.illegal on i32 operands -> x.legal_i32.
func illegalToLegalI32(op *ir.Operation, a *conversion.Adaptor, rw *conversion.Rewriter) error {
	for i, v := range a.Operands() {
		if it, ok := v.Type().(*ir.IntegerType); !ok || it.Width != 32 {
			return conversion.MatchFailuref("operand #%d is %s, not i32", i, v.Type())
		}
	}
	return replaceWith(op, a, rw, "x.legal_i32")
}

func replaceWith(op *ir.Operation, a *conversion.Adaptor, rw *conversion.Rewriter, name string) error {
	rw.SetInsertionPoint(op)
	repl := rw.Create(ir.OperationState{Name: name, Operands: a.Operands(), ResultTypes: op.ResultTypes(), Attrs: op.Attrs(), Loc: op.Loc})
	rw.ReplaceOp(op, repl.Results())
	return nil
}
