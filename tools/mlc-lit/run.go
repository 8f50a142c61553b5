package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// resultCode is a test's outcome, named as lit names them.
type resultCode string

const (
	PASS        resultCode = "PASS"
	FLAKYPASS   resultCode = "FLAKYPASS"
	XFAIL       resultCode = "XFAIL"
	FAIL        resultCode = "FAIL"
	XPASS       resultCode = "XPASS"
	TIMEOUT     resultCode = "TIMEOUT"
	UNRESOLVED  resultCode = "UNRESOLVED"
	UNSUPPORTED resultCode = "UNSUPPORTED"
	// EXCLUDED is only counted, for tests left out by --filter/--filter-out.
	EXCLUDED resultCode = "EXCLUDED"
)

// counted is how a result counts in the summary line.
type counted int

const (
	countPassed counted = iota
	countFailed
	countSkipped
)

func (c resultCode) counts() counted {
	switch c {
	case PASS, FLAKYPASS, XFAIL:
		return countPassed
	case UNSUPPORTED, EXCLUDED:
		return countSkipped
	default:
		return countFailed
	}
}

func (c resultCode) isFailure() bool { return c.counts() == countFailed }

// testCase is one discovered test.
type testCase struct {
	Suite *suite
	Path  string // absolute source path
	Name  string // slash-separated path relative to the suite root
}

// fullName is the name lit prints and filters on: "SUITE :: PATH".
func (t *testCase) fullName() string { return t.Suite.Name + " :: " + t.Name }

// result is the outcome of running one test.
type result struct {
	Test   *testCase
	Code   resultCode
	Output string // lit's result output: reason, or exit code and output
	// FailedRun is "RUN: at line N: command" for the RUN line that failed,
	// when known.
	FailedRun string
}

// maxCapture bounds what is kept of a test's stdout and of its stderr.
const maxCapture = 8 << 20

type cappedBuffer struct {
	buf       bytes.Buffer
	truncated bool
}

func (c *cappedBuffer) Write(p []byte) (int, error) {
	if room := maxCapture - c.buf.Len(); room < len(p) {
		c.truncated = true
		if room > 0 {
			c.buf.Write(p[:room])
		}
		return len(p), nil
	}
	return c.buf.Write(p)
}

func (c *cappedBuffer) String() string {
	s := c.buf.String()
	if c.truncated {
		s += "\n[... output truncated by mlc-lit ...]"
	}
	return s
}

// runOptions are the knobs of a run that affect each test.
type runOptions struct {
	Timeout time.Duration // 0: none
}

// paths computes where a test runs and keeps its temporaries, mirroring
// lit: exec dir = exec root + the test's directory in the suite, %T its
// Output subdirectory.
func (t *testCase) paths() testPaths {
	execDir := filepath.Join(t.Suite.ExecRoot, filepath.Dir(filepath.FromSlash(t.Name)))
	tmpDir := filepath.Join(execDir, "Output")
	return testPaths{
		Source:  t.Path,
		SrcDir:  filepath.Dir(t.Path),
		ExecDir: execDir,
		TmpDir:  tmpDir,
		TmpBase: filepath.Join(tmpDir, filepath.Base(t.Path)),
	}
}

// runTest runs one test and never panics.
func runTest(t *testCase, opts runOptions) (res result) {
	defer func() {
		if r := recover(); r != nil {
			res = result{Test: t, Code: UNRESOLVED, Output: fmt.Sprintf("mlc-lit internal error: %v", r)}
		}
	}()
	res = executeTest(t, opts)
	res.Test = t
	return res
}

func executeTest(t *testCase, opts runOptions) result {
	data, err := os.ReadFile(t.Path)
	if err != nil {
		return result{Code: UNRESOLVED, Output: err.Error()}
	}
	ts, err := parseTestScript(data)
	if err != nil {
		return result{Code: UNRESOLVED, Output: err.Error()}
	}
	feats := t.Suite.Available

	var missing, unsupported []string
	for _, e := range ts.Requires {
		ok, err := evalBool(e, feats)
		if err != nil {
			return result{Code: UNRESOLVED, Output: "Error in REQUIRES list:\n" + err.Error()}
		}
		if !ok {
			missing = append(missing, e)
		}
	}
	if len(missing) > 0 {
		return result{Code: UNSUPPORTED, Output: "Test requires the following unavailable features: " + strings.Join(missing, ", ")}
	}
	for _, e := range ts.Unsupported {
		ok, err := evalBool(e, feats)
		if err != nil {
			return result{Code: UNRESOLVED, Output: "Error in UNSUPPORTED list:\n" + err.Error()}
		}
		if ok {
			unsupported = append(unsupported, e)
		}
	}
	if len(unsupported) > 0 {
		return result{Code: UNSUPPORTED, Output: "Test does not support the following features and/or targets: " + strings.Join(unsupported, ", ")}
	}

	p := t.paths()
	commands, err := applySubstitutions(ts.Script, defaultSubstitutions(t.Suite.Substs, p), feats)
	if err != nil {
		return result{Code: UNRESOLVED, Output: err.Error()}
	}
	if err := os.MkdirAll(p.TmpDir, 0o777); err != nil {
		return result{Code: UNRESOLVED, Output: err.Error()}
	}
	script := buildScript(commands, true)
	scriptPath := p.TmpBase + ".script"
	if err := os.WriteFile(scriptPath, []byte(script), 0o666); err != nil {
		return result{Code: UNRESOLVED, Output: err.Error()}
	}

	var out execOutcome
	attempts := ts.AllowRetries + 1
	i := 0
	for ; i < attempts; i++ {
		out = runScript(t.Suite, scriptPath, p.ExecDir, opts.Timeout)
		if out.code != FAIL {
			break
		}
	}
	code := out.code
	if i > 0 && code == PASS {
		code = FLAKYPASS
	}
	if out.startErr != nil {
		return result{Code: UNRESOLVED, Output: out.startErr.Error()}
	}

	var xfail bool
	for _, e := range ts.XFails {
		if e == "*" {
			xfail = true
			break
		}
		ok, err := evalBool(e, feats)
		if err != nil {
			return result{Code: UNRESOLVED, Output: "Error in XFAIL list:\n" + err.Error()}
		}
		if ok {
			xfail = true
			break
		}
	}
	if xfail {
		switch code {
		case PASS:
			code = XPASS
		case FAIL:
			code = XFAIL
		}
	}

	var o strings.Builder
	fmt.Fprintf(&o, "Exit Code: %d\n", out.exitCode)
	if out.timedOut {
		fmt.Fprintf(&o, "Timeout: Reached timeout of %s seconds\n", formatSeconds(opts.Timeout))
	}
	o.WriteString("\n")
	if s := out.stdout; s != "" {
		fmt.Fprintf(&o, "Command Output (stdout):\n--\n%s\n--\n", s)
	}
	if s := out.stderr; s != "" {
		fmt.Fprintf(&o, "Command Output (stderr):\n--\n%s\n--\n", s)
	}
	res := result{Code: code, Output: o.String()}
	if code != PASS {
		res.FailedRun = lastRunMarker(out.stderr, commands)
	}
	return res
}

func formatSeconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64)
}

var runMarkerRE = regexp.MustCompile(`(?m)^'?(RUN: at line \d+)'?(?::| has no command)`)

// lastRunMarker finds the last RUN line the script announced on stderr,
// which is the one that failed, and returns it with its expanded command.
func lastRunMarker(stderr string, commands []string) string {
	ms := runMarkerRE.FindAllStringSubmatch(stderr, -1)
	if len(ms) == 0 {
		return ""
	}
	label := ms[len(ms)-1][1]
	for _, c := range commands {
		if m := pdbgRE.FindStringSubmatch(c); m != nil && m[1] == label {
			return label + ": " + strings.TrimSpace(m[2])
		}
	}
	return label
}

type execOutcome struct {
	code           resultCode // PASS, FAIL or TIMEOUT
	exitCode       int
	timedOut       bool
	stdout, stderr string
	startErr       error
}

const waitDelay = 5 * time.Second

// runScript runs `bash script` in dir, in its own process group, killing
// the whole group when the timeout expires.
func runScript(s *suite, script, dir string, timeout time.Duration) execOutcome {
	var stdout, stderr cappedBuffer
	cmd := exec.Command(s.Bash, script)
	cmd.Dir = dir
	cmd.Env = s.Env
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	// Once the shell has exited, wait at most waitDelay for its output
	// pipes, which a leftover background process may hold open.
	cmd.WaitDelay = waitDelay
	if err := cmd.Start(); err != nil {
		return execOutcome{startErr: err}
	}
	pgid := cmd.Process.Pid
	kill := func() { _ = syscall.Kill(-pgid, syscall.SIGKILL) }
	running.add(pgid)
	defer running.remove(pgid)

	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var timer <-chan time.Time
	if timeout > 0 {
		tm := time.NewTimer(timeout)
		defer tm.Stop()
		timer = tm.C
	}
	var err error
	timedOut := false
	select {
	case err = <-done:
	case <-timer:
		timedOut = true
		kill()
		err = <-done
	}
	kill() // leftovers of the test's process group
	o := execOutcome{stdout: stdout.String(), stderr: stderr.String(), timedOut: timedOut}
	if err != nil && !errors.Is(err, exec.ErrWaitDelay) {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			o.startErr = err
			return o
		}
	}
	o.exitCode = exitCodeOf(cmd.ProcessState)
	switch {
	case o.exitCode == 0 && !timedOut:
		o.code = PASS
	case timedOut:
		o.code = TIMEOUT
	default:
		o.code = FAIL
	}
	return o
}

// running holds the process groups of the scripts now running, so that an
// interrupted mlc-lit can take them down with it: they are in process
// groups of their own, which a terminal's ^C does not reach.
var running = &processGroups{m: map[int]bool{}}

type processGroups struct {
	mu sync.Mutex
	m  map[int]bool
}

func (g *processGroups) add(pgid int) {
	g.mu.Lock()
	g.m[pgid] = true
	g.mu.Unlock()
}

func (g *processGroups) remove(pgid int) {
	g.mu.Lock()
	delete(g.m, pgid)
	g.mu.Unlock()
}

// killAll kills every running script's process group.
func (g *processGroups) killAll() {
	g.mu.Lock()
	defer g.mu.Unlock()
	for pgid := range g.m {
		_ = syscall.Kill(-pgid, syscall.SIGKILL)
	}
}

// exitCodeOf is the exit status, or minus the signal number for a process
// killed by a signal (as Python reports it).
func exitCodeOf(st *os.ProcessState) int {
	if st == nil {
		return -1
	}
	if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return -int(ws.Signal())
	}
	return st.ExitCode()
}
