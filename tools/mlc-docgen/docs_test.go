package main

import (
	"os"
	"testing"

	"github.com/mlc-go/mlc/rewrite/pass"
)

// TestPassDocsAreCurrent fails when docs/passes.md differs from the pass
// registry as mlc-docgen sees it (every package that registers passes is
// imported here); run `make docs`.
func TestPassDocsAreCurrent(t *testing.T) {
	got, err := os.ReadFile("../../docs/passes.md")
	if err != nil {
		t.Fatalf("docs/passes.md is missing: run `make docs` (%v)", err)
	}
	if string(got) != pass.Markdown() {
		t.Fatal("docs/passes.md is stale: run `make docs`")
	}
}
