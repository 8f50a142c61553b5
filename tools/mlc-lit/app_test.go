package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
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

var timingRE = regexp.MustCompile(`(?m)^(Testing Time: .*|-- Testing: .* workers --)\n`)

// stable drops the lines that depend on timing and worker count.
func stable(out string) string { return timingRE.ReplaceAllString(out, "") }

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
	assert.Equal(t, "PASS: mlc :: ok/a.test (1 of 3)\nPASS: mlc :: ok/b.mlir (2 of 3)\nUNSUPPORTED: mlc :: ok/skip.ll (3 of 3)\n\n\n"+
		"Total Discovered Tests: 3\n  Unsupported: 1 (33.33%)\n  Passed     : 2 (66.67%)\n2 passed, 0 failed, 1 skipped\n", stable(out))

	code, out, _ = runApp(t, filepath.Join(root, "bad"))
	assert.Equal(t, exitFailed, code)
	assert.Equal(t, "1 passed, 2 failed", lastLine(out))
	assert.Contains(t, out, "FAIL: mlc :: bad/fail.test (1 of 3)\nUNRESOLVED: mlc :: bad/norun.test (2 of 3)\nXFAIL: mlc :: bad/xfail.txt (3 of 3)\n")

	// -q: no header, no result lines, only failures counted; -s: the
	// result lines of failures.
	code, out, _ = runApp(t, "-q", root)
	assert.Equal(t, exitFailed, code)
	assert.Equal(t, "********************\nUnresolved Tests (1):\n  mlc :: bad/norun.test\n\n"+
		"********************\nFailed Tests (1):\n  mlc :: bad/fail.test\n\n\n"+
		"Total Discovered Tests: 6\n  Unresolved: 1 (16.67%)\n  Failed    : 1 (16.67%)\n3 passed, 2 failed, 1 skipped\n", out)
	code, out, _ = runApp(t, "-s", root)
	assert.Equal(t, exitFailed, code)
	assert.Contains(t, out, "-- Testing: 6 tests, ")
	assert.Contains(t, out, "\nFAIL: mlc :: bad/fail.test (1 of 6)\nUNRESOLVED: mlc :: bad/norun.test (2 of 6)\n*****")
	assert.Contains(t, out, "Testing Time: ")
	assert.Contains(t, out, "  Passed           : 2 (33.33%)\n")

	code, out, _ = runApp(t, filepath.Join(root, "ok", "README.md"))
	assert.Equal(t, exitFailed, code, "a named file runs whatever its suffix")
	assert.Equal(t, "FAIL: mlc :: ok/README.md (1 of 1)\n********************\nFailed Tests (1):\n  mlc :: ok/README.md\n\n\n\n"+
		"Total Discovered Tests: 1\n  Failed: 1 (100.00%)\n0 passed, 1 failed\n", stable(out))

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
		{"--filter-out", ".", root},
		{"--filter-out", "[", root},
		{"--param", "=x", root},
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
	want := "FAIL: mlc :: f.test (1 of 2)\n******************** TEST 'mlc :: f.test' FAILED ********************\nFailed RUN: at line 2: false\nExit Code: 1\n"
	assert.Contains(t, out, want)
	assert.NotContains(t, out, "passing-output")
	// Grouped shorthands and lit's -vv spelling.
	for _, args := range [][]string{{"-sv"}, {"-vs"}, {"-vv"}, {"--echo-all-commands"}} {
		_, out, _ = runApp(t, append(args, root)...)
		assert.Contains(t, out, want, "%v", args)
	}
	_, out, _ = runApp(t, "-sv", root)
	assert.NotContains(t, out, "PASS: mlc :: p.test", "-s hides passing tests")

	_, out, _ = runApp(t, "-a", root)
	assert.Contains(t, out, "passing-output")
	_, out, _ = runApp(t, "-sa", root)
	assert.Contains(t, out, "PASS: mlc :: p.test (2 of 2)\n", "-a shows every test even with -s")
}

func TestAppDeterministicOrder(t *testing.T) {
	files := map[string]string{}
	for _, n := range []string{"e", "b", "d", "a", "c", "g", "f", "h"} {
		files["t/"+n+".test"] = "# RUN: sleep 0.0$((RANDOM % 5)); test " + n + " != c\n"
	}
	root := makeSuite(t, files)
	_, out1, _ := runApp(t, "-j", "1", root)
	_, out8, _ := runApp(t, "-j", "8", root)
	assert.Equal(t, stable(out1), stable(out8))
	assert.True(t, strings.HasPrefix(stable(out1), "PASS: mlc :: t/a.test (1 of 8)\nPASS: mlc :: t/b.test (2 of 8)\nFAIL: mlc :: t/c.test (3 of 8)\nPASS: mlc :: t/d.test (4 of 8)\n"), out1)
	assert.True(t, strings.HasPrefix(out1, "-- Testing: 8 tests, 1 workers --\n"), out1)
	assert.True(t, strings.HasPrefix(out8, "-- Testing: 8 tests, 8 workers --\n"), out8)
}

func TestAppFilterAndTempDir(t *testing.T) {
	root := makeSuite(t, map[string]string{
		"x/one.test": "# RUN: echo > %t\n",
		"x/two.test": "# RUN: true\n",
	})
	tmp := filepath.Join(t.TempDir(), "keep")
	code, out, _ := runApp(t, "--filter", "one", "--temp-dir", tmp, root)
	assert.Equal(t, exitOK, code)
	assert.Equal(t, "PASS: mlc :: x/one.test (1 of 1)\n\n\nTotal Discovered Tests: 2\n  Excluded: 1 (50.00%)\n  Passed  : 1 (50.00%)\n1 passed, 0 failed\n", stable(out))
	assert.Contains(t, out, "-- Testing: 1 of 2 tests, 1 workers --\n")
	_, err := os.Stat(filepath.Join(tmp, filepath.Base(root), "x", "Output", "one.test.tmp"))
	assert.NoError(t, err, "--temp-dir keeps the temporaries")

	// lit's filters: case-insensitive, on the full name; --filter-out wins.
	_, out, _ = runApp(t, "--filter", "MLC :: X/", "--filter-out", "ONE", root)
	assert.Contains(t, out, "PASS: mlc :: x/two.test (1 of 1)\n")
	t.Setenv("LIT_FILTER_OUT", "two")
	_, out, _ = runApp(t, root)
	assert.Contains(t, out, "PASS: mlc :: x/one.test (1 of 1)\n", "LIT_FILTER_OUT is --filter-out's default")
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
	// The nested suite has no name directive: lit's default name.
	assert.Equal(t, "PASS: <unnamed> :: Inputs/e.check (1 of 4)\nPASS: mlc :: a.test (2 of 4)\nPASS: <unnamed> :: b.check (3 of 4)\nPASS: <unnamed> :: deeper/d.check (4 of 4)\n", stable(out)[:strings.Index(stable(out), "\n\n")+1])
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
	assert.Equal(t, "UNRESOLVED: mlc :: bin.test (1 of 3)\nPASS: mlc :: crlf.test (2 of 3)\nPASS: mlc :: long.test (3 of 3)\n"+
		"********************\nUnresolved Tests (1):\n  mlc :: bin.test\n\n", stable(out)[:strings.Index(stable(out), "\n\n\n")+2])
}

// --param NAME=VALUE and -D NAME=VALUE set the parameters lit.features
// declares, as lit.cfg.py reads them from lit_config.params; the
// parameter wins over its environment variable.
func TestAppParams(t *testing.T) {
	tools := t.TempDir()
	writeExe(t, tools, "my-tool")
	root := makeSuite(t, map[string]string{
		"lit.features": "name demo\nparam tools T_DIR tools-dir\nparam where T_EXEC exec-root\nsuffixes .test\n",
		"a.test":       "# RUN: command -v my-tool > %t\n# RUN: echo %t\n",
	})
	exec := filepath.Join(t.TempDir(), "exec")
	for _, args := range [][]string{
		{"--param", "tools=" + tools, "--param", "where=" + exec},
		{"-D", "tools=" + tools, "-D", "where=" + exec},
		{"-Dtools=" + tools, "-Dwhere=" + exec},
	} {
		code, out, errOut := runApp(t, append(append([]string{"-a"}, args...), root)...)
		assert.Equal(t, exitOK, code, "%v\n%s%s", args, out, errOut)
		assert.Contains(t, out, "PASS: demo :: a.test (1 of 1)")
		assert.Contains(t, out, "echo "+filepath.Join(exec, "Output", "a.test.tmp"), "exec root from the parameter")
		got, err := os.ReadFile(filepath.Join(exec, "Output", "a.test.tmp"))
		require.NoError(t, err)
		assert.Equal(t, filepath.Join(tools, "my-tool")+"\n", string(got))
	}
	// Without the parameter: the environment variable; without either,
	// the tool is not found. Unknown parameters are ignored, as by lit.
	t.Setenv("T_DIR", tools)
	code, out, _ := runApp(t, "--param", "unknown=1", "-D", "flag", root)
	assert.Equal(t, exitOK, code, out)
	t.Setenv("T_DIR", "")
	code, _, _ = runApp(t, root)
	assert.Equal(t, exitFailed, code)
}
