package decompose

import (
	"github.com/mlc-go/mlc/ir"
)

// Unary math and the parametrised activations.

// floor(x) -> core.floor(x); x for integers (likewise ceil, round)
func rounding(name string) func(e *emitter, op *ir.Operation) []*ir.Value {
	return func(e *emitter, op *ir.Operation) []*ir.Value {
		x := op.Operand(0)
		if !isFloatElem(elemOf(x)) {
			return one(x)
		}
		return one(e.unary(name, x))
	}
}

// tan(x) -> div(sin(x), cos(x))
func tan(e *emitter, op *ir.Operation) []*ir.Value {
	x := op.Operand(0)
	return one(e.div(e.unary("core.sin", x), e.unary("core.cos", x)))
}

// sinh(x) -> mul(sub(exp(x), exp(−x)), 0.5); cosh adds
func hyperbolic(name string) func(e *emitter, op *ir.Operation) []*ir.Value {
	return func(e *emitter, op *ir.Operation) []*ir.Value {
		x := op.Operand(0)
		s := e.binary(name, e.unary("core.exp", x), e.unary("core.exp", e.neg(x)))
		return one(e.mul(s, e.scalar(elemOf(x), 0.5)))
	}
}

// asinh(x) -> mul(sign(x), log(add(abs(x), sqrt(add(mul(x, x), 1)))))
//
// Odd symmetry keeps log's argument ≥ 1, avoiding cancellation for x < 0.
func asinh(e *emitter, op *ir.Operation) []*ir.Value {
	x := op.Operand(0)
	one1 := e.scalar(elemOf(x), 1)
	r := e.unary("core.sqrt", e.add(e.mul(x, x), one1))
	return one(e.mul(e.unary("core.sign", x), e.unary("core.log", e.add(e.unary("core.abs", x), r))))
}

// acosh(x) -> log(add(x, sqrt(sub(mul(x, x), 1))))
func acosh(e *emitter, op *ir.Operation) []*ir.Value {
	x := op.Operand(0)
	r := e.unary("core.sqrt", e.sub(e.mul(x, x), e.scalar(elemOf(x), 1)))
	return one(e.unary("core.log", e.add(x, r)))
}

// atanh(x) -> mul(log(div(add(1, x), sub(1, x))), 0.5)
func atanh(e *emitter, op *ir.Operation) []*ir.Value {
	x := op.Operand(0)
	c := func(v float64) *ir.Value { return e.scalar(elemOf(x), v) }
	return one(e.mul(e.unary("core.log", e.div(e.add(c(1), x), e.sub(c(1), x))), c(0.5)))
}

// elu(x, alpha, scale, input_scale) -> select(x > 0, mul(x, scale), mul(sub(exp(mul(x, input_scale)), 1), scale·alpha))
func elu(e *emitter, op *ir.Operation) []*ir.Value {
	return one(e.elu(op.Operand(0), e.number(op, "alpha").f, e.number(op, "scale").f, e.number(op, "input_scale").f))
}

// selu(x) -> elu(x, 1.6732632423543772, 1.0507009873554805, 1)
func selu(e *emitter, op *ir.Operation) []*ir.Value {
	return one(e.elu(op.Operand(0), 1.6732632423543772848170429916717, 1.0507009873554804934193349852946, 1))
}

// celu(x, alpha) -> elu(x, alpha, 1, 1/alpha)
func celu(e *emitter, op *ir.Operation) []*ir.Value {
	a := e.number(op, "alpha").f
	if a == 0 {
		e.fail("celu's alpha must not be 0")
		return one(op.Operand(0))
	}
	return one(e.elu(op.Operand(0), a, 1, 1/a))
}

func (e *emitter) elu(x *ir.Value, alpha, scale, inScale float64) *ir.Value {
	elem := elemOf(x)
	c := func(v float64) *ir.Value { return e.scalar(elem, v) }
	scaled := func(v *ir.Value, s float64) *ir.Value {
		if s == 1 {
			return v
		}
		return e.mul(v, c(s))
	}
	neg := scaled(e.sub(e.unary("core.exp", scaled(x, inScale)), c(1)), scale*alpha)
	return e.sel(e.cmp("gt", x, c(0)), scaled(x, scale), neg)
}

// softplus(x, beta, threshold) -> select(mul(x, beta) > threshold, x, div(log(add(exp(mul(x, beta)), 1)), beta))
func softplus(e *emitter, op *ir.Operation) []*ir.Value {
	x := op.Operand(0)
	elem := elemOf(x)
	beta := e.number(op, "beta").f
	th := e.number(op, "threshold").f
	z := x
	if beta != 1 {
		z = e.mul(x, e.scalar(elem, beta))
	}
	sp := e.unary("core.log", e.add(e.unary("core.exp", z), e.scalar(elem, 1)))
	if beta != 1 {
		sp = e.div(sp, e.scalar(elem, beta))
	}
	return one(e.sel(e.cmp("gt", z, e.scalar(elem, th)), x, sp))
}

// mish(x) -> mul(x, tanh(log(add(exp(x), 1))))
func mish(e *emitter, op *ir.Operation) []*ir.Value {
	x := op.Operand(0)
	sp := e.unary("core.log", e.add(e.unary("core.exp", x), e.scalar(elemOf(x), 1)))
	return one(e.mul(x, e.unary("core.tanh", sp)))
}

// prelu(x, w) -> select(x > 0, x, mul(x, w')), w' = w as [C, 1, …] (a single weight as 0-D)
func prelu(e *emitter, op *ir.Operation) []*ir.Value {
	x, w := op.Operand(0), op.Operand(1)
	n := int64(1)
	for _, d := range shapeOf(w) {
		n *= d
	}
	ws := []int64{}
	if n != 1 {
		if rankOf(x) < 2 || shapeOf(x)[1] != n {
			e.fail("prelu weight of %d elements does not match the channels of %s", n, x.Type())
			return one(x)
		}
		ws = append(ws, n)
		for i := 2; i < rankOf(x); i++ {
			ws = append(ws, 1)
		}
	}
	return one(e.sel(e.cmp("gt", x, e.scalar(elemOf(x), 0)), x, e.mul(x, e.reshape(w, ws))))
}

// threshold(x, threshold, value) -> select(x ≤ threshold, value, x)
//
// Both Scalars take x's element type (integers wrap), as PyTorch converts
// them.
func threshold(e *emitter, op *ir.Operation) []*ir.Value {
	x := op.Operand(0)
	elem := elemOf(x)
	th := e.scalarNum(elem, e.number(op, "threshold"))
	return one(e.sel(e.cmp("le", x, th), e.scalarNum(elem, e.number(op, "value")), x))
}

// hardshrink(x, l) -> select(and(x ≥ −l, x ≤ l), 0, x)
func hardshrink(e *emitter, op *ir.Operation) []*ir.Value {
	x := op.Operand(0)
	elem := elemOf(x)
	l := e.number(op, "lambd").f
	inside := e.binary("core.and", e.cmp("ge", x, e.scalar(elem, -l)), e.cmp("le", x, e.scalar(elem, l)))
	return one(e.sel(inside, e.scalar(elem, 0), x))
}

// softshrink(x, l) -> select(x > l, sub(x, l), select(x < −l, add(x, l), 0))
//
// NaN gives 0, as PyTorch's kernel does.
func softshrink(e *emitter, op *ir.Operation) []*ir.Value {
	x := op.Operand(0)
	elem := elemOf(x)
	l := e.number(op, "lambd").f
	lo, hi := e.scalar(elem, -l), e.scalar(elem, l)
	below := e.sel(e.cmp("lt", x, lo), e.sub(x, lo), e.scalar(elem, 0))
	return one(e.sel(e.cmp("gt", x, hi), e.sub(x, hi), below))
}
