// Package quantize is the one copy of uniform (affine) quantization
// arithmetic: quantize, dequantize and requantize of single values. The
// quant and qnn dialects, their constant folders and the interpreter's
// kernels (internal/tensor QuantizeLinear / DequantizeLinear) all call it,
// so compile-time folding and execution cannot disagree.
//
// The convention is MLIR's and ONNX's:
//
//	real = (q − ZeroPoint) × Scale
//	q    = saturate(round_half_to_even(real / Scale) + ZeroPoint, [Min, Max])
//
// (QNN writes offset = −ZeroPoint.)
//
// Rounding is half to even, as ONNX QuantizeLinear and ONNX Runtime round
// (and as IEEE 754's default rounding does): a tie x.5 goes to the even
// neighbour, so rounding has no bias over many values.
//
// Saturation: the rounded quotient plus the zero point is clamped to
// [Min, Max], the storage range (or a narrower one, such as the narrow
// range [−127, 127] of symmetric i8). ONNX QuantizeLinear saturates the
// same way. Clamping the rounded value or rounding the clamped value gives
// the same integer, since the bounds are integers. ±Inf and finite values
// far out of range saturate to Max or Min.
//
// NaN: ONNX leaves it undefined and ONNX Runtime's kernels differ by
// instruction set (the x86 vector conversion gives Min). Here NaN gives
// the zero point, clamped to [Min, Max]: the stored value whose real value
// is (nearest to) 0, so a NaN never becomes an extreme that a later max or
// sum would propagate, and the result is always a valid stored value even
// when a zero point lies outside a narrowed range.
//
// Arithmetic: the float32 forms (Quantize32, Dequantize32) are what ONNX
// QuantizeLinear / DequantizeLinear and ONNX Runtime compute for float32,
// float16 and bfloat16 tensors, bit for bit: the scale rounded to float32,
// x / scale as a float32 division (not a multiplication by the
// reciprocal), and (q − ZeroPoint) converted to float32 before the float32
// product. The float64 forms do the same in float64.
package quantize

import "math"

// Params is one scale and zero point with the range of stored values they
// saturate to.
type Params struct {
	Scale     float64
	ZeroPoint int64
	Min, Max  int64
}

// Saturate is the one rounding tail of every quantization: r, an already
// rounded quotient (an integer-valued float, ±Inf or NaN), plus the zero
// point, clamped to [Min, Max]; NaN gives the clamped zero point.
func (p Params) Saturate(r float64) int64 {
	if math.IsNaN(r) {
		return min(max(p.ZeroPoint, p.Min), p.Max)
	}
	v := r + float64(p.ZeroPoint) // exact: |r| < 2^53, or far beyond any range
	if v <= float64(p.Min) {
		return p.Min
	}
	if v >= float64(p.Max) {
		return p.Max
	}
	return int64(v)
}

// Quantize maps x to a stored integer in float64 arithmetic.
func (p Params) Quantize(x float64) int64 {
	return p.Saturate(math.RoundToEven(x / p.Scale))
}

// Quantize32 maps x to a stored integer in float32 arithmetic, as ONNX
// QuantizeLinear does for float32 inputs.
func (p Params) Quantize32(x float32) int64 {
	q := x / float32(p.Scale)
	return p.Saturate(math.RoundToEven(float64(q)))
}

// Dequantize maps a stored integer to (q − ZeroPoint) × Scale in float64.
func (p Params) Dequantize(q int64) float64 {
	return float64(q-p.ZeroPoint) * p.Scale
}

// Dequantize32 maps a stored integer to its real value in float32, as
// ONNX DequantizeLinear does for float32 outputs: the exact integer
// difference converted to float32 (rounding to nearest even beyond 2^24),
// times the scale rounded to float32.
func (p Params) Dequantize32(q int64) float32 {
	return float32(q-p.ZeroPoint) * float32(p.Scale)
}

// Requantize maps q stored with in to the stored value of out through
// the real value in float64: out.Quantize(in.Dequantize(q)).
func Requantize(in, out Params, q int64) int64 {
	return out.Quantize(in.Dequantize(q))
}

// Requantize32 is Requantize in float32 arithmetic. When narrow is not nil
// it rounds the float32 real value to a narrower expressed type (float16,
// bfloat16, float8) before quantizing, as a dequantize to that type and a
// quantize from it would.
func Requantize32(in, out Params, q int64, narrow func(float32) float32) int64 {
	r := in.Dequantize32(q)
	if narrow != nil {
		r = narrow(r)
	}
	return out.Quantize32(r)
}

// StorageRange is the full range of a bits-wide stored integer:
// [−2^(bits−1), 2^(bits−1)−1] when signed, [0, 2^bits−1] when unsigned.
// 64-bit unsigned storage is clamped to MaxInt64; bits outside [1, 64]
// give [0, 0].
func StorageRange(bits int, signed bool) (lo, hi int64) {
	switch {
	case bits <= 0 || bits > 64:
		return 0, 0
	case bits == 64 && signed:
		return math.MinInt64, math.MaxInt64
	case bits == 64:
		return 0, math.MaxInt64
	case signed:
		return -(int64(1) << (bits - 1)), int64(1)<<(bits-1) - 1
	}
	return 0, int64(1)<<bits - 1
}
