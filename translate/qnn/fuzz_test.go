package qnnser_test

import (
	"bytes"
	"os"
	"testing"

	qnnser "github.com/mlc-go/mlc/translate/qnn"
)

// FuzzImport: any JSON and bin bytes give a module or an error, never a
// panic or an allocation beyond the input's size.
func FuzzImport(f *testing.F) {
	src, err := os.ReadFile("testdata/ops.mlir")
	if err != nil {
		f.Fatal(err)
	}
	m := parse(f, newContext(), "testdata/ops.mlir", src)
	for _, name := range []string{"conv", "data_movement", "storage"} {
		fn, err := qnnser.FindFunc(m, name)
		if err != nil {
			f.Fatal(err)
		}
		b, err := qnnser.Serialize(fn, qnnser.Options{})
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b.NetJSON, b.Bin)
	}
	f.Add([]byte(`{"graph": {"tensors": {}, "nodes": {}}}`), []byte{})
	ctx := newContext() // one context: registering every dialect per input would dominate
	f.Fuzz(func(t *testing.T, js, bin []byte) {
		_, _ = qnnser.Import(ctx, "fuzz_net.json", js, "fuzz", bytes.NewReader(bin), int64(len(bin)))
	})
}
