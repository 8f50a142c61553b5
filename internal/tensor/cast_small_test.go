package tensor

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// float32 <-> 8/16-bit integer casts (their own loops) equal the general
// path's, reached here through float64: truncation, saturation, NaN,
// ±Inf, negative zero and fractions at the range ends.
func TestCastSmallIntsMatchGeneral(t *testing.T) {
	r := rand.New(rand.NewPCG(10, 11))
	vals := []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.Copysign(0, -1)),
		-0.5, 0.5, 127.9, 128, -128.9, -129, 255.5, 256, 32767.5, -32768.5, 65535.9, 65536, 1e9, -1e9}
	for range 2000 {
		vals = append(vals, float32(r.NormFloat64()*float64([]int{3, 200, 40000}[r.IntN(3)])))
	}
	x := MustFromSlice(F32, []int64{int64(len(vals))}, vals)
	x64, err := Cast(x, F64)
	require.NoError(t, err)
	for _, dt := range []DType{I8, U8, I16, U16} {
		got, err := Cast(x, dt)
		require.NoError(t, err)
		want, err := Cast(x64, dt)
		require.NoError(t, err)
		require.Equal(t, want.IntValues(), got.IntValues(), "%v", dt)

		back, err := Cast(got, F32)
		require.NoError(t, err)
		w64, err := Cast(got, F64)
		require.NoError(t, err)
		for i, v := range w64.Float64s() {
			require.Equal(t, float32(v), back.Float32s()[i], "%v element %d", dt, i)
		}
	}
}
