package trt

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/dialects/builtin"
	function "github.com/mlc-go/mlc/dialects/func"
	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	"github.com/mlc-go/mlc/ir/asm/asmtest"
)

const dynD = ir.Dynamic

func TestConvOutputSize(t *testing.T) {
	cases := []struct {
		name                                     string
		in, k, stride, pre, post, dilation, want int64
		mode                                     string
	}{
		{"resnet stem", 224, 7, 2, 3, 3, 1, 112, "explicit_round_down"},
		{"valid 3x3", 8, 3, 1, 0, 0, 1, 6, "explicit_round_down"},
		{"round down drops the tail", 8, 3, 2, 0, 0, 1, 3, "explicit_round_down"},
		{"round up keeps the tail", 8, 3, 2, 0, 0, 1, 4, "explicit_round_up"},
		{"round up, exact fit", 7, 3, 2, 0, 0, 1, 3, "explicit_round_up"},
		{"dilation widens the kernel", 56, 3, 2, 0, 0, 2, 27, "explicit_round_up"},
		{"dilated, padded", 32, 3, 1, 2, 2, 2, 32, "explicit_round_down"},
		{"asymmetric padding", 10, 4, 2, 1, 2, 1, 5, "explicit_round_down"},
		{"same_upper", 56, 3, 2, 0, 0, 1, 28, "same_upper"},
		{"same_lower, odd", 57, 3, 2, 9, 9, 1, 29, "same_lower"},
		{"too small: non-positive", 2, 3, 1, 0, 0, 1, 0, "explicit_round_down"},
		{"dynamic", dynD, 3, 1, 1, 1, 1, dynD, "explicit_round_down"},
	}
	for _, c := range cases {
		got := ConvOutputSize(c.in, c.k, c.stride, c.pre, c.post, c.dilation, c.mode)
		assert.Equal(t, c.want, got, c.name)
	}
}

func TestDeconvOutputSize(t *testing.T) {
	cases := []struct {
		name                                     string
		in, k, stride, pre, post, dilation, want int64
		mode                                     string
	}{
		{"2x upsample k4 p1", 14, 4, 2, 1, 1, 1, 28, "explicit_round_down"},
		{"no padding", 14, 3, 2, 0, 0, 1, 29, "explicit_round_down"},
		{"round up is the same for deconvolution", 14, 3, 2, 0, 0, 1, 29, "explicit_round_up"},
		{"dilated", 5, 3, 1, 0, 0, 2, 9, "explicit_round_down"},
		{"padding crops", 4, 3, 1, 1, 0, 1, 5, "explicit_round_down"},
		{"same", 14, 3, 2, 0, 0, 1, 28, "same_upper"},
		{"dynamic", dynD, 3, 2, 0, 0, 1, dynD, "same_lower"},
	}
	for _, c := range cases {
		got := DeconvOutputSize(c.in, c.k, c.stride, c.pre, c.post, c.dilation, c.mode)
		assert.Equal(t, c.want, got, c.name)
	}
}

type tctx struct{ *ir.Context }

func (c tctx) t(shape []int64, elem ir.Type) ir.Type { return c.TensorType(shape, elem, nil) }
func (c tctx) ints(v ...int64) ir.Attribute          { return c.DenseIntArrayAttr(c.I(64), v) }
func (c tctx) i(v int64) ir.Attribute                { return c.IntegerAttr(c.I(64), v) }
func (c tctx) s(v string) ir.Attribute               { return c.StringAttr(v) }

func TestConvolutionAndPoolingInference(t *testing.T) {
	c := tctx{ir.NewContext()}
	f32, f16 := c.F32(), c.FloatType(ir.F16)
	got, err := convolutionOp.Infer(c.Context, []ir.Type{c.t([]int64{1, 3, 224, 224}, f32), c.t([]int64{64, 3, 7, 7}, f32), c.t([]int64{64}, f32)},
		getter(map[string]ir.Attribute{"num_output_maps": c.i(64), "kernel_size": c.ints(7, 7), "stride": c.ints(2, 2), "pre_padding": c.ints(3, 3), "post_padding": c.ints(3, 3)}))
	require.NoError(t, err)
	assert.Equal(t, "tensor<1x64x112x112xf32>", got[0].String())

	// Depthwise, dynamic batch, SAME padding, output_type.
	got, err = convolutionOp.Infer(c.Context, []ir.Type{c.t([]int64{dynD, 32, 57, 57}, f16), c.t([]int64{32, 1, 3, 3}, f16)},
		getter(map[string]ir.Attribute{"num_output_maps": c.i(32), "num_groups": c.i(32), "kernel_size": c.ints(3, 3), "stride": c.ints(2, 2), "padding_mode": c.s("same_lower"), "output_type": c.TypeAttr(f32)}))
	require.NoError(t, err)
	assert.Equal(t, "tensor<?x32x29x29xf32>", got[0].String())

	// Deconvolution: CKRS kernel, groups.
	got, err = deconvolutionOp.Infer(c.Context, []ir.Type{c.t([]int64{2, 16, 7, 9}, f32), c.t([]int64{16, 2, 4, 4}, f32)},
		getter(map[string]ir.Attribute{"num_output_maps": c.i(8), "num_groups": c.i(4), "kernel_size": c.ints(4, 4), "stride": c.ints(2, 2), "pre_padding": c.ints(1, 1), "post_padding": c.ints(1, 1)}))
	require.NoError(t, err)
	assert.Equal(t, "tensor<2x8x14x18xf32>", got[0].String())

	// Pooling over the innermost 3 dims of a 5-D tensor; leading dims pass.
	got, err = poolingOp.Infer(c.Context, []ir.Type{c.t([]int64{1, 8, 9, 16, 16}, f32)},
		getter(map[string]ir.Attribute{"pooling_type": c.s("max"), "window_size": c.ints(3, 2, 2), "stride": c.ints(2, 2, 2), "padding_mode": c.s("explicit_round_up")}))
	require.NoError(t, err)
	assert.Equal(t, "tensor<1x8x4x8x8xf32>", got[0].String())
	got, err = poolingOp.Infer(c.Context, []ir.Type{c.t([]int64{1, 8, 9, 16, 16}, f32)},
		getter(map[string]ir.Attribute{"pooling_type": c.s("max"), "window_size": c.ints(3, 2, 2), "stride": c.ints(2, 2, 2)}))
	require.NoError(t, err)
	assert.Equal(t, "tensor<1x8x4x8x8xf32>", got[0].String(), "9 - 3 = 6, /2 + 1 = 4 either way")
	got, err = poolingOp.Infer(c.Context, []ir.Type{c.t([]int64{1, 8, 10, 10}, f32)},
		getter(map[string]ir.Attribute{"pooling_type": c.s("average"), "window_size": c.ints(3, 3), "stride": c.ints(2, 2), "padding_mode": c.s("explicit_round_up")}))
	require.NoError(t, err)
	assert.Equal(t, "tensor<1x8x5x5xf32>", got[0].String())

	_, err = convolutionOp.Infer(c.Context, []ir.Type{c.t([]int64{1, 6, 8, 8}, f32), c.t([]int64{4, 3, 3, 3}, f32)},
		getter(map[string]ir.Attribute{"num_output_maps": c.i(4), "kernel_size": c.ints(3, 3)}))
	assert.EqualError(t, err, "kernel dimension 1 is 3, expected input channels / num_groups = 6")
}

func getter(m map[string]ir.Attribute) ods.AttrGetter {
	return func(n string) ir.Attribute { return m[n] }
}

func TestResolveReshape(t *testing.T) {
	cases := []struct {
		in, dims []int64
		zero     bool
		want     []int64
		err      string
	}{
		{[]int64{2, 3, 4, 5}, []int64{0, -1}, true, []int64{2, 60}, ""},
		{[]int64{2, 3, 4, 5}, []int64{-1}, true, []int64{120}, ""},
		{[]int64{2, 3, 4, 5}, []int64{0, 0, -1}, true, []int64{2, 3, 20}, ""},
		{[]int64{2, 3, 4, 5}, []int64{6, 0, -1}, true, []int64{6, 3, 20}[:3], "cannot reshape"},
		{[]int64{2, 3, 4, 5}, []int64{6, 0, 0, -1}, true, nil, "cannot reshape"},
		{[]int64{dynD, 3, 4, 5}, []int64{0, 12, -1}, true, []int64{dynD, 12, 5}, ""},
		{[]int64{dynD, 3, 4}, []int64{-1, 4}, true, []int64{dynD, 4}, ""},
		{[]int64{0, 6}, []int64{0, 3, 2}, false, []int64{0, 3, 2}, ""},
		{[]int64{0, 6}, []int64{0, -1}, false, nil, "zero volume"},
		{[]int64{2, 3}, []int64{-1, -1}, true, nil, "at most one -1"},
		{[]int64{2, 3}, []int64{0, 0, 0}, true, nil, "reshape_dims[2] is 0"},
		{[]int64{2, 3}, []int64{7}, true, nil, "hold 7 elements, but the input has 6"},
		{[]int64{2, 3}, []int64{0, 4}, true, nil, "hold 8 elements, but the input has 6"},
		{[]int64{2, 3}, []int64{-3, 2}, true, nil, "only 0 and -1 are special"},
	}
	for _, c := range cases {
		got, err := ResolveReshape(c.in, c.dims, c.zero)
		name := fmtInts(c.in) + " -> " + fmtInts(c.dims)
		if c.err != "" {
			if assert.Error(t, err, name) {
				assert.Contains(t, err.Error(), c.err, name)
			}
			continue
		}
		require.NoError(t, err, name)
		assert.Equal(t, c.want, got, name)
	}
}

func TestShuffleShape(t *testing.T) {
	// NCHW -> NHWC, flatten HW, then swap: [2,3,4,5] -> [2,4,5,3] -> [2,20,3] -> [2,3,20].
	got, err := ShuffleShape([]int64{2, 3, 4, 5}, []int64{0, 2, 3, 1}, []int64{0, -1, 3}, []int64{0, 2, 1}, true)
	require.NoError(t, err)
	assert.Equal(t, []int64{2, 3, 20}, got)
	// The 0 placeholder copies from the transposed shape, not the input.
	got, err = ShuffleShape([]int64{2, 3, 4}, []int64{2, 1, 0}, []int64{0, -1}, nil, true)
	require.NoError(t, err)
	assert.Equal(t, []int64{4, 6}, got)
	_, err = ShuffleShape([]int64{2, 3}, []int64{1, 1}, nil, nil, true)
	assert.EqualError(t, err, "'first_transpose' [1, 1] is not a permutation of [0, 2)")
}

func TestMatMulShape(t *testing.T) {
	cases := []struct {
		a, b     []int64
		opA, opB string
		want     []int64
		err      string
	}{
		{[]int64{8, 16}, []int64{16, 32}, "none", "none", []int64{8, 32}, ""},
		{[]int64{16, 8}, []int64{16, 32}, "transpose", "none", []int64{8, 32}, ""},
		{[]int64{8, 16}, []int64{32, 16}, "none", "transpose", []int64{8, 32}, ""},
		{[]int64{16, 8}, []int64{32, 16}, "transpose", "transpose", []int64{8, 32}, ""},
		{[]int64{2, 1, 8, 16}, []int64{1, 4, 16, 32}, "none", "none", []int64{2, 4, 8, 32}, ""},
		{[]int64{dynD, 8, 16}, []int64{1, 16, 32}, "none", "none", []int64{dynD, 8, 32}, ""},
		{[]int64{2, 8, 16}, []int64{2, 16}, "none", "vector", []int64{2, 8}, ""},
		{[]int64{2, 16}, []int64{2, 16, 32}, "vector", "none", []int64{2, 32}, ""},
		{[]int64{2, 16}, []int64{2, 32, 16}, "vector", "transpose", []int64{2, 32}, ""},
		{[]int64{16}, []int64{16}, "vector", "vector", []int64{}, ""},
		{[]int64{8, 16}, []int64{8, 32}, "none", "none", nil, "contraction dimensions differ: 16 (input0) vs 8 (input1)"},
		{[]int64{2, 8, 16}, []int64{16, 32}, "none", "none", nil, "same number of batch dimensions"},
		{[]int64{2, 8, 16}, []int64{3, 16, 32}, "none", "none", nil, "batch dimension 0 is not broadcastable: 2 vs 3"},
		{[]int64{16}, []int64{16, 4}, "none", "none", nil, "input0 must have rank at least 2"},
	}
	for _, c := range cases {
		name := fmtInts(c.a) + c.opA + " x " + fmtInts(c.b) + c.opB
		got, err := MatMulShape(c.a, c.b, c.opA, c.opB)
		if c.err != "" {
			if assert.Error(t, err, name) {
				assert.Contains(t, err.Error(), c.err, name)
			}
			continue
		}
		require.NoError(t, err, name)
		assert.Equal(t, c.want, append([]int64{}, got...), name)
	}
}

func TestGatherShape(t *testing.T) {
	got, err := GatherShape([]int64{2, 5, 6}, []int64{3, 4}, 1, "default", 0)
	require.NoError(t, err)
	assert.Equal(t, []int64{2, 3, 4, 6}, got)
	got, err = GatherShape([]int64{2, 5, 6}, []int64{2, 7, 2}, 0, "nd", 0)
	require.NoError(t, err)
	assert.Equal(t, []int64{2, 7, 6}, got)
	got, err = GatherShape([]int64{1, 5, 6}, []int64{4, 3}, 1, "default", 1)
	require.NoError(t, err)
	assert.Equal(t, []int64{4, 3, 6}, got, "elementwise dim broadcasts data's 1")
	got, err = GatherShape([]int64{4, 5}, []int64{4, 2}, 1, "element", 0)
	require.NoError(t, err)
	assert.Equal(t, []int64{4, 2}, got)
}

func TestDefaults(t *testing.T) {
	assert.Equal(t, int64(2), SoftmaxDefaultAxes(4), "C of NCHW")
	assert.Equal(t, int64(1), SoftmaxDefaultAxes(3))
	assert.Equal(t, int64(1), SoftmaxDefaultAxes(2))
	assert.Equal(t, int64(1), ConcatDefaultAxis(4))
	assert.Equal(t, int64(0), ConcatDefaultAxis(2))
}

func TestTable(t *testing.T) {
	assert.GreaterOrEqual(t, len(Dialect.Ops), 20)
	for _, o := range Dialect.Ops {
		assert.NotEmpty(t, o.Summary, o.Name)
		assert.NotEmpty(t, strings.TrimSpace(o.Description), o.Name)
		assert.NotEmpty(t, o.Format, o.Name)
		names := map[string]bool{}
		for _, a := range o.Attrs {
			names[a.Name] = true
		}
		assert.True(t, names["precision"] && names["output_type"], "%s carries the ILayer attributes", o.Name)
	}
}

func parse(t *testing.T, src string) (*ir.Operation, error) {
	t.Helper()
	ctx := ir.NewContext()
	builtin.Register(ctx)
	function.Register(ctx)
	Register(ctx)
	m, err := asm.Parse(ctx, "t.mlir", []byte(src), 1)
	if err != nil {
		return nil, err
	}
	return m, ir.Verify(m)
}

func TestQuantizeRulesThroughTheVerifier(t *testing.T) {
	src := `func.func @f() {
  %w = trt.constant dense<1.0> : tensor<4x7xf32>
  %s = trt.constant dense<0.5> : tensor<f32>
  %q = trt.quantize %w, %s : (tensor<4x7xf32>, tensor<f32>) -> tensor<4x7xi4>
  return
}`
	_, err := parse(t, src)
	require.Error(t, err)
	d := err.(*ir.Diagnostic)
	assert.Equal(t, "'trt.quantize' op int4 quantization requires an even last dimension, got 7", d.Message)
	assert.Contains(t, d.Loc.String(), `"t.mlir":4:`)

	ok := `func.func @f() {
  %w = trt.constant dense_resource<w> : tensor<2x4xf32>
  %s = trt.constant dense_resource<s> : tensor<2xf32>
  %q = trt.quantize %w, %s {axis = 0} : (tensor<2x4xf32>, tensor<2xf32>) -> tensor<2x4xi4>
  return
}
{-#
  dialect_resources: {
    builtin: {
      s: "0x04000000000000BF0000003F"
    }
  }
#-}`
	_, err = parse(t, ok)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "scale must be positive and finite, got -0.5 at index 0", "resource data is decoded")
	_, err = parse(t, strings.Replace(ok, "000000BF", "0000803F", 1))
	require.NoError(t, err)
}

func TestConstantFoldsToItsWeights(t *testing.T) {
	m, err := parse(t, "func.func @f() -> tensor<2xf32> {\n  %0 = trt.constant dense<[1.0, 2.0]> : tensor<2xf32>\n  return %0 : tensor<2xf32>\n}")
	require.NoError(t, err)
	var c *ir.Operation
	ir.Walk(m, func(op *ir.Operation) {
		if op.Name() == "trt.constant" {
			c = op
		}
	})
	require.NotNil(t, c)
	assert.True(t, c.HasTrait(ir.ConstantLike))
	got := constantOp.Fold(c, nil)
	require.Len(t, got, 1)
	assert.Equal(t, c.InherentAttr("weights"), got[0])
}

func TestRoundTripIsAFixedPoint(t *testing.T) {
	src := `func.func @f(%x: tensor<1x4x8x8xf32>, %c: tensor<2xi1>) -> tensor<1x4x8x8xf32> {
  %w = trt.constant dense<1.0> : tensor<4x4x3x3xf32>
  %0 = trt.convolution %x, %w {num_output_maps = 4, kernel_size = array<i64: 3, 3>, pre_padding = array<i64: 1, 1>, post_padding = array<i64: 1, 1>, precision = f16} : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x8x8xf32>
  %1 = trt.activation "clip" %0 {alpha = 0.0 : f32, beta = 6.0 : f32} : tensor<1x4x8x8xf32> -> tensor<1x4x8x8xf32>
  %2:2 = trt.topk "max" %1 {k = 2, axes = 8} : tensor<1x4x8x8xf32> -> tensor<1x4x8x2xf32>, tensor<1x4x8x2xi32>
  return %1 : tensor<1x4x8x8xf32>
}`
	ctx := ir.NewContext()
	builtin.Register(ctx)
	function.Register(ctx)
	Register(ctx)
	custom, _ := asmtest.RoundTrip(t, ctx, "t.mlir", src)
	assert.Contains(t, custom, `trt.activation "clip" %1 {alpha = 0.000000e+00 : f32, beta = 6.000000e+00 : f32} : tensor<1x4x8x8xf32> -> tensor<1x4x8x8xf32>`)
}
