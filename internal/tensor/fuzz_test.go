package tensor

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// FuzzReadNpy: no input makes the reader panic or hang; whatever it
// accepts round-trips through the writer, and the streaming reader agrees
// with the in-memory one.
func FuzzReadNpy(f *testing.F) {
	for _, x := range []*Tensor{arange(F32, 2, 3), arange(F16, 3), MustFromSlice(Bool, sh(2), []bool{true, false}),
		arange(I64, 1, 1), Scalar(F64, 1), New(U8, 0, 2)} {
		b, _ := EncodeNpy(x)
		f.Add(b)
	}
	f.Add(npyFile(2, "{'descr': '>i4', 'fortran_order': False, 'shape': (2,), }", 16, []byte{0, 0, 0, 1, 0, 0, 0, 2}))
	f.Add(npyFile(3, `{"shape": (1L,), "fortran_order": False, "descr": "<u2"}`, 64, []byte{1, 0}))
	f.Add(npyFile(1, "{'descr': '<f4', 'fortran_order': True, 'shape': (1,), }", 64, []byte{0, 0, 0, 0}))
	f.Add([]byte("\x93NUMPY\x01\x00"))
	prev := SetMaxBytes(1 << 26)
	defer SetMaxBytes(prev)
	f.Fuzz(func(t *testing.T, data []byte) {
		x, err := DecodeNpy(data)
		y, err2 := ReadNpy(bytes.NewReader(data))
		if err != nil {
			return
		}
		if err2 != nil {
			t.Fatalf("DecodeNpy accepted what ReadNpy refused: %v", err2)
		}
		if !Equal(x, y) {
			t.Fatalf("DecodeNpy %v != ReadNpy %v", x, y)
		}
		b, err := EncodeNpy(x)
		if err != nil {
			t.Fatalf("re-encode %v: %v", x, err)
		}
		z, err := DecodeNpy(b)
		if err != nil {
			t.Fatalf("re-decode: %v", err)
		}
		if !Equal(x, z) || x.DType() != z.DType() {
			t.Fatalf("round trip changed %v to %v", x, z)
		}
	})
}

// FuzzReadTensorProto: no message makes the decoder panic; decoded inline
// tensors round-trip through MarshalTensorProto; external references are
// resolved only inside the base directory.
func FuzzReadTensorProto(f *testing.F) {
	for _, x := range []*Tensor{arange(F32, 2, 3), MustFromSlice(I4, sh(3), []int8{-8, 7, 1}), vals(BF16, sh(1), 2),
		MustFromSlice(Bool, sh(1), []bool{true}), arange(I64, 2), New(F32, 0)} {
		b, _ := MarshalTensorProto(x, "x")
		f.Add(b)
	}
	f.Add([]byte(pb(nil).dims(2).dtype(ONNXInt8).bytes(5, packedVarints(-1, 2))))
	f.Add([]byte(pb(nil).dims(3).dtype(ONNXFloat).bytes(4, packedF32(1, 2)).fixed32(4, 7)))
	f.Add([]byte(pb(nil).dims(1).dtype(ONNXDouble).fixed64(10, 1)))
	f.Add([]byte(externalProto("w.bin", "4", "8", 2)))
	f.Add([]byte(externalProto("../w.bin", "", "", 1)))
	dir := f.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "w.bin"), make([]byte, 64), 0o644); err != nil {
		f.Fatal(err)
	}
	prev := SetMaxBytes(1 << 26)
	defer SetMaxBytes(prev)
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := UnmarshalTensorProto(data)
		if err != nil {
			return
		}
		if p.IsExternal() {
			x, err := p.LoadExternal(dir)
			if err == nil && x == nil {
				t.Fatal("LoadExternal returned neither a tensor nor an error")
			}
			return
		}
		if p.Tensor == nil {
			t.Fatal("inline tensor decoded to nil")
		}
		n, _ := NumElements(p.Dims)
		if int64(p.Tensor.Len()) != n || !ShapeEqual(p.Tensor.Shape(), p.Dims) {
			t.Fatalf("dims %v but tensor %v", p.Dims, p.Tensor)
		}
		b, err := MarshalTensorProto(p.Tensor, p.Name)
		if err != nil {
			t.Fatalf("re-encode: %v", err)
		}
		q, err := UnmarshalTensorProto(b)
		if err != nil {
			t.Fatalf("re-decode: %v", err)
		}
		if !Equal(p.Tensor, q.Tensor) || q.Name != p.Name {
			t.Fatalf("round trip changed %v to %v", p.Tensor, q.Tensor)
		}
	})
}
