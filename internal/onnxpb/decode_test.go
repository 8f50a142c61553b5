package onnxpb

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unsafe"

	"google.golang.org/protobuf/encoding/protowire"
)

type msg []byte

// opsets and dimStrings show opset imports and dims as strings.
func opsets(ids []OpsetID) []string {
	var s []string
	for _, id := range ids {
		s = append(s, fmt.Sprintf("%s:%d", id.Domain, id.Version))
	}
	return s
}

func dimStrings(ds []Dim) []string {
	var s []string
	for _, d := range ds {
		switch {
		case d.HasValue:
			s = append(s, fmt.Sprint(d.Value))
		case d.Param != "":
			s = append(s, d.Param)
		default:
			s = append(s, "?")
		}
	}
	return s
}

func (m msg) str(n int, s string) msg {
	return protowire.AppendString(protowire.AppendTag(m, protowire.Number(n), protowire.BytesType), s)
}
func (m msg) sub(n int, b []byte) msg {
	return protowire.AppendBytes(protowire.AppendTag(m, protowire.Number(n), protowire.BytesType), b)
}
func (m msg) v(n int, x int64) msg {
	return protowire.AppendVarint(protowire.AppendTag(m, protowire.Number(n), protowire.VarintType), uint64(x))
}
func (m msg) f32(n int, x float32) msg {
	return protowire.AppendFixed32(protowire.AppendTag(m, protowire.Number(n), protowire.Fixed32Type), math.Float32bits(x))
}
func (m msg) f64(n int, x float64) msg {
	return protowire.AppendFixed64(protowire.AppendTag(m, protowire.Number(n), protowire.Fixed64Type), math.Float64bits(x))
}
func (m msg) packed(n int, xs ...int64) msg {
	var b []byte
	for _, x := range xs {
		b = protowire.AppendVarint(b, uint64(x))
	}
	return m.sub(n, b)
}

func TestDecodeModel(t *testing.T) {
	raw := []byte{0, 0, 128, 63, 0, 0, 0, 64}
	weight := msg{}.v(1, 2).v(2, DataFloat).str(8, "w").sub(9, raw)
	dims := msg{}.packed(1, 1).v(1, 2).v(2, DataInt64).str(8, "s").packed(7, -1, 5)
	attrs := []msg{
		msg{}.str(1, "alpha").v(20, int64(AttrFloat)).f32(2, 0.5),
		msg{}.str(1, "axes").packed(8, 0, -1), // no type field (old files)
		msg{}.str(1, "mode").v(20, int64(AttrString)).str(4, "constant"),
		msg{}.str(1, "value").v(20, int64(AttrTensor)).sub(5, weight),
		msg{}.str(1, "fs").v(20, int64(AttrFloats)).f32(7, 1).f32(7, 2),
	}
	node := msg{}.str(1, "x").str(1, "").str(2, "y").str(3, "n0").str(4, "Op").str(7, "ai.onnx")
	for _, a := range attrs {
		node = node.sub(5, a)
	}
	dim := func(m msg) msg { return msg{}.sub(1, m) }
	tensorType := msg{}.v(1, DataFloat).sub(2, append(dim(msg{}.str(2, "N")), dim(msg{}.v(1, 3))...))
	in := msg{}.str(1, "x").sub(2, msg{}.sub(1, tensorType))
	seq := msg{}.str(1, "q").sub(2, msg{}.sub(4, msg{}.sub(1, msg{}.sub(1, msg{}.v(1, 1)))))
	graph := msg{}.sub(1, node).str(2, "g").sub(5, weight).sub(5, dims).sub(11, in).sub(12, seq).sub(13, in)
	model := msg{}.v(1, 8).sub(8, msg{}.str(1, "").v(2, 13)).sub(8, msg{}.str(1, "com.x").v(2, 1)).
		str(2, "prod").str(3, "1.0").sub(7, graph).sub(14, msg{}.str(1, "k").str(2, "v")).sub(25, msg{})
	m, err := Decode(model)
	if err != nil {
		t.Fatal(err)
	}
	if m.IRVersion != 8 || m.ProducerName != "prod" || m.ProducerVersion != "1.0" || m.Functions != 1 ||
		fmt.Sprint(opsets(m.OpsetImports)) != "[:13 com.x:1]" || len(m.Metadata) != 1 || m.Metadata[0].Key != "k" || m.Metadata[0].Value != "v" {
		t.Errorf("model fields: %+v", m)
	}
	g := m.Graph
	if g.Name != "g" || len(g.Nodes) != 1 || len(g.Initializers) != 2 || len(g.Inputs) != 1 || len(g.Outputs) != 1 || len(g.ValueInfo) != 1 {
		t.Fatalf("graph: %+v", g)
	}
	n := g.Nodes[0]
	if !reflect.DeepEqual(n.Inputs, []string{"x", ""}) || !reflect.DeepEqual(n.Outputs, []string{"y"}) || n.Name != "n0" || n.OpType != "Op" || n.Domain != "ai.onnx" {
		t.Errorf("node: %+v", n)
	}
	if a := n.Attrs[0]; a.Kind() != AttrFloat || a.F != 0.5 {
		t.Errorf("alpha: %+v", a)
	}
	if a := n.Attrs[1]; a.Kind() != AttrInts || !reflect.DeepEqual(a.Ints, []int64{0, -1}) {
		t.Errorf("axes: kind %v %+v", a.Kind(), a)
	}
	if a := n.Attrs[2]; a.Kind() != AttrString || string(a.S) != "constant" {
		t.Errorf("mode: %+v", a)
	}
	if a := n.Attrs[3]; a.Kind() != AttrTensor || a.T.Name != "w" {
		t.Errorf("value: %+v", a)
	}
	if a := n.Attrs[4]; !reflect.DeepEqual(a.Floats, []float32{1, 2}) {
		t.Errorf("floats: %+v", a)
	}
	w := g.Initializers[0]
	if !reflect.DeepEqual(w.Dims, []int64{2}) || w.DataType != DataFloat || !w.HasRawData {
		t.Errorf("weight: %+v", w)
	}
	if &w.RawData[0] != &model[w.RawOffset] || uintptr(unsafe.Pointer(&w.RawData[0])) < uintptr(unsafe.Pointer(&model[0])) {
		t.Error("raw_data does not alias the input")
	}
	b, err := w.Bytes()
	if err != nil || &b[0] != &w.RawData[0] {
		t.Errorf("Bytes copied raw_data: %v", err)
	}
	s := g.Initializers[1]
	if !reflect.DeepEqual(s.Dims, []int64{1, 2}) {
		t.Errorf("packed then unpacked dims: %v", s.Dims)
	}
	if b, err := s.Bytes(); err != nil || len(b) != 16 || b[0] != 0xff || b[8] != 5 {
		t.Errorf("int64_data bytes %v %v", b, err)
	}
	x := g.Inputs[0].Type
	if x.Kind != TypeTensor || x.ElemType != DataFloat || !x.HasShape ||
		fmt.Sprint(dimStrings(x.Shape)) != "[N 3]" {
		t.Errorf("input type: %+v", x)
	}
	if g.Outputs[0].Type.Kind != TypeSequence {
		t.Errorf("sequence type: %+v", g.Outputs[0].Type)
	}
}

func TestTypedBytes(t *testing.T) {
	for _, tc := range []struct {
		name string
		t    *Tensor
		want []byte
	}{
		{"float", &Tensor{Dims: []int64{2}, DataType: DataFloat, FloatData: []uint64{uint64(math.Float32bits(1)), uint64(math.Float32bits(-2))}},
			[]byte{0, 0, 0x80, 0x3f, 0, 0, 0, 0xc0}},
		{"f16 in int32_data", &Tensor{Dims: []int64{1}, DataType: DataFloat16, Int32Data: []uint64{0x3c00}}, []byte{0, 0x3c}},
		{"int8 negative", &Tensor{DataType: DataInt8, Int32Data: []uint64{uint64(0xffffffffffffff85)}}, []byte{0x85}},
		{"bool", &Tensor{Dims: []int64{3}, DataType: DataBool, Int32Data: []uint64{0, 7, 1}}, []byte{0, 1, 1}},
		{"double", &Tensor{Dims: []int64{1}, DataType: DataDouble, DoubleData: []uint64{math.Float64bits(0.5)}}, []byte{0, 0, 0, 0, 0, 0, 0xe0, 0x3f}},
		{"uint32", &Tensor{Dims: []int64{1}, DataType: DataUint32, Uint64Data: []uint64{0xdeadbeef}}, []byte{0xef, 0xbe, 0xad, 0xde}},
		{"empty", &Tensor{Dims: []int64{0, 3}, DataType: DataFloat}, []byte{}},
	} {
		got, err := tc.t.Bytes()
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: got %v, %v; want %v", tc.name, got, err, tc.want)
		}
	}
	for _, tc := range []struct {
		t    *Tensor
		want string
	}{
		{&Tensor{Dims: []int64{3}, DataType: DataFloat, FloatData: []uint64{1}}, "float_data holds 1 elements, but FLOAT[3] has 3"},
		{&Tensor{Dims: []int64{2}, DataType: DataInt32, HasRawData: true, RawData: make([]byte, 7)}, "raw_data holds 7 bytes, but INT32[2] needs 8"},
		{&Tensor{DataType: DataString, StringData: [][]byte{[]byte("a")}}, "data type STRING is not supported"},
		{&Tensor{Dims: []int64{math.MaxInt64, 2}, DataType: DataFloat}, "element count overflows"},
		{&Tensor{Dims: []int64{math.MaxInt64 / 2}, DataType: DataFloat}, "byte size overflows"},
		{&Tensor{DataType: DataFloat, DataLocation: LocationExternal}, "tensor data is external"},
	} {
		if _, err := tc.t.Bytes(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("got %v, want %q", err, tc.want)
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	node := msg{}.str(4, "Relu")
	graph := msg{}.sub(1, node)
	good := msg{}.v(1, 8).sub(7, graph)
	for _, tc := range []struct {
		name string
		data []byte
		off  int
		want string
	}{
		{"truncated", good[:len(good)-1], 3, "ModelProto: field 7 (length-delimited): unexpected end of data"},
		{"wire type", msg{}.v(1, 8).sub(7, msg{}.sub(1, msg{}.v(4, 1))), 6, "NodeProto.op_type (field 4): wire type varint, expected length-delimited"},
		{"bad tag", []byte{0x00}, 0, "malformed field tag"},
		{"end group", []byte{0x0c}, 1, "mismatched end-group marker"},
		{"varint overflow", append([]byte{0x08}, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01), 1, "overflow"},
		{"packed varint", msg{}.sub(7, msg{}.sub(5, msg{}.sub(1, []byte{0x80}))), 6, "packed varint"},
		{"packed fixed", msg{}.sub(7, msg{}.sub(5, msg{}.sub(4, []byte{1, 2, 3}))), 6, "packed length 3 is not a multiple of 4"},
		{"graph twice", msg{}.sub(7, nil).sub(7, nil), 2, "ModelProto.graph given twice"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode(tc.data)
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("got %v, want an *Error", err)
			}
			if e.Offset != tc.off || !strings.Contains(e.Msg, tc.want) {
				t.Errorf("got offset %d %q, want %d %q", e.Offset, e.Msg, tc.off, tc.want)
			}
		})
	}
}

func TestNegativeInt32(t *testing.T) {
	// int32 -1 is encoded as a ten-byte varint.
	tp, err := DecodeTensor(msg{}.v(2, -1).f64(10, 1))
	if err != nil || tp.DataType != -1 || len(tp.DoubleData) != 1 {
		t.Errorf("got %+v %v", tp, err)
	}
}

func FuzzDecode(f *testing.F) {
	files, _ := filepath.Glob("../../translate/onnx/testdata/ops/*.onnx")
	for _, p := range files {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Decode(data)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(data) {
				t.Fatalf("error without a valid offset: %v", err)
			}
			return
		}
		if m.Graph != nil {
			for _, init := range m.Graph.Initializers {
				init.Bytes()
			}
		}
	})
}

// DecodePassing hands over each tensor's raw data, initializers and
// attribute tensors alike, as the same bytes the model aliases.
func TestDecodePassing(t *testing.T) {
	w1 := msg{}.v(1, 2).v(2, DataFloat).str(8, "a").sub(9, []byte{1, 2, 3, 4, 5, 6, 7, 8})
	w2 := msg{}.v(1, 1).v(2, DataFloat).str(8, "b").sub(9, []byte{9, 10, 11, 12})
	empty := msg{}.v(1, 0).v(2, DataFloat).str(8, "e").sub(9, nil)
	node := msg{}.str(2, "y").str(4, "Constant").sub(5, msg{}.str(1, "value").v(20, int64(AttrTensor)).sub(5, w2))
	model := msg{}.v(1, 8).sub(8, msg{}.v(2, 13)).sub(7, msg{}.sub(1, node).sub(5, w1).sub(5, empty))
	var passed [][]byte
	m, err := DecodePassing(model, func(raw []byte) { passed = append(passed, raw) })
	if err != nil {
		t.Fatal(err)
	}
	if len(passed) != 2 {
		t.Fatalf("passed %d raw data, want 2 (empty ones are not passed)", len(passed))
	}
	if unsafe.SliceData(passed[0]) != unsafe.SliceData(m.Graph.Nodes[0].Attrs[0].T.RawData) ||
		unsafe.SliceData(passed[1]) != unsafe.SliceData(m.Graph.Initializers[0].RawData) {
		t.Errorf("passed raw data are not the model's: %v", passed)
	}
}
