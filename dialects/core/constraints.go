package core

import (
	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/ir"
)

func isFloatElem(t ir.Type) bool {
	ft, ok := t.(*ir.FloatType)
	return ok && (ft.Kind == ir.F16 || ft.Kind == ir.BF16 || ft.Kind == ir.F32 || ft.Kind == ir.F64)
}

func isIntElem(t ir.Type) bool {
	it, ok := t.(*ir.IntegerType)
	return ok && it.Signedness == ir.Signless && (it.Width == 8 || it.Width == 16 || it.Width == 32 || it.Width == 64)
}

func isBoolElem(t ir.Type) bool {
	return ir.IsInteger(t, 1) && t.(*ir.IntegerType).Signedness == ir.Signless
}

// Element type constraints of the core dialect.
var (
	// FloatElem is what the float-only ops compute on.
	FloatElem = ods.Elem{Name: "float (f16, bf16, f32, f64)", Match: isFloatElem}
	// IntElem is a signless integer, read as two's complement.
	IntElem = ods.Elem{Name: "signless integer (i8, i16, i32, i64)", Match: isIntElem}
	// NumElem is a float or signless integer.
	NumElem = ods.Elem{Name: "float (f16, bf16, f32, f64) or signless integer (i8, i16, i32, i64)", Match: func(t ir.Type) bool {
		return isFloatElem(t) || isIntElem(t)
	}}
	// BoolElem is i1.
	BoolElem = ods.Elem{Name: "i1", Match: isBoolElem}
	// CastElem is anything cast converts between.
	CastElem = ods.Elem{Name: "float (f16, bf16, f32, f64), signless integer (i8, i16, i32, i64) or i1", Match: func(t ir.Type) bool {
		return isFloatElem(t) || isIntElem(t) || isBoolElem(t)
	}}
	// IndexElem is the element type of gather indices.
	IndexElem = ods.Elem{Name: "i32 or i64", Match: func(t ir.Type) bool {
		it, ok := t.(*ir.IntegerType)
		return ok && it.Signedness == ir.Signless && (it.Width == 32 || it.Width == 64)
	}}
	// AnyElem is any element type, quantized ones included: data movement
	// ops do not look at values.
	AnyElem = ods.Elem{Name: "any element type", Match: func(ir.Type) bool { return true }}
)

// Static is a statically shaped tensor of e: core has no dynamic shapes.
func Static(e ods.Elem) ods.TypeConstraint { return ods.StaticTensorOf(e) }

// Attribute constraints of the core dialect.
var (
	// ScalarAttr is a float, integer or bool attribute (pad's value).
	ScalarAttr = ods.AttrConstraint{Name: "float, integer or bool attribute", Match: func(a ir.Attribute) bool {
		switch a.(type) {
		case *ir.FloatAttr, *ir.IntegerAttr, *ir.BoolAttr:
			return true
		}
		return false
	}}
	// PredicateAttr names a comparison.
	PredicateAttr = ods.EnumAttr("eq", "ne", "lt", "le", "gt", "ge")
)
