package core

import (
	"fmt"

	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/dialects/qbehavior"
	"github.com/mlc-go/mlc/ir"
)

// Composite ops: layer norm, softmax and GELU kept whole. Targets run
// each as one layer with wide internal arithmetic, so quantization
// encodes only their data input and result; core-decompose-composites
// (lowering/decompose) rewrites them into primitive core ops for whoever
// needs the pieces.

// QFloatElem is a float or a per-tensor or per-axis uniform quantized
// type (the data operand of a composite op).
var QFloatElem = ods.Elem{Name: FloatElem.Name + " or a uniform quantized type", Match: func(t ir.Type) bool {
	return isFloatElem(t) || isUniformElem(t)
}}

const compositeQuantDoc = "\n\nQuantized form: with a `!quant.uniform` input and result the op computes in " +
	"float from the dequantized input and quantizes its result once (per tensor, its own scale and zero point), " +
	"as targets run it; the other operands (parameters) are float of the expressed type or, where a target takes " +
	"them as stored integers, quantized with that expressed type and dequantized before use."

// composite gives a float op its quantized form: the data operands (the
// first data ones) and the result may be quantized, and so may the
// parameters after them; the verifier checks the quantized form with
// checkQuantized (behaviour FloatCompute).
func composite(op *ods.OpDef, data int) *ods.OpDef {
	qt := Static(QFloatElem)
	for i := range op.Operands {
		op.Operands[i].Type = qt
	}
	op.Results[0].Type = qt
	infer := op.Infer
	op.Infer = quantAware(infer)
	op.Verify = verifyQuantized(infer)
	quantInner["core."+op.Name] = infer
	quantBehaviors[op.Name] = qbehavior.Composite(data)
	op.Description += compositeQuantDoc
	return op
}

var layerNormOp = composite(&ods.OpDef{
	Name: "layer_norm", Summary: "Layer normalization over trailing axes",
	Description: "Computes (x − mean) / √(var + epsilon) · scale + bias, with the mean and the biased variance " +
		"taken over `axes` (PyTorch layer_norm, ONNX LayerNormalization). `axes` are the trailing dimensions " +
		"[rank − k, rank) in order, k ≥ 1; scale and the optional bias have the shape of those dimensions and " +
		"the input's element type. `epsilon` (default 1e-5) is non-negative. The statistics are computed in " +
		"wide precision and the result is rounded once to the element type.",
	Operands: []ods.Operand{
		{Name: "input", Type: fltT},
		{Name: "scale", Type: fltT, Doc: "normalized shape"},
		{Name: "bias", Type: fltT, Arity: ods.Optional, Doc: "normalized shape"},
	},
	Results: []ods.Result{{Name: "result", Type: fltT}},
	Attrs: []ods.Attr{
		{Name: "axes", Type: ods.I64ArrayAttr, Doc: "normalized dimensions, the trailing ones in order"},
		ods.OptionalAttr("epsilon", ods.F32Attr, "1.0e-05 : f32", "added to the variance, non-negative"),
	},
	Traits: ir.Pure,
	Format: "$input `,` $scale (`,` $bias^)? attr-dict `:` functional-type(operands, results)",
	Infer:  inferLayerNorm,
}, 1)

var softmaxOp = composite(&ods.OpDef{
	Name: "softmax", Summary: "Softmax along an axis",
	Description: "Computes e^(x − max) / Σ e^(x − max) along `axis` (in [0, rank)), the maximum and the sum " +
		"taken along that axis (PyTorch softmax, ONNX Softmax from opset 13). The result has the input's type; " +
		"it is computed in wide precision and rounded once.",
	Operands: []ods.Operand{{Name: "input", Type: fltT}},
	Results:  []ods.Result{{Name: "result", Type: fltT}},
	Attrs:    []ods.Attr{{Name: "axis", Type: ods.I64Attr, Doc: "normalized dimension"}},
	Traits:   ir.Pure | ir.SameOperandsAndResultShape,
	Format:   genericFormat,
	Infer:    inferSoftmax,
}, 1)

var geluOp = composite(&ods.OpDef{
	Name: "gelu", Summary: "Gaussian error linear unit",
	Description: "Computes x · Φ(x) per element, Φ the standard normal CDF: `approximate` = \"none\" " +
		"(default) gives 0.5 · x · (1 + erf(x / √2)), \"tanh\" the approximation 0.5 · x · (1 + " +
		"tanh(√(2/π) · (x + 0.044715 · x³))) (PyTorch gelu, ONNX Gelu). Computed in wide precision and " +
		"rounded once.",
	Operands: []ods.Operand{{Name: "input", Type: fltT}},
	Results:  []ods.Result{{Name: "result", Type: fltT}},
	Attrs:    []ods.Attr{ods.OptionalAttr("approximate", ods.EnumAttr("none", "tanh"), `"none"`, "the GELU form")},
	Traits:   ir.Pure | ir.Elementwise | ir.SameOperandsAndResultShape,
	Format:   genericFormat,
	Infer:    inferSame,
}, 1)

// LayerNormAxes checks layer_norm's axes against a rank: the trailing
// dimensions in order.
func LayerNormAxes(axes []int64, rank int) error {
	if len(axes) == 0 {
		return fmt.Errorf("expects at least one axis")
	}
	if len(axes) > rank {
		return fmt.Errorf("expects at most %d axes for rank %d, got %d", rank, rank, len(axes))
	}
	for i, a := range axes {
		if want := int64(rank - len(axes) + i); a != want {
			return fmt.Errorf("expects axes to be the trailing dimensions %s in order, got %s",
				fmtShape(trailing(rank, len(axes))), fmtShape(axes))
		}
	}
	return nil
}

func trailing(rank, k int) []int64 {
	out := make([]int64, k)
	for i := range out {
		out[i] = int64(rank - k + i)
	}
	return out
}

func inferLayerNorm(ctx *ir.Context, operands []ir.Type, attrs ods.AttrGetter) ([]ir.Type, error) {
	in, err := ranked(operands, 0, "input")
	if err != nil {
		return nil, err
	}
	axes, err := intArray(attrs, "axes", nil)
	if err != nil {
		return nil, err
	}
	if err := LayerNormAxes(axes, in.Rank()); err != nil {
		return nil, err
	}
	if eps, ok := floatOf(attrs("epsilon")); ok && !(eps >= 0) {
		return nil, fmt.Errorf("expects a non-negative 'epsilon', got %g", eps)
	}
	norm := in.Shape[int(axes[0]):]
	for i, what := range []string{"scale", "bias"} {
		if i+1 >= len(operands) {
			break
		}
		p, err := ranked(operands, i+1, what)
		if err != nil {
			return nil, err
		}
		if p.Elem != in.Elem {
			return nil, fmt.Errorf("expects %s of the input's element type '%s', got '%s'", what, in.Elem, p.Elem)
		}
		if fmtShape(p.Shape) != fmtShape(norm) {
			return nil, fmt.Errorf("expects %s of the normalized shape %s, got %s", what, fmtShape(norm), fmtShape(p.Shape))
		}
	}
	return []ir.Type{in}, nil
}

func inferSoftmax(ctx *ir.Context, operands []ir.Type, attrs ods.AttrGetter) ([]ir.Type, error) {
	in, err := ranked(operands, 0, "input")
	if err != nil {
		return nil, err
	}
	axis, err := intAttr(attrs, "axis")
	if err != nil {
		return nil, err
	}
	if attrs("axis") == nil {
		return nil, fmt.Errorf("requires attribute 'axis'")
	}
	if axis < 0 || axis >= int64(in.Rank()) {
		return nil, fmt.Errorf("expects axis %d to be in [0, %d)", axis, in.Rank())
	}
	return []ir.Type{in}, nil
}
