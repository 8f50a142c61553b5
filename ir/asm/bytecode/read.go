package bytecode

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/mlc-go/mlc/ir"
)

// ReadOptions give Read the textual fallback: how to parse the text of an
// attribute or type that was not custom-encoded (ir/asm's parsers).
type ReadOptions struct {
	ParseAttr func(text string) (ir.Attribute, error)
	ParseType func(text string) (ir.Type, error)
}

// IsBytecode reports whether data starts with the bytecode magic.
func IsBytecode(data []byte) bool { return len(data) >= 4 && string(data[:4]) == Magic }

// Limits on nesting, so that hostile files cannot exhaust the stack.
const (
	maxAttrDepth   = 512
	maxRegionDepth = 4096
)

// Read decodes MLIR bytecode into a builtin.module (wrapping the top-level
// ops unless they are one module, as the text parser does). The result is
// not verified.
func Read(ctx *ir.Context, filename string, data []byte, opts ReadOptions) (top *ir.Operation, err error) {
	r := &reader{ctx: ctx, file: filename, data: data, opts: opts,
		textBudget: 256<<20 + 64*int64(len(data))}
	defer func() {
		if p := recover(); p != nil {
			// A reader bug must not take the tool down with it.
			top, err = nil, r.diag(&errAt{0, fmt.Sprintf("internal error reading bytecode: %v", p)})
		}
	}()
	top, err = r.read()
	if err != nil {
		return nil, r.diag(err)
	}
	return top, nil
}

func (r *reader) diag(err error) error {
	var e *errAt
	if !errors.As(err, &e) {
		return err
	}
	d := ir.Errorf(ir.FileLineColLoc{File: r.file, Line: 1, Col: e.off + 1}, "%s", e.msg)
	if r.producer != "" {
		d.AttachNote(nil, "in bytecode version %d produced by: %s", r.version, r.producer)
	}
	return d
}

type reader struct {
	ctx      *ir.Context
	file     string
	data     []byte
	opts     ReadOptions
	version  uint64
	producer string

	strings  []string
	dialects []string
	opNames  []readOpName

	attrs, types []readEntry
	depth        int

	resources []*ir.ResourceBlob
	props     []*cursor

	scopes   []*valueScope
	reserved int // values reserved by the open regions, bounded by the file size
	forward  map[*ir.Value]bool

	textSpent, textBudget int64
}

type readOpName struct {
	dialect, name string
	registered    bool
}

type readEntry struct {
	dialect string
	custom  bool
	data    *cursor
	busy    bool
	attr    ir.Attribute
	loc     ir.Location
	typ     ir.Type
}

type valueScope struct {
	values []*ir.Value
	next   []int
}

func (r *reader) read() (*ir.Operation, error) {
	c := &cursor{data: r.data, file: r.file}
	if !IsBytecode(r.data) {
		return nil, c.errorf("expected the bytecode magic number \"ML\\xefR\"")
	}
	c.pos = 4
	at := c.off()
	v, err := c.varint()
	if err != nil {
		return nil, err
	}
	if v > Version {
		return nil, &errAt{at, fmt.Sprintf("bytecode version %d is newer than the current version %d", v, Version)}
	}
	r.version = v
	if r.producer, err = c.cstring(); err != nil {
		return nil, err
	}
	var secs [numSections]*cursor
	for !c.empty() {
		at := c.off()
		id, body, err := c.section()
		if err != nil {
			return nil, err
		}
		if secs[id] != nil {
			return nil, &errAt{at, "duplicate top-level section: " + sectionNames[id]}
		}
		secs[id] = body
	}
	for id, s := range secs {
		optional := id == secResource || id == secResourceOffset || id == secDialectVersions ||
			(id == secProperties && r.version < vNativeProperties)
		if s == nil && !optional {
			return nil, c.errorf("missing data for top-level section: %s (%d)", sectionNames[id], id)
		}
	}
	if err := r.readStrings(secs[secString]); err != nil {
		return nil, err
	}
	if s := secs[secProperties]; s != nil {
		if err := r.readProps(s); err != nil {
			return nil, err
		}
	}
	if err := r.readDialects(secs[secDialect]); err != nil {
		return nil, err
	}
	if (secs[secResource] == nil) != (secs[secResourceOffset] == nil) {
		return nil, c.errorf("the resource and resource offset sections must come together")
	}
	if secs[secResource] != nil {
		if err := r.readResources(secs[secResource], secs[secResourceOffset]); err != nil {
			return nil, err
		}
	}
	if err := r.readAttrTypeOffsets(secs[secAttrType], secs[secAttrTypeOffset]); err != nil {
		return nil, err
	}
	return r.readIR(secs[secIR])
}

func (r *reader) readStrings(c *cursor) error {
	n, err := c.count("string")
	if err != nil {
		return err
	}
	r.strings = make([]string, n)
	end := len(c.data)
	for i := n - 1; i >= 0; i-- {
		at := c.off()
		size, err := c.varint()
		if err != nil {
			return err
		}
		if size == 0 || size > uint64(end) {
			return &errAt{at, "string size exceeds the available data size"}
		}
		start := end - int(size)
		if c.data[end-1] != 0 {
			return &errAt{c.base + end - 1, "string is not null-terminated"}
		}
		r.strings[i] = string(c.data[start : end-1])
		end = start
	}
	if c.pos != end {
		return c.errorf("unexpected trailing data between the offsets for strings and their data")
	}
	return nil
}

func (r *reader) str(c *cursor) (string, error) {
	i, err := c.index(len(r.strings), "string")
	if err != nil {
		return "", err
	}
	return r.strings[i], nil
}

func (r *reader) readProps(c *cursor) error {
	if c.empty() {
		return nil
	}
	n, err := c.count("properties")
	if err != nil {
		return err
	}
	r.props = make([]*cursor, 0, n)
	for i := 0; i < n; i++ {
		size, err := c.varint()
		if err != nil {
			return err
		}
		at := c.off()
		b, err := c.bytes(size)
		if err != nil {
			return err
		}
		r.props = append(r.props, c.sub(b, at))
	}
	if !c.empty() {
		return c.errorf("broken properties section: didn't exhaust the offsets table")
	}
	return nil
}

func (r *reader) readDialects(c *cursor) error {
	n, err := c.count("dialect")
	if err != nil {
		return err
	}
	r.dialects = make([]string, n)
	for i := range r.dialects {
		if r.version < vDialectVersioning {
			if r.dialects[i], err = r.str(c); err != nil {
				return err
			}
			continue
		}
		at := c.off()
		idx, versioned, err := c.varintFlag()
		if err != nil {
			return err
		}
		if idx >= uint64(len(r.strings)) {
			return &errAt{at, fmt.Sprintf("invalid string index %d (the table has %d)", idx, len(r.strings))}
		}
		r.dialects[i] = r.strings[idx]
		if versioned {
			// A dialect version only matters to that dialect's own
			// decoder, which mlc does not have: skip it.
			id, _, err := c.section()
			if err != nil {
				return err
			}
			if id != secDialectVersions {
				return &errAt{at, "expected dialect version section"}
			}
		}
	}
	if r.version >= vElideUnknownArgLoc {
		if _, err := c.varint(); err != nil {
			return err
		}
	}
	for !c.empty() {
		d, err := c.index(len(r.dialects), "dialect")
		if err != nil {
			return err
		}
		k, err := c.count("op name")
		if err != nil {
			return err
		}
		for j := 0; j < k; j++ {
			var name string
			registered := false
			if r.version < vNativeProperties {
				name, err = r.str(c)
			} else {
				at := c.off()
				var idx uint64
				idx, registered, err = c.varintFlag()
				if err == nil && idx >= uint64(len(r.strings)) {
					err = &errAt{at, fmt.Sprintf("invalid string index %d (the table has %d)", idx, len(r.strings))}
				}
				if err == nil {
					name = r.strings[idx]
				}
			}
			if err != nil {
				return err
			}
			r.opNames = append(r.opNames, readOpName{dialect: r.dialects[d], name: name, registered: registered})
		}
	}
	return nil
}

func (r *reader) readResources(data, offsets *cursor) error {
	nExt, err := offsets.count("external resource group")
	if err != nil {
		return err
	}
	group := func(dialect string) error {
		n, err := offsets.count("resource")
		if err != nil {
			return err
		}
		for i := 0; i < n; i++ {
			key, err := r.str(offsets)
			if err != nil {
				return err
			}
			size, err := offsets.varint()
			if err != nil {
				return err
			}
			kindAt := offsets.off()
			kind, err := offsets.byte()
			if err != nil {
				return err
			}
			at := data.off()
			body, err := data.bytes(size)
			if err != nil {
				return err
			}
			if dialect == "" {
				continue // external resources: mlc has no handler for them
			}
			blob := r.ctx.Resource(dialect, key)
			r.resources = append(r.resources, blob)
			if len(body) == 0 {
				continue // a declaration without data
			}
			if kind != resBlob {
				return &errAt{kindAt, fmt.Sprintf("resource '%s' of dialect '%s' is a %s, but mlc keeps only blob resources", key, dialect, [...]string{"blob", "bool", "string", "unknown"}[min(int(kind), 3)])}
			}
			e := data.sub(body, at)
			align, err := e.varint()
			if err != nil {
				return err
			}
			n, err := e.varint()
			if err != nil {
				return err
			}
			if err := e.alignTo(align); err != nil {
				return err
			}
			b, err := e.bytes(n)
			if err != nil {
				return err
			}
			if !e.empty() {
				return e.errorf("unexpected trailing bytes in resource entry '%s'", key)
			}
			blob.Alignment, blob.Data = uint32(align), append([]byte(nil), b...)
		}
		return nil
	}
	for i := 0; i < nExt; i++ {
		if _, err := r.str(offsets); err != nil {
			return err
		}
		if err := group(""); err != nil {
			return err
		}
	}
	for !offsets.empty() {
		d, err := offsets.index(len(r.dialects), "dialect")
		if err != nil {
			return err
		}
		if err := group(r.dialects[d]); err != nil {
			return err
		}
	}
	return nil
}

func (r *reader) readAttrTypeOffsets(data, offsets *cursor) error {
	nAttrs, err := offsets.count("attribute")
	if err != nil {
		return err
	}
	nTypes, err := offsets.count("type")
	if err != nil {
		return err
	}
	if nAttrs+nTypes > offsets.left() {
		return offsets.errorf("%d attributes and %d types exceed the %d bytes left", nAttrs, nTypes, offsets.left())
	}
	r.attrs = make([]readEntry, nAttrs)
	r.types = make([]readEntry, nTypes)
	pos := 0
	fill := func(list []readEntry) error {
		for i := 0; i < len(list); {
			d, err := offsets.index(len(r.dialects), "dialect")
			if err != nil {
				return err
			}
			k, err := offsets.count("attribute or type")
			if err != nil {
				return err
			}
			if k > len(list)-i {
				return offsets.errorf("attribute or type group of %d overflows the table", k)
			}
			for j := 0; j < k; j++ {
				at := offsets.off()
				size, custom, err := offsets.varintFlag()
				if err != nil {
					return err
				}
				if size > uint64(len(data.data)-pos) {
					return &errAt{at, "attribute or type entry offset points past the end of section"}
				}
				list[i] = readEntry{dialect: r.dialects[d], custom: custom,
					data: data.sub(data.data[pos:pos+int(size)], data.base+pos)}
				pos += int(size)
				i++
			}
		}
		return nil
	}
	if err := fill(r.attrs); err != nil {
		return err
	}
	if err := fill(r.types); err != nil {
		return err
	}
	if !offsets.empty() {
		return offsets.errorf("unexpected trailing data in the Attribute/Type offset section")
	}
	return nil
}

// ---- attributes, locations and types ----

// charge counts the text built for composite attributes and types, which
// interning copies into every parent.
func (r *reader) charge(c *cursor, s fmt.Stringer) error {
	if _, dense := s.(*ir.DenseElementsAttr); dense {
		return nil
	}
	r.textSpent += int64(len(s.String()))
	if r.textSpent > r.textBudget {
		return c.errorf("attributes and types nest or repeat too deeply: their text exceeds %d bytes", r.textBudget)
	}
	return nil
}

// entry resolves attribute or type i (lazily, once).
func (r *reader) entry(list []readEntry, i int, what string, decode func(*readEntry) error) (*readEntry, error) {
	e := &list[i]
	if e.attr != nil || e.loc != nil || e.typ != nil {
		return e, nil
	}
	if e.busy {
		return nil, e.data.errorf("%s %d refers to itself", what, i)
	}
	if r.depth >= maxAttrDepth {
		return nil, e.data.errorf("attributes and types nest deeper than %d", maxAttrDepth)
	}
	e.busy = true
	r.depth++
	c := *e.data
	e.data = &c
	err := decode(e)
	r.depth--
	e.busy = false
	if err != nil {
		return nil, err
	}
	if !e.data.empty() {
		return nil, e.data.errorf("unexpected trailing bytes after %s entry", what)
	}
	return e, nil
}

func (r *reader) attrEntry(c *cursor) (*readEntry, error) {
	i, err := c.index(len(r.attrs), "attribute")
	if err != nil {
		return nil, err
	}
	return r.entry(r.attrs, i, "attribute", r.decodeAttr)
}

func (r *reader) attr(c *cursor) (ir.Attribute, error) {
	at := c.off()
	e, err := r.attrEntry(c)
	if err != nil {
		return nil, err
	}
	if e.attr == nil {
		return nil, &errAt{at, "expected an attribute, but got location " + e.loc.String()}
	}
	return e.attr, nil
}

func (r *reader) loc(c *cursor) (ir.Location, error) {
	at := c.off()
	e, err := r.attrEntry(c)
	if err != nil {
		return nil, err
	}
	if e.loc == nil {
		return nil, &errAt{at, "expected a location, but got attribute " + e.attr.String()}
	}
	return e.loc, nil
}

func (r *reader) stringAttr(c *cursor) (string, error) {
	at := c.off()
	a, err := r.attr(c)
	if err != nil {
		return "", err
	}
	s, ok := a.(*ir.StringAttr)
	if !ok || s.Type != nil {
		return "", &errAt{at, "expected a string attribute, but got " + a.String()}
	}
	return s.Value, nil
}

func (r *reader) typ(c *cursor) (ir.Type, error) {
	i, err := c.index(len(r.types), "type")
	if err != nil {
		return nil, err
	}
	e, err := r.entry(r.types, i, "type", r.decodeType)
	if err != nil {
		return nil, err
	}
	return e.typ, nil
}

func (r *reader) decodeAttr(e *readEntry) error {
	c := e.data
	if !e.custom {
		text, err := c.cstring()
		if err != nil {
			return err
		}
		if r.opts.ParseAttr == nil {
			return c.errorf("no parser for the attribute %q", text)
		}
		a, err := r.opts.ParseAttr(text)
		if err != nil {
			return &errAt{e.data.base, fmt.Sprintf("cannot parse attribute %q: %v", text, err)}
		}
		e.attr = a
		return nil
	}
	if e.dialect != "builtin" {
		cd := r.codec(e.dialect)
		if cd == nil || cd.ReadAttribute == nil {
			return unsupportedCustom(c, e.dialect, "attributes")
		}
		a, err := custom(r, c, cd.ReadAttribute)
		if err == nil && a == nil {
			err = c.errorf("dialect '%s' decoded no attribute", e.dialect)
		}
		if err != nil {
			return err
		}
		e.attr = a
		return r.charge(c, a)
	}
	at := c.off()
	code, err := c.varint()
	if err != nil {
		return err
	}
	switch code {
	case attrArray:
		n, err := c.count("array element")
		if err != nil {
			return err
		}
		elems := make([]ir.Attribute, n)
		for i := range elems {
			if elems[i], err = r.attr(c); err != nil {
				return err
			}
		}
		e.attr = r.ctx.ArrayAttr(elems)
	case attrDictionary:
		n, err := c.count("dictionary entry")
		if err != nil {
			return err
		}
		entries := make([]ir.NamedAttr, n)
		for i := range entries {
			if entries[i].Name, err = r.stringAttr(c); err != nil {
				return err
			}
			if entries[i].Value, err = r.attr(c); err != nil {
				return err
			}
		}
		e.attr = r.ctx.DictionaryAttr(entries)
	case attrString, attrStringWithType:
		s, err := r.str(c)
		if err != nil {
			return err
		}
		var t ir.Type
		if code == attrStringWithType {
			if t, err = r.typ(c); err != nil {
				return err
			}
		}
		e.attr = r.ctx.TypedStringAttr(s, t)
	case attrFlatSymbolRef:
		s, err := r.stringAttr(c)
		if err != nil {
			return err
		}
		e.attr = r.ctx.SymbolRefAttr(s)
	case attrSymbolRef:
		root, err := r.stringAttr(c)
		if err != nil {
			return err
		}
		n, err := c.count("nested reference")
		if err != nil {
			return err
		}
		nested := make([]string, n)
		for i := range nested {
			at := c.off()
			a, err := r.attr(c)
			if err != nil {
				return err
			}
			s, ok := a.(*ir.SymbolRefAttr)
			if !ok || len(s.Nested) > 0 {
				return &errAt{at, "expected a flat symbol reference, but got " + a.String()}
			}
			nested[i] = s.Root
		}
		e.attr = r.ctx.SymbolRefAttr(root, nested...)
	case attrType:
		t, err := r.typ(c)
		if err != nil {
			return err
		}
		e.attr = r.ctx.TypeAttr(t)
	case attrUnit:
		e.attr = r.ctx.UnitAttr()
	case attrInteger:
		e.attr, err = r.integerAttr(c)
	case attrFloat:
		e.attr, err = r.floatAttr(c)
	case locCallSite, locFileLineCol, locFused, locFusedWithMetadata, locName, locUnknown:
		e.loc, err = r.decodeLoc(c, code)
	case attrDenseResource:
		e.attr, err = r.denseResource(c)
	case attrDenseArray:
		e.attr, err = r.denseArray(c)
	case attrDenseIntOrFP:
		e.attr, err = r.denseElements(c)
	default:
		if code < uint64(len(builtinAttrNames)) {
			return &errAt{at, fmt.Sprintf("builtin %s is not supported by mlc", builtinAttrNames[code])}
		}
		return &errAt{at, fmt.Sprintf("unknown builtin attribute code %d", code)}
	}
	if err != nil {
		return err
	}
	if e.attr != nil {
		return r.charge(c, e.attr)
	}
	return r.charge(c, e.loc)
}

func (r *reader) decodeLoc(c *cursor, code uint64) (ir.Location, error) {
	switch code {
	case locUnknown:
		return ir.UnknownLoc{}, nil
	case locFileLineCol:
		file, err := r.stringAttr(c)
		if err != nil {
			return nil, err
		}
		line, err := c.varint()
		if err != nil {
			return nil, err
		}
		col, err := c.varint()
		if err != nil {
			return nil, err
		}
		if line > math.MaxInt32 || col > math.MaxInt32 {
			return nil, c.errorf("line or column out of range")
		}
		return ir.FileLineColLoc{File: file, Line: int(line), Col: int(col)}, nil
	case locName:
		name, err := r.stringAttr(c)
		if err != nil {
			return nil, err
		}
		child, err := r.loc(c)
		if err != nil {
			return nil, err
		}
		return ir.NameLoc{Name: name, Child: child}, nil
	case locCallSite:
		callee, err := r.loc(c)
		if err != nil {
			return nil, err
		}
		caller, err := r.loc(c)
		if err != nil {
			return nil, err
		}
		return ir.CallSiteLoc{Callee: callee, Caller: caller}, nil
	}
	n, err := c.count("fused location")
	if err != nil {
		return nil, err
	}
	locs := make([]ir.Location, n)
	for i := range locs {
		if locs[i], err = r.loc(c); err != nil {
			return nil, err
		}
	}
	var meta ir.Attribute
	if code == locFusedWithMetadata {
		if meta, err = r.attr(c); err != nil {
			return nil, err
		}
	}
	// Kept as written: MLIR's FusedLoc::get already simplified them.
	return ir.FusedLoc{Locs: locs, Metadata: meta}, nil
}

// apInt reads an integer of a known bit width (see writeAPInt).
func apInt(c *cursor, width int) (*big.Int, error) {
	switch {
	case width <= 8:
		b, err := c.byte()
		return new(big.Int).SetUint64(uint64(b)), err
	case width <= 64:
		v, err := c.svarint()
		return new(big.Int).SetUint64(uint64(v)), err
	}
	n, err := c.count("integer word")
	if err != nil {
		return nil, err
	}
	if n > (width+63)/64 {
		return nil, c.errorf("%d words do not fit a %d-bit integer", n, width)
	}
	v := new(big.Int)
	for i := 0; i < n; i++ {
		w, err := c.svarint()
		if err != nil {
			return nil, err
		}
		v.Or(v, new(big.Int).Lsh(new(big.Int).SetUint64(uint64(w)), uint(64*i)))
	}
	return v, nil
}

// truncate keeps the low width bits of v and reads them as signed or
// unsigned.
func truncate(v *big.Int, width int, signed bool) *big.Int {
	if v.BitLen() < width || (v.BitLen() == width && !signed) {
		return v // nothing to cut, and no mask as wide as the type to build
	}
	mask := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(width)), big.NewInt(1))
	v = new(big.Int).And(v, mask)
	if signed && width > 0 && v.Bit(width-1) == 1 {
		v.Sub(v, new(big.Int).Lsh(big.NewInt(1), uint(width)))
	}
	return v
}

func (r *reader) integerAttr(c *cursor) (ir.Attribute, error) {
	at := c.off()
	t, err := r.typ(c)
	if err != nil {
		return nil, err
	}
	width, signed := 64, true
	switch tt := t.(type) {
	case *ir.IntegerType:
		width, signed = tt.Width, tt.Signedness != ir.Unsigned
	case *ir.IndexType:
	default:
		return nil, &errAt{at, "expected an integer or index type, but got " + t.String()}
	}
	v, err := apInt(c, width)
	if err != nil {
		return nil, err
	}
	if width == 1 {
		return r.ctx.BoolAttr(v.Bit(0) == 1), nil
	}
	v = truncate(v, width, signed)
	if width <= 64 {
		if v.IsInt64() {
			return r.ctx.IntegerAttr(t, v.Int64()), nil
		}
		return r.ctx.IntegerAttr(t, int64(v.Uint64())), nil
	}
	return r.ctx.BigIntegerAttr(t, v), nil
}

func (r *reader) floatAttr(c *cursor) (ir.Attribute, error) {
	at := c.off()
	t, err := r.typ(c)
	if err != nil {
		return nil, err
	}
	ft, ok := t.(*ir.FloatType)
	if !ok {
		return nil, &errAt{at, "expected a float type mlc knows, but got " + t.String()}
	}
	v, err := apInt(c, ft.Width())
	if err != nil {
		return nil, err
	}
	bits := truncate(v, ft.Width(), false).Uint64()
	return r.ctx.FloatAttr(ft, ir.FloatFromBits(ft.Kind, bits)), nil
}

func (r *reader) shapedType(c *cursor) (ir.Type, error) {
	at := c.off()
	t, err := r.typ(c)
	if err != nil {
		return nil, err
	}
	if _, ok := t.(ir.ShapedType); !ok {
		return nil, &errAt{at, "expected a shaped type, but got " + t.String()}
	}
	return t, nil
}

func (r *reader) denseResource(c *cursor) (ir.Attribute, error) {
	t, err := r.shapedType(c)
	if err != nil {
		return nil, err
	}
	i, err := c.index(len(r.resources), "resource handle")
	if err != nil {
		return nil, err
	}
	return r.ctx.DenseResourceAttr(t.(ir.ShapedType), r.resources[i]), nil
}

func (r *reader) denseArray(c *cursor) (ir.Attribute, error) {
	at := c.off()
	elem, err := r.typ(c)
	if err != nil {
		return nil, err
	}
	n, err := c.varint()
	if err != nil {
		return nil, err
	}
	size, err := c.varint()
	if err != nil {
		return nil, err
	}
	raw, err := c.bytes(size)
	if err != nil {
		return nil, err
	}
	w := ir.ElementByteWidth(elem)
	if w == 0 || n > uint64(len(raw)) || uint64(len(raw)) != n*uint64(w) {
		return nil, &errAt{at, fmt.Sprintf("dense array of %d %s elements holds %d bytes", n, elem, len(raw))}
	}
	switch et := elem.(type) {
	case *ir.FloatType:
		vals := make([]float64, n)
		for i := range vals {
			vals[i] = ir.DecodeFloat(et.Kind, raw[i*w:])
		}
		return r.ctx.DenseFloatArrayAttr(et, vals), nil
	case *ir.IntegerType:
		vals := make([]int64, n)
		for i := range vals {
			var u uint64
			for j := w - 1; j >= 0; j-- {
				u = u<<8 | uint64(raw[i*w+j])
			}
			vals[i] = truncate(new(big.Int).SetUint64(u), max(et.Width, 1), et.Signedness != ir.Unsigned && et.Width > 1).Int64()
		}
		return r.ctx.DenseIntArrayAttr(et, vals), nil
	}
	return nil, &errAt{at, "dense array element type must be an integer or float type, got " + elem.String()}
}

func (r *reader) denseElements(c *cursor) (ir.Attribute, error) {
	at := c.off()
	t, err := r.shapedType(c)
	if err != nil {
		return nil, err
	}
	size, err := c.varint()
	if err != nil {
		return nil, err
	}
	raw, err := c.bytes(size)
	if err != nil {
		return nil, err
	}
	st, ok := t.(ir.StaticShaped)
	if !ok {
		return nil, &errAt{at, "dense elements need a static shape, got " + t.String()}
	}
	elem := st.ElementType()
	w := ir.ElementByteWidth(elem)
	if w == 0 {
		return nil, &errAt{at, "dense elements of " + elem.String() + " are not supported by mlc"}
	}
	n := int64(1)
	for _, d := range st.Dims() {
		if d < 0 || (d > 0 && n > math.MaxInt64/d) {
			return nil, &errAt{at, "invalid shape " + t.String()}
		}
		n *= d
	}
	if ir.IsInteger(elem, 1) {
		raw, err = unpackBools(raw, n)
		if err != nil {
			return nil, &errAt{at, err.Error()}
		}
	} else if int64(len(raw)) != int64(w) && !(n == 0 && len(raw) == 0) && (n == 0 || int64(len(raw))/n != int64(w) || int64(len(raw))%n != 0) {
		return nil, &errAt{at, fmt.Sprintf("dense elements of %s hold %d bytes, but need %d or one element", t, len(raw), n*int64(w))}
	}
	a := r.ctx.DenseElementsAttr(st, raw)
	if a == nil {
		return nil, &errAt{at, "invalid dense elements data for " + t.String()}
	}
	return a, nil
}

// unpackBools turns MLIR's i1 data (a 0x00/0xFF splat byte, or one bit
// per element) into ir's byte per element.
func unpackBools(raw []byte, n int64) ([]byte, error) {
	if len(raw) == 1 && (raw[0] == 0 || raw[0] == 0xFF) {
		return []byte{raw[0] & 1}, nil
	}
	if int64(len(raw)) != (n+7)/8 {
		return nil, fmt.Errorf("dense i1 elements hold %d bytes, but %d elements need %d", len(raw), n, (n+7)/8)
	}
	out := make([]byte, n)
	for i := range out {
		out[i] = raw[i/8] >> uint(i%8) & 1
	}
	return out, nil
}

func (r *reader) decodeType(e *readEntry) error {
	c := e.data
	if !e.custom {
		text, err := c.cstring()
		if err != nil {
			return err
		}
		if r.opts.ParseType == nil {
			return c.errorf("no parser for the type %q", text)
		}
		t, err := r.opts.ParseType(text)
		if err != nil {
			return &errAt{e.data.base, fmt.Sprintf("cannot parse type %q: %v", text, err)}
		}
		e.typ = t
		return nil
	}
	if e.dialect != "builtin" {
		cd := r.codec(e.dialect)
		if cd == nil || cd.ReadType == nil {
			return unsupportedCustom(c, e.dialect, "types")
		}
		t, err := custom(r, c, cd.ReadType)
		if err == nil && t == nil {
			err = c.errorf("dialect '%s' decoded no type", e.dialect)
		}
		if err != nil {
			return err
		}
		e.typ = t
		return r.charge(c, t)
	}
	at := c.off()
	code, err := c.varint()
	if err != nil {
		return err
	}
	types := func() ([]ir.Type, error) {
		n, err := c.count("type")
		if err != nil {
			return nil, err
		}
		ts := make([]ir.Type, n)
		for i := range ts {
			if ts[i], err = r.typ(c); err != nil {
				return nil, err
			}
		}
		return ts, nil
	}
	shape := func() ([]int64, error) {
		n, err := c.count("dimension")
		if err != nil {
			return nil, err
		}
		dims := make([]int64, n)
		for i := range dims {
			at := c.off()
			if dims[i], err = c.svarint(); err != nil {
				return nil, err
			}
			switch {
			case dims[i] == dynamicDim:
				dims[i] = ir.Dynamic
			case dims[i] < 0:
				return nil, &errAt{at, fmt.Sprintf("invalid dimension %d", dims[i])}
			}
		}
		return dims, nil
	}
	switch code {
	case typeInteger:
		v, err := c.varint()
		if err != nil {
			return err
		}
		width, sign := v>>2, ir.Signedness(v&3)
		if sign > ir.Unsigned || width > 1<<24 {
			return &errAt{at, fmt.Sprintf("invalid integer type encoding %d", v)}
		}
		e.typ = r.ctx.IntegerType(int(width), sign)
	case typeIndex:
		e.typ = r.ctx.IndexType()
	case typeNone:
		e.typ = r.ctx.NoneType()
	case typeBF16:
		e.typ = r.ctx.FloatType(ir.BF16)
	case typeF16:
		e.typ = r.ctx.FloatType(ir.F16)
	case typeF32:
		e.typ = r.ctx.FloatType(ir.F32)
	case typeF64:
		e.typ = r.ctx.FloatType(ir.F64)
	case typeFunction:
		in, err := types()
		if err != nil {
			return err
		}
		out, err := types()
		if err != nil {
			return err
		}
		e.typ = r.ctx.FunctionType(in, out)
	case typeComplex:
		t, err := r.typ(c)
		if err != nil {
			return err
		}
		e.typ = r.ctx.ComplexType(t)
	case typeRankedTensor, typeRankedTensorWithEncoding:
		var enc ir.Attribute
		if code == typeRankedTensorWithEncoding {
			if enc, err = r.attr(c); err != nil {
				return err
			}
		}
		dims, err := shape()
		if err != nil {
			return err
		}
		t, err := r.typ(c)
		if err != nil {
			return err
		}
		e.typ = r.ctx.TensorType(dims, t, enc)
	case typeUnrankedTensor:
		t, err := r.typ(c)
		if err != nil {
			return err
		}
		e.typ = r.ctx.UnrankedTensorType(t)
	case typeVector:
		dims, err := shape()
		if err != nil {
			return err
		}
		t, err := r.typ(c)
		if err != nil {
			return err
		}
		e.typ = r.ctx.VectorType(dims, t)
	case typeTuple:
		ts, err := types()
		if err != nil {
			return err
		}
		e.typ = r.ctx.TupleType(ts)
	default:
		if code < uint64(len(builtinTypeNames)) {
			return &errAt{at, fmt.Sprintf("builtin %s is not supported by mlc", builtinTypeNames[code])}
		}
		return &errAt{at, fmt.Sprintf("unknown builtin type code %d", code)}
	}
	return r.charge(c, e.typ)
}

// ---- IR ----

func (r *reader) readIR(c *cursor) (*ir.Operation, error) {
	n, args, err := c.varintFlag()
	if err != nil {
		return nil, err
	}
	if args {
		return nil, c.errorf("the top-level block cannot have arguments")
	}
	if n > uint64(c.left()) {
		return nil, c.errorf("top-level op count %d exceeds the %d bytes left", n, c.left())
	}
	r.forward = map[*ir.Value]bool{}
	r.scopes = []*valueScope{{next: []int{0}}}
	block := ir.NewBlock(nil, nil)
	for i := uint64(0); i < n; i++ {
		if err := r.readOp(c, block, nil, 0); err != nil {
			return nil, err
		}
	}
	if len(r.forward) > 0 {
		return nil, c.errorf("not all forward operand references were resolved")
	}
	if !c.empty() {
		return nil, c.errorf("unexpected trailing data in the IR section")
	}
	if ops := block.Ops(); len(ops) == 1 && ops[0].Name() == "builtin.module" {
		ops[0].Remove()
		return ops[0], nil
	}
	module := r.ctx.NewOperation(ir.OperationState{
		Name: "builtin.module", NumRegions: 1,
		Loc: ir.FileLineColLoc{File: r.file, Line: 0, Col: 0},
	})
	body := ir.NewBlock(nil, nil)
	module.Region(0).AppendBlock(body)
	for _, op := range block.Ops() {
		op.Remove()
		body.Append(op)
	}
	return module, nil
}

func (r *reader) scope() *valueScope { return r.scopes[len(r.scopes)-1] }

// operand reads a value index; a value not yet defined gets a placeholder
// that its definition replaces.
func (r *reader) operand(c *cursor) (*ir.Value, error) {
	s := r.scope()
	i, err := c.index(len(s.values), "value")
	if err != nil {
		return nil, err
	}
	if s.values[i] == nil {
		ph := r.ctx.NewOperation(ir.OperationState{Name: "builtin.unrealized_conversion_cast", ResultTypes: []ir.Type{r.ctx.NoneType()}})
		s.values[i] = ph.Result(0)
		r.forward[s.values[i]] = true
	}
	return s.values[i], nil
}

func (r *reader) define(c *cursor, vals []*ir.Value) error {
	s := r.scope()
	next := &s.next[len(s.next)-1]
	if *next+len(vals) > len(s.values) {
		return c.errorf("value index range was outside of the expected range for the parent region, got [%d, %d), but the maximum index was %d", *next, *next+len(vals), len(s.values)-1)
	}
	for _, v := range vals {
		if old := s.values[*next]; old != nil && r.forward[old] {
			old.ReplaceAllUsesWith(v)
			delete(r.forward, old)
		}
		s.values[*next] = v
		*next++
	}
	return nil
}

func (r *reader) readOp(c *cursor, block *ir.Block, blocks []*ir.Block, depth int) error {
	start := c.off()
	ni, err := c.index(len(r.opNames), "operation name")
	if err != nil {
		return err
	}
	on := r.opNames[ni]
	name := on.dialect
	if on.name != "" {
		name += "." + on.name
	}
	if r.ctx.LookupOp(name) == nil {
		if r.ctx.LookupDialect(on.dialect) != nil {
			return &errAt{start, fmt.Sprintf("unregistered operation '%s' found in dialect ('%s') that does not allow unknown operations", name, on.dialect)}
		}
		if !r.ctx.AllowUnregistered {
			return &errAt{start, fmt.Sprintf("dialect '%s' is unknown. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used", on.dialect)}
		}
	}
	mask, err := c.byte()
	if err != nil {
		return err
	}
	st := ir.OperationState{Name: name}
	if st.Loc, err = r.loc(c); err != nil {
		return err
	}
	if mask&maskAttrs != 0 {
		at := c.off()
		a, err := r.attr(c)
		if err != nil {
			return err
		}
		d, ok := a.(*ir.DictionaryAttr)
		if !ok {
			return &errAt{at, "expected a dictionary of attributes, but got " + a.String()}
		}
		st.Attrs = d.Entries
	}
	if mask&maskProperties != 0 {
		if r.version < vNativeProperties {
			return &errAt{start, fmt.Sprintf("op '%s' has properties, which bytecode version %d cannot hold", name, r.version)}
		}
		if st.Props, err = r.properties(c, on, name); err != nil {
			return err
		}
	}
	if mask&maskResults != 0 {
		n, err := c.count("result")
		if err != nil {
			return err
		}
		st.ResultTypes = make([]ir.Type, n)
		for i := range st.ResultTypes {
			if st.ResultTypes[i], err = r.typ(c); err != nil {
				return err
			}
		}
	}
	if mask&maskOperands != 0 {
		n, err := c.count("operand")
		if err != nil {
			return err
		}
		st.Operands = make([]*ir.Value, n)
		for i := range st.Operands {
			if st.Operands[i], err = r.operand(c); err != nil {
				return err
			}
		}
	}
	if mask&maskSuccessors != 0 {
		n, err := c.count("successor")
		if err != nil {
			return err
		}
		st.Successors = make([]*ir.Block, n)
		for i := range st.Successors {
			j, err := c.index(len(blocks), "successor")
			if err != nil {
				return err
			}
			st.Successors[i] = blocks[j]
		}
	}
	if mask&maskUseListOrder != 0 && r.version >= vUseListOrdering {
		if err := skipUseLists(c, len(st.ResultTypes)); err != nil {
			return err
		}
	}
	numRegions, iso := 0, false
	if mask&maskInlineRegion != 0 {
		n, f, err := c.varintFlag()
		if err != nil {
			return err
		}
		if n > uint64(c.left()) {
			return c.errorf("region count %d exceeds the %d bytes left", n, c.left())
		}
		numRegions, iso = int(n), f
	}
	st.NumRegions = numRegions
	moveInherentAttrs(r.ctx, &st)
	op := r.ctx.NewOperation(st)
	block.Append(op)
	if err := r.define(c, op.Results()); err != nil {
		return err
	}
	if numRegions == 0 {
		return nil
	}
	if depth >= maxRegionDepth {
		return c.errorf("regions nest deeper than %d", maxRegionDepth)
	}
	rc := c
	if iso && r.version >= vLazyLoading {
		id, body, err := c.section()
		if err != nil {
			return err
		}
		if id != secIR {
			return c.errorf("expected IR section for region")
		}
		rc = body
	}
	if iso {
		r.scopes = append(r.scopes, &valueScope{})
	}
	for _, reg := range op.Regions() {
		if err := r.readRegion(rc, reg, depth+1); err != nil {
			return err
		}
	}
	if iso {
		r.scopes = r.scopes[:len(r.scopes)-1]
		if rc != c && !rc.empty() {
			return rc.errorf("unexpected trailing data in the region section")
		}
	}
	return nil
}

// moveInherentAttrs puts a registered op's inherent attributes, found in
// its attribute dictionary (files before version 5 keep them there), into
// its properties, as MLIR and the text parser do.
func moveInherentAttrs(ctx *ir.Context, st *ir.OperationState) {
	info := ctx.LookupOp(st.Name)
	if info == nil || len(info.Props) == 0 || len(st.Attrs) == 0 {
		return
	}
	var props, rest []ir.NamedAttr
	if st.Props != nil {
		props = append(props, st.Props.Entries...)
	}
	for _, a := range st.Attrs {
		inherent := false
		for _, p := range info.Props {
			inherent = inherent || p == a.Name
		}
		if inherent {
			props = append(props, a)
		} else {
			rest = append(rest, a)
		}
	}
	if len(rest) < len(st.Attrs) {
		st.Attrs, st.Props = rest, ctx.DictionaryAttr(props)
	}
}

// properties decodes an op's properties: an attribute for ops written as
// unregistered, the native encoding (nativeProps) for registered ones.
func (r *reader) properties(c *cursor, on readOpName, name string) (*ir.DictionaryAttr, error) {
	at := c.off()
	i, err := c.index(len(r.props), "properties")
	if err != nil {
		return nil, err
	}
	p := *r.props[i]
	pc := &p
	if !on.registered {
		a, err := r.attr(pc)
		if err != nil {
			return nil, err
		}
		if !pc.empty() {
			return nil, pc.errorf("unexpected trailing bytes after the properties of '%s'", name)
		}
		d, ok := a.(*ir.DictionaryAttr)
		if !ok {
			return nil, &errAt{at, fmt.Sprintf("expected the properties of '%s' to be a dictionary, but got %s", name, a)}
		}
		return d, nil
	}
	fields, ok := nativeProps[name]
	if !ok {
		return nil, &errAt{at, fmt.Sprintf("'%s' was written with MLIR's native properties encoding, which mlc knows only for %s", name, knownNative())}
	}
	var entries []ir.NamedAttr
	for _, f := range fields {
		present := true
		var a ir.Attribute
		if f.optional {
			at := pc.off()
			v, flag, err := pc.varintFlag()
			if err != nil {
				return nil, err
			}
			if present = flag; present {
				if v >= uint64(len(r.attrs)) {
					return nil, &errAt{at, fmt.Sprintf("invalid attribute index %d (the table has %d)", v, len(r.attrs))}
				}
				e, err := r.entry(r.attrs, int(v), "attribute", r.decodeAttr)
				if err != nil {
					return nil, err
				}
				if e.attr == nil {
					return nil, &errAt{at, "expected an attribute, but got a location"}
				}
				a = e.attr
			}
		} else if a, err = r.attr(pc); err != nil {
			return nil, err
		}
		if present {
			entries = append(entries, ir.NamedAttr{Name: f.name, Value: a})
		}
	}
	if !pc.empty() {
		return nil, pc.errorf("unexpected trailing bytes after the properties of '%s'", name)
	}
	if len(entries) == 0 {
		return nil, nil
	}
	return r.ctx.DictionaryAttr(entries), nil
}

func knownNative() string {
	var names []string
	for n := range nativeProps {
		names = append(names, n)
	}
	sortStrings(names)
	return strings.Join(names, ", ")
}

// skipUseLists reads use-list orders, which ir does not keep.
func skipUseLists(c *cursor, numValues int) error {
	n := uint64(1)
	var err error
	if numValues > 1 {
		if n, err = c.varint(); err != nil {
			return err
		}
	}
	if n > uint64(c.left()) {
		return c.errorf("use-list count %d exceeds the %d bytes left", n, c.left())
	}
	for i := uint64(0); i < n; i++ {
		if numValues > 1 {
			if _, err := c.varint(); err != nil {
				return err
			}
		}
		k, _, err := c.varintFlag()
		if err != nil {
			return err
		}
		if k > uint64(c.left()) {
			return c.errorf("use-list length %d exceeds the %d bytes left", k, c.left())
		}
		for j := uint64(0); j < k; j++ {
			if _, err := c.varint(); err != nil {
				return err
			}
		}
	}
	return nil
}

func (r *reader) readRegion(c *cursor, reg *ir.Region, depth int) error {
	nb, err := c.count("block")
	if err != nil {
		return err
	}
	if nb == 0 {
		return nil
	}
	at := c.off()
	nv, err := c.varint()
	if err != nil {
		return err
	}
	if nv > uint64(len(r.data)-r.reserved) {
		return &errAt{at, fmt.Sprintf("region value count %d exceeds what the file can define", nv)}
	}
	s := r.scope()
	first := len(s.values)
	s.values = append(s.values, make([]*ir.Value, nv)...)
	s.next = append(s.next, first)
	r.reserved += int(nv)
	blocks := make([]*ir.Block, nb)
	for i := range blocks {
		blocks[i] = ir.NewBlock(nil, nil)
		reg.AppendBlock(blocks[i])
	}
	for _, b := range blocks {
		n, hasArgs, err := c.varintFlag()
		if err != nil {
			return err
		}
		if n > uint64(c.left()) {
			return c.errorf("op count %d exceeds the %d bytes left", n, c.left())
		}
		if hasArgs {
			if err := r.blockArgs(c, b); err != nil {
				return err
			}
		}
		for i := uint64(0); i < n; i++ {
			if err := r.readOp(c, b, blocks, depth); err != nil {
				return err
			}
		}
	}
	for _, v := range s.values[first:] {
		if v != nil && r.forward[v] {
			return c.errorf("a value used in a region is never defined in it")
		}
	}
	s.values = s.values[:first]
	s.next = s.next[:len(s.next)-1]
	r.reserved -= int(nv)
	return nil
}

func (r *reader) blockArgs(c *cursor, b *ir.Block) error {
	n, err := c.count("block argument")
	if err != nil {
		return err
	}
	for i := 0; i < n; i++ {
		var t ir.Type
		var loc ir.Location = ir.UnknownLoc{}
		if r.version >= vElideUnknownArgLoc {
			at := c.off()
			ti, hasLoc, err := c.varintFlag()
			if err != nil {
				return err
			}
			if ti >= uint64(len(r.types)) {
				return &errAt{at, fmt.Sprintf("invalid type index %d (the table has %d)", ti, len(r.types))}
			}
			e, err := r.entry(r.types, int(ti), "type", r.decodeType)
			if err != nil {
				return err
			}
			t = e.typ
			if hasLoc {
				if loc, err = r.loc(c); err != nil {
					return err
				}
			}
		} else {
			if t, err = r.typ(c); err != nil {
				return err
			}
			if loc, err = r.loc(c); err != nil {
				return err
			}
		}
		b.AddArg(t, loc)
	}
	if err := r.define(c, b.Args()); err != nil {
		return err
	}
	if r.version >= vUseListOrdering {
		has, err := c.byte()
		if err != nil {
			return err
		}
		if has != 0 {
			if err := skipUseLists(c, b.NumArgs()); err != nil {
				return err
			}
		}
	}
	return nil
}
