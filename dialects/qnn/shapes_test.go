package qnn

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/ir"
)

// params builds attributes the way the parser would, bypassing the text
// form (so negative i64 matrix entries need no dense<...> parsing).
type params struct {
	ctx *ir.Context
	m   map[string]ir.Attribute
}

func newParams(ctx *ir.Context) *params { return &params{ctx: ctx, m: map[string]ir.Attribute{}} }

func (p *params) arr(name string, v ...int64) *params {
	p.m[name] = p.ctx.DenseIntArrayAttr(p.ctx.I(64), v)
	return p
}

func (p *params) mat(name string, rows [][]int64) *params {
	var raw []byte
	for _, r := range rows {
		for _, v := range r {
			raw = ir.EncodeInt(raw, v, 8)
		}
	}
	t := p.ctx.TensorType([]int64{int64(len(rows)), int64(len(rows[0]))}, p.ctx.I(64), nil)
	p.m[name] = p.ctx.DenseElementsAttr(t, raw)
	return p
}

func (p *params) int(name string, v int64) *params {
	p.m[name] = p.ctx.IntegerAttr(p.ctx.I(64), v)
	return p
}

func (p *params) str(name, v string) *params {
	p.m[name] = p.ctx.StringAttr(v)
	return p
}

func (p *params) flag(name string) *params {
	p.m[name] = p.ctx.BoolAttr(true)
	return p
}

func (p *params) get() ods.AttrGetter { return func(n string) ir.Attribute { return p.m[n] } }

func f32(ctx *ir.Context, shape ...int64) ir.Type { return ctx.TensorType(shape, ctx.F32(), nil) }

func infer(t *testing.T, op string, p *params, operands ...ir.Type) []int64 {
	t.Helper()
	s, err := InferShape(op, operands, p.get())
	require.NoError(t, err, op)
	return s
}

func inferErr(t *testing.T, op string, p *params, operands ...ir.Type) string {
	t.Helper()
	_, err := InferShape(op, operands, p.get())
	require.Error(t, err, op)
	return err.Error()
}

func TestConv2dShape(t *testing.T) {
	ctx := newCtx()
	x := f32(ctx, 1, 224, 224, 3)
	w := f32(ctx, 7, 7, 3, 64)
	// ResNet stem: 7x7 stride 2 pad 3 -> 112.
	p := newParams(ctx).arr("stride", 2, 2).mat("pad_amount", [][]int64{{3, 3}, {3, 3}})
	assert.Equal(t, []int64{1, 112, 112, 64}, infer(t, "Conv2d", p, x, w))
	// Asymmetric TF-SAME padding: 224 + 2 + 3 - 7 = 222 -> 222/2 + 1 = 112.
	p = newParams(ctx).arr("stride", 2, 2).mat("pad_amount", [][]int64{{2, 3}, {0, 0}})
	assert.Equal(t, []int64{1, 112, 109, 64}, infer(t, "qnn.Conv2d", p, x, w))
	// Dilation 2 makes a 3x3 filter span 5: (32 + 2·2 - 5)/1 + 1 = 32.
	p = newParams(ctx).arr("stride", 1, 1).arr("dilation", 2, 2).mat("pad_amount", [][]int64{{2, 2}, {2, 2}})
	assert.Equal(t, []int64{2, 32, 32, 16}, infer(t, "Conv2d", p, f32(ctx, 2, 32, 32, 8), f32(ctx, 3, 3, 8, 16)))
	// Dilation per axis with stride: h (17 + 0 - 9)/2 + 1 = 5, w (17 - 3)/1 + 1 = 15.
	p = newParams(ctx).arr("stride", 2, 1).arr("dilation", 4, 1).mat("pad_amount", [][]int64{{0, 0}, {0, 0}})
	assert.Equal(t, []int64{1, 5, 15, 4}, infer(t, "Conv2d", p, f32(ctx, 1, 17, 17, 4), f32(ctx, 3, 3, 4, 4)))
	// Groups: filter holds cin/group input channels, with a bias.
	p = newParams(ctx).arr("stride", 1, 1).mat("pad_amount", [][]int64{{1, 1}, {1, 1}}).int("group", 4)
	assert.Equal(t, []int64{1, 8, 8, 32}, infer(t, "Conv2d", p, f32(ctx, 1, 8, 8, 16), f32(ctx, 3, 3, 4, 32), f32(ctx, 32)))

	assert.Contains(t, inferErr(t, "Conv2d", p, f32(ctx, 1, 8, 8, 16), f32(ctx, 3, 3, 16, 32)), "times group (4) must equal the input channels (16)")
	assert.Contains(t, inferErr(t, "Conv2d", p, f32(ctx, 1, 8, 8, 16), f32(ctx, 3, 3, 4, 32), f32(ctx, 16)), "bias of shape 32")
	p = newParams(ctx).arr("stride", 1, 1).mat("pad_amount", [][]int64{{0, 0}, {0, 0}}).arr("dilation", 3, 3)
	assert.Contains(t, inferErr(t, "Conv2d", p, f32(ctx, 1, 6, 6, 1), f32(ctx, 3, 3, 1, 1)), "effective filter height 7 exceeds the padded input height 6")
	assert.Contains(t, inferErr(t, "Conv2d", newParams(ctx).mat("pad_amount", [][]int64{{0, 0}, {0, 0}}), x, w), "requires attribute 'stride'")
	p = newParams(ctx).arr("stride", 1, 1).mat("pad_amount", [][]int64{{0, -1}, {0, 0}})
	assert.Contains(t, inferErr(t, "Conv2d", p, x, w), "non-negative")
}

func TestDepthWiseConv2dShape(t *testing.T) {
	ctx := newCtx()
	// MobileNet block: 3x3 depthwise stride 2 pad 1 on 112x112x32.
	p := newParams(ctx).arr("stride", 2, 2).mat("pad_amount", [][]int64{{1, 1}, {1, 1}})
	assert.Equal(t, []int64{1, 56, 56, 32}, infer(t, "DepthWiseConv2d", p, f32(ctx, 1, 112, 112, 32), f32(ctx, 3, 3, 1, 32)))
	// Channel multiplier 3 and dilation 2.
	p = newParams(ctx).arr("stride", 1, 1).arr("dilation", 2, 2).mat("pad_amount", [][]int64{{2, 2}, {2, 2}})
	assert.Equal(t, []int64{1, 10, 10, 24}, infer(t, "DepthWiseConv2d", p, f32(ctx, 1, 10, 10, 8), f32(ctx, 3, 3, 1, 24), f32(ctx, 24)))
	assert.Contains(t, inferErr(t, "DepthWiseConv2d", p, f32(ctx, 1, 10, 10, 8), f32(ctx, 3, 3, 8, 8)), "got dimension 2 of size 8")
	assert.Contains(t, inferErr(t, "DepthWiseConv2d", p, f32(ctx, 1, 10, 10, 8), f32(ctx, 3, 3, 1, 12)), "must be a multiple of the input channels (8)")
}

func TestTransposeConv2dShape(t *testing.T) {
	ctx := newCtx()
	// 2x upsampling: stride 2, 4x4 filter, pad 1: 2·(16-1) + 4 - 2 = 32.
	p := newParams(ctx).arr("stride", 2, 2).mat("pad_amount", [][]int64{{1, 1}, {1, 1}})
	assert.Equal(t, []int64{1, 32, 32, 8}, infer(t, "TransposeConv2d", p, f32(ctx, 1, 16, 16, 16), f32(ctx, 4, 4, 16, 8)))
	// output_padding adds at the end; groups multiply the filter's output channels.
	p = newParams(ctx).arr("stride", 2, 3).arr("output_padding", 1, 2).mat("pad_amount", [][]int64{{1, 0}, {0, 1}}).int("group", 2)
	// h: 2·4 + 1 + 3 - 1 = 11; w: 3·4 + 2 + 3 - 1 = 16; channels 3·2 = 6.
	assert.Equal(t, []int64{1, 11, 16, 6}, infer(t, "TransposeConv2d", p, f32(ctx, 1, 5, 5, 4), f32(ctx, 3, 3, 4, 3), f32(ctx, 6)))
	p = newParams(ctx).arr("stride", 2, 2).arr("output_padding", 2, 0).mat("pad_amount", [][]int64{{0, 0}, {0, 0}})
	assert.Contains(t, inferErr(t, "TransposeConv2d", p, f32(ctx, 1, 5, 5, 4), f32(ctx, 3, 3, 4, 3)), "'output_padding' value 2 must be in [0, stride 2)")
	p = newParams(ctx).arr("stride", 1, 1).mat("pad_amount", [][]int64{{3, 3}, {0, 0}})
	assert.Contains(t, inferErr(t, "TransposeConv2d", p, f32(ctx, 1, 1, 5, 4), f32(ctx, 3, 3, 4, 3)), "output height would be -3")
}

func TestPoolShapeRoundingModes(t *testing.T) {
	ctx := newCtx()
	x := f32(ctx, 1, 8, 8, 4)
	base := func() *params { return newParams(ctx).arr("filter_size", 3, 3).arr("stride", 2, 2) }
	// (8 - 3) / 2 = 2.5: floor -> 3 outputs, ceil -> 4.
	assert.Equal(t, []int64{1, 3, 3, 4}, infer(t, "PoolMax2d", base(), x))
	assert.Equal(t, []int64{1, 3, 3, 4}, infer(t, "PoolMax2d", base().str("rounding_mode", "floor"), x))
	assert.Equal(t, []int64{1, 4, 4, 4}, infer(t, "PoolMax2d", base().str("rounding_mode", "ceil"), x))
	assert.Equal(t, []int64{1, 4, 4, 4}, infer(t, "PoolAvg2d", base().str("rounding_mode", "ceil"), x))
	// Exact division: both modes agree. (9 - 3)/2 = 3 -> 4.
	assert.Equal(t, []int64{1, 4, 4, 4}, infer(t, "PoolAvg2d", base(), f32(ctx, 1, 9, 9, 4)))
	assert.Equal(t, []int64{1, 4, 4, 4}, infer(t, "PoolAvg2d", base().str("rounding_mode", "ceil"), f32(ctx, 1, 9, 9, 4)))
	// Padding: ResNet max pool 112 -> 56.
	p := base().mat("pad_amount", [][]int64{{1, 1}, {1, 1}})
	assert.Equal(t, []int64{1, 56, 56, 64}, infer(t, "PoolMax2d", p, f32(ctx, 1, 112, 112, 64)))
	// Asymmetric padding and ceil: h (7 + 0 + 1 - 2)/2 = 3 -> 4; w (7 + 1 - 2)/2 = 3 -> 4 (exact).
	p = newParams(ctx).arr("filter_size", 2, 2).arr("stride", 2, 2).mat("pad_amount", [][]int64{{0, 1}, {1, 0}}).str("rounding_mode", "ceil")
	assert.Equal(t, []int64{1, 4, 4, 2}, infer(t, "PoolAvg2d", p, f32(ctx, 1, 7, 7, 2)))
	p = newParams(ctx).arr("filter_size", 2, 2).arr("stride", 2, 2).str("rounding_mode", "ceil")
	assert.Equal(t, []int64{1, 4, 4, 2}, infer(t, "PoolAvg2d", p, f32(ctx, 1, 7, 7, 2)), "ceil((7-2)/2) + 1 = 4")
	assert.Equal(t, []int64{1, 3, 3, 2}, infer(t, "PoolAvg2d", newParams(ctx).arr("filter_size", 2, 2).arr("stride", 2, 2), f32(ctx, 1, 7, 7, 2)))
	assert.Contains(t, inferErr(t, "PoolMax2d", base(), f32(ctx, 1, 2, 8, 4)), "exceeds the padded input height 2")
}

func TestStridedSliceShape(t *testing.T) {
	ctx := newCtx()
	x := f32(ctx, 4, 10)
	cases := []struct {
		name  string
		p     *params
		want  []int64
		input ir.Type
	}{
		{"plain", newParams(ctx).mat("ranges", [][]int64{{0, 4, 1}, {2, 8, 2}}), []int64{4, 3}, x},
		{"negative begin/end count from the end", newParams(ctx).mat("ranges", [][]int64{{-3, -1, 1}, {0, 10, 1}}), []int64{2, 10}, x},
		{"clamped to the dimension", newParams(ctx).mat("ranges", [][]int64{{-100, 100, 1}, {5, 1000, 4}}), []int64{4, 2}, x},
		{"negative stride reverses", newParams(ctx).mat("ranges", [][]int64{{3, 0, -1}, {9, 0, -3}}), []int64{3, 3}, x},
		{"negative stride to the start via end_mask", newParams(ctx).mat("ranges", [][]int64{{0, 4, 1}, {-1, 0, -1}}).int("end_mask", 2), []int64{4, 10}, x},
		{"begin_mask with negative stride starts at the end", newParams(ctx).mat("ranges", [][]int64{{0, 4, 1}, {0, 4, -2}}).int("begin_mask", 2), []int64{4, 3}, x},
		{"empty slice", newParams(ctx).mat("ranges", [][]int64{{3, 1, 1}, {0, 10, 1}}), []int64{0, 10}, x},
		{"shrink takes one index", newParams(ctx).mat("ranges", [][]int64{{-1, 0, 1}, {0, 10, 5}}).int("shrink_axes", 1), []int64{2}, x},
		{"new axis row is ignored", newParams(ctx).mat("ranges", [][]int64{{0, 4, 1}, {7, 7, 7}, {0, 10, 1}}).int("new_axes_mask", 2), []int64{4, 1, 10}, x},
		{"full masks", newParams(ctx).mat("ranges", [][]int64{{2, 2, 1}, {2, 2, 1}}).int("begin_mask", 3).int("end_mask", 3), []int64{4, 10}, x},
	}
	for _, c := range cases {
		s, err := InferShape("StridedSlice", []ir.Type{c.input}, c.p.get())
		if assert.NoError(t, err, c.name) {
			assert.Equal(t, c.want, s, c.name)
		}
	}
	assert.Contains(t, inferErr(t, "StridedSlice", newParams(ctx).mat("ranges", [][]int64{{0, 4, 1}, {0, 10, 0}}), x), "stride 0")
	assert.Contains(t, inferErr(t, "StridedSlice", newParams(ctx).mat("ranges", [][]int64{{-5, 0, 1}, {0, 10, 1}}).int("shrink_axes", 1), x), "at index -5, outside [0, 4)")
	assert.Contains(t, inferErr(t, "StridedSlice", newParams(ctx).mat("ranges", [][]int64{{0, 4, 1}}), x), "must have 2 rows")
	assert.Contains(t, inferErr(t, "StridedSlice", newParams(ctx).mat("ranges", [][]int64{{0, 4, 1}, {0, 1, 1}}).int("begin_mask", -1), x), "32-bit mask")
}

func TestOtherShapes(t *testing.T) {
	ctx := newCtx()
	none := newParams(ctx)
	assert.Equal(t, []int64{6, 10}, infer(t, "FullyConnected", none, f32(ctx, 2, 3, 16), f32(ctx, 10, 16)))
	assert.Equal(t, []int64{2, 3, 10}, infer(t, "FullyConnected", newParams(ctx).flag("keep_dims"), f32(ctx, 2, 3, 16), f32(ctx, 10, 16), f32(ctx, 10)))
	assert.Equal(t, []int64{5, 2, 4, 16}, infer(t, "MatMul", none, f32(ctx, 5, 1, 4, 8), f32(ctx, 2, 8, 16)))
	assert.Equal(t, []int64{8, 16}, infer(t, "MatMul", newParams(ctx).flag("transpose_in0").flag("transpose_in1"), f32(ctx, 4, 8), f32(ctx, 16, 4)))
	assert.Equal(t, []int64{2, 3, 4}, infer(t, "ElementWiseAdd", none, f32(ctx, 2, 1, 4), f32(ctx, 3, 1)))
	assert.Equal(t, []int64{2, 3}, infer(t, "ElementWiseMultiply", none, f32(ctx), f32(ctx, 2, 3)), "a scalar broadcasts")
	assert.Equal(t, []int64{1, 4, 8, 8}, infer(t, "Transpose", newParams(ctx).arr("perm", 0, 3, 1, 2), f32(ctx, 1, 8, 8, 4)))
	assert.Equal(t, []int64{2, 9}, infer(t, "Concat", none, f32(ctx, 2, 3), f32(ctx, 2, 5), f32(ctx, 2, 1)))
	assert.Equal(t, []int64{5, 3}, infer(t, "Concat", newParams(ctx).int("axis", 0), f32(ctx, 2, 3), f32(ctx, 3, 3)))
	assert.Equal(t, []int64{1, 1, 1, 64}, infer(t, "ReduceMean", newParams(ctx).arr("axes", 1, 2).flag("keep_dims"), f32(ctx, 1, 7, 7, 64)))
	assert.Equal(t, []int64{1, 64}, infer(t, "ReduceMean", newParams(ctx).arr("axes", 2, 1), f32(ctx, 1, 7, 7, 64)))
	assert.Equal(t, []int64{4, 2, 5, 3}, infer(t, "Gather", newParams(ctx).int("axis", 1), f32(ctx, 4, 100, 3), ctx.TensorType([]int64{2, 5}, ctx.I(32), nil)))
	assert.Equal(t, []int64{1, 10, 12, 4}, infer(t, "Pad", newParams(ctx).mat("pad_amount", [][]int64{{0, 0}, {1, 1}, {2, 2}, {0, 0}}).str("scheme", "edge"), f32(ctx, 1, 8, 8, 4)))
	assert.Equal(t, []int64{2, 16, 64}, infer(t, "LayerNorm", newParams(ctx).arr("axes", 2), f32(ctx, 2, 16, 64), f32(ctx, 64), f32(ctx, 64)))
	assert.Equal(t, []int64{2, 3}, infer(t, "Softmax", none, f32(ctx, 2, 3)))

	_, err := InferShape("Reshape", []ir.Type{f32(ctx, 2)}, nil)
	assert.ErrorContains(t, err, "qnn.Reshape has no shape rule", "Reshape's shape is the result type's")
	_, err = InferShape("Relu", []ir.Type{ctx.TensorType([]int64{ir.Dynamic}, ctx.F32(), nil)}, nil)
	assert.ErrorContains(t, err, "not a statically shaped tensor")
	q, err := NewTensorType(ctx, []int64{1, 8, 8, 4}, UFixed8, ScaleOffset{0.5, -128})
	require.NoError(t, err)
	assert.Equal(t, []int64{1, 4, 4, 4}, infer(t, "PoolAvg2d", newParams(ctx).arr("filter_size", 2, 2).arr("stride", 2, 2), q), "!qnn.tensor operands have shapes too")
}

// Every op with a shape rule is in the table and vice versa (except the
// ops whose result shape is the result type's own).
func TestShapeRulesCoverTable(t *testing.T) {
	free := map[string]bool{"Reshape": true, "Resize": true, "StaticTensor": true}
	for _, o := range Dialect.Ops {
		_, has := shapeFns[o.Name]
		assert.Equal(t, !free[o.Name], has, o.Name)
		assert.NotEmpty(t, o.Summary, o.Name)
		assert.NotEmpty(t, o.Description, o.Name)
		assert.NotEmpty(t, o.Format, o.Name)
		assert.NotNil(t, o.Verify, o.Name)
	}
	assert.Len(t, shapeFns, len(Dialect.Ops)-len(free))
	assert.GreaterOrEqual(t, len(Dialect.Ops), 25)
}
