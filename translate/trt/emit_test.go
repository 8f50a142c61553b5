package trtonnx_test

import (
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/interp"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	trtonnx "github.com/mlc-go/mlc/translate/trt"
)

// wantOps: ONNX ops each function of testdata/emitters.mlir must contain.
var wantOps = map[string][]string{
	"qdq_conv":       {"QuantizeLinear", "DequantizeLinear", "Conv"},
	"deconv":         {"ConvTranspose"},
	"matmul_modes":   {"Transpose", "MatMul", "Reshape"},
	"elementwise":    {"Add", "Mul", "Div", "Floor", "Max", "Sub", "Greater", "Where"},
	"activations":    {"Erf", "LeakyRelu", "Clip", "Tanh", "Softplus", "HardSigmoid", "Selu"},
	"unary":          {"Abs", "Sqrt", "Exp", "Log", "Reciprocal", "Erf", "Round"},
	"pooling":        {"AveragePool", "MaxPool"},
	"softmax_reduce": {"Softmax", "ReduceMax", "ReduceMean"},
	"movement":       {"Transpose", "Reshape", "Concat", "Slice", "Pad"},
	"gather_topk":    {"Gather", "TopK", "GatherElements", "Cast"},
	"resize_cast":    {"Cast", "Resize"},
	"norms":          {"LayerNormalization", "InstanceNormalization"},
	"qdq_f16":        {"QuantizeLinear", "DequantizeLinear", "ReduceMax"},
}

// wantOpset: functions that need a newer opset than the default.
var wantOpset = map[string]int64{"qdq_f16": 19}

func loadEmitters(t *testing.T) (*ir.Operation, []*ir.Operation) {
	t.Helper()
	src, err := os.ReadFile("testdata/emitters.mlir")
	require.NoError(t, err)
	m, err := asm.ParseFile(all.NewContext(), "testdata/emitters.mlir", src)
	require.NoError(t, err)
	require.NoError(t, ir.Verify(m))
	var fns []*ir.Operation
	for _, op := range m.Region(0).Block(0).Ops() {
		if op.Name() == "func.func" {
			fns = append(fns, op)
		}
	}
	return m, fns
}

func TestEmitterFamilies(t *testing.T) {
	_, fns := loadEmitters(t)
	require.Len(t, fns, len(wantOps))
	for _, fn := range fns {
		name := ir.SymbolName(fn)
		model, err := trtonnx.Export(fn, trtonnx.Options{})
		require.NoError(t, err, name)
		opset := wantOpset[name]
		if opset == 0 {
			opset = trtonnx.DefaultOpset
		}
		assert.Equal(t, opset, model.OpsetImports[0].Version, name)
		assert.Equal(t, "mlc", model.ProducerName)
		have := map[string]bool{}
		for _, n := range model.Graph.Nodes {
			have[n.OpType] = true
			if n.OpType == "QuantizeLinear" || n.OpType == "DequantizeLinear" {
				assert.Len(t, n.Inputs, 3, "%s: explicit zero point", name)
			}
		}
		for _, op := range wantOps[name] {
			assert.True(t, have[op], "%s: no %s node", name, op)
		}
	}
}

// Every function passes onnx.checker's full check and computes in ONNX
// Runtime what the interpreter computes.
func TestEmittersInORT(t *testing.T) {
	m, fns := loadEmitters(t)
	dir := t.TempDir()
	var paths []string
	for _, fn := range fns {
		b, err := trtonnx.Marshal(fn, trtonnx.Options{})
		require.NoError(t, err)
		p := filepath.Join(dir, ir.SymbolName(fn)+".onnx")
		require.NoError(t, os.WriteFile(p, b, 0o644))
		paths = append(paths, p)
	}
	py := pythonONNX(t)
	// A model of an opset newer than the python onnx package knows is
	// left to ONNX Runtime (Debian's onnx 1.12 stops at opset 17).
	out, err := exec.Command(py, append([]string{"-c", `import onnx, sys
for p in sys.argv[1:]:
    m = onnx.load(p)
    v = max(o.version for o in m.opset_import if o.domain in ("", "ai.onnx"))
    if v > onnx.defs.onnx_opset_version():
        print("not checked (opset %d is newer than onnx %s knows):" % (v, onnx.__version__), p)
        continue
    onnx.checker.check_model(m, full_check=True)`}, paths...)...).CombinedOutput()
	require.NoError(t, err, "onnx.checker: %s", out)
	if len(out) > 0 {
		t.Logf("%s", out)
	}

	node, script, nodePath := ortRunner(t)
	rng := rand.New(rand.NewSource(3))
	for i, fn := range fns {
		name := ir.SymbolName(fn)
		ft := fn.InherentAttr("function_type").(*ir.TypeAttr).Type.(*ir.FunctionType)
		x, err := tensor.Alloc(tensor.F32, ft.Inputs[0].(*ir.RankedTensorType).Shape)
		require.NoError(t, err)
		for j := range x.Float32s() {
			x.Float32s()[j] = float32(4*rng.Float64() - 2)
		}
		in, outPath := filepath.Join(dir, name+".x.npy"), filepath.Join(dir, name+".y.npy")
		require.NoError(t, tensor.WriteNpyFile(in, x))
		cmd := exec.Command(node, script, paths[i], in, outPath, "1", "1")
		cmd.Env = append(os.Environ(), "NODE_PATH="+nodePath, "ORT_GRAPH_OPT=basic")
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s: ort-run: %s", name, out)
		got, err := tensor.ReadNpyFile(outPath)
		require.NoError(t, err)
		want, err := interp.RunModule(m, name, []*tensor.Tensor{x})
		require.NoError(t, err, name)
		require.Equal(t, want[0].Shape(), got.Shape(), name)
		db := sqnr(want[0].Values(), got.Values())
		t.Logf("%-15s SQNR %.1f dB", name, db)
		assert.GreaterOrEqual(t, db, 60.0, name)
	}
}

func TestExportIsDeterministicAndNamed(t *testing.T) {
	src := `func.func @f(%x: tensor<2xf32> {mlc.name = "in"}) -> (tensor<2xf32> {mlc.name = "out"}, tensor<2xf32>) {
  %a = trt.activation "relu" %x : tensor<2xf32> -> tensor<2xf32> loc("block/relu")
  %b = trt.activation "sigmoid" %a : tensor<2xf32> -> tensor<2xf32> loc("block/relu")
  return %b, %x : tensor<2xf32>, tensor<2xf32>
}`
	m, err := asm.ParseFile(all.NewContext(), "f.mlir", []byte(src))
	require.NoError(t, err)
	fn, err := trtonnx.FindFunc(m, "")
	require.NoError(t, err)
	model, err := trtonnx.Export(fn, trtonnx.Options{})
	require.NoError(t, err)
	assert.Equal(t, "in", model.Graph.Inputs[0].Name)
	assert.Equal(t, []string{"out", "result1"}, []string{model.Graph.Outputs[0].Name, model.Graph.Outputs[1].Name})
	var outs []string
	for _, n := range model.Graph.Nodes {
		outs = append(outs, n.OpType+":"+strings.Join(n.Outputs, ","))
	}
	// The location name, deduplicated; the returned op result takes the
	// output name; the returned argument goes through an Identity.
	assert.Equal(t, []string{"Relu:block/relu", "Sigmoid:out", "Identity:result1"}, outs)
	b1, err := trtonnx.Marshal(fn, trtonnx.Options{})
	require.NoError(t, err)
	b2, err := trtonnx.Marshal(fn, trtonnx.Options{})
	require.NoError(t, err)
	assert.Equal(t, b1, b2)
}

func TestExportErrors(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"no emitter", `func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {
  %a = core.relu %x : tensor<2xf32>
  return %a : tensor<2xf32>
}`, "f.mlir:2:8: error: 'core.relu' op has no ONNX emitter"},
		{"scale not constant", `func.func @f(%x: tensor<2xf32>, %s: tensor<f32>) -> tensor<2xi8> {
  %q = trt.quantize %x, %s : (tensor<2xf32>, tensor<f32>) -> tensor<2xi8>
  return %q : tensor<2xi8>
}`, "f.mlir:2:8: error: 'trt.quantize' op: scale must be defined by trt.constant"},
		{"round-up conv", `func.func @f(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32> {
  %w = trt.constant dense<1.0> : tensor<1x1x3x3xf32>
  %c = trt.convolution %x, %w {kernel_size = array<i64: 3, 3>, num_output_maps = 1 : i64, stride = array<i64: 2, 2>, padding_mode = "explicit_round_up"} : (tensor<1x1x4x4xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x2x2xf32>
  return %c : tensor<1x1x2x2xf32>
}`, "'trt.convolution' op: padding_mode \"explicit_round_up\" has no ONNX convolution equivalent"},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, err := asm.ParseFile(all.NewContext(), "f.mlir", []byte(c.src))
			require.NoError(t, err)
			fn, err := trtonnx.FindFunc(m, "f")
			require.NoError(t, err)
			_, err = trtonnx.Export(fn, trtonnx.Options{})
			require.Error(t, err)
			d, ok := err.(*ir.Diagnostic)
			require.True(t, ok, "want a positioned diagnostic, got %T", err)
			assert.Contains(t, (*ir.SourceMgr)(nil).Format(d), c.want)
		})
	}
}

func TestDocsCurrent(t *testing.T) {
	got, err := os.ReadFile("../../docs/trt-onnx.md")
	require.NoError(t, err, "docs/trt-onnx.md is missing: run `make docs`")
	assert.Equal(t, trtonnx.Markdown(), string(got), "docs/trt-onnx.md is stale: run `make docs`")
}
