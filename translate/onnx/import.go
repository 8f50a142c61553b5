// Package onnx imports ONNX models into the torch dialect, the way
// torch-mlir maps ONNX operators onto ATen ops: a builtin.module holding
// func.func @main whose arguments and results carry the graph's input and
// output names (mlc.name), whose ops carry the node names as locations,
// and whose weights are torch.constant ops over dense_resource blobs that
// alias the model's bytes.
//
// Each ONNX operator is one entry of a table (ops_*.go) giving the opsets
// it handles and a converter; shape computations on constants (Shape,
// Gather, Concat, …) are evaluated at import so that reshapes get static
// shapes. Errors are diagnostics positioned at the byte offset of the
// offending part of the file, as "model.onnx:1:<offset+1>"; those that
// report a limit of the importer carry a typed error (errors.go).
package onnx

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/mlc-go/mlc/dialects/builtin"
	function "github.com/mlc-go/mlc/dialects/func"
	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/dialects/torch"
	"github.com/mlc-go/mlc/internal/mapfile"
	"github.com/mlc-go/mlc/internal/onnxpb"
	"github.com/mlc-go/mlc/ir"
)

// NameAttr is the argument and result attribute holding the ONNX input
// and output names (the interpreter's interp.NameAttr).
const NameAttr = "mlc.name"

// Supported default-domain opsets: every op type of the table (but
// Upsample, deprecated at opset 10) is imported at opsets MinOpset to
// MaxOpset, and models declaring an older opset (from OldestOpset) import
// when each of their ops has an entry there, as ops whose semantics have
// not changed since an earlier version do (ONNX's node tests declare the
// version of the op they test).
const (
	OldestOpset = 1
	MinOpset    = 11
	MaxOpset    = 17
)

// Options control an import.
type Options struct {
	// FuncName names the function; "" means "main".
	FuncName string
	// DimParams fixes symbolic input dims (dim_param names) to sizes;
	// other symbolic or missing dims become '?'.
	DimParams map[string]int64
	// InputShapes pins graph inputs (by name) to shapes, and ArgShapes
	// pins them by position among the function's arguments (nil entries
	// pin nothing), as trtexec's --shapes: the rank must match and a
	// static dim must agree; a pinned symbolic dim also fixes its
	// dim_param for the other inputs.
	InputShapes map[string][]int64
	ArgShapes   [][]int64
}

// ImportFile reads and imports the model at path. External tensor data
// is looked up relative to the model's folder.
func ImportFile(ctx *ir.Context, path string, opts Options) (*ir.Operation, error) {
	data, err := onnxpb.ReadFile(path)
	if err != nil {
		return nil, ir.Errorf(ir.FileLineColLoc{File: path, Line: 1, Col: 1}, "cannot read model: %v", unwrapPathError(err))
	}
	return importData(ctx, data.Bytes(), path, opts, data)
}

// StdinName names a model read from standard input in diagnostics.
const StdinName = "<stdin>.onnx"

// ImportPath is ImportFile, except that the path "-" reads the model from
// standard input (named StdinName).
func ImportPath(ctx *ir.Context, path string, opts Options) (*ir.Operation, error) {
	if path != "-" {
		return ImportFile(ctx, path, opts)
	}
	data, err := io.ReadAll(os.Stdin)
	if err != nil {
		return nil, err
	}
	return Import(ctx, data, StdinName, opts)
}

// Import imports a serialized ModelProto into ctx (registering the
// builtin, func and torch dialects if needed). path names the model in
// diagnostics and locates external data (its folder). The module's
// resource blobs alias data, which must not change afterwards. Errors
// are *ir.Diagnostic values positioned at "path:1:<byte offset + 1>",
// possibly with notes; a model the importer cannot express gives one
// whose Err is an *UnsupportedOpsError, *NeedsConstantError or
// *UnsupportedError (see IsUnsupported).
func Import(ctx *ir.Context, data []byte, path string, opts Options) (*ir.Operation, error) {
	return importData(ctx, data, path, opts, nil)
}

// importData imports data; file, when not nil, is the model file data
// came from.
func importData(ctx *ir.Context, data []byte, path string, opts Options, file *mapfile.Data) (*ir.Operation, error) {
	if path == "" {
		path = "<memory>.onnx"
	}
	registerDialects(ctx)
	im := &importer{ctx: ctx, path: path, dir: filepath.Dir(path), opts: opts, vals: map[string]*value{}}
	if file != nil {
		im.files = append(im.files, file)
	}
	defer im.closeExternal()
	var passed func([]byte)
	if file != nil && file.Mapped() {
		passed = file.Release
	}
	m, err := onnxpb.DecodePassing(data, passed)
	if err != nil {
		var pe *onnxpb.Error
		if errors.As(err, &pe) {
			return nil, ir.Errorf(im.at(pe.Offset), "invalid ONNX model: %s", pe.Msg)
		}
		return nil, ir.Errorf(im.at(0), "invalid ONNX model: %v", err)
	}
	if m.IRVersion <= 0 {
		// onnx.checker's first rule: the field says how to read the rest.
		return nil, ir.Errorf(im.at(0), "invalid ONNX model: ir_version is not set")
	}
	return im.runSafely(m)
}

// runSafely turns a panic (a bug, never expected) into a diagnostic, so
// that no input can crash a tool that imports models.
func (im *importer) runSafely(m *onnxpb.Model) (module *ir.Operation, err error) {
	defer func() {
		if r := recover(); r != nil {
			module, err = nil, ir.Errorf(im.at(0), "internal error while importing: %v", r)
		}
	}()
	return im.run(m)
}

func registerDialects(ctx *ir.Context) {
	for _, d := range []*ods.Dialect{builtin.Dialect, function.Dialect, torch.Dialect, quant.Dialect} {
		if ctx.LookupDialect(d.Name) == nil {
			ods.Register(ctx, d)
		}
	}
}

func unwrapPathError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

type importer struct {
	ctx  *ir.Context
	path string
	dir  string
	opts Options
	// dimParams: Options.DimParams and those fixed by pinned shapes.
	dimParams map[string]int64
	model     *onnxpb.Model
	opset     int64
	b         *ir.Builder
	vals      map[string]*value
	ext       *externalFiles
	// files holds the model file and external data files whose bytes
	// constants alias, so that blobs in a mapping can release its pages.
	files []*mapfile.Data
	uses  map[string]bool
}

// at is the location of a byte offset of the model file.
func (im *importer) at(off int) ir.Location {
	return ir.FileLineColLoc{File: im.path, Line: 1, Col: off + 1}
}

func (im *importer) run(m *onnxpb.Model) (*ir.Operation, error) {
	im.model = m
	if m.Graph == nil {
		return nil, ir.Errorf(im.at(0), "ONNX model has no graph")
	}
	if err := im.checkOpsets(); err != nil {
		return nil, err
	}
	g := m.Graph
	if g.SparseInitializers > 0 {
		return nil, im.unsupportedAt(g.SparseOffset, "sparse initializers are not supported")
	}
	order, err := im.validate(g)
	if err != nil {
		return nil, err
	}
	if err := im.checkSupported(g, order); err != nil {
		return nil, err
	}
	return im.build(g, order)
}

// checkOpsets finds the default domain's opset and rejects models outside
// the supported range.
func (im *importer) checkOpsets() error {
	found := false
	for _, id := range im.model.OpsetImports {
		if id.Domain == "" || id.Domain == "ai.onnx" {
			im.opset, found = id.Version, true
		}
	}
	if !found {
		return im.unsupportedAt(0, "models without the default (ai.onnx) operator set are not supported: the model imports no version of it")
	}
	if im.opset < OldestOpset || im.opset > MaxOpset {
		return im.unsupportedAt(0, "ONNX opset %d is not supported (supported: %d to %d)", im.opset, MinOpset, MaxOpset)
	}
	return nil
}

// nodeDesc names a node in messages: its name and op type, or its index.
func nodeDesc(n *onnxpb.Node, index int) string {
	if n.Name != "" {
		return fmt.Sprintf("node '%s' (%s)", n.Name, opName(n))
	}
	return fmt.Sprintf("node #%d (%s)", index, opName(n))
}

// opName is the op type with its domain when not the default one.
func opName(n *onnxpb.Node) string {
	if n.Domain == "" || n.Domain == "ai.onnx" {
		return n.OpType
	}
	return n.Domain + "." + n.OpType
}

// checkSupported reports every op type without a converter at the
// model's opset in one diagnostic, sorted by op type, with a note per
// type at its first node.
func (im *importer) checkSupported(g *onnxpb.Graph, order []int) error {
	type miss struct {
		count int
		first int
	}
	missing := map[string]*miss{}
	for _, i := range order {
		n := g.Nodes[i]
		// A malformed node is an invalid model, whatever its support.
		if why := checkArity(n, im.opset); why != "" {
			return ir.Errorf(im.at(n.Offset), "%s %s", nodeDesc(n, i), why)
		}
		if lookup(n.Domain, n.OpType, im.opset) != nil {
			continue
		}
		k := opName(n)
		if missing[k] == nil {
			missing[k] = &miss{first: i}
		}
		missing[k].count++
	}
	if len(missing) == 0 {
		return nil
	}
	names := make([]string, 0, len(missing))
	for k := range missing {
		names = append(names, k)
	}
	sort.Strings(names)
	first := g.Nodes[missing[names[0]].first]
	e := &UnsupportedOpsError{Opset: im.opset}
	offsets := make([]int, len(names))
	for i, k := range names {
		ms := missing[k]
		n := g.Nodes[ms.first]
		op := UnsupportedOp{OpType: k, Count: ms.count, FirstNode: nodeDesc(n, ms.first)}
		for _, a := range n.Attrs {
			if kind := a.Kind(); kind == onnxpb.AttrGraph || kind == onnxpb.AttrGraphs {
				op.Subgraph = true
				break
			}
		}
		e.Ops = append(e.Ops, op)
		offsets[i] = n.Offset
	}
	d := ir.Errorf(im.at(first.Offset), "%s", e.Error())
	d.Err = e
	for i, op := range e.Ops {
		why := ""
		if op.Subgraph {
			why = " (subgraphs are not supported)"
		}
		d.AttachNote(im.at(offsets[i]), "%s: %d node%s, first %s%s", op.OpType, op.Count, pluralS(op.Count, "", "s"), op.FirstNode, why)
	}
	return d
}

func pluralS(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// build creates the module: arguments for graph inputs, constants for
// initializers, one conversion per node, and the return.
func (im *importer) build(g *onnxpb.Graph, order []int) (*ir.Operation, error) {
	ctx := im.ctx
	inits := map[string]*onnxpb.Tensor{}
	for _, t := range g.Initializers {
		inits[t.Name] = t
	}
	// Arguments: graph inputs not backed by an initializer (as torch-mlir
	// does, an initializer that is also listed as an input is a constant).
	var argInfos []*onnxpb.ValueInfo
	for _, in := range g.Inputs {
		if _, ok := inits[in.Name]; !ok {
			argInfos = append(argInfos, in)
		}
	}
	pins, err := im.pinnedShapes(argInfos)
	if err != nil {
		return nil, err
	}
	var argTypes []ir.Type
	for i, in := range argInfos {
		t, err := im.valueInfoType(in, pins[i])
		if err != nil {
			return nil, err
		}
		argTypes = append(argTypes, t)
	}
	module := ctx.NewOperation(ir.OperationState{Name: "builtin.module", NumRegions: 1, Loc: im.at(0)})
	mb := ir.NewBuilder(ctx)
	mb.CreateBlock(module.Region(0), nil, nil)
	body := ir.NewBlock(nil, nil)
	for i, t := range argTypes {
		v := body.AddArg(t, ir.NameLoc{Name: argInfos[i].Name, Child: im.at(argInfos[i].Offset)})
		im.vals[argInfos[i].Name] = &value{name: argInfos[i].Name, typ: t.(*ir.RankedTensorType), v: v}
	}
	for _, t := range g.Initializers {
		v, err := im.initializer(t)
		if err != nil {
			return nil, err
		}
		im.vals[t.Name] = v
	}
	im.b = ir.NewBuilder(ctx)
	im.b.SetInsertionPointToEnd(body)
	for _, i := range order {
		if err := im.convertNode(g, i); err != nil {
			return nil, err
		}
	}
	// Results.
	var results []*ir.Value
	var resTypes []ir.Type
	for _, out := range g.Outputs {
		v := im.vals[out.Name]
		rv, err := im.materialize(v)
		if err != nil {
			return nil, ir.Errorf(im.at(out.Offset), "graph output '%s': %v", out.Name, err)
		}
		if err := im.checkOutputType(out, v.typ); err != nil {
			return nil, err
		}
		results = append(results, rv)
		resTypes = append(resTypes, rv.Type())
	}
	im.b.Create(ir.OperationState{Name: "func.return", Operands: results, Loc: im.at(g.Offset)})
	name := im.opts.FuncName
	if name == "" {
		name = "main"
	}
	props := []ir.NamedAttr{
		{Name: "sym_name", Value: ctx.StringAttr(name)},
		{Name: "function_type", Value: ctx.TypeAttr(ctx.FunctionType(argTypes, resTypes))},
	}
	if len(argInfos) > 0 {
		props = append(props, ir.NamedAttr{Name: "arg_attrs", Value: im.argAttrs(argInfos, argTypes)})
	}
	if len(g.Outputs) > 0 {
		props = append(props, ir.NamedAttr{Name: "res_attrs", Value: im.nameAttrs(g.Outputs)})
	}
	fn := ctx.NewOperation(ir.OperationState{Name: "func.func", Props: ctx.DictionaryAttr(props), NumRegions: 1, Loc: im.at(g.Offset)})
	fn.Region(0).AppendBlock(body)
	mb.Insert(fn)
	if err := ir.Verify(module); err != nil {
		var d *ir.Diagnostic
		if errors.As(err, &d) {
			return nil, d
		}
		return nil, ir.Errorf(im.at(0), "imported module does not verify: %v", err)
	}
	return module, nil
}

// argAttrs are nameAttrs plus, on an argument whose type keeps a
// symbolic dim dynamic, the dim_param names (func.DimParamsAttr), so that
// lowering can say which --dim would fix it.
func (im *importer) argAttrs(infos []*onnxpb.ValueInfo, types []ir.Type) ir.Attribute {
	elems := slices.Clone(im.nameAttrs(infos).(*ir.ArrayAttr).Elems)
	for i, in := range infos {
		rt, ok := types[i].(*ir.RankedTensorType)
		if !ok || in.Type == nil || len(in.Type.Shape) != len(rt.Shape) {
			continue
		}
		params := make([]ir.Attribute, len(rt.Shape))
		named := false
		for j, d := range rt.Shape {
			p := ""
			if d == ir.Dynamic {
				p = in.Type.Shape[j].Param
				named = named || p != ""
			}
			params[j] = im.ctx.StringAttr(p)
		}
		if named {
			elems[i] = im.ctx.DictionaryAttr([]ir.NamedAttr{
				{Name: function.DimParamsAttr, Value: im.ctx.ArrayAttr(params)},
				{Name: NameAttr, Value: im.ctx.StringAttr(in.Name)},
			})
		}
	}
	return im.ctx.ArrayAttr(elems)
}

func (im *importer) nameAttrs(infos []*onnxpb.ValueInfo) ir.Attribute {
	elems := make([]ir.Attribute, len(infos))
	for i, in := range infos {
		elems[i] = im.ctx.DictionaryAttr([]ir.NamedAttr{{Name: NameAttr, Value: im.ctx.StringAttr(in.Name)}})
	}
	return im.ctx.ArrayAttr(elems)
}

// pinnedShapes gathers Options.InputShapes and ArgShapes per argument,
// checks them against the declared shapes, and records the dim_params
// they fix in im.dimParams.
func (im *importer) pinnedShapes(args []*onnxpb.ValueInfo) ([][]int64, error) {
	im.dimParams = maps.Clone(im.opts.DimParams)
	if im.dimParams == nil {
		im.dimParams = map[string]int64{}
	}
	if len(im.opts.ArgShapes) > len(args) {
		return nil, ir.Errorf(im.at(0), "%d input shapes given for %d graph inputs", len(im.opts.ArgShapes), len(args))
	}
	byName := map[string]bool{}
	pins := make([][]int64, len(args))
	for i, in := range args {
		byName[in.Name] = true
		pin, named := im.opts.InputShapes[in.Name]
		if i < len(im.opts.ArgShapes) && im.opts.ArgShapes[i] != nil {
			if named && !slices.Equal(pin, im.opts.ArgShapes[i]) {
				return nil, ir.Errorf(im.at(in.Offset), "graph input '%s' is given two shapes", in.Name)
			}
			pin = im.opts.ArgShapes[i]
		}
		if pin == nil {
			continue
		}
		pins[i] = pin
		if in.Type == nil || in.Type.Kind != onnxpb.TypeTensor || !in.Type.HasShape {
			continue // valueInfoType reports it
		}
		if len(pin) != len(in.Type.Shape) {
			return nil, ir.Errorf(im.at(in.Offset), "graph input '%s' has rank %d; the shape given for it has rank %d", in.Name, len(in.Type.Shape), len(pin))
		}
		for j, d := range in.Type.Shape {
			switch {
			case pin[j] < 0:
				return nil, ir.Errorf(im.at(in.Offset), "graph input '%s': the shape given has negative dim %d", in.Name, pin[j])
			case d.HasValue && d.Value != pin[j]:
				return nil, ir.Errorf(im.at(in.Offset), "graph input '%s' has static dim %d of size %d; the shape given says %d", in.Name, j, d.Value, pin[j])
			case d.Param != "":
				if v, ok := im.dimParams[d.Param]; ok && v != pin[j] {
					return nil, ir.Errorf(im.at(in.Offset), "graph input '%s': dim '%s' is given as %d and as %d", in.Name, d.Param, v, pin[j])
				}
				im.dimParams[d.Param] = pin[j]
			}
		}
	}
	if err := im.checkDimNames(args); err != nil {
		return nil, err
	}
	for name := range im.opts.InputShapes {
		if !byName[name] {
			return nil, ir.Errorf(im.at(0), "a shape is given for '%s', which is not a graph input", name)
		}
	}
	return pins, nil
}

// checkDimNames rejects an Options.DimParams name that no graph input
// uses, as a misspelt --dim would otherwise be ignored.
func (im *importer) checkDimNames(args []*onnxpb.ValueInfo) error {
	known := map[string]bool{}
	for _, in := range args {
		if in.Type != nil && in.Type.Kind == onnxpb.TypeTensor {
			for _, d := range in.Type.Shape {
				if d.Param != "" {
					known[d.Param] = true
				}
			}
		}
	}
	for _, name := range slices.Sorted(maps.Keys(im.opts.DimParams)) {
		if known[name] {
			continue
		}
		if len(known) == 0 {
			return ir.Errorf(im.at(0), "--dim %s: the model's inputs have no symbolic dims", name)
		}
		return ir.Errorf(im.at(0), "--dim %s: no graph input has a dim named '%s' (the inputs' symbolic dims: %s)",
			name, name, strings.Join(slices.Sorted(maps.Keys(known)), ", "))
	}
	return nil
}

// valueInfoType is the ranked tensor type of a graph input: static dims
// as given, pinned dims from pin (when not nil), symbolic dims from the
// dim_params fixed by options, others '?'.
func (im *importer) valueInfoType(vi *onnxpb.ValueInfo, pin []int64) (ir.Type, error) {
	tp := vi.Type
	if tp == nil || tp.Kind != onnxpb.TypeTensor {
		kind := "no type"
		if tp != nil {
			kind = "a " + tp.Kind.String() + " type"
		}
		return nil, ir.Errorf(im.at(vi.Offset), "graph input '%s' has %s; only tensors are supported", vi.Name, kind)
	}
	elem, err := elemType(im.ctx, tp.ElemType)
	if err != nil {
		return nil, im.unsupportedAt(vi.Offset, "graph input '%s': %v", vi.Name, err)
	}
	if !tp.HasShape {
		return nil, ir.Errorf(im.at(vi.Offset), "graph input '%s' has no shape; the torch dialect needs ranked tensors", vi.Name)
	}
	dims := make([]int64, len(tp.Shape))
	for i, d := range tp.Shape {
		switch {
		case d.HasValue && d.Value >= 0:
			dims[i] = d.Value
		case d.HasValue:
			return nil, ir.Errorf(im.at(vi.Offset), "graph input '%s' has negative dim %d", vi.Name, d.Value)
		case pin != nil:
			dims[i] = pin[i]
		case d.Param != "":
			if v, ok := im.dimParams[d.Param]; ok {
				dims[i] = v
			} else {
				dims[i] = ir.Dynamic
			}
		default:
			dims[i] = ir.Dynamic
		}
	}
	t := im.ctx.TensorType(dims, elem, nil)
	if err := checkType(t); err != nil {
		if len(dims) > maxRank {
			return nil, im.unsupportedAt(vi.Offset, "graph input '%s': %v", vi.Name, err)
		}
		return nil, ir.Errorf(im.at(vi.Offset), "graph input '%s': %v", vi.Name, err)
	}
	return t, nil
}

// checkOutputType rejects a result whose inferred type contradicts the
// graph's declared output type.
func (im *importer) checkOutputType(vi *onnxpb.ValueInfo, got *ir.RankedTensorType) error {
	tp := vi.Type
	if tp == nil || tp.Kind != onnxpb.TypeTensor {
		return nil
	}
	if tp.ElemType != 0 {
		elem, err := elemType(im.ctx, tp.ElemType)
		if err == nil && elem != got.Elem {
			return ir.Errorf(im.at(vi.Offset), "graph output '%s' is declared %s but computes %s", vi.Name, elem, got.Elem)
		}
	}
	if !tp.HasShape {
		return nil
	}
	mismatch := len(tp.Shape) != len(got.Shape)
	for i := 0; !mismatch && i < len(tp.Shape); i++ {
		d := tp.Shape[i]
		mismatch = d.HasValue && got.Shape[i] >= 0 && d.Value != got.Shape[i]
	}
	if mismatch {
		decl := make([]string, len(tp.Shape))
		for i, d := range tp.Shape {
			switch {
			case d.HasValue:
				decl[i] = fmt.Sprint(d.Value)
			case d.Param != "":
				decl[i] = d.Param
			default:
				decl[i] = "?"
			}
		}
		return ir.Errorf(im.at(vi.Offset), "graph output '%s' is declared [%s] but computes %s", vi.Name, strings.Join(decl, ", "), got)
	}
	return nil
}

// initializer turns a TensorProto into a constant value, resolving
// external data; the data is materialised only when a node uses it.
func (im *importer) initializer(t *onnxpb.Tensor) (*value, error) {
	typ, raw, err := im.tensorData(t)
	if err != nil {
		return nil, typed(ir.Errorf(im.at(t.Offset), "initializer '%s': %v", t.Name, err), err)
	}
	return &value{name: t.Name, typ: typ, raw: raw, loc: ir.NameLoc{Name: t.Name, Child: ir.UnknownLoc{}}}, nil
}

// checkValueFields rejects a tensor whose values sit in more than one
// field (raw_data and a typed field, or external data and either), or in
// a typed field that is not its data type's, as onnx.checker does.
func checkValueFields(t *onnxpb.Tensor) error {
	var fields []string
	if t.IsExternal() {
		fields = append(fields, "external data")
	}
	if t.HasRawData {
		fields = append(fields, "raw_data")
	}
	typed := []struct {
		name  string
		n     int
		field int
	}{
		{"float_data", len(t.FloatData), onnxpb.FieldFloatData},
		{"int32_data", len(t.Int32Data), onnxpb.FieldInt32Data},
		{"string_data", len(t.StringData), onnxpb.FieldStringData},
		{"int64_data", len(t.Int64Data), onnxpb.FieldInt64Data},
		{"double_data", len(t.DoubleData), onnxpb.FieldDoubleData},
		{"uint64_data", len(t.Uint64Data), onnxpb.FieldUint64Data},
	}
	info, known := onnxpb.LookupDataType(t.DataType)
	for _, f := range typed {
		if f.n == 0 {
			continue
		}
		fields = append(fields, f.name)
		if known && info.Field != 0 && f.field != info.Field {
			want := "raw_data"
			for _, g := range typed {
				if g.field == info.Field {
					want = g.name
				}
			}
			return fmt.Errorf("values of data type %s belong in %s, not %s", onnxpb.DataTypeName(t.DataType), want, f.name)
		}
	}
	if len(fields) > 1 {
		return fmt.Errorf("values are given twice, in %s and %s; a tensor holds them in one field", fields[0], fields[1])
	}
	return nil
}

// tensorData is a tensor's type and little-endian bytes.
func (im *importer) tensorData(t *onnxpb.Tensor) (*ir.RankedTensorType, []byte, error) {
	elem, err := elemType(im.ctx, t.DataType)
	if err != nil {
		return nil, nil, limit(err)
	}
	if len(t.Dims) > maxRank {
		return nil, nil, limit(checkShape(t.Dims, 1))
	}
	if t.HasSegment {
		// Bytes refuses these too; here the refusal is typed as a limit.
		return nil, nil, limit(errors.New("segmented tensors are not supported"))
	}
	if err := checkValueFields(t); err != nil {
		return nil, nil, err
	}
	var raw []byte
	if t.IsExternal() {
		raw, err = im.external(t)
	} else {
		raw, err = t.Bytes()
	}
	if err != nil {
		return nil, nil, err
	}
	return im.ctx.TensorType(slices.Clone(t.Dims), elem, nil), raw, nil
}
