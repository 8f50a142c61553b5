package interp

import "github.com/mlc-go/mlc/internal/tensor"

// Volumetric torch ops: conv3d, max_pool3d, avg_pool3d.

// triple reads a torch int[3] argument: one value applies to all three
// dims; an empty list (or absence) gives def.
func (c *opCall) triple(name string, def []int64) ([3]int, error) {
	v, err := c.window(name, 3, def)
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
	if w.Strides, err = c.triple("stride", []int64{1}); err != nil {
		return nil, err
	}
	if p, err = c.triple("padding", []int64{0}); err != nil {
		return nil, err
	}
	if w.Dilations, err = c.triple("dilation", []int64{1}); err != nil {
		return nil, err
	}
	groups, err := c.int("groups", 1)
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

// torchWindow3 reads kernel_size, stride (default: kernel_size, also when
// empty), symmetric padding, dilation (when allowed) and ceil_mode.
func torchWindow3(c *opCall, dilation bool) (tensor.Window3D, error) {
	var w tensor.Window3D
	var err error
	if w.Kernel, err = c.triple("kernel_size", nil); err != nil {
		return w, err
	}
	k := []int64{int64(w.Kernel[0]), int64(w.Kernel[1]), int64(w.Kernel[2])}
	if w.Strides, err = c.triple("stride", k); err != nil {
		return w, err
	}
	p, err := c.triple("padding", []int64{0})
	if err != nil {
		return w, err
	}
	w.Pads = symPads(p)
	w.Dilations = [3]int{1, 1, 1}
	if dilation {
		if w.Dilations, err = c.triple("dilation", []int64{1}); err != nil {
			return w, err
		}
	}
	w.CeilMode, err = c.bool("ceil_mode", false)
	return w, err
}

func torchMaxPool3d(c *opCall) ([]*tensor.Tensor, error) {
	w, err := torchWindow3(c, true)
	if err != nil {
		return nil, err
	}
	return batchedRank(c.in[0], 5, func(x *tensor.Tensor) (*tensor.Tensor, error) { return tensor.MaxPool3D(x, w) })
}

func torchAvgPool3d(c *opCall) ([]*tensor.Tensor, error) {
	w, err := torchWindow3(c, false)
	if err != nil {
		return nil, err
	}
	if w.CountIncludePad, err = c.bool("count_include_pad", true); err != nil {
		return nil, err
	}
	div, err := c.int("divisor_override", 0)
	if err != nil {
		return nil, err
	}
	w.Divisor = int(div)
	return batchedRank(c.in[0], 5, func(x *tensor.Tensor) (*tensor.Tensor, error) { return tensor.AvgPool3D(x, w) })
}
