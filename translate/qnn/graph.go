package qnnser

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	function "github.com/mlc-go/mlc/dialects/func"
	"github.com/mlc-go/mlc/dialects/ods"
	qd "github.com/mlc-go/mlc/dialects/qnn"
	"github.com/mlc-go/mlc/ir"
)

// tensor is one QNN tensor of the graph.
type tensor struct {
	name  string
	id    int
	kind  qd.TensorKind
	typ   ir.Type
	dtype qd.DataType
	shape []int64
	q     *qd.TensorType // nil unless fixed point
	// static tensors: the raw little-endian bytes QNN reads, and the IR
	// details QNN has no field for (kept in the JSON's mlc_* fields so
	// the importer rebuilds the same attribute).
	data       []byte
	valueType  string // the value attribute's type when not the canonical one
	resource   string // the dense_resource key, when the value was one
	resAlign   uint32 // and its blob's alignment
	axisFormat string
	// irType is the IR type's text when the JSON fields do not determine
	// it (a signed builtin element type, say).
	irType string
}

// paramValue is one node parameter with its QNN value.
type paramValue struct {
	param
	dtype qd.DataType
	dims  []int64 // tensor parameters
	ints  []int64 // tensor data or an integer scalar
	f     float32
	b     bool
	name  string // tensor parameters: the tensor's unique name
	id    int
}

// node is one QNN node.
type node struct {
	name    string
	row     *opRow
	op      *ir.Operation
	inputs  []*tensor
	outputs []*tensor
	params  []paramValue
	attrs   string // the op's discardable attributes as MLIR text, or ""
}

// graph is the QNN graph of one function; the renderers write it.
type graph struct {
	tensors []*tensor // graph inputs, then statics and node outputs in program order
	nodes   []*node
	inputs  []*tensor
	outputs []*tensor
	fnName  string
	private bool
	// The function's discardable attributes and argument/result
	// attribute arrays as MLIR text ("" when absent), which QNN has no
	// field for: the importer parses them back.
	fnAttrs, argAttrs, resAttrs string
	nextID                      int
}

// namer makes C-identifier names unique across tensors, nodes and
// parameter tensors (the .cpp declares variables after all three).
type namer struct{ used map[string]bool }

// cName maps a name to a C identifier: other characters become '_', and
// a leading digit gets a '_' prefix (as the converter names tensors).
func cName(s string) string {
	var b strings.Builder
	for i, r := range s {
		switch {
		case r == '_' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z'):
			b.WriteRune(r)
		case r >= '0' && r <= '9':
			if i == 0 {
				b.WriteByte('_')
			}
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	if b.Len() == 0 {
		return "_"
	}
	return b.String()
}

func (n *namer) claim(base string) string {
	base = cName(base)
	name := base
	for i := 1; n.used[name]; i++ {
		name = base + "_" + strconv.Itoa(i)
	}
	n.used[name] = true
	return name
}

// buildGraph reads fn into a graph, checking everything the renderers
// need, so that no file is written for IR with no QNN form.
func buildGraph(fn *ir.Operation) (*graph, error) {
	if fn == nil || fn.Name() != "func.func" {
		return nil, fmt.Errorf("qnn: expected a func.func")
	}
	if fn.NumRegions() != 1 || fn.Region(0).NumBlocks() != 1 {
		return nil, ir.Errorf(fn.Loc, "qnn: function must have a body of one block")
	}
	body := fn.Region(0).Block(0)
	g := &graph{fnName: ir.SymbolName(fn)}
	if v, ok := fn.InherentAttr("sym_visibility").(*ir.StringAttr); ok && v.Value == "private" {
		g.private = true
	}
	g.fnAttrs = discardableText(fn)
	if a := fn.InherentAttr("arg_attrs"); a != nil {
		g.argAttrs = a.String()
	}
	if a := fn.InherentAttr("res_attrs"); a != nil {
		g.resAttrs = a.String()
	}
	for _, op := range body.Ops() {
		if op.Name() == "func.return" || op.Name() == "qnn.StaticTensor" {
			continue
		}
		if _, ok := ops[op.Name()]; !ok {
			return nil, ir.Errorf(op.Loc, "'%s' op has no QNN node form (the QNN serializer supports %s)", op.Name(), strings.Join(SupportedOps(), ", "))
		}
	}
	ret := body.Terminator()
	if ret == nil || ret.Name() != "func.return" {
		return nil, ir.Errorf(fn.Loc, "qnn: function body must end in func.return")
	}
	argNames, resNames := function.ArgNames(fn), function.ResultNames(fn)
	if len(argNames) != body.NumArgs() || len(resNames) != ret.NumOperands() {
		return nil, ir.Errorf(fn.Loc, "qnn: the function's type does not match its body")
	}
	nm := &namer{used: map[string]bool{}}
	byValue := map[*ir.Value]*tensor{}
	for i, a := range body.Args() {
		name := nm.claim(argNames[i])
		t, err := g.newTensor(name, qd.KindAppWrite, a.Type())
		if err != nil {
			return nil, ir.Errorf(fn.Loc, "qnn: input %q: %v", argNames[i], err)
		}
		if name != argNames[i] {
			return nil, ir.Errorf(fn.Loc, "qnn: input name %q is not a unique C identifier (QNN tensor names are)", argNames[i])
		}
		byValue[a] = t
		g.inputs = append(g.inputs, t)
	}
	// Outputs keep the function's result names: reserve them first.
	outName := map[*ir.Value]string{}
	for i, v := range ret.Operands() {
		d := v.DefiningOp()
		if d == nil || d.Name() == "qnn.StaticTensor" {
			return nil, ir.Errorf(ret.Loc, "qnn: output #%d must be produced by a node (QNN graph outputs are node outputs), not a graph input or static tensor", i)
		}
		if _, twice := outName[v]; twice {
			return nil, ir.Errorf(ret.Loc, "qnn: output #%d returns the same value as an earlier output", i)
		}
		name := nm.claim(resNames[i])
		if name != resNames[i] {
			return nil, ir.Errorf(ret.Loc, "qnn: output name %q is not a unique C identifier (QNN tensor names are)", resNames[i])
		}
		outName[v] = name
	}
	// Nodes are named first (location, else type and counter); a static
	// tensor without a location name is named after its first reader and
	// the operand it feeds ("Conv2d_3_filter").
	nodeName := map[*ir.Operation]string{}
	index := map[*ir.Operation]int{}
	counter := 0
	for i, op := range body.Ops() {
		index[op] = i
		row := ops[op.Name()]
		if row == nil {
			continue
		}
		base := ir.FirstName(op.Loc)
		if base == "" {
			counter++
			base = row.Type + "_" + strconv.Itoa(counter)
		}
		nodeName[op] = nm.claim(base)
	}
	statics := 0
	for _, op := range body.Ops() {
		switch op.Name() {
		case "func.return":
			continue
		case "qnn.StaticTensor":
			base := ir.FirstName(op.Loc)
			if base == "" {
				base = staticName(op, nodeName, index)
			}
			if base == "" {
				statics++
				base = "static_" + strconv.Itoa(statics)
			}
			t, err := g.newTensor(nm.claim(base), qd.KindStatic, op.Result(0).Type())
			if err == nil {
				err = t.setStatic(op.InherentAttr("value"))
			}
			if err != nil {
				return nil, ir.Errorf(op.Loc, "'qnn.StaticTensor' op has no QNN form: %v", err)
			}
			byValue[op.Result(0)] = t
			continue
		}
		row := ops[op.Name()]
		n := &node{name: nodeName[op], row: row, op: op, attrs: discardableText(op)}
		for i, v := range op.Operands() {
			t := byValue[v]
			if t == nil {
				return nil, ir.Errorf(op.Loc, "'%s' op: operand #%d is not defined in the function body", op.Name(), i)
			}
			n.inputs = append(n.inputs, t)
		}
		for i, r := range op.Results() {
			kind, name := qd.KindNative, ""
			if o, ok := outName[r]; ok {
				kind, name = qd.KindAppRead, o
			} else if op.NumResults() == 1 {
				name = nm.claim(n.name + "_out")
			} else {
				name = nm.claim(n.name + "_out" + strconv.Itoa(i))
			}
			t, err := g.newTensor(name, kind, r.Type())
			if err != nil {
				return nil, ir.Errorf(op.Loc, "'%s' op: result #%d has no QNN tensor form: %v", op.Name(), i, err)
			}
			byValue[r] = t
			n.outputs = append(n.outputs, t)
		}
		for _, p := range row.Params {
			a := op.InherentAttr(p.Name)
			if a == nil {
				continue
			}
			pv, err := paramOf(p, a, op)
			if err != nil {
				return nil, ir.Errorf(op.Loc, "'%s' op: parameter '%s': %v", op.Name(), p.Name, err)
			}
			if p.Kind.isTensor() {
				pv.name = nm.claim(n.name + "_" + p.Name)
				pv.id = g.nextID
				g.nextID++
			}
			n.params = append(n.params, pv)
		}
		g.nodes = append(g.nodes, n)
	}
	for _, v := range ret.Operands() {
		g.outputs = append(g.outputs, byValue[v])
	}
	g.axisFormats()
	return g, nil
}

// newTensor records a tensor of type typ.
func (g *graph) newTensor(name string, kind qd.TensorKind, typ ir.Type) (*tensor, error) {
	dt, ok := qd.DataTypeOf(typ)
	if !ok {
		return nil, fmt.Errorf("type %s has no QNN data type", typ)
	}
	shape, ok := qd.ShapeOf(typ)
	if !ok {
		return nil, fmt.Errorf("type %s is not statically shaped (QNN tensors are)", typ)
	}
	for _, d := range shape {
		if d < 1 || d > math.MaxUint32 {
			return nil, fmt.Errorf("dimension %d of %s does not fit QNN's uint32 dimensions", d, typ)
		}
	}
	t := &tensor{name: name, id: g.nextID, kind: kind, typ: typ, dtype: dt, shape: shape}
	if q, ok := typ.(*qd.TensorType); ok {
		switch q.Encoding {
		case qd.ScaleOffsetEncoding, qd.AxisScaleOffsetEncoding:
		default:
			return nil, fmt.Errorf("%s: the %s encoding has no serialized form yet (scale-offset and axis-scale-offset do)", typ, q.Encoding)
		}
		for _, so := range q.ScaleOffsets {
			if !(so.Scale > 0) || math.IsInf(float64(so.Scale), 0) {
				return nil, fmt.Errorf("%s: scale %g is not positive and finite", typ, so.Scale)
			}
		}
		t.q = q
	}
	if typ.String() != canonicalType(dt, shape, t.q) {
		t.irType = typ.String()
	}
	g.nextID++
	g.tensors = append(g.tensors, t)
	return t, nil
}

// canonicalType is the type text the importer builds from the JSON
// fields alone.
func canonicalType(dt qd.DataType, shape []int64, q *qd.TensorType) string {
	if q != nil {
		return q.String()
	}
	var b strings.Builder
	b.WriteString("tensor<")
	for _, d := range shape {
		b.WriteString(strconv.FormatInt(d, 10))
		b.WriteByte('x')
	}
	b.WriteString(builtinElem(dt))
	b.WriteByte('>')
	return b.String()
}

// builtinElem is the element type the importer uses for a non-fixed
// data type: signless for signed integers, as the legaliser writes them.
func builtinElem(dt qd.DataType) string {
	switch dt {
	case qd.Float16:
		return "f16"
	case qd.Float32:
		return "f32"
	case qd.Bool8:
		return "i1"
	}
	if dt.IsSigned() {
		return "i" + strconv.Itoa(dt.Bits())
	}
	return "ui" + strconv.Itoa(dt.Bits())
}

// storageElem is the canonical element type of a static tensor's value
// attribute: the builtin element of plain types; iN for signed and uiN
// for unsigned fixed point (i8 for 4-bit types, one value per byte).
func storageElem(dt qd.DataType) string {
	if !dt.IsFixedPoint() {
		return builtinElem(dt)
	}
	bits := max(dt.Bits(), 8)
	if dt.IsSigned() {
		return "i" + strconv.Itoa(bits)
	}
	if dt.Bits() == 4 {
		return "i8"
	}
	return "ui" + strconv.Itoa(bits)
}

// setStatic reads a static tensor's value into the bytes QNN reads.
func (t *tensor) setStatic(val ir.Attribute) error {
	var raw []byte
	var vt ir.StaticShaped
	splat := false
	switch a := val.(type) {
	case *ir.DenseElementsAttr:
		raw, vt, splat = a.Raw, a.Type, a.Splat
	case *ir.DenseResourceAttr:
		st, ok := a.Type.(ir.StaticShaped)
		if !ok || a.Handle == nil || a.Handle.Data == nil {
			return fmt.Errorf("dense_resource<%s> has no data", resourceKey(a))
		}
		raw, vt = a.Handle.Data, st
		t.resource, t.resAlign = a.Handle.Key, a.Handle.Alignment
	default:
		return fmt.Errorf("value must be dense or dense_resource elements, got %v", val)
	}
	w := ir.ElementByteWidth(vt.ElementType())
	n := t.numElements()
	if w == 0 {
		return fmt.Errorf("value element type %s has no byte layout", vt.ElementType())
	}
	if splat {
		if len(raw) != w {
			return fmt.Errorf("splat value has %d bytes, want %d", len(raw), w)
		}
		full := make([]byte, 0, int(n)*w)
		for i := int64(0); i < n; i++ {
			full = append(full, raw...)
		}
		raw = full
	}
	if int64(len(raw)) != n*int64(w) {
		return fmt.Errorf("value holds %d bytes, want %d (%d elements of %d bytes)", len(raw), n*int64(w), n, w)
	}
	if t.dtype.Bits() == 4 {
		if w != 1 {
			return fmt.Errorf("4-bit data must be held one value per byte")
		}
		raw = pack4(raw)
	}
	if int64(len(raw)) > math.MaxUint32 {
		return fmt.Errorf("%d bytes of data exceed QNN's 32-bit dataSize", len(raw))
	}
	t.data = raw
	want := "tensor<" + dimsText(t.shape) + storageElem(t.dtype) + ">"
	if vt.String() != want {
		t.valueType = vt.String()
	}
	return nil
}

func resourceKey(a *ir.DenseResourceAttr) string {
	if a.Handle == nil {
		return "?"
	}
	return a.Handle.Key
}

func dimsText(shape []int64) string {
	var b strings.Builder
	for _, d := range shape {
		b.WriteString(strconv.FormatInt(d, 10))
		b.WriteByte('x')
	}
	return b.String()
}

// pack4 packs 4-bit values held one per byte two per byte, low nibble
// first (QNN's layout).
func pack4(b []byte) []byte {
	out := make([]byte, (len(b)+1)/2)
	for i, v := range b {
		out[i/2] |= (v & 0x0f) << (4 * (i % 2))
	}
	return out
}

// unpack4 is pack4's inverse for n values, sign-extending signed types.
func unpack4(b []byte, n int, signed bool) []byte {
	out := make([]byte, n)
	for i := range out {
		v := (b[i/2] >> (4 * (i % 2))) & 0x0f
		if signed && v&0x08 != 0 {
			v |= 0xf0
		}
		out[i] = v
	}
	return out
}

func (t *tensor) numElements() int64 {
	n := int64(1)
	for _, d := range t.shape {
		n *= d
	}
	return n
}

// byteSize is the size of the tensor's data in QNN's layout.
func byteSize(dt qd.DataType, shape []int64) (int64, bool) {
	n := int64(1)
	for _, d := range shape {
		if d < 1 || d > math.MaxUint32 || n > (1<<40)/d {
			return 0, false
		}
		n *= d
	}
	if dt.Bits() == 4 {
		return (n + 1) / 2, true
	}
	return n * int64(dt.Bits()/8), true
}

// paramOf converts an attribute to its QNN parameter value.
func paramOf(p param, a ir.Attribute, op *ir.Operation) (paramValue, error) {
	pv := paramValue{param: p}
	switch p.Kind {
	case tensorU32:
		d, ok := a.(*ir.DenseArrayAttr)
		if !ok {
			return pv, fmt.Errorf("expected an array<i64: ...>, got %v", a)
		}
		pv.dtype, pv.ints, pv.dims = qd.UInt32, d.Ints, []int64{int64(len(d.Ints))}
		return pv, checkRange(pv.ints, 0, math.MaxUint32)
	case matrixU32, matrixI32:
		d, ok := a.(*ir.DenseElementsAttr)
		if !ok || len(d.Type.Dims()) != 2 {
			return pv, fmt.Errorf("expected a 2-D dense<...> of i64, got %v", a)
		}
		pv.dims = append([]int64(nil), d.Type.Dims()...)
		for i := 0; i < d.NumElements(); i++ {
			pv.ints = append(pv.ints, d.IntAt(i))
		}
		if p.Kind == matrixU32 {
			pv.dtype = qd.UInt32
			return pv, checkRange(pv.ints, 0, math.MaxUint32)
		}
		pv.dtype = qd.Int32
		return pv, checkRange(pv.ints, math.MinInt32, math.MaxInt32)
	case scalarU32, scalarI32:
		i, ok := a.(*ir.IntegerAttr)
		if !ok {
			return pv, fmt.Errorf("expected an integer, got %v", a)
		}
		pv.ints = []int64{i.Value}
		if p.Kind == scalarU32 {
			pv.dtype = qd.UInt32
			return pv, checkRange(pv.ints, 0, math.MaxUint32)
		}
		pv.dtype = qd.Int32
		return pv, checkRange(pv.ints, math.MinInt32, math.MaxInt32)
	case scalarBool:
		b, ok := a.(*ir.BoolAttr)
		if !ok {
			return pv, fmt.Errorf("expected a bool, got %v", a)
		}
		pv.dtype, pv.b = qd.Bool8, b.Value
	case scalarF32:
		f, ok := a.(*ir.FloatAttr)
		if !ok {
			return pv, fmt.Errorf("expected a float, got %v", a)
		}
		pv.dtype, pv.f = qd.Float32, float32(f.Value)
	case scalarEnum:
		s, ok := a.(*ir.StringAttr)
		code, known := qd.EnumValues[p.Name][s.Value]
		if !ok || !known {
			return pv, fmt.Errorf("unknown value %v", a)
		}
		pv.dtype, pv.ints = qd.UInt32, []int64{int64(code)}
	case scalarPadValue:
		f, ok := a.(*ir.FloatAttr)
		if !ok {
			return pv, fmt.Errorf("expected a float, got %v", a)
		}
		q, fixed := op.Operand(0).Type().(*qd.TensorType)
		if !fixed {
			pv.dtype, pv.f = qd.Float32, float32(f.Value)
			return pv, nil
		}
		so, ok := q.ScaleOffset()
		if !ok {
			return pv, fmt.Errorf("a fixed-point input needs a per-tensor encoding")
		}
		pv.ints = []int64{so.Quantize(float32(f.Value), q.DType)}
		pv.dtype = qd.UInt32
		if q.DType.IsSigned() {
			pv.dtype = qd.Int32
		}
	}
	return pv, nil
}

func checkRange(v []int64, lo, hi int64) error {
	for _, x := range v {
		if x < lo || x > hi {
			return fmt.Errorf("value %d is outside [%d, %d]", x, lo, hi)
		}
	}
	return nil
}

// layoutOps take NHWC activations as in[0] and give NHWC out[0]; their
// in[1] is an HWIO filter.
var layoutOps = map[string]bool{
	"Conv2d": true, "DepthWiseConv2d": true, "TransposeConv2d": true,
	"PoolAvg2d": true, "PoolMax2d": true, "Resize": true,
}

// axisFormats labels tensors as the converter does where mlc knows the
// layout (NHWC activations and HWIO filters of convolutions and pools);
// every other tensor is "ANY".
func (g *graph) axisFormats() {
	for _, t := range g.tensors {
		t.axisFormat = "ANY"
	}
	for _, n := range g.nodes {
		if !layoutOps[n.row.Type] {
			continue
		}
		mark := func(t *tensor) {
			switch len(t.shape) {
			case 4:
				t.axisFormat = "NHWC"
			case 5:
				t.axisFormat = "NDHWC"
			}
		}
		mark(n.inputs[0])
		mark(n.outputs[0])
		if len(n.inputs) > 1 && len(n.inputs[1].shape) == 4 {
			n.inputs[1].axisFormat = "HWIO"
		}
	}
}

// staticName is "<reader node>_<operand name>" for a static tensor's
// first reader in program order, or "" when it has none.
func staticName(op *ir.Operation, nodeName map[*ir.Operation]string, index map[*ir.Operation]int) string {
	var first *ir.OpOperand
	for _, u := range op.Result(0).Uses() {
		if _, ok := nodeName[u.Owner()]; !ok {
			continue
		}
		if first == nil || index[u.Owner()] < index[first.Owner()] ||
			(u.Owner() == first.Owner() && u.OperandNumber() < first.OperandNumber()) {
			first = u
		}
	}
	if first == nil {
		return ""
	}
	return nodeName[first.Owner()] + "_" + operandName(first.Owner(), first.OperandNumber())
}

// operandName is the op table's name of operand i ("filter"), or "in<i>"
// when variadic operands make it ambiguous.
func operandName(op *ir.Operation, i int) string {
	if def := ods.DefOf(op); def != nil {
		fixed := true
		for _, o := range def.Operands {
			if o.Arity == ods.Variadic {
				fixed = false
			}
		}
		if fixed && i < len(def.Operands) {
			return def.Operands[i].Name
		}
	}
	return "in" + strconv.Itoa(i)
}

// discardableText is op's discardable (dialect-prefixed) attributes as
// a dictionary's MLIR text, or "" when it has none.
func discardableText(op *ir.Operation) string {
	var attrs []ir.NamedAttr
	for _, a := range op.Attrs() {
		if strings.Contains(a.Name, ".") {
			attrs = append(attrs, a)
		}
	}
	if len(attrs) == 0 {
		return ""
	}
	return op.Ctx().DictionaryAttr(attrs).String()
}
