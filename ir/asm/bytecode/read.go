package bytecode

import (
	"errors"
	"fmt"

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
