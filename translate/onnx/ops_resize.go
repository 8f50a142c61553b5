package onnx

import (
	"slices"

	"github.com/mlc-go/mlc/ir"
)

// Resampling and block rearrangements, expressed with reshape, expand and
// permute on static shapes.
func init() {
	register(
		entry{op: "Resize", from: 11, to: 17, convert: convResize},
		entry{op: "DepthToSpace", from: 11, to: 17, convert: convDepthToSpace},
		entry{op: "SpaceToDepth", from: 11, to: 17, convert: convSpaceToDepth},
	)
}

// convResize supports nearest-neighbour upsampling by whole factors, where
// each input element is repeated factor times along its dim: that is what
// "asymmetric" coordinates with "floor" rounding compute, and also
// "half_pixel" / "pytorch_half_pixel" with round-to-nearest (whole factors
// never produce ties there). Other modes have no torch op.
func convResize(c *nodeCtx) error {
	mode, err := c.attrString("mode", "nearest")
	if err != nil {
		return err
	}
	coord, err := c.attrString("coordinate_transformation_mode", "half_pixel")
	if err != nil {
		return err
	}
	nearest, err := c.attrString("nearest_mode", "round_prefer_floor")
	if err != nil {
		return err
	}
	c.ignore("cubic_coeff_a", "exclude_outside", "extrapolation_value") // not used by nearest
	if mode != "nearest" {
		return c.errorf("mode '%s' is not supported (only nearest-neighbour upsampling by whole factors)", mode)
	}
	switch {
	case coord == "asymmetric" && nearest == "floor":
	case (coord == "half_pixel" || coord == "pytorch_half_pixel") && (nearest == "round_prefer_floor" || nearest == "round_prefer_ceil"):
	default:
		return c.errorf("coordinate_transformation_mode '%s' with nearest_mode '%s' is not supported", coord, nearest)
	}
	x := c.arg(0)
	if c.err != nil {
		return c.err
	}
	in := shapeOf(x)
	if !isStatic(in) {
		return c.errorf("needs static input dims, got %s", x.Type())
	}
	factors := make([]int64, len(in))
	switch {
	case c.has(3):
		sizes, err := c.constInts(3, "sizes")
		if err != nil {
			return err
		}
		if len(sizes) != len(in) {
			return c.errorf("sizes has %d entries for rank %d", len(sizes), len(in))
		}
		for i, s := range sizes {
			if in[i] == 0 || s%in[i] != 0 || s < in[i] {
				return c.errorf("size %d of dim %d is not a whole multiple of %d", s, i, in[i])
			}
			factors[i] = s / in[i]
		}
	case c.has(2):
		h := c.host(2)
		if h == nil || !h.known() || !isFloatType(h.elem) || h.len() != len(in) {
			return c.errorf("run-time scales are not supported: scales must be a constant float tensor with one entry per dim")
		}
		for i, s := range h.floats {
			if s < 1 || s != float64(int64(s)) {
				return c.errorf("scale %g of dim %d is not a whole factor ≥ 1", s, i)
			}
			factors[i] = int64(s)
		}
	default:
		return c.errorf("needs scales or sizes")
	}
	if !slices.ContainsFunc(factors, func(f int64) bool { return f != 1 }) {
		c.alias(0, 0)
		return nil
	}
	// [.., d, ..] -> [.., d, 1, ..] -> expand [.., d, f, ..] -> [.., d·f, ..]
	var split, expanded, out []int64
	for i, d := range in {
		out = append(out, d*factors[i])
		if factors[i] == 1 {
			split, expanded = append(split, d), append(expanded, d)
			continue
		}
		split, expanded = append(split, d, 1), append(expanded, d, factors[i])
	}
	y := c.emit("torch.aten.reshape", []*ir.Value{x}, c.arr("shape", split))
	y = c.emit("torch.aten.expand", []*ir.Value{y}, c.arr("size", expanded))
	return c.result(c.emit("torch.aten.reshape", []*ir.Value{y}, c.arr("shape", out)))
}

// blockArgs reads blocksize and checks a static [N, C, H, W] input.
func blockArgs(c *nodeCtx) (*ir.Value, []int64, int64, error) {
	if !c.hasAttr("blocksize") {
		return nil, nil, 0, c.errorf("requires attribute 'blocksize'")
	}
	bs, err := c.attrInt("blocksize", 0)
	if err != nil {
		return nil, nil, 0, err
	}
	x := c.arg(0)
	if c.err != nil {
		return nil, nil, 0, c.err
	}
	s := shapeOf(x)
	if len(s) != 4 || !isStatic(s) || bs <= 0 {
		return nil, nil, 0, c.errorf("expects a static [N, C, H, W] input and a positive blocksize, got %s and %d", x.Type(), bs)
	}
	return x, s, bs, nil
}

// convDepthToSpace follows the ONNX definition: reshape, transpose,
// reshape in DCR (default) order; CRD order is pixel_shuffle.
func convDepthToSpace(c *nodeCtx) error {
	mode, err := c.attrString("mode", "DCR")
	if err != nil {
		return err
	}
	x, s, bs, err := blockArgs(c)
	if err != nil {
		return err
	}
	b, ch, h, w := s[0], s[1], s[2], s[3]
	if ch%(bs*bs) != 0 {
		return c.errorf("channels %d are not divisible by blocksize² = %d", ch, bs*bs)
	}
	var tmp, perm []int64
	switch mode {
	case "DCR":
		tmp, perm = []int64{b, bs, bs, ch / (bs * bs), h, w}, []int64{0, 3, 4, 1, 5, 2}
	case "CRD": // PyTorch's pixel_shuffle
		return c.result(c.emit("torch.aten.pixel_shuffle", []*ir.Value{x}, c.i64("upscale_factor", bs)))
	default:
		return c.errorf("mode '%s' is not valid", mode)
	}
	y := c.emit("torch.aten.reshape", []*ir.Value{x}, c.arr("shape", tmp))
	y = c.emit("torch.aten.permute", []*ir.Value{y}, c.arr("dims", perm))
	return c.result(c.emit("torch.aten.reshape", []*ir.Value{y}, c.arr("shape", []int64{b, ch / (bs * bs), h * bs, w * bs})))
}

func convSpaceToDepth(c *nodeCtx) error {
	x, s, bs, err := blockArgs(c)
	if err != nil {
		return err
	}
	b, ch, h, w := s[0], s[1], s[2], s[3]
	if h%bs != 0 || w%bs != 0 {
		return c.errorf("spatial dims %dx%d are not divisible by blocksize %d", h, w, bs)
	}
	y := c.emit("torch.aten.reshape", []*ir.Value{x}, c.arr("shape", []int64{b, ch, h / bs, bs, w / bs, bs}))
	y = c.emit("torch.aten.permute", []*ir.Value{y}, c.arr("dims", []int64{0, 3, 5, 1, 2, 4}))
	return c.result(c.emit("torch.aten.reshape", []*ir.Value{y}, c.arr("shape", []int64{b, ch * bs * bs, h / bs, w / bs})))
}
