package tensor

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestQuantizeLinearRoundingAndSaturation(t *testing.T) {
	x := vals(F32, sh(11), 0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 1.4999, 300, -300, math.NaN(), math.Inf(1))
	one := vals(F32, nil, 1)
	y, err := QuantizeLinear(x, one, MustFromSlice(I8, nil, []int8{0}), 0, 0, Invalid)
	require.NoError(t, err)
	assert.Equal(t, I8, y.DType())
	assert.Equal(t, []int64{0, 2, 2, 0, -2, -2, 1, 127, -128, 0, 127}, y.IntValues())
	y, err = QuantizeLinear(x, one, MustFromSlice(U8, nil, []uint8{10}), 0, 0, Invalid)
	require.NoError(t, err)
	assert.Equal(t, []int64{10, 12, 12, 10, 8, 8, 11, 255, 0, 10, 255}, y.IntValues())
	// No zero point: default uint8.
	y, err = QuantizeLinear(vals(F32, sh(3), -1, 0.5, 1000), one, nil, 0, 0, Invalid)
	require.NoError(t, err)
	assert.Equal(t, U8, y.DType())
	assert.Equal(t, []int64{0, 0, 255}, y.IntValues())
	// 4-bit and 16-bit ranges.
	for dt, want := range map[DType][]int64{
		I4:  {-8, -8, 0, 7, 7},
		U4:  {0, 0, 0, 7, 15},
		I16: {-32768, -9, 0, 7, 32767},
		U16: {0, 0, 0, 7, 40000},
		I32: {-1e6, -9, 0, 7, 40000},
	} {
		y, err = QuantizeLinear(vals(F32, sh(5), -1e6, -9, 0, 7, 40000), one, nil, 0, 0, dt)
		require.NoError(t, err, "%v", dt)
		assert.Equal(t, dt, y.DType())
		assert.Equal(t, want, y.IntValues(), "%v", dt)
	}
	// int32 saturation at the float32 edge.
	y, err = QuantizeLinear(vals(F32, sh(2), 3e9, -3e9), one, nil, 0, 0, I32)
	require.NoError(t, err)
	assert.Equal(t, []int64{math.MaxInt32, math.MinInt32}, y.IntValues())
}

// ONNX divides in float32: 0.025f / 0.01f rounds to exactly 2.5f, which then
// rounds half to even to 2 (in float64 the quotient is 2.5000000931 -> 3).
func TestQuantizeLinearFloat32Division(t *testing.T) {
	x, s := float32(0.025), float32(0.01)
	require.Equal(t, float32(2.5), x/s)
	require.Greater(t, float64(x)/float64(s), 2.5)
	y, err := QuantizeLinear(vals(F32, sh(2), 0.025, -0.025), vals(F32, nil, 0.01), MustFromSlice(I8, nil, []int8{0}), 0, 0, Invalid)
	require.NoError(t, err)
	assert.Equal(t, []int64{2, -2}, y.IntValues())

	// Random inputs against the float32 formula.
	r := rand.New(rand.NewPCG(17, 18))
	xs := make([]float32, 5000)
	for i := range xs {
		xs[i] = float32(r.NormFloat64() * 3)
	}
	scale := float32(0.0235)
	y, err = QuantizeLinear(MustFromSlice(F32, sh(5000), xs), MustFromSlice(F32, nil, []float32{scale}), MustFromSlice(I8, nil, []int8{-3}), 0, 0, Invalid)
	require.NoError(t, err)
	for i, v := range y.IntValues() {
		q := math.RoundToEven(float64(xs[i]/scale)) - 3
		q = math.Max(-128, math.Min(127, q))
		require.Equal(t, int64(q), v, "x=%g", xs[i])
	}
}

func TestQuantizeLinearPerAxisAndBlocked(t *testing.T) {
	x := vals(F32, sh(2, 3), 1, 2, 3, -4, -5, -6)
	y, err := QuantizeLinear(x, vals(F32, sh(3), 1, 2, 4), MustFromSlice(I8, sh(3), []int8{0, 1, 2}), 1, 0, Invalid)
	require.NoError(t, err)
	// 3/4 = 0.75 -> 1; -5/2 = -2.5 -> -2; -6/4 = -1.5 -> -2
	assert.Equal(t, []int64{1, 2, 3, -4, -1, 0}, y.IntValues())
	// axis 0, negative axis
	y, err = QuantizeLinear(x, vals(F32, sh(2), 1, 0.5), nil, -2, 0, I8)
	require.NoError(t, err)
	assert.Equal(t, []int64{1, 2, 3, -8, -10, -12}, y.IntValues())
	// Blocked along axis 1 with block size 2: scale (2, 2).
	xb := vals(F32, sh(2, 4), 1, 1, 1, 1, 2, 2, 2, 2)
	y, err = QuantizeLinear(xb, vals(F32, sh(2, 2), 1, 0.5, 0.25, 2), nil, 1, 2, I8)
	require.NoError(t, err)
	assert.Equal(t, []int64{1, 1, 2, 2, 8, 8, 1, 1}, y.IntValues())
	// Block size not dividing the axis: ceil(3/2) = 2 blocks.
	y, err = QuantizeLinear(vals(F32, sh(3), 4, 4, 4), vals(F32, sh(2), 1, 2), nil, 0, 2, I8)
	require.NoError(t, err)
	assert.Equal(t, []int64{4, 4, 2}, y.IntValues())

	_, err = QuantizeLinear(x, vals(F32, sh(2), 1, 1), nil, 1, 0, I8)
	assert.ErrorContains(t, err, "per-axis scale")
	_, err = QuantizeLinear(xb, vals(F32, sh(2, 3), 1, 1, 1, 1, 1, 1), nil, 1, 2, I8)
	assert.ErrorContains(t, err, "blocked scale")
	_, err = QuantizeLinear(x, vals(F32, sh(3), 1, 1, 1), MustFromSlice(I8, sh(2), []int8{0, 0}), 1, 0, Invalid)
	assert.ErrorContains(t, err, "zero point shape")
	_, err = QuantizeLinear(x, vals(F32, nil, 1), MustFromSlice(I8, nil, []int8{0}), 0, 0, U8)
	assert.Error(t, err)
	_, err = QuantizeLinear(x, vals(F32, nil, 1), nil, 0, 0, F32)
	assert.Error(t, err)
	_, err = QuantizeLinear(MustFromSlice(I8, sh(1), []int8{1}), vals(F32, nil, 1), nil, 0, 0, I8)
	assert.Error(t, err)
}

func TestQuantizeLinearOtherInputs(t *testing.T) {
	// f16 input and scale: widened to float32.
	y, err := QuantizeLinear(vals(F16, sh(2), 2.5, 3.5), vals(F16, nil, 1), nil, 0, 0, I8)
	require.NoError(t, err)
	assert.Equal(t, []int64{2, 4}, y.IntValues())
	// int32 input (opset 21).
	y, err = QuantizeLinear(MustFromSlice(I32, sh(3), []int32{5, 15, -25}), vals(F32, nil, 10), nil, 0, 0, I8)
	require.NoError(t, err)
	assert.Equal(t, []int64{0, 2, -2}, y.IntValues())
}

func TestDequantizeLinear(t *testing.T) {
	y, err := DequantizeLinear(MustFromSlice(I8, sh(3), []int8{-128, 0, 127}), vals(F32, nil, 0.5), MustFromSlice(I8, nil, []int8{-1}), 0, 0)
	require.NoError(t, err)
	assert.Equal(t, F32, y.DType())
	requireValues(t, []float64{-63.5, 0.5, 64}, y)
	y, err = DequantizeLinear(MustFromSlice(U8, sh(2, 2), []uint8{0, 255, 10, 20}), vals(F32, sh(2), 1, 0.25), MustFromSlice(U8, sh(2), []uint8{128, 0}), 1, 0)
	require.NoError(t, err)
	requireValues(t, []float64{-128, 63.75, -118, 5}, y)
	y, err = DequantizeLinear(MustFromSlice(I4, sh(2), []int8{-8, 7}), vals(F32, nil, 2), MustFromSlice(I4, nil, []int8{1}), 0, 0)
	require.NoError(t, err)
	requireValues(t, []float64{-18, 12}, y)
	y, err = DequantizeLinear(MustFromSlice(U4, sh(2), []uint8{0, 15}), vals(F32, nil, 1), nil, 0, 0)
	require.NoError(t, err)
	requireValues(t, []float64{0, 15}, y)
	y, err = DequantizeLinear(MustFromSlice(I32, sh(2), []int32{1 << 30, -3}), vals(F32, nil, 0.1), nil, 0, 0)
	require.NoError(t, err)
	assert.Equal(t, []float32{float32(1<<30) * float32(0.1), -3 * float32(0.1)}, y.Float32s())
	y, err = DequantizeLinear(MustFromSlice(U16, sh(1), []uint16{65535}), vals(F16, nil, 0.5), nil, 0, 0)
	require.NoError(t, err)
	assert.Equal(t, F16, y.DType())
	requireValues(t, []float64{32768}, y) // 32767.5 rounds to even in f16
	// Blocked.
	y, err = DequantizeLinear(MustFromSlice(I8, sh(4), []int8{1, 1, 1, 1}), vals(F32, sh(2), 1, 3), nil, 0, 2)
	require.NoError(t, err)
	requireValues(t, []float64{1, 1, 3, 3}, y)
	_, err = DequantizeLinear(MustFromSlice(I8, sh(1), []int8{1}), vals(F32, nil, 1), MustFromSlice(U8, nil, []uint8{1}), 0, 0)
	assert.Error(t, err)
	_, err = DequantizeLinear(vals(F32, sh(1), 1), vals(F32, nil, 1), nil, 0, 0)
	assert.Error(t, err)
}

// Quantize -> dequantize round trip stays within half a step.
func TestQuantRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 20))
	xs := randF32(r, 1000)
	x := MustFromSlice(F32, sh(1000), xs)
	s, zp := vals(F32, nil, 0.05), MustFromSlice(I8, nil, []int8{3})
	q, err := QuantizeLinear(x, s, zp, 0, 0, Invalid)
	require.NoError(t, err)
	d, err := DequantizeLinear(q, s, zp, 0, 0)
	require.NoError(t, err)
	for i, v := range d.Values() {
		if qv := q.AtInt(int64(i)); qv == -128 || qv == 127 {
			continue
		}
		assert.InDelta(t, xs[i], v, 0.025+1e-6)
	}
}
