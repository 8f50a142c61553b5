package interp

import (
	"fmt"

	qd "github.com/mlc-go/mlc/dialects/qnn"
	"github.com/mlc-go/mlc/internal/quantize"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// Convolutions, dense layers, matrix products and additions of the qnn
// dialect. On fixed point they take qexec.go's integer path, on the
// NCHW/OIHW (or [K, N]) views of QNN's NHWC/HWIO ([N, K]) data; on float
// they take the float core kernels.

// hwioToOIHW turns an HWIO (or depthwise [H, W, 1, C·m]) filter into the
// OIHW one of the core kernels.
var hwioToOIHW = []int{3, 2, 0, 1}

// weightScales returns a weight's scales and zero points: one pair for a
// per-tensor encoding, one per index of axis for a per-channel one.
func weightScales(t ir.Type, axis int) ([]float64, []int32, error) {
	q, ok := t.(*qd.TensorType)
	if !ok {
		return nil, nil, fmt.Errorf("expects fixed-point weights, got %s", t)
	}
	switch {
	case q.Encoding == qd.ScaleOffsetEncoding:
	case q.Encoding == qd.AxisScaleOffsetEncoding && q.Axis == axis:
	default:
		return nil, nil, fmt.Errorf("expects weights per tensor or per channel along axis %d, got %s", axis, t)
	}
	scales := make([]float64, len(q.ScaleOffsets))
	zeros := make([]int32, len(q.ScaleOffsets))
	for i, so := range q.ScaleOffsets {
		scales[i], zeros[i] = float64(so.Scale), int32(so.ZeroPoint())
	}
	return scales, zeros, nil
}

// qnnRequant builds the accumulator-to-output mapping: the bias operand
// (index bi, if present) is added in int32 when it is 32-bit fixed point
// of scale input × weight per channel with offset 0, else as real values.
func qnnRequant(c *opCall, x quantize.Params, wScales []float64, y quantize.Params, bi, channels int) (*requant, error) {
	r := &requant{out: y, mult: make([]float32, len(wScales)), accScale: make([]float32, len(wScales))}
	for i, s := range wScales {
		r.mult[i] = quantize.OutputScale32(x.Scale, s, y.Scale)
		r.accScale[i] = float32(float32(x.Scale) * float32(s))
	}
	if bi >= len(c.in) {
		return r, nil
	}
	b := c.in[bi]
	if b.Len() != channels {
		return nil, fmt.Errorf("expects a bias of %d values, got %d", channels, b.Len())
	}
	bt := c.op.Operand(bi).Type()
	if q, ok := bt.(*qd.TensorType); ok && int32Bias(q) {
		r.biasI = make([]int32, channels)
		for i, v := range b.IntValues() {
			r.biasI[i] = int32(v)
		}
		return r, nil
	}
	real, err := dequantizeQNN(b, bt)
	if err != nil {
		return nil, err
	}
	if real, err = tensor.Cast(real, tensor.F32); err != nil {
		return nil, err
	}
	r.biasF = real.Float32s()
	return r, nil
}

// int32Bias reports a bias held as the accumulator: 32-bit with offset 0
// (legalize-qnn checks that its scale is input × weight, as quant-fuse
// does for core.conv2d).
func int32Bias(q *qd.TensorType) bool {
	for _, so := range q.ScaleOffsets {
		if so.Offset != 0 {
			return false
		}
	}
	return q.DType.Bits() == 32
}

func storageOf(t ir.Type) (tensor.DType, error) {
	q, ok := t.(*qd.TensorType)
	if !ok {
		return tensor.Invalid, fmt.Errorf("expects a fixed-point type, got %s", t)
	}
	return DTypeOf(qnnStorage(q))
}

func qnnConv(depthwise bool) kernel {
	float := viaFloat(qnnConvFloat(depthwise))
	return func(c *opCall) ([]*tensor.Tensor, error) {
		if !qd.IsQuantized(c.op.Result(0).Type()) {
			return float(c)
		}
		xp, err := perTensorParams(c.op.Operand(0).Type(), "the input")
		if err != nil {
			return nil, err
		}
		yp, err := perTensorParams(c.op.Result(0).Type(), "the result")
		if err != nil {
			return nil, err
		}
		wScales, wZeros, err := weightScales(c.op.Operand(1).Type(), 3)
		if err != nil {
			return nil, err
		}
		x, w, p, err := convOperands(c, c.in[0], c.in[1], depthwise)
		if err != nil {
			return nil, err
		}
		shape, err := tensor.ConvIntegerOutShape(x.Shape(), w.Shape(), p)
		if err != nil {
			return nil, err
		}
		r, err := qnnRequant(c, xp, wScales, yp, 2, int(shape[1]))
		if err != nil {
			return nil, err
		}
		dt, err := storageOf(c.op.Result(0).Type())
		if err != nil {
			return nil, err
		}
		// The NCHW result is transposed to NHWC below: not recycled.
		y, err := c.convRequant(x, int32(xp.ZeroPoint), w, wZeros, nil, p, r, dt, shape, false)
		if err != nil {
			return nil, err
		}
		return one(nhwc(y))
	}
}

// convOperands gives the NCHW input, the OIHW filter and the geometry of
// a qnn convolution.
func convOperands(c *opCall, x, w *tensor.Tensor, depthwise bool) (*tensor.Tensor, *tensor.Tensor, tensor.Conv2DParams, error) {
	var p tensor.Conv2DParams
	if x.Rank() != 4 || w.Rank() != 4 {
		return nil, nil, p, fmt.Errorf("expects a 4-D NHWC input and a 4-D filter, got %s and %s", describe(x), describe(w))
	}
	g, err := qnnWindow(c, [2]int{int(w.Dim(0)), int(w.Dim(1))})
	if err != nil {
		return nil, nil, p, err
	}
	groups := int64(1)
	if depthwise {
		groups = x.Dim(3)
	} else if groups, err = c.qnnInt("group", 1); err != nil {
		return nil, nil, p, err
	}
	xn, err := nchw(x)
	if err != nil {
		return nil, nil, p, err
	}
	wn, err := tensor.Transpose(w, hwioToOIHW)
	if err != nil {
		return nil, nil, p, err
	}
	if depthwise { // [C·m, 1, H, W]: one input channel per group
		if wn, err = wn.Reshape(w.Dim(3), 1, w.Dim(0), w.Dim(1)); err != nil {
			return nil, nil, p, err
		}
	}
	p = tensor.Conv2DParams{Strides: g.stride, Dilations: g.dilation, Pads: g.pads, Groups: int(groups)}
	return xn, wn, p, nil
}

func qnnConvFloat(depthwise bool) floatKernel {
	return func(c *opCall, in []*tensor.Tensor) (*tensor.Tensor, error) {
		x, w, p, err := convOperands(c, in[0], in[1], depthwise)
		if err != nil {
			return nil, err
		}
		var b *tensor.Tensor
		if len(in) > 2 {
			b = in[2]
		}
		y, err := conv2D(x, w, b, p.Strides, p.Dilations, p.Pads, p.Groups)
		if err != nil {
			return nil, err
		}
		return nhwc(y)
	}
}

// fcOperands flattens the input to [M, K] and turns the [units, K]
// weights into the [K, units] of a matrix product.
func fcOperands(x, w *tensor.Tensor) (*tensor.Tensor, *tensor.Tensor, error) {
	if x.Rank() < 2 || w.Rank() != 2 {
		return nil, nil, fmt.Errorf("expects an input of rank 2 or more and 2-D weights, got %s and %s", describe(x), describe(w))
	}
	k := x.Dim(x.Rank() - 1)
	x2, err := x.Reshape(int64(x.Len())/max(k, 1), k)
	if err != nil {
		return nil, nil, err
	}
	wt, err := tensor.Transpose(w, []int{1, 0})
	return x2, wt, err
}

func qnnFullyConnected(c *opCall) ([]*tensor.Tensor, error) {
	out, err := c.resultShape(0)
	if err != nil {
		return nil, err
	}
	if !qd.IsQuantized(c.op.Result(0).Type()) {
		return viaFloat(func(c *opCall, in []*tensor.Tensor) (*tensor.Tensor, error) {
			x, w, err := fcOperands(in[0], in[1])
			if err != nil {
				return nil, err
			}
			y, err := matMul(x, w)
			if err == nil && len(in) > 2 {
				y, err = tensor.Binary(tensor.OpAdd, y, in[2])
			}
			if err != nil {
				return nil, err
			}
			return y.Reshape(out...)
		})(c)
	}
	x, w, err := fcOperands(c.in[0], c.in[1])
	if err != nil {
		return nil, err
	}
	return qnnGemm(c, x, w, 0, 2, out)
}

func qnnMatMul(c *opCall) ([]*tensor.Tensor, error) {
	a, b := c.in[0], c.in[1]
	swap := func(t *tensor.Tensor, flag string) (*tensor.Tensor, error) {
		on, err := c.bool(flag)
		if err != nil || !on {
			return t, err
		}
		perm := make([]int, t.Rank())
		for i := range perm {
			perm[i] = i
		}
		perm[len(perm)-1], perm[len(perm)-2] = perm[len(perm)-2], perm[len(perm)-1]
		return tensor.Transpose(t, perm)
	}
	if !qd.IsQuantized(c.op.Result(0).Type()) {
		return viaFloat(func(c *opCall, in []*tensor.Tensor) (*tensor.Tensor, error) {
			x, err := swap(in[0], "transpose_in0")
			if err != nil {
				return nil, err
			}
			y, err := swap(in[1], "transpose_in1")
			if err != nil {
				return nil, err
			}
			return matMul(x, y)
		})(c)
	}
	x, err := swap(a, "transpose_in0")
	if err != nil {
		return nil, err
	}
	y, err := swap(b, "transpose_in1")
	if err != nil {
		return nil, err
	}
	axis := b.Rank() - 1
	if on, _ := c.bool("transpose_in1"); on {
		axis = b.Rank() - 2
	}
	out, err := tensor.MatMulIntegerOutShape(x.Shape(), y.Shape())
	if err != nil {
		return nil, err
	}
	return qnnGemm(c, x, y, axis, -1, out)
}

// qnnGemm is the integer matrix product x · w (w [..., K, N] per channel
// along operand 1's axis wAxis), the bias operand bi (or none), giving
// the result's stored values in shape out.
func qnnGemm(c *opCall, x, w *tensor.Tensor, wAxis, bi int, out []int64) ([]*tensor.Tensor, error) {
	xp, err := perTensorParams(c.op.Operand(0).Type(), "in[0]")
	if err != nil {
		return nil, err
	}
	yp, err := perTensorParams(c.op.Result(0).Type(), "the result")
	if err != nil {
		return nil, err
	}
	wScales, wZeros, err := weightScales(c.op.Operand(1).Type(), wAxis)
	if err != nil {
		return nil, err
	}
	shape, err := tensor.MatMulIntegerOutShape(x.Shape(), w.Shape())
	if err != nil {
		return nil, err
	}
	cols := int(shape[len(shape)-1])
	if bi < 0 {
		bi = len(c.in)
	}
	r, err := qnnRequant(c, xp, wScales, yp, bi, cols)
	if err != nil {
		return nil, err
	}
	dt, err := storageOf(c.op.Result(0).Type())
	if err != nil {
		return nil, err
	}
	// Reshaped below: not recycled.
	y, err := c.matMulRequant(x, int32(xp.ZeroPoint), w, wZeros, r, dt, shape, false)
	if err != nil {
		return nil, err
	}
	return one(y.Reshape(out...))
}

func qnnAdd(c *opCall) ([]*tensor.Tensor, error) {
	if !qd.IsQuantized(c.op.Result(0).Type()) {
		return viaFloat(qnnBinary(tensor.OpAdd))(c)
	}
	var ps [3]quantize.Params
	for i, t := range []ir.Type{c.op.Operand(0).Type(), c.op.Operand(1).Type(), c.op.Result(0).Type()} {
		p, err := perTensorParams(t, "operands and result")
		if err != nil {
			return nil, err
		}
		ps[i] = p
	}
	dt, err := storageOf(c.op.Result(0).Type())
	if err != nil {
		return nil, err
	}
	return addStored(c, c.in[0], c.in[1], ps, dt)
}
