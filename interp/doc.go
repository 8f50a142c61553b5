// Package interp is mlc's reference interpreter: it executes the body of a
// func.func op by op on real tensors (package internal/tensor), so that the
// accuracy gates can compare a compiled graph with its float original and
// so that `mlc run` can evaluate a model.
//
// What runs:
//
//   - func.func bodies of one block of straight-line ops (no ops with
//     regions), ending in func.return; func.call to other functions of the
//     same module (recursion is refused, as a body without control flow
//     could only recurse forever).
//   - The ops listed in the kernel table (Ops): every op of the core
//     dialect, the quant casts (qcast, dcast, scast, requant) and the torch
//     dialect's ATen ops, so that a captured graph can be checked before it
//     is decomposed, and every trt layer (trt.go, registered from its own
//     init), so that a legalised graph runs on the same inputs. Any other op is a positioned error:
//     "'core.foo' op is not supported by the interpreter".
//
// Values. Every SSA value is a *tensor.Tensor; scalars (an f32 operand of
// quant.qcast) are rank-0 tensors. Element types map to tensor dtypes as
// DTypeOf says: f16, bf16, f32, f64, i1 (Bool), signless and signed
// integers of 8 to 64 bits, ui8 and ui16. f16 and bf16 are computed in
// float32 and rounded on store. A value of a quantized type
// (!quant.uniform, per-axis or !quant.any) holds its stored integers
// (see StorageDType), and its quantization parameters are read from the
// SSA value's type, which the interpreter carries alongside the data; so
// quantized inputs and outputs of Run are tensors of storage integers.
//
// Semantics follow the dialect docs (docs/dialects/*.md), which are
// authoritative: for example core.avg_pool2d's count_include_pad defaults
// to false while torch.aten.avg_pool2d's defaults to true, max pooling
// propagates NaN, and the quant casts are bit-exact with ONNX
// QuantizeLinear / DequantizeLinear (float32 division, round half to even,
// saturation to the storage range; per tensor and per axis).
//
// Options.TRTFused runs a legalised TensorRT graph as TensorRT's int8
// kernels do rather than op by op: each trt.dequantize → convolution or
// matrix multiply → trt.quantize group sums the stored integers and
// requantizes once (trt_fused.go), which ONNX Runtime's QLinearConv and
// QLinearMatMul reproduce bit for bit.
//
// After each op the interpreter checks that every result has the dtype and
// the static dims its type declares, so a shape that only goes wrong at run
// time (a dynamic torch dim, an input of the wrong size) is reported at the
// op that produced it.
package interp
