package all

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
)

// Every op of every dialect has an example in its table (or the dialect's
// examples.mlir), and each example parses, verifies and prints back
// exactly as written, so the docs never show IR that the tools reject.
func TestOpExamplesRoundTrip(t *testing.T) {
	for _, d := range Dialects() {
		for _, o := range d.Ops {
			name := d.Name + "." + o.Name
			t.Run(name, func(t *testing.T) {
				require.NotEmpty(t, o.Example, "%s has no example: add one to dialects/%s/examples.mlir", name, d.Name)
				assert.Contains(t, o.Example, name[len(d.Name)+1:], "the example does not use the op")
				ctx := NewContext()
				m, err := asm.Parse(ctx, name+".example.mlir", []byte(o.Example), 1)
				require.NoError(t, err)
				require.NoError(t, ir.Verify(m))
				used := false
				ir.WalkPreOrder(m, func(op *ir.Operation) ir.WalkResult {
					used = used || op.Name() == name
					return ir.Advance
				})
				assert.True(t, used, "the example holds no %s op", name)
				assert.Equal(t, o.Example, printedLikeExample(t, m, o.Example))
			})
		}
	}
}

// printedLikeExample prints m; for an example without an explicit module,
// the implicit module's wrapper and indentation are dropped.
func printedLikeExample(t *testing.T, m *ir.Operation, example string) string {
	text := strings.TrimRight(asm.String(m, asm.PrintOptions{}), "\n") + "\n"
	if strings.HasPrefix(example, "module") {
		return text
	}
	// Type and attribute aliases print above the module.
	at := strings.Index(text, "module {\n")
	require.GreaterOrEqual(t, at, 0, text)
	aliases, inner := text[:at], text[at+len("module {\n"):]
	ok := false
	inner, ok = strings.CutSuffix(inner, "}\n")
	require.True(t, ok, text)
	lines := strings.Split(strings.TrimSuffix(inner, "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(l, "  ")
	}
	return aliases + strings.Join(lines, "\n") + "\n"
}
