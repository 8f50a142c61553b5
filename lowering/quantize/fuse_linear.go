package quantize

import (
	"github.com/mlc-go/mlc/dialects/core"
	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/ir"
)

// fuseLinear: qcast(add(matmul(dcast(a), W), bias)) -> matmul(a, w, bias)
// on quantized types. This is a linear layer's QDQ form (an ONNX Gemm after
// torch-to-core; ONNX Runtime runs it as one QGemm): the int32 bias joins
// the sums before the one requantization instead of a float add between
// them. W is dcast(w), or transpose(dcast(scast(c))) of a constant c
// [N, K] quantized per row (Gemm's transB), which becomes a constant
// [K, N] quantized per column. bias [N] is dcast of i32 stored integers
// of scale input × weight, or f32, as conv2d's.
type fuseLinear struct{}

func (fuseLinear) Root() string { return "quant.qcast" }
func (fuseLinear) Benefit() int { return 2 }
func (fuseLinear) Name() string { return "quant-fuse-linear" }

func (fuseLinear) MatchAndRewrite(op *ir.Operation, rw ir.Rewriter) bool {
	res := op.Result(0).Type()
	if _, ok := quant.ElementType(res).(*quant.UniformType); !ok {
		return rw.NotifyMatchFailure(op, "the result is not quantized per tensor")
	}
	add := op.Operand(0).DefiningOp()
	if add == nil || add.Name() != "core.add" || !add.Result(0).HasOneUse() {
		return rw.NotifyMatchFailure(op, "the input is not a core.add used only here")
	}
	var mm *ir.Operation
	var bias *ir.Value
	for i := range 2 {
		if d := add.Operand(i).DefiningOp(); d != nil && d.Name() == "core.matmul" && d.NumOperands() == 2 {
			mm, bias = d, add.Operand(1-i)
			break
		}
	}
	if mm == nil || !mm.Result(0).HasOneUse() {
		return rw.NotifyMatchFailure(op, "the add does not take a core.matmul used only there")
	}
	lhs, b := dequantized(mm.Operand(0)), dequantized(bias)
	w, tr := linearWeight(mm.Operand(1))
	if w == nil {
		return rw.NotifyMatchFailure(op, "the matmul's weight is not dcast(w) or transpose(dcast(scast(constant)))")
	}
	wt := w.Type()
	if tr != nil {
		if wt = transposedWeightType(rw.Context(), wt); wt == nil {
			return rw.NotifyMatchFailure(op, "the transposed weight has no quantized type")
		}
	}
	types := []ir.Type{lhs.Type(), wt, b.Type()}
	if err := core.CheckQuantized(rw.Context(), "core.matmul", types, res, func(n string) ir.Attribute { return ods.AttrOrDefault(mm, n) }); err != nil {
		return rw.NotifyMatchFailure(op, "'core.matmul' op %v", err)
	}
	rw.SetInsertionPoint(op)
	if tr != nil {
		if w = transposedWeight(rw, w.DefiningOp(), wt); w == nil {
			return rw.NotifyMatchFailure(op, "the weight's data could not be read")
		}
	}
	fused := rw.Create(ir.OperationState{Name: "core.matmul", Operands: []*ir.Value{lhs, w, b},
		ResultTypes: []ir.Type{res}, Loc: mm.Loc})
	rw.ReplaceOp(op, fused.Results())
	rw.EraseOp(add)
	rw.EraseOp(mm)
	return true
}

// dequantized is v's dcast input, or v.
func dequantized(v *ir.Value) *ir.Value {
	if d := v.DefiningOp(); d != nil && d.Name() == "quant.dcast" {
		return d.Operand(0)
	}
	return v
}

// linearWeight returns the stored weight of a matmul's rhs v: w for
// dcast(w) (tr nil), or the scast for transpose(dcast(scast(constant)))
// with perm [1, 0], each used only on that path (tr the transpose).
func linearWeight(v *ir.Value) (w *ir.Value, tr *ir.Operation) {
	d := v.DefiningOp()
	if d == nil {
		return nil, nil
	}
	if d.Name() == "quant.dcast" {
		return d.Operand(0), nil
	}
	if d.Name() != "core.transpose" || !d.Result(0).HasOneUse() {
		return nil, nil
	}
	perm, ok := d.InherentAttr("perm").(*ir.DenseArrayAttr)
	if !ok || perm.Len() != 2 || perm.Ints[0] != 1 || perm.Ints[1] != 0 {
		return nil, nil
	}
	dc := d.Operand(0).DefiningOp()
	if dc == nil || dc.Name() != "quant.dcast" || !dc.Result(0).HasOneUse() {
		return nil, nil
	}
	sc := dc.Operand(0).DefiningOp()
	if sc == nil || sc.Name() != "quant.scast" {
		return nil, nil
	}
	if c := sc.Operand(0).DefiningOp(); c == nil || c.Name() != "core.constant" {
		return nil, nil
	}
	return dc.Operand(0), d
}

// transposedWeightType is the type of a 2-D quantized weight t
// transposed: the shape swapped and a per-axis quantization's axis with
// it; nil for any other type.
func transposedWeightType(ctx *ir.Context, t ir.Type) ir.Type {
	rt, ok := t.(*ir.RankedTensorType)
	if !ok || rt.Rank() != 2 {
		return nil
	}
	elem := rt.Elem
	switch q := quant.ElementType(t).(type) {
	case *quant.UniformType:
	case *quant.UniformPerAxisType:
		pa, err := quant.NewUniformPerAxis(ctx, q.Storage, q.StorageMin, q.StorageMax, q.Expressed, 1-q.Axis, q.Scales, q.ZeroPoints)
		if err != nil {
			return nil
		}
		elem = pa
	default:
		return nil
	}
	return ctx.TensorType([]int64{rt.Shape[1], rt.Shape[0]}, elem, nil)
}

// transposedWeight creates, at rw's insertion point, the constant of
// scast sc's input transposed and its scast to t (a dense_resource blob
// when the data is one, else inline data); nil when the data cannot be
// read.
func transposedWeight(rw ir.Rewriter, sc *ir.Operation, t ir.Type) *ir.Value {
	ctx := rw.Context()
	c := sc.Operand(0).DefiningOp()
	ct, ok := c.Result(0).Type().(*ir.RankedTensorType)
	if !ok || ct.Rank() != 2 {
		return nil
	}
	rows, cols := int(ct.Shape[0]), int(ct.Shape[1])
	elem := ir.ElementByteWidth(ct.Elem)
	nt := ctx.TensorType([]int64{ct.Shape[1], ct.Shape[0]}, ct.Elem, nil)
	var value ir.Attribute
	switch v := c.InherentAttr("value").(type) {
	case *ir.DenseElementsAttr:
		raw := v.Raw
		if !v.Splat {
			raw = transposeBytes(raw, rows, cols, elem)
		}
		value = ctx.DenseElementsAttr(nt, raw)
	case *ir.DenseResourceAttr:
		if v.Handle == nil || elem == 0 || len(v.Handle.Data) != rows*cols*elem {
			return nil
		}
		raw := transposeBytes(v.Handle.Data, rows, cols, elem)
		value = ctx.DenseResourceAttr(nt, ctx.NewResource(v.Handle.Dialect, v.Handle.Key+"_transposed", uint32(elem), raw))
	}
	if value == nil {
		return nil
	}
	nc := rw.Create(ir.OperationState{Name: "core.constant", ResultTypes: []ir.Type{nt}, Loc: c.Loc,
		Props: ctx.DictionaryAttr([]ir.NamedAttr{{Name: "value", Value: value}})})
	return rw.Create(ir.OperationState{Name: "quant.scast", Operands: nc.Results(), ResultTypes: []ir.Type{t}, Loc: sc.Loc}).Result(0)
}

// transposeBytes transposes a rows × cols matrix of elem-byte elements,
// in tiles so that both sides stay in cache.
func transposeBytes(src []byte, rows, cols, elem int) []byte {
	dst := make([]byte, len(src))
	const tile = 64
	for r0 := 0; r0 < rows; r0 += tile {
		for c0 := 0; c0 < cols; c0 += tile {
			for r := r0; r < min(r0+tile, rows); r++ {
				for c := c0; c < min(c0+tile, cols); c++ {
					copy(dst[(c*rows+r)*elem:(c*rows+r+1)*elem], src[(r*cols+c)*elem:(r*cols+c+1)*elem])
				}
			}
		}
	}
	return dst
}
