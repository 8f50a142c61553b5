// Package quantize takes a float model in the core dialect to the
// quantized form a target runs (issue 13). Its passes:
//
//   - quantize (quantize.go, qdq.go, rules.go): precision assignment. For
//     each core op it finds the op class (lowering/target) and picks a
//     precision: the op's mlc.precision attribute when present (an error
//     if the target does not run that class in it), else the pass's
//     default (precision=, i8), else the cheapest precision the target
//     accepts for the class (Precisions: i8, i16, f16, f32). It then
//     rewrites the function into QDQ form under the target file's
//     quantization rules, read as data (no backend is named in Go):
//
//     activations: quant.qcast then quant.dcast around the float core op,
//     per tensor, scale and zero point from the calibrated range (Params:
//     symmetric rules get zero point 0 and scale max|x|/qmax_sym, others
//     include 0 in the range and round the zero point half to even);
//     ranges come from the producer's mlc.calib entry, the entry function
//     argument's mlc.calib, or a constant's own data.
//
//     weights (a constant on an operand dialects/qbehavior marks
//     per-channel): symmetric from the data itself, per output channel
//     where a rule allows it, stored with the quant dialect's (and so
//     internal/quantize's) arithmetic: core.constant of stored integers ->
//     quant.scast -> quant.dcast.
//
//     bias: i32 with scale s_in × s_w per channel and zero point 0 when
//     the target has an integer bias rule for the class, else float.
//
//     results of integer-precision ops: qcast/dcast right after the op,
//     and every user reads the dcast, as the target reads the stored
//     output. A value feeding several ops in one encoding gets one cast
//     pair. Same-scale ops (qbehavior) of a class whose target entry says
//     shared_encoding keep their input's encoding (a concatenation's
//     inputs share one) instead of requantizing. A same-scale op none of
//     whose inputs arrives quantized (all from float ops or arguments)
//     has no encoding to keep: without its own mlc.precision it moves
//     the data in the cheapest float precision its class takes, if any.
//
//     Ops given a float precision other than their values' type (f16 on
//     an f32 model) compute in it: core.cast of each operand (one per
//     value), the op retyped, core.cast of its result back for its users
//     (dropped where every user reads the narrow value), so running the
//     IR rounds as the target would. Ops with integer results (a cast to
//     i32) keep their types, and so does an op whose verifier refuses the
//     retyped form (a pad value typed f32): their precision is the
//     attribute alone.
//
//     What a driver reads back after the pass (the JSON report): every op
//     it decided carries mlc.precision (a string attribute, "i8", "i16",
//     "f16" or "f32"); its encodings are the element types of the quant
//     ops around it: operand i's is the type of the quant.dcast operand
//     feeding it (per tensor or per axis), the result's that of the
//     quant.qcast that reads it. Decisions (report.go) reads them back;
//     Check (rules_check.go) verifies them against a target.
//
//   - quant-fuse (fuse.go): qcast(OP(dcast a, dcast w[, bias])) becomes OP
//     on the quantized values, which the interpreter runs on stored
//     integers as ONNX Runtime's QLinear kernels do.
//
//   - cross-layer-equalize (equalize.go): rescales the channels of
//     consecutive conv/matmul layers (Nagel et al. 2019) before
//     calibration, leaving the function unchanged within float rounding.
//
//   - smooth-quant (smooth.go): SmoothQuant (Xiao et al. 2023) for
//     matmuls with constant weights: s_j = a_j^alpha / w_j^(1-alpha) from
//     the per-channel activation maxima calibrate-channels records
//     (mlc.act_absmax) and the weight rows; 1/s folded into a layer
//     norm's gamma/beta or an explicit core.mul, s into the weights.
//     Pipeline: calibrate-channels → smooth-quant → calibrate → quantize.
//
//   - contracts (contract.go): an instrumentation that fails a pipeline
//     when a pass that does not declare quant-encodings drops or alters
//     an encoding an earlier pass fixed.
//
// Errors are positioned diagnostics and leave the function unchanged:
// an op the target cannot run in any precision (naming the op, its class
// and the target), a precision the target does not run for the class, a
// range calibrate did not record ("run calibrate first").
package quantize
