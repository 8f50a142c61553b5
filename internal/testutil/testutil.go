// Package testutil holds the helpers tests share: parsing and round trips
// over a context the caller builds (internal may not import dialects, so
// a test passes e.g. a context with dialects/all registered), and golden
// files with one -update flag and a line-mode diff that reads well in a
// test log (no ANSI colours, no character soup).
package testutil

import (
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/sergi/go-diff/diffmatchpatch"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
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

// Parse parses and verifies src in ctx, failing the test on an error.
func Parse(t testing.TB, ctx *ir.Context, name, src string) *ir.Operation {
	t.Helper()
	m, err := asm.Parse(ctx, name, []byte(src), 1)
	if err != nil {
		t.Fatalf("parse %s: %v", name, err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify %s: %v", name, err)
	}
	return m
}

// RoundTrip parses src and prints it in the custom form, which must be a
// fixed point of parse and print; the generic form, read back, must print
// the same custom text. It returns the custom and generic texts.
func RoundTrip(t testing.TB, ctx *ir.Context, name, src string) (custom, generic string) {
	t.Helper()
	m := Parse(t, ctx, name, src)
	custom = asm.String(m, asm.PrintOptions{})
	generic = asm.String(m, asm.PrintOptions{Generic: true})
	if d := Diff(custom, asm.String(Parse(t, ctx, name+" (printed)", custom), asm.PrintOptions{})); d != "" {
		t.Errorf("%s: the printed form does not print to itself (- first, + again):\n%s", name, d)
	}
	if d := Diff(custom, asm.String(Parse(t, ctx, name+" (generic)", generic), asm.PrintOptions{})); d != "" {
		t.Errorf("%s: the generic form reads back differently (- custom, + from generic):\n%s", name, d)
	}
	return custom, generic
}
