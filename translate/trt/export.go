// Package trtonnx serializes a function of trt dialect layers to the ONNX
// form TensorRT's ONNX parser builds explicitly quantized networks from:
// QuantizeLinear/DequantizeLinear pairs with constant scales and zero
// zero points, weights as initializers, static shapes.
//
// Each trt op maps to ONNX nodes through one emitter of the table in
// emit.go; an op without an emitter is a positioned error and nothing is
// written. Names are derived from op locations (else a counter) in block
// order, so two exports of the same IR are byte-identical.
package trtonnx

import (
	"fmt"
	"io"
	"math"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	function "github.com/mlc-go/mlc/dialects/func"
	"github.com/mlc-go/mlc/internal/onnxpb"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/ir/asm"
)

// DefaultOpset is the ai.onnx opset written unless the network needs a
// newer one (fp16 quantization scales and fp8 need 19, int4 needs 21).
const DefaultOpset = 17

// maxInlineBytes is protobuf's 2 GiB message limit, less a margin for
// the graph itself.
const maxInlineBytes = 2<<30 - 64<<20

// Options tune Export.
type Options struct {
	// GraphName is the ONNX graph's name; the function's symbol name when
	// empty.
	GraphName string
	// Opset is the minimum ai.onnx opset; DefaultOpset when 0.
	Opset int64
	// ProducerVersion is written as the model's producer_version.
	ProducerVersion string
	// ExternalData makes WriteFile store initializers of at least
	// externalMinBytes in a side file even when the model is below the
	// 2 GiB protobuf limit (above it they always go there).
	ExternalData bool
	// Probe, when set, makes every op result it accepts an extra graph
	// output after the function's results, so a runtime's intermediate
	// tensors can be compared with the interpreter's (ExportProbed).
	// Outputs keep ONNX Runtime from fusing away the nodes that produce
	// them, so probing changes what a fusing runtime computes.
	Probe func(v *ir.Value) bool
}

// Probed is one extra output of a probed export: the ONNX tensor name of
// an op result.
type Probed struct {
	Name  string
	Value *ir.Value
}

// externalMinBytes: smaller initializers (scales, zero points, shapes)
// stay inline, as TensorRT and ONNX's own tools keep them.
const externalMinBytes = 1024

// externalAlign aligns each tensor in the side file, so readers may map
// it.
const externalAlign = 4096

// exporter holds the state of one Export.
type exporter struct {
	fn      *ir.Operation
	g       *onnxpb.Graph
	opset   int64
	names   map[*ir.Value]string
	used    map[string]bool
	scalars map[string]string // "elem:bits" -> initializer name
	counter int
}

// Export turns fn, a func.func whose body is trt ops and a func.return,
// into an ONNX model.
func Export(fn *ir.Operation, opts Options) (*onnxpb.Model, error) {
	m, _, err := ExportWithNetwork(fn, opts)
	return m, err
}

// ExportWithNetwork is Export, and the description of the TensorRT
// network the model builds (network.json), whose tensor names are the
// model's.
func ExportWithNetwork(fn *ir.Operation, opts Options) (*onnxpb.Model, *Network, error) {
	m, n, _, err := export(fn, opts)
	return m, n, err
}

// ExportProbed is Export with opts.Probe's values as extra outputs, in
// block order, and their names.
func ExportProbed(fn *ir.Operation, opts Options) (*onnxpb.Model, []Probed, error) {
	m, _, probed, err := export(fn, opts)
	return m, probed, err
}

func export(fn *ir.Operation, opts Options) (*onnxpb.Model, *Network, []Probed, error) {
	if fn == nil || fn.Name() != "func.func" {
		return nil, nil, nil, fmt.Errorf("trt-onnx: expected a func.func")
	}
	if fn.NumRegions() != 1 || fn.Region(0).NumBlocks() != 1 {
		return nil, nil, nil, ir.Errorf(fn.Loc, "trt-onnx: function must have a body of one block")
	}
	body := fn.Region(0).Block(0)
	e := &exporter{fn: fn, g: &onnxpb.Graph{}, names: map[*ir.Value]string{}, used: map[string]bool{}, scalars: map[string]string{}}
	e.opset = opts.Opset
	if e.opset == 0 {
		e.opset = DefaultOpset
	}
	if need := requiredOpset(body); need > e.opset {
		e.opset = need
	}
	e.g.Name = opts.GraphName
	if e.g.Name == "" {
		if s, ok := fn.InherentAttr("sym_name").(*ir.StringAttr); ok {
			e.g.Name = s.Value
		}
	}
	// Check every op has an emitter before doing anything else, so the
	// error names the first unsupported op and no partial graph exists.
	for _, op := range body.Ops() {
		if op.Name() == "func.return" {
			continue
		}
		if _, ok := emitters[op.Name()]; !ok {
			return nil, nil, nil, ir.Errorf(op.Loc, "'%s' op has no ONNX emitter (trt-onnx supports %s)", op.Name(), strings.Join(SupportedOps(), ", "))
		}
	}
	argNames := function.ArgNames(fn)
	if len(argNames) != body.NumArgs() {
		return nil, nil, nil, ir.Errorf(fn.Loc, "trt-onnx: the function's type does not match its arguments")
	}
	for i, a := range body.Args() {
		name := e.claim(argNames[i])
		if name != argNames[i] {
			return nil, nil, nil, ir.Errorf(fn.Loc, "trt-onnx: input name %q is used twice", argNames[i])
		}
		e.names[a] = name
		vi, err := valueInfo(name, a.Type())
		if err != nil {
			return nil, nil, nil, ir.Errorf(fn.Loc, "trt-onnx: input %q: %v", name, err)
		}
		e.g.Inputs = append(e.g.Inputs, vi)
	}
	ret := body.Terminator()
	if ret == nil || ret.Name() != "func.return" {
		return nil, nil, nil, ir.Errorf(fn.Loc, "trt-onnx: function body must end in func.return")
	}
	resNames := function.ResultNames(fn)
	if len(resNames) != ret.NumOperands() {
		return nil, nil, nil, ir.Errorf(ret.Loc, "trt-onnx: the function's type does not match its return")
	}
	// A returned op result takes the output's name directly; an argument,
	// a constant or a value returned twice goes through an Identity.
	renamed := make([]bool, ret.NumOperands())
	for i, v := range ret.Operands() {
		if e.used[resNames[i]] {
			return nil, nil, nil, ir.Errorf(ret.Loc, "trt-onnx: output name %q is used twice", resNames[i])
		}
		if _, named := e.names[v]; named || v.IsBlockArgument() || v.DefiningOp().Name() == "trt.constant" {
			continue
		}
		e.names[v] = e.claim(resNames[i])
		renamed[i] = true
	}
	for _, op := range body.Ops() {
		if op.Name() == "func.return" {
			continue
		}
		for i, r := range op.Results() {
			if _, ok := e.names[r]; ok {
				continue
			}
			base := ir.FirstName(op.Loc)
			if base == "" {
				e.counter++
				base = "t" + strconv.Itoa(e.counter)
			}
			if op.NumResults() > 1 {
				base += ":" + strconv.Itoa(i)
			}
			e.names[r] = e.claim(base)
		}
	}
	for _, op := range body.Ops() {
		if op.Name() == "func.return" {
			continue
		}
		if err := emitters[op.Name()].emit(e, op); err != nil {
			if d, ok := err.(*ir.Diagnostic); ok {
				return nil, nil, nil, d
			}
			return nil, nil, nil, ir.Errorf(op.Loc, "'%s' op: %v", op.Name(), err)
		}
	}
	for i, v := range ret.Operands() {
		name := resNames[i]
		if !renamed[i] {
			name = e.claim(resNames[i])
			e.node("Identity", []string{e.names[v]}, []string{name})
		}
		vi, err := valueInfo(name, v.Type())
		if err != nil {
			return nil, nil, nil, ir.Errorf(ret.Loc, "trt-onnx: output %q: %v", name, err)
		}
		e.g.Outputs = append(e.g.Outputs, vi)
	}
	outNames := make([]string, len(e.g.Outputs))
	for i, vi := range e.g.Outputs {
		outNames[i] = vi.Name
	}
	var probed []Probed
	if opts.Probe != nil {
		isOutput := map[string]bool{}
		for _, n := range outNames {
			isOutput[n] = true
		}
		for _, op := range body.Ops() {
			if op.Name() == "func.return" || op.Name() == "trt.constant" {
				continue
			}
			for _, r := range op.Results() {
				name := e.names[r]
				if isOutput[name] || !opts.Probe(r) {
					continue
				}
				vi, err := valueInfo(name, r.Type())
				if err != nil {
					return nil, nil, nil, ir.Errorf(op.Loc, "trt-onnx: probe %q: %v", name, err)
				}
				e.g.Outputs = append(e.g.Outputs, vi)
				probed = append(probed, Probed{Name: name, Value: r})
			}
		}
	}
	return &onnxpb.Model{
		IRVersion:       8,
		OpsetImports:    []onnxpb.OpsetID{{Version: e.opset}},
		ProducerName:    "mlc",
		ProducerVersion: opts.ProducerVersion,
		Graph:           e.g,
	}, e.network(body, ret, outNames), probed, nil
}

// Marshal exports fn and encodes the model with every initializer
// inline; a model over protobuf's 2 GiB limit needs WriteFile.
func Marshal(fn *ir.Operation, opts Options) ([]byte, error) {
	m, err := Export(fn, opts)
	if err != nil {
		return nil, err
	}
	if n := initializerBytes(m); n > maxInlineBytes {
		return nil, ir.Errorf(fn.Loc, "trt-onnx: %d bytes of weights exceed protobuf's 2 GiB limit: write the model to a file (its weights go to external data)", n)
	}
	return onnxpb.Encode(m)
}

func initializerBytes(m *onnxpb.Model) int64 {
	n := int64(0)
	for _, t := range m.Graph.Initializers {
		n += int64(len(t.RawData))
	}
	return n
}

// WriteFile exports fn to path atomically (a temp file renamed into
// place only once the whole model is encoded); "-" is standard output.
// With opts.ExternalData, or weights over 2 GiB, initializers of 1 KiB or
// more go to path + ".data" (ONNX external data, location relative to the
// model), written first, also atomically.
func WriteFile(path string, fn *ir.Operation, opts Options) error {
	m, err := Export(fn, opts)
	if err != nil {
		return err
	}
	return WriteModel(path, m, opts)
}

// WriteModel writes an exported model as WriteFile does.
func WriteModel(path string, m *onnxpb.Model, opts Options) error {
	if opts.ExternalData || initializerBytes(m) > maxInlineBytes {
		if path == "" || path == "-" {
			return fmt.Errorf("trt-onnx: external data needs a file output, not standard output")
		}
		if blob := Externalize(m, filepath.Base(path)+".data"); len(blob) > 0 {
			if err := writeAtomic(path+".data", blob); err != nil {
				return err
			}
		}
	}
	b, err := onnxpb.Encode(m)
	if err != nil {
		return err
	}
	return writeAtomic(path, b)
}

func writeAtomic(path string, b []byte) error {
	return asm.WriteFileFunc(path, func(w io.Writer) error {
		_, err := w.Write(b)
		return err
	})
}

// Externalize moves the raw data of m's initializers of at least 1 KiB
// into one blob, each at an offset aligned to 4 KiB, and points the
// tensors at location (relative to the model file) with ONNX's
// external_data entries; it returns the blob.
func Externalize(m *onnxpb.Model, location string) []byte {
	var blob []byte
	for _, t := range m.Graph.Initializers {
		if len(t.RawData) < externalMinBytes {
			continue
		}
		if pad := len(blob) % externalAlign; pad != 0 {
			blob = append(blob, make([]byte, externalAlign-pad)...)
		}
		off := len(blob)
		blob = append(blob, t.RawData...)
		t.ExternalData = []onnxpb.StringEntry{
			{Key: "location", Value: location},
			{Key: "offset", Value: strconv.Itoa(off)},
			{Key: "length", Value: strconv.Itoa(len(t.RawData))},
		}
		t.DataLocation = onnxpb.LocationExternal
		t.RawData, t.HasRawData = nil, false
	}
	return blob
}

// requiredOpset is the lowest opset that can hold body's types: QDQ
// with non-f32 scales and fp8 need 19, int4 21.
func requiredOpset(body *ir.Block) int64 {
	need := int64(0)
	for _, op := range body.Ops() {
		for _, r := range op.Results() {
			switch ir.ElementTypeOf(r.Type()).String() {
			case "f8E4M3FN":
				need = max(need, 19)
			case "i4":
				need = max(need, 21)
			}
		}
		if (op.Name() == "trt.quantize" || op.Name() == "trt.dequantize") && op.NumOperands() > 1 {
			if ir.ElementTypeOf(op.Operand(1).Type()).String() != "f32" {
				need = max(need, 19)
			}
		}
	}
	return need
}

// claim returns base, or base with a numeric suffix when base is taken,
// and marks the result used.
func (e *exporter) claim(base string) string {
	name := base
	for i := 1; e.used[name]; i++ {
		name = base + "_" + strconv.Itoa(i)
	}
	e.used[name] = true
	return name
}

// tmp is a fresh name for an intermediate of the node emitted for the
// value named owner.
func (e *exporter) tmp(owner, what string) string { return e.claim(owner + "/" + what) }

// in is the name of an operand.
func (e *exporter) in(v *ir.Value) string { return e.names[v] }

// out is the name of op's result i.
func (e *exporter) out(op *ir.Operation, i int) string { return e.names[op.Result(i)] }

// node appends a node named after its first output.
func (e *exporter) node(opType string, inputs, outputs []string, attrs ...*onnxpb.Attribute) {
	sort.Slice(attrs, func(i, j int) bool { return attrs[i].Name < attrs[j].Name })
	e.g.Nodes = append(e.g.Nodes, &onnxpb.Node{OpType: opType, Name: outputs[0], Inputs: inputs, Outputs: outputs, Attrs: attrs})
}

// initializer adds a tensor with little-endian raw data.
func (e *exporter) initializer(name string, code int32, dims []int64, raw []byte) {

	e.g.Initializers = append(e.g.Initializers, &onnxpb.Tensor{Name: name, DataType: code, Dims: append([]int64{}, dims...), RawData: raw, HasRawData: true})
}

// ints adds an i64 initializer (shapes, axes, pads) and returns its name.
func (e *exporter) ints(owner, what string, vals []int64) string {
	raw := make([]byte, 8*len(vals))
	for i, v := range vals {
		putU64(raw[8*i:], uint64(v))
	}
	name := e.tmp(owner, what)
	e.initializer(name, onnxpb.DataInt64, []int64{int64(len(vals))}, raw)
	return name
}

// scalar is a shared rank-0 initializer of elem holding v.
func (e *exporter) scalar(elem ir.Type, v float64) (string, error) {
	code, err := elemCode(elem)
	if err != nil {
		return "", err
	}
	var raw []byte
	switch elem.String() {
	case "f32":
		raw = make([]byte, 4)
		putU32(raw, math.Float32bits(float32(v)))
	case "f16":
		raw = make([]byte, 2)
		putU16(raw, ir.FloatToHalf(v))
	case "bf16":
		raw = make([]byte, 2)
		putU16(raw, ir.FloatToBF16(v))
	default:
		return "", fmt.Errorf("no scalar constant of element type %s", elem)
	}
	key := elem.String() + ":" + fmt.Sprintf("%x", raw)
	if name, ok := e.scalars[key]; ok {
		return name, nil
	}
	name := e.claim("const/" + elem.String() + "/" + strconv.FormatFloat(v, 'g', -1, 32))
	e.initializer(name, code, nil, raw)
	e.scalars[key] = name
	return name, nil
}

// elemCodes maps element types to TensorProto.DataType.
var elemCodes = map[string]int32{
	"f32": onnxpb.DataFloat, "f16": onnxpb.DataFloat16, "bf16": onnxpb.DataBFloat16, "f64": onnxpb.DataDouble,
	"i8": onnxpb.DataInt8, "ui8": onnxpb.DataUint8, "i16": onnxpb.DataInt16, "i32": onnxpb.DataInt32,
	"i64": onnxpb.DataInt64, "i1": onnxpb.DataBool, "i4": onnxpb.DataInt4, "f8E4M3FN": onnxpb.DataFloat8E4M3FN,
}

func elemCode(t ir.Type) (int32, error) {
	if c, ok := elemCodes[t.String()]; ok {
		return c, nil
	}
	return 0, fmt.Errorf("element type %s has no ONNX data type", t)
}

// staticShape is t's shape; dynamic dimensions are not supported yet.
func staticShape(t ir.Type) ([]int64, error) {
	rt, ok := t.(*ir.RankedTensorType)
	if !ok {
		return nil, fmt.Errorf("expected a ranked tensor, got %s", t)
	}
	for _, d := range rt.Shape {
		if d < 0 {
			return nil, fmt.Errorf("dynamic shape %s is not supported (static shapes only)", t)
		}
	}
	return rt.Shape, nil
}

func valueInfo(name string, t ir.Type) (*onnxpb.ValueInfo, error) {
	shape, err := staticShape(t)
	if err != nil {
		return nil, err
	}
	code, err := elemCode(ir.ElementTypeOf(t))
	if err != nil {
		return nil, err
	}
	tp := &onnxpb.TypeProto{Kind: onnxpb.TypeTensor, ElemType: code, HasShape: true}
	for _, d := range shape {
		tp.Shape = append(tp.Shape, onnxpb.Dim{Value: d, HasValue: true})
	}
	return &onnxpb.ValueInfo{Name: name, Type: tp}, nil
}

func putU16(b []byte, v uint16) { b[0], b[1] = byte(v), byte(v>>8) }
func putU32(b []byte, v uint32) {
	for i := 0; i < 4; i++ {
		b[i] = byte(v >> (8 * i))
	}
}
func putU64(b []byte, v uint64) {
	for i := 0; i < 8; i++ {
		b[i] = byte(v >> (8 * i))
	}
}

// FindFunc is the func.func named name in module (module may itself be
// the function); with name "" the module's only function.
func FindFunc(module *ir.Operation, name string) (*ir.Operation, error) {
	if module == nil {
		return nil, fmt.Errorf("no module")
	}
	if module.Name() == "func.func" && (name == "" || ir.SymbolName(module) == name) {
		return module, nil
	}
	var funcs []*ir.Operation
	for _, r := range module.Regions() {
		for _, b := range r.Blocks() {
			for _, op := range b.Ops() {
				if op.Name() == "func.func" {
					funcs = append(funcs, op)
				}
			}
		}
	}
	var names []string
	for _, f := range funcs {
		if name != "" && ir.SymbolName(f) == name {
			return f, nil
		}
		names = append(names, "@"+ir.SymbolName(f))
	}
	if name == "" && len(funcs) == 1 {
		return funcs[0], nil
	}
	if name == "" {
		return nil, fmt.Errorf("module has %d functions (%s): choose one", len(funcs), strings.Join(names, ", "))
	}
	return nil, fmt.Errorf("no function @%s in the module (has %s)", name, strings.Join(names, ", "))
}
