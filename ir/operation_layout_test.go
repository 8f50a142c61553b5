package ir

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The memory figures in docs/perf.md rest on these sizes.
func TestOpAndValueSizes(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) != 8 {
		t.Skip("sizes are for 64-bit platforms")
	}
	assert.EqualValues(t, 96, unsafe.Sizeof(Operation{}))
	assert.EqualValues(t, 40, unsafe.Sizeof(Value{}))
	assert.EqualValues(t, 32, unsafe.Sizeof(OpOperand{}))
	assert.EqualValues(t, 208, unsafe.Sizeof(smallOp{}))
}

func TestSharedAttrsAreNeverChangedInPlace(t *testing.T) {
	c := NewContext()
	c.AllowUnregistered = true
	shared := []NamedAttr{{"a", c.BoolAttr(true)}, {"b", c.BoolAttr(false)}}
	list := NewAttrList(shared)
	a := c.NewOperation(OperationState{Name: "t.a", SharedAttrs: list})
	b := c.NewOperation(OperationState{Name: "t.b", SharedAttrs: list})
	a.SetAttr("a", c.BoolAttr(false))
	a.SetAttr("c", c.UnitAttr())
	assert.Equal(t, []NamedAttr{{"a", c.BoolAttr(true)}, {"b", c.BoolAttr(false)}}, b.Attrs())
	assert.Equal(t, []NamedAttr{{"a", c.BoolAttr(false)}, {"b", c.BoolAttr(false)}, {"c", c.UnitAttr()}}, a.Attrs())
	require.True(t, b.RemoveAttr("a"))
	assert.Equal(t, []NamedAttr{{"a", c.BoolAttr(true)}, {"b", c.BoolAttr(false)}}, list.Attrs())
	assert.Equal(t, []NamedAttr{{"b", c.BoolAttr(false)}}, b.Attrs())
	clone := c.Clone(a, nil)
	clone.SetAttr("b", c.BoolAttr(true))
	assert.Equal(t, c.BoolAttr(false), a.Attr("b"))
	assert.Equal(t, c.BoolAttr(true), clone.Attr("b"))
}

func TestValueOwnersAndOperandNumbers(t *testing.T) {
	c := NewContext()
	c.AllowUnregistered = true
	blk := NewBlock([]Type{c.F32(), c.I(32)}, []Location{FileLineColLoc{File: "f", Line: 1, Col: 2}})
	x, y := blk.Arg(0), blk.Arg(1)
	op := c.NewOperation(OperationState{Name: "t.op", Operands: []*Value{x, y, x}, ResultTypes: []Type{c.F32(), c.F32()}})
	blk.Append(op)
	assert.True(t, x.IsBlockArgument())
	assert.Nil(t, x.DefiningOp())
	assert.Same(t, blk, x.OwnerBlock())
	assert.Equal(t, 1, y.ArgNumber())
	assert.Equal(t, FileLineColLoc{File: "f", Line: 1, Col: 2}, x.Loc())
	assert.Equal(t, UnknownLoc{}, y.Loc())
	r := op.Result(1)
	assert.False(t, r.IsBlockArgument())
	assert.Same(t, op, r.DefiningOp())
	assert.Same(t, blk, r.OwnerBlock())
	assert.Equal(t, 1, r.ResultNumber())
	for i := 0; i < op.NumOperands(); i++ {
		assert.Equal(t, i, op.OpOperand(i).OperandNumber())
	}
	old := op.OpOperand(2)
	op.SetOperands([]*Value{y})
	assert.Equal(t, -1, old.OperandNumber())
	assert.Equal(t, 0, op.OpOperand(0).OperandNumber())
	assert.Equal(t, 1, y.NumUses())
	assert.Equal(t, 0, x.NumUses())
	blk.EraseArg(0)
	assert.Equal(t, 0, y.ArgNumber())
	assert.True(t, y.IsBlockArgument())
}

// Counts of 65535 and more do not fit the op's 16-bit fields and are kept
// beside its regions.
func TestOpsWithManyOperandsAndResults(t *testing.T) {
	c := NewContext()
	c.AllowUnregistered = true
	blk := NewBlock([]Type{c.F32()}, nil)
	x := blk.Arg(0)
	for _, n := range []int{bigCount - 1, bigCount, bigCount + 1, 70000} {
		operands := make([]*Value, n)
		types := make([]Type, n)
		for i := range operands {
			operands[i], types[i] = x, c.F32()
		}
		op := c.NewOperation(OperationState{Name: "t.many", Operands: operands, ResultTypes: types, NumRegions: 1})
		blk.Append(op)
		require.Equal(t, n, op.NumOperands())
		require.Equal(t, n, op.NumResults())
		require.Len(t, op.Results(), n)
		assert.Equal(t, n-1, op.OpOperand(n-1).OperandNumber())
		assert.Equal(t, n-1, op.Result(n-1).ResultNumber())
		assert.Same(t, op, op.Result(n-1).DefiningOp())
		assert.Equal(t, 1, op.NumRegions())
		assert.Equal(t, n, x.NumUses())
		clone := c.Clone(op, nil)
		assert.Equal(t, n, clone.NumOperands())
		assert.Equal(t, n, clone.NumResults())
		assert.Equal(t, 1, clone.NumRegions())
		assert.Equal(t, 2*n, x.NumUses())
		clone.SetOperands([]*Value{x})
		assert.Equal(t, 1, clone.NumOperands())
		assert.Equal(t, n+1, x.NumUses())
		clone.Erase()
		op.Erase()
		assert.Equal(t, 0, x.NumUses())
	}
}

// Positions in a block of more than half a million ops still fit 32 bits.
func TestOrderInAVeryLongBlock(t *testing.T) {
	c := NewContext()
	c.AllowUnregistered = true
	blk := NewBlock(nil, nil)
	const n = 600_000
	ops := make([]*Operation, n)
	for i := range ops {
		ops[i] = c.NewOperation(OperationState{Name: "t.op"})
		blk.Append(ops[i])
	}
	assert.True(t, ops[0].IsBeforeInBlock(ops[n-1]))
	assert.False(t, ops[n-1].IsBeforeInBlock(ops[n-2]))
	assert.True(t, ops[n/2].IsBeforeInBlock(ops[n/2+1]))
	extra := c.NewOperation(OperationState{Name: "t.op"})
	blk.InsertBefore(extra, ops[n-1])
	assert.True(t, ops[n-2].IsBeforeInBlock(extra))
	assert.True(t, extra.IsBeforeInBlock(ops[n-1]))
	for range 3 {
		blk.Append(c.NewOperation(OperationState{Name: "t.op"}))
	}
	assert.True(t, ops[n-1].IsBeforeInBlock(blk.last))
}
