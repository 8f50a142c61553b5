package interp

import (
	"fmt"

	"github.com/mlc-go/mlc/internal/quantize"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// Kernel adapters of the trt dialect (docs/dialects/trt.md): TensorRT's
// layers as the dialect defines them. Q/DQ follow TensorRT's explicit
// quantization: symmetric (zero point 0), round half to even, saturation
// to the storage range, in float32 arithmetic (internal/quantize), so a
// legalised function computes what its QDQ core form computes.
func init() {
	for name, k := range map[string]kernel{
		"trt.activation":      trtActivation,    // relu, sigmoid, tanh, clip, gelu, ... with alpha/beta
		"trt.cast":            trtCast,          // element type conversion (core.cast's rules)
		"trt.concatenation":   trtConcat,        // join along axis (default rank-3)
		"trt.constant":        trtConstant,      // weights
		"trt.convolution":     trtConvolution,   // 2-D/3-D NCHW·KCRS, groups, dilation, padding modes
		"trt.deconvolution":   trtDeconvolution, // 2-D transposed convolution, CKRS
		"trt.dequantize":      trtDequantize,    // q·scale, per tensor or per channel
		"trt.element_wise":    trtElementWise,   // binary arithmetic, logic, comparison
		"trt.gather":          trtGather,        // default, element and nd modes, elementwise batch
		"trt.identity":        trtCast,          // copy, converting to the result type
		"trt.matrix_multiply": trtMatMul,        // batched with none/transpose/vector operations
		"trt.normalization":   trtNormalization, // layer/instance/group norm with scale, bias
		"trt.padding":         trtPadding,       // zero pad or crop the two innermost dims
		"trt.pooling":         trtPooling,       // 2-D max, average, blend; 3-D max, average
		"trt.quantize":        trtQuantize,      // saturate(round_half_even(x/scale))
		"trt.reduce":          trtReduce,        // sum/prod/max/min/avg over a bitmask
		"trt.resize":          trtResize,        // nearest/linear/cubic, separable
		"trt.select":          trtSelect,        // cond ? then : else
		"trt.shape":           trtShape,         // dims as i64
		"trt.shuffle":         trtShuffle,       // transpose, reshape, transpose
		"trt.slice":           trtSlice,         // strided window with sample modes
		"trt.softmax":         trtSoftmax,       // softmax along one axis
		"trt.topk":            trtTopK,          // k largest/smallest with i32 indices
		"trt.unary":           trtUnary,         // pointwise math and logic
	} {
		kernels[name] = k
	}
}

func (c *opCall) trtInts(name string, n int, def int64) ([]int64, error) {
	if d, ok := c.op.InherentAttr(name).(*ir.DenseArrayAttr); ok {
		if n >= 0 && len(d.Ints) != n {
			return nil, fmt.Errorf("'%s' has %d values, expected %d", name, len(d.Ints), n)
		}
		return d.Ints, nil
	}
	out := make([]int64, max(n, 0))
	for i := range out {
		out[i] = def
	}
	return out, nil
}

func (c *opCall) trtInt(name string, def int64) int64 {
	if a, ok := c.op.InherentAttr(name).(*ir.IntegerAttr); ok {
		return a.Value
	}
	return def
}

func (c *opCall) trtFloat(name string, def float64) float64 {
	if a, ok := c.op.InherentAttr(name).(*ir.FloatAttr); ok {
		return a.Value
	}
	return def
}

func (c *opCall) trtStr(name, def string) string {
	if a, ok := c.op.InherentAttr(name).(*ir.StringAttr); ok {
		return a.Value
	}
	return def
}

func (c *opCall) trtBool(name string, def bool) bool {
	if a, ok := c.op.InherentAttr(name).(*ir.BoolAttr); ok {
		return a.Value
	}
	return def
}

func (c *opCall) trtAxes(rank int) ([]int, error) {
	m := c.trtInt("axes", 0)
	var out []int
	for i := 0; i < rank; i++ {
		if m&(1<<i) != 0 {
			out = append(out, i)
		}
	}
	if len(out) == 0 || m>>rank != 0 {
		return nil, fmt.Errorf("axes bitmask %d does not select axes of a rank-%d tensor", m, rank)
	}
	return out, nil
}

// toResult converts a computed tensor to the op's result element type.
func (c *opCall) toResult(t *tensor.Tensor, err error) ([]*tensor.Tensor, error) {
	if err != nil {
		return nil, err
	}
	dt, err := c.resultDType(0)
	if err != nil {
		return nil, err
	}
	if t.DType() != dt {
		if t, err = tensor.Cast(t, dt); err != nil {
			return nil, err
		}
	}
	return []*tensor.Tensor{t}, nil
}

func trtConstant(c *opCall) ([]*tensor.Tensor, error) {
	return one(ConstantTensor(c.op.InherentAttr("weights")))
}

func trtCast(c *opCall) ([]*tensor.Tensor, error) { return c.toResult(c.in[0], nil) }

// qdqScales returns the scale of each element of x (per tensor or along
// axis), read as float32 as TensorRT's float32 scale tensor holds it.
func qdqScales(c *opCall, x *tensor.Tensor) (func(i int) float64, error) {
	s := c.in[1].Values()
	if len(s) == 1 {
		v := float64(float32(s[0]))
		return func(int) float64 { return v }, nil
	}
	axis := int(c.trtInt("axis", 0))
	if axis < 0 {
		axis += x.Rank()
	}
	if axis < 0 || axis >= x.Rank() || int(x.Dim(axis)) != len(s) {
		return nil, fmt.Errorf("%d scales do not match axis %d of %s", len(s), axis, describe(x))
	}
	_, n, inner := dimView(x.Shape(), axis)
	return func(i int) float64 { return float64(float32(s[(i/inner)%n])) }, nil
}

func trtQuantize(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	dt, err := c.resultDType(0)
	if err != nil {
		return nil, err
	}
	if !x.DType().IsFloat() || !dt.IsInt() {
		return nil, fmt.Errorf("quantizes float to integer tensors, got %s to %s", x.DType(), dt)
	}
	scale, err := qdqScales(c, x)
	if err != nil {
		return nil, err
	}
	lo, hi := dt.IntRange()
	out := make([]int64, x.Len())
	for i, v := range x.Values() {
		out[i] = quantize.Params{Scale: scale(i), Min: lo, Max: hi}.Quantize32(float32(v))
	}
	return one(fromInt64(dt, x.Shape(), out))
}

func trtDequantize(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	if !x.DType().IsInt() {
		return nil, fmt.Errorf("dequantizes integer tensors, got %s", x.DType())
	}
	scale, err := qdqScales(c, x)
	if err != nil {
		return nil, err
	}
	out := make([]float32, x.Len())
	for i, q := range x.IntValues() {
		out[i] = quantize.Params{Scale: scale(i)}.Dequantize32(q)
	}
	return c.toResult(tensor.FromSlice(tensor.F32, x.Shape(), out))
}
