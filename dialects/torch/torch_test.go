package torch

import (
	"bytes"
	"math"
	"os"
	"os/exec"
	"path/filepath"
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

const q = dyn // a dynamic dim in the tables below

func newCtx() *ir.Context {
	ctx := ir.NewContext()
	ods.Register(ctx, builtin.Dialect)
	ods.Register(ctx, function.Dialect)
	Register(ctx)
	return ctx
}

// getter turns a map into an attribute getter.
func getter(m map[string]ir.Attribute) ods.AttrGetter {
	return func(n string) ir.Attribute { return m[n] }
}

// opInfer is the named op's shape function as the table runs it, with
// the table's attribute defaults applied.
func opInfer(t *testing.T, name string) ods.InferFunc {
	t.Helper()
	for _, o := range Dialect.Ops {
		if o.Name == name {
			return o.Infer
		}
	}
	t.Fatalf("no op %s", name)
	return nil
}

func ints(ctx *ir.Context, v ...int64) ir.Attribute { return ctx.DenseIntArrayAttr(ctx.I(64), v) }
func i64(ctx *ir.Context, v int64) ir.Attribute     { return ctx.IntegerAttr(ctx.I(64), v) }

func TestMatmulShape(t *testing.T) {
	cases := []struct {
		a, b, want []int64
		err        string
	}{
		{a: []int64{4}, b: []int64{4}, want: []int64{}},                            // dot product
		{a: []int64{3, 4}, b: []int64{4}, want: []int64{3}},                        // matrix-vector
		{a: []int64{4}, b: []int64{4, 5}, want: []int64{5}},                        // 1-D promoted to [1, 4], then removed
		{a: []int64{3, 4}, b: []int64{4, 5}, want: []int64{3, 5}},                  // mm
		{a: []int64{2, 3, 4}, b: []int64{4}, want: []int64{2, 3}},                  // batched matrix-vector
		{a: []int64{4}, b: []int64{2, 4, 5}, want: []int64{2, 5}},                  // vector-batched matrix
		{a: []int64{10, 1, 3, 4}, b: []int64{5, 4, 6}, want: []int64{10, 5, 3, 6}}, // batch broadcast
		{a: []int64{2, 1, 3, 4}, b: []int64{7, 4, 5}, want: []int64{2, 7, 3, 5}},   // batch broadcast
		{a: []int64{3, 4}, b: []int64{2, 4, 5}, want: []int64{2, 3, 5}},            // 2-D broadcast against batch
		{a: []int64{q, 3, 4}, b: []int64{4, q}, want: []int64{q, 3, q}},            // dynamic dims pass through
		{a: []int64{3, q}, b: []int64{7, 5}, want: []int64{3, 5}},                  // dynamic contraction is accepted
		{a: []int64{3, 4}, b: []int64{5}, err: "contraction dimension of self (4) does not match that of other (5)"},
		{a: []int64{2, 3, 4}, b: []int64{3, 4, 5}, err: "batch dimensions do not broadcast"},
		{a: []int64{}, b: []int64{4}, err: "need to be at least 1-D, but they are 0-D and 1-D"},
	}
	for _, c := range cases {
		got, err := MatmulShape(c.a, c.b)
		if c.err != "" {
			assert.ErrorContains(t, err, c.err, "%v x %v", c.a, c.b)
			continue
		}
		require.NoError(t, err, "%v x %v", c.a, c.b)
		assert.Equal(t, c.want, got, "%v x %v", c.a, c.b)
	}
}

func TestPoolOutSize(t *testing.T) {
	cases := []struct {
		in, k, s, p, d int64
		ceil           bool
		want           int64
	}{
		{112, 3, 2, 1, 1, false, 56}, // ResNet stem
		{112, 3, 2, 0, 1, true, 56},  // GoogLeNet's ceil-mode pool
		{112, 3, 2, 0, 1, false, 55},
		{5, 2, 2, 0, 1, false, 2},
		{5, 2, 2, 0, 1, true, 3},  // the partial last window is kept
		{3, 2, 2, 1, 1, true, 2},  // a last window starting in the right padding is dropped
		{3, 2, 2, 1, 1, false, 2}, // same without ceil
		{4, 2, 2, 1, 1, true, 3},
		{8, 3, 3, 0, 2, false, 2}, // dilation 2: effective kernel 5
		{7, 3, 2, 1, 1, true, 4},
		{q, 3, 2, 1, 1, true, q},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, PoolOutSize(c.in, c.k, c.s, c.p, c.d, c.ceil), "%+v", c)
	}
}

func TestPoolInference(t *testing.T) {
	ctx := newCtx()
	x := ctx.TensorType([]int64{1, 8, 3, 3}, ctx.F32(), nil)
	attrs := map[string]ir.Attribute{
		"kernel_size": ints(ctx, 2), "stride": ints(ctx, 2), "padding": ints(ctx, 1), "ceil_mode": ctx.BoolAttr(true),
	}
	got, err := opInfer(t, "aten.max_pool2d")(ctx, []ir.Type{x}, getter(attrs))
	require.NoError(t, err)
	assert.Equal(t, "tensor<1x8x2x2xf32>", got[0].String())

	// stride absent or empty means stride = kernel_size.
	y := ctx.TensorType([]int64{3, 7, 7}, ctx.F32(), nil)
	for _, stride := range []ir.Attribute{nil, ints(ctx)} {
		attrs := map[string]ir.Attribute{"kernel_size": ints(ctx, 3, 3)}
		if stride != nil {
			attrs["stride"] = stride
		}
		got, err := opInfer(t, "aten.avg_pool2d")(ctx, []ir.Type{y}, getter(attrs))
		require.NoError(t, err)
		assert.Equal(t, "tensor<3x2x2xf32>", got[0].String())
	}

	// padding more than half the kernel is rejected.
	_, err = opInfer(t, "aten.max_pool2d")(ctx, []ir.Type{x}, getter(map[string]ir.Attribute{"kernel_size": ints(ctx, 2), "padding": ints(ctx, 2)}))
	assert.ErrorContains(t, err, "pad should be non-negative and at most half of kernel size")
}

func TestConvOutSize(t *testing.T) {
	assert.Equal(t, int64(112), ConvOutSize(224, 7, 2, 3, 1))
	assert.Equal(t, int64(56), ConvOutSize(56, 3, 1, 1, 1))
	assert.Equal(t, int64(28), ConvOutSize(32, 3, 1, 0, 2))
	assert.Equal(t, int64(31), ConvOutSize(64, 3, 2, 0, 1))
	assert.Equal(t, q, ConvOutSize(q, 3, 1, 1, 1))
}

func TestFlattenShape(t *testing.T) {
	cases := []struct {
		in         []int64
		start, end int64
		want       []int64
		err        string
	}{
		{in: []int64{2, 3, 4, 5}, start: 1, end: -2, want: []int64{2, 12, 5}},
		{in: []int64{2, 3, 4, 5}, start: -3, end: -1, want: []int64{2, 60}},
		{in: []int64{2, 3, 4, 5}, start: 0, end: -1, want: []int64{120}},
		{in: []int64{2, 3, 4, 5}, start: 2, end: 2, want: []int64{2, 3, 4, 5}},
		{in: []int64{1, 512, 1, 1}, start: 1, end: -1, want: []int64{1, 512}},
		{in: []int64{}, start: 0, end: -1, want: []int64{1}},
		{in: []int64{2, q, 4}, start: 0, end: 1, want: []int64{q, 4}},
		{in: []int64{2, 3}, start: 1, end: 0, err: "start_dim (1) cannot come after end_dim (0)"},
		{in: []int64{2, 3}, start: -1, end: -2, err: "start_dim (1) cannot come after end_dim (0)"},
		{in: []int64{2, 3, 4}, start: -4, end: -1, err: "expected to be in range of [-3, 2], but got -4"},
		{in: []int64{}, start: 1, end: -1, err: "expected to be in range of [-1, 0], but got 1"},
	}
	for _, c := range cases {
		got, err := FlattenShape(c.in, c.start, c.end)
		if c.err != "" {
			assert.ErrorContains(t, err, c.err, "%+v", c)
			continue
		}
		require.NoError(t, err, "%+v", c)
		assert.Equal(t, c.want, got, "%+v", c)
	}
}

func TestViewShape(t *testing.T) {
	cases := []struct {
		in, shape, want []int64
		err             string
	}{
		{in: []int64{2, 3, 4}, shape: []int64{4, -1}, want: []int64{4, 6}},
		{in: []int64{2, 3, 4}, shape: []int64{-1}, want: []int64{24}},
		{in: []int64{2, 3, 4}, shape: []int64{1, -1, 1, 2}, want: []int64{1, 12, 1, 2}},
		{in: []int64{}, shape: []int64{-1}, want: []int64{1}},
		{in: []int64{}, shape: []int64{1, 1}, want: []int64{1, 1}},
		{in: []int64{0, 4}, shape: []int64{-1, 4}, want: []int64{0, 4}},
		{in: []int64{2, q, 4}, shape: []int64{-1, 4}, want: []int64{q, 4}},
		{in: []int64{2, q, 4}, shape: []int64{8, 2}, want: []int64{8, 2}},
		{in: []int64{2, 3}, shape: []int64{4, -1}, err: "shape [4, -1] is invalid for input of size 6"},
		{in: []int64{2, 3}, shape: []int64{7}, err: "shape [7] is invalid for input of size 6"},
		{in: []int64{2, 3}, shape: []int64{-1, -1}, err: "only one dimension can be inferred"},
		{in: []int64{2, 3}, shape: []int64{-3, 2}, err: "invalid shape dimension -3"},
		{in: []int64{0, 4}, shape: []int64{0, -1}, err: "ambiguous"},
	}
	for _, c := range cases {
		got, err := ViewShape(c.in, c.shape)
		if c.err != "" {
			assert.ErrorContains(t, err, c.err, "%+v", c)
			continue
		}
		require.NoError(t, err, "%+v", c)
		assert.Equal(t, c.want, got, "%+v", c)
	}
}

func TestSliceLen(t *testing.T) {
	p := func(v int64) *int64 { return &v }
	cases := []struct {
		n          int64
		start, end *int64
		step, want int64
	}{
		{10, nil, nil, 1, 10},
		{20, p(2), p(100), 3, 6},                 // end clamps to the size
		{20, p(-3), nil, 1, 3},                   // negative start counts from the end
		{20, p(15), p(5), 1, 0},                  // end before start: empty
		{10, p(-100), p(5), 1, 5},                // start clamps to 0
		{10, p(100), nil, 1, 0},                  // start clamps to the size
		{10, nil, p(-100), 1, 0},                 // end clamps to 0
		{10, p(1), p(-1), 2, 4},                  // indices 1, 3, 5, 7
		{10, p(0), p(10), 3, 4},                  // 0, 3, 6, 9
		{10, p(-1), p(10), 1, 1},                 // the last element
		{0, p(0), p(5), 1, 0},                    // empty dim
		{q, p(1), p(4), 1, q},                    // dynamic dims stay dynamic
		{10, nil, p(9223372036854775807), 1, 10}, // PyTorch's "end = None" sentinel
	}
	for _, c := range cases {
		assert.Equal(t, c.want, SliceLen(c.n, c.start, c.end, c.step), "%+v", c)
	}
}

func TestSDPAShape(t *testing.T) {
	cases := []struct {
		q, k, v, want []int64
		gqa           bool
		err           string
	}{
		{q: []int64{2, 8, 128, 64}, k: []int64{2, 8, 256, 64}, v: []int64{2, 8, 256, 32}, want: []int64{2, 8, 128, 32}},
		{q: []int64{4, 8}, k: []int64{6, 8}, v: []int64{6, 3}, want: []int64{4, 3}},
		{q: []int64{q, 8, q, 64}, k: []int64{q, 8, q, 64}, v: []int64{q, 8, q, 64}, want: []int64{q, 8, q, 64}},
		{q: []int64{1, 32, 4, 8}, k: []int64{1, 8, 4, 8}, v: []int64{1, 8, 4, 8}, gqa: true, want: []int64{1, 32, 4, 8}},
		{q: []int64{1, 32, 4, 8}, k: []int64{1, 8, 4, 8}, v: []int64{1, 8, 4, 8}, err: "same batch dimensions"},
		{q: []int64{1, 6, 4, 8}, k: []int64{1, 4, 4, 8}, v: []int64{1, 4, 4, 8}, gqa: true, err: "multiple of key/value heads"},
		{q: []int64{2, 4, 8}, k: []int64{2, 6, 16}, v: []int64{2, 6, 16}, err: "same embedding size, got 8 and 16"},
		{q: []int64{2, 4, 8}, k: []int64{2, 6, 8}, v: []int64{2, 5, 8}, err: "same sequence length, got 6 and 5"},
		{q: []int64{8}, k: []int64{8}, v: []int64{8}, err: "rank at least 2"},
	}
	for _, c := range cases {
		got, err := SDPAShape(c.q, c.k, c.v, c.gqa)
		if c.err != "" {
			assert.ErrorContains(t, err, c.err, "%+v", c)
			continue
		}
		require.NoError(t, err, "%+v", c)
		assert.Equal(t, c.want, got, "%+v", c)
	}
}

func TestSDPAMask(t *testing.T) {
	ctx := newCtx()
	f16 := ctx.FloatType(ir.F16)
	qt := ctx.TensorType([]int64{2, 8, 128, 64}, f16, nil)
	kt := ctx.TensorType([]int64{2, 8, 256, 64}, f16, nil)
	for _, m := range []struct {
		shape []int64
		elem  ir.Type
		err   string
	}{
		{[]int64{128, 256}, ctx.I(1), ""},
		{[]int64{2, 1, 1, 256}, f16, ""},
		{[]int64{2, 8, 128, 256}, f16, ""},
		{[]int64{256}, ctx.I(1), ""},
		{[]int64{128, 128}, ctx.I(1), "to broadcast to the attention weights' shape [2, 8, 128, 256]"},
		{[]int64{1, 2, 8, 128, 256}, ctx.I(1), "to broadcast"},
		{[]int64{128, 256}, ctx.F32(), "element type i1 or f16"},
	} {
		mt := ctx.TensorType(m.shape, m.elem, nil)
		_, err := inferSDPA(ctx, []ir.Type{qt, kt, kt, mt}, getter(nil))
		if m.err == "" {
			assert.NoError(t, err, "%v", m.shape)
		} else {
			assert.ErrorContains(t, err, m.err, "%v", m.shape)
		}
	}
}

func TestBroadcastAndExpand(t *testing.T) {
	b, err := broadcast([]int64{2, 1, 4}, []int64{3, 1})
	require.NoError(t, err)
	assert.Equal(t, []int64{2, 3, 4}, b)
	b, err = broadcast([]int64{q, 1}, []int64{1, 5})
	require.NoError(t, err)
	assert.Equal(t, []int64{q, 5}, b)
	b, err = broadcast([]int64{q}, []int64{1})
	require.NoError(t, err)
	assert.Equal(t, []int64{q}, b)
	_, err = broadcast([]int64{2, 3}, []int64{4})
	assert.ErrorContains(t, err, "the size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1")

	e, err := ExpandShape([]int64{3, 1}, []int64{2, -1, 4})
	require.NoError(t, err)
	assert.Equal(t, []int64{2, 3, 4}, e)
	_, err = ExpandShape([]int64{3}, []int64{-1, 3})
	assert.ErrorContains(t, err, "leading, non-existing dimension 0")
}

func TestReduceShape(t *testing.T) {
	s, err := ReduceShape([]int64{2, 3, 4}, []int64{0, -1}, false)
	require.NoError(t, err)
	assert.Equal(t, []int64{3}, s)
	s, err = ReduceShape([]int64{2, 3, 4}, nil, true)
	require.NoError(t, err)
	assert.Equal(t, []int64{1, 1, 1}, s)
	s, err = ReduceShape([]int64{2, 3, 4}, nil, false)
	require.NoError(t, err)
	assert.Equal(t, []int64{}, s)
	_, err = ReduceShape([]int64{2, 3}, []int64{1, -1}, false)
	assert.ErrorContains(t, err, "dim 1 appears multiple times")
}

func TestPadShape(t *testing.T) {
	s, err := PadShape([]int64{2, 3, 4, 5}, []int64{1, 1, 2, 2})
	require.NoError(t, err)
	assert.Equal(t, []int64{2, 3, 8, 7}, s, "pairs apply from the last dim backwards")
	s, err = PadShape([]int64{2, 5}, []int64{-1, -2})
	require.NoError(t, err)
	assert.Equal(t, []int64{2, 2}, s, "negative pads crop")
}

// TestPromotionRules covers the result element types that follow
// PyTorch's promotion where no second tensor is involved.
func TestPromotionRules(t *testing.T) {
	ctx := newCtx()
	i32 := ctx.TensorType([]int64{4}, ctx.I(32), nil)
	f16 := ctx.TensorType([]int64{4}, ctx.FloatType(ir.F16), nil)
	i1 := ctx.TensorType([]int64{4}, ctx.I(1), nil)
	half := ctx.FloatAttr(ctx.FloatType(ir.F64), 0.5)
	two := i64(ctx, 2)
	for _, c := range []struct {
		f     ods.InferFunc
		ts    []ir.Type
		attrs map[string]ir.Attribute
		want  string
	}{
		{inferScalar("mul"), []ir.Type{i32}, map[string]ir.Attribute{"other": half}, "tensor<4xf32>"},
		{inferScalar("mul"), []ir.Type{i32}, map[string]ir.Attribute{"other": two}, "tensor<4xi32>"},
		{inferScalar("mul"), []ir.Type{f16}, map[string]ir.Attribute{"other": half}, "tensor<4xf16>"},
		{inferScalar("div"), []ir.Type{i32}, map[string]ir.Attribute{"other": two}, "tensor<4xf32>"},
		{inferDiv, []ir.Type{i32, i32}, nil, "tensor<4xf32>"},
		{inferDiv, []ir.Type{i32, i32}, map[string]ir.Attribute{"rounding_mode": ctx.StringAttr("trunc")}, "tensor<4xi32>"},
		{inferReduce(false), []ir.Type{i32}, nil, "tensor<i64>"},
		{inferReduce(false), []ir.Type{f16}, nil, "tensor<f16>"},
		{inferReduce(true), []ir.Type{i32}, map[string]ir.Attribute{"dtype": ctx.TypeAttr(ctx.F32())}, "tensor<f32>"},
		{inferSoftmax, []ir.Type{f16}, map[string]ir.Attribute{"dim": i64(ctx, 0), "dtype": ctx.TypeAttr(ctx.F32())}, "tensor<4xf32>"},
		{inferPowScalar, []ir.Type{i32}, map[string]ir.Attribute{"exponent": half}, "tensor<4xf32>"},
		{inferPowScalar, []ir.Type{i1}, map[string]ir.Attribute{"exponent": two}, "tensor<4xi64>"},
		{inferScalar("add"), []ir.Type{i1}, map[string]ir.Attribute{"other": two}, "tensor<4xi64>"},
		{inferScalar("add"), []ir.Type{i1}, map[string]ir.Attribute{"other": half}, "tensor<4xf32>"},
		{inferScalar("div"), []ir.Type{i1}, map[string]ir.Attribute{"other": two}, "tensor<4xf32>"},
	} {
		got, err := c.f(ctx, c.ts, getter(c.attrs))
		require.NoError(t, err)
		assert.Equal(t, c.want, got[0].String(), "%v %v", c.ts, c.attrs)
	}
}

func TestRepeatAndPixelShuffleShapes(t *testing.T) {
	s, err := RepeatShape([]int64{2, 3}, []int64{4, 1, 2})
	require.NoError(t, err)
	assert.Equal(t, []int64{4, 2, 6}, s, "extra leading repeats add dims")
	s, err = RepeatShape([]int64{q, 3}, []int64{2, 0})
	require.NoError(t, err)
	assert.Equal(t, []int64{q, 0}, s)
	_, err = RepeatShape([]int64{2, 3}, []int64{2})
	assert.ErrorContains(t, err, "can not be smaller than number of dimensions of tensor")
	_, err = RepeatShape([]int64{2}, []int64{-1})
	assert.ErrorContains(t, err, "repeats can not be negative")
	_, err = RepeatShape([]int64{1 << 40}, []int64{1 << 40})
	assert.ErrorContains(t, err, "overflows")

	s, err = PixelShuffleShape([]int64{2, 1, 18, 4, 5}, 3, true)
	require.NoError(t, err)
	assert.Equal(t, []int64{2, 1, 2, 12, 15}, s)
	s, err = PixelShuffleShape([]int64{3, 4, 6}, 2, false)
	require.NoError(t, err)
	assert.Equal(t, []int64{12, 2, 3}, s)
	_, err = PixelShuffleShape([]int64{1, 6, 2, 2}, 2, true)
	assert.ErrorContains(t, err, "its channels (6) to be divisible by 4")
	_, err = PixelShuffleShape([]int64{1, 1, 3, 4}, 2, false)
	assert.ErrorContains(t, err, "its height (3) to be divisible by 2")
	_, err = PixelShuffleShape([]int64{4, 4}, 2, true)
	assert.ErrorContains(t, err, "at least 3 dimensions")
}

// TestNewOpInference covers the result types of the comparison, logical,
// reduction and selection ops.
func TestNewOpInference(t *testing.T) {
	ctx := newCtx()
	ty := func(elem ir.Type, s ...int64) ir.Type { return ctx.TensorType(s, elem, nil) }
	f32, i32, i1 := ctx.F32(), ctx.I(32), ctx.I(1)
	ui8 := ctx.IntegerType(8, ir.Unsigned)
	half := ctx.FloatAttr(ctx.FloatType(ir.F64), 0.5)
	for _, c := range []struct {
		f     ods.InferFunc
		ts    []ir.Type
		attrs map[string]ir.Attribute
		want  string
		err   string
	}{
		{f: inferCompare, ts: []ir.Type{ty(i32, 3, 1), ty(i32, 4)}, want: "tensor<3x4xi1>"},
		{f: inferCompare, ts: []ir.Type{ty(i32, 3), ty(f32, 3)}, err: "same element type"},
		{f: inferCompareScalar, ts: []ir.Type{ty(ui8, 2)}, attrs: map[string]ir.Attribute{"other": i64(ctx, 300)}, want: "tensor<2xi1>"},
		{f: inferCompareScalar, ts: []ir.Type{ty(ui8, 2)}, attrs: map[string]ir.Attribute{"other": half}, want: "tensor<2xi1>"},
		{f: inferCompareScalar, ts: []ir.Type{ty(i1, 2)}, attrs: map[string]ir.Attribute{"other": i64(ctx, 7)}, want: "tensor<2xi1>"},
		{f: inferCompareScalar, ts: []ir.Type{ty(f32, 2)}, err: "requires attribute 'other'"},
		{f: inferLogical, ts: []ir.Type{ty(f32, 2, 1), ty(i32, 3)}, want: "tensor<2x3xi1>"},
		{f: inferExtremum("amax"), ts: []ir.Type{ty(f32, 2, 0, 3)}, attrs: map[string]ir.Attribute{"dim": ints(ctx, 0)}, want: "tensor<0x3xf32>"},
		{f: inferExtremum("amax"), ts: []ir.Type{ty(f32, 2, 0, 3)}, attrs: map[string]ir.Attribute{"dim": ints(ctx, 1)}, err: "Expected reduction dim 1 to have non-zero size"},
		{f: inferFullExtremum("max"), ts: []ir.Type{ty(f32, 0)}, err: "input.numel() == 0"},
		{f: inferProd(true), ts: []ir.Type{ty(i1, 2, 3)}, attrs: map[string]ir.Attribute{"dim": i64(ctx, 0)}, want: "tensor<3xi64>"},
		{f: inferProd(true), ts: []ir.Type{ty(f32)}, attrs: map[string]ir.Attribute{"dim": i64(ctx, -1), "keepdim": ctx.BoolAttr(true)}, want: "tensor<f32>"},
		{f: inferVectorNorm, ts: []ir.Type{ty(f32, 2, 0)}, attrs: map[string]ir.Attribute{"ord": ctx.FloatAttr(ctx.FloatType(ir.F64), math.Inf(1)), "dim": ints(ctx, 1)}, err: "inf norm of an empty set"},
		{f: inferVectorNorm, ts: []ir.Type{ty(f32, 2, 0)}, attrs: map[string]ir.Attribute{"dim": ints(ctx, 1)}, want: "tensor<2xf32>"},
		{f: inferVectorNorm, ts: []ir.Type{ty(f32, 2)}, attrs: map[string]ir.Attribute{"dtype": ctx.TypeAttr(i32)}, err: "dtype should be floating point"},
		{f: inferCumsum, ts: []ir.Type{ty(ui8, 4)}, attrs: map[string]ir.Attribute{"dim": i64(ctx, 0)}, want: "tensor<4xi64>"},
		{f: inferTopk, ts: []ir.Type{ty(f32, 2, 5)}, attrs: map[string]ir.Attribute{"k": i64(ctx, 6)}, err: "selected index k = 6 out of range"},
		{f: inferTopk, ts: []ir.Type{ty(f32)}, attrs: map[string]ir.Attribute{"k": i64(ctx, 1)}, want: "tensor<f32>"},
		{f: inferGather, ts: []ir.Type{ty(f32, 2, 3), ty(ctx.I(64), 4, 3)}, attrs: map[string]ir.Attribute{"dim": i64(ctx, 0)}, want: "tensor<4x3xf32>"},
		{f: inferGather, ts: []ir.Type{ty(f32, 2, 3), ty(ctx.I(64), 2, 4)}, attrs: map[string]ir.Attribute{"dim": i64(ctx, 0)}, err: "size does not match at dimension 1"},
		{f: inferGather, ts: []ir.Type{ty(f32, 2, 3), ty(ctx.I(64), 2)}, attrs: map[string]ir.Attribute{"dim": i64(ctx, 0)}, err: "same number of dimensions"},
		{f: inferPrelu, ts: []ir.Type{ty(f32, 1, 3, 2), ty(f32, 2)}, err: "parameter numbers = 2 and channel size = 3"},
		{f: inferPrelu, ts: []ir.Type{ty(f32, 5), ty(f32, 5)}, err: "channel size = 1"},
		{f: inferInstanceNorm, ts: []ir.Type{ty(f32, 2, 3, 1)}, err: "more than 1 spatial element"},
		{f: inferGroupNorm, ts: []ir.Type{ty(f32, 2, 6, 4)}, attrs: map[string]ir.Attribute{"num_groups": i64(ctx, 4)}, err: "divisible by num_groups"},
		{f: inferThreshold, ts: []ir.Type{ty(i32, 2)}, attrs: map[string]ir.Attribute{"threshold": half, "value": i64(ctx, 0)}, err: "integral 'threshold'"},
		{f: inferCelu, ts: []ir.Type{ty(f32, 2)}, attrs: map[string]ir.Attribute{"alpha": i64(ctx, 0)}, err: "alpha cannot be 0"},
		// An empty shape is a 0-D reshape (the attribute's ints are nil).
		{f: inferView("shape"), ts: []ir.Type{ty(f32, 1, 1)}, attrs: map[string]ir.Attribute{"shape": ints(ctx)}, want: "tensor<f32>"},
		{f: inferView("shape"), ts: []ir.Type{ty(f32, 2)}, attrs: map[string]ir.Attribute{"shape": ints(ctx)}, err: "is invalid for input of size 2"},
		{f: inferView("shape"), ts: []ir.Type{ty(f32, 1)}, err: "requires attribute 'shape'"},
	} {
		got, err := c.f(ctx, c.ts, getter(c.attrs))
		if c.err != "" {
			assert.ErrorContains(t, err, c.err, "%v %v", c.ts, c.attrs)
			continue
		}
		require.NoError(t, err, "%v %v", c.ts, c.attrs)
		assert.Equal(t, c.want, got[0].String(), "%v %v", c.ts, c.attrs)
	}
}

// TestInferenceIsDefensive: the parser may run inference before the
// verifier has checked operand and attribute kinds; it must not panic.
func TestInferenceIsDefensive(t *testing.T) {
	ctx := newCtx()
	bad := map[string]ir.Attribute{}
	for _, n := range []string{"dim", "dims", "shape", "size", "kernel_size", "stride", "padding", "dilation", "groups", "alpha", "other",
		"start_dim", "end_dim", "dim0", "dim1", "index", "start", "end", "step", "keepdim", "dtype", "normalized_shape", "output_size",
		"pad", "value", "exponent", "min", "max", "p", "train", "dropout_p", "is_causal", "scale", "enable_gqa", "rounding_mode", "ceil_mode", "padding_idx", "divisor_override",
		"k", "largest", "sorted", "repeats", "diagonal", "upscale_factor", "downscale_factor", "num_groups", "ord", "momentum", "eps",
		"threshold", "lambd", "beta", "input_scale", "sparse_grad"} {
		bad[n] = ctx.UnitAttr()
	}
	unranked := ctx.UnrankedTensorType(ctx.F32())
	for _, o := range Dialect.Ops {
		if o.Infer == nil {
			continue
		}
		for _, ts := range [][]ir.Type{nil, {unranked}, {unranked, unranked, unranked, unranked}} {
			assert.NotPanics(t, func() { _, _ = o.Infer(ctx, ts, getter(bad)) }, o.Name)
			assert.NotPanics(t, func() { _, _ = o.Infer(ctx, ts, getter(nil)) }, o.Name)
		}
	}
}

func TestFolders(t *testing.T) {
	ctx := newCtx()
	src := `func.func @f() -> (tensor<2x3xf32>, tensor<6xf32>, tensor<1x2x3xf32>) {
  %0 = torch.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %1 = torch.aten.reshape %0 {shape = array<i64: -1>} : tensor<2x3xf32> -> tensor<6xf32>
  %2 = torch.aten.unsqueeze %0 {dim = 0} : tensor<2x3xf32> -> tensor<1x2x3xf32>
  %3 = torch.aten.clone %0 : tensor<2x3xf32>
  return %3, %1, %2 : tensor<2x3xf32>, tensor<6xf32>, tensor<1x2x3xf32>
}`
	m, err := asm.Parse(ctx, "t.mlir", []byte(src), 1)
	require.NoError(t, err)
	require.NoError(t, ir.Verify(m))
	ops := map[string]*ir.Operation{}
	ir.Walk(m, func(op *ir.Operation) { ops[op.Name()] = op })
	c := ops["torch.constant"]
	cst := foldConstant(c, nil)
	require.Len(t, cst, 1)
	assert.Equal(t, c.InherentAttr("value"), cst[0])

	got := foldReshape(ops["torch.aten.reshape"], cst)
	require.Len(t, got, 1)
	assert.Equal(t, "dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00]> : tensor<6xf32>", got[0].String())
	got = foldReshape(ops["torch.aten.unsqueeze"], cst)
	require.Len(t, got, 1)
	assert.Equal(t, "tensor<1x2x3xf32>", got[0].(*ir.DenseElementsAttr).Type.String())
	assert.Equal(t, cst, foldReshape(ops["torch.aten.clone"], cst), "an identity folds to its operand's value")
	assert.Nil(t, foldReshape(ops["torch.aten.reshape"], []ir.Attribute{nil}), "no fold without a constant operand")

	// Splats stay splats.
	splat := ctx.DenseElementsAttr(ctx.TensorType([]int64{2, 3}, ctx.F32(), nil), ir.EncodeFloat(nil, ir.F32, 1.5))
	got = foldReshape(ops["torch.aten.reshape"], []ir.Attribute{splat})
	require.Len(t, got, 1)
	assert.Equal(t, "dense<1.500000e+00> : tensor<6xf32>", got[0].String())
}

// TestTable checks the table itself: every op documented, inferred and
// with a custom form, and ops.mlir exercising every op.
func TestTable(t *testing.T) {
	assert.GreaterOrEqual(t, len(Dialect.Ops), 40)
	golden, err := os.ReadFile(filepath.Join("..", "..", "lit-tests", "dialects", "torch", "ops.mlir"))
	require.NoError(t, err)
	for _, o := range Dialect.Ops {
		name := o.FullName()
		assert.NotEmpty(t, o.Summary, name)
		assert.NotEmpty(t, o.Description, name)
		assert.NotNil(t, o.Infer, name)
		assert.NotEmpty(t, o.Format, name)
		for _, a := range o.Attrs {
			if a.Optional {
				assert.NotEmpty(t, a.Default, "%s: optional attribute %s documents its default", name, a.Name)
				// A default is a parsed value unless it is None or
				// computed from other arguments; readers take it from here.
				note := strings.HasPrefix(a.Default, "none") || a.Default == "kernel_size" || strings.HasSuffix(a.Default, "(all dims)")
				assert.Equal(t, !note, a.Value != nil, "%s: attribute %s default %q is a parsed value", name, a.Name, a.Default)
			}
		}
		assert.True(t, bytes.Contains(golden, []byte(" "+name+" ")), "ops.mlir exercises %s", name)
	}
}

// TestRoundTrip prints the golden file and reads it back, custom and
// generic, to a fixed point.
func TestRoundTrip(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "lit-tests", "dialects", "torch", "ops.mlir"))
	require.NoError(t, err)
	_, generic := asmtest.RoundTrip(t, newCtx(), "ops.mlir", string(src))
	assert.False(t, strings.Contains(generic, "torch.aten.relu %"), "generic form has no custom syntax")
}

// TestGenericFormInteropWithMLIR feeds the generic form of ops.mlir to
// mlir-opt-19 (as unregistered ops) and reads its output back: the torch
// dialect's IR is valid MLIR and survives the trip unchanged.
func TestGenericFormInteropWithMLIR(t *testing.T) {
	mlirOpt, err := exec.LookPath("mlir-opt-19")
	if err != nil {
		t.Skip("mlir-opt-19 not installed (make deps installs it)")
	}
	src, err := os.ReadFile(filepath.Join("..", "..", "lit-tests", "dialects", "torch", "ops.mlir"))
	require.NoError(t, err)
	print := func(src []byte, generic bool) []byte {
		ctx := newCtx()
		m, err := asm.Parse(ctx, "ops.mlir", src, 1)
		require.NoError(t, err)
		require.NoError(t, ir.Verify(m))
		var b bytes.Buffer
		require.NoError(t, asm.Print(&b, m, asm.PrintOptions{Generic: generic}))
		return b.Bytes()
	}
	cmd := exec.Command(mlirOpt, "--allow-unregistered-dialect", "--mlir-print-op-generic", "-")
	cmd.Stdin = bytes.NewReader(print(src, true))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	theirs, err := cmd.Output()
	require.NoError(t, err, stderr.String())
	assert.Equal(t, string(print(src, false)), string(print(theirs, false)))
}
