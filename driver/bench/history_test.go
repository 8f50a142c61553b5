package bench

import (
	"bytes"
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestHistory(t *testing.T) {
	var recs []Record
	for i, rev := range []string{"aaaaaaaaaa1", "bbbbbbbbbb2", "cccccccccc3"} {
		b := baseline(3, 1+0.1*float64(i), -float64(i), uint64(i))
		for j := range b {
			b[j].Revision = rev
		}
		if i == 1 {
			// vit_tiny failed at the middle revision.
			for j := range b {
				if b[j].Model == "vit_tiny" {
					b[j].Status, b[j].Metrics, b[j].Stages = StatusFailed, nil, nil
				}
			}
		}
		recs = append(recs, b...)
	}
	h, err := HistoryOf(recs, "sqnr_db", "", "trt-orin")
	require.NoError(t, err)
	require.Equal(t, []string{"aaaaaaaaaa1", "bbbbbbbbbb2", "cccccccccc3"}, h.Revisions)
	require.Len(t, h.Series, 2)
	require.Equal(t, []float64{35.2, 34.2, 33.2}, h.Series[0].Values)
	require.True(t, math.IsNaN(h.Series[1].Values[1]))

	png, err := h.PNG()
	require.NoError(t, err)
	require.True(t, bytes.HasPrefix(png, []byte("\x89PNG")))
	page, err := h.HTML(png)
	require.NoError(t, err)
	require.Contains(t, string(page), "data:image/png;base64,")
	require.Contains(t, string(page), "<code>bbbbbbbbbb2</code>")
	require.Contains(t, string(page), "—")

	_, err = HistoryOf(recs, "no_such_metric", "", "")
	require.ErrorContains(t, err, "no_such_metric")
	// Stage metrics are there too.
	_, err = HistoryOf(recs, "quantize.seconds", "resnet18", "")
	require.NoError(t, err)
}
