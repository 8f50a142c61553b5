package conformance

import (
	"cmp"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// OpStats counts the cases of one key (an op type in node mode, a model
// in model mode).
type OpStats struct {
	Op                          string
	Passed, Failed, Unsupported int
}

// Total is the number of cases counted.
func (s OpStats) Total() int { return s.Passed + s.Failed + s.Unsupported }

func (s *OpStats) add(st Status) {
	switch st {
	case Passed:
		s.Passed++
	case Failed:
		s.Failed++
	case Unsupported:
		s.Unsupported++
	}
}

// Report is the outcome of a Run.
type Report struct {
	Dir     string
	Mode    Mode
	Cases   []*Case   // sorted by name
	Ops     []OpStats // sorted by key; keys in parentheses last
	Total   OpStats   // Op is "total"
	Elapsed time.Duration
	// Filtered is set when Config.Filter chose the cases: claims without
	// a case are then not errors.
	Filtered bool
}

func newReport(dir string, mode Mode, cases []*Case) *Report {
	slices.SortFunc(cases, func(a, b *Case) int { return strings.Compare(a.Name, b.Name) })
	r := &Report{Dir: dir, Mode: mode, Cases: cases, Total: OpStats{Op: "total"}}
	byOp := map[string]*OpStats{}
	for _, c := range cases {
		s := byOp[c.Key]
		if s == nil {
			s = &OpStats{Op: c.Key}
			byOp[c.Key] = s
		}
		s.add(c.Status)
		r.Total.add(c.Status)
	}
	for _, s := range byOp {
		r.Ops = append(r.Ops, *s)
	}
	slices.SortFunc(r.Ops, func(a, b OpStats) int {
		return cmp.Or(cmp.Compare(isPseudoKey(a.Op), isPseudoKey(b.Op)), strings.Compare(a.Op, b.Op))
	})
	return r
}

// isPseudoKey reports keys that are not op types, such as MultiNodeKey.
func isPseudoKey(k string) int {
	if strings.HasPrefix(k, "(") {
		return 1
	}
	return 0
}

// Supported returns the keys (op types in node mode) all of whose cases
// passed.
func (r *Report) Supported() []string {
	var out []string
	for _, s := range r.Ops {
		if isPseudoKey(s.Op) == 0 && s.Passed == s.Total() {
			out = append(out, s.Op)
		}
	}
	return out
}

// Failures returns the failed cases, by name.
func (r *Report) Failures() []*Case {
	var out []*Case
	for _, c := range r.Cases {
		if c.Status == Failed {
			out = append(out, c)
		}
	}
	return out
}

// CheckClaims returns one line per claimed key (op type, or model name in
// model mode) that is not supported: a case of it failed or is
// unsupported, or it has no case at all. Claims are only checked against
// the cases that ran, so a filtered run checks the claims it covers.
func (r *Report) CheckClaims(claimed []string) []string {
	var bad []string
	for _, op := range claimed {
		i := slices.IndexFunc(r.Ops, func(s OpStats) bool { return s.Op == op })
		if i < 0 {
			if !r.Filtered {
				bad = append(bad, fmt.Sprintf("%s: claimed supported, but no test case has it", op))
			}
			continue
		}
		for _, c := range r.Cases {
			if c.Key == op && c.Status != Passed {
				bad = append(bad, fmt.Sprintf("%s: claimed supported, but %s %s: %s", op, c.Name, c.Status, c.Reason()))
			}
		}
	}
	return bad
}

// WriteText writes the summary table, then the failures; verbose adds
// one line per case.
func (r *Report) WriteText(w io.Writer, verbose bool) error {
	var b strings.Builder
	if verbose {
		for _, c := range r.Cases {
			fmt.Fprintf(&b, "%-11s %s [%s] %s", strings.ToUpper(c.Status.String()), c.Name, c.Key, c.Duration.Round(time.Millisecond))
			if c.Status != Passed {
				fmt.Fprintf(&b, ": %s", c.Reason())
			}
			b.WriteByte('\n')
		}
		b.WriteByte('\n')
	}
	t := r.Total
	if r.Mode == ModeModel {
		w := len("model")
		for _, c := range r.Cases {
			w = max(w, len(c.Name))
		}
		fmt.Fprintf(&b, "%-*s  %-11s  %13s  %9s  %9s\n", w, "model", "status", "max abs error", "bound", "time")
		for _, c := range r.Cases {
			fmt.Fprintf(&b, "%-*s  %-11s  %13.3g  %9.3g  %9s\n", w, c.Name, c.Status, c.MaxAbs, c.Bound, c.Duration.Round(time.Millisecond))
		}
		fmt.Fprintf(&b, "total: %d passed, %d failed, %d unsupported of %d models\n", t.Passed, t.Failed, t.Unsupported, t.Total())
	} else {
		w := len("op type")
		for _, s := range r.Ops {
			w = max(w, len(s.Op))
		}
		line := func(op string, p, f, u, n any) {
			fmt.Fprintf(&b, "%-*s  %6v  %6v  %11v  %5v\n", w, op, p, f, u, n)
		}
		line("op type", "passed", "failed", "unsupported", "total")
		for _, s := range r.Ops {
			line(s.Op, s.Passed, s.Failed, s.Unsupported, s.Total())
		}
		line("total", t.Passed, t.Failed, t.Unsupported, t.Total())
	}
	if r.Mode == ModeNode {
		fmt.Fprintf(&b, "supported op types (every case passes): %d of %d\n", len(r.Supported()), r.countOps())
	}
	if f := r.Failures(); len(f) > 0 {
		fmt.Fprintf(&b, "\nfailures:\n")
		for _, c := range f {
			fmt.Fprintf(&b, "  %s [%s] %s\n", c.Name, c.Key, c.Reason())
		}
	}
	// A model is one case, so why it is unsupported is worth a line too
	// (node mode has the per-op table for that).
	if r.Mode == ModeModel && !verbose && t.Unsupported > 0 {
		fmt.Fprintf(&b, "\nunsupported:\n")
		for _, c := range r.Cases {
			if c.Status == Unsupported {
				fmt.Fprintf(&b, "  %s %s\n", c.Name, c.Reason())
			}
		}
	}
	fmt.Fprintf(&b, "time: %s\n", r.Elapsed.Round(time.Millisecond))
	_, err := io.WriteString(w, b.String())
	return err
}

// countOps is the number of real op types among the keys.
func (r *Report) countOps() int {
	n := 0
	for _, s := range r.Ops {
		n += 1 - isPseudoKey(s.Op)
	}
	return n
}

// GeneratedHeader starts the Markdown page.
const GeneratedHeader = "<!-- Code generated by mlc conformance. DO NOT EDIT. -->"

// Markdown renders the report as a page for docs/, saying that command
// made it ("": "mlc conformance <Dir>"). It has no timings, so that
// regenerating it changes it only when results change.
func (r *Report) Markdown(command string) string {
	var b strings.Builder
	if command == "" {
		command = "mlc conformance " + r.Dir
	}
	t := r.Total
	b.WriteString(GeneratedHeader + "\n\n")
	if r.Mode == ModeModel {
		b.WriteString("# ONNX model conformance\n\n")
		fmt.Fprintf(&b, "Generated by `%s`. Each model is imported from ONNX, lowered to the core dialect, "+
			"run with the reference interpreter on its test_data_sets and compared with PyTorch's output: "+
			"the largest absolute error of each output must be at most %g × (max − min) of the reference output.\n\n",
			command, ModelRelErr)
		b.WriteString("| model | status | max abs error | bound | reason |\n|---|---|---:|---:|---|\n")
		for _, c := range r.Cases {
			fmt.Fprintf(&b, "| %s | %s | %.2g | %.2g | %s |\n", c.Name, c.Status, c.MaxAbs, c.Bound, mdCell(c.Reason()))
		}
		fmt.Fprintf(&b, "\n%d of %d models pass.\n", t.Passed, t.Total())
		return b.String()
	}
	b.WriteString("# ONNX backend node-test coverage\n\n")
	fmt.Fprintf(&b, "Generated by `%s` from ONNX's backend node tests (made by `scripts/gen-onnx-node-tests.sh`). "+
		"Each case is imported from ONNX into the torch dialect, lowered to the core dialect, run with the "+
		"reference interpreter on every test_data_set and compared as ONNX's backend test runner does: "+
		"same dtype and shape, |got − want| ≤ %g + %g × |want| per element, NaN equal to NaN. "+
		"A case is *unsupported* when the importer reports an op type, or a feature of one, that it cannot express.\n\n",
		command, Atol, Rtol)
	b.WriteString("| cases | passed | failed | unsupported |\n|---:|---:|---:|---:|\n")
	fmt.Fprintf(&b, "| %d | %d | %d | %d |\n\n", t.Total(), t.Passed, t.Failed, t.Unsupported)
	bound := 0
	for _, c := range r.Cases {
		if len(c.BoundInputs) > 0 {
			bound++
		}
	}
	if bound > 0 {
		fmt.Fprintf(&b, "%d cases feed shape-like operands (a Reshape's shape, a Slice's starts, Resize's scales, ...) "+
			"as graph inputs where exported models have initializers; as the importer needs them at import time, "+
			"those inputs (integer tensors of rank ≤ 1, scalars, float vectors of ≤ 16 elements) ran bound to "+
			"each data set's values as initializers.\n\n", bound)
	}

	sup := r.Supported()
	b.WriteString("## Supported op types\n\n")
	fmt.Fprintf(&b, "Op types whose every single-node case passes: %d of the %d op types with a case.\n\n", len(sup), r.countOps())
	if len(sup) == 0 {
		b.WriteString("None yet.\n\n")
	} else {
		for i, op := range sup {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString("`" + op + "`")
		}
		b.WriteString("\n\n")
	}

	b.WriteString("## Per op type\n\n")
	fmt.Fprintf(&b, "A case counts under the op type of its model's single node; models of several nodes "+
		"(such as the `*_expanded` function-body tests) count under `%s`.\n\n", MultiNodeKey)
	b.WriteString("| op type | passed | failed | unsupported |\n|---|---:|---:|---:|\n")
	for _, s := range r.Ops {
		fmt.Fprintf(&b, "| %s | %d | %d | %d |\n", mdCell(s.Op), s.Passed, s.Failed, s.Unsupported)
	}

	var multi []*Case
	for _, c := range r.Cases {
		if c.Key == MultiNodeKey {
			multi = append(multi, c)
		}
	}
	if len(multi) > 0 {
		b.WriteString("\n## Multi-node cases\n\n| case | status | op types |\n|---|---|---|\n")
		for _, c := range multi {
			fmt.Fprintf(&b, "| %s | %s | %s |\n", c.Name, c.Status, mdCell(strings.Join(slices.Compact(slices.Sorted(slices.Values(c.OpTypes))), ", ")))
		}
	}

	if f := r.Failures(); len(f) > 0 {
		b.WriteString("\n## Failures\n\n| case | op type | stage | reason |\n|---|---|---|---|\n")
		for _, c := range f {
			// Paths inside the case read shorter relative to it.
			msg := strings.ReplaceAll(c.Message, c.Dir+string(filepath.Separator), "")
			fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", c.Name, mdCell(c.Key), c.Stage, mdCell(msg))
		}
	}
	return b.String()
}

// mdCell makes text safe inside a Markdown table cell.
func mdCell(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	s = strings.ReplaceAll(s, `\`, `\\`)
	s = strings.ReplaceAll(s, "|", `\|`)
	s = strings.ReplaceAll(s, "<", "&lt;")
	return s
}
