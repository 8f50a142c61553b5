package qnn

import (
	"slices"
	"sort"

	"github.com/mlc-go/mlc/dialects/ods"
	qd "github.com/mlc-go/mlc/dialects/qnn"
	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/ir"
)

// Layout folding. Conversion wraps each NHWC op in transposes from and to
// the core op's NCHW layout; these patterns move every transpose down
// through ops that do not care about layout until it meets its inverse
// and both vanish, so that transposes remain only at the graph's
// boundaries and where an op does care (a reshape that mixes channels and
// space). Transposes of static data fold into the data.

// layoutPatterns are the folding patterns.
func layoutPatterns() []ir.Pattern {
	ps := []ir.Pattern{
		pattern{"qnn-transpose-transpose", "qnn.Transpose", 3, foldTransposePair},
		pattern{"qnn-transpose-as-reshape", "qnn.Transpose", 2, transposeAsReshape},
		pattern{"qnn-transpose-static", "qnn.Transpose", 1, transposeStatic},
		pattern{"qnn-reshape-reshape", "qnn.Reshape", 2, foldReshapePair},
		pattern{"qnn-reshape-static", "qnn.Reshape", 1, reshapeStatic},
		pattern{"qnn-concat-sink", "qnn.Concat", 1, sinkConcat},
		pattern{"qnn-quantize-widened", "qnn.Quantize", 2, quantizeWidened},
		pattern{"qnn-dequantize-narrowed", "qnn.Convert", 2, dequantizeNarrowed},
	}
	for _, n := range []string{"Dequantize", "Quantize", "Convert", "Cast"} {
		ps = append(ps, pattern{"qnn-fold-static-" + n, "qnn." + n, 3, foldStaticConversion})
	}
	for _, n := range elementwiseUnary {
		ps = append(ps, pattern{"qnn-sink-" + n, "qnn." + n, 1, sinkUnary})
	}
	for _, n := range elementwiseBinary {
		ps = append(ps, pattern{"qnn-sink-" + n, "qnn." + n, 1, sinkBinary})
	}
	for _, n := range []string{"ReduceMean", "ReduceSum", "ReduceMax", "ReduceMin", "ReduceProd"} {
		ps = append(ps, pattern{"qnn-sink-" + n, "qnn." + n, 1, sinkReduce})
	}
	return ps
}

// elementwiseUnary and elementwiseBinary are the qnn ops a transpose
// commutes with.
var (
	// Quantize moves a transpose onto the quantized data; Convert, Cast
	// and Dequantize would move it onto wider data, so they stop it.
	elementwiseUnary = []string{"Relu", "Relu6", "ReluMinMax", "Gelu", "Sigmoid", "Tanh", "HardSwish", "Quantize",
		"ElementWiseExp", "ElementWiseLog", "ElementWiseSquareRoot", "ElementWiseRsqrt", "ElementWiseNeg",
		"ElementWiseAbs", "ElementWiseSin", "ElementWiseCos", "ElementWiseFloor", "ElementWiseCeil"}
	elementwiseBinary = []string{"ElementWiseAdd", "ElementWiseSubtract", "ElementWiseMultiply", "ElementWiseDivide",
		"ElementWiseMaximum", "ElementWiseMinimum", "ElementWisePower"}
)

type pattern struct {
	name, root string
	benefit    int
	fn         func(op *ir.Operation, rw ir.Rewriter) bool
}

func (p pattern) Name() string { return p.name }
func (p pattern) Root() string { return p.root }
func (p pattern) Benefit() int { return p.benefit }
func (p pattern) MatchAndRewrite(op *ir.Operation, rw ir.Rewriter) bool {
	return p.fn(op, rw)
}

func permOf(op *ir.Operation) []int64 { return ods.IntsOf(op, "perm") }

// transposeOf returns the input and permutation of a qnn.Transpose that
// defines v.
func transposeOf(v *ir.Value) (*ir.Value, []int64, bool) {
	d := v.DefiningOp()
	if d == nil || d.Name() != "qnn.Transpose" {
		return nil, nil, false
	}
	return d.Operand(0), permOf(d), true
}

func newBuilder(rw ir.Rewriter, op *ir.Operation) *builder {
	rw.SetInsertionPoint(op)
	return &builder{ctx: rw.Context(), rw: rw, loc: op.Loc}
}

// T(T(x, p1), p2) -> T(x, p1∘p2), or x.
func foldTransposePair(op *ir.Operation, rw ir.Rewriter) bool {
	x, p1, ok := transposeOf(op.Operand(0))
	if !ok {
		return rw.NotifyMatchFailure(op, "the input is not a transpose")
	}
	p2 := permOf(op)
	q := make([]int64, len(p2))
	for i, p := range p2 {
		q[i] = p1[p]
	}
	if isIdentity(q) && x.Type() == op.Result(0).Type() {
		rw.ReplaceOp(op, []*ir.Value{x})
		return true
	}
	b := newBuilder(rw, op)
	rw.ReplaceOp(op, []*ir.Value{b.transpose(x, q, op.Result(0).Type())})
	return true
}

// A transpose that keeps the order of the dimensions larger than 1 moves
// no data: it is a reshape.
func transposeAsReshape(op *ir.Operation, rw ir.Rewriter) bool {
	x := op.Operand(0)
	shape := shapeOf(x.Type())
	var order []int64
	for _, p := range permOf(op) {
		if shape[p] != 1 {
			order = append(order, p)
		}
	}
	if !slices.IsSorted(order) {
		return rw.NotifyMatchFailure(op, "the transpose moves data")
	}
	if q, ok := x.Type().(*qd.TensorType); ok && q.Encoding != qd.ScaleOffsetEncoding {
		return rw.NotifyMatchFailure(op, "a per-axis encoding moves with its axis")
	}
	b := newBuilder(rw, op)
	rw.ReplaceOp(op, []*ir.Value{b.op("Reshape", []*ir.Value{x}, nil, op.Result(0).Type())})
	return true
}

// Reshape(Reshape(x)) -> Reshape(x), or x when the shapes agree.
func foldReshapePair(op *ir.Operation, rw ir.Rewriter) bool {
	x := op.Operand(0)
	if d := x.DefiningOp(); d != nil && d.Name() == "qnn.Reshape" {
		x = d.Operand(0)
	} else if x.Type() != op.Result(0).Type() {
		return rw.NotifyMatchFailure(op, "the input is not a reshape")
	}
	if x.Type() == op.Result(0).Type() {
		rw.ReplaceOp(op, []*ir.Value{x})
		return true
	}
	b := newBuilder(rw, op)
	rw.ReplaceOp(op, []*ir.Value{b.op("Reshape", []*ir.Value{x}, nil, op.Result(0).Type())})
	return true
}

// staticOnlyUse returns the data of a static tensor that only op reads.
func staticOnlyUse(op *ir.Operation) (*ir.DenseElementsAttr, bool) {
	v := op.Operand(0)
	val := staticValue(v)
	if val == nil || !v.HasOneUse() {
		return nil, false
	}
	return denseOf(op.Ctx(), val)
}

// T(static) -> static with the data permuted (weights to HWIO at compile
// time).
func transposeStatic(op *ir.Operation, rw ir.Rewriter) bool {
	d, ok := staticOnlyUse(op)
	if !ok {
		return rw.NotifyMatchFailure(op, "the input is not static data read only here")
	}
	perm := permOf(op)
	shape := d.Type.Dims()
	out := permuted(shape, perm)
	elem := d.Type.ElementType()
	t := rw.Context().TensorType(out, elem, nil)
	w := ir.ElementByteWidth(elem)
	var raw []byte
	if d.Splat {
		raw = d.Raw
	} else {
		raw = permuteBytes(d.Raw, shape, perm, w)
	}
	val := rw.Context().DenseElementsAttr(t, raw)
	if val == nil {
		return rw.NotifyMatchFailure(op, "the data has no byte-sized elements")
	}
	b := newBuilder(rw, op)
	rw.ReplaceOp(op, []*ir.Value{b.static(val, op.Result(0).Type())})
	return true
}

// Reshape(static) -> static of the new shape.
func reshapeStatic(op *ir.Operation, rw ir.Rewriter) bool {
	d, ok := staticOnlyUse(op)
	if !ok {
		return rw.NotifyMatchFailure(op, "the input is not static data read only here")
	}
	t := rw.Context().TensorType(shapeOf(op.Result(0).Type()), d.Type.ElementType(), nil)
	val := rw.Context().DenseElementsAttr(t, d.Raw)
	if val == nil {
		return rw.NotifyMatchFailure(op, "the data does not fit the new shape")
	}
	b := newBuilder(rw, op)
	rw.ReplaceOp(op, []*ir.Value{b.static(val, op.Result(0).Type())})
	return true
}

// permuteBytes transposes row-major data of w-byte elements, walking the
// output in order with the source offset kept incrementally.
func permuteBytes(raw []byte, shape, perm []int64, w int) []byte {
	r := len(shape)
	strides := make([]int64, r)
	n := int64(1)
	for i := r - 1; i >= 0; i-- {
		strides[i] = n
		n *= shape[i]
	}
	outShape := permuted(shape, perm)
	step := make([]int64, r) // source stride of each output dimension
	for k, p := range perm {
		step[k] = strides[p]
	}
	out := make([]byte, len(raw))
	idx := make([]int64, r)
	src := int64(0)
	for o := int64(0); o < n; o++ {
		if w == 1 {
			out[o] = raw[src]
		} else {
			copy(out[o*int64(w):(o+1)*int64(w)], raw[src*int64(w):(src+1)*int64(w)])
		}
		for k := r - 1; k >= 0; k-- {
			idx[k]++
			src += step[k]
			if idx[k] < outShape[k] {
				break
			}
			src -= step[k] * outShape[k]
			idx[k] = 0
		}
	}
	return out
}

// unpermutedType is op's result type on the shape before perm.
func unpermutedType(ctx *ir.Context, t ir.Type, perm []int64) (ir.Type, bool) {
	if q, ok := t.(*qd.TensorType); ok && q.Encoding != qd.ScaleOffsetEncoding {
		return nil, false
	}
	u, err := withShape(ctx, t, permuted(shapeOf(t), inversePerm(perm)), -1)
	return u, err == nil
}

// U(T(x, p)) -> T(U(x), p) for elementwise U.
func sinkUnary(op *ir.Operation, rw ir.Rewriter) bool {
	x, p, ok := transposeOf(op.Operand(0))
	if !ok {
		return rw.NotifyMatchFailure(op, "the input is not a transpose")
	}
	t, ok := unpermutedType(rw.Context(), op.Result(0).Type(), p)
	if !ok {
		return rw.NotifyMatchFailure(op, "the result's encoding cannot move")
	}
	b := newBuilder(rw, op)
	y := b.op(op.Name()[len("qnn."):], []*ir.Value{x}, props(op), t)
	rw.ReplaceOp(op, []*ir.Value{b.transpose(y, p, op.Result(0).Type())})
	return true
}

// B(T(a, p), T(b, p)) -> T(B(a, b), p); one side may instead be static
// data (transposed to match, which folds) or a single element.
func sinkBinary(op *ir.Operation, rw ir.Rewriter) bool {
	res := op.Result(0).Type()
	rank := len(shapeOf(res))
	var p []int64
	for _, v := range op.Operands() {
		if _, q, ok := transposeOf(v); ok && len(shapeOf(v.Type())) == rank {
			p = q
			break
		}
	}
	if p == nil {
		return rw.NotifyMatchFailure(op, "no operand is a full-rank transpose")
	}
	// What each operand becomes: the transpose's input, a single element
	// as it is, or static data transposed back.
	kind := make([]int, op.NumOperands()) // 0: untranspose, 1: as is, 2: static, 3: reshape
	for i, v := range op.Operands() {
		if x, q, ok := transposeOf(v); ok && slices.Equal(q, p) && len(shapeOf(x.Type())) == rank {
			continue
		}
		shape := shapeOf(v.Type())
		switch {
		case product(shape) == 1:
			kind[i] = 1
		case len(shape) <= rank && vectorLike(shape):
			kind[i] = 3
		case isStatic(v) && len(shape) <= rank:
			kind[i] = 2
		default:
			return rw.NotifyMatchFailure(op, "operand #%d is neither the same transpose nor static data", i)
		}
	}
	t, ok := unpermutedType(rw.Context(), res, p)
	if !ok {
		return rw.NotifyMatchFailure(op, "the result's encoding cannot move")
	}
	inv := inversePerm(p)
	for i, v := range op.Operands() {
		if kind[i] < 2 {
			continue
		}
		// Static data is transposed back; refuse per-axis encodings that cannot follow.
		if q, ok := v.Type().(*qd.TensorType); ok && q.Encoding != qd.ScaleOffsetEncoding && kind[i] != 1 {
			return rw.NotifyMatchFailure(op, "operand #%d has a per-axis encoding", i)
		}
	}
	b := newBuilder(rw, op)
	ins := make([]*ir.Value, op.NumOperands())
	for i, v := range op.Operands() {
		switch kind[i] {
		case 0:
			ins[i], _, _ = transposeOf(v)
		case 1:
			ins[i] = v
		case 3: // one dimension above 1: a reshape moves it
			full := fullRank(shapeOf(v.Type()), rank)
			rt, _ := withShape(b.ctx, v.Type(), permuted(full, inv), -1)
			ins[i] = b.op("Reshape", []*ir.Value{v}, nil, rt)
		case 2:
			shape := shapeOf(v.Type())
			full := append(make([]int64, rank-len(shape)), shape...)
			for j := 0; j < rank-len(shape); j++ {
				full[j] = 1
			}
			if len(shape) < rank {
				ft, _ := withShape(b.ctx, v.Type(), full, -1)
				v = b.op("Reshape", []*ir.Value{v}, nil, ft)
			}
			tt, _ := withShape(b.ctx, v.Type(), permuted(full, inv), -1)
			ins[i] = b.transpose(v, inv, tt)
		}
	}
	y := b.op(op.Name()[len("qnn."):], ins, props(op), t)
	rw.ReplaceOp(op, []*ir.Value{b.transpose(y, p, res)})
	return true
}

// Concat(T(x_i, p)..., axis) -> T(Concat(x_i..., p[axis]), p).
func sinkConcat(op *ir.Operation, rw ir.Rewriter) bool {
	var p []int64
	ins := make([]*ir.Value, op.NumOperands())
	for i, v := range op.Operands() {
		x, q, ok := transposeOf(v)
		if !ok || (p != nil && !slices.Equal(p, q)) {
			return rw.NotifyMatchFailure(op, "the inputs are not all the same transpose")
		}
		p, ins[i] = q, x
	}
	t, ok := unpermutedType(rw.Context(), op.Result(0).Type(), p)
	if !ok {
		return rw.NotifyMatchFailure(op, "the result's encoding cannot move")
	}
	axis := ods.IntOf(op, "axis", 0)
	b := newBuilder(rw, op)
	y := b.op("Concat", ins, []ir.NamedAttr{{Name: "axis", Value: b.ctx.IntegerAttr(b.ctx.I(64), p[axis])}}, t)
	rw.ReplaceOp(op, []*ir.Value{b.transpose(y, p, op.Result(0).Type())})
	return true
}

// R(T(x, p), axes) -> T'(R(x, p[axes])): the reduced axes follow the
// permutation, and the kept ones keep their order.
func sinkReduce(op *ir.Operation, rw ir.Rewriter) bool {
	x, p, ok := transposeOf(op.Operand(0))
	if !ok {
		return rw.NotifyMatchFailure(op, "the input is not a transpose")
	}
	if q, ok := op.Result(0).Type().(*qd.TensorType); ok && q.Encoding != qd.ScaleOffsetEncoding {
		return rw.NotifyMatchFailure(op, "the result's encoding cannot move")
	}
	axes := ods.IntsOf(op, "axes")
	keep := ods.BoolOf(op, "keep_dims")
	reduced := map[int64]bool{}
	newAxes := make([]int64, len(axes))
	for i, a := range axes {
		newAxes[i] = p[a]
		reduced[p[a]] = true
	}
	sort.Slice(newAxes, func(i, j int) bool { return newAxes[i] < newAxes[j] })
	xs := shapeOf(x.Type())
	var rshape, outPerm []int64
	if keep {
		rshape = append([]int64{}, xs...)
		for a := range reduced {
			rshape[a] = 1
		}
		outPerm = p
	} else {
		pos := map[int64]int64{}
		for d := range xs {
			if !reduced[int64(d)] {
				pos[int64(d)] = int64(len(rshape))
				rshape = append(rshape, xs[d])
			}
		}
		for i, d := range p {
			if !slices.Contains(axes, int64(i)) {
				outPerm = append(outPerm, pos[d])
			}
		}
	}
	t, err := withShape(rw.Context(), op.Result(0).Type(), rshape, -1)
	if err != nil {
		return rw.NotifyMatchFailure(op, "%v", err)
	}
	b := newBuilder(rw, op)
	attrs := []ir.NamedAttr{{Name: "axes", Value: b.ints(newAxes)}}
	if keep {
		attrs = append(attrs, ir.NamedAttr{Name: "keep_dims", Value: b.ctx.BoolAttr(true)})
	}
	y := b.op(op.Name()[len("qnn."):], []*ir.Value{x}, attrs, t)
	rw.ReplaceOp(op, []*ir.Value{b.transpose(y, outPerm, op.Result(0).Type())})
	return true
}

func product(shape []int64) int64 {
	n := int64(1)
	for _, d := range shape {
		n *= d
	}
	return n
}

// props are op's inherent attributes.
func props(op *ir.Operation) []ir.NamedAttr {
	if op.Props == nil {
		return nil
	}
	return op.Props.Entries
}

// Conversions of static data fold at compile time, with the arithmetic
// the interpreter uses at run time (internal/quantize's float32 forms):
// Dequantize, Quantize, Convert and float Cast of a static tensor become
// a static tensor of the result.
func foldStaticConversion(op *ir.Operation, rw ir.Rewriter) bool {
	ctx := rw.Context()
	val := staticValue(op.Operand(0))
	if val == nil {
		return rw.NotifyMatchFailure(op, "the input is not static data")
	}
	d, ok := denseOf(ctx, val)
	if !ok {
		return rw.NotifyMatchFailure(op, "the static data cannot be read")
	}
	in, out := op.Operand(0).Type(), op.Result(0).Type()
	if (!qd.IsQuantized(in) && !isFloatTensor(in)) || (!qd.IsQuantized(out) && !isFloatTensor(out)) {
		return rw.NotifyMatchFailure(op, "only float and fixed-point data fold")
	}
	n := int(product(shapeOf(out)))
	real := make([]float32, n)
	if q, ok := in.(*qd.TensorType); ok {
		at := encodingAt(q)
		lo, _ := q.DType.StorageRange()
		for i := range real {
			real[i] = at(i).Dequantize(storedAt(d, i, q.DType.Bits(), lo < 0))
		}
	} else {
		for i := range real {
			real[i] = float32(d.FloatAt(min(i, d.NumElements()-1)))
		}
	}
	var raw []byte
	var elem ir.Type
	if q, ok := out.(*qd.TensorType); ok {
		at := encodingAt(q)
		st := storageElem(ctx, q.DType)
		elem = st
		w := ir.ElementByteWidth(st)
		if w == 0 {
			return rw.NotifyMatchFailure(op, "%s has no byte-sized storage", q.DType)
		}
		for i, v := range real {
			raw = ir.EncodeInt(raw, at(i).Quantize(v, q.DType), w)
		}
	} else {
		ft := ir.ElementTypeOf(out).(*ir.FloatType)
		elem = ft
		for _, v := range real {
			raw = ir.EncodeFloat(raw, ft.Kind, float64(v))
		}
	}
	attr := ctx.DenseElementsAttr(ctx.TensorType(shapeOf(out), elem, nil), raw)
	if attr == nil {
		return rw.NotifyMatchFailure(op, "the folded data does not fit %s", out)
	}
	b := newBuilder(rw, op)
	rw.ReplaceOp(op, []*ir.Value{b.static(attr, out)})
	return true
}

// Quantize(Convert(x : f16 -> f32)) -> Quantize(x): widening is exact and
// Quantize takes float16.
func quantizeWidened(op *ir.Operation, rw ir.Rewriter) bool {
	d := op.Operand(0).DefiningOp()
	if d == nil || d.Name() != "qnn.Convert" || !widens(d.Operand(0).Type(), d.Result(0).Type()) {
		return rw.NotifyMatchFailure(op, "the input is not a widening float conversion")
	}
	b := newBuilder(rw, op)
	rw.ReplaceOp(op, []*ir.Value{b.op("Quantize", []*ir.Value{d.Operand(0)}, nil, op.Result(0).Type())})
	return true
}

// Convert(Dequantize(q) : f32, f16) -> Dequantize(q) : f16, which rounds
// the float32 real values to float16 the same way.
func dequantizeNarrowed(op *ir.Operation, rw ir.Rewriter) bool {
	d := op.Operand(0).DefiningOp()
	if d == nil || d.Name() != "qnn.Dequantize" || !isFloatTensor(op.Result(0).Type()) || !widens(op.Result(0).Type(), d.Result(0).Type()) {
		return rw.NotifyMatchFailure(op, "the input is not a float32 dequantization narrowed to float16")
	}
	b := newBuilder(rw, op)
	rw.ReplaceOp(op, []*ir.Value{b.op("Dequantize", []*ir.Value{d.Operand(0)}, nil, op.Result(0).Type())})
	return true
}

// widens reports f16 -> f32.
func widens(from, to ir.Type) bool {
	a, ok1 := ir.ElementTypeOf(from).(*ir.FloatType)
	b, ok2 := ir.ElementTypeOf(to).(*ir.FloatType)
	return ok1 && ok2 && a.Kind == ir.F16 && b.Kind == ir.F32 && quant.ElementType(from) == nil
}

// encodingAt returns the scale/offset of each linear element index.
func encodingAt(q *qd.TensorType) func(i int) qd.ScaleOffset {
	if q.Encoding != qd.AxisScaleOffsetEncoding {
		so := q.ScaleOffsets[0]
		return func(int) qd.ScaleOffset { return so }
	}
	inner := 1
	for _, d := range q.Shape[q.Axis+1:] {
		inner *= int(d)
	}
	n := int(q.Shape[q.Axis])
	return func(i int) qd.ScaleOffset { return q.ScaleOffsets[(i/inner)%n] }
}

// storedAt reads stored value i of a dense attribute holding bits-wide
// integers of either signedness.
func storedAt(d *ir.DenseElementsAttr, i, bits int, signed bool) int64 {
	v := d.IntAt(min(i, d.NumElements()-1))
	if bits < 64 {
		v &= int64(1)<<bits - 1
		if signed && v >= int64(1)<<(bits-1) {
			v -= int64(1) << bits
		}
	}
	return v
}

// storageElem is the builtin integer type static data of d is stored as.
func storageElem(ctx *ir.Context, d qd.DataType) *ir.IntegerType {
	if d.IsSigned() {
		return ctx.I(d.Bits())
	}
	return ctx.IntegerType(d.Bits(), ir.Unsigned)
}

// vectorLike reports a shape with at most one dimension above 1: any
// permutation of it keeps the data in order.
func vectorLike(shape []int64) bool {
	n := 0
	for _, d := range shape {
		if d != 1 {
			n++
		}
	}
	return n <= 1
}

// fullRank prefixes shape with 1s to rank dimensions.
func fullRank(shape []int64, rank int) []int64 {
	out := make([]int64, rank-len(shape), rank)
	for i := range out {
		out[i] = 1
	}
	return append(out, shape...)
}
