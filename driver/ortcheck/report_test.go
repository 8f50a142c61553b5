package ortcheck

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/internal/tensor"
)

func TestReportSummaries(t *testing.T) {
	inf := math.Inf(1)
	r := &Report{Layers: []Layer{
		{Name: "a", Op: "trt.quantize", Type: "i8", Free: Diff{SQNR: inf}, Forced: Diff{SQNR: inf}},
		{Name: "b", Op: "trt.convolution", Type: "f32", Free: Diff{Count: 4, Differ: 1, MaxAbs: 1, SQNR: 45}, Forced: Diff{SQNR: 38}},
		{Name: "c", Op: "trt.quantize", Type: "i8", Free: Diff{SQNR: 30}, Forced: Diff{SQNR: 52}},
	}}
	w, ok := r.WorstForced()
	require.True(t, ok)
	assert.Equal(t, "b", w.Name)
	assert.Equal(t, 2, r.FirstFreeBelow(40))
	assert.Equal(t, 1, r.FirstFreeBelow(50))
	assert.Equal(t, -1, r.FirstFreeBelow(10))
	_, ok = (&Report{}).WorstForced()
	assert.False(t, ok)

	var b strings.Builder
	require.NoError(t, r.WriteTable(&b, 40))
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	require.Len(t, lines, 4)
	assert.Contains(t, lines[2], "<- first forced < 40 dB")
	assert.NotContains(t, lines[3], "<-")
}

func TestDiffAndSQNR(t *testing.T) {
	assert.Equal(t, math.Inf(1), SQNROf([]float64{1, 2}, []float64{1, 2}))
	assert.InDelta(t, 10*math.Log10(5.0/1), SQNROf([]float64{1, 2}, []float64{2, 2}), 1e-12)

	want, _ := tensor.Alloc(tensor.I8, []int64{3})
	got, _ := tensor.Alloc(tensor.I8, []int64{3})
	copy(want.Int8s(), []int8{3, -4, 5})
	copy(got.Int8s(), []int8{3, -3, 5})
	d, err := diff(want, got)
	require.NoError(t, err)
	assert.Equal(t, Diff{Count: 3, Differ: 1, MaxAbs: 1, SQNR: 10 * math.Log10(50)}, d)
	nan, _ := tensor.Alloc(tensor.F32, []int64{2})
	nan2, _ := tensor.Alloc(tensor.F32, []int64{2})
	copy(nan.Float32s(), []float32{float32(math.NaN()), 1})
	copy(nan2.Float32s(), []float32{float32(math.NaN()), float32(math.NaN())})
	d, err = diff(nan, nan)
	require.NoError(t, err)
	assert.Zero(t, d.Differ, "NaN where both are NaN agrees")
	d, err = diff(nan, nan2)
	require.NoError(t, err)
	assert.Equal(t, 1, d.Differ)
	assert.True(t, math.IsInf(d.MaxAbs, 1) && d.SQNR < 0, "a NaN on one side: %+v", d)
	other, _ := tensor.Alloc(tensor.I8, []int64{4})
	_, err = diff(want, other)
	assert.ErrorContains(t, err, "shape")
	f, _ := tensor.Alloc(tensor.F32, []int64{3})
	_, err = diff(want, f)
	assert.ErrorContains(t, err, "dtype")
}
