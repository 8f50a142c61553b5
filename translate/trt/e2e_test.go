package trtonnx_test

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/dialects/all"
	_ "github.com/mlc-go/mlc/driver/calibrate" // the calibrate pass, for the exported-model test (test-only import)
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/interp"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	_ "github.com/mlc-go/mlc/lowering/passes"
	"github.com/mlc-go/mlc/rewrite/pass"
	"github.com/mlc-go/mlc/translate/onnx"
	trtonnx "github.com/mlc-go/mlc/translate/trt"
)

// netText writes core IR with random constants and mlc.calib ranges.
type netText struct {
	rng *rand.Rand
	b   strings.Builder
	n   int
}

func tt(shape []int64) string {
	parts := make([]string, len(shape))
	for i, d := range shape {
		parts[i] = fmt.Sprint(d)
	}
	return "tensor<" + strings.Join(parts, "x") + "xf32>"
}

func (m *netText) constant(scale float64, shape ...int64) string {
	n := int64(1)
	for _, d := range shape {
		n *= d
	}
	raw := make([]byte, 4*n)
	for i := int64(0); i < n; i++ {
		binary.LittleEndian.PutUint32(raw[4*i:], math.Float32bits(float32(scale*(2*m.rng.Float64()-1))))
	}
	m.n++
	v := fmt.Sprintf("%%c%d", m.n)
	fmt.Fprintf(&m.b, "  %s = core.constant dense<\"0x%s\"> : %s\n", v, strings.ToUpper(hex.EncodeToString(raw)), tt(shape))
	return v
}

func (m *netText) op(text, sig string, lo, hi float64) string {
	m.n++
	v := fmt.Sprintf("%%v%d", m.n)
	attrs := fmt.Sprintf("mlc.calib = [array<f64: %g, %g>]", lo, hi)
	if i := strings.Index(text, "{"); i >= 0 {
		text = text[:i+1] + attrs + ", " + text[i+1:]
	} else {
		text += " {" + attrs + "}"
	}
	fmt.Fprintf(&m.b, "  %s = %s : %s loc(\"n%d\")\n", v, text, sig, m.n)
	return v
}

func bin(a, b string, sa, sb, so []int64) string {
	return "(" + tt(sa) + ", " + tt(sb) + ") -> " + tt(so)
}

// convNet: conv, relu, conv, residual add, relu, max pool, flatten,
// matmul, bias add, with c channels.
func convNet(seed, c int64) string {
	m := &netText{rng: rand.New(rand.NewSource(seed))}
	x := []int64{1, c, 8, 8}
	w := fmt.Sprintf("tensor<%dx%dx3x3xf32>", c, c)
	wb := fmt.Sprintf("tensor<%dxf32>", c)
	w1, b1 := m.constant(0.5, c, c, 3, 3), m.constant(0.5, c)
	c1 := m.op("core.conv2d %arg0, "+w1+", "+b1+" {padding = array<i64: 1, 1, 1, 1>}", "("+tt(x)+", "+w+", "+wb+") -> "+tt(x), -6, 6)
	r1 := m.op("core.relu "+c1, tt(x), 0, 6)
	w2, b2 := m.constant(0.5, c, c, 3, 3), m.constant(0.5, c)
	c2 := m.op("core.conv2d "+r1+", "+w2+", "+b2+" {padding = array<i64: 1, 1, 1, 1>}", "("+tt(x)+", "+w+", "+wb+") -> "+tt(x), -8, 8)
	a := m.op("core.add "+c2+", "+r1, bin(c2, r1, x, x, x), -10, 10)
	r2 := m.op("core.relu "+a, tt(x), 0, 10)
	pooled := []int64{1, c, 4, 4}
	p := m.op("core.max_pool2d "+r2+" {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>}", "("+tt(x)+") -> "+tt(pooled), 0, 10)
	flat := []int64{1, 16 * c}
	f := m.op("core.reshape "+p, "("+tt(pooled)+") -> "+tt(flat), 0, 10)
	wm := m.constant(0.3, 16*c, 5)
	mm := m.op("core.matmul "+f+", "+wm, "("+tt(flat)+", "+tt([]int64{16 * c, 5})+") -> tensor<1x5xf32>", -30, 30)
	bm := m.constant(1, 5)
	o := m.op("core.add "+mm+", "+bm, "(tensor<1x5xf32>, tensor<5xf32>) -> tensor<1x5xf32>", -30, 30)
	return "func.func @main(%arg0: " + tt(x) + " {mlc.calib = array<f64: -2.0, 2.0>, mlc.name = \"image\"}) -> (tensor<1x5xf32> {mlc.name = \"logits\"}) {\n" +
		m.b.String() + "  return " + o + " : tensor<1x5xf32>\n}\n"
}

// attentionNet: single-head self attention with a softmax written in core
// ops, a residual add, a layer norm decomposition and a GELU (erf) MLP.
func attentionNet(seed int64) string {
	m := &netText{rng: rand.New(rand.NewSource(seed))}
	const T, D = 4, 8
	x := []int64{1, T, D}
	w := []int64{D, D}
	proj := func(in string, lo, hi float64) string {
		wt := m.constant(0.4, D, D)
		return m.op("core.matmul "+in+", "+wt, bin("", "", x, w, x), lo, hi)
	}
	q, k, v := proj("%arg0", -4, 4), proj("%arg0", -4, 4), proj("%arg0", -4, 4)
	kt := m.op("core.transpose "+k+" {perm = array<i64: 0, 2, 1>}", "("+tt(x)+") -> tensor<1x8x4xf32>", -4, 4)
	s := []int64{1, T, T}
	sc := m.op("core.matmul "+q+", "+kt, "("+tt(x)+", tensor<1x8x4xf32>) -> "+tt(s), -20, 20)
	mx := m.op("core.reduce_max "+sc+" {axes = array<i64: 2>, keepdims = true}", "("+tt(s)+") -> tensor<1x4x1xf32>", -20, 20)
	d := m.op("core.sub "+sc+", "+mx, bin("", "", s, []int64{1, T, 1}, s), -40, 0)
	ex := m.op("core.exp "+d, tt(s), 0, 1)
	sm := m.op("core.reduce_sum "+ex+" {axes = array<i64: 2>, keepdims = true}", "("+tt(s)+") -> tensor<1x4x1xf32>", 0, 4)
	p := m.op("core.div "+ex+", "+sm, bin("", "", s, []int64{1, T, 1}, s), 0, 1)
	at := m.op("core.matmul "+p+", "+v, "("+tt(s)+", "+tt(x)+") -> "+tt(x), -4, 4)
	o := proj(at, -4, 4)
	r := m.op("core.add "+o+", %arg0", bin("", "", x, x, x), -6, 6)
	mean := m.op("core.reduce_mean "+r+" {axes = array<i64: 2>, keepdims = true}", "("+tt(x)+") -> tensor<1x4x1xf32>", -3, 3)
	xc := m.op("core.sub "+r+", "+mean, bin("", "", x, []int64{1, T, 1}, x), -6, 6)
	sq := m.op("core.mul "+xc+", "+xc, bin("", "", x, x, x), 0, 36)
	vr := m.op("core.reduce_mean "+sq+" {axes = array<i64: 2>, keepdims = true}", "("+tt(x)+") -> tensor<1x4x1xf32>", 0, 20)
	eps := m.constant(0, 1, 1, 1)
	ve := m.op("core.add "+vr+", "+eps, bin("", "", []int64{1, T, 1}, []int64{1, 1, 1}, []int64{1, T, 1}), 0, 20)
	rs := m.op("core.rsqrt "+ve, "tensor<1x4x1xf32>", 0, 20)
	nrm := m.op("core.mul "+xc+", "+rs, bin("", "", x, []int64{1, T, 1}, x), -4, 4)
	g := m.constant(1, D)
	ln := m.op("core.mul "+nrm+", "+g, "("+tt(x)+", tensor<8xf32>) -> "+tt(x), -4, 4)
	h := proj(ln, -6, 6)
	c := m.constant(0, 1, 1, 1)
	he := m.op("core.erf "+h, tt(x), -1, 1)
	hp := m.op("core.add "+he+", "+c, bin("", "", x, []int64{1, 1, 1}, x), -1, 1)
	y := m.op("core.mul "+h+", "+hp, bin("", "", x, x, x), -6, 6)
	out := proj(y, -8, 8)
	return "func.func @main(%arg0: " + tt(x) + " {mlc.calib = array<f64: -2.0, 2.0>}) -> " + tt(x) + " {\n" +
		m.b.String() + "  return " + out + " : " + tt(x) + "\n}\n"
}

func lowerToTRT(t *testing.T, src string) *ir.Operation {
	t.Helper()
	return lowerToTRTWith(t, src, "builtin.module(func.func(quantize{target=trt-orin},legalize-trt{target=trt-orin}))")
}

func lowerToTRTWith(t *testing.T, src, pipeline string) *ir.Operation {
	t.Helper()
	m, err := asm.ParseFile(all.NewContext(), "model.mlir", []byte(src))
	require.NoError(t, err)
	pm, err := pass.ParsePipeline(pipeline)
	require.NoError(t, err)
	require.NoError(t, pm.Run(m, nil))
	require.NoError(t, ir.Verify(m))
	return m
}

// pythonONNX is Debian's python with the onnx package, or a skip.
func pythonONNX(t *testing.T) string {
	t.Helper()
	py := "/usr/bin/python3"
	if err := exec.Command(py, "-c", "import onnx").Run(); err != nil {
		t.Skipf("skipping the onnx.checker check: %s cannot import onnx (apt install python3-onnx): %v", py, err)
	}
	return py
}

// ortRunner is the node command line running bench/ort-run.js, or a skip.
func ortRunner(t *testing.T) (node, script, nodePath string) {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("skipping the ONNX Runtime comparison: node is not installed")
	}
	script, _ = filepath.Abs("../../bench/ort-run.js")
	for _, dir := range []string{os.Getenv("MLC_ORT_NODE_PATH"), "../../bench/ort/node_modules"} {
		if dir == "" {
			continue
		}
		if _, err := os.Stat(filepath.Join(dir, "onnxruntime-node")); err == nil {
			abs, _ := filepath.Abs(dir)
			return node, script, abs
		}
	}
	t.Skip("skipping the ONNX Runtime comparison: run `make ort` (or set MLC_ORT_NODE_PATH to a node_modules with onnxruntime-node)")
	return
}

func checkONNX(t *testing.T, path string) {
	py := pythonONNX(t)
	out, err := exec.Command(py, "-c", "import onnx, sys\nm = onnx.load(sys.argv[1])\nonnx.checker.check_model(m, full_check=True)\nprint('ok', len(m.graph.node))", path).CombinedOutput()
	require.NoError(t, err, "onnx.checker: %s", out)
}

// sqnr in dB of got against want (+Inf when equal).
func sqnr(want, got []float64) float64 {
	var s, n float64
	for i := range want {
		s += want[i] * want[i]
		d := want[i] - got[i]
		n += d * d
	}
	if n == 0 {
		return math.Inf(1)
	}
	return 10 * math.Log10(s/n)
}

// exportAndCompare exports the trt IR, checks it with onnx.checker and
// runs it in ONNX Runtime on a random input against the interpreter.
func exportAndCompare(t *testing.T, m *ir.Operation, seed int64) float64 {
	t.Helper()
	fn, err := trtonnx.FindFunc(m, "main")
	require.NoError(t, err)
	b1, err := trtonnx.Marshal(fn, trtonnx.Options{})
	require.NoError(t, err)
	b2, err := trtonnx.Marshal(fn, trtonnx.Options{})
	require.NoError(t, err)
	require.Equal(t, b1, b2, "two exports of the same IR differ")
	dir := t.TempDir()
	path := filepath.Join(dir, "model.qdq.onnx")
	require.NoError(t, os.WriteFile(path, b1, 0o644))
	checkONNX(t, path)

	node, script, nodePath := ortRunner(t)
	ft := fn.InherentAttr("function_type").(*ir.TypeAttr).Type.(*ir.FunctionType)
	require.Len(t, ft.Inputs, 1)
	shape := ft.Inputs[0].(*ir.RankedTensorType).Shape
	x, err := tensor.Alloc(tensor.F32, shape)
	require.NoError(t, err)
	rng := rand.New(rand.NewSource(seed))
	for i := range x.Float32s() {
		x.Float32s()[i] = float32(4*rng.Float64() - 2)
	}
	in, outPath := filepath.Join(dir, "x.npy"), filepath.Join(dir, "y.npy")
	require.NoError(t, tensor.WriteNpyFile(in, x))
	want, err := interp.RunModule(m, "main", []*tensor.Tensor{x})
	require.NoError(t, err)
	run := func(level, config string) float64 {
		cmd := exec.Command(node, script, path, in, outPath, "1", "1")
		cmd.Env = append(os.Environ(), "NODE_PATH="+nodePath, "ORT_GRAPH_OPT="+level, "ORT_CONFIG="+config)
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "ort-run: %s", out)
		got, err := tensor.ReadNpyFile(outPath)
		require.NoError(t, err)
		require.Equal(t, want[0].Shape(), got.Shape())
		return sqnr(want[0].Values(), got.Values())
	}
	// "basic" runs Q/DQ as the ONNX spec defines them (in float); at
	// "all" ORT fuses them into int8 kernels, whose default U8S8 form
	// saturates on x86 CPUs without VNNI (driver/ortcheck), so
	// those figures, by default and with S8S8 kernels, are only logged.
	db := run("basic", "")
	t.Logf("ONNX Runtime (basic optimisations) vs interpreter on the trt IR: SQNR %.1f dB; with int8 kernel fusion (all): %.1f dB, with S8S8 kernels: %.1f dB",
		db, run("all", ""), run("all", "session.qdqisint8allowed=1"))
	assert.GreaterOrEqual(t, db, 40.0)
	return db
}

func TestExportConvNetRunsInORT(t *testing.T) {
	m := lowerToTRT(t, convNet(1, 4))
	fn, err := trtonnx.FindFunc(m, "main")
	require.NoError(t, err)
	model, err := trtonnx.Export(fn, trtonnx.Options{})
	require.NoError(t, err)
	assert.Equal(t, "image", model.Graph.Inputs[0].Name)
	assert.Equal(t, "logits", model.Graph.Outputs[0].Name)
	ops := map[string]int{}
	for _, n := range model.Graph.Nodes {
		ops[n.OpType]++
	}
	assert.Equal(t, 2, ops["Conv"])
	assert.Positive(t, ops["QuantizeLinear"])
	assert.Positive(t, ops["DequantizeLinear"])
	assert.Equal(t, 1, ops["MaxPool"])
	exportAndCompare(t, m, 7)
}

func TestExportAttentionBlockRunsInORT(t *testing.T) {
	m := lowerToTRT(t, attentionNet(2))
	exportAndCompare(t, m, 8)
}

// modelsDir holds the exported models (make models); MLC_MODELS_DIR
// overrides it.
func modelsDir() string {
	if d := os.Getenv("MLC_MODELS_DIR"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "build", "onnx-models")
}

// Exported models, calibrated on their own test data, quantized and
// legalised for trt-orin, exported, checked and run in ONNX Runtime:
// the file must compute what mlc's quant-sim of the trt IR computes, up
// to the int8 rounding flips that float summation order causes (a
// value a hair from a rounding boundary lands one step apart; in a deep
// int8 network such flips propagate), and be as close to the fp32
// reference as mlc's quant-sim is.
func TestExportedModelsInORT(t *testing.T) {
	if testing.Short() {
		t.Skip("exported models take a while")
	}
	for _, name := range []string{"resnet18", "mobilenet_v2", "transformer_encoder", "vit_tiny"} {
		t.Run(name, func(t *testing.T) {
			dir := filepath.Join(modelsDir(), name)
			path := filepath.Join(dir, "model.onnx")
			if _, err := os.Stat(path); err != nil {
				t.Skipf("%s not exported (make models): %v", name, err)
			}
			ctx := all.NewContext()
			m, err := onnx.ImportFile(ctx, path, onnx.Options{})
			require.NoError(t, err)
			pm, err := pass.ParsePipeline("builtin.module(torch-to-core,calibrate{data=" + dir + "},func.func(quantize{target=trt-orin},legalize-trt{target=trt-orin}))")
			require.NoError(t, err)
			require.NoError(t, pm.Run(m, nil))
			fn, err := trtonnx.FindFunc(m, "main")
			require.NoError(t, err)
			b, err := trtonnx.Marshal(fn, trtonnx.Options{})
			require.NoError(t, err)
			tmp := t.TempDir()
			out := filepath.Join(tmp, "model.qdq.onnx")
			require.NoError(t, os.WriteFile(out, b, 0o644))
			checkONNX(t, out)

			node, script, nodePath := ortRunner(t)
			x, err := tensor.ReadTensorProtoFile(filepath.Join(dir, "test_data_set_0", "input_0.pb"))
			require.NoError(t, err)
			ref, err := tensor.ReadTensorProtoFile(filepath.Join(dir, "test_data_set_0", "output_0.pb"))
			require.NoError(t, err)
			in, yPath := filepath.Join(tmp, "x.npy"), filepath.Join(tmp, "y.npy")
			require.NoError(t, tensor.WriteNpyFile(in, x))
			cmd := exec.Command(node, script, out, in, yPath, "1", "1")
			cmd.Env = append(os.Environ(), "NODE_PATH="+nodePath, "ORT_GRAPH_OPT=basic")
			o, err := cmd.CombinedOutput()
			require.NoError(t, err, "ort-run: %s", o)
			got, err := tensor.ReadNpyFile(yPath)
			require.NoError(t, err)
			want, err := interp.RunModule(m, "main", []*tensor.Tensor{x})
			require.NoError(t, err)
			require.Equal(t, want[0].Shape(), got.Shape())
			ortMLC := sqnr(want[0].Values(), got.Values())
			ortRef := sqnr(ref.Values(), got.Values())
			mlcRef := sqnr(ref.Values(), want[0].Values())
			t.Logf("%s: ORT vs mlc quant-sim %.1f dB; vs fp32 reference: ORT %.1f dB, mlc %.1f dB", name, ortMLC, ortRef, mlcRef)
			assert.GreaterOrEqual(t, ortMLC, 25.0)
			assert.GreaterOrEqual(t, ortRef, mlcRef-3)
		})
	}
}

// With ExternalData the weights go to model.qdq.onnx.data; onnx.checker
// and ONNX Runtime read them from there, with the same results.
func TestExternalData(t *testing.T) {
	m := lowerToTRT(t, convNet(3, 16))
	fn, err := trtonnx.FindFunc(m, "main")
	require.NoError(t, err)
	dir := t.TempDir()
	inline, ext := filepath.Join(dir, "inline.onnx"), filepath.Join(dir, "model.qdq.onnx")
	require.NoError(t, trtonnx.WriteFile(inline, fn, trtonnx.Options{}))
	require.NoError(t, trtonnx.WriteFile(ext, fn, trtonnx.Options{ExternalData: true}))
	a, err := os.Stat(inline)
	require.NoError(t, err)
	b, err := os.Stat(ext)
	require.NoError(t, err)
	d, err := os.Stat(ext + ".data")
	require.NoError(t, err)
	assert.Less(t, b.Size(), a.Size())
	assert.Positive(t, d.Size())
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 3, "no temporaries left behind")

	py := pythonONNX(t)
	out, err := exec.Command(py, "-c", "import onnx, sys\nonnx.checker.check_model(sys.argv[1], full_check=True)\nm = onnx.load(sys.argv[1], load_external_data=False)\nprint(sum(1 for t in m.graph.initializer if t.data_location == 1))", ext).CombinedOutput()
	require.NoError(t, err, "onnx.checker: %s", out)
	assert.NotEqual(t, "0", strings.TrimSpace(string(out)), "no initializer is external")

	node, script, nodePath := ortRunner(t)
	x, err := tensor.Alloc(tensor.F32, []int64{1, 16, 8, 8})
	require.NoError(t, err)
	for i := range x.Float32s() {
		x.Float32s()[i] = float32(i%7) - 3
	}
	in := filepath.Join(dir, "x.npy")
	require.NoError(t, tensor.WriteNpyFile(in, x))
	var results [][]float64
	for _, p := range []string{inline, ext} {
		y := p + ".y.npy"
		cmd := exec.Command(node, script, p, in, y, "1", "1")
		cmd.Env = append(os.Environ(), "NODE_PATH="+nodePath, "ORT_GRAPH_OPT=basic")
		o, err := cmd.CombinedOutput()
		require.NoError(t, err, "ort-run %s: %s", p, o)
		got, err := tensor.ReadNpyFile(y)
		require.NoError(t, err)
		results = append(results, got.Values())
	}
	assert.Equal(t, results[0], results[1])
}
