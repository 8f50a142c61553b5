package rewrite

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/ir"
)

// A tiny arithmetic dialect: t.const (ConstantLike), t.add with a folder,
// t.neg with a pattern neg(neg(x)) -> x.
func testContext() *ir.Context {
	ctx := ir.NewContext()
	ctx.RegisterDialect(&ir.Dialect{Name: "t", MaterializeConstant: func(b *ir.Builder, v ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
		return b.Create(ir.OperationState{Name: "t.const", ResultTypes: []ir.Type{t}, Props: b.Ctx.DictionaryAttr([]ir.NamedAttr{{Name: "value", Value: v}}), Loc: loc})
	}},
		&ir.OpInfo{Name: "t.func", Traits: ir.IsolatedFromAbove | ir.NoTerminator},
		&ir.OpInfo{Name: "t.const", Traits: ir.Pure | ir.ConstantLike, Props: []string{"value"}},
		&ir.OpInfo{Name: "t.add", Traits: ir.Pure, Fold: func(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
			a, ok1 := c[0].(*ir.IntegerAttr)
			b, ok2 := c[1].(*ir.IntegerAttr)
			if !ok1 || !ok2 {
				return nil
			}
			return []ir.FoldResult{{Attr: op.Ctx().IntegerAttr(a.Type, a.Value+b.Value)}}
		}},
		&ir.OpInfo{Name: "t.neg", Traits: ir.Pure, Patterns: []ir.Pattern{&ir.FuncPattern{PatternName: "neg-neg", RootName: "t.neg", PBenefit: 1,
			Fn: func(op *ir.Operation, rw ir.Rewriter) bool {
				inner := op.Operand(0).DefiningOp()
				if inner == nil || inner.Name() != "t.neg" {
					return false
				}
				rw.ReplaceOp(op, []*ir.Value{inner.Operand(0)})
				return true
			}}}},
		&ir.OpInfo{Name: "t.use"},
	)
	return ctx
}

func TestGreedyFoldsAndApplies(t *testing.T) {
	ctx := testContext()
	i32 := ctx.I(32)
	fn := ctx.NewOperation(ir.OperationState{Name: "t.func", NumRegions: 1})
	b := ir.NewBlock([]ir.Type{i32}, nil)
	fn.Region(0).AppendBlock(b)
	bl := ir.NewBuilder(ctx)
	bl.SetInsertionPointToEnd(b)
	cst := func(v int64) *ir.Value {
		return bl.Create(ir.OperationState{Name: "t.const", ResultTypes: []ir.Type{i32}, Props: ctx.DictionaryAttr([]ir.NamedAttr{{Name: "value", Value: ctx.IntegerAttr(i32, v)}})}).Result(0)
	}
	one, two := cst(1), cst(2)
	sum := bl.Create(ir.OperationState{Name: "t.add", Operands: []*ir.Value{one, two}, ResultTypes: []ir.Type{i32}}).Result(0)
	n1 := bl.Create(ir.OperationState{Name: "t.neg", Operands: []*ir.Value{b.Arg(0)}, ResultTypes: []ir.Type{i32}}).Result(0)
	n2 := bl.Create(ir.OperationState{Name: "t.neg", Operands: []*ir.Value{n1}, ResultTypes: []ir.Type{i32}}).Result(0)
	bl.Create(ir.OperationState{Name: "t.use", Operands: []*ir.Value{sum, n2}})

	stats, err := ApplyPatternsGreedily(fn, nil, true, GreedyConfig{Strict: true})
	require.NoError(t, err)
	assert.Equal(t, 1, stats.Folds)
	assert.Equal(t, 1, stats.Rewrites)
	// Left: the materialised constant 3 and the use of %arg0 directly.
	ops := b.Ops()
	require.Len(t, ops, 2)
	assert.Equal(t, "t.const", ops[0].Name())
	assert.Equal(t, "3 : i32", ops[0].InherentAttr("value").String())
	assert.Same(t, b.Arg(0), ops[1].Operand(1))
}

func TestGreedyReportsNonConvergence(t *testing.T) {
	ctx := testContext()
	fn := ctx.NewOperation(ir.OperationState{Name: "t.func", NumRegions: 1})
	b := ir.NewBlock(nil, nil)
	fn.Region(0).AppendBlock(b)
	b.Append(ctx.NewOperation(ir.OperationState{Name: "t.use"}))
	flip := &ir.FuncPattern{PatternName: "flip", RootName: "t.use", Fn: func(op *ir.Operation, rw ir.Rewriter) bool {
		rw.ModifyInPlace(op, func() { op.SetAttr("n", op.Ctx().IntegerAttr(op.Ctx().I(64), int64(len(op.Attrs())))) })
		return true
	}}
	_, err := ApplyPatternsGreedily(fn, []ir.Pattern{flip}, false, GreedyConfig{MaxIterations: 3})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "did not converge after 3 iterations")

	noop := &ir.FuncPattern{PatternName: "liar", RootName: "t.use", Fn: func(*ir.Operation, ir.Rewriter) bool { return true }}
	_, err = ApplyPatternsGreedily(fn, []ir.Pattern{noop}, false, GreedyConfig{Strict: true})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "pattern liar reported success without changing the IR")
}

// Equal constants in a block: the first is kept and the later ones are
// replaced by it, so that it dominates every use (keeping a later one
// would leave earlier uses before their definition). Both seed orders.
func TestGreedyKeepsFirstOfEqualConstants(t *testing.T) {
	for _, topDown := range []bool{false, true} {
		ctx := testContext()
		i32 := ctx.I(32)
		fn := ctx.NewOperation(ir.OperationState{Name: "t.func", NumRegions: 1})
		b := ir.NewBlock(nil, nil)
		fn.Region(0).AppendBlock(b)
		bl := ir.NewBuilder(ctx)
		bl.SetInsertionPointToEnd(b)
		cst := func() *ir.Operation {
			return bl.Create(ir.OperationState{Name: "t.const", ResultTypes: []ir.Type{i32}, Props: ctx.DictionaryAttr([]ir.NamedAttr{{Name: "value", Value: ctx.IntegerAttr(i32, 7)}})})
		}
		first := cst()
		use1 := bl.Create(ir.OperationState{Name: "t.use", Operands: []*ir.Value{first.Result(0)}})
		second := cst()
		use2 := bl.Create(ir.OperationState{Name: "t.use", Operands: []*ir.Value{second.Result(0)}})

		stats, err := ApplyPatternsGreedily(fn, nil, true, GreedyConfig{TopDown: topDown})
		require.NoError(t, err)
		assert.Equal(t, 1, stats.Erased, "topDown=%v", topDown)
		ops := b.Ops()
		require.Len(t, ops, 3, "topDown=%v", topDown)
		assert.Same(t, first, ops[0], "topDown=%v: the first constant is kept, in place", topDown)
		assert.Same(t, use1, ops[1], "topDown=%v", topDown)
		assert.Same(t, use2, ops[2], "topDown=%v", topDown)
		assert.Same(t, first.Result(0), use1.Operand(0), "topDown=%v", topDown)
		assert.Same(t, first.Result(0), use2.Operand(0), "topDown=%v", topDown)
		assert.Nil(t, second.Block(), "topDown=%v: the later duplicate is erased", topDown)
	}
}

// counted is a reason argument that counts how often it is formatted.
type counted struct{ n *int }

func (c counted) String() string { *c.n++; return "counted" }

// A pattern's reason reaches a listener that wants reasons, with the
// pattern's name; without one it is never formatted.
func TestGreedyMatchFailureReasons(t *testing.T) {
	ctx := testContext()
	fn := ctx.NewOperation(ir.OperationState{Name: "t.func", NumRegions: 1})
	b := ir.NewBlock(nil, nil)
	fn.Region(0).AppendBlock(b)
	use := ctx.NewOperation(ir.OperationState{Name: "t.use"})
	b.Append(use)
	formatted := 0
	decline := &ir.FuncPattern{PatternName: "decline", RootName: "t.use", Fn: func(op *ir.Operation, rw ir.Rewriter) bool {
		return rw.NotifyMatchFailure(op, "%v has %d operands", counted{&formatted}, op.NumOperands())
	}}

	_, err := ApplyPatternsGreedily(fn, []ir.Pattern{decline}, false, GreedyConfig{})
	require.NoError(t, err)
	assert.Equal(t, 0, formatted, "no listener: the reason is not formatted")

	// A listener that is not a MatchFailureListener does not want them.
	_, err = ApplyPatternsGreedily(fn, []ir.Pattern{decline}, false, GreedyConfig{Listener: plainListener{}})
	require.NoError(t, err)
	assert.Equal(t, 0, formatted)

	var got ir.MatchFailures
	_, err = ApplyPatternsGreedily(fn, []ir.Pattern{decline}, false, GreedyConfig{Listener: &got})
	require.NoError(t, err)
	assert.Equal(t, 1, formatted)
	assert.Equal(t, []*ir.Operation{use}, got.Ops)
	assert.Equal(t, []ir.MatchFailure{{Pattern: "decline", Reason: "counted has 0 operands"}}, got.Reasons[use])
	assert.Equal(t, "decline: counted has 0 operands", got.Reasons[use][0].String())
}

type plainListener struct{}

func (plainListener) OpInserted(*ir.Operation)              {}
func (plainListener) OpModified(*ir.Operation)              {}
func (plainListener) OpReplaced(*ir.Operation, []*ir.Value) {}
func (plainListener) OpErased(*ir.Operation)                {}
