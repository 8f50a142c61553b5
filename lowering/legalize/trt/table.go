package trt

import (
	"fmt"
	"math"

	"github.com/mlc-go/mlc/dialects/ods"
	trtd "github.com/mlc-go/mlc/dialects/trt"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// buildFn emits the layers of one core op from its converted operands and
// returns the values that replace its results.
type buildFn func(e *emitter, op *ir.Operation, in []*ir.Value) ([]*ir.Value, error)

// mapping is one row of the core → TensorRT table.
type mapping struct {
	Core   string // core op, without "core."
	Layers string // the TensorRT layers it becomes
	Limits string // what it cannot map (check's cases), for the docs
	build  buildFn
	// check says why this op cannot be mapped ("" when it can), for what
	// the target's element types do not decide (attributes, operand kinds).
	check func(op *ir.Operation) string
	// untyped operands are not checked against the target's element types
	// (gather's indices): the op class lists data operands only.
	untyped []int
}

// Mappings is the table: every core op that has a TensorRT form. A core op
// missing here cannot be legalised for a TensorRT target.
var Mappings = []mapping{
	// elementwise binary: IElementWiseLayer, ranks made equal first
	{Core: "add", Layers: "element_wise sum", build: elementWise("sum")},
	{Core: "sub", Layers: "element_wise sub", build: elementWise("sub")},
	{Core: "mul", Layers: "element_wise prod", build: elementWise("prod")},
	{Core: "div", Layers: "element_wise div", Limits: "float only", build: elementWise("div"), check: floatOnly("integer division rounding is not modelled for TensorRT")},
	{Core: "pow", Layers: "element_wise pow", build: elementWise("pow")},
	{Core: "max", Layers: "element_wise max", build: elementWise("max")},
	{Core: "min", Layers: "element_wise min", build: elementWise("min")},
	{Core: "and", Layers: "element_wise and", build: elementWise("and")},
	{Core: "or", Layers: "element_wise or", build: elementWise("or")},
	{Core: "xor", Layers: "element_wise xor", build: elementWise("xor")},
	{Core: "cmp", Layers: "element_wise equal/greater/less (+ unary not, element_wise or)", build: compare},
	{Core: "select", Layers: "select", build: selectLayer},

	// elementwise unary: IActivationLayer / IUnaryLayer
	{Core: "relu", Layers: "activation relu", build: activation("relu")},
	{Core: "sigmoid", Layers: "activation sigmoid", build: activation("sigmoid")},
	{Core: "tanh", Layers: "activation tanh", build: activation("tanh")},
	{Core: "clamp", Layers: "activation clip, or element_wise max/min with a constant", build: clamp},
	{Core: "neg", Layers: "unary neg", build: unaryLayer("neg")},
	{Core: "abs", Layers: "unary abs", build: unaryLayer("abs")},
	{Core: "exp", Layers: "unary exp", build: unaryLayer("exp")},
	{Core: "log", Layers: "unary log", build: unaryLayer("log")},
	{Core: "sqrt", Layers: "unary sqrt", build: unaryLayer("sqrt")},
	{Core: "rsqrt", Layers: "unary sqrt, unary recip", build: unaryChain("sqrt", "recip")},
	{Core: "reciprocal", Layers: "unary recip", build: unaryLayer("recip")},
	{Core: "erf", Layers: "unary erf", build: unaryLayer("erf")},
	{Core: "floor", Layers: "unary floor", build: unaryLayer("floor")},
	{Core: "ceil", Layers: "unary ceil", build: unaryLayer("ceil")},
	{Core: "round", Layers: "unary round", build: unaryLayer("round")},
	{Core: "sin", Layers: "unary sin", build: unaryLayer("sin")},
	{Core: "cos", Layers: "unary cos", build: unaryLayer("cos")},
	{Core: "sign", Layers: "unary sign", build: unaryLayer("sign")},
	{Core: "not", Layers: "unary not", build: unaryLayer("not")},
	{Core: "cast", Layers: "cast", build: castLayer},

	// composites: one layer each (composite.go)
	{Core: "layer_norm", Layers: "normalization (scale and bias shuffled to the input's rank)", Limits: "float only (int8 through Q/DQ)", build: normalization, check: floatOnly("INormalizationLayer runs in float (int8 through Q/DQ)")},
	{Core: "softmax", Layers: "softmax", Limits: "float only (int8 through Q/DQ)", build: softmaxLayer, check: floatOnly("ISoftMaxLayer runs in float (int8 through Q/DQ)")},
	{Core: "gelu", Layers: "activation gelu_erf or gelu_tanh", build: geluLayer},

	// contractions, convolution, pooling
	{Core: "conv2d", Layers: "convolution", Limits: "float bias only", build: convolution, check: convCheck},
	{Core: "matmul", Layers: "matrix_multiply", Limits: "float only (int8 through Q/DQ)", build: matmul, check: floatOnly("TensorRT multiplies float matrices (int8 through Q/DQ)")},
	{Core: "max_pool2d", Layers: "pooling max", Limits: "no dilation; ceil_mode only where explicit_round_up gives the same windows", build: pooling("max"), check: poolCheck},
	{Core: "avg_pool2d", Layers: "pooling average", Limits: "no dilation; ceil_mode only where explicit_round_up gives the same windows, and not with count_include_pad", build: pooling("average"), check: poolCheck},

	// reductions
	{Core: "reduce_sum", Layers: "reduce sum", build: reduce("sum")},
	{Core: "reduce_mean", Layers: "reduce avg", build: reduce("avg")},
	{Core: "reduce_max", Layers: "reduce max", build: reduce("max")},
	{Core: "reduce_min", Layers: "reduce min", build: reduce("min")},
	{Core: "reduce_prod", Layers: "reduce prod", build: reduce("prod")},
	{Core: "argmax", Layers: "topk max k=1, cast", build: argReduce("max")},
	{Core: "argmin", Layers: "topk min k=1, cast", build: argReduce("min")},

	// data movement
	{Core: "reshape", Layers: "shuffle (reshape_dims)", build: reshapeLayer},
	{Core: "transpose", Layers: "shuffle (first_transpose)", build: transposeLayer},
	{Core: "broadcast_to", Layers: "slice (clamp mode)", build: broadcastLayer},
	{Core: "concat", Layers: "concatenation", build: concatLayer},
	{Core: "slice", Layers: "slice", build: sliceLayer},
	{Core: "gather", Layers: "gather", build: gatherLayer, untyped: []int{1}},
	{Core: "pad", Layers: "slice (fill mode)", Limits: "zero padding only", build: padLayer, check: padCheck},
	{Core: "constant", Layers: "constant", build: constantLayer},
}

var byCore = func() map[string]*mapping {
	m := map[string]*mapping{}
	for i := range Mappings {
		m["core."+Mappings[i].Core] = &Mappings[i]
	}
	return m
}()

// ---- core attribute access ----

func resultShape(op *ir.Operation) []int64 { return shapeOf(op.Result(0)) }

func one(v *ir.Value, err error) ([]*ir.Value, error) {
	if err != nil {
		return nil, err
	}
	return []*ir.Value{v}, nil
}

func floatOnly(why string) func(op *ir.Operation) string {
	return func(op *ir.Operation) string {
		if !ir.IsFloat(ir.ElementTypeOf(op.Result(0).Type())) {
			return why
		}
		return ""
	}
}

// ---- builders ----

func elementWise(operation string) buildFn {
	return func(e *emitter, op *ir.Operation, in []*ir.Value) ([]*ir.Value, error) {
		vs, err := e.sameRank(in)
		if err != nil {
			return nil, err
		}
		return one(e.value("element_wise", vs, e.str("operation", operation)))
	}
}

// compare: eq, gt, lt map directly; ne = not(equal); ge, le = or of two,
// so that NaN compares false as IEEE's ordered predicates do.
func compare(e *emitter, op *ir.Operation, in []*ir.Value) ([]*ir.Value, error) {
	vs, err := e.sameRank(in)
	if err != nil {
		return nil, err
	}
	ew := func(o string) (*ir.Value, error) { return e.value("element_wise", vs, e.str("operation", o)) }
	p, _ := op.InherentAttr("predicate").(*ir.StringAttr)
	if p == nil {
		return nil, fmt.Errorf("requires a predicate")
	}
	switch p.Value {
	case "eq":
		return one(ew("equal"))
	case "gt":
		return one(ew("greater"))
	case "lt":
		return one(ew("less"))
	case "ne":
		eq, err := ew("equal")
		if err != nil {
			return nil, err
		}
		return one(e.value("unary", []*ir.Value{eq}, e.str("operation", "not")))
	case "ge", "le":
		strict := "greater"
		if p.Value == "le" {
			strict = "less"
		}
		a, err := ew(strict)
		if err != nil {
			return nil, err
		}
		b, err := ew("equal")
		if err != nil {
			return nil, err
		}
		return one(e.value("element_wise", []*ir.Value{a, b}, e.str("operation", "or")))
	}
	return nil, fmt.Errorf("unknown predicate %q", p.Value)
}

func selectLayer(e *emitter, op *ir.Operation, in []*ir.Value) ([]*ir.Value, error) {
	vs, err := e.sameRank(in)
	if err != nil {
		return nil, err
	}
	return one(e.value("select", vs))
}

func activation(kind string) buildFn {
	return func(e *emitter, op *ir.Operation, in []*ir.Value) ([]*ir.Value, error) {
		return one(e.value("activation", in[:1], e.str("activation_type", kind)))
	}
}

func unaryLayer(operation string) buildFn { return unaryChain(operation) }

func unaryChain(operations ...string) buildFn {
	return func(e *emitter, op *ir.Operation, in []*ir.Value) ([]*ir.Value, error) {
		v := in[0]
		for _, o := range operations {
			var err error
			if v, err = e.value("unary", []*ir.Value{v}, e.str("operation", o)); err != nil {
				return nil, err
			}
		}
		return []*ir.Value{v}, nil
	}
}

// clamp: both bounds are IActivationLayer's clip; one bound is an
// elementwise max or min with a broadcast constant.
func clamp(e *emitter, op *ir.Operation, in []*ir.Value) ([]*ir.Value, error) {
	lo, hasLo := ods.FloatOf(op, "min")
	hi, hasHi := ods.FloatOf(op, "max")
	x := in[0]
	switch {
	case hasLo && hasHi && ir.IsFloat(elemOf(x)):
		return one(e.value("activation", []*ir.Value{x}, e.str("activation_type", "clip"), e.f32("alpha", lo), e.f32("beta", hi)))
	case !hasLo && !hasHi:
		return []*ir.Value{x}, nil
	}
	ones := make([]int64, len(shapeOf(x)))
	for i := range ones {
		ones[i] = 1
	}
	for _, b := range []struct {
		has bool
		v   float64
		op  string
	}{{hasLo, lo, "max"}, {hasHi, hi, "min"}} {
		if !b.has {
			continue
		}
		c, err := e.splat(elemOf(x), ones, b.v)
		if err != nil {
			return nil, err
		}
		if x, err = e.value("element_wise", []*ir.Value{x, c}, e.str("operation", b.op)); err != nil {
			return nil, err
		}
	}
	return []*ir.Value{x}, nil
}

func castLayer(e *emitter, op *ir.Operation, in []*ir.Value) ([]*ir.Value, error) {
	to := ir.ElementTypeOf(op.Result(0).Type())
	if to == elemOf(in[0]) {
		return in[:1], nil
	}
	return one(e.value("cast", in[:1], e.typ("to_type", to)))
}

func convCheck(op *ir.Operation) string {
	if op.NumOperands() > 2 && !ir.IsFloat(ir.ElementTypeOf(op.Operand(2).Type())) {
		return "the bias is not floating point (TensorRT adds the bias in float)"
	}
	return ""
}

func convolution(e *emitter, op *ir.Operation, in []*ir.Value) ([]*ir.Value, error) {
	w := shapeOf(in[1])
	if len(w) != 4 {
		return nil, fmt.Errorf("expects a 4-D weight")
	}
	p := ods.IntsOf(op, "padding")
	attrs := []ir.NamedAttr{
		e.i64("num_output_maps", w[0]),
		e.dims("kernel_size", w[2:]),
		e.dims("stride", ods.IntsOf(op, "strides")),
		e.dims("pre_padding", p[:2]),
		e.dims("post_padding", p[2:]),
		e.dims("dilation", ods.IntsOf(op, "dilations")),
	}
	if g := ods.IntOf(op, "groups", 1); g != 1 {
		attrs = append(attrs, e.i64("num_groups", g))
	}
	return one(e.value("convolution", in, attrs...))
}

func matmul(e *emitter, op *ir.Operation, in []*ir.Value) ([]*ir.Value, error) {
	vs, err := e.sameRank(in)
	if err != nil {
		return nil, err
	}
	return one(e.value("matrix_multiply", vs))
}

func poolCheck(op *ir.Operation) string {
	for _, d := range ods.IntsOf(op, "dilations") {
		if d != 1 {
			return "IPoolingLayer has no dilation"
		}
	}
	if _, err := poolMode(op); err != nil {
		return err.Error()
	}
	return ""
}

// poolMode is the TensorRT padding mode that gives core's output size
// with the same windows: round down, or round up where ceil_mode adds
// windows that start inside the input or the explicit padding.
func poolMode(op *ir.Operation) (string, error) {
	x := shapeOf(op.Operand(0))
	out := resultShape(op)
	if len(x) != 4 || len(out) != 4 {
		return "", fmt.Errorf("expects NCHW tensors")
	}
	k, s, p := ods.IntsOf(op, "kernel"), ods.IntsOf(op, "strides"), ods.IntsOf(op, "padding")
	ceil := ods.BoolOf(op, "ceil_mode")
	for _, mode := range []string{"explicit_round_down", "explicit_round_up"} {
		ok := true
		for i := 0; i < 2; i++ {
			if trtd.ConvOutputSize(x[2+i], k[i], s[i], p[i], p[2+i], 1, mode) != out[2+i] {
				ok = false
			}
		}
		if !ok {
			continue
		}
		if mode == "explicit_round_up" && op.Name() == "core.avg_pool2d" && ods.BoolOf(op, "count_include_pad") {
			return "", fmt.Errorf("ceil_mode with count_include_pad divides by PyTorch's window count, which IPoolingLayer does not model")
		}
		if mode == "explicit_round_up" && !ceil {
			continue
		}
		return mode, nil
	}
	return "", fmt.Errorf("no TensorRT padding mode gives the output size %s", tensor.FormatShape(out))
}

func pooling(kind string) buildFn {
	return func(e *emitter, op *ir.Operation, in []*ir.Value) ([]*ir.Value, error) {
		mode, err := poolMode(op)
		if err != nil {
			return nil, err
		}
		p := ods.IntsOf(op, "padding")
		attrs := []ir.NamedAttr{
			e.str("pooling_type", kind),
			e.dims("window_size", ods.IntsOf(op, "kernel")),
			e.dims("stride", ods.IntsOf(op, "strides")),
			e.dims("pre_padding", p[:2]),
			e.dims("post_padding", p[2:]),
		}
		if mode != "explicit_round_down" {
			attrs = append(attrs, e.str("padding_mode", mode))
		}
		if kind == "average" && ods.BoolOf(op, "count_include_pad") {
			attrs = append(attrs, e.boolean("average_count_excludes_padding", false))
		}
		return one(e.value("pooling", in[:1], attrs...))
	}
}

func axesMask(axes []int64) int64 {
	var m int64
	for _, a := range axes {
		m |= 1 << a
	}
	return m
}

func reduce(operation string) buildFn {
	return func(e *emitter, op *ir.Operation, in []*ir.Value) ([]*ir.Value, error) {
		attrs := []ir.NamedAttr{e.str("operation", operation), e.i64("axes", axesMask(ods.IntsOf(op, "axes")))}
		if ods.BoolOf(op, "keepdims") {
			attrs = append(attrs, e.boolean("keep_dimensions", true))
		}
		return one(e.value("reduce", in[:1], attrs...))
	}
}

// argReduce: ITopKLayer with k = 1 keeps the axis; its i32 indices are
// cast to core's i64 and reshaped to the result.
func argReduce(kind string) buildFn {
	return func(e *emitter, op *ir.Operation, in []*ir.Value) ([]*ir.Value, error) {
		axis := ods.IntOf(op, "axis", 0)
		tk, err := e.layer("topk", in[:1], e.str("operation", kind), e.i64("k", 1), e.i64("axes", 1<<axis))
		if err != nil {
			return nil, err
		}
		idx, err := e.value("cast", []*ir.Value{tk.Result(1)}, e.typ("to_type", e.ctx.I(64)))
		if err != nil {
			return nil, err
		}
		return one(e.reshape(idx, resultShape(op)))
	}
}

func reshapeLayer(e *emitter, op *ir.Operation, in []*ir.Value) ([]*ir.Value, error) {
	return one(e.reshape(in[0], resultShape(op)))
}

func transposeLayer(e *emitter, op *ir.Operation, in []*ir.Value) ([]*ir.Value, error) {
	return one(e.value("shuffle", in[:1], e.dims("first_transpose", ods.IntsOf(op, "perm"))))
}

// broadcastLayer: a clamp-mode slice reads index 0 of every extent-1
// dimension for the whole output extent, which is broadcasting.
func broadcastLayer(e *emitter, op *ir.Operation, in []*ir.Value) ([]*ir.Value, error) {
	out := resultShape(op)
	x, err := e.toRank(in[0], len(out))
	if err != nil {
		return nil, err
	}
	zeros, ones := make([]int64, len(out)), make([]int64, len(out))
	for i := range ones {
		ones[i] = 1
	}
	return one(e.value("slice", []*ir.Value{x}, e.dims("start", zeros), e.dims("size", out), e.dims("stride", ones), e.str("mode", "clamp")))
}

func concatLayer(e *emitter, op *ir.Operation, in []*ir.Value) ([]*ir.Value, error) {
	return one(e.value("concatenation", in, e.i64("axis", ods.IntOf(op, "axis", 0))))
}

// sliceLayer resolves ONNX Slice's negative and clamped starts (core's
// rule) into ISliceLayer's start; the size is the result's.
func sliceLayer(e *emitter, op *ir.Operation, in []*ir.Value) ([]*ir.Value, error) {
	x := shapeOf(in[0])
	out := resultShape(op)
	starts := ods.IntsOf(op, "starts")
	strides := ods.IntsOf(op, "strides")
	if strides == nil {
		strides = make([]int64, len(x))
		for i := range strides {
			strides[i] = 1
		}
	}
	start := make([]int64, len(x))
	for d := range x {
		s, n := starts[d], x[d]
		if s < 0 {
			s += n
		}
		if strides[d] > 0 {
			s = min(max(s, 0), n)
		} else {
			s = min(max(s, 0), n-1)
		}
		if out[d] == 0 {
			s = 0
		}
		start[d] = s
	}
	return one(e.value("slice", in[:1], e.dims("start", start), e.dims("size", out), e.dims("stride", strides)))
}

func gatherLayer(e *emitter, op *ir.Operation, in []*ir.Value) ([]*ir.Value, error) {
	attrs := []ir.NamedAttr{}
	if a := ods.IntOf(op, "axis", 0); a != 0 {
		attrs = append(attrs, e.i64("axis", a))
	}
	return one(e.value("gather", in, attrs...))
}

func padCheck(op *ir.Operation) string {
	if v, ok := ods.FloatOf(op, "value"); ok && (v != 0 || math.Signbit(v)) {
		return fmt.Sprintf("pads with %g; ISliceLayer's fill mode pads with zero", v)
	}
	if b, ok := op.InherentAttr("value").(*ir.BoolAttr); ok && b.Value {
		return "pads with true; ISliceLayer's fill mode pads with zero"
	}
	return ""
}

// padLayer: ISliceLayer in fill mode starting at -low reads zeros outside
// the input (TensorRT 10's ONNX Pad).
func padLayer(e *emitter, op *ir.Operation, in []*ir.Value) ([]*ir.Value, error) {
	low := ods.IntsOf(op, "low")
	out := resultShape(op)
	start, ones := make([]int64, len(low)), make([]int64, len(low))
	for i, l := range low {
		start[i], ones[i] = -l, 1
	}
	return one(e.value("slice", in[:1], e.dims("start", start), e.dims("size", out), e.dims("stride", ones), e.str("mode", "fill")))
}

func constantLayer(e *emitter, op *ir.Operation, _ []*ir.Value) ([]*ir.Value, error) {
	return []*ir.Value{e.constant(op.InherentAttr("value"))}, nil
}
