package trt

import (
	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/ir"
)

// PlaceResidualQDQ applies TensorRT's residual-add placement rule to fn in
// QDQ form: TensorRT fuses an elementwise add into the convolution (or
// matmul) that produces one of its inputs when the other input arrives
// quantized too. For each core.add whose one input is the dequantized
// output of a quantized conv2d or matmul (through float casts) and whose
// other input x is float, x is read through the quantization that the
// function already applies to x (the quant.qcast that feeds x to its
// quantized consumers), so the residual branch is the tensor TensorRT
// stores anyway. Where x is quantized nowhere, the add is left: there is
// no calibrated encoding to give it. It returns the adds changed.
//
// This changes the function's numerics (the residual is now rounded to
// int8 as TensorRT would read it); compare a legalised function with the
// quantized function after this step.
func PlaceResidualQDQ(fn *ir.Operation) int {
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
			if v := requantized(add.Operand(1-i), add); v != nil {
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
// that runs quantized.
func quantizedLayerOutput(v *ir.Value) bool {
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
