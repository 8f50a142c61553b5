package metrics

import (
	"errors"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/internal/tensor"
)

func f32(vals ...float64) *tensor.Tensor {
	return tensor.MustValues(tensor.F32, []int64{int64(len(vals))}, vals...)
}

func f64(shape []int64, vals ...float64) *tensor.Tensor {
	return tensor.MustValues(tensor.F64, shape, vals...)
}

var nan, inf = math.NaN(), math.Inf(1)

func TestAllClose(t *testing.T) {
	for _, tc := range []struct {
		name       string
		got, want  *tensor.Tensor
		rtol, atol float64
		count      int
		maxAbs     float64
	}{
		{"equal", f32(1, 2, 3), f32(1, 2, 3), 0, 0, 0, 0},
		// bound 1e-3*1000 + 0 = 1: 0.5 passes, 1.5 fails.
		{"rtol scales with want", f64([]int64{2}, 1000.5, 1001.5), f64([]int64{2}, 1000, 1000), 1e-3, 0, 1, 1.5},
		{"rtol is relative to want, not got", f64([]int64{1}, 1000), f64([]int64{1}, 999.05), 1e-3, 0, 0, 1000 - 999.05},
		{"atol at zero", f64([]int64{2}, 5e-8, 2e-7), f64([]int64{2}, 0, 0), 0, 1e-7, 1, 2e-7},
		{"nan equals nan", f32(nan, 1), f32(nan, 1), 0, 0, 0, 0},
		{"nan against a number", f32(nan, 1), f32(1, 1), 1, 1, 1, inf},
		{"number against nan", f32(1), f32(nan), 1, 1, 1, inf},
		{"inf equals inf", f32(inf, -inf), f32(inf, -inf), 0, 0, 0, 0},
		{"inf sign", f32(-inf), f32(inf), 1, 1, 1, inf},
		{"inf is not big", f32(inf), f32(3.4e38), 1, 1, 1, inf},
		{"ints", tensor.MustValues(tensor.I32, []int64{3}, 3, -5, 7), tensor.MustValues(tensor.I32, []int64{3}, 3, -4, 9), 0, 1, 1, 2},
		{"bools", tensor.MustValues(tensor.Bool, []int64{2}, 1, 0), tensor.MustValues(tensor.Bool, []int64{2}, 1, 1), 0, 0, 1, 1},
		{"empty", f32(), f32(), 0, 0, 0, 0},
	} {
		d, err := AllClose(tc.got, tc.want, tc.rtol, tc.atol)
		require.NoError(t, err, tc.name)
		assert.Equal(t, tc.count, d.Count, tc.name)
		assert.Equal(t, tc.count == 0, d.OK(), tc.name)
		assert.InDelta(t, tc.maxAbs, d.MaxAbs, 1e-9, tc.name)
		assert.Equal(t, tc.got.Len(), d.Len, tc.name)
	}
}

func TestAllCloseFirstFailure(t *testing.T) {
	d, err := AllClose(f32(1, 5, 3, 9), f32(1, 2, 3, 4), 0, 0.5)
	require.NoError(t, err)
	assert.Equal(t, 2, d.Count)
	assert.Equal(t, 1, d.First)
	assert.Equal(t, 5.0, d.Got)
	assert.Equal(t, 2.0, d.Want)
	assert.Equal(t, 5.0, d.MaxAbs)

	d, err = AllClose(f32(1, 2), f32(1, 2), 0, 0)
	require.NoError(t, err)
	assert.Equal(t, -1, d.First, "no failure, no first index")
}

func TestIntsExactBeyondFloat64(t *testing.T) {
	// 2^53+1 and 2^53 are the same float64; the difference must still show.
	big := int64(1) << 53
	got := tensor.MustFromSlice(tensor.I64, []int64{1}, []int64{big + 1})
	want := tensor.MustFromSlice(tensor.I64, []int64{1}, []int64{big})
	m, err := MaxAbs(got, want)
	require.NoError(t, err)
	assert.Equal(t, 1.0, m)
	// The full int64 range, which int64 subtraction would overflow.
	lo := tensor.MustFromSlice(tensor.I64, []int64{2}, []int64{math.MinInt64, math.MaxInt64})
	assert.Equal(t, math.Ldexp(1, 64), Range(lo))
}

func TestMismatchedOperands(t *testing.T) {
	var se *ShapeError
	checks := map[string]func(g, w *tensor.Tensor) error{
		"AllClose":      func(g, w *tensor.Tensor) error { _, err := AllClose(g, w, 0, 0); return err },
		"MaxAbs":        func(g, w *tensor.Tensor) error { _, err := MaxAbs(g, w); return err },
		"RangeRelative": func(g, w *tensor.Tensor) error { _, err := RangeRelative(g, w); return err },
		"SQNR":          func(g, w *tensor.Tensor) error { _, err := SQNR(g, w); return err },
		"Cosine":        func(g, w *tensor.Tensor) error { _, err := Cosine(g, w); return err },
		"TopKAgreement": func(g, w *tensor.Tensor) error { _, err := TopKAgreement(g, w, 1); return err },
	}
	for name, f := range checks {
		err := f(f32(1, 2), f64([]int64{2}, 1, 2))
		require.True(t, errors.As(err, &se), "%s: dtype mismatch: %v", name, err)
		assert.Equal(t, "dtype f32, want f64", err.Error(), name)

		err = f(tensor.MustValues(tensor.F32, []int64{1, 2}, 1, 2), f32(1, 2))
		require.True(t, errors.As(err, &se), "%s: shape mismatch: %v", name, err)
		assert.Equal(t, "shape", se.What, name)
	}
}

func TestRangeRelative(t *testing.T) {
	// Range of want is 10; max abs error 0.002.
	r, err := RangeRelative(f64([]int64{3}, -5.002, 0, 5), f64([]int64{3}, -5, 0, 5))
	require.NoError(t, err)
	assert.InDelta(t, 2e-4, r, 1e-9)

	assert.Equal(t, 10.0, Range(f32(-5, nan, inf, 5)), "range skips NaN and Inf")
	assert.Equal(t, 0.0, Range(f32(nan)))

	// A constant reference: exact match is 0, anything else +Inf.
	r, err = RangeRelative(f32(2, 2), f32(2, 2))
	require.NoError(t, err)
	assert.Equal(t, 0.0, r)
	r, err = RangeRelative(f32(2, 2.5), f32(2, 2))
	require.NoError(t, err)
	assert.True(t, math.IsInf(r, 1))
}

func TestSQNR(t *testing.T) {
	// signal 3²+4² = 25, noise 0.5² = 0.25: 10·log10(100) = 20 dB.
	s, err := SQNR(f32(3, 4.5), f32(3, 4))
	require.NoError(t, err)
	assert.InDelta(t, 20, s, 1e-9)

	s, err = SQNR(f32(1, -2, 3), f32(1, -2, 3))
	require.NoError(t, err)
	assert.True(t, math.IsInf(s, 1), "identical tensors")

	s, err = SQNR(f32(0, 0), f32(0, 0))
	require.NoError(t, err)
	assert.True(t, math.IsInf(s, 1), "two zero signals are identical")

	s, err = SQNR(f32(1, 0), f32(0, 0))
	require.NoError(t, err)
	assert.True(t, math.IsInf(s, -1), "noise on a zero signal")

	s, err = SQNR(f32(1, nan), f32(1, 2))
	require.NoError(t, err)
	assert.True(t, math.IsNaN(s))
	s, err = SQNR(f32(1, 2), f32(1, inf))
	require.NoError(t, err)
	assert.True(t, math.IsNaN(s))
}

func TestCosine(t *testing.T) {
	for _, tc := range []struct {
		name      string
		got, want *tensor.Tensor
		cos       float64
	}{
		{"parallel", f32(1, 2), f32(2, 4), 1},
		{"opposite", f32(1, 2), f32(-1, -2), -1},
		{"orthogonal", f32(1, 0), f32(0, 3), 0},
		// (1·1 + 1·0) / (√2 · 1)
		{"45 degrees", f32(1, 1), f32(1, 0), 1 / math.Sqrt2},
		{"both zero", f32(0, 0), f32(0, 0), 1},
		{"one zero", f32(0, 0), f32(1, 0), 0},
	} {
		c, err := Cosine(tc.got, tc.want)
		require.NoError(t, err, tc.name)
		assert.InDelta(t, tc.cos, c, 1e-12, tc.name)
	}
	c, err := Cosine(f32(nan, 1), f32(1, 1))
	require.NoError(t, err)
	assert.True(t, math.IsNaN(c))
}

func TestTopKAgreement(t *testing.T) {
	// Two rows of four classes.
	want := f64([]int64{2, 4}, 0.1, 0.7, 0.15, 0.05 /**/, 0.4, 0.3, 0.2, 0.1)
	got := f64([]int64{2, 4}, 0.1, 0.6, 0.25, 0.05 /**/, 0.3, 0.4, 0.2, 0.1)

	a, err := TopKAgreement(got, want, 1)
	require.NoError(t, err)
	assert.Equal(t, 0.5, a, "row 0 agrees on class 1, row 1 disagrees (1 vs 0)")

	a, err = TopKAgreement(got, want, 2)
	require.NoError(t, err)
	assert.Equal(t, 1.0, a, "both rows have the same top-2 set")

	// Row 0 top-3 of want {1,2,0}; of got with class 0 demoted {1,2,3}.
	got3 := f64([]int64{1, 4}, 0.0, 0.7, 0.15, 0.05)
	a, err = TopKAgreement(got3, f64([]int64{1, 4}, 0.1, 0.7, 0.15, 0.05), 3)
	require.NoError(t, err)
	assert.InDelta(t, 2.0/3, a, 1e-12)

	// NaN ranks last, ties go to the lower index.
	a, err = TopKAgreement(f64([]int64{1, 3}, nan, 1, 1), f64([]int64{1, 3}, 0, 5, 0), 1)
	require.NoError(t, err)
	assert.Equal(t, 1.0, a)

	_, err = TopKAgreement(got, want, 5)
	assert.ErrorContains(t, err, "k = 5 is outside [1, 4]")
	_, err = TopKAgreement(got, want, 0)
	assert.Error(t, err)
	_, err = TopKAgreement(f64(nil, 1), f64(nil, 1), 1)
	assert.Error(t, err, "a scalar has no classes")
}
