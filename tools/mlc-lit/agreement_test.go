package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestLitAgreement is the proof that mlc-lit and LLVM's lit agree: both run
// the same tests (all of lit-tests/, plus the runner's own fixture suites
// under lit-tests/lit/Inputs, which exercise every result code) and must
// find the same tests and give each the same result.
//
// Tools: $MLC_BIN when set (e.g. MLC_BIN=$PWD/bin after `make build`),
// else a fresh build of tools/mlc-lit and tools/not plus whichever other
// tools/* packages build. $MLC_LIT_AGREE_PATHS (space-separated, relative
// to the repository root) replaces the default paths.
//
// Run it with `make lit-agree`.
const (
	litPy  = "/usr/lib/llvm-19/build/utils/lit/lit.py"
	python = "/usr/bin/python3"
)

func TestLitAgreement(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	for _, p := range []string{litPy, python} {
		if _, err := os.Stat(p); err != nil {
			t.Skipf("LLVM's lit is not available: %v", err)
		}
	}
	repo := repoRoot(t)
	bin := toolsDir(t, repo)

	type run struct {
		paths            []string
		mlcArgs, litArgs []string
	}
	runs := []run{{paths: []string{"lit-tests", "lit-tests/lit/Inputs/basic", "lit-tests/lit/Inputs/allpass", "lit-tests/lit/Inputs/order"}}}
	// lit enforces timeouts only with psutil; without it the timeout
	// fixture would run for a minute under lit.
	if exec.Command(python, "-c", "import psutil").Run() == nil {
		runs = append(runs, run{[]string{"lit-tests/lit/Inputs/timeout"}, []string{"--timeout", "1"}, []string{"--timeout", "1"}})
	}
	if s := os.Getenv("MLC_LIT_AGREE_PATHS"); s != "" {
		runs = []run{{paths: strings.Fields(s)}}
	}
	mine, theirs := map[string]string{}, map[string]string{}
	var out, litOut []byte
	var paths []string
	for _, r := range runs {
		o, m := runMlcLit(t, repo, bin, r.mlcArgs, r.paths)
		lo, l := runLit(t, repo, bin, r.litArgs, r.paths)
		out, litOut = append(out, o...), append(litOut, lo...)
		// The same lines, apart from their order and the timing: header,
		// "CODE: SUITE :: PATH (n of N)" (n is the completion order under
		// lit), and the counts per result code.
		if d := outputShapeDiff(string(o), string(lo)); d != "" {
			t.Errorf("mlc-lit and lit print different lines for %v:\n%s", r.paths, d)
		}
		for k, v := range m {
			mine[k] = v
		}
		for k, v := range l {
			theirs[k] = v
		}
		paths = append(paths, r.paths...)
	}

	// Same tests, same results.
	var names []string
	for n := range mine {
		names = append(names, n)
	}
	for n := range theirs {
		if _, ok := mine[n]; !ok {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	counts := map[string]int{}
	var diffs []string
	for _, n := range names {
		m, ok1 := mine[n]
		l, ok2 := theirs[n]
		switch {
		case !ok1:
			diffs = append(diffs, "only lit ran "+n+" ("+l+")")
		case !ok2:
			diffs = append(diffs, "only mlc-lit ran "+n+" ("+m+")")
		case m != l:
			diffs = append(diffs, n+": mlc-lit "+m+", lit "+l)
		default:
			counts[m]++
		}
	}
	if len(diffs) > 0 {
		t.Errorf("mlc-lit and lit disagree on %d of %d tests:\n  %s\nmlc-lit output:\n%s\nlit output:\n%s",
			len(diffs), len(names), strings.Join(diffs, "\n  "), out, litOut)
		return
	}
	require.NotEmpty(t, names)
	var summary []string
	for _, c := range []string{"PASS", "FLAKYPASS", "XFAIL", "FAIL", "XPASS", "TIMEOUT", "UNRESOLVED", "UNSUPPORTED"} {
		if counts[c] > 0 {
			summary = append(summary, c+" "+strconv.Itoa(counts[c]))
		}
	}
	t.Logf("mlc-lit and lit agree on all %d tests (%s) under %s", len(names), strings.Join(summary, ", "), strings.Join(paths, " "))
}

// runMlcLit runs mlc-lit on paths and returns its output and results.
func runMlcLit(t *testing.T, repo, bin string, extra, paths []string) ([]byte, map[string]string) {
	args := append([]string{"-j", "2", "--temp-dir", t.TempDir()}, extra...)
	cmd := exec.Command(filepath.Join(bin, "mlc-lit"), append(args, paths...)...)
	cmd.Dir = repo
	out, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 1 {
		err = nil // some tests failed: expected, the fixtures fail on purpose
	}
	require.NoError(t, err, "mlc-lit: %s", out)
	return out, parseMlcLit(string(out))
}

// runLit runs LLVM's lit on paths and returns its output and results.
func runLit(t *testing.T, repo, bin string, extra, paths []string) ([]byte, map[string]string) {
	results := filepath.Join(t.TempDir(), "results.json")
	args := []string{litPy, "-j", "2", "-o", results,
		"--param", "mlc_bin=" + bin, "--param", "exec_root=" + t.TempDir()}
	args = append(append(args, extra...), paths...)
	cmd := exec.Command(python, args...)
	cmd.Dir = repo
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 1 {
		err = nil
	}
	require.NoError(t, err, "lit: %s", out)
	return out, parseLitJSON(t, results)
}

// resultLineRE matches lit's result line, "CODE: SUITE :: PATH (n of N)".
var resultLineRE = regexp.MustCompile(`(?m)^(PASS|FLAKYPASS|XFAIL|FAIL|XPASS|TIMEOUT|UNRESOLVED|UNSUPPORTED): (.+ :: .+) \(\d+ of \d+\)$`)

var (
	headerRE    = regexp.MustCompile(`(?m)^-- Testing: .* --$`)
	countLineRE = regexp.MustCompile(`(?m)^(Total Discovered Tests: \d+|  [A-Za-z ]+: +\d+ \([0-9.]+%\))$`)
	progressRE  = regexp.MustCompile(`(?m)^((?:PASS|FLAKYPASS|XFAIL|FAIL|XPASS|TIMEOUT|UNRESOLVED|UNSUPPORTED): .+ :: .+) \(\d+ of (\d+)\)$`)
)

// outputShapeDiff compares what both runners print, ignoring the order
// of result lines and the running n of "(n of N)"; "" when they agree.
func outputShapeDiff(mine, theirs string) string {
	lines := func(out string) []string {
		var l []string
		l = append(l, headerRE.FindAllString(out, -1)...)
		for _, m := range progressRE.FindAllStringSubmatch(out, -1) {
			l = append(l, m[1]+" (of "+m[2]+")")
		}
		sort.Strings(l)
		l = append(l, countLineRE.FindAllString(out, -1)...)
		return l
	}
	a, b := lines(mine), lines(theirs)
	if len(a) == 0 {
		return "no header, result or count lines in mlc-lit's output"
	}
	if strings.Join(a, "\n") == strings.Join(b, "\n") {
		return ""
	}
	return "mlc-lit:\n  " + strings.Join(a, "\n  ") + "\nlit:\n  " + strings.Join(b, "\n  ")
}

func parseMlcLit(out string) map[string]string {
	m := map[string]string{}
	for _, sm := range resultLineRE.FindAllStringSubmatch(out, -1) {
		m[sm[2]] = sm[1]
	}
	return m
}

func parseLitJSON(t *testing.T, path string) map[string]string {
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var r struct {
		Tests []struct{ Name, Code string }
	}
	require.NoError(t, json.Unmarshal(data, &r))
	m := map[string]string{}
	for _, tc := range r.Tests {
		m[tc.Name] = tc.Code // "SUITE :: PATH", as mlc-lit prints it
	}
	return m
}

func repoRoot(t *testing.T) string {
	dir, err := os.Getwd()
	require.NoError(t, err)
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		require.NotEqual(t, parent, dir, "no go.mod above the test")
		dir = parent
	}
}

// toolsDir returns $MLC_BIN, or a temp dir with freshly built tools.
func toolsDir(t *testing.T, repo string) string {
	if b := os.Getenv("MLC_BIN"); b != "" {
		abs, err := filepath.Abs(b)
		require.NoError(t, err)
		for _, tool := range []string{"mlc-lit", "not"} {
			_, err := os.Stat(filepath.Join(abs, tool))
			require.NoError(t, err, "MLC_BIN=%s lacks %s", b, tool)
		}
		return abs
	}
	goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(goTool); err != nil {
		goTool = "go"
	}
	bin := t.TempDir()
	build := func(pkgs ...string) ([]byte, error) {
		cmd := exec.Command(goTool, append([]string{"build", "-o", bin + string(filepath.Separator)}, pkgs...)...)
		cmd.Dir = repo
		return cmd.CombinedOutput()
	}
	out, err := build("./tools/mlc-lit", "./tools/not")
	require.NoError(t, err, "%s", out)
	// The other tools (filecheck, mlc-opt, ...) as far as they build today.
	entries, _ := os.ReadDir(filepath.Join(repo, "tools"))
	for _, e := range entries {
		if !e.IsDir() || e.Name() == "mlc-lit" || e.Name() == "not" {
			continue
		}
		if gos, _ := filepath.Glob(filepath.Join(repo, "tools", e.Name(), "*.go")); len(gos) == 0 {
			continue
		}
		if out, err := build("./tools/" + e.Name()); err != nil {
			t.Logf("not using tools/%s, which does not build: %v\n%s", e.Name(), err, out)
		}
	}
	return bin
}

func TestOutputShapeDiff(t *testing.T) {
	mine := "-- Testing: 2 tests, 2 workers --\nPASS: s :: a.test (1 of 2)\nFAIL: s :: b.test (2 of 2)\n\nTotal Discovered Tests: 2\n  Passed: 1 (50.00%)\n  Failed: 1 (50.00%)\n1 passed, 1 failed\n"
	theirs := "-- Testing: 2 tests, 2 workers --\nFAIL: s :: b.test (1 of 2)\nPASS: s :: a.test (2 of 2)\n\nTesting Time: 0.10s\n\nTotal Discovered Tests: 2\n  Passed: 1 (50.00%)\n  Failed: 1 (50.00%)\n"
	require.Empty(t, outputShapeDiff(mine, theirs), "order and timing do not matter")
	require.NotEmpty(t, outputShapeDiff(strings.Replace(mine, "s :: a", "x :: a", 1), theirs), "suite names do")
	require.NotEmpty(t, outputShapeDiff(strings.Replace(mine, "2 workers", "1 workers", 1), theirs), "the header does")
	require.NotEmpty(t, outputShapeDiff(strings.Replace(mine, "(2 of 2)", "(2 of 3)", 1), theirs), "N does")
	require.NotEmpty(t, outputShapeDiff(strings.Replace(mine, "  Failed: 1", "  Failed : 1", 1), theirs), "the counts do")
	require.NotEmpty(t, outputShapeDiff("nothing\n", "nothing\n"), "output without lit's lines is an error")
}
