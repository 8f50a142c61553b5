package asm

import (
	"io"
	"os"
	"testing"

	"github.com/mlc-go/mlc/ir"
)

// BenchmarkRoundTrip parses, verifies and prints the file named by
// MLC_BENCH_INPUT (make one with bench/gen-generic), the job mlc-opt does.
func BenchmarkRoundTrip(b *testing.B) {
	path := os.Getenv("MLC_BENCH_INPUT")
	if path == "" {
		b.Skip("set MLC_BENCH_INPUT to a generated module")
	}
	src, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	for i := 0; i < b.N; i++ {
		ctx := ir.NewContext()
		ctx.AllowUnregistered = true
		m, err := Parse(ctx, path, src, 1)
		if err != nil {
			b.Fatal(err)
		}
		if err := ir.Verify(m); err != nil {
			b.Fatal(err)
		}
		if err := Print(io.Discard, m, PrintOptions{Generic: true}); err != nil {
			b.Fatal(err)
		}
	}
}
