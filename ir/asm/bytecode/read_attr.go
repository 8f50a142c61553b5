package bytecode

import (
	"fmt"
	"math"
	"math/big"

	"github.com/mlc-go/mlc/ir"
)

// Attributes, locations and types: decoded lazily, once each.

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

// decodeNonBuiltin decodes an entry that is not in builtin's binary
// encoding: the textual fallback through parse, or the dialect codec's
// read (picked by codecRead; nil when the codec has none). what names the
// kind ("attribute", "type") in errors. done is false for a builtin
// encoding, which the caller decodes.
func decodeNonBuiltin[T fmt.Stringer](r *reader, e *readEntry, what string, parse func(string) (T, error),
	codecRead func(*DialectCodec) func(*DialectReader) (T, error)) (v T, done bool, err error) {
	c := e.data
	if !e.custom {
		text, err := c.cstring()
		if err != nil {
			return v, true, err
		}
		if parse == nil {
			return v, true, c.errorf("no parser for the %s %q", what, text)
		}
		v, err = parse(text)
		if err != nil {
			return v, true, &errAt{e.data.base, fmt.Sprintf("cannot parse %s %q: %v", what, text, err)}
		}
		return v, true, nil
	}
	if e.dialect == "builtin" {
		return v, false, nil
	}
	var read func(*DialectReader) (T, error)
	if cd := r.codec(e.dialect); cd != nil {
		read = codecRead(cd)
	}
	if read == nil {
		return v, true, unsupportedCustom(c, e.dialect, what+"s")
	}
	v, err = custom(r, c, read)
	if err == nil && any(v) == nil {
		err = c.errorf("dialect '%s' decoded no %s", e.dialect, what)
	}
	if err != nil {
		return v, true, err
	}
	return v, true, r.charge(c, v)
}

func (r *reader) decodeAttr(e *readEntry) error {
	c := e.data
	a, done, err := decodeNonBuiltin(r, e, "attribute", r.opts.ParseAttr,
		func(cd *DialectCodec) func(*DialectReader) (ir.Attribute, error) { return cd.ReadAttribute })
	if done {
		e.attr = a
		return err
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
	t, done, err := decodeNonBuiltin(r, e, "type", r.opts.ParseType,
		func(cd *DialectCodec) func(*DialectReader) (ir.Type, error) { return cd.ReadType })
	if done {
		e.typ = t
		return err
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
	case typeMemRef, typeMemRefWithMemSpace, typeUnrankedMemRef, typeUnrankedMemRefWithMemSpace:
		if e.typ, err = r.memRefType(c, code, shape); err != nil {
			return err
		}
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
