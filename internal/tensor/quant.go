package tensor

import (
	"fmt"

	"github.com/mlc-go/mlc/internal/quantize"
)

// quantLayout maps a flat index of x to the index of its scale / zero
// point: per tensor (one value), per axis (1-D scale of x.shape[axis]
// values) or blocked (scale of x's rank with ceil(d/blockSize) entries
// along axis, other dims equal to x's).
type quantLayout struct {
	perTensor bool
	d, inner  int // x viewed as (outer, d, inner) around axis
	blocked   bool
	bs        int // block size along axis (1 for per-axis)
	nb        int // scale entries along axis
	outerStep int // blocked: scale index step per outer index
}

func (l *quantLayout) index(i int) int {
	if l.perTensor {
		return 0
	}
	in := i % l.inner
	k := (i / l.inner) % l.d
	if !l.blocked {
		return k
	}
	o := i / (l.inner * l.d)
	return o*l.outerStep + (k/l.bs)*l.inner + in
}

func newQuantLayout(xs, ss []int64, axis, blockSize int) (*quantLayout, error) {
	n := 1
	for _, d := range ss {
		n *= int(d)
	}
	if blockSize < 0 {
		return nil, fmt.Errorf("tensor: negative block size %d", blockSize)
	}
	if blockSize == 0 && n == 1 && len(ss) <= 1 {
		return &quantLayout{perTensor: true}, nil
	}
	r := len(xs)
	if r == 0 {
		return nil, fmt.Errorf("tensor: scale of shape %s for a scalar input", FormatShape(ss))
	}
	ax, err := normAxis(axis, r)
	if err != nil {
		return nil, fmt.Errorf("quantize axis: %w", err)
	}
	_, d, inner := axisView(xs, ax)
	l := &quantLayout{d: d, inner: inner}
	if blockSize == 0 {
		if len(ss) != 1 || int(ss[0]) != d {
			return nil, fmt.Errorf("tensor: per-axis scale of shape %s, want [%d] (axis %d of %s)", FormatShape(ss), d, ax, FormatShape(xs))
		}
		l.bs, l.nb = 1, d
		return l, nil
	}
	nb := (d + blockSize - 1) / blockSize
	ok := len(ss) == r
	for i := 0; ok && i < r; i++ {
		if i == ax {
			ok = int(ss[i]) == nb
		} else {
			ok = ss[i] == xs[i]
		}
	}
	if !ok {
		return nil, fmt.Errorf("tensor: blocked scale of shape %s does not match input %s with block size %d on axis %d",
			FormatShape(ss), FormatShape(xs), blockSize, ax)
	}
	l.blocked, l.bs, l.nb, l.outerStep = true, blockSize, nb, nb*inner
	return l, nil
}

// QuantizeLinear is ONNX QuantizeLinear (opset 21 semantics, integer
// outputs):
//
//	y = saturate(round_half_to_even(x / scale) + zero_point)
//
// The division is done in float32 exactly as ONNX Runtime and the ONNX
// reference do (F16/BF16 inputs and scales are widened to float32 first,
// I32 inputs converted to float32; F64 inputs divide in float64), the
// quotient is rounded half to even, the zero point added and the result
// saturated to the output type's range: I8 [-128, 127], U8 [0, 255], I16,
// U16, I4 [-8, 7], U4 [0, 15], I32. Rounding, saturation and the NaN and
// ±Inf rules are internal/quantize's.
//
// scale (and zeroPoint, which may be nil) is a scalar or 1-element tensor
// (per tensor), a 1-D tensor of x.shape[axis] values (per axis), or with
// blockSize > 0 a tensor of x's rank holding ceil(x.shape[axis]/blockSize)
// entries along axis (blocked). The output dtype is zeroPoint's dtype, or
// outType when zeroPoint is nil (U8 when outType is Invalid). ONNX leaves
// non-positive scales undefined; they are used as given (0 gives ±Inf or NaN
// quotients, which saturate or map to the zero point).
func QuantizeLinear(x, scale, zeroPoint *Tensor, axis, blockSize int, outType DType) (*Tensor, error) {
	switch x.dtype {
	case F32, F16, BF16, F64, I32:
	default:
		return nil, fmt.Errorf("tensor: quantize_linear of %v", x.dtype)
	}
	if !scale.dtype.IsFloat() {
		return nil, fmt.Errorf("tensor: quantize_linear scale is %v, want a float type", scale.dtype)
	}
	if zeroPoint != nil {
		if outType != Invalid && outType != zeroPoint.dtype {
			return nil, fmt.Errorf("tensor: quantize_linear: output type %v but zero point is %v", outType, zeroPoint.dtype)
		}
		outType = zeroPoint.dtype
		if !ShapeEqual(zeroPoint.shape, scale.shape) && !(zeroPoint.Len() == 1 && scale.Len() == 1) {
			return nil, fmt.Errorf("tensor: quantize_linear: zero point shape %s differs from scale shape %s",
				FormatShape(zeroPoint.shape), FormatShape(scale.shape))
		}
	}
	if outType == Invalid {
		outType = U8
	}
	switch outType {
	case I8, U8, I16, U16, I4, U4, I32:
	default:
		return nil, fmt.Errorf("tensor: quantize_linear to %v is not supported", outType)
	}
	lay, err := newQuantLayout(x.shape, scale.shape, axis, blockSize)
	if err != nil {
		return nil, err
	}
	out, err := Alloc(outType, x.shape)
	if err != nil {
		return nil, err
	}
	lo, hi := outType.IntRange()
	ps := quantParams(scale, zeroPoint, lo, hi)
	n := x.Len()
	if x.dtype == F64 {
		xv := x.data.([]float64)
		for i := range n {
			out.setInt(i, ps[lay.index(i)].Quantize(xv[i]))
		}
		return out, nil
	}
	xv := float32Data(x)
	for i := range n {
		out.setInt(i, ps[lay.index(i)].Quantize32(xv[i]))
	}
	return out, nil
}

// quantParams gives the parameters of each scale entry: its scale (a
// float32 scale held exactly), its zero point (0 without a zero point
// tensor) and the range [lo, hi].
func quantParams(scale, zeroPoint *Tensor, lo, hi int64) []quantize.Params {
	sv := scale.Values()
	ps := make([]quantize.Params, len(sv))
	var zp []int64
	if zeroPoint != nil {
		zp = zeroPoint.IntValues()
	}
	for j, s := range sv {
		ps[j] = quantize.Params{Scale: s, Min: lo, Max: hi}
		if zp != nil {
			ps[j].ZeroPoint = zp[j]
		}
	}
	return ps
}

// DequantizeLinear is ONNX DequantizeLinear for integer inputs (I8, U8,
// I16, U16, I4, U4, I32):
//
//	y = (x - zero_point) * scale
//
// with x - zero_point exact in integers, converted to float32 and
// multiplied by the scale in float32 (as ONNX Runtime does); the result has
// the scale's dtype (F16/BF16 rounded from the float32 product; an F64
// scale multiplies in float64). Layouts of scale and zeroPoint (nil: 0) are
// as for QuantizeLinear; zeroPoint must have x's dtype.
func DequantizeLinear(x, scale, zeroPoint *Tensor, axis, blockSize int) (*Tensor, error) {
	switch x.dtype {
	case I8, U8, I16, U16, I4, U4, I32:
	default:
		return nil, fmt.Errorf("tensor: dequantize_linear of %v", x.dtype)
	}
	if !scale.dtype.IsFloat() {
		return nil, fmt.Errorf("tensor: dequantize_linear scale is %v, want a float type", scale.dtype)
	}
	if zeroPoint != nil {
		if zeroPoint.dtype != x.dtype {
			return nil, fmt.Errorf("tensor: dequantize_linear: zero point is %v, input is %v", zeroPoint.dtype, x.dtype)
		}
		if !ShapeEqual(zeroPoint.shape, scale.shape) && !(zeroPoint.Len() == 1 && scale.Len() == 1) {
			return nil, fmt.Errorf("tensor: dequantize_linear: zero point shape %s differs from scale shape %s",
				FormatShape(zeroPoint.shape), FormatShape(scale.shape))
		}
	}
	lay, err := newQuantLayout(x.shape, scale.shape, axis, blockSize)
	if err != nil {
		return nil, err
	}
	out, err := Alloc(scale.dtype, x.shape)
	if err != nil {
		return nil, err
	}
	ps := quantParams(scale, zeroPoint, 0, 0)
	n := x.Len()
	if scale.dtype == F64 {
		o := out.data.([]float64)
		for i := range n {
			o[i] = ps[lay.index(i)].Dequantize(x.intAt(i))
		}
		return out, nil
	}
	res := out
	if scale.dtype != F32 {
		res = &Tensor{dtype: F32, shape: x.shape, data: make([]float32, n)}
	}
	o := res.data.([]float32)
	for i := range n {
		o[i] = ps[lay.index(i)].Dequantize32(x.intAt(i))
	}
	if res != out {
		castInto(out, res)
	}
	return out, nil
}
