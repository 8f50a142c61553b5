package asm

import (
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/mlc-go/mlc/ir"
)

// The resolver turns the syntax tree into ir objects. This file holds its
// core (entry points, errors, budgets), the file level (aliases,
// metadata) and the SSA-name and block scopes; the rest is split by what
// it resolves, mirroring the grammar files: resolve_op.go, resolve_attr.go,
// resolve_type.go and resolve_loc.go.

// Parse reads MLIR text into a builtin.module (wrapping top-level ops in
// an implicit module unless the file is one module). firstLine is the line
// at which src starts in its file (for --split-input-file chunks), so
// every location and error carries the file's own line numbers. MLIR
// bytecode (src starting with "ML\xefR") is decoded instead (firstLine
// unused; errors are at line 1, column = byte position). The result is
// not verified; call ir.Verify. The IR may refer to src's bytes (names,
// string literals): do not modify src afterwards.
func Parse(ctx *ir.Context, filename string, src []byte, firstLine int) (*ir.Operation, error) {
	return ParseReleasing(ctx, filename, src, firstLine, nil)
}

// ParseReleasing is Parse that calls release, now and then, with a part
// of src that the parse has gone past, so a caller holding src in a file
// mapping can drop those pages from memory while the rest is parsed (the
// parse may still read a released part again: for a name the IR keeps, a
// diagnostic or a second attempt). release nil: Parse.
func ParseReleasing(ctx *ir.Context, filename string, src []byte, firstLine int, release func(done []byte)) (*ir.Operation, error) {
	if IsBytecode(src) {
		return parseBytecode(ctx, filename, src)
	}
	if shouldStream(ctx, src) {
		if top, ok := parseStreamedReleasing(ctx, filename, src, firstLine, release); ok {
			return top, nil
		}
	}
	return parseClassicReleasing(ctx, filename, src, firstLine, release)
}

// releaseStep is how far the resolver gets past the last released part
// of the source before it releases the next.
var releaseStep = 4 << 20

// sourceRelease hands parts of the source that the resolver has gone past
// to the caller's release function.
type sourceRelease struct {
	src  []byte
	done int // src[:done] was released
	fn   func([]byte)
}

// passed says the resolver is at offset off: what is before it is not
// needed any more (except to be read back in the cases ParseReleasing
// lists).
func (s *sourceRelease) passed(off int) {
	if s.fn == nil || off-s.done < releaseStep || off > len(s.src) {
		return
	}
	s.fn(s.src[s.done:off])
	s.done = off
}

// parseClassic builds the whole syntax tree, then resolves it.
func parseClassic(ctx *ir.Context, filename string, src []byte, firstLine int) (*ir.Operation, error) {
	return parseClassicReleasing(ctx, filename, src, firstLine, nil)
}

func parseClassicReleasing(ctx *ir.Context, filename string, src []byte, firstLine int, release func([]byte)) (*ir.Operation, error) {
	r := newResolver(ctx, filename, firstLine)
	r.release = sourceRelease{src: src, fn: release}
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
	// attrLists shares equal attribute dictionaries among ops.
	attrLists attrLists

	freeOpParsers []*OpParser
	// freeTypeParsers and typeAlloc serve dialect types (dialect_type.go).
	freeTypeParsers []*TypeParser
	typeAlloc       *syntaxAlloc
	scopes          []*nameScope
	defaultDialect  []string
	forwardRefOp    *ir.Operation

	// In a streamed parse (stream.go), dense_resource sizes are checked
	// once the file's resources, which come last, are loaded.
	stream         *streamSync
	resourceChecks []resourceCheck
	// spentOps are streamed op nodes resolved since the last batch was
	// handed back to the syntax parser (streamSync.recycle).
	spentOps []*streamedOp

	// release drops the source the resolver has gone past (ParseReleasing).
	release sourceRelease

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
		if raw, ok := it.Value.(*astRawAttr); ok && raw.Keyword == "affine_map" {
			if _, identity := identityAffineMap(raw.Tokens); identity {
				return // usable as a memref layout only, where it is checked
			}
		}
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
			r.fail(sec.Pos, "unknown key '%s' in file metadata dictionary", sec.Name)
		}
		if sec.Name != "dialect_resources" {
			continue
		}
		for _, g := range sec.Groups {
			if g.Name != "builtin" && r.ctx.LookupDialect(g.Name) == nil {
				r.fail(g.Pos, "dialect '%s' is unknown", g.Name)
			}
			for _, e := range g.Entries {
				if e.Value.Str == nil {
					r.fail(e.Value.Pos, "expected hex string blob for key '%s'", e.Key)
				}
				data, align, err := decodeBlob(string(*e.Value.Str))
				if err != "" {
					r.fail(e.Value.Pos, err, e.Key)
				}
				blob := r.ctx.Resource(g.Name, e.Key)
				blob.Alignment, blob.Data = align, data
			}
		}
	}
}

// decodeBlob decodes a resource blob; a failure is a message with a %s
// for the key, in MLIR's words.
func decodeBlob(s string) ([]byte, uint32, string) {
	if !strings.HasPrefix(s, "0x") {
		return nil, 0, "expected hex string blob for key '%s'"
	}
	raw, err := hex.DecodeString(s[2:])
	if err != nil {
		return nil, 0, "expected hex string blob for key '%s'"
	}
	if len(raw) < 4 {
		return nil, 0, "expected hex string blob for key '%s' to encode alignment in first 4 bytes"
	}
	align := uint32(raw[0]) | uint32(raw[1])<<8 | uint32(raw[2])<<16 | uint32(raw[3])<<24
	if align == 0 || align&(align-1) != 0 {
		return nil, 0, fmt.Sprintf("expected blob alignment to be a power of two, got %d, for key '%%s'", align)
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
	regions  []regionMark // one per open region
	forward  map[string]*forwardRef
	blocks   []*blockScope
}

// regionMark is where a region's definitions start: the decimal-named
// ones are the value table's defs from ndefs on, the others are listed.
type regionMark struct {
	ndefs int
	names []string
}

// valueTable maps SSA names to definitions. Printed IR names most values
// %0, %1, …, so decimal names index a slice; others use a map.
type valueTable struct {
	named    map[string]valueDef
	numbered []int32      // decimal name -> 1 + index into defs; 0 when undefined
	defs     [][]valueDef // chunks of defChunk, so that growing copies nothing
	ndefs    int
}

// truncate forgets the decimal-named definitions from index n on (those
// of a region being closed).
func (t *valueTable) truncate(n int) {
	for i := n; i < t.ndefs; i++ {
		t.numbered[t.defs[i/defChunk][i%defChunk].num] = 0
	}
	t.ndefs = n
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
		if t.ndefs%defChunk == 0 && t.ndefs/defChunk == len(t.defs) {
			t.defs = append(t.defs, make([]valueDef, defChunk))
		}
		d.num = int32(n)
		t.defs[t.ndefs/defChunk][t.ndefs%defChunk] = d
		t.ndefs++
		t.numbered[n] = int32(t.ndefs)
		return
	}
	t.named[name] = d
}

// valueDef is a defined result group or block argument, kept small (24
// bytes) since a large function holds one per value while it is parsed.
type valueDef struct {
	first     *ir.Value // the group's first value
	n         int32     // values in the group
	line, col int32     // where the name is defined
	num       int32     // the decimal name, for truncate
}

func newValueDef(pos lexer.Position, vals []*ir.Value) valueDef {
	d := valueDef{n: int32(len(vals)), line: clampInt32(pos.Line), col: clampInt32(pos.Column)}
	if len(vals) > 0 {
		d.first = vals[0]
	}
	return d
}

func clampInt32(x int) int32 {
	if x > math.MaxInt32 {
		return math.MaxInt32
	}
	return int32(x)
}

func (d valueDef) len() int { return int(d.n) }

// value is the group's value i: results of one op are consecutive.
func (d valueDef) value(i int) *ir.Value {
	if i == 0 {
		return d.first
	}
	return d.first.DefiningOp().Result(d.first.ResultNumber() + i)
}

func (d valueDef) pos() lexer.Position { return lexer.Position{Line: int(d.line), Column: int(d.col)} }

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
	s.regions = append(s.regions, regionMark{ndefs: s.values.ndefs})
}

func (r *resolver) popScope() {
	s := r.scopes[len(r.scopes)-1]
	top := s.regions[len(s.regions)-1]
	s.regions = s.regions[:len(s.regions)-1]
	for _, n := range top.names {
		delete(s.values.named, n)
	}
	s.values.truncate(top.ndefs)
	if len(s.regions) == 0 {
		// Closing an isolated scope: anything still forward is undefined.
		var first *forwardRef
		for _, f := range s.forward {
			if first == nil || f.pos.Offset < first.pos.Offset || (f.pos.Offset == first.pos.Offset && f.pos.Line < first.pos.Line) {
				first = f
			}
		}
		if first != nil {
			// MLIR's words: the caret shows which name.
			r.fail(first.pos, "use of undeclared SSA value name")
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
		d.AttachNote(r.loc(prev.pos()), "previously defined here")
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
	s.values.set(name, newValueDef(pos, vals))
	if _, decimal := decimalName(name); !decimal {
		top := &s.regions[len(s.regions)-1]
		top.names = append(top.names, name)
	}
}

// use resolves %name#idx expecting type t, making a forward reference if
// the name is not defined yet.
func (r *resolver) use(u astValueUse, t ir.Type) *ir.Value {
	s := r.scope()
	if def, ok := s.values.get(u.Name); ok {
		if u.Index >= def.len() {
			r.fail(u.Pos, "reference to invalid result number")
		}
		v := def.value(u.Index)
		if v.Type() != t {
			d := ir.Errorf(r.loc(u.Pos), "use of value '%%%s' expects different type than prior uses: '%s' vs '%s'", u.Name, t, v.Type())
			d.AttachNote(r.loc(def.pos()), "prior use here")
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
					case e.Value.Str != nil:
						entries[e.Key] = string(*e.Value.Str)
					case e.Value.Bool != nil:
						entries[e.Key] = *e.Value.Bool
					}
				}
				out[g.Name] = entries
			}
		}
	}
	return out, nil
}
