package quantize

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/interp"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	lq "github.com/mlc-go/mlc/lowering/quantize"
	"github.com/mlc-go/mlc/lowering/quantize/observe"
	"github.com/mlc-go/mlc/lowering/target"
)

// dense is a dense<"0x..."> literal of n f32 values drawn by f.
func dense(n int, f func() float64) string {
	var b strings.Builder
	b.WriteString(`dense<"0x`)
	for range n {
		bits := math.Float32bits(float32(f()))
		fmt.Fprintf(&b, "%02X%02X%02X%02X", byte(bits), byte(bits>>8), byte(bits>>16), byte(bits>>24))
	}
	b.WriteString(`">`)
	return b.String()
}

// cnn is conv(3→8, 3x3) + relu, a depthwise conv + relu, then a linear
// layer to 10 logits (matmul + bias add): every kind of layer the driver
// treats, with seeded random weights. wscale scales the linear layer's
// weights: a large one makes the logits' quantization the dominant error.
func cnn(seed int64, wscale float64) string {
	rng := rand.New(rand.NewSource(seed))
	u := func(a float64) func() float64 { return func() float64 { return (2*rng.Float64() - 1) * a } }
	var b strings.Builder
	fmt.Fprintf(&b, "func.func @main(%%x: tensor<1x3x8x8xf32> {mlc.name = \"x\"}) -> tensor<1x10xf32> {\n")
	fmt.Fprintf(&b, "  %%w1 = core.constant %s : tensor<8x3x3x3xf32>\n", dense(8*3*3*3, u(0.4)))
	fmt.Fprintf(&b, "  %%b1 = core.constant %s : tensor<8xf32>\n", dense(8, u(0.1)))
	fmt.Fprintf(&b, "  %%c1 = core.conv2d %%x, %%w1, %%b1 {padding = array<i64: 1, 1, 1, 1>} : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>) -> tensor<1x8x8x8xf32> loc(\"conv1\")\n")
	fmt.Fprintf(&b, "  %%r1 = core.relu %%c1 : tensor<1x8x8x8xf32> loc(\"relu1\")\n")
	// Depthwise weights with a skewed distribution (mostly positive, a
	// few large values) so that 8-bit weights shift the output means.
	skew := func() float64 {
		if rng.Float64() < 0.1 {
			return 2 + rng.Float64()
		}
		return 0.05 + 0.1*rng.Float64()
	}
	fmt.Fprintf(&b, "  %%w2 = core.constant %s : tensor<8x1x3x3xf32>\n", dense(8*9, skew))
	fmt.Fprintf(&b, "  %%b2 = core.constant %s : tensor<8xf32>\n", dense(8, u(0.1)))
	fmt.Fprintf(&b, "  %%c2 = core.conv2d %%r1, %%w2, %%b2 {padding = array<i64: 1, 1, 1, 1>, groups = 8 : i64} : (tensor<1x8x8x8xf32>, tensor<8x1x3x3xf32>, tensor<8xf32>) -> tensor<1x8x8x8xf32> loc(\"dwconv\")\n")
	fmt.Fprintf(&b, "  %%r2 = core.relu %%c2 : tensor<1x8x8x8xf32> loc(\"relu2\")\n")
	fmt.Fprintf(&b, "  %%f = core.reshape %%r2 : (tensor<1x8x8x8xf32>) -> tensor<1x512xf32> loc(\"flatten\")\n")
	fmt.Fprintf(&b, "  %%w3 = core.constant %s : tensor<512x10xf32>\n", dense(512*10, u(0.1*wscale)))
	fmt.Fprintf(&b, "  %%b3 = core.constant %s : tensor<10xf32>\n", dense(10, u(0.1)))
	fmt.Fprintf(&b, "  %%m = core.matmul %%f, %%w3 : (tensor<1x512xf32>, tensor<512x10xf32>) -> tensor<1x10xf32> loc(\"fc\")\n")
	fmt.Fprintf(&b, "  %%y = core.add %%m, %%b3 : (tensor<1x10xf32>, tensor<10xf32>) -> tensor<1x10xf32> loc(\"fc_bias\")\n")
	fmt.Fprintf(&b, "  return %%y : tensor<1x10xf32>\n}\n")
	return b.String()
}

func parse(t testing.TB, src string) *ir.Operation {
	t.Helper()
	m, err := asm.Parse(all.NewContext(), "model.mlir", []byte(src), 1)
	require.NoError(t, err)
	require.NoError(t, ir.Verify(m))
	return m
}

// writeSets writes n sets of random inputs (and, with outputs, the
// model's fp32 outputs from the interpreter) under dir.
func writeSets(t *testing.T, src, dir string, n int, seed int64, outputs bool) {
	t.Helper()
	rng := rand.New(rand.NewSource(seed))
	m := parse(t, src)
	fn, err := interp.LookupFunc(m, "main")
	require.NoError(t, err)
	for k := range n {
		set := filepath.Join(dir, fmt.Sprintf("test_data_set_%d", k))
		require.NoError(t, os.MkdirAll(set, 0o755))
		x := make([]float32, 3*8*8)
		for i := range x {
			x[i] = float32(rng.NormFloat64())
		}
		in := tensor.MustFromSlice(tensor.F32, []int64{1, 3, 8, 8}, x)
		require.NoError(t, tensor.WriteNpyFile(filepath.Join(set, "x.npy"), in))
		if outputs {
			out, err := interp.Run(fn, []*tensor.Tensor{in})
			require.NoError(t, err)
			require.NoError(t, tensor.WriteTensorProtoFile(filepath.Join(set, "output_0.pb"), out[0], "y"))
		}
	}
}

type fixture struct {
	src, calib, eval string
}

func newFixture(t *testing.T, wscale float64) fixture {
	src := cnn(1, wscale)
	dir := t.TempDir()
	f := fixture{src: src, calib: filepath.Join(dir, "calib"), eval: filepath.Join(dir, "eval")}
	writeSets(t, src, f.calib, 8, 2, false)
	writeSets(t, src, f.eval, 3, 3, true)
	return f
}

func load(t *testing.T, name string) *target.Target {
	t.Helper()
	tg, err := target.Load(name)
	require.NoError(t, err)
	return tg
}

func opNamed(r *Report, name string) *Op {
	for i := range r.Ops {
		if r.Ops[i].Name == name {
			return &r.Ops[i]
		}
	}
	return nil
}

// The reference outputs taken from the calibration runs are those of runs
// of their own: the reports agree but for timings and run counts.
func TestReferenceFromCalibration(t *testing.T) {
	f := newFixture(t, 1)
	run := func(separate bool) *Report {
		separateReference = separate
		defer func() { separateReference = false }()
		res, err := Run(parse(t, f.src), Options{Target: load(t, "qnn-htp-v73"), Calib: f.calib, BiasCorrection: true})
		require.NoError(t, err)
		r := *res.Report
		r.Timings, r.InterpreterRuns = nil, 0
		return &r
	}
	assert.Equal(t, run(true), run(false))
}

func TestReportTRT(t *testing.T) {
	f := newFixture(t, 1)
	res, err := Run(parse(t, f.src), Options{Target: load(t, "trt-orin"), Calib: f.calib, Eval: f.eval})
	require.NoError(t, err)
	r := res.Report
	assert.Equal(t, "trt-orin", r.Target)
	assert.Equal(t, "minmax", r.Method)
	assert.Equal(t, 8, r.Samples)
	assert.Greater(t, float64(r.OutputSQNR), 20.0)
	assert.Less(t, float64(r.OutputSQNR), 80.0, "an int8 model is not exact")
	assert.Equal(t, 1.0, r.Int8MACShare)
	assert.Equal(t, int64(8*8*8*27+8*8*8*9+10*512), r.MACs)
	assert.Nil(t, r.MetMinSQNR, "no budget, no verdict")
	assert.Empty(t, r.Promoted)
	// Runs: eval reference 3, calibrate 8 (whose outputs are the
	// calibration samples' reference), measure 16, eval 3.
	assert.Equal(t, 30, r.InterpreterRuns)
	for _, phase := range []string{"data", "reference", "calibrate", "quantize", "measure", "eval"} {
		assert.Contains(t, r.Timings, phase)
	}

	conv := opNamed(r, "conv1")
	require.NotNil(t, conv, "ops: %+v", r.Ops)
	assert.Equal(t, "core.conv2d", conv.Op)
	assert.Equal(t, "i8", conv.Precision)
	require.NotNil(t, conv.SQNR)
	assert.Greater(t, float64(*conv.SQNR), 25.0)
	require.Len(t, conv.Operands, 3)
	in, w := conv.Operands[0], conv.Operands[1]
	assert.Equal(t, "i8", in.Storage)
	assert.Equal(t, []int64{0}, in.ZeroPoint, "TensorRT: symmetric activations")
	assert.Equal(t, "i8", w.Storage)
	require.NotNil(t, w.Axis)
	assert.Equal(t, 0, *w.Axis)
	assert.Len(t, w.Scale, 8, "per output channel")
	assert.Empty(t, conv.Operands[2].Storage, "TensorRT keeps the bias in float")

	// The eval set's references are the fp32 interpreter's own outputs.
	require.NotNil(t, r.Eval)
	assert.Equal(t, 3, r.Eval.Samples)
	assert.True(t, math.IsInf(float64(r.Eval.FloatSQNR), 1))
	assert.Greater(t, float64(r.Eval.QuantizedSQNR), 15.0)

	// The module is what the target runs, and the JSON keeps the keys the
	// benchmark reads.
	fn, err := interp.LookupFunc(res.Module, "main")
	require.NoError(t, err)
	require.NoError(t, lq.Check(fn, load(t, "trt-orin")))
	js, err := json.Marshal(r)
	require.NoError(t, err)
	var back map[string]any
	require.NoError(t, json.Unmarshal(js, &back))
	for _, k := range []string{"output_sqnr_db", "int8_mac_share", "ops", "promoted", "timings_s", "interpreter_runs"} {
		assert.Contains(t, back, k)
	}
	assert.Equal(t, "inf", back["eval"].(map[string]any)["float_sqnr_db"])
}

func TestQNNAsymmetricActivations(t *testing.T) {
	f := newFixture(t, 1)
	res, err := Run(parse(t, f.src), Options{Target: load(t, "qnn-htp-v73"), Calib: f.calib})
	require.NoError(t, err)
	conv := opNamed(res.Report, "dwconv")
	require.NotNil(t, conv)
	// The depthwise conv reads relu output: [0, max], so an asymmetric
	// uint8 encoding puts the zero point at 0 of the stored range.
	assert.Equal(t, "u8", conv.Operands[0].Storage)
	assert.Equal(t, "i8", conv.Operands[1].Storage)
	c1 := opNamed(res.Report, "conv1")
	require.NotNil(t, c1)
	assert.Equal(t, "u8", c1.Operands[0].Storage)
	assert.NotEqual(t, int64(0), c1.Operands[0].ZeroPoint[0], "the input spans negative values")
}

func TestMixedPrecisionMeetsBudget(t *testing.T) {
	f := newFixture(t, 1)
	tg := load(t, "trt-orin")
	base, err := Run(parse(t, f.src), Options{Target: tg, Calib: f.calib})
	require.NoError(t, err)
	want := float64(base.Report.OutputSQNR) + 3
	res, err := Run(parse(t, f.src), Options{Target: tg, Calib: f.calib, MinSQNR: &want})
	require.NoError(t, err)
	r := res.Report
	require.NotNil(t, r.MetMinSQNR)
	assert.True(t, *r.MetMinSQNR)
	assert.GreaterOrEqual(t, float64(r.OutputSQNR), want)
	require.NotEmpty(t, r.Promoted)
	for _, p := range r.Promoted {
		assert.Equal(t, "i8", p.From)
		assert.Equal(t, "f16", p.To, "trt-orin's next precision after int8")
		assert.Equal(t, "f16", opNamed(r, p.Name).Precision)
	}
	// Not everything was promoted: the search stops at the budget.
	int8 := 0
	for _, op := range base.Report.Ops {
		if op.Precision == "i8" {
			int8++
		}
	}
	assert.Less(t, len(r.Promoted), int8)
	assert.Less(t, r.Int8MACShare, 1.0)
	// Sensitivities were measured for the candidates.
	assert.NotNil(t, opNamed(r, "conv1").Sensitivity)

	// A budget the baseline meets: one more model run on the search
	// samples, nothing promoted, no sensitivities.
	easy := float64(base.Report.OutputSQNR) - 5
	res, err = Run(parse(t, f.src), Options{Target: tg, Calib: f.calib, MinSQNR: &easy})
	require.NoError(t, err)
	assert.True(t, *res.Report.MetMinSQNR)
	assert.Empty(t, res.Report.Promoted)
	assert.Nil(t, opNamed(res.Report, "conv1").Sensitivity)
	assert.Equal(t, base.Report.InterpreterRuns+8, res.Report.InterpreterRuns)

	// A budget no precision can meet: the report says so and the error
	// is typed.
	tooMuch := 300.0
	res, err = Run(parse(t, f.src), Options{Target: tg, Calib: f.calib, MinSQNR: &tooMuch})
	var be *BudgetError
	require.ErrorAs(t, err, &be)
	require.NotNil(t, res)
	assert.False(t, *res.Report.MetMinSQNR)
	assert.Equal(t, 300.0, be.Want)
	for _, op := range res.Report.Ops {
		assert.NotEqual(t, "i8", op.Precision, "%s: every op at its costliest precision", op.Name)
	}
}

// TestSixteenBitPromotion: on QNN the next precision after 8 bits is
// 16-bit activations, whose encodings take the observed range.
func TestSixteenBitPromotion(t *testing.T) {
	f := newFixture(t, 1)
	tg := load(t, "qnn-htp-v73")
	base, err := Run(parse(t, f.src), Options{Target: tg, Calib: f.calib, Method: observe.Percentile, Percentile: 99})
	require.NoError(t, err)
	want := float64(base.Report.OutputSQNR) + 3
	res, err := Run(parse(t, f.src), Options{Target: tg, Calib: f.calib, Method: observe.Percentile, Percentile: 99, MinSQNR: &want})
	require.NoError(t, err)
	require.True(t, *res.Report.MetMinSQNR)
	require.NotEmpty(t, res.Report.Promoted)
	sixteen, widened := 0, 0
	for _, p := range res.Report.Promoted {
		if p.To != "i16" {
			// Promoting every op to i16 was not enough: the next level
			// moves the most harmful ones on to f16.
			assert.Equal(t, "f16", p.To)
			continue
		}
		sixteen++
		op := opNamed(res.Report, p.Name)
		assert.Equal(t, "u16", op.Results[0].Storage)
		// The 16-bit encoding spans the observed range, which the 99th
		// percentile clips for 8 bits (not on the 80 logits, where it is
		// the maximum).
		b := opNamed(base.Report, p.Name)
		wide, narrow := op.Results[0].Scale[0]*65535, b.Results[0].Scale[0]*255
		assert.GreaterOrEqual(t, wide, narrow*0.999, p.Name)
		if wide > narrow*1.01 {
			widened++
		}
	}
	assert.Positive(t, widened)
	assert.Positive(t, sixteen, "%v -> %v: %+v", base.Report.OutputSQNR, res.Report.OutputSQNR, res.Report.Promoted)
}

func TestBiasCorrectionReducesMeanError(t *testing.T) {
	f := newFixture(t, 1)
	tg := load(t, "trt-orin")
	plain, err := Run(parse(t, f.src), Options{Target: tg, Calib: f.calib})
	require.NoError(t, err)
	res, err := Run(parse(t, f.src), Options{Target: tg, Calib: f.calib, BiasCorrection: true})
	require.NoError(t, err)
	bc := res.Report.BiasCorrection
	require.NotNil(t, bc)
	assert.Equal(t, 3, bc.Layers, "conv1, dwconv and fc (matmul + bias add)")
	assert.Less(t, float64(bc.ErrorAfter), float64(bc.ErrorBefore)/2)
	assert.Greater(t, float64(res.Report.OutputSQNR), float64(plain.Report.OutputSQNR))
	// Two runs per sample (fp32 and quantized) to measure, two more for
	// the final figure: no run per layer.
	assert.Equal(t, plain.Report.InterpreterRuns+4*8, res.Report.InterpreterRuns)
}

func TestErrors(t *testing.T) {
	f := newFixture(t, 1)
	tg := load(t, "trt-orin")

	// Calibration data of the wrong shape: nothing comes back.
	bad := t.TempDir()
	set := filepath.Join(bad, "test_data_set_0")
	require.NoError(t, os.MkdirAll(set, 0o755))
	require.NoError(t, tensor.WriteNpyFile(filepath.Join(set, "x.npy"), tensor.New(tensor.F32, 1, 3, 4, 4)))
	res, err := Run(parse(t, f.src), Options{Target: tg, Calib: bad})
	assert.Nil(t, res)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "x.npy")

	res, err = Run(parse(t, f.src), Options{Target: tg, Calib: t.TempDir()})
	assert.Nil(t, res)
	assert.ErrorContains(t, err, "holds no test_data_set_<k> folder")

	// An eval set without reference outputs.
	res, err = Run(parse(t, f.src), Options{Target: tg, Calib: f.calib, Eval: f.calib})
	assert.Nil(t, res)
	assert.ErrorContains(t, err, "no output_0.pb")

	// An op no target runs: a positioned error before any calibration run.
	src := strings.Replace(f.src, "  return %y", "  %t = core.constant dense<0.0> : tensor<f32>\n"+
		"  %g = core.cmp \"gt\", %y, %t : (tensor<1x10xf32>, tensor<f32>) -> tensor<1x10xi1> loc(\"model.mlir\":40:3)\n  return %y", 1)
	res, err = Run(parse(t, src), Options{Target: tg, Calib: f.calib})
	assert.Nil(t, res)
	var d *ir.Diagnostic
	require.True(t, errors.As(err, &d), "%v", err)
	assert.Contains(t, d.Error(), "'core.cmp' op (op class 'logic') cannot run on target 'trt-orin' in any precision")
	assert.Contains(t, d.Loc.String(), "40:3")
}

// TestQuantizedTypesInModule: the module holds quant ops whose types
// follow the target's rules (TensorRT: symmetric int8).
func TestQuantizedTypesInModule(t *testing.T) {
	f := newFixture(t, 1)
	res, err := Run(parse(t, f.src), Options{Target: load(t, "trt-orin"), Calib: f.calib})
	require.NoError(t, err)
	n := 0
	ir.WalkPreOrder(res.Module, func(o *ir.Operation) ir.WalkResult {
		if o.Name() == "quant.qcast" {
			q, ok := quant.ElementType(o.Result(0).Type()).(*quant.UniformType)
			require.True(t, ok)
			assert.Equal(t, int64(0), q.ZeroPoint)
			assert.Equal(t, "i8", lq.StorageName(q))
			n++
		}
		return ir.Advance
	})
	assert.Greater(t, n, 3)
}

func TestEqualizeAndSmoothQuant(t *testing.T) {
	f := newFixture(t, 1)
	res, err := Run(parse(t, f.src), Options{Target: load(t, "trt-orin"), Calib: f.calib, Equalize: true, SmoothQuant: true})
	require.NoError(t, err)
	r := res.Report
	require.NotNil(t, r.Equalize)
	require.NotNil(t, r.SmoothQuant)
	assert.Equal(t, DefaultSmoothAlpha, r.SmoothQuant.Alpha)
	assert.Equal(t, 1, r.SmoothQuant.Groups, "the linear layer")
	assert.Greater(t, float64(r.OutputSQNR), 20.0)
	// Reference 8, channel statistics 8, calibration 8, measure 16.
	assert.Equal(t, 40, r.InterpreterRuns)
	for _, phase := range []string{"equalize", "smooth_quant"} {
		assert.Contains(t, r.Timings, phase)
	}
}
