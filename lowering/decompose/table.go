package decompose

import (
	"sync"

	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/ir"
)

// goTable lists the Go decompositions: torch op → the function that
// builds its core ops (each function's comment states it in one line).
// Ops that decompose.rules covers fully are absent; ops in both have
// rules for their simple forms and a Go pattern for the rest, tried after
// the rules.
var goTable = []struct {
	op string
	fn func(e *emitter, op *ir.Operation) []*ir.Value
}{
	{"torch.aten.acosh", acosh},
	{"torch.aten.adaptive_avg_pool2d", adaptiveAvgPool},
	{"torch.aten.add.Scalar", addScalar},
	{"torch.aten.add.Tensor", addTensor},
	{"torch.aten.addmm", addmm},
	{"torch.aten.amax", amax("core.reduce_max")},
	{"torch.aten.amin", amax("core.reduce_min")},
	{"torch.aten.argmax", argmax},
	{"torch.aten.asinh", asinh},
	{"torch.aten.atanh", atanh},
	{"torch.aten.avg_pool2d", avgPool},
	{"torch.aten.avg_pool3d", avgPool3d},
	{"torch.aten.batch_norm", batchNorm},
	{"torch.aten.bitwise_not", bitwiseNot},
	{"torch.aten.cat", cat},
	{"torch.aten.ceil", rounding("core.ceil")},
	{"torch.aten.celu", celu},
	{"torch.aten.clamp", clampOp},
	{"torch.aten.constant_pad_nd", constantPad},
	{"torch.aten.conv2d", conv2d},
	{"torch.aten.conv3d", conv3d},
	{"torch.aten.cosh", hyperbolic("core.add")},
	{"torch.aten.cumsum", cumsum},
	{"torch.aten.div.Scalar", divScalar},
	{"torch.aten.div.Tensor", divTensor},
	{"torch.aten.elu", elu},
	{"torch.aten.eq.Scalar", compareScalar("eq")},
	{"torch.aten.eq.Tensor", compareTensor("eq")},
	{"torch.aten.flip", flip},
	{"torch.aten.floor", rounding("core.floor")},
	{"torch.aten.fmod.Tensor", remainder(false)},
	{"torch.aten.gather", gatherOp},
	{"torch.aten.ge.Scalar", compareScalar("ge")},
	{"torch.aten.ge.Tensor", compareTensor("ge")},
	{"torch.aten.gelu", gelu},
	{"torch.aten.group_norm", groupNorm},
	{"torch.aten.gt.Scalar", compareScalar("gt")},
	{"torch.aten.gt.Tensor", compareTensor("gt")},
	{"torch.aten.hardshrink", hardshrink},
	{"torch.aten.hardsigmoid", hardsigmoid},
	{"torch.aten.hardswish", hardswish},
	{"torch.aten.hardtanh", hardtanh},
	{"torch.aten.index_select", indexSelect},
	{"torch.aten.instance_norm", instanceNorm},
	{"torch.aten.isinf", isInf(0)},
	{"torch.aten.isnan", isNaN},
	{"torch.aten.isneginf", isInf(-1)},
	{"torch.aten.isposinf", isInf(1)},
	{"torch.aten.layer_norm", layerNorm},
	{"torch.aten.le.Scalar", compareScalar("le")},
	{"torch.aten.le.Tensor", compareTensor("le")},
	{"torch.aten.leaky_relu", leakyRelu},
	{"torch.aten.linalg_vector_norm", vectorNorm},
	{"torch.aten.linear", linear},
	{"torch.aten.log_softmax.int", logSoftmax},
	{"torch.aten.logical_and", logicalBinary("core.and")},
	{"torch.aten.logical_not", logicalNot},
	{"torch.aten.logical_or", logicalBinary("core.or")},
	{"torch.aten.logical_xor", logicalBinary("core.xor")},
	{"torch.aten.logsumexp", logsumexp},
	{"torch.aten.lt.Scalar", compareScalar("lt")},
	{"torch.aten.lt.Tensor", compareTensor("lt")},
	{"torch.aten.masked_fill.Scalar", maskedFill},
	{"torch.aten.matmul", matmulOp},
	{"torch.aten.max", fullExtremum("core.reduce_max")},
	{"torch.aten.max_pool2d", maxPool},
	{"torch.aten.max_pool3d", maxPool3d},
	{"torch.aten.mean.dim", meanDim},
	{"torch.aten.min", fullExtremum("core.reduce_min")},
	{"torch.aten.mish", mish},
	{"torch.aten.mul.Scalar", mulScalar},
	{"torch.aten.ne.Scalar", compareScalar("ne")},
	{"torch.aten.ne.Tensor", compareTensor("ne")},
	{"torch.aten.permute", permute},
	{"torch.aten.pixel_shuffle", pixelShuffle(true)},
	{"torch.aten.pixel_unshuffle", pixelShuffle(false)},
	{"torch.aten.pow.Tensor_Scalar", powScalar},
	{"torch.aten.prelu", prelu},
	{"torch.aten.prod", prod(false)},
	{"torch.aten.prod.dim_int", prod(true)},
	{"torch.aten.relu6", relu6},
	{"torch.aten.remainder.Tensor", remainder(true)},
	{"torch.aten.repeat", repeat},
	{"torch.aten.round", rounding("core.round")},
	{"torch.aten.rsub.Scalar", rsubScalar},
	{"torch.aten.scaled_dot_product_attention", sdpa},
	{"torch.aten.select.int", selectInt},
	{"torch.aten.selu", selu},
	{"torch.aten.sign", signOp},
	{"torch.aten.sinh", hyperbolic("core.sub")},
	{"torch.aten.slice.Tensor", sliceTensor},
	{"torch.aten.softmax.int", softmax},
	{"torch.aten.softplus", softplus},
	{"torch.aten.softshrink", softshrink},
	{"torch.aten.sub.Scalar", subScalar},
	{"torch.aten.sub.Tensor", subTensor},
	{"torch.aten.sum.dim_IntList", sumDim},
	{"torch.aten.tan", tan},
	{"torch.aten.threshold", threshold},
	{"torch.aten.topk", topk},
	{"torch.aten.transpose.int", transposeInt},
	{"torch.aten.tril", triangle(true)},
	{"torch.aten.triu", triangle(false)},
}

// opmathOps are the composite ops that PyTorch computes in f32 for f16
// and bf16 tensors (its opmath type), rounding once at the end: on such
// tensors they are first rewritten to the same op on f32 between casts
// (pattern "opmath"), which then decomposes. Single core ops need no such
// step: core rounds each of them once as well.
var opmathOps = []string{
	"torch.aten.add.Scalar", "torch.aten.sub.Scalar", "torch.aten.mul.Scalar",
	"torch.aten.div.Scalar", "torch.aten.rsub.Scalar",
	"torch.aten.gelu", "torch.aten.silu", "torch.aten.hardswish", "torch.aten.hardsigmoid",
	"torch.aten.softmax.int", "torch.aten.log_softmax.int",
	"torch.aten.layer_norm", "torch.aten.batch_norm",
	"torch.aten.scaled_dot_product_attention",
	"torch.aten.tan", "torch.aten.sinh", "torch.aten.cosh", "torch.aten.asinh", "torch.aten.acosh", "torch.aten.atanh",
	"torch.aten.elu", "torch.aten.selu", "torch.aten.celu", "torch.aten.softplus", "torch.aten.mish",
	"torch.aten.logsumexp", "torch.aten.linalg_vector_norm", "torch.aten.instance_norm", "torch.aten.group_norm",
}

// Benefits: the f32 detour first, then rules (more specific forms), then
// the general Go patterns.
const (
	benefitOpmath = 100
	benefitGo     = 0
)

var (
	patternsOnce sync.Once
	allPatterns  []decomposer
	rootIndex    map[string][]decomposer
)

// patterns are the decomposition patterns in the order the driver tries
// them for one op (benefit, then this order).
func patterns() []decomposer {
	patternsOnce.Do(func() {
		for _, name := range opmathOps {
			allPatterns = append(allPatterns, &goPattern{root: name, name: "opmath:" + name, benefit: benefitOpmath, fn: opmath, aux: true})
		}
		for _, r := range Rules {
			allPatterns = append(allPatterns, rulePattern{r})
		}
		for _, g := range goTable {
			allPatterns = append(allPatterns, &goPattern{root: g.op, name: "decompose:" + g.op, benefit: benefitGo, fn: g.fn})
		}
		allPatterns = append(allPatterns, quantPatterns()...)
		rootIndex = map[string][]decomposer{}
		for _, p := range allPatterns {
			rootIndex[p.Root()] = append(rootIndex[p.Root()], p)
		}
	})
	return allPatterns
}

func byRoot() map[string][]decomposer {
	patterns()
	return rootIndex
}

// Decomposes reports whether some pattern of this package is anchored on
// the op name: every op of the torch dialect has at least one.
func Decomposes(opName string) bool { return len(byRoot()[opName]) > 0 }

// opmath(op on f16/bf16) -> cast(op on f32 (cast(operands)))
func opmath(e *emitter, op *ir.Operation) []*ir.Value {
	low := false
	for _, v := range append(op.Operands(), op.Results()...) {
		low = low || isLowFloat(elemOf(v))
	}
	if !low {
		e.fail("no f16 or bf16 tensor")
		return nil
	}
	if op.InherentAttr("dtype") != nil {
		e.fail("computes in its dtype")
		return nil
	}
	operands := make([]*ir.Value, op.NumOperands())
	for i, v := range op.Operands() {
		operands[i] = v
		if isLowFloat(elemOf(v)) {
			operands[i] = e.cast(v, e.ctx.F32())
		}
	}
	var attrs []ir.NamedAttr
	if def := ods.DefOf(op); def != nil {
		for _, a := range def.Attrs {
			if v := op.InherentAttr(a.Name); v != nil {
				attrs = append(attrs, kv(a.Name, v))
			}
		}
	}
	y := e.op(op.Name(), nil, attrs, operands...)
	return one(e.cast(y, elemOf(op.Result(0))))
}
