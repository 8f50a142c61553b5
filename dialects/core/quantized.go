package core

import (
	"fmt"
	"math"

	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/dialects/qbehavior"
	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/ir"
)

// Quantized forms of the arithmetic ops (conv2d, matmul, add): operands and
// result of !quant.uniform element types, computed on stored integers by
// the interpreter. The rules come from the op's quantization behaviour
// (dialects/qbehavior): a PerChannelOperand may be quantized per axis along
// its channel axis, and an Int32Accumulator op's operands after the two
// contracted ones (the bias) are f32 or i32 with scale input × weight and
// zero point 0. The result's scale is a choice, not a consequence, so
// Infer leaves the result type to verifyQuantized.

func isUniformElem(t ir.Type) bool {
	switch t.(type) {
	case *quant.UniformType, *quant.UniformPerAxisType:
		return true
	}
	return false
}

// QNumElem is NumElem or a uniform quantized type. Its name is NumElem's,
// so the messages for other element types read as before.
var QNumElem = ods.Elem{Name: NumElem.Name, Match: func(t ir.Type) bool {
	return NumElem.Match(t) || isUniformElem(t)
}}

var qnumT = Static(QNumElem)

const quantDoc = "\n\nQuantized form: with `!quant.uniform` element types the op computes on stored " +
	"integers as ONNX Runtime's QLinear kernels do (see the interpreter's docs); operands and result " +
	"are all quantized (a bias may be f32), each with its own scale and zero point."

func elemOf(t ir.Type) ir.Type { return ir.ElementTypeOf(t) }

// anyQuantized reports whether an operand type has a quantized element.
func anyQuantized(ts []ir.Type) bool {
	for _, t := range ts {
		if quant.ElementType(t) != nil {
			return true
		}
	}
	return false
}

// quantAware wraps an op's float/int inference: operands with quantized
// elements are inferred as tensors of their expressed type (shapes and
// attributes checked by the same code), and the result type is left to
// verifyQuantized.
func quantAware(infer ods.InferFunc) ods.InferFunc {
	return func(ctx *ir.Context, operands []ir.Type, attrs ods.AttrGetter) ([]ir.Type, error) {
		if !anyQuantized(operands) {
			return infer(ctx, operands, attrs)
		}
		if _, err := expressedOperands(ctx, operands); err != nil {
			return nil, err
		}
		return []ir.Type{nil}, nil
	}
}

// expressedOperands maps quantized operand types to tensors of their
// expressed type; it rejects mixing float and quantized contracted
// operands.
func expressedOperands(ctx *ir.Context, operands []ir.Type) ([]ir.Type, error) {
	out := make([]ir.Type, len(operands))
	for i, t := range operands {
		rt, ok := t.(*ir.RankedTensorType)
		if !ok {
			out[i] = t
			continue
		}
		q := quant.ElementType(t)
		if q == nil {
			out[i] = t
			continue
		}
		if q.ExpressedType() == nil {
			return nil, fmt.Errorf("expects operand #%d to have an expressed type, got '%s'", i, q)
		}
		out[i] = ctx.TensorType(rt.Shape, q.ExpressedType(), nil)
	}
	return out, nil
}

// quantFold skips folding quantized operands: fold works on real values.
func quantFold(fold ods.FoldFunc) ods.FoldFunc {
	return func(op *ir.Operation, operands []ir.Attribute) []ir.Attribute {
		if anyQuantized(op.OperandTypes()) || quant.ElementType(op.Result(0).Type()) != nil {
			return nil
		}
		return fold(op, operands)
	}
}

// biasOnlyQuantized: an op whose optional bias (operand 2) exists only in
// its quantized form, where the int32 accumulator takes it before
// requantization; the float form has core.add for that.
func biasOnlyQuantized(op *ods.OpDef) {
	verify := op.Verify
	op.Verify = func(o *ir.Operation) error {
		if o.NumOperands() > 2 && !anyQuantized(o.OperandTypes()) {
			return fmt.Errorf("expects no bias in the float form (a bias is added with core.add)")
		}
		return verify(o)
	}
}

// quantized gives op its quantized form: the constraint, inference,
// verifier and folder wrappers above, then each of extra's changes.
func quantized(op *ods.OpDef, extra ...func(*ods.OpDef)) *ods.OpDef {
	infer := op.Infer
	for i := range op.Operands {
		op.Operands[i].Type = qnumT
	}
	op.Results[0].Type = qnumT
	op.Infer = quantAware(infer)
	op.Verify = verifyQuantized(infer)
	quantInner["core."+op.Name] = infer
	if op.Fold != nil {
		op.Fold = quantFold(op.Fold)
	}
	op.Description += quantDoc
	for _, f := range extra {
		f(op)
	}
	return op
}

// sameScale lets an op that only selects among its input's values take a
// quantized element type; the result keeps it (Infer gives the result
// the input's element type), so it runs on the stored integers exactly.
func sameScale(op *ods.OpDef) *ods.OpDef {
	op.Operands[0].Type = qnumT
	op.Results[0].Type = qnumT
	op.Description += "\n\nQuantized form: with a `!quant.uniform` element type the op selects among the " +
		"stored integers; the result has the input's type (scale and zero point)."
	return op
}

// verifyQuantized checks the quantized form of conv2d, matmul and add;
// ops without quantized types pass through.
func verifyQuantized(infer ods.InferFunc) func(op *ir.Operation) error {
	return func(op *ir.Operation) error {
		b, _ := qbehavior.OfOp(op)
		return checkQuantized(op.Ctx(), infer, b, op.OperandTypes(), op.Result(0).Type(),
			func(n string) ir.Attribute { return ods.AttrOrDefault(op, n) })
	}
}

// CheckQuantized says whether core op name (conv2d, matmul, add) accepts
// the operand types, result type and attributes (defaults applied by
// attrs) of its quantized form, with the verifier's message if not, so a
// pass can test a rewrite before making it.
func CheckQuantized(ctx *ir.Context, name string, operands []ir.Type, result ir.Type, attrs ods.AttrGetter) error {
	info := ctx.LookupOp(name)
	if info == nil {
		return fmt.Errorf("'%s' is not registered", name)
	}
	var def *ods.OpDef
	for _, o := range Dialect.Ops {
		if "core."+o.Name == name {
			def = o
		}
	}
	if def == nil || def.Verify == nil {
		return fmt.Errorf("'%s' has no quantized form", name)
	}
	for i, o := range def.Operands {
		if i < len(operands) && !o.Type.Match(operands[i]) {
			return fmt.Errorf("operand #%d must be %s, but got '%s'", i, o.Type.Name, operands[i])
		}
	}
	b, _ := qbehavior.Of(info)
	return checkQuantized(ctx, quantInner[name], b, operands, result, attrs)
}

// quantInner is the float/int inference of each op with a quantized form.
var quantInner = map[string]ods.InferFunc{}

func checkQuantized(ctx *ir.Context, infer ods.InferFunc, b *qbehavior.Behavior, operands []ir.Type, res ir.Type, attrs ods.AttrGetter) error {
	rq := quant.ElementType(res)
	if !anyQuantized(operands) {
		if rq != nil {
			return fmt.Errorf("expects quantized operands for the quantized result '%s'", rq)
		}
		return nil
	}
	contracted := 2 // operands that must be quantized; the rest is bias
	if !b.Has(qbehavior.Int32Accumulator) {
		contracted = len(operands)
	}
	if b.Has(qbehavior.FloatCompute) {
		contracted = min(b.Data, len(operands)) // the rest are float parameters
	}
	first := 0
	for quant.ElementType(operands[first]) == nil {
		first++
	}
	var expressed *ir.FloatType
	for i, t := range operands {
		q := quant.ElementType(t)
		if i >= contracted {
			continue
		}
		if q == nil {
			return fmt.Errorf("expects operand #%d to be quantized like operand #%d, got '%s'", i, first, elemOf(t))
		}
		if expressed == nil {
			expressed = q.ExpressedType()
		} else if q.ExpressedType() != expressed {
			return fmt.Errorf("expects quantized operands of one expressed type, got '%s' and '%s'", expressed, q.ExpressedType())
		}
		if err := checkStorage(i, q); err != nil {
			return err
		}
		if pa, ok := q.(*quant.UniformPerAxisType); ok {
			axis, ok := b.PerChannelAxis(i)
			rank := t.(*ir.RankedTensorType).Rank()
			if axis < 0 {
				axis += rank
			}
			if !ok || pa.Axis != axis {
				return fmt.Errorf("expects operand #%d to be quantized per tensor%s, got '%s'", i, axisNote(ok, axis), q)
			}
			if d := t.(*ir.RankedTensorType).Shape[axis]; int64(pa.NumChannels()) != d {
				return fmt.Errorf("expects operand #%d to have %d scales (dimension %d), got %d", i, d, axis, pa.NumChannels())
			}
		}
	}
	// The shapes, as the float form checks them.
	ex, err := expressedOperands(ctx, operands)
	if err != nil {
		return err
	}
	shapeT, err := infer(ctx, ex, attrs)
	if err != nil {
		return err
	}
	ru, ok := rq.(*quant.UniformType)
	if !ok {
		return fmt.Errorf("expects a result quantized per tensor, got '%s'", elemOf(res))
	}
	if ru.Expressed != expressed {
		return fmt.Errorf("expects the result's expressed type '%s', got '%s'", expressed, ru.Expressed)
	}
	if err := checkStorage(-1, ru); err != nil {
		return err
	}
	want := ctx.TensorType(shapeT[0].(*ir.RankedTensorType).Shape, ru, nil)
	if want != res {
		return fmt.Errorf("inferred type(s) '%s' are incompatible with return type(s) of operation '%s'", want, res)
	}
	if b.Has(qbehavior.FloatCompute) {
		for i := contracted; i < len(operands); i++ {
			if q := quant.ElementType(operands[i]); q != nil && q.ExpressedType() == expressed {
				continue // a parameter the target takes as stored integers
			}
			if elemOf(operands[i]) != ir.Type(expressed) {
				return fmt.Errorf("expects operand #%d to be '%s' or quantized with that expressed type, got '%s'", i, expressed, elemOf(operands[i]))
			}
		}
	}
	if b.Has(qbehavior.Int32Accumulator) {
		for i := contracted; i < len(operands); i++ {
			if err := checkBias(i, operands[0], operands[1], operands[i], expressed); err != nil {
				return err
			}
		}
	}
	return nil
}

func axisNote(ok bool, axis int) string {
	if ok {
		return fmt.Sprintf(" or per axis %d", axis)
	}
	return ""
}

// checkStorage: 8- or 16-bit stored integers, as the integer kernels take.
func checkStorage(i int, q quant.QuantizedType) error {
	st, _, _, _ := quant.StorageOf(q)
	if st != nil && (st.Width == 8 || st.Width == 16) {
		return nil
	}
	what := "the result"
	if i >= 0 {
		what = fmt.Sprintf("operand #%d", i)
	}
	return fmt.Errorf("expects %s to have 8- or 16-bit storage, got '%s'", what, q)
}

// checkBias: an f32 bias of the expressed type, or i32 stored integers
// with scale input scale × weight scale (per weight channel) and zero
// point 0, as ONNX QLinearConv's bias.
func checkBias(i int, in, w, bias ir.Type, expressed *ir.FloatType) error {
	bq := quant.ElementType(bias)
	if bq == nil {
		if elemOf(bias) != ir.Type(expressed) {
			return fmt.Errorf("expects operand #%d (bias) to be '%s' or quantized i32, got '%s'", i, expressed, elemOf(bias))
		}
		return nil
	}
	st, _, _, _ := quant.StorageOf(bq)
	if st == nil || st.Width != 32 || st.Signedness == ir.Unsigned {
		return fmt.Errorf("expects operand #%d (bias) to have i32 storage, got '%s'", i, bq)
	}
	sIn := quant.ElementType(in).(*quant.UniformType)
	var wScales []float64
	switch wq := quant.ElementType(w).(type) {
	case *quant.UniformType:
		wScales = []float64{wq.Scale}
	case *quant.UniformPerAxisType:
		wScales = wq.Scales
	}
	var bScales []float64
	var bZeros []int64
	switch b := bq.(type) {
	case *quant.UniformType:
		bScales, bZeros = []float64{b.Scale}, []int64{b.ZeroPoint}
	case *quant.UniformPerAxisType:
		if b.Axis != 0 {
			return fmt.Errorf("expects operand #%d (bias) to be quantized per tensor or per axis 0, got '%s'", i, bq)
		}
		bScales, bZeros = b.Scales, b.ZeroPoints
	default:
		return fmt.Errorf("expects operand #%d (bias) to be uniform quantized, got '%s'", i, bq)
	}
	if len(bScales) != len(wScales) && len(bScales) != 1 {
		return fmt.Errorf("expects operand #%d (bias) to have %d scales like the weight, got %d", i, len(wScales), len(bScales))
	}
	for c := range max(len(bScales), len(wScales)) {
		bs, ws := bScales[min(c, len(bScales)-1)], wScales[min(c, len(wScales)-1)]
		want := sIn.Scale * ws
		if math.Abs(bs-want) > 1e-6*want {
			return fmt.Errorf("expects operand #%d (bias) scale %g = input scale × weight scale (channel %d), got %g", i, want, c, bs)
		}
		if bZeros[min(c, len(bZeros)-1)] != 0 {
			return fmt.Errorf("expects operand #%d (bias) zero point 0, got %d", i, bZeros[min(c, len(bZeros)-1)])
		}
	}
	return nil
}
