package quantize

import (
	"fmt"

	"github.com/mlc-go/mlc/dialects/core"
	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/rewrite"
	"github.com/mlc-go/mlc/rewrite/pass"
)

// FusePass is quant-fuse.
var FusePass = pass.Register(&pass.Pass{
	Name:    "quant-fuse",
	Summary: "QuantFuse",
	Doc: "Rewrites the QDQ form qcast(OP(dcast(a), dcast(w)[, bias])) of core.conv2d, core.matmul and " +
		"core.add into OP on the quantized values, whose result is the qcast's type, so that the op runs " +
		"on stored integers (int32 accumulation, requantization, round half to even, saturation). The " +
		"bias may be f32 or dcast of i32 stored integers with scale input × weight and zero point 0. " +
		"Weights and bias constants stay as core.constant → quant.scast. Ops whose operands or encodings " +
		"the quantized form does not accept (a float result with other uses, a per-axis activation, a bias " +
		"of another scale) stay in QDQ form, with the reason given to match-failure listeners. " +
		"A linear layer qcast(add(matmul(dcast(a), W), bias)) (ONNX Gemm after torch-to-core, ONNX Runtime's " +
		"QGemm) becomes one quantized matmul with the bias: W is dcast(w), or transpose(dcast(scast(c))) of a " +
		"constant [N, K] quantized per row, which becomes the constant [K, N] quantized per column. " +
		"core.layer_norm, core.softmax and core.gelu fuse the same way and run in float from the dequantized " +
		"operands, quantizing the result once. core.max_pool2d between a dcast and a qcast of the same type " +
		"(scale, zero point and storage) runs on the stored integers: max commutes with the monotone " +
		"dequantization and qcast(dcast(v)) is v. " +
		"The scales and zero points are those of the QDQ form; only the casts between them go.",
	OpName:  "func.func",
	Changes: pass.MayChange(pass.QuantEncodings),
	Run: func(fn *ir.Operation, _ pass.Options, st *pass.Context) error {
		n, err := Fuse(fn)
		st.Add("num-fused", "Number of QDQ groups fused into ops on quantized types", int64(n))
		return err
	},
})

// Fuse is quant-fuse on one function; it returns the number of groups
// fused.
func Fuse(fn *ir.Operation) (int, error) {
	stats, err := rewrite.ApplyPatternsGreedily(fn, []ir.Pattern{fuseLinear{}, fuseQDQ{}, fuseSelect{}}, false,
		rewrite.GreedyConfig{TopDown: true, DisableFold: true})
	if err != nil {
		return stats.Rewrites, ir.Errorf(fn.Loc, "%v", err)
	}
	return stats.Rewrites, nil
}

// fusable lists the core ops with a quantized form.
var fusable = map[string]bool{"core.conv2d": true, "core.matmul": true, "core.add": true,
	// computed in float from the dequantized input, the result quantized once
	"core.layer_norm": true, "core.softmax": true, "core.gelu": true}

// fuseQDQ: qcast(OP(dcast(a), dcast(w)[, bias])) -> OP(a, w[, bias]) on
// quantized types, for the ops in fusable.
type fuseQDQ struct{}

func (fuseQDQ) Root() string { return "quant.qcast" }
func (fuseQDQ) Benefit() int { return 1 }
func (fuseQDQ) Name() string { return "quant-fuse-qdq" }

func (fuseQDQ) MatchAndRewrite(op *ir.Operation, rw ir.Rewriter) bool {
	res := op.Result(0).Type()
	if _, ok := quant.ElementType(res).(*quant.UniformType); !ok {
		return rw.NotifyMatchFailure(op, "the result is not quantized per tensor")
	}
	m := op.Operand(0).DefiningOp()
	if m == nil || m.NumResults() != 1 {
		return rw.NotifyMatchFailure(op, "the input is not the single result of an op")
	}
	if !fusable[m.Name()] {
		return rw.NotifyMatchFailure(op, "'%s' has no quantized form", m.Name())
	}
	if !m.Result(0).HasOneUse() {
		return rw.NotifyMatchFailure(op, "the float result of '%s' has other uses", m.Name())
	}
	operands := make([]*ir.Value, m.NumOperands())
	types := make([]ir.Type, m.NumOperands())
	for i, v := range m.Operands() {
		v = dequantized(v)
		operands[i], types[i] = v, v.Type()
	}
	if err := core.CheckQuantized(rw.Context(), m.Name(), types, res, func(n string) ir.Attribute { return ods.AttrOrDefault(m, n) }); err != nil {
		return rw.NotifyMatchFailure(op, "%s", fmt.Sprintf("'%s' op %v", m.Name(), err))
	}
	replaceWith(rw, op, m, operands, res)
	return true
}

// replaceWith replaces qcast op by a copy of m (its inherent attributes,
// not discardable ones such as calibration marks) on operands with result
// type res, and erases m.
func replaceWith(rw ir.Rewriter, op, m *ir.Operation, operands []*ir.Value, res ir.Type) {
	var attrs []ir.NamedAttr
	if def := ods.DefOf(m); def != nil {
		for _, a := range def.Attrs {
			if v := m.InherentAttr(a.Name); v != nil {
				attrs = append(attrs, ir.NamedAttr{Name: a.Name, Value: v})
			}
		}
	}
	st := ir.OperationState{Name: m.Name(), Operands: operands, ResultTypes: []ir.Type{res}, Loc: m.Loc}
	if len(attrs) > 0 {
		st.Props = rw.Context().DictionaryAttr(attrs)
	}
	rw.SetInsertionPoint(op)
	fused := rw.Create(st)
	rw.ReplaceOp(op, fused.Results())
	rw.EraseOp(m)
}

// selecting lists the core ops that only select among their input's
// values (sameScale in dialects/core) and that quant-fuse moves onto
// stored integers.
var selecting = map[string]bool{"core.max_pool2d": true}

// fuseSelect: qcast(OP(dcast(x))) -> OP(x) for the ops in selecting, when
// the qcast's type has x's element type: the result is then exactly the
// stored values the QDQ form gives.
type fuseSelect struct{}

func (fuseSelect) Root() string { return "quant.qcast" }
func (fuseSelect) Benefit() int { return 1 }
func (fuseSelect) Name() string { return "quant-fuse-select" }

func (fuseSelect) MatchAndRewrite(op *ir.Operation, rw ir.Rewriter) bool {
	m := op.Operand(0).DefiningOp()
	if m == nil || !selecting[m.Name()] || m.NumOperands() != 1 || m.NumResults() != 1 {
		return rw.NotifyMatchFailure(op, "the input is not a selecting op")
	}
	if !m.Result(0).HasOneUse() {
		return rw.NotifyMatchFailure(op, "the float result of '%s' has other uses", m.Name())
	}
	d := m.Operand(0).DefiningOp()
	if d == nil || d.Name() != "quant.dcast" {
		return rw.NotifyMatchFailure(op, "the input of '%s' is not a dcast", m.Name())
	}
	x := d.Operand(0)
	res, ok := op.Result(0).Type().(*ir.RankedTensorType)
	xt, ok2 := x.Type().(*ir.RankedTensorType)
	if !ok || !ok2 || res.Elem != xt.Elem {
		return rw.NotifyMatchFailure(op, "the qcast's element type is not the dcast input's")
	}
	if _, ok := quant.ElementType(res).(*quant.UniformType); !ok {
		return rw.NotifyMatchFailure(op, "the result is not quantized per tensor")
	}
	replaceWith(rw, op, m, []*ir.Value{x}, res)
	return true
}
