package testutil

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDiffIsLineMode(t *testing.T) {
	want := "a\nb\nc\n"
	got := "a\nB\nc\nd\n"
	d := Diff(want, got)
	exp := "  a\n- b\n+ B\n  c\n+ d\n"
	if d != exp {
		t.Fatalf("Diff =\n%q\nwant\n%q", d, exp)
	}
	if strings.Contains(d, "\x1b[") {
		t.Fatal("Diff has ANSI escapes")
	}
	if Diff(want, want) != "" {
		t.Fatal("equal texts have a diff")
	}
}

func TestGolden(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.golden")
	if err := os.WriteFile(path, []byte("one\ntwo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	Golden(t, path, "one\ntwo\n")
	ft := &testing.T{}
	done := make(chan struct{})
	go func() { defer close(done); Golden(ft, path, "one\n2\n") }()
	<-done
	if !ft.Failed() {
		t.Fatal("Golden accepted a different text")
	}
	// -update writes the file instead.
	*Update = true
	defer func() { *Update = false }()
	Golden(t, path, "one\n2\n")
	if b, _ := os.ReadFile(path); string(b) != "one\n2\n" {
		t.Fatalf("-update wrote %q", b)
	}
}
