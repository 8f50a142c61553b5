package tensor

import (
	"bytes"
	"encoding/binary"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// npyFile assembles a .npy file from a header dict text (padded with
// spaces and '\n' so that the preamble is a multiple of align bytes).
func npyFile(major byte, dict string, align int, data []byte) []byte {
	pre := 10
	if major >= 2 {
		pre = 12
	}
	total := pre + len(dict) + 1
	pad := (align - total%align) % align
	h := dict + strings.Repeat(" ", pad) + "\n"
	b := append([]byte("\x93NUMPY"), major, 0)
	if major == 1 {
		b = binary.LittleEndian.AppendUint16(b, uint16(len(h)))
	} else {
		b = binary.LittleEndian.AppendUint32(b, uint32(len(h)))
	}
	b = append(b, h...)
	return append(b, data...)
}

func TestNpyRoundTrip(t *testing.T) {
	tensors := []*Tensor{
		arange(F32, 2, 3),
		vals(F64, sh(4), 1.5, -2, math.Inf(1), math.SmallestNonzeroFloat64),
		vals(F16, sh(2, 1), 0.5, -65504),
		MustFromSlice(I8, sh(3), []int8{-128, 0, 127}),
		MustFromSlice(U8, sh(1, 1, 2), []uint8{0, 255}),
		MustFromSlice(I16, sh(2), []int16{-32768, 32767}),
		MustFromSlice(U16, sh(2), []uint16{0, 65535}),
		MustFromSlice(I32, sh(2), []int32{math.MinInt32, math.MaxInt32}),
		MustFromSlice(I64, sh(2), []int64{math.MinInt64, math.MaxInt64}),
		MustFromSlice(Bool, sh(3), []bool{true, false, true}),
		Scalar(F32, 3.25),
		New(F32, 0, 3),
		New(I64, 2, 0, 5),
	}
	for _, x := range tensors {
		b, err := EncodeNpy(x)
		require.NoError(t, err, "%v", x)
		assert.Zero(t, (len(b)-x.Len()*x.DType().Size())%64, "preamble is 64-byte aligned")
		y, err := DecodeNpy(b)
		require.NoError(t, err, "%v", x)
		assert.True(t, Equal(x, y), "%v != %v", x, y)
		y, err = ReadNpy(bytes.NewReader(b))
		require.NoError(t, err)
		assert.True(t, Equal(x, y))
	}
	// 4-bit types are written as 8-bit.
	b, err := EncodeNpy(MustFromSlice(I4, sh(2), []int8{-8, 7}))
	require.NoError(t, err)
	y, err := DecodeNpy(b)
	require.NoError(t, err)
	assert.Equal(t, I8, y.DType())
	assert.Equal(t, []int64{-8, 7}, y.IntValues())
	_, err = EncodeNpy(New(BF16, 1))
	assert.ErrorContains(t, err, "no NumPy dtype")

	// Files.
	dir := t.TempDir()
	p := filepath.Join(dir, "x.npy")
	require.NoError(t, WriteNpyFile(p, tensors[0]))
	y, err = ReadNpyFile(p)
	require.NoError(t, err)
	assert.True(t, Equal(tensors[0], y))
	_, err = ReadNpyFile(dir)
	assert.Error(t, err)
}

func TestNpyHeaderMatchesNumPy(t *testing.T) {
	// Exactly what numpy.save writes for np.zeros((2, 3), '<f4') and np.zeros(5, 'u1').
	b, err := EncodeNpy(New(F32, 2, 3))
	require.NoError(t, err)
	want := npyFile(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", 64, make([]byte, 24))
	assert.Equal(t, want, b)
	b, err = EncodeNpy(New(U8, 5))
	require.NoError(t, err)
	assert.Equal(t, npyFile(1, "{'descr': '|u1', 'fortran_order': False, 'shape': (5,), }", 64, make([]byte, 5)), b)
	b, err = EncodeNpy(Scalar(Bool, 1))
	require.NoError(t, err)
	assert.Equal(t, npyFile(1, "{'descr': '|b1', 'fortran_order': False, 'shape': (), }", 64, []byte{1}), b)
}

func TestNpyHandMadeFiles(t *testing.T) {
	// Big-endian int32, version 2.0, 16-byte alignment (old NumPy).
	data := []byte{0, 0, 0, 1, 0xff, 0xff, 0xff, 0xfe}
	y, err := DecodeNpy(npyFile(2, "{'descr': '>i4', 'fortran_order': False, 'shape': (2,), }", 16, data))
	require.NoError(t, err)
	assert.Equal(t, I32, y.DType())
	assert.Equal(t, []int64{1, -2}, y.IntValues())
	// Big-endian float64 and float16.
	y, err = DecodeNpy(npyFile(1, "{'descr': '>f8', 'fortran_order': False, 'shape': (1,), }", 64, []byte{0x3f, 0xf8, 0, 0, 0, 0, 0, 0}))
	require.NoError(t, err)
	requireValues(t, []float64{1.5}, y)
	y, err = DecodeNpy(npyFile(1, "{'descr': '>f2', 'fortran_order': False, 'shape': (1, 1), }", 64, []byte{0x3c, 0x00}))
	require.NoError(t, err)
	requireValues(t, []float64{1}, y)
	// Version 3.0 (UTF-8 header), key order shuffled, double quotes,
	// Python 2 longs, no trailing comma.
	y, err = DecodeNpy(npyFile(3, `{"shape": (2L, 1L), "fortran_order": False, "descr": "<u2"}`, 64, []byte{1, 0, 2, 0}))
	require.NoError(t, err)
	assert.Equal(t, sh(2, 1), y.Shape())
	assert.Equal(t, []int64{1, 2}, y.IntValues())
	// Bool spelled '?' (NumPy accepts it in descr strings).
	y, err = DecodeNpy(npyFile(1, "{'descr': '|?', 'fortran_order': False, 'shape': (2,), }", 64, []byte{0, 1}))
	require.NoError(t, err)
	assert.Equal(t, []bool{false, true}, y.Bools())
}

func TestNpyMalformed(t *testing.T) {
	good := npyFile(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }", 64, make([]byte, 8))
	hdr := func(dict string, data []byte) []byte { return npyFile(1, dict, 64, data) }
	cases := map[string]struct {
		b   []byte
		msg string
	}{
		"empty":               {nil, "truncated magic"},
		"truncated magic":     {good[:4], "truncated magic"},
		"bad magic":           {append([]byte("\x93NUMPX"), good[6:]...), "bad magic"},
		"bad version":         {append(append([]byte("\x93NUMPY"), 4, 0), good[8:]...), "unsupported format version 4.0"},
		"bad minor":           {append(append([]byte("\x93NUMPY"), 1, 1), good[8:]...), "unsupported format version 1.1"},
		"truncated hlen":      {good[:9], "truncated header length"},
		"truncated header":    {good[:40], "exceeds the file size"},
		"header over file":    {append(append([]byte("\x93NUMPY\x02\x00"), 0xff, 0xff, 0xff, 0), good[10:]...), "above the maximum"},
		"fortran":             {hdr("{'descr': '<f4', 'fortran_order': True, 'shape': (2,), }", make([]byte, 8)), "fortran_order=True"},
		"unknown dtype":       {hdr("{'descr': '<c8', 'fortran_order': False, 'shape': (2,), }", make([]byte, 16)), "unsupported dtype"},
		"object dtype":        {hdr("{'descr': '|O', 'fortran_order': False, 'shape': (2,), }", make([]byte, 16)), "unsupported dtype"},
		"structured":          {hdr("{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (2,), }", make([]byte, 8)), "bad header"},
		"missing shape":       {hdr("{'descr': '<f4', 'fortran_order': False, }", make([]byte, 8)), "shape missing"},
		"extra key":           {hdr("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), 'x': 1}", make([]byte, 8)), "unexpected header key"},
		"duplicate key":       {hdr("{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': (2,), }", make([]byte, 8)), "duplicate key"},
		"not a dict":          {hdr("(1, 2)", nil), "not a dict"},
		"garbage":             {hdr("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), } xyz", make([]byte, 8)), "trailing characters"},
		"negative dim":        {hdr("{'descr': '<f4', 'fortran_order': False, 'shape': (-2,), }", make([]byte, 8)), "negative dimension"},
		"huge dims":           {hdr("{'descr': '<f4', 'fortran_order': False, 'shape': (4294967296, 4294967296), }", make([]byte, 8)), "overflows"},
		"huge dim":            {hdr("{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999999999999,), }", nil), "bad integer"},
		"short data":          {hdr("{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }", make([]byte, 8)), "needs 12 data bytes, file has 8"},
		"trailing data":       {hdr("{'descr': '<f4', 'fortran_order': False, 'shape': (1,), }", make([]byte, 8)), "needs 4 data bytes, file has 8"},
		"big shape tiny file": {hdr("{'descr': '<f8', 'fortran_order': False, 'shape': (1000000000,), }", make([]byte, 8)), "needs 8000000000 data bytes"},
		"bad bool":            {hdr("{'descr': '|b1', 'fortran_order': False, 'shape': (1,), }", []byte{2}), "neither 0 nor 1"},
		"shape not ints":      {hdr("{'descr': '<f4', 'fortran_order': False, 'shape': ('a',), }", nil), "not an integer"},
		"unterminated":        {hdr("{'descr': '<f4", nil), "unterminated string"},
		"non-ascii v1":        {hdr("{'descr': '<f4', 'fortran_order': False, 'shape': (1,), 'é': 1}", make([]byte, 4)), "non-ASCII"},
		"nesting":             {hdr("{'a': {'b': {'c': {'d': {'e': {}}}}}}", nil), "nesting too deep"},
	}
	for name, c := range cases {
		_, err := DecodeNpy(c.b)
		if assert.Error(t, err, name) {
			assert.Contains(t, err.Error(), c.msg, name)
		}
	}
}

// A stream declaring a huge array but carrying little data fails after
// reading what is there, without allocating the declared size.
func TestReadNpyStreamDoesNotTrustShape(t *testing.T) {
	b := npyFile(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (1000000000,), }", 64, make([]byte, 100))
	var before, after runtimeMem
	before.read()
	_, err := ReadNpy(bytes.NewReader(b))
	after.read()
	require.ErrorContains(t, err, "truncated: 100 of 4000000000 bytes present")
	assert.Less(t, after.total-before.total, uint64(64<<20), "allocated %d bytes", after.total-before.total)
	// A stream holding two arrays back to back is read one at a time.
	var s bytes.Buffer
	require.NoError(t, WriteNpy(&s, arange(F32, 2)))
	require.NoError(t, WriteNpy(&s, arange(I64, 3)))
	x1, err := ReadNpy(&s)
	require.NoError(t, err)
	x2, err := ReadNpy(&s)
	require.NoError(t, err)
	assert.Equal(t, F32, x1.DType())
	assert.Equal(t, []int64{1, 2, 3}, x2.IntValues())
	// Above the allocation limit.
	prev := SetMaxBytes(1024)
	defer SetMaxBytes(prev)
	_, err = DecodeNpy(npyFile(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (512,), }", 64, make([]byte, 2048)))
	assert.ErrorIs(t, err, ErrTooLarge)
}
