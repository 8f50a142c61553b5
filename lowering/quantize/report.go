package quantize

import (
	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/lowering/target"
)

// Decision is what quantize decided for one op, read back from the IR
// (the op's mlc.precision and the quant ops around it), for a driver's
// report.
type Decision struct {
	Op        *ir.Operation
	Class     string
	Precision string
	Operands  []Encoding // one per operand
	Results   []Encoding // one per result
}

// Encoding is one operand's or result's quantized element type; Type is
// nil for a value the op reads or writes in float.
type Encoding struct {
	Role string // the op class's role: input, weight, bias, lhs, rhs, result
	Type quant.QuantizedType
}

// Decisions lists, in order, every core op of fn that carries
// mlc.precision, with its encodings: operand i's is the type of the
// quant.dcast feeding it, a result's that of a quant.qcast reading it.
func Decisions(fn *ir.Operation) []Decision {
	var out []Decision
	ir.WalkPreOrder(fn, func(o *ir.Operation) ir.WalkResult {
		p, _ := o.Attr(PrecisionAttr).(*ir.StringAttr)
		if o.Dialect() != "core" || p == nil {
			return ir.Advance
		}
		class, _ := target.ClassOf(o.Name())
		d := Decision{Op: o, Class: class, Precision: p.Value}
		for i, v := range o.Operands() {
			e := Encoding{Role: operandRole(class, i)}
			if def := v.DefiningOp(); def != nil && def.Name() == "quant.dcast" {
				e.Type = quant.ElementType(def.Operand(0).Type())
			}
			d.Operands = append(d.Operands, e)
		}
		for _, r := range o.Results() {
			e := Encoding{Role: "result"}
			for _, u := range r.Users() {
				if u.Name() == "quant.qcast" {
					e.Type = quant.ElementType(u.Result(0).Type())
				}
			}
			d.Results = append(d.Results, e)
		}
		out = append(out, d)
		return ir.Advance
	})
	return out
}
