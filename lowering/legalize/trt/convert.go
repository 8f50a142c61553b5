package trt

import (
	"fmt"

	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/lowering/quantize"
	"github.com/mlc-go/mlc/lowering/target"
	"github.com/mlc-go/mlc/rewrite/conversion"
)

// PrecisionAttr is the precision quantize assigns each op.
const PrecisionAttr = quantize.PrecisionAttr

// Stats counts what a legalisation did.
type Stats struct {
	Converted, Layers, Commuted, FoldedQDQ int
}

// Legalize converts fn (core + quant in QDQ form) into trt layers for
// target t. It first checks every op with CanLegalize and fails, changing
// nothing, with one diagnostic per op that the target cannot take.
func Legalize(fn *ir.Operation, t *target.Target) (Stats, error) {
	var st Stats
	if err := Check(fn, t); err != nil {
		return st, err
	}
	tc := typeConverter(fn.Ctx())
	ct := conversion.NewTarget().
		AddLegalDialect("trt", "func", "builtin").
		AddIllegalDialect("core", "quant")
	res, err := conversion.ApplyFullConversion(fn, ct, patterns(tc, &st), nil)
	if res != nil {
		st.Converted = res.Rewrites
	}
	if err != nil {
		return st, err
	}
	st.Commuted, st.FoldedQDQ = commute(fn, t)
	return st, nil
}

// Check lists every op of fn that cannot be legalised for t, one
// diagnostic each with the reason (nil when all can).
func Check(fn *ir.Operation, t *target.Target) error {
	var diags []*ir.Diagnostic
	ir.WalkPreOrder(fn, func(o *ir.Operation) ir.WalkResult {
		if ok, why := CanLegalize(o, t); !ok {
			diags = append(diags, ir.Errorf(o.Loc, "'%s' op cannot be legalized for target '%s': %s", o.Name(), t.Name, why))
		}
		return ir.Advance
	})
	if len(diags) > 0 {
		return &conversion.Error{Diags: diags}
	}
	return nil
}

// typeConverter maps quantized tensors to tensors of their storage type
// (what TensorRT's Q/DQ layers produce and take); other types stay.
func typeConverter(ctx *ir.Context) *conversion.TypeConverter {
	return conversion.NewTypeConverter().AddIdentity().AddTypeMapping(func(t ir.Type) ir.Type {
		rt, ok := t.(*ir.RankedTensorType)
		if !ok {
			return nil
		}
		q := quant.ElementType(rt)
		if q == nil {
			return nil
		}
		st, _, _, ok := quant.StorageOf(q)
		if !ok {
			return nil
		}
		return ctx.TensorType(rt.Shape, ctx.IntegerType(st.Width, ir.Signless), nil)
	})
}

func patterns(tc *conversion.TypeConverter, st *Stats) []conversion.Pattern {
	var ps []conversion.Pattern
	consts := map[ir.Attribute]*ir.Value{}
	for i := range Mappings {
		m := &Mappings[i]
		ps = append(ps, &conversion.FuncPattern{
			PatternName: "core-" + m.Core + "-to-trt", RootName: "core." + m.Core, Converter: tc,
			Fn: func(op *ir.Operation, ad *conversion.Adaptor, rw *conversion.Rewriter) error {
				if m.check != nil {
					if why := m.check(op); why != "" {
						return conversion.MatchFailure(why)
					}
				}
				e := &emitter{ctx: op.Ctx(), c: rw, loc: op.Loc, at: op, consts: consts}
				vals, err := m.build(e, op, ad.Operands())
				if err != nil {
					return conversion.MatchFailure(err.Error())
				}
				markPrecision(op, e.made)
				st.Layers += len(e.made)
				rw.ReplaceOp(op, vals)
				return nil
			}})
	}
	for _, q := range []struct {
		name string
		fn   func(e *emitter, op *ir.Operation, ad *conversion.Adaptor) (*ir.Value, error)
	}{{"quant.qcast", qcast}, {"quant.dcast", dcast}, {"quant.scast", scast}, {"quant.requant", requant}} {
		ps = append(ps, &conversion.FuncPattern{
			PatternName: q.name + "-to-trt", RootName: q.name, Converter: tc,
			Fn: func(op *ir.Operation, ad *conversion.Adaptor, rw *conversion.Rewriter) error {
				e := &emitter{ctx: op.Ctx(), c: rw, loc: op.Loc, at: op, consts: consts}
				v, err := q.fn(e, op, ad)
				if err != nil {
					return conversion.MatchFailure(err.Error())
				}
				st.Layers += len(e.made)
				rw.ReplaceOp(op, []*ir.Value{v})
				return nil
			}})
	}
	return ps
}

// markPrecision sets ILayer precision and output type on the layers of
// an op the assignment put in a narrower float type (f16, bf16), so a
// weakly typed build keeps it.
func markPrecision(op *ir.Operation, made []*ir.Operation) {
	p, _ := op.Attr(PrecisionAttr).(*ir.StringAttr)
	if p == nil {
		return
	}
	ctx := op.Ctx()
	kinds := map[string]ir.FloatKind{"f16": ir.F16, "bf16": ir.BF16}
	kind, ok := kinds[p.Value]
	if !ok {
		return
	}
	ft := ctx.FloatType(kind)
	for _, l := range made {
		switch l.Name() {
		case "trt.constant", "trt.quantize", "trt.dequantize", "trt.cast":
			continue
		}
		if l.NumResults() > 0 && ir.ElementTypeOf(l.Result(0).Type()) == ft {
			setProps(l, ir.NamedAttr{Name: "precision", Value: ctx.TypeAttr(ft)}, ir.NamedAttr{Name: "output_type", Value: ctx.TypeAttr(ft)})
		}
	}
}

// toF32 casts a narrower float tensor to f32: TensorRT's Q/DQ scale has
// the float side's type, and quant's arithmetic rounds the scale to f32.
func toF32(e *emitter, v *ir.Value) (*ir.Value, error) {
	if ft, ok := elemOf(v).(*ir.FloatType); ok && ft.Kind != ir.F32 {
		return e.value("cast", []*ir.Value{v}, e.typ("to_type", e.ctx.F32()))
	}
	return v, nil
}

func fromF32(e *emitter, v *ir.Value, want ir.Type) (*ir.Value, error) {
	if want != elemOf(v) {
		return e.value("cast", []*ir.Value{v}, e.typ("to_type", want))
	}
	return v, nil
}

// quantizeLayer is trt.quantize of a float tensor with a per-tensor scale.
func quantizeLayer(e *emitter, x *ir.Value, scale float64, storage ir.Type) (*ir.Value, error) {
	x, err := toF32(e, x)
	if err != nil {
		return nil, err
	}
	s := e.floats(e.ctx.F32(), nil, []float64{scale})
	rt := e.ctx.TensorType(shapeOf(x), storage, nil)
	return e.create("trt.quantize", []*ir.Value{x, s}, []ir.Type{rt}, nil).Result(0), nil
}

func qcast(e *emitter, op *ir.Operation, ad *conversion.Adaptor) (*ir.Value, error) {
	q, ok := quant.ElementType(op.Result(0).Type()).(*quant.UniformType)
	if !ok {
		return nil, fmt.Errorf("TensorRT quantizes activations per tensor")
	}
	return quantizeLayer(e, ad.Operand(0), q.Scale, e.ctx.I(q.Storage.Width))
}

func requant(e *emitter, op *ir.Operation, ad *conversion.Adaptor) (*ir.Value, error) {
	in, ok1 := quant.ElementType(op.Operand(0).Type()).(*quant.UniformType)
	out, ok2 := quant.ElementType(op.Result(0).Type()).(*quant.UniformType)
	if !ok1 || !ok2 {
		return nil, fmt.Errorf("requantizes per tensor only")
	}
	x := ad.Operand(0)
	s := e.floats(e.ctx.F32(), nil, []float64{in.Scale})
	rt := e.ctx.TensorType(shapeOf(x), e.ctx.F32(), nil)
	d := e.create("trt.dequantize", []*ir.Value{x, s}, []ir.Type{rt}, nil).Result(0)
	r, err := fromF32(e, d, in.Expressed)
	if err != nil {
		return nil, err
	}
	return quantizeLayer(e, r, out.Scale, e.ctx.I(out.Storage.Width))
}

// scast: the stored integers are the converted value itself.
func scast(e *emitter, op *ir.Operation, ad *conversion.Adaptor) (*ir.Value, error) {
	return ad.Operand(0), nil
}

// dcast is trt.dequantize in f32 (then a cast to a narrower result type).
// Per-channel weights quantized along an axis other than 0 (a matmul's
// [K, N] weight, per output column) are stored transposed so the channel
// axis is 0, as IDequantizeLayer requires, and shuffled back.
func dcast(e *emitter, op *ir.Operation, ad *conversion.Adaptor) (*ir.Value, error) {
	x := ad.Operand(0)
	want := ir.ElementTypeOf(op.Result(0).Type())
	f32 := e.ctx.F32()
	switch q := quant.ElementType(op.Operand(0).Type()).(type) {
	case *quant.UniformType:
		s := e.floats(f32, nil, []float64{q.Scale})
		d := e.create("trt.dequantize", []*ir.Value{x, s}, []ir.Type{e.ctx.TensorType(shapeOf(x), f32, nil)}, nil).Result(0)
		return fromF32(e, d, want)
	case *quant.UniformPerAxisType:
		shape := shapeOf(x)
		var perm []int64
		if q.Axis != 0 {
			c := x.DefiningOp()
			if c == nil || c.Name() != "trt.constant" {
				return nil, fmt.Errorf("per-channel weights must be a constant")
			}
			perm = axisFirst(len(shape), q.Axis)
			w, err := permuteWeights(e.ctx, c.InherentAttr("weights"), perm)
			if err != nil {
				return nil, err
			}
			x = e.constant(w)
			shape = shapeOf(x)
		}
		s := e.floats(f32, []int64{int64(len(q.Scales))}, q.Scales)
		d := e.create("trt.dequantize", []*ir.Value{x, s}, []ir.Type{e.ctx.TensorType(shape, f32, nil)},
			[]ir.NamedAttr{e.i64("axis", 0)}).Result(0)
		if perm != nil {
			var err error
			if d, err = e.value("shuffle", []*ir.Value{d}, e.dims("first_transpose", inverse(perm))); err != nil {
				return nil, err
			}
		}
		return fromF32(e, d, want)
	}
	return nil, fmt.Errorf("not a uniform encoding")
}

// axisFirst is the permutation that moves axis to the front.
func axisFirst(rank, axis int) []int64 {
	perm := []int64{int64(axis)}
	for i := range rank {
		if i != axis {
			perm = append(perm, int64(i))
		}
	}
	return perm
}

func inverse(perm []int64) []int64 {
	out := make([]int64, len(perm))
	for i, p := range perm {
		out[p] = int64(i)
	}
	return out
}

// permuteWeights transposes dense weights: result dim i is input dim perm[i].
func permuteWeights(ctx *ir.Context, a ir.Attribute, perm []int64) (ir.Attribute, error) {
	d, ok := a.(*ir.DenseElementsAttr)
	if !ok {
		return nil, fmt.Errorf("per-channel weights along axis %d must be inline dense data to be transposed", perm[0])
	}
	in := d.Type.Dims()
	out := make([]int64, len(in))
	for i, p := range perm {
		out[i] = in[p]
	}
	elem := d.Type.ElementType()
	rt := ctx.TensorType(out, elem, nil)
	if d.Splat {
		return ctx.DenseElementsAttr(rt, d.Raw), nil
	}
	w := ir.ElementByteWidth(elem)
	n := d.NumElements()
	inStride := make([]int64, len(in))
	s := int64(1)
	for i := len(in) - 1; i >= 0; i-- {
		inStride[i] = s
		s *= in[i]
	}
	raw := make([]byte, n*w)
	idx := make([]int64, len(out))
	for k := 0; k < n; k++ {
		src := int64(0)
		for i, p := range perm {
			src += idx[i] * inStride[p]
		}
		copy(raw[k*w:(k+1)*w], d.Raw[src*int64(w):(src+1)*int64(w)])
		for i := len(out) - 1; i >= 0; i-- {
			idx[i]++
			if idx[i] < out[i] {
				break
			}
			idx[i] = 0
		}
	}
	r := ctx.DenseElementsAttr(rt, raw)
	if r == nil {
		return nil, fmt.Errorf("cannot store the transposed weights")
	}
	return r, nil
}
