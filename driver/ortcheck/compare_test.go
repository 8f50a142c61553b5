package ortcheck_test

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/driver/ortcheck"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir/asm"
	trtonnx "github.com/mlc-go/mlc/translate/trt"
)

// Compare probes every non-constant result but the returned one, in
// block order under the exported names; the input quantization (the
// same float input, round half to even, saturation at ±127/−128) is
// bit-exact, and the forced run of every layer on ONNX Runtime's int8
// input agrees to one step.
func TestCompareProbesInBlockOrder(t *testing.T) {
	rt := runtimeOrSkip(t)
	m, err := asm.ParseFile(all.NewContext(), "conv.mlir", []byte(oneConv))
	require.NoError(t, err)
	fn, err := trtonnx.FindFunc(m, "main")
	require.NoError(t, err)
	x, err := tensor.Alloc(tensor.F32, []int64{1, 64, 4, 4})
	require.NoError(t, err)
	rng := rand.New(rand.NewSource(3))
	for i := range x.Float32s() {
		x.Float32s()[i] = float32(2.4*rng.Float64() - 1.2) // past ±1: saturates
	}
	rep, err := ortcheck.Compare(rt, fn, []*tensor.Tensor{x}, ortcheck.Options{Force: ortcheck.QuantizedOnly})
	require.NoError(t, err)
	var ops []string
	for _, l := range rep.Layers {
		ops = append(ops, l.Op+":"+l.Type)
	}
	assert.Equal(t, []string{"trt.quantize:i8", "trt.dequantize:f32", "trt.dequantize:f32", "trt.convolution:f32", "trt.quantize:i8"}, ops)
	assert.Zero(t, rep.Layers[0].Free.Differ, "input quantization")
	assert.Equal(t, 1024, rep.Layers[0].Free.Count)
	for _, l := range rep.Layers {
		assert.LessOrEqual(t, l.Forced.MaxAbs, 1.0, "%s: more than one step apart on the same input", l.Name)
	}
	require.Len(t, rep.Outputs, 1)
	assert.Equal(t, 128, rep.Outputs[0].Count)
	assert.Len(t, rep.ORTOutputs, 1)
	assert.Len(t, rep.MLCOutputs, 1)
}
