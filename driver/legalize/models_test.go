package legalize

import (
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/driver/calibrate"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/interp"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/lowering/decompose"
	qnnlegal "github.com/mlc-go/mlc/lowering/legalize/qnn"
	"github.com/mlc-go/mlc/lowering/target"
	"github.com/mlc-go/mlc/rewrite/conversion"
	"github.com/mlc-go/mlc/rewrite/pass"
	"github.com/mlc-go/mlc/translate/onnx"
)

// modelsDir holds the exported models (make models); MLC_MODELS_DIR
// overrides it. Calibration sets come from MLC_SETS_DIR/<model>/calib
// (export-torch-models.py --sets-dir), else the model's own test data.
func modelsDir() string {
	if d := os.Getenv("MLC_MODELS_DIR"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "build", "onnx-models")
}

// TestExportedModels quantizes each exported model for qnn-htp-v73 and
// legalises it. The models expected to legalise fully must, and run to
// the same outputs bit for bit; the others must fail with one diagnostic
// per op, each naming why.
func TestExportedModels(t *testing.T) {
	if testing.Short() {
		t.Skip("exported models take a while")
	}
	tg, err := target.Load("qnn-htp-v73")
	require.NoError(t, err)
	for _, tc := range []struct {
		name string
		full bool
	}{
		{"resnet18", true},
		{"mobilenet_v2", true},
		{"efficientnet_b0", true},
		{"vit_tiny", true}, // erf GELU is core.gelu → qnn.Gelu
		{"transformer_encoder", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(modelsDir(), tc.name, "model.onnx")
			if _, err := os.Stat(path); err != nil {
				t.Skipf("%s not exported (make models): %v", tc.name, err)
			}
			m, samples := quantizedModel(t, path, tc.name)
			rep, err := Compare(m, "main", tg, samples)
			if !tc.full {
				var ce *conversion.Error
				require.ErrorAs(t, err, &ce)
				byOp := map[string]int{}
				for _, d := range ce.Diags {
					assert.Contains(t, d.Message, "cannot be legalized for target 'qnn-htp-v73': ")
					byOp[strings.SplitN(d.Message, "'", 3)[1]]++
				}
				t.Logf("%s: %d ops left illegal %v; first: %s", tc.name, len(ce.Diags), byOp, ce.Diags[0].Message)
				return
			}
			require.NoError(t, err)
			t.Logf("%s: %d layout rewrites, %d transposes left, ops %v", tc.name, rep.Stats.Folded, rep.Stats.Transposes, sortedOps(rep.Ops))
			for i, o := range rep.Outputs {
				assert.Zero(t, o.Different, "result %d: %d of %d elements differ (max %g)", i, o.Different, o.Elements, o.MaxAbs)
			}
		})
	}
}

func sortedOps(ops map[string]int) string {
	var names []string
	for n := range ops {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, " ")
}

// quantizedModel imports, lowers (torch-to-core), calibrates and
// quantizes a model, returning the module and the evaluation inputs.
func quantizedModel(t testing.TB, path, name string) (*ir.Operation, [][]*tensor.Tensor) {
	t.Helper()
	ctx := ir.NewContext()
	all.Register(ctx)
	m, err := onnx.ImportFile(ctx, path, onnx.Options{})
	require.NoError(t, err)
	lower, err := pass.ParsePipeline(decompose.PipelineText)
	require.NoError(t, err)
	require.NoError(t, lower.Run(m, nil))
	fn, err := interp.LookupFunc(m, "main")
	require.NoError(t, err)
	dir := filepath.Dir(path)
	if sets := os.Getenv("MLC_SETS_DIR"); sets != "" {
		dir = filepath.Join(sets, name, "calib")
	} else if d := filepath.Join(modelsDir(), "..", "sets", name, "calib"); isDir(d) {
		dir = d
	}
	ds, err := calibrate.LoadDataset(dir, fn)
	require.NoError(t, err)
	_, err = calibrate.Calibrate(m, ds, calibrate.Options{})
	require.NoError(t, err)
	q, err := pass.ParsePipeline("builtin.module(func.func(quantize{target=qnn-htp-v73},quant-fuse))")
	require.NoError(t, err)
	if err := q.Run(m, nil); err != nil {
		var d *ir.Diagnostic
		if errors.As(err, &d) {
			t.Skipf("%s does not quantize for qnn-htp-v73: %v", name, d)
		}
		t.Skipf("%s does not quantize for qnn-htp-v73: %v", name, err)
	}
	evalSet, err := calibrate.LoadDataset(filepath.Dir(path), fn)
	require.NoError(t, err)
	var samples [][]*tensor.Tensor
	for _, s := range evalSet.Samples {
		samples = append(samples, s.Inputs)
	}
	return m, samples
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// BenchmarkLegalizeModels times legalize-qnn alone (on a fresh copy of the
// quantized model each iteration; the copy is not timed).
func BenchmarkLegalizeModels(b *testing.B) {
	tg, err := target.Load("qnn-htp-v73")
	require.NoError(b, err)
	for _, name := range []string{"resnet18", "mobilenet_v2", "efficientnet_b0", "transformer_encoder"} {
		b.Run(name, func(b *testing.B) {
			path := filepath.Join(modelsDir(), name, "model.onnx")
			if _, err := os.Stat(path); err != nil {
				b.Skipf("%s not exported (make models)", name)
			}
			m, _ := quantizedModel(b, path, name)
			for b.Loop() {
				b.StopTimer()
				clone := m.Ctx().Clone(m, nil)
				fn, err := interp.LookupFunc(clone, "main")
				require.NoError(b, err)
				b.StartTimer()
				_, err = qnnlegal.Legalize(fn, tg)
				require.NoError(b, err)
			}
		})
	}
}
