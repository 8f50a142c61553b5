package tensor

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func randT(r *rand.Rand, dt DType, shape ...int64) *Tensor {
	n, _ := NumElements(shape)
	v := make([]float64, n)
	for i := range v {
		v[i] = r.Float64()*4 - 2
	}
	return MustValues(dt, shape, v...)
}

// With a unit depth, the 3-D kernels are the 2-D ones.
func TestWindow3DMatches2D(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	x := randT(r, F32, 2, 4, 1, 7, 6)
	x4, err := x.Reshape(2, 4, 7, 6)
	require.NoError(t, err)
	w := randT(r, F32, 6, 2, 1, 3, 2)
	w4, err := w.Reshape(6, 2, 3, 2)
	require.NoError(t, err)
	b := randT(r, F32, 6)
	got, err := Conv3D(x, w, b, Window3D{Strides: [3]int{1, 2, 1}, Dilations: [3]int{1, 1, 2}, Pads: [6]int{0, 1, 2, 0, 0, 1}, Groups: 2})
	require.NoError(t, err)
	want, err := Conv2D(x4, w4, b, Conv2DParams{Strides: [2]int{2, 1}, Dilations: [2]int{1, 2}, Pads: [4]int{1, 2, 0, 1}, Groups: 2})
	require.NoError(t, err)
	assert.Equal(t, []int64{2, 6, 1, 3, 7}, got.Shape())
	assert.InDeltaSlice(t, want.Values(), got.Values(), 1e-5)

	p := Window3D{Kernel: [3]int{1, 3, 2}, Strides: [3]int{1, 2, 2}, Pads: [6]int{0, 1, 1, 0, 1, 1}, CeilMode: true, CountIncludePad: true}
	p2 := Pool2DParams{Kernel: [2]int{3, 2}, Strides: [2]int{2, 2}, Pads: [4]int{1, 1, 1, 1}, CeilMode: true, CountIncludePad: true}
	got, err = AvgPool3D(x, p)
	require.NoError(t, err)
	want, err = AvgPool2D(x4, p2)
	require.NoError(t, err)
	assert.InDeltaSlice(t, want.Values(), got.Values(), 1e-6)
	got, err = MaxPool3D(x, p)
	require.NoError(t, err)
	want, err = MaxPool2D(x4, p2)
	require.NoError(t, err)
	assert.Equal(t, want.Values(), got.Values())
}

// A depth window: the mean of the taps inside the input, or a fixed divisor.
func TestPool3DDepth(t *testing.T) {
	x := arange(F64, 1, 1, 3, 1, 1) // 1, 2, 3 along D
	p := Window3D{Kernel: [3]int{2, 1, 1}, Pads: [6]int{1, 0, 0, 1, 0, 0}, Strides: [3]int{2, 1, 1}}
	got, err := AvgPool3D(x, p)
	require.NoError(t, err)
	assert.Equal(t, []float64{1, 2.5}, got.Values())
	p.Divisor = 4
	got, err = AvgPool3D(x, p)
	require.NoError(t, err)
	assert.Equal(t, []float64{0.25, 1.25}, got.Values())
	got, err = MaxPool3D(arange(I32, 1, 1, 3, 1, 1), p)
	require.NoError(t, err)
	assert.Equal(t, []float64{1, 3}, got.Values())
}

func TestWindow3DErrors(t *testing.T) {
	x := arange(F32, 1, 2, 3, 3, 3)
	_, err := Conv3D(x, arange(F32, 2, 2, 3, 3), nil, Window3D{})
	assert.ErrorContains(t, err, "5-D OIDHW weight")
	_, err = Conv3D(x, arange(F32, 2, 3, 1, 1, 1), nil, Window3D{})
	assert.ErrorContains(t, err, "do not match")
	_, err = Conv3D(x, arange(F32, 2, 2, 4, 1, 1), nil, Window3D{})
	assert.ErrorContains(t, err, "larger than padded input")
	_, err = MaxPool3D(arange(F32, 2, 3, 3, 3), Window3D{Kernel: [3]int{1, 1, 1}})
	assert.ErrorContains(t, err, "5-D NCDHW input")
	_, err = AvgPool3D(arange(I32, 1, 1, 2, 2, 2), Window3D{Kernel: [3]int{1, 1, 1}})
	assert.ErrorContains(t, err, "not defined")
	_, err = MaxPool3D(x, Window3D{Kernel: [3]int{0, 1, 1}})
	assert.Error(t, err)
}
