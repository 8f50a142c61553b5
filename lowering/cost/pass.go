package cost

import (
	"errors"
	"fmt"
	"io"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/lowering/target"
	"github.com/mlc-go/mlc/rewrite/pass"
)

// Pass is estimate-cost, an analysis: it prints the estimate of each
// function it runs on and changes nothing.
var Pass = pass.Register(&pass.Pass{
	Name:    "estimate-cost",
	Summary: "EstimateCost",
	Doc: "Prints the cost model's latency estimate of the function on a target (labelled as an estimate): per op " +
		"class the layers, MACs, DRAM bytes and compute, memory and overhead time, the total with the host transfers " +
		"of the arguments and results, and with per-op=true one line per op. Each op takes the larger of its compute " +
		"time (operations over the target's peak rate for its precision) and its memory time (bytes over the memory " +
		"bandwidth; activations that fit in half the on-chip memory stay there, and epilogues fused into a conv or " +
		"matmul layer read nothing back) plus the target's per-layer overhead. Ops computing only from constants " +
		"and the quantization casts of QDQ form between two layers are free. An op's precision is its quantized " +
		"storage type, else its mlc.precision, else precision= for float ops, else its element type; a precision " +
		"the file has no peak rate for is priced at the narrowest one at least as wide (shown as i16@f16).",
	Options: []pass.Option{
		pass.StringOpt("target", "", "built-in target name (see mlc-opt --show-targets)"),
		pass.StringOpt("target-file", "", "a target description file (YAML) instead of a built-in target"),
		pass.StringOpt("precision", "", "precision of float ops without mlc.precision, an element type of the target files (i8, f16, ...); default: their element type"),
		pass.BoolOpt("per-op", false, "print one line per op"),
	},
	OpName:  "func.func",
	Changes: pass.NoEffects,
	Run: func(fn *ir.Operation, opts pass.Options, pc *pass.Context) error {
		t, err := target.Resolve("estimate-cost", opts.Text("target"), opts.Text("target-file"), pc.Target())
		if err != nil {
			return ir.Errorf(fn.Loc, "%v", err)
		}
		asIf := opts.Text("precision")
		if _, ok := elemByName(asIf); asIf != "" && !ok {
			return ir.Errorf(fn.Loc, "estimate-cost: precision '%s' is not an element type of the target files", asIf)
		}
		m, err := New(t)
		if err != nil {
			return ir.Errorf(fn.Loc, "%v", err)
		}
		r, err := Estimate(m, fn, Options{AsIf: asIf, Boundary: true})
		if err != nil {
			var d *ir.Diagnostic
			if errors.As(err, &d) {
				return d
			}
			return ir.Errorf(fn.Loc, "%v", err)
		}
		Write(pc.Out(), r, opts.Bool("per-op"))
		return nil
	},
})

// Write prints a report: per class, the total, and per op when asked.
func Write(w io.Writer, r *Report, perOp bool) {
	fmt.Fprintf(w, "Cost estimate of @%s on %s (an estimate, not a measurement):\n", r.Func, r.Target)
	fmt.Fprintf(w, "  %-14s %6s %6s %10s %12s %10s %10s %10s %10s\n", "class", "ops", "layers", "MMACs", "DRAM bytes",
		"compute", "memory", "overhead", "time ms")
	for _, c := range r.ByClass() {
		fmt.Fprintf(w, "  %-14s %6d %6d %10.3f %12d %10.4f %10.4f %10.4f %10.4f\n", c.Class, c.Ops, c.Layers,
			float64(c.MACs)/1e6, c.DRAMBytes, Ms(c.Compute), Ms(c.Memory), Ms(c.Overhead), Ms(c.Time))
	}
	fmt.Fprintf(w, "  host transfers: %d bytes, %.4f ms\n", r.TransferBytes, Ms(r.Transfer))
	fmt.Fprintf(w, "  total: %d layers, %.3f GMACs, %.4f ms\n", r.Layers, float64(r.MACs())/1e9, Ms(r.Total))
	if !perOp {
		return
	}
	ops := make([]*OpCost, 0, len(r.Ops))
	for i := range r.Ops {
		if !r.Ops[i].Free {
			ops = append(ops, &r.Ops[i])
		}
	}
	for i, c := range ops {
		fused := ""
		if c.Fused {
			fused = " fused"
		}
		prec := c.Precision
		if c.RateOf != "" && c.RateOf != c.Precision {
			prec += "@" + c.RateOf // priced at another precision's rate
		}
		fmt.Fprintf(w, "  op %d: %s %s %s MMACs=%.3f bytes=%d time=%.4f ms %s%s\n", i, c.Op.Name(), c.Class, prec,
			float64(c.MACs)/1e6, c.DRAMBytes, Ms(c.Time()), c.Bound(), fused)
	}
}
