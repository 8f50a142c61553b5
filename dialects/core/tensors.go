package core

import (
	"math"

	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// Constants as tensors, so that folders compute with the interpreter's
// kernels (internal/tensor) and folding and execution cannot disagree.

// DTypeOf is the tensor dtype that holds values of a float or integer
// element type: f16, bf16, f32, f64; i1 as Bool; signless and signed
// integers of 8, 16, 32 and 64 bits as the signed dtypes; ui8 and ui16 as
// U8 and U16. ok is false for any other type.
func DTypeOf(elem ir.Type) (tensor.DType, bool) {
	switch t := elem.(type) {
	case *ir.FloatType:
		switch t.Kind {
		case ir.F16:
			return tensor.F16, true
		case ir.BF16:
			return tensor.BF16, true
		case ir.F32:
			return tensor.F32, true
		case ir.F64:
			return tensor.F64, true
		}
	case *ir.IntegerType:
		if t.Width == 1 {
			return tensor.Bool, true
		}
		if t.Signedness == ir.Unsigned {
			switch t.Width {
			case 8:
				return tensor.U8, true
			case 16:
				return tensor.U16, true
			}
			break
		}
		switch t.Width {
		case 8:
			return tensor.I8, true
		case 16:
			return tensor.I16, true
		case 32:
			return tensor.I32, true
		case 64:
			return tensor.I64, true
		}
	}
	return tensor.Invalid, false
}

// denseTensor decodes a dense attribute; a splat decodes to a rank-0
// tensor when scalar is set (the caller broadcasts), else to its full
// shape. ok is false for element types without a dtype.
func denseTensor(d *ir.DenseElementsAttr, scalar bool) (*tensor.Tensor, bool) {
	dt, ok := DTypeOf(d.Type.ElementType())
	if !ok {
		return nil, false
	}
	shape := d.Type.Dims()
	n := int(numElements(shape))
	if d.Splat {
		n = 1
	}
	var t *tensor.Tensor
	var err error
	switch {
	case dt.IsFloat():
		v := make([]float64, n)
		for i := range v {
			v[i] = d.FloatAt(i)
		}
		t, err = tensor.FromSlice(tensor.F64, []int64{int64(n)}, v)
	case dt == tensor.Bool:
		v := make([]bool, n)
		for i := range v {
			v[i] = d.IntAt(i) != 0
		}
		t, err = tensor.FromSlice(tensor.Bool, []int64{int64(n)}, v)
	default:
		v := make([]int64, n)
		for i := range v {
			v[i] = d.IntAt(i)
		}
		t, err = tensor.FromSlice(tensor.I64, []int64{int64(n)}, v)
	}
	if err == nil && dt != t.DType() {
		t, err = tensor.Cast(t, dt) // exact: the values are dt's
	}
	if err != nil {
		return nil, false
	}
	if !d.Splat {
		t, err = tensor.ReshapeONNX(t, shape, true)
		return t, err == nil
	}
	if t, err = tensor.ReshapeONNX(t, []int64{}, false); err == nil && !scalar {
		t, err = tensor.BroadcastTo(t, shape)
	}
	return t, err == nil
}

// tensorAttr encodes t as a dense attribute of type rt, as a splat when
// splat is set (t then has one element). A NaN becomes the canonical quiet
// NaN, so folds do not depend on the host's NaN sign (x86 produces
// negative NaNs, arm64 positive ones).
func tensorAttr(ctx *ir.Context, rt *ir.RankedTensorType, t *tensor.Tensor, splat bool) *ir.DenseElementsAttr {
	n := t.Len()
	if splat {
		n = 1
	}
	w := ir.ElementByteWidth(rt.Elem)
	raw := make([]byte, 0, n*w)
	switch {
	case t.DType().IsFloat():
		ft, ok := rt.Elem.(*ir.FloatType)
		if !ok {
			return nil
		}
		for _, v := range t.Values()[:n] {
			if math.IsNaN(v) {
				v = math.NaN()
			}
			raw = ir.EncodeFloat(raw, ft.Kind, v)
		}
	case t.DType() == tensor.Bool:
		for _, b := range t.Bools()[:n] {
			raw = append(raw, boolByte(b))
		}
	default:
		for _, v := range t.IntValues()[:n] {
			raw = ir.EncodeInt(raw, v, w)
		}
	}
	return ctx.DenseElementsAttr(rt, raw)
}

func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}
