package interp

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"

	"github.com/mlc-go/mlc/dialects/qnn"
	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// DTypeOf returns the tensor dtype that holds values of element type elem:
// the float and integer element types map to their dtypes (i1 to Bool,
// signless and signed integers to the signed dtypes, ui8/ui16 to U8/U16),
// and quantized types to their storage dtype (StorageDType).
func DTypeOf(elem ir.Type) (tensor.DType, error) {
	switch t := elem.(type) {
	case *ir.FloatType:
		switch t.Kind {
		case ir.F16:
			return tensor.F16, nil
		case ir.BF16:
			return tensor.BF16, nil
		case ir.F32:
			return tensor.F32, nil
		case ir.F64:
			return tensor.F64, nil
		}
	case *ir.IntegerType:
		if t.Width == 1 {
			return tensor.Bool, nil
		}
		if t.Signedness == ir.Unsigned {
			switch t.Width {
			case 8:
				return tensor.U8, nil
			case 16:
				return tensor.U16, nil
			}
			break
		}
		switch t.Width {
		case 8:
			return tensor.I8, nil
		case 16:
			return tensor.I16, nil
		case 32:
			return tensor.I32, nil
		case 64:
			return tensor.I64, nil
		}
	case quant.QuantizedType:
		return StorageDType(t)
	}
	return tensor.Invalid, fmt.Errorf("element type %s is not supported by the interpreter", elem)
}

// StorageDType returns the dtype that holds the stored integers of a
// quantized type: the narrowest of I4, I8, I16, I32 (signed storage) or U4,
// U8, U16, I64 (unsigned storage; u32 needs I64) that holds the storage
// type's full range. Storage integers are never wider than 32 bits.
func StorageDType(q quant.QuantizedType) (tensor.DType, error) {
	st, _, _, ok := quant.StorageOf(q)
	if !ok {
		return tensor.Invalid, fmt.Errorf("element type %s has no storage type", q)
	}
	w := st.Width
	if st.Signedness == ir.Unsigned {
		switch {
		case w <= 4:
			return tensor.U4, nil
		case w <= 8:
			return tensor.U8, nil
		case w <= 16:
			return tensor.U16, nil
		case w <= 32:
			return tensor.I64, nil
		}
	} else {
		switch {
		case w <= 4:
			return tensor.I4, nil
		case w <= 8:
			return tensor.I8, nil
		case w <= 16:
			return tensor.I16, nil
		case w <= 32:
			return tensor.I32, nil
		}
	}
	return tensor.Invalid, fmt.Errorf("%d-bit storage is not supported by the interpreter", w)
}

// typeShape returns the element type and shape of a value's type: a ranked
// tensor's dims (ir.Dynamic for '?'), nil dims and ranked=false for an
// unranked tensor, and a rank-0 shape for a scalar type.
func typeShape(t ir.Type) (elem ir.Type, dims []int64, ranked bool) {
	switch x := t.(type) {
	case *ir.RankedTensorType:
		return x.Elem, x.Shape, true
	case *ir.UnrankedTensorType:
		return x.ElementType(), nil, false
	case *ir.VectorType:
		return x.ElementType(), x.Dims(), true
	case *qnn.TensorType:
		return qnnStorage(x), x.Shape, true
	}
	return t, []int64{}, true
}

// CheckValue reports whether tensor v can be a value of type t: its dtype is
// DTypeOf(t's element type) and its shape matches t's static dims.
func CheckValue(t ir.Type, v *tensor.Tensor) error {
	elem, dims, ranked := typeShape(t)
	dt, err := DTypeOf(elem)
	if err != nil {
		return err
	}
	if v == nil {
		return fmt.Errorf("no value for %s", t)
	}
	if v.DType() != dt {
		return fmt.Errorf("has element type %s, but %s holds %s", v.DType(), t, dt)
	}
	if !ranked {
		return nil
	}
	shape := v.Shape()
	ok := len(shape) == len(dims)
	for i := 0; ok && i < len(dims); i++ {
		ok = dims[i] == ir.Dynamic || dims[i] == shape[i]
	}
	if !ok {
		return fmt.Errorf("has shape %s, but its type is %s", tensor.FormatShape(shape), t)
	}
	return nil
}

// describe formats a tensor's dtype and shape as "f32[2x3]".
func describe(v *tensor.Tensor) string {
	return v.DType().String() + tensor.FormatShape(v.Shape())
}

// ConstantTensor turns a constant attribute (dense<…> or
// dense_resource<…>, little-endian) into a tensor of the attribute's
// shape and element type (stored integers for quantized element types).
func ConstantTensor(a ir.Attribute) (*tensor.Tensor, error) {
	switch x := a.(type) {
	case *ir.DenseElementsAttr:
		return decodeRaw(x.Type.ElementType(), x.Type.Dims(), x.Raw, x.Splat)
	case *ir.DenseResourceAttr:
		st, ok := x.Type.(ir.StaticShaped)
		if !ok || !isStatic(st.Dims()) {
			return nil, fmt.Errorf("dense_resource<%s> needs a statically shaped type, got %s", x.Handle.Key, x.Type)
		}
		if x.Handle == nil || x.Handle.Data == nil {
			key := ""
			if x.Handle != nil {
				key = x.Handle.Key
			}
			return nil, fmt.Errorf("dense_resource<%s> has no data (missing from dialect_resources)", key)
		}
		return decodeRaw(st.ElementType(), st.Dims(), x.Handle.Data, false)
	case nil:
		return nil, fmt.Errorf("missing constant value")
	}
	return nil, fmt.Errorf("constant value %s is not a dense or dense_resource attribute", a)
}

func isStatic(dims []int64) bool {
	for _, d := range dims {
		if d < 0 {
			return false
		}
	}
	return true
}

// decodeRaw builds a tensor from little-endian elements (one element when
// splat) of the element type's byte width (i1: one byte).
func decodeRaw(elem ir.Type, dims []int64, raw []byte, splat bool) (*tensor.Tensor, error) {
	dt, err := DTypeOf(elem)
	if err != nil {
		return nil, err
	}
	w := ir.ElementByteWidth(elem)
	if q, ok := elem.(quant.QuantizedType); ok {
		st, _, _, _ := quant.StorageOf(q)
		w = ir.ElementByteWidth(st)
	}
	if w == 0 {
		return nil, fmt.Errorf("element type %s has no byte-sized encoding", elem)
	}
	shape := append([]int64{}, dims...)
	n64, err := tensor.NumElements(shape)
	if err != nil {
		return nil, err
	}
	n := int(n64)
	count := n
	if splat {
		count = 1
	}
	if len(raw) != count*w {
		return nil, fmt.Errorf("constant data has %d bytes, want %d for %s%s", len(raw), count*w, elem, tensor.FormatShape(shape))
	}
	out, err := tensor.Alloc(dt, shape)
	if err != nil {
		return nil, err
	}
	at := func(i int) []byte {
		if splat {
			i = 0
		}
		return raw[i*w : (i+1)*w]
	}
	le := binary.LittleEndian
	switch d := out.Data().(type) {
	case []float32:
		for i := range d {
			d[i] = math.Float32frombits(le.Uint32(at(i)))
		}
	case []float64:
		for i := range d {
			d[i] = math.Float64frombits(le.Uint64(at(i)))
		}
	case []uint16: // F16, BF16 bit patterns or U16
		for i := range d {
			d[i] = le.Uint16(at(i))
		}
	case []int8:
		lo, hi := dt.IntRange()
		for i := range d {
			v := int64(int8(at(i)[0]))
			if v < lo || v > hi {
				return nil, fmt.Errorf("constant element %d (%d) is outside the range of %s", i, v, dt)
			}
			d[i] = int8(v)
		}
	case []uint8:
		lo, hi := dt.IntRange()
		for i := range d {
			v := int64(at(i)[0])
			if v < lo || v > hi {
				return nil, fmt.Errorf("constant element %d (%d) is outside the range of %s", i, v, dt)
			}
			d[i] = uint8(v)
		}
	case []int16:
		for i := range d {
			d[i] = int16(le.Uint16(at(i)))
		}
	case []int32:
		for i := range d {
			d[i] = int32(le.Uint32(at(i)))
		}
	case []int64:
		for i := range d {
			b := at(i)
			switch w {
			case 4: // u32 storage held in I64
				d[i] = int64(le.Uint32(b))
			default:
				d[i] = int64(le.Uint64(b))
			}
		}
	case []bool:
		for i := range d {
			d[i] = at(i)[0] != 0
		}
	default:
		return nil, fmt.Errorf("constant of dtype %s is not supported", dt)
	}
	return out, nil
}

// cleanErr drops the kernel library's "tensor: " prefixes from a message
// (the diagnostic already names the op).
func cleanErr(err error) string {
	return strings.ReplaceAll(err.Error(), "tensor: ", "")
}
