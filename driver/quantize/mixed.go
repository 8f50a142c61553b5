package quantize

import (
	"math"
	"sort"

	"github.com/mlc-go/mlc/dialects/qbehavior"
	"github.com/mlc-go/mlc/interp"
	"github.com/mlc-go/mlc/ir"
	lq "github.com/mlc-go/mlc/lowering/quantize"
	"github.com/mlc-go/mlc/lowering/target"
)

// Mixed precision. Sensitivity of an op is measured as the output SQNR
// of the model with only that op at its cheapest precision and every
// other op in f32 (on the first SensitivitySamples samples). That
// isolates the op's own error, and the noise powers of independent
// errors add, so the noise the ops contribute can be ranked and summed:
// ops are ordered by noise per unit of work (MACs, or elements written),
// the most harmful per cost first, and the search looks for the shortest
// prefix of that order whose promotion to the next precision the target
// runs the op in (cost order: peak ops where the file gives them, else
// i8 < i16 < f16 < f32) meets the budget on the first SearchSamples
// samples: it starts from the prefix the additive noise model predicts,
// doubles until the budget is met, then bisects, so it costs a few
// models, not one per op. When promoting every op one step is not enough,
// the next level promotes from there one more step, in the same order.

// rung is one op's ladder of precisions, cheapest first, and where the
// baseline put it.
type rung struct {
	op     *ir.Operation
	ladder []string
	at     int // index of the baseline precision
	noise  float64
	score  float64
}

// costOrder sorts precisions cheapest first: by the target's peak ops
// when it gives both, else in lq.Precisions' order.
func costOrder(t *target.Target, ps []string) []string {
	out := append([]string(nil), ps...)
	idx := func(p string) int {
		for i, q := range lq.Precisions {
			if q == p {
				return i
			}
		}
		return len(lq.Precisions)
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, aok := t.PeakOps(out[i])
		b, bok := t.PeakOps(out[j])
		if aok && bok && a != b {
			return a > b
		}
		return idx(out[i]) < idx(out[j])
	})
	return out
}

func (d *driver) mixedPrecision(chosen map[*ir.Operation]string) (map[*ir.Operation]string, error) {
	budget := *d.opts.MinSQNR
	k := min(d.opts.SearchSamples, len(d.calib.Samples))
	ks := min(d.opts.SensitivitySamples, k)
	d.report.SearchSamples = k
	met := func(prec map[*ir.Operation]string, samples int) (bool, error) {
		c, err := d.build(prec, d.target, "")
		if err != nil {
			return false, err
		}
		n, err := d.outputSQNR(c, samples)
		if err != nil {
			return false, err
		}
		return n.worst() >= budget, nil
	}
	base, err := d.build(nil, d.target, "")
	if err != nil {
		return nil, err
	}
	n0, err := d.outputSQNR(base, k)
	if err != nil {
		return nil, err
	}
	if n0.worst() >= budget {
		if ok, err := met(nil, len(d.calib.Samples)); err != nil || ok || k == len(d.calib.Samples) {
			return map[*ir.Operation]string{}, err
		}
	}

	// The candidates, in walk order for a stable ranking.
	var rungs []*rung
	fn, _ := interp.LookupFunc(d.master, d.fnName)
	ir.WalkPreOrder(fn, func(o *ir.Operation) ir.WalkResult {
		p, ok := chosen[o]
		if !ok {
			return ir.Advance
		}
		if b, _ := qbehavior.OfOp(o); b.Has(qbehavior.SameScale) {
			if class, _ := target.ClassOf(o.Name()); d.target.KeepsEncoding(class) {
				return ir.Advance // kept in its input's encoding: adds no error
			}
		}
		ladder := costOrder(d.target, lq.Accepted(d.target, o))
		at := -1
		for i, q := range ladder {
			if q == p {
				at = i
			}
		}
		if at >= 0 && at < len(ladder)-1 {
			rungs = append(rungs, &rung{op: o, ladder: ladder, at: at})
		}
		return ir.Advance
	})

	// Sensitivities: one model per op, the op alone quantized.
	d.sensitivity = map[*ir.Operation]float64{}
	for i, r := range rungs {
		c, err := d.build(map[*ir.Operation]string{r.op: r.ladder[r.at]}, d.measure, "f32")
		if err == nil {
			var n *noise
			if n, err = d.outputSQNR(c, ks); err == nil {
				r.noise = n.total()
				d.sensitivity[r.op] = n.worst()
			}
		}
		if err != nil {
			// Not measurable alone (its rules need a quantized neighbour):
			// ranked last.
			r.noise = 0
		}
		r.score = r.noise / work(r.op)
		d.progress("sensitivity", i+1, len(rungs))
	}
	sort.SliceStable(rungs, func(i, j int) bool { return rungs[i].score > rungs[j].score })

	// prefix promotes the first n rungs to level lv and the rest to lv-1.
	prefix := func(lv, n int) map[*ir.Operation]string {
		prec := map[*ir.Operation]string{}
		for i, r := range rungs {
			step := lv - 1
			if i < n {
				step = lv
			}
			if j := min(r.at+step, len(r.ladder)-1); step > 0 {
				prec[r.op] = r.ladder[j]
			}
		}
		return prec
	}
	var best map[*ir.Operation]string
	for lv := 1; best == nil; lv++ {
		// The rungs that can still climb at this level lead the order, so
		// the prefix counts only them.
		var climb, rest []*rung
		for _, r := range rungs {
			if r.at+lv < len(r.ladder) {
				climb = append(climb, r)
			} else {
				rest = append(rest, r)
			}
		}
		if len(climb) == 0 {
			break
		}
		rungs = append(climb, rest...)
		n := len(climb)
		start := 1
		if lv == 1 {
			start = predict(climb, n0.total(), budget)
		}
		hi, lo := -1, 0
		tried := map[int]bool{}
		test := func(m int) (bool, error) {
			tried[m] = true
			return met(prefix(lv, m), k)
		}
		for m := min(start, n); hi < 0; m = min(2*m, n) {
			ok, err := test(m)
			if err != nil {
				return nil, err
			}
			if ok {
				hi = m
				break
			}
			lo = m
			if m == n {
				break
			}
		}
		if hi < 0 {
			continue // even all of them: one more level
		}
		for hi-lo > 1 {
			mid := (lo + hi) / 2
			ok, err := test(mid)
			if err != nil {
				return nil, err
			}
			if ok {
				hi = mid
			} else {
				lo = mid
			}
		}
		// The search ran on a subset: confirm on every sample, promoting
		// more while the whole set misses the budget.
		for k < len(d.calib.Samples) {
			ok, err := met(prefix(lv, hi), len(d.calib.Samples))
			if err != nil {
				return nil, err
			}
			if ok || hi == n {
				break
			}
			hi = min(2*hi, n)
		}
		best = prefix(lv, hi)
		d.recordPromotions(rungs, lv, hi)
	}
	if best == nil {
		// Unmet even with every op at its costliest precision.
		best = prefix(math.MaxInt32/2, 0)
		for _, r := range rungs {
			best[r.op] = r.ladder[len(r.ladder)-1]
		}
		d.recordPromotions(rungs, math.MaxInt32/2, 0)
	}
	return best, nil
}

// predict is the shortest prefix of climb (sorted) whose promotion the
// additive noise model expects to meet the budget: the baseline noise
// less the promoted ops' share of the measured noise.
func predict(climb []*rung, base, budget float64) int {
	var sum float64
	for _, r := range climb {
		sum += r.noise
	}
	want := math.Pow(10, -budget/10)
	if sum <= 0 || base <= 0 {
		return 1
	}
	left := base
	for i, r := range climb {
		left -= r.noise / sum * base
		if left <= want*0.8 {
			return i + 1
		}
	}
	return len(climb)
}

// recordPromotions lists the ops promoted in the report.
func (d *driver) recordPromotions(rungs []*rung, lv, n int) {
	d.report.Promoted = nil
	for i, r := range rungs {
		step := lv - 1
		if i < n {
			step = lv
		}
		j := min(r.at+step, len(r.ladder)-1)
		if j <= r.at {
			continue
		}
		s, ok := d.sensitivity[r.op]
		if !ok {
			s = math.NaN()
		}
		d.report.Promoted = append(d.report.Promoted, Promotion{Name: where(r.op), Op: r.op.Name(),
			From: r.ladder[r.at], To: r.ladder[j], Sensitivity: DB(s)})
	}
}
