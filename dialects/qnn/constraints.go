package qnn

import (
	"fmt"
	"strings"

	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/ir"
)

// tensorOf accepts a !qnn.tensor or a statically shaped builtin tensor
// whose QNN data type is one of allowed.
func tensorOf(allowed ...DataType) ods.TypeConstraint {
	set := map[DataType]bool{}
	names := make([]string, len(allowed))
	for i, d := range allowed {
		set[d] = true
		names[i] = d.String()
	}
	return ods.TypeConstraint{
		Name: "QNN tensor of " + strings.Join(names, ", ") + " values",
		Match: func(t ir.Type) bool {
			if _, ok := ShapeOf(t); !ok {
				return false
			}
			d, ok := DataTypeOf(t)
			return ok && set[d]
		},
	}
}

// Type constraints of qnn operands and results.
var (
	fixedTypes = []DataType{UFixed8, UFixed16, SFixed8, SFixed16}
	// activation: QNN's 8/16-bit fixed point and half/single float.
	activation = tensorOf(append(fixedTypes, Float16, Float32)...)
	// arithmetic: activations plus int32 (index arithmetic).
	arithmetic = tensorOf(append(fixedTypes, Float16, Float32, Int32)...)
	// weight: activations plus 4-bit fixed point.
	weight = tensorOf(append([]DataType{UFixed4, SFixed4}, append(fixedTypes, Float16, Float32)...)...)
	// bias: 32-bit integer or fixed point, 8/16-bit fixed point, float.
	bias     = tensorOf(append([]DataType{Int32, SFixed32, UFixed32}, append(fixedTypes, Float16, Float32)...)...)
	anyQNN   = tensorOf(dataTypeOrder...)
	indices  = tensorOf(Int32, UInt32)
	floats   = tensorOf(Float16, Float32)
	fixed    = tensorOf(UFixed4, UFixed8, UFixed16, UFixed32, SFixed4, SFixed8, SFixed16, SFixed32)
	plain    = tensorOf(Float16, Float32, Int8, Int16, Int32, Int64, UInt8, UInt16, UInt32, UInt64, Bool8)
	floatFix = tensorOf(append([]DataType{UFixed4, SFixed4, UFixed32, SFixed32}, append(fixedTypes, Float16, Float32)...)...)
)

// Attribute constraints beyond ods's.
var (
	// i64Matrix is a 2-D dense<...> : tensor<NxMxi64>, QNN's 2-D uint32 /
	// int32 parameter tensors (pad_amount, ranges).
	i64Matrix = ods.AttrConstraint{Name: "2-D i64 dense elements attribute", Match: func(a ir.Attribute) bool {
		d, ok := a.(*ir.DenseElementsAttr)
		return ok && ir.IsInteger(d.Type.ElementType(), 64) && len(d.Type.Dims()) == 2
	}}
	roundingMode       = ods.EnumAttr("floor", "ceil")
	padScheme          = ods.EnumAttr("constant", "mirror_symmetric", "mirror_reflect", "edge")
	transformationMode = ods.EnumAttr("half_pixel", "pytorch_half_pixel", "align_corners", "asymmetric")
	interpolationMode  = ods.EnumAttr("nearest", "linear", "cubic")
	nearestMode        = ods.EnumAttr("round_prefer_floor", "round_prefer_ceil", "floor", "ceil")
)

// EnumValues maps each string-valued enum parameter to QNN's uint32 codes
// (QNN_OP_<OP>_<PARAM>_<VALUE> in QnnOpDef.h), for serialization.
var EnumValues = map[string]map[string]uint32{
	"rounding_mode":       {"floor": 0, "ceil": 1},
	"scheme":              {"constant": 0, "mirror_symmetric": 1, "mirror_reflect": 2, "edge": 3},
	"transformation_mode": {"half_pixel": 0, "pytorch_half_pixel": 1, "align_corners": 2, "asymmetric": 3},
	"interpolation_mode":  {"nearest": 0, "linear": 1, "cubic": 2},
	"nearest_mode":        {"round_prefer_floor": 0, "round_prefer_ceil": 1, "floor": 2, "ceil": 3},
}

// ---- element-type and encoding rules shared by the verifiers ----

// precision classes: ops compute in one of them.
type precision uint8

const (
	precFixed precision = iota
	precFloat
	precInt
	precBool
)

func precisionOf(d DataType) precision {
	switch {
	case d.IsFixedPoint():
		return precFixed
	case d.IsFloat():
		return precFloat
	case d == Bool8:
		return precBool
	}
	return precInt
}

// val names operand i, or the result when i < 0.
func val(op *ir.Operation, i int) (ir.Type, string) {
	if i < 0 {
		return op.Result(0).Type(), "the result"
	}
	return op.Operand(i).Type(), fmt.Sprintf("operand #%d", i)
}

func dtype(t ir.Type) DataType { d, _ := DataTypeOf(t); return d }

// samePrecision requires the named values to be all fixed point (any
// width and encoding) or all of one float / integer data type.
func samePrecision(op *ir.Operation, idx ...int) error {
	t0, n0 := val(op, idx[0])
	d0 := dtype(t0)
	for _, i := range idx[1:] {
		t, n := val(op, i)
		d := dtype(t)
		if precisionOf(d) != precisionOf(d0) || (precisionOf(d0) != precFixed && d != d0) {
			return fmt.Errorf("%s (%s) and %s (%s) must both be fixed point or share one float or integer type; convert with qnn.Quantize, qnn.Dequantize or qnn.Cast", n0, d0, n, d)
		}
	}
	return nil
}

// sameDataType requires the named values to have one data type (their
// encodings may differ).
func sameDataType(op *ir.Operation, idx ...int) error {
	t0, n0 := val(op, idx[0])
	for _, i := range idx[1:] {
		t, n := val(op, i)
		if dtype(t) != dtype(t0) {
			return fmt.Errorf("%s has data type %s, but %s has %s", n, dtype(t), n0, dtype(t0))
		}
	}
	return nil
}

// perTensor requires a scale-offset encoding on fixed-point values:
// activations are never per-channel or block encoded in QNN.
func perTensor(op *ir.Operation, idx ...int) error {
	for _, i := range idx {
		t, n := val(op, i)
		if q, ok := t.(*TensorType); ok && q.Encoding != ScaleOffsetEncoding {
			return fmt.Errorf("%s must use a per-tensor scale/offset encoding, got %s", n, q.Encoding)
		}
	}
	return nil
}

// channelAxis requires a per-channel encoding of operand i to be along
// axis (block encodings are accepted as they are).
func channelAxis(op *ir.Operation, i int, axis int, what string) error {
	if q, ok := op.Operand(i).Type().(*TensorType); ok && q.Encoding == AxisScaleOffsetEncoding && q.Axis != axis {
		return fmt.Errorf("per-channel %s must be quantized along axis %d (output channels), got axis %d", what, axis, q.Axis)
	}
	return nil
}

// biasPrecision: a float op takes a bias of its float type; a fixed-point
// op takes an int32, sfixed32/ufixed32 or 8/16-bit fixed-point bias,
// per-tensor or per-channel along axis 0.
func biasPrecision(op *ir.Operation, bi int) error {
	if op.NumOperands() <= bi {
		return nil
	}
	in := dtype(op.Operand(0).Type())
	b := dtype(op.Operand(bi).Type())
	if in.IsFloat() {
		if b != in {
			return fmt.Errorf("operand #%d (bias) must be %s like the input, got %s", bi, in, b)
		}
		return nil
	}
	if !b.IsFixedPoint() && b != Int32 {
		return fmt.Errorf("operand #%d (bias) of a fixed-point op must be int32 or fixed point, got %s", bi, b)
	}
	return channelAxis(op, bi, 0, "bias")
}

// all lists operand indices 0..n-1 then the result (-1).
func all(op *ir.Operation) []int {
	out := make([]int, 0, op.NumOperands()+1)
	for i := 0; i < op.NumOperands(); i++ {
		out = append(out, i)
	}
	return append(out, -1)
}
