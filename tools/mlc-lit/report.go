package main

import (
	"fmt"
	"io"
	"strings"
	"sync"
)

// reporter prints results in test order however they complete, so the
// output is the same whatever -j is.
type reporter struct {
	w       io.Writer
	verbose bool // -v: output of failures
	showAll bool // -a: output of every test
	quiet   bool // -q: no lines for tests that did not fail

	mu      sync.Mutex
	results []*result
	next    int
}

func newReporter(w io.Writer, n int) *reporter {
	return &reporter{w: w, results: make([]*result, n)}
}

// done records the result of test i and prints every result that is now
// next in order.
func (r *reporter) done(i int, res result) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.results[i] = &res
	for r.next < len(r.results) && r.results[r.next] != nil {
		r.print(r.results[r.next])
		r.next++
	}
}

const stars = "********************"

func (r *reporter) print(res *result) {
	failed := res.Code.isFailure()
	if r.quiet && !failed {
		return
	}
	fmt.Fprintf(r.w, "%s: %s\n", res.Code, res.Test.Name)
	if !r.showAll && !(failed && r.verbose) {
		return
	}
	if failed {
		fmt.Fprintf(r.w, "%s TEST '%s' FAILED %s\n", stars, res.Test.Name, stars)
		if res.FailedRun != "" {
			fmt.Fprintf(r.w, "Failed %s\n", res.FailedRun)
		}
	}
	out := strings.ToValidUTF8(res.Output, "\uFFFD")
	fmt.Fprintln(r.w, out)
	fmt.Fprintln(r.w, stars)
}

// summary prints the lists of tests that went wrong and the closing line,
// "N passed, N failed" plus ", N skipped" when some were, which is always
// the last line.
func (r *reporter) summary() (passed, failed, skipped int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	groups := []struct {
		code  resultCode
		title string
	}{
		{UNRESOLVED, "Unresolved Tests"},
		{TIMEOUT, "Timed Out Tests"},
		{XPASS, "Unexpectedly Passed Tests"},
		{FAIL, "Failed Tests"},
	}
	for _, g := range groups {
		var names []string
		for _, res := range r.results {
			if res != nil && res.Code == g.code {
				names = append(names, res.Test.Name)
			}
		}
		if len(names) == 0 {
			continue
		}
		fmt.Fprintf(r.w, "%s\n%s (%d):\n", stars, g.title, len(names))
		for _, n := range names {
			fmt.Fprintf(r.w, "  %s\n", n)
		}
	}
	for _, res := range r.results {
		if res == nil {
			continue
		}
		switch res.Code.counts() {
		case countPassed:
			passed++
		case countFailed:
			failed++
		case countSkipped:
			skipped++
		}
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
