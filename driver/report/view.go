package report

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"
)

// worstShown is how many of the lowest-SQNR ops the summary lists; the
// full per-op table follows at the end.
const worstShown = 10

// view is a Bundle with every figure formatted and every summary
// derived, the one input of both the Markdown and the HTML template, so
// the two reports always say the same thing.
type view struct {
	Model, ModelSHA256   string
	Target, TargetSHA256 string
	Compiler             string
	Pipeline             string
	Passed               bool
	FailedGates          int
	Gates                []gateRow
	Outputs              []outputRow
	Failure              *failureRow
	Chart                chartView
	Precisions           []precisionRow
	Worst                []opRow
	Ops                  []opRow
	Partitions           []partitionRow
	Latency              latencyRow
	Artefacts            []artefactRow
}

type gateRow struct {
	Name, Output     string
	Value, Threshold string
	Relation         string // ≥ or ≤
	Passed           bool
}

type outputRow struct {
	Name                       string
	SQNR, Cosine, MaxAbs, Top1 string
}

type failureRow struct {
	WorstOp, WorstOpSQNR, Pass string
}

type chartView struct {
	File string // the chart's file beside the reports; "" when none
	// SVG is the chart for inlining in HTML, without its XML prolog.
	SVG string
	// Unplotted counts ops without a finite SQNR (not measured, or
	// exact), which the chart leaves out.
	Unplotted int
}

type precisionRow struct {
	Precision           string
	Ops, OpShare        string
	MACs, MACShare      string
	MinSQNR, MedianSQNR string
}

type opRow struct {
	Index     int // 1-based program order
	Name, Op  string
	Precision string
	SQNR      string
	Partition string
	MACs      string
}

type partitionRow struct {
	Name, Device string
	Ops, MACs    string
	EstimatedMs  string
	Share        string // of the total estimate
	OpRanges     string // where its ops sit in program order
	FallbackWhy  []string
}

type latencyRow struct {
	Total, Budget string // Budget is missing when none was given
	Result        string
	Over          bool
}

type artefactRow struct {
	Path, Bytes, SHA256 string
}

func newView(b *Bundle, chart []byte) *view {
	v := &view{
		Model:        orMissing(b.Model),
		ModelSHA256:  orMissing(b.ModelSHA256),
		Target:       orMissing(b.Target),
		TargetSHA256: orMissing(b.TargetSHA256),
		Compiler:     orMissing(b.Compiler),
		Pipeline:     b.Pipeline,
		Passed:       b.Passed,
	}
	for _, g := range b.Gates {
		rel := "≤"
		if g.AtLeast {
			rel = "≥"
		}
		if !g.Passed {
			v.FailedGates++
		}
		v.Gates = append(v.Gates, gateRow{
			Name: orMissing(g.Name), Output: orMissing(g.Output),
			Value: formatMetric(g.Name, g.Value), Threshold: formatMetric(g.Name, g.Threshold),
			Relation: rel, Passed: g.Passed,
		})
	}
	for _, o := range b.Outputs {
		v.Outputs = append(v.Outputs, outputRow{
			Name: orMissing(o.Name), SQNR: dB(o.SQNRdB), Cosine: cosine(o.Cosine),
			MaxAbs: general(o.MaxAbs, 4), Top1: percent(o.Top1),
		})
	}
	if f := b.Failure; f != nil {
		v.Failure = &failureRow{WorstOp: orMissing(f.WorstOp), WorstOpSQNR: dB(f.WorstOpSQNR), Pass: f.Pass}
	}
	if chart != nil {
		v.Chart.File = ChartFile
		v.Chart.SVG = inlineSVG(chart)
	}
	var totalMACs int64
	for i, op := range b.Ops {
		if !isFinite(op.SQNRdB) {
			v.Chart.Unplotted++
		}
		totalMACs += op.MACs
		v.Ops = append(v.Ops, opRow{
			Index: i + 1, Name: orMissing(op.Name), Op: orMissing(op.Op),
			Precision: orMissing(op.Precision), SQNR: dB(op.SQNRdB),
			Partition: orMissing(op.Partition), MACs: count(op.MACs),
		})
	}
	v.Precisions = precisionRows(b.Ops, totalMACs)
	v.Worst = worstOps(b.Ops, v.Ops)
	v.Partitions = partitionRows(b)
	v.Latency = latencyRowOf(b.Latency)
	for _, a := range b.Artefacts {
		v.Artefacts = append(v.Artefacts, artefactRow{Path: orMissing(a.Path), Bytes: count(a.Bytes), SHA256: orMissing(a.SHA256)})
	}
	return v
}

func latencyRowOf(l Latency) latencyRow {
	r := latencyRow{Total: ms(l.TotalMs), Budget: missing}
	switch {
	case math.IsNaN(l.TotalMs):
		r.Result = "not estimated"
	case !(l.BudgetMs > 0):
		r.Result = "no budget given"
	case l.TotalMs <= l.BudgetMs:
		r.Result = "within budget"
	default:
		r.Result, r.Over = "over budget", true
	}
	if l.BudgetMs > 0 {
		r.Budget = ms(l.BudgetMs)
	}
	return r
}

func isFinite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// precisionRows groups ops by precision, most ops first (ties by name).
func precisionRows(ops []Op, totalMACs int64) []precisionRow {
	type group struct {
		name string
		ops  int
		macs int64
		sqnr []float64
	}
	byName := map[string]*group{}
	var groups []*group
	for _, op := range ops {
		g := byName[op.Precision]
		if g == nil {
			g = &group{name: op.Precision}
			byName[op.Precision] = g
			groups = append(groups, g)
		}
		g.ops++
		g.macs += op.MACs
		if !math.IsNaN(op.SQNRdB) {
			g.sqnr = append(g.sqnr, op.SQNRdB)
		}
	}
	slices.SortFunc(groups, func(a, b *group) int {
		return cmp.Or(cmp.Compare(b.ops, a.ops), strings.Compare(a.name, b.name))
	})
	rows := make([]precisionRow, 0, len(groups))
	for _, g := range groups {
		minSQNR, median := math.NaN(), math.NaN()
		if n := len(g.sqnr); n > 0 {
			slices.Sort(g.sqnr)
			minSQNR = g.sqnr[0]
			median = g.sqnr[n/2]
			if n%2 == 0 {
				median = (g.sqnr[n/2-1] + g.sqnr[n/2]) / 2
			}
		}
		rows = append(rows, precisionRow{
			Precision: orMissing(g.name),
			Ops:       count(int64(g.ops)), OpShare: share(float64(g.ops), float64(len(ops))),
			MACs: count(g.macs), MACShare: share(float64(g.macs), float64(totalMACs)),
			MinSQNR: dB(minSQNR), MedianSQNR: dB(median),
		})
	}
	return rows
}

// worstOps are the ops with the lowest measured SQNR, lowest first, ties
// in program order; exact (+∞) and unmeasured ops are not listed.
func worstOps(ops []Op, rows []opRow) []opRow {
	var idx []int
	for i, op := range ops {
		if !math.IsNaN(op.SQNRdB) && !math.IsInf(op.SQNRdB, 1) {
			idx = append(idx, i)
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(ops[a].SQNRdB, ops[b].SQNRdB) })
	if len(idx) > worstShown {
		idx = idx[:worstShown]
	}
	out := make([]opRow, len(idx))
	for i, j := range idx {
		out[i] = rows[j]
	}
	return out
}

func partitionRows(b *Bundle) []partitionRow {
	// Where each partition's ops sit in program order, as 1-based ranges.
	ranges := map[string][][2]int{}
	for i, op := range b.Ops {
		r := ranges[op.Partition]
		if n := len(r); n > 0 && r[n-1][1] == i {
			r[n-1][1] = i + 1
		} else {
			r = append(r, [2]int{i + 1, i + 1})
		}
		ranges[op.Partition] = r
	}
	var total float64
	for _, p := range b.Partitions {
		total += p.EstimatedMs
	}
	rows := make([]partitionRow, 0, len(b.Partitions))
	for _, p := range b.Partitions {
		rows = append(rows, partitionRow{
			Name: orMissing(p.Name), Device: orMissing(p.Device),
			Ops: count(int64(p.Ops)), MACs: count(p.MACs),
			EstimatedMs: ms(p.EstimatedMs), Share: share(p.EstimatedMs, total),
			OpRanges:    formatRanges(ranges[p.Name]),
			FallbackWhy: p.FallbackWhy,
		})
	}
	return rows
}

// maxRanges bounds the ranges listed for one partition; a partition
// scattered over more runs says how many more there are.
const maxRanges = 8

func formatRanges(rs [][2]int) string {
	if len(rs) == 0 {
		return missing
	}
	var parts []string
	for i, r := range rs {
		if i == maxRanges {
			parts = append(parts, "… "+strconv.Itoa(len(rs)-maxRanges)+" more")
			break
		}
		if r[0] == r[1] {
			parts = append(parts, strconv.Itoa(r[0]))
		} else {
			parts = append(parts, strconv.Itoa(r[0])+"–"+strconv.Itoa(r[1]))
		}
	}
	return strings.Join(parts, ", ")
}
