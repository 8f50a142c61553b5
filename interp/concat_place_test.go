package interp

import (
	"math/rand"
	"testing"
	"unsafe"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	"github.com/stretchr/testify/require"
)

// placeSrc: two convolutions (one with a relu) concatenated with an
// argument and a repeat, a second concatenation of values the first
// placed, and an add that is the last reader of a placed value while the
// first concatenation (a result) still lives.
const placeSrc = `func.func @main(%x: tensor<1x4x6x6xf32>, %w1: tensor<8x4x3x3xf32>, %b1: tensor<8xf32>, %w2: tensor<8x4x1x1xf32>, %b2: tensor<8xf32>) -> (tensor<1x28x6x6xf32>, tensor<1x8x6x6xf32>, tensor<1x16x6x6xf32>) {
  %c1 = core.conv2d %x, %w1, %b1 {dilations = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>} : (tensor<1x4x6x6xf32>, tensor<8x4x3x3xf32>, tensor<8xf32>) -> tensor<1x8x6x6xf32>
  %r1 = core.relu %c1 : tensor<1x8x6x6xf32>
  %c2 = core.conv2d %x, %w2, %b2 {dilations = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x4x6x6xf32>, tensor<8x4x1x1xf32>, tensor<8xf32>) -> tensor<1x8x6x6xf32>
  %cat = core.concat %r1, %c2, %x, %r1 {axis = 1 : i64} : (tensor<1x8x6x6xf32>, tensor<1x8x6x6xf32>, tensor<1x4x6x6xf32>, tensor<1x8x6x6xf32>) -> tensor<1x28x6x6xf32>
  %cat2 = core.concat %c2, %r1 {axis = 1 : i64} : (tensor<1x8x6x6xf32>, tensor<1x8x6x6xf32>) -> tensor<1x16x6x6xf32>
  %sum = core.add %c2, %c2 : (tensor<1x8x6x6xf32>, tensor<1x8x6x6xf32>) -> tensor<1x8x6x6xf32>
  func.return %cat, %sum, %cat2 : tensor<1x28x6x6xf32>, tensor<1x8x6x6xf32>, tensor<1x16x6x6xf32>
}
`

// TestConcatPlacement: the relu and the second convolution write their
// results into the first concatenation's output (which then copies only
// the argument and the repeat), and every run, at one and two threads,
// with fusion on and with an observer (fusion off), the lifetime arena
// planned from the first run, gives what a run without buffer reuse
// (every output its own allocation, every operand copied) gives.
func TestConcatPlacement(t *testing.T) {
	fn, err := LookupFunc(parseModule(t, placeSrc), "main")
	require.NoError(t, err)
	rng := rand.New(rand.NewSource(5))
	args := []*tensor.Tensor{randF32(rng, 1, 4, 6, 6), randF32(rng, 8, 4, 3, 3), randF32(rng, 8), randF32(rng, 8, 4, 1, 1), randF32(rng, 8)}
	want, err := New(Options{NoBufferReuse: true}).Run(fn, args)
	require.NoError(t, err)
	const plane = 36
	for _, th := range []int{1, 2} {
		prev := tensor.SetThreads(th)
		var relu, conv2 unsafe.Pointer
		placed := 0
		observed := New(Options{ObserveTransient: true, Observe: func(op *ir.Operation, rs []*tensor.Tensor) {
			first := unsafe.Pointer(&rs[0].Float32s()[0])
			switch {
			case op.Name() == "core.relu":
				relu = first
			case op.Name() == "core.conv2d" && op.Operand(1).Type().String() == "tensor<8x4x1x1xf32>":
				conv2 = first
			case op.Name() == "core.concat" && rs[0].Len() == 28*plane:
				out := rs[0].Float32s()
				if first == relu && unsafe.Pointer(&out[8*plane]) == conv2 {
					placed++
				}
			}
		}})
		for _, it := range []*Interpreter{New(Options{}), observed} {
			for run := range 4 {
				got, err := it.Run(fn, args)
				require.NoError(t, err)
				for i := range want {
					require.Equal(t, want[i].Float32s(), got[i].Float32s(), "threads %d, run %d, result %d", th, run, i)
				}
			}
		}
		require.Equal(t, 4, placed, "threads %d: runs whose relu and convolution wrote into the concatenation", th)
		tensor.SetThreads(prev)
	}
}

// TestConcatBeforeScaleShiftNotPlaced: a concatenation that a batch norm
// (mul, add) reads is normalized in one pass (concatScaleShift), so its
// operands are not placed in an output that is never written; the plain
// path, with an observer, copies them.
func TestConcatBeforeScaleShiftNotPlaced(t *testing.T) {
	src := `func.func @main(%x: tensor<1x4x6x6xf32>, %w: tensor<8x4x1x1xf32>, %b: tensor<8xf32>) -> tensor<1x12x6x6xf32> {
  %c = core.conv2d %x, %w, %b {dilations = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x4x6x6xf32>, tensor<8x4x1x1xf32>, tensor<8xf32>) -> tensor<1x8x6x6xf32>
  %cat = core.concat %c, %x {axis = 1 : i64} : (tensor<1x8x6x6xf32>, tensor<1x4x6x6xf32>) -> tensor<1x12x6x6xf32>
  %s = core.constant dense<0.5> : tensor<1x12x1x1xf32>
  %m = core.mul %cat, %s : (tensor<1x12x6x6xf32>, tensor<1x12x1x1xf32>) -> tensor<1x12x6x6xf32>
  %h = core.constant dense<0.25> : tensor<1x12x1x1xf32>
  %y = core.add %m, %h : (tensor<1x12x6x6xf32>, tensor<1x12x1x1xf32>) -> tensor<1x12x6x6xf32>
  func.return %y : tensor<1x12x6x6xf32>
}
`
	fn, err := LookupFunc(parseModule(t, src), "main")
	require.NoError(t, err)
	rng := rand.New(rand.NewSource(6))
	args := []*tensor.Tensor{randF32(rng, 1, 4, 6, 6), randF32(rng, 8, 4, 1, 1), randF32(rng, 8)}
	want, err := New(Options{NoBufferReuse: true}).Run(fn, args)
	require.NoError(t, err)
	var conv unsafe.Pointer
	placed := 0
	it := New(Options{ObserveTransient: true, Observe: func(op *ir.Operation, rs []*tensor.Tensor) {
		switch op.Name() {
		case "core.conv2d":
			conv = unsafe.Pointer(&rs[0].Float32s()[0])
		case "core.concat":
			if unsafe.Pointer(&rs[0].Float32s()[0]) == conv {
				placed++
			}
		}
	}})
	for _, run := range []*Interpreter{New(Options{}), it} {
		for range 3 {
			got, err := run.Run(fn, args)
			require.NoError(t, err)
			require.Equal(t, want[0].Float32s(), got[0].Float32s())
		}
	}
	require.Zero(t, placed, "runs that placed the convolution in a concatenation a batch norm reads")
}

// TestConcatPlacementUnverifiedTypes: a concatenation whose result type
// does not hold its operands (IR that was never verified) is not placed
// and fails at the concatenation with its type error: the relus before
// it run as usual (a slot past the output's end would fail them).
func TestConcatPlacementUnverifiedTypes(t *testing.T) {
	src := `func.func @main(%x: tensor<1x4x6x6xf32>) -> tensor<1x5x6x6xf32> {
  %r = core.relu %x : tensor<1x4x6x6xf32>
  %n = core.relu %x : tensor<1x4x6x6xf32>
  %cat = core.concat %r, %n {axis = 1 : i64} : (tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>) -> tensor<1x5x6x6xf32>
  func.return %cat : tensor<1x5x6x6xf32>
}
`
	m, err := asm.Parse(all.NewContext(), "test.mlir", []byte(src), 1)
	require.NoError(t, err)
	fn, err := LookupFunc(m, "main")
	require.NoError(t, err)
	x := randF32(rand.New(rand.NewSource(7)), 1, 4, 6, 6)
	it := New(Options{})
	for range 2 {
		_, err := it.Run(fn, []*tensor.Tensor{x})
		require.ErrorContains(t, err, "'core.concat' op")
		require.NotContains(t, err.Error(), "cannot be interpreted")
	}
}
