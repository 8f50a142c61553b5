package decompose

import (
	"math"

	"github.com/mlc-go/mlc/ir"
)

// Comparisons, logical and bitwise ops, elementwise extrema, remainders
// and float classification.

// cmpOperand makes x comparable by core.cmp: i1 is compared as i8
// (false < true).
func (e *emitter) cmpOperand(x *ir.Value) *ir.Value {
	if isBoolElem(elemOf(x)) {
		return e.cast(x, e.ctx.I(8))
	}
	return x
}

// eq.Tensor(x, y) -> cmp("eq", x, y); i1 operands compared as i8 (likewise ne, lt, le, gt, ge)
func compareTensor(pred string) func(e *emitter, op *ir.Operation) []*ir.Value {
	return func(e *emitter, op *ir.Operation) []*ir.Value {
		return one(e.cmp(pred, e.cmpOperand(op.Operand(0)), e.cmpOperand(op.Operand(1))))
	}
}

// eq.Scalar(x, other) -> cmp("eq", x', other) in the promoted dtype (likewise ne, lt, le, gt, ge)
//
// x' is x in the dtype PyTorch computes in: x's, f32 for an integer or
// i1 tensor with a float Scalar, i64 for i1 with an integer Scalar.
func compareScalar(pred string) func(e *emitter, op *ir.Operation) []*ir.Value {
	return func(e *emitter, op *ir.Operation) []*ir.Value {
		x := op.Operand(0)
		n := e.number(op, "other")
		elem := elemOf(x)
		switch {
		case isFloatElem(elem):
		case n.isFloat:
			elem = e.ctx.F32()
		case isBoolElem(elem):
			elem = e.ctx.I(64)
		}
		return one(e.cmp(pred, e.cast(x, elem), e.scalarNum(elem, n)))
	}
}

// truth is x ≠ 0 as i1 (NaN is true); an i1 x is itself.
func (e *emitter) truth(x *ir.Value) *ir.Value {
	if isBoolElem(elemOf(x)) {
		return x
	}
	return e.cmp("ne", x, e.scalar(elemOf(x), 0))
}

// logical_and(x, y) -> and(x ≠ 0, y ≠ 0) (likewise or, xor)
func logicalBinary(name string) func(e *emitter, op *ir.Operation) []*ir.Value {
	return func(e *emitter, op *ir.Operation) []*ir.Value {
		return one(e.binary(name, e.truth(op.Operand(0)), e.truth(op.Operand(1))))
	}
}

// logical_not(x) -> not(x) for i1; cmp("eq", x, 0) otherwise
func logicalNot(e *emitter, op *ir.Operation) []*ir.Value {
	x := op.Operand(0)
	if isBoolElem(elemOf(x)) {
		return one(e.unary("core.not", x))
	}
	return one(e.cmp("eq", x, e.scalar(elemOf(x), 0)))
}

// bitwise_not(x) -> sub(−1, x); not(x) for i1
//
// −1 − x is ~x in two's complement, and core's integer arithmetic wraps.
func bitwiseNot(e *emitter, op *ir.Operation) []*ir.Value {
	x := op.Operand(0)
	if isBoolElem(elemOf(x)) {
		return one(e.unary("core.not", x))
	}
	return one(e.sub(e.scalar(elemOf(x), -1), x))
}

// fmod.Tensor(x, y) -> sub(x, mul(trunc(div(x, y)), y)); remainder.Tensor adds y where the signs differ
//
// Integer core.div truncates. f16, bf16 and f32 are computed in f64 and
// rounded once: while |x/y| < 2^28 their quotient cannot round onto an
// integer there and the product is exact, so the result is C's fmod.
func remainder(floor bool) func(e *emitter, op *ir.Operation) []*ir.Value {
	return func(e *emitter, op *ir.Operation) []*ir.Value {
		x, y := op.Operand(0), op.Operand(1)
		elem := elemOf(op.Result(0))
		wide := elem
		if f, ok := elem.(*ir.FloatType); ok && f.Kind != ir.F64 {
			wide = e.ctx.FloatType(ir.F64)
			x, y = e.cast(x, wide), e.cast(y, wide)
		}
		q := e.div(x, y)
		if isFloatElem(wide) {
			q = e.trunc(q)
		}
		r := e.sub(x, e.mul(q, y))
		if floor {
			zero := e.scalar(wide, 0)
			signsDiffer := e.binary("core.xor", e.cmp("lt", r, zero), e.cmp("lt", y, zero))
			r = e.sel(e.binary("core.and", e.cmp("ne", r, zero), signsDiffer), e.add(r, y), r)
		}
		return one(e.cast(r, elem))
	}
}

// sign(x) -> sub(cast(x > 0), cast(x < 0)) for floats (NaN and −0 give +0, as PyTorch); core.sign for integers; x for i1
func signOp(e *emitter, op *ir.Operation) []*ir.Value {
	x := op.Operand(0)
	elem := elemOf(x)
	switch {
	case isBoolElem(elem):
		return one(x)
	case isFloatElem(elem):
		zero := e.scalar(elem, 0)
		return one(e.sub(e.cast(e.cmp("gt", x, zero), elem), e.cast(e.cmp("lt", x, zero), elem)))
	}
	return one(e.unary("core.sign", x))
}

// isnan(x) -> cmp("ne", x, x); false for integers
func isNaN(e *emitter, op *ir.Operation) []*ir.Value {
	x := op.Operand(0)
	if !isFloatElem(elemOf(x)) {
		return one(e.splat(op.Result(0).Type(), 0))
	}
	return one(e.cmp("ne", x, x))
}

// isinf(x) -> cmp("eq", abs(x), inf); isposinf: x = inf; isneginf: x = −inf; false for integers
func isInf(sign int) func(e *emitter, op *ir.Operation) []*ir.Value {
	return func(e *emitter, op *ir.Operation) []*ir.Value {
		x := op.Operand(0)
		elem := elemOf(x)
		if !isFloatElem(elem) {
			return one(e.splat(op.Result(0).Type(), 0))
		}
		if sign == 0 {
			return one(e.cmp("eq", e.unary("core.abs", x), e.scalar(elem, math.Inf(1))))
		}
		return one(e.cmp("eq", x, e.scalar(elem, math.Inf(sign))))
	}
}
