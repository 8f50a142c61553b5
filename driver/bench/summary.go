package bench

import (
	"fmt"
	"io"
	"math"
	"text/tabwriter"
)

// WriteSummary prints one row per job (medians over its runs): status,
// compile time, peak memory, accuracy, coverage, latency estimate and
// bundle size; failures with their error's first line.
func WriteSummary(w io.Writer, recs []Record) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "model\ttarget\truns\tstatus\tgates\tcompile s\tpeak MiB\tSQNR dB\tcoverage\tlatency ms\tbundle KiB\t")
	jobs := gather(recs)
	seen := map[jobID]bool{}
	for i := range recs {
		id := jobID{recs[i].Model, recs[i].Target}
		if seen[id] {
			continue
		}
		seen[id] = true
		j := jobs[id]
		status := "ok"
		if j.ok == 0 {
			status = "FAILED: " + firstLine(firstNonEmpty(j.errs))
			fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t\t\t\t\t\t\t\t\n", id.model, id.target, j.failed, status)
			continue
		}
		if j.failed > 0 {
			status = fmt.Sprintf("ok (%d failed)", j.failed)
		}
		get := func(name string, scale float64, format string) string {
			xs := j.metrics[name]
			if len(xs) == 0 {
				return "-"
			}
			v := median(xs) * scale
			if math.IsNaN(v) {
				return "-"
			}
			return fmt.Sprintf(format, v)
		}
		gates := "-"
		if xs := j.metrics["gates_passed"]; len(xs) > 0 {
			gates = "FAIL"
			if median(xs) == 1 {
				gates = "pass"
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", id.model, id.target, j.ok+j.failed, status, gates,
			get("compile_seconds", 1, "%.2f"), get("peak_rss_bytes", 1.0/(1<<20), "%.0f"), get("sqnr_db", 1, "%.2f"),
			get("coverage", 100, "%.1f%%"), get("latency_ms", 1, "%.3f"), get("bundle_bytes", 1.0/1024, "%.0f"))
	}
	return tw.Flush()
}

// firstLine is s's first line, cut to 80 characters.
func firstLine(s string) string {
	for i, c := range s {
		if c == '\n' {
			s = s[:i]
			break
		}
	}
	if r := []rune(s); len(r) > 80 {
		return string(r[:79]) + "…"
	}
	return s
}
