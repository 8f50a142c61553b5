package all

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sergi/go-diff/diffmatchpatch"

	"github.com/mlc-go/mlc/dialects/ods"
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
		if string(got) != want {
			dmp := diffmatchpatch.New()
			diffs := dmp.DiffMain(string(got), want, false)
			t.Errorf("%s is stale: run `make docs`\n%s", path, dmp.DiffPrettyText(dmp.DiffCleanupSemantic(diffs)))
		}
	}
}
