package qnn

import (
	"fmt"

	qd "github.com/mlc-go/mlc/dialects/qnn"
	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/lowering/target"
	"github.com/mlc-go/mlc/rewrite"
	"github.com/mlc-go/mlc/rewrite/conversion"
)

// Stats counts what a legalisation did.
type Stats struct {
	Converted  int // conversion patterns applied
	Folded     int // layout rewrites (transposes cancelled, sunk or folded into static data)
	Transposes int // qnn.Transpose ops left
}

// Legalize converts fn, a func.func of core and quant ops (quantize's QDQ
// form, with or without quant-fuse), into qnn ops for t. Every op is first
// checked with CanLegalize; when some cannot be converted, fn is left as
// it was and the error (a *conversion.Error) holds one diagnostic per such
// op, at its location, with the rule that rejected it.
func Legalize(fn *ir.Operation, t *target.Target) (Stats, error) {
	var st Stats
	var diags []*ir.Diagnostic
	ir.WalkPreOrder(fn, func(o *ir.Operation) ir.WalkResult {
		if o == fn {
			return ir.Advance
		}
		if r := whyNot(o, t); r != "" {
			diags = append(diags, ir.Errorf(o.Loc, "'%s' op cannot be legalized for target '%s': %s", o.Name(), t.Name, r))
		}
		return ir.Advance
	})
	if len(diags) > 0 {
		return st, &conversion.Error{Diags: diags}
	}
	ctx := fn.Ctx()
	if fn.NumRegions() == 0 || fn.Region(0).Empty() {
		return st, nil
	}
	body := fn.Region(0).Front()
	if err := convertArgs(ctx, body); err != nil {
		return st, ir.Errorf(fn.Loc, "%v", err)
	}
	normalize(body)
	res, err := conversion.ApplyFullConversion(fn, conversionTarget(), patterns(ctx), nil)
	if res != nil {
		st.Converted = res.Rewrites
	}
	if err != nil {
		return st, err
	}
	gs, err := rewrite.ApplyPatternsGreedily(fn, layoutPatterns(), false,
		rewrite.GreedyConfig{TopDown: true, DisableFold: true, MaxIterations: 64})
	st.Folded = gs.Rewrites
	if err != nil {
		return st, ir.Errorf(fn.Loc, "%v", err)
	}
	eraseDead(body)
	ir.WalkPreOrder(fn, func(o *ir.Operation) ir.WalkResult {
		if o.Name() == "qnn.Transpose" {
			st.Transposes++
		}
		return ir.Advance
	})
	return st, updateSignature(ctx, fn, body)
}

// convertArgs gives quantized function arguments their !qnn.tensor types
// (the stored integers are the same).
func convertArgs(ctx *ir.Context, body *ir.Block) error {
	for _, a := range body.Args() {
		if quant.ElementType(a.Type()) == nil {
			continue
		}
		t, err := qnnTensor(ctx, a.Type())
		if err != nil {
			return fmt.Errorf("argument #%d: %v", a.ArgNumber(), err)
		}
		a.SetType(t)
	}
	return nil
}

// updateSignature writes the converted argument and result types into
// function_type.
func updateSignature(ctx *ir.Context, fn *ir.Operation, body *ir.Block) error {
	ft, ok := fn.InherentAttr("function_type").(*ir.TypeAttr)
	if !ok {
		return nil
	}
	old, ok := ft.Type.(*ir.FunctionType)
	if !ok {
		return nil
	}
	ins := make([]ir.Type, body.NumArgs())
	for i, a := range body.Args() {
		ins[i] = a.Type()
	}
	outs := old.Results
	if ret := body.Last(); ret != nil && ret.Name() == "func.return" {
		outs = ret.OperandTypes()
	}
	ty := ctx.TypeAttr(ctx.FunctionType(ins, outs))
	if fn.Props == nil || fn.Props.Get("function_type") == nil {
		fn.SetAttr("function_type", ty)
		return nil
	}
	entries := append([]ir.NamedAttr(nil), fn.Props.Entries...)
	for i := range entries {
		if entries[i].Name == "function_type" {
			entries[i].Value = ty
		}
	}
	fn.Props = ctx.DictionaryAttr(entries)
	return nil
}

// normalize turns the QDQ form into ops on quantized types, as quant-fuse
// does for conv2d, matmul and add, for every core op: OP(dcast a, ...)
// whose only reader is a qcast becomes OP(a, ...) of the qcast's type;
// qcast(dcast x) becomes quant.requant (or x). The quantized ops then
// convert one to one.
func normalize(body *ir.Block) {
	gone := map[*ir.Operation]bool{}
	for _, op := range body.Ops() {
		if gone[op] {
			continue
		}
		switch {
		case op.Name() == "quant.qcast":
			d := op.Operand(0).DefiningOp()
			if d == nil || d.Name() != "quant.dcast" {
				continue
			}
			x := d.Operand(0)
			if x.Type() != op.Result(0).Type() {
				b := ir.NewBuilder(op.Ctx())
				b.SetInsertionPoint(op)
				x = b.Create(ir.OperationState{Name: "quant.requant", Operands: []*ir.Value{x}, ResultTypes: []ir.Type{op.Result(0).Type()}, Loc: op.Loc}).Result(0)
			}
			op.Result(0).ReplaceAllUsesWith(x)
			op.Erase()
		case op.Dialect() == "core" && op.Name() != "core.constant" && op.NumResults() == 1:
			r := op.Result(0)
			if !r.HasOneUse() || r.Users()[0].Name() != "quant.qcast" || quant.ElementType(r.Type()) != nil {
				continue
			}
			ok := true
			for _, v := range op.Operands() {
				if _, isFloat := ir.ElementTypeOf(v.Type()).(*ir.FloatType); isFloat {
					d := v.DefiningOp()
					ok = ok && d != nil && d.Name() == "quant.dcast"
				}
			}
			if !ok {
				continue
			}
			for i, v := range op.Operands() {
				if d := v.DefiningOp(); d != nil && d.Name() == "quant.dcast" {
					op.SetOperand(i, d.Operand(0))
				}
			}
			q := r.Users()[0]
			r.SetType(q.Result(0).Type())
			q.Result(0).ReplaceAllUsesWith(r)
			gone[q] = true
			q.Erase()
		}
	}
	eraseDead(body)
}

// eraseDead erases side-effect-free ops whose results nothing reads,
// last to first so chains go in one sweep.
func eraseDead(body *ir.Block) {
	for op := body.Last(); op != nil; {
		prev := op.Prev()
		if op.NumResults() > 0 && op.UseEmpty() && (op.HasTrait(ir.Pure) || op.Dialect() == "quant" || op.Name() == "core.constant") {
			op.Erase()
		}
		op = prev
	}
}

func conversionTarget() *conversion.Target {
	legalTypes := func(o *ir.Operation) bool {
		for _, v := range o.Operands() {
			if quant.ElementType(v.Type()) != nil {
				return false
			}
		}
		return true
	}
	return conversion.NewTarget().AddLegalDialect("qnn").AddIllegalDialect("core", "quant").
		AddLegalOp("func.func").AddDynamicallyLegalOp(legalTypes, "func.return")
}

func typeConverter(ctx *ir.Context) *conversion.TypeConverter {
	return conversion.NewTypeConverter().AddIdentity().AddTypeMapping(func(t ir.Type) ir.Type {
		if quant.ElementType(t) == nil {
			return nil
		}
		q, err := qnnTensor(ctx, t)
		if err != nil {
			return nil
		}
		return q
	})
}

// patterns are the conversion patterns: one per row of table, and those
// of the quant ops, constants and func.return.
func patterns(ctx *ir.Context) []conversion.Pattern {
	tc := typeConverter(ctx)
	var ps []conversion.Pattern
	for i := range table {
		m := &table[i]
		ps = append(ps, &conversion.FuncPattern{PatternName: "qnn-" + m.Core[len("core."):], RootName: m.Core, Converter: tc,
			Fn: func(op *ir.Operation, ad *conversion.Adaptor, rw *conversion.Rewriter) error {
				res, ok := tc.ConvertTypeTo1(op.Result(0).Type())
				if !ok {
					return conversion.MatchFailuref("result type %s has no QNN form", op.Result(0).Type())
				}
				if m.check != nil {
					if r := m.check(op); r != "" {
						return conversion.MatchFailure(r)
					}
				}
				v, err := m.emit(&builder{ctx: ctx, rw: rw, loc: op.Loc}, op, ad.Operands(), res)
				if err != nil {
					return conversion.MatchFailure(err.Error())
				}
				rw.ReplaceOp(op, []*ir.Value{v})
				return nil
			}})
	}
	one := func(name, root string, fn func(b *builder, op *ir.Operation, in *ir.Value, res ir.Type) (*ir.Value, error)) conversion.Pattern {
		return &conversion.FuncPattern{PatternName: name, RootName: root, Converter: tc,
			Fn: func(op *ir.Operation, ad *conversion.Adaptor, rw *conversion.Rewriter) error {
				res, ok := tc.ConvertTypeTo1(op.Result(0).Type())
				if !ok {
					return conversion.MatchFailuref("result type %s has no QNN form", op.Result(0).Type())
				}
				var in *ir.Value
				if op.NumOperands() > 0 {
					in = ad.Operand(0)
				}
				v, err := fn(&builder{ctx: ctx, rw: rw, loc: op.Loc}, op, in, res)
				if err != nil {
					return conversion.MatchFailure(err.Error())
				}
				rw.ReplaceOp(op, []*ir.Value{v})
				return nil
			}}
	}
	ps = append(ps,
		// core.constant -> StaticTensor of the same builtin type.
		one("qnn-constant", "core.constant", func(b *builder, op *ir.Operation, _ *ir.Value, res ir.Type) (*ir.Value, error) {
			return b.static(op.InherentAttr("value"), res), nil
		}),
		// scast(constant) -> StaticTensor of the stored integers.
		one("qnn-scast", "quant.scast", func(b *builder, op *ir.Operation, in *ir.Value, res ir.Type) (*ir.Value, error) {
			val := staticValue(in)
			if val == nil || !qd.IsQuantized(res) {
				return nil, fmt.Errorf("only constant data converts to a static tensor")
			}
			return b.static(val, res), nil
		}),
		// qcast(constant) -> StaticTensor of the quantized data; else Quantize.
		one("qnn-qcast", "quant.qcast", func(b *builder, op *ir.Operation, in *ir.Value, res ir.Type) (*ir.Value, error) {
			if val := staticValue(in); val != nil {
				stored, err := quantizeConstant(b.ctx, val, op.Result(0).Type())
				if err != nil {
					return nil, err
				}
				return b.static(stored, res), nil
			}
			return b.op("Quantize", []*ir.Value{in}, nil, res), nil
		}),
		one("qnn-dcast", "quant.dcast", func(b *builder, _ *ir.Operation, in *ir.Value, res ir.Type) (*ir.Value, error) {
			return b.op("Dequantize", []*ir.Value{in}, nil, res), nil
		}),
		one("qnn-requant", "quant.requant", func(b *builder, _ *ir.Operation, in *ir.Value, res ir.Type) (*ir.Value, error) {
			return b.op("Convert", []*ir.Value{in}, nil, res), nil
		}),
		&conversion.FuncPattern{PatternName: "qnn-return", RootName: "func.return", Converter: tc,
			Fn: func(op *ir.Operation, ad *conversion.Adaptor, rw *conversion.Rewriter) error {
				vals := ad.Operands()
				rw.ModifyInPlace(op, func() { op.SetOperands(vals) })
				return nil
			}},
	)
	return ps
}

// static creates a qnn.StaticTensor holding val.
func (b *builder) static(val ir.Attribute, res ir.Type) *ir.Value {
	return b.rw.Create(ir.OperationState{Name: "qnn.StaticTensor", ResultTypes: []ir.Type{res}, Loc: b.loc,
		Props: b.ctx.DictionaryAttr([]ir.NamedAttr{{Name: "value", Value: val}})}).Result(0)
}

// staticValue is the data of a value a qnn.StaticTensor defines, or nil.
func staticValue(v *ir.Value) ir.Attribute {
	if v == nil {
		return nil
	}
	d := v.DefiningOp()
	if d == nil || d.Name() != "qnn.StaticTensor" {
		return nil
	}
	return d.InherentAttr("value")
}

// denseOf reads a dense or dense_resource value as dense elements.
func denseOf(ctx *ir.Context, val ir.Attribute) (*ir.DenseElementsAttr, bool) {
	switch a := val.(type) {
	case *ir.DenseElementsAttr:
		return a, true
	case *ir.DenseResourceAttr:
		st, ok := a.Type.(ir.StaticShaped)
		if !ok || a.Handle == nil || a.Handle.Data == nil {
			return nil, false
		}
		d := ctx.DenseElementsAttr(st, a.Handle.Data)
		return d, d != nil
	}
	return nil, false
}

// quantizeConstant is what quant.qcast computes for constant float data,
// as stored integers.
func quantizeConstant(ctx *ir.Context, val ir.Attribute, t ir.Type) (ir.Attribute, error) {
	d, ok := denseOf(ctx, val)
	if !ok {
		return nil, fmt.Errorf("cannot read the constant's data")
	}
	rt, ok := t.(*ir.RankedTensorType)
	if !ok {
		return nil, fmt.Errorf("%s is not a ranked tensor", t)
	}
	return quant.QuantizeElements(ctx, d, rt)
}
