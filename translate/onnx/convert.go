package onnx

import (
	"errors"
	"fmt"
	"slices"
	"sort"

	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/internal/onnxpb"
	"github.com/mlc-go/mlc/ir"
)

// converter turns one node into torch ops.
type converter func(c *nodeCtx) error

// entry is one row of the mapping table: an ONNX op type of the default
// domain, the opsets whose semantics the converter implements, and how.
type entry struct {
	op       string
	from, to int64
	// in is the number of leading inputs that must be present (default
	// 1; -1 for none).
	in int
	// convert emits torch ops; nil for ops that can only be evaluated at
	// import time.
	convert converter
	// fold evaluates the node at import time when every input is known
	// (or always, with typeOnly); it returns errNoFold to fall back to
	// convert.
	fold converter
	// typeOnly: fold reads only the input types (Shape, Size).
	typeOnly bool
}

// errNoFold: the node cannot be evaluated at import time after all.
var errNoFold = errors.New("not foldable")

var table = map[string][]*entry{}

// register adds a family's entries to the table.
func register(entries ...entry) {
	for i := range entries {
		e := &entries[i]
		switch e.in {
		case 0:
			e.in = 1
		case -1:
			e.in = 0
		}
		for _, old := range table[e.op] {
			if e.from <= old.to && old.from <= e.to {
				panic(fmt.Sprintf("onnx: %s has overlapping table entries", e.op))
			}
		}
		table[e.op] = append(table[e.op], e)
	}
}

// lookup finds the entry for an op of a domain at the model's opset.
func lookup(domain, op string, opset int64) *entry {
	if domain != "" && domain != "ai.onnx" {
		return nil
	}
	for _, e := range table[op] {
		if e.from <= opset && opset <= e.to {
			return e
		}
	}
	return nil
}

// OpSupport describes one supported ONNX op type and the opsets it is
// imported at. Folded ops have no torch mapping and are only evaluated at
// import time: from constant inputs, or (FromShape) from the input's
// static dims.
type OpSupport struct {
	Op        string
	From, To  int64
	Folded    bool
	FromShape bool
}

// SupportedOps lists the table, sorted by op type and opset.
func SupportedOps() []OpSupport {
	var out []OpSupport
	for _, es := range table {
		for _, e := range es {
			out = append(out, OpSupport{Op: e.op, From: e.from, To: e.to, Folded: e.convert == nil, FromShape: e.typeOnly})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Op != out[j].Op {
			return out[i].Op < out[j].Op
		}
		return out[i].From < out[j].From
	})
	return out
}

// nodeCtx is the state of one node's conversion.
type nodeCtx struct {
	im    *importer
	node  *onnxpb.Node
	index int
	opset int64
	loc   ir.Location
	in    []*value
	set   []bool
	attrs map[string]*onnxpb.Attribute
	read  map[string]bool
	err   error // first error of a chain of emit calls
}

func (im *importer) convertNode(g *onnxpb.Graph, index int) error {
	n := g.Nodes[index]
	e := lookup(n.Domain, n.OpType, im.opset)
	if e == nil { // checkSupported has reported these
		return im.unsupportedAt(n.Offset, "%s is not supported at opset %d", nodeDesc(n, index), im.opset)
	}
	c := &nodeCtx{im: im, node: n, index: index, opset: im.opset, attrs: map[string]*onnxpb.Attribute{}, read: map[string]bool{}}
	c.loc = ir.NameLoc{Name: n.Name, Child: ir.UnknownLoc{}}
	if n.Name == "" {
		c.loc = im.at(n.Offset)
	}
	for _, a := range n.Attrs {
		if _, dup := c.attrs[a.Name]; dup {
			return c.errorf("attribute '%s' is given twice", a.Name)
		}
		if a.RefAttrName != "" {
			return c.errorf("attribute '%s' refers to a function attribute, which is only valid inside functions", a.Name)
		}
		c.attrs[a.Name] = a
	}
	c.in = make([]*value, len(n.Inputs))
	for i, name := range n.Inputs {
		if name != "" {
			c.in[i] = im.vals[name]
		}
	}
	c.set = make([]bool, len(n.Outputs))
	for i := 0; i < e.in; i++ {
		if !c.has(i) {
			return c.errorf("input #%d is required", i)
		}
	}
	err := errNoFold
	if e.fold != nil && (e.typeOnly || c.inputsKnown()) {
		err = e.fold(c)
		if err == errNoFold {
			c.read, c.err = map[string]bool{}, nil
		}
	}
	if err == errNoFold {
		if e.convert == nil {
			return c.needsConstant("", "is not supported with run-time inputs: the torch dialect has no op for it, so all its inputs must be known at import time (constants or static shapes)")
		}
		err = e.convert(c)
	}
	if err != nil {
		var d *ir.Diagnostic
		if errors.As(err, &d) {
			return d
		}
		return typed(c.diag("%v", err), err)
	}
	names := make([]string, 0, len(c.attrs))
	for name := range c.attrs {
		if !c.read[name] {
			names = append(names, name)
		}
	}
	if len(names) > 0 {
		sort.Strings(names)
		return c.unsupportedf("attribute '%s' is not supported", names[0])
	}
	for i, name := range n.Outputs {
		if name != "" && !c.set[i] && im.used(name) {
			return c.unsupportedf("output #%d ('%s') is not supported", i, name)
		}
	}
	return nil
}

// used reports whether a value name is consumed by a node or the graph.
func (im *importer) used(name string) bool {
	if im.uses == nil {
		im.uses = map[string]bool{}
		for _, n := range im.model.Graph.Nodes {
			for _, in := range n.Inputs {
				im.uses[in] = true
			}
		}
		for _, out := range im.model.Graph.Outputs {
			im.uses[out.Name] = true
		}
	}
	return im.uses[name]
}

// inputsKnown reports whether every present input is known at import
// time (fully or, for shape vectors, partially).
func (c *nodeCtx) inputsKnown() bool {
	for _, v := range c.in {
		if v != nil && c.im.hostOf(v) == nil {
			return false
		}
	}
	return true
}

// errorf is a diagnostic at the node.
func (c *nodeCtx) errorf(format string, args ...any) error {
	return c.diag(format, args...)
}

// diag is errorf's diagnostic, for callers that attach a typed error.
func (c *nodeCtx) diag(format string, args ...any) *ir.Diagnostic {
	return ir.Errorf(c.im.at(c.node.Offset), "%s: %s", nodeDesc(c.node, c.index), fmt.Sprintf(format, args...))
}

// ---- inputs ----

// has reports whether input i is present.
func (c *nodeCtx) has(i int) bool { return i < len(c.in) && c.in[i] != nil }

// input returns input i, or nil when absent.
func (c *nodeCtx) input(i int) *value {
	if i < len(c.in) {
		return c.in[i]
	}
	return nil
}

// typ is input i's type (nil when absent).
func (c *nodeCtx) typ(i int) *ir.RankedTensorType {
	if v := c.input(i); v != nil {
		return v.typ
	}
	return nil
}

// val is input i as an SSA value, materialising constants.
func (c *nodeCtx) val(i int) (*ir.Value, error) {
	v := c.input(i)
	if v == nil {
		return nil, c.errorf("input #%d is required", i)
	}
	iv, err := c.im.materialize(v)
	if err != nil {
		return nil, c.errorf("%v", err)
	}
	return iv, nil
}

// host is input i's import-time contents, nil when not known.
func (c *nodeCtx) host(i int) *host { return c.im.hostOf(c.input(i)) }

// constInts reads input i as a fully known integer constant.
func (c *nodeCtx) constInts(i int, what string) ([]int64, error) {
	h := c.host(i)
	if h == nil || !h.known() {
		return nil, c.needsConstant(what, "run-time input '%s' is not supported: it must be known at import time (a constant or a computation on static shapes)", what)
	}
	if isFloatType(h.elem) {
		return nil, c.errorf("input '%s' must be an integer tensor, got %s", what, h.elem)
	}
	return slices.Clone(h.ints), nil
}

// constScalar reads input i as a known one-element constant.
func (c *nodeCtx) constScalar(i int, what string) (float64, error) {
	h := c.host(i)
	if h == nil || !h.known() {
		return 0, c.needsConstant(what, "run-time input '%s' is not supported: it must be a constant", what)
	}
	if h.len() != 1 {
		return 0, c.errorf("input '%s' must have one element, got shape [%s]", what, fmtShape(h.shape))
	}
	return h.float(0), nil
}

// ---- outputs ----

// setIR makes output i the SSA value v.
func (c *nodeCtx) setIR(i int, v *ir.Value) {
	if i >= len(c.node.Outputs) || c.node.Outputs[i] == "" {
		return
	}
	name := c.node.Outputs[i]
	c.im.vals[name] = &value{name: name, typ: v.Type().(*ir.RankedTensorType), v: v}
	c.set[i] = true
}

// setHost makes output i an import-time constant.
func (c *nodeCtx) setHost(i int, h *host) {
	if i >= len(c.node.Outputs) || c.node.Outputs[i] == "" {
		return
	}
	name := c.node.Outputs[i]
	c.im.vals[name] = &value{name: name, typ: c.im.ctx.TensorType(h.shape, h.elem, nil), host: h, loc: c.loc}
	c.set[i] = true
}

// setRaw makes output i constant data (Constant nodes).
func (c *nodeCtx) setRaw(i int, typ *ir.RankedTensorType, raw []byte) {
	if i >= len(c.node.Outputs) || c.node.Outputs[i] == "" {
		return
	}
	name := c.node.Outputs[i]
	c.im.vals[name] = &value{name: name, typ: typ, raw: raw, loc: c.loc}
	c.set[i] = true
}

// alias makes output i another name for input j.
func (c *nodeCtx) alias(i, j int) {
	if i >= len(c.node.Outputs) || c.node.Outputs[i] == "" {
		return
	}
	c.im.vals[c.node.Outputs[i]] = c.in[j]
	c.set[i] = true
}

// outputUsed reports whether output i is consumed.
func (c *nodeCtx) outputUsed(i int) bool {
	return i < len(c.node.Outputs) && c.node.Outputs[i] != "" && c.im.used(c.node.Outputs[i])
}

// ---- building ops ----

// op creates a torch op with its result type inferred by the dialect and
// checked by the op's verifier, at the node's location.
func (c *nodeCtx) op(name string, operands []*ir.Value, attrs ...ir.NamedAttr) (*ir.Value, error) {
	ctx := c.im.ctx
	info := ctx.LookupOp(name)
	def, _ := info.Def.(*ods.OpDef)
	var props *ir.DictionaryAttr
	if len(attrs) > 0 {
		props = ctx.DictionaryAttr(attrs)
	}
	types := make([]ir.Type, len(operands))
	for i, v := range operands {
		types[i] = v.Type()
	}
	results, err := def.Infer(ctx, types, func(n string) ir.Attribute { return props.Get(n) })
	if err != nil {
		return nil, c.errorf("'%s' op %v", name, err)
	}
	for _, r := range results {
		if t, ok := r.(*ir.RankedTensorType); ok {
			if err := checkType(t); err != nil {
				if len(t.Shape) > maxRank {
					err = limit(err)
				}
				return nil, typed(c.diag("'%s' op result: %v", name, err), err)
			}
		}
	}
	op := ctx.NewOperation(ir.OperationState{Name: name, Operands: operands, ResultTypes: results, Props: props, Loc: c.loc})
	if err := info.Verify(op); err != nil {
		op.DropAllReferences()
		return nil, c.errorf("'%s' op %v", name, err)
	}
	c.im.b.Insert(op)
	return op.Result(0), nil
}

// Attribute builders for torch ops.

func (c *nodeCtx) i64(name string, v int64) ir.NamedAttr {
	return ir.NamedAttr{Name: name, Value: c.im.ctx.IntegerAttr(c.im.ctx.I(64), v)}
}

func (c *nodeCtx) f64(name string, v float64) ir.NamedAttr {
	return ir.NamedAttr{Name: name, Value: c.im.ctx.FloatAttr(c.im.ctx.FloatType(ir.F64), v)}
}

func (c *nodeCtx) arr(name string, v []int64) ir.NamedAttr {
	return ir.NamedAttr{Name: name, Value: c.im.ctx.DenseIntArrayAttr(c.im.ctx.I(64), v)}
}

func (c *nodeCtx) flag(name string, v bool) ir.NamedAttr {
	return ir.NamedAttr{Name: name, Value: c.im.ctx.BoolAttr(v)}
}

func (c *nodeCtx) str(name, v string) ir.NamedAttr {
	return ir.NamedAttr{Name: name, Value: c.im.ctx.StringAttr(v)}
}

func (c *nodeCtx) dtype(name string, t ir.Type) ir.NamedAttr {
	return ir.NamedAttr{Name: name, Value: c.im.ctx.TypeAttr(t)}
}

// number is a PyTorch Scalar for a tensor of element type elem: i64 for
// integer tensors (v must be integral), f64 otherwise.
func (c *nodeCtx) number(name string, elem ir.Type, v float64) (ir.NamedAttr, error) {
	if isFloatType(elem) {
		return c.f64(name, v), nil
	}
	if v != float64(int64(v)) {
		return ir.NamedAttr{}, c.errorf("%s %v is not an integer, as the %s tensor needs", name, v, elem)
	}
	return c.i64(name, int64(v)), nil
}

// ---- ONNX attributes ----

func (c *nodeCtx) attr(name string, kind onnxpb.AttrType) (*onnxpb.Attribute, error) {
	a, ok := c.attrs[name]
	if !ok {
		return nil, nil
	}
	c.read[name] = true
	if k := a.Kind(); k != kind {
		return nil, c.errorf("attribute '%s' must be %s, got %s", name, kind, k)
	}
	return a, nil
}

// hasAttr reports whether the attribute is present (and marks it read).
func (c *nodeCtx) hasAttr(name string) bool {
	_, ok := c.attrs[name]
	if ok {
		c.read[name] = true
	}
	return ok
}

// ignore marks attributes that do not affect inference results.
func (c *nodeCtx) ignore(names ...string) {
	for _, n := range names {
		if _, ok := c.attrs[n]; ok {
			c.read[n] = true
		}
	}
}

func (c *nodeCtx) attrInt(name string, def int64) (int64, error) {
	a, err := c.attr(name, onnxpb.AttrInt)
	if a == nil || err != nil {
		return def, err
	}
	return a.I, nil
}

func (c *nodeCtx) attrFloat(name string, def float64) (float64, error) {
	a, err := c.attr(name, onnxpb.AttrFloat)
	if a == nil || err != nil {
		return def, err
	}
	return float64(a.F), nil
}

func (c *nodeCtx) attrInts(name string, def []int64) ([]int64, error) {
	a, err := c.attr(name, onnxpb.AttrInts)
	if a == nil || err != nil {
		return def, err
	}
	return slices.Clone(a.Ints), nil
}

func (c *nodeCtx) attrFloats(name string) ([]float64, bool, error) {
	a, err := c.attr(name, onnxpb.AttrFloats)
	if a == nil || err != nil {
		return nil, false, err
	}
	out := make([]float64, len(a.Floats))
	for i, f := range a.Floats {
		out[i] = float64(f)
	}
	return out, true, nil
}

func (c *nodeCtx) attrString(name, def string) (string, error) {
	a, err := c.attr(name, onnxpb.AttrString)
	if a == nil || err != nil {
		return def, err
	}
	return string(a.S), nil
}

// attrStrings reads a list of strings (nil when absent).
func (c *nodeCtx) attrStrings(name string) ([]string, error) {
	a, err := c.attr(name, onnxpb.AttrStrings)
	if a == nil || err != nil {
		return nil, err
	}
	out := make([]string, len(a.Strings))
	for i, s := range a.Strings {
		out[i] = string(s)
	}
	return out, nil
}

func (c *nodeCtx) attrTensor(name string) (*onnxpb.Tensor, error) {
	a, err := c.attr(name, onnxpb.AttrTensor)
	if a == nil || err != nil {
		return nil, err
	}
	return a.T, nil
}

// ---- chaining ----
//
// emit, arg and result keep the first error, so converters can chain ops
// and check once.

func (c *nodeCtx) emit(name string, operands []*ir.Value, attrs ...ir.NamedAttr) *ir.Value {
	if c.err != nil {
		return nil
	}
	for _, o := range operands {
		if o == nil {
			c.err = c.errorf("no operand for '%s'", name)
			return nil
		}
	}
	v, err := c.op(name, operands, attrs...)
	c.err = err
	return v
}

// arg is input i as an SSA value (see val).
func (c *nodeCtx) arg(i int) *ir.Value {
	if c.err != nil {
		return nil
	}
	v, err := c.val(i)
	c.err = err
	return v
}

// result sets output 0 unless an error was kept.
func (c *nodeCtx) result(v *ir.Value) error {
	if c.err != nil {
		return c.err
	}
	c.setIR(0, v)
	return nil
}

// fail keeps an error (the first one wins) and returns it.
func (c *nodeCtx) fail(format string, args ...any) error {
	if c.err == nil {
		c.err = c.errorf(format, args...)
	}
	return c.err
}

// constant materialises a host constant for use as an operand.
func (c *nodeCtx) constant(h *host) *ir.Value {
	if c.err != nil {
		return nil
	}
	name := c.node.Name
	if name == "" {
		name = c.node.OpType
	}
	v := &value{name: name + "_const", typ: c.im.ctx.TensorType(h.shape, h.elem, nil), host: h, loc: c.loc}
	iv, err := c.im.materialize(v)
	if err != nil {
		c.err = c.errorf("%v", err)
	}
	return iv
}

// scalarLike is a 0-D constant of v's element type.
func (c *nodeCtx) scalarLike(v *ir.Value, x float64) *ir.Value {
	if v == nil {
		return nil
	}
	return c.constant(scalarHost(ir.ElementTypeOf(v.Type()), x))
}

// shapeOf is an SSA value's dims.
func shapeOf(v *ir.Value) []int64 {
	if v == nil {
		return nil
	}
	return v.Type().(*ir.RankedTensorType).Shape
}
