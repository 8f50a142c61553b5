package mlc

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/mlc-go/mlc/internal/testutil"
)

const module = "github.com/mlc-go/mlc"

// The layers, low to high; a package may import its own layer and those
// below (go's own rule keeps out cycles):
//
//	ir < ir/asm < rewrite < dialects < {lowering, translate, interp} < driver < tools, bench
//
// and besides:
//   - ir imports only the standard library;
//   - internal/* is importable from every layer above ir, and imports only
//     ir, internal/* and the standard library (shared helpers with no domain);
//   - no package imports sideways between the lowering, translate and
//     interp trees, except lowering/target (the target descriptions),
//     which each of them may read;
//   - driver/* holds no flags: it imports no flag or CLI package;
//   - the standalone tools (filecheck, mlc-lit, not) import nothing of ours.

// layerOf ranks a package of ours, given relative to the module; ok is
// false for packages outside the layers (internal/*, the module root).
func layerOf(rel string) (layer int, ok bool) {
	under := func(dir string) bool { return rel == dir || strings.HasPrefix(rel, dir+"/") }
	switch {
	case rel == "ir":
		return 0, true
	case under("ir/asm"):
		return 1, true
	case under("rewrite"):
		return 2, true
	case under("dialects"):
		return 3, true
	case under("lowering"), under("translate"), under("interp"):
		return 4, true
	case under("driver"):
		return 5, true
	case under("tools"), under("bench"):
		return 6, true
	}
	return 0, false
}

// tree is the layer-4 tree of a package ("" for other layers).
func tree(rel string) string {
	for _, t := range []string{"lowering", "translate", "interp"} {
		if rel == t || strings.HasPrefix(rel, t+"/") {
			return t
		}
	}
	return ""
}

// sharedSideways is the one package (and its children) that every
// layer-4 tree may import.
const sharedSideways = "lowering/target"

func isInternal(rel string) bool { return strings.HasPrefix(rel, "internal/") }

// stdlib reports whether an import path is the standard library's: its
// first element has no dot (and it is not ours).
func stdlib(imp string) bool {
	first, _, _ := strings.Cut(imp, "/")
	return !strings.Contains(first, ".")
}

var (
	// standalone tools must not import anything of ours.
	standalone = []string{"tools/filecheck", "tools/mlc-lit", "tools/not"}
	// flagPackages hold command-line flags, which belong to tools/.
	flagPackages = []string{"flag", "github.com/spf13/cobra", "github.com/spf13/pflag"}
)

// checkLayers checks an import graph (package → its imports, as full
// import paths) against the layering rules and returns one line per
// violation, sorted.
func checkLayers(graph map[string][]string) []string {
	var bad []string
	for pkg, imports := range graph {
		rel, ours := strings.CutPrefix(pkg, module+"/")
		if !ours {
			continue
		}
		from, layered := layerOf(rel)
		for _, imp := range imports {
			impRel, impOurs := strings.CutPrefix(imp, module+"/")
			if imp == module {
				impRel, impOurs = "", true
			}
			switch {
			case rel == "ir" && (impOurs || !stdlib(imp)):
				bad = append(bad, fmt.Sprintf("ir imports %s: ir imports only the standard library", imp))
			case slices.Contains(standalone, rel) && impOurs:
				bad = append(bad, fmt.Sprintf("%s imports %s: a standalone tool imports nothing of ours", rel, impRel))
			case strings.HasPrefix(rel, "driver/") && slices.Contains(flagPackages, imp):
				bad = append(bad, fmt.Sprintf("%s imports %s: driver jobs hold no flags; the command belongs in tools/", rel, imp))
			case isInternal(rel) && impOurs && impRel != "ir" && !isInternal(impRel):
				bad = append(bad, fmt.Sprintf("%s imports %s: internal packages import only ir and internal/*", rel, impRel))
			case !impOurs || !layered:
				// Outside the module, or an unlayered importer (internal/*,
				// the module root) already checked above.
			case isInternal(impRel):
				// Every layer above ir may use internal/*; ir was checked.
			default:
				to, ok := layerOf(impRel)
				if !ok {
					bad = append(bad, fmt.Sprintf("%s imports %s, which is in no layer", rel, impRel))
					continue
				}
				if to > from {
					bad = append(bad, fmt.Sprintf("%s (layer %d) imports %s (layer %d): imports must go down the layers", rel, from, impRel, to))
					continue
				}
				ft, tt := tree(rel), tree(impRel)
				shared := impRel == sharedSideways || strings.HasPrefix(impRel, sharedSideways+"/")
				if ft != "" && tt != "" && ft != tt && !shared {
					bad = append(bad, fmt.Sprintf("%s imports %s: no imports sideways between the lowering, translate and interp trees (except %s)", rel, impRel, sharedSideways))
				}
			}
		}
	}
	sort.Strings(bad)
	return bad
}

func TestImportLayers(t *testing.T) {
	graph := map[string][]string{}
	for _, p := range testutil.GoList(t, "./...") {
		graph[p.ImportPath] = p.Imports
	}
	// The walk must see every layer, or the rules check nothing.
	seen := map[int]bool{}
	for pkg := range graph {
		if l, ok := layerOf(strings.TrimPrefix(pkg, module+"/")); ok {
			seen[l] = true
		}
	}
	if len(seen) != 7 {
		t.Fatalf("go list found packages in %d of the 7 layers", len(seen))
	}
	for _, v := range checkLayers(graph) {
		t.Error(v)
	}
}

// The rules themselves, on synthetic import graphs.
func TestLayerRules(t *testing.T) {
	p := func(rel string) string { return module + "/" + rel }
	// A graph that keeps every rule, through every layer.
	good := map[string][]string{
		p("ir"):                 {"fmt", "strings"},
		p("ir/asm"):             {p("ir"), p("internal/mapfile")},
		p("rewrite/pass"):       {p("ir"), p("ir/asm")},
		p("dialects/core"):      {p("ir"), p("rewrite/pass"), p("internal/tensor")},
		p("translate/onnx"):     {p("dialects/core"), p("internal/onnxpb"), p("translate/onnx/sub")},
		p("interp"):             {p("dialects/core"), p("internal/tensor"), p("lowering/target")},
		p("interp/metrics"):     {p("internal/tensor"), "math"},
		p("translate/trt"):      {p("lowering/target/trt")},
		p("lowering/decompose"): {p("dialects/core"), p("lowering/target")},
		p("internal/onnxpb"):    {p("internal/tensor"), p("ir"), "google.golang.org/protobuf/encoding/protowire"},
		p("driver/conformance"): {p("translate/onnx"), p("interp"), p("interp/metrics"), p("lowering/decompose")},
		p("tools/mlc"):          {p("driver/conformance"), p("ir"), "github.com/spf13/cobra"},
		p("tools/filecheck"):    {"regexp", "github.com/spf13/cobra"},
		p("bench/interp"):       {p("interp"), p("driver/conformance")},
		"example.com/elsewhere": {p("tools/mlc")},
	}
	if bad := checkLayers(good); len(bad) != 0 {
		t.Fatalf("a graph that keeps the rules fails them:\n%s", strings.Join(bad, "\n"))
	}
	for _, tc := range []struct {
		name, from, imp, want string
	}{
		{"sideways translate → interp", "translate/x", p("interp/y"), "translate/x imports interp/y: no imports sideways"},
		{"sideways interp → lowering", "interp", p("lowering/decompose"), "interp imports lowering/decompose: no imports sideways"},
		{"sideways lowering → translate", "lowering/x", p("translate/onnx"), "no imports sideways"},
		{"target reads another tree", "lowering/target", p("interp"), "lowering/target imports interp: no imports sideways"},
		{"upward interp → driver", "interp", p("driver/conformance"), "interp (layer 4) imports driver/conformance (layer 5)"},
		{"upward driver → tools", "driver/conformance", p("tools/mlc"), "driver/conformance (layer 5) imports tools/mlc (layer 6)"},
		{"upward rewrite → dialects", "rewrite", p("dialects/core"), "rewrite (layer 2) imports dialects/core (layer 3)"},
		{"ir imports a non-stdlib package", "ir", "github.com/some/dep", "ir imports github.com/some/dep: ir imports only the standard library"},
		{"ir imports internal", "ir", p("internal/tensor"), "ir imports " + p("internal/tensor")},
		{"internal imports above ir", "internal/tensor", p("dialects/core"), "internal/tensor imports dialects/core: internal packages import only ir and internal/*"},
		{"driver holds flags", "driver/conformance", "github.com/spf13/cobra", "driver/conformance imports github.com/spf13/cobra: driver jobs hold no flags"},
		{"driver uses the flag package", "driver/x", "flag", "driver jobs hold no flags"},
		{"standalone tool", "tools/not", p("ir"), "tools/not imports ir: a standalone tool imports nothing of ours"},
		{"no layer", "dialects/core", p("scripts/x"), "dialects/core imports scripts/x, which is in no layer"},
	} {
		graph := map[string][]string{}
		for k, v := range good {
			graph[k] = v
		}
		graph[p(tc.from)] = append(slices.Clone(graph[p(tc.from)]), tc.imp)
		bad := checkLayers(graph)
		if len(bad) != 1 || !strings.Contains(bad[0], tc.want) {
			t.Errorf("%s: got %q, want one violation containing %q", tc.name, bad, tc.want)
		}
	}
}
