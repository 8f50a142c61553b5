// Package ortcheck runs a trt-dialect function exported to QDQ ONNX
// (translate/trt) in ONNX Runtime and compares it, tensor by tensor, with
// the interpreter on the same IR. Every probed op result becomes an extra
// output of the exported model; the interpreter runs twice: free (its own
// values all the way, so differences compound as they would in deployment)
// and forced (chosen values replaced by ONNX Runtime's before later ops
// read them, so each layer's own disagreement shows apart from its
// inputs'). ONNX Runtime runs through node and bench/ort-dump.js (npm
// onnxruntime-node).
//
// What the comparison shows on int8 networks (TestModelLayers):
//   - On the same int8 input every layer agrees to one quantization step.
//     The steps come from float summation order in ONNX Runtime's float
//     QDQ convolutions and matmuls (graph optimisation "basic"), and from
//     ONNX Runtime's CPU provider running the trt layers of precision f16
//     (activations, element-wise ops, pooling, reductions) in f32: it
//     drops the rounding of the IR's f32→f16 casts even at optimisation
//     "disabled", so its f16 values are the f32 ones rounded once.
//   - Deep networks amplify such one-step flips: a flipped input of a
//     3×3 convolution moves hundreds of outputs, some across a rounding
//     boundary, so the flipped share grows layer by layer until the two
//     runs differ by about the quantization noise itself. Two builds of
//     the interpreter with different f32 kernels (-tags purego), or ONNX
//     Runtime's float QDQ against its own int8 kernels, differ as much on
//     resnet18 (35.6 and 35.8 dB).
//   - At "all", ONNX Runtime fuses the QDQ groups into QLinearConv and
//     QLinearMatMul with exact int32 accumulation, but on x86 CPUs
//     without VNNI it first turns int8 activations into uint8 (zero point
//     128) and its U8S8 kernels add pairs of products in 16 bits with
//     saturation (TestU8S8Saturation). The session entries
//     session.qdqisint8allowed=1 (S8S8 kernels, which cannot saturate on
//     symmetric int8 weights) or session.x64quantprecision=1 (U8U8) avoid
//     it.
//   - With Options.TRTFused the interpreter runs those groups as TensorRT
//     does (integer sums, one requantization, the f32 bias quantized to
//     int32 at s_x·s_w as ONNX Runtime's WeightBiasQuantization does). On
//     networks built without fp16 layers it then agrees with ONNX Runtime
//     at "all" with S8S8 kernels bit for bit on the CNNs; with fp16 layers
//     ONNX Runtime's f32 execution of them is what remains. On
//     transformers ONNX Runtime's own fusions at "all" (QLinearSoftmax, an
//     integer softmax; SkipLayerNormalization; MatMul+Transpose into
//     FusedMatMul, which it then runs in float) compute otherwise.
package ortcheck

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	function "github.com/mlc-go/mlc/dialects/func"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/interp"
	"github.com/mlc-go/mlc/ir"
	trtonnx "github.com/mlc-go/mlc/translate/trt"
)

// Runtime is how to start ONNX Runtime: node, the dump script and the
// node_modules directory holding onnxruntime-node.
type Runtime struct {
	Node, Script, NodePath string
}

// FindRuntime locates node, root/bench/ort-dump.js and onnxruntime-node
// (in $MLC_ORT_NODE_PATH, else root/bench/ort/node_modules, which `make
// ort` fills); root is the repository's root directory.
func FindRuntime(root string) (Runtime, error) {
	node, err := exec.LookPath("node")
	if err != nil {
		return Runtime{}, fmt.Errorf("node is not installed")
	}
	script, err := filepath.Abs(filepath.Join(root, "bench", "ort-dump.js"))
	if err != nil {
		return Runtime{}, err
	}
	if _, err := os.Stat(script); err != nil {
		return Runtime{}, err
	}
	for _, dir := range []string{os.Getenv("MLC_ORT_NODE_PATH"), filepath.Join(root, "bench", "ort", "node_modules")} {
		if dir == "" {
			continue
		}
		if _, err := os.Stat(filepath.Join(dir, "onnxruntime-node")); err == nil {
			abs, err := filepath.Abs(dir)
			if err != nil {
				return Runtime{}, err
			}
			return Runtime{Node: node, Script: script, NodePath: abs}, nil
		}
	}
	return Runtime{}, fmt.Errorf("onnxruntime-node not found: run `make ort` or set MLC_ORT_NODE_PATH to a node_modules holding it")
}

// Options choose what Compare probes and how ONNX Runtime runs.
type Options struct {
	// Level is ONNX Runtime's graph optimisation level: "basic" (the
	// default) runs QuantizeLinear/DequantizeLinear in float as the ONNX
	// spec defines them; "all" lets it fuse QDQ groups into integer
	// kernels.
	Level string
	// Probe chooses the op results compared; nil probes every result of
	// a non-constant op. A graph output keeps ONNX Runtime from fusing
	// the nodes around it (a quantize result's too), so compare its
	// fused kernels ("all") with OutputsOnly.
	Probe func(v *ir.Value) bool
	// Config adds ONNX Runtime session configuration entries, e.g.
	// "session.x64quantprecision": "1" (exact U8U8 int8 kernels on x86
	// CPUs without VNNI, whose default U8S8 kernels can saturate).
	Config map[string]string
	// Force chooses the probed values whose ONNX Runtime tensors replace
	// the interpreter's in the forced run; nil forces every probed value
	// (each op on ONNX Runtime's inputs). QuantizedOnly forces the layer
	// boundaries of a QDQ network, so a forced figure is one
	// dequantize-layer-quantize group on ONNX Runtime's int8 input.
	Force func(v *ir.Value) bool
	// TRTFused runs the interpreter as TensorRT executes the IR
	// (interp.Options.TRTFused: dequantize → convolution/matrix multiply
	// → quantize groups on integer sums with one requantization), the
	// counterpart of ONNX Runtime's QLinearConv/QLinearMatMul at "all".
	// The ops inside a group are not run, so their probes are dropped
	// from the report.
	TRTFused bool
	// Dir keeps the model and the tensors there instead of in a removed
	// temporary directory.
	Dir string
}

// OutputsOnly probes nothing: only the function's results are compared.
func OutputsOnly(*ir.Value) bool { return false }

// QuantizedOnly accepts the results of trt.quantize: the layer
// boundaries of a QDQ network.
func QuantizedOnly(v *ir.Value) bool {
	return !v.IsBlockArgument() && v.DefiningOp().Name() == "trt.quantize"
}

// Diff compares one tensor of the interpreter (the reference) with ONNX
// Runtime's.
type Diff struct {
	Count  int     // elements
	Differ int     // elements not equal
	MaxAbs float64 // largest |ORT − interpreter|
	SQNR   float64 // dB of the interpreter's signal over the difference; +Inf when equal
}

// Layer is one probed value.
type Layer struct {
	Name string // the ONNX tensor name
	Op   string // the trt op producing it
	Type string // its element type
	// Free: the interpreter on its own values; Forced: the interpreter's
	// op fed ONNX Runtime's values of every earlier forced tensor.
	Free, Forced Diff
}

// Report is the comparison of one run.
type Report struct {
	Outputs []Diff // per function result: the interpreter (free) against ONNX Runtime
	Layers  []Layer
	// ORTOutputs are ONNX Runtime's results, for comparing with a float
	// reference.
	ORTOutputs []*tensor.Tensor
	// MLCOutputs are the interpreter's (free run).
	MLCOutputs []*tensor.Tensor
}

// Compare exports fn with the chosen probes, runs it in ONNX Runtime on
// inputs (one per argument) and compares as the package comment says.
func Compare(rt Runtime, fn *ir.Operation, inputs []*tensor.Tensor, opts Options) (*Report, error) {
	probe := opts.Probe
	if probe == nil {
		probe = func(v *ir.Value) bool { return true }
	}
	model, probed, err := trtonnx.ExportProbed(fn, trtonnx.Options{Probe: probe})
	if err != nil {
		return nil, err
	}
	dir := opts.Dir
	if dir == "" {
		if dir, err = os.MkdirTemp("", "ortcheck-"); err != nil {
			return nil, err
		}
		defer os.RemoveAll(dir)
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	modelPath := filepath.Join(dir, "model.probed.onnx")
	if err := trtonnx.WriteModel(modelPath, model, trtonnx.Options{}); err != nil {
		return nil, err
	}
	argNames := function.ArgNames(fn)
	if len(inputs) != len(argNames) {
		return nil, fmt.Errorf("ortcheck: @%s takes %d inputs, got %d", ir.SymbolName(fn), len(argNames), len(inputs))
	}
	args := []string{rt.Script, modelPath, filepath.Join(dir, "ort")}
	for i, x := range inputs {
		p := filepath.Join(dir, "input"+strconv.Itoa(i)+".npy")
		if err := tensor.WriteNpyFile(p, x); err != nil {
			return nil, err
		}
		args = append(args, argNames[i]+"="+p)
	}
	level := opts.Level
	if level == "" {
		level = "basic"
	}
	cmd := exec.Command(rt.Node, args...)
	var config []string
	for k, v := range opts.Config {
		config = append(config, k+"="+v)
	}
	sort.Strings(config)
	cmd.Env = append(os.Environ(), "NODE_PATH="+rt.NodePath, "ORT_GRAPH_OPT="+level, "ORT_CONFIG="+strings.Join(config, ","))
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("ortcheck: onnxruntime: %v: %s", err, out)
	}
	ort, err := readDump(filepath.Join(dir, "ort"))
	if err != nil {
		return nil, err
	}
	nOut := len(model.Graph.Outputs) - len(probed)
	rep := &Report{}
	for i := 0; i < nOut; i++ {
		t, ok := ort[model.Graph.Outputs[i].Name]
		if !ok {
			return nil, fmt.Errorf("ortcheck: onnxruntime wrote no output %q", model.Graph.Outputs[i].Name)
		}
		rep.ORTOutputs = append(rep.ORTOutputs, t)
	}
	byValue := map[*ir.Value]int{}
	for i, p := range probed {
		if _, ok := ort[p.Name]; !ok {
			return nil, fmt.Errorf("ortcheck: onnxruntime wrote no output %q", p.Name)
		}
		byValue[p.Value] = i
		rep.Layers = append(rep.Layers, Layer{Name: p.Name, Op: p.Value.DefiningOp().Name(), Type: ir.ElementTypeOf(p.Value.Type()).String()})
	}

	var firstErr error
	observed := make([]bool, len(probed))
	observe := func(forced bool) func(op *ir.Operation, results []*tensor.Tensor) {
		return func(op *ir.Operation, results []*tensor.Tensor) {
			for j, r := range results {
				i, ok := byValue[op.Result(j)]
				if !ok {
					continue
				}
				observed[i] = true
				d, err := diff(r, ort[probed[i].Name])
				if err != nil && firstErr == nil {
					firstErr = fmt.Errorf("ortcheck: %s: %v", probed[i].Name, err)
				}
				if forced {
					rep.Layers[i].Forced = d
				} else {
					rep.Layers[i].Free = d
				}
			}
		}
	}
	free, err := interp.New(interp.Options{Observe: observe(false), TRTFused: opts.TRTFused}).Run(fn, inputs)
	if err != nil {
		return nil, err
	}
	if firstErr != nil {
		return nil, firstErr
	}
	rep.MLCOutputs = free
	substitute := func(op *ir.Operation, results []*tensor.Tensor) []*tensor.Tensor {
		var out []*tensor.Tensor
		for j := range results {
			i, ok := byValue[op.Result(j)]
			if !ok || opts.Force != nil && !opts.Force(op.Result(j)) {
				continue
			}
			if out == nil {
				out = append([]*tensor.Tensor{}, results...)
			}
			out[j] = ort[probed[i].Name]
		}
		return out
	}
	if _, err := interp.New(interp.Options{Observe: observe(true), Substitute: substitute, TRTFused: opts.TRTFused}).Run(fn, inputs); err != nil {
		return nil, err
	}
	if firstErr != nil {
		return nil, firstErr
	}
	// Probes of ops the interpreter did not run (inside a TRTFused
	// group) have nothing to compare.
	kept := rep.Layers[:0]
	for i, l := range rep.Layers {
		if observed[i] {
			kept = append(kept, l)
		}
	}
	rep.Layers = kept
	for i, want := range free {
		d, err := diff(want, rep.ORTOutputs[i])
		if err != nil {
			return nil, fmt.Errorf("ortcheck: output %d: %v", i, err)
		}
		rep.Outputs = append(rep.Outputs, d)
	}
	return rep, nil
}

// readDump reads what bench/ort-dump.js wrote: name -> tensor.
func readDump(dir string) (map[string]*tensor.Tensor, error) {
	b, err := os.ReadFile(filepath.Join(dir, "outputs.json"))
	if err != nil {
		return nil, err
	}
	var names []string
	if err := json.Unmarshal(b, &names); err != nil {
		return nil, fmt.Errorf("%s: %v", filepath.Join(dir, "outputs.json"), err)
	}
	out := make(map[string]*tensor.Tensor, len(names))
	for i, n := range names {
		t, err := tensor.ReadNpyFile(filepath.Join(dir, strconv.Itoa(i)+".npy"))
		if err != nil {
			return nil, err
		}
		out[n] = t
	}
	return out, nil
}

func diff(want, got *tensor.Tensor) (Diff, error) {
	if !tensor.ShapeEqual(want.Shape(), got.Shape()) {
		return Diff{}, fmt.Errorf("shape %v, onnxruntime %v", want.Shape(), got.Shape())
	}
	if want.DType() != got.DType() {
		return Diff{}, fmt.Errorf("dtype %v, onnxruntime %v", want.DType(), got.DType())
	}
	w, g := want.Values(), got.Values()
	d := Diff{Count: len(w)}
	var s, n float64
	for i := range w {
		if math.IsNaN(w[i]) && math.IsNaN(g[i]) {
			continue
		}
		s += w[i] * w[i]
		e := g[i] - w[i]
		if math.IsNaN(e) {
			e = math.Inf(1) // one side NaN: no agreement
		}
		if e != 0 {
			d.Differ++
			d.MaxAbs = math.Max(d.MaxAbs, math.Abs(e))
			n += e * e
		}
	}
	d.SQNR = SQNR(s, n)
	return d, nil
}

// SQNR is 10·log10(signal/noise) in dB, +Inf for no noise.
func SQNR(signal, noise float64) float64 {
	if noise == 0 {
		return math.Inf(1)
	}
	return 10 * math.Log10(signal/noise)
}

// SQNROf is the SQNR of got against want (same length).
func SQNROf(want, got []float64) float64 {
	var s, n float64
	for i := range want {
		s += want[i] * want[i]
		e := got[i] - want[i]
		n += e * e
	}
	return SQNR(s, n)
}

// WorstForced is the probed tensor whose forced figure (the layer on
// ONNX Runtime's inputs) has the lowest SQNR; ok is false when nothing was
// probed.
func (r *Report) WorstForced() (l Layer, ok bool) {
	for i, x := range r.Layers {
		if i == 0 || x.Forced.SQNR < l.Forced.SQNR {
			l, ok = x, true
		}
	}
	return l, ok
}

// FirstFreeBelow is the index of the first probed tensor whose free
// figure falls below db dB, or -1.
func (r *Report) FirstFreeBelow(db float64) int {
	for i, l := range r.Layers {
		if l.Free.SQNR < db {
			return i
		}
	}
	return -1
}

// WriteTable writes the per-tensor comparison as a text table, one row
// per probed tensor in block order: elements that differ, the largest
// difference and the SQNR, free and forced; the first tensor whose forced
// SQNR falls below db is marked.
func (r *Report) WriteTable(w io.Writer, db float64) error {
	if _, err := fmt.Fprintf(w, "%-4s %-40s %-20s %-5s %9s %9s %9s | %9s %9s %9s\n", "#", "tensor", "op", "type", "differ", "max|Δ|", "SQNR", "f.differ", "f.max|Δ|", "f.SQNR"); err != nil {
		return err
	}
	marked := false
	for i, l := range r.Layers {
		mark := ""
		if !marked && l.Forced.SQNR < db {
			mark, marked = fmt.Sprintf("  <- first forced < %g dB", db), true
		}
		if _, err := fmt.Fprintf(w, "%-4d %-40s %-20s %-5s %9d %9.3g %9.1f | %9d %9.3g %9.1f%s\n", i, l.Name, l.Op, l.Type,
			l.Free.Differ, l.Free.MaxAbs, l.Free.SQNR, l.Forced.Differ, l.Forced.MaxAbs, l.Forced.SQNR, mark); err != nil {
			return err
		}
	}
	return nil
}
