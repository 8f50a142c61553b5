package tensor

import (
	"bytes"
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
