package decompose

import (
	"github.com/mlc-go/mlc/ir"
)

// Data movement and reductions with PyTorch's dims normalised for core.

// permute(x, dims) -> transpose(x, dims mod rank)
func permute(e *emitter, op *ir.Operation) []*ir.Value {
	x := op.Operand(0)
	return one(e.transpose(x, e.wrapDims(e.attrInts(op, "dims"), rankOf(x))))
}

// transpose.int(x, a, b) -> transpose(x, identity with a and b swapped)
func transposeInt(e *emitter, op *ir.Operation) []*ir.Value {
	x := op.Operand(0)
	r := rankOf(x)
	if r == 0 {
		return one(x)
	}
	a := e.wrapDim(e.attrInt(op, "dim0"), r)
	b := e.wrapDim(e.attrInt(op, "dim1"), r)
	perm := allDims(r)
	perm[a], perm[b] = perm[b], perm[a]
	return one(e.transpose(x, perm))
}

// select.int(x, dim, i) -> reshape(slice(x, [i, i+1) along dim))
func selectInt(e *emitter, op *ir.Operation) []*ir.Value {
	x := op.Operand(0)
	r := rankOf(x)
	if r == 0 {
		e.fail("cannot select from a 0-D tensor")
		return one(x)
	}
	ax := e.wrapDim(e.attrInt(op, "dim"), r)
	n := shapeOf(x)[ax]
	i := e.attrInt(op, "index")
	if i < 0 {
		i += n
	}
	if i < 0 || i >= n {
		e.fail("index %d is out of range for a dim of size %d", e.attrInt(op, "index"), n)
		return one(x)
	}
	return one(e.reshape(e.sliceDim(x, int(ax), i, i+1, 1), shapeOf(op.Result(0))))
}

// slice.Tensor(x, dim, start, end, step) -> slice(x) along dim
//
// start and end count from the end when negative, are clamped to [0,
// size], and end is raised to start, as in PyTorch.
func sliceTensor(e *emitter, op *ir.Operation) []*ir.Value {
	x := op.Operand(0)
	r := rankOf(x)
	if r == 0 {
		e.fail("cannot slice a 0-D tensor")
		return one(x)
	}
	ax := e.wrapDim(e.attrInt(op, "dim"), r)
	n := shapeOf(x)[ax]
	step := e.attrInt(op, "step")
	if step <= 0 {
		e.fail("step must be positive, got %d", step)
		return one(x)
	}
	norm := func(v int64) int64 {
		if v < 0 {
			v += n
		}
		return min(max(v, 0), n)
	}
	start := norm(e.attrInt(op, "start"))
	end := n
	if op.InherentAttr("end") != nil { // None: to the end
		end = e.attrInt(op, "end")
	}
	end = max(norm(end), start)
	if start == 0 && end == n && step == 1 {
		return one(x)
	}
	return one(e.sliceDim(x, int(ax), start, end, step))
}

// cat(xs, dim) -> concat(xs, dim mod rank)
func cat(e *emitter, op *ir.Operation) []*ir.Value {
	if op.NumOperands() == 0 {
		e.fail("cat of no tensors")
		return nil
	}
	if op.NumOperands() == 1 {
		return one(op.Operand(0))
	}
	ax := e.wrapDim(e.attrInt(op, "dim"), rankOf(op.Operand(0)))
	return one(e.op("core.concat", nil, []ir.NamedAttr{kv("axis", e.i64(ax))}, op.Operands()...))
}

// constant_pad_nd(x, pad, v) -> pad(slice(x), low, high, v)
//
// Negative pads crop with the slice, positive ones pad.
func constantPad(e *emitter, op *ir.Operation) []*ir.Value {
	x := op.Operand(0)
	xs := shapeOf(x)
	r := len(xs)
	pad := e.attrInts(op, "pad")
	if len(pad)%2 != 0 || len(pad) > 2*r {
		e.fail("pad %v must have an even length of at most %d", pad, 2*r)
		return one(x)
	}
	low, high := make([]int64, r), make([]int64, r)
	for i := 0; i < len(pad)/2; i++ {
		d := r - 1 - i
		low[d], high[d] = pad[2*i], pad[2*i+1]
	}
	starts, limits := make([]int64, r), append([]int64{}, xs...)
	crop := false
	for d := range r {
		if low[d] < 0 {
			starts[d], low[d], crop = -low[d], 0, true
		}
		if high[d] < 0 {
			limits[d], high[d], crop = limits[d]+high[d], 0, true
		}
	}
	if crop {
		x = e.op("core.slice", nil, []ir.NamedAttr{kv("starts", e.ints(starts...)), kv("limits", e.ints(limits...))}, x)
	}
	attrs := []ir.NamedAttr{kv("low", e.ints(low...)), kv("high", e.ints(high...))}
	if v := e.number(op, "value"); v.f != 0 || v.isFloat {
		attrs = append(attrs, kv("value", e.scalarAttr(elemOf(x), v)))
	}
	padded := false
	for d := range r {
		padded = padded || low[d] != 0 || high[d] != 0
	}
	if !padded {
		return one(x)
	}
	return one(e.op("core.pad", nil, attrs, x))
}

// scalarAttr is n as an attribute of element type elem (pad's value).
func (e *emitter) scalarAttr(elem ir.Type, n number) ir.Attribute {
	switch t := elem.(type) {
	case *ir.FloatType:
		return e.ctx.FloatAttr(t, n.f)
	case *ir.IntegerType:
		if t.Width == 1 {
			return e.ctx.BoolAttr(n.f != 0)
		}
		if n.isFloat {
			e.fail("a float value for a %s tensor", elem)
		}
		return e.ctx.IntegerAttr(t, n.i)
	}
	e.fail("no %s value", elem)
	return nil
}

// argmax(x, dim, keepdim) -> argmax(x, dim); no dim: reshape(argmax(reshape(x, [n]), 0))
//
// i1 tensors are compared as i8.
func argmax(e *emitter, op *ir.Operation) []*ir.Value {
	x := op.Operand(0)
	if isBoolElem(elemOf(x)) {
		x = e.cast(x, e.ctx.I(8))
	}
	keep := e.attrBool(op, "keepdim")
	out := shapeOf(op.Result(0))
	if op.InherentAttr("dim") != nil {
		if rankOf(x) == 0 {
			e.attrInt(op, "dim")
			return one(e.splat(op.Result(0).Type(), 0))
		}
		ax := e.wrapDim(e.attrInt(op, "dim"), rankOf(x))
		attrs := []ir.NamedAttr{kv("axis", e.i64(ax))}
		if keep {
			attrs = append(attrs, kv("keepdims", e.boolean(true)))
		}
		return one(e.op("core.argmax", nil, attrs, x))
	}
	n := int64(1)
	for _, d := range shapeOf(x) {
		n *= d
	}
	flat := e.reshape(x, []int64{n})
	return one(e.reshape(e.op("core.argmax", nil, []ir.NamedAttr{kv("axis", e.i64(0))}, flat), out))
}

// mean.dim(x, dims, keepdim, dtype) -> reduce_mean(x', dims or all)
func meanDim(e *emitter, op *ir.Operation) []*ir.Value {
	return e.reduction(op, "core.reduce_mean")
}

// sum.dim_IntList(x, dims, keepdim, dtype) -> reduce_sum(x', dims or all)
//
// x' is in the result type: integers and i1 sum as i64.
func sumDim(e *emitter, op *ir.Operation) []*ir.Value {
	return e.reduction(op, "core.reduce_sum")
}

func (e *emitter) reduction(op *ir.Operation, name string) []*ir.Value {
	x := e.cast(op.Operand(0), elemOf(op.Result(0)))
	r := rankOf(x)
	dims := e.attrInts(op, "dim")
	if r == 0 {
		e.wrapDims(dims, 1)
		return one(x)
	}
	axes := allDims(r)
	if len(dims) > 0 {
		axes = e.wrapDims(dims, r)
	}
	return one(e.reduce(name, x, axes, e.attrBool(op, "keepdim")))
}
