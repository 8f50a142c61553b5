package ir

import (
	"slices"
	"testing"
)

// TestFloatElements: inline, splat and resource data decode to the same
// values; other attributes, integer types and short data do not decode.
func TestFloatElements(t *testing.T) {
	c := NewContext()
	tt := c.TensorType([]int64{2, 2}, c.F32(), nil)
	var raw []byte
	for _, v := range []float64{1, -2.5, 0.125, 3} {
		raw = EncodeFloat(raw, F32, v)
	}
	want := []float64{1, -2.5, 0.125, 3}
	if got, ok := FloatElements(c.DenseElementsAttr(tt, raw)); !ok || !slices.Equal(got, want) {
		t.Errorf("dense: %v %v", got, ok)
	}
	if got, ok := FloatElements(c.DenseResourceAttr(tt, c.NewResource("builtin", "w", 4, raw))); !ok || !slices.Equal(got, want) {
		t.Errorf("resource: %v %v", got, ok)
	}
	if got, ok := FloatElements(c.DenseElementsAttr(tt, raw[:4])); !ok || !slices.Equal(got, []float64{1, 1, 1, 1}) {
		t.Errorf("splat: %v %v", got, ok)
	}
	if _, ok := FloatElements(c.DenseResourceAttr(tt, c.NewResource("builtin", "short", 4, raw[:8]))); ok {
		t.Error("a resource with 2 of 4 elements decoded")
	}
	it := c.TensorType([]int64{4}, c.IntegerType(32, Signless), nil)
	if _, ok := FloatElements(c.DenseElementsAttr(it, raw)); ok {
		t.Error("an i32 tensor decoded as floats")
	}
	if _, ok := FloatElements(c.StringAttr("x")); ok {
		t.Error("a string decoded")
	}
}
