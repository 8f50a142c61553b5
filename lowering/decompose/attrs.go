package decompose

import (
	"slices"

	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// Readers of a torch op's attributes with their ATen defaults. The torch
// verifier has checked kinds and ranges; a reader that finds something
// else records the failure on the emitter.

func (e *emitter) attrInt(op *ir.Operation, name string, def int64) int64 {
	switch a := op.InherentAttr(name).(type) {
	case nil:
		return def
	case *ir.IntegerAttr:
		return a.Value
	default:
		e.fail("attribute '%s' is not an integer", name)
		return def
	}
}

func (e *emitter) attrBool(op *ir.Operation, name string, def bool) bool {
	switch a := op.InherentAttr(name).(type) {
	case nil:
		return def
	case *ir.BoolAttr:
		return a.Value
	case *ir.IntegerAttr:
		return a.Value != 0
	default:
		e.fail("attribute '%s' is not a bool", name)
		return def
	}
}

func (e *emitter) attrStr(op *ir.Operation, name, def string) string {
	switch a := op.InherentAttr(name).(type) {
	case nil:
		return def
	case *ir.StringAttr:
		return a.Value
	default:
		e.fail("attribute '%s' is not a string", name)
		return def
	}
}

func (e *emitter) attrInts(op *ir.Operation, name string, def []int64) []int64 {
	switch a := op.InherentAttr(name).(type) {
	case nil:
		return def
	case *ir.DenseArrayAttr:
		return append([]int64{}, a.Ints...)
	default:
		e.fail("attribute '%s' is not an i64 array", name)
		return def
	}
}

// attrPair reads a 2-D window attribute: one value applies to both dims.
func (e *emitter) attrPair(op *ir.Operation, name string, def []int64) [2]int64 {
	return [2]int64(e.attrWindow(op, name, 2, def))
}

// attrWindow reads a window attribute of n values (kernel, stride,
// padding, dilation): one value applies to every dim, and an absent or
// empty one takes def.
func (e *emitter) attrWindow(op *ir.Operation, name string, n int, def []int64) []int64 {
	v := e.attrInts(op, name, def)
	if len(v) == 0 {
		v = def
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
