package onnxpb

import (
	"fmt"
	"math"

	"google.golang.org/protobuf/encoding/protowire"
)

// Encoding writes the fields a struct models in field-number order, as
// protobuf's own serializers do, then the message's Unknown bytes as they
// were read. Scalars are written when they are not zero (and, for
// attributes and tensors, when the decoder saw them: see Has); repeated
// scalars are written unpacked where onnx.proto does not declare them
// packed (dims, attribute floats and ints) and packed where it does (the
// typed *_data fields). Decoding the result gives back the same structs
// (offsets aside), unknown fields included.

// Encode serializes a ModelProto.
func Encode(m *Model) ([]byte, error) {
	e := &encoder{root: "ModelProto"}
	if err := e.model(m); err != nil {
		return nil, err
	}
	if e.err != nil {
		return nil, e.err
	}
	return e.b, nil
}

// EncodeTensor serializes a TensorProto (a .pb test-data file).
func EncodeTensor(t *Tensor) ([]byte, error) {
	e := &encoder{root: "TensorProto"}
	if err := e.tensor(t); err != nil {
		return nil, err
	}
	if e.err != nil {
		return nil, e.err
	}
	return e.b, nil
}

type encoder struct {
	b []byte
	// root and path name the message being written, for errors about nil
	// entries.
	root string
	path []string
	err  error
}

func (e *encoder) tag(n protowire.Number, t protowire.Type) { e.b = protowire.AppendTag(e.b, n, t) }

func (e *encoder) varint(n protowire.Number, v uint64) {
	e.tag(n, protowire.VarintType)
	e.b = protowire.AppendVarint(e.b, v)
}

func (e *encoder) int64(n protowire.Number, v int64) {
	if v != 0 {
		e.varint(n, uint64(v))
	}
}

func (e *encoder) bytes(n protowire.Number, b []byte) {
	e.tag(n, protowire.BytesType)
	e.b = protowire.AppendBytes(e.b, b)
}

func (e *encoder) str(n protowire.Number, s string) {
	if s != "" {
		e.tag(n, protowire.BytesType)
		e.b = protowire.AppendString(e.b, s)
	}
}

// strHas writes s when it is not empty or present says it was there.
func (e *encoder) strHas(n protowire.Number, s string, present bool) {
	if s != "" || present {
		e.tag(n, protowire.BytesType)
		e.b = protowire.AppendString(e.b, s)
	}
}

// packedVarints writes vs as one packed field when there are any or when
// present asks for an empty one.
func (e *encoder) packedVarints(n protowire.Number, vs []uint64, present bool) {
	if len(vs) == 0 && !present {
		return
	}
	size := 0
	for _, v := range vs {
		size += protowire.SizeVarint(v)
	}
	e.tag(n, protowire.BytesType)
	e.b = protowire.AppendVarint(e.b, uint64(size))
	for _, v := range vs {
		e.b = protowire.AppendVarint(e.b, v)
	}
}

// packedFixed writes vs as one packed field of width-byte values.
func (e *encoder) packedFixed(n protowire.Number, width int, vs []uint64, present bool) {
	if len(vs) == 0 && !present {
		return
	}
	e.tag(n, protowire.BytesType)
	e.b = protowire.AppendVarint(e.b, uint64(width*len(vs)))
	for _, v := range vs {
		if width == 4 {
			e.b = protowire.AppendFixed32(e.b, uint32(v))
		} else {
			e.b = protowire.AppendFixed64(e.b, v)
		}
	}
}

// message writes a length-delimited field whose payload fn appends. The
// payload is written in place and moved up once its length is known, so
// large raw data is not copied through a buffer per nesting level.
func (e *encoder) message(n protowire.Number, name string, fn func() error) error {
	if len(e.path) >= MaxDepth {
		// Only a hand-built model can get here: one whose graphs hold
		// themselves would otherwise never end. The error sticks, so
		// that callers which ignore it cannot return a broken buffer.
		e.err = fmt.Errorf("onnxpb: encoding %s: messages nested deeper than %d levels", e.root, MaxDepth)
		return e.err
	}
	e.tag(n, protowire.BytesType)
	start := len(e.b)
	e.path = append(e.path, name)
	if err := fn(); err != nil {
		return err
	}
	e.path = e.path[:len(e.path)-1]
	size := len(e.b) - start
	k := protowire.SizeVarint(uint64(size))
	e.b = append(e.b, make([]byte, k)...)
	copy(e.b[start+k:], e.b[start:start+size])
	protowire.AppendVarint(e.b[:start], uint64(size))
	return nil
}

func (e *encoder) nilEntry(what string, i int) error {
	s := e.root
	for _, x := range e.path {
		s += "." + x
	}
	return fmt.Errorf("onnxpb: encoding %s: %s[%d] is nil", s, what, i)
}

func (e *encoder) model(m *Model) error {
	e.int64(1, m.IRVersion)
	e.str(2, m.ProducerName)
	e.str(3, m.ProducerVersion)
	e.str(4, m.Domain)
	e.int64(5, m.ModelVersion)
	e.str(6, m.DocString)
	if m.Graph != nil {
		if err := e.message(7, "graph", func() error { return e.graph(m.Graph) }); err != nil {
			return err
		}
	}
	for _, id := range m.OpsetImports {
		e.message(8, "opset_import", func() error {
			e.str(1, id.Domain)
			e.int64(2, id.Version)
			e.b = append(e.b, id.Unknown...)
			return nil
		})
	}
	for _, s := range m.Metadata {
		e.entry(14, "metadata_props", s)
	}
	e.b = append(e.b, m.Unknown...)
	return nil
}

func (e *encoder) entry(n protowire.Number, name string, s StringEntry) {
	e.message(n, name, func() error {
		e.str(1, s.Key)
		e.str(2, s.Value)
		e.b = append(e.b, s.Unknown...)
		return nil
	})
}

func (e *encoder) graph(g *Graph) error {
	for i, n := range g.Nodes {
		if n == nil {
			return e.nilEntry("node", i)
		}
		if err := e.message(1, "node", func() error { return e.node(n) }); err != nil {
			return err
		}
	}
	e.str(2, g.Name)
	for i, t := range g.Initializers {
		if t == nil {
			return e.nilEntry("initializer", i)
		}
		if err := e.message(5, "initializer", func() error { return e.tensor(t) }); err != nil {
			return err
		}
	}
	for _, list := range []struct {
		num   protowire.Number
		name  string
		infos []*ValueInfo
	}{{11, "input", g.Inputs}, {12, "output", g.Outputs}, {13, "value_info", g.ValueInfo}} {
		for i, vi := range list.infos {
			if vi == nil {
				return e.nilEntry(list.name, i)
			}
			if err := e.message(list.num, list.name, func() error { return e.valueInfo(vi) }); err != nil {
				return err
			}
		}
	}
	e.b = append(e.b, g.Unknown...)
	return nil
}

func (e *encoder) node(n *Node) error {
	for _, s := range n.Inputs {
		e.tag(1, protowire.BytesType)
		e.b = protowire.AppendString(e.b, s)
	}
	for _, s := range n.Outputs {
		e.tag(2, protowire.BytesType)
		e.b = protowire.AppendString(e.b, s)
	}
	e.str(3, n.Name)
	e.str(4, n.OpType)
	for i, a := range n.Attrs {
		if a == nil {
			return e.nilEntry("attribute", i)
		}
		if err := e.message(5, "attribute", func() error { return e.attribute(a) }); err != nil {
			return err
		}
	}
	e.str(7, n.Domain)
	e.b = append(e.b, n.Unknown...)
	return nil
}

// attrValueField is the AttributeProto field that holds each type's value.
var attrValueField = map[AttrType]int{
	AttrFloat: 2, AttrInt: 3, AttrString: 4, AttrTensor: 5, AttrGraph: 6, AttrTypeProto: 14,
}

func (e *encoder) attribute(a *Attribute) error {
	// A decoded attribute writes what was present; one built by hand
	// (nothing recorded) also writes the value its type declares.
	present := func(num int) bool {
		return a.Has(num) || (a.has == 0 && attrValueField[a.Type] == num)
	}
	e.strHas(1, a.Name, a.Has(1))
	if math.Float32bits(a.F) != 0 || present(2) {
		e.tag(2, protowire.Fixed32Type)
		e.b = protowire.AppendFixed32(e.b, math.Float32bits(a.F))
	}
	if a.I != 0 || present(3) {
		e.varint(3, uint64(a.I))
	}
	if a.S != nil || present(4) {
		e.bytes(4, a.S)
	}
	if a.T != nil {
		if err := e.message(5, "t", func() error { return e.tensor(a.T) }); err != nil {
			return err
		}
	}
	if a.G != nil {
		if err := e.message(6, "g", func() error { return e.graph(a.G) }); err != nil {
			return err
		}
	}
	for _, f := range a.Floats {
		e.tag(7, protowire.Fixed32Type)
		e.b = protowire.AppendFixed32(e.b, math.Float32bits(f))
	}
	if len(a.Floats) == 0 && a.Has(7) {
		e.packedFixed(7, 4, nil, true)
	}
	for _, v := range a.Ints {
		e.varint(8, uint64(v))
	}
	if len(a.Ints) == 0 && a.Has(8) {
		e.packedVarints(8, nil, true)
	}
	for _, s := range a.Strings {
		e.bytes(9, s)
	}
	for i, t := range a.Tensors {
		if t == nil {
			return e.nilEntry("tensors", i)
		}
		if err := e.message(10, "tensors", func() error { return e.tensor(t) }); err != nil {
			return err
		}
	}
	for i, g := range a.Graphs {
		if g == nil {
			return e.nilEntry("graphs", i)
		}
		if err := e.message(11, "graphs", func() error { return e.graph(g) }); err != nil {
			return err
		}
	}
	if a.TP != nil {
		e.message(14, "tp", func() error { e.typeProto(a.TP); return nil })
	}
	for i, tp := range a.TypeProtos {
		if tp == nil {
			return e.nilEntry("type_protos", i)
		}
		e.message(15, "type_protos", func() error { e.typeProto(tp); return nil })
	}
	if a.Type != AttrUndefined || a.Has(20) {
		e.varint(20, uint64(int64(a.Type)))
	}
	e.strHas(21, a.RefAttrName, a.Has(21))
	e.b = append(e.b, a.Unknown...)
	return nil
}

func (e *encoder) tensor(t *Tensor) error {
	for _, d := range t.Dims {
		e.varint(1, uint64(d))
	}
	if len(t.Dims) == 0 && t.Has(1) {
		e.packedVarints(1, nil, true)
	}
	if t.DataType != 0 || t.Has(2) {
		e.varint(2, uint64(int64(t.DataType)))
	}
	e.packedFixed(FieldFloatData, 4, t.FloatData, t.Has(FieldFloatData))
	e.packedVarints(FieldInt32Data, t.Int32Data, t.Has(FieldInt32Data))
	for _, s := range t.StringData {
		e.bytes(FieldStringData, s)
	}
	e.packedVarints(FieldInt64Data, t.Int64Data, t.Has(FieldInt64Data))
	e.strHas(8, t.Name, t.Has(8))
	if t.HasRawData {
		e.bytes(FieldRawData, t.RawData)
	}
	e.packedFixed(FieldDoubleData, 8, t.DoubleData, t.Has(FieldDoubleData))
	e.packedVarints(FieldUint64Data, t.Uint64Data, t.Has(FieldUint64Data))
	e.strHas(12, t.DocString, t.Has(12))
	for _, s := range t.ExternalData {
		e.entry(13, "external_data", s)
	}
	if t.DataLocation != 0 || t.Has(14) {
		e.varint(14, uint64(int64(t.DataLocation)))
	}
	e.b = append(e.b, t.Unknown...)
	return nil
}

func (e *encoder) valueInfo(vi *ValueInfo) error {
	e.str(1, vi.Name)
	if vi.Type != nil {
		e.message(2, "type", func() error { e.typeProto(vi.Type); return nil })
	}
	e.b = append(e.b, vi.Unknown...)
	return nil
}

// typeProto writes tensor_type when it is the member or holds anything;
// the member that was read last is written last, so that it stays the
// member after decoding.
func (e *encoder) typeProto(tp *TypeProto) {
	tensor := func() {
		if tp.Kind != TypeTensor && tp.ElemType == 0 && !tp.HasShape && len(tp.TensorUnknown) == 0 {
			return
		}
		e.message(1, "tensor_type", func() error {
			if tp.ElemType != 0 {
				e.varint(1, uint64(int64(tp.ElemType)))
			}
			if tp.HasShape {
				e.message(2, "shape", func() error {
					for _, d := range tp.Shape {
						e.message(1, "dim", func() error {
							if d.HasValue || d.Value != 0 {
								e.varint(1, uint64(d.Value))
							}
							e.str(2, d.Param)
							e.b = append(e.b, d.Unknown...)
							return nil
						})
					}
					e.b = append(e.b, tp.ShapeUnknown...)
					return nil
				})
			}
			e.b = append(e.b, tp.TensorUnknown...)
			return nil
		})
	}
	if tp.Kind == TypeTensor {
		e.b = append(e.b, tp.Unknown...)
		tensor()
		return
	}
	tensor()
	e.b = append(e.b, tp.Unknown...)
}
