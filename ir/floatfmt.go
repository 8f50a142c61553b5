package ir

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"sync"
)

// FormatFloat prints v (a value of kind k) as MLIR's printer does
// (printFloatValue over APFloat::toString): six significant digits in
// exponent form when that text reads back to the same bits; else
// APFloat's default form when it contains a '.'; else the bit pattern in
// hexadecimal. The digit generation follows LLVM's algorithm exactly, so
// the text is the one mlir-opt prints, not merely an equivalent one.
func FormatFloat(k FloatKind, v float64) string {
	if !math.IsInf(v, 0) && !math.IsNaN(v) {
		p := floatPrecisionBits[k]
		s := apfloatToString(v, p, 6, 0, false)
		if back, err := ParseFloatIn(k, s); err == nil && FloatBits(k, back) == FloatBits(k, v) {
			return s
		}
		if s := apfloatToString(v, p, 0, 3, true); strings.IndexByte(s, '.') >= 0 {
			return s
		}
	}
	return "0x" + strings.ToUpper(strconv.FormatUint(FloatBits(k, v), 16))
}

var (
	bigTen  = big.NewInt(10)
	bigFive = big.NewInt(5)
)

// floatScratch is apfloatToString's working storage, pooled: printing a
// module formats every float attribute once, and fresh big integers per
// value were most of the printer's garbage.
type floatScratch struct {
	significand, pow, e big.Int
	digits              []byte
}

var floatScratchPool = sync.Pool{New: func() any { return new(floatScratch) }}

// apfloatToString is llvm::APFloat::toString for a value of a format with
// semanticsPrecision significand bits (v holds it exactly as a double).
func apfloatToString(v float64, semanticsPrecision, formatPrecision, formatMaxPadding int, truncateZero bool) string {
	var out strings.Builder
	if math.Signbit(v) {
		out.WriteByte('-')
	}
	bits := math.Float64bits(v)
	expField := int(bits >> 52 & 0x7FF)
	frac := bits & (1<<52 - 1)
	if expField == 0 && frac == 0 {
		if formatMaxPadding == 0 {
			if truncateZero {
				out.WriteString("0.0E+0")
			} else {
				out.WriteString("0.0")
				if formatPrecision > 1 {
					out.WriteString(strings.Repeat("0", formatPrecision-1))
				}
				out.WriteString("e+00")
			}
		} else {
			out.WriteByte('0')
		}
		return out.String()
	}
	// v = sig * 2^exp with sig the 53-bit significand.
	sig, exp := frac, expField-1075
	if expField == 0 {
		exp = -1074
	} else {
		sig |= 1 << 52
	}
	if formatPrecision == 0 {
		formatPrecision = 2 + semanticsPrecision*59/196
	}
	// Drop trailing binary zeros.
	for sig&1 == 0 {
		sig >>= 1
		exp++
	}
	sc := floatScratchPool.Get().(*floatScratch)
	defer floatScratchPool.Put(sc)
	significand := sc.significand.SetUint64(sig)
	// Change the exponent from 2^e to 10^e.
	if exp > 0 {
		significand.Lsh(significand, uint(exp))
		exp = 0
	} else if exp < 0 {
		// N * 2^-e == N * 5^e * 10^-e
		significand.Mul(significand, sc.pow.Exp(bigFive, sc.e.SetInt64(int64(-exp)), nil))
	}
	// First precision adjustment: drop decimal digits that cannot matter,
	// by truncating division (as APFloat does).
	if bitsNow, bitsRequired := significand.BitLen(), (formatPrecision*196+58)/59; bitsNow > bitsRequired {
		if tensRemovable := (bitsNow - bitsRequired) * 59 / 196; tensRemovable > 0 {
			exp += tensRemovable
			significand.Quo(significand, sc.pow.Exp(bigTen, sc.e.SetInt64(int64(tensRemovable)), nil))
		}
	}
	// Digits, least significant first, without trailing zeros.
	sc.digits = significand.Append(sc.digits[:0], 10)
	buffer := sc.digits
	for len(buffer) > 0 && buffer[len(buffer)-1] == '0' {
		buffer = buffer[:len(buffer)-1]
		exp++
	}
	for i, j := 0, len(buffer)-1; i < j; i, j = i+1, j-1 {
		buffer[i], buffer[j] = buffer[j], buffer[i]
	}
	// Second adjustment: round half up to formatPrecision digits.
	if n := len(buffer); n > formatPrecision {
		first := n - formatPrecision
		if buffer[first-1] < '5' {
			for first < n && buffer[first] == '0' {
				first++
			}
			exp += first
			buffer = buffer[first:]
		} else {
			for i := first; i != n; i++ {
				if buffer[i] == '9' {
					first++
				} else {
					buffer[i]++
					break
				}
			}
			exp += first
			if first == n {
				buffer = []byte{'1'}
			} else {
				buffer = buffer[first:]
			}
		}
	}
	nDigits := len(buffer)
	var scientific bool
	switch {
	case formatMaxPadding == 0:
		scientific = true
	case exp >= 0:
		scientific = exp > formatMaxPadding || nDigits+exp > formatPrecision
	default:
		if msd := exp + nDigits - 1; msd >= 0 {
			scientific = false
		} else {
			scientific = -msd > formatMaxPadding
		}
	}
	if scientific {
		exp += nDigits - 1
		out.WriteByte(buffer[nDigits-1])
		out.WriteByte('.')
		if nDigits == 1 && truncateZero {
			out.WriteByte('0')
		} else {
			for i := 1; i != nDigits; i++ {
				out.WriteByte(buffer[nDigits-1-i])
			}
		}
		if !truncateZero && formatPrecision > nDigits-1 {
			out.WriteString(strings.Repeat("0", formatPrecision-nDigits+1))
		}
		if truncateZero {
			out.WriteByte('E')
		} else {
			out.WriteByte('e')
		}
		if exp >= 0 {
			out.WriteByte('+')
		} else {
			out.WriteByte('-')
			exp = -exp
		}
		e := strconv.Itoa(exp)
		if !truncateZero && len(e) < 2 {
			out.WriteByte('0')
		}
		out.WriteString(e)
		return out.String()
	}
	if exp >= 0 {
		for i := 0; i != nDigits; i++ {
			out.WriteByte(buffer[nDigits-1-i])
		}
		out.WriteString(strings.Repeat("0", exp))
		return out.String()
	}
	nWhole := exp + nDigits
	i := 0
	if nWhole > 0 {
		for ; i != nWhole; i++ {
			out.WriteByte(buffer[nDigits-1-i])
		}
		out.WriteByte('.')
	} else {
		out.WriteString("0.")
		out.WriteString(strings.Repeat("0", -nWhole))
	}
	for ; i != nDigits; i++ {
		out.WriteByte(buffer[nDigits-1-i])
	}
	return out.String()
}
