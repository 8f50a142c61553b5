package tensor

import (
	"fmt"
	"math"
)

// DType is the element type of a Tensor.
//
// Storage per dtype (see Tensor):
//
//	F32 []float32   F64 []float64   F16, BF16 []uint16 (IEEE/bfloat bit patterns)
//	I8, I4 []int8   U8, U4 []uint8  I16 []int16   U16 []uint16
//	I32 []int32     I64 []int64     Bool []bool
//
// I4 and U4 are stored unpacked, one value per byte, always within
// [-8, 7] and [0, 15] respectively.
type DType uint8

const (
	Invalid DType = iota
	F32
	F64
	F16
	BF16
	I8
	U8
	I16
	U16
	I32
	I64
	Bool
	I4
	U4
	numDTypes
)

var dtypeNames = [numDTypes]string{
	Invalid: "invalid", F32: "f32", F64: "f64", F16: "f16", BF16: "bf16",
	I8: "i8", U8: "u8", I16: "i16", U16: "u16", I32: "i32", I64: "i64",
	Bool: "bool", I4: "i4", U4: "u4",
}

// String returns the short name of d ("f32", "i8", "bool", ...).
func (d DType) String() string {
	if d < numDTypes {
		return dtypeNames[d]
	}
	return fmt.Sprintf("dtype(%d)", uint8(d))
}

// ParseDType is the inverse of DType.String.
func ParseDType(s string) (DType, error) {
	for i := DType(1); i < numDTypes; i++ {
		if dtypeNames[i] == s {
			return i, nil
		}
	}
	return Invalid, fmt.Errorf("tensor: unknown dtype %q", s)
}

// Valid reports whether d is one of the defined element types.
func (d DType) Valid() bool { return d > Invalid && d < numDTypes }

// Size is the number of bytes one element occupies in memory (I4/U4: 1,
// as they are stored unpacked).
func (d DType) Size() int {
	switch d {
	case F64, I64:
		return 8
	case F32, I32:
		return 4
	case F16, BF16, I16, U16:
		return 2
	case I8, U8, Bool, I4, U4:
		return 1
	}
	return 0
}

// IsFloat reports whether d is a floating-point type.
func (d DType) IsFloat() bool { return d == F32 || d == F64 || d == F16 || d == BF16 }

// IsInt reports whether d is an integer type (not Bool).
func (d DType) IsInt() bool {
	switch d {
	case I8, U8, I16, U16, I32, I64, I4, U4:
		return true
	}
	return false
}

// IsSigned reports whether d is a signed integer or a float type.
func (d DType) IsSigned() bool {
	switch d {
	case I8, I16, I32, I64, I4, F32, F64, F16, BF16:
		return true
	}
	return false
}

// IntRange returns the inclusive value range of an integer dtype
// (Bool: [0, 1]). It panics for float types.
func (d DType) IntRange() (lo, hi int64) {
	switch d {
	case I8:
		return math.MinInt8, math.MaxInt8
	case U8:
		return 0, math.MaxUint8
	case I16:
		return math.MinInt16, math.MaxInt16
	case U16:
		return 0, math.MaxUint16
	case I32:
		return math.MinInt32, math.MaxInt32
	case I64:
		return math.MinInt64, math.MaxInt64
	case I4:
		return -8, 7
	case U4:
		return 0, 15
	case Bool:
		return 0, 1
	}
	panic("tensor: IntRange of non-integer dtype " + d.String())
}
