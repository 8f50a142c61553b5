package qnnser

import (
	"archive/tar"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	function "github.com/mlc-go/mlc/dialects/func"
	qd "github.com/mlc-go/mlc/dialects/qnn"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
)

// maxJSONBytes bounds the _net.json the importer reads.
const maxJSONBytes = 1 << 30

// member is one key of a JSON object with its value and the byte offset
// of the value in the file (for positioned errors).
type member struct {
	Key   string
	Value json.RawMessage
	Off   int64
}

// jsonReader reads the net JSON keeping object order and positions.
type jsonReader struct {
	file string
	src  []byte
}

// posAt is the location of byte offset off of the JSON file.
func (r *jsonReader) posAt(off int64) ir.Location {
	if off < 0 || off > int64(len(r.src)) {
		off = 0
	}
	line := 1 + bytes.Count(r.src[:off], []byte{'\n'})
	col := int(off) - bytes.LastIndexByte(r.src[:off], '\n')
	return ir.FileLineColLoc{File: r.file, Line: line, Col: col}
}

// errAt is a diagnostic at byte offset off of the JSON file.
func (r *jsonReader) errAt(off int64, format string, args ...any) *ir.Diagnostic {
	return ir.Errorf(r.posAt(off), format, args...)
}

// object splits the JSON object at offset off into its members in order.
func (r *jsonReader) object(raw json.RawMessage, off int64, what string) ([]member, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	tok, err := dec.Token()
	if d, ok := tok.(json.Delim); err != nil || !ok || d != '{' {
		return nil, r.errAt(off, "%s must be a JSON object", what)
	}
	var out []member
	seen := map[string]bool{}
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return nil, r.errAt(off+dec.InputOffset(), "%s: %v", what, err)
		}
		key, _ := kt.(string)
		if seen[key] {
			return nil, r.errAt(off+dec.InputOffset(), "%s: key %q appears twice", what, key)
		}
		seen[key] = true
		var v json.RawMessage
		start := dec.InputOffset()
		if err := dec.Decode(&v); err != nil {
			return nil, r.errAt(off+start, "%s: %v", what, err)
		}
		// InputOffset is before the separator and spaces; skip them.
		vo := start
		for vo < int64(len(raw)) && (raw[vo] == ':' || raw[vo] == ' ' || raw[vo] == '\t' || raw[vo] == '\n' || raw[vo] == '\r') {
			vo++
		}
		out = append(out, member{Key: key, Value: v, Off: off + vo})
	}
	return out, nil
}

// noDuplicateKeys rejects an object with a key twice anywhere in the
// document (encoding/json would keep the last silently).
func (r *jsonReader) noDuplicateKeys() error {
	dec := json.NewDecoder(bytes.NewReader(r.src))
	type frame struct {
		object bool
		keys   map[string]bool
		key    bool // the next string token is a key
	}
	var stack []*frame
	for {
		off := dec.InputOffset()
		tok, err := dec.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return r.errAt(off, "invalid JSON: %v", err)
		}
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if d, ok := tok.(json.Delim); ok {
			switch d {
			case '{', '[':
				if top != nil && top.object {
					top.key = true
				}
				stack = append(stack, &frame{object: d == '{', keys: map[string]bool{}, key: d == '{'})
			default:
				stack = stack[:len(stack)-1]
				if len(stack) > 0 && stack[len(stack)-1].object {
					stack[len(stack)-1].key = true
				}
			}
			continue
		}
		if top == nil || !top.object {
			continue
		}
		if top.key {
			k, _ := tok.(string)
			if top.keys[k] {
				return r.errAt(off, "key %q appears twice in one object", k)
			}
			top.keys[k] = true
			top.key = false
			continue
		}
		top.key = true
	}
}

func lookup(ms []member, key string) (member, bool) {
	for _, m := range ms {
		if m.Key == key {
			return m, true
		}
	}
	return member{}, false
}

// decode unmarshals a member's value, as a positioned error on failure.
func (r *jsonReader) decode(m member, what string, v any) error {
	if err := json.Unmarshal(m.Value, v); err != nil {
		return r.errAt(m.Off, "%s: %v", what, err)
	}
	return nil
}

// jsonTensor is a graph.tensors entry.
type jsonTensor struct {
	name   string
	off    int64
	ID     *int64          `json:"id"`
	Type   *int64          `json:"type"`
	DType  *int64          `json:"data_type"`
	Dims   []int64         `json:"dims"`
	Quant  json.RawMessage `json:"quant_params"`
	IRType string          `json:"mlc_type"`
	VType  string          `json:"mlc_value_type"`
	Res    string          `json:"mlc_resource"`
	Align  uint32          `json:"mlc_resource_alignment"`

	kind qd.TensorKind
	typ  ir.Type
	dt   qd.DataType
	size int64
	data []byte
}

type jsonQuant struct {
	Definition *int64 `json:"definition"`
	Encoding   *int64 `json:"encoding"`
	SO         *struct {
		Scale  float64 `json:"scale"`
		Offset int64   `json:"offset"`
	} `json:"scale_offset"`
	ASO *struct {
		Axis   int64 `json:"axis"`
		Num    int64 `json:"num_scale_offsets"`
		Values []struct {
			Scale  float64 `json:"scale"`
			Offset int64   `json:"offset"`
		} `json:"scale_offsets"`
	} `json:"axis_scale_offset"`
}

type jsonNode struct {
	Package string                     `json:"package"`
	Type    string                     `json:"type"`
	TParams map[string]json.RawMessage `json:"tensor_params"`
	SParams map[string]map[string]any  `json:"scalar_params"`
	Inputs  []string                   `json:"input_names"`
	Outputs []string                   `json:"output_names"`
	Attrs   string                     `json:"mlc_attributes"`
}

type jsonFunction struct {
	Name       string   `json:"name"`
	Visibility string   `json:"visibility"`
	Attributes string   `json:"attributes"`
	ArgAttrs   string   `json:"arg_attrs"`
	ResAttrs   string   `json:"res_attrs"`
	Inputs     []string `json:"inputs"`
	Outputs    []string `json:"outputs"`
}

// importer holds one ImportNetJSON.
type importer struct {
	ctx                *ir.Context
	r                  *jsonReader
	tensorsAt, nodesAt member // graph.tensors and graph.nodes
	fn                 jsonFunction
	tensors            map[string]*jsonTensor
	order              []*jsonTensor // graph.tensors order
}

// ImportNetJSON reads <m>_net.json and the <m>.bin beside it into a
// builtin.module holding one func.func of qnn ops. The bin is untrusted:
// every entry must be a static tensor of the graph with exactly its
// size, names are plain (no directories), and nothing is allocated
// beyond what the files hold.
func ImportNetJSON(ctx *ir.Context, netJSONPath string) (*ir.Operation, error) {
	fi, err := os.Stat(netJSONPath)
	if err != nil {
		return nil, err
	}
	if fi.Size() > maxJSONBytes {
		return nil, fmt.Errorf("%s: %d bytes is over the %d-byte limit", netJSONPath, fi.Size(), maxJSONBytes)
	}
	src, err := os.ReadFile(netJSONPath)
	if err != nil {
		return nil, err
	}
	base := filepath.Base(netJSONPath)
	model := strings.TrimSuffix(base, filepath.Ext(base))
	if strings.HasSuffix(base, "_net.json") {
		model = strings.TrimSuffix(base, "_net.json")
	}
	binPath := filepath.Join(filepath.Dir(netJSONPath), model+".bin")
	var bin io.Reader
	var binSize int64
	if f, err := os.Open(binPath); err == nil {
		defer f.Close()
		st, err := f.Stat()
		if err != nil {
			return nil, err
		}
		bin, binSize = f, st.Size()
	}
	return Import(ctx, netJSONPath, src, model, bin, binSize)
}

// Import reads a net JSON (src, named file in diagnostics) and its bin
// (nil when absent; binSize bytes) into a module; model names the
// function when the JSON does not.
func Import(ctx *ir.Context, file string, src []byte, model string, bin io.Reader, binSize int64) (*ir.Operation, error) {
	im := &importer{ctx: ctx, r: &jsonReader{file: file, src: src}}
	return im.run(model, bin, binSize)
}

func (im *importer) run(model string, bin io.Reader, binSize int64) (*ir.Operation, error) {
	if err := im.sections(); err != nil {
		return nil, err
	}
	if err := im.readTensors(); err != nil {
		return nil, err
	}
	if err := im.readBin(bin, binSize, im.tensors, im.order); err != nil {
		return nil, err
	}
	body, inputs, outputs, err := im.body()
	if err != nil {
		return nil, err
	}
	return im.module(model, body, inputs, outputs)
}

// sections finds graph.tensors, graph.nodes and mlc_function.
func (im *importer) sections() error {
	r := im.r
	if !json.Valid(r.src) {
		var v any
		err := json.Unmarshal(r.src, &v)
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return r.errAt(se.Offset, "invalid JSON: %v", err)
		}
		return r.errAt(0, "invalid JSON: %v", err)
	}
	if err := r.noDuplicateKeys(); err != nil {
		return err
	}
	top, err := r.object(r.src, 0, "the net JSON")
	if err != nil {
		return err
	}
	gm, ok := lookup(top, "graph")
	if !ok {
		return r.errAt(0, "the net JSON has no \"graph\"")
	}
	graph, err := r.object(gm.Value, gm.Off, "graph")
	if err != nil {
		return err
	}
	if im.tensorsAt, ok = lookup(graph, "tensors"); !ok {
		return r.errAt(gm.Off, "graph has no \"tensors\"")
	}
	if im.nodesAt, ok = lookup(graph, "nodes"); !ok {
		return r.errAt(gm.Off, "graph has no \"nodes\"")
	}
	if fm, ok := lookup(top, "mlc_function"); ok {
		return r.decode(fm, "mlc_function", &im.fn)
	}
	return nil
}

// readTensors reads and checks graph.tensors (ids unique).
func (im *importer) readTensors() error {
	members, err := im.r.object(im.tensorsAt.Value, im.tensorsAt.Off, "graph.tensors")
	if err != nil {
		return err
	}
	im.tensors = map[string]*jsonTensor{}
	ids := map[int64]string{}
	for _, m := range members {
		t, err := im.tensor(m)
		if err != nil {
			return err
		}
		if prev, dup := ids[*t.ID]; dup {
			return im.r.errAt(m.Off, "tensor %q has id %d, as tensor %q does", m.Key, *t.ID, prev)
		}
		ids[*t.ID] = m.Key
		im.tensors[m.Key] = t
		im.order = append(im.order, t)
	}
	return nil
}

// signature is the graph's inputs and outputs: mlc_function's order, else
// the APP_WRITE and APP_READ tensors in graph.tensors order.
func (im *importer) signature() (inputs, outputs []string) {
	inputs, outputs = im.fn.Inputs, im.fn.Outputs
	for _, t := range im.order {
		if im.fn.Inputs == nil && t.kind == qd.KindAppWrite {
			inputs = append(inputs, t.name)
		}
		if im.fn.Outputs == nil && t.kind == qd.KindAppRead {
			outputs = append(outputs, t.name)
		}
	}
	return inputs, outputs
}

// body builds the function body: arguments, static tensors, one op per
// node and the return.
func (im *importer) body() (*ir.Block, []string, []string, error) {
	r, tensors := im.r, im.tensors
	inputs, outputs := im.signature()
	body := ir.NewBlock(nil, nil)
	vals := map[string]*ir.Value{}
	for _, name := range inputs {
		t := tensors[name]
		if t == nil || t.kind != qd.KindAppWrite {
			return nil, nil, nil, r.errAt(im.tensorsAt.Off, "graph input %q is not an APP_WRITE tensor of graph.tensors", name)
		}
		if vals[name] != nil {
			return nil, nil, nil, r.errAt(im.tensorsAt.Off, "graph input %q is listed twice", name)
		}
		vals[name] = body.AddArg(t.typ, ir.NameLoc{Name: name, Child: ir.UnknownLoc{}})
	}
	b := ir.NewBuilder(im.ctx)
	b.SetInsertionPointToEnd(body)

	// Static tensors go before the first node whose output has a larger
	// id (the serializer numbers tensors in program order), or before
	// their first use.
	var statics []*jsonTensor
	for _, t := range im.order {
		if t.kind == qd.KindStatic {
			statics = append(statics, t)
		}
	}
	sort.SliceStable(statics, func(i, j int) bool { return *statics[i].ID < *statics[j].ID })
	next := 0
	emitStatic := func(t *jsonTensor) error {
		if vals[t.name] != nil {
			return nil
		}
		v, err := im.static(b, t)
		if err != nil {
			return err
		}
		vals[t.name] = v
		return nil
	}
	nodes, err := r.object(im.nodesAt.Value, im.nodesAt.Off, "graph.nodes")
	if err != nil {
		return nil, nil, nil, err
	}
	for _, m := range nodes {
		var n jsonNode
		if err := r.decode(m, "node "+strconv.Quote(m.Key), &n); err != nil {
			return nil, nil, nil, err
		}
		first := int64(math.MaxInt64)
		for _, o := range n.Outputs {
			if t := tensors[o]; t != nil {
				first = min(first, *t.ID)
			}
		}
		for ; next < len(statics) && *statics[next].ID < first; next++ {
			if err := emitStatic(statics[next]); err != nil {
				return nil, nil, nil, err
			}
		}
		for _, in := range n.Inputs {
			if t := tensors[in]; t != nil && t.kind == qd.KindStatic {
				if err := emitStatic(t); err != nil {
					return nil, nil, nil, err
				}
			}
		}
		if err := im.node(b, m, &n, tensors, vals); err != nil {
			return nil, nil, nil, err
		}
	}
	for ; next < len(statics); next++ {
		if err := emitStatic(statics[next]); err != nil {
			return nil, nil, nil, err
		}
	}
	var results []*ir.Value
	for _, name := range outputs {
		t, v := tensors[name], vals[name]
		if t == nil || t.kind != qd.KindAppRead || v == nil {
			return nil, nil, nil, r.errAt(im.tensorsAt.Off, "graph output %q is not an APP_READ tensor produced by a node", name)
		}
		results = append(results, v)
	}
	b.Create(ir.OperationState{Name: "func.return", Operands: results, Loc: r.posAt(im.nodesAt.Off)})
	return body, inputs, outputs, nil
}

// module wraps body in the func.func mlc_function describes (else one
// named model) inside a builtin.module, and verifies it.
func (im *importer) module(model string, body *ir.Block, inputs, outputs []string) (*ir.Operation, error) {
	r, ctx := im.r, im.ctx
	var argTypes, resTypes []ir.Type
	for _, a := range body.Args() {
		argTypes = append(argTypes, a.Type())
	}
	for _, v := range body.Terminator().Operands() {
		resTypes = append(resTypes, v.Type())
	}
	name := im.fn.Name
	if name == "" {
		name = model
	}
	props := []ir.NamedAttr{
		{Name: "sym_name", Value: ctx.StringAttr(name)},
		{Name: "function_type", Value: ctx.TypeAttr(ctx.FunctionType(argTypes, resTypes))},
	}
	if im.fn.Visibility != "" {
		props = append(props, ir.NamedAttr{Name: "sym_visibility", Value: ctx.StringAttr(im.fn.Visibility)})
	}
	for _, sig := range []struct {
		attr, text, prefix string
		names              []string
	}{{"arg_attrs", im.fn.ArgAttrs, "arg", inputs}, {"res_attrs", im.fn.ResAttrs, "result", outputs}} {
		a := im.nameAttrs(sig.names, sig.prefix)
		if sig.text != "" {
			parsed, err := im.parseAttr(sig.text)
			if err != nil {
				return nil, r.errAt(0, "mlc_function %s: %v", sig.attr, err)
			}
			a = parsed
		}
		if a != nil {
			props = append(props, ir.NamedAttr{Name: sig.attr, Value: a})
		}
	}
	loc := r.posAt(0)
	fn := ctx.NewOperation(ir.OperationState{Name: "func.func", Props: ctx.DictionaryAttr(props), NumRegions: 1, Loc: loc})
	fn.Region(0).AppendBlock(body)
	if im.fn.Attributes != "" {
		attrs, err := im.discardable(im.fn.Attributes)
		if err != nil {
			return nil, r.errAt(0, "mlc_function attributes: %v", err)
		}
		for _, a := range attrs {
			fn.SetAttr(a.Name, a.Value)
		}
	}
	module := ctx.NewOperation(ir.OperationState{Name: "builtin.module", NumRegions: 1, Loc: loc})
	mb := ir.NewBuilder(ctx)
	mb.CreateBlock(module.Region(0), nil, nil)
	mb.Insert(fn)
	if err := ir.Verify(module); err != nil {
		var d *ir.Diagnostic
		if errors.As(err, &d) {
			return nil, d
		}
		return nil, r.errAt(0, "imported module does not verify: %v", err)
	}
	return module, nil
}

// parseAttr parses one attribute's MLIR text with the IR parser (as the
// value of a module attribute).
func (im *importer) parseAttr(text string) (ir.Attribute, error) {
	if len(text) > 1<<20 {
		return nil, fmt.Errorf("attribute text over 1 MiB")
	}
	m, err := asm.ParseFile(im.ctx, "attribute", []byte("module attributes {mlc.value = "+text+"} {\n}"))
	if err != nil {
		return nil, fmt.Errorf("%q does not parse as an attribute: %v", text, err)
	}
	attrs := m.Attrs()
	if len(attrs) != 1 || attrs[0].Name != "mlc.value" {
		return nil, fmt.Errorf("%q is not one attribute", text)
	}
	return attrs[0].Value, nil
}

// discardable parses a dictionary's text whose keys are all
// dialect-prefixed (discardable) attribute names.
func (im *importer) discardable(text string) ([]ir.NamedAttr, error) {
	a, err := im.parseAttr(text)
	if err != nil {
		return nil, err
	}
	d, ok := a.(*ir.DictionaryAttr)
	if !ok {
		return nil, fmt.Errorf("%q is not a dictionary", text)
	}
	for _, e := range d.Entries {
		if !strings.Contains(e.Name, ".") {
			return nil, fmt.Errorf("attribute %q must have a dialect prefix", e.Name)
		}
	}
	return d.Entries, nil
}

// nameAttrs is arg_attrs/res_attrs with mlc.name for names other than
// the default "<prefix><i>", or nil when every name is the default.
func (im *importer) nameAttrs(names []string, prefix string) ir.Attribute {
	any := false
	dicts := make([]ir.Attribute, len(names))
	for i, n := range names {
		if n == prefix+strconv.Itoa(i) {
			dicts[i] = im.ctx.DictionaryAttr(nil)
			continue
		}
		any = true
		dicts[i] = im.ctx.DictionaryAttr([]ir.NamedAttr{{Name: function.NameAttr, Value: im.ctx.StringAttr(n)}})
	}
	if !any {
		return nil
	}
	return im.ctx.ArrayAttr(dicts)
}

// tensor reads and checks one graph.tensors entry and builds its type.
func (im *importer) tensor(m member) (*jsonTensor, error) {
	r := im.r
	t := &jsonTensor{name: m.Key, off: m.Off}
	if err := r.decode(m, "tensor "+strconv.Quote(m.Key), t); err != nil {
		return nil, err
	}
	if cName(m.Key) != m.Key {
		return nil, r.errAt(m.Off, "tensor name %q is not a C identifier (QNN tensor names are)", m.Key)
	}
	if t.ID == nil || t.Type == nil || t.DType == nil || t.Dims == nil {
		return nil, r.errAt(m.Off, "tensor %q needs \"id\", \"type\", \"data_type\" and \"dims\"", m.Key)
	}
	kind, ok := kindOfCode(*t.Type)
	if !ok {
		return nil, r.errAt(m.Off, "tensor %q: unknown tensor type %d (APP_WRITE 0, APP_READ 1, NATIVE 3, STATIC 4)", m.Key, *t.Type)
	}
	t.kind = kind
	if !isKnownDataType(*t.DType) {
		return nil, r.errAt(m.Off, "tensor %q: unknown data type %d (0x%04x)", m.Key, *t.DType, *t.DType)
	}
	t.dt = qd.DataType(*t.DType)
	if len(t.Dims) > 16 {
		return nil, r.errAt(m.Off, "tensor %q has rank %d (at most 16)", m.Key, len(t.Dims))
	}
	for _, d := range t.Dims {
		if d < 1 || d > math.MaxUint32 {
			return nil, r.errAt(m.Off, "tensor %q: dimension %d is not in [1, 2^32)", m.Key, d)
		}
	}
	size, ok := byteSize(t.dt, t.Dims)
	if !ok {
		return nil, r.errAt(m.Off, "tensor %q: dims %v overflow (over 2^40 elements)", m.Key, t.Dims)
	}
	t.size = size
	typ, err := im.tensorType(t)
	if err != nil {
		return nil, r.errAt(m.Off, "tensor %q: %v", m.Key, err)
	}
	t.typ = typ
	return t, nil
}

func (im *importer) tensorType(t *jsonTensor) (ir.Type, error) {
	var typ ir.Type
	if t.dt.IsFixedPoint() {
		var q jsonQuant
		if len(t.Quant) == 0 {
			return nil, fmt.Errorf("a fixed-point tensor needs quant_params")
		}
		if err := json.Unmarshal(t.Quant, &q); err != nil {
			return nil, fmt.Errorf("quant_params: %v", err)
		}
		if q.Definition == nil || *q.Definition != definitionDefined || q.Encoding == nil {
			return nil, fmt.Errorf("a fixed-point tensor needs a defined encoding (definition 1)")
		}
		switch *q.Encoding {
		case encodingScaleOffset:
			if q.SO == nil {
				return nil, fmt.Errorf("encoding 0 (scale-offset) needs \"scale_offset\"")
			}
			so, err := scaleOffset(q.SO.Scale, q.SO.Offset)
			if err != nil {
				return nil, err
			}
			typ, err = qd.NewTensorType(im.ctx, t.Dims, t.dt, so)
			if err != nil {
				return nil, err
			}
		case encodingAxisScaleOffset:
			a := q.ASO
			if a == nil {
				return nil, fmt.Errorf("encoding 1 (axis-scale-offset) needs \"axis_scale_offset\"")
			}
			if a.Num != int64(len(a.Values)) {
				return nil, fmt.Errorf("num_scale_offsets %d differs from the %d scale_offsets", a.Num, len(a.Values))
			}
			if a.Axis < 0 || a.Axis >= int64(len(t.Dims)) {
				return nil, fmt.Errorf("quantization axis %d is out of range for rank %d", a.Axis, len(t.Dims))
			}
			sos := make([]qd.ScaleOffset, len(a.Values))
			for i, v := range a.Values {
				so, err := scaleOffset(v.Scale, v.Offset)
				if err != nil {
					return nil, err
				}
				sos[i] = so
			}
			var err error
			typ, err = qd.NewPerAxisTensorType(im.ctx, t.Dims, t.dt, int(a.Axis), sos)
			if err != nil {
				return nil, err
			}
		default:
			return nil, fmt.Errorf("quantization encoding %d is not supported (scale-offset 0, axis-scale-offset 1)", *q.Encoding)
		}
	} else {
		elem, err := asm.ParseType(im.ctx, builtinElem(t.dt))
		if err != nil {
			return nil, err
		}
		typ = im.ctx.TensorType(append([]int64(nil), t.Dims...), elem, nil)
	}
	if t.IRType != "" {
		alt, err := asm.ParseType(im.ctx, t.IRType)
		if err != nil {
			return nil, fmt.Errorf("mlc_type: %v", err)
		}
		dt, ok1 := qd.DataTypeOf(alt)
		shape, ok2 := qd.ShapeOf(alt)
		if !ok1 || !ok2 || dt != t.dt || !equalInts(shape, t.Dims) {
			return nil, fmt.Errorf("mlc_type %s disagrees with data_type %d and dims %v", t.IRType, t.dt, t.Dims)
		}
		typ = alt
	}
	return typ, nil
}

func equalInts(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func scaleOffset(scale float64, offset int64) (qd.ScaleOffset, error) {
	s := float32(scale)
	if !(s > 0) || math.IsInf(float64(s), 0) {
		return qd.ScaleOffset{}, fmt.Errorf("scale %g is not positive and finite", scale)
	}
	if offset < math.MinInt32 || offset > math.MaxInt32 {
		return qd.ScaleOffset{}, fmt.Errorf("offset %d does not fit int32", offset)
	}
	return qd.ScaleOffset{Scale: s, Offset: int32(offset)}, nil
}

// readBin reads the tar: each entry must be <static tensor>.raw, once,
// with exactly the tensor's byte size.
func (im *importer) readBin(bin io.Reader, binSize int64, tensors map[string]*jsonTensor, order []*jsonTensor) error {
	need := 0
	for _, t := range order {
		if t.kind == qd.KindStatic {
			need++
		}
	}
	if bin == nil {
		if need > 0 {
			return im.r.errAt(0, "the graph has %d static tensors but there is no .bin beside the JSON", need)
		}
		return nil
	}
	binErr := func(format string, args ...any) error {
		return fmt.Errorf("%s.bin: %s", strings.TrimSuffix(strings.TrimSuffix(im.r.file, ".json"), "_net"), fmt.Sprintf(format, args...))
	}
	tr := tar.NewReader(bin)
	read := int64(0)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return binErr("%v", err)
		}
		if h.Typeflag != tar.TypeReg {
			return binErr("entry %q is not a regular file", h.Name)
		}
		name, ok := strings.CutSuffix(h.Name, ".raw")
		if !ok || strings.ContainsAny(name, "/\\") || name == "" || name == "." || name == ".." || cName(name) != name {
			return binErr("entry %q is not <tensor name>.raw (plain names only)", h.Name)
		}
		t := tensors[name]
		if t == nil || t.kind != qd.KindStatic {
			return binErr("entry %q is not a static tensor of the graph", h.Name)
		}
		if t.data != nil {
			return binErr("entry %q appears twice", h.Name)
		}
		if h.Size != t.size {
			return binErr("entry %q holds %d bytes; tensor %q (%s) needs %d", h.Name, h.Size, name, t.typ, t.size)
		}
		read += h.Size
		if read > binSize {
			return binErr("entry %q claims more bytes than the file holds", h.Name)
		}
		t.data = make([]byte, h.Size)
		if _, err := io.ReadFull(tr, t.data); err != nil {
			return binErr("entry %q: %v (truncated file?)", h.Name, err)
		}
	}
	for _, t := range order {
		if t.kind == qd.KindStatic && t.data == nil {
			return im.r.errAt(t.off, "static tensor %q has no %q entry in the .bin", t.name, binEntry(t.name))
		}
	}
	return nil
}

// static creates the qnn.StaticTensor of t.
func (im *importer) static(b *ir.Builder, t *jsonTensor) (*ir.Value, error) {
	elemText := storageElem(t.dt)
	vt, err := asm.ParseType(im.ctx, "tensor<"+dimsText(t.Dims)+elemText+">")
	if t.VType != "" {
		vt, err = asm.ParseType(im.ctx, t.VType)
	}
	if err != nil {
		return nil, im.r.errAt(t.off, "tensor %q: value type: %v", t.name, err)
	}
	st, ok := vt.(*ir.RankedTensorType)
	if !ok || !equalInts(st.Shape, t.Dims) {
		return nil, im.r.errAt(t.off, "tensor %q: value type %s must have dims %v", t.name, vt, t.Dims)
	}
	raw := t.data
	if t.dt.Bits() == 4 {
		raw = unpack4(raw, int(t.size*2)-int(numElems(t.Dims)%2), t.dt.IsSigned())
		raw = raw[:numElems(t.Dims)]
	}
	if int64(len(raw)) != numElems(t.Dims)*int64(ir.ElementByteWidth(st.Elem)) {
		return nil, im.r.errAt(t.off, "tensor %q: %d bytes do not fill value type %s", t.name, len(raw), vt)
	}
	var val ir.Attribute
	if t.Res != "" {
		if t.Align == 0 || t.Align > 1<<16 || t.Align&(t.Align-1) != 0 {
			return nil, im.r.errAt(t.off, "tensor %q: mlc_resource_alignment %d is not a power of two up to 65536", t.name, t.Align)
		}
		blob := im.ctx.NewResource("builtin", t.Res, t.Align, raw)
		val = im.ctx.DenseResourceAttr(st, blob)
	} else {
		d := im.ctx.DenseElementsAttr(st, raw)
		if d == nil {
			return nil, im.r.errAt(t.off, "tensor %q: data does not fit %s", t.name, vt)
		}
		val = d
	}
	op := b.Create(ir.OperationState{Name: "qnn.StaticTensor", ResultTypes: []ir.Type{t.typ},
		Props: im.ctx.DictionaryAttr([]ir.NamedAttr{{Name: "value", Value: val}}),
		Loc:   ir.NameLoc{Name: t.name, Child: im.r.posAt(t.off)}})
	return op.Result(0), nil
}

func numElems(dims []int64) int64 {
	n := int64(1)
	for _, d := range dims {
		n *= d
	}
	return n
}

// node creates the qnn op of one graph.nodes entry.
func (im *importer) node(b *ir.Builder, m member, n *jsonNode, tensors map[string]*jsonTensor, vals map[string]*ir.Value) error {
	r := im.r
	if n.Package != Package {
		return r.errAt(m.Off, "node %q: package %q is not %q", m.Key, n.Package, Package)
	}
	row := byType[n.Type]
	if row == nil {
		return r.errAt(m.Off, "node %q: op type %q has no qnn dialect op (supported: %s)", m.Key, n.Type, strings.Join(SupportedOps(), ", "))
	}
	var operands []*ir.Value
	for _, in := range n.Inputs {
		v := vals[in]
		if v == nil {
			return r.errAt(m.Off, "node %q: input %q is not defined before use", m.Key, in)
		}
		operands = append(operands, v)
	}
	if len(n.Outputs) != 1 {
		return r.errAt(m.Off, "node %q: expected one output, got %d", m.Key, len(n.Outputs))
	}
	var resTypes []ir.Type
	for _, o := range n.Outputs {
		t := tensors[o]
		if t == nil {
			return r.errAt(m.Off, "node %q: output %q is not in graph.tensors", m.Key, o)
		}
		if t.kind != qd.KindNative && t.kind != qd.KindAppRead {
			return r.errAt(m.Off, "node %q: output %q must be NATIVE or APP_READ", m.Key, o)
		}
		if vals[o] != nil {
			return r.errAt(m.Off, "node %q: output %q is defined twice", m.Key, o)
		}
		resTypes = append(resTypes, t.typ)
	}
	known := map[string]param{}
	for _, p := range row.Params {
		known[p.Name] = p
	}
	var attrs []ir.NamedAttr
	for _, pname := range sortedKeys(n.TParams) {
		p, ok := known[pname]
		if !ok || !p.Kind.isTensor() {
			return r.errAt(m.Off, "node %q: %s has no tensor parameter %q", m.Key, n.Type, pname)
		}
		a, err := im.tensorParam(p, n.TParams[pname])
		if err != nil {
			return r.errAt(m.Off, "node %q: parameter %q: %v", m.Key, pname, err)
		}
		attrs = append(attrs, ir.NamedAttr{Name: pname, Value: a})
	}
	for _, pname := range sortedKeys(n.SParams) {
		if pname == "packageName" {
			continue // the converter repeats the package here
		}
		p, ok := known[pname]
		if !ok || p.Kind.isTensor() {
			return r.errAt(m.Off, "node %q: %s has no scalar parameter %q", m.Key, n.Type, pname)
		}
		var in ir.Type
		if len(operands) > 0 {
			in = operands[0].Type()
		}
		a, err := im.scalarParam(p, n.SParams[pname], in)
		if err != nil {
			return r.errAt(m.Off, "node %q: parameter %q: %v", m.Key, pname, err)
		}
		attrs = append(attrs, ir.NamedAttr{Name: pname, Value: a})
	}
	st := ir.OperationState{Name: row.Op, Operands: operands, ResultTypes: resTypes, Loc: ir.NameLoc{Name: m.Key, Child: r.posAt(m.Off)}}
	if len(attrs) > 0 {
		st.Props = im.ctx.DictionaryAttr(attrs)
	}
	op := b.Create(st)
	if n.Attrs != "" {
		attrs, err := im.discardable(n.Attrs)
		if err != nil {
			return r.errAt(m.Off, "node %q: mlc_attributes: %v", m.Key, err)
		}
		for _, a := range attrs {
			op.SetAttr(a.Name, a.Value)
		}
	}
	for i, o := range n.Outputs {
		vals[o] = op.Result(i)
	}
	if def := im.ctx.LookupOp(row.Op); def != nil && def.Verify != nil {
		if err := def.Verify(op); err != nil {
			return r.errAt(m.Off, "node %q: '%s' op %v", m.Key, row.Op, err)
		}
	}
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// tensorParam reads {"<tensor name>": {..., "data": [...]}}.
func (im *importer) tensorParam(p param, raw json.RawMessage) (ir.Attribute, error) {
	var wrap map[string]struct {
		DType *int64          `json:"data_type"`
		Dims  []int64         `json:"dims"`
		Data  json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(raw, &wrap); err != nil || len(wrap) != 1 {
		return nil, fmt.Errorf("expected one named tensor")
	}
	for _, t := range wrap {
		want := qd.UInt32
		if p.Kind == matrixI32 {
			want = qd.Int32
		}
		if t.DType == nil || qd.DataType(*t.DType) != want {
			return nil, fmt.Errorf("data_type must be %d (%s)", want, want.QNNName())
		}
		rank := 1
		if p.Kind != tensorU32 {
			rank = 2
		}
		if len(t.Dims) != rank {
			return nil, fmt.Errorf("expected rank %d, got dims %v", rank, t.Dims)
		}
		n := int64(1)
		for _, d := range t.Dims {
			if d < 0 || d > 1<<20 {
				return nil, fmt.Errorf("dimension %d is out of range", d)
			}
			n *= d
		}
		var flat []int64
		if rank == 1 {
			if err := json.Unmarshal(t.Data, &flat); err != nil {
				return nil, fmt.Errorf("data: %v", err)
			}
		} else {
			var rows [][]int64
			if err := json.Unmarshal(t.Data, &rows); err != nil {
				return nil, fmt.Errorf("data: %v", err)
			}
			for _, row := range rows {
				if int64(len(row)) != t.Dims[1] {
					return nil, fmt.Errorf("data rows must have %d values", t.Dims[1])
				}
				flat = append(flat, row...)
			}
		}
		if int64(len(flat)) != n {
			return nil, fmt.Errorf("data has %d values; dims %v need %d", len(flat), t.Dims, n)
		}
		lo, hi := int64(0), int64(math.MaxUint32)
		if want == qd.Int32 {
			lo, hi = math.MinInt32, math.MaxInt32
		}
		if err := checkRange(flat, lo, hi); err != nil {
			return nil, err
		}
		if rank == 1 {
			return im.ctx.DenseIntArrayAttr(im.ctx.I(64), flat), nil
		}
		buf := make([]byte, 8*len(flat))
		for i, v := range flat {
			binary.LittleEndian.PutUint64(buf[8*i:], uint64(v))
		}
		return im.ctx.DenseElementsAttr(im.ctx.TensorType(append([]int64(nil), t.Dims...), im.ctx.I(64), nil), buf), nil
	}
	return nil, nil
}

// scalarParam reads {"<data type code>": value}.
func (im *importer) scalarParam(p param, v map[string]any, in ir.Type) (ir.Attribute, error) {
	if len(v) != 1 {
		return nil, fmt.Errorf("expected one {\"<data type>\": value} entry")
	}
	for code, val := range v {
		c, err := strconv.ParseInt(code, 10, 64)
		if err != nil || !isKnownDataType(c) {
			return nil, fmt.Errorf("unknown scalar data type %q", code)
		}
		dt := qd.DataType(c)
		num, isNum := val.(float64)
		if b, ok := val.(bool); ok {
			num, isNum = 0, true
			if b {
				num = 1
			}
		}
		if !isNum {
			return nil, fmt.Errorf("value %v is not a number", val)
		}
		integer := func(lo, hi float64) (int64, error) {
			if num != math.Trunc(num) || num < lo || num > hi {
				return 0, fmt.Errorf("value %v is not an integer in [%g, %g]", num, lo, hi)
			}
			return int64(num), nil
		}
		switch p.Kind {
		case scalarU32, scalarI32:
			lo, hi := 0.0, float64(math.MaxUint32)
			if p.Kind == scalarI32 {
				lo, hi = math.MinInt32, math.MaxInt32
			}
			i, err := integer(lo, hi)
			if err != nil {
				return nil, err
			}
			return im.ctx.IntegerAttr(im.ctx.I(64), i), nil
		case scalarBool:
			if dt != qd.Bool8 {
				return nil, fmt.Errorf("data type must be %d (QNN_DATATYPE_BOOL_8)", qd.Bool8)
			}
			i, err := integer(0, 1)
			if err != nil {
				return nil, err
			}
			return im.ctx.BoolAttr(i == 1), nil
		case scalarF32:
			return im.ctx.FloatAttr(im.ctx.F32(), float64(float32(num))), nil
		case scalarEnum:
			i, err := integer(0, math.MaxUint32)
			if err != nil {
				return nil, err
			}
			for name, code := range qd.EnumValues[p.Name] {
				if int64(code) == i {
					return im.ctx.StringAttr(name), nil
				}
			}
			return nil, fmt.Errorf("unknown code %d", i)
		case scalarPadValue:
			q, fixed := in.(*qd.TensorType)
			if !fixed || dt.IsFloat() {
				return im.ctx.FloatAttr(im.ctx.F32(), float64(float32(num))), nil
			}
			so, ok := q.ScaleOffset()
			if !ok {
				return nil, fmt.Errorf("a fixed-point input needs a per-tensor encoding")
			}
			i, err := integer(math.MinInt32, math.MaxUint32)
			if err != nil {
				return nil, err
			}
			return im.ctx.FloatAttr(im.ctx.F32(), float64(so.Dequantize(i))), nil
		}
	}
	return nil, fmt.Errorf("unsupported parameter kind")
}
