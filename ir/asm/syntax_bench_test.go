package asm

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
)

var benchOps = flag.Int("bench-ops", 200000, "ops in the file BenchmarkParseGeneric parses (bench/gen-generic -ops)")

var (
	benchOnce sync.Once
	benchSrc  []byte
	benchErr  error
)

// genericBenchFile returns the output of `go run ./bench/gen-generic -ops
// N` (about 31 MB for the default 200,000 ops), generated once per run.
func genericBenchFile(b *testing.B) []byte {
	benchOnce.Do(func() {
		dir, err := os.MkdirTemp("", "mlc-bench")
		if err != nil {
			benchErr = err
			return
		}
		defer os.RemoveAll(dir)
		out := filepath.Join(dir, "generic.mlir")
		cmd := exec.Command("go", "run", "../../bench/gen-generic", "-ops", strconv.Itoa(*benchOps), "-o", out)
		cmd.Stderr = os.Stderr
		if benchErr = cmd.Run(); benchErr == nil {
			benchSrc, benchErr = os.ReadFile(out)
		}
	})
	if benchErr != nil {
		b.Skipf("cannot generate the benchmark input: %v", benchErr)
	}
	return benchSrc
}

// BenchmarkParseGeneric parses a generated generic-form module (200,000 ops
// by default; -bench-ops changes it) from bytes to syntax tree.
func BenchmarkParseGeneric(b *testing.B) {
	src := genericBenchFile(b)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := parseSyntax("generic.mlir", src); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseGenericNoCopy is BenchmarkParseGeneric without the copy of
// the source into a string (parseSyntaxString).
func BenchmarkParseGenericNoCopy(b *testing.B) {
	src := string(genericBenchFile(b))
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := parseSyntaxString("generic.mlir", src); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLexGeneric only lexes the same file (no tokens kept).
func BenchmarkLexGeneric(b *testing.B) {
	src := string(genericBenchFile(b))
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := newLexScanner("generic.mlir", src)
		for {
			t, _ := s.Next()
			if t.Type == lexer.EOF {
				break
			}
		}
	}
}
