package quant

import (
	"encoding/binary"
	"fmt"
	"math"
	"slices"

	"github.com/mlc-go/mlc/ir"
)

// The ops have no Fold: a folded quant.qcast would have to be a constant
// of a quantized tensor type, which a DenseElementsAttr cannot hold (its
// element types are integers and floats), so constant quantization is a
// rewrite, qcast(constant) -> scast(constant of the storage type). These
// helpers compute that constant (and the inverse) with the ops' exact
// semantics, for such a pattern and for the interpreter.

// QuantizeElements returns what quant.qcast computes for a constant: the
// stored integers of float data vals quantized to the ranked tensor type t
// (same shape, uniform or per-axis element type), as a dense attribute of
// t's shape and storage type (iN, or uiN for unsigned storage).
func QuantizeElements(ctx *ir.Context, vals *ir.DenseElementsAttr, t *ir.RankedTensorType) (*ir.DenseElementsAttr, error) {
	ft, ok := vals.Type.ElementType().(*ir.FloatType)
	if !ok {
		return nil, fmt.Errorf("quantizing needs float data, got %s", vals.Type)
	}
	storage, params, err := elementParams(t, vals.Type.Dims())
	if err != nil {
		return nil, err
	}
	if ElementType(t).ExpressedType() != ft {
		return nil, fmt.Errorf("expressed type of %s does not match %s", t, ft)
	}
	st := ctx.TensorType(t.Shape, storage, nil)
	w := ir.ElementByteWidth(storage)
	n := vals.NumElements()
	if ps, run := channelRuns(t, n); ft.Kind == ir.F32 && !vals.Splat && len(vals.Raw) == 4*n && ps != nil {
		return ctx.DenseElementsAttr(st, quantizeF32Raw(vals.Raw, n, w, ps, run)), nil
	}
	raw := make([]byte, 0, n*w)
	for i := 0; i < n; i++ {
		raw = ir.EncodeInt(raw, params(int64(i)).QuantizeAs(ft.Kind, vals.FloatAt(i)), w)
	}
	return ctx.DenseElementsAttr(st, raw), nil
}

// DequantizeElements returns what quant.dcast computes for stored integers
// (a dense attribute of t's shape and an integer type) read as values of
// the quantized tensor type t: a dense attribute of t's expressed type.
func DequantizeElements(ctx *ir.Context, stored *ir.DenseElementsAttr, t *ir.RankedTensorType) (*ir.DenseElementsAttr, error) {
	it, ok := stored.Type.ElementType().(*ir.IntegerType)
	if !ok || !IsStorageOf(it, ElementType(t)) {
		return nil, fmt.Errorf("%s does not hold the stored values of %s", stored.Type, t)
	}
	_, params, err := elementParams(t, stored.Type.Dims())
	if err != nil {
		return nil, err
	}
	ft := ElementType(t).ExpressedType()
	out := ctx.TensorType(t.Shape, ft, nil)
	n := stored.NumElements()
	raw := make([]byte, 0, n*ir.ElementByteWidth(ft))
	for i := 0; i < n; i++ {
		raw = ir.EncodeFloat(raw, ft.Kind, params(int64(i)).DequantizeAs(ft.Kind, stored.IntAt(i)))
	}
	return ctx.DenseElementsAttr(out, raw), nil
}

// elementParams checks that t is a static tensor of a uniform type whose
// shape is dims and whose storage can be held densely, and returns the
// storage type and the parameters of each linear element index.
func elementParams(t *ir.RankedTensorType, dims []int64) (*ir.IntegerType, func(int64) Params, error) {
	if !t.HasStaticShape() || !slices.Equal(t.Shape, dims) {
		return nil, nil, fmt.Errorf("%s does not have the static shape of the data", t)
	}
	if err := VerifyContainer(t); err != nil {
		return nil, nil, err
	}
	var storage *ir.IntegerType
	var params func(int64) Params
	switch q := t.Elem.(type) {
	case *UniformType:
		p := q.Params()
		storage, params = q.Storage, func(int64) Params { return p }
	case *UniformPerAxisType:
		storage, params = q.Storage, func(i int64) Params { return q.ParamsAt(q.ChannelOf(t.Shape, i)) }
	default:
		return nil, nil, fmt.Errorf("%s is not a tensor of a uniform quantized type", t)
	}
	if ir.ElementByteWidth(storage) == 0 {
		return nil, nil, fmt.Errorf("%d-bit storage has no dense attribute form", storage.Width)
	}
	return storage, params, nil
}

// channelRuns returns the parameters of each channel of t, of n elements
// (one for a per-tensor type), and the length of a run of elements of one
// channel: element i has those of channel (i / run) % len(ps), as
// ChannelOf says. ps is nil when t's channels do not match its shape.
func channelRuns(t *ir.RankedTensorType, n int) (ps []Params, run int) {
	switch q := t.Elem.(type) {
	case *UniformPerAxisType:
		if q.Axis >= len(t.Shape) || int(t.Shape[q.Axis]) != q.NumChannels() {
			return nil, 0
		}
		run = 1
		for _, d := range t.Shape[q.Axis+1:] {
			run *= int(d)
		}
		for ch := range q.NumChannels() {
			ps = append(ps, q.ParamsAt(ch))
		}
		return ps, max(run, 1)
	case *UniformType:
		return []Params{q.Params()}, max(n, 1)
	}
	return nil, 0
}

// quantizeF32Raw is QuantizeElements' loop for little-endian float32 data
// read straight from its bytes: Quantize32 per element, stored in w
// little-endian bytes as ir.EncodeInt would.
func quantizeF32Raw(src []byte, n, w int, ps []Params, run int) []byte {
	raw := make([]byte, n*w)
	ch, left := 0, run
	for i := range n {
		q := uint64(ps[ch].Quantize32(math.Float32frombits(binary.LittleEndian.Uint32(src[4*i:]))))
		for b := range w {
			raw[i*w+b] = byte(q >> (8 * b))
		}
		if left--; left == 0 {
			left = run
			if ch++; ch == len(ps) {
				ch = 0
			}
		}
	}
	return raw
}
