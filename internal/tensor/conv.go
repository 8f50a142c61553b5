package tensor

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"sync"
)

// Conv2DParams are the attributes of a 2-D convolution (ONNX Conv).
// Zero strides, dilations and groups mean 1.
type Conv2DParams struct {
	Strides   [2]int // (h, w)
	Dilations [2]int // (h, w)
	Pads      [4]int // top, left, bottom, right (ONNX order: h_begin, w_begin, h_end, w_end)
	Groups    int
	// Clip, when set, clamps every float32 output to [ClipLo, ClipHi]
	// after the bias, exactly as ClipInto does, on each tile while it is
	// in cache: a ReLU or ReLU6 after the convolution without another
	// pass over its output.
	Clip           bool
	ClipLo, ClipHi float32
	// Residual, when set (Conv2DInto and Conv2DPackedInto only: a float32
	// tensor of the output's shape that does not share its storage), is
	// added to every output after the bias and before the clip, on each
	// tile while it is in cache: a residual add (and the ReLU after it)
	// without more passes over the output. ResidualFirst makes it the
	// addition's first operand, as in the add it stands for.
	Residual      *Tensor
	ResidualFirst bool
}

func (p Conv2DParams) norm() Conv2DParams {
	for i := range 2 {
		if p.Strides[i] == 0 {
			p.Strides[i] = 1
		}
		if p.Dilations[i] == 0 {
			p.Dilations[i] = 1
		}
	}
	if p.Groups == 0 {
		p.Groups = 1
	}
	return p
}

// ConvOutSize returns the output length of a convolution or pooling window
// along one axis: floor((in + padBegin + padEnd - dilation*(k-1) - 1) / stride) + 1
// (ceil instead of floor when ceil is set, see Pool2DParams.CeilMode). It is
// an error when the padded input is shorter than the dilated kernel.
func ConvOutSize(in, k, stride, dilation, padBegin, padEnd int, ceil bool) (int, error) {
	// Bounds that keep every product below overflow, for 32-bit ints too.
	const limit = min(1<<30, 1<<(strconv.IntSize/2-2))
	const inLimit = min(1<<40, math.MaxInt>>2)
	if k < 1 || stride < 1 || dilation < 1 || padBegin < 0 || padEnd < 0 ||
		k > limit || stride > limit || dilation > limit || padBegin > limit || padEnd > limit || in > inLimit {
		return 0, fmt.Errorf("tensor: bad window: kernel %d, stride %d, dilation %d, pads %d/%d", k, stride, dilation, padBegin, padEnd)
	}
	span := in + padBegin + padEnd - dilation*(k-1) - 1
	if span < 0 {
		return 0, fmt.Errorf("tensor: kernel %d (dilation %d) larger than padded input %d", k, dilation, in+padBegin+padEnd)
	}
	out := span/stride + 1
	if ceil && span%stride != 0 {
		out++
		// ONNX / PyTorch: a window that would start in the end padding (or
		// beyond) is dropped.
		if (out-1)*stride >= in+padBegin {
			out--
		}
	}
	return out, nil
}

// SamePads returns ONNX auto_pad SAME_UPPER (upper=true) or SAME_LOWER pads
// for one axis: output ceil(in/stride), total padding split with the odd
// unit at the end (upper) or the beginning (lower).
func SamePads(in, k, stride, dilation int, upper bool) (begin, end int) {
	out := (in + stride - 1) / stride
	total := max(0, (out-1)*stride+dilation*(k-1)+1-in)
	if upper {
		return total / 2, total - total/2
	}
	return total - total/2, total / 2
}

// convGeom is the validated geometry of one convolution.
type convGeom struct {
	n, c, h, w     int // input
	m, kh, kw      int // output channels, kernel
	oh, ow         int // output spatial
	cg, mg         int // channels per group (in, out)
	sh, sw, dh, dw int
	pt, pl         int
	groups         int
	// clip: clamp float32 outputs to [clipLo, clipHi] (Conv2DParams.Clip).
	clip           bool
	clipLo, clipHi float32
	// res: Conv2DParams.Residual's values, laid out as the output slice
	// passed with g (offset with it), or nil.
	res      []float32
	resFirst bool
	// serial: helpers that would share their work among threads run it
	// on the caller alone (the caller is already one of several workers).
	serial bool
}

// byOutputRows cuts the output rows into one run per worker and calls
// f(part, r0) on the workers for each run starting at row r0, part being
// g for those rows alone (padded row 0 is input row r0·sh − pt) and
// serial: each worker does all of its run's work itself, so what it
// writes only it reads. Runs start on a cache line of the output (elem
// bytes a value) where the planes allow (bandRows).
func (g *convGeom) byOutputRows(workers, elem int, f func(part *convGeom, r0 int)) {
	rows := (g.oh + workers - 1) / workers
	if r := bandRows(g.oh, g.ow, workers, elem); r > 0 {
		rows = r // parts that start on a cache line
	}
	parts := (g.oh + rows - 1) / rows
	parallelTiles(parts, math.Inf(1), func(t int) {
		r0, r1 := t*rows, min(g.oh, (t+1)*rows)
		part := convGeoms.Get().(*convGeom) // pooled: a part's geometry escapes
		defer convGeoms.Put(part)
		*part = *g
		part.oh, part.pt, part.serial = r1-r0, g.pt-r0*g.sh, true
		f(part, r0)
	})
}

// parallel is parallelTiles, or a plain loop when g.serial.
func (g *convGeom) parallel(tiles int, work float64, f func(t int)) {
	if g.serial {
		work = 0
	}
	parallelTiles(tiles, work, f)
}

func convGeometry(xs, ws []int64, p Conv2DParams) (*convGeom, error) {
	g := new(convGeom)
	if err := convGeometryInto(g, xs, ws, p); err != nil {
		return nil, err
	}
	return g, nil
}

// convGeometryInto is convGeometry filling g (which then need not be on
// the heap).
func convGeometryInto(g *convGeom, xs, ws []int64, p Conv2DParams) error {
	p = p.norm()
	if len(xs) != 4 {
		return fmt.Errorf("tensor: conv2d expects a 4-D NCHW input, got %s", FormatShape(xs))
	}
	if len(ws) != 4 {
		return fmt.Errorf("tensor: conv2d expects a 4-D OIHW weight, got %s", FormatShape(ws))
	}
	for _, v := range []int{p.Strides[0], p.Strides[1], p.Dilations[0], p.Dilations[1], p.Groups} {
		if v < 1 {
			return fmt.Errorf("tensor: conv2d: strides, dilations and groups must be positive (%+v)", p)
		}
	}
	for _, v := range p.Pads {
		if v < 0 {
			return fmt.Errorf("tensor: conv2d: negative pad in %v", p.Pads)
		}
	}
	*g = convGeom{
		n: int(xs[0]), c: int(xs[1]), h: int(xs[2]), w: int(xs[3]),
		m: int(ws[0]), kh: int(ws[2]), kw: int(ws[3]),
		sh: p.Strides[0], sw: p.Strides[1], dh: p.Dilations[0], dw: p.Dilations[1],
		pt: p.Pads[0], pl: p.Pads[1], groups: p.Groups,
		clip: p.Clip, clipLo: p.ClipLo, clipHi: p.ClipHi,
	}
	if p.Clip && !(p.ClipLo <= p.ClipHi) {
		return fmt.Errorf("tensor: conv2d: clip min %g > max %g", p.ClipLo, p.ClipHi)
	}
	if g.c%g.groups != 0 || g.m%g.groups != 0 {
		return fmt.Errorf("tensor: conv2d: %d input and %d output channels are not divisible by %d groups", g.c, g.m, g.groups)
	}
	g.cg, g.mg = g.c/g.groups, g.m/g.groups
	if int(ws[1]) != g.cg {
		return fmt.Errorf("tensor: conv2d: weight %s expects %d input channels per group, input has %d (%d channels, %d groups)",
			FormatShape(ws), ws[1], g.cg, g.c, g.groups)
	}
	if g.kh < 1 || g.kw < 1 {
		return fmt.Errorf("tensor: conv2d: empty kernel %s", FormatShape(ws))
	}
	var err error
	if g.oh, err = ConvOutSize(g.h, g.kh, g.sh, g.dh, p.Pads[0], p.Pads[2], false); err != nil {
		return fmt.Errorf("conv2d height: %w", err)
	}
	if g.ow, err = ConvOutSize(g.w, g.kw, g.sw, g.dw, p.Pads[1], p.Pads[3], false); err != nil {
		return fmt.Errorf("conv2d width: %w", err)
	}
	return nil
}

// convPackB returns a packB callback that packs the implicit im2col matrix
// of one (image, group): row p = (c, kh, kw) of the kernel window, column
// j = (oh, ow) of the output, value x[c, oh*sh-pt+kh*dh, ow*sw-pl+kw*dw]
// or 0 in the padding (after subtracting zero, for quantized inputs).
func convPackB[TIn int8 | uint8 | float32, T gemmElem](g *convGeom, x []TIn, zero T) func(dst []T, j0, nc, p0, kc int) {
	return func(dst []T, j0, nc, p0, kc int) { convPack(g, x, zero, dst, j0, nc, p0, kc) }
}

// convPack is convPackB's packing of columns [j0, j0+nc) and rows
// [p0, p0+kc) into dst.
func convPack[TIn int8 | uint8 | float32, T gemmElem](g *convGeom, x []TIn, zero T, dst []T, j0, nc, p0, kc int) {
	var row [gemmNC + gemmNR]T
	for p := range kc {
		convRow(g, x, zero, row[:nc], j0, p0+p)
		clear(row[nc : nc+gemmNR])
		for q := 0; q < nc; q += gemmNR {
			d := (*[gemmNR]T)(dst[(q/gemmNR)*kc*gemmNR+p*gemmNR:])
			*d = *(*[gemmNR]T)(row[q:])
		}
	}
}

// convRow writes columns [j0, j0+len(out)) of row p of the implicit
// im2col matrix into out.
func convRow[TIn int8 | uint8 | float32, T gemmElem](g *convGeom, x []TIn, zero T, out []T, j0, p int) {
	hw := g.h * g.w
	kk := g.kh * g.kw
	c, r := p/kk, p%kk
	ki, kj := r/g.kw, r%g.kw
	img := x[c*hw : (c+1)*hw]
	oh, ow := j0/g.ow, j0%g.ow
	for jj := 0; jj < len(out); {
		seg := min(g.ow-ow, len(out)-jj)
		o := out[jj : jj+seg]
		ih := oh*g.sh - g.pt + ki*g.dh
		if ih < 0 || ih >= g.h {
			clear(o)
		} else {
			src := img[ih*g.w : (ih+1)*g.w]
			iw := ow*g.sw - g.pl + kj*g.dw
			lo, hi := inWidth(iw, g.sw, g.w, seg)
			clear(o[:lo])
			clear(o[hi:])
			if g.sw == 1 && hi > lo {
				for t, v := range src[iw+lo : iw+hi] {
					o[lo+t] = T(v) - zero
				}
			} else if g.sw != 1 {
				s := iw + lo*g.sw
				for t := lo; t < hi; t++ {
					o[t] = T(src[s]) - zero
					s += g.sw
				}
			}
		}
		jj += seg
		oh++
		ow = 0
	}
}

// inWidth returns the outputs [lo, hi) of a run of seg that read inside a
// row of w inputs, the run's input columns being iw, iw+sw, ...: the rest
// read the padding. Padded convolutions clip most runs at one end, so the
// middle is copied and only the ends cleared.
func inWidth(iw, sw, w, seg int) (lo, hi int) {
	if sw == 1 { // no divisions: this runs once per run and k row
		lo = min(max(-iw, 0), seg)
		return lo, max(lo, min(w-iw, seg))
	}
	if iw < 0 {
		lo = min((-iw+sw-1)/sw, seg)
	}
	if iw <= w-1 {
		hi = min((w-1-iw)/sw+1, seg)
	}
	return lo, max(lo, hi)
}

// convPackF32 is convPack for float32 without zero point. The strip's
// columns cross the same output rows for every k row p, so those runs are
// worked out once; each row p then copies the part of each run that lies
// inside the input and clears the padding around it.
func convPackF32(g *convGeom, x []float32, dst []float32, j0, nc, p0, kc int) {
	type run struct{ at, n, ih, iw int } // row offset, length, input origin
	var runs [gemmNC]run
	nr := 0
	oh, ow := j0/g.ow, j0%g.ow
	for jj := 0; jj < nc; nr++ {
		n := min(g.ow-ow, nc-jj)
		runs[nr] = run{jj, n, oh*g.sh - g.pt, ow*g.sw - g.pl}
		jj += n
		oh++
		ow = 0
	}
	hw := g.h * g.w
	kk := g.kh * g.kw
	c, r := p0/kk, p0%kk
	ki, kj := r/g.kw, r%g.kw
	var row [gemmNC + gemmNR]float32
	for p := range kc {
		img := x[c*hw : (c+1)*hw]
		dh, dw := ki*g.dh, kj*g.dw
		for _, u := range runs[:nr] {
			out := row[u.at : u.at+u.n]
			ih := u.ih + dh
			if uint(ih) >= uint(g.h) {
				clear(out)
				continue
			}
			src := img[ih*g.w : (ih+1)*g.w]
			iw := u.iw + dw
			lo, hi := inWidth(iw, g.sw, g.w, u.n)
			clear(out[:lo])
			clear(out[hi:])
			if hi <= lo {
				continue
			}
			if g.sw == 1 {
				if hi-lo > 16 {
					copy(out[lo:hi], src[iw+lo:])
				} else { // short runs (7×7 and smaller maps): no call
					for t, v := range src[iw+lo : iw+hi] {
						out[lo+t] = v
					}
				}
			} else {
				s := iw + lo*g.sw
				for t := lo; t < hi; t++ {
					out[t] = src[s]
					s += g.sw
				}
			}
		}
		clear(row[nc : nc+gemmNR])
		for q := 0; q < nc; q += gemmNR {
			d := (*[gemmNR]float32)(dst[(q/gemmNR)*kc*gemmNR+p*gemmNR:])
			*d = *(*[gemmNR]float32)(row[q:])
		}
		if kj++; kj == g.kw {
			kj = 0
			if ki++; ki == g.kh {
				ki = 0
				c++
			}
		}
	}
}

// Conv2D is ONNX Conv for 4-D NCHW input x and OIHW weight w (w has
// C/groups input channels; groups == C == M is a depthwise convolution),
// with an optional bias of M values:
//
//	y[n,m,i,j] = Σ_{c,ki,kj} x[n, g*C/G + c, i*sh - pt + ki*dh, j*sw - pl + kj*dw] * w[m,c,ki,kj]  (+ bias[m])
//
// where g = m / (M/G) and out-of-range input positions are 0 (padding).
// The sum is computed by the blocked GEMM over an implicit im2col matrix
// (the window is packed straight from x, never materialised), so its
// order is Sgemm's with k = (c, ki, kj) row-major; the bias is added last.
// Depthwise convolutions (one input channel per group) are computed
// directly instead, in the same order (see conv_depthwise.go).
// F32 only; F16/BF16 are computed in float32 and rounded back.
func Conv2D(x, w, bias *Tensor, p Conv2DParams) (*Tensor, error) {
	if x.dtype != w.dtype || (bias != nil && bias.dtype != x.dtype) {
		return nil, fmt.Errorf("tensor: conv2d: dtypes differ")
	}
	switch x.dtype {
	case F16, BF16:
		var bf *Tensor
		if bias != nil {
			bf = asF32(bias)
		}
		r, err := Conv2D(asF32(x), asF32(w), bf, p)
		if err != nil {
			return nil, err
		}
		return fromF32(r, x.dtype)
	case F32:
	default:
		return nil, fmt.Errorf("tensor: conv2d is not defined on %v", x.dtype)
	}
	if p.Residual != nil {
		return nil, fmt.Errorf("tensor: conv2d: a residual needs an output (Conv2DInto)")
	}
	g, err := conv2DCheck(x, w, bias, p)
	if err != nil {
		return nil, err
	}
	out, err := Alloc(F32, []int64{int64(g.n), int64(g.m), int64(g.oh), int64(g.ow)})
	if err != nil || out.Len() == 0 {
		return out, err
	}
	conv2DF32(&g, x, w, bias, out.data.([]float32), nil)
	return out, nil
}

// Conv2DInto is Conv2D for float32 operands writing into y, which must be
// a float32 tensor of the output's shape; y must not share storage with x.
// In steady state (same shapes again) it allocates nothing but the
// goroutines' bookkeeping.
func Conv2DInto(y, x, w, bias *Tensor, p Conv2DParams) error {
	return conv2DInto(y, x, w, bias, p, nil)
}

// conv2DInto is Conv2DInto with A packed per group in packs, if any.
func conv2DInto(y, x, w, bias *Tensor, p Conv2DParams, packs []*packedA[float32]) error {
	if x.dtype != F32 || w.dtype != F32 || y.dtype != F32 || (bias != nil && bias.dtype != F32) {
		return fmt.Errorf("tensor: conv2d into: want f32 operands, got %v, %v -> %v", x.dtype, w.dtype, y.dtype)
	}
	g, err := conv2DCheck(x, w, bias, p)
	if err != nil {
		return err
	}
	if len(y.shape) != 4 || y.shape[0] != int64(g.n) || y.shape[1] != int64(g.m) || y.shape[2] != int64(g.oh) || y.shape[3] != int64(g.ow) {
		return fmt.Errorf("tensor: conv2d into: output of shape %s, want %dx%dx%dx%d", FormatShape(y.shape), g.n, g.m, g.oh, g.ow)
	}
	if r := p.Residual; r != nil {
		if r.dtype != F32 || !slices.Equal(r.shape, y.shape) {
			return fmt.Errorf("tensor: conv2d into: residual %v %s for an output of shape %s", r.dtype, FormatShape(r.shape), FormatShape(y.shape))
		}
		if rs, re := r.StorageSpan(); y.Len() > 0 {
			if ys, ye := y.StorageSpan(); rs < ye && ys < re {
				return fmt.Errorf("tensor: conv2d into: the residual shares the output's storage")
			}
		}
		g.res, g.resFirst = r.data.([]float32)[:r.Len()], p.ResidualFirst
	}
	if y.Len() > 0 {
		gp := convGeoms.Get().(*convGeom)
		*gp = g
		conv2DF32(gp, x, w, bias, y.data.([]float32), packs)
		*gp = convGeom{}
		convGeoms.Put(gp)
	}
	return nil
}

// PackedConv2D is a float32 convolution weight packed once into the GEMM's
// A panels, for Conv2DPackedInto: a weight used run after run (a model's
// constant) is then not re-packed by every convolution. It holds about as
// many values as the weight and reads nothing but the weight, which must
// not change while it is in use.
type PackedConv2D struct {
	w      *Tensor
	groups int
	a      []*packedA[float32] // per group; nil when nothing is packed (depthwise)
}

// Weight is the weight pw was packed from.
func (pw *PackedConv2D) Weight() *Tensor { return pw.w }

// PackConv2D packs the OIHW float32 weight w of a convolution with the
// given number of groups (0 means 1). Depthwise convolutions (one input
// channel per group) read the weight directly and pack nothing.
func PackConv2D(w *Tensor, groups int) (*PackedConv2D, error) {
	if groups == 0 {
		groups = 1
	}
	if w.dtype != F32 || len(w.shape) != 4 {
		return nil, fmt.Errorf("tensor: pack conv2d: want a 4-D f32 OIHW weight, got %v %s", w.dtype, FormatShape(w.shape))
	}
	m := int(w.shape[0])
	if groups < 1 || m%groups != 0 {
		return nil, fmt.Errorf("tensor: pack conv2d: %d output channels in %d groups", m, groups)
	}
	pw := &PackedConv2D{w: w, groups: groups}
	k := int(w.shape[1] * w.shape[2] * w.shape[3])
	mg := m / groups
	if w.Len() == 0 || (w.shape[1] == 1 && groups > 1) {
		return pw, nil
	}
	wv := w.data.([]float32)
	for gr := range groups {
		pw.a = append(pw.a, packAll(kernF32, mg, k, packA32(wv[gr*mg*k:], k, false, 1)))
	}
	return pw, nil
}

// Conv2DPackedInto is Conv2DInto with the weight pw packed by PackConv2D
// (the convolution's groups must be those pw was packed for); the result
// is the same, bit for bit.
func Conv2DPackedInto(y, x *Tensor, pw *PackedConv2D, bias *Tensor, p Conv2DParams) error {
	if p.norm().Groups != pw.groups {
		return fmt.Errorf("tensor: conv2d into: weight packed for %d groups, convolution has %d", pw.groups, p.norm().Groups)
	}
	return conv2DInto(y, x, pw.w, bias, p, pw.a)
}

// conv2DCheck validates the geometry and the bias of a convolution.
func conv2DCheck(x, w, bias *Tensor, p Conv2DParams) (convGeom, error) {
	var g convGeom
	if err := convGeometryInto(&g, x.shape, w.shape, p); err != nil {
		return convGeom{}, err
	}
	if bias != nil && (bias.Len() != g.m || len(bias.shape) != 1) {
		return convGeom{}, fmt.Errorf("tensor: conv2d: bias of shape %s for %d output channels", FormatShape(bias.shape), g.m)
	}
	return g, nil
}

// convGeoms recycles the geometry a convolution's parallel sections read
// (it would otherwise be a heap object per call).
var convGeoms = sync.Pool{New: func() any { return new(convGeom) }}

// conv2DF32 computes a validated float32 convolution into ov, with the
// weights packed per group in packs when it is not nil.
func conv2DF32(g *convGeom, x, w, bias *Tensor, ov []float32, packs []*packedA[float32]) {
	xv, wv := x.data.([]float32), w.data.([]float32)
	var bv []float32
	if bias != nil {
		bv = bias.data.([]float32)
	}
	if g.depthwise() {
		if g.res == nil {
			depthwiseF32(g, xv, wv, bv, ov)
			return
		}
		// The depthwise kernels have no residual step: the sums with the
		// bias, then residual and clip in one pass.
		part := *g
		part.res, part.clip = nil, false
		depthwiseF32(&part, xv, wv, bv, ov)
		biasResClipRow(ov, g.res, 0, false, g.resFirst, g.clip, g.clipLo, g.clipHi)
		return
	}
	conv2DGemmF32(g, xv, wv, bv, ov, packs)
}

// convPlans recycles the GEMM plans of float32 convolutions.
var convPlans = sync.Pool{New: func() any { return new(gemmPlan[float32]) }}

// conv2DGemmF32 is the GEMM path of conv2DF32, for any grouping: one
// product per (image, group), all through one plan whose B packer reads the
// current image and group from cur.
func conv2DGemmF32(g *convGeom, xv, wv, bv, ov []float32, packs []*packedA[float32]) {
	k := g.cg * g.kh * g.kw
	ohw := g.oh * g.ow
	pointwise := g.kh == 1 && g.kw == 1 && g.sh == 1 && g.sw == 1 && g.pt == 0 && g.pl == 0 && g.oh == g.h && g.ow == g.w
	if !pointwise && convInPlaceOK(g) {
		conv2DInPlaceF32(g, xv, wv, bv, ov, packs)
		return
	}
	var cur []float32
	plan := convPlans.Get().(*gemmPlan[float32])
	defer func() { *plan = gemmPlan[float32]{}; convPlans.Put(plan) }()
	*plan = gemmPlan[float32]{m: g.mg, n: ohw, k: k, kern: kernF32, ldc: ohw}
	if pointwise {
		// A 1x1 stride-1 convolution's B is the input itself.
		plan.packB = func(dst []float32, j0, nc, p0, kc int) { packB32(cur, ohw, false)(dst, j0, nc, p0, kc) }
	} else {
		plan.packB = func(dst []float32, j0, nc, p0, kc int) { convPackF32(g, cur, dst, j0, nc, p0, kc) }
	}
	plan.clip, plan.clipLo, plan.clipHi = g.clip, g.clipLo, g.clipHi
	plan.resFirst = g.resFirst
	for gr := range g.groups {
		plan.packA = packA32(wv[gr*g.mg*k:], k, false, 1)
		if len(packs) == g.groups {
			plan.aPanels = packs[gr]
		}
		if bv != nil {
			// Added to each sum as its tile completes, as a last step.
			plan.bias = bv[gr*g.mg : (gr+1)*g.mg]
		}
		for n := range g.n {
			cur = xv[(n*g.c+gr*g.cg)*g.h*g.w : (n*g.c+(gr+1)*g.cg)*g.h*g.w]
			if pointwise {
				plan.bRows, plan.ldb = cur, ohw
			}
			plan.c = ov[(n*g.m+gr*g.mg)*ohw:]
			if g.res != nil {
				plan.res = g.res[(n*g.m+gr*g.mg)*ohw:]
			}
			plan.run()
		}
	}
}

// ConvInteger2D is ONNX ConvInteger: x (NCHW) and w (OIHW) of int8 or
// uint8, result Σ (x - xZero) * (w - wZero) in int32 (wrapping), with
// Conv2D's geometry. Padding behaves as if filled with xZero (it
// contributes 0). xZero is nil or a scalar of x's dtype; wZero is nil, a
// scalar, or 1-D with one value per output channel, of w's dtype.
func ConvInteger2D(x, w, xZero, wZero *Tensor, p Conv2DParams) (*Tensor, error) {
	if (x.dtype != I8 && x.dtype != U8) || (w.dtype != I8 && w.dtype != U8) {
		return nil, fmt.Errorf("tensor: conv_integer of %v and %v (want i8/u8)", x.dtype, w.dtype)
	}
	g, err := convGeometry(x.shape, w.shape, p)
	if err != nil {
		return nil, err
	}
	xz, err := zeroPoints(xZero, x.dtype, 1, "x")
	if err != nil {
		return nil, err
	}
	wz, err := zeroPoints(wZero, w.dtype, g.m, "w")
	if err != nil {
		return nil, err
	}
	out, err := Alloc(I32, []int64{int64(g.n), int64(g.m), int64(g.oh), int64(g.ow)})
	if err != nil || out.Len() == 0 {
		return out, err
	}
	ov := out.data.([]int32)
	k := g.cg * g.kh * g.kw
	ohw := g.oh * g.ow
	var z int32
	if len(xz) > 0 {
		z = xz[0]
	}
	for n := range g.n {
		for gr := range g.groups {
			lo, hi := (n*g.c+gr*g.cg)*g.h*g.w, (n*g.c+(gr+1)*g.cg)*g.h*g.w
			plan := &gemmPlan[int32]{
				m: g.mg, n: ohw, k: k,
				kern: kernI32,
				c:    ov[(n*g.m+gr*g.mg)*ohw:],
				ldc:  ohw,
			}
			var wzg []int32
			if len(wz) > 1 {
				wzg = wz[gr*g.mg : (gr+1)*g.mg]
			} else {
				wzg = wz
			}
			switch wv := w.data.(type) {
			case []int8:
				plan.packA = packAInt(wv[gr*g.mg*k:], k, wzg)
			case []uint8:
				plan.packA = packAInt(wv[gr*g.mg*k:], k, wzg)
			}
			switch xv := x.data.(type) {
			case []int8:
				plan.packB = convPackB[int8, int32](g, xv[lo:hi], z)
			case []uint8:
				plan.packB = convPackB[uint8, int32](g, xv[lo:hi], z)
			}
			plan.run()
		}
	}
	return out, nil
}
