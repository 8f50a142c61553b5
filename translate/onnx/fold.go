package onnx

import (
	"fmt"
	"math"
	"slices"

	"github.com/mlc-go/mlc/dialects/core"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// Host kernels evaluate small constants at import time (shape arithmetic
// and the like). Hosts are immutable once built, so results may share
// element slices with their inputs. Unknown elements (dims that are
// dynamic) propagate: a result element depending on one is unknown.

// foldable reports whether a result of this shape is small enough to be
// evaluated at import time.
func foldable(shape []int64) bool {
	if len(shape) > maxRank {
		return false
	}
	n := int64(1)
	for _, d := range shape {
		if d < 0 {
			return false
		}
		if d > 0 && n > maxFoldElems/d {
			return false
		}
		n *= d
	}
	return n <= maxFoldElems
}

func strides(shape []int64) []int64 {
	s := make([]int64, len(shape))
	acc := int64(1)
	for i := len(shape) - 1; i >= 0; i-- {
		s[i] = acc
		acc *= shape[i]
	}
	return s
}

// copyElem copies element j of src into element i of dst (same kind).
func copyElem(dst *host, i int, src *host, j int) {
	if dst.floats != nil || isFloatType(dst.elem) {
		dst.floats[i] = src.floats[j]
	} else {
		dst.ints[i] = src.ints[j]
	}
	if s, ok := src.sym(j); ok {
		dst.setSym(i, s)
	} else if src.isUnknown(j) {
		dst.markUnknown(i)
	}
}

// reshaped shares h's elements under a new shape.
func (h *host) reshaped(shape []int64) *host {
	return &host{elem: h.elem, shape: shape, ints: h.ints, floats: h.floats, unknown: h.unknown, syms: h.syms}
}

// broadcastShapes is numpy's multidirectional broadcast of static shapes;
// ir.Dynamic dims follow the torch rule (a '?' against n gives n unless n
// is 1).
func broadcastShapes(a, b []int64) ([]int64, error) {
	out, _, ok := tensor.BroadcastPair(a, b, true)
	if !ok {
		return nil, fmt.Errorf("shapes [%s] and [%s] do not broadcast", fmtShape(a), fmtShape(b))
	}
	return out, nil
}

// broadcastIndex maps a flat index of out to the flat index of an input
// of shape in (aligned from the right).
func broadcastIndex(idx int64, out, outStrides, in, inStrides []int64) int64 {
	var j int64
	off := len(out) - len(in)
	for k := range in {
		c := (idx / outStrides[k+off]) % out[k+off]
		if in[k] != 1 {
			j += c * inStrides[k]
		}
	}
	return j
}

// hostMap applies f elementwise over broadcast inputs into a result of
// element type elem; f gets each input's host and element index.
func hostMap(elem ir.Type, ins []*host, f func(out *host, i int, idx []int)) (*host, error) {
	shape := []int64{}
	for _, h := range ins {
		var err error
		if shape, err = broadcastShapes(shape, h.shape); err != nil {
			return nil, err
		}
	}
	if !foldable(shape) {
		return nil, errNoFold
	}
	out := newHost(elem, shape)
	os := strides(shape)
	ss := make([][]int64, len(ins))
	for k, h := range ins {
		ss[k] = strides(h.shape)
	}
	idx := make([]int, len(ins))
	for i := 0; i < out.len(); i++ {
		unknown := false
		for k, h := range ins {
			idx[k] = int(broadcastIndex(int64(i), shape, os, h.shape, ss[k]))
			unknown = unknown || h.isUnknown(idx[k])
		}
		if unknown {
			out.markUnknown(i)
			continue
		}
		f(out, i, idx)
	}
	return out, nil
}

// arith is a binary arithmetic kernel: the interpreter's (tensor.Binary)
// where internal/tensor has one, else float and integer forms.
type arith struct {
	op     tensor.BinaryOp
	kernel bool
	f      func(x, y float64) float64
	i      func(x, y int64) (int64, bool) // false: undefined (division by zero)
}

var arithKernels = map[string]arith{
	"Add": {op: tensor.OpAdd, kernel: true},
	"Sub": {op: tensor.OpSub, kernel: true},
	"Mul": {op: tensor.OpMul, kernel: true},
	"Div": {op: tensor.OpDiv, kernel: true},
	"Max": {op: tensor.OpMax, kernel: true},
	"Min": {op: tensor.OpMin, kernel: true},
	// Mod is Python's remainder (the divisor's sign), FMod C's fmod.
	"Mod": {f: func(x, y float64) float64 { return x - y*math.Floor(x/y) }, i: func(x, y int64) (int64, bool) {
		if y == 0 {
			return 0, false
		}
		r := x % y
		if r != 0 && (r < 0) != (y < 0) {
			r += y
		}
		return r, true
	}},
	"FMod": {f: math.Mod, i: func(x, y int64) (int64, bool) {
		if y == 0 {
			return 0, false
		}
		return x % y, true
	}},
}

// hostArith folds a binary arithmetic op on same-typed inputs.
func hostArith(k arith, a, b *host) (*host, error) {
	if k.kernel {
		return hostKernel(a.elem, []*host{a, b}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
			return tensor.Binary(k.op, in[0], in[1])
		})
	}
	var bad error
	out, err := hostMap(a.elem, []*host{a, b}, func(o *host, i int, idx []int) {
		if isFloatType(a.elem) {
			o.setFloat(i, k.f(a.floats[idx[0]], b.floats[idx[1]]))
			return
		}
		v, ok := k.i(a.ints[idx[0]], b.ints[idx[1]])
		if !ok {
			bad = errNoFold
		}
		o.setInt(i, v)
	})
	if err == nil {
		err = bad
	}
	return out, err
}

// compareKernels are the interpreter's comparisons (i1 results).
var compareKernels = map[string]tensor.CompareOp{
	"Equal": tensor.OpEqual, "Less": tensor.OpLess, "LessOrEqual": tensor.OpLessEqual,
	"Greater": tensor.OpGreater, "GreaterOrEqual": tensor.OpGreaterEqual,
}

func hostCompare(ctx *ir.Context, op tensor.CompareOp, a, b *host) (*host, error) {
	return hostKernel(ctx.I(1), []*host{a, b}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
		return tensor.Compare(op, in[0], in[1])
	})
}

// hostKernel sets result i to hostKernel's result.
func (c *nodeCtx) hostKernel(i int, elem ir.Type, ins []*host, k func(in []*tensor.Tensor) (*tensor.Tensor, error)) error {
	out, err := hostKernel(elem, ins, k)
	if err != nil {
		return err
	}
	c.setHost(i, out)
	return nil
}

// hostTensor is h as a tensor of its element type's dtype, with unknown
// elements read as 1 (so that they cannot fail a kernel), and its unknown
// elements as a Bool mask (nil when all are known).
func hostTensor(h *host) (t, mask *tensor.Tensor, err error) {
	dt, ok := core.DTypeOf(h.elem)
	if !ok {
		return nil, nil, errNoFold
	}
	n := h.len()
	if isFloatType(h.elem) {
		v := slices.Clone(h.floats)
		for i := range v {
			if h.isUnknown(i) {
				v[i] = 1
			}
		}
		t, err = tensor.FromSlice(tensor.F64, slices.Clone(h.shape), v)
	} else {
		v := slices.Clone(h.ints)
		for i := range v {
			if h.isUnknown(i) {
				v[i] = 1
			}
		}
		t, err = tensor.FromSlice(tensor.I64, slices.Clone(h.shape), v)
	}
	if err == nil {
		t, err = tensor.Cast(t, dt) // exact: the values are dt's
	}
	if err != nil || h.known() {
		return t, nil, err
	}
	mask, err = tensor.FromSlice(tensor.Bool, slices.Clone(h.shape), slices.Clone(h.unknown[:n]))
	return t, mask, err
}

// hostKernel folds an elementwise op with the interpreter's kernel k: an
// element of the result is unknown where an operand's (broadcast) element
// is.
func hostKernel(elem ir.Type, ins []*host, k func(in []*tensor.Tensor) (*tensor.Tensor, error)) (*host, error) {
	shapes := make([][]int64, len(ins))
	for i, h := range ins {
		shapes[i] = h.shape
	}
	if shape, err := tensor.BroadcastShapes(shapes...); err != nil || !foldable(shape) {
		return nil, errNoFold
	}
	ts := make([]*tensor.Tensor, len(ins))
	var unknown *tensor.Tensor
	for i, h := range ins {
		t, mask, err := hostTensor(h)
		if err != nil {
			return nil, err
		}
		ts[i] = t
		if mask == nil {
			continue
		}
		if unknown == nil {
			unknown = mask
		} else if unknown, err = tensor.Logical(tensor.OpOr, unknown, mask); err != nil {
			return nil, errNoFold
		}
	}
	out, err := k(ts)
	if err != nil || !foldable(out.Shape()) {
		return nil, errNoFold
	}
	h := newHost(elem, slices.Clone(out.Shape()))
	switch {
	case isFloatType(elem):
		copy(h.floats, out.Values())
	case out.DType() == tensor.Bool:
		for i, b := range out.Bools() {
			if b {
				h.ints[i] = 1
			}
		}
	default:
		for i, v := range out.IntValues() {
			h.setInt(i, v)
		}
	}
	if unknown != nil {
		if unknown, err = tensor.BroadcastTo(unknown, out.Shape()); err != nil {
			return nil, errNoFold
		}
		for i, u := range unknown.Bools() {
			if u {
				h.markUnknown(i)
			}
		}
	}
	return h, nil
}

// hostCast converts elements with the interpreter's Cast (ONNX Cast:
// floats to integers truncate toward zero and saturate, NaN gives 0,
// anything to bool tests for non-zero). Integer to integer casts keep the
// symbols of unknown dims.
func hostCast(h *host, elem ir.Type) (*host, error) {
	dt, ok := core.DTypeOf(elem)
	if !ok {
		return nil, errNoFold
	}
	out, err := hostKernel(elem, []*host{h}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
		return tensor.Cast(in[0], dt)
	})
	if err != nil {
		return nil, err
	}
	if !isFloatType(elem) && !isBool(elem) && !isFloatType(h.elem) {
		out.syms = h.syms
	}
	return out, nil
}

// hostReduce folds a reduction over dims with the interpreter's
// tensor.Reduce; a result element is unknown where any element it reduces
// is.
func hostReduce(h *host, op tensor.ReduceOp, dims []int64, keep bool) (*host, error) {
	t, mask, err := hostTensor(h)
	if err != nil {
		return nil, err
	}
	axes := make([]int, len(dims))
	for i, d := range dims {
		axes[i] = int(d)
	}
	r, err := tensor.Reduce(op, t, axes, keep)
	if err != nil {
		return nil, errNoFold
	}
	out := newHost(h.elem, slices.Clone(r.Shape()))
	for i, v := range r.IntValues() {
		out.setInt(i, v)
	}
	if mask != nil {
		m, err := tensor.Cast(mask, tensor.I64)
		if err == nil {
			m, err = tensor.Reduce(tensor.ReduceMax, m, axes, keep)
		}
		if err != nil {
			return nil, errNoFold
		}
		for i, u := range m.IntValues() {
			if u != 0 {
				out.markUnknown(i)
			}
		}
	}
	return out, nil
}

// flatIndices is a tensor of shape holding each element's flat index plus base.
func flatIndices(shape []int64, base int64) (*tensor.Tensor, error) {
	n := 1
	for _, d := range shape {
		n *= int(d)
	}
	v := make([]int64, n)
	for i := range v {
		v[i] = base + int64(i)
	}
	return tensor.FromSlice(tensor.I64, slices.Clone(shape), v)
}

// hostMove folds data movement with the interpreter's kernel k, run on
// the inputs' flat element indices: element i of the result is a copy
// (value, unknown mark and symbol) of the element k put there. hs share
// one element type; their indices count on from one host to the next.
func hostMove(hs []*host, k func(idx []*tensor.Tensor) (*tensor.Tensor, error)) (*host, error) {
	idx := make([]*tensor.Tensor, len(hs))
	base := int64(0)
	for i, h := range hs {
		var err error
		if idx[i], err = flatIndices(h.shape, base); err != nil {
			return nil, errNoFold
		}
		base += int64(h.len())
	}
	out, err := k(idx)
	if err != nil || !foldable(out.Shape()) {
		return nil, errNoFold
	}
	res := newHost(hs[0].elem, slices.Clone(out.Shape()))
	for i, from := range out.IntValues() {
		src := 0
		for from >= int64(hs[src].len()) {
			from -= int64(hs[src].len())
			src++
		}
		copyElem(res, i, hs[src], int(from))
	}
	return res, nil
}

// hostTranspose permutes dims.
func hostTranspose(h *host, perm []int) (*host, error) {
	return hostMove([]*host{h}, func(x []*tensor.Tensor) (*tensor.Tensor, error) { return tensor.Transpose(x[0], perm) })
}

// hostGather is ONNX Gather along axis.
func hostGather(h *host, idx []int64, idxShape []int64, axis int) (*host, error) {
	it, err := tensor.FromSlice(tensor.I64, slices.Clone(idxShape), slices.Clone(idx))
	if err != nil {
		return nil, errNoFold
	}
	return hostMove([]*host{h}, func(x []*tensor.Tensor) (*tensor.Tensor, error) { return tensor.Gather(x[0], it, axis) })
}

// hostConcat joins hosts along axis.
func hostConcat(hs []*host, axis int) (*host, error) {
	return hostMove(hs, func(x []*tensor.Tensor) (*tensor.Tensor, error) { return tensor.Concat(axis, x...) })
}

// hostSlice takes ONNX Slice ranges (starts, ends, steps on axes).
func hostSlice(h *host, starts, ends []int64, axes []int, steps []int64) (*host, error) {
	return hostMove([]*host{h}, func(x []*tensor.Tensor) (*tensor.Tensor, error) {
		return tensor.Slice(x[0], starts, ends, axes, steps)
	})
}

// hostExpand broadcasts h to shape.
func hostExpand(h *host, shape []int64) (*host, error) {
	return hostMove([]*host{h}, func(x []*tensor.Tensor) (*tensor.Tensor, error) { return tensor.BroadcastTo(x[0], shape) })
}

// sliceRange clamps an ONNX Slice range on a dim of size d and returns
// the first index and the element count.
func sliceRange(start, end, step, d int64) (int64, int64) {
	clamp := func(v, lo, hi int64) int64 { return min(max(v, lo), hi) }
	if start < 0 {
		start += d
	}
	if end < 0 {
		end += d
	}
	// Counts divide unsigned: a step near ±2^63 must not overflow.
	if step > 0 {
		start, end = clamp(start, 0, d), clamp(end, 0, d)
		if end <= start {
			return start, 0
		}
		return start, 1 + int64(uint64(end-start-1)/uint64(step))
	}
	start, end = clamp(start, -1, d-1), clamp(end, -1, d-1)
	if end >= start {
		return start, 0
	}
	return start, 1 + int64(uint64(start-end-1)/uint64(-step))
}
