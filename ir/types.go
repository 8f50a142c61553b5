package ir

import (
	"strconv"
	"strings"
)

// Type is an interned type: two equal types are the same pointer, so
// comparing them with == is exact and O(1). Get types only from a Context.
type Type interface {
	// String is the type in MLIR's textual syntax; it is also the
	// interning key, so it must be canonical.
	String() string
	isType()
}

// Signedness of an integer type, as MLIR spells it: i, si, ui.
type Signedness uint8

const (
	Signless Signedness = iota
	Signed
	Unsigned
)

// IntegerType is iN, siN or uiN.
type IntegerType struct {
	Width      int
	Signedness Signedness
	text       string
}

func (t *IntegerType) String() string { return t.text }
func (*IntegerType) isType()          {}

// FloatKind names a floating-point format.
type FloatKind uint8

const (
	F16 FloatKind = iota
	BF16
	F32
	F64
	// F8E4M3FN is the OCP 8-bit float TensorRT and QNN use: 4 exponent
	// bits (bias 7), 3 mantissa bits, no infinities, NaN = all ones.
	F8E4M3FN
)

var floatNames = [...]string{F16: "f16", BF16: "bf16", F32: "f32", F64: "f64", F8E4M3FN: "f8E4M3FN"}
var floatWidths = [...]int{F16: 16, BF16: 16, F32: 32, F64: 64, F8E4M3FN: 8}

// FloatType is f16, bf16, f32 or f64.
type FloatType struct{ Kind FloatKind }

func (t *FloatType) String() string { return floatNames[t.Kind] }
func (t *FloatType) Width() int     { return floatWidths[t.Kind] }
func (*FloatType) isType()          {}

// IndexType is MLIR's target-sized integer.
type IndexType struct{}

func (*IndexType) String() string { return "index" }
func (*IndexType) isType()        {}

// NoneType is the unit type.
type NoneType struct{}

func (*NoneType) String() string { return "none" }
func (*NoneType) isType()        {}

// Dynamic marks a dimension whose size is not known statically ("?").
const Dynamic int64 = -1

// ShapedType is a type with an element type and possibly a shape.
type ShapedType interface {
	Type
	ElementType() Type
	HasRank() bool
}

// RankedTensorType is tensor<2x?x4xf32> with an optional encoding.
type RankedTensorType struct {
	Shape    []int64
	Elem     Type
	Encoding Attribute // nil when absent
	text     string
}

func (t *RankedTensorType) String() string    { return t.text }
func (*RankedTensorType) isType()             {}
func (t *RankedTensorType) ElementType() Type { return t.Elem }
func (*RankedTensorType) HasRank() bool       { return true }
func (t *RankedTensorType) Rank() int         { return len(t.Shape) }

// HasStaticShape reports whether no dimension is dynamic.
func (t *RankedTensorType) HasStaticShape() bool {
	for _, d := range t.Shape {
		if d == Dynamic {
			return false
		}
	}
	return true
}

// StaticShaped is a ranked shaped type (tensor or vector) that dense
// attributes can describe.
type StaticShaped interface {
	ShapedType
	Dims() []int64
}

func (t *RankedTensorType) Dims() []int64 { return t.Shape }
func (t *VectorType) Dims() []int64       { return t.Shape }

// NumElements is the element count of a static shape, or -1 if dynamic or
// if the count overflows int64.
func (t *RankedTensorType) NumElements() int64 { return numElements(t.Shape) }

func numElements(shape []int64) int64 {
	n := int64(1)
	for _, d := range shape {
		if d < 0 {
			return -1
		}
		if d != 0 && n > (1<<62)/d {
			return -1
		}
		n *= d
	}
	return n
}

// UnrankedTensorType is tensor<*xf32>.
type UnrankedTensorType struct {
	Elem Type
	text string
}

func (t *UnrankedTensorType) String() string    { return t.text }
func (*UnrankedTensorType) isType()             {}
func (t *UnrankedTensorType) ElementType() Type { return t.Elem }
func (*UnrankedTensorType) HasRank() bool       { return false }

// VectorType is vector<4x8xf32>; kept so that MLIR inputs using it parse.
type VectorType struct {
	Shape []int64
	Elem  Type
	text  string
}

func (t *VectorType) String() string    { return t.text }
func (*VectorType) isType()             {}
func (t *VectorType) ElementType() Type { return t.Elem }
func (*VectorType) HasRank() bool       { return true }

// ComplexType is complex<f32>.
type ComplexType struct {
	Elem Type
	text string
}

func (t *ComplexType) String() string { return t.text }
func (*ComplexType) isType()          {}

// FunctionType is (inputs) -> results.
type FunctionType struct {
	Inputs  []Type
	Results []Type
	text    string
}

func (t *FunctionType) String() string { return t.text }
func (*FunctionType) isType()          {}

// TupleType is tuple<i32, f32>.
type TupleType struct {
	Types []Type
	text  string
}

func (t *TupleType) String() string { return t.text }
func (*TupleType) isType()          {}

// TypeBase is embedded by types that dialects define, to implement Type.
type TypeBase struct{}

func (TypeBase) isType() {}

// AttrBase is embedded by attributes that dialects define.
type AttrBase struct{}

func (AttrBase) isAttr() {}

// DialectType is a type owned by a dialect, printed !dialect.mnemonic<body>.
// Dialects implement it for their own types; OpaqueType stands in for types
// of dialects that are not registered.
type DialectType interface {
	Type
	DialectName() string
}

// OpaqueType is a dialect type kept as text: !dialect.rest or !dialect<...>.
type OpaqueType struct {
	Dialect string
	Body    string // everything after "!dialect", e.g. ".uniform<i8:f32, 0.5>" or "<\"x\">"
	text    string
}

func (t *OpaqueType) String() string      { return t.text }
func (*OpaqueType) isType()               {}
func (t *OpaqueType) DialectName() string { return t.Dialect }

// IsInteger reports whether t is an integer type of the given width
// (any width when width is 0).
func IsInteger(t Type, width int) bool {
	it, ok := t.(*IntegerType)
	return ok && (width == 0 || it.Width == width)
}

// IsFloat reports whether t is a floating-point type.
func IsFloat(t Type) bool { _, ok := t.(*FloatType); return ok }

// ElementTypeOf returns the element type of a shaped type, or t itself.
func ElementTypeOf(t Type) Type {
	if s, ok := t.(ShapedType); ok {
		return s.ElementType()
	}
	return t
}

// ---- construction through the context ----

func (c *Context) IntegerType(width int, s Signedness) *IntegerType {
	prefix := [...]string{"i", "si", "ui"}[s]
	key := prefix + strconv.Itoa(width)
	return c.internType(key, func() Type { return &IntegerType{Width: width, Signedness: s, text: key} }).(*IntegerType)
}

// I is shorthand for a signless integer type.
func (c *Context) I(width int) *IntegerType { return c.IntegerType(width, Signless) }

func (c *Context) FloatType(k FloatKind) *FloatType { return c.floats[k] }
func (c *Context) F32() *FloatType                  { return c.floats[F32] }
func (c *Context) IndexType() *IndexType            { return c.index }
func (c *Context) NoneType() *NoneType              { return c.none }

func dimsText(b *strings.Builder, shape []int64) {
	for _, d := range shape {
		if d == Dynamic {
			b.WriteByte('?')
		} else {
			b.WriteString(strconv.FormatInt(d, 10))
		}
		b.WriteByte('x')
	}
}

// TensorType returns tensor<shape x elem>; encoding may be nil.
func (c *Context) TensorType(shape []int64, elem Type, encoding Attribute) *RankedTensorType {
	var b strings.Builder
	b.WriteString("tensor<")
	dimsText(&b, shape)
	b.WriteString(elem.String())
	if encoding != nil {
		b.WriteString(", ")
		b.WriteString(encoding.String())
	}
	b.WriteByte('>')
	key := b.String()
	return c.internType(key, func() Type {
		return &RankedTensorType{Shape: append([]int64(nil), shape...), Elem: elem, Encoding: encoding, text: key}
	}).(*RankedTensorType)
}

func (c *Context) UnrankedTensorType(elem Type) *UnrankedTensorType {
	key := "tensor<*x" + elem.String() + ">"
	return c.internType(key, func() Type { return &UnrankedTensorType{Elem: elem, text: key} }).(*UnrankedTensorType)
}

func (c *Context) VectorType(shape []int64, elem Type) *VectorType {
	var b strings.Builder
	b.WriteString("vector<")
	dimsText(&b, shape)
	b.WriteString(elem.String())
	b.WriteByte('>')
	key := b.String()
	return c.internType(key, func() Type {
		return &VectorType{Shape: append([]int64(nil), shape...), Elem: elem, text: key}
	}).(*VectorType)
}

func (c *Context) ComplexType(elem Type) *ComplexType {
	key := "complex<" + elem.String() + ">"
	return c.internType(key, func() Type { return &ComplexType{Elem: elem, text: key} }).(*ComplexType)
}

func typeList(b *strings.Builder, ts []Type) {
	for i, t := range ts {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(t.String())
	}
}

func (c *Context) FunctionType(inputs, results []Type) *FunctionType {
	var b strings.Builder
	b.WriteByte('(')
	typeList(&b, inputs)
	b.WriteString(") -> ")
	// MLIR drops the parentheses around a single non-function result.
	if _, isFn := firstOrNil(results).(*FunctionType); len(results) == 1 && !isFn {
		b.WriteString(results[0].String())
	} else {
		b.WriteByte('(')
		typeList(&b, results)
		b.WriteByte(')')
	}
	key := b.String()
	return c.internType(key, func() Type {
		return &FunctionType{Inputs: append([]Type(nil), inputs...), Results: append([]Type(nil), results...), text: key}
	}).(*FunctionType)
}

func firstOrNil(ts []Type) Type {
	if len(ts) == 0 {
		return nil
	}
	return ts[0]
}

func (c *Context) TupleType(types []Type) *TupleType {
	var b strings.Builder
	b.WriteString("tuple<")
	typeList(&b, types)
	b.WriteByte('>')
	key := b.String()
	return c.internType(key, func() Type { return &TupleType{Types: append([]Type(nil), types...), text: key} }).(*TupleType)
}

// OpaqueType returns !dialect<body-text> for a dialect that has no type
// parser; body starts with '.' or '<'.
func (c *Context) OpaqueType(dialect, body string) *OpaqueType {
	key := "!" + dialect + body
	return c.internType(key, func() Type { return &OpaqueType{Dialect: dialect, Body: body, text: key} }).(*OpaqueType)
}

// InternDialectType uniques a dialect-defined type by its printed form:
// make is called only when no equal type exists yet.
func (c *Context) InternDialectType(text string, make func() DialectType) DialectType {
	return c.internType(text, func() Type { return make() }).(DialectType)
}
