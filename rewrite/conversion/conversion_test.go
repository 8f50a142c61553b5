package conversion

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
)

// The test dialect "t", for a conversion from an i32 world to an i64 one:
//
//	t.func     a function: one region, its signature in the "type" attribute
//	t.return   terminator
//	t.old      i32 op that patterns turn into t.new
//	t.new      its i64 replacement
//	t.src      a producer that stays (legal)
//	t.keep     a consumer that stays (legal)
//	t.a, t.b   an illegal op and its legal replacement
//	t.bad      an illegal op whose pattern always declines
//	t.dyn      legal only with ok = true
//	t.unknown  not mentioned by the target
//	t.br       a branch
//	t.scope    an op with a region, not isolated
func testContext() *ir.Context {
	ctx := ir.NewContext()
	ctx.AllowUnregistered = true
	ctx.RegisterDialect(&ir.Dialect{Name: "builtin"},
		&ir.OpInfo{Name: "builtin.module", Traits: ir.IsolatedFromAbove | ir.SymbolTableTrait | ir.NoTerminator | ir.GraphRegions | ir.SingleBlock},
		&ir.OpInfo{Name: CastOpName, Traits: ir.Pure},
	)
	ctx.RegisterDialect(&ir.Dialect{Name: "t"},
		&ir.OpInfo{Name: "t.func", Traits: ir.IsolatedFromAbove},
		&ir.OpInfo{Name: "t.return", Traits: ir.Terminator | ir.ReturnLike},
		&ir.OpInfo{Name: "t.old", Traits: ir.Pure},
		&ir.OpInfo{Name: "t.new", Traits: ir.Pure},
		&ir.OpInfo{Name: "t.src"},
		&ir.OpInfo{Name: "t.keep"},
		&ir.OpInfo{Name: "t.a"},
		&ir.OpInfo{Name: "t.b"},
		&ir.OpInfo{Name: "t.bad"},
		&ir.OpInfo{Name: "t.dyn"},
		&ir.OpInfo{Name: "t.unknown"},
		&ir.OpInfo{Name: "t.br", Traits: ir.Terminator},
		&ir.OpInfo{Name: "t.scope", Traits: ir.NoTerminator},
	)
	return ctx
}

func parse(t *testing.T, ctx *ir.Context, src string) *ir.Operation {
	t.Helper()
	m, err := asm.Parse(ctx, "test.mlir", []byte(src), 1)
	require.NoError(t, err)
	require.NoError(t, ir.Verify(m))
	return m
}

func print(m *ir.Operation) string { return asm.String(m, asm.PrintOptions{}) }

// i32ToI64 converts i32 to i64 and keeps every other type.
func i32ToI64(ctx *ir.Context) *TypeConverter {
	return NewTypeConverter().AddIdentity().AddTypeMapping(func(t ir.Type) ir.Type {
		if t == ctx.I(32) {
			return ctx.I(64)
		}
		return nil
	})
}

// funcSignature converts t.func's signature and its blocks' arguments.
func funcSignature(tc *TypeConverter) Pattern {
	return &FuncPattern{PatternName: "func-signature", RootName: "t.func", Converter: tc,
		Fn: func(op *ir.Operation, _ *Adaptor, rw *Rewriter) error {
			ft, ok := op.Attr("type").(*ir.TypeAttr).Type.(*ir.FunctionType)
			if !ok {
				return MatchFailure("no function type")
			}
			nft, sc, err := tc.ConvertFunctionType(op.Ctx(), ft)
			if err != nil {
				return err
			}
			if _, err := rw.ConvertRegionTypes(op.Region(0), tc, sc); err != nil {
				return err
			}
			rw.ModifyInPlace(op, func() { op.SetAttr("type", op.Ctx().TypeAttr(nft)) })
			return nil
		}}
}

// oldToNew replaces t.old by t.new on converted operands and types.
func oldToNew(tc *TypeConverter) Pattern {
	return &FuncPattern{PatternName: "old-to-new", RootName: "t.old", Converter: tc,
		Fn: func(op *ir.Operation, a *Adaptor, rw *Rewriter) error {
			res, ok := tc.ConvertTypes(op.ResultTypes())
			if !ok {
				return MatchFailure("result types do not convert")
			}
			n := rw.Create(ir.OperationState{Name: "t.new", Operands: a.Operands(), ResultTypes: res})
			rw.ReplaceOp(op, n.Results())
			return nil
		}}
}

// returnOperands updates t.return's operands in place.
func returnOperands(tc *TypeConverter) Pattern {
	return &FuncPattern{PatternName: "return-operands", RootName: "t.return", Converter: tc,
		Fn: func(op *ir.Operation, a *Adaptor, rw *Rewriter) error {
			rw.ModifyInPlace(op, func() { op.SetOperands(a.Operands()) })
			return nil
		}}
}

func i64Target(tc *TypeConverter) *Target {
	return NewTarget().
		AddLegalOp("builtin.module", "t.new", "t.src", "t.keep").
		AddIllegalOp("t.old").
		AddDynamicallyLegalOp(func(op *ir.Operation) bool {
			ft := op.Attr("type").(*ir.TypeAttr).Type.(*ir.FunctionType)
			return tc.IsSignatureLegal(ft) && tc.AreRegionsLegal(op)
		}, "t.func").
		AddDynamicallyLegalOp(tc.IsLegalOp, "t.return")
}

// Block arguments and results change type; casts appear only where a
// converted value meets an op that stays (t.keep) or an unconverted value
// meets a converted op (t.src's result).
func TestTypeConversionMaterializesCasts(t *testing.T) {
	ctx := testContext()
	m := parse(t, ctx, `
"t.func"() ({
^bb0(%a: i32, %f: f32):
  %0 = "t.old"(%a) : (i32) -> i32
  %1 = "t.old"(%0) : (i32) -> i32
  "t.keep"(%1, %f) : (i32, f32) -> ()
  %s = "t.src"() : () -> i32
  %2 = "t.old"(%s) : (i32) -> i32
  "t.return"(%2) : (i32) -> ()
}) {type = (i32, f32) -> i32} : () -> ()
`)
	tc := i32ToI64(ctx)
	res, err := ApplyPartialConversion(m, i64Target(tc), []Pattern{funcSignature(tc), oldToNew(tc), returnOperands(tc)}, nil)
	require.NoError(t, err)
	assert.Equal(t, `module {
  "t.func"() ({
  ^bb0(%arg0: i64, %arg1: f32):
    %0 = "t.new"(%arg0) : (i64) -> i64
    %1 = "t.new"(%0) : (i64) -> i64
    %2 = "builtin.unrealized_conversion_cast"(%1) : (i64) -> i32
    "t.keep"(%2, %arg1) : (i32, f32) -> ()
    %3 = "t.src"() : () -> i32
    %4 = "builtin.unrealized_conversion_cast"(%3) : (i32) -> i64
    %5 = "t.new"(%4) : (i64) -> i64
    "t.return"(%5) : (i64) -> ()
  }) {type = (i64, f32) -> i64} : () -> ()
}`, print(m))
	require.NoError(t, ir.Verify(m))
	assert.Equal(t, 5, res.Rewrites)
	assert.Empty(t, res.Unlegalized)
}

// Partial conversion leaves unknown ops; full conversion reports them,
// and still converts what it can.
func TestPartialVersusFull(t *testing.T) {
	src := `
"t.a"() : () -> ()
"t.unknown"() : () -> ()
`
	aToB := &FuncPattern{PatternName: "a-to-b", RootName: "t.a", Fn: func(op *ir.Operation, _ *Adaptor, rw *Rewriter) error {
		rw.Create(ir.OperationState{Name: "t.b"})
		rw.EraseOp(op)
		return nil
	}}
	target := NewTarget().AddLegalOp("builtin.module", "t.b").AddIllegalOp("t.a")

	ctx := testContext()
	m := parse(t, ctx, src)
	res, err := ApplyPartialConversion(m, target, []Pattern{aToB}, nil)
	require.NoError(t, err)
	require.Len(t, res.Unlegalized, 1)
	assert.Equal(t, "t.unknown", res.Unlegalized[0].Name())
	assert.Equal(t, "module {\n  \"t.b\"() : () -> ()\n  \"t.unknown\"() : () -> ()\n}", print(m))

	m = parse(t, ctx, src)
	_, err = ApplyFullConversion(m, target, []Pattern{aToB}, nil)
	var ce *Error
	require.ErrorAs(t, err, &ce)
	require.Len(t, ce.Diags, 1)
	d := ce.Diags[0]
	assert.Equal(t, "failed to legalize operation 't.unknown'", d.Message)
	flc, ok := ir.FileLineCol(d.Loc)
	require.True(t, ok)
	assert.Equal(t, 3, flc.Line)
	require.Len(t, d.Notes, 1)
	assert.Equal(t, "no conversion pattern matches 't.unknown'", d.Notes[0].Message)
	assert.Contains(t, print(m), `"t.b"()`, "full conversion still converted t.a")

	// With the module not marked legal, a full conversion reports it too.
	m = parse(t, ctx, src)
	_, err = ApplyFullConversion(m, NewTarget().AddLegalOp("t.b", "t.unknown").AddIllegalOp("t.a"), []Pattern{aToB}, nil)
	require.ErrorAs(t, err, &ce)
	require.Len(t, ce.Diags, 1)
	assert.Equal(t, "failed to legalize operation 'builtin.module'", ce.Diags[0].Message)
}

// A dynamically legal op is legal when its predicate says so; otherwise
// it must be converted, and a pattern's reason for declining shows.
func TestDynamicLegality(t *testing.T) {
	ctx := testContext()
	m := parse(t, ctx, `
"t.dyn"() {ok = true} : () -> ()
"t.dyn"() {fixable} : () -> ()
"t.dyn"() : () -> ()
`)
	target := NewTarget().AddLegalOp("builtin.module").AddDynamicallyLegalOp(func(op *ir.Operation) bool {
		b, _ := op.Attr("ok").(*ir.BoolAttr)
		return b != nil && b.Value
	}, "t.dyn")
	fix := &FuncPattern{PatternName: "fix-dyn", RootName: "t.dyn", Fn: func(op *ir.Operation, _ *Adaptor, rw *Rewriter) error {
		if op.Attr("fixable") == nil {
			return MatchFailure("no 'fixable' attribute")
		}
		rw.ModifyInPlace(op, func() {
			op.RemoveAttr("fixable")
			op.SetAttr("ok", op.Ctx().BoolAttr(true))
		})
		return nil
	}}
	assert.True(t, target.IsLegal(m.Region(0).Front().First()))
	assert.Equal(t, Dynamic, target.Action(m.Region(0).Front().First()))

	_, err := ApplyPartialConversion(m, target, []Pattern{fix}, nil)
	var ce *Error
	require.ErrorAs(t, err, &ce)
	require.Len(t, ce.Diags, 1)
	d := ce.Diags[0]
	assert.Equal(t, "failed to legalize operation 't.dyn' that was explicitly marked illegal", d.Message)
	flc, _ := ir.FileLineCol(d.Loc)
	assert.Equal(t, 4, flc.Line)
	require.Len(t, d.Notes, 2)
	assert.Equal(t, "'t.dyn' is dynamically illegal: the target's legality check rejected it", d.Notes[0].Message)
	assert.Equal(t, "pattern 'fix-dyn' did not apply: no 'fixable' attribute", d.Notes[1].Message)
	assert.Contains(t, print(m), `"t.dyn"() {ok = true} : () -> ()
  "t.dyn"() {ok = true} : () -> ()
  "t.dyn"() : () -> ()`)
}

// Every op that cannot be legalised is reported, in order, with every
// candidate pattern's reason; errors.As reaches each diagnostic.
func TestEveryFailureIsReported(t *testing.T) {
	ctx := testContext()
	m := parse(t, ctx, `
"t.bad"() : () -> ()
"t.a"() : () -> ()
"t.bad"() {x} : () -> ()
"t.func"() ({
  "t.bad"() : () -> ()
  "t.return"() : () -> ()
}) {type = () -> ()} : () -> ()
`)
	target := NewTarget().AddLegalOp("builtin.module", "t.func", "t.return", "t.b").AddIllegalOp("t.bad", "t.a")
	declines := &FuncPattern{PatternName: "bad-needs-y", RootName: "t.bad", PBenefit: 2, Fn: func(op *ir.Operation, _ *Adaptor, _ *Rewriter) error {
		return MatchFailuref("'%s' has no 'y' attribute", op.Name())
	}}
	plain := errors.New("a plain error works as a reason too")
	alsoDeclines := &FuncPattern{PatternName: "bad-never", RootName: "t.bad", PBenefit: 1, Fn: func(*ir.Operation, *Adaptor, *Rewriter) error { return plain }}
	aToB := &FuncPattern{PatternName: "a-to-b", RootName: "t.a", Fn: func(op *ir.Operation, _ *Adaptor, rw *Rewriter) error {
		rw.Create(ir.OperationState{Name: "t.b"})
		rw.EraseOp(op)
		return nil
	}}
	// Registration order puts the lower benefit first; benefit wins.
	_, err := ApplyPartialConversion(m, target, []Pattern{alsoDeclines, aToB, declines}, nil)
	var ce *Error
	require.ErrorAs(t, err, &ce)
	require.Len(t, ce.Diags, 3)
	for i, line := range []int{2, 4, 6} {
		d := ce.Diags[i]
		assert.Equal(t, "failed to legalize operation 't.bad' that was explicitly marked illegal", d.Message)
		flc, _ := ir.FileLineCol(d.Loc)
		assert.Equal(t, line, flc.Line)
		require.Len(t, d.Notes, 2)
		assert.Equal(t, "pattern 'bad-needs-y' did not apply: 't.bad' has no 'y' attribute", d.Notes[0].Message)
		assert.Equal(t, "pattern 'bad-never' did not apply: a plain error works as a reason too", d.Notes[1].Message)
	}
	var first *ir.Diagnostic
	require.ErrorAs(t, err, &first)
	assert.Same(t, ce.Diags[0], first)
	assert.Equal(t, 3, strings.Count(err.Error(), ": error: "), "one line per failure: %s", err)
	assert.Contains(t, err.Error(), "test.mlir:6:3: error: failed to legalize operation 't.bad'")
	assert.Contains(t, err.Error(), "note: pattern 'bad-never' did not apply")
	// The convertible op was converted all the same.
	assert.Contains(t, print(m), `"t.b"()`)
}

// Analysis mode says which ops convert, on a clone: the IR stays as it is.
func TestAnalysisLeavesIRUnchanged(t *testing.T) {
	ctx := testContext()
	m := parse(t, ctx, `
"t.func"() ({
^bb0(%a: i32):
  %0 = "t.old"(%a) : (i32) -> i32
  "t.bad"(%0) : (i32) -> ()
  "t.unknown"() : () -> ()
  "t.return"(%0) : (i32) -> ()
}) {type = (i32) -> i32} : () -> ()
`)
	before := asm.String(m, asm.PrintOptions{Generic: true, DebugInfo: true})
	tc := i32ToI64(ctx)
	target := i64Target(tc).AddIllegalOp("t.bad")
	an, err := ApplyAnalysisConversion(m, target, []Pattern{funcSignature(tc), oldToNew(tc), returnOperands(tc)}, nil)
	require.NoError(t, err)
	assert.Equal(t, before, asm.String(m, asm.PrintOptions{Generic: true, DebugInfo: true}))
	require.NoError(t, ir.Verify(m))

	fn := m.Region(0).Front().First()
	ops := fn.Region(0).Front().Ops()
	assert.True(t, an.Legalizable[m])
	assert.True(t, an.Legalizable[fn])
	assert.True(t, an.Legalizable[ops[0]], "t.old converts")
	assert.False(t, an.Legalizable[ops[1]], "t.bad does not")
	assert.False(t, an.Legalizable[ops[2]], "t.unknown is not legal and nothing converts it")
	assert.True(t, an.Legalizable[ops[3]], "t.return converts")
	require.Len(t, an.FailedOps, 2)
	assert.Same(t, ops[1], an.FailedOps[0])
	assert.Equal(t, "failed to legalize operation 't.bad' that was explicitly marked illegal", an.Failures[0].Message)
	assert.Same(t, ops[2], an.FailedOps[1])
	assert.Equal(t, "failed to legalize operation 't.unknown'", an.Failures[1].Message)
	// The originals' use lists hold no clone.
	assert.Len(t, fn.Region(0).Front().Arg(0).Uses(), 1)
	assert.Len(t, ops[0].Result(0).Uses(), 2)
}

// One type to several (index -> i32, i32) and to none (none -> ()).
func TestOneToManyConversion(t *testing.T) {
	ctx := testContext()
	m := parse(t, ctx, `
"t.func"() ({
^bb0(%i: index, %n: none, %x: i32):
  %0 = "t.old"(%i, %n, %x) : (index, none, i32) -> index
  "t.keep"(%0) : (index) -> ()
  "t.return"() : () -> ()
}) {type = (index, none, i32) -> ()} : () -> ()
`)
	i32 := ctx.I(32)
	tc := NewTypeConverter().AddIdentity().AddConversion(func(t ir.Type) ([]ir.Type, ConvResult) {
		switch t.(type) {
		case *ir.IndexType:
			return []ir.Type{i32, i32}, Converted
		case *ir.NoneType:
			return nil, Converted
		}
		return nil, Skip
	})
	split := &FuncPattern{PatternName: "split", RootName: "t.old", Converter: tc, Fn: func(op *ir.Operation, a *Adaptor, rw *Rewriter) error {
		if len(a.OperandValues(0)) != 2 || len(a.OperandValues(1)) != 0 {
			return MatchFailure("unexpected adaptor")
		}
		n := rw.Create(ir.OperationState{Name: "t.new", Operands: a.Operands(), ResultTypes: []ir.Type{i32, i32}})
		rw.ReplaceOpWithMultiple(op, [][]*ir.Value{n.Results()})
		return nil
	}}
	target := NewTarget().AddLegalOp("builtin.module", "t.new", "t.keep", "t.return").AddIllegalOp("t.old").
		AddDynamicallyLegalOp(func(op *ir.Operation) bool { return tc.AreRegionsLegal(op) }, "t.func")
	_, err := ApplyPartialConversion(m, target, []Pattern{funcSignature(tc), split}, nil)
	require.NoError(t, err)
	assert.Equal(t, `module {
  "t.func"() ({
  ^bb0(%arg0: i32, %arg1: i32, %arg2: i32):
    %0:2 = "t.new"(%arg0, %arg1, %arg2) : (i32, i32, i32) -> (i32, i32)
    %1 = "builtin.unrealized_conversion_cast"(%0#0, %0#1) : (i32, i32) -> index
    "t.keep"(%1) : (index) -> ()
    "t.return"() : () -> ()
  }) {type = (i32, i32, i32) -> ()} : () -> ()
}`, print(m))
}

// A type converter's own materialisations are used before the default
// cast.
func TestCustomMaterialization(t *testing.T) {
	ctx := testContext()
	m := parse(t, ctx, `
"t.func"() ({
  %s = "t.src"() : () -> i32
  %0 = "t.old"(%s) : (i32) -> i32
  "t.keep"(%0) : (i32) -> ()
  "t.return"() : () -> ()
}) {type = () -> ()} : () -> ()
`)
	tc := i32ToI64(ctx)
	mat := func(name string) Materializer {
		return func(b *ir.Builder, types []ir.Type, inputs []*ir.Value, loc ir.Location) []*ir.Value {
			return b.Create(ir.OperationState{Name: name, Operands: inputs, ResultTypes: types, Loc: loc}).Results()
		}
	}
	tc.AddSourceMaterialization(mat("t.trunc")).AddTargetMaterialization(mat("t.ext"))
	_, err := ApplyPartialConversion(m, i64Target(tc), []Pattern{oldToNew(tc)}, nil)
	require.NoError(t, err)
	assert.Equal(t, `module {
  "t.func"() ({
    %0 = "t.src"() : () -> i32
    %1 = "t.ext"(%0) : (i32) -> i64
    %2 = "t.new"(%1) : (i64) -> i64
    %3 = "t.trunc"(%2) : (i64) -> i32
    "t.keep"(%3) : (i32) -> ()
    "t.return"() : () -> ()
  }) {type = () -> ()} : () -> ()
}`, print(m))
}

// A pattern that changes the IR and then fails breaks the no-rollback
// contract: the conversion stops with an error naming it.
func TestPatternThatChangesThenFails(t *testing.T) {
	ctx := testContext()
	m := parse(t, ctx, `"t.a"() : () -> ()`)
	sloppy := &FuncPattern{PatternName: "sloppy", RootName: "t.a", Fn: func(op *ir.Operation, _ *Adaptor, rw *Rewriter) error {
		rw.Create(ir.OperationState{Name: "t.b"})
		return MatchFailure("changed my mind")
	}}
	_, err := ApplyPartialConversion(m, NewTarget().AddLegalOp("builtin.module", "t.b").AddIllegalOp("t.a"), []Pattern{sloppy}, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "pattern 'sloppy' changed the IR and then failed (changed my mind); conversion patterns must check every precondition before they change the IR")
}

// A pattern is not applied again to the ops it created, so a pattern that
// recreates its own root cannot loop; the new op is reported.
func TestNoRecursiveApplication(t *testing.T) {
	ctx := testContext()
	m := parse(t, ctx, `"t.a"() : () -> ()`)
	again := &FuncPattern{PatternName: "again", RootName: "t.a", Fn: func(op *ir.Operation, _ *Adaptor, rw *Rewriter) error {
		rw.Create(ir.OperationState{Name: "t.a", Attrs: []ir.NamedAttr{{Name: "gen", Value: op.Ctx().UnitAttr()}}})
		rw.EraseOp(op)
		return nil
	}}
	_, err := ApplyPartialConversion(m, NewTarget().AddLegalOp("builtin.module").AddIllegalOp("t.a"), []Pattern{again}, nil)
	var ce *Error
	require.ErrorAs(t, err, &ce)
	require.Len(t, ce.Diags, 1)
	d := ce.Diags[0]
	assert.Equal(t, "failed to legalize operation 't.a' that was explicitly marked illegal", d.Message)
	require.Len(t, d.Notes, 2)
	assert.Contains(t, d.Notes[0].Message, "pattern 'again' was not tried: it already applied")
	assert.Equal(t, "'t.a' was created by pattern 'again' while converting 't.a'", d.Notes[1].Message)
	assert.Contains(t, print(m), `"t.a"() {gen} : () -> ()`)
}

// Ops created by a pattern are legalised by the other patterns (a -> old
// -> new), and plain ir.Patterns take part through FromPattern.
func TestCreatedOpsAreLegalized(t *testing.T) {
	ctx := testContext()
	m := parse(t, ctx, `
"t.func"() ({
  %0 = "t.a"() : () -> i64
  "t.keep"(%0) : (i64) -> ()
  "t.return"() : () -> ()
}) {type = () -> ()} : () -> ()
`)
	tc := i32ToI64(ctx)
	aToOld := FromPattern(&ir.FuncPattern{PatternName: "a-to-old", RootName: "t.a", Fn: func(op *ir.Operation, rw ir.Rewriter) bool {
		n := rw.Create(ir.OperationState{Name: "t.old", ResultTypes: []ir.Type{ctx.I(64)}})
		rw.ReplaceOp(op, n.Results())
		return true
	}})
	rec := &recorder{}
	res, err := ApplyFullConversion(m, i64Target(tc).AddIllegalOp("t.a"), []Pattern{aToOld, oldToNew(tc), returnOperands(tc)}, &Config{Listener: rec})
	require.NoError(t, err)
	assert.Equal(t, 2, res.Rewrites)
	assert.Contains(t, print(m), `%0 = "t.new"() : () -> i64`)
	assert.Equal(t, []string{"insert t.old", "replace t.a", "erase t.a", "insert t.new", "replace t.old", "erase t.old"}, rec.events)
}

type recorder struct{ events []string }

func (r *recorder) OpInserted(op *ir.Operation) { r.events = append(r.events, "insert "+op.Name()) }
func (r *recorder) OpModified(op *ir.Operation) { r.events = append(r.events, "modify "+op.Name()) }
func (r *recorder) OpReplaced(op *ir.Operation, _ []*ir.Value) {
	r.events = append(r.events, "replace "+op.Name())
}
func (r *recorder) OpErased(op *ir.Operation) { r.events = append(r.events, "erase "+op.Name()) }

// A type that no function converts makes the pattern decline with MLIR's
// reason.
func TestUnconvertibleOperandType(t *testing.T) {
	ctx := testContext()
	m := parse(t, ctx, `
"t.func"() ({
  %s = "t.src"() : () -> f16
  %0 = "t.old"(%s) : (f16) -> i32
  "t.return"() : () -> ()
}) {type = () -> ()} : () -> ()
`)
	tc := NewTypeConverter().AddConversion(func(t ir.Type) ([]ir.Type, ConvResult) {
		if t == ctx.FloatType(ir.F16) {
			return nil, Fail
		}
		return []ir.Type{t}, Converted
	})
	assert.False(t, tc.IsLegal(ctx.FloatType(ir.F16)))
	assert.True(t, tc.IsLegal(ctx.I(32)))
	_, err := ApplyPartialConversion(m, i64Target(tc), []Pattern{oldToNew(tc)}, nil)
	var ce *Error
	require.ErrorAs(t, err, &ce)
	require.Len(t, ce.Diags, 1)
	assert.Equal(t, "pattern 'old-to-new' did not apply: unable to convert type for operand #0, type was f16", ce.Diags[0].Notes[0].Message)
}

func TestTargetRules(t *testing.T) {
	ctx := testContext()
	m := parse(t, ctx, `
"t.a"() : () -> ()
"t.b"() : () -> ()
"x.y"() : () -> ()
"t.func"() ({
  "t.bad"() : () -> ()
  "t.return"() : () -> ()
}) {type = () -> ()} : () -> ()
`)
	ops := m.Region(0).Front().Ops()
	tg := NewTarget().AddIllegalDialect("t").AddLegalOp("t.b")
	assert.Equal(t, Illegal, tg.Action(ops[0]))
	assert.Equal(t, Legal, tg.Action(ops[1]), "an op rule wins over its dialect's")
	assert.Equal(t, Unknown, tg.Action(ops[2]))
	assert.False(t, tg.IsLegal(ops[2]))
	assert.False(t, tg.IsIllegal(ops[2]))
	tg.MarkUnknownOpDynamicallyLegal(func(op *ir.Operation) bool { return op.Name() == "x.y" })
	assert.True(t, tg.IsLegal(ops[2]))

	// Recursively legal ops are not entered: t.bad inside is left alone.
	tg = NewTarget().AddLegalOp("builtin.module").AddIllegalOp("t.bad").MarkOpRecursivelyLegal("t.func").AddLegalDialect("x", "t")
	tg.AddIllegalOp("t.bad")
	_, err := ApplyFullConversion(m, tg, nil, nil)
	require.NoError(t, err)
}

// Every block of a region is converted; branches follow the new blocks,
// and a branch pattern takes the converted operands from its adaptor.
func TestConvertRegionTypesWithBranches(t *testing.T) {
	ctx := testContext()
	m := parse(t, ctx, `
"t.func"() ({
^bb0(%a: i32):
  "t.br"(%a)[^bb1] : (i32) -> ()
^bb1(%b: i32):
  %0 = "t.old"(%b) : (i32) -> i32
  "t.return"(%0) : (i32) -> ()
}) {type = (i32) -> i32} : () -> ()
`)
	tc := i32ToI64(ctx)
	br := &FuncPattern{PatternName: "br-operands", RootName: "t.br", Converter: tc, Fn: func(op *ir.Operation, a *Adaptor, rw *Rewriter) error {
		rw.ModifyInPlace(op, func() { op.SetOperands(a.Operands()) })
		return nil
	}}
	target := i64Target(tc).AddDynamicallyLegalOp(tc.IsLegalOp, "t.br")
	_, err := ApplyFullConversion(m, target, []Pattern{funcSignature(tc), oldToNew(tc), returnOperands(tc), br}, nil)
	require.NoError(t, err)
	assert.Equal(t, `module {
  "t.func"() ({
  ^bb0(%arg0: i64):
    "t.br"(%arg0)[^bb1] : (i64) -> ()
  ^bb1(%0: i64):  // pred: ^bb0
    %1 = "t.new"(%0) : (i64) -> i64
    "t.return"(%1) : (i64) -> ()
  }) {type = (i64) -> i64} : () -> ()
}`, print(m))
	fn := m.Region(0).Front().First()
	assert.Same(t, fn.Region(0).Block(1), fn.Region(0).Front().Last().Successor(0))
}

// A conversion changes nothing outside its root: a value defined outside
// is materialised right before its user inside.
func TestNothingChangesOutsideRoot(t *testing.T) {
	ctx := testContext()
	m := parse(t, ctx, `
%s = "t.src"() : () -> i32
"t.scope"() ({
  %0 = "t.old"(%s) : (i32) -> i32
  "t.keep"(%0) : (i32) -> ()
}) : () -> ()
"t.keep"(%s) : (i32) -> ()
`)
	tc := i32ToI64(ctx)
	root := m.Region(0).Front().Ops()[1]
	_, err := ApplyPartialConversion(root, i64Target(tc), []Pattern{oldToNew(tc)}, nil)
	require.NoError(t, err)
	assert.Equal(t, `module {
  %0 = "t.src"() : () -> i32
  "t.scope"() ({
    %1 = "builtin.unrealized_conversion_cast"(%0) : (i32) -> i64
    %2 = "t.new"(%1) : (i64) -> i64
    %3 = "builtin.unrealized_conversion_cast"(%2) : (i64) -> i32
    "t.keep"(%3) : (i32) -> ()
  }) : () -> ()
  "t.keep"(%0) : (i32) -> ()
}`, print(m))
}

// BenchmarkChain converts a function of n chained t.old ops (i32 -> i64):
// the cost per op should not grow with n.
func BenchmarkChain(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			ctx := testContext()
			var src strings.Builder
			src.WriteString("\"t.func\"() ({\n^bb0(%v0: i32):\n")
			for i := 0; i < n; i++ {
				fmt.Fprintf(&src, "  %%v%d = \"t.old\"(%%v%d) : (i32) -> i32\n", i+1, i)
			}
			fmt.Fprintf(&src, "  \"t.return\"(%%v%d) : (i32) -> ()\n}) {type = (i32) -> i32} : () -> ()\n", n)
			tc := i32ToI64(ctx)
			patterns := []Pattern{funcSignature(tc), oldToNew(tc), returnOperands(tc)}
			target := i64Target(tc)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				m, err := asm.Parse(ctx, "bench.mlir", []byte(src.String()), 1)
				if err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				if _, err := ApplyFullConversion(m, target, patterns, nil); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/op-converted")
		})
	}
}

// The analysis says, for each op that stays illegal, why: each candidate
// pattern's own reason, typed, whether it returned a MatchFailure or gave
// it through the rewriter (a plain pattern), and the driver's reasons
// with no pattern name.
func TestAnalysisReasons(t *testing.T) {
	ctx := testContext()
	m := parse(t, ctx, `
"t.func"() ({
^bb0(%a: i32):
  "t.bad"(%a) : (i32) -> ()
  "t.unknown"() : () -> ()
  "t.return"(%a) : (i32) -> ()
}) {type = (i32) -> i32} : () -> ()
`)
	tc := i32ToI64(ctx)
	target := i64Target(tc).AddIllegalOp("t.bad")
	plain := FromPattern(&ir.FuncPattern{PatternName: "plain", RootName: "t.bad", PBenefit: 2, Fn: func(op *ir.Operation, rw ir.Rewriter) bool {
		return rw.NotifyMatchFailure(op, "operand #%d is not an i8", 0)
	}})
	silent := FromPattern(&ir.FuncPattern{PatternName: "silent", RootName: "t.bad", PBenefit: 1, Fn: func(*ir.Operation, ir.Rewriter) bool { return false }})
	own := &FuncPattern{PatternName: "own", RootName: "t.bad", Fn: func(*ir.Operation, *Adaptor, *Rewriter) error {
		return MatchFailure("t.bad never converts")
	}}
	an, err := ApplyAnalysisConversion(m, target, []Pattern{funcSignature(tc), returnOperands(tc), own, silent, plain}, nil)
	require.NoError(t, err)
	ops := m.Region(0).Front().First().Region(0).Front().Ops()
	require.Equal(t, []*ir.Operation{ops[0], ops[1]}, an.FailedOps)
	assert.Equal(t, []ir.MatchFailure{
		{Pattern: "plain", Reason: "operand #0 is not an i8"},
		{Pattern: "silent", Reason: "the pattern did not match"},
		{Pattern: "own", Reason: "t.bad never converts"},
	}, an.Reasons[ops[0]])
	assert.Equal(t, []ir.MatchFailure{{Reason: "no conversion pattern matches 't.unknown'"}}, an.Reasons[ops[1]])
	_, ok := an.Reasons[ops[2]]
	assert.False(t, ok, "t.return converts")

	// A partial conversion gives the same reasons, for the ops it failed
	// on and for those it left (the unknown op falls back); a full one
	// gives them as notes too.
	res, err := ApplyPartialConversion(m.Ctx().Clone(m, nil), target, []Pattern{funcSignature(tc), returnOperands(tc), own, silent, plain}, nil)
	require.Error(t, err)
	require.Len(t, res.Unlegalized, 1)
	assert.Equal(t, "t.unknown", res.Unlegalized[0].Name())
	assert.Equal(t, []ir.MatchFailure{{Reason: "no conversion pattern matches 't.unknown'"}}, res.Reasons[res.Unlegalized[0]])
	assert.Len(t, res.Reasons, 2)
	res, err = ApplyFullConversion(m, target, []Pattern{funcSignature(tc), returnOperands(tc), own, silent, plain}, nil)
	var ce *Error
	require.ErrorAs(t, err, &ce)
	require.Len(t, ce.Diags[0].Notes, 3)
	assert.Equal(t, "pattern 'plain' did not apply: operand #0 is not an i8", ce.Diags[0].Notes[0].Message)
	assert.Equal(t, an.Reasons[ops[0]], res.Reasons[ops[0]])
}
