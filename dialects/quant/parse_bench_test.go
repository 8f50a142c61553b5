package quant_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
)

// BenchmarkParseQuantTypes parses a function whose 10000 ops each spell a
// different per-axis quant type, so every type goes through the quant
// parser (identical spellings are parsed once per file).
func BenchmarkParseQuantTypes(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("func.func @f(%x: tensor<4xf32>) {\n")
	for i := 1; i <= 10000; i++ {
		fmt.Fprintf(&sb, "  %%%d = quant.qcast %%x : tensor<4xf32> to tensor<4x!quant.uniform<i8:f32:0, {%d.5:%d, 0.25, 0.125:-3, 1.0}>>\n", i, i, i%100)
	}
	sb.WriteString("  return\n}\n")
	src := []byte(sb.String())
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		ctx := ir.NewContext()
		all.Register(ctx)
		if _, err := asm.Parse(ctx, "q.mlir", src, 1); err != nil {
			b.Fatal(err)
		}
	}
}
