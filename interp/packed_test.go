package interp

import (
	"math/rand"
	"testing"

	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// TestPackedConvWeights: convolutions on constant weights pack them once
// per interpreter (one entry per weight, the same packing on later runs),
// with and without buffer reuse and under an observer, and give the bits
// of tensor.Conv2D layer by layer; a weight that is a function argument is
// never packed (it may change between runs).
func TestPackedConvWeights(t *testing.T) {
	const layers = 3
	fn, err := LookupFunc(parseModule(t, convNetSrc(layers, 8, 10)), "main")
	if err != nil {
		t.Fatal(err)
	}
	x := randF32(rand.New(rand.NewSource(5)), 1, 8, 10, 10)
	var want *tensor.Tensor
	for _, opts := range []Options{{}, {NoBufferReuse: true}, {Observe: func(op *ir.Operation, _ []*tensor.Tensor) {}}} {
		it := New(opts)
		var first map[packKey]*tensor.PackedConv2D
		for run := range 3 {
			out, err := it.Run(fn, []*tensor.Tensor{x})
			if err != nil {
				t.Fatal(err)
			}
			if len(it.packed) != layers {
				t.Fatalf("run %d: %d packed weights, want %d", run, len(it.packed), layers)
			}
			if first == nil {
				first = map[packKey]*tensor.PackedConv2D{}
				for k, v := range it.packed {
					if v == nil {
						t.Fatalf("weight %v not packed", k)
					}
					first[k] = v
				}
			}
			for k, v := range it.packed {
				if first[k] != v {
					t.Fatalf("run %d re-packed a weight", run)
				}
			}
			if want == nil {
				want = convNetReference(t, it, fn, x)
			}
			sameF32Bits(t, "output", out[0], want)
		}
	}

	src := `func.func @main(%x: tensor<1x4x6x6xf32>, %w: tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32> {
  %c = core.conv2d %x, %w {padding = array<i64: 1, 1, 1, 1>} : (tensor<1x4x6x6xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %c : tensor<1x4x6x6xf32>
}`
	fn2, err := LookupFunc(parseModule(t, src), "main")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(6))
	it := New(Options{})
	x2 := randF32(rng, 1, 4, 6, 6)
	for range 2 {
		w := randF32(rng, 4, 4, 3, 3)
		out, err := it.Run(fn2, []*tensor.Tensor{x2, w})
		if err != nil {
			t.Fatal(err)
		}
		ref, err := tensor.Conv2D(x2, w, nil, tensor.Conv2DParams{Pads: [4]int{1, 1, 1, 1}})
		if err != nil {
			t.Fatal(err)
		}
		sameF32Bits(t, "argument weight", out[0], ref)
	}
	if len(it.packed) != 0 {
		t.Fatalf("%d packed weights for a weight passed as an argument", len(it.packed))
	}
}

// convNetReference computes convNetSrc's network with tensor.Conv2D and
// tensor.Unary on the interpreter's decoded constants.
func convNetReference(t *testing.T, it *Interpreter, fn *ir.Operation, x *tensor.Tensor) *tensor.Tensor {
	t.Helper()
	body, err := funcBody(fn)
	if err != nil {
		t.Fatal(err)
	}
	cur := x
	var w, b *tensor.Tensor
	for _, op := range body.Ops() {
		var err error
		switch op.Name() {
		case "core.constant":
			if c := it.consts[op]; c.Rank() == 4 {
				w = c
			} else {
				b = c
			}
		case "core.conv2d":
			if cur, err = tensor.Conv2D(cur, w, b, tensor.Conv2DParams{Pads: [4]int{1, 1, 1, 1}}); err != nil {
				t.Fatal(err)
			}
			w, b = nil, nil
		case "core.relu":
			if cur, err = tensor.Unary(tensor.OpRelu, cur); err != nil {
				t.Fatal(err)
			}
		}
	}
	return cur
}
