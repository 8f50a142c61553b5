package all

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/internal/testutil"
)

// TestDocsAreCurrent fails when docs/dialects differs from what the op
// tables generate; run `make docs` to refresh them.
func TestDocsAreCurrent(t *testing.T) {
	for _, d := range Dialects() {
		path := filepath.Join("..", "..", "docs", "dialects", d.Name+".md")
		got, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("%s is missing: run `make docs` (%v)", path, err)
			continue
		}
		want := ods.Markdown(d)
		if d := testutil.Diff(string(got), want); d != "" {
			t.Errorf("%s is stale (- file, + generated): run `make docs`\n%s", path, d)
		}
	}
}
