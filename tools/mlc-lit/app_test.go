package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func runApp(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	a := &app{stdout: &stdout, stderr: &stderr, getenv: os.Getenv}
	code := a.main(args)
	return code, stdout.String(), stderr.String()
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return lines[len(lines)-1]
}

// makeSuite writes files (name -> content) under a fresh suite root with a
// lit.cfg.py, and returns the root.
func makeSuite(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	files["lit.cfg.py"] = "# not read by mlc-lit\n"
	for name, content := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	}
	return root
}

func TestAppExitCodesAndSummary(t *testing.T) {
	root := makeSuite(t, map[string]string{
		"ok/a.test":        "# RUN: true\n",
		"ok/b.mlir":        "// RUN: true\n",
		"ok/skip.ll":       "; REQUIRES: no-such-feature\n; RUN: false\n",
		"ok/Inputs/x.test": "# RUN: false\n",
		"ok/.hidden.test":  "# RUN: false\n",
		"ok/README.md":     "# RUN: false\n",
		"ok/lit.local.cfg": "# RUN: false\n",
		"bad/fail.test":    "# RUN: false\n",
		"bad/xfail.txt":    "XFAIL: *\nRUN: false\n",
		"bad/norun.test":   "\n",
		"empty/notes.md":   "nothing\n",
	})

	code, out, _ := runApp(t, filepath.Join(root, "ok"))
	assert.Equal(t, exitOK, code, out)
	assert.Equal(t, "PASS: ok/a.test\nPASS: ok/b.mlir\nUNSUPPORTED: ok/skip.ll\n2 passed, 0 failed, 1 skipped\n", out)

	code, out, _ = runApp(t, filepath.Join(root, "bad"))
	assert.Equal(t, exitFailed, code)
	assert.Equal(t, "1 passed, 2 failed", lastLine(out))
	assert.Contains(t, out, "FAIL: bad/fail.test\nUNRESOLVED: bad/norun.test\nXFAIL: bad/xfail.txt\n")

	code, out, _ = runApp(t, "-q", root)
	assert.Equal(t, exitFailed, code)
	assert.NotContains(t, out, "PASS:")
	assert.Equal(t, "3 passed, 2 failed, 1 skipped", lastLine(out))

	code, out, _ = runApp(t, filepath.Join(root, "ok", "README.md"))
	assert.Equal(t, exitFailed, code, "a named file runs whatever its suffix")
	assert.Equal(t, "FAIL: ok/README.md\n********************\nFailed Tests (1):\n  ok/README.md\n0 passed, 1 failed\n", out)

	code, out, errOut := runApp(t, filepath.Join(root, "empty"))
	assert.Equal(t, exitUsage, code)
	assert.Empty(t, out)
	assert.Contains(t, errOut, "did not discover any tests")

	for _, args := range [][]string{
		{},
		{filepath.Join(root, "nope")},
		{"--bogus", root},
		{"-j", "0", root},
		{"--timeout", "-1", root},
		{"--filter", "(", root},
		{"--filter", "no-match", root},
		{"-j", "x", root},
	} {
		code, _, errOut := runApp(t, args...)
		assert.Equal(t, exitUsage, code, "%v", args)
		assert.Contains(t, errOut, "mlc-lit: error:", "%v", args)
	}
}

func TestAppVerbose(t *testing.T) {
	root := makeSuite(t, map[string]string{
		"f.test": "# RUN: echo hi\n# RUN: false\n",
		"p.test": "# RUN: echo passing-output\n",
	})
	_, out, _ := runApp(t, "-v", root)
	assert.Contains(t, out, "FAIL: f.test\n******************** TEST 'f.test' FAILED ********************\nFailed RUN: at line 2: false\nExit Code: 1\n")
	assert.NotContains(t, out, "passing-output")

	_, out, _ = runApp(t, "-a", root)
	assert.Contains(t, out, "passing-output")
}

func TestAppDeterministicOrder(t *testing.T) {
	files := map[string]string{}
	for _, n := range []string{"e", "b", "d", "a", "c", "g", "f", "h"} {
		files["t/"+n+".test"] = "# RUN: sleep 0.0$((RANDOM % 5)); test " + n + " != c\n"
	}
	root := makeSuite(t, files)
	_, out1, _ := runApp(t, "-j", "1", root)
	_, out8, _ := runApp(t, "-j", "8", root)
	assert.Equal(t, out1, out8)
	assert.True(t, strings.HasPrefix(out1, "PASS: t/a.test\nPASS: t/b.test\nFAIL: t/c.test\nPASS: t/d.test\n"), out1)
}

func TestAppFilterAndTempDir(t *testing.T) {
	root := makeSuite(t, map[string]string{
		"x/one.test": "# RUN: echo > %t\n",
		"x/two.test": "# RUN: true\n",
	})
	tmp := filepath.Join(t.TempDir(), "keep")
	code, out, _ := runApp(t, "--filter", "one", "--temp-dir", tmp, root)
	assert.Equal(t, exitOK, code)
	assert.Equal(t, "PASS: x/one.test\n1 passed, 0 failed\n", out)
	_, err := os.Stat(filepath.Join(tmp, filepath.Base(root), "x", "Output", "one.test.tmp"))
	assert.NoError(t, err, "--temp-dir keeps the temporaries")
}

func TestAppNestedSuiteAndFeaturesFile(t *testing.T) {
	root := makeSuite(t, map[string]string{
		"a.test":             "# RUN: true\n",
		"sub/lit.cfg.py":     "",
		"sub/lit.features":   "suffixes .check\nhost special " + goos() + "\n",
		"sub/b.check":        "# REQUIRES: special\n# RUN: true\n",
		"sub/c.test":         "# RUN: false\n",
		"sub/deeper/d.check": "# RUN: true\n",
		"sub/Inputs/e.check": "# RUN: true\n",
	})
	code, out, _ := runApp(t, root)
	assert.Equal(t, exitOK, code)
	// Names are relative to each suite's root; the nested suite's
	// lit.features decides suffixes and features, and its excludes are empty.
	assert.Equal(t, "PASS: Inputs/e.check\nPASS: a.test\nPASS: b.check\nPASS: deeper/d.check\n4 passed, 0 failed\n", out)
}

func TestAppNeverPanics(t *testing.T) {
	root := makeSuite(t, map[string]string{
		"bin.test":  "\x00\xff\xfe# RUN: \xff\n",
		"long.test": "# RUN: test " + strings.Repeat("x", 1<<20) + " != y\n",
		"crlf.test": "# RUN: true\r\n# RUN: echo a \\\r\n# RUN: b\r\n",
	})
	require.NoError(t, os.Symlink(filepath.Join(root, "missing"), filepath.Join(root, "dangling.test")))
	code, out, _ := runApp(t, root)
	assert.Equal(t, exitFailed, code)
	assert.Equal(t, "UNRESOLVED: bin.test\nPASS: crlf.test\nPASS: long.test\n"+
		"********************\nUnresolved Tests (1):\n  bin.test\n2 passed, 1 failed\n", out)
}
