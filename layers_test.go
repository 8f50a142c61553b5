package mlc

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/mlc-go/mlc"

// layerOf ranks a package of ours; higher layers may import lower ones.
func layerOf(pkg string) (int, bool) {
	rel := strings.TrimPrefix(strings.TrimPrefix(pkg, module), "/")
	switch {
	case rel == "ir":
		return 0, true
	case rel == "ir/asm" || strings.HasPrefix(rel, "ir/asm/"):
		return 1, true
	case rel == "rewrite" || strings.HasPrefix(rel, "rewrite/"):
		return 2, true
	case strings.HasPrefix(rel, "dialects/"):
		return 3, true
	case strings.HasPrefix(rel, "lowering/"), strings.HasPrefix(rel, "translate/"), strings.HasPrefix(rel, "interp"):
		return 4, true
	case strings.HasPrefix(rel, "driver/"):
		return 5, true
	case strings.HasPrefix(rel, "tools/"), strings.HasPrefix(rel, "bench/"):
		return 6, true
	}
	return 0, false
}

// standalone tools must not import anything of ours.
var standalone = []string{"tools/filecheck", "tools/mlc-lit", "tools/not"}

func TestImportLayers(t *testing.T) {
	out, err := exec.Command("go", "list", "-json=ImportPath,Imports", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	checked := 0
	for dec.More() {
		var p struct {
			ImportPath string
			Imports    []string
		}
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		from, ok := layerOf(p.ImportPath)
		if !ok {
			continue
		}
		checked++
		rel := strings.TrimPrefix(p.ImportPath, module+"/")
		for _, imp := range p.Imports {
			if !strings.HasPrefix(imp, module+"/") {
				if rel == "ir" && strings.Contains(imp, ".") {
					t.Errorf("ir imports non-stdlib package %s", imp)
				}
				continue
			}
			for _, s := range standalone {
				if rel == s {
					t.Errorf("%s must import nothing of ours, imports %s", rel, imp)
				}
			}
			to, ok := layerOf(imp)
			if ok && to > from {
				t.Errorf("%s (layer %d) imports %s (layer %d): imports must go down the layers", p.ImportPath, from, imp, to)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no packages checked")
	}
}
