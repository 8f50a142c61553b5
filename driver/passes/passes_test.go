package passes

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mlc-go/mlc/internal/testutil"
	"github.com/mlc-go/mlc/rewrite/pass"
)

// TestEveryDriverPassPackageIsReachable: every package under driver/ that
// registers passes, and lowering/passes (the aggregator of the layers
// below), are imported, directly or not, by this package.
func TestEveryDriverPassPackageIsReachable(t *testing.T) {
	// Walking the tree here too makes go test's cache see new packages.
	files := 0
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".go") {
			files++
		}
		return err
	})
	if err != nil || files == 0 {
		t.Fatalf("walking driver/: %d files, %v", files, err)
	}
	deps := map[string]bool{}
	for _, p := range testutil.GoList(t, "-deps", ".") {
		deps[p.ImportPath] = true
	}
	want := []string{"github.com/mlc-go/mlc/lowering/passes"}
	self := "github.com/mlc-go/mlc/driver/passes"
	for _, p := range testutil.GoList(t, "../...") {
		if p.ImportPath != self && registersPasses(t, p) {
			want = append(want, p.ImportPath)
		}
	}
	if len(want) < 2 {
		t.Fatalf("found no pass package under driver/ (want at least driver/calibrate): %v", want)
	}
	for _, p := range want {
		if !deps[p] {
			t.Errorf("%s is not reachable from driver/passes: import it in passes.go", p)
		}
	}
}

// registersPasses: a non-test file of p calls pass.Register (bisect uses
// the pass manager but registers nothing).
func registersPasses(t *testing.T, p testutil.Package) bool {
	if !slices.Contains(p.Imports, "github.com/mlc-go/mlc/rewrite/pass") {
		return false
	}
	for _, f := range p.GoFiles {
		src, err := os.ReadFile(filepath.Join(p.Dir, f))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(src), "pass.Register(") {
			return true
		}
	}
	return false
}

// TestDriverPassesDeclareTheirEffects: the registry the tools see, the
// driver's passes included, declares every pass's effects and names only
// registered passes in ordering constraints.
func TestDriverPassesDeclareTheirEffects(t *testing.T) {
	if pass.Lookup("calibrate") == nil {
		t.Fatal("calibrate is not registered")
	}
	for _, p := range pass.Registered() {
		if !p.Changes.Declared() {
			t.Errorf("pass %s does not declare Changes (pass.NoEffects or pass.MayChange(...))", p.Name)
		}
		for _, n := range append(append([]string(nil), p.After...), p.Before...) {
			if pass.Lookup(n) == nil {
				t.Errorf("pass %s names %s in After/Before, which is not a registered pass", p.Name, n)
			}
		}
	}
}
