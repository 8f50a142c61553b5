package ortcheck_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/driver/ortcheck"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir/asm"
	trtonnx "github.com/mlc-go/mlc/translate/trt"
)

// oneConv is a quantized 1×1 convolution over 64 channels, every weight
// +127 at scale 1/127 and the input at scale 1/127: an input of ones
// quantizes to +127 and the exact int32 accumulation is 64·127·127 =
// 1,032,256, so every output is 64.
const oneConv = `func.func @main(%x: tensor<1x64x4x4xf32> {mlc.name = "x"}) -> (tensor<1x8x4x4xf32> {mlc.name = "y"}) {
  %sx = trt.constant dense<0.007874016> : tensor<f32>
  %q = trt.quantize %x, %sx : (tensor<1x64x4x4xf32>, tensor<f32>) -> tensor<1x64x4x4xi8>
  %d = trt.dequantize %q, %sx : (tensor<1x64x4x4xi8>, tensor<f32>) -> tensor<1x64x4x4xf32>
  %w = trt.constant dense<127> : tensor<8x64x1x1xi8>
  %sw = trt.constant dense<0.007874016> : tensor<8xf32>
  %wd = trt.dequantize %w, %sw {axis = 0 : i64} : (tensor<8x64x1x1xi8>, tensor<8xf32>) -> tensor<8x64x1x1xf32>
  %b = trt.constant dense<0.0> : tensor<8xf32>
  %c = trt.convolution %d, %wd, %b {kernel_size = array<i64: 1, 1>, num_output_maps = 8 : i64} : (tensor<1x64x4x4xf32>, tensor<8x64x1x1xf32>, tensor<8xf32>) -> tensor<1x8x4x4xf32>
  %sy = trt.constant dense<1.0> : tensor<f32>
  %yq = trt.quantize %c, %sy : (tensor<1x8x4x4xf32>, tensor<f32>) -> tensor<1x8x4x4xi8>
  %y = trt.dequantize %yq, %sy : (tensor<1x8x4x4xi8>, tensor<f32>) -> tensor<1x8x4x4xf32>
  return %y : tensor<1x8x4x4xf32>
}
`

// TestU8S8Saturation is the minimal case behind ONNX Runtime's "all"
// figures on x86 CPUs without VNNI: there it turns int8 QDQ activations
// into uint8 (zero point 128) and runs QLinearConv on U8S8 kernels whose
// vpmaddubsw adds pairs of u8·s8 products in 16 bits with saturation
// (255·127·2 > 32767). The float QDQ path ("basic") and the exact U8U8
// kernels (session.x64quantprecision=1) compute 64 as the interpreter
// does; the default U8S8 kernels' figure is logged (exact on CPUs with
// VNNI, whose kernels do not saturate).
func TestU8S8Saturation(t *testing.T) {
	rt := runtimeOrSkip(t)
	m, err := asm.ParseFile(all.NewContext(), "conv.mlir", []byte(oneConv))
	require.NoError(t, err)
	fn, err := trtonnx.FindFunc(m, "main")
	require.NoError(t, err)
	x, err := tensor.Alloc(tensor.F32, []int64{1, 64, 4, 4})
	require.NoError(t, err)
	for i := range x.Float32s() {
		x.Float32s()[i] = 1
	}
	run := func(opts ortcheck.Options) *ortcheck.Report {
		rep, err := ortcheck.Compare(rt, fn, []*tensor.Tensor{x}, opts)
		require.NoError(t, err)
		return rep
	}
	for _, opts := range []ortcheck.Options{
		{Level: "basic"},
		{Level: "all", Probe: ortcheck.OutputsOnly, Config: map[string]string{"session.x64quantprecision": "1"}},
		{Level: "all", Probe: ortcheck.OutputsOnly, Config: map[string]string{"session.qdqisint8allowed": "1"}},
	} {
		rep := run(opts)
		for _, v := range rep.MLCOutputs[0].Float32s() {
			require.Equal(t, float32(64), v, "the interpreter")
		}
		assert.Zero(t, rep.Outputs[0].Differ, "ONNX Runtime at %s with %v: %v", opts.Level, opts.Config, rep.ORTOutputs[0].Float32s()[:4])
	}
	def := run(ortcheck.Options{Level: "all", Probe: ortcheck.OutputsOnly})
	t.Logf("ONNX Runtime's default int8 kernels (all): %v (exact: 64), %d of %d outputs differ", def.ORTOutputs[0].Float32s()[0], def.Outputs[0].Differ, def.Outputs[0].Count)
}
