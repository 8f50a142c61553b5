package target

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlc-go/mlc/dialects/core"
)

func TestBuiltinTargetsLoad(t *testing.T) {
	want := []string{"qnn-htp-v68", "qnn-htp-v73", "qnn-htp-v75", "qnn-htp-v79", "trt-orin", "trt-thor"}
	if got := strings.Join(List(), " "); got != strings.Join(want, " ") {
		t.Fatalf("List() = %s, want %s", got, strings.Join(want, " "))
	}
	for _, n := range List() {
		tg, err := Load(n)
		if err != nil {
			t.Fatal(err)
		}
		if tg.Name != n {
			t.Errorf("%s: name field is %q", n, tg.Name)
		}
		if len(tg.Devices) == 0 || len(tg.Classes) == 0 || len(tg.Quant) == 0 || tg.Gates.MinSQNR == nil {
			t.Errorf("%s: devices, op classes, quantization rules or gates missing", n)
		}
	}
}

func TestOpClassesNameCoreOps(t *testing.T) {
	coreOps := map[string]bool{}
	for _, d := range core.Dialect.Ops {
		coreOps[d.Name] = true
	}
	seen := map[string]string{}
	for _, c := range OpClasses {
		for _, op := range c.Ops {
			if !coreOps[op] {
				t.Errorf("class %s names %q, which is not a core op", c.Name, op)
			}
			if prev, dup := seen[op]; dup {
				t.Errorf("%s is in classes %s and %s", op, prev, c.Name)
			}
			seen[op] = c.Name
		}
	}
	if c, ok := ClassOf("core.conv2d"); !ok || c != "conv" {
		t.Errorf("ClassOf(core.conv2d) = %q, %v", c, ok)
	}
	if _, ok := ClassOf("core.nosuch"); ok {
		t.Error("ClassOf(core.nosuch) found a class")
	}
}

// TestTargetFacts pins the facts issue 13 names, so that an edit that
// drops one fails here.
func TestTargetFacts(t *testing.T) {
	load := func(n string) *Target {
		tg, err := Load(n)
		if err != nil {
			t.Fatal(err)
		}
		return tg
	}
	orin, thor := load("trt-orin"), load("trt-thor")
	for _, e := range []string{"i8", "f16", "f32"} {
		if !orin.AcceptsOp("core.conv2d", "input", e) {
			t.Errorf("trt-orin conv input should accept %s", e)
		}
	}
	for _, e := range []string{"f8e4m3", "f4e2m1"} {
		if orin.Accepts("matmul", "lhs", e) {
			t.Errorf("trt-orin has no %s", e)
		}
		if !thor.Accepts("matmul", "lhs", e) {
			t.Errorf("trt-thor should accept %s", e)
		}
	}
	for _, tg := range []*Target{orin, thor} {
		for _, q := range tg.QuantRules("") {
			if !q.Symmetric {
				t.Errorf("%s: rule %s is asymmetric", tg.Name, q.Name)
			}
			if q.Role == "activation" && q.Granularity == "per-channel" {
				t.Errorf("%s: rule %s is per-channel on activations", tg.Name, q.Name)
			}
		}
	}
	if v, ok := thor.PeakOps("f4e2m1"); !ok || v != 2070e12 {
		t.Errorf("trt-thor fp4 peak = %g, %v", v, ok)
	}
	if _, ok := orin.PeakOps("f4e2m1"); ok {
		t.Error("trt-orin has an fp4 peak")
	}
	// The cost model's figures: trt-orin is the AGX Orin of its MLPerf
	// reference, with the fp16 rate and the AGX's bandwidth.
	if v, ok := orin.PeakOps("f16"); !ok || v != 42.5e12 {
		t.Errorf("trt-orin f16 peak = %g, %v", v, ok)
	}
	if orin.MemoryBandwidth.Value != 204e9 {
		t.Errorf("trt-orin bandwidth %g, want the AGX's 204 GB/s", orin.MemoryBandwidth.Value)
	}
	v75 := load("qnn-htp-v75")
	if _, ok := v75.PeakOps("i8"); !ok || v75.MemoryBandwidth == nil {
		t.Error("qnn-htp-v75 needs an i8 peak and a bandwidth for the cost model")
	}
	for _, tg := range []*Target{orin, v75} {
		if tg.Cost.LayerOverhead == nil || tg.Cost.TransferBandwidth == nil || tg.Cost.TransferLatency == nil {
			t.Errorf("%s: cost figures missing", tg.Name)
		}
	}
	exported := map[string][]string{}
	for _, tg := range []*Target{orin, v75} {
		for _, l := range tg.Latencies {
			if l.ExportedModel != "" {
				exported[tg.Name] = append(exported[tg.Name], l.ExportedModel)
			}
		}
	}
	if !has(exported["trt-orin"], "resnet50") || !has(exported["qnn-htp-v75"], "resnet50") || !has(exported["qnn-htp-v75"], "mobilenet_v2") {
		t.Errorf("reference latencies with exported models: %v", exported)
	}
	if load("qnn-htp-v68").Accepts("conv", "input", "f16") {
		t.Error("qnn-htp-v68 has no hardware fp16")
	}
	for _, n := range []string{"qnn-htp-v68", "qnn-htp-v73", "qnn-htp-v75", "qnn-htp-v79"} {
		tg := load(n)
		if n != "qnn-htp-v68" && !tg.Accepts("conv", "input", "f16") {
			t.Errorf("%s should run fp16", n)
		}
		var asymU8, a16w8 bool
		for _, q := range tg.QuantRules("activation") {
			asymU8 = asymU8 || (q.Storage == "u8" && !q.Symmetric)
		}
		for _, q := range tg.QuantRules("weight") {
			a16w8 = a16w8 || (q.Storage == "i8" && q.Symmetric && has(q.WithActivations, "u16"))
		}
		if !asymU8 || !a16w8 {
			t.Errorf("%s: asymmetric uint8 activations %v, int8 weights under uint16 activations %v", n, asymU8, a16w8)
		}
		if tg.OnChipName != "VTCM" || tg.OnChipMemory == nil {
			t.Errorf("%s: no VTCM size", n)
		}
	}
}

func TestUnknownTargetListsKnown(t *testing.T) {
	_, err := Load("nosuch")
	var ue *UnknownError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), "trt-orin") {
		t.Fatalf("Load(nosuch) = %v", err)
	}
	if _, err := Load("../targets/trt-orin"); err == nil {
		t.Fatal("a path is not a target name")
	}
}

// base is a small valid target; the malformed cases edit one line of it.
const base = `# a test target
name: test-soc
backend: qnn
arch: htp-test
summary: a test target
sources:
  s: a document
devices:
  - name: SM0000
    source: s
    kind: quoted
memory_bandwidth:
  value: 10
  unit: GB/s
  source: s
  kind: quoted
op_classes:
  conv:
    source: s
    kind: quoted
    operands:
      input: [u8]
      weight: [i8]
      bias: [i32]
      result: [u8]
quantization:
  - name: a8
    role: activation
    storage: u8
    scheme: asymmetric
    granularity: per-tensor
    source: s
    kind: quoted
gates:
  min_sqnr:
    value: 30
    unit: dB
    source: s
    kind: derived
    how: a choice
`

func TestMalformedFiles(t *testing.T) {
	if _, err := Parse("base.yaml", []byte(base)); err != nil {
		t.Fatalf("base file: %v", err)
	}
	cases := []struct {
		name, old, new string
		pos, field     string // "line:col", field path
		msg            string
	}{
		{"unknown op class", "  conv:\n    source", "  convolution:\n    source", "18:3", "op_classes.convolution", "unknown op class"},
		{"unknown element type", "input: [u8]", "input: [u7]", "22:15", "op_classes.conv.operands.input[0]", "unknown element type 'u7'"},
		{"unknown operand", "      bias: [i32]", "      bias2: [i32]", "24:7", "op_classes.conv.operands.bias2", "has no operand"},
		{"negative bandwidth", "value: 10", "value: -10", "13:10", "memory_bandwidth.value", "must be positive"},
		{"unknown key", "arch: htp-test", "arch: htp-test\nfrequency: 1", "5:1", "frequency", "unknown key"},
		{"missing provenance", "  unit: GB/s\n  source: s\n", "  unit: GB/s\n", "13:3", "memory_bandwidth.source", "missing"},
		{"derived without how", "    how: a choice\n", "", "39:11", "gates.min_sqnr.how", "must say how"},
		{"unknown source", "  unit: GB/s\n  source: s", "  unit: GB/s\n  source: t", "15:11", "memory_bandwidth.source", "unknown source 't'"},
		{"bad kind", "  kind: quoted\nop_classes", "  kind: guessed\nop_classes", "16:9", "memory_bandwidth.kind", "not one of quoted, derived"},
		{"bad unit", "unit: GB/s", "unit: GHz", "14:9", "memory_bandwidth.unit", "unit 'GHz'"},
		{"backend cannot store", "storage: u8", "storage: f32", "29:14", "quantization[0].storage", "cannot store quantized tensors"},
		{"per-channel activation", "granularity: per-tensor", "granularity: per-channel", "31:18", "quantization[0].granularity", "per-channel encodings only for"},
		{"tensorrt asymmetric", "backend: qnn", "backend: tensorrt", "30:13", "quantization[0].scheme", "cannot express asymmetric"},
		{"unknown backend", "backend: qnn", "backend: tpu", "3:10", "backend", "unknown backend 'tpu'"},
		{"duplicate key", "arch: htp-test", "arch: htp-test\narch: again", "5:1", "arch", "given twice"},
		{"missing field", "arch: htp-test\n", "", "2:1", "arch", "missing"},
		{"shared encoding on a computing class", "    kind: quoted\n    operands:", "    kind: quoted\n    shared_encoding:\n      value: true\n      source: s\n      kind: quoted\n    operands:", "21:5", "op_classes.conv.shared_encoding", "only op classes that move data"},
		{"shared encoding not a bool", "    kind: quoted\n    operands:", "    kind: quoted\n    shared_encoding:\n      value: yes please\n      source: s\n      kind: quoted\n    operands:", "22:14", "op_classes.conv.shared_encoding.value", "expected true or false"},
		{"not a number", "value: 10", "value: ten", "13:10", "memory_bandwidth.value", "expected a number"},
		{"alias", "  s: a document", "  s: &x a document", "7:6", "sources.s", "aliases"},
		{"empty devices", "devices:\n  - name: SM0000\n    source: s\n    kind: quoted\n", "devices: []\n", "8:10", "devices", "at least one device"},
		{"rule no class accepts", "storage: u8", "storage: u16", "29:14", "quantization[0].storage", "no op class accepts 'u16' for activation operands"},
		{"cosine above 1", "gates:\n", "gates:\n  min_cosine:\n    value: 1.5\n    unit: ratio\n    source: s\n    kind: quoted\n", "36:12", "gates.min_cosine.value", "at most 1"},
		{"yaml syntax", "name: test-soc", "name: [test-soc", "2:1", "", "invalid YAML"},
		{"cost unknown key", "gates:\n", "cost:\n  launch: 1\ngates:\n", "35:3", "cost.launch", "unknown key (known: layer_overhead, transfer_bandwidth, transfer_latency, fuses_epilogues)"},
		{"overhead in GB/s", "gates:\n", "cost:\n  layer_overhead:\n    value: 1\n    unit: GB/s\n    source: s\n    kind: quoted\ngates:\n", "37:11", "cost.layer_overhead.unit", "unit 'GB/s' is not one of ms, ns, us"},
		{"calibrated overhead without how", "gates:\n", "cost:\n  layer_overhead:\n    value: 2\n    unit: us\n    source: s\n    kind: derived\ngates:\n", "39:11", "cost.layer_overhead.how", "must say how"},
		{"fusion not a flag", "gates:\n", "cost:\n  fuses_epilogues: yes\ngates:\n", "35:20", "cost.fuses_epilogues", "expected a mapping"},
		{"exported model without precision", "    how: a choice\n", "    how: a choice\nreference_latencies:\n  - model: m\n    device: d\n    exported_model: m\n    latency: {value: 1, unit: ms, source: s, kind: quoted}\n", "44:21", "reference_latencies[0].precision", "missing: the cost check"},
		{"host cpu negative peak", "gates:\n", "host_cpu:\n  name: c\n  source: s\n  kind: quoted\n  peak_ops:\n    f32: {value: -1, unit: GFLOPS, source: s, kind: quoted}\n  memory_bandwidth: {value: 1, unit: GB/s, source: s, kind: quoted}\ngates:\n", "39:18", "host_cpu.peak_ops.f32.value", "must be positive"},
		{"host cpu without f32", "gates:\n", "host_cpu:\n  name: c\n  source: s\n  kind: quoted\n  peak_ops:\n    i8: {value: 1, unit: GOPS, source: s, kind: quoted}\n  memory_bandwidth: {value: 1, unit: GB/s, source: s, kind: quoted}\ngates:\n", "39:5", "host_cpu.peak_ops.f32", "missing: the CPU runs fallback partitions in f32"},
		{"host cpu without bandwidth", "gates:\n", "host_cpu:\n  name: c\n  source: s\n  kind: quoted\n  peak_ops:\n    f32: {value: 1, unit: GFLOPS, source: s, kind: quoted}\ngates:\n", "35:3", "host_cpu.memory_bandwidth", "missing"},
		{"host cpu unknown key", "gates:\n", "host_cpu:\n  name: c\n  cores: 8\ngates:\n", "36:3", "host_cpu.cores", "unknown key"},
		{"host cpu overhead in GB/s", "gates:\n", "host_cpu:\n  name: c\n  source: s\n  kind: quoted\n  peak_ops:\n    f32: {value: 1, unit: GFLOPS, source: s, kind: quoted}\n  memory_bandwidth: {value: 1, unit: GB/s, source: s, kind: quoted}\n  op_overhead: {value: 1, unit: GB/s, source: s, kind: quoted}\ngates:\n", "41:33", "host_cpu.op_overhead.unit", "unit 'GB/s'"},
		{"host cpu bandwidth in ops", "gates:\n", "host_cpu:\n  name: c\n  source: s\n  kind: quoted\n  peak_ops:\n    f32: {value: 1, unit: GFLOPS, source: s, kind: quoted}\n  memory_bandwidth: {value: 1, unit: GOPS, source: s, kind: quoted}\ngates:\n", "40:38", "host_cpu.memory_bandwidth.unit", "unit 'GOPS'"},
		{"exported model with a path", "    how: a choice\n", "    how: a choice\nreference_latencies:\n  - model: m\n    device: d\n    precision: i8\n    exported_model: ../m\n    latency: {value: 1, unit: ms, source: s, kind: quoted}\n", "45:21", "reference_latencies[0].exported_model", "not a model directory name"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := base
			if strings.HasPrefix(c.name, "tensorrt") {
				// TensorRT has no u8: store int8 throughout first.
				b = strings.NewReplacer("[u8]", "[i8]", "storage: u8", "storage: i8").Replace(b)
			}
			src := strings.Replace(b, c.old, c.new, 1)
			if src == b {
				t.Fatalf("edit %q not applied", c.old)
			}
			_, err := Parse("bad.yaml", []byte(src))
			var te *Error
			if !errors.As(err, &te) {
				t.Fatalf("got %v, want a positioned error", err)
			}
			if got := fmt.Sprintf("%d:%d", te.Line, te.Col); c.pos != "" && got != c.pos && !(c.name == "yaml syntax") {
				t.Errorf("position %s, want %s (%v)", got, c.pos, err)
			}
			if c.field != "" && te.Field != c.field {
				t.Errorf("field %q, want %q (%v)", te.Field, c.field, err)
			}
			if !strings.Contains(te.Msg, c.msg) {
				t.Errorf("message %q lacks %q", te.Msg, c.msg)
			}
			if !strings.HasPrefix(err.Error(), "bad.yaml:") || !strings.Contains(err.Error(), ": error: ") {
				t.Errorf("error text %q is not file:line:col: error: ...", err)
			}
		})
	}
}

// TestNewSoCIsAFile: a new target needs a file and no code.
func TestNewSoCIsAFile(t *testing.T) {
	src := strings.Replace(base, "    source: s\n    kind: quoted\n    operands:\n      input: [u8]",
		"    source: s\n    kind: quoted\n    operands:\n      input: [u8, u16, f16]", 1)
	src = strings.Replace(src, "name: test-soc", "name: qnn-htp-v99", 1)
	file := filepath.Join(t.TempDir(), "qnn-htp-v99.yaml")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	tg, err := LoadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if tg.Name != "qnn-htp-v99" || tg.File != file {
		t.Errorf("name %q file %q", tg.Name, tg.File)
	}
	if !tg.AcceptsOp("core.conv2d", "input", "f16") || tg.AcceptsOp("core.conv2d", "weight", "f16") {
		t.Error("Accepts does not follow the file")
	}
	if tg.MemoryBandwidth.Value != 10e9 {
		t.Errorf("bandwidth %g bytes/s, want 1e10", tg.MemoryBandwidth.Value)
	}
	if r := tg.QuantRules("activation"); len(r) != 1 || r[0].Symmetric {
		t.Errorf("activation rules %+v", r)
	}
	if !strings.Contains(tg.Markdown(), "## qnn-htp-v99") {
		t.Error("Markdown lacks the new target")
	}
}

// Cost-based partitioning names the first figure a file lacks, at the
// section missing it or at the file's start.
func TestCostBasedFigures(t *testing.T) {
	for _, n := range []string{"trt-orin", "qnn-htp-v75"} {
		tg, err := Load(n)
		if err != nil {
			t.Fatal(err)
		}
		if err := tg.CostBasedFigures(); err != nil {
			t.Errorf("%s: %v", n, err)
		}
		h := tg.HostCPU
		if h == nil || h.Peak["f32"].Value <= 0 || h.MemoryBandwidth.Value <= 0 {
			t.Fatalf("%s: host CPU figures missing: %+v", n, h)
		}
		if tg.Cost.TransferBandwidth.Value > h.MemoryBandwidth.Value {
			t.Errorf("%s: transfers faster than the memory they go through", n)
		}
	}
	orin, _ := Load("trt-orin")
	if got := orin.HostCPU.Peak["f32"].Value; got != 422.4e9 {
		t.Errorf("trt-orin host f32 peak %g, want 12 × 2.2 GHz × 16 = 422.4e9", got)
	}
	tg, err := Parse("base.yaml", []byte(base))
	if err != nil {
		t.Fatal(err)
	}
	var te *Error
	if err := tg.CostBasedFigures(); !errors.As(err, &te) || te.Field != "peak_ops" || te.Line != 1 {
		t.Errorf("base file: got %v, want peak_ops missing at line 1", err)
	}
	withCost := strings.Replace(base, "gates:\n", "peak_ops:\n  i8: {value: 1, unit: TOPS, source: s, kind: quoted}\n"+
		"host_cpu:\n  name: c\n  source: s\n  kind: quoted\n  peak_ops:\n    f32: {value: 1, unit: GFLOPS, source: s, kind: quoted}\n"+
		"  memory_bandwidth: {value: 1, unit: GB/s, source: s, kind: quoted}\n"+
		"cost:\n  transfer_latency: {value: 1, unit: us, source: s, kind: quoted}\ngates:\n", 1)
	tg, err = Parse("c.yaml", []byte(withCost))
	if err != nil {
		t.Fatal(err)
	}
	err = tg.CostBasedFigures()
	if !errors.As(err, &te) || te.Field != "cost.transfer_bandwidth" || te.Line != 43 || te.Col != 1 {
		t.Errorf("got %v, want cost.transfer_bandwidth missing at c.yaml:43:1", err)
	}
	if !strings.HasPrefix(fmt.Sprint(err), "c.yaml:43:1: error: field 'cost.transfer_bandwidth': missing: cost-based partitioning") {
		t.Errorf("error text %q", err)
	}
}

func TestDocsAreCurrent(t *testing.T) {
	got, err := os.ReadFile("../../docs/targets.md")
	if err != nil {
		t.Fatalf("docs/targets.md is missing: run `make docs` (%v)", err)
	}
	want, err := Docs()
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Fatal("docs/targets.md is stale: run `make docs`")
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(base))
	for _, n := range List() {
		data, _ := builtin.ReadFile("targets/" + n + ".yaml")
		f.Add(data)
	}
	f.Add([]byte("a: &x [*x]"))
	f.Fuzz(func(t *testing.T, data []byte) {
		_, err := Parse("fuzz.yaml", data)
		if err == nil {
			return
		}
		var te *Error
		if !errors.As(err, &te) || te.Line < 1 || te.Col < 1 || !strings.HasPrefix(err.Error(), "fuzz.yaml:") {
			t.Fatalf("unpositioned error %v", err)
		}
	})
}
