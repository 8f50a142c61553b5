package interp

import (
	"fmt"
	"math"
	"sort"

	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// Kernel adapters of the torch ops added for the ONNX importer:
// comparisons, logical ops, unary math, activations, reductions, scans,
// selection and movement (docs/dialects/torch.md).

// takeFlat builds a tensor of x's dtype and the given shape whose element
// i is x's flat element idx[i].
func takeFlat(x *tensor.Tensor, idx []int64, shape []int64) (*tensor.Tensor, error) {
	flat, err := x.Reshape(-1)
	if err != nil {
		return nil, err
	}
	it, err := tensor.FromSlice(tensor.I64, shape, idx)
	if err != nil {
		return nil, err
	}
	return tensor.Gather(flat, it, 0)
}

// boolMap builds an i1 tensor of x's shape from a predicate on its
// elements (read as float64).
func boolMap(x *tensor.Tensor, f func(float64) bool) (*tensor.Tensor, error) {
	out := make([]bool, x.Len())
	if x.DType().IsFloat() {
		for i, v := range x.Values() {
			out[i] = f(v)
		}
	}
	return tensor.FromSlice(tensor.Bool, x.Shape(), out)
}

// scalarPromoted is the dtype PyTorch computes a tensor–Scalar op in: the
// tensor's, unless the Scalar is of a higher kind (f32 for a float Scalar
// with an integer or bool tensor, i64 for an integer Scalar with bool).
func scalarPromoted(c *opCall, dt tensor.DType, name string) tensor.DType {
	switch {
	case dt.IsFloat():
		return dt
	case c.isFloatAttr(name):
		return tensor.F32
	case dt == tensor.Bool:
		return tensor.I64
	}
	return dt
}

// scalarOf is attribute name as a 0-D tensor of dtype dt (integers exact).
func scalarOf(c *opCall, name string, dt tensor.DType) (*tensor.Tensor, error) {
	switch a := c.attr(name).(type) {
	case *ir.IntegerAttr:
		t, err := tensor.FromSlice(tensor.I64, nil, []int64{a.Value})
		if err != nil {
			return nil, err
		}
		return toDType(t, dt)
	case *ir.FloatAttr:
		return tensor.Cast(tensor.Scalar(tensor.F64, a.Value), dt)
	case nil:
		return nil, fmt.Errorf("requires attribute '%s'", name)
	}
	return nil, fmt.Errorf("attribute '%s' must be a number", name)
}

// roundTo is v rounded to float dtype dt, as PyTorch converts a Scalar
// argument to the tensor's type.
func roundTo(dt tensor.DType, v float64) float64 {
	if !dt.IsFloat() {
		return v
	}
	return tensor.Scalar(dt, v).Values()[0]
}

// orderable converts bool operands of an ordering comparison to u8
// (false < true), which tensor.Compare does not order.
func orderable(op tensor.CompareOp, x *tensor.Tensor) (*tensor.Tensor, error) {
	if x.DType() == tensor.Bool && op != tensor.OpEqual && op != tensor.OpNotEqual {
		return tensor.Cast(x, tensor.U8)
	}
	return x, nil
}

func torchCompare(op tensor.CompareOp) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) {
		a, err := orderable(op, c.in[0])
		if err != nil {
			return nil, err
		}
		b, err := orderable(op, c.in[1])
		if err != nil {
			return nil, err
		}
		return one(tensor.Compare(op, a, b))
	}
}

func torchCompareScalar(op tensor.CompareOp) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) {
		cd := scalarPromoted(c, c.in[0].DType(), "other")
		x, err := toDType(c.in[0], cd)
		if err != nil {
			return nil, err
		}
		s, err := scalarOf(c, "other", cd)
		if err != nil {
			return nil, err
		}
		return one(tensor.Compare(op, x, s))
	}
}

// asBool is x != 0 elementwise (NaN is true).
func asBool(x *tensor.Tensor) (*tensor.Tensor, error) { return toDType(x, tensor.Bool) }

func torchLogical(op tensor.LogicalOp) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) {
		a, err := asBool(c.in[0])
		if err != nil {
			return nil, err
		}
		b, err := asBool(c.in[1])
		if err != nil {
			return nil, err
		}
		return one(tensor.Logical(op, a, b))
	}
}

func torchLogicalNot(c *opCall) ([]*tensor.Tensor, error) {
	a, err := asBool(c.in[0])
	if err != nil {
		return nil, err
	}
	return one(tensor.Not(a))
}

func torchBitwiseNot(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	if x.DType() == tensor.Bool {
		return one(tensor.Not(x))
	}
	if !x.DType().IsInt() {
		return nil, fmt.Errorf("bitwise_not is not defined on %s", x.DType())
	}
	v := x.IntValues()
	for i := range v {
		v[i] = ^v[i] // wraps to the dtype's complement in fromInt64
	}
	return one(fromInt64(x.DType(), x.Shape(), v))
}

// torchExtremum is maximum/minimum: NaN propagates; or/and for bool.
func torchExtremum(isMax bool) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) {
		a, b := c.in[0], c.in[1]
		switch {
		case a.DType() == tensor.Bool && isMax:
			return one(tensor.Logical(tensor.OpOr, a, b))
		case a.DType() == tensor.Bool:
			return one(tensor.Logical(tensor.OpAnd, a, b))
		case isMax:
			return one(tensor.Max(a, b))
		}
		return one(tensor.Min(a, b))
	}
}

// torchRemainder is remainder.Tensor (floor) or fmod.Tensor (trunc).
func torchRemainder(floor bool) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) {
		ff := func(a, b float64) float64 {
			m := math.Mod(a, b)
			if floor && m != 0 && (b < 0) != (m < 0) {
				m += b
			}
			return m
		}
		fi := func(a, b int64) (int64, error) {
			if b == 0 {
				return 0, fmt.Errorf("ZeroDivisionError: integer remainder by zero")
			}
			m := a % b
			if floor && m != 0 && (b < 0) != (m < 0) {
				m += b
			}
			return m, nil
		}
		return one(binaryFunc(c.in[0], c.in[1], ff, fi))
	}
}

// intIdentity runs op on floats and is the identity on integers (floor,
// ceil and round of an integer tensor).
func intIdentity(op tensor.UnaryOp) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) {
		if c.in[0].DType().IsInt() {
			return identity(c)
		}
		return one(tensor.Unary(op, c.in[0]))
	}
}

// torchSign is PyTorch's (x > 0) − (x < 0): NaN and −0 give +0.
func torchSign(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	switch {
	case x.DType() == tensor.Bool:
		return identity(c)
	case x.DType().IsFloat():
		return one(mapFloat(x, func(v float64) float64 {
			switch {
			case v > 0:
				return 1
			case v < 0:
				return -1
			}
			return 0
		}))
	}
	return one(tensor.Unary(tensor.OpSign, x))
}

// floatMap applies f in float64, rounding once to the dtype.
func floatMap(f func(float64) float64) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) { return one(mapFloat(c.in[0], f)) }
}

func classify(f func(float64) bool) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) { return one(boolMap(c.in[0], f)) }
}

// elu is scale·x for x > 0, else scale·alpha·(e^(input_scale·x) − 1).
func elu(alpha, scale, inScale float64) func(float64) float64 {
	return func(v float64) float64 {
		if v > 0 {
			return scale * v
		}
		return scale * alpha * math.Expm1(v*inScale)
	}
}

// SELU's constants (Klambauer et al.), as PyTorch defines them.
const (
	seluAlpha = 1.6732632423543772848170429916717
	seluScale = 1.0507009873554804934193349852946
)

func torchElu(c *opCall) ([]*tensor.Tensor, error) {
	var p [3]float64
	for i, n := range []string{"alpha", "scale", "input_scale"} {
		var err error
		if p[i], err = c.num(n, 1); err != nil {
			return nil, err
		}
	}
	return one(mapFloat(c.in[0], elu(p[0], p[1], p[2])))
}

func torchCelu(c *opCall) ([]*tensor.Tensor, error) {
	a, err := c.num("alpha", 1)
	if err != nil {
		return nil, err
	}
	if a == 0 {
		return nil, fmt.Errorf("alpha cannot be 0 for CELU")
	}
	return one(mapFloat(c.in[0], elu(a, 1, 1/a)))
}

func torchSoftplus(c *opCall) ([]*tensor.Tensor, error) {
	beta, err := c.num("beta", 1)
	if err != nil {
		return nil, err
	}
	th, err := c.num("threshold", 20)
	if err != nil {
		return nil, err
	}
	return one(mapFloat(c.in[0], func(v float64) float64 {
		if v*beta > th {
			return v
		}
		return math.Log1p(math.Exp(v*beta)) / beta
	}))
}

func mish(v float64) float64 { return v * math.Tanh(math.Log1p(math.Exp(v))) }

// torchPrelu broadcasts weight along the channel dim (1) of self.
func torchPrelu(c *opCall) ([]*tensor.Tensor, error) {
	x, w := c.in[0], c.in[1]
	shape := []int64{}
	if w.Len() != 1 {
		if x.Rank() < 2 || int64(w.Len()) != x.Dim(1) {
			return nil, fmt.Errorf("prelu weight of %d elements does not match the channels of %s", w.Len(), describe(x))
		}
		shape = append(shape, int64(w.Len()))
		for i := 2; i < x.Rank(); i++ {
			shape = append(shape, 1)
		}
	}
	wb, err := w.Reshape(shape...)
	if err != nil {
		return nil, err
	}
	return one(binaryFunc(x, wb, func(v, s float64) float64 {
		if v > 0 {
			return v
		}
		return s * v
	}, nil))
}

func torchThreshold(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	dt := x.DType()
	if !c.has("threshold") || !c.has("value") {
		return nil, fmt.Errorf("requires attributes 'threshold' and 'value'")
	}
	if dt.IsInt() {
		if c.isFloatAttr("threshold") || c.isFloatAttr("value") {
			return nil, fmt.Errorf("expects integral 'threshold' and 'value' for an integer tensor")
		}
		// Both Scalars convert to the dtype with wrap-around, as in PyTorch.
		ts, err := scalarOf(c, "threshold", dt)
		if err != nil {
			return nil, err
		}
		vs, err := scalarOf(c, "value", dt)
		if err != nil {
			return nil, err
		}
		th, val := ts.IntValues()[0], vs.IntValues()[0]
		v := x.IntValues()
		for i := range v {
			if v[i] <= th {
				v[i] = val
			}
		}
		return one(fromInt64(dt, x.Shape(), v))
	}
	th, err := c.num("threshold", 0)
	if err != nil {
		return nil, err
	}
	val, err := c.num("value", 0)
	if err != nil {
		return nil, err
	}
	th, val = roundTo(dt, th), roundTo(dt, val)
	return one(mapFloat(x, func(v float64) float64 {
		if v <= th {
			return val
		}
		return v
	}))
}

func torchShrink(soft bool) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) {
		l, err := c.num("lambd", 0.5)
		if err != nil {
			return nil, err
		}
		l = roundTo(c.in[0].DType(), l)
		return one(mapFloat(c.in[0], func(v float64) float64 {
			switch {
			case !soft && v >= -l && v <= l:
				return 0
			case !soft:
				return v // NaN stays NaN
			case v > l:
				return v - l
			case v < -l:
				return v + l
			}
			return 0 // NaN too, as PyTorch's softshrink kernel does
		}))
	}
}

// ---- reductions ----

// reduceAxes reads the optional dim list of a reduction; nil means all
// dims (also for a 0-D tensor, whose dims 0 and -1 are accepted).
func reduceAxes(c *opCall, x *tensor.Tensor) ([]int, error) {
	dims, err := c.ints("dim", nil)
	if err != nil {
		return nil, err
	}
	axes, err := wrapDims(dims, x.Rank())
	if err != nil || x.Rank() == 0 || len(axes) == 0 {
		return nil, err
	}
	return axes, nil
}

// reduceBoolAware runs op, through u8 for bool tensors (max is or, min and).
func reduceBoolAware(op tensor.ReduceOp, x *tensor.Tensor, axes []int, keep bool) (*tensor.Tensor, error) {
	if x.DType() != tensor.Bool {
		return tensor.Reduce(op, x, axes, keep)
	}
	u, err := tensor.Cast(x, tensor.U8)
	if err != nil {
		return nil, err
	}
	r, err := tensor.Reduce(op, u, axes, keep)
	if err != nil {
		return nil, err
	}
	return tensor.Cast(r, tensor.Bool)
}

// emptyReduced rejects an empty reduced set, as amax/amin/max/min do.
func emptyReduced(x *tensor.Tensor, axes []int) error {
	if axes == nil && x.Len() == 0 {
		return fmt.Errorf("cannot reduce an empty tensor")
	}
	for _, a := range axes {
		if x.Dim(a) == 0 {
			return fmt.Errorf("cannot reduce the empty dim %d", a)
		}
	}
	return nil
}

func torchAmax(op tensor.ReduceOp) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) {
		x := c.in[0]
		keep, err := c.bool("keepdim", false)
		if err != nil {
			return nil, err
		}
		axes, err := reduceAxes(c, x)
		if err != nil {
			return nil, err
		}
		if err := emptyReduced(x, axes); err != nil {
			return nil, err
		}
		return one(reduceBoolAware(op, x, axes, keep))
	}
}

func torchFullExtremum(op tensor.ReduceOp) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) {
		if err := emptyReduced(c.in[0], nil); err != nil {
			return nil, err
		}
		return one(reduceBoolAware(op, c.in[0], nil, false))
	}
}

// torchProd is prod.dim_int (withDim) and prod: the input is converted to
// the result dtype (i64 for integers without dtype) and multiplied.
func torchProd(withDim bool) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) {
		dt, err := c.resultDType(0)
		if err != nil {
			return nil, err
		}
		x, err := toDType(c.in[0], dt)
		if err != nil {
			return nil, err
		}
		if !withDim || x.Rank() == 0 {
			if withDim {
				if d, err := c.int("dim", 0); err != nil {
					return nil, err
				} else if _, err := wrapDim(d, 0); err != nil {
					return nil, err
				}
			}
			return one(tensor.Reduce(tensor.ReduceProd, x, nil, false))
		}
		d, err := c.int("dim", 0)
		if err != nil {
			return nil, err
		}
		ax, err := wrapDim(d, x.Rank())
		if err != nil {
			return nil, err
		}
		keep, err := c.bool("keepdim", false)
		if err != nil {
			return nil, err
		}
		return one(tensor.Reduce(tensor.ReduceProd, x, []int{ax}, keep))
	}
}

func torchLogsumexp(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	if !c.has("dim") {
		return nil, fmt.Errorf("requires attribute 'dim'")
	}
	keep, err := c.bool("keepdim", false)
	if err != nil {
		return nil, err
	}
	axes, err := reduceAxes(c, x)
	if err != nil {
		return nil, err
	}
	return one(tensor.Reduce(tensor.ReduceLogSumExp, x, axes, keep))
}

// torchVectorNorm computes in float64 and rounds once to the result dtype.
func torchVectorNorm(c *opCall) ([]*tensor.Tensor, error) {
	dt, err := c.resultDType(0)
	if err != nil {
		return nil, err
	}
	ord, err := c.num("ord", 2)
	if err != nil {
		return nil, err
	}
	keep, err := c.bool("keepdim", false)
	if err != nil {
		return nil, err
	}
	x, err := toDType(c.in[0], dt)
	if err != nil {
		return nil, err
	}
	axes, err := reduceAxes(c, x)
	if err != nil {
		return nil, err
	}
	if x, err = toDType(x, tensor.F64); err != nil {
		return nil, err
	}
	abs, err := tensor.Unary(tensor.OpAbs, x)
	if err != nil {
		return nil, err
	}
	var r *tensor.Tensor
	switch {
	case math.IsInf(ord, 1), math.IsInf(ord, -1):
		if err := emptyReduced(x, axes); err != nil {
			return nil, err
		}
		op := tensor.ReduceMax
		if ord < 0 {
			op = tensor.ReduceMin
		}
		r, err = tensor.Reduce(op, abs, axes, keep)
	case ord == 0:
		nz, err := mapFloat(abs, func(v float64) float64 {
			if v != 0 {
				return 1
			}
			return 0
		})
		if err != nil {
			return nil, err
		}
		r, err = tensor.Reduce(tensor.ReduceSum, nz, axes, keep)
	case ord == 1:
		r, err = tensor.Reduce(tensor.ReduceSum, abs, axes, keep)
	case ord == 2:
		r, err = tensor.Reduce(tensor.ReduceL2, x, axes, keep)
	default:
		p, err := mapFloat(abs, func(v float64) float64 { return math.Pow(v, ord) })
		if err != nil {
			return nil, err
		}
		if r, err = tensor.Reduce(tensor.ReduceSum, p, axes, keep); err != nil {
			return nil, err
		}
		r, err = mapFloat(r, func(v float64) float64 { return math.Pow(v, 1/ord) })
	}
	if err != nil {
		return nil, err
	}
	return one(toDType(r, dt))
}

// ---- scans and selection ----

// dimView splits shape around dim: outer blocks, the dim's size, inner
// stride (a 0-D shape is one element along a dim of size 1).
func dimView(shape []int64, dim int) (outer, n, inner int) {
	outer, n, inner = 1, 1, 1
	for i, d := range shape {
		switch {
		case i < dim:
			outer *= int(d)
		case i == dim:
			n = int(d)
		default:
			inner *= int(d)
		}
	}
	return outer, n, inner
}

// torchCumsum accumulates in float64 (floats, as PyTorch's CPU kernel
// accumulates in double) or int64 (integers, wrapping to the dtype).
func torchCumsum(c *opCall) ([]*tensor.Tensor, error) {
	dt, err := c.resultDType(0)
	if err != nil {
		return nil, err
	}
	d, err := c.reqInt("dim")
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
	outer, n, inner := dimView(x.Shape(), ax)
	scan := func(add func(dst, src int)) {
		for o := 0; o < outer; o++ {
			for j := 1; j < n; j++ {
				for i := 0; i < inner; i++ {
					p := (o*n+j)*inner + i
					add(p, p-inner)
				}
			}
		}
	}
	if dt.IsFloat() {
		v := x.Values()
		scan(func(p, q int) { v[p] += v[q] })
		return one(fromFloat64(dt, x.Shape(), v))
	}
	if !dt.IsInt() {
		return nil, fmt.Errorf("cumsum is not defined on %s", dt)
	}
	v := x.IntValues()
	scan(func(p, q int) { v[p] += v[q] })
	return one(fromInt64(dt, x.Shape(), v))
}

// torchTopk sorts each row along dim stably: NaN above every number, ties
// in index order.
func torchTopk(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	k, err := c.int("k", 0)
	if err != nil {
		return nil, err
	}
	if !c.has("k") {
		return nil, fmt.Errorf("requires attribute 'k'")
	}
	d, err := c.int("dim", -1)
	if err != nil {
		return nil, err
	}
	largest, err := c.bool("largest", true)
	if err != nil {
		return nil, err
	}
	ax, err := wrapDim(d, x.Rank())
	if err != nil {
		return nil, err
	}
	outer, n, inner := dimView(x.Shape(), ax)
	if k < 0 || k > int64(n) {
		return nil, fmt.Errorf("selected index k = %d out of range for a dim of size %d", k, n)
	}
	if x.DType() == tensor.Bool {
		return nil, fmt.Errorf("topk is not defined on bool")
	}
	// greater(a, b) orders flat elements a and b for largest = true:
	// NaN above every number.
	var greater func(a, b int) bool
	if x.DType().IsFloat() {
		v := x.Values()
		greater = func(a, b int) bool {
			if math.IsNaN(v[a]) || math.IsNaN(v[b]) {
				return !math.IsNaN(v[b])
			}
			return v[a] > v[b]
		}
	} else {
		v := x.IntValues()
		greater = func(a, b int) bool { return v[a] > v[b] }
	}
	shape := x.Shape()
	if len(shape) > 0 {
		shape[ax] = k
	}
	kk := int(k)
	vi := make([]int64, outer*kk*inner) // flat source of each result element
	pi := make([]int64, outer*kk*inner) // its position along dim
	row := make([]int, n)
	for o := 0; o < outer; o++ {
		for i := 0; i < inner; i++ {
			at := func(j int) int { return (o*n+j)*inner + i }
			for j := range row {
				row[j] = j
			}
			// Stable, so equal elements keep their index order.
			sort.SliceStable(row, func(a, b int) bool {
				if largest {
					return greater(at(row[a]), at(row[b]))
				}
				return greater(at(row[b]), at(row[a]))
			})
			for r := 0; r < kk; r++ {
				to := (o*kk+r)*inner + i
				vi[to], pi[to] = int64(at(row[r])), int64(row[r])
			}
		}
	}
	vals, err := takeFlat(x, vi, shape)
	if err != nil {
		return nil, err
	}
	idx, err := tensor.FromSlice(tensor.I64, shape, pi)
	if err != nil {
		return nil, err
	}
	return []*tensor.Tensor{vals, idx}, nil
}

// torchIndexSelect is Gather along dim with a 1-D index (a 0-D index or
// self acts as 1-D; the result takes the op's rank).
func torchIndexSelect(c *opCall) ([]*tensor.Tensor, error) {
	x, index := c.in[0], c.in[1]
	d, err := c.reqInt("dim")
	if err != nil {
		return nil, err
	}
	ax, err := wrapDim(d, x.Rank())
	if err != nil {
		return nil, err
	}
	if index.Rank() > 1 {
		return nil, fmt.Errorf("index %s must be 1-D", describe(index))
	}
	size := int64(1)
	if x.Rank() > 0 {
		size = x.Shape()[ax]
	}
	for _, v := range index.IntValues() {
		if v < 0 || v >= size {
			return nil, fmt.Errorf("index %d is out of bounds for dimension %d with size %d", v, ax, size)
		}
	}
	scalar := x.Rank() == 0
	if scalar {
		if x, err = x.Reshape(1); err != nil {
			return nil, err
		}
	}
	if index.Rank() == 0 {
		if index, err = index.Reshape(1); err != nil {
			return nil, err
		}
	}
	y, err := tensor.Gather(x, index, ax)
	if err != nil || !scalar {
		return one(y, err)
	}
	return one(y.Reshape())
}

// torchGather: result[p] = self[p with p[dim] replaced by index[p]].
func torchGather(c *opCall) ([]*tensor.Tensor, error) {
	x, index := c.in[0], c.in[1]
	d, err := c.reqInt("dim")
	if err != nil {
		return nil, err
	}
	ax, err := wrapDim(d, x.Rank())
	if err != nil {
		return nil, err
	}
	xs, is := x.Shape(), index.Shape()
	if max(len(xs), 1) != max(len(is), 1) {
		return nil, fmt.Errorf("index %s must have the rank of self %s", describe(index), describe(x))
	}
	if len(xs) == 0 {
		xs = []int64{1}
	}
	if len(is) == 0 {
		is = []int64{1}
	}
	for i := range is {
		if i != ax && is[i] > xs[i] {
			return nil, fmt.Errorf("index %s is larger than self %s in dim %d", describe(index), describe(x), i)
		}
	}
	strides := make([]int64, len(xs))
	s := int64(1)
	for i := len(xs) - 1; i >= 0; i-- {
		strides[i] = s
		s *= xs[i]
	}
	iv := index.IntValues()
	src := make([]int64, len(iv))
	coord := make([]int64, len(is))
	for p, v := range iv {
		if v < 0 || v >= xs[ax] {
			return nil, fmt.Errorf("index %d is out of bounds for dimension %d with size %d", v, ax, xs[ax])
		}
		off := int64(0)
		for i, ci := range coord {
			if i == ax {
				ci = v
			}
			off += ci * strides[i]
		}
		src[p] = off
		for i := len(coord) - 1; i >= 0; i-- { // next coordinate, row-major
			if coord[i]++; coord[i] < is[i] {
				break
			}
			coord[i] = 0
		}
	}
	return one(takeFlat(x, src, index.Shape()))
}

// ---- data movement ----

func torchRepeat(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	r, err := c.ints("repeats", nil)
	if err != nil {
		return nil, err
	}
	if len(r) < x.Rank() {
		return nil, fmt.Errorf("repeats %v has fewer entries than self has dims (%d)", r, x.Rank())
	}
	view := make([]int64, len(r)-x.Rank(), len(r))
	for i := range view {
		view[i] = 1
	}
	xv, err := x.Reshape(append(view, x.Shape()...)...)
	if err != nil {
		return nil, err
	}
	return one(tensor.Tile(xv, r))
}

func torchFlip(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	dims, err := c.ints("dims", nil)
	if err != nil {
		return nil, err
	}
	axes, err := wrapDims(dims, x.Rank())
	if err != nil {
		return nil, err
	}
	if x.Rank() == 0 || len(axes) == 0 {
		return identity(c)
	}
	starts, ends, steps := make([]int64, len(axes)), make([]int64, len(axes)), make([]int64, len(axes))
	for i, a := range axes {
		starts[i], ends[i], steps[i] = -1, -x.Dim(a)-1, -1
	}
	return one(tensor.Slice(x, starts, ends, axes, steps))
}

// torchTri keeps elements with col − row ≤ diagonal (tril) or ≥ (triu).
func torchTri(lower bool) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) {
		x := c.in[0]
		diag, err := c.int("diagonal", 0)
		if err != nil {
			return nil, err
		}
		if x.Rank() < 2 {
			return nil, fmt.Errorf("expects a tensor of rank 2 or more, got %s", describe(x))
		}
		rows, cols := x.Dim(-2), x.Dim(-1)
		keep := make([]bool, rows*cols)
		for r := int64(0); r < rows; r++ {
			for q := int64(0); q < cols; q++ {
				if lower {
					keep[r*cols+q] = q-r <= diag
				} else {
					keep[r*cols+q] = q-r >= diag
				}
			}
		}
		m, err := tensor.FromSlice(tensor.Bool, []int64{rows, cols}, keep)
		if err != nil {
			return nil, err
		}
		return one(tensor.Where(m, x, tensor.Scalar(x.DType(), 0)))
	}
}

// torchPixelShuffle rearranges [*, C·r², H, W] ↔ [*, C, H·r, W·r] with a
// reshape, a transpose and a reshape.
func torchPixelShuffle(up bool) kernel {
	attr := "downscale_factor"
	if up {
		attr = "upscale_factor"
	}
	return func(c *opCall) ([]*tensor.Tensor, error) {
		x := c.in[0]
		r, err := c.int(attr, 0)
		if err != nil {
			return nil, err
		}
		if x.Rank() < 3 || r <= 0 {
			return nil, fmt.Errorf("expects rank ≥ 3 and a positive factor, got %s and %d", describe(x), r)
		}
		s := x.Shape()
		n := len(s)
		lead := s[:n-3]
		b := int64(1)
		for _, v := range lead {
			b *= v
		}
		ch, h, w := s[n-3], s[n-2], s[n-1]
		var view, perm, res []int64
		if up {
			if ch%(r*r) != 0 {
				return nil, fmt.Errorf("channels %d are not divisible by %d", ch, r*r)
			}
			view = []int64{b, ch / (r * r), r, r, h, w}
			perm = []int64{0, 1, 4, 2, 5, 3}
			res = []int64{ch / (r * r), h * r, w * r}
		} else {
			if h%r != 0 || w%r != 0 {
				return nil, fmt.Errorf("spatial size %dx%d is not divisible by %d", h, w, r)
			}
			view = []int64{b, ch, h / r, r, w / r, r}
			perm = []int64{0, 1, 3, 5, 2, 4}
			res = []int64{ch * r * r, h / r, w / r}
		}
		v, err := x.Reshape(view...)
		if err != nil {
			return nil, err
		}
		t, err := tensor.Transpose(v, toInts(perm))
		if err != nil {
			return nil, err
		}
		return one(t.Reshape(append(append([]int64{}, lead...), res...)...))
	}
}

// ---- normalisation ----

// groupNorm normalizes x [N, C, *] over groups of C/groups channels and
// all spatial dims, then applies per-channel weight and bias (nil: 1, 0).
// Statistics are taken in float64 and the result is rounded once.
func groupNorm(x, w, b *tensor.Tensor, groups int, eps float64) (*tensor.Tensor, error) {
	if x.Rank() < 2 {
		return nil, fmt.Errorf("expects an input of rank 2 or more, got %s", describe(x))
	}
	n, ch := int(x.Dim(0)), int(x.Dim(1))
	if groups <= 0 || ch%groups != 0 {
		return nil, fmt.Errorf("%d channels do not split into %d groups", ch, groups)
	}
	spatial := 1
	for i := 2; i < x.Rank(); i++ {
		spatial *= int(x.Dim(i))
	}
	var wv, bv []float64
	if w != nil {
		if wv = w.Values(); len(wv) != ch {
			return nil, fmt.Errorf("weight %s does not have %d elements", describe(w), ch)
		}
	}
	if b != nil {
		if bv = b.Values(); len(bv) != ch {
			return nil, fmt.Errorf("bias %s does not have %d elements", describe(b), ch)
		}
	}
	v := x.Values()
	m := ch / groups * spatial // elements per (sample, group)
	for blk := 0; blk < n*groups; blk++ {
		seg := v[blk*m : (blk+1)*m]
		mean, sq := 0.0, 0.0
		for _, e := range seg {
			mean += e
		}
		mean /= float64(m)
		for _, e := range seg {
			sq += (e - mean) * (e - mean)
		}
		inv := 1 / math.Sqrt(sq/float64(m)+eps)
		for i := range seg {
			chn := (blk%groups)*(ch/groups) + i/spatial
			y := (seg[i] - mean) * inv
			if wv != nil {
				y *= wv[chn]
			}
			if bv != nil {
				y += bv[chn]
			}
			seg[i] = y
		}
	}
	return fromFloat64(x.DType(), x.Shape(), v)
}

// affineOperands returns the optional weight and bias after the input.
func affineOperands(c *opCall) (w, b *tensor.Tensor) {
	if len(c.in) > 1 {
		w = c.in[1]
	}
	if len(c.in) > 2 {
		b = c.in[2]
	}
	return w, b
}

func torchInstanceNorm(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	eps, err := c.num("eps", 1e-5)
	if err != nil {
		return nil, err
	}
	if x.Rank() < 2 {
		return nil, fmt.Errorf("expects an input of rank 2 or more, got %s", describe(x))
	}
	w, b := affineOperands(c)
	return one(groupNorm(x, w, b, int(x.Dim(1)), eps))
}

func torchGroupNorm(c *opCall) ([]*tensor.Tensor, error) {
	eps, err := c.num("eps", 1e-5)
	if err != nil {
		return nil, err
	}
	g, err := c.int("num_groups", 0)
	if err != nil {
		return nil, err
	}
	w, b := affineOperands(c)
	return one(groupNorm(c.in[0], w, b, int(g), eps))
}
