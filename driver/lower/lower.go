// Package lower is `mlc lower`'s library: partition a quantized model for
// a target, then legalise its vendor partitions with the target backend's
// legaliser, leaving the CPU partitions in core for the interpreter.
package lower

import (
	"fmt"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/lowering/cost"
	"github.com/mlc-go/mlc/lowering/partition"
	"github.com/mlc-go/mlc/lowering/target"
)

// Options configure a lowering.
type Options struct {
	Target       *target.Target
	MinBlockSize int      // 0: partition's default
	Fallback     []string // ops always run on the CPU
	RequireFull  bool
	// CostBased also runs a cluster on the CPU when the target file's
	// cost model estimates it faster there (partition.Options.Cost).
	CostBased bool
	// DryRun plans the partitions and changes nothing.
	DryRun bool
	// BeforeLegalize, when set, sees each vendor partition function in
	// core form just before its legaliser runs (the cost model prices
	// core ops).
	BeforeLegalize func(fn *ir.Operation, p partition.Partition) error
}

// Lower partitions every function of module that has no mlc.target and
// legalises the vendor partitions. It returns one report per function.
// On error the module may be partly lowered; callers write nothing.
func Lower(module *ir.Operation, opts Options) ([]*partition.Report, error) {
	if opts.Target == nil {
		return nil, fmt.Errorf("lower needs a target")
	}
	backend, ok := partition.Backends[opts.Target.Backend]
	if !ok && !opts.DryRun {
		return nil, fmt.Errorf("target '%s' is for backend '%s', which has no legaliser yet", opts.Target.Name, opts.Target.Backend)
	}
	popts := partition.Options{Target: opts.Target, MinBlockSize: opts.MinBlockSize,
		Fallback: opts.Fallback, RequireFull: opts.RequireFull}
	if opts.CostBased {
		pl, err := cost.NewPlacement(opts.Target)
		if err != nil {
			return nil, err
		}
		popts.Cost = pl
	}
	var reports []*partition.Report
	for _, fn := range partition.Functions(module) {
		var r *partition.Report
		var err error
		if opts.DryRun {
			r, err = partition.Plan(fn, popts)
		} else {
			r, err = partition.Apply(fn, popts)
		}
		if err != nil {
			return reports, err
		}
		reports = append(reports, r)
	}
	if opts.DryRun {
		return reports, nil
	}
	symbols := ir.NewSymbolTable(module)
	for _, r := range reports {
		for _, p := range r.Partitions {
			if p.Device == partition.CPU {
				continue
			}
			fn := symbols.Lookup(p.Name)
			if fn == nil {
				return reports, fmt.Errorf("partition @%s is missing after partitioning", p.Name)
			}
			if opts.BeforeLegalize != nil {
				if err := opts.BeforeLegalize(fn, p); err != nil {
					return reports, err
				}
			}
			if err := backend.Legalize(fn, opts.Target); err != nil {
				return reports, err
			}
		}
	}
	return reports, ir.Verify(module)
}
