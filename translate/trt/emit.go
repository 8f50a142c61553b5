package trtonnx

import (
	"fmt"
	"math"
	"sort"

	"github.com/mlc-go/mlc/internal/onnxpb"
	"github.com/mlc-go/mlc/ir"
)

// emitter writes the ONNX nodes (and initializers) of one trt op; the
// op's results already have names.
type emitter func(e *exporter, op *ir.Operation) error

// rule is one row of the table: how a trt op becomes ONNX, and the limits
// (what is an error) for the generated docs.
type rule struct {
	emit   emitter
	onnx   string // the ONNX nodes written
	limits string // what has no ONNX equivalent (an error)
}

// emitters is the table: trt op -> ONNX emitter.
var emitters map[string]rule

func init() {
	emitters = map[string]rule{
		"trt.activation":      {emitActivation, "`Relu`, `Sigmoid`, `Tanh`, `LeakyRelu`, `Elu`, `Selu` (gamma = beta), `Softsign`, `Clip`, `HardSigmoid`, `ThresholdedRelu`; `Softplus` with `Mul`s for alpha, beta ≠ 1; `scaled_tanh` as `Mul`, `Tanh`, `Mul`; `gelu_erf` as 0.5·x·(1 + `Erf`(x/√2)) and `gelu_tanh` with `Tanh` (opset 17 has no `Gelu`)", ""},
		"trt.cast":            {emitCast, "`Cast`", ""},
		"trt.concatenation":   {emitConcat, "`Concat` (axis default rank − 3)", ""},
		"trt.constant":        {emitConstant, "an initializer (raw_data, little endian; i4 packed two a byte)", ""},
		"trt.convolution":     {emitConv, "`Conv` (kernel_shape, strides, pads = pre + post, dilations, group; SAME modes as auto_pad)", "padding_mode `explicit_round_up`; non-float operands (int8 comes through `trt.dequantize`)"},
		"trt.deconvolution":   {emitConv, "`ConvTranspose` (as `Conv`)", "as `trt.convolution`"},
		"trt.dequantize":      {emitQDQ, "`DequantizeLinear` with the scale initializer and an all-zero zero point of the quantized type (scalar per tensor; 1-D with `axis` per channel)", "a scale not defined by `trt.constant`"},
		"trt.element_wise":    {emitElementWise, "`Add`, `Mul`, `Max`, `Min`, `Sub`, `Div`, `Pow`, `And`, `Or`, `Xor`, `Equal`, `Greater`, `Less`; `floor_div` as `Floor`(`Div`) on floats, (a − `Mod`(a, b)) / b on integers", ""},
		"trt.gather":          {emitGather, "`Gather` (default), `GatherElements` (element), `GatherND` with batch_dims (nd)", "default mode with num_elementwise_dims = 1"},
		"trt.identity":        {emitIdentity, "`Identity`, or `Cast` when the element type changes", ""},
		"trt.matrix_multiply": {emitMatMul, "`MatMul`; `transpose` inputs through a `Transpose` of the last two axes, `vector` inputs through `Reshape`s", ""},
		"trt.normalization":   {emitNormalization, "`LayerNormalization` (trailing axes; scale and bias reshaped/expanded to the normalized shape); `InstanceNormalization` (spatial axes, per-channel scale); group normalization as `Reshape` [N, G, −1], `InstanceNormalization`, `Reshape`", "non-trailing or non-contiguous axes"},
		"trt.padding":         {emitPadding, "`Pad` (constant 0; negative pads crop)", ""},
		"trt.pooling":         {emitPooling, "`MaxPool`, `AveragePool` (count_include_pad = !average_count_excludes_padding; `explicit_round_up` as ceil_mode); `max_average_blend` as both, mixed with `Mul`/`Add`", ""},
		"trt.quantize":        {emitQDQ, "`QuantizeLinear`, as `trt.dequantize`", "as `trt.dequantize`"},
		"trt.reduce":          {emitReduce, "`ReduceSum` (axes input), `ReduceMean`/`ReduceMax`/`ReduceMin`/`ReduceProd` (axes attribute below opset 18, input from 18), keepdims", ""},
		"trt.resize":          {emitResize, "`Resize` to the result's sizes (mode, coordinate_transformation_mode, nearest_mode, cubic_coeff_a, exclude_outside)", "selector_for_single_pixel `upper` with a resized axis of output extent 1"},
		"trt.select":          {emitSelect, "`Where`", ""},
		"trt.shape":           {emitShape, "`Shape`", ""},
		"trt.shuffle":         {emitShuffle, "`Transpose`, `Reshape` (to the static intermediate shape), `Transpose`, each only when present; `Identity` when none is", ""},
		"trt.slice":           {emitSlice, "`Slice` (starts, ends, axes, steps initializers)", "windows reading outside the input (modes other than strict_bounds only when in bounds)"},
		"trt.softmax":         {emitSoftmax, "`Softmax` (the axes bitmask's one bit is the axis)", ""},
		"trt.topk":            {emitTopK, "`TopK` (largest = max, sorted), then `Cast` of the indices to i32", ""},
		"trt.unary":           {emitUnary, "`Exp`, `Log`, `Sqrt`, `Reciprocal`, `Abs`, `Neg`, `Sin`, `Cos`, `Tan`, `Sinh`, `Cosh`, `Asin`, `Acos`, `Atan`, `Asinh`, `Acosh`, `Atanh`, `Ceil`, `Floor`, `Erf`, `Not`, `Sign`, `Round`, `IsInf`, `IsNaN`", ""},
	}
}

// SupportedOps lists the trt ops Export can serialize.
func SupportedOps() []string {
	out := make([]string, 0, len(emitters))
	for k := range emitters {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Attribute readers with the dialect's defaults.

func intAttr(op *ir.Operation, name string, def int64) int64 {
	if a, ok := op.InherentAttr(name).(*ir.IntegerAttr); ok {
		return a.Value
	}
	return def
}

func floatAttr(op *ir.Operation, name string, def float64) float64 {
	if a, ok := op.InherentAttr(name).(*ir.FloatAttr); ok {
		return a.Value
	}
	return def
}

func strAttr(op *ir.Operation, name, def string) string {
	if a, ok := op.InherentAttr(name).(*ir.StringAttr); ok {
		return a.Value
	}
	return def
}

func boolAttr(op *ir.Operation, name string, def bool) bool {
	if a, ok := op.InherentAttr(name).(*ir.BoolAttr); ok {
		return a.Value
	}
	return def
}

// intsAttr is a dense i64 array, or n copies of def when absent.
func intsAttr(op *ir.Operation, name string, n int, def int64) []int64 {
	if a, ok := op.InherentAttr(name).(*ir.DenseArrayAttr); ok {
		return a.Ints
	}
	out := make([]int64, n)
	for i := range out {
		out[i] = def
	}
	return out
}

// ONNX attribute constructors.

func aInt(name string, v int64) *onnxpb.Attribute {
	return &onnxpb.Attribute{Name: name, Type: onnxpb.AttrInt, I: v}
}
func aInts(name string, v []int64) *onnxpb.Attribute {
	return &onnxpb.Attribute{Name: name, Type: onnxpb.AttrInts, Ints: append([]int64{}, v...)}
}
func aFloat(name string, v float64) *onnxpb.Attribute {
	return &onnxpb.Attribute{Name: name, Type: onnxpb.AttrFloat, F: float32(v)}
}
func aStr(name, v string) *onnxpb.Attribute {
	return &onnxpb.Attribute{Name: name, Type: onnxpb.AttrString, S: []byte(v)}
}

func shapeOf(v *ir.Value) []int64 {
	s, _ := staticShape(v.Type())
	return s
}

func rankOf(v *ir.Value) int { return len(shapeOf(v)) }

func elemOf(v *ir.Value) ir.Type { return ir.ElementTypeOf(v.Type()) }

// axesOf decodes an axes bitmask for a rank-n tensor.
func axesOf(mask int64, rank int) ([]int64, error) {
	var out []int64
	for i := 0; i < rank; i++ {
		if mask&(1<<i) != 0 {
			out = append(out, int64(i))
		}
	}
	if len(out) == 0 || mask>>rank != 0 {
		return nil, fmt.Errorf("axes bitmask %d does not select axes of a rank-%d tensor", mask, rank)
	}
	return out, nil
}

// constRaw is the little-endian bytes of a constant attribute, one per
// element (i1 as one byte, i4 packed two a byte as ONNX stores INT4).
func constRaw(a ir.Attribute) (ir.Type, []int64, []byte, error) {
	var elem ir.Type
	var dims []int64
	var raw []byte
	switch x := a.(type) {
	case *ir.DenseElementsAttr:
		elem, dims = x.Type.ElementType(), x.Type.Dims()
		raw = x.Raw
		if x.Splat {
			n := int(numElements(dims))
			w := len(x.Raw)
			raw = make([]byte, n*w)
			for i := 0; i < n; i++ {
				copy(raw[i*w:], x.Raw)
			}
		}
	case *ir.DenseResourceAttr:
		st, ok := x.Type.(ir.StaticShaped)
		if !ok {
			return nil, nil, nil, fmt.Errorf("dense_resource needs a static shape")
		}
		if x.Handle == nil || x.Handle.Data == nil {
			return nil, nil, nil, fmt.Errorf("dense_resource has no data (missing from dialect_resources)")
		}
		elem, dims, raw = st.ElementType(), st.Dims(), x.Handle.Data
	default:
		return nil, nil, nil, fmt.Errorf("weights %v are not a dense or dense_resource attribute", a)
	}
	n := int(numElements(dims))
	w := ir.ElementByteWidth(elem)
	if w == 0 || len(raw) != n*w {
		return nil, nil, nil, fmt.Errorf("weights hold %d bytes, want %d elements of %s", len(raw), n, elem)
	}
	if elem.String() == "i4" {
		packed := make([]byte, (n+1)/2)
		for i := 0; i < n; i++ {
			packed[i/2] |= (raw[i*w] & 0x0f) << (4 * (i % 2))
		}
		raw = packed
	}
	return elem, dims, raw, nil
}

func numElements(dims []int64) int64 {
	n := int64(1)
	for _, d := range dims {
		n *= d
	}
	return n
}

// emitConstant: trt.constant -> initializer named as the value.
func emitConstant(e *exporter, op *ir.Operation) error {
	elem, dims, raw, err := constRaw(op.InherentAttr("weights"))
	if err != nil {
		return err
	}
	code, err := elemCode(elem)
	if err != nil {
		return err
	}
	e.initializer(e.out(op, 0), code, dims, raw)
	return nil
}

// constOperand is the trt.constant defining v, or an error naming what.
func constOperand(v *ir.Value, what string) (*ir.Operation, error) {
	d := v.DefiningOp()
	if d == nil || d.Name() != "trt.constant" {
		return nil, fmt.Errorf("%s must be defined by trt.constant (TensorRT needs build-time constant scales)", what)
	}
	return d, nil
}

// emitQDQ: trt.quantize / trt.dequantize -> QuantizeLinear /
// DequantizeLinear with the scale as an initializer and an all-zero
// zero point of the quantized type (TensorRT's parser requires both to
// be constants and the zero point to be 0). A one-element scale is
// written as a scalar (per-tensor); a per-channel scale gets its axis.
func emitQDQ(e *exporter, op *ir.Operation) error {
	quantize := op.Name() == "trt.quantize"
	qType := elemOf(op.Result(0))
	if !quantize {
		qType = elemOf(op.Operand(0))
	}
	scaleOp, err := constOperand(op.Operand(1), "scale")
	if err != nil {
		return err
	}
	selem, sdims, sraw, err := constRaw(scaleOp.InherentAttr("weights"))
	if err != nil {
		return err
	}
	scode, err := elemCode(selem)
	if err != nil {
		return err
	}
	n := numElements(sdims)
	owner := e.out(op, 0)
	scale := e.in(op.Operand(1))
	var zpDims []int64
	var attrs []*onnxpb.Attribute
	switch {
	case n == 1 && len(sdims) == 0:
	case n == 1 && op.InherentAttr("axis") == nil:
		scale = e.tmp(owner, "scale")
		e.initializer(scale, scode, nil, sraw)
	case len(sdims) == 1:
		zpDims = sdims
		attrs = append(attrs, aInt("axis", intAttr(op, "axis", 0)))
	default:
		return fmt.Errorf("scale of shape %v is neither per-tensor nor per-channel", sdims)
	}
	zcode, err := elemCode(qType)
	if err != nil {
		return err
	}
	w := 1
	if qType.String() == "i4" {
		w = 0
	}
	zn := int(numElements(zpDims))
	zraw := make([]byte, max(zn*w, (zn+1)/2))
	zp := e.tmp(owner, "zero_point")
	e.initializer(zp, zcode, zpDims, zraw)
	opType := "DequantizeLinear"
	if quantize {
		opType = "QuantizeLinear"
	}
	e.node(opType, []string{e.in(op.Operand(0)), scale, zp}, []string{owner}, attrs...)
	return nil
}

// emitConv: trt.convolution -> Conv, trt.deconvolution -> ConvTranspose.
func emitConv(e *exporter, op *ir.Operation) error {
	for i := 0; i < op.NumOperands(); i++ {
		if !ir.IsFloat(elemOf(op.Operand(i))) {
			return fmt.Errorf("operand %d is %s: ONNX convolutions take float operands (quantized ones come through trt.dequantize)", i, elemOf(op.Operand(i)))
		}
	}
	k := intsAttr(op, "kernel_size", 0, 0)
	n := len(k)
	attrs := []*onnxpb.Attribute{
		aInts("kernel_shape", k),
		aInts("strides", intsAttr(op, "stride", n, 1)),
		aInts("dilations", intsAttr(op, "dilation", n, 1)),
		aInt("group", intAttr(op, "num_groups", 1)),
	}
	switch mode := strAttr(op, "padding_mode", "explicit_round_down"); mode {
	case "explicit_round_down":
		pads := append(append([]int64{}, intsAttr(op, "pre_padding", n, 0)...), intsAttr(op, "post_padding", n, 0)...)
		attrs = append(attrs, aInts("pads", pads))
	case "same_upper":
		attrs = append(attrs, aStr("auto_pad", "SAME_UPPER"))
	case "same_lower":
		attrs = append(attrs, aStr("auto_pad", "SAME_LOWER"))
	default:
		return fmt.Errorf("padding_mode %q has no ONNX convolution equivalent", mode)
	}
	ins := []string{}
	for _, v := range op.Operands() {
		ins = append(ins, e.in(v))
	}
	opType := "Conv"
	if op.Name() == "trt.deconvolution" {
		opType = "ConvTranspose"
	}
	e.node(opType, ins, []string{e.out(op, 0)}, attrs...)
	return nil
}

// emitMatMul: trt.matrix_multiply -> MatMul; "transpose" inputs go
// through a Transpose of the last two axes, "vector" inputs are reshaped
// to a one-row (input0) or one-column (input1) matrix and the product is
// reshaped to the result's shape.
func emitMatMul(e *exporter, op *ir.Operation) error {
	owner := e.out(op, 0)
	var ins [2]string
	vector := false
	for i := 0; i < 2; i++ {
		v := op.Operand(i)
		ins[i] = e.in(v)
		shape := shapeOf(v)
		switch mode := strAttr(op, fmt.Sprintf("op%d", i), "none"); mode {
		case "none":
		case "transpose":
			r := len(shape)
			perm := make([]int64, r)
			for j := range perm {
				perm[j] = int64(j)
			}
			perm[r-1], perm[r-2] = perm[r-2], perm[r-1]
			t := e.tmp(owner, fmt.Sprintf("transpose%d", i))
			e.node("Transpose", []string{ins[i]}, []string{t}, aInts("perm", perm))
			ins[i] = t
		case "vector":
			vector = true
			r := len(shape)
			ns := append([]int64{}, shape[:r-1]...)
			if i == 0 {
				ns = append(ns, 1, shape[r-1])
			} else {
				ns = append(ns, shape[r-1], 1)
			}
			t := e.tmp(owner, fmt.Sprintf("matrix%d", i))
			e.node("Reshape", []string{ins[i], e.ints(owner, fmt.Sprintf("shape%d", i), ns)}, []string{t})
			ins[i] = t
		default:
			return fmt.Errorf("unknown matrix operation %q", mode)
		}
	}
	if !vector {
		e.node("MatMul", ins[:], []string{owner})
		return nil
	}
	t := e.tmp(owner, "product")
	e.node("MatMul", ins[:], []string{t})
	e.node("Reshape", []string{t, e.ints(owner, "shape", shapeOf(op.Result(0)))}, []string{owner})
	return nil
}

// elementWiseOps maps ElementWiseOperation to ONNX (floor_div is built).
var elementWiseOps = map[string]string{
	"sum": "Add", "prod": "Mul", "max": "Max", "min": "Min", "sub": "Sub", "div": "Div", "pow": "Pow",
	"and": "And", "or": "Or", "xor": "Xor", "equal": "Equal", "greater": "Greater", "less": "Less",
}

// emitElementWise: trt.element_wise -> one binary ONNX node; floor_div
// is Floor(Div) on floats and (a - Mod(a, b)) / b on integers (ONNX's Div
// truncates, Mod with fmod = 0 takes the divisor's sign).
func emitElementWise(e *exporter, op *ir.Operation) error {
	a, b, owner := e.in(op.Operand(0)), e.in(op.Operand(1)), e.out(op, 0)
	operation := strAttr(op, "operation", "")
	if onnxOp, ok := elementWiseOps[operation]; ok {
		e.node(onnxOp, []string{a, b}, []string{owner})
		return nil
	}
	if operation != "floor_div" {
		return fmt.Errorf("unknown element-wise operation %q", operation)
	}
	if ir.IsFloat(elemOf(op.Operand(0))) {
		q := e.tmp(owner, "quotient")
		e.node("Div", []string{a, b}, []string{q})
		e.node("Floor", []string{q}, []string{owner})
		return nil
	}
	m, d := e.tmp(owner, "mod"), e.tmp(owner, "multiple")
	e.node("Mod", []string{a, b}, []string{m}, aInt("fmod", 0))
	e.node("Sub", []string{a, m}, []string{d})
	e.node("Div", []string{d, b}, []string{owner})
	return nil
}

// unaryOps maps UnaryOperation to ONNX.
var unaryOps = map[string]string{
	"exp": "Exp", "log": "Log", "sqrt": "Sqrt", "recip": "Reciprocal", "abs": "Abs", "neg": "Neg",
	"sin": "Sin", "cos": "Cos", "tan": "Tan", "sinh": "Sinh", "cosh": "Cosh", "asin": "Asin",
	"acos": "Acos", "atan": "Atan", "asinh": "Asinh", "acosh": "Acosh", "atanh": "Atanh",
	"ceil": "Ceil", "floor": "Floor", "erf": "Erf", "not": "Not", "sign": "Sign", "round": "Round",
	"isinf": "IsInf", "isnan": "IsNaN",
}

func emitUnary(e *exporter, op *ir.Operation) error {
	operation := strAttr(op, "operation", "")
	onnxOp, ok := unaryOps[operation]
	if !ok {
		return fmt.Errorf("unknown unary operation %q", operation)
	}
	e.node(onnxOp, []string{e.in(op.Operand(0))}, []string{e.out(op, 0)})
	return nil
}

// emitActivation: trt.activation -> the ONNX activation, or a few nodes
// where ONNX has no exact op (scaled_tanh, softplus with parameters, and
// GELU, which opset 17 lacks).
func emitActivation(e *exporter, op *ir.Operation) error {
	x, owner, elem := e.in(op.Operand(0)), e.out(op, 0), elemOf(op.Operand(0))
	alpha, beta := floatAttr(op, "alpha", 0), floatAttr(op, "beta", 0)
	b := &chain{e: e, owner: owner, elem: elem}
	switch kind := strAttr(op, "activation_type", ""); kind {
	case "relu":
		e.node("Relu", []string{x}, []string{owner})
	case "sigmoid":
		e.node("Sigmoid", []string{x}, []string{owner})
	case "tanh":
		e.node("Tanh", []string{x}, []string{owner})
	case "softsign":
		e.node("Softsign", []string{x}, []string{owner})
	case "leaky_relu":
		e.node("LeakyRelu", []string{x}, []string{owner}, aFloat("alpha", alpha))
	case "elu":
		e.node("Elu", []string{x}, []string{owner}, aFloat("alpha", alpha))
	case "selu":
		e.node("Selu", []string{x}, []string{owner}, aFloat("alpha", alpha), aFloat("gamma", beta))
	case "thresholded_relu":
		e.node("ThresholdedRelu", []string{x}, []string{owner}, aFloat("alpha", alpha))
	case "hard_sigmoid":
		e.node("HardSigmoid", []string{x}, []string{owner}, aFloat("alpha", alpha), aFloat("beta", beta))
	case "clip":
		lo, err := e.scalar(elem, alpha)
		if err != nil {
			return err
		}
		hi, err := e.scalar(elem, beta)
		if err != nil {
			return err
		}
		e.node("Clip", []string{x, lo, hi}, []string{owner})
	case "softplus": // alpha * log(exp(beta * x) + 1)
		in := x
		if beta != 1 {
			in = b.binary("Mul", x, b.k(beta), "scaled")
		}
		if alpha == 1 {
			e.node("Softplus", []string{in}, []string{owner})
			break
		}
		sp := b.unary("Softplus", in, "softplus")
		b.final("Mul", sp, b.k(alpha))
	case "scaled_tanh": // alpha * tanh(beta * x)
		th := b.unary("Tanh", b.binary("Mul", x, b.k(beta), "scaled"), "tanh")
		b.final("Mul", th, b.k(alpha))
	case "gelu_erf": // 0.5 * x * (1 + erf(x / sqrt(2)))
		erf := b.unary("Erf", b.binary("Div", x, b.k(math.Sqrt2), "scaled"), "erf")
		half := b.binary("Mul", b.binary("Add", erf, b.k(1), "one_plus"), b.k(0.5), "half")
		b.final("Mul", x, half)
	case "gelu_tanh": // 0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 * x^3)))
		x3 := b.binary("Mul", b.binary("Mul", x, x, "square"), x, "cube")
		inner := b.binary("Add", x, b.binary("Mul", x3, b.k(0.044715), "cube_scaled"), "inner")
		th := b.unary("Tanh", b.binary("Mul", inner, b.k(math.Sqrt(2/math.Pi)), "tanh_in"), "tanh")
		half := b.binary("Mul", b.binary("Add", th, b.k(1), "one_plus"), b.k(0.5), "half")
		b.final("Mul", x, half)
	default:
		return fmt.Errorf("unknown activation type %q", kind)
	}
	return b.err
}

// chain builds small node sequences for one op; the first error sticks.
type chain struct {
	e     *exporter
	owner string
	elem  ir.Type
	err   error
}

func (c *chain) k(v float64) string {
	name, err := c.e.scalar(c.elem, v)
	if err != nil && c.err == nil {
		c.err = err
	}
	return name
}

func (c *chain) unary(opType, x, what string) string {
	t := c.e.tmp(c.owner, what)
	c.e.node(opType, []string{x}, []string{t})
	return t
}

func (c *chain) binary(opType, x, y, what string) string {
	t := c.e.tmp(c.owner, what)
	c.e.node(opType, []string{x, y}, []string{t})
	return t
}

func (c *chain) final(opType, x, y string) { c.e.node(opType, []string{x, y}, []string{c.owner}) }

// emitPooling: trt.pooling -> MaxPool / AveragePool; blended pooling is
// (1 - f) * max + f * average.
func emitPooling(e *exporter, op *ir.Operation) error {
	k := intsAttr(op, "window_size", 0, 0)
	n := len(k)
	attrs := []*onnxpb.Attribute{aInts("kernel_shape", k), aInts("strides", intsAttr(op, "stride", n, 1))}
	switch mode := strAttr(op, "padding_mode", "explicit_round_down"); mode {
	case "explicit_round_down", "explicit_round_up":
		pads := append(append([]int64{}, intsAttr(op, "pre_padding", n, 0)...), intsAttr(op, "post_padding", n, 0)...)
		attrs = append(attrs, aInts("pads", pads))
		if mode == "explicit_round_up" {
			attrs = append(attrs, aInt("ceil_mode", 1))
		}
	case "same_upper":
		attrs = append(attrs, aStr("auto_pad", "SAME_UPPER"))
	case "same_lower":
		attrs = append(attrs, aStr("auto_pad", "SAME_LOWER"))
	default:
		return fmt.Errorf("unknown padding_mode %q", mode)
	}
	x, owner := e.in(op.Operand(0)), e.out(op, 0)
	countPad := int64(0)
	if !boolAttr(op, "average_count_excludes_padding", true) {
		countPad = 1
	}
	avgAttrs := append(append([]*onnxpb.Attribute{}, attrs...), aInt("count_include_pad", countPad))
	switch kind := strAttr(op, "pooling_type", ""); kind {
	case "max":
		e.node("MaxPool", []string{x}, []string{owner}, attrs...)
	case "average":
		e.node("AveragePool", []string{x}, []string{owner}, avgAttrs...)
	case "max_average_blend":
		f := floatAttr(op, "blend_factor", 0)
		b := &chain{e: e, owner: owner, elem: elemOf(op.Operand(0))}
		mx, avg := e.tmp(owner, "max"), e.tmp(owner, "average")
		e.node("MaxPool", []string{x}, []string{mx}, attrs...)
		e.node("AveragePool", []string{x}, []string{avg}, avgAttrs...)
		b.final("Add", b.binary("Mul", mx, b.k(1-f), "max_part"), b.binary("Mul", avg, b.k(f), "average_part"))
		return b.err
	default:
		return fmt.Errorf("unknown pooling type %q", kind)
	}
	return nil
}

// defaultAxis is TensorRT's default channel axis: rank - 3, or 0.
func defaultAxis(rank int) int64 { return int64(max(rank-3, 0)) }

func emitSoftmax(e *exporter, op *ir.Operation) error {
	r := rankOf(op.Operand(0))
	axes, err := axesOf(intAttr(op, "axes", 1<<defaultAxis(r)), r)
	if err != nil {
		return err
	}
	if len(axes) != 1 {
		return fmt.Errorf("softmax axes bitmask selects %d axes, ONNX Softmax takes one", len(axes))
	}
	e.node("Softmax", []string{e.in(op.Operand(0))}, []string{e.out(op, 0)}, aInt("axis", axes[0]))
	return nil
}

var reduceOps = map[string]string{"sum": "ReduceSum", "prod": "ReduceProd", "max": "ReduceMax", "min": "ReduceMin", "avg": "ReduceMean"}

// emitReduce: ReduceSum takes its axes as an input from opset 13, the
// others from opset 18; before that they are an attribute.
func emitReduce(e *exporter, op *ir.Operation) error {
	operation := strAttr(op, "operation", "")
	onnxOp, ok := reduceOps[operation]
	if !ok {
		return fmt.Errorf("unknown reduce operation %q", operation)
	}
	axes, err := axesOf(intAttr(op, "axes", 0), rankOf(op.Operand(0)))
	if err != nil {
		return err
	}
	keep := int64(0)
	if boolAttr(op, "keep_dimensions", false) {
		keep = 1
	}
	owner := e.out(op, 0)
	ins := []string{e.in(op.Operand(0))}
	attrs := []*onnxpb.Attribute{aInt("keepdims", keep)}
	if onnxOp == "ReduceSum" || e.opset >= 18 {
		ins = append(ins, e.ints(owner, "axes", axes))
	} else {
		attrs = append(attrs, aInts("axes", axes))
	}
	e.node(onnxOp, ins, []string{owner}, attrs...)
	return nil
}

func isIdentityPerm(p []int64) bool {
	for i, v := range p {
		if v != int64(i) {
			return false
		}
	}
	return true
}

// emitShuffle: first transpose, reshape, second transpose, each only
// when present. The reshape target is the static shape the second
// transpose starts from, so TensorRT's 0/-1 conventions need no mapping.
func emitShuffle(e *exporter, op *ir.Operation) error {
	owner := e.out(op, 0)
	cur := e.in(op.Operand(0))
	first := intsAttr(op, "first_transpose", 0, 0)
	second := intsAttr(op, "second_transpose", 0, 0)
	_, hasReshape := op.InherentAttr("reshape_dims").(*ir.DenseArrayAttr)
	type step func(in, out string)
	var steps []step
	if len(first) > 0 && !isIdentityPerm(first) {
		steps = append(steps, func(in, out string) { e.node("Transpose", []string{in}, []string{out}, aInts("perm", first)) })
	}
	if hasReshape {
		res := shapeOf(op.Result(0))
		mid := append([]int64{}, res...)
		if len(second) > 0 {
			if len(second) != len(res) {
				return fmt.Errorf("second_transpose %v does not match the result rank %d", second, len(res))
			}
			for i, p := range second {
				mid[p] = res[i]
			}
		}
		steps = append(steps, func(in, out string) { e.node("Reshape", []string{in, e.ints(owner, "shape", mid)}, []string{out}) })
	}
	if len(second) > 0 && !isIdentityPerm(second) {
		steps = append(steps, func(in, out string) { e.node("Transpose", []string{in}, []string{out}, aInts("perm", second)) })
	}
	if len(steps) == 0 {
		e.node("Identity", []string{cur}, []string{owner})
		return nil
	}
	for i, s := range steps {
		out := owner
		if i < len(steps)-1 {
			out = e.tmp(owner, fmt.Sprintf("step%d", i))
		}
		s(cur, out)
		cur = out
	}
	return nil
}

func emitConcat(e *exporter, op *ir.Operation) error {
	var ins []string
	for _, v := range op.Operands() {
		ins = append(ins, e.in(v))
	}
	axis := intAttr(op, "axis", defaultAxis(rankOf(op.Operand(0))))
	e.node("Concat", ins, []string{e.out(op, 0)}, aInt("axis", axis))
	return nil
}

// emitSlice: ONNX Slice reads the same window as strict_bounds; other
// sample modes only when every coordinate is inside the input (then the
// mode never applies).
func emitSlice(e *exporter, op *ir.Operation) error {
	shape := shapeOf(op.Operand(0))
	r := len(shape)
	start, size, stride := intsAttr(op, "start", r, 0), intsAttr(op, "size", r, 0), intsAttr(op, "stride", r, 1)
	if len(start) != r || len(size) != r || len(stride) != r {
		return fmt.Errorf("start, size and stride need %d values each", r)
	}
	mode := strAttr(op, "mode", "strict_bounds")
	ends := make([]int64, r)
	axes := make([]int64, r)
	for i := 0; i < r; i++ {
		axes[i] = int64(i)
		if size[i] == 0 {
			ends[i] = start[i]
			continue
		}
		last := start[i] + (size[i]-1)*stride[i]
		if start[i] < 0 || start[i] >= shape[i] || last < 0 || last >= shape[i] {
			return fmt.Errorf("slice reads outside axis %d (mode %q): only in-bounds windows have an ONNX Slice equivalent", i, mode)
		}
		ends[i] = last + sign(stride[i])
		if ends[i] < 0 {
			ends[i] = math.MinInt64 // through index 0 going backwards
		}
	}
	owner := e.out(op, 0)
	e.node("Slice", []string{e.in(op.Operand(0)), e.ints(owner, "starts", start), e.ints(owner, "ends", ends),
		e.ints(owner, "axes", axes), e.ints(owner, "steps", stride)}, []string{owner})
	return nil
}

func sign(v int64) int64 {
	if v < 0 {
		return -1
	}
	return 1
}

// emitPadding: zero padding of the two innermost axes -> Pad (negative
// pads crop, as in TensorRT).
func emitPadding(e *exporter, op *ir.Operation) error {
	r := rankOf(op.Operand(0))
	pre, post := intsAttr(op, "pre_padding", 2, 0), intsAttr(op, "post_padding", 2, 0)
	if len(pre) != 2 || len(post) != 2 || r < 2 {
		return fmt.Errorf("padding needs two pre and two post values on a tensor of rank 2 or more")
	}
	pads := make([]int64, 2*r)
	copy(pads[r-2:], pre)
	copy(pads[2*r-2:], post)
	owner := e.out(op, 0)
	e.node("Pad", []string{e.in(op.Operand(0)), e.ints(owner, "pads", pads)}, []string{owner}, aStr("mode", "constant"))
	return nil
}

func emitCast(e *exporter, op *ir.Operation) error {
	code, err := elemCode(elemOf(op.Result(0)))
	if err != nil {
		return err
	}
	e.node("Cast", []string{e.in(op.Operand(0))}, []string{e.out(op, 0)}, aInt("to", int64(code)))
	return nil
}

func emitIdentity(e *exporter, op *ir.Operation) error {
	if elemOf(op.Operand(0)) != elemOf(op.Result(0)) {
		return emitCast(e, op)
	}
	e.node("Identity", []string{e.in(op.Operand(0))}, []string{e.out(op, 0)})
	return nil
}

func emitGather(e *exporter, op *ir.Operation) error {
	ins, outs := []string{e.in(op.Operand(0)), e.in(op.Operand(1))}, []string{e.out(op, 0)}
	nElem := intAttr(op, "num_elementwise_dims", 0)
	switch mode := strAttr(op, "mode", "default"); mode {
	case "default":
		if nElem != 0 {
			return fmt.Errorf("gather with num_elementwise_dims = %d has no ONNX Gather equivalent", nElem)
		}
		e.node("Gather", ins, outs, aInt("axis", intAttr(op, "axis", 0)))
	case "element":
		e.node("GatherElements", ins, outs, aInt("axis", intAttr(op, "axis", 0)))
	case "nd":
		e.node("GatherND", ins, outs, aInt("batch_dims", nElem))
	default:
		return fmt.Errorf("unknown gather mode %q", mode)
	}
	return nil
}

func emitSelect(e *exporter, op *ir.Operation) error {
	e.node("Where", []string{e.in(op.Operand(0)), e.in(op.Operand(1)), e.in(op.Operand(2))}, []string{e.out(op, 0)})
	return nil
}

func emitShape(e *exporter, op *ir.Operation) error {
	e.node("Shape", []string{e.in(op.Operand(0))}, []string{e.out(op, 0)})
	return nil
}

// emitTopK: ONNX TopK gives i64 indices; TensorRT's are i32.
func emitTopK(e *exporter, op *ir.Operation) error {
	r := rankOf(op.Operand(0))
	axes, err := axesOf(intAttr(op, "axes", 0), r)
	if err != nil {
		return err
	}
	if len(axes) != 1 {
		return fmt.Errorf("topk axes bitmask selects %d axes, want one", len(axes))
	}
	values, indices := e.out(op, 0), e.out(op, 1)
	largest := int64(0)
	if strAttr(op, "operation", "max") == "max" {
		largest = 1
	}
	i64 := e.tmp(indices, "i64")
	e.node("TopK", []string{e.in(op.Operand(0)), e.ints(values, "k", []int64{intAttr(op, "k", 0)})}, []string{values, i64},
		aInt("axis", axes[0]), aInt("largest", largest), aInt("sorted", 1))
	e.node("Cast", []string{i64}, []string{indices}, aInt("to", onnxpb.DataInt32))
	return nil
}

var resizeCoords = map[string]string{"align_corners": "align_corners", "asymmetric": "asymmetric", "half_pixel": "half_pixel"}
var resizeRounding = map[string]string{"half_up": "round_prefer_ceil", "half_down": "round_prefer_floor", "floor": "floor", "ceil": "ceil"}

// emitResize: Resize to the result's static sizes (TensorRT maps output
// to input coordinates with in/out, as ONNX does for sizes).
func emitResize(e *exporter, op *ir.Operation) error {
	in, out := shapeOf(op.Operand(0)), shapeOf(op.Result(0))
	if strAttr(op, "selector_for_single_pixel", "formula") == "upper" {
		for i := range out {
			if out[i] == 1 && in[i] != 1 {
				return fmt.Errorf("selector_for_single_pixel = \"upper\" has no ONNX Resize equivalent")
			}
		}
	}
	mode := strAttr(op, "resize_mode", "nearest")
	if mode != "nearest" && mode != "linear" && mode != "cubic" {
		return fmt.Errorf("unknown resize mode %q", mode)
	}
	coord, ok := resizeCoords[strAttr(op, "coordinate_transformation", "asymmetric")]
	if !ok {
		return fmt.Errorf("unknown coordinate transformation %q", strAttr(op, "coordinate_transformation", ""))
	}
	round, ok := resizeRounding[strAttr(op, "nearest_rounding", "floor")]
	if !ok {
		return fmt.Errorf("unknown nearest rounding %q", strAttr(op, "nearest_rounding", ""))
	}
	exclude := int64(0)
	if boolAttr(op, "exclude_outside", false) {
		exclude = 1
	}
	owner := e.out(op, 0)
	e.node("Resize", []string{e.in(op.Operand(0)), "", "", e.ints(owner, "sizes", out)}, []string{owner},
		aStr("mode", mode), aStr("coordinate_transformation_mode", coord), aStr("nearest_mode", round),
		aFloat("cubic_coeff_a", floatAttr(op, "cubic_coeff", -0.75)), aInt("exclude_outside", exclude))
	return nil
}

// emitNormalization: layer normalization (trailing axes, scale and bias
// of extent 1 before the first normalized axis) -> LayerNormalization;
// instance and group normalization over the spatial axes ->
// InstanceNormalization, on [N, G, rest] for G groups (TensorRT's group
// scale and bias are per group, as InstanceNormalization's are per
// channel of that view).
func emitNormalization(e *exporter, op *ir.Operation) error {
	x, scale, bias := op.Operand(0), op.Operand(1), op.Operand(2)
	shape, sshape := shapeOf(x), shapeOf(scale)
	r := len(shape)
	axes, err := axesOf(intAttr(op, "axes", 0), r)
	if err != nil {
		return err
	}
	for i := 1; i < len(axes); i++ {
		if axes[i] != axes[i-1]+1 {
			return fmt.Errorf("normalization over non-contiguous axes %v has no ONNX equivalent", axes)
		}
	}
	if axes[len(axes)-1] != int64(r-1) {
		return fmt.Errorf("normalization over axes %v (not trailing) has no ONNX equivalent", axes)
	}
	if len(sshape) != r {
		return fmt.Errorf("scale of rank %d, want the input's rank %d", len(sshape), r)
	}
	eps := floatAttr(op, "epsilon", 1e-5)
	groups := intAttr(op, "num_groups", 1)
	owner := e.out(op, 0)
	first := axes[0]
	leadingOnes := func(upTo int64) bool {
		for i := int64(0); i < upTo; i++ {
			if sshape[i] != 1 {
				return false
			}
		}
		return true
	}
	channelScale := r >= 3 && first == 2 && sshape[0] == 1 && numElements(sshape) == sshape[1]
	if groups == 1 && leadingOnes(first) && !(channelScale && sshape[1] != 1) {
		// LayerNormalization wants scale and bias of x.shape[first:].
		target := shape[first:]
		adapt := func(v *ir.Value, what string) string {
			name := e.in(v)
			if tail := shapeOf(v)[first:]; !equalInts(tail, target) {
				t := e.tmp(owner, what+"_reshaped")
				e.node("Reshape", []string{name, e.ints(owner, what+"_shape", tail)}, []string{t})
				x := e.tmp(owner, what+"_expanded")
				e.node("Expand", []string{t, e.ints(owner, what+"_target", target)}, []string{x})
				return x
			}
			t := e.tmp(owner, what+"_reshaped")
			e.node("Reshape", []string{name, e.ints(owner, what+"_shape", target)}, []string{t})
			return t
		}
		s, b := adapt(scale, "scale"), adapt(bias, "bias")
		e.node("LayerNormalization", []string{e.in(x), s, b}, []string{owner}, aInt("axis", first), aFloat("epsilon", eps))
		return nil
	}
	if first != 2 || r < 3 || sshape[0] != 1 || sshape[1] != groups && !(groups == 1 && sshape[1] == shape[1]) || numElements(sshape) != sshape[1] {
		return fmt.Errorf("normalization with axes %v, %d groups and scale %v has no ONNX equivalent", axes, groups, sshape)
	}
	c := sshape[1]
	flat := func(v *ir.Value, what string) string {
		t := e.tmp(owner, what+"_flat")
		e.node("Reshape", []string{e.in(v), e.ints(owner, what+"_shape", []int64{c})}, []string{t})
		return t
	}
	s, b := flat(scale, "scale"), flat(bias, "bias")
	if groups == 1 {
		e.node("InstanceNormalization", []string{e.in(x), s, b}, []string{owner}, aFloat("epsilon", eps))
		return nil
	}
	if shape[1]%groups != 0 {
		return fmt.Errorf("%d channels do not split into %d groups", shape[1], groups)
	}
	grouped, normed := e.tmp(owner, "grouped"), e.tmp(owner, "normalized")
	e.node("Reshape", []string{e.in(x), e.ints(owner, "group_shape", []int64{shape[0], groups, numElements(shape[1:]) / groups})}, []string{grouped})
	e.node("InstanceNormalization", []string{grouped, s, b}, []string{normed}, aFloat("epsilon", eps))
	e.node("Reshape", []string{normed, e.ints(owner, "shape", shape)}, []string{owner})
	return nil
}

func equalInts(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
