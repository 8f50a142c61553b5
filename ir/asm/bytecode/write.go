package bytecode

import (
	"fmt"
	"io"
	"sort"

	"github.com/mlc-go/mlc/ir"
)

// Producer names mlc as the writer of its files.
const Producer = "mlc"

// WriteOptions control Write.
type WriteOptions struct {
	// Version is the bytecode version to write, 1 to 6 (what mlir-opt-19's
	// --emit-bytecode-version accepts above 0); 0 means Version.
	Version int
	// ElideResources writes resource keys without their data, as
	// mlir-opt's --elide-resource-data-from-bytecode.
	ElideResources bool
}

// Write encodes op (usually a builtin.module) as MLIR bytecode.
func Write(w io.Writer, op *ir.Operation, opts WriteOptions) error {
	wr, out, err := encode(op, opts)
	if err != nil {
		return err
	}
	err = out.writeTo(w)
	wr.release()
	return err
}

// Encode returns op's bytecode.
func Encode(op *ir.Operation, opts WriteOptions) ([]byte, error) {
	wr, out, err := encode(op, opts)
	if err != nil {
		return nil, err
	}
	b := out.bytesOut()
	wr.release()
	return b, nil
}

// release hands each written blob to its Release hook (see
// ir.ResourceBlob): its pages may leave memory now.
func (w *writer) release() {
	for _, r := range w.resourceList {
		if b := r.blob; b.Release != nil && b.Data != nil && !w.elide {
			b.Release(b.Data)
		}
	}
}

func encode(op *ir.Operation, opts WriteOptions) (wr *writer, out *emitter, err error) {
	defer func() {
		// IR the writer does not expect must not take the tool down.
		if p := recover(); p != nil {
			wr, out, err = nil, nil, fmt.Errorf("internal error writing bytecode: %v", p)
		}
	}()
	v := opts.Version
	if v == 0 {
		v = Version
	}
	if v < 1 || v > Version {
		return nil, nil, fmt.Errorf("unsupported bytecode version requested %d, must be in range [1, %d]", v, Version)
	}
	wr = &writer{
		ctx: op.Ctx(), version: v, elide: opts.ElideResources,
		strings: map[string]int{}, dialects: map[string]int{}, opNames: map[string]int{},
		attrs: map[any]*entry{}, types: map[any]*entry{}, values: map[*ir.Value]valueNum{},
		blocks: map[*ir.Block]int{}, resources: map[*ir.ResourceBlob]*resource{}, props: map[string]int{},
	}
	out, err = wr.encode(op)
	return wr, out, err
}

type writer struct {
	ctx     *ir.Context
	version int
	elide   bool

	strings      map[string]int
	stringList   []string
	dialects     map[string]int
	dialectNames []string

	opNames    map[string]int // full name → index, after sorting
	opNameList []opName

	attrs, types       map[any]*entry
	attrList, typeList []*entry

	values map[*ir.Value]valueNum
	blocks map[*ir.Block]int
	scope  int // the isolated scope being written

	resources    map[*ir.ResourceBlob]*resource
	resourceList []*resource

	props     map[string]int
	propsList [][]byte
}

type opName struct {
	full, name string
	dialect    int
}

// entry is an attribute, location or type in the attr/type table.
type entry struct {
	attr    ir.Attribute
	loc     ir.Location
	typ     ir.Type
	dialect int
	index   int
}

type valueNum struct{ scope, id int }

type resource struct {
	blob    *ir.ResourceBlob
	dialect int
	index   int
}

func (w *writer) str(s string) int {
	if i, ok := w.strings[s]; ok {
		return i
	}
	i := len(w.stringList)
	w.strings[s] = i
	w.stringList = append(w.stringList, s)
	return i
}

func (w *writer) dialect(name string) int {
	if i, ok := w.dialects[name]; ok {
		return i
	}
	i := len(w.dialectNames)
	w.dialects[name] = i
	w.dialectNames = append(w.dialectNames, name)
	return i
}

// attrKey identifies an attribute: ir's own attributes are interned
// pointers; a dialect's attribute is known by its text, since its Go
// type need not be comparable.
func attrKey(a ir.Attribute) any {
	switch a.(type) {
	case *ir.IntegerAttr, *ir.FloatAttr, *ir.BoolAttr, *ir.StringAttr, *ir.UnitAttr, *ir.ArrayAttr,
		*ir.DictionaryAttr, *ir.TypeAttr, *ir.SymbolRefAttr, *ir.DenseArrayAttr, *ir.DenseElementsAttr,
		*ir.DenseResourceAttr, *ir.OpaqueAttr:
		return a
	}
	return "attr\x00" + a.String()
}

func typeKey(t ir.Type) any {
	switch t.(type) {
	case *ir.IntegerType, *ir.FloatType, *ir.IndexType, *ir.NoneType, *ir.RankedTensorType,
		*ir.UnrankedTensorType, *ir.VectorType, *ir.ComplexType, *ir.FunctionType, *ir.TupleType, *ir.OpaqueType:
		return t
	}
	return "type\x00" + t.String()
}

func locKey(l ir.Location) any { return "loc\x00" + l.String() }

// ---- numbering ----

func (w *writer) numberAttr(a ir.Attribute) {
	k := attrKey(a)
	if _, ok := w.attrs[k]; ok {
		return
	}
	e := &entry{attr: a, dialect: w.dialect(attrDialect(a))}
	w.attrs[k] = e
	w.attrList = append(w.attrList, e)
	switch a := a.(type) {
	case *ir.IntegerAttr:
		w.numberType(a.Type)
	case *ir.BoolAttr:
		w.numberType(w.ctx.I(1))
	case *ir.FloatAttr:
		w.numberType(a.Type)
	case *ir.StringAttr:
		if a.Type != nil {
			w.numberType(a.Type)
		}
	case *ir.ArrayAttr:
		for _, x := range a.Elems {
			w.numberAttr(x)
		}
	case *ir.DictionaryAttr:
		for _, x := range a.Entries {
			w.numberAttr(w.ctx.StringAttr(x.Name))
			w.numberAttr(x.Value)
		}
	case *ir.TypeAttr:
		w.numberType(a.Type)
	case *ir.SymbolRefAttr:
		w.numberAttr(w.ctx.StringAttr(a.Root))
		for _, n := range a.Nested {
			w.numberAttr(w.ctx.SymbolRefAttr(n))
		}
	case *ir.DenseArrayAttr:
		w.numberType(a.Elem)
	case *ir.DenseElementsAttr:
		w.numberType(a.Type)
	case *ir.DenseResourceAttr:
		w.numberType(a.Type)
		if _, ok := w.resources[a.Handle]; !ok {
			r := &resource{blob: a.Handle, dialect: w.dialect(a.Handle.Dialect)}
			w.resources[a.Handle] = r
			w.resourceList = append(w.resourceList, r)
		}
	}
}

func attrDialect(a ir.Attribute) string {
	if d, ok := a.(ir.DialectAttr); ok {
		return d.DialectName()
	}
	return "builtin"
}

func typeDialect(t ir.Type) string {
	if d, ok := t.(ir.DialectType); ok {
		return d.DialectName()
	}
	return "builtin"
}

func (w *writer) numberLoc(l ir.Location) {
	if l == nil {
		l = ir.UnknownLoc{}
	}
	k := locKey(l)
	if _, ok := w.attrs[k]; ok {
		return
	}
	e := &entry{loc: l, dialect: w.dialect("builtin")}
	w.attrs[k] = e
	w.attrList = append(w.attrList, e)
	switch l := l.(type) {
	case ir.FileLineColLoc:
		w.numberAttr(w.ctx.StringAttr(l.File))
	case ir.NameLoc:
		w.numberAttr(w.ctx.StringAttr(l.Name))
		w.numberLoc(childLoc(l.Child))
	case ir.CallSiteLoc:
		w.numberLoc(l.Callee)
		w.numberLoc(l.Caller)
	case ir.FusedLoc:
		for _, x := range l.Locs {
			w.numberLoc(x)
		}
		if l.Metadata != nil {
			w.numberAttr(l.Metadata)
		}
	}
}

func childLoc(l ir.Location) ir.Location {
	if l == nil {
		return ir.UnknownLoc{}
	}
	return l
}

func (w *writer) numberType(t ir.Type) {
	k := typeKey(t)
	if _, ok := w.types[k]; ok {
		return
	}
	e := &entry{typ: t, dialect: w.dialect(typeDialect(t))}
	w.types[k] = e
	w.typeList = append(w.typeList, e)
	switch t := t.(type) {
	case *ir.FunctionType:
		for _, x := range t.Inputs {
			w.numberType(x)
		}
		for _, x := range t.Results {
			w.numberType(x)
		}
	case *ir.RankedTensorType:
		if t.Encoding != nil {
			w.numberAttr(t.Encoding)
		}
		w.numberType(t.Elem)
	case *ir.UnrankedTensorType:
		w.numberType(t.Elem)
	case *ir.VectorType:
		w.numberType(t.Elem)
	case *ir.ComplexType:
		w.numberType(t.Elem)
	case *ir.MemRefType, *ir.UnrankedMemRefType:
		w.numberMemRef(t)
	case *ir.TupleType:
		for _, x := range t.Types {
			w.numberType(x)
		}
	}
}

// opAttrs is the dictionary written as an op's attributes: before native
// properties (version 5) the properties join them.
func (w *writer) opAttrs(op *ir.Operation) *ir.DictionaryAttr {
	attrs := op.Attrs()
	if w.version < vNativeProperties && op.Props != nil && len(op.Props.Entries) > 0 {
		attrs = append(append([]ir.NamedAttr(nil), op.Props.Entries...), attrs...)
	}
	if len(attrs) == 0 {
		return nil
	}
	return w.ctx.DictionaryAttr(attrs)
}

func (w *writer) opProps(op *ir.Operation) *ir.DictionaryAttr {
	if w.version < vNativeProperties || op.Props == nil || len(op.Props.Entries) == 0 {
		return nil
	}
	return op.Props
}

func (w *writer) numberOp(op *ir.Operation) {
	full := op.Name()
	if _, ok := w.opNames[full]; !ok {
		d := ir.DialectOf(full)
		name := full
		if d == "" {
			d, name = full, ""
		} else {
			name = full[len(d)+1:]
		}
		w.opNames[full] = len(w.opNameList)
		w.opNameList = append(w.opNameList, opName{full: full, name: name, dialect: w.dialect(d)})
	}
	for _, r := range op.Results() {
		w.numberType(r.Type())
	}
	if d := w.opAttrs(op); d != nil {
		w.numberAttr(d)
	}
	if p := w.opProps(op); p != nil {
		w.numberAttr(p)
	}
	w.numberLoc(op.Loc)
	for _, r := range op.Regions() {
		for _, b := range r.Blocks() {
			for _, a := range b.Args() {
				w.numberType(a.Type())
				if _, unknown := childLoc(a.Loc()).(ir.UnknownLoc); !unknown || w.version < vElideUnknownArgLoc {
					w.numberLoc(a.Loc())
				}
			}
			for o := b.First(); o != nil; o = o.Next() {
				w.numberOp(o)
			}
		}
	}
}

// numberValues gives the values defined directly in r ids from first on,
// then numbers nested regions: a non-isolated op's regions continue after
// all of r's values, an isolated one's start again at 0 in a new scope.
func (w *writer) numberValues(r *ir.Region, scope, first int, nextScope *int) int {
	id := first
	for bi, b := range r.Blocks() {
		w.blocks[b] = bi
		for _, a := range b.Args() {
			w.values[a] = valueNum{scope, id}
			id++
		}
		for o := b.First(); o != nil; o = o.Next() {
			for _, res := range o.Results() {
				w.values[res] = valueNum{scope, id}
				id++
			}
		}
	}
	for _, b := range r.Blocks() {
		for o := b.First(); o != nil; o = o.Next() {
			if o.NumRegions() == 0 {
				continue
			}
			s, f := scope, id
			if isolated(o) {
				*nextScope++
				s, f = *nextScope, 0
			}
			for _, nr := range o.Regions() {
				w.numberValues(nr, s, f, nextScope)
			}
		}
	}
	return id - first
}

func isolated(op *ir.Operation) bool { return op.HasTrait(ir.IsolatedFromAbove) }

// finalize orders the tables, grouping entries of one dialect together
// (each run costs a group header), and gives entries their indices.
func (w *writer) finalize() {
	byDialect := func(list []*entry) {
		sort.SliceStable(list, func(i, j int) bool { return list[i].dialect < list[j].dialect })
		for i, e := range list {
			e.index = i
		}
	}
	byDialect(w.attrList)
	byDialect(w.typeList)
	sort.SliceStable(w.opNameList, func(i, j int) bool { return w.opNameList[i].dialect < w.opNameList[j].dialect })
	for i, n := range w.opNameList {
		w.opNames[n.full] = i
	}
	sort.SliceStable(w.resourceList, func(i, j int) bool { return w.resourceList[i].dialect < w.resourceList[j].dialect })
	for i, r := range w.resourceList {
		r.index = i
	}
}

func (w *writer) attrIndex(a ir.Attribute) uint64 { return uint64(w.attrs[attrKey(a)].index) }
func (w *writer) locIndex(l ir.Location) uint64 {
	return uint64(w.attrs[locKey(childLoc(l))].index)
}
func (w *writer) typeIndex(t ir.Type) uint64 { return uint64(w.types[typeKey(t)].index) }

// ---- the file ----

func (w *writer) encode(top *ir.Operation) (*emitter, error) {
	w.dialect("builtin") // the builtin attributes' dialect comes first
	w.numberOp(top)
	nextScope := 0
	if top.NumRegions() > 0 {
		first, scope := 0, 0
		if isolated(top) {
			nextScope++
			scope = nextScope
		}
		for _, r := range top.Regions() {
			w.numberValues(r, scope, first, &nextScope)
		}
	}
	w.finalize()

	var ir emitter
	ir.varintFlag(1, false)
	if err := w.writeOp(&ir, top, 0); err != nil {
		return nil, err
	}
	var attrData, attrOffsets emitter
	w.writeAttrTypes(&attrData, &attrOffsets)
	var resData, resOffsets emitter
	w.writeResources(&resData, &resOffsets)
	var dialects emitter
	w.writeDialects(&dialects)

	var out emitter
	out.bytes([]byte(Magic))
	out.varint(uint64(w.version))
	out.bytes(append([]byte(Producer), 0))
	out.section(secDialect, &dialects)
	out.section(secAttrTypeOffset, &attrOffsets)
	out.section(secAttrType, &attrData)
	out.section(secIR, &ir)
	if len(w.resourceList) > 0 {
		out.section(secResourceOffset, &resOffsets)
		out.section(secResource, &resData)
	}
	var strs emitter
	strs.varint(uint64(len(w.stringList)))
	for i := len(w.stringList) - 1; i >= 0; i-- {
		strs.varint(uint64(len(w.stringList[i]) + 1))
	}
	for _, s := range w.stringList {
		strs.bytes([]byte(s))
		strs.byte(0)
	}
	out.section(secString, &strs)
	if w.version >= vNativeProperties {
		var props emitter
		props.varint(uint64(len(w.propsList)))
		for _, p := range w.propsList {
			props.bytes(p)
		}
		out.section(secProperties, &props)
	}
	return &out, nil
}

func (w *writer) writeDialects(e *emitter) {
	e.varint(uint64(len(w.dialectNames)))
	for _, d := range w.dialectNames {
		e.varintFlag(uint64(w.str(d)), false)
	}
	if w.version >= vElideUnknownArgLoc {
		e.varint(uint64(len(w.opNameList)))
	}
	for i := 0; i < len(w.opNameList); {
		j := i
		for j < len(w.opNameList) && w.opNameList[j].dialect == w.opNameList[i].dialect {
			j++
		}
		e.varint(uint64(w.opNameList[i].dialect))
		e.varint(uint64(j - i))
		for _, n := range w.opNameList[i:j] {
			if w.version >= vNativeProperties {
				_, native := nativeProps[n.full]
				e.varintFlag(uint64(w.str(n.name)), native)
			} else {
				e.varint(uint64(w.str(n.name)))
			}
		}
		i = j
	}
}

// writeAttrTypes writes every entry, custom-encoded when builtin knows it
// and as NUL-terminated text otherwise, and the offset table: per run of
// one dialect, the entries' sizes with the custom-encoding flag.
func (w *writer) writeAttrTypes(data, offsets *emitter) {
	offsets.varint(uint64(len(w.attrList)))
	offsets.varint(uint64(len(w.typeList)))
	group := func(list []*entry, enc func(*emitter, *entry) bool) {
		for i := 0; i < len(list); {
			j := i
			for j < len(list) && list[j].dialect == list[i].dialect {
				j++
			}
			offsets.varint(uint64(list[i].dialect))
			offsets.varint(uint64(j - i))
			for _, e := range list[i:j] {
				start := data.size()
				// The encoders write nothing when they decline.
				custom := enc(data, e)
				if !custom {
					data.bytes([]byte(entryText(e)))
					data.byte(0)
				}
				offsets.varintFlag(uint64(data.size()-start), custom)
			}
			i = j
		}
	}
	group(w.attrList, w.encodeAttr)
	group(w.typeList, w.encodeType)
}

func entryText(e *entry) string {
	switch {
	case e.attr != nil:
		return e.attr.String()
	case e.typ != nil:
		return e.typ.String()
	}
	return "loc(" + e.loc.String() + ")"
}

// writeResources writes each referenced blob (alignment, size, padding,
// data) and the offset table: no external groups, then one group per
// dialect with each key, entry size and kind.
func (w *writer) writeResources(data, offsets *emitter) {
	offsets.varint(0)
	for i := 0; i < len(w.resourceList); {
		j := i
		for j < len(w.resourceList) && w.resourceList[j].dialect == w.resourceList[i].dialect {
			j++
		}
		offsets.varint(uint64(w.resourceList[i].dialect))
		offsets.varint(uint64(j - i))
		for _, r := range w.resourceList[i:j] {
			start := data.size()
			if b := r.blob; b.Data != nil && !w.elide {
				align := uint64(b.Alignment)
				if align == 0 || align&(align-1) != 0 {
					align = 1
				}
				data.varint(align)
				data.varint(uint64(len(b.Data)))
				data.alignTo(align)
				data.blob(b.Data)
			}
			offsets.varint(uint64(w.str(r.blob.Key)))
			offsets.varint(uint64(data.size() - start))
			offsets.byte(resBlob)
		}
		i = j
	}
}
