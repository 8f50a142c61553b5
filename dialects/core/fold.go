package core

import (
	"errors"
	"math"
	"slices"

	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// Constant folding. Folders read dense operands (splat or not) and compute
// with the interpreter's kernels (internal/tensor), the same calls the
// interpreter makes for the op, so that folding and execution cannot
// disagree; data movement copies whole elements. They give up (return
// nil) on non-dense operands, on results with more than MaxFoldElements
// elements unless the result is a splat, where the kernel fails, and on
// values whose result the op leaves undefined (integer division by zero,
// float to integer casts of NaN or out of range).

// MaxFoldElements bounds the size of non-splat folded constants.
const MaxFoldElements = 1 << 16

func denseOf(a ir.Attribute) *ir.DenseElementsAttr {
	d, _ := a.(*ir.DenseElementsAttr)
	return d
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

// kernel computes an op's result from its operands as tensors.
type kernel func(op *ir.Operation, in []*tensor.Tensor) (*tensor.Tensor, error)

// elementwise folds an op whose result element k depends only on the
// operands' (broadcast) elements k: when every operand is a splat, the
// kernel runs on one element each and the result is a splat.
func elementwise(k kernel) ods.FoldFunc {
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
		if !allSplat && numElements(rt.Shape) > MaxFoldElements {
			return nil
		}
		return run(op, rt, ds, allSplat, k)
	}
}

// run decodes the operands, calls k and encodes its result, which must
// have rt's element type and shape (one element when splat).
func run(op *ir.Operation, rt *ir.RankedTensorType, ds []*ir.DenseElementsAttr, splat bool, k kernel) []ir.Attribute {
	in := make([]*tensor.Tensor, len(ds))
	for i, d := range ds {
		var ok bool
		if in[i], ok = denseTensor(d, splat); !ok {
			return nil
		}
	}
	out, err := k(op, in)
	if err != nil || out == nil {
		return nil
	}
	if dt, ok := DTypeOf(rt.Elem); !ok || dt != out.DType() {
		return nil
	}
	if splat {
		if out.Len() != 1 {
			return nil
		}
	} else if !slices.Equal(out.Shape(), rt.Shape) {
		return nil
	}
	a := tensorAttr(op.Ctx(), rt, out, splat)
	if a == nil {
		return nil
	}
	return []ir.Attribute{a}
}

// binaryFold folds a binary arithmetic op with tensor.Binary, as the
// interpreter runs it.
func binaryFold(b tensor.BinaryOp) ods.FoldFunc {
	return elementwise(func(_ *ir.Operation, in []*tensor.Tensor) (*tensor.Tensor, error) {
		return tensor.Binary(b, in[0], in[1])
	})
}

// logicalFold folds and / or / xor with tensor.Logical.
func logicalFold(l tensor.LogicalOp) ods.FoldFunc {
	return elementwise(func(_ *ir.Operation, in []*tensor.Tensor) (*tensor.Tensor, error) {
		return tensor.Logical(l, in[0], in[1])
	})
}

// unaryFold folds a unary op with tensor.Unary.
func unaryFold(u tensor.UnaryOp) ods.FoldFunc {
	return elementwise(func(_ *ir.Operation, in []*tensor.Tensor) (*tensor.Tensor, error) {
		return tensor.Unary(u, in[0])
	})
}

var foldNot = elementwise(func(_ *ir.Operation, in []*tensor.Tensor) (*tensor.Tensor, error) {
	return tensor.Not(in[0])
})

var comparePredicates = map[string]tensor.CompareOp{
	"eq": tensor.OpEqual, "ne": tensor.OpNotEqual, "lt": tensor.OpLess,
	"le": tensor.OpLessEqual, "gt": tensor.OpGreater, "ge": tensor.OpGreaterEqual,
}

// CompareOp is the tensor comparison of a core.cmp predicate.
func CompareOp(pred string) (tensor.CompareOp, bool) {
	op, ok := comparePredicates[pred]
	return op, ok
}

var foldCmp = elementwise(func(op *ir.Operation, in []*tensor.Tensor) (*tensor.Tensor, error) {
	p, _ := op.InherentAttr("predicate").(*ir.StringAttr)
	if p == nil {
		return nil, errNoFold
	}
	c, ok := CompareOp(p.Value)
	if !ok {
		return nil, errNoFold
	}
	return tensor.Compare(c, in[0], in[1])
})

var foldSelect = elementwise(func(_ *ir.Operation, in []*tensor.Tensor) (*tensor.Tensor, error) {
	return tensor.Where(in[0], in[1], in[2])
})

var foldClamp = elementwise(func(op *ir.Operation, in []*tensor.Tensor) (*tensor.Tensor, error) {
	lo, ok := floatOf(op.InherentAttr("min"))
	if !ok {
		lo = math.Inf(-1)
	}
	hi, ok := floatOf(op.InherentAttr("max"))
	if !ok {
		hi = math.Inf(1)
	}
	if lo > hi {
		return nil, errNoFold
	}
	return tensor.Clip(in[0], lo, hi)
})

// foldCast converts with tensor.Cast; see the op's description. A float
// to integer cast of NaN, an infinity or a value out of the target's range
// is undefined and is left to run (the kernel saturates).
var foldCast = elementwise(func(op *ir.Operation, in []*tensor.Tensor) (*tensor.Tensor, error) {
	to := ir.ElementTypeOf(op.Result(0).Type())
	dt, ok := DTypeOf(to)
	if !ok {
		return nil, errNoFold
	}
	if it, isInt := to.(*ir.IntegerType); isInt && it.Width > 1 && in[0].DType().IsFloat() {
		lim := math.Ldexp(1, it.Width-1)
		for _, f := range in[0].Values() {
			v := math.Trunc(f)
			if math.IsNaN(v) || v < -lim || v >= lim {
				return nil, errNoFold
			}
		}
	}
	return tensor.Cast(in[0], dt)
})

// errNoFold makes a kernel give up without a diagnostic.
var errNoFold = errors.New("does not fold")

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

var reduceOps = [...]tensor.ReduceOp{redSum: tensor.ReduceSum, redMean: tensor.ReduceMean, redMax: tensor.ReduceMax,
	redMin: tensor.ReduceMin, redProd: tensor.ReduceProd}

// reduceFold folds a reduction with tensor.Reduce, ArgMax or ArgMin, as
// the interpreter runs it.
func reduceFold(kind reduceKind) ods.FoldFunc {
	return func(op *ir.Operation, operands []ir.Attribute) []ir.Attribute {
		rt := resultType(op)
		in := denseOf(operands[0])
		if rt == nil || in == nil {
			return nil
		}
		if n := numElements(in.Type.Dims()); n > MaxFoldElements || n == 0 {
			return nil
		}
		keep := false
		if b, ok := op.InherentAttr("keepdims").(*ir.BoolAttr); ok {
			keep = b.Value
		}
		k := func(_ *ir.Operation, x []*tensor.Tensor) (*tensor.Tensor, error) {
			if kind == redArgMax || kind == redArgMin {
				ax, ok := op.InherentAttr("axis").(*ir.IntegerAttr)
				if !ok {
					return nil, errNoFold
				}
				if kind == redArgMax {
					return tensor.ArgMax(x[0], int(ax.Value), keep, false)
				}
				return tensor.ArgMin(x[0], int(ax.Value), keep, false)
			}
			da, ok := op.InherentAttr("axes").(*ir.DenseArrayAttr)
			if !ok || len(da.Ints) == 0 {
				return nil, errNoFold
			}
			axes := make([]int, len(da.Ints))
			for i, a := range da.Ints {
				axes[i] = int(a)
			}
			return tensor.Reduce(reduceOps[kind], x[0], axes, keep)
		}
		return run(op, rt, []*ir.DenseElementsAttr{in}, false, k)
	}
}

// ---- data movement ----

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

// movement folds an op whose result elements are copies of its first
// operand's with the kernel k. A splat input gives the splat result when
// splatOK says the op keeps every element (its other operands checked).
func movement(splatOK func(op *ir.Operation, ds []*ir.DenseElementsAttr) bool, k kernel) ods.FoldFunc {
	return func(op *ir.Operation, operands []ir.Attribute) []ir.Attribute {
		rt := resultType(op)
		if rt == nil || len(operands) == 0 || numElements(rt.Shape) == 0 {
			return nil
		}
		ds := make([]*ir.DenseElementsAttr, len(operands))
		for i, a := range operands {
			if ds[i] = denseOf(a); ds[i] == nil && i == 0 {
				ds[i] = soleResourceInput(op, a)
			}
			if ds[i] == nil {
				return nil
			}
		}
		if !sameElemType(ds[0], rt) {
			return nil
		}
		if ds[0].Splat && splatOK != nil && splatOK(op, ds) {
			w := ir.ElementByteWidth(rt.Elem)
			return []ir.Attribute{op.Ctx().DenseElementsAttr(rt, ds[0].Raw[:w])}
		}
		if numElements(rt.Shape) > MaxFoldElements && !replacesItsInput(op, ds[0], rt) {
			return nil
		}
		if _, ok := DTypeOf(rt.Elem); !ok {
			return moveBits(op, rt, ds, k)
		}
		return run(op, rt, ds, false, k)
	}
}

// replacesItsInput: op is the only reader of its data operand and its
// result is no larger, so folding a large one does not grow the module's
// constants (the input dies with it). Linear layers' weights reach matmuls
// through such transposes, and quantization needs them as constants.
func replacesItsInput(op *ir.Operation, in *ir.DenseElementsAttr, rt *ir.RankedTensorType) bool {
	return op.NumOperands() > 0 && op.Operand(0).NumUses() == 1 && !in.Splat &&
		numElements(rt.Shape) <= numElements(in.Type.Dims())
}

// soleResourceInput views the data of a dense_resource<…> data operand
// as dense elements when op is its only reader (an imported weight
// reaching a matmul through a transpose); other resources stay as they
// are, so folding never copies shared weights.
func soleResourceInput(op *ir.Operation, a ir.Attribute) *ir.DenseElementsAttr {
	r, ok := a.(*ir.DenseResourceAttr)
	if !ok || r.Handle == nil || op.NumOperands() == 0 || op.Operand(0).NumUses() != 1 {
		return nil
	}
	st, ok := r.Type.(ir.StaticShaped)
	w := ir.ElementByteWidth(r.Type.ElementType())
	if !ok || w == 0 || int64(len(r.Handle.Data)) != numElements(st.Dims())*int64(w) {
		return nil
	}
	return op.Ctx().DenseElementsAttr(st, r.Handle.Data)
}

// moveBits runs a data movement kernel on the raw bit patterns of an
// element type the kernels have no dtype for: moving elements does not
// depend on what they mean.
func moveBits(op *ir.Operation, rt *ir.RankedTensorType, ds []*ir.DenseElementsAttr, k kernel) []ir.Attribute {
	in := make([]*tensor.Tensor, len(ds))
	for i, d := range ds {
		ok := false
		if d.Type.ElementType() == rt.Elem {
			in[i], ok = bitsTensor(d)
		} else { // gather's indices
			in[i], ok = denseTensor(d, false)
		}
		if !ok {
			return nil
		}
	}
	out, err := k(op, in)
	if err != nil || !slices.Equal(out.Shape(), rt.Shape) {
		return nil
	}
	w := ir.ElementByteWidth(rt.Elem)
	raw := make([]byte, 0, out.Len()*w)
	for _, v := range out.IntValues() {
		raw = ir.EncodeInt(raw, v, w)
	}
	return []ir.Attribute{op.Ctx().DenseElementsAttr(rt, raw)}
}

func allSplat(*ir.Operation, []*ir.DenseElementsAttr) bool { return true }

func intsOf(op *ir.Operation, name string) ([]int64, bool) {
	a, ok := op.InherentAttr(name).(*ir.DenseArrayAttr)
	if !ok {
		return nil, false
	}
	return a.Ints, true
}

func toInts(v []int64) []int {
	out := make([]int, len(v))
	for i, x := range v {
		out[i] = int(x)
	}
	return out
}

var foldTranspose = movement(allSplat, func(op *ir.Operation, in []*tensor.Tensor) (*tensor.Tensor, error) {
	perm, ok := intsOf(op, "perm")
	if !ok {
		return nil, errNoFold
	}
	return tensor.Transpose(in[0], toInts(perm))
})

var foldBroadcastTo = movement(allSplat, func(op *ir.Operation, in []*tensor.Tensor) (*tensor.Tensor, error) {
	return tensor.BroadcastTo(in[0], resultType(op).Shape)
})

var foldSlice = movement(allSplat, func(op *ir.Operation, in []*tensor.Tensor) (*tensor.Tensor, error) {
	starts, ok1 := intsOf(op, "starts")
	limits, ok2 := intsOf(op, "limits")
	if !ok1 || !ok2 {
		return nil, errNoFold
	}
	strides, ok := intsOf(op, "strides")
	if !ok {
		strides = ones(in[0].Rank())
	}
	return tensor.Slice(in[0], starts, limits, nil, strides)
})

// padFill is core.pad's fill value as a number (i1: 0 or 1).
func padFill(op *ir.Operation) float64 {
	switch a := op.InherentAttr("value").(type) {
	case *ir.FloatAttr:
		return a.Value
	case *ir.IntegerAttr:
		return float64(a.Value)
	case *ir.BoolAttr:
		if a.Value {
			return 1
		}
	}
	return 0
}

var foldPad = movement(func(op *ir.Operation, ds []*ir.DenseElementsAttr) bool {
	// A splat padded with its own value stays that splat.
	d := ds[0]
	if ir.IsFloat(d.Type.ElementType()) {
		return d.FloatAt(0) == padFill(op)
	}
	return float64(d.IntAt(0)) == padFill(op)
}, func(op *ir.Operation, in []*tensor.Tensor) (*tensor.Tensor, error) {
	low, ok1 := intsOf(op, "low")
	high, ok2 := intsOf(op, "high")
	if !ok1 || !ok2 {
		return nil, errNoFold
	}
	return tensor.Pad(in[0], append(slices.Clone(low), high...), tensor.PadConstant, padFill(op))
})

func foldConcat(op *ir.Operation, operands []ir.Attribute) []ir.Attribute {
	rt := resultType(op)
	ax, ok := op.InherentAttr("axis").(*ir.IntegerAttr)
	if rt == nil || !ok || len(operands) == 0 {
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
	k := func(_ *ir.Operation, in []*tensor.Tensor) (*tensor.Tensor, error) {
		return tensor.Concat(int(ax.Value), in...)
	}
	if _, ok := DTypeOf(rt.Elem); !ok {
		return moveBits(op, rt, ds, k)
	}
	return run(op, rt, ds, false, k)
}

// gatherAxis is core.gather's axis (default 0).
func gatherAxis(op *ir.Operation) int {
	if a, ok := op.InherentAttr("axis").(*ir.IntegerAttr); ok {
		return int(a.Value)
	}
	return 0
}

var foldGather = movement(func(op *ir.Operation, ds []*ir.DenseElementsAttr) bool {
	// Every index must still be in range for the result to be defined.
	dims := ds[0].Type.Dims()
	ax, ok := tensor.WrapAxis(int64(gatherAxis(op)), len(dims))
	return ok && indicesInRange(ds[1], dims[ax])
}, func(op *ir.Operation, in []*tensor.Tensor) (*tensor.Tensor, error) {
	return tensor.Gather(in[0], in[1], gatherAxis(op))
})

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
