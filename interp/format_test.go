package interp

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/internal/tensor"
)

func iota(shape ...int64) *tensor.Tensor {
	t := tensor.New(tensor.I64, shape...)
	for i := range t.Int64s() {
		t.Int64s()[i] = int64(i)
	}
	return t
}

func formatted(t *testing.T, x *tensor.Tensor, o FormatOptions) string {
	var b strings.Builder
	require.NoError(t, FormatValues(&b, x, o))
	return b.String()
}

// Above the threshold each long dim keeps its first and last entries, as
// numpy's print does (np.arange(2000).reshape(20, 100)).
func TestFormatSummary(t *testing.T) {
	assert.Equal(t, "[[0, 1, 2, ..., 97, 98, 99],\n [100, 101, 102, ..., 197, 198, 199],\n [200, 201, 202, ..., 297, 298, 299],\n ...,\n"+
		" [1700, 1701, 1702, ..., 1797, 1798, 1799],\n [1800, 1801, 1802, ..., 1897, 1898, 1899],\n [1900, 1901, 1902, ..., 1997, 1998, 1999]]\n",
		formatted(t, iota(20, 100), FormatOptions{Threshold: 1000}))
	// Rank 3: blocks are separated by a blank line; short dims stay whole.
	got := formatted(t, iota(2, 2, 600), FormatOptions{Threshold: 1000, EdgeItems: 1})
	assert.Equal(t, "[[[0, ..., 599],\n  [600, ..., 1199]],\n\n [[1200, ..., 1799],\n  [1800, ..., 2399]]]\n", got)
	// At or below the threshold nothing is elided.
	assert.NotContains(t, formatted(t, iota(10, 100), FormatOptions{Threshold: 1000}), "...")
}
