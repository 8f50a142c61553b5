package cost

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	"github.com/mlc-go/mlc/lowering/target"
)

// testTarget has round figures so that the expected times are plain
// arithmetic: 1e12 i8 ops/s, 1e11 f32 ops/s, 1e9 bytes/s, 64 KiB on chip,
// 1 us per layer, transfers at 1e8 bytes/s after 2 us.
const testTarget = `name: test-npu
backend: qnn
arch: htp-test
summary: a test target
sources:
  s: a document
devices:
  - name: SM0000
    source: s
    kind: quoted
peak_ops:
  i8: {value: 1, unit: TOPS, source: s, kind: quoted}
  f32: {value: 100, unit: GOPS, source: s, kind: quoted}
memory_bandwidth: {value: 1, unit: GB/s, source: s, kind: quoted}
on_chip_memory:
  name: VTCM
  size: {value: 64, unit: KiB, source: s, kind: quoted}
op_classes:
  conv:
    source: s
    kind: quoted
    operands: {input: [u8, i8], weight: [i8], bias: [i32], result: [u8, i8]}
quantization:
  - {name: a8, role: activation, storage: u8, scheme: asymmetric, granularity: per-tensor, source: s, kind: quoted}
gates: {}
cost:
  layer_overhead: {value: 1, unit: us, source: s, kind: quoted}
  transfer_bandwidth: {value: 0.1, unit: GB/s, source: s, kind: quoted}
  transfer_latency: {value: 2, unit: us, source: s, kind: quoted}
  fuses_epilogues: {value: FUSES, source: s, kind: quoted}
`

func model(t testing.TB, fuses bool) *Model {
	t.Helper()
	src := strings.Replace(testTarget, "FUSES", map[bool]string{true: "true", false: "false"}[fuses], 1)
	tg, err := target.Parse("test.yaml", []byte(src))
	require.NoError(t, err)
	m, err := New(tg)
	require.NoError(t, err)
	return m
}

func parseFunc(t testing.TB, src string) *ir.Operation {
	t.Helper()
	module, err := asm.Parse(all.NewContext(), "t.mlir", []byte(src), 1)
	require.NoError(t, err)
	require.NoError(t, ir.Verify(module))
	var fn *ir.Operation
	ir.Walk(module, func(o *ir.Operation) {
		if o.Name() == "func.func" {
			fn = o
		}
	})
	require.NotNil(t, fn)
	return fn
}

// A 3x3 conv (4 -> 8 channels, 16x16) with bias, then relu.
const convRelu = `func.func @main(%x: tensor<1x4x16x16xf32>) -> tensor<1x8x16x16xf32> {
  %w = core.constant dense<0.5> : tensor<8x4x3x3xf32>
  %b = core.constant dense<0.0> : tensor<8xf32>
  %y = core.conv2d %x, %w, %b {dilations = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>} : (tensor<1x4x16x16xf32>, tensor<8x4x3x3xf32>, tensor<8xf32>) -> tensor<1x8x16x16xf32>
  %r = core.relu %y : tensor<1x8x16x16xf32>
  func.return %r : tensor<1x8x16x16xf32>
}`

func opCost(t *testing.T, r *Report, name string) *OpCost {
	t.Helper()
	for i := range r.Ops {
		if r.Ops[i].Op.Name() == name {
			return &r.Ops[i]
		}
	}
	t.Fatalf("no %s in the report", name)
	return nil
}

func TestConvWorkAndTime(t *testing.T) {
	fn := parseFunc(t, convRelu)
	r, err := Estimate(model(t, false), fn, Options{Boundary: true})
	require.NoError(t, err)
	c := opCost(t, r, "core.conv2d")
	out := int64(1 * 8 * 16 * 16)
	require.Equal(t, out*4*3*3, c.MACs)
	require.Equal(t, "f32", c.Precision)
	require.Equal(t, "conv", c.Class)
	require.Equal(t, int64(8*4*3*3*4+8*4), c.WeightBytes)
	// Both activations (4 KiB in, 8 KiB out) fit in half of the 64 KiB.
	require.Equal(t, c.WeightBytes, c.DRAMBytes)
	require.InDelta(t, float64(2*c.MACs)/1e11, c.Compute, 1e-15)
	require.InDelta(t, float64(c.DRAMBytes)/1e9, c.Memory, 1e-15)
	require.InDelta(t, 1e-6, c.Overhead, 1e-15)
	require.Equal(t, "compute", c.Bound())
	relu := opCost(t, r, "core.relu")
	require.Equal(t, out, relu.Ops)
	require.False(t, relu.Fused)
	require.Equal(t, 2, r.Layers)
	// The constants are free.
	require.True(t, opCost(t, r, "core.constant").Free)
	require.Equal(t, 0.0, opCost(t, r, "core.constant").Time())
	require.Equal(t, int64(4*16*16*4+8*16*16*4), r.TransferBytes)
	want := c.Time() + relu.Time() + 2*2e-6 + float64(r.TransferBytes)/1e8
	require.InDelta(t, want, r.Total, 1e-12)
	require.Equal(t, "main", r.Func)
}

func TestAsIfPrecisionScalesComputeAndBytes(t *testing.T) {
	fn := parseFunc(t, convRelu)
	f32, err := Estimate(model(t, false), fn, Options{})
	require.NoError(t, err)
	i8, err := Estimate(model(t, false), fn, Options{AsIf: "i8"})
	require.NoError(t, err)
	a, b := opCost(t, f32, "core.conv2d"), opCost(t, i8, "core.conv2d")
	require.Equal(t, "i8", b.Precision)
	require.Equal(t, a.MACs, b.MACs)
	require.Equal(t, a.WeightBytes/4, b.WeightBytes)
	require.InDelta(t, a.Compute/10, b.Compute, 1e-15)
	// f16 has no peak in the file: it is priced at the f32 rate, the
	// narrowest at least as wide, and the report says so.
	f16, err := Estimate(model(t, false), fn, Options{AsIf: "f16"})
	require.NoError(t, err)
	c := opCost(t, f16, "core.conv2d")
	require.Equal(t, "f16", c.Precision)
	require.Equal(t, "f32", c.RateOf)
	require.InDelta(t, a.Compute, c.Compute, 1e-15)
	require.Equal(t, a.WeightBytes/2, c.WeightBytes)
	// Nothing in the file is as wide as i64: the error names what it has.
	_, err = Estimate(model(t, false), fn, Options{AsIf: "i64"})
	var np *NoPeakError
	require.ErrorAs(t, err, &np)
	require.Contains(t, err.Error(), "no peak rate for i64 (peak_ops has: i8, f32)")
	var d *ir.Diagnostic
	require.ErrorAs(t, err, &d)
	require.Contains(t, d.Loc.String(), "t.mlir")
}

func TestEpilogueFusion(t *testing.T) {
	fn := parseFunc(t, convRelu)
	r, err := Estimate(model(t, true), fn, Options{})
	require.NoError(t, err)
	relu := opCost(t, r, "core.relu")
	require.True(t, relu.Fused)
	require.Equal(t, 0.0, relu.Overhead)
	require.Equal(t, 1, r.Layers)
	// The conv's result never reaches memory, so neither writes nor reads it.
	conv := opCost(t, r, "core.conv2d")
	for _, tn := range conv.Tensors {
		if tn.Out {
			require.True(t, tn.Value.HasOneUse())
		}
	}
	// A conv result with two users is written: nothing fuses.
	two := strings.Replace(convRelu, "func.return %r : tensor<1x8x16x16xf32>",
		"%s = core.add %r, %y : (tensor<1x8x16x16xf32>, tensor<1x8x16x16xf32>) -> tensor<1x8x16x16xf32>\n  func.return %s : tensor<1x8x16x16xf32>", 1)
	r, err = Estimate(model(t, true), parseFunc(t, two), Options{})
	require.NoError(t, err)
	require.False(t, opCost(t, r, "core.relu").Fused)
	require.False(t, opCost(t, r, "core.add").Fused, "the add reads the conv result, which has two users")
}

func TestLargeActivationsGoToMemory(t *testing.T) {
	src := `func.func @main(%x: tensor<1x64x64x64xf32>) -> tensor<1x64x64x64xf32> {
  %r = core.relu %x : tensor<1x64x64x64xf32>
  func.return %r : tensor<1x64x64x64xf32>
}`
	r, err := Estimate(model(t, false), parseFunc(t, src), Options{})
	require.NoError(t, err)
	c := opCost(t, r, "core.relu")
	n := int64(64 * 64 * 64 * 4)
	require.Equal(t, 2*n, c.DRAMBytes)
	require.Equal(t, "memory", c.Bound())
}

func TestMatmulPoolReduceMovement(t *testing.T) {
	src := `func.func @main(%x: tensor<1x8x4x4xf32>, %a: tensor<2x3x5xf32>, %b: tensor<2x5x7xf32>) -> (tensor<1x8x2x2xf32>, tensor<2x3x7xf32>, tensor<1x8x1x1xf32>, tensor<8x1x4x4xf32>) {
  %p = core.max_pool2d %x {dilations = array<i64: 1, 1>, kernel = array<i64: 2, 2>, padding = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>} : (tensor<1x8x4x4xf32>) -> tensor<1x8x2x2xf32>
  %m = core.matmul %a, %b : (tensor<2x3x5xf32>, tensor<2x5x7xf32>) -> tensor<2x3x7xf32>
  %s = core.reduce_mean %x {axes = array<i64: 2, 3>, keepdims = true} : (tensor<1x8x4x4xf32>) -> tensor<1x8x1x1xf32>
  %t = core.transpose %x {perm = array<i64: 1, 0, 2, 3>} : (tensor<1x8x4x4xf32>) -> tensor<8x1x4x4xf32>
  func.return %p, %m, %s, %t : tensor<1x8x2x2xf32>, tensor<2x3x7xf32>, tensor<1x8x1x1xf32>, tensor<8x1x4x4xf32>
}`
	r, err := Estimate(model(t, false), parseFunc(t, src), Options{})
	require.NoError(t, err)
	require.Equal(t, int64(1*8*2*2*2*2), opCost(t, r, "core.max_pool2d").Ops)
	require.Equal(t, int64(2*3*7*5), opCost(t, r, "core.matmul").MACs)
	require.Equal(t, int64(1*8*4*4), opCost(t, r, "core.reduce_mean").Ops)
	tr := opCost(t, r, "core.transpose")
	require.Equal(t, int64(0), tr.Operations())
	require.Equal(t, int64(2*8*4*4*4), tr.ActivationBytes())
	require.False(t, tr.Free)
	byClass := map[string]ClassTotal{}
	for _, c := range r.ByClass() {
		byClass[c.Class] = c
	}
	require.Equal(t, 1, byClass["data_movement"].Layers)
	require.Equal(t, int64(2*3*7*5), byClass["matmul"].MACs)
}

func TestPrecisionOfQuantizedAndAnnotatedOps(t *testing.T) {
	src := `func.func @main(%x: tensor<1x4x8x8x!quant.uniform<u8:f32, 0.1:3>>, %w: tensor<8x4x1x1x!quant.uniform<i8:f32, 0.2>>, %f: tensor<4xf32>) -> (tensor<1x8x8x8x!quant.uniform<u8:f32, 0.3:5>>, tensor<4xf32>) {
  %y = core.conv2d %x, %w {dilations = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x4x8x8x!quant.uniform<u8:f32, 0.1:3>>, tensor<8x4x1x1x!quant.uniform<i8:f32, 0.2>>) -> tensor<1x8x8x8x!quant.uniform<u8:f32, 0.3:5>>
  %n = core.neg %f {mlc.precision = "i8"} : tensor<4xf32>
  func.return %y, %n : tensor<1x8x8x8x!quant.uniform<u8:f32, 0.3:5>>, tensor<4xf32>
}`
	fn := parseFunc(t, src)
	r, err := Estimate(model(t, false), fn, Options{AsIf: "f32"})
	require.NoError(t, err)
	conv := opCost(t, r, "core.conv2d")
	require.Equal(t, "u8", conv.Precision)
	// u8 runs at the file's i8 rate.
	require.InDelta(t, float64(2*conv.MACs)/1e12, conv.Compute, 1e-18)
	require.Equal(t, int64(4*8*8+8*4+8*8*8), conv.ActivationBytes())
	require.Equal(t, "i8", opCost(t, r, "core.neg").Precision)
}

func TestQuantCastsAndViews(t *testing.T) {
	src := `func.func @main(%x: tensor<2x8xf32>) -> tensor<16xf32> {
  %q = quant.qcast %x : tensor<2x8xf32> to tensor<2x8x!quant.uniform<i8:f32, 0.1>>
  %r = core.reshape %q : (tensor<2x8x!quant.uniform<i8:f32, 0.1>>) -> tensor<16x!quant.uniform<i8:f32, 0.1>>
  %d = quant.dcast %r : tensor<16x!quant.uniform<i8:f32, 0.1>> to tensor<16xf32>
  func.return %d : tensor<16xf32>
}`
	r, err := Estimate(model(t, false), parseFunc(t, src), Options{})
	require.NoError(t, err)
	q := opCost(t, r, "quant.qcast")
	require.Equal(t, "quant", q.Class)
	require.Equal(t, "i8", q.Precision)
	require.Equal(t, int64(16), q.Ops)
	require.Equal(t, int64(16*4+16), q.ActivationBytes())
	require.True(t, opCost(t, r, "core.reshape").Free)
	require.Equal(t, 2, r.Layers)
}

func TestUnpricedOpsAreListed(t *testing.T) {
	src := `func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = "test.mystery"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %y : tensor<4xf32>
}`
	ctx := all.NewContext()
	ctx.AllowUnregistered = true
	module, err := asm.Parse(ctx, "t.mlir", []byte(src), 1)
	require.NoError(t, err)
	fn := module.Region(0).Blocks()[0].First()
	_, err = Estimate(model(t, false), fn, Options{})
	var ue *UnpricedError
	require.ErrorAs(t, err, &ue)
	require.Contains(t, err.Error(), "'test.mystery'")
}

func TestModelNeedsBandwidthAndPeaks(t *testing.T) {
	src := strings.Replace(testTarget, "FUSES", "true", 1)
	noBW := strings.Replace(src, "memory_bandwidth: {value: 1, unit: GB/s, source: s, kind: quoted}\n", "", 1)
	tg, err := target.Parse("nobw.yaml", []byte(noBW))
	require.NoError(t, err)
	_, err = New(tg)
	require.ErrorContains(t, err, "no memory_bandwidth")
	noPeak := strings.Replace(src, "peak_ops:\n  i8: {value: 1, unit: TOPS, source: s, kind: quoted}\n  f32: {value: 100, unit: GOPS, source: s, kind: quoted}\n", "", 1)
	tg, err = target.Parse("nopeak.yaml", []byte(noPeak))
	require.NoError(t, err)
	_, err = New(tg)
	require.ErrorContains(t, err, "no peak_ops")
}

func TestTransfer(t *testing.T) {
	m := model(t, false)
	s, err := m.Transfer(1000)
	require.NoError(t, err)
	require.InDelta(t, 2e-6+1000/1e8, s, 1e-15)
	_, err = m.Transfer(-1)
	require.Error(t, err)
	noXfer := strings.Replace(strings.Replace(testTarget, "FUSES", "true", 1),
		"  transfer_latency: {value: 2, unit: us, source: s, kind: quoted}\n", "", 1)
	tg, err := target.Parse("t.yaml", []byte(noXfer))
	require.NoError(t, err)
	m2, err := New(tg)
	require.NoError(t, err)
	_, err = m2.Transfer(10)
	require.ErrorContains(t, err, "transfer_latency")
}

// Every built-in target with the figures the model needs builds one, and
// every op class of lowering/target has a work rule.
func TestBuiltinTargetsAndClasses(t *testing.T) {
	for _, n := range target.List() {
		tg, err := target.Load(n)
		require.NoError(t, err)
		if tg.MemoryBandwidth == nil || len(tg.Peak) == 0 {
			continue
		}
		_, err = New(tg)
		require.NoError(t, err, n)
	}
	for _, c := range target.OpClasses {
		require.NotNil(t, classWork[c.Name], c.Name)
	}
}

func TestWriteReport(t *testing.T) {
	r, err := Estimate(model(t, true), parseFunc(t, convRelu), Options{})
	require.NoError(t, err)
	var b bytes.Buffer
	Write(&b, r, true)
	out := b.String()
	require.Contains(t, out, "Cost estimate of @main on test-npu (an estimate, not a measurement)")
	require.Contains(t, out, "total: 1 layers")
	require.Contains(t, out, "core.relu unary f32")
	require.Contains(t, out, "fused")
}

// A partition of some of a function's ops pays for what crosses into and
// out of it; constants stay with it.
func TestEstimateOpsBoundary(t *testing.T) {
	fn := parseFunc(t, convRelu)
	var conv, relu *ir.Operation
	ir.Walk(fn, func(o *ir.Operation) {
		switch o.Name() {
		case "core.conv2d":
			conv = o
		case "core.relu":
			relu = o
		}
	})
	m := model(t, true)
	r, err := EstimateOps(m, []*ir.Operation{relu}, Options{Boundary: true})
	require.NoError(t, err)
	act := int64(8 * 16 * 16 * 4)
	require.Equal(t, 2*act, r.TransferBytes, "the conv result in, the relu result out")
	require.False(t, r.Ops[0].Fused, "its producer runs elsewhere")
	r, err = EstimateOps(m, []*ir.Operation{conv}, Options{Boundary: true})
	require.NoError(t, err)
	require.Equal(t, int64(4*16*16*4)+act, r.TransferBytes, "the input in, the conv result out; the weights stay")
	want, err := m.Transfer(int64(4 * 16 * 16 * 4))
	require.NoError(t, err)
	out, err := m.Transfer(act)
	require.NoError(t, err)
	require.InDelta(t, want+out, r.Transfer, 1e-15)
}

// QDQ form: casts between two layers carry encodings and are free; casts
// of constants are folded; the float tensors of an op with mlc.precision
// move in that precision.
func TestQDQFormCosts(t *testing.T) {
	src := `func.func @main(%x: tensor<1x4x8x8xf32>) -> tensor<1x8x8x8xf32> {
  %wq = core.constant dense<1> : tensor<8x4x1x1xi8>
  %ws = quant.scast %wq : tensor<8x4x1x1xi8> to tensor<8x4x1x1x!quant.uniform<i8:f32, 0.5>>
  %w = quant.dcast %ws : tensor<8x4x1x1x!quant.uniform<i8:f32, 0.5>> to tensor<8x4x1x1xf32>
  %q = quant.qcast %x : tensor<1x4x8x8xf32> to tensor<1x4x8x8x!quant.uniform<u8:f32, 0.1:3>>
  %d = quant.dcast %q : tensor<1x4x8x8x!quant.uniform<u8:f32, 0.1:3>> to tensor<1x4x8x8xf32>
  %y = core.conv2d %d, %w {dilations = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>, mlc.precision = "i8"} : (tensor<1x4x8x8xf32>, tensor<8x4x1x1xf32>) -> tensor<1x8x8x8xf32>
  %yq = quant.qcast %y : tensor<1x8x8x8xf32> to tensor<1x8x8x8x!quant.uniform<u8:f32, 0.2:1>>
  %yd = quant.dcast %yq : tensor<1x8x8x8x!quant.uniform<u8:f32, 0.2:1>> to tensor<1x8x8x8xf32>
  func.return %yd : tensor<1x8x8x8xf32>
}`
	r, err := Estimate(model(t, false), parseFunc(t, src), Options{})
	require.NoError(t, err)
	var layers []string
	for i := range r.Ops {
		c := &r.Ops[i]
		if !c.Free {
			layers = append(layers, c.Op.Name())
		}
		if c.Folded {
			require.Equal(t, "quant", c.Class, c.Op.Name())
		}
	}
	// The input's quantize and the output's dequantize are layers; the
	// casts between them and the weight's casts are not.
	require.Equal(t, []string{"quant.qcast", "core.conv2d", "quant.dcast"}, layers)
	conv := opCost(t, r, "core.conv2d")
	require.Equal(t, "i8", conv.Precision)
	require.Equal(t, int64(8*4), conv.WeightBytes, "the dequantized weight, moved as i8")
	require.Equal(t, int64(4*8*8+8*8*8), conv.ActivationBytes())
}

// A vendor dialect prices its ops by registering a work function that
// computes their arithmetic and lets NewWork count the bytes.
func init() {
	Register("test.fc", func(op *ir.Operation, asIf string) (Work, error) {
		out, err := elements(op.Result(0))
		if err != nil {
			return Work{}, err
		}
		in, err := shapeOf(op.Operand(0))
		if err != nil {
			return Work{}, err
		}
		return NewWork(op, "matmul", out*in[len(in)-1], 0, asIf)
	})
}

func TestRegisteredVendorOp(t *testing.T) {
	src := `func.func @main(%x: tensor<2x16xf32>) -> tensor<2x4xf32> {
  %w = core.constant dense<1.0> : tensor<4x16xf32>
  %y = "test.fc"(%x, %w) : (tensor<2x16xf32>, tensor<4x16xf32>) -> tensor<2x4xf32>
  %r = core.relu %y : tensor<2x4xf32>
  func.return %r : tensor<2x4xf32>
}`
	ctx := all.NewContext()
	ctx.AllowUnregistered = true
	module, err := asm.Parse(ctx, "t.mlir", []byte(src), 1)
	require.NoError(t, err)
	fn := module.Region(0).Blocks()[0].First()
	r, err := Estimate(model(t, true), fn, Options{AsIf: "i8"})
	require.NoError(t, err)
	fc := opCost(t, r, "test.fc")
	require.Equal(t, int64(2*4*16), fc.MACs)
	require.Equal(t, "i8", fc.Precision)
	require.Equal(t, int64(4*16), fc.WeightBytes)
	require.True(t, opCost(t, r, "core.relu").Fused, "a vendor matmul takes the epilogue too")
	require.Panics(t, func() { Register("test.fc", nil) })
}

// In QDQ form an epilogue still fuses through the encoding casts between
// it and its conv.
func TestEpilogueFusionThroughEncodings(t *testing.T) {
	src := `func.func @main(%x: tensor<1x4x8x8xf32>) -> tensor<1x8x8x8xf32> {
  %w = core.constant dense<0.5> : tensor<8x4x1x1xf32>
  %y = core.conv2d %x, %w {dilations = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>, mlc.precision = "i8"} : (tensor<1x4x8x8xf32>, tensor<8x4x1x1xf32>) -> tensor<1x8x8x8xf32>
  %yq = quant.qcast %y : tensor<1x8x8x8xf32> to tensor<1x8x8x8x!quant.uniform<i8:f32, 0.2>>
  %yd = quant.dcast %yq : tensor<1x8x8x8x!quant.uniform<i8:f32, 0.2>> to tensor<1x8x8x8xf32>
  %r = core.relu %yd {mlc.precision = "i8"} : tensor<1x8x8x8xf32>
  func.return %r : tensor<1x8x8x8xf32>
}`
	r, err := Estimate(model(t, true), parseFunc(t, src), Options{})
	require.NoError(t, err)
	require.True(t, opCost(t, r, "quant.qcast").Free)
	require.True(t, opCost(t, r, "quant.dcast").Free)
	require.True(t, opCost(t, r, "core.relu").Fused)
	require.Equal(t, 1, r.Layers)
}

// hostCPU gives testTarget a CPU of 10 GOPS in f32 and 40 GOPS in i8 with
// 2 GB/s of memory bandwidth.
const hostCPU = `host_cpu:
  name: a test CPU
  source: s
  kind: quoted
  peak_ops:
    f32: {value: 10, unit: GFLOPS, source: s, kind: quoted}
    i8: {value: 40, unit: GOPS, source: s, kind: quoted}
  memory_bandwidth: {value: 2, unit: GB/s, source: s, kind: quoted}
`

// The host model prices the same work from the host_cpu figures: no
// overhead, no fusion, no on-chip memory, no transfers.
func TestHostModel(t *testing.T) {
	tg, err := target.Parse("test.yaml", []byte(strings.Replace(testTarget, "FUSES", "true", 1)+hostCPU))
	require.NoError(t, err)
	host, err := NewHost(tg)
	require.NoError(t, err)
	require.Equal(t, "cpu", host.Device)
	fn := parseFunc(t, convRelu)
	r, err := Estimate(host, fn, Options{})
	require.NoError(t, err)
	c, relu := opCost(t, r, "core.conv2d"), opCost(t, r, "core.relu")
	require.Equal(t, "cpu", r.Target)
	require.InDelta(t, float64(2*c.MACs)/10e9, c.Compute, 1e-15)
	require.Equal(t, 0.0, c.Overhead)
	require.False(t, relu.Fused, "the CPU runs one kernel per op")
	// No on-chip memory: both activations of the relu cross the memory interface.
	require.Equal(t, int64(2*8*16*16*4), relu.DRAMBytes)
	require.InDelta(t, c.Time()+relu.Time(), r.Total, 1e-15)
	peak, of, err := host.Peak("u8")
	require.NoError(t, err)
	require.Equal(t, 40e9, peak)
	require.Equal(t, "i8", of)
	_, _, err = host.Peak("f64")
	require.ErrorContains(t, err, "(host_cpu.peak_ops has: i8, f32)")

	_, err = NewHost(model(t, false).Target)
	require.ErrorContains(t, err, "gives no host_cpu")

	// A per-op overhead, when the file gives one, is added to every op
	// the CPU runs.
	withOverhead := strings.Replace(testTarget, "FUSES", "true", 1) + hostCPU +
		"  op_overhead: {value: 3, unit: us, source: s, kind: quoted}\n"
	tg, err = target.Parse("test.yaml", []byte(withOverhead))
	require.NoError(t, err)
	host, err = NewHost(tg)
	require.NoError(t, err)
	r2, err := Estimate(host, fn, Options{})
	require.NoError(t, err)
	require.InDelta(t, r.Total+2*3e-6, r2.Total, 1e-15)
}

// A placement weighs the accelerator with transfers against the CPU
// without; a file lacking a figure it needs is a positioned error.
func TestPlacement(t *testing.T) {
	tg, err := target.Parse("test.yaml", []byte(strings.Replace(testTarget, "FUSES", "true", 1)+hostCPU))
	require.NoError(t, err)
	p, err := NewPlacement(tg)
	require.NoError(t, err)
	fn := parseFunc(t, convRelu)
	var ops []*ir.Operation
	for _, o := range fn.Region(0).Front().Ops() {
		if !o.HasTrait(ir.Terminator) {
			ops = append(ops, o)
		}
	}
	onTarget, onCPU, err := p.Estimate(ops)
	require.NoError(t, err)
	acc, err := EstimateOps(p.Accelerator, ops, Options{Boundary: true})
	require.NoError(t, err)
	cpu, err := EstimateOps(p.CPU, ops, Options{})
	require.NoError(t, err)
	require.Equal(t, acc.Total, onTarget)
	require.Equal(t, cpu.Total, onCPU)
	require.Greater(t, acc.Transfer, 0.0)
	require.Equal(t, 0.0, cpu.Transfer)

	_, err = NewPlacement(model(t, false).Target)
	var te *target.Error
	require.ErrorAs(t, err, &te)
	require.Equal(t, "host_cpu", te.Field)
}
