package ir

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTypesAreInterned(t *testing.T) {
	c := NewContext()
	a := c.TensorType([]int64{2, Dynamic, 4}, c.F32(), nil)
	b := c.TensorType([]int64{2, Dynamic, 4}, c.FloatType(F32), nil)
	assert.Same(t, a, b)
	assert.Equal(t, "tensor<2x?x4xf32>", a.String())
	assert.Equal(t, "tensor<*xsi8>", c.UnrankedTensorType(c.IntegerType(8, Signed)).String())
	assert.Equal(t, "(i32, f32) -> f32", c.FunctionType([]Type{c.I(32), c.F32()}, []Type{c.F32()}).String())
	assert.Equal(t, "(i32) -> ((i32) -> i32)", c.FunctionType([]Type{c.I(32)}, []Type{c.FunctionType([]Type{c.I(32)}, []Type{c.I(32)})}).String())
	assert.Equal(t, "() -> ()", c.FunctionType(nil, nil).String())
	assert.Equal(t, "tuple<i32, f32>", c.TupleType([]Type{c.I(32), c.F32()}).String())
	assert.Same(t, c.OpaqueType("quant", ".uniform<i8:f32, 1.0>"), c.OpaqueType("quant", ".uniform<i8:f32, 1.0>"))
}

func TestAttrsPrintLikeMLIR(t *testing.T) {
	c := NewContext()
	cases := map[string]Attribute{
		"5 : i64":                          c.IntegerAttr(c.I(64), 5),
		"true":                             c.BoolAttr(true),
		"false":                            c.IntegerAttr(c.I(1), 0),
		"255 : ui8":                        c.IntegerAttr(c.IntegerType(8, Unsigned), -1),
		"-1 : si8":                         c.IntegerAttr(c.IntegerType(8, Signed), 255),
		"1.000000e+00 : f64":               c.FloatAttr(c.FloatType(F64), 1),
		"1.000000e-01 : f32":               c.FloatAttr(c.F32(), 0.1),
		"0x7FC00000 : f32":                 c.FloatAttr(c.F32(), math.Float64frombits(0x7FF8000000000000)),
		"6.550400e+04 : f16":               c.FloatAttr(c.FloatType(F16), 65504),
		"-0.000000e+00 : f64":              c.FloatAttr(c.FloatType(F64), math.Copysign(0, -1)),
		"0.123456789 : f64":                c.FloatAttr(c.FloatType(F64), 0.123456789),
		`"s\0A\22t\\"`:                     c.StringAttr("s\n\"t\\"),
		"[1, 2, 3 : i32, true]":            c.ArrayAttr([]Attribute{c.IntegerAttr(c.I(64), 1), c.IntegerAttr(c.I(64), 2), c.IntegerAttr(c.I(32), 3), c.BoolAttr(true)}),
		"{a = 2 : i64, unit, z = 1 : i64}": c.DictionaryAttr([]NamedAttr{{"z", c.IntegerAttr(c.I(64), 1)}, {"unit", c.UnitAttr()}, {"a", c.IntegerAttr(c.I(64), 2)}}),
		"@a::@b":                           c.SymbolRefAttr("a", "b"),
		`@"x y"`:                           c.SymbolRefAttr("x y"),
		"array<i64: 1, 2>":                 c.DenseIntArrayAttr(c.I(64), []int64{1, 2}),
		"array<i32>":                       c.DenseIntArrayAttr(c.I(32), nil),
	}
	for want, a := range cases {
		assert.Equal(t, want, a.String())
	}
	assert.Same(t, c.IntegerAttr(c.I(64), 5), c.IntegerAttr(c.I(64), 5))
}

func TestDenseElements(t *testing.T) {
	c := NewContext()
	ty := c.TensorType([]int64{2}, c.F32(), nil)
	var raw []byte
	raw = EncodeFloat(raw, F32, 1.5)
	raw = EncodeFloat(raw, F32, 2)
	d := c.DenseElementsAttr(ty, raw)
	require.NotNil(t, d)
	assert.Equal(t, "dense<[1.500000e+00, 2.000000e+00]> : tensor<2xf32>", d.String())
	assert.Equal(t, 2.0, d.FloatAt(1))
	splat := c.DenseElementsAttr(c.TensorType([]int64{3}, c.I(8), nil), []byte{1, 1, 1})
	assert.True(t, splat.Splat)
	assert.Equal(t, "dense<1> : tensor<3xi8>", splat.String())
	b := c.DenseElementsAttr(c.TensorType([]int64{1, 2}, c.I(1), nil), []byte{1, 0})
	assert.Equal(t, "dense<[[true, false]]> : tensor<1x2xi1>", b.String())
	assert.Nil(t, c.DenseElementsAttr(ty, []byte{1, 2, 3}))
	big := make([]byte, 0, 200*4)
	for i := 0; i < 200; i++ {
		big = EncodeInt(big, int64(i), 4)
	}
	h := c.DenseElementsAttr(c.TensorType([]int64{200}, c.I(32), nil), big)
	assert.Contains(t, h.String(), `dense<"0x0000000001000000`)
}

func TestHalfConversions(t *testing.T) {
	for _, v := range []float64{0, 1, -2.5, 65504, 6.103515625e-05, 5.960464477539063e-08} {
		assert.Equal(t, v, HalfToFloat(FloatToHalf(v)), "%v", v)
	}
	assert.True(t, math.IsInf(HalfToFloat(FloatToHalf(70000)), 1))
	assert.Equal(t, 1.0, RoundToFloatType(BF16, 1.001))
}

func newTestFunc(c *Context) (*Operation, *Block) {
	fn := c.NewOperation(OperationState{Name: "test.func", NumRegions: 1})
	b := NewBlock([]Type{c.I(32)}, nil)
	fn.Region(0).AppendBlock(b)
	return fn, b
}

func TestUseListsAndRAUW(t *testing.T) {
	c := NewContext()
	_, b := newTestFunc(c)
	bl := NewBuilder(c)
	bl.SetInsertionPointToEnd(b)
	x := b.Arg(0)
	a := bl.Create(OperationState{Name: "test.a", Operands: []*Value{x, x}, ResultTypes: []Type{c.I(32)}})
	u := bl.Create(OperationState{Name: "test.u", Operands: []*Value{a.Result(0)}})
	assert.Equal(t, 2, x.NumUses())
	assert.True(t, a.Result(0).HasOneUse())
	assert.Same(t, u, a.Result(0).OnlyUse().Owner())
	assert.Nil(t, x.OnlyUse(), "two uses")
	a.Result(0).ReplaceAllUsesWith(x)
	assert.Nil(t, a.Result(0).OnlyUse(), "no use")
	assert.Equal(t, 3, x.NumUses())
	assert.False(t, a.Result(0).HasUses())
	a.Erase()
	assert.Equal(t, 1, x.NumUses())
	assert.Equal(t, 1, b.Len())
	assert.Same(t, u, b.First())
	u.SetOperand(0, x)
	assert.Equal(t, 1, x.NumUses())
}

func TestWalkToleratesErasure(t *testing.T) {
	c := NewContext()
	fn, b := newTestFunc(c)
	bl := NewBuilder(c)
	bl.SetInsertionPointToEnd(b)
	for i := 0; i < 5; i++ {
		bl.Create(OperationState{Name: "test.x"})
	}
	n := 0
	Walk(fn, func(o *Operation) {
		if o.Name() == "test.x" {
			o.Erase()
			n++
		}
	})
	assert.Equal(t, 5, n)
	assert.True(t, b.Empty())
}

func TestCloneRemapsValues(t *testing.T) {
	c := NewContext()
	fn, b := newTestFunc(c)
	bl := NewBuilder(c)
	bl.SetInsertionPointToEnd(b)
	a := bl.Create(OperationState{Name: "test.a", Operands: []*Value{b.Arg(0)}, ResultTypes: []Type{c.I(32)}})
	bl.Create(OperationState{Name: "test.b", Operands: []*Value{a.Result(0)}})
	cl := c.Clone(fn, nil)
	cb := cl.Region(0).Front()
	assert.Equal(t, 2, cb.Len())
	assert.Same(t, cb.Arg(0), cb.First().Operand(0))
	assert.Same(t, cb.First().Result(0), cb.Last().Operand(0))
	assert.Equal(t, 1, b.Arg(0).NumUses(), "original untouched")
}

func TestVerifyDominance(t *testing.T) {
	c := NewContext()
	c.RegisterDialect(&Dialect{Name: "t"},
		&OpInfo{Name: "t.func", Traits: IsolatedFromAbove},
		&OpInfo{Name: "t.ret", Traits: Terminator},
		&OpInfo{Name: "t.op"})
	fn, b := newTestFunc(c)
	fn = c.NewOperation(OperationState{Name: "t.func", NumRegions: 1})
	b = NewBlock(nil, nil)
	fn.Region(0).AppendBlock(b)
	bl := NewBuilder(c)
	bl.SetInsertionPointToEnd(b)
	first := bl.Create(OperationState{Name: "t.op", ResultTypes: []Type{c.I(32)}})
	second := bl.Create(OperationState{Name: "t.op", Operands: []*Value{first.Result(0)}, ResultTypes: []Type{c.I(32)}})
	bl.Create(OperationState{Name: "t.ret"})
	require.NoError(t, Verify(fn))
	first.SetOperands([]*Value{second.Result(0)})
	err := Verify(fn)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "operand #0 does not dominate this use")
	first.SetOperands(nil)
	b.Last().Erase()
	err = Verify(fn)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "block with no terminator")
}

func TestVerifyIsolation(t *testing.T) {
	c := NewContext()
	c.RegisterDialect(&Dialect{Name: "t"},
		&OpInfo{Name: "t.iso", Traits: IsolatedFromAbove | NoTerminator},
		&OpInfo{Name: "t.op"})
	outer := c.NewOperation(OperationState{Name: "t.iso", NumRegions: 1})
	ob := NewBlock([]Type{c.I(32)}, nil)
	outer.Region(0).AppendBlock(ob)
	inner := c.NewOperation(OperationState{Name: "t.iso", NumRegions: 1})
	ob.Append(inner)
	ib := NewBlock(nil, nil)
	inner.Region(0).AppendBlock(ib)
	ib.Append(c.NewOperation(OperationState{Name: "t.op", Operands: []*Value{ob.Arg(0)}}))
	err := Verify(outer)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "using value defined outside the region")
}

func TestSymbolTable(t *testing.T) {
	c := NewContext()
	c.RegisterDialect(&Dialect{Name: "t"}, &OpInfo{Name: "t.mod", Traits: SymbolTableTrait | NoTerminator | GraphRegions}, &OpInfo{Name: "t.sym"})
	m := c.NewOperation(OperationState{Name: "t.mod", NumRegions: 1})
	b := NewBlock(nil, nil)
	m.Region(0).AppendBlock(b)
	f := c.NewOperation(OperationState{Name: "t.sym", Attrs: []NamedAttr{{SymbolNameAttr, c.StringAttr("f")}}})
	b.Append(f)
	assert.Same(t, f, LookupSymbol(f, c.SymbolRefAttr("f")))
	b.Append(c.NewOperation(OperationState{Name: "t.sym", Attrs: []NamedAttr{{SymbolNameAttr, c.StringAttr("f")}}}))
	err := Verify(m)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "redefinition of symbol named 'f'")
}

func TestDominanceAcrossBlocks(t *testing.T) {
	c := NewContext()
	c.RegisterDialect(&Dialect{Name: "t"},
		&OpInfo{Name: "t.func", Traits: IsolatedFromAbove},
		&OpInfo{Name: "t.br", Traits: Terminator},
		&OpInfo{Name: "t.op"})
	fn := c.NewOperation(OperationState{Name: "t.func", NumRegions: 1})
	r := fn.Region(0)
	entry, left, right, join := NewBlock(nil, nil), NewBlock(nil, nil), NewBlock(nil, nil), NewBlock(nil, nil)
	for _, b := range []*Block{entry, left, right, join} {
		r.AppendBlock(b)
	}
	mk := func(b *Block, name string, opnds []*Value, succ ...*Block) *Operation {
		o := c.NewOperation(OperationState{Name: name, Operands: opnds, ResultTypes: []Type{c.I(1)}, Successors: succ})
		b.Append(o)
		return o
	}
	mk(entry, "t.br", nil, left, right)
	l := mk(left, "t.op", nil)
	mk(left, "t.br", nil, join)
	mk(right, "t.br", nil, join)
	use := mk(join, "t.op", []*Value{l.Result(0)})
	mk(join, "t.br", nil)
	err := Verify(fn)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "does not dominate")
	use.SetOperands(nil)
	require.NoError(t, Verify(fn))
}

func TestFloatFormatMatchesMLIR(t *testing.T) {
	// Expected texts are what mlir-opt-19 prints for the same values.
	cases := []struct {
		k    FloatKind
		v    float64
		want string
	}{
		{F64, 1.2345678, "1.2345678"}, {F64, 1.234567, "1.234567"}, {F64, 123456.7, "123456.7"},
		{F64, 1e20, "1.000000e+20"}, {F64, 1e-5, "1.000000e-05"}, {F64, 0.00123456789, "0.0012345678899999999"},
		{F32, 1.25e-7, "1.250000e-07"}, {F32, float64(float32(3.4028235e38)), "3.40282347E+38"},
		{F32, 16777216, "0x4B800000"}, {F64, 1.5e300, "1.500000e+300"}, {F64, 123456789, "0x419D6F3454000000"},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, FormatFloat(c.k, c.v), "%v", c.v)
	}
}

func TestF8E4M3FN(t *testing.T) {
	for _, v := range []float64{0, 1, -2, 448, 0.015625, 0.001953125, 1.125} {
		assert.Equal(t, v, F8E4M3FNToFloat(FloatToF8E4M3FN(v)), "%v", v)
	}
	assert.Equal(t, uint8(0x7e), FloatToF8E4M3FN(448))
	assert.True(t, math.IsNaN(F8E4M3FNToFloat(FloatToF8E4M3FN(1000))))
	assert.Equal(t, 1.0, F8E4M3FNToFloat(FloatToF8E4M3FN(1.0624))) // rounds to nearest
	c := NewContext()
	assert.Equal(t, "1.500000e+00 : f8E4M3FN", c.FloatAttr(c.FloatType(F8E4M3FN), 1.5).String())
}
