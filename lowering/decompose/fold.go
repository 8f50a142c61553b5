package decompose

import (
	"math"

	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/ir"
)

// foldBatchNorm: batch_norm(conv2d(x, W, b), mean, var, γ, β) ->
// conv2d(x, W·s, (b − mean)·s + β) with s = γ / √(var + eps) per output
// channel, when W, b and the statistics are constants and the conv has
// no other use. The folded weights are computed in float64 and rounded
// once to the weight's element type, so the result equals the unfolded
// graph up to that rounding.
var foldBatchNorm = &ir.FuncPattern{
	PatternName: "fold-batch-norm-into-conv2d",
	RootName:    "torch.aten.batch_norm",
	PBenefit:    1,
	Fn:          foldBN,
}

func foldBN(bn *ir.Operation, rw ir.Rewriter) bool {
	conv := bn.Operand(0).DefiningOp()
	if conv == nil || conv.Name() != "torch.aten.conv2d" {
		return rw.NotifyMatchFailure(bn, "the input is not a torch.aten.conv2d")
	}
	if !conv.Result(0).HasOneUse() {
		return rw.NotifyMatchFailure(bn, "the convolution has other uses")
	}
	w, wt, ok := constantFloats(conv.Operand(1))
	if !ok || wt.Rank() != 4 || !isFloatElem(wt.Elem) {
		return rw.NotifyMatchFailure(bn, "the convolution's weight is not a constant 4-d float tensor")
	}
	c := wt.Shape[0]
	per := int64(len(w)) / max(c, 1)
	vec := func(i int, def float64) ([]float64, bool) {
		if i >= bn.NumOperands() {
			return filled(c, def), true
		}
		v, t, ok := constantFloats(bn.Operand(i))
		return v, ok && t.Rank() == 1 && t.Shape[0] == c
	}
	bias := filled(c, 0)
	if conv.NumOperands() > 2 {
		var bt *ir.RankedTensorType
		if bias, bt, ok = constantFloats(conv.Operand(2)); !ok || bt.Rank() != 1 || bt.Shape[0] != c {
			return rw.NotifyMatchFailure(bn, "the convolution's bias is not a constant of %d floats", c)
		}
	}
	mean, ok1 := vec(1, 0)
	variance, ok2 := vec(2, 1)
	gamma, ok3 := vec(3, 1)
	beta, ok4 := vec(4, 0)
	if !ok1 || !ok2 || !ok3 || !ok4 {
		return rw.NotifyMatchFailure(bn, "the statistics, weight and bias are not constants of %d floats", c)
	}
	if bn.Result(0).Type() != conv.Result(0).Type() {
		return rw.NotifyMatchFailure(bn, "the result type %s is not the convolution's %s", bn.Result(0).Type(), conv.Result(0).Type())
	}
	epsAttr, ok := ods.AttrOrDefault(bn, "eps").(*ir.FloatAttr)
	if !ok {
		return false
	}
	eps := epsAttr.Value
	nw := make([]float64, len(w))
	nb := make([]float64, c)
	for o := int64(0); o < c; o++ {
		s := gamma[o] / math.Sqrt(variance[o]+eps)
		for j := o * per; j < (o+1)*per; j++ {
			nw[j] = w[j] * s
		}
		nb[o] = (bias[o]-mean[o])*s + beta[o]
	}
	ctx := rw.Context()
	loc := ir.Fuse([]ir.Location{conv.Loc, bn.Loc}, nil)
	rw.SetInsertionPoint(bn)
	newConst := func(vals []float64, t *ir.RankedTensorType, like ir.Attribute) *ir.Value {
		return rw.Create(ir.OperationState{
			Name: "torch.constant", ResultTypes: []ir.Type{t}, Loc: loc,
			Props: ctx.DictionaryAttr([]ir.NamedAttr{kv("value", encodeFloats(ctx, t, vals, like))}),
		}).Result(0)
	}
	nwv := newConst(nw, wt, conv.Operand(1).DefiningOp().InherentAttr("value"))
	nbv := newConst(nb, ctx.TensorType([]int64{c}, wt.Elem, nil), nil)
	var attrs []ir.NamedAttr
	if def := ods.DefOf(conv); def != nil {
		for _, a := range def.Attrs {
			if v := conv.InherentAttr(a.Name); v != nil {
				attrs = append(attrs, kv(a.Name, v))
			}
		}
	}
	st := ir.OperationState{Name: "torch.aten.conv2d", Operands: []*ir.Value{conv.Operand(0), nwv, nbv},
		ResultTypes: []ir.Type{conv.Result(0).Type()}, Loc: loc}
	if len(attrs) > 0 {
		st.Props = ctx.DictionaryAttr(attrs)
	}
	rw.ReplaceOp(bn, rw.Create(st).Results())
	return true
}

func filled(n int64, v float64) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = v
	}
	return out
}

// constantFloats reads the elements of a float constant (torch.constant
// or core.constant with dense or dense_resource data).
func constantFloats(v *ir.Value) ([]float64, *ir.RankedTensorType, bool) {
	def := v.DefiningOp()
	if def == nil || (def.Name() != "torch.constant" && def.Name() != "core.constant") {
		return nil, nil, false
	}
	t, ok := v.Type().(*ir.RankedTensorType)
	if !ok || !t.HasStaticShape() {
		return nil, nil, false
	}
	if !ir.IsFloat(t.Elem) {
		return nil, nil, false
	}
	out, ok := ir.FloatElements(def.InherentAttr("value"))
	if !ok || int64(len(out)) != t.NumElements() {
		return nil, nil, false
	}
	return out, t, true
}

// encodeFloats makes a constant of t from vals: a dense_resource blob
// when the original (like) was one, else inline dense data.
func encodeFloats(ctx *ir.Context, t *ir.RankedTensorType, vals []float64, like ir.Attribute) ir.Attribute {
	k := t.Elem.(*ir.FloatType).Kind
	raw := make([]byte, 0, len(vals)*ir.ElementByteWidth(t.Elem))
	for _, v := range vals {
		raw = ir.EncodeFloat(raw, k, v)
	}
	if r, ok := like.(*ir.DenseResourceAttr); ok && r.Handle != nil {
		blob := ctx.NewResource(r.Handle.Dialect, r.Handle.Key+"_bn_folded", uint32(ir.ElementByteWidth(t.Elem)), raw)
		return ctx.DenseResourceAttr(t, blob)
	}
	return ctx.DenseElementsAttr(t, raw)
}
