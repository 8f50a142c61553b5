package tensor

import (
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/encoding/protowire"

	"github.com/mlc-go/mlc/internal/onnxpb"
)

// pb builds TensorProto messages field by field for tests.
type pb []byte

func appendTag(b []byte, num int32, typ protowire.Type) []byte {
	return protowire.AppendTag(b, protowire.Number(num), typ)
}
func (b pb) varint(num int32, v uint64) pb {
	return protowire.AppendVarint(appendTag(b, num, protowire.VarintType), v)
}
func (b pb) bytes(num int32, d []byte) pb {
	return protowire.AppendBytes(appendTag(b, num, protowire.BytesType), d)
}
func (b pb) str(num int32, s string) pb { return b.bytes(num, []byte(s)) }
func (b pb) fixed32(num int32, v uint32) pb {
	return protowire.AppendFixed32(appendTag(b, num, protowire.Fixed32Type), v)
}
func (b pb) fixed64(num int32, v uint64) pb {
	return protowire.AppendFixed64(appendTag(b, num, protowire.Fixed64Type), v)
}
func (b pb) dims(d ...int64) pb {
	for _, v := range d {
		b = b.varint(1, uint64(v))
	}
	return b
}
func (b pb) dtype(c int32) pb { return b.varint(2, uint64(c)) }

func packedVarints(vs ...int64) []byte {
	var out []byte
	for _, v := range vs {
		out = binary.AppendUvarint(out, uint64(v))
	}
	return out
}

func packedF32(vs ...float32) []byte {
	var out []byte
	for _, v := range vs {
		out = binary.LittleEndian.AppendUint32(out, math.Float32bits(v))
	}
	return out
}

func TestTensorProtoRoundTrip(t *testing.T) {
	tensors := []*Tensor{
		arange(F32, 2, 3),
		vals(F64, sh(2), math.Pi, -1e300),
		vals(F16, sh(3), 1, -2, 65504),
		vals(BF16, sh(2), 1, -3),
		MustFromSlice(I8, sh(3), []int8{-128, 0, 127}),
		MustFromSlice(U8, sh(2), []uint8{0, 255}),
		MustFromSlice(I16, sh(1), []int16{-3}),
		MustFromSlice(U16, sh(1), []uint16{65535}),
		MustFromSlice(I32, sh(2), []int32{math.MinInt32, 5}),
		MustFromSlice(I64, sh(2), []int64{math.MinInt64, math.MaxInt64}),
		MustFromSlice(Bool, sh(2), []bool{true, false}),
		MustFromSlice(I4, sh(3), []int8{-8, 7, -1}),
		MustFromSlice(U4, sh(2, 2), []uint8{0, 15, 9, 1}),
		Scalar(F32, 2),
		New(F32, 0, 4),
	}
	for _, x := range tensors {
		b, err := MarshalTensorProto(x, "t")
		require.NoError(t, err)
		p, err := UnmarshalTensorProto(b)
		require.NoError(t, err, "%v", x)
		assert.Equal(t, "t", p.Name)
		assert.True(t, Equal(x, p.Tensor), "%v != %v", x, p.Tensor)
		code, _ := ONNXDataType(x.DType())
		assert.Equal(t, code, p.DataType)
	}
	// The 4-bit packing is low nibble first.
	b, err := MarshalTensorProto(MustFromSlice(I4, sh(3), []int8{1, -2, 3}), "")
	require.NoError(t, err)
	assert.Equal(t, pb(nil).dims(3).dtype(onnxpb.DataInt4).bytes(9, []byte{0xe1, 0x03}), pb(b))

	dir := t.TempDir()
	path := filepath.Join(dir, "x.pb")
	require.NoError(t, WriteTensorProtoFile(path, tensors[0], "x"))
	y, err := ReadTensorProtoFile(path)
	require.NoError(t, err)
	assert.True(t, Equal(tensors[0], y))
}

func TestTensorProtoTypedFields(t *testing.T) {
	neg := func(v int64) uint64 { return uint64(v) } // int32 negatives are 10-byte varints
	cases := []struct {
		name string
		msg  pb
		want *Tensor
	}{
		{"float packed", pb(nil).dims(2).dtype(onnxpb.DataFloat).bytes(4, packedF32(1.5, -2)), vals(F32, sh(2), 1.5, -2)},
		{"float unpacked", pb(nil).dims(2).dtype(onnxpb.DataFloat).fixed32(4, math.Float32bits(1.5)).fixed32(4, math.Float32bits(-2)), vals(F32, sh(2), 1.5, -2)},
		{"float mixed", pb(nil).dims(3).dtype(onnxpb.DataFloat).bytes(4, packedF32(1, 2)).fixed32(4, math.Float32bits(3)), vals(F32, sh(3), 1, 2, 3)},
		{"dims packed", pb(nil).bytes(1, packedVarints(1, 2)).dtype(onnxpb.DataFloat).bytes(4, packedF32(7, 8)), vals(F32, sh(1, 2), 7, 8)},
		{"int8", pb(nil).dims(3).dtype(onnxpb.DataInt8).varint(5, neg(-128)).varint(5, 5).varint(5, 127), MustFromSlice(I8, sh(3), []int8{-128, 5, 127})},
		{"uint8 packed", pb(nil).dims(2).dtype(onnxpb.DataUint8).bytes(5, packedVarints(0, 255)), MustFromSlice(U8, sh(2), []uint8{0, 255})},
		{"int16", pb(nil).dims(1).dtype(onnxpb.DataInt16).bytes(5, packedVarints(-32768)), MustFromSlice(I16, sh(1), []int16{-32768})},
		{"uint16", pb(nil).dims(1).dtype(onnxpb.DataUint16).bytes(5, packedVarints(65535)), MustFromSlice(U16, sh(1), []uint16{65535})},
		{"int32", pb(nil).dims(2).dtype(onnxpb.DataInt32).bytes(5, packedVarints(math.MinInt32, math.MaxInt32)), MustFromSlice(I32, sh(2), []int32{math.MinInt32, math.MaxInt32})},
		{"bool", pb(nil).dims(2).dtype(onnxpb.DataBool).bytes(5, packedVarints(1, 0)), MustFromSlice(Bool, sh(2), []bool{true, false})},
		{"float16 bits", pb(nil).dims(2).dtype(onnxpb.DataFloat16).bytes(5, packedVarints(0x3c00, 0xc000)), vals(F16, sh(2), 1, -2)},
		{"bfloat16 bits", pb(nil).dims(1).dtype(onnxpb.DataBFloat16).bytes(5, packedVarints(0x3f80)), vals(BF16, sh(1), 1)},
		{"int4 odd", pb(nil).dims(3).dtype(onnxpb.DataInt4).bytes(5, packedVarints(0xe1, 0x07)), MustFromSlice(I4, sh(3), []int8{1, -2, 7})},
		{"uint4", pb(nil).dims(2).dtype(onnxpb.DataUint4).varint(5, 0xf0), MustFromSlice(U4, sh(2), []uint8{0, 15})},
		{"int64", pb(nil).dims(2).dtype(onnxpb.DataInt64).bytes(7, packedVarints(-1, math.MaxInt64)), MustFromSlice(I64, sh(2), []int64{-1, math.MaxInt64})},
		{"int64 unpacked", pb(nil).dims(1).dtype(onnxpb.DataInt64).varint(7, neg(-5)), MustFromSlice(I64, sh(1), []int64{-5})},
		{"double", pb(nil).dims(1).dtype(onnxpb.DataDouble).fixed64(10, math.Float64bits(0.1)), vals(F64, sh(1), 0.1)},
		{"scalar", pb(nil).dtype(onnxpb.DataFloat).bytes(4, packedF32(4)), Scalar(F32, 4)},
		{"empty no data", pb(nil).dims(0, 3).dtype(onnxpb.DataFloat), New(F32, 0, 3)},
		{"raw", pb(nil).dims(2).dtype(onnxpb.DataFloat).bytes(9, packedF32(1, 2)), vals(F32, sh(2), 1, 2)},
		{"raw bool", pb(nil).dims(2).dtype(onnxpb.DataBool).bytes(9, []byte{1, 0}), MustFromSlice(Bool, sh(2), []bool{true, false})},
		{"unknown fields skipped", pb(nil).dims(1).dtype(onnxpb.DataFloat).str(12, "doc").varint(99, 7).
			bytes(16, pb(nil).str(1, "k").str(2, "v")).fixed64(98, 1).bytes(4, packedF32(1)), vals(F32, sh(1), 1)},
		{"group skipped", append(append(pb(nil).dims(1).dtype(onnxpb.DataFloat), appendTag(nil, 50, protowire.StartGroupType)...),
			append(pb(nil).varint(1, 5), append(appendTag(nil, 50, protowire.EndGroupType), pb(nil).bytes(4, packedF32(1))...)...)...), vals(F32, sh(1), 1)},
		{"last data_type wins", pb(nil).dims(1).dtype(onnxpb.DataInt32).dtype(onnxpb.DataFloat).bytes(4, packedF32(1)), vals(F32, sh(1), 1)},
	}
	for _, c := range cases {
		p, err := UnmarshalTensorProto(c.msg)
		require.NoError(t, err, c.name)
		assert.True(t, Equal(c.want, p.Tensor), "%s: got %v, want %v", c.name, p.Tensor, c.want)
	}
	p, err := UnmarshalTensorProto(pb(nil).dims(1).dtype(onnxpb.DataFloat).str(8, "w").str(12, "doc").bytes(4, packedF32(1)))
	require.NoError(t, err)
	assert.Equal(t, "w", p.Name)
	assert.Equal(t, "doc", p.DocString)
}

func TestTensorProtoMalformed(t *testing.T) {
	f := pb(nil).dims(2).dtype(onnxpb.DataFloat)
	cases := map[string]struct {
		msg pb
		err string
	}{
		"truncated varint":     {pb{0x08, 0x80}, "byte 1: TensorProto: field 1 (varint): unexpected end of data"},
		"bad tag":              {pb{0x80}, "byte 0: TensorProto: malformed field tag: unexpected end of data"},
		"field zero":           {pb{0x00, 0x01}, "byte 0: TensorProto: malformed field tag: invalid field number"},
		"length past end":      {pb{0x4a, 0x05, 1, 2}, "byte 1: TensorProto: field 9 (length-delimited): unexpected end of data"},
		"truncated fixed32":    {pb(nil).dims(1).dtype(onnxpb.DataFloat).append(appendTag(nil, 4, protowire.Fixed32Type)...).append(1, 2), "byte 5: TensorProto: field 4 (fixed32): unexpected end of data"},
		"end group alone":      {append(pb(nil).dims(1), appendTag(nil, 5, protowire.EndGroupType)...), "byte 3: TensorProto: field 5 (end-group): mismatched end-group marker"},
		"wire type 7":          {pb{0x0f}, "byte 1: TensorProto: field 1 (wire type 7): reserved wire type"},
		"no data_type":         {pb(nil).dims(1).bytes(4, packedF32(1)), "missing data_type"},
		"undefined":            {pb(nil).dims(1).dtype(0), "missing data_type"},
		"string":               {pb(nil).dims(1).dtype(onnxpb.DataString).str(6, "a"), "unsupported ONNX data type STRING"},
		"uint64":               {pb(nil).dims(1).dtype(onnxpb.DataUint64).varint(11, 1), "unsupported ONNX data type UINT64"},
		"float8":               {pb(nil).dims(1).dtype(17).bytes(9, []byte{1}), "FLOAT8E4M3FN"},
		"segment":              {pb(nil).dims(1).dtype(onnxpb.DataFloat).bytes(3, nil).bytes(4, packedF32(1)), "segmented"},
		"negative dim":         {pb(nil).varint(1, uint64(0xffffffffffffffff)).dtype(onnxpb.DataFloat), "negative dimension"},
		"overflow dims":        {pb(nil).dims(1<<32, 1<<32).dtype(onnxpb.DataFloat).bytes(9, nil), "overflows"},
		"huge dims tiny data":  {pb(nil).dims(1<<40).dtype(onnxpb.DataFloat).bytes(9, packedF32(1)), "need 4398046511104 raw_data bytes, found 4"},
		"huge dims typed":      {pb(nil).dims(1<<40).dtype(onnxpb.DataDouble).fixed64(10, 0), "holds 1 entries"},
		"raw too long":         {f.bytes(9, packedF32(1, 2, 3)), "need 8 raw_data bytes, found 12"},
		"raw too short":        {f.bytes(9, packedF32(1)), "need 8 raw_data bytes, found 4"},
		"no data":              {f, "has no data"},
		"typed count":          {f.bytes(4, packedF32(1)), "holds 1 entries (want 2)"},
		"two fields":           {f.bytes(4, packedF32(1, 2)).bytes(9, packedF32(1, 2)), "more than one data field"},
		"wrong field for type": {pb(nil).dims(1).dtype(onnxpb.DataInt32).bytes(4, packedF32(1)), "float_data cannot hold INT32"},
		"int8 out of range":    {pb(nil).dims(1).dtype(onnxpb.DataInt8).varint(5, 300), "out of range for INT8"},
		"uint8 negative":       {pb(nil).dims(1).dtype(onnxpb.DataUint8).varint(5, uint64(0xffffffffffffffff)), "out of range for UINT8"},
		"bool 2":               {pb(nil).dims(1).dtype(onnxpb.DataBool).varint(5, 2), "not a bool"},
		"raw bool 2":           {pb(nil).dims(1).dtype(onnxpb.DataBool).bytes(9, []byte{2}), "neither 0 nor 1"},
		"f16 bits":             {pb(nil).dims(1).dtype(onnxpb.DataFloat16).varint(5, 70000), "16-bit pattern"},
		"int4 pair":            {pb(nil).dims(2).dtype(onnxpb.DataInt4).varint(5, 256), "packed 4-bit pair"},
		"int4 count":           {pb(nil).dims(3).dtype(onnxpb.DataInt4).varint(5, 1), "want 2"},
		"packed fixed32 len":   {pb(nil).dims(1).dtype(onnxpb.DataFloat).bytes(4, []byte{1, 2, 3}), "byte 6: TensorProto.float_data (field 4): packed length 3 is not a multiple of 4"},
		"packed varint trunc":  {pb(nil).dims(1).dtype(onnxpb.DataInt64).bytes(7, []byte{0x80}), "byte 6: TensorProto.int64_data (field 7): packed varint: unexpected end of data"},
		"dims wire type":       {pb(nil).fixed32(1, 1).dtype(onnxpb.DataFloat), "byte 0: TensorProto.dims (field 1): wire type fixed32, expected varint or packed varints"},
		"data_type wire type":  {pb(nil).dims(1).str(2, "x"), "byte 2: TensorProto.data_type (field 2): wire type length-delimited, expected varint"},
		"data_location":        {f.varint(14, 7), "unknown data_location 7"},
		"external no location": {pb(nil).dims(1).dtype(onnxpb.DataFloat).varint(14, 1), "no location"},
		"external and inline":  {pb(nil).dims(1).dtype(onnxpb.DataFloat).bytes(13, pb(nil).str(1, "location").str(2, "w.bin")).varint(14, 1).bytes(9, packedF32(1)), "also has inline data"},
		"bad ext entry":        {pb(nil).dims(1).dtype(onnxpb.DataFloat).bytes(13, pb{0x08, 0x01}).varint(14, 1), "byte 6: StringStringEntryProto.key (field 1): wire type varint, expected length-delimited"},
		"varint overflow":      {pb{0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02}, "byte 1: TensorProto: field 1 (varint): varint overflows 64 bits"},
	}
	for name, c := range cases {
		_, err := UnmarshalTensorProto(c.msg)
		if assert.Error(t, err, name) {
			assert.Contains(t, err.Error(), c.err, name)
		}
	}
	_, err := MarshalTensorProto(New(F32, 1), "")
	assert.NoError(t, err)
	prev := SetMaxBytes(16)
	_, err = UnmarshalTensorProto(pb(nil).dims(8).dtype(onnxpb.DataFloat).bytes(9, make([]byte, 32)))
	SetMaxBytes(prev)
	assert.ErrorIs(t, err, ErrTooLarge)
}

func (b pb) append(x ...byte) pb { return append(b, x...) }

func externalProto(loc string, offset, length string, dims ...int64) pb {
	ext := pb(nil)
	entry := func(k, v string) { ext = ext.bytes(13, pb(nil).str(1, k).str(2, v)) }
	entry("location", loc)
	if offset != "" {
		entry("offset", offset)
	}
	if length != "" {
		entry("length", length)
	}
	return append(pb(nil).dims(dims...).dtype(onnxpb.DataFloat).str(8, "w"), ext.varint(14, 1)...)
}

func TestTensorProtoExternalData(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "model")
	require.NoError(t, os.MkdirAll(filepath.Join(sub, "weights"), 0o755))
	data := append(make([]byte, 8), packedF32(1, 2, 3)...)
	require.NoError(t, os.WriteFile(filepath.Join(sub, "weights", "w.bin"), data, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "outside.bin"), data, 0o644))

	p, err := UnmarshalTensorProto(externalProto("weights/w.bin", "8", "12", 3))
	require.NoError(t, err)
	assert.True(t, p.IsExternal())
	assert.Nil(t, p.Tensor)
	info, err := p.External()
	require.NoError(t, err)
	assert.Equal(t, ExternalInfo{Location: "weights/w.bin", Offset: 8, Length: 12}, *info)
	assert.Equal(t, []StringEntry{{"location", "weights/w.bin"}, {"offset", "8"}, {"length", "12"}}, p.ExternalData)
	x, err := p.LoadExternal(sub)
	require.NoError(t, err)
	requireValues(t, []float64{1, 2, 3}, x)
	assert.Same(t, x, p.Tensor)

	// Through a .pb file next to the data; length omitted.
	pbPath := filepath.Join(sub, "w.pb")
	require.NoError(t, os.WriteFile(pbPath, externalProto("weights/w.bin", "8", "", 3), 0o644))
	x, err = ReadTensorProtoFile(pbPath)
	require.NoError(t, err)
	requireValues(t, []float64{1, 2, 3}, x)
	_, err = DecodeTensorProto(externalProto("weights/w.bin", "8", "", 3))
	assert.ErrorContains(t, err, "external data")

	// Relative symlinks inside the folder are fine; ones leading out (and
	// absolute ones, which os.Root refuses) are not.
	require.NoError(t, os.Symlink(filepath.Join("weights", "w.bin"), filepath.Join(sub, "inside.bin")))
	require.NoError(t, os.Symlink(filepath.Join(sub, "weights", "w.bin"), filepath.Join(sub, "abs.bin")))
	require.NoError(t, os.Symlink(filepath.Join(dir, "outside.bin"), filepath.Join(sub, "escape.bin")))
	require.NoError(t, os.Symlink(dir, filepath.Join(sub, "up")))
	p, err = UnmarshalTensorProto(externalProto("inside.bin", "8", "12", 3))
	require.NoError(t, err)
	_, err = p.LoadExternal(sub)
	require.NoError(t, err)

	for name, c := range map[string]struct {
		msg pb
		err string
	}{
		"absolute":        {externalProto(filepath.Join(dir, "outside.bin"), "8", "", 3), "is absolute"},
		"dotdot":          {externalProto("../outside.bin", "8", "", 3), "contains '..'"},
		"nested dotdot":   {externalProto("weights/../../outside.bin", "8", "", 3), "contains '..'"},
		"backslash":       {externalProto(`weights\..\..\outside.bin`, "8", "", 3), "contains '..'"},
		"windows drive":   {externalProto(`C:\w.bin`, "8", "", 3), "is absolute"},
		"symlink escape":  {externalProto("escape.bin", "8", "", 3), "escapes"},
		"symlinked dir":   {externalProto("up/outside.bin", "8", "", 3), "escapes"},
		"absolute link":   {externalProto("abs.bin", "8", "", 3), "escapes"},
		"length mismatch": {externalProto("weights/w.bin", "8", "8", 3), "external length 8, but dims [3] of FLOAT need 12 bytes"},
		"past the end":    {externalProto("weights/w.bin", "12", "", 3), "has 20 bytes, need 12 at offset 12"},
		"offset past end": {externalProto("weights/w.bin", "100", "", 1), "has 20 bytes, need 4 at offset 100"},
		"huge dims":       {externalProto("weights/w.bin", "0", "", 1<<30), "has 20 bytes, need 4294967296"},
		"above limit":     {externalProto("weights/w.bin", "0", "", 1<<40), "above the limit"},
		"missing":         {externalProto("weights/nope.bin", "", "", 1), "no such file"},
		"directory":       {externalProto("weights", "", "", 1), "not a regular file"},
		"nul":             {externalProto("w\x00.bin", "", "", 1), "unsafe external data path"},
	} {
		p, err := UnmarshalTensorProto(c.msg)
		require.NoError(t, err, name)
		_, err = p.LoadExternal(sub)
		if assert.Error(t, err, name) {
			assert.Contains(t, err.Error(), c.err, name)
		}
	}
	for name, c := range map[string]struct {
		msg pb
		err string
	}{
		"bad offset":      {externalProto("weights/w.bin", "-1", "", 3), "offset \"-1\" is not a non-negative integer"},
		"bad length":      {externalProto("weights/w.bin", "0", "x", 3), "length \"x\""},
		"empty location":  {externalProto("", "0", "", 3), "no location"},
		"overflowing dim": {externalProto("weights/w.bin", "0", "", 1<<62, 4), "overflows"},
	} {
		_, err := UnmarshalTensorProto(c.msg)
		if assert.Error(t, err, name) {
			assert.Contains(t, err.Error(), c.err, name)
		}
	}
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
	f.Add([]byte(pb(nil).dims(2).dtype(onnxpb.DataInt8).bytes(5, packedVarints(-1, 2))))
	f.Add([]byte(pb(nil).dims(3).dtype(onnxpb.DataFloat).bytes(4, packedF32(1, 2)).fixed32(4, 7)))
	f.Add([]byte(pb(nil).dims(1).dtype(onnxpb.DataDouble).fixed64(10, 1)))
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
