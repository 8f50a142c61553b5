// Command mlc-lit is a test runner for lit-style tests, compatible with
// LLVM's lit for the subset this project uses, with no Python needed.
//
//	mlc-lit [flags] PATH...
//
// It finds tests under the given paths (files ending in .mlir, .txt, .test
// or .ll, outside directories named Inputs), reads their RUN:, REQUIRES:,
// UNSUPPORTED:, XFAIL:, ALLOW_RETRIES:, DEFINE:/REDEFINE: and END.
// directives, expands lit's %-substitutions and runs each test's RUN lines
// as one bash script, exactly as lit's external-shell ShTest format does
// (set -o pipefail; lines chained with &&, so the first failing line ends
// the test), in the test's exec directory under a temporary tree.
//
// Tests see a PATH made of mlc-lit's own directory (so bin/filecheck,
// bin/not, bin/mlc-opt are found), then /usr/lib/llvm-19/bin, then the
// caller's PATH; and, like lit, only a few variables of the caller's
// environment. Features and tool substitutions come from lit.features at
// the suite root (the directory holding lit.cfg.py), which
// lit-tests/lit.cfg.py reads too, so that
//
//	python3 /usr/lib/llvm-19/build/utils/lit/lit.py lit-tests/
//
// gives the same results (tools/mlc-lit/agreement_test.go checks that).
//
// Each test is reported as PASS, FLAKYPASS, XFAIL, FAIL, XPASS, TIMEOUT,
// UNRESOLVED (a broken test, e.g. with no RUN: line) or UNSUPPORTED, in
// name order whatever -j is, with lit 19's lines: a "-- Testing: N tests,
// J workers --" header, "CODE: SUITE :: PATH (n of N)" per test (the suite
// name is lit.features' "name"), the lists of tests that went wrong and the
// counts per code. -s shows only failures' lines, -q no per-test lines,
// -v the output of failures, -a of every test; --filter and --filter-out
// match the full name ignoring case; --param/-D NAME=VALUE sets the
// parameters lit.features declares ("param NAME ENV ROLE"), which
// lit.cfg.py reads from lit_config.params. The last line of the output is
//
//	N passed, N failed[, N skipped]
//
// where XFAIL and FLAKYPASS count as passed, XPASS, TIMEOUT and UNRESOLVED
// as failed, UNSUPPORTED as skipped. The exit status is 0 when nothing
// failed, 1 when something did, 2 for usage errors or when no test is found.
package main

import (
	"os"
	"path/filepath"
)

func main() {
	selfDir := ""
	if exe, err := os.Executable(); err == nil {
		selfDir = filepath.Dir(exe)
	}
	a := &app{stdout: os.Stdout, stderr: os.Stderr, selfDir: selfDir, getenv: os.Getenv}
	os.Exit(a.main(os.Args[1:]))
}
