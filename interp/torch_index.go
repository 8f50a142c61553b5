package interp

import (
	"fmt"

	"github.com/mlc-go/mlc/internal/tensor"
)

// Indexing torch kernels (docs/dialects/torch.md): select, slice,
// index_select, gather, embedding, masked_fill and triu/tril.

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

func torchSelect(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	d, err := c.int("dim")
	if err != nil {
		return nil, err
	}
	idx, err := c.int("index")
	if err != nil {
		return nil, err
	}
	if x.Rank() == 0 {
		return nil, fmt.Errorf("cannot select from a 0-D tensor")
	}
	ax, err := wrapDim(d, x.Rank())
	if err != nil {
		return nil, err
	}
	n := x.Dim(ax)
	if idx < -n || idx >= n {
		return nil, fmt.Errorf("index %d is out of range for dim %d of size %d", idx, ax, n)
	}
	return one(tensor.Gather(x, tensor.Scalar(tensor.I64, float64(idx)), ax))
}

func torchSlice(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	d, err := c.int("dim")
	if err != nil {
		return nil, err
	}
	step, err := c.int("step")
	if err != nil {
		return nil, err
	}
	if step <= 0 {
		return nil, fmt.Errorf("step must be positive, got %d", step)
	}
	ax, err := wrapDim(d, x.Rank())
	if err != nil {
		return nil, err
	}
	n := x.Dim(ax)
	start, err := c.int("start")
	if err != nil {
		return nil, err
	}
	end, ok, err := c.optInt("end")
	if err != nil {
		return nil, err
	}
	if !ok { // None: to the end
		end = n
	}
	norm := func(v int64) int64 {
		if v < 0 {
			v += n
		}
		return min(max(v, 0), n)
	}
	start, end = norm(start), norm(end)
	end = max(end, start)
	return one(tensor.Slice(x, []int64{start}, []int64{end}, []int{ax}, []int64{step}))
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

func torchEmbedding(c *opCall) ([]*tensor.Tensor, error) {
	if c.in[0].Rank() != 2 {
		return nil, fmt.Errorf("expects a 2-D weight, got %s", describe(c.in[0]))
	}
	return one(tensor.Gather(c.in[0], c.in[1], 0))
}

func torchMaskedFill(c *opCall) ([]*tensor.Tensor, error) {
	x, mask := c.in[0], c.in[1]
	if !c.has("value") {
		return nil, fmt.Errorf("requires attribute 'value'")
	}
	v, err := c.num("value")
	if err != nil {
		return nil, err
	}
	return one(tensor.Where(mask, tensor.Scalar(x.DType(), v), x))
}

// torchTri keeps elements with col − row ≤ diagonal (tril) or ≥ (triu).
func torchTri(lower bool) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) {
		x := c.in[0]
		diag, err := c.int("diagonal")
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
