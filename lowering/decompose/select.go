package decompose

import (
	"math"

	"github.com/mlc-go/mlc/ir"
)

// Reductions beyond sum and mean, scans, selection (topk, gather,
// triangles) and rearrangements (repeat, flip, pixel shuffles).

// maxConstElems bounds the constants and O(n²) intermediates these
// decompositions build from static shapes.
const maxConstElems = 1 << 26

// reduceDims reads a reduction's optional dim list: all dims when absent
// or empty.
func (e *emitter) reduceDims(op *ir.Operation, rank int) []int64 {
	dims := e.attrInts(op, "dim")
	if len(dims) == 0 {
		return allDims(rank)
	}
	return e.wrapDims(dims, rank)
}

// asI8 lets i1 tensors through core's reductions: x as i8, and back.
func (e *emitter) asI8(x *ir.Value) (*ir.Value, func(*ir.Value) *ir.Value) {
	if !isBoolElem(elemOf(x)) {
		return x, func(v *ir.Value) *ir.Value { return v }
	}
	return e.cast(x, e.ctx.I(8)), func(v *ir.Value) *ir.Value { return e.cast(v, e.ctx.I(1)) }
}

// amax(x, dims, keepdim) -> reduce_max(x, dims or all); i1 through i8 (amin: reduce_min)
func amax(name string) func(e *emitter, op *ir.Operation) []*ir.Value {
	return func(e *emitter, op *ir.Operation) []*ir.Value {
		x := op.Operand(0)
		if rankOf(x) == 0 {
			e.wrapDims(e.attrInts(op, "dim"), 1)
			return one(x)
		}
		xi, back := e.asI8(x)
		return one(back(e.reduce(name, xi, e.reduceDims(op, rankOf(x)), e.attrBool(op, "keepdim"))))
	}
}

// max(x) -> reduce_max(x, all dims); i1 through i8 (min: reduce_min)
func fullExtremum(name string) func(e *emitter, op *ir.Operation) []*ir.Value {
	return func(e *emitter, op *ir.Operation) []*ir.Value {
		x := op.Operand(0)
		if rankOf(x) == 0 {
			return one(x)
		}
		xi, back := e.asI8(x)
		return one(back(e.reduce(name, xi, allDims(rankOf(x)), false)))
	}
}

// prod.dim_int(x, dim, keepdim, dtype) -> reduce_prod(x', [dim]); prod(x, dtype) -> reduce_prod(x', all dims)
//
// x' is x in the result type (integers and i1 multiply as i64).
func prod(withDim bool) func(e *emitter, op *ir.Operation) []*ir.Value {
	return func(e *emitter, op *ir.Operation) []*ir.Value {
		x := e.cast(op.Operand(0), elemOf(op.Result(0)))
		r := rankOf(x)
		if !withDim {
			if r == 0 {
				return one(x)
			}
			return one(e.reduce("core.reduce_prod", x, allDims(r), false))
		}
		if r == 0 {
			e.wrapDim(e.attrInt(op, "dim"), 1)
			return one(x)
		}
		ax := e.wrapDim(e.attrInt(op, "dim"), r)
		return one(e.reduce("core.reduce_prod", x, []int64{ax}, e.attrBool(op, "keepdim")))
	}
}

// logsumexp(x, dims, keepdim) -> add(log(reduce_sum(exp(sub(x, m)))), m), m = reduce_max(x) where finite, else 0
func logsumexp(e *emitter, op *ir.Operation) []*ir.Value {
	x := op.Operand(0)
	r := rankOf(x)
	if r == 0 {
		e.wrapDims(e.attrInts(op, "dim"), 1)
		return one(x)
	}
	elem := elemOf(x)
	axes := e.reduceDims(op, r)
	m := e.reduce("core.reduce_max", x, axes, true)
	m = e.sel(e.cmp("eq", e.unary("core.abs", m), e.scalar(elem, math.Inf(1))), e.scalar(elem, 0), m)
	s := e.reduce("core.reduce_sum", e.unary("core.exp", e.sub(x, m)), axes, true)
	return one(e.reshape(e.add(e.unary("core.log", s), m), shapeOf(op.Result(0))))
}

// linalg_vector_norm(x, ord, dims, keepdim, dtype) -> sqrt(reduce_sum(mul(x', x'))) for ord 2; reduce_sum(abs) for 1; reduce_max/min(abs) for ±inf; count of non-zeros for 0; pow(reduce_sum(pow(abs, p)), 1/p) otherwise
func vectorNorm(e *emitter, op *ir.Operation) []*ir.Value {
	elem := elemOf(op.Result(0))
	x := e.cast(op.Operand(0), elem)
	ord := e.number(op, "ord").f
	keep := e.attrBool(op, "keepdim")
	out := shapeOf(op.Result(0))
	var axes []int64
	if rankOf(x) == 0 { // one element along a dim of size 1
		e.wrapDims(e.attrInts(op, "dim"), 1)
		x, axes, keep = e.reshape(x, []int64{1}), []int64{0}, false
	} else {
		axes = e.reduceDims(op, rankOf(x))
	}
	abs := e.unary("core.abs", x)
	var y *ir.Value
	switch {
	case ord == 2:
		y = e.unary("core.sqrt", e.reduce("core.reduce_sum", e.mul(x, x), axes, keep))
	case ord == 1:
		y = e.reduce("core.reduce_sum", abs, axes, keep)
	case math.IsInf(ord, 1):
		y = e.reduce("core.reduce_max", abs, axes, keep)
	case math.IsInf(ord, -1):
		y = e.reduce("core.reduce_min", abs, axes, keep)
	case ord == 0:
		nz := e.cast(e.cmp("ne", abs, e.scalar(elem, 0)), elem)
		y = e.reduce("core.reduce_sum", nz, axes, keep)
	default:
		p := e.binary("core.pow", abs, e.scalar(elem, ord))
		y = e.binary("core.pow", e.reduce("core.reduce_sum", p, axes, keep), e.scalar(elem, 1/ord))
	}
	return one(e.reshape(y, out))
}

// cumsum(x, dim, dtype) -> log₂(n) steps x = add(x, pad(slice(x, [0, n − s)), low s) along dim, s = 1, 2, 4, …
//
// x is first converted to the result type (integers and i1 accumulate as
// i64). The prefix sums add in a different order than a running sum,
// which only float rounding can tell.
func cumsum(e *emitter, op *ir.Operation) []*ir.Value {
	x := e.cast(op.Operand(0), elemOf(op.Result(0)))
	r := rankOf(x)
	if r == 0 {
		e.wrapDim(e.attrInt(op, "dim"), 1)
		return one(x)
	}
	ax := int(e.wrapDim(e.attrInt(op, "dim"), r))
	n := shapeOf(x)[ax]
	for s := int64(1); s < n; s *= 2 {
		low, high := make([]int64, r), make([]int64, r)
		low[ax] = s
		shifted := e.op("core.pad", nil, []ir.NamedAttr{kv("low", e.ints(low...)), kv("high", e.ints(high...))}, e.sliceDim(x, ax, 0, n-s, 1))
		x = e.add(x, shifted)
	}
	return one(x)
}

// flip(x, dims) -> slice(x) with stride −1 along dims
func flip(e *emitter, op *ir.Operation) []*ir.Value {
	x := op.Operand(0)
	xs := shapeOf(x)
	r := len(xs)
	if r == 0 {
		e.wrapDims(e.attrInts(op, "dims"), 1)
		return one(x)
	}
	dims := e.wrapDims(e.attrInts(op, "dims"), r)
	if len(dims) == 0 {
		return one(x)
	}
	starts, limits, strides := make([]int64, r), append([]int64{}, xs...), make([]int64, r)
	for i := range strides {
		strides[i] = 1
	}
	for _, d := range dims {
		starts[d], limits[d], strides[d] = -1, -xs[d]-1, -1
	}
	return one(e.op("core.slice", nil, []ir.NamedAttr{kv("starts", e.ints(starts...)), kv("limits", e.ints(limits...)), kv("strides", e.ints(strides...))}, x))
}

// tril(x, diagonal) -> select(mask, x, 0), mask the constant col − row ≤ diagonal (triu: ≥)
func triangle(lower bool) func(e *emitter, op *ir.Operation) []*ir.Value {
	return func(e *emitter, op *ir.Operation) []*ir.Value {
		x := op.Operand(0)
		xs := shapeOf(x)
		if len(xs) < 2 {
			e.fail("needs a tensor of rank 2 or more, got %s", x.Type())
			return one(x)
		}
		rows, cols := xs[len(xs)-2], xs[len(xs)-1]
		if rows*cols > maxConstElems {
			e.fail("a %d×%d mask is too large", rows, cols)
			return one(x)
		}
		diag := e.attrInt(op, "diagonal")
		raw := make([]byte, rows*cols)
		for i := range rows {
			for j := range cols {
				if (lower && j-i <= diag) || (!lower && j-i >= diag) {
					raw[i*cols+j] = 1
				}
			}
		}
		t := e.tensor([]int64{rows, cols}, e.ctx.I(1)).(*ir.RankedTensorType)
		mask := e.constant(e.ctx.DenseElementsAttr(t, raw))
		return one(e.sel(mask, x, e.scalar(elemOf(x), 0)))
	}
}

// iota is the constant i64 [0, 1, …, n−1] shaped as shape (n elements).
func (e *emitter) iota(n int64, shape []int64) *ir.Value {
	if n > maxConstElems {
		e.fail("an index constant of %d elements is too large", n)
		n = 0
	}
	raw := make([]byte, 0, 8*n)
	for i := range n {
		raw = ir.EncodeInt(raw, i, 8)
	}
	t := e.tensor(shape, e.ctx.I(64)).(*ir.RankedTensorType)
	return e.constant(e.ctx.DenseElementsAttr(t, raw))
}

// along is shape [1, …, n, …, 1] of rank r with n at dim d.
func along(r, d int, n int64) []int64 {
	s := make([]int64, r)
	for i := range s {
		s[i] = 1
	}
	s[d] = n
	return s
}

// gather(x, dim, index) -> gather(reshape(x, [numel]), add(Σ_{d≠dim} iota_d·stride_d, mul(index, stride_dim)))
//
// The flat index of each element is built from index and broadcast iota
// constants along the other dims, so the constants stay small.
func gatherOp(e *emitter, op *ir.Operation) []*ir.Value {
	x, index := op.Operand(0), op.Operand(1)
	xs, is := shapeOf(x), shapeOf(index)
	if len(xs) == 0 {
		xs = []int64{1}
		x = e.reshape(x, xs)
	}
	if len(is) == 0 {
		index = e.reshape(index, []int64{1})
		is = []int64{1}
	}
	r := len(xs)
	if len(is) != r {
		e.fail("index %s must have the rank of self %s", index.Type(), x.Type())
		return one(op.Operand(0))
	}
	ax := int(e.wrapDim(e.attrInt(op, "dim"), r))
	strides := make([]int64, r)
	total := int64(1)
	for i := r - 1; i >= 0; i-- {
		strides[i] = total
		total *= xs[i]
	}
	i64 := e.ctx.I(64)
	flat := e.cast(index, i64)
	if strides[ax] != 1 {
		flat = e.mul(flat, e.scalar(i64, float64(strides[ax])))
	}
	for d := range r {
		if d == ax || is[d] == 1 {
			continue
		}
		off := e.iota(is[d], along(r, d, is[d]))
		if strides[d] != 1 {
			off = e.mul(off, e.scalar(i64, float64(strides[d])))
		}
		flat = e.add(flat, off)
	}
	flat = e.broadcastTo(flat, is)
	g := e.op("core.gather", nil, []ir.NamedAttr{kv("axis", e.i64(0))}, e.reshape(x, []int64{total}), flat)
	return one(e.reshape(g, shapeOf(op.Result(0))))
}

// index_select(x, dim, index) -> gather(x, reshape(index, [n])) {axis = dim}
//
// core.gather is ONNX Gather, which with a 1-D index is index_select; a
// 0-D index or self is made 1-D first so no dim is dropped.
func indexSelect(e *emitter, op *ir.Operation) []*ir.Value {
	x, index := op.Operand(0), op.Operand(1)
	if len(shapeOf(x)) == 0 {
		x = e.reshape(x, []int64{1})
	}
	if len(shapeOf(index)) == 0 {
		index = e.reshape(index, []int64{1})
	}
	ax := e.wrapDim(e.attrInt(op, "dim"), len(shapeOf(x)))
	g := e.op("core.gather", nil, []ir.NamedAttr{kv("axis", e.i64(ax))}, x, index)
	return one(e.reshape(g, shapeOf(op.Result(0))))
}

// repeat(x, repeats) -> reshape(broadcast_to(reshape(x, [1, s₀, 1, s₁, …]), [r₀, s₀, r₁, s₁, …]), [r₀·s₀, r₁·s₁, …])
func repeat(e *emitter, op *ir.Operation) []*ir.Value {
	x := op.Operand(0)
	reps := e.attrInts(op, "repeats")
	xs := shapeOf(x)
	if len(reps) < len(xs) {
		e.fail("repeats %v has fewer entries than %s has dims", reps, x.Type())
		return one(x)
	}
	lead := len(reps) - len(xs)
	var view, wide []int64
	for i, rp := range reps {
		d := int64(1)
		if i >= lead {
			d = xs[i-lead]
		}
		view = append(view, 1, d)
		wide = append(wide, rp, d)
	}
	return one(e.reshape(e.broadcastTo(e.reshape(x, view), wide), shapeOf(op.Result(0))))
}

// pixel_shuffle(x, r) -> reshape(transpose(reshape(x, [B, C, r, r, H, W]), [0, 1, 4, 2, 5, 3])); pixel_unshuffle the inverse
func pixelShuffle(up bool) func(e *emitter, op *ir.Operation) []*ir.Value {
	attr := "downscale_factor"
	if up {
		attr = "upscale_factor"
	}
	return func(e *emitter, op *ir.Operation) []*ir.Value {
		x := op.Operand(0)
		s := shapeOf(x)
		n := len(s)
		r := e.attrInt(op, attr)
		if n < 3 || r <= 0 {
			e.fail("needs rank ≥ 3 and a positive factor, got %s and %d", x.Type(), r)
			return one(x)
		}
		b := int64(1)
		for _, d := range s[:n-3] {
			b *= d
		}
		c, h, w := s[n-3], s[n-2], s[n-1]
		var view, perm []int64
		if up {
			view, perm = []int64{b, c / (r * r), r, r, h, w}, []int64{0, 1, 4, 2, 5, 3}
		} else {
			view, perm = []int64{b, c, h / r, r, w / r, r}, []int64{0, 1, 3, 5, 2, 4}
		}
		return one(e.reshape(e.transpose(e.reshape(x, view), perm), shapeOf(op.Result(0))))
	}
}

// topk(x, k, dim, largest) -> per output rank q: values = reduce_max(select(rank = q, x, lowest)), indices = reduce_sum(select(rank = q, iota, 0))
//
// With dim moved last, rank[i] counts the elements j that come before
// element i: larger (smaller with largest = false; NaN counts as the
// largest), or equal with j < i, so ties keep their index order. The
// comparisons are n×n per row, bounded by maxConstElems.
func topk(e *emitter, op *ir.Operation) []*ir.Value {
	x := op.Operand(0)
	xs := shapeOf(x)
	r := len(xs)
	k := e.attrInt(op, "k")
	largest := e.attrBool(op, "largest")
	elem := elemOf(x)
	if r == 0 {
		e.wrapDim(e.attrInt(op, "dim"), 1)
		if k == 0 {
			e.fail("topk with k = 0 of a 0-D tensor")
		}
		return []*ir.Value{x, e.splat(op.Result(1).Type(), 0)}
	}
	ax := e.wrapDim(e.attrInt(op, "dim"), r)
	perm := allDims(r)
	perm[ax], perm[r-1] = perm[r-1], perm[ax] // a swap is its own inverse
	xt := e.transpose(x, perm)
	ts := shapeOf(xt)
	n := ts[r-1]
	lead := ts[:r-1]
	batch := int64(1)
	for _, d := range lead {
		batch *= d
	}
	if k == 0 {
		return []*ir.Value{e.splat(op.Result(0).Type(), 0), e.splat(op.Result(1).Type(), 0)}
	}
	if k < 0 || k > n || batch*n*max(n, k) > maxConstElems {
		e.fail("topk of k = %d over %d elements (%d rows) is out of range or too large", k, n, batch)
		return []*ir.Value{x, op.Operand(0)}
	}
	shape := func(tail ...int64) []int64 { return append(append([]int64{}, lead...), tail...) }
	xi := e.reshape(xt, shape(n, 1)) // element i, as a column
	xj := e.reshape(xt, shape(1, n)) // element j, as a row
	first, second := xj, xi          // "j is beyond i" for largest
	if !largest {
		first, second = xi, xj
	}
	beyond := e.cmp("gt", e.cmpOperand(first), e.cmpOperand(second))
	equal := e.cmp("eq", e.cmpOperand(xj), e.cmpOperand(xi))
	if isFloatElem(elem) {
		nanI, nanJ := e.cmp("ne", xi, xi), e.cmp("ne", xj, xj)
		nanFirst, nanSecond := nanJ, nanI
		if !largest {
			nanFirst, nanSecond = nanI, nanJ
		}
		// NaN is beyond every number, and NaNs are equal to each other.
		beyond = e.binary("core.or", beyond, e.binary("core.and", nanFirst, e.unary("core.not", nanSecond)))
		equal = e.binary("core.or", equal, e.binary("core.and", nanI, nanJ))
	}
	// jBefore[i][j] = j < i, the constant strict lower triangle.
	raw := make([]byte, n*n)
	for i := range n {
		for j := range i {
			raw[i*n+j] = 1
		}
	}
	lt := e.tensor([]int64{n, n}, e.ctx.I(1)).(*ir.RankedTensorType)
	jBefore := e.constant(e.ctx.DenseElementsAttr(lt, raw))
	before := e.binary("core.or", beyond, e.binary("core.and", equal, jBefore))
	i64 := e.ctx.I(64)
	rank := e.reduce("core.reduce_sum", e.cast(before, i64), []int64{int64(r)}, false) // [.., n]
	// at[.., q, i] = rank[i] = q for the k output positions q.
	at := e.cmp("eq", e.reshape(rank, shape(1, n)), e.iota(k, []int64{k, 1}))
	lowest := math.Inf(-1)
	if !isFloatElem(elem) {
		lowest = float64(math.MinInt64)
		if it, ok := elem.(*ir.IntegerType); ok && it.Width < 64 {
			lowest = -math.Exp2(float64(it.Width - 1))
		}
	}
	vals := e.reduce("core.reduce_max", e.sel(at, xj, e.scalar(elem, lowest)), []int64{int64(r)}, false)
	idx := e.reduce("core.reduce_sum", e.sel(at, e.iota(n, []int64{n}), e.scalar(i64, 0)), []int64{int64(r)}, false)
	return []*ir.Value{e.transpose(vals, perm), e.transpose(idx, perm)}
}
