package onnx

import (
	"math"
	"slices"

	"github.com/mlc-go/mlc/ir"
)

// Resampling and block rearrangements. Resize is separable: each resized
// axis becomes a gather of constant source indices (index_select) and,
// for linear and cubic modes, a weighted sum of the gathered taps, all
// computed at import time from the static shapes.
func init() {
	register(
		entry{op: "Upsample", from: 7, to: 9, convert: convUpsample},
		entry{op: "Resize", from: 10, to: 10, convert: convResize10},
		entry{op: "Resize", from: 11, to: 17, convert: convResize},
		entry{op: "DepthToSpace", from: 11, to: 17, convert: convDepthToSpace},
		entry{op: "SpaceToDepth", from: 11, to: 17, convert: convSpaceToDepth},
	)
}

// resizeCoords maps coordinate_transformation_mode to the source
// coordinate of output position x. length is the output size (the spec's
// "length of the resized tensor", as ONNX Runtime, TensorRT and PyTorch
// take it; ONNX's reference uses scale·in, which differs for align_corners
// with scales whose product with the input size is not whole); roi is
// [start, end] of this axis (tf_crop_and_resize only).
var resizeCoords = map[string]func(x, scale, in, length float64, roi [2]float64) float64{
	"half_pixel": func(x, s, _, _ float64, _ [2]float64) float64 { return (x+0.5)/s - 0.5 },
	"pytorch_half_pixel": func(x, s, _, l float64, _ [2]float64) float64 {
		if l <= 1 {
			return 0
		}
		return (x+0.5)/s - 0.5
	},
	"align_corners": func(x, _, in, l float64, _ [2]float64) float64 {
		if l == 1 {
			return 0
		}
		return x * (in - 1) / (l - 1)
	},
	"asymmetric":           func(x, s, _, _ float64, _ [2]float64) float64 { return x / s },
	"tf_half_pixel_for_nn": func(x, s, _, _ float64, _ [2]float64) float64 { return (x + 0.5) / s },
	"tf_crop_and_resize": func(x, _, in, l float64, r [2]float64) float64 {
		if l <= 1 {
			return (r[1] - r[0]) * (in - 1) / 2
		}
		return r[0]*(in-1) + x*(r[1]-r[0])*(in-1)/(l-1)
	},
}

// resizeRounding maps nearest_mode to whether a source coordinate with
// fractional part f in (0, 1) takes the upper neighbour; integral
// coordinates take themselves.
var resizeRounding = map[string]func(f float64) bool{
	"round_prefer_floor": func(f float64) bool { return f > 0.5 },
	"round_prefer_ceil":  func(f float64) bool { return f >= 0.5 },
	"floor":              func(float64) bool { return false },
	"ceil":               func(float64) bool { return true },
}

// resizeKernel is an interpolation mode: its taps around a source
// coordinate s and their weights. With b = ⌈s⌉ − 1 and t = s − b in
// (0, 1] (ONNX's reference takes the lower neighbours of an integral
// coordinate), tap k reads index b + first + k.
type resizeKernel struct {
	first, taps int
	weights     func(t float64, p *resizeParams) []float64
}

var resizeKernels = map[string]resizeKernel{
	"nearest": {0, 2, func(t float64, p *resizeParams) []float64 {
		up := t == 1 || p.round(t)
		return []float64{b2f(!up), b2f(up)}
	}},
	"linear": {0, 2, func(t float64, _ *resizeParams) []float64 { return []float64{1 - t, t} }},
	"cubic": {-1, 4, func(t float64, p *resizeParams) []float64 {
		return []float64{cubicWeight(1+t, p.cubicA), cubicWeight(t, p.cubicA), cubicWeight(1-t, p.cubicA), cubicWeight(2-t, p.cubicA)}
	}},
}

// cubicWeight is Keys' cubic convolution kernel at distance d ≥ 0.
func cubicWeight(d, a float64) float64 {
	if d <= 1 {
		return ((a+2)*d-(a+3))*d*d + 1
	}
	return ((a*d-5*a)*d+8*a)*d - 4*a
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// resizeParams holds a node's attributes.
type resizeParams struct {
	mode, coord    string
	round          func(float64) bool
	cubicA         float64
	excludeOutside bool
	extrapolation  float64
	// legacy: Upsample and Resize-10 nearest, which floor when upsampling
	// and ceil when downsampling (ONNX Runtime's rule for these opsets).
	legacy bool
}

// axisPlan is one resized axis: per output position, the clamped source
// indices and their weights (taps each), and whether the position lies
// outside the input (tf_crop_and_resize's extrapolation).
type axisPlan struct {
	idx     []int64
	w       []float64
	taps    int
	outside []bool
}

func convUpsample(c *nodeCtx) error {
	p, err := legacyResizeParams(c)
	if err != nil {
		return err
	}
	if c.opset < 9 {
		sc, ok, err := c.attrFloats("scales")
		if err != nil {
			return err
		}
		if !ok {
			return c.errorf("requires attribute 'scales'")
		}
		return resize(c, p, sc, nil, nil)
	}
	return resizeFromInputs(c, p, -1, 1, -1)
}

func convResize10(c *nodeCtx) error {
	p, err := legacyResizeParams(c)
	if err != nil {
		return err
	}
	return resizeFromInputs(c, p, -1, 1, -1)
}

// legacyResizeParams: before opset 11 there are only nearest and linear,
// with asymmetric coordinates.
func legacyResizeParams(c *nodeCtx) (*resizeParams, error) {
	mode, err := c.attrString("mode", "nearest")
	if err != nil {
		return nil, err
	}
	if mode == "bilinear" && c.node.OpType == "Upsample" {
		mode = "linear"
	}
	if mode != "nearest" && mode != "linear" {
		return nil, c.errorf("mode '%s' is not nearest or linear", mode)
	}
	return &resizeParams{mode: mode, coord: "asymmetric", legacy: mode == "nearest", round: resizeRounding["floor"]}, nil
}

func convResize(c *nodeCtx) error {
	p := &resizeParams{}
	var err error
	if p.mode, err = c.attrString("mode", "nearest"); err != nil {
		return err
	}
	if _, ok := resizeKernels[p.mode]; !ok {
		return c.errorf("mode '%s' is not nearest, linear or cubic", p.mode)
	}
	if p.coord, err = c.attrString("coordinate_transformation_mode", "half_pixel"); err != nil {
		return err
	}
	if _, ok := resizeCoords[p.coord]; !ok {
		return c.unsupportedf("coordinate_transformation_mode '%s' is not supported", p.coord)
	}
	nearest, err := c.attrString("nearest_mode", "round_prefer_floor")
	if err != nil {
		return err
	}
	if p.round = resizeRounding[nearest]; p.round == nil {
		return c.unsupportedf("nearest_mode '%s' is not supported", nearest)
	}
	if p.cubicA, err = c.attrFloat("cubic_coeff_a", -0.75); err != nil {
		return err
	}
	ex, err := c.attrInt("exclude_outside", 0)
	if err != nil {
		return err
	}
	p.excludeOutside = ex != 0
	if p.extrapolation, err = c.attrFloat("extrapolation_value", 0); err != nil {
		return err
	}
	return resizeFromInputs(c, p, 1, 2, 3)
}

// resizeFromInputs reads roi, scales and sizes from the node's inputs
// (index -1: the opset has no such input). Empty tensors count as absent,
// as opset 11 passes an empty scales with sizes.
func resizeFromInputs(c *nodeCtx, p *resizeParams, roiIn, scalesIn, sizesIn int) error {
	read := func(i int, what string) ([]float64, bool, error) {
		if i < 0 || !c.has(i) {
			return nil, false, nil
		}
		h := c.host(i)
		if h == nil || !h.known() {
			return nil, false, c.needsConstant(what, "run-time input '%s' is not supported: it must be known at import time (a constant or a computation on static shapes)", what)
		}
		if h.len() == 0 {
			return nil, false, nil
		}
		v := make([]float64, h.len())
		for j := range v {
			v[j] = h.float(j)
		}
		return v, true, nil
	}
	scales, hasScales, err := read(scalesIn, "scales")
	if err != nil {
		return err
	}
	sizes, hasSizes, err := read(sizesIn, "sizes")
	if err != nil {
		return err
	}
	var roi []float64
	if p.coord == "tf_crop_and_resize" {
		if roi, _, err = read(roiIn, "roi"); err != nil {
			return err
		}
	}
	if hasSizes && hasScales {
		return c.errorf("only one of scales and sizes may be given")
	}
	if hasSizes && isFloatType(c.host(sizesIn).elem) {
		return c.errorf("input 'sizes' must be an integer tensor, got %s", c.host(sizesIn).elem)
	}
	if !hasSizes && !hasScales {
		return c.errorf("needs scales or sizes")
	}
	return resize(c, p, scales, sizes, roi)
}

// resize lowers a resize of input 0 by scales, or to sizes.
func resize(c *nodeCtx, p *resizeParams, scales, sizes, roi []float64) error {
	x := c.arg(0)
	if c.err != nil {
		return c.err
	}
	in := shapeOf(x)
	r := len(in)
	if !isStatic(in) {
		return c.errorf("needs static input dims, got %s", x.Type())
	}
	elem := ir.ElementTypeOf(x.Type())
	if p.mode != "nearest" && !isFloatType(elem) {
		return c.errorf("mode '%s' needs a floating-point input, got %s", p.mode, elem)
	}
	for _, v := range [][]float64{scales, sizes} {
		if v != nil && len(v) != r {
			return c.errorf("scales or sizes has %d entries for an input of rank %d", len(v), r)
		}
	}
	if roi != nil && len(roi) != 2*r {
		return c.errorf("roi has %d entries for an input of rank %d (want %d)", len(roi), r, 2*r)
	}
	out := make([]int64, r)
	sc := make([]float64, r)
	total := 1.0
	for i, d := range in {
		rg := [2]float64{0, 1}
		if roi != nil {
			rg = [2]float64{roi[i], roi[i+r]}
		}
		if sizes != nil {
			out[i] = int64(sizes[i])
			if d > 0 {
				sc[i] = sizes[i] / float64(d)
			}
		} else {
			sc[i] = scales[i]
			if !(sc[i] > 0) || math.IsInf(sc[i], 0) {
				return c.errorf("scale %g of dim %d is not a positive number", sc[i], i)
			}
			o := math.Floor(float64(d) * (rg[1] - rg[0]) * sc[i])
			if o > maxMaskElems {
				return c.errorf("dim %d of size %d scaled by %g is too large", i, d, sc[i])
			}
			out[i] = int64(o)
		}
		if out[i] < 1 || out[i] > maxMaskElems || (d == 0 && out[i] != 0) {
			return c.errorf("cannot resize dim %d of size %d to %d", i, d, out[i])
		}
		total *= float64(out[i])
	}
	if total > 1<<40 {
		return c.errorf("the output of shape [%s] is too large", fmtShape(out))
	}
	plans := make([]*axisPlan, r)
	for i := range in {
		rg := [2]float64{0, 1}
		if roi != nil {
			rg = [2]float64{roi[i], roi[i+r]}
		}
		plans[i] = planAxis(p, in[i], out[i], sc[i], rg)
	}
	if y, ok := resizeByRepeat(c, x, plans); ok {
		return c.result(y)
	}
	y := x
	for i, pl := range plans {
		y = resizeAxis(c, y, i, pl, elem)
	}
	for i, pl := range plans {
		if !slices.Contains(pl.outside, true) {
			continue
		}
		mask := newHost(c.im.ctx.I(1), along(r, i, out[i]))
		for j, o := range pl.outside {
			mask.ints[j] = int64(b2f(o))
		}
		v, err := c.number("value", elem, p.extrapolation)
		if err != nil {
			return err
		}
		y = c.emit("torch.aten.masked_fill.Scalar", []*ir.Value{y, c.constant(mask)}, v)
	}
	return c.result(y)
}

// planAxis computes the taps of one axis as ONNX's reference
// implementation does (edge-clamped indices, float64 coordinates).
func planAxis(p *resizeParams, in, out int64, scale float64, roi [2]float64) *axisPlan {
	k := resizeKernels[p.mode]
	if p.legacy && scale < 1 {
		q := *p
		q.round = resizeRounding["ceil"]
		p = &q
	}
	pl := &axisPlan{taps: k.taps, idx: make([]int64, 0, out*int64(k.taps)), w: make([]float64, 0, out*int64(k.taps))}
	coord := resizeCoords[p.coord]
	for j := range out {
		s := coord(float64(j), scale, float64(in), float64(out), roi)
		outside := p.coord == "tf_crop_and_resize" && (s < 0 || s > float64(in-1))
		pl.outside = append(pl.outside, outside)
		if p.mode == "nearest" {
			s = snapHalf(s)
		}
		b := math.Ceil(s) - 1
		t := s - b
		w := k.weights(t, p)
		base := int64(b) + int64(k.first)
		if p.excludeOutside {
			sum := 0.0
			for n := range w {
				if i := base + int64(n); i < 0 || i >= in {
					w[n] = 0
				}
				sum += w[n]
			}
			for n := range w {
				w[n] /= sum
			}
		}
		for n := range w {
			pl.idx = append(pl.idx, min(max(base+int64(n), 0), in-1))
			pl.w = append(pl.w, w[n])
		}
	}
	pl.simplify()
	return pl
}

// snapHalf moves a coordinate within float32 rounding of a multiple of
// 1/2 onto it, so that nearest rounding sees the ties and integers the
// arithmetic means: 3 / 0.6f is 4.9999998 in float64 but 5 in float32,
// which PyTorch and ONNX Runtime compute in.
func snapHalf(s float64) float64 {
	h := math.Round(2*s) / 2
	if math.Abs(s-h) <= 0x1p-21*max(1, math.Abs(s)) {
		return h
	}
	return s
}

// simplify merges taps reading the same index and, when every position
// then reads one index with weight 1, leaves a plain selection (taps = 1).
func (pl *axisPlan) simplify() {
	n := len(pl.outside)
	sel := make([]int64, n)
	for j := range n {
		row := j * pl.taps
		var only int64 = -1
		for t := range pl.taps {
			if pl.w[row+t] == 0 {
				continue
			}
			i := pl.idx[row+t]
			if only >= 0 && only != i {
				return
			}
			only = i
		}
		sum := 0.0
		for t := range pl.taps {
			sum += pl.w[row+t]
		}
		if only < 0 || sum != 1 {
			return
		}
		sel[j] = only
	}
	pl.idx, pl.w, pl.taps = sel, nil, 1
}

// identity reports whether a selection reads every index in order.
func (pl *axisPlan) identity(in int64) bool {
	if pl.taps != 1 || int64(len(pl.idx)) != in || slices.Contains(pl.outside, true) {
		return false
	}
	for j, i := range pl.idx {
		if i != int64(j) {
			return false
		}
	}
	return true
}

// repeatFactor is f when a selection repeats each index f times.
func (pl *axisPlan) repeatFactor(in int64) int64 {
	if pl.taps != 1 || in == 0 || int64(len(pl.idx))%in != 0 || slices.Contains(pl.outside, true) {
		return 0
	}
	f := int64(len(pl.idx)) / in
	for j, i := range pl.idx {
		if i != int64(j)/f {
			return 0
		}
	}
	return f
}

// resizeByRepeat: when every axis repeats each element a whole number of
// times (nearest upsampling by whole factors), reshape, expand and reshape
// say so without index constants.
func resizeByRepeat(c *nodeCtx, x *ir.Value, plans []*axisPlan) (*ir.Value, bool) {
	in := shapeOf(x)
	var split, expanded, out []int64
	any := false
	for i, pl := range plans {
		f := pl.repeatFactor(in[i])
		if f == 0 {
			return nil, false
		}
		out = append(out, in[i]*f)
		if f == 1 {
			split, expanded = append(split, in[i]), append(expanded, in[i])
			continue
		}
		any = true
		split, expanded = append(split, in[i], 1), append(expanded, in[i], f)
	}
	if !any {
		return x, true
	}
	// [.., d, ..] -> [.., d, 1, ..] -> expand [.., d, f, ..] -> [.., d·f, ..]
	y := c.emit("torch.aten.reshape", []*ir.Value{x}, c.arr("shape", split))
	y = c.emit("torch.aten.expand", []*ir.Value{y}, c.arr("size", expanded))
	return c.emit("torch.aten.reshape", []*ir.Value{y}, c.arr("shape", out)), true
}

// resizeAxis applies one axis's plan to y:
//
//	selection: index_select(y, ax, idx)
//	taps:      sum(reshape(index_select(y, ax, idx), [.., n, taps, ..]) · w[n, taps, 1..], ax+1)
func resizeAxis(c *nodeCtx, y *ir.Value, ax int, pl *axisPlan, elem ir.Type) *ir.Value {
	if c.err != nil {
		return nil
	}
	s := shapeOf(y)
	if pl.identity(s[ax]) {
		return y
	}
	idx := intsHost(c.im.ctx, pl.idx)
	g := c.emit("torch.aten.index_select", []*ir.Value{y, c.constant(idx)}, c.i64("dim", int64(ax)))
	if pl.taps == 1 {
		return g
	}
	n := int64(len(pl.outside))
	split := slices.Concat(s[:ax], []int64{n, int64(pl.taps)}, s[ax+1:])
	g = c.emit("torch.aten.reshape", []*ir.Value{g}, c.arr("shape", split))
	wshape := append([]int64{n, int64(pl.taps)}, along(len(s)-ax-1, -1, 0)...)
	w := newHost(elem, wshape)
	for i, v := range pl.w {
		w.setFloat(i, v)
	}
	g = c.emit("torch.aten.mul.Tensor", []*ir.Value{g, c.constant(w)})
	return c.emit("torch.aten.sum.dim_IntList", []*ir.Value{g}, c.arr("dim", []int64{int64(ax + 1)}))
}

// along is a shape of rank r of ones with size n at dim d (none when d is
// out of range).
func along(r, d int, n int64) []int64 {
	s := ones(r)
	if d >= 0 && d < r {
		s[d] = n
	}
	return s
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
