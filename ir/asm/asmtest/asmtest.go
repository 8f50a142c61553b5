// Package asmtest is the test helper for reading and writing IR: parse
// and verify, and the print/parse round trip, over a context the caller
// builds (a test above dialects passes one with dialects/all registered;
// this package sits at ir/asm's layer and imports no dialect). Diffs come
// from internal/testutil.
package asmtest

import (
	"testing"

	"github.com/mlc-go/mlc/internal/testutil"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
)

// Parse parses and verifies src in ctx, failing the test on an error.
func Parse(t testing.TB, ctx *ir.Context, name, src string) *ir.Operation {
	t.Helper()
	m, err := asm.Parse(ctx, name, []byte(src), 1)
	if err != nil {
		t.Fatalf("parse %s: %v", name, err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify %s: %v", name, err)
	}
	return m
}

// RoundTrip parses src and prints it in the custom form, which must be a
// fixed point of parse and print; the generic form, read back, must print
// the same custom text. It returns the custom and generic texts.
func RoundTrip(t testing.TB, ctx *ir.Context, name, src string) (custom, generic string) {
	t.Helper()
	m := Parse(t, ctx, name, src)
	custom = asm.String(m, asm.PrintOptions{})
	generic = asm.String(m, asm.PrintOptions{Generic: true})
	if d := testutil.Diff(custom, asm.String(Parse(t, ctx, name+" (printed)", custom), asm.PrintOptions{})); d != "" {
		t.Errorf("%s: the printed form does not print to itself (- first, + again):\n%s", name, d)
	}
	if d := testutil.Diff(custom, asm.String(Parse(t, ctx, name+" (generic)", generic), asm.PrintOptions{})); d != "" {
		t.Errorf("%s: the generic form reads back differently (- custom, + from generic):\n%s", name, d)
	}
	return custom, generic
}
