package interp

import (
	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// Fast paths of quant.qcast and quant.dcast between f32 and 8-bit values
// quantized per tensor (the activations of a QDQ model), into recycled
// outputs. They compute what quantizeTensor and dequantizeTensor do, bit
// for bit: a dequantized 8-bit value is one of 256 entries of a table of
// Dequantize32's results, and tensor.QuantizeF32To8 is Quantize32.

// perTensor8 returns the per-tensor parameters of q with an f32
// expressed type and 8-bit storage dt, or ok false.
func perTensor8(q quant.QuantizedType) (p quant.Params, dt tensor.DType, ok bool) {
	u, isU := q.(*quant.UniformType)
	if !isU || u.Expressed.Kind != ir.F32 {
		return p, 0, false
	}
	dt, err := StorageDType(u)
	if err != nil || (dt != tensor.I8 && dt != tensor.U8) {
		return p, 0, false
	}
	p = u.Params()
	if p.Min < -128 || p.Max > 255 || p.ZeroPoint < -(1<<20) || p.ZeroPoint > 1<<20 {
		return p, 0, false
	}
	return p, dt, true
}

func quantQCastFast(c *opCall) ([]*tensor.Tensor, bool) {
	p, dt, ok := perTensor8(quant.ElementType(c.op.Result(0).Type()))
	x := c.in[0]
	if !ok || x.DType() != tensor.F32 {
		return nil, false
	}
	shape := x.Shape()
	y := c.out(dt, shape)
	if y == nil {
		y = tensor.New(dt, shape...)
	}
	z, lo, hi := int32(p.ZeroPoint), int32(p.Min), int32(p.Max)
	switch d := y.Data().(type) {
	case []int8:
		tensor.QuantizeF32To8(d, x.Float32s(), float32(p.Scale), z, lo, hi)
	case []uint8:
		tensor.QuantizeF32To8(d, x.Float32s(), float32(p.Scale), z, lo, hi)
	default:
		return nil, false
	}
	return []*tensor.Tensor{y}, true
}

func quantDCastFast(c *opCall) ([]*tensor.Tensor, bool) {
	p, dt, ok := perTensor8(quant.ElementType(c.op.Operand(0).Type()))
	x := c.in[0]
	if !ok || x.DType() != dt {
		return nil, false
	}
	if rdt, err := c.resultDType(0); err != nil || rdt != tensor.F32 {
		return nil, false
	}
	shape := x.Shape()
	y := c.out(tensor.F32, shape)
	if y == nil {
		y = tensor.New(tensor.F32, shape...)
	}
	out := y.Float32s()
	var tab [256]float32
	switch s := x.Data().(type) {
	case []int8:
		for v := range 256 {
			tab[v] = p.Dequantize32(int64(int8(v)))
		}
		lookup(out, s, &tab)
	case []uint8:
		for v := range 256 {
			tab[v] = p.Dequantize32(int64(v))
		}
		lookup(out, s, &tab)
	default:
		return nil, false
	}
	return []*tensor.Tensor{y}, true
}

// lookup sets out[i] = tab[uint8(s[i])] in chunks over the SetThreads
// goroutines.
func lookup[T int8 | uint8](out []float32, s []T, tab *[256]float32) {
	const chunk = 1 << 14
	tensor.Parallel((len(s)+chunk-1)/chunk, float64(len(s))*2, func(t int) {
		lo, hi := t*chunk, min((t+1)*chunk, len(s))
		o := out[lo:hi]
		for i, v := range s[lo:hi] {
			o[i] = tab[uint8(v)]
		}
	})
}
