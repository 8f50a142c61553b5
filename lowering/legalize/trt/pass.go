package trt

import (
	"github.com/mlc-go/mlc/ir"
	"github.com/mlc-go/mlc/lowering/legalize"
	"github.com/mlc-go/mlc/lowering/target"
	"github.com/mlc-go/mlc/rewrite/pass"
)

// Pass is legalize-trt.
var Pass = pass.Register(&pass.Pass{
	Name:    "legalize-trt",
	Summary: "LegalizeTRT",
	Doc: "Converts a function in QDQ form (core ops between quant.qcast/quant.dcast, as quantize leaves it) " +
		"into TensorRT layers of the trt dialect for a TensorRT target file, with the one-shot conversion driver " +
		"and the core → layer table of lowering/legalize/trt. First every op is checked against the target " +
		"(CanLegalize: its op class listed in the file, each operand's element type, a quant.dcast's storage " +
		"type standing for the value it dequantizes, allowed for its role, and TensorRT's own limits); any op " +
		"that fails is reported, one error each with the rule that rejected it, and nothing changes. Then " +
		"quant.qcast/dcast " +
		"become trt.quantize/trt.dequantize with trt.constant scales (f32; a narrower float side is cast), " +
		"per-channel weights stay int8 trt.constant with axis-0 scales (weights quantized along another axis " +
		"are stored transposed and shuffled back, and a matrix multiply reads such a transpose with op = transpose); " +
		"layers of ops the assignment put in f16 or bf16 get precision and output_type of that type; finally DQ moves forward and Q backward through layers that commute with quantization (max " +
		"pooling, shuffle, slice, concatenation, padding, relu) where the target runs their class in i8, and " +
		"Q(DQ(q)) with one scale folds to q. The result computes what the input computes, bit for bit in the " +
		"reference interpreter (run trt-place-qdq before it for TensorRT's residual-add placement). The table and " +
		"rules are in docs/legalize-trt.md.",
	Options: []pass.Option{
		pass.StringOpt("target", "", "built-in target name (see mlc-opt --show-targets)"),
		pass.StringOpt("target-file", "", "a target description file (YAML) instead of a built-in target"),
	},
	OpName:  "func.func",
	Changes: pass.MayChange(pass.QuantEncodings),
	After:   []string{"quantize", "trt-place-qdq"},
	Run: func(fn *ir.Operation, opts pass.Options, pc *pass.Context) error {
		t, err := target.Resolve("legalize-trt", opts.Text("target"), opts.Text("target-file"), pc.Target())
		if err != nil {
			return ir.Errorf(fn.Loc, "%v", err)
		}
		if legalize.ForOther(fn, t.Name) {
			return nil // a partition for the CPU or another target
		}
		if t.Backend != "tensorrt" {
			return ir.Errorf(fn.Loc, "legalize-trt: target '%s' is for backend '%s', not tensorrt", t.Name, t.Backend)
		}
		st, err := Legalize(fn, t)
		pc.Add("num-converted", "Number of core and quant ops converted", int64(st.Converted))
		pc.Add("num-layers", "Number of trt ops created", int64(st.Layers))
		pc.Add("num-commuted", "Number of Q/DQ moves through commuting layers", int64(st.Commuted))
		pc.Add("num-folded-qdq", "Number of Q(DQ) pairs folded", int64(st.FoldedQDQ))
		return err
	},
})

// PlacePass is trt-place-qdq.
var PlacePass = pass.Register(&pass.Pass{
	Name:    "trt-place-qdq",
	Summary: "TRTPlaceQDQ",
	Doc: "Applies TensorRT's residual-add Q/DQ placement to a function in QDQ form: TensorRT fuses an " +
		"elementwise add into the convolution or matrix multiply that produces one input when the other input " +
		"arrives quantized too, so a core.add whose one input is the dequantized output of a quantized conv2d or " +
		"matmul and whose other input is float reads that input through the quant.qcast the function already " +
		"applies to it (the encoding its quantized consumers read); where that input is quantized nowhere and a " +
		"target is given, it gets an encoding from its calibrated range (mlc.calib) under the target's per-tensor " +
		"int8 activation rule, else the add is left. The conv or matmul output may pass through float casts " +
		"and a bias add (an add of a constant) before the add. This changes the function's numerics (the residual is rounded as TensorRT reads it), so it is " +
		"a pass of its own, before legalize-trt.",
	Options: []pass.Option{
		pass.StringOpt("target", "", "built-in target name, for new encodings (none: only reuse existing ones)"),
		pass.StringOpt("target-file", "", "a target description file (YAML) instead of a built-in target"),
	},
	OpName:  "func.func",
	Changes: pass.MayChange(pass.QuantEncodings),
	After:   []string{"quantize"},
	Run: func(fn *ir.Operation, opts pass.Options, pc *pass.Context) error {
		var t *target.Target
		if opts.Text("target") != "" || opts.Text("target-file") != "" || pc.Target() != nil {
			var err error
			if t, err = target.Resolve("trt-place-qdq", opts.Text("target"), opts.Text("target-file"), pc.Target()); err != nil {
				return ir.Errorf(fn.Loc, "%v", err)
			}
		}
		pc.Add("num-residual-qdq", "Number of residual adds given a quantized input", int64(PlaceResidualQDQ(fn, t)))
		return nil
	},
})
