package interp

import (
	"fmt"

	"github.com/mlc-go/mlc/internal/tensor"
)

// Convolution torch kernels (docs/dialects/torch.md): conv2d and conv3d,
// and the per-batch helpers they share with pooling.

// batched runs f on a 4-D view of a [C, H, W] or [N, C, H, W] input and
// gives the result the input's rank back.
func batched(x *tensor.Tensor, f func(x *tensor.Tensor) (*tensor.Tensor, error)) ([]*tensor.Tensor, error) {
	return batchedRank(x, 4, f)
}

// batchedRank is batched for inputs of the given batched rank.
func batchedRank(x *tensor.Tensor, rank int, f func(x *tensor.Tensor) (*tensor.Tensor, error)) ([]*tensor.Tensor, error) {
	switch x.Rank() {
	case rank:
		return one(f(x))
	case rank - 1:
		xb, err := tensor.Unsqueeze(x, []int{0})
		if err != nil {
			return nil, err
		}
		r, err := f(xb)
		if err != nil {
			return nil, err
		}
		return one(tensor.Squeeze(r, []int{0}))
	}
	return nil, fmt.Errorf("expects a %d-D or %d-D input, got %s", rank-1, rank, describe(x))
}

func torchConv(c *opCall) ([]*tensor.Tensor, error) {
	s, err := c.pair("stride")
	if err != nil {
		return nil, err
	}
	p, err := c.pair("padding")
	if err != nil {
		return nil, err
	}
	d, err := c.pair("dilation")
	if err != nil {
		return nil, err
	}
	groups, err := c.int("groups")
	if err != nil {
		return nil, err
	}
	var bias *tensor.Tensor
	if len(c.in) > 2 {
		bias = c.in[2]
	}
	return batched(c.in[0], func(x *tensor.Tensor) (*tensor.Tensor, error) {
		return conv2D(x, c.in[1], bias, s, d, [4]int{p[0], p[1], p[0], p[1]}, int(groups))
	})
}

// triple reads a torch int[3] argument: one value applies to all three
// dims; an empty list (or absence) gives the table default, else orElse.
func (c *opCall) triple(name string, orElse []int64) ([3]int, error) {
	v, err := c.window(name, 3, orElse)
	if err != nil {
		return [3]int{}, err
	}
	return [3]int(v), nil
}

// symPads is a symmetric torch padding in Window3D's begins-then-ends order.
func symPads(p [3]int) [6]int { return [6]int{p[0], p[1], p[2], p[0], p[1], p[2]} }

func torchConv3d(c *opCall) ([]*tensor.Tensor, error) {
	var w tensor.Window3D
	var p [3]int
	var err error
	if w.Strides, err = c.triple("stride", nil); err != nil {
		return nil, err
	}
	if p, err = c.triple("padding", nil); err != nil {
		return nil, err
	}
	if w.Dilations, err = c.triple("dilation", nil); err != nil {
		return nil, err
	}
	groups, err := c.int("groups")
	if err != nil {
		return nil, err
	}
	w.Pads, w.Groups = symPads(p), int(groups)
	var bias *tensor.Tensor
	if len(c.in) > 2 {
		bias = c.in[2]
	}
	return batchedRank(c.in[0], 5, func(x *tensor.Tensor) (*tensor.Tensor, error) { return tensor.Conv3D(x, c.in[1], bias, w) })
}
