package asm

import (
	"encoding/hex"
	"errors"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/mlc-go/mlc/ir"
)

// Resolving attributes: builtin literals, dialect attributes, aliases, and
// the dense, dense_resource and array forms. The grammar is in
// grammar_attr.go.

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
		if a.Keyword == "strided" {
			return r.stridedAttr(a)
		}
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

// literalPos is where a number's literal starts, after its minus (where
// MLIR reports errors in it).
func literalPos(pos lexer.Position, neg bool) lexer.Position {
	if neg {
		return syntaxPosAt(pos, 1)
	}
	return pos
}

func (r *resolver) intAttr(a *astIntAttr) ir.Attribute {
	var t ir.Type = r.ctx.I(64)
	if a.Type != nil {
		t = r.typ(a.Type)
	}
	if it, ok := t.(*ir.IntegerType); ok && a.Neg && it.Signedness == ir.Unsigned {
		r.fail(literalPos(a.Pos, a.Neg), "negative integer literal not valid for unsigned integer type")
	}
	if sv, ok := smallInt(a.Text, a.Neg); ok {
		switch tt := t.(type) {
		case *ir.IndexType:
			return r.ctx.IntegerAttr(t, sv)
		case *ir.IntegerType:
			if tt.Width < 64 && !fitsSmall(sv, tt) || tt.Width == 64 && tt.Signedness == ir.Unsigned && sv < 0 {
				r.fail(literalPos(a.Pos, a.Neg), "integer constant out of range for attribute")
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
			r.fail(literalPos(a.Pos, a.Neg), "hexadecimal float literal should not have a leading minus")
		}
		if v.BitLen() > tt.Width() {
			r.fail(a.Pos, "hexadecimal float constant out of range for type")
		}
		return r.ctx.FloatAttr(tt, ir.FloatFromBits(tt.Kind, v.Uint64()))
	case *ir.IndexType:
		if !v.IsInt64() {
			r.fail(literalPos(a.Pos, a.Neg), "integer constant out of range for attribute")
		}
		return r.ctx.IntegerAttr(t, v.Int64())
	case *ir.IntegerType:
		if !intFits(v, tt) {
			r.fail(literalPos(a.Pos, a.Neg), "integer constant out of range for attribute")
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
		// At the token after the name, as MLIR reports it.
		r.fail(syntaxPosAt(pos, 1+len(name)), "undefined symbol alias id '%s'", name)
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
	typ := r.typ(t)
	st, ok := typ.(ir.StaticShaped)
	if !ok {
		if _, shaped := typ.(ir.ShapedType); shaped {
			r.fail(pos, "elements literal type must have static shape")
		}
		r.fail(pos, "elements literal must be a shaped type")
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
	st := r.staticShaped(a.Type, a.AfterType)
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
			r.fail(a.AfterLit, "parsed zero elements, but type ('%s') expected at least 1", st)
		}
		raw = []byte{}
	default:
		if !slices.Equal(el.Shape, st.Dims()) {
			r.fail(a.AfterLit, "inferred shape of elements literal (%s) does not match type (%s)", shapeString(el.Shape), shapeString(st.Dims()))
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
			if e.Neg && t.Signedness == ir.Unsigned {
				r.fail(literalPos(e.Pos, e.Neg), "expected unsigned integer elements, but parsed negative value")
			}
			if sv, ok := smallInt(e.Text, e.Neg); ok && t.Width < 64 && t.Width > 1 {
				if !fitsSmall(sv, t) {
					r.fail(literalPos(e.Pos, e.Neg), "integer constant out of range for type")
				}
				return ir.EncodeInt(dst, sv, t.Width/8)
			}
			v, ok := parseBigInt(e.Text, e.Neg)
			if !ok || !intFits(v, t) {
				r.fail(literalPos(e.Pos, e.Neg), "integer constant out of range for type")
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
			r.fail(literalPos(e.Pos, e.Neg), "integer constant out of range for type")
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
				if e.Neg {
					r.fail(literalPos(e.Pos, e.Neg), "hexadecimal float literal should not have a leading minus")
				}
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
		r.fail(a.AfterLit, "`dense_resource` expected a shaped type")
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
		if tt.Width != 1 && tt.Width%8 != 0 {
			r.fail(a.ElemType.astPos(), "element type bitwidth must be a multiple of 8")
		}
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
					// MLIR reports it after the literal.
					r.fail(syntaxPosAt(literalPos(e.Pos, e.Neg), len(e.Text)), "integer constant out of range")
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
	r.fail(a.ElemType.astPos(), "expected integer or float type, got: '%s'", t)
	return nil
}
