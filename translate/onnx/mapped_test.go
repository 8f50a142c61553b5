package onnx

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/mlc-go/mlc/internal/mapfile"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// A model file large enough to be mapped imports, prints and runs as the
// same bytes imported from memory do; its blobs can release their pages,
// and the values read after printing (which released them) are intact.
func TestLargeModelsAreMappedAndReleasedAfterPrinting(t *testing.T) {
	n := mapfile.MinMapBytes/4 + 1000
	vals := make([]float32, n)
	for i := range vals {
		vals[i] = float32(i%1000) / 8
	}
	raw := f32raw(vals...)
	dir := t.TempDir()
	model := func(w pb) []byte {
		return modelPB(13, graphSpec{
			nodes:   []pb{nodePB("Add", "add", []string{"x", "w"}, []string{"y"})},
			inits:   []pb{w},
			inputs:  []pb{valueInfoPB("x", tFloat, n)},
			outputs: []pb{valueInfoPB("y", tFloat, n)},
		})
	}
	inline := model(tensorPB("w", tFloat, []int64{int64(n)}, raw))
	inlinePath := filepath.Join(dir, "inline.onnx")
	external := model(pb{}.packed(1, int64(n)).int(2, tFloat).str(8, "w").
		msg(13, pb{}.str(1, "location").str(2, "w.bin")).
		msg(13, pb{}.str(1, "offset").str(2, "4096")).
		msg(13, pb{}.str(1, "length").str(2, strconv.Itoa(len(raw)))).
		int(14, 1))
	externalPath := filepath.Join(dir, "external.onnx")
	for path, data := range map[string][]byte{
		inlinePath: inline, externalPath: external, filepath.Join(dir, "w.bin"): append(make([]byte, 4096), raw...),
	} {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	fromMemory, err := Import(newCtx(), inline, inlinePath, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := printWithResources(t, fromMemory)
	x := make([]float64, n)
	for i := range x {
		x[i] = 1
	}
	for _, path := range []string{inlinePath, externalPath} {
		t.Run(filepath.Base(path), func(t *testing.T) {
			m, err := ImportFile(newCtx(), path, Options{})
			if err != nil {
				t.Fatal(err)
			}
			released := 0
			ir.Walk(m, func(op *ir.Operation) {
				if d, ok := op.InherentAttr("value").(*ir.DenseResourceAttr); ok && d.Handle.Release != nil {
					released++
				}
			})
			if released != 1 {
				t.Errorf("%d blobs can release their pages, want 1 (the mapped weight)", released)
			}
			if got := printWithResources(t, m); got != want {
				t.Errorf("printed module differs from the one imported from memory")
			}
			out := run1(t, m, map[string]*tensor.Tensor{"x": tensor.MustValues(tensor.F32, []int64{int64(n)}, x...)})
			got := out[0].Values()
			for _, i := range []int{0, 1, 999, n / 2, n - 1} {
				if got[i] != float64(vals[i])+1 {
					t.Fatalf("y[%d] = %v, want %v", i, got[i], vals[i]+1)
				}
			}
		})
	}
}
