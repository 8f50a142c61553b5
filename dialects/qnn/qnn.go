// Package qnn is the qnn dialect: Qualcomm QNN ops of the qti.aisw op
// package under their QNN names (qnn.Conv2d, qnn.ElementWiseAdd, …), in
// QNN's NHWC layout with HWIO filters and QNN's parameter names, over
// !qnn.tensor types that carry QNN data types and quantization encodings.
package qnn

import (
	_ "embed"
	"fmt"
	"slices"
	"strings"

	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/ir"
)

// Register adds the qnn dialect to ctx.
func Register(ctx *ir.Context) { ods.Register(ctx, Dialect) }

// Assembly formats.
const (
	unaryFormat  = "$input attr-dict `:` type($input) `->` type($output)"
	binaryFormat = "$in0 `,` $in1 attr-dict `:` functional-type(operands, results)"
	convFormat   = "$input `,` $filter (`,` $bias^)? attr-dict `:` functional-type(operands, results)"
)

var (
	in0Op    = ods.Operand{Name: "input", Type: activation, Doc: "in[0], NHWC activations"}
	outRes   = ods.Result{Name: "output", Type: activation, Doc: "out[0]"}
	anyOut   = ods.Result{Name: "output", Type: anyQNN, Doc: "out[0]"}
	strideA  = ods.Attr{Name: "stride", Type: ods.I64ArrayAttr, Doc: "[stride_h, stride_w], positive"}
	padA     = ods.Attr{Name: "pad_amount", Type: i64Matrix, Doc: "[[top, bottom], [left, right]] as dense<...> : tensor<2x2xi64>, non-negative"}
	poolPadA = ods.Attr{Name: "pad_amount", Type: i64Matrix, Optional: true, Default: "dense<0> : tensor<2x2xi64>", Doc: "[[top, bottom], [left, right]], non-negative"}
)

// rule is one verifier check; verifier runs the op's shape rule, then its
// rules, then compares the inferred shape with the result's.
type rule func(op *ir.Operation) error

func verifier(shape shapeFn, rules ...rule) func(*ir.Operation) error {
	return func(op *ir.Operation) error {
		if err := noStrayParams(op); err != nil {
			return err
		}
		var want []int64
		if shape != nil {
			in := make([][]int64, op.NumOperands())
			for i, v := range op.Operands() {
				in[i], _ = ShapeOf(v.Type())
			}
			var err error
			if want, err = shape(in, op.InherentAttr); err != nil {
				return err
			}
		}
		for _, r := range rules {
			if err := r(op); err != nil {
				return err
			}
		}
		if shape != nil {
			got, _ := ShapeOf(op.Result(0).Type())
			if !slices.Equal(got, want) {
				return fmt.Errorf("expected result shape %s, got %s", dims(want), dims(got))
			}
		}
		return nil
	}
}

// noStrayParams rejects attributes that look like parameters but are not
// the op's (QNN backends reject unknown parameter names); discardable
// attributes must have a dialect prefix ("mlc.name").
func noStrayParams(op *ir.Operation) error {
	for _, a := range op.Attrs() {
		if strings.Contains(a.Name, ".") {
			continue
		}
		var names []string
		if def := ods.DefOf(op); def != nil {
			for _, p := range def.Attrs {
				names = append(names, p.Name)
			}
		}
		known := "none"
		if len(names) > 0 {
			known = strings.Join(names, ", ")
		}
		return fmt.Errorf("has no parameter '%s' (its parameters: %s)", a.Name, known)
	}
	return nil
}

func prec(idx ...int) rule             { return func(op *ir.Operation) error { return samePrecision(op, idx...) } }
func sameDT(idx ...int) rule           { return func(op *ir.Operation) error { return sameDataType(op, idx...) } }
func perT(idx ...int) rule             { return func(op *ir.Operation) error { return perTensor(op, idx...) } }
func precAll(op *ir.Operation) error   { return samePrecision(op, all(op)...) }
func perTAll(op *ir.Operation) error   { return perTensor(op, all(op)...) }
func sameDTAll(op *ir.Operation) error { return sameDataType(op, all(op)...) }
func biasAt(i int) rule                { return func(op *ir.Operation) error { return biasPrecision(op, i) } }
func filterAxis(i, axis int, what string) rule {
	return func(op *ir.Operation) error { return channelAxis(op, i, axis, what) }
}

// matMulWeights: a per-channel in1 is quantized along its output (n) axis.
func matMulWeights(op *ir.Operation) error {
	s, _ := ShapeOf(op.Operand(1).Type())
	axis := len(s) - 1
	if boolParam(op.InherentAttr, "transpose_in1") {
		axis = len(s) - 2
	}
	return channelAxis(op, 1, axis, "in1")
}

// layerNormParams: gamma shares the input's precision; beta is a bias.
func layerNormParams(op *ir.Operation) error {
	if err := samePrecision(op, 0, 1); err != nil {
		return err
	}
	return biasPrecision(op, 2)
}

func convertClasses(op *ir.Operation) error {
	a, b := dtype(op.Operand(0).Type()), dtype(op.Result(0).Type())
	if a.IsFixedPoint() != b.IsFixedPoint() {
		return fmt.Errorf("converts between fixed point (%s) and float (%s); use qnn.Quantize or qnn.Dequantize", pickDT(a.IsFixedPoint(), a, b), pickDT(a.IsFixedPoint(), b, a))
	}
	return nil
}

func pickDT(c bool, a, b DataType) DataType {
	if c {
		return a
	}
	return b
}

func reluMinMax(op *ir.Operation) error {
	lo, err := floatParam(op.InherentAttr, "min_value", 0)
	if err != nil {
		return err
	}
	hi, err := floatParam(op.InherentAttr, "max_value", 0)
	if err != nil {
		return err
	}
	if lo > hi {
		return fmt.Errorf("'min_value' (%g) must not exceed 'max_value' (%g)", lo, hi)
	}
	return nil
}

// resize keeps rank, batch and channels; the spatial sizes are the
// result's (QNN's Resize takes them from the output tensor).
func resize(op *ir.Operation) error {
	x, _ := ShapeOf(op.Operand(0).Type())
	y, _ := ShapeOf(op.Result(0).Type())
	if len(x) != 4 && len(x) != 5 {
		return fmt.Errorf("expects a 4-D NHWC or 5-D NDHWC input, got %s", rankText(x))
	}
	if len(y) != len(x) || y[0] != x[0] || y[len(y)-1] != x[len(x)-1] {
		return fmt.Errorf("result shape %s must keep the input's rank, batch and channels (%s)", dims(y), dims(x))
	}
	mode := strParam(op.InherentAttr, "interpolation_mode", "nearest")
	if op.InherentAttr("nearest_mode") != nil && mode != "nearest" {
		return fmt.Errorf("'nearest_mode' applies only to interpolation_mode \"nearest\"")
	}
	if op.InherentAttr("cubic_coeff") != nil && mode != "cubic" {
		return fmt.Errorf("'cubic_coeff' applies only to interpolation_mode \"cubic\"")
	}
	if _, err := floatParam(op.InherentAttr, "cubic_coeff", -0.75); err != nil {
		return err
	}
	return nil
}

// reshape keeps the element count.
func reshape(op *ir.Operation) error {
	x, _ := ShapeOf(op.Operand(0).Type())
	y, _ := ShapeOf(op.Result(0).Type())
	if product(x) != product(y) {
		return fmt.Errorf("input has %d elements (%s), but the result has %d (%s)", product(x), dims(x), product(y), dims(y))
	}
	return nil
}

// staticTensor checks that the data matches the result: the same builtin
// type for float/integer tensors; for a !qnn.tensor the same shape and
// stored integers of its width (iN/siN/uiN, or i8 for 4-bit types).
func staticTensor(op *ir.Operation) error {
	ta, ok := op.InherentAttr("value").(ir.TypedAttr)
	if !ok {
		return fmt.Errorf("'value' must be a typed elements attribute")
	}
	vt := ta.AttrType()
	rt := op.Result(0).Type()
	q, quant := rt.(*TensorType)
	if !quant {
		if vt != rt {
			return fmt.Errorf("value type %s differs from the result type %s", vt, rt)
		}
		return nil
	}
	st, ok := vt.(*ir.RankedTensorType)
	if !ok || !slices.Equal(st.Shape, q.Shape) {
		return fmt.Errorf("value type %s must have the result's shape %s", vt, dims(q.Shape))
	}
	it, ok := st.Elem.(*ir.IntegerType)
	width := q.DType.Bits()
	wrongSign := ok && ((q.DType.IsSigned() && it.Signedness == ir.Unsigned) || (!q.DType.IsSigned() && it.Signedness == ir.Signed))
	if !ok || wrongSign || !(it.Width == width || (width == 4 && it.Width == 8)) {
		sign := "ui"
		if q.DType.IsSigned() {
			sign = "si"
		}
		allowed := fmt.Sprintf("i%d or %s%d", width, sign, width)
		if width == 4 {
			allowed = fmt.Sprintf("i4, %s4, i8 or %s8", sign, sign)
		}
		return fmt.Errorf("value elements %s must be %s holding %s data", st.Elem, allowed, q.DType)
	}
	// 4-bit values held one per i8 must fit the 4-bit storage range.
	if d, ok := ta.(*ir.DenseElementsAttr); ok && width == 4 {
		lo, hi := q.DType.StorageRange()
		for i := 0; i < d.NumElements(); i++ {
			v := d.IntAt(i)
			if !q.DType.IsSigned() && it.Signedness != ir.Unsigned {
				v &= 0xff // i8 bit pattern of an unsigned value
			}
			if v < lo || v > hi {
				return fmt.Errorf("value element #%d (%d) is outside the %s storage range [%d, %d]", i, v, q.DType, lo, hi)
			}
			if d.Splat {
				break
			}
		}
	}
	return nil
}

var shapeFns = map[string]shapeFn{
	"Conv2d":          conv2dShape,
	"DepthWiseConv2d": depthWiseConv2dShape,
	"TransposeConv2d": transposeConv2dShape,
	"FullyConnected":  fullyConnectedShape,
	"MatMul":          matMulShape,

	"ElementWiseAdd":      broadcastShape,
	"ElementWiseSubtract": broadcastShape,
	"ElementWiseMultiply": broadcastShape,
	"ElementWiseDivide":   broadcastShape,
	"ElementWiseMaximum":  broadcastShape,
	"ElementWiseMinimum":  broadcastShape,
	"ElementWisePower":    broadcastShape,
	"Prelu":               preluShape,

	"Relu": sameShape, "Relu6": sameShape, "ReluMinMax": sameShape, "Gelu": sameShape,
	"Sigmoid": sameShape, "Tanh": sameShape, "HardSwish": sameShape,
	"ElementWiseExp": sameShape, "ElementWiseLog": sameShape, "ElementWiseSquareRoot": sameShape,
	"ElementWiseRsqrt": sameShape, "ElementWiseNeg": sameShape, "ElementWiseAbs": sameShape,
	"ElementWiseSin": sameShape, "ElementWiseCos": sameShape, "ElementWiseFloor": sameShape, "ElementWiseCeil": sameShape,
	"Quantize": sameShape, "Dequantize": sameShape, "Cast": sameShape, "Convert": sameShape,

	"Softmax":      softmaxShape,
	"LayerNorm":    layerNormShape,
	"PoolAvg2d":    poolShape,
	"PoolMax2d":    poolShape,
	"Transpose":    transposeShape,
	"Concat":       concatShape,
	"StridedSlice": stridedSliceShape,
	"ReduceMean":   reduceShape,
	"ReduceSum":    reduceShape,
	"ReduceMax":    reduceShape,
	"ReduceMin":    reduceShape,
	"ReduceProd":   reduceShape,
	"Gather":       gatherShape,
	"Pad":          padShape,
}

func binary(name, summary, desc string, traits ir.Trait) *ods.OpDef {
	return &ods.OpDef{
		Name: name, Summary: summary,
		Description: desc + `

The inputs broadcast numpy-style (trailing dimensions aligned; a dimension
of size 1 stretches) and the result has the broadcast shape. All operands
and the result are fixed point with per-tensor encodings (each with its own
scale and offset) or share one float or int32 data type.`,
		Operands: []ods.Operand{{Name: "in0", Type: arithmetic, Doc: "in[0]"}, {Name: "in1", Type: arithmetic, Doc: "in[1]"}},
		Results:  []ods.Result{{Name: "output", Type: arithmetic, Doc: "out[0]"}},
		Traits:   ir.Pure | traits,
		Format:   binaryFormat,
		Verify:   verifier(shapeFns[name], precAll, perTAll),
	}
}

func unary(name, summary, desc string, attrs []ods.Attr, extra ...rule) *ods.OpDef {
	return &ods.OpDef{
		Name: name, Summary: summary,
		Description: desc + `

The result has the input's shape. Input and result are both fixed point
with per-tensor encodings (the output encoding is chosen freely) or share
one float type.`,
		Operands: []ods.Operand{in0Op},
		Results:  []ods.Result{outRes},
		Attrs:    attrs,
		Traits:   ir.Pure | ir.Elementwise,
		Format:   unaryFormat,
		Verify:   verifier(shapeFns[name], append([]rule{precAll, perTAll}, extra...)...),
	}
}

func reduce(name, what string) *ods.OpDef {
	return &ods.OpDef{
		Name: name, Summary: "Reduces with the " + what + " over the given axes",
		Description: `Reduces in[0] with the ` + what + ` over every axis in ` + "`axes`" + ` (distinct,
in [0, rank)). The reduced dimensions are removed, or kept with size 1 when
` + "`keep_dims`" + ` is true (default false). Input and result share one precision
(fixed point with per-tensor encodings, or one float type).`,
		Operands: []ods.Operand{in0Op},
		Results:  []ods.Result{outRes},
		Attrs: []ods.Attr{
			{Name: "axes", Type: ods.I64ArrayAttr, Doc: "axes to reduce, distinct, in [0, rank)"},
			{Name: "keep_dims", Type: ods.BoolAttr, Optional: true, Default: "false", Doc: "keep reduced axes as size 1"},
		},
		Traits: ir.Pure,
		Format: unaryFormat,
		Verify: verifier(shapeFns[name], precAll, perTAll),
	}
}

// Dialect is the qnn dialect's table.
// examples holds the op examples the docs show (see ods.OpDef.Example).
//
//go:embed examples.mlir
var examples string

var Dialect = (&ods.Dialect{
	Examples:    examples,
	Name:        "qnn",
	Summary:     "Qualcomm QNN (qti.aisw op package) ops over QNN tensor types.",
	Description: dialectDoc,
	ParseType:   parseType,
	TypeDocs:    typeDocs,
	AttrDocs:    paramDocs,
	Ops: []*ods.OpDef{
		// ---- convolution and matrix products ----
		{
			Name:    "Conv2d",
			Summary: "2-D convolution of an NHWC input with an HWIO filter",
			Description: `Convolves in[0] [batch, height, width, channels_in] with the filter in[1]
[filter_height, filter_width, channels_in / group, channels_out] and adds
the optional bias in[2] [channels_out]. The result is [batch, height_out,
width_out, channels_out] with

    height_out = floor((pad_top + height + pad_bottom - ((filter_height - 1) * dilation_h + 1)) / stride_h) + 1

and likewise for the width. ` + "`group`" + ` splits the channels into groups
convolved separately: the filter's input channels times group equal the
input channels and channels_out is divisible by group.

Quantized: input and result per-tensor; the filter per-tensor, per-channel
along axis 3, or block encoded; the bias int32 or fixed point (QNN
converters emit sfixed32 with scale = input scale × filter scale and
offset 0), per-tensor or per-channel along axis 0. Float: every operand of
one float type.`,
			Operands: []ods.Operand{in0Op, {Name: "filter", Type: weight, Doc: "in[1], HWIO"}, {Name: "bias", Type: bias, Arity: ods.Optional, Doc: "in[2], [channels_out]"}},
			Results:  []ods.Result{outRes},
			Attrs: []ods.Attr{
				strideA, padA,
				{Name: "dilation", Type: ods.I64ArrayAttr, Optional: true, Default: "array<i64: 1, 1>", Doc: "[dilation_h, dilation_w], positive"},
				{Name: "group", Type: ods.I64Attr, Optional: true, Default: "1", Doc: "number of channel groups"},
			},
			Traits: ir.Pure,
			Format: convFormat,
			Verify: verifier(conv2dShape, prec(0, 1, -1), perT(0, -1), filterAxis(1, 3, "filter"), biasAt(2)),
		},
		{
			Name:    "DepthWiseConv2d",
			Summary: "Depthwise 2-D convolution (one filter set per input channel)",
			Description: `Convolves each input channel of in[0] [batch, height, width, channels_in]
separately with the filter in[1] [filter_height, filter_width, 1,
channels_in * multiplier]: output channel c uses input channel
c / multiplier. Adds the optional bias in[2] [channels_out]. Output sizes
follow Conv2d's formula with ` + "`stride`, `pad_amount` and `dilation`" + ` (default
[1, 1]); there is no group parameter. Quantization rules are Conv2d's: a
per-channel filter is quantized along axis 3.`,
			Operands: []ods.Operand{in0Op, {Name: "filter", Type: weight, Doc: "in[1], [H, W, 1, C * multiplier]"}, {Name: "bias", Type: bias, Arity: ods.Optional, Doc: "in[2], [channels_out]"}},
			Results:  []ods.Result{outRes},
			Attrs: []ods.Attr{
				strideA, padA,
				{Name: "dilation", Type: ods.I64ArrayAttr, Optional: true, Default: "array<i64: 1, 1>", Doc: "[dilation_h, dilation_w], positive"},
			},
			Traits: ir.Pure,
			Format: convFormat,
			Verify: verifier(depthWiseConv2dShape, prec(0, 1, -1), perT(0, -1), filterAxis(1, 3, "filter"), biasAt(2)),
		},
		{
			Name:    "TransposeConv2d",
			Summary: "2-D transposed convolution (deconvolution) in NHWC",
			Description: `The gradient of Conv2d with respect to its input: in[0] [batch, height,
width, channels_in] is spread with ` + "`stride`" + ` and convolved with the filter
in[1] [filter_height, filter_width, channels_in, channels_out / group];
optional bias in[2] [channels_out]. The result is [batch, height_out,
width_out, channels_out] with

    height_out = stride_h * (height - 1) + output_padding_h + filter_height - pad_top - pad_bottom

where ` + "`pad_amount`" + ` crops the full output and ` + "`output_padding`" + ` (default [0, 0],
each below its stride) adds rows and columns at the end. ` + "`group`" + ` (default 1)
must divide channels_in. QNN's TransposeConv2d has no dilation. Quantization
rules are Conv2d's: a per-channel filter is quantized along axis 3.`,
			Operands: []ods.Operand{in0Op, {Name: "filter", Type: weight, Doc: "in[1], [H, W, C_in, C_out / group]"}, {Name: "bias", Type: bias, Arity: ods.Optional, Doc: "in[2], [channels_out]"}},
			Results:  []ods.Result{outRes},
			Attrs: []ods.Attr{
				strideA, padA,
				{Name: "output_padding", Type: ods.I64ArrayAttr, Optional: true, Default: "array<i64: 0, 0>", Doc: "[h, w], each in [0, stride)"},
				{Name: "group", Type: ods.I64Attr, Optional: true, Default: "1", Doc: "number of channel groups"},
			},
			Traits: ir.Pure,
			Format: convFormat,
			Verify: verifier(transposeConv2dShape, prec(0, 1, -1), perT(0, -1), filterAxis(1, 3, "filter"), biasAt(2)),
		},
		{
			Name:    "FullyConnected",
			Summary: "Dense layer: input × weightsᵀ + bias",
			Description: `Computes in[0] × in[1]ᵀ + in[2] with weights in[1] [units, input_size] and an
optional bias in[2] [units]. The input [..., input_size] (rank >= 2) is
treated as a matrix of its flattened leading dimensions: the result is
[product of the leading dimensions, units], or [..., units] when
` + "`keep_dims`" + ` is true (default false). Quantized weights may be per-channel
along axis 0 (one scale per unit) or block encoded; bias rules are Conv2d's.`,
			Operands: []ods.Operand{in0Op, {Name: "weights", Type: weight, Doc: "in[1], [units, input_size]"}, {Name: "bias", Type: bias, Arity: ods.Optional, Doc: "in[2], [units]"}},
			Results:  []ods.Result{outRes},
			Attrs:    []ods.Attr{{Name: "keep_dims", Type: ods.BoolAttr, Optional: true, Default: "false", Doc: "keep the input's leading dimensions"}},
			Traits:   ir.Pure,
			Format:   "$input `,` $weights (`,` $bias^)? attr-dict `:` functional-type(operands, results)",
			Verify:   verifier(fullyConnectedShape, prec(0, 1, -1), perT(0, -1), filterAxis(1, 0, "weights"), biasAt(2)),
		},
		{
			Name:    "MatMul",
			Summary: "Batched matrix product with optional transposes",
			Description: `Multiplies in[0] [..., m, k] by in[1] [..., k, n] giving [..., m, n]; with
` + "`transpose_in0`" + ` (default false) in[0] is read as [..., k, m], with ` + "`transpose_in1`" + `
(default false) in[1] as [..., n, k]. Both ranks are at least 2 and the
batch dimensions broadcast numpy-style. in[1] may be per-channel quantized
along its n axis (weights); in[0] and the result are per-tensor.`,
			Operands: []ods.Operand{{Name: "in0", Type: activation, Doc: "in[0]"}, {Name: "in1", Type: weight, Doc: "in[1]"}},
			Results:  []ods.Result{outRes},
			Attrs: []ods.Attr{
				{Name: "transpose_in0", Type: ods.BoolAttr, Optional: true, Default: "false", Doc: "read in[0] as [..., k, m]"},
				{Name: "transpose_in1", Type: ods.BoolAttr, Optional: true, Default: "false", Doc: "read in[1] as [..., n, k]"},
			},
			Traits: ir.Pure,
			Format: binaryFormat,
			Verify: verifier(matMulShape, prec(0, 1, -1), perT(0, -1), matMulWeights),
		},

		// ---- element-wise binary ----
		binary("ElementWiseAdd", "Element-wise sum in0 + in1", "Adds in[1] to in[0] element by element.", ir.Commutative),
		binary("ElementWiseSubtract", "Element-wise difference in0 - in1", "Subtracts in[1] from in[0] element by element.", 0),
		binary("ElementWiseMultiply", "Element-wise product in0 × in1", "Multiplies in[0] and in[1] element by element.", ir.Commutative),
		binary("ElementWiseDivide", "Element-wise quotient in0 / in1", "Divides in[0] by in[1] element by element.", 0),
		binary("ElementWiseMaximum", "Element-wise maximum", "Takes the larger of in[0] and in[1] element by element.", ir.Commutative),
		binary("ElementWiseMinimum", "Element-wise minimum", "Takes the smaller of in[0] and in[1] element by element.", ir.Commutative),
		binary("ElementWisePower", "Element-wise power in0 ^ in1", "Raises in[0] to the power in[1] element by element.", 0),
		{
			Name:    "Prelu",
			Summary: "Parametric ReLU: x if x >= 0 else slope × x",
			Description: `Returns in[0] where it is non-negative and in[0] × in[1] elsewhere. The
slope in[1] broadcasts to the input's shape (typically [channels] for a
per-channel slope); the result has the input's shape. Input, slope and
result share one precision; the slope may be per-channel quantized.`,
			Operands: []ods.Operand{{Name: "input", Type: activation, Doc: "in[0]"}, {Name: "slope", Type: activation, Doc: "in[1], broadcast to in[0]"}},
			Results:  []ods.Result{outRes},
			Traits:   ir.Pure,
			Format:   "$input `,` $slope attr-dict `:` functional-type(operands, results)",
			Verify:   verifier(preluShape, precAll, perT(0, -1)),
		},

		// ---- activations ----
		unary("Relu", "Rectified linear unit: max(x, 0)", "Replaces negative elements of in[0] by 0.", nil),
		unary("Relu6", "ReLU clipped at 6: min(max(x, 0), 6)", "Clamps in[0] to [0, 6]; the same as ReluMinMax with min_value 0 and max_value 6.", nil),
		unary("ReluMinMax", "Clamps to [min_value, max_value]", "Clamps in[0] to [`min_value`, `max_value`] (both required, min_value <= max_value, given as real values).",
			[]ods.Attr{
				{Name: "min_value", Type: ods.F32Attr, Doc: "lower bound"},
				{Name: "max_value", Type: ods.F32Attr, Doc: "upper bound"},
			}, reluMinMax),
		unary("Gelu", "Gaussian error linear unit", "Computes x · Φ(x) with Φ the standard normal CDF (the exact erf form, 0.5 · x · (1 + erf(x / √2))).", nil),
		unary("Sigmoid", "Logistic function 1 / (1 + e^-x)", "Applies the logistic sigmoid to each element of in[0].", nil),
		unary("Tanh", "Hyperbolic tangent", "Applies tanh to each element of in[0].", nil),
		unary("HardSwish", "Hard swish: x · relu6(x + 3) / 6", "Computes x · min(max(x + 3, 0), 6) / 6 for each element of in[0].", nil),
		unary("ElementWiseExp", "Element-wise exponential", "Computes e^x for each element of in[0].", nil),
		unary("ElementWiseLog", "Element-wise natural logarithm", "Computes ln x for each element of in[0].", nil),
		unary("ElementWiseSquareRoot", "Element-wise square root", "Computes √x for each element of in[0].", nil),
		unary("ElementWiseRsqrt", "Element-wise reciprocal square root", "Computes 1 / √x for each element of in[0].", nil),
		unary("ElementWiseNeg", "Element-wise negation", "Computes −x for each element of in[0].", nil),
		unary("ElementWiseAbs", "Element-wise absolute value", "Computes |x| for each element of in[0].", nil),
		unary("ElementWiseSin", "Element-wise sine", "Computes sin x for each element of in[0].", nil),
		unary("ElementWiseCos", "Element-wise cosine", "Computes cos x for each element of in[0].", nil),
		unary("ElementWiseFloor", "Element-wise floor", "Rounds each element of in[0] down to an integer.", nil),
		unary("ElementWiseCeil", "Element-wise ceiling", "Rounds each element of in[0] up to an integer.", nil),
		{
			Name:    "Softmax",
			Summary: "Softmax along one axis with inverse temperature beta",
			Description: `Computes exp(beta · x) / sum(exp(beta · x)) along ` + "`axis`" + ` (default the last
axis; in [0, rank)). ` + "`beta`" + ` defaults to 1.0. The result has the input's shape;
input and result are both fixed point (per-tensor) or share one float type.`,
			Operands: []ods.Operand{in0Op},
			Results:  []ods.Result{outRes},
			Attrs: []ods.Attr{
				{Name: "axis", Type: ods.I64Attr, Optional: true, Default: "rank - 1", Doc: "axis to normalise over"},
				{Name: "beta", Type: ods.F32Attr, Optional: true, Default: "1.0", Doc: "scale applied to the input"},
			},
			Traits: ir.Pure,
			Format: unaryFormat,
			Verify: verifier(softmaxShape, precAll, perTAll),
		},
		{
			Name:    "LayerNorm",
			Summary: "Layer normalization over the given axes",
			Description: `Normalises in[0] to zero mean and unit variance over ` + "`axes`" + ` (distinct, in
[0, rank)): (x - mean) / sqrt(variance + epsilon) · gamma + beta, with the
biased variance and ` + "`epsilon`" + ` defaulting to 0.001. gamma in[1] and the optional
beta in[2] have the input's sizes along ` + "`axes`" + ` (for the usual trailing axes,
the normalised shape). QNN also lets gamma be omitted; mlc always passes
it (a static tensor of ones when the model has none). gamma shares the
input's precision; beta follows the bias rules of Conv2d.`,
			Operands: []ods.Operand{
				in0Op,
				{Name: "gamma", Type: weight, Doc: "in[1], scale"},
				{Name: "beta", Type: bias, Arity: ods.Optional, Doc: "in[2], offset"},
			},
			Results: []ods.Result{outRes},
			Attrs: []ods.Attr{
				{Name: "epsilon", Type: ods.F32Attr, Optional: true, Default: "0.001", Doc: "added to the variance, non-negative"},
				{Name: "axes", Type: ods.I64ArrayAttr, Doc: "normalised axes"},
			},
			Traits: ir.Pure,
			Format: "$input `,` $gamma (`,` $beta^)? attr-dict `:` functional-type(operands, results)",
			Verify: verifier(layerNormShape, prec(0, -1), perT(0, -1), layerNormParams),
		},

		// ---- pooling ----
		{
			Name:    "PoolAvg2d",
			Summary: "2-D average pooling over NHWC",
			Description: `Averages ` + "`filter_size`" + ` windows of in[0] [batch, height, width, channels]
moved by ` + "`stride`" + ` over the input padded by ` + "`pad_amount`" + ` (default no padding). The
result is [batch, height_out, width_out, channels] with

    height_out = floor((pad_top + height + pad_bottom - filter_height) / stride_h) + 1

(ceil instead of floor when ` + "`rounding_mode`" + ` is "ceil"; default "floor"). Padded
elements count in the divisor only when ` + "`count_pad_for_edges`" + ` is true (default
false). Input and result share one precision, per-tensor.`,
			Operands: []ods.Operand{in0Op},
			Results:  []ods.Result{outRes},
			Attrs: []ods.Attr{
				{Name: "filter_size", Type: ods.I64ArrayAttr, Doc: "[filter_h, filter_w], positive"},
				strideA, poolPadA,
				{Name: "count_pad_for_edges", Type: ods.BoolAttr, Optional: true, Default: "false", Doc: "count padding in the average"},
				{Name: "rounding_mode", Type: roundingMode, Optional: true, Default: `"floor"`, Doc: "output size rounding"},
			},
			Traits: ir.Pure,
			Format: unaryFormat,
			Verify: verifier(poolShape, precAll, perTAll),
		},
		{
			Name:    "PoolMax2d",
			Summary: "2-D max pooling over NHWC",
			Description: `Takes the maximum of each ` + "`filter_size`" + ` window of in[0] [batch, height,
width, channels] moved by ` + "`stride`" + ` over the input padded by ` + "`pad_amount`" + `
(default none; padding never wins). Output sizes follow PoolAvg2d's formula
with ` + "`rounding_mode`" + ` "floor" (default) or "ceil". Input and result have the same
data type, per-tensor.`,
			Operands: []ods.Operand{in0Op},
			Results:  []ods.Result{outRes},
			Attrs: []ods.Attr{
				{Name: "filter_size", Type: ods.I64ArrayAttr, Doc: "[filter_h, filter_w], positive"},
				strideA, poolPadA,
				{Name: "rounding_mode", Type: roundingMode, Optional: true, Default: `"floor"`, Doc: "output size rounding"},
			},
			Traits: ir.Pure,
			Format: unaryFormat,
			Verify: verifier(poolShape, sameDTAll, perTAll),
		},

		// ---- data movement ----
		{
			Name:    "Reshape",
			Summary: "Reinterprets the data with the result's shape",
			Description: `Returns in[0]'s elements in row-major order with the result type's shape;
the element counts are equal. QNN's Reshape has no parameters: the output
tensor's dimensions define the shape. Input and result have the same data
type (encodings may differ).`,
			Operands: []ods.Operand{{Name: "input", Type: anyQNN, Doc: "in[0]"}},
			Results:  []ods.Result{anyOut},
			Traits:   ir.Pure,
			Format:   unaryFormat,
			Verify:   verifier(nil, sameDTAll, reshape),
		},
		{
			Name:    "Transpose",
			Summary: "Permutes dimensions: out.shape[i] = in.shape[perm[i]]",
			Description: `Permutes the dimensions of in[0]: result dimension i is input dimension
` + "`perm`" + `[i] (a permutation of [0, rank)). Input and result have the same data type.`,
			Operands: []ods.Operand{{Name: "input", Type: anyQNN, Doc: "in[0]"}},
			Results:  []ods.Result{anyOut},
			Attrs:    []ods.Attr{{Name: "perm", Type: ods.I64ArrayAttr, Doc: "permutation of [0, rank)"}},
			Traits:   ir.Pure,
			Format:   unaryFormat,
			Verify:   verifier(transposeShape, sameDTAll),
		},
		{
			Name:    "Concat",
			Summary: "Concatenates tensors along an axis",
			Description: `Joins the inputs along ` + "`axis`" + ` (default the last axis, in [0, rank)). The
inputs have one rank and equal sizes outside the axis; the result's axis
size is the sum of theirs. Inputs and result have the same data type; their
encodings may differ.`,
			Operands: []ods.Operand{{Name: "inputs", Type: anyQNN, Arity: ods.Variadic, Doc: "in[0..m]"}},
			Results:  []ods.Result{anyOut},
			Attrs:    []ods.Attr{{Name: "axis", Type: ods.I64Attr, Optional: true, Default: "rank - 1", Doc: "concatenation axis"}},
			Traits:   ir.Pure,
			Format:   "$inputs attr-dict `:` functional-type(operands, results)",
			Verify:   verifier(concatShape, sameDTAll),
		},
		{
			Name:    "StridedSlice",
			Summary: "Strided slice with TensorFlow-style masks",
			Description: `Slices in[0] with ` + "`ranges`" + `, one [begin, end, stride] row (a dense<...> :
tensor<Nx3xi64>) per entry. Negative begin and end count from the end of
the dimension and are then clamped to it; stride is non-zero and may be
negative. Bit i of ` + "`begin_mask`" + ` / ` + "`end_mask`" + ` ignores begin / end of row i and takes
the whole extent in the stride's direction; bit i of ` + "`shrink_axes`" + ` takes the
single index begin and drops the dimension; bit i of ` + "`new_axes_mask`" + ` inserts a
dimension of size 1 and ignores row i's values. There is one row per input
dimension plus one per new axis; all masks default to 0. Input and result
have the same data type.`,
			Operands: []ods.Operand{{Name: "input", Type: anyQNN, Doc: "in[0]"}},
			Results:  []ods.Result{anyOut},
			Attrs: []ods.Attr{
				{Name: "ranges", Type: i64Matrix, Doc: "[[begin, end, stride], ...]"},
				{Name: "begin_mask", Type: ods.I64Attr, Optional: true, Default: "0", Doc: "rows whose begin is ignored"},
				{Name: "end_mask", Type: ods.I64Attr, Optional: true, Default: "0", Doc: "rows whose end is ignored"},
				{Name: "shrink_axes", Type: ods.I64Attr, Optional: true, Default: "0", Doc: "rows whose dimension is dropped"},
				{Name: "new_axes_mask", Type: ods.I64Attr, Optional: true, Default: "0", Doc: "rows that insert a size-1 dimension"},
			},
			Traits: ir.Pure,
			Format: unaryFormat,
			Verify: verifier(stridedSliceShape, sameDTAll),
		},
		{
			Name:    "Gather",
			Summary: "Gathers slices along an axis by int32 indices",
			Description: `Selects entries of in[0] along ` + "`axis`" + ` (default 0, in [0, rank)) at the
int32/uint32 indices in[1]: the result shape is in[0]'s dimensions before
the axis, then in[1]'s shape, then in[0]'s dimensions after the axis.
Input and result have the same data type.`,
			Operands: []ods.Operand{{Name: "input", Type: anyQNN, Doc: "in[0]"}, {Name: "indices", Type: indices, Doc: "in[1]"}},
			Results:  []ods.Result{anyOut},
			Attrs:    []ods.Attr{{Name: "axis", Type: ods.I64Attr, Optional: true, Default: "0", Doc: "gathered axis"}},
			Traits:   ir.Pure,
			Format:   "$input `,` $indices attr-dict `:` functional-type(operands, results)",
			Verify:   verifier(gatherShape, sameDT(0, -1)),
		},
		{
			Name:    "Pad",
			Summary: "Pads each dimension before and after",
			Description: `Pads in[0] by ` + "`pad_amount`" + ` (a dense<...> : tensor<rankx2xi64> of
non-negative [before, after] rows): result dimension i is before + size +
after. ` + "`scheme`" + ` is "constant" (fill with ` + "`pad_constant_value`" + `, default 0.0; for a
fixed-point input mlc states it as a real value, encoded with the input's
scale/offset when serialized), "mirror_symmetric" (mirror including the edge; padding at most the
size), "mirror_reflect" (mirror excluding the edge; padding below the
size) or "edge" (repeat the edge). Input and result have the same data type.`,
			Operands: []ods.Operand{{Name: "input", Type: anyQNN, Doc: "in[0]"}},
			Results:  []ods.Result{anyOut},
			Attrs: []ods.Attr{
				{Name: "scheme", Type: padScheme, Doc: "padding scheme"},
				{Name: "pad_amount", Type: i64Matrix, Doc: "[[before, after], ...] per dimension"},
				{Name: "pad_constant_value", Type: ods.F32Attr, Optional: true, Default: "0.0", Doc: "fill value of the constant scheme"},
			},
			Traits: ir.Pure,
			Format: unaryFormat,
			Verify: verifier(padShape, sameDTAll),
		},
		{
			Name:    "Resize",
			Summary: "Resizes the spatial dimensions to the result's",
			Description: `Resamples the spatial dimensions of in[0] (NHWC, or NDHWC) to the result
type's; batch and channels are kept. QNN's Resize takes the output size
from the output tensor. ` + "`interpolation_mode`" + ` is "nearest" (default), "linear" or
"cubic"; ` + "`transformation_mode`" + ` maps output to input coordinates: "half_pixel"
(default), "pytorch_half_pixel", "align_corners" or "asymmetric".
` + "`nearest_mode`" + ` (nearest only) rounds "round_prefer_floor" (default),
"round_prefer_ceil", "floor" or "ceil"; ` + "`cubic_coeff`" + ` (cubic only) defaults to
-0.75; ` + "`exclude_outside`" + ` (default false) zeroes the weights of samples outside
the input. Input and result share one precision, per-tensor.`,
			Operands: []ods.Operand{in0Op},
			Results:  []ods.Result{outRes},
			Attrs: []ods.Attr{
				{Name: "exclude_outside", Type: ods.BoolAttr, Optional: true, Default: "false", Doc: "drop samples outside the input"},
				{Name: "transformation_mode", Type: transformationMode, Optional: true, Default: `"half_pixel"`, Doc: "coordinate transformation"},
				{Name: "interpolation_mode", Type: interpolationMode, Optional: true, Default: `"nearest"`, Doc: "interpolation"},
				{Name: "nearest_mode", Type: nearestMode, Optional: true, Default: `"round_prefer_floor"`, Doc: "rounding of nearest"},
				{Name: "cubic_coeff", Type: ods.F32Attr, Optional: true, Default: "-0.75", Doc: "cubic kernel coefficient"},
			},
			Traits: ir.Pure,
			Format: unaryFormat,
			Verify: verifier(nil, precAll, perTAll, resize),
		},

		// ---- reductions ----
		reduce("ReduceMean", "mean"),
		reduce("ReduceSum", "sum"),
		reduce("ReduceMax", "maximum"),
		reduce("ReduceMin", "minimum"),
		reduce("ReduceProd", "product"),

		// ---- precision changes ----
		{
			Name:    "Quantize",
			Summary: "Float to fixed point with the result's encoding",
			Description: `Quantizes float16/float32 in[0] to the result's fixed-point type:
q = clamp(round(x / scale) - offset, storage range) per QNN's
real = (q + offset) × scale convention, with the result's per-tensor,
per-channel or block scale/offset.`,
			Operands: []ods.Operand{{Name: "input", Type: floats, Doc: "in[0]"}},
			Results:  []ods.Result{{Name: "output", Type: fixed, Doc: "out[0]"}},
			Traits:   ir.Pure | ir.Elementwise,
			Format:   unaryFormat,
			Verify:   verifier(sameShape),
		},
		{
			Name:    "Dequantize",
			Summary: "Fixed point to float with the input's encoding",
			Description: `Dequantizes fixed-point in[0] to the float16/float32 result:
real = (q + offset) × scale with the input's scale/offset (per tensor,
per channel or per block).`,
			Operands: []ods.Operand{{Name: "input", Type: fixed, Doc: "in[0]"}},
			Results:  []ods.Result{{Name: "output", Type: floats, Doc: "out[0]"}},
			Traits:   ir.Pure | ir.Elementwise,
			Format:   unaryFormat,
			Verify:   verifier(sameShape),
		},
		{
			Name:    "Cast",
			Summary: "Converts between float, integer and bool data types",
			Description: `Converts the value of each element of in[0] to the result's data type
(float16, float32, int8…int64, uint8…uint64 or bool8); the shape is kept.
Fixed-point tensors use qnn.Quantize, qnn.Dequantize or qnn.Convert
instead.`,
			Operands: []ods.Operand{{Name: "input", Type: plain, Doc: "in[0]"}},
			Results:  []ods.Result{{Name: "output", Type: plain, Doc: "out[0]"}},
			Traits:   ir.Pure | ir.Elementwise,
			Format:   unaryFormat,
			Verify:   verifier(sameShape),
		},
		{
			Name:    "Convert",
			Summary: "Requantizes between fixed-point encodings, or converts float16/float32",
			Description: `Re-encodes in[0] in the result's type keeping real values (up to rounding
and saturation): between fixed-point types and encodings (for example
ufixed8 to ufixed16, or a new scale/offset), or between float16 and
float32. Crossing between fixed point and float is qnn.Quantize /
qnn.Dequantize.`,
			Operands: []ods.Operand{{Name: "input", Type: floatFix, Doc: "in[0]"}},
			Results:  []ods.Result{{Name: "output", Type: floatFix, Doc: "out[0]"}},
			Traits:   ir.Pure | ir.Elementwise,
			Format:   unaryFormat,
			Verify:   verifier(sameShape, convertClasses),
		},

		// ---- static data ----
		{
			Name:    "StaticTensor",
			Summary: "A QNN_TENSOR_TYPE_STATIC tensor: weights and other constant data",
			Description: `Holds constant data that becomes a static QNN tensor (the op itself is not
a QNN node). ` + "`value`" + ` is a dense<...> or dense_resource<...> attribute. For a
builtin result type the value has exactly that type; for a !qnn.tensor
result it holds the stored integers with the same shape, as iN/siN/uiN of
the data type's width (4-bit types may also be held as i8, one value per
element; serialization packs two per byte, low nibble first).`,
			Results: []ods.Result{{Name: "output", Type: anyQNN, Doc: "the static tensor"}},
			Attrs:   []ods.Attr{{Name: "value", Type: ods.ElementsAttr, Doc: "data"}},
			Traits:  ir.Pure | ir.ConstantLike,
			Format:  "$value attr-dict `->` type($output)",
			Verify:  verifier(nil, staticTensor),
		},
	},
}).Init()
