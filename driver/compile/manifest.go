package compile

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"runtime/debug"

	function "github.com/mlc-go/mlc/dialects/func"
	"github.com/mlc-go/mlc/dialects/quant"
	dq "github.com/mlc-go/mlc/driver/quantize"
	"github.com/mlc-go/mlc/driver/report"
	"github.com/mlc-go/mlc/interp"
	"github.com/mlc-go/mlc/ir"
	lq "github.com/mlc-go/mlc/lowering/quantize"
	"github.com/mlc-go/mlc/lowering/target"
)

// ManifestVersion is the manifest.json format's version.
const ManifestVersion = 1

// Manifest is a target directory's manifest.json: what went in, what
// was run, what came out and how it measured. Fields are in a fixed
// order and every list in a fixed order, so equal inputs give equal
// bytes.
type Manifest struct {
	Format   int    `json:"format"`
	Compiler string `json:"compiler"`
	Model    struct {
		File   string `json:"file"`
		SHA256 string `json:"sha256"`
	} `json:"model"`
	Target struct {
		Name    string `json:"name"`
		Backend string `json:"backend"`
		File    string `json:"file"`
		SHA256  string `json:"sha256"`
	} `json:"target"`
	Pipeline   string              `json:"pipeline"`
	Data       DataInfo            `json:"data"`
	Signature  Signature           `json:"signature"`
	Artefacts  []ManifestArtefact  `json:"artefacts"`
	Partitions []ManifestPartition `json:"partitions"`
	Gates      GateResults         `json:"gates"`
}

// DataInfo says which sets calibrated and which evaluated.
type DataInfo struct {
	CalibSets   []string `json:"calibration_sets"`
	CalibSHA256 string   `json:"calibration_sha256"`
	// EvalFrom says where the evaluation sets came from.
	EvalFrom   string   `json:"evaluation_from"`
	EvalSets   []string `json:"evaluation_sets"`
	EvalSHA256 string   `json:"evaluation_sha256"`
}

// Signature is the compiled model's inputs and outputs.
type Signature struct {
	Inputs  []Port `json:"inputs"`
	Outputs []Port `json:"outputs"`
}

// Port is one input or output: its element type and shape as the bundle
// takes or gives it, and the encoding it is quantized with on entry (an
// input) or dequantized from on exit (an output); nil when it stays in
// float.
type Port struct {
	Name     string    `json:"name"`
	Type     string    `json:"type"`
	Shape    []int64   `json:"shape"`
	Encoding *Encoding `json:"encoding"`
}

// Encoding is a quantization encoding.
type Encoding struct {
	Storage   string    `json:"storage"`
	Scale     []float64 `json:"scale"`
	ZeroPoint []int64   `json:"zero_point"`
	Axis      *int      `json:"axis,omitempty"`
}

// ManifestArtefact is one file of the target's directory.
type ManifestArtefact struct {
	Path   string `json:"path"` // relative, with forward slashes
	Bytes  int64  `json:"bytes"`
	SHA256 string `json:"sha256"`
}

// ManifestPartition is one partition with its cost estimate.
type ManifestPartition struct {
	Name        string   `json:"name"`
	Device      string   `json:"device"`
	Ops         int      `json:"ops"`
	MACs        int64    `json:"macs"`
	EstimatedMs *float64 `json:"estimated_ms"` // nil: not estimated (CPU)
	FallbackWhy []string `json:"fallback_reasons,omitempty"`
}

// GateResults are the gates and the figures they judged.
type GateResults struct {
	Passed  bool             `json:"passed"`
	Gates   []ManifestGate   `json:"checks"`
	Outputs []ManifestOutput `json:"outputs"`
	// LatencyMs is the cost model's estimate (an estimate, not a
	// measurement) of the vendor partitions.
	LatencyMs dq.DB `json:"estimated_latency_ms"`
	// LatencyNote says why there is no estimate (then LatencyMs is null).
	LatencyNote string           `json:"latency_note,omitempty"`
	Failure     *ManifestFailure `json:"failure,omitempty"`
}

// ManifestGate is one threshold check.
type ManifestGate struct {
	Name      string  `json:"name"`
	Output    string  `json:"output,omitempty"`
	Value     dq.DB   `json:"value"`
	Threshold float64 `json:"threshold"`
	// Rule is ">=" or "<=": how Value must compare with Threshold.
	Rule string `json:"rule"`
	// From is "target file" or "flag".
	From   string `json:"from"`
	Passed bool   `json:"passed"`
}

// ManifestOutput is one output's accuracy against the fp32 reference.
type ManifestOutput struct {
	Name   string `json:"name"`
	SQNRdB dq.DB  `json:"sqnr_db"`
	Cosine dq.DB  `json:"cosine"`
	MaxAbs dq.DB  `json:"max_abs"`
	Top1   dq.DB  `json:"top1"` // null when the output is no score vector
}

// ManifestFailure names where accuracy was lost.
type ManifestFailure struct {
	WorstOp     string `json:"worst_op"`
	WorstOpSQNR dq.DB  `json:"worst_op_sqnr_db"`
	Pass        string `json:"pass"`
}

// Revision is the compiler's source revision when the build stamps it
// with -ldflags "-X github.com/mlc-go/mlc/driver/compile.Revision=...";
// otherwise Go's VCS stamp is read.
var Revision string

// Version is the compiler's module version and source revision
// ("+dirty" when built from a modified tree).
func Version() string {
	version, rev, dirty := "(devel)", Revision, false
	if bi, ok := debug.ReadBuildInfo(); ok {
		if bi.Main.Version != "" {
			version = bi.Main.Version
		}
		for _, s := range bi.Settings {
			switch {
			case s.Key == "vcs.revision" && rev == "":
				rev = s.Value
			case s.Key == "vcs.modified":
				dirty = s.Value == "true"
			}
		}
	}
	if rev == "" {
		rev = "unknown"
	}
	if dirty {
		rev += "+dirty"
	}
	return "mlc " + version + " " + rev
}

func targetSHA256(t *target.Target) (string, error) {
	if len(t.Text) == 0 {
		return "", fmt.Errorf("target %s: its file's bytes were not kept", t.Name)
	}
	s := sha256.Sum256(t.Text)
	return hex.EncodeToString(s[:]), nil
}

// signatureOf is fn's inputs and outputs, without encodings.
func signatureOf(fn *ir.Operation) (Signature, error) {
	ft := function.FunctionType(fn)
	if ft == nil {
		return Signature{}, fmt.Errorf("@%s has no function type", ir.SymbolName(fn))
	}
	var s Signature
	port := func(name string, t ir.Type) (Port, error) {
		rt, ok := t.(*ir.RankedTensorType)
		if !ok {
			return Port{}, fmt.Errorf("%s has type %s; a bundle needs ranked tensors", name, t)
		}
		for _, d := range rt.Shape {
			if d < 0 {
				return Port{}, fmt.Errorf("%s has a dynamic shape %s; pin it (mlc import --shape) before compiling", name, t)
			}
		}
		return Port{Name: name, Type: rt.Elem.String(), Shape: append([]int64{}, rt.Shape...)}, nil
	}
	for i, n := range function.ArgNames(fn) {
		p, err := port("input '"+n+"'", ft.Inputs[i])
		if err != nil {
			return s, err
		}
		p.Name = n
		s.Inputs = append(s.Inputs, p)
	}
	for i, n := range function.ResultNames(fn) {
		p, err := port("output '"+n+"'", ft.Results[i])
		if err != nil {
			return s, err
		}
		p.Name = n
		s.Outputs = append(s.Outputs, p)
	}
	return s, nil
}

func (s Signature) outputNames() []string {
	names := make([]string, len(s.Outputs))
	for i, o := range s.Outputs {
		names[i] = o.Name
	}
	return names
}

// withEncodings is s with the encodings the quantized function (QDQ
// form) applies: an input's first quant.qcast, an output's quant.dcast.
func (s Signature) withEncodings(module *ir.Operation, fnName string) Signature {
	out := Signature{Inputs: append([]Port{}, s.Inputs...), Outputs: append([]Port{}, s.Outputs...)}
	fn, err := interp.LookupFunc(module, fnName)
	if err != nil {
		return out
	}
	body := fn.Region(0).Front()
	for i, a := range body.Args() {
		for _, u := range a.Users() {
			if u.Name() == "quant.qcast" && i < len(out.Inputs) {
				out.Inputs[i].Encoding = encodingOf(u.Result(0).Type())
				break
			}
		}
	}
	for i, v := range body.Terminator().Operands() {
		if d := v.DefiningOp(); d != nil && d.Name() == "quant.dcast" && i < len(out.Outputs) {
			out.Outputs[i].Encoding = encodingOf(d.Operand(0).Type())
		}
	}
	return out
}

func encodingOf(t ir.Type) *Encoding {
	switch q := quant.ElementType(t).(type) {
	case *quant.UniformType:
		return &Encoding{Storage: lq.StorageName(q), Scale: []float64{q.Scale}, ZeroPoint: []int64{q.ZeroPoint}}
	case *quant.UniformPerAxisType:
		axis := q.Axis
		return &Encoding{Storage: lq.StorageName(q), Scale: q.Scales, ZeroPoint: q.ZeroPoints, Axis: &axis}
	}
	return nil
}

// manifest fills a target's manifest from its report figures.
func (c *compiler) manifest(t *target.Target, b *report.Bundle, sig Signature, th *resolved, latencyNote string) *Manifest {
	m := &Manifest{Format: ManifestVersion, Compiler: b.Compiler, Pipeline: b.Pipeline, Data: c.data, Signature: sig}
	m.Model.File, m.Model.SHA256 = b.Model, b.ModelSHA256
	m.Target.Name, m.Target.Backend, m.Target.File, m.Target.SHA256 = t.Name, t.Backend, t.File, b.TargetSHA256
	m.Artefacts = []ManifestArtefact{}
	for _, a := range b.Artefacts {
		m.Artefacts = append(m.Artefacts, ManifestArtefact{Path: a.Path, Bytes: a.Bytes, SHA256: a.SHA256})
	}
	for _, p := range b.Partitions {
		mp := ManifestPartition{Name: p.Name, Device: p.Device, Ops: p.Ops, MACs: p.MACs, FallbackWhy: p.FallbackWhy}
		if p.Device != "cpu" && !math.IsNaN(p.EstimatedMs) {
			ms := p.EstimatedMs
			mp.EstimatedMs = &ms
		}
		m.Partitions = append(m.Partitions, mp)
	}
	g := &m.Gates
	g.Passed, g.LatencyMs, g.LatencyNote = b.Passed, dq.DB(b.Latency.TotalMs), latencyNote
	g.Gates = []ManifestGate{}
	for _, x := range b.Gates {
		rule := "<="
		if x.AtLeast {
			rule = ">="
		}
		g.Gates = append(g.Gates, ManifestGate{Name: x.Name, Output: x.Output, Value: dq.DB(x.Value), Threshold: x.Threshold,
			Rule: rule, From: th.From[x.Name], Passed: x.Passed})
	}
	for _, o := range b.Outputs {
		g.Outputs = append(g.Outputs, ManifestOutput{Name: o.Name, SQNRdB: dq.DB(o.SQNRdB), Cosine: dq.DB(o.Cosine),
			MaxAbs: dq.DB(o.MaxAbs), Top1: dq.DB(o.Top1)})
	}
	if f := b.Failure; f != nil {
		g.Failure = &ManifestFailure{WorstOp: f.WorstOp, WorstOpSQNR: dq.DB(f.WorstOpSQNR), Pass: f.Pass}
	}
	return m
}
