package onnx

import (
	"fmt"
	"math"
	"strings"

	"github.com/mlc-go/mlc/ir"
)

// maxFoldElems bounds the constants evaluated at import time (shape
// arithmetic, Range, ConstantOfShape, …): larger ones become IR.
const maxFoldElems = 1 << 16

// inlineBytes: constants up to this size print inline as dense<…>;
// larger ones become dense_resource blobs.
const inlineBytes = 64

// value is what an ONNX name stands for during import: an SSA value,
// constant data, or both once the constant has been materialised.
type value struct {
	name string
	typ  *ir.RankedTensorType
	v    *ir.Value // nil until needed as an operand
	raw  []byte    // little-endian constant data (initializers, Constant)
	// splat: raw holds one element that fills the whole tensor.
	splat bool
	host  *host // small constant known at import time
	loc   ir.Location
	// q is the quantized SSA form of a QuantizeLinear-like result, whose
	// ONNX type (typ) is its storage integers; v is made from it by a
	// quant.scast only when a consumer needs the integers.
	q *ir.Value
}

// isConst reports whether the value is known at import time.
func (v *value) isConst() bool { return v != nil && (v.raw != nil || v.host != nil) }

// host is a small tensor evaluated at import time. Integer and bool
// elements live in ints, float elements in floats (rounded to the element
// type). Shapes of tensors with dynamic dims are partially known: unknown
// marks the elements that are not.
type host struct {
	elem    ir.Type
	shape   []int64
	ints    []int64
	floats  []float64
	unknown []bool
	// syms says, for unknown elements copied out of a Shape, which dim of
	// which value they are; Reshape uses it to cancel that dim.
	syms []dimSym
}

// dimSym names dim 'dim' of value v.
type dimSym struct {
	v   *value
	dim int
}

func (h *host) len() int {
	if h.floats != nil || isFloatType(h.elem) {
		return len(h.floats)
	}
	return len(h.ints)
}

// known reports whether every element is known.
func (h *host) known() bool {
	for _, u := range h.unknown {
		if u {
			return false
		}
	}
	return true
}

func (h *host) isUnknown(i int) bool { return h.unknown != nil && h.unknown[i] }

// float returns element i as a float64 (ints converted).
func (h *host) float(i int) float64 {
	if isFloatType(h.elem) {
		return h.floats[i]
	}
	if isUnsigned(h.elem) {
		return float64(uint64(h.ints[i]))
	}
	return float64(h.ints[i])
}

// int returns element i as an int64 (floats truncated).
func (h *host) int(i int) int64 {
	if isFloatType(h.elem) {
		return int64(h.floats[i])
	}
	return h.ints[i]
}

// newHost allocates a host tensor of n elements.
func newHost(elem ir.Type, shape []int64) *host {
	n := 1
	for _, d := range shape {
		n *= int(d)
	}
	h := &host{elem: elem, shape: shape}
	if isFloatType(elem) {
		h.floats = make([]float64, n)
	} else {
		h.ints = make([]int64, n)
	}
	return h
}

// setFloat stores v rounded to the element type (wrapping integers).
func (h *host) setFloat(i int, v float64) {
	if ft, ok := h.elem.(*ir.FloatType); ok {
		h.floats[i] = ir.RoundToFloatType(ft.Kind, v)
		return
	}
	h.setInt(i, int64(v))
}

// setInt stores v wrapped to the element type.
func (h *host) setInt(i int, v int64) {
	if ft, ok := h.elem.(*ir.FloatType); ok {
		h.floats[i] = ir.RoundToFloatType(ft.Kind, float64(v))
		return
	}
	h.ints[i] = wrapTo(h.elem, v)
}

func (h *host) markUnknown(i int) {
	if h.unknown == nil {
		h.unknown = make([]bool, h.len())
	}
	h.unknown[i] = true
}

// setSym marks element i as unknown dim d of v.
func (h *host) setSym(i int, s dimSym) {
	h.markUnknown(i)
	if h.syms == nil {
		h.syms = make([]dimSym, h.len())
	}
	h.syms[i] = s
}

// sym is element i's symbol, if it has one.
func (h *host) sym(i int) (dimSym, bool) {
	if h.syms == nil || h.syms[i].v == nil {
		return dimSym{}, false
	}
	return h.syms[i], true
}

// wrapTo truncates v to an integer type's width (i1: non-zero is 1).
func wrapTo(t ir.Type, v int64) int64 {
	it, ok := t.(*ir.IntegerType)
	if !ok || it.Width >= 64 {
		return v
	}
	if it.Width == 1 {
		if v != 0 {
			return 1
		}
		return 0
	}
	shift := 64 - uint(it.Width)
	if it.Signedness == ir.Unsigned {
		return int64(uint64(v) << shift >> shift)
	}
	return v << shift >> shift
}

// hostFromRaw decodes little-endian constant data.
func hostFromRaw(elem ir.Type, shape []int64, raw []byte) *host {
	h := newHost(elem, shape)
	w := ir.ElementByteWidth(elem)
	for i := 0; i < h.len(); i++ {
		b := raw[i*w : (i+1)*w]
		if ft, ok := elem.(*ir.FloatType); ok {
			h.floats[i] = ir.DecodeFloat(ft.Kind, b)
			continue
		}
		var u uint64
		for k := w - 1; k >= 0; k-- {
			u = u<<8 | uint64(b[k])
		}
		h.ints[i] = wrapTo(elem, int64(u))
	}
	return h
}

// bytes encodes a fully known host tensor little-endian.
func (h *host) bytes() []byte {
	w := ir.ElementByteWidth(h.elem)
	out := make([]byte, 0, h.len()*w)
	for i := 0; i < h.len(); i++ {
		if ft, ok := h.elem.(*ir.FloatType); ok {
			out = ir.EncodeFloat(out, ft.Kind, h.floats[i])
		} else {
			out = ir.EncodeInt(out, h.ints[i], w)
		}
	}
	return out
}

// hostOf returns the value's import-time contents, decoding constant data
// that is small enough; nil for values not known at import time.
func (im *importer) hostOf(v *value) *host {
	if v == nil {
		return nil
	}
	if v.host != nil {
		return v.host
	}
	if v.raw != nil && v.typ.NumElements() <= maxFoldElems {
		if v.splat {
			h, err := hostExpand(hostFromRaw(v.typ.Elem, nil, v.raw), v.typ.Shape)
			if err != nil {
				return nil
			}
			v.host = h
		} else {
			v.host = hostFromRaw(v.typ.Elem, v.typ.Shape, v.raw)
		}
		return v.host
	}
	return nil
}

// materialize gives the value an SSA form, creating a torch.constant for
// constant data at the builder's insertion point.
func (im *importer) materialize(v *value) (*ir.Value, error) {
	if v.v != nil {
		return v.v, nil
	}
	if v.q != nil {
		op := im.b.Create(ir.OperationState{Name: "quant.scast", Operands: []*ir.Value{v.q}, ResultTypes: []ir.Type{v.typ}, Loc: v.loc})
		v.v = op.Result(0)
		return v.v, nil
	}
	raw := v.raw
	if raw == nil {
		if v.host == nil {
			return nil, fmt.Errorf("value '%s' has no definition", v.name)
		}
		if !v.host.known() {
			return nil, fmt.Errorf("value '%s' depends on dynamic dims (%s) and the torch dialect has no op to compute it at run time", v.name, v.typ)
		}
		raw = v.host.bytes()
	}
	w := int64(ir.ElementByteWidth(v.typ.Elem))
	if !(v.splat && int64(len(raw)) == w) && int64(len(raw)) != v.typ.NumElements()*w {
		return nil, fmt.Errorf("constant '%s' has %d bytes of data, which does not fit %s", v.name, len(raw), v.typ)
	}
	var attr ir.Attribute
	if len(raw) <= inlineBytes || v.splat {
		attr = im.ctx.DenseElementsAttr(v.typ, raw)
	} else {
		blob := im.ctx.NewResource("builtin", resourceKey(v.name), uint32(max(ir.ElementByteWidth(v.typ.Elem), 1)), raw)
		for _, f := range im.files {
			if f.Mapped() && f.Holds(raw) {
				blob.Release = f.Release
			}
		}
		attr = im.ctx.DenseResourceAttr(v.typ, blob)
	}
	op := im.b.Create(ir.OperationState{
		Name:        "torch.constant",
		ResultTypes: []ir.Type{v.typ},
		Props:       im.ctx.DictionaryAttr([]ir.NamedAttr{{Name: "value", Value: attr}}),
		Loc:         v.loc,
	})
	v.v = op.Result(0)
	return v.v, nil
}

// resourceKey turns a value name into a bare identifier usable as a
// dense_resource key (the context makes it unique).
func resourceKey(name string) string {
	var b strings.Builder
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' {
			b.WriteByte(c)
		} else {
			b.WriteByte('_')
		}
	}
	s := b.String()
	if s == "" || s[0] >= '0' && s[0] <= '9' || s[0] == '.' {
		s = "_" + s
	}
	return s
}

// scalarHost makes a 0-D host constant.
func scalarHost(elem ir.Type, v float64) *host {
	h := newHost(elem, nil)
	h.setFloat(0, v)
	return h
}

// intsHost makes a 1-D i64 host constant.
func intsHost(ctx *ir.Context, vals []int64) *host {
	return &host{elem: ctx.I(64), shape: []int64{int64(len(vals))}, ints: append([]int64{}, vals...)}
}

// isNaNOrInf reports whether f is not finite.
func isNaNOrInf(f float64) bool { return math.IsNaN(f) || math.IsInf(f, 0) }
