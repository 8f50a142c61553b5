package report

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/internal/testutil"
)

// small is a bundle that failed its SQNR gate, with a CPU fallback
// partition and a few unmeasured and exact ops.
func small() *Bundle {
	nan := math.NaN()
	return &Bundle{
		Model:        "tiny_cnn.onnx",
		ModelSHA256:  "3f1c0a9e5d2b7c4e8f6a1b3c5d7e9f0a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e",
		Target:       "trt-orin",
		TargetSHA256: "9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b",
		Compiler:     "mlc v0.9.0 (git 51a9bcb)",
		Pipeline:     "builtin.module(decompose{target=trt-orin}, quantize{calib=calib}, legalize-trt, partition)",
		Passed:       false,
		Gates: []Gate{
			{Name: "sqnr_db", Output: "logits", Value: 27.514, Threshold: 30, AtLeast: true, Passed: false},
			{Name: "cosine", Output: "logits", Value: 0.9987654, Threshold: 0.99, AtLeast: true, Passed: true},
			{Name: "max_abs", Output: "logits", Value: 0.0123456, Threshold: 0.5, Passed: true},
			{Name: "top1", Output: "logits", Value: 0.96875, Threshold: 0.95, AtLeast: true, Passed: true},
			{Name: "latency_ms", Value: 1.2345, Threshold: 5, Passed: true},
		},
		Outputs: []Output{
			{Name: "logits", SQNRdB: 27.514, Cosine: 0.9987654, MaxAbs: 0.0123456, Top1: 0.96875},
			{Name: "features", SQNRdB: 31.25, Cosine: 0.999, MaxAbs: 1.5e-5, Top1: nan},
		},
		Ops: []Op{
			{Name: "input_q", Op: "core.quantize", Precision: "i8", SQNRdB: 48.1, Partition: "trt0"},
			{Name: "conv1", Op: "core.conv2d", Precision: "i8", SQNRdB: 38.7, Partition: "trt0", MACs: 1769472},
			{Name: "relu1", Op: "core.relu", Precision: "i8", SQNRdB: 38.7, Partition: "trt0"},
			{Name: "conv2", Op: "core.conv2d", Precision: "f16", SQNRdB: 55.02, Partition: "trt0", MACs: 37748736},
			{Name: "topk", Op: "core.topk", Precision: "f32", SQNRdB: math.Inf(1), Partition: "cpu0"},
			{Name: "pool", Op: "core.avg_pool2d", Precision: "i8", SQNRdB: 33.9, Partition: "trt1", MACs: 65536},
			{Name: "fc", Op: "core.matmul", Precision: "i8", SQNRdB: 27.514, Partition: "trt1", MACs: 655360},
			{Name: "softmax", Op: "core.softmax", Precision: "f32", SQNRdB: nan, Partition: "trt1"},
		},
		Partitions: []Partition{
			{Name: "trt0", Device: "trt-orin", Ops: 4, MACs: 39518208, EstimatedMs: 0.9},
			{Name: "cpu0", Device: "cpu", Ops: 1, EstimatedMs: 0.2345, FallbackWhy: []string{"core.topk: no TensorRT layer for k > 3840", "dynamic k"}},
			{Name: "trt1", Device: "trt-orin", Ops: 3, MACs: 720896, EstimatedMs: 0.1},
		},
		Latency: Latency{TotalMs: 1.2345, BudgetMs: 5},
		Failure: &Failure{WorstOp: "fc", WorstOpSQNR: 27.514, Pass: "quantize"},
		Artefacts: []Artefact{
			{Path: "model.qdq.onnx", Bytes: 1234567, SHA256: "aa11bb22cc33dd44ee55ff6600778899aabbccddeeff00112233445566778899"},
			{Path: "network.json", Bytes: 4321, SHA256: "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"},
			{Path: "build.sh", Bytes: 210, SHA256: "ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100"},
		},
	}
}

func TestGolden(t *testing.T) {
	files, err := Render(small())
	require.NoError(t, err)
	assert.Equal(t, []string{MarkdownFile, HTMLFile, ChartFile}, Files(small()))
	for _, name := range Files(small()) {
		testutil.Golden(t, filepath.Join("testdata", "small."+name+".golden"), string(files[name]))
	}
}
