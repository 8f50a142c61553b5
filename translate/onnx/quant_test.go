package onnx

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/ir"
)

const (
	tUint8 = 2
	tInt8  = 3
	tF16   = 10
	tInt4  = 22
)

// qModel is QuantizeLinear(x[4], s, zp) at opset with the given
// initializers and attributes (s and zp are graph inputs when not
// initializers).
func qModel(opset int64, inits []pb, inputs []pb, attrs ...pb) []byte {
	return modelPB(opset, graphSpec{
		nodes:   []pb{nodePB("QuantizeLinear", "q", []string{"x", "s", "zp"}, []string{"y"}, attrs...)},
		inits:   inits,
		inputs:  append([]pb{valueInfoPB("x", tFloat, 4)}, inputs...),
		outputs: []pb{valueInfoPB("y", tUint8, 4)},
	})
}

var (
	scaleHalf = tensorPB("s", tFloat, nil, f32raw(0.5))
	zpU8      = tensorPB("zp", tUint8, nil, []byte{128})
)

// Each way a quantization node can be out of reach of the importer is a
// typed error naming the input or feature; broken models are plain ones.
func TestQuantTypedErrors(t *testing.T) {
	needs := func(input string) func(*testing.T, error) {
		return func(t *testing.T, err error) {
			var nc *NeedsConstantError
			require.True(t, errors.As(err, &nc), "want *NeedsConstantError: %v", err)
			assert.Equal(t, input, nc.Input)
			assert.Equal(t, "node 'q' (QuantizeLinear)", nc.Node)
		}
	}
	unsupported := func(feature string) func(*testing.T, error) {
		return func(t *testing.T, err error) {
			var u *UnsupportedError
			require.True(t, errors.As(err, &u), "want *UnsupportedError: %v", err)
			assert.Contains(t, u.Feature, feature)
		}
	}
	invalid := func(want string) func(*testing.T, error) {
		return func(t *testing.T, err error) {
			assert.False(t, IsUnsupported(err), "an invalid model is not unsupported: %v", err)
			assert.Contains(t, err.Error(), want)
		}
	}
	for _, tc := range []struct {
		name  string
		data  []byte
		check func(*testing.T, error)
	}{
		{"run-time scale", qModel(13, []pb{zpU8}, []pb{valueInfoPB("s", tFloat, 1)}), needs("y_scale")},
		{"run-time zero point", qModel(13, []pb{scaleHalf}, []pb{valueInfoPB("zp", tUint8, 1)}), needs("y_zero_point")},
		{"zero scale", qModel(13, []pb{tensorPB("s", tFloat, nil, f32raw(0)), zpU8}, nil), unsupported("positive finite scales")},
		{"float zero point", qModel(13, []pb{scaleHalf, tensorPB("zp", tF16, nil, []byte{0, 0})}, nil), unsupported("'y_zero_point' of type f16")},
		{"int4 zero point", qModel(13, []pb{scaleHalf, tensorPB("zp", tInt4, nil, []byte{0})}, nil), unsupported("INT4")},
		{"axis before opset 13", qModel(10, []pb{scaleHalf, zpU8}, nil, attrInt("axis", 0)), unsupported("attribute 'axis'")},
		{"block_size", qModel(13, []pb{scaleHalf, zpU8}, nil, attrInt("block_size", 2)), unsupported("attribute 'block_size'")},
		{"saturate", qModel(13, []pb{scaleHalf, zpU8}, nil, attrInt("saturate", 1)), unsupported("attribute 'saturate'")},
		{"per-axis count", qModel(13, []pb{tensorPB("s", tFloat, []int64{3}, f32raw(1, 2, 3)), tensorPB("zp", tUint8, []int64{3}, []byte{1, 2, 3})}, nil, attrInt("axis", 0)),
			invalid("input 'y_scale' has 3 elements but dim 0 of the quantized tensor has 4")},
		{"per-axis at opset 10", qModel(10, []pb{tensorPB("s", tFloat, []int64{4}, f32raw(1, 2, 3, 4)), tensorPB("zp", tUint8, []int64{4}, []byte{1, 2, 3, 4})}, nil),
			invalid("input 'y_scale' must have one element, got 4")},
		{"zero point count", qModel(13, []pb{scaleHalf, tensorPB("zp", tUint8, []int64{2}, []byte{1, 2})}, nil),
			invalid("input 'y_zero_point' has 2 elements but 'y_scale' has 1")},
		{"zero point outside storage", modelPB(13, graphSpec{
			nodes:   []pb{nodePB("DequantizeLinear", "dq", []string{"x", "s", "zp"}, []string{"y"})},
			inits:   []pb{scaleHalf, tensorPB("zp", tInt8, nil, []byte{1})},
			inputs:  []pb{valueInfoPB("x", tUint8, 4)},
			outputs: []pb{valueInfoPB("y", tFloat, 4)},
		}), invalid("input 'x_zero_point' is i8 but the quantized values are ui8")},
		{"qlinearconv bias type", modelPB(10, graphSpec{
			nodes: []pb{nodePB("QLinearConv", "qc", []string{"x", "s", "zp", "w", "s", "zp", "s", "zp", "b"}, []string{"y"})},
			inits: []pb{scaleHalf, zpU8, tensorPB("w", tUint8, []int64{1, 1, 1, 1}, []byte{3}),
				tensorPB("b", tFloat, []int64{1}, f32raw(1))},
			inputs:  []pb{valueInfoPB("x", tUint8, 1, 1, 2, 2)},
			outputs: []pb{valueInfoPB("y", tUint8)},
		}), invalid("input 'B' must be an int32 tensor")},
	} {
		t.Run(tc.name, func(t *testing.T) { tc.check(t, importError(t, tc.data)) })
	}
}

// A quantized result feeds DequantizeLinear with the same parameters as
// the quant.qcast value itself, and every other consumer (here a graph
// output) through one quant.scast to its storage integers.
func TestQuantizedValueForms(t *testing.T) {
	data := modelPB(13, graphSpec{
		nodes: []pb{
			nodePB("QuantizeLinear", "q", []string{"x", "s", "zp"}, []string{"qy"}),
			nodePB("DequantizeLinear", "dq", []string{"qy", "s", "zp"}, []string{"y"}),
			nodePB("DequantizeLinear", "dq2", []string{"qy", "s2", "zp"}, []string{"y2"}),
		},
		inits:   []pb{scaleHalf, zpU8, tensorPB("s2", tFloat, nil, f32raw(0.25))},
		inputs:  []pb{valueInfoPB("x", tFloat, 4)},
		outputs: []pb{valueInfoPB("y", tFloat, 4), valueInfoPB("qy", tUint8, 4), valueInfoPB("y2", tFloat, 4)},
	})
	module, err := Import(newCtx(), data, "model.onnx", Options{})
	require.NoError(t, err)
	var names []string
	ir.Walk(module, func(op *ir.Operation) {
		if strings.HasPrefix(op.Name(), "quant.") {
			names = append(names, op.Name())
		}
	})
	// qcast; dcast of it; dq2's other scale reads the integers (one scast
	// to ui8, one back to its own type); the graph output reuses them.
	assert.Equal(t, []string{"quant.qcast", "quant.dcast", "quant.scast", "quant.scast", "quant.dcast"}, names)
}
