package interp

import (
	"os"
	"runtime"
	"testing"

	"github.com/mlc-go/mlc/internal/tensor"
)

// BenchmarkModelFile runs @main of the IR file named by MLC_BENCH_MLIR on
// the input file MLC_BENCH_INPUT (for profiling with -cpuprofile); it is
// skipped when they are unset. Besides wall time it reports the process's
// CPU time per run, which other jobs on the machine distort less (run it
// with -cpu 1 for a one-thread figure).
func BenchmarkModelFile(b *testing.B) {
	path, in := os.Getenv("MLC_BENCH_MLIR"), os.Getenv("MLC_BENCH_INPUT")
	if path == "" || in == "" {
		b.Skip("MLC_BENCH_MLIR and MLC_BENCH_INPUT not set")
	}
	src, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	x, err := ReadTensorFile(in)
	if err != nil {
		b.Fatal(err)
	}
	fn, err := LookupFunc(parseModule(b, string(src)), "main")
	if err != nil {
		b.Fatal(err)
	}
	// The kernels use as many threads as -cpu gives the process.
	defer tensor.SetThreads(tensor.SetThreads(runtime.GOMAXPROCS(0)))
	for _, noReuse := range []bool{false, true} {
		name := "reuse"
		if noReuse {
			name = "noreuse"
		}
		b.Run(name, func(b *testing.B) {
			it := New(Options{NoBufferReuse: noReuse})
			b.ReportAllocs()
			// One untimed run decodes the weights and fills the caches.
			if _, err := it.Run(fn, []*tensor.Tensor{x}); err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			cpu := processCPUTime()
			for range b.N {
				if _, err := it.Run(fn, []*tensor.Tensor{x}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(processCPUTime()-cpu)/1e6/float64(b.N), "cpu-ms/op")
		})
	}
}
