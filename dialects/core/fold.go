package core

import (
	"math"

	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/ir"
)

// Constant folding. Folders read dense operands (splat or not), compute
// in float64 (floats, then rounded once to the result's element type) or
// in int64 (signless integers read as two's complement, results wrapped
// to the element width), and return a dense attribute of the result type.
// They give up (return nil) on non-dense operands, on results with more
// than MaxFoldElements elements unless the result is a splat, and on
// values whose result is undefined (integer division by zero, float to
// integer casts out of range).

// MaxFoldElements bounds the size of non-splat folded constants.
const MaxFoldElements = 1 << 16

// scalar is one element: f for float element types, i for integers.
type scalar struct {
	f float64
	i int64
}

func denseOf(a ir.Attribute) *ir.DenseElementsAttr {
	d, _ := a.(*ir.DenseElementsAttr)
	return d
}

func at(d *ir.DenseElementsAttr, k int) scalar {
	if ir.IsFloat(d.Type.ElementType()) {
		return scalar{f: d.FloatAt(k)}
	}
	return scalar{i: d.IntAt(k)}
}

// put appends s as one element of type elem. A NaN becomes the canonical
// quiet NaN, so folds do not depend on the host's NaN sign (x86 produces
// negative NaNs, arm64 positive ones).
func put(dst []byte, elem ir.Type, s scalar) []byte {
	if ft, ok := elem.(*ir.FloatType); ok {
		if math.IsNaN(s.f) {
			s.f = math.NaN()
		}
		return ir.EncodeFloat(dst, ft.Kind, s.f)
	}
	if ir.IsInteger(elem, 1) {
		return append(dst, byte(s.i&1))
	}
	return ir.EncodeInt(dst, s.i, ir.ElementByteWidth(elem))
}

// resultType is op's single result as a static tensor the folder can
// build a dense attribute of, or nil.
func resultType(op *ir.Operation) *ir.RankedTensorType {
	if op.NumResults() != 1 {
		return nil
	}
	t, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok || !t.HasStaticShape() || ir.ElementByteWidth(t.Elem) == 0 {
		return nil
	}
	return t
}

// bcastStrides gives, per dimension of out, the element stride of a
// tensor of shape in broadcast to out (0 along broadcast dimensions).
func bcastStrides(out, in []int64) []int64 {
	st := make([]int64, len(out))
	s := int64(1)
	for i := len(in) - 1; i >= 0; i-- {
		o := len(out) - len(in) + i
		if in[i] != 1 {
			st[o] = s
		}
		s *= in[i]
	}
	return st
}

// walk calls fn for every index of shape in row-major order with, per
// stride vector, the matching linear offset.
func walk(shape []int64, strides [][]int64, fn func(k int, offs []int64)) {
	n := numElements(shape)
	if n == 0 {
		return
	}
	idx := make([]int64, len(shape))
	offs := make([]int64, len(strides))
	for k := 0; k < int(n); k++ {
		fn(k, offs)
		for d := len(shape) - 1; d >= 0; d-- {
			idx[d]++
			for j := range strides {
				offs[j] += strides[j][d]
			}
			if idx[d] < shape[d] {
				break
			}
			for j := range strides {
				offs[j] -= strides[j][d] * shape[d]
			}
			idx[d] = 0
		}
	}
}

// elementwise folds an op whose result element k is fn of the operands'
// (broadcast) elements. fn reports false when it cannot fold a value.
func elementwise(fn func(op *ir.Operation, xs []scalar) (scalar, bool)) ods.FoldFunc {
	return func(op *ir.Operation, operands []ir.Attribute) []ir.Attribute {
		rt := resultType(op)
		if rt == nil || len(operands) == 0 || numElements(rt.Shape) == 0 {
			return nil
		}
		ds := make([]*ir.DenseElementsAttr, len(operands))
		allSplat := true
		for i, a := range operands {
			if ds[i] = denseOf(a); ds[i] == nil {
				return nil
			}
			allSplat = allSplat && ds[i].Splat
		}
		xs := make([]scalar, len(ds))
		if allSplat {
			for i, d := range ds {
				xs[i] = at(d, 0)
			}
			s, ok := fn(op, xs)
			if !ok {
				return nil
			}
			return []ir.Attribute{op.Ctx().DenseElementsAttr(rt, put(nil, rt.Elem, s))}
		}
		n := numElements(rt.Shape)
		if n > MaxFoldElements {
			return nil
		}
		strides := make([][]int64, len(ds))
		for i, d := range ds {
			strides[i] = bcastStrides(rt.Shape, d.Type.Dims())
		}
		raw := make([]byte, 0, int(n)*ir.ElementByteWidth(rt.Elem))
		ok := true
		walk(rt.Shape, strides, func(_ int, offs []int64) {
			if !ok {
				return
			}
			for i, d := range ds {
				xs[i] = at(d, int(offs[i]))
			}
			var s scalar
			if s, ok = fn(op, xs); ok {
				raw = put(raw, rt.Elem, s)
			}
		})
		if !ok {
			return nil
		}
		return []ir.Attribute{op.Ctx().DenseElementsAttr(rt, raw)}
	}
}

func isFloatOperand(op *ir.Operation, i int) bool {
	return ir.IsFloat(ir.ElementTypeOf(op.Operand(i).Type()))
}

// binaryFold folds a binary op from its float and integer definitions;
// either may be nil, and fi may refuse a pair.
func binaryFold(ff func(a, b float64) float64, fi func(a, b int64) (int64, bool)) ods.FoldFunc {
	return elementwise(func(op *ir.Operation, xs []scalar) (scalar, bool) {
		if isFloatOperand(op, 0) {
			if ff == nil {
				return scalar{}, false
			}
			return scalar{f: ff(xs[0].f, xs[1].f)}, true
		}
		if fi == nil {
			return scalar{}, false
		}
		v, ok := fi(xs[0].i, xs[1].i)
		return scalar{i: v}, ok
	})
}

func unaryFold(ff func(float64) float64, fi func(int64) int64) ods.FoldFunc {
	return elementwise(func(op *ir.Operation, xs []scalar) (scalar, bool) {
		if isFloatOperand(op, 0) {
			if ff == nil {
				return scalar{}, false
			}
			return scalar{f: ff(xs[0].f)}, true
		}
		if fi == nil {
			return scalar{}, false
		}
		return scalar{i: fi(xs[0].i)}, true
	})
}

func intOK(f func(a, b int64) int64) func(a, b int64) (int64, bool) {
	return func(a, b int64) (int64, bool) { return f(a, b), true }
}

// ---- float and integer semantics shared with the docs ----

func fmaxNaN(a, b float64) float64 {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.NaN()
	}
	return math.Max(a, b)
}

func fminNaN(a, b float64) float64 {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.NaN()
	}
	return math.Min(a, b)
}

func idiv(a, b int64) (int64, bool) {
	if b == 0 {
		return 0, false
	}
	if b == -1 {
		return -a, true // wraps for the minimum value instead of trapping
	}
	return a / b, true
}

func fsign(x float64) float64 {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return x // ±0 and NaN
}

func isign(x int64) int64 {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

func frelu(x float64) float64 {
	if x > 0 || math.IsNaN(x) {
		return x
	}
	return 0
}

func iabs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// Compare evaluates a core.cmp predicate on floats: every predicate but
// "ne" is false when either side is NaN.
func Compare(pred string, a, b float64) bool {
	switch pred {
	case "eq":
		return a == b
	case "ne":
		return a != b
	case "lt":
		return a < b
	case "le":
		return a <= b
	case "gt":
		return a > b
	case "ge":
		return a >= b
	}
	return false
}

func compareInt(pred string, a, b int64) bool {
	switch pred {
	case "eq":
		return a == b
	case "ne":
		return a != b
	case "lt":
		return a < b
	case "le":
		return a <= b
	case "gt":
		return a > b
	case "ge":
		return a >= b
	}
	return false
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

var foldCmp = elementwise(func(op *ir.Operation, xs []scalar) (scalar, bool) {
	p, ok := op.InherentAttr("predicate").(*ir.StringAttr)
	if !ok {
		return scalar{}, false
	}
	if isFloatOperand(op, 0) {
		return scalar{i: b2i(Compare(p.Value, xs[0].f, xs[1].f))}, true
	}
	return scalar{i: b2i(compareInt(p.Value, xs[0].i, xs[1].i))}, true
})

var foldSelect = elementwise(func(_ *ir.Operation, xs []scalar) (scalar, bool) {
	if xs[0].i != 0 {
		return xs[1], true
	}
	return xs[2], true
})

var foldClamp = elementwise(func(op *ir.Operation, xs []scalar) (scalar, bool) {
	lo, hasLo := floatOf(op.InherentAttr("min"))
	hi, hasHi := floatOf(op.InherentAttr("max"))
	if isFloatOperand(op, 0) {
		x := xs[0].f
		if hasLo && x < lo {
			x = lo
		}
		if hasHi && x > hi {
			x = hi
		}
		return scalar{f: x}, true
	}
	x := xs[0].i
	if hasLo {
		x = max(x, satInt(lo))
	}
	if hasHi {
		x = min(x, satInt(hi))
	}
	return scalar{i: x}, true
})

// satInt converts an integral bound to int64, saturating.
func satInt(v float64) int64 {
	switch {
	case v <= math.MinInt64:
		return math.MinInt64
	case v >= math.MaxInt64:
		return math.MaxInt64
	}
	return int64(v)
}

// foldCast converts each element; see the op's description.
var foldCast = elementwise(func(op *ir.Operation, xs []scalar) (scalar, bool) {
	to := ir.ElementTypeOf(op.Result(0).Type())
	x := xs[0]
	if isFloatOperand(op, 0) {
		switch t := to.(type) {
		case *ir.FloatType:
			return scalar{f: x.f}, true
		case *ir.IntegerType:
			if t.Width == 1 {
				return scalar{i: b2i(x.f != 0)}, true
			}
			v := math.Trunc(x.f)
			lim := math.Ldexp(1, t.Width-1)
			if math.IsNaN(v) || v < -lim || v >= lim {
				return scalar{}, false
			}
			return scalar{i: int64(v)}, true
		}
		return scalar{}, false
	}
	switch t := to.(type) {
	case *ir.FloatType:
		if t.Kind == ir.F32 {
			return scalar{f: float64(float32(x.i))}, true
		}
		return scalar{f: float64(x.i)}, true
	case *ir.IntegerType:
		if t.Width == 1 {
			return scalar{i: b2i(x.i != 0)}, true
		}
		return scalar{i: x.i}, true
	}
	return scalar{}, false
})

// ---- reductions ----

type reduceKind uint8

const (
	redSum reduceKind = iota
	redMean
	redMax
	redMin
	redProd
	redArgMax
	redArgMin
)

func reduceFold(kind reduceKind) ods.FoldFunc {
	return func(op *ir.Operation, operands []ir.Attribute) []ir.Attribute {
		rt := resultType(op)
		in := denseOf(operands[0])
		if rt == nil || in == nil {
			return nil
		}
		var axes []int64
		if kind == redArgMax || kind == redArgMin {
			ax, ok := op.InherentAttr("axis").(*ir.IntegerAttr)
			if !ok {
				return nil
			}
			axes = []int64{ax.Value}
		} else {
			da, ok := op.InherentAttr("axes").(*ir.DenseArrayAttr)
			if !ok {
				return nil
			}
			axes = da.Ints
		}
		shape := in.Type.Dims()
		n := numElements(shape)
		if n > MaxFoldElements || n == 0 {
			return nil
		}
		isF := ir.IsFloat(in.Type.ElementType())
		// Output strides over the input's dimensions: 0 along reduced axes.
		outStrides := make([]int64, len(shape))
		red := make([]bool, len(shape))
		for _, a := range axes {
			red[a] = true
		}
		s := int64(1)
		count := int64(1)
		for i := len(shape) - 1; i >= 0; i-- {
			if red[i] {
				count *= shape[i]
				continue
			}
			outStrides[i] = s
			s *= shape[i]
		}
		// Position along the reduced axes, for argmax/argmin.
		axisStride := make([]int64, len(shape))
		if kind == redArgMax || kind == redArgMin {
			axisStride[axes[0]] = 1
		}
		m := int(numElements(rt.Shape))
		acc := make([]scalar, m)
		best := make([]int64, m)
		seen := make([]bool, m)
		walk(shape, [][]int64{outStrides, axisStride}, func(k int, offs []int64) {
			o := offs[0]
			x := at(in, k)
			if !seen[o] {
				seen[o] = true
				acc[o], best[o] = x, offs[1]
				return
			}
			a := &acc[o]
			switch kind {
			case redSum, redMean:
				a.f += x.f
				a.i += x.i
			case redProd:
				a.f *= x.f
				a.i *= x.i
			case redMax:
				a.f = fmaxNaN(a.f, x.f)
				a.i = max(a.i, x.i)
			case redMin:
				a.f = fminNaN(a.f, x.f)
				a.i = min(a.i, x.i)
			case redArgMax, redArgMin:
				if better(kind == redArgMax, isF, *a, x) {
					*a, best[o] = x, offs[1]
				}
			}
		})
		raw := make([]byte, 0, m*ir.ElementByteWidth(rt.Elem))
		for o := 0; o < m; o++ {
			v := acc[o]
			switch kind {
			case redMean:
				v.f /= float64(count)
				v.i /= count
			case redArgMax, redArgMin:
				v = scalar{i: best[o]}
			}
			raw = put(raw, rt.Elem, v)
		}
		return []ir.Attribute{op.Ctx().DenseElementsAttr(rt, raw)}
	}
}

// better reports whether x replaces the current extremum a: strictly
// greater (or less), ties keep the first index, and the first NaN wins
// for floats.
func better(greater, isF bool, a, x scalar) bool {
	if isF {
		if math.IsNaN(a.f) {
			return false
		}
		if math.IsNaN(x.f) {
			return true
		}
		if greater {
			return x.f > a.f
		}
		return x.f < a.f
	}
	if greater {
		return x.i > a.i
	}
	return x.i < a.i
}

// ---- data movement: byte copies of whole elements ----

// gatherBytes builds a result from in's elements: src(k) is the input
// element of result element k, or -1 for the fill bytes.
func gatherBytes(in *ir.DenseElementsAttr, rt *ir.RankedTensorType, fill []byte, src func(visit func(k int, from int64))) []byte {
	w := ir.ElementByteWidth(rt.Elem)
	n := int(numElements(rt.Shape))
	raw := make([]byte, n*w)
	src(func(k int, from int64) {
		switch {
		case from < 0:
			copy(raw[k*w:], fill)
		case in.Splat:
			copy(raw[k*w:], in.Raw[:w])
		default:
			copy(raw[k*w:], in.Raw[int(from)*w:int(from+1)*w])
		}
	})
	return raw
}

func sameElemType(in *ir.DenseElementsAttr, rt *ir.RankedTensorType) bool {
	return in.Type.ElementType() == rt.Elem
}

func foldReshape(op *ir.Operation, operands []ir.Attribute) []ir.Attribute {
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok || !rt.HasStaticShape() {
		return nil
	}
	switch a := operands[0].(type) {
	case *ir.DenseElementsAttr:
		if !sameElemType(a, rt) {
			return nil
		}
		return []ir.Attribute{op.Ctx().DenseElementsAttr(rt, a.Raw)}
	case *ir.DenseResourceAttr:
		// The blob is shared: only the type changes.
		return []ir.Attribute{op.Ctx().DenseResourceAttr(rt, a.Handle)}
	}
	return nil
}

// movement folds ops whose result elements are copies of input elements,
// given by index(k offsets) → source offset; splat inputs give splats.
func movement(index func(op *ir.Operation, in *ir.DenseElementsAttr, rt *ir.RankedTensorType) func(visit func(k int, from int64))) ods.FoldFunc {
	return func(op *ir.Operation, operands []ir.Attribute) []ir.Attribute {
		rt := resultType(op)
		in := denseOf(operands[0])
		if rt == nil || in == nil || !sameElemType(in, rt) || numElements(rt.Shape) == 0 {
			return nil
		}
		if in.Splat {
			return []ir.Attribute{op.Ctx().DenseElementsAttr(rt, in.Raw)}
		}
		if numElements(rt.Shape) > MaxFoldElements {
			return nil
		}
		src := index(op, in, rt)
		if src == nil {
			return nil
		}
		return []ir.Attribute{op.Ctx().DenseElementsAttr(rt, gatherBytes(in, rt, nil, src))}
	}
}

// rowMajorStrides of a shape.
func rowMajorStrides(shape []int64) []int64 {
	st := make([]int64, len(shape))
	s := int64(1)
	for i := len(shape) - 1; i >= 0; i-- {
		st[i] = s
		s *= shape[i]
	}
	return st
}

var foldTranspose = movement(func(op *ir.Operation, in *ir.DenseElementsAttr, rt *ir.RankedTensorType) func(func(int, int64)) {
	perm, ok := op.InherentAttr("perm").(*ir.DenseArrayAttr)
	if !ok {
		return nil
	}
	inSt := rowMajorStrides(in.Type.Dims())
	st := make([]int64, len(perm.Ints))
	for i, p := range perm.Ints {
		st[i] = inSt[p]
	}
	return func(visit func(int, int64)) {
		walk(rt.Shape, [][]int64{st}, func(k int, offs []int64) { visit(k, offs[0]) })
	}
})

var foldBroadcastTo = movement(func(_ *ir.Operation, in *ir.DenseElementsAttr, rt *ir.RankedTensorType) func(func(int, int64)) {
	st := bcastStrides(rt.Shape, in.Type.Dims())
	return func(visit func(int, int64)) {
		walk(rt.Shape, [][]int64{st}, func(k int, offs []int64) { visit(k, offs[0]) })
	}
})

var foldSlice = movement(func(op *ir.Operation, in *ir.DenseElementsAttr, rt *ir.RankedTensorType) func(func(int, int64)) {
	starts, ok1 := op.InherentAttr("starts").(*ir.DenseArrayAttr)
	limits, ok2 := op.InherentAttr("limits").(*ir.DenseArrayAttr)
	if !ok1 || !ok2 {
		return nil
	}
	shape := in.Type.Dims()
	strides := ones(len(shape))
	if s, ok := op.InherentAttr("strides").(*ir.DenseArrayAttr); ok {
		strides = s.Ints
	}
	inSt := rowMajorStrides(shape)
	base := int64(0)
	st := make([]int64, len(shape))
	for i := range shape {
		first, _ := SliceBounds(shape[i], starts.Ints[i], limits.Ints[i], strides[i])
		base += first * inSt[i]
		st[i] = strides[i] * inSt[i]
	}
	return func(visit func(int, int64)) {
		walk(rt.Shape, [][]int64{st}, func(k int, offs []int64) { visit(k, base+offs[0]) })
	}
})

// padValue is the fill element of core.pad.
func padValue(op *ir.Operation, elem ir.Type) []byte {
	var s scalar
	switch a := op.InherentAttr("value").(type) {
	case *ir.FloatAttr:
		s.f = a.Value
	case *ir.IntegerAttr:
		s.i = a.Value
	case *ir.BoolAttr:
		s.i = b2i(a.Value)
	}
	return put(nil, elem, s)
}

func foldPad(op *ir.Operation, operands []ir.Attribute) []ir.Attribute {
	rt := resultType(op)
	in := denseOf(operands[0])
	if rt == nil || in == nil || !sameElemType(in, rt) {
		return nil
	}
	low, ok := op.InherentAttr("low").(*ir.DenseArrayAttr)
	if !ok {
		return nil
	}
	fill := padValue(op, rt.Elem)
	w := len(fill)
	if in.Splat && string(in.Raw[:w]) == string(fill) {
		return []ir.Attribute{op.Ctx().DenseElementsAttr(rt, fill)}
	}
	if numElements(rt.Shape) > MaxFoldElements {
		return nil
	}
	shape := in.Type.Dims()
	inSt := rowMajorStrides(shape)
	idx := make([]int64, len(rt.Shape))
	raw := gatherBytes(in, rt, fill, func(visit func(int, int64)) {
		for k := 0; k < int(numElements(rt.Shape)); k++ {
			rem, from := int64(k), int64(0)
			for d := len(idx) - 1; d >= 0; d-- {
				idx[d] = rem % rt.Shape[d]
				rem /= rt.Shape[d]
				j := idx[d] - low.Ints[d]
				if from >= 0 && (j < 0 || j >= shape[d]) {
					from = -1
				} else if from >= 0 {
					from += j * inSt[d]
				}
			}
			visit(k, from)
		}
	})
	return []ir.Attribute{op.Ctx().DenseElementsAttr(rt, raw)}
}

func foldConcat(op *ir.Operation, operands []ir.Attribute) []ir.Attribute {
	rt := resultType(op)
	ax, ok := op.InherentAttr("axis").(*ir.IntegerAttr)
	if rt == nil || !ok {
		return nil
	}
	ds := make([]*ir.DenseElementsAttr, len(operands))
	for i, a := range operands {
		if ds[i] = denseOf(a); ds[i] == nil || !sameElemType(ds[i], rt) {
			return nil
		}
	}
	w := ir.ElementByteWidth(rt.Elem)
	splat := true
	for _, d := range ds {
		splat = splat && d.Splat && string(d.Raw[:w]) == string(ds[0].Raw[:w])
	}
	if splat {
		return []ir.Attribute{op.Ctx().DenseElementsAttr(rt, ds[0].Raw[:w])}
	}
	if numElements(rt.Shape) > MaxFoldElements {
		return nil
	}
	// Each input contributes rows of (its axis size × inner) elements per
	// outer index.
	axis := int(ax.Value)
	outer := numElements(rt.Shape[:axis])
	inner := numElements(rt.Shape[axis+1:])
	raw := make([]byte, 0, int(numElements(rt.Shape))*w)
	for o := int64(0); o < outer; o++ {
		for _, d := range ds {
			row := d.Type.Dims()[axis] * inner
			for e := int64(0); e < row; e++ {
				k := o*row + e
				if d.Splat {
					k = 0
				}
				raw = append(raw, d.Raw[int(k)*w:int(k+1)*w]...)
			}
		}
	}
	return []ir.Attribute{op.Ctx().DenseElementsAttr(rt, raw)}
}

func foldGather(op *ir.Operation, operands []ir.Attribute) []ir.Attribute {
	rt := resultType(op)
	in, idx := denseOf(operands[0]), denseOf(operands[1])
	if rt == nil || in == nil || idx == nil || !sameElemType(in, rt) {
		return nil
	}
	ax := &ir.IntegerAttr{} // axis defaults to 0
	if a, ok := op.InherentAttr("axis").(*ir.IntegerAttr); ok {
		ax = a
	}
	if in.Splat {
		// Every index must still be in range for the result to be defined.
		if !indicesInRange(idx, in.Type.Dims()[ax.Value]) {
			return nil
		}
		return []ir.Attribute{op.Ctx().DenseElementsAttr(rt, in.Raw)}
	}
	if numElements(rt.Shape) > MaxFoldElements {
		return nil
	}
	shape := in.Type.Dims()
	axis := int(ax.Value)
	dim := shape[axis]
	if !indicesInRange(idx, dim) {
		return nil
	}
	outer := numElements(shape[:axis])
	inner := numElements(shape[axis+1:])
	nIdx := int64(idx.NumElements())
	w := ir.ElementByteWidth(rt.Elem)
	raw := make([]byte, 0, int(numElements(rt.Shape))*w)
	for o := int64(0); o < outer; o++ {
		for j := int64(0); j < nIdx; j++ {
			i := idx.IntAt(int(j))
			if i < 0 {
				i += dim
			}
			start := (o*dim + i) * inner
			raw = append(raw, in.Raw[int(start)*w:int(start+inner)*w]...)
		}
	}
	return []ir.Attribute{op.Ctx().DenseElementsAttr(rt, raw)}
}

func indicesInRange(idx *ir.DenseElementsAttr, dim int64) bool {
	n := idx.NumElements()
	if idx.Splat {
		n = 1
	}
	for j := 0; j < n; j++ {
		if i := idx.IntAt(j); i < -dim || i >= dim {
			return false
		}
	}
	return true
}

// MaterializeConstant builds the core.constant that a folded value
// becomes, for the dialect's MaterializeConstant hook; nil when value is
// not an elements attribute of type t.
func MaterializeConstant(b *ir.Builder, value ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
	ta, ok := value.(ir.TypedAttr)
	if !ok || ta.AttrType() != t || !ods.ElementsAttr.Match(value) {
		return nil
	}
	return b.Create(ir.OperationState{
		Name:        "core.constant",
		ResultTypes: []ir.Type{t},
		Props:       b.Ctx.DictionaryAttr([]ir.NamedAttr{{Name: "value", Value: value}}),
		Loc:         loc,
	})
}
