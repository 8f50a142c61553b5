package onnx

import (
	"slices"

	"github.com/mlc-go/mlc/internal/onnxpb"
	"github.com/mlc-go/mlc/ir"
)

// Selection and scans: TopK, GatherElements, Trilu, CumSum and Hardmax.
func init() {
	register(
		entry{op: "TopK", from: 11, to: 17, in: 2, convert: convTopK},
		entry{op: "GatherElements", from: 11, to: 17, in: 2, convert: convGatherElements},
		entry{op: "Trilu", from: 14, to: 17, convert: convTrilu},
		entry{op: "CumSum", from: 11, to: 17, in: 2, convert: convCumSum},
		entry{op: "Hardmax", from: 11, to: 12, convert: convHardmax},
		entry{op: "Hardmax", from: 13, to: 17, convert: convHardmax},
	)
}

// maxMaskElems bounds the index constants built from static shapes.
const maxMaskElems = 1 << 24

// declaredDims is the static shape the model declares for output i of
// the node (a graph output or a value_info entry), or nil.
func (c *nodeCtx) declaredDims(i int) []int64 {
	if i >= len(c.node.Outputs) || c.node.Outputs[i] == "" {
		return nil
	}
	name := c.node.Outputs[i]
	g := c.im.model.Graph
	for _, vis := range [][]*onnxpb.ValueInfo{g.Outputs, g.ValueInfo} {
		for _, vi := range vis {
			if vi.Name != name || vi.Type == nil || !vi.Type.HasShape {
				continue
			}
			dims := make([]int64, len(vi.Type.Shape))
			for k, d := range vi.Type.Shape {
				if !d.HasValue || d.Value < 0 {
					return nil
				}
				dims[k] = d.Value
			}
			return dims
		}
	}
	return nil
}

// convTopK: k is the constant input, or else the size along axis of the
// output shape the model declares (the static shapes the torch dialect
// needs make a run-time k a property of the model's types).
func convTopK(c *nodeCtx) error {
	axis, err := c.attrInt("axis", -1)
	if err != nil {
		return err
	}
	largest, err := c.attrInt("largest", 1)
	if err != nil {
		return err
	}
	sorted, err := c.attrInt("sorted", 1)
	if err != nil {
		return err
	}
	x := c.arg(0)
	if c.err != nil {
		return c.err
	}
	rank := len(shapeOf(x))
	ax, err := normAxis(axis, rank)
	if err != nil {
		return c.errorf("%v", err)
	}
	var k int64
	if h := c.host(1); h != nil && h.known() {
		ks, err := c.constInts(1, "K")
		if err != nil {
			return err
		}
		if len(ks) != 1 {
			return c.errorf("input 'K' must have one element, got %d", len(ks))
		}
		k = ks[0]
	} else {
		k = -1
		for i := 0; i < 2 && k < 0; i++ {
			if d := c.declaredDims(i); len(d) == rank {
				k = d[ax]
			}
		}
		if k < 0 {
			return c.unsupportedf("a run-time 'K' is not supported unless the model declares a static shape for the node's outputs")
		}
	}
	ts, err := c.op("torch.aten.topk", []*ir.Value{x}, c.i64("k", k), c.i64("dim", int64(ax)), c.flag("largest", largest != 0), c.flag("sorted", sorted != 0))
	if err != nil {
		return err
	}
	op := ts.DefiningOp()
	c.setIR(0, op.Result(0))
	c.setIR(1, op.Result(1))
	return nil
}

// convGatherElements is gather with the indices as i64, negative ones
// wrapped (ONNX counts them from the end; torch rejects them).
func convGatherElements(c *nodeCtx) error {
	axis, err := c.attrInt("axis", 0)
	if err != nil {
		return err
	}
	x, idx := c.arg(0), c.arg(1)
	if c.err != nil {
		return c.err
	}
	xs := shapeOf(x)
	ax, err := normAxis(axis, len(xs))
	if err != nil {
		return c.errorf("%v", err)
	}
	i64 := c.im.ctx.I(64)
	if elemOf(idx) != i64 {
		idx = c.emit("torch.aten.to.dtype", []*ir.Value{idx}, c.dtype("dtype", i64))
	}
	if h := c.host(1); h == nil || !h.known() || slices.ContainsFunc(h.ints, func(v int64) bool { return v < 0 }) {
		if len(xs) == 0 || xs[ax] < 0 {
			return c.errorf("negative indices need a static size along axis %d", axis)
		}
		neg := c.emit("torch.aten.lt.Scalar", []*ir.Value{idx}, c.i64("other", 0))
		idx = c.emit("torch.aten.where.self", []*ir.Value{neg, c.emit("torch.aten.add.Scalar", []*ir.Value{idx}, c.i64("other", xs[ax])), idx})
	}
	return c.result(c.emit("torch.aten.gather", []*ir.Value{x, idx}, c.i64("dim", int64(ax))))
}

// convTrilu: tril/triu with a constant k; a run-time k compares the
// constant column − row matrix with it and selects.
func convTrilu(c *nodeCtx) error {
	upper, err := c.attrInt("upper", 1)
	if err != nil {
		return err
	}
	x := c.arg(0)
	if c.err != nil {
		return c.err
	}
	name := "torch.aten.tril"
	if upper != 0 {
		name = "torch.aten.triu"
	}
	var k int64
	if c.has(1) {
		h := c.host(1)
		if h == nil || !h.known() {
			return trilu(c, x, upper != 0)
		}
		ks, err := c.constInts(1, "k")
		if err != nil {
			return err
		}
		if len(ks) != 1 {
			return c.errorf("input 'k' must have one element, got %d", len(ks))
		}
		k = ks[0]
	}
	return c.result(c.emit(name, []*ir.Value{x}, c.i64("diagonal", k)))
}

// trilu keeps x where column − row ≥ k (upper) or ≤ k, k at run time.
func trilu(c *nodeCtx, x *ir.Value, upper bool) error {
	xs := shapeOf(x)
	if len(xs) < 2 {
		return c.errorf("expects a tensor of rank 2 or more, got %s", x.Type())
	}
	rows, cols := xs[len(xs)-2], xs[len(xs)-1]
	if rows < 0 || cols < 0 || rows*cols > maxMaskElems {
		return c.errorf("a run-time k needs static matrix dims of at most %d elements, got %s", maxMaskElems, x.Type())
	}
	i64 := c.im.ctx.I(64)
	diff := newHost(i64, []int64{rows, cols})
	for r := int64(0); r < rows; r++ {
		for q := int64(0); q < cols; q++ {
			diff.setInt(int(r*cols+q), q-r)
		}
	}
	k := c.arg(1)
	if c.err == nil && elemOf(k) != i64 {
		return c.errorf("input 'k' must be int64, got %s", elemOf(k))
	}
	cmp := "torch.aten.le.Tensor"
	if upper {
		cmp = "torch.aten.ge.Tensor"
	}
	keep := c.emit(cmp, []*ir.Value{c.constant(diff), k})
	return c.result(c.emit("torch.aten.where.self", []*ir.Value{keep, x, c.scalarLike(x, 0)}))
}

// convCumSum: cumsum along axis in the input's type; exclusive shifts the
// input by one along axis (pad at the start, drop the last), reverse
// flips before and after. A run-time axis selects among the cumsums
// along every dim (a rank-1 input has only one).
func convCumSum(c *nodeCtx) error {
	exclusive, err := c.attrInt("exclusive", 0)
	if err != nil {
		return err
	}
	reverse, err := c.attrInt("reverse", 0)
	if err != nil {
		return err
	}
	x := c.arg(0)
	if c.err != nil {
		return c.err
	}
	xs := shapeOf(x)
	rank := len(xs)
	if rank == 0 {
		return c.errorf("expects a tensor of rank 1 or more")
	}
	along := func(ax int) *ir.Value {
		y := x
		if reverse != 0 {
			y = c.emit("torch.aten.flip", []*ir.Value{y}, c.arr("dims", []int64{int64(ax)}))
		}
		if exclusive != 0 {
			pad := make([]int64, 2*(rank-ax))
			pad[len(pad)-2] = 1
			y = c.emit("torch.aten.slice.Tensor", []*ir.Value{y}, c.i64("dim", int64(ax)), c.i64("end", -1))
			y = c.emit("torch.aten.constant_pad_nd", []*ir.Value{y}, c.arr("pad", pad))
		}
		var attrs []ir.NamedAttr
		if !isFloatType(elemOf(x)) {
			attrs = append(attrs, c.dtype("dtype", elemOf(x)))
		}
		y = c.emit("torch.aten.cumsum", []*ir.Value{y}, append([]ir.NamedAttr{c.i64("dim", int64(ax))}, attrs...)...)
		if reverse != 0 {
			y = c.emit("torch.aten.flip", []*ir.Value{y}, c.arr("dims", []int64{int64(ax)}))
		}
		return y
	}
	if h := c.host(1); h != nil && h.known() {
		a, err := c.constInts(1, "axis")
		if err != nil {
			return err
		}
		if len(a) != 1 {
			return c.errorf("input 'axis' must have one element, got %d", len(a))
		}
		ax, err := normAxis(a[0], rank)
		if err != nil {
			return c.errorf("%v", err)
		}
		return c.result(along(ax))
	}
	if rank == 1 {
		return c.result(along(0))
	}
	axis := c.arg(1)
	if c.err == nil && isFloatType(elemOf(axis)) {
		return c.errorf("input 'axis' must be an integer tensor, got %s", elemOf(axis))
	}
	// Dims are tried from the last; an axis matching no dim (invalid in
	// ONNX) gets dim 0's result.
	y := along(0)
	for ax := 1; ax < rank; ax++ {
		hit := c.emit("torch.aten.logical_or", []*ir.Value{
			c.emit("torch.aten.eq.Scalar", []*ir.Value{axis}, c.i64("other", int64(ax))),
			c.emit("torch.aten.eq.Scalar", []*ir.Value{axis}, c.i64("other", int64(ax-rank)))})
		y = c.emit("torch.aten.where.self", []*ir.Value{hit, along(ax), y})
	}
	return c.result(y)
}

// convHardmax: 1 at the first maximum along axis, 0 elsewhere: argmax
// compared with the positions along axis. Before opset 13 the input is
// viewed as 2-D [prod(dims[:axis]), prod(dims[axis:])] (axis default 1)
// and the maximum taken over its second dim.
func convHardmax(c *nodeCtx) error {
	def := int64(-1)
	if c.opset < 13 {
		def = 1
	}
	axis, err := c.attrInt("axis", def)
	if err != nil {
		return err
	}
	x := c.arg(0)
	if c.err != nil {
		return c.err
	}
	xs := shapeOf(x)
	if !isStatic(xs) || len(xs) == 0 {
		return c.errorf("expects a statically shaped tensor of rank 1 or more, got %s", x.Type())
	}
	ax, err := normAxis(axis, len(xs))
	if err != nil {
		return c.errorf("%v", err)
	}
	y := x
	if c.opset < 13 {
		y = c.emit("torch.aten.reshape", []*ir.Value{x}, c.arr("shape", []int64{numElems(xs[:ax]), numElems(xs[ax:])}))
		ax = 1
	}
	ys := shapeOf(y)
	if c.err != nil {
		return c.err
	}
	n := ys[ax]
	if n > maxMaskElems {
		return c.errorf("axis of %d elements is too long", n)
	}
	pos := make([]int64, n)
	for i := range pos {
		pos[i] = int64(i)
	}
	shape := make([]int64, len(ys))
	for i := range shape {
		shape[i] = 1
	}
	shape[ax] = n
	iota := c.constant(intsHost(c.im.ctx, pos).reshaped(shape))
	at := c.emit("torch.aten.argmax", []*ir.Value{y}, c.i64("dim", int64(ax)), c.flag("keepdim", true))
	h := c.emit("torch.aten.to.dtype", []*ir.Value{c.emit("torch.aten.eq.Tensor", []*ir.Value{at, iota})}, c.dtype("dtype", elemOf(x)))
	if c.opset < 13 {
		h = c.emit("torch.aten.reshape", []*ir.Value{h}, c.arr("shape", xs))
	}
	return c.result(h)
}
