package qnn

import (
	"bytes"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/dialects/builtin"
	function "github.com/mlc-go/mlc/dialects/func"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
)

func newCtx() *ir.Context {
	ctx := ir.NewContext()
	builtin.Register(ctx)
	function.Register(ctx)
	Register(ctx)
	return ctx
}

// parseBody parses "!qnn"+body as a file's type.
func parseBody(ctx *ir.Context, body string) (ir.Type, error) {
	return asm.ParseType(ctx, "!qnn"+body)
}

func TestTypeTextRoundTrip(t *testing.T) {
	cases := map[string]string{
		// canonical spellings print as written
		".tensor<1x224x224x3xufixed8, scale = 0.0078125, offset = -128>":              "!qnn.tensor<1x224x224x3xufixed8, scale = 0.0078125, offset = -128>",
		".tensor<ufixed16, scale = 1.0, offset = 0>":                                  "!qnn.tensor<ufixed16, scale = 1.0, offset = 0>",
		".tensor<3x2xsfixed8, axis = 1, scale_offsets = [0.5:0, 0.25:-3]>":            "!qnn.tensor<3x2xsfixed8, axis = 1, scale_offsets = [0.5:0, 0.25:-3]>",
		".tensor<2x4xsfixed4, block_size = [2, 2], scale_offsets = [0.5:0, 0.125:1]>": "!qnn.tensor<2x4xsfixed4, block_size = [2, 2], scale_offsets = [0.5:0, 0.125:1]>",
		".tensor<4xsfixed32, scale = 1e-06, offset = 0>":                              "!qnn.tensor<4xsfixed32, scale = 1e-06, offset = 0>",
		".tensor<4xufixed4, scale = 300.0, offset = -15>":                             "!qnn.tensor<4xufixed4, scale = 300.0, offset = -15>",
		".tensor<4xsfixed16, scale = 2.5, offset = 32768>":                            "!qnn.tensor<4xsfixed16, scale = 2.5, offset = 32768>",
		".tensor<4xufixed32, scale = 0.5, offset = -2147483648>":                      "!qnn.tensor<4xufixed32, scale = 0.5, offset = -2147483648>",
		// other spellings print canonically
		".tensor< 1 x 2 x ufixed8 ,scale=5e-1,offset=-3 >":                         "!qnn.tensor<1x2xufixed8, scale = 0.5, offset = -3>",
		".tensor<2xufixed8, scale = 0.100000001490116119384765625, offset = 0>":    "!qnn.tensor<2xufixed8, scale = 0.1, offset = 0>",
		".tensor<2xufixed8, scale = 3, offset = 0>":                                "!qnn.tensor<2xufixed8, scale = 3.0, offset = 0>",
		".tensor<2xsfixed8,\n axis = 0,\n scale_offsets = [ 1.0 : 0 , 2.0 : -1 ]>": "!qnn.tensor<2xsfixed8, axis = 0, scale_offsets = [1.0:0, 2.0:-1]>",
	}
	for body, want := range cases {
		ctx := newCtx()
		ty, err := parseBody(ctx, body)
		require.NoError(t, err, body)
		assert.Equal(t, want, ty.String(), body)
		again, err := parseBody(ctx, want[len("!qnn"):])
		require.NoError(t, err, want)
		assert.Same(t, ty, again, "the printed form reads back to the same interned type")
	}
}

func TestTypeErrors(t *testing.T) {
	cases := map[string]string{
		".tensor<4xufixed8, scale = 0.0, offset = 0>":                        "scale must be positive and finite, got 0.0",
		".tensor<4xufixed8, scale = -1, offset = 0>":                         "scale must be positive and finite, got -1.0",
		".tensor<4xufixed8, scale = 1e40, offset = 0>":                       "got +Inf",
		".tensor<4xufixed8, scale = 1e-50, offset = 0>":                      "got 0.0",
		".tensor<4xufixed8, scale = 0.5, offset = 1>":                        "must lie in [-255, 0]",
		".tensor<4xsfixed8, scale = 0.5, offset = -128>":                     "must lie in [-127, 128]",
		".tensor<4xufixed4, scale = 0.5, offset = -16>":                      "must lie in [-15, 0]",
		".tensor<4xsfixed32, scale = 0.5, offset = 2147483648>":              "does not fit QNN's int32 offset",
		".tensor<2x3xsfixed8, axis = -1, scale_offsets = [0.5:0]>":           "quantization axis -1 is out of range",
		".tensor<2x3xsfixed8, axis = 0, scale_offsets = [0.5:0]>":            "expected 2 scale/offset pairs for axis 0 of size 2, got 1",
		".tensor<2x6xsfixed8, block_size = [2, 4], scale_offsets = [0.5:0]>": "block size 4 does not divide dimension 1 of size 6",
		".tensor<2x8xsfixed8, block_size = [2, 4], scale_offsets = [0.5:0]>": "expected 2 scale/offset pairs, one per block, got 1",
		".tensor<2xint32, scale = 1.0, offset = 0>":                          "write int32 as the builtin tensor<...xi32>",
		".tensor<2xbool8>": "write bool8 as the builtin tensor<...xi1>",
		".tensor<?xufixed8, scale = 1.0, offset = 0>":       "dynamic dimensions are not supported",
		".tensor<2xufixed8>":                                "expected ',' and a quantization encoding",
		"<tensor<2xufixed8, scale = 1.0, offset = 0> junk>": "unexpected text after the type",
		".quantized<2xufixed8>":                             "unknown qnn type '!qnn.quantized'",
	}
	for body, want := range cases {
		_, err := parseBody(newCtx(), body)
		if assert.Error(t, err, body) {
			assert.Contains(t, err.Error(), want, body)
		}
	}
}

func TestConstructors(t *testing.T) {
	ctx := newCtx()
	so, err := ScaleOffsetFromZeroPoint(0.5, 128)
	require.NoError(t, err)
	assert.Equal(t, ScaleOffset{Scale: 0.5, Offset: -128}, so, "QNN's offset is the negated zero point")
	assert.Equal(t, int64(128), so.ZeroPoint())

	a, err := NewTensorType(ctx, []int64{1, 8}, UFixed8, so)
	require.NoError(t, err)
	assert.Equal(t, "!qnn.tensor<1x8xufixed8, scale = 0.5, offset = -128>", a.String())
	b, err := parseBody(ctx, ".tensor<1x8xufixed8, scale = 0.5, offset = -128>")
	require.NoError(t, err)
	assert.Same(t, a, b, "constructed and parsed types are interned together")
	got, ok := a.ScaleOffset()
	assert.True(t, ok)
	assert.Equal(t, so, got)
	assert.Equal(t, int64(8), a.NumElements())

	c, err := a.WithShape(ctx, []int64{8})
	require.NoError(t, err)
	assert.Equal(t, "!qnn.tensor<8xufixed8, scale = 0.5, offset = -128>", c.String())

	pc, err := NewPerAxisTensorType(ctx, []int64{3, 2}, SFixed8, 1, []ScaleOffset{{0.5, 0}, {0.25, 0}})
	require.NoError(t, err)
	assert.Equal(t, AxisScaleOffsetEncoding, pc.Encoding)
	_, err = pc.WithShape(ctx, []int64{6})
	assert.Error(t, err, "a per-axis encoding cannot move to another shape")

	bl, err := NewBlockTensorType(ctx, []int64{2, 4}, SFixed4, []int64{1, 2}, []ScaleOffset{{1, 0}, {1, 0}, {1, 0}, {1, 0}})
	require.NoError(t, err)
	assert.Equal(t, "!qnn.tensor<2x4xsfixed4, block_size = [1, 2], scale_offsets = [1.0:0, 1.0:0, 1.0:0, 1.0:0]>", bl.String())

	_, err = NewTensorType(ctx, []int64{2}, Float32, ScaleOffset{1, 0})
	assert.ErrorContains(t, err, "builtin tensor<...xf32>")
	_, err = NewTensorType(ctx, []int64{0}, UFixed8, ScaleOffset{1, 0})
	assert.ErrorContains(t, err, "must be positive")
	_, err = NewPerAxisTensorType(ctx, []int64{3}, SFixed8, 0, []ScaleOffset{{1, 0}})
	assert.ErrorContains(t, err, "expected 3 scale/offset pairs")
	_, err = NewTensorType(ctx, []int64{2}, UFixed8, ScaleOffset{float32(math.Inf(1)), 0})
	assert.ErrorContains(t, err, "positive and finite")
	_, err = ScaleOffsetFromZeroPoint(1, math.MinInt32)
	assert.Error(t, err, "-MinInt32 does not fit an int32 offset")
}

func TestScaleOffsetArithmetic(t *testing.T) {
	so := ScaleOffset{Scale: 0.5, Offset: -128} // zero point 128
	assert.Equal(t, float32(36), so.Dequantize(200), "(200 + -128) * 0.5")
	assert.Equal(t, int64(200), so.Quantize(36, UFixed8))
	assert.Equal(t, int64(128), so.Quantize(0, UFixed8), "real 0 is the zero point")
	assert.Equal(t, int64(255), so.Quantize(1e6, UFixed8), "saturates high")
	assert.Equal(t, int64(0), so.Quantize(-1e6, UFixed8), "saturates low")
	assert.Equal(t, int64(128), so.Quantize(0.25, UFixed8), "0.25 / 0.5 = 0.5 rounds half to even, to 0")
	assert.Equal(t, int64(130), so.Quantize(0.75, UFixed8), "1.5 rounds half to even, to 2")
	sym := ScaleOffset{Scale: 0.1, Offset: 0}
	assert.Equal(t, int64(-8), sym.Quantize(-5, SFixed4), "saturates to the 4-bit range")
}

func TestStorageRanges(t *testing.T) {
	for d, want := range map[DataType][2]int64{
		UFixed4: {0, 15}, SFixed4: {-8, 7}, UFixed8: {0, 255}, SFixed8: {-128, 127},
		UFixed16: {0, 65535}, SFixed16: {-32768, 32767}, SFixed32: {math.MinInt32, math.MaxInt32},
		UFixed32: {0, math.MaxUint32}, Int64: {math.MinInt64, math.MaxInt64}, Bool8: {0, 255},
	} {
		lo, hi := d.StorageRange()
		assert.Equal(t, want, [2]int64{lo, hi}, d.String())
	}
	assert.Equal(t, "QNN_DATATYPE_SFIXED_POINT_16", SFixed16.QNNName())
	assert.Equal(t, DataType(0x0408), UFixed8, "values are Qnn_DataType_t codes")
	assert.True(t, SFixed4.IsFixedPoint())
	assert.False(t, Int8.IsFixedPoint())
	assert.True(t, UInt32.IsInteger())
}

func TestDataTypeOfBuiltinTensors(t *testing.T) {
	ctx := newCtx()
	cases := map[ir.Type]DataType{
		ctx.TensorType([]int64{2}, ctx.FloatType(ir.F16), nil):            Float16,
		ctx.TensorType([]int64{2}, ctx.F32(), nil):                        Float32,
		ctx.TensorType([]int64{2}, ctx.I(1), nil):                         Bool8,
		ctx.TensorType([]int64{2}, ctx.I(8), nil):                         Int8,
		ctx.TensorType([]int64{2}, ctx.IntegerType(8, ir.Signed), nil):    Int8,
		ctx.TensorType([]int64{2}, ctx.IntegerType(8, ir.Unsigned), nil):  UInt8,
		ctx.TensorType([]int64{2}, ctx.I(32), nil):                        Int32,
		ctx.TensorType([]int64{2}, ctx.IntegerType(32, ir.Unsigned), nil): UInt32,
		ctx.TensorType([]int64{2}, ctx.IntegerType(64, ir.Unsigned), nil): UInt64,
		ctx.TensorType([]int64{2}, ctx.I(16), nil):                        Int16,
		ctx.TensorType([]int64{2}, ctx.IntegerType(16, ir.Unsigned), nil): UInt16,
		ctx.TensorType([]int64{2}, ctx.I(64), nil):                        Int64,
	}
	for ty, want := range cases {
		got, ok := DataTypeOf(ty)
		assert.True(t, ok, ty.String())
		assert.Equal(t, want, got, ty.String())
	}
	for _, ty := range []ir.Type{ctx.TensorType([]int64{2}, ctx.FloatType(ir.BF16), nil), ctx.TensorType([]int64{2}, ctx.FloatType(ir.F64), nil), ctx.F32()} {
		_, ok := DataTypeOf(ty)
		assert.False(t, ok, ty.String())
	}
	_, ok := ShapeOf(ctx.TensorType([]int64{ir.Dynamic}, ctx.F32(), nil))
	assert.False(t, ok, "dynamic shapes are not QNN shapes")
}

func TestKindOf(t *testing.T) {
	ctx := newCtx()
	src := `func.func @g(%x: tensor<1x4xf32>) -> (tensor<1x4xf32>, tensor<1x4xf32>) {
  %w = qnn.StaticTensor dense<1.0> : tensor<1x4xf32> -> tensor<1x4xf32>
  %0 = qnn.ElementWiseAdd %x, %w : (tensor<1x4xf32>, tensor<1x4xf32>) -> tensor<1x4xf32>
  %1 = qnn.Relu %0 : tensor<1x4xf32> -> tensor<1x4xf32>
  %2 = qnn.Sigmoid %1 : tensor<1x4xf32> -> tensor<1x4xf32>
  return %1, %2 : tensor<1x4xf32>, tensor<1x4xf32>
}`
	m, err := asm.Parse(ctx, "k.mlir", []byte(src), 1)
	require.NoError(t, err)
	require.NoError(t, ir.Verify(m))
	kinds := map[string]TensorKind{}
	ir.Walk(m, func(op *ir.Operation) {
		if op.Name() == "func.func" {
			kinds["arg"] = KindOf(op.Region(0).Front().Arg(0))
		}
		if op.Dialect() == "qnn" {
			kinds[op.Name()] = KindOf(op.Result(0))
		}
	})
	assert.Equal(t, map[string]TensorKind{
		"arg":                KindAppWrite,
		"qnn.StaticTensor":   KindStatic,
		"qnn.ElementWiseAdd": KindNative,
		"qnn.Relu":           KindAppRead, // returned and also used by Sigmoid
		"qnn.Sigmoid":        KindAppRead,
	}, kinds)
	assert.Equal(t, "QNN_TENSOR_TYPE_APP_WRITE", KindAppWrite.String())
}

func TestModuleRoundTripWithAliases(t *testing.T) {
	ctx := newCtx()
	src := `!q = !qnn.tensor<1x4xufixed8, scale = 0.5, offset = -128>
func.func @g(%x: !q) -> !q {
  %0 = qnn.Relu %x : !q -> !q
  return %0 : !q
}`
	m, err := asm.Parse(ctx, "a.mlir", []byte(src), 1)
	require.NoError(t, err)
	require.NoError(t, ir.Verify(m))
	var b bytes.Buffer
	require.NoError(t, asm.Print(&b, m, asm.PrintOptions{}))
	assert.Contains(t, b.String(), "!qnn_tensor = !qnn.tensor<1x4xufixed8, scale = 0.5, offset = -128>")
	m2, err := asm.Parse(ctx, "b.mlir", b.Bytes(), 1)
	require.NoError(t, err)
	var b2 bytes.Buffer
	require.NoError(t, asm.Print(&b2, m2, asm.PrintOptions{}))
	assert.Equal(t, b.String(), b2.String())
}

// Every prefix and single-byte corruption of valid bodies fails cleanly.
func TestTypeParserNeverPanics(t *testing.T) {
	ctx := newCtx()
	for _, body := range []string{
		".tensor<1x2xufixed8, scale = 0.5, offset = -3>",
		".tensor<3x2xsfixed8, axis = 1, scale_offsets = [0.5:0, 0.25:-3]>",
		".tensor<2x4xsfixed4, block_size = [2, 2], scale_offsets = [0.5:0, 0.125:1]>",
	} {
		for i := 0; i <= len(body); i++ {
			assert.NotPanics(t, func() { _, _ = parseBody(ctx, body[:i]) }, body[:i])
			for _, c := range []byte{'x', '-', ']', '>', ':', ',', '9', ' '} {
				if i < len(body) {
					b := []byte(body)
					b[i] = c
					assert.NotPanics(t, func() { _, _ = parseBody(ctx, string(b)) }, string(b))
				}
			}
		}
	}
}
