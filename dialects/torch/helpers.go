package torch

import (
	"fmt"
	"math"
	"slices"

	"github.com/mlc-go/mlc/dialects/ods"
	itensor "github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// dyn is a dimension whose size is not known statically.
const dyn = ir.Dynamic

// ---- attribute access (defensive: the parser may run inference before
// the verifier has checked attribute kinds). The getter applies the op
// table's defaults (ods.OpDef.WithDefaults), so an attribute absent here
// has no value default: the readers give the zero value. ----

func intAttr(a ods.AttrGetter, name string) (int64, error) {
	switch x := a(name).(type) {
	case nil:
		return 0, nil
	case *ir.IntegerAttr:
		return x.Value, nil
	default:
		return 0, fmt.Errorf("attribute '%s' must be an integer", name)
	}
}

// reqIntAttr reads a required integer attribute.
func reqIntAttr(a ods.AttrGetter, name string) (int64, error) {
	v, ok, err := optIntAttr(a, name)
	if err == nil && !ok {
		err = fmt.Errorf("requires attribute '%s'", name)
	}
	return v, err
}

// optIntAttr returns the value and whether the attribute is present.
func optIntAttr(a ods.AttrGetter, name string) (int64, bool, error) {
	if a(name) == nil {
		return 0, false, nil
	}
	v, err := intAttr(a, name)
	return v, err == nil, err
}

// NumAttr reads an integer or float attribute as a float64 (0 when
// absent); the interpreter reads numbers through it too.
func NumAttr(a ods.AttrGetter, name string) (float64, error) {
	switch x := a(name).(type) {
	case nil:
		return 0, nil
	case *ir.IntegerAttr:
		return float64(x.Value), nil
	case *ir.FloatAttr:
		return x.Value, nil
	default:
		return 0, fmt.Errorf("attribute '%s' must be a number", name)
	}
}

// isFloatNumber reports whether the attribute is present and a float.
func isFloatNumber(a ods.AttrGetter, name string) bool {
	_, ok := a(name).(*ir.FloatAttr)
	return ok
}

func boolAttr(a ods.AttrGetter, name string) (bool, error) {
	switch x := a(name).(type) {
	case nil:
		return false, nil
	case *ir.BoolAttr:
		return x.Value, nil
	default:
		return false, fmt.Errorf("attribute '%s' must be a bool", name)
	}
}

func strAttr(a ods.AttrGetter, name string) (string, error) {
	switch x := a(name).(type) {
	case nil:
		return "", nil
	case *ir.StringAttr:
		return x.Value, nil
	default:
		return "", fmt.Errorf("attribute '%s' must be a string", name)
	}
}

// intsAttr reads an array<i64: ...> attribute (nil when absent).
func intsAttr(a ods.AttrGetter, name string) ([]int64, error) {
	switch x := a(name).(type) {
	case nil:
		return nil, nil
	case *ir.DenseArrayAttr:
		if ir.IsInteger(x.Elem, 64) {
			return x.Ints, nil
		}
	}
	return nil, fmt.Errorf("attribute '%s' must be an i64 dense array", name)
}

// dtypeOf reads an optional dtype attribute (nil when absent).
func dtypeOf(a ods.AttrGetter, name string) (ir.Type, error) {
	switch x := a(name).(type) {
	case nil:
		return nil, nil
	case *ir.TypeAttr:
		if anyElem.Match(x.Type) {
			return x.Type, nil
		}
	}
	return nil, fmt.Errorf("attribute '%s' must be an element type", name)
}

// ---- types and shapes ----

// ranked returns operand i as a ranked tensor.
func ranked(ts []ir.Type, i int, what string) (*ir.RankedTensorType, error) {
	if i >= len(ts) {
		return nil, fmt.Errorf("missing %s operand", what)
	}
	rt, ok := ts[i].(*ir.RankedTensorType)
	if !ok {
		return nil, fmt.Errorf("expects %s to be a ranked tensor, got '%s'", what, ts[i])
	}
	return rt, nil
}

func tensor(ctx *ir.Context, shape []int64, elem ir.Type) ir.Type {
	if shape == nil {
		shape = []int64{}
	}
	return ctx.TensorType(shape, elem, nil)
}

// shapeStr prints a shape as PyTorch does: [1, 3, ?, 4].
func shapeStr(s []int64) string {
	return itensor.FormatDims(s)
}

func intsStr(s []int64) string {
	return itensor.FormatList(s)
}

// WrapDim resolves a possibly negative dim against rank, as PyTorch's
// maybe_wrap_dim: valid dims are [-rank, rank-1]; a 0-d tensor accepts
// 0 and -1. The shape functions here and the interpreter's torch kernels
// share it.
func WrapDim(d int64, rank int) (int, error) {
	w, ok := itensor.WrapAxis(d, max(rank, 1))
	if !ok {
		r := int64(max(rank, 1))
		return 0, fmt.Errorf("dimension out of range (expected to be in range of [%d, %d], but got %d)", -r, r-1, d)
	}
	return w, nil
}

// WrapDims resolves a list of dims and rejects repeats.
func WrapDims(ds []int64, rank int) ([]int, error) {
	out, bad, ok := itensor.WrapAxes(ds, max(rank, 1))
	if !ok {
		w, err := WrapDim(ds[bad], rank)
		if err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("dim %d appears multiple times in the list of dims", w)
	}
	return out, nil
}

var wrapDim, wrapDims = WrapDim, WrapDims

// sameElem checks that tensors share one element type.
func sameElem(names []string, ts ...*ir.RankedTensorType) error {
	for i := 1; i < len(ts); i++ {
		if ts[i] != nil && ts[i].Elem != ts[0].Elem {
			return fmt.Errorf("expects %s and %s to have the same element type, got %s and %s", names[0], names[i], ts[0].Elem, ts[i].Elem)
		}
	}
	return nil
}

// broadcast computes the broadcast shape of a and b: dims align from the
// right, a dim of 1 stretches to the other, '?' against n gives n.
func broadcast(a, b []int64) ([]int64, error) {
	out, i, ok := itensor.BroadcastPair(a, b, true)
	if !ok {
		n := max(len(a), len(b))
		return nil, fmt.Errorf("the size of tensor a (%d) must match the size of tensor b (%d) at non-singleton dimension %d", a[i-(n-len(a))], b[i-(n-len(b))], i)
	}
	return out, nil
}

// broadcastsTo reports whether shape s broadcasts to target without
// changing target.
func broadcastsTo(s, target []int64) bool {
	if len(s) > len(target) {
		return false
	}
	b, err := broadcast(s, target)
	if err != nil {
		return false
	}
	for i := range b {
		if b[i] != target[i] && target[i] != dyn {
			return false
		}
	}
	return true
}

// numel is the element count of a static shape, or -1.
func numel(s []int64) int64 {
	n := int64(1)
	for _, d := range s {
		if d == dyn {
			return -1
		}
		n *= d
	}
	return n
}

// pair expands an int[2] argument: one value applies to both dims.
func pair(a ods.AttrGetter, name string) ([]int64, error) {
	return tuple(a, name, 2)
}

// tuple expands an int[n] argument: one value applies to every dim.
func tuple(a ods.AttrGetter, name string, n int) ([]int64, error) {
	v, err := intsAttr(a, name)
	if err != nil {
		return nil, err
	}
	switch len(v) {
	case 1:
		return slices.Repeat(v, n), nil
	case n:
		return v, nil
	}
	return nil, fmt.Errorf("expects '%s' to have 1 or %d elements, got %d", name, n, len(v))
}

// floorDiv rounds toward negative infinity.
func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func isFloat(t ir.Type) bool { return floatElem.Match(t) }
func isInt(t ir.Type) bool   { return intElem.Match(t) }
func isBool(t ir.Type) bool  { return ir.IsInteger(t, 1) }

// integral reports whether a float is a whole number.
func integral(v float64) bool { return v == math.Trunc(v) && !math.IsInf(v, 0) }
