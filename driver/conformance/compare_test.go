package conformance

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/internal/tensor"
)

func f32(vals ...float64) *tensor.Tensor {
	return tensor.MustValues(tensor.F32, []int64{int64(len(vals))}, vals...)
}

func TestCompareNodeTolerance(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	for _, tc := range []struct {
		name      string
		got, want *tensor.Tensor
		ok        bool
	}{
		{"equal", f32(1, 2, 3), f32(1, 2, 3), true},
		// |got-want| <= 1e-7 + 1e-3*|want|, relative to want as numpy's
		// assert_allclose(actual, desired).
		{"within rtol", f32(1000.9), f32(1000), true},
		{"beyond rtol", f32(1001.1), f32(1000), false},
		{"rtol is relative to want", f32(1000), f32(999.05), true},
		{"within atol at zero", f32(5e-8), f32(0), true},
		{"beyond atol at zero", f32(2e-7), f32(0), false},
		{"nan equals nan", f32(nan, 1), f32(nan, 1), true},
		{"nan is not a number", f32(nan), f32(1), false},
		{"number is not nan", f32(1), f32(nan), false},
		{"inf equals inf", f32(inf, -inf), f32(inf, -inf), true},
		{"inf sign", f32(-inf), f32(inf), false},
		{"inf is not big", f32(inf), f32(3.4e38), false},
		{"ints exact", tensor.MustValues(tensor.I64, []int64{2}, 3, -4), tensor.MustValues(tensor.I64, []int64{2}, 3, -4), true},
		{"ints off by one", tensor.MustValues(tensor.I32, []int64{2}, 3, -5), tensor.MustValues(tensor.I32, []int64{2}, 3, -4), false},
		// ONNX's runner applies allclose to integers too: 1 in 10^4 passes.
		{"large ints within rtol", tensor.MustValues(tensor.I64, []int64{1}, 10001), tensor.MustValues(tensor.I64, []int64{1}, 10000), true},
		{"bools", tensor.MustValues(tensor.Bool, []int64{2}, 1, 0), tensor.MustValues(tensor.Bool, []int64{2}, 1, 1), false},
		{"empty", f32(), f32(), true},
	} {
		_, m := compareOutput(tc.got, tc.want, ModeNode)
		assert.Equal(t, tc.ok, m == nil, "%s: %v", tc.name, m)
	}
}

func TestCompareIntsExactBeyondFloat64(t *testing.T) {
	// 2^53+1 and 2^53 are the same float64; the difference must still show.
	big := int64(1) << 53
	got := tensor.MustFromSlice(tensor.I64, []int64{1}, []int64{big + 1})
	want := tensor.MustFromSlice(tensor.I64, []int64{1}, []int64{big})
	e, m := compareOutput(got, want, ModeModel)
	assert.NotNil(t, m, "a constant reference has bound 0; the difference of 1 must fail")
	assert.Equal(t, 1.0, e.maxAbs)
}

func TestCompareReasons(t *testing.T) {
	_, m := compareOutput(f32(1, 2), tensor.MustValues(tensor.F64, []int64{2}, 1, 2), ModeNode)
	require.NotNil(t, m)
	assert.Equal(t, "dtype f32, want f64", m.Reason)

	_, m = compareOutput(tensor.MustValues(tensor.F32, []int64{1, 2}, 1, 2), f32(1, 2), ModeNode)
	require.NotNil(t, m)
	assert.Equal(t, "shape [1x2], want [2]", m.Reason)

	got := tensor.MustValues(tensor.F32, []int64{2, 3}, 0, 1, 2, 3, 4.5, 6)
	want := tensor.MustValues(tensor.F32, []int64{2, 3}, 0, 1, 2, 3, 4, 5)
	e, m := compareOutput(got, want, ModeNode)
	require.NotNil(t, m)
	assert.Equal(t, []int64{1, 1}, m.Index)
	assert.Equal(t, 4, m.Flat)
	assert.Equal(t, 2, m.Count)
	assert.Equal(t, 1.0, e.maxAbs)
	m.DataSet, m.Output = 2, 1
	assert.Equal(t, "test_data_set_2 output 1: 2 of 6 elements differ; first at [1,1]: got 4.5, want 4; max abs error 1 (rtol 0.001, atol 1e-07)", m.String())
}

func TestCompareModelTolerance(t *testing.T) {
	// Range of want is 10, so the bound is 1e-3.
	want := f32(-5, 0, 5)
	e, m := compareOutput(f32(-5.0009, 0.0009, 5), want, ModeModel)
	assert.Nil(t, m)
	assert.InDelta(t, 1e-3, e.bound, 1e-12)
	assert.InDelta(t, 9e-4, e.maxAbs, 1e-6)

	// Near zero the node rule would fail this; the model rule does not.
	_, m = compareOutput(f32(-5, 0.0009, 5), want, ModeNode)
	assert.NotNil(t, m)

	_, m = compareOutput(f32(-5, 0.002, 5), want, ModeModel)
	require.NotNil(t, m)
	assert.Equal(t, 1, m.Count)
	assert.Equal(t, []int64{1}, m.Index)
	assert.Contains(t, m.String(), "> bound 0.001")

	// A constant reference has range 0: only exact outputs pass.
	_, m = compareOutput(f32(1, 1), f32(1, 1), ModeModel)
	assert.Nil(t, m)
	_, m = compareOutput(f32(1, 1.0000001), f32(1, 1), ModeModel)
	assert.NotNil(t, m)

	// NaN where the reference is finite always fails.
	_, m = compareOutput(f32(-5, math.NaN(), 5), want, ModeModel)
	assert.NotNil(t, m)
}

func TestWorse(t *testing.T) {
	assert.True(t, worse(outputError{maxAbs: 2}, 1, 0, ModeNode))
	assert.False(t, worse(outputError{maxAbs: 1}, 2, 0, ModeNode))
	// Model mode compares error relative to the bound: 1/10 beats 0.5/1.
	assert.False(t, worse(outputError{maxAbs: 1, bound: 10}, 0.5, 1, ModeModel))
	assert.True(t, worse(outputError{maxAbs: 0.5, bound: 1}, 1, 10, ModeModel))
}
