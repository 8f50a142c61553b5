package interp

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/mlc-go/mlc/ir"
)

// OpTimes adds up the wall time of each op over runs (Options.OpTime =
// t.Add), for a profile by op kind and by op.
type OpTimes struct {
	byOp map[*ir.Operation]time.Duration
	// order lists the ops in first-run order, so equal times print in
	// program order.
	order []*ir.Operation
}

// Add records one execution of op.
func (t *OpTimes) Add(op *ir.Operation, d time.Duration) {
	if t.byOp == nil {
		t.byOp = map[*ir.Operation]time.Duration{}
	}
	if _, ok := t.byOp[op]; !ok {
		t.order = append(t.order, op)
	}
	t.byOp[op] += d
}

// Reset forgets what was recorded (a warm-up run's constants and weight
// packing, say).
func (t *OpTimes) Reset() { t.byOp, t.order = nil, nil }

// Report writes, per op name, the op count, the time per run and its share
// of all ops' time, slowest first, then the top slowest single ops with
// their locations. A func.call's time includes its callee's ops, which
// are listed too, so calls are left out of the shares.
func (t *OpTimes) Report(w io.Writer, runs, top int) {
	runs = max(runs, 1)
	type row struct {
		name  string
		ops   int
		total time.Duration
	}
	rows := map[string]*row{}
	var names []string
	var all time.Duration
	for _, op := range t.order {
		r := rows[op.Name()]
		if r == nil {
			r = &row{name: op.Name()}
			rows[op.Name()] = r
			names = append(names, op.Name())
		}
		r.ops++
		r.total += t.byOp[op]
		if op.Name() != "func.call" {
			all += t.byOp[op]
		}
	}
	sorted := make([]*row, 0, len(names))
	for _, n := range names {
		sorted = append(sorted, rows[n])
	}
	slices.SortStableFunc(sorted, func(a, b *row) int { return cmp.Compare(b.total, a.total) })
	perRun := func(d time.Duration) float64 { return float64(d) / float64(runs) / 1e6 }
	share := func(d time.Duration) float64 {
		if all == 0 {
			return 0
		}
		return 100 * float64(d) / float64(all)
	}
	fmt.Fprintf(w, "op times over %d runs: %.3f ms per run in ops\n", runs, perRun(all))
	fmt.Fprintf(w, "%-28s %6s %12s %7s\n", "op", "count", "ms per run", "share")
	for _, r := range sorted {
		if r.name == "func.call" {
			fmt.Fprintf(w, "%-28s %6d %12.3f %7s\n", r.name, r.ops, perRun(r.total), "(callee)")
			continue
		}
		fmt.Fprintf(w, "%-28s %6d %12.3f %6.1f%%\n", r.name, r.ops, perRun(r.total), share(r.total))
	}
	if top <= 0 {
		return
	}
	ops := slices.Clone(t.order)
	ops = slices.DeleteFunc(ops, func(op *ir.Operation) bool { return op.Name() == "func.call" })
	slices.SortStableFunc(ops, func(a, b *ir.Operation) int { return cmp.Compare(t.byOp[b], t.byOp[a]) })
	fmt.Fprintf(w, "slowest ops:\n")
	for _, op := range ops[:min(top, len(ops))] {
		fmt.Fprintf(w, "%12.3f ms %6.1f%%  %s at %s\n", perRun(t.byOp[op]), share(t.byOp[op]), op.Name(), op.Loc)
	}
}
