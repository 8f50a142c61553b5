package qbehavior_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/dialects/qbehavior"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
)

func TestCoreOpsCarryTheirBehaviour(t *testing.T) {
	ctx := ir.NewContext()
	all.Register(ctx)
	for _, name := range []string{"core.reshape", "core.transpose", "core.concat", "core.slice", "core.max_pool2d"} {
		b, ok := qbehavior.Of(ctx.LookupOp(name))
		if assert.True(t, ok, name) {
			assert.True(t, b.Has(qbehavior.SameScale), name)
			assert.False(t, b.Has(qbehavior.Int32Accumulator), name)
			_, perChannel := b.PerChannelAxis(0)
			assert.False(t, perChannel, name)
		}
	}
	conv, ok := qbehavior.Of(ctx.LookupOp("core.conv2d"))
	require.True(t, ok)
	assert.True(t, conv.Has(qbehavior.PerChannelOperand|qbehavior.Int32Accumulator))
	assert.False(t, conv.Has(qbehavior.SameScale))
	axis, ok := conv.PerChannelAxis(1)
	assert.True(t, ok, "the weight is per channel")
	assert.Equal(t, 0, axis)
	_, ok = conv.PerChannelAxis(0)
	assert.False(t, ok, "the input is not")
	assert.Equal(t, "per-channel operand 1 (axis 0), int32 accumulator", conv.String())
	mm, _ := qbehavior.Of(ctx.LookupOp("core.matmul"))
	axis, ok = mm.PerChannelAxis(1)
	assert.True(t, ok && axis == -1, "matmul's rhs is per output column")

	lin, ok := qbehavior.Of(ctx.LookupOp("torch.aten.linear"))
	require.True(t, ok, "torch ops carry it too")
	axis, ok = lin.PerChannelAxis(1)
	assert.True(t, ok && axis == 0 && lin.Has(qbehavior.Int32Accumulator), "linear's weight is [out, in]")
	view, _ := qbehavior.Of(ctx.LookupOp("torch.aten.view"))
	assert.True(t, view.Has(qbehavior.SameScale))

	// Ops without a behaviour, and ops that are not registered, have none.
	for _, name := range []string{"core.add", "core.exp", "core.constant", "func.return", "torch.aten.relu", "nope.op"} {
		b, ok := qbehavior.Of(ctx.LookupOp(name))
		assert.False(t, ok, name)
		assert.Nil(t, b, name)
		assert.False(t, b.Has(qbehavior.SameScale), "a nil behaviour has nothing")
	}
}

func TestBehaviourOfParsedOps(t *testing.T) {
	ctx := ir.NewContext()
	all.Register(ctx)
	ctx.AllowUnregistered = true
	m, err := asm.Parse(ctx, "b.mlir", []byte(`func.func @f(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = core.reshape %x : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %1 = core.exp %0 : tensor<3x2xf32>
  %2 = "x.y"(%1) : (tensor<3x2xf32>) -> tensor<3x2xf32>
  return %2 : tensor<3x2xf32>
}`), 1)
	require.NoError(t, err)
	got := map[string]bool{}
	ir.Walk(m, func(op *ir.Operation) {
		b, ok := qbehavior.OfOp(op)
		got[op.Name()] = ok && b.Has(qbehavior.SameScale)
	})
	assert.Equal(t, map[string]bool{"builtin.module": false, "func.func": false, "core.reshape": true,
		"core.exp": false, "x.y": false, "func.return": false}, got)
}
