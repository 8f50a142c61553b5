package interp

import (
	"fmt"
	"math"
	"slices"

	"github.com/mlc-go/mlc/dialects/core"
	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// Kernel adapters of the core dialect (docs/dialects/core.md): they read
// the op's attributes with the documented defaults and call the tensor
// package or kernels.go.

func unary(op tensor.UnaryOp) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) {
		x := c.in[0]
		if x.DType() == tensor.F32 {
			if y := c.outInPlace(tensor.F32, x.Shape()); y != nil {
				return one(y, tensor.UnaryInto(y, op, x))
			}
		}
		return one(tensor.Unary(op, x))
	}
}

func binaryOp(op tensor.BinaryOp) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) {
		a, b := c.in[0], c.in[1]
		if a.DType() == tensor.F32 && b.DType() == tensor.F32 {
			if shape, err := tensor.BroadcastShapes(a.Shape(), b.Shape()); err == nil {
				if y := c.outInPlace(tensor.F32, shape); y != nil {
					return one(y, tensor.BinaryInto(y, op, a, b))
				}
			}
		}
		return one(tensor.Binary(op, a, b))
	}
}

func logical(op tensor.LogicalOp) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) { return one(tensor.Logical(op, c.in[0], c.in[1])) }
}

func coreNot(c *opCall) ([]*tensor.Tensor, error) { return one(tensor.Not(c.in[0])) }

// identity returns the operand (values are immutable, so no copy).
func identity(c *opCall) ([]*tensor.Tensor, error) { return []*tensor.Tensor{c.in[0]}, nil }

func coreArg(selectMax bool) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) {
		axis, err := c.int("axis")
		if err != nil {
			return nil, err
		}
		if !c.has("axis") {
			return nil, fmt.Errorf("requires attribute 'axis'")
		}
		keep, err := c.bool("keepdims")
		if err != nil {
			return nil, err
		}
		if selectMax {
			return one(tensor.ArgMax(c.in[0], int(axis), keep, false))
		}
		return one(tensor.ArgMin(c.in[0], int(axis), keep, false))
	}
}

// coreWindow reads kernel, strides, padding, dilations and ceil_mode of
// core's pooling ops.
func coreWindow(c *opCall) (window, error) {
	var g window
	k, err := c.intsN("kernel", 2, nil)
	if err != nil {
		return g, err
	}
	s, err := c.intsN("strides", 2, nil)
	if err != nil {
		return g, err
	}
	p, err := c.intsN("padding", 4, nil)
	if err != nil {
		return g, err
	}
	d, err := c.intsN("dilations", 2, nil)
	if err != nil {
		return g, err
	}
	g.ceil, err = c.bool("ceil_mode")
	if err != nil {
		return g, err
	}
	g.kernel = [2]int{int(k[0]), int(k[1])}
	g.stride = [2]int{int(s[0]), int(s[1])}
	g.dilation = [2]int{int(d[0]), int(d[1])}
	g.pads = [4]int{int(p[0]), int(p[1]), int(p[2]), int(p[3])}
	return g, nil
}

func (g window) params() tensor.Pool2DParams {
	return tensor.Pool2DParams{Kernel: g.kernel, Strides: g.stride, Dilations: g.dilation, Pads: g.pads, CeilMode: g.ceil}
}

func coreAvgPool(c *opCall) ([]*tensor.Tensor, error) {
	g, err := coreWindow(c)
	if err != nil {
		return nil, err
	}
	p := g.params()
	if p.CountIncludePad, err = c.bool("count_include_pad"); err != nil {
		return nil, err
	}
	if x := c.in[0]; x.DType() == tensor.F32 {
		if shape, err := c.resultShape(0); err == nil {
			if y := c.out(tensor.F32, shape); y != nil {
				return one(y, tensor.AvgPool2DInto(y, x, p))
			}
		}
	}
	return one(tensor.AvgPool2D(c.in[0], p))
}

func coreMaxPool(c *opCall) ([]*tensor.Tensor, error) {
	g, err := coreWindow(c)
	if err != nil {
		return nil, err
	}
	if x := c.in[0]; x.Rank() == 4 {
		s := x.Shape()
		if oh, ow, err := g.outSize(int(s[2]), int(s[3])); err == nil {
			shape := []int64{s[0], s[1], int64(oh), int64(ow)}
			switch x.DType() {
			case tensor.F32:
				if y := c.out(tensor.F32, shape); y != nil {
					return one(maxPool2DF32(x.Float32s(), shape, g, int(s[2]), int(s[3]), y.Float32s()))
				}
			case tensor.U8:
				return one(maxPool2D8(x, x.Uint8s(), shape, g, c.out(tensor.U8, shape)))
			case tensor.I8:
				return one(maxPool2D8(x, x.Int8s(), shape, g, c.out(tensor.I8, shape)))
			}
		}
	}
	return one(maxPool2D(c.in[0], g))
}

func coreBroadcastTo(c *opCall) ([]*tensor.Tensor, error) {
	shape, err := c.resultShape(0)
	if err != nil {
		return nil, err
	}
	return one(tensor.BroadcastTo(c.in[0], shape))
}

func coreCast(c *opCall) ([]*tensor.Tensor, error) {
	dt, err := c.resultDType(0)
	if err != nil {
		return nil, err
	}
	return one(tensor.Cast(c.in[0], dt))
}

func coreClamp(c *opCall) ([]*tensor.Tensor, error) {
	lo, hi, err := c.bounds()
	if err != nil {
		return nil, err
	}
	if lo > hi {
		return nil, fmt.Errorf("min %g exceeds max %g", lo, hi)
	}
	if c.pool != nil && c.pool.chain[c.op.Operand(0)] {
		// A hardswish chain's add computed the product already.
		if r, ok := c.precomputedIn(0); ok {
			c.pool.chain[c.op.Result(0)] = true
			return r, nil
		}
	}
	if x := c.in[0]; x.DType() == tensor.F32 {
		if b, ok := c.clampedInput(); ok && b == [2]float64{lo, hi} {
			// The convolution that made x clamped it already.
			if y := c.inPlace(x.Shape()); y != nil {
				return one(y, nil)
			}
			if y := c.placedAsOperand(x); y != nil {
				return one(y, nil)
			}
		}
		if y := c.outInPlace(tensor.F32, x.Shape()); y != nil {
			return one(y, tensor.ClipInto(y, x, lo, hi))
		}
	}
	return one(tensor.Clip(c.in[0], lo, hi))
}

// fusableClamp returns the bounds of a core.clamp (or core.relu) that
// reads this op's only result and nothing else does, when the op may apply it itself
// (tiles of a convolution clamped while in cache; the clamp then has
// nothing left to do): only with buffer reuse (the mark lives in the
// run's pool) and without hooks, which must see the unclamped result.
func (c *opCall) fusableClamp() *[2]float64 {
	if !c.fusable() {
		return nil
	}
	return clampAfter(c.op)
}

// fusable reports whether this op may compute ops after it (see
// fusableClamp).
func (c *opCall) fusable() bool {
	return c.pool != nil && c.it != nil && c.it.opts.Observe == nil && c.it.opts.Substitute == nil && c.op.NumResults() == 1
}

// soleReader is the op that reads op's only result, when nothing else
// does and it is in the same block with one result of the same type.
func soleReader(op *ir.Operation) *ir.Operation {
	r := op.Result(0)
	use := r.OnlyUse()
	if use == nil {
		return nil
	}
	u := use.Owner()
	if u.Block() != op.Block() || u.NumResults() != 1 || u.Result(0).Type() != r.Type() {
		return nil
	}
	return u
}

// clampAfter returns the bounds of the core.clamp or core.relu that is
// op's sole reader, or nil.
func clampAfter(op *ir.Operation) *[2]float64 {
	u := soleReader(op)
	if u == nil {
		return nil
	}
	if u.Name() == "core.relu" {
		// max(x, 0) is the clamp to [0, +Inf], NaN and -0 included.
		return &reluBounds
	}
	if u.Name() != "core.clamp" {
		return nil
	}
	uc := &opCall{op: u}
	lo, hi, err := uc.bounds()
	if err != nil || !(lo <= hi) {
		return nil
	}
	return &[2]float64{lo, hi}
}

// fusableResidual returns the other operand of a float32 core.add that is
// this convolution's sole reader, when that operand is live already (so
// the convolution can add it as each tile completes), whether it is the
// add's first operand, and the clamp after the add that can be applied
// with it (clampAfter).
func (c *opCall) fusableResidual() (res *tensor.Tensor, first bool, clamp *[2]float64) {
	if !c.fusable() || c.env == nil || c.it.opts.TRTFused {
		return nil, false, nil
	}
	u := soleReader(c.op)
	if u == nil || u.Name() != "core.add" || u.NumOperands() != 2 {
		return nil, false, nil
	}
	r := c.op.Result(0)
	j := 1
	if u.Operand(0) != r {
		j = 0 // r is operand 1
	} else if u.Operand(1) == r {
		return nil, false, nil // r + r
	}
	o := u.Operand(j)
	if o.Type() != r.Type() {
		return nil, false, nil // broadcasting
	}
	t := c.env[o]
	if t == nil || t.DType() != tensor.F32 {
		return nil, false, nil // defined after the convolution
	}
	return t, j == 0, clampAfter(u)
}

// summedOperand returns the index of an operand that a convolution made
// as this core.add's result (fusableResidual), and the clamp it applied.
func (c *opCall) summedOperand() (int, *[2]float64, bool) {
	if c.pool == nil || len(c.pool.summed) == 0 {
		return 0, nil, false
	}
	for j, v := range c.op.Operands() {
		if b, ok := c.pool.summed[v]; ok {
			return j, b, true
		}
	}
	return 0, nil, false
}

// coreAdd is lhs + rhs; an operand that a convolution computed as this
// sum already is its result.
func coreAdd(c *opCall) ([]*tensor.Tensor, error) {
	if r, ok := c.precomputed(); ok {
		return r, nil
	}
	if c.pool != nil && c.pool.chain[c.op.Operand(0)] {
		// The product before it computed the sum (scaleShift).
		if r, ok := c.precomputedIn(0); ok {
			c.markClamped(clampAfter(c.op)) // and the clamp after the sum
			return r, nil
		}
	}
	if r, ok, err := c.hardSwish(); ok || err != nil {
		return r, err
	}
	return quantDispatch(binaryOp(tensor.OpAdd), qAdd)(c)
}

// coreDiv is lhs / rhs; a divisor of a hardswish chain whose add computed
// the chain (hardSwish) passes the product on.
func coreDiv(c *opCall) ([]*tensor.Tensor, error) {
	if c.pool != nil && c.pool.chain[c.op.Operand(0)] {
		if r, ok := c.precomputedIn(0); ok {
			c.markFused(c.op.Result(0), nil) // for the product reading it
			return r, nil
		}
	}
	return binaryOp(tensor.OpDiv)(c)
}

// hardSwish computes, at the core.add of x + a, an exported hardswish
// x · (clamp(x + a, lo, hi) / d) (a and d float32 scalars) in one pass
// when the add, clamp and divide each have the next as sole reader and
// the product reads x and the quotient: the separate ops' bits
// (tensor.HardSwishInto). The clamp and the divide then pass the result
// on (pool.chain) and the product takes it (markFused). ok reports
// whether it did.
func (c *opCall) hardSwish() (r []*tensor.Tensor, ok bool, err error) {
	if !c.fusable() || len(c.in) != 2 {
		return nil, false, nil
	}
	ch, ok := hardSwishChain(c.op)
	if !ok {
		return nil, false, nil
	}
	x, av := c.in[ch.x], c.in[1-ch.x]
	if x.DType() != tensor.F32 || av.DType() != tensor.F32 || av.Len() != 1 {
		return nil, false, nil
	}
	d, ok := c.scalarF32(ch.div.Operand(1))
	if !ok {
		return nil, false, nil
	}
	h := tensor.HardSwish{Add: av.Float32s()[0], Lo: float32(ch.lo), Hi: float32(ch.hi), Div: d, XLast: ch.xLast}
	y := c.out(tensor.F32, x.Shape())
	if y == nil {
		y = tensor.New(tensor.F32, x.Shape()...)
	}
	if err := tensor.HardSwishInto(y, x, h); err != nil {
		return nil, true, err
	}
	if c.pool.chain == nil {
		c.pool.chain = map[*ir.Value]bool{}
	}
	c.pool.chain[c.op.Result(0)] = true // the clamp and divide pass it on
	return []*tensor.Tensor{y}, true, nil
}

// swishChain is the ops of a hardswish chain from its add (hardSwishChain).
type swishChain struct {
	x          int // the add's operand that is x
	clamp, div *ir.Operation
	lo, hi     float64
	xLast      bool // the product is t · x
}

// hardSwishChain matches, from a core.add, x + a → clamp → ÷ d → product
// with x: each op the sole reader of the one before, the divide's lhs the
// clamp, the product of x and the quotient in either order, x of the
// result's type. The operand that is x is the one of the result's type
// (the other is then the scalar a, checked when run).
func hardSwishChain(add *ir.Operation) (swishChain, bool) {
	var ch swishChain
	if add.NumOperands() != 2 || add.NumResults() != 1 {
		return ch, false
	}
	rt := add.Result(0).Type()
	switch {
	case add.Operand(0).Type() == rt && add.Operand(1).Type() != rt:
	case add.Operand(1).Type() == rt && add.Operand(0).Type() != rt:
		ch.x = 1
	default:
		return ch, false
	}
	ch.clamp = soleReader(add)
	if ch.clamp == nil || ch.clamp.Name() != "core.clamp" {
		return ch, false
	}
	var err error
	if ch.lo, ch.hi, err = (&opCall{op: ch.clamp}).bounds(); err != nil || !(ch.lo <= ch.hi) {
		return ch, false
	}
	ch.div = soleReader(ch.clamp)
	if ch.div == nil || ch.div.Name() != "core.div" || ch.div.NumOperands() != 2 || ch.div.Operand(0) != ch.clamp.Result(0) {
		return ch, false
	}
	mul, xv, q := soleReader(ch.div), add.Operand(ch.x), ch.div.Result(0)
	if mul == nil || mul.Name() != "core.mul" || mul.NumOperands() != 2 {
		return ch, false
	}
	switch {
	case mul.Operand(0) == xv && mul.Operand(1) == q:
	case mul.Operand(1) == xv && mul.Operand(0) == q:
		ch.xLast = true
	default:
		return ch, false
	}
	return ch, true
}

// scalarF32 is the value of v when it holds one float32: live already, or
// a core.constant not yet run.
func (c *opCall) scalarF32(v *ir.Value) (float32, bool) {
	t := c.env[v]
	if t == nil {
		if d := v.DefiningOp(); d != nil && d.Name() == "core.constant" {
			t, _ = ConstantTensor(ods.AttrOrDefault(d, "value"))
		}
	}
	if t == nil || t.DType() != tensor.F32 || t.Len() != 1 {
		return 0, false
	}
	return t.Float32s()[0], true
}

// precomputedIn is float32 operand j (which holds this op's result
// already) as the result: its storage when it dies here or nothing will
// write it again, else a copy.
func (c *opCall) precomputedIn(j int) ([]*tensor.Tensor, bool) {
	x := c.in[j]
	if x.DType() != tensor.F32 {
		return nil, false
	}
	y := c.inPlaceOf(j, x.Shape(), int64(x.Len()))
	if b := c.pool.owner[c.op.Operand(j)]; y == nil && b != nil && !b.pinned {
		y = x // shares the operand's storage, which is never written again
	}
	if y == nil {
		if y = c.out(tensor.F32, x.Shape()); y == nil {
			y = tensor.New(tensor.F32, x.Shape()...)
		}
		copy(y.Float32s(), x.Float32s())
	}
	return []*tensor.Tensor{y}, true
}

// precomputed returns an operand that the op making it computed as this
// op's result already (markFused), applying the clamp it recorded.
func (c *opCall) precomputed() ([]*tensor.Tensor, bool) {
	j, clamp, ok := c.summedOperand()
	if !ok {
		return nil, false
	}
	r, ok := c.precomputedIn(j)
	if ok {
		c.markClamped(clamp)
	}
	return r, ok
}

// coreMul is lhs · rhs; a sigmoid that computed this product already
// (coreSigmoid) gives its result.
func coreMul(c *opCall) ([]*tensor.Tensor, error) {
	if r, ok := c.precomputed(); ok {
		return r, nil
	}
	if c.pool != nil && c.pool.chain[c.op.Operand(0)] {
		if d := c.op.Operand(0).DefiningOp(); d != nil && d.Name() == "core.concat" {
			// The concatenation before it computed the batch norm
			// (concatScaleShift): the add after passes it on.
			if r, ok := c.precomputedIn(0); ok {
				c.pool.chain[c.op.Result(0)] = true
				return r, nil
			}
		}
	}
	if r, ok, err := c.scaleShift(); ok || err != nil {
		return r, err
	}
	return binaryOp(tensor.OpMul)(c)
}

// scaleShift computes, at the core.mul of x · s, an exported batch norm
// that no convolution absorbs, x · s + b with s and b per channel, and
// the relu or clamp after it, in one pass (tensor.ScaleShiftInto, the
// separate ops' bits), when the add (the product its first operand) is
// the product's sole reader and the clamp, if any, the add's. The add
// then passes the result on (pool.chain) and marks it clamped, so the
// relu or clamp has nothing left to do (markClamped). ok reports whether
// it did.
func (c *opCall) scaleShift() (r []*tensor.Tensor, ok bool, err error) {
	if !c.fusable() || len(c.in) != 2 {
		return nil, false, nil
	}
	x := c.in[0]
	add := scaleShiftAdd(c.op)
	if x.DType() != tensor.F32 || x.Rank() < 2 || add == nil {
		return nil, false, nil
	}
	shape := x.Shape()
	p, ok := c.scaleShiftParams(c.op, add, shape)
	if !ok {
		return nil, false, nil
	}
	y := c.out(tensor.F32, shape)
	if y == nil {
		return nil, false, nil
	}
	if err := tensor.ScaleShiftInto(y, x, p.scale, p.shift, p.clip, p.lo, p.hi); err != nil {
		return nil, true, err
	}
	if c.pool.chain == nil {
		c.pool.chain = map[*ir.Value]bool{}
	}
	c.pool.chain[c.op.Result(0)] = true // the add passes it on
	return []*tensor.Tensor{y}, true, nil
}

// normParams are a batch norm's as scaleShift runs it: x · scale + shift
// (one of each per channel), then the clamp to [lo, hi] when clip.
type normParams struct {
	scale, shift []float32
	clip         bool
	lo, hi       float32
}

// scaleShiftParams returns the parameters of the batch norm whose product
// is mul (the scale its operand 1) and whose sum is add (the shift its
// operand 1), for an operand of the given shape, with the clamp reading
// add if any; ok is false unless both are known now and per channel and
// the clamp's bounds are float32 values.
func (c *opCall) scaleShiftParams(mul, add *ir.Operation, shape []int64) (p normParams, ok bool) {
	st, sshape := c.aheadF32(mul.Operand(1))
	bt, bshape := c.aheadF32(add.Operand(1))
	p.scale, p.shift = perChannel(st, sshape, shape), perChannel(bt, bshape, shape)
	if p.scale == nil || p.shift == nil {
		return p, false
	}
	if clamp := clampAfter(add); clamp != nil {
		p.clip, p.lo, p.hi = true, float32(clamp[0]), float32(clamp[1])
		if float64(p.lo) != clamp[0] || float64(p.hi) != clamp[1] {
			return p, false // bounds a float32 clamp would round
		}
	}
	return p, true
}

// scaleShiftAdd returns the core.add that a core.mul's product feeds as
// scaleShift needs it (the add the product's sole reader, the product its
// first operand only), or nil.
func scaleShiftAdd(mul *ir.Operation) *ir.Operation {
	add := soleReader(mul)
	if add == nil || add.Name() != "core.add" || add.NumOperands() != 2 ||
		add.Operand(0) != mul.Result(0) || add.Operand(1) == mul.Result(0) {
		return nil
	}
	return add
}

// aheadF32 returns the values and shape of a float32 v that a later op
// defines, when they are known now: v is live already, the cached result
// of an op on constants only (an earlier run computed it), a core.constant
// not yet run, or a core.reshape (not yet run) of a live value, whose
// values are its operand's in the same order.
func (c *opCall) aheadF32(v *ir.Value) (*tensor.Tensor, []int64) {
	if t := c.env[v]; t != nil {
		return t, t.Shape()
	}
	d := v.DefiningOp()
	if d == nil {
		return nil, nil
	}
	if t := c.it.consts[d]; t != nil && d.NumResults() == 1 {
		// Computed from constants only by an earlier run, and cached.
		return t, t.Shape()
	}
	switch d.Name() {
	case "core.constant":
		if t, err := ConstantTensor(ods.AttrOrDefault(d, "value")); err == nil {
			return t, t.Shape()
		}
	case "core.reshape":
		_, dims, ranked := typeShape(v.Type())
		if t := c.env[d.Operand(0)]; t != nil && ranked && isStatic(dims) {
			if n, err := tensor.NumElements(dims); err == nil && n == int64(t.Len()) {
				return t, dims
			}
		}
	}
	return nil, nil
}

// perChannel returns the values of a float32 t that, with shape ts, holds
// one value per channel (axis 1) of a tensor of shape x when broadcast to
// it (shape [C, 1, ...] right-aligned, ones elsewhere), or nil.
func perChannel(t *tensor.Tensor, ts, x []int64) []float32 {
	if t == nil || t.DType() != tensor.F32 {
		return nil
	}
	if len(ts) > len(x) || len(x) < 2 {
		return nil
	}
	for i, d := range ts {
		axis := len(x) - len(ts) + i
		if (axis == 1 && d != x[1]) || (axis != 1 && d != 1) {
			return nil
		}
	}
	if t.Len() != int(x[1]) {
		return nil
	}
	return t.Float32s()
}

// coreSigmoid is 1/(1+e⁻ˣ). When its sole reader is x · sigmoid(x) (an
// exported SiLU) it computes that product instead, with the two ops'
// bits, in one pass over memory, and the product takes it as its result.
func coreSigmoid(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	if x.DType() == tensor.F32 && c.fusable() && readBySelfProduct(c.op) {
		y := c.selfProductInPlace()
		if y == nil {
			y = c.outInPlace(tensor.F32, x.Shape())
		}
		if y != nil {
			if err := tensor.SigmoidMulInto(y, x); err != nil {
				return nil, err
			}
			c.markFused(c.op.Result(0), nil)
			return []*tensor.Tensor{y}, nil
		}
	}
	return unary(tensor.OpSigmoid)(c)
}

// selfProductInPlace is the sigmoid's operand's storage when only the
// sigmoid and the product reading it read the operand: the product takes
// the sigmoid's result and never reads the operand's values, so writing
// them over saves a pass over new memory (the operand is often a
// convolution's output, still in cache). Nil otherwise.
func (c *opCall) selfProductInPlace() *tensor.Tensor {
	v := c.op.Operand(0)
	b := c.pool.owner[v]
	x := c.in[0]
	if b == nil || b.refs != 1 || b.pinned || !sameSpan(b.t, x) {
		return nil
	}
	mul := soleReader(c.op)
	for _, u := range v.Uses() {
		if o := u.Owner(); o != c.op && o != mul {
			return nil
		}
	}
	return x
}

// readBySelfProduct reports whether op's sole reader is a core.mul of op's
// result and op's operand, of one type.
func readBySelfProduct(op *ir.Operation) bool {
	u := soleReader(op)
	if u == nil || u.Name() != "core.mul" || u.NumOperands() != 2 {
		return false
	}
	r, x := op.Result(0), op.Operand(0)
	if x.Type() != r.Type() {
		return false
	}
	a, b := u.Operand(0), u.Operand(1)
	return (a == r && b == x) || (a == x && b == r)
}

// reluBounds are core.relu's as a clamp's.
var reluBounds = [2]float64{0, math.Inf(1)}

// coreRelu is max(x, 0); an f32 x that the convolution making it clamped
// to [0, +Inf] already is its own result.
func coreRelu(c *opCall) ([]*tensor.Tensor, error) {
	if x := c.in[0]; x.DType() == tensor.F32 {
		if b, ok := c.clampedInput(); ok && b == reluBounds {
			if y := c.inPlace(x.Shape()); y != nil {
				return one(y, nil)
			}
			if y := c.placedAsOperand(x); y != nil {
				return one(y, nil)
			}
		}
	}
	return unary(tensor.OpRelu)(c)
}

// clampedInput returns the bounds a convolution clamped operand 0 to, if
// it did (markClamped).
func (c *opCall) clampedInput() ([2]float64, bool) {
	if c.pool == nil {
		return [2]float64{}, false
	}
	b, ok := c.pool.clamped[c.op.Operand(0)]
	return b, ok
}

// markFused records what a convolution computed beyond its own result:
// the add reading it (sum, with the clamp after that add), or the clamp
// reading it.
func (c *opCall) markFused(sum *ir.Value, clamp *[2]float64) {
	if sum == nil {
		c.markClamped(clamp)
		return
	}
	if c.pool.summed == nil {
		c.pool.summed = map[*ir.Value]*[2]float64{}
	}
	c.pool.summed[sum] = clamp
}

// markClamped records that this op's result was clamped to b (nil: not).
func (c *opCall) markClamped(b *[2]float64) {
	if b == nil {
		return
	}
	if c.pool.clamped == nil {
		c.pool.clamped = map[*ir.Value][2]float64{}
	}
	c.pool.clamped[c.op.Result(0)] = *b
}

func coreCmp(c *opCall) ([]*tensor.Tensor, error) {
	p, err := c.str("predicate")
	if err != nil {
		return nil, err
	}
	op, ok := core.CompareOp(p)
	if !ok {
		return nil, fmt.Errorf("unknown predicate %q", p)
	}
	return one(tensor.Compare(op, c.in[0], c.in[1]))
}

func coreConcat(c *opCall) ([]*tensor.Tensor, error) {
	axis, err := c.int("axis")
	if err != nil {
		return nil, err
	}
	if r, ok, err := c.concatScaleShift(axis); ok || err != nil {
		return r, err
	}
	if len(c.in) > 0 {
		if shape, err := tensor.ConcatShape(int(axis), c.in...); err == nil {
			y := c.placeOut(c.in[0].DType(), shape, true)
			if y == nil {
				y = c.out(c.in[0].DType(), shape)
			}
			if y != nil {
				return one(y, tensor.ConcatInto(y, int(axis), c.in...))
			}
		}
	}
	return one(tensor.Concat(int(axis), c.in...))
}

// scaleShiftAfter returns the core.mul and core.add of a batch norm that
// are op's sole reader and the mul's (concatScaleShift's pattern), or nils.
func scaleShiftAfter(op *ir.Operation) (mul, add *ir.Operation) {
	mul = soleReader(op)
	if mul == nil || mul.Name() != "core.mul" || mul.NumOperands() != 2 ||
		mul.Operand(0) != op.Result(0) || mul.Operand(1) == op.Result(0) {
		return nil, nil
	}
	if add = scaleShiftAdd(mul); add == nil {
		return nil, nil
	}
	return mul, add
}

// concatScaleShift computes, at a channel concatenation whose sole reader
// is the core.mul of a batch norm that no convolution absorbs (scaleShift:
// x · s + b, then maybe a clamp), the normalized concatenation in one
// pass: each input goes through the scale and shift of its channels into
// its place in the output, so the concatenation is never written and read
// back (DenseNet normalizes every concatenation of the features so far).
// The values are those of the concatenation then scaleShift, bit for bit.
// It passes the result on (pool.chain): the product, the add and the clamp
// take it as theirs.
func (c *opCall) concatScaleShift(axis int64) (r []*tensor.Tensor, ok bool, err error) {
	if !c.fusable() || len(c.in) == 0 {
		return nil, false, nil
	}
	x0 := c.in[0]
	if axis != 1 || x0.Rank() < 2 || x0.Shape()[0] != 1 {
		return nil, false, nil // channel blocks of one image: contiguous
	}
	for _, t := range c.in {
		if t.DType() != tensor.F32 {
			return nil, false, nil
		}
	}
	mul, add := scaleShiftAfter(c.op)
	if add == nil {
		return nil, false, nil
	}
	shape, err := tensor.ConcatShape(1, c.in...)
	if err != nil {
		return nil, false, nil // the plain path reports it
	}
	p, ok := c.scaleShiftParams(mul, add, shape)
	if !ok {
		return nil, false, nil
	}
	y := c.out(tensor.F32, shape)
	if y == nil {
		return nil, false, nil
	}
	if err := tensor.ConcatScaleShiftInto(y, c.in, p.scale, p.shift, p.clip, p.lo, p.hi); err != nil {
		return nil, true, err
	}
	if c.pool.chain == nil {
		c.pool.chain = map[*ir.Value]bool{}
	}
	c.pool.chain[c.op.Result(0)] = true // the product passes it on
	return []*tensor.Tensor{y}, true, nil
}

// constant evaluates core.constant and torch.constant: the value attribute
// as a tensor.
func constant(c *opCall) ([]*tensor.Tensor, error) {
	return one(ConstantTensor(c.attr("value")))
}

func coreConv(c *opCall) ([]*tensor.Tensor, error) {
	s, err := c.intsN("strides", 2, nil)
	if err != nil {
		return nil, err
	}
	p, err := c.intsN("padding", 4, nil)
	if err != nil {
		return nil, err
	}
	d, err := c.intsN("dilations", 2, nil)
	if err != nil {
		return nil, err
	}
	groups, err := c.int("groups")
	if err != nil {
		return nil, err
	}
	var bias *tensor.Tensor
	if len(c.in) > 2 {
		bias = c.in[2]
	}
	strides, dils := [2]int{int(s[0]), int(s[1])}, [2]int{int(d[0]), int(d[1])}
	pads := [4]int{int(p[0]), int(p[1]), int(p[2]), int(p[3])}
	cp := tensor.Conv2DParams{Strides: strides, Dilations: dils, Pads: pads, Groups: int(groups)}
	clamp := c.fusableClamp()
	var sum *ir.Value // the core.add this convolution computes, if any
	if res, first, addClamp := c.fusableResidual(); res != nil && c.convF32() {
		cp.Residual, cp.ResidualFirst, clamp = res, first, addClamp
		sum = c.op.Result(0)
	}
	if clamp != nil {
		cp.Clip, cp.ClipLo, cp.ClipHi = true, float32(clamp[0]), float32(clamp[1])
	}
	if pw := c.packedConv(int(groups)); pw != nil && c.convF32() {
		// Constant weights are packed once per interpreter, not per run.
		y := c.convOut()
		if y == nil {
			y = c.convAlloc()
		}
		if y != nil && tensor.Conv2DPackedInto(y, c.in[0], pw, bias, cp) == nil {
			c.markFused(sum, clamp)
			return []*tensor.Tensor{y}, nil
		}
	} else if y := c.convOut(); y != nil {
		if tensor.Conv2DInto(y, c.in[0], c.in[1], bias, cp) == nil {
			c.markFused(sum, clamp)
			return []*tensor.Tensor{y}, nil
		}
	}
	// Let the allocating path report the error in its own words.
	return one(conv2D(c.in[0], c.in[1], bias, strides, dils, pads, int(groups)))
}

// convOut is a recycled output for an f32 convolution whose result type
// has static dims, or nil.
func (c *opCall) convOut() *tensor.Tensor {
	if c.pool == nil {
		return nil
	}
	dims := c.convDims()
	if dims == nil {
		return nil
	}
	return c.out(tensor.F32, dims)
}

// convAlloc is a fresh output for an f32 convolution whose result type
// has static dims, or nil.
func (c *opCall) convAlloc() *tensor.Tensor {
	dims := c.convDims()
	if dims == nil {
		return nil
	}
	y, err := tensor.Alloc(tensor.F32, dims)
	if err != nil {
		return nil
	}
	return y
}

// convF32 reports whether all of a convolution's operands are f32.
func (c *opCall) convF32() bool {
	for _, x := range c.in {
		if x.DType() != tensor.F32 {
			return false
		}
	}
	return true
}

// convDims is the static 4-D shape of an f32 convolution's result, or nil.
func (c *opCall) convDims() []int64 {
	if c.op.NumResults() != 1 || !c.convF32() {
		return nil
	}
	_, dims, ranked := typeShape(c.op.Result(0).Type())
	if !ranked || len(dims) != 4 || !isStatic(dims) {
		return nil
	}
	return dims
}

func coreGather(c *opCall) ([]*tensor.Tensor, error) {
	axis, err := c.int("axis")
	if err != nil {
		return nil, err
	}
	data, idx := c.in[0], c.in[1]
	if shape, err := tensor.GatherShape(data, idx, int(axis)); err == nil {
		if y := c.out(data.DType(), shape); y != nil {
			return one(y, tensor.GatherInto(y, data, idx, int(axis)))
		}
	}
	return one(tensor.Gather(data, idx, int(axis)))
}

func coreMatMul(c *opCall) ([]*tensor.Tensor, error) {
	if c.in[0].Rank() < 2 || c.in[1].Rank() < 2 {
		return nil, fmt.Errorf("expects operands of rank 2 or more, got %s and %s", describe(c.in[0]), describe(c.in[1]))
	}
	if bq := c.q8Columns(); bq != nil {
		if out, ok, err := tensor.MatMulQ8Columns(c.in[0], bq); ok || err != nil {
			return one(out, err)
		}
	}
	if a, b := c.in[0], c.in[1]; a.DType() == tensor.F32 && b.DType() == tensor.F32 {
		if shape, err := tensor.MatMulShape(a, b); err == nil {
			if y := c.out(tensor.F32, shape); y != nil {
				return one(y, tensor.MatMulInto(y, a, b))
			}
		}
	}
	return one(matMul(c.in[0], c.in[1]))
}

func corePad(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	low, err := c.intsN("low", x.Rank(), nil)
	if err != nil {
		return nil, err
	}
	high, err := c.intsN("high", x.Rank(), nil)
	if err != nil {
		return nil, err
	}
	for i := range low {
		if low[i] < 0 || high[i] < 0 {
			return nil, fmt.Errorf("padding must be non-negative, got low %v high %v", low, high)
		}
	}
	pads := append(append([]int64{}, low...), high...)
	// Quantized tensors are padded with the encoding of real zero: the
	// zero point (per channel for per-axis types).
	switch q := quant.ElementType(c.op.Result(0).Type()).(type) {
	case nil:
	case *quant.UniformType:
		return one(tensor.Pad(x, pads, tensor.PadConstant, float64(q.ZeroPoint)))
	case *quant.UniformPerAxisType:
		return padPerAxis(x, low, high, q)
	default:
		return nil, fmt.Errorf("cannot pad values of %s", q)
	}
	v, err := c.num("value")
	if err != nil {
		if b, berr := c.bool("value"); berr == nil {
			v, err = 0, nil
			if b {
				v = 1
			}
		} else {
			return nil, err
		}
	}
	if shape, err := c.resultShape(0); err == nil {
		if y := c.out(x.DType(), shape); y != nil {
			return one(y, tensor.PadInto(y, x, pads, tensor.PadConstant, v))
		}
	}
	return one(tensor.Pad(x, pads, tensor.PadConstant, v))
}

// padPerAxis pads each channel of a per-axis quantized tensor with its own
// zero point (the quantized axis itself is not padded).
func padPerAxis(x *tensor.Tensor, low, high []int64, q *quant.UniformPerAxisType) ([]*tensor.Tensor, error) {
	ax := q.Axis
	if ax >= x.Rank() {
		return nil, fmt.Errorf("quantized axis %d is out of range for %s", ax, describe(x))
	}
	if low[ax] != 0 || high[ax] != 0 {
		return nil, fmt.Errorf("cannot pad the quantized axis %d of a per-axis type", ax)
	}
	pads := append(append([]int64{}, low...), high...)
	d := x.Dim(ax)
	parts := make([]*tensor.Tensor, d)
	for ch := int64(0); ch < d; ch++ {
		s, err := tensor.Slice(x, []int64{ch}, []int64{ch + 1}, []int{ax}, nil)
		if err != nil {
			return nil, err
		}
		if parts[ch], err = tensor.Pad(s, pads, tensor.PadConstant, float64(q.ParamsAt(int(ch)).ZeroPoint)); err != nil {
			return nil, err
		}
	}
	if d == 0 {
		return one(tensor.Pad(x, pads, tensor.PadConstant, 0))
	}
	return one(tensor.Concat(ax, parts...))
}

func coreReduce(op tensor.ReduceOp) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) {
		axes, err := c.ints("axes")
		if err != nil {
			return nil, err
		}
		if len(axes) == 0 {
			return nil, fmt.Errorf("requires a non-empty 'axes'")
		}
		keep, err := c.bool("keepdims")
		if err != nil {
			return nil, err
		}
		x, ax := c.in[0], toInts(axes)
		if shape, err := tensor.ReduceShape(op, x, ax, keep); err == nil {
			if y := c.out(x.DType(), shape); y != nil {
				return one(y, tensor.ReduceInto(y, op, x, ax, keep))
			}
		}
		return one(tensor.Reduce(op, x, ax, keep))
	}
}

func coreReshape(c *opCall) ([]*tensor.Tensor, error) {
	shape, err := c.resultShape(0)
	if err != nil {
		return nil, err
	}
	return one(c.in[0].Reshape(shape...))
}

func coreSelect(c *opCall) ([]*tensor.Tensor, error) {
	return one(tensor.Where(c.in[0], c.in[1], c.in[2]))
}

func coreSlice(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	r := x.Rank()
	starts, err := c.intsN("starts", r, nil)
	if err != nil {
		return nil, err
	}
	limits, err := c.intsN("limits", r, nil)
	if err != nil {
		return nil, err
	}
	ones := make([]int64, r)
	for i := range ones {
		ones[i] = 1
	}
	strides, err := c.intsN("strides", r, ones)
	if err != nil {
		return nil, err
	}
	if slices.Equal(strides, ones) {
		// A contiguous run (a channel range of one image: a split, a
		// channel shuffle's halves) is a view of x, as a reshape is.
		if y := tensor.SliceView(x, starts, limits); y != nil {
			return one(y, nil)
		}
	}
	if shape, err := tensor.SliceShape(x, starts, limits, nil, strides); err == nil {
		if y := c.out(x.DType(), shape); y != nil {
			return one(y, tensor.SliceInto(y, x, starts, limits, nil, strides))
		}
	}
	return one(tensor.Slice(x, starts, limits, nil, strides))
}

func coreTranspose(c *opCall) ([]*tensor.Tensor, error) {
	perm, err := c.intsN("perm", c.in[0].Rank(), nil)
	if err != nil {
		return nil, err
	}
	x, p := c.in[0], toInts(perm)
	if len(p) == x.Rank() && slices.IndexFunc(p, func(d int) bool { return d < 0 || d >= len(p) }) < 0 {
		shape := make([]int64, len(p))
		for i, d := range p {
			shape[i] = x.Shape()[d]
		}
		if y := c.out(x.DType(), shape); y != nil {
			return one(y, tensor.TransposeInto(y, x, p))
		}
	}
	return one(tensor.Transpose(x, p))
}
