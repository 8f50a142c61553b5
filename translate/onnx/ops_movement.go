package onnx

import (
	"math"
	"slices"

	"github.com/mlc-go/mlc/ir"
)

// Data movement: joining, splitting, slicing, gathering and padding.
func init() {
	register(
		entry{op: "Concat", from: 11, to: 17, convert: convConcat, fold: foldConcat},
		entry{op: "Split", from: 11, to: 12, convert: convSplit, fold: foldSplit},
		entry{op: "Split", from: 13, to: 17, convert: convSplit, fold: foldSplit},
		entry{op: "Slice", from: 11, to: 17, in: 3, convert: convSlice, fold: foldSlice},
		entry{op: "Gather", from: 11, to: 17, in: 2, convert: convGather, fold: foldGather},
		entry{op: "Pad", from: 11, to: 17, in: 2, convert: convPad},
	)
}

// ---- Concat and Split ----

func concatAxis(c *nodeCtx) (int, error) {
	if !c.hasAttr("axis") {
		return 0, c.errorf("requires attribute 'axis'")
	}
	axis, err := c.attrInt("axis", 0)
	if err != nil {
		return 0, err
	}
	if len(c.in) == 0 || !c.has(0) {
		return 0, c.errorf("needs at least one input")
	}
	a, err := normAxis(axis, len(c.typ(0).Shape))
	if err != nil {
		return 0, c.errorf("%v", err)
	}
	return a, nil
}

func convConcat(c *nodeCtx) error {
	axis, err := concatAxis(c)
	if err != nil {
		return err
	}
	var xs []*ir.Value
	for i := range c.in {
		if t := c.typ(i); t != nil && len(t.Shape) > axis && t.Shape[axis] == 0 && len(c.in) > 1 {
			continue // empty pieces contribute nothing
		}
		xs = append(xs, c.arg(i))
	}
	if len(xs) == 0 {
		xs = append(xs, c.arg(0))
	}
	if len(xs) == 1 {
		return c.result(xs[0])
	}
	return c.result(c.emit("torch.aten.cat", xs, c.i64("dim", int64(axis))))
}

func foldConcat(c *nodeCtx) error {
	axis, err := concatAxis(c)
	if err != nil {
		return err
	}
	hs := make([]*host, len(c.in))
	for i := range c.in {
		hs[i] = c.host(i)
		if hs[i] == nil || hs[i].elem != hs[0].elem || len(hs[i].shape) != len(hs[0].shape) {
			return errNoFold
		}
		for k := range hs[i].shape {
			if k != axis && hs[i].shape[k] != hs[0].shape[k] {
				return c.errorf("input #%d has shape [%s], which does not match [%s] outside axis %d", i, fmtShape(hs[i].shape), fmtShape(hs[0].shape), axis)
			}
		}
	}
	out, err := hostConcat(hs, axis)
	if err != nil {
		return err
	}
	c.setHost(0, out)
	return nil
}

// splitSizes are the sizes of Split's outputs along axis.
func splitSizes(c *nodeCtx) (int, []int64, error) {
	axis, err := c.attrInt("axis", 0)
	if err != nil {
		return 0, nil, err
	}
	in := c.typ(0).Shape
	a, err := normAxis(axis, len(in))
	if err != nil {
		return 0, nil, c.errorf("%v", err)
	}
	var sizes []int64
	given := false
	if c.opset < 13 {
		if c.hasAttr("split") {
			sizes, err = c.attrInts("split", nil)
			given = true
		}
	} else if c.has(1) {
		sizes, err = c.constInts(1, "split")
		given = true
	}
	if err != nil {
		return 0, nil, err
	}
	n := len(c.node.Outputs)
	d := in[a]
	if !given {
		if d < 0 {
			return 0, nil, c.unsupportedf("an even split of dynamic dim %d is not supported", a)
		}
		if n == 0 || d%int64(n) != 0 {
			return 0, nil, c.errorf("dim %d (size %d) does not split evenly into %d outputs", a, d, n)
		}
		sizes = make([]int64, n)
		for i := range sizes {
			sizes[i] = d / int64(n)
		}
	}
	if len(sizes) != n {
		return 0, nil, c.errorf("split has %d sizes for %d outputs", len(sizes), n)
	}
	total := int64(0)
	for _, s := range sizes {
		if s < 0 {
			return 0, nil, c.errorf("split size %d is negative", s)
		}
		total += s
	}
	if d >= 0 && total != d {
		return 0, nil, c.errorf("split sizes sum to %d, but dim %d has size %d", total, a, d)
	}
	return a, sizes, nil
}

func convSplit(c *nodeCtx) error {
	axis, sizes, err := splitSizes(c)
	if err != nil {
		return err
	}
	x := c.arg(0)
	start := int64(0)
	for i, s := range sizes {
		if c.outputUsed(i) {
			y := c.emit("torch.aten.slice.Tensor", []*ir.Value{x}, c.i64("dim", int64(axis)), c.i64("start", start), c.i64("end", start+s))
			if c.err == nil {
				c.setIR(i, y)
			}
		}
		start += s
	}
	return c.err
}

func foldSplit(c *nodeCtx) error {
	axis, sizes, err := splitSizes(c)
	if err != nil {
		return err
	}
	h := c.host(0)
	start := int64(0)
	for i, s := range sizes {
		out, err := hostSlice(h, []int64{start}, []int64{start + s}, []int{axis}, []int64{1})
		if err != nil {
			return err
		}
		c.setHost(i, out)
		start += s
	}
	return nil
}

// ---- Slice ----

// sliceArgs reads starts, ends, axes and steps, with normalised axes.
func sliceArgs(c *nodeCtx) (starts, ends, steps []int64, axes []int, err error) {
	if starts, err = c.constInts(1, "starts"); err != nil {
		return
	}
	if ends, err = c.constInts(2, "ends"); err != nil {
		return
	}
	if len(starts) != len(ends) {
		err = c.errorf("starts and ends have different lengths (%d and %d)", len(starts), len(ends))
		return
	}
	rank := len(c.typ(0).Shape)
	rawAxes := make([]int64, len(starts))
	for i := range rawAxes {
		rawAxes[i] = int64(i)
	}
	if c.has(3) {
		if rawAxes, err = c.constInts(3, "axes"); err != nil {
			return
		}
	}
	steps = make([]int64, len(starts))
	for i := range steps {
		steps[i] = 1
	}
	if c.has(4) {
		if steps, err = c.constInts(4, "steps"); err != nil {
			return
		}
	}
	if len(rawAxes) != len(starts) || len(steps) != len(starts) {
		err = c.errorf("starts, ends, axes and steps must have the same length")
		return
	}
	seen := map[int]bool{}
	for _, a := range rawAxes {
		n, e := normAxis(a, rank)
		if e != nil {
			err = c.errorf("%v", e)
			return
		}
		if seen[n] {
			err = c.errorf("axis %d is repeated", a)
			return
		}
		seen[n] = true
		axes = append(axes, n)
	}
	for _, s := range steps {
		if s == 0 {
			err = c.errorf("steps must not be 0")
			return
		}
	}
	return
}

func convSlice(c *nodeCtx) error {
	starts, ends, steps, axes, err := sliceArgs(c)
	if err != nil {
		return err
	}
	x := c.arg(0)
	in := c.typ(0).Shape
	for i, a := range axes {
		if steps[i] < 0 {
			// Reversed: flip, then take every |step|-th element from the
			// mirrored start.
			d := in[a]
			if d < 0 {
				return c.errorf("a negative step needs a static size along axis %d", a)
			}
			start, count := sliceRange(starts[i], ends[i], steps[i], d)
			if count == 0 {
				x = c.emit("torch.aten.slice.Tensor", []*ir.Value{x}, c.i64("dim", int64(a)), c.i64("start", 0), c.i64("end", 0))
				continue
			}
			x = c.emit("torch.aten.flip", []*ir.Value{x}, c.arr("dims", []int64{int64(a)}))
			step := -steps[i]
			if count == 1 {
				step = 1 // -MinInt64 overflows; one element needs no stride
			}
			if first := d - 1 - start; first != 0 || count != d || step != 1 {
				x = c.emit("torch.aten.slice.Tensor", []*ir.Value{x}, c.i64("dim", int64(a)), c.i64("start", first), c.i64("end", first+(count-1)*step+1), c.i64("step", step))
			}
			continue
		}
		attrs := []ir.NamedAttr{c.i64("dim", int64(a)), c.i64("step", steps[i])}
		if d := in[a]; d >= 0 {
			start, count := sliceRange(starts[i], ends[i], steps[i], d)
			if start == 0 && count == d && steps[i] == 1 {
				continue
			}
			end := start
			if count > 0 {
				end = start + (count-1)*steps[i] + 1
			}
			attrs = append(attrs, c.i64("start", start), c.i64("end", end))
		} else {
			// Dynamic dim: the torch op clamps as ONNX does; leave out
			// bounds that mean "from the start" or "to the end".
			if starts[i] > math.MinInt32 {
				attrs = append(attrs, c.i64("start", starts[i]))
			}
			if ends[i] < math.MaxInt32 {
				attrs = append(attrs, c.i64("end", ends[i]))
			}
		}
		x = c.emit("torch.aten.slice.Tensor", []*ir.Value{x}, attrs...)
	}
	return c.result(x)
}

func foldSlice(c *nodeCtx) error {
	starts, ends, steps, axes, err := sliceArgs(c)
	if err != nil {
		return err
	}
	out, err := hostSlice(c.host(0), starts, ends, axes, steps)
	if err != nil {
		return err
	}
	c.setHost(0, out)
	return nil
}

// ---- Gather ----

// gatherIndices normalises constant indices against a static dim.
func gatherIndices(c *nodeCtx, ix []int64, d int64) error {
	for k, v := range ix {
		if d < 0 {
			if v < 0 {
				return c.unsupportedf("negative index %d into a dynamic dim is not supported", v)
			}
			continue
		}
		if v < -d || v >= d {
			return c.errorf("index %d is out of range for a dim of size %d", v, d)
		}
		if v < 0 {
			ix[k] = v + d
		}
	}
	return nil
}

func gatherAxis(c *nodeCtx) (int, error) {
	axis, err := c.attrInt("axis", 0)
	if err != nil {
		return 0, err
	}
	a, err := normAxis(axis, len(c.typ(0).Shape))
	if err != nil {
		return 0, c.errorf("%v", err)
	}
	return a, nil
}

func foldGather(c *nodeCtx) error {
	axis, err := gatherAxis(c)
	if err != nil {
		return err
	}
	h, ih := c.host(0), c.host(1)
	if isFloatType(ih.elem) || !ih.known() {
		return errNoFold
	}
	ix := slices.Clone(ih.ints)
	if err := gatherIndices(c, ix, h.shape[axis]); err != nil {
		return err
	}
	if !foldable(slices.Concat(h.shape[:axis], ih.shape, h.shape[axis+1:])) {
		return errNoFold
	}
	out, err := hostGather(h, ix, ih.shape, axis)
	if err != nil {
		return err
	}
	c.setHost(0, out)
	return nil
}

// convGather: a constant scalar index is select.int, a constant run of
// consecutive indices a slice; otherwise the gathered axis is moved to
// the front and the rows are looked up with embedding. Run-time indices
// are first wrapped into [0, d) (ONNX allows negative ones).
func convGather(c *nodeCtx) error {
	axis, err := gatherAxis(c)
	if err != nil {
		return err
	}
	dt := c.typ(0)
	d := dt.Shape[axis]
	var idx *ir.Value
	if ih := c.host(1); ih != nil && ih.known() {
		if isFloatType(ih.elem) {
			return c.errorf("indices must be integers")
		}
		ix := slices.Clone(ih.ints)
		if err := gatherIndices(c, ix, d); err != nil {
			return err
		}
		x := c.arg(0)
		if len(ih.shape) == 0 {
			return c.result(c.emit("torch.aten.select.int", []*ir.Value{x}, c.i64("dim", int64(axis)), c.i64("index", ix[0])))
		}
		if len(ih.shape) == 1 && len(ix) > 0 && consecutive(ix) {
			return c.result(c.emit("torch.aten.slice.Tensor", []*ir.Value{x}, c.i64("dim", int64(axis)), c.i64("start", ix[0]), c.i64("end", ix[0]+int64(len(ix)))))
		}
		idx = c.constant(&host{elem: c.im.ctx.I(64), shape: ih.shape, ints: ix})
	} else {
		idx = c.arg(1)
		if c.err != nil {
			return c.err
		}
		if !ir.IsInteger(elemOf(idx), 32) && !ir.IsInteger(elemOf(idx), 64) {
			return c.errorf("indices must be i32 or i64, got %s", elemOf(idx))
		}
		if d < 0 {
			return c.unsupportedf("run-time indices into dynamic dim %d are not supported", axis)
		}
		// idx − d·floor(idx / d) wraps negative indices.
		dc := c.scalarLike(idx, float64(d))
		q := c.emit("torch.aten.div.Tensor", []*ir.Value{idx, dc}, c.str("rounding_mode", "floor"))
		idx = c.emit("torch.aten.sub.Tensor", []*ir.Value{idx, c.emit("torch.aten.mul.Tensor", []*ir.Value{q, dc})})
	}
	x := c.arg(0)
	if c.err != nil {
		return c.err
	}
	rank := len(dt.Shape)
	if axis != 0 {
		perm := []int64{int64(axis)}
		for i := 0; i < rank; i++ {
			if i != axis {
				perm = append(perm, int64(i))
			}
		}
		x = c.emit("torch.aten.permute", []*ir.Value{x}, c.arr("dims", perm))
	}
	rest := slices.Concat(dt.Shape[:axis], dt.Shape[axis+1:])
	restN := int64(1)
	for _, r := range rest {
		if r < 0 {
			return c.errorf("gathering from %s needs static dims other than the gathered one", dt)
		}
		restN *= r
	}
	x = c.emit("torch.aten.reshape", []*ir.Value{x}, c.arr("shape", []int64{-1, restN}))
	y := c.emit("torch.aten.embedding", []*ir.Value{x, idx})
	if c.err != nil {
		return c.err
	}
	iShape := shapeOf(idx)
	target := slices.Concat(iShape, rest)
	if !isStatic(iShape) {
		n := 0
		for k, s := range target {
			if s < 0 {
				target[k] = -1
				n++
			}
		}
		if n > 1 {
			return c.unsupportedf("indices with more than one dynamic dim are not supported")
		}
	}
	y = c.emit("torch.aten.reshape", []*ir.Value{y}, c.arr("shape", target))
	if axis != 0 {
		q := len(iShape)
		var perm []int64
		for i := 0; i < axis; i++ {
			perm = append(perm, int64(q+i))
		}
		for i := 0; i < q; i++ {
			perm = append(perm, int64(i))
		}
		for i := q + axis; i < q+rank-1; i++ {
			perm = append(perm, int64(i))
		}
		y = c.emit("torch.aten.permute", []*ir.Value{y}, c.arr("dims", perm))
	}
	return c.result(y)
}

func consecutive(ix []int64) bool {
	for i := 1; i < len(ix); i++ {
		if ix[i] != ix[i-1]+1 {
			return false
		}
	}
	return true
}

// ---- Pad ----

func convPad(c *nodeCtx) error {
	mode, err := c.attrString("mode", "constant")
	if err != nil {
		return err
	}
	if mode != "constant" {
		return c.unsupportedf("mode '%s' is not supported (only 'constant' has a torch op)", mode)
	}
	pads, err := c.constInts(1, "pads")
	if err != nil {
		return err
	}
	x := c.arg(0)
	if c.err != nil {
		return c.err
	}
	r := len(shapeOf(x))
	if len(pads) != 2*r {
		return c.errorf("pads has %d entries for rank %d", len(pads), r)
	}
	value := 0.0
	if c.has(2) {
		if value, err = c.constScalar(2, "constant_value"); err != nil {
			return err
		}
	}
	// torch's order: (low, high) pairs from the last dim backwards.
	var tp []int64
	for k := r - 1; k >= 0; k-- {
		tp = append(tp, pads[k], pads[k+r])
	}
	for len(tp) > 0 && tp[len(tp)-1] == 0 && tp[len(tp)-2] == 0 {
		tp = tp[:len(tp)-2]
	}
	if len(tp) == 0 {
		c.alias(0, 0)
		return nil
	}
	v, err := c.number("value", elemOf(x), value)
	if err != nil {
		return err
	}
	return c.result(c.emit("torch.aten.constant_pad_nd", []*ir.Value{x}, c.arr("pad", tp), v))
}
