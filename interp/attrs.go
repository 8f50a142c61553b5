package interp

import (
	"fmt"
	"math"

	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/dialects/torch"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// opCall is one op being executed: its operands' tensors and typed access
// to its attributes. Readers are defensive (Run does not require verified
// IR): a present attribute of the wrong kind is an error. An absent one
// reads as the op table's default (ods.AttrOrDefault), so kernels write
// no defaults; one with no value default (None) reads as the zero value,
// or use has/optInt/optNum where None means something else.
type opCall struct {
	op *ir.Operation
	in []*tensor.Tensor
	it *Interpreter // the running interpreter (its caches); nil in some tests
	// pool, when set, recycles dead buffers for outputs (see out); index is
	// the op's position in its block and lastUse maps each value to the
	// index of its last reader.
	pool    *bufPool
	index   int
	lastUse map[*ir.Value]int
	// env holds the run's live values (a fused epilogue reads an operand
	// of a later op); nil outside a run.
	env map[*ir.Value]*tensor.Tensor
	// overwrite, when set, is a float32 temporary (floatUnit's dequantized
	// operand) that an elementwise kernel may write its result over.
	overwrite *tensor.Tensor
	// placed: out handed this op its place in a concatenation already.
	placed bool
}

// kernel computes an op's results.
type kernel func(c *opCall) ([]*tensor.Tensor, error)

func (c *opCall) attr(name string) ir.Attribute { return ods.AttrOrDefault(c.op, name) }

// has reports whether the op carries the attribute (defaults aside).
func (c *opCall) has(name string) bool { return c.op.InherentAttr(name) != nil }

// int reads an integer attribute.
func (c *opCall) int(name string) (int64, error) {
	switch x := c.attr(name).(type) {
	case nil:
		return 0, nil
	case *ir.IntegerAttr:
		return x.Value, nil
	}
	return 0, fmt.Errorf("attribute '%s' must be an integer", name)
}

// reqInt reads a required integer attribute.
func (c *opCall) reqInt(name string) (int64, error) {
	if !c.has(name) {
		return 0, fmt.Errorf("requires attribute '%s'", name)
	}
	return c.int(name)
}

// optInt reads an integer attribute and whether it has a value.
func (c *opCall) optInt(name string) (int64, bool, error) {
	if c.attr(name) == nil {
		return 0, false, nil
	}
	v, err := c.int(name)
	return v, err == nil, err
}

// num reads an integer or float attribute as a float64.
func (c *opCall) num(name string) (float64, error) { return torch.NumAttr(c.attr, name) }

// optNum reads a number attribute and whether it has a value.
func (c *opCall) optNum(name string) (float64, bool, error) {
	if c.attr(name) == nil {
		return 0, false, nil
	}
	v, err := c.num(name)
	return v, err == nil, err
}

// bounds reads clamp's min and max; an absent one (None) is unbounded.
func (c *opCall) bounds() (lo, hi float64, err error) {
	lo, hasLo, err := c.optNum("min")
	if err != nil {
		return 0, 0, err
	}
	hi, hasHi, err := c.optNum("max")
	if err != nil {
		return 0, 0, err
	}
	if !hasLo {
		lo = math.Inf(-1)
	}
	if !hasHi {
		hi = math.Inf(1)
	}
	return lo, hi, nil
}

// isFloatAttr reports whether the attribute is present and a float.
func (c *opCall) isFloatAttr(name string) bool {
	_, ok := c.attr(name).(*ir.FloatAttr)
	return ok
}

func (c *opCall) bool(name string) (bool, error) {
	switch x := c.attr(name).(type) {
	case nil:
		return false, nil
	case *ir.BoolAttr:
		return x.Value, nil
	case *ir.IntegerAttr:
		if ir.IsInteger(x.Type, 1) {
			return x.Value != 0, nil
		}
	case *ir.UnitAttr:
		return true, nil
	}
	return false, fmt.Errorf("attribute '%s' must be a bool", name)
}

func (c *opCall) str(name string) (string, error) {
	switch x := c.attr(name).(type) {
	case nil:
		return "", nil
	case *ir.StringAttr:
		return x.Value, nil
	}
	return "", fmt.Errorf("attribute '%s' must be a string", name)
}

// ints reads an array<i64: …> attribute (nil when absent).
func (c *opCall) ints(name string) ([]int64, error) {
	switch x := c.attr(name).(type) {
	case nil:
		return nil, nil
	case *ir.DenseArrayAttr:
		if x.Floats == nil {
			if x.Ints == nil {
				return []int64{}, nil
			}
			return x.Ints, nil
		}
	case *ir.ArrayAttr: // [1, 2] written as a plain array of integers
		out := make([]int64, len(x.Elems))
		for i, e := range x.Elems {
			ia, ok := e.(*ir.IntegerAttr)
			if !ok {
				return nil, fmt.Errorf("attribute '%s' must be an array of integers", name)
			}
			out[i] = ia.Value
		}
		return out, nil
	}
	return nil, fmt.Errorf("attribute '%s' must be an i64 dense array", name)
}

// intsN reads an array of exactly n integers; def when neither the op
// nor its table gives one (a default computed from the operands).
func (c *opCall) intsN(name string, n int, def []int64) ([]int64, error) {
	v, err := c.ints(name)
	if err != nil {
		return nil, err
	}
	if c.attr(name) == nil {
		v = def
	}
	if len(v) != n {
		return nil, fmt.Errorf("attribute '%s' must have %d elements, got %d", name, n, len(v))
	}
	return v, nil
}

// pair reads a torch int[2] argument: one value applies to both dims.
func (c *opCall) pair(name string) ([2]int, error) {
	v, err := c.window(name, 2, nil)
	if err != nil {
		return [2]int{}, err
	}
	return [2]int(v), nil
}

// window reads a torch int[n] argument: one value applies to every dim;
// an empty list (or absence) gives the table default, else orElse
// (pooling's stride defaults to its kernel size).
func (c *opCall) window(name string, n int, orElse []int64) ([]int, error) {
	v, err := c.ints(name)
	if err != nil {
		return nil, err
	}
	if len(v) == 0 {
		if d, ok := defaultOf(c.op, name).(*ir.DenseArrayAttr); ok {
			v = d.Ints
		}
	}
	if len(v) == 0 {
		v = orElse
	}
	if len(v) != 1 && len(v) != n {
		return nil, fmt.Errorf("attribute '%s' must have 1 or %d elements, got %d", name, n, len(v))
	}
	out := make([]int, n)
	for i := range out {
		out[i] = int(v[min(i, len(v)-1)])
	}
	return out, nil
}

// defaultOf is the op table's default of attribute name (nil when none).
func defaultOf(op *ir.Operation, name string) ir.Attribute {
	if info := op.Info(); info != nil {
		if d, ok := info.Def.(*ods.OpDef); ok {
			return d.DefaultOf(name)
		}
	}
	return nil
}

// typeAttr reads a type attribute (nil when absent).
func (c *opCall) typeAttr(name string) (ir.Type, error) {
	switch x := c.attr(name).(type) {
	case nil:
		return nil, nil
	case *ir.TypeAttr:
		return x.Type, nil
	}
	return nil, fmt.Errorf("attribute '%s' must be a type", name)
}

// resultDType is the dtype of result i's element type.
func (c *opCall) resultDType(i int) (tensor.DType, error) {
	if i >= c.op.NumResults() {
		return tensor.Invalid, fmt.Errorf("has no result #%d", i)
	}
	elem, _, _ := typeShape(c.op.Result(i).Type())
	return DTypeOf(elem)
}

// resultShape is the static shape of result i (an error when dynamic).
func (c *opCall) resultShape(i int) ([]int64, error) {
	_, dims, ranked := typeShape(c.op.Result(i).Type())
	if !ranked || !isStatic(dims) {
		return nil, fmt.Errorf("result #%d has no static shape (%s)", i, c.op.Result(i).Type())
	}
	return append([]int64{}, dims...), nil
}

// operandElem is operand i's element type.
func (c *opCall) operandElem(i int) ir.Type {
	elem, _, _ := typeShape(c.op.Operand(i).Type())
	return elem
}

// resultElem is result i's element type.
func (c *opCall) resultElem(i int) ir.Type {
	elem, _, _ := typeShape(c.op.Result(i).Type())
	return elem
}

// wrapDim and wrapDims are PyTorch's dim wrapping, as the torch dialect's
// shape functions apply it.
var wrapDim, wrapDims = torch.WrapDim, torch.WrapDims

func toInts(v []int64) []int {
	out := make([]int, len(v))
	for i, x := range v {
		out[i] = int(x)
	}
	return out
}

// one wraps a single result.
func one(t *tensor.Tensor, err error) ([]*tensor.Tensor, error) {
	if err != nil {
		return nil, err
	}
	return []*tensor.Tensor{t}, nil
}
