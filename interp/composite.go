package interp

import (
	"fmt"
	"sync"

	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/internal/tensor"
)

// Kernels of core's composite ops (layer_norm, softmax, gelu): computed in
// wide precision and rounded once, except float32 softmax and GELU where
// the AVX-512 kernels are (a few ulps from that; see tensor.Softmax and
// tensor.Unary). On quantized operands they dequantize
// the data input to the expressed type, compute as the float op does and
// quantize the result once, so the fused form gives what its QDQ form
// (dcast → op → qcast) gives.
func init() {
	for name, k := range map[string]kernel{
		"core.layer_norm": floatUnit(coreLayerNorm), // (x − mean)/√(var + eps)·scale + bias over trailing axes
		"core.softmax":    floatUnit(coreSoftmax),   // e^(x − max)/Σ along axis
		"core.gelu":       floatUnit(coreGelu),      // x·Φ(x), erf or tanh form
	} {
		kernels[name] = k
	}
}

// floatUnit runs f on float operands; with a quantized result it runs f
// on the dequantized data operand and quantizes the result. On the fast
// layouts the dequantized operands are pooled scratch, f may write its
// result over the first (overwrite), and the stored result is a recycled
// buffer: a transformer's quantized layer norms then make no garbage.
func floatUnit(f kernel) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) {
		rq := quant.ElementType(c.op.Result(0).Type())
		if rq == nil {
			return f(c)
		}
		var inBuf [4]*tensor.Tensor
		in := append(inBuf[:0], c.in...)
		var held [4]*[]float32
		defer func() {
			for _, h := range held {
				if h != nil {
					f32Scratch.Put(h)
				}
			}
		}()
		fc := *c
		for i := range in {
			q := quant.ElementType(c.op.Operand(i).Type())
			if q == nil {
				continue
			}
			if l, ok := fastLayout(q, in[i].Shape()); ok && in[i].DType() == l.dt && i < len(held) {
				h := getF32Scratch(in[i].Len())
				t, err := tensor.FromSlice(tensor.F32, in[i].Shape(), *h)
				if err != nil {
					f32Scratch.Put(h)
					return nil, err
				}
				held[i] = h
				dequantizeStored(*h, in[i], l)
				in[i] = t
				if i == 0 {
					fc.overwrite = t
				}
				continue
			}
			dt, err := DTypeOf(q.ExpressedType())
			if err != nil {
				return nil, err
			}
			if in[i], err = dequantizeTensor(in[i], q, dt); err != nil {
				return nil, err
			}
		}
		fc.in = in
		fc.pool = nil // the float result is a temporary
		out, err := f(&fc)
		if err != nil {
			return nil, err
		}
		if l, ok := fastLayout(rq, out[0].Shape()); ok && out[0].DType() == tensor.F32 {
			if y := c.out(l.dt, out[0].Shape()); y != nil {
				quantizeStored(y, out[0].Float32s(), l)
				return []*tensor.Tensor{y}, nil
			}
		}
		return one(quantizeTensor(out[0], rq))
	}
}

// f32Scratch recycles floatUnit's dequantized operands between calls.
var f32Scratch sync.Pool

func getF32Scratch(n int) *[]float32 { return pooledSlice[float32](&f32Scratch, n) }

func coreLayerNorm(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	axes, err := c.ints("axes")
	if err != nil {
		return nil, err
	}
	if len(axes) == 0 || int(axes[0]) > x.Rank() {
		return nil, fmt.Errorf("axes %v do not fit input %s", axes, describe(x))
	}
	eps, err := c.num("epsilon")
	if err != nil {
		return nil, err
	}
	var b *tensor.Tensor
	if len(c.in) > 2 {
		b = c.in[2]
	}
	if x.DType() == tensor.F32 {
		if y := c.outInPlace(tensor.F32, x.Shape()); y != nil {
			return one(y, tensor.LayerNormInto(y, x, c.in[1], b, int(axes[0]), eps))
		}
	}
	return one(tensor.LayerNorm(x, c.in[1], b, int(axes[0]), eps))
}

func coreSoftmax(c *opCall) ([]*tensor.Tensor, error) {
	axis, err := c.reqInt("axis")
	if err != nil {
		return nil, err
	}
	if x := c.in[0]; x.DType() == tensor.F32 {
		if y := c.outInPlace(tensor.F32, x.Shape()); y != nil {
			return one(y, tensor.SoftmaxInto(y, x, int(axis)))
		}
	}
	return one(tensor.Softmax(c.in[0], int(axis)))
}

func coreGelu(c *opCall) ([]*tensor.Tensor, error) {
	a, err := c.str("approximate")
	if err != nil {
		return nil, err
	}
	op := tensor.OpGeluErf
	switch a {
	case "none":
	case "tanh":
		op = tensor.OpGeluTanh
	default:
		return nil, fmt.Errorf("unknown approximate %q", a)
	}
	if x := c.in[0]; x.DType() == tensor.F32 {
		if y := c.outInPlace(tensor.F32, x.Shape()); y != nil {
			return one(y, tensor.UnaryInto(y, op, x))
		}
	}
	return one(tensor.Unary(op, c.in[0]))
}
