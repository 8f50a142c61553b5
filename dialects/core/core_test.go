package core_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/dialects/builtin"
	"github.com/mlc-go/mlc/dialects/core"
	function "github.com/mlc-go/mlc/dialects/func"
	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
)

func newContext() *ir.Context {
	ctx := ir.NewContext()
	ctx.AllowUnregistered = true // opaque quant element types
	builtin.Register(ctx)
	function.Register(ctx)
	core.Register(ctx)
	return ctx
}

// parseTypes reads types through a function declaration.
func parseTypes(t *testing.T, ctx *ir.Context, texts ...string) []ir.Type {
	t.Helper()
	src := "func.func private @t(" + strings.Join(texts, ", ") + ")"
	m, err := asm.Parse(ctx, "types.mlir", []byte(src), 1)
	require.NoError(t, err, src)
	fn := m.Region(0).Front().First()
	return function.FunctionType(fn).Inputs
}

func opDef(name string) *ods.OpDef {
	for _, o := range core.Dialect.Ops {
		if o.Name == name {
			return o
		}
	}
	return nil
}

func TestTable(t *testing.T) {
	ops := core.Dialect.Ops
	assert.GreaterOrEqual(t, len(ops), 35)
	noInfer := map[string]bool{"reshape": true, "broadcast_to": true, "cast": true}
	elementwise := map[string]bool{}
	for _, n := range strings.Fields("add sub mul div pow max min cmp and or xor select neg abs exp log sqrt rsqrt tanh sigmoid erf relu floor ceil round sin cos reciprocal sign not clamp cast gelu") {
		elementwise[n] = true
	}
	commutative := map[string]bool{"add": true, "mul": true, "max": true, "min": true, "and": true, "or": true, "xor": true}
	for _, o := range ops {
		assert.NotEmpty(t, o.Summary, o.Name)
		assert.NotEmpty(t, o.Description, o.Name)
		assert.NotEmpty(t, o.Format, o.Name)
		assert.NotZero(t, o.Traits&ir.Pure, "%s is Pure", o.Name)
		assert.Equal(t, elementwise[o.Name], o.Traits&ir.Elementwise != 0, "%s Elementwise", o.Name)
		assert.Equal(t, commutative[o.Name], o.Traits&ir.Commutative != 0, "%s Commutative", o.Name)
		assert.Equal(t, o.Name == "constant", o.Traits&ir.ConstantLike != 0, "%s ConstantLike", o.Name)
		if noInfer[o.Name] {
			assert.Nil(t, o.Infer, "%s: its result type carries what it computes", o.Name)
			assert.NotNil(t, o.Verify, o.Name)
		} else {
			assert.NotNil(t, o.Infer, o.Name)
		}
	}
}

func TestBroadcastShapes(t *testing.T) {
	cases := []struct {
		a, b, want []int64
	}{
		{[]int64{2, 3}, []int64{3}, []int64{2, 3}},
		{[]int64{2, 1, 3}, []int64{4, 1}, []int64{2, 4, 3}},
		{[]int64{}, []int64{5, 6}, []int64{5, 6}},
		{[]int64{1}, []int64{0}, []int64{0}},
		{[]int64{8, 1, 6, 1}, []int64{7, 1, 5}, []int64{8, 7, 6, 5}}, // NumPy's documented example
	}
	for _, c := range cases {
		got, err := core.BroadcastShapes(c.a, c.b)
		require.NoError(t, err)
		assert.Equal(t, c.want, got)
		back, err := core.BroadcastShapes(c.b, c.a)
		require.NoError(t, err)
		assert.Equal(t, c.want, back, "broadcasting is symmetric")
	}
	_, err := core.BroadcastShapes([]int64{2, 3}, []int64{4})
	assert.EqualError(t, err, "shapes [2, 3] and [4] are not broadcast-compatible")
	assert.True(t, core.BroadcastsTo([]int64{3, 1}, []int64{2, 3, 4}))
	assert.False(t, core.BroadcastsTo([]int64{3, 2}, []int64{2, 3, 4}))
	assert.False(t, core.BroadcastsTo([]int64{2, 3}, []int64{3}))
}

// TestOutputSize checks window counts against PyTorch's
// pooling_output_shape and conv output sizes.
func TestOutputSize(t *testing.T) {
	cases := []struct {
		in, lo, hi, k, s, d int64
		ceil                bool
		want                int64
	}{
		{224, 3, 3, 7, 2, 1, false, 112}, // ResNet stem conv
		{112, 1, 1, 3, 2, 1, false, 56},  // ResNet max pool
		{7, 0, 0, 2, 2, 1, false, 3},
		{7, 0, 0, 2, 2, 1, true, 4},
		{6, 0, 0, 2, 2, 1, true, 3},  // exact: ceil changes nothing
		{5, 1, 1, 2, 2, 1, true, 3},  // PyTorch drops the window that would start in the right padding (4 → 3)
		{5, 1, 1, 2, 2, 1, false, 3}, // floor((5+2-2)/2)+1 = 3
		{10, 0, 0, 3, 1, 2, false, 6},
		{224, 0, 2, 3, 1, 2, false, 222},
		{224, 1, 0, 3, 2, 3, false, 110},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, core.OutputSize(c.in, c.lo, c.hi, c.k, c.s, c.d, c.ceil), "%+v", c)
	}
}

// TestSliceBounds follows ONNX Slice's normalisation.
func TestSliceBounds(t *testing.T) {
	cases := []struct {
		dim, start, limit, stride, first, count int64
	}{
		{10, 0, 10, 1, 0, 10},
		{10, 1, 8, 3, 1, 3},
		{10, -3, 100, 1, 7, 3},                 // negative start, limit clamped
		{10, 5, 2, 1, 5, 0},                    // empty
		{10, 9, -11, -1, 9, 10},                // reverse everything: limit clamps to -1
		{10, -1, -5, -2, 9, 2},                 // 9, 7
		{10, 20, 0, -1, 9, 9},                  // start clamps to dim-1
		{4, 0, -1, 1, 0, 3},                    // limit -1 is dim-1
		{3, -100, 100, 1, 0, 3},                // both clamp
		{5, 0, -9223372036854775807, -1, 0, 1}, // ONNX's INT_MIN-style end
	}
	for _, c := range cases {
		first, count := core.SliceBounds(c.dim, c.start, c.limit, c.stride)
		assert.Equal(t, [2]int64{c.first, c.count}, [2]int64{first, count}, "%+v", c)
	}
}

func TestInfer(t *testing.T) {
	ctx := newContext()
	i64s := func(v ...int64) ir.Attribute { return ctx.DenseIntArrayAttr(ctx.I(64), v) }
	cases := []struct {
		op       string
		operands []string
		attrs    map[string]ir.Attribute
		want     string // result type, or "error: ..."
	}{
		{"add", []string{"tensor<2x1x3xf32>", "tensor<4x1xf32>"}, nil, "tensor<2x4x3xf32>"},
		{"mul", []string{"tensor<f32>", "tensor<5xf32>"}, nil, "tensor<5xf32>"},
		{"add", []string{"tensor<3xf32>", "tensor<3xf16>"}, nil, "error: expects operands of the same element type, got 'f32' and 'f16'"},
		{"cmp", []string{"tensor<2x3xi8>", "tensor<1xi8>"}, nil, "tensor<2x3xi1>"},
		{"select", []string{"tensor<4x1xi1>", "tensor<3xf32>", "tensor<f32>"}, nil, "tensor<4x3xf32>"},
		{"exp", []string{"tensor<2x3xbf16>"}, nil, "tensor<2x3xbf16>"},
		{"matmul", []string{"tensor<2x1x4x5xf32>", "tensor<3x5x6xf32>"}, nil, "tensor<2x3x4x6xf32>"},
		{"matmul", []string{"tensor<4x5xf32>", "tensor<5xf32>"}, nil, "error: expects operands of rank 2 or more, got 2-D lhs and 1-D rhs"},
		{"conv2d", []string{"tensor<1x3x224x224xf32>", "tensor<64x3x7x7xf32>"},
			map[string]ir.Attribute{"strides": i64s(2, 2), "padding": i64s(3, 3, 3, 3)}, "tensor<1x64x112x112xf32>"},
		{"conv2d", []string{"tensor<2x32x56x56xf16>", "tensor<32x1x3x3xf16>", "tensor<32xf16>"},
			map[string]ir.Attribute{"groups": ctx.IntegerAttr(ctx.I(64), 32), "padding": i64s(1, 1, 1, 1)}, "tensor<2x32x56x56xf16>"},
		{"conv2d", []string{"tensor<1x4x9x9xf32>", "tensor<8x2x3x3xf32>"},
			map[string]ir.Attribute{"groups": ctx.IntegerAttr(ctx.I(64), 2), "dilations": i64s(2, 2), "strides": i64s(2, 1)}, "tensor<1x8x3x5xf32>"},
		{"conv2d", []string{"tensor<1x4x9x9xf32>", "tensor<8x2x3x3xf32>"}, nil, "error: expects weight dimension 1 to be input channels / groups = 4, got 2"},
		{"max_pool2d", []string{"tensor<1x64x112x112xf32>"},
			map[string]ir.Attribute{"kernel": i64s(3, 3), "strides": i64s(2, 2), "padding": i64s(1, 1, 1, 1)}, "tensor<1x64x56x56xf32>"},
		{"avg_pool2d", []string{"tensor<1x4x5x5xf32>"},
			map[string]ir.Attribute{"kernel": i64s(2, 2), "strides": i64s(2, 2), "padding": i64s(1, 1, 1, 1), "ceil_mode": ctx.BoolAttr(true)}, "tensor<1x4x3x3xf32>"},
		{"reduce_sum", []string{"tensor<2x3x4xi32>"}, map[string]ir.Attribute{"axes": i64s(0, 2)}, "tensor<3xi32>"},
		{"reduce_mean", []string{"tensor<2x3x4xf32>"}, map[string]ir.Attribute{"axes": i64s(0, 2), "keepdims": ctx.BoolAttr(true)}, "tensor<1x3x1xf32>"},
		{"reduce_max", []string{"tensor<5xf32>"}, map[string]ir.Attribute{"axes": i64s(0)}, "tensor<f32>"},
		{"argmax", []string{"tensor<2x3xf32>"}, map[string]ir.Attribute{"axis": ctx.IntegerAttr(ctx.I(64), 1)}, "tensor<2xi64>"},
		{"transpose", []string{"tensor<2x3x4xf32>"}, map[string]ir.Attribute{"perm": i64s(1, 2, 0)}, "tensor<3x4x2xf32>"},
		{"transpose", []string{"tensor<2x3x4xf32>"}, map[string]ir.Attribute{"perm": i64s(1, 2)}, "error: expects 'perm' to be a permutation of [0, 3), got [1, 2]"},
		{"concat", []string{"tensor<2x3xf32>", "tensor<2x5xf32>", "tensor<2x1xf32>"}, map[string]ir.Attribute{"axis": ctx.IntegerAttr(ctx.I(64), 1)}, "tensor<2x9xf32>"},
		{"slice", []string{"tensor<10x4xf32>"}, map[string]ir.Attribute{"starts": i64s(-1, 0), "limits": i64s(-11, 4), "strides": i64s(-3, 2)}, "tensor<4x2xf32>"},
		{"gather", []string{"tensor<5x6x7xf32>", "tensor<2x3xi32>"}, map[string]ir.Attribute{"axis": ctx.IntegerAttr(ctx.I(64), 1)}, "tensor<5x2x3x7xf32>"},
		{"gather", []string{"tensor<5x6xf32>", "tensor<i64>"}, nil, "tensor<6xf32>"},
		{"pad", []string{"tensor<2x3xf32>"}, map[string]ir.Attribute{"low": i64s(1, 0), "high": i64s(2, 3)}, "tensor<5x6xf32>"},
	}
	for _, c := range cases {
		o := opDef(c.op)
		require.NotNil(t, o, c.op)
		got, err := o.Infer(ctx, parseTypes(t, ctx, c.operands...), func(n string) ir.Attribute { return c.attrs[n] })
		name := c.op + "(" + strings.Join(c.operands, ", ") + ")"
		if want, isErr := strings.CutPrefix(c.want, "error: "); isErr {
			assert.EqualError(t, err, want, name)
			continue
		}
		if assert.NoError(t, err, name) && assert.Len(t, got, 1, name) {
			assert.Equal(t, c.want, got[0].String(), name)
		}
	}
}

// TestQuantElements: data movement takes any element type, arithmetic
// does not.
func TestQuantElements(t *testing.T) {
	ctx := newContext()
	q := ctx.OpaqueType("quant", ".uniform<i8:f32, 5.000000e-01:-3>")
	in := ctx.TensorType([]int64{2, 3}, q, nil)
	got, err := opDef("transpose").Infer(ctx, []ir.Type{in}, func(n string) ir.Attribute {
		return ctx.DenseIntArrayAttr(ctx.I(64), []int64{1, 0})
	})
	require.NoError(t, err)
	assert.Equal(t, ctx.TensorType([]int64{3, 2}, q, nil), got[0])
	for _, name := range []string{"reshape", "transpose", "broadcast_to", "concat", "slice", "gather", "pad", "select"} {
		o := opDef(name)
		assert.True(t, o.Results[0].Type.Match(in), name)
	}
	for _, name := range []string{"add", "exp", "matmul", "conv2d", "reduce_sum", "cast"} {
		assert.False(t, opDef(name).Operands[0].Type.Match(in), name)
	}
}

// TestVerifyErrorsArePositioned: a verifier error names the op and
// points at it.
func TestVerifyErrorsArePositioned(t *testing.T) {
	ctx := newContext()
	src := "func.func @f(%x: tensor<3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {\n" +
		"  %0 = core.conv2d %x, %w : (tensor<3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>\n" +
		"  return\n}"
	m, err := asm.Parse(ctx, "t.mlir", []byte(src), 1)
	require.NoError(t, err)
	err = ir.Verify(m)
	require.Error(t, err)
	d, ok := err.(*ir.Diagnostic)
	require.True(t, ok)
	assert.Equal(t, "'core.conv2d' op expects 4-D input (NCHW), got 3-D", d.Message)
	assert.Contains(t, d.Loc.String(), `"t.mlir":2:8`)
}
