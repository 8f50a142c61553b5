package interp

import (
	"fmt"

	"github.com/mlc-go/mlc/dialects/torch"
	"github.com/mlc-go/mlc/internal/tensor"
)

// Shape and data-movement torch kernels (docs/dialects/torch.md): views,
// permutes, concatenation, padding, expand, repeat, flip and pixel
// (un)shuffle.

func torchReshape(attr string) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) {
		s, err := c.ints(attr)
		if err != nil {
			return nil, err
		}
		shape, err := torch.ViewShape(c.in[0].Shape(), s)
		if err != nil {
			return nil, err
		}
		return one(c.in[0].Reshape(shape...))
	}
}

func torchFlatten(c *opCall) ([]*tensor.Tensor, error) {
	s, err := c.int("start_dim")
	if err != nil {
		return nil, err
	}
	e, err := c.int("end_dim")
	if err != nil {
		return nil, err
	}
	shape, err := torch.FlattenShape(c.in[0].Shape(), s, e)
	if err != nil {
		return nil, err
	}
	return one(c.in[0].Reshape(shape...))
}

func torchSqueeze(c *opCall) ([]*tensor.Tensor, error) { return one(tensor.Squeeze(c.in[0], nil)) }

func torchSqueezeDim(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	d, err := c.int("dim")
	if err != nil {
		return nil, err
	}
	ax, err := wrapDim(d, x.Rank())
	if err != nil {
		return nil, err
	}
	if x.Rank() == 0 || x.Dim(ax) != 1 {
		return identity(c)
	}
	return one(tensor.Squeeze(x, []int{ax}))
}

func torchUnsqueeze(c *opCall) ([]*tensor.Tensor, error) {
	d, err := c.int("dim")
	if err != nil {
		return nil, err
	}
	ax, err := wrapDim(d, c.in[0].Rank()+1)
	if err != nil {
		return nil, err
	}
	return one(tensor.Unsqueeze(c.in[0], []int{ax}))
}

func torchPermute(c *opCall) ([]*tensor.Tensor, error) {
	dims, err := c.ints("dims")
	if err != nil {
		return nil, err
	}
	if len(dims) != c.in[0].Rank() {
		return nil, fmt.Errorf("dims %v is not a permutation of %d dims", dims, c.in[0].Rank())
	}
	perm, err := wrapDims(dims, c.in[0].Rank())
	if err != nil {
		return nil, err
	}
	return one(tensor.Transpose(c.in[0], perm))
}

func torchTranspose(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	d0, err := c.int("dim0")
	if err != nil {
		return nil, err
	}
	d1, err := c.int("dim1")
	if err != nil {
		return nil, err
	}
	a, err := wrapDim(d0, x.Rank())
	if err != nil {
		return nil, err
	}
	b, err := wrapDim(d1, x.Rank())
	if err != nil {
		return nil, err
	}
	if x.Rank() == 0 {
		return identity(c)
	}
	perm := make([]int, x.Rank())
	for i := range perm {
		perm[i] = i
	}
	perm[a], perm[b] = perm[b], perm[a]
	return one(tensor.Transpose(x, perm))
}

func torchExpand(c *opCall) ([]*tensor.Tensor, error) {
	size, err := c.ints("size")
	if err != nil {
		return nil, err
	}
	shape, err := torch.ExpandShape(c.in[0].Shape(), size)
	if err != nil {
		return nil, err
	}
	return one(tensor.BroadcastTo(c.in[0], shape))
}

func torchCat(c *opCall) ([]*tensor.Tensor, error) {
	d, err := c.int("dim")
	if err != nil {
		return nil, err
	}
	if len(c.in) == 0 {
		return nil, fmt.Errorf("expects at least one tensor")
	}
	if c.in[0].Rank() == 0 {
		return nil, fmt.Errorf("cannot concatenate 0-D tensors")
	}
	ax, err := wrapDim(d, c.in[0].Rank())
	if err != nil {
		return nil, err
	}
	return one(tensor.Concat(ax, c.in...))
}

func torchConstantPad(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	pad, err := c.ints("pad")
	if err != nil {
		return nil, err
	}
	r := x.Rank()
	if len(pad)%2 != 0 || len(pad) > 2*r {
		return nil, fmt.Errorf("pad %v must have an even length of at most %d", pad, 2*r)
	}
	v, err := c.num("value")
	if err != nil {
		return nil, err
	}
	pads := make([]int64, 2*r)
	for i := 0; i < len(pad)/2; i++ {
		d := r - 1 - i
		pads[d], pads[r+d] = pad[2*i], pad[2*i+1]
	}
	return one(tensor.Pad(x, pads, tensor.PadConstant, v))
}

func torchRepeat(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	r, err := c.ints("repeats")
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
	dims, err := c.ints("dims")
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

// torchPixelShuffle rearranges [*, C·r², H, W] ↔ [*, C, H·r, W·r] with a
// reshape, a transpose and a reshape.
func torchPixelShuffle(up bool) kernel {
	attr := "downscale_factor"
	if up {
		attr = "upscale_factor"
	}
	return func(c *opCall) ([]*tensor.Tensor, error) {
		x := c.in[0]
		r, err := c.int(attr)
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
