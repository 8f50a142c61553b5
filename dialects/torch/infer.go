package torch

import (
	"fmt"
	"slices"

	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/ir"
)

// Result-type inference, one function per shape rule. Each mirrors the
// shape function ATen runs (and its argument checks), so the verifier
// rejects what PyTorch would reject.

func one(t ir.Type) []ir.Type { return []ir.Type{t} }

// ---- constants ----

func inferConstant(_ *ir.Context, _ []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	ta, ok := a("value").(ir.TypedAttr)
	if !ok {
		return nil, fmt.Errorf("requires a typed 'value' attribute")
	}
	if _, ok := ta.AttrType().(*ir.RankedTensorType); !ok {
		return nil, fmt.Errorf("expects 'value' to have a ranked tensor type, got '%s'", ta.AttrType())
	}
	return one(ta.AttrType()), nil
}

// ---- elementwise ----

// inferSame: the result has the operand's type. Formats that leave the
// result type out run inference while parsing, where an error would be a
// syntax error; so this never fails on what the verifier checks, and the
// ops' argument checks run as verifiers (see check).
func inferSame(_ *ir.Context, ts []ir.Type, _ ods.AttrGetter) ([]ir.Type, error) {
	if len(ts) == 0 {
		return nil, fmt.Errorf("missing self operand")
	}
	return one(ts[0]), nil
}

// check turns an inference function into a verifier, for ops whose
// result type is trivially inferred but whose arguments need checking.
func check(f ods.InferFunc) func(op *ir.Operation) error {
	return func(op *ir.Operation) error {
		_, err := f(op.Ctx(), op.OperandTypes(), op.InherentAttr)
		return err
	}
}

// inferBinary: broadcast two tensors of one element type.
func inferBinary(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	x, err := ranked(ts, 0, "self")
	if err != nil {
		return nil, err
	}
	y, err := ranked(ts, 1, "other")
	if err != nil {
		return nil, err
	}
	if err := sameElem([]string{"self", "other"}, x, y); err != nil {
		return nil, err
	}
	s, err := broadcast(x.Shape, y.Shape)
	if err != nil {
		return nil, err
	}
	return one(tensor(ctx, s, x.Elem)), nil
}

// inferAddSub: add.Tensor/sub.Tensor, whose alpha must be integral for
// integer tensors; bool tensors cannot be subtracted.
func inferAddSub(sub bool) ods.InferFunc {
	return func(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
		r, err := inferBinary(ctx, ts, a)
		if err != nil {
			return nil, err
		}
		if err := checkAlpha(ts[0].(*ir.RankedTensorType).Elem, a, sub); err != nil {
			return nil, err
		}
		return r, nil
	}
}

func checkAlpha(elem ir.Type, a ods.AttrGetter, sub bool) error {
	if sub && isBool(elem) {
		return fmt.Errorf("subtraction of bool tensors is not supported; use logical operations instead")
	}
	if isInt(elem) && isFloatNumber(a, "alpha") {
		return fmt.Errorf("for integral input tensors, 'alpha' must not be a floating point number")
	}
	return nil
}

// inferDiv: true division of integer tensors yields float32 (PyTorch's
// default dtype); trunc and floor keep the element type.
func inferDiv(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	r, err := inferBinary(ctx, ts, a)
	if err != nil {
		return nil, err
	}
	mode, err := strAttr(a, "rounding_mode")
	if err != nil {
		return nil, err
	}
	rt := r[0].(*ir.RankedTensorType)
	if mode == "" && isInt(rt.Elem) {
		return one(tensor(ctx, rt.Shape, ctx.F32())), nil
	}
	return r, nil
}

// inferScalar: tensor-scalar arithmetic keeps the tensor's dtype, except
// that an integer tensor with a float scalar (or true division) gives
// float32.
func inferScalar(op string) ods.InferFunc {
	return func(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
		x, err := ranked(ts, 0, "self")
		if err != nil {
			return nil, err
		}
		if _, err := NumAttr(a, "other"); err != nil {
			return nil, err
		}
		if a("other") == nil {
			return nil, fmt.Errorf("requires attribute 'other'")
		}
		if op == "sub" || op == "rsub" {
			if err := checkAlpha(x.Elem, a, true); err != nil {
				return nil, err
			}
		}
		if op == "add" {
			if err := checkAlpha(x.Elem, a, false); err != nil {
				return nil, err
			}
		}
		return one(tensor(ctx, x.Shape, scalarResultElem(ctx, x.Elem, a, "other", op == "div"))), nil
	}
}

// scalarResultElem is PyTorch's result dtype for a tensor combined with a
// Scalar: a Scalar of a higher category (float over integer over bool)
// promotes to that category's default dtype (f32, i64); otherwise the
// tensor's dtype wins. toFloat forces a float result (true division).
func scalarResultElem(ctx *ir.Context, elem ir.Type, a ods.AttrGetter, name string, toFloat bool) ir.Type {
	switch {
	case isFloat(elem):
		return elem
	case toFloat || isFloatNumber(a, name):
		return ctx.F32()
	case isBool(elem):
		if _, ok := a(name).(*ir.IntegerAttr); ok {
			return ctx.I(64)
		}
	}
	return elem
}

// inferPowScalar: integer tensors need a non-negative integral exponent.
func inferPowScalar(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	x, err := ranked(ts, 0, "self")
	if err != nil {
		return nil, err
	}
	e, err := NumAttr(a, "exponent")
	if err != nil {
		return nil, err
	}
	if isInt(x.Elem) && !isFloatNumber(a, "exponent") && e < 0 {
		return nil, fmt.Errorf("integers to negative integer powers are not allowed")
	}
	return one(tensor(ctx, x.Shape, scalarResultElem(ctx, x.Elem, a, "exponent", false))), nil
}

// inferWhere: condition, self and other broadcast together.
func inferWhere(ctx *ir.Context, ts []ir.Type, _ ods.AttrGetter) ([]ir.Type, error) {
	c, err := ranked(ts, 0, "condition")
	if err != nil {
		return nil, err
	}
	x, err := ranked(ts, 1, "self")
	if err != nil {
		return nil, err
	}
	y, err := ranked(ts, 2, "other")
	if err != nil {
		return nil, err
	}
	if err := sameElem([]string{"self", "other"}, x, y); err != nil {
		return nil, err
	}
	s, err := broadcast(c.Shape, x.Shape)
	if err == nil {
		s, err = broadcast(s, y.Shape)
	}
	if err != nil {
		return nil, err
	}
	return one(tensor(ctx, s, x.Elem)), nil
}

// inferMaskedFill: self and mask broadcast; the value must fit the dtype.
func inferMaskedFill(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	x, err := ranked(ts, 0, "self")
	if err != nil {
		return nil, err
	}
	m, err := ranked(ts, 1, "mask")
	if err != nil {
		return nil, err
	}
	if _, err := NumAttr(a, "value"); err != nil {
		return nil, err
	}
	if isInt(x.Elem) && isFloatNumber(a, "value") {
		return nil, fmt.Errorf("cannot fill an integer tensor with the float value %s", a("value"))
	}
	s, err := broadcast(x.Shape, m.Shape)
	if err != nil {
		return nil, err
	}
	return one(tensor(ctx, s, x.Elem)), nil
}

// inferClamp: at least one bound; integer tensors take integral bounds.
func inferClamp(_ *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	x, err := ranked(ts, 0, "self")
	if err != nil {
		return nil, err
	}
	if a("min") == nil && a("max") == nil {
		return nil, fmt.Errorf("at least one of 'min' or 'max' must be set")
	}
	for _, n := range []string{"min", "max"} {
		if _, err := NumAttr(a, n); err != nil {
			return nil, err
		}
		if isInt(x.Elem) && isFloatNumber(a, n) {
			return nil, fmt.Errorf("expects an integral '%s' for an integer tensor", n)
		}
	}
	return one(x), nil
}

// inferHardtanh: min_val must not exceed max_val.
func inferHardtanh(_ *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	if _, err := ranked(ts, 0, "self"); err != nil {
		return nil, err
	}
	lo, err := NumAttr(a, "min_val")
	if err != nil {
		return nil, err
	}
	hi, err := NumAttr(a, "max_val")
	if err != nil {
		return nil, err
	}
	if lo > hi {
		return nil, fmt.Errorf("expects min_val (%g) to be less than or equal to max_val (%g)", lo, hi)
	}
	return one(ts[0]), nil
}

// inferToDtype: same shape, the requested element type.
func inferToDtype(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	x, err := ranked(ts, 0, "self")
	if err != nil {
		return nil, err
	}
	dt, err := dtypeOf(a, "dtype")
	if err != nil {
		return nil, err
	}
	if dt == nil {
		return nil, fmt.Errorf("requires attribute 'dtype'")
	}
	return one(tensor(ctx, x.Shape, dt)), nil
}

// inferDropout: p in [0, 1]; only the inference form (train = false).
func inferDropout(_ *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	if _, err := ranked(ts, 0, "input"); err != nil {
		return nil, err
	}
	p, err := NumAttr(a, "p")
	if err != nil {
		return nil, err
	}
	if p < 0 || p > 1 {
		return nil, fmt.Errorf("dropout probability has to be between 0 and 1, but got %g", p)
	}
	train, err := boolAttr(a, "train")
	if err != nil {
		return nil, err
	}
	if train {
		return nil, fmt.Errorf("supports only inference (train = false)")
	}
	return one(ts[0]), nil
}

// ---- softmax ----

func inferSoftmax(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	x, err := ranked(ts, 0, "self")
	if err != nil {
		return nil, err
	}
	d, err := reqIntAttr(a, "dim")
	if err != nil {
		return nil, err
	}
	if _, err := wrapDim(d, x.Rank()); err != nil {
		return nil, err
	}
	dt, err := dtypeOf(a, "dtype")
	if err != nil {
		return nil, err
	}
	if dt == nil {
		if !isFloat(x.Elem) {
			return nil, fmt.Errorf("expects a floating-point input or a floating-point 'dtype', got %s", x.Elem)
		}
		return one(x), nil
	}
	if !isFloat(dt) {
		return nil, fmt.Errorf("expects a floating-point dtype, got %s", dt)
	}
	return one(tensor(ctx, x.Shape, dt)), nil
}

// ---- linear algebra ----

func contractMismatch(k1, k2 int64) bool { return k1 != dyn && k2 != dyn && k1 != k2 }

// inferMatmul follows torch.matmul: 1-D operands are promoted (a 1 is
// prepended to the first, appended to the second) and removed again,
// batch dims broadcast.
func inferMatmul(ctx *ir.Context, ts []ir.Type, _ ods.AttrGetter) ([]ir.Type, error) {
	x, err := ranked(ts, 0, "self")
	if err != nil {
		return nil, err
	}
	y, err := ranked(ts, 1, "other")
	if err != nil {
		return nil, err
	}
	if err := sameElem([]string{"self", "other"}, x, y); err != nil {
		return nil, err
	}
	shape, err := MatmulShape(x.Shape, y.Shape)
	if err != nil {
		return nil, err
	}
	return one(tensor(ctx, shape, x.Elem)), nil
}

// MatmulShape is torch.matmul's result shape.
func MatmulShape(a, b []int64) ([]int64, error) {
	ra, rb := len(a), len(b)
	if ra == 0 || rb == 0 {
		return nil, fmt.Errorf("both arguments to matmul need to be at least 1-D, but they are %d-D and %d-D", ra, rb)
	}
	// Promote 1-D operands to matrices.
	am, bm := a, b
	if ra == 1 {
		am = []int64{1, a[0]}
	}
	if rb == 1 {
		bm = []int64{b[0], 1}
	}
	k1, k2 := am[len(am)-1], bm[len(bm)-2]
	if contractMismatch(k1, k2) {
		return nil, fmt.Errorf("size mismatch: contraction dimension of self (%d) does not match that of other (%d), shapes %s and %s", k1, k2, shapeStr(a), shapeStr(b))
	}
	batch, err := broadcast(am[:len(am)-2], bm[:len(bm)-2])
	if err != nil {
		return nil, fmt.Errorf("batch dimensions do not broadcast: %v", err)
	}
	out := batch
	if ra > 1 {
		out = append(out, am[len(am)-2])
	}
	if rb > 1 {
		out = append(out, bm[len(bm)-1])
	}
	return out, nil
}

// inferMm: 2-D × 2-D.
func inferMm(ctx *ir.Context, ts []ir.Type, _ ods.AttrGetter) ([]ir.Type, error) {
	x, err := ranked(ts, 0, "self")
	if err != nil {
		return nil, err
	}
	y, err := ranked(ts, 1, "mat2")
	if err != nil {
		return nil, err
	}
	if err := sameElem([]string{"self", "mat2"}, x, y); err != nil {
		return nil, err
	}
	if x.Rank() != 2 || y.Rank() != 2 {
		return nil, fmt.Errorf("expects 2-D self and mat2, got %d-D and %d-D", x.Rank(), y.Rank())
	}
	if contractMismatch(x.Shape[1], y.Shape[0]) {
		return nil, fmt.Errorf("self and mat2 shapes cannot be multiplied (%s and %s)", shapeStr(x.Shape), shapeStr(y.Shape))
	}
	return one(tensor(ctx, []int64{x.Shape[0], y.Shape[1]}, x.Elem)), nil
}

// inferBmm: [b, n, m] × [b, m, p], no broadcasting.
func inferBmm(ctx *ir.Context, ts []ir.Type, _ ods.AttrGetter) ([]ir.Type, error) {
	x, err := ranked(ts, 0, "self")
	if err != nil {
		return nil, err
	}
	y, err := ranked(ts, 1, "mat2")
	if err != nil {
		return nil, err
	}
	if err := sameElem([]string{"self", "mat2"}, x, y); err != nil {
		return nil, err
	}
	if x.Rank() != 3 || y.Rank() != 3 {
		return nil, fmt.Errorf("expects 3-D self and mat2, got %d-D and %d-D", x.Rank(), y.Rank())
	}
	if contractMismatch(x.Shape[0], y.Shape[0]) {
		return nil, fmt.Errorf("expects equal batch sizes, got %d and %d", x.Shape[0], y.Shape[0])
	}
	if contractMismatch(x.Shape[2], y.Shape[1]) {
		return nil, fmt.Errorf("self and mat2 shapes cannot be multiplied (%s and %s)", shapeStr(x.Shape), shapeStr(y.Shape))
	}
	b := x.Shape[0]
	if b == dyn {
		b = y.Shape[0]
	}
	return one(tensor(ctx, []int64{b, x.Shape[1], y.Shape[2]}, x.Elem)), nil
}

// inferAddmm: beta·self + alpha·(mat1 @ mat2), self broadcast to the
// product's shape.
func inferAddmm(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	s, err := ranked(ts, 0, "self")
	if err != nil {
		return nil, err
	}
	r, err := inferMm(ctx, ts[1:], a)
	if err != nil {
		return nil, err
	}
	out := r[0].(*ir.RankedTensorType)
	if err := sameElem([]string{"self", "mat1"}, s, out); err != nil {
		return nil, err
	}
	if !broadcastsTo(s.Shape, out.Shape) {
		return nil, fmt.Errorf("expects self of shape %s to broadcast to the product's shape %s", shapeStr(s.Shape), shapeStr(out.Shape))
	}
	for _, n := range []string{"alpha", "beta"} {
		if isInt(s.Elem) && isFloatNumber(a, n) {
			return nil, fmt.Errorf("for integral input tensors, '%s' must not be a floating point number", n)
		}
	}
	return r, nil
}

// inferLinear: y = x·Wᵀ + b, input [*, in], weight [out, in].
func inferLinear(ctx *ir.Context, ts []ir.Type, _ ods.AttrGetter) ([]ir.Type, error) {
	x, err := ranked(ts, 0, "input")
	if err != nil {
		return nil, err
	}
	w, err := ranked(ts, 1, "weight")
	if err != nil {
		return nil, err
	}
	if err := sameElem([]string{"input", "weight"}, x, w); err != nil {
		return nil, err
	}
	if x.Rank() < 1 {
		return nil, fmt.Errorf("expects input of rank at least 1, got 0-D")
	}
	if w.Rank() != 2 {
		return nil, fmt.Errorf("expects 2-D weight [out_features, in_features], got %d-D", w.Rank())
	}
	in := x.Shape[x.Rank()-1]
	if contractMismatch(in, w.Shape[1]) {
		return nil, fmt.Errorf("expects input's last dimension (%d) to equal weight's in_features (%d)", in, w.Shape[1])
	}
	outF := w.Shape[0]
	if len(ts) > 2 {
		b, err := ranked(ts, 2, "bias")
		if err != nil {
			return nil, err
		}
		if err := sameElem([]string{"input", "bias"}, x, b); err != nil {
			return nil, err
		}
		if b.Rank() > 1 || (b.Rank() == 1 && b.Shape[0] != 1 && contractMismatch(b.Shape[0], outF)) {
			return nil, fmt.Errorf("expects bias of shape [%d] (or broadcastable to it), got %s", outF, shapeStr(b.Shape))
		}
	}
	shape := append(append([]int64{}, x.Shape[:x.Rank()-1]...), outF)
	return one(tensor(ctx, shape, x.Elem)), nil
}

// ---- convolution and pooling ----

// spatialInput checks a 3-D (unbatched C, H, W) or 4-D (N, C, H, W) input.

// spatialInputNd checks an unbatched [C, spatial…] or batched
// [N, C, spatial…] input with sp spatial dims.
func spatialInputNd(x *ir.RankedTensorType, sp int) error {
	if x.Rank() != sp+1 && x.Rank() != sp+2 {
		return fmt.Errorf("expects %d-D (unbatched) or %d-D (batched) input, got %d-D", sp+1, sp+2, x.Rank())
	}
	return nil
}

// ConvOutSize is the output length of a convolution along one dim.
func ConvOutSize(in, k, stride, pad, dil int64) int64 {
	if in == dyn || k == dyn {
		return dyn
	}
	return floorDiv(in+2*pad-dil*(k-1)-1, stride) + 1
}

// inferConvNd serves conv2d and conv3d (sp spatial dims).
func inferConvNd(sp int) ods.InferFunc {
	return func(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
		x, err := ranked(ts, 0, "input")
		if err != nil {
			return nil, err
		}
		w, err := ranked(ts, 1, "weight")
		if err != nil {
			return nil, err
		}
		if err := sameElem([]string{"input", "weight"}, x, w); err != nil {
			return nil, err
		}
		if err := spatialInputNd(x, sp); err != nil {
			return nil, err
		}
		if w.Rank() != sp+2 {
			kernel := "kernel…"
			if sp == 2 {
				kernel = "kH, kW"
			}
			return nil, fmt.Errorf("expects %d-D weight [out_channels, in_channels/groups, %s], got %d-D", sp+2, kernel, w.Rank())
		}
		stride, err := tuple(a, "stride", sp)
		if err != nil {
			return nil, err
		}
		pad, err := tuple(a, "padding", sp)
		if err != nil {
			return nil, err
		}
		dil, err := tuple(a, "dilation", sp)
		if err != nil {
			return nil, err
		}
		groups, err := intAttr(a, "groups")
		if err != nil {
			return nil, err
		}
		for i := range sp {
			if stride[i] <= 0 {
				return nil, fmt.Errorf("expects positive stride, got %s", intsStr(stride))
			}
			if pad[i] < 0 {
				return nil, fmt.Errorf("expects non-negative padding, got %s", intsStr(pad))
			}
			if dil[i] <= 0 {
				return nil, fmt.Errorf("expects positive dilation, got %s", intsStr(dil))
			}
		}
		if groups <= 0 {
			return nil, fmt.Errorf("expects positive groups, got %d", groups)
		}
		first := x.Rank() - sp // first spatial dim
		cout := w.Shape[0]
		if err := checkConvChannels(ts, x, w, x.Shape[first-1], groups); err != nil {
			return nil, err
		}
		out := append([]int64{}, x.Shape[:first-1]...)
		out = append(out, cout)
		for i := range sp {
			in, k := x.Shape[first+i], w.Shape[2+i]
			if in != dyn && k != dyn && in+2*pad[i] < dil[i]*(k-1)+1 {
				return nil, fmt.Errorf("padded input size (%d) is smaller than the dilated kernel size (%d) in spatial dim %d", in+2*pad[i], dil[i]*(k-1)+1, i)
			}
			out = append(out, ConvOutSize(in, k, stride[i], pad[i], dil[i]))
		}
		return one(tensor(ctx, out, x.Elem)), nil
	}
}

// PoolOutSize is ATen's pooling output length, ceil_mode included: in
// ceil mode the last window must start inside the input or left padding.
func PoolOutSize(in, k, stride, pad, dil int64, ceil bool) int64 {
	if in == dyn {
		return dyn
	}
	extra := int64(0)
	if ceil {
		extra = stride - 1
	}
	out := floorDiv(in+2*pad-dil*(k-1)-1+extra, stride) + 1
	if ceil && (out-1)*stride >= in+pad {
		out--
	}
	return out
}

// inferPoolNd serves the max (with dilation) and average pools of sp
// spatial dims.
func inferPoolNd(sp int, withDilation bool) ods.InferFunc {
	return func(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
		x, err := ranked(ts, 0, "self")
		if err != nil {
			return nil, err
		}
		if err := spatialInputNd(x, sp); err != nil {
			return nil, err
		}
		k, err := tuple(a, "kernel_size", sp)
		if err != nil {
			return nil, err
		}
		stride, err := intsAttr(a, "stride")
		if err != nil {
			return nil, err
		}
		if len(stride) == 0 {
			stride = k
		} else if stride, err = tuple(a, "stride", sp); err != nil {
			return nil, err
		}
		pad, err := tuple(a, "padding", sp)
		if err != nil {
			return nil, err
		}
		dil := slices.Repeat([]int64{1}, sp)
		if withDilation {
			if dil, err = tuple(a, "dilation", sp); err != nil {
				return nil, err
			}
		}
		ceil, err := boolAttr(a, "ceil_mode")
		if err != nil {
			return nil, err
		}
		notPositive := func(v int64) bool { return v <= 0 }
		if slices.ContainsFunc(k, notPositive) {
			return nil, fmt.Errorf("kernel size should be greater than zero, but got %s", intsStr(k))
		}
		if slices.ContainsFunc(stride, notPositive) {
			return nil, fmt.Errorf("stride should be greater than zero, but got %s", intsStr(stride))
		}
		if slices.ContainsFunc(dil, notPositive) {
			return nil, fmt.Errorf("dilation should be greater than zero, but got %s", intsStr(dil))
		}
		for i := range sp {
			if pad[i] < 0 || pad[i] > k[i]/2 {
				return nil, fmt.Errorf("pad should be non-negative and at most half of kernel size, but got padding %s and kernel_size %s", intsStr(pad), intsStr(k))
			}
		}
		if v, ok, err := optIntAttr(a, "divisor_override"); err != nil {
			return nil, err
		} else if ok && v == 0 {
			return nil, fmt.Errorf("divisor_override must not be zero")
		}
		first := x.Rank() - sp
		out := append([]int64{}, x.Shape[:first]...)
		for i := range sp {
			in := x.Shape[first+i]
			o := PoolOutSize(in, k[i], stride[i], pad[i], dil[i], ceil)
			if in != dyn && o < 1 {
				return nil, fmt.Errorf("given input size %s, calculated output size %d in spatial dim %d is too small", shapeStr(x.Shape), o, i)
			}
			out = append(out, o)
		}
		return one(tensor(ctx, out, x.Elem)), nil
	}
}

func inferAdaptivePool(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	x, err := ranked(ts, 0, "self")
	if err != nil {
		return nil, err
	}
	if err := spatialInputNd(x, 2); err != nil {
		return nil, err
	}
	os, err := intsAttr(a, "output_size")
	if err != nil {
		return nil, err
	}
	if len(os) != 2 {
		return nil, fmt.Errorf("expects output_size to have 2 elements, got %d", len(os))
	}
	if os[0] < 0 || os[1] < 0 {
		return nil, fmt.Errorf("expects non-negative output_size, got %s", intsStr(os))
	}
	for i := 1; i < x.Rank(); i++ {
		if x.Shape[i] == 0 {
			return nil, fmt.Errorf("expects non-batch dimensions of non-zero size, got input %s", shapeStr(x.Shape))
		}
	}
	out := append(append([]int64{}, x.Shape[:x.Rank()-2]...), os...)
	return one(tensor(ctx, out, x.Elem)), nil
}

// ---- normalization ----

// affine checks the optional weight/bias group of the norm ops: none,
// [weight] or [weight, bias], each of the given shape.
func affine(ts []ir.Type, x *ir.RankedTensorType, shape []int64, what string) error {
	if len(ts) > 2 {
		return fmt.Errorf("expects at most 2 affine operands (weight, bias), got %d", len(ts))
	}
	for i, t := range ts {
		name := []string{"weight", "bias"}[i]
		p, ok := t.(*ir.RankedTensorType)
		if !ok {
			return fmt.Errorf("expects %s to be a ranked tensor", name)
		}
		if !isFloat(p.Elem) {
			return fmt.Errorf("expects %s to have a floating-point element type, got %s", name, p.Elem)
		}
		if !shapeCompatible(p.Shape, shape) {
			return fmt.Errorf("expects %s of shape %s (%s), got %s", name, shapeStr(shape), what, shapeStr(p.Shape))
		}
	}
	return nil
}

func shapeCompatible(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if contractMismatch(a[i], b[i]) {
			return false
		}
	}
	return true
}

func inferLayerNorm(_ *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	x, err := ranked(ts, 0, "input")
	if err != nil {
		return nil, err
	}
	ns, err := intsAttr(a, "normalized_shape")
	if err != nil {
		return nil, err
	}
	if len(ns) == 0 {
		return nil, fmt.Errorf("expects normalized_shape to have at least one element")
	}
	for _, d := range ns {
		if d < 0 {
			return nil, fmt.Errorf("expects non-negative normalized_shape, got %s", intsStr(ns))
		}
	}
	if x.Rank() < len(ns) || !shapeCompatible(x.Shape[x.Rank()-len(ns):], ns) {
		return nil, fmt.Errorf("given normalized_shape=%s, expects input with shape [*, %s], but got input of shape %s", intsStr(ns), intsStr(ns)[1:len(intsStr(ns))-1], shapeStr(x.Shape))
	}
	if err := affine(ts[1:], x, ns, "normalized_shape"); err != nil {
		return nil, err
	}
	return one(x), nil
}

func inferBatchNorm(_ *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	x, err := ranked(ts, 0, "input")
	if err != nil {
		return nil, err
	}
	if x.Rank() < 2 {
		return nil, fmt.Errorf("expects input of rank at least 2 [N, C, *], got %d-D", x.Rank())
	}
	c := []int64{x.Shape[1]}
	for i, n := range []string{"running_mean", "running_var"} {
		s, err := ranked(ts, 1+i, n)
		if err != nil {
			return nil, err
		}
		if !shapeCompatible(s.Shape, c) {
			return nil, fmt.Errorf("expects %s of shape %s (the input's channels), got %s", n, shapeStr(c), shapeStr(s.Shape))
		}
	}
	if err := affine(ts[3:], x, c, "the input's channels"); err != nil {
		return nil, err
	}
	return one(x), nil
}

// ---- shape manipulation ----

// FlattenShape is flatten.using_ints's result shape.
func FlattenShape(s []int64, start, end int64) ([]int64, error) {
	if len(s) == 0 {
		if _, err := wrapDim(start, 0); err != nil {
			return nil, err
		}
		if _, err := wrapDim(end, 0); err != nil {
			return nil, err
		}
		return []int64{1}, nil
	}
	b, err := wrapDim(start, len(s))
	if err != nil {
		return nil, err
	}
	e, err := wrapDim(end, len(s))
	if err != nil {
		return nil, err
	}
	if b > e {
		return nil, fmt.Errorf("start_dim (%d) cannot come after end_dim (%d)", b, e)
	}
	out := append([]int64{}, s[:b]...)
	out = append(out, numel(s[b:e+1]))
	return append(out, s[e+1:]...), nil
}

func inferFlatten(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	x, err := ranked(ts, 0, "self")
	if err != nil {
		return nil, err
	}
	start, err := intAttr(a, "start_dim")
	if err != nil {
		return nil, err
	}
	end, err := intAttr(a, "end_dim")
	if err != nil {
		return nil, err
	}
	s, err := FlattenShape(x.Shape, start, end)
	if err != nil {
		return nil, err
	}
	return one(tensor(ctx, s, x.Elem)), nil
}

// ViewShape resolves a reshape/view target: one -1 is inferred from the
// element count.
func ViewShape(in, shape []int64) ([]int64, error) {
	infer := -1
	known := int64(1)
	for i, d := range shape {
		switch {
		case d == -1:
			if infer >= 0 {
				return nil, fmt.Errorf("only one dimension can be inferred (-1), got %s", intsStr(shape))
			}
			infer = i
		case d < 0:
			return nil, fmt.Errorf("invalid shape dimension %d", d)
		default:
			known *= d
		}
	}
	out := append([]int64{}, shape...)
	n := numel(in)
	if n < 0 {
		if infer >= 0 {
			out[infer] = dyn
		}
		return out, nil
	}
	if infer >= 0 {
		if known == 0 {
			return nil, fmt.Errorf("cannot reshape a tensor of %d elements into shape %s because the unspecified dimension -1 can be any value and is ambiguous", n, intsStr(shape))
		}
		if n%known != 0 {
			return nil, fmt.Errorf("shape %s is invalid for input of size %d", intsStr(shape), n)
		}
		out[infer] = n / known
		return out, nil
	}
	if known != n {
		return nil, fmt.Errorf("shape %s is invalid for input of size %d", intsStr(shape), n)
	}
	return out, nil
}

func inferView(attr string) ods.InferFunc {
	return func(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
		x, err := ranked(ts, 0, "self")
		if err != nil {
			return nil, err
		}
		shape, err := intsAttr(a, attr)
		if err != nil {
			return nil, err
		}
		if a(attr) == nil { // an empty shape is a 0-D result
			return nil, fmt.Errorf("requires attribute '%s'", attr)
		}
		s, err := ViewShape(x.Shape, shape)
		if err != nil {
			return nil, err
		}
		return one(tensor(ctx, s, x.Elem)), nil
	}
}

func inferPermute(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	x, err := ranked(ts, 0, "self")
	if err != nil {
		return nil, err
	}
	dims, err := intsAttr(a, "dims")
	if err != nil {
		return nil, err
	}
	if len(dims) != x.Rank() {
		return nil, fmt.Errorf("expects dims to have one entry per input dimension (%d), got %d", x.Rank(), len(dims))
	}
	w, err := wrapDims(dims, x.Rank())
	if err != nil {
		return nil, err
	}
	out := make([]int64, len(w))
	for i, d := range w {
		out[i] = x.Shape[d]
	}
	return one(tensor(ctx, out, x.Elem)), nil
}

func inferTranspose(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	x, err := ranked(ts, 0, "self")
	if err != nil {
		return nil, err
	}
	d0, err := intAttr(a, "dim0")
	if err != nil {
		return nil, err
	}
	d1, err := intAttr(a, "dim1")
	if err != nil {
		return nil, err
	}
	w0, err := wrapDim(d0, x.Rank())
	if err != nil {
		return nil, err
	}
	w1, err := wrapDim(d1, x.Rank())
	if err != nil {
		return nil, err
	}
	out := append([]int64{}, x.Shape...)
	if x.Rank() > 0 {
		out[w0], out[w1] = out[w1], out[w0]
	}
	return one(tensor(ctx, out, x.Elem)), nil
}

func inferCat(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	if len(ts) == 0 {
		return nil, fmt.Errorf("expects a non-empty list of tensors")
	}
	first, err := ranked(ts, 0, "tensors")
	if err != nil {
		return nil, err
	}
	d, err := intAttr(a, "dim")
	if err != nil {
		return nil, err
	}
	if first.Rank() == 0 {
		return nil, fmt.Errorf("zero-dimensional tensor (at position 0) cannot be concatenated")
	}
	dim, err := wrapDim(d, first.Rank())
	if err != nil {
		return nil, err
	}
	out := append([]int64{}, first.Shape...)
	for i := 1; i < len(ts); i++ {
		t, err := ranked(ts, i, "tensors")
		if err != nil {
			return nil, err
		}
		if t.Elem != first.Elem {
			return nil, fmt.Errorf("expects all tensors to have the same element type, got %s and %s (tensor number %d)", first.Elem, t.Elem, i)
		}
		if t.Rank() != first.Rank() {
			return nil, fmt.Errorf("tensors must have the same number of dimensions: got %d and %d (tensor number %d)", first.Rank(), t.Rank(), i)
		}
		for k := range out {
			if k == dim {
				if out[k] == dyn || t.Shape[k] == dyn {
					out[k] = dyn
				} else {
					out[k] += t.Shape[k]
				}
				continue
			}
			if contractMismatch(out[k], t.Shape[k]) {
				return nil, fmt.Errorf("sizes of tensors must match except in dimension %d: expected size %d but got size %d for tensor number %d", dim, out[k], t.Shape[k], i)
			}
			if out[k] == dyn {
				out[k] = t.Shape[k]
			}
		}
	}
	return one(tensor(ctx, out, first.Elem)), nil
}

// SliceLen is the length of self[start:end:step] along a dim of size n
// with PyTorch's clamping: negative indices count from the end, and both
// ends clamp into [0, n] (end never before start).
func SliceLen(n int64, start, end *int64, step int64) int64 {
	if n == dyn {
		return dyn
	}
	s, e := int64(0), n
	if start != nil {
		s = *start
	}
	if end != nil {
		e = *end
	}
	if s < 0 {
		s += n
	}
	if e < 0 {
		e += n
	}
	if s < 0 {
		s = 0
	} else if s > n {
		s = n
	}
	if e < s {
		e = s
	} else if e > n {
		e = n
	}
	if e == s {
		return 0
	}
	return (e-s-1)/step + 1 // not (e-s+step-1)/step, which overflows for huge steps
}

func inferSlice(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	x, err := ranked(ts, 0, "self")
	if err != nil {
		return nil, err
	}
	if x.Rank() == 0 {
		return nil, fmt.Errorf("cannot be applied to a 0-dim tensor")
	}
	d, err := intAttr(a, "dim")
	if err != nil {
		return nil, err
	}
	dim, err := wrapDim(d, x.Rank())
	if err != nil {
		return nil, err
	}
	var start, end *int64
	if v, ok, err := optIntAttr(a, "start"); err != nil {
		return nil, err
	} else if ok {
		start = &v
	}
	if v, ok, err := optIntAttr(a, "end"); err != nil {
		return nil, err
	} else if ok {
		end = &v
	}
	step, err := intAttr(a, "step")
	if err != nil {
		return nil, err
	}
	if step <= 0 {
		return nil, fmt.Errorf("slice step must be positive, got %d", step)
	}
	out := append([]int64{}, x.Shape...)
	out[dim] = SliceLen(x.Shape[dim], start, end, step)
	return one(tensor(ctx, out, x.Elem)), nil
}

func inferSelect(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	x, err := ranked(ts, 0, "self")
	if err != nil {
		return nil, err
	}
	if x.Rank() == 0 {
		return nil, fmt.Errorf("cannot be applied to a 0-dim tensor")
	}
	d, err := intAttr(a, "dim")
	if err != nil {
		return nil, err
	}
	dim, err := wrapDim(d, x.Rank())
	if err != nil {
		return nil, err
	}
	idx, err := intAttr(a, "index")
	if err != nil {
		return nil, err
	}
	if n := x.Shape[dim]; n != dyn && (idx < -n || idx >= n) {
		return nil, fmt.Errorf("index %d out of range for tensor of size %s at dimension %d", idx, shapeStr(x.Shape), dim)
	}
	out := append(append([]int64{}, x.Shape[:dim]...), x.Shape[dim+1:]...)
	return one(tensor(ctx, out, x.Elem)), nil
}

func inferSqueezeDim(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	x, err := ranked(ts, 0, "self")
	if err != nil {
		return nil, err
	}
	d, err := intAttr(a, "dim")
	if err != nil {
		return nil, err
	}
	dim, err := wrapDim(d, x.Rank())
	if err != nil {
		return nil, err
	}
	if x.Rank() == 0 {
		return one(x), nil
	}
	switch x.Shape[dim] {
	case 1:
		out := append(append([]int64{}, x.Shape[:dim]...), x.Shape[dim+1:]...)
		return one(tensor(ctx, out, x.Elem)), nil
	case dyn:
		return nil, fmt.Errorf("cannot decide whether dynamic dimension %d has size 1", dim)
	}
	return one(x), nil
}

func inferSqueeze(ctx *ir.Context, ts []ir.Type, _ ods.AttrGetter) ([]ir.Type, error) {
	x, err := ranked(ts, 0, "self")
	if err != nil {
		return nil, err
	}
	out := []int64{}
	for i, d := range x.Shape {
		switch d {
		case 1:
			continue
		case dyn:
			return nil, fmt.Errorf("cannot decide whether dynamic dimension %d has size 1", i)
		}
		out = append(out, d)
	}
	return one(tensor(ctx, out, x.Elem)), nil
}

func inferUnsqueeze(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	x, err := ranked(ts, 0, "self")
	if err != nil {
		return nil, err
	}
	d, err := intAttr(a, "dim")
	if err != nil {
		return nil, err
	}
	// The new dim may be placed at any of rank+1 positions.
	r := int64(x.Rank()) + 1
	if d < -r || d >= r {
		return nil, fmt.Errorf("dimension out of range (expected to be in range of [%d, %d], but got %d)", -r, r-1, d)
	}
	if d < 0 {
		d += r
	}
	out := append(append(append([]int64{}, x.Shape[:d]...), 1), x.Shape[d:]...)
	return one(tensor(ctx, out, x.Elem)), nil
}

// ExpandShape is expand's result: sizes align from the right, -1 keeps a
// dim, existing dims of size 1 stretch, new leading dims may be added.
func ExpandShape(in, size []int64) ([]int64, error) {
	if len(size) < len(in) {
		return nil, fmt.Errorf("the number of sizes provided (%d) must be greater or equal to the number of dimensions in the tensor (%d)", len(size), len(in))
	}
	lead := len(size) - len(in)
	out := make([]int64, len(size))
	for i, s := range size {
		if s < -1 {
			return nil, fmt.Errorf("invalid size %d in expand", s)
		}
		if i < lead {
			if s == -1 {
				return nil, fmt.Errorf("the expanded size of the tensor (-1) isn't allowed in a leading, non-existing dimension %d", i)
			}
			out[i] = s
			continue
		}
		cur := in[i-lead]
		switch {
		case s == -1:
			out[i] = cur
		case cur == 1 || cur == dyn || cur == s:
			out[i] = s
		default:
			return nil, fmt.Errorf("the expanded size of the tensor (%d) must match the existing size (%d) at non-singleton dimension %d; target sizes %s, tensor sizes %s", s, cur, i, intsStr(size), shapeStr(in))
		}
	}
	return out, nil
}

func inferExpand(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	x, err := ranked(ts, 0, "self")
	if err != nil {
		return nil, err
	}
	size, err := intsAttr(a, "size")
	if err != nil {
		return nil, err
	}
	s, err := ExpandShape(x.Shape, size)
	if err != nil {
		return nil, err
	}
	return one(tensor(ctx, s, x.Elem)), nil
}

// PadShape is constant_pad_nd's result: pad pairs apply from the last
// dim backwards; negative pads crop.
func PadShape(in, pad []int64) ([]int64, error) {
	if len(pad)%2 != 0 {
		return nil, fmt.Errorf("length of pad must be even, got %d", len(pad))
	}
	if len(pad)/2 > len(in) {
		return nil, fmt.Errorf("length of pad (%d) must be at most twice the number of input dimensions (%d)", len(pad), len(in))
	}
	out := append([]int64{}, in...)
	for i := 0; i < len(pad)/2; i++ {
		d := len(in) - 1 - i
		if out[d] == dyn {
			continue
		}
		n, ok1 := addInt64(out[d], pad[2*i])
		n, ok2 := addInt64(n, pad[2*i+1])
		if !ok1 || !ok2 {
			return nil, fmt.Errorf("padding %d and %d of dimension %d (size %d) overflows", pad[2*i], pad[2*i+1], d, out[d])
		}
		if n < 0 {
			return nil, fmt.Errorf("padding %d and %d of dimension %d (size %d) gives a negative output size", pad[2*i], pad[2*i+1], d, out[d])
		}
		out[d] = n
	}
	return out, nil
}

// addInt64 is x+y and whether it did not overflow.
func addInt64(x, y int64) (int64, bool) {
	s := x + y
	return s, (s > x) == (y > 0)
}

func inferPad(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	x, err := ranked(ts, 0, "self")
	if err != nil {
		return nil, err
	}
	pad, err := intsAttr(a, "pad")
	if err != nil {
		return nil, err
	}
	if _, err := NumAttr(a, "value"); err != nil {
		return nil, err
	}
	if isInt(x.Elem) && isFloatNumber(a, "value") {
		return nil, fmt.Errorf("cannot pad an integer tensor with the float value %s", a("value"))
	}
	s, err := PadShape(x.Shape, pad)
	if err != nil {
		return nil, err
	}
	return one(tensor(ctx, s, x.Elem)), nil
}

// ---- reductions ----

// ReduceShape drops (or, with keepdim, sets to 1) the reduced dims; an
// absent or empty dim list reduces every dim.
func ReduceShape(in []int64, dims []int64, keepdim bool) ([]int64, error) {
	red := map[int]bool{}
	if len(dims) == 0 {
		for i := range in {
			red[i] = true
		}
	} else {
		w, err := wrapDims(dims, len(in))
		if err != nil {
			return nil, err
		}
		for _, d := range w {
			red[d] = true
		}
	}
	out := []int64{}
	for i, d := range in {
		switch {
		case !red[i]:
			out = append(out, d)
		case keepdim:
			out = append(out, 1)
		}
	}
	return out, nil
}

// inferReduce serves mean.dim and sum.dim_IntList.
func inferReduce(mean bool) ods.InferFunc {
	return func(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
		x, err := ranked(ts, 0, "self")
		if err != nil {
			return nil, err
		}
		dims, err := intsAttr(a, "dim")
		if err != nil {
			return nil, err
		}
		keep, err := boolAttr(a, "keepdim")
		if err != nil {
			return nil, err
		}
		dt, err := dtypeOf(a, "dtype")
		if err != nil {
			return nil, err
		}
		s, err := ReduceShape(x.Shape, dims, keep)
		if err != nil {
			return nil, err
		}
		elem := x.Elem
		switch {
		case dt != nil:
			elem = dt
		case isInt(elem) && !mean:
			elem = ctx.I(64) // integral sums accumulate and return int64
		}
		if mean && !isFloat(elem) {
			return nil, fmt.Errorf("could not infer output dtype: input dtype must be floating point, got %s", elem)
		}
		return one(tensor(ctx, s, elem)), nil
	}
}

func inferArgmax(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	x, err := ranked(ts, 0, "self")
	if err != nil {
		return nil, err
	}
	keep, err := boolAttr(a, "keepdim")
	if err != nil {
		return nil, err
	}
	d, ok, err := optIntAttr(a, "dim")
	if err != nil {
		return nil, err
	}
	var s []int64
	if ok {
		w, err := wrapDim(d, x.Rank())
		if err != nil {
			return nil, err
		}
		if x.Rank() > 0 && x.Shape[w] == 0 {
			return nil, fmt.Errorf("expects reduction dim %d to have non-zero size", w)
		}
		s, err = ReduceShape(x.Shape, []int64{d}, keep)
	} else {
		if numel(x.Shape) == 0 {
			return nil, fmt.Errorf("expects a non-empty tensor when no dim is given")
		}
		s, err = ReduceShape(x.Shape, nil, keep)
	}
	if err != nil {
		return nil, err
	}
	if x.Rank() == 0 {
		s = []int64{}
	}
	return one(tensor(ctx, s, ctx.I(64))), nil
}

// ---- embedding and attention ----

func inferEmbedding(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	w, err := ranked(ts, 0, "weight")
	if err != nil {
		return nil, err
	}
	idx, err := ranked(ts, 1, "indices")
	if err != nil {
		return nil, err
	}
	if w.Rank() != 2 {
		return nil, fmt.Errorf("expects 2-D weight [num_embeddings, embedding_dim], got %d-D", w.Rank())
	}
	p, err := intAttr(a, "padding_idx")
	if err != nil {
		return nil, err
	}
	if n := w.Shape[0]; p != -1 && (p < 0 || (n != dyn && p >= n)) {
		return nil, fmt.Errorf("expects padding_idx to be -1 (none) or within [0, %d), got %d", n, p)
	}
	out := append(append([]int64{}, idx.Shape...), w.Shape[1])
	return one(tensor(ctx, out, w.Elem)), nil
}

// SDPAShape is scaled_dot_product_attention's result shape: query
// [*, L, E], key [*, S, E], value [*, S, Ev] give [*, L, Ev]. With
// gqa, query's heads (dim -3) must be a multiple of key's and value's.
func SDPAShape(q, k, v []int64, gqa bool) ([]int64, error) {
	r := len(q)
	if r < 2 {
		return nil, fmt.Errorf("expects query of rank at least 2 [*, L, E], got %d-D", r)
	}
	if len(k) != r || len(v) != r {
		return nil, fmt.Errorf("expects query, key and value of the same rank, got %d-D, %d-D and %d-D", r, len(k), len(v))
	}
	if contractMismatch(q[r-1], k[r-1]) {
		return nil, fmt.Errorf("expects query and key with the same embedding size, got %d and %d", q[r-1], k[r-1])
	}
	if contractMismatch(k[r-2], v[r-2]) {
		return nil, fmt.Errorf("expects key and value with the same sequence length, got %d and %d", k[r-2], v[r-2])
	}
	for i := 0; i < r-2; i++ {
		for _, o := range [][]int64{k, v} {
			if gqa && i == r-3 {
				if q[i] != dyn && o[i] != dyn && (o[i] == 0 || q[i]%o[i] != 0) {
					return nil, fmt.Errorf("with enable_gqa, expects query heads (%d) to be a multiple of key/value heads (%d)", q[i], o[i])
				}
				continue
			}
			if contractMismatch(q[i], o[i]) {
				return nil, fmt.Errorf("expects query, key and value with the same batch dimensions, got %s, %s and %s", shapeStr(q), shapeStr(k), shapeStr(v))
			}
		}
	}
	out := append([]int64{}, q[:r-1]...)
	return append(out, v[r-1]), nil
}

func inferSDPA(ctx *ir.Context, ts []ir.Type, a ods.AttrGetter) ([]ir.Type, error) {
	var qkv [3]*ir.RankedTensorType
	for i, n := range []string{"query", "key", "value"} {
		t, err := ranked(ts, i, n)
		if err != nil {
			return nil, err
		}
		qkv[i] = t
	}
	q, k, v := qkv[0], qkv[1], qkv[2]
	if err := sameElem([]string{"query", "key", "value"}, q, k, v); err != nil {
		return nil, err
	}
	gqa, err := boolAttr(a, "enable_gqa")
	if err != nil {
		return nil, err
	}
	s, err := SDPAShape(q.Shape, k.Shape, v.Shape, gqa)
	if err != nil {
		return nil, err
	}
	p, err := NumAttr(a, "dropout_p")
	if err != nil {
		return nil, err
	}
	if p < 0 || p > 1 {
		return nil, fmt.Errorf("dropout_p has to be between 0 and 1, but got %g", p)
	}
	causal, err := boolAttr(a, "is_causal")
	if err != nil {
		return nil, err
	}
	if _, err := NumAttr(a, "scale"); err != nil {
		return nil, err
	}
	if len(ts) > 3 {
		m, err := ranked(ts, 3, "attn_mask")
		if err != nil {
			return nil, err
		}
		if causal {
			return nil, fmt.Errorf("explicit attn_mask should not be set when is_causal = true")
		}
		if !isBool(m.Elem) && m.Elem != q.Elem {
			return nil, fmt.Errorf("expects attn_mask of element type i1 or %s (the query's), got %s", q.Elem, m.Elem)
		}
		r := len(q.Shape)
		scores := append(append([]int64{}, s[:r-1]...), k.Shape[r-2])
		if !broadcastsTo(m.Shape, scores) {
			return nil, fmt.Errorf("expects attn_mask of shape %s to broadcast to the attention weights' shape %s", shapeStr(m.Shape), shapeStr(scores))
		}
	}
	return one(tensor(ctx, s, q.Elem)), nil
}

// checkConvChannels checks a convolution's channel counts against groups
// (cin is the input's channel dim) and its optional bias (operand 2).
func checkConvChannels(ts []ir.Type, x, w *ir.RankedTensorType, cin, groups int64) error {
	cout := w.Shape[0]
	if cout != dyn && cout%groups != 0 {
		return fmt.Errorf("expects out_channels (%d) to be divisible by groups (%d)", cout, groups)
	}
	if cin != dyn && w.Shape[1] != dyn && cin != w.Shape[1]*groups {
		return fmt.Errorf("given groups=%d and weight of shape %s, expects input %s to have %d channels, but got %d channels", groups, shapeStr(w.Shape), shapeStr(x.Shape), w.Shape[1]*groups, cin)
	}
	if len(ts) > 2 {
		b, err := ranked(ts, 2, "bias")
		if err != nil {
			return err
		}
		if err := sameElem([]string{"input", "bias"}, x, b); err != nil {
			return err
		}
		if b.Rank() != 1 || contractMismatch(b.Shape[0], cout) {
			return fmt.Errorf("expects 1-D bias with %d elements, got %s", cout, shapeStr(b.Shape))
		}
	}
	return nil
}
