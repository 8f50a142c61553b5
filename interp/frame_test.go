package interp

import (
	"fmt"
	"runtime"
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

// TestPadAvgPoolReuseStorage: after the first runs, core.pad and
// core.avg_pool2d write into recycled storage, not fresh allocations (an
// inception block's pad → average pool allocated 17 MB a run, each page
// faulted in anew), and give the same values as the first run.
func TestPadAvgPoolReuseStorage(t *testing.T) {
	src := `func.func @main(%x: tensor<1x64x35x35xf32>) -> tensor<1x64x35x35xf32> {
  %p = core.pad %x {high = array<i64: 0, 0, 1, 1>, low = array<i64: 0, 0, 1, 1>, value = 0.000000e+00 : f32} : (tensor<1x64x35x35xf32>) -> tensor<1x64x37x37xf32>
  %a = core.avg_pool2d %p {kernel = array<i64: 3, 3>, padding = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x64x37x37xf32>) -> tensor<1x64x35x35xf32>
  %y = core.add %a, %x : (tensor<1x64x35x35xf32>, tensor<1x64x35x35xf32>) -> tensor<1x64x35x35xf32>
  func.return %y : tensor<1x64x35x35xf32>
}
`
	fn, err := LookupFunc(parseModule(t, src), "main")
	require.NoError(t, err)
	xv := make([]float32, 64*35*35)
	for i := range xv {
		xv[i] = float32(i%97) - 48
	}
	x := tensor.MustFromSlice(tensor.F32, []int64{1, 64, 35, 35}, xv)
	it := New(Options{})
	var first []float32
	for k := range 4 {
		outs, err := it.Run(fn, []*tensor.Tensor{x})
		require.NoError(t, err)
		if k == 0 {
			first = append([]float32(nil), outs[0].Float32s()...)
		} else {
			require.Equal(t, first, outs[0].Float32s(), "run %d", k)
		}
		it.Recycle(fn, outs)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range 5 {
		outs, err := it.Run(fn, []*tensor.Tensor{x})
		require.NoError(t, err)
		it.Recycle(fn, outs)
	}
	runtime.ReadMemStats(&after)
	perRun := (after.TotalAlloc - before.TotalAlloc) / 5
	require.Less(t, perRun, uint64(64<<10), "bytes allocated per run (one padded tensor is %d)", 4*64*37*37)
}
