package interp

import (
	"github.com/mlc-go/mlc/internal/tensor"
)

// Pooling torch kernels (docs/dialects/torch.md): max and average pooling
// in 2-D and 3-D, and adaptive average pooling.

// torchWindow reads kernel_size, stride (default: kernel_size, also when
// empty), symmetric padding, dilation and ceil_mode.
func torchWindow(c *opCall, dilation bool) (window, error) {
	var g window
	k, err := c.pair("kernel_size")
	if err != nil {
		return g, err
	}
	sv, err := c.window("stride", 2, []int64{int64(k[0]), int64(k[1])})
	if err != nil {
		return g, err
	}
	p, err := c.pair("padding")
	if err != nil {
		return g, err
	}
	d := [2]int{1, 1}
	if dilation {
		if d, err = c.pair("dilation"); err != nil {
			return g, err
		}
	}
	if g.ceil, err = c.bool("ceil_mode"); err != nil {
		return g, err
	}
	g.kernel, g.stride, g.dilation = k, [2]int(sv), d
	g.pads = [4]int{p[0], p[1], p[0], p[1]}
	return g, nil
}

func torchMaxPool(c *opCall) ([]*tensor.Tensor, error) {
	g, err := torchWindow(c, true)
	if err != nil {
		return nil, err
	}
	return batched(c.in[0], func(x *tensor.Tensor) (*tensor.Tensor, error) { return maxPool2D(x, g) })
}

func torchAvgPool(c *opCall) ([]*tensor.Tensor, error) {
	g, err := torchWindow(c, false)
	if err != nil {
		return nil, err
	}
	include, err := c.bool("count_include_pad")
	if err != nil {
		return nil, err
	}
	div, err := c.int("divisor_override")
	if err != nil {
		return nil, err
	}
	return batched(c.in[0], func(x *tensor.Tensor) (*tensor.Tensor, error) {
		if div != 0 {
			return sumPool2D(x, g, float64(div))
		}
		p := g.params()
		p.CountIncludePad = include
		return tensor.AvgPool2D(x, p)
	})
}

func torchAdaptiveAvgPool(c *opCall) ([]*tensor.Tensor, error) {
	o, err := c.intsN("output_size", 2, nil)
	if err != nil {
		return nil, err
	}
	return batched(c.in[0], func(x *tensor.Tensor) (*tensor.Tensor, error) {
		if o[0] == 1 && o[1] == 1 && x.DType() != tensor.F64 {
			return tensor.GlobalAvgPool(x)
		}
		return adaptiveAvgPool2D(x, int(o[0]), int(o[1]))
	})
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
	p, err := c.triple("padding", nil)
	if err != nil {
		return w, err
	}
	w.Pads = symPads(p)
	w.Dilations = [3]int{1, 1, 1}
	if dilation {
		if w.Dilations, err = c.triple("dilation", nil); err != nil {
			return w, err
		}
	}
	w.CeilMode, err = c.bool("ceil_mode")
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
	if w.CountIncludePad, err = c.bool("count_include_pad"); err != nil {
		return nil, err
	}
	div, err := c.int("divisor_override")
	if err != nil {
		return nil, err
	}
	w.Divisor = int(div)
	return batchedRank(c.in[0], 5, func(x *tensor.Tensor) (*tensor.Tensor, error) { return tensor.AvgPool3D(x, w) })
}
