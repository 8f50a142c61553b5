package ir

import (
	"strconv"
	"strings"
)

// MemRefType is memref<2x?xf32, layout, memory-space>: a reference to a
// buffer. Layout is nil for the identity layout (MLIR drops an identity
// affine map) or a *StridedLayoutAttr; MemorySpace is nil for the
// default space (MLIR drops an integer 0).
type MemRefType struct {
	Shape       []int64
	Elem        Type
	Layout      Attribute
	MemorySpace Attribute
	text        string
}

func (t *MemRefType) String() string    { return t.text }
func (*MemRefType) isType()             {}
func (t *MemRefType) ElementType() Type { return t.Elem }
func (*MemRefType) HasRank() bool       { return true }
func (t *MemRefType) Rank() int         { return len(t.Shape) }

// Dims makes a memref a StaticShaped type: MLIR's dense attributes may
// have one as their type.
func (t *MemRefType) Dims() []int64 { return t.Shape }

// UnrankedMemRefType is memref<*xf32, memory-space>.
type UnrankedMemRefType struct {
	Elem        Type
	MemorySpace Attribute
	text        string
}

func (t *UnrankedMemRefType) String() string    { return t.text }
func (*UnrankedMemRefType) isType()             {}
func (t *UnrankedMemRefType) ElementType() Type { return t.Elem }
func (*UnrankedMemRefType) HasRank() bool       { return false }

// StridedLayoutAttr is strided<[s0, s1, ...], offset: o>, a memref layout
// given by a stride per dimension and an offset; Dynamic stands for '?'.
type StridedLayoutAttr struct {
	Strides []int64
	Offset  int64
	text    string
}

func (a *StridedLayoutAttr) String() string { return a.text }
func (*StridedLayoutAttr) isAttr()          {}

func strideText(b *strings.Builder, v int64) {
	if v == Dynamic {
		b.WriteByte('?')
	} else {
		b.WriteString(strconv.FormatInt(v, 10))
	}
}

// StridedLayoutAttr returns strided<[strides], offset: offset>; the
// offset is left out of the text when it is 0, as MLIR prints it.
func (c *Context) StridedLayoutAttr(strides []int64, offset int64) *StridedLayoutAttr {
	var b strings.Builder
	b.WriteString("strided<[")
	for i, s := range strides {
		if i > 0 {
			b.WriteString(", ")
		}
		strideText(&b, s)
	}
	b.WriteByte(']')
	if offset != 0 {
		b.WriteString(", offset: ")
		strideText(&b, offset)
	}
	b.WriteByte('>')
	key := b.String()
	return c.internAttr(key, func() Attribute {
		return &StridedLayoutAttr{Strides: append([]int64(nil), strides...), Offset: offset, text: key}
	}).(*StridedLayoutAttr)
}

// IsValidMemRefElementType is MLIR's rule for what a memref holds:
// integers, index, floats, complex, vectors and memrefs.
func IsValidMemRefElementType(t Type) bool {
	switch t.(type) {
	case *IntegerType, *IndexType, *FloatType, *ComplexType, *VectorType, *MemRefType, *UnrankedMemRefType:
		return true
	}
	return false
}

// IsValidMemorySpace is MLIR's rule for a memref's memory space: none,
// an integer, a string, a dictionary or a registered dialect's attribute
// (an unregistered one is opaque, which MLIR counts as builtin).
func IsValidMemorySpace(a Attribute) bool {
	switch a.(type) {
	case nil, *IntegerAttr, *StringAttr, *DictionaryAttr:
		return true
	case *OpaqueAttr:
		return false
	case DialectAttr:
		return true
	}
	return false
}

// canonicalMemorySpace drops the default memory space, integer 0.
func canonicalMemorySpace(a Attribute) Attribute {
	if i, ok := a.(*IntegerAttr); ok && i.Big == nil && i.Value == 0 {
		return nil
	}
	return a
}

// memorySpaceText prints a memory space as MLIR does, an i64 integer
// without its type.
func memorySpaceText(a Attribute) string {
	if i, ok := a.(*IntegerAttr); ok && IsInteger(i.Type, 64) {
		if i.Big != nil {
			return i.Big.String()
		}
		return strconv.FormatInt(i.Value, 10)
	}
	return a.String()
}

// MemRefType returns memref<shape x elem, layout, memorySpace>; layout
// nil is the identity layout, memorySpace nil (or integer 0) the default
// space. The caller checks the parts (IsValidMemRefElementType,
// IsValidMemorySpace, a strided layout's rank).
func (c *Context) MemRefType(shape []int64, elem Type, layout, memorySpace Attribute) *MemRefType {
	memorySpace = canonicalMemorySpace(memorySpace)
	var b strings.Builder
	b.WriteString("memref<")
	dimsText(&b, shape)
	b.WriteString(elem.String())
	if layout != nil {
		b.WriteString(", ")
		b.WriteString(layout.String())
	}
	if memorySpace != nil {
		b.WriteString(", ")
		b.WriteString(memorySpaceText(memorySpace))
	}
	b.WriteByte('>')
	key := b.String()
	return c.internType(key, func() Type {
		return &MemRefType{Shape: append([]int64(nil), shape...), Elem: elem, Layout: layout, MemorySpace: memorySpace, text: key}
	}).(*MemRefType)
}

// UnrankedMemRefType returns memref<*x elem, memorySpace>.
func (c *Context) UnrankedMemRefType(elem Type, memorySpace Attribute) *UnrankedMemRefType {
	memorySpace = canonicalMemorySpace(memorySpace)
	key := "memref<*x" + elem.String()
	if memorySpace != nil {
		key += ", " + memorySpaceText(memorySpace)
	}
	key += ">"
	return c.internType(key, func() Type {
		return &UnrankedMemRefType{Elem: elem, MemorySpace: memorySpace, text: key}
	}).(*UnrankedMemRefType)
}
