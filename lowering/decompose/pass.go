package decompose

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	function "github.com/mlc-go/mlc/dialects/func"
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/rewrite"
	"github.com/mlc-go/mlc/rewrite/pass"
	// The pipeline runs these generic passes.
	_ "github.com/mlc-go/mlc/rewrite/transforms/canonicalize"
	_ "github.com/mlc-go/mlc/rewrite/transforms/cse"
)

// maxNotes bounds the ops a failure lists one by one; the summary counts
// them all.
const maxNotes = 100

// Pass is torch-decompose.
var Pass = pass.Register(&pass.Pass{
	Name:    "torch-decompose",
	Summary: "TorchDecompose",
	Doc: "Rewrites every torch dialect op into core ops with the greedy driver: the rules of " +
		"lowering/decompose/decompose.rules and the named Go patterns of lowering/decompose. New ops keep " +
		"the torch op's location. Composite ops on f16/bf16 compute in f32 and round once, as PyTorch does. " +
		"Fails when a torch op is left (dynamic shapes, element types or attributes core cannot express), with " +
		"one diagnostic at the first such op that counts them by name and notes each with its reason.",
	OpName: "func.func",
	// Quantized values keep their types, but data movement on them stops
	// taking the float detour: qcast(M(dcast(q))) becomes M(q), so quant
	// casts go and core ops take !quant.uniform operands (see quant.go).
	Changes: pass.MayChange(pass.QuantEncodings),
	Run: func(fn *ir.Operation, _ pass.Options, st *pass.Context) error {
		return decomposeFunc(fn, st)
	},
})

// FoldPass is torch-fold-batch-norm.
var FoldPass = pass.Register(&pass.Pass{
	Name:    "torch-fold-batch-norm",
	Summary: "TorchFoldBatchNorm",
	Doc: "Folds torch.aten.batch_norm into the torch.aten.conv2d that feeds it when the convolution's " +
		"weight and bias and the statistics are constants and the convolution has no other use: the " +
		"weights are scaled per output channel (in float64, rounded once) and the shift becomes the bias.",
	OpName:  "func.func",
	Changes: pass.NoEffects,
	// It matches torch.aten.batch_norm after torch.aten.conv2d, which
	// torch-decompose rewrites away.
	Before: []string{"torch-decompose"},
	Run: func(fn *ir.Operation, _ pass.Options, st *pass.Context) error {
		stats, err := rewrite.ApplyPatternsGreedily(fn, []ir.Pattern{foldBatchNorm}, false, rewrite.GreedyConfig{DisableFold: true, TopDown: true})
		st.Add("num-folded", "Number of batch norms folded into a convolution", int64(stats.Rewrites))
		if err != nil {
			return ir.Errorf(fn.Loc, "%v", err)
		}
		return nil
	},
})

// PipelineText is the torch-to-core pipeline.
const PipelineText = "builtin.module(func.func(torch-fold-batch-norm,torch-decompose,canonicalize,core-fuse-composites,cse))"

// Pipeline is torch-to-core.
var Pipeline = pass.RegisterPipeline("torch-to-core", "lower the torch dialect to the core dialect",
	"Lowers a module in the torch dialect to the core dialect: batch norms fold into the convolutions "+
		"before them, every torch op decomposes into core ops, then canonicalisation folds constants "+
		"(batch-norm scale and shift, transposed weights), core-fuse-composites turns the erf form of "+
		"GELU into core.gelu (layer norm, softmax and GELU decompose to core.layer_norm, core.softmax and "+
		"core.gelu, whole) and cse merges duplicates. Fails when a "+
		"function would still hold a torch op, with one error listing every torch op left in it.",
	PipelineText)

func decomposeFunc(fn *ir.Operation, st *pass.Context) error {
	ps := patterns()
	list := make([]ir.Pattern, len(ps))
	for i, p := range ps {
		list[i] = p
	}
	// Top-down: producers decompose before their users. (Bottom-up seeding
	// also de-duplicates constants keeping the later one, which breaks
	// dominance; see the report on rewrite/greedy.go.)
	stats, err := rewrite.ApplyPatternsGreedily(fn, list, false, rewrite.GreedyConfig{TopDown: true})
	st.Add("num-rewrites", "Number of decompositions applied", int64(stats.Rewrites))
	if err != nil {
		return ir.Errorf(fn.Loc, "%v", err)
	}
	if d := leftovers(fn); d != nil {
		// A dynamic argument makes every op after it dynamic: one error
		// at the argument says what to fix, not a note per op.
		if allDynamic(fn) {
			if a := dynamicArgs(fn, true); a != nil {
				return a
			}
		}
		// Ops are left for other reasons too: the list stays, led by
		// the dynamic arguments.
		if a := dynamicArgs(fn, false); a != nil {
			lead := append([]*ir.Diagnostic{{Severity: ir.SeverityNote, Loc: a.Loc, Message: a.Message}}, a.Notes...)
			d.Notes = append(lead, d.Notes...)
		}
		return d
	}
	return nil
}

// allDynamic reports whether every torch op left in fn is left only for
// a dynamic shape.
func allDynamic(fn *ir.Operation) bool {
	all := true
	ir.WalkPreOrder(fn, func(o *ir.Operation) ir.WalkResult {
		if o.Dialect() == "torch" && !strings.HasSuffix(explainOp(o), staticShapesReason) {
			all = false
			return ir.Interrupt
		}
		return ir.Advance
	})
	return all
}

// dynamicArgs is nil when every argument of fn has a static shape, else
// one error at the first argument with a dynamic dim, naming the input,
// the dim and its symbolic name (func.DimParamsAttr) and the import flag
// that fixes it (and, with count, how many torch ops are left), with a
// note at each other such argument.
func dynamicArgs(fn *ir.Operation, count bool) *ir.Diagnostic {
	body := fn.Region(0).Front()
	if body == nil {
		return nil
	}
	names := function.ArgNames(fn)
	var d *ir.Diagnostic
	for i, a := range body.Args() {
		rt, ok := a.Type().(*ir.RankedTensorType)
		if !ok || rt.HasStaticShape() {
			continue
		}
		msg := describeDynamicArg(fn, i, names[i], rt)
		if d == nil && !count {
			d = ir.Errorf(a.Loc(), "%s", msg)
		} else if d == nil {
			left := 0
			ir.WalkPreOrder(fn, func(o *ir.Operation) ir.WalkResult {
				if o.Dialect() == "torch" {
					left++
				}
				return ir.Advance
			})
			d = ir.Errorf(a.Loc(), "%s; %d torch op%s could not be decomposed", msg, left, plural(left))
		} else {
			d.AttachNote(a.Loc(), "%s", msg)
		}
	}
	return d
}

func describeDynamicArg(fn *ir.Operation, i int, name string, rt *ir.RankedTensorType) string {
	params := function.ArgDimParams(fn, i)
	var dims, dimFlags []string
	shape := make([]string, len(rt.Shape))
	for j, n := range rt.Shape {
		shape[j] = fmt.Sprint(n)
		if n != ir.Dynamic {
			continue
		}
		shape[j] = "1"
		if j < len(params) && params[j] != "" {
			dims = append(dims, fmt.Sprintf("%d ('%s')", j, params[j]))
			if !slices.Contains(dimFlags, "--dim "+params[j]+"=1") {
				dimFlags = append(dimFlags, "--dim "+params[j]+"=1")
			}
		} else {
			dims = append(dims, fmt.Sprint(j))
		}
	}
	msg := fmt.Sprintf("has dynamic dim%s %s: %s", plural(len(dims)), strings.Join(dims, ", "), staticShapesReason)
	if fmt.Sprintf("arg%d", i) == name {
		// No ONNX input name: no import flag can name it.
		return fmt.Sprintf("argument #%d %s", i, msg)
	}
	fix := fmt.Sprintf("--shape %s=%s", name, strings.Join(shape, "x"))
	if len(dimFlags) > 0 {
		fix = strings.Join(dimFlags, " ") + " or " + fix
	}
	return fmt.Sprintf("input '%s' (argument #%d) %s; fix it at import with %s", name, i, msg, fix)
}

// leftovers is nil when fn holds no torch op, else one diagnostic at the
// first torch op left: a count by op name, then a note per op with its
// location and the reason no decomposition applied.
func leftovers(fn *ir.Operation) *ir.Diagnostic {
	var left []*ir.Operation
	ir.WalkPreOrder(fn, func(o *ir.Operation) ir.WalkResult {
		if o.Dialect() == "torch" {
			left = append(left, o)
		}
		return ir.Advance
	})
	if len(left) == 0 {
		return nil
	}
	counts := map[string]int{}
	for _, o := range left {
		counts[o.Name()]++
	}
	names := make([]string, 0, len(counts))
	for n := range counts {
		names = append(names, n)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = fmt.Sprintf("%s ×%d", n, counts[n])
	}
	d := ir.Errorf(left[0].Loc, "%d torch op%s could not be decomposed into core: %s",
		len(left), plural(len(left)), strings.Join(parts, ", "))
	for i, o := range left {
		if i == maxNotes {
			d.AttachNote(fn.Loc, "and %d more torch ops", len(left)-maxNotes)
			break
		}
		d.AttachNote(o.Loc, "'%s' op left: %s", o.Name(), explainOp(o))
	}
	return d
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// TorchToCore runs the torch-to-core pipeline on module (a
// builtin.module). On failure the error is the *ir.Diagnostic of the
// failing pass: for ops left, one error listing them in its notes.
func TorchToCore(module *ir.Operation) error {
	if module == nil || module.Name() != "builtin.module" {
		return fmt.Errorf("torch-to-core runs on a builtin.module")
	}
	pm, err := pass.ParsePipeline(PipelineText)
	if err != nil {
		return err
	}
	err = pm.Run(module, &pass.Config{VerifyEach: true, Out: io.Discard})
	var d *ir.Diagnostic
	if errors.As(err, &d) {
		return d
	}
	return err
}
