package compile

import (
	"errors"
	"fmt"
	"math"

	"github.com/mlc-go/mlc/driver/report"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/lowering/cost"
	"github.com/mlc-go/mlc/lowering/partition"
	"github.com/mlc-go/mlc/lowering/target"
)

// latency gathers the cost model's estimate of each vendor partition,
// priced in core form just before legalisation (the cost tables price
// core ops). CPU partitions are not estimated: the target files describe
// no host CPU.
type latency struct {
	t      *target.Target
	model  *cost.Model
	byName map[string]float64 // partition -> seconds
	// err says why there is no estimate (a target file without the
	// figures the cost model needs, an op it cannot price); the total is
	// then NaN and a latency budget fails.
	err error
}

// newLatency prices partitions on t; without the figures the cost model
// needs the estimate is missing, not the compile.
func newLatency(t *target.Target) *latency {
	l := &latency{t: t, byName: map[string]float64{}}
	l.model, l.err = cost.New(t)
	return l
}

// partition is driver/lower's BeforeLegalize hook.
func (l *latency) partition(fn *ir.Operation, p partition.Partition) error {
	if l.err != nil {
		return nil
	}
	r, err := cost.Estimate(l.model, fn, cost.Options{Boundary: true})
	if err != nil {
		var d *ir.Diagnostic
		if errors.As(err, &d) {
			err = errors.New(d.Message)
		}
		l.err = fmt.Errorf("@%s: %v", p.Name, err)
		return nil
	}
	l.byName[p.Name] = r.Total
	return nil
}

// totalMs sums the vendor partitions' estimates.
func (l *latency) totalMs() float64 {
	if l.err != nil {
		return math.NaN()
	}
	var s float64
	for _, name := range sortedKeys(l.byName) {
		s += l.byName[name]
	}
	return cost.Ms(s)
}

// partitions describes the partitions in order, with their estimates and
// each CPU partition's fallback reasons.
func (l *latency) partitions(reports []*partition.Report) []report.Partition {
	var out []report.Partition
	for _, r := range reports {
		next := 0
		for _, p := range r.Partitions {
			rp := report.Partition{Name: p.Name, Device: p.Device, Ops: p.Ops, EstimatedMs: cost.Ms(l.byName[p.Name])}
			if l.err != nil {
				rp.EstimatedMs = math.NaN()
			}
			for _, prec := range sortedKeys(p.ByPrecision) {
				rp.MACs += p.ByPrecision[prec].MACs
			}
			if p.Device == partition.CPU {
				// Fallbacks come in partition order, one per compute op
				// of each CPU partition.
				seen := map[string]bool{}
				for _, f := range r.Fallbacks[next:min(next+p.Ops, len(r.Fallbacks))] {
					why := f.Name + ": " + f.Reason
					if !seen[why] {
						seen[why] = true
						rp.FallbackWhy = append(rp.FallbackWhy, why)
					}
				}
				next += p.Ops
			}
			out = append(out, rp)
		}
	}
	return out
}

// note says why there is no estimate; "" when there is one.
func (l *latency) note() string {
	if l.err == nil {
		return ""
	}
	return "no estimate: " + l.err.Error()
}
