// Package target describes the devices mlc compiles for. Each target is a
// human-editable YAML file (targets/*.yaml, embedded in the binary; a
// user's own with LoadFile): backend, architecture, devices, peak rates,
// memory, the element types each op class accepts per operand, the
// quantization encodings the backend runs, default accuracy gates and
// published reference latencies. Every figure carries its provenance.
//
// It is the one package every layer-4 tree (lowering, translate, interp)
// may import, so it imports nothing of ours but the standard library and
// its YAML reader.
package target

import (
	"embed"
	"errors"
	"fmt"
	"os"
	"path"
	"sort"
	"strings"
)

//go:embed targets/*.yaml
var builtin embed.FS

// Provenance says where a fact comes from: a source (a key of the file's
// sources table, resolved to its title or URL) and whether the value is
// quoted from it or derived (then How says how).
type Provenance struct {
	SourceID, Source string
	Kind             string // "quoted" or "derived"
	How, Note        string
}

// Figure is a number with its unit and provenance. Value is in the
// field's base unit (ops/s, bytes/s, bytes, ms, dB); Quoted is the
// number as written with Unit.
type Figure struct {
	Value  float64
	Quoted float64
	Unit   string
	Provenance
}

// Device is a SoC or module the target stands for.
type Device struct {
	Name string
	Provenance
}

// QuantRule is one quantization encoding the target runs.
type QuantRule struct {
	Name        string
	Role        string // "activation", "weight" or "bias"
	Storage     string // element type of the stored integers or floats
	Symmetric   bool   // zero point 0
	Granularity string // "per-tensor", "per-channel" or "block"
	BlockSize   int    // elements per block, for "block"; 0: any the backend takes
	Min, Max    int64  // stored range when narrower than the type's; 0, 0: full
	// WithActivations: the rule holds only when activations use one of
	// these storage types (e.g. 8-bit weights under 16-bit activations).
	WithActivations []string
	Provenance
}

// RefLatency is a published latency of a model on a device.
type RefLatency struct {
	Model, Device, Precision, Runtime string
	// ExportedModel names the model as scripts/export-torch-models.py
	// exports it (build/onnx-models/<name>), so the cost model's check can
	// estimate it; "" when mlc cannot build the model.
	ExportedModel string
	Latency       Figure // ms
}

// CostFigures are the cost model's figures beyond peak rates and memory
// (lowering/cost reads them).
type CostFigures struct {
	// LayerOverhead is the time each layer the backend runs costs besides
	// its compute and memory traffic (launch, synchronisation, tiling).
	LayerOverhead *Figure // seconds
	// TransferBandwidth and TransferLatency price moving a tensor between
	// the host CPU and the accelerator at a partition boundary.
	TransferBandwidth *Figure // bytes/s
	TransferLatency   *Figure // seconds
	// FusesEpilogues: the backend runs an elementwise op that only
	// consumes a convolution's or matrix multiply's result inside that
	// layer (bias, activation, residual add), at no extra layer.
	FusesEpilogues *Flag
}

// HostCPU is the SoC's application processor: what the CPU fallback
// partitions run on, and what cost-based partitioning weighs each cluster
// against (lowering/cost). Transfers between it and the accelerator are
// CostFigures.TransferBandwidth and TransferLatency.
type HostCPU struct {
	Name string
	Provenance
	Peak            map[string]Figure // element type -> ops/s; f32 always
	MemoryBandwidth *Figure           // bytes/s
	// OpOverhead is what each op the CPU runs costs besides its compute
	// and memory time (kernel dispatch, thread-pool synchronisation);
	// nil when the file gives none (then 0).
	OpOverhead *Figure // seconds
	// Line and Col place the section in its file, for errors about it.
	Line, Col int
}

// Gates are the default acceptance thresholds of a quantized model.
type Gates struct {
	MinSQNR, MinCosine, LatencyBudget *Figure // dB, ratio, ms
}

// ClassSupport is one op class's element types per operand.
type ClassSupport struct {
	Operands map[string][]string
	// SharedEncoding (classes that move data only): the backend runs the
	// class's same-scale ops (dialects/qbehavior) with the result in the
	// encoding of its inputs, all inputs sharing one, instead of
	// requantizing. Nil when the file does not say (then: requantize).
	SharedEncoding *Flag
	Provenance
}

// Flag is a yes/no fact with its provenance.
type Flag struct {
	Value bool
	Provenance
}

// KeepsEncoding reports whether class runs same-scale ops in their
// inputs' encoding (see ClassSupport.SharedEncoding).
func (t *Target) KeepsEncoding(class string) bool {
	f := t.Classes[class].SharedEncoding
	return f != nil && f.Value
}

// Target is one loaded target file.
type Target struct {
	Name, Backend, Arch, Summary string
	File                         string // where it was read from
	Text                         []byte // the file's bytes, as read (a bundle records their digest)
	Sources                      map[string]string
	Devices                      []Device
	Peak                         map[string]Figure // element type -> ops/s
	MemoryBandwidth              *Figure           // bytes/s
	OnChipMemory                 *Figure           // bytes
	OnChipName                   string            // e.g. "VTCM", "L2"
	Classes                      map[string]ClassSupport
	Quant                        []QuantRule
	Gates                        Gates
	Cost                         CostFigures
	HostCPU                      *HostCPU // nil when the file gives none
	Latencies                    []RefLatency
	keyPos                       map[string][2]int // top-level key -> line, column
}

// CostBasedFigures checks that the file gives every figure cost-based
// partitioning needs: the accelerator's peak rates and memory bandwidth,
// the host CPU section and the host transfer cost. The error is
// positioned in the file: at the section that lacks a field, or at the
// file's start when a whole section is missing.
func (t *Target) CostBasedFigures() error {
	need := []struct {
		field, section string
		ok             bool
	}{
		{"peak_ops", "", len(t.Peak) > 0},
		{"memory_bandwidth", "", t.MemoryBandwidth != nil},
		{"host_cpu", "", t.HostCPU != nil},
		{"cost.transfer_bandwidth", "cost", t.Cost.TransferBandwidth != nil},
		{"cost.transfer_latency", "cost", t.Cost.TransferLatency != nil},
	}
	for _, n := range need {
		if n.ok {
			continue
		}
		pos, ok := t.keyPos[n.section]
		if !ok {
			pos = [2]int{1, 1}
		}
		return &Error{File: t.File, Line: pos[0], Col: pos[1], Field: n.field,
			Msg: fmt.Sprintf("missing: cost-based partitioning for target '%s' needs it", t.Name)}
	}
	return nil
}

// List names the built-in targets, sorted.
func List() []string {
	ents, _ := builtin.ReadDir("targets")
	var names []string
	for _, e := range ents {
		if n, ok := strings.CutSuffix(e.Name(), ".yaml"); ok {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names
}

// Load reads the built-in target called name.
func Load(name string) (*Target, error) {
	data, err := builtin.ReadFile(path.Join("targets", name+".yaml"))
	if err != nil || strings.ContainsAny(name, "/\\") {
		return nil, &UnknownError{Name: name, Known: List()}
	}
	return Parse("targets/"+name+".yaml", data)
}

// LoadFile reads a target file from disk (--target-file).
func LoadFile(file string) (*Target, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	return Parse(file, data)
}

// UnknownError is a target name that no file defines.
type UnknownError struct {
	Name  string
	Known []string
}

func (e *UnknownError) Error() string {
	return "unknown target '" + e.Name + "' (known: " + strings.Join(e.Known, ", ") + ")"
}

// Accepts reports whether the target runs ops of class with elem as the
// element type of operand.
func (t *Target) Accepts(class, operand, elem string) bool {
	return has(t.Classes[class].Operands[operand], elem)
}

// AcceptsOp is Accepts for a core op name ("core.conv2d").
func (t *Target) AcceptsOp(op, operand, elem string) bool {
	c, ok := ClassOf(op)
	return ok && t.Accepts(c, operand, elem)
}

// QuantRules returns the rules for a tensor role ("" for all).
func (t *Target) QuantRules(role string) []QuantRule {
	var out []QuantRule
	for _, r := range t.Quant {
		if role == "" || r.Role == role {
			out = append(out, r)
		}
	}
	return out
}

// PeakOps is the peak rate in ops/s for an element type; ok is false when
// the file gives none.
func (t *Target) PeakOps(elem string) (float64, bool) {
	f, ok := t.Peak[elem]
	return f.Value, ok
}

// Precisions lists the element types with a peak rate, fastest first.
func (t *Target) Precisions() []string { return fastestFirst(t.Peak) }

func fastestFirst(peak map[string]Figure) []string {
	var out []string
	for e := range peak {
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := peak[out[i]].Value, peak[out[j]].Value
		if a != b {
			return a > b
		}
		return out[i] < out[j]
	})
	return out
}

// Precisions lists the element types the host CPU has a peak rate for,
// fastest first.
func (h *HostCPU) Precisions() []string { return fastestFirst(h.Peak) }

// TargetName names the target (pass.Target), so a pipeline may carry it.
func (t *Target) TargetName() string { return t.Name }

// Resolve is the target a pass's options name (target= or target-file=,
// not both), else the pipeline's target when fromConfig is a *Target.
// passName, when not "", starts the error when neither is given.
func Resolve(passName, name, file string, fromConfig any) (*Target, error) {
	switch {
	case name != "" && file != "":
		return nil, errors.New("give target= or target-file=, not both")
	case file != "":
		return LoadFile(file)
	case name != "":
		return Load(name)
	}
	if t, ok := fromConfig.(*Target); ok && t != nil {
		return t, nil
	}
	msg := fmt.Sprintf("needs target=NAME or target-file=PATH (known targets: %s)", strings.Join(List(), ", "))
	if passName != "" {
		msg = passName + " " + msg
	}
	return nil, errors.New(msg)
}
