package onnxpb

import (
	"fmt"
	"math"

	"google.golang.org/protobuf/encoding/protowire"
)

// Encoding writes every field in field-number order, as protobuf's own
// serializers do, the message's Unknown fields in among the others.
// Scalars are written when they are not zero or when the decoder saw them
// (so an explicit empty name or a version 0 stays); repeated scalars are
// written unpacked where onnx.proto does not declare them packed (dims,
// attribute floats and ints) and packed where it does (the typed *_data
// fields). Decoding the result gives back the same structs (offsets
// aside), unknown fields included, and a file written by protobuf's
// serializers comes back byte for byte.

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

func (e *encoder) bytes(n protowire.Number, b []byte) {
	e.tag(n, protowire.BytesType)
	e.b = protowire.AppendBytes(e.b, b)
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

// unknown writes a message's Unknown fields in among the known ones:
// before(n) writes those numbered below n, rest the others. Unknown
// fields keep their order; inputs written in field-number order (as
// protobuf's serializers write them) come out byte for byte.
type unknown struct {
	e *encoder
	b []byte
}

func (u *unknown) before(n protowire.Number) {
	for len(u.b) > 0 {
		num, typ, k := protowire.ConsumeTag(u.b)
		if k < 0 {
			u.rest()
			return
		}
		if num >= n {
			return
		}
		m := protowire.ConsumeFieldValue(num, typ, u.b[k:])
		if m < 0 {
			u.rest()
			return
		}
		u.e.b = append(u.e.b, u.b[:k+m]...)
		u.b = u.b[k+m:]
	}
}

func (u *unknown) rest() {
	u.e.b = append(u.e.b, u.b...)
	u.b = nil
}

// scalar helpers: write a field when it is not zero or was present.
func (e *encoder) int64Has(n protowire.Number, v int64, p presence) {
	if v != 0 || p.has(int(n)) {
		e.varint(n, uint64(v))
	}
}

func (e *encoder) model(m *Model) error {
	u := unknown{e: e, b: m.Unknown}
	u.before(1)
	e.int64Has(1, m.IRVersion, m.has)
	u.before(2)
	e.strHas(2, m.ProducerName, m.has.has(2))
	u.before(3)
	e.strHas(3, m.ProducerVersion, m.has.has(3))
	u.before(4)
	e.strHas(4, m.Domain, m.has.has(4))
	u.before(5)
	e.int64Has(5, m.ModelVersion, m.has)
	u.before(6)
	e.strHas(6, m.DocString, m.has.has(6))
	u.before(7)
	if m.Graph != nil {
		if err := e.message(7, "graph", func() error { return e.graph(m.Graph) }); err != nil {
			return err
		}
	}
	u.before(8)
	for _, id := range m.OpsetImports {
		e.message(8, "opset_import", func() error {
			v := unknown{e: e, b: id.Unknown}
			v.before(1)
			e.strHas(1, id.Domain, id.has.has(1))
			v.before(2)
			e.int64Has(2, id.Version, id.has)
			v.rest()
			return nil
		})
	}
	u.before(14)
	for _, s := range m.Metadata {
		e.entry(14, "metadata_props", s)
	}
	u.rest()
	return nil
}

func (e *encoder) entry(n protowire.Number, name string, s StringEntry) {
	e.message(n, name, func() error {
		u := unknown{e: e, b: s.Unknown}
		u.before(1)
		e.strHas(1, s.Key, s.has.has(1))
		u.before(2)
		e.strHas(2, s.Value, s.has.has(2))
		u.rest()
		return nil
	})
}

func (e *encoder) graph(g *Graph) error {
	u := unknown{e: e, b: g.Unknown}
	u.before(1)
	for i, n := range g.Nodes {
		if n == nil {
			return e.nilEntry("node", i)
		}
		if err := e.message(1, "node", func() error { return e.node(n) }); err != nil {
			return err
		}
	}
	u.before(2)
	e.strHas(2, g.Name, g.has.has(2))
	u.before(5)
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
		u.before(list.num)
		for i, vi := range list.infos {
			if vi == nil {
				return e.nilEntry(list.name, i)
			}
			if err := e.message(list.num, list.name, func() error { return e.valueInfo(vi) }); err != nil {
				return err
			}
		}
	}
	u.rest()
	return nil
}

func (e *encoder) node(n *Node) error {
	u := unknown{e: e, b: n.Unknown}
	u.before(1)
	for _, s := range n.Inputs {
		e.tag(1, protowire.BytesType)
		e.b = protowire.AppendString(e.b, s)
	}
	u.before(2)
	for _, s := range n.Outputs {
		e.tag(2, protowire.BytesType)
		e.b = protowire.AppendString(e.b, s)
	}
	u.before(3)
	e.strHas(3, n.Name, n.has.has(3))
	u.before(4)
	e.strHas(4, n.OpType, n.has.has(4))
	u.before(5)
	for i, a := range n.Attrs {
		if a == nil {
			return e.nilEntry("attribute", i)
		}
		if err := e.message(5, "attribute", func() error { return e.attribute(a) }); err != nil {
			return err
		}
	}
	u.before(7)
	e.strHas(7, n.Domain, n.has.has(7))
	u.rest()
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
	u := unknown{e: e, b: a.Unknown}
	u.before(1)
	e.strHas(1, a.Name, a.Has(1))
	u.before(2)
	if math.Float32bits(a.F) != 0 || present(2) {
		e.tag(2, protowire.Fixed32Type)
		e.b = protowire.AppendFixed32(e.b, math.Float32bits(a.F))
	}
	u.before(3)
	if a.I != 0 || present(3) {
		e.varint(3, uint64(a.I))
	}
	u.before(4)
	if a.S != nil || present(4) {
		e.bytes(4, a.S)
	}
	u.before(5)
	if a.T != nil {
		if err := e.message(5, "t", func() error { return e.tensor(a.T) }); err != nil {
			return err
		}
	}
	u.before(6)
	if a.G != nil {
		if err := e.message(6, "g", func() error { return e.graph(a.G) }); err != nil {
			return err
		}
	}
	u.before(7)
	for _, f := range a.Floats {
		e.tag(7, protowire.Fixed32Type)
		e.b = protowire.AppendFixed32(e.b, math.Float32bits(f))
	}
	if len(a.Floats) == 0 && a.Has(7) {
		e.packedFixed(7, 4, nil, true)
	}
	u.before(8)
	for _, v := range a.Ints {
		e.varint(8, uint64(v))
	}
	if len(a.Ints) == 0 && a.Has(8) {
		e.packedVarints(8, nil, true)
	}
	u.before(9)
	for _, s := range a.Strings {
		e.bytes(9, s)
	}
	u.before(10)
	for i, t := range a.Tensors {
		if t == nil {
			return e.nilEntry("tensors", i)
		}
		if err := e.message(10, "tensors", func() error { return e.tensor(t) }); err != nil {
			return err
		}
	}
	u.before(11)
	for i, g := range a.Graphs {
		if g == nil {
			return e.nilEntry("graphs", i)
		}
		if err := e.message(11, "graphs", func() error { return e.graph(g) }); err != nil {
			return err
		}
	}
	u.before(14)
	if a.TP != nil {
		e.message(14, "tp", func() error { e.typeProto(a.TP); return nil })
	}
	u.before(15)
	for i, tp := range a.TypeProtos {
		if tp == nil {
			return e.nilEntry("type_protos", i)
		}
		e.message(15, "type_protos", func() error { e.typeProto(tp); return nil })
	}
	u.before(20)
	if a.Type != AttrUndefined || a.Has(20) {
		e.varint(20, uint64(int64(a.Type)))
	}
	u.before(21)
	e.strHas(21, a.RefAttrName, a.Has(21))
	u.rest()
	return nil
}

func (e *encoder) tensor(t *Tensor) error {
	u := unknown{e: e, b: t.Unknown}
	u.before(1)
	for _, d := range t.Dims {
		e.varint(1, uint64(d))
	}
	if len(t.Dims) == 0 && t.Has(1) {
		e.packedVarints(1, nil, true)
	}
	u.before(2)
	if t.DataType != 0 || t.Has(2) {
		e.varint(2, uint64(int64(t.DataType)))
	}
	u.before(FieldFloatData)
	e.packedFixed(FieldFloatData, 4, t.FloatData, t.Has(FieldFloatData))
	u.before(FieldInt32Data)
	e.packedVarints(FieldInt32Data, t.Int32Data, t.Has(FieldInt32Data))
	u.before(FieldStringData)
	for _, s := range t.StringData {
		e.bytes(FieldStringData, s)
	}
	u.before(FieldInt64Data)
	e.packedVarints(FieldInt64Data, t.Int64Data, t.Has(FieldInt64Data))
	u.before(8)
	e.strHas(8, t.Name, t.Has(8))
	u.before(FieldRawData)
	if t.HasRawData {
		e.bytes(FieldRawData, t.RawData)
	}
	u.before(FieldDoubleData)
	e.packedFixed(FieldDoubleData, 8, t.DoubleData, t.Has(FieldDoubleData))
	u.before(FieldUint64Data)
	e.packedVarints(FieldUint64Data, t.Uint64Data, t.Has(FieldUint64Data))
	u.before(12)
	e.strHas(12, t.DocString, t.Has(12))
	u.before(13)
	for _, s := range t.ExternalData {
		e.entry(13, "external_data", s)
	}
	u.before(14)
	if t.DataLocation != 0 || t.Has(14) {
		e.varint(14, uint64(int64(t.DataLocation)))
	}
	u.rest()
	return nil
}

func (e *encoder) valueInfo(vi *ValueInfo) error {
	u := unknown{e: e, b: vi.Unknown}
	u.before(1)
	e.strHas(1, vi.Name, vi.has.has(1))
	u.before(2)
	if vi.Type != nil {
		e.message(2, "type", func() error { e.typeProto(vi.Type); return nil })
	}
	u.rest()
	return nil
}

// typeProto writes tensor_type when it is the member or holds anything.
// The member that was read last must stay the member after decoding: when
// tensor_type is the member but another one is kept in Unknown, Unknown
// goes first.
func (e *encoder) typeProto(tp *TypeProto) {
	u := unknown{e: e, b: tp.Unknown}
	if tp.Kind == TypeTensor && holdsMember(tp.Unknown) {
		u.rest()
	}
	u.before(1)
	if tp.Kind == TypeTensor || tp.ElemType != 0 || tp.HasShape || len(tp.TensorUnknown) > 0 || tp.tensorHas != 0 {
		e.message(1, "tensor_type", func() error {
			v := unknown{e: e, b: tp.TensorUnknown}
			v.before(1)
			e.int64Has(1, int64(tp.ElemType), tp.tensorHas)
			v.before(2)
			if tp.HasShape {
				e.message(2, "shape", func() error {
					w := unknown{e: e, b: tp.ShapeUnknown}
					w.before(1)
					for _, d := range tp.Shape {
						e.message(1, "dim", func() error {
							x := unknown{e: e, b: d.Unknown}
							x.before(1)
							if d.HasValue || d.Value != 0 {
								e.varint(1, uint64(d.Value))
							}
							x.before(2)
							e.strHas(2, d.Param, d.has.has(2))
							x.rest()
							return nil
						})
					}
					w.rest()
					return nil
				})
			}
			v.rest()
			return nil
		})
	}
	u.rest()
}

// holdsMember reports whether raw fields hold a TypeProto member other
// than tensor_type.
func holdsMember(b []byte) bool {
	for len(b) > 0 {
		num, typ, k := protowire.ConsumeTag(b)
		if k < 0 {
			return false
		}
		if _, ok := typeKinds[num]; ok {
			return true
		}
		m := protowire.ConsumeFieldValue(num, typ, b[k:])
		if m < 0 {
			return false
		}
		b = b[k+m:]
	}
	return false
}
