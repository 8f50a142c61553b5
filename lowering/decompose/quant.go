package decompose

import (
	"math"

	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/ir"
)

// Quantized tensors meet torch ops only at quant.dcast and quant.qcast:
// torch ops take float and integer tensors, so a quantized value is
// dequantized before the torch op and the result quantized after it.
// Decompositions rewrite only the torch op between them and take every
// element type from that op's own operands and results, so the dcast and
// qcast ops and their !quant.uniform types stay exactly as they were.
//
// Data movement needs no float detour: core's movement ops take
// quantized element types, so once a torch reshape, permute, slice, … has
// become its core op, qcast(M(dcast(q))) with the same per-tensor type on
// both sides becomes M(q), moving the stored integers themselves. This is
// exact: for a storage of at most 16 bits, an f32 or f64 expressed type
// and a scale far from underflow and overflow, qcast(dcast(q)) = q for
// every q: ((q − zp)·s)/s, rounded twice, is within |q − zp|·2^-23 ≤ 2^-7
// of q − zp, so it rounds back to it.

// movementOps lists core ops that only move elements, with the operands
// that carry data (the rest, such as gather's indices, stay as they are).
var movementOps = map[string]func(n int) []int{
	"core.reshape":      firstOperand,
	"core.transpose":    firstOperand,
	"core.broadcast_to": firstOperand,
	"core.slice":        firstOperand,
	"core.gather":       firstOperand,
	"core.pad":          firstOperand,
	"core.concat":       everyOperand,
}

func firstOperand(int) []int { return []int{0} }

func everyOperand(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

func quantPatterns() []decomposer { return []decomposer{quantMove{}} }

// quantMove: qcast(M(dcast(q))) -> M(q) for a movement op M and one
// per-tensor quantized type on both sides (see above).
type quantMove struct{}

func (quantMove) Root() string { return "quant.qcast" }
func (quantMove) Benefit() int { return 1 }
func (quantMove) Name() string { return "quant-through-movement" }

// explain dry-runs the pattern for its reason.
func (q quantMove) explain(op *ir.Operation) string {
	dry := &dryRewriter{ctx: op.Ctx()}
	defer dry.release()
	if q.MatchAndRewrite(op, dry) {
		return ""
	}
	return dry.reason
}

func (quantMove) MatchAndRewrite(op *ir.Operation, rw ir.Rewriter) bool {
	qt, ok := quant.ElementType(op.Result(0).Type()).(*quant.UniformType)
	if !ok {
		return rw.NotifyMatchFailure(op, "the result is not per-tensor quantized")
	}
	if !exactRoundTrip(qt) {
		return rw.NotifyMatchFailure(op, "%s does not round-trip exactly through its expressed type", qt)
	}
	m := op.Operand(0).DefiningOp()
	if m == nil || m.NumResults() != 1 {
		return rw.NotifyMatchFailure(op, "the input is not the single result of an op")
	}
	data, ok := movementOps[m.Name()]
	if !ok {
		return rw.NotifyMatchFailure(op, "the input's op '%s' is not a movement op", m.Name())
	}
	if m.Name() == "core.pad" && !zeroPad(m.InherentAttr("value")) {
		return rw.NotifyMatchFailure(op, "the pad value is not +0.0")
	}
	operands := append([]*ir.Value{}, m.Operands()...)
	for _, i := range data(m.NumOperands()) {
		d := operands[i].DefiningOp()
		if d == nil || d.Name() != "quant.dcast" || d.Operand(0).Type() != ir.Type(typeWithElem(rw.Context(), operands[i].Type(), qt)) {
			return rw.NotifyMatchFailure(op, "operand #%d of '%s' is not a quant.dcast from %s", i, m.Name(), qt)
		}
		operands[i] = d.Operand(0)
	}
	var attrs []ir.NamedAttr
	if def := ods.DefOf(m); def != nil {
		for _, a := range def.Attrs {
			if v := m.InherentAttr(a.Name); v != nil && !(m.Name() == "core.pad" && a.Name == "value") {
				attrs = append(attrs, kv(a.Name, v))
			}
		}
	}
	st := ir.OperationState{Name: m.Name(), Operands: operands, ResultTypes: []ir.Type{op.Result(0).Type()},
		Loc: ir.Fuse([]ir.Location{m.Loc, op.Loc}, nil)}
	if len(attrs) > 0 {
		st.Props = rw.Context().DictionaryAttr(attrs)
	}
	rw.SetInsertionPoint(op)
	rw.ReplaceOp(op, rw.Create(st).Results())
	return true
}

// exactRoundTrip: qcast(dcast(q)) = q for every stored q of t.
func exactRoundTrip(t *quant.UniformType) bool {
	k := t.Expressed.Kind
	return t.Storage.Width <= 16 && (k == ir.F32 || k == ir.F64) && t.Scale >= 1e-30 && t.Scale <= 1e30
}

// zeroPad: pad's value is absent or +0.0, which quantizes to the zero
// point that core.pad uses for quantized tensors.
func zeroPad(a ir.Attribute) bool {
	switch v := a.(type) {
	case nil:
		return true
	case *ir.FloatAttr:
		return v.Value == 0 && !math.Signbit(v.Value)
	}
	return false
}

// typeWithElem is t (a ranked tensor) with element type elem.
func typeWithElem(ctx *ir.Context, t ir.Type, elem ir.Type) ir.Type {
	rt, ok := t.(*ir.RankedTensorType)
	if !ok {
		return nil
	}
	return ctx.TensorType(rt.Shape, elem, nil)
}
