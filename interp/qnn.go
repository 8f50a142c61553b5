package interp

import (
	"fmt"
	"math"

	qd "github.com/mlc-go/mlc/dialects/qnn"
	"github.com/mlc-go/mlc/internal/quantize"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// Kernels of the qnn dialect (docs/dialects/qnn.md). A !qnn.tensor value
// is a tensor of its stored integers (ufixed8 as U8, sfixed8 as I8, …,
// sfixed32 as I32); activations are NHWC and filters HWIO. The arithmetic
// is that of the quantized core ops legalize-qnn converts, so that a
// model runs to the same stored values before and after legalisation:
//
//   - Conv2d, DepthWiseConv2d, FullyConnected, MatMul on fixed point: the
//     integer path of qexec.go (int32 accumulation, an int32 bias, the
//     float32 multiplier (s_in × s_w) / s_out, round half to even,
//     saturation), on the NCHW/OIHW views of the NHWC/HWIO data.
//   - ElementWiseAdd on fixed point: QLinearAdd, as core.add's quantized form.
//   - every other op on fixed point: dequantize each input (float32, as
//     quant.dcast), the float kernel of the core op it stands for,
//     quantize to the result's encoding (as quant.qcast) — what the
//     quantizer's QDQ form computes.
//
// QNN's encoding real = (q + offset) × scale is internal/quantize's with
// zero point −offset; scales are float32, as the core kernels round them.

func init() {
	for name, k := range map[string]kernel{
		"qnn.Conv2d":                qnnConv(false),
		"qnn.DepthWiseConv2d":       qnnConv(true),
		"qnn.TransposeConv2d":       viaFloat(qnnTransposeConv),
		"qnn.FullyConnected":        qnnFullyConnected,
		"qnn.MatMul":                qnnMatMul,
		"qnn.ElementWiseAdd":        qnnAdd,
		"qnn.ElementWiseSubtract":   viaFloat(qnnBinary(tensor.OpSub)),
		"qnn.ElementWiseMultiply":   viaFloat(qnnBinary(tensor.OpMul)),
		"qnn.ElementWiseDivide":     viaFloat(qnnBinary(tensor.OpDiv)),
		"qnn.ElementWiseMaximum":    viaFloat(qnnBinary(tensor.OpMax)),
		"qnn.ElementWiseMinimum":    viaFloat(qnnBinary(tensor.OpMin)),
		"qnn.Prelu":                 viaFloat(qnnPrelu),
		"qnn.Relu":                  viaFloat(qnnUnary(tensor.OpRelu)),
		"qnn.Relu6":                 viaFloat(qnnClip(0, 6)),
		"qnn.ReluMinMax":            viaFloat(qnnReluMinMax),
		"qnn.Gelu":                  viaFloat(qnnUnary(tensor.OpGeluErf)),
		"qnn.Sigmoid":               viaFloat(qnnUnary(tensor.OpSigmoid)),
		"qnn.Tanh":                  viaFloat(qnnUnary(tensor.OpTanh)),
		"qnn.HardSwish":             viaFloat(qnnHardSwish),
		"qnn.Softmax":               viaFloat(qnnSoftmax),
		"qnn.LayerNorm":             viaFloat(qnnLayerNorm),
		"qnn.PoolAvg2d":             viaFloat(qnnPool(true)),
		"qnn.PoolMax2d":             viaFloat(qnnPool(false)),
		"qnn.Reshape":               viaFloat(qnnReshape),
		"qnn.Transpose":             viaFloat(qnnTranspose),
		"qnn.Concat":                viaFloat(qnnConcat),
		"qnn.StridedSlice":          viaFloat(qnnStridedSlice),
		"qnn.Gather":                viaFloat(qnnGather),
		"qnn.Pad":                   viaFloat(qnnPad),
		"qnn.Resize":                viaFloat(qnnResize),
		"qnn.ReduceMean":            viaFloat(qnnReduce(tensor.ReduceMean)),
		"qnn.ReduceSum":             viaFloat(qnnReduce(tensor.ReduceSum)),
		"qnn.ReduceMax":             viaFloat(qnnReduce(tensor.ReduceMax)),
		"qnn.ReduceMin":             viaFloat(qnnReduce(tensor.ReduceMin)),
		"qnn.ReduceProd":            viaFloat(qnnReduce(tensor.ReduceProd)),
		"qnn.ElementWisePower":      viaFloat(qnnBinary(tensor.OpPow)),
		"qnn.ElementWiseExp":        viaFloat(qnnUnary(tensor.OpExp)),
		"qnn.ElementWiseLog":        viaFloat(qnnUnary(tensor.OpLog)),
		"qnn.ElementWiseSquareRoot": viaFloat(qnnUnary(tensor.OpSqrt)),
		"qnn.ElementWiseRsqrt":      viaFloat(qnnUnary(tensor.OpRsqrt)),
		"qnn.ElementWiseNeg":        viaFloat(qnnUnary(tensor.OpNeg)),
		"qnn.ElementWiseAbs":        viaFloat(qnnUnary(tensor.OpAbs)),
		"qnn.ElementWiseSin":        viaFloat(qnnUnary(tensor.OpSin)),
		"qnn.ElementWiseCos":        viaFloat(qnnUnary(tensor.OpCos)),
		"qnn.ElementWiseFloor":      viaFloat(qnnUnary(tensor.OpFloor)),
		"qnn.ElementWiseCeil":       viaFloat(qnnUnary(tensor.OpCeil)),
		"qnn.Quantize":              viaFloat(func(_ *opCall, in []*tensor.Tensor) (*tensor.Tensor, error) { return in[0], nil }),
		"qnn.Dequantize":            viaFloat(func(_ *opCall, in []*tensor.Tensor) (*tensor.Tensor, error) { return in[0], nil }),
		"qnn.Convert":               viaFloat(func(_ *opCall, in []*tensor.Tensor) (*tensor.Tensor, error) { return in[0], nil }),
		"qnn.Cast":                  qnnCast,
		"qnn.StaticTensor":          qnnStatic,
	} {
		kernels[name] = k
	}
	constantOps["qnn.StaticTensor"] = true
}

// qnnStorageTypes stand for each fixed-point data type's stored integers.
var qnnStorageTypes = map[qd.DataType]*ir.IntegerType{
	qd.UFixed8: {Width: 8, Signedness: ir.Unsigned}, qd.SFixed8: {Width: 8, Signedness: ir.Signless},
	qd.UFixed16: {Width: 16, Signedness: ir.Unsigned}, qd.SFixed16: {Width: 16, Signedness: ir.Signless},
	qd.UFixed32: {Width: 32, Signedness: ir.Unsigned}, qd.SFixed32: {Width: 32, Signedness: ir.Signless},
	qd.UFixed4: {Width: 4, Signedness: ir.Unsigned}, qd.SFixed4: {Width: 4, Signedness: ir.Signless},
}

// qnnStorage is the element type holding a !qnn.tensor's stored values
// (typeShape reads !qnn.tensor through it).
func qnnStorage(t *qd.TensorType) ir.Type { return qnnStorageTypes[t.DType] }

// qnnParams returns the quantization parameters of each linear element
// index of a fixed-point tensor type.
func qnnParams(t *qd.TensorType) (func(i int) quantize.Params, error) {
	lo, hi := t.DType.StorageRange()
	pair := func(so qd.ScaleOffset) quantize.Params {
		return quantize.Params{Scale: float64(so.Scale), ZeroPoint: so.ZeroPoint(), Min: lo, Max: hi}
	}
	switch t.Encoding {
	case qd.ScaleOffsetEncoding:
		p := pair(t.ScaleOffsets[0])
		return func(int) quantize.Params { return p }, nil
	case qd.AxisScaleOffsetEncoding:
		inner := 1
		for _, d := range t.Shape[t.Axis+1:] {
			inner *= int(d)
		}
		n := int(t.Shape[t.Axis])
		ps := make([]quantize.Params, n)
		for i, so := range t.ScaleOffsets {
			ps[i] = pair(so)
		}
		return func(i int) quantize.Params { return ps[(i/inner)%n] }, nil
	}
	return nil, fmt.Errorf("%s encodings are not supported by the interpreter", t.Encoding)
}

// perTensorParams is the single pair of a per-tensor fixed-point type.
func perTensorParams(t ir.Type, what string) (quantize.Params, error) {
	q, ok := t.(*qd.TensorType)
	if !ok || q.Encoding != qd.ScaleOffsetEncoding {
		return quantize.Params{}, fmt.Errorf("expects %s in fixed point with a per-tensor encoding, got %s", what, t)
	}
	p, _ := qnnParams(q)
	return p(0), nil
}

// dequantizeQNN maps stored values of type t to float32 real values
// (quant.dcast's arithmetic); a tensor of any other type is returned as it is.
func dequantizeQNN(x *tensor.Tensor, t ir.Type) (*tensor.Tensor, error) {
	q, ok := t.(*qd.TensorType)
	if !ok {
		return x, nil
	}
	params, err := qnnParams(q)
	if err != nil {
		return nil, err
	}
	stored := x.IntValues()
	out := make([]float32, len(stored))
	for i, v := range stored {
		out[i] = params(i).Dequantize32(v)
	}
	return tensor.FromSlice(tensor.F32, x.Shape(), out)
}

// quantizeQNN maps real values to the stored values of type t (quant.qcast's
// arithmetic); for a builtin result type the values are converted to it.
func quantizeQNN(y *tensor.Tensor, t ir.Type) (*tensor.Tensor, error) {
	q, ok := t.(*qd.TensorType)
	if !ok {
		elem, _, _ := typeShape(t)
		dt, err := DTypeOf(elem)
		if err != nil {
			return nil, err
		}
		if y.DType() == dt {
			return y, nil
		}
		return tensor.Cast(y, dt)
	}
	params, err := qnnParams(q)
	if err != nil {
		return nil, err
	}
	dt, err := DTypeOf(qnnStorage(q))
	if err != nil {
		return nil, err
	}
	if y.DType() != tensor.F32 {
		if y, err = tensor.Cast(y, tensor.F32); err != nil {
			return nil, err
		}
	}
	vals := y.Float32s()
	out := make([]int64, len(vals))
	for i, v := range vals {
		out[i] = params(i).Quantize32(v)
	}
	return fromInt64(dt, y.Shape(), out)
}

// floatKernel computes a qnn op on real values (fixed-point inputs
// dequantized); viaFloat quantizes its result to the op's result type.
type floatKernel func(c *opCall, in []*tensor.Tensor) (*tensor.Tensor, error)

func viaFloat(f floatKernel) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) {
		in := make([]*tensor.Tensor, len(c.in))
		for i, x := range c.in {
			var err error
			if in[i], err = dequantizeQNN(x, c.op.Operand(i).Type()); err != nil {
				return nil, err
			}
		}
		y, err := f(c, in)
		if err != nil {
			return nil, err
		}
		return one(quantizeQNN(y, c.op.Result(0).Type()))
	}
}

func qnnUnary(op tensor.UnaryOp) floatKernel {
	return func(_ *opCall, in []*tensor.Tensor) (*tensor.Tensor, error) { return tensor.Unary(op, in[0]) }
}

func qnnBinary(op tensor.BinaryOp) floatKernel {
	return func(_ *opCall, in []*tensor.Tensor) (*tensor.Tensor, error) { return tensor.Binary(op, in[0], in[1]) }
}

func qnnClip(lo, hi float64) floatKernel {
	return func(_ *opCall, in []*tensor.Tensor) (*tensor.Tensor, error) { return tensor.Clip(in[0], lo, hi) }
}

func qnnReluMinMax(c *opCall, in []*tensor.Tensor) (*tensor.Tensor, error) {
	lo, err := c.qnnNum("min_value", 0)
	if err != nil {
		return nil, err
	}
	hi, err := c.qnnNum("max_value", 0)
	if err != nil {
		return nil, err
	}
	return tensor.Clip(in[0], lo, hi)
}

func qnnHardSwish(_ *opCall, in []*tensor.Tensor) (*tensor.Tensor, error) {
	return mapFloat(in[0], func(x float64) float64 { return x * math.Min(math.Max(x+3, 0), 6) / 6 })
}

func qnnPrelu(_ *opCall, in []*tensor.Tensor) (*tensor.Tensor, error) {
	return binaryFunc(in[0], in[1], func(x, s float64) float64 {
		if x >= 0 {
			return x
		}
		return x * s
	}, nil)
}

func qnnSoftmax(c *opCall, in []*tensor.Tensor) (*tensor.Tensor, error) {
	axis, err := c.int("axis")
	if err != nil || !c.has("axis") {
		axis = int64(in[0].Rank() - 1)
	}
	beta, err := c.qnnNum("beta", 1)
	if err != nil {
		return nil, err
	}
	x := in[0]
	if beta != 1 {
		if x, err = mapFloat(x, func(v float64) float64 { return beta * v }); err != nil {
			return nil, err
		}
	}
	return tensor.Softmax(x, int(axis))
}

// qnnLayerNorm normalises over trailing axes (the form converters emit).
func qnnLayerNorm(c *opCall, in []*tensor.Tensor) (*tensor.Tensor, error) {
	axes, err := c.ints("axes")
	if err != nil {
		return nil, err
	}
	x := in[0]
	for i, a := range axes {
		if int(a) != x.Rank()-len(axes)+i {
			return nil, fmt.Errorf("the interpreter normalises trailing axes only, got axes %v of a rank-%d input", axes, x.Rank())
		}
	}
	eps, err := c.qnnNum("epsilon", 0.001)
	if err != nil {
		return nil, err
	}
	var beta *tensor.Tensor
	if len(in) > 2 {
		beta = in[2]
	}
	return tensor.LayerNorm(x, in[1], beta, x.Rank()-len(axes), eps)
}

// nhwc and nchw move between QNN's layout and the core kernels'.
func nchw(x *tensor.Tensor) (*tensor.Tensor, error) { return tensor.Transpose(x, []int{0, 3, 1, 2}) }
func nhwc(x *tensor.Tensor) (*tensor.Tensor, error) { return tensor.Transpose(x, []int{0, 2, 3, 1}) }

// qnnWindow reads filter_size (or the filter's H, W), stride, pad_amount
// and dilation as the core kernels' NCHW window.
func qnnWindow(c *opCall, kernel [2]int) (window, error) {
	var g window
	s, err := c.intsN("stride", 2, nil)
	if err != nil {
		return g, err
	}
	d, err := c.intsN("dilation", 2, []int64{1, 1})
	if err != nil {
		return g, err
	}
	p, err := c.padAmount()
	if err != nil {
		return g, err
	}
	g.kernel, g.stride, g.dilation = kernel, [2]int{int(s[0]), int(s[1])}, [2]int{int(d[0]), int(d[1])}
	g.pads = [4]int{int(p[0]), int(p[2]), int(p[1]), int(p[3])}
	return g, nil
}

// padAmount reads [[top, bottom], [left, right]] as top, bottom, left,
// right (no padding when absent, the pools' default).
func (c *opCall) padAmount() ([]int64, error) {
	if !c.has("pad_amount") {
		return []int64{0, 0, 0, 0}, nil
	}
	a, ok := c.attr("pad_amount").(*ir.DenseElementsAttr)
	if !ok || a.NumElements() != 4 {
		return nil, fmt.Errorf("'pad_amount' must be a 2x2 integer dense attribute")
	}
	return []int64{a.IntAt(0), a.IntAt(1), a.IntAt(2), a.IntAt(3)}, nil
}

func qnnPool(avg bool) floatKernel {
	return func(c *opCall, in []*tensor.Tensor) (*tensor.Tensor, error) {
		k, err := c.intsN("filter_size", 2, nil)
		if err != nil {
			return nil, err
		}
		g, err := qnnWindow(c, [2]int{int(k[0]), int(k[1])})
		if err != nil {
			return nil, err
		}
		mode, err := c.str("rounding_mode")
		if err != nil {
			return nil, err
		}
		g.ceil = mode == "ceil"
		x, err := nchw(in[0])
		if err != nil {
			return nil, err
		}
		var y *tensor.Tensor
		if avg {
			p := g.params()
			if p.CountIncludePad, err = c.bool("count_pad_for_edges"); err != nil {
				return nil, err
			}
			y, err = tensor.AvgPool2D(x, p)
		} else {
			y, err = maxPool2D(x, g)
		}
		if err != nil {
			return nil, err
		}
		return nhwc(y)
	}
}

func qnnReshape(c *opCall, in []*tensor.Tensor) (*tensor.Tensor, error) {
	shape, err := c.resultShape(0)
	if err != nil {
		return nil, err
	}
	return in[0].Reshape(shape...)
}

func qnnTranspose(c *opCall, in []*tensor.Tensor) (*tensor.Tensor, error) {
	perm, err := c.intsN("perm", in[0].Rank(), nil)
	if err != nil {
		return nil, err
	}
	return tensor.Transpose(in[0], toInts(perm))
}

func qnnConcat(c *opCall, in []*tensor.Tensor) (*tensor.Tensor, error) {
	axis := int64(in[0].Rank() - 1)
	if c.has("axis") {
		var err error
		if axis, err = c.int("axis"); err != nil {
			return nil, err
		}
	}
	return tensor.Concat(int(axis), in...)
}

// qnnStridedSlice follows TensorFlow's StridedSlice: rows [begin, end,
// stride], negative bounds from the end, masks; the slice itself is the
// core kernel's on the normalised bounds.
func qnnStridedSlice(c *opCall, in []*tensor.Tensor) (*tensor.Tensor, error) {
	x := in[0]
	a, ok := c.attr("ranges").(*ir.DenseElementsAttr)
	if !ok {
		return nil, fmt.Errorf("'ranges' must be an integer dense attribute")
	}
	mask := func(name string) (int64, error) { return c.int(name) }
	bm, err := mask("begin_mask")
	if err != nil {
		return nil, err
	}
	em, err := mask("end_mask")
	if err != nil {
		return nil, err
	}
	sm, err := mask("shrink_axes")
	if err != nil {
		return nil, err
	}
	nm, err := mask("new_axes_mask")
	if err != nil {
		return nil, err
	}
	shape := x.Shape()
	// New axes only reshape: the result type's shape has them.
	var starts, ends, steps []int64
	d := 0
	for i := 0; i < a.NumElements()/3; i++ {
		bit := int64(1) << i
		if nm&bit != 0 {
			continue
		}
		if d >= len(shape) {
			return nil, fmt.Errorf("'ranges' has more rows than the input has dimensions")
		}
		size := shape[d]
		d++
		begin, end, stride := a.IntAt(3*i), a.IntAt(3*i+1), a.IntAt(3*i+2)
		if stride == 0 {
			return nil, fmt.Errorf("'ranges' row %d has stride 0", i)
		}
		if sm&bit != 0 { // the single index begin
			if begin < 0 {
				begin += size
			}
			end, stride = begin+1, 1
		} else {
			begin, end = qd.SliceBounds(size, begin, end, stride, bm&bit != 0, em&bit != 0)
		}
		if end == -1 && stride < 0 {
			end = math.MinInt64 // before index 0, in the core kernel's convention
		}
		starts, ends, steps = append(starts, begin), append(ends, end), append(steps, stride)
	}
	y, err := tensor.Slice(x, starts, ends, nil, steps)
	if err != nil {
		return nil, err
	}
	rshape, err := c.resultShape(0)
	if err != nil {
		return nil, err
	}
	return y.Reshape(rshape...)
}

func qnnGather(c *opCall, in []*tensor.Tensor) (*tensor.Tensor, error) {
	axis, err := c.int("axis")
	if err != nil {
		return nil, err
	}
	return tensor.Gather(in[0], in[1], int(axis))
}

func qnnPad(c *opCall, in []*tensor.Tensor) (*tensor.Tensor, error) {
	a, ok := c.attr("pad_amount").(*ir.DenseElementsAttr)
	x := in[0]
	if !ok || a.NumElements() != 2*x.Rank() {
		return nil, fmt.Errorf("'pad_amount' must be a %dx2 integer dense attribute", x.Rank())
	}
	pads := make([]int64, 2*x.Rank())
	for i := 0; i < x.Rank(); i++ {
		pads[i], pads[x.Rank()+i] = a.IntAt(2*i), a.IntAt(2*i+1)
	}
	scheme, err := c.str("scheme")
	if err != nil {
		return nil, err
	}
	v, err := c.qnnNum("pad_constant_value", 0)
	if err != nil {
		return nil, err
	}
	switch scheme {
	case "constant":
		return tensor.Pad(x, pads, tensor.PadConstant, v)
	case "mirror_reflect":
		return tensor.Pad(x, pads, tensor.PadReflect, 0)
	case "edge":
		return tensor.Pad(x, pads, tensor.PadEdge, 0)
	}
	return nil, fmt.Errorf("the interpreter does not run pad scheme %q", scheme)
}

func qnnReduce(op tensor.ReduceOp) floatKernel {
	return func(c *opCall, in []*tensor.Tensor) (*tensor.Tensor, error) {
		axes, err := c.ints("axes")
		if err != nil {
			return nil, err
		}
		keep, err := c.bool("keep_dims")
		if err != nil {
			return nil, err
		}
		return tensor.Reduce(op, in[0], toInts(axes), keep)
	}
}

func qnnCast(c *opCall) ([]*tensor.Tensor, error) {
	dt, err := c.resultDType(0)
	if err != nil {
		return nil, err
	}
	return one(tensor.Cast(c.in[0], dt))
}

// qnnStatic reads the static data; stored integers held in an attribute
// of the other signedness (ufixed8 data as i8) keep their bits.
func qnnStatic(c *opCall) ([]*tensor.Tensor, error) {
	x, err := ConstantTensor(c.attr("value"))
	if err != nil {
		return nil, err
	}
	q, ok := c.op.Result(0).Type().(*qd.TensorType)
	if !ok {
		return []*tensor.Tensor{x}, nil
	}
	dt, err := DTypeOf(qnnStorage(q))
	if err != nil {
		return nil, err
	}
	if x.DType() == dt {
		return []*tensor.Tensor{x}, nil
	}
	vals := x.IntValues()
	for i, v := range vals {
		vals[i] = wrapBits(v, q.DType.Bits(), q.DType.IsSigned())
	}
	return one(fromInt64(dt, x.Shape(), vals))
}

// qnnResize resamples NHWC spatial dimensions to the result's with the
// nearest or (bi)linear modes.
func qnnResize(c *opCall, in []*tensor.Tensor) (*tensor.Tensor, error) {
	x := in[0]
	if x.Rank() != 4 {
		return nil, fmt.Errorf("the interpreter resizes 4-D NHWC inputs only")
	}
	out, err := c.resultShape(0)
	if err != nil {
		return nil, err
	}
	mode, err := c.qnnStr("interpolation_mode", "nearest")
	if err != nil {
		return nil, err
	}
	tm, err := c.qnnStr("transformation_mode", "half_pixel")
	if err != nil {
		return nil, err
	}
	nm, err := c.qnnStr("nearest_mode", "round_prefer_floor")
	if err != nil {
		return nil, err
	}
	s := x.Shape()
	coord := func(o, inSize, outSize int64) float64 {
		scale := float64(outSize) / float64(inSize)
		switch tm {
		case "align_corners":
			if outSize == 1 {
				return 0
			}
			return float64(o) * float64(inSize-1) / float64(outSize-1)
		case "asymmetric":
			return float64(o) / scale
		case "pytorch_half_pixel":
			if outSize == 1 {
				return 0
			}
		}
		return (float64(o)+0.5)/scale - 0.5
	}
	round := func(v float64) float64 {
		switch nm {
		case "floor":
			return math.Floor(v)
		case "ceil":
			return math.Ceil(v)
		case "round_prefer_ceil":
			return math.Floor(v + 0.5)
		}
		return math.Ceil(v - 0.5)
	}
	xv := x.Values()
	at := func(n, h, w, ch int64) float64 {
		h, w = min(max(h, 0), s[1]-1), min(max(w, 0), s[2]-1)
		return xv[((n*s[1]+h)*s[2]+w)*s[3]+ch]
	}
	vals := make([]float64, 0, out[0]*out[1]*out[2]*out[3])
	for n := int64(0); n < out[0]; n++ {
		for oh := int64(0); oh < out[1]; oh++ {
			for ow := int64(0); ow < out[2]; ow++ {
				fh, fw := coord(oh, s[1], out[1]), coord(ow, s[2], out[2])
				for ch := int64(0); ch < out[3]; ch++ {
					switch mode {
					case "nearest":
						vals = append(vals, at(n, int64(round(fh)), int64(round(fw)), ch))
					case "linear":
						h0, w0 := math.Floor(fh), math.Floor(fw)
						dh, dw := fh-h0, fw-w0
						v := (1-dh)*(1-dw)*at(n, int64(h0), int64(w0), ch) + (1-dh)*dw*at(n, int64(h0), int64(w0)+1, ch) +
							dh*(1-dw)*at(n, int64(h0)+1, int64(w0), ch) + dh*dw*at(n, int64(h0)+1, int64(w0)+1, ch)
						vals = append(vals, v)
					default:
						return nil, fmt.Errorf("the interpreter does not run interpolation_mode %q", mode)
					}
				}
			}
		}
	}
	return fromFloat64(x.DType(), out, vals)
}

// qnnTransposeConv is the transposed convolution on real values: each
// input pixel scatters its filter window, then pad_amount crops.
func qnnTransposeConv(c *opCall, in []*tensor.Tensor) (*tensor.Tensor, error) {
	x, w := in[0], in[1]
	s, err := c.intsN("stride", 2, nil)
	if err != nil {
		return nil, err
	}
	p, err := c.padAmount()
	if err != nil {
		return nil, err
	}
	group, err := c.qnnInt("group", 1)
	if err != nil {
		return nil, err
	}
	out, err := c.resultShape(0)
	if err != nil {
		return nil, err
	}
	xs, ws := x.Shape(), w.Shape() // [N, H, W, Cin], [kH, kW, Cin, Cout/g]
	cinG, coutG := xs[3]/group, ws[3]
	xv, wv := x.Values(), w.Values()
	acc := make([]float64, out[0]*out[1]*out[2]*out[3])
	for n := int64(0); n < xs[0]; n++ {
		for ih := int64(0); ih < xs[1]; ih++ {
			for iw := int64(0); iw < xs[2]; iw++ {
				for ci := int64(0); ci < xs[3]; ci++ {
					xval := xv[((n*xs[1]+ih)*xs[2]+iw)*xs[3]+ci]
					g := ci / cinG
					for kh := int64(0); kh < ws[0]; kh++ {
						oh := ih*s[0] + kh - p[0]
						if oh < 0 || oh >= out[1] {
							continue
						}
						for kw := int64(0); kw < ws[1]; kw++ {
							ow := iw*s[1] + kw - p[2]
							if ow < 0 || ow >= out[2] {
								continue
							}
							for co := int64(0); co < coutG; co++ {
								acc[((n*out[1]+oh)*out[2]+ow)*out[3]+g*coutG+co] += xval * wv[((kh*ws[1]+kw)*ws[2]+ci)*ws[3]+co]
							}
						}
					}
				}
			}
		}
	}
	if len(in) > 2 {
		b := in[2].Values()
		for i := range acc {
			acc[i] += b[i%int(out[3])]
		}
	}
	return fromFloat64(x.DType(), out, acc)
}

// The qnn op table states its defaults as text (docs/dialects/qnn.md);
// these readers apply them to absent parameters.

func (c *opCall) qnnNum(name string, def float64) (float64, error) {
	if !c.has(name) {
		return def, nil
	}
	return c.num(name)
}

func (c *opCall) qnnInt(name string, def int64) (int64, error) {
	if !c.has(name) {
		return def, nil
	}
	return c.int(name)
}

func (c *opCall) qnnStr(name, def string) (string, error) {
	if !c.has(name) {
		return def, nil
	}
	return c.str(name)
}
