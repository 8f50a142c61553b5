package interp

import (
	"fmt"

	"github.com/mlc-go/mlc/dialects/torch"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// opCall is one op being executed: its operands' tensors and typed access
// to its attributes. Readers are defensive (Run does not require verified
// IR): a present attribute of the wrong kind is an error, an absent one
// gives the documented default.
type opCall struct {
	op *ir.Operation
	in []*tensor.Tensor
}

// kernel computes an op's results.
type kernel func(c *opCall) ([]*tensor.Tensor, error)

func (c *opCall) attr(name string) ir.Attribute { return c.op.InherentAttr(name) }

func (c *opCall) has(name string) bool { return c.attr(name) != nil }

// int reads an integer attribute (def when absent).
func (c *opCall) int(name string, def int64) (int64, error) {
	switch x := c.attr(name).(type) {
	case nil:
		return def, nil
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
	return c.int(name, 0)
}

// num reads an integer or float attribute as a float64 (def when absent).
func (c *opCall) num(name string, def float64) (float64, error) {
	switch x := c.attr(name).(type) {
	case nil:
		return def, nil
	case *ir.IntegerAttr:
		return float64(x.Value), nil
	case *ir.FloatAttr:
		return x.Value, nil
	}
	return 0, fmt.Errorf("attribute '%s' must be a number", name)
}

// isFloatAttr reports whether the attribute is present and a float.
func (c *opCall) isFloatAttr(name string) bool {
	_, ok := c.attr(name).(*ir.FloatAttr)
	return ok
}

func (c *opCall) bool(name string, def bool) (bool, error) {
	switch x := c.attr(name).(type) {
	case nil:
		return def, nil
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

func (c *opCall) str(name, def string) (string, error) {
	switch x := c.attr(name).(type) {
	case nil:
		return def, nil
	case *ir.StringAttr:
		return x.Value, nil
	}
	return "", fmt.Errorf("attribute '%s' must be a string", name)
}

// ints reads an array<i64: …> attribute (def when absent).
func (c *opCall) ints(name string, def []int64) ([]int64, error) {
	switch x := c.attr(name).(type) {
	case nil:
		return def, nil
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

// intsN reads an array of exactly n integers.
func (c *opCall) intsN(name string, n int, def []int64) ([]int64, error) {
	v, err := c.ints(name, def)
	if err != nil {
		return nil, err
	}
	if len(v) != n {
		return nil, fmt.Errorf("attribute '%s' must have %d elements, got %d", name, n, len(v))
	}
	return v, nil
}

// pair reads a torch int[2] argument: one value applies to both dims; an
// empty list (or absence) gives def.
func (c *opCall) pair(name string, def []int64) ([2]int, error) {
	v, err := c.window(name, 2, def)
	if err != nil {
		return [2]int{}, err
	}
	return [2]int(v), nil
}

// window reads a torch int[n] argument: one value applies to every dim;
// an empty list (or absence) gives def.
func (c *opCall) window(name string, n int, def []int64) ([]int, error) {
	v, err := c.ints(name, def)
	if err != nil {
		return nil, err
	}
	if len(v) == 0 {
		v = def
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
