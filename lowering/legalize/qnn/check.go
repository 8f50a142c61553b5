package qnn

import (
	"fmt"
	"strings"

	"github.com/mlc-go/mlc/dialects/core"
	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/lowering/quantize"
	"github.com/mlc-go/mlc/lowering/target"
)

// CanLegalize reports whether legalize-qnn converts op for target t, and
// when not, why: the target rule (the op class's element types in t's
// file), the missing core→qnn mapping, or the QNN constraint that rejects
// it. It reads op in the quantizer's QDQ form (an operand that a
// quant.dcast makes is seen as the dcast's quantized operand, a result
// that only a quant.qcast reads as the qcast's type) or in the fused
// form (core ops on !quant.uniform types), so a partitioner may ask per op
// before or after quant-fuse.
func CanLegalize(op *ir.Operation, t *target.Target) (ok bool, reason string) {
	r := whyNot(op, t)
	return r == "", r
}

func whyNot(op *ir.Operation, t *target.Target) string {
	switch op.Dialect() {
	case "builtin", "func", "qnn":
		return ""
	case "quant":
		return whyNotQuant(op, t)
	case "core":
	default:
		return fmt.Sprintf("'%s' is not a core or quant op", op.Name())
	}
	if op.Name() == "core.constant" {
		return "" // becomes a qnn.StaticTensor
	}
	if r, decided := foldedOrBoundary(op); decided {
		return r
	}
	m := byCore[op.Name()]
	if m == nil {
		return fmt.Sprintf("no qnn op implements '%s' (it has no row in the core→qnn table)", op.Name())
	}
	class, ok := target.ClassOf(op.Name())
	if !ok {
		return fmt.Sprintf("'%s' belongs to no op class of the target files", op.Name())
	}
	cs, listed := t.Classes[class]
	if !listed {
		return fmt.Sprintf("target '%s' (%s) lists no op class '%s'", t.Name, t.File, class)
	}
	roles := classRoles(class)
	operands := effectiveOperands(op)
	res := effectiveResult(op.Result(0))
	var fixed, float []string
	check := func(what, role string, ty ir.Type, static bool) string {
		elem := elemName(ty)
		if !t.Accepts(class, role, elem) {
			return fmt.Sprintf("%s has element type %s, but target '%s' runs op class '%s' with %s in [%s] only (op_classes.%s.operands.%s of %s)",
				what, elem, t.Name, class, role, strings.Join(cs.Operands[role], ", "), class, role, t.File)
		}
		if q := quant.ElementType(ty); q != nil {
			fixed = append(fixed, what)
			if !static && narrowed(q) {
				return fmt.Sprintf("%s saturates to a narrower range than its %s storage (%s); a QNN tensor cannot say so", what, elem, q)
			}
			if _, perAxis := q.(*quant.UniformPerAxisType); perAxis && !static && role != "bias" {
				return fmt.Sprintf("%s is quantized per axis; QNN encodes activations per tensor", what)
			}
			if _, err := qnnTensor(op.Ctx(), ty); err != nil {
				return fmt.Sprintf("%s: %v", what, err)
			}
		} else if _, isFloat := ir.ElementTypeOf(ty).(*ir.FloatType); isFloat {
			float = append(float, what)
		}
		return ""
	}
	for i, ty := range operands {
		if op.Name() == "core.gather" && i == 1 {
			continue // indices: checkGather
		}
		role := roles[min(i, len(roles)-2)]
		if r := check(fmt.Sprintf("operand #%d (%s)", i, role), role, ty, isConstantOperand(op.Operand(i))); r != "" {
			return r
		}
	}
	if r := check("the result", "result", res, false); r != "" {
		return r
	}
	if len(fixed) > 0 && len(float) > 0 {
		return fmt.Sprintf("mixes fixed point (%s) and float (%s); a QNN op computes in one precision", strings.Join(fixed, ", "), strings.Join(float, ", "))
	}
	if len(fixed) > 0 && fusable[op.Name()] {
		err := core.CheckQuantized(op.Ctx(), op.Name(), operands, res, func(n string) ir.Attribute { return ods.AttrOrDefault(op, n) })
		if err != nil {
			return fmt.Sprintf("its quantized form is not QNN's: %v", err)
		}
	}
	if m.check != nil {
		return m.check(op)
	}
	return ""
}

// fusable are the ops that run on stored integers (int32 accumulation or
// QLinearAdd), as quant-fuse fuses them; their encodings must fit those
// kernels (an i32 bias of scale input × weight, per-tensor activations).
var fusable = map[string]bool{"core.conv2d": true, "core.matmul": true, "core.add": true}

func whyNotQuant(op *ir.Operation, t *target.Target) string {
	in := op.Operand(0)
	switch op.Name() {
	case "quant.scast":
		if isStatic(in) && quant.ElementType(op.Result(0).Type()) != nil {
			return ""
		}
		return "reinterprets computed data; QNN has no bit cast (only constant data converts)"
	case "quant.qcast":
		if isGraphInput(in) || isStatic(in) {
			return "" // the graph input's quantization; folded into static data
		}
		if d := in.DefiningOp(); d != nil && d.Dialect() == "core" && in.HasOneUse() {
			return "" // the result encoding of the op it follows
		}
		if d := in.DefiningOp(); d != nil && d.Name() == "quant.dcast" {
			return castRule(t, d.Operand(0).Type(), op.Result(0).Type())
		}
		return castRule(t, in.Type(), op.Result(0).Type())
	case "quant.dcast":
		inner := true
		for _, u := range op.Result(0).Users() {
			if u.Name() == "func.return" || u.Name() == "quant.qcast" {
				continue
			}
			inner = inner && u.Dialect() == "core"
		}
		if inner {
			return "" // read by core ops (checked there) or the graph's outputs
		}
		return castRule(t, in.Type(), op.Result(0).Type())
	case "quant.requant":
		return castRule(t, in.Type(), op.Result(0).Type())
	}
	return fmt.Sprintf("'%s' has no QNN form", op.Name())
}

// castRule checks a conversion inside the graph against the cast class.
func castRule(t *target.Target, from, to ir.Type) string {
	for _, x := range []struct {
		role string
		ty   ir.Type
	}{{"input", from}, {"result", to}} {
		if e := elemName(x.ty); !t.Accepts("cast", x.role, e) {
			return fmt.Sprintf("converts %s to %s inside the graph, but target '%s' runs op class 'cast' with %s in [%s] only (op_classes.cast.operands.%s of %s)",
				elemName(from), elemName(to), t.Name, x.role, strings.Join(t.Classes["cast"].Operands[x.role], ", "), x.role, t.File)
		}
	}
	return ""
}

// classRoles are the operand roles of an op class, the result last.
func classRoles(class string) []string {
	for _, c := range target.OpClasses {
		if c.Name == class {
			return c.Operands
		}
	}
	return []string{"input", "result"}
}

// effectiveOperands are op's operand types as the target sees them: a
// quant.dcast's quantized operand instead of its float result.
func effectiveOperands(op *ir.Operation) []ir.Type {
	out := make([]ir.Type, op.NumOperands())
	for i, v := range op.Operands() {
		out[i] = v.Type()
		if d := v.DefiningOp(); d != nil && d.Name() == "quant.dcast" {
			out[i] = d.Operand(0).Type()
		}
	}
	return out
}

// effectiveResult is a result's type as the target sees it: the type of
// the quant.qcast that is its only reader.
func effectiveResult(r *ir.Value) ir.Type {
	if r.HasOneUse() {
		if u := r.Users()[0]; u.Name() == "quant.qcast" {
			return u.Result(0).Type()
		}
	}
	return r.Type()
}

// elemName is the target files' name of a tensor type's element type:
// a quantized type's storage ("u8"), a float's ("f32"), an integer's
// ("i32", "u8", "i1").
func elemName(t ir.Type) string {
	e := ir.ElementTypeOf(t)
	switch e := e.(type) {
	case quant.QuantizedType:
		return quantize.StorageName(e)
	case *ir.IntegerType:
		if e.Signedness == ir.Unsigned {
			return fmt.Sprintf("u%d", e.Width)
		}
		return fmt.Sprintf("i%d", e.Width)
	case nil:
		return t.String()
	}
	return e.String()
}

func isGraphInput(v *ir.Value) bool {
	if !v.IsBlockArgument() {
		return false
	}
	b := v.OwnerBlock()
	return b != nil && b.ParentOp() != nil && b.ParentOp().Name() == "func.func"
}

// isConstantValue: a core.constant (or its static-tensor conversion).
func isConstantValue(v *ir.Value) bool {
	d := v.DefiningOp()
	return d != nil && (d.Name() == "core.constant" || d.Name() == "qnn.StaticTensor")
}

// isConstantOperand: constant data, in QDQ form or not (scast of a
// constant, dcast of that, qcast of a float constant).
func isConstantOperand(v *ir.Value) bool {
	for range 3 {
		if isConstantValue(v) {
			return true
		}
		d := v.DefiningOp()
		if d == nil || d.Dialect() != "quant" {
			return false
		}
		v = d.Operand(0)
	}
	return isConstantValue(v)
}

// foldedOrBoundary decides the ops that run at no place in the graph:
// data movement and float casts of static data (folded into static
// tensors at compile time), and float-to-float casts at the graph's
// boundary or next to a quantization, which qnn.Quantize / Dequantize
// absorb (they take and give float16 or float32).
func foldedOrBoundary(op *ir.Operation) (string, bool) {
	switch op.Name() {
	case "core.cast", "core.transpose", "core.reshape":
	default:
		return "", false
	}
	if isStatic(op.Operand(0)) {
		return "", true
	}
	if op.Name() != "core.cast" || !isFloatTensor(op.Operand(0).Type()) || !isFloatTensor(op.Result(0).Type()) {
		return "", false
	}
	in := op.Operand(0)
	if d := in.DefiningOp(); isGraphInput(in) || (d != nil && d.Name() == "quant.dcast") {
		return "", true
	}
	users := op.Result(0).Users()
	boundary := len(users) > 0
	for _, u := range users {
		boundary = boundary && (u.Name() == "func.return" || u.Name() == "quant.qcast")
	}
	return "", boundary
}

func isFloatTensor(t ir.Type) bool {
	_, ok := ir.ElementTypeOf(t).(*ir.FloatType)
	return ok && quant.ElementType(t) == nil
}
