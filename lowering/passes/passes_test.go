package passes

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mlc-go/mlc/internal/testutil"
	"github.com/mlc-go/mlc/rewrite/pass"
)

const passPkg = "github.com/mlc-go/mlc/rewrite/pass"

// passPackages are the packages under the pass trees whose non-test code
// uses the pass manager, i.e. may register passes.
func passPackages(t *testing.T) []string {
	// Walking the trees here too (not only in go list) makes go test's
	// cache see them: a new package directory reruns the test.
	files := 0
	for _, root := range []string{"../../rewrite/transforms", "../../lowering"} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
				files++
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if files == 0 {
		t.Fatal("no Go files under rewrite/transforms and lowering")
	}
	var out []string
	for _, p := range testutil.GoList(t, "../../rewrite/transforms/...", "../../lowering/...") {
		if slices.Contains(p.Imports, passPkg) {
			out = append(out, p.ImportPath)
		}
	}
	return out
}

// TestEveryPassPackageIsReachable: every pass package in the tree is
// imported, directly or not, by this package.
func TestEveryPassPackageIsReachable(t *testing.T) {
	deps := map[string]bool{}
	for _, p := range testutil.GoList(t, "-deps", ".") {
		deps[p.ImportPath] = true
	}
	found := passPackages(t)
	if len(found) < 2 {
		t.Fatalf("found only %v: the walk of rewrite/transforms and lowering is broken", found)
	}
	for _, p := range found {
		if !deps[p] {
			t.Errorf("pass package %s is not reachable from lowering/passes: import it in passes.go", p)
		}
	}
}

// TestToolsUseTheAggregator: the tools that run or document passes import
// driver/passes (which imports this package and the driver's passes), and
// no pass package only for its registrations (a blank import): their
// registry is driver/passes's.
func TestToolsUseTheAggregator(t *testing.T) {
	self := "github.com/mlc-go/mlc/driver/passes"
	pkgs := passPackages(t)
	for _, tool := range []string{"mlc-opt", "mlc", "mlc-docgen"} {
		dir := filepath.Join("..", "..", "tools", tool)
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no Go files in %s (%v)", dir, err)
		}
		imported := false
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			ast, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range ast.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				imported = imported || path == self
				blank := imp.Name != nil && imp.Name.Name == "_"
				if blank && (slices.Contains(pkgs, path) || strings.HasPrefix(path, "github.com/mlc-go/mlc/rewrite/transforms")) {
					t.Errorf("%s imports pass package %s for its registrations; import driver/passes", f, path)
				}
			}
		}
		if !imported {
			t.Errorf("tools/%s does not import driver/passes", tool)
		}
	}
}

// TestEveryPassDeclaresItsEffects: "changes none" is written down, not
// assumed.
func TestEveryPassDeclaresItsEffects(t *testing.T) {
	for _, p := range pass.Registered() {
		if !p.Changes.Declared() {
			t.Errorf("pass %s does not declare Changes (pass.NoEffects or pass.MayChange(...))", p.Name)
		}
	}
}

// TestEveryPipelineKeepsTheOrderingConstraints expands every registered
// pipeline, which checks it against every pass's After and Before.
func TestEveryPipelineKeepsTheOrderingConstraints(t *testing.T) {
	pls := pass.RegisteredPipelines()
	if len(pls) == 0 {
		t.Fatal("no pipelines registered")
	}
	for _, pl := range pls {
		if _, err := pl.Expand(); err != nil {
			t.Errorf("%s: %v", pl.Name, err)
		}
	}
}

// TestOrderingConstraintsNameRegisteredPasses: a constraint on a pass
// that does not exist (a typo, a renamed pass) would never bind.
func TestOrderingConstraintsNameRegisteredPasses(t *testing.T) {
	for _, p := range pass.Registered() {
		for _, n := range append(append([]string(nil), p.After...), p.Before...) {
			if pass.Lookup(n) == nil {
				t.Errorf("pass %s names %s in After/Before, which is not a registered pass", p.Name, n)
			}
		}
	}
}

// TestTheRealConstraintsBind shows the constraints declared today reject
// a wrong order of the registered passes.
func TestTheRealConstraintsBind(t *testing.T) {
	for text, want := range map[string]string{
		"builtin.module(func.func(torch-decompose,torch-fold-batch-norm))":  "pass 'torch-fold-batch-norm' must run before 'torch-decompose'",
		"builtin.module(reconcile-unrealized-casts,test-legalize-patterns)": "pass 'reconcile-unrealized-casts' must run after 'test-legalize-patterns'",
	} {
		_, err := pass.ParsePipeline(text)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want %q", text, err, want)
		}
	}
	if _, err := pass.ParsePipeline("builtin.module(func.func(torch-fold-batch-norm,torch-decompose),test-legalize-patterns,reconcile-unrealized-casts)"); err != nil {
		t.Error(err)
	}
}
