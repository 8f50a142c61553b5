package asmtest

import (
	"strings"
	"testing"

	"github.com/mlc-go/mlc/ir"
)

func TestRoundTrip(t *testing.T) {
	ctx := ir.NewContext()
	ctx.AllowUnregistered = true
	custom, generic := RoundTrip(t, ctx, "t", `"x.op"() {a = 1 : i64} : () -> ()`)
	if !strings.Contains(custom, `"x.op"() {a = 1 : i64} : () -> ()`) || !strings.Contains(generic, `"builtin.module"`) {
		t.Fatalf("RoundTrip printed %q and %q", custom, generic)
	}
}
