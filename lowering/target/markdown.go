package target

import (
	"fmt"
	"strings"
)

// Line is a one-line summary of a target, as --show-targets prints it.
func (t *Target) Line() string {
	return fmt.Sprintf("%-12s %-9s %-15s %s", t.Name, t.Backend, t.Arch, t.Summary)
}

func prov(p Provenance) string {
	s := p.Kind + ", " + p.SourceID
	if p.How != "" {
		s += ": " + p.How
	}
	if p.Note != "" {
		s += " (" + p.Note + ")"
	}
	return s
}

func fig(f *Figure) string {
	return fmt.Sprintf("%g %s", f.Quoted, f.Unit)
}

func cell(s string) string { return strings.ReplaceAll(s, "|", "\\|") }

// Markdown describes one target; docs/targets.md and --show-target print it.
func (t *Target) Markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "## %s\n\n%s\n\n", t.Name, t.Summary)
	fmt.Fprintf(&b, "- Backend: %s; architecture: %s\n", t.Backend, t.Arch)
	for _, d := range t.Devices {
		fmt.Fprintf(&b, "- Device: %s [%s]\n", d.Name, prov(d.Provenance))
	}
	for _, e := range t.Precisions() {
		f := t.Peak[e]
		fmt.Fprintf(&b, "- Peak %s: %s [%s]\n", e, fig(&f), prov(f.Provenance))
	}
	if f := t.MemoryBandwidth; f != nil {
		fmt.Fprintf(&b, "- Memory bandwidth: %s [%s]\n", fig(f), prov(f.Provenance))
	}
	if f := t.OnChipMemory; f != nil {
		fmt.Fprintf(&b, "- On-chip memory (%s): %s [%s]\n", t.OnChipName, fig(f), prov(f.Provenance))
	}
	for _, g := range []struct {
		name string
		f    *Figure
	}{{"minimum SQNR", t.Gates.MinSQNR}, {"minimum cosine", t.Gates.MinCosine}, {"latency budget", t.Gates.LatencyBudget}} {
		if g.f != nil {
			fmt.Fprintf(&b, "- Default gate, %s: %s [%s]\n", g.name, fig(g.f), prov(g.f.Provenance))
		}
	}
	for _, c := range []struct {
		name string
		f    *Figure
	}{{"per-layer overhead", t.Cost.LayerOverhead}, {"host transfer bandwidth", t.Cost.TransferBandwidth},
		{"host transfer latency", t.Cost.TransferLatency}} {
		if c.f != nil {
			fmt.Fprintf(&b, "- Cost model, %s: %s [%s]\n", c.name, fig(c.f), prov(c.f.Provenance))
		}
	}
	if h := t.HostCPU; h != nil {
		fmt.Fprintf(&b, "- Host CPU: %s [%s]\n", h.Name, prov(h.Provenance))
		for _, e := range h.Precisions() {
			f := h.Peak[e]
			fmt.Fprintf(&b, "- Host CPU peak %s: %s [%s]\n", e, fig(&f), prov(f.Provenance))
		}
		fmt.Fprintf(&b, "- Host CPU memory bandwidth: %s [%s]\n", fig(h.MemoryBandwidth), prov(h.MemoryBandwidth.Provenance))
		if f := h.OpOverhead; f != nil {
			fmt.Fprintf(&b, "- Host CPU per-op overhead: %s [%s]\n", fig(f), prov(f.Provenance))
		}
	}
	if f := t.Cost.FusesEpilogues; f != nil {
		fmt.Fprintf(&b, "- Cost model, elementwise epilogues fused into conv/matmul layers: %v [%s]\n", f.Value, prov(f.Provenance))
	}
	b.WriteString("\n| Op class | Operand | Element types |\n|---|---|---|\n")
	for _, c := range OpClasses {
		cs, ok := t.Classes[c.Name]
		if !ok {
			fmt.Fprintf(&b, "| %s | | not supported |\n", c.Name)
			continue
		}
		for _, o := range c.Operands {
			if _, listed := cs.Operands[o]; !listed && has(c.Optional, o) {
				continue
			}
			fmt.Fprintf(&b, "| %s | %s | %s |\n", c.Name, o, strings.Join(cs.Operands[o], ", "))
		}
	}
	sep := "\n"
	for _, c := range OpClasses {
		if f := t.Classes[c.Name].SharedEncoding; f != nil {
			keeps := "requantize"
			if f.Value {
				keeps = "keep their input's encoding (inputs share one)"
			}
			fmt.Fprintf(&b, "%s- Same-scale ops of class %s %s [%s]\n", sep, c.Name, keeps, prov(f.Provenance))
			sep = ""
		}
	}
	b.WriteString("\n| Quantization rule | Role | Storage | Scheme | Granularity | Provenance |\n|---|---|---|---|---|---|\n")
	for _, q := range t.Quant {
		scheme := "asymmetric"
		if q.Symmetric {
			scheme = "symmetric"
		}
		if q.Min != 0 || q.Max != 0 {
			scheme += fmt.Sprintf(" [%d, %d]", q.Min, q.Max)
		}
		gran := q.Granularity
		if q.BlockSize > 0 {
			gran += fmt.Sprintf(" of %d", q.BlockSize)
		}
		role := q.Role
		if len(q.WithActivations) > 0 {
			role += " (with " + strings.Join(q.WithActivations, ", ") + " activations)"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s |\n", q.Name, role, q.Storage, scheme, gran, cell(prov(q.Provenance)))
	}
	if len(t.Latencies) > 0 {
		b.WriteString("\n| Model | Exported as | Device | Precision | Runtime | Latency | Provenance |\n|---|---|---|---|---|---|---|\n")
		for _, l := range t.Latencies {
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s |\n", cell(l.Model), l.ExportedModel, cell(l.Device), l.Precision, cell(l.Runtime),
				fig(&l.Latency), cell(prov(l.Latency.Provenance)))
		}
	}
	b.WriteString("\nSources:\n\n")
	for _, k := range sortedKeys(t.Sources) {
		fmt.Fprintf(&b, "- %s: %s\n", k, t.Sources[k])
	}
	return b.String()
}

// Docs is docs/targets.md: every built-in target, generated from the
// files by mlc-docgen.
func Docs() (string, error) {
	var b strings.Builder
	b.WriteString("# Targets\n\n<!-- Generated from lowering/target/targets/*.yaml by mlc-docgen; do not edit. -->\n\n")
	b.WriteString("Each target is a YAML file under `lowering/target/targets/`; `--target-file PATH` loads one of your own.\n")
	b.WriteString("Every figure says where it comes from: `quoted` from the named source, or `derived` from it as described.\n")
	b.WriteString("Peak rates, memory bandwidth, on-chip memory and the `cost` figures feed the cost model (lowering/cost, ")
	b.WriteString("`mlc-opt --pass-pipeline='builtin.module(func.func(estimate-cost{target=NAME}))'`); a reference latency that ")
	b.WriteString("names an `exported_model` is estimated by `go test ./driver/costcheck`, which fails when the estimate is more ")
	b.WriteString("than 2× from the published figure. The `host_cpu` section (the SoC's application CPU) and the host ")
	b.WriteString("transfer figures let `partition{cost-based}` (`mlc lower --cost-based`) run a cluster on the CPU when ")
	b.WriteString("that is estimated faster than the accelerator with its boundary transfers.\n\n")
	b.WriteString("| Op class | Core ops | Operand roles (a file lists element types for each; optional ones it may leave out) |\n|---|---|---|\n")
	for _, c := range OpClasses {
		roles := make([]string, len(c.Operands))
		for i, o := range c.Operands {
			roles[i] = o
			if has(c.Optional, o) {
				roles[i] += " (optional)"
			}
		}
		fmt.Fprintf(&b, "| %s | %s | %s |\n", c.Name, strings.Join(c.Ops, ", "), strings.Join(roles, ", "))
	}
	for _, n := range List() {
		t, err := Load(n)
		if err != nil {
			return "", err
		}
		b.WriteString("\n" + t.Markdown())
	}
	return b.String(), nil
}
