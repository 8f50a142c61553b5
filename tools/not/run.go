package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"syscall"
)

const usage = "usage: not [--crash] command [arguments...]\n"

// outcome is how a command ended, as far as `not` cares.
type outcome struct {
	exitCode int  // exit status when the command exited normally
	signaled bool // killed by a signal
	goCrash  bool // exit status 2 with a Go panic/fatal error on stderr
}

// crashed reports whether the command crashed (see the package comment).
func (o outcome) crashed() bool {
	return o.signaled || (o.exitCode == 2 && o.goCrash)
}

// verdict maps a command's outcome to not's exit status.
func verdict(o outcome, expectCrash bool) int {
	if expectCrash {
		if o.crashed() {
			return 0
		}
		return 1
	}
	if o.crashed() || o.exitCode == 0 {
		return 1
	}
	return 0
}

// run is not's whole behaviour; it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	expectCrash := false
	if len(args) > 0 && args[0] == "--crash" {
		expectCrash = true
		args = args[1:]
	}
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 1
	}

	path, err := exec.LookPath(args[0])
	if errors.Is(err, exec.ErrDot) {
		err = nil // found relative to the current directory, as a shell would
	}
	if err != nil {
		if errors.Is(err, exec.ErrNotFound) {
			fmt.Fprintf(stderr, "not: error: unable to find `%s' in PATH\n", args[0])
		} else {
			fmt.Fprintf(stderr, "not: error: unable to find `%s' in PATH: %v\n", args[0], err)
		}
		return 1
	}
	scan := &crashScanner{w: stderr}
	cmd := exec.Command(path, args[1:]...)
	cmd.Err = nil
	cmd.Args[0] = args[0]
	cmd.Stdin = stdin
	cmd.Stdout = stdout
	cmd.Stderr = scan
	if expectCrash {
		// As LLVM's not: a crash we asked for should not leave crash reports.
		cmd.Env = append(os.Environ(), "LLVM_DISABLE_CRASH_REPORT=1", "LLVM_DISABLE_SYMBOLIZATION=1")
	}
	err = cmd.Run()
	o, ok := classify(cmd, err)
	if !ok {
		fmt.Fprintf(stderr, "not: error: %s: %v\n", args[0], err)
		return 1
	}
	o.goCrash = scan.found
	return verdict(o, expectCrash)
}

// classify turns the result of cmd.Run into an outcome; ok is false when the
// command could not be run at all.
func classify(cmd *exec.Cmd, err error) (outcome, bool) {
	if err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			return outcome{}, false
		}
	}
	st := cmd.ProcessState
	if st == nil {
		return outcome{}, false
	}
	if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return outcome{exitCode: -1, signaled: true}, true
	}
	return outcome{exitCode: st.ExitCode()}, true
}

// crashMarkers begin the line with which the Go runtime reports a crash: a
// panic, a fatal runtime error, or a fatal signal that the runtime caught
// and reported (e.g. "SIGABRT: abort") before exiting with status 2.
var crashMarkers = []string{
	"panic: ", "fatal error: ",
	"SIGABRT: ", "SIGBUS: ", "SIGFPE: ", "SIGILL: ", "SIGQUIT: ", "SIGSEGV: ", "SIGSYS: ", "SIGTRAP: ",
}

// crashScanner copies everything to w and notes whether some line begins
// with one of crashMarkers. It keeps only the first few bytes of the
// current line, so it needs bounded memory whatever the command writes.
type crashScanner struct {
	w        io.Writer
	line     []byte // start of the current line, while it may still match
	lineDead bool   // the current line can no longer match
	werr     bool   // w failed; keep draining the command regardless
	found    bool
}

func (s *crashScanner) Write(p []byte) (int, error) {
	if !s.werr {
		if _, err := s.w.Write(p); err != nil {
			s.werr = true
		}
	}
	for _, b := range p {
		if b == '\n' {
			s.line = s.line[:0]
			s.lineDead = false
			continue
		}
		if s.lineDead || s.found {
			continue
		}
		s.line = append(s.line, b)
		s.lineDead = true
		for _, m := range crashMarkers {
			if len(s.line) <= len(m) && m[:len(s.line)] == string(s.line) {
				s.lineDead = false
				if len(s.line) == len(m) {
					s.found = true
				}
			}
		}
	}
	return len(p), nil
}
