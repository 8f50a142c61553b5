package tensor

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReduce(t *testing.T) {
	x := arange(F32, 2, 3, 2) // 1..12
	type tc struct {
		op    ReduceOp
		axes  []int
		keep  bool
		shape []int64
		want  []float64
	}
	for _, c := range []tc{
		{ReduceSum, nil, false, []int64{}, []float64{78}},
		{ReduceSum, nil, true, sh(1, 1, 1), []float64{78}},
		{ReduceSum, []int{1}, true, sh(2, 1, 2), []float64{9, 12, 27, 30}},
		{ReduceSum, []int{-1}, false, sh(2, 3), []float64{3, 7, 11, 15, 19, 23}},
		{ReduceSum, []int{0, 2}, false, sh(3), []float64{1 + 2 + 7 + 8, 3 + 4 + 9 + 10, 5 + 6 + 11 + 12}},
		{ReduceMean, []int{1}, false, sh(2, 2), []float64{3, 4, 9, 10}},
		{ReduceMax, []int{0}, false, sh(3, 2), []float64{7, 8, 9, 10, 11, 12}},
		{ReduceMin, []int{2}, false, sh(2, 3), []float64{1, 3, 5, 7, 9, 11}},
		{ReduceProd, []int{2}, false, sh(2, 3), []float64{2, 12, 30, 56, 90, 132}},
		{ReduceL1, []int{2}, false, sh(2, 3), []float64{3, 7, 11, 15, 19, 23}},
		{ReduceSumSquare, []int{2}, false, sh(2, 3), []float64{5, 25, 61, 113, 181, 265}},
		{ReduceL2, []int{2}, false, sh(2, 3), []float64{math.Sqrt(5), 5, math.Sqrt(61), math.Sqrt(113), math.Sqrt(181), math.Sqrt(265)}},
		{ReduceLogSum, []int{2}, false, sh(2, 3), []float64{math.Log(3), math.Log(7), math.Log(11), math.Log(15), math.Log(19), math.Log(23)}},
		{ReduceLogSumExp, []int{2}, false, sh(2, 3), []float64{
			math.Log(math.Exp(1) + math.Exp(2)), math.Log(math.Exp(3) + math.Exp(4)), math.Log(math.Exp(5) + math.Exp(6)),
			math.Log(math.Exp(7) + math.Exp(8)), math.Log(math.Exp(9) + math.Exp(10)), math.Log(math.Exp(11) + math.Exp(12))}},
	} {
		y, err := Reduce(c.op, x, c.axes, c.keep)
		require.NoError(t, err, "%v %v", c.op, c.axes)
		assert.Equal(t, c.shape, y.Shape(), "%v %v", c.op, c.axes)
		for i, v := range y.Values() {
			assert.InDelta(t, float32(c.want[i]), v, 1e-5, "%v %v element %d", c.op, c.axes, i)
		}
	}
	// LogSumExp is stable for large inputs.
	y, err := Reduce(ReduceLogSumExp, vals(F32, sh(2), 1000, 1000), nil, false)
	require.NoError(t, err)
	assert.InDelta(t, 1000+math.Log(2), y.At(), 1e-3)
	// NaN propagates through max.
	y, err = Reduce(ReduceMax, vals(F32, sh(3), 1, math.NaN(), 3), nil, false)
	require.NoError(t, err)
	assert.True(t, math.IsNaN(y.At()))
	// Empty sets.
	e := New(F32, 2, 0)
	y, err = Reduce(ReduceSum, e, []int{1}, false)
	require.NoError(t, err)
	requireValues(t, []float64{0, 0}, y)
	y, err = Reduce(ReduceMax, e, []int{1}, false)
	require.NoError(t, err)
	requireValues(t, []float64{math.Inf(-1), math.Inf(-1)}, y)
	y, err = Reduce(ReduceProd, e, []int{1}, false)
	require.NoError(t, err)
	requireValues(t, []float64{1, 1}, y)
	// Integers.
	xi := MustFromSlice(I8, sh(2, 2), []int8{100, 100, -7, 2})
	y, err = Reduce(ReduceSum, xi, []int{1}, false)
	require.NoError(t, err)
	assert.Equal(t, []int64{-56, -5}, y.IntValues(), "wraps to int8")
	y, err = Reduce(ReduceMean, xi, []int{1}, false)
	require.NoError(t, err)
	assert.Equal(t, []int64{100, -2}, y.IntValues(), "truncates")
	y, err = Reduce(ReduceMax, xi, nil, false)
	require.NoError(t, err)
	assert.Equal(t, []int64{100}, y.IntValues())
	_, err = Reduce(ReduceL2, xi, nil, false)
	assert.Error(t, err)
	_, err = Reduce(ReduceSum, x, []int{3}, false)
	assert.Error(t, err)
	_, err = Reduce(ReduceSum, x, []int{1, -2}, false)
	assert.ErrorContains(t, err, "repeated")
}

func TestArgMaxMin(t *testing.T) {
	x := vals(F32, sh(2, 3), 1, 5, 5, 7, 2, 7)
	y, err := ArgMax(x, 1, false, false)
	require.NoError(t, err)
	assert.Equal(t, []int64{1, 0}, y.IntValues())
	y, err = ArgMax(x, 1, true, true)
	require.NoError(t, err)
	assert.Equal(t, sh(2, 1), y.Shape())
	assert.Equal(t, []int64{2, 2}, y.IntValues())
	y, err = ArgMin(x, 0, false, false)
	require.NoError(t, err)
	assert.Equal(t, []int64{0, 1, 0}, y.IntValues())
	y, err = ArgMax(vals(F32, sh(3), 1, math.NaN(), 3), 0, false, false)
	require.NoError(t, err)
	assert.Equal(t, []int64{1}, y.IntValues())
}

func TestSoftmax(t *testing.T) {
	x := vals(F32, sh(2, 3), 1, 2, 3, 1000, 1000, 1000)
	y, err := Softmax(x, -1)
	require.NoError(t, err)
	e := []float64{math.Exp(-2), math.Exp(-1), 1}
	s := e[0] + e[1] + e[2]
	requireClose(t, []float64{e[0] / s, e[1] / s, e[2] / s, 1.0 / 3, 1.0 / 3, 1.0 / 3}, y, 1e-7)
	y, err = LogSoftmax(x, 1)
	require.NoError(t, err)
	requireClose(t, []float64{-2 - math.Log(s), -1 - math.Log(s), -math.Log(s), -math.Log(3), -math.Log(3), -math.Log(3)}, y, 1e-6)
	y, err = Softmax(x, 0)
	require.NoError(t, err)
	assert.InDelta(t, 0, y.At(0, 0), 1e-30)
	assert.InDelta(t, 1, y.At(1, 0), 1e-7)
	y, err = Softmax(vals(F32, sh(2), math.Inf(-1), 0), 0)
	require.NoError(t, err)
	requireValues(t, []float64{0, 1}, y)
	_, err = Softmax(MustFromSlice(I32, sh(1), []int32{1}), 0)
	assert.Error(t, err)
}

func TestLayerNorm(t *testing.T) {
	x := vals(F32, sh(2, 4), 1, 2, 3, 4, -1, -1, 1, 1)
	scale := vals(F32, sh(4), 1, 1, 2, 2)
	bias := vals(F32, sh(4), 0, 0, 0, 1)
	y, err := LayerNorm(x, scale, bias, -1, 0)
	require.NoError(t, err)
	sd := math.Sqrt(1.25)
	requireClose(t, []float64{-1.5 / sd, -0.5 / sd, 2 * 0.5 / sd, 2*1.5/sd + 1, -1, -1, 2, 3}, y, 1e-6)
	// Over both axes with epsilon and a scalar scale.
	y, err = LayerNorm(vals(F32, sh(1, 2, 2), 0, 0, 2, 2), vals(F32, nil, 1), nil, 1, 1)
	require.NoError(t, err)
	requireClose(t, []float64{-1 / math.Sqrt(2), -1 / math.Sqrt(2), 1 / math.Sqrt(2), 1 / math.Sqrt(2)}, y, 1e-6)
	_, err = LayerNorm(x, vals(F32, sh(3), 1, 1, 1), nil, -1, 0)
	assert.Error(t, err)
}

func TestBatchNorm(t *testing.T) {
	x := vals(F32, sh(1, 2, 1, 2), 1, 2, 3, 4)
	y, err := BatchNorm(x, vals(F32, sh(2), 1, 2), vals(F32, sh(2), 0, 1), vals(F32, sh(2), 1, 3), vals(F32, sh(2), 4, 1), 0)
	require.NoError(t, err)
	requireValues(t, []float64{0, 0.5, 1, 3}, y)
	_, err = BatchNorm(x, vals(F32, sh(3), 1, 1, 1), vals(F32, sh(2), 0, 1), vals(F32, sh(2), 1, 3), vals(F32, sh(2), 4, 1), 0)
	assert.ErrorContains(t, err, "scale")
}

// A float32 mean over trailing axes (global average pooling) is each
// row's float64 sum in order, divided and rounded once, on one thread
// and with runs of rows shared by two.
func TestReduceMeanTrailingRowsThreads(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, c := range []int{3, 64, 1000, 1280} {
		x := make([]float32, c*49)
		for i := range x {
			x[i] = float32(r.NormFloat64())
		}
		xt, err := FromSlice(F32, []int64{1, int64(c), 7, 7}, x)
		require.NoError(t, err)
		want := make([]float32, c)
		for i := range want {
			var a float64
			for _, v := range x[i*49 : (i+1)*49] {
				a += float64(v)
			}
			want[i] = float32(a / 49)
		}
		for _, th := range []int{1, 2} {
			prev := SetThreads(th)
			got, err := Reduce(ReduceMean, xt, []int{2, 3}, true)
			SetThreads(prev)
			require.NoError(t, err)
			require.Equal(t, []int64{1, int64(c), 1, 1}, got.Shape())
			requireSameBits(t, want, got.Float32s())
		}
	}
}

// ReduceInto gives Reduce's values into a tensor of its shape and refuses
// another shape or dtype.
func TestReduceInto(t *testing.T) {
	x := arange(F32, 2, 3, 4)
	for _, op := range []ReduceOp{ReduceSum, ReduceMean, ReduceMax, ReduceL2} {
		for _, axes := range [][]int{{2}, {0, 2}, {1}} {
			want, err := Reduce(op, x, axes, true)
			require.NoError(t, err)
			y := New(F32, want.Shape()...)
			require.NoError(t, ReduceInto(y, op, x, axes, true))
			require.Equal(t, want.Values(), y.Values(), "%v over %v", op, axes)
		}
	}
	require.Error(t, ReduceInto(New(F32, 2, 3), ReduceSum, x, []int{2}, true), "a wrong shape")
	require.Error(t, ReduceInto(New(F64, 2, 3, 1), ReduceSum, x, []int{2}, true), "a wrong dtype")
	_, err := Reduce(ReduceL2, arange(I32, 3), nil, false)
	require.Error(t, err, "L2 of integers")
}

// The float32 layer norm (rows shared among threads, also in place)
// gives the float64 path's values rounded once.
func TestLayerNormF32Rows(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	x := New(F32, 2, 197, 192)
	for i := range x.Float32s() {
		x.Float32s()[i] = float32(r.NormFloat64()*3 + 1)
	}
	scale, bias := New(F32, 192), New(F32, 192)
	for i := range 192 {
		scale.Float32s()[i], bias.Float32s()[i] = float32(r.NormFloat64()), float32(r.NormFloat64())
	}
	x64, err := Cast(x, F64)
	require.NoError(t, err)
	want, err := LayerNorm(x64, scale, bias, -1, 1e-5)
	require.NoError(t, err)
	for _, th := range []int{1, 3} {
		prev := SetThreads(th)
		got, err := LayerNorm(x, scale, bias, -1, 1e-5)
		require.NoError(t, err)
		same := x.Clone()
		require.NoError(t, LayerNormInto(same, same, scale, bias, 2, 1e-5))
		for i, w := range want.Values() {
			require.Equal(t, math.Float32bits(float32(w)), math.Float32bits(got.Float32s()[i]), "threads %d, element %d", th, i)
			require.Equal(t, math.Float32bits(float32(w)), math.Float32bits(same.Float32s()[i]), "in place, threads %d, element %d", th, i)
		}
		SetThreads(prev)
	}
	require.Error(t, LayerNormInto(New(F32, 2), x, scale, bias, -1, 1e-5))
}
