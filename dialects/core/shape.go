package core

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// Shape inference and verification. Inference functions check what the
// result shape depends on and say what is wrong in MLIR's style; the ods
// framework prefixes "'core.op' op " and compares the inferred types with
// the written ones.

// fmtShape prints [2, 3].
func fmtShape(s []int64) string {
	return tensor.FormatList(s)
}

// ranked returns operand i as a ranked tensor type.
func ranked(operands []ir.Type, i int, what string) (*ir.RankedTensorType, error) {
	if i >= len(operands) {
		return nil, fmt.Errorf("expects a %s operand", what)
	}
	t, ok := operands[i].(*ir.RankedTensorType)
	if !ok {
		return nil, fmt.Errorf("expects %s to be a ranked tensor, got '%s'", what, operands[i])
	}
	return t, nil
}

// BroadcastShapes is NumPy/ONNX multidirectional broadcasting: shapes are
// aligned at their last dimension, a missing leading dimension counts as
// 1, and each pair of dimensions must be equal or contain a 1.
func BroadcastShapes(a, b []int64) ([]int64, error) {
	out, _, ok := tensor.BroadcastPair(a, b, false)
	if !ok {
		return nil, fmt.Errorf("shapes %s and %s are not broadcast-compatible", fmtShape(a), fmtShape(b))
	}
	return out, nil
}

func sameElem(what string, ts ...*ir.RankedTensorType) error {
	for _, t := range ts[1:] {
		if t.Elem != ts[0].Elem {
			return fmt.Errorf("expects %s of the same element type, got '%s' and '%s'", what, ts[0].Elem, t.Elem)
		}
	}
	return nil
}

// inferBroadcast: result of an elementwise binary op.
func inferBroadcast(ctx *ir.Context, operands []ir.Type, _ ods.AttrGetter) ([]ir.Type, error) {
	// Operands of one (interned) type broadcast to that type: the common
	// case, and the verifier re-infers every op's type.
	if t, ok := sameRankedType(operands); ok {
		return []ir.Type{t}, nil
	}
	shape, elem, err := broadcastOperands(operands, 0)
	if err != nil {
		return nil, err
	}
	return []ir.Type{ctx.TensorType(shape, elem, nil)}, nil
}

// broadcastOperands broadcasts the shapes of operands[from:], which must
// share an element type, and returns the shape and that element type.
func broadcastOperands(operands []ir.Type, from int) ([]int64, ir.Type, error) {
	var ts []*ir.RankedTensorType
	for i := from; i < len(operands); i++ {
		t, err := ranked(operands, i, "operand #"+strconv.Itoa(i))
		if err != nil {
			return nil, nil, err
		}
		ts = append(ts, t)
	}
	if len(ts) == 0 {
		return nil, nil, fmt.Errorf("expects operands")
	}
	if err := sameElem("operands", ts...); err != nil {
		return nil, nil, err
	}
	shape := ts[0].Shape
	for _, t := range ts[1:] {
		s, err := BroadcastShapes(shape, t.Shape)
		if err != nil {
			return nil, nil, err
		}
		shape = s
	}
	return shape, ts[0].Elem, nil
}

func inferCmp(ctx *ir.Context, operands []ir.Type, _ ods.AttrGetter) ([]ir.Type, error) {
	shape, _, err := broadcastOperands(operands, 0)
	if err != nil {
		return nil, err
	}
	return []ir.Type{ctx.TensorType(shape, ctx.I(1), nil)}, nil
}

func inferSelect(ctx *ir.Context, operands []ir.Type, _ ods.AttrGetter) ([]ir.Type, error) {
	cond, err := ranked(operands, 0, "condition")
	if err != nil {
		return nil, err
	}
	shape, elem, err := broadcastOperands(operands, 1)
	if err != nil {
		return nil, err
	}
	if shape, err = BroadcastShapes(cond.Shape, shape); err != nil {
		return nil, err
	}
	return []ir.Type{ctx.TensorType(shape, elem, nil)}, nil
}

// inferSame: unary elementwise ops keep the operand type.
func inferSame(_ *ir.Context, operands []ir.Type, _ ods.AttrGetter) ([]ir.Type, error) {
	t, err := ranked(operands, 0, "input")
	if err != nil {
		return nil, err
	}
	return []ir.Type{t}, nil
}

// ---- attributes ----

// intArray reads an array<i64: ...> attribute, def when absent.
func intArray(attrs ods.AttrGetter, name string, def []int64) ([]int64, error) {
	a := attrs(name)
	if a == nil {
		if def == nil {
			return nil, fmt.Errorf("requires attribute '%s'", name)
		}
		return def, nil
	}
	da, ok := a.(*ir.DenseArrayAttr)
	if !ok || !ir.IsInteger(da.Elem, 64) {
		return nil, fmt.Errorf("attribute '%s' failed to satisfy constraint: i64 dense array attribute", name)
	}
	return da.Ints, nil
}

// arrayOf reads an i64 array that must have n elements, each >= lo.
func arrayOf(attrs ods.AttrGetter, name string, def []int64, n int, lo int64, what string) ([]int64, error) {
	v, err := intArray(attrs, name, def)
	if err != nil {
		return nil, err
	}
	if len(v) != n {
		return nil, fmt.Errorf("expects '%s' to have %d elements, got %d", name, n, len(v))
	}
	for _, x := range v {
		if x < lo {
			return nil, fmt.Errorf("expects '%s' to be %s, got %s", name, what, fmtShape(v))
		}
	}
	return v, nil
}

// intAttr reads an integer attribute; attrs applies the table's default
// (ods.OpDef.WithDefaults), and one with none reads as 0.
func intAttr(attrs ods.AttrGetter, name string) (int64, error) {
	a := attrs(name)
	if a == nil {
		return 0, nil
	}
	ia, ok := a.(*ir.IntegerAttr)
	if !ok {
		return 0, fmt.Errorf("attribute '%s' failed to satisfy constraint: 64-bit integer attribute", name)
	}
	return ia.Value, nil
}

func boolAttr(attrs ods.AttrGetter, name string) (bool, error) {
	a := attrs(name)
	if a == nil {
		return false, nil
	}
	b, ok := a.(*ir.BoolAttr)
	if !ok {
		return false, fmt.Errorf("attribute '%s' failed to satisfy constraint: bool attribute", name)
	}
	return b.Value, nil
}

// ---- matmul, conv, pool ----

func inferMatmul(ctx *ir.Context, operands []ir.Type, _ ods.AttrGetter) ([]ir.Type, error) {
	lhs, err := ranked(operands, 0, "lhs")
	if err != nil {
		return nil, err
	}
	rhs, err := ranked(operands, 1, "rhs")
	if err != nil {
		return nil, err
	}
	if lhs.Rank() < 2 || rhs.Rank() < 2 {
		return nil, fmt.Errorf("expects operands of rank 2 or more, got %d-D lhs and %d-D rhs", lhs.Rank(), rhs.Rank())
	}
	if err := sameElem("operands", lhs, rhs); err != nil {
		return nil, err
	}
	m, k := lhs.Shape[lhs.Rank()-2], lhs.Shape[lhs.Rank()-1]
	k2, n := rhs.Shape[rhs.Rank()-2], rhs.Shape[rhs.Rank()-1]
	if k != k2 {
		return nil, fmt.Errorf("expects lhs columns (%d) to equal rhs rows (%d)", k, k2)
	}
	batch, err := BroadcastShapes(lhs.Shape[:lhs.Rank()-2], rhs.Shape[:rhs.Rank()-2])
	if err != nil {
		return nil, fmt.Errorf("batch dimensions: %v", err)
	}
	if len(operands) > 2 {
		b, err := ranked(operands, 2, "bias")
		if err != nil {
			return nil, err
		}
		if b.Rank() != 1 || b.Shape[0] != n {
			return nil, fmt.Errorf("expects bias of shape [%d], got %s", n, fmtShape(b.Shape))
		}
		if err := sameElem("operands and bias", lhs, b); err != nil {
			return nil, err
		}
	}
	return []ir.Type{ctx.TensorType(append(batch, m, n), lhs.Elem, nil)}, nil
}

// Window describes the spatial attributes of conv2d and the pools.
type Window struct {
	Kernel    [2]int64 // kH, kW
	Strides   [2]int64
	Padding   [4]int64 // top, left, bottom, right
	Dilations [2]int64
	CeilMode  bool
}

// OutputSize is the number of window positions along a dimension of size
// in, padded by lo and hi: floor((in + lo + hi - dil*(k-1) - 1) / stride)
// + 1, or with ceil mode the ceiling, minus one when the last window
// would start in the trailing padding (PyTorch's rule). It is 0 or less
// when the padded input is smaller than the dilated kernel.
func OutputSize(in, lo, hi, k, stride, dil int64, ceil bool) int64 {
	num := in + lo + hi - dil*(k-1) - 1
	if num < 0 {
		return 0
	}
	if !ceil {
		return num/stride + 1
	}
	out := (num+stride-1)/stride + 1
	if (out-1)*stride >= in+lo {
		out--
	}
	return out
}

func readWindow(attrs ods.AttrGetter, kernelAttr bool) (Window, error) {
	var w Window
	if kernelAttr {
		k, err := arrayOf(attrs, "kernel", nil, 2, 1, "positive")
		if err != nil {
			return w, err
		}
		copy(w.Kernel[:], k)
	}
	s, err := arrayOf(attrs, "strides", nil, 2, 1, "positive")
	if err != nil {
		return w, err
	}
	copy(w.Strides[:], s)
	p, err := arrayOf(attrs, "padding", nil, 4, 0, "non-negative")
	if err != nil {
		return w, err
	}
	copy(w.Padding[:], p)
	d, err := arrayOf(attrs, "dilations", nil, 2, 1, "positive")
	if err != nil {
		return w, err
	}
	copy(w.Dilations[:], d)
	return w, nil
}

// spatial computes output height and width.
func (w Window) spatial(h, wd int64) (int64, int64, error) {
	names := [2]string{"height", "width"}
	in := [2]int64{h, wd}
	var out [2]int64
	for i := 0; i < 2; i++ {
		ext := w.Dilations[i]*(w.Kernel[i]-1) + 1
		lo, hi := w.Padding[i], w.Padding[i+2]
		if in[i]+lo+hi < ext {
			return 0, 0, fmt.Errorf("expects padded input %s (%d) to be at least the dilated kernel %s (%d)", names[i], in[i]+lo+hi, names[i], ext)
		}
		out[i] = OutputSize(in[i], lo, hi, w.Kernel[i], w.Strides[i], w.Dilations[i], w.CeilMode)
	}
	return out[0], out[1], nil
}

func inferConv2d(ctx *ir.Context, operands []ir.Type, attrs ods.AttrGetter) ([]ir.Type, error) {
	in, err := ranked(operands, 0, "input")
	if err != nil {
		return nil, err
	}
	wt, err := ranked(operands, 1, "weight")
	if err != nil {
		return nil, err
	}
	if in.Rank() != 4 {
		return nil, fmt.Errorf("expects 4-D input (NCHW), got %d-D", in.Rank())
	}
	if wt.Rank() != 4 {
		return nil, fmt.Errorf("expects 4-D weight (OIHW), got %d-D", wt.Rank())
	}
	ts := []*ir.RankedTensorType{in, wt}
	if len(operands) > 2 {
		b, err := ranked(operands, 2, "bias")
		if err != nil {
			return nil, err
		}
		if b.Rank() != 1 || b.Shape[0] != wt.Shape[0] {
			return nil, fmt.Errorf("expects bias of shape [%d], got %s", wt.Shape[0], fmtShape(b.Shape))
		}
		ts = append(ts, b)
	}
	if err := sameElem("input, weight and bias", ts...); err != nil {
		return nil, err
	}
	groups, err := intAttr(attrs, "groups")
	if err != nil {
		return nil, err
	}
	if groups < 1 {
		return nil, fmt.Errorf("expects 'groups' to be positive, got %d", groups)
	}
	n, c, h, wd := in.Shape[0], in.Shape[1], in.Shape[2], in.Shape[3]
	o, ci := wt.Shape[0], wt.Shape[1]
	if c%groups != 0 {
		return nil, fmt.Errorf("expects input channels (%d) to be divisible by groups (%d)", c, groups)
	}
	if o%groups != 0 {
		return nil, fmt.Errorf("expects output channels (%d) to be divisible by groups (%d)", o, groups)
	}
	if ci != c/groups {
		return nil, fmt.Errorf("expects weight dimension 1 to be input channels / groups = %d, got %d", c/groups, ci)
	}
	w, err := readWindow(attrs, false)
	if err != nil {
		return nil, err
	}
	w.Kernel = [2]int64{wt.Shape[2], wt.Shape[3]}
	oh, ow, err := w.spatial(h, wd)
	if err != nil {
		return nil, err
	}
	return []ir.Type{ctx.TensorType([]int64{n, o, oh, ow}, in.Elem, nil)}, nil
}

func inferPool(ctx *ir.Context, operands []ir.Type, attrs ods.AttrGetter) ([]ir.Type, error) {
	in, err := ranked(operands, 0, "input")
	if err != nil {
		return nil, err
	}
	if in.Rank() != 4 {
		return nil, fmt.Errorf("expects 4-D input (NCHW), got %d-D", in.Rank())
	}
	w, err := readWindow(attrs, true)
	if err != nil {
		return nil, err
	}
	if w.CeilMode, err = boolAttr(attrs, "ceil_mode"); err != nil {
		return nil, err
	}
	for i, name := range []string{"top", "left", "bottom", "right"} {
		ext := w.Dilations[i%2]*(w.Kernel[i%2]-1) + 1
		if w.Padding[i] >= ext {
			return nil, fmt.Errorf("expects %s padding (%d) to be smaller than the dilated kernel extent (%d)", name, w.Padding[i], ext)
		}
	}
	oh, ow, err := w.spatial(in.Shape[2], in.Shape[3])
	if err != nil {
		return nil, err
	}
	return []ir.Type{ctx.TensorType([]int64{in.Shape[0], in.Shape[1], oh, ow}, in.Elem, nil)}, nil
}

// ---- reductions ----

// checkAxes validates distinct axes in [0, rank).
func checkAxes(axes []int64, rank int) error {
	seen := make([]bool, rank)
	for _, a := range axes {
		if a < 0 || a >= int64(rank) {
			return fmt.Errorf("expects axis %d to be in [0, %d)", a, rank)
		}
		if seen[a] {
			return fmt.Errorf("expects distinct axes, got %d twice", a)
		}
		seen[a] = true
	}
	return nil
}

// ReducedShape drops (or with keepdims sets to 1) the reduced axes.
func ReducedShape(shape, axes []int64, keepdims bool) []int64 {
	return tensor.ReducedShape(shape, axes, keepdims)
}

func inferReduce(ctx *ir.Context, operands []ir.Type, attrs ods.AttrGetter) ([]ir.Type, error) {
	in, err := ranked(operands, 0, "input")
	if err != nil {
		return nil, err
	}
	axes, err := intArray(attrs, "axes", nil)
	if err != nil {
		return nil, err
	}
	if len(axes) == 0 {
		return nil, fmt.Errorf("expects at least one axis")
	}
	if err := checkAxes(axes, in.Rank()); err != nil {
		return nil, err
	}
	keep, err := boolAttr(attrs, "keepdims")
	if err != nil {
		return nil, err
	}
	return []ir.Type{ctx.TensorType(ReducedShape(in.Shape, axes, keep), in.Elem, nil)}, nil
}

func inferArg(ctx *ir.Context, operands []ir.Type, attrs ods.AttrGetter) ([]ir.Type, error) {
	in, err := ranked(operands, 0, "input")
	if err != nil {
		return nil, err
	}
	if attrs("axis") == nil {
		return nil, fmt.Errorf("requires attribute 'axis'")
	}
	axis, err := intAttr(attrs, "axis")
	if err != nil {
		return nil, err
	}
	if err := checkAxes([]int64{axis}, in.Rank()); err != nil {
		return nil, err
	}
	keep, err := boolAttr(attrs, "keepdims")
	if err != nil {
		return nil, err
	}
	return []ir.Type{ctx.TensorType(ReducedShape(in.Shape, []int64{axis}, keep), ctx.I(64), nil)}, nil
}

// ---- data movement ----

func numElements(shape []int64) int64 {
	n := int64(1)
	for _, d := range shape {
		n *= d
	}
	return n
}

// verifyReshape: same element type and element count.
func verifyReshape(op *ir.Operation) error {
	in, ok1 := op.Operand(0).Type().(*ir.RankedTensorType)
	out, ok2 := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok1 || !ok2 {
		return nil
	}
	if in.Elem != out.Elem {
		return fmt.Errorf("expects the same element type for input and result, got '%s' and '%s'", in.Elem, out.Elem)
	}
	if a, b := numElements(in.Shape), numElements(out.Shape); a != b {
		return fmt.Errorf("expects the same number of elements, got %d (%s) and %d (%s)", a, fmtShape(in.Shape), b, fmtShape(out.Shape))
	}
	return nil
}

// verifyBroadcastTo: the input broadcasts to exactly the result shape.
func verifyBroadcastTo(op *ir.Operation) error {
	in, ok1 := op.Operand(0).Type().(*ir.RankedTensorType)
	out, ok2 := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok1 || !ok2 {
		return nil
	}
	if in.Elem != out.Elem {
		return fmt.Errorf("expects the same element type for input and result, got '%s' and '%s'", in.Elem, out.Elem)
	}
	if !BroadcastsTo(in.Shape, out.Shape) {
		return fmt.Errorf("cannot broadcast %s to %s", fmtShape(in.Shape), fmtShape(out.Shape))
	}
	return nil
}

// BroadcastsTo reports whether from broadcasts to exactly to.
func BroadcastsTo(from, to []int64) bool {
	if len(from) > len(to) {
		return false
	}
	off := len(to) - len(from)
	for i, d := range from {
		if d != to[off+i] && d != 1 {
			return false
		}
	}
	return true
}

func verifyCast(op *ir.Operation) error {
	in, ok1 := op.Operand(0).Type().(*ir.RankedTensorType)
	out, ok2 := op.Result(0).Type().(*ir.RankedTensorType)
	if ok1 && ok2 && !slices.Equal(in.Shape, out.Shape) {
		return fmt.Errorf("expects input and result of the same shape, got %s and %s", fmtShape(in.Shape), fmtShape(out.Shape))
	}
	return nil
}

func inferTranspose(ctx *ir.Context, operands []ir.Type, attrs ods.AttrGetter) ([]ir.Type, error) {
	in, err := ranked(operands, 0, "input")
	if err != nil {
		return nil, err
	}
	perm, err := intArray(attrs, "perm", nil)
	if err != nil {
		return nil, err
	}
	if !IsPermutation(perm, in.Rank()) {
		return nil, fmt.Errorf("expects 'perm' to be a permutation of [0, %d), got %s", in.Rank(), fmtShape(perm))
	}
	out := make([]int64, len(perm))
	for i, p := range perm {
		out[i] = in.Shape[p]
	}
	return []ir.Type{ctx.TensorType(out, in.Elem, nil)}, nil
}

// IsPermutation reports whether perm holds each of 0..n-1 once.
func IsPermutation(perm []int64, n int) bool {
	if len(perm) != n {
		return false
	}
	seen := make([]bool, n)
	for _, p := range perm {
		if p < 0 || p >= int64(n) || seen[p] {
			return false
		}
		seen[p] = true
	}
	return true
}

func inferConcat(ctx *ir.Context, operands []ir.Type, attrs ods.AttrGetter) ([]ir.Type, error) {
	if len(operands) == 0 {
		return nil, fmt.Errorf("expects at least one input")
	}
	var ts []*ir.RankedTensorType
	for i := range operands {
		t, err := ranked(operands, i, "input #"+strconv.Itoa(i))
		if err != nil {
			return nil, err
		}
		ts = append(ts, t)
	}
	if err := sameElem("inputs", ts...); err != nil {
		return nil, err
	}
	if attrs("axis") == nil {
		return nil, fmt.Errorf("requires attribute 'axis'")
	}
	axis, err := intAttr(attrs, "axis")
	if err != nil {
		return nil, err
	}
	rank := ts[0].Rank()
	if axis < 0 || axis >= int64(rank) {
		return nil, fmt.Errorf("expects 'axis' (%d) to be in [0, %d)", axis, rank)
	}
	out := append([]int64(nil), ts[0].Shape...)
	for i, t := range ts[1:] {
		if t.Rank() != rank {
			return nil, fmt.Errorf("expects inputs of the same rank, got %d-D input #0 and %d-D input #%d", rank, t.Rank(), i+1)
		}
		for d := range out {
			if int64(d) == axis {
				continue
			}
			if t.Shape[d] != out[d] {
				return nil, fmt.Errorf("expects input #%d to match input #0 outside axis %d, got %s and %s", i+1, axis, fmtShape(t.Shape), fmtShape(ts[0].Shape))
			}
		}
		out[axis] += t.Shape[axis]
	}
	return []ir.Type{ctx.TensorType(out, ts[0].Elem, nil)}, nil
}

// SliceBounds normalises one dimension of a slice with ONNX Slice's rules
// and returns the first index, the step and the element count.
func SliceBounds(dim, start, limit, stride int64) (first, count int64) {
	if start < 0 {
		start += dim
	}
	if limit < 0 {
		limit += dim
	}
	if stride > 0 {
		start = min(max(start, 0), dim)
		limit = min(max(limit, 0), dim)
		if limit <= start {
			return start, 0
		}
		return start, (limit - start + stride - 1) / stride
	}
	start = min(max(start, 0), dim-1)
	limit = min(max(limit, -1), dim-1)
	if limit >= start {
		return start, 0
	}
	return start, (start - limit + (-stride) - 1) / (-stride)
}

func inferSlice(ctx *ir.Context, operands []ir.Type, attrs ods.AttrGetter) ([]ir.Type, error) {
	in, err := ranked(operands, 0, "input")
	if err != nil {
		return nil, err
	}
	r := in.Rank()
	var bounds [3][]int64
	for i, name := range []string{"starts", "limits", "strides"} {
		var def []int64
		if name == "strides" {
			def = ones(r)
		}
		v, err := intArray(attrs, name, def)
		if err != nil {
			return nil, err
		}
		if len(v) != r {
			return nil, fmt.Errorf("expects '%s' to have %d elements, got %d", name, r, len(v))
		}
		bounds[i] = v
	}
	starts, limits, strides := bounds[0], bounds[1], bounds[2]
	out := make([]int64, r)
	for i := range out {
		if strides[i] == 0 {
			return nil, fmt.Errorf("expects non-zero strides, got %s", fmtShape(strides))
		}
		_, out[i] = SliceBounds(in.Shape[i], starts[i], limits[i], strides[i])
	}
	return []ir.Type{ctx.TensorType(out, in.Elem, nil)}, nil
}

func ones(n int) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[i] = 1
	}
	return out
}

func inferGather(ctx *ir.Context, operands []ir.Type, attrs ods.AttrGetter) ([]ir.Type, error) {
	in, err := ranked(operands, 0, "input")
	if err != nil {
		return nil, err
	}
	idx, err := ranked(operands, 1, "indices")
	if err != nil {
		return nil, err
	}
	axis, err := intAttr(attrs, "axis")
	if err != nil {
		return nil, err
	}
	if axis < 0 || axis >= int64(in.Rank()) {
		return nil, fmt.Errorf("expects 'axis' (%d) to be in [0, %d)", axis, in.Rank())
	}
	out := append([]int64(nil), in.Shape[:axis]...)
	out = append(out, idx.Shape...)
	out = append(out, in.Shape[axis+1:]...)
	return []ir.Type{ctx.TensorType(out, in.Elem, nil)}, nil
}

func inferPad(ctx *ir.Context, operands []ir.Type, attrs ods.AttrGetter) ([]ir.Type, error) {
	in, err := ranked(operands, 0, "input")
	if err != nil {
		return nil, err
	}
	low, err := arrayOf(attrs, "low", nil, in.Rank(), 0, "non-negative")
	if err != nil {
		return nil, err
	}
	high, err := arrayOf(attrs, "high", nil, in.Rank(), 0, "non-negative")
	if err != nil {
		return nil, err
	}
	out := make([]int64, in.Rank())
	for i, d := range in.Shape {
		out[i] = low[i] + d + high[i]
	}
	return []ir.Type{ctx.TensorType(out, in.Elem, nil)}, nil
}

// verifyPad: the padding value has the element type.
func verifyPad(op *ir.Operation) error {
	v := op.InherentAttr("value")
	if v == nil {
		return nil
	}
	elem := ir.ElementTypeOf(op.Operand(0).Type())
	switch a := v.(type) {
	case *ir.FloatAttr:
		if ir.Type(a.Type) == elem {
			return nil
		}
	case *ir.IntegerAttr:
		if a.Type == elem {
			return nil
		}
	case *ir.BoolAttr:
		if isBoolElem(elem) {
			return nil
		}
	}
	if !CastElem.Match(elem) {
		return fmt.Errorf("expects no 'value' for element type '%s' (the padding is its zero)", elem)
	}
	return fmt.Errorf("expects 'value' of the element type '%s', got %s", elem, v)
}

func inferConstant(_ *ir.Context, _ []ir.Type, attrs ods.AttrGetter) ([]ir.Type, error) {
	ta, ok := attrs("value").(ir.TypedAttr)
	if !ok {
		return nil, fmt.Errorf("requires attribute 'value'")
	}
	t, ok := ta.AttrType().(*ir.RankedTensorType)
	if !ok || !t.HasStaticShape() {
		return nil, fmt.Errorf("expects 'value' of a statically shaped tensor type, got '%s'", ta.AttrType())
	}
	return []ir.Type{t}, nil
}

// verifyClamp: min <= max, and integral bounds for integer tensors.
func verifyClamp(op *ir.Operation) error {
	lo, hasLo := floatOf(op.InherentAttr("min"))
	hi, hasHi := floatOf(op.InherentAttr("max"))
	if hasLo && hasHi && lo > hi {
		return fmt.Errorf("expects 'min' (%g) to be at most 'max' (%g)", lo, hi)
	}
	if isIntElem(ir.ElementTypeOf(op.Operand(0).Type())) {
		for _, b := range []struct {
			name string
			v    float64
			has  bool
		}{{"min", lo, hasLo}, {"max", hi, hasHi}} {
			if b.has && b.v != float64(int64(b.v)) {
				return fmt.Errorf("expects an integral '%s' for integer tensors, got %g", b.name, b.v)
			}
		}
	}
	return nil
}

func floatOf(a ir.Attribute) (float64, bool) {
	fa, ok := a.(*ir.FloatAttr)
	if !ok {
		return 0, false
	}
	return fa.Value, true
}

// sameRankedType reports whether all operands are one ranked tensor type
// without an encoding, and returns it.
func sameRankedType(operands []ir.Type) (*ir.RankedTensorType, bool) {
	if len(operands) == 0 {
		return nil, false
	}
	t, ok := operands[0].(*ir.RankedTensorType)
	if !ok || t.Encoding != nil {
		return nil, false
	}
	for _, o := range operands[1:] {
		if o != ir.Type(t) {
			return nil, false
		}
	}
	return t, true
}
