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
	"strings"
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
	jobs      int
	timeout   int
	filter    string
	filterOut string
	verbose   bool
	vv        bool
	showAll   bool
	quiet     bool
	succinct  bool
	noBar     bool
	params    []string
	tempDir   string
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
	fl.StringVar(&f.filter, "filter", a.getenv("LIT_FILTER"), "run only the tests whose full name (SUITE :: PATH) matches this regular expression, ignoring case (default $LIT_FILTER)")
	fl.StringVar(&f.filterOut, "filter-out", a.getenv("LIT_FILTER_OUT"), "leave out the tests whose full name matches this regular expression, ignoring case (default $LIT_FILTER_OUT)")
	fl.BoolVarP(&f.verbose, "verbose", "v", false, "show the failing command, exit code and output of each failing test")
	fl.BoolVar(&f.vv, "echo-all-commands", false, "same as -v (lit's -vv)")
	fl.BoolVarP(&f.showAll, "show-all", "a", false, "like -v, for every test")
	fl.BoolVarP(&f.succinct, "succinct", "s", false, "print result lines only for tests that failed")
	fl.BoolVarP(&f.quiet, "quiet", "q", false, "print no result lines, only the lists of failed tests and the summary")
	fl.BoolVar(&f.noBar, "no-progress-bar", false, "accepted for lit compatibility (mlc-lit draws no progress bar)")
	fl.StringArrayVarP(&f.params, "param", "D", nil, "set lit parameter NAME to VALUE (NAME=VALUE), as lit.cfg.py reads it from lit_config.params; repeatable")
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

// parseParams splits --param values: NAME=VALUE, or NAME alone for an
// empty value, as lit does.
func parseParams(list []string) (map[string]string, error) {
	params := map[string]string{}
	for _, p := range list {
		name, val, _ := strings.Cut(p, "=")
		if name == "" {
			return nil, fmt.Errorf("bad --param %q: want NAME=VALUE", p)
		}
		params[name] = val
	}
	return params, nil
}

// run discovers and runs the tests; an error means exitUsage.
func (a *app) run(f flags, paths []string) (int, error) {
	if f.jobs < 1 {
		return exitUsage, usageError{fmt.Errorf("-j must be at least 1, not %d", f.jobs)}
	}
	if f.timeout < 0 {
		return exitUsage, usageError{fmt.Errorf("--timeout must not be negative")}
	}
	// lit compiles both filters case-insensitively and matches them
	// against the full name, "SUITE :: PATH".
	var filter, filterOut *regexp.Regexp
	for _, fl := range []struct {
		name, src string
		re        **regexp.Regexp
	}{{"--filter", f.filter, &filter}, {"--filter-out", f.filterOut, &filterOut}} {
		if fl.src == "" {
			continue
		}
		re, err := regexp.Compile("(?i)" + fl.src)
		if err != nil {
			return exitUsage, usageError{fmt.Errorf("bad %s: %v", fl.name, err)}
		}
		*fl.re = re
	}
	params, err := parseParams(f.params)
	if err != nil {
		return exitUsage, usageError{err}
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
	d := newDiscoverer(base, a.selfDir, params, a.getenv)
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
	if filter != nil || filterOut != nil {
		tests = nil
		for _, t := range all {
			name := t.fullName()
			if (filter == nil || filter.MatchString(name)) && (filterOut == nil || !filterOut.MatchString(name)) {
				tests = append(tests, t)
			}
		}
		if len(tests) == 0 {
			return exitUsage, fmt.Errorf("filter did not match any tests (of %d discovered)", len(all))
		}
	}

	workers := min(f.jobs, len(tests))
	rep := newReporter(a.stdout, len(tests))
	rep.verbose, rep.showAll = f.verbose || f.vv, f.showAll
	rep.quiet, rep.succinct = f.quiet, f.succinct
	rep.start(len(all), workers)
	opts := runOptions{Timeout: time.Duration(f.timeout) * time.Second}
	work := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
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
