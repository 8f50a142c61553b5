package trt

import (
	"fmt"
	"math"
	"slices"

	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/ir"
)

// shapeFn computes a layer's result types before output_type applies.
type shapeFn func(ctx *ir.Context, operands []*ir.RankedTensorType, a attrs) ([]ir.Type, error)

// layer turns a shape function into an InferFunc: operands must be ranked
// tensors, and output_type, when set, replaces the element type of result 0.
func layer(fn shapeFn) ods.InferFunc {
	return func(ctx *ir.Context, operands []ir.Type, get ods.AttrGetter) ([]ir.Type, error) {
		ts := make([]*ir.RankedTensorType, len(operands))
		for i, t := range operands {
			rt, err := ranked(t)
			if err != nil {
				return nil, err
			}
			ts[i] = rt
		}
		a := attrs{get}
		out, err := fn(ctx, ts, a)
		if err != nil {
			return nil, err
		}
		if ot := a.typ("output_type"); ot != nil && len(out) > 0 {
			if rt, ok := out[0].(*ir.RankedTensorType); ok {
				out[0] = ctx.TensorType(rt.Shape, ot, nil)
			}
		}
		return out, nil
	}
}

func tensor(ctx *ir.Context, shape []int64, elem ir.Type) []ir.Type {
	return []ir.Type{ctx.TensorType(shape, elem, nil)}
}

// ---- convolution, deconvolution, pooling ----

// ConvOutputSize is the output extent of one spatial dimension of a
// convolution or pooling window, with TensorRT's padding modes:
//
//	explicit_round_down: floor((in + pre + post - dk) / stride) + 1
//	explicit_round_up:   ceil((in + pre + post - dk) / stride) + 1
//	same_upper/lower:    ceil(in / stride)
//
// where dk = 1 + dilation*(kernel-1). A dynamic input gives ir.Dynamic.
func ConvOutputSize(in, kernel, stride, pre, post, dilation int64, mode string) int64 {
	if dyn(in) {
		return ir.Dynamic
	}
	dk := 1 + dilation*(kernel-1)
	switch mode {
	case "same_upper", "same_lower":
		return ceilDiv(in, stride)
	case "explicit_round_up":
		return ceilDiv(in+pre+post-dk, stride) + 1
	}
	return floorDiv(in+pre+post-dk, stride) + 1
}

// DeconvOutputSize is the output extent of one spatial dimension of a
// deconvolution (transposed convolution):
//
//	explicit_*:       (in - 1) * stride + dk - (pre + post)
//	same_upper/lower: in * stride
func DeconvOutputSize(in, kernel, stride, pre, post, dilation int64, mode string) int64 {
	if dyn(in) {
		return ir.Dynamic
	}
	dk := 1 + dilation*(kernel-1)
	switch mode {
	case "same_upper", "same_lower":
		return in * stride
	}
	return (in-1)*stride + dk - (pre + post)
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func ceilDiv(a, b int64) int64 { return -floorDiv(-a, b) }

// window holds the spatial parameters shared by convolution,
// deconvolution and pooling.
type window struct {
	kernel, stride, pre, post, dilation []int64
	mode                                string
}

func readWindow(a attrs, kernelAttr string, n int, withDilation bool) (*window, error) {
	w := &window{mode: a.str("padding_mode", "explicit_round_down")}
	var err error
	if w.kernel, err = a.dims(kernelAttr, n, 0); err != nil {
		return nil, err
	}
	if w.stride, err = a.dims("stride", n, 1); err != nil {
		return nil, err
	}
	if w.pre, err = a.dims("pre_padding", n, 0); err != nil {
		return nil, err
	}
	if w.post, err = a.dims("post_padding", n, 0); err != nil {
		return nil, err
	}
	w.dilation = make([]int64, n)
	for i := range w.dilation {
		w.dilation[i] = 1
	}
	if withDilation {
		if w.dilation, err = a.dims("dilation", n, 1); err != nil {
			return nil, err
		}
	}
	for i := 0; i < n; i++ {
		switch {
		case w.kernel[i] < 1:
			return nil, fmt.Errorf("'%s' values must be positive, got %s", kernelAttr, fmtInts(w.kernel))
		case w.stride[i] < 1:
			return nil, fmt.Errorf("'stride' values must be positive, got %s", fmtInts(w.stride))
		case w.dilation[i] < 1:
			return nil, fmt.Errorf("'dilation' values must be positive, got %s", fmtInts(w.dilation))
		case w.pre[i] < 0 || w.post[i] < 0:
			return nil, fmt.Errorf("padding values must be non-negative, got pre_padding %s and post_padding %s", fmtInts(w.pre), fmtInts(w.post))
		}
	}
	return w, nil
}

func (w *window) outDims(in []int64, deconv bool) ([]int64, error) {
	out := make([]int64, len(in))
	for i, d := range in {
		f := ConvOutputSize
		if deconv {
			f = DeconvOutputSize
		}
		o := f(d, w.kernel[i], w.stride[i], w.pre[i], w.post[i], w.dilation[i], w.mode)
		if !dyn(o) && o < 1 {
			return nil, fmt.Errorf("computed output size %d for spatial dimension %d (input %d) is not positive", o, i, d)
		}
		out[i] = o
	}
	return out, nil
}

func inferConvolution(deconv bool) shapeFn {
	return func(ctx *ir.Context, ops []*ir.RankedTensorType, a attrs) ([]ir.Type, error) {
		in, k := ops[0], ops[1]
		rank := in.Rank()
		if rank != 4 && rank != 5 {
			return nil, fmt.Errorf("expects a 4-D (NCHW) or 5-D (NCDHW) input, got %d-D", rank)
		}
		if k.Rank() != rank {
			return nil, fmt.Errorf("expects a %d-D kernel for a %d-D input, got %d-D", rank, rank, k.Rank())
		}
		if k.Elem != in.Elem {
			return nil, fmt.Errorf("kernel element type '%s' must match the input element type '%s'", k.Elem, in.Elem)
		}
		ns := rank - 2
		w, err := readWindow(a, "kernel_size", ns, true)
		if err != nil {
			return nil, err
		}
		m, g := a.i64("num_output_maps", 0), a.i64("num_groups", 1)
		if m < 1 {
			return nil, fmt.Errorf("'num_output_maps' must be positive, got %d", m)
		}
		if g < 1 {
			return nil, fmt.Errorf("'num_groups' must be positive, got %d", g)
		}
		if m%g != 0 {
			return nil, fmt.Errorf("num_output_maps %d is not divisible by num_groups %d", m, g)
		}
		c := in.Shape[1]
		if !dyn(c) && c%g != 0 {
			return nil, fmt.Errorf("input channels %d are not divisible by num_groups %d", c, g)
		}
		k0, k1 := k.Shape[0], k.Shape[1]
		if !deconv {
			// KCRS: [num_output_maps, C/groups, spatial...]
			if !dyn(k0) && k0 != m {
				return nil, fmt.Errorf("kernel dimension 0 is %d, expected num_output_maps = %d", k0, m)
			}
			if !dyn(c) && !dyn(k1) && k1 != c/g {
				return nil, fmt.Errorf("kernel dimension 1 is %d, expected input channels / num_groups = %d", k1, c/g)
			}
		} else {
			// CKRS: [C, num_output_maps/groups, spatial...]
			if !dyn(c) && !dyn(k0) && k0 != c {
				return nil, fmt.Errorf("kernel dimension 0 is %d, expected input channels = %d", k0, c)
			}
			if !dyn(k1) && k1 != m/g {
				return nil, fmt.Errorf("kernel dimension 1 is %d, expected num_output_maps / num_groups = %d", k1, m/g)
			}
		}
		for i := 0; i < ns; i++ {
			if d := k.Shape[2+i]; !dyn(d) && d != w.kernel[i] {
				return nil, fmt.Errorf("kernel spatial dimensions %s do not match kernel_size %s", fmtDims(k.Shape[2:]), fmtInts(w.kernel))
			}
		}
		if len(ops) > 2 {
			b := ops[2]
			if b.Rank() != 1 || (!dyn(b.Shape[0]) && b.Shape[0] != m) {
				return nil, fmt.Errorf("bias must have shape [%d], got %s", m, fmtDims(b.Shape))
			}
		}
		spatial, err := w.outDims(in.Shape[2:], deconv)
		if err != nil {
			return nil, err
		}
		out := append([]int64{in.Shape[0], m}, spatial...)
		return tensor(ctx, out, in.Elem), nil
	}
}

func inferPooling(ctx *ir.Context, ops []*ir.RankedTensorType, a attrs) ([]ir.Type, error) {
	in := ops[0]
	win, _ := a.ints("window_size")
	ns := len(win)
	if ns != 2 && ns != 3 {
		return nil, fmt.Errorf("'window_size' must have 2 or 3 values (2-D or 3-D pooling), got %d", ns)
	}
	if in.Rank() < ns+1 {
		return nil, fmt.Errorf("%d-D pooling expects an input of rank at least %d, got %d", ns, ns+1, in.Rank())
	}
	w, err := readWindow(a, "window_size", ns, false)
	if err != nil {
		return nil, err
	}
	lead := in.Rank() - ns
	spatial, err := w.outDims(in.Shape[lead:], false)
	if err != nil {
		return nil, err
	}
	out := append(append([]int64(nil), in.Shape[:lead]...), spatial...)
	return tensor(ctx, out, in.Elem), nil
}

// ---- matrix multiply ----

// MatMulShape computes the result shape of IMatrixMultiplyLayer for
// operands of shapes a and b with MatrixOperation opA and opB ("none",
// "transpose", "vector").
func MatMulShape(a, b []int64, opA, opB string) ([]int64, error) {
	mat := func(s []int64, op string, which int) (batch []int64, rows, cols int64, vec bool, err error) {
		if op == "vector" {
			if len(s) < 1 {
				return nil, 0, 0, false, fmt.Errorf("input%d with op%d = \"vector\" must have rank at least 1", which, which)
			}
			return s[:len(s)-1], 1, s[len(s)-1], true, nil
		}
		if len(s) < 2 {
			return nil, 0, 0, false, fmt.Errorf("input%d must have rank at least 2 unless op%d is \"vector\", got rank %d", which, which, len(s))
		}
		r, c := s[len(s)-2], s[len(s)-1]
		if op == "transpose" {
			r, c = c, r
		}
		return s[:len(s)-2], r, c, false, nil
	}
	ba, m, ka, va, err := mat(a, opA, 0)
	if err != nil {
		return nil, err
	}
	bb, kb, n, vb, err := mat(b, opB, 1)
	if err != nil {
		return nil, err
	}
	if vb {
		// A vector on the right is a column: its length is the contraction.
		kb, n = n, 1
	}
	if len(ba) != len(bb) {
		return nil, fmt.Errorf("inputs must have the same number of batch dimensions, got %d and %d", len(ba), len(bb))
	}
	out, err := broadcastDims(ba, bb)
	if err != nil {
		return nil, fmt.Errorf("batch %v", err)
	}
	if !dyn(ka) && !dyn(kb) && ka != kb {
		return nil, fmt.Errorf("contraction dimensions differ: %d (input0) vs %d (input1)", ka, kb)
	}
	if !va {
		out = append(out, m)
	}
	if !vb {
		out = append(out, n)
	}
	return out, nil
}

func inferMatMul(ctx *ir.Context, ops []*ir.RankedTensorType, a attrs) ([]ir.Type, error) {
	x, y := ops[0], ops[1]
	if x.Elem != y.Elem {
		return nil, fmt.Errorf("inputs must have the same element type, got '%s' and '%s'", x.Elem, y.Elem)
	}
	out, err := MatMulShape(x.Shape, y.Shape, a.str("op0", "none"), a.str("op1", "none"))
	if err != nil {
		return nil, err
	}
	return tensor(ctx, out, x.Elem), nil
}

// ---- elementwise ----

var (
	ewLogical = map[string]bool{"and": true, "or": true, "xor": true}
	ewCompare = map[string]bool{"equal": true, "greater": true, "less": true}
	ewArith   = elemSet{f32E, f16E, bf16E, i8E, i32E, i64E}
	ewCmpIn   = elemSet{f32E, f16E, bf16E, i32E, i64E}
)

func inferElementWise(ctx *ir.Context, ops []*ir.RankedTensorType, a attrs) ([]ir.Type, error) {
	x, y := ops[0], ops[1]
	if x.Elem != y.Elem {
		return nil, fmt.Errorf("inputs must have the same element type, got '%s' and '%s'", x.Elem, y.Elem)
	}
	op := a.str("operation", "")
	allowed := ewArith
	switch {
	case ewLogical[op]:
		allowed = boolTypes
	case ewCompare[op]:
		allowed = ewCmpIn
	}
	if !allowed.has(x.Elem) {
		return nil, fmt.Errorf("operation \"%s\" requires inputs of %s, got '%s'", op, allowed.names(), x.Elem)
	}
	out, err := broadcastDims(x.Shape, y.Shape)
	if err != nil {
		return nil, err
	}
	elem := x.Elem
	if ewCompare[op] {
		elem = ctx.I(1)
	}
	return tensor(ctx, out, elem), nil
}

func inferSelect(ctx *ir.Context, ops []*ir.RankedTensorType, a attrs) ([]ir.Type, error) {
	c, t, e := ops[0], ops[1], ops[2]
	if t.Elem != e.Elem {
		return nil, fmt.Errorf("then_input and else_input must have the same element type, got '%s' and '%s'", t.Elem, e.Elem)
	}
	out, err := broadcastDims(c.Shape, t.Shape)
	if err == nil {
		out, err = broadcastDims(out, e.Shape)
	}
	if err != nil {
		return nil, err
	}
	return tensor(ctx, out, t.Elem), nil
}

// ---- unary-shaped layers ----

var (
	unaryBool    = map[string]bool{"not": true}
	unarySigned  = map[string]bool{"abs": true, "neg": true, "sign": true}
	unaryPredic  = map[string]bool{"isinf": true, "isnan": true}
	unarySigned1 = elemSet{f32E, f16E, bf16E, i8E, i32E, i64E}
)

func inferUnary(ctx *ir.Context, ops []*ir.RankedTensorType, a attrs) ([]ir.Type, error) {
	in := ops[0]
	op := a.str("operation", "")
	allowed, elem := floatsI8, in.Elem
	switch {
	case unaryBool[op]:
		allowed = boolTypes
	case unarySigned[op]:
		allowed = unarySigned1
	case unaryPredic[op]:
		allowed, elem = floats, ctx.I(1)
	}
	if !allowed.has(in.Elem) {
		return nil, fmt.Errorf("operation \"%s\" requires an input of %s, got '%s'", op, allowed.names(), in.Elem)
	}
	return tensor(ctx, in.Shape, elem), nil
}

func sameAsInput(ctx *ir.Context, ops []*ir.RankedTensorType, a attrs) ([]ir.Type, error) {
	return []ir.Type{ops[0]}, nil
}

// SoftmaxDefaultAxes is TensorRT's default softmax axis mask: the axis
// rank-3 (C of NCHW), or axis 0 when the rank is below 3.
func SoftmaxDefaultAxes(rank int) int64 {
	if rank < 3 {
		return 1
	}
	return 1 << (rank - 3)
}

func inferSoftmax(ctx *ir.Context, ops []*ir.RankedTensorType, a attrs) ([]ir.Type, error) {
	in := ops[0]
	if in.Rank() == 0 {
		return nil, fmt.Errorf("expects an input of rank at least 1")
	}
	axes, err := axesOf(a.i64("axes", SoftmaxDefaultAxes(in.Rank())), in.Rank())
	if err != nil {
		return nil, err
	}
	if len(axes) != 1 {
		return nil, fmt.Errorf("axes bitmask %d must select exactly one axis", a.i64("axes", 0))
	}
	return []ir.Type{in}, nil
}

func inferNormalization(ctx *ir.Context, ops []*ir.RankedTensorType, a attrs) ([]ir.Type, error) {
	in, scale, bias := ops[0], ops[1], ops[2]
	if scale.Elem != in.Elem || bias.Elem != in.Elem {
		return nil, fmt.Errorf("scale and bias must have the input element type '%s'", in.Elem)
	}
	if _, err := axesOf(a.i64("axes", 0), in.Rank()); err != nil {
		return nil, err
	}
	if scale.Rank() != in.Rank() || bias.Rank() != in.Rank() {
		return nil, fmt.Errorf("scale and bias must have the input's rank %d, got %d and %d", in.Rank(), scale.Rank(), bias.Rank())
	}
	if !slices.Equal(scale.Shape, bias.Shape) {
		return nil, fmt.Errorf("scale shape %s and bias shape %s differ", fmtDims(scale.Shape), fmtDims(bias.Shape))
	}
	g := a.i64("num_groups", 1)
	if g < 1 {
		return nil, fmt.Errorf("'num_groups' must be positive, got %d", g)
	}
	if g > 1 {
		if in.Rank() < 3 {
			return nil, fmt.Errorf("group normalization expects an input of rank at least 3 ([N, C, ...]), got %d", in.Rank())
		}
		if c := in.Shape[1]; !dyn(c) && c%g != 0 {
			return nil, fmt.Errorf("input channels %d are not divisible by num_groups %d", c, g)
		}
		for i, d := range scale.Shape {
			want := int64(1)
			if i == 1 {
				want = g
			}
			if d != want {
				want := make([]int64, in.Rank())
				for j := range want {
					want[j] = 1
				}
				want[1] = g
				return nil, fmt.Errorf("group normalization expects scale and bias of shape %s, got %s", fmtDims(want), fmtDims(scale.Shape))
			}
		}
	} else {
		for i, d := range scale.Shape {
			if d != 1 && !dyn(d) && !dyn(in.Shape[i]) && d != in.Shape[i] {
				return nil, fmt.Errorf("scale shape %s does not broadcast to the input shape %s", fmtDims(scale.Shape), fmtDims(in.Shape))
			}
		}
	}
	return []ir.Type{in}, nil
}

// ---- shuffle ----

// ResolveReshape applies IShuffleLayer's reshape dimensions to an input
// shape: 0 copies the input dimension at the same index (when
// zeroIsPlaceholder) and one -1 is inferred from the element count.
func ResolveReshape(in, dims []int64, zeroIsPlaceholder bool) ([]int64, error) {
	out := make([]int64, len(dims))
	infer := -1
	for i, d := range dims {
		switch {
		case d == 0 && zeroIsPlaceholder:
			if i >= len(in) {
				return nil, fmt.Errorf("reshape_dims[%d] is 0 (copy the input dimension), but the input has rank %d", i, len(in))
			}
			out[i] = in[i]
		case d == -1:
			if infer >= 0 {
				return nil, fmt.Errorf("reshape_dims %s may contain at most one -1", fmtInts(dims))
			}
			infer = i
		case d < 0:
			return nil, fmt.Errorf("reshape_dims[%d] is %d; only 0 and -1 are special", i, d)
		default:
			out[i] = d
		}
	}
	// Dimensions copied by a 0 placeholder are the same factor on both
	// sides, so they cancel (this keeps -1 static when a copied dim is ?).
	copied := make([]bool, len(in))
	for i, d := range dims {
		if d == 0 && zeroIsPlaceholder {
			copied[i] = true
		}
	}
	total, totalOK := int64(1), true
	for i, d := range in {
		switch {
		case copied[i]:
		case dyn(d):
			totalOK = false
		default:
			total *= d
		}
	}
	known := int64(1)
	knownOK := true
	for i, d := range out {
		if i == infer || (i < len(copied) && copied[i]) {
			continue
		}
		if dyn(d) {
			knownOK = false
			continue
		}
		known *= d
	}
	if infer >= 0 {
		switch {
		case !totalOK || !knownOK:
			out[infer] = ir.Dynamic
		case known == 0:
			return nil, fmt.Errorf("cannot infer the -1 in reshape_dims %s: the other dimensions have zero volume", fmtInts(dims))
		case total%known != 0:
			return nil, fmt.Errorf("cannot reshape %s into %s", fmtDims(in), fmtInts(dims))
		default:
			out[infer] = total / known
		}
		return out, nil
	}
	if totalOK && knownOK && total != known {
		inN, inOK := product(in)
		outN, outOK := product(out)
		if inOK && outOK {
			return nil, fmt.Errorf("reshape_dims %s hold %d elements, but the input has %d", fmtInts(dims), outN, inN)
		}
		return nil, fmt.Errorf("reshape_dims %s do not keep the element count of the input %s", fmtInts(dims), fmtDims(in))
	}
	return out, nil
}

func product(s []int64) (int64, bool) {
	n := int64(1)
	for _, d := range s {
		if dyn(d) {
			return 0, false
		}
		n *= d
	}
	return n, true
}

func permute(s []int64, perm []int64, name string) ([]int64, error) {
	if len(perm) != len(s) {
		return nil, fmt.Errorf("'%s' must have %d entries (the rank), got %d", name, len(s), len(perm))
	}
	seen := make([]bool, len(s))
	out := make([]int64, len(s))
	for i, p := range perm {
		if p < 0 || int(p) >= len(s) || seen[p] {
			return nil, fmt.Errorf("'%s' %s is not a permutation of [0, %d)", name, fmtInts(perm), len(s))
		}
		seen[p] = true
		out[i] = s[p]
	}
	return out, nil
}

// ShuffleShape is IShuffleLayer's result shape: first_transpose, then the
// reshape, then second_transpose (nil permutations are the identity; nil
// reshape keeps the shape).
func ShuffleShape(in, first, reshape, second []int64, zeroIsPlaceholder bool) ([]int64, error) {
	s := in
	var err error
	if first != nil {
		if s, err = permute(s, first, "first_transpose"); err != nil {
			return nil, err
		}
	}
	if reshape != nil {
		if s, err = ResolveReshape(s, reshape, zeroIsPlaceholder); err != nil {
			return nil, err
		}
	}
	if second != nil {
		if s, err = permute(s, second, "second_transpose"); err != nil {
			return nil, err
		}
	}
	return s, nil
}

func inferShuffle(ctx *ir.Context, ops []*ir.RankedTensorType, a attrs) ([]ir.Type, error) {
	first, _ := a.ints("first_transpose")
	reshape, _ := a.ints("reshape_dims")
	second, _ := a.ints("second_transpose")
	if reshape == nil && a.has("reshape_dims") {
		reshape = []int64{}
	}
	out, err := ShuffleShape(ops[0].Shape, first, reshape, second, a.boolean("zero_is_placeholder", true))
	if err != nil {
		return nil, err
	}
	return tensor(ctx, out, ops[0].Elem), nil
}

// ---- data movement ----

// ConcatDefaultAxis is IConcatenationLayer's default axis: rank-3 (C of
// NCHW), or 0 below rank 3.
func ConcatDefaultAxis(rank int) int64 {
	if rank < 3 {
		return 0
	}
	return int64(rank - 3)
}

func inferConcat(ctx *ir.Context, ops []*ir.RankedTensorType, a attrs) ([]ir.Type, error) {
	if len(ops) == 0 {
		return nil, fmt.Errorf("expects at least one input")
	}
	first := ops[0]
	rank := first.Rank()
	if rank == 0 {
		return nil, fmt.Errorf("expects inputs of rank at least 1")
	}
	axis := a.i64("axis", ConcatDefaultAxis(rank))
	if axis < 0 || axis >= int64(rank) {
		return nil, fmt.Errorf("axis %d is out of range [0, %d)", axis, rank)
	}
	out := append([]int64(nil), first.Shape...)
	for i, t := range ops[1:] {
		if t.Elem != first.Elem {
			return nil, fmt.Errorf("input %d has element type '%s', expected '%s'", i+1, t.Elem, first.Elem)
		}
		if t.Rank() != rank {
			return nil, fmt.Errorf("input %d has rank %d, expected %d", i+1, t.Rank(), rank)
		}
		for d := 0; d < rank; d++ {
			x, y := out[d], t.Shape[d]
			if int64(d) == axis {
				if dyn(x) || dyn(y) {
					out[d] = ir.Dynamic
				} else {
					out[d] = x + y
				}
				continue
			}
			if !dyn(x) && !dyn(y) && x != y {
				return nil, fmt.Errorf("input %d has dimension %d of size %d, expected %d", i+1, d, y, x)
			}
			if dyn(x) {
				out[d] = y
			}
		}
	}
	return tensor(ctx, out, first.Elem), nil
}

func inferSlice(ctx *ir.Context, ops []*ir.RankedTensorType, a attrs) ([]ir.Type, error) {
	in := ops[0]
	r := in.Rank()
	start, _ := a.ints("start")
	size, _ := a.ints("size")
	stride, _ := a.ints("stride")
	for _, x := range []struct {
		name string
		v    []int64
	}{{"start", start}, {"size", size}, {"stride", stride}} {
		if len(x.v) != r {
			return nil, fmt.Errorf("'%s' has %d values, expected %d (the input rank)", x.name, len(x.v), r)
		}
	}
	mode := a.str("mode", "strict_bounds")
	for i := 0; i < r; i++ {
		if size[i] < 0 {
			return nil, fmt.Errorf("'size' values must be non-negative, got %s", fmtInts(size))
		}
		if stride[i] == 0 {
			return nil, fmt.Errorf("'stride' values must be non-zero, got %s", fmtInts(stride))
		}
		d := in.Shape[i]
		if mode != "strict_bounds" || dyn(d) || size[i] == 0 {
			continue
		}
		last := start[i] + (size[i]-1)*stride[i]
		for _, c := range []int64{start[i], last} {
			if c < 0 || c >= d {
				return nil, fmt.Errorf("strict_bounds slice reads coordinate %d on axis %d, outside [0, %d)", c, i, d)
			}
		}
	}
	return tensor(ctx, size, in.Elem), nil
}

func inferReduce(ctx *ir.Context, ops []*ir.RankedTensorType, a attrs) ([]ir.Type, error) {
	in := ops[0]
	axes, err := axesOf(a.i64("axes", 0), in.Rank())
	if err != nil {
		return nil, err
	}
	keep := a.boolean("keep_dimensions", false)
	red := map[int]bool{}
	for _, x := range axes {
		red[x] = true
	}
	var out []int64
	for i, d := range in.Shape {
		switch {
		case !red[i]:
			out = append(out, d)
		case keep:
			out = append(out, 1)
		}
	}
	return tensor(ctx, out, in.Elem), nil
}

// GatherShape is IGatherLayer's result shape for data and indices shapes.
func GatherShape(data, indices []int64, axis int64, mode string, nbElementWise int64) ([]int64, error) {
	r, q := int64(len(data)), int64(len(indices))
	if r < 1 {
		return nil, fmt.Errorf("data must have rank at least 1")
	}
	switch mode {
	case "element":
		if nbElementWise != 0 {
			return nil, fmt.Errorf("num_elementwise_dims must be 0 in \"element\" mode, got %d", nbElementWise)
		}
		if axis < 0 || axis >= r {
			return nil, fmt.Errorf("axis %d is out of range [0, %d)", axis, r)
		}
		if q != r {
			return nil, fmt.Errorf("\"element\" mode requires indices of the data rank %d, got %d", r, q)
		}
		return append([]int64(nil), indices...), nil
	case "nd":
		if nbElementWise < 0 || nbElementWise > 1 {
			return nil, fmt.Errorf("num_elementwise_dims must be 0 or 1, got %d", nbElementWise)
		}
		if q < 1 {
			return nil, fmt.Errorf("\"nd\" mode requires indices of rank at least 1")
		}
		k := indices[q-1]
		if dyn(k) {
			return nil, fmt.Errorf("\"nd\" mode requires a static last indices dimension")
		}
		if k < 1 || k > r-nbElementWise {
			return nil, fmt.Errorf("last indices dimension %d must be in [1, %d]", k, r-nbElementWise)
		}
		out := append([]int64(nil), indices[:q-1]...)
		return append(out, data[nbElementWise+k:]...), nil
	}
	if nbElementWise < 0 || nbElementWise > 1 {
		return nil, fmt.Errorf("num_elementwise_dims must be 0 or 1, got %d", nbElementWise)
	}
	if axis < nbElementWise || axis >= r {
		return nil, fmt.Errorf("axis %d is out of range [%d, %d)", axis, nbElementWise, r)
	}
	if q < nbElementWise {
		return nil, fmt.Errorf("indices must have rank at least %d", nbElementWise)
	}
	var out []int64
	if nbElementWise == 1 {
		d, err := broadcastDim(data[0], indices[0])
		if err != nil {
			return nil, fmt.Errorf("elementwise dimension 0 is not broadcastable: %s", err)
		}
		out = append(out, d)
	}
	out = append(out, data[nbElementWise:axis]...)
	out = append(out, indices[nbElementWise:]...)
	return append(out, data[axis+1:]...), nil
}

func inferGather(ctx *ir.Context, ops []*ir.RankedTensorType, a attrs) ([]ir.Type, error) {
	out, err := GatherShape(ops[0].Shape, ops[1].Shape, a.i64("axis", 0), a.str("mode", "default"), a.i64("num_elementwise_dims", 0))
	if err != nil {
		return nil, err
	}
	return tensor(ctx, out, ops[0].Elem), nil
}

func inferCast(ctx *ir.Context, ops []*ir.RankedTensorType, a attrs) ([]ir.Type, error) {
	to := a.typ("to_type")
	if to == nil {
		return nil, fmt.Errorf("requires attribute 'to_type'")
	}
	if ot := a.typ("output_type"); ot != nil && ot != to {
		return nil, fmt.Errorf("output_type '%s' conflicts with to_type '%s'", ot, to)
	}
	return tensor(ctx, ops[0].Shape, to), nil
}

func inferResize(ctx *ir.Context, ops []*ir.RankedTensorType, a attrs) ([]ir.Type, error) {
	in := ops[0]
	r := in.Rank()
	shape, hasShape := a.ints("shape")
	scales, hasScales := a.floats("scales")
	if hasShape == hasScales {
		return nil, fmt.Errorf("requires exactly one of 'shape' and 'scales'")
	}
	out := make([]int64, r)
	if hasShape {
		if len(shape) != r {
			return nil, fmt.Errorf("'shape' has %d values, expected %d (the input rank)", len(shape), r)
		}
		for i, d := range shape {
			if d < 1 {
				return nil, fmt.Errorf("'shape' values must be positive, got %s", fmtInts(shape))
			}
			out[i] = d
		}
	} else {
		if len(scales) != r {
			return nil, fmt.Errorf("'scales' has %d values, expected %d (the input rank)", len(scales), r)
		}
		for i, s := range scales {
			if !(s > 0) || math.IsInf(s, 0) {
				return nil, fmt.Errorf("'scales' values must be positive and finite, got %g", s)
			}
			if dyn(in.Shape[i]) {
				out[i] = ir.Dynamic
			} else {
				out[i] = int64(math.Floor(float64(in.Shape[i]) * s))
			}
		}
	}
	mode := a.str("resize_mode", "nearest")
	inner := 3
	if mode == "cubic" {
		inner = 2
		if r < 2 {
			return nil, fmt.Errorf("cubic resize expects an input of rank at least 2, got %d", r)
		}
	}
	for i := 0; i < r-inner; i++ {
		if dyn(in.Shape[i]) || in.Shape[i] != out[i] {
			if hasScales && scales[i] == 1 {
				continue
			}
			return nil, fmt.Errorf("%s resize may change only the %d innermost dimensions, but dimension %d changes", mode, inner, i)
		}
	}
	return tensor(ctx, out, in.Elem), nil
}

func inferShape(ctx *ir.Context, ops []*ir.RankedTensorType, a attrs) ([]ir.Type, error) {
	return tensor(ctx, []int64{int64(ops[0].Rank())}, ctx.I(64)), nil
}

func inferTopK(ctx *ir.Context, ops []*ir.RankedTensorType, a attrs) ([]ir.Type, error) {
	in := ops[0]
	axes, err := axesOf(a.i64("axes", 0), in.Rank())
	if err != nil {
		return nil, err
	}
	if len(axes) != 1 {
		return nil, fmt.Errorf("axes bitmask %d must select exactly one axis", a.i64("axes", 0))
	}
	k := a.i64("k", 0)
	if k < 1 {
		return nil, fmt.Errorf("'k' must be positive, got %d", k)
	}
	if d := in.Shape[axes[0]]; !dyn(d) && k > d {
		return nil, fmt.Errorf("k %d exceeds dimension %d of size %d", k, axes[0], d)
	}
	out := append([]int64(nil), in.Shape...)
	out[axes[0]] = k
	return []ir.Type{ctx.TensorType(out, in.Elem, nil), ctx.TensorType(out, ctx.I(32), nil)}, nil
}

func inferPadding(ctx *ir.Context, ops []*ir.RankedTensorType, a attrs) ([]ir.Type, error) {
	in := ops[0]
	pre, _ := a.ints("pre_padding")
	post, _ := a.ints("post_padding")
	if len(pre) != 2 || len(post) != 2 {
		return nil, fmt.Errorf("'pre_padding' and 'post_padding' must have 2 values each (the two innermost dimensions), got %d and %d", len(pre), len(post))
	}
	n := len(pre)
	if in.Rank() < n+1 {
		return nil, fmt.Errorf("padding %d dimensions expects an input of rank at least %d, got %d", n, n+1, in.Rank())
	}
	out := append([]int64(nil), in.Shape...)
	lead := in.Rank() - n
	for i := 0; i < n; i++ {
		d := out[lead+i]
		if dyn(d) {
			continue
		}
		o := d + pre[i] + post[i]
		if o < 1 {
			return nil, fmt.Errorf("padding makes dimension %d non-positive (%d)", lead+i, o)
		}
		out[lead+i] = o
	}
	return tensor(ctx, out, in.Elem), nil
}

func inferConstant(ctx *ir.Context, _ []ir.Type, get ods.AttrGetter) ([]ir.Type, error) {
	ta, ok := get("weights").(ir.TypedAttr)
	if !ok {
		return nil, fmt.Errorf("requires a typed 'weights' attribute")
	}
	return []ir.Type{ta.AttrType()}, nil
}
