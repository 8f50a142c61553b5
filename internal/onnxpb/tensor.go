package onnxpb

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
)

// TensorProto.DataType codes.
const (
	DataUndefined  = 0
	DataFloat      = 1
	DataUint8      = 2
	DataInt8       = 3
	DataUint16     = 4
	DataInt16      = 5
	DataInt32      = 6
	DataInt64      = 7
	DataString     = 8
	DataBool       = 9
	DataFloat16    = 10
	DataDouble     = 11
	DataUint32     = 12
	DataUint64     = 13
	DataComplex64  = 14
	DataComplex128 = 15
	DataBFloat16   = 16
)

var dataTypeNames = map[int32]string{
	0: "UNDEFINED", 1: "FLOAT", 2: "UINT8", 3: "INT8", 4: "UINT16", 5: "INT16", 6: "INT32", 7: "INT64",
	8: "STRING", 9: "BOOL", 10: "FLOAT16", 11: "DOUBLE", 12: "UINT32", 13: "UINT64", 14: "COMPLEX64",
	15: "COMPLEX128", 16: "BFLOAT16", 17: "FLOAT8E4M3FN", 18: "FLOAT8E4M3FNUZ", 19: "FLOAT8E5M2",
	20: "FLOAT8E5M2FNUZ", 21: "UINT4", 22: "INT4", 23: "FLOAT4E2M1", 24: "FLOAT8E8M0",
}

// DataTypeName is the TensorProto.DataType name of code.
func DataTypeName(code int32) string {
	if s, ok := dataTypeNames[code]; ok {
		return s
	}
	return fmt.Sprintf("data type %d", code)
}

// ElemSize is the little-endian storage size of one element of a data
// type in raw_data, or 0 for types without a fixed byte size (strings,
// 4-bit types, unknown codes).
func ElemSize(code int32) int {
	switch code {
	case DataUint8, DataInt8, DataBool:
		return 1
	case DataUint16, DataInt16, DataFloat16, DataBFloat16:
		return 2
	case DataFloat, DataInt32, DataUint32:
		return 4
	case DataInt64, DataUint64, DataDouble, DataComplex64:
		return 8
	case DataComplex128:
		return 16
	}
	return 0
}

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
	switch t.DataType {
	case DataFloat:
		src, field = t.FloatData, "float_data"
	case DataInt32, DataInt16, DataInt8, DataUint16, DataUint8, DataBool, DataFloat16, DataBFloat16:
		src, field = t.Int32Data, "int32_data"
	case DataInt64:
		src, field = t.Int64Data, "int64_data"
	case DataDouble:
		src, field = t.DoubleData, "double_data"
	case DataUint32, DataUint64:
		src, field = t.Uint64Data, "uint64_data"
	default:
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
