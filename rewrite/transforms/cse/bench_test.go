package cse_test

import (
	"testing"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/rewrite/transforms/cse"
)

// A tiny dialect: t.func (isolated), t.c (a pure constant with a value
// property), t.add (pure, commutative), t.sub (pure), t.use (side effects).
func testContext() *ir.Context {
	ctx := ir.NewContext()
	ctx.RegisterDialect(&ir.Dialect{Name: "t"},
		&ir.OpInfo{Name: "t.func", Traits: ir.IsolatedFromAbove | ir.NoTerminator},
		&ir.OpInfo{Name: "t.c", Traits: ir.Pure | ir.ConstantLike, Props: []string{"value"}},
		&ir.OpInfo{Name: "t.add", Traits: ir.Pure | ir.Commutative},
		&ir.OpInfo{Name: "t.sub", Traits: ir.Pure},
		&ir.OpInfo{Name: "t.use"},
	)
	return ctx
}

type fn struct {
	ctx   *ir.Context
	op    *ir.Operation
	b     *ir.Builder
	block *ir.Block
	i32   ir.Type
}

func newFn(nargs int) *fn {
	ctx := testContext()
	i32 := ctx.I(32)
	op := ctx.NewOperation(ir.OperationState{Name: "t.func", NumRegions: 1})
	types := make([]ir.Type, nargs)
	for i := range types {
		types[i] = i32
	}
	block := ir.NewBlock(types, nil)
	op.Region(0).AppendBlock(block)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(block)
	return &fn{ctx, op, b, block, i32}
}

func (f *fn) bin(name string, x, y *ir.Value) *ir.Value {
	return f.b.Create(ir.OperationState{Name: name, Operands: []*ir.Value{x, y}, ResultTypes: []ir.Type{f.i32}}).Result(0)
}

func (f *fn) cst(v int64) *ir.Value {
	props := f.ctx.DictionaryAttr([]ir.NamedAttr{{Name: "value", Value: f.ctx.IntegerAttr(f.i32, v)}})
	return f.b.Create(ir.OperationState{Name: "t.c", ResultTypes: []ir.Type{f.i32}, Props: props}).Result(0)
}

func (f *fn) use(vs ...*ir.Value) *ir.Operation {
	return f.b.Create(ir.OperationState{Name: "t.use", Operands: vs})
}

// Commutative ops match with their operands swapped, others do not;
// constants match by value.
func TestCommutativeAndConstants(t *testing.T) {
	f := newFn(2)
	x, y := f.block.Arg(0), f.block.Arg(1)
	a1, a2 := f.bin("t.add", x, y), f.bin("t.add", y, x)
	s1, s2 := f.bin("t.sub", x, y), f.bin("t.sub", y, x)
	c1, c2, c3 := f.cst(7), f.cst(7), f.cst(8)
	u := f.use(a1, a2, s1, s2, c1, c2, c3)
	if n := cse.Run(f.op); n != 2 {
		t.Fatalf("removed %d ops, want 2", n)
	}
	want := []*ir.Value{a1, a1, s1, s2, c1, c1, c3}
	for i, w := range want {
		if got := u.Operand(i); got != w {
			t.Errorf("operand %d: got a different value than expected", i)
		}
	}
	if f.block.Len() != 6 {
		t.Errorf("block has %d ops, want 6", f.block.Len())
	}
}

// An op in a nested isolated op does not see the enclosing scope's ops,
// and sibling blocks do not see each other's.
func TestScopes(t *testing.T) {
	f := newFn(2)
	x, y := f.block.Arg(0), f.block.Arg(1)
	outer := f.bin("t.add", x, y)
	inner := f.ctx.NewOperation(ir.OperationState{Name: "t.func", NumRegions: 1})
	f.b.Insert(inner)
	ib := ir.NewBlock([]ir.Type{f.i32, f.i32}, nil)
	inner.Region(0).AppendBlock(ib)
	f.b.SetInsertionPointToEnd(ib)
	d1 := f.bin("t.add", ib.Arg(0), ib.Arg(1))
	d2 := f.bin("t.add", ib.Arg(1), ib.Arg(0))
	iu := f.use(d1, d2)
	f.b.SetInsertionPointToEnd(f.block)
	f.use(outer)
	if n := cse.Run(f.op); n != 1 {
		t.Fatalf("removed %d ops, want 1", n)
	}
	if iu.Operand(1) != d1 {
		t.Error("the nested duplicate was not replaced")
	}
}

// BenchmarkCSE runs cse on a block of 100,000 binary ops where half are
// duplicates (a quarter with swapped operands) of recent ones.
func BenchmarkCSE(b *testing.B) {
	const n = 100000
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		f := newFn(4)
		vals := append([]*ir.Value(nil), f.block.Args()...)
		for j := 0; j < n; j++ {
			k := len(vals)
			x, y := vals[k-1-j%7%k], vals[k-1-j%5%k]
			switch j % 4 {
			case 0, 1:
				vals = append(vals, f.bin("t.add", x, y))
			case 2:
				vals = append(vals, f.bin("t.sub", x, y))
			default: // a duplicate, swapped, of the op before the last
				op := vals[k-2].DefiningOp()
				if op == nil {
					vals = append(vals, f.bin("t.add", x, y))
					continue
				}
				vals = append(vals, f.bin(op.Name(), op.Operand(1), op.Operand(0)))
			}
		}
		f.use(vals[len(vals)-1])
		b.StartTimer()
		cse.Run(f.op)
	}
}
