package trt

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math"
	"math/rand"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/dialects/core"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/interp"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	"github.com/mlc-go/mlc/lowering/quantize"
	"github.com/mlc-go/mlc/lowering/target"
)

// model writes small test IR with random constants and generous mlc.calib
// ranges (their values do not matter: both sides use the same encodings).
type model struct {
	rng *rand.Rand
	b   strings.Builder
	n   int
}

func shapeText(shape []int64, elem string) string {
	parts := make([]string, len(shape))
	for i, d := range shape {
		parts[i] = fmt.Sprint(d)
	}
	if len(parts) == 0 {
		return "tensor<" + elem + ">"
	}
	return "tensor<" + strings.Join(parts, "x") + "x" + elem + ">"
}

func (m *model) constant(shape ...int64) string {
	n := int64(1)
	for _, d := range shape {
		n *= d
	}
	raw := make([]byte, 4*n)
	for i := int64(0); i < n; i++ {
		binary.LittleEndian.PutUint32(raw[4*i:], math.Float32bits(float32(2*m.rng.Float64()-1)))
	}
	m.n++
	v := fmt.Sprintf("%%c%d", m.n)
	fmt.Fprintf(&m.b, "  %s = core.constant dense<\"0x%s\"> : %s\n", v, strings.ToUpper(hex.EncodeToString(raw)), shapeText(shape, "f32"))
	return v
}

// op writes one op line with a calib range; text has the op and operands,
// sig its functional type.
func (m *model) op(text, sig string, lo, hi float64) string {
	m.n++
	v := fmt.Sprintf("%%v%d", m.n)
	attrs := fmt.Sprintf("mlc.calib = [array<f64: %g, %g>]", lo, hi)
	if i := strings.Index(text, "{"); i >= 0 {
		text = text[:i+1] + attrs + ", " + text[i+1:]
	} else {
		text += " {" + attrs + "}"
	}
	fmt.Fprintf(&m.b, "  %s = %s : %s\n", v, text, sig)
	return v
}

// residualNet: conv, relu, conv, residual add, relu, max pool, flatten,
// matmul with a constant weight, bias add.
func residualNet(seed int64) string {
	m := &model{rng: rand.New(rand.NewSource(seed))}
	x := shapeText([]int64{1, 4, 8, 8}, "f32")
	w1, b1 := m.constant(4, 4, 3, 3), m.constant(4)
	c1 := m.op("core.conv2d %arg0, "+w1+", "+b1+" {padding = array<i64: 1, 1, 1, 1>}", "("+x+", tensor<4x4x3x3xf32>, tensor<4xf32>) -> "+x, -6, 6)
	r1 := m.op("core.relu "+c1, x, 0, 6)
	w2, b2 := m.constant(4, 4, 3, 3), m.constant(4)
	c2 := m.op("core.conv2d "+r1+", "+w2+", "+b2+" {padding = array<i64: 1, 1, 1, 1>}", "("+x+", tensor<4x4x3x3xf32>, tensor<4xf32>) -> "+x, -6, 6)
	a := m.op("core.add "+c2+", "+r1, "("+x+", "+x+") -> "+x, -8, 8)
	r2 := m.op("core.relu "+a, x, 0, 8)
	p := m.op("core.max_pool2d "+r2+" {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>}", "("+x+") -> tensor<1x4x4x4xf32>", 0, 8)
	f := m.op("core.reshape "+p, "(tensor<1x4x4x4xf32>) -> tensor<1x64xf32>", 0, 8)
	wm := m.constant(64, 5)
	mm := m.op("core.matmul "+f+", "+wm, "(tensor<1x64xf32>, tensor<64x5xf32>) -> tensor<1x5xf32>", -20, 20)
	bm := m.constant(5)
	o := m.op("core.add "+mm+", "+bm, "(tensor<1x5xf32>, tensor<5xf32>) -> tensor<1x5xf32>", -20, 20)
	return "func.func @main(%arg0: " + x + " {mlc.calib = array<f64: -2.0, 2.0>}) -> tensor<1x5xf32> {\n" +
		m.b.String() + "  return " + o + " : tensor<1x5xf32>\n}\n"
}

func testTarget(t *testing.T, name string) *target.Target {
	t.Helper()
	var tg *target.Target
	var err error
	if strings.HasSuffix(name, ".yaml") {
		tg, err = target.LoadFile(name)
	} else {
		tg, err = target.Load(name)
	}
	require.NoError(t, err)
	return tg
}

func mainFunc(t *testing.T, m *ir.Operation) *ir.Operation {
	t.Helper()
	fn, err := interp.LookupFunc(m, "main")
	require.NoError(t, err)
	return fn
}

func randomInputs(t *testing.T, fn *ir.Operation, seed int64) []*tensor.Tensor {
	t.Helper()
	rng := rand.New(rand.NewSource(seed))
	ft := fn.InherentAttr("function_type").(*ir.TypeAttr).Type.(*ir.FunctionType)
	var ins []*tensor.Tensor
	for _, in := range ft.Inputs {
		shape := in.(*ir.RankedTensorType).Shape
		x, err := tensor.Alloc(tensor.F32, shape)
		require.NoError(t, err)
		for i := range x.Float32s() {
			x.Float32s()[i] = float32(4*rng.Float64() - 2)
		}
		ins = append(ins, x)
	}
	return ins
}

// legalizeAndCompare quantizes src for tgt, runs it, legalises it and
// runs it again on the same inputs: the outputs must be equal bit for
// bit (the float layers compute what the core ops compute, and Q/DQ is
// the quant dialect's arithmetic).
func legalizeAndCompare(t *testing.T, src string, tgt *target.Target, residual bool) (*ir.Operation, Stats) {
	t.Helper()
	m, err := asm.Parse(all.NewContext(), "model.mlir", []byte(src), 1)
	require.NoError(t, err)
	fn := mainFunc(t, m)
	_, err = quantize.Run(fn, quantize.Config{Target: tgt})
	require.NoError(t, err)
	if residual {
		assert.Positive(t, PlaceResidualQDQ(fn, tgt))
	}
	require.NoError(t, ir.Verify(m))
	ins := randomInputs(t, fn, 3)
	want, err := interp.RunModule(m, "main", ins)
	require.NoError(t, err)
	st, err := Legalize(fn, tgt)
	require.NoError(t, err)
	require.NoError(t, ir.Verify(m))
	ir.WalkPreOrder(fn, func(o *ir.Operation) ir.WalkResult {
		assert.Contains(t, []string{"trt", "func"}, o.Dialect(), "left: %s", o.Name())
		return ir.Advance
	})
	got, err := interp.RunModule(m, "main", ins)
	require.NoError(t, err)
	require.Len(t, got, len(want))
	for i := range want {
		w, g := want[i].Values(), got[i].Values()
		require.Equal(t, len(w), len(g))
		for j := range w {
			assert.Equal(t, math.Float64bits(w[j]), math.Float64bits(g[j]), "output %d element %d: %g vs %g", i, j, w[j], g[j])
		}
	}
	return fn, st
}

func count(fn *ir.Operation, name string) int {
	n := 0
	ir.WalkPreOrder(fn, func(o *ir.Operation) ir.WalkResult {
		if o.Name() == name {
			n++
		}
		return ir.Advance
	})
	return n
}

func TestResidualNetTRTOrin(t *testing.T) {
	for _, residual := range []bool{false, true} {
		t.Run(fmt.Sprint("residual=", residual), func(t *testing.T) {
			fn, _ := legalizeAndCompare(t, residualNet(1), testTarget(t, "trt-orin"), residual)
			assert.Equal(t, 2, count(fn, "trt.convolution"))
			assert.Equal(t, 1, count(fn, "trt.matrix_multiply"))
			// conv inputs and weights, matmul input and weight: DQ'd.
			ir.WalkPreOrder(fn, func(o *ir.Operation) ir.WalkResult {
				if o.Name() == "trt.convolution" || o.Name() == "trt.matrix_multiply" {
					for i := 0; i < 2; i++ {
						assert.NotNil(t, throughShuffle(o.Operand(i), "trt.dequantize"), "%s operand %d", o.Name(), i)
					}
				}
				return ir.Advance
			})
		})
	}
}

// throughShuffle finds name defining v, looking through shuffles.
func throughShuffle(v *ir.Value, name string) *ir.Operation {
	for {
		d := v.DefiningOp()
		if d == nil {
			return nil
		}
		if d.Name() == name {
			return d
		}
		if d.Name() != "trt.shuffle" && d.Name() != "trt.cast" {
			return nil
		}
		v = d.Operand(0)
	}
}

// Every core op has a row in the table (or is listed here with why not).
func TestEveryCoreOpHasAMapping(t *testing.T) {
	var missing []string
	for _, d := range core.Dialect.Ops {
		if byCore["core."+d.Name] == nil {
			missing = append(missing, d.Name)
		}
	}
	assert.Empty(t, missing, "core ops without a TensorRT mapping")
}

func randomValue(t *testing.T, rng *rand.Rand, typ ir.Type) *tensor.Tensor {
	t.Helper()
	rt := typ.(*ir.RankedTensorType)
	dt, err := interp.DTypeOf(rt.Elem)
	require.NoError(t, err)
	x, err := tensor.Alloc(dt, rt.Shape)
	require.NoError(t, err)
	vals := make([]float64, x.Len())
	for i := range vals {
		switch {
		case dt == tensor.Bool:
			vals[i] = float64(rng.Intn(2))
		case dt.IsInt():
			vals[i] = float64(rng.Intn(2)) // indices into the smallest dimension used
		default:
			vals[i] = 4*rng.Float64() - 2
		}
	}
	return tensor.MustValues(dt, rt.Shape, vals...)
}

// The table on float ops: each function of testdata/ops.mlir (every row)
// computes the same before and after legalisation, bit for bit except
// rsqrt (sqrt then recip rounds twice: within 1 ulp).
func TestTableRowsKeepMeaning(t *testing.T) {
	src, err := os.ReadFile("testdata/ops.mlir")
	require.NoError(t, err)
	m, err := asm.Parse(all.NewContext(), "testdata/ops.mlir", src, 1)
	require.NoError(t, err)
	tgt := testTarget(t, "../../../lit-tests/lowering/legalize-trt/Inputs/trt-test-int8.yaml")
	rng := rand.New(rand.NewSource(5))
	var fns []*ir.Operation
	ir.WalkPreOrder(m, func(o *ir.Operation) ir.WalkResult {
		if o.Name() == "func.func" {
			fns = append(fns, o)
		}
		return ir.Advance
	})
	inputs := map[*ir.Operation][]*tensor.Tensor{}
	want := map[*ir.Operation][]*tensor.Tensor{}
	for _, fn := range fns {
		ft := fn.InherentAttr("function_type").(*ir.TypeAttr).Type.(*ir.FunctionType)
		for _, in := range ft.Inputs {
			inputs[fn] = append(inputs[fn], randomValue(t, rng, in))
		}
		want[fn], err = interp.Run(fn, inputs[fn])
		require.NoError(t, err)
		_, err = Legalize(fn, tgt)
		require.NoError(t, err)
	}
	require.NoError(t, ir.Verify(m))
	for _, fn := range fns {
		name := fn.InherentAttr("sym_name").(*ir.StringAttr).Value
		got, err := interp.Run(fn, inputs[fn])
		require.NoError(t, err, name)
		for i := range want[fn] {
			w, g := want[fn][i].Values(), got[i].Values()
			for j := range w {
				if name == "unary" {
					assert.InDelta(t, w[j], g[j], 4e-7*math.Abs(w[j])+1e-30, "%s result %d element %d", name, i, j)
					continue
				}
				assert.Equal(t, math.Float64bits(w[j]), math.Float64bits(g[j]), "%s result %d element %d: %g vs %g", name, i, j, w[j], g[j])
			}
		}
	}
}

// branchNet: two conv branches joined by a concatenation, then relu, max
// pooling, transpose, slice, pad and a matmul: the layers through which Q
// and DQ move on a target that runs them in int8.
func branchNet(seed int64) string {
	m := &model{rng: rand.New(rand.NewSource(seed))}
	x := shapeText([]int64{1, 2, 6, 6}, "f32")
	h := shapeText([]int64{1, 3, 6, 6}, "f32")
	w1, w2 := m.constant(3, 2, 3, 3), m.constant(3, 2, 1, 1)
	c1 := m.op("core.conv2d %arg0, "+w1+" {padding = array<i64: 1, 1, 1, 1>}", "("+x+", tensor<3x2x3x3xf32>) -> "+h, -5, 5)
	c2 := m.op("core.conv2d %arg0, "+w2, "("+x+", tensor<3x2x1x1xf32>) -> "+h, -3, 3)
	cat := m.op("core.concat "+c1+", "+c2+" {axis = 1 : i64}", "("+h+", "+h+") -> tensor<1x6x6x6xf32>", -5, 5)
	r := m.op("core.relu "+cat, "tensor<1x6x6x6xf32>", 0, 5)
	p := m.op("core.max_pool2d "+r+" {kernel = array<i64: 3, 3>, strides = array<i64: 2, 2>, padding = array<i64: 1, 1, 1, 1>}", "(tensor<1x6x6x6xf32>) -> tensor<1x6x3x3xf32>", 0, 5)
	tr := m.op("core.transpose "+p+" {perm = array<i64: 0, 2, 3, 1>}", "(tensor<1x6x3x3xf32>) -> tensor<1x3x3x6xf32>", 0, 5)
	sl := m.op("core.slice "+tr+" {starts = array<i64: 0, 1, 0, 0>, limits = array<i64: 1, 3, 3, 6>}", "(tensor<1x3x3x6xf32>) -> tensor<1x2x3x6xf32>", 0, 5)
	pd := m.op("core.pad "+sl+" {low = array<i64: 0, 0, 0, 1>, high = array<i64: 0, 0, 0, 1>}", "(tensor<1x2x3x6xf32>) -> tensor<1x2x3x8xf32>", 0, 5)
	f := m.op("core.reshape "+pd, "(tensor<1x2x3x8xf32>) -> tensor<6x8xf32>", 0, 5)
	wm := m.constant(8, 4)
	mm := m.op("core.matmul "+f+", "+wm, "(tensor<6x8xf32>, tensor<8x4xf32>) -> tensor<6x4xf32>", -10, 10)
	s := m.op("core.sigmoid "+mm, "tensor<6x4xf32>", 0, 1)
	return "func.func @main(%arg0: " + x + " {mlc.calib = array<f64: -2.0, 2.0>}) -> tensor<6x4xf32> {\n" +
		m.b.String() + "  return " + s + " : tensor<6x4xf32>\n}\n"
}

func TestBranchNetInt8Movement(t *testing.T) {
	tgt := testTarget(t, "../../../lit-tests/lowering/legalize-trt/Inputs/trt-test-int8.yaml")
	for seed := int64(1); seed <= 3; seed++ {
		fn, st := legalizeAndCompare(t, branchNet(seed), tgt, false)
		assert.Positive(t, st.Commuted, "seed %d", seed)
		// concatenation, relu, pooling, shuffles and slices run on int8
		// (the sigmoid after the matmul stays float).
		ir.WalkPreOrder(fn, func(o *ir.Operation) ir.WalkResult {
			switch o.Name() {
			case "trt.pooling", "trt.concatenation", "trt.slice", "trt.shuffle":
				assert.Equal(t, "i8", elemName(ir.ElementTypeOf(o.Result(0).Type())), "%s", o.Name())
			case "trt.activation":
				if attrIs("activation_type", "relu")(o) {
					assert.Equal(t, "i8", elemName(ir.ElementTypeOf(o.Result(0).Type())), "relu")
				}
			}
			return ir.Advance
		})
	}
	// trt-orin runs the same net with relu, pooling and the data movement
	// in float, and still computes the same.
	legalizeAndCompare(t, branchNet(1), testTarget(t, "trt-orin"), false)
}

// A float max pooling whose result is quantized for a conv: the quantize
// moves before the pooling, which then pools int8, with the same result.
func TestQuantizeMovesBackward(t *testing.T) {
	src := `func.func @main(%x: tensor<1x2x4x4xf32> {mlc.calib = array<f64: -1.0, 1.0>}) -> tensor<1x2x2x2xf32> {
  %p = core.max_pool2d %x {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, mlc.precision = "f32", mlc.calib = [array<f64: -1.0, 1.0>]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
  %w = core.constant dense<[[[[1.0]], [[0.5]]], [[[-1.0]], [[2.0]]]]> : tensor<2x2x1x1xf32>
  %y = core.conv2d %p, %w {mlc.calib = [array<f64: -2.0, 6.0>]} : (tensor<1x2x2x2xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x2x2xf32>
  return %y : tensor<1x2x2x2xf32>
}`
	fn, st := legalizeAndCompare(t, src, testTarget(t, "../../../lit-tests/lowering/legalize-trt/Inputs/trt-test-int8.yaml"), false)
	assert.Equal(t, 1, st.Commuted)
	ir.WalkPreOrder(fn, func(o *ir.Operation) ir.WalkResult {
		if o.Name() == "trt.pooling" {
			assert.NotNil(t, definedBy(o.Operand(0), "trt.quantize"))
		}
		return ir.Advance
	})
}

func TestDocsCurrent(t *testing.T) {
	got, err := os.ReadFile("../../../docs/legalize-trt.md")
	require.NoError(t, err, "docs/legalize-trt.md is missing: run `make docs`")
	assert.Equal(t, Markdown(), string(got), "docs/legalize-trt.md is stale: run `make docs`")
}

// A residual input that nothing quantizes gets an encoding from its
// calibrated range; the legalised function computes what the placed QDQ
// function computes.
func TestResidualNewEncoding(t *testing.T) {
	src := `func.func @main(%x: tensor<1x2x4x4xf32> {mlc.calib = array<f64: -1.0, 1.0>}) -> tensor<1x2x4x4xf32> {
  %r = core.relu %x {mlc.calib = [array<f64: 0.0, 1.0>]} : tensor<1x2x4x4xf32>
  %w = core.constant dense<[[[[1.0]], [[0.5]]], [[[-1.0]], [[2.0]]]]> : tensor<2x2x1x1xf32>
  %y = core.conv2d %x, %w {mlc.calib = [array<f64: -2.0, 6.0>]} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32>
  %b = core.constant dense<0.5> : tensor<1x2x1x1xf32>
  %yb = core.add %y, %b {mlc.calib = [array<f64: -1.5, 6.5>]} : (tensor<1x2x4x4xf32>, tensor<1x2x1x1xf32>) -> tensor<1x2x4x4xf32>
  %a = core.add %yb, %r {mlc.calib = [array<f64: -1.5, 7.5>]} : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  return %a : tensor<1x2x4x4xf32>
}`
	fn, _ := legalizeAndCompare(t, src, testTarget(t, "trt-orin"), true)
	// Input, conv output and the residual: three quantizes.
	assert.Equal(t, 3, count(fn, "trt.quantize"))
}

// chain is n core ops (relu, add alternating) on a small tensor.
func chain(n int) string {
	var b strings.Builder
	b.WriteString("func.func @main(%a: tensor<1x16xf32>) -> tensor<1x16xf32> {\n")
	prev := "%a"
	for i := 0; i < n/2; i++ {
		fmt.Fprintf(&b, "  %%r%d = core.relu %s : tensor<1x16xf32>\n", i, prev)
		fmt.Fprintf(&b, "  %%s%d = core.add %%r%d, %%a : (tensor<1x16xf32>, tensor<1x16xf32>) -> tensor<1x16xf32>\n", i, i)
		prev = fmt.Sprintf("%%s%d", i)
	}
	fmt.Fprintf(&b, "  return %s : tensor<1x16xf32>\n}\n", prev)
	return b.String()
}

// BenchmarkLegalizeChain: legalisation time per op should not grow with
// the op count (go test -bench LegalizeChain ./lowering/legalize/trt).
func BenchmarkLegalizeChain(b *testing.B) {
	tgt, err := target.Load("trt-orin")
	require.NoError(b, err)
	for _, n := range []int{10000, 100000} {
		src := []byte(chain(n))
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				m, err := asm.Parse(all.NewContext(), "chain.mlir", src, 1)
				require.NoError(b, err)
				fn, err := interp.LookupFunc(m, "main")
				require.NoError(b, err)
				b.StartTimer()
				_, err = Legalize(fn, tgt)
				require.NoError(b, err)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/op-legalized")
		})
	}
}
