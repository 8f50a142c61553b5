package main

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// reporter prints results in test order however they complete, so the
// output is the same whatever -j is. Its lines are lit's: a header, one
// "CODE: SUITE :: PATH (n of N)" line per test, the lists of tests that
// went wrong and the counts per result code; then mlc-lit's own summary
// line.
type reporter struct {
	w        io.Writer
	verbose  bool // -v: output of failures
	showAll  bool // -a: every test's line and output
	quiet    bool // -q: no header, nothing per test, counts of failures only
	succinct bool // -s: result lines of failures only

	mu         sync.Mutex
	results    []*result
	next       int
	discovered int
	began      time.Time
}

func newReporter(w io.Writer, n int) *reporter {
	return &reporter{w: w, results: make([]*result, n), discovered: n}
}

// start prints lit's header; discovered counts the tests before filtering.
func (r *reporter) start(discovered, workers int) {
	r.discovered, r.began = discovered, time.Now()
	if r.quiet {
		return
	}
	of := ""
	if discovered != len(r.results) {
		of = fmt.Sprintf(" of %d", discovered)
	}
	fmt.Fprintf(r.w, "-- Testing: %d%s tests, %d workers --\n", len(r.results), of, workers)
}

// done records the result of test i and prints every result that is now
// next in order.
func (r *reporter) done(i int, res result) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.results[i] = &res
	for r.next < len(r.results) && r.results[r.next] != nil {
		r.next++
		r.print(r.results[r.next-1], r.next)
	}
}

const stars = "********************"

// print shows the result of the n-th test, as lit's display does.
func (r *reporter) print(res *result, n int) {
	failed := res.Code.isFailure()
	if r.quiet || (!failed && !r.showAll && r.succinct) {
		return // lit's -q shows nothing per test, not even with -v or -a
	}
	name := res.Test.fullName()
	fmt.Fprintf(r.w, "%s: %s (%d of %d)\n", res.Code, name, n, len(r.results))
	if !r.showAll && !(failed && r.verbose) {
		return
	}
	if failed {
		fmt.Fprintf(r.w, "%s TEST '%s' FAILED %s\n", stars, name, stars)
		if res.FailedRun != "" {
			fmt.Fprintf(r.w, "Failed %s\n", res.FailedRun)
		}
	}
	out := strings.ToValidUTF8(res.Output, "\uFFFD")
	fmt.Fprintln(r.w, out)
	fmt.Fprintln(r.w, stars)
}

// codeLabels are lit's result codes in its order, with the labels of its
// summary.
var codeLabels = []struct {
	code  resultCode
	label string
}{
	{EXCLUDED, "Excluded"},
	{UNSUPPORTED, "Unsupported"},
	{PASS, "Passed"},
	{FLAKYPASS, "Passed With Retry"},
	{XFAIL, "Expectedly Failed"},
	{UNRESOLVED, "Unresolved"},
	{TIMEOUT, "Timed Out"},
	{FAIL, "Failed"},
	{XPASS, "Unexpectedly Passed"},
}

// summary prints the lists of tests that went wrong, lit's counts and the
// closing line, "N passed, N failed" plus ", N skipped" when some were,
// which is always the last line.
func (r *reporter) summary() (passed, failed, skipped int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	byCode := map[resultCode][]string{EXCLUDED: make([]string, r.discovered-len(r.results))}
	for _, res := range r.results {
		if res == nil {
			continue
		}
		byCode[res.Code] = append(byCode[res.Code], res.Test.fullName())
		switch res.Code.counts() {
		case countPassed:
			passed++
		case countFailed:
			failed++
		case countSkipped:
			skipped++
		}
	}
	for _, cl := range codeLabels {
		names := byCode[cl.code]
		if !cl.code.isFailure() || len(names) == 0 {
			continue
		}
		fmt.Fprintf(r.w, "%s\n%s Tests (%d):\n", stars, cl.label, len(names))
		for _, n := range names {
			fmt.Fprintf(r.w, "  %s\n", n)
		}
		fmt.Fprintln(r.w)
	}
	if !r.quiet {
		fmt.Fprintf(r.w, "\nTesting Time: %.2fs\n", time.Since(r.began).Seconds())
	}
	fmt.Fprintf(r.w, "\nTotal Discovered Tests: %d\n", r.discovered)
	var rows [][2]string
	width, cwidth := 0, 0
	for _, cl := range codeLabels {
		n := len(byCode[cl.code])
		if n == 0 || (r.quiet && !cl.code.isFailure()) {
			continue
		}
		c := fmt.Sprint(n)
		rows = append(rows, [2]string{cl.label, c})
		width, cwidth = max(width, len(cl.label)), max(cwidth, len(c))
	}
	for _, row := range rows {
		n := 0
		fmt.Sscan(row[1], &n)
		fmt.Fprintf(r.w, "  %-*s: %*s (%.2f%%)\n", width, row[0], cwidth, row[1], 100*float64(n)/float64(max(r.discovered, 1)))
	}
	fmt.Fprintln(r.w, summaryLine(passed, failed, skipped))
	return passed, failed, skipped
}

func summaryLine(passed, failed, skipped int) string {
	s := fmt.Sprintf("%d passed, %d failed", passed, failed)
	if skipped > 0 {
		s += fmt.Sprintf(", %d skipped", skipped)
	}
	return s
}
