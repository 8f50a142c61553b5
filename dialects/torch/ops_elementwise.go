package torch

import (
	"fmt"

	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/ir"
)

// Elementwise ops beyond the arithmetic core of the table: comparisons,
// logical and bitwise ops, elementwise extrema and remainders, unary math
// and the parametrised activations.

var intTensor = ods.RankedTensorOf(intElem) // integer or bool tensors

// compareTensor is a broadcasting comparison of two tensors giving i1.
func compareTensor(name, rel string, traits ir.Trait) *ods.OpDef {
	return &ods.OpDef{Name: name, Summary: "self " + rel + " other, elementwise",
		Description: "Elementwise `self " + rel + " other` as an i1 tensor. Floats compare as IEEE 754 does (every comparison with NaN is false except ≠, which is true); bool tensors order false before true.\n\n" + broadcastNote,
		Operands:    []ods.Operand{in("self", anyTensor, ""), in("other", anyTensor, "")},
		Results:     out(boolTensor), Traits: binaryEW | traits, Format: fmtBinary, Infer: inferCompare}
}

// compareScalar compares a tensor with a PyTorch Scalar.
func compareScalar(name, rel string) *ods.OpDef {
	return &ods.OpDef{Name: name, Summary: "self " + rel + " other for a Scalar other",
		Description: "Elementwise `self " + rel + " other` as an i1 tensor of self's shape. Both sides are first converted to the dtype PyTorch computes in: self's, unless the Scalar is of a higher kind (an integer or bool tensor with a float Scalar compares in f32, a bool tensor with an integer Scalar in i64). An integer Scalar is converted to an integer self's dtype with wrap-around, as PyTorch does (300 compares as 44 with a ui8 tensor).",
		Operands:    self(anyTensor), Results: out(boolTensor),
		Attrs:  []ods.Attr{req("other", numberAttr, otherDoc)},
		Traits: binaryEW | ir.SameOperandsAndResultShape, Format: fmtUnary, Infer: inferCompareScalar}
}

// logical is a broadcasting logical op of two tensors of any dtypes.
func logical(name, summary, rel string, traits ir.Trait) *ods.OpDef {
	return &ods.OpDef{Name: name, Summary: summary,
		Description: "Elementwise `bool(self) " + rel + " bool(other)` as an i1 tensor, where a non-zero element (NaN included) is true. Unlike most ops, self and other may have different element types, as in PyTorch; they broadcast as usual.",
		Operands:    []ods.Operand{in("self", anyTensor, ""), in("other", anyTensor, "")},
		Results:     out(boolTensor), Traits: binaryEW | traits, Format: fmtBinary, Infer: inferLogical}
}

// unaryNumeric is an elementwise op on float and integer tensors that
// keeps the element type.
func unaryNumeric(name, summary, desc string, verify func(*ir.Operation) error) *ods.OpDef {
	return &ods.OpDef{Name: name, Summary: summary, Description: desc,
		Operands: self(numericTensor), Results: out(numericTensor), Traits: unaryEW, Format: fmtSame, Infer: inferSame, Verify: verify}
}

// classify is a float classification test giving i1.
func classify(name, summary, desc string) *ods.OpDef {
	return &ods.OpDef{Name: name, Summary: summary, Description: desc + " Integer and bool tensors give all false.",
		Operands: self(numericTensor), Results: out(boolTensor),
		Traits: pure | ir.Elementwise | ir.SameOperandsAndResultShape, Format: fmtUnary, Infer: inferToBool}
}

// activation is an elementwise float op with Scalar parameters; check
// validates them.
func activation(name, summary, desc string, attrs []ods.Attr, check func(op *ir.Operation) error) *ods.OpDef {
	return &ods.OpDef{Name: name, Summary: summary, Description: desc + "\n\n" + floatNote,
		Operands: self(floatTensor), Results: out(floatTensor), Attrs: attrs,
		Traits: unaryEW, Format: fmtSame, Infer: inferSame, Verify: check}
}

var elementwiseOps = []*ods.OpDef{
	// ---- comparisons ----
	compareTensor("aten.eq.Tensor", "=", ir.Commutative),
	compareTensor("aten.ne.Tensor", "≠", ir.Commutative),
	compareTensor("aten.lt.Tensor", "<", 0),
	compareTensor("aten.le.Tensor", "≤", 0),
	compareTensor("aten.gt.Tensor", ">", 0),
	compareTensor("aten.ge.Tensor", "≥", 0),
	compareScalar("aten.eq.Scalar", "="),
	compareScalar("aten.ne.Scalar", "≠"),
	compareScalar("aten.lt.Scalar", "<"),
	compareScalar("aten.le.Scalar", "≤"),
	compareScalar("aten.gt.Scalar", ">"),
	compareScalar("aten.ge.Scalar", "≥"),

	// ---- logical and bitwise ----
	logical("aten.logical_and", "Elementwise logical and", "∧", ir.Commutative),
	logical("aten.logical_or", "Elementwise logical or", "∨", ir.Commutative),
	logical("aten.logical_xor", "Elementwise logical exclusive or", "⊕", ir.Commutative),
	{
		Name: "aten.logical_not", Summary: "Elementwise logical not",
		Description: "`!bool(self)` as an i1 tensor: true where self is zero (NaN is non-zero). Any element type.",
		Operands:    self(anyTensor), Results: out(boolTensor),
		Traits: pure | ir.Elementwise | ir.SameOperandsAndResultShape, Format: fmtUnary, Infer: inferToBool,
	},
	{
		Name: "aten.bitwise_not", Summary: "~x",
		Description: "Elementwise bitwise complement of an integer tensor (−x − 1 in two's complement; 255 − x for ui8); logical not for bool tensors. Not defined for floats.",
		Operands:    self(intTensor), Results: out(intTensor), Traits: unaryEW, Format: fmtSame, Infer: inferSame,
	},

	// ---- binary extrema and remainders ----
	binary("aten.maximum", "Elementwise maximum", "max(self, other) elementwise; a NaN in either operand gives NaN. For bool tensors it is a logical or.", nil, inferBinary, ir.Commutative),
	binary("aten.minimum", "Elementwise minimum", "min(self, other) elementwise; a NaN in either operand gives NaN. For bool tensors it is a logical and.", nil, inferBinary, ir.Commutative),
	withVerify(binary("aten.remainder.Tensor", "Python's self mod other",
		"self − floor(self/other)·other elementwise, so a non-zero result has other's sign (Python's %, ONNX Mod with fmod = 0). Integer division by zero is an error at run time; for floats it gives NaN. Not defined for bool tensors.", nil, inferBinary, 0),
		rejectBool("remainder")),
	withVerify(binary("aten.fmod.Tensor", "C's fmod(self, other)",
		"self − trunc(self/other)·other elementwise, so a non-zero result has self's sign (C's fmod, ONNX Mod with fmod = 1). Integer division by zero is an error at run time; for floats it gives NaN. Not defined for bool tensors.", nil, inferBinary, 0),
		rejectBool("fmod")),

	// ---- unary math ----
	unaryFloat("aten.reciprocal", "1/x", "Elementwise reciprocal; 0 gives ±inf with the sign of the zero."),
	unaryNumeric("aten.floor", "⌊x⌋", "Elementwise floor: the largest integer not greater than x. On integer tensors it is the identity, as in PyTorch; not defined for bool tensors.", rejectBool("floor")),
	unaryNumeric("aten.ceil", "⌈x⌉", "Elementwise ceiling: the smallest integer not less than x. On integer tensors it is the identity, as in PyTorch; not defined for bool tensors.", rejectBool("ceil")),
	unaryNumeric("aten.round", "Round half to even", "Elementwise rounding to the nearest integer, halves to the even neighbour (2.5 → 2, −0.5 → −0), as torch.round and ONNX Round. On integer tensors it is the identity; not defined for bool tensors. (torch.round's decimals variant is not modelled.)", rejectBool("round")),
	unaryNumeric("aten.sign", "−1, 0 or 1", "Elementwise sign as PyTorch computes it, (x > 0) − (x < 0): −1 for negative, 1 for positive, 0 for zeros of either sign and for NaN. The identity on bool tensors.", nil),
	unaryFloat("aten.sin", "Sine", "Elementwise sin x (radians)."),
	unaryFloat("aten.cos", "Cosine", "Elementwise cos x (radians)."),
	unaryFloat("aten.tan", "Tangent", "Elementwise tan x (radians)."),
	unaryFloat("aten.sinh", "Hyperbolic sine", "Elementwise sinh x = (eˣ − e⁻ˣ)/2."),
	unaryFloat("aten.cosh", "Hyperbolic cosine", "Elementwise cosh x = (eˣ + e⁻ˣ)/2."),
	unaryFloat("aten.asinh", "Inverse hyperbolic sine", "Elementwise asinh x = sign(x)·ln(|x| + √(x² + 1))."),
	unaryFloat("aten.acosh", "Inverse hyperbolic cosine", "Elementwise acosh x = ln(x + √(x² − 1)); NaN below 1."),
	unaryFloat("aten.atanh", "Inverse hyperbolic tangent", "Elementwise atanh x = ½·ln((1 + x)/(1 − x)); ±inf at ±1, NaN beyond."),
	classify("aten.isnan", "x is NaN", "Elementwise test for NaN, as an i1 tensor."),
	classify("aten.isinf", "x is ±inf", "Elementwise test for positive or negative infinity, as an i1 tensor."),
	classify("aten.isposinf", "x is +inf", "Elementwise test for positive infinity, as an i1 tensor."),
	classify("aten.isneginf", "x is −inf", "Elementwise test for negative infinity, as an i1 tensor."),

	// ---- activations ----
	activation("aten.elu", "Exponential linear unit",
		"Elementwise scale·x for x > 0, else scale·alpha·(e^(input_scale·x) − 1). torch.nn.ELU uses alpha only; selu and celu are its special cases.",
		[]ods.Attr{opt("alpha", numberAttr, "1", "negative-side multiplier"), opt("scale", numberAttr, "1", "output multiplier"), opt("input_scale", numberAttr, "1", "multiplier of x in the exponent")},
		check(inferNumbers("alpha", "scale", "input_scale"))),
	unaryFloat("aten.selu", "Scaled exponential linear unit", "Elementwise elu with alpha = 1.6732632423543772 and scale = 1.0507009873554805 (the self-normalising constants)."),
	activation("aten.celu", "Continuously differentiable exponential linear unit",
		"Elementwise max(0, x) + min(0, alpha·(e^(x/alpha) − 1)); alpha must not be 0.",
		[]ods.Attr{opt("alpha", numberAttr, "1.0", "scale of the negative side; non-zero")}, check(inferCelu)),
	activation("aten.softplus", "ln(1 + e^(beta·x))/beta",
		"Elementwise smooth rectifier: ln(1 + e^(beta·x))/beta, reverting to x where beta·x > threshold for numerical stability (PyTorch's defaults: beta 1, threshold 20).",
		[]ods.Attr{opt("beta", numberAttr, "1", "sharpness"), opt("threshold", numberAttr, "20", "beta·x above which the result is x")},
		check(inferNumbers("beta", "threshold"))),
	unaryFloat("aten.mish", "x·tanh(softplus(x))", "Elementwise self-regularised activation x·tanh(ln(1 + eˣ))."),
	{
		Name: "aten.prelu", Summary: "x if x ≥ 0 else weight·x, per channel",
		Description: "Elementwise parametric rectifier. `weight` is 0-D or 1-D with either one element (shared) or one per channel, the channel dim being dim 1 of an input of rank ≥ 2 (an input of lower rank has one channel).\n\n" + floatNote,
		Operands:    []ods.Operand{in("self", floatTensor, "[N, C, *] or lower rank"), in("weight", floatTensor, "[1] or [C]")},
		Results:     out(floatTensor), Traits: pure | ir.Elementwise,
		Format: "$self `,` $weight attr-dict `:` functional-type(operands, results)", Infer: inferPrelu,
	},
	{
		Name: "aten.threshold", Summary: "x if x > threshold else value",
		Description: "Elementwise: elements not greater than `threshold` become `value` (ONNX ThresholdedRelu is threshold(x, alpha, 0)). NaN elements stay NaN. Integer tensors take integral threshold and value (converted to the dtype with wrap-around, as PyTorch does); not defined for bool tensors.",
		Operands:    self(numericTensor), Results: out(numericTensor),
		Attrs:  []ods.Attr{req("threshold", numberAttr, "the threshold"), req("value", numberAttr, "the replacement")},
		Traits: unaryEW, Format: fmtSame, Infer: inferSame, Verify: check(inferThreshold),
	},
	activation("aten.hardshrink", "x if |x| > lambd else 0",
		"Elementwise hard shrinkage: elements within [−lambd, lambd] become 0.",
		[]ods.Attr{opt("lambd", numberAttr, "0.5", "half-width of the zeroed band")}, check(inferNumbers("lambd"))),
	activation("aten.softshrink", "x ∓ lambd outside [−lambd, lambd], else 0",
		"Elementwise soft shrinkage: x − lambd above lambd, x + lambd below −lambd, 0 between; lambd must not be negative.",
		[]ods.Attr{opt("lambd", numberAttr, "0.5", "half-width of the zeroed band; ≥ 0")}, check(inferSoftshrink)),
}

func withVerify(o *ods.OpDef, v func(*ir.Operation) error) *ods.OpDef {
	o.Verify = v
	return o
}

// ---- inference ----

// inferCompare: broadcast two tensors of one element type to i1.
func inferCompare(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	r, err := inferBinary(ctx, ts, a)
	if err != nil {
		return nil, err
	}
	return one(tensor(ctx, r[0].(*ir.RankedTensorType).Shape, ctx.I(1))), nil
}

// inferCompareScalar: self's shape, i1.
func inferCompareScalar(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	x, err := ranked(ts, 0, "self")
	if err != nil {
		return nil, err
	}
	if a("other") == nil {
		return nil, fmt.Errorf("requires attribute 'other'")
	}
	if _, err := NumAttr(a, "other"); err != nil {
		return nil, err
	}
	return one(tensor(ctx, x.Shape, ctx.I(1))), nil
}

// inferLogical: any two tensors broadcast to i1.
func inferLogical(ctx *ir.Context, ts []ir.Type, _ ods.AttrGetter) ([]ir.Type, error) {
	x, err := ranked(ts, 0, "self")
	if err != nil {
		return nil, err
	}
	y, err := ranked(ts, 1, "other")
	if err != nil {
		return nil, err
	}
	s, err := broadcast(x.Shape, y.Shape)
	if err != nil {
		return nil, err
	}
	return one(tensor(ctx, s, ctx.I(1))), nil
}

// inferToBool: self's shape, i1.
func inferToBool(ctx *ir.Context, ts []ir.Type, _ ods.AttrGetter) ([]ir.Type, error) {
	x, err := ranked(ts, 0, "self")
	if err != nil {
		return nil, err
	}
	return one(tensor(ctx, x.Shape, ctx.I(1))), nil
}

// inferNumbers checks that the named attributes, when present, are numbers.
func inferNumbers(names ...string) ods.InferFunc {
	return func(_ *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
		if _, err := ranked(ts, 0, "self"); err != nil {
			return nil, err
		}
		for _, n := range names {
			if _, err := NumAttr(a, n); err != nil {
				return nil, err
			}
		}
		return one(ts[0]), nil
	}
}

// inferCelu: alpha must not be 0 (PyTorch divides by it).
func inferCelu(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	r, err := inferNumbers("alpha")(ctx, ts, a)
	if err != nil {
		return nil, err
	}
	if v, _ := NumAttr(a, "alpha"); v == 0 {
		return nil, fmt.Errorf("ZeroDivisionError: alpha cannot be 0 for CELU")
	}
	return r, nil
}

// inferSoftshrink: lambd must not be negative.
func inferSoftshrink(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	r, err := inferNumbers("lambd")(ctx, ts, a)
	if err != nil {
		return nil, err
	}
	if v, _ := NumAttr(a, "lambd"); v < 0 {
		return nil, fmt.Errorf("lambda must be greater or equal to 0, but found to be %g", v)
	}
	return r, nil
}

// inferThreshold: both Scalars present; integral for integer tensors.
func inferThreshold(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	x, err := ranked(ts, 0, "self")
	if err != nil {
		return nil, err
	}
	if isBool(x.Elem) {
		return nil, fmt.Errorf("threshold is not supported on bool tensors")
	}
	for _, n := range []string{"threshold", "value"} {
		if a(n) == nil {
			return nil, fmt.Errorf("requires attribute '%s'", n)
		}
		if _, err := NumAttr(a, n); err != nil {
			return nil, err
		}
		if isInt(x.Elem) && isFloatNumber(a, n) {
			return nil, fmt.Errorf("expects an integral '%s' for an integer tensor", n)
		}
	}
	return one(x), nil
}

// inferPrelu: weight has one element or one per channel (dim 1).
func inferPrelu(ctx *ir.Context, ts []ir.Type, _ ods.AttrGetter) ([]ir.Type, error) {
	x, err := ranked(ts, 0, "self")
	if err != nil {
		return nil, err
	}
	w, err := ranked(ts, 1, "weight")
	if err != nil {
		return nil, err
	}
	if err := sameElem([]string{"self", "weight"}, x, w); err != nil {
		return nil, err
	}
	if w.Rank() > 1 {
		return nil, fmt.Errorf("prelu: Expected `weight` to be a scalar or 1D tensor, but got: ndim = %d", w.Rank())
	}
	n := numel(w.Shape)
	ch := int64(1)
	if x.Rank() >= 2 {
		ch = x.Shape[1]
	}
	if n != -1 && n != 1 && ch != dyn && n != ch {
		return nil, fmt.Errorf("mismatch of parameter numbers and input channel size: found parameter numbers = %d and channel size = %d", n, ch)
	}
	return one(x), nil
}
