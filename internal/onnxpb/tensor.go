package onnxpb

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
)

// NumElements is the product of the dims, rejecting negative dims and
// products that overflow int64.
func (t *Tensor) NumElements() (int64, error) {
	return Product(t.Dims)
}

// Product multiplies dims, rejecting negative ones and overflow.
func Product(dims []int64) (int64, error) {
	n := uint64(1)
	for i, d := range dims {
		if d < 0 {
			return 0, fmt.Errorf("dim %d is negative (%d)", i, d)
		}
		hi, lo := bits.Mul64(n, uint64(d))
		if hi != 0 || lo > math.MaxInt64 {
			return 0, fmt.Errorf("element count overflows (dims %v)", dims)
		}
		n = lo
	}
	return int64(n), nil
}

// ByteSize is NumElements times the element size, with overflow checked.
func (t *Tensor) ByteSize() (int64, error) {
	n, err := t.NumElements()
	if err != nil {
		return 0, err
	}
	w := ElemSize(t.DataType)
	if w == 0 {
		return 0, fmt.Errorf("data type %s is not supported", DataTypeName(t.DataType))
	}
	hi, lo := bits.Mul64(uint64(n), uint64(w))
	if hi != 0 || lo > math.MaxInt64 {
		return 0, fmt.Errorf("byte size overflows (dims %v)", t.Dims)
	}
	return int64(lo), nil
}

// IsExternal reports whether the data lives in an external file.
func (t *Tensor) IsExternal() bool { return t.DataLocation == LocationExternal }

// Bytes returns the tensor's elements as little-endian bytes (i1 as one
// byte each): raw_data itself (aliasing the decoded buffer), or the typed
// *_data field converted once. The element count must match the dims
// exactly, which is checked before anything is allocated. External
// tensors are resolved by the caller.
func (t *Tensor) Bytes() ([]byte, error) {
	if t.IsExternal() {
		return nil, fmt.Errorf("tensor data is external")
	}
	if t.HasSegment {
		return nil, fmt.Errorf("segmented tensors are not supported")
	}
	size, err := t.ByteSize()
	if err != nil {
		return nil, err
	}
	n, _ := t.NumElements()
	if t.HasRawData {
		if int64(len(t.RawData)) != size {
			return nil, fmt.Errorf("raw_data holds %d bytes, but %s%v needs %d", len(t.RawData), DataTypeName(t.DataType), t.Dims, size)
		}
		return t.RawData, nil
	}
	var src []uint64
	field := ""
	info, _ := LookupDataType(t.DataType)
	switch info.Field {
	case FieldFloatData:
		src, field = t.FloatData, "float_data"
	case FieldInt32Data:
		src, field = t.Int32Data, "int32_data"
	case FieldInt64Data:
		src, field = t.Int64Data, "int64_data"
	case FieldDoubleData:
		src, field = t.DoubleData, "double_data"
	case FieldUint64Data:
		src, field = t.Uint64Data, "uint64_data"
	}
	if info.Class == ClassComplex || field == "" { // a complex element is two values
		return nil, fmt.Errorf("data type %s is not supported", DataTypeName(t.DataType))
	}
	if int64(len(src)) != n {
		return nil, fmt.Errorf("%s holds %d elements, but %s%v has %d", field, len(src), DataTypeName(t.DataType), t.Dims, n)
	}
	w := ElemSize(t.DataType)
	out := make([]byte, size)
	for i, v := range src {
		b := out[i*w : (i+1)*w]
		switch w {
		case 1:
			b[0] = byte(v)
			if t.DataType == DataBool && v != 0 {
				b[0] = 1
			}
		case 2:
			binary.LittleEndian.PutUint16(b, uint16(v))
		case 4:
			binary.LittleEndian.PutUint32(b, uint32(v))
		case 8:
			binary.LittleEndian.PutUint64(b, v)
		}
	}
	return out, nil
}
