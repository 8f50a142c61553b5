package onnx

import (
	"slices"
	"testing"

	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// TestHostKernelsCarryUnknowns: folding with the interpreter's kernels
// keeps the importer's partial knowledge: an elementwise result is unknown
// where a broadcast operand is, an unknown element never fails a kernel
// (it reads as 1, not 0, under Div), and data movement copies each
// element's symbol with it.
func TestHostKernelsCarryUnknowns(t *testing.T) {
	ctx := ir.NewContext()
	i64 := ctx.I(64)
	v := &value{name: "x"}
	shape := newHost(i64, []int64{4})
	copy(shape.ints, []int64{2, 0, 8, 3})
	shape.setSym(1, dimSym{v: v, dim: 1}) // dim 1 of x is '?'

	den := newHost(i64, []int64{4})
	copy(den.ints, []int64{2, 0, 4, 3})
	den.markUnknown(1) // an unknown 0 divisor must not stop the fold
	q, err := hostArith(arithKernels["Div"], shape, den)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(q.ints[:1], []int64{1}) || q.ints[2] != 2 || q.ints[3] != 1 || !q.isUnknown(1) || q.isUnknown(0) {
		t.Fatalf("Div = %v unknown %v", q.ints, q.unknown)
	}

	// Gather [3, 1]: the symbol of dim 1 travels to position 1.
	g, err := hostGather(shape, []int64{3, 1}, []int64{2}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if s, ok := g.sym(1); !ok || s.v != v || s.dim != 1 || g.ints[0] != 3 || g.isUnknown(0) {
		t.Fatalf("Gather = %v syms %v", g.ints, g.syms)
	}
	// Concat then Slice backwards: symbols still follow their elements.
	c, err := hostConcat([]*host{g, shape}, 0)
	if err != nil {
		t.Fatal(err)
	}
	r, err := hostSlice(c, []int64{-1}, []int64{-7}, []int{0}, []int64{-2})
	if err != nil {
		t.Fatal(err)
	}
	// c = [3, ?, 2, ?, 8, 3]; reversed step 2 from the end: [3, ?, ?].
	if len(r.ints) != 3 || r.ints[0] != 3 || !r.isUnknown(1) || !r.isUnknown(2) {
		t.Fatalf("Slice = %v unknown %v", r.ints, r.unknown)
	}
	if s, ok := r.sym(2); !ok || s.v != v {
		t.Fatalf("Slice lost the symbol: %v", r.syms)
	}

	// Compare with a broadcast scalar: unknown where the operand is.
	one := newHost(i64, nil)
	one.ints[0] = 2
	cmp, err := hostCompare(ctx, compareKernels["Greater"], shape, one)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(cmp.ints, []int64{0, 0, 1, 1}) || !cmp.isUnknown(1) || cmp.elem != ctx.I(1) {
		t.Fatalf("Greater = %v unknown %v", cmp.ints, cmp.unknown)
	}

	// Cast f32 → i32 saturates as the interpreter's Cast does.
	f := newHost(ctx.F32(), []int64{2})
	f.floats[0], f.floats[1] = 3e10, -2.7
	ci, err := hostCast(f, ctx.I(32))
	if err != nil {
		t.Fatal(err)
	}
	want, _ := tensor.Cast(tensor.MustValues(tensor.F32, []int64{2}, 3e10, -2.7), tensor.I32)
	if !slices.Equal(ci.ints, want.IntValues()) {
		t.Fatalf("Cast = %v, the kernel gives %v", ci.ints, want.IntValues())
	}
}

// TestHostWhere: Where copies the chosen side's element with its symbol;
// where the condition is unknown the result is unknown with no symbol.
func TestHostWhere(t *testing.T) {
	ctx := ir.NewContext()
	i64 := ctx.I(64)
	v := &value{name: "x"}
	x := newHost(i64, []int64{3})
	copy(x.ints, []int64{1, 0, 0})
	x.setSym(1, dimSym{v: v, dim: 0})
	x.setSym(2, dimSym{v: v, dim: 1})
	y := newHost(i64, nil)
	y.ints[0] = 7
	cond := newHost(ctx.I(1), []int64{3})
	copy(cond.ints, []int64{0, 1, 1})
	cond.markUnknown(2)
	out, err := hostWhere(cond, x, y)
	if err != nil {
		t.Fatal(err)
	}
	if out.ints[0] != 7 || !out.isUnknown(1) {
		t.Fatalf("Where = %v unknown %v", out.ints, out.unknown)
	}
	if s, ok := out.sym(1); !ok || s.dim != 0 {
		t.Fatalf("Where lost the symbol of the chosen element: %v", out.syms)
	}
	if _, ok := out.sym(2); ok || !out.isUnknown(2) {
		t.Fatalf("Where under an unknown condition keeps a symbol: %v", out.syms)
	}
}
