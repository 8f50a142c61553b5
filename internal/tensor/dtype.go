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

// F16ToF32 converts an IEEE 754 binary16 bit pattern to float32 (exact).
func F16ToF32(h uint16) float32 {
	sign := uint32(h&0x8000) << 16
	exp := uint32(h>>10) & 0x1f
	mant := uint32(h & 0x3ff)
	switch {
	case exp == 0x1f: // inf / NaN
		return math.Float32frombits(sign | 0x7f800000 | mant<<13)
	case exp != 0: // normal
		return math.Float32frombits(sign | (exp+112)<<23 | mant<<13)
	case mant == 0:
		return math.Float32frombits(sign)
	}
	// subnormal: mant * 2^-24
	f := float32(mant) * (1.0 / (1 << 24))
	if sign != 0 {
		f = -f
	}
	return f
}

// F32ToF16 converts a float32 to binary16 with round-to-nearest-even.
// Overflow gives ±Inf; NaN stays NaN (quiet, with the top payload bits kept).
func F32ToF16(f float32) uint16 {
	b := math.Float32bits(f)
	sign := uint16(b>>16) & 0x8000
	exp := int(b>>23) & 0xff
	mant := b & 0x7fffff
	if exp == 0xff {
		if mant != 0 {
			return sign | 0x7e00 | uint16(mant>>13)
		}
		return sign | 0x7c00
	}
	e := exp - 127 + 15
	if e >= 0x1f {
		return sign | 0x7c00
	}
	if e <= 0 {
		if exp == 0 { // float32 zero or subnormal (< 2^-126): rounds to zero
			return sign
		}
		m := mant | 0x800000
		shift := uint(14 - e)
		if shift > 24 {
			return sign
		}
		hm := m >> shift
		rem := m & (1<<shift - 1)
		half := uint32(1) << (shift - 1)
		if rem > half || (rem == half && hm&1 == 1) {
			hm++
		}
		return sign | uint16(hm)
	}
	h := sign | uint16(e)<<10 | uint16(mant>>13)
	rem := mant & 0x1fff
	if rem > 0x1000 || (rem == 0x1000 && h&1 == 1) {
		h++ // a carry into the exponent is correct, up to Inf
	}
	return h
}

// BF16ToF32 converts a bfloat16 bit pattern to float32 (exact).
func BF16ToF32(h uint16) float32 { return math.Float32frombits(uint32(h) << 16) }

// F32ToBF16 converts a float32 to bfloat16 with round-to-nearest-even;
// NaN stays a quiet NaN.
func F32ToBF16(f float32) uint16 {
	b := math.Float32bits(f)
	if b&0x7fffffff > 0x7f800000 {
		return uint16(b>>16) | 0x40
	}
	return uint16((b + 0x7fff + (b>>16)&1) >> 16)
}
