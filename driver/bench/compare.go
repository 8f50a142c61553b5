package bench

import (
	"fmt"
	"math"
	"sort"
	"strings"
)

// Direction says which way a metric improves.
type Direction int

const (
	Neutral      Direction = iota // a change is reported, never a regression
	LowerBetter                   // time, memory, size, latency
	HigherBetter                  // accuracy, coverage
)

// MetricSpec says how a metric is compared. Noisy metrics (times, memory)
// differ from run to run: they need repeated runs and a significant
// Mann-Whitney test before a difference counts. Exact ones are
// deterministic for a job key and compare by value.
type MetricSpec struct {
	Name   string // exact name, or a suffix when it starts with "."
	Noisy  bool
	Better Direction
	// Threshold is the smallest difference that counts: relative (0.05
	// is 5%) when Relative, else absolute in the metric's unit.
	Threshold float64
	Relative  bool
	Unit      string
	Doc       string
}

// Metrics are the known metrics. Stage figures are named
// "<stage>.seconds", "<stage>.peak_rss_bytes" and "<stage>.ops".
var Metrics = []MetricSpec{
	{Name: "compile_seconds", Noisy: true, Better: LowerBetter, Threshold: 0.05, Relative: true, Unit: "s", Doc: "wall time of the whole compile"},
	{Name: "peak_rss_bytes", Noisy: true, Better: LowerBetter, Threshold: 0.05, Relative: true, Unit: "B", Doc: "peak resident memory of the compile"},
	{Name: ".seconds", Noisy: true, Better: LowerBetter, Threshold: 0.05, Relative: true, Unit: "s", Doc: "wall time of one stage"},
	{Name: ".peak_rss_bytes", Noisy: true, Better: LowerBetter, Threshold: 0.05, Relative: true, Unit: "B", Doc: "peak resident memory at the end of one stage"},
	{Name: ".ops", Better: Neutral, Unit: "ops", Doc: "op count after one stage"},
	{Name: "sqnr_db", Better: HigherBetter, Threshold: 0.1, Unit: "dB", Doc: "lowest output SQNR against fp32 on the evaluation samples"},
	{Name: "cosine", Better: HigherBetter, Threshold: 1e-4, Doc: "lowest output cosine similarity against fp32"},
	{Name: "top1", Better: HigherBetter, Threshold: 1e-9, Doc: "share of evaluation samples whose arg-max agrees with fp32"},
	{Name: "latency_ms", Better: LowerBetter, Threshold: 0.01, Relative: true, Unit: "ms", Doc: "the cost model's latency estimate"},
	{Name: "bundle_bytes", Better: LowerBetter, Threshold: 0.01, Relative: true, Unit: "B", Doc: "size of the bundle's artefacts"},
	{Name: "coverage", Better: HigherBetter, Threshold: 1e-9, Doc: "share of compute ops in vendor partitions"},
	{Name: "node_tests_passed", Better: HigherBetter, Threshold: 1, Unit: "cases", Doc: "smoke tier: ONNX node tests that pass"},
}

// SpecFor returns the spec of a metric name; unknown metrics are exact
// and neutral (a change is shown, never a regression).
func SpecFor(name string) MetricSpec {
	for _, s := range Metrics {
		if s.Name == name || (strings.HasPrefix(s.Name, ".") && strings.HasSuffix(name, s.Name)) {
			s.Name = name
			return s
		}
	}
	return MetricSpec{Name: name, Better: Neutral}
}

// Verdict is a comparison's outcome for one metric of one job.
type Verdict string

const (
	Same     Verdict = "same"
	Better   Verdict = "better"
	Worse    Verdict = "worse"   // a regression
	Changed  Verdict = "changed" // differs, neither better nor worse
	Unsure   Verdict = "~"       // a noisy difference that is not significant
	Appeared Verdict = "new"     // only in the new file
	Gone     Verdict = "gone"    // only in the old file: a regression
	Broke    Verdict = "broke"   // ok before, failed now: a regression
	Fixed    Verdict = "fixed"   // failed before, ok now
)

// Regression reports whether v fails a comparison.
func (v Verdict) Regression() bool { return v == Worse || v == Gone || v == Broke }

// Change is one row of a comparison.
type Change struct {
	Model, Target, Metric string
	Old, New              float64 // medians over runs
	OldN, NewN            int     // runs
	// Delta is New − Old, relative to Old when the metric's threshold is.
	Delta    float64
	Relative bool
	// P is the Mann-Whitney p-value for noisy metrics, NaN for exact ones.
	P       float64
	Verdict Verdict
	Note    string
}

// CompareOptions tune a comparison.
type CompareOptions struct {
	// Alpha is the significance level for noisy metrics (default 0.05).
	Alpha float64
	// Thresholds override metric thresholds by name.
	Thresholds map[string]float64
}

// Comparison is the outcome of Compare.
type Comparison struct {
	Changes []Change
}

// Regressions are the rows that fail the comparison.
func (c *Comparison) Regressions() []Change {
	var out []Change
	for _, ch := range c.Changes {
		if ch.Verdict.Regression() {
			out = append(out, ch)
		}
	}
	return out
}

type jobID struct{ model, target string }

// job gathers one model × target's runs.
type job struct {
	ok, failed int
	errs       []string
	metrics    map[string][]float64
	artefacts  map[string]string // from the first ok run
	hashDiff   bool              // runs disagree on an artefact
}

func gather(recs []Record) map[jobID]*job {
	jobs := map[jobID]*job{}
	for i := range recs {
		r := &recs[i]
		id := jobID{r.Model, r.Target}
		j := jobs[id]
		if j == nil {
			j = &job{metrics: map[string][]float64{}}
			jobs[id] = j
		}
		if r.Status != StatusOK {
			j.failed++
			j.errs = append(j.errs, r.Error)
			continue
		}
		j.ok++
		for name, v := range flatMetrics(r) {
			j.metrics[name] = append(j.metrics[name], v)
		}
		if j.artefacts == nil {
			j.artefacts = r.Artefacts
		} else if !sameStrings(j.artefacts, r.Artefacts) {
			j.hashDiff = true
		}
	}
	return jobs
}

// flatMetrics is a record's metrics with its stages' figures added.
func flatMetrics(r *Record) map[string]float64 {
	m := make(map[string]float64, len(r.Metrics)+3*len(r.Stages))
	for k, v := range r.Metrics {
		m[k] = v
	}
	for _, s := range r.Stages {
		m[s.Name+".seconds"] = s.Seconds
		m[s.Name+".peak_rss_bytes"] = float64(s.PeakRSS)
		m[s.Name+".ops"] = float64(s.OpsAfter)
	}
	return m
}

func sameStrings(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// Compare compares two results files job by job (model × target) and
// metric by metric. Runs of one job are pooled: noisy metrics compare
// their samples with a Mann-Whitney test, exact ones their medians.
func Compare(old, cur []Record, opts CompareOptions) *Comparison {
	if opts.Alpha == 0 {
		opts.Alpha = 0.05
	}
	o, n := gather(old), gather(cur)
	ids := map[jobID]bool{}
	for id := range o {
		ids[id] = true
	}
	for id := range n {
		ids[id] = true
	}
	var order []jobID
	for id := range ids {
		order = append(order, id)
	}
	sort.Slice(order, func(i, k int) bool {
		if order[i].model != order[k].model {
			return order[i].model < order[k].model
		}
		return order[i].target < order[k].target
	})
	c := &Comparison{}
	for _, id := range order {
		oj, nj := o[id], n[id]
		row := Change{Model: id.model, Target: id.target, P: math.NaN()}
		switch {
		case oj == nil:
			row.Metric, row.Verdict = "job", Appeared
			c.Changes = append(c.Changes, row)
			continue
		case nj == nil:
			row.Metric, row.Verdict = "job", Gone
			c.Changes = append(c.Changes, row)
			continue
		case oj.ok > 0 && nj.ok == 0:
			row.Metric, row.Verdict, row.Note = "job", Broke, firstNonEmpty(nj.errs)
			c.Changes = append(c.Changes, row)
			continue
		case oj.ok == 0 && nj.ok > 0:
			row.Metric, row.Verdict = "job", Fixed
			c.Changes = append(c.Changes, row)
		case oj.ok == 0 && nj.ok == 0:
			continue
		}
		c.Changes = append(c.Changes, compareMetrics(id, oj, nj, opts)...)
		if oj.ok > 0 && !sameStrings(oj.artefacts, nj.artefacts) {
			row.Metric, row.Verdict = "artefacts", Changed
			row.Note = artefactNote(oj.artefacts, nj.artefacts)
			c.Changes = append(c.Changes, row)
		}
	}
	return c
}

func firstNonEmpty(xs []string) string {
	for _, x := range xs {
		if x != "" {
			return x
		}
	}
	return ""
}

func artefactNote(a, b map[string]string) string {
	var diff []string
	for k, v := range b {
		if w, ok := a[k]; !ok {
			diff = append(diff, "+"+k)
		} else if w != v {
			diff = append(diff, k)
		}
	}
	for k := range a {
		if _, ok := b[k]; !ok {
			diff = append(diff, "-"+k)
		}
	}
	sort.Strings(diff)
	return strings.Join(diff, " ")
}

func compareMetrics(id jobID, oj, nj *job, opts CompareOptions) []Change {
	var names []string
	for name := range oj.metrics {
		if _, ok := nj.metrics[name]; ok {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	var out []Change
	for _, name := range names {
		spec := SpecFor(name)
		if t, ok := opts.Thresholds[name]; ok {
			spec.Threshold = t
		}
		a, b := oj.metrics[name], nj.metrics[name]
		ch := Change{Model: id.model, Target: id.target, Metric: name,
			Old: median(a), New: median(b), OldN: len(a), NewN: len(b), P: math.NaN(), Relative: spec.Relative}
		ch.Delta = ch.New - ch.Old
		if spec.Relative {
			switch {
			case ch.Old != 0:
				ch.Delta /= math.Abs(ch.Old)
			case ch.New == 0:
				ch.Delta = 0
			default:
				ch.Delta = math.Inf(1)
			}
		}
		ch.Verdict = judge(spec, &ch, a, b, opts.Alpha)
		out = append(out, ch)
	}
	return out
}

// judge decides a verdict; it may set ch.P and ch.Note.
func judge(spec MetricSpec, ch *Change, a, b []float64, alpha float64) Verdict {
	if ch.Old == ch.New && !spec.Noisy {
		return Same
	}
	big := math.Abs(ch.Delta) >= spec.Threshold && ch.Delta != 0
	if spec.Noisy {
		ch.P = MannWhitney(a, b)
		if !big {
			return Same
		}
		if ch.P >= alpha {
			if minP := MannWhitney(seq(len(a), 0), seq(len(b), float64(len(a)))); minP >= alpha {
				ch.Note = fmt.Sprintf("needs more runs: %d against %d cannot reach p < %g", len(a), len(b), alpha)
			}
			return Unsure
		}
	} else if !big {
		return Same
	}
	switch {
	case spec.Better == Neutral:
		return Changed
	case (ch.Delta < 0) == (spec.Better == LowerBetter):
		return Better
	default:
		return Worse
	}
}

// seq is n distinct increasing values from start (for the smallest
// p-value n against m runs can give).
func seq(n int, start float64) []float64 {
	s := make([]float64, n)
	for i := range s {
		s[i] = start + float64(i)
	}
	return s
}
