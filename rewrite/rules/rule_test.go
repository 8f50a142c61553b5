package rules

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	"github.com/mlc-go/mlc/rewrite"
)

// testContext registers the toy dialect of table (all but t.ghost) and a
// builtin.module to hold it.
func testContext() *ir.Context {
	ctx := ir.NewContext()
	ctx.RegisterDialect(&ir.Dialect{Name: "builtin"},
		&ir.OpInfo{Name: "builtin.module", Traits: ir.IsolatedFromAbove | ir.NoTerminator | ir.SingleBlock | ir.SymbolTableTrait})
	ctx.RegisterDialect(&ir.Dialect{Name: "t"},
		&ir.OpInfo{Name: "t.func", Traits: ir.IsolatedFromAbove | ir.NoTerminator},
		&ir.OpInfo{Name: "t.const", Traits: ir.Pure | ir.ConstantLike, Props: []string{"value"}},
		&ir.OpInfo{Name: "t.add", Traits: ir.Pure | ir.Commutative},
		&ir.OpInfo{Name: "t.mul", Traits: ir.Pure | ir.Commutative},
		&ir.OpInfo{Name: "t.sub", Traits: ir.Pure},
		&ir.OpInfo{Name: "t.neg", Traits: ir.Pure},
		&ir.OpInfo{Name: "t.tr", Traits: ir.Pure, Props: []string{"perm"}},
		&ir.OpInfo{Name: "t.cast", Traits: ir.Pure},
		&ir.OpInfo{Name: "t.opt", Traits: ir.Pure},
		&ir.OpInfo{Name: "t.use"},
	)
	return ctx
}

// rewriteWith compiles rules, applies them greedily (strictly: a pattern
// that reports success must change the IR) to a t.func whose block has
// the given argument types and body, and returns the body as printed.
func rewriteWith(t *testing.T, rules, args, body string, opts ...asm.PrintOptions) string {
	t.Helper()
	ctx := testContext()
	src := "\"t.func\"() ({\n^bb0(" + args + "):\n" + body + "\n}) : () -> ()"
	m, err := asm.Parse(ctx, "in.mlir", []byte(src), 1)
	require.NoError(t, err)
	require.NoError(t, ir.Verify(m))
	ps := Patterns(compile(t, rules))
	_, err = rewrite.ApplyPatternsGreedily(m, ps, false, rewrite.GreedyConfig{Strict: true})
	require.NoError(t, err)
	require.NoError(t, ir.Verify(m))
	var po asm.PrintOptions
	if len(opts) > 0 {
		po = opts[0]
	}
	out := asm.String(m, po)
	// Keep the ops of the body, one per line, unindented.
	var lines []string
	for _, ln := range strings.Split(out, "\n") {
		ln = strings.TrimSpace(ln)
		if strings.HasPrefix(ln, "%") || strings.HasPrefix(ln, `"t.use"`) {
			lines = append(lines, ln)
		}
	}
	return strings.Join(lines, "\n")
}

const f2 = "tensor<2xf32>"

func TestMatchNested(t *testing.T) {
	out := rewriteWith(t, "(t.neg (t.neg $x)) -> $x", "%a: "+f2, `
  %0 = "t.neg"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = "t.neg"(%0) : (tensor<2xf32>) -> tensor<2xf32>
  %2 = "t.neg"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  "t.use"(%1, %2) : (tensor<2xf32>, tensor<2xf32>) -> ()`)
	// The dead inner neg is the driver's to erase; the single neg stays.
	assert.Equal(t, `%0 = "t.neg"(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
"t.use"(%arg0, %0) : (tensor<2xf32>, tensor<2xf32>) -> ()`, out)
}

func TestMatchCommutative(t *testing.T) {
	rules := "(t.add $x (t.const splat 0.0)) -> $x\n(t.sub $x (t.const splat 0.0)) -> $x"
	out := rewriteWith(t, rules, "%a: "+f2, `
  %z = "t.const"() <{value = dense<0.0> : tensor<2xf32>}> : () -> tensor<2xf32>
  %0 = "t.add"(%z, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %1 = "t.add"(%a, %z) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %2 = "t.sub"(%z, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %3 = "t.sub"(%a, %z) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  "t.use"(%0, %1, %2, %3) : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> ()`)
	// add matches in both orders; sub, not commutative, only as written.
	assert.Equal(t, `%0 = "t.const"() <{value = dense<0.000000e+00> : tensor<2xf32>}> : () -> tensor<2xf32>
%1 = "t.sub"(%0, %arg0) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
"t.use"(%arg0, %arg0, %1, %arg0) : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> ()`, out)
}

func TestMatchCommutativeBacktracks(t *testing.T) {
	// Both the outer mul and the inner add need swapping; and in
	// (t.add $x (t.neg $x)) the written order binds $x before failing, so
	// the swapped attempt must start from fresh captures.
	rules := "(t.mul (t.add $x (t.const splat 1.0)) $x) -> (t.neg $x)\n(t.add $x (t.neg $x)) -> (t.cast $x)"
	out := rewriteWith(t, rules, "%a: "+f2+", %b: "+f2, `
  %one = "t.const"() <{value = dense<1.0> : tensor<2xf32>}> : () -> tensor<2xf32>
  %s = "t.add"(%one, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %m = "t.mul"(%a, %s) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %m2 = "t.mul"(%b, %s) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %n = "t.neg"(%b) : (tensor<2xf32>) -> tensor<2xf32>
  %p = "t.add"(%n, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  "t.use"(%m, %m2, %p) : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> ()`)
	assert.Equal(t, `%0 = "t.const"() <{value = dense<1.000000e+00> : tensor<2xf32>}> : () -> tensor<2xf32>
%1 = "t.add"(%0, %arg0) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
%2 = "t.neg"(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
%3 = "t.mul"(%arg1, %1) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
%4 = "t.cast"(%arg1) : (tensor<2xf32>) -> tensor<2xf32>
"t.use"(%2, %3, %4) : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> ()`, out)
}

// reasons is a rewriter that only takes match-failure reasons: any other
// use panics (the embedded nil interface).
type reasons struct {
	ir.Rewriter
	ctx *ir.Context
	got []string
}

func (r *reasons) Context() *ir.Context { return r.ctx }

func (r *reasons) NotifyMatchFailure(_ *ir.Operation, format string, args ...any) bool {
	r.got = append(r.got, ir.FormatReason(format, args))
	return false
}

func TestMatchRejectsWithoutRewriter(t *testing.T) {
	// Ops that fail the structural check are rejected before any capture
	// is bound or the rewriter is used for anything but the reason.
	rs := compile(t, "(t.neg (t.add $x (t.const splat 0.0))) -> $x")
	ctx := testContext()
	m, err := asm.Parse(ctx, "in.mlir", []byte(`"t.func"() ({
^bb0(%a: tensor<2xf32>):
  %z = "t.const"() <{value = dense<1.0> : tensor<2xf32>}> : () -> tensor<2xf32>
  %0 = "t.add"(%z, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %1 = "t.neg"(%0) : (tensor<2xf32>) -> tensor<2xf32>
  %2 = "t.neg"(%a) : (tensor<2xf32>) -> tensor<2xf32>
}) : () -> ()`), 1)
	require.NoError(t, err)
	fn := m.Region(0).Front().First()
	ops := fn.Region(0).Front().Ops()
	rw := &reasons{}
	assert.False(t, rs[0].MatchAndRewrite(fn, rw), "wrong root")
	assert.False(t, rs[0].MatchAndRewrite(ops[2], rw), "splat 1.0 is not 0.0, in either order")
	assert.False(t, rs[0].MatchAndRewrite(ops[3], rw), "operand is a block argument")
	assert.Equal(t, []string{
		"t.rules:1: not a 't.neg'",
		"t.rules:1: operand #1 of operand #0 is not defined by 't.const'", // %a, in the written order
		"t.rules:1: operand #0 is not defined by 't.add'",
	}, rw.got)
}

// A rule that does not apply says why: the first part of its match (in
// the written operand order) or the first condition that failed, or why
// its result does not fit, prefixed with the rule's file and line.
func TestMatchFailureReasons(t *testing.T) {
	rs := compile(t, `(t.sub $x (t.neg $y)) -> $y
(t.sub $x $x) -> (t.neg $x)
(t.tr $x perm=$p) && testIdentity($p) -> $x
(t.add $x (t.const splat 0.0)) && !sameType($x, $x) -> $x
(t.opt $x $y) -> $y
(t.neg (t.neg $x)) -> (t.ghost $x)
(t.sub (t.neg $a) _) -> $a`)
	ctx := testContext()
	m, err := asm.Parse(ctx, "in.mlir", []byte(`"t.func"() ({
^bb0(%a: tensor<2xf32>, %b: tensor<3xf32>):
  %z = "t.const"() <{value = dense<0.0> : tensor<2xf32>}> : () -> tensor<2xf32>
  %0 = "t.sub"(%a, %z) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %1 = "t.tr"(%a) <{perm = array<i64: 1, 0>}> : (tensor<2xf32>) -> tensor<2xf32>
  %2 = "t.tr"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %3 = "t.add"(%z, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %4 = "t.opt"(%a, %b) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  %5 = "t.neg"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %6 = "t.neg"(%5) : (tensor<2xf32>) -> tensor<2xf32>
  %7 = "t.sub"(%a, %5) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
}) : () -> ()`), 1)
	require.NoError(t, err)
	ops := m.Region(0).Front().First().Region(0).Front().Ops()
	for _, tc := range []struct {
		rule, op int
		want     string
	}{
		{0, 1, "t.rules:1: operand #1 is not defined by 't.neg'"},
		{1, 1, "t.rules:2: $x is bound to two different values"},
		{2, 2, "t.rules:3: condition testIdentity($p) failed"},
		{2, 3, "t.rules:3: the op has no attribute 'perm'"},
		// add commutes: the written order's reason, though the swapped
		// order reaches the condition.
		{3, 4, "t.rules:4: operand #1 is not defined by 't.const'"},
		{4, 5, "t.rules:5: $y has type tensor<3xf32>, not the op's result type tensor<2xf32>"},
		{5, 7, "t.rules:6: the result op 't.ghost' is not registered"},
		{6, 8, "t.rules:7: operand #0 is not defined by 't.neg'"},
	} {
		rw := &reasons{ctx: ctx}
		assert.False(t, rs[tc.rule].MatchAndRewrite(ops[tc.op], rw))
		assert.Equal(t, []string{tc.want}, rw.got, "rule %d on op %d", tc.rule+1, tc.op)
	}
}

func TestMatchEqualCaptures(t *testing.T) {
	rules := "(t.sub $x $x) -> (t.neg $x)\n(t.tr (t.tr $x perm=$p) perm=$p) -> (t.tr $x perm=$p)"
	out := rewriteWith(t, rules, "%a: "+f2+", %b: "+f2, `
  %0 = "t.sub"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %1 = "t.sub"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %2 = "t.tr"(%a) <{perm = array<i64: 0>}> : (tensor<2xf32>) -> tensor<2xf32>
  %3 = "t.tr"(%2) <{perm = array<i64: 0>}> : (tensor<2xf32>) -> tensor<2xf32> loc("outer")
  %4 = "t.tr"(%a) <{perm = array<i64: 1>}> : (tensor<2xf32>) -> tensor<2xf32>
  %5 = "t.tr"(%4) <{perm = array<i64: 0>}> : (tensor<2xf32>) -> tensor<2xf32>
  "t.use"(%0, %1, %3, %5) : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> ()`)
	// The captured perm is copied into the new op's properties.
	assert.Equal(t, `%0 = "t.neg"(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
%1 = "t.sub"(%arg0, %arg1) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
%2 = "t.tr"(%arg0) <{perm = array<i64: 0>}> : (tensor<2xf32>) -> tensor<2xf32>
%3 = "t.tr"(%arg0) <{perm = array<i64: 1>}> : (tensor<2xf32>) -> tensor<2xf32>
%4 = "t.tr"(%3) <{perm = array<i64: 0>}> : (tensor<2xf32>) -> tensor<2xf32>
"t.use"(%0, %1, %2, %4) : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> ()`, out)
}

func TestAttributesAndConstants(t *testing.T) {
	// An attribute not among the op's properties is copied as a
	// discardable attribute; value=$c captures a constant of any value;
	// a missing attribute fails the match.
	rules := "(t.neg (t.cast $x tag=$t)) -> (t.cast $x tag=$t)\n(t.mul $x (t.const value=$c)) -> (t.tr $x perm=$c)"
	out := rewriteWith(t, rules, "%a: "+f2, `
  %0 = "t.cast"(%a) {tag = "k"} : (tensor<2xf32>) -> tensor<2xf32>
  %1 = "t.neg"(%0) : (tensor<2xf32>) -> tensor<2xf32>
  %2 = "t.cast"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %3 = "t.neg"(%2) : (tensor<2xf32>) -> tensor<2xf32>
  %c = "t.const"() <{value = dense<[1.0, 2.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %4 = "t.mul"(%c, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  "t.use"(%1, %3, %4) : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> ()`)
	assert.Equal(t, `%0 = "t.cast"(%arg0) {tag = "k"} : (tensor<2xf32>) -> tensor<2xf32>
%1 = "t.cast"(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
%2 = "t.neg"(%1) : (tensor<2xf32>) -> tensor<2xf32>
%3 = "t.tr"(%arg0) <{perm = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>}> : (tensor<2xf32>) -> tensor<2xf32>
"t.use"(%0, %2, %3) : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> ()`, out)
}

func TestPredicates(t *testing.T) {
	rules := `(t.tr $x perm=$p) && testIdentity($p) -> $x
(t.neg $x) && testRank($x, 2) -> (t.cast $x)
(t.sub $x $y) && !sameType($x, $y) -> $x
$r:(t.mul $x _) && sameType($r, $x) && hasOneUse($x) -> $x`
	out := rewriteWith(t, rules, "%a: "+f2+", %b: tensor<1x2xf32>, %c: tensor<2x2xf32>, %d: tensor<2x2xf32>", `
  %0 = "t.tr"(%a) <{perm = array<i64: 0>}> : (tensor<2xf32>) -> tensor<2xf32>
  %1 = "t.tr"(%a) <{perm = array<i64: 1>}> : (tensor<2xf32>) -> tensor<2xf32>
  %2 = "t.tr"(%a) <{perm = 0 : i64}> : (tensor<2xf32>) -> tensor<2xf32>
  %3 = "t.neg"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %4 = "t.neg"(%b) : (tensor<1x2xf32>) -> tensor<1x2xf32>
  %5 = "t.sub"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %6 = "t.sub"(%a, %b) : (tensor<2xf32>, tensor<1x2xf32>) -> tensor<2xf32>
  %7 = "t.mul"(%c, %b) : (tensor<2x2xf32>, tensor<1x2xf32>) -> tensor<2x2xf32>
  %8 = "t.mul"(%b, %c) : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  %9 = "t.mul"(%b, %d) : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  "t.use"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9) : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<1x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) -> ()`)
	// perm = 0 : i64 is not a dense array: testIdentity cannot read it and
	// the rule does not apply. %c has two uses, so hasOneUse fails for
	// both muls of it; %d has one, and the mul of it (swapped, as t.mul
	// commutes) goes.
	assert.Equal(t, `%0 = "t.tr"(%arg0) <{perm = array<i64: 1>}> : (tensor<2xf32>) -> tensor<2xf32>
%1 = "t.tr"(%arg0) <{perm = 0 : i64}> : (tensor<2xf32>) -> tensor<2xf32>
%2 = "t.neg"(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
%3 = "t.cast"(%arg1) : (tensor<1x2xf32>) -> tensor<1x2xf32>
%4 = "t.sub"(%arg0, %arg0) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
%5 = "t.mul"(%arg2, %arg1) : (tensor<2x2xf32>, tensor<1x2xf32>) -> tensor<2x2xf32>
%6 = "t.mul"(%arg1, %arg2) : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
"t.use"(%arg0, %0, %1, %2, %3, %4, %arg0, %5, %6, %arg3) : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<1x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) -> ()`, out)

	// A negated condition on an attribute the predicate cannot read does
	// not apply either.
	out = rewriteWith(t, "(t.tr $x perm=$p) && !testIdentity($p) -> $x", "%a: "+f2, `
  %0 = "t.tr"(%a) <{perm = 0 : i64}> : (tensor<2xf32>) -> tensor<2xf32>
  "t.use"(%0) : (tensor<2xf32>) -> ()`)
	assert.Equal(t, `%0 = "t.tr"(%arg0) <{perm = 0 : i64}> : (tensor<2xf32>) -> tensor<2xf32>
"t.use"(%0) : (tensor<2xf32>) -> ()`, out)

	// Literal arguments of every kind reach the predicate.
	body := `
  %0 = "t.tr"(%a) <{perm = array<i64: 0>}> : (tensor<2xf32>) -> tensor<2xf32>
  "t.use"(%0) : (tensor<2xf32>) -> ()`
	out = rewriteWith(t, `(t.use $v:(t.tr _ perm=$a)) && testLits("yes", 1.5, true, $v, $a) -> (t.use (t.neg $v : type($v)))`, "%a: "+f2, body)
	assert.Equal(t, `%0 = "t.tr"(%arg0) <{perm = array<i64: 0>}> : (tensor<2xf32>) -> tensor<2xf32>
%1 = "t.neg"(%0) : (tensor<2xf32>) -> tensor<2xf32>
"t.use"(%1) : (tensor<2xf32>) -> ()`, out)
	for _, lits := range []string{`"no", 1.5, true`, `"yes", 2, true`, `"yes", 1.5, false`} {
		out = rewriteWith(t, `(t.use $v:(t.tr _ perm=$a)) && testLits(`+lits+`, $v, $a) -> (t.use (t.neg $v : type($v)))`, "%a: "+f2, body)
		assert.NotContains(t, out, "t.neg", lits)
	}
}

func TestBenefits(t *testing.T) {
	body := `
  %n = "t.neg"(%b) : (tensor<2xf32>) -> tensor<2xf32>
  %s = "t.sub"(%a, %n) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  "t.use"(%s) : (tensor<2xf32>) -> ()`
	args := "%a: " + f2 + ", %b: " + f2
	use := func(out string) string { return out[strings.LastIndex(out, "\n")+1:] }
	// By default the rule naming more ops wins, wherever it is in the file.
	out := rewriteWith(t, "(t.sub $x _) -> (t.neg $x)\n(t.sub _ (t.neg $y)) -> (t.cast $y)", args, body)
	assert.Contains(t, out, `"t.cast"(%arg1)`)
	assert.Contains(t, use(out), `"t.use"(%`)
	// An explicit benefit overrides that.
	out = rewriteWith(t, "(t.sub $x _) -> (t.neg $x) [benefit 3]\n(t.sub _ (t.neg $y)) -> (t.cast $y)", args, body)
	assert.Contains(t, out, `"t.neg"(%arg0)`)
	assert.NotContains(t, out, `"t.cast"`)
	// Equal benefits: file order.
	out = rewriteWith(t, "(t.sub _ (t.neg $y)) -> (t.cast $y) [benefit 1]\n(t.sub $x _) -> (t.neg $x)", args, body)
	assert.Contains(t, out, `"t.cast"(%arg1)`)
	out = rewriteWith(t, "(t.sub $x _) -> (t.neg $x)\n(t.sub _ (t.neg $y)) -> (t.cast $y) [benefit 1]", args, body)
	assert.NotContains(t, out, `"t.cast"`)
}

func TestResultTypes(t *testing.T) {
	// A capture of another type than the root's result does not replace it.
	out := rewriteWith(t, "(t.add $x (t.const splat 0.0)) -> $x", "%a: "+f2, `
  %z = "t.const"() <{value = dense<0.0> : tensor<3x2xf32>}> : () -> tensor<3x2xf32>
  %0 = "t.add"(%a, %z) : (tensor<2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  "t.use"(%0) : (tensor<3x2xf32>) -> ()`)
	assert.Contains(t, out, `"t.add"(%arg0, %0)`)

	// Nested result ops take the root's types unless typed; the new op at
	// the top must have the root's types.
	rules := "(t.neg (t.cast $x)) -> (t.cast (t.neg $x : type($x)))\n(t.sub (t.cast $x) $y) -> (t.sub $x $y : type($x))"
	out = rewriteWith(t, rules, "%a: "+f2+", %h: tensor<2xf16>", `
  %0 = "t.cast"(%a) : (tensor<2xf32>) -> tensor<2xf16>
  %1 = "t.neg"(%0) : (tensor<2xf16>) -> tensor<2xf16>
  %2 = "t.sub"(%0, %h) : (tensor<2xf16>, tensor<2xf16>) -> tensor<2xf16>
  %3 = "t.cast"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %4 = "t.sub"(%3, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  "t.use"(%1, %2, %4) : (tensor<2xf16>, tensor<2xf16>, tensor<2xf32>) -> ()`)
	assert.Equal(t, `%0 = "t.cast"(%arg0) : (tensor<2xf32>) -> tensor<2xf16>
%1 = "t.neg"(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
%2 = "t.cast"(%1) : (tensor<2xf32>) -> tensor<2xf16>
%3 = "t.sub"(%0, %arg1) : (tensor<2xf16>, tensor<2xf16>) -> tensor<2xf16>
%4 = "t.sub"(%arg0, %arg0) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
"t.use"(%2, %3, %4) : (tensor<2xf16>, tensor<2xf16>, tensor<2xf32>) -> ()`, out)
}

func TestLocationsAndZeroResultRoots(t *testing.T) {
	// New ops get the root's location fused with the other matched ops'.
	rules := "(t.use (t.neg (t.neg $x))) -> (t.use (t.cast $x))"
	out := rewriteWith(t, rules, "%a: "+f2, `
  %0 = "t.neg"(%a) : (tensor<2xf32>) -> tensor<2xf32> loc("inner")
  %1 = "t.neg"(%0) : (tensor<2xf32>) -> tensor<2xf32> loc("outer")
  "t.use"(%1) : (tensor<2xf32>) -> () loc("use")`, asm.PrintOptions{DebugInfo: true})
	// t.use has no results: the nested t.cast has no type to inherit, so
	// the rule does not apply.
	assert.Contains(t, out, `"t.use"(%1)`)

	rules = "(t.use (t.neg (t.neg $x))) -> (t.use (t.cast $x : type($x)))"
	out = rewriteWith(t, rules, "%a: "+f2, `
  %0 = "t.neg"(%a) : (tensor<2xf32>) -> tensor<2xf32> loc("inner")
  %1 = "t.neg"(%0) : (tensor<2xf32>) -> tensor<2xf32> loc("outer")
  "t.use"(%1) : (tensor<2xf32>) -> () loc("use")`, asm.PrintOptions{DebugInfo: true})
	assert.Equal(t, `%0 = "t.cast"(%arg0) : (tensor<2xf32>) -> tensor<2xf32> loc(fused["use", "outer", "inner"])
"t.use"(%0) : (tensor<2xf32>) -> () loc(fused["use", "outer", "inner"])`, out)
}

func TestUnregisteredResultOp(t *testing.T) {
	// t.ghost is in the table but not in the context: nothing changes,
	// and the strict driver sees no false success.
	out := rewriteWith(t, "(t.neg (t.neg $x)) -> (t.ghost $x)", "%a: "+f2, `
  %0 = "t.neg"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = "t.neg"(%0) : (tensor<2xf32>) -> tensor<2xf32>
  "t.use"(%1) : (tensor<2xf32>) -> ()`)
	assert.Contains(t, out, `"t.use"(%1)`)
}

func TestSplatMatches(t *testing.T) {
	ctx := ir.NewContext()
	dense := func(elem ir.Type, raw ...[]byte) ir.Attribute {
		var all []byte
		for _, r := range raw {
			all = append(all, r...)
		}
		return ctx.DenseElementsAttr(ctx.TensorType([]int64{int64(len(raw))}, elem, nil), all)
	}
	f := func(k ir.FloatKind, v float64) []byte { return ir.EncodeFloat(nil, k, v) }
	i := func(w int, v int64) []byte { return ir.EncodeInt(nil, v, w) }
	f32, f16, i8, i32 := ctx.F32(), ctx.FloatType(ir.F16), ctx.I(8), ctx.I(32)
	i1 := ctx.I(1)
	lit := func(text string) *splatLit {
		c := &compiler{errs: &errSink{}, slots: map[string]int{}}
		if text == "true" || text == "false" {
			return c.splat(&astLit{kind: tIdent, text: text})
		}
		return c.splat(&astLit{kind: tNumber, text: text})
	}
	for _, tc := range []struct {
		lit  string
		attr ir.Attribute
		want bool
	}{
		{"0.0", dense(f32, f(ir.F32, 0), f(ir.F32, 0)), true},
		{"0.0", dense(f32, f(ir.F32, math.Copysign(0, -1)), f(ir.F32, math.Copysign(0, -1))), false},
		{"-0.0", dense(f32, f(ir.F32, math.Copysign(0, -1)), f(ir.F32, math.Copysign(0, -1))), true},
		{"-0.0", dense(f32, f(ir.F32, 0), f(ir.F32, 0)), false},
		{"1", dense(f32, f(ir.F32, 1), f(ir.F32, 1)), true},
		{"0.1", dense(f32, f(ir.F32, 0.1), f(ir.F32, 0.1)), true}, // rounded to f32
		{"0.1", dense(f16, f(ir.F16, 0.1), f(ir.F16, 0.1)), true}, // rounded to f16
		{"0.1", dense(f32, f(ir.F32, 0.2), f(ir.F32, 0.2)), false},
		{"inf", dense(f32, f(ir.F32, math.Inf(1)), f(ir.F32, math.Inf(1))), true},
		{"-inf", dense(f32, f(ir.F32, math.Inf(1)), f(ir.F32, math.Inf(1))), false},
		{"nan", dense(f32, f(ir.F32, math.NaN()), f(ir.F32, math.NaN())), false},
		{"true", dense(f32, f(ir.F32, 1), f(ir.F32, 1)), false},
		{"1.0", dense(f32, f(ir.F32, 1), f(ir.F32, 2)), false}, // not a splat
		{"0.0", dense(i32, i(4, 0), i(4, 0)), true},
		{"-0.0", dense(i32, i(4, 0), i(4, 0)), true},
		{"1.0", dense(i32, i(4, 1), i(4, 1)), true},
		{"1.5", dense(i32, i(4, 1), i(4, 1)), false},
		{"-1", dense(i8, i(1, -1), i(1, -1)), true},
		{"255", dense(i8, i(1, -1), i(1, -1)), false},
		{"true", dense(i8, i(1, 1), i(1, 1)), false},
		{"true", dense(i1, []byte{1}, []byte{1}), true},
		{"false", dense(i1, []byte{1}, []byte{1}), false},
		{"false", dense(i1, []byte{0}, []byte{0}), true},
		{"1", dense(i1, []byte{1}, []byte{1}), true},
		{"0", dense(i1, []byte{1}, []byte{1}), false},
		{"2", dense(i1, []byte{0}, []byte{0}), false},
		{"7", dense(ctx.IndexType(), i(8, 7), i(8, 7)), true},
		{"true", dense(ctx.IndexType(), i(8, 1), i(8, 1)), false},
		{"0", ctx.DenseResourceAttr(ctx.TensorType([]int64{2}, f32, nil), ctx.NewResource("builtin", "w", 4, make([]byte, 8))), false},
		{"0", ctx.IntegerAttr(i32, 0), false},
		{"0", nil, false},
	} {
		assert.Equal(t, tc.want, lit(tc.lit).matches(tc.attr), "splat %s vs %v", tc.lit, tc.attr)
	}
	// A scalar-shaped (one element) dense attribute is a splat.
	one := ctx.DenseElementsAttr(ctx.TensorType(nil, f32, nil), f(ir.F32, 1))
	assert.True(t, lit("1").matches(one))
}
