package bench

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// baseline makes runs of two jobs with compile times jittered by ±3%.
func baseline(runs int, timeScale, sqnrDelta float64, seed uint64) []Record {
	rng := rand.New(rand.NewPCG(seed, 1))
	var recs []Record
	for _, m := range []string{"resnet18", "vit_tiny"} {
		for run := range runs {
			jit := func(x float64) float64 { return x * (1 + 0.06*(rng.Float64()-0.5)) }
			recs = append(recs, Record{
				Schema: SchemaVersion, Revision: "abc", Machine: "test", Model: m, Target: "trt-orin",
				Key: "k-" + m, Run: run, Status: StatusOK,
				Stages: []Stage{
					{Name: "import", Seconds: jit(0.5), PeakRSS: 100 << 20, OpsAfter: 120},
					{Name: "quantize", Seconds: jit(4) * timeScale, PeakRSS: 300 << 20, OpsAfter: 400},
				},
				Metrics: map[string]float64{
					"compile_seconds": jit(6) * timeScale,
					"sqnr_db":         35.2 + sqnrDelta,
					"bundle_bytes":    1 << 20,
				},
				Artefacts: map[string]string{"model.qdq.onnx": "aa"},
			})
		}
	}
	return recs
}

func TestCompareFindsRegressions(t *testing.T) {
	old := baseline(5, 1, 0, 1)
	cur := baseline(5, 1.3, -3, 2)
	c := Compare(old, cur, CompareOptions{})
	worse := map[string]bool{}
	for _, ch := range c.Regressions() {
		worse[ch.Model+" "+ch.Metric] = true
	}
	for _, m := range []string{"resnet18", "vit_tiny"} {
		require.True(t, worse[m+" compile_seconds"], "30%% slower compile of %s not reported: %v", m, worse)
		require.True(t, worse[m+" quantize.seconds"], "30%% slower quantize of %s not reported", m)
		require.True(t, worse[m+" sqnr_db"], "3 dB SQNR drop of %s not reported", m)
	}
	require.False(t, worse["resnet18 import.seconds"], "an unchanged stage is not a regression")
	var out bytes.Buffer
	require.NoError(t, WriteTable(&out, c, false))
	require.Contains(t, out.String(), "sqnr_db")
	require.Contains(t, out.String(), "worse")
}

func TestCompareWithItselfIsQuiet(t *testing.T) {
	recs := baseline(5, 1, 0, 1)
	c := Compare(recs, recs, CompareOptions{})
	require.Empty(t, c.Regressions())
	for _, ch := range c.Changes {
		require.Equal(t, Same, ch.Verdict, "%+v", ch)
	}
	// Another run of the same build: noise only.
	c = Compare(recs, baseline(5, 1, 0, 7), CompareOptions{})
	require.Empty(t, c.Regressions())
}

// Two runs against two cannot show a significant time difference; the
// table says more runs are needed instead of guessing.
func TestCompareTooFewRuns(t *testing.T) {
	c := Compare(baseline(2, 1, 0, 1), baseline(2, 1.3, 0, 2), CompareOptions{})
	require.Empty(t, c.Regressions())
	found := false
	for _, ch := range c.Changes {
		if ch.Metric == "compile_seconds" {
			require.Equal(t, Unsure, ch.Verdict)
			require.Contains(t, ch.Note, "needs more runs")
			found = true
		}
	}
	require.True(t, found)
}

func TestCompareJobsAndArtefacts(t *testing.T) {
	old := baseline(1, 1, 0, 1)
	cur := baseline(1, 1, 0, 1)
	cur[0].Status, cur[0].Error, cur[0].Metrics, cur[0].Stages = StatusFailed, "quantize: boom", nil, nil
	cur[1].Artefacts = map[string]string{"model.qdq.onnx": "bb"}
	cur = append(cur, Record{Schema: SchemaVersion, Model: "mobilenet_v2", Target: "trt-orin", Status: StatusOK})
	c := Compare(old, cur, CompareOptions{})
	got := map[string]Verdict{}
	for _, ch := range c.Changes {
		if ch.Metric == "job" || ch.Metric == "artefacts" {
			got[ch.Model+" "+ch.Metric] = ch.Verdict
		}
	}
	require.Equal(t, map[string]Verdict{"resnet18 job": Broke, "vit_tiny artefacts": Changed, "mobilenet_v2 job": Appeared}, got)
	require.Len(t, c.Regressions(), 1)
	c = Compare(old, old[:1], CompareOptions{})
	require.Equal(t, Gone, c.Regressions()[0].Verdict)
}

func TestReadRejectsBadFiles(t *testing.T) {
	good := baseline(1, 1, 0, 1)
	var buf bytes.Buffer
	require.NoError(t, Write(&buf, good))
	back, err := Read(&buf)
	require.NoError(t, err)
	require.Equal(t, good, back)

	for _, tc := range []struct{ in, want string }{
		{`{"schema":2,"model":"m","target":"t","status":"ok","new_field":1}`, "1:1: error: schema version 2, this mlc-bench reads version 1"},
		{`{"schema":2,"model":"m","target":"t","status":"ok"}`, "schema version 2"},
		{"\n" + `{"schema":1,"model":"m","target":"t","status":"ok"` + "\n", "2:"},
		{`{"schema":1,"model":"m","target":"t","status":"maybe"}`, `status "maybe"`},
		{`{"schema":1,"model":"","target":"t","status":"ok"}`, "needs a model"},
		{`{"schema":1,"model":"m","target":"t","status":"ok","metrics":{"x":"high"}}`, "1:"},
		{`[1,2]`, "1:"},
	} {
		_, err := Read(strings.NewReader(tc.in))
		require.Error(t, err, tc.in)
		require.Contains(t, err.Error(), tc.want, tc.in)
	}
}

func TestShard(t *testing.T) {
	for _, bad := range []string{"0/0", "5/3", "3/3", "-1/2", "1", "a/b", "1/-2", ""} {
		_, err := ParseShard(bad)
		require.Error(t, err, bad)
	}
	s, err := ParseShard("2/4")
	require.NoError(t, err)
	require.Equal(t, Shard{2, 4}, s)
	// Every job is in exactly one shard.
	for n := 1; n <= 5; n++ {
		for i := range 23 {
			owners := 0
			for k := range n {
				if (Shard{k, n}).Owns(i) {
					owners++
				}
			}
			require.Equal(t, 1, owners)
		}
	}
}

func TestMerge(t *testing.T) {
	all := baseline(3, 1, 0, 1)
	Sort(all)
	var parts [3][]Record
	for i, r := range all {
		parts[i%3] = append(parts[i%3], r)
	}
	merged, err := Merge(parts[2][:], parts[0][:], parts[1][:], parts[0][:1])
	require.NoError(t, err)
	require.Equal(t, all, merged)
	clash := parts[0][0]
	clash.Metrics = map[string]float64{"sqnr_db": 1}
	_, err = Merge(parts[0][:], []Record{clash})
	require.ErrorContains(t, err, "appears twice with different results")
}
