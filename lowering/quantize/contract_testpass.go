package quantize

import (
	"fmt"

	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/rewrite/pass"
)

// The contract test passes break encodings on purpose, as a careless pass
// would, so that lit tests show the contract check catching it (and,
// through the -declared twin, letting a pass that declares the change
// through). mlc bisect's tests use them to perturb accuracy.
var breakOptions = []pass.Option{
	pass.EnumOpt("break", "fold-qdq", []string{"fold-qdq", "rescale"},
		"fold-qdq: replace quant.dcast(quant.qcast(x)) by x; rescale: multiply the scale(s) of the first quantized "+
			"result of a quant.scast or quant.qcast, in place, by `factor`"),
	pass.FloatOpt("factor", 2, "the rescale factor"),
}

const breakDoc = "Breaks quantization encodings on purpose, for testing the quantization contracts and mlc bisect: " +
	"`break=fold-qdq` replaces each quant.dcast of a quant.qcast by the qcast's input; `break=rescale` multiplies, " +
	"in place, the scale(s) of the first quantized result of a quant.scast or quant.qcast by `factor` (of a scast, " +
	"the stored integers then stand for other real values)."

// BreakEncodings declares no effects, so the contract check catches it.
var BreakEncodings = pass.Register(&pass.Pass{
	Name:    "test-quant-contract-break",
	Summary: "TestQuantContractBreakPass",
	Doc:     breakDoc + " It declares no effects, so `--verify-quant-contracts` rejects it.",
	Options: breakOptions,
	Changes: pass.NoEffects,
	Run:     runBreak,
})

// BreakEncodingsDeclared is the same pass declaring quant-encodings.
var BreakEncodingsDeclared = pass.Register(&pass.Pass{
	Name:    "test-quant-contract-break-declared",
	Summary: "TestQuantContractBreakDeclaredPass",
	Doc:     breakDoc + " It declares quant-encodings, so the contract check accepts it and takes its result as fixed.",
	Options: breakOptions,
	Changes: pass.MayChange(pass.QuantEncodings),
	Run:     runBreak,
})

func runBreak(op *ir.Operation, opts pass.Options, pc *pass.Context) error {
	switch opts.Text("break") {
	case "rescale":
		return rescaleFirst(op, opts.Float("factor"), pc)
	default:
		foldQDQ(op, pc)
		return nil
	}
}

// foldQDQ: dcast(qcast(x)) -> x, dropping the rounding the pair stands for.
func foldQDQ(top *ir.Operation, pc *pass.Context) {
	ir.Walk(top, func(d *ir.Operation) {
		if d.Name() != "quant.dcast" || d.NumOperands() != 1 {
			return
		}
		q := d.Operand(0).DefiningOp()
		if q == nil || q.Name() != "quant.qcast" || q.Operand(0).Type() != d.Result(0).Type() {
			return
		}
		d.Result(0).ReplaceAllUsesWith(q.Operand(0))
		d.Erase()
		if q.UseEmpty() {
			q.Erase()
		}
		pc.Add("num-folded", "Number of dcast(qcast(x)) folded into x", 1)
	})
}

// rescaleFirst retypes the first quantized scast or qcast result in place.
func rescaleFirst(top *ir.Operation, factor float64, pc *pass.Context) error {
	if !(factor > 0) {
		return fmt.Errorf("factor must be > 0, got %g", factor)
	}
	var err error
	ir.WalkPreOrder(top, func(op *ir.Operation) ir.WalkResult {
		if (op.Name() != "quant.scast" && op.Name() != "quant.qcast") || op.NumResults() != 1 {
			return ir.Advance
		}
		r := op.Result(0)
		tt, ok := r.Type().(*ir.RankedTensorType)
		if !ok || EncodingOf(tt) == nil {
			return ir.Advance
		}
		ctx := op.Ctx()
		var elem ir.Type
		switch q := tt.Elem.(type) {
		case *quant.UniformType:
			elem, err = quant.NewUniform(ctx, q.Storage, q.StorageMin, q.StorageMax, q.Expressed, q.Scale*factor, q.ZeroPoint)
		case *quant.UniformPerAxisType:
			scales := make([]float64, len(q.Scales))
			for i, s := range q.Scales {
				scales[i] = s * factor
			}
			elem, err = quant.NewUniformPerAxis(ctx, q.Storage, q.StorageMin, q.StorageMax, q.Expressed, q.Axis, scales, q.ZeroPoints)
		}
		if err != nil {
			return ir.Interrupt
		}
		r.SetType(ctx.TensorType(tt.Shape, elem, tt.Encoding))
		pc.Add("num-rescaled", "Number of values rescaled", 1)
		return ir.Interrupt
	})
	return err
}
