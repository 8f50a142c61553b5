package qnn

import (
	"fmt"
	"strings"

	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/lowering/legalize"
	"github.com/mlc-go/mlc/lowering/target"
	"github.com/mlc-go/mlc/rewrite/pass"
)

// Pass is legalize-qnn.
var Pass = pass.Register(&pass.Pass{
	Name:    "legalize-qnn",
	Summary: "LegalizeQNN",
	Doc: "Converts core and quant ops (quantize's QDQ form, with or without quant-fuse) into qnn ops for a QNN " +
		"target, with the dialect conversion driver and the core→qnn table of lowering/legalize/qnn: an op is " +
		"legal only in the element types its op class has in the target file. Activations become NHWC (the " +
		"layout transposes fold away between NHWC ops and stay at the graph's boundaries), convolution " +
		"filters HWIO, depthwise convolutions DepthWiseConv2d, matrix products with constant 2-D weights " +
		"FullyConnected with weights [units, input]; quantized tensors become !qnn.tensor with offset = " +
		"−zero_point, per-channel weights axis-scale-offset, i32 biases sfixed32 with scale input × weight. " +
		"Constants become static tensors, transposed and quantized at compile time. Fails, changing nothing, " +
		"with one diagnostic per op it cannot convert: its location and the target rule, missing mapping or " +
		"QNN constraint that rejects it. A function whose mlc.target names another device (a partition for " +
		"the CPU or another target) is left alone.",
	Options: []pass.Option{
		pass.StringOpt("target", "", "built-in QNN target name (see mlc-opt --show-targets)"),
		pass.StringOpt("target-file", "", "a target description file (YAML) instead of a built-in target"),
	},
	OpName:  "func.func",
	Changes: pass.MayChange(pass.QuantEncodings),
	Run: func(fn *ir.Operation, opts pass.Options, pc *pass.Context) error {
		t, err := loadTarget(opts.Text("target"), opts.Text("target-file"), pc.Target())
		if err != nil {
			return ir.Errorf(fn.Loc, "%v", err)
		}
		if legalize.ForOther(fn, t.Name) {
			return nil // a partition for the CPU or another target
		}
		st, err := Legalize(fn, t)
		pc.Add("num-converted", "Number of conversion patterns applied", int64(st.Converted))
		pc.Add("num-layout-folds", "Number of layout rewrites (transposes cancelled, moved or folded)", int64(st.Folded))
		pc.Add("num-transposes", "Number of qnn.Transpose ops left", int64(st.Transposes))
		return err
	},
})

// loadTarget resolves the pass options, or the pipeline's target; the
// target must be a QNN one.
func loadTarget(name, file string, fromConfig pass.Target) (*target.Target, error) {
	t, err := target.Resolve("legalize-qnn", name, file, fromConfig)
	if err != nil {
		return nil, err
	}
	if t.Backend != "qnn" {
		return nil, fmt.Errorf("target '%s' is a %s target; legalize-qnn needs a qnn one (%s)", t.Name, t.Backend, strings.Join(qnnTargets(), ", "))
	}
	return t, nil
}

func qnnTargets() []string {
	var out []string
	for _, n := range target.List() {
		if t, err := target.Load(n); err == nil && t.Backend == "qnn" {
			out = append(out, n)
		}
	}
	return out
}
