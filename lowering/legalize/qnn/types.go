package qnn

import (
	"fmt"

	qd "github.com/mlc-go/mlc/dialects/qnn"
	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/ir"
)

// fixedTypes maps a quantized storage (width, signed) to the QNN
// fixed-point data type that holds it.
var fixedTypes = map[[2]int]qd.DataType{
	{4, 0}: qd.UFixed4, {8, 0}: qd.UFixed8, {16, 0}: qd.UFixed16, {32, 0}: qd.UFixed32,
	{4, 1}: qd.SFixed4, {8, 1}: qd.SFixed8, {16, 1}: qd.SFixed16, {32, 1}: qd.SFixed32,
}

func signedBit(t *ir.IntegerType) int {
	if t.Signedness == ir.Unsigned {
		return 0
	}
	return 1
}

// qnnTensor converts a tensor type whose elements are !quant.uniform (per
// tensor or per axis) into the !qnn.tensor of the same shape: the QNN
// fixed-point data type of the storage, scale rounded to QNN's float32 and
// offset = −zero_point. Other types are returned as they are (QNN writes
// float, integer and bool tensors as builtin tensors).
func qnnTensor(ctx *ir.Context, t ir.Type) (ir.Type, error) {
	rt, ok := t.(*ir.RankedTensorType)
	if !ok {
		return t, nil
	}
	q := quant.ElementType(t)
	if q == nil {
		return t, nil
	}
	if !rt.HasStaticShape() {
		return nil, fmt.Errorf("%s has a dynamic shape; QNN tensors are static", t)
	}
	st, _, _, ok := quant.StorageOf(q)
	if !ok {
		return nil, fmt.Errorf("%s has no storage type", q)
	}
	dt, ok := fixedTypes[[2]int{st.Width, signedBit(st)}]
	if !ok {
		return nil, fmt.Errorf("no QNN fixed-point data type holds %d-bit storage", st.Width)
	}
	switch q := q.(type) {
	case *quant.UniformType:
		so, err := qd.ScaleOffsetFromZeroPoint(q.Scale, q.ZeroPoint)
		if err != nil {
			return nil, err
		}
		return qd.NewTensorType(ctx, rt.Shape, dt, so)
	case *quant.UniformPerAxisType:
		sos := make([]qd.ScaleOffset, len(q.Scales))
		for i := range sos {
			so, err := qd.ScaleOffsetFromZeroPoint(q.Scales[i], q.ZeroPoints[i])
			if err != nil {
				return nil, err
			}
			sos[i] = so
		}
		return qd.NewPerAxisTensorType(ctx, rt.Shape, dt, q.Axis, sos)
	}
	return nil, fmt.Errorf("%s has no scale and zero point", q)
}

// narrowed reports whether a quantized element type saturates to less
// than its storage type's range (i8<-127:127>): a !qnn.tensor cannot say
// so, so only static data (never re-quantized) may use it.
func narrowed(q quant.QuantizedType) bool {
	st, lo, hi, ok := quant.StorageOf(q)
	if !ok {
		return false
	}
	dlo, dhi := quant.DefaultStorageRange(st)
	return lo != dlo || hi != dhi
}

// shapeOf is the static shape of a builtin or qnn tensor type.
func shapeOf(t ir.Type) []int64 { s, _ := qd.ShapeOf(t); return s }

// withShape is t (a builtin tensor or a per-tensor !qnn.tensor) on
// another shape; a per-axis !qnn.tensor keeps its pairs on the axis axisTo
// (-1: the encoding cannot follow, an error).
func withShape(ctx *ir.Context, t ir.Type, shape []int64, axisTo int) (ir.Type, error) {
	switch t := t.(type) {
	case *qd.TensorType:
		if t.Encoding == qd.AxisScaleOffsetEncoding {
			if axisTo < 0 {
				return nil, fmt.Errorf("the per-axis encoding of %s cannot follow the new shape", t)
			}
			return qd.NewPerAxisTensorType(ctx, shape, t.DType, axisTo, t.ScaleOffsets)
		}
		return t.WithShape(ctx, shape)
	case *ir.RankedTensorType:
		return ctx.TensorType(shape, t.Elem, t.Encoding), nil
	}
	return nil, fmt.Errorf("%s is not a tensor type", t)
}

// permuted applies perm to shape: out[i] = shape[perm[i]].
func permuted(shape, perm []int64) []int64 {
	out := make([]int64, len(perm))
	for i, p := range perm {
		out[i] = shape[p]
	}
	return out
}

// inversePerm is the permutation that undoes perm.
func inversePerm(perm []int64) []int64 {
	inv := make([]int64, len(perm))
	for i, p := range perm {
		inv[p] = int64(i)
	}
	return inv
}

// transposedType is t permuted by perm, a per-axis encoding moving with
// its axis.
func transposedType(ctx *ir.Context, t ir.Type, perm []int64) (ir.Type, error) {
	axis := -1
	if q, ok := t.(*qd.TensorType); ok && q.Encoding == qd.AxisScaleOffsetEncoding {
		axis = int(inversePerm(perm)[q.Axis])
	}
	return withShape(ctx, t, permuted(shapeOf(t), perm), axis)
}

// Layout permutations between PyTorch's NCHW / OIHW and QNN's NHWC / HWIO.
var (
	toNHWC = []int64{0, 2, 3, 1}
	toNCHW = []int64{0, 3, 1, 2}
	toHWIO = []int64{2, 3, 1, 0}
)
