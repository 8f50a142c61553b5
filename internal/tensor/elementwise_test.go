package tensor

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBroadcastShapes(t *testing.T) {
	cases := []struct {
		in   [][]int64
		want []int64
		err  bool
	}{
		{[][]int64{{2, 3}, {3}}, sh(2, 3), false},
		{[][]int64{{2, 1}, {1, 3}}, sh(2, 3), false},
		{[][]int64{{}, {4, 5}}, sh(4, 5), false},
		{[][]int64{{5, 1, 4}, {3, 1}}, sh(5, 3, 4), false},
		{[][]int64{{0, 1}, {1, 3}}, sh(0, 3), false},
		{[][]int64{{1}, {0}}, sh(0), false},
		{[][]int64{{2, 3}, {2}}, nil, true},
		{[][]int64{{0}, {2}}, nil, true},
	}
	for _, c := range cases {
		got, err := BroadcastShapes(c.in...)
		if c.err {
			assert.Error(t, err, "%v", c.in)
			continue
		}
		require.NoError(t, err)
		assert.Equal(t, c.want, got, "%v", c.in)
	}
}

func TestBinaryBroadcasting(t *testing.T) {
	a := vals(F32, sh(2, 3), 1, 2, 3, 4, 5, 6)
	// row vector
	r, err := Add(a, vals(F32, sh(3), 10, 20, 30))
	require.NoError(t, err)
	requireValues(t, []float64{11, 22, 33, 14, 25, 36}, r)
	// column vector
	r, err = Sub(a, vals(F32, sh(2, 1), 1, 2))
	require.NoError(t, err)
	requireValues(t, []float64{0, 1, 2, 2, 3, 4}, r)
	// scalar on the left
	r, err = Div(vals(F32, nil, 12), a)
	require.NoError(t, err)
	requireValues(t, []float64{12, 6, 4, 3, float64(float32(2.4)), 2}, roundF32(r))
	// outer product shape (2,1) x (1,3)
	r, err = Mul(vals(F32, sh(2, 1), 1, 2), vals(F32, sh(1, 3), 1, 10, 100))
	require.NoError(t, err)
	assert.Equal(t, sh(2, 3), r.Shape())
	requireValues(t, []float64{1, 10, 100, 2, 20, 200}, r)
	// middle axis broadcast (2,1,2) + (3,1)
	r, err = Add(vals(F32, sh(2, 1, 2), 0, 1, 2, 3), vals(F32, sh(3, 1), 10, 20, 30))
	require.NoError(t, err)
	assert.Equal(t, sh(2, 3, 2), r.Shape())
	requireValues(t, []float64{10, 11, 20, 21, 30, 31, 12, 13, 22, 23, 32, 33}, r)
	// empty result
	r, err = Add(New(F32, 0, 3), vals(F32, sh(3), 1, 2, 3))
	require.NoError(t, err)
	assert.Equal(t, sh(0, 3), r.Shape())
	// incompatible
	_, err = Add(a, vals(F32, sh(2), 1, 2))
	assert.ErrorContains(t, err, "not broadcast-compatible")
	_, err = Add(a, vals(F64, sh(3), 1, 2, 3))
	assert.ErrorContains(t, err, "dtypes differ")
	_, err = Add(MustFromSlice(Bool, sh(1), []bool{true}), MustFromSlice(Bool, sh(1), []bool{true}))
	assert.Error(t, err)
}

func roundF32(t *Tensor) *Tensor {
	v := t.Values()
	for i := range v {
		v[i] = float64(float32(v[i]))
	}
	return MustFromSlice(F64, t.Shape(), v)
}

func TestBinaryOps(t *testing.T) {
	a := vals(F32, sh(4), 2, -3, math.NaN(), 0)
	b := vals(F32, sh(4), 3, 2, 1, -1)
	r, err := Pow(a, b)
	require.NoError(t, err)
	requireValues(t, []float64{8, 9, math.NaN(), math.Inf(1)}, r)
	r, err = Max(a, b)
	require.NoError(t, err)
	requireValues(t, []float64{3, 2, math.NaN(), 0}, r)
	r, err = Min(a, b)
	require.NoError(t, err)
	requireValues(t, []float64{2, -3, math.NaN(), -1}, r)
	r, err = Div(vals(F32, sh(2), 1, -1), vals(F32, sh(2), 0, 0))
	require.NoError(t, err)
	requireValues(t, []float64{math.Inf(1), math.Inf(-1)}, r)

	// Pow with a float exponent on a float base of another dtype.
	r, err = Pow(vals(F32, sh(2), 4, 9), vals(F64, sh(1), 0.5))
	require.NoError(t, err)
	assert.Equal(t, F32, r.DType())
	requireValues(t, []float64{2, 3}, r)
}

func TestBinaryIntegers(t *testing.T) {
	a := MustFromSlice(I32, sh(5), []int32{7, -7, 7, -7, math.MaxInt32})
	b := MustFromSlice(I32, sh(5), []int32{2, 2, -2, -2, 1})
	r, err := Div(a, b)
	require.NoError(t, err)
	assert.Equal(t, []int64{3, -3, -3, 3, math.MaxInt32}, r.IntValues(), "truncation toward zero")
	r, err = Add(a, b)
	require.NoError(t, err)
	assert.Equal(t, []int64{9, -5, 5, -9, math.MinInt32}, r.IntValues(), "wrap-around")
	_, err = Div(a, MustFromSlice(I32, sh(1), []int32{0}))
	assert.ErrorContains(t, err, "division by zero")
	r, err = Pow(MustFromSlice(I64, sh(4), []int64{2, 3, -1, 2}), MustFromSlice(I64, sh(4), []int64{10, 3, -3, -1}))
	require.NoError(t, err)
	assert.Equal(t, []int64{1024, 27, -1, 0}, r.IntValues())
	r, err = Max(MustFromSlice(U8, sh(2), []uint8{1, 200}), MustFromSlice(U8, sh(1), []uint8{100}))
	require.NoError(t, err)
	assert.Equal(t, []int64{100, 200}, r.IntValues())
	// 4-bit saturates
	r, err = Add(MustFromSlice(I4, sh(2), []int8{7, -8}), MustFromSlice(I4, sh(2), []int8{7, -8}))
	require.NoError(t, err)
	assert.Equal(t, []int64{7, -8}, r.IntValues())
}

func TestBinaryHalf(t *testing.T) {
	a := vals(F16, sh(2), 1, 2048)
	b := vals(F16, sh(2), 1.0/2048, 1)
	r, err := Add(a, b)
	require.NoError(t, err)
	assert.Equal(t, F16, r.DType())
	// 1 + 2^-11 ties to 1; 2048 + 1 ties to 2048 (spacing 2).
	requireValues(t, []float64{1, 2048}, r)
	r, err = Mul(vals(BF16, sh(1), 3), vals(BF16, sh(1), 5))
	require.NoError(t, err)
	requireValues(t, []float64{15}, r)
}

func TestUnary(t *testing.T) {
	x := vals(F32, sh(6), -2, -0.5, 0, 0.5, 1.5, 2.5)
	type tc struct {
		op UnaryOp
		f  func(float64) float64
	}
	for _, c := range []tc{
		{OpNeg, func(v float64) float64 { return -v }},
		{OpAbs, math.Abs},
		{OpExp, math.Exp},
		{OpTanh, math.Tanh},
		{OpSigmoid, func(v float64) float64 { return 1 / (1 + math.Exp(-v)) }},
		{OpRelu, func(v float64) float64 { return math.Max(v, 0) }},
		{OpErf, math.Erf},
		{OpGeluErf, func(v float64) float64 { return v * 0.5 * (1 + math.Erf(v/math.Sqrt2)) }},
		{OpGeluTanh, func(v float64) float64 {
			return 0.5 * v * (1 + math.Tanh(math.Sqrt(2/math.Pi)*(v+0.044715*v*v*v)))
		}},
		{OpSin, math.Sin}, {OpCos, math.Cos}, {OpFloor, math.Floor}, {OpCeil, math.Ceil},
		{OpSilu, func(v float64) float64 { return v / (1 + math.Exp(-v)) }},
		{OpHardSwish, func(v float64) float64 { return v * math.Max(0, math.Min(1, v/6+0.5)) }},
		{OpSoftplus, func(v float64) float64 { return math.Log(1 + math.Exp(v)) }},
	} {
		r, err := Unary(c.op, x)
		require.NoError(t, err, "%v", c.op)
		for i, v := range x.Values() {
			assert.InDelta(t, float32(c.f(v)), r.At(int64(i)), 1e-6, "%v(%g)", c.op, v)
		}
	}
	r, err := Unary(OpRound, vals(F32, sh(8), 0.5, 1.5, 2.5, -0.5, -1.5, 2.4, 2.6, -2.5))
	require.NoError(t, err)
	requireValues(t, []float64{0, 2, 2, 0, -2, 2, 3, -2}, r)
	r, err = Unary(OpSign, vals(F32, sh(4), -3, 0, 2, math.NaN()))
	require.NoError(t, err)
	requireValues(t, []float64{-1, 0, 1, math.NaN()}, r)
	r, err = Unary(OpSqrt, vals(F32, sh(3), 4, -1, 0))
	require.NoError(t, err)
	requireValues(t, []float64{2, math.NaN(), 0}, r)
	r, err = Unary(OpRsqrt, vals(F32, sh(2), 4, 0))
	require.NoError(t, err)
	requireValues(t, []float64{0.5, math.Inf(1)}, r)
	r, err = Unary(OpLog, vals(F32, sh(3), 1, 0, -1))
	require.NoError(t, err)
	requireValues(t, []float64{0, math.Inf(-1), math.NaN()}, r)
	r, err = Unary(OpReciprocal, vals(F64, sh(2), 4, -0.5))
	require.NoError(t, err)
	requireValues(t, []float64{0.25, -2}, r)
	r, err = Unary(OpRelu, vals(F32, sh(1), math.NaN()))
	require.NoError(t, err)
	requireValues(t, []float64{math.NaN()}, r)

	ri, err := Unary(OpAbs, MustFromSlice(I8, sh(3), []int8{-5, 5, -128}))
	require.NoError(t, err)
	assert.Equal(t, []int64{5, 5, -128}, ri.IntValues(), "abs wraps like C")
	_, err = Unary(OpExp, MustFromSlice(I8, sh(1), []int8{1}))
	assert.Error(t, err)
	rh, err := Unary(OpExp, vals(F16, sh(1), 1))
	require.NoError(t, err)
	assert.Equal(t, F16, rh.DType())
	assert.InDelta(t, math.E, rh.At(0), 2e-3)
}

func TestParamActivations(t *testing.T) {
	x := vals(F32, sh(4), -2, -0.5, 1, 8)
	r, err := Clip(x, -1, 6)
	require.NoError(t, err)
	requireValues(t, []float64{-1, -0.5, 1, 6}, r)
	r, err = Clip(x, math.Inf(-1), 0)
	require.NoError(t, err)
	requireValues(t, []float64{-2, -0.5, 0, 0}, r)
	ri, err := Clip(MustFromSlice(U8, sh(3), []uint8{0, 100, 255}), 10.5, 1000)
	require.NoError(t, err)
	assert.Equal(t, []int64{11, 100, 255}, ri.IntValues())
	_, err = Clip(x, 1, 0)
	assert.Error(t, err)
	r, err = LeakyRelu(x, 0.1)
	require.NoError(t, err)
	requireClose(t, []float64{-0.2, -0.05, 1, 8}, r, 1e-7)
	r, err = HardSigmoid(x, 0.2, 0.5)
	require.NoError(t, err)
	requireClose(t, []float64{0.1, 0.4, 0.7, 1}, r, 1e-7)
	r, err = Elu(x, 1)
	require.NoError(t, err)
	requireClose(t, []float64{math.Expm1(-2), math.Expm1(-0.5), 1, 8}, r, 1e-7)
}

func TestCompareLogicalWhere(t *testing.T) {
	a := vals(F32, sh(2, 2), 1, 2, math.NaN(), 4)
	b := vals(F32, sh(2), 2, 2)
	want := map[CompareOp][]bool{
		OpEqual:        {false, true, false, false},
		OpNotEqual:     {true, false, true, true},
		OpLess:         {true, false, false, false},
		OpLessEqual:    {true, true, false, false},
		OpGreater:      {false, false, false, true},
		OpGreaterEqual: {false, true, false, true},
	}
	for op, w := range want {
		r, err := Compare(op, a, b)
		require.NoError(t, err)
		assert.Equal(t, Bool, r.DType())
		assert.Equal(t, w, r.Bools(), "%v", op)
	}
	ri, err := Compare(OpLess, MustFromSlice(I64, sh(3), []int64{-1, 0, 1}), MustFromSlice(I64, nil, []int64{0}))
	require.NoError(t, err)
	assert.Equal(t, []bool{true, false, false}, ri.Bools())
	bt := MustFromSlice(Bool, sh(4), []bool{true, true, false, false})
	bf := MustFromSlice(Bool, sh(4), []bool{true, false, true, false})
	r, err := Compare(OpEqual, bt, bf)
	require.NoError(t, err)
	assert.Equal(t, []bool{true, false, false, true}, r.Bools())
	_, err = Compare(OpLess, bt, bf)
	assert.Error(t, err)
	for op, w := range map[LogicalOp][]bool{OpAnd: {true, false, false, false}, OpOr: {true, true, true, false}, OpXor: {false, true, true, false}} {
		r, err := Logical(op, bt, bf)
		require.NoError(t, err)
		assert.Equal(t, w, r.Bools())
	}
	n, err := Not(bt)
	require.NoError(t, err)
	assert.Equal(t, []bool{false, false, true, true}, n.Bools())

	cond := MustFromSlice(Bool, sh(2, 1), []bool{true, false})
	w, err := Where(cond, vals(F32, sh(3), 1, 2, 3), vals(F32, nil, -1))
	require.NoError(t, err)
	assert.Equal(t, sh(2, 3), w.Shape())
	requireValues(t, []float64{1, 2, 3, -1, -1, -1}, w)
	wi, err := Where(MustFromSlice(Bool, sh(3), []bool{false, true, false}), MustFromSlice(I8, sh(1), []int8{5}), MustFromSlice(I8, sh(3), []int8{1, 2, 3}))
	require.NoError(t, err)
	assert.Equal(t, []int64{1, 5, 3}, wi.IntValues())
	_, err = Where(vals(F32, sh(1), 1), a, a)
	assert.Error(t, err)
}
