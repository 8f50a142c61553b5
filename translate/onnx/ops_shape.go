package onnx

import (
	"fmt"
	"slices"
	"sort"

	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// Shape operators: reshapes, transposes, squeezes, broadcasts. Each also
// folds at import time when its input is a known constant.
func init() {
	register(
		entry{op: "Reshape", from: 11, to: 17, in: 2, convert: convReshape, fold: foldReshape},
		entry{op: "Flatten", from: 11, to: 17, convert: convFlatten, fold: foldFlatten},
		entry{op: "Transpose", from: 11, to: 17, convert: convTranspose, fold: foldTranspose},
		entry{op: "Squeeze", from: 11, to: 12, convert: convSqueeze, fold: foldSqueeze},
		entry{op: "Squeeze", from: 13, to: 17, convert: convSqueeze, fold: foldSqueeze},
		entry{op: "Unsqueeze", from: 11, to: 12, convert: convUnsqueeze, fold: foldUnsqueeze},
		entry{op: "Unsqueeze", from: 13, to: 17, convert: convUnsqueeze, fold: foldUnsqueeze},
		entry{op: "Expand", from: 11, to: 17, in: 2, convert: convExpand, fold: foldExpand},
		entry{op: "Tile", from: 11, to: 17, in: 2, convert: convTile, fold: foldTile},
	)
}

// ---- Reshape and Flatten ----

// reshapeTarget resolves ONNX's reshape conventions for an input x: 0
// copies the input dim (unless allowzero), −1 is inferred, and unknown
// elements (dynamic dims) are allowed as long as torch's single −1 can
// stand for them: an unknown element that is a dim of x itself cancels
// against that dim, so [batch, −1] of a [?, 3, 4] input becomes [−1, 12].
func reshapeTarget(x *value, h *host, allowzero bool) ([]int64, error) {
	in := x.typ.Shape
	out := slices.Clone(h.ints)
	const (
		known = iota
		free  // −1, or unknown without a symbol
		dimOf // dynamic dim j of x
	)
	kind := make([]int, len(out))
	from := make([]int, len(out))
	for i := range out {
		switch s, ok := h.sym(i); {
		case ok && s.v == x:
			kind[i], from[i] = dimOf, s.dim
		case h.isUnknown(i):
			kind[i] = free
		case out[i] == 0 && !allowzero:
			if i >= len(in) {
				return nil, fmt.Errorf("target dim %d is 0 (copy) but the input has rank %d", i, len(in))
			}
			out[i] = in[i]
			if in[i] < 0 {
				kind[i], from[i] = dimOf, i
			}
		case out[i] == -1:
			kind[i] = free
		case out[i] < 0:
			return nil, fmt.Errorf("target dim %d is %d", i, out[i])
		}
	}
	if allowzero && slices.Contains(out, 0) && slices.Contains(kind, free) {
		return nil, fmt.Errorf("allowzero with both 0 and -1 in the shape is invalid")
	}
	nfree, ndim := 0, 0
	cancelled := map[int]bool{}
	for i, k := range kind {
		switch k {
		case free:
			nfree++
		case dimOf:
			if cancelled[from[i]] {
				return nil, fmt.Errorf("target [%s] uses input dim %d twice", fmtTarget(h), from[i])
			}
			cancelled[from[i]] = true
			ndim++
		}
	}
	if nfree+ndim <= 1 {
		for i, k := range kind {
			if k != known {
				out[i] = -1
			}
		}
		return out, nil
	}
	// Several unknowns: solve the free one statically from the input's
	// other dims, leaving one cancelled dim dynamic.
	if nfree > 1 || ndim > 1 {
		return nil, fmt.Errorf("more than one dim of the target shape [%s] is unknown at import time", fmtTarget(h))
	}
	inProd := int64(1)
	for j, d := range in {
		if cancelled[j] {
			continue
		}
		if d < 0 {
			return nil, fmt.Errorf("target shape [%s] of %s has unknown dims that the input's do not determine", fmtTarget(h), x.typ)
		}
		inProd *= d
	}
	outProd := int64(1)
	for i, k := range kind {
		if k == known {
			outProd *= out[i]
		}
	}
	if outProd == 0 || inProd%outProd != 0 {
		return nil, fmt.Errorf("cannot reshape %s into [%s]", x.typ, fmtTarget(h))
	}
	for i, k := range kind {
		switch k {
		case free:
			out[i] = inProd / outProd
		case dimOf:
			out[i] = -1
		}
	}
	return out, nil
}

func fmtTarget(h *host) string {
	s := ""
	for i, d := range h.ints {
		if i > 0 {
			s += ", "
		}
		if h.isUnknown(i) {
			s += "?"
		} else {
			s += fmt.Sprint(d)
		}
	}
	return s
}

// staticTarget computes the inferred dim of a resolved target for a
// statically shaped input of n elements.
func staticTarget(target []int64, n int64) ([]int64, error) {
	out := slices.Clone(target)
	known := int64(1)
	inf := -1
	for i, d := range out {
		if d == -1 {
			inf = i
		} else {
			known *= d
		}
	}
	if inf >= 0 {
		if known == 0 || n%known != 0 {
			return nil, fmt.Errorf("cannot reshape %d elements into [%s]", n, fmtShape(target))
		}
		out[inf] = n / known
	} else if known != n {
		return nil, fmt.Errorf("cannot reshape %d elements into [%s]", n, fmtShape(target))
	}
	return out, nil
}

func reshapeArgs(c *nodeCtx) ([]int64, error) {
	allowzero, err := c.attrInt("allowzero", 0)
	if err != nil {
		return nil, err
	}
	h := c.host(1)
	if h == nil || isFloatType(h.elem) || len(h.shape) != 1 {
		return nil, c.needsConstant("shape", "a run-time target shape is not supported: it must be a 1-D integer tensor known at import time")
	}
	t, err := reshapeTarget(c.input(0), h, allowzero != 0)
	if err != nil {
		return nil, c.errorf("%v", err)
	}
	return t, nil
}

func convReshape(c *nodeCtx) error {
	target, err := reshapeArgs(c)
	if err != nil {
		return err
	}
	return c.result(c.emit("torch.aten.reshape", []*ir.Value{c.arg(0)}, c.arr("shape", target)))
}

func foldReshape(c *nodeCtx) error {
	target, err := reshapeArgs(c)
	if err != nil {
		return err
	}
	h := c.host(0)
	shape, err := staticTarget(target, int64(h.len()))
	if err != nil {
		return c.errorf("%v", err)
	}
	c.setHost(0, h.reshaped(shape))
	return nil
}

// flattenTarget is Flatten's 2-D shape, with −1 for an unknown side.
func flattenTarget(c *nodeCtx) ([]int64, error) {
	axis, err := c.attrInt("axis", 1)
	if err != nil {
		return nil, err
	}
	in := c.typ(0).Shape
	r := int64(len(in))
	if axis < -r || axis > r {
		return nil, c.errorf("axis %d is out of range for rank %d", axis, r)
	}
	if axis < 0 {
		axis += r
	}
	prod := func(ds []int64) int64 {
		p := int64(1)
		for _, d := range ds {
			if d < 0 {
				return -1
			}
			p *= d
		}
		return p
	}
	out := []int64{prod(in[:axis]), prod(in[axis:])}
	if out[0] < 0 && out[1] < 0 {
		return nil, c.errorf("both halves of the flattened shape are dynamic (%s)", c.typ(0))
	}
	return out, nil
}

func convFlatten(c *nodeCtx) error {
	axis, err := c.attrInt("axis", 1)
	if err != nil {
		return err
	}
	if r := len(c.typ(0).Shape); (axis == 1 || axis == 1-int64(r)) && r >= 2 {
		return c.result(c.emit("torch.aten.flatten.using_ints", []*ir.Value{c.arg(0)}, c.i64("start_dim", 1), c.i64("end_dim", -1)))
	}
	target, err := flattenTarget(c)
	if err != nil {
		return err
	}
	return c.result(c.emit("torch.aten.reshape", []*ir.Value{c.arg(0)}, c.arr("shape", target)))
}

func foldFlatten(c *nodeCtx) error {
	target, err := flattenTarget(c)
	if err != nil {
		return err
	}
	h := c.host(0)
	shape, err := staticTarget(target, int64(h.len()))
	if err != nil {
		return err
	}
	c.setHost(0, h.reshaped(shape))
	return nil
}

// ---- Transpose ----

func transposePerm(c *nodeCtx) ([]int, error) {
	r := len(c.typ(0).Shape)
	def := make([]int64, r)
	for i := range def {
		def[i] = int64(r - 1 - i)
	}
	perm, err := c.attrInts("perm", def)
	if err != nil {
		return nil, err
	}
	if len(perm) != r {
		return nil, c.errorf("perm has %d entries for rank %d", len(perm), r)
	}
	out := make([]int, r)
	seen := make([]bool, r)
	for i, p := range perm {
		if p < 0 || p >= int64(r) || seen[p] {
			return nil, c.errorf("perm %v is not a permutation of 0..%d", perm, r-1)
		}
		seen[p] = true
		out[i] = int(p)
	}
	return out, nil
}

func convTranspose(c *nodeCtx) error {
	perm, err := transposePerm(c)
	if err != nil {
		return err
	}
	identity := true
	dims := make([]int64, len(perm))
	for i, p := range perm {
		dims[i] = int64(p)
		identity = identity && p == i
	}
	if identity {
		c.alias(0, 0)
		return nil
	}
	return c.result(c.emit("torch.aten.permute", []*ir.Value{c.arg(0)}, c.arr("dims", dims)))
}

func foldTranspose(c *nodeCtx) error {
	perm, err := transposePerm(c)
	if err != nil {
		return err
	}
	out, err := hostTranspose(c.host(0), perm)
	if err != nil {
		return err
	}
	c.setHost(0, out)
	return nil
}

// ---- Squeeze and Unsqueeze ----

// axesArg reads axes from the attribute (before opset 13) or the input
// (from 13); ok is false when none are given.
func axesArg(c *nodeCtx, input int) ([]int64, bool, error) {
	if c.opset < 13 {
		if !c.hasAttr("axes") {
			return nil, false, nil
		}
		a, err := c.attrInts("axes", nil)
		return a, true, err
	}
	if !c.has(input) {
		return nil, false, nil
	}
	a, err := c.constInts(input, "axes")
	return a, true, err
}

// normAxes normalises axes against rank, rejecting duplicates, sorted.
func normAxes(c *nodeCtx, axes []int64, rank int) ([]int, error) {
	out, bad, ok := tensor.WrapAxes(axes, rank)
	if !ok {
		if _, err := normAxis(axes[bad], rank); err != nil {
			return nil, c.errorf("%v", err)
		}
		return nil, c.errorf("axis %d is repeated", axes[bad])
	}
	sort.Ints(out)
	return out, nil
}

// squeezeShape is the result shape and the squeezed dims.
func squeezeShape(c *nodeCtx) ([]int64, []int, error) {
	in := c.typ(0).Shape
	axes, ok, err := axesArg(c, 1)
	if err != nil {
		return nil, nil, err
	}
	var dims []int
	if !ok {
		for i, d := range in {
			if d < 0 {
				return nil, nil, c.errorf("squeezing all size-1 dims of %s needs static dims", c.typ(0))
			}
			if d == 1 {
				dims = append(dims, i)
			}
		}
	} else if dims, err = normAxes(c, axes, len(in)); err != nil {
		return nil, nil, err
	}
	var out []int64
	for i, d := range in {
		if slices.Contains(dims, i) {
			if d != 1 {
				return nil, nil, c.errorf("cannot squeeze dim %d of size %s", i, fmtShape([]int64{d}))
			}
			continue
		}
		out = append(out, d)
	}
	return out, dims, nil
}

func convSqueeze(c *nodeCtx) error {
	_, dims, err := squeezeShape(c)
	if err != nil {
		return err
	}
	x := c.arg(0)
	for k := len(dims) - 1; k >= 0; k-- {
		x = c.emit("torch.aten.squeeze.dim", []*ir.Value{x}, c.i64("dim", int64(dims[k])))
	}
	if len(dims) == 0 {
		c.alias(0, 0)
		return c.err
	}
	return c.result(x)
}

func foldSqueeze(c *nodeCtx) error {
	shape, _, err := squeezeShape(c)
	if err != nil {
		return err
	}
	c.setHost(0, c.host(0).reshaped(shape))
	return nil
}

func unsqueezeDims(c *nodeCtx) ([]int, error) {
	axes, ok, err := axesArg(c, 1)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, c.errorf("requires axes")
	}
	return normAxes(c, axes, len(c.typ(0).Shape)+len(axes))
}

func convUnsqueeze(c *nodeCtx) error {
	dims, err := unsqueezeDims(c)
	if err != nil {
		return err
	}
	x := c.arg(0)
	for _, d := range dims {
		x = c.emit("torch.aten.unsqueeze", []*ir.Value{x}, c.i64("dim", int64(d)))
	}
	return c.result(x)
}

func foldUnsqueeze(c *nodeCtx) error {
	dims, err := unsqueezeDims(c)
	if err != nil {
		return err
	}
	h := c.host(0)
	shape := slices.Clone(h.shape)
	for _, d := range dims {
		shape = slices.Insert(shape, d, 1)
	}
	c.setHost(0, h.reshaped(shape))
	return nil
}

// ---- Expand and Tile ----

func expandShape(c *nodeCtx) ([]int64, error) {
	shape, err := c.constInts(1, "shape")
	if err != nil {
		return nil, err
	}
	for i, d := range shape {
		if d < 0 {
			return nil, c.errorf("shape dim %d is negative (%d)", i, d)
		}
	}
	in := c.typ(0).Shape
	out, err := broadcastShapes(in, shape)
	if err != nil {
		return nil, c.errorf("%v", err)
	}
	return out, nil
}

func convExpand(c *nodeCtx) error {
	out, err := expandShape(c)
	if err != nil {
		return err
	}
	if slices.Equal(out, c.typ(0).Shape) {
		c.alias(0, 0)
		return nil
	}
	size := slices.Clone(out)
	for i, d := range size {
		if d < 0 {
			size[i] = -1
		}
	}
	return c.result(c.emit("torch.aten.expand", []*ir.Value{c.arg(0)}, c.arr("size", size)))
}

func foldExpand(c *nodeCtx) error {
	out, err := expandShape(c)
	if err != nil {
		return err
	}
	if !foldable(out) {
		return errNoFold
	}
	h, err := hostExpand(c.host(0), out)
	if err != nil {
		return err
	}
	c.setHost(0, h)
	return nil
}

// tileShapes are the interleaved shapes [1, d0, 1, d1, …] and
// [r0, d0, r1, d1, …] and the result shape.
func tileShapes(c *nodeCtx) (in, rep, out []int64, err error) {
	reps, err := c.constInts(1, "repeats")
	if err != nil {
		return nil, nil, nil, err
	}
	dims := c.typ(0).Shape
	if len(reps) != len(dims) {
		return nil, nil, nil, c.errorf("repeats has %d entries for rank %d", len(reps), len(dims))
	}
	for i, d := range dims {
		if reps[i] < 0 {
			return nil, nil, nil, c.errorf("repeats must not be negative")
		}
		if d < 0 && reps[i] != 1 {
			return nil, nil, nil, c.unsupportedf("tiling dynamic dim %d is not supported", i)
		}
		in = append(in, 1, d)
		rep = append(rep, reps[i], d)
		out = append(out, reps[i]*d)
	}
	return in, rep, out, nil
}

// convTile is repeat. Run-time repeats are read off the output shape the
// model declares, as the torch dialect's static shapes require.
func convTile(c *nodeCtx) error {
	dims := c.typ(0).Shape
	var reps []int64
	if h := c.host(1); h != nil && h.known() {
		var err error
		if reps, err = c.constInts(1, "repeats"); err != nil {
			return err
		}
		if len(reps) != len(dims) {
			return c.errorf("repeats has %d entries for rank %d", len(reps), len(dims))
		}
		if slices.ContainsFunc(reps, func(r int64) bool { return r < 0 }) {
			return c.errorf("repeats must not be negative")
		}
	} else {
		out := c.declaredDims(0)
		if len(out) != len(dims) {
			return c.unsupportedf("a run-time 'repeats' is not supported unless the model declares the output's static shape")
		}
		for i, d := range dims {
			switch {
			case d > 0 && out[i]%d == 0:
				reps = append(reps, out[i]/d)
			case d == 0 && out[i] == 0:
				reps = append(reps, 1)
			default:
				return c.errorf("declared output shape [%s] is not a tiling of the input %s", fmtShape(out), c.typ(0))
			}
		}
	}
	if !slices.ContainsFunc(reps, func(r int64) bool { return r != 1 }) {
		c.alias(0, 0)
		return nil
	}
	return c.result(c.emit("torch.aten.repeat", []*ir.Value{c.arg(0)}, c.arr("repeats", reps)))
}

func foldTile(c *nodeCtx) error {
	in, rep, out, err := tileShapes(c)
	if err != nil {
		return err
	}
	if !foldable(rep) {
		return errNoFold
	}
	h, err := hostExpand(c.host(0).reshaped(in), rep)
	if err != nil {
		return err
	}
	c.setHost(0, h.reshaped(out))
	return nil
}
