package decompose

import (
	"math"
	"slices"

	"github.com/mlc-go/mlc/ir"
)

// Volumetric convolution and pooling without a 3-D core op: the H, W
// window is a 2-D core op over depth positions moved into the batch, and
// the D window combines kD strided depth slices (a sum of convolutions,
// an elementwise max, a sum over a divisor).

// attrTriple reads a 3-D window attribute: one value applies to all dims.
func (e *emitter) attrTriple(op *ir.Operation, name string) [3]int64 {
	return [3]int64(e.attrWindow(op, name, 3, nil))
}

// batched5 runs f on the static 5-D form of op's first operand ([C, D, H,
// W] gets a batch dim of 1) and gives the result op's result shape.
func (e *emitter) batched5(op *ir.Operation, f func(x *ir.Value) *ir.Value) []*ir.Value {
	x := op.Operand(0)
	if slices.Contains(shapeOf(x), ir.Dynamic) || slices.Contains(shapeOf(op.Result(0)), ir.Dynamic) {
		e.fail("expects static shapes, got %s", x.Type())
		return one(x)
	}
	return e.batchedRank(op, 5, f)
}

// depthToBatch turns [N, C, D, H, W] into [N·D, C, H, W].
func (e *emitter) depthToBatch(x *ir.Value) *ir.Value {
	xs := shapeOf(x)
	t := e.transpose(x, []int64{0, 2, 1, 3, 4})
	return e.reshape(t, []int64{xs[0] * xs[2], xs[1], xs[3], xs[4]})
}

// padDepth pads dim 1 of y [N, D, C, H, W] by lo and hi elements of value
// (nil: zero).
func (e *emitter) padDepth(y *ir.Value, lo, hi int64, value ir.Attribute) *ir.Value {
	if lo == 0 && hi == 0 {
		return y
	}
	attrs := []ir.NamedAttr{kv("low", e.ints(0, lo, 0, 0, 0)), kv("high", e.ints(0, hi, 0, 0, 0))}
	if value != nil {
		attrs = append(attrs, kv("value", value))
	}
	return e.op("core.pad", nil, attrs, y)
}

// depthTaps combines the k slices y[:, t·dil :: stride][:od] of y [N, D',
// C, H, W] with combine and moves depth back: [N, C, od, H, W].
func (e *emitter) depthTaps(y *ir.Value, k, stride, dil, od int64, combine func(acc, v *ir.Value) *ir.Value) *ir.Value {
	var acc *ir.Value
	for t := range k {
		lo := t * dil
		v := y
		if hi := lo + (od-1)*stride + 1; lo != 0 || hi != shapeOf(y)[1] || stride != 1 {
			v = e.sliceDim(y, 1, lo, hi, stride)
		}
		if acc == nil {
			acc = v
		} else {
			acc = combine(acc, v)
		}
	}
	return e.transpose(acc, []int64{0, 2, 1, 3, 4})
}

// ceilExtra is the padding past the end of a padded depth of n that ceil
// mode's last window reaches.
func ceilExtra(n, k, stride, pad, dil, out int64) int64 {
	return max(0, (out-1)*stride+(k-1)*dil+1-(n+2*pad))
}

// conv3d(x, w, b) -> Σ_kd conv2d(depth slices kd·dil_d :: stride_d of pad_d(x) in the batch, w[:, :, kd]) (+ b once)
func conv3d(e *emitter, op *ir.Operation) []*ir.Value {
	s := e.attrTriple(op, "stride")
	p := e.attrTriple(op, "padding")
	d := e.attrTriple(op, "dilation")
	g := e.attrInt(op, "groups")
	w := op.Operand(1)
	ws := shapeOf(w)
	if len(ws) != 5 || slices.Contains(ws, ir.Dynamic) || ws[2] < 1 {
		e.fail("expects a static 5-D weight, got %s", w.Type())
		return one(op.Operand(0))
	}
	attrs := []ir.NamedAttr{
		kv("strides", e.ints(s[1], s[2])),
		kv("padding", e.ints(p[1], p[2], p[1], p[2])),
		kv("dilations", e.ints(d[1], d[2])),
	}
	if g != 1 {
		attrs = append(attrs, kv("groups", e.i64(g)))
	}
	out := shapeOf(op.Result(0))
	od := out[len(out)-3]
	return e.batched5(op, func(x *ir.Value) *ir.Value {
		xs := shapeOf(x)
		y := e.padDepth(e.transpose(x, []int64{0, 2, 1, 3, 4}), p[0], p[0], nil) // [N, D', C, H, W]
		convs := make([]*ir.Value, 0, ws[2])
		for kd := range ws[2] {
			lo := kd * d[0]
			v := e.sliceDim(y, 1, lo, lo+(od-1)*s[0]+1, s[0])
			v = e.reshape(v, []int64{xs[0] * od, xs[1], xs[3], xs[4]})
			wk := e.reshape(e.sliceDim(w, 2, kd, kd+1, 1), []int64{ws[0], ws[1], ws[3], ws[4]})
			operands := []*ir.Value{v, wk}
			if kd == 0 && op.NumOperands() > 2 {
				operands = append(operands, op.Operand(2))
			}
			convs = append(convs, e.op("core.conv2d", nil, attrs, operands...))
		}
		sum := convs[0]
		for _, c := range convs[1:] {
			sum = e.add(sum, c)
		}
		ys := shapeOf(sum) // [N·od, O, Ho, Wo]
		sum = e.reshape(sum, []int64{xs[0], od, ys[1], ys[2], ys[3]})
		return e.transpose(sum, []int64{0, 2, 1, 3, 4})
	})
}

// poolWindow3 reads kernel_size, stride (default: kernel_size, also when
// empty) and padding of a 3-D torch pooling op.
func (e *emitter) poolWindow3(op *ir.Operation) (k, s, p [3]int64) {
	k = e.attrTriple(op, "kernel_size")
	s = [3]int64(e.attrStride(op, k[:]))
	p = e.attrTriple(op, "padding")
	return k, s, p
}

// max_pool3d(x) -> max over kd of depth slices of pad_d(max_pool2d(x with depth in the batch), lowest)
//
// Padding and ceil mode's overhang along D are filled with the lowest
// value, which never wins against the real tap every window has.
func maxPool3d(e *emitter, op *ir.Operation) []*ir.Value {
	k, s, p := e.poolWindow3(op)
	d := e.attrTriple(op, "dilation")
	attrs := []ir.NamedAttr{
		kv("kernel", e.ints(k[1], k[2])),
		kv("strides", e.ints(s[1], s[2])),
		kv("padding", e.ints(p[1], p[2], p[1], p[2])),
		kv("dilations", e.ints(d[1], d[2])),
	}
	if e.attrBool(op, "ceil_mode") {
		attrs = append(attrs, kv("ceil_mode", e.boolean(true)))
	}
	out := shapeOf(op.Result(0))
	od := out[len(out)-3]
	return e.batched5(op, func(x *ir.Value) *ir.Value {
		xs := shapeOf(x)
		y := e.op("core.max_pool2d", nil, attrs, e.depthToBatch(x))
		ys := shapeOf(y)
		y = e.reshape(y, []int64{xs[0], xs[2], xs[1], ys[2], ys[3]})
		y = e.padDepth(y, p[0], p[0]+ceilExtra(xs[2], k[0], s[0], p[0], d[0], od), e.lowest(elemOf(x)))
		return e.depthTaps(y, k[0], s[0], d[0], od, func(a, b *ir.Value) *ir.Value { return e.binary("core.max", a, b) })
	})
}

// lowest is the smallest value of elem as a pad value.
func (e *emitter) lowest(elem ir.Type) ir.Attribute {
	switch t := elem.(type) {
	case *ir.FloatType:
		return e.ctx.FloatAttr(t, math.Inf(-1))
	case *ir.IntegerType:
		switch {
		case t.Width == 1:
			return e.ctx.BoolAttr(false)
		case t.Signedness == ir.Unsigned:
			return e.ctx.IntegerAttr(t, 0)
		case t.Width >= 64:
			return e.ctx.IntegerAttr(t, math.MinInt64)
		}
		return e.ctx.IntegerAttr(t, -1<<(t.Width-1))
	}
	e.fail("no lowest value of %s", elem)
	return nil
}

// avg_pool3d(x) -> Σ_kd depth slices of pad_d(avg_pool2d(x with depth in the batch)) / count_d
//
// The divisor is a product of per-dim tap counts, so the H, W average
// (with count_include_pad) times the D count is the 3-D one; with
// divisor_override the H, W window is a sum (windowSum) and the total is
// divided by the override.
func avgPool3d(e *emitter, op *ir.Operation) []*ir.Value {
	k, s, p := e.poolWindow3(op)
	ceil := e.attrBool(op, "ceil_mode")
	include := e.attrBool(op, "count_include_pad")
	divisor := e.attrInt(op, "divisor_override")
	out := shapeOf(op.Result(0))
	od, oh, ow := out[len(out)-3], out[len(out)-2], out[len(out)-1]
	return e.batched5(op, func(x *ir.Value) *ir.Value {
		xs := shapeOf(x)
		x4 := e.depthToBatch(x)
		var y *ir.Value
		if divisor != 0 {
			y = e.windowSum(x4, [2]int64{k[1], k[2]}, [2]int64{s[1], s[2]}, [2]int64{p[1], p[2]}, []int64{oh, ow})
		} else {
			attrs := []ir.NamedAttr{
				kv("kernel", e.ints(k[1], k[2])),
				kv("strides", e.ints(s[1], s[2])),
				kv("padding", e.ints(p[1], p[2], p[1], p[2])),
			}
			if ceil {
				attrs = append(attrs, kv("ceil_mode", e.boolean(true)))
			}
			if include {
				attrs = append(attrs, kv("count_include_pad", e.boolean(true)))
			}
			y = e.op("core.avg_pool2d", nil, attrs, x4)
		}
		y = e.reshape(y, []int64{xs[0], xs[2], xs[1], oh, ow})
		y = e.padDepth(y, p[0], p[0]+ceilExtra(xs[2], k[0], s[0], p[0], 1, od), nil)
		sum := e.depthTaps(y, k[0], s[0], 1, od, e.add) // [N, C, od, Ho, Wo]
		if divisor != 0 {
			return e.div(sum, e.scalar(elemOf(x), float64(divisor)))
		}
		return e.div(sum, e.depthCounts(elemOf(x), xs[2], k[0], s[0], p[0], od, include))
	})
}

// depthCounts is the constant [od, 1, 1] of D-window tap counts: taps in
// the padded depth [−pad, n+pad) with include, else in [0, n); a scalar
// when all agree.
func (e *emitter) depthCounts(elem ir.Type, n, k, stride, pad, od int64, include bool) *ir.Value {
	counts := make([]float64, od)
	for o := range od {
		start := o*stride - pad
		lo, hi := int64(0), n
		if include {
			lo, hi = -pad, n+pad
		}
		counts[o] = float64(max(1, min(start+k, hi)-max(start, lo)))
	}
	if slices.Min(counts) == slices.Max(counts) {
		return e.scalar(elem, counts[0])
	}
	var raw []byte
	for _, c := range counts {
		b, ok := encodeScalar(elem, c)
		if !ok {
			e.fail("cannot make a %s constant", elem)
			return e.scalar(elem, 1)
		}
		raw = append(raw, b...)
	}
	t := e.tensor([]int64{od, 1, 1}, elem).(*ir.RankedTensorType)
	return e.constant(e.ctx.DenseElementsAttr(t, raw))
}
