package ir

import "math"

// The binary16 and bfloat16 codecs of the whole module: the tensor kernels
// (internal/tensor) call these, and attributes use them through
// HalfToFloat and FloatToBF16, so folding and execution cannot disagree.
// FloatToHalf (in attrs.go) is the one float64 entry point: it rounds
// once from float64, where going through float32 would round twice.

// HalfToFloat32 converts an IEEE 754 binary16 bit pattern to float32 (exact).
func HalfToFloat32(h uint16) float32 {
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

// Float32ToHalf converts a float32 to binary16 with round-to-nearest-even.
// Overflow gives ±Inf; NaN stays NaN (quiet, with the top payload bits kept).
func Float32ToHalf(f float32) uint16 {
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

// BF16ToFloat32 converts a bfloat16 bit pattern to float32 (exact).
func BF16ToFloat32(h uint16) float32 { return math.Float32frombits(uint32(h) << 16) }

// Float32ToBF16 converts a float32 to bfloat16 with round-to-nearest-even;
// NaN stays a quiet NaN.
func Float32ToBF16(f float32) uint16 {
	b := math.Float32bits(f)
	if b&0x7fffffff > 0x7f800000 {
		return uint16(b>>16) | 0x40
	}
	return uint16((b + 0x7fff + (b>>16)&1) >> 16)
}
