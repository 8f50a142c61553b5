package bytecode_test

import (
	"bytes"
	"io"
	"os"
	"testing"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	"github.com/mlc-go/mlc/ir/asm/bytecode"
)

// benchInput reads the module named by MLC_BENCH_INPUT (a file in generic
// form, which a bare context parses: mlc-opt --mlir-print-op-generic) and
// returns its text and its bytecode.
func benchInput(b *testing.B) (text, bc []byte) {
	path := os.Getenv("MLC_BENCH_INPUT")
	if path == "" {
		b.Skip("set MLC_BENCH_INPUT to a module in generic form")
	}
	text, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	m, err := asm.Parse(newCtx(), path, text, 1)
	if err != nil {
		b.Fatal(err)
	}
	bc, err = bytecode.Encode(m, bytecode.WriteOptions{})
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("%s: text %d bytes, bytecode %d bytes", path, len(text), len(bc))
	return text, bc
}

// BenchmarkParse reads the same module from text and from bytecode.
func BenchmarkParse(b *testing.B) {
	text, bc := benchInput(b)
	for _, c := range []struct {
		name string
		src  []byte
	}{{"text", text}, {"bytecode", bc}} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.src)))
			for i := 0; i < b.N; i++ {
				if _, err := asm.Parse(newCtx(), "in", c.src, 1); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkWrite prints the module as text and encodes it as bytecode.
func BenchmarkWrite(b *testing.B) {
	text, _ := benchInput(b)
	m, err := asm.Parse(newCtx(), "in", text, 1)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("text", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if err := asm.Print(io.Discard, m, asm.PrintOptions{Generic: true}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("bytecode", func(b *testing.B) {
		var buf bytes.Buffer
		for i := 0; i < b.N; i++ {
			buf.Reset()
			if err := bytecode.Write(&buf, m, bytecode.WriteOptions{}); err != nil {
				b.Fatal(err)
			}
		}
	})
	_ = ir.Verify
}
