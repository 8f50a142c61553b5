package decompose

import (
	"math"

	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/ir"
)

// Elementwise decompositions that need constants, promotions or more
// than one op. Each function's comment is its decomposition in one line;
// x' is x converted to the result's element type.

// add.Scalar(x, other, alpha) -> add(x', other·alpha)
func addScalar(e *emitter, op *ir.Operation) []*ir.Value {
	elem := elemOf(op.Result(0))
	c := e.number(op, "other").times(e.number(op, "alpha"))
	return one(e.add(e.cast(op.Operand(0), elem), e.scalarNum(elem, c)))
}

// sub.Scalar(x, other, alpha) -> sub(x', other·alpha)
func subScalar(e *emitter, op *ir.Operation) []*ir.Value {
	elem := elemOf(op.Result(0))
	c := e.number(op, "other").times(e.number(op, "alpha"))
	return one(e.sub(e.cast(op.Operand(0), elem), e.scalarNum(elem, c)))
}

// rsub.Scalar(x, other, alpha) -> sub(other, mul(x', alpha))
func rsubScalar(e *emitter, op *ir.Operation) []*ir.Value {
	elem := elemOf(op.Result(0))
	x := e.cast(op.Operand(0), elem)
	if alpha := e.number(op, "alpha"); !alpha.isOne() {
		x = e.mul(x, e.scalarNum(elem, alpha))
	}
	return one(e.sub(e.scalarNum(elem, e.number(op, "other")), x))
}

// mul.Scalar(x, other) -> mul(x', other)
func mulScalar(e *emitter, op *ir.Operation) []*ir.Value {
	elem := elemOf(op.Result(0))
	return one(e.mul(e.cast(op.Operand(0), elem), e.scalarNum(elem, e.number(op, "other"))))
}

// div.Scalar(x, other) -> div(x', other)
func divScalar(e *emitter, op *ir.Operation) []*ir.Value {
	elem := elemOf(op.Result(0))
	return one(e.div(e.cast(op.Operand(0), elem), e.scalarNum(elem, e.number(op, "other"))))
}

// add.Tensor(x, y, alpha) -> add(x, mul(y, alpha)); or(x, y) for i1
func addTensor(e *emitter, op *ir.Operation) []*ir.Value {
	return addSub(e, op, "core.add")
}

// sub.Tensor(x, y, alpha) -> sub(x, mul(y, alpha))
func subTensor(e *emitter, op *ir.Operation) []*ir.Value {
	return addSub(e, op, "core.sub")
}

func addSub(e *emitter, op *ir.Operation, name string) []*ir.Value {
	x, y := op.Operand(0), op.Operand(1)
	if isBoolElem(elemOf(x)) && name == "core.add" {
		return one(e.binary("core.or", x, y))
	}
	if alpha := e.number(op, "alpha"); !alpha.isOne() {
		y = e.mul(y, e.scalarNum(elemOf(y), alpha))
	}
	return one(e.binary(name, x, y))
}

// div.Tensor(x, y, mode) -> div(x', y'); "trunc": trunc(div(x, y)); "floor": floor(div(x, y))
//
// x' and y' are in the result type (f32 for a true division of
// integers). Integer "trunc" is core.div itself; integer "floor" subtracts
// one where the remainder is non-zero and its sign differs from y's.
func divTensor(e *emitter, op *ir.Operation) []*ir.Value {
	x, y := op.Operand(0), op.Operand(1)
	switch mode := e.attrStr(op, "rounding_mode"); mode {
	case "":
		elem := elemOf(op.Result(0))
		return one(e.div(e.cast(x, elem), e.cast(y, elem)))
	case "trunc":
		q := e.div(x, y)
		if isFloatElem(elemOf(x)) {
			q = e.trunc(q)
		}
		return one(q)
	case "floor":
		q := e.div(x, y)
		if isFloatElem(elemOf(x)) {
			return one(e.unary("core.floor", q))
		}
		elem := elemOf(x)
		zero := e.scalar(elem, 0)
		r := e.sub(x, e.mul(q, y))
		signsDiffer := e.binary("core.xor", e.cmp("lt", r, zero), e.cmp("lt", y, zero))
		adjust := e.binary("core.and", e.cmp("ne", r, zero), signsDiffer)
		return one(e.sel(adjust, e.sub(q, e.scalar(elem, 1)), q))
	default:
		e.fail("unknown rounding_mode %q", mode)
		return one(x)
	}
}

// trunc rounds toward zero: select(q < 0, ceil(q), floor(q)).
func (e *emitter) trunc(q *ir.Value) *ir.Value {
	neg := e.cmp("lt", q, e.scalar(elemOf(q), 0))
	return e.sel(neg, e.unary("core.ceil", q), e.unary("core.floor", q))
}

// pow.Tensor_Scalar(x, n) -> pow(x', n); integer powers: mul by repeated squaring
func powScalar(e *emitter, op *ir.Operation) []*ir.Value {
	elem := elemOf(op.Result(0))
	x := e.cast(op.Operand(0), elem)
	n := e.number(op, "exponent")
	if isFloatElem(elem) {
		return one(e.binary("core.pow", x, e.scalarNum(elem, n)))
	}
	if n.isFloat || n.i < 0 {
		e.fail("integer power with exponent %v", n.f)
		return one(x)
	}
	return one(e.intPow(x, n.i))
}

// intPow is x**k by squaring: the products wrap as integer arithmetic in
// the element type does.
func (e *emitter) intPow(x *ir.Value, k int64) *ir.Value {
	if k == 0 {
		return e.splat(x.Type(), 1)
	}
	var acc *ir.Value
	for base := x; k > 0; k >>= 1 {
		if k&1 == 1 {
			if acc == nil {
				acc = base
			} else {
				acc = e.mul(acc, base)
			}
		}
		if k > 1 {
			base = e.mul(base, base)
		}
	}
	return acc
}

// clamp(x, min, max) -> core.clamp(x, min, max)
//
// With min > max every element is max, as in PyTorch; a bound that is not
// an f32 value becomes max/min with a constant.
func clampOp(e *emitter, op *ir.Operation) []*ir.Value {
	lo, hi := op.InherentAttr("min"), op.InherentAttr("max")
	var plo, phi *number
	if lo != nil {
		n := e.number(op, "min")
		plo = &n
	}
	if hi != nil {
		n := e.number(op, "max")
		phi = &n
	}
	if plo != nil && phi != nil && plo.f > phi.f {
		plo = phi
	}
	return one(e.clamp(op.Operand(0), plo, phi))
}

// hardtanh(x, min_val, max_val) -> clamp(x, min_val, max_val)
func hardtanh(e *emitter, op *ir.Operation) []*ir.Value {
	lo, hi := e.number(op, "min_val"), e.number(op, "max_val")
	return one(e.clamp(op.Operand(0), &lo, &hi))
}

// relu6(x) -> clamp(x, 0, 6)
func relu6(e *emitter, op *ir.Operation) []*ir.Value {
	return one(e.clamp(op.Operand(0), &number{f: 0, isFloat: true}, &number{f: 6, isFloat: true}))
}

// clamp bounds x; a nil bound does not apply. core.clamp's bounds are
// f32 attributes, so other bounds become max/min with a constant.
func (e *emitter) clamp(x *ir.Value, lo, hi *number) *ir.Value {
	fits := func(n *number) bool {
		switch {
		case n == nil:
			return true
		case !n.isFloat && float64(n.i) != n.f: // beyond 2^53
			return false
		case !isFloatElem(elemOf(x)) && n.f != math.Trunc(n.f):
			return false
		}
		return float64(float32(n.f)) == n.f
	}
	if fits(lo) && fits(hi) {
		var attrs []ir.NamedAttr
		if lo != nil {
			attrs = append(attrs, kv("min", e.f32(lo.f)))
		}
		if hi != nil {
			attrs = append(attrs, kv("max", e.f32(hi.f)))
		}
		return e.op("core.clamp", nil, attrs, x)
	}
	if lo != nil {
		x = e.binary("core.max", x, e.scalarNum(elemOf(x), *lo))
	}
	if hi != nil {
		x = e.binary("core.min", x, e.scalarNum(elemOf(x), *hi))
	}
	return x
}

// leaky_relu(x, s) -> select(x >= 0, x, mul(x, s))
func leakyRelu(e *emitter, op *ir.Operation) []*ir.Value {
	x := op.Operand(0)
	elem := elemOf(x)
	s := e.number(op, "negative_slope")
	return one(e.sel(e.cmp("ge", x, e.scalar(elem, 0)), x, e.mul(x, e.scalarNum(elem, s))))
}

// hardsigmoid(x) -> div(clamp(add(x, 3), 0, 6), 6)
func hardsigmoid(e *emitter, op *ir.Operation) []*ir.Value {
	return one(e.hardsigmoid(op.Operand(0)))
}

func (e *emitter) hardsigmoid(x *ir.Value) *ir.Value {
	elem := elemOf(x)
	r := e.clamp(e.add(x, e.scalar(elem, 3)), &number{f: 0, isFloat: true}, &number{f: 6, isFloat: true})
	return e.div(r, e.scalar(elem, 6))
}

// hardswish(x) -> mul(x, div(clamp(add(x, 3), 0, 6), 6))
func hardswish(e *emitter, op *ir.Operation) []*ir.Value {
	x := op.Operand(0)
	return one(e.mul(x, e.hardsigmoid(x)))
}

// gelu(x) -> core.gelu(x) with the same approximate
func gelu(e *emitter, op *ir.Operation) []*ir.Value {
	x := op.Operand(0)
	mode := e.attrStr(op, "approximate")
	if mode != "none" && mode != "tanh" {
		e.fail("unknown approximate %q", mode)
		return one(x)
	}
	return one(e.op("core.gelu", nil, []ir.NamedAttr{kv("approximate", e.str(mode))}, x))
}

// geluPieces(x) -> 0.5·x·(1 + erf(x/√2)); "tanh": 0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³)))
func (e *emitter) geluPieces(x *ir.Value, mode string) *ir.Value {
	elem := elemOf(x)
	c := func(v float64) *ir.Value { return e.scalar(elem, v) }
	var inner *ir.Value
	switch mode {
	case "none":
		inner = e.unary("core.erf", e.mul(x, c(1/math.Sqrt2)))
	case "tanh":
		cube := e.mul(e.mul(x, x), x)
		arg := e.mul(e.add(x, e.mul(cube, c(0.044715))), c(math.Sqrt(2/math.Pi)))
		inner = e.unary("core.tanh", arg)
	default:
		e.fail("unknown approximate %q", mode)
		return x
	}
	return e.mul(e.mul(x, c(0.5)), e.add(inner, c(1)))
}

// masked_fill.Scalar(x, mask, v) -> select(mask, v, x)
func maskedFill(e *emitter, op *ir.Operation) []*ir.Value {
	x := op.Operand(0)
	return one(e.sel(op.Operand(1), e.scalarNum(elemOf(x), e.number(op, "value")), x))
}

// ---- PyTorch Scalars ----

// number is a PyTorch Scalar: an integer (exact, as i64) or a float.
type number struct {
	f       float64
	i       int64
	isFloat bool
}

// number reads a PyTorch Scalar attribute, absent ones as the torch
// table's default (zero when it has none).
func (e *emitter) number(op *ir.Operation, name string) number {
	switch a := ods.AttrOrDefault(op, name).(type) {
	case nil:
		return number{}
	case *ir.IntegerAttr:
		return number{f: float64(a.Value), i: a.Value}
	case *ir.FloatAttr:
		return number{f: a.Value, isFloat: true}
	case *ir.BoolAttr:
		if a.Value {
			return number{f: 1, i: 1}
		}
		return number{}
	}
	e.fail("attribute '%s' is not a number", name)
	return number{}
}

func (n number) isOne() bool { return n.f == 1 }

// times multiplies exactly for integers (wrapping as i64 does).
func (n number) times(m number) number {
	if !n.isFloat && !m.isFloat {
		p := n.i * m.i
		return number{f: float64(p), i: p}
	}
	return number{f: n.f * m.f, isFloat: true}
}

// scalarNum is a 0-D constant of elem holding n.
func (e *emitter) scalarNum(elem ir.Type, n number) *ir.Value {
	if it, ok := elem.(*ir.IntegerType); ok && !n.isFloat && it.Width > 1 {
		w := ir.ElementByteWidth(it)
		if w == 0 {
			e.fail("cannot make a %s constant", elem)
			return e.poison(nil, nil)
		}
		t := e.tensor(nil, elem)
		return e.constant(e.ctx.DenseElementsAttr(t.(*ir.RankedTensorType), ir.EncodeInt(nil, n.i, w)))
	}
	if !isFloatElem(elem) && n.isFloat && n.f != math.Trunc(n.f) {
		e.fail("a non-integral Scalar %v on a %s tensor", n.f, elem)
	}
	return e.scalar(elem, n.f)
}

func one(v *ir.Value) []*ir.Value { return []*ir.Value{v} }
