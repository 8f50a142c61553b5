// Package torch registers the torch dialect: ATen-level ops named as
// torch-mlir names them (torch.aten.conv2d, torch.aten.add.Tensor, …) but
// on builtin tensor types, with PyTorch's non-tensor arguments carried as
// attributes and every op's result type inferred with ATen's shape rules.
package torch

import (
	_ "embed"
	"slices"

	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/ir"
)

// ---- table helpers ----

func in(name string, t ods.TypeConstraint, doc string) ods.Operand {
	return ods.Operand{Name: name, Type: t, Doc: doc}
}

func optIn(name string, t ods.TypeConstraint, doc string) ods.Operand {
	return ods.Operand{Name: name, Type: t, Arity: ods.Optional, Doc: doc}
}

func out(t ods.TypeConstraint) []ods.Result { return []ods.Result{{Name: "result", Type: t}} }

// req is a required attribute; opt one whose absence means def, the ATen
// default as MLIR text, parsed once here and read through
// ods.AttrOrDefault; optNone one whose absence means PyTorch's None (or
// a default computed from other arguments), which note describes.
func req(name string, c ods.AttrConstraint, doc string) ods.Attr {
	return ods.Attr{Name: name, Type: c, Doc: doc}
}

func opt(name string, c ods.AttrConstraint, def, doc string) ods.Attr {
	return ods.OptionalAttr(name, c, def, doc)
}

func optNone(name string, c ods.AttrConstraint, note, doc string) ods.Attr {
	return ods.Attr{Name: name, Type: c, Optional: true, Default: note, Doc: doc}
}

func self(t ods.TypeConstraint) []ods.Operand { return []ods.Operand{in("self", t, "")} }

// Assembly formats.
const (
	// identity-typed ops: the result has the operand's type.
	fmtSame = "$self attr-dict `:` type($self)"
	// single-operand ops whose result type differs.
	fmtUnary = "$self attr-dict `:` type($self) `->` type($result)"
	// tensor-tensor ops.
	fmtBinary = "$self `,` $other attr-dict `:` functional-type(operands, results)"
)

const (
	pure      = ir.Pure
	sameType  = ir.SameOperandsAndResultShape | ir.SameOperandsAndResultElementType
	unaryEW   = ir.Pure | ir.Elementwise | sameType
	binaryEW  = ir.Pure | ir.Elementwise
	identity  = ir.Pure | sameType
	dimDoc    = "dimension, negative counts from the end"
	alphaDoc  = "multiplier of other (PyTorch Scalar: i64 or f64)"
	dtypeDoc  = "if set, the input is converted to this element type first and the result has it"
	otherDoc  = "the scalar operand (PyTorch Scalar: i64 or f64)"
	pairDoc   = "one value per spatial dim (H, W); a single value applies to both"
	floatNote = "Integer inputs, which PyTorch would first promote to the default float dtype, must be converted explicitly with `torch.aten.to.dtype`."
)

// unaryFloat is an elementwise op on floating-point tensors.
func unaryFloat(name, summary, desc string) *ods.OpDef {
	return &ods.OpDef{Name: name, Summary: summary, Description: desc + "\n\n" + floatNote,
		Operands: self(floatTensor), Results: out(floatTensor), Traits: unaryEW, Format: fmtSame, Infer: inferSame}
}

// binary is a broadcasting tensor-tensor op on one element type.
func binary(name, summary, desc string, attrs []ods.Attr, infer ods.InferFunc, traits ir.Trait) *ods.OpDef {
	return &ods.OpDef{Name: name, Summary: summary, Description: desc + "\n\n" + broadcastNote,
		Operands: []ods.Operand{in("self", numericTensor, ""), in("other", numericTensor, "")},
		Results:  out(numericTensor), Attrs: attrs, Traits: binaryEW | traits, Format: fmtBinary, Infer: infer}
}

const broadcastNote = "The operands broadcast as in PyTorch (dims align from the right; a dim of size 1 stretches) and must have the same element type: PyTorch's type promotion between tensors is made explicit with `torch.aten.to.dtype` when a graph is captured."

// scalar is a tensor-scalar op; an integer tensor with a float scalar
// gives float32, as PyTorch's promotion does.
func scalar(name, summary, desc string, withAlpha bool, kind string) *ods.OpDef {
	attrs := []ods.Attr{req("other", numberAttr, otherDoc)}
	if withAlpha {
		attrs = append(attrs, opt("alpha", numberAttr, "1", alphaDoc))
	}
	return &ods.OpDef{Name: name, Summary: summary, Description: desc + "\n\n" + scalarNote,
		Operands: self(numericTensor), Results: out(numericTensor), Attrs: attrs,
		Traits: binaryEW | ir.SameOperandsAndResultShape, Format: fmtUnary, Infer: inferScalar(kind)}
}

const scalarNote = "The result has self's element type unless the Scalar is of a higher kind, as PyTorch promotes: an integer or bool tensor with a float Scalar gives f32, a bool tensor with an integer Scalar gives i64."

// Dialect is the torch dialect's table, one op per entry.
// examples holds the op examples the docs show (see ods.OpDef.Example).
//
//go:embed examples.mlir
var examples string

var Dialect = (&ods.Dialect{
	Examples: examples,
	Name:     "torch",
	Summary:  "ATen-level PyTorch ops on builtin tensors, as captured from a model.",
	Description: `
The torch dialect is where a captured model enters mlc: one op per ATen operator, named as
torch-mlir names them (` + "`torch.aten.conv2d`, `torch.aten.add.Tensor`, `torch.aten.softmax.int`" + `, …), with
PyTorch's argument meaning. It differs from torch-mlir in its types: values are builtin tensors
(` + "`tensor<1x3x224x224xf32>`" + `), not ` + "`!torch.vtensor`" + `, and non-tensor arguments are attributes rather
than SSA values of ` + "`!torch.int`" + ` and friends:

- ints and int lists are ` + "`i64`" + ` and ` + "`array<i64: …>`" + ` attributes; PyTorch Scalars (which may be
  int or float) are ` + "`i64`" + ` or ` + "`f64`" + ` attributes; floats are ` + "`f64`" + `; bools are ` + "`true`/`false`" + `;
  strings are string attributes; a dtype is a type attribute holding an element type (` + "`dtype = f16`" + `).
- An absent optional attribute means the ATen default shown in each op's table, or None where
  PyTorch's argument is optional.
- dtypes map to element types: float16/bfloat16/float32/float64 → f16/bf16/f32/f64,
  int8/16/32/64 → i8/i16/i32/i64, uint8 → ui8, bool → i1.
- Dims may be negative (counted from the end) wherever PyTorch allows it; tensors are ranked,
  and dynamic dims (` + "`?`" + `) propagate through shape inference.
- Tensor operands of one op share an element type unless the op says otherwise: PyTorch's
  implicit type promotion between tensors is made explicit with ` + "`torch.aten.to.dtype`" + ` at capture.
  Promotions that do not involve two tensors (an integer tensor with a float Scalar, true
  division of integers, integer sums) are modelled as PyTorch does them.

Every op infers its result type from its operands and attributes with ATen's shape function, and
the verifier rejects what ATen would reject (dims out of range, mismatched channels, bad kernel
sizes, …). Captured graphs are inference graphs: dropout and batch norm exist in their
evaluation form only.
`,
	Ops: slices.Concat([]*ods.OpDef{
		// ---- constants ----
		{
			Name: "constant", Summary: "A tensor constant (an imported initializer or a literal)",
			Description: "Produces the tensor held by `value`: inline `dense<…>` data or a `dense_resource<…>` blob, so weights imported from a checkpoint need not be printed inline. The result type is the value's type. Plays the role of torch-mlir's `torch.vtensor.literal`.",
			Attrs:       []ods.Attr{req("value", ods.ElementsAttr, "the tensor data")},
			Results:     out(anyTensor), Traits: pure | ir.ConstantLike,
			Format: "attr-dict $value", Infer: inferConstant, Fold: foldConstant,
		},

		// ---- convolution and linear algebra ----
		{
			Name: "aten.conv2d", Summary: "2-D convolution (torch.nn.functional.conv2d)",
			Description: "Cross-correlates `input` [N, C_in, H, W] (or unbatched [C_in, H, W]) with `weight` [C_out, C_in/groups, kH, kW] and adds `bias` [C_out] when present. " +
				"Each spatial output size is floor((in + 2·padding − dilation·(k − 1) − 1) / stride) + 1; the input is zero-padded symmetrically by `padding`. " +
				"With `groups` = g, input and output channels are split into g groups convolved separately: C_in must equal weight's dim 1 times g, and C_out must be divisible by g. " +
				"The padded input must be at least as large as the dilated kernel. String padding (\"same\"/\"valid\") is resolved to explicit padding at capture.",
			Operands: []ods.Operand{in("input", floatTensor, "[N, C_in, H, W] or [C_in, H, W]"), in("weight", floatTensor, "[C_out, C_in/groups, kH, kW]"), optIn("bias", floatTensor, "[C_out]")},
			Attrs: []ods.Attr{
				opt("stride", ods.I64ArrayAttr, "array<i64: 1, 1>", pairDoc+"; > 0"),
				opt("padding", ods.I64ArrayAttr, "array<i64: 0, 0>", pairDoc+"; ≥ 0, applied on both sides"),
				opt("dilation", ods.I64ArrayAttr, "array<i64: 1, 1>", pairDoc+"; > 0"),
				opt("groups", ods.I64Attr, "1", "number of channel groups; > 0"),
			},
			Results: out(floatTensor), Traits: pure,
			Format: "$input `,` $weight (`,` $bias^)? attr-dict `:` functional-type(operands, results)", Infer: inferConvNd(2),
		},
		{
			Name: "aten.linear", Summary: "Affine map y = x·Wᵀ + b (torch.nn.functional.linear)",
			Description: "Multiplies `input` [*, in_features] by the transpose of `weight` [out_features, in_features] and adds `bias` when present; the result is [*, out_features]. `bias` is [out_features] or broadcastable to it.",
			Operands:    []ods.Operand{in("input", floatTensor, "[*, in_features]"), in("weight", floatTensor, "[out_features, in_features]"), optIn("bias", floatTensor, "[out_features]")},
			Results:     out(floatTensor), Traits: pure,
			Format: "$input `,` $weight (`,` $bias^)? attr-dict `:` functional-type(operands, results)", Infer: inferLinear,
		},
		{
			Name: "aten.matmul", Summary: "Matrix product with torch.matmul's promotion and broadcasting",
			Description: "Follows torch.matmul: two 1-D operands give their dot product (0-D); a 1-D first operand is treated as a row [1, k] and a 1-D second operand as a column [k, 1], the added dim being removed from the result; " +
				"2-D × 2-D is a matrix product; otherwise the leading (batch) dims broadcast and the last two dims multiply, e.g. [j, 1, n, m] × [k, m, p] → [j, k, n, p]. The contracted sizes must match.",
			Operands: []ods.Operand{in("self", numericTensor, ""), in("other", numericTensor, "")},
			Results:  out(numericTensor), Traits: pure, Format: fmtBinary, Infer: inferMatmul,
		},
		{
			Name: "aten.mm", Summary: "Matrix product of two 2-D tensors",
			Description: "[n, m] × [m, p] → [n, p]; no broadcasting.",
			Operands:    []ods.Operand{in("self", numericTensor, "[n, m]"), in("mat2", numericTensor, "[m, p]")},
			Results:     out(numericTensor), Traits: pure,
			Format: "$self `,` $mat2 attr-dict `:` functional-type(operands, results)", Infer: inferMm,
		},
		{
			Name: "aten.bmm", Summary: "Batched matrix product of two 3-D tensors",
			Description: "[b, n, m] × [b, m, p] → [b, n, p]; the batch sizes must be equal (no broadcasting, unlike matmul).",
			Operands:    []ods.Operand{in("self", numericTensor, "[b, n, m]"), in("mat2", numericTensor, "[b, m, p]")},
			Results:     out(numericTensor), Traits: pure,
			Format: "$self `,` $mat2 attr-dict `:` functional-type(operands, results)", Infer: inferBmm,
		},
		{
			Name: "aten.addmm", Summary: "beta·self + alpha·(mat1 @ mat2)",
			Description: "Matrix product of `mat1` [n, m] and `mat2` [m, p], scaled by `alpha`, plus `self` scaled by `beta`; `self` broadcasts to [n, p]. With beta = 0, self is ignored (NaNs in it do not propagate). Integer tensors take integral alpha and beta.",
			Operands:    []ods.Operand{in("self", numericTensor, "broadcastable to [n, p]"), in("mat1", numericTensor, "[n, m]"), in("mat2", numericTensor, "[m, p]")},
			Attrs:       []ods.Attr{opt("beta", numberAttr, "1", "multiplier of self"), opt("alpha", numberAttr, "1", "multiplier of the product")},
			Results:     out(numericTensor), Traits: pure,
			Format: "$self `,` $mat1 `,` $mat2 attr-dict `:` functional-type(operands, results)", Infer: inferAddmm,
		},

		// ---- binary arithmetic ----
		binary("aten.add.Tensor", "self + alpha·other", "Elementwise sum of self and other scaled by `alpha`. For integer tensors alpha must be integral; for bool tensors the sum is a logical or.",
			[]ods.Attr{opt("alpha", numberAttr, "1", alphaDoc)}, inferAddSub(false), 0),
		binary("aten.sub.Tensor", "self − alpha·other", "Elementwise difference of self and other scaled by `alpha`. For integer tensors alpha must be integral; bool tensors cannot be subtracted.",
			[]ods.Attr{opt("alpha", numberAttr, "1", alphaDoc)}, inferAddSub(true), 0),
		binary("aten.mul.Tensor", "self · other", "Elementwise product (a logical and for bool tensors).", nil, inferBinary, ir.Commutative),
		binary("aten.div.Tensor", "self / other, with an optional rounding mode",
			"Elementwise quotient. Without `rounding_mode` (PyTorch's None) it is true division, and integer operands give an f32 result, as PyTorch's default dtype; "+
				"`\"trunc\"` rounds the quotient toward zero and `\"floor\"` toward negative infinity, both keeping the element type (integer division by zero is undefined). "+
				"This one op covers torch-mlir's `aten.div.Tensor` and `aten.div.Tensor_mode`.",
			[]ods.Attr{optNone("rounding_mode", round, "none (true division)", "\"trunc\" or \"floor\"; absent means true division")}, inferDiv, 0),
		binary("aten.pow.Tensor_Tensor", "self raised to the power other",
			"Elementwise power with a tensor exponent. For integer tensors a negative exponent is an error at run time, as in PyTorch. The scalar-exponent form is `torch.aten.pow.Tensor_Scalar`.", nil, inferBinary, 0),
		scalar("aten.add.Scalar", "self + alpha·other for a Scalar other", "Adds the scalar `other` scaled by `alpha` to every element.", true, "add"),
		scalar("aten.sub.Scalar", "self − alpha·other for a Scalar other", "Subtracts the scalar `other` scaled by `alpha` from every element; not defined for bool tensors.", true, "sub"),
		scalar("aten.rsub.Scalar", "other − alpha·self for a Scalar other", "Reverse subtraction: the scalar `other` minus alpha times each element (PyTorch's `1 - x`); not defined for bool tensors.", true, "rsub"),
		scalar("aten.mul.Scalar", "self · other for a Scalar other", "Multiplies every element by the scalar `other`.", false, "mul"),
		{
			Name: "aten.div.Scalar", Summary: "self / other for a Scalar other",
			Description: "True division of every element by the scalar `other`; integer tensors give an f32 result (PyTorch's default dtype).",
			Operands:    self(numericTensor), Results: out(numericTensor),
			Attrs:  []ods.Attr{req("other", numberAttr, otherDoc)},
			Traits: binaryEW | ir.SameOperandsAndResultShape, Format: fmtUnary, Infer: inferScalar("div"),
		},
		{
			Name: "aten.pow.Tensor_Scalar", Summary: "self raised to a Scalar power",
			Description: "Elementwise power with a scalar exponent (x ** 2, x ** 0.5). The result type follows the Scalar promotion of the other Scalar ops (an integer tensor with a float exponent gives f32, a bool tensor with an integer exponent i64); an integer tensor's integer exponent must not be negative.",
			Operands:    self(numericTensor), Results: out(numericTensor),
			Attrs:  []ods.Attr{req("exponent", numberAttr, "the exponent (PyTorch Scalar: i64 or f64)")},
			Traits: binaryEW | ir.SameOperandsAndResultShape, Format: fmtUnary, Infer: inferPowScalar,
		},
		{
			Name: "aten.where.self", Summary: "Select from self where condition holds, else from other",
			Description: "Elementwise `condition ? self : other`. The three operands broadcast together; condition is a bool (i1) tensor, self and other share an element type.",
			Operands:    []ods.Operand{in("condition", boolTensor, "i1 mask"), in("self", anyTensor, "value where true"), in("other", anyTensor, "value where false")},
			Results:     out(anyTensor), Traits: binaryEW,
			Format: "$condition `,` $self `,` $other attr-dict `:` functional-type(operands, results)", Infer: inferWhere,
		},
		{
			Name: "aten.masked_fill.Scalar", Summary: "Replace elements where mask holds by a Scalar",
			Description: "Elementwise `mask ? value : self`; the result has the broadcast shape of self and mask and self's element type. An integer tensor cannot be filled with a float value.",
			Operands:    []ods.Operand{in("self", anyTensor, ""), in("mask", boolTensor, "i1 mask, broadcastable with self")},
			Attrs:       []ods.Attr{req("value", numberAttr, "fill value (PyTorch Scalar: i64 or f64)")},
			Results:     out(anyTensor), Traits: binaryEW,
			Format: "$self `,` $mask attr-dict `:` functional-type(operands, results)", Infer: inferMaskedFill,
		},

		// ---- activations and unary math ----
		{
			Name: "aten.relu", Summary: "max(x, 0)",
			Description: "Elementwise rectifier: negative elements become 0. Defined for floating-point and integer tensors.",
			Operands:    self(numericTensor), Results: out(numericTensor), Traits: unaryEW, Format: fmtSame, Infer: inferSame,
		},
		unaryFloat("aten.relu6", "min(max(x, 0), 6)", "Elementwise rectifier clipped at 6, i.e. hardtanh with bounds 0 and 6 (MobileNet's activation)."),
		{
			Name: "aten.leaky_relu", Summary: "x if x ≥ 0 else negative_slope·x",
			Description: "Elementwise leaky rectifier: x for x ≥ 0, negative_slope·x otherwise.\n\n" + floatNote,
			Operands:    self(floatTensor), Results: out(floatTensor),
			Attrs:  []ods.Attr{opt("negative_slope", numberAttr, "0.01", "slope for negative inputs")},
			Traits: unaryEW, Format: fmtSame, Infer: inferSame,
		},
		{
			Name: "aten.hardtanh", Summary: "clamp(x, min_val, max_val)",
			Description: "Elementwise clipping to [min_val, max_val]. min_val must not exceed max_val (torch.nn.Hardtanh asserts this; the functional form would silently return max_val everywhere).\n\n" + floatNote,
			Operands:    self(floatTensor), Results: out(floatTensor),
			Attrs:  []ods.Attr{opt("min_val", numberAttr, "-1", "lower bound"), opt("max_val", numberAttr, "1", "upper bound")},
			Traits: unaryEW, Format: fmtSame, Infer: inferSame, Verify: check(inferHardtanh),
		},
		{
			Name: "aten.gelu", Summary: "Gaussian error linear unit",
			Description: "With `approximate` = \"none\" (the default), x·Φ(x) where Φ is the standard normal CDF, i.e. 0.5·x·(1 + erf(x/√2)); " +
				"with \"tanh\", the approximation 0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³))).\n\n" + floatNote,
			Operands: self(floatTensor), Results: out(floatTensor),
			Attrs:  []ods.Attr{opt("approximate", gelu, "\"none\"", "\"none\" or \"tanh\"")},
			Traits: unaryEW, Format: fmtSame, Infer: inferSame,
		},
		unaryFloat("aten.silu", "x·sigmoid(x)", "Sigmoid-weighted linear unit (swish): x / (1 + e^−x)."),
		unaryFloat("aten.sigmoid", "1 / (1 + e^−x)", "Elementwise logistic function."),
		unaryFloat("aten.tanh", "Hyperbolic tangent", "Elementwise tanh."),
		unaryFloat("aten.hardswish", "x·relu6(x + 3)/6", "Elementwise hard swish: 0 for x ≤ −3, x for x ≥ 3, x·(x + 3)/6 between (MobileNetV3)."),
		unaryFloat("aten.hardsigmoid", "relu6(x + 3)/6", "Elementwise hard sigmoid: 0 for x ≤ −3, 1 for x ≥ 3, x/6 + 1/2 between."),
		unaryFloat("aten.erf", "Gauss error function", "Elementwise erf(x) = 2/√π ∫₀ˣ e^(−t²) dt."),
		unaryFloat("aten.sqrt", "Square root", "Elementwise √x; negative inputs give NaN."),
		unaryFloat("aten.rsqrt", "Reciprocal square root", "Elementwise 1/√x; 0 gives +inf, negative inputs NaN."),
		unaryFloat("aten.exp", "e^x", "Elementwise natural exponential."),
		unaryFloat("aten.log", "Natural logarithm", "Elementwise ln x; 0 gives −inf, negative inputs NaN."),
		{
			Name: "aten.neg", Summary: "−x",
			Description: "Elementwise negation; not defined for bool tensors.",
			Operands:    self(numericTensor), Results: out(numericTensor), Traits: unaryEW, Format: fmtSame, Infer: inferSame, Verify: rejectBool("negation"),
		},
		{
			Name: "aten.abs", Summary: "|x|",
			Description: "Elementwise absolute value (for the most negative integer it wraps, as in PyTorch).",
			Operands:    self(numericTensor), Results: out(numericTensor), Traits: unaryEW, Format: fmtSame, Infer: inferSame,
		},
		{
			Name: "aten.clamp", Summary: "Clip to [min, max]",
			Description: "Elementwise min(max(x, min), max). Either bound may be absent (PyTorch's None), not both. If min > max every element becomes max, as in PyTorch. Integer tensors take integral bounds.",
			Operands:    self(numericTensor), Results: out(numericTensor),
			Attrs:  []ods.Attr{optNone("min", numberAttr, "none", "lower bound"), optNone("max", numberAttr, "none", "upper bound")},
			Traits: unaryEW, Format: fmtSame, Infer: inferSame, Verify: check(inferClamp),
		},

		// ---- softmax and normalization ----
		{
			Name: "aten.softmax.int", Summary: "Softmax along a dim",
			Description: "exp(x) / Σ exp(x) along `dim`, computed in `dtype` when given (the input is converted first). The input must be floating-point unless dtype is a float type.",
			Operands:    self(numericTensor), Results: out(floatTensor),
			Attrs:  []ods.Attr{req("dim", ods.I64Attr, dimDoc), optNone("dtype", dtypeAttr, "none", dtypeDoc)},
			Traits: pure, Format: fmtUnary, Infer: inferSoftmax,
		},
		{
			Name: "aten.log_softmax.int", Summary: "Log of softmax along a dim",
			Description: "x − log Σ exp(x) along `dim`, computed in `dtype` when given. The input must be floating-point unless dtype is a float type.",
			Operands:    self(numericTensor), Results: out(floatTensor),
			Attrs:  []ods.Attr{req("dim", ods.I64Attr, dimDoc), optNone("dtype", dtypeAttr, "none", dtypeDoc)},
			Traits: pure, Format: fmtUnary, Infer: inferSoftmax,
		},
		{
			Name: "aten.layer_norm", Summary: "Layer normalization over the trailing dims",
			Description: "Normalizes `input` over its last len(normalized_shape) dims, which must equal `normalized_shape`: (x − mean) / √(var + eps) with the biased variance, then multiplies by weight and adds bias when present (both of shape normalized_shape). " +
				"The optional affine operands are written after the input: none, `weight`, or `weight, bias` (a bias without a weight is written with an all-ones weight). The cudnn_enable flag has no meaning here.",
			Operands: []ods.Operand{in("input", floatTensor, "[*, normalized_shape]"), {Name: "affine", Type: floatTensor, Arity: ods.Variadic, Doc: "optional weight, then optional bias, each of shape normalized_shape"}},
			Attrs:    []ods.Attr{req("normalized_shape", ods.I64ArrayAttr, "the trailing shape to normalize over; non-empty"), opt("eps", ods.F64Attr, "1.0e-05", "added to the variance")},
			Results:  out(floatTensor), Traits: pure,
			Format: "$input (`,` $affine^)? attr-dict `:` functional-type(operands, results)", Infer: inferLayerNorm,
		},
		{
			Name: "aten.batch_norm", Summary: "Batch normalization, inference form",
			Description: "Normalizes `input` [N, C, *] per channel with the running statistics: (x − running_mean) / √(running_var + eps), then multiplies by weight and adds bias when present (all of shape [C]). " +
				"This is ATen's batch_norm with training = false: `momentum` is kept for fidelity but does not affect the result. " +
				"Operands are ordered input, running_mean, running_var, then the optional affine operands (none, `weight`, or `weight, bias`), which differs from ATen's argument order. Statistics and affine parameters may have another float type than the input (mixed precision).",
			Operands: []ods.Operand{in("input", floatTensor, "[N, C, *]"), in("running_mean", floatTensor, "[C]"), in("running_var", floatTensor, "[C]"), {Name: "affine", Type: floatTensor, Arity: ods.Variadic, Doc: "optional weight, then optional bias, each [C]"}},
			Attrs:    []ods.Attr{opt("momentum", ods.F64Attr, "0.1", "running-statistics momentum (no effect in inference)"), opt("eps", ods.F64Attr, "1.0e-05", "added to the variance")},
			Results:  out(floatTensor), Traits: pure,
			Format: "$input `,` $running_mean `,` $running_var (`,` $affine^)? attr-dict `:` functional-type(operands, results)", Infer: inferBatchNorm,
		},

		// ---- pooling ----
		{
			Name: "aten.max_pool2d", Summary: "2-D max pooling",
			Description: "Maximum over kH×kW windows of `self` [N, C, H, W] (or [C, H, W]), padded with −inf by `padding` on both sides. " +
				"Each output size is floor((in + 2·padding − dilation·(k − 1) − 1 + (ceil_mode ? stride − 1 : 0)) / stride) + 1, minus one when ceil_mode would start the last window beyond the input and left padding. " +
				"`stride` defaults to `kernel_size` (also when given as an empty list); padding must be at most half the kernel size; the output must be non-empty.",
			Operands: self(numericTensor), Results: out(numericTensor),
			Attrs: []ods.Attr{
				req("kernel_size", ods.I64ArrayAttr, pairDoc+"; > 0"),
				optNone("stride", ods.I64ArrayAttr, "kernel_size", pairDoc+"; > 0"),
				opt("padding", ods.I64ArrayAttr, "array<i64: 0, 0>", pairDoc+"; 0 ≤ padding ≤ kernel_size/2"),
				opt("dilation", ods.I64ArrayAttr, "array<i64: 1, 1>", pairDoc+"; > 0"),
				opt("ceil_mode", ods.BoolAttr, "false", "round output sizes up instead of down"),
			},
			Traits: pure, Format: fmtUnary, Infer: inferPoolNd(2, true),
		},
		{
			Name: "aten.avg_pool2d", Summary: "2-D average pooling",
			Description: "Mean over kH×kW windows of `self` [N, C, H, W] (or [C, H, W]), zero-padded by `padding` on both sides; output sizes as for max_pool2d without dilation. " +
				"With `count_include_pad` the padded zeros count in the divisor, otherwise only input elements do; window parts beyond the padded input (possible with ceil_mode) never count. `divisor_override`, when set (non-zero), replaces the divisor. `stride` defaults to `kernel_size`.",
			Operands: self(floatTensor), Results: out(floatTensor),
			Attrs: []ods.Attr{
				req("kernel_size", ods.I64ArrayAttr, pairDoc+"; > 0"),
				optNone("stride", ods.I64ArrayAttr, "kernel_size", pairDoc+"; > 0"),
				opt("padding", ods.I64ArrayAttr, "array<i64: 0, 0>", pairDoc+"; 0 ≤ padding ≤ kernel_size/2"),
				opt("ceil_mode", ods.BoolAttr, "false", "round output sizes up instead of down"),
				opt("count_include_pad", ods.BoolAttr, "true", "count padding in the divisor"),
				optNone("divisor_override", ods.I64Attr, "none", "fixed divisor; non-zero"),
			},
			Traits: pure, Format: fmtUnary, Infer: inferPoolNd(2, false),
		},
		{
			Name: "aten.adaptive_avg_pool2d", Summary: "2-D average pooling to a fixed output size",
			Description: "Averages `self` [N, C, H, W] (or [C, H, W]) into [.., oh, ow] = `output_size`: output cell i along a dim of size n averages input indices floor(i·n/o) to ceil((i+1)·n/o) − 1, so windows may overlap and differ in size. output_size [1, 1] is global average pooling.",
			Operands:    self(floatTensor), Results: out(floatTensor),
			Attrs:  []ods.Attr{req("output_size", ods.I64ArrayAttr, "[oh, ow]")},
			Traits: pure, Format: fmtUnary, Infer: inferAdaptivePool,
		},

		// ---- shape manipulation ----
		{
			Name: "aten.flatten.using_ints", Summary: "Merge dims start_dim..end_dim into one",
			Description: "Collapses dims start_dim through end_dim (inclusive, negatives count from the end) into one dim of their product. start_dim must not come after end_dim. A 0-D input gives a 1-element 1-D tensor.",
			Operands:    self(anyTensor), Results: out(anyTensor),
			Attrs:  []ods.Attr{opt("start_dim", ods.I64Attr, "0", "first dim to merge"), opt("end_dim", ods.I64Attr, "-1", "last dim to merge")},
			Traits: pure, Format: fmtUnary, Infer: inferFlatten, Fold: foldReshape,
		},
		{
			Name: "aten.reshape", Summary: "Same elements, new shape",
			Description: "Reinterprets `self` with shape `shape` in row-major order. One entry may be −1 and is inferred from the element count; the other entries must be ≥ 0 and the counts must agree.",
			Operands:    self(anyTensor), Results: out(anyTensor),
			Attrs:  []ods.Attr{req("shape", ods.I64ArrayAttr, "target shape; at most one −1")},
			Traits: pure, Format: fmtUnary, Infer: inferView("shape"), Fold: foldReshape,
		},
		{
			Name: "aten.view", Summary: "Same elements, new shape (view semantics)",
			Description: "As `torch.aten.reshape` with the target in `size` (one −1 inferred). PyTorch's requirement that a view be expressible with strides has no meaning on value tensors, so view and reshape compute the same result.",
			Operands:    self(anyTensor), Results: out(anyTensor),
			Attrs:  []ods.Attr{req("size", ods.I64ArrayAttr, "target shape; at most one −1")},
			Traits: pure, Format: fmtUnary, Infer: inferView("size"), Fold: foldReshape,
		},
		{
			Name: "aten.permute", Summary: "Reorder dims",
			Description: "Result dim i is input dim dims[i]; `dims` is a permutation of the input's dims (negatives allowed, no repeats).",
			Operands:    self(anyTensor), Results: out(anyTensor),
			Attrs:  []ods.Attr{req("dims", ods.I64ArrayAttr, "permutation of the input dims")},
			Traits: pure, Format: fmtUnary, Infer: inferPermute,
		},
		{
			Name: "aten.transpose.int", Summary: "Swap two dims",
			Description: "Exchanges dims dim0 and dim1 (negatives count from the end).",
			Operands:    self(anyTensor), Results: out(anyTensor),
			Attrs:  []ods.Attr{req("dim0", ods.I64Attr, dimDoc), req("dim1", ods.I64Attr, dimDoc)},
			Traits: pure, Format: fmtUnary, Infer: inferTranspose,
		},
		{
			Name: "aten.cat", Summary: "Concatenate tensors along a dim",
			Description: "Joins one or more tensors of equal rank along `dim`; all other dims must match and 0-D tensors cannot be concatenated. All tensors share one element type. (PyTorch's legacy skipping of 1-D empty tensors is not modelled.)",
			Operands:    []ods.Operand{{Name: "tensors", Type: anyTensor, Arity: ods.Variadic, Doc: "one or more tensors"}},
			Attrs:       []ods.Attr{opt("dim", ods.I64Attr, "0", dimDoc)},
			Results:     out(anyTensor), Traits: pure,
			Format: "$tensors attr-dict `:` functional-type(operands, results)", Infer: inferCat,
		},
		{
			Name: "aten.slice.Tensor", Summary: "self[start:end:step] along a dim",
			Description: "Takes every step-th index from start up to (excluding) end along `dim`. Negative start/end count from the end; both are then clamped into [0, size] and end is raised to start if below it, so out-of-range bounds give a shorter (possibly empty) result rather than an error. " +
				"Absent start means 0 and absent end means the dim's size (PyTorch's None). step must be positive.",
			Operands: self(anyTensor), Results: out(anyTensor),
			Attrs: []ods.Attr{
				opt("dim", ods.I64Attr, "0", dimDoc),
				optNone("start", ods.I64Attr, "none (0)", "first index"),
				optNone("end", ods.I64Attr, "none (size)", "one past the last index"),
				opt("step", ods.I64Attr, "1", "stride; > 0"),
			},
			Traits: pure, Format: fmtUnary, Infer: inferSlice,
		},
		{
			Name: "aten.select.int", Summary: "self[..., index, ...]: drop a dim at an index",
			Description: "Picks index `index` (negative counts from the end, must be in range) along `dim`; the result has one dim fewer.",
			Operands:    self(anyTensor), Results: out(anyTensor),
			Attrs:  []ods.Attr{req("dim", ods.I64Attr, dimDoc), req("index", ods.I64Attr, "index in [−size, size)")},
			Traits: pure, Format: fmtUnary, Infer: inferSelect,
		},
		{
			Name: "aten.squeeze.dim", Summary: "Remove a dim if it has size 1",
			Description: "Removes `dim` when its size is 1 and returns the input unchanged otherwise, as PyTorch does. A dynamic dim is rejected, since whether it is 1 decides the result's rank.",
			Operands:    self(anyTensor), Results: out(anyTensor),
			Attrs:  []ods.Attr{req("dim", ods.I64Attr, dimDoc)},
			Traits: pure, Format: fmtUnary, Infer: inferSqueezeDim, Fold: foldReshape,
		},
		{
			Name: "aten.squeeze", Summary: "Remove every dim of size 1",
			Description: "Drops all dims of size 1; dynamic dims are rejected (see squeeze.dim).",
			Operands:    self(anyTensor), Results: out(anyTensor),
			Traits: pure, Format: fmtUnary, Infer: inferSqueeze, Fold: foldReshape,
		},
		{
			Name: "aten.unsqueeze", Summary: "Insert a dim of size 1",
			Description: "Inserts a size-1 dim so that it becomes dim `dim` of the result; dim is in [−rank−1, rank], negatives counting from the end of the result.",
			Operands:    self(anyTensor), Results: out(anyTensor),
			Attrs:  []ods.Attr{req("dim", ods.I64Attr, "position of the new dim")},
			Traits: pure, Format: fmtUnary, Infer: inferUnsqueeze, Fold: foldReshape,
		},
		{
			Name: "aten.expand", Summary: "Broadcast to a larger shape",
			Description: "Broadcasts `self` to `size`: sizes align from the right, −1 keeps the input's size, a size-1 dim stretches, other dims must match; new leading dims may be added (but not as −1). The implicit flag of ATen has no effect here.",
			Operands:    self(anyTensor), Results: out(anyTensor),
			Attrs:  []ods.Attr{req("size", ods.I64ArrayAttr, "target sizes; −1 keeps a dim")},
			Traits: pure, Format: fmtUnary, Infer: inferExpand,
		},
		{
			Name: "aten.constant_pad_nd", Summary: "Pad with a constant",
			Description: "Pads trailing dims: `pad` = [last_lo, last_hi, second_last_lo, second_last_hi, …], with even length at most twice the rank. Negative entries crop; no dim may become negative. New elements are `value` (integer tensors take an integral value).",
			Operands:    self(anyTensor), Results: out(anyTensor),
			Attrs:  []ods.Attr{req("pad", ods.I64ArrayAttr, "(low, high) pairs from the last dim backwards"), opt("value", numberAttr, "0", "fill value")},
			Traits: pure, Format: fmtUnary, Infer: inferPad,
		},

		// ---- reductions ----
		{
			Name: "aten.mean.dim", Summary: "Mean over dims",
			Description: "Arithmetic mean over the dims in `dim` (negatives allowed, no repeats); absent or empty `dim` reduces all dims. With `keepdim` reduced dims stay as size 1. The result is floating-point: an integer input needs a float `dtype`.",
			Operands:    self(numericTensor), Results: out(floatTensor),
			Attrs:  []ods.Attr{optNone("dim", ods.I64ArrayAttr, "none (all dims)", "dims to reduce"), opt("keepdim", ods.BoolAttr, "false", "keep reduced dims as size 1"), optNone("dtype", dtypeAttr, "none", dtypeDoc)},
			Traits: pure, Format: fmtUnary, Infer: inferReduce(true),
		},
		{
			Name: "aten.sum.dim_IntList", Summary: "Sum over dims",
			Description: "Sum over the dims in `dim` (absent or empty: all dims), keeping them as size 1 with `keepdim`. Without `dtype`, integer and bool inputs sum into i64 as in PyTorch; float inputs keep their type.",
			Operands:    self(numericTensor), Results: out(numericTensor),
			Attrs:  []ods.Attr{optNone("dim", ods.I64ArrayAttr, "none (all dims)", "dims to reduce"), opt("keepdim", ods.BoolAttr, "false", "keep reduced dims as size 1"), optNone("dtype", dtypeAttr, "none", dtypeDoc)},
			Traits: pure, Format: fmtUnary, Infer: inferReduce(false),
		},
		{
			Name: "aten.argmax", Summary: "Index of the maximum",
			Description: "i64 index of the first maximal element along `dim`; without `dim` the index is into the flattened tensor (a 0-D result, or all size-1 dims with keepdim). The reduced dim must not be empty.",
			Operands:    self(numericTensor), Results: out(ods.RankedTensorOf(ods.I64E)),
			Attrs:  []ods.Attr{optNone("dim", ods.I64Attr, "none (flattened)", dimDoc), opt("keepdim", ods.BoolAttr, "false", "keep the reduced dim as size 1")},
			Traits: pure, Format: fmtUnary, Infer: inferArgmax,
		},

		// ---- embedding and attention ----
		{
			Name: "aten.embedding", Summary: "Look up rows of a table",
			Description: "Gathers rows of `weight` [num_embeddings, embedding_dim] at `indices` (i32 or i64, any shape), giving indices.shape + [embedding_dim]. Indices out of range are undefined. " +
				"`padding_idx` (ATen default −1, meaning none) only affects gradients; when set it must lie in [0, num_embeddings). The scale_grad_by_freq and sparse flags are training-only and not modelled.",
			Operands: []ods.Operand{in("weight", anyTensor, "[num_embeddings, embedding_dim]"), in("indices", indexTensor, "row indices")},
			Attrs:    []ods.Attr{opt("padding_idx", ods.I64Attr, "-1", "row excluded from gradients; −1 for none")},
			Results:  out(anyTensor), Traits: pure,
			Format: "$weight `,` $indices attr-dict `:` functional-type(operands, results)", Infer: inferEmbedding,
		},
		{
			Name: "aten.scaled_dot_product_attention", Summary: "softmax(Q·Kᵀ·scale + mask)·V",
			Description: "Attention of `query` [*, L, E] over `key` [*, S, E] and `value` [*, S, Ev], giving [*, L, Ev]. The scores Q·Kᵀ are multiplied by `scale` (default 1/√E). " +
				"`attn_mask`, broadcastable to [*, L, S], is either i1 (false masks a position out, adding −inf) or of the query's float type (added to the scores). " +
				"With `is_causal`, position l attends only to positions ≤ l (a lower-triangular mask) and attn_mask must be absent. `dropout_p` is applied to the attention weights as PyTorch's functional form does; captured inference graphs carry 0. " +
				"With `enable_gqa`, query's head dim (−3) may be a multiple of key's and value's, which are then repeated (grouped-query attention); otherwise batch dims must match.",
			Operands: []ods.Operand{in("query", floatTensor, "[*, L, E]"), in("key", floatTensor, "[*, S, E]"), in("value", floatTensor, "[*, S, Ev]"), optIn("attn_mask", anyTensor, "broadcastable to [*, L, S]; i1 or float")},
			Attrs: []ods.Attr{
				opt("dropout_p", ods.F64Attr, "0.0", "dropout probability in [0, 1]"),
				opt("is_causal", ods.BoolAttr, "false", "apply a causal mask"),
				optNone("scale", ods.F64Attr, "none (1/√E)", "score scaling factor"),
				opt("enable_gqa", ods.BoolAttr, "false", "grouped-query attention"),
			},
			Results: out(floatTensor), Traits: pure,
			Format: "$query `,` $key `,` $value (`,` $attn_mask^)? attr-dict `:` functional-type(operands, results)", Infer: inferSDPA,
		},

		// ---- identities and conversions ----
		{
			Name: "aten.contiguous", Summary: "Identity on value tensors",
			Description: "Returns self. Memory layout (and so memory_format) has no meaning on value tensors.",
			Operands:    self(anyTensor), Results: out(anyTensor), Traits: identity, Format: fmtSame, Infer: inferSame, Fold: foldReshape,
		},
		{
			Name: "aten.clone", Summary: "Copy of self (an identity on value tensors)",
			Description: "Returns a tensor equal to self; memory_format has no meaning on value tensors.",
			Operands:    self(anyTensor), Results: out(anyTensor), Traits: identity, Format: fmtSame, Infer: inferSame, Fold: foldReshape,
		},
		{
			Name: "aten.dropout", Summary: "Dropout, inference form (identity)",
			Description: "With train = false, the only form accepted here, returns the input unchanged. `p` must lie in [0, 1].",
			Operands:    []ods.Operand{in("input", floatTensor, "")},
			Attrs:       []ods.Attr{opt("p", ods.F64Attr, "0.5", "drop probability in [0, 1]"), opt("train", ods.BoolAttr, "false", "must be false")},
			Results:     out(floatTensor), Traits: identity,
			Format: "$input attr-dict `:` type($input)", Infer: inferSame, Verify: check(inferDropout), Fold: foldReshape,
		},
		{
			Name: "aten.to.dtype", Summary: "Convert the element type",
			Description: "Converts each element to `dtype` as PyTorch's `Tensor.to(dtype)`: float to integer truncates toward zero (out-of-range values are undefined), to bool tests for non-zero, integer narrowing wraps around, and float narrowing rounds to nearest even. The non_blocking, copy and memory_format flags have no meaning here.",
			Operands:    self(anyTensor), Results: out(anyTensor),
			Attrs:  []ods.Attr{req("dtype", dtypeAttr, "target element type")},
			Traits: pure | ir.Elementwise | ir.SameOperandsAndResultShape, Format: fmtUnary, Infer: inferToDtype,
		},
	}, elementwiseOps, tensorOps, volumeOps),
}).Init()

// Register adds the torch dialect to ctx.
func Register(ctx *ir.Context) { ods.Register(ctx, Dialect) }
