package asm

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/ir"
)

// ParseReleasing hands back the source in order, in parts the resolver
// has gone past, each once, and parses as Parse does, streamed or not.
func TestParseReleasingHandsBackWhatIsParsed(t *testing.T) {
	defer func(step, min int) { releaseStep, streamMinBytes = step, min }(releaseStep, streamMinBytes)
	releaseStep = 256
	var b strings.Builder
	b.WriteString("#a = 1 : i32\nmodule {\n  func.func @f(%x: i32) -> i32 {\n")
	for i := range 200 {
		fmt.Fprintf(&b, "    %%v%d = \"t.op\"(%%x) {a = #a, s = \"name%d\"} : (i32) -> i32\n", i, i)
	}
	b.WriteString("    func.return %x : i32\n  }\n}\n")
	src := []byte(b.String())
	want := printString(t, mustParse(t, src), PrintOptions{Generic: true, DebugInfo: true})
	for _, stream := range []bool{false, true} {
		streamMinBytes = 1 << 30
		if stream {
			streamMinBytes = 1
		}
		var parts [][]byte
		top, err := ParseReleasing(newFuzzContext(), "in.mlir", src, 1, func(p []byte) { parts = append(parts, p) })
		require.NoError(t, err)
		require.NotEmpty(t, parts, "stream=%v", stream)
		next := 0
		for _, p := range parts {
			off := int(uintptr(unsafe.Pointer(unsafe.SliceData(p))) - uintptr(unsafe.Pointer(&src[0])))
			require.Equal(t, next, off, "parts are consecutive from the start")
			require.GreaterOrEqual(t, len(p), releaseStep)
			next = off + len(p)
		}
		require.LessOrEqual(t, next, len(src))
		got := printString(t, top, PrintOptions{Generic: true, DebugInfo: true})
		require.True(t, bytes.Equal(want, got), "stream=%v", stream)
	}
}

func mustParse(t *testing.T, src []byte) *ir.Operation {
	t.Helper()
	top, err := Parse(newFuzzContext(), "in.mlir", src, 1)
	require.NoError(t, err)
	return top
}
