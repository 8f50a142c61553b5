package trt

import (
	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/lowering/quantize"
	"github.com/mlc-go/mlc/lowering/target"
)

// PlaceResidualQDQ applies TensorRT's residual-add placement rule to fn in
// QDQ form: TensorRT fuses an elementwise add into the convolution (or
// matmul) that produces one of its inputs when the other input arrives
// quantized too. For each core.add whose one input is the dequantized
// output of a quantized conv2d or matmul (through float casts and a bias
// add) and whose other input x is float, x is read
// through the quantization that the function already applies to x (the
// quant.qcast that feeds x to its quantized consumers), so the residual
// branch is the tensor TensorRT stores anyway. Where x is quantized
// nowhere and t is not nil, x gets a new encoding from its calibrated
// range (mlc.calib) under t's per-tensor activation rule; otherwise the
// add is left. It returns the adds changed.
//
// This changes the function's numerics (the residual is now rounded to
// int8 as TensorRT would read it); compare a legalised function with the
// quantized function after this step.
func PlaceResidualQDQ(fn *ir.Operation, t *target.Target) int {
	var adds []*ir.Operation
	ir.WalkPreOrder(fn, func(o *ir.Operation) ir.WalkResult {
		if o.Name() == "core.add" {
			adds = append(adds, o)
		}
		return ir.Advance
	})
	n := 0
	for _, add := range adds {
		for i := 0; i < 2; i++ {
			if !quantizedLayerOutput(add.Operand(i)) || quantizedValue(add.Operand(1-i)) {
				continue
			}
			v := requantized(add.Operand(1-i), add)
			if v == nil && t != nil {
				v = newEncoding(fn, add.Operand(1-i), add, t)
			}
			if v != nil {
				add.SetOperand(1-i, v)
				n++
				break
			}
		}
	}
	return n
}

// throughCasts skips float-to-float core.cast ops back to their source.
func throughCasts(v *ir.Value) *ir.Value {
	for {
		d := v.DefiningOp()
		if d == nil || d.Name() != "core.cast" || !ir.IsFloat(ir.ElementTypeOf(d.Operand(0).Type())) {
			return v
		}
		v = d.Operand(0)
	}
}

// quantizedValue: v is (a float cast of) a quant.dcast result.
func quantizedValue(v *ir.Value) bool {
	d := throughCasts(v).DefiningOp()
	return d != nil && d.Name() == "quant.dcast"
}

// quantizedLayerOutput: v is the dequantized output of a conv2d or matmul
// that runs quantized, possibly after float casts and a bias add (an add
// of a constant), which TensorRT fuses with it.
func quantizedLayerOutput(v *ir.Value) bool {
	for {
		d := throughCasts(v).DefiningOp()
		if d == nil {
			return false
		}
		if d.Name() == "core.add" {
			if c := constantOperand(d); c >= 0 {
				v = d.Operand(1 - c)
				continue
			}
		}
		break
	}
	d := throughCasts(v).DefiningOp()
	if d == nil || d.Name() != "quant.dcast" {
		return false
	}
	q := d.Operand(0).DefiningOp()
	if q == nil || q.Name() != "quant.qcast" {
		return false
	}
	l := q.Operand(0).DefiningOp()
	return l != nil && (l.Name() == "core.conv2d" || l.Name() == "core.matmul")
}

// requantized finds a per-tensor quant.qcast of x (or of a float cast of
// x, or of x's own cast source) that dominates user, and returns its
// dequantized value in x's type, made right before user.
func requantized(x *ir.Value, user *ir.Operation) *ir.Value {
	src := throughCasts(x)
	cands := []*ir.Value{src}
	for _, u := range src.Users() {
		if u.Name() == "core.cast" && ir.IsFloat(ir.ElementTypeOf(u.Result(0).Type())) {
			cands = append(cands, u.Result(0))
		}
	}
	for _, c := range cands {
		for _, u := range c.Users() {
			if u.Name() != "quant.qcast" || u.Block() != user.Block() || !u.IsBeforeInBlock(user) {
				continue
			}
			if _, ok := quant.ElementType(u.Result(0).Type()).(*quant.UniformType); !ok {
				continue
			}
			b := ir.NewBuilder(user.Ctx())
			b.SetInsertionPoint(user)
			b.Loc = user.Loc
			d := b.Create(ir.OperationState{Name: "quant.dcast", Operands: []*ir.Value{u.Result(0)}, ResultTypes: []ir.Type{c.Type()}}).Result(0)
			if d.Type() != x.Type() {
				d = b.Create(ir.OperationState{Name: "core.cast", Operands: []*ir.Value{d}, ResultTypes: []ir.Type{x.Type()}}).Result(0)
			}
			return d
		}
	}
	return nil
}

// constantOperand is the index of add's operand that is (a cast of) a
// core.constant, or -1.
func constantOperand(add *ir.Operation) int {
	for i := 0; i < 2; i++ {
		if d := throughCasts(add.Operand(i)).DefiningOp(); d != nil && d.Name() == "core.constant" {
			return i
		}
	}
	return -1
}

// newEncoding quantizes x for user with t's per-tensor int8 activation
// rule and x's calibrated range: qcast and dcast in f32 (x is cast to f32
// and back when narrower), right before user. Nil when x has no range or
// t has no such rule.
func newEncoding(fn *ir.Operation, x *ir.Value, user *ir.Operation, t *target.Target) *ir.Value {
	src := throughCasts(x)
	if d := src.DefiningOp(); d != nil && d.Name() == "core.constant" {
		return nil
	}
	lo, hi, err := quantize.CalibratedRange(fn, src, user)
	if err != nil {
		return nil
	}
	ctx := fn.Ctx()
	for _, r := range t.QuantRules("activation") {
		if r.Storage != "i8" || r.Granularity != "per-tensor" || !r.Symmetric {
			continue
		}
		scale, zp := quantize.Params(&r, lo, hi)
		qmin, qmax := quantize.StoredRange(&r)
		q, err := quant.NewUniform(ctx, ctx.I(8), qmin, qmax, ctx.F32(), scale, zp)
		if err != nil {
			return nil
		}
		b := ir.NewBuilder(ctx)
		b.SetInsertionPoint(user)
		b.Loc = user.Loc
		rt := x.Type().(*ir.RankedTensorType)
		f := x
		f32 := ctx.TensorType(rt.Shape, ctx.F32(), nil)
		if rt.Elem != ctx.F32() {
			f = b.Create(ir.OperationState{Name: "core.cast", Operands: []*ir.Value{x}, ResultTypes: []ir.Type{f32}}).Result(0)
		}
		qc := b.Create(ir.OperationState{Name: "quant.qcast", Operands: []*ir.Value{f}, ResultTypes: []ir.Type{ctx.TensorType(rt.Shape, q, nil)}})
		d := b.Create(ir.OperationState{Name: "quant.dcast", Operands: []*ir.Value{qc.Result(0)}, ResultTypes: []ir.Type{f32}}).Result(0)
		if rt.Elem != ctx.F32() {
			d = b.Create(ir.OperationState{Name: "core.cast", Operands: []*ir.Value{d}, ResultTypes: []ir.Type{x.Type()}}).Result(0)
		}
		return d
	}
	return nil
}
