package ortcheck_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/dialects/all"
	_ "github.com/mlc-go/mlc/driver/calibrate" // the calibrate pass (test-only import)
	"github.com/mlc-go/mlc/driver/ortcheck"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
	_ "github.com/mlc-go/mlc/lowering/passes"
	"github.com/mlc-go/mlc/lowering/target"
	"github.com/mlc-go/mlc/rewrite/pass"
	"github.com/mlc-go/mlc/translate/onnx"
	trtonnx "github.com/mlc-go/mlc/translate/trt"
)

const repoRoot = "../.."

func runtimeOrSkip(t *testing.T) ortcheck.Runtime {
	t.Helper()
	rt, err := ortcheck.FindRuntime(repoRoot)
	if err != nil {
		t.Skipf("skipping the ONNX Runtime comparison: %v", err)
	}
	return rt
}

// fixtureDirs are the quantization fixtures (bench/quant-lower.sh and
// scripts/export-torch-models.py --sets-dir write them): model.onnx with
// test_data_set_0 (input and fp32 output) per model, and calib/ sets.
// MLC_QUANT_MODELS and MLC_QUANT_SETS override the build/ defaults.
func fixtureDirs() (models, sets string) {
	models, sets = os.Getenv("MLC_QUANT_MODELS"), os.Getenv("MLC_QUANT_SETS")
	if models == "" {
		models = filepath.Join(repoRoot, "build", "quant-models")
	}
	if sets == "" {
		sets = filepath.Join(repoRoot, "build", "quant-sets")
	}
	return models, sets
}

// trtModel imports, calibrates on the model's calibration sets, quantizes and legalises a model
// for trt-orin, and returns the function with its test input and fp32
// output.
func trtModel(t *testing.T, name string) (fn *ir.Operation, x, ref *tensor.Tensor) {
	return trtModelFor(t, name, nil)
}

// trtModelFor is trtModel for target tg (nil: trt-orin).
func trtModelFor(t *testing.T, name string, tg *target.Target) (fn *ir.Operation, x, ref *tensor.Tensor) {
	t.Helper()
	models, sets := fixtureDirs()
	dir := filepath.Join(models, name)
	path := filepath.Join(dir, "model.onnx")
	calib := filepath.Join(sets, name, "calib")
	for _, p := range []string{path, calib} {
		if _, err := os.Stat(p); err != nil {
			t.Skipf("%s: fixture missing (bash bench/quant-lower.sh builds it): %v", name, err)
		}
	}
	fn = lowerForTRT(t, path, calib, tg)
	x, err := tensor.ReadTensorProtoFile(filepath.Join(dir, "test_data_set_0", "input_0.pb"))
	require.NoError(t, err)
	ref, err = tensor.ReadTensorProtoFile(filepath.Join(dir, "test_data_set_0", "output_0.pb"))
	require.NoError(t, err)
	return fn, x, ref
}

// lowerForTRT imports the ONNX model at path, calibrates it on the sets
// in calib, quantizes and legalises it for tg (nil: trt-orin) and returns
// @main.
func lowerForTRT(t *testing.T, path, calib string, tg *target.Target) *ir.Operation {
	t.Helper()
	ctx := all.NewContext()
	m, err := onnx.ImportFile(ctx, path, onnx.Options{})
	require.NoError(t, err)
	if tg == nil {
		tg, err = target.Load("trt-orin")
		require.NoError(t, err)
	}
	pm, err := pass.ParsePipeline("builtin.module(torch-to-core,calibrate{data=" + calib + "},func.func(quantize,legalize-trt))")
	require.NoError(t, err)
	require.NoError(t, pm.Run(m, &pass.Config{Target: tg}))
	fn, err := trtonnx.FindFunc(m, "main")
	require.NoError(t, err)
	return fn
}

// withoutFP16 is trt-orin built without TensorRT's fp16 flag (trtexec
// --int8 alone): layers that do not run in int8 run in fp32, so the IR
// has no f16 layers, which ONNX Runtime's CPU provider would run in fp32
// (it drops the rounding of their casts).
func withoutFP16(t *testing.T) *target.Target {
	t.Helper()
	tg, err := target.Load("trt-orin")
	require.NoError(t, err)
	classes := map[string]target.ClassSupport{}
	for name, c := range tg.Classes {
		ops := map[string][]string{}
		for role, types := range c.Operands {
			ops[role] = slices.DeleteFunc(slices.Clone(types), func(e string) bool { return e == "f16" })
		}
		c.Operands = ops
		classes[name] = c
	}
	tg.Classes = classes
	return tg
}

// s8s8 makes ONNX Runtime's fused int8 kernels S8S8, exact on CPUs
// without VNNI (TestU8S8Saturation).
var s8s8 = map[string]string{"session.qdqisint8allowed": "1"}

// modelRuns: ONNX Runtime's float QDQ (every tensor probed, layer
// boundaries forced) and its fused int8 kernels, by default and with
// exact S8S8 kernels (no probes: outputs change what ORT fuses), against
// the interpreter op by op ("float"); ONNX Runtime's float QDQ and its
// S8S8 kernels also against the interpreter as TensorRT executes the IR
// ("trt": interp.Options.TRTFused).
var modelRuns = []struct {
	name, mlc string
	opts      ortcheck.Options
}{
	{"basic", "float", ortcheck.Options{Level: "basic", Force: ortcheck.QuantizedOnly}},
	{"all", "float", ortcheck.Options{Level: "all", Probe: ortcheck.OutputsOnly}},
	{"all-s8s8", "float", ortcheck.Options{Level: "all", Probe: ortcheck.OutputsOnly, Config: s8s8}},
	{"basic", "trt", ortcheck.Options{Level: "basic", Probe: ortcheck.OutputsOnly, TRTFused: true}},
	{"all-s8s8", "trt", ortcheck.Options{Level: "all", Probe: ortcheck.OutputsOnly, Config: s8s8, TRTFused: true}},
}

// fp32Runs are the runs on the int8+fp32 build (withoutFP16).
var fp32Runs = []struct {
	name, mlc string
	opts      ortcheck.Options
}{
	{"basic", "float", ortcheck.Options{Level: "basic", Probe: ortcheck.OutputsOnly}},
	{"all-s8s8", "float", ortcheck.Options{Level: "all", Probe: ortcheck.OutputsOnly, Config: s8s8}},
	{"all-s8s8", "trt", ortcheck.Options{Level: "all", Probe: ortcheck.OutputsOnly, Config: s8s8, TRTFused: true}},
}

// TestModelLayers compares ONNX Runtime with the interpreter on the trt
// IR of the quantization fixtures: at graph optimisation "basic" every
// tensor probed and the layer boundaries (quantize results) forced, then
// at "all" without probes, by default and with S8S8 kernels.
// MLC_ORTCHECK_MODELS picks models; MLC_ORTCHECK_DIR keeps the files and
// the per-layer tables (bench/trt-ort-check.sh). Each model is also
// built without fp16 (withoutFP16) and compared at "all" with S8S8
// kernels. It asserts what holds
// per layer: on ONNX Runtime's inputs every layer agrees to 40 dB, and
// ONNX Runtime is as close to the fp32 reference as mlc. End to end the
// two differ by rounding flips that deep networks amplify (see the
// package documentation), so that figure is logged.
func TestModelLayers(t *testing.T) {
	if testing.Short() {
		t.Skip("exported models take a while")
	}
	rt := runtimeOrSkip(t)
	names := []string{"resnet18", "mobilenet_v2", "efficientnet_b0", "vit_tiny", "transformer_encoder"}
	if s := os.Getenv("MLC_ORTCHECK_MODELS"); s != "" {
		names = strings.Fields(s)
	}
	keep := os.Getenv("MLC_ORTCHECK_DIR")
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			fn, x, ref := trtModel(t, name)
			for _, run := range modelRuns {
				opts := run.opts
				if keep != "" {
					opts.Dir = filepath.Join(keep, name+"."+run.name+"."+run.mlc)
				}
				rep, err := ortcheck.Compare(rt, fn, []*tensor.Tensor{x}, opts)
				require.NoError(t, err)
				var b strings.Builder
				require.NoError(t, rep.WriteTable(&b, 40))
				table := b.String()
				if keep != "" && len(rep.Layers) > 0 {
					require.NoError(t, os.WriteFile(filepath.Join(keep, name+"."+run.name+"."+run.mlc+".txt"), []byte(table), 0o644))
				}
				ortMLC := rep.Outputs[0].SQNR
				ortRef := ortcheck.SQNROf(ref.Values(), rep.ORTOutputs[0].Values())
				mlcRef := ortcheck.SQNROf(ref.Values(), rep.MLCOutputs[0].Values())
				t.Logf("%s, ORT %s, mlc %s: ORT vs mlc %.1f dB; vs fp32: ORT %.1f dB, mlc %.1f dB", name, run.name, run.mlc, ortMLC, ortRef, mlcRef)
				if worst, ok := rep.WorstForced(); ok {
					first := "none"
					if i := rep.FirstFreeBelow(40); i >= 0 {
						first = fmt.Sprintf("#%d %s (%.1f dB)", i, rep.Layers[i].Name, rep.Layers[i].Free.SQNR)
					}
					t.Logf("%s, ORT %s: worst tensor on ORT's layer inputs %.1f dB (%s, %d of %d differ, max %.3g); first tensor below 40 dB in the free run: %s",
						name, run.name, worst.Forced.SQNR, worst.Name, worst.Forced.Differ, worst.Forced.Count, worst.Forced.MaxAbs, first)
				}
				if run.name == "basic" && run.mlc == "float" {
					worst, _ := rep.WorstForced()
					// Per layer, on ONNX Runtime's inputs, the two agree
					// but for rounding flips; whole networks amplify the
					// flips (see the package documentation).
					assert.GreaterOrEqual(t, worst.Forced.SQNR, 40.0, "%s", table)
					assert.GreaterOrEqual(t, ortRef, mlcRef-3, "ONNX Runtime is much further from fp32 than mlc")
				}
			}
			fn, _, _ = trtModelFor(t, name, withoutFP16(t))
			for _, run := range fp32Runs {
				rep, err := ortcheck.Compare(rt, fn, []*tensor.Tensor{x}, run.opts)
				require.NoError(t, err)
				t.Logf("%s int8+fp32, ORT %s, mlc %s: ORT vs mlc %.1f dB (%d of %d differ); vs fp32: ORT %.1f dB, mlc %.1f dB", name, run.name, run.mlc,
					rep.Outputs[0].SQNR, rep.Outputs[0].Differ, rep.Outputs[0].Count,
					ortcheck.SQNROf(ref.Values(), rep.ORTOutputs[0].Values()), ortcheck.SQNROf(ref.Values(), rep.MLCOutputs[0].Values()))
			}
		})
	}
}
