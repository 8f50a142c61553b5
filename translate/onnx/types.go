package onnx

import (
	"fmt"
	"math"
	"slices"

	"github.com/mlc-go/mlc/internal/onnxpb"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// irFloats are the float element types the importer supports, by the
// DataType table's element name.
var irFloats = map[string]ir.FloatKind{"f16": ir.F16, "bf16": ir.BF16, "f32": ir.F32, "f64": ir.F64}

// elemType maps an ONNX TensorProto.DataType to the builtin element type
// the torch dialect uses for it: floats of 16 to 64 bits, bool as i1 and
// integers of 8 to 64 bits (4-bit, float8, complex and string types are
// not supported).
func elemType(ctx *ir.Context, code int32) (ir.Type, error) {
	dt, _ := onnxpb.LookupDataType(code)
	switch dt.Class {
	case onnxpb.ClassFloat:
		if k, ok := irFloats[dt.Elem]; ok {
			return ctx.FloatType(k), nil
		}
	case onnxpb.ClassBool:
		return ctx.I(1), nil
	case onnxpb.ClassSigned:
		if dt.Bits >= 8 {
			return ctx.I(dt.Bits), nil
		}
	case onnxpb.ClassUnsigned:
		if dt.Bits >= 8 {
			return ctx.IntegerType(dt.Bits, ir.Unsigned), nil
		}
	}
	return nil, fmt.Errorf("element type %s is not supported", onnxpb.DataTypeName(code))
}

// isFloatType reports whether t is a float element type.
func isFloatType(t ir.Type) bool { return ir.IsFloat(t) }

// isBool reports whether t is i1.
func isBool(t ir.Type) bool { return ir.IsInteger(t, 1) }

// isIntType reports whether t is an integer element type other than i1.
func isIntType(t ir.Type) bool {
	it, ok := t.(*ir.IntegerType)
	return ok && it.Width > 1
}

// isUnsigned reports whether t is an unsigned integer type.
func isUnsigned(t ir.Type) bool {
	it, ok := t.(*ir.IntegerType)
	return ok && it.Signedness == ir.Unsigned
}

// maxRank bounds tensor ranks: real models stay far below it, and a
// hostile rank would make every op on the tensor quadratic.
const maxRank = 64

// checkShape rejects shapes that no tensor can have: a rank above
// maxRank, or static dims whose element or byte count overflows int64
// (later passes and the interpreter multiply them).
func checkShape(dims []int64, elemBytes int64) error {
	if len(dims) > maxRank {
		return fmt.Errorf("tensors of rank %d are not supported (at most %d)", len(dims), maxRank)
	}
	if slices.Contains(dims, 0) {
		return nil
	}
	static := slices.DeleteFunc(slices.Clone(dims), func(d int64) bool { return d < 0 })
	n, err := onnxpb.Product(static)
	if err != nil {
		return fmt.Errorf("shape [%s] has more elements than fit in int64", fmtShape(dims))
	}
	if elemBytes > 1 && n > math.MaxInt64/elemBytes {
		return fmt.Errorf("shape [%s] has more bytes than fit in int64", fmtShape(dims))
	}
	return nil
}

// checkType is checkShape for a tensor type.
func checkType(t *ir.RankedTensorType) error {
	return checkShape(t.Shape, int64(max(1, ir.ElementByteWidth(t.Elem))))
}

// dimsOf is a tensor type's shape (ir.Dynamic for '?').
func dimsOf(t *ir.RankedTensorType) []int64 { return t.Shape }

// isStatic reports whether no dim is dynamic.
func isStatic(dims []int64) bool {
	for _, d := range dims {
		if d < 0 {
			return false
		}
	}
	return true
}

// normAxis turns a possibly negative axis into [0, rank).
func normAxis(axis int64, rank int) (int, error) {
	a, ok := tensor.WrapAxis(axis, rank)
	if !ok {
		return 0, fmt.Errorf("axis %d is out of range for rank %d", axis, rank)
	}
	return a, nil
}

// fmtShape prints dims as 1x?x3.
func fmtShape(dims []int64) string {
	s := ""
	for i, d := range dims {
		if i > 0 {
			s += "x"
		}
		if d < 0 {
			s += "?"
		} else {
			s += fmt.Sprint(d)
		}
	}
	if s == "" {
		return "scalar"
	}
	return s
}
