package testpasses

import (
	_ "embed"
	"fmt"
	"strings"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/rewrite/conversion"
	"github.com/mlc-go/mlc/rewrite/pass"
	"github.com/mlc-go/mlc/rewrite/rules"
)

//go:embed legalize.rules
var legalizeRules []byte

// ruled is the rule of legalize.rules, with the predicate it calls given
// to this file alone.
var ruled = rules.MustCompile(nil, "test-legalize.rules", legalizeRules, rules.Predicates{
	"isI32": func(t ir.Type) bool {
		it, ok := t.(*ir.IntegerType)
		return ok && it.Width == 32
	},
})

// Legalize runs the dialect conversion driver on unregistered x.* ops, as
// MLIR's test-legalize-patterns does on its test dialect, so that the
// driver's results and failure reports can be checked in lit tests:
//
//   - x.legal, x.legal_i32: legal; func and builtin: legal
//   - x.illegal: illegal; converted to x.legal when it has a `convertible`
//     attribute (benefit 2), else to x.legal_i32 when its operands are i32
//     (benefit 1); each pattern says why it did not apply
//   - x.never: illegal, no pattern
//   - x.ruled: illegal; the rule of legalize.rules folds it when its
//     operand is an x.legal of an i32, and says why it does not otherwise
//   - x.dynamic: legal when it has a `legal` attribute
//   - other ops: unknown (left by a partial conversion, an error for a
//     full one)
var Legalize = pass.Register(&pass.Pass{
	Name:    "test-legalize-patterns",
	Summary: "TestLegalizePatternsPass",
	Doc: "Runs the dialect conversion driver over unregistered `x.*` test ops (x.illegal → x.legal or x.legal_i32; " +
		"x.never has no pattern; x.dynamic is legal with a `legal` attribute; x.ruled folds by the rule of legalize.rules); for testing conversion results and failure reports. " +
		"In analysis mode it emits a remark on each legalizable x.* op, and on each other x.* op a remark with a note per reason it stays illegal.",
	Options: []pass.Option{
		pass.EnumOpt("mode", "partial", []string{"partial", "full", "analysis"}, "the conversion driver's mode"),
	},
	Changes: pass.NoEffects,
	Run: func(op *ir.Operation, opts pass.Options, st *pass.Context) error {
		target := conversion.NewTarget().
			AddLegalDialect("func", "builtin").
			AddLegalOp("x.legal", "x.legal_i32").
			AddIllegalOp("x.illegal", "x.never", "x.ruled").
			AddDynamicallyLegalOp(func(o *ir.Operation) bool { return o.Attr("legal") != nil }, "x.dynamic")
		patterns := []conversion.Pattern{
			&conversion.FuncPattern{RootName: "x.illegal", PBenefit: 2, PatternName: "IllegalToLegal", Fn: illegalToLegal},
			&conversion.FuncPattern{RootName: "x.illegal", PBenefit: 1, PatternName: "IllegalToLegalI32", Fn: illegalToLegalI32},
		}
		for _, r := range ruled {
			patterns = append(patterns, conversion.FromPattern(r))
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
				if ir.DialectOf(o.Name()) != "x" {
					return
				}
				if an.Legalizable[o] {
					op.Ctx().Emit(&ir.Diagnostic{Severity: ir.SeverityRemark, Loc: o.Loc, Message: "op '" + o.Name() + "' is legalizable"})
					return
				}
				why, ok := an.Reasons[o]
				if !ok {
					return
				}
				d := &ir.Diagnostic{Severity: ir.SeverityRemark, Loc: o.Loc, Message: "op '" + o.Name() + "' is not legalizable"}
				for _, f := range why {
					msg := f.Reason
					if f.Pattern != "" && !strings.HasPrefix(f.Reason, f.Pattern+":") {
						msg = f.Pattern + ": " + f.Reason
					}
					d.AttachNote(o.Loc, "%s", msg)
				}
				op.Ctx().Emit(d)
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
