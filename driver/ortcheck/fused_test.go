package ortcheck_test

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/driver/ortcheck"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/lowering/target"
)

// tinyCNN is the shipped small model (make demo), calibrated on its one
// test set.
const tinyCNN = repoRoot + "/docs/examples/tiny-cnn-onnx"

// TestTRTFusedMatchesORT: ONNX Runtime at "all" with S8S8 kernels runs
// the exported tiny CNN's dequantize → conv → quantize groups as
// QLinearConv; the interpreter's TRTFused mode, which runs them as
// TensorRT's int8 kernels do, agrees end to end to at least 40 dB and
// closer than op-by-op float; built without fp16 (so ONNX Runtime's
// dropping of f16 rounding plays no part) the two are bit-identical.
func TestTRTFusedMatchesORT(t *testing.T) {
	rt := runtimeOrSkip(t)
	x, err := tensor.ReadTensorProtoFile(filepath.Join(tinyCNN, "test_data_set_0", "input_0.pb"))
	require.NoError(t, err)
	ref, err := tensor.ReadTensorProtoFile(filepath.Join(tinyCNN, "test_data_set_0", "output_0.pb"))
	require.NoError(t, err)
	for _, build := range []struct {
		name string
		tg   *target.Target
	}{{"int8+fp16", nil}, {"int8+fp32", withoutFP16(t)}} {
		fn := lowerForTRT(t, filepath.Join(tinyCNN, "model.onnx"), tinyCNN, build.tg)
		var db [2]float64
		for i, fused := range []bool{false, true} {
			rep, err := ortcheck.Compare(rt, fn, []*tensor.Tensor{x}, ortcheck.Options{Level: "all", Probe: ortcheck.OutputsOnly, Config: s8s8, TRTFused: fused})
			require.NoError(t, err)
			db[i] = rep.Outputs[0].SQNR
			t.Logf("%s, TRTFused %v: ORT vs mlc %.1f dB, %d of %d differ; vs fp32: ORT %.1f dB, mlc %.1f dB", build.name, fused, db[i], rep.Outputs[0].Differ, rep.Outputs[0].Count,
				ortcheck.SQNROf(ref.Values(), rep.ORTOutputs[0].Values()), ortcheck.SQNROf(ref.Values(), rep.MLCOutputs[0].Values()))
		}
		assert.GreaterOrEqual(t, db[1], 40.0, build.name)
		if build.tg != nil {
			// No f16 layers: nothing but the groups' arithmetic could differ.
			assert.True(t, math.IsInf(db[1], 1), "int8+fp32: TRTFused differs from ONNX Runtime (%.1f dB)", db[1])
		}
		assert.Greater(t, db[1], db[0], "%s: integer groups are not closer to ONNX Runtime's QLinearConv than float ones", build.name)
	}
}
