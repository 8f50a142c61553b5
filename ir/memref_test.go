package ir

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Memref types are interned by their canonical text: the default memory
// space (integer 0) goes, an i64 space prints bare, a strided layout
// drops a zero offset.
func TestMemRefTypeCanonicalText(t *testing.T) {
	c := NewContext()
	f32 := c.F32()
	plain := c.MemRefType([]int64{2, Dynamic}, f32, nil, nil)
	assert.Equal(t, "memref<2x?xf32>", plain.String())
	assert.Same(t, plain, c.MemRefType([]int64{2, Dynamic}, f32, nil, c.IntegerAttr(c.I(64), 0)))
	assert.Equal(t, "memref<4xf32, 3>", c.MemRefType([]int64{4}, f32, nil, c.IntegerAttr(c.I(64), 3)).String())
	assert.Equal(t, "memref<4xf32, 3 : i32>", c.MemRefType([]int64{4}, f32, nil, c.IntegerAttr(c.I(32), 3)).String())
	s := c.StridedLayoutAttr([]int64{Dynamic, 1}, 0)
	assert.Equal(t, "strided<[?, 1]>", s.String())
	assert.Equal(t, "strided<[4], offset: ?>", c.StridedLayoutAttr([]int64{4}, Dynamic).String())
	m := c.MemRefType([]int64{3, 4}, f32, s, c.StringAttr("gpu"))
	assert.Equal(t, `memref<3x4xf32, strided<[?, 1]>, "gpu">`, m.String())
	assert.Equal(t, "memref<*xi8, 1>", c.UnrankedMemRefType(c.I(8), c.IntegerAttr(c.I(64), 1)).String())
	assert.Equal(t, "memref<*xi8>", c.UnrankedMemRefType(c.I(8), c.IntegerAttr(c.I(64), 0)).String())
	var st ShapedType = m
	assert.Equal(t, Type(f32), st.ElementType())
}

func TestMemRefElementAndSpaceRules(t *testing.T) {
	c := NewContext()
	for _, ok := range []Type{c.I(8), c.IndexType(), c.F32(), c.ComplexType(c.F32()), c.VectorType([]int64{2}, c.F32()),
		c.MemRefType([]int64{2}, c.F32(), nil, nil), c.UnrankedMemRefType(c.F32(), nil)} {
		assert.True(t, IsValidMemRefElementType(ok), ok.String())
	}
	for _, bad := range []Type{c.TensorType([]int64{2}, c.F32(), nil), c.NoneType(), c.OpaqueType("tst", ".t"), c.TupleType(nil)} {
		assert.False(t, IsValidMemRefElementType(bad), bad.String())
	}
	assert.True(t, IsValidMemorySpace(nil))
	assert.True(t, IsValidMemorySpace(c.StringAttr("x")))
	assert.False(t, IsValidMemorySpace(c.TypeAttr(c.I(8))))
	assert.False(t, IsValidMemorySpace(c.OpaqueAttr("tst", ".space")))
}
