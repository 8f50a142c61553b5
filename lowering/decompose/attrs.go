package decompose

import (
	"slices"

	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// Readers of a torch op's attributes. An absent attribute reads as the
// torch table's default (ods.AttrOrDefault), so no default is written
// here; one without a value default (PyTorch's None) reads as the zero
// value. The torch verifier has checked kinds and ranges; a reader that
// finds something else records the failure on the emitter.

func (e *emitter) attrInt(op *ir.Operation, name string) int64 {
	switch a := ods.AttrOrDefault(op, name).(type) {
	case nil:
		return 0
	case *ir.IntegerAttr:
		return a.Value
	default:
		e.fail("attribute '%s' is not an integer", name)
		return 0
	}
}

func (e *emitter) attrBool(op *ir.Operation, name string) bool {
	switch a := ods.AttrOrDefault(op, name).(type) {
	case nil:
		return false
	case *ir.BoolAttr:
		return a.Value
	case *ir.IntegerAttr:
		return a.Value != 0
	default:
		e.fail("attribute '%s' is not a bool", name)
		return false
	}
}

func (e *emitter) attrStr(op *ir.Operation, name string) string {
	switch a := ods.AttrOrDefault(op, name).(type) {
	case nil:
		return ""
	case *ir.StringAttr:
		return a.Value
	default:
		e.fail("attribute '%s' is not a string", name)
		return ""
	}
}

func (e *emitter) attrInts(op *ir.Operation, name string) []int64 {
	switch a := ods.AttrOrDefault(op, name).(type) {
	case nil:
		return nil
	case *ir.DenseArrayAttr:
		return append([]int64{}, a.Ints...)
	default:
		e.fail("attribute '%s' is not an i64 array", name)
		return nil
	}
}

// attrPair reads a 2-D window attribute: one value applies to both dims.
func (e *emitter) attrPair(op *ir.Operation, name string) [2]int64 {
	return [2]int64(e.attrWindow(op, name, 2, nil))
}

// attrStride reads a pooling stride, whose absence or emptiness means the
// kernel size k (one value per window dim).
func (e *emitter) attrStride(op *ir.Operation, k []int64) []int64 {
	return e.attrWindow(op, "stride", len(k), k)
}

// attrWindow reads a window attribute of n values (kernel, stride,
// padding, dilation): one value applies to every dim, and an absent or
// empty one takes the table default, else orElse.
func (e *emitter) attrWindow(op *ir.Operation, name string, n int, orElse []int64) []int64 {
	v := e.attrInts(op, name)
	if len(v) == 0 {
		if d, ok := defaultOf(op, name).(*ir.DenseArrayAttr); ok {
			v = d.Ints
		}
	}
	if len(v) == 0 {
		v = orElse
	}
	switch len(v) {
	case 1:
		return slices.Repeat(v, n)
	case n:
		return v
	}
	e.fail("attribute '%s' needs one or %s values, got %v", name, [...]string{2: "two", 3: "three"}[n], v)
	return slices.Repeat([]int64{1}, n)
}

// defaultOf is the torch table's default of op's attribute name.
func defaultOf(op *ir.Operation, name string) ir.Attribute {
	if info := op.Info(); info != nil {
		if d, ok := info.Def.(*ods.OpDef); ok {
			return d.DefaultOf(name)
		}
	}
	return nil
}

// wrapDim normalises a PyTorch dim (negative counts from the end) into
// [0, rank).
func (e *emitter) wrapDim(d int64, rank int) int64 {
	w, ok := tensor.WrapAxis(d, rank)
	if !ok {
		e.fail("dim %d is out of range for rank %d", d, rank)
	}
	return int64(w)
}

func (e *emitter) wrapDims(ds []int64, rank int) []int64 {
	out := make([]int64, len(ds))
	for i, d := range ds {
		out[i] = e.wrapDim(d, rank)
	}
	return out
}

func allDims(rank int) []int64 {
	out := make([]int64, rank)
	for i := range out {
		out[i] = int64(i)
	}
	return out
}
