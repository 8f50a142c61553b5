package asm

import (
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/mlc-go/mlc/ir"
)

// Parse reads MLIR text into a builtin.module (wrapping top-level ops in
// an implicit module unless the file is one module). firstLine is the line
// at which src starts in its file (for --split-input-file chunks), so
// every location and error carries the file's own line numbers. The
// result is not verified; call ir.Verify.
func Parse(ctx *ir.Context, filename string, src []byte, firstLine int) (*ir.Operation, error) {
	if shouldStream(ctx, src) {
		if top, ok := parseStreamed(ctx, filename, src, firstLine); ok {
			return top, nil
		}
	}
	return parseClassic(ctx, filename, src, firstLine)
}

// parseClassic builds the whole syntax tree, then resolves it.
func parseClassic(ctx *ir.Context, filename string, src []byte, firstLine int) (*ir.Operation, error) {
	r := newResolver(ctx, filename, firstLine)
	r.textBudget = textBudgetFor(len(src))
	f, err := parseSyntax(filename, src)
	if err != nil {
		return nil, r.syntaxError(err)
	}
	var top *ir.Operation
	err = r.guard(func() { top = r.resolveFile(f) })
	return top, err
}

// ParseFile reads and parses a whole file.
func ParseFile(ctx *ir.Context, filename string, src []byte) (*ir.Operation, error) {
	return Parse(ctx, filename, src, 1)
}

// resolver turns the syntax tree into IR: it interns types and
// attributes, binds SSA names and block labels, and reports semantic
// errors at their source positions.
type resolver struct {
	ctx      *ir.Context
	filename string
	lineOff  int

	typeAliases map[string]*astTypeAlias
	attrAliases map[string]*astAttrAlias
	aliasTypes  map[string]ir.Type
	aliasAttrs  map[string]ir.Attribute
	aliasLocs   map[string]ir.Location
	resolving   map[string]bool

	typeCache map[astType]ir.Type
	// numCache skips re-interning repeated literals, the bulk of large
	// files' attributes.
	numCache map[numKey]ir.Attribute

	freeOpParsers  []*OpParser
	scopes         []*nameScope
	defaultDialect []string
	forwardRefOp   *ir.Operation

	// In a streamed parse (stream.go), dense_resource sizes are checked
	// once the file's resources, which come last, are loaded.
	stream         *streamSync
	resourceChecks []resourceCheck

	// textSpent counts the text of the composite attributes and types
	// built so far: interning copies each child's text into its parent,
	// so deep nesting or aliases of aliases would cost quadratic or
	// exponential memory without a budget (textBudget).
	textSpent, textBudget int64
}

// textBudgetFor allows far more text than any real file expands to: a
// fixed floor plus a multiple of the source size.
func textBudgetFor(srcLen int) int64 { return 256<<20 + 64*int64(srcLen) }

// textSize is the text length that building a composite around x copies;
// dense elements are keyed by their bytes, not their text.
func textSize(x fmt.Stringer) int64 {
	if _, dense := x.(*ir.DenseElementsAttr); dense {
		return 16
	}
	return int64(len(x.String()))
}

// charge adds n bytes of composite text, failing once over the budget.
func (r *resolver) charge(pos lexer.Position, n int64) {
	r.textSpent += n
	if r.textBudget > 0 && r.textSpent > r.textBudget {
		r.fail(pos, "attributes and types nest or repeat too deeply: their text exceeds %d bytes", r.textBudget)
	}
}

// resourceCheck is a dense_resource attribute whose size is checked later.
type resourceCheck struct {
	pos  lexer.Position
	typ  ir.ShapedType
	blob *ir.ResourceBlob
}

// resolveError carries a positioned diagnostic out of the recursion.
type resolveError struct{ d *ir.Diagnostic }

func newResolver(ctx *ir.Context, file string, firstLine int) *resolver {
	return &resolver{
		ctx: ctx, filename: file, lineOff: firstLine - 1,
		typeAliases: map[string]*astTypeAlias{}, attrAliases: map[string]*astAttrAlias{},
		aliasTypes: map[string]ir.Type{}, aliasAttrs: map[string]ir.Attribute{},
		aliasLocs: map[string]ir.Location{}, resolving: map[string]bool{},
		typeCache: map[astType]ir.Type{},
		numCache:  map[numKey]ir.Attribute{},
	}
}

func (r *resolver) guard(f func()) (err error) {
	defer func() {
		if p := recover(); p != nil {
			if re, ok := p.(resolveError); ok {
				err = re.d
				return
			}
			panic(p)
		}
	}()
	f()
	return nil
}

func (r *resolver) loc(pos lexer.Position) ir.FileLineColLoc {
	return ir.FileLineColLoc{File: r.filename, Line: pos.Line + r.lineOff, Col: pos.Column}
}

func (r *resolver) fail(pos lexer.Position, format string, args ...any) {
	panic(resolveError{ir.Errorf(r.loc(pos), format, args...)})
}

func (r *resolver) failDiag(d *ir.Diagnostic) { panic(resolveError{d}) }

func (r *resolver) syntaxError(err error) *ir.Diagnostic {
	var pe participle.Error
	if errors.As(err, &pe) {
		return ir.Errorf(r.loc(pe.Position()), "%s", pe.Message())
	}
	return ir.Errorf(ir.FileLineColLoc{File: r.filename, Line: 1 + r.lineOff, Col: 1}, "%s", err.Error())
}

// ---- file ----

func (r *resolver) resolveFile(f *astFile) *ir.Operation {
	for _, item := range f.Items {
		r.defineAlias(item)
	}
	for _, m := range f.Metadata {
		r.metadata(m)
	}
	var ops []*astOp
	for _, item := range f.Items {
		if op, ok := item.(*astOp); ok {
			ops = append(ops, op)
		}
	}
	// Aliases are checked even when unused, as MLIR does.
	for _, item := range f.Items {
		r.checkAlias(item)
	}
	if len(ops) == 1 && isModuleName(ops[0].Name) {
		r.pushScope(true)
		top := r.op(ops[0])
		r.popScope()
		return top
	}
	module, block := r.implicitModule()
	r.pushScope(true)
	for i, o := range ops {
		block.Append(r.op(o))
		ops[i] = nil
	}
	f.Items = nil
	r.popScope()
	return module
}

// defineAlias registers a top-level alias definition (other items are
// ignored).
func (r *resolver) defineAlias(item astTopItem) {
	switch it := item.(type) {
	case *astTypeAlias:
		if _, dup := r.typeAliases[it.Name]; dup {
			r.fail(it.Pos, "redefinition of type alias id '%s'", it.Name)
		}
		r.typeAliases[it.Name] = it
	case *astAttrAlias:
		if _, dup := r.attrAliases[it.Name]; dup {
			r.fail(it.Pos, "redefinition of attribute alias id '%s'", it.Name)
		}
		r.attrAliases[it.Name] = it
	}
}

// checkAlias resolves an alias definition even when unused, as MLIR does.
func (r *resolver) checkAlias(item astTopItem) {
	switch it := item.(type) {
	case *astTypeAlias:
		r.typeAlias(it.Name, it.Pos)
	case *astAttrAlias:
		if _, isLoc := it.Value.(*astLocationAttr); isLoc {
			r.locAlias(it.Name, it.Pos)
		} else {
			r.attrAlias(it.Name, it.Pos)
		}
	}
}

// implicitModule is the builtin.module that holds a file's top-level ops
// when the file is not one module.
func (r *resolver) implicitModule() (*ir.Operation, *ir.Block) {
	module := r.ctx.NewOperation(ir.OperationState{
		Name: "builtin.module", NumRegions: 1,
		Loc: ir.FileLineColLoc{File: r.filename, Line: 0, Col: 0},
	})
	block := ir.NewBlock(nil, nil)
	module.Region(0).AppendBlock(block)
	return module, block
}

func isModuleName(n string) bool { return n == "builtin.module" || n == "module" }

// metadata loads dialect_resources blobs: each a hex string whose first
// four bytes are the alignment.
func (r *resolver) metadata(m *astFileMetadata) {
	for _, sec := range m.Sections {
		if sec.Name != "dialect_resources" && sec.Name != "external_resources" {
			r.fail(sec.Pos, "unknown file metadata section '%s'", sec.Name)
		}
		if sec.Name != "dialect_resources" {
			continue
		}
		for _, g := range sec.Groups {
			for _, e := range g.Entries {
				if e.Str == nil {
					r.fail(e.Pos, "expected hex string blob for key '%s'", e.Key)
				}
				data, align, err := decodeBlob(string(*e.Str))
				if err != "" {
					r.fail(e.Pos, "%s for key '%s'", err, e.Key)
				}
				blob := r.ctx.Resource(g.Name, e.Key)
				blob.Alignment, blob.Data = align, data
			}
		}
	}
}

func decodeBlob(s string) ([]byte, uint32, string) {
	if !strings.HasPrefix(s, "0x") {
		return nil, 0, "expected hex string blob"
	}
	raw, err := hex.DecodeString(s[2:])
	if err != nil {
		return nil, 0, "invalid hex string blob"
	}
	if len(raw) < 4 {
		return nil, 0, "expected hex string blob with a 4-byte alignment prefix"
	}
	align := uint32(raw[0]) | uint32(raw[1])<<8 | uint32(raw[2])<<16 | uint32(raw[3])<<24
	if align == 0 || align&(align-1) != 0 {
		return nil, 0, fmt.Sprintf("expected blob alignment to be a power of two, got %d", align)
	}
	return raw[4:], align, ""
}

// ---- SSA names ----

// nameScope is MLIR's isolated name scope: values defined in it (by
// region nesting level, so a region's names vanish when it closes), and
// forward references waiting for their definition.
type nameScope struct {
	isolated bool
	values   valueTable
	regions  [][]string // names defined per open region
	forward  map[string]*forwardRef
	blocks   []*blockScope
}

// valueTable maps SSA names to definitions. Printed IR names most values
// %0, %1, …, so decimal names index a slice; others use a map.
type valueTable struct {
	named    map[string]valueDef
	numbered []int32      // decimal name -> 1 + index into defs; 0 when undefined
	defs     [][]valueDef // chunks of defChunk, so that growing copies nothing
	ndefs    int
}

const defChunk = 1024

// maxNumberedName bounds the slice a name like %999999 can make us grow.
const maxNumberedName = 1 << 20

// decimalName returns the value of a canonical decimal name ("0", "17",
// not "017") below maxNumberedName.
func decimalName(name string) (int, bool) {
	if name == "" || len(name) > 7 || (name[0] == '0' && len(name) > 1) {
		return 0, false
	}
	n := 0
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, n < maxNumberedName
}

func (t *valueTable) get(name string) (valueDef, bool) {
	if n, ok := decimalName(name); ok {
		if n < len(t.numbered) && t.numbered[n] != 0 {
			i := int(t.numbered[n] - 1)
			return t.defs[i/defChunk][i%defChunk], true
		}
		return valueDef{}, false
	}
	d, ok := t.named[name]
	return d, ok
}

func (t *valueTable) set(name string, d valueDef) {
	if n, ok := decimalName(name); ok {
		if n >= len(t.numbered) {
			t.numbered = slices.Grow(t.numbered, n+1-len(t.numbered))[:n+1]
		}
		if t.ndefs%defChunk == 0 {
			t.defs = append(t.defs, make([]valueDef, defChunk))
		}
		t.defs[t.ndefs/defChunk][t.ndefs%defChunk] = d
		t.ndefs++
		t.numbered[n] = int32(t.ndefs)
		return
	}
	t.named[name] = d
}

func (t *valueTable) del(name string) {
	if n, ok := decimalName(name); ok {
		if n < len(t.numbered) {
			t.numbered[n] = 0
		}
		return
	}
	delete(t.named, name)
}

type valueDef struct {
	vals []*ir.Value
	pos  lexer.Position
}

type forwardRef struct {
	placeholders map[int]*ir.Value
	pos          lexer.Position
}

type blockScope struct {
	labels  map[string]*blockDef
	order   []*ir.Block
	pending map[string]lexer.Position
}

type blockDef struct {
	block   *ir.Block
	defined bool
	pos     lexer.Position
}

func (r *resolver) pushScope(isolated bool) {
	if isolated || len(r.scopes) == 0 {
		r.scopes = append(r.scopes, &nameScope{isolated: true, values: valueTable{named: map[string]valueDef{}}, forward: map[string]*forwardRef{}})
	}
	s := r.scopes[len(r.scopes)-1]
	s.regions = append(s.regions, nil)
}

func (r *resolver) popScope() {
	s := r.scopes[len(r.scopes)-1]
	top := s.regions[len(s.regions)-1]
	s.regions = s.regions[:len(s.regions)-1]
	for _, n := range top {
		s.values.del(n)
	}
	if len(s.regions) == 0 {
		// Closing an isolated scope: anything still forward is undefined.
		var first *forwardRef
		var firstName string
		for name, f := range s.forward {
			if first == nil || f.pos.Offset < first.pos.Offset || (f.pos.Offset == first.pos.Offset && f.pos.Line < first.pos.Line) {
				first, firstName = f, name
			}
		}
		if first != nil {
			r.fail(first.pos, "use of undeclared SSA value name '%%%s'", firstName)
		}
		r.scopes = r.scopes[:len(r.scopes)-1]
	}
}

func (r *resolver) scope() *nameScope { return r.scopes[len(r.scopes)-1] }

// defineValues binds a result group or block argument name.
func (r *resolver) defineValues(name string, pos lexer.Position, vals []*ir.Value) {
	s := r.scope()
	if prev, ok := s.values.get(name); ok {
		d := ir.Errorf(r.loc(pos), "redefinition of SSA value '%%%s'", name)
		d.AttachNote(r.loc(prev.pos), "previously defined here")
		r.failDiag(d)
	}
	if f, ok := s.forward[name]; ok {
		for idx, ph := range f.placeholders {
			if idx >= len(vals) {
				r.fail(f.pos, "reference to invalid result number")
			}
			if ph.Type() != vals[idx].Type() {
				d := ir.Errorf(r.loc(pos), "definition of SSA value '%%%s#%d' has type %s", name, idx, vals[idx].Type())
				d.AttachNote(r.loc(f.pos), "previously used here with type %s", ph.Type())
				r.failDiag(d)
			}
			ph.ReplaceAllUsesWith(vals[idx])
		}
		delete(s.forward, name)
	}
	s.values.set(name, valueDef{vals: vals, pos: pos})
	s.regions[len(s.regions)-1] = append(s.regions[len(s.regions)-1], name)
}

// use resolves %name#idx expecting type t, making a forward reference if
// the name is not defined yet.
func (r *resolver) use(u astValueUse, t ir.Type) *ir.Value {
	s := r.scope()
	if def, ok := s.values.get(u.Name); ok {
		if u.Index >= len(def.vals) {
			r.fail(u.Pos, "reference to invalid result number")
		}
		v := def.vals[u.Index]
		if v.Type() != t {
			d := ir.Errorf(r.loc(u.Pos), "use of value '%%%s' expects different type than prior uses: '%s' vs '%s'", u.Name, t, v.Type())
			d.AttachNote(r.loc(def.pos), "prior use here")
			r.failDiag(d)
		}
		return v
	}
	f, ok := s.forward[u.Name]
	if !ok {
		f = &forwardRef{placeholders: map[int]*ir.Value{}, pos: u.Pos}
		s.forward[u.Name] = f
	}
	if ph, ok := f.placeholders[u.Index]; ok {
		if ph.Type() != t {
			d := ir.Errorf(r.loc(u.Pos), "use of value '%%%s' expects different type than prior uses: '%s' vs '%s'", u.Name, t, ph.Type())
			d.AttachNote(r.loc(f.pos), "prior use here")
			r.failDiag(d)
		}
		return ph
	}
	ph := r.ctx.NewOperation(ir.OperationState{Name: "builtin.unrealized_conversion_cast", ResultTypes: []ir.Type{t}}).Result(0)
	f.placeholders[u.Index] = ph
	return ph
}

// ---- blocks ----

func (r *resolver) blockRef(name string, pos lexer.Position) *ir.Block {
	if len(r.scope().blocks) == 0 {
		r.fail(pos, "reference to an undefined block")
	}
	bs := r.scope().blocks[len(r.scope().blocks)-1]
	if d, ok := bs.labels[name]; ok {
		return d.block
	}
	b := ir.NewBlock(nil, nil)
	bs.labels[name] = &blockDef{block: b, pos: pos}
	return b
}

// ---- operations ----

func (r *resolver) op(o *astOp) *ir.Operation {
	var loc ir.Location = r.loc(o.Pos)
	if !o.early && o.Loc != nil {
		loc = r.location(o.Loc)
	}
	var op *ir.Operation
	switch form := o.Form.(type) {
	case *astGenericForm:
		op = r.genericOp(o, form, loc)
	case *astModuleForm:
		op = r.moduleOp(o, form, loc)
	case *astFuncForm:
		op = r.funcOp(o, form, loc)
	case *astReturnForm:
		op = r.returnOp(o, form, loc)
	case *astCallForm:
		op = r.callOp(o, form, loc)
	case *astCustomForm:
		op = r.customOp(o, form, loc)
	default:
		r.fail(o.Pos, "unsupported operation form")
	}
	if o.early && o.Loc != nil {
		// Streamed: the body is resolved, so the trailing loc is parsed.
		op.Loc = r.location(o.Loc)
	}
	r.bindResults(o, op)
	return op
}

func (r *resolver) bindResults(o *astOp, op *ir.Operation) {
	total := 0
	for _, g := range o.Results {
		total += g.Count
	}
	if len(o.Results) == 0 {
		return
	}
	if total != op.NumResults() {
		r.fail(o.Pos, "operation defines %d results but was provided %d to bind", op.NumResults(), total)
	}
	next := 0
	for _, g := range o.Results {
		r.defineValues(g.Name, g.Pos, op.Results()[next:next+g.Count])
		next += g.Count
	}
}

// checkOpName enforces dialect registration rules.
func (r *resolver) checkOpName(name string, pos lexer.Position) {
	if r.ctx.LookupOp(name) != nil {
		return
	}
	dialect := ir.DialectOf(name)
	if r.ctx.LookupDialect(dialect) != nil {
		r.fail(pos, "unregistered operation '%s' found in dialect ('%s') that does not allow unknown operations", name, dialect)
	}
	if !r.ctx.AllowUnregistered {
		r.fail(pos, "operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used")
	}
}

func (r *resolver) genericOp(o *astOp, g *astGenericForm, loc ir.Location) *ir.Operation {
	if o.Name == "" {
		r.fail(o.NamePos, "empty operation name is invalid")
	}
	if !strings.Contains(o.Name, ".") && !r.ctx.AllowUnregistered {
		r.fail(o.NamePos, "operation name '%s' must be of the form 'dialect.op'", o.Name)
	}
	r.checkOpName(o.Name, o.NamePos)
	fty := r.functionType(g.Type)
	if len(fty.Inputs) != len(g.Operands) {
		r.fail(g.Type.Pos, "expected %d operand type%s but had %d", len(g.Operands), plural(len(g.Operands)), len(fty.Inputs))
	}
	operands := make([]*ir.Value, len(g.Operands))
	for i, u := range g.Operands {
		operands[i] = r.use(u, fty.Inputs[i])
	}
	var succ []*ir.Block
	for _, s := range g.Successors {
		succ = append(succ, r.blockRef(s.Block, s.Pos))
	}
	st := ir.OperationState{Name: o.Name, Operands: operands, ResultTypes: fty.Results, Successors: succ, Loc: loc}
	if g.Props != nil {
		d, ok := r.attr(g.Props).(*ir.DictionaryAttr)
		if !ok {
			r.fail(g.Props.astPos(), "expected properties to be a dictionary attribute")
		}
		st.Props = d
	}
	if g.Attrs != nil {
		st.Attrs = r.namedAttrs(g.Attrs)
	}
	r.moveInherentAttrs(&st)
	op := r.ctx.NewOperation(st)
	info := r.ctx.LookupOp(o.Name)
	for _, reg := range g.Regions {
		region := ir.NewRegion()
		r.region(reg, region, nil, info.Has(ir.IsolatedFromAbove), r.defaultDialectFor(o.Name))
		op = attachRegion(r.ctx, op, region)
	}
	return op
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// attachRegion adds a region to an op created without it.
func attachRegion(ctx *ir.Context, op *ir.Operation, region *ir.Region) *ir.Operation {
	op.AddRegion(region)
	return op
}

// moveInherentAttrs puts a registered op's inherent attributes into its
// properties, as MLIR does when they are written in the attribute dict.
func (r *resolver) moveInherentAttrs(st *ir.OperationState) {
	info := r.ctx.LookupOp(st.Name)
	if info == nil || len(info.Props) == 0 {
		return
	}
	var props []ir.NamedAttr
	if st.Props != nil {
		props = append(props, st.Props.Entries...)
	}
	var rest []ir.NamedAttr
	moved := false
	for _, a := range st.Attrs {
		if contains(info.Props, a.Name) {
			props = append(props, a)
			moved = true
		} else {
			rest = append(rest, a)
		}
	}
	if moved {
		st.Attrs = rest
		st.Props = r.ctx.DictionaryAttr(props)
	}
}

func (r *resolver) defaultDialectFor(opName string) string {
	switch opName {
	case "func.func":
		return "func"
	case "builtin.module":
		return "builtin"
	}
	return ""
}

// region resolves a region's blocks into dst. entryArgs, when non-nil,
// gives the entry block's arguments (func.func's signature).
// It returns the number of blocks.
func (r *resolver) region(reg *astRegion, dst *ir.Region, entryArgs func(b *ir.Block), isolated bool, defaultDialect string) (nblocks int) {
	r.pushScope(isolated)
	r.defaultDialect = append(r.defaultDialect, defaultDialect)
	s := r.scope()
	bs := &blockScope{labels: map[string]*blockDef{}}
	s.blocks = append(s.blocks, bs)
	var blocks streamReader[*astBlock]
	if reg.blocks != nil {
		blocks.l = reg.blocks
	}
	for i := 0; ; i++ {
		var ab *astBlock
		if reg.blocks != nil {
			var ok bool
			if ab, ok = blocks.next(r.stream); !ok {
				break
			}
		} else {
			if i == len(reg.Blocks) {
				break
			}
			ab = reg.Blocks[i]
		}
		nblocks++
		var b *ir.Block
		if ab.Label == "" {
			if i != 0 {
				r.fail(ab.Pos, "expected block label")
			}
			b = ir.NewBlock(nil, nil)
		} else {
			if d, ok := bs.labels[ab.Label]; ok {
				if d.defined {
					d2 := ir.Errorf(r.loc(ab.Pos), "redefinition of block '^%s'", ab.Label)
					d2.AttachNote(r.loc(d.pos), "previously defined here")
					r.failDiag(d2)
				}
				d.defined, d.pos, b = true, ab.Pos, d.block
			} else {
				b = ir.NewBlock(nil, nil)
				bs.labels[ab.Label] = &blockDef{block: b, defined: true, pos: ab.Pos}
			}
		}
		dst.AppendBlock(b)
		if i == 0 && entryArgs != nil {
			if len(ab.Args) > 0 {
				r.fail(ab.Pos, "entry block arguments were already defined")
			}
			entryArgs(b)
		}
		for _, a := range ab.Args {
			var aloc ir.Location = r.loc(a.Pos)
			if a.Loc != nil {
				aloc = r.location(a.Loc)
			}
			v := b.AddArg(r.typ(a.Type), aloc)
			r.defineValues(a.Name, a.Pos, []*ir.Value{v})
		}
		if ab.ops != nil {
			ops := streamReader[*astOp]{l: ab.ops}
			for o, ok := ops.next(r.stream); ok; o, ok = ops.next(r.stream) {
				b.Append(r.op(o))
			}
		}
		for i, o := range ab.Ops {
			b.Append(r.op(o))
			ab.Ops[i] = nil // let the syntax tree go as the IR grows
		}
	}
	for name, d := range bs.labels {
		if !d.defined {
			_ = name
			r.fail(d.pos, "reference to an undefined block")
		}
	}
	s.blocks = s.blocks[:len(s.blocks)-1]
	r.defaultDialect = r.defaultDialect[:len(r.defaultDialect)-1]
	r.popScope()
	return nblocks
}

func (r *resolver) currentDefaultDialect() string {
	if n := len(r.defaultDialect); n > 0 {
		return r.defaultDialect[n-1]
	}
	return "builtin" // the top level, as in MLIR
}

func (r *resolver) moduleOp(o *astOp, m *astModuleForm, loc ir.Location) *ir.Operation {
	r.checkOpName("builtin.module", o.NamePos)
	st := ir.OperationState{Name: "builtin.module", Loc: loc}
	if m.SymName != "" {
		st.Props = r.ctx.DictionaryAttr([]ir.NamedAttr{{Name: "sym_name", Value: r.ctx.StringAttr(m.SymName)}})
	}
	if m.Attrs != nil {
		st.Attrs = r.namedAttrs(m.Attrs)
	}
	r.moveInherentAttrs(&st)
	op := r.ctx.NewOperation(st)
	region := ir.NewRegion()
	r.region(m.Body, region, nil, true, "builtin")
	if region.Empty() {
		region.AppendBlock(ir.NewBlock(nil, nil))
	}
	return attachRegion(r.ctx, op, region)
}

func (r *resolver) funcOp(o *astOp, f *astFuncForm, loc ir.Location) *ir.Operation {
	r.checkOpName("func.func", o.NamePos)
	var inputs, results []ir.Type
	var argAttrs, resAttrs []ir.Attribute
	anyArgAttr, anyResAttr := false, false
	for _, a := range f.Args {
		inputs = append(inputs, r.typ(a.Type))
		d := r.ctx.DictionaryAttr(nil)
		if a.Attrs != nil {
			d = r.ctx.DictionaryAttr(r.namedAttrs(a.Attrs))
			anyArgAttr = anyArgAttr || len(d.Entries) > 0
		}
		argAttrs = append(argAttrs, d)
	}
	for _, res := range f.Results {
		results = append(results, r.typ(res.Type))
		d := r.ctx.DictionaryAttr(nil)
		if res.Attrs != nil {
			d = r.ctx.DictionaryAttr(r.namedAttrs(res.Attrs))
			anyResAttr = anyResAttr || len(d.Entries) > 0
		}
		resAttrs = append(resAttrs, d)
	}
	props := []ir.NamedAttr{
		{Name: "sym_name", Value: r.ctx.StringAttr(f.SymName)},
		{Name: "function_type", Value: r.ctx.TypeAttr(r.ctx.FunctionType(inputs, results))},
	}
	if f.Visibility != "" {
		props = append(props, ir.NamedAttr{Name: "sym_visibility", Value: r.ctx.StringAttr(f.Visibility)})
	}
	if anyArgAttr {
		props = append(props, ir.NamedAttr{Name: "arg_attrs", Value: r.ctx.ArrayAttr(argAttrs)})
	}
	if anyResAttr {
		props = append(props, ir.NamedAttr{Name: "res_attrs", Value: r.ctx.ArrayAttr(resAttrs)})
	}
	st := ir.OperationState{Name: "func.func", Props: r.ctx.DictionaryAttr(props), Loc: loc}
	if f.Attrs != nil {
		st.Attrs = r.namedAttrs(f.Attrs)
		for _, a := range st.Attrs {
			if a.Name == "sym_name" || a.Name == "function_type" {
				r.fail(f.Attrs.Pos, "'%s' is an inherent attribute of func.func and cannot be set in 'attributes'", a.Name)
			}
		}
	}
	op := r.ctx.NewOperation(st)
	region := ir.NewRegion()
	if f.Body != nil {
		if len(f.Body.Blocks) == 0 && f.Body.blocks == nil {
			r.fail(f.Body.Pos, "expected non-empty function body")
		}
		n := r.region(f.Body, region, func(b *ir.Block) {
			for i, a := range f.Args {
				if a.Name == "" {
					r.fail(a.Pos, "expected SSA identifier for argument of a function with a body")
				}
				var aloc ir.Location = r.loc(a.Pos)
				if a.Loc != nil {
					aloc = r.location(a.Loc)
				}
				v := b.AddArg(inputs[i], aloc)
				r.defineValues(a.Name, a.Pos, []*ir.Value{v})
			}
		}, true, "func")
		if n == 0 {
			r.fail(f.Body.Pos, "expected non-empty function body")
		}
	}
	return attachRegion(r.ctx, op, region)
}

func (r *resolver) returnOp(o *astOp, f *astReturnForm, loc ir.Location) *ir.Operation {
	name := r.qualify(o.Name, o.NamePos)
	r.checkOpName(name, o.NamePos)
	if len(f.Types) != len(f.Operands) {
		r.fail(o.Pos, "%d operands present, but expected %d", len(f.Operands), len(f.Types))
	}
	operands := make([]*ir.Value, len(f.Operands))
	for i, u := range f.Operands {
		operands[i] = r.use(u, r.typ(f.Types[i]))
	}
	st := ir.OperationState{Name: name, Operands: operands, Loc: loc}
	if f.Attrs != nil {
		st.Attrs = r.namedAttrs(f.Attrs)
	}
	return r.ctx.NewOperation(st)
}

func (r *resolver) callOp(o *astOp, f *astCallForm, loc ir.Location) *ir.Operation {
	name := r.qualify(o.Name, o.NamePos)
	r.checkOpName(name, o.NamePos)
	fty := r.functionType(f.Type)
	if len(fty.Inputs) != len(f.Operands) {
		r.fail(f.Type.Pos, "expected %d operand type%s but had %d", len(f.Operands), plural(len(f.Operands)), len(fty.Inputs))
	}
	operands := make([]*ir.Value, len(f.Operands))
	for i, u := range f.Operands {
		operands[i] = r.use(u, fty.Inputs[i])
	}
	st := ir.OperationState{Name: name, Operands: operands, ResultTypes: fty.Results, Loc: loc,
		Props: r.ctx.DictionaryAttr([]ir.NamedAttr{{Name: "callee", Value: r.attr(f.Callee)}})}
	if f.Attrs != nil {
		st.Attrs = r.namedAttrs(f.Attrs)
	}
	return r.ctx.NewOperation(st)
}

// qualify turns an unprefixed custom op name into its default dialect's.
func (r *resolver) qualify(name string, pos lexer.Position) string {
	if strings.Contains(name, ".") {
		return name
	}
	if d := r.currentDefaultDialect(); d != "" {
		return d + "." + name
	}
	r.fail(pos, "custom op '%s' is unknown (tried 'builtin.%s' as well)", name, name)
	return ""
}

// ---- attributes ----

func (r *resolver) namedAttrs(d *astDictAttr) []ir.NamedAttr {
	out := make([]ir.NamedAttr, 0, len(d.Entries))
	for _, e := range d.Entries {
		var v ir.Attribute = r.ctx.UnitAttr()
		if e.Value != nil {
			v = r.attr(e.Value)
		}
		out = append(out, ir.NamedAttr{Name: e.Name, Value: v})
		r.charge(d.Pos, int64(len(e.Name))+3+textSize(v))
	}
	return out
}

type numKey struct {
	text  string
	neg   bool
	float bool
	typ   astType
}

func (r *resolver) attr(a astAttr) ir.Attribute {
	switch a := a.(type) {
	case *astIntAttr:
		k := numKey{text: a.Text, neg: a.Neg, typ: a.Type}
		if c, ok := r.numCache[k]; ok {
			return c
		}
		c := r.intAttr(a)
		if _, literal := a.Type.(*astTypeLiteral); !literal {
			r.numCache[k] = c
		}
		return c
	case *astFloatAttr:
		k := numKey{text: a.Text, neg: a.Neg, float: true, typ: a.Type}
		if c, ok := r.numCache[k]; ok {
			return c
		}
		c := r.floatAttr(a)
		if _, literal := a.Type.(*astTypeLiteral); !literal {
			r.numCache[k] = c
		}
		return c
	}
	return r.otherAttr(a)
}

func (r *resolver) floatAttr(a *astFloatAttr) ir.Attribute {
	var t ir.Type = r.ctx.FloatType(ir.F64)
	if a.Type != nil {
		t = r.typ(a.Type)
	}
	ft, ok := t.(*ir.FloatType)
	if !ok {
		r.fail(a.Pos, "floating point value not valid for specified type")
	}
	v, err := ir.ParseFloatIn(ft.Kind, a.Text)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		r.fail(a.Pos, "invalid floating point literal '%s'", a.Text)
	}
	if a.Neg {
		v = -v
	}
	return r.ctx.FloatAttr(ft, v)
}

func (r *resolver) otherAttr(a astAttr) ir.Attribute {
	switch a := a.(type) {
	case *astBoolAttr:
		return r.ctx.BoolAttr(a.Value)
	case *astStringAttr:
		if a.Type != nil {
			return r.ctx.TypedStringAttr(a.Value, r.typ(a.Type))
		}
		return r.ctx.StringAttr(a.Value)
	case *astUnitAttr:
		return r.ctx.UnitAttr()
	case *astArrayAttr:
		elems := make([]ir.Attribute, len(a.Elems))
		n := int64(2)
		for i, e := range a.Elems {
			elems[i] = r.attr(e)
			n += textSize(elems[i]) + 2
		}
		r.charge(a.Pos, n)
		return r.ctx.ArrayAttr(elems)
	case *astDictAttr:
		return r.ctx.DictionaryAttr(r.namedAttrs(a))
	case *astTypeAttr:
		return r.ctx.TypeAttr(r.typ(a.Type))
	case *astSymbolRefAttr:
		return r.ctx.SymbolRefAttr(a.Root, a.Nested...)
	case *astDenseAttr:
		return r.denseAttr(a)
	case *astDenseResourceAttr:
		return r.denseResource(a)
	case *astDenseArrayAttr:
		return r.denseArray(a)
	case *astDialectAttr:
		return r.dialectAttr(a)
	case *astAttrAliasRef:
		return r.attrAlias(a.Name, a.Pos)
	case *astRawAttr:
		r.fail(a.Pos, "'%s' attributes are not supported by mlc", a.Keyword)
	case *astDistinctAttr:
		r.fail(a.Pos, "distinct attributes are not supported by mlc")
	case *astLocationAttr:
		r.fail(a.Pos, "a location is not valid as an attribute value here")
	}
	r.fail(a.astPos(), "unsupported attribute")
	return nil
}

// intRange reports whether v fits an integer type as MLIR accepts it:
// signless types take both signed and unsigned spellings.
func intFits(v *big.Int, it *ir.IntegerType) bool {
	w := uint(it.Width)
	lo := new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), w-1))
	hiU := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), w), big.NewInt(1))
	hiS := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), w-1), big.NewInt(1))
	switch it.Signedness {
	case ir.Signed:
		return v.Cmp(lo) >= 0 && v.Cmp(hiS) <= 0
	case ir.Unsigned:
		return v.Sign() >= 0 && v.Cmp(hiU) <= 0
	}
	if it.Width == 1 {
		return v.Sign() >= 0 && v.Cmp(big.NewInt(1)) <= 0 || v.Cmp(big.NewInt(-1)) == 0
	}
	return v.Cmp(lo) >= 0 && v.Cmp(hiU) <= 0
}

func parseBigInt(text string, neg bool) (*big.Int, bool) {
	v := new(big.Int)
	var ok bool
	if strings.HasPrefix(text, "0x") || strings.HasPrefix(text, "0X") {
		_, ok = v.SetString(text[2:], 16)
	} else {
		_, ok = v.SetString(text, 10)
	}
	if neg {
		v.Neg(v)
	}
	return v, ok
}

// smallInt parses short decimal literals without big.Int, the common case.
func smallInt(text string, neg bool) (int64, bool) {
	if len(text) > 18 || len(text) == 0 || text[0] < '0' || text[0] > '9' || (len(text) > 1 && (text[1] == 'x' || text[1] == 'X')) {
		return 0, false
	}
	v, err := strconv.ParseInt(text, 10, 64)
	if err != nil {
		return 0, false
	}
	if neg {
		v = -v
	}
	return v, true
}

// fitsSmall is intFits for an int64 value and a width below 64 bits.
func fitsSmall(v int64, it *ir.IntegerType) bool {
	w := uint(it.Width)
	lo, hiS, hiU := -(int64(1) << (w - 1)), int64(1)<<(w-1)-1, int64(1)<<w-1
	switch it.Signedness {
	case ir.Signed:
		return v >= lo && v <= hiS
	case ir.Unsigned:
		return v >= 0 && v <= hiU
	}
	if w == 1 {
		return v >= -1 && v <= 1
	}
	return v >= lo && v <= hiU
}

func (r *resolver) intAttr(a *astIntAttr) ir.Attribute {
	var t ir.Type = r.ctx.I(64)
	if a.Type != nil {
		t = r.typ(a.Type)
	}
	if sv, ok := smallInt(a.Text, a.Neg); ok {
		switch tt := t.(type) {
		case *ir.IndexType:
			return r.ctx.IntegerAttr(t, sv)
		case *ir.IntegerType:
			if tt.Width < 64 && !fitsSmall(sv, tt) || tt.Width == 64 && tt.Signedness == ir.Unsigned && sv < 0 {
				r.fail(a.Pos, "integer constant out of range for attribute")
			}
			if tt.Width == 1 && tt.Signedness == ir.Signless {
				return r.ctx.BoolAttr(sv != 0)
			}
			if tt.Width <= 64 {
				return r.ctx.IntegerAttr(t, sv)
			}
		}
	}
	v, ok := parseBigInt(a.Text, a.Neg)
	if !ok || v.BitLen() > 1<<20 {
		r.fail(a.Pos, "invalid integer literal '%s'", a.Text)
	}
	switch tt := t.(type) {
	case *ir.FloatType:
		isHex := strings.HasPrefix(a.Text, "0x") || strings.HasPrefix(a.Text, "0X")
		if !isHex {
			d := ir.Errorf(r.loc(a.Pos), "unexpected decimal integer literal for a floating point value")
			d.AttachNote(r.loc(a.Pos), "add a trailing dot to make the literal a float")
			r.failDiag(d)
		}
		if a.Neg {
			r.fail(a.Pos, "hexadecimal float literal should not have a leading minus")
		}
		if v.BitLen() > tt.Width() {
			r.fail(a.Pos, "hexadecimal float constant out of range for type")
		}
		return r.ctx.FloatAttr(tt, ir.FloatFromBits(tt.Kind, v.Uint64()))
	case *ir.IndexType:
		if !v.IsInt64() {
			r.fail(a.Pos, "integer constant out of range for attribute")
		}
		return r.ctx.IntegerAttr(t, v.Int64())
	case *ir.IntegerType:
		if !intFits(v, tt) {
			r.fail(a.Pos, "integer constant out of range for attribute")
		}
		if tt.Width == 1 && tt.Signedness == ir.Signless {
			return r.ctx.BoolAttr(v.Sign() != 0)
		}
		if tt.Width > 64 {
			return r.ctx.BigIntegerAttr(t, v)
		}
		if v.IsInt64() {
			return r.ctx.IntegerAttr(t, v.Int64())
		}
		return r.ctx.IntegerAttr(t, int64(v.Uint64()))
	}
	r.fail(a.Pos, "integer literal not valid for specified type")
	return nil
}

func (r *resolver) dialectAttr(a *astDialectAttr) ir.Attribute {
	if !ir.IsBareIdentifier(a.Dialect) {
		r.fail(a.Pos, "invalid dialect namespace '%s'", a.Dialect)
	}
	if a.Name == "" && a.Body == "" {
		r.fail(a.Pos, "expected an attribute name or '<' after '#%s'", a.Dialect)
	}
	body := a.Body
	if a.Name != "" {
		body = "." + a.Name + a.Body
	}
	if a.Type != nil {
		r.fail(a.Pos, "typed dialect attributes are not supported by mlc")
	}
	if d := r.ctx.LookupDialect(a.Dialect); d != nil && d.ParseAttr != nil {
		at, err := d.ParseAttr(r.ctx, body)
		if err != nil {
			r.fail(a.Pos, "%v", err)
		}
		return at
	}
	if !r.ctx.AllowUnregistered && r.ctx.LookupDialect(a.Dialect) == nil {
		r.fail(a.Pos, "dialect '%s' is not registered (use --allow-unregistered-dialect to keep its attributes opaque)", a.Dialect)
	}
	return r.ctx.OpaqueAttr(a.Dialect, body)
}

func (r *resolver) attrAlias(name string, pos lexer.Position) ir.Attribute {
	if a, ok := r.aliasAttrs[name]; ok {
		return a
	}
	def, ok := r.attrAliases[name]
	if !ok {
		r.fail(pos, "undefined symbol alias id '%s'", name)
	}
	if _, isLoc := def.Value.(*astLocationAttr); isLoc {
		r.fail(pos, "location alias '#%s' used as an attribute", name)
	}
	if r.resolving["#"+name] {
		r.fail(pos, "alias '#%s' refers to itself", name)
	}
	r.resolving["#"+name] = true
	a := r.attr(def.Value)
	delete(r.resolving, "#"+name)
	r.aliasAttrs[name] = a
	return a
}

// ---- dense ----

func (r *resolver) staticShaped(t astType, pos lexer.Position) ir.StaticShaped {
	st, ok := r.typ(t).(ir.StaticShaped)
	if !ok {
		r.fail(pos, "elements literal must be a ranked tensor or vector type")
	}
	for _, d := range st.Dims() {
		if d < 0 {
			r.fail(pos, "elements literal type must have static shape")
		}
	}
	if numElements(st) < 0 {
		r.fail(pos, "elements literal type has too many elements")
	}
	if ir.ElementByteWidth(st.ElementType()) == 0 {
		r.fail(pos, "unsupported element type %s in elements literal", st.ElementType())
	}
	return st
}

func numElements(st ir.StaticShaped) int64 {
	n := int64(1)
	for _, d := range st.Dims() {
		if d != 0 && n > math.MaxInt64/d {
			return -1
		}
		n *= d
	}
	return n
}

func shapeString(s []int64) string {
	parts := make([]string, len(s))
	for i, d := range s {
		parts[i] = strconv.FormatInt(d, 10)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func (r *resolver) denseAttr(a *astDenseAttr) ir.Attribute {
	if a.Type == nil {
		r.fail(a.Pos, "expected ':' after dense elements literal")
	}
	st := r.staticShaped(a.Type, a.Type.astPos())
	elem := st.ElementType()
	w := ir.ElementByteWidth(elem)
	n := numElements(st)
	el := a.Elems
	var raw []byte
	switch {
	case el.IsHex:
		data, err := hex.DecodeString(el.Elems[0].Text[2:])
		if err != nil {
			r.fail(el.Pos, "expected string containing hex digits starting with `0x`")
		}
		if int64(len(data)) != n*int64(w) && len(data) != w {
			r.fail(el.Pos, "elements hex data size is invalid for provided type")
		}
		raw = data
	case el.Splat:
		raw = r.denseElem(el.Elems[0], elem, nil)
	case len(el.Elems) == 0 && el.Shape == nil:
		if n != 0 {
			r.fail(el.Pos, "parsed zero elements, but type (%s) expected at least 1", st)
		}
		raw = []byte{}
	default:
		if !slices.Equal(el.Shape, st.Dims()) {
			r.fail(el.Pos, "inferred shape of elements literal (%s) does not match type (%s)", shapeString(el.Shape), shapeString(st.Dims()))
		}
		raw = make([]byte, 0, len(el.Elems)*w)
		for _, e := range el.Elems {
			raw = r.denseElem(e, elem, raw)
		}
	}
	if n == 0 {
		raw = []byte{}
		d := r.ctx.DenseElementsAttr(st, raw)
		if d == nil {
			r.fail(a.Pos, "invalid dense elements")
		}
		return d
	}
	d := r.ctx.DenseElementsAttr(st, raw)
	if d == nil {
		r.fail(a.Pos, "elements literal does not match its type %s", st)
	}
	return d
}

// denseElem appends one literal element encoded for elem.
func (r *resolver) denseElem(e astDenseElem, elem ir.Type, dst []byte) []byte {
	switch t := elem.(type) {
	case *ir.IntegerType:
		switch e.Kind {
		case elemBool:
			if t.Width != 1 {
				r.fail(e.Pos, "expected i1 type for 'true' or 'false' values")
			}
			if e.Text == "true" {
				return append(dst, 1)
			}
			return append(dst, 0)
		case elemInt:
			if sv, ok := smallInt(e.Text, e.Neg); ok && t.Width < 64 && t.Width > 1 {
				if !fitsSmall(sv, t) {
					r.fail(e.Pos, "integer constant out of range for type")
				}
				return ir.EncodeInt(dst, sv, t.Width/8)
			}
			v, ok := parseBigInt(e.Text, e.Neg)
			if !ok || !intFits(v, t) {
				r.fail(e.Pos, "integer constant out of range for type")
			}
			if t.Width == 1 {
				return append(dst, byte(v.Int64()&1))
			}
			bits := int64(v.Uint64())
			if v.Sign() < 0 {
				bits = v.Int64()
			}
			return ir.EncodeInt(dst, bits, t.Width/8)
		case elemFloat:
			r.fail(e.Pos, "expected integer elements, but parsed floating-point")
		}
	case *ir.IndexType:
		if e.Kind != elemInt {
			r.fail(e.Pos, "expected integer elements for index type")
		}
		v, ok := parseBigInt(e.Text, e.Neg)
		if !ok || !v.IsInt64() {
			r.fail(e.Pos, "integer constant out of range for type")
		}
		return ir.EncodeInt(dst, v.Int64(), 8)
	case *ir.FloatType:
		switch e.Kind {
		case elemFloat:
			v, err := ir.ParseFloatIn(t.Kind, e.Text)
			if err != nil && !errors.Is(err, strconv.ErrRange) {
				r.fail(e.Pos, "invalid floating point literal '%s'", e.Text)
			}
			if e.Neg {
				v = -v
			}
			return ir.EncodeFloat(dst, t.Kind, v)
		case elemInt:
			v, ok := parseBigInt(e.Text, e.Neg)
			if !ok {
				r.fail(e.Pos, "invalid integer literal")
			}
			if strings.HasPrefix(e.Text, "0x") {
				if v.BitLen() > t.Width() {
					r.fail(e.Pos, "hexadecimal float constant out of range for type")
				}
				return ir.EncodeFloat(dst, t.Kind, ir.FloatFromBits(t.Kind, v.Uint64()))
			}
			f, _ := new(big.Float).SetInt(v).Float64()
			return ir.EncodeFloat(dst, t.Kind, f)
		case elemBool:
			r.fail(e.Pos, "expected floating-point elements, but parsed a bool")
		}
	case *ir.ComplexType:
		if e.Kind != elemComplex || e.Re == nil || e.Im == nil {
			r.fail(e.Pos, "expected complex element (re, im) for %s", t)
		}
		dst = r.denseElem(*e.Re, t.Elem, dst)
		return r.denseElem(*e.Im, t.Elem, dst)
	}
	r.fail(e.Pos, "unsupported element in elements literal of type %s", elem)
	return nil
}

func (r *resolver) denseResource(a *astDenseResourceAttr) ir.Attribute {
	if a.Type == nil {
		r.fail(a.Pos, "expected ':' after dense_resource")
	}
	st, ok := r.typ(a.Type).(ir.ShapedType)
	if !ok {
		r.fail(a.Type.astPos(), "dense_resource requires a shaped type")
	}
	blob := r.ctx.Resource("builtin", a.Handle)
	c := resourceCheck{a.Pos, st, blob}
	if r.stream != nil {
		r.resourceChecks = append(r.resourceChecks, c)
	} else {
		r.checkResource(c)
	}
	return r.ctx.DenseResourceAttr(st, blob)
}

// checkResource checks that a blob holds as many bytes as its type needs.
func (r *resolver) checkResource(c resourceCheck) {
	blob := c.blob
	if ss, ok := c.typ.(ir.StaticShaped); ok && blob.Data != nil {
		if w, n := ir.ElementByteWidth(ss.ElementType()), numElements(ss); w > 0 && n >= 0 && int64(len(blob.Data)) != n*int64(w) {
			r.fail(c.pos, "dense_resource '%s' holds %d bytes, but %s needs %d", blob.Key, len(blob.Data), c.typ, n*int64(w))
		}
	}
}

func (r *resolver) denseArray(a *astDenseArrayAttr) ir.Attribute {
	t := r.typ(a.ElemType)
	switch tt := t.(type) {
	case *ir.IntegerType:
		if tt.Width > 64 {
			r.fail(a.Pos, "dense array element type must be at most 64 bits wide")
		}
		vals := make([]int64, len(a.Elems))
		for i, e := range a.Elems {
			switch e.Kind {
			case elemBool:
				if tt.Width != 1 {
					r.fail(e.Pos, "expected i1 type for 'true' or 'false' values")
				}
				if e.Text == "true" {
					vals[i] = 1
				}
			case elemInt:
				v, ok := parseBigInt(e.Text, e.Neg)
				if !ok || !intFits(v, tt) {
					r.fail(e.Pos, "integer constant out of range")
				}
				vals[i] = v.Int64()
				if !v.IsInt64() {
					vals[i] = int64(v.Uint64())
				}
			default:
				r.fail(e.Pos, "expected integer literal")
			}
		}
		return r.ctx.DenseIntArrayAttr(tt, vals)
	case *ir.FloatType:
		vals := make([]float64, len(a.Elems))
		for i, e := range a.Elems {
			if e.Kind != elemFloat && e.Kind != elemInt {
				r.fail(e.Pos, "expected float literal")
			}
			v, err := strconv.ParseFloat(e.Text, 64)
			if err != nil && !errors.Is(err, strconv.ErrRange) {
				r.fail(e.Pos, "invalid floating point literal")
			}
			if e.Neg {
				v = -v
			}
			vals[i] = v
		}
		return r.ctx.DenseFloatArrayAttr(tt, vals)
	}
	r.fail(a.Pos, "expected integer or float type, got: %s", t)
	return nil
}

// ---- types ----

func (r *resolver) functionType(t *astFunctionType) *ir.FunctionType {
	return r.typ(t).(*ir.FunctionType)
}

func (r *resolver) typeList(ts []astType) []ir.Type {
	out := make([]ir.Type, len(ts))
	for i, t := range ts {
		out[i] = r.typ(t)
	}
	return out
}

// maxIntWidth is MLIR's limit on integer bit widths.
const maxIntWidth = 1<<24 - 1

func (r *resolver) typ(t astType) ir.Type {
	if t == nil {
		panic(resolveError{ir.Errorf(ir.UnknownLoc{}, "missing type")})
	}
	if c, ok := r.typeCache[t]; ok {
		return c
	}
	res := r.typUncached(t)
	r.typeCache[t] = res
	return res
}

// typesSize is the text length of a type list.
func typesSize(ts []ir.Type) int64 {
	n := int64(0)
	for _, t := range ts {
		n += textSize(t) + 2
	}
	return n
}

func (r *resolver) typUncached(t astType) ir.Type {
	switch t := t.(type) {
	case *astBuiltinType:
		switch t.Name {
		case "f16":
			return r.ctx.FloatType(ir.F16)
		case "bf16":
			return r.ctx.FloatType(ir.BF16)
		case "f32":
			return r.ctx.FloatType(ir.F32)
		case "f64":
			return r.ctx.FloatType(ir.F64)
		case "f8E4M3FN":
			return r.ctx.FloatType(ir.F8E4M3FN)
		case "index":
			return r.ctx.IndexType()
		case "none":
			return r.ctx.NoneType()
		}
		sign, digits := ir.Signless, ""
		switch {
		case strings.HasPrefix(t.Name, "si"):
			sign, digits = ir.Signed, t.Name[2:]
		case strings.HasPrefix(t.Name, "ui"):
			sign, digits = ir.Unsigned, t.Name[2:]
		case strings.HasPrefix(t.Name, "i"):
			digits = t.Name[1:]
		}
		if digits != "" {
			w, err := strconv.Atoi(digits)
			if err != nil || w > maxIntWidth {
				r.fail(t.Pos, "integer bitwidth is limited to %d bits", maxIntWidth)
			}
			if w == 0 {
				r.fail(t.Pos, "invalid integer width")
			}
			return r.ctx.IntegerType(w, sign)
		}
		r.fail(t.Pos, "type '%s' is not supported by mlc", t.Name)
	case *astShapedType:
		elem := r.typ(t.Elem)
		r.charge(t.Pos, textSize(elem)+int64(len(t.Dims))*2+16)
		switch t.Kind {
		case "tensor":
			if _, bad := elem.(*ir.FunctionType); bad {
				r.fail(t.Elem.astPos(), "invalid tensor element type")
			}
			if t.Unranked {
				return r.ctx.UnrankedTensorType(elem)
			}
			var enc ir.Attribute
			if len(t.Params) > 1 {
				r.fail(t.Pos, "tensor takes at most one encoding")
			}
			if len(t.Params) == 1 {
				enc = r.attr(t.Params[0])
			}
			return r.ctx.TensorType(t.Dims, elem, enc)
		case "vector":
			if t.Scalable != nil || t.Unranked || len(t.Params) > 0 {
				r.fail(t.Pos, "scalable or parameterised vectors are not supported by mlc")
			}
			for _, d := range t.Dims {
				if d <= 0 {
					r.fail(t.Pos, "vector types must have positive constant sizes")
				}
			}
			return r.ctx.VectorType(t.Dims, elem)
		}
		r.fail(t.Pos, "%s types are not supported by mlc", t.Kind)
	case *astComplexType:
		elem := r.typ(t.Elem)
		r.charge(t.Pos, textSize(elem)+16)
		if !ir.IsFloat(elem) && !ir.IsInteger(elem, 0) {
			r.fail(t.Pos, "invalid element type for complex")
		}
		return r.ctx.ComplexType(elem)
	case *astTupleType:
		elems := r.typeList(t.Elems)
		r.charge(t.Pos, typesSize(elems)+8)
		return r.ctx.TupleType(elems)
	case *astFunctionType:
		ins, outs := r.typeList(t.Inputs), r.typeList(t.Results)
		r.charge(t.Pos, typesSize(ins)+typesSize(outs)+8)
		return r.ctx.FunctionType(ins, outs)
	case *astDialectType:
		if !ir.IsBareIdentifier(t.Dialect) {
			r.fail(t.Pos, "invalid dialect namespace '%s'", t.Dialect)
		}
		if t.Name == "" && t.Body == "" {
			r.fail(t.Pos, "expected a type name or '<' after '!%s'", t.Dialect)
		}
		body := t.Body
		if t.Name != "" {
			body = "." + t.Name + t.Body
		}
		if d := r.ctx.LookupDialect(t.Dialect); d != nil && d.ParseType != nil {
			dt, err := d.ParseType(r.ctx, body)
			if err != nil {
				r.fail(t.Pos, "%v", err)
			}
			return dt
		}
		if !r.ctx.AllowUnregistered && r.ctx.LookupDialect(t.Dialect) == nil {
			r.fail(t.Pos, "dialect '%s' is not registered (use --allow-unregistered-dialect to keep its types opaque)", t.Dialect)
		}
		return r.ctx.OpaqueType(t.Dialect, body)
	case *astTypeAliasRef:
		return r.typeAlias(t.Name, t.Pos)
	case *astTypeLiteral:
		return t.T
	}
	r.fail(t.astPos(), "unsupported type")
	return nil
}

func (r *resolver) typeAlias(name string, pos lexer.Position) ir.Type {
	if t, ok := r.aliasTypes[name]; ok {
		return t
	}
	def, ok := r.typeAliases[name]
	if !ok {
		r.fail(pos, "undefined symbol alias id '%s'", name)
	}
	if r.resolving["!"+name] {
		r.fail(pos, "alias '!%s' refers to itself", name)
	}
	r.resolving["!"+name] = true
	t := r.typ(def.Type)
	delete(r.resolving, "!"+name)
	r.aliasTypes[name] = t
	return t
}

// ---- locations ----

func (r *resolver) location(l astLoc) ir.Location {
	switch l := l.(type) {
	case *astUnknownLoc:
		return ir.UnknownLoc{}
	case *astFileLineColLoc:
		return ir.FileLineColLoc{File: l.File, Line: l.Line, Col: l.Col}
	case *astNameLoc:
		var child ir.Location = ir.UnknownLoc{}
		if l.Child != nil {
			child = r.location(l.Child)
		}
		return ir.NameLoc{Name: l.Name, Child: child}
	case *astCallSiteLoc:
		return ir.CallSiteLoc{Callee: r.location(l.Callee), Caller: r.location(l.Caller)}
	case *astFusedLoc:
		locs := make([]ir.Location, len(l.Locs))
		for i, c := range l.Locs {
			locs[i] = r.location(c)
		}
		var meta ir.Attribute
		if l.Metadata != nil {
			meta = r.attr(l.Metadata)
		}
		return ir.FusedLoc{Locs: locs, Metadata: meta}
	case *astLocAliasRef:
		return r.locAlias(l.Name, l.Pos)
	}
	r.fail(l.astPos(), "unsupported location")
	return nil
}

func (r *resolver) locAlias(name string, pos lexer.Position) ir.Location {
	if l, ok := r.aliasLocs[name]; ok {
		return l
	}
	def, ok := r.attrAliases[name]
	if !ok {
		r.fail(pos, "operation location alias was never defined")
	}
	la, ok := def.Value.(*astLocationAttr)
	if !ok {
		r.fail(pos, "expected location, but found '#%s'", name)
	}
	if r.resolving["#"+name] {
		r.fail(pos, "location alias '#%s' refers to itself", name)
	}
	r.resolving["#"+name] = true
	l := r.location(la.Loc)
	delete(r.resolving, "#"+name)
	r.aliasLocs[name] = l
	return l
}

// ReadExternalResources returns the external_resources section of a file
// ({group: {key: value}}), string and bool values as text; it resolves
// nothing else, so it works before dialects are known.
func ReadExternalResources(filename string, src []byte) (map[string]map[string]string, error) {
	f, err := parseSyntax(filename, src)
	if err != nil {
		return nil, newResolver(ir.NewContext(), filename, 1).syntaxError(err)
	}
	out := map[string]map[string]string{}
	for _, m := range f.Metadata {
		for _, sec := range m.Sections {
			if sec.Name != "external_resources" {
				continue
			}
			for _, g := range sec.Groups {
				entries := map[string]string{}
				for _, e := range g.Entries {
					switch {
					case e.Str != nil:
						entries[e.Key] = string(*e.Str)
					case e.Bool != nil:
						entries[e.Key] = *e.Bool
					}
				}
				out[g.Name] = entries
			}
		}
	}
	return out, nil
}
