package qnn

import (
	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/ir"
)

// layer_norm(x, gamma[, beta]) -> LayerNorm(x, gamma[, beta]) over the
// same axes; the epsilon is written out (QNN's default differs from
// core's).
func emitLayerNorm(b *builder, op *ir.Operation, in []*ir.Value, res ir.Type) (*ir.Value, error) {
	eps, ok := ods.FloatOrDefault(op, "epsilon")
	if !ok {
		eps = 1e-5
	}
	return b.op("LayerNorm", in, []ir.NamedAttr{
		{Name: "axes", Value: b.ints(ods.IntsOf(op, "axes"))},
		{Name: "epsilon", Value: b.f32(eps)},
	}, res), nil
}

// softmax(x) -> Softmax(x) along the same axis, beta 1.
func emitSoftmax(b *builder, op *ir.Operation, in []*ir.Value, res ir.Type) (*ir.Value, error) {
	return b.op("Softmax", in, []ir.NamedAttr{{Name: "axis", Value: b.ctx.IntegerAttr(b.ctx.I(64), ods.IntOf(op, "axis", 0))}}, res), nil
}

// checkGelu: QNN's Gelu is the exact (erf) form.
func checkGelu(op *ir.Operation) string {
	if ods.StringOf(op, "approximate") == "tanh" {
		return "QNN's Gelu computes the erf form, not the tanh approximation"
	}
	return ""
}
