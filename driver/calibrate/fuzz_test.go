package calibrate

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/interp"
)

// FuzzLoadDataset: whatever bytes a set's files hold, LoadDataset returns
// an error or inputs of the arguments' types, finite, and never panics.
func FuzzLoadDataset(f *testing.F) {
	npy, _ := tensor.EncodeNpy(f32(1, 2))
	pb, _ := tensor.MarshalTensorProto(f32(1, 2, 3), "b")
	f.Add(npy, pb)
	f.Add([]byte("\x93NUMPY\x01\x00\x10\x00{'descr': '<f4'}"), []byte{0x08, 0x03, 0x10, 0x01})
	fn := mainOf(f, parse(f, twoArgs))
	body := fn.Region(0).Blocks()[0]
	// One directory for every run (files are overwritten): a fresh one per
	// run makes the fuzzer too slow to minimise within its time.
	dir := f.TempDir()
	set := filepath.Join(dir, "test_data_set_0")
	if err := os.MkdirAll(set, 0o755); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, a, b []byte) {
		if err := os.WriteFile(filepath.Join(set, "a.npy"), a, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(set, "input_1.pb"), b, 0o644); err != nil {
			t.Fatal(err)
		}
		ds, err := LoadDataset(dir, fn)
		if err != nil {
			return
		}
		for i, x := range ds.Samples[0].Inputs {
			if err := interp.CheckValue(body.Arg(i).Type(), x); err != nil {
				t.Fatalf("input %d accepted with %v", i, err)
			}
			if _, _, ok := nonFinite(x); !ok {
				t.Fatalf("input %d accepted with a non-finite element", i)
			}
		}
	})
}

// FuzzLoadEvalDataset: whatever bytes a set's output_0.pb holds,
// LoadEvalDataset returns an error or a reference of the result's type,
// finite, and never panics.
func FuzzLoadEvalDataset(f *testing.F) {
	pb, _ := tensor.MarshalTensorProto(f32(1, 2), "y")
	f.Add(pb)
	f.Add([]byte{0x08, 0x02, 0x10, 0x01})
	fn := mainOf(f, parse(f, twoArgs))
	dir := f.TempDir()
	set := filepath.Join(dir, "test_data_set_0")
	if err := os.MkdirAll(set, 0o755); err != nil {
		f.Fatal(err)
	}
	npy, _ := tensor.EncodeNpy(f32(1, 2))
	in, _ := tensor.MarshalTensorProto(f32(1, 2, 3), "b")
	if err := os.WriteFile(filepath.Join(set, "a.npy"), npy, 0o644); err != nil {
		f.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(set, "input_1.pb"), in, 0o644); err != nil {
		f.Fatal(err)
	}
	result := fn.Region(0).Blocks()[0].Terminator().Operand(0).Type()
	f.Fuzz(func(t *testing.T, out []byte) {
		if err := os.WriteFile(filepath.Join(set, "output_0.pb"), out, 0o644); err != nil {
			t.Fatal(err)
		}
		ds, err := LoadEvalDataset(dir, fn)
		if err != nil {
			return
		}
		y := ds.Samples[0].Outputs[0]
		if err := interp.CheckValue(result, y); err != nil {
			t.Fatalf("output accepted with %v", err)
		}
		if _, _, ok := nonFinite(y); !ok {
			t.Fatal("output accepted with a non-finite element")
		}
	})
}
