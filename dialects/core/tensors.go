package core

import (
	le "encoding/binary"
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

// bitDTypes hold an element's bits by byte width, for data movement of
// element types the kernels have no dtype for (f8, index, ui32, ...).
var bitDTypes = map[int]tensor.DType{1: tensor.I8, 2: tensor.I16, 4: tensor.I32, 8: tensor.I64}

// bitsTensor decodes a dense attribute's elements as raw bit patterns
// (splats broadcast to the full shape).
func bitsTensor(d *ir.DenseElementsAttr) (*tensor.Tensor, bool) {
	w := ir.ElementByteWidth(d.Type.ElementType())
	dt, ok := bitDTypes[w]
	if !ok {
		return nil, false
	}
	n := int(numElements(d.Type.Dims()))
	if d.Splat {
		n = 1
	}
	v := make([]int64, n)
	for i := range v {
		b := d.Raw[i*w : (i+1)*w]
		switch w {
		case 1:
			v[i] = int64(int8(b[0]))
		case 2:
			v[i] = int64(int16(le.LittleEndian.Uint16(b)))
		case 4:
			v[i] = int64(int32(le.LittleEndian.Uint32(b)))
		default:
			v[i] = int64(le.LittleEndian.Uint64(b))
		}
	}
	t, err := tensor.FromSlice(tensor.I64, []int64{int64(n)}, v)
	if err == nil {
		t, err = tensor.Cast(t, dt)
	}
	if err == nil && d.Splat {
		if t, err = tensor.ReshapeONNX(t, []int64{}, false); err == nil {
			t, err = tensor.BroadcastTo(t, d.Type.Dims())
		}
	} else if err == nil {
		t, err = tensor.ReshapeONNX(t, d.Type.Dims(), true)
	}
	return t, err == nil
}
