package ir

import (
	"hash/maphash"
	"sort"
	"strings"
	"sync"
)

// Context owns interned types and attributes, registered dialects and
// op definitions, resource blobs and the diagnostic handler. It is safe
// for concurrent use so that passes can run per function in parallel.
type Context struct {
	mu    sync.RWMutex
	types map[string]Type
	attrs map[string]Attribute
	// dense interns DenseElementsAttr by type and payload (see
	// DenseElementsAttr), not by text.
	dense      map[denseKey][]*DenseElementsAttr
	denseSeed  maphash.Seed
	denseCount uint64

	floats    [5]*FloatType
	index     *IndexType
	none      *NoneType
	unit      *UnitAttr
	trueAttr  *BoolAttr
	falseAttr *BoolAttr

	dialects map[string]*Dialect
	ops      map[string]*OpInfo
	// opDefs is the record ops of a name share; registering a dialect
	// drops the records of its op names, so ops created afterwards see
	// the definition and those created before keep theirs.
	opDefs map[string]*opDef

	resMu     sync.Mutex
	resources map[string]*ResourceBlob

	// AllowUnregistered lets ops of unknown dialects through the parser
	// and verifier (mlir-opt's --allow-unregistered-dialect).
	AllowUnregistered bool

	// SingleThreaded keeps work that would use goroutines (the streamed
	// parse of large files) on the calling one, as MLIR's
	// disableMultithreading (mlir-opt's --mlir-disable-threading).
	SingleThreaded bool

	diagMu      sync.Mutex
	diagHandler func(*Diagnostic)
}

// NewContext returns a context with the builtin types ready.
func NewContext() *Context {
	c := &Context{
		types:     map[string]Type{},
		attrs:     map[string]Attribute{},
		dense:     map[denseKey][]*DenseElementsAttr{},
		denseSeed: maphash.MakeSeed(),
		dialects:  map[string]*Dialect{},
		ops:       map[string]*OpInfo{},
		opDefs:    map[string]*opDef{},
		resources: map[string]*ResourceBlob{},
		index:     &IndexType{},
		none:      &NoneType{},
		unit:      &UnitAttr{},
		trueAttr:  &BoolAttr{Value: true},
		falseAttr: &BoolAttr{Value: false},
	}
	for k := range c.floats {
		c.floats[k] = &FloatType{Kind: FloatKind(k)}
		c.types[c.floats[k].String()] = c.floats[k]
	}
	c.types["index"] = c.index
	c.types["none"] = c.none
	return c
}

func (c *Context) internType(key string, make func() Type) Type {
	return intern(&c.mu, c.types, key, make)
}

func (c *Context) internAttr(key string, make func() Attribute) Attribute {
	return intern(&c.mu, c.attrs, key, make)
}

// intern returns m[key], creating it with make under the write lock only
// when a read finds nothing, so lookups of existing entries stay shared.
func intern[T any](mu *sync.RWMutex, m map[string]T, key string, make func() T) T {
	mu.RLock()
	v, ok := m[key]
	mu.RUnlock()
	if ok {
		return v
	}
	mu.Lock()
	defer mu.Unlock()
	if v, ok := m[key]; ok {
		return v
	}
	v = make()
	m[key] = v
	return v
}

// LookupType returns an already interned type by its text, for parsers
// that want to skip rebuilding a type they have seen.
func (c *Context) LookupType(text string) Type {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.types[text]
}

// ---- dialects and op definitions ----

// Dialect is a namespace of ops, types and attributes. Dialect packages
// fill it from their op tables.
type Dialect struct {
	Name string
	Doc  string
	// ParseAttr parses a dialect attribute from the text after "#name"
	// (starting with "." or "<"); nil means the dialect's attributes are
	// kept opaque. (Types are parsed by a syntax attached to the dialect,
	// see ir/asm.TypeSyntax.)
	ParseAttr func(ctx *Context, body string) (Attribute, error)
	// MaterializeConstant builds an op producing value with type t, so
	// folders' constant results can become IR; nil: the dialect's folds
	// to constants are not materialised.
	MaterializeConstant func(b *Builder, value Attribute, t Type, loc Location) *Operation

	ops []*OpInfo
	// interfaces are the dialect's open interfaces (see Interface).
	interfaces []any
}

// Ops lists the dialect's op definitions sorted by name.
func (d *Dialect) Ops() []*OpInfo { return d.ops }

// Trait is a property of an op that generic code may rely on.
type Trait uint32

const (
	Terminator Trait = 1 << iota
	IsolatedFromAbove
	SymbolTableTrait // the op's single region holds a symbol table
	Symbol           // the op defines a symbol via its sym_name attribute
	NoTerminator     // single-block regions without a terminator
	GraphRegions     // regions are graph regions: no dominance
	Pure             // no side effects: erasable when unused, CSE-able
	Commutative
	Elementwise
	SameOperandsAndResultShape
	SameOperandsAndResultElementType
	SingleBlock
	ReturnLike
	ConstantLike
)

var traitNames = map[Trait]string{
	Terminator: "Terminator", IsolatedFromAbove: "IsolatedFromAbove", SymbolTableTrait: "SymbolTable",
	Symbol: "Symbol", NoTerminator: "NoTerminator", GraphRegions: "GraphRegions", Pure: "Pure",
	Commutative: "Commutative", Elementwise: "Elementwise",
	SameOperandsAndResultShape:       "SameOperandsAndResultShape",
	SameOperandsAndResultElementType: "SameOperandsAndResultElementType",
	SingleBlock:                      "SingleBlock", ReturnLike: "ReturnLike", ConstantLike: "ConstantLike",
}

// Names lists the traits in the set, sorted.
func (t Trait) Names() []string {
	var out []string
	for bit, name := range traitNames {
		if t&bit != 0 {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// OpInfo is the registered definition of an op that generic code needs:
// traits and hooks. Dialect packages build it from their op tables and
// keep their richer definition in Def.
type OpInfo struct {
	Name    string // "dialect.op"
	Dialect *Dialect
	Traits  Trait
	// Verify checks op-specific invariants; it returns an error whose
	// text follows "'name' op " in the diagnostic, or a *Diagnostic.
	Verify func(op *Operation) error
	// Props names the inherent attributes kept as properties (<{...}>);
	// the parser moves them there from the attribute dictionary.
	Props []string
	// Fold computes results from constant operands (nil when not
	// constant): per result, an attribute to materialise or an existing
	// value. It returns nil when it cannot fold.
	Fold func(op *Operation, operands []Attribute) []FoldResult
	// Patterns are the op's canonicalisation patterns.
	Patterns []Pattern
	// Call describes a call op (MLIR's CallOpInterface); nil otherwise.
	Call *CallInterface
	// CallableRegion gives the body of a callable op (a function), nil
	// for a declaration; nil hook: not callable.
	CallableRegion func(op *Operation) *Region
	// SuccessorOperands gives the operands forwarded to successor i.
	SuccessorOperands func(op *Operation, i int) []*Value
	// Def is the dialect framework's full definition, opaque to ir.
	Def any

	// interfaces are the op's open interfaces (see Interface, Attach).
	interfaces []any
}

// CallInterface lets generic passes (the inliner) see calls.
type CallInterface struct {
	Callee func(op *Operation) *SymbolRefAttr
	Args   func(op *Operation) []*Value
}

// FoldResult is one folded result: a constant or an existing value.
type FoldResult struct {
	Attr  Attribute
	Value *Value
}

// Has reports whether the op definition carries trait t.
func (o *OpInfo) Has(t Trait) bool { return o != nil && o.Traits&t != 0 }

// RegisterDialect adds a dialect and its ops. Registering a name twice
// replaces nothing and returns the existing dialect.
func (c *Context) RegisterDialect(d *Dialect, ops ...*OpInfo) *Dialect {
	c.mu.Lock()
	defer c.mu.Unlock()
	if old, ok := c.dialects[d.Name]; ok {
		return old
	}
	c.dialects[d.Name] = d
	for _, o := range ops {
		o.Dialect = d
		c.ops[o.Name] = o
		delete(c.opDefs, o.Name)
		d.ops = append(d.ops, o)
	}
	sort.Slice(d.ops, func(i, j int) bool { return d.ops[i].Name < d.ops[j].Name })
	return d
}

// LookupDialect returns a registered dialect or nil.
func (c *Context) LookupDialect(name string) *Dialect {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.dialects[name]
}

// Dialects lists registered dialects sorted by name.
func (c *Context) Dialects() []*Dialect {
	c.mu.RLock()
	defer c.mu.RUnlock()
	out := make([]*Dialect, 0, len(c.dialects))
	for _, d := range c.dialects {
		out = append(out, d)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// opDef returns the shared record for ops named name.
func (c *Context) opDef(name string) *opDef {
	c.mu.RLock()
	d := c.opDefs[name]
	c.mu.RUnlock()
	if d != nil {
		return d
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if d := c.opDefs[name]; d != nil {
		return d
	}
	d = &opDef{ctx: c, name: name, info: c.ops[name]}
	c.opDefs[name] = d
	return d
}

// LookupOp returns the definition of a registered op or nil.
func (c *Context) LookupOp(name string) *OpInfo {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.ops[name]
}

// DialectOf is the namespace part of an op name ("core" of "core.add").
func DialectOf(opName string) string {
	if i := strings.IndexByte(opName, '.'); i >= 0 {
		return opName[:i]
	}
	return ""
}

// ---- resources ----

// ResourceBlob is named binary data owned by a dialect (MLIR's
// dialect_resources), referenced by dense_resource attributes.
type ResourceBlob struct {
	Key       string
	Dialect   string // "builtin" for dense_resource
	Alignment uint32
	Data      []byte // nil when declared but not provided
	// Release, when set, is called by printers with each part of Data
	// they have written: Data is then a read-only file mapping whose
	// pages may leave memory and are read back on the next touch, so
	// printing a model does not make all of its weights resident.
	Release func(part []byte)
}

// Resource returns the blob named key, creating an empty declaration.
func (c *Context) Resource(dialect, key string) *ResourceBlob {
	c.resMu.Lock()
	defer c.resMu.Unlock()
	full := dialect + "\x00" + key
	if b, ok := c.resources[full]; ok {
		return b
	}
	b := &ResourceBlob{Key: key, Dialect: dialect}
	c.resources[full] = b
	return b
}

// NewResource adds a blob under a key derived from want that is not yet
// taken (MLIR appends _N on collision) and returns it.
func (c *Context) NewResource(dialect, want string, alignment uint32, data []byte) *ResourceBlob {
	c.resMu.Lock()
	defer c.resMu.Unlock()
	key := want
	for i := 1; ; i++ {
		if _, taken := c.resources[dialect+"\x00"+key]; !taken {
			break
		}
		key = want + "_" + itoa(i)
	}
	b := &ResourceBlob{Key: key, Dialect: dialect, Alignment: alignment, Data: data}
	c.resources[dialect+"\x00"+key] = b
	return b
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var buf [20]byte
	n := len(buf)
	for i > 0 {
		n--
		buf[n] = byte('0' + i%10)
		i /= 10
	}
	return string(buf[n:])
}
