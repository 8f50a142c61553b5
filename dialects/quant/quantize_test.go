package quant

import (
	"math"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/ir"
)

var i8Params = Params{Scale: 1, ZeroPoint: 0, Min: -128, Max: 127}

func TestQuantizeRoundsHalfToEven(t *testing.T) {
	for x, want := range map[float64]int64{
		0.5: 0, 1.5: 2, 2.5: 2, 3.5: 4, -0.5: 0, -1.5: -2, -2.5: -2, 1.4: 1, 1.6: 2, -1.6: -2, 0: 0,
	} {
		assert.Equal(t, want, i8Params.Quantize(x), "Quantize(%v)", x)
		assert.Equal(t, want, i8Params.Quantize32(float32(x)), "Quantize32(%v)", x)
	}
	// Next to a tie, float64 keeps the difference; float32 cannot.
	assert.Equal(t, int64(1), i8Params.Quantize(0.5000000000000001))
	assert.Equal(t, int64(0), i8Params.Quantize(0.49999999999999994))
	assert.Equal(t, int64(0), i8Params.Quantize32(float32(0.5000000000000001)))
	assert.Equal(t, int64(1), i8Params.Quantize32(math.Nextafter32(0.5, 1)))
	// Ties are decided on x / scale, after the zero point is known to be
	// an integer: with zp = 3, 0.5 → 0 + 3, 1.5 → 2 + 3.
	p := Params{Scale: 0.5, ZeroPoint: 3, Min: -128, Max: 127}
	assert.Equal(t, int64(3), p.Quantize(0.25))   // 0.5 → 0
	assert.Equal(t, int64(5), p.Quantize(0.75))   // 1.5 → 2
	assert.Equal(t, int64(4), p.Quantize(0.625))  // 1.25 → 1
	assert.Equal(t, int64(1), p.Quantize(-1.25))  // -2.5 → -2
	assert.Equal(t, int64(3), p.Quantize32(0.25)) // same in float32
	assert.Equal(t, int64(1), p.Quantize32(-1.25))
}

func TestQuantizeSaturates(t *testing.T) {
	assert.Equal(t, int64(127), i8Params.Quantize(127.5))
	assert.Equal(t, int64(127), i8Params.Quantize(1e30))
	assert.Equal(t, int64(-128), i8Params.Quantize(-128.5))
	assert.Equal(t, int64(-128), i8Params.Quantize(-1e300))
	assert.Equal(t, int64(127), i8Params.Quantize(math.Inf(1)))
	assert.Equal(t, int64(-128), i8Params.Quantize(math.Inf(-1)))
	assert.Equal(t, int64(0), i8Params.Quantize(math.NaN()), "NaN gives the zero point")
	assert.Equal(t, int64(127), i8Params.Quantize32(float32(math.Inf(1))))

	// Saturation is to the declared storage range, after the zero point.
	sym := Params{Scale: 0.1, ZeroPoint: 0, Min: -127, Max: 127}
	assert.Equal(t, int64(-127), sym.Quantize(-100))
	u8 := Params{Scale: 0.5, ZeroPoint: 128, Min: 0, Max: 255}
	assert.Equal(t, int64(255), u8.Quantize(64))   // 128 + 128
	assert.Equal(t, int64(255), u8.Quantize(63.5)) // 127 + 128
	assert.Equal(t, int64(254), u8.Quantize(63))
	assert.Equal(t, int64(0), u8.Quantize(-64.25))
	assert.Equal(t, int64(128), u8.Quantize(math.NaN()))
	u4 := Params{Scale: 1, ZeroPoint: 8, Min: 0, Max: 15}
	assert.Equal(t, int64(15), u4.Quantize(7.5)) // 8 + 8 saturates
	assert.Equal(t, int64(0), u4.Quantize(-9))
	i32 := Params{Scale: 1, Min: math.MinInt32, Max: math.MaxInt32}
	assert.Equal(t, int64(math.MaxInt32), i32.Quantize(1e12))
	assert.Equal(t, int64(math.MinInt32), i32.Quantize32(-1e12))
}

// TestQuantize32IsFloat32 shows where float32 arithmetic (ONNX
// QuantizeLinear) and float64 arithmetic disagree: x / scale rounds to
// float32 before the half-even rounding.
func TestQuantize32IsFloat32(t *testing.T) {
	// 0.3 / 0.2 is 1.4999999999999998 in float64 but exactly 1.5 in
	// float32 (after both operands are rounded to float32): 1 vs 2.
	p := Params{Scale: 0.2, Min: -128, Max: 127}
	assert.Equal(t, int64(1), p.Quantize(0.3))
	assert.Equal(t, int64(2), p.Quantize32(0.3))
	// The scale is rounded to float32 first, and it is a division, not
	// a multiplication by 1/scale.
	x, s := float32(2.5), float32(1.0/3.0)
	want := int64(math.RoundToEven(float64(x / s)))
	assert.Equal(t, want, Params{Scale: 1.0 / 3.0, Min: -128, Max: 127}.Quantize32(x))

	// Dequantize32 is float32 (q − zp) × float32(scale).
	d := Params{Scale: 0.1, ZeroPoint: -3, Min: -128, Max: 127}
	three, tenth := 3.0, 0.1
	assert.Equal(t, float32(three)*float32(tenth), d.Dequantize32(0))
	assert.Equal(t, three*tenth, d.Dequantize(0))
	assert.NotEqual(t, float64(d.Dequantize32(0)), d.Dequantize(0))
	// Beyond 2^24 the integer difference rounds when converted.
	big := Params{Scale: 1, Min: math.MinInt32, Max: math.MaxInt32}
	assert.Equal(t, float32(16777216), big.Dequantize32(16777217))
}

func TestQuantizeAsExpressedKind(t *testing.T) {
	p := Params{Scale: 0.2, Min: -128, Max: 127}
	assert.Equal(t, int64(1), p.QuantizeAs(ir.F64, 0.3))
	assert.Equal(t, int64(2), p.QuantizeAs(ir.F32, 0.3))
	// f16: the float32 result is rounded to half precision.
	h := Params{Scale: 0.1, Min: -128, Max: 127}
	three, tenth := 3.0, 0.1
	assert.Equal(t, ir.RoundToFloatType(ir.F16, float64(float32(three)*float32(tenth))), h.DequantizeAs(ir.F16, 3))
	assert.Equal(t, three*tenth, h.DequantizeAs(ir.F64, 3))
}

func TestRequantize(t *testing.T) {
	acc := Params{Scale: 0.01, Min: math.MinInt32, Max: math.MaxInt32}
	out := Params{Scale: 0.05, ZeroPoint: 2, Min: -128, Max: 127}
	// 25 × 0.01 = 0.25 → 0.25 / 0.05 = 5 → 7
	assert.Equal(t, int64(7), Requantize(ir.F32, acc, out, 25))
	// 12.5 ties to 12: 0.625 / 0.05 in float32
	assert.Equal(t, out.Quantize32(acc.Dequantize32(62)), Requantize(ir.F32, acc, out, 62))
	assert.Equal(t, int64(127), Requantize(ir.F32, acc, out, 1_000_000))
	assert.Equal(t, int64(-128), Requantize(ir.F64, acc, out, -1_000_000))
}

func TestUniformTypeMethods(t *testing.T) {
	ctx := ir.NewContext()
	q, err := NewUniform(ctx, ctx.I(8), -128, 127, ctx.F32(), 0.5, -3)
	require.NoError(t, err)
	assert.Equal(t, int64(-3), q.Quantize(0))
	assert.Equal(t, int64(-1), q.Quantize(1))
	assert.Equal(t, int64(-3), q.Quantize32(0.25)) // 0.5 ties to 0
	assert.Equal(t, int64(-1), q.Quantize32(0.75)) // 1.5 ties to 2
	assert.Equal(t, 1.5, q.Dequantize(0))
	assert.Equal(t, float32(1.5), q.Dequantize32(0))
	assert.Equal(t, Params{Scale: 0.5, ZeroPoint: -3, Min: -128, Max: 127}, q.Params())

	pa, err := NewUniformPerAxis(ctx, ctx.IntegerType(8, ir.Unsigned), 0, 255, ctx.F32(), 1, []float64{0.5, 0.25, 0.125}, []int64{1, 2, 3})
	require.NoError(t, err)
	shape := []int64{2, 3, 2}
	var channels []int
	for i := int64(0); i < 12; i++ {
		channels = append(channels, pa.ChannelOf(shape, i))
	}
	assert.Equal(t, []int{0, 0, 1, 1, 2, 2, 0, 0, 1, 1, 2, 2}, channels)
	assert.Equal(t, Params{Scale: 0.25, ZeroPoint: 2, Min: 0, Max: 255}, pa.ParamsAt(1))
	assert.Equal(t, 3, pa.NumChannels())
}

func TestQuantizeElements(t *testing.T) {
	ctx := ir.NewContext()
	f32 := ctx.F32()
	vals := ctx.DenseElementsAttr(ctx.TensorType([]int64{2, 2}, f32, nil), f32Raw(0.25, 0.75, -1000, 1.3))
	require.NotNil(t, vals)

	q, err := NewUniform(ctx, ctx.I(8), -128, 127, f32, 0.5, 1)
	require.NoError(t, err)
	qt := ctx.TensorType([]int64{2, 2}, q, nil)
	stored, err := QuantizeElements(ctx, vals, qt)
	require.NoError(t, err)
	assert.Equal(t, "dense<[[1, 3], [-128, 4]]> : tensor<2x2xi8>", stored.String())
	back, err := DequantizeElements(ctx, stored, qt)
	require.NoError(t, err)
	assert.Equal(t, "dense<[[0.000000e+00, 1.000000e+00], [-6.450000e+01, 1.500000e+00]]> : tensor<2x2xf32>", back.String())

	// Per-axis along dim 0, unsigned storage: the stored type is ui8.
	pa, err := NewUniformPerAxis(ctx, ctx.IntegerType(8, ir.Unsigned), 0, 255, f32, 0, []float64{0.5, 0.1}, []int64{128, 0})
	require.NoError(t, err)
	pt := ctx.TensorType([]int64{2, 2}, pa, nil)
	stored, err = QuantizeElements(ctx, vals, pt)
	require.NoError(t, err)
	assert.Equal(t, "dense<[[128, 130], [0, 13]]> : tensor<2x2xui8>", stored.String())

	// Errors: shape, expressed type, 4-bit storage.
	_, err = QuantizeElements(ctx, vals, ctx.TensorType([]int64{4}, q, nil))
	assert.ErrorContains(t, err, "static shape")
	q16, _ := NewUniform(ctx, ctx.I(8), -128, 127, ctx.FloatType(ir.F16), 0.5, 0)
	_, err = QuantizeElements(ctx, vals, ctx.TensorType([]int64{2, 2}, q16, nil))
	assert.ErrorContains(t, err, "expressed type")
	q4, _ := NewUniform(ctx, ctx.I(4), -8, 7, f32, 0.5, 0)
	_, err = QuantizeElements(ctx, vals, ctx.TensorType([]int64{2, 2}, q4, nil))
	assert.ErrorContains(t, err, "4-bit storage")
}

func f32Raw(vs ...float32) []byte {
	var raw []byte
	for _, v := range vs {
		raw = ir.EncodeFloat(raw, ir.F32, float64(v))
	}
	return raw
}

// QuantizeElements on float32 data (read from its bytes) stores each
// element's Quantize32 with its channel's parameters (ChannelOf), for
// per-axis types along every axis and storages of 8 to 32 bits.
func TestQuantizeElementsPerAxisMatchesElementwise(t *testing.T) {
	ctx := ir.NewContext()
	f32 := ctx.F32()
	rng := rand.New(rand.NewSource(5))
	shape := []int64{3, 4, 5}
	vs := make([]float32, 60)
	for i := range vs {
		vs[i] = float32(rng.NormFloat64() * 50)
	}
	vs[7] = float32(math.NaN())
	vals := ctx.DenseElementsAttr(ctx.TensorType(shape, f32, nil), f32Raw(vs...))
	for _, width := range []int{8, 16, 32} {
		lo, hi := int64(-1)<<(width-1), int64(1)<<(width-1)-1
		for axis := range shape {
			scales := make([]float64, shape[axis])
			zps := make([]int64, shape[axis])
			for i := range scales {
				scales[i] = 0.05 + rng.Float64()
				zps[i] = int64(rng.Intn(11) - 5)
			}
			pa, err := NewUniformPerAxis(ctx, ctx.I(width), lo, hi, f32, axis, scales, zps)
			require.NoError(t, err)
			pt := ctx.TensorType(shape, pa, nil)
			stored, err := QuantizeElements(ctx, vals, pt)
			require.NoError(t, err)
			for i, v := range vs {
				want := pa.ParamsAt(pa.ChannelOf(shape, int64(i))).Quantize32(v)
				require.Equal(t, want, stored.IntAt(i), "width %d axis %d element %d", width, axis, i)
			}
		}
	}
}
