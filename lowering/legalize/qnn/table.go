package qnn

import (
	"fmt"
	"strings"

	"github.com/mlc-go/mlc/dialects/ods"
	qd "github.com/mlc-go/mlc/dialects/qnn"
	"github.com/mlc-go/mlc/ir"
)

// mapping is one row of the core → qnn table: the core op, the qnn ops it
// becomes, the emitter that builds them from the converted operands, and
// the op-specific precondition (besides the target's element types, which
// every row is checked against).
type mapping struct {
	Core string
	QNN  []string
	emit emitFn
	// check says why op cannot become its qnn ops ("" when it can); nil
	// when only the element types matter.
	check func(op *ir.Operation) string
}

// emitFn builds op's replacement from its converted operands in and its
// converted result type res (in the core op's layout). It reads and
// checks everything before it creates the first op: the conversion
// driver has no rollback.
type emitFn func(b *builder, op *ir.Operation, in []*ir.Value, res ir.Type) (*ir.Value, error)

// table is the core → qnn mapping. Layout-sensitive ops (convolution,
// pooling) run in NHWC between transposes that fold.go cancels.
var table = []mapping{
	{Core: "core.conv2d", QNN: []string{"Conv2d", "DepthWiseConv2d"}, emit: emitConv, check: checkConv},
	{Core: "core.matmul", QNN: []string{"FullyConnected", "MatMul"}, emit: emitMatMul, check: checkMatMul},
	{Core: "core.add", QNN: []string{"ElementWiseAdd"}, emit: same("ElementWiseAdd")},
	{Core: "core.sub", QNN: []string{"ElementWiseSubtract"}, emit: same("ElementWiseSubtract")},
	{Core: "core.mul", QNN: []string{"ElementWiseMultiply"}, emit: same("ElementWiseMultiply")},
	{Core: "core.div", QNN: []string{"ElementWiseDivide"}, emit: same("ElementWiseDivide")},
	{Core: "core.max", QNN: []string{"ElementWiseMaximum"}, emit: same("ElementWiseMaximum")},
	{Core: "core.min", QNN: []string{"ElementWiseMinimum"}, emit: same("ElementWiseMinimum")},
	{Core: "core.relu", QNN: []string{"Relu"}, emit: same("Relu")},
	{Core: "core.sigmoid", QNN: []string{"Sigmoid"}, emit: same("Sigmoid")},
	{Core: "core.tanh", QNN: []string{"Tanh"}, emit: same("Tanh")},
	{Core: "core.clamp", QNN: []string{"ReluMinMax"}, emit: emitClamp, check: checkClamp},
	{Core: "core.layer_norm", QNN: []string{"LayerNorm"}, emit: emitLayerNorm},
	{Core: "core.softmax", QNN: []string{"Softmax"}, emit: emitSoftmax},
	{Core: "core.gelu", QNN: []string{"Gelu"}, emit: same("Gelu"), check: checkGelu},
	{Core: "core.max_pool2d", QNN: []string{"PoolMax2d"}, emit: emitPool("PoolMax2d"), check: checkPool},
	{Core: "core.avg_pool2d", QNN: []string{"PoolAvg2d"}, emit: emitPool("PoolAvg2d"), check: checkPool},
	{Core: "core.reduce_mean", QNN: []string{"ReduceMean"}, emit: emitReduce("ReduceMean")},
	{Core: "core.reduce_sum", QNN: []string{"ReduceSum"}, emit: emitReduce("ReduceSum")},
	{Core: "core.reduce_max", QNN: []string{"ReduceMax"}, emit: emitReduce("ReduceMax")},
	{Core: "core.reduce_min", QNN: []string{"ReduceMin"}, emit: emitReduce("ReduceMin")},
	{Core: "core.reduce_prod", QNN: []string{"ReduceProd"}, emit: emitReduce("ReduceProd")},
	{Core: "core.pow", QNN: []string{"ElementWisePower"}, emit: same("ElementWisePower")},
	{Core: "core.exp", QNN: []string{"ElementWiseExp"}, emit: same("ElementWiseExp")},
	{Core: "core.log", QNN: []string{"ElementWiseLog"}, emit: same("ElementWiseLog")},
	{Core: "core.sqrt", QNN: []string{"ElementWiseSquareRoot"}, emit: same("ElementWiseSquareRoot")},
	{Core: "core.rsqrt", QNN: []string{"ElementWiseRsqrt"}, emit: same("ElementWiseRsqrt")},
	{Core: "core.neg", QNN: []string{"ElementWiseNeg"}, emit: same("ElementWiseNeg")},
	{Core: "core.abs", QNN: []string{"ElementWiseAbs"}, emit: same("ElementWiseAbs")},
	{Core: "core.sin", QNN: []string{"ElementWiseSin"}, emit: same("ElementWiseSin")},
	{Core: "core.cos", QNN: []string{"ElementWiseCos"}, emit: same("ElementWiseCos")},
	{Core: "core.floor", QNN: []string{"ElementWiseFloor"}, emit: same("ElementWiseFloor")},
	{Core: "core.ceil", QNN: []string{"ElementWiseCeil"}, emit: same("ElementWiseCeil")},
	{Core: "core.reshape", QNN: []string{"Reshape"}, emit: same("Reshape")},
	{Core: "core.transpose", QNN: []string{"Transpose"}, emit: emitTranspose},
	{Core: "core.concat", QNN: []string{"Concat"}, emit: emitConcat},
	{Core: "core.slice", QNN: []string{"StridedSlice"}, emit: emitSlice, check: checkSlice},
	{Core: "core.gather", QNN: []string{"Gather"}, emit: emitGather, check: checkGather},
	{Core: "core.pad", QNN: []string{"Pad"}, emit: emitPad},
	{Core: "core.cast", QNN: []string{"Cast", "Convert"}, emit: emitCast, check: checkCast},
}

var byCore = func() map[string]*mapping {
	m := map[string]*mapping{}
	for i := range table {
		m[table[i].Core] = &table[i]
	}
	return m
}()

// Mapping lists the table as "core.op -> qnn.Op | qnn.Op" lines, for docs
// and reports.
func Mapping() []string {
	out := make([]string, len(table))
	for i, m := range table {
		out[i] = m.Core + " -> qnn." + strings.Join(m.QNN, " | qnn.")
	}
	return out
}

// builder creates ops through a conversion or greedy rewriter.
type builder struct {
	ctx *ir.Context
	rw  interface {
		Create(ir.OperationState) *ir.Operation
	}
	loc ir.Location
}

func (b *builder) op(name string, operands []*ir.Value, attrs []ir.NamedAttr, res ir.Type) *ir.Value {
	st := ir.OperationState{Name: "qnn." + name, Operands: operands, ResultTypes: []ir.Type{res}, Loc: b.loc}
	if len(attrs) > 0 {
		st.Props = b.ctx.DictionaryAttr(attrs)
	}
	return b.rw.Create(st).Result(0)
}

// transpose permutes v, or returns it when perm is the identity.
func (b *builder) transpose(v *ir.Value, perm []int64, t ir.Type) *ir.Value {
	if isIdentity(perm) {
		return v
	}
	return b.op("Transpose", []*ir.Value{v}, []ir.NamedAttr{{Name: "perm", Value: b.ints(perm)}}, t)
}

func (b *builder) ints(v []int64) ir.Attribute { return b.ctx.DenseIntArrayAttr(b.ctx.I(64), v) }

// matrix is dense<rows> : tensor<NxMxi64>, QNN's 2-D parameter tensors.
func (b *builder) matrix(rows [][]int64) ir.Attribute {
	cols := 0
	if len(rows) > 0 {
		cols = len(rows[0])
	}
	raw := make([]byte, 0, 8*len(rows)*cols)
	for _, r := range rows {
		for _, v := range r {
			raw = ir.EncodeInt(raw, v, 8)
		}
	}
	return b.ctx.DenseElementsAttr(b.ctx.TensorType([]int64{int64(len(rows)), int64(cols)}, b.ctx.I(64), nil), raw)
}

func (b *builder) f32(v float64) ir.Attribute { return b.ctx.FloatAttr(b.ctx.F32(), v) }

func isIdentity(perm []int64) bool {
	for i, p := range perm {
		if int64(i) != p {
			return false
		}
	}
	return true
}

// ---- attribute readers (absent attributes read as the op table's default) ----

// ---- emitters ----

// same maps an op to one qnn op with the same operands and no parameters.
func same(name string) emitFn {
	return func(b *builder, _ *ir.Operation, in []*ir.Value, res ir.Type) (*ir.Value, error) {
		return b.op(name, in, nil, res), nil
	}
}

// padPairs turns core's [top, left, bottom, right] into QNN's
// [[top, bottom], [left, right]].
func padPairs(p []int64) [][]int64 { return [][]int64{{p[0], p[2]}, {p[1], p[3]}} }

func checkConv(op *ir.Operation) string {
	if len(shapeOf(op.Operand(0).Type())) != 4 {
		return "expects a 4-D NCHW input"
	}
	return ""
}

// isDepthwise: one input channel per group (groups = channels), any
// channel multiplier.
func isDepthwise(op *ir.Operation) bool {
	x, w := shapeOf(op.Operand(0).Type()), shapeOf(op.Operand(1).Type())
	g := ods.IntOf(op, "groups", 0)
	return g > 1 && g == x[1] && w[1] == 1
}

// conv2d(x, w[, b]) -> T(Conv2d(T(x), T(w)[, b])): NHWC input, HWIO
// filter ([H, W, 1, C·m] for depthwise), the per-channel axis moving with
// the output channels; the bias stays [O].
func emitConv(b *builder, op *ir.Operation, in []*ir.Value, res ir.Type) (*ir.Value, error) {
	x, w := in[0], in[1]
	xt, err := transposedType(b.ctx, x.Type(), toNHWC)
	if err != nil {
		return nil, err
	}
	wt, err := transposedType(b.ctx, w.Type(), toHWIO)
	if err != nil {
		return nil, err
	}
	yt, err := transposedType(b.ctx, res, toNHWC)
	if err != nil {
		return nil, err
	}
	name := "Conv2d"
	attrs := []ir.NamedAttr{
		{Name: "stride", Value: b.ints(ods.IntsOf(op, "strides"))},
		{Name: "pad_amount", Value: b.matrix(padPairs(ods.IntsOf(op, "padding")))},
		{Name: "dilation", Value: b.ints(ods.IntsOf(op, "dilations"))},
	}
	if isDepthwise(op) {
		name = "DepthWiseConv2d"
	} else if g := ods.IntOf(op, "groups", 0); g != 1 {
		attrs = append(attrs, ir.NamedAttr{Name: "group", Value: b.ctx.IntegerAttr(b.ctx.I(64), g)})
	}
	ops := []*ir.Value{b.transpose(x, toNHWC, xt), b.transpose(w, toHWIO, wt)}
	if len(in) > 2 {
		ops = append(ops, in[2])
	}
	y := b.op(name, ops, attrs, yt)
	return b.transpose(y, toNCHW, res), nil
}

func checkMatMul(op *ir.Operation) string {
	if len(shapeOf(op.Operand(0).Type())) < 2 || len(shapeOf(op.Operand(1).Type())) < 2 {
		return "1-D operands (torch.matmul's vector promotion) have no QNN form"
	}
	if op.NumOperands() > 2 && len(shapeOf(op.Operand(1).Type())) != 2 {
		return "a bias with a weight that is not a matrix has no QNN form (FullyConnected takes the bias)"
	}
	return ""
}

// matmul(x, w[, bias]) with a constant 2-D w -> FullyConnected(x, Tᵀ(w)[,
// bias]) with weights [units, input] (per-channel along units); other
// matmuls -> MatMul(x, y).
func emitMatMul(b *builder, op *ir.Operation, in []*ir.Value, res ir.Type) (*ir.Value, error) {
	x, w := in[0], in[1]
	ws := shapeOf(w.Type())
	if len(ws) == 2 && isStatic(w) {
		wt, err := transposedType(b.ctx, w.Type(), []int64{1, 0})
		if err != nil {
			return nil, err
		}
		var attrs []ir.NamedAttr
		if len(shapeOf(x.Type())) > 2 {
			attrs = append(attrs, ir.NamedAttr{Name: "keep_dims", Value: b.ctx.BoolAttr(true)})
		}
		ops := []*ir.Value{x, b.transpose(w, []int64{1, 0}, wt)}
		if len(in) > 2 {
			ops = append(ops, in[2])
		}
		return b.op("FullyConnected", ops, attrs, res), nil
	}
	if len(in) > 2 {
		return nil, fmt.Errorf("a bias with a weight that is not constant has no QNN form (FullyConnected takes the bias)")
	}
	return b.op("MatMul", in, nil, res), nil
}

// isStatic reports a value computed from constant data only, through
// data movement, float casts and quantization (which legalisation folds
// into static tensors): a core.constant, a qnn.StaticTensor, or one of
// staticOps applied to such a value.
func isStatic(v *ir.Value) bool {
	for range 16 {
		d := v.DefiningOp()
		switch {
		case d == nil:
			return false
		case d.Name() == "core.constant" || d.Name() == "qnn.StaticTensor":
			return true
		case !staticOps[d.Name()] || d.NumOperands() != 1:
			return false
		}
		v = d.Operand(0)
	}
	return false
}

var staticOps = map[string]bool{
	"core.cast": true, "core.transpose": true, "core.reshape": true,
	"quant.qcast": true, "quant.dcast": true, "quant.scast": true,
	"qnn.Transpose": true, "qnn.Reshape": true, "qnn.Convert": true, "qnn.Cast": true, "qnn.Quantize": true,
}

func checkClamp(op *ir.Operation) string {
	_, hasLo := ods.FloatOf(op, "min")
	_, hasHi := ods.FloatOf(op, "max")
	if !hasLo || !hasHi {
		return "a clamp with one bound has no QNN form (ReluMinMax takes both)"
	}
	return ""
}

func emitClamp(b *builder, op *ir.Operation, in []*ir.Value, res ir.Type) (*ir.Value, error) {
	lo, _ := ods.FloatOf(op, "min")
	hi, _ := ods.FloatOf(op, "max")
	return b.op("ReluMinMax", in, []ir.NamedAttr{{Name: "min_value", Value: b.f32(lo)}, {Name: "max_value", Value: b.f32(hi)}}, res), nil
}

// checkPool: QNN pools have no dilation, and their ceil rounding keeps
// every window, where PyTorch's drops one that would start in the
// padding: the sizes must agree.
func checkPool(op *ir.Operation) string {
	x, y := shapeOf(op.Operand(0).Type()), shapeOf(op.Result(0).Type())
	if len(x) != 4 {
		return "expects a 4-D NCHW input"
	}
	for _, d := range ods.IntsOf(op, "dilations") {
		if d != 1 {
			return "QNN pooling has no dilation"
		}
	}
	k, s, p := ods.IntsOf(op, "kernel"), ods.IntsOf(op, "strides"), ods.IntsOf(op, "padding")
	ceil := ods.BoolOf(op, "ceil_mode")
	for i := 0; i < 2; i++ {
		span := x[2+i] + p[i] + p[i+2] - k[i]
		out := span/s[i] + 1
		if ceil {
			out = (span+s[i]-1)/s[i] + 1
		}
		if out != y[2+i] {
			return fmt.Sprintf("ceil_mode drops a window that starts in the padding (PyTorch's rule); QNN's ceil rounding gives %d, not %d", out, y[2+i])
		}
		if ceil && ods.BoolOf(op, "count_include_pad") && (out-1)*s[i]+k[i] > x[2+i]+p[i]+p[i+2] {
			return "with count_include_pad a ceil-mode window past the padding counts differently in QNN"
		}
	}
	return ""
}

func emitPool(name string) emitFn {
	return func(b *builder, op *ir.Operation, in []*ir.Value, res ir.Type) (*ir.Value, error) {
		xt, err := transposedType(b.ctx, in[0].Type(), toNHWC)
		if err != nil {
			return nil, err
		}
		yt, err := transposedType(b.ctx, res, toNHWC)
		if err != nil {
			return nil, err
		}
		attrs := []ir.NamedAttr{
			{Name: "filter_size", Value: b.ints(ods.IntsOf(op, "kernel"))},
			{Name: "stride", Value: b.ints(ods.IntsOf(op, "strides"))},
			{Name: "pad_amount", Value: b.matrix(padPairs(ods.IntsOf(op, "padding")))},
		}
		if ods.BoolOf(op, "ceil_mode") {
			attrs = append(attrs, ir.NamedAttr{Name: "rounding_mode", Value: b.ctx.StringAttr("ceil")})
		}
		if name == "PoolAvg2d" && ods.BoolOf(op, "count_include_pad") {
			attrs = append(attrs, ir.NamedAttr{Name: "count_pad_for_edges", Value: b.ctx.BoolAttr(true)})
		}
		y := b.op(name, []*ir.Value{b.transpose(in[0], toNHWC, xt)}, attrs, yt)
		return b.transpose(y, toNCHW, res), nil
	}
}

func emitReduce(name string) emitFn {
	return func(b *builder, op *ir.Operation, in []*ir.Value, res ir.Type) (*ir.Value, error) {
		attrs := []ir.NamedAttr{{Name: "axes", Value: b.ints(ods.IntsOf(op, "axes"))}}
		if ods.BoolOf(op, "keepdims") {
			attrs = append(attrs, ir.NamedAttr{Name: "keep_dims", Value: b.ctx.BoolAttr(true)})
		}
		return b.op(name, in, attrs, res), nil
	}
}

func emitTranspose(b *builder, op *ir.Operation, in []*ir.Value, res ir.Type) (*ir.Value, error) {
	return b.op("Transpose", in, []ir.NamedAttr{{Name: "perm", Value: b.ints(ods.IntsOf(op, "perm"))}}, res), nil
}

func emitConcat(b *builder, op *ir.Operation, in []*ir.Value, res ir.Type) (*ir.Value, error) {
	return b.op("Concat", in, []ir.NamedAttr{{Name: "axis", Value: b.ctx.IntegerAttr(b.ctx.I(64), ods.IntOf(op, "axis", 0))}}, res), nil
}

// checkSlice: QNN reads negative bounds from the end, core's are
// clamped indices, so only positive strides with in-range bounds map.
func checkSlice(op *ir.Operation) string {
	for i, s := range sliceStrides(op) {
		if s <= 0 {
			return fmt.Sprintf("stride %d of dimension %d: only positive strides map to StridedSlice", s, i)
		}
	}
	return ""
}

func sliceStrides(op *ir.Operation) []int64 {
	if s := ods.IntsOf(op, "strides"); s != nil {
		return s
	}
	ones := make([]int64, len(shapeOf(op.Operand(0).Type())))
	for i := range ones {
		ones[i] = 1
	}
	return ones
}

func emitSlice(b *builder, op *ir.Operation, in []*ir.Value, res ir.Type) (*ir.Value, error) {
	x := shapeOf(in[0].Type())
	starts, limits, strides := ods.IntsOf(op, "starts"), ods.IntsOf(op, "limits"), sliceStrides(op)
	rows := make([][]int64, len(x))
	for i := range rows {
		lo := min(max(starts[i], 0), x[i])
		hi := min(max(limits[i], lo), x[i])
		rows[i] = []int64{lo, hi, strides[i]}
	}
	return b.op("StridedSlice", in, []ir.NamedAttr{{Name: "ranges", Value: b.matrix(rows)}}, res), nil
}

// checkGather: QNN's indices are int32; core's i64 indices must be
// constants to convert.
func checkGather(op *ir.Operation) string {
	d := op.Operand(1).DefiningOp()
	if d == nil || (d.Name() != "core.constant" && d.Name() != "qnn.StaticTensor") {
		return "indices computed at run time are i64; QNN's Gather takes int32 (only constant indices convert)"
	}
	idx, ok := d.InherentAttr("value").(*ir.DenseElementsAttr)
	if !ok {
		return "constant indices must be a dense attribute"
	}
	size := shapeOf(op.Operand(0).Type())[ods.IntOf(op, "axis", 0)]
	for i := 0; i < idx.NumElements(); i++ {
		if v := idx.IntAt(i); v < -size || v >= size {
			return fmt.Sprintf("index %d is out of range for a dimension of size %d", v, size)
		}
	}
	return ""
}

// emitGather converts the constant indices to int32 (a negative index
// counts from the end, as core's does).
func emitGather(b *builder, op *ir.Operation, in []*ir.Value, res ir.Type) (*ir.Value, error) {
	d := in[1].DefiningOp()
	if d == nil {
		return nil, fmt.Errorf("indices are not a static tensor")
	}
	idx, ok := d.InherentAttr("value").(*ir.DenseElementsAttr)
	if !ok {
		return nil, fmt.Errorf("indices are not a dense attribute")
	}
	axis := ods.IntOf(op, "axis", 0)
	size := shapeOf(in[0].Type())[axis]
	raw := make([]byte, 0, 4*idx.NumElements())
	for i := 0; i < idx.NumElements(); i++ {
		v := idx.IntAt(i)
		if v < 0 {
			v += size
		}
		if v < 0 || v >= size {
			return nil, fmt.Errorf("index %d is out of range for dimension %d of size %d", idx.IntAt(i), axis, size)
		}
		raw = ir.EncodeInt(raw, v, 4)
	}
	it := b.ctx.TensorType(idx.Type.Dims(), b.ctx.I(32), nil)
	val := b.ctx.DenseElementsAttr(it, raw)
	st := b.rw.Create(ir.OperationState{Name: "qnn.StaticTensor", ResultTypes: []ir.Type{it}, Loc: b.loc,
		Props: b.ctx.DictionaryAttr([]ir.NamedAttr{{Name: "value", Value: val}})}).Result(0)
	return b.op("Gather", []*ir.Value{in[0], st}, []ir.NamedAttr{{Name: "axis", Value: b.ctx.IntegerAttr(b.ctx.I(64), axis)}}, res), nil
}

// emitPad: a quantized core.pad fills with the zero point, the real 0;
// a float one with its value.
func emitPad(b *builder, op *ir.Operation, in []*ir.Value, res ir.Type) (*ir.Value, error) {
	low, high := ods.IntsOf(op, "low"), ods.IntsOf(op, "high")
	rows := make([][]int64, len(low))
	for i := range rows {
		rows[i] = []int64{low[i], high[i]}
	}
	fill := 0.0
	if !qd.IsQuantized(in[0].Type()) {
		if v, ok := ods.FloatOf(op, "value"); ok {
			fill = v
		}
	}
	attrs := []ir.NamedAttr{{Name: "scheme", Value: b.ctx.StringAttr("constant")}, {Name: "pad_amount", Value: b.matrix(rows)}}
	if fill != 0 {
		attrs = append(attrs, ir.NamedAttr{Name: "pad_constant_value", Value: b.f32(fill)})
	}
	return b.op("Pad", in, attrs, res), nil
}

func checkCast(op *ir.Operation) string {
	if _, ok := op.Operand(0).Type().(*ir.RankedTensorType); !ok {
		return "expects a tensor"
	}
	return ""
}

// emitCast: between floats qnn.Convert, otherwise qnn.Cast.
func emitCast(b *builder, _ *ir.Operation, in []*ir.Value, res ir.Type) (*ir.Value, error) {
	_, f0 := ir.ElementTypeOf(in[0].Type()).(*ir.FloatType)
	_, f1 := ir.ElementTypeOf(res).(*ir.FloatType)
	if f0 && f1 {
		return b.op("Convert", in, nil, res), nil
	}
	return b.op("Cast", in, nil, res), nil
}
