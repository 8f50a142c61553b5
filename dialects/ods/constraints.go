package ods

import (
	"strings"

	"github.com/mlc-go/mlc/ir"
)

// TypeConstraint is a named predicate on types. Name is what docs and
// verifier messages show.
type TypeConstraint struct {
	Name  string
	Match func(ir.Type) bool
}

// Elem constrains an element type.
type Elem struct {
	Name  string
	Match func(ir.Type) bool
}

func exactInt(width int, s ir.Signedness) func(ir.Type) bool {
	return func(t ir.Type) bool {
		it, ok := t.(*ir.IntegerType)
		return ok && it.Width == width && it.Signedness == s
	}
}

func exactFloat(k ir.FloatKind) func(ir.Type) bool {
	return func(t ir.Type) bool {
		ft, ok := t.(*ir.FloatType)
		return ok && ft.Kind == k
	}
}

// Element type constraints.
var (
	F16E   = Elem{"f16", exactFloat(ir.F16)}
	BF16E  = Elem{"bf16", exactFloat(ir.BF16)}
	F32E   = Elem{"f32", exactFloat(ir.F32)}
	F64E   = Elem{"f64", exactFloat(ir.F64)}
	I1E    = Elem{"i1", exactInt(1, ir.Signless)}
	I8E    = Elem{"i8", exactInt(8, ir.Signless)}
	I16E   = Elem{"i16", exactInt(16, ir.Signless)}
	I32E   = Elem{"i32", exactInt(32, ir.Signless)}
	I64E   = Elem{"i64", exactInt(64, ir.Signless)}
	AnyInt = Elem{"integer", func(t ir.Type) bool { _, ok := t.(*ir.IntegerType); return ok }}
	AnyFlt = Elem{"float", ir.IsFloat}
	IndexE = Elem{"index", func(t ir.Type) bool { _, ok := t.(*ir.IndexType); return ok }}
	// QuantE matches dialect element types of the quant dialect.
	QuantE = Elem{"quant", func(t ir.Type) bool {
		d, ok := t.(ir.DialectType)
		return ok && d.DialectName() == "quant"
	}}
	AnyElem = Elem{"any", func(ir.Type) bool { return true }}
)

// ElemOneOf accepts any of the given element constraints.
func ElemOneOf(es ...Elem) Elem {
	names := make([]string, len(es))
	for i, e := range es {
		names[i] = e.Name
	}
	return Elem{strings.Join(names, " or "), func(t ir.Type) bool {
		for _, e := range es {
			if e.Match(t) {
				return true
			}
		}
		return false
	}}
}

// TensorOf accepts ranked or unranked tensors whose element type matches.
func TensorOf(e Elem) TypeConstraint {
	return TypeConstraint{"tensor of " + e.Name + " values", func(t ir.Type) bool {
		s, ok := t.(ir.ShapedType)
		if !ok {
			return false
		}
		switch t.(type) {
		case *ir.RankedTensorType, *ir.UnrankedTensorType:
			return e.Match(s.ElementType())
		}
		return false
	}}
}

// RankedTensorOf accepts ranked tensors (static or dynamic dims).
func RankedTensorOf(e Elem) TypeConstraint {
	return TypeConstraint{"ranked tensor of " + e.Name + " values", func(t ir.Type) bool {
		rt, ok := t.(*ir.RankedTensorType)
		return ok && e.Match(rt.Elem)
	}}
}

// StaticTensorOf accepts tensors with a fully static shape.
func StaticTensorOf(e Elem) TypeConstraint {
	return TypeConstraint{"statically shaped tensor of " + e.Name + " values", func(t ir.Type) bool {
		rt, ok := t.(*ir.RankedTensorType)
		return ok && rt.HasStaticShape() && e.Match(rt.Elem)
	}}
}

// Scalar accepts a bare (non-shaped) type matching e.
func Scalar(e Elem) TypeConstraint { return TypeConstraint{e.Name, e.Match} }

// Common type constraints.
var (
	AnyType         = TypeConstraint{"any type", func(ir.Type) bool { return true }}
	AnyTensor       = TensorOf(AnyElem)
	AnyRankedTensor = RankedTensorOf(AnyElem)
	FloatTensor     = TensorOf(AnyFlt)
	IntTensor       = TensorOf(AnyInt)
)

// AttrConstraint is a named predicate on attributes.
type AttrConstraint struct {
	Name string
	// Type, when set, is the fixed type of integer or float attributes, so
	// the custom form can leave it out (as MLIR prints `axis = 1`).
	Type func(*ir.Context) ir.Type
	// Bare: the custom form writes the value without a ": type" suffix
	// (strings, enums, and numbers whose Type is fixed).
	Bare  bool
	Match func(ir.Attribute) bool
}

// Attribute constraints.
var (
	AnyAttr  = AttrConstraint{Name: "any attribute", Match: func(ir.Attribute) bool { return true }}
	I64Attr  = AttrConstraint{Name: "64-bit integer attribute", Type: func(c *ir.Context) ir.Type { return c.I(64) }, Match: isIntAttr(64)}
	I32Attr  = AttrConstraint{Name: "32-bit integer attribute", Type: func(c *ir.Context) ir.Type { return c.I(32) }, Match: isIntAttr(32)}
	F32Attr  = AttrConstraint{Name: "32-bit float attribute", Type: func(c *ir.Context) ir.Type { return c.F32() }, Match: isFloatAttr(ir.F32)}
	F64Attr  = AttrConstraint{Name: "64-bit float attribute", Type: func(c *ir.Context) ir.Type { return c.FloatType(ir.F64) }, Match: isFloatAttr(ir.F64)}
	StrAttr  = AttrConstraint{Name: "string attribute", Bare: true, Match: func(a ir.Attribute) bool { _, ok := a.(*ir.StringAttr); return ok }}
	BoolAttr = AttrConstraint{Name: "bool attribute", Match: func(a ir.Attribute) bool { _, ok := a.(*ir.BoolAttr); return ok }}
	UnitAttr = AttrConstraint{Name: "unit attribute", Match: func(a ir.Attribute) bool { _, ok := a.(*ir.UnitAttr); return ok }}
	TypeAttr = AttrConstraint{Name: "type attribute", Match: func(a ir.Attribute) bool { _, ok := a.(*ir.TypeAttr); return ok }}
	SymAttr  = AttrConstraint{Name: "symbol reference attribute", Match: func(a ir.Attribute) bool { _, ok := a.(*ir.SymbolRefAttr); return ok }}
	// FlatSymAttr is a symbol reference without nested references.
	FlatSymAttr = AttrConstraint{Name: "flat symbol reference attribute", Match: func(a ir.Attribute) bool {
		s, ok := a.(*ir.SymbolRefAttr)
		return ok && len(s.Nested) == 0
	}}
	// I64ArrayAttr is array<i64: ...>, MLIR's DenseI64ArrayAttr.
	I64ArrayAttr = AttrConstraint{Name: "i64 dense array attribute", Match: func(a ir.Attribute) bool {
		da, ok := a.(*ir.DenseArrayAttr)
		return ok && ir.IsInteger(da.Elem, 64)
	}}
	F32ArrayAttr = AttrConstraint{Name: "f32 dense array attribute", Match: func(a ir.Attribute) bool {
		da, ok := a.(*ir.DenseArrayAttr)
		if !ok {
			return false
		}
		ft, isF := da.Elem.(*ir.FloatType)
		return isF && ft.Kind == ir.F32
	}}
	// ElementsAttr is inline dense data or a dense_resource blob.
	ElementsAttr = AttrConstraint{Name: "constant vector/tensor attribute", Match: func(a ir.Attribute) bool {
		switch a.(type) {
		case *ir.DenseElementsAttr, *ir.DenseResourceAttr:
			return true
		}
		return false
	}}
)

func isIntAttr(width int) func(ir.Attribute) bool {
	return func(a ir.Attribute) bool {
		ia, ok := a.(*ir.IntegerAttr)
		return ok && ir.IsInteger(ia.Type, width)
	}
}

func isFloatAttr(k ir.FloatKind) func(ir.Attribute) bool {
	return func(a ir.Attribute) bool {
		fa, ok := a.(*ir.FloatAttr)
		return ok && fa.Type.Kind == k
	}
}

// EnumAttr is a string attribute restricted to the given values.
func EnumAttr(values ...string) AttrConstraint {
	return AttrConstraint{Name: "one of \"" + strings.Join(values, "\", \"") + "\"", Bare: true, Match: func(a ir.Attribute) bool {
		s, ok := a.(*ir.StringAttr)
		if !ok {
			return false
		}
		for _, v := range values {
			if s.Value == v {
				return true
			}
		}
		return false
	}}
}
