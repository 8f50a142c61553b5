package interp

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/stretchr/testify/require"
)

// addChain is a function of n float32 adds, each of the last result and
// the argument.
func addChain(n int) string {
	var b strings.Builder
	b.WriteString("func.func @main(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32> {\n  %v0 = core.add %x, %x : (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>\n")
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, "  %%v%d = core.add %%v%d, %%x : (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>\n", i, i-1)
	}
	fmt.Fprintf(&b, "  func.return %%v%d : tensor<1x4x8x8xf32>\n}\n", n-1)
	return b.String()
}

// TestFrameAllocsPerOp: once a function has run, another run's
// bookkeeping (value map, last uses, buffer records, op call, operand
// slices) allocates nothing per op: each further add costs only what the
// add kernel itself allocates (shape slices and the result's tensor
// header, 10 objects). Before frames, 13.3.
func TestFrameAllocsPerOp(t *testing.T) {
	perRun := map[int]float64{}
	for _, n := range []int{10, 100} {
		fn, err := LookupFunc(parseModule(t, addChain(n)), "main")
		require.NoError(t, err)
		x := tensor.New(tensor.F32, 1, 4, 8, 8)
		it := New(Options{})
		for range 3 {
			_, err := it.Run(fn, []*tensor.Tensor{x})
			require.NoError(t, err)
		}
		perRun[n] = testing.AllocsPerRun(20, func() {
			if _, err := it.Run(fn, []*tensor.Tensor{x}); err != nil {
				t.Fatal(err)
			}
		})
	}
	perOp := (perRun[100] - perRun[10]) / 90
	require.LessOrEqual(t, perOp, 10.0, "allocations per add op (runs of 10 and 100 ops: %v)", perRun)
}

// BenchmarkOpOverhead runs 100 adds of 256 values: the interpreter's own
// cost per op (bookkeeping, dispatch, the kernel's headers), as time and
// allocations per run.
func BenchmarkOpOverhead(b *testing.B) {
	fn, err := LookupFunc(parseModule(b, addChain(100)), "main")
	if err != nil {
		b.Fatal(err)
	}
	x := tensor.New(tensor.F32, 1, 4, 8, 8)
	it := New(Options{})
	b.ReportAllocs()
	for b.Loop() {
		if _, err := it.Run(fn, []*tensor.Tensor{x}); err != nil {
			b.Fatal(err)
		}
	}
}
