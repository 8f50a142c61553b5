package torch

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Shape rules must not wrap around on extreme attribute values.
func TestShapeRulesDoNotOverflow(t *testing.T) {
	p := func(v int64) *int64 { return &v }
	assert.Equal(t, int64(1), SliceLen(8, p(0), p(8), math.MaxInt64))
	assert.Equal(t, int64(2), SliceLen(8, p(0), p(8), 7))
	_, err := PadShape([]int64{4}, []int64{math.MaxInt64, math.MaxInt64})
	assert.ErrorContains(t, err, "overflows")
	_, err = PadShape([]int64{4}, []int64{math.MinInt64, math.MinInt64})
	assert.ErrorContains(t, err, "overflows")
	got, err := PadShape([]int64{4}, []int64{-2, 3})
	assert.NoError(t, err)
	assert.Equal(t, []int64{5}, got)
}
