// Package testutil holds the helpers tests share: golden files with one
// -update flag, and a line-mode diff that reads well in a test log (no
// ANSI colours, no character soup). Parsing and round trips are in
// ir/asm/asmtest, since internal packages import only ir and internal/*.
package testutil

import (
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// Update is the -update flag: golden files are rewritten, not compared.
var Update = flag.Bool("update", false, "rewrite golden files instead of comparing with them")

// Diff is a line-mode diff of want and got: unchanged lines start with two
// spaces, removed ("-") lines are want's, added ("+") lines are got's.
// It is empty when they are equal.
func Diff(want, got string) string {
	if want == got {
		return ""
	}
	dmp := diffmatchpatch.New()
	a, b, lines := dmp.DiffLinesToChars(want, got)
	diffs := dmp.DiffCharsToLines(dmp.DiffMain(a, b, false), lines)
	var out strings.Builder
	for _, d := range diffs {
		mark := "  "
		switch d.Type {
		case diffmatchpatch.DiffDelete:
			mark = "- "
		case diffmatchpatch.DiffInsert:
			mark = "+ "
		}
		text := strings.TrimSuffix(d.Text, "\n")
		for _, l := range strings.Split(text, "\n") {
			out.WriteString(mark + l + "\n")
		}
		if !strings.HasSuffix(d.Text, "\n") && d.Type != diffmatchpatch.DiffEqual {
			out.WriteString("\\ no newline at end\n")
		}
	}
	return out.String()
}

// Golden compares got with the file at path; with -update it writes got
// there instead. A mismatch reports the line diff (- file, + got).
func Golden(t testing.TB, path, got string) {
	t.Helper()
	if *Update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if d := Diff(string(want), got); d != "" {
		t.Errorf("%s differs (- file, + got; run with -update to accept):\n%s", path, d)
	}
}
