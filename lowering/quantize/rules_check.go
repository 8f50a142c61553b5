package quantize

import (
	"fmt"
	"math"

	"github.com/mlc-go/mlc/dialects/qbehavior"
	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/lowering/target"
)

// Check verifies fn's quantized core ops against target t, independently
// of how they were made (quantize, an imported QDQ model, a later pass):
// for every core op with an integer mlc.precision, each float operand but
// a float bias arrives through quant.dcast and each float result leaves
// through quant.qcast (or stays in a float type its class takes, when
// mlc.result_precision names it), and every such encoding follows a quantization
// rule of t for its role (activation, weight, bias) whose storage the
// op's class accepts for that operand; weights pair with the activation
// storage their rule names; an integer bias has zero point 0 and scale
// s_in × s_w per channel; same-scale ops of a class whose entry says
// shared_encoding keep one encoding in and out. The error is positioned
// at the op and names the operand and the rule broken.
func Check(fn *ir.Operation, t *target.Target) error {
	var err error
	ir.WalkPreOrder(fn, func(o *ir.Operation) ir.WalkResult {
		if err = checkOp(o, t); err != nil {
			return ir.Interrupt
		}
		return ir.Advance
	})
	return err
}

func checkOp(o *ir.Operation, t *target.Target) error {
	p, _ := o.Attr(PrecisionAttr).(*ir.StringAttr)
	if o.Dialect() != "core" || p == nil || precisionBits(p.Value) == 0 {
		return nil
	}
	class, ok := target.ClassOf(o.Name())
	if !ok {
		return ir.Errorf(o.Loc, "'%s' op has %s = %q but no op class", o.Name(), PrecisionAttr, p.Value)
	}
	fail := func(what, format string, args ...any) error {
		return ir.Errorf(o.Loc, "'%s' op %s on target '%s': %s", o.Name(), what, t.Name, fmt.Sprintf(format, args...))
	}
	// The activation encodings first: weight rules depend on them.
	var act string
	var in *quant.UniformType
	var w quant.QuantizedType
	encs := make([]quant.QuantizedType, o.NumOperands())
	for i, v := range o.Operands() {
		if !isFloat(v) {
			continue
		}
		role := quantRole(o, class, i)
		what := fmt.Sprintf("operand #%d (%s)", i, operandRole(class, i))
		d := v.DefiningOp()
		if role == "param" {
			continue // float by definition (quantRole)
		}
		if d == nil || d.Name() != "quant.dcast" {
			if role == "bias" && (t.Accepts(class, "bias", "f32") || t.Accepts(class, "bias", "f16")) {
				continue
			}
			return fail(what, "the %s is not quantized (no quant.dcast)", role)
		}
		encs[i] = quant.ElementType(d.Operand(0).Type())
		if role == "activation" {
			if r := matchRule(t, class, operandRole(class, i), "activation", encs[i], ""); r == "" {
				return fail(what, "encoding %s follows no activation rule", encs[i])
			}
			if operandRole(class, i) == "weight" {
				w = encs[i]
			} else if act == "" {
				act = StorageName(encs[i])
				in, _ = encs[i].(*quant.UniformType)
			}
		}
	}
	for i, q := range encs {
		if q == nil {
			continue
		}
		what := fmt.Sprintf("operand #%d (%s)", i, operandRole(class, i))
		switch quantRole(o, class, i) {
		case "weight":
			if r := matchRule(t, class, operandRole(class, i), "weight", q, act); r == "" {
				return fail(what, "weight encoding %s follows no weight rule for %s activations", q, act)
			}
			w = q
		case "bias":
			if r := matchRule(t, class, "bias", "bias", q, ""); r == "" {
				return fail(what, "bias encoding %s follows no bias rule", q)
			}
			if msg := checkBiasScale(q, in, w); msg != "" {
				return fail(what, "%s", msg)
			}
		}
	}
	var out quant.QuantizedType
	for _, r := range o.Results() {
		if !isFloat(r) {
			continue
		}
		var qc *ir.Operation
		for _, u := range r.Users() {
			if u.Name() == "quant.qcast" {
				qc = u
			}
		}
		if qc == nil {
			// A float result the op declares (mlc.result_precision) and
			// its class takes for the role.
			if rp, _ := o.Attr(ResultPrecisionAttr).(*ir.StringAttr); rp != nil && precisionBits(rp.Value) == 0 && t.Accepts(class, "result", rp.Value) {
				continue
			}
			return fail("result", "the result is not quantized (no quant.qcast)")
		}
		out = quant.ElementType(qc.Result(0).Type())
		if matchRule(t, class, "result", "activation", out, "") == "" {
			return fail("result", "encoding %s follows no activation rule", out)
		}
	}
	if b, _ := qbehavior.OfOp(o); b.Has(qbehavior.SameScale) && t.KeepsEncoding(class) && out != nil {
		for i, q := range encs {
			if q != nil && q.String() != out.String() {
				return fail(fmt.Sprintf("operand #%d", i), "encoding %s differs from the result's %s, but the target keeps one encoding through op class '%s'", q, out, class)
			}
		}
	}
	return nil
}

// matchRule names the first rule of t for role that q follows and whose
// storage the class accepts for operand; act, when set, is the op's
// activation storage a weight rule must allow. "" when none.
func matchRule(t *target.Target, class, operand, role string, q quant.QuantizedType, act string) string {
	for _, r := range t.QuantRules(role) {
		if Satisfies(q, &r) != "" || !t.Accepts(class, operand, r.Storage) {
			continue
		}
		if act != "" && len(r.WithActivations) > 0 && !contains(r.WithActivations, act) {
			continue
		}
		return r.Name
	}
	return ""
}

// checkBiasScale: an integer bias of a contraction has scale s_in × s_w
// (per weight channel) so the i32 accumulator adds it without rescaling.
func checkBiasScale(q quant.QuantizedType, in *quant.UniformType, w quant.QuantizedType) string {
	if in == nil || w == nil {
		return "an integer bias needs quantized input and weight"
	}
	var scales []float64
	switch b := q.(type) {
	case *quant.UniformType:
		scales = []float64{b.Scale}
	case *quant.UniformPerAxisType:
		scales = b.Scales
	}
	for c, s := range scales {
		var sw float64
		switch w := w.(type) {
		case *quant.UniformType:
			sw = w.Scale
		case *quant.UniformPerAxisType:
			if len(w.Scales) != len(scales) {
				return fmt.Sprintf("bias has %d scales, the weight %d", len(scales), len(w.Scales))
			}
			sw = w.Scales[c]
		}
		if want := in.Scale * sw; math.Abs(s-want) > 1e-12*want {
			return fmt.Sprintf("bias scale %g of channel %d is not s_in × s_w = %g", s, c, want)
		}
	}
	return ""
}
