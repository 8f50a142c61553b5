package decompose

import (
	"github.com/mlc-go/mlc/ir"
)

// Matrix products, convolution and pooling.

// linear(x, w, b) -> add(matmul(x, transpose(w)), b)
func linear(e *emitter, op *ir.Operation) []*ir.Value {
	x, w := op.Operand(0), op.Operand(1)
	wt := e.transpose(w, []int64{1, 0})
	var y *ir.Value
	if rankOf(x) == 1 { // core.matmul takes matrices: [in] as [1, in]
		y = e.reshape(e.matmul(e.reshape(x, []int64{1, shapeOf(x)[0]}), wt), shapeOf(op.Result(0)))
	} else {
		y = e.matmul(x, wt)
	}
	if op.NumOperands() > 2 {
		y = e.add(y, op.Operand(2))
	}
	return one(y)
}

// matmul(a, b) -> reshape(matmul(a₂, b₂)), 1-D operands as [1, k] and [k, 1]
//
// core.matmul broadcasts the batch dims; the reshape drops the dims the
// 1-D promotion added.
func matmulOp(e *emitter, op *ir.Operation) []*ir.Value {
	a, b := op.Operand(0), op.Operand(1)
	if rankOf(a) == 0 || rankOf(b) == 0 {
		e.fail("matmul of a 0-D tensor")
		return one(a)
	}
	if rankOf(a) == 1 {
		a = e.reshape(a, []int64{1, shapeOf(a)[0]})
	}
	if rankOf(b) == 1 {
		b = e.reshape(b, []int64{shapeOf(b)[0], 1})
	}
	return one(e.reshape(e.matmul(a, b), shapeOf(op.Result(0))))
}

// addmm(s, m1, m2, beta, alpha) -> add(mul(s, beta), mul(matmul(m1, m2), alpha))
func addmm(e *emitter, op *ir.Operation) []*ir.Value {
	s, m1, m2 := op.Operand(0), op.Operand(1), op.Operand(2)
	p := e.matmul(m1, m2)
	elem := elemOf(p)
	if alpha := e.number(op, "alpha"); !alpha.isOne() {
		p = e.mul(p, e.scalarNum(elem, alpha))
	}
	beta := e.number(op, "beta")
	if beta.f == 0 { // self is ignored, NaNs included
		return one(p)
	}
	if !beta.isOne() {
		s = e.mul(s, e.scalarNum(elem, beta))
	}
	return one(e.add(s, p))
}

// conv2d(x, w, b) -> core.conv2d(x, w, b) with padding [p_h, p_w, p_h, p_w]
//
// An unbatched [C, H, W] input runs as [1, C, H, W].
func conv2d(e *emitter, op *ir.Operation) []*ir.Value {
	s := e.attrPair(op, "stride")
	p := e.attrPair(op, "padding")
	d := e.attrPair(op, "dilation")
	g := e.attrInt(op, "groups")
	attrs := []ir.NamedAttr{
		kv("strides", e.ints(s[0], s[1])),
		kv("padding", e.ints(p[0], p[1], p[0], p[1])),
		kv("dilations", e.ints(d[0], d[1])),
	}
	if g != 1 {
		attrs = append(attrs, kv("groups", e.i64(g)))
	}
	return e.batched(op, func(x *ir.Value) *ir.Value {
		operands := append([]*ir.Value{x}, op.Operands()[1:]...)
		return e.op("core.conv2d", nil, attrs, operands...)
	})
}

// batched runs f on the 4-D form of op's first operand ([C, H, W] gets a
// batch dim of 1) and gives the result op's result shape.
func (e *emitter) batched(op *ir.Operation, f func(x *ir.Value) *ir.Value) []*ir.Value {
	return e.batchedRank(op, 4, f)
}

// batchedRank is batched for inputs of the given batched rank.
func (e *emitter) batchedRank(op *ir.Operation, rank int, f func(x *ir.Value) *ir.Value) []*ir.Value {
	x := op.Operand(0)
	switch rankOf(x) {
	case rank:
	case rank - 1:
		x = e.reshape(x, append([]int64{1}, shapeOf(x)...))
	default:
		e.fail("expects a %d-D or %d-D input, got %s", rank-1, rank, x.Type())
		return one(x)
	}
	return one(e.reshape(f(x), shapeOf(op.Result(0))))
}

// poolWindow reads kernel_size, stride (default: kernel_size, also when
// empty) and padding of a torch pooling op.
func (e *emitter) poolWindow(op *ir.Operation) (k, s, p [2]int64) {
	k = e.attrPair(op, "kernel_size")
	s = [2]int64(e.attrStride(op, k[:]))
	p = e.attrPair(op, "padding")
	return k, s, p
}

// max_pool2d(x) -> core.max_pool2d(x) (padding never wins in either)
func maxPool(e *emitter, op *ir.Operation) []*ir.Value {
	k, s, p := e.poolWindow(op)
	d := e.attrPair(op, "dilation")
	attrs := []ir.NamedAttr{
		kv("kernel", e.ints(k[0], k[1])),
		kv("strides", e.ints(s[0], s[1])),
		kv("padding", e.ints(p[0], p[1], p[0], p[1])),
		kv("dilations", e.ints(d[0], d[1])),
	}
	if e.attrBool(op, "ceil_mode") {
		attrs = append(attrs, kv("ceil_mode", e.boolean(true)))
	}
	return e.batched(op, func(x *ir.Value) *ir.Value { return e.op("core.max_pool2d", nil, attrs, x) })
}

// avg_pool2d(x) -> core.avg_pool2d(x); divisor_override d: div(conv2d(x, ones, groups = C), d)
//
// count_include_pad defaults to true in torch and to false in core. With
// divisor_override the window sum is a depthwise convolution with a kernel
// of ones.
func avgPool(e *emitter, op *ir.Operation) []*ir.Value {
	k, s, p := e.poolWindow(op)
	ceil := e.attrBool(op, "ceil_mode")
	include := e.attrBool(op, "count_include_pad")
	divisor := e.attrInt(op, "divisor_override")
	out := shapeOf(op.Result(0))
	return e.batched(op, func(x *ir.Value) *ir.Value {
		if divisor != 0 {
			return e.div(e.windowSum(x, k, s, p, out[len(out)-2:]), e.scalar(elemOf(x), float64(divisor)))
		}
		attrs := []ir.NamedAttr{
			kv("kernel", e.ints(k[0], k[1])),
			kv("strides", e.ints(s[0], s[1])),
			kv("padding", e.ints(p[0], p[1], p[0], p[1])),
		}
		if ceil {
			attrs = append(attrs, kv("ceil_mode", e.boolean(true)))
		}
		if include {
			attrs = append(attrs, kv("count_include_pad", e.boolean(true)))
		}
		return e.op("core.avg_pool2d", nil, attrs, x)
	})
}

// windowSum sums kH×kW windows of x [N, C, H, W] into out [OH, OW]: a
// depthwise convolution with a kernel of ones; positions past the
// padding that ceil_mode reaches are extra zero padding at the bottom
// and right, which adds nothing.
func (e *emitter) windowSum(x *ir.Value, k, s, p [2]int64, out []int64) *ir.Value {
	xs := shapeOf(x)
	c := xs[1]
	var extra [2]int64
	for i := range 2 {
		extra[i] = max(0, (out[i]-1)*s[i]+k[i]-(xs[2+i]+2*p[i]))
	}
	ones := e.splat(e.tensor([]int64{c, 1, k[0], k[1]}, elemOf(x)), 1)
	attrs := []ir.NamedAttr{
		kv("strides", e.ints(s[0], s[1])),
		kv("padding", e.ints(p[0], p[1], p[0]+extra[0], p[1]+extra[1])),
		kv("groups", e.i64(c)),
	}
	return e.op("core.conv2d", nil, attrs, x, ones)
}

// adaptive_avg_pool2d(x, o) -> reduce_mean(x) | avg_pool2d(x) | concat(reduce_mean(slice(x)))
//
// Output [1, 1] is a mean over H and W; sizes that divide are an
// avg_pool2d with kernel = stride = input/output; otherwise each dim in
// turn is the concat of the means of the cells' slices [floor(i·n/o),
// ceil((i+1)·n/o)) (averaging rows then columns is the mean of the
// rectangle, as every row of a cell has as many columns).
func adaptiveAvgPool(e *emitter, op *ir.Operation) []*ir.Value {
	o := e.attrInts(op, "output_size")
	if len(o) != 2 {
		e.fail("output_size needs two values, got %v", o)
		return one(op.Operand(0))
	}
	return e.batched(op, func(x *ir.Value) *ir.Value {
		xs := shapeOf(x)
		h, w := xs[2], xs[3]
		switch {
		case o[0] == 1 && o[1] == 1:
			return e.reduce("core.reduce_mean", x, []int64{2, 3}, true)
		case o[0] > 0 && o[1] > 0 && h%o[0] == 0 && w%o[1] == 0:
			kh, kw := h/o[0], w/o[1]
			return e.op("core.avg_pool2d", nil, []ir.NamedAttr{
				kv("kernel", e.ints(kh, kw)), kv("strides", e.ints(kh, kw)),
			}, x)
		}
		return e.adaptiveDim(e.adaptiveDim(x, 2, o[0]), 3, o[1])
	})
}

// adaptiveDim averages dim ax of x into o cells.
func (e *emitter) adaptiveDim(x *ir.Value, ax int, o int64) *ir.Value {
	xs := shapeOf(x)
	n := xs[ax]
	if n == o {
		return x
	}
	if o <= 0 || n <= 0 {
		e.fail("adaptive pooling of %d into %d", n, o)
		return x
	}
	cells := make([]*ir.Value, o)
	for i := range o {
		lo, hi := i*n/o, ((i+1)*n+o-1)/o
		cells[i] = e.reduce("core.reduce_mean", e.sliceDim(x, ax, lo, hi, 1), []int64{int64(ax)}, true)
	}
	if len(cells) == 1 {
		return cells[0]
	}
	return e.op("core.concat", nil, []ir.NamedAttr{kv("axis", e.i64(int64(ax)))}, cells...)
}

// sliceDim takes [lo, hi) with step along dim ax of x.
func (e *emitter) sliceDim(x *ir.Value, ax int, lo, hi, step int64) *ir.Value {
	xs := shapeOf(x)
	starts := make([]int64, len(xs))
	limits := append([]int64{}, xs...)
	strides := make([]int64, len(xs))
	for i := range strides {
		strides[i] = 1
	}
	starts[ax], limits[ax], strides[ax] = lo, hi, step
	attrs := []ir.NamedAttr{kv("starts", e.ints(starts...)), kv("limits", e.ints(limits...))}
	if step != 1 {
		attrs = append(attrs, kv("strides", e.ints(strides...)))
	}
	return e.op("core.slice", nil, attrs, x)
}
