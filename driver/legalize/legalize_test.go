package legalize

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/driver/calibrate"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	_ "github.com/mlc-go/mlc/lowering/passes"
	"github.com/mlc-go/mlc/lowering/target"
	"github.com/mlc-go/mlc/rewrite/pass"
)

// gen writes random f32 dense literals for a small model's weights.
type gen struct{ r *rand.Rand }

func (g gen) dense(shape ...int64) string {
	n := int64(1)
	dims := make([]string, len(shape))
	for i, d := range shape {
		n *= d
		dims[i] = fmt.Sprint(d)
	}
	vals := make([]string, n)
	for i := range vals {
		vals[i] = fmt.Sprintf("%.4f", g.r.Float64()*2-1)
	}
	// A flat literal reshaped by core.reshape keeps the text simple.
	return fmt.Sprintf("core.constant dense<[%s]> : tensor<%dxf32>", strings.Join(vals, ", "), n)
}

// constant defines %name as a constant of shape.
func (g gen) constant(name string, shape ...int64) string {
	dims := make([]string, len(shape))
	n := int64(1)
	for i, d := range shape {
		dims[i] = fmt.Sprint(d)
		n *= d
	}
	return fmt.Sprintf("  %%%s_flat = %s\n  %%%s = core.reshape %%%s_flat : (tensor<%dxf32>) -> tensor<%sxf32>\n",
		name, g.dense(shape...), name, name, n, strings.Join(dims, "x"))
}

// cnn is conv+relu, a depthwise conv with clamp, a 1x1 conv added to it
// (residual), max and average pooling, flatten, a dense layer with bias
// and a sigmoid: every layout-sensitive pattern and the folding between.
func cnn(g gen) string {
	var b strings.Builder
	b.WriteString("func.func @main(%x: tensor<1x3x8x8xf32>) -> tensor<1x10xf32> {\n")
	b.WriteString(g.constant("w1", 8, 3, 3, 3))
	b.WriteString(g.constant("b1", 8))
	b.WriteString(g.constant("w2", 8, 1, 3, 3))
	b.WriteString(g.constant("b2", 8))
	b.WriteString(g.constant("w3", 8, 8, 1, 1))
	b.WriteString(g.constant("w4", 8, 10))
	b.WriteString(g.constant("b4", 10))
	b.WriteString(`  %c1 = core.conv2d %x, %w1, %b1 {padding = array<i64: 1, 1, 1, 1>} : (tensor<1x3x8x8xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>) -> tensor<1x8x8x8xf32>
  %r1 = core.relu %c1 : tensor<1x8x8x8xf32>
  %c2 = core.conv2d %r1, %w2, %b2 {groups = 8 : i64, padding = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x8x8x8xf32>, tensor<8x1x3x3xf32>, tensor<8xf32>) -> tensor<1x8x4x4xf32>
  %r2 = core.clamp %c2 min 0.0 max 6.0 : tensor<1x8x4x4xf32>
  %c3 = core.conv2d %r2, %w3 : (tensor<1x8x4x4xf32>, tensor<8x8x1x1xf32>) -> tensor<1x8x4x4xf32>
  %a = core.add %c3, %r2 : (tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %p1 = core.max_pool2d %a {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x8x4x4xf32>) -> tensor<1x8x2x2xf32>
  %p2 = core.avg_pool2d %p1 {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x8x2x2xf32>) -> tensor<1x8x1x1xf32>
  %f = core.reshape %p2 : (tensor<1x8x1x1xf32>) -> tensor<1x8xf32>
  %m = core.matmul %f, %w4 : (tensor<1x8xf32>, tensor<8x10xf32>) -> tensor<1x10xf32>
  %mb = core.add %m, %b4 : (tensor<1x10xf32>, tensor<10xf32>) -> tensor<1x10xf32>
  %y = core.sigmoid %mb : tensor<1x10xf32>
  return %y : tensor<1x10xf32>
}
`)
	return b.String()
}

// attention has activation-by-activation matrix products, a transpose
// that stays (it moves data), a mean over the last axis and a
// subtraction: the non-image ops.
func attention(g gen) string {
	var b strings.Builder
	b.WriteString("func.func @main(%x: tensor<1x4x8xf32>) -> tensor<1x4x8xf32> {\n")
	b.WriteString(g.constant("wq", 8, 8))
	b.WriteString(g.constant("wk", 8, 8))
	b.WriteString(`  %q = core.matmul %x, %wq : (tensor<1x4x8xf32>, tensor<8x8xf32>) -> tensor<1x4x8xf32>
  %k = core.matmul %x, %wk : (tensor<1x4x8xf32>, tensor<8x8xf32>) -> tensor<1x4x8xf32>
  %kt = core.transpose %k {perm = array<i64: 0, 2, 1>} : (tensor<1x4x8xf32>) -> tensor<1x8x4xf32>
  %s = core.matmul %q, %kt : (tensor<1x4x8xf32>, tensor<1x8x4xf32>) -> tensor<1x4x4xf32>
  %t = core.tanh %s : tensor<1x4x4xf32>
  %o = core.matmul %t, %q : (tensor<1x4x4xf32>, tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
  %mu = core.reduce_mean %o {axes = array<i64: 2>, keepdims = true} : (tensor<1x4x8xf32>) -> tensor<1x4x1xf32>
  %d = core.sub %o, %mu : (tensor<1x4x8xf32>, tensor<1x4x1xf32>) -> tensor<1x4x8xf32>
  %y = core.mul %d, %x : (tensor<1x4x8xf32>, tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
  return %y : tensor<1x4x8xf32>
}
`)
	return b.String()
}

// movement is data movement and elementwise math on activations that
// arrive unquantized (quantize moves some of it in f16): reshape,
// transpose, slice, gather, pad, concat, reductions, exp, sqrt, pow and a
// pool in f16.
func movement(gen) string {
	return `func.func @main(%x: tensor<2x3x4xf32>) -> (tensor<4x6xf32>, tensor<2x2x4xf32>, tensor<2x3xf32>, tensor<1x2x1x2xf32>) {
  %r = core.reshape %x : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %t = core.transpose %r {perm = array<i64: 1, 0>} : (tensor<6x4xf32>) -> tensor<4x6xf32>
  %s = core.slice %x {starts = array<i64: 0, 1, 0>, limits = array<i64: 2, 3, 4>} : (tensor<2x3x4xf32>) -> tensor<2x2x4xf32>
  %i = core.constant dense<[2, -1]> : tensor<2xi64>
  %g = core.gather %x, %i {axis = 2 : i64} : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<2x3x2xf32>
  %p = core.pad %g {low = array<i64: 0, 0, 1>, high = array<i64: 0, 0, 0>} : (tensor<2x3x2xf32>) -> tensor<2x3x3xf32>
  %c = core.concat %p, %x {axis = 2 : i64} : (tensor<2x3x3xf32>, tensor<2x3x4xf32>) -> tensor<2x3x7xf32>
  %e = core.exp %c : tensor<2x3x7xf32>
  %q = core.sqrt %e : tensor<2x3x7xf32>
  %two = core.constant dense<2.0> : tensor<f32>
  %w = core.pow %q, %two : (tensor<2x3x7xf32>, tensor<f32>) -> tensor<2x3x7xf32>
  %m = core.reduce_sum %w {axes = array<i64: 2>} : (tensor<2x3x7xf32>) -> tensor<2x3xf32>
  %x4 = core.reshape %x : (tensor<2x3x4xf32>) -> tensor<1x2x3x4xf32>
  %mp = core.max_pool2d %x4 {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x2x3x4xf32>) -> tensor<1x2x1x2xf32>
  return %t, %s, %m, %mp : tensor<4x6xf32>, tensor<2x2x4xf32>, tensor<2x3xf32>, tensor<1x2x1x2xf32>
}
`
}

// reductions after NHWC ops: a spatial mean without keepdims, a channel
// max, and a sum keeping dims, so that the reductions move below the
// layout transposes with their axes renumbered.
func reductions(g gen) string {
	var b strings.Builder
	b.WriteString("func.func @main(%x: tensor<1x3x4x4xf32>) -> (tensor<1x5xf32>, tensor<1x4x4xf32>, tensor<1x5x1x4xf32>) {\n")
	b.WriteString(g.constant("w", 5, 3, 3, 3))
	b.WriteString(`  %c = core.conv2d %x, %w {padding = array<i64: 1, 1, 1, 1>} : (tensor<1x3x4x4xf32>, tensor<5x3x3x3xf32>) -> tensor<1x5x4x4xf32>
  %r = core.relu %c : tensor<1x5x4x4xf32>
  %m = core.reduce_mean %r {axes = array<i64: 2, 3>} : (tensor<1x5x4x4xf32>) -> tensor<1x5xf32>
  %x1 = core.reduce_max %r {axes = array<i64: 1>} : (tensor<1x5x4x4xf32>) -> tensor<1x4x4xf32>
  %s = core.reduce_sum %r {axes = array<i64: 2>, keepdims = true} : (tensor<1x5x4x4xf32>) -> tensor<1x5x1x4xf32>
  return %m, %x1, %s : tensor<1x5xf32>, tensor<1x4x4xf32>, tensor<1x5x1x4xf32>
}
`)
	return b.String()
}

func randomInputs(r *rand.Rand, n int, shape ...int64) [][]*tensor.Tensor {
	out := make([][]*tensor.Tensor, n)
	size := int64(1)
	for _, d := range shape {
		size *= d
	}
	for i := range out {
		v := make([]float32, size)
		for j := range v {
			v[j] = float32(r.NormFloat64())
		}
		x, _ := tensor.FromSlice(tensor.F32, shape, v)
		out[i] = []*tensor.Tensor{x}
	}
	return out
}

// quantized parses src, calibrates it on samples and quantizes it for t
// (quantize, quant-fuse): the quantized core IR legalisation starts from.
func quantized(t *testing.T, src, tgt, precision string, samples [][]*tensor.Tensor) *ir.Operation {
	t.Helper()
	ctx := ir.NewContext()
	all.Register(ctx)
	m, err := asm.ParseFile(ctx, "model.mlir", []byte(src))
	require.NoError(t, err)
	fold, err := pass.ParsePipeline("builtin.module(func.func(canonicalize))")
	require.NoError(t, err)
	require.NoError(t, fold.Run(m, nil))
	ds := &calibrate.Dataset{}
	for _, s := range samples {
		ds.Samples = append(ds.Samples, calibrate.Sample{Inputs: s})
	}
	_, err = calibrate.Calibrate(m, ds, calibrate.Options{})
	require.NoError(t, err)
	pm, err := pass.ParsePipeline("builtin.module(func.func(quantize{target=" + tgt + " precision=" + precision + "},quant-fuse))")
	require.NoError(t, err)
	require.NoError(t, pm.Run(m, nil))
	return m
}

func TestSmallModelsAgreeBitForBit(t *testing.T) {
	tg, err := target.Load("qnn-htp-v73")
	require.NoError(t, err)
	for _, tc := range []struct {
		name, precision string
		src             func(gen) string
		shape           []int64
		// ops that must appear after legalisation
		want []string
		// transposes left (boundaries and data-moving ones)
		transposes int
	}{
		{"cnn", "i8", cnn, []int64{1, 3, 8, 8},
			[]string{"qnn.Conv2d", "qnn.DepthWiseConv2d", "qnn.ReluMinMax", "qnn.ElementWiseAdd", "qnn.PoolMax2d", "qnn.PoolAvg2d", "qnn.FullyConnected", "qnn.Sigmoid"}, 1},
		{"attention", "i8", attention, []int64{1, 4, 8},
			[]string{"qnn.FullyConnected", "qnn.MatMul", "qnn.Tanh", "qnn.ReduceMean", "qnn.ElementWiseSubtract", "qnn.ElementWiseMultiply"}, 1},
		{"movement", "i8", movement, []int64{2, 3, 4},
			[]string{"qnn.Reshape", "qnn.StridedSlice", "qnn.Gather", "qnn.Pad", "qnn.Concat", "qnn.ElementWiseExp",
				"qnn.ElementWiseSquareRoot", "qnn.ElementWisePower", "qnn.ReduceSum", "qnn.PoolMax2d"}, 3},
		{"reductions", "i8", reductions, []int64{1, 3, 4, 4},
			[]string{"qnn.Conv2d", "qnn.ReduceMean", "qnn.ReduceMax", "qnn.ReduceSum"}, 2},
		// 16-bit activations over 8-bit weights (the a16w8 rule): uint16
		// tensors through the same integer kernels.
		{"cnn a16w8", "i16", cnn, []int64{1, 3, 8, 8},
			[]string{"qnn.Conv2d", "qnn.DepthWiseConv2d", "qnn.FullyConnected"}, 1},
		{"attention a16w8", "i16", attention, []int64{1, 4, 8},
			[]string{"qnn.FullyConnected", "qnn.MatMul"}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := rand.New(rand.NewSource(1))
			src := tc.src(gen{r})
			calib := randomInputs(r, 8, tc.shape...)
			m := quantized(t, src, "qnn-htp-v73", tc.precision, calib)
			rep, err := Compare(m, "main", tg, randomInputs(r, 4, tc.shape...))
			require.NoError(t, err)
			for _, op := range tc.want {
				assert.Positive(t, rep.Ops[op], "%s missing: %v", op, rep.Ops)
			}
			for name := range rep.Ops {
				assert.False(t, strings.HasPrefix(name, "core.") || strings.HasPrefix(name, "quant."), "%s left", name)
			}
			assert.Equal(t, tc.transposes, rep.Ops["qnn.Transpose"], "%v", rep.Ops)
			if tc.precision == "i16" {
				after, _, err := Legalized(m, "main", tg)
				require.NoError(t, err)
				text := asm.String(after, asm.PrintOptions{})
				assert.Contains(t, text, "xufixed16, scale")
				assert.Contains(t, text, "xsfixed8, axis =")
			}
			t.Logf("ops %v, outputs %+v", rep.Ops, rep.Outputs)
			require.NotEmpty(t, rep.Outputs)
			for i, o := range rep.Outputs {
				assert.Zero(t, o.Different, "result %d: %d of %d elements differ (max %g)", i, o.Different, o.Elements, o.MaxAbs)
			}
		})
	}
}

// A function on quantized arguments and results (quant-fuse's form):
// the legalised one takes and gives the same stored integers.
func TestQuantizedArgumentsAgree(t *testing.T) {
	tg, err := target.Load("qnn-htp-v73")
	require.NoError(t, err)
	ctx := ir.NewContext()
	all.Register(ctx)
	m, err := asm.ParseFile(ctx, "q.mlir", []byte(`func.func @main(%a: tensor<2x3x!quant.uniform<i8:f32, 0.1>>, %c: tensor<2x!quant.uniform<i8:f32, 0.25>>) -> tensor<2x2x!quant.uniform<i8:f32, 0.75:-5>> {
  %ws = core.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi8>
  %w = quant.scast %ws : tensor<3x2xi8> to tensor<3x2x!quant.uniform<i8:f32:1, {0.1, 0.2}>>
  %m = core.matmul %a, %w : (tensor<2x3x!quant.uniform<i8:f32, 0.1>>, tensor<3x2x!quant.uniform<i8:f32:1, {0.1, 0.2}>>) -> tensor<2x2x!quant.uniform<i8:f32, 0.5:2>>
  %s = core.add %m, %c : (tensor<2x2x!quant.uniform<i8:f32, 0.5:2>>, tensor<2x!quant.uniform<i8:f32, 0.25>>) -> tensor<2x2x!quant.uniform<i8:f32, 0.75:-5>>
  return %s : tensor<2x2x!quant.uniform<i8:f32, 0.75:-5>>
}`))
	require.NoError(t, err)
	r := rand.New(rand.NewSource(2))
	var samples [][]*tensor.Tensor
	for range 8 {
		a := make([]int8, 6)
		c := make([]int8, 2)
		for i := range a {
			a[i] = int8(r.Intn(256) - 128)
		}
		for i := range c {
			c[i] = int8(r.Intn(256) - 128)
		}
		ta, _ := tensor.FromSlice(tensor.I8, []int64{2, 3}, a)
		tc, _ := tensor.FromSlice(tensor.I8, []int64{2}, c)
		samples = append(samples, []*tensor.Tensor{ta, tc})
	}
	rep, err := Compare(m, "main", tg, samples)
	require.NoError(t, err)
	assert.Equal(t, 1, rep.Ops["qnn.FullyConnected"])
	require.Len(t, rep.Outputs, 1)
	assert.Equal(t, 32, rep.Outputs[0].Elements)
	assert.Zero(t, rep.Outputs[0].Different)
}
