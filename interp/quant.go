package interp

import (
	"fmt"

	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// Kernel adapters of the quant dialect (docs/dialects/quant.md). Quantized
// values are tensors of stored integers; their parameters come from the
// SSA value's type. The arithmetic is internal/quantize's, through the quant
// package (Params.QuantizeAs, DequantizeAs, Requantize); it is bit-exact with ONNX QuantizeLinear and
// DequantizeLinear for f32: a float32 division by the float32 scale, round
// half to even, zero point added, saturation to the storage range.

// quantParams returns, for a tensor of the given shape whose element type
// is q (per tensor or per axis), the parameters of each linear element
// index, and q's expressed float kind.
func quantParams(q quant.QuantizedType, shape []int64) (func(i int) quant.Params, ir.FloatKind, error) {
	switch t := q.(type) {
	case *quant.UniformType:
		p := t.Params()
		return func(int) quant.Params { return p }, t.Expressed.Kind, nil
	case *quant.UniformPerAxisType:
		ax := t.Axis
		if ax >= len(shape) {
			return nil, 0, fmt.Errorf("quantized axis %d is out of range for shape %s", ax, tensor.FormatShape(shape))
		}
		d := int(shape[ax])
		if d != t.NumChannels() {
			return nil, 0, fmt.Errorf("dimension %d has size %d at run time, but %s has %d scales", ax, d, q, t.NumChannels())
		}
		inner := 1
		for _, s := range shape[ax+1:] {
			inner *= int(s)
		}
		ps := make([]quant.Params, d)
		for ch := range ps {
			ps[ch] = t.ParamsAt(ch)
		}
		return func(i int) quant.Params { return ps[(i/inner)%d] }, t.Expressed.Kind, nil
	case nil:
		return nil, 0, fmt.Errorf("expects a quantized element type")
	}
	return nil, 0, fmt.Errorf("%s has no scale and zero point", q)
}

// quantizeTensor quantizes float tensor x to the stored integers of q.
func quantizeTensor(x *tensor.Tensor, q quant.QuantizedType) (*tensor.Tensor, error) {
	dt, err := StorageDType(q)
	if err != nil {
		return nil, err
	}
	if !x.DType().IsFloat() {
		return nil, fmt.Errorf("quantizes float values, got %s", x.DType())
	}
	if l, ok := fastLayout(q, x.Shape()); ok && x.DType() == tensor.F32 && l.dt == dt {
		y := tensor.New(dt, x.Shape()...)
		quantizeStored(y, x.Float32s(), l)
		return y, nil
	}
	return quantizeGeneric(x, q)
}

// quantizeGeneric is quantizeTensor element by element (the fast paths'
// reference in tests).
func quantizeGeneric(x *tensor.Tensor, q quant.QuantizedType) (*tensor.Tensor, error) {
	dt, err := StorageDType(q)
	if err != nil {
		return nil, err
	}
	params, kind, err := quantParams(q, x.Shape())
	if err != nil {
		return nil, err
	}
	if !x.DType().IsFloat() {
		return nil, fmt.Errorf("quantizes float values, got %s", x.DType())
	}
	out := make([]int64, x.Len())
	if x.DType() == tensor.F32 && kind != ir.F64 {
		for i, v := range x.Float32s() {
			out[i] = params(i).Quantize32(v)
		}
	} else {
		for i, v := range x.Values() {
			out[i] = params(i).QuantizeAs(kind, v)
		}
	}
	return fromInt64(dt, x.Shape(), out)
}

// dequantizeTensor maps stored integers of q to real values of dtype dt.
func dequantizeTensor(x *tensor.Tensor, q quant.QuantizedType, dt tensor.DType) (*tensor.Tensor, error) {
	if !x.DType().IsInt() {
		return nil, fmt.Errorf("dequantizes stored integers, got %s", x.DType())
	}
	if l, ok := fastLayout(q, x.Shape()); ok && dt == tensor.F32 && x.DType() == l.dt {
		y := tensor.New(tensor.F32, x.Shape()...)
		dequantizeStored(y.Float32s(), x, l)
		return y, nil
	}
	return dequantizeGeneric(x, q, dt)
}

// dequantizeGeneric is dequantizeTensor element by element (the fast
// paths' reference in tests).
func dequantizeGeneric(x *tensor.Tensor, q quant.QuantizedType, dt tensor.DType) (*tensor.Tensor, error) {
	params, kind, err := quantParams(q, x.Shape())
	if err != nil {
		return nil, err
	}
	if !x.DType().IsInt() {
		return nil, fmt.Errorf("dequantizes stored integers, got %s", x.DType())
	}
	stored := x.IntValues()
	if dt == tensor.F32 && kind == ir.F32 {
		out := make([]float32, len(stored))
		for i, v := range stored {
			out[i] = params(i).Dequantize32(v)
		}
		return tensor.FromSlice(tensor.F32, x.Shape(), out)
	}
	out := make([]float64, len(stored))
	for i, v := range stored {
		out[i] = params(i).DequantizeAs(kind, v)
	}
	return fromFloat64(dt, x.Shape(), out)
}

func quantQCast(c *opCall) ([]*tensor.Tensor, error) {
	if out, ok := quantQCastFast(c); ok {
		return out, nil
	}
	return one(quantizeTensor(c.in[0], quant.ElementType(c.op.Result(0).Type())))
}

func quantDCast(c *opCall) ([]*tensor.Tensor, error) {
	if out, ok := quantDCastFast(c); ok {
		return out, nil
	}
	dt, err := c.resultDType(0)
	if err != nil {
		return nil, err
	}
	return one(dequantizeTensor(c.in[0], quant.ElementType(c.op.Operand(0).Type()), dt))
}

func quantRequant(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	in, kin, err := quantParams(quant.ElementType(c.op.Operand(0).Type()), x.Shape())
	if err != nil {
		return nil, err
	}
	qout := quant.ElementType(c.op.Result(0).Type())
	out, kout, err := quantParams(qout, x.Shape())
	if err != nil {
		return nil, err
	}
	if kin != kout {
		return nil, fmt.Errorf("expressed types differ")
	}
	dt, err := StorageDType(qout)
	if err != nil {
		return nil, err
	}
	stored := x.IntValues()
	for i, v := range stored {
		stored[i] = quant.Requantize(kin, in(i), out(i), v)
	}
	return one(fromInt64(dt, x.Shape(), stored))
}

// quantSCast reinterprets stored integers as integers of the other side's
// width and signedness (or back); the bits are unchanged.
func quantSCast(c *opCall) ([]*tensor.Tensor, error) {
	rt := c.resultElem(0)
	var width int
	var signed bool
	if q, ok := rt.(quant.QuantizedType); ok {
		st, _, _, ok := quant.StorageOf(q)
		if !ok {
			return nil, fmt.Errorf("%s has no storage type", q)
		}
		width, signed = st.Width, st.Signedness != ir.Unsigned
	} else if it, ok := rt.(*ir.IntegerType); ok {
		width, signed = it.Width, it.Signedness != ir.Unsigned
	} else {
		return nil, fmt.Errorf("result element type %s is neither quantized nor an integer", rt)
	}
	dt, err := c.resultDType(0)
	if err != nil {
		return nil, err
	}
	x := c.in[0]
	if !x.DType().IsInt() {
		return nil, fmt.Errorf("expects stored integers, got %s", x.DType())
	}
	if x.DType() == dt {
		// Same storage: every value already fits; the result is a view.
		return []*tensor.Tensor{x}, nil
	}
	vals := x.IntValues()
	for i, v := range vals {
		vals[i] = wrapBits(v, width, signed)
	}
	return one(fromInt64(dt, x.Shape(), vals))
}

// wrapBits keeps the low width bits of v, read as signed or unsigned.
func wrapBits(v int64, width int, signed bool) int64 {
	if width >= 64 {
		return v
	}
	v &= int64(1)<<width - 1
	if signed && v >= int64(1)<<(width-1) {
		v -= int64(1) << width
	}
	return v
}
