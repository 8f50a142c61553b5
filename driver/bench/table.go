package bench

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"text/tabwriter"
)

// WriteTable prints a comparison as an aligned table: every row when all
// is set, else only the rows that are not Same. The last line counts the
// regressions.
func WriteTable(w io.Writer, c *Comparison, all bool) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "model\ttarget\tmetric\told\tnew\tdelta\tp\tverdict\tnote")
	shown := 0
	for _, ch := range c.Changes {
		if ch.Verdict == Same && !all {
			continue
		}
		shown++
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", ch.Model, ch.Target, ch.Metric,
			value(ch.Old, ch.OldN), value(ch.New, ch.NewN), delta(ch), pValue(ch.P), ch.Verdict, ch.Note)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if shown == 0 {
		fmt.Fprintln(w, "no change")
	}
	_, err := fmt.Fprintf(w, "%d regression(s)\n", len(c.Regressions()))
	return err
}

func value(x float64, n int) string {
	if n == 0 {
		return "-"
	}
	s := strconv.FormatFloat(x, 'g', 5, 64)
	if n > 1 {
		s += fmt.Sprintf(" (n=%d)", n)
	}
	return s
}

func delta(ch Change) string {
	switch {
	case ch.OldN == 0 || ch.NewN == 0:
		return "-"
	case ch.Relative:
		if math.IsInf(ch.Delta, 0) {
			return "+inf%"
		}
		return fmt.Sprintf("%+.1f%%", 100*ch.Delta)
	default:
		return strconv.FormatFloat(ch.Delta, 'g', 4, 64)
	}
}

func pValue(p float64) string {
	if math.IsNaN(p) {
		return ""
	}
	return fmt.Sprintf("p=%.3f", p)
}
