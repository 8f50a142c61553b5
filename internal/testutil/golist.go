package testutil

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Package is what the layering and dependency tests read of `go list`.
type Package struct {
	ImportPath string
	Dir        string
	GoFiles    []string // non-test Go files, relative to Dir
	Imports    []string
	Standard   bool
}

// GoList runs `go list -json` with args (flags such as -deps, then
// patterns) in the test's directory and returns the packages in go list's
// order; any failure fails the test.
func GoList(t testing.TB, args ...string) []Package {
	t.Helper()
	cmd := append([]string{"list", "-json=ImportPath,Dir,GoFiles,Imports,Standard"}, args...)
	out, err := exec.Command("go", cmd...).Output()
	if err != nil {
		t.Fatalf("go %s: %v", strings.Join(cmd, " "), err)
	}
	var pkgs []Package
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for dec.More() {
		var p Package
		if err := dec.Decode(&p); err != nil {
			t.Fatalf("go %s: %v", strings.Join(cmd, " "), err)
		}
		pkgs = append(pkgs, p)
	}
	if len(pkgs) == 0 {
		t.Fatalf("go %s listed no package", strings.Join(cmd, " "))
	}
	// go test caches a result by the files the test opened or stat'ed;
	// go list's reads are not among them, so stat what it read, and list
	// the directories, or a cached pass would outlive an import change.
	for _, p := range pkgs {
		if p.Standard {
			continue
		}
		os.ReadDir(p.Dir)
		for _, f := range p.GoFiles {
			os.Stat(filepath.Join(p.Dir, f))
		}
	}
	return pkgs
}
