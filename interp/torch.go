package interp

import (
	"fmt"
	"math"

	"github.com/mlc-go/mlc/dialects/torch"
	"github.com/mlc-go/mlc/internal/tensor"
)

// Kernel adapters of the torch dialect (docs/dialects/torch.md), with
// PyTorch's argument meaning and defaults. Arithmetic on f16/bf16 runs in
// float32 and rounds once at the end, as PyTorch's opmath does.

// toDType converts x to dt (x itself when it already has dt).
func toDType(x *tensor.Tensor, dt tensor.DType) (*tensor.Tensor, error) {
	if x.DType() == dt {
		return x, nil
	}
	return tensor.Cast(x, dt)
}

// opmath is the dtype arithmetic on dt runs in: f32 for f16/bf16, as
// PyTorch's opmath; i64 for integers, whose wrap-around back to dt equals
// wrapping arithmetic in dt (and lets a Scalar such as -1 reach a ui8
// tensor without saturating).
func opmath(dt tensor.DType) tensor.DType {
	switch {
	case dt == tensor.F16 || dt == tensor.BF16:
		return tensor.F32
	case dt.IsInt():
		return tensor.I64
	}
	return dt
}

// withOpmath runs f on xs converted to the opmath dtype of dt and rounds
// the result back to dt.
func withOpmath(dt tensor.DType, f func(cd tensor.DType, xs ...*tensor.Tensor) (*tensor.Tensor, error), xs ...*tensor.Tensor) (*tensor.Tensor, error) {
	cd := opmath(dt)
	conv := make([]*tensor.Tensor, len(xs))
	for i, x := range xs {
		var err error
		if conv[i], err = toDType(x, cd); err != nil {
			return nil, err
		}
	}
	r, err := f(cd, conv...)
	if err != nil {
		return nil, err
	}
	return toDType(r, dt)
}

// torchScalar implements add/sub/rsub/mul/div.Scalar: the tensor is
// converted to the result dtype (PyTorch's promotion with a Scalar), then
// combined with the Scalar `other` (times alpha where the op has one).
func torchScalar(kind string) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) {
		dt, err := c.resultDType(0)
		if err != nil {
			return nil, err
		}
		other, err := c.num("other", 0)
		if err != nil {
			return nil, err
		}
		if !c.has("other") {
			return nil, fmt.Errorf("requires attribute 'other'")
		}
		alpha, err := c.num("alpha", 1)
		if err != nil {
			return nil, err
		}
		return one(withOpmath(dt, func(cd tensor.DType, xs ...*tensor.Tensor) (*tensor.Tensor, error) {
			x := xs[0]
			s := tensor.Scalar(cd, other)
			switch kind {
			case "add", "sub":
				if alpha != 1 {
					var err error
					if s, err = tensor.Mul(s, tensor.Scalar(cd, alpha)); err != nil {
						return nil, err
					}
				}
				if kind == "add" {
					return tensor.Add(x, s)
				}
				return tensor.Sub(x, s)
			case "rsub":
				if alpha != 1 {
					var err error
					if x, err = tensor.Mul(x, tensor.Scalar(cd, alpha)); err != nil {
						return nil, err
					}
				}
				return tensor.Sub(s, x)
			case "mul":
				return tensor.Mul(x, s)
			case "div":
				return tensor.Div(x, s)
			}
			return nil, fmt.Errorf("unknown scalar op %s", kind)
		}, c.in[0]))
	}
}

// torchAddSub implements add.Tensor and sub.Tensor: self ± alpha·other.
func torchAddSub(sub bool) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) {
		a, b := c.in[0], c.in[1]
		alpha, err := c.num("alpha", 1)
		if err != nil {
			return nil, err
		}
		if a.DType() == tensor.Bool {
			if sub {
				return nil, fmt.Errorf("subtraction is not defined on bool tensors")
			}
			return one(tensor.Logical(tensor.OpOr, a, b))
		}
		if alpha == 1 {
			if sub {
				return one(tensor.Sub(a, b))
			}
			return one(tensor.Add(a, b))
		}
		return one(withOpmath(a.DType(), func(cd tensor.DType, xs ...*tensor.Tensor) (*tensor.Tensor, error) {
			o, err := tensor.Mul(xs[1], tensor.Scalar(cd, alpha))
			if err != nil {
				return nil, err
			}
			if sub {
				return tensor.Sub(xs[0], o)
			}
			return tensor.Add(xs[0], o)
		}, a, b))
	}
}

func torchMul(c *opCall) ([]*tensor.Tensor, error) {
	if c.in[0].DType() == tensor.Bool {
		return one(tensor.Logical(tensor.OpAnd, c.in[0], c.in[1]))
	}
	return one(tensor.Mul(c.in[0], c.in[1]))
}

func torchDiv(c *opCall) ([]*tensor.Tensor, error) {
	mode, err := c.str("rounding_mode", "")
	if err != nil {
		return nil, err
	}
	a, b := c.in[0], c.in[1]
	switch mode {
	case "":
		dt, err := c.resultDType(0)
		if err != nil {
			return nil, err
		}
		if a, err = toDType(a, dt); err != nil {
			return nil, err
		}
		if b, err = toDType(b, dt); err != nil {
			return nil, err
		}
		return one(tensor.Div(a, b))
	case "trunc":
		if a.DType().IsFloat() {
			q, err := tensor.Div(a, b)
			if err != nil {
				return nil, err
			}
			return one(mapFloat(q, math.Trunc))
		}
		return one(binaryFunc(a, b, nil, truncDivInt))
	case "floor":
		return one(binaryFunc(a, b, floorDivFloat, floorDivInt))
	}
	return nil, fmt.Errorf("unknown rounding_mode %q", mode)
}

func torchPowScalar(c *opCall) ([]*tensor.Tensor, error) {
	dt, err := c.resultDType(0)
	if err != nil {
		return nil, err
	}
	if !c.has("exponent") {
		return nil, fmt.Errorf("requires attribute 'exponent'")
	}
	x, err := toDType(c.in[0], dt)
	if err != nil {
		return nil, err
	}
	var e *tensor.Tensor
	if c.isFloatAttr("exponent") {
		v, _ := c.num("exponent", 0)
		e = tensor.Scalar(tensor.F64, v)
	} else {
		v, err := c.int("exponent", 0)
		if err != nil {
			return nil, err
		}
		if dt.IsInt() && v < 0 {
			return nil, fmt.Errorf("integers to negative integer powers are not allowed")
		}
		e = tensor.Scalar(tensor.I64, float64(v))
		if dt.IsFloat() {
			e = tensor.Scalar(tensor.F64, float64(v))
		}
	}
	return one(tensor.Pow(x, e))
}

func torchPowTensor(c *opCall) ([]*tensor.Tensor, error) {
	a, b := c.in[0], c.in[1]
	if b.DType().IsInt() {
		for _, v := range b.IntValues() {
			if v < 0 {
				return nil, fmt.Errorf("integers to negative integer powers are not allowed")
			}
		}
	}
	return one(tensor.Pow(a, b))
}

func clip(lo, hi float64) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) { return one(tensor.Clip(c.in[0], lo, hi)) }
}

func torchHardtanh(c *opCall) ([]*tensor.Tensor, error) {
	lo, err := c.num("min_val", -1)
	if err != nil {
		return nil, err
	}
	hi, err := c.num("max_val", 1)
	if err != nil {
		return nil, err
	}
	if lo > hi {
		return nil, fmt.Errorf("min_val %g exceeds max_val %g", lo, hi)
	}
	return one(tensor.Clip(c.in[0], lo, hi))
}

func torchClamp(c *opCall) ([]*tensor.Tensor, error) {
	if !c.has("min") && !c.has("max") {
		return nil, fmt.Errorf("requires at least one of 'min' and 'max'")
	}
	lo, err := c.num("min", math.Inf(-1))
	if err != nil {
		return nil, err
	}
	hi, err := c.num("max", math.Inf(1))
	if err != nil {
		return nil, err
	}
	if lo > hi { // PyTorch: every element becomes max (NaN stays NaN)
		lo = hi
	}
	return one(tensor.Clip(c.in[0], lo, hi))
}

func torchLeakyRelu(c *opCall) ([]*tensor.Tensor, error) {
	s, err := c.num("negative_slope", 0.01)
	if err != nil {
		return nil, err
	}
	return one(tensor.LeakyRelu(c.in[0], s))
}

func torchHardsigmoid(c *opCall) ([]*tensor.Tensor, error) {
	return one(tensor.HardSigmoid(c.in[0], 1.0/6, 0.5))
}

func torchGelu(c *opCall) ([]*tensor.Tensor, error) {
	a, err := c.str("approximate", "none")
	if err != nil {
		return nil, err
	}
	switch a {
	case "none":
		return one(tensor.Unary(tensor.OpGeluErf, c.in[0]))
	case "tanh":
		return one(tensor.Unary(tensor.OpGeluTanh, c.in[0]))
	}
	return nil, fmt.Errorf("unknown approximate %q", a)
}

// torchSoftmax implements softmax.int and log_softmax.int (with the
// optional dtype the input is converted to first).
func torchSoftmax(log bool) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) {
		d, err := c.reqInt("dim")
		if err != nil {
			return nil, err
		}
		dt, err := c.resultDType(0)
		if err != nil {
			return nil, err
		}
		x, err := toDType(c.in[0], dt)
		if err != nil {
			return nil, err
		}
		ax, err := wrapDim(d, x.Rank())
		if err != nil {
			return nil, err
		}
		if x.Rank() == 0 {
			x = x.MustReshape(1)
			var r *tensor.Tensor
			if log {
				r, err = tensor.LogSoftmax(x, 0)
			} else {
				r, err = tensor.Softmax(x, 0)
			}
			if err != nil {
				return nil, err
			}
			return one(r.Reshape())
		}
		if log {
			return one(tensor.LogSoftmax(x, ax))
		}
		return one(tensor.Softmax(x, ax))
	}
}

func torchLayerNorm(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	ns, err := c.ints("normalized_shape", nil)
	if err != nil {
		return nil, err
	}
	if len(ns) == 0 || len(ns) > x.Rank() {
		return nil, fmt.Errorf("normalized_shape %v does not fit input %s", ns, describe(x))
	}
	axis := x.Rank() - len(ns)
	for i, d := range ns {
		if x.Dim(axis+i) != d {
			return nil, fmt.Errorf("normalized_shape %v does not match the trailing dims of input %s", ns, describe(x))
		}
	}
	eps, err := c.num("eps", 1e-5)
	if err != nil {
		return nil, err
	}
	var w, b *tensor.Tensor
	if len(c.in) > 1 {
		w = c.in[1]
	} else if w, err = filled(tensor.F64, ns, 1); err != nil {
		return nil, err
	}
	if len(c.in) > 2 {
		b = c.in[2]
	}
	return one(tensor.LayerNorm(x, w, b, axis, eps))
}

func torchBatchNorm(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	if x.Rank() < 2 {
		return nil, fmt.Errorf("expects an input of rank 2 or more, got %s", describe(x))
	}
	eps, err := c.num("eps", 1e-5)
	if err != nil {
		return nil, err
	}
	ch := []int64{x.Dim(1)}
	var w, b *tensor.Tensor
	if len(c.in) > 3 {
		w = c.in[3]
	} else if w, err = filled(tensor.F64, ch, 1); err != nil {
		return nil, err
	}
	if len(c.in) > 4 {
		b = c.in[4]
	} else if b, err = filled(tensor.F64, ch, 0); err != nil {
		return nil, err
	}
	return one(tensor.BatchNorm(x, w, b, c.in[1], c.in[2], eps))
}

// batched runs f on a 4-D view of a [C, H, W] or [N, C, H, W] input and
// gives the result the input's rank back.
func batched(x *tensor.Tensor, f func(x *tensor.Tensor) (*tensor.Tensor, error)) ([]*tensor.Tensor, error) {
	return batchedRank(x, 4, f)
}

// batchedRank is batched for inputs of the given batched rank.
func batchedRank(x *tensor.Tensor, rank int, f func(x *tensor.Tensor) (*tensor.Tensor, error)) ([]*tensor.Tensor, error) {
	switch x.Rank() {
	case rank:
		return one(f(x))
	case rank - 1:
		xb, err := tensor.Unsqueeze(x, []int{0})
		if err != nil {
			return nil, err
		}
		r, err := f(xb)
		if err != nil {
			return nil, err
		}
		return one(tensor.Squeeze(r, []int{0}))
	}
	return nil, fmt.Errorf("expects a %d-D or %d-D input, got %s", rank-1, rank, describe(x))
}

func torchConv(c *opCall) ([]*tensor.Tensor, error) {
	s, err := c.pair("stride", []int64{1, 1})
	if err != nil {
		return nil, err
	}
	p, err := c.pair("padding", []int64{0, 0})
	if err != nil {
		return nil, err
	}
	d, err := c.pair("dilation", []int64{1, 1})
	if err != nil {
		return nil, err
	}
	groups, err := c.int("groups", 1)
	if err != nil {
		return nil, err
	}
	var bias *tensor.Tensor
	if len(c.in) > 2 {
		bias = c.in[2]
	}
	return batched(c.in[0], func(x *tensor.Tensor) (*tensor.Tensor, error) {
		return conv2D(x, c.in[1], bias, s, d, [4]int{p[0], p[1], p[0], p[1]}, int(groups))
	})
}

// torchWindow reads kernel_size, stride (default: kernel_size, also when
// empty), symmetric padding, dilation and ceil_mode.
func torchWindow(c *opCall, dilation bool) (window, error) {
	var g window
	k, err := c.pair("kernel_size", nil)
	if err != nil {
		return g, err
	}
	s, err := c.pair("stride", []int64{int64(k[0]), int64(k[1])})
	if err != nil {
		return g, err
	}
	p, err := c.pair("padding", []int64{0, 0})
	if err != nil {
		return g, err
	}
	d := [2]int{1, 1}
	if dilation {
		if d, err = c.pair("dilation", []int64{1, 1}); err != nil {
			return g, err
		}
	}
	if g.ceil, err = c.bool("ceil_mode", false); err != nil {
		return g, err
	}
	g.kernel, g.stride, g.dilation = k, s, d
	g.pads = [4]int{p[0], p[1], p[0], p[1]}
	return g, nil
}

func torchMaxPool(c *opCall) ([]*tensor.Tensor, error) {
	g, err := torchWindow(c, true)
	if err != nil {
		return nil, err
	}
	return batched(c.in[0], func(x *tensor.Tensor) (*tensor.Tensor, error) { return maxPool2D(x, g) })
}

func torchAvgPool(c *opCall) ([]*tensor.Tensor, error) {
	g, err := torchWindow(c, false)
	if err != nil {
		return nil, err
	}
	include, err := c.bool("count_include_pad", true)
	if err != nil {
		return nil, err
	}
	div, err := c.int("divisor_override", 0)
	if err != nil {
		return nil, err
	}
	return batched(c.in[0], func(x *tensor.Tensor) (*tensor.Tensor, error) {
		if div != 0 {
			return sumPool2D(x, g, float64(div))
		}
		p := g.params()
		p.CountIncludePad = include
		return tensor.AvgPool2D(x, p)
	})
}

func torchAdaptiveAvgPool(c *opCall) ([]*tensor.Tensor, error) {
	o, err := c.intsN("output_size", 2, nil)
	if err != nil {
		return nil, err
	}
	return batched(c.in[0], func(x *tensor.Tensor) (*tensor.Tensor, error) {
		if o[0] == 1 && o[1] == 1 && x.DType() != tensor.F64 {
			return tensor.GlobalAvgPool(x)
		}
		return adaptiveAvgPool2D(x, int(o[0]), int(o[1]))
	})
}

func torchLinear(c *opCall) ([]*tensor.Tensor, error) {
	x, w := c.in[0], c.in[1]
	if w.Rank() != 2 {
		return nil, fmt.Errorf("expects a 2-D weight, got %s", describe(w))
	}
	wt, err := tensor.Transpose(w, []int{1, 0})
	if err != nil {
		return nil, err
	}
	y, err := matMul(x, wt)
	if err != nil {
		return nil, err
	}
	if len(c.in) > 2 {
		return one(tensor.Add(y, c.in[2]))
	}
	return one(y, nil)
}

func torchMatMul(c *opCall) ([]*tensor.Tensor, error) { return one(matMul(c.in[0], c.in[1])) }

func torchMM(c *opCall) ([]*tensor.Tensor, error) {
	if c.in[0].Rank() != 2 || c.in[1].Rank() != 2 {
		return nil, fmt.Errorf("expects 2-D operands, got %s and %s", describe(c.in[0]), describe(c.in[1]))
	}
	return one(matMul(c.in[0], c.in[1]))
}

func torchBMM(c *opCall) ([]*tensor.Tensor, error) {
	a, b := c.in[0], c.in[1]
	if a.Rank() != 3 || b.Rank() != 3 || a.Dim(0) != b.Dim(0) {
		return nil, fmt.Errorf("expects 3-D operands with equal batch sizes, got %s and %s", describe(a), describe(b))
	}
	return one(matMul(a, b))
}

func torchAddmm(c *opCall) ([]*tensor.Tensor, error) {
	self, m1, m2 := c.in[0], c.in[1], c.in[2]
	beta, err := c.num("beta", 1)
	if err != nil {
		return nil, err
	}
	alpha, err := c.num("alpha", 1)
	if err != nil {
		return nil, err
	}
	if m1.Rank() != 2 || m2.Rank() != 2 {
		return nil, fmt.Errorf("expects 2-D mat1 and mat2, got %s and %s", describe(m1), describe(m2))
	}
	p, err := matMul(m1, m2)
	if err != nil {
		return nil, err
	}
	dt := p.DType()
	return one(withOpmath(dt, func(cd tensor.DType, xs ...*tensor.Tensor) (*tensor.Tensor, error) {
		p, s := xs[0], xs[1]
		var err error
		if alpha != 1 {
			if p, err = tensor.Mul(p, tensor.Scalar(cd, alpha)); err != nil {
				return nil, err
			}
		}
		if beta == 0 {
			return p, nil
		}
		if beta != 1 {
			if s, err = tensor.Mul(s, tensor.Scalar(cd, beta)); err != nil {
				return nil, err
			}
		}
		return tensor.Add(s, p)
	}, p, self))
}

func torchArgmax(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	keep, err := c.bool("keepdim", false)
	if err != nil {
		return nil, err
	}
	if c.has("dim") {
		d, err := c.int("dim", 0)
		if err != nil {
			return nil, err
		}
		ax, err := wrapDim(d, x.Rank())
		if err != nil {
			return nil, err
		}
		if x.Rank() == 0 {
			return one(tensor.Scalar(tensor.I64, 0), nil)
		}
		return one(tensor.ArgMax(x, ax, keep, false))
	}
	flat, err := x.Reshape(-1)
	if err != nil {
		return nil, err
	}
	r, err := tensor.ArgMax(flat, 0, false, false)
	if err != nil {
		return nil, err
	}
	shape := []int64{}
	if keep {
		for range x.Rank() {
			shape = append(shape, 1)
		}
	}
	return one(r.Reshape(shape...))
}

func torchCat(c *opCall) ([]*tensor.Tensor, error) {
	d, err := c.int("dim", 0)
	if err != nil {
		return nil, err
	}
	if len(c.in) == 0 {
		return nil, fmt.Errorf("expects at least one tensor")
	}
	if c.in[0].Rank() == 0 {
		return nil, fmt.Errorf("cannot concatenate 0-D tensors")
	}
	ax, err := wrapDim(d, c.in[0].Rank())
	if err != nil {
		return nil, err
	}
	return one(tensor.Concat(ax, c.in...))
}

func torchDropout(c *opCall) ([]*tensor.Tensor, error) {
	train, err := c.bool("train", false)
	if err != nil {
		return nil, err
	}
	if train {
		return nil, fmt.Errorf("dropout in training mode is not deterministic and is not supported")
	}
	return identity(c)
}

func torchConstantPad(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	pad, err := c.ints("pad", nil)
	if err != nil {
		return nil, err
	}
	r := x.Rank()
	if len(pad)%2 != 0 || len(pad) > 2*r {
		return nil, fmt.Errorf("pad %v must have an even length of at most %d", pad, 2*r)
	}
	v, err := c.num("value", 0)
	if err != nil {
		return nil, err
	}
	pads := make([]int64, 2*r)
	for i := 0; i < len(pad)/2; i++ {
		d := r - 1 - i
		pads[d], pads[r+d] = pad[2*i], pad[2*i+1]
	}
	return one(tensor.Pad(x, pads, tensor.PadConstant, v))
}

func torchEmbedding(c *opCall) ([]*tensor.Tensor, error) {
	if c.in[0].Rank() != 2 {
		return nil, fmt.Errorf("expects a 2-D weight, got %s", describe(c.in[0]))
	}
	return one(tensor.Gather(c.in[0], c.in[1], 0))
}

func torchExpand(c *opCall) ([]*tensor.Tensor, error) {
	size, err := c.ints("size", nil)
	if err != nil {
		return nil, err
	}
	shape, err := torch.ExpandShape(c.in[0].Shape(), size)
	if err != nil {
		return nil, err
	}
	return one(tensor.BroadcastTo(c.in[0], shape))
}

func torchFlatten(c *opCall) ([]*tensor.Tensor, error) {
	s, err := c.int("start_dim", 0)
	if err != nil {
		return nil, err
	}
	e, err := c.int("end_dim", -1)
	if err != nil {
		return nil, err
	}
	shape, err := torch.FlattenShape(c.in[0].Shape(), s, e)
	if err != nil {
		return nil, err
	}
	return one(c.in[0].Reshape(shape...))
}

func torchMaskedFill(c *opCall) ([]*tensor.Tensor, error) {
	x, mask := c.in[0], c.in[1]
	if !c.has("value") {
		return nil, fmt.Errorf("requires attribute 'value'")
	}
	v, err := c.num("value", 0)
	if err != nil {
		return nil, err
	}
	return one(tensor.Where(mask, tensor.Scalar(x.DType(), v), x))
}

// torchReduce implements mean.dim and sum.dim_IntList: the input is
// converted to the result dtype first (dtype, or PyTorch's i64 for integer
// sums), then reduced over dim (absent or empty: all dims).
func torchReduce(op tensor.ReduceOp) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) {
		dims, err := c.ints("dim", nil)
		if err != nil {
			return nil, err
		}
		keep, err := c.bool("keepdim", false)
		if err != nil {
			return nil, err
		}
		dt, err := c.resultDType(0)
		if err != nil {
			return nil, err
		}
		x, err := toDType(c.in[0], dt)
		if err != nil {
			return nil, err
		}
		axes, err := wrapDims(dims, x.Rank())
		if err != nil {
			return nil, err
		}
		if x.Rank() == 0 {
			return one(x, nil)
		}
		if len(axes) == 0 {
			axes = nil
		}
		return one(tensor.Reduce(op, x, axes, keep))
	}
}

func torchPermute(c *opCall) ([]*tensor.Tensor, error) {
	dims, err := c.ints("dims", nil)
	if err != nil {
		return nil, err
	}
	if len(dims) != c.in[0].Rank() {
		return nil, fmt.Errorf("dims %v is not a permutation of %d dims", dims, c.in[0].Rank())
	}
	perm, err := wrapDims(dims, c.in[0].Rank())
	if err != nil {
		return nil, err
	}
	return one(tensor.Transpose(c.in[0], perm))
}

func torchReshape(attr string) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) {
		s, err := c.ints(attr, nil)
		if err != nil {
			return nil, err
		}
		shape, err := torch.ViewShape(c.in[0].Shape(), s)
		if err != nil {
			return nil, err
		}
		return one(c.in[0].Reshape(shape...))
	}
}

func torchSelect(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	d, err := c.int("dim", 0)
	if err != nil {
		return nil, err
	}
	idx, err := c.int("index", 0)
	if err != nil {
		return nil, err
	}
	if x.Rank() == 0 {
		return nil, fmt.Errorf("cannot select from a 0-D tensor")
	}
	ax, err := wrapDim(d, x.Rank())
	if err != nil {
		return nil, err
	}
	n := x.Dim(ax)
	if idx < -n || idx >= n {
		return nil, fmt.Errorf("index %d is out of range for dim %d of size %d", idx, ax, n)
	}
	return one(tensor.Gather(x, tensor.Scalar(tensor.I64, float64(idx)), ax))
}

func torchSlice(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	d, err := c.int("dim", 0)
	if err != nil {
		return nil, err
	}
	step, err := c.int("step", 1)
	if err != nil {
		return nil, err
	}
	if step <= 0 {
		return nil, fmt.Errorf("step must be positive, got %d", step)
	}
	ax, err := wrapDim(d, x.Rank())
	if err != nil {
		return nil, err
	}
	n := x.Dim(ax)
	start, err := c.int("start", 0)
	if err != nil {
		return nil, err
	}
	end, err := c.int("end", n)
	if err != nil {
		return nil, err
	}
	norm := func(v int64) int64 {
		if v < 0 {
			v += n
		}
		return min(max(v, 0), n)
	}
	start, end = norm(start), norm(end)
	end = max(end, start)
	return one(tensor.Slice(x, []int64{start}, []int64{end}, []int{ax}, []int64{step}))
}

func torchSqueeze(c *opCall) ([]*tensor.Tensor, error) { return one(tensor.Squeeze(c.in[0], nil)) }

func torchSqueezeDim(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	d, err := c.int("dim", 0)
	if err != nil {
		return nil, err
	}
	ax, err := wrapDim(d, x.Rank())
	if err != nil {
		return nil, err
	}
	if x.Rank() == 0 || x.Dim(ax) != 1 {
		return identity(c)
	}
	return one(tensor.Squeeze(x, []int{ax}))
}

func torchTranspose(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	d0, err := c.int("dim0", 0)
	if err != nil {
		return nil, err
	}
	d1, err := c.int("dim1", 0)
	if err != nil {
		return nil, err
	}
	a, err := wrapDim(d0, x.Rank())
	if err != nil {
		return nil, err
	}
	b, err := wrapDim(d1, x.Rank())
	if err != nil {
		return nil, err
	}
	if x.Rank() == 0 {
		return identity(c)
	}
	perm := make([]int, x.Rank())
	for i := range perm {
		perm[i] = i
	}
	perm[a], perm[b] = perm[b], perm[a]
	return one(tensor.Transpose(x, perm))
}

func torchUnsqueeze(c *opCall) ([]*tensor.Tensor, error) {
	d, err := c.int("dim", 0)
	if err != nil {
		return nil, err
	}
	ax, err := wrapDim(d, c.in[0].Rank()+1)
	if err != nil {
		return nil, err
	}
	return one(tensor.Unsqueeze(c.in[0], []int{ax}))
}

func torchTo(c *opCall) ([]*tensor.Tensor, error) {
	dt, err := c.resultDType(0)
	if err != nil {
		return nil, err
	}
	return one(tensor.Cast(c.in[0], dt))
}

// torchSDPA is scaled_dot_product_attention as PyTorch's math reference
// computes it: softmax(Q·Kᵀ·scale + mask)·V, with a boolean mask adding
// −inf where it is false, is_causal a lower-triangular mask, and
// enable_gqa repeating each key/value head for its group of query heads.
func torchSDPA(c *opCall) ([]*tensor.Tensor, error) {
	q, k, v := c.in[0], c.in[1], c.in[2]
	var mask *tensor.Tensor
	if len(c.in) > 3 {
		mask = c.in[3]
	}
	p, err := c.num("dropout_p", 0)
	if err != nil {
		return nil, err
	}
	if p != 0 {
		return nil, fmt.Errorf("dropout_p = %g is random and is not supported (inference graphs carry 0)", p)
	}
	causal, err := c.bool("is_causal", false)
	if err != nil {
		return nil, err
	}
	gqa, err := c.bool("enable_gqa", false)
	if err != nil {
		return nil, err
	}
	if q.Rank() < 2 || k.Rank() < 2 || v.Rank() < 2 {
		return nil, fmt.Errorf("expects query, key and value of rank 2 or more")
	}
	e := q.Dim(-1)
	scale := 1 / math.Sqrt(float64(e))
	if c.has("scale") {
		if scale, err = c.num("scale", 0); err != nil {
			return nil, err
		}
	}
	if gqa && q.Rank() >= 3 && k.Rank() >= 3 && q.Dim(-3) != k.Dim(-3) {
		if k, err = repeatHeads(k, q.Dim(-3)); err != nil {
			return nil, err
		}
		if v, err = repeatHeads(v, q.Dim(-3)); err != nil {
			return nil, err
		}
	}
	dt := q.DType()
	return one(withOpmath(dt, func(cd tensor.DType, xs ...*tensor.Tensor) (*tensor.Tensor, error) {
		q, k, v := xs[0], xs[1], xs[2]
		perm := make([]int, k.Rank())
		for i := range perm {
			perm[i] = i
		}
		perm[len(perm)-1], perm[len(perm)-2] = perm[len(perm)-2], perm[len(perm)-1]
		kt, err := tensor.Transpose(k, perm)
		if err != nil {
			return nil, err
		}
		s, err := tensor.MatMul(q, kt)
		if err != nil {
			return nil, err
		}
		if s, err = tensor.Mul(s, tensor.Scalar(cd, scale)); err != nil {
			return nil, err
		}
		l, sl := s.Dim(-2), s.Dim(-1)
		if causal {
			if mask != nil {
				return nil, fmt.Errorf("attn_mask must be absent with is_causal")
			}
			m, err := tensor.Alloc(tensor.Bool, []int64{l, sl})
			if err != nil {
				return nil, err
			}
			b := m.Bools()
			for i := int64(0); i < l; i++ {
				for j := int64(0); j <= i && j < sl; j++ {
					b[i*sl+j] = true
				}
			}
			mask = m
		}
		if mask != nil {
			var bias *tensor.Tensor
			switch {
			case mask.DType() == tensor.Bool:
				bias, err = tensor.Where(mask, tensor.Scalar(cd, 0), tensor.Scalar(cd, math.Inf(-1)))
			case mask.DType().IsFloat():
				bias, err = toDType(mask, cd)
			default:
				err = fmt.Errorf("attn_mask must be i1 or float, got %s", mask.DType())
			}
			if err != nil {
				return nil, err
			}
			if s, err = tensor.Add(s, bias); err != nil {
				return nil, err
			}
		}
		w, err := tensor.Softmax(s, s.Rank()-1)
		if err != nil {
			return nil, err
		}
		return tensor.MatMul(w, v)
	}, q, k, v))
}

// repeatHeads repeats each head (dim −3) of x so that it has h heads:
// head i of the result is head i / (h / heads) of x (repeat_interleave).
func repeatHeads(x *tensor.Tensor, h int64) (*tensor.Tensor, error) {
	s := x.Shape()
	r := len(s)
	hk := s[r-3]
	if hk == 0 || h%hk != 0 {
		return nil, fmt.Errorf("query heads %d are not a multiple of key/value heads %d", h, hk)
	}
	u, err := tensor.Unsqueeze(x, []int{r - 2})
	if err != nil {
		return nil, err
	}
	target := append(append(append([]int64{}, s[:r-2]...), h/hk), s[r-2:]...)
	b, err := tensor.BroadcastTo(u, target)
	if err != nil {
		return nil, err
	}
	out := append(append(append([]int64{}, s[:r-3]...), h), s[r-2:]...)
	return b.Reshape(out...)
}
