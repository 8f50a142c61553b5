package quant

import (
	"github.com/mlc-go/mlc/internal/quantize"
	"github.com/mlc-go/mlc/ir"
)

// Params is one scale and zero point with the storage range they saturate
// to. The arithmetic, its rounding (half to even) and its NaN, ±Inf and
// saturation rules are internal/quantize's; these methods only convert.
type Params quantize.Params

func (p Params) q() quantize.Params { return quantize.Params(p) }

// Quantize maps x to a stored integer in float64 arithmetic
// (quantize.Params.Quantize).
func (p Params) Quantize(x float64) int64 { return p.q().Quantize(x) }

// Dequantize maps a stored integer to (q − ZeroPoint) × Scale in float64.
func (p Params) Dequantize(q int64) float64 { return p.q().Dequantize(q) }

// Quantize32 is Quantize in float32 arithmetic, as ONNX QuantizeLinear
// computes it for float32 inputs (quantize.Params.Quantize32).
func (p Params) Quantize32(x float32) int64 { return p.q().Quantize32(x) }

// Dequantize32 is ONNX DequantizeLinear for float32 outputs
// (quantize.Params.Dequantize32).
func (p Params) Dequantize32(q int64) float32 { return p.q().Dequantize32(q) }

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
	switch k {
	case ir.F64:
		return quantize.Requantize(in.q(), out.q(), q)
	case ir.F32:
		return quantize.Requantize32(in.q(), out.q(), q, nil)
	}
	return quantize.Requantize32(in.q(), out.q(), q, func(r float32) float32 {
		return float32(ir.RoundToFloatType(k, float64(r)))
	})
}
