package interp

import (
	"fmt"
	"math"

	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// Elementwise torch kernels (docs/dialects/torch.md): arithmetic with
// PyTorch's promotion, comparisons, logical and bitwise ops, unary math
// and casts. Arithmetic on f16/bf16 runs in float32 and rounds once at the
// end, as PyTorch's opmath does.

// toDType converts x to dt (x itself when it already has dt).
func toDType(x *tensor.Tensor, dt tensor.DType) (*tensor.Tensor, error) {
	if x.DType() == dt {
		return x, nil
	}
	return tensor.Cast(x, dt)
}

// opmath is the dtype arithmetic on dt runs in: f32 for f16/bf16, as
// PyTorch's opmath; i64 for integers, whose wrap-around back to dt equals
// wrapping arithmetic in dt (and lets a Scalar such as -1 reach a ui8
// tensor without saturating).
func opmath(dt tensor.DType) tensor.DType {
	switch {
	case dt == tensor.F16 || dt == tensor.BF16:
		return tensor.F32
	case dt.IsInt():
		return tensor.I64
	}
	return dt
}

// withOpmath runs f on xs converted to the opmath dtype of dt and rounds
// the result back to dt.
func withOpmath(dt tensor.DType, f func(cd tensor.DType, xs ...*tensor.Tensor) (*tensor.Tensor, error), xs ...*tensor.Tensor) (*tensor.Tensor, error) {
	cd := opmath(dt)
	conv := make([]*tensor.Tensor, len(xs))
	for i, x := range xs {
		var err error
		if conv[i], err = toDType(x, cd); err != nil {
			return nil, err
		}
	}
	r, err := f(cd, conv...)
	if err != nil {
		return nil, err
	}
	return toDType(r, dt)
}

// torchScalar implements add/sub/rsub/mul/div.Scalar: the tensor is
// converted to the result dtype (PyTorch's promotion with a Scalar), then
// combined with the Scalar `other` (times alpha where the op has one).
func torchScalar(kind string) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) {
		dt, err := c.resultDType(0)
		if err != nil {
			return nil, err
		}
		other, err := c.num("other")
		if err != nil {
			return nil, err
		}
		if !c.has("other") {
			return nil, fmt.Errorf("requires attribute 'other'")
		}
		alpha, err := c.num("alpha")
		if err != nil {
			return nil, err
		}
		return one(withOpmath(dt, func(cd tensor.DType, xs ...*tensor.Tensor) (*tensor.Tensor, error) {
			x := xs[0]
			s := tensor.Scalar(cd, other)
			switch kind {
			case "add", "sub":
				if alpha != 1 {
					var err error
					if s, err = tensor.Mul(s, tensor.Scalar(cd, alpha)); err != nil {
						return nil, err
					}
				}
				if kind == "add" {
					return tensor.Add(x, s)
				}
				return tensor.Sub(x, s)
			case "rsub":
				if alpha != 1 {
					var err error
					if x, err = tensor.Mul(x, tensor.Scalar(cd, alpha)); err != nil {
						return nil, err
					}
				}
				return tensor.Sub(s, x)
			case "mul":
				return tensor.Mul(x, s)
			case "div":
				return tensor.Div(x, s)
			}
			return nil, fmt.Errorf("unknown scalar op %s", kind)
		}, c.in[0]))
	}
}

// torchAddSub implements add.Tensor and sub.Tensor: self ± alpha·other.
func torchAddSub(sub bool) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) {
		a, b := c.in[0], c.in[1]
		alpha, err := c.num("alpha")
		if err != nil {
			return nil, err
		}
		if a.DType() == tensor.Bool {
			if sub {
				return nil, fmt.Errorf("subtraction is not defined on bool tensors")
			}
			return one(tensor.Logical(tensor.OpOr, a, b))
		}
		if alpha == 1 {
			if sub {
				return one(tensor.Sub(a, b))
			}
			return one(tensor.Add(a, b))
		}
		return one(withOpmath(a.DType(), func(cd tensor.DType, xs ...*tensor.Tensor) (*tensor.Tensor, error) {
			o, err := tensor.Mul(xs[1], tensor.Scalar(cd, alpha))
			if err != nil {
				return nil, err
			}
			if sub {
				return tensor.Sub(xs[0], o)
			}
			return tensor.Add(xs[0], o)
		}, a, b))
	}
}

func torchMul(c *opCall) ([]*tensor.Tensor, error) {
	if c.in[0].DType() == tensor.Bool {
		return one(tensor.Logical(tensor.OpAnd, c.in[0], c.in[1]))
	}
	return one(tensor.Mul(c.in[0], c.in[1]))
}

func torchDiv(c *opCall) ([]*tensor.Tensor, error) {
	mode, err := c.str("rounding_mode")
	if err != nil {
		return nil, err
	}
	a, b := c.in[0], c.in[1]
	switch mode {
	case "":
		dt, err := c.resultDType(0)
		if err != nil {
			return nil, err
		}
		if a, err = toDType(a, dt); err != nil {
			return nil, err
		}
		if b, err = toDType(b, dt); err != nil {
			return nil, err
		}
		return one(tensor.Div(a, b))
	case "trunc":
		if a.DType().IsFloat() {
			q, err := tensor.Div(a, b)
			if err != nil {
				return nil, err
			}
			return one(mapFloat(q, math.Trunc))
		}
		return one(binaryFunc(a, b, nil, truncDivInt))
	case "floor":
		return one(binaryFunc(a, b, floorDivFloat, floorDivInt))
	}
	return nil, fmt.Errorf("unknown rounding_mode %q", mode)
}

func torchPowScalar(c *opCall) ([]*tensor.Tensor, error) {
	dt, err := c.resultDType(0)
	if err != nil {
		return nil, err
	}
	if !c.has("exponent") {
		return nil, fmt.Errorf("requires attribute 'exponent'")
	}
	x, err := toDType(c.in[0], dt)
	if err != nil {
		return nil, err
	}
	var e *tensor.Tensor
	if c.isFloatAttr("exponent") {
		v, _ := c.num("exponent")
		e = tensor.Scalar(tensor.F64, v)
	} else {
		v, err := c.int("exponent")
		if err != nil {
			return nil, err
		}
		if dt.IsInt() && v < 0 {
			return nil, fmt.Errorf("integers to negative integer powers are not allowed")
		}
		e = tensor.Scalar(tensor.I64, float64(v))
		if dt.IsFloat() {
			e = tensor.Scalar(tensor.F64, float64(v))
		}
	}
	return one(tensor.Pow(x, e))
}

func torchPowTensor(c *opCall) ([]*tensor.Tensor, error) {
	a, b := c.in[0], c.in[1]
	if b.DType().IsInt() {
		for _, v := range b.IntValues() {
			if v < 0 {
				return nil, fmt.Errorf("integers to negative integer powers are not allowed")
			}
		}
	}
	return one(tensor.Pow(a, b))
}

// boolMap builds an i1 tensor of x's shape from a predicate on its
// elements (read as float64).
func boolMap(x *tensor.Tensor, f func(float64) bool) (*tensor.Tensor, error) {
	out := make([]bool, x.Len())
	if x.DType().IsFloat() {
		for i, v := range x.Values() {
			out[i] = f(v)
		}
	}
	return tensor.FromSlice(tensor.Bool, x.Shape(), out)
}

// scalarPromoted is the dtype PyTorch computes a tensor–Scalar op in: the
// tensor's, unless the Scalar is of a higher kind (f32 for a float Scalar
// with an integer or bool tensor, i64 for an integer Scalar with bool).
func scalarPromoted(c *opCall, dt tensor.DType, name string) tensor.DType {
	switch {
	case dt.IsFloat():
		return dt
	case c.isFloatAttr(name):
		return tensor.F32
	case dt == tensor.Bool:
		return tensor.I64
	}
	return dt
}

// scalarOf is attribute name as a 0-D tensor of dtype dt (integers exact).
func scalarOf(c *opCall, name string, dt tensor.DType) (*tensor.Tensor, error) {
	switch a := c.attr(name).(type) {
	case *ir.IntegerAttr:
		t, err := tensor.FromSlice(tensor.I64, nil, []int64{a.Value})
		if err != nil {
			return nil, err
		}
		return toDType(t, dt)
	case *ir.FloatAttr:
		return tensor.Cast(tensor.Scalar(tensor.F64, a.Value), dt)
	case nil:
		return nil, fmt.Errorf("requires attribute '%s'", name)
	}
	return nil, fmt.Errorf("attribute '%s' must be a number", name)
}

// roundTo is v rounded to float dtype dt, as PyTorch converts a Scalar
// argument to the tensor's type.
func roundTo(dt tensor.DType, v float64) float64 {
	if !dt.IsFloat() {
		return v
	}
	return tensor.Scalar(dt, v).Values()[0]
}

// orderable converts bool operands of an ordering comparison to u8
// (false < true), which tensor.Compare does not order.
func orderable(op tensor.CompareOp, x *tensor.Tensor) (*tensor.Tensor, error) {
	if x.DType() == tensor.Bool && op != tensor.OpEqual && op != tensor.OpNotEqual {
		return tensor.Cast(x, tensor.U8)
	}
	return x, nil
}

func torchCompare(op tensor.CompareOp) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) {
		a, err := orderable(op, c.in[0])
		if err != nil {
			return nil, err
		}
		b, err := orderable(op, c.in[1])
		if err != nil {
			return nil, err
		}
		return one(tensor.Compare(op, a, b))
	}
}

func torchCompareScalar(op tensor.CompareOp) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) {
		cd := scalarPromoted(c, c.in[0].DType(), "other")
		x, err := toDType(c.in[0], cd)
		if err != nil {
			return nil, err
		}
		s, err := scalarOf(c, "other", cd)
		if err != nil {
			return nil, err
		}
		return one(tensor.Compare(op, x, s))
	}
}

// asBool is x != 0 elementwise (NaN is true).
func asBool(x *tensor.Tensor) (*tensor.Tensor, error) { return toDType(x, tensor.Bool) }

func torchLogical(op tensor.LogicalOp) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) {
		a, err := asBool(c.in[0])
		if err != nil {
			return nil, err
		}
		b, err := asBool(c.in[1])
		if err != nil {
			return nil, err
		}
		return one(tensor.Logical(op, a, b))
	}
}

func torchLogicalNot(c *opCall) ([]*tensor.Tensor, error) {
	a, err := asBool(c.in[0])
	if err != nil {
		return nil, err
	}
	return one(tensor.Not(a))
}

func torchBitwiseNot(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	if x.DType() == tensor.Bool {
		return one(tensor.Not(x))
	}
	if !x.DType().IsInt() {
		return nil, fmt.Errorf("bitwise_not is not defined on %s", x.DType())
	}
	v := x.IntValues()
	for i := range v {
		v[i] = ^v[i] // wraps to the dtype's complement in fromInt64
	}
	return one(fromInt64(x.DType(), x.Shape(), v))
}

// torchExtremum is maximum/minimum: NaN propagates; or/and for bool.
func torchExtremum(isMax bool) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) {
		a, b := c.in[0], c.in[1]
		switch {
		case a.DType() == tensor.Bool && isMax:
			return one(tensor.Logical(tensor.OpOr, a, b))
		case a.DType() == tensor.Bool:
			return one(tensor.Logical(tensor.OpAnd, a, b))
		case isMax:
			return one(tensor.Max(a, b))
		}
		return one(tensor.Min(a, b))
	}
}

// torchRemainder is remainder.Tensor (floor) or fmod.Tensor (trunc).
func torchRemainder(floor bool) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) {
		ff := func(a, b float64) float64 {
			m := math.Mod(a, b)
			if floor && m != 0 && (b < 0) != (m < 0) {
				m += b
			}
			return m
		}
		fi := func(a, b int64) (int64, error) {
			if b == 0 {
				return 0, fmt.Errorf("ZeroDivisionError: integer remainder by zero")
			}
			m := a % b
			if floor && m != 0 && (b < 0) != (m < 0) {
				m += b
			}
			return m, nil
		}
		return one(binaryFunc(c.in[0], c.in[1], ff, fi))
	}
}

// intIdentity runs op on floats and is the identity on integers (floor,
// ceil and round of an integer tensor).
func intIdentity(op tensor.UnaryOp) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) {
		if c.in[0].DType().IsInt() {
			return identity(c)
		}
		return one(tensor.Unary(op, c.in[0]))
	}
}

// torchSign is PyTorch's (x > 0) − (x < 0): NaN and −0 give +0.
func torchSign(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	switch {
	case x.DType() == tensor.Bool:
		return identity(c)
	case x.DType().IsFloat():
		return one(mapFloat(x, func(v float64) float64 {
			switch {
			case v > 0:
				return 1
			case v < 0:
				return -1
			}
			return 0
		}))
	}
	return one(tensor.Unary(tensor.OpSign, x))
}

// floatMap applies f in float64, rounding once to the dtype.
func floatMap(f func(float64) float64) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) { return one(mapFloat(c.in[0], f)) }
}

func classify(f func(float64) bool) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) { return one(boolMap(c.in[0], f)) }
}

func torchTo(c *opCall) ([]*tensor.Tensor, error) {
	dt, err := c.resultDType(0)
	if err != nil {
		return nil, err
	}
	return one(tensor.Cast(c.in[0], dt))
}

func torchDropout(c *opCall) ([]*tensor.Tensor, error) {
	train, err := c.bool("train")
	if err != nil {
		return nil, err
	}
	if train {
		return nil, fmt.Errorf("dropout in training mode is not deterministic and is not supported")
	}
	return identity(c)
}
