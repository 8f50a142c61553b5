package trt

import (
	"fmt"
	"strings"

	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/lowering/quantize"
	"github.com/mlc-go/mlc/lowering/target"
)

// CanLegalize reports whether legalize-trt can turn op into TensorRT
// layers for target t, and if not, why: the target rule that rejects it
// (its op class missing from the target file, or an element type the
// class does not take for an operand), or the TensorRT restriction that
// no layer can express. A partitioner asks it per op.
func CanLegalize(op *ir.Operation, t *target.Target) (ok bool, reason string) {
	if r := whyIllegal(op, t); r != "" {
		return false, r
	}
	return true, ""
}

func whyIllegal(op *ir.Operation, t *target.Target) string {
	switch op.Dialect() {
	case "func":
		// Quantized values at a function boundary: a TensorRT network's
		// inputs and outputs are plain tensors.
		for _, v := range op.Operands() {
			if quant.ElementType(v.Type()) != nil {
				return "passes a quantized value across a function boundary; dequantize it first"
			}
		}
		for _, r := range op.Regions() {
			for _, b := range r.Blocks() {
				for _, a := range b.Args() {
					if quant.ElementType(a.Type()) != nil {
						return "has a quantized argument; TensorRT network inputs are plain tensors (quantize inside the function)"
					}
				}
			}
		}
		return ""
	case "trt", "builtin":
		return ""
	case "quant":
		return quantIllegal(op, t)
	case "core":
	default:
		return fmt.Sprintf("no TensorRT layer for the %s dialect", op.Dialect())
	}
	m := byCore[op.Name()]
	if m == nil {
		return fmt.Sprintf("'%s' has no TensorRT layer mapping (lowering/legalize/trt table)", op.Name())
	}
	for _, v := range append(op.Operands(), op.Results()...) {
		if quant.ElementType(v.Type()) != nil {
			return "operates on quantized values (quant-fuse form); legalize-trt takes the QDQ form that quantize produces"
		}
		if _, ok := v.Type().(*ir.RankedTensorType); !ok {
			return fmt.Sprintf("operates on '%s'; TensorRT tensors are ranked", v.Type())
		}
	}
	if op.Name() == "core.constant" {
		e := ir.ElementTypeOf(op.Result(0).Type())
		if elemName(e) == "" {
			return fmt.Sprintf("TensorRT has no weights of element type '%s'", e)
		}
		return ""
	}
	class, ok := target.ClassOf(op.Name())
	if !ok {
		return fmt.Sprintf("'%s' belongs to no op class (lowering/target/classes.go)", op.Name())
	}
	cs, ok := t.Classes[class]
	if !ok {
		return fmt.Sprintf("target '%s' (%s) lists no op class '%s'", t.Name, t.File, class)
	}
	roles := classRoles(class)
	for i := range op.NumOperands() {
		if contains(m.untyped, i) {
			continue
		}
		role := operandRole(roles, i)
		if r := rejects(t, cs, class, role, operandElem(op, i), fmt.Sprintf("operand #%d (%s)", i, role)); r != "" {
			return r
		}
	}
	if op.NumResults() > 0 {
		if r := rejects(t, cs, class, "result", resultElem(op), "the result"); r != "" {
			return r
		}
	}
	if m.check != nil {
		return m.check(op)
	}
	return ""
}

func rejects(t *target.Target, cs target.ClassSupport, class, role, elem, what string) string {
	if elem == "" {
		return fmt.Sprintf("%s has an element type no target file names", what)
	}
	if t.Accepts(class, role, elem) {
		return ""
	}
	allowed := cs.Operands[role]
	return fmt.Sprintf("%s is %s, but target '%s' (%s) runs op class '%s' with %s in [%s] only",
		what, elem, t.Name, t.File, class, role, strings.Join(allowed, ", "))
}

func classRoles(class string) []string {
	for _, c := range target.OpClasses {
		if c.Name == class {
			return c.Operands
		}
	}
	return nil
}

// operandRole names operand i by its class's roles; extra operands of
// variadic ops (concatenation, select) take the last operand role.
func operandRole(roles []string, i int) string {
	n := len(roles) - 1 // the last role is the result
	if n <= 0 {
		return "input"
	}
	return roles[min(i, n-1)]
}

// operandElem is the element type an operand arrives in on the target:
// for an op of integer precision, a quant.dcast's storage (the layer
// reads the quantized tensor), else the value's own.
func operandElem(op *ir.Operation, i int) string {
	v := op.Operand(i)
	if d := v.DefiningOp(); d != nil && d.Name() == "quant.dcast" && integerPrecision(op) {
		return quantize.StorageName(quant.ElementType(d.Operand(0).Type()))
	}
	return elemName(ir.ElementTypeOf(v.Type()))
}

// integerPrecision: the assignment runs op on quantized integers (its
// float operands and result stand for the dcast/qcast storage around it).
func integerPrecision(op *ir.Operation) bool {
	p, ok := op.Attr(PrecisionAttr).(*ir.StringAttr)
	return ok && len(p.Value) > 1 && (p.Value[0] == 'i' || p.Value[0] == 'u')
}

// resultElem: the quant.qcast storage when every user quantizes the
// result, else the result's own element type.
func resultElem(op *ir.Operation) string {
	r := op.Result(0)
	var q quant.QuantizedType
	n := 0
	for _, u := range r.Uses() {
		n++
		o := u.Owner()
		if o.Name() != "quant.qcast" {
			q = nil
			break
		}
		q = quant.ElementType(o.Result(0).Type())
	}
	if n > 0 && q != nil && integerPrecision(op) {
		return quantize.StorageName(q)
	}
	return elemName(ir.ElementTypeOf(r.Type()))
}

// elemName is a builtin element type as target files spell it ("" for
// types TensorRT has no tensors of).
func elemName(t ir.Type) string {
	switch t := t.(type) {
	case *ir.FloatType:
		switch t.Kind {
		case ir.F32:
			return "f32"
		case ir.F16:
			return "f16"
		case ir.BF16:
			return "bf16"
		case ir.F8E4M3FN:
			return "f8e4m3"
		}
	case *ir.IntegerType:
		if t.Signedness == ir.Unsigned {
			if t.Width == 8 {
				return "u8"
			}
			return ""
		}
		switch t.Width {
		case 1, 4, 8, 32, 64:
			return fmt.Sprintf("i%d", t.Width)
		}
	}
	return ""
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// quantIllegal checks a quant op against TensorRT's Q/DQ rules and the
// target's quantization rules.
func quantIllegal(op *ir.Operation, t *target.Target) string {
	switch op.Name() {
	case "quant.scast":
		// Stored integers to quantized values: only weights, which the
		// dequantize that reads them keeps as an int8 trt.constant.
		in := op.Operand(0)
		if quant.ElementType(in.Type()) == nil {
			if d := in.DefiningOp(); d == nil || d.Name() != "core.constant" {
				return "reinterprets a computed tensor; TensorRT stores quantized weights only as constants"
			}
		}
		return ""
	case "quant.qcast":
		q := quant.ElementType(op.Result(0).Type())
		return qdqIllegal(q, t, "activation", true)
	case "quant.dcast":
		q := quant.ElementType(op.Operand(0).Type())
		if _, perAxis := q.(*quant.UniformPerAxisType); perAxis {
			if !isStoredWeights(op.Operand(0)) {
				return "per-channel dequantization of an activation; TensorRT takes per-channel scales on weights only"
			}
			return qdqIllegal(q, t, "weight", false)
		}
		role := "activation"
		if isStoredWeights(op.Operand(0)) {
			role = "weight"
		}
		return qdqIllegal(q, t, role, false)
	case "quant.requant":
		if r := qdqIllegal(quant.ElementType(op.Operand(0).Type()), t, "activation", false); r != "" {
			return r
		}
		return qdqIllegal(quant.ElementType(op.Result(0).Type()), t, "activation", true)
	}
	return fmt.Sprintf("'%s' has no TensorRT form", op.Name())
}

// isStoredWeights: v is quantized weights, quant.scast of a constant.
func isStoredWeights(v *ir.Value) bool {
	d := v.DefiningOp()
	if d == nil || d.Name() != "quant.scast" {
		return false
	}
	c := d.Operand(0).DefiningOp()
	return c != nil && c.Name() == "core.constant"
}

// qdqIllegal: TensorRT's IQuantizeLayer/IDequantizeLayer take a zero
// zero point and i8 storage, saturating to the full [-128, 127]; the
// encoding must also follow one of the target's rules for its role.
func qdqIllegal(q quant.QuantizedType, t *target.Target, role string, saturates bool) string {
	st, lo, hi, ok := quant.StorageOf(q)
	if !ok {
		return fmt.Sprintf("'%s' is not a uniform encoding", q)
	}
	if st.Width != 8 || st.Signedness == ir.Unsigned {
		return fmt.Sprintf("encoding '%s': TensorRT's Q/DQ layers store int8 (or fp8/int4 weights), not %s", q, quantize.StorageName(q))
	}
	gran := "per-tensor"
	switch q := q.(type) {
	case *quant.UniformType:
		if q.ZeroPoint != 0 {
			return fmt.Sprintf("encoding '%s' has zero point %d; TensorRT quantizes symmetrically (zero point 0)", q, q.ZeroPoint)
		}
	case *quant.UniformPerAxisType:
		gran = "per-channel"
		for _, z := range q.ZeroPoints {
			if z != 0 {
				return fmt.Sprintf("encoding '%s' has a nonzero zero point; TensorRT quantizes symmetrically", q)
			}
		}
	}
	if saturates && (lo != -128 || hi != 127) {
		return fmt.Sprintf("encoding '%s' stores [%d, %d], but IQuantizeLayer saturates to [-128, 127]", q, lo, hi)
	}
	for _, r := range t.QuantRules(role) {
		if r.Storage == quantize.StorageName(q) && r.Granularity == gran && r.Symmetric {
			return ""
		}
	}
	return fmt.Sprintf("encoding '%s' (%s %s) follows no %s quantization rule of target '%s' (%s)", q, gran, quantize.StorageName(q), role, t.Name, t.File)
}
