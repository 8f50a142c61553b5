package trtonnx_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/internal/onnxpb"
	"github.com/mlc-go/mlc/ir"
	trtonnx "github.com/mlc-go/mlc/translate/trt"
)

// A probed export is the plain export with the probed op results as
// extra outputs after the function's own, named as the nodes producing
// them name their outputs; constants and values already returned are not
// probed twice.
func TestExportProbed(t *testing.T) {
	m := lowerToTRT(t, convNet(1, 4))
	fn, err := trtonnx.FindFunc(m, "main")
	require.NoError(t, err)
	plain, err := trtonnx.Export(fn, trtonnx.Options{})
	require.NoError(t, err)
	probed, names, err := trtonnx.ExportProbed(fn, trtonnx.Options{Probe: func(*ir.Value) bool { return true }})
	require.NoError(t, err)

	assert.Equal(t, plain.Graph.Nodes, probed.Graph.Nodes)
	assert.Equal(t, plain.Graph.Initializers, probed.Graph.Initializers)
	require.Equal(t, plain.Graph.Outputs, probed.Graph.Outputs[:len(plain.Graph.Outputs)])
	extra := probed.Graph.Outputs[len(plain.Graph.Outputs):]
	require.Len(t, names, len(extra))
	produced := map[string]bool{}
	for _, n := range plain.Graph.Nodes {
		for _, o := range n.Outputs {
			produced[o] = true
		}
	}
	ops := map[string]bool{}
	for i, p := range names {
		assert.Equal(t, p.Name, extra[i].Name)
		assert.True(t, produced[p.Name], "%s is no node's output", p.Name)
		assert.NotEqual(t, "trt.constant", p.Value.DefiningOp().Name())
		assert.NotEqual(t, "logits", p.Name, "the function's result is an output already")
		ops[p.Value.DefiningOp().Name()] = true
	}
	assert.True(t, ops["trt.convolution"] && ops["trt.quantize"] && ops["trt.dequantize"], "probed ops: %v", ops)

	quantized, names, err := trtonnx.ExportProbed(fn, trtonnx.Options{Probe: func(v *ir.Value) bool {
		return v.DefiningOp().Name() == "trt.quantize"
	}})
	require.NoError(t, err)
	require.NotEmpty(t, names)
	for i, p := range names {
		vi := quantized.Graph.Outputs[len(plain.Graph.Outputs)+i]
		assert.Equal(t, int32(onnxpb.DataInt8), vi.Type.ElemType, "%s", p.Name)
	}
}
