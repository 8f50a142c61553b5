package onnx

import (
	"fmt"
	"math"
	"slices"

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

// arith is a binary arithmetic kernel: float and integer forms.
type arith struct {
	f func(x, y float64) float64
	i func(x, y int64) (int64, bool) // false: undefined (division by zero)
}

var arithKernels = map[string]arith{
	"Add": {func(x, y float64) float64 { return x + y }, func(x, y int64) (int64, bool) { return x + y, true }},
	"Sub": {func(x, y float64) float64 { return x - y }, func(x, y int64) (int64, bool) { return x - y, true }},
	"Mul": {func(x, y float64) float64 { return x * y }, func(x, y int64) (int64, bool) { return x * y, true }},
	"Div": {func(x, y float64) float64 { return x / y }, func(x, y int64) (int64, bool) {
		if y == 0 || (x == math.MinInt64 && y == -1) {
			return 0, false
		}
		return x / y, true
	}},
	// Mod is Python's remainder (the divisor's sign), FMod C's fmod.
	"Mod": {func(x, y float64) float64 { return x - y*math.Floor(x/y) }, func(x, y int64) (int64, bool) {
		if y == 0 {
			return 0, false
		}
		r := x % y
		if r != 0 && (r < 0) != (y < 0) {
			r += y
		}
		return r, true
	}},
	"FMod": {math.Mod, func(x, y int64) (int64, bool) {
		if y == 0 {
			return 0, false
		}
		return x % y, true
	}},
	"Max": {math.Max, func(x, y int64) (int64, bool) { return max(x, y), true }},
	"Min": {math.Min, func(x, y int64) (int64, bool) { return min(x, y), true }},
}

// hostArith folds a binary arithmetic op on same-typed inputs.
func hostArith(k arith, a, b *host) (*host, error) {
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

// compare kernels give i1 results.
var compareKernels = map[string]func(x, y float64) bool{
	"Equal":          func(x, y float64) bool { return x == y },
	"Less":           func(x, y float64) bool { return x < y },
	"LessOrEqual":    func(x, y float64) bool { return x <= y },
	"Greater":        func(x, y float64) bool { return x > y },
	"GreaterOrEqual": func(x, y float64) bool { return x >= y },
}

func hostCompare(ctx *ir.Context, f func(x, y float64) bool, a, b *host) (*host, error) {
	return hostMap(ctx.I(1), []*host{a, b}, func(o *host, i int, idx []int) {
		var r bool
		if isFloatType(a.elem) {
			r = f(a.floats[idx[0]], b.floats[idx[1]])
		} else {
			// Integers compare exactly, not through float64.
			x, y := a.ints[idx[0]], b.ints[idx[1]]
			r = f(float64(cmpInt(x, y)), 0)
		}
		if r {
			o.ints[i] = 1
		}
	})
}

func cmpInt(x, y int64) int {
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// hostCast converts elements as ONNX Cast does: floats to integers
// truncate toward zero, anything to bool tests for non-zero.
func hostCast(h *host, elem ir.Type) *host {
	out := newHost(elem, h.shape)
	out.unknown = h.unknown
	if !isFloatType(elem) && !isBool(elem) && !isFloatType(h.elem) {
		out.syms = h.syms
	}
	for i := 0; i < h.len(); i++ {
		switch {
		case isBool(elem):
			if h.float(i) != 0 {
				out.ints[i] = 1
			}
		case isFloatType(elem):
			out.setFloat(i, h.float(i))
		case isFloatType(h.elem):
			f := math.Trunc(h.floats[i])
			if math.IsNaN(f) || f >= 9.3e18 || f <= -9.3e18 {
				out.setInt(i, 0)
			} else {
				out.setInt(i, int64(f))
			}
		default:
			out.setInt(i, h.ints[i])
		}
	}
	return out
}

// hostTranspose permutes dims.
func hostTranspose(h *host, perm []int) *host {
	shape := make([]int64, len(perm))
	for i, p := range perm {
		shape[i] = h.shape[p]
	}
	out := newHost(h.elem, shape)
	in := strides(h.shape)
	os := strides(shape)
	for i := 0; i < out.len(); i++ {
		var j int64
		for k, p := range perm {
			j += (int64(i) / os[k] % shape[k]) * in[p]
		}
		copyElem(out, i, h, int(j))
	}
	return out
}

// hostGather is numpy's take along axis with normalised indices.
func hostGather(h *host, idx []int64, idxShape []int64, axis int) *host {
	shape := slices.Concat(h.shape[:axis], idxShape, h.shape[axis+1:])
	out := newHost(h.elem, shape)
	outer := int64(1)
	for _, d := range h.shape[:axis] {
		outer *= d
	}
	inner := int64(1)
	for _, d := range h.shape[axis+1:] {
		inner *= d
	}
	n := h.shape[axis]
	i := 0
	for o := int64(0); o < outer; o++ {
		for _, ix := range idx {
			for k := int64(0); k < inner; k++ {
				copyElem(out, i, h, int((o*n+ix)*inner+k))
				i++
			}
		}
	}
	return out
}

// hostConcat joins hosts along axis.
func hostConcat(hs []*host, axis int) *host {
	shape := slices.Clone(hs[0].shape)
	shape[axis] = 0
	for _, h := range hs {
		shape[axis] += h.shape[axis]
	}
	out := newHost(hs[0].elem, shape)
	outer := int64(1)
	for _, d := range shape[:axis] {
		outer *= d
	}
	i := 0
	for o := int64(0); o < outer; o++ {
		for _, h := range hs {
			chunk := int64(1)
			for _, d := range h.shape[axis:] {
				chunk *= d
			}
			for k := int64(0); k < chunk; k++ {
				copyElem(out, i, h, int(o*chunk+k))
				i++
			}
		}
	}
	return out
}

// hostSlice takes start:end:step ranges (already clamped) per dim.
func hostSlice(h *host, starts, steps, counts []int64) *host {
	out := newHost(h.elem, counts)
	in := strides(h.shape)
	os := strides(counts)
	for i := 0; i < out.len(); i++ {
		var j int64
		for k := range counts {
			c := int64(i) / os[k] % counts[k]
			j += (starts[k] + c*steps[k]) * in[k]
		}
		copyElem(out, i, h, int(j))
	}
	return out
}

// hostExpand broadcasts h to shape.
func hostExpand(h *host, shape []int64) *host {
	out := newHost(h.elem, shape)
	os := strides(shape)
	is := strides(h.shape)
	for i := 0; i < out.len(); i++ {
		copyElem(out, i, h, int(broadcastIndex(int64(i), shape, os, h.shape, is)))
	}
	return out
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
