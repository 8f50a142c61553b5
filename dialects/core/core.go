// Package core is mlc's core dialect: primitive, target-neutral tensor ops
// with static shapes and shape inference. Decompositions of torch ops
// produce it; the quant dialect annotates it; targets legalise from it.
package core

import (
	_ "embed"
	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

const (
	binaryFormat  = "$lhs `,` $rhs attr-dict `:` functional-type(operands, results)"
	unaryFormat   = "$input attr-dict `:` type($input)"
	genericFormat = "$input attr-dict `:` functional-type(operands, results)"

	broadcastDoc = "\n\nThe operands broadcast against each other as in NumPy and ONNX " +
		"(multidirectional broadcasting): shapes are aligned at their last dimension, a missing " +
		"leading dimension counts as 1, and each pair of dimensions must be equal or contain a 1. " +
		"The result has the broadcast shape."
	intDoc = " Signless integers are read as two's complement and results wrap around modulo 2^width."
)

var (
	numT   = Static(NumElem)
	fltT   = Static(FloatElem)
	boolT  = Static(BoolElem)
	anyT   = Static(AnyElem)
	castT  = Static(CastElem)
	unaryT = ir.Pure | ir.Elementwise | ir.SameOperandsAndResultShape | ir.SameOperandsAndResultElementType
)

// binary defines an elementwise binary op with broadcasting.
func binary(name, summary, desc string, t ods.TypeConstraint, traits ir.Trait, fold ods.FoldFunc) *ods.OpDef {
	return &ods.OpDef{
		Name: name, Summary: summary, Description: desc + broadcastDoc,
		Operands: []ods.Operand{{Name: "lhs", Type: t}, {Name: "rhs", Type: t}},
		Results:  []ods.Result{{Name: "result", Type: t}},
		Traits:   ir.Pure | ir.Elementwise | traits,
		Format:   binaryFormat, Infer: inferBroadcast, Fold: fold,
	}
}

// unary defines an elementwise unary op: the result has the input's type.
func unary(name, summary, desc string, t ods.TypeConstraint, fold ods.FoldFunc) *ods.OpDef {
	return &ods.OpDef{
		Name: name, Summary: summary, Description: desc,
		Operands: []ods.Operand{{Name: "input", Type: t}},
		Results:  []ods.Result{{Name: "result", Type: t}},
		Traits:   unaryT, Format: unaryFormat, Infer: inferSame, Fold: fold,
	}
}

func reduce(name, summary, desc string, t ods.TypeConstraint, kind reduceKind) *ods.OpDef {
	return &ods.OpDef{
		Name: name, Summary: summary,
		Description: desc + "\n\n`axes` lists the reduced dimensions: at least one, distinct, each in [0, rank). " +
			"With `keepdims` (default false) the reduced dimensions stay as size 1, otherwise they are removed.",
		Operands: []ods.Operand{{Name: "input", Type: t}},
		Results:  []ods.Result{{Name: "result", Type: t}},
		Attrs: []ods.Attr{
			{Name: "axes", Type: ods.I64ArrayAttr, Doc: "reduced dimensions"},
			ods.OptionalAttr("keepdims", ods.BoolAttr, "false", "keep reduced dimensions as size 1"),
		},
		Traits: ir.Pure, Format: genericFormat, Infer: inferReduce, Fold: reduceFold(kind),
	}
}

func argReduce(name, summary, desc string, kind reduceKind) *ods.OpDef {
	return &ods.OpDef{
		Name: name, Summary: summary,
		Description: desc + " The result holds i64 indices along `axis` (in [0, rank)); " +
			"`keepdims` (default false) keeps that dimension as size 1. Ties give the smallest index; " +
			"for floats the first NaN counts as the extremum, as in PyTorch.",
		Operands: []ods.Operand{{Name: "input", Type: numT}},
		Results:  []ods.Result{{Name: "result", Type: Static(ods.I64E)}},
		Attrs: []ods.Attr{
			{Name: "axis", Type: ods.I64Attr, Doc: "reduced dimension"},
			ods.OptionalAttr("keepdims", ods.BoolAttr, "false", "keep the reduced dimension as size 1"),
		},
		Traits: ir.Pure, Format: genericFormat, Infer: inferArg, Fold: reduceFold(kind),
	}
}

var windowAttrs = []ods.Attr{
	ods.OptionalAttr("strides", ods.I64ArrayAttr, "array<i64: 1, 1>", "[stride_h, stride_w], positive"),
	ods.OptionalAttr("padding", ods.I64ArrayAttr, "array<i64: 0, 0, 0, 0>", "[top, left, bottom, right], non-negative"),
	ods.OptionalAttr("dilations", ods.I64ArrayAttr, "array<i64: 1, 1>", "[dilation_h, dilation_w], positive"),
}

func pool(name, summary, desc string, t ods.TypeConstraint, extra ...ods.Attr) *ods.OpDef {
	attrs := append([]ods.Attr{{Name: "kernel", Type: ods.I64ArrayAttr, Doc: "[kernel_h, kernel_w], positive"}}, windowAttrs...)
	attrs = append(attrs, ods.OptionalAttr("ceil_mode", ods.BoolAttr, "false", "round the output size up"))
	attrs = append(attrs, extra...)
	return &ods.OpDef{
		Name: name, Summary: summary,
		Description: desc + "\n\nThe input is NCHW; the result is [N, C, OH, OW] with " + outputSizeDoc +
			" With `ceil_mode` the division rounds up, and a window that would start in the bottom (right) " +
			"padding is dropped, as PyTorch does. Each padding must be smaller than the dilated kernel extent " +
			"dilation·(k−1)+1, so that every window sees at least one input element.",
		Operands: []ods.Operand{{Name: "input", Type: t}},
		Results:  []ods.Result{{Name: "result", Type: t}},
		Attrs:    attrs,
		Traits:   ir.Pure, Format: genericFormat, Infer: inferPool,
	}
}

const outputSizeDoc = "OH = floor((H + pad_top + pad_bottom − dilation_h·(kernel_h−1) − 1) / stride_h) + 1 " +
	"and OW likewise with the left/right padding; the padded input must be at least as large as the dilated kernel."

// Dialect is the core dialect's table.
// examples holds the op examples the docs show (see ods.OpDef.Example).
//
//go:embed examples.mlir
var examples string

var Dialect = (&ods.Dialect{
	Examples: examples,
	Name:     "core",
	Summary:  "Primitive, target-neutral tensor ops with static shapes and shape inference.",
	Description: `The core dialect is the stage between the framework dialects and the targets:
decompositions of torch ops produce it, precision passes annotate it with quant types,
and legalisation turns it into trt or qnn ops. Every tensor has a static shape, and every
op whose result shape follows from its operands and attributes infers it; the verifier
compares the inferred type with the written one.

Conventions:

- Axes and dimensions are non-negative and in range (decompositions normalise PyTorch's
  negative axes); 4-D image ops use NCHW and OIHW.
- Arithmetic element types are f16, bf16, f32, f64 and signless i8 to i64; signless
  integers are two's complement, and integer arithmetic wraps around. Booleans are i1.
- Data movement ops (reshape, transpose, broadcast_to, concat, slice, gather, pad) accept
  any element type, so tensors of quantized element types flow through them unchanged.
- Folders evaluate ops on dense constants with the interpreter's kernels (internal/tensor),
  so a folded constant is what running the op gives; non-splat results are folded up to 65536
  elements. Folds that return an existing value (x + 0 → x) are canonicalisation patterns.`,
	MaterializeConstant: MaterializeConstant,
	Ops: []*ods.OpDef{
		// ---- elementwise binary ----
		quantized(binary("add", "Elementwise addition", "Computes lhs + rhs per element."+intDoc, numT, ir.Commutative,
			binaryFold(tensor.OpAdd))),
		binary("sub", "Elementwise subtraction", "Computes lhs − rhs per element."+intDoc, numT, 0,
			binaryFold(tensor.OpSub)),
		binary("mul", "Elementwise multiplication", "Computes lhs × rhs per element."+intDoc, numT, ir.Commutative,
			binaryFold(tensor.OpMul)),
		binary("div", "Elementwise division",
			"Computes lhs / rhs per element. Floats follow IEEE 754 (x/0 is ±inf or NaN). Integer division "+
				"truncates toward zero, as C, ONNX Div and PyTorch's rounding_mode=\"trunc\" do; integer division "+
				"by zero is undefined, and the minimum value divided by −1 wraps to itself.", numT, 0,
			binaryFold(tensor.OpDiv)),
		binary("pow", "Elementwise power",
			"Computes lhs raised to rhs per element with C's pow conventions (pow(x, 0) = 1 even for NaN, "+
				"a negative base with a non-integer exponent gives NaN).", fltT, 0,
			binaryFold(tensor.OpPow)),
		binary("max", "Elementwise maximum",
			"Computes the larger of lhs and rhs per element. A NaN operand gives NaN (PyTorch's maximum, "+
				"ONNX Max); +0 is larger than −0.", numT, ir.Commutative,
			binaryFold(tensor.OpMax)),
		binary("min", "Elementwise minimum",
			"Computes the smaller of lhs and rhs per element. A NaN operand gives NaN (PyTorch's minimum, "+
				"ONNX Min); −0 is smaller than +0.", numT, ir.Commutative,
			binaryFold(tensor.OpMin)),
		{
			Name: "cmp", Summary: "Elementwise comparison",
			Description: "Compares lhs with rhs per element with `predicate` and gives an i1 tensor: " +
				"`eq` (==), `ne` (!=), `lt` (<), `le` (<=), `gt` (>), `ge` (>=). Integers compare as signed " +
				"two's complement values. Float comparisons are ordered, so every predicate but `ne` is false " +
				"when either side is NaN, and `ne` is true (IEEE 754, as PyTorch and ONNX)." + broadcastDoc,
			Operands: []ods.Operand{{Name: "lhs", Type: numT}, {Name: "rhs", Type: numT}},
			Results:  []ods.Result{{Name: "result", Type: boolT}},
			Attrs:    []ods.Attr{{Name: "predicate", Type: PredicateAttr, Doc: "the comparison"}},
			Traits:   ir.Pure | ir.Elementwise,
			Format:   "$predicate `,` $lhs `,` $rhs attr-dict `:` functional-type(operands, results)",
			Infer:    inferCmp, Fold: foldCmp,
		},
		binary("and", "Elementwise logical and", "Computes lhs ∧ rhs per element of i1 tensors.", boolT, ir.Commutative,
			logicalFold(tensor.OpAnd)),
		binary("or", "Elementwise logical or", "Computes lhs ∨ rhs per element of i1 tensors.", boolT, ir.Commutative,
			logicalFold(tensor.OpOr)),
		binary("xor", "Elementwise logical exclusive or", "Computes lhs ⊕ rhs per element of i1 tensors.", boolT, ir.Commutative,
			logicalFold(tensor.OpXor)),
		{
			Name: "select", Summary: "Elementwise choice between two tensors",
			Description: "Takes on_true where cond is true and on_false elsewhere, per element (ONNX Where, " +
				"torch.where). on_true and on_false share an element type, which may be any type; all three " +
				"operands broadcast together." + broadcastDoc,
			Operands: []ods.Operand{{Name: "cond", Type: boolT}, {Name: "on_true", Type: anyT}, {Name: "on_false", Type: anyT}},
			Results:  []ods.Result{{Name: "result", Type: anyT}},
			Traits:   ir.Pure | ir.Elementwise,
			Format:   "$cond `,` $on_true `,` $on_false attr-dict `:` functional-type(operands, results)",
			Infer:    inferSelect, Fold: foldSelect,
		},

		// ---- elementwise unary ----
		unary("neg", "Elementwise negation", "Computes −x per element; integers wrap, so the minimum value maps to itself.", numT,
			unaryFold(tensor.OpNeg)),
		unary("abs", "Elementwise absolute value", "Computes |x| per element; for integers the minimum value maps to itself (wrap-around).", numT,
			unaryFold(tensor.OpAbs)),
		unary("exp", "Elementwise exponential", "Computes e^x per element.", fltT, unaryFold(tensor.OpExp)),
		unary("log", "Elementwise natural logarithm", "Computes ln x per element: −inf at ±0, NaN below zero.", fltT, unaryFold(tensor.OpLog)),
		unary("sqrt", "Elementwise square root", "Computes √x per element: NaN below zero, −0 at −0.", fltT, unaryFold(tensor.OpSqrt)),
		unary("rsqrt", "Elementwise reciprocal square root", "Computes 1/√x per element: +inf at +0, NaN below zero.", fltT,
			unaryFold(tensor.OpRsqrt)),
		unary("tanh", "Elementwise hyperbolic tangent", "Computes tanh x per element.", fltT, unaryFold(tensor.OpTanh)),
		unary("sigmoid", "Elementwise logistic sigmoid", "Computes 1 / (1 + e^−x) per element.", fltT, unaryFold(tensor.OpSigmoid)),
		unary("erf", "Elementwise error function", "Computes erf x = 2/√π ∫₀ˣ e^(−t²) dt per element.", fltT, unaryFold(tensor.OpErf)),
		unary("relu", "Elementwise rectified linear unit",
			"Computes max(x, 0) per element; NaN stays NaN (PyTorch's relu).", numT,
			unaryFold(tensor.OpRelu)),
		unary("floor", "Elementwise floor", "Rounds each element toward −inf.", fltT, unaryFold(tensor.OpFloor)),
		unary("ceil", "Elementwise ceiling", "Rounds each element toward +inf.", fltT, unaryFold(tensor.OpCeil)),
		unary("round", "Elementwise round half to even",
			"Rounds each element to the nearest integer, ties to even (torch.round, ONNX Round): 0.5 → 0, 1.5 → 2, −2.5 → −2.", fltT,
			unaryFold(tensor.OpRound)),
		unary("sin", "Elementwise sine", "Computes sin x per element (radians).", fltT, unaryFold(tensor.OpSin)),
		unary("cos", "Elementwise cosine", "Computes cos x per element (radians).", fltT, unaryFold(tensor.OpCos)),
		unary("reciprocal", "Elementwise reciprocal", "Computes 1/x per element: ±inf at ±0.", fltT,
			unaryFold(tensor.OpReciprocal)),
		unary("sign", "Elementwise sign",
			"Gives −1, 0 or 1 per element by the sign of x. For floats ±0 keep their sign and NaN stays NaN "+
				"(NumPy's sign; PyTorch has returned 0 for NaN).", numT,
			unaryFold(tensor.OpSign)),
		unary("not", "Elementwise logical not", "Computes ¬x per element of an i1 tensor.", boolT,
			foldNot),
		{
			Name: "clamp", Summary: "Elementwise clamp to optional bounds",
			Description: "Computes min(max(x, min), max) per element; an absent bound does not apply. " +
				"`min` must not exceed `max`. NaN stays NaN. For integer tensors the bounds must be integral " +
				"and are compared as integers (ReLU6 is clamp with min 0.0 and max 6.0).",
			Operands: []ods.Operand{{Name: "input", Type: numT}},
			Results:  []ods.Result{{Name: "result", Type: numT}},
			Attrs: []ods.Attr{
				{Name: "min", Type: ods.F32Attr, Optional: true, Doc: "lower bound"},
				{Name: "max", Type: ods.F32Attr, Optional: true, Doc: "upper bound"},
			},
			Traits: unaryT,
			Format: "$input (`min` $min^)? (`max` $max^)? attr-dict `:` type($input)",
			Infer:  inferSame, Verify: verifyClamp, Fold: foldClamp,
		},
		{
			Name: "cast", Summary: "Elementwise element type conversion",
			Description: "Converts each element to the result's element type; the shape is unchanged. " +
				"Float to float rounds to nearest, ties to even (overflow gives ±inf). Float to integer " +
				"truncates toward zero; NaN, infinities and values out of the target's range are undefined. " +
				"Integer to float rounds to nearest even. Integer to integer sign-extends or wraps. Any " +
				"nonzero value (NaN included) converts to i1 true, and i1 true converts to 1.",
			Operands: []ods.Operand{{Name: "input", Type: castT}},
			Results:  []ods.Result{{Name: "result", Type: castT}},
			Traits:   ir.Pure | ir.Elementwise,
			Format:   "$input attr-dict `:` type($input) `to` type($result)",
			Verify:   verifyCast, Fold: foldCast,
		},

		// ---- contractions, convolution, pooling ----
		quantized(&ods.OpDef{
			Name: "matmul", Summary: "Batched matrix product",
			Description: "Multiplies the matrices in the last two dimensions: lhs [..., M, K] × rhs [..., K, N] → " +
				"[..., M, N], with the batch dimensions (all but the last two) broadcast as in NumPy. Both " +
				"operands have rank 2 or more: core has no 1-D matmul, so decompositions reshape vectors to " +
				"matrices first (torch.matmul's 1-D promotion). The operands and result share an element type; " +
				"products accumulate in that type (integers wrap). The optional bias [N] is added to every row " +
				"before the result is requantized; it exists only in the quantized form (a linear layer's " +
				"int32 bias, as ONNX Runtime's QGemm takes it): float matmuls add a bias with core.add.",
			Operands: []ods.Operand{{Name: "lhs", Type: numT}, {Name: "rhs", Type: numT},
				{Name: "bias", Type: numT, Arity: ods.Optional, Doc: "[N], quantized form only"}},
			Results: []ods.Result{{Name: "result", Type: numT}},
			Traits:  ir.Pure,
			Format:  "$lhs `,` $rhs (`,` $bias^)? attr-dict `:` functional-type(operands, results)",
			Infer:   inferMatmul,
		}, biasOnlyQuantized),
		quantized(&ods.OpDef{
			Name: "conv2d", Summary: "2-D convolution (cross-correlation) with groups and dilation",
			Description: "Computes out[n, o, y, x] = bias[o] + Σ_{c, i, j} input[n, g·C/G + c, y·s_h − pad_top + i·d_h, " +
				"x·s_w − pad_left + j·d_w] · weight[o, c, i, j], where g = o / (O/G) is the group of output channel o, " +
				"positions outside the input read zero, and the sum runs over the weight's C/G input channels and " +
				"kernel window (PyTorch conv2d, ONNX Conv). The input is NCHW [N, C, H, W], the weight OIHW " +
				"[O, C/groups, kH, kW], the optional bias [O]. `groups` divides both C and O. The result is " +
				"[N, O, OH, OW] with " + outputSizeDoc,
			Operands: []ods.Operand{
				{Name: "input", Type: numT, Doc: "NCHW"},
				{Name: "weight", Type: numT, Doc: "OIHW"},
				{Name: "bias", Type: numT, Arity: ods.Optional, Doc: "[O]"},
			},
			Results: []ods.Result{{Name: "result", Type: numT}},
			Attrs: append(append([]ods.Attr(nil), windowAttrs...),
				ods.OptionalAttr("groups", ods.I64Attr, "1", "channel groups, positive")),
			Traits: ir.Pure,
			Format: "$input `,` $weight (`,` $bias^)? attr-dict `:` functional-type(operands, results)",
			Infer:  inferConv2d,
		}),
		sameScale(pool("max_pool2d", "2-D max pooling",
			"Takes the maximum of each kernel window (PyTorch max_pool2d, ONNX MaxPool). Padding never wins: "+
				"padded positions are skipped. A NaN in a window gives NaN.", numT)),
		pool("avg_pool2d", "2-D average pooling",
			"Takes the mean of each kernel window (PyTorch avg_pool2d, ONNX AveragePool). With "+
				"`count_include_pad` (default false) the divisor counts the window's positions in the input "+
				"and its padding but not those beyond the padding that ceil_mode adds (PyTorch's rule); without "+
				"it only the input positions count.", fltT,
			ods.OptionalAttr("count_include_pad", ods.BoolAttr, "false", "padding counts in the divisor")),

		// ---- composites: one unit each for targets and quantization (composite.go) ----
		layerNormOp,
		softmaxOp,
		geluOp,

		// ---- reductions ----
		reduce("reduce_sum", "Sum over axes", "Adds the elements along `axes`."+intDoc, numT, redSum),
		reduce("reduce_mean", "Mean over axes", "Averages the elements along `axes`: their sum divided by their count.", fltT, redMean),
		reduce("reduce_max", "Maximum over axes", "Takes the largest element along `axes`; a NaN gives NaN.", numT, redMax),
		reduce("reduce_min", "Minimum over axes", "Takes the smallest element along `axes`; a NaN gives NaN.", numT, redMin),
		reduce("reduce_prod", "Product over axes", "Multiplies the elements along `axes`."+intDoc, numT, redProd),
		argReduce("argmax", "Index of the maximum along an axis", "Gives the index of the largest element along `axis`.", redArgMax),
		argReduce("argmin", "Index of the minimum along an axis", "Gives the index of the smallest element along `axis`.", redArgMin),

		// ---- data movement ----
		{
			Name: "reshape", Summary: "Reinterpret a tensor with another shape",
			Description: "Gives the input's elements, in row-major order, the result's shape; the element " +
				"count and type are unchanged. The result type carries the new shape, so squeeze, unsqueeze " +
				"and flatten are reshapes.",
			Operands: []ods.Operand{{Name: "input", Type: anyT}},
			Results:  []ods.Result{{Name: "result", Type: anyT}},
			Traits:   ir.Pure, Format: genericFormat, Verify: verifyReshape, Fold: foldReshape,
		},
		{
			Name: "transpose", Summary: "Permute dimensions",
			Description: "Result dimension i is input dimension perm[i]: result[i_0, …] = input[j] with " +
				"j[perm[k]] = i_k. `perm` is a permutation of [0, rank).",
			Operands: []ods.Operand{{Name: "input", Type: anyT}},
			Results:  []ods.Result{{Name: "result", Type: anyT}},
			Attrs:    []ods.Attr{{Name: "perm", Type: ods.I64ArrayAttr, Doc: "permutation of the dimensions"}},
			Traits:   ir.Pure, Format: genericFormat, Infer: inferTranspose, Fold: foldTranspose,
		},
		{
			Name: "broadcast_to", Summary: "Broadcast to a shape",
			Description: "Repeats the input along its size-1 dimensions and new leading dimensions to the " +
				"result's shape, with NumPy's alignment at the last dimension: each input dimension equals the " +
				"matching result dimension or is 1 (ONNX Expand to an exact shape, torch.expand).",
			Operands: []ods.Operand{{Name: "input", Type: anyT}},
			Results:  []ods.Result{{Name: "result", Type: anyT}},
			Traits:   ir.Pure, Format: genericFormat, Verify: verifyBroadcastTo, Fold: foldBroadcastTo,
		},
		{
			Name: "concat", Summary: "Join tensors along an axis",
			Description: "Concatenates the inputs, in order, along `axis` (in [0, rank)). The inputs have " +
				"one element type and rank and agree on every other dimension; the result's `axis` dimension " +
				"is the sum of theirs.",
			Operands: []ods.Operand{{Name: "inputs", Type: anyT, Arity: ods.Variadic}},
			Results:  []ods.Result{{Name: "result", Type: anyT}},
			Attrs:    []ods.Attr{{Name: "axis", Type: ods.I64Attr, Doc: "joined dimension"}},
			Traits:   ir.Pure,
			Format:   "$inputs attr-dict `:` functional-type(operands, results)",
			Infer:    inferConcat, Fold: foldConcat,
		},
		{
			Name: "slice", Summary: "Strided slice with static bounds",
			Description: "Takes, per dimension d, the elements starts[d], starts[d] + strides[d], … up to but " +
				"not including limits[d], with ONNX Slice's rules: a negative start or limit counts from the " +
				"end (adds the dimension size d_n); then, for a positive stride, start and limit are clamped to " +
				"[0, d_n], and for a negative stride start is clamped to [0, d_n − 1] and limit to [−1, d_n − 1] " +
				"(write a limit ≤ −d_n − 1 to run through index 0). The size is max(0, ceil((limit − start) / stride)). " +
				"`starts`, `limits` and `strides` have one entry per dimension; strides default to 1 and are non-zero.",
			Operands: []ods.Operand{{Name: "input", Type: anyT}},
			Results:  []ods.Result{{Name: "result", Type: anyT}},
			Attrs: []ods.Attr{
				{Name: "starts", Type: ods.I64ArrayAttr, Doc: "first index per dimension"},
				{Name: "limits", Type: ods.I64ArrayAttr, Doc: "exclusive end per dimension"},
				{Name: "strides", Type: ods.I64ArrayAttr, Optional: true, Default: "all 1", Doc: "step per dimension, non-zero"},
			},
			Traits: ir.Pure, Format: genericFormat, Infer: inferSlice, Fold: foldSlice,
		},
		{
			Name: "gather", Summary: "Gather slices along an axis by index",
			Description: "ONNX Gather: for data of rank r and indices of rank q, the result has rank r + q − 1 " +
				"and shape data[:axis] + indices + data[axis+1:], with result[i…, j…, k…] = " +
				"data[i…, indices[j…], k…]. A negative index counts from the end; an index outside " +
				"[−d, d) for the axis size d is an error at run time. `axis` defaults to 0.",
			Operands: []ods.Operand{{Name: "input", Type: anyT}, {Name: "indices", Type: Static(IndexElem)}},
			Results:  []ods.Result{{Name: "result", Type: anyT}},
			Attrs:    []ods.Attr{ods.OptionalAttr("axis", ods.I64Attr, "0", "gathered dimension")},
			Traits:   ir.Pure,
			Format:   "$input `,` $indices attr-dict `:` functional-type(operands, results)",
			Infer:    inferGather, Fold: foldGather,
		},
		{
			Name: "pad", Summary: "Pad with a constant",
			Description: "Adds low[d] elements before and high[d] after each dimension d (both non-negative, " +
				"one entry per dimension), filled with `value` (ONNX Pad in constant mode, torch's constant_pad_nd " +
				"without cropping). `value` has the element type and defaults to zero; for element types other " +
				"than float, integer and i1 (quantized types) it must be absent and the padding is the encoding " +
				"of real zero (the zero point).",
			Operands: []ods.Operand{{Name: "input", Type: anyT}},
			Results:  []ods.Result{{Name: "result", Type: anyT}},
			Attrs: []ods.Attr{
				{Name: "low", Type: ods.I64ArrayAttr, Doc: "padding before each dimension"},
				{Name: "high", Type: ods.I64ArrayAttr, Doc: "padding after each dimension"},
				{Name: "value", Type: ScalarAttr, Optional: true, Default: "0", Doc: "padding value of the element type"},
			},
			Traits: ir.Pure, Format: genericFormat, Infer: inferPad, Verify: verifyPad, Fold: foldPad,
		},
		{
			Name: "constant", Summary: "A constant tensor",
			Description: "Produces `value`, inline dense data or a dense_resource blob; the result type is " +
				"the attribute's type, a statically shaped tensor. Folded results become core.constant ops.",
			Results: []ods.Result{{Name: "result", Type: anyT}},
			Attrs:   []ods.Attr{{Name: "value", Type: ods.ElementsAttr, Doc: "the tensor"}},
			Traits:  ir.Pure | ir.ConstantLike,
			Format:  "$value attr-dict",
			Infer:   inferConstant,
		},
	},
}).Init()

// Register adds the core dialect to ctx.
func Register(ctx *ir.Context) { ods.Register(ctx, Dialect) }
