package decompose

import (
	"math"

	"github.com/mlc-go/mlc/ir"
)

// Normalisations, softmax and attention.

// softmax.int(x, d) -> div(exp(sub(x, max(x))), sum(exp(sub(x, max(x)))))
//
// max and sum reduce over d with keepdims: numerically stable.
func softmax(e *emitter, op *ir.Operation) []*ir.Value {
	return e.softmaxLike(op, false)
}

// log_softmax.int(x, dim) -> sub(sub(x, max), log(sum(exp(sub(x, max)))))
func logSoftmax(e *emitter, op *ir.Operation) []*ir.Value {
	return e.softmaxLike(op, true)
}

func (e *emitter) softmaxLike(op *ir.Operation, log bool) []*ir.Value {
	x := e.cast(op.Operand(0), elemOf(op.Result(0)))
	shape := shapeOf(x)
	rank := len(shape)
	if rank == 0 { // as PyTorch: a 0-D tensor is one element along dim 0
		x = e.reshape(x, []int64{1})
		rank = 1
	}
	ax := e.wrapDim(e.attrInt(op, "dim"), rank)
	var y *ir.Value
	if log {
		y = e.logSoftmax(x, ax)
	} else {
		y = e.softmax(x, ax)
	}
	return one(e.reshape(y, shape))
}

// softmax is core.softmax on float x: one unit for quantization and the
// targets (core-decompose-composites gives softmaxPieces).
func (e *emitter) softmax(x *ir.Value, ax int64) *ir.Value {
	if !isFloatElem(elemOf(x)) {
		return e.softmaxPieces(x, ax)
	}
	return e.op("core.softmax", nil, []ir.NamedAttr{kv("axis", e.i64(ax))}, x)
}

func (e *emitter) softmaxPieces(x *ir.Value, ax int64) *ir.Value {
	ex := e.unary("core.exp", e.sub(x, e.reduce("core.reduce_max", x, []int64{ax}, true)))
	return e.div(ex, e.reduce("core.reduce_sum", ex, []int64{ax}, true))
}

func (e *emitter) logSoftmax(x *ir.Value, ax int64) *ir.Value {
	s := e.sub(x, e.reduce("core.reduce_max", x, []int64{ax}, true))
	lse := e.unary("core.log", e.reduce("core.reduce_sum", e.unary("core.exp", s), []int64{ax}, true))
	return e.sub(s, lse)
}

// layer_norm(x, w, b) -> core.layer_norm(x, w, b) over the trailing normalized dims
//
// w absent: a constant of ones. Targets run it as one layer, and
// core-decompose-composites gives layerNormPieces.
func layerNorm(e *emitter, op *ir.Operation) []*ir.Value {
	x := op.Operand(0)
	elem := elemOf(x)
	ns := e.attrInts(op, "normalized_shape")
	rank := rankOf(x)
	if len(ns) == 0 || len(ns) > rank {
		e.fail("normalized_shape %v does not fit %s", ns, x.Type())
		return one(x)
	}
	axes := allDims(rank)[rank-len(ns):]
	eps := e.number(op, "eps").f
	operands := []*ir.Value{x}
	if op.NumOperands() > 1 {
		operands = append(operands, e.cast(op.Operand(1), elem))
	} else {
		operands = append(operands, e.splat(e.tensor(shapeOf(x)[rank-len(ns):], elem), 1))
	}
	if op.NumOperands() > 2 {
		operands = append(operands, e.cast(op.Operand(2), elem))
	}
	return one(e.op("core.layer_norm", nil, []ir.NamedAttr{kv("axes", e.ints(axes...)), kv("epsilon", e.f32(eps))}, operands...))
}

// layerNormPieces(x, w, b) -> add(mul(mul(d, rsqrt(add(mean(mul(d, d)), eps))), w), b), d = sub(x, mean(x))
//
// The means run over the normalized (trailing) dims: the biased variance.
func (e *emitter) layerNormPieces(x, w, b *ir.Value, axes []int64, eps float64) *ir.Value {
	elem := elemOf(x)
	d := e.sub(x, e.reduce("core.reduce_mean", x, axes, true))
	v := e.reduce("core.reduce_mean", e.mul(d, d), axes, true)
	y := e.mul(d, e.unary("core.rsqrt", e.add(v, e.scalar(elem, eps))))
	if w != nil {
		y = e.mul(y, w)
	}
	if b != nil {
		y = e.add(y, b)
	}
	return y
}

// batch_norm(x, m, v, w, b) -> add(mul(x, s), sub(b, mul(m, s))), s = mul(rsqrt(add(v, eps)), w)
//
// s and the shift are [C], reshaped to [C, 1, …]; with constant
// statistics canonicalisation folds them to two constants.
func batchNorm(e *emitter, op *ir.Operation) []*ir.Value {
	x := op.Operand(0)
	elem := elemOf(x)
	rank := rankOf(x)
	if rank < 2 {
		e.fail("batch_norm needs an input of rank 2 or more, got %s", x.Type())
		return one(x)
	}
	eps := e.number(op, "eps").f
	mean, variance := e.cast(op.Operand(1), elem), e.cast(op.Operand(2), elem)
	scale := e.unary("core.rsqrt", e.add(variance, e.scalar(elem, eps)))
	if op.NumOperands() > 3 {
		scale = e.mul(scale, e.cast(op.Operand(3), elem))
	}
	shift := e.neg(e.mul(mean, scale))
	if op.NumOperands() > 4 {
		shift = e.add(e.cast(op.Operand(4), elem), shift)
	}
	// [C] → [C, 1, …, 1], which broadcasts over the trailing spatial dims.
	c := shapeOf(x)[1]
	cs := []int64{c}
	for i := 2; i < rank; i++ {
		cs = append(cs, 1)
	}
	return one(e.add(e.mul(x, e.reshape(scale, cs)), e.reshape(shift, cs)))
}

func (e *emitter) neg(x *ir.Value) *ir.Value { return e.unary("core.neg", x) }

// scaled_dot_product_attention(q, k, v, m) -> matmul(softmax(mask(mul(matmul(q, transpose(k)), scale))), v)
//
// An i1 mask (or the lower-triangular constant of is_causal) selects −inf
// where false; a float mask is added. enable_gqa repeats each key/value
// head for its group of query heads (reshape, broadcast_to, reshape).
func sdpa(e *emitter, op *ir.Operation) []*ir.Value {
	q, k, v := op.Operand(0), op.Operand(1), op.Operand(2)
	if p := e.number(op, "dropout_p").f; p != 0 {
		e.fail("dropout_p = %g is random; inference graphs carry 0", p)
		return one(q)
	}
	if rankOf(q) < 2 || rankOf(k) < 2 || rankOf(v) < 2 {
		e.fail("query, key and value need rank 2 or more")
		return one(q)
	}
	elem := elemOf(q)
	qs := shapeOf(q)
	scale := 1 / math.Sqrt(float64(qs[len(qs)-1]))
	if op.InherentAttr("scale") != nil {
		scale = e.number(op, "scale").f
	}
	if e.attrBool(op, "enable_gqa") && rankOf(q) >= 3 && rankOf(k) >= 3 {
		h := qs[len(qs)-3]
		k, v = e.repeatHeads(k, h), e.repeatHeads(v, h)
	}
	r := rankOf(k)
	perm := allDims(r)
	perm[r-1], perm[r-2] = perm[r-2], perm[r-1]
	s := e.mul(e.matmul(q, e.transpose(k, perm)), e.scalar(elem, scale))
	ss := shapeOf(s)
	l, sl := ss[len(ss)-2], ss[len(ss)-1]
	var mask *ir.Value
	if op.NumOperands() > 3 {
		mask = op.Operand(3)
	}
	if e.attrBool(op, "is_causal") {
		if mask != nil {
			e.fail("attn_mask must be absent with is_causal")
		}
		mask = e.causalMask(l, sl)
	}
	switch {
	case mask == nil:
	case isBoolElem(elemOf(mask)):
		s = e.sel(mask, s, e.scalar(elem, math.Inf(-1)))
	case isFloatElem(elemOf(mask)):
		s = e.add(s, e.cast(mask, elem))
	default:
		e.fail("attn_mask must be i1 or float, got %s", mask.Type())
	}
	return one(e.matmul(e.softmax(s, int64(len(ss)-1)), v))
}

// causalMask is the constant i1 [l, s] mask that is true where column ≤ row.
func (e *emitter) causalMask(l, s int64) *ir.Value {
	if l <= 0 || s <= 0 || l*s > 1<<26 {
		e.fail("causal mask of %d×%d", l, s)
		return e.splat(e.tensor([]int64{max(l, 0), max(s, 0)}, e.ctx.I(1)), 1)
	}
	raw := make([]byte, l*s)
	for i := range l {
		for j := int64(0); j <= i && j < s; j++ {
			raw[i*s+j] = 1
		}
	}
	t := e.tensor([]int64{l, s}, e.ctx.I(1)).(*ir.RankedTensorType)
	return e.constant(e.ctx.DenseElementsAttr(t, raw))
}

// repeatHeads repeats each head (dim −3) of x so that it has h heads,
// head i of the result being head i / (h / heads) of x.
func (e *emitter) repeatHeads(x *ir.Value, h int64) *ir.Value {
	s := shapeOf(x)
	r := len(s)
	hk := s[r-3]
	if hk == h {
		return x
	}
	if hk <= 0 || h%hk != 0 {
		e.fail("query heads %d are not a multiple of key/value heads %d", h, hk)
		return x
	}
	u := append(append(append([]int64{}, s[:r-2]...), 1), s[r-2:]...)
	b := append(append(append([]int64{}, s[:r-2]...), h/hk), s[r-2:]...)
	out := append(append(append([]int64{}, s[:r-3]...), h), s[r-2:]...)
	return e.reshape(e.broadcastTo(e.reshape(x, u), b), out)
}

// instance_norm(x, w, b) -> group_norm(x, C groups, w, b)
func instanceNorm(e *emitter, op *ir.Operation) []*ir.Value {
	x := op.Operand(0)
	if rankOf(x) < 2 {
		e.fail("instance_norm needs an input of rank 2 or more, got %s", x.Type())
		return one(x)
	}
	return one(e.groupNorm(op, shapeOf(x)[1]))
}

// group_norm(x, g, w, b) -> reshape(d·rsqrt(mean(d²) + eps), x's shape)·w' + b', d = x₃ − mean(x₃), x₃ = reshape(x, [N, g, C/g·spatial])
//
// The statistics run over each (sample, group); w' and b' are [C, 1, …].
func groupNorm(e *emitter, op *ir.Operation) []*ir.Value {
	return one(e.groupNorm(op, e.attrInt(op, "num_groups")))
}

func (e *emitter) groupNorm(op *ir.Operation, groups int64) *ir.Value {
	x := op.Operand(0)
	xs := shapeOf(x)
	elem := elemOf(x)
	if len(xs) < 2 || groups <= 0 || xs[1]%groups != 0 {
		e.fail("cannot split %s into %d channel groups", x.Type(), groups)
		return x
	}
	n, c := xs[0], xs[1]
	per := c / groups
	cs := []int64{c}
	for _, d := range xs[2:] {
		per *= d
		cs = append(cs, 1)
	}
	g := e.reshape(x, []int64{n, groups, per})
	d := e.sub(g, e.reduce("core.reduce_mean", g, []int64{2}, true))
	v := e.reduce("core.reduce_mean", e.mul(d, d), []int64{2}, true)
	eps := e.number(op, "eps").f
	y := e.reshape(e.mul(d, e.unary("core.rsqrt", e.add(v, e.scalar(elem, eps)))), xs)
	if op.NumOperands() > 1 {
		y = e.mul(y, e.reshape(e.cast(op.Operand(1), elem), cs))
	}
	if op.NumOperands() > 2 {
		y = e.add(y, e.reshape(e.cast(op.Operand(2), elem), cs))
	}
	return y
}
