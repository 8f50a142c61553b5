package torch

import (
	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/ir"
)

// Element type classes of the torch dialect. PyTorch dtypes map to
// builtin element types: float16/bfloat16/float32/float64 to f16/bf16/
// f32/f64, int8/16/32/64 to signless i8/i16/i32/i64, uint8 to ui8 and
// bool to i1.
var (
	// floatElem: the floating dtypes PyTorch computes in.
	floatElem = ods.ElemOneOf(ods.F16E, ods.BF16E, ods.F32E, ods.F64E)
	// intElem: integer dtypes, bool (i1) included.
	intElem = ods.Elem{Name: "integer", Match: func(t ir.Type) bool {
		it, ok := t.(*ir.IntegerType)
		return ok && (it.Width == 1 || it.Width == 8 || it.Width == 16 || it.Width == 32 || it.Width == 64)
	}}
	// numericElem: what arithmetic accepts.
	numericElem = ods.ElemOneOf(floatElem, intElem)
	// indexElem: index tensors (embedding indices).
	indexElem = ods.ElemOneOf(ods.I32E, ods.I64E)
	// boolElem: masks and conditions.
	boolElem = ods.I1E
	// anyElem: data movement accepts every dtype above.
	anyElem = ods.ElemOneOf(floatElem, intElem)
)

// Tensor type constraints. Shape inference needs a rank, so every op
// takes ranked tensors; dimensions may be dynamic ('?').
var (
	floatTensor   = ods.RankedTensorOf(floatElem)
	numericTensor = ods.RankedTensorOf(numericElem)
	indexTensor   = ods.RankedTensorOf(indexElem)
	boolTensor    = ods.RankedTensorOf(boolElem)
	anyTensor     = ods.RankedTensorOf(anyElem)
)

// Attribute constraints beyond ods's.
var (
	// numberAttr is a PyTorch Scalar: an i64 or f64 attribute.
	numberAttr = ods.AttrConstraint{Name: "64-bit integer or float attribute", Match: func(a ir.Attribute) bool {
		switch x := a.(type) {
		case *ir.IntegerAttr:
			return ir.IsInteger(x.Type, 64)
		case *ir.FloatAttr:
			return x.Type.Kind == ir.F64
		}
		return false
	}}
	// dtypeAttr is a PyTorch dtype: a type attribute holding an element type.
	dtypeAttr = ods.AttrConstraint{Name: "dtype (type attribute of an element type)", Match: func(a ir.Attribute) bool {
		ta, ok := a.(*ir.TypeAttr)
		return ok && anyElem.Match(ta.Type)
	}}
	gelu  = ods.EnumAttr("none", "tanh")
	round = ods.EnumAttr("trunc", "floor")
)
