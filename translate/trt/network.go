package trtonnx

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/mlc-go/mlc/ir"
)

// Network describes the TensorRT network an exported model builds, as
// network.json records it beside model.qdq.onnx: the layers in program
// order with the names of the tensors they read and write (the ONNX
// file's names), each layer's precision and output type, the
// input/output signature, one optimization profile and the builder flags
// the precisions need.
type Network struct {
	Name    string   `json:"name"`
	Inputs  []Tensor `json:"inputs"`
	Outputs []Tensor `json:"outputs"`
	Layers  []Layer  `json:"layers"`
	// Profiles are the optimization profiles (min/opt/max shape per
	// input); with static shapes all three are the shape.
	Profiles     []Profile `json:"optimization_profiles"`
	BuilderFlags []string  `json:"builder_flags"`
}

// Tensor is a network input or output.
type Tensor struct {
	Name     string  `json:"name"`
	DataType string  `json:"data_type"` // TensorRT's DataType enumerator, e.g. "kFLOAT"
	Shape    []int64 `json:"shape"`
}

// Layer is one trt op.
type Layer struct {
	Index   int      `json:"index"`
	Name    string   `json:"name"`
	Type    string   `json:"type"` // the trt op without its dialect prefix: "convolution"
	Inputs  []string `json:"inputs"`
	Outputs []string `json:"outputs"`
	// Precision is ILayer::setPrecision when the op sets it.
	Precision string `json:"precision,omitempty"`
	// OutputTypes are the element types of the layer's results.
	OutputTypes []string `json:"output_types"`
}

// Profile is one optimization profile entry.
type Profile struct {
	Input string  `json:"input"`
	Min   []int64 `json:"min"`
	Opt   []int64 `json:"opt"`
	Max   []int64 `json:"max"`
}

// trtDataTypes spells element types as TensorRT's DataType enumerators.
var trtDataTypes = map[string]string{
	"f32": "kFLOAT", "f16": "kHALF", "bf16": "kBF16", "f8E4M3FN": "kFP8", "i8": "kINT8",
	"ui8": "kUINT8", "i32": "kINT32", "i64": "kINT64", "i1": "kBOOL", "i4": "kINT4",
}

// builderFlags: the trtexec/BuilderFlag each element type needs when a
// layer computes in it.
var builderFlags = map[string]string{"f16": "fp16", "bf16": "bf16", "i8": "int8", "f8E4M3FN": "fp8", "i4": "int4"}

func dataType(t ir.Type) string {
	e := ir.ElementTypeOf(t).String()
	if d, ok := trtDataTypes[e]; ok {
		return d
	}
	return e
}

// network describes the exported body; outputs are the graph's output
// names in order.
func (e *exporter) network(body *ir.Block, ret *ir.Operation, outputs []string) *Network {
	n := &Network{Name: e.g.Name}
	flags := map[string]bool{}
	for _, a := range body.Args() {
		shape, _ := staticShape(a.Type())
		n.Inputs = append(n.Inputs, Tensor{Name: e.names[a], DataType: dataType(a.Type()), Shape: shape})
		n.Profiles = append(n.Profiles, Profile{Input: e.names[a], Min: shape, Opt: shape, Max: shape})
	}
	for i, v := range ret.Operands() {
		shape, _ := staticShape(v.Type())
		n.Outputs = append(n.Outputs, Tensor{Name: outputs[i], DataType: dataType(v.Type()), Shape: shape})
	}
	for _, op := range body.Ops() {
		if op == ret {
			continue
		}
		l := Layer{Index: len(n.Layers), Name: ir.FirstName(op.Loc), Type: strings.TrimPrefix(op.Name(), "trt.")}
		if l.Name == "" {
			l.Name = fmt.Sprintf("%s_%d", l.Type, l.Index)
		}
		for _, v := range op.Operands() {
			l.Inputs = append(l.Inputs, e.names[v])
		}
		for _, r := range op.Results() {
			l.Outputs = append(l.Outputs, e.names[r])
			l.OutputTypes = append(l.OutputTypes, dataType(r.Type()))
			if f, ok := builderFlags[ir.ElementTypeOf(r.Type()).String()]; ok {
				flags[f] = true
			}
		}
		if p, ok := op.InherentAttr("precision").(*ir.TypeAttr); ok {
			l.Precision = dataType(p.Type)
			if f, ok := builderFlags[p.Type.String()]; ok {
				flags[f] = true
			}
		}
		n.Layers = append(n.Layers, l)
	}
	for f := range flags {
		n.BuilderFlags = append(n.BuilderFlags, f)
	}
	sort.Strings(n.BuilderFlags)
	return n
}

// JSON is network.json: indented, fields in a fixed order, so two
// exports of the same IR give the same bytes.
func (n *Network) JSON() ([]byte, error) {
	b, err := json.MarshalIndent(n, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// BuildScript is build.sh: the trtexec command that builds an engine
// from onnxFile (a path relative to the script) with the flags the
// network needs. Explicit quantization: the Q/DQ layers fix every int8
// scale, so no calibration cache is passed.
func (n *Network) BuildScript(onnxFile, engineFile string) string {
	var b strings.Builder
	b.WriteString("#!/bin/sh\n")
	b.WriteString("# Builds a TensorRT engine from the QDQ ONNX model mlc wrote beside this script.\n")
	b.WriteString("set -e\n")
	b.WriteString("cd \"$(dirname \"$0\")\"\n")
	fmt.Fprintf(&b, "exec trtexec --onnx=%s --saveEngine=%s", shellQuote(onnxFile), shellQuote(engineFile))
	for _, f := range n.BuilderFlags {
		fmt.Fprintf(&b, " --%s", f)
	}
	b.WriteString(" \"$@\"\n")
	return b.String()
}

// shellQuote quotes s for sh when it holds anything but safe characters.
func shellQuote(s string) string {
	safe := s != ""
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("._-/+=:,", r)) {
			safe = false
			break
		}
	}
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// WriteFiles writes network.json to jsonPath and build.sh to scriptPath
// (either skipped when ""), each atomically; the script, which builds
// onnxFile (a path relative to it), is made executable.
func (n *Network) WriteFiles(jsonPath, scriptPath, onnxFile string) error {
	if jsonPath != "" {
		b, err := n.JSON()
		if err != nil {
			return err
		}
		if err := writeAtomic(jsonPath, b); err != nil {
			return err
		}
	}
	if scriptPath != "" {
		engine := strings.TrimSuffix(onnxFile, ".onnx")
		engine = strings.TrimSuffix(engine, ".qdq") + ".engine"
		if err := writeAtomic(scriptPath, []byte(n.BuildScript(onnxFile, engine))); err != nil {
			return err
		}
		return os.Chmod(scriptPath, 0o755)
	}
	return nil
}
