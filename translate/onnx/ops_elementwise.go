package onnx

import (
	"math"

	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// Elementwise operators: arithmetic, activations, comparisons and casts.
func init() {
	register(
		entry{op: "Add", from: 11, to: 17, in: 2, convert: binaryConv("torch.aten.add.Tensor"), fold: foldArith("Add")},
		entry{op: "Sub", from: 11, to: 17, in: 2, convert: binaryConv("torch.aten.sub.Tensor"), fold: foldArith("Sub")},
		entry{op: "Mul", from: 11, to: 17, in: 2, convert: binaryConv("torch.aten.mul.Tensor"), fold: foldArith("Mul")},
		entry{op: "Div", from: 11, to: 17, in: 2, convert: binaryConv("torch.aten.div.Tensor"), fold: foldArith("Div")},
		entry{op: "Pow", from: 11, to: 17, in: 2, convert: convPow},

		entry{op: "Relu", from: 11, to: 17, convert: unaryConv("torch.aten.relu"), fold: foldUnary(tensor.OpRelu)},
		entry{op: "Sigmoid", from: 11, to: 17, convert: unaryConv("torch.aten.sigmoid")},
		entry{op: "Tanh", from: 11, to: 17, convert: unaryConv("torch.aten.tanh")},
		entry{op: "Exp", from: 11, to: 17, convert: unaryConv("torch.aten.exp")},
		entry{op: "Log", from: 11, to: 17, convert: unaryConv("torch.aten.log")},
		entry{op: "Erf", from: 11, to: 17, convert: unaryConv("torch.aten.erf")},
		entry{op: "Sqrt", from: 11, to: 17, convert: unaryConv("torch.aten.sqrt"), fold: foldUnaryFloat(tensor.OpSqrt)},
		entry{op: "Neg", from: 11, to: 17, convert: unaryConv("torch.aten.neg"), fold: foldUnary(tensor.OpNeg)},
		entry{op: "Abs", from: 11, to: 17, convert: unaryConv("torch.aten.abs"), fold: foldUnary(tensor.OpAbs)},
		entry{op: "HardSwish", from: 14, to: 17, convert: unaryConv("torch.aten.hardswish")},
		entry{op: "Floor", from: 11, to: 17, convert: convFloorCeil(false), fold: foldUnaryFloat(tensor.OpFloor)},
		entry{op: "Ceil", from: 11, to: 17, convert: convFloorCeil(true), fold: foldUnaryFloat(tensor.OpCeil)},
		entry{op: "Reciprocal", from: 11, to: 17, convert: convReciprocal},
		entry{op: "LeakyRelu", from: 11, to: 17, convert: convLeakyRelu},
		entry{op: "PRelu", from: 11, to: 17, in: 2, convert: convPRelu},
		entry{op: "Elu", from: 6, to: 17, convert: convElu},
		entry{op: "Selu", from: 6, to: 17, convert: convSelu},
		entry{op: "Celu", from: 12, to: 17, convert: convCelu},
		entry{op: "Softplus", from: 1, to: 17, convert: unaryConv("torch.aten.softplus")},
		entry{op: "ThresholdedRelu", from: 10, to: 17, convert: convThresholdedRelu},
		entry{op: "Shrink", from: 9, to: 17, convert: convShrink},
		entry{op: "Round", from: 11, to: 17, convert: unaryConv("torch.aten.round"), fold: foldUnaryFloat(tensor.OpRound)},
		entry{op: "Sign", from: 9, to: 17, convert: unaryConv("torch.aten.sign")},
		entry{op: "Sin", from: 7, to: 17, convert: unaryConv("torch.aten.sin")},
		entry{op: "Cos", from: 7, to: 17, convert: unaryConv("torch.aten.cos")},
		entry{op: "Tan", from: 7, to: 17, convert: unaryConv("torch.aten.tan")},
		entry{op: "Sinh", from: 9, to: 17, convert: unaryConv("torch.aten.sinh")},
		entry{op: "Cosh", from: 9, to: 17, convert: unaryConv("torch.aten.cosh")},
		entry{op: "Asinh", from: 9, to: 17, convert: unaryConv("torch.aten.asinh")},
		entry{op: "Acosh", from: 9, to: 17, convert: unaryConv("torch.aten.acosh")},
		entry{op: "Atanh", from: 9, to: 17, convert: unaryConv("torch.aten.atanh")},
		entry{op: "IsNaN", from: 9, to: 17, convert: unaryConv("torch.aten.isnan")},
		entry{op: "IsInf", from: 10, to: 17, convert: convIsInf},
		entry{op: "Softsign", from: 1, to: 17, convert: convSoftsign},
		entry{op: "HardSigmoid", from: 6, to: 17, convert: convHardSigmoid},
		entry{op: "Clip", from: 11, to: 17, convert: convClip},

		entry{op: "Sum", from: 11, to: 17, convert: convSum(false), fold: foldVariadic("Add")},
		entry{op: "Mean", from: 11, to: 17, convert: convSum(true)},
		entry{op: "Max", from: 11, to: 17, convert: convMinMax(true), fold: foldVariadic("Max")},
		entry{op: "Min", from: 11, to: 17, convert: convMinMax(false), fold: foldVariadic("Min")},

		entry{op: "Where", from: 11, to: 17, in: 3, convert: convWhere, fold: foldWhere},
		entry{op: "Equal", from: 11, to: 17, in: 2, convert: binaryConv("torch.aten.eq.Tensor"), fold: foldCompare("Equal")},
		entry{op: "Less", from: 11, to: 17, in: 2, convert: binaryConv("torch.aten.lt.Tensor"), fold: foldCompare("Less")},
		entry{op: "LessOrEqual", from: 12, to: 17, in: 2, convert: binaryConv("torch.aten.le.Tensor"), fold: foldCompare("LessOrEqual")},
		entry{op: "Greater", from: 11, to: 17, in: 2, convert: binaryConv("torch.aten.gt.Tensor"), fold: foldCompare("Greater")},
		entry{op: "GreaterOrEqual", from: 12, to: 17, in: 2, convert: binaryConv("torch.aten.ge.Tensor"), fold: foldCompare("GreaterOrEqual")},
		entry{op: "Not", from: 1, to: 17, convert: logicConv("torch.aten.logical_not"), fold: foldNot},
		entry{op: "And", from: 7, to: 17, in: 2, convert: logicConv("torch.aten.logical_and"), fold: foldLogic(tensor.OpAnd)},
		entry{op: "Or", from: 7, to: 17, in: 2, convert: logicConv("torch.aten.logical_or"), fold: foldLogic(tensor.OpOr)},
		entry{op: "Mod", from: 10, to: 17, in: 2, convert: convMod, fold: foldMod},
		entry{op: "Xor", from: 7, to: 17, in: 2, convert: logicConv("torch.aten.logical_xor"), fold: foldLogic(tensor.OpXor)},

		entry{op: "Cast", from: 11, to: 17, convert: convCast, fold: foldCast},
		entry{op: "CastLike", from: 15, to: 17, in: 2, convert: convCast, fold: foldCast},
	)
}

func elemOf(v *ir.Value) ir.Type { return ir.ElementTypeOf(v.Type()) }

// binaryConv maps a broadcasting binary op; integer Div truncates as C
// (and ONNX) integer division does.
func binaryConv(name string) converter {
	return func(c *nodeCtx) error {
		a, b := c.arg(0), c.arg(1)
		if c.err != nil {
			return c.err
		}
		ea, eb := elemOf(a), elemOf(b)
		if ea != eb {
			return c.errorf("operand element types differ (%s and %s)", ea, eb)
		}
		var attrs []ir.NamedAttr
		if name == "torch.aten.div.Tensor" && !isFloatType(ea) {
			attrs = append(attrs, c.str("rounding_mode", "trunc"))
		}
		return c.result(c.emit(name, []*ir.Value{a, b}, attrs...))
	}
}

func foldArith(op string) converter {
	k := arithKernels[op]
	return func(c *nodeCtx) error {
		a, b := c.host(0), c.host(1)
		if a.elem != b.elem || isBool(a.elem) || isUnsigned(a.elem) {
			return errNoFold
		}
		out, err := hostArith(k, a, b)
		if err != nil {
			return err
		}
		c.setHost(0, out)
		return nil
	}
}

// foldVariadic folds Sum/Max/Min over any number of inputs.
func foldVariadic(op string) converter {
	k := arithKernels[op]
	return func(c *nodeCtx) error {
		if len(c.in) == 0 {
			return errNoFold
		}
		acc := c.host(0)
		for i := 1; i < len(c.in); i++ {
			h := c.host(i)
			if h == nil || h.elem != acc.elem || isBool(acc.elem) || isUnsigned(acc.elem) {
				return errNoFold
			}
			var err error
			if acc, err = hostArith(k, acc, h); err != nil {
				return err
			}
		}
		c.setHost(0, acc)
		return nil
	}
}

func unaryConv(name string) converter {
	return func(c *nodeCtx) error {
		return c.result(c.emit(name, []*ir.Value{c.arg(0)}))
	}
}

// foldUnary folds a unary op with the interpreter's kernel (tensor.Unary),
// on floats and signed integers.
func foldUnary(op tensor.UnaryOp) converter {
	return func(c *nodeCtx) error {
		h := c.host(0)
		if isBool(h.elem) || isUnsigned(h.elem) {
			return errNoFold
		}
		return c.hostKernel(0, h.elem, []*host{h}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
			return tensor.Unary(op, in[0])
		})
	}
}

// foldUnaryFloat folds a float-only unary op (tensor.Unary).
func foldUnaryFloat(op tensor.UnaryOp) converter {
	return func(c *nodeCtx) error {
		if !isFloatType(c.host(0).elem) {
			return errNoFold
		}
		return foldUnary(op)(c)
	}
}

// convPow uses pow.Tensor_Scalar for a constant scalar exponent and
// otherwise pow.Tensor_Tensor with the exponent converted to the base's
// type (ONNX allows mixed types; the result has the base's).
func convPow(c *nodeCtx) error {
	x := c.arg(0)
	if c.err != nil {
		return c.err
	}
	elem := elemOf(x)
	if h := c.host(1); h != nil && h.known() && h.len() == 1 && len(h.shape) <= len(shapeOf(x)) {
		e := h.float(0)
		var attr ir.NamedAttr
		if isFloatType(h.elem) {
			attr = c.f64("exponent", e)
		} else {
			attr = c.i64("exponent", h.ints[0])
		}
		if !isFloatType(elem) && isFloatType(h.elem) {
			return c.unsupportedf("an integer base with a float exponent is not supported")
		}
		return c.result(c.emit("torch.aten.pow.Tensor_Scalar", []*ir.Value{x}, attr))
	}
	y := c.arg(1)
	if c.err == nil && elemOf(y) != elem {
		y = c.emit("torch.aten.to.dtype", []*ir.Value{y}, c.dtype("dtype", elem))
	}
	return c.result(c.emit("torch.aten.pow.Tensor_Tensor", []*ir.Value{x, y}))
}

// convFloorCeil: floor(x) is x divided by 1 with floor rounding, and
// ceil(x) = −floor(−x); both exact. Integers are unchanged.
func convFloorCeil(ceil bool) converter {
	return func(c *nodeCtx) error {
		x := c.arg(0)
		if c.err != nil {
			return c.err
		}
		if !isFloatType(elemOf(x)) {
			c.alias(0, 0)
			return nil
		}
		if ceil {
			x = c.emit("torch.aten.neg", []*ir.Value{x})
		}
		y := c.emit("torch.aten.div.Tensor", []*ir.Value{x, c.scalarLike(x, 1)}, c.str("rounding_mode", "floor"))
		if ceil {
			y = c.emit("torch.aten.neg", []*ir.Value{y})
		}
		return c.result(y)
	}
}

// convReciprocal: 1 / x.
func convReciprocal(c *nodeCtx) error {
	x := c.arg(0)
	return c.result(c.emit("torch.aten.div.Tensor", []*ir.Value{c.scalarLike(x, 1), x}))
}

func convLeakyRelu(c *nodeCtx) error {
	alpha, err := c.attrFloat("alpha", 0.01)
	if err != nil {
		return err
	}
	return c.result(c.emit("torch.aten.leaky_relu", []*ir.Value{c.arg(0)}, c.f64("negative_slope", alpha)))
}

// convPRelu: a one-element slope is leaky_relu; otherwise
// relu(x) − slope·relu(−x), which is exact for both signs of x.
func convPRelu(c *nodeCtx) error {
	x := c.arg(0)
	if h := c.host(1); h != nil && h.known() && h.len() == 1 && len(h.shape) <= len(shapeOf(x)) && isFloatType(h.elem) {
		return c.result(c.emit("torch.aten.leaky_relu", []*ir.Value{x}, c.f64("negative_slope", h.floats[0])))
	}
	slope := c.arg(1)
	pos := c.emit("torch.aten.relu", []*ir.Value{x})
	neg := c.emit("torch.aten.relu", []*ir.Value{c.emit("torch.aten.neg", []*ir.Value{x})})
	return c.result(c.emit("torch.aten.sub.Tensor", []*ir.Value{pos, c.emit("torch.aten.mul.Tensor", []*ir.Value{slope, neg})}))
}

func convElu(c *nodeCtx) error {
	alpha, err := c.attrFloat("alpha", 1)
	if err != nil {
		return err
	}
	return c.result(c.emit("torch.aten.elu", []*ir.Value{c.arg(0)}, c.f64("alpha", alpha)))
}

// convSelu: elu with ONNX's alpha and gamma as elu's alpha and scale.
func convSelu(c *nodeCtx) error {
	alpha, err := c.attrFloat("alpha", float64(float32(1.67326319217681884765625)))
	if err != nil {
		return err
	}
	gamma, err := c.attrFloat("gamma", float64(float32(1.05070102214813232421875)))
	if err != nil {
		return err
	}
	return c.result(c.emit("torch.aten.elu", []*ir.Value{c.arg(0)}, c.f64("alpha", alpha), c.f64("scale", gamma)))
}

func convCelu(c *nodeCtx) error {
	alpha, err := c.attrFloat("alpha", 1)
	if err != nil {
		return err
	}
	if alpha == 0 {
		return c.errorf("alpha must not be 0")
	}
	return c.result(c.emit("torch.aten.celu", []*ir.Value{c.arg(0)}, c.f64("alpha", alpha)))
}

// convThresholdedRelu: x > alpha ? x : 0 is threshold(x, alpha, 0).
func convThresholdedRelu(c *nodeCtx) error {
	alpha, err := c.attrFloat("alpha", 1)
	if err != nil {
		return err
	}
	return c.result(c.emit("torch.aten.threshold", []*ir.Value{c.arg(0)}, c.f64("threshold", alpha), c.f64("value", 0)))
}

// convShrink: x < −lambd ? x + bias : x > lambd ? x − bias : 0. bias 0 is
// hardshrink and bias = lambd softshrink; other biases are composed.
func convShrink(c *nodeCtx) error {
	lambd, err := c.attrFloat("lambd", 0.5)
	if err != nil {
		return err
	}
	bias, err := c.attrFloat("bias", 0)
	if err != nil {
		return err
	}
	x := c.arg(0)
	if c.err != nil {
		return c.err
	}
	if !isFloatType(elemOf(x)) {
		return c.unsupportedf("Shrink of %s tensors is not supported", elemOf(x))
	}
	switch {
	case bias == 0 && lambd >= 0:
		return c.result(c.emit("torch.aten.hardshrink", []*ir.Value{x}, c.f64("lambd", lambd)))
	case bias == lambd && lambd >= 0:
		return c.result(c.emit("torch.aten.softshrink", []*ir.Value{x}, c.f64("lambd", lambd)))
	}
	above := c.emit("torch.aten.where.self", []*ir.Value{
		c.emit("torch.aten.gt.Scalar", []*ir.Value{x}, c.f64("other", lambd)),
		c.emit("torch.aten.sub.Scalar", []*ir.Value{x}, c.f64("other", bias)),
		c.scalarLike(x, 0)})
	return c.result(c.emit("torch.aten.where.self", []*ir.Value{
		c.emit("torch.aten.lt.Scalar", []*ir.Value{x}, c.f64("other", -lambd)),
		c.emit("torch.aten.add.Scalar", []*ir.Value{x}, c.f64("other", bias)),
		above}))
}

// convIsInf: isinf, isposinf or isneginf by the detect flags; neither
// flag gives all false.
func convIsInf(c *nodeCtx) error {
	neg, err := c.attrInt("detect_negative", 1)
	if err != nil {
		return err
	}
	pos, err := c.attrInt("detect_positive", 1)
	if err != nil {
		return err
	}
	x := c.arg(0)
	switch {
	case neg != 0 && pos != 0:
		return c.result(c.emit("torch.aten.isinf", []*ir.Value{x}))
	case pos != 0:
		return c.result(c.emit("torch.aten.isposinf", []*ir.Value{x}))
	case neg != 0:
		return c.result(c.emit("torch.aten.isneginf", []*ir.Value{x}))
	}
	if c.err != nil {
		return c.err
	}
	none := c.constant(scalarHost(c.im.ctx.I(1), 0))
	return c.result(c.emit("torch.aten.expand", []*ir.Value{none}, c.arr("size", shapeOf(x))))
}

// logicConv maps a logical op of bool tensors (ONNX And, Or, Xor, Not).
func logicConv(name string) converter {
	return func(c *nodeCtx) error {
		var args []*ir.Value
		for i := range c.in {
			args = append(args, c.arg(i))
		}
		if c.err != nil {
			return c.err
		}
		for _, a := range args {
			if !isBool(elemOf(a)) {
				return c.errorf("expects bool tensors, got %s", elemOf(a))
			}
		}
		return c.result(c.emit(name, args))
	}
}

// convMod: fmod = 1 is C's fmod (the dividend's sign), fmod = 0 Python's
// remainder (the divisor's sign), which ONNX defines for integers only.
func convMod(c *nodeCtx) error {
	fmod, err := c.attrInt("fmod", 0)
	if err != nil {
		return err
	}
	a, b := c.arg(0), c.arg(1)
	if c.err != nil {
		return c.err
	}
	if elemOf(a) != elemOf(b) {
		return c.errorf("operand element types differ (%s and %s)", elemOf(a), elemOf(b))
	}
	if fmod == 0 && isFloatType(elemOf(a)) {
		return c.errorf("fmod must be 1 for floating-point inputs")
	}
	name := "torch.aten.remainder.Tensor"
	if fmod != 0 {
		name = "torch.aten.fmod.Tensor"
	}
	return c.result(c.emit(name, []*ir.Value{a, b}))
}

// foldMod evaluates shape arithmetic such as Swin's padding
// (-size mod window); float Mod needs fmod = 1, which convMod reports.
func foldMod(c *nodeCtx) error {
	fmod, err := c.attrInt("fmod", 0)
	if err != nil {
		return err
	}
	a, b := c.host(0), c.host(1)
	if a.elem != b.elem || isBool(a.elem) || isUnsigned(a.elem) || fmod == 0 && isFloatType(a.elem) {
		return errNoFold
	}
	k := arithKernels["Mod"]
	if fmod != 0 {
		k = arithKernels["FMod"]
	}
	out, err := hostArith(k, a, b)
	if err != nil {
		return err
	}
	c.setHost(0, out)
	return nil
}

// convSoftsign: x / (1 + |x|).
func convSoftsign(c *nodeCtx) error {
	x := c.arg(0)
	d := c.emit("torch.aten.add.Scalar", []*ir.Value{c.emit("torch.aten.abs", []*ir.Value{x})}, c.f64("other", 1))
	return c.result(c.emit("torch.aten.div.Tensor", []*ir.Value{x, d}))
}

// convHardSigmoid: PyTorch's hardsigmoid when alpha is 1/6 and beta 1/2
// (as exported from torch), else clamp(alpha·x + beta, 0, 1).
func convHardSigmoid(c *nodeCtx) error {
	alpha, err := c.attrFloat("alpha", 0.2)
	if err != nil {
		return err
	}
	beta, err := c.attrFloat("beta", 0.5)
	if err != nil {
		return err
	}
	x := c.arg(0)
	if float32(alpha) == float32(1.0/6) && beta == 0.5 {
		return c.result(c.emit("torch.aten.hardsigmoid", []*ir.Value{x}))
	}
	y := c.emit("torch.aten.mul.Scalar", []*ir.Value{x}, c.f64("other", alpha))
	y = c.emit("torch.aten.add.Scalar", []*ir.Value{y}, c.f64("other", beta))
	return c.result(c.emit("torch.aten.clamp", []*ir.Value{y}, c.f64("min", 0), c.f64("max", 1)))
}

// convClip: min and max are optional constant inputs (opset 11).
func convClip(c *nodeCtx) error {
	x := c.arg(0)
	if c.err != nil {
		return c.err
	}
	elem := elemOf(x)
	var attrs []ir.NamedAttr
	for i, name := range []string{"", "min", "max"} {
		if i == 0 || !c.has(i) {
			continue
		}
		v, err := c.constScalar(i, name)
		if err != nil {
			return err
		}
		a, err := c.number(name, elem, v)
		if err != nil {
			return err
		}
		attrs = append(attrs, a)
	}
	if len(attrs) == 0 {
		c.alias(0, 0)
		return nil
	}
	return c.result(c.emit("torch.aten.clamp", []*ir.Value{x}, attrs...))
}

// convSum adds the inputs (Mean divides by their count).
func convSum(mean bool) converter {
	return func(c *nodeCtx) error {
		if len(c.in) == 0 || !c.has(0) {
			return c.errorf("needs at least one input")
		}
		if len(c.in) == 1 {
			c.alias(0, 0)
			return nil
		}
		acc := c.arg(0)
		for i := 1; i < len(c.in); i++ {
			acc = c.emit("torch.aten.add.Tensor", []*ir.Value{acc, c.arg(i)})
		}
		if mean {
			acc = c.emit("torch.aten.div.Scalar", []*ir.Value{acc}, c.f64("other", float64(len(c.in))))
		}
		return c.result(acc)
	}
}

// convMinMax: one run-time input against constant scalars is a clamp;
// otherwise the inputs fold pairwise with maximum (minimum), which
// broadcast and propagate NaN as ONNX's Max and Min do.
func convMinMax(isMax bool) converter {
	return func(c *nodeCtx) error {
		if len(c.in) == 0 {
			return c.errorf("needs at least one input")
		}
		if err := clampMinMax(c, isMax); err != errNoFold {
			return err
		}
		name := "torch.aten.minimum"
		if isMax {
			name = "torch.aten.maximum"
		}
		acc := c.arg(0)
		for i := 1; i < len(c.in); i++ {
			y := c.arg(i)
			if c.err == nil && elemOf(y) != elemOf(acc) {
				return c.errorf("operand element types differ (%s and %s)", elemOf(acc), elemOf(y))
			}
			acc = c.emit(name, []*ir.Value{acc, y})
		}
		return c.result(acc)
	}
}

// clampMinMax is Max/Min of one run-time input and constant one-element
// bounds, as a clamp; errNoFold when the inputs are not of that form.
func clampMinMax(c *nodeCtx, isMax bool) error {
	run := -1
	var bound float64
	haveBound := false
	for i := range c.in {
		h := c.host(i)
		if h == nil || !h.known() {
			if run >= 0 {
				return errNoFold
			}
			run = i
			continue
		}
		if h.len() != 1 || isUnsigned(h.elem) {
			return errNoFold
		}
		v := h.float(0)
		switch {
		case !haveBound:
			bound, haveBound = v, true
		case isMax:
			bound = math.Max(bound, v)
		default:
			bound = math.Min(bound, v)
		}
	}
	if run < 0 {
		return errNoFold
	}
	for i := range c.in {
		if i != run && len(c.typ(i).Shape) > len(c.typ(run).Shape) {
			return errNoFold
		}
	}
	if !haveBound {
		c.alias(0, run)
		return nil
	}
	x := c.arg(run)
	if c.err != nil {
		return c.err
	}
	name := "max"
	if isMax {
		name = "min"
	}
	a, err := c.number(name, elemOf(x), bound)
	if err != nil {
		return errNoFold
	}
	return c.result(c.emit("torch.aten.clamp", []*ir.Value{x}, a))
}

func convWhere(c *nodeCtx) error {
	cond, x, y := c.arg(0), c.arg(1), c.arg(2)
	if c.err != nil {
		return c.err
	}
	if !isBool(elemOf(cond)) {
		return c.errorf("condition must be a bool tensor, got %s", elemOf(cond))
	}
	return c.result(c.emit("torch.aten.where.self", []*ir.Value{cond, x, y}))
}

func foldWhere(c *nodeCtx) error {
	cond, x, y := c.host(0), c.host(1), c.host(2)
	if !isBool(cond.elem) || x.elem != y.elem {
		return errNoFold
	}
	out, err := hostWhere(cond, x, y)
	if err != nil {
		return err
	}
	c.setHost(0, out)
	return nil
}

// hostWhere is the interpreter's Where on the element indices of x and y:
// the chosen side's element is copied with its symbol; where cond is
// unknown, so is the result, with no symbol.
func hostWhere(cond, x, y *host) (*host, error) {
	if shape, err := tensor.BroadcastShapes(cond.shape, x.shape, y.shape); err != nil || !foldable(shape) {
		return nil, errNoFold
	}
	ct, unknown, err := hostTensor(cond)
	if err != nil {
		return nil, err
	}
	out, err := hostMove([]*host{x, y}, func(idx []*tensor.Tensor) (*tensor.Tensor, error) {
		return tensor.Where(ct, idx[0], idx[1])
	})
	if err != nil || unknown == nil {
		return out, err
	}
	m, err := tensor.BroadcastTo(unknown, out.shape)
	if err != nil {
		return nil, errNoFold
	}
	for i, u := range m.Bools() {
		if u {
			out.markUnknown(i)
			if out.syms != nil {
				out.syms[i] = dimSym{}
			}
		}
	}
	return out, nil
}

func foldCompare(op string) converter {
	f := compareKernels[op]
	return func(c *nodeCtx) error {
		a, b := c.host(0), c.host(1)
		if a.elem != b.elem {
			return c.errorf("operand element types differ (%s and %s)", a.elem, b.elem)
		}
		out, err := hostCompare(c.im.ctx, f, a, b)
		if err != nil {
			return err
		}
		c.setHost(0, out)
		return nil
	}
}

func foldNot(c *nodeCtx) error {
	h := c.host(0)
	if !isBool(h.elem) {
		return c.errorf("expects a bool tensor, got %s", h.elem)
	}
	return c.hostKernel(0, h.elem, []*host{h}, func(in []*tensor.Tensor) (*tensor.Tensor, error) { return tensor.Not(in[0]) })
}

func foldLogic(op tensor.LogicalOp) converter {
	return func(c *nodeCtx) error {
		a, b := c.host(0), c.host(1)
		if !isBool(a.elem) || !isBool(b.elem) {
			return c.errorf("expects bool tensors")
		}
		return c.hostKernel(0, a.elem, []*host{a, b}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
			return tensor.Logical(op, in[0], in[1])
		})
	}
}

// castTarget is Cast's 'to' or CastLike's second input's element type.
func castTarget(c *nodeCtx) (ir.Type, error) {
	if c.node.OpType == "CastLike" {
		if !c.has(1) {
			return nil, c.errorf("input #1 is required")
		}
		return c.typ(1).Elem, nil
	}
	if !c.hasAttr("to") {
		return nil, c.errorf("requires attribute 'to'")
	}
	to, err := c.attrInt("to", 0)
	if err != nil {
		return nil, err
	}
	t, err := elemType(c.im.ctx, int32(to))
	if err != nil {
		return nil, c.unsupportedf("%v", err)
	}
	return t, nil
}

func convCast(c *nodeCtx) error {
	c.ignore("saturate")
	to, err := castTarget(c)
	if err != nil {
		return err
	}
	x := c.arg(0)
	if c.err != nil {
		return c.err
	}
	if elemOf(x) == to {
		c.alias(0, 0)
		return nil
	}
	return c.result(c.emit("torch.aten.to.dtype", []*ir.Value{x}, c.dtype("dtype", to)))
}

func foldCast(c *nodeCtx) error {
	to, err := castTarget(c)
	if err != nil {
		return err
	}
	h := c.host(0)
	if isUnsigned(h.elem) && !isFloatType(to) {
		return errNoFold
	}
	out, err := hostCast(h, to)
	if err != nil {
		return err
	}
	c.setHost(0, out)
	return nil
}
