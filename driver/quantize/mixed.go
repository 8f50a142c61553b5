package quantize

import (
	"math"
	"sort"
	"strings"

	"github.com/mlc-go/mlc/dialects/qbehavior"
	"github.com/mlc-go/mlc/interp"
	"github.com/mlc-go/mlc/ir"
	lq "github.com/mlc-go/mlc/lowering/quantize"
	"github.com/mlc-go/mlc/lowering/target"
)

// Mixed precision. The candidates are the ops at an integer precision
// the target can raise, except same-scale ops kept in their input's
// encoding that read one value (they add no error); one that merges
// several (a concatenation) requantizes them into its shared encoding and
// is a candidate. Sensitivity of an op is measured as the output SQNR
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
// the next level promotes a prefix one more step, in the same order, and
// the lower levels are then bisected down again (see below). A
// contraction's ladder has one more step above its integer precision:
// the same MACs with wider results (lq.WiderResults, from the target
// file's result types), cheaper than moving its operands up. "Meets the
// budget" is noise.bound: the samples' noise plus one standard error, so
// the result holds on inputs the search did not see.

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
	sensSamples := min(d.opts.SensitivitySamples, k)
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
		return n.bound() >= budget, nil
	}
	base, err := d.build(nil, d.target, "")
	if err != nil {
		return nil, err
	}
	n0, err := d.outputSQNR(base, k)
	if err != nil {
		return nil, err
	}
	if n0.bound() >= budget {
		if k == len(d.calib.Samples) {
			return map[*ir.Operation]string{}, nil
		}
		if ok, err := met(nil, len(d.calib.Samples)); err != nil || ok {
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
		if d.keeps(o) && !merges(o) {
			return ir.Advance // kept in its input's encoding: adds no error
		}
		ladder := costOrder(d.target, lq.Accepted(d.target, o))
		at := -1
		for i, q := range ladder {
			if q == p {
				at = i
			}
		}
		// A contraction's first step up keeps its MACs at p and widens
		// only its output, where the target takes a wider result.
		if wider := lq.WiderResults(d.target, o, p); at >= 0 && macs(o) > 0 && len(wider) > 0 {
			step := p + resultSep + costOrder(d.target, wider)[0]
			ladder = append(ladder[:at+1:at+1], append([]string{step}, ladder[at+1:]...)...)
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
			if n, err = d.outputSQNR(c, sensSamples); err == nil {
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

	// A promotion is a count per level: k[l-1] is how many of level l's
	// climbers (the rungs that have an l-th step up, in the ranked order)
	// take it; each rung gets the highest step it is counted in.
	climbers := func(lv int) []*rung {
		var out []*rung
		for _, r := range rungs {
			if r.at+lv < len(r.ladder) {
				out = append(out, r)
			}
		}
		return out
	}
	assign := func(ks []int) map[*ir.Operation]string {
		step := map[*rung]int{}
		for l, n := range ks {
			for _, r := range climbers(l + 1)[:n] {
				step[r] = l + 1
			}
		}
		prec := map[*ir.Operation]string{}
		for r, st := range step {
			prec[r.op] = r.ladder[r.at+st]
		}
		return prec
	}
	meets := func(ks []int) (bool, error) { return met(assign(ks), k) }
	// smallest finds the least count at level l (others fixed) that meets
	// the budget, knowing lo fails and hi meets (hi < 0: unknown, then it
	// doubles from start up to n).
	smallest := func(ks []int, l, lo, hi, start, n int) (int, error) {
		for m := max(min(start, n), lo+1); hi < 0; m = min(2*m, n) {
			ks[l] = m
			ok, err := meets(ks)
			if err != nil {
				return 0, err
			}
			if ok {
				hi = m
				break
			}
			lo = m
			if m == n {
				return -1, nil
			}
		}
		for hi-lo > 1 {
			ks[l] = (lo + hi) / 2
			ok, err := meets(ks)
			if err != nil {
				return 0, err
			}
			if ok {
				hi = ks[l]
			} else {
				lo = ks[l]
			}
		}
		ks[l] = hi
		return hi, nil
	}
	// Level by level: the least count at level 1; when every climber of a
	// level is not enough, all of them keep that step and the next level
	// is searched. Once a level meets the budget, the levels below are
	// searched down again, since the ops promoted higher may leave room
	// for fewer promotions below (the most harmful ops to f16 and every
	// other one at int8, rather than every op to int16).
	var ks []int
	found := false
	for lv := 1; !found; lv++ {
		n := len(climbers(lv))
		if n == 0 {
			break
		}
		ks = append(ks, 0)
		start := 1
		if lv == 1 {
			start = predict(climbers(1), n0.total(), budget)
		}
		got, err := smallest(ks, lv-1, 0, -1, start, n)
		if err != nil {
			return nil, err
		}
		if got < 0 {
			ks[lv-1] = n
			continue
		}
		found = true
		for l := lv - 2; l >= 0; l-- {
			full := ks[l]
			ks[l] = 0
			ok, err := meets(ks)
			if err != nil {
				return nil, err
			}
			if ok {
				continue
			}
			if _, err := smallest(ks, l, 0, full, 1, full); err != nil {
				return nil, err
			}
		}
	}
	if !found {
		// Unmet even with every op at its costliest precision.
		best := map[*ir.Operation]string{}
		for _, r := range rungs {
			best[r.op] = r.ladder[len(r.ladder)-1]
		}
		d.recordPromotions(rungs, best)
		return best, nil
	}
	// The search ran on a subset: confirm on every sample, promoting more
	// at the top level while the whole set misses the budget.
	top := len(ks) - 1
	for k < len(d.calib.Samples) {
		ok, err := met(assign(ks), len(d.calib.Samples))
		if err != nil {
			return nil, err
		}
		n := len(climbers(top + 1))
		if ok || ks[top] == n {
			break
		}
		ks[top] = min(2*ks[top], n)
	}
	best := assign(ks)
	d.recordPromotions(rungs, best)
	return best, nil
}

// resultSep joins an op's precision and its results' in a ladder step
// ("i8/i16": 8-bit MACs, 16-bit output encoding).
const resultSep = "/"

// splitPrecision splits a ladder step into the op's precision and its
// results' ("" when they are the op's).
func splitPrecision(p string) (op, result string) {
	op, result, _ = strings.Cut(p, resultSep)
	return op, result
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

// recordPromotions lists the ops promoted in the report, in ranked
// order.
func (d *driver) recordPromotions(rungs []*rung, prec map[*ir.Operation]string) {
	d.report.Promoted = nil
	for _, r := range rungs {
		p, ok := prec[r.op]
		if !ok || p == r.ladder[r.at] {
			continue
		}
		s, ok := d.sensitivity[r.op]
		if !ok {
			s = math.NaN()
		}
		to, res := splitPrecision(p)
		d.report.Promoted = append(d.report.Promoted, Promotion{Name: where(r.op), Op: r.op.Name(),
			From: r.ladder[r.at], To: to, Result: res, Sensitivity: DB(s)})
	}
}

// merges reports whether o reads several float values: kept in one
// shared encoding, it requantizes every input that arrives in another
// (a concatenation of a constant class token and computed patches puts
// the token on the patches' scale), so it adds error of its own and is a
// candidate for promotion, at no MACs.
func merges(o *ir.Operation) bool {
	n := 0
	for _, v := range o.Operands() {
		if ir.IsFloat(ir.ElementTypeOf(v.Type())) {
			n++
		}
	}
	return n > 1
}

// keeps reports whether o is a same-scale op (dialects/qbehavior) of a
// class the target runs in its input's encoding: it adds no error of its
// own, and its precision follows its input's.
func (d *driver) keeps(o *ir.Operation) bool {
	b, _ := qbehavior.OfOp(o)
	if !b.Has(qbehavior.SameScale) {
		return false
	}
	class, _ := target.ClassOf(o.Name())
	return d.target.KeepsEncoding(class)
}
