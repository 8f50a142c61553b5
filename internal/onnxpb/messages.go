package onnxpb

import (
	"math"
	"strconv"

	"google.golang.org/protobuf/encoding/protowire"
)

// Model is a ModelProto.
type Model struct {
	IRVersion       int64
	OpsetImports    []OpsetID
	ProducerName    string
	ProducerVersion string
	Domain          string
	ModelVersion    int64
	DocString       string
	Graph           *Graph
	Metadata        []StringEntry
	// Functions counts model-local functions (FunctionProto), which are
	// not decoded but kept in Unknown; FunctionsOffset is where the first
	// one starts.
	Functions       int
	FunctionsOffset int
	// Unknown holds, as raw wire bytes in file order, the fields the
	// struct does not model (here training_info, functions,
	// configuration, …). Encode writes them back among the others, in
	// field-number order.
	Unknown []byte
	has     presence
}

// OpsetID is an OperatorSetIdProto; an empty domain is ai.onnx.
type OpsetID struct {
	Domain  string
	Version int64
	Unknown []byte
	has     presence
}

// StringEntry is a StringStringEntryProto.
type StringEntry struct {
	Key, Value string
	Unknown    []byte
	has        presence
}

// Graph is a GraphProto.
type Graph struct {
	Name         string
	Nodes        []*Node
	Initializers []*Tensor
	// SparseInitializers counts sparse_initializer entries (not decoded
	// but kept in Unknown); SparseOffset is where the first one starts.
	SparseInitializers int
	SparseOffset       int
	Inputs             []*ValueInfo
	Outputs            []*ValueInfo
	ValueInfo          []*ValueInfo
	Offset             int
	// Unknown: doc_string, quantization_annotation, sparse_initializer,
	// metadata_props and any other field, raw.
	Unknown []byte
	has     presence
}

// Node is a NodeProto.
type Node struct {
	Inputs  []string
	Outputs []string
	Name    string
	OpType  string
	Domain  string
	Attrs   []*Attribute
	Offset  int
	// Unknown: doc_string, overload, metadata_props, … raw.
	Unknown []byte
	has     presence
}

// AttrType is AttributeProto.AttributeType.
type AttrType int32

const (
	AttrUndefined     AttrType = 0
	AttrFloat         AttrType = 1
	AttrInt           AttrType = 2
	AttrString        AttrType = 3
	AttrTensor        AttrType = 4
	AttrGraph         AttrType = 5
	AttrFloats        AttrType = 6
	AttrInts          AttrType = 7
	AttrStrings       AttrType = 8
	AttrTensors       AttrType = 9
	AttrGraphs        AttrType = 10
	AttrSparseTensor  AttrType = 11
	AttrSparseTensors AttrType = 12
	AttrTypeProto     AttrType = 13
	AttrTypeProtos    AttrType = 14
)

var attrTypeNames = map[AttrType]string{
	AttrUndefined: "UNDEFINED", AttrFloat: "FLOAT", AttrInt: "INT", AttrString: "STRING", AttrTensor: "TENSOR",
	AttrGraph: "GRAPH", AttrFloats: "FLOATS", AttrInts: "INTS", AttrStrings: "STRINGS", AttrTensors: "TENSORS",
	AttrGraphs: "GRAPHS", AttrSparseTensor: "SPARSE_TENSOR", AttrSparseTensors: "SPARSE_TENSORS",
	AttrTypeProto: "TYPE_PROTO", AttrTypeProtos: "TYPE_PROTOS",
}

func (t AttrType) String() string {
	if s, ok := attrTypeNames[t]; ok {
		return s
	}
	return "attribute type " + strconv.Itoa(int(t))
}

// Attribute is an AttributeProto. Type is the declared discriminator
// (UNDEFINED in old files, where the filled field tells the kind).
type Attribute struct {
	Name        string
	RefAttrName string
	Type        AttrType
	F           float32
	I           int64
	S           []byte
	T           *Tensor
	G           *Graph
	TP          *TypeProto
	Floats      []float32
	Ints        []int64
	Strings     [][]byte
	Tensors     []*Tensor
	Graphs      []*Graph
	TypeProtos  []*TypeProto
	// Sparse counts sparse_tensor and sparse_tensors entries (not
	// decoded but kept in Unknown).
	Sparse int
	Offset int
	// Unknown: doc_string, the sparse tensors and any other field, raw.
	Unknown []byte
	// has records which fields were present, by field number.
	has uint32
}

// Has reports whether the value field with the given AttributeProto
// field number was present.
func (a *Attribute) Has(fieldNum int) bool { return fieldNum < 32 && a.has&(1<<fieldNum) != 0 }

// SetHas marks the field with the given AttributeProto field number
// present, so that Encode writes it even when it holds its zero value.
func (a *Attribute) SetHas(fieldNum int) {
	if fieldNum > 0 && fieldNum < 32 {
		a.has |= 1 << fieldNum
	}
}

// Kind is the declared type, or for old files without one the kind of
// the value that is present.
func (a *Attribute) Kind() AttrType {
	if a.Type != AttrUndefined {
		return a.Type
	}
	for _, k := range []struct {
		field int
		t     AttrType
	}{{2, AttrFloat}, {3, AttrInt}, {4, AttrString}, {5, AttrTensor}, {6, AttrGraph}, {7, AttrFloats},
		{8, AttrInts}, {9, AttrStrings}, {10, AttrTensors}, {11, AttrGraphs}, {14, AttrTypeProto}, {15, AttrTypeProtos},
		{22, AttrSparseTensor}, {23, AttrSparseTensors}} {
		if a.Has(k.field) {
			return k.t
		}
	}
	return AttrUndefined
}

// Tensor is a TensorProto. RawData aliases the decoded buffer. The typed
// *_data fields hold their elements as decoded from the wire: FloatData
// float32 bit patterns, Int32Data, Int64Data and Uint64Data the varints
// (sign-extended two's complement for the signed ones), DoubleData
// float64 bit patterns.
type Tensor struct {
	Dims         []int64
	DataType     int32
	Name         string
	RawData      []byte
	HasRawData   bool
	RawOffset    int
	FloatData    []uint64
	Int32Data    []uint64
	Int64Data    []uint64
	DoubleData   []uint64
	Uint64Data   []uint64
	StringData   [][]byte
	DocString    string
	ExternalData []StringEntry
	DataLocation int32
	// HasSegment says a segment was present; it is kept in Unknown.
	HasSegment bool
	Offset     int
	// Unknown: segment, metadata_props and any other field, raw.
	Unknown []byte
	// has records which fields were present, by field number.
	has uint32
}

// Has reports whether the field with the given TensorProto field number
// was present (a typed *_data field may be present and empty).
func (t *Tensor) Has(fieldNum int) bool { return fieldNum < 32 && t.has&(1<<fieldNum) != 0 }

// SetHas marks the field with the given TensorProto field number present,
// so that Encode writes it even when it is empty.
func (t *Tensor) SetHas(fieldNum int) {
	if fieldNum > 0 && fieldNum < 32 {
		t.has |= 1 << fieldNum
	}
}

// DataLocation values.
const (
	LocationDefault  = 0
	LocationExternal = 1
)

// ValueInfo is a ValueInfoProto.
type ValueInfo struct {
	Name   string
	Type   *TypeProto
	Offset int
	// Unknown: doc_string, metadata_props, … raw.
	Unknown []byte
	has     presence
}

// TypeProto is a TypeProto. Only tensor types are decoded in full; Kind
// says which member of the oneof was present (the last one, as in
// protobuf); the other members are kept raw in Unknown.
type TypeProto struct {
	Kind     TypeKind
	ElemType int32
	// Shape is nil when the tensor type has no shape (unknown rank).
	Shape    []Dim
	HasShape bool
	Offset   int
	// Unknown: the sequence, map, optional and sparse members,
	// denotation, … raw. TensorUnknown and ShapeUnknown are the unknown
	// fields of tensor_type and of its shape.
	Unknown       []byte
	TensorUnknown []byte
	ShapeUnknown  []byte
	tensorHas     presence // of tensor_type's fields
}

// TypeKind is the member of TypeProto's value oneof.
type TypeKind int

const (
	TypeUnset TypeKind = iota
	TypeTensor
	TypeSequence
	TypeMap
	TypeOptional
	TypeSparseTensor
	TypeOther
)

var typeKindNames = [...]string{"unset", "tensor", "sequence", "map", "optional", "sparse tensor", "other"}

func (k TypeKind) String() string { return typeKindNames[k] }

// Dim is a TensorShapeProto.Dimension: a value, a symbolic name, or
// neither (unknown).
type Dim struct {
	Value    int64
	HasValue bool
	Param    string
	// Unknown: denotation, … raw.
	Unknown []byte
	has     presence
}

// Decode decodes a serialized ModelProto. The returned model's raw tensor
// data aliases data.
func Decode(data []byte) (*Model, error) { return DecodePassing(data, nil) }

// DecodePassing is Decode calling passed with each tensor's raw data as
// soon as the decoder has passed over it (without reading it). A caller
// whose data is a file mapping can drop the pages that reading the
// headers around it faulted in: on kernels that map whole large folios,
// those are most of the weights.
func DecodePassing(data []byte, passed func(raw []byte)) (*Model, error) {
	d := decoder{passed: passed}
	m := &Model{}
	err := d.walk(data, 0, "ModelProto", &m.Unknown, m.has.track(func(f *field) error {
		var err error
		switch f.num {
		case 1:
			m.IRVersion, err = f.int64("ir_version")
		case 8:
			var id OpsetID
			err = d.sub(f, "opset_import", "OperatorSetIdProto", &id.Unknown, id.has.track(func(g *field) error {
				var err error
				switch g.num {
				case 1:
					id.Domain, err = g.str("domain")
				case 2:
					id.Version, err = g.int64("version")
				}
				return err
			}))
			m.OpsetImports = append(m.OpsetImports, id)
		case 2:
			m.ProducerName, err = f.str("producer_name")
		case 3:
			m.ProducerVersion, err = f.str("producer_version")
		case 4:
			m.Domain, err = f.str("domain")
		case 5:
			m.ModelVersion, err = f.int64("model_version")
		case 6:
			m.DocString, err = f.str("doc_string")
		case 7:
			if m.Graph != nil {
				return errAt(f.off, "ModelProto.graph given twice")
			}
			m.Graph, err = d.graph(f, "graph")
		case 14:
			var e StringEntry
			e, err = d.entry(f, "metadata_props")
			m.Metadata = append(m.Metadata, e)
		case 25:
			if err = f.kept("functions"); err == nil {
				if m.Functions == 0 {
					m.FunctionsOffset = f.off
				}
				m.Functions++
			}
		}
		return err
	}))
	if err != nil {
		return nil, err
	}
	return m, nil
}

// DecodeTensor decodes a serialized TensorProto (a .pb test-data file).
// Its raw data aliases data.
func DecodeTensor(data []byte) (*Tensor, error) {
	var d decoder
	t := &Tensor{}
	if err := d.walk(data, 0, "TensorProto", &t.Unknown, d.tensorField(t)); err != nil {
		return nil, err
	}
	return t, nil
}

func (d *decoder) entry(f *field, name string) (StringEntry, error) {
	var e StringEntry
	err := d.sub(f, name, "StringStringEntryProto", &e.Unknown, e.has.track(func(g *field) error {
		var err error
		switch g.num {
		case 1:
			e.Key, err = g.str("key")
		case 2:
			e.Value, err = g.str("value")
		}
		return err
	}))
	return e, err
}

func (d *decoder) graph(f *field, name string) (*Graph, error) {
	g := &Graph{Offset: f.off}
	err := d.sub(f, name, "GraphProto", &g.Unknown, g.has.track(func(h *field) error {
		var err error
		switch h.num {
		case 1:
			var n *Node
			n, err = d.node(h)
			g.Nodes = append(g.Nodes, n)
		case 2:
			g.Name, err = h.str("name")
		case 5:
			t := &Tensor{Offset: h.off}
			err = d.sub(h, "initializer", "TensorProto", &t.Unknown, d.tensorField(t))
			g.Initializers = append(g.Initializers, t)
		case 15:
			if err = h.kept("sparse_initializer"); err == nil {
				if g.SparseInitializers == 0 {
					g.SparseOffset = h.off
				}
				g.SparseInitializers++
			}
		case 11, 12, 13:
			var vi *ValueInfo
			vi, err = d.valueInfo(h, map[protowire.Number]string{11: "input", 12: "output", 13: "value_info"}[h.num])
			switch h.num {
			case 11:
				g.Inputs = append(g.Inputs, vi)
			case 12:
				g.Outputs = append(g.Outputs, vi)
			default:
				g.ValueInfo = append(g.ValueInfo, vi)
			}
		}
		return err
	}))
	return g, err
}

func (d *decoder) node(f *field) (*Node, error) {
	n := &Node{Offset: f.off}
	err := d.sub(f, "node", "NodeProto", &n.Unknown, n.has.track(func(g *field) error {
		var err error
		var s string
		switch g.num {
		case 1:
			s, err = g.str("input")
			n.Inputs = append(n.Inputs, s)
		case 2:
			s, err = g.str("output")
			n.Outputs = append(n.Outputs, s)
		case 3:
			n.Name, err = g.str("name")
		case 4:
			n.OpType, err = g.str("op_type")
		case 7:
			n.Domain, err = g.str("domain")
		case 5:
			var a *Attribute
			a, err = d.attribute(g)
			n.Attrs = append(n.Attrs, a)
		}
		return err
	}))
	return n, err
}

func (d *decoder) attribute(f *field) (*Attribute, error) {
	a := &Attribute{Offset: f.off}
	err := d.sub(f, "attribute", "AttributeProto", &a.Unknown, func(g *field) error {
		var err error
		if g.num < 32 {
			a.has |= 1 << g.num
		}
		switch g.num {
		case 1:
			a.Name, err = g.str("name")
		case 21:
			a.RefAttrName, err = g.str("ref_attr_name")
		case 20:
			var t int32
			t, err = g.int32("type")
			a.Type = AttrType(t)
		case 2:
			var bits uint32
			bits, err = g.float32("f")
			a.F = math.Float32frombits(bits)
		case 3:
			a.I, err = g.int64("i")
		case 4:
			a.S, err = g.bytes("s")
		case 5:
			a.T = &Tensor{Offset: g.off}
			err = d.sub(g, "t", "TensorProto", &a.T.Unknown, d.tensorField(a.T))
		case 6:
			a.G, err = d.graph(g, "g")
		case 14:
			a.TP, err = d.typeProto(g, "tp")
		case 7:
			var vs []uint64
			vs, err = g.fixed("floats", 4, nil)
			for _, v := range vs {
				a.Floats = append(a.Floats, math.Float32frombits(uint32(v)))
			}
		case 8:
			var vs []uint64
			vs, err = g.varints("ints", nil)
			for _, v := range vs {
				a.Ints = append(a.Ints, int64(v))
			}
		case 9:
			var b []byte
			b, err = g.bytes("strings")
			a.Strings = append(a.Strings, b)
		case 10:
			t := &Tensor{Offset: g.off}
			err = d.sub(g, "tensors", "TensorProto", &t.Unknown, d.tensorField(t))
			a.Tensors = append(a.Tensors, t)
		case 11:
			var gr *Graph
			gr, err = d.graph(g, "graphs")
			a.Graphs = append(a.Graphs, gr)
		case 15:
			var tp *TypeProto
			tp, err = d.typeProto(g, "type_protos")
			a.TypeProtos = append(a.TypeProtos, tp)
		case 22, 23:
			if err = g.kept("sparse_tensor"); err == nil {
				a.Sparse++
			}
		}
		return err
	})
	return a, err
}

func (d *decoder) tensorField(t *Tensor) func(g *field) error {
	return func(g *field) error {
		var err error
		if g.num < 32 {
			t.has |= 1 << g.num
		}
		switch g.num {
		case 1:
			var vs []uint64
			vs, err = g.varints("dims", nil)
			for _, v := range vs {
				t.Dims = append(t.Dims, int64(v))
			}
		case 2:
			t.DataType, err = g.int32("data_type")
		case 3:
			if err = g.kept("segment"); err == nil {
				t.HasSegment = true
			}
		case 4:
			t.FloatData, err = g.fixed("float_data", 4, t.FloatData)
		case 5:
			t.Int32Data, err = g.varints("int32_data", t.Int32Data)
		case 6:
			var b []byte
			b, err = g.bytes("string_data")
			t.StringData = append(t.StringData, b)
		case 7:
			t.Int64Data, err = g.varints("int64_data", t.Int64Data)
		case 8:
			t.Name, err = g.str("name")
		case 9:
			t.RawData, err = g.bytes("raw_data")
			t.HasRawData, t.RawOffset = true, g.bOff
			if d.passed != nil && err == nil && len(t.RawData) > 0 {
				d.passed(t.RawData)
			}
		case 10:
			t.DoubleData, err = g.fixed("double_data", 8, t.DoubleData)
		case 11:
			t.Uint64Data, err = g.varints("uint64_data", t.Uint64Data)
		case 12:
			t.DocString, err = g.str("doc_string")
		case 13:
			var e StringEntry
			e, err = d.entry(g, "external_data")
			t.ExternalData = append(t.ExternalData, e)
		case 14:
			t.DataLocation, err = g.int32("data_location")
		}
		return err
	}
}

func (d *decoder) valueInfo(f *field, name string) (*ValueInfo, error) {
	vi := &ValueInfo{Offset: f.off}
	err := d.sub(f, name, "ValueInfoProto", &vi.Unknown, vi.has.track(func(g *field) error {
		var err error
		switch g.num {
		case 1:
			vi.Name, err = g.str("name")
		case 2:
			vi.Type, err = d.typeProto(g, "type")
		}
		return err
	}))
	return vi, err
}

// typeKinds are the TypeProto members besides tensor_type.
var typeKinds = map[protowire.Number]TypeKind{4: TypeSequence, 5: TypeMap, 9: TypeOptional, 8: TypeSparseTensor}

func (d *decoder) typeProto(f *field, name string) (*TypeProto, error) {
	tp := &TypeProto{Offset: f.off}
	err := d.sub(f, name, "TypeProto", &tp.Unknown, func(g *field) error {
		switch g.num {
		case 1:
			tp.Kind = TypeTensor
			return d.tensorType(g, tp)
		case 4, 5, 9, 8:
			tp.Kind = typeKinds[g.num]
			// Checked for well-formedness (and depth), kept raw.
			g.keep = true
			return d.sub(g, "value", "TypeProto member", nil, func(*field) error { return nil })
		}
		return nil
	})
	return tp, err
}

func (d *decoder) tensorType(f *field, tp *TypeProto) error {
	return d.sub(f, "tensor_type", "TypeProto.Tensor", &tp.TensorUnknown, tp.tensorHas.track(func(g *field) error {
		var err error
		switch g.num {
		case 1:
			tp.ElemType, err = g.int32("elem_type")
		case 2:
			tp.HasShape = true
			tp.Shape = []Dim{}
			err = d.sub(g, "shape", "TensorShapeProto", &tp.ShapeUnknown, func(h *field) error {
				if h.num != 1 {
					return nil
				}
				var dim Dim
				err := d.sub(h, "dim", "TensorShapeProto.Dimension", &dim.Unknown, dim.has.track(func(k *field) error {
					var err error
					switch k.num {
					case 1:
						dim.Value, err = k.int64("dim_value")
						dim.HasValue = true
					case 2:
						dim.Param, err = k.str("dim_param")
					}
					return err
				}))
				tp.Shape = append(tp.Shape, dim)
				return err
			})
		}
		return err
	}))
}

// presence records which fields of a message were present, by field
// number (below 32), so that Encode writes a field that held its zero
// value (an empty name, a version 0) as the input had it.
type presence uint32

func (p presence) has(num int) bool { return num < 32 && p&(1<<num) != 0 }

// track wraps a message's field handler to record each field it sees.
func (p *presence) track(fn func(f *field) error) func(f *field) error {
	return func(f *field) error {
		if f.num < 32 {
			*p |= 1 << f.num
		}
		return fn(f)
	}
}
