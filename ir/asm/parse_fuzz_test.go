package asm

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/mlc-go/mlc/ir"
)

func addLitSeeds(f *testing.F) {
	files, _ := filepath.Glob("../../lit-tests/ir/*.mlir")
	more, _ := filepath.Glob("../../lit-tests/ir/Inputs/*.mlir")
	if len(files) == 0 {
		f.Fatal("no seed files in lit-tests/ir")
	}
	for _, path := range append(files, more...) {
		src, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		for _, ch := range SplitInput(src) {
			f.Add(ch.Text)
		}
	}
}

func printString(t *testing.T, m *ir.Operation, opts PrintOptions) []byte {
	var b bytes.Buffer
	if err := Print(&b, m, opts); err != nil {
		t.Fatalf("print: %v", err)
	}
	return b.Bytes()
}

// FuzzParse: parsing never panics, and whatever parses and verifies prints
// to text that parses again and prints identically (in both forms).
func FuzzParse(f *testing.F) {
	addLitSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		ctx := ir.NewContext()
		ctx.AllowUnregistered = true
		m, err := Parse(ctx, "fuzz.mlir", src, 1)
		if err != nil {
			if _, ok := err.(*ir.Diagnostic); !ok {
				t.Fatalf("error is not a diagnostic: %T %v", err, err)
			}
			return
		}
		if ir.Verify(m) != nil {
			return
		}
		for _, opts := range []PrintOptions{{}, {Generic: true}} {
			first := printString(t, m, opts)
			ctx2 := ir.NewContext()
			ctx2.AllowUnregistered = true
			m2, err := Parse(ctx2, "printed.mlir", first, 1)
			if err != nil {
				t.Fatalf("printed output does not parse: %v\n%s", err, first)
			}
			if second := printString(t, m2, opts); !bytes.Equal(first, second) {
				t.Fatalf("printing is not a fixed point:\n%s\n---\n%s", first, second)
			}
		}
	})
}
