package interp

import (
	"fmt"
	"math"
	"sort"

	"github.com/mlc-go/mlc/internal/tensor"
)

// Reduction and scan torch kernels (docs/dialects/torch.md): sum/mean and
// friends, amax/amin, prod, logsumexp, vector norm, argmax, top-k and
// cumsum.

// torchReduce implements mean.dim and sum.dim_IntList: the input is
// converted to the result dtype first (dtype, or PyTorch's i64 for integer
// sums), then reduced over dim (absent or empty: all dims).
func torchReduce(op tensor.ReduceOp) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) {
		dims, err := c.ints("dim")
		if err != nil {
			return nil, err
		}
		keep, err := c.bool("keepdim")
		if err != nil {
			return nil, err
		}
		dt, err := c.resultDType(0)
		if err != nil {
			return nil, err
		}
		x, err := toDType(c.in[0], dt)
		if err != nil {
			return nil, err
		}
		axes, err := wrapDims(dims, x.Rank())
		if err != nil {
			return nil, err
		}
		if x.Rank() == 0 {
			return one(x, nil)
		}
		if len(axes) == 0 {
			axes = nil
		}
		return one(tensor.Reduce(op, x, axes, keep))
	}
}

// reduceAxes reads the optional dim list of a reduction; nil means all
// dims (also for a 0-D tensor, whose dims 0 and -1 are accepted).
func reduceAxes(c *opCall, x *tensor.Tensor) ([]int, error) {
	dims, err := c.ints("dim")
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
		keep, err := c.bool("keepdim")
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
				if d, err := c.int("dim"); err != nil {
					return nil, err
				} else if _, err := wrapDim(d, 0); err != nil {
					return nil, err
				}
			}
			return one(tensor.Reduce(tensor.ReduceProd, x, nil, false))
		}
		d, err := c.int("dim")
		if err != nil {
			return nil, err
		}
		ax, err := wrapDim(d, x.Rank())
		if err != nil {
			return nil, err
		}
		keep, err := c.bool("keepdim")
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
	keep, err := c.bool("keepdim")
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
	ord, err := c.num("ord")
	if err != nil {
		return nil, err
	}
	keep, err := c.bool("keepdim")
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

func torchArgmax(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	keep, err := c.bool("keepdim")
	if err != nil {
		return nil, err
	}
	if c.has("dim") {
		d, err := c.int("dim")
		if err != nil {
			return nil, err
		}
		ax, err := wrapDim(d, x.Rank())
		if err != nil {
			return nil, err
		}
		if x.Rank() == 0 {
			return one(tensor.Scalar(tensor.I64, 0), nil)
		}
		return one(tensor.ArgMax(x, ax, keep, false))
	}
	flat, err := x.Reshape(-1)
	if err != nil {
		return nil, err
	}
	r, err := tensor.ArgMax(flat, 0, false, false)
	if err != nil {
		return nil, err
	}
	shape := []int64{}
	if keep {
		for range x.Rank() {
			shape = append(shape, 1)
		}
	}
	return one(r.Reshape(shape...))
}

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
	k, err := c.int("k")
	if err != nil {
		return nil, err
	}
	if !c.has("k") {
		return nil, fmt.Errorf("requires attribute 'k'")
	}
	d, err := c.int("dim")
	if err != nil {
		return nil, err
	}
	largest, err := c.bool("largest")
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
