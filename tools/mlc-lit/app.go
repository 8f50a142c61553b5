package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"runtime"
	"sync"
	"syscall"
	"time"

	"github.com/spf13/cobra"
)

// Exit statuses.
const (
	exitOK     = 0
	exitFailed = 1
	exitUsage  = 2
)

// app is one invocation of mlc-lit.
type app struct {
	stdout, stderr io.Writer
	selfDir        string // put first on the tests' PATH
	getenv         func(string) string
}

type flags struct {
	jobs    int
	timeout int
	filter  string
	verbose bool
	showAll bool
	quiet   bool
	tempDir string
}

// usageError is an error that exits with exitUsage.
type usageError struct{ error }

func (a *app) main(args []string) int {
	var f flags
	code := exitOK
	cmd := &cobra.Command{
		Use:   "mlc-lit [flags] PATH...",
		Short: "Run lit-style tests (RUN:/REQUIRES:/XFAIL: lines), like LLVM's lit",
		Long: "mlc-lit finds lit tests under each PATH (files ending in .mlir, .txt, .test, .ll,\n" +
			"outside Inputs/ directories), runs their RUN: lines with bash as lit does, and\n" +
			"reports PASS/FAIL/XFAIL/XPASS/UNSUPPORTED/TIMEOUT/UNRESOLVED per test, ending with\n" +
			"the line \"N passed, N failed[, N skipped]\".",
		Args:          cobra.ArbitraryArgs,
		SilenceUsage:  true,
		SilenceErrors: true,
		RunE: func(cmd *cobra.Command, paths []string) error {
			if len(paths) == 0 {
				return usageError{errors.New("no test paths given")}
			}
			var err error
			code, err = a.run(f, paths)
			return err
		},
	}
	fl := cmd.Flags()
	fl.IntVarP(&f.jobs, "workers", "j", runtime.NumCPU(), "number of tests to run at once")
	fl.IntVar(&f.timeout, "timeout", 60, "per-test time limit in seconds (0: none); the test's whole process group is killed")
	fl.StringVar(&f.filter, "filter", "", "run only the tests whose name or path matches this regular expression")
	fl.BoolVarP(&f.verbose, "verbose", "v", false, "show the failing command, exit code and output of each failing test")
	fl.BoolVarP(&f.showAll, "show-all", "a", false, "show the commands and output of every test")
	fl.BoolVarP(&f.quiet, "quiet", "q", false, "print only the tests that failed and the summary")
	fl.StringVar(&f.tempDir, "temp-dir", "", "keep test temporaries (%t, %T) in this directory (default: a fresh one, removed afterwards)")
	cmd.SetArgs(args)
	cmd.SetOut(a.stdout)
	cmd.SetErr(a.stderr)
	cmd.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return usageError{err}
	})
	if err := cmd.Execute(); err != nil {
		fmt.Fprintf(a.stderr, "mlc-lit: error: %v\n", err)
		var ue usageError
		if errors.As(err, &ue) {
			fmt.Fprintln(a.stderr, "Run 'mlc-lit --help' for usage.")
		}
		return exitUsage
	}
	return code
}

// run discovers and runs the tests; an error means exitUsage.
func (a *app) run(f flags, paths []string) (int, error) {
	if f.jobs < 1 {
		return exitUsage, usageError{fmt.Errorf("-j must be at least 1, not %d", f.jobs)}
	}
	if f.timeout < 0 {
		return exitUsage, usageError{fmt.Errorf("--timeout must not be negative")}
	}
	var filter *regexp.Regexp
	if f.filter != "" {
		var err error
		if filter, err = regexp.Compile(f.filter); err != nil {
			return exitUsage, usageError{fmt.Errorf("bad --filter: %v", err)}
		}
	}

	base, removeBase := f.tempDir, false
	if base == "" {
		var err error
		if base, err = os.MkdirTemp("", "mlc-lit-"); err != nil {
			return exitUsage, err
		}
		removeBase = true
		defer os.RemoveAll(base)
	} else if err := os.MkdirAll(base, 0o777); err != nil {
		return exitUsage, err
	}
	if abs, err := filepath.Abs(base); err == nil {
		base = abs
	}

	// On ^C or SIGTERM, take the running tests down too and clean up.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	finished := make(chan struct{})
	defer func() {
		signal.Stop(sigs)
		close(finished)
	}()
	go func() {
		select {
		case sig := <-sigs:
			running.killAll()
			if removeBase {
				os.RemoveAll(base)
			}
			fmt.Fprintf(a.stderr, "mlc-lit: interrupted by %v\n", sig)
			os.Exit(128 + int(sig.(syscall.Signal)))
		case <-finished:
		}
	}()
	d := newDiscoverer(base, a.selfDir, a.getenv)
	for _, p := range paths {
		if err := d.addArg(p); err != nil {
			return exitUsage, err
		}
	}
	for _, w := range d.warnings {
		fmt.Fprintf(a.stderr, "mlc-lit: warning: %s\n", w)
	}
	all := d.sortedTests()
	if len(all) == 0 {
		return exitUsage, errors.New("did not discover any tests for provided path(s)")
	}
	tests := all
	if filter != nil {
		tests = nil
		for _, t := range all {
			if filter.MatchString(t.Name) || filter.MatchString(t.Path) {
				tests = append(tests, t)
			}
		}
		if len(tests) == 0 {
			return exitUsage, fmt.Errorf("filter did not match any tests (of %d discovered)", len(all))
		}
	}

	rep := newReporter(a.stdout, len(tests))
	rep.verbose, rep.showAll, rep.quiet = f.verbose, f.showAll, f.quiet
	opts := runOptions{Timeout: time.Duration(f.timeout) * time.Second}
	work := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < min(f.jobs, len(tests)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				rep.done(i, runTest(tests[i], opts))
			}
		}()
	}
	for i := range tests {
		work <- i
	}
	close(work)
	wg.Wait()

	_, failed, _ := rep.summary()
	if failed > 0 {
		return exitFailed, nil
	}
	return exitOK, nil
}
