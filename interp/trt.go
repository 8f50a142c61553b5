package interp

import (
	"fmt"
	"math"
	"slices"
	"sort"

	"github.com/mlc-go/mlc/dialects/trt"
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
		"trt.convolution":     trtConvolution,   // 2-D NCHW·KCRS, groups, dilation, padding modes
		"trt.deconvolution":   trtDeconvolution, // 2-D transposed convolution, CKRS
		"trt.dequantize":      trtDequantize,    // q·scale, per tensor or per channel
		"trt.element_wise":    trtElementWise,   // binary arithmetic, logic, comparison
		"trt.gather":          trtGather,        // default, element and nd modes
		"trt.identity":        trtCast,          // copy, converting to the result type
		"trt.matrix_multiply": trtMatMul,        // batched with none/transpose/vector operations
		"trt.normalization":   trtNormalization, // layer/instance/group norm with scale, bias
		"trt.padding":         trtPadding,       // zero pad or crop the two innermost dims
		"trt.pooling":         trtPooling,       // 2-D max, average, blend
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

// ---- attribute access (trt attributes are inherent; absent = default) ----

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

// ---- quantization ----

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

// ---- convolution, pooling ----

// trtWindow resolves kernel, stride, padding (with the padding mode) and
// dilation of a 2-D window op on an NCHW input.
func trtWindow(c *opCall, kernelAttr string, x *tensor.Tensor, deconv bool) (window, string, error) {
	var g window
	if x.Rank() != 4 {
		return g, "", fmt.Errorf("the interpreter runs 2-D windows (NCHW), got %s", describe(x))
	}
	k, err := c.trtInts(kernelAttr, 2, 0)
	if err != nil {
		return g, "", err
	}
	s, err := c.trtInts("stride", 2, 1)
	if err != nil {
		return g, "", err
	}
	pre, err := c.trtInts("pre_padding", 2, 0)
	if err != nil {
		return g, "", err
	}
	post, err := c.trtInts("post_padding", 2, 0)
	if err != nil {
		return g, "", err
	}
	d, err := c.trtInts("dilation", 2, 1)
	if err != nil {
		return g, "", err
	}
	mode := c.trtStr("padding_mode", "explicit_round_down")
	g.kernel = [2]int{int(k[0]), int(k[1])}
	g.stride = [2]int{int(s[0]), int(s[1])}
	g.dilation = [2]int{int(d[0]), int(d[1])}
	g.pads = [4]int{int(pre[0]), int(pre[1]), int(post[0]), int(post[1])}
	if mode == "same_upper" || mode == "same_lower" {
		for i := 0; i < 2; i++ {
			in := int(x.Dim(2 + i))
			if deconv {
				// Output in·stride: total crop dk - stride.
				total := max(0, 1+g.dilation[i]*(g.kernel[i]-1)-g.stride[i])
				b, e := total/2, total-total/2
				if mode == "same_lower" {
					b, e = e, b
				}
				g.pads[i], g.pads[2+i] = b, e
				continue
			}
			b, e := tensor.SamePads(in, g.kernel[i], g.stride[i], g.dilation[i], mode == "same_upper")
			g.pads[i], g.pads[2+i] = b, e
		}
	}
	g.ceil = mode == "explicit_round_up"
	return g, mode, nil
}

// trtWindow3 is trtWindow for 3-D windows on NCDHW inputs.
func trtWindow3(c *opCall, kernelAttr string, x *tensor.Tensor) (tensor.Window3D, error) {
	var w tensor.Window3D
	k, err := c.trtInts(kernelAttr, 3, 0)
	if err != nil {
		return w, err
	}
	s, err := c.trtInts("stride", 3, 1)
	if err != nil {
		return w, err
	}
	pre, err := c.trtInts("pre_padding", 3, 0)
	if err != nil {
		return w, err
	}
	post, err := c.trtInts("post_padding", 3, 0)
	if err != nil {
		return w, err
	}
	d, err := c.trtInts("dilation", 3, 1)
	if err != nil {
		return w, err
	}
	mode := c.trtStr("padding_mode", "explicit_round_down")
	for i := 0; i < 3; i++ {
		w.Kernel[i], w.Strides[i], w.Dilations[i] = int(k[i]), int(s[i]), int(d[i])
		w.Pads[i], w.Pads[3+i] = int(pre[i]), int(post[i])
		if mode == "same_upper" || mode == "same_lower" {
			w.Pads[i], w.Pads[3+i] = tensor.SamePads(int(x.Dim(2+i)), w.Kernel[i], w.Strides[i], w.Dilations[i], mode == "same_upper")
		}
	}
	w.CeilMode = mode == "explicit_round_up"
	return w, nil
}

func trtConvolution(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	if x.Rank() == 5 {
		w, err := trtWindow3(c, "kernel_size", x)
		if err != nil {
			return nil, err
		}
		if w.CeilMode {
			return nil, fmt.Errorf("explicit_round_up convolution is not supported by the interpreter")
		}
		w.Groups = int(c.trtInt("num_groups", 1))
		var bias *tensor.Tensor
		if len(c.in) > 2 {
			bias = c.in[2]
		}
		return c.toResult(tensor.Conv3D(x, c.in[1], bias, w))
	}
	g, _, err := trtWindow(c, "kernel_size", x, false)
	if err != nil {
		return nil, err
	}
	var bias *tensor.Tensor
	if len(c.in) > 2 {
		bias = c.in[2]
	}
	y, err := conv2D(x, c.in[1], bias, g.stride, g.dilation, g.pads, int(c.trtInt("num_groups", 1)))
	if err != nil {
		return nil, err
	}
	if g.ceil {
		return nil, fmt.Errorf("explicit_round_up convolution is not supported by the interpreter")
	}
	return c.toResult(y, nil)
}

// trtDeconvolution scatters each input pixel through the CKRS kernel, in
// float64, then crops the padding.
func trtDeconvolution(c *opCall) ([]*tensor.Tensor, error) {
	x, w := c.in[0], c.in[1]
	g, _, err := trtWindow(c, "kernel_size", x, true)
	if err != nil {
		return nil, err
	}
	if w.Rank() != 4 {
		return nil, fmt.Errorf("expects a 4-D kernel, got %s", describe(w))
	}
	groups := int(c.trtInt("num_groups", 1))
	n, ci, h, wd := int(x.Dim(0)), int(x.Dim(1)), int(x.Dim(2)), int(x.Dim(3))
	mg := int(w.Dim(1))
	m := mg * groups
	if int(w.Dim(0)) != ci || ci%groups != 0 {
		return nil, fmt.Errorf("kernel %s does not match input %s with %d groups", describe(w), describe(x), groups)
	}
	kh, kw := g.kernel[0], g.kernel[1]
	oh := (h-1)*g.stride[0] + g.dilation[0]*(kh-1) + 1 - g.pads[0] - g.pads[2]
	ow := (wd-1)*g.stride[1] + g.dilation[1]*(kw-1) + 1 - g.pads[1] - g.pads[3]
	if oh < 1 || ow < 1 {
		return nil, fmt.Errorf("padding crops the whole output")
	}
	xs, ws := x.Values(), w.Values()
	out := make([]float64, n*m*oh*ow)
	cpg := ci / groups
	for b := 0; b < n; b++ {
		for c0 := 0; c0 < ci; c0++ {
			gi := c0 / cpg
			for iy := 0; iy < h; iy++ {
				for ix := 0; ix < wd; ix++ {
					v := xs[((b*ci+c0)*h+iy)*wd+ix]
					if v == 0 {
						continue
					}
					for mo := 0; mo < mg; mo++ {
						o := gi*mg + mo
						for i := 0; i < kh; i++ {
							y := iy*g.stride[0] + i*g.dilation[0] - g.pads[0]
							if y < 0 || y >= oh {
								continue
							}
							for j := 0; j < kw; j++ {
								xx := ix*g.stride[1] + j*g.dilation[1] - g.pads[1]
								if xx < 0 || xx >= ow {
									continue
								}
								out[((b*m+o)*oh+y)*ow+xx] += v * ws[((c0*mg+mo)*kh+i)*kw+j]
							}
						}
					}
				}
			}
		}
	}
	if len(c.in) > 2 {
		bs := c.in[2].Values()
		for i := range out {
			out[i] += bs[(i/(oh*ow))%m]
		}
	}
	return c.toResult(fromFloat64(x.DType(), []int64{int64(n), int64(m), int64(oh), int64(ow)}, out))
}

func trtPooling(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	if x.Rank() == 5 {
		w, err := trtWindow3(c, "window_size", x)
		if err != nil {
			return nil, err
		}
		w.Dilations = [3]int{1, 1, 1}
		switch kind := c.trtStr("pooling_type", "max"); kind {
		case "max":
			return c.toResult(tensor.MaxPool3D(x, w))
		case "average":
			w.CountIncludePad = !c.trtBool("average_count_excludes_padding", true)
			return c.toResult(tensor.AvgPool3D(x, w))
		default:
			return nil, fmt.Errorf("3-D %s pooling is not supported by the interpreter", kind)
		}
	}
	g, _, err := trtWindow(c, "window_size", x, false)
	if err != nil {
		return nil, err
	}
	want, err := c.resultShape(0)
	if err != nil {
		return nil, err
	}
	kind := c.trtStr("pooling_type", "max")
	avg := func() (*tensor.Tensor, error) {
		p := g.params()
		p.Dilations = [2]int{1, 1}
		p.CountIncludePad = !c.trtBool("average_count_excludes_padding", true)
		return tensor.AvgPool2D(x, p)
	}
	var y *tensor.Tensor
	switch kind {
	case "max":
		y, err = maxPool2D(x, g)
	case "average":
		y, err = avg()
	case "max_average_blend":
		var mx, av *tensor.Tensor
		if mx, err = maxPool2D(x, g); err == nil {
			if av, err = avg(); err == nil {
				b := c.trtFloat("blend_factor", 0)
				ms, as := mx.Values(), av.Values()
				for i := range ms {
					ms[i] = (1-b)*ms[i] + b*as[i]
				}
				y, err = fromFloat64(x.DType(), mx.Shape(), ms)
			}
		}
	default:
		return nil, fmt.Errorf("unknown pooling_type %q", kind)
	}
	if err != nil {
		return nil, err
	}
	if !slices.Equal(y.Shape(), want) {
		return nil, fmt.Errorf("pooling gives %s, but the result type says %s (the interpreter drops windows that start in the end padding)", tensor.FormatShape(y.Shape()), tensor.FormatShape(want))
	}
	return c.toResult(y, nil)
}

// ---- matrix multiply ----

func trtMatMul(c *opCall) ([]*tensor.Tensor, error) {
	a, b := c.in[0], c.in[1]
	ops := [2]string{c.trtStr("op0", "none"), c.trtStr("op1", "none")}
	ins := [2]*tensor.Tensor{a, b}
	for i, x := range ins {
		var err error
		switch ops[i] {
		case "transpose":
			if x.Rank() < 2 {
				return nil, fmt.Errorf("transpose needs a matrix, got %s", describe(x))
			}
			perm := make([]int, x.Rank())
			for j := range perm {
				perm[j] = j
			}
			perm[x.Rank()-1], perm[x.Rank()-2] = perm[x.Rank()-2], perm[x.Rank()-1]
			ins[i], err = tensor.Transpose(x, perm)
		case "vector":
			s := x.Shape()
			if i == 0 {
				s = append(s[:len(s)-1:len(s)-1], 1, s[len(s)-1])
			} else {
				s = append(s, 1)
			}
			ins[i], err = x.Reshape(s...)
		}
		if err != nil {
			return nil, err
		}
	}
	y, err := matMul(ins[0], ins[1])
	if err != nil {
		return nil, err
	}
	want, err := c.resultShape(0)
	if err != nil {
		return nil, err
	}
	if y, err = y.Reshape(want...); err != nil {
		return nil, err
	}
	return c.toResult(y, nil)
}

// ---- elementwise ----

var trtBinary = map[string]tensor.BinaryOp{
	"sum": tensor.OpAdd, "sub": tensor.OpSub, "prod": tensor.OpMul, "div": tensor.OpDiv,
	"pow": tensor.OpPow, "max": tensor.OpMax, "min": tensor.OpMin,
}

var trtLogical = map[string]tensor.LogicalOp{"and": tensor.OpAnd, "or": tensor.OpOr, "xor": tensor.OpXor}

var trtCompare = map[string]tensor.CompareOp{"equal": tensor.OpEqual, "greater": tensor.OpGreater, "less": tensor.OpLess}

func trtElementWise(c *opCall) ([]*tensor.Tensor, error) {
	a, b := c.in[0], c.in[1]
	op := c.trtStr("operation", "")
	if op, ok := trtBinary[op]; ok {
		return c.toResult(tensor.Binary(op, a, b))
	}
	if op, ok := trtLogical[op]; ok {
		return c.toResult(tensor.Logical(op, a, b))
	}
	if op, ok := trtCompare[op]; ok {
		return c.toResult(tensor.Compare(op, a, b))
	}
	if op == "floor_div" {
		return c.toResult(binaryFunc(a, b, floorDivFloat, floorDivInt))
	}
	return nil, fmt.Errorf("unknown operation %q", op)
}

var trtActivations = map[string]func(a, b float64) func(float64) float64{
	"selu": func(a, b float64) func(float64) float64 {
		return func(x float64) float64 {
			if x > 0 {
				return b * x
			}
			return b * a * (math.Exp(x) - 1)
		}
	},
	"softsign": func(_, _ float64) func(float64) float64 {
		return func(x float64) float64 { return x / (1 + math.Abs(x)) }
	},
	"softplus": func(a, b float64) func(float64) float64 {
		return func(x float64) float64 { return a * math.Log(math.Exp(b*x)+1) }
	},
	"scaled_tanh": func(a, b float64) func(float64) float64 {
		return func(x float64) float64 { return a * math.Tanh(b*x) }
	},
	"thresholded_relu": func(a, _ float64) func(float64) float64 {
		return func(x float64) float64 {
			if x > a {
				return x
			}
			return 0
		}
	},
}

func trtActivation(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	a, b := c.trtFloat("alpha", 0), c.trtFloat("beta", 0)
	switch kind := c.trtStr("activation_type", ""); kind {
	case "relu":
		return c.toResult(tensor.Unary(tensor.OpRelu, x))
	case "sigmoid":
		return c.toResult(tensor.Unary(tensor.OpSigmoid, x))
	case "tanh":
		return c.toResult(tensor.Unary(tensor.OpTanh, x))
	case "gelu_erf":
		return c.toResult(tensor.Unary(tensor.OpGeluErf, x))
	case "gelu_tanh":
		return c.toResult(tensor.Unary(tensor.OpGeluTanh, x))
	case "leaky_relu":
		return c.toResult(tensor.LeakyRelu(x, a))
	case "elu":
		return c.toResult(tensor.Elu(x, a))
	case "clip":
		return c.toResult(tensor.Clip(x, a, b))
	case "hard_sigmoid":
		return c.toResult(tensor.HardSigmoid(x, a, b))
	default:
		f, ok := trtActivations[kind]
		if !ok {
			return nil, fmt.Errorf("unknown activation_type %q", kind)
		}
		return c.toResult(mapFloat(x, f(a, b)))
	}
}

var trtUnaryOps = map[string]tensor.UnaryOp{
	"exp": tensor.OpExp, "log": tensor.OpLog, "sqrt": tensor.OpSqrt, "recip": tensor.OpReciprocal,
	"abs": tensor.OpAbs, "neg": tensor.OpNeg, "sin": tensor.OpSin, "cos": tensor.OpCos,
	"ceil": tensor.OpCeil, "floor": tensor.OpFloor, "erf": tensor.OpErf, "sign": tensor.OpSign,
	"round": tensor.OpRound,
}

var trtUnaryFuncs = map[string]func(float64) float64{
	"tan": math.Tan, "sinh": math.Sinh, "cosh": math.Cosh, "asin": math.Asin, "acos": math.Acos,
	"atan": math.Atan, "asinh": math.Asinh, "acosh": math.Acosh, "atanh": math.Atanh,
}

func trtUnary(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	op := c.trtStr("operation", "")
	if u, ok := trtUnaryOps[op]; ok {
		return c.toResult(tensor.Unary(u, x))
	}
	if f, ok := trtUnaryFuncs[op]; ok {
		return c.toResult(mapFloat(x, f))
	}
	switch op {
	case "not":
		return c.toResult(tensor.Not(x))
	case "isinf":
		return c.toResult(boolMap(x, func(v float64) bool { return math.IsInf(v, 0) }))
	case "isnan":
		return c.toResult(boolMap(x, math.IsNaN))
	}
	return nil, fmt.Errorf("unknown operation %q", op)
}

func trtSelect(c *opCall) ([]*tensor.Tensor, error) {
	return c.toResult(tensor.Where(c.in[0], c.in[1], c.in[2]))
}

// ---- softmax, normalization, reduce ----

func trtSoftmax(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	axes, err := c.trtAxes(x.Rank())
	if err != nil {
		return nil, err
	}
	if len(axes) != 1 {
		return nil, fmt.Errorf("softmax takes exactly one axis")
	}
	outer, n, inner := dimView(x.Shape(), axes[0])
	v := x.Values()
	for o := 0; o < outer; o++ {
		for in := 0; in < inner; in++ {
			base := o*n*inner + in
			m := math.Inf(-1)
			for k := 0; k < n; k++ {
				m = math.Max(m, v[base+k*inner])
			}
			s := 0.0
			for k := 0; k < n; k++ {
				e := math.Exp(v[base+k*inner] - m)
				v[base+k*inner] = e
				s += e
			}
			for k := 0; k < n; k++ {
				v[base+k*inner] /= s
			}
		}
	}
	return c.toResult(fromFloat64(x.DType(), x.Shape(), v))
}

// trtNormalization normalizes over the axes (and, with num_groups G > 1,
// over the channels of each of G groups), in float64, then applies scale
// and bias broadcast to the input (per group for G > 1).
func trtNormalization(c *opCall) ([]*tensor.Tensor, error) {
	x, scale, bias := c.in[0], c.in[1], c.in[2]
	axes, err := c.trtAxes(x.Rank())
	if err != nil {
		return nil, err
	}
	eps := c.trtFloat("epsilon", 1e-5)
	groups := int(c.trtInt("num_groups", 1))
	shape := x.Shape()
	red := make([]bool, len(shape))
	for _, a := range axes {
		red[a] = true
	}
	per := 1
	if groups > 1 {
		if len(shape) < 3 || int(shape[1])%groups != 0 {
			return nil, fmt.Errorf("cannot split %s into %d channel groups", describe(x), groups)
		}
		per = int(shape[1]) / groups
	}
	// key: the element's index over the kept axes (channel → its group).
	keys := make([]int, x.Len())
	idx := make([]int64, len(shape))
	nkeys := 0
	index := map[string]int{}
	buf := make([]int64, len(shape))
	for i := range keys {
		for d := range shape {
			switch {
			case red[d]:
				buf[d] = -1
			case groups > 1 && d == 1:
				buf[d] = idx[d] / int64(per)
			default:
				buf[d] = idx[d]
			}
		}
		k := fmt.Sprint(buf)
		id, ok := index[k]
		if !ok {
			id = nkeys
			index[k] = id
			nkeys++
		}
		keys[i] = id
		for d := len(shape) - 1; d >= 0; d-- {
			idx[d]++
			if idx[d] < shape[d] {
				break
			}
			idx[d] = 0
		}
	}
	v := x.Values()
	sum, sq, cnt := make([]float64, nkeys), make([]float64, nkeys), make([]float64, nkeys)
	for i, k := range keys {
		sum[k] += v[i]
		cnt[k]++
	}
	for k := range sum {
		sum[k] /= cnt[k]
	}
	for i, k := range keys {
		d := v[i] - sum[k]
		sq[k] += d * d
	}
	sv, bv := scale.Values(), bias.Values()
	ss := scale.Shape()
	for i := range v {
		// Broadcast index into scale/bias.
		rem, si, stride := i, 0, 1
		for d := len(shape) - 1; d >= 0; d-- {
			c := rem % int(shape[d])
			rem /= int(shape[d])
			if ss[d] != 1 {
				if groups > 1 && d == 1 {
					c /= per
				}
				si += c * stride
			}
			stride *= int(ss[d])
		}
		k := keys[i]
		v[i] = (v[i]-sum[k])/math.Sqrt(sq[k]/cnt[k]+eps)*sv[si] + bv[si]
	}
	return c.toResult(fromFloat64(x.DType(), shape, v))
}

var trtReduceOps = map[string]tensor.ReduceOp{
	"sum": tensor.ReduceSum, "prod": tensor.ReduceProd, "max": tensor.ReduceMax, "min": tensor.ReduceMin, "avg": tensor.ReduceMean,
}

func trtReduce(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	axes, err := c.trtAxes(x.Rank())
	if err != nil {
		return nil, err
	}
	op, ok := trtReduceOps[c.trtStr("operation", "")]
	if !ok {
		return nil, fmt.Errorf("unknown operation %q", c.trtStr("operation", ""))
	}
	return c.toResult(tensor.Reduce(op, x, axes, c.trtBool("keep_dimensions", false)))
}

func trtTopK(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	axes, err := c.trtAxes(x.Rank())
	if err != nil {
		return nil, err
	}
	if len(axes) != 1 {
		return nil, fmt.Errorf("topk takes exactly one axis")
	}
	k := int(c.trtInt("k", 0))
	outer, n, inner := dimView(x.Shape(), axes[0])
	if k < 1 || k > n {
		return nil, fmt.Errorf("k %d is out of range [1, %d]", k, n)
	}
	largest := c.trtStr("operation", "max") == "max"
	v := x.Values()
	// before: a comes first; NaN counts as the largest, ties keep order.
	before := func(a, b float64) bool {
		if largest {
			return a > b || (math.IsNaN(a) && !math.IsNaN(b))
		}
		return a < b || (math.IsNaN(b) && !math.IsNaN(a))
	}
	shape := x.Shape()
	shape[axes[0]] = int64(k)
	flat := make([]int64, 0, outer*k*inner)
	pos := make([]int32, 0, outer*k*inner)
	sel := make([][]int, outer*inner)
	for o := 0; o < outer; o++ {
		for in := 0; in < inner; in++ {
			order := make([]int, n)
			for j := range order {
				order[j] = j
			}
			base := o*n*inner + in
			sort.SliceStable(order, func(i, j int) bool { return before(v[base+order[i]*inner], v[base+order[j]*inner]) })
			sel[o*inner+in] = order[:k]
		}
	}
	for o := 0; o < outer; o++ {
		for j := 0; j < k; j++ {
			for in := 0; in < inner; in++ {
				p := sel[o*inner+in][j]
				flat = append(flat, int64(o*n*inner+p*inner+in))
				pos = append(pos, int32(p))
			}
		}
	}
	vals, err := takeFlat(x, flat, shape)
	if err != nil {
		return nil, err
	}
	idx, err := tensor.FromSlice(tensor.I32, shape, pos)
	if err != nil {
		return nil, err
	}
	return []*tensor.Tensor{vals, idx}, nil
}

// ---- data movement ----

func trtShuffle(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	var err error
	if d, ok := c.op.InherentAttr("first_transpose").(*ir.DenseArrayAttr); ok {
		if x, err = tensor.Transpose(x, toInts(d.Ints)); err != nil {
			return nil, err
		}
	}
	if d, ok := c.op.InherentAttr("reshape_dims").(*ir.DenseArrayAttr); ok {
		s, err := trt.ResolveReshape(x.Shape(), d.Ints, c.trtBool("zero_is_placeholder", true))
		if err != nil {
			return nil, err
		}
		if x, err = x.Reshape(s...); err != nil {
			return nil, err
		}
	}
	if d, ok := c.op.InherentAttr("second_transpose").(*ir.DenseArrayAttr); ok {
		if x, err = tensor.Transpose(x, toInts(d.Ints)); err != nil {
			return nil, err
		}
	}
	return c.toResult(x, nil)
}

func trtConcat(c *opCall) ([]*tensor.Tensor, error) {
	axis := c.trtInt("axis", trt.ConcatDefaultAxis(c.in[0].Rank()))
	return c.toResult(tensor.Concat(int(axis), c.in...))
}

// sampled builds a tensor of the given shape whose element at output
// coordinate y reads input coordinate start + y·stride per axis, with
// out-of-bounds coordinates handled by mode (fill reads zero).
func sampled(x *tensor.Tensor, start, size, stride []int64, mode string) (*tensor.Tensor, error) {
	in := x.Shape()
	r := len(in)
	if len(start) != r || len(size) != r || len(stride) != r {
		return nil, fmt.Errorf("start, size and stride need %d values", r)
	}
	total := int64(1)
	for _, s := range size {
		total *= s
	}
	n := int64(x.Len())
	idx := make([]int64, total)
	y := make([]int64, r)
	for i := range idx {
		flat, stridePos := int64(0), int64(1)
		fill := false
		for d := r - 1; d >= 0; d-- {
			p := start[d] + y[d]*stride[d]
			e := in[d]
			if p < 0 || p >= e {
				switch mode {
				case "wrap":
					p = ((p % e) + e) % e
				case "clamp":
					p = min(max(p, 0), e-1)
				case "reflect":
					if e == 1 {
						p = 0
					} else {
						period := 2 * (e - 1)
						p = ((p % period) + period) % period
						if p >= e {
							p = period - p
						}
					}
				case "fill":
					fill = true
				default:
					return nil, fmt.Errorf("slice reads coordinate %d outside [0, %d) on axis %d", p, e, d)
				}
			}
			flat += p * stridePos
			stridePos *= e
		}
		if fill {
			flat = n
		}
		idx[i] = flat
		for d := r - 1; d >= 0; d-- {
			y[d]++
			if y[d] < size[d] {
				break
			}
			y[d] = 0
		}
	}
	src := x
	if mode == "fill" {
		flat, err := x.Reshape(-1)
		if err != nil {
			return nil, err
		}
		zero, err := filled(x.DType(), []int64{1}, 0)
		if err != nil {
			return nil, err
		}
		if src, err = tensor.Concat(0, flat, zero); err != nil {
			return nil, err
		}
	}
	return takeFlat(src, idx, size)
}

func trtSlice(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	r := x.Rank()
	start, err := c.trtInts("start", r, 0)
	if err != nil {
		return nil, err
	}
	size, err := c.trtInts("size", r, 0)
	if err != nil {
		return nil, err
	}
	stride, err := c.trtInts("stride", r, 1)
	if err != nil {
		return nil, err
	}
	return c.toResult(sampled(x, start, size, stride, c.trtStr("mode", "strict_bounds")))
}

func trtPadding(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	pre, err := c.trtInts("pre_padding", 2, 0)
	if err != nil {
		return nil, err
	}
	size, err := c.resultShape(0)
	if err != nil {
		return nil, err
	}
	r := x.Rank()
	start, ones := make([]int64, r), make([]int64, r)
	for i := range ones {
		ones[i] = 1
	}
	start[r-2], start[r-1] = -pre[0], -pre[1]
	return c.toResult(sampled(x, start, size, ones, "fill"))
}

func trtGather(c *opCall) ([]*tensor.Tensor, error) {
	data, ind := c.in[0], c.in[1]
	want, err := c.resultShape(0)
	if err != nil {
		return nil, err
	}
	mode := c.trtStr("mode", "default")
	axis := int(c.trtInt("axis", 0))
	nbe := c.trtInt("num_elementwise_dims", 0)
	if nbe == 0 || mode == "element" {
		y, err := gatherOnce(data, ind, mode, axis)
		if err != nil {
			return nil, err
		}
		return c.toResult(y.Reshape(want...))
	}
	if nbe != 1 || data.Rank() < 1 || ind.Rank() < 1 {
		return nil, fmt.Errorf("num_elementwise_dims must be 0 or 1")
	}
	// The leading dimension is handled elementwise: gather each batch
	// entry (broadcasting an extent of 1) and stack the results.
	n := max(data.Dim(0), ind.Dim(0))
	var parts []*tensor.Tensor
	for b := int64(0); b < n; b++ {
		d, err := batchEntry(data, b)
		if err != nil {
			return nil, err
		}
		i, err := batchEntry(ind, b)
		if err != nil {
			return nil, err
		}
		y, err := gatherOnce(d, i, mode, axis-1)
		if err != nil {
			return nil, err
		}
		if y, err = y.Reshape(append([]int64{1}, y.Shape()...)...); err != nil {
			return nil, err
		}
		parts = append(parts, y)
	}
	y, err := tensor.Concat(0, parts...)
	if err != nil {
		return nil, err
	}
	return c.toResult(y.Reshape(want...))
}

// batchEntry is x[b] (x[0] when the leading extent is 1).
func batchEntry(x *tensor.Tensor, b int64) (*tensor.Tensor, error) {
	if x.Dim(0) == 1 {
		b = 0
	}
	s, err := tensor.Slice(x, []int64{b}, []int64{b + 1}, []int{0}, nil)
	if err != nil {
		return nil, err
	}
	return s.Reshape(x.Shape()[1:]...)
}

// gatherOnce is IGatherLayer without elementwise dimensions: default
// (ONNX Gather), element (GatherElements) or nd (GatherND) mode.
func gatherOnce(data, ind *tensor.Tensor, mode string, axis int) (*tensor.Tensor, error) {
	ds, is := data.Shape(), ind.Shape()
	iv := ind.IntValues()
	switch mode {
	case "default":
		return tensor.Gather(data, ind, axis)
	case "element":
		if axis < 0 || axis >= len(ds) || len(is) != len(ds) {
			return nil, fmt.Errorf("element mode needs indices of the data's rank and an axis in range")
		}
		flat := make([]int64, len(iv))
		pos := make([]int64, len(is))
		for i, q := range iv {
			if q < 0 {
				q += ds[axis]
			}
			if q < 0 || q >= ds[axis] {
				return nil, fmt.Errorf("index %d is out of range for axis %d of size %d", iv[i], axis, ds[axis])
			}
			f := int64(0)
			for d := range ds {
				p := pos[d]
				if d == axis {
					p = q
				}
				f = f*ds[d] + p
			}
			flat[i] = f
			for d := len(is) - 1; d >= 0; d-- {
				pos[d]++
				if pos[d] < is[d] {
					break
				}
				pos[d] = 0
			}
		}
		return takeFlat(data, flat, is)
	case "nd":
		if len(is) == 0 {
			return nil, fmt.Errorf("nd mode needs indices of rank at least 1")
		}
		k := int(is[len(is)-1])
		if k < 1 || k > len(ds) {
			return nil, fmt.Errorf("the last indices dimension %d must be in [1, %d]", k, len(ds))
		}
		inner := int64(1)
		for _, d := range ds[k:] {
			inner *= d
		}
		var flat []int64
		for t := 0; t < len(iv)/k; t++ {
			base := int64(0)
			for d := 0; d < k; d++ {
				q := iv[t*k+d]
				if q < 0 {
					q += ds[d]
				}
				if q < 0 || q >= ds[d] {
					return nil, fmt.Errorf("index %d is out of range for dimension %d of size %d", iv[t*k+d], d, ds[d])
				}
				base = base*ds[d] + q
			}
			for j := int64(0); j < inner; j++ {
				flat = append(flat, base*inner+j)
			}
		}
		out := append(append([]int64(nil), is[:len(is)-1]...), ds[k:]...)
		return takeFlat(data, flat, out)
	}
	return nil, fmt.Errorf("unknown gather mode %q", mode)
}

func trtShape(c *opCall) ([]*tensor.Tensor, error) {
	s := c.in[0].Shape()
	return one(tensor.FromSlice(tensor.I64, []int64{int64(len(s))}, s))
}

// ---- resize ----

type tap struct {
	at int
	w  float64
}

// resizeTaps are the input positions and weights of each output position
// along one dimension.
func resizeTaps(c *opCall, in, out int, scale float64) ([][]tap, error) {
	mode := c.trtStr("resize_mode", "nearest")
	ct := c.trtStr("coordinate_transformation", "asymmetric")
	round := c.trtStr("nearest_rounding", "floor")
	a := c.trtFloat("cubic_coeff", -0.75)
	exclude := c.trtBool("exclude_outside", false)
	taps := make([][]tap, out)
	for o := range taps {
		var x float64
		switch {
		case out == 1 && c.trtStr("selector_for_single_pixel", "formula") == "upper":
			x = 0
		case ct == "align_corners":
			if out > 1 {
				x = float64(o) * float64(in-1) / float64(out-1)
			}
		case ct == "half_pixel":
			x = (float64(o)+0.5)/scale - 0.5
		default:
			x = float64(o) / scale
		}
		clampI := func(i int) int { return min(max(i, 0), in-1) }
		switch mode {
		case "nearest":
			var i float64
			switch round {
			case "half_up":
				i = math.Floor(x + 0.5)
			case "half_down":
				i = math.Ceil(x - 0.5)
			case "ceil":
				i = math.Ceil(x)
			default:
				i = math.Floor(x)
			}
			taps[o] = []tap{{clampI(int(i)), 1}}
		case "linear":
			x = math.Max(x, 0)
			i0 := int(math.Floor(x))
			f := x - float64(i0)
			taps[o] = []tap{{clampI(i0), 1 - f}, {clampI(i0 + 1), f}}
		case "cubic":
			i0 := int(math.Floor(x))
			f := x - float64(i0)
			var ts []tap
			sum := 0.0
			for j := -1; j <= 2; j++ {
				d := math.Abs(f - float64(j))
				var w float64
				switch {
				case d <= 1:
					w = ((a+2)*d-(a+3))*d*d + 1
				case d < 2:
					w = ((a*d-5*a)*d+8*a)*d - 4*a
				}
				p := i0 + j
				if exclude && (p < 0 || p >= in) {
					continue
				}
				ts = append(ts, tap{clampI(p), w})
				sum += w
			}
			if exclude && sum != 0 {
				for i := range ts {
					ts[i].w /= sum
				}
			}
			taps[o] = ts
		default:
			return nil, fmt.Errorf("unknown resize_mode %q", mode)
		}
	}
	return taps, nil
}

func trtResize(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	want, err := c.resultShape(0)
	if err != nil {
		return nil, err
	}
	scales, _ := c.op.InherentAttr("scales").(*ir.DenseArrayAttr)
	shape := x.Shape()
	v := x.Values()
	for d := range shape {
		if shape[d] == want[d] && (scales == nil || scales.Floats[d] == 1) {
			continue
		}
		s := float64(want[d]) / float64(shape[d])
		if scales != nil {
			s = scales.Floats[d]
		}
		taps, err := resizeTaps(c, int(shape[d]), int(want[d]), s)
		if err != nil {
			return nil, err
		}
		outer, n, inner := dimView(shape, d)
		m := int(want[d])
		nv := make([]float64, outer*m*inner)
		for o := 0; o < outer; o++ {
			for j := 0; j < m; j++ {
				for in := 0; in < inner; in++ {
					acc := 0.0
					for _, t := range taps[j] {
						acc += t.w * v[(o*n+t.at)*inner+in]
					}
					nv[(o*m+j)*inner+in] = acc
				}
			}
		}
		v = nv
		shape[d] = want[d]
	}
	return c.toResult(fromFloat64(x.DType(), shape, v))
}
