package cost

import (
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/lowering/target"
)

// Placement weighs running a set of ops on a target's accelerator against
// running them on its host CPU, for cost-based partitioning (it is a
// partition.Coster).
type Placement struct {
	Accelerator, CPU *Model
}

// NewPlacement builds the two models from the target file, which must give
// every figure cost-based partitioning needs (target.CostBasedFigures: the
// error is positioned in the file).
func NewPlacement(t *target.Target) (*Placement, error) {
	if err := t.CostBasedFigures(); err != nil {
		return nil, err
	}
	acc, err := New(t)
	if err != nil {
		return nil, err
	}
	cpu, err := NewHost(t)
	if err != nil {
		return nil, err
	}
	return &Placement{Accelerator: acc, CPU: cpu}, nil
}

// Estimate is the time in seconds of ops run as one partition on the
// accelerator, with the host transfers of the values crossing its
// boundary (EstimateOps), and on the CPU, where no transfer is needed:
// the ops around a fallback candidate run on the CPU too. ops hold the
// cluster's compute ops and the constants and casts they read.
func (p *Placement) Estimate(ops []*ir.Operation) (onTarget, onCPU float64, err error) {
	acc, err := EstimateOps(p.Accelerator, ops, Options{Boundary: true})
	if err != nil {
		return 0, 0, err
	}
	cpu, err := EstimateOps(p.CPU, ops, Options{})
	if err != nil {
		return 0, 0, err
	}
	return acc.Total, cpu.Total, nil
}
