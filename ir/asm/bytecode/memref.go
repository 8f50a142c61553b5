package bytecode

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mlc-go/mlc/ir"
)

// Memref types in MLIR 19's builtin encoding:
//
//	MemRefType                     { shape: svarint[], elementType: Type, layout: Attribute }
//	MemRefTypeWithMemSpace         { memorySpace: Attribute, shape: svarint[], elementType: Type, layout: Attribute }
//	UnrankedMemRefType             { elementType: Type }
//	UnrankedMemRefTypeWithMemSpace { memorySpace: Attribute, elementType: Type }
//
// MLIR always has a layout: a memref without one has the identity affine
// map, written (having no custom encoding) as its text. The strided
// layout is written as text too.

// identityLayout is the identity affine map of a rank, which mlc keeps as
// no layout; it exists only to be written.
type identityLayout struct {
	ir.AttrBase
	text string
}

func (a *identityLayout) String() string { return a.text }

// identityMapText is affine_map<(d0, ..., dn-1) -> (d0, ..., dn-1)>.
func identityMapText(rank int) string {
	dims := make([]string, rank)
	for i := range dims {
		dims[i] = "d" + strconv.Itoa(i)
	}
	list := "(" + strings.Join(dims, ", ") + ")"
	return "affine_map<" + list + " -> " + list + ">"
}

// isIdentityMapText reports whether s is an identity affine map of the
// rank as MLIR writes it, "affine_map<(d0, d1)[s0] -> (d0, d1)>" (any
// symbols).
func isIdentityMapText(s string, rank int) bool {
	body, ok := strings.CutPrefix(s, "affine_map<")
	if !ok || !strings.HasSuffix(body, ">") {
		return false
	}
	lhs, rhs, ok := strings.Cut(body[:len(body)-1], " -> ")
	if !ok {
		return false
	}
	if i := strings.IndexByte(lhs, '['); i >= 0 && strings.HasSuffix(lhs, "]") {
		lhs = lhs[:i]
	}
	want := identityMapText(rank)
	dims := want[len("affine_map<"):strings.Index(want, " -> ")]
	return lhs == dims && rhs == dims
}

func memRefLayout(t *ir.MemRefType) ir.Attribute {
	if t.Layout != nil {
		return t.Layout
	}
	return &identityLayout{text: identityMapText(len(t.Shape))}
}

func (w *writer) numberMemRef(t ir.Type) {
	switch t := t.(type) {
	case *ir.MemRefType:
		if t.MemorySpace != nil {
			w.numberAttr(t.MemorySpace)
		}
		w.numberType(t.Elem)
		w.numberAttr(memRefLayout(t))
	case *ir.UnrankedMemRefType:
		if t.MemorySpace != nil {
			w.numberAttr(t.MemorySpace)
		}
		w.numberType(t.Elem)
	}
}

func (w *writer) encodeMemRef(out *emitter, t ir.Type, shape func([]int64)) {
	switch t := t.(type) {
	case *ir.MemRefType:
		w.codeWithAttr(out, t.MemorySpace, typeMemRefWithMemSpace, typeMemRef)
		shape(t.Shape)
		out.varint(w.typeIndex(t.Elem))
		out.varint(w.attrIndex(memRefLayout(t)))
	case *ir.UnrankedMemRefType:
		w.codeWithAttr(out, t.MemorySpace, typeUnrankedMemRefWithMemSpace, typeUnrankedMemRef)
		out.varint(w.typeIndex(t.Elem))
	}
}

// memRefType decodes the four memref encodings (code says which),
// checking what the text parser checks.
func (r *reader) memRefType(c *cursor, code uint64, shape func() ([]int64, error)) (ir.Type, error) {
	at := c.off()
	var space ir.Attribute
	var err error
	if code == typeMemRefWithMemSpace || code == typeUnrankedMemRefWithMemSpace {
		if space, err = r.attr(c); err != nil {
			return nil, err
		}
		if !ir.IsValidMemorySpace(space) {
			return nil, &errAt{at, "unsupported memory space Attribute " + space.String()}
		}
	}
	var dims []int64
	ranked := code == typeMemRef || code == typeMemRefWithMemSpace
	if ranked {
		if dims, err = shape(); err != nil {
			return nil, err
		}
	}
	elemAt := c.off()
	elem, err := r.typ(c)
	if err != nil {
		return nil, err
	}
	if !ir.IsValidMemRefElementType(elem) {
		return nil, &errAt{elemAt, "invalid memref element type " + elem.String()}
	}
	if !ranked {
		return r.ctx.UnrankedMemRefType(elem, space), nil
	}
	layout, err := r.memRefLayout(c, len(dims))
	if err != nil {
		return nil, err
	}
	return r.ctx.MemRefType(dims, elem, layout, space), nil
}

// memRefLayout reads a memref's layout: the identity map (nil) or a
// strided layout of the memref's rank.
func (r *reader) memRefLayout(c *cursor, rank int) (ir.Attribute, error) {
	at := c.off()
	i, err := c.index(len(r.attrs), "attribute")
	if err != nil {
		return nil, err
	}
	if e := &r.attrs[i]; !e.custom && e.attr == nil && e.loc == nil && !e.busy {
		text := *e.data
		if s, err := text.cstring(); err == nil && isIdentityMapText(s, rank) {
			return nil, nil
		}
	}
	e, err := r.entry(r.attrs, i, "attribute", r.decodeAttr)
	if err != nil {
		return nil, err
	}
	s, ok := e.attr.(*ir.StridedLayoutAttr)
	switch {
	case !ok && e.attr != nil:
		return nil, &errAt{at, fmt.Sprintf("memref layout %s is not supported by mlc (only identity and strided layouts)", e.attr)}
	case !ok:
		return nil, &errAt{at, "expected a memref layout, but got location " + e.loc.String()}
	case len(s.Strides) != rank:
		return nil, &errAt{at, "expected the number of strides to match the rank"}
	}
	return s, nil
}
