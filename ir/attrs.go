package ir

import (
	"bytes"
	"encoding/binary"
	"hash/maphash"
	"math"
	"math/big"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Attribute is an interned compile-time constant. Equal attributes are the
// same pointer. String gives MLIR's syntax and is the interning key.
type Attribute interface {
	String() string
	isAttr()
}

// TypedAttr is an attribute that carries a type (integers, floats, dense).
type TypedAttr interface {
	Attribute
	AttrType() Type
}

// IntegerAttr is an integer (or i1 bool) of a given integer or index type.
// Values wider than 64 bits live in Big.
type IntegerAttr struct {
	Type  Type
	Value int64
	Big   *big.Int // non-nil only for widths above 64 bits
	text  string
}

func (a *IntegerAttr) String() string { return a.text }
func (*IntegerAttr) isAttr()          {}
func (a *IntegerAttr) AttrType() Type { return a.Type }

// FloatAttr is a floating-point constant, held as float64 already rounded
// to its type's precision.
type FloatAttr struct {
	Type  *FloatType
	Value float64
	text  string
}

func (a *FloatAttr) String() string { return a.text }
func (*FloatAttr) isAttr()          {}
func (a *FloatAttr) AttrType() Type { return a.Type }

// BoolAttr is true or false (MLIR's i1 IntegerAttr printed as a keyword).
type BoolAttr struct{ Value bool }

func (a *BoolAttr) String() string { return strconv.FormatBool(a.Value) }
func (*BoolAttr) isAttr()          {}

// StringAttr is a byte string (not necessarily UTF-8), optionally typed.
type StringAttr struct {
	Value string
	Type  Type // nil unless written "str" : type
	text  string
}

func (a *StringAttr) String() string { return a.text }
func (*StringAttr) isAttr()          {}

// UnitAttr is a present-but-valueless attribute.
type UnitAttr struct{}

func (*UnitAttr) String() string { return "unit" }
func (*UnitAttr) isAttr()        {}

// ArrayAttr is [a, b, c].
type ArrayAttr struct {
	Elems []Attribute
	text  string
}

func (a *ArrayAttr) String() string { return a.text }
func (*ArrayAttr) isAttr()          {}

// NamedAttr is one name = value entry of a dictionary.
type NamedAttr struct {
	Name  string
	Value Attribute
}

// DictionaryAttr is {a = 1, b}, kept sorted by name so lookups are binary
// searches and printing is canonical.
type DictionaryAttr struct {
	Entries []NamedAttr
	once    sync.Once
	text    string // made on first use, like dense attributes' text
}

func (a *DictionaryAttr) String() string {
	a.once.Do(func() { a.text = dictText(a.Entries) })
	return a.text
}
func (*DictionaryAttr) isAttr() {}

// Get returns the value for name, or nil.
func (a *DictionaryAttr) Get(name string) Attribute {
	if a == nil {
		return nil
	}
	i := sort.Search(len(a.Entries), func(i int) bool { return a.Entries[i].Name >= name })
	if i < len(a.Entries) && a.Entries[i].Name == name {
		return a.Entries[i].Value
	}
	return nil
}

// TypeAttr wraps a type used as an attribute.
type TypeAttr struct{ Type Type }

func (a *TypeAttr) String() string { return a.Type.String() }
func (*TypeAttr) isAttr()          {}

// SymbolRefAttr is @root::@nested::@leaf.
type SymbolRefAttr struct {
	Root   string
	Nested []string
	text   string
}

func (a *SymbolRefAttr) String() string { return a.text }
func (*SymbolRefAttr) isAttr()          {}

// Leaf is the last symbol of the reference.
func (a *SymbolRefAttr) Leaf() string {
	if len(a.Nested) > 0 {
		return a.Nested[len(a.Nested)-1]
	}
	return a.Root
}

// DenseArrayAttr is array<i64: 1, 2>, MLIR's compact integer/float array.
type DenseArrayAttr struct {
	Elem   Type
	Ints   []int64
	Floats []float64
	text   string
}

func (a *DenseArrayAttr) String() string { return a.text }
func (*DenseArrayAttr) isAttr()          {}

// Len is the number of elements.
func (a *DenseArrayAttr) Len() int {
	if IsFloat(a.Elem) {
		return len(a.Floats)
	}
	return len(a.Ints)
}

// DenseElementsAttr holds tensor data inline: little-endian elements of
// the element type's byte width (i1 as one byte). A splat stores one
// element.
type DenseElementsAttr struct {
	Type  StaticShaped
	Raw   []byte
	Splat bool
	id    uint64 // order of interning in its context, for dictKey
	once  sync.Once
	text  string // made on first use: folding makes many never printed
}

func (a *DenseElementsAttr) String() string {
	a.once.Do(func() { a.text = denseText(a) })
	return a.text
}

// denseKey buckets interned dense attributes; entries of a bucket are
// told apart by their payload.
type denseKey struct {
	typ   StaticShaped
	splat bool
	hash  uint64
}

func (*DenseElementsAttr) isAttr()          {}
func (a *DenseElementsAttr) AttrType() Type { return a.Type }

// DenseResourceAttr refers to a blob in the module's dialect_resources.
type DenseResourceAttr struct {
	Type   ShapedType
	Handle *ResourceBlob
	text   string
}

func (a *DenseResourceAttr) String() string { return a.text }
func (*DenseResourceAttr) isAttr()          {}
func (a *DenseResourceAttr) AttrType() Type { return a.Type }

// OpaqueAttr is a dialect attribute kept as text: #dialect.rest or
// #dialect<...>; Body starts with '.' or '<'.
type OpaqueAttr struct {
	Dialect string
	Body    string
	text    string
}

func (a *OpaqueAttr) String() string { return a.text }
func (*OpaqueAttr) isAttr()          {}

// DialectAttr is implemented by attributes that dialects define.
type DialectAttr interface {
	Attribute
	DialectName() string
}

func (a *OpaqueAttr) DialectName() string { return a.Dialect }

// ---- construction ----

func (c *Context) UnitAttr() *UnitAttr { return c.unit }
func (c *Context) BoolAttr(v bool) *BoolAttr {
	if v {
		return c.trueAttr
	}
	return c.falseAttr
}

// IntegerAttr makes an integer attribute of type t (integer or index),
// wrapping v to the type's width.
func (c *Context) IntegerAttr(t Type, v int64) *IntegerAttr {
	if it, ok := t.(*IntegerType); ok && it.Width < 64 && it.Width > 0 {
		v = wrapInt(v, it.Width, it.Signedness == Unsigned)
	}
	text := formatInt(t, v)
	if !IsInteger(t, 1) {
		text += " : " + t.String()
	}
	return c.internAttr(text, func() Attribute { return &IntegerAttr{Type: t, Value: v, text: text} }).(*IntegerAttr)
}

// BigIntegerAttr makes an integer attribute wider than 64 bits.
func (c *Context) BigIntegerAttr(t Type, v *big.Int) *IntegerAttr {
	if v.IsInt64() {
		if it, ok := t.(*IntegerType); !ok || it.Width <= 64 {
			return c.IntegerAttr(t, v.Int64())
		}
	}
	text := v.String() + " : " + t.String()
	cp := new(big.Int).Set(v)
	return c.internAttr(text, func() Attribute { return &IntegerAttr{Type: t, Value: cp.Int64(), Big: cp, text: text} }).(*IntegerAttr)
}

// wrapInt truncates v to width bits, sign- or zero-extending back.
func wrapInt(v int64, width int, unsigned bool) int64 {
	shift := 64 - uint(width)
	if unsigned || width == 1 {
		return int64(uint64(v) << shift >> shift)
	}
	return v << shift >> shift
}

func formatInt(t Type, v int64) string {
	if it, ok := t.(*IntegerType); ok {
		if it.Width == 1 {
			if v != 0 {
				return "true"
			}
			return "false"
		}
		if it.Signedness == Unsigned {
			return strconv.FormatUint(uint64(v), 10)
		}
	}
	return strconv.FormatInt(v, 10)
}

// FloatAttr makes a float attribute, rounding v to t's precision.
func (c *Context) FloatAttr(t *FloatType, v float64) *FloatAttr {
	v = RoundToFloatType(t.Kind, v)
	text := FormatFloat(t.Kind, v) + " : " + t.String()
	return c.internAttr(text, func() Attribute { return &FloatAttr{Type: t, Value: v, text: text} }).(*FloatAttr)
}

// StringAttr makes a string attribute; typ may be nil.
func (c *Context) StringAttr(s string) *StringAttr { return c.TypedStringAttr(s, nil) }

func (c *Context) TypedStringAttr(s string, typ Type) *StringAttr {
	text := QuoteString(s)
	if typ != nil {
		text += " : " + typ.String()
	}
	return c.internAttr(text, func() Attribute { return &StringAttr{Value: s, Type: typ, text: text} }).(*StringAttr)
}

// QuoteString writes s as MLIR prints strings: printable ASCII as is,
// backslash and quote escaped, everything else as \XX.
func QuoteString(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == '\\':
			b.WriteString(`\\`)
		case ch == '"' || ch < 0x20 || ch >= 0x7f:
			b.WriteByte('\\')
			b.WriteByte(hex[ch>>4])
			b.WriteByte(hex[ch&15])
		default:
			b.WriteByte(ch)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// elidedString prints an attribute inside an array, where MLIR leaves out
// the default i64 and f64 types.
func elidedString(a Attribute) string {
	switch a := a.(type) {
	case *IntegerAttr:
		if it, ok := a.Type.(*IntegerType); ok && it.Width == 64 && it.Signedness == Signless {
			if a.Big != nil {
				return a.Big.String()
			}
			return strconv.FormatInt(a.Value, 10)
		}
	case *FloatAttr:
		if a.Type.Kind == F64 {
			return FormatFloat(F64, a.Value)
		}
	}
	return a.String()
}

func (c *Context) ArrayAttr(elems []Attribute) *ArrayAttr {
	var b strings.Builder
	b.WriteByte('[')
	for i, e := range elems {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(elidedString(e))
	}
	b.WriteByte(']')
	text := b.String()
	return c.internAttr(text, func() Attribute { return &ArrayAttr{Elems: append([]Attribute(nil), elems...), text: text} }).(*ArrayAttr)
}

// DictionaryAttr sorts entries by name; a later duplicate name wins, but
// the asm parser reports duplicates before getting here.
func (c *Context) DictionaryAttr(entries []NamedAttr) *DictionaryAttr {
	sorted := append([]NamedAttr(nil), entries...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Name < sorted[j].Name })
	out := sorted[:0]
	for _, e := range sorted {
		if len(out) > 0 && out[len(out)-1].Name == e.Name {
			out[len(out)-1] = e
			continue
		}
		out = append(out, e)
	}
	return c.internAttr(dictKey(out), func() Attribute { return &DictionaryAttr{Entries: out} }).(*DictionaryAttr)
}

// dictKey is the interning key of a dictionary: its text, except that a
// dense elements value (interned by its bytes, see DenseElementsAttr)
// stands for itself by its interning number, so that making an op's properties does
// not format its constant. \x01 keeps keys apart from texts.
func dictKey(entries []NamedAttr) string {
	var b strings.Builder
	b.WriteString("\x01{")
	for i, e := range entries {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(FormatAttrName(e.Name))
		switch v := e.Value.(type) {
		case *UnitAttr:
		case *DenseElementsAttr:
			b.WriteString(" = \x01dense#")
			b.WriteString(strconv.FormatUint(v.id, 10))
		default:
			b.WriteString(" = ")
			b.WriteString(v.String())
		}
	}
	b.WriteByte('}')
	return b.String()
}

func dictText(entries []NamedAttr) string {
	var b strings.Builder
	b.WriteByte('{')
	for i, e := range entries {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(FormatAttrName(e.Name))
		if _, unit := e.Value.(*UnitAttr); !unit {
			b.WriteString(" = ")
			b.WriteString(e.Value.String())
		}
	}
	b.WriteByte('}')
	return b.String()
}

// FormatAttrName quotes a dictionary key unless it is a bare identifier.
func FormatAttrName(name string) string {
	if IsBareIdentifier(name) {
		return name
	}
	return QuoteString(name)
}

// IsBareIdentifier reports whether s matches MLIR's bare-id:
// (letter|_) (letter|digit|_|$|.)*
func IsBareIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		ch := s[i]
		isLetter := ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch == '_'
		if i == 0 && !isLetter {
			return false
		}
		if !isLetter && !(ch >= '0' && ch <= '9') && ch != '$' && ch != '.' {
			return false
		}
	}
	return true
}

func (c *Context) TypeAttr(t Type) *TypeAttr {
	return c.internAttr("type:"+t.String(), func() Attribute { return &TypeAttr{Type: t} }).(*TypeAttr)
}

func formatSymbol(s string) string {
	if IsBareIdentifier(s) {
		return "@" + s
	}
	return "@" + QuoteString(s)
}

func (c *Context) SymbolRefAttr(root string, nested ...string) *SymbolRefAttr {
	var b strings.Builder // not +=: that is quadratic in the nesting
	b.WriteString(formatSymbol(root))
	for _, n := range nested {
		b.WriteString("::")
		b.WriteString(formatSymbol(n))
	}
	text := b.String()
	return c.internAttr(text, func() Attribute {
		return &SymbolRefAttr{Root: root, Nested: append([]string(nil), nested...), text: text}
	}).(*SymbolRefAttr)
}

// DenseI64ArrayAttr etc. make array<T: ...>.
func (c *Context) DenseIntArrayAttr(elem *IntegerType, vals []int64) *DenseArrayAttr {
	var b strings.Builder
	b.WriteString("array<")
	b.WriteString(elem.String())
	for i, v := range vals {
		if i == 0 {
			b.WriteString(": ")
		} else {
			b.WriteString(", ")
		}
		b.WriteString(formatInt(elem, v))
	}
	b.WriteByte('>')
	text := b.String()
	return c.internAttr(text, func() Attribute {
		return &DenseArrayAttr{Elem: elem, Ints: append([]int64(nil), vals...), text: text}
	}).(*DenseArrayAttr)
}

func (c *Context) DenseFloatArrayAttr(elem *FloatType, vals []float64) *DenseArrayAttr {
	var b strings.Builder
	b.WriteString("array<")
	b.WriteString(elem.String())
	rounded := make([]float64, len(vals))
	for i, v := range vals {
		rounded[i] = RoundToFloatType(elem.Kind, v)
		if i == 0 {
			b.WriteString(": ")
		} else {
			b.WriteString(", ")
		}
		b.WriteString(FormatFloat(elem.Kind, rounded[i]))
	}
	b.WriteByte('>')
	text := b.String()
	return c.internAttr(text, func() Attribute { return &DenseArrayAttr{Elem: elem, Floats: rounded, text: text} }).(*DenseArrayAttr)
}

func (c *Context) OpaqueAttr(dialect, body string) *OpaqueAttr {
	text := "#" + dialect + body
	return c.internAttr(text, func() Attribute { return &OpaqueAttr{Dialect: dialect, Body: body, text: text} }).(*OpaqueAttr)
}

// InternDialectAttr uniques a dialect-defined attribute by its printed form.
func (c *Context) InternDialectAttr(text string, make func() DialectAttr) DialectAttr {
	return c.internAttr(text, func() Attribute { return make() }).(DialectAttr)
}

// DenseResourceAttr refers to blob by handle.
func (c *Context) DenseResourceAttr(t ShapedType, h *ResourceBlob) *DenseResourceAttr {
	text := "dense_resource<" + h.Key + "> : " + t.String()
	return c.internAttr(text, func() Attribute { return &DenseResourceAttr{Type: t, Handle: h, text: text} }).(*DenseResourceAttr)
}

// ---- dense elements ----

// ElementByteWidth is the storage width of one element of t in dense
// data, or 0 if t cannot be stored densely.
func ElementByteWidth(t Type) int {
	switch t := t.(type) {
	case *IntegerType:
		if t.Width == 1 {
			return 1
		}
		if t.Width%8 != 0 || t.Width > 64 {
			return 0
		}
		return t.Width / 8
	case *IndexType:
		return 8
	case *FloatType:
		return t.Width() / 8
	case *ComplexType:
		return 2 * ElementByteWidth(t.Elem)
	}
	return 0
}

// DenseElementsAttr makes a dense attribute from raw little-endian data:
// either one element (a splat) or exactly NumElements elements. Callers
// validate sizes first; a mismatch returns nil.
func (c *Context) DenseElementsAttr(t StaticShaped, raw []byte) *DenseElementsAttr {
	w := ElementByteWidth(t.ElementType())
	n := numElements(t.Dims())
	if w == 0 || n < 0 || (int64(len(raw)) != n*int64(w) && len(raw) != w) {
		return nil
	}
	splat := n != 1 && len(raw) == w
	if !splat && n > 1 && allEqual(raw, w) {
		raw, splat = raw[:w], true
	}
	if n == 1 {
		splat = true
	}
	// Interned by type and bytes: building the text of every folded
	// constant just to look it up cost more than the folding. Equal bytes
	// print the same text, and floats print exactly, so this is the same
	// identity as interning by text.
	key := denseKey{typ: t, splat: splat, hash: maphash.Bytes(c.denseSeed, raw)}
	find := func() *DenseElementsAttr {
		for _, a := range c.dense[key] {
			if bytes.Equal(a.Raw, raw) {
				return a
			}
		}
		return nil
	}
	c.mu.RLock()
	a := find()
	c.mu.RUnlock()
	if a != nil {
		return a
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if a := find(); a != nil {
		return a
	}
	c.denseCount++
	a = &DenseElementsAttr{Type: t, Raw: append([]byte(nil), raw...), Splat: splat, id: c.denseCount}
	c.dense[key] = append(c.dense[key], a)
	return a
}

func allEqual(raw []byte, w int) bool {
	for i := w; i < len(raw); i += w {
		for j := 0; j < w; j++ {
			if raw[i+j] != raw[j] {
				return false
			}
		}
	}
	return true
}

// denseHexThreshold: MLIR prints dense data with more elements as hex.
const denseHexThreshold = 100

func denseText(a *DenseElementsAttr) string {
	var b strings.Builder
	b.WriteString("dense<")
	elem := a.Type.ElementType()
	w := ElementByteWidth(elem)
	n := a.NumElements()
	switch {
	case a.Splat:
		writeDenseElem(&b, elem, a.Raw[:w])
	case n > denseHexThreshold:
		b.WriteString(`"0x`)
		const hex = "0123456789ABCDEF"
		for _, by := range a.Raw {
			b.WriteByte(hex[by>>4])
			b.WriteByte(hex[by&15])
		}
		b.WriteByte('"')
	default:
		writeNested(&b, elem, a.Type.Dims(), a.Raw, w)
	}
	b.WriteString("> : ")
	b.WriteString(a.Type.String())
	return b.String()
}

func writeNested(b *strings.Builder, elem Type, shape []int64, raw []byte, w int) {
	if len(shape) == 0 {
		writeDenseElem(b, elem, raw[:w])
		return
	}
	b.WriteByte('[')
	inner := len(raw) / max(int(shape[0]), 1)
	for i := 0; i < int(shape[0]); i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		writeNested(b, elem, shape[1:], raw[i*inner:(i+1)*inner], w)
	}
	b.WriteByte(']')
}

func writeDenseElem(b *strings.Builder, elem Type, raw []byte) {
	switch t := elem.(type) {
	case *IntegerType:
		b.WriteString(formatInt(t, decodeInt(raw, t.Width, t.Signedness == Unsigned)))
	case *IndexType:
		b.WriteString(strconv.FormatInt(decodeInt(raw, 64, false), 10))
	case *FloatType:
		b.WriteString(FormatFloat(t.Kind, DecodeFloat(t.Kind, raw)))
	case *ComplexType:
		h := len(raw) / 2
		b.WriteByte('(')
		writeDenseElem(b, t.Elem, raw[:h])
		b.WriteByte(',')
		writeDenseElem(b, t.Elem, raw[h:])
		b.WriteByte(')')
	}
}

func decodeInt(raw []byte, width int, unsigned bool) int64 {
	var u uint64
	for i := len(raw) - 1; i >= 0; i-- {
		u = u<<8 | uint64(raw[i])
	}
	if width == 1 {
		if u != 0 {
			return 1
		}
		return 0
	}
	if width < 64 {
		return wrapInt(int64(u), width, unsigned)
	}
	return int64(u)
}

// EncodeInt appends v in w little-endian bytes.
func EncodeInt(dst []byte, v int64, w int) []byte {
	for i := 0; i < w; i++ {
		dst = append(dst, byte(uint64(v)>>(8*i)))
	}
	return dst
}

// NumElements of the attribute's type.
func (a *DenseElementsAttr) NumElements() int { return int(numElements(a.Type.Dims())) }

// IntAt returns element i of an integer/index dense attribute.
func (a *DenseElementsAttr) IntAt(i int) int64 {
	w := ElementByteWidth(a.Type.ElementType())
	if a.Splat {
		i = 0
	}
	width, unsigned := 64, false
	if it, ok := a.Type.ElementType().(*IntegerType); ok {
		width, unsigned = it.Width, it.Signedness == Unsigned
	}
	return decodeInt(a.Raw[i*w:(i+1)*w], width, unsigned)
}

// FloatAt returns element i of a float dense attribute.
func (a *DenseElementsAttr) FloatAt(i int) float64 {
	ft := a.Type.ElementType().(*FloatType)
	w := ft.Width() / 8
	if a.Splat {
		i = 0
	}
	return DecodeFloat(ft.Kind, a.Raw[i*w:(i+1)*w])
}

// FloatElements decodes every element of a float dense<…> or
// dense_resource<…> attribute of a static shape, a splat expanded. It is
// false for other attributes and element types, a resource without data,
// and data whose size does not fit the type.
func FloatElements(a Attribute) ([]float64, bool) {
	var t ShapedType
	var raw []byte
	splat := false
	switch x := a.(type) {
	case *DenseElementsAttr:
		t, raw, splat = x.Type, x.Raw, x.Splat
	case *DenseResourceAttr:
		if x.Handle == nil {
			return nil, false
		}
		t, raw = x.Type, x.Handle.Data
	default:
		return nil, false
	}
	st, ok := t.(StaticShaped)
	ft, isFloat := t.ElementType().(*FloatType)
	if !ok || !isFloat {
		return nil, false
	}
	n, w := numElements(st.Dims()), int64(ElementByteWidth(ft))
	if n < 0 || w == 0 || (splat && int64(len(raw)) != w) || (!splat && int64(len(raw)) != n*w) {
		return nil, false
	}
	out := make([]float64, n)
	for i := range out {
		off := int64(i) * w
		if splat {
			off = 0
		}
		out[i] = DecodeFloat(ft.Kind, raw[off:off+w])
	}
	return out, true
}

// ---- floats ----

// DecodeFloat reads one little-endian element of kind k.
func DecodeFloat(k FloatKind, raw []byte) float64 {
	switch k {
	case F8E4M3FN:
		return F8E4M3FNToFloat(raw[0])
	case F16:
		return HalfToFloat(binary.LittleEndian.Uint16(raw))
	case BF16:
		return float64(math.Float32frombits(uint32(binary.LittleEndian.Uint16(raw)) << 16))
	case F32:
		return float64(math.Float32frombits(binary.LittleEndian.Uint32(raw)))
	default:
		return math.Float64frombits(binary.LittleEndian.Uint64(raw))
	}
}

// EncodeFloat appends v as one little-endian element of kind k.
func EncodeFloat(dst []byte, k FloatKind, v float64) []byte {
	switch k {
	case F8E4M3FN:
		return append(dst, FloatToF8E4M3FN(v))
	case F16:
		return binary.LittleEndian.AppendUint16(dst, FloatToHalf(v))
	case BF16:
		return binary.LittleEndian.AppendUint16(dst, FloatToBF16(v))
	case F32:
		return binary.LittleEndian.AppendUint32(dst, math.Float32bits(float32(v)))
	default:
		return binary.LittleEndian.AppendUint64(dst, math.Float64bits(v))
	}
}

// FloatBits is v's bit pattern in kind k.
func FloatBits(k FloatKind, v float64) uint64 {
	switch k {
	case F8E4M3FN:
		return uint64(FloatToF8E4M3FN(v))
	case F16:
		return uint64(FloatToHalf(v))
	case BF16:
		return uint64(FloatToBF16(v))
	case F32:
		return uint64(math.Float32bits(float32(v)))
	}
	return math.Float64bits(v)
}

// FloatFromBits is the value of bit pattern bits in kind k.
func FloatFromBits(k FloatKind, bits uint64) float64 {
	switch k {
	case F8E4M3FN:
		return F8E4M3FNToFloat(uint8(bits))
	case F16:
		return HalfToFloat(uint16(bits))
	case BF16:
		return float64(math.Float32frombits(uint32(bits) << 16))
	case F32:
		return float64(math.Float32frombits(uint32(bits)))
	}
	return math.Float64frombits(bits)
}

// RoundToFloatType rounds v to the nearest value of kind k.
func RoundToFloatType(k FloatKind, v float64) float64 {
	if k == F64 {
		return v
	}
	return FloatFromBits(k, FloatBits(k, v))
}

var floatPrecisionBits = [...]int{F16: 11, BF16: 8, F32: 24, F64: 53, F8E4M3FN: 4}

// ParseFloatIn parses decimal text rounding once, to kind k.
func ParseFloatIn(k FloatKind, s string) (float64, error) {
	if k == F32 {
		f, err := strconv.ParseFloat(s, 32)
		return f, err
	}
	f, err := strconv.ParseFloat(s, 64)
	return RoundToFloatType(k, f), err
}

// HalfToFloat converts IEEE binary16 bits to float64 (exact; every NaN
// becomes the canonical NaN, so attributes compare by value).
func HalfToFloat(h uint16) float64 {
	if h&0x7c00 == 0x7c00 && h&0x3ff != 0 {
		return math.NaN()
	}
	return float64(HalfToFloat32(h))
}

// FloatToHalf converts to binary16 with round-to-nearest-even.
func FloatToHalf(v float64) uint16 {
	bits := math.Float64bits(v)
	sign := uint16(bits>>48) & 0x8000
	if math.IsNaN(v) {
		return sign | 0x7e00
	}
	a := math.Abs(v)
	if a >= 65520 { // rounds to infinity
		return sign | 0x7c00
	}
	if a < math.Pow(2, -14) { // subnormal: units of 2^-24
		q := math.RoundToEven(a * (1 << 24))
		return sign | uint16(q)
	}
	exp := math.Floor(math.Log2(a))
	m := a / math.Pow(2, exp) // in [1,2)
	if m >= 2 {
		m, exp = m/2, exp+1
	} else if m < 1 {
		m, exp = m*2, exp-1
	}
	q := math.RoundToEven((m - 1) * 1024)
	if q == 1024 {
		q, exp = 0, exp+1
	}
	if exp > 15 {
		return sign | 0x7c00
	}
	return sign | uint16(exp+15)<<10 | uint16(q)
}

// F8E4M3FNToFloat decodes an f8E4M3FN byte.
func F8E4M3FNToFloat(b uint8) float64 {
	sign := 1.0
	if b&0x80 != 0 {
		sign = -1
	}
	exp := int(b>>3) & 0xf
	man := float64(b & 7)
	if exp == 0xf && b&7 == 7 {
		return math.NaN()
	}
	if exp == 0 {
		return sign * man / 8 * math.Pow(2, -6)
	}
	return sign * (1 + man/8) * math.Pow(2, float64(exp-7))
}

// FloatToF8E4M3FN encodes with round-to-nearest-even; values beyond the
// largest finite (448) saturate to NaN as the format has no infinity,
// matching a non-saturating conversion.
func FloatToF8E4M3FN(v float64) uint8 {
	var sign uint8
	if math.Signbit(v) {
		sign = 0x80
	}
	if math.IsNaN(v) {
		return 0x7f
	}
	a := math.Abs(v)
	if a >= 464 { // halfway between 448 and the next (unrepresentable) step
		return sign | 0x7f
	}
	if a < math.Pow(2, -6) { // subnormal: units of 2^-9
		return sign | uint8(math.RoundToEven(a*512))
	}
	exp := math.Floor(math.Log2(a))
	m := a / math.Pow(2, exp)
	if m >= 2 {
		m, exp = m/2, exp+1
	} else if m < 1 {
		m, exp = m*2, exp-1
	}
	q := math.RoundToEven((m - 1) * 8)
	if q == 8 {
		q, exp = 0, exp+1
	}
	return sign | uint8(exp+7)<<3 | uint8(q)
}

// FloatToBF16 converts to bfloat16 through float32, with
// round-to-nearest-even.
func FloatToBF16(v float64) uint16 { return Float32ToBF16(float32(v)) }
