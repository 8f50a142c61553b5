package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The test binary doubles as the command that `not` runs: with
// NOT_TEST_HELPER set, TestMain behaves as described by its value.
func TestMain(m *testing.M) {
	if mode := os.Getenv("NOT_TEST_HELPER"); mode != "" {
		helper(mode)
		return
	}
	os.Exit(m.Run())
}

func helper(mode string) {
	switch mode {
	case "exit0":
		os.Exit(0)
	case "exit1":
		os.Exit(1)
	case "exit2":
		fmt.Fprintln(os.Stderr, "error: bad input")
		os.Exit(2)
	case "echo":
		// Copy stdin to stdout, and say something on stderr.
		var buf bytes.Buffer
		_, _ = buf.ReadFrom(os.Stdin)
		fmt.Print(strings.ToUpper(buf.String()))
		fmt.Fprint(os.Stderr, "to stderr")
		os.Exit(3)
	case "panic":
		var m map[string]int
		m["x"] = 1 // a real Go runtime panic: exit 2, "panic: " on stderr
	case "fatal":
		fmt.Fprintln(os.Stderr, "some output\nfatal error: all goroutines are asleep - deadlock!")
		os.Exit(2)
	case "panic-exit3":
		fmt.Fprintln(os.Stderr, "panic: not really, the exit status is 3")
		os.Exit(3)
	case "panic-midline":
		fmt.Fprintln(os.Stderr, "note: no panic: here")
		os.Exit(2)
	case "segv":
		_ = syscall.Kill(os.Getpid(), syscall.SIGSEGV)
	case "abort":
		_ = syscall.Kill(os.Getpid(), syscall.SIGABRT)
	}
	select {} // wait for the signal
}

func runHelper(t *testing.T, mode string, crash bool, stdin string) (int, string, string) {
	t.Helper()
	t.Setenv("NOT_TEST_HELPER", mode)
	// With GOTRACEBACK=crash the runtime re-raises a fatal signal after its
	// report, so the helper dies of the signal, as a C program would;
	// otherwise it reports "SIGSEGV: ..." and exits 2.
	if m, ok := strings.CutSuffix(mode, "-raise"); ok {
		t.Setenv("NOT_TEST_HELPER", m)
		t.Setenv("GOTRACEBACK", "crash")
	} else {
		t.Setenv("GOTRACEBACK", "single")
	}
	exe, err := os.Executable()
	require.NoError(t, err)
	args := []string{exe}
	if crash {
		args = append([]string{"--crash"}, args...)
	}
	var stdout, stderr bytes.Buffer
	code := run(args, strings.NewReader(stdin), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func TestExitStatus(t *testing.T) {
	for _, tc := range []struct {
		mode        string
		plain, wrap int // exit of `not helper`, `not --crash helper`
	}{
		{"exit0", 1, 1},
		{"exit1", 0, 1},
		{"exit2", 0, 1},
		{"panic", 1, 0},
		{"fatal", 1, 0},
		{"panic-exit3", 0, 1},
		{"panic-midline", 0, 1},
		{"segv", 1, 0},
		{"abort", 1, 0},
		{"segv-raise", 1, 0},
		{"abort-raise", 1, 0},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			code, _, _ := runHelper(t, tc.mode, false, "")
			assert.Equal(t, tc.plain, code, "not %s", tc.mode)
			code, _, _ = runHelper(t, tc.mode, true, "")
			assert.Equal(t, tc.wrap, code, "not --crash %s", tc.mode)
		})
	}
}

func TestPassesStreamsThrough(t *testing.T) {
	code, stdout, stderr := runHelper(t, "echo", false, "hello\n")
	assert.Equal(t, 0, code)
	assert.Equal(t, "HELLO\n", stdout)
	assert.Equal(t, "to stderr", stderr)
}

func TestPanicOutputIsKept(t *testing.T) {
	code, _, stderr := runHelper(t, "panic", true, "")
	assert.Equal(t, 0, code)
	assert.Contains(t, stderr, "panic: assignment to entry in nil map")
	assert.Contains(t, stderr, "goroutine ")
}

func TestCommandNotFound(t *testing.T) {
	for _, args := range [][]string{
		{"no-such-command-for-not-test"},
		{"--crash", "no-such-command-for-not-test"},
		{"/nonexistent/dir/cmd"},
	} {
		var stderr bytes.Buffer
		code := run(args, nil, &bytes.Buffer{}, &stderr)
		assert.Equal(t, 1, code, "%v", args)
		assert.Contains(t, stderr.String(), "not: error: unable to find")
	}
}

func TestNoCommand(t *testing.T) {
	for _, args := range [][]string{nil, {"--crash"}} {
		var stderr bytes.Buffer
		assert.Equal(t, 1, run(args, nil, &bytes.Buffer{}, &stderr))
		assert.Contains(t, stderr.String(), "usage: not")
	}
}

func TestNestedNot(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	var out bytes.Buffer
	assert.Equal(t, 0, run([]string{"bash", "-c", "exit 7"}, nil, &out, &out))
	assert.Equal(t, 1, run([]string{"bash", "-c", "exit 0"}, nil, &out, &out))
	assert.Equal(t, 0, run([]string{"--crash", "bash", "-c", "kill -SEGV $$"}, nil, &out, &out))
	assert.Equal(t, 1, run([]string{"bash", "-c", "kill -SEGV $$"}, nil, &out, &out))
}

func TestCrashScanner(t *testing.T) {
	for _, tc := range []struct {
		chunks []string
		found  bool
	}{
		{[]string{"panic: boom\n"}, true},
		{[]string{"pa", "ni", "c: boom"}, true},
		{[]string{"x\nfatal er", "ror: y"}, true},
		{[]string{"xpanic: boom\n"}, false},
		{[]string{"panic:boom\n"}, false},
		{[]string{"pani\nc: boom\n"}, false},
		{[]string{strings.Repeat("a", 1<<16), "\npanic: late\n"}, true},
		{[]string{""}, false},
	} {
		var sink bytes.Buffer
		s := &crashScanner{w: &sink}
		for _, c := range tc.chunks {
			n, err := s.Write([]byte(c))
			require.NoError(t, err)
			require.Equal(t, len(c), n)
		}
		assert.Equal(t, tc.found, s.found, "%q", tc.chunks)
		assert.Equal(t, strings.Join(tc.chunks, ""), sink.String())
	}
}

func TestVerdict(t *testing.T) {
	assert.Equal(t, 1, verdict(outcome{exitCode: 0}, false))
	assert.Equal(t, 0, verdict(outcome{exitCode: 1}, false))
	assert.Equal(t, 0, verdict(outcome{exitCode: 2}, false))
	assert.Equal(t, 1, verdict(outcome{exitCode: 2, goCrash: true}, false))
	assert.Equal(t, 0, verdict(outcome{exitCode: 2, goCrash: true}, true))
	assert.Equal(t, 1, verdict(outcome{exitCode: 1, goCrash: true}, true))
	assert.Equal(t, 0, verdict(outcome{exitCode: -1, signaled: true}, true))
	assert.Equal(t, 1, verdict(outcome{exitCode: -1, signaled: true}, false))
	assert.Equal(t, 1, verdict(outcome{exitCode: 0}, true))
}
