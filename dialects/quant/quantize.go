package quant

import (
	"math"

	"github.com/mlc-go/mlc/ir"
)

// Params is one scale and zero point with the storage range they saturate
// to. The sign convention is MLIR's and ONNX's:
//
//	real = (q − ZeroPoint) × Scale
//	q    = clamp(round_half_even(real / Scale) + ZeroPoint, Min, Max)
//
// (QNN writes offset = −ZeroPoint.)
type Params struct {
	Scale     float64
	ZeroPoint int64
	Min, Max  int64
}

// saturate adds the zero point to an already rounded quotient r and clamps
// to [Min, Max]. NaN maps to the zero point. r is integral, so clamping
// before or after rounding gives the same result (as ONNX Runtime's
// vector kernels, which clamp first, and its scalar kernel, which clamps
// last).
func (p Params) saturate(r float64) int64 {
	if math.IsNaN(r) {
		return min(max(p.ZeroPoint, p.Min), p.Max)
	}
	v := r + float64(p.ZeroPoint) // exact: |r| < 2^53 or already far out of range
	if v <= float64(p.Min) {
		return p.Min
	}
	if v >= float64(p.Max) {
		return p.Max
	}
	return int64(v)
}

// Quantize maps x to a stored integer in float64 arithmetic: x / Scale
// rounded half to even, plus ZeroPoint, saturated to [Min, Max]. ±Inf
// saturate; NaN gives the zero point.
func (p Params) Quantize(x float64) int64 {
	return p.saturate(math.RoundToEven(x / p.Scale))
}

// Dequantize maps a stored integer to (q − ZeroPoint) × Scale in float64.
func (p Params) Dequantize(q int64) float64 {
	return float64(q-p.ZeroPoint) * p.Scale
}

// Quantize32 is Quantize computed as ONNX QuantizeLinear computes it for
// float32 inputs (and ONNX Runtime bit for bit): the scale is rounded to
// float32, the quotient x / scale is a float32 division (not a
// multiplication by the reciprocal), rounded half to even to an integer,
// then the zero point is added and the result saturated to [Min, Max].
// The only deviation from ONNX Runtime is NaN, which ONNX leaves undefined
// (its x86 kernels give Min); here NaN gives the zero point.
func (p Params) Quantize32(x float32) int64 {
	q := x / float32(p.Scale)
	return p.saturate(math.RoundToEven(float64(q)))
}

// Dequantize32 is ONNX DequantizeLinear for float32 outputs: the integer
// difference q − ZeroPoint converted to float32 (rounding to nearest even
// beyond 2^24) times the scale rounded to float32, in float32.
func (p Params) Dequantize32(q int64) float32 {
	return float32(q-p.ZeroPoint) * float32(p.Scale)
}

// QuantizeAs is the semantics of quant.qcast for an expressed type of kind
// k: float64 arithmetic for f64, float32 arithmetic (Quantize32) for f32,
// f16, bf16 and f8 inputs, whose values float32 holds exactly.
func (p Params) QuantizeAs(k ir.FloatKind, x float64) int64 {
	if k == ir.F64 {
		return p.Quantize(x)
	}
	return p.Quantize32(float32(x))
}

// DequantizeAs is the semantics of quant.dcast for an expressed type of
// kind k: float64 arithmetic for f64; otherwise Dequantize32 rounded once
// more, to k, for f16, bf16 and f8.
func (p Params) DequantizeAs(k ir.FloatKind, q int64) float64 {
	if k == ir.F64 {
		return p.Dequantize(q)
	}
	return ir.RoundToFloatType(k, float64(p.Dequantize32(q)))
}

// Requantize is the semantics of quant.requant: dequantize with in, round
// the real value to the expressed type k, quantize with out — exactly
// quant.dcast followed by quant.qcast.
func Requantize(k ir.FloatKind, in, out Params, q int64) int64 {
	return out.QuantizeAs(k, in.DequantizeAs(k, q))
}
