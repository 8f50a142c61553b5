package main

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func goos() string { return runtime.GOOS }

// newTestSuite makes a suite in a temp dir, with the built-in features
// plus the host's.
func newTestSuite(t *testing.T) *suite {
	t.Helper()
	root, exec := t.TempDir(), t.TempDir()
	s, err := newSuite(root, exec, "", nil, os.Getenv)
	require.NoError(t, err)
	return s
}

func addTest(t *testing.T, s *suite, name, content string) *testCase {
	t.Helper()
	p := filepath.Join(s.Root, filepath.FromSlash(name))
	require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
	require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	return &testCase{Suite: s, Path: p, Name: name}
}

func TestResultCodes(t *testing.T) {
	s := newTestSuite(t)
	host := goos()
	for _, tc := range []struct {
		name, src string
		code      resultCode
	}{
		{"pass.test", "# RUN: true\n", PASS},
		{"fail.test", "# RUN: false\n", FAIL},
		{"later-fail.test", "# RUN: true\n# RUN: exit 3\n# RUN: true\n", FAIL},
		{"pipefail.test", "# RUN: false | cat\n", FAIL},
		{"signal.test", "# RUN: kill -9 $$\n", FAIL},
		{"xfail.test", "# XFAIL: *\n# RUN: false\n", XFAIL},
		{"xfail-host.test", "# XFAIL: " + host + "\n# RUN: false\n", XFAIL},
		{"xpass.test", "# XFAIL: *\n# RUN: true\n", XPASS},
		{"xfail-not-here.test", "# XFAIL: no-such-feature\n# RUN: true\n", PASS},
		{"requires.test", "# REQUIRES: no-such-feature\n# RUN: false\n", UNSUPPORTED},
		{"requires-ok.test", "# REQUIRES: " + host + "\n# RUN: true\n", PASS},
		{"unsupported.test", "# UNSUPPORTED: " + host + " || x\n# RUN: false\n", UNSUPPORTED},
		{"unsupported-not.test", "# UNSUPPORTED: !" + host + "\n# RUN: true\n", PASS},
		{"norun.test", "nothing\n", UNRESOLVED},
		{"norun-unsupported.test", "# REQUIRES: no-such-feature\n", UNRESOLVED},
		{"bad-requires.test", "# REQUIRES: *\n# RUN: true\n", UNRESOLVED},
		{"bad-define.test", "# REDEFINE: %{nope} = 1\n# RUN: true\n", UNRESOLVED},
		{"syntax.test", "# RUN: ( true\n", FAIL},
		{"flaky.test", "# ALLOW_RETRIES: 1\n# RUN: test -e %t && rm %t || { touch %t; false; }\n", FLAKYPASS},
		{"retries-exhausted.test", "# ALLOW_RETRIES: 2\n# RUN: echo x >> %t.n; test $(wc -l < %t.n) -ge 4\n", FAIL},
		{"cwd.test", "# RUN: test \"$(pwd -P)\" = \"$(cd %T/.. && pwd -P)\"\n", PASS},
		{"state.test", "# RUN: cd %T && X=1\n# RUN: test \"$(basename $PWD)\" = Output && test \"$X\" = 1\n", PASS},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := runTest(addTest(t, s, tc.name, tc.src), runOptions{Timeout: 20 * time.Second})
			assert.Equal(t, tc.code, res.Code, res.Output)
		})
	}
}

func TestTimeout(t *testing.T) {
	s := newTestSuite(t)
	start := time.Now()
	res := runTest(addTest(t, s, "slow.test", "# RUN: (sleep 30; echo late) & sleep 30\n"), runOptions{Timeout: 300 * time.Millisecond})
	assert.Equal(t, TIMEOUT, res.Code)
	assert.Contains(t, res.Output, "Timeout: Reached timeout of 0.3 seconds")
	assert.Less(t, time.Since(start), 10*time.Second)

	// XFAIL does not turn a timeout into an expected failure.
	res = runTest(addTest(t, s, "slow-xfail.test", "# XFAIL: *\n# RUN: sleep 30\n"), runOptions{Timeout: 300 * time.Millisecond})
	assert.Equal(t, TIMEOUT, res.Code)
}

func TestFailureOutput(t *testing.T) {
	s := newTestSuite(t)
	res := runTest(addTest(t, s, "d/out.test", "# RUN: echo out; echo err >&2\n# RUN: exit 7\n# RUN: echo never\n"), runOptions{})
	require.Equal(t, FAIL, res.Code)
	assert.Equal(t, "RUN: at line 2: exit 7", res.FailedRun)
	assert.Contains(t, res.Output, "Exit Code: 7\n\nCommand Output (stdout):\n--\nout\n\n--\n")
	assert.Contains(t, res.Output, "Command Output (stderr):\n--\nRUN: at line 1: echo out; echo err >&2\n")
	assert.NotContains(t, res.Output, "never\n")
	assert.Equal(t, "d/out.test", res.Test.Name)
	// The script lies in the exec dir mirror, not in the source tree.
	_, err := os.Stat(filepath.Join(s.ExecRoot, "d", "Output", "out.test.script"))
	assert.NoError(t, err)
	_, err = os.Stat(filepath.Join(s.Root, "d", "Output"))
	assert.True(t, os.IsNotExist(err))
}

func TestUnreadableTestIsUnresolved(t *testing.T) {
	s := newTestSuite(t)
	tc := &testCase{Suite: s, Path: filepath.Join(s.Root, "gone.test"), Name: "gone.test"}
	res := runTest(tc, runOptions{})
	assert.Equal(t, UNRESOLVED, res.Code)
}

func TestCounting(t *testing.T) {
	for code, want := range map[resultCode]counted{
		PASS: countPassed, FLAKYPASS: countPassed, XFAIL: countPassed,
		FAIL: countFailed, XPASS: countFailed, TIMEOUT: countFailed, UNRESOLVED: countFailed,
		UNSUPPORTED: countSkipped,
	} {
		assert.Equal(t, want, code.counts(), code)
	}
	assert.Equal(t, "3 passed, 0 failed", summaryLine(3, 0, 0))
	assert.Equal(t, "0 passed, 2 failed, 1 skipped", summaryLine(0, 2, 1))
}
