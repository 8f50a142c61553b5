package onnx

import (
	"math"
	"slices"

	"github.com/mlc-go/mlc/ir"
)

// Neural-network operators: convolution, pooling, normalization, matrix
// products and softmax.
func init() {
	register(
		entry{op: "Conv", from: 11, to: 17, in: 2, convert: convConv},
		entry{op: "MaxPool", from: 11, to: 17, convert: convPool(true)},
		entry{op: "AveragePool", from: 11, to: 17, convert: convPool(false)},
		entry{op: "GlobalAveragePool", from: 1, to: 17, convert: convGlobalAveragePool},
		entry{op: "GlobalMaxPool", from: 1, to: 17, convert: convGlobalMaxPool},
		entry{op: "BatchNormalization", from: 11, to: 13, in: 5, convert: convBatchNorm},
		entry{op: "BatchNormalization", from: 14, to: 17, in: 5, convert: convBatchNorm},
		entry{op: "InstanceNormalization", from: 6, to: 17, in: 3, convert: convInstanceNorm},
		entry{op: "MeanVarianceNormalization", from: 13, to: 17, convert: convMVN},
		entry{op: "LayerNormalization", from: 17, to: 17, in: 2, convert: convLayerNorm},
		entry{op: "Gemm", from: 11, to: 17, in: 2, convert: convGemm},
		entry{op: "MatMul", from: 11, to: 17, in: 2, convert: binaryConv("torch.aten.matmul")},
		entry{op: "Softmax", from: 11, to: 12, convert: convSoftmax("torch.aten.softmax.int")},
		entry{op: "Softmax", from: 13, to: 17, convert: convSoftmax("torch.aten.softmax.int")},
		entry{op: "LogSoftmax", from: 11, to: 12, convert: convSoftmax("torch.aten.log_softmax.int")},
		entry{op: "LogSoftmax", from: 13, to: 17, convert: convSoftmax("torch.aten.log_softmax.int")},
	)
}

// window holds a convolution's or pooling's per-spatial-dim parameters.
type window struct {
	kernel, strides, dilations []int64
	begin, end                 []int64 // padding
}

func ones(n int) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[i] = 1
	}
	return out
}

// readWindow reads strides, dilations (when allowed) and pads / auto_pad
// for spatial input dims in and kernel k.
func readWindow(c *nodeCtx, in, k []int64, withDilations bool) (*window, error) {
	sp := len(k)
	w := &window{kernel: k}
	var err error
	if w.strides, err = c.attrInts("strides", ones(sp)); err != nil {
		return nil, err
	}
	w.dilations = ones(sp)
	if withDilations {
		if w.dilations, err = c.attrInts("dilations", ones(sp)); err != nil {
			return nil, err
		}
	}
	if len(w.strides) != sp || len(w.dilations) != sp {
		return nil, c.errorf("strides and dilations need %d values each", sp)
	}
	for i := 0; i < sp; i++ {
		if w.strides[i] <= 0 || w.dilations[i] <= 0 || k[i] <= 0 {
			return nil, c.errorf("kernel sizes, strides and dilations must be positive")
		}
	}
	autoPad, err := c.attrString("auto_pad", "NOTSET")
	if err != nil {
		return nil, err
	}
	w.begin, w.end = make([]int64, sp), make([]int64, sp)
	switch autoPad {
	case "NOTSET":
		pads, err := c.attrInts("pads", make([]int64, 2*sp))
		if err != nil {
			return nil, err
		}
		if len(pads) != 2*sp {
			return nil, c.errorf("pads needs %d values, got %d", 2*sp, len(pads))
		}
		copy(w.begin, pads[:sp])
		copy(w.end, pads[sp:])
		for _, p := range pads {
			if p < 0 {
				return nil, c.unsupportedf("negative pads are not supported")
			}
		}
	case "VALID":
	case "SAME_UPPER", "SAME_LOWER":
		for i := 0; i < sp; i++ {
			if in[i] < 0 {
				return nil, c.errorf("auto_pad %s needs static spatial dims, got %s", autoPad, c.typ(0))
			}
			out := (in[i] + w.strides[i] - 1) / w.strides[i]
			total := max(0, (out-1)*w.strides[i]+(k[i]-1)*w.dilations[i]+1-in[i])
			small, big := total/2, total-total/2
			if autoPad == "SAME_UPPER" {
				w.begin[i], w.end[i] = small, big
			} else {
				w.begin[i], w.end[i] = big, small
			}
		}
	default:
		return nil, c.errorf("auto_pad '%s' is not valid", autoPad)
	}
	return w, nil
}

func (w *window) symmetric() bool { return slices.Equal(w.begin, w.end) }

// torchPadList is constant_pad_nd's pad list for the spatial dims.
func (w *window) torchPadList() []int64 {
	var out []int64
	for i := len(w.begin) - 1; i >= 0; i-- {
		out = append(out, w.begin[i], w.end[i])
	}
	return out
}

// lift1D turns a 1-D window into 2-D with a unit leading spatial dim.
func (w *window) lift1D() {
	w.kernel = append([]int64{1}, w.kernel...)
	w.strides = append([]int64{1}, w.strides...)
	w.dilations = append([]int64{1}, w.dilations...)
	w.begin = append([]int64{0}, w.begin...)
	w.end = append([]int64{0}, w.end...)
}

// convConv maps Conv to conv2d (1-D convolutions through a unit H dim) or
// conv3d; asymmetric padding becomes an explicit constant_pad_nd.
func convConv(c *nodeCtx) error {
	x, wt := c.arg(0), c.arg(1)
	var bias *ir.Value
	if c.has(2) {
		bias = c.arg(2)
	}
	if c.err != nil {
		return c.err
	}
	y, err := c.conv(x, wt, bias)
	if err != nil {
		return err
	}
	return c.result(y)
}

// conv is Conv's torch form for the given operands (bias may be nil),
// with the node's attributes; QLinearConv and ConvInteger share it.
func (c *nodeCtx) conv(x, wt, bias *ir.Value) (*ir.Value, error) {
	xs, ws := shapeOf(x), shapeOf(wt)
	if len(xs) < 3 || len(xs) > 5 || len(ws) != len(xs) {
		return nil, c.unsupportedf("convolutions of more than 3 spatial dims are not supported (input %s, weight %s)", x.Type(), wt.Type())
	}
	k := ws[2:]
	if ks, err := c.attrInts("kernel_shape", nil); err != nil {
		return nil, err
	} else if ks != nil && !slices.Equal(ks, k) {
		return nil, c.errorf("kernel_shape %v does not match the weight's %v", ks, k)
	}
	if slices.Contains(k, ir.Dynamic) {
		return nil, c.errorf("the weight needs static spatial dims, got %s", wt.Type())
	}
	group, err := c.attrInt("group", 1)
	if err != nil {
		return nil, err
	}
	w, err := readWindow(c, xs[2:], k, true)
	if err != nil {
		return nil, err
	}
	oneD := len(xs) == 3
	if oneD {
		x = c.emit("torch.aten.unsqueeze", []*ir.Value{x}, c.i64("dim", 2))
		wt = c.emit("torch.aten.unsqueeze", []*ir.Value{wt}, c.i64("dim", 2))
		w.lift1D()
	}
	padding := w.begin
	if !w.symmetric() {
		x = c.emit("torch.aten.constant_pad_nd", []*ir.Value{x}, c.arr("pad", w.torchPadList()))
		padding = make([]int64, len(w.begin))
	}
	operands := []*ir.Value{x, wt}
	if bias != nil {
		operands = append(operands, bias)
	}
	name := "torch.aten.conv2d"
	if len(xs) == 5 {
		name = "torch.aten.conv3d"
	}
	y := c.emit(name, operands, c.arr("stride", w.strides), c.arr("padding", padding),
		c.arr("dilation", w.dilations), c.i64("groups", group))
	if oneD {
		y = c.emit("torch.aten.squeeze.dim", []*ir.Value{y}, c.i64("dim", 2))
	}
	return y, c.err
}

// onnxPoolOut is ONNX's output size of a pooling window.
func onnxPoolOut(in, k, s, d, b, e int64, ceil bool) int64 {
	num := in + b + e - d*(k-1) - 1
	if ceil {
		return ceilDiv(num, s) + 1
	}
	return floorDiv(num, s) + 1
}

// torchPoolOut is ATen's pooling output size (symmetric padding p): in
// ceil mode the last window must start inside the input or left padding.
func torchPoolOut(in, k, s, d, p int64, ceil bool) int64 {
	num := in + 2*p - d*(k-1) - 1
	if !ceil {
		return floorDiv(num, s) + 1
	}
	out := ceilDiv(num, s) + 1
	if (out-1)*s >= in+p {
		out--
	}
	return out
}

func floorDiv(a, b int64) int64 { return int64(math.Floor(float64(a) / float64(b))) }
func ceilDiv(a, b int64) int64  { return int64(math.Ceil(float64(a) / float64(b))) }

// convPool maps MaxPool and AveragePool to the 2-D or 3-D torch pooling ops.
// Padding the torch op cannot express (asymmetric, or more than half the
// kernel) becomes an explicit pad when that keeps the semantics (−inf for
// max, zeros for averages that count padding); ceil_mode is accepted when
// ONNX and ATen agree on the output size.
func convPool(isMax bool) converter {
	return func(c *nodeCtx) error {
		x := c.arg(0)
		if c.err != nil {
			return c.err
		}
		xs := shapeOf(x)
		if len(xs) < 3 || len(xs) > 5 {
			return c.unsupportedf("pooling over more than 3 spatial dims is not supported (input %s)", x.Type())
		}
		k, err := c.attrInts("kernel_shape", nil)
		if err != nil {
			return err
		}
		if len(k) != len(xs)-2 {
			return c.errorf("kernel_shape needs %d values", len(xs)-2)
		}
		ceilMode, err := c.attrInt("ceil_mode", 0)
		if err != nil {
			return err
		}
		countPad := int64(0)
		if isMax {
			c.ignore("storage_order") // only affects the Indices output
		} else if countPad, err = c.attrInt("count_include_pad", 0); err != nil {
			return err
		}
		w, err := readWindow(c, xs[2:], k, isMax)
		if err != nil {
			return err
		}
		// ONNX's output sizes, to check the mapping against.
		want := make([]int64, len(k))
		for i := range k {
			want[i] = -1
			if xs[2+i] >= 0 {
				want[i] = onnxPoolOut(xs[2+i], k[i], w.strides[i], w.dilations[i], w.begin[i], w.end[i], ceilMode != 0)
				if want[i] <= 0 {
					return c.errorf("the pooling window is larger than the padded input %s", x.Type())
				}
			} else if ceilMode != 0 {
				return c.unsupportedf("ceil_mode with dynamic spatial dims is not supported")
			}
		}
		oneD := len(xs) == 3
		if oneD {
			x = c.emit("torch.aten.unsqueeze", []*ir.Value{x}, c.i64("dim", 2))
			w.lift1D()
			want = append([]int64{1}, want...)
		}
		in := shapeOf(x)[2:]
		padding := slices.Clone(w.begin)
		fits := w.symmetric()
		for i := range padding {
			fits = fits && padding[i] <= w.kernel[i]/2
		}
		if !fits {
			if !isMax && countPad == 0 {
				return c.unsupportedf("asymmetric or large pads with count_include_pad = 0 are not supported")
			}
			fill := 0.0
			if isMax {
				fill = math.Inf(-1)
				if !isFloatType(elemOf(x)) {
					fill = float64(minInt(elemOf(x)))
				}
			}
			v, err := c.number("value", elemOf(x), fill)
			if err != nil {
				return err
			}
			x = c.emit("torch.aten.constant_pad_nd", []*ir.Value{x}, c.arr("pad", w.torchPadList()), v)
			if c.err != nil {
				return c.err
			}
			in = shapeOf(x)[2:]
			padding = make([]int64, len(padding))
		}
		for i := range padding {
			if want[i] < 0 {
				continue
			}
			got := torchPoolOut(in[i], w.kernel[i], w.strides[i], w.dilations[i], padding[i], ceilMode != 0)
			if got != want[i] {
				return c.unsupportedf("ceil_mode = 1 gives %d outputs along spatial dim %d in ONNX but %d in ATen; not supported", want[i], i, got)
			}
			if !isMax && ceilMode != 0 && countPad != 0 && (got-1)*w.strides[i]+w.kernel[i] > in[i]+2*padding[i] {
				return c.unsupportedf("ceil_mode = 1 with count_include_pad = 1 and a window past the padded input is not supported")
			}
		}
		attrs := []ir.NamedAttr{c.arr("kernel_size", w.kernel), c.arr("stride", w.strides), c.arr("padding", padding),
			c.flag("ceil_mode", ceilMode != 0)}
		name := "torch.aten.max_pool2d"
		if isMax {
			attrs = append(attrs, c.arr("dilation", w.dilations))
		} else {
			name = "torch.aten.avg_pool2d"
			attrs = append(attrs, c.flag("count_include_pad", countPad != 0))
		}
		if len(xs) == 5 {
			name = name[:len(name)-2] + "3d"
		}
		y := c.emit(name, []*ir.Value{x}, attrs...)
		if oneD {
			y = c.emit("torch.aten.squeeze.dim", []*ir.Value{y}, c.i64("dim", 2))
		}
		return c.result(y)
	}
}

// minInt is the smallest value of an integer type.
func minInt(t ir.Type) int64 {
	it, ok := t.(*ir.IntegerType)
	if !ok || it.Signedness == ir.Unsigned || it.Width == 1 {
		return 0
	}
	return -1 << (it.Width - 1)
}

func convGlobalAveragePool(c *nodeCtx) error {
	x := c.arg(0)
	if c.err != nil {
		return c.err
	}
	r := len(shapeOf(x))
	if r < 3 {
		return c.errorf("expects an input of rank ≥ 3, got %s", x.Type())
	}
	if r == 4 {
		return c.result(c.emit("torch.aten.adaptive_avg_pool2d", []*ir.Value{x}, c.arr("output_size", []int64{1, 1})))
	}
	var dims []int64
	for i := 2; i < r; i++ {
		dims = append(dims, int64(i))
	}
	return c.result(c.emit("torch.aten.mean.dim", []*ir.Value{x}, c.arr("dim", dims), c.flag("keepdim", true)))
}

func convGlobalMaxPool(c *nodeCtx) error {
	x := c.arg(0)
	if c.err != nil {
		return c.err
	}
	xs := shapeOf(x)
	if len(xs) == 4 && isStatic(xs[2:]) {
		return c.result(c.emit("torch.aten.max_pool2d", []*ir.Value{x}, c.arr("kernel_size", xs[2:])))
	}
	if len(xs) < 3 {
		return c.errorf("expects an input of rank ≥ 3, got %s", x.Type())
	}
	// Other ranks (1-D, 3-D, dynamic) reduce over the spatial dims.
	var dims []int64
	for i := 2; i < len(xs); i++ {
		dims = append(dims, int64(i))
	}
	return c.result(c.emit("torch.aten.amax", []*ir.Value{x}, c.arr("dim", dims), c.flag("keepdim", true)))
}

// convBatchNorm is batch_norm in inference form; the training outputs
// are not supported.
func convBatchNorm(c *nodeCtx) error {
	eps, err := c.attrFloat("epsilon", 1e-5)
	if err != nil {
		return err
	}
	c.ignore("momentum")
	if c.opset >= 14 {
		t, err := c.attrInt("training_mode", 0)
		if err != nil {
			return err
		}
		if t != 0 {
			return c.unsupportedf("training_mode = 1 is not supported (inference only)")
		}
	}
	x, scale, b, mean, v := c.arg(0), c.arg(1), c.arg(2), c.arg(3), c.arg(4)
	return c.result(c.emit("torch.aten.batch_norm", []*ir.Value{x, mean, v, scale, b}, c.f64("eps", eps)))
}

// reshapeConst gives input i a new static shape: constant data is shared
// under the new type, run-time values get a reshape.
func (c *nodeCtx) reshapeConst(i int, shape []int64) *ir.Value {
	if c.err != nil {
		return nil
	}
	v := c.input(i)
	if v != nil && v.raw != nil && !v.splat && v.typ.NumElements() == numElems(shape) {
		nv := &value{name: v.name, typ: c.im.ctx.TensorType(shape, v.typ.Elem, nil), raw: v.raw, loc: v.loc}
		iv, err := c.im.materialize(nv)
		if err != nil {
			c.err = c.errorf("%v", err)
		}
		return iv
	}
	return c.emit("torch.aten.reshape", []*ir.Value{c.arg(i)}, c.arr("shape", shape))
}

func numElems(shape []int64) int64 {
	n := int64(1)
	for _, d := range shape {
		n *= d
	}
	return n
}

// convInstanceNorm is instance_norm; a single spatial element (which
// instance_norm rejects, as PyTorch) normalizes to zero: layer_norm over
// the spatial dims, then the per-channel scale and bias.
func convInstanceNorm(c *nodeCtx) error {
	eps, err := c.attrFloat("epsilon", 1e-5)
	if err != nil {
		return err
	}
	x := c.arg(0)
	if c.err != nil {
		return c.err
	}
	xs := shapeOf(x)
	if len(xs) < 3 || !isStatic(xs[1:]) {
		return c.errorf("expects [N, C, spatial…] with static C and spatial dims, got %s", x.Type())
	}
	if numElems(xs[2:]) > 1 {
		return c.result(c.emit("torch.aten.instance_norm", []*ir.Value{x, c.arg(1), c.arg(2)}, c.f64("eps", eps)))
	}
	y := c.emit("torch.aten.layer_norm", []*ir.Value{x}, c.arr("normalized_shape", xs[2:]), c.f64("eps", eps))
	bshape := append([]int64{xs[1]}, ones(len(xs)-2)...)
	y = c.emit("torch.aten.mul.Tensor", []*ir.Value{y, c.reshapeConst(1, bshape)})
	y = c.emit("torch.aten.add.Tensor", []*ir.Value{y, c.reshapeConst(2, bshape)})
	return c.result(y)
}

// convMVN follows ONNX's function body: (x − E[x]) / (√(E[x²] − E[x]²) + 1e-9)
// over axes (default [0, 2, 3]).
func convMVN(c *nodeCtx) error {
	axes, err := c.attrInts("axes", []int64{0, 2, 3})
	if err != nil {
		return err
	}
	x := c.arg(0)
	if c.err != nil {
		return c.err
	}
	if !isFloatType(elemOf(x)) {
		return c.errorf("expects a floating-point tensor, got %s", elemOf(x))
	}
	norm, err := normAxes(c, axes, len(shapeOf(x)))
	if err != nil {
		return err
	}
	dims := make([]int64, len(norm))
	for i, a := range norm {
		dims[i] = int64(a)
	}
	mean := func(v *ir.Value) *ir.Value {
		return c.emit("torch.aten.mean.dim", []*ir.Value{v}, c.arr("dim", dims), c.flag("keepdim", true))
	}
	m := mean(x)
	variance := c.emit("torch.aten.sub.Tensor", []*ir.Value{mean(c.emit("torch.aten.mul.Tensor", []*ir.Value{x, x})), c.emit("torch.aten.mul.Tensor", []*ir.Value{m, m})})
	std := c.emit("torch.aten.add.Scalar", []*ir.Value{c.emit("torch.aten.sqrt", []*ir.Value{variance})}, c.f64("other", float64(float32(1e-9))))
	return c.result(c.emit("torch.aten.div.Tensor", []*ir.Value{c.emit("torch.aten.sub.Tensor", []*ir.Value{x, m}), std}))
}

// convLayerNorm normalises over dims axis..rank−1; the Mean and
// InvStdDev outputs are not supported.
func convLayerNorm(c *nodeCtx) error {
	axis, err := c.attrInt("axis", -1)
	if err != nil {
		return err
	}
	eps, err := c.attrFloat("epsilon", 1e-5)
	if err != nil {
		return err
	}
	if _, err := c.attrInt("stash_type", 1); err != nil {
		return err
	}
	x := c.arg(0)
	if c.err != nil {
		return c.err
	}
	xs := shapeOf(x)
	a, err := normAxis(axis, len(xs))
	if err != nil {
		return c.errorf("%v", err)
	}
	norm := xs[a:]
	if !isStatic(norm) {
		return c.errorf("the normalized dims of %s must be static", x.Type())
	}
	operands := []*ir.Value{x}
	for i := 1; i <= 2; i++ {
		if !c.has(i) {
			continue
		}
		if !slices.Equal(c.typ(i).Shape, norm) {
			if c.typ(i).NumElements() != numElems(norm) {
				return c.errorf("input #%d has shape %s; only the normalized shape [%s] is supported", i, c.typ(i), fmtShape(norm))
			}
			operands = append(operands, c.reshapeConst(i, norm))
			continue
		}
		operands = append(operands, c.arg(i))
	}
	if len(operands) == 2 && !c.has(1) {
		return c.unsupportedf("a bias without a scale is not supported")
	}
	return c.result(c.emit("torch.aten.layer_norm", operands, c.arr("normalized_shape", norm), c.f64("eps", eps)))
}

// convGemm: alpha·A'·B' + beta·C. The common exported form (B
// transposed, unit factors, a 1-D or absent C) is linear; otherwise
// addmm or mm with explicit transposes.
func convGemm(c *nodeCtx) error {
	alpha, err := c.attrFloat("alpha", 1)
	if err != nil {
		return err
	}
	beta, err := c.attrFloat("beta", 1)
	if err != nil {
		return err
	}
	transA, err := c.attrInt("transA", 0)
	if err != nil {
		return err
	}
	transB, err := c.attrInt("transB", 0)
	if err != nil {
		return err
	}
	a, b := c.arg(0), c.arg(1)
	if c.err != nil {
		return c.err
	}
	if len(shapeOf(a)) != 2 || len(shapeOf(b)) != 2 {
		return c.errorf("expects 2-D A and B, got %s and %s", a.Type(), b.Type())
	}
	n := shapeOf(b)[0]
	if transB == 0 {
		n = shapeOf(b)[1]
	}
	if transA == 0 && transB != 0 && alpha == 1 && beta == 1 && isFloatType(elemOf(a)) {
		if !c.has(2) {
			return c.result(c.emit("torch.aten.linear", []*ir.Value{a, b}))
		}
		if ct := c.typ(2); len(ct.Shape) == 1 && ct.Shape[0] == n && n >= 0 {
			return c.result(c.emit("torch.aten.linear", []*ir.Value{a, b, c.arg(2)}))
		}
	}
	t := func(v *ir.Value, on int64) *ir.Value {
		if on == 0 {
			return v
		}
		return c.emit("torch.aten.transpose.int", []*ir.Value{v}, c.i64("dim0", 0), c.i64("dim1", 1))
	}
	a, b = t(a, transA), t(b, transB)
	if !c.has(2) || beta == 0 {
		y := c.emit("torch.aten.mm", []*ir.Value{a, b})
		if alpha != 1 {
			y = c.emit("torch.aten.mul.Scalar", []*ir.Value{y}, c.f64("other", alpha))
		}
		return c.result(y)
	}
	elem := elemOf(a)
	al, err := c.number("alpha", elem, alpha)
	if err != nil {
		return err
	}
	be, err := c.number("beta", elem, beta)
	if err != nil {
		return err
	}
	return c.result(c.emit("torch.aten.addmm", []*ir.Value{c.arg(2), a, b}, be, al))
}

// convSoftmax: from opset 13 softmax along axis (default −1); before, the
// input is coerced to 2-D at axis (default 1) and softmax runs over the
// flattened trailing part.
func convSoftmax(name string) converter {
	return func(c *nodeCtx) error {
		def := int64(-1)
		if c.opset < 13 {
			def = 1
		}
		axis, err := c.attrInt("axis", def)
		if err != nil {
			return err
		}
		x := c.arg(0)
		if c.err != nil {
			return c.err
		}
		xs := shapeOf(x)
		a, err := normAxis(axis, len(xs))
		if err != nil {
			return c.errorf("%v", err)
		}
		if c.opset >= 13 || a == len(xs)-1 {
			return c.result(c.emit(name, []*ir.Value{x}, c.i64("dim", int64(a))))
		}
		prod := func(ds []int64) int64 {
			p := int64(1)
			for _, d := range ds {
				if d < 0 {
					return -1
				}
				p *= d
			}
			return p
		}
		inner := prod(xs[a:])
		if inner < 0 {
			return c.errorf("softmax over flattened dims needs static dims from axis %d on, got %s", a, x.Type())
		}
		back := slices.Clone(xs)
		dyn := 0
		for i, d := range back {
			if d < 0 {
				back[i] = -1
				dyn++
			}
		}
		if dyn > 1 {
			return c.errorf("more than one dynamic dim in %s", x.Type())
		}
		y := c.emit("torch.aten.reshape", []*ir.Value{x}, c.arr("shape", []int64{-1, inner}))
		y = c.emit(name, []*ir.Value{y}, c.i64("dim", 1))
		return c.result(c.emit("torch.aten.reshape", []*ir.Value{y}, c.arr("shape", back)))
	}
}
