package partition

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/lowering/cost"
	"github.com/mlc-go/mlc/lowering/target"
	"github.com/mlc-go/mlc/rewrite/pass"
)

// Pass is `partition`.
var Pass = pass.Register(&pass.Pass{
	Name:    "partition",
	Summary: "Partition",
	Doc: "Splits every function without mlc.target into vendor partitions (target-legal ops, clustered " +
		"in program order; clusters under min-block-size fall back) and CPU fallback partitions, each a " +
		"private func.func with mlc.target naming its device, called in order from the function, which " +
		"becomes the host's (mlc.target = \"cpu\"). Constants and quant.qcast/dcast/scast are copied into " +
		"each partition that reads them, so boundaries carry the ops' own float or integer values and each " +
		"partition applies the quantization it reads through. fallback= names ops always " +
		"run on the CPU; require-full fails with every op that would fall back instead; dry-run only " +
		"prints the coverage report. cost-based also sends a cluster to the CPU when the cost model " +
		"(lowering/cost, from the target file's peak rates, bandwidths, per-layer overhead, host_cpu " +
		"section and host transfer figures) estimates it faster there than on the target with the " +
		"transfers across its boundary; dry-run then prints both estimates.",
	Options: []pass.Option{
		pass.StringOpt("target", "", "built-in target name (see mlc-opt --show-targets)"),
		pass.StringOpt("target-file", "", "a target description file (YAML) instead of a built-in target"),
		pass.IntOpt("min-block-size", DefaultMinBlockSize, "fewest compute ops a vendor partition may hold"),
		pass.ListOpt(pass.StringOpt("fallback", "", "ops (core.softmax or softmax) always run on the CPU")),
		pass.BoolOpt("require-full", false, "fail instead of falling back"),
		pass.BoolOpt("dry-run", false, "print the coverage report and leave the IR as it is"),
		pass.BoolOpt("cost-based", false, "also run a cluster on the CPU when that is estimated faster (needs the target file's host_cpu and transfer figures)"),
	},
	OpName:  "builtin.module",
	Changes: pass.MayChange(pass.Partitioning),
	Run: func(module *ir.Operation, opts pass.Options, pc *pass.Context) error {
		t, err := target.Resolve("partition", opts.Text("target"), opts.Text("target-file"), pc.Target())
		if err != nil {
			return ir.Errorf(module.Loc, "%v", err)
		}
		o := Options{Target: t, MinBlockSize: opts.Int("min-block-size"), Fallback: opts.List("fallback"),
			RequireFull: opts.Bool("require-full")}
		if opts.Bool("cost-based") {
			pl, err := cost.NewPlacement(t)
			if err != nil {
				return ir.Errorf(module.Loc, "partition: %v", err)
			}
			o.Cost = pl
		}
		for _, fn := range Functions(module) {
			var r *Report
			if opts.Bool("dry-run") {
				r, err = Plan(fn, o)
			} else {
				r, err = Apply(fn, o)
			}
			if err != nil {
				return err
			}
			if opts.Bool("dry-run") {
				r.Write(pc.Out())
			}
			pc.Add("num-partitions", "Number of partitions made", int64(len(r.Partitions)))
			pc.Add("num-fallback-ops", "Number of compute ops placed on the CPU", int64(len(r.Fallbacks)))
		}
		return nil
	},
})

// Functions lists the functions of module a partitioning applies to: those
// with a body and no mlc.target yet.
func Functions(module *ir.Operation) []*ir.Operation {
	var out []*ir.Operation
	if module.NumRegions() == 0 || module.Region(0).Empty() {
		return nil
	}
	for _, op := range module.Region(0).Front().Ops() {
		if op.Name() == "func.func" && op.Attr(TargetAttr) == nil && op.NumRegions() > 0 && !op.Region(0).Empty() {
			out = append(out, op)
		}
	}
	return out
}

// Write prints the report as --dry-run shows it.
func (r *Report) Write(w io.Writer) {
	onOps, onMACs := r.Coverage()
	fmt.Fprintf(w, "partition of @%s for %s: %d partitions, %.1f%% of compute ops and %.1f%% of MACs on the target\n",
		r.Function, r.Target, len(r.Partitions), 100*onOps, 100*onMACs)
	for _, p := range r.Partitions {
		fmt.Fprintf(w, "  @%s on %s: %d ops, %d inputs (%d bytes), %d outputs (%d bytes)",
			p.Name, p.Device, p.Ops, p.Inputs, p.InputBytes, p.Outputs, p.OutputBytes)
		switch {
		case p.EstimatedTarget > 0:
			fmt.Fprintf(w, ", estimated %.3g ms on the target with transfers, %.3g ms on the CPU", p.EstimatedTarget*1e3, p.EstimatedCPU*1e3)
		case p.EstimatedCPU > 0:
			fmt.Fprintf(w, ", estimated %.3g ms on the CPU", p.EstimatedCPU*1e3)
		}
		fmt.Fprintln(w)
		precs := make([]string, 0, len(p.ByPrecision))
		for k := range p.ByPrecision {
			precs = append(precs, k)
		}
		sort.Strings(precs)
		parts := make([]string, len(precs))
		for i, k := range precs {
			c := p.ByPrecision[k]
			parts[i] = fmt.Sprintf("%s: %d ops, %d MACs", k, c.Ops, c.MACs)
		}
		fmt.Fprintf(w, "    %s\n", strings.Join(parts, "; "))
	}
	for _, f := range r.Fallbacks {
		fmt.Fprintf(w, "  fallback %s at %s: %s\n", f.Name, f.Loc, f.Reason)
	}
}
