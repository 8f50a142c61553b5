package onnxpb

import "fmt"

// TensorProto.DataType codes.
const (
	DataUndefined      = 0
	DataFloat          = 1
	DataUint8          = 2
	DataInt8           = 3
	DataUint16         = 4
	DataInt16          = 5
	DataInt32          = 6
	DataInt64          = 7
	DataString         = 8
	DataBool           = 9
	DataFloat16        = 10
	DataDouble         = 11
	DataUint32         = 12
	DataUint64         = 13
	DataComplex64      = 14
	DataComplex128     = 15
	DataBFloat16       = 16
	DataFloat8E4M3FN   = 17
	DataFloat8E4M3FNUZ = 18
	DataFloat8E5M2     = 19
	DataFloat8E5M2FNUZ = 20
	DataUint4          = 21
	DataInt4           = 22
	DataFloat4E2M1     = 23
	DataFloat8E8M0     = 24
)

// Class is the kind of value a data type holds.
type Class uint8

const (
	ClassNone     Class = iota // UNDEFINED
	ClassFloat                 // binary floating point, bfloat16 and the float8/float4 formats included
	ClassSigned                // two's complement integers
	ClassUnsigned              // unsigned integers
	ClassBool                  // one byte, 0 or 1
	ClassString                // bytes, in string_data
	ClassComplex               // pairs of floats
)

// TensorProto field numbers of the typed data fields.
const (
	FieldFloatData  = 4
	FieldInt32Data  = 5
	FieldStringData = 6
	FieldInt64Data  = 7
	FieldRawData    = 9
	FieldDoubleData = 10
	FieldUint64Data = 11
)

// DataType describes one TensorProto.DataType code.
type DataType struct {
	Code int32
	Name string // the enum name: "FLOAT", "BFLOAT16"
	// Elem is the short element name: the name internal/tensor gives
	// its DType ("f32", "u8", "bool", "i4") where it has one.
	Elem  string
	Bits  int // bits per element in raw_data (4-bit types pack two a byte); 0 for strings
	Class Class
	// Field is the typed data field that holds the elements when
	// raw_data is absent (FieldFloatData, FieldInt32Data, …).
	Field int
}

// dataTypes is the DataType table, indexed by code (onnx/onnx.proto).
var dataTypes = [...]DataType{
	{DataUndefined, "UNDEFINED", "", 0, ClassNone, 0},
	{DataFloat, "FLOAT", "f32", 32, ClassFloat, FieldFloatData},
	{DataUint8, "UINT8", "u8", 8, ClassUnsigned, FieldInt32Data},
	{DataInt8, "INT8", "i8", 8, ClassSigned, FieldInt32Data},
	{DataUint16, "UINT16", "u16", 16, ClassUnsigned, FieldInt32Data},
	{DataInt16, "INT16", "i16", 16, ClassSigned, FieldInt32Data},
	{DataInt32, "INT32", "i32", 32, ClassSigned, FieldInt32Data},
	{DataInt64, "INT64", "i64", 64, ClassSigned, FieldInt64Data},
	{DataString, "STRING", "string", 0, ClassString, FieldStringData},
	{DataBool, "BOOL", "bool", 8, ClassBool, FieldInt32Data},
	{DataFloat16, "FLOAT16", "f16", 16, ClassFloat, FieldInt32Data},
	{DataDouble, "DOUBLE", "f64", 64, ClassFloat, FieldDoubleData},
	{DataUint32, "UINT32", "u32", 32, ClassUnsigned, FieldUint64Data},
	{DataUint64, "UINT64", "u64", 64, ClassUnsigned, FieldUint64Data},
	{DataComplex64, "COMPLEX64", "c64", 64, ClassComplex, FieldFloatData},
	{DataComplex128, "COMPLEX128", "c128", 128, ClassComplex, FieldDoubleData},
	{DataBFloat16, "BFLOAT16", "bf16", 16, ClassFloat, FieldInt32Data},
	{DataFloat8E4M3FN, "FLOAT8E4M3FN", "f8e4m3fn", 8, ClassFloat, FieldInt32Data},
	{DataFloat8E4M3FNUZ, "FLOAT8E4M3FNUZ", "f8e4m3fnuz", 8, ClassFloat, FieldInt32Data},
	{DataFloat8E5M2, "FLOAT8E5M2", "f8e5m2", 8, ClassFloat, FieldInt32Data},
	{DataFloat8E5M2FNUZ, "FLOAT8E5M2FNUZ", "f8e5m2fnuz", 8, ClassFloat, FieldInt32Data},
	{DataUint4, "UINT4", "u4", 4, ClassUnsigned, FieldInt32Data},
	{DataInt4, "INT4", "i4", 4, ClassSigned, FieldInt32Data},
	{DataFloat4E2M1, "FLOAT4E2M1", "f4e2m1", 4, ClassFloat, FieldInt32Data},
	{DataFloat8E8M0, "FLOAT8E8M0", "f8e8m0", 8, ClassFloat, FieldInt32Data},
}

// LookupDataType describes code; ok is false for codes the table does
// not know.
func LookupDataType(code int32) (DataType, bool) {
	if code < 0 || int(code) >= len(dataTypes) {
		return DataType{}, false
	}
	return dataTypes[code], true
}

// DataTypeByElem is the data type whose short element name is elem.
func DataTypeByElem(elem string) (DataType, bool) {
	for _, dt := range dataTypes {
		if dt.Elem == elem && elem != "" {
			return dt, true
		}
	}
	return DataType{}, false
}

// DataTypeName is the TensorProto.DataType name of code.
func DataTypeName(code int32) string {
	if dt, ok := LookupDataType(code); ok {
		return dt.Name
	}
	return fmt.Sprintf("data type %d", code)
}

// ElemSize is the little-endian storage size of one element of a data
// type in raw_data, or 0 for types without a whole byte size (strings,
// 4-bit types, unknown codes).
func ElemSize(code int32) int {
	dt, _ := LookupDataType(code)
	return dt.Bits / 8
}
