package qnn

import (
	"strings"
	"testing"

	"github.com/mlc-go/mlc/ir/asm"
)

// FuzzParseType: any !qnn type that parses prints to a text that parses
// back to the same interned type, and parsing never panics.
func FuzzParseType(f *testing.F) {
	for _, s := range []string{
		".tensor<1x2xufixed8, scale = 0.5, offset = -3>",
		".tensor<3x2xsfixed8, axis = 1, scale_offsets = [0.5:0, 0.25:-3]>",
		".tensor<2x4xsfixed4, block_size = [2, 2], scale_offsets = [0.5:0, 0.125:1]>",
		".tensor<4xsfixed32, scale = 1e-06, offset = 0>", "<tensor<ufixed16, scale = 1.0, offset = 0>>",
	} {
		f.Add(s)
	}
	ctx := newCtx()
	f.Fuzz(func(t *testing.T, body string) {
		ty, err := asm.ParseType(ctx, "!qnn"+body)
		if err != nil {
			return
		}
		text := ty.String()
		if !strings.HasPrefix(text, "!qnn.") {
			return // a builtin type around or instead of a qnn one
		}
		back, err := asm.ParseType(ctx, text)
		if err != nil {
			t.Fatalf("%q printed as %q, which does not parse: %v", body, text, err)
		}
		if back != ty {
			t.Fatalf("%q printed as %q, which parses to a different type %q", body, text, back)
		}
	})
}
