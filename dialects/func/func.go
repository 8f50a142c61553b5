// Package function registers MLIR's func dialect: func.func, func.return
// and func.call, with the verifiers mlir-opt applies to them.
package function

import (
	"fmt"

	"github.com/mlc-go/mlc/ir"
)

// Register adds the func dialect to ctx.
func Register(ctx *ir.Context) {
	ctx.RegisterDialect(&ir.Dialect{Name: "func", Doc: "Functions, calls and returns."},
		&ir.OpInfo{
			Name:   "func.func",
			Traits: ir.IsolatedFromAbove | ir.Symbol,
			Props:  []string{"sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs"},
			Verify: verifyFunc,
		},
		&ir.OpInfo{
			Name:   "func.return",
			Traits: ir.Terminator | ir.ReturnLike | ir.Pure,
			Verify: verifyReturn,
		},
		&ir.OpInfo{
			Name:   "func.call",
			Props:  []string{"callee"},
			Verify: verifyCall,
		},
	)
}

// FunctionType returns the signature of a func.func, or nil.
func FunctionType(op *ir.Operation) *ir.FunctionType {
	if ta, ok := op.InherentAttr("function_type").(*ir.TypeAttr); ok {
		ft, _ := ta.Type.(*ir.FunctionType)
		return ft
	}
	return nil
}

func verifyFunc(op *ir.Operation) error {
	if _, ok := op.InherentAttr("sym_name").(*ir.StringAttr); !ok {
		return fmt.Errorf("requires attribute 'sym_name'")
	}
	ft := FunctionType(op)
	if ft == nil {
		return fmt.Errorf("requires attribute 'function_type' of function type")
	}
	if v := op.InherentAttr("sym_visibility"); v != nil {
		s, ok := v.(*ir.StringAttr)
		if !ok || (s.Value != "public" && s.Value != "private" && s.Value != "nested") {
			return fmt.Errorf("visibility expected to be one of [\"public\", \"private\", \"nested\"], but got %s", v)
		}
	}
	if op.NumRegions() != 1 {
		return fmt.Errorf("requires one region")
	}
	body := op.Region(0)
	if body.Empty() {
		if v, _ := op.InherentAttr("sym_visibility").(*ir.StringAttr); v == nil || v.Value == "public" {
			return fmt.Errorf("symbol declaration cannot have public visibility")
		}
		return nil
	}
	entry := body.Front()
	if entry.NumArgs() != len(ft.Inputs) {
		return fmt.Errorf("entry block must have %d arguments to match function signature", len(ft.Inputs))
	}
	for i, a := range entry.Args() {
		if a.Type() != ft.Inputs[i] {
			return fmt.Errorf("type of entry block argument #%d(%s) must match the type of the corresponding argument in function signature(%s)", i, a.Type(), ft.Inputs[i])
		}
	}
	return nil
}

func verifyReturn(op *ir.Operation) error {
	fn := op.ParentOp()
	if fn == nil || fn.Name() != "func.func" {
		return fmt.Errorf("expects parent op 'func.func'")
	}
	ft := FunctionType(fn)
	if ft == nil {
		return nil
	}
	if op.NumOperands() != len(ft.Results) {
		return fmt.Errorf("has %d operands, but enclosing function (@%s) returns %d", op.NumOperands(), ir.SymbolName(fn), len(ft.Results))
	}
	for i, t := range op.OperandTypes() {
		if t != ft.Results[i] {
			d := ir.Errorf(op.Loc, "'func.return' op type of return operand %d (%s) doesn't match function result type (%s) in function @%s", i, t, ft.Results[i], ir.SymbolName(fn))
			return d
		}
	}
	return nil
}

func verifyCall(op *ir.Operation) error {
	callee, ok := op.InherentAttr("callee").(*ir.SymbolRefAttr)
	if !ok {
		return fmt.Errorf("requires attribute 'callee'")
	}
	fn := ir.LookupSymbol(op, callee)
	if fn == nil {
		return fmt.Errorf("'%s' does not reference a valid function", callee.Leaf())
	}
	ft := FunctionType(fn)
	if ft == nil {
		return fmt.Errorf("'%s' does not reference a valid function", callee.Leaf())
	}
	if len(ft.Inputs) != op.NumOperands() {
		return fmt.Errorf("incorrect number of operands for callee")
	}
	for i, t := range op.OperandTypes() {
		if t != ft.Inputs[i] {
			return fmt.Errorf("operand type mismatch: expected operand type %s, but provided %s for operand number %d", ft.Inputs[i], t, i)
		}
	}
	if len(ft.Results) != op.NumResults() {
		return fmt.Errorf("incorrect number of results for callee")
	}
	for i, t := range op.ResultTypes() {
		if t != ft.Results[i] {
			return fmt.Errorf("result type mismatch at index %d", i)
		}
	}
	return nil
}
