package interp

import (
	"github.com/mlc-go/mlc/dialects/quant"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// Fast paths of quant.qcast and quant.dcast between f32 and 8- or 16-bit
// stored values, per tensor or per axis, into recycled outputs. They
// compute what quantizeTensor and dequantizeTensor do, bit for bit:
// tensor.QuantizeF32ToStored is Quantize32, a dequantized value is
// Dequantize32's float32(q − zero) × scale (exact integers below 2^24),
// and per-tensor 8-bit values come from a table of its 256 results.

// storedLayout is a quantized type as the fast paths see it: the storage
// dtype and the parameters per channel (one for per-tensor types);
// element i lies in channel (i / inner) % len(ps).
type storedLayout struct {
	dt tensor.DType
	// ps holds per-axis parameters; per tensor it is nil and one holds
	// them (no allocation per call).
	ps    []quant.Params
	one   quant.Params
	inner int
}

// params is the parameters of block b.
func (l *storedLayout) params(b int) quant.Params {
	if l.ps == nil {
		return l.one
	}
	return l.ps[b%len(l.ps)]
}

// minFastInner: per-axis blocks shorter than this take the generic path
// (a call per block would cost more than it saves).
const minFastInner = 16

// fastLayout returns q's layout for a tensor of shape when the fast paths
// apply: f32 expressed, 8- or 16-bit storage, zero points within ±2^20.
func fastLayout(q quant.QuantizedType, shape []int64) (storedLayout, bool) {
	var l storedLayout
	n := 1
	for _, d := range shape {
		n *= int(d)
	}
	switch t := q.(type) {
	case *quant.UniformType:
		if t.Expressed.Kind != ir.F32 {
			return l, false
		}
		l.one, l.inner = t.Params(), n
	case *quant.UniformPerAxisType:
		if t.Expressed.Kind != ir.F32 || t.Axis >= len(shape) || int(shape[t.Axis]) != t.NumChannels() {
			return l, false
		}
		l.inner = 1
		for _, d := range shape[t.Axis+1:] {
			l.inner *= int(d)
		}
		if l.inner < minFastInner {
			return l, false
		}
		l.ps = make([]quant.Params, t.NumChannels())
		for ch := range l.ps {
			l.ps[ch] = t.ParamsAt(ch)
		}
	default:
		return l, false
	}
	dt, err := StorageDType(q)
	if err != nil {
		return l, false
	}
	var lo, hi int64
	switch dt {
	case tensor.I8:
		lo, hi = -128, 127
	case tensor.U8:
		lo, hi = 0, 255
	case tensor.I16:
		lo, hi = -32768, 32767
	case tensor.U16:
		lo, hi = 0, 65535
	default:
		return l, false
	}
	for b := range max(len(l.ps), 1) {
		if p := l.params(b); p.Min < lo || p.Max > hi || p.ZeroPoint < -(1<<20) || p.ZeroPoint > 1<<20 {
			return l, false
		}
	}
	l.dt = dt
	return l, true
}

// blocks calls f for each run of elements [lo, hi) of one channel.
func (l storedLayout) blocks(n int, f func(lo, hi int, p quant.Params)) {
	for b, lo := 0, 0; lo < n; b, lo = b+1, lo+l.inner {
		f(lo, min(lo+l.inner, n), l.params(b))
	}
}

func quantQCastFast(c *opCall) ([]*tensor.Tensor, bool) {
	x := c.in[0]
	if x.DType() != tensor.F32 {
		return nil, false
	}
	l, ok := fastLayout(quant.ElementType(c.op.Result(0).Type()), x.Shape())
	if !ok {
		return nil, false
	}
	shape := x.Shape()
	y := c.out(l.dt, shape)
	if y == nil {
		y = tensor.New(l.dt, shape...)
	}
	quantizeStored(y, x.Float32s(), l)
	return []*tensor.Tensor{y}, true
}

// quantizeStored quantizes src into y's storage (l.dt) as Quantize32 does.
func quantizeStored(y *tensor.Tensor, src []float32, l storedLayout) {
	l.blocks(len(src), func(lo, hi int, p quant.Params) {
		z, qlo, qhi := int32(p.ZeroPoint), int32(p.Min), int32(p.Max)
		s, scale := src[lo:hi], float32(p.Scale)
		switch d := y.Data().(type) {
		case []int8:
			tensor.QuantizeF32ToStored(d[lo:hi], s, scale, z, qlo, qhi)
		case []uint8:
			tensor.QuantizeF32ToStored(d[lo:hi], s, scale, z, qlo, qhi)
		case []int16:
			tensor.QuantizeF32ToStored(d[lo:hi], s, scale, z, qlo, qhi)
		case []uint16:
			tensor.QuantizeF32ToStored(d[lo:hi], s, scale, z, qlo, qhi)
		}
	})
}

func quantDCastFast(c *opCall) ([]*tensor.Tensor, bool) {
	x := c.in[0]
	l, ok := fastLayout(quant.ElementType(c.op.Operand(0).Type()), x.Shape())
	if !ok || x.DType() != l.dt {
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
	dequantizeStored(y.Float32s(), x, l)
	return []*tensor.Tensor{y}, true
}

// dequantizeStored dequantizes x's storage (l.dt) into out as Dequantize32
// does.
func dequantizeStored(out []float32, x *tensor.Tensor, l storedLayout) {
	if len(l.ps) <= 1 {
		p := l.params(0)
		z, scale := int32(p.ZeroPoint), float32(p.Scale)
		switch s := x.Data().(type) {
		case []int8:
			dequantBytes(out, s, z, scale)
			return
		case []uint8:
			dequantBytes(out, s, z, scale)
			return
		}
	}
	l.blocks(len(out), func(lo, hi int, p quant.Params) {
		z, scale := int32(p.ZeroPoint), float32(p.Scale)
		switch s := x.Data().(type) {
		case []int8:
			dequantRun(out[lo:hi], s[lo:hi], z, scale)
		case []uint8:
			dequantRun(out[lo:hi], s[lo:hi], z, scale)
		case []int16:
			dequantRun(out[lo:hi], s[lo:hi], z, scale)
		case []uint16:
			dequantRun(out[lo:hi], s[lo:hi], z, scale)
		}
	})
}

// dequantRun is Dequantize32 over a run of one channel: the difference
// is an exact float32 integer (below 2^24), times the scale.
func dequantRun[T int8 | uint8 | int16 | uint16](out []float32, s []T, z int32, scale float32) {
	const chunk = 1 << 14
	tensor.Parallel((len(s)+chunk-1)/chunk, float64(len(s))*2, func(t int) {
		lo, hi := t*chunk, min((t+1)*chunk, len(s))
		o := out[lo:hi]
		for i, v := range s[lo:hi] {
			o[i] = float32(int32(v)-z) * scale
		}
	})
}

// dequantBytes is dequantRun for 8-bit storage, through the AVX-512
// kernel where the CPU has one.
func dequantBytes[T int8 | uint8](out []float32, s []T, z int32, scale float32) {
	const chunk = 1 << 14
	if len(s) <= chunk { // one chunk: no closure to allocate
		dequantBytesRun(out, s, z, scale)
		return
	}
	tensor.Parallel((len(s)+chunk-1)/chunk, float64(len(s))*2, func(t int) {
		lo, hi := t*chunk, min((t+1)*chunk, len(s))
		dequantBytesRun(out[lo:hi], s[lo:hi], z, scale)
	})
}

func dequantBytesRun[T int8 | uint8](o []float32, in []T, z int32, scale float32) {
	for i := tensor.DequantizeBytesFast(o, in, z, scale); i < len(in); i++ {
		o[i] = float32(int32(in[i])-z) * scale
	}
}
