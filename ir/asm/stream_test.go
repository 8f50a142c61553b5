package asm

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/ir"
)

func newFuzzContext() *ir.Context {
	ctx := ir.NewContext()
	ctx.AllowUnregistered = true
	return ctx
}

// classicParse parses without streaming.
func classicParse(ctx *ir.Context, filename string, src []byte) (*ir.Operation, error) {
	return parseClassic(ctx, filename, src, 1)
}

// checkStreamedMatchesClassic: a streamed parse that succeeds gives the IR
// (locations included) of the classic parse, and when the classic parse
// fails the streamed one is abandoned (so Parse reports the classic error).
// It reports whether the streamed parse succeeded.
func checkStreamedMatchesClassic(t *testing.T, src []byte) bool {
	t.Helper()
	want, werr := classicParse(newFuzzContext(), "in.mlir", src)
	got, ok := parseStreamed(newFuzzContext(), "in.mlir", src, 1)
	if !ok {
		return false
	}
	if werr != nil {
		t.Fatalf("streamed parse succeeded where the classic one fails with %v", werr)
	}
	opts := PrintOptions{Generic: true, DebugInfo: true}
	if g, w := printString(t, got, opts), printString(t, want, opts); !bytes.Equal(g, w) {
		t.Fatalf("streamed parse differs from the classic one:\n%s\n---\n%s", g, w)
	}
	return true
}

// FuzzParseStreamed compares streamed and classic parses on any input.
func FuzzParseStreamed(f *testing.F) {
	addLitSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) { checkStreamedMatchesClassic(t, src) })
}

// Streaming is not abandoned on valid input: nested modules and functions
// with several blocks, generic ops with regions, aliases, resources and
// trailing locations all stream.
func TestParseStreamedValidInput(t *testing.T) {
	var b strings.Builder
	b.WriteString("#map = [1 : i32, \"s\"]\n!t = tensor<4xf32>\n")
	b.WriteString("module @outer attributes {x.a = 1 : i32} {\n")
	for i := range 50 {
		fmt.Fprintf(&b, `  func.func @f%d(%%a: !t loc("arg"), %%c: i1) -> !t {
    %%0 = "x.op"(%%a) ({
    ^bb0(%%z: !t):
      "x.yield"(%%z) : (!t) -> ()
    }) {m = #map} : (!t) -> !t loc("gen")
    "x.br"(%%c)[^bb1, ^bb2] : (i1) -> ()
  ^bb1:
    %%1 = "x.blob"() {v = dense_resource<blob> : tensor<2xi32>} : () -> !t
    return %%1 : !t
  ^bb2:
    return %%0 : !t
  } loc("f%d")
`, i, i)
	}
	b.WriteString("  module @inner {\n    func.func private @decl(i32)\n  } loc(\"inner\")\n} loc(\"outer\")\n")
	b.WriteString("{-#\n  dialect_resources: {\n    builtin: {\n      blob: \"0x040000000100000002000000\"\n    }\n  }\n#-}\n")
	if !checkStreamedMatchesClassic(t, []byte(b.String())) {
		t.Fatal("streamed parse abandoned on valid input")
	}
	// Several top-level ops make an implicit module, as in a classic parse.
	if !checkStreamedMatchesClassic(t, []byte("\"x.a\"() : () -> ()\nfunc.func @g() {\n  return\n}\n\"x.b\"() : () -> ()\n")) {
		t.Fatal("streamed parse abandoned on valid input")
	}
}

// Errors abandon the streamed parse, so Parse reports exactly the classic
// diagnostic; that includes those only known at the end of the file.
func TestParseStreamedErrorsFallBack(t *testing.T) {
	for _, src := range []string{
		"func.func @f() {\n  %0 = \"x.a\"() : () -> i32\n  %0 = \"x.b\"() : () -> i32\n  return\n}\n",
		"func.func @f() {\n  \"x.a\"() : () -> (\n}\n",
		"func.func @f() {\n  \"x.a\"() {v = dense_resource<b> : tensor<4xi32>} : () -> ()\n  return\n}\n{-#\n  dialect_resources: {\n    builtin: {\n      b: \"0x0400000001000000\"\n    }\n  }\n#-}\n",
		"func.func @f() -> !later {\n  return\n}\n!later = i32\n",
		"func.func @f() {\n}\n",
	} {
		if checkStreamedMatchesClassic(t, []byte(src)) {
			t.Errorf("streamed parse did not fall back on:\n%s", src)
		}
		saved := streamMinBytes
		streamMinBytes = 0
		_, serr := Parse(newFuzzContext(), "in.mlir", []byte(src), 1)
		streamMinBytes = saved
		_, cerr := classicParse(newFuzzContext(), "in.mlir", []byte(src))
		if fmt.Sprint(serr) != fmt.Sprint(cerr) {
			t.Errorf("Parse gives %v, the classic parse %v", serr, cerr)
		}
	}
}

// The syntax parser stays at most streamMaxAhead items ahead of the
// resolver, and a tiny window still parses everything as the classic
// parse does.
func TestParseStreamedBackPressure(t *testing.T) {
	var b strings.Builder
	b.WriteString("func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n")
	for i := range 5000 {
		prev := "%a"
		if i > 0 {
			prev = fmt.Sprintf("%%v%d", i-1)
		}
		fmt.Fprintf(&b, "  %%v%d = \"x.op\"(%s) {n = %d : i64} : (tensor<4xf32>) -> tensor<4xf32>\n", i, prev, i)
	}
	b.WriteString("  return %v4999 : tensor<4xf32>\n}\n")
	src := []byte(b.String())
	savedMax := streamMaxAhead
	defer func() { streamMaxAhead, streamDone = savedMax, nil }()
	for _, limit := range []int64{1, 2, 64} {
		streamMaxAhead = limit
		var high int64 = -1
		streamDone = func(s *streamSync) { high = s.aheadHigh.Load() }
		require.True(t, checkStreamedMatchesClassic(t, src), "limit %d: streamed parse abandoned", limit)
		require.GreaterOrEqual(t, high, int64(1))
		require.LessOrEqual(t, high, limit+1, "limit %d", limit)
	}
	streamMaxAhead, streamDone = 1, nil
	TestParseStreamedValidInput(t)
	TestParseStreamedErrorsFallBack(t)
}
