// Package trt is the TensorRT dialect: the layers of TensorRT's
// INetworkDefinition as ops on builtin tensor types, with TensorRT's
// attribute names, enum values, element types, shape rules and the
// explicit-quantization rules of its ONNX parser.
package trt

import (
	_ "embed"
	"fmt"

	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/ir"
)

const dialectDoc = `
Each op is one layer of TensorRT 10's ` + "`INetworkDefinition`" + `. Tensors are builtin ranked
tensors; a ` + "`?`" + ` dimension is TensorRT's -1 (a dimension known only at runtime). Weights
(convolution kernels and biases, normalization scale and bias, quantization scales) are
operands, usually defined by ` + "`trt.constant`" + `, as TensorRT lets layers take them as input
tensors.

Naming follows TensorRT's operator reference: attributes are the snake_case names of the
layer properties (` + "`kernel_size`, `num_output_maps`, `pre_padding`, `num_groups`" + `, ...) and
enums are strings spelling TensorRT's enumerators in lower case without the ` + "`k`" + ` prefix
(` + "`ElementWiseOperation::kFLOOR_DIV`" + ` is ` + "`\"floor_div\"`" + `). Axes sets are TensorRT's
` + "`uint32`" + ` bitmasks stored as ` + "`i64`" + ` (bit i selects axis i): softmax, reduce,
normalization and topk all use masks, as the TensorRT API does.

Element types map to TensorRT's DataType: f32 kFLOAT, f16 kHALF, bf16 kBF16, f8E4M3FN kFP8,
i8 kINT8, i32 kINT32, i64 kINT64, i1 kBOOL, ui8 kUINT8, i4 kINT4. Each layer's operands and
results accept the types TensorRT documents for it.

Every layer carries the two ILayer settings:

- ` + "`precision`" + ` (ILayer::setPrecision): the type the layer computes in, in a weakly typed
  network. It must be a type the layer supports; it does not change the IR types.
- ` + "`output_type`" + ` (ILayer::setOutputType(0, ...)): the element type of the layer's first
  output. It must be a type the layer can produce, and the result's element type must equal
  it; layers whose result type is inferred use it as the inferred element type.
`

// Dialect is the trt dialect's table.
// examples holds the op examples the docs show (see ods.OpDef.Example).
//
//go:embed examples.mlir
var examples string

var Dialect = (&ods.Dialect{
	Examples:    examples,
	Name:        "trt",
	Summary:     "TensorRT network layers (INetworkDefinition) with TensorRT's attributes, types and quantization rules.",
	Description: dialectDoc,
	Ops: []*ods.OpDef{
		convolutionOp,
		deconvolutionOp,
		matrixMultiplyOp,
		elementWiseOp,
		activationOp,
		unaryOp,
		poolingOp,
		softmaxOp,
		normalizationOp,
		shuffleOp,
		concatenationOp,
		sliceOp,
		reduceOp,
		gatherOp,
		constantOp,
		identityOp,
		castOp,
		resizeOp,
		selectOp,
		shapeOp,
		topkOp,
		paddingOp,
		quantizeOp,
		dequantizeOp,
	},
}).Init()

// Register adds the trt dialect to ctx.
func Register(ctx *ir.Context) { ods.Register(ctx, Dialect) }

const (
	unaryFormat      = "$input attr-dict `:` type($input) `->` type($output)"
	functionalFormat = "attr-dict `:` functional-type(operands, results)"
)

func windowAttrs(kernel string, withDilation bool) []ods.Attr {
	out := []ods.Attr{
		{Name: kernel, Type: dimsAttr, Doc: "window extent per spatial dimension"},
		{Name: "stride", Type: dimsAttr, Optional: true, Default: "all 1", Doc: "step per spatial dimension"},
		{Name: "pre_padding", Type: dimsAttr, Optional: true, Default: "all 0", Doc: "zero padding before each spatial dimension"},
		{Name: "post_padding", Type: dimsAttr, Optional: true, Default: "all 0", Doc: "zero padding after each spatial dimension"},
		{Name: "padding_mode", Type: paddingMode, Optional: true, Default: `"explicit_round_down"`, Doc: "PaddingMode: how the output size is rounded, or SAME padding"},
	}
	if withDilation {
		out = append(out, ods.Attr{Name: "dilation", Type: dimsAttr, Optional: true, Default: "all 1", Doc: "kernel dilation per spatial dimension"})
	}
	return out
}

var convolutionOp = &ods.OpDef{
	Name:    "convolution",
	Summary: "IConvolutionLayer: 2-D or 3-D grouped, dilated convolution with an optional bias",
	Description: `
Cross-correlates a 4-D NCHW (or 5-D NCDHW) input with a kernel of layout KCRS (KCTRS):
` + "`[num_output_maps, C / num_groups, kernel_size...]`" + `, and adds the optional bias of shape
` + "`[num_output_maps]`" + ` per output channel. The result is ` + "`[N, num_output_maps, spatial...]`" + `
where each spatial extent follows the padding mode, with ` + "`dk = 1 + dilation * (kernel - 1)`" + `:

- ` + "`explicit_round_down`" + ` (default): ` + "`floor((in + pre + post - dk) / stride) + 1`" + `
- ` + "`explicit_round_up`" + `: ` + "`ceil((in + pre + post - dk) / stride) + 1`" + `
- ` + "`same_upper`" + ` / ` + "`same_lower`" + `: ` + "`ceil(in / stride)`" + `, TensorRT choosing the padding
  (the extra padding goes after / before the data); ` + "`pre_padding`/`post_padding`" + ` are ignored.

Input channels and num_output_maps must both be divisible by num_groups. Kernel and input have
the same element type; the bias is floating point. Defaults: stride 1, padding 0, dilation 1,
num_groups 1. TensorRT's symmetric ` + "`padding`" + ` property is written as equal pre and post padding.`,
	Operands: []ods.Operand{
		{Name: "input", Type: convTypes.tensor(), Doc: "NCHW or NCDHW activations"},
		{Name: "kernel", Type: convTypes.tensor(), Doc: "KCRS weights"},
		{Name: "bias", Type: floats.tensor(), Arity: ods.Optional, Doc: "per-output-channel bias, [num_output_maps]"},
	},
	Results: []ods.Result{{Name: "output", Type: convTypes.tensor()}},
	Attrs: withLayer(append([]ods.Attr{
		{Name: "num_output_maps", Type: ods.I64Attr, Doc: "number of output channels K"},
		{Name: "num_groups", Type: ods.I64Attr, Optional: true, Default: "1", Doc: "number of groups (depthwise: C)"},
	}, windowAttrs("kernel_size", true)...), convTypes, convTypes),
	Traits: ir.Pure,
	Format: "$input `,` $kernel (`,` $bias^)? " + functionalFormat,
	Infer:  layer(inferConvolution(false)),
}

var deconvolutionOp = &ods.OpDef{
	Name:    "deconvolution",
	Summary: "IDeconvolutionLayer: 2-D or 3-D transposed convolution with an optional bias",
	Description: `
The transpose (gradient) of ` + "`trt.convolution`" + `: scatters each input pixel through the kernel.
The kernel layout is CKRS: ` + "`[C, num_output_maps / num_groups, kernel_size...]`" + ` where C is the
input channel count; the optional bias is ` + "`[num_output_maps]`" + `. Each spatial output extent is

- explicit modes (default ` + "`explicit_round_down`" + `): ` + "`(in - 1) * stride + dk - (pre + post)`" + `,
  where the padding crops the output and ` + "`dk = 1 + dilation * (kernel - 1)`" + `;
- ` + "`same_upper`" + ` / ` + "`same_lower`" + `: ` + "`in * stride`" + `.

Defaults: stride 1, padding 0, dilation 1, num_groups 1.`,
	Operands: []ods.Operand{
		{Name: "input", Type: convTypes.tensor(), Doc: "NCHW or NCDHW activations"},
		{Name: "kernel", Type: convTypes.tensor(), Doc: "CKRS weights"},
		{Name: "bias", Type: floats.tensor(), Arity: ods.Optional, Doc: "per-output-channel bias, [num_output_maps]"},
	},
	Results: []ods.Result{{Name: "output", Type: convTypes.tensor()}},
	Attrs: withLayer(append([]ods.Attr{
		{Name: "num_output_maps", Type: ods.I64Attr, Doc: "number of output channels"},
		{Name: "num_groups", Type: ods.I64Attr, Optional: true, Default: "1", Doc: "number of groups"},
	}, windowAttrs("kernel_size", true)...), convTypes, convTypes),
	Traits: ir.Pure,
	Format: "$input `,` $kernel (`,` $bias^)? " + functionalFormat,
	Infer:  layer(inferConvolution(true)),
}

var matrixOperation = ods.EnumAttr("none", "transpose", "vector")

var matrixMultiplyOp = &ods.OpDef{
	Name:    "matrix_multiply",
	Summary: "IMatrixMultiplyLayer: batched matrix/vector products with per-input MatrixOperation",
	Description: `
Computes ` + "`op0(input0) * op1(input1)`" + `. With MatrixOperation ` + "`\"none\"`" + ` (default) an input's
last two dimensions are a matrix; ` + "`\"transpose\"`" + ` swaps them first; ` + "`\"vector\"`" + ` treats the
last dimension as a vector. matrix x matrix gives a matrix ` + "`[M, N]`" + `, matrix x vector gives
` + "`[M]`" + `, vector x matrix ` + "`[N]`" + ` and vector x vector a scalar. The remaining leading
dimensions are batch dimensions: both inputs must have the same number of them, and each pair
must be equal or one of them 1 (that input is broadcast). Both inputs have the same element type,
which the result keeps.`,
	Operands: []ods.Operand{
		{Name: "input0", Type: mmTypes.tensor()},
		{Name: "input1", Type: mmTypes.tensor()},
	},
	Results: []ods.Result{{Name: "output", Type: mmTypes.tensor()}},
	Attrs: withLayer([]ods.Attr{
		{Name: "op0", Type: matrixOperation, Optional: true, Default: `"none"`, Doc: "MatrixOperation applied to input0"},
		{Name: "op1", Type: matrixOperation, Optional: true, Default: `"none"`, Doc: "MatrixOperation applied to input1"},
	}, mmTypes, mmTypes),
	Traits: ir.Pure,
	Format: "$input0 `,` $input1 " + functionalFormat,
	Infer:  layer(inferMatMul),
}

var elementWiseOp = &ods.OpDef{
	Name:    "element_wise",
	Summary: "IElementWiseLayer: binary elementwise arithmetic, logic and comparison with broadcasting",
	Description: `
Applies ElementWiseOperation pairwise: ` + "`sum`, `prod`, `max`, `min`, `sub` (input1 - input2), `div`, `pow` (input1 ** input2), `floor_div`" + `
on f32, f16, bf16, i8, i32 or i64; ` + "`and`, `or`, `xor`" + ` on i1; ` + "`equal`, `greater`, `less`" + ` on
f32, f16, bf16, i32 or i64, producing i1. Both inputs have the same element type and the same rank
(TensorRT never broadcasts ranks); a dimension broadcasts only where one input has extent 1.`,
	Operands: []ods.Operand{
		{Name: "input1", Type: ewTypes.tensor()},
		{Name: "input2", Type: ewTypes.tensor()},
	},
	Results: []ods.Result{{Name: "output", Type: ewTypes.tensor()}},
	Attrs: withLayer([]ods.Attr{
		{Name: "operation", Type: ods.EnumAttr("sum", "prod", "max", "min", "sub", "div", "pow", "floor_div", "and", "or", "xor", "equal", "greater", "less"), Doc: "ElementWiseOperation"},
	}, ewTypes, ewTypes),
	Traits: ir.Pure,
	Format: "$operation $input1 `,` $input2 " + functionalFormat,
	Infer:  layer(inferElementWise),
}

var activationOp = &ods.OpDef{
	Name:    "activation",
	Summary: "IActivationLayer: pointwise activation function with alpha/beta parameters",
	Description: `
Applies ActivationType elementwise (alpha and beta default to 0):
` + "`relu`" + ` max(x, 0); ` + "`sigmoid`" + `; ` + "`tanh`" + `; ` + "`leaky_relu`" + ` x if x >= 0 else alpha * x;
` + "`elu`" + ` x if x >= 0 else alpha * (exp(x) - 1); ` + "`selu`" + ` beta * x if x > 0 else
beta * alpha * (exp(x) - 1); ` + "`softsign`" + ` x / (1 + |x|); ` + "`softplus`" + ` alpha * log(exp(beta * x) + 1);
` + "`clip`" + ` clamp(x, alpha, beta); ` + "`hard_sigmoid`" + ` clamp(alpha * x + beta, 0, 1);
` + "`scaled_tanh`" + ` alpha * tanh(beta * x); ` + "`thresholded_relu`" + ` x if x > alpha else 0;
` + "`gelu_erf`" + ` 0.5 * x * (1 + erf(x / sqrt(2))); ` + "`gelu_tanh`" + ` the tanh approximation of GELU.
The result has the input's shape and, unless output_type says otherwise, its element type.`,
	Operands: []ods.Operand{{Name: "input", Type: floatsI8.tensor()}},
	Results:  []ods.Result{{Name: "output", Type: floatsI8.tensor()}},
	Attrs: withLayer([]ods.Attr{
		{Name: "activation_type", Type: ods.EnumAttr("relu", "sigmoid", "tanh", "leaky_relu", "elu", "selu", "softsign", "softplus", "clip", "hard_sigmoid", "scaled_tanh", "thresholded_relu", "gelu_erf", "gelu_tanh"), Doc: "ActivationType"},
		{Name: "alpha", Type: ods.F32Attr, Optional: true, Default: "0.0", Doc: "first parameter of the function"},
		{Name: "beta", Type: ods.F32Attr, Optional: true, Default: "0.0", Doc: "second parameter of the function"},
	}, floatsI8, floatsI8),
	Traits: ir.Pure | ir.Elementwise | ir.SameOperandsAndResultShape,
	Format: "$activation_type " + unaryFormat,
	Infer:  layer(sameAsInput),
}

var unaryOp = &ods.OpDef{
	Name:    "unary",
	Summary: "IUnaryLayer: pointwise unary math and logic",
	Description: `
Applies UnaryOperation elementwise: ` + "`exp`, `log` (natural), `sqrt`, `recip` (1/x), `abs`, `neg`, `sin`, `cos`, `tan`, `sinh`, `cosh`, `asin`, `acos`, `atan`, `asinh`, `acosh`, `atanh`, `ceil`, `floor`, `erf`, `not`, `sign`, `round`" + `
(half to even), ` + "`isinf`, `isnan`" + `. ` + "`not`" + ` takes i1; ` + "`abs`, `neg`, `sign`" + ` take
f32, f16, bf16, i8, i32 or i64; ` + "`isinf`, `isnan`" + ` take f32, f16 or bf16 and produce i1; every
other operation takes f32, f16, bf16 or i8. The result has the input's shape.`,
	Operands: []ods.Operand{{Name: "input", Type: unTypes.tensor()}},
	Results:  []ods.Result{{Name: "output", Type: unTypes.tensor()}},
	Attrs: withLayer([]ods.Attr{
		{Name: "operation", Type: ods.EnumAttr("exp", "log", "sqrt", "recip", "abs", "neg", "sin", "cos", "tan", "sinh", "cosh", "asin", "acos", "atan", "asinh", "acosh", "atanh", "ceil", "floor", "erf", "not", "sign", "round", "isinf", "isnan"), Doc: "UnaryOperation"},
	}, unTypes, unTypes),
	Traits: ir.Pure | ir.Elementwise | ir.SameOperandsAndResultShape,
	Format: "$operation " + unaryFormat,
	Infer:  layer(inferUnary),
}

var poolingOp = &ods.OpDef{
	Name:    "pooling",
	Summary: "IPoolingLayer: 2-D or 3-D max, average or blended pooling",
	Description: `
Pools each channel over a window of ` + "`window_size`" + ` (2 or 3 values) sliding over the innermost
2 or 3 dimensions; the input has rank at least window rank + 1, and leading dimensions pass
through. PoolingType ` + "`max`" + ` takes the window maximum, ` + "`average`" + ` the mean, and
` + "`max_average_blend`" + ` computes ` + "`(1 - blend_factor) * max + blend_factor * average`" + `.
With ` + "`average_count_excludes_padding`" + ` (default true) the average divides by the number of
non-padding elements in the window. Output extents follow the padding modes of
` + "`trt.convolution`" + ` with dilation 1. Defaults: stride 1, padding 0, blend_factor 0.`,
	Operands: []ods.Operand{{Name: "input", Type: floatsI8.tensor()}},
	Results:  []ods.Result{{Name: "output", Type: floatsI8.tensor()}},
	Attrs: withLayer(append([]ods.Attr{
		{Name: "pooling_type", Type: ods.EnumAttr("max", "average", "max_average_blend"), Doc: "PoolingType"},
		{Name: "blend_factor", Type: ods.F32Attr, Optional: true, Default: "0.0", Doc: "weight of the average in max_average_blend, in [0, 1]"},
		{Name: "average_count_excludes_padding", Type: ods.BoolAttr, Optional: true, Default: "true", Doc: "average over non-padding elements only"},
	}, windowAttrs("window_size", false)...), floatsI8, floatsI8),
	Traits: ir.Pure,
	Format: "$pooling_type " + unaryFormat,
	Infer:  layer(inferPooling),
	Verify: verifyPooling,
}

var softmaxOp = &ods.OpDef{
	Name:    "softmax",
	Summary: "ISoftMaxLayer: softmax along one axis",
	Description: `
Computes ` + "`exp(x - max) / sum(exp(x - max))`" + ` along one axis. The axis is given as TensorRT
gives it, a bitmask ` + "`axes`" + ` with exactly one bit set (bit i = axis i), so the op maps 1:1 onto
ISoftMaxLayer::setAxes. When absent, TensorRT's default applies: axis rank - 3 (the C of NCHW),
or axis 0 when the rank is below 3.`,
	Operands: []ods.Operand{{Name: "input", Type: floats.tensor()}},
	Results:  []ods.Result{{Name: "output", Type: floats.tensor()}},
	Attrs: withLayer([]ods.Attr{
		{Name: "axes", Type: bitmaskAttr, Optional: true, Default: "1 << max(rank - 3, 0)", Doc: "bitmask selecting the softmax axis"},
	}, floats, floats),
	Traits: ir.Pure | ir.SameOperandsAndResultShape,
	Format: unaryFormat,
	Infer:  layer(inferSoftmax),
}

var normalizationOp = &ods.OpDef{
	Name:    "normalization",
	Summary: "INormalizationLayer: layer, instance or group normalization with scale and bias",
	Description: `
Computes ` + "`(x - mean(x, axes)) / sqrt(var(x, axes) + epsilon) * scale + bias`" + `, the mean and
(biased) variance taken over the axes of the ` + "`axes`" + ` bitmask. Layer normalization reduces the
trailing axes and takes scale and bias of the input rank with extent 1 on the other axes;
instance normalization reduces the spatial axes of ` + "`[N, C, ...]`" + ` with scale and bias
` + "`[1, C, 1, ...]`" + `. With ` + "`num_groups`" + ` G > 1 (group normalization) the C channels are split into G
groups, each normalized over its channels and the axes; scale and bias are then
` + "`[1, G, 1, ...]`" + `. scale and bias have the same shape and the input's element type.
Defaults: epsilon 1e-5, num_groups 1. ` + "`compute_precision`" + ` is
INormalizationLayer::setComputePrecision, the type of the internal accumulation.`,
	Operands: []ods.Operand{
		{Name: "input", Type: floats.tensor()},
		{Name: "scale", Type: floats.tensor(), Doc: "multiplier, broadcastable to the input"},
		{Name: "bias", Type: floats.tensor(), Doc: "addend, same shape as scale"},
	},
	Results: []ods.Result{{Name: "output", Type: floats.tensor()}},
	Attrs: withLayer([]ods.Attr{
		{Name: "axes", Type: bitmaskAttr, Doc: "bitmask of the reduction axes"},
		{Name: "epsilon", Type: ods.F32Attr, Optional: true, Default: "1.0e-05", Doc: "added to the variance"},
		{Name: "num_groups", Type: ods.I64Attr, Optional: true, Default: "1", Doc: "channel groups (group normalization when > 1)"},
		{Name: "compute_precision", Type: typeAttrOf(floats), Optional: true, Doc: "accumulation type"},
	}, floats, floats),
	Traits: ir.Pure,
	Format: "$input `,` $scale `,` $bias " + functionalFormat,
	Infer:  layer(inferNormalization),
}

var shuffleOp = &ods.OpDef{
	Name:    "shuffle",
	Summary: "IShuffleLayer: transpose, reshape, transpose",
	Description: `
Applies, in order, the permutation ` + "`first_transpose`" + ` (output dim i = input dim perm[i]), the
reshape ` + "`reshape_dims`" + `, then the permutation ` + "`second_transpose`" + `. Absent permutations are the
identity; an absent reshape keeps the shape. In ` + "`reshape_dims`" + `, 0 copies the dimension at the
same index of the (transposed) input when ` + "`zero_is_placeholder`" + ` is true (the default;
otherwise 0 is a zero-extent dimension), and one -1 is inferred so that the element count is
kept. Reshape dimensions given as a second input tensor (dynamic reshape) are not modelled.`,
	Operands: []ods.Operand{{Name: "input", Type: dataTypes.tensor()}},
	Results:  []ods.Result{{Name: "output", Type: dataTypes.tensor()}},
	Attrs: withLayer([]ods.Attr{
		{Name: "first_transpose", Type: dimsAttr, Optional: true, Default: "identity", Doc: "permutation applied first"},
		{Name: "reshape_dims", Type: dimsAttr, Optional: true, Doc: "new dimensions, with 0 and -1 as special values"},
		{Name: "second_transpose", Type: dimsAttr, Optional: true, Default: "identity", Doc: "permutation applied last"},
		{Name: "zero_is_placeholder", Type: ods.BoolAttr, Optional: true, Default: "true", Doc: "0 in reshape_dims copies the input dimension"},
	}, dataTypes, dataTypes),
	Traits: ir.Pure,
	Format: unaryFormat,
	Infer:  layer(inferShuffle),
}

var concatenationOp = &ods.OpDef{
	Name:    "concatenation",
	Summary: "IConcatenationLayer: joins tensors along an axis",
	Description: `
Concatenates one or more inputs of the same rank and element type along ` + "`axis`" + `; all other
dimensions must agree. The default axis is TensorRT's: rank - 3 (the C of NCHW), or 0 when the
rank is below 3. The axis is non-negative.`,
	Operands: []ods.Operand{{Name: "inputs", Type: dataTypes.tensor(), Arity: ods.Variadic}},
	Results:  []ods.Result{{Name: "output", Type: dataTypes.tensor()}},
	Attrs: withLayer([]ods.Attr{
		{Name: "axis", Type: ods.I64Attr, Optional: true, Default: "max(rank - 3, 0)", Doc: "concatenation axis"},
	}, dataTypes, dataTypes),
	Traits: ir.Pure,
	Format: "$inputs " + functionalFormat,
	Infer:  layer(inferConcat),
}

var sliceOp = &ods.OpDef{
	Name:    "slice",
	Summary: "ISliceLayer: strided window of a tensor with out-of-bounds modes",
	Description: `
Output element y reads input coordinate ` + "`x_i = start_i + y_i * stride_i`" + ` on every axis; the
output shape is ` + "`size`" + `. start, size and stride have one entry per input dimension; strides may be
negative but not zero. SampleMode ` + "`mode`" + ` handles coordinates outside the input:
` + "`strict_bounds`" + ` (default) forbids them (checked here for static dimensions), ` + "`wrap`" + ` takes them
modulo the extent, ` + "`clamp`" + ` clamps to the edge, ` + "`fill`" + ` reads zero (TensorRT's fill value when
its optional fill input is absent), ` + "`reflect`" + ` mirrors at the edges.`,
	Operands: []ods.Operand{{Name: "input", Type: dataTypes.tensor()}},
	Results:  []ods.Result{{Name: "output", Type: dataTypes.tensor()}},
	Attrs: withLayer([]ods.Attr{
		{Name: "start", Type: dimsAttr, Doc: "first coordinate per axis"},
		{Name: "size", Type: dimsAttr, Doc: "output extent per axis"},
		{Name: "stride", Type: dimsAttr, Doc: "step per axis"},
		{Name: "mode", Type: ods.EnumAttr("strict_bounds", "wrap", "clamp", "fill", "reflect"), Optional: true, Default: `"strict_bounds"`, Doc: "SampleMode"},
	}, dataTypes, dataTypes),
	Traits: ir.Pure,
	Format: unaryFormat,
	Infer:  layer(inferSlice),
}

var reduceOp = &ods.OpDef{
	Name:    "reduce",
	Summary: "IReduceLayer: sum, product, max, min or mean over a set of axes",
	Description: `
Reduces over the axes selected by the ` + "`axes`" + ` bitmask with ReduceOperation ` + "`sum`, `prod`, `max`, `min` or `avg`" + `.
With ` + "`keep_dimensions`" + ` (default false) reduced axes stay as extent 1; otherwise they are removed.`,
	Operands: []ods.Operand{{Name: "input", Type: redTypes.tensor()}},
	Results:  []ods.Result{{Name: "output", Type: redTypes.tensor()}},
	Attrs: withLayer([]ods.Attr{
		{Name: "operation", Type: ods.EnumAttr("sum", "prod", "max", "min", "avg"), Doc: "ReduceOperation"},
		{Name: "axes", Type: bitmaskAttr, Doc: "bitmask of the reduced axes"},
		{Name: "keep_dimensions", Type: ods.BoolAttr, Optional: true, Default: "false", Doc: "keep reduced axes as extent 1"},
	}, redTypes, redTypes),
	Traits: ir.Pure,
	Format: "$operation " + unaryFormat,
	Infer:  layer(inferReduce),
}

var gatherOp = &ods.OpDef{
	Name:    "gather",
	Summary: "IGatherLayer: gathers slices or elements by index (ONNX Gather, GatherElements, GatherND)",
	Description: `
GatherMode ` + "`default`" + ` (ONNX Gather): the result is ` + "`data.shape[:axis] + indices.shape + data.shape[axis+1:]`" + `.
With ` + "`num_elementwise_dims`" + ` = 1 the leading dimension of data and indices is handled
elementwise (broadcasting one against the other) and axis must be at least 1. ` + "`element`" + `
(ONNX GatherElements): indices have the data's rank and the result has the indices' shape.
` + "`nd`" + ` (ONNX GatherND with batch_dims = num_elementwise_dims): the last indices dimension k
(static) indexes the first k data dimensions after the batch ones; the result is
` + "`indices.shape[:-1] + data.shape[num_elementwise_dims + k:]`" + `. Defaults: axis 0, mode
` + "`\"default\"`" + `, num_elementwise_dims 0. Indices are i32 or i64.`,
	Operands: []ods.Operand{
		{Name: "data", Type: dataTypes.tensor()},
		{Name: "indices", Type: indexTyps.tensor()},
	},
	Results: []ods.Result{{Name: "output", Type: dataTypes.tensor()}},
	Attrs: withLayer([]ods.Attr{
		{Name: "axis", Type: ods.I64Attr, Optional: true, Default: "0", Doc: "gather axis (default and element modes)"},
		{Name: "mode", Type: ods.EnumAttr("default", "element", "nd"), Optional: true, Default: `"default"`, Doc: "GatherMode"},
		{Name: "num_elementwise_dims", Type: ods.I64Attr, Optional: true, Default: "0", Doc: "leading dimensions handled elementwise (0 or 1)"},
	}, dataTypes, dataTypes),
	Traits: ir.Pure,
	Format: "$data `,` $indices " + functionalFormat,
	Infer:  layer(inferGather),
}

var constantOp = &ods.OpDef{
	Name:    "constant",
	Summary: "IConstantLayer: a weights tensor",
	Description: `
Produces the tensor held in ` + "`weights`" + `, inline (` + "`dense<...>`" + `) or as a blob of the module's
` + "`dialect_resources`" + ` (` + "`dense_resource<...>`" + `), so large weights need not be printed. The
result type is the weights' type. Quantization scales and zero points, and the weights that
per-channel and int4 quantization apply to, must be defined by this op.`,
	Results: []ods.Result{{Name: "output", Type: constTyps.tensor()}},
	Attrs: withLayer([]ods.Attr{
		{Name: "weights", Type: ods.ElementsAttr, Doc: "the tensor's value"},
	}, constTyps, constTyps),
	Traits: ir.Pure | ir.ConstantLike,
	Format: "$weights attr-dict",
	Infer:  inferConstant,
	Verify: verifyOutputType,
	Fold: func(op *ir.Operation, _ []ir.Attribute) []ir.Attribute {
		return []ir.Attribute{op.InherentAttr("weights")}
	},
}

var identityOp = &ods.OpDef{
	Name:    "identity",
	Summary: "IIdentityLayer: copies a tensor, converting its element type to the result's",
	Description: `
Copies the input. When the result element type differs from the input's, the layer converts
each element (TensorRT uses an identity layer with an output type as a cast in weakly typed
networks); the shapes are equal.`,
	Operands: []ods.Operand{{Name: "input", Type: castTypes.tensor()}},
	Results:  []ods.Result{{Name: "output", Type: castTypes.tensor()}},
	Attrs:    layerAttrs(castTypes, castTypes),
	Traits:   ir.Pure | ir.SameOperandsAndResultShape,
	Format:   unaryFormat,
	Verify:   verifyOutputType,
}

var castOp = &ods.OpDef{
	Name:    "cast",
	Summary: "ICastLayer: converts elements to to_type",
	Description: `
Converts each element to ` + "`to_type`" + `, keeping the shape. TensorRT's cast supports every pair
of its types except FP8 (use quantize/dequantize for those) and INT4; output_type, when set,
must equal to_type.`,
	Operands: []ods.Operand{{Name: "input", Type: castTypes.tensor()}},
	Results:  []ods.Result{{Name: "output", Type: castTypes.tensor()}},
	Attrs: withLayer([]ods.Attr{
		{Name: "to_type", Type: typeAttrOf(castTypes), Doc: "element type of the result"},
	}, castTypes, castTypes),
	Traits: ir.Pure | ir.SameOperandsAndResultShape,
	Format: unaryFormat,
	Infer:  layer(inferCast),
}

var resizeOp = &ods.OpDef{
	Name:    "resize",
	Summary: "IResizeLayer: nearest, linear or cubic resampling to a shape or by scales",
	Description: `
Resamples the input to ` + "`shape`" + ` or, with ` + "`scales`" + `, to ` + "`floor(in_i * scale_i)`" + ` per
dimension (exactly one of the two is given, one value per input dimension). ResizeMode
` + "`nearest`" + ` (default) and ` + "`linear`" + ` resample at most the 3 innermost dimensions, ` + "`cubic`" + ` the
2 innermost; outer dimensions must not change. ` + "`coordinate_transformation`" + ` maps output to
input coordinates: ` + "`asymmetric`" + ` (default) x_in = x_out * in / out, ` + "`align_corners`" + `
x_in = x_out * (in - 1) / (out - 1), ` + "`half_pixel`" + ` x_in = (x_out + 0.5) * in / out - 0.5.
` + "`nearest_rounding`" + ` (default ` + "`floor`" + `) rounds nearest-neighbour coordinates;
` + "`selector_for_single_pixel`" + ` (default ` + "`formula`" + `, or ` + "`upper`" + ` = the top-left pixel) handles a
1-pixel output; ` + "`cubic_coeff`" + ` (default -0.75) is the cubic kernel's A; with
` + "`exclude_outside`" + ` (default false) samples outside the input get weight 0.`,
	Operands: []ods.Operand{{Name: "input", Type: floatsI8.tensor()}},
	Results:  []ods.Result{{Name: "output", Type: floatsI8.tensor()}},
	Attrs: withLayer([]ods.Attr{
		{Name: "shape", Type: dimsAttr, Optional: true, Doc: "output shape"},
		{Name: "scales", Type: ods.F32ArrayAttr, Optional: true, Doc: "per-dimension scale factors"},
		{Name: "resize_mode", Type: ods.EnumAttr("nearest", "linear", "cubic"), Optional: true, Default: `"nearest"`, Doc: "InterpolationMode"},
		{Name: "coordinate_transformation", Type: ods.EnumAttr("align_corners", "asymmetric", "half_pixel"), Optional: true, Default: `"asymmetric"`, Doc: "ResizeCoordinateTransformation"},
		{Name: "selector_for_single_pixel", Type: ods.EnumAttr("formula", "upper"), Optional: true, Default: `"formula"`, Doc: "ResizeSelector"},
		{Name: "nearest_rounding", Type: ods.EnumAttr("half_up", "half_down", "floor", "ceil"), Optional: true, Default: `"floor"`, Doc: "ResizeRoundMode"},
		{Name: "cubic_coeff", Type: ods.F32Attr, Optional: true, Default: "-0.75", Doc: "cubic interpolation coefficient"},
		{Name: "exclude_outside", Type: ods.BoolAttr, Optional: true, Default: "false", Doc: "ignore samples outside the input"},
	}, floatsI8, floatsI8),
	Traits: ir.Pure,
	Format: unaryFormat,
	Infer:  layer(inferResize),
}

var selectOp = &ods.OpDef{
	Name:    "select",
	Summary: "ISelectLayer: elementwise choice between two tensors by an i1 condition",
	Description: `
Returns then_input where condition is true, else_input elsewhere. The three inputs have the same
rank and broadcast where a dimension is 1; then_input and else_input share the element type,
which the result keeps.`,
	Operands: []ods.Operand{
		{Name: "condition", Type: boolTypes.tensor()},
		{Name: "then_input", Type: dataTypes.tensor()},
		{Name: "else_input", Type: dataTypes.tensor()},
	},
	Results: []ods.Result{{Name: "output", Type: dataTypes.tensor()}},
	Attrs:   layerAttrs(dataTypes, dataTypes),
	Traits:  ir.Pure,
	Format:  "$condition `,` $then_input `,` $else_input " + functionalFormat,
	Infer:   layer(inferSelect),
}

var shapeOp = &ods.OpDef{
	Name:    "shape",
	Summary: "IShapeLayer: the dimensions of a tensor as a 1-D i64 tensor",
	Description: `
Produces a 1-D i64 tensor with one element per input dimension (TensorRT 10's shape tensors are
INT64); dynamic dimensions are read at runtime.`,
	Operands: []ods.Operand{{Name: "input", Type: constTyps.tensor()}},
	Results:  []ods.Result{{Name: "output", Type: shapeOut.tensor()}},
	Attrs:    layerAttrs(constTyps, shapeOut),
	Traits:   ir.Pure,
	Format:   unaryFormat,
	Infer:    layer(inferShape),
}

var topkOp = &ods.OpDef{
	Name:    "topk",
	Summary: "ITopKLayer: the k largest or smallest values along one axis, with their indices",
	Description: `
Along the single axis selected by the ` + "`axes`" + ` bitmask, returns the ` + "`k`" + ` largest
(TopKOperation ` + "`max`" + `) or smallest (` + "`min`" + `) values, sorted, and their i32 positions. Both results
have the input's shape with extent k on the axis.`,
	Operands: []ods.Operand{{Name: "input", Type: topkTypes.tensor()}},
	Results: []ods.Result{
		{Name: "values", Type: topkTypes.tensor()},
		{Name: "indices", Type: ods.RankedTensorOf(i32E)},
	},
	Attrs: withLayer([]ods.Attr{
		{Name: "operation", Type: ods.EnumAttr("max", "min"), Doc: "TopKOperation"},
		{Name: "k", Type: ods.I64Attr, Doc: "number of elements kept"},
		{Name: "axes", Type: bitmaskAttr, Doc: "bitmask with exactly one axis"},
	}, topkTypes, topkTypes),
	Traits: ir.Pure,
	Format: "$operation $input attr-dict `:` type($input) `->` type($values) `,` type($indices)",
	Infer:  layer(inferTopK),
}

var paddingOp = &ods.OpDef{
	Name:    "padding",
	Summary: "IPaddingLayer: zero padding (or cropping) of the two innermost dimensions",
	Description: `
Pads the two innermost dimensions (H and W of NCHW) with zeros: ` + "`pre_padding`" + ` elements before
and ` + "`post_padding`" + ` after each, two values apiece as IPaddingLayer::setPrePaddingNd and
setPostPaddingNd take them. A negative value crops instead.`,
	Operands: []ods.Operand{{Name: "input", Type: floatsI8.tensor()}},
	Results:  []ods.Result{{Name: "output", Type: floatsI8.tensor()}},
	Attrs: withLayer([]ods.Attr{
		{Name: "pre_padding", Type: dimsAttr, Doc: "elements added before each padded dimension"},
		{Name: "post_padding", Type: dimsAttr, Doc: "elements added after each padded dimension"},
	}, floatsI8, floatsI8),
	Traits: ir.Pure,
	Format: unaryFormat,
	Infer:  layer(inferPadding),
}

const qdqRules = `The scale is an operand defined by ` + "`trt.constant`" + ` (TensorRT requires a build-time constant)
with all values positive and finite, and the element type of the float side. The optional zero
point is also a ` + "`trt.constant`" + `, of the scale's shape and the quantized element type, and all
zero: TensorRT supports only symmetric quantization. A scale is per-tensor (a scalar or one
element) or per-channel (1-D); per-channel scales require ` + "`axis = 0`" + `, as many values as dimension
0 of the quantized tensor, and a quantized tensor that is weights (a ` + "`trt.constant`" + `, or for
dequantize a ` + "`trt.quantize`" + ` of one). Block quantization (scales of rank 2) is not modelled.
The quantized type is i8, f8E4M3FN or i4; i4 is only for weights, and their last dimension must be
even (two values per byte).`

var quantizeOp = &ods.OpDef{
	Name:    "quantize",
	Summary: "IQuantizeLayer: float to int8, fp8 or int4 with a constant symmetric scale",
	Description: `
Computes ` + "`clamp(round_half_even(input / scale))`" + ` into the result's element type (i8: [-128, 127],
f8E4M3FN: [-448, 448], i4: [-8, 7]); the result's element type plays the role of TensorRT's
` + "`to_type`" + `. ` + qdqRules,
	Operands: []ods.Operand{
		{Name: "input", Type: floats.tensor(), Doc: "float tensor to quantize"},
		{Name: "scale", Type: floats.tensor(), Doc: "per-tensor or per-channel scale (trt.constant)"},
		{Name: "zero_point", Type: qTypes.tensor(), Arity: ods.Optional, Doc: "all-zero zero point (trt.constant)"},
	},
	Results: []ods.Result{{Name: "output", Type: qTypes.tensor()}},
	Attrs: withLayer([]ods.Attr{
		{Name: "axis", Type: ods.I64Attr, Optional: true, Doc: "quantization axis; 0 for per-channel scales"},
	}, floats, qTypes),
	Traits: ir.Pure,
	Format: "$input `,` $scale (`,` $zero_point^)? " + functionalFormat,
	Verify: func(op *ir.Operation) error { return verifyQDQ(op, true) },
}

var dequantizeOp = &ods.OpDef{
	Name:    "dequantize",
	Summary: "IDequantizeLayer: int8, fp8 or int4 to float with a constant symmetric scale",
	Description: `
Computes ` + "`input * scale`" + ` in the result's float element type, which must be the scale's element
type (TensorRT's ` + "`to_type`" + `). ` + qdqRules,
	Operands: []ods.Operand{
		{Name: "input", Type: qTypes.tensor(), Doc: "quantized tensor"},
		{Name: "scale", Type: floats.tensor(), Doc: "per-tensor or per-channel scale (trt.constant)"},
		{Name: "zero_point", Type: qTypes.tensor(), Arity: ods.Optional, Doc: "all-zero zero point (trt.constant)"},
	},
	Results: []ods.Result{{Name: "output", Type: floats.tensor()}},
	Attrs: withLayer([]ods.Attr{
		{Name: "axis", Type: ods.I64Attr, Optional: true, Doc: "quantization axis; 0 for per-channel scales"},
	}, floats, floats),
	Traits: ir.Pure,
	Format: "$input `,` $scale (`,` $zero_point^)? " + functionalFormat,
	Verify: func(op *ir.Operation) error { return verifyQDQ(op, false) },
}

func verifyPooling(op *ir.Operation) error {
	if f, ok := op.InherentAttr("blend_factor").(*ir.FloatAttr); ok && (f.Value < 0 || f.Value > 1) {
		return fmt.Errorf("'blend_factor' must be in [0, 1], got %g", f.Value)
	}
	return nil
}
