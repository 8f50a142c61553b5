package trtonnx_test

import (
	"os"
	"strings"
	"testing"

	"github.com/mlc-go/mlc/dialects/all"
	"github.com/mlc-go/mlc/internal/onnxpb"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
	trtonnx "github.com/mlc-go/mlc/translate/trt"
)

// FuzzExport: any trt IR that parses and verifies exports or fails with a
// positioned diagnostic (never a panic), and what exports encodes and
// decodes again.
func FuzzExport(f *testing.F) {
	src, err := os.ReadFile("testdata/emitters.mlir")
	if err != nil {
		f.Fatal(err)
	}
	for _, fn := range strings.Split(string(src), "\nfunc.func ")[1:] {
		f.Add("func.func " + fn)
	}
	f.Fuzz(func(t *testing.T, text string) {
		m, err := asm.ParseFile(all.NewContext(), "fuzz.mlir", []byte(text))
		if err != nil || ir.Verify(m) != nil {
			return
		}
		for _, op := range m.Region(0).Block(0).Ops() {
			if op.Name() != "func.func" {
				continue
			}
			model, err := trtonnx.Export(op, trtonnx.Options{})
			if err != nil {
				if _, ok := err.(*ir.Diagnostic); !ok {
					t.Fatalf("error is %T: %v", err, err)
				}
				continue
			}
			b, err := onnxpb.Encode(model)
			if err != nil {
				t.Fatalf("encode: %v", err)
			}
			if _, err := onnxpb.Decode(b); err != nil {
				t.Fatalf("decode of the export: %v", err)
			}
		}
	})
}
