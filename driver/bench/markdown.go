package bench

import (
	"fmt"
	"strings"
)

// recordFields documents Record's JSON fields, in order (a test checks
// that every field is here).
var recordFields = [][2]string{
	{"schema", fmt.Sprintf("schema version, %d; readers refuse other versions", SchemaVersion)},
	{"revision", "the compiler's version and git revision"},
	{"machine", "CPU model and core count"},
	{"load", "1, 5 and 15 minute load average when the job started"},
	{"model", "the zoo's name for the model (`onnx-node-tests` for the smoke tier)"},
	{"target", "target name, or target file path (`interp` for the smoke tier)"},
	{"key", "sha256 naming the job's inputs: model bytes, calibration and evaluation data, target file, revision, compile flags"},
	{"run", "repetition number, from 0"},
	{"status", "`ok` or `failed`"},
	{"error", "why a job failed"},
	{"stages", "per stage: `name`, `seconds`, `peak_rss_bytes` (peak resident memory during the stage), `ops_after` (ops in the IR after it, 0 for stages without IR of their own)"},
	{"metrics", "figures by name, below"},
	{"artefacts", "bundle file → sha256"},
}

// Markdown is docs/bench-results.md: the results schema and every known
// metric with how `mlc-bench compare` judges it.
func Markdown() string {
	var b strings.Builder
	b.WriteString("# mlc-bench results\n\n")
	b.WriteString("Generated from `driver/bench` by `make docs`; do not edit.\n\n")
	b.WriteString("A results file holds one JSON object per line, one per job (model × target) and run, in matrix order ")
	b.WriteString("(model, target, key, run). `mlc-bench run` writes them, `merge` joins shards, `compare` compares two files.\n\n")
	b.WriteString("## Record fields\n\n| field | meaning |\n|---|---|\n")
	for _, f := range recordFields {
		fmt.Fprintf(&b, "| `%s` | %s |\n", f[0], f[1])
	}
	b.WriteString("\n## Metrics\n\n")
	b.WriteString("Noisy metrics (times, memory) count as changed only when a Mann-Whitney test over the runs of both files ")
	b.WriteString("is significant (p < 0.05 by default; 5 runs against 5 are needed to get there) and the medians differ by at least the threshold. ")
	b.WriteString("Exact metrics are deterministic for a job key and compare their values. A change in the better direction is `better`, ")
	b.WriteString("in the worse one `worse` (a regression: exit status 1), for a neutral metric `changed`. ")
	b.WriteString("Stage metrics are named after the stage: `quantize.seconds`.\n\n")
	b.WriteString("| metric | kind | better | threshold | unit | meaning |\n|---|---|---|---|---|---|\n")
	for _, m := range Metrics {
		kind := "exact"
		if m.Noisy {
			kind = "noisy"
		}
		better := map[Direction]string{Neutral: "—", LowerBetter: "lower", HigherBetter: "higher"}[m.Better]
		threshold := "any change"
		switch {
		case m.Better == Neutral:
		case m.Relative:
			threshold = fmt.Sprintf("%g%%", 100*m.Threshold)
		default:
			threshold = fmt.Sprintf("%g", m.Threshold)
		}
		name := "`" + m.Name + "`"
		if strings.HasPrefix(m.Name, ".") {
			name = "`<stage>" + m.Name + "`"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s |\n", name, kind, better, threshold, m.Unit, m.Doc)
	}
	b.WriteString("\nOther metrics a job records (`gates_passed`, the smoke tier's `node_tests_failed`, ")
	b.WriteString("`node_tests_unsupported`) are exact and neutral: a change is shown, never a regression. ")
	b.WriteString("A job that failed before and passes now is `fixed`; one that passed and fails now is `broke`, ")
	b.WriteString("and one missing from the new file is `gone` (both regressions).\n")
	return b.String()
}
