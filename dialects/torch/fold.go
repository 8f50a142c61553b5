package torch

import (
	"fmt"

	"github.com/mlc-go/mlc/ir"
)

// rejectBool is the verifier of ops PyTorch does not define on bool.
func rejectBool(what string) func(op *ir.Operation) error {
	return func(op *ir.Operation) error {
		if isBool(ir.ElementTypeOf(op.Operand(0).Type())) {
			return fmt.Errorf("%s is not supported on bool tensors", what)
		}
		return nil
	}
}

// foldConstant: torch.constant folds to its value.
func foldConstant(op *ir.Operation, _ []ir.Attribute) []ir.Attribute {
	if v := op.InherentAttr("value"); v != nil {
		return []ir.Attribute{v}
	}
	return nil
}

// foldReshape folds ops that keep the elements in row-major order
// (reshape, view, flatten, squeeze, unsqueeze, and the identities) when
// their input is inline dense data: the same data with the result type.
func foldReshape(op *ir.Operation, operands []ir.Attribute) []ir.Attribute {
	if len(operands) == 0 || op.NumResults() != 1 {
		return nil
	}
	d, ok := operands[0].(*ir.DenseElementsAttr)
	if !ok {
		return nil
	}
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok || !rt.HasStaticShape() || rt.Elem != d.Type.ElementType() || rt.NumElements() != int64(d.NumElements()) {
		return nil
	}
	if rt == d.Type {
		return []ir.Attribute{d}
	}
	if a := op.Ctx().DenseElementsAttr(rt, d.Raw); a != nil {
		return []ir.Attribute{a}
	}
	return nil
}
