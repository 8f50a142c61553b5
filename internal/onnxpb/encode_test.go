package onnxpb

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// positionFields are where a struct was found in its input; they differ
// between a file and its re-encoding by design.
var positionFields = map[string]bool{"Offset": true, "RawOffset": true, "SparseOffset": true, "FunctionsOffset": true}

// diff is the path to the first difference between a and b, ignoring
// positionFields, or "" when they are the same.
func diff(a, b reflect.Value, path string) string {
	if a.Kind() != b.Kind() {
		return path + ": kinds differ"
	}
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			if a.IsNil() != b.IsNil() {
				return path + ": nil on one side"
			}
			return ""
		}
		return diff(a.Elem(), b.Elem(), path)
	case reflect.Struct:
		for i := range a.NumField() {
			name := a.Type().Field(i).Name
			if positionFields[name] {
				continue
			}
			if d := diff(a.Field(i), b.Field(i), path+"."+name); d != "" {
				return d
			}
		}
		return ""
	case reflect.Slice:
		if a.IsNil() != b.IsNil() {
			return fmt.Sprintf("%s: nil %v vs %v", path, a.IsNil(), b.IsNil())
		}
		if a.Type().Elem().Kind() == reflect.Uint8 {
			if !bytes.Equal(a.Bytes(), b.Bytes()) {
				return fmt.Sprintf("%s: %d bytes vs %d, not the same", path, a.Len(), b.Len())
			}
			return ""
		}
		if a.Len() != b.Len() {
			return fmt.Sprintf("%s: length %d vs %d", path, a.Len(), b.Len())
		}
		for i := range a.Len() {
			if d := diff(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i)); d != "" {
				return d
			}
		}
		return ""
	case reflect.String:
		if a.String() != b.String() {
			return fmt.Sprintf("%s: %q vs %q", path, a.String(), b.String())
		}
	case reflect.Bool:
		if a.Bool() != b.Bool() {
			return fmt.Sprintf("%s: %v vs %v", path, a.Bool(), b.Bool())
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if a.Int() != b.Int() {
			return fmt.Sprintf("%s: %d vs %d", path, a.Int(), b.Int())
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if a.Uint() != b.Uint() {
			return fmt.Sprintf("%s: %d vs %d", path, a.Uint(), b.Uint())
		}
	case reflect.Float32, reflect.Float64:
		if math.Float64bits(a.Float()) != math.Float64bits(b.Float()) {
			return fmt.Sprintf("%s: %v vs %v", path, a.Float(), b.Float())
		}
	default:
		return path + ": unexpected kind " + a.Kind().String()
	}
	return ""
}

// roundTrip checks that data decodes, encodes and decodes to the same
// model, and that encoding that model again gives the same bytes. When
// canonical (data was written by protobuf's serializers, in field-number
// order), the first encoding must give data itself.
func roundTrip(t *testing.T, name string, data []byte, canonical bool) {
	t.Helper()
	m1, err := Decode(data)
	if err != nil {
		t.Errorf("%s: %v", name, err)
		return
	}
	b1, err := Encode(m1)
	if err != nil {
		t.Errorf("%s: encode: %v", name, err)
		return
	}
	if canonical && !bytes.Equal(b1, data) {
		at := 0
		for at < min(len(b1), len(data)) && b1[at] == data[at] {
			at++
		}
		t.Errorf("%s: re-encoding differs from the file from byte %d (%d vs %d bytes)", name, at, len(b1), len(data))
	}
	m2, err := Decode(b1)
	if err != nil {
		t.Errorf("%s: decoding the re-encoded model: %v", name, err)
		return
	}
	if d := diff(reflect.ValueOf(m1), reflect.ValueOf(m2), "Model"); d != "" {
		t.Errorf("%s: decode(encode(decode(file))) differs from decode(file) at %s", name, d)
		return
	}
	b2, err := Encode(m2)
	if err != nil || !bytes.Equal(b1, b2) {
		t.Errorf("%s: encoding is not stable (%d vs %d bytes, %v)", name, len(b1), len(b2), err)
	}
}

func roundTripTensor(t *testing.T, name string, data []byte) {
	t.Helper()
	t1, err := DecodeTensor(data)
	if err != nil {
		t.Errorf("%s: %v", name, err)
		return
	}
	b, err := EncodeTensor(t1)
	if err != nil {
		t.Errorf("%s: encode: %v", name, err)
		return
	}
	t2, err := DecodeTensor(b)
	if err != nil {
		t.Errorf("%s: decoding the re-encoded tensor: %v", name, err)
		return
	}
	if d := diff(reflect.ValueOf(t1), reflect.ValueOf(t2), "Tensor"); d != "" {
		t.Errorf("%s: decode(encode(decode(file))) differs at %s", name, d)
	}
}

// globAll is the files matching each pattern; a pattern that matches
// nothing fails the test, so a moved fixture cannot make it pass empty.
func globAll(t *testing.T, patterns ...string) []string {
	t.Helper()
	var all []string
	for _, p := range patterns {
		files, err := filepath.Glob(p)
		if err != nil {
			t.Fatal(err)
		}
		if len(files) == 0 {
			t.Fatalf("no files match %s", p)
		}
		all = append(all, files...)
	}
	return all
}

func roundTripFiles(t *testing.T, models, tensors []string) {
	for _, p := range models {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		roundTrip(t, p, data, true)
	}
	for _, p := range tensors {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		roundTripTensor(t, p, data)
	}
}

// The checked-in models and test data: always present. Models come back
// byte for byte; test data files hold TensorProtos but also sequences and
// optionals (node tests), which decode as odd TensorProtos and come back
// as the same structs.
func TestRoundTripTestdata(t *testing.T) {
	models := globAll(t,
		"../../translate/onnx/testdata/ops/*.onnx",
		"../../driver/conformance/testdata/node/*/model.onnx")
	tensors := globAll(t, "../../driver/conformance/testdata/node/*/test_data_set_*/*.pb")
	roundTripFiles(t, models, tensors)
}

// fixtureDir skips the test when a generated fixture directory is absent
// (make test generates them first).
func fixtureDir(t *testing.T, dir, how string) string {
	t.Helper()
	if _, err := os.Stat(dir); errors.Is(err, os.ErrNotExist) {
		t.Skipf("%s does not exist: run %s first", dir, how)
	}
	return dir
}

// Every exported model (build/onnx-models/<name>/model.onnx) and its test
// data.
func TestRoundTripExportedModels(t *testing.T) {
	dir := fixtureDir(t, "../../build/onnx-models", "make test (or scripts/export-models.sh)")
	roundTripFiles(t, globAll(t, dir+"/*/model.onnx"), globAll(t, dir+"/*/test_data_set_*/*.pb"))
}

// Every ONNX backend node test (build/onnx-node-tests/node/<test>).
func TestRoundTripNodeTests(t *testing.T) {
	dir := fixtureDir(t, "../../build/onnx-node-tests/node", "make test (or scripts/gen-onnx-node-tests.sh)")
	roundTripFiles(t, globAll(t, dir+"/*/model.onnx"), globAll(t, dir+"/*/test_data_set_*/*.pb"))
}

// Every message's fields that the structs do not model survive encoding,
// in every message that can hold them.
func TestRoundTripKeepsUnknownFields(t *testing.T) {
	dim := msg{}.v(1, 3).str(3, "denot").v(40, 1)
	tensorType := msg{}.v(1, DataFloat).sub(2, msg{}.sub(1, dim).v(50, 2)).v(60, 3)
	typ := msg{}.sub(1, tensorType).str(6, "IMAGE")
	seqType := msg{}.sub(4, msg{}.sub(1, msg{}.sub(1, msg{}.v(1, 1)))).str(6, "SEQ")
	// A member read before tensor_type, which stays the member.
	both := msg{}.sub(4, msg{}.sub(1, msg{}.sub(1, msg{}.v(1, 1)))).sub(1, msg{}.v(1, DataInt64))
	meta := msg{}.str(1, "k").str(2, "v").v(30, 4)
	weight := msg{}.v(1, 1).v(2, DataFloat).sub(3, msg{}.v(1, 0).v(2, 1)).str(8, "w").sub(9, []byte{1, 2, 3, 4}).
		str(12, "tensor doc").sub(16, meta).f64(99, 1.5)
	emptyTyped := msg{}.v(1, 0).v(2, DataFloat).sub(4, nil).sub(5, nil).sub(7, nil).sub(10, nil).sub(11, nil)
	sparse := msg{}.sub(1, weight).sub(2, weight).v(3, 4)
	attr := msg{}.str(1, "a").v(20, int64(AttrInts)).sub(8, nil).str(13, "attr doc").sub(22, sparse)
	zero := msg{}.str(1, "z").v(20, int64(AttrFloat)).f32(2, 0).v(3, 0).str(21, "")
	node := msg{}.str(1, "x").str(2, "y").str(4, "Relu").sub(5, attr).sub(5, zero).str(6, "node doc").
		str(8, "overload").sub(9, meta)
	vi := msg{}.str(1, "x").sub(2, typ).str(3, "vi doc").sub(4, meta)
	graph := msg{}.sub(1, node).str(2, "g").sub(5, weight).sub(5, emptyTyped).str(10, "graph doc").
		sub(14, msg{}.str(1, "w")).sub(15, sparse).sub(11, vi).sub(12, msg{}.str(1, "q").sub(2, seqType)).
		sub(13, msg{}.str(1, "r").sub(2, both)).sub(16, meta)
	group := []byte{0xa3, 0x06, 0x08, 0x01, 0xa4, 0x06} // field 100 group {field 1: 1}
	model := append(msg{}.v(1, 9).sub(8, msg{}.str(1, "").v(2, 21).v(3, 7)).str(6, "model doc").sub(7, graph).
		sub(14, meta).sub(20, msg{}.str(1, "training")).sub(25, msg{}.str(1, "f")).sub(26, msg{}.str(1, "cfg")), group...)
	roundTrip(t, "hand-made model", model, false)

	m, err := Decode(model)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Encode(m)
	if err != nil {
		t.Fatal(err)
	}
	m2, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	g := m2.Graph
	for _, c := range []struct {
		what string
		got  []byte
		want string
	}{
		{"model", m2.Unknown, "training"},
		{"model functions", m2.Unknown, "\xca\x01\x03\x0a\x01f"},
		{"model group", m2.Unknown, string(group)},
		{"opset", m2.OpsetImports[0].Unknown, "\x18\x07"},
		{"metadata", m2.Metadata[0].Unknown, "\xf0\x01\x04"},
		{"graph", g.Unknown, "graph doc"},
		{"node", g.Nodes[0].Unknown, "overload"},
		{"attribute", g.Nodes[0].Attrs[0].Unknown, "attr doc"},
		{"tensor", g.Initializers[0].Unknown, "\x99\x06"},
		{"value info", g.Inputs[0].Unknown, "vi doc"},
		{"type", g.Inputs[0].Type.Unknown, "IMAGE"},
		{"tensor type", g.Inputs[0].Type.TensorUnknown, "\xe0\x03\x03"},
		{"shape", g.Inputs[0].Type.ShapeUnknown, "\x90\x03\x02"},
		{"dim", g.Inputs[0].Type.Shape[0].Unknown, "denot"},
		{"sequence type", g.Outputs[0].Type.Unknown, "SEQ"},
	} {
		if !bytes.Contains(c.got, []byte(c.want)) {
			t.Errorf("%s: unknown fields %q lost %q", c.what, c.got, c.want)
		}
	}
	if m2.Functions != 1 || g.SparseInitializers != 1 || g.Nodes[0].Attrs[0].Sparse != 1 || !g.Initializers[0].HasSegment {
		t.Errorf("counts of kept fields: functions %d, sparse %d %d, segment %v", m2.Functions, g.SparseInitializers, g.Nodes[0].Attrs[0].Sparse, g.Initializers[0].HasSegment)
	}
	if w := g.Initializers[0]; w.DocString != "tensor doc" {
		t.Errorf("tensor doc_string %q", w.DocString)
	}
	for _, f := range []int{FieldFloatData, FieldInt32Data, FieldInt64Data, FieldDoubleData, FieldUint64Data} {
		if !g.Initializers[1].Has(f) {
			t.Errorf("empty typed field %d was not kept", f)
		}
	}
	if z := g.Nodes[0].Attrs[1]; !z.Has(2) || !z.Has(3) || !z.Has(21) {
		t.Errorf("zero-valued attribute fields were dropped: %+v", z)
	}
	if a := g.Nodes[0].Attrs[0]; !a.Has(8) || len(a.Ints) != 0 {
		t.Errorf("empty ints: %+v", a)
	}
	if k := g.ValueInfo[0].Type; k.Kind != TypeTensor || k.ElemType != DataInt64 {
		t.Errorf("the member read last must stay the member: %+v", k)
	}
}

// Unknown fields go back in among the known ones, where protobuf's
// serializers put them, and explicit zero values stay.
func TestRoundTripCanonicalBytes(t *testing.T) {
	dim := msg{}.str(2, "").str(3, "denot")
	typ := msg{}.sub(1, msg{}.v(1, 0).sub(2, msg{}.sub(1, dim))).str(6, "IMAGE")
	weight := msg{}.v(1, 1).v(2, DataFloat).sub(3, msg{}.v(1, 0)).sub(4, []byte{0, 0, 128, 63}).str(8, "").str(12, "")
	attr := msg{}.str(1, "a").f32(2, 0).str(13, "doc").v(20, int64(AttrFloat))
	node := msg{}.str(1, "").str(2, "y").str(3, "").str(4, "Relu").sub(5, attr).str(6, "node doc").str(7, "")
	graph := msg{}.sub(1, node).str(2, "").sub(5, weight).str(10, "graph doc").sub(11, msg{}.str(1, "x").sub(2, typ).str(3, "vi"))
	model := msg{}.v(1, 0).str(2, "").str(6, "").sub(7, graph).sub(8, msg{}.str(1, "").v(2, 0)).
		sub(14, msg{}.str(1, "").str(2, "")).sub(20, nil)
	roundTrip(t, "canonical model", model, true)
}

// A model built by hand (no presence recorded) writes what its fields
// and attribute types say.
func TestEncodeHandBuilt(t *testing.T) {
	m := &Model{IRVersion: 8, OpsetImports: []OpsetID{{Version: 13}}, Graph: &Graph{
		Name: "g",
		Nodes: []*Node{{Inputs: []string{"x", ""}, Outputs: []string{"y"}, OpType: "LeakyRelu", Attrs: []*Attribute{
			{Name: "alpha", Type: AttrFloat},
			{Name: "i", Type: AttrInt},
			{Name: "s", Type: AttrString},
			{Name: "ints", Type: AttrInts, Ints: []int64{-1, 2}},
			{Name: "fs", Type: AttrFloats, Floats: []float32{float32(math.Copysign(0, -1))}},
		}}},
		Initializers: []*Tensor{{Name: "w", Dims: []int64{2}, DataType: DataInt64, Int64Data: []uint64{1, math.MaxUint64}},
			{Name: "r", Dims: []int64{0}, DataType: DataFloat, HasRawData: true}},
		Inputs: []*ValueInfo{{Name: "x", Type: &TypeProto{Kind: TypeTensor, ElemType: DataFloat, HasShape: true,
			Shape: []Dim{{Param: "N"}, {Value: 3, HasValue: true}, {}}}}},
		Outputs: []*ValueInfo{{Name: "y", Type: &TypeProto{Kind: TypeTensor}}},
	}}
	b, err := Encode(m)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	n := got.Graph.Nodes[0]
	for i, num := range []int{2, 3, 4} {
		if !n.Attrs[i].Has(num) {
			t.Errorf("attribute %s: the value its type declares was not written", n.Attrs[i].Name)
		}
	}
	if !reflect.DeepEqual(n.Inputs, []string{"x", ""}) || !reflect.DeepEqual(n.Attrs[3].Ints, []int64{-1, 2}) ||
		!math.Signbit(float64(n.Attrs[4].Floats[0])) {
		t.Errorf("node: %+v %+v %+v", n, n.Attrs[3], n.Attrs[4])
	}
	if w := got.Graph.Initializers[0]; !reflect.DeepEqual(w.Int64Data, []uint64{1, math.MaxUint64}) {
		t.Errorf("int64_data: %v", w.Int64Data)
	}
	if r := got.Graph.Initializers[1]; !r.HasRawData || len(r.RawData) != 0 {
		t.Errorf("empty raw_data was not written: %+v", r)
	}
	x := got.Graph.Inputs[0].Type
	if fmt.Sprint(dimStrings(x.Shape)) != "[N 3 ?]" || x.ElemType != DataFloat {
		t.Errorf("input type: %+v", x)
	}
	if y := got.Graph.Outputs[0].Type; y.Kind != TypeTensor || y.HasShape {
		t.Errorf("output type: %+v", y)
	}
}

// cyclic is a hand-built graph that holds itself through an attribute.
func cyclic() *Model {
	g := &Graph{Name: "g"}
	g.Nodes = []*Node{{OpType: "If", Attrs: []*Attribute{{Name: "then_branch", Type: AttrGraph, G: g}}}}
	return &Model{Graph: g}
}

// deepTypes nests graphs until a value's type (three levels: tensor_type,
// shape, dim) crosses the limit.
func deepTypes() *Model {
	g := &Graph{Inputs: []*ValueInfo{{Name: "x", Type: &TypeProto{Kind: TypeTensor, HasShape: true, Shape: []Dim{{Value: 1}}}}}}
	for range 20 {
		g = &Graph{Nodes: []*Node{{OpType: "If", Attrs: []*Attribute{{Name: "b", G: g}}}}}
	}
	return &Model{Graph: g}
}

func TestEncodeNilEntries(t *testing.T) {
	for _, tc := range []struct {
		m    *Model
		want string
	}{
		{&Model{Graph: &Graph{Nodes: []*Node{nil}}}, "ModelProto.graph: node[0] is nil"},
		{&Model{Graph: &Graph{Nodes: []*Node{{Attrs: []*Attribute{{Name: "g", G: &Graph{Initializers: []*Tensor{nil}}}}}}}},
			"ModelProto.graph.node.attribute.g: initializer[0] is nil"},
		{&Model{Graph: &Graph{Outputs: []*ValueInfo{nil}}}, "output[0] is nil"},
		{cyclic(), "messages nested deeper than 64 levels"},
		{deepTypes(), "messages nested deeper than 64 levels"},
	} {
		if _, err := Encode(tc.m); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("got %v, want %q", err, tc.want)
		}
	}
}

func TestDataTypeTable(t *testing.T) {
	for code := range int32(len(dataTypes)) {
		dt, ok := LookupDataType(code)
		if !ok || dt.Code != code {
			t.Fatalf("table entry %d holds code %d", code, dt.Code)
		}
		if DataTypeName(code) != dt.Name {
			t.Errorf("DataTypeName(%d) = %q", code, DataTypeName(code))
		}
		if dt.Elem != "" {
			if back, ok := DataTypeByElem(dt.Elem); !ok || back.Code != code {
				t.Errorf("element name %q maps back to %d", dt.Elem, back.Code)
			}
		}
	}
	for _, tc := range []struct {
		code  int32
		name  string
		size  int
		field int
	}{
		{DataFloat, "FLOAT", 4, FieldFloatData}, {DataBool, "BOOL", 1, FieldInt32Data}, {DataBFloat16, "BFLOAT16", 2, FieldInt32Data},
		{DataUint32, "UINT32", 4, FieldUint64Data}, {DataComplex128, "COMPLEX128", 16, FieldDoubleData},
		{DataInt4, "INT4", 0, FieldInt32Data}, {DataString, "STRING", 0, FieldStringData}, {DataFloat8E5M2, "FLOAT8E5M2", 1, FieldInt32Data},
	} {
		dt, _ := LookupDataType(tc.code)
		if dt.Name != tc.name || ElemSize(tc.code) != tc.size || dt.Field != tc.field {
			t.Errorf("%d: %+v size %d", tc.code, dt, ElemSize(tc.code))
		}
	}
	if _, ok := LookupDataType(25); ok || DataTypeName(-1) != "data type -1" || ElemSize(99) != 0 {
		t.Error("unknown codes")
	}
	if _, ok := DataTypeByElem(""); ok {
		t.Error(`"" names no element type`)
	}
}

// FuzzRoundTrip: whatever decodes re-encodes to the same model.
func FuzzRoundTrip(f *testing.F) {
	files, _ := filepath.Glob("../../translate/onnx/testdata/ops/*.onnx")
	for _, p := range files {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if _, err := Decode(data); err != nil {
			return
		}
		roundTrip(t, "input", data, false)
	})
}
