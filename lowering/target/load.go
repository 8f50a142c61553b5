package target

import (
	"fmt"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Error is a malformed or inconsistent target file: one positioned error
// naming the field, as file:line:col: error: field 'a.b': message.
type Error struct {
	File      string
	Line, Col int
	Field     string
	Msg       string
}

func (e *Error) Error() string {
	if e.Field == "" {
		return fmt.Sprintf("%s:%d:%d: error: %s", e.File, e.Line, e.Col, e.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: error: field '%s': %s", e.File, e.Line, e.Col, e.Field, e.Msg)
}

// failure carries the first error out of the decoder's recursion.
type failure struct{ err *Error }

type decoder struct {
	file    string
	sources map[string]string
	t       *Target
}

func (d *decoder) fail(n *yaml.Node, field, format string, args ...any) {
	line, col := 1, 1
	if n != nil && n.Line > 0 {
		line, col = n.Line, n.Column
	}
	panic(failure{&Error{File: d.file, Line: line, Col: col, Field: field, Msg: fmt.Sprintf(format, args...)}})
}

var yamlLine = regexp.MustCompile(`line (\d+)`)

// Parse reads a target from YAML text; file names it in errors.
func Parse(file string, data []byte) (t *Target, err error) {
	d := &decoder{file: file, t: &Target{File: file, Text: data}}
	defer func() {
		if r := recover(); r != nil {
			f, ok := r.(failure)
			if !ok {
				// The YAML reader is not ours: whatever it does on bad
				// input is still a positioned error, never a crash.
				f = failure{&Error{File: file, Line: 1, Col: 1, Msg: fmt.Sprintf("unreadable YAML: %v", r)}}
			}
			t, err = nil, f.err
		}
	}()
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		line := 1
		if m := yamlLine.FindStringSubmatch(err.Error()); m != nil {
			line, _ = strconv.Atoi(m[1])
		}
		msg := strings.TrimPrefix(err.Error(), "yaml: ")
		msg = strings.TrimPrefix(msg, "line "+strconv.Itoa(line)+": ")
		return nil, &Error{File: file, Line: line, Col: 1, Msg: "invalid YAML: " + msg}
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return nil, &Error{File: file, Line: 1, Col: 1, Msg: "empty target file"}
	}
	d.top(doc.Content[0])
	return d.t, nil
}

// fields checks that n is a mapping with only the allowed keys, no key
// twice and no YAML aliases, and returns values and key nodes by name.
func (d *decoder) fields(n *yaml.Node, path string, allowed ...string) (map[string]*yaml.Node, map[string]*yaml.Node) {
	d.noAlias(n, path)
	if n.Kind != yaml.MappingNode {
		d.fail(n, path, "expected a mapping")
	}
	vals, keys := map[string]*yaml.Node{}, map[string]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		d.noAlias(k, path)
		d.noAlias(v, join(path, k.Value))
		name := join(path, k.Value)
		if k.Kind != yaml.ScalarNode {
			d.fail(k, path, "keys must be plain names")
		}
		if allowed != nil && !has(allowed, k.Value) {
			d.fail(k, name, "unknown key (known: %s)", strings.Join(allowed, ", "))
		}
		if _, dup := vals[k.Value]; dup {
			d.fail(k, name, "given twice")
		}
		vals[k.Value], keys[k.Value] = v, k
	}
	return vals, keys
}

func (d *decoder) noAlias(n *yaml.Node, path string) {
	if n.Kind == yaml.AliasNode || n.Anchor != "" {
		d.fail(n, path, "YAML anchors and aliases are not allowed in target files")
	}
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func (d *decoder) require(m map[string]*yaml.Node, at *yaml.Node, path string, keys ...string) {
	for _, k := range keys {
		if _, ok := m[k]; !ok {
			d.fail(at, join(path, k), "missing")
		}
	}
}

func (d *decoder) str(n *yaml.Node, path string) string {
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		d.fail(n, path, "expected a string")
	}
	if strings.TrimSpace(n.Value) == "" {
		d.fail(n, path, "must not be empty")
	}
	return n.Value
}

func (d *decoder) oneOf(n *yaml.Node, path string, choices ...string) string {
	s := d.str(n, path)
	if !has(choices, s) {
		d.fail(n, path, "'%s' is not one of %s", s, strings.Join(choices, ", "))
	}
	return s
}

func (d *decoder) num(n *yaml.Node, path string) float64 {
	if n.Kind != yaml.ScalarNode || (n.Tag != "!!int" && n.Tag != "!!float") {
		d.fail(n, path, "expected a number")
	}
	v, err := strconv.ParseFloat(strings.ReplaceAll(n.Value, "_", ""), 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		d.fail(n, path, "expected a finite number, got '%s'", n.Value)
	}
	return v
}

func (d *decoder) integer(n *yaml.Node, path string) int64 {
	if n.Kind != yaml.ScalarNode || n.Tag != "!!int" {
		d.fail(n, path, "expected an integer")
	}
	v, err := strconv.ParseInt(n.Value, 0, 64)
	if err != nil {
		d.fail(n, path, "expected an integer, got '%s'", n.Value)
	}
	return v
}

func (d *decoder) seq(n *yaml.Node, path string) []*yaml.Node {
	d.noAlias(n, path)
	if n.Kind != yaml.SequenceNode {
		d.fail(n, path, "expected a list")
	}
	return n.Content
}

func (d *decoder) elem(n *yaml.Node, path string) string {
	s := d.str(n, path)
	if _, ok := elemByName(s); !ok {
		var names []string
		for _, e := range ElemTypes {
			names = append(names, e.Name)
		}
		d.fail(n, path, "unknown element type '%s' (known: %s)", s, strings.Join(names, ", "))
	}
	return s
}

var provenanceKeys = []string{"source", "kind", "how", "note"}

// provenance reads source, kind, how and note from a mapping already
// checked by fields.
func (d *decoder) provenance(m map[string]*yaml.Node, at *yaml.Node, path string) Provenance {
	d.require(m, at, path, "source", "kind")
	var p Provenance
	p.SourceID = d.str(m["source"], join(path, "source"))
	title, ok := d.sources[p.SourceID]
	if !ok {
		d.fail(m["source"], join(path, "source"), "unknown source '%s' (define it under 'sources')", p.SourceID)
	}
	p.Source = title
	p.Kind = d.oneOf(m["kind"], join(path, "kind"), "quoted", "derived")
	if n := m["how"]; n != nil {
		p.How = d.str(n, join(path, "how"))
	}
	if p.Kind == "derived" && p.How == "" {
		d.fail(m["kind"], join(path, "how"), "a derived figure must say how it was derived")
	}
	if n := m["note"]; n != nil {
		p.Note = d.str(n, join(path, "note"))
	}
	return p
}

// units maps each figure kind's accepted units to their factor to the
// base unit.
var units = map[string]map[string]float64{
	"ops":       {"TOPS": 1e12, "TFLOPS": 1e12, "GOPS": 1e9, "GFLOPS": 1e9},
	"bandwidth": {"GB/s": 1e9, "TB/s": 1e12},
	"bytes":     {"KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30},
	"ms":        {"ms": 1},
	"seconds":   {"ns": 1e-9, "us": 1e-6, "ms": 1e-3},
	"dB":        {"dB": 1},
	"ratio":     {"ratio": 1},
}

func sortedKeys[V any](m map[string]V) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// figure reads {value, unit, source, kind[, how, note]}; value > 0.
func (d *decoder) figure(n *yaml.Node, path, kind string) *Figure {
	m, _ := d.fields(n, path, append([]string{"value", "unit"}, provenanceKeys...)...)
	d.require(m, n, path, "value", "unit")
	f := &Figure{}
	f.Quoted = d.num(m["value"], join(path, "value"))
	if f.Quoted <= 0 {
		d.fail(m["value"], join(path, "value"), "must be positive, got %v", f.Quoted)
	}
	f.Unit = d.str(m["unit"], join(path, "unit"))
	factor, ok := units[kind][f.Unit]
	if !ok {
		d.fail(m["unit"], join(path, "unit"), "unit '%s' is not one of %s", f.Unit, strings.Join(sortedKeys(units[kind]), ", "))
	}
	f.Value = f.Quoted * factor
	f.Provenance = d.provenance(m, n, path)
	return f
}

func (d *decoder) top(n *yaml.Node) {
	m, keys := d.fields(n, "", "name", "backend", "arch", "summary", "sources", "devices", "peak_ops",
		"memory_bandwidth", "on_chip_memory", "op_classes", "quantization", "gates", "cost", "host_cpu", "reference_latencies")
	d.require(m, n, "", "name", "backend", "arch", "summary", "sources", "devices", "op_classes", "quantization", "gates")
	t := d.t
	t.keyPos = map[string][2]int{}
	for k, kn := range keys {
		t.keyPos[k] = [2]int{kn.Line, kn.Column}
	}
	// Sources first: every other field refers to them.
	d.sources = map[string]string{}
	sm, _ := d.fields(m["sources"], "sources")
	for _, k := range sortedKeys(sm) {
		d.sources[k] = d.str(sm[k], join("sources", k))
	}
	t.Sources = d.sources
	t.Name = d.str(m["name"], "name")
	t.Backend = d.str(m["backend"], "backend")
	caps, ok := backends[t.Backend]
	if !ok {
		d.fail(m["backend"], "backend", "unknown backend '%s' (known: %s)", t.Backend, strings.Join(sortedKeys(backends), ", "))
	}
	t.Arch = d.str(m["arch"], "arch")
	t.Summary = d.str(m["summary"], "summary")
	devs := d.seq(m["devices"], "devices")
	if len(devs) == 0 {
		d.fail(m["devices"], "devices", "list at least one device")
	}
	for i, dn := range devs {
		p := fmt.Sprintf("devices[%d]", i)
		dm, _ := d.fields(dn, p, append([]string{"name"}, provenanceKeys...)...)
		d.require(dm, dn, p, "name")
		t.Devices = append(t.Devices, Device{Name: d.str(dm["name"], join(p, "name")), Provenance: d.provenance(dm, dn, p)})
	}
	t.Peak = map[string]Figure{}
	if pn := m["peak_ops"]; pn != nil {
		pm, pk := d.fields(pn, "peak_ops")
		for _, e := range sortedKeys(pm) {
			p := join("peak_ops", e)
			d.elem(pk[e], p)
			if !has(caps.elems, e) {
				d.fail(pk[e], p, "backend '%s' has no element type '%s'", t.Backend, e)
			}
			t.Peak[e] = *d.figure(pm[e], p, "ops")
		}
	}
	if bn := m["memory_bandwidth"]; bn != nil {
		t.MemoryBandwidth = d.figure(bn, "memory_bandwidth", "bandwidth")
	}
	if on := m["on_chip_memory"]; on != nil {
		om, _ := d.fields(on, "on_chip_memory", "name", "size")
		d.require(om, on, "on_chip_memory", "name", "size")
		t.OnChipName = d.str(om["name"], "on_chip_memory.name")
		t.OnChipMemory = d.figure(om["size"], "on_chip_memory.size", "bytes")
	}
	d.classes(m["op_classes"], caps)
	d.quant(m["quantization"], caps)
	d.gates(m["gates"])
	if cn := m["cost"]; cn != nil {
		d.cost(cn)
	}
	if hn := m["host_cpu"]; hn != nil {
		d.hostCPU(hn, keys["host_cpu"])
	}
	if ln := m["reference_latencies"]; ln != nil {
		for i, r := range d.seq(ln, "reference_latencies") {
			p := fmt.Sprintf("reference_latencies[%d]", i)
			rm, _ := d.fields(r, p, "model", "device", "precision", "runtime", "exported_model", "latency")
			d.require(rm, r, p, "model", "device", "latency")
			l := RefLatency{Model: d.str(rm["model"], join(p, "model")), Device: d.str(rm["device"], join(p, "device"))}
			if n := rm["precision"]; n != nil {
				l.Precision = d.elem(n, join(p, "precision"))
			}
			if n := rm["runtime"]; n != nil {
				l.Runtime = d.str(n, join(p, "runtime"))
			}
			if n := rm["exported_model"]; n != nil {
				l.ExportedModel = d.str(n, join(p, "exported_model"))
				if !exportedName.MatchString(l.ExportedModel) {
					d.fail(n, join(p, "exported_model"), "'%s' is not a model directory name (letters, digits, '_' and '-')", l.ExportedModel)
				}
				if l.Precision == "" {
					d.fail(n, join(p, "precision"), "missing: the cost check estimates an exported model in the reference's precision")
				}
			}
			l.Latency = *d.figure(rm["latency"], join(p, "latency"), "ms")
			t.Latencies = append(t.Latencies, l)
		}
	}
}

func (d *decoder) classes(n *yaml.Node, caps backendCaps) {
	t := d.t
	t.Classes = map[string]ClassSupport{}
	cm, ck := d.fields(n, "op_classes")
	for _, name := range sortedKeys(cm) {
		p := join("op_classes", name)
		cls := classByName(name)
		if cls == nil {
			var known []string
			for _, c := range OpClasses {
				known = append(known, c.Name)
			}
			d.fail(ck[name], p, "unknown op class '%s' (known: %s)", name, strings.Join(known, ", "))
		}
		m, mk := d.fields(cm[name], p, append([]string{"operands", "shared_encoding"}, provenanceKeys...)...)
		d.require(m, cm[name], p, "operands")
		cs := ClassSupport{Operands: map[string][]string{}, Provenance: d.provenance(m, cm[name], p)}
		if n := m["shared_encoding"]; n != nil {
			cs.SharedEncoding = d.flag(n, join(p, "shared_encoding"))
			if !cls.MovesData {
				d.fail(mk["shared_encoding"], join(p, "shared_encoding"), "only op classes that move data without arithmetic take it, and '%s' computes", name)
			}
		}
		om, ok := d.fields(m["operands"], join(p, "operands"))
		for _, op := range sortedKeys(om) {
			op2 := join(join(p, "operands"), op)
			if !has(cls.Operands, op) {
				d.fail(ok[op], op2, "op class '%s' has no operand '%s' (it has: %s)", name, op, strings.Join(cls.Operands, ", "))
			}
			items := d.seq(om[op], op2)
			if len(items) == 0 {
				d.fail(om[op], op2, "list at least one element type")
			}
			for i, it := range items {
				e := d.elem(it, fmt.Sprintf("%s[%d]", op2, i))
				if !has(caps.elems, e) {
					d.fail(it, fmt.Sprintf("%s[%d]", op2, i), "backend '%s' has no element type '%s'", t.Backend, e)
				}
				if has(cs.Operands[op], e) {
					d.fail(it, fmt.Sprintf("%s[%d]", op2, i), "'%s' listed twice", e)
				}
				cs.Operands[op] = append(cs.Operands[op], e)
			}
		}
		for _, op := range cls.Operands {
			if _, ok := cs.Operands[op]; !ok && !has(cls.Optional, op) {
				d.fail(m["operands"], join(join(p, "operands"), op), "missing")
			}
		}
		t.Classes[name] = cs
	}
}

// flag reads {value: true|false, source, kind[, how, note]}.
func (d *decoder) flag(n *yaml.Node, path string) *Flag {
	m, _ := d.fields(n, path, append([]string{"value"}, provenanceKeys...)...)
	d.require(m, n, path, "value")
	v := m["value"]
	if v.Kind != yaml.ScalarNode || v.Tag != "!!bool" {
		d.fail(v, join(path, "value"), "expected true or false")
	}
	return &Flag{Value: v.Value == "true", Provenance: d.provenance(m, n, path)}
}

func (d *decoder) quant(n *yaml.Node, caps backendCaps) {
	t := d.t
	names := map[string]bool{}
	for i, r := range d.seq(n, "quantization") {
		p := fmt.Sprintf("quantization[%d]", i)
		m, _ := d.fields(r, p, append([]string{"name", "role", "storage", "scheme", "granularity",
			"block_size", "range", "with_activations"}, provenanceKeys...)...)
		d.require(m, r, p, "name", "role", "storage", "scheme", "granularity")
		q := QuantRule{Name: d.str(m["name"], join(p, "name"))}
		if names[q.Name] {
			d.fail(m["name"], join(p, "name"), "rule '%s' defined twice", q.Name)
		}
		names[q.Name] = true
		q.Role = d.oneOf(m["role"], join(p, "role"), "activation", "weight", "bias")
		q.Storage = d.elem(m["storage"], join(p, "storage"))
		if !has(caps.quantStorage, q.Storage) {
			d.fail(m["storage"], join(p, "storage"), "backend '%s' cannot store quantized tensors as '%s' (it can: %s)",
				t.Backend, q.Storage, strings.Join(caps.quantStorage, ", "))
		}
		scheme := d.oneOf(m["scheme"], join(p, "scheme"), "symmetric", "asymmetric")
		q.Symmetric = scheme == "symmetric"
		if !q.Symmetric && !caps.asymmetric {
			d.fail(m["scheme"], join(p, "scheme"), "backend '%s' cannot express asymmetric quantization: its zero point is always 0", t.Backend)
		}
		q.Granularity = d.oneOf(m["granularity"], join(p, "granularity"), "per-tensor", "per-channel", "block")
		switch q.Granularity {
		case "per-channel":
			if !has(caps.perChannelRoles, q.Role) {
				d.fail(m["granularity"], join(p, "granularity"), "backend '%s' has per-channel encodings only for %s, not for %s",
					t.Backend, strings.Join(caps.perChannelRoles, ", "), q.Role)
			}
		case "block":
			if !has(caps.blockRoles, q.Role) {
				d.fail(m["granularity"], join(p, "granularity"), "backend '%s' has block encodings only for %s, not for %s",
					t.Backend, strings.Join(caps.blockRoles, ", "), q.Role)
			}
		}
		if bn := m["block_size"]; bn != nil {
			if q.Granularity != "block" {
				d.fail(bn, join(p, "block_size"), "only for granularity 'block'")
			}
			bs := d.integer(bn, join(p, "block_size"))
			if bs <= 0 || bs > 1<<20 {
				d.fail(bn, join(p, "block_size"), "must be in [1, 1048576], got %d", bs)
			}
			q.BlockSize = int(bs)
		}
		if rn := m["range"]; rn != nil {
			items := d.seq(rn, join(p, "range"))
			et, _ := elemByName(q.Storage)
			if len(items) != 2 {
				d.fail(rn, join(p, "range"), "expected [min, max]")
			}
			if !et.IsInt() {
				d.fail(rn, join(p, "range"), "a range applies to integer storage only")
			}
			q.Min, q.Max = d.integer(items[0], join(p, "range[0]")), d.integer(items[1], join(p, "range[1]"))
			if q.Min >= q.Max || q.Min < et.Min || q.Max > et.Max {
				d.fail(rn, join(p, "range"), "[%d, %d] is not a range within %s's [%d, %d]", q.Min, q.Max, q.Storage, et.Min, et.Max)
			}
			if q.Symmetric && q.Min != -q.Max && q.Min != -q.Max-1 {
				d.fail(rn, join(p, "range"), "a symmetric encoding needs a range centred on 0, got [%d, %d]", q.Min, q.Max)
			}
		}
		if wn := m["with_activations"]; wn != nil {
			for j, it := range d.seq(wn, join(p, "with_activations")) {
				q.WithActivations = append(q.WithActivations, d.elem(it, fmt.Sprintf("%s.with_activations[%d]", p, j)))
			}
		}
		q.Provenance = d.provenance(m, r, p)
		t.Quant = append(t.Quant, q)
	}
	// An encoding no op class accepts could never be used: the file
	// contradicts itself.
	for i, q := range t.Quant {
		if !d.t.storesFor(q.Role, q.Storage) {
			at := d.seq(n, "quantization")[i]
			rm, _ := d.fields(at, "")
			d.fail(rm["storage"], fmt.Sprintf("quantization[%d].storage", i),
				"no op class accepts '%s' for %s operands (see op_classes)", q.Storage, q.Role)
		}
	}
	// A pairing must name an activation encoding the file defines.
	for i, q := range t.Quant {
		for j, a := range q.WithActivations {
			found := false
			for _, o := range t.Quant {
				found = found || (o.Role == "activation" && o.Storage == a)
			}
			if !found {
				at := d.seq(n, "quantization")[i]
				wm, _ := d.fields(at, "")
				d.fail(wm["with_activations"].Content[j], fmt.Sprintf("quantization[%d].with_activations[%d]", i, j),
					"no activation rule stores '%s'", a)
			}
		}
	}
}

// exportedName is a directory name under build/onnx-models: no path.
var exportedName = regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9_-]*$`)

func (d *decoder) cost(n *yaml.Node) {
	m, _ := d.fields(n, "cost", "layer_overhead", "transfer_bandwidth", "transfer_latency", "fuses_epilogues")
	c := &d.t.Cost
	if x := m["layer_overhead"]; x != nil {
		c.LayerOverhead = d.figure(x, "cost.layer_overhead", "seconds")
	}
	if x := m["transfer_bandwidth"]; x != nil {
		c.TransferBandwidth = d.figure(x, "cost.transfer_bandwidth", "bandwidth")
	}
	if x := m["transfer_latency"]; x != nil {
		c.TransferLatency = d.figure(x, "cost.transfer_latency", "seconds")
	}
	if x := m["fuses_epilogues"]; x != nil {
		c.FusesEpilogues = d.flag(x, "cost.fuses_epilogues")
	}
}

// hostCPU reads host_cpu: {name, source, kind[, how, note], peak_ops:
// {f32: figure[, ...]}, memory_bandwidth: figure[, op_overhead: figure]}. The CPU runs float
// fallback partitions, so f32 is required; other element types (i8 with
// dot-product instructions, say) are optional.
func (d *decoder) hostCPU(n, key *yaml.Node) {
	const p = "host_cpu"
	m, _ := d.fields(n, p, append([]string{"name", "peak_ops", "memory_bandwidth", "op_overhead"}, provenanceKeys...)...)
	d.require(m, n, p, "name", "peak_ops", "memory_bandwidth")
	h := &HostCPU{Name: d.str(m["name"], join(p, "name")), Peak: map[string]Figure{}, Line: key.Line, Col: key.Column}
	h.Provenance = d.provenance(m, n, p)
	pm, pk := d.fields(m["peak_ops"], join(p, "peak_ops"))
	for _, e := range sortedKeys(pm) {
		ep := join(join(p, "peak_ops"), e)
		d.elem(pk[e], ep)
		h.Peak[e] = *d.figure(pm[e], ep, "ops")
	}
	if _, ok := h.Peak["f32"]; !ok {
		d.fail(m["peak_ops"], join(p, "peak_ops.f32"), "missing: the CPU runs fallback partitions in f32")
	}
	h.MemoryBandwidth = d.figure(m["memory_bandwidth"], join(p, "memory_bandwidth"), "bandwidth")
	if on := m["op_overhead"]; on != nil {
		h.OpOverhead = d.figure(on, join(p, "op_overhead"), "seconds")
	}
	d.t.HostCPU = h
}

func (d *decoder) gates(n *yaml.Node) {
	m, _ := d.fields(n, "gates", "min_sqnr", "min_cosine", "latency_budget")
	g := &d.t.Gates
	if x := m["min_sqnr"]; x != nil {
		g.MinSQNR = d.figure(x, "gates.min_sqnr", "dB")
	}
	if x := m["min_cosine"]; x != nil {
		g.MinCosine = d.figure(x, "gates.min_cosine", "ratio")
		if g.MinCosine.Value > 1 {
			xm, _ := d.fields(x, "gates.min_cosine")
			d.fail(xm["value"], "gates.min_cosine.value", "a cosine similarity is at most 1, got %v", g.MinCosine.Value)
		}
	}
	if x := m["latency_budget"]; x != nil {
		g.LatencyBudget = d.figure(x, "gates.latency_budget", "ms")
	}
}

// roleOperands are the operands that hold tensors of each quantization
// role.
var roleOperands = map[string][]string{
	"weight":     {"weight", "rhs"},
	"bias":       {"bias"},
	"activation": {"input", "lhs", "rhs", "result"},
}

// storesFor reports whether some op class accepts elem for an operand of
// the role.
func (t *Target) storesFor(role, elem string) bool {
	for _, cs := range t.Classes {
		for _, op := range roleOperands[role] {
			if has(cs.Operands[op], elem) {
				return true
			}
		}
	}
	return false
}
