package quantize

import "math"

// Integer-arithmetic steps of quantized convolution, matrix product and
// addition, as ONNX Runtime's CPU kernels (MLAS) compute them, so that a
// quantized model run here gives ORT's stored values bit for bit.

// OutputScale32 is the multiplier that maps an int32 accumulator of
// input × weight products to output units: (inScale × wScale) / outScale
// in float32, left to right, as ORT's QLinearConv and QLinearMatMul form it.
func OutputScale32(inScale, wScale, outScale float64) float32 {
	return float32(float32(inScale)*float32(wScale)) / float32(outScale)
}

// RequantizeAcc maps an int32 accumulator (bias already added, in int32)
// to a stored output value: float32(acc) × scale in float32, rounded half
// to even, plus the zero point, saturated to [Min, Max] (MLAS's
// MlasRequantizeOutput, which clamps in float before the conversion; the
// bounds are integers, so clamping first or last is the same).
func (p Params) RequantizeAcc(acc int32, scale float32) int64 {
	return p.RequantizeAcc64(int64(acc), scale)
}

// RequantizeAcc64 is RequantizeAcc for an exact int64 accumulator (16-bit
// operands, whose sums pass int32): the same float32 product and rounding,
// float32(acc) being the nearest float32, as it is for an int32.
func (p Params) RequantizeAcc64(acc int64, scale float32) int64 {
	return p.Saturate(math.RoundToEven(float64(float32(float32(acc) * scale))))
}

// AddParams holds ORT's com.microsoft QLinearAdd arithmetic for one
// operand/result parameter set: c = round(a·ratioA + b·ratioB + k), where
// ratioA = sA/sC and ratioB = sB/sC in float32 and k = zC − (ratioA·zA +
// ratioB·zB), each product and sum a fused multiply-add or a float32 op
// as MLAS's AVX2 kernel (its default on x86-64) evaluates them.
type AddParams struct {
	RatioA, RatioB float32
	K              float32
	ZeroA, ZeroB   float32
	Out            Params // the result's zero point, range
}

// NewAddParams forms QLinearAdd's constants from the three parameter sets.
func NewAddParams(a, b, c Params) AddParams {
	ra := float32(a.Scale) / float32(c.Scale)
	rb := float32(b.Scale) / float32(c.Scale)
	za, zb := float32(a.ZeroPoint), float32(b.ZeroPoint)
	k := float32(c.ZeroPoint) - FMA32(ra, za, float32(rb*zb))
	return AddParams{RatioA: ra, RatioB: rb, K: k, ZeroA: za, ZeroB: zb, Out: c}
}

// Add is the stored result of stored a + stored b when both vary along
// the kernel's span: fma(a, ratioA, fma(b, ratioB, k)).
func (p AddParams) Add(a, b int64) int64 {
	v := FMA32(float32(a), p.RatioA, FMA32(float32(b), p.RatioB, p.K))
	return p.round(v)
}

// ScalarA folds a fixed a (broadcast over the span) into k: k + a·ratioA
// as a float32 product then a float32 sum, as the kernel does.
func (p AddParams) ScalarA(a int64) float32 { return p.K + float32(float32(a)*p.RatioA) }

// ScalarB is ScalarA for a fixed b.
func (p AddParams) ScalarB(b int64) float32 { return p.K + float32(float32(b)*p.RatioB) }

// AddToA is the result for a varying a and a k folded by ScalarB.
func (p AddParams) AddToA(a int64, k float32) int64 {
	return p.round(FMA32(float32(a), p.RatioA, k))
}

// AddToB is the result for a varying b and a k folded by ScalarA.
func (p AddParams) AddToB(b int64, k float32) int64 {
	return p.round(FMA32(float32(b), p.RatioB, k))
}

// round converts as the vector conversion does (half to even) and
// saturates; the zero point is already in k.
func (p AddParams) round(v float32) int64 {
	q := Params{Min: p.Out.Min, Max: p.Out.Max}
	return q.Saturate(math.RoundToEven(float64(v)))
}

// FMA32 is x·y + z rounded once to float32. The product of two float32
// values is exact in float64; the sum is made exact with TwoSum and
// rounded to odd in float64, which then rounds correctly to float32.
func FMA32(x, y, z float32) float32 {
	p := float64(x) * float64(y)
	zz := float64(z)
	s := p + zz
	if math.IsInf(s, 0) || math.IsNaN(s) {
		return float32(s)
	}
	bb := s - p
	e := (p - (s - bb)) + (zz - bb)
	if e != 0 && math.Float64bits(s)&1 == 0 {
		if e > 0 {
			s = math.Nextafter(s, math.Inf(1))
		} else {
			s = math.Nextafter(s, math.Inf(-1))
		}
	}
	return float32(s)
}
