package interp

import (
	"sort"

	"github.com/mlc-go/mlc/interp/tensor"
)

// kernels is the interpreter's op table: one entry per op name, mapping to
// the adapter that reads the op's attributes and calls a kernel. func.call
// and func.return are handled by the interpreter itself.
var kernels = map[string]kernel{
	// ---- core (docs/dialects/core.md) ----
	"core.abs":          unary(tensor.OpAbs),           // |x|, integers wrap
	"core.add":          binaryOp(tensor.OpAdd),        // lhs + rhs, broadcasting
	"core.and":          logical(tensor.OpAnd),         // i1 ∧
	"core.argmax":       coreArg(true),                 // i64 index of the first maximum (NaN wins)
	"core.argmin":       coreArg(false),                // i64 index of the first minimum (NaN wins)
	"core.avg_pool2d":   coreAvgPool,                   // NCHW mean pooling, count_include_pad default false
	"core.broadcast_to": coreBroadcastTo,               // NumPy broadcast to the result shape
	"core.cast":         coreCast,                      // element type conversion (ONNX Cast rules)
	"core.ceil":         unary(tensor.OpCeil),          // ⌈x⌉
	"core.clamp":        coreClamp,                     // min(max(x, min), max), absent bounds skipped
	"core.cmp":          coreCmp,                       // eq/ne/lt/le/gt/ge → i1
	"core.concat":       coreConcat,                    // join along axis
	"core.constant":     constant,                      // dense / dense_resource value
	"core.conv2d":       coreConv,                      // NCHW·OIHW, groups, dilation, [t,l,b,r] padding
	"core.cos":          unary(tensor.OpCos),           // cos x
	"core.div":          binaryOp(tensor.OpDiv),        // lhs / rhs, integers truncate
	"core.erf":          unary(tensor.OpErf),           // erf x
	"core.exp":          unary(tensor.OpExp),           // eˣ
	"core.floor":        unary(tensor.OpFloor),         // ⌊x⌋
	"core.gather":       coreGather,                    // ONNX Gather along axis
	"core.log":          unary(tensor.OpLog),           // ln x
	"core.matmul":       coreMatMul,                    // batched [..., M, K]·[..., K, N]
	"core.max":          binaryOp(tensor.OpMax),        // elementwise max, NaN propagates
	"core.max_pool2d":   coreMaxPool,                   // NCHW max pooling, NaN propagates
	"core.min":          binaryOp(tensor.OpMin),        // elementwise min, NaN propagates
	"core.mul":          binaryOp(tensor.OpMul),        // lhs · rhs
	"core.neg":          unary(tensor.OpNeg),           // −x
	"core.not":          coreNot,                       // i1 ¬
	"core.or":           logical(tensor.OpOr),          // i1 ∨
	"core.pad":          corePad,                       // constant padding (zero point for quant types)
	"core.pow":          binaryOp(tensor.OpPow),        // lhsʳʰˢ (C pow)
	"core.reciprocal":   unary(tensor.OpReciprocal),    // 1/x
	"core.reduce_max":   coreReduce(tensor.ReduceMax),  // max over axes
	"core.reduce_mean":  coreReduce(tensor.ReduceMean), // mean over axes
	"core.reduce_min":   coreReduce(tensor.ReduceMin),  // min over axes
	"core.reduce_prod":  coreReduce(tensor.ReduceProd), // product over axes
	"core.reduce_sum":   coreReduce(tensor.ReduceSum),  // sum over axes
	"core.relu":         unary(tensor.OpRelu),          // max(x, 0)
	"core.reshape":      coreReshape,                   // same elements, result's shape
	"core.round":        unary(tensor.OpRound),         // round half to even
	"core.rsqrt":        unary(tensor.OpRsqrt),         // 1/√x
	"core.select":       coreSelect,                    // cond ? on_true : on_false
	"core.sigmoid":      unary(tensor.OpSigmoid),       // 1/(1+e⁻ˣ)
	"core.sign":         unary(tensor.OpSign),          // −1, 0, 1 (±0, NaN kept)
	"core.sin":          unary(tensor.OpSin),           // sin x
	"core.slice":        coreSlice,                     // strided slice, ONNX Slice rules
	"core.sqrt":         unary(tensor.OpSqrt),          // √x
	"core.sub":          binaryOp(tensor.OpSub),        // lhs − rhs
	"core.tanh":         unary(tensor.OpTanh),          // tanh x
	"core.transpose":    coreTranspose,                 // permute dims
	"core.xor":          logical(tensor.OpXor),         // i1 ⊕

	// ---- quant (docs/dialects/quant.md) ----
	"quant.qcast":   quantQCast,   // real → stored: round half even(x/s) + zp, saturated
	"quant.dcast":   quantDCast,   // stored → real: (q − zp)·s in float32 for f32
	"quant.scast":   quantSCast,   // stored integers ↔ quantized, bits unchanged
	"quant.requant": quantRequant, // dcast with the operand's type, qcast to the result's

	// ---- torch (docs/dialects/torch.md) ----
	"torch.aten.abs":                          unary(tensor.OpAbs),            // |x|
	"torch.aten.adaptive_avg_pool2d":          torchAdaptiveAvgPool,           // average into output_size cells
	"torch.aten.add.Scalar":                   torchScalar("add"),             // self + alpha·other
	"torch.aten.add.Tensor":                   torchAddSub(false),             // self + alpha·other
	"torch.aten.addmm":                        torchAddmm,                     // beta·self + alpha·(mat1 @ mat2)
	"torch.aten.argmax":                       torchArgmax,                    // index of the maximum
	"torch.aten.avg_pool2d":                   torchAvgPool,                   // count_include_pad default true, divisor_override
	"torch.aten.batch_norm":                   torchBatchNorm,                 // inference form
	"torch.aten.bmm":                          torchBMM,                       // [b,n,m]·[b,m,p]
	"torch.aten.cat":                          torchCat,                       // concatenate along dim
	"torch.aten.clamp":                        torchClamp,                     // min > max gives max
	"torch.aten.clone":                        identity,                       // value copy
	"torch.aten.constant_pad_nd":              torchConstantPad,               // pad pairs from the last dim, negative crops
	"torch.aten.contiguous":                   identity,                       // identity on values
	"torch.aten.conv2d":                       torchConv,                      // symmetric padding, unbatched input allowed
	"torch.aten.div.Scalar":                   torchScalar("div"),             // true division (ints → f32)
	"torch.aten.div.Tensor":                   torchDiv,                       // true, "trunc" or "floor" division
	"torch.aten.dropout":                      torchDropout,                   // identity (train = false)
	"torch.aten.embedding":                    torchEmbedding,                 // rows of weight at indices
	"torch.aten.erf":                          unary(tensor.OpErf),            // erf x
	"torch.aten.exp":                          unary(tensor.OpExp),            // eˣ
	"torch.aten.expand":                       torchExpand,                    // broadcast, −1 keeps a dim
	"torch.aten.flatten.using_ints":           torchFlatten,                   // merge start_dim..end_dim
	"torch.aten.gelu":                         torchGelu,                      // erf or tanh approximation
	"torch.aten.hardsigmoid":                  torchHardsigmoid,               // relu6(x + 3)/6
	"torch.aten.hardswish":                    unary(tensor.OpHardSwish),      // x·relu6(x + 3)/6
	"torch.aten.hardtanh":                     torchHardtanh,                  // clamp(x, min_val, max_val)
	"torch.aten.layer_norm":                   torchLayerNorm,                 // over the trailing normalized_shape
	"torch.aten.leaky_relu":                   torchLeakyRelu,                 // negative_slope·x below 0
	"torch.aten.linear":                       torchLinear,                    // x·Wᵀ + b
	"torch.aten.log":                          unary(tensor.OpLog),            // ln x
	"torch.aten.log_softmax.int":              torchSoftmax(true),             // log softmax along dim
	"torch.aten.masked_fill.Scalar":           torchMaskedFill,                // mask ? value : self
	"torch.aten.matmul":                       torchMatMul,                    // torch.matmul promotion and broadcasting
	"torch.aten.max_pool2d":                   torchMaxPool,                   // NaN propagates, stride default kernel_size
	"torch.aten.mean.dim":                     torchReduce(tensor.ReduceMean), // mean over dims
	"torch.aten.mm":                           torchMM,                        // [n,m]·[m,p]
	"torch.aten.mul.Scalar":                   torchScalar("mul"),             // self · other
	"torch.aten.mul.Tensor":                   torchMul,                       // self · other (bool: and)
	"torch.aten.neg":                          unary(tensor.OpNeg),            // −x
	"torch.aten.permute":                      torchPermute,                   // reorder dims
	"torch.aten.pow.Tensor_Scalar":            torchPowScalar,                 // self ** exponent
	"torch.aten.pow.Tensor_Tensor":            torchPowTensor,                 // self ** other
	"torch.aten.relu":                         unary(tensor.OpRelu),           // max(x, 0)
	"torch.aten.relu6":                        clip(0, 6),                     // min(max(x, 0), 6)
	"torch.aten.reshape":                      torchReshape("shape"),          // new shape, one −1 inferred
	"torch.aten.rsqrt":                        unary(tensor.OpRsqrt),          // 1/√x
	"torch.aten.rsub.Scalar":                  torchScalar("rsub"),            // other − alpha·self
	"torch.aten.scaled_dot_product_attention": torchSDPA,                      // softmax(QKᵀ·scale + mask)·V
	"torch.aten.select.int":                   torchSelect,                    // drop dim at index
	"torch.aten.sigmoid":                      unary(tensor.OpSigmoid),        // 1/(1+e⁻ˣ)
	"torch.aten.silu":                         unary(tensor.OpSilu),           // x·sigmoid(x)
	"torch.aten.slice.Tensor":                 torchSlice,                     // self[start:end:step] along dim
	"torch.aten.softmax.int":                  torchSoftmax(false),            // softmax along dim
	"torch.aten.sqrt":                         unary(tensor.OpSqrt),           // √x
	"torch.aten.squeeze":                      torchSqueeze,                   // drop all size-1 dims
	"torch.aten.squeeze.dim":                  torchSqueezeDim,                // drop dim if size 1
	"torch.aten.sub.Scalar":                   torchScalar("sub"),             // self − alpha·other
	"torch.aten.sub.Tensor":                   torchAddSub(true),              // self − alpha·other
	"torch.aten.sum.dim_IntList":              torchReduce(tensor.ReduceSum),  // sum over dims (ints → i64)
	"torch.aten.tanh":                         unary(tensor.OpTanh),           // tanh x
	"torch.aten.to.dtype":                     torchTo,                        // element type conversion
	"torch.aten.transpose.int":                torchTranspose,                 // swap two dims
	"torch.aten.unsqueeze":                    torchUnsqueeze,                 // insert a size-1 dim
	"torch.aten.view":                         torchReshape("size"),           // as reshape
	"torch.aten.where.self":                   coreSelect,                     // condition ? self : other
	"torch.constant":                          constant,                       // dense / dense_resource value
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
