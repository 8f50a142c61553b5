package interp

import (
	"math"
	"sort"

	"github.com/mlc-go/mlc/internal/tensor"
)

// kernels is the interpreter's op table: one entry per op name, mapping to
// the adapter that reads the op's attributes and calls a kernel. func.call
// and func.return are handled by the interpreter itself.
var kernels = map[string]kernel{
	// ---- core (docs/dialects/core.md) ----
	"core.abs":          unary(tensor.OpAbs),                // |x|, integers wrap
	"core.add":          coreAdd,                            // lhs + rhs, broadcasting; quantized: QLinearAdd
	"core.and":          logical(tensor.OpAnd),              // i1 ∧
	"core.argmax":       coreArg(true),                      // i64 index of the first maximum (NaN wins)
	"core.argmin":       coreArg(false),                     // i64 index of the first minimum (NaN wins)
	"core.avg_pool2d":   coreAvgPool,                        // NCHW mean pooling, count_include_pad default false
	"core.broadcast_to": coreBroadcastTo,                    // NumPy broadcast to the result shape
	"core.cast":         coreCast,                           // element type conversion (ONNX Cast rules)
	"core.ceil":         unary(tensor.OpCeil),               // ⌈x⌉
	"core.clamp":        coreClamp,                          // min(max(x, min), max), absent bounds skipped
	"core.cmp":          coreCmp,                            // eq/ne/lt/le/gt/ge → i1
	"core.concat":       coreConcat,                         // join along axis
	"core.constant":     constant,                           // dense / dense_resource value
	"core.conv2d":       quantDispatch(coreConv, qConv),     // NCHW·OIHW, groups, dilation, [t,l,b,r] padding; quantized: QLinearConv
	"core.cos":          unary(tensor.OpCos),                // cos x
	"core.div":          coreDiv,                            // lhs / rhs, integers truncate
	"core.erf":          unary(tensor.OpErf),                // erf x
	"core.exp":          unary(tensor.OpExp),                // eˣ
	"core.floor":        unary(tensor.OpFloor),              // ⌊x⌋
	"core.gather":       coreGather,                         // ONNX Gather along axis
	"core.log":          unary(tensor.OpLog),                // ln x
	"core.matmul":       quantDispatch(coreMatMul, qMatMul), // batched [..., M, K]·[..., K, N]; quantized: QLinearMatMul
	"core.max":          binaryOp(tensor.OpMax),             // elementwise max, NaN propagates
	"core.max_pool2d":   coreMaxPool,                        // NCHW max pooling, NaN propagates
	"core.min":          binaryOp(tensor.OpMin),             // elementwise min, NaN propagates
	"core.mul":          coreMul,                            // lhs · rhs
	"core.neg":          unary(tensor.OpNeg),                // −x
	"core.not":          coreNot,                            // i1 ¬
	"core.or":           logical(tensor.OpOr),               // i1 ∨
	"core.pad":          corePad,                            // constant padding (zero point for quant types)
	"core.pow":          binaryOp(tensor.OpPow),             // lhsʳʰˢ (C pow)
	"core.reciprocal":   unary(tensor.OpReciprocal),         // 1/x
	"core.reduce_max":   coreReduce(tensor.ReduceMax),       // max over axes
	"core.reduce_mean":  coreReduce(tensor.ReduceMean),      // mean over axes
	"core.reduce_min":   coreReduce(tensor.ReduceMin),       // min over axes
	"core.reduce_prod":  coreReduce(tensor.ReduceProd),      // product over axes
	"core.reduce_sum":   coreReduce(tensor.ReduceSum),       // sum over axes
	"core.relu":         coreRelu,                           // max(x, 0)
	"core.reshape":      coreReshape,                        // same elements, result's shape
	"core.round":        unary(tensor.OpRound),              // round half to even
	"core.rsqrt":        unary(tensor.OpRsqrt),              // 1/√x
	"core.select":       coreSelect,                         // cond ? on_true : on_false
	"core.sigmoid":      coreSigmoid,                        // 1/(1+e⁻ˣ)
	"core.sign":         unary(tensor.OpSign),               // −1, 0, 1 (±0, NaN kept)
	"core.sin":          unary(tensor.OpSin),                // sin x
	"core.slice":        coreSlice,                          // strided slice, ONNX Slice rules
	"core.sqrt":         unary(tensor.OpSqrt),               // √x
	"core.sub":          binaryOp(tensor.OpSub),             // lhs − rhs
	"core.tanh":         unary(tensor.OpTanh),               // tanh x
	"core.transpose":    coreTranspose,                      // permute dims
	"core.xor":          logical(tensor.OpXor),              // i1 ⊕

	// ---- quant (docs/dialects/quant.md) ----
	"quant.qcast":   quantQCast,   // real → stored: round half even(x/s) + zp, saturated
	"quant.dcast":   quantDCast,   // stored → real: (q − zp)·s in float32 for f32
	"quant.scast":   quantSCast,   // stored integers ↔ quantized, bits unchanged
	"quant.requant": quantRequant, // dcast with the operand's type, qcast to the result's

	// ---- torch (docs/dialects/torch.md) ----
	"torch.aten.abs":                          unary(tensor.OpAbs),                                         // |x|
	"torch.aten.acosh":                        floatMap(math.Acosh),                                        // acosh x
	"torch.aten.adaptive_avg_pool2d":          torchAdaptiveAvgPool,                                        // average into output_size cells
	"torch.aten.add.Scalar":                   torchScalar("add"),                                          // self + alpha·other
	"torch.aten.add.Tensor":                   torchAddSub(false),                                          // self + alpha·other
	"torch.aten.addmm":                        torchAddmm,                                                  // beta·self + alpha·(mat1 @ mat2)
	"torch.aten.amax":                         torchAmax(tensor.ReduceMax),                                 // max over dims (bool: or)
	"torch.aten.amin":                         torchAmax(tensor.ReduceMin),                                 // min over dims (bool: and)
	"torch.aten.argmax":                       torchArgmax,                                                 // index of the maximum
	"torch.aten.asinh":                        floatMap(math.Asinh),                                        // asinh x
	"torch.aten.atanh":                        floatMap(math.Atanh),                                        // atanh x
	"torch.aten.avg_pool2d":                   torchAvgPool,                                                // count_include_pad default true, divisor_override
	"torch.aten.avg_pool3d":                   torchAvgPool3d,                                              // as avg_pool2d over D, H, W
	"torch.aten.batch_norm":                   torchBatchNorm,                                              // inference form
	"torch.aten.bitwise_not":                  torchBitwiseNot,                                             // ~x (bool: not)
	"torch.aten.bmm":                          torchBMM,                                                    // [b,n,m]·[b,m,p]
	"torch.aten.cat":                          torchCat,                                                    // concatenate along dim
	"torch.aten.ceil":                         intIdentity(tensor.OpCeil),                                  // ⌈x⌉, identity on integers
	"torch.aten.celu":                         torchCelu,                                                   // elu with input_scale 1/alpha
	"torch.aten.clamp":                        torchClamp,                                                  // min > max gives max
	"torch.aten.clone":                        identity,                                                    // value copy
	"torch.aten.constant_pad_nd":              torchConstantPad,                                            // pad pairs from the last dim, negative crops
	"torch.aten.contiguous":                   identity,                                                    // identity on values
	"torch.aten.conv2d":                       torchConv,                                                   // symmetric padding, unbatched input allowed
	"torch.aten.conv3d":                       torchConv3d,                                                 // NCDHW·OIDHW, symmetric padding, unbatched input allowed
	"torch.aten.cos":                          unary(tensor.OpCos),                                         // cos x
	"torch.aten.cosh":                         floatMap(math.Cosh),                                         // cosh x
	"torch.aten.cumsum":                       torchCumsum,                                                 // running sum along dim (ints → i64)
	"torch.aten.div.Scalar":                   torchScalar("div"),                                          // true division (ints → f32)
	"torch.aten.div.Tensor":                   torchDiv,                                                    // true, "trunc" or "floor" division
	"torch.aten.dropout":                      torchDropout,                                                // identity (train = false)
	"torch.aten.elu":                          torchElu,                                                    // alpha, scale, input_scale
	"torch.aten.embedding":                    torchEmbedding,                                              // rows of weight at indices
	"torch.aten.eq.Scalar":                    torchCompareScalar(tensor.OpEqual),                          // self = other in the promoted dtype
	"torch.aten.eq.Tensor":                    torchCompare(tensor.OpEqual),                                // self = other → i1
	"torch.aten.erf":                          unary(tensor.OpErf),                                         // erf x
	"torch.aten.exp":                          unary(tensor.OpExp),                                         // eˣ
	"torch.aten.expand":                       torchExpand,                                                 // broadcast, −1 keeps a dim
	"torch.aten.flatten.using_ints":           torchFlatten,                                                // merge start_dim..end_dim
	"torch.aten.flip":                         torchFlip,                                                   // reverse along dims
	"torch.aten.floor":                        intIdentity(tensor.OpFloor),                                 // ⌊x⌋, identity on integers
	"torch.aten.fmod.Tensor":                  torchRemainder(false),                                       // C fmod: self's sign
	"torch.aten.gather":                       torchGather,                                                 // self at index along dim
	"torch.aten.ge.Scalar":                    torchCompareScalar(tensor.OpGreaterEqual),                   // self ≥ other
	"torch.aten.ge.Tensor":                    torchCompare(tensor.OpGreaterEqual),                         // self ≥ other
	"torch.aten.gelu":                         torchGelu,                                                   // erf or tanh approximation
	"torch.aten.group_norm":                   torchGroupNorm,                                              // per (sample, group) statistics
	"torch.aten.gt.Scalar":                    torchCompareScalar(tensor.OpGreater),                        // self > other
	"torch.aten.gt.Tensor":                    torchCompare(tensor.OpGreater),                              // self > other
	"torch.aten.hardshrink":                   torchShrink(false),                                          // x outside [−lambd, lambd], else 0
	"torch.aten.hardsigmoid":                  torchHardsigmoid,                                            // relu6(x + 3)/6
	"torch.aten.hardswish":                    unary(tensor.OpHardSwish),                                   // x·relu6(x + 3)/6
	"torch.aten.hardtanh":                     torchHardtanh,                                               // clamp(x, min_val, max_val)
	"torch.aten.index_select":                 torchIndexSelect,                                            // slices of self at a 1-D index along dim
	"torch.aten.instance_norm":                torchInstanceNorm,                                           // per (sample, channel) statistics
	"torch.aten.isinf":                        classify(func(v float64) bool { return math.IsInf(v, 0) }),  // x = ±inf
	"torch.aten.isnan":                        classify(math.IsNaN),                                        // x is NaN
	"torch.aten.isneginf":                     classify(func(v float64) bool { return math.IsInf(v, -1) }), // x = −inf
	"torch.aten.isposinf":                     classify(func(v float64) bool { return math.IsInf(v, 1) }),  // x = +inf
	"torch.aten.layer_norm":                   torchLayerNorm,                                              // over the trailing normalized_shape
	"torch.aten.le.Scalar":                    torchCompareScalar(tensor.OpLessEqual),                      // self ≤ other
	"torch.aten.le.Tensor":                    torchCompare(tensor.OpLessEqual),                            // self ≤ other
	"torch.aten.leaky_relu":                   torchLeakyRelu,                                              // negative_slope·x below 0
	"torch.aten.linalg_vector_norm":           torchVectorNorm,                                             // p-norm over dims
	"torch.aten.linear":                       torchLinear,                                                 // x·Wᵀ + b
	"torch.aten.log":                          unary(tensor.OpLog),                                         // ln x
	"torch.aten.log_softmax.int":              torchSoftmax(true),                                          // log softmax along dim
	"torch.aten.logical_and":                  torchLogical(tensor.OpAnd),                                  // bool(self) ∧ bool(other)
	"torch.aten.logical_not":                  torchLogicalNot,                                             // ¬bool(self)
	"torch.aten.logical_or":                   torchLogical(tensor.OpOr),                                   // bool(self) ∨ bool(other)
	"torch.aten.logical_xor":                  torchLogical(tensor.OpXor),                                  // bool(self) ⊕ bool(other)
	"torch.aten.logsumexp":                    torchLogsumexp,                                              // ln Σ eˣ over dims, stable
	"torch.aten.lt.Scalar":                    torchCompareScalar(tensor.OpLess),                           // self < other
	"torch.aten.lt.Tensor":                    torchCompare(tensor.OpLess),                                 // self < other
	"torch.aten.masked_fill.Scalar":           torchMaskedFill,                                             // mask ? value : self
	"torch.aten.matmul":                       torchMatMul,                                                 // torch.matmul promotion and broadcasting
	"torch.aten.max":                          torchFullExtremum(tensor.ReduceMax),                         // max of all elements
	"torch.aten.max_pool2d":                   torchMaxPool,                                                // NaN propagates, stride default kernel_size
	"torch.aten.max_pool3d":                   torchMaxPool3d,                                              // as max_pool2d over D, H, W
	"torch.aten.maximum":                      torchExtremum(true),                                         // elementwise max, NaN propagates
	"torch.aten.mean.dim":                     torchReduce(tensor.ReduceMean),                              // mean over dims
	"torch.aten.min":                          torchFullExtremum(tensor.ReduceMin),                         // min of all elements
	"torch.aten.minimum":                      torchExtremum(false),                                        // elementwise min, NaN propagates
	"torch.aten.mish":                         floatMap(mish),                                              // x·tanh(ln(1 + eˣ))
	"torch.aten.mm":                           torchMM,                                                     // [n,m]·[m,p]
	"torch.aten.mul.Scalar":                   torchScalar("mul"),                                          // self · other
	"torch.aten.mul.Tensor":                   torchMul,                                                    // self · other (bool: and)
	"torch.aten.ne.Scalar":                    torchCompareScalar(tensor.OpNotEqual),                       // self ≠ other
	"torch.aten.ne.Tensor":                    torchCompare(tensor.OpNotEqual),                             // self ≠ other
	"torch.aten.neg":                          unary(tensor.OpNeg),                                         // −x
	"torch.aten.permute":                      torchPermute,                                                // reorder dims
	"torch.aten.pixel_shuffle":                torchPixelShuffle(true),                                     // [C·r², H, W] → [C, H·r, W·r]
	"torch.aten.pixel_unshuffle":              torchPixelShuffle(false),                                    // [C, H·r, W·r] → [C·r², H, W]
	"torch.aten.pow.Tensor_Scalar":            torchPowScalar,                                              // self ** exponent
	"torch.aten.pow.Tensor_Tensor":            torchPowTensor,                                              // self ** other
	"torch.aten.prelu":                        torchPrelu,                                                  // weight per channel (dim 1)
	"torch.aten.prod":                         torchProd(false),                                            // product of all (ints → i64)
	"torch.aten.prod.dim_int":                 torchProd(true),                                             // product along dim (ints → i64)
	"torch.aten.reciprocal":                   unary(tensor.OpReciprocal),                                  // 1/x
	"torch.aten.relu":                         unary(tensor.OpRelu),                                        // max(x, 0)
	"torch.aten.relu6":                        clip(0, 6),                                                  // min(max(x, 0), 6)
	"torch.aten.remainder.Tensor":             torchRemainder(true),                                        // Python %: other's sign
	"torch.aten.repeat":                       torchRepeat,                                                 // tile, extra leading dims
	"torch.aten.reshape":                      torchReshape("shape"),                                       // new shape, one −1 inferred
	"torch.aten.round":                        intIdentity(tensor.OpRound),                                 // half to even, identity on integers
	"torch.aten.rsqrt":                        unary(tensor.OpRsqrt),                                       // 1/√x
	"torch.aten.rsub.Scalar":                  torchScalar("rsub"),                                         // other − alpha·self
	"torch.aten.scaled_dot_product_attention": torchSDPA,                                                   // softmax(QKᵀ·scale + mask)·V
	"torch.aten.select.int":                   torchSelect,                                                 // drop dim at index
	"torch.aten.selu":                         floatMap(elu(seluAlpha, seluScale, 1)),                      // scaled elu
	"torch.aten.sigmoid":                      unary(tensor.OpSigmoid),                                     // 1/(1+e⁻ˣ)
	"torch.aten.sign":                         torchSign,                                                   // −1, 0, 1 (bool: identity)
	"torch.aten.silu":                         unary(tensor.OpSilu),                                        // x·sigmoid(x)
	"torch.aten.sin":                          unary(tensor.OpSin),                                         // sin x
	"torch.aten.sinh":                         floatMap(math.Sinh),                                         // sinh x
	"torch.aten.slice.Tensor":                 torchSlice,                                                  // self[start:end:step] along dim
	"torch.aten.softmax.int":                  torchSoftmax(false),                                         // softmax along dim
	"torch.aten.softplus":                     torchSoftplus,                                               // ln(1 + e^(βx))/β, x above threshold
	"torch.aten.softshrink":                   torchShrink(true),                                           // x ∓ lambd outside the band, else 0
	"torch.aten.sqrt":                         unary(tensor.OpSqrt),                                        // √x
	"torch.aten.squeeze":                      torchSqueeze,                                                // drop all size-1 dims
	"torch.aten.squeeze.dim":                  torchSqueezeDim,                                             // drop dim if size 1
	"torch.aten.sub.Scalar":                   torchScalar("sub"),                                          // self − alpha·other
	"torch.aten.sub.Tensor":                   torchAddSub(true),                                           // self − alpha·other
	"torch.aten.sum.dim_IntList":              torchReduce(tensor.ReduceSum),                               // sum over dims (ints → i64)
	"torch.aten.tan":                          floatMap(math.Tan),                                          // tan x
	"torch.aten.tanh":                         unary(tensor.OpTanh),                                        // tanh x
	"torch.aten.threshold":                    torchThreshold,                                              // x > threshold ? x : value
	"torch.aten.to.dtype":                     torchTo,                                                     // element type conversion
	"torch.aten.topk":                         torchTopk,                                                   // k largest/smallest, stable, NaN largest
	"torch.aten.transpose.int":                torchTranspose,                                              // swap two dims
	"torch.aten.tril":                         torchTri(true),                                              // col − row ≤ diagonal kept
	"torch.aten.triu":                         torchTri(false),                                             // col − row ≥ diagonal kept
	"torch.aten.unsqueeze":                    torchUnsqueeze,                                              // insert a size-1 dim
	"torch.aten.view":                         torchReshape("size"),                                        // as reshape
	"torch.aten.where.self":                   coreSelect,                                                  // condition ? self : other
	"torch.constant":                          constant,                                                    // dense / dense_resource value
}

// Ops returns the names of the ops the interpreter runs (besides func.call
// and func.return), sorted.
func Ops() []string {
	names := make([]string, 0, len(kernels)+2)
	for n := range kernels {
		names = append(names, n)
	}
	names = append(names, "func.call", "func.return")
	sort.Strings(names)
	return names
}

// Supported reports whether the interpreter runs op name.
func Supported(name string) bool {
	_, ok := kernels[name]
	return ok || name == "func.call" || name == "func.return"
}
