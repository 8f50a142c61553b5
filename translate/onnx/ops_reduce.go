package onnx

import (
	"slices"

	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// Reductions. ReduceSum takes its axes as an input from opset 13, the
// others as an attribute throughout opsets 11 to 17.
func init() {
	register(
		entry{op: "ReduceMean", from: 11, to: 17, convert: convReduce(reduceMean)},
		entry{op: "ReduceSum", from: 11, to: 12, convert: convReduce(reduceSum), fold: foldReduce},
		entry{op: "ReduceSum", from: 13, to: 17, convert: convReduce(reduceSum), fold: foldReduce},
		entry{op: "ReduceSumSquare", from: 11, to: 17, convert: convReduce(reduceSumSquare)},
		entry{op: "ReduceL1", from: 11, to: 17, convert: convReduce(reduceL1)},
		entry{op: "ReduceL2", from: 11, to: 17, convert: convReduce(reduceL2)},
		entry{op: "ReduceLogSum", from: 11, to: 17, convert: convReduce(reduceLogSum)},
		entry{op: "ReduceLogSumExp", from: 11, to: 17, convert: convReduceLogSumExp},
		entry{op: "ReduceProd", from: 11, to: 17, convert: convReduceProd, fold: foldReduce},
		entry{op: "ReduceMax", from: 11, to: 17, convert: convReduceExtremum("torch.aten.amax"), fold: foldReduce},
		entry{op: "ReduceMin", from: 11, to: 17, convert: convReduceExtremum("torch.aten.amin"), fold: foldReduce},
		entry{op: "ArgMax", from: 11, to: 17, convert: convArg(false)},
		entry{op: "ArgMin", from: 11, to: 17, convert: convArg(true)},
	)
}

type reduceKind int

const (
	reduceMean reduceKind = iota
	reduceSum
	reduceSumSquare
	reduceL1
	reduceL2
	reduceLogSum
)

// reduceAxes reads axes (attribute, or ReduceSum's input from opset 13),
// keepdims, and whether the reduction is the identity
// (noop_with_empty_axes with no axes).
func reduceAxes(c *nodeCtx) (dims []int64, keep bool, noop bool, err error) {
	k, err := c.attrInt("keepdims", 1)
	if err != nil {
		return nil, false, false, err
	}
	rank := len(c.typ(0).Shape)
	var axes []int64
	if c.node.OpType == "ReduceSum" && c.opset >= 13 {
		n, err := c.attrInt("noop_with_empty_axes", 0)
		if err != nil {
			return nil, false, false, err
		}
		if c.has(1) {
			if axes, err = c.constInts(1, "axes"); err != nil {
				return nil, false, false, err
			}
		}
		if len(axes) == 0 && n != 0 {
			return nil, k != 0, true, nil
		}
	} else if axes, err = c.attrInts("axes", nil); err != nil {
		return nil, false, false, err
	}
	if len(axes) == 0 {
		for i := 0; i < rank; i++ {
			axes = append(axes, int64(i))
		}
	}
	norm, err := normAxes(c, axes, rank)
	if err != nil {
		return nil, false, false, err
	}
	for _, a := range norm {
		dims = append(dims, int64(a))
	}
	return dims, k != 0, false, nil
}

// convReduce maps the sum-based reductions: sum.dim_IntList (converted
// back from i64 for narrower integers, as ONNX keeps the type) or
// mean.dim, with the elementwise pre- and post-steps of the variants.
func convReduce(kind reduceKind) converter {
	return func(c *nodeCtx) error {
		dims, keep, noop, err := reduceAxes(c)
		if err != nil {
			return err
		}
		if noop {
			c.alias(0, 0)
			return nil
		}
		x := c.arg(0)
		if c.err != nil {
			return c.err
		}
		elem := elemOf(x)
		if kind != reduceSum && !isFloatType(elem) {
			return c.unsupportedf("%s of %s tensors is not supported", c.node.OpType, elem)
		}
		switch kind {
		case reduceSumSquare, reduceL2:
			x = c.emit("torch.aten.mul.Tensor", []*ir.Value{x, x})
		case reduceL1:
			x = c.emit("torch.aten.abs", []*ir.Value{x})
		}
		attrs := []ir.NamedAttr{c.arr("dim", dims), c.flag("keepdim", keep)}
		var y *ir.Value
		if kind == reduceMean {
			y = c.emit("torch.aten.mean.dim", []*ir.Value{x}, attrs...)
		} else {
			y = c.emit("torch.aten.sum.dim_IntList", []*ir.Value{x}, attrs...)
		}
		switch kind {
		case reduceL2:
			y = c.emit("torch.aten.sqrt", []*ir.Value{y})
		case reduceLogSum:
			y = c.emit("torch.aten.log", []*ir.Value{y})
		}
		if c.err == nil && elemOf(y) != elem {
			y = c.emit("torch.aten.to.dtype", []*ir.Value{y}, c.dtype("dtype", elem))
		}
		return c.result(y)
	}
}

// foldReduce evaluates integer reductions at import time (shape
// arithmetic such as the product of a shape's dims).
func foldReduce(c *nodeCtx) error {
	dims, keep, noop, err := reduceAxes(c)
	if err != nil {
		return err
	}
	h := c.host(0)
	if noop {
		c.setHost(0, h)
		return nil
	}
	if isFloatType(h.elem) || isBool(h.elem) || isUnsigned(h.elem) {
		return errNoFold
	}
	op, ok := map[string]tensor.ReduceOp{"ReduceSum": tensor.ReduceSum, "ReduceProd": tensor.ReduceProd,
		"ReduceMax": tensor.ReduceMax, "ReduceMin": tensor.ReduceMin}[c.node.OpType]
	if !ok {
		return errNoFold
	}
	out, err := hostReduce(h, op, dims, keep)
	if err != nil {
		return err
	}
	c.setHost(0, out)
	return nil
}

// convReduceExtremum maps ReduceMax (amax) and ReduceMin (amin).
func convReduceExtremum(name string) converter {
	return func(c *nodeCtx) error {
		dims, keep, _, err := reduceAxes(c)
		if err != nil {
			return err
		}
		return c.result(c.emit(name, []*ir.Value{c.arg(0)}, c.arr("dim", dims), c.flag("keepdim", keep)))
	}
}

// convReduceLogSumExp: logsumexp, which is stable for large inputs.
func convReduceLogSumExp(c *nodeCtx) error {
	dims, keep, _, err := reduceAxes(c)
	if err != nil {
		return err
	}
	x := c.arg(0)
	if c.err == nil && !isFloatType(elemOf(x)) {
		return c.unsupportedf("ReduceLogSumExp of %s tensors is not supported", elemOf(x))
	}
	return c.result(c.emit("torch.aten.logsumexp", []*ir.Value{x}, c.arr("dim", dims), c.flag("keepdim", keep)))
}

// convReduceProd: prod over all dims, or prod.dim_int per reduced dim
// (the highest first, so the others keep their index); integers multiply
// in their own type, as ONNX keeps it.
func convReduceProd(c *nodeCtx) error {
	dims, keep, _, err := reduceAxes(c)
	if err != nil {
		return err
	}
	x := c.arg(0)
	if c.err != nil {
		return c.err
	}
	var attrs []ir.NamedAttr
	if !isFloatType(elemOf(x)) {
		attrs = append(attrs, c.dtype("dtype", elemOf(x)))
	}
	rank := len(shapeOf(x))
	if len(dims) == rank && rank > 1 {
		y := c.emit("torch.aten.prod", []*ir.Value{x}, attrs...)
		if keep {
			y = c.emit("torch.aten.reshape", []*ir.Value{y}, c.arr("shape", ones(rank)))
		}
		return c.result(y)
	}
	sorted := slices.Clone(dims)
	slices.Sort(sorted)
	for i := len(sorted) - 1; i >= 0; i-- {
		x = c.emit("torch.aten.prod.dim_int", []*ir.Value{x}, append([]ir.NamedAttr{c.i64("dim", sorted[i]), c.flag("keepdim", keep)}, attrs...)...)
	}
	return c.result(x)
}

// convArg: ArgMax is argmax; ArgMin is argmax of the negation (of the
// bitwise complement for integers, which reverses their order exactly):
// the first extreme index either way. select_last_index takes argmax of
// the reversed tensor, counted back from the end.
func convArg(isMin bool) converter {
	return func(c *nodeCtx) error {
		axis, err := c.attrInt("axis", 0)
		if err != nil {
			return err
		}
		keep, err := c.attrInt("keepdims", 1)
		if err != nil {
			return err
		}
		last, err := c.attrInt("select_last_index", 0)
		if err != nil {
			return err
		}
		x := c.arg(0)
		if c.err != nil {
			return c.err
		}
		if isMin {
			if isFloatType(elemOf(x)) {
				x = c.emit("torch.aten.neg", []*ir.Value{x})
			} else {
				x = c.emit("torch.aten.bitwise_not", []*ir.Value{x})
			}
		}
		if last == 0 {
			return c.result(c.emit("torch.aten.argmax", []*ir.Value{x}, c.i64("dim", axis), c.flag("keepdim", keep != 0)))
		}
		rank := len(shapeOf(x))
		ax, err := normAxis(axis, max(rank, 1))
		if err != nil {
			return c.errorf("%v", err)
		}
		n := int64(1)
		if rank > 0 {
			n = shapeOf(x)[ax]
		}
		if n < 0 {
			return c.errorf("select_last_index needs a static size along axis %d", axis)
		}
		if rank > 0 {
			x = c.emit("torch.aten.flip", []*ir.Value{x}, c.arr("dims", []int64{int64(ax)}))
		}
		i := c.emit("torch.aten.argmax", []*ir.Value{x}, c.i64("dim", axis), c.flag("keepdim", keep != 0))
		return c.result(c.emit("torch.aten.rsub.Scalar", []*ir.Value{i}, c.i64("other", n-1)))
	}
}
