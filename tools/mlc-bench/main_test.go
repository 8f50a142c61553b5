package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/driver/bench"
)

// buildBench builds mlc-bench into a temporary directory.
func buildBench(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "mlc-bench")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	require.NoError(t, err, string(out))
	return bin
}

// tinyZoo is the committed tiny CNN under two names, for two targets,
// and a truncated model that cannot compile.
func tinyZoo(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	example, err := filepath.Abs("../../docs/examples/tiny-cnn-onnx")
	require.NoError(t, err)
	data, err := os.ReadFile(filepath.Join(example, "model.onnx"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "broken.onnx"), data[:len(data)/3], 0o644))
	zoo := `targets: [trt-orin, qnn-htp-v73]
models:
  - name: tiny
    path: ` + filepath.Join(example, "model.onnx") + `
    calib_dir: ` + example + `
  - name: tiny2
    path: ` + filepath.Join(example, "model.onnx") + `
    calib_dir: ` + example + `
  - name: broken
    path: broken.onnx
    calib_dir: ` + example + `
    targets: [trt-orin]
`
	path := filepath.Join(dir, "zoo.yaml")
	require.NoError(t, os.WriteFile(path, []byte(zoo), 0o644))
	return path
}

func run(t *testing.T, bin string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else {
		require.NoError(t, err)
	}
	return stdout.String(), stderr.String(), code
}

// deterministic is what a job's records say that does not depend on
// timing: the figures a merged sharded run must share with one run.
func deterministic(t *testing.T, path string) []string {
	t.Helper()
	recs, err := bench.ReadFile(path)
	require.NoError(t, err)
	var out []string
	for _, r := range recs {
		line := r.Model + " " + r.Target + " " + r.Key + " " + r.Status + " " + firstLineOf(r.Error)
		for _, m := range []string{"sqnr_db", "cosine", "coverage", "bundle_bytes", "gates_passed"} {
			line += " " + formatFloat(r.Metrics[m])
		}
		for _, s := range r.Stages {
			line += " " + s.Name + "=" + formatFloat(float64(s.OpsAfter))
		}
		for _, k := range sortedKeys(r.Artefacts) {
			line += " " + k + "=" + r.Artefacts[k]
		}
		out = append(out, line)
	}
	return out
}

func TestRunShardsMergeAndCompare(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the tiny CNN a dozen times")
	}
	bin := buildBench(t)
	zoo := tinyZoo(t)
	dir := t.TempDir()
	work := filepath.Join(dir, "work")

	whole := filepath.Join(dir, "whole.jsonl")
	_, stderr, code := run(t, bin, "run", "--zoo", zoo, "--work-dir", work, "-o", whole)
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stderr, "FAILED", "the broken model is a failure row")
	require.Contains(t, stderr, "tiny2")

	// Three shards at once, merged, give the same records.
	var wg sync.WaitGroup
	shards := make([]string, 3)
	codes := make([]int, 3)
	for k := range shards {
		shards[k] = filepath.Join(dir, "shard"+string(rune('0'+k))+".jsonl")
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command(bin, "run", "--zoo", zoo, "--work-dir", work, "--shard", string(rune('0'+k))+"/3", "-o", shards[k])
			if err := cmd.Run(); err != nil {
				codes[k] = 1
			}
		}()
	}
	wg.Wait()
	require.Equal(t, []int{0, 0, 0}, codes)
	merged := filepath.Join(dir, "merged.jsonl")
	_, stderr, code = run(t, bin, append([]string{"merge", "-o", merged}, shards...)...)
	require.Equal(t, 0, code, stderr)
	require.Equal(t, deterministic(t, whole), deterministic(t, merged))

	// A run compared with itself: nothing changes, exit 0.
	stdout, _, code := run(t, bin, "compare", whole, whole)
	require.Equal(t, 0, code)
	require.Contains(t, stdout, "no change")
	require.Contains(t, stdout, "0 regression(s)")

	// A cached rerun gives the same records without compiling.
	cache := filepath.Join(dir, "cache")
	first, second := filepath.Join(dir, "c1.jsonl"), filepath.Join(dir, "c2.jsonl")
	_, stderr, code = run(t, bin, "run", "--zoo", zoo, "--work-dir", work, "--cache", cache, "-o", first)
	require.Equal(t, 0, code, stderr)
	_, stderr, code = run(t, bin, "run", "--zoo", zoo, "--work-dir", work, "--cache", cache, "-o", second)
	require.Equal(t, 0, code, stderr)
	a, _ := os.ReadFile(first)
	b, _ := os.ReadFile(second)
	// Failures are not cached (the load average of their rerun differs).
	okLines := func(data []byte) (out []string) {
		for _, l := range strings.Split(string(data), "\n") {
			if strings.Contains(l, `"status":"ok"`) {
				out = append(out, l)
			}
		}
		return out
	}
	require.Equal(t, okLines(a), okLines(b))
}

// The check: a 30% slower compile and a 3 dB lower SQNR than a
// baseline are both reported and the exit status is 1.
func TestCompareReportsRegressions(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the tiny CNN five times")
	}
	bin := buildBench(t)
	zoo := tinyZoo(t)
	dir := t.TempDir()
	base := filepath.Join(dir, "base.jsonl")
	_, stderr, code := run(t, bin, "run", "--zoo", zoo, "--work-dir", filepath.Join(dir, "work"), "--targets", "trt-orin", "--runs", "5", "-o", base)
	require.Equal(t, 0, code, stderr)
	recs, err := bench.ReadFile(base)
	require.NoError(t, err)
	for i := range recs {
		if recs[i].Status != bench.StatusOK {
			continue
		}
		recs[i].Metrics["compile_seconds"] *= 1.3
		for j := range recs[i].Stages {
			recs[i].Stages[j].Seconds *= 1.3
		}
		recs[i].Metrics["sqnr_db"] -= 3
	}
	worse := filepath.Join(dir, "worse.jsonl")
	var buf bytes.Buffer
	require.NoError(t, bench.Write(&buf, recs))
	require.NoError(t, os.WriteFile(worse, buf.Bytes(), 0o644))
	stdout, _, code := run(t, bin, "compare", base, worse)
	require.Equal(t, 1, code, stdout)
	for _, want := range []string{"compile_seconds", "sqnr_db", "worse"} {
		require.Contains(t, stdout, want)
	}
	// Another schema version is refused, naming the line.
	other := filepath.Join(dir, "other.jsonl")
	require.NoError(t, os.WriteFile(other, []byte(`{"schema":7,"model":"m","target":"t","status":"ok"}`+"\n"), 0o644))
	_, stderr, code = run(t, bin, "compare", base, other)
	require.Equal(t, 1, code)
	require.Contains(t, stderr, other+":1:1: error: schema version 7")
	// Bad shard specs.
	for _, s := range []string{"0/0", "5/3"} {
		_, stderr, code = run(t, bin, "run", "--zoo", zoo, "--shard", s, "-o", filepath.Join(dir, "x.jsonl"))
		require.Equal(t, 1, code)
		require.Contains(t, stderr, "shard")
	}
}

func firstLineOf(s string) string { first, _, _ := strings.Cut(s, "\n"); return first }

func sortedKeys(m map[string]string) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

func formatFloat(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
