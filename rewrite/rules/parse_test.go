package rules

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/rewrite"
)

// table is the op table of the toy dialect "t" the tests compile against.
var table = Table{
	"t.const": {MinOperands: 0, MaxOperands: 0, Attrs: []string{"value"}, Traits: ir.Pure | ir.ConstantLike},
	"t.add":   {MinOperands: 2, MaxOperands: 2, Attrs: []string{}, Traits: ir.Pure | ir.Commutative},
	"t.mul":   {MinOperands: 2, MaxOperands: 2, Attrs: []string{}, Traits: ir.Pure | ir.Commutative},
	"t.sub":   {MinOperands: 2, MaxOperands: 2, Attrs: []string{}, Traits: ir.Pure},
	"t.neg":   {MinOperands: 1, MaxOperands: 1, Attrs: []string{}, Traits: ir.Pure},
	"t.tr":    {MinOperands: 1, MaxOperands: 1, Attrs: []string{"perm"}, Traits: ir.Pure},
	"t.cast":  {MinOperands: 1, MaxOperands: 1, Traits: ir.Pure}, // attributes unchecked
	"t.opt":   {MinOperands: 1, MaxOperands: 2, Attrs: []string{}},
	"t.use":   {MinOperands: 0, MaxOperands: -1},
	"t.ghost": {MinOperands: 1, MaxOperands: 1, Attrs: []string{}}, // not registered in contexts
}

// Test predicates: every parameter kind.
var testPreds = Predicates{
	"testRank": func(t ir.Type, n int64) bool {
		r, ok := t.(*ir.RankedTensorType)
		return ok && int64(r.Rank()) == n
	},
	"testIdentity": func(p *ir.DenseArrayAttr) bool {
		for i, v := range p.Ints {
			if v != int64(i) {
				return false
			}
		}
		return true
	},
	"testLits": func(s string, f float64, b bool, v *ir.Value, a ir.Attribute) bool {
		return s == "yes" && f == 1.5 && b && v != nil && a != nil
	},
}

func compile(t *testing.T, src string) []*Rule {
	t.Helper()
	rs, err := Compile(table.Lookup, "t.rules", []byte(src), testPreds)
	require.NoError(t, err)
	return rs
}

func TestParseConstructs(t *testing.T) {
	src := `// a comment line

(t.neg (t.neg $x)) -> $x // trailing comment
(t.add $x (t.const splat 0.0)) => $x
$r:(t.tr $x perm=$p) && testIdentity($p) && sameType($r, $x) -> $x
(t.sub $a $b) && !sameType($a, $b) -> (t.sub $b $a : type($a)) [benefit 7]
(t.sub _ $y:(t.neg _)) -> $y
(t.mul $x (t.const value=$c)) -> (t.tr (t.neg $x) perm=$c)
(t.add $x \
    (t.const splat -1)) \
  -> (t.neg $x)
(t.use $v) && testLits("yes", 1.5, true, $v, $a) -> (t.use $v)
(t.opt $x $y) -> (t.opt (t.opt $x : type($x)) $y : type($x))
(t.sub $x (t.const splat true)) -> $x
(t.sub $x (t.const splat inf)) -> $x
(t.sub $x (t.const splat -nan)) -> $x
(t.sub $x (t.const splat 1e3)) -> $x
`
	// testLits's $a is not bound: fix that rule for the happy path.
	src = strings.Replace(src, "(t.use $v) &&", "(t.use $v:(t.tr _ perm=$a)) &&", 1)
	rs := compile(t, src)
	require.Len(t, rs, 13)
	want := []struct {
		line    int
		root    string
		benefit int
		text    string
	}{
		{3, "t.neg", 2, "(t.neg (t.neg $x)) -> $x"},
		{4, "t.add", 2, "(t.add $x (t.const splat 0.0)) => $x"},
		{5, "t.tr", 1, "$r:(t.tr $x perm=$p) && testIdentity($p) && sameType($r, $x) -> $x"},
		{6, "t.sub", 7, "(t.sub $a $b) && !sameType($a, $b) -> (t.sub $b $a : type($a)) [benefit 7]"},
		{7, "t.sub", 2, "(t.sub _ $y:(t.neg _)) -> $y"},
		{8, "t.mul", 2, "(t.mul $x (t.const value=$c)) -> (t.tr (t.neg $x) perm=$c)"},
		{9, "t.add", 2, "(t.add $x (t.const splat -1)) -> (t.neg $x)"},
		{12, "t.use", 2, `(t.use $v:(t.tr _ perm=$a)) && testLits("yes", 1.5, true, $v, $a) -> (t.use $v)`},
		{13, "t.opt", 1, "(t.opt $x $y) -> (t.opt (t.opt $x : type($x)) $y : type($x))"},
	}
	for i, w := range want {
		r := rs[i]
		assert.Equal(t, fmt.Sprintf("t.rules:%d", w.line), r.Name(), w.text)
		file, line := r.Pos()
		assert.Equal(t, "t.rules", file)
		assert.Equal(t, w.line, line)
		assert.Equal(t, w.root, r.Root(), w.text)
		assert.Equal(t, w.benefit, r.Benefit(), w.text)
		assert.Equal(t, w.text, r.Text())
		assert.Equal(t, r.Name()+": "+w.text, r.String())
	}

	// The structure of a few rules.
	assert.Equal(t, 0, rs[1].match.comm, "t.add is a commutative candidate")
	assert.Equal(t, -1, rs[0].match.comm)
	assert.Equal(t, 1, rs[1].comm)
	assert.Equal(t, []slotKind{slotValue, slotValue, slotAttr}, rs[2].kinds, "$r, $x, $p")
	assert.True(t, rs[3].conds[0].not)
	assert.Equal(t, []int{0}, rs[3].result.types)
	assert.Equal(t, "t.neg", rs[5].result.args[0].op.name)
	assert.Equal(t, "perm", rs[5].result.attrs[0].name)
	assert.Equal(t, &splatLit{text: "-1", f: -1, i: -1, integral: true}, rs[6].match.args[1].op.splat)
	assert.Equal(t, &splatLit{text: "true", isBool: true, b: true}, rs[9].match.args[1].op.splat)
	assert.True(t, rs[10].match.args[1].op.splat.f > 1e308)
	assert.False(t, rs[10].match.args[1].op.splat.integral)
	assert.Equal(t, int64(1000), rs[12].match.args[1].op.splat.i)

	// CRLF line ends and a file without a final newline.
	rs = compile(t, "(t.neg (t.neg $x)) -> $x\r\n\r\n(t.neg $x) -> (t.cast $x)")
	require.Len(t, rs, 2)
	assert.Equal(t, "t.rules:3", rs[1].Name())

	// Without a lookup nothing is checked against a table, and two-operand
	// ops are commutative candidates (decided by the trait at match time).
	rs, err := Compile(nil, "x.rules", []byte("(x.anything $a $b) -> (x.other $a $b $a)"), testPreds)
	require.NoError(t, err)
	assert.Equal(t, 1, rs[0].comm)

	// Patterns and ByRoot.
	rs = compile(t, "(t.neg (t.neg $x)) -> $x\n(t.add $x $x) -> $x\n(t.neg $x) -> (t.cast $x)")
	ps := Patterns(rs)
	require.Len(t, ps, 3)
	assert.Same(t, rs[1], ps[1])
	by := ByRoot(rs)
	assert.Equal(t, []ir.Pattern{rs[0], rs[2]}, by["t.neg"])
	assert.Equal(t, []ir.Pattern{rs[1]}, by["t.add"])
}

// TestParseErrors covers every error the lexer, parser and compiler
// report, each positioned at line:col.
func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		// lexer
		{`(t.neg $x) \ -> $x`, "1:12: '\\' continues a rule only at the end of a line"},
		{`(t.neg $) -> $x`, "1:8: expected a capture name after '$'"},
		{`(t.neg $x) -> $x ;`, `1:18: unexpected character ';'`},
		{`(t.sub $x (t.const splat 1.2.3)) -> $x`, "1:26: malformed number '1.2.3'"},
		{`(t.sub $x (t.const splat 1e999)) -> $x`, "1:26: malformed number '1e999'"},
		{`(t.sub $x (t.const splat -infinity)) -> $x`, "1:26: malformed number '-infinity'"},
		{`(t.use $x) && testLits("ab`, "1:24: unterminated string"},
		{"$", "1:1: expected a capture name after '$'"},
		// parser
		{`(t.neg $x)`, "1:11: expected '->' and a result after the match"},
		{`(t.neg $x) $x`, "1:12: expected '&&' or '->' after the match, got '$x'"},
		{`(t.neg $x) -> $x: (t.neg $x)`, "1:17: a binding '$name:' is only allowed in the match"},
		{`(t.neg $x) -> (t.neg $y:(t.neg $x))`, "1:22: a binding '$name:' is only allowed in the match"},
		{`(t.neg $x) -> _`, "1:15: expected a capture or an op as the result, got '_'"},
		{`(t.neg $x) -> $x [`, "1:19: expected 'benefit', got end of file"},
		{`(t.neg $x) -> $x [gain 2]`, "1:19: expected 'benefit', got 'gain'"},
		{`(t.neg $x) -> $x [benefit]`, "1:26: expected the benefit, a non-negative integer, got ']'"},
		{`(t.neg $x) -> $x [benefit 1.5]`, "1:27: the benefit must be a non-negative integer, got '1.5'"},
		{`(t.neg $x) -> $x [benefit -1]`, "1:27: the benefit must be a non-negative integer, got '-1'"},
		{`(t.neg $x) -> $x [benefit 2`, "1:28: expected ']', got end of file"},
		{`(t.neg $x) -> $x $y`, "1:18: expected the end of the rule, got '$y'"},
		{`$r (t.neg $x) -> $x`, "1:4: expected ':' after the binding, got '('"},
		{`$r: $x -> $x`, "1:5: expected '(' after '$r:', got '$x'"},
		{`t.neg $x -> $x`, "1:1: expected '(' to start the match, got 't.neg'"},
		{`(t.neg (t.neg $x:t.neg)) -> $x`, "1:18: expected '(' after '$x:', got 't.neg'"},
		{`($x) -> $x`, "1:2: expected an op name after '(', got '$x'"},
		{`(_ $x) -> $x`, "1:2: expected an op name after '(', got '_'"},
		{`(neg $x) -> $x`, "1:2: op name 'neg' must be 'dialect.op'"},
		{`(t. $x) -> $x`, "1:2: op name 't.' must be 'dialect.op'"},
		{`(t.neg $x) -> (t.neg _)`, "1:22: '_' is only allowed in the match"},
		{`(t.neg $x) -> (t.const splat 1)`, "1:24: 'splat' is only allowed in the match"},
		{`(t.sub $x (t.const splat 1 splat 2)) -> $x`, "1:28: 'splat' given twice"},
		{`(t.sub $x (t.const splat "1")) -> $x`, "1:26: expected a number, true or false after 'splat'"},
		{`(t.sub $x (t.const splat $y)) -> $x`, "1:26: expected a literal, got '$y'"},
		{`(t.neg foo) -> $x`, "1:8: expected an operand or 'name=$capture', got 'foo'"},
		{`(t.tr $x perm=2) -> $x`, "1:15: expected a capture after 'perm=', got '2'"},
		{`(t.tr $x perm=$a perm=$b) -> $x`, "1:18: attribute 'perm' given twice"},
		{`(t.neg $x : type($x)) -> $x`, "1:11: result types ': type($x)' are only allowed in the result"},
		{`(t.neg $x) -> (t.neg $x : $x)`, "1:27: expected 'type($x)', got '$x'"},
		{`(t.neg $x) -> (t.neg $x : type $x)`, "1:32: expected '(' after 'type', got '$x'"},
		{`(t.neg $x) -> (t.neg $x : type(_))`, "1:32: expected a capture in 'type(...)', got '_'"},
		{`(t.neg $x) -> (t.neg $x : type($x $x))`, "1:35: expected ')', got '$x'"},
		{`(t.neg $x) -> (t.neg $x : type($x) $x)`, "1:36: expected ')' after the result types, got '$x'"},
		{`(t.neg (t.neg $x) -> $x`, "1:19: unexpected '->' in '(t.neg ...)'"},
		{`(t.neg (t.neg $x)`, "1:18: expected ')' to close '(t.neg' at 1:1"},
		{`(t.neg $x) && 3() -> $x`, "1:15: expected a predicate name after '&&', got '3'"},
		{`(t.neg $x) && t.p() -> $x`, "1:15: expected a predicate name after '&&', got 't.p'"},
		{`(t.neg $x) && sameType -> $x`, "1:24: expected '(' after the predicate name, got '->'"},
		{`(t.neg $x) && sameType($x $x) -> $x`, "1:27: expected ',' or ')' in the predicate's arguments, got '$x'"},
		{`(t.neg $x) && sameType($x, _) -> $x`, "1:28: expected a literal, got '_'"},
		// compiler
		{`(t.tr $x perm=$x) -> $x`, "1:10: $x is bound as a value at 1:7 and as an attribute here"},
		{`(t.neg $x) -> $y`, "1:15: $y is not bound by the match"},
		{`(t.tr $x perm=$p) -> $p`, "1:22: $p is an attribute, not a value"},
		{`(t.tr $x perm=$p) -> (t.tr $x perm=$x)`, "1:31: $x is a value, not an attribute"},
		{`(t.neg $x) -> (t.neg $x : type($p))`, "1:27: $p is not bound by the match"},
		{`(t.nope $x) -> $x`, "1:1: unknown op 't.nope'"},
		{`(t.neg $x) -> (t.nope $x)`, "1:15: unknown op 't.nope'"},
		{`(t.add $x $y $z) -> $x`, "1:1: 't.add' takes 2 operands, but 3 given"},
		{`(t.neg $x) -> (t.neg $x $x)`, "1:15: 't.neg' takes 1 operand, but 2 given"},
		{`(t.opt) -> (t.use)`, "1:1: 't.opt' takes 1 to 2 operands, but 0 given"},
		{`(t.neg (t.const $c)) -> $c`, "1:8: 't.const' takes 0 operands, but 1 given"},
		{`(t.tr $x prem=$p) -> $x`, "1:10: 't.tr' has no attribute 'prem'"},
		{`(t.sub $x (t.neg $y splat 0)) -> $x`, "1:21: 'splat' needs a constant-like op, and 't.neg' is not"},
		{`$r:(t.neg $x) -> $r`, "1:18: the result $r is the matched op itself"},
		{`(t.neg $x) && nope($x) -> $x`, "1:15: unknown predicate 'nope'"},
		{`(t.neg $x) && sameType($x) -> $x`, "1:15: predicate 'sameType' takes 2 arguments, but 1 given"},
		{`(t.neg $x) && hasOneUse() -> $x`, "1:15: predicate 'hasOneUse' takes 1 argument, but 0 given"},
		{`(t.neg $x) && testIdentity(1) -> $x`, "1:28: argument 1 of 'testIdentity' must be an attribute capture"},
		{`(t.neg $x) && testRank($x, 1.5) -> $x`, "1:28: argument 2 of 'testRank': expected an integer literal, got '1.5'"},
		{`(t.neg $x) && testRank($x, $x) -> $x`, "1:28: argument 2 of 'testRank' must be an integer literal, got $x"},
		{`(t.neg $x) && testIdentity($x) -> $x`, "1:28: $x is a value, not an attribute"},
		{`(t.tr $x perm=$p) && sameType($p, $x) -> $x`, "1:31: $p is an attribute, not a value"},
		{`(t.use $v:(t.tr _ perm=$a)) && testLits(1, 1.5, true, $v, $a) -> $v`, `1:41: argument 1 of 'testLits': expected a string literal, got '1'`},
		{`(t.use $v:(t.tr _ perm=$a)) && testLits("yes", "x", true, $v, $a) -> $v`, `1:48: argument 2 of 'testLits': expected a number literal, got "x"`},
		{`(t.use $v:(t.tr _ perm=$a)) && testLits("yes", 1.5, 1, $v, $a) -> $v`, `1:53: argument 3 of 'testLits': expected true or false, got '1'`},
	} {
		_, err := Compile(table.Lookup, "bad.rules", []byte(tc.src), testPreds)
		require.Error(t, err, tc.src)
		list, ok := err.(ErrorList)
		require.True(t, ok, "%T", err)
		assert.Equal(t, "bad.rules:"+strings.Replace(tc.want, ": ", ": error: ", 1), list[0].Error(), tc.src)
	}
}

func TestErrorListAndRecovery(t *testing.T) {
	// Every bad rule is reported, with the file's lines; good rules
	// between them do not hide the errors after them.
	src := "(t.neg $x) -> $x\n(t.neg $x -> $x\n\n(t.add $x $y $z) -> $x\n(t.neg $x) -> \\\n   $y\n(t.neg $x) -> $x ;\n(t.neg $x) -> $x\n"
	rs, err := Compile(table.Lookup, "many.rules", []byte(src), testPreds)
	assert.Nil(t, rs)
	require.Error(t, err)
	assert.Equal(t, strings.Join([]string{
		"many.rules:2:11: error: unexpected '->' in '(t.neg ...)'",
		"many.rules:4:1: error: 't.add' takes 2 operands, but 3 given",
		"many.rules:6:4: error: $y is not bound by the match",
		"many.rules:7:18: error: unexpected character ';'",
	}, "\n"), err.Error())

	// One rule may have several compile errors; all are reported.
	_, err = Compile(table.Lookup, "x.rules", []byte("(t.nope $x) -> (t.neg $y)"), testPreds)
	assert.Equal(t, "x.rules:1:1: error: unknown op 't.nope'\nx.rules:1:23: error: $y is not bound by the match", err.Error())

	// At most maxErrors.
	_, err = Compile(table.Lookup, "x.rules", []byte(strings.Repeat("(t.nope $x) -> $x\n", 50)), testPreds)
	assert.Len(t, err.(ErrorList), maxErrors)

	// Too many commutative choices in one match.
	deep := "$x"
	for i := 0; i < 17; i++ {
		deep = "(t.add " + deep + " $x)"
	}
	_, err = Compile(table.Lookup, "x.rules", []byte(deep+" -> $x"), testPreds)
	assert.EqualError(t, err, "x.rules:1:1: error: too many commutative ops in one match (17, at most 16)")

	// MustCompile panics with the positioned errors.
	assert.PanicsWithValue(t, "rules: m.rules:1:11: error: expected '->' and a result after the match", func() {
		MustCompile(table.Lookup, "m.rules", []byte("(t.neg $x)"), testPreds)
	})
	assert.Len(t, MustCompile(table.Lookup, "m.rules", []byte("(t.neg (t.neg $x)) -> $x"), testPreds), 1)
}

func TestPredicateChecks(t *testing.T) {
	for _, tc := range []struct {
		name string
		fn   any
		want string
	}{
		{"p1", 3, "x.rules: predicate p1: want a func(...) bool, got int"},
		{"p2", func(*ir.Value) int { return 0 }, "x.rules: predicate p2: want a func(...) bool, got func(*ir.Value) int"},
		{"p3", func(...*ir.Value) bool { return true }, "x.rules: predicate p3: want a func(...) bool, got func(...*ir.Value) bool"},
		{"p4", func(*ir.Value, *ir.Operation) bool { return true }, "x.rules: predicate p4: parameter 2 has unsupported type *ir.Operation"},
		{"p5", nil, "x.rules: predicate p5: want a func(...) bool, got nil"},
		{"sameType", func(a, b ir.Type) bool { return true }, "x.rules: predicate sameType is built in and cannot be redefined"},
	} {
		_, err := Compile(table.Lookup, "x.rules", []byte("(t.neg (t.neg $x)) -> $x"), Predicates{tc.name: tc.fn})
		assert.EqualError(t, err, tc.want)
	}
	assert.Panics(t, func() {
		MustCompile(table.Lookup, "x.rules", []byte("(t.neg (t.neg $x)) -> $x"), Predicates{"p": 3})
	})
}

// A predicate belongs to the file it is given with: two rule sets may
// each define isI8 with their own meaning, in one process, and a file
// given neither cannot call it.
func TestPredicatesArePerFile(t *testing.T) {
	src := []byte("(t.neg $x) && isI8($x) -> $x")
	i8ByWidth := Predicates{"isI8": func(t ir.Type) bool {
		it, ok := ir.ElementTypeOf(t).(*ir.IntegerType)
		return ok && it.Width == 8
	}}
	i8ByRank := Predicates{"isI8": func(t ir.Type) bool { // "rank 8", another package's meaning
		r, ok := t.(*ir.RankedTensorType)
		return ok && r.Rank() == 8
	}}
	byWidth, err := Compile(table.Lookup, "a.rules", src, i8ByWidth)
	require.NoError(t, err)
	byRank, err := Compile(table.Lookup, "b.rules", src, i8ByRank)
	require.NoError(t, err)
	_, err = Compile(table.Lookup, "c.rules", src, nil)
	assert.EqualError(t, err, "c.rules:1:15: error: unknown predicate 'isI8'")

	ctx := testContext()
	applies := func(r *Rule, typ ir.Type) bool {
		fn := ctx.NewOperation(ir.OperationState{Name: "t.func", NumRegions: 1})
		b := ir.NewBlock([]ir.Type{typ}, nil)
		fn.Region(0).AppendBlock(b)
		neg := ctx.NewOperation(ir.OperationState{Name: "t.neg", Operands: []*ir.Value{b.Arg(0)}, ResultTypes: []ir.Type{typ}})
		b.Append(neg)
		b.Append(ctx.NewOperation(ir.OperationState{Name: "t.use", Operands: []*ir.Value{neg.Result(0)}}))
		_, err := rewrite.ApplyPatternsGreedily(fn, []ir.Pattern{r}, false, rewrite.GreedyConfig{})
		require.NoError(t, err)
		return neg.Block() == nil
	}
	i8 := ctx.TensorType([]int64{2}, ctx.I(8), nil)
	rank8 := ctx.TensorType([]int64{1, 1, 1, 1, 1, 1, 1, 1}, ctx.F32(), nil)
	assert.True(t, applies(byWidth[0], i8))
	assert.False(t, applies(byWidth[0], rank8))
	assert.False(t, applies(byRank[0], i8))
	assert.True(t, applies(byRank[0], rank8))
}

func TestContextLookup(t *testing.T) {
	ctx := testContext()
	look := ContextLookup(ctx)
	s, ok := look("t.add")
	require.True(t, ok)
	assert.Equal(t, OpSig{MinOperands: 0, MaxOperands: -1, Traits: ir.Pure | ir.Commutative}, s)
	_, ok = look("t.ghost")
	assert.False(t, ok)
	// Names are checked; operand counts are not.
	_, err := Compile(look, "c.rules", []byte("(t.add $x $y $z) -> $x\n(t.ghost $x) -> $x"), testPreds)
	assert.EqualError(t, err, "c.rules:2:1: error: unknown op 't.ghost'")
}
