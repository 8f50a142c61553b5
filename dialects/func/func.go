// Package function registers MLIR's func dialect: func.func, func.return
// and func.call, with the verifiers mlir-opt applies to them.
package function

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"

	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/ir"
)

// Dialect is the func dialect's table.
// examples holds the op examples the docs show (see ods.OpDef.Example).
//
//go:embed examples.mlir
var examples string

var Dialect = (&ods.Dialect{
	Examples: examples,
	Name:     "func",
	Summary:  "Functions, calls and returns.",
	Ops: []*ods.OpDef{
		{
			Name:         "func",
			Summary:      "A function: a symbol with a signature and an optional body",
			CustomSyntax: "func.func [private|public|nested] @name(%arg0: T {attrs}, ...) [-> (R {attrs}, ...)] [attributes {...}] [{ body }]",
			Description:  "A function without a body is a declaration and must not be public.",
			Attrs: []ods.Attr{
				{Name: "sym_name", Type: ods.StrAttr, Doc: "function name"},
				{Name: "function_type", Type: ods.TypeAttr, Doc: "signature"},
				{Name: "sym_visibility", Type: ods.StrAttr, Optional: true},
				{Name: "arg_attrs", Type: ods.AnyAttr, Optional: true, Doc: "array of per-argument dictionaries"},
				{Name: "res_attrs", Type: ods.AnyAttr, Optional: true, Doc: "array of per-result dictionaries"},
			},
			Regions: []ods.Region{{Name: "body"}},
			Traits:  ir.IsolatedFromAbove | ir.Symbol,
			Verify:  verifyFunc,
			CallableRegion: func(op *ir.Operation) *ir.Region {
				if op.Region(0).Empty() {
					return nil
				}
				return op.Region(0)
			},
		},
		{
			Name:         "return",
			Summary:      "Returns from a function",
			CustomSyntax: "return [%v, ... : T, ...]",
			Operands:     []ods.Operand{{Name: "operands", Type: ods.AnyType, Arity: ods.Variadic}},
			Traits:       ir.Terminator | ir.ReturnLike | ir.Pure,
			Verify:       verifyReturn,
		},
		{
			Name:         "call",
			Summary:      "Calls a function by symbol",
			CustomSyntax: "call @callee(%a, ...) : (T, ...) -> (R, ...)",
			Operands:     []ods.Operand{{Name: "operands", Type: ods.AnyType, Arity: ods.Variadic}},
			Results:      []ods.Result{{Name: "results", Type: ods.AnyType, Arity: ods.Variadic}},
			Attrs:        []ods.Attr{{Name: "callee", Type: ods.FlatSymAttr}},
			Verify:       verifyCall,
			Call: &ir.CallInterface{
				Callee: func(op *ir.Operation) *ir.SymbolRefAttr {
					c, _ := op.InherentAttr("callee").(*ir.SymbolRefAttr)
					return c
				},
				Args: func(op *ir.Operation) []*ir.Value { return op.Operands() },
			},
		},
	},
}).Init()

// Register adds the func dialect to ctx.
func Register(ctx *ir.Context) { ods.Register(ctx, Dialect) }

// FunctionType returns the signature of a func.func, or nil.
func FunctionType(op *ir.Operation) *ir.FunctionType {
	if ta, ok := op.InherentAttr("function_type").(*ir.TypeAttr); ok {
		ft, _ := ta.Type.(*ir.FunctionType)
		return ft
	}
	return nil
}

// NameAttr, on a function's argument or result attributes, names that
// input or output (the ONNX importer writes it; the interpreter and the
// exporters read it).
const NameAttr = "mlc.name"

// DimParamsAttr, on a function's argument attributes, holds the
// symbolic name of each dim the argument's type leaves dynamic ("" for a
// static dim or one without a name), so that a diagnostic can name the
// dim an import flag would fix (the ONNX importer writes it).
const DimParamsAttr = "mlc.dim_params"

// ArgDimParams returns the DimParamsAttr names of argument i of fn, or
// nil when it has none.
func ArgDimParams(fn *ir.Operation, i int) []string {
	arr, _ := fn.InherentAttr("arg_attrs").(*ir.ArrayAttr)
	if arr == nil || i >= len(arr.Elems) {
		return nil
	}
	d, ok := arr.Elems[i].(*ir.DictionaryAttr)
	if !ok {
		return nil
	}
	list, ok := d.Get(DimParamsAttr).(*ir.ArrayAttr)
	if !ok {
		return nil
	}
	names := make([]string, len(list.Elems))
	for j, e := range list.Elems {
		if s, ok := e.(*ir.StringAttr); ok {
			names[j] = s.Value
		}
	}
	return names
}

// ArgNames returns one name per argument of fn: its mlc.name attribute,
// else "arg<i>".
func ArgNames(fn *ir.Operation) []string {
	n := 0
	if ft := FunctionType(fn); ft != nil {
		n = len(ft.Inputs)
	}
	return signatureNames(fn, "arg_attrs", "arg", n)
}

// ResultNames returns one name per result of fn: its mlc.name attribute,
// else "result<i>".
func ResultNames(fn *ir.Operation) []string {
	n := 0
	if ft := FunctionType(fn); ft != nil {
		n = len(ft.Results)
	}
	return signatureNames(fn, "res_attrs", "result", n)
}

func signatureNames(fn *ir.Operation, attr, prefix string, n int) []string {
	names := make([]string, n)
	arr, _ := fn.InherentAttr(attr).(*ir.ArrayAttr)
	for i := range names {
		names[i] = prefix + strconv.Itoa(i)
		if arr == nil || i >= len(arr.Elems) {
			continue
		}
		if d, ok := arr.Elems[i].(*ir.DictionaryAttr); ok {
			if s, ok := d.Get(NameAttr).(*ir.StringAttr); ok && s.Value != "" {
				names[i] = s.Value
			}
		}
	}
	return names
}

func verifyFunc(op *ir.Operation) error {
	ft := FunctionType(op)
	if ft == nil {
		return &ir.AttrConstraintError{Msg: "attribute 'function_type' failed to satisfy constraint: type attribute of function type"}
	}
	if v := op.InherentAttr("sym_visibility"); v != nil {
		s, ok := v.(*ir.StringAttr)
		if !ok || (s.Value != "public" && s.Value != "private" && s.Value != "nested") {
			return fmt.Errorf("visibility expected to be one of [\"public\", \"private\", \"nested\"], but got %s", v)
		}
	}
	for _, a := range []struct {
		name, what string
		want       int
	}{{"arg_attrs", "argument", len(ft.Inputs)}, {"res_attrs", "result", len(ft.Results)}} {
		if v := op.InherentAttr(a.name); v != nil {
			arr, ok := v.(*ir.ArrayAttr)
			if !ok {
				return fmt.Errorf("expects %s attributes to be an array", a.what)
			}
			if len(arr.Elems) != a.want {
				return fmt.Errorf("expects %s attribute array to have the same number of elements as the number of function %ss, got %d, but expected %d", a.what, a.what, len(arr.Elems), a.want)
			}
		}
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
			return fmt.Errorf("type of entry block argument #%d('%s') must match the type of the corresponding argument in function signature('%s')", i, a.Type(), ft.Inputs[i])
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
			// As MLIR's, without the op name in front.
			return ir.Errorf(op.Loc, "type of return operand %d ('%s') doesn't match function result type ('%s') in function @%s", i, t, ft.Results[i], ir.SymbolName(fn))
		}
	}
	return nil
}

func verifyCall(op *ir.Operation) error {
	callee := op.InherentAttr("callee").(*ir.SymbolRefAttr)
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
			return fmt.Errorf("operand type mismatch: expected operand type '%s', but provided '%s' for operand number %d", ft.Inputs[i], t, i)
		}
	}
	if len(ft.Results) != op.NumResults() {
		return fmt.Errorf("incorrect number of results for callee")
	}
	for i, t := range op.ResultTypes() {
		if t != ft.Results[i] {
			d := ir.Errorf(op.Loc, "'%s' op result type mismatch at index %d", op.Name(), i)
			d.AttachNote(op.Loc, "      op result types: %s", quotedTypes(op.ResultTypes()))
			d.AttachNote(op.Loc, "function result types: %s", quotedTypes(ft.Results))
			return d
		}
	}
	return nil
}

// quotedTypes lists types as MLIR prints a type range in a message.
func quotedTypes(ts []ir.Type) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = "'" + t.String() + "'"
	}
	return strings.Join(parts, ", ")
}
