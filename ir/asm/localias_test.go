package asm

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Debug info prints through #loc aliases exactly as mlir-opt-19 prints
// them (this expectation is its output for the same input): numbered by
// nesting depth, then first use; block argument locations in full, their
// aliases defined above the module, the rest after it.
func TestLocationAliasesAsMLIR(t *testing.T) {
	src := `func.func @f(%a: i32 loc("n"("f":1:1))) -> i32 {
  %0 = "test.op"(%a) : (i32) -> i32 loc("y")
  %1 = "test.op"(%0) : (i32) -> i32 loc(unknown)
  %2 = "test.op"(%0) : (i32) -> i32 loc("a"("b"("c":1:1)))
  %3 = "test.op"(%0) : (i32) -> i32 loc("n"("f":1:1))
  return %1 : i32 loc(unknown)
} loc(unknown)
`
	want := `#loc2 = loc("f":1:1)
#loc5 = loc("n"(#loc2))
module {
  func.func @f(%arg0: i32 loc("n"(#loc2))) -> i32 {
    %0 = "test.op"(%arg0) : (i32) -> i32 loc(#loc3)
    %1 = "test.op"(%0) : (i32) -> i32 loc(#loc1)
    %2 = "test.op"(%0) : (i32) -> i32 loc(#loc7)
    %3 = "test.op"(%0) : (i32) -> i32 loc(#loc5)
    return %1 : i32 loc(#loc1)
  } loc(#loc1)
} loc(#loc)
#loc = loc("t.mlir":0:0)
#loc1 = loc(unknown)
#loc3 = loc("y")
#loc4 = loc("c":1:1)
#loc6 = loc("b"(#loc4))
#loc7 = loc("a"(#loc6))
`
	m, err := Parse(newFuzzContext(), "t.mlir", []byte(src), 1)
	require.NoError(t, err)
	var b bytes.Buffer
	require.NoError(t, Print(&b, m, PrintOptions{DebugInfo: true}))
	assert.Equal(t, want, b.String())

	// The aliased form reads back to the same locations.
	m2, err := Parse(newFuzzContext(), "t2.mlir", b.Bytes(), 1)
	require.NoError(t, err)
	local := PrintOptions{DebugInfo: true, LocalScope: true}
	assert.Equal(t, String(m, local), String(m2, local))
}

// Resources over the limit are left out, and so is a section left empty.
func TestElideResourceStrings(t *testing.T) {
	src := `"x.c"() {a = dense_resource<big> : tensor<4xf32>, b = dense_resource<small> : tensor<1xi32>} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      big: "0x040000000000803F000000400000404000008040",
      small: "0x0400000001000000"
    }
  }
#-}
`
	m, err := Parse(newFuzzContext(), "t.mlir", []byte(src), 1)
	require.NoError(t, err)
	var b bytes.Buffer
	require.NoError(t, Print(&b, m, PrintOptions{ElideResourceStringsIfLarger: 20}))
	assert.Contains(t, b.String(), `small: "0x0400000001000000"`)
	assert.NotContains(t, b.String(), "big:")
	b.Reset()
	require.NoError(t, Print(&b, m, PrintOptions{ElideResourceStringsIfLarger: 10}))
	assert.NotContains(t, b.String(), "{-#")
}
