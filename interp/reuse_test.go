package interp

import (
	"errors"
	"fmt"
	"math"
	"math/rand"
	"testing"

	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// mixedSrc exercises every kernel that takes recycled or in-place output
// storage (conv, relu, clamp, add with a per-channel bias, mul) next to
// views (reshape) and ops that always allocate (transpose).
const mixedSrc = `func.func @main(%x: tensor<1x4x6x6xf32>, %w: tensor<4x4x3x3xf32>, %b: tensor<4xf32>, %s: tensor<4x1x1xf32>) -> (tensor<1x4x6x6xf32>, tensor<1x4x36xf32>, tensor<1x4x6x6xf32>) {
  %c0 = core.conv2d %x, %w, %b {padding = array<i64: 1, 1, 1, 1>} : (tensor<1x4x6x6xf32>, tensor<4x4x3x3xf32>, tensor<4xf32>) -> tensor<1x4x6x6xf32>
  %r0 = core.relu %c0 : tensor<1x4x6x6xf32>
  %c1 = core.conv2d %r0, %w, %b {padding = array<i64: 1, 1, 1, 1>} : (tensor<1x4x6x6xf32>, tensor<4x4x3x3xf32>, tensor<4xf32>) -> tensor<1x4x6x6xf32>
  %k1 = core.clamp %c1 min 0.0 max 6.0 : tensor<1x4x6x6xf32>
  %m1 = core.mul %k1, %s : (tensor<1x4x6x6xf32>, tensor<4x1x1xf32>) -> tensor<1x4x6x6xf32>
  %a1 = core.add %m1, %r0 : (tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %v1 = core.reshape %a1 : (tensor<1x4x6x6xf32>) -> tensor<1x4x36xf32>
  %t1 = core.transpose %a1 {perm = array<i64: 0, 1, 3, 2>} : (tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %c2 = core.conv2d %t1, %w, %b {padding = array<i64: 1, 1, 1, 1>} : (tensor<1x4x6x6xf32>, tensor<4x4x3x3xf32>, tensor<4xf32>) -> tensor<1x4x6x6xf32>
  %n2 = core.neg %c2 : tensor<1x4x6x6xf32>
  %r2 = core.relu %n2 : tensor<1x4x6x6xf32>
  %c3 = core.conv2d %r2, %w, %b {padding = array<i64: 1, 1, 1, 1>} : (tensor<1x4x6x6xf32>, tensor<4x4x3x3xf32>, tensor<4xf32>) -> tensor<1x4x6x6xf32>
  %k3 = core.clamp %c3 min -1.0 max 1.0 : tensor<1x4x6x6xf32>
  %x2 = core.add %k3, %x : (tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  return %x2, %v1, %a1 : tensor<1x4x6x6xf32>, tensor<1x4x36xf32>, tensor<1x4x6x6xf32>
}
`

// residualSrc has convolutions whose sole reader is an add: fused with a
// relu, a clamp or nothing after it, the convolution as the add's second
// operand, a residual made after the convolution (not fused), a
// convolution added to itself and one whose result is also returned.
const residualSrc = `func.func @main(%x: tensor<1x4x6x6xf32>, %w: tensor<4x4x3x3xf32>, %b: tensor<4xf32>) -> (tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>) {
  %c0 = core.conv2d %x, %w, %b {padding = array<i64: 1, 1, 1, 1>} : (tensor<1x4x6x6xf32>, tensor<4x4x3x3xf32>, tensor<4xf32>) -> tensor<1x4x6x6xf32>
  %a0 = core.add %c0, %x : (tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %r0 = core.relu %a0 : tensor<1x4x6x6xf32>
  %c1 = core.conv2d %r0, %w, %b {padding = array<i64: 1, 1, 1, 1>} : (tensor<1x4x6x6xf32>, tensor<4x4x3x3xf32>, tensor<4xf32>) -> tensor<1x4x6x6xf32>
  %a1 = core.add %r0, %c1 : (tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %k1 = core.clamp %a1 min -0.5 max 0.5 : tensor<1x4x6x6xf32>
  %c2 = core.conv2d %k1, %w {padding = array<i64: 1, 1, 1, 1>} : (tensor<1x4x6x6xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32>
  %n2 = core.neg %k1 : tensor<1x4x6x6xf32>
  %a2 = core.add %c2, %n2 : (tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %c3 = core.conv2d %a2, %w, %b {padding = array<i64: 1, 1, 1, 1>} : (tensor<1x4x6x6xf32>, tensor<4x4x3x3xf32>, tensor<4xf32>) -> tensor<1x4x6x6xf32>
  %a3 = core.add %c3, %c3 : (tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %c4 = core.conv2d %a3, %w, %b {padding = array<i64: 1, 1, 1, 1>} : (tensor<1x4x6x6xf32>, tensor<4x4x3x3xf32>, tensor<4xf32>) -> tensor<1x4x6x6xf32>
  %a4 = core.add %a3, %c4 : (tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %c5 = core.conv2d %a4, %w, %b {padding = array<i64: 1, 1, 1, 1>} : (tensor<1x4x6x6xf32>, tensor<4x4x3x3xf32>, tensor<4xf32>) -> tensor<1x4x6x6xf32>
  %a5 = core.add %c5, %a4 : (tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  return %a5, %c5, %a4 : tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>
}
`

func randF32(rng *rand.Rand, shape ...int64) *tensor.Tensor {
	t := tensor.New(tensor.F32, shape...)
	for i := range t.Float32s() {
		t.Float32s()[i] = float32(rng.NormFloat64())
	}
	return t
}

func cloneF32(t *tensor.Tensor) *tensor.Tensor {
	c, _ := tensor.FromSlice(tensor.F32, t.Shape(), append([]float32(nil), t.Float32s()...))
	return c
}

func sameF32Bits(t *testing.T, what string, got, want *tensor.Tensor) {
	t.Helper()
	g, w := got.Float32s(), want.Float32s()
	if len(g) != len(w) {
		t.Fatalf("%s: %d elements, want %d", what, len(g), len(w))
	}
	for i := range w {
		if math.Float32bits(g[i]) != math.Float32bits(w[i]) {
			t.Fatalf("%s: element %d = %v, want %v", what, i, g[i], w[i])
		}
	}
}

// TestBufferReuseBitIdentical runs programs with buffer reuse (recycled
// storage poisoned with NaN, so a kernel that reads its output before
// writing it shows) and without, several times on one interpreter (the
// free lists carry over between runs), and wants the same bits, inputs
// left untouched and earlier runs' results not overwritten by later runs.
func TestBufferReuseBitIdentical(t *testing.T) {
	poisonReused = true
	defer func() { poisonReused = false }()
	rng := rand.New(rand.NewSource(3))
	progs := []struct {
		name string
		src  string
		in   []*tensor.Tensor
	}{
		{"mixed", mixedSrc, []*tensor.Tensor{randF32(rng, 1, 4, 6, 6), randF32(rng, 4, 4, 3, 3), randF32(rng, 4), randF32(rng, 4, 1, 1)}},
		{"convnet", convNetSrc(4, 8, 10), []*tensor.Tensor{randF32(rng, 1, 8, 10, 10)}},
		{"residual", residualSrc, []*tensor.Tensor{randF32(rng, 1, 4, 6, 6), randF32(rng, 4, 4, 3, 3), randF32(rng, 4)}},
	}
	for _, p := range progs {
		t.Run(p.name, func(t *testing.T) {
			fn, err := LookupFunc(parseModule(t, p.src), "main")
			if err != nil {
				t.Fatal(err)
			}
			saved := make([]*tensor.Tensor, len(p.in))
			for i, x := range p.in {
				saved[i] = cloneF32(x)
			}
			want, err := New(Options{NoBufferReuse: true}).Run(fn, p.in)
			if err != nil {
				t.Fatal(err)
			}
			it := New(Options{})
			var runs [][]*tensor.Tensor
			for range 3 {
				got, err := it.Run(fn, p.in)
				if err != nil {
					t.Fatal(err)
				}
				runs = append(runs, got)
			}
			if len(it.free[fn]) == 0 && placedTakes(it.arenas[fn]) == 0 {
				t.Fatal("no buffer was recycled; the test exercises nothing")
			}
			for k, got := range runs {
				for i := range want {
					sameF32Bits(t, "run "+string(rune('0'+k))+" result "+string(rune('0'+i)), got[i], want[i])
				}
			}
			for i := range p.in {
				sameF32Bits(t, "input", p.in[i], saved[i])
			}
		})
	}
}

// TestBufferReuseKeepsViews: %a dies at the neg while its reshape view %v
// lives on, so neither the neg (in place) nor the conv (recycled) may
// write %a's storage; a view of the argument must not be written either.
func TestBufferReuseKeepsViews(t *testing.T) {
	src := `func.func @main(%x: tensor<1x2x3x3xf32>, %w: tensor<2x2x1x1xf32>) -> (tensor<18xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) {
  %a = core.relu %x : tensor<1x2x3x3xf32>
  %v = core.reshape %a : (tensor<1x2x3x3xf32>) -> tensor<18xf32>
  %n = core.neg %a : tensor<1x2x3x3xf32>
  %c = core.conv2d %n, %w : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %xv = core.reshape %x : (tensor<1x2x3x3xf32>) -> tensor<18xf32>
  %xr = core.reshape %xv : (tensor<18xf32>) -> tensor<1x2x3x3xf32>
  %k = core.clamp %xr min 0.0 max 0.5 : tensor<1x2x3x3xf32>
  return %v, %c, %k : tensor<18xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>
}
`
	fn, err := LookupFunc(parseModule(t, src), "main")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(5))
	x, w := randF32(rng, 1, 2, 3, 3), randF32(rng, 2, 2, 1, 1)
	x0 := cloneF32(x)
	it := New(Options{})
	for range 3 {
		got, err := it.Run(fn, []*tensor.Tensor{x, w})
		if err != nil {
			t.Fatal(err)
		}
		for i, v := range x0.Float32s() {
			if r := max(v, 0); got[0].Float32s()[i] != r {
				t.Fatalf("view %%v[%d] = %v, want relu(%v) = %v (its storage was reused)", i, got[0].Float32s()[i], v, r)
			}
		}
		sameF32Bits(t, "argument", x, x0)
	}
}

// TestConstantSubgraphCached: an op on constants only is computed once
// per interpreter; an op reading an argument is computed every run.
func TestConstantSubgraphCached(t *testing.T) {
	src := `func.func @main(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %c = core.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %t = core.transpose %c {perm = array<i64: 1, 0>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %y = core.add %t, %x : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %y : tensor<2x2xf32>
}
`
	fn, err := LookupFunc(parseModule(t, src), "main")
	if err != nil {
		t.Fatal(err)
	}
	it := New(Options{})
	for k, want := range [][]float32{{1, 3, 2, 4}, {11, 13, 12, 14}} {
		x, _ := tensor.FromSlice(tensor.F32, []int64{2, 2}, []float32{float32(10 * k), float32(10 * k), float32(10 * k), float32(10 * k)})
		got, err := it.Run(fn, []*tensor.Tensor{x})
		if err != nil {
			t.Fatal(err)
		}
		for i, w := range want {
			if got[0].Float32s()[i] != w {
				t.Fatalf("run %d: %v, want %v", k, got[0].Float32s(), want)
			}
		}
	}
	cached := map[string]bool{}
	for op := range it.consts {
		cached[op.Name()] = true
	}
	if !cached["core.transpose"] || cached["core.add"] {
		t.Fatalf("cached ops %v: want core.transpose and not core.add", cached)
	}
}

// TestCancelStopsBeforeAnOp: Cancel is asked before every op, its error is
// returned as it is, and a run it lets through still recycles buffers.
func TestCancelStopsBeforeAnOp(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	in := []*tensor.Tensor{randF32(rng, 1, 4, 6, 6), randF32(rng, 4, 4, 3, 3), randF32(rng, 4), randF32(rng, 4, 1, 1)}
	fn, err := LookupFunc(parseModule(t, mixedSrc), "main")
	if err != nil {
		t.Fatal(err)
	}
	stop := errors.New("stop")
	asked := 0
	it := New(Options{Cancel: func() error {
		asked++
		if asked == 4 {
			return stop
		}
		return nil
	}})
	if _, err := it.Run(fn, in); !errors.Is(err, stop) {
		t.Fatalf("Run = %v, want the Cancel error", err)
	}
	if asked != 4 {
		t.Fatalf("Cancel asked %d times, want 4 (it stops at the first error)", asked)
	}
	want, err := New(Options{NoBufferReuse: true}).Run(fn, in)
	if err != nil {
		t.Fatal(err)
	}
	it = New(Options{Cancel: func() error { return nil }})
	for range 2 {
		got, err := it.Run(fn, in)
		if err != nil {
			t.Fatal(err)
		}
		for i := range want {
			sameF32Bits(t, "result", got[i], want[i])
		}
	}
	if len(it.free[fn]) == 0 && placedTakes(it.arenas[fn]) == 0 {
		t.Fatal("a Cancel hook turned buffer reuse off: no recycled or planned buffers")
	}
}

// placedTakes counts the takes an arena plan places.
func placedTakes(st *arenaState) int {
	n := 0
	if st != nil && st.plan != nil {
		for _, o := range st.plan.offs {
			if o >= 0 {
				n++
			}
		}
	}
	return n
}

// Recycle lets a run's results serve the next run: a result of its own
// storage is reused (and the next run's values are right), results that
// share storage with each other, an argument or a constant are not, and
// tensors that are not the latest run's results are ignored.
func TestRecycleResults(t *testing.T) {
	rng := rand.New(rand.NewSource(17))
	fn, err := LookupFunc(parseModule(t, mixedSrc), "main")
	if err != nil {
		t.Fatal(err)
	}
	inputs := func() []*tensor.Tensor {
		return []*tensor.Tensor{randF32(rng, 1, 4, 6, 6), randF32(rng, 4, 4, 3, 3), randF32(rng, 4), randF32(rng, 4, 1, 1)}
	}
	it := New(Options{})
	var prev, kept []*tensor.Tensor
	for run := range 4 {
		in := inputs()
		outs, err := it.Run(fn, in)
		if err != nil {
			t.Fatal(err)
		}
		want, err := New(Options{NoBufferReuse: true}).Run(fn, in)
		if err != nil {
			t.Fatal(err)
		}
		for i := range want {
			sameF32Bits(t, "result", outs[i], want[i])
		}
		if run >= 1 {
			// v1 and a1 share their storage: the run after theirs left it.
			sameF32Bits(t, "a result sharing storage, a run later", prev[1], kept[0])
			sameF32Bits(t, "a result sharing storage, a run later", prev[2], kept[1])
		}
		kept = []*tensor.Tensor{cloneF32(outs[1]), cloneF32(outs[2])}
		it.Recycle(fn, outs)
		it.Recycle(fn, outs) // twice: ignored
		it.Recycle(fn, in)   // not results: ignored
		// x2 (its own storage) is listed for the next run, once; v1 and
		// a1 are not.
		listed := map[*tensor.Tensor]int{}
		for _, l := range it.free[fn] {
			for _, f := range l {
				for i, o := range outs {
					if overlaps(f, o) {
						listed[o]++
						if i != 0 {
							t.Fatalf("run %d: result %d (storage shared) was listed", run, i)
						}
					}
				}
			}
		}
		if listed[outs[0]] != 1 {
			t.Fatalf("run %d: the result of its own storage is listed %d times, want once", run, listed[outs[0]])
		}
		prev = outs
	}

	// An argument and a constant returned as they are stay as they are;
	// a value returned twice is shared.
	const src = `func.func @main(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %c = core.constant dense<1.5> : tensor<8xf32>
  %y = core.add %x, %c : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %z = core.mul %x, %c : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return %x, %c, %y, %z, %z : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}`
	fn2, err := LookupFunc(parseModule(t, src), "main")
	if err != nil {
		t.Fatal(err)
	}
	it2 := New(Options{})
	x := randF32(rng, 8)
	xCopy := cloneF32(x)
	outs, err := it2.Run(fn2, []*tensor.Tensor{x})
	if err != nil {
		t.Fatal(err)
	}
	it2.Recycle(fn2, outs)
	listed := 0
	for _, l := range it2.free[fn2] {
		for _, f := range l {
			for i, o := range outs {
				if overlaps(f, o) {
					listed++
					if i != 2 {
						t.Fatalf("result %d (an argument, a constant or returned twice) was listed", i)
					}
				}
			}
		}
	}
	if listed != 1 {
		t.Fatalf("the add's result is listed %d times, want once", listed)
	}
	if _, err := it2.Run(fn2, []*tensor.Tensor{randF32(rng, 8)}); err != nil {
		t.Fatal(err)
	}
	sameF32Bits(t, "the argument", x, xCopy)
	for i, v := range outs[1].Float32s() {
		if v != 1.5 {
			t.Fatalf("the constant's element %d = %v after a recycle", i, v)
		}
	}
}

// TestFusableResidual: which convolutions of residualSrc compute the add
// that reads them, in which operand order, with which clamp.
func TestFusableResidual(t *testing.T) {
	_, body := mainOf(t, residualSrc)
	type fused struct {
		first bool
		clamp string
	}
	want := []*fused{{false, "[0 +Inf]"}, {true, "[-0.5 0.5]"}, nil, nil, {true, "none"}, nil} // %c0 … %c5
	env := map[*ir.Value]*tensor.Tensor{}
	for _, a := range body.Args() {
		env[a] = tensor.New(tensor.F32, 1)
	}
	it := New(Options{})
	convs := 0
	for _, op := range body.Ops() {
		if op.Name() == "core.conv2d" {
			name := fmt.Sprintf("%%c%d", convs)
			convs++
			c := &opCall{op: op, it: it, pool: &bufPool{}, env: env}
			res, first, clamp := c.fusableResidual()
			got := (*fused)(nil)
			if res != nil {
				cs := "none"
				if clamp != nil {
					cs = fmt.Sprint(*clamp)
				}
				got = &fused{first, cs}
			}
			w := want[convs-1]
			if (got == nil) != (w == nil) || (got != nil && *got != *w) {
				t.Errorf("%s: fused %+v, want %+v", name, got, w)
			}
		}
		for _, r := range op.Results() {
			env[r] = tensor.New(tensor.F32, 1)
		}
	}
	// Hooks see every op's own result: nothing is fused under them.
	obs := New(Options{Observe: func(*ir.Operation, []*tensor.Tensor) {}})
	for _, op := range body.Ops() {
		if op.Name() == "core.conv2d" {
			if res, _, _ := (&opCall{op: op, it: obs, pool: &bufPool{}, env: env}).fusableResidual(); res != nil {
				t.Fatalf("a convolution fused under an Observe hook")
			}
		}
	}
	if convs != len(want) {
		t.Fatalf("%d convolutions, want %d", convs, len(want))
	}
}
