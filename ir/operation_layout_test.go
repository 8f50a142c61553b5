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
	assert.EqualValues(t, 144, unsafe.Sizeof(Operation{}))
	assert.EqualValues(t, 40, unsafe.Sizeof(Value{}))
	assert.EqualValues(t, 32, unsafe.Sizeof(OpOperand{}))
	assert.EqualValues(t, 256, unsafe.Sizeof(smallOp{}))
}

func TestSharedAttrsAreNeverChangedInPlace(t *testing.T) {
	c := NewContext()
	c.AllowUnregistered = true
	shared := []NamedAttr{{"a", c.BoolAttr(true)}, {"b", c.BoolAttr(false)}}
	a := c.NewOperation(OperationState{Name: "t.a", Attrs: shared, AttrsShared: true})
	b := c.NewOperation(OperationState{Name: "t.b", Attrs: shared, AttrsShared: true})
	a.SetAttr("a", c.BoolAttr(false))
	a.SetAttr("c", c.UnitAttr())
	assert.Equal(t, []NamedAttr{{"a", c.BoolAttr(true)}, {"b", c.BoolAttr(false)}}, b.Attrs())
	assert.Equal(t, []NamedAttr{{"a", c.BoolAttr(false)}, {"b", c.BoolAttr(false)}, {"c", c.UnitAttr()}}, a.Attrs())
	require.True(t, b.RemoveAttr("a"))
	assert.Equal(t, []NamedAttr{{"a", c.BoolAttr(true)}, {"b", c.BoolAttr(false)}}, shared)
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
