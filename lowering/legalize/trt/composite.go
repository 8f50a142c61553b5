package trt

import (
	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/ir"
)

// layer_norm(x, s[, b]) -> normalization(x, shuffle(s), shuffle(b)) over
// the axes' bitmask: INormalizationLayer takes scale and bias of the
// input's rank with extent 1 on the other axes, and a bias always (zeros
// when the core op has none).
func normalization(e *emitter, op *ir.Operation, in []*ir.Value) ([]*ir.Value, error) {
	x := in[0]
	xs := shapeOf(x)
	axes := ods.IntsOf(op, "axes")
	ps := make([]int64, len(xs))
	for i := range ps {
		ps[i] = 1
	}
	for _, a := range axes {
		ps[a] = xs[a]
	}
	scale, err := e.reshape(in[1], ps)
	if err != nil {
		return nil, err
	}
	var bias *ir.Value
	if len(in) > 2 {
		bias, err = e.reshape(in[2], ps)
	} else {
		bias, err = e.splat(ir.ElementTypeOf(x.Type()), ps, 0)
	}
	if err != nil {
		return nil, err
	}
	eps, ok := ods.FloatOrDefault(op, "epsilon")
	if !ok {
		eps = 1e-5
	}
	return one(e.value("normalization", []*ir.Value{x, scale, bias},
		e.i64("axes", axesMask(axes)), e.f32("epsilon", eps)))
}

// softmax(x) -> softmax(x) with the axis as a one-bit mask.
func softmaxLayer(e *emitter, op *ir.Operation, in []*ir.Value) ([]*ir.Value, error) {
	return one(e.value("softmax", in[:1], e.i64("axes", int64(1)<<ods.IntOf(op, "axis", 0))))
}

// gelu(x) -> activation gelu_erf ("none") or gelu_tanh.
func geluLayer(e *emitter, op *ir.Operation, in []*ir.Value) ([]*ir.Value, error) {
	kind := "gelu_erf"
	if ods.StringOf(op, "approximate") == "tanh" {
		kind = "gelu_tanh"
	}
	return one(e.value("activation", in[:1], e.str("activation_type", kind)))
}
