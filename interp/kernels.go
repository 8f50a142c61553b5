package interp

import (
	"fmt"
	"math"
	"sync"
	"unsafe"

	"github.com/mlc-go/mlc/internal/tensor"
)

// Kernels the tensor package does not have, or whose semantics differ from
// what the dialects define. They favour clarity over speed: the hot paths
// (f32 convolution and matmul) go through the tensor package's blocked
// GEMM.

// window describes 2-D pooling or convolution geometry on NCHW data.
type window struct {
	kernel, stride, dilation [2]int
	pads                     [4]int // top, left, bottom, right
	ceil                     bool
}

// outSize returns (OH, OW) for an input of spatial size (h, w).
func (g window) outSize(h, w int) (int, int, error) {
	oh, err := tensor.ConvOutSize(h, g.kernel[0], g.stride[0], g.dilation[0], g.pads[0], g.pads[2], g.ceil)
	if err != nil {
		return 0, 0, err
	}
	ow, err := tensor.ConvOutSize(w, g.kernel[1], g.stride[1], g.dilation[1], g.pads[1], g.pads[3], g.ceil)
	if err != nil {
		return 0, 0, err
	}
	return oh, ow, nil
}

func dims4(x *tensor.Tensor, what string) (n, c, h, w int, err error) {
	if x.Rank() != 4 {
		return 0, 0, 0, 0, fmt.Errorf("expects a 4-D %s, got %s", what, tensor.FormatShape(x.Shape()))
	}
	s := x.Shape()
	return int(s[0]), int(s[1]), int(s[2]), int(s[3]), nil
}

// fromFloat64 builds a tensor of dtype dt from float64 results, rounding
// once (to nearest even) to dt.
func fromFloat64(dt tensor.DType, shape []int64, vals []float64) (*tensor.Tensor, error) {
	t, err := tensor.FromSlice(tensor.F64, shape, vals)
	if err != nil {
		return nil, err
	}
	if dt == tensor.F64 {
		return t, nil
	}
	return tensor.Cast(t, dt)
}

// fromInt64 builds a tensor of integer dtype dt from int64 results,
// wrapping to dt's width (two's complement).
func fromInt64(dt tensor.DType, shape []int64, vals []int64) (*tensor.Tensor, error) {
	t, err := tensor.FromSlice(tensor.I64, shape, vals)
	if err != nil {
		return nil, err
	}
	if dt == tensor.I64 {
		return t, nil
	}
	return tensor.Cast(t, dt)
}

// maxPool2D is max pooling on NCHW input of any float or integer dtype.
// Padding never wins; a NaN in a window gives NaN (PyTorch's max_pool2d,
// the core dialect's rule; ONNX Runtime instead skips NaNs, which is why
// tensor.MaxPool2D is not used).
func maxPool2D(x *tensor.Tensor, g window) (*tensor.Tensor, error) {
	n, c, h, w, err := dims4(x, "input")
	if err != nil {
		return nil, err
	}
	oh, ow, err := g.outSize(h, w)
	if err != nil {
		return nil, err
	}
	shape := []int64{int64(n), int64(c), int64(oh), int64(ow)}
	m := n * c * oh * ow
	// visit calls tap(i, src) for every in-bounds tap of output i.
	visit := func(start func(i int), tap func(i, src int)) {
		i := 0
		for p := 0; p < n*c; p++ {
			base := p * h * w
			for oy := 0; oy < oh; oy++ {
				for ox := 0; ox < ow; ox++ {
					start(i)
					for ki := 0; ki < g.kernel[0]; ki++ {
						iy := oy*g.stride[0] - g.pads[0] + ki*g.dilation[0]
						if iy < 0 || iy >= h {
							continue
						}
						for kj := 0; kj < g.kernel[1]; kj++ {
							ix := ox*g.stride[1] - g.pads[1] + kj*g.dilation[1]
							if ix < 0 || ix >= w {
								continue
							}
							tap(i, base+iy*w+ix)
						}
					}
					i++
				}
			}
		}
	}
	if x.DType() == tensor.F32 {
		return maxPool2DF32(x.Float32s(), shape, g, h, w, nil)
	}
	if maxPoolViaF32(x.DType()) && g.everyWindowInside(h, w, oh, ow) {
		// Every value converts to float32 and back exactly, and max
		// picks one of them: the F32 kernel gives the same result.
		xf, err := tensor.Cast(x, tensor.F32)
		if err != nil {
			return nil, err
		}
		y, err := maxPool2DF32(xf.Float32s(), shape, g, h, w, nil)
		if err != nil {
			return nil, err
		}
		return tensor.Cast(y, x.DType())
	}
	if x.DType().IsFloat() {
		in := x.Values()
		out := make([]float64, m)
		visit(func(i int) { out[i] = math.Inf(-1) }, func(i, src int) {
			if v := in[src]; v > out[i] || v != v {
				if out[i] == out[i] { // once NaN, stays NaN
					out[i] = v
				}
			}
		})
		return fromFloat64(x.DType(), shape, out)
	}
	if !x.DType().IsInt() {
		return nil, fmt.Errorf("max pooling is not defined on %s", x.DType())
	}
	in := x.IntValues()
	out := make([]int64, m)
	lo, _ := x.DType().IntRange()
	visit(func(i int) { out[i] = lo }, func(i, src int) {
		if v := in[src]; v > out[i] {
			out[i] = v
		}
	})
	return fromInt64(x.DType(), shape, out)
}

// maxPool2D8 is maxPool2D on 8-bit integers (stored values of a
// quantized tensor: max picks one of them, so the scale does not enter),
// into y when it is not nil: output rows shared among threads, 3x3
// undilated windows through a vertical max of their three rows. An empty
// window gives the type's minimum, as maxPool2D's integer path.
func maxPool2D8[T int8 | uint8](x *tensor.Tensor, in []T, shape []int64, g window, y *tensor.Tensor) (*tensor.Tensor, error) {
	h, w := int(x.Shape()[2]), int(x.Shape()[3])
	oh, ow := int(shape[2]), int(shape[3])
	if y == nil {
		y = tensor.New(x.DType(), shape...)
	}
	var out []T
	switch any(out).(type) {
	case []uint8:
		out = any(y.Uint8s()).([]T)
	case []int8:
		out = any(y.Int8s()).([]T)
	}
	planes := int(shape[0] * shape[1])
	if len(out) == 0 {
		return y, nil
	}
	// The type's minimum: 0, or all ones (-1) shifted to -128.
	lo := ^T(0)
	if lo > 0 {
		lo = 0
	} else {
		lo <<= 7
	}
	sw, dw, pl, kw := g.stride[1], g.dilation[1], g.pads[1], g.kernel[1]
	fast3 := g.kernel[0] == 3 && kw == 3 && g.dilation[0] == 1 && dw == 1
	if g.wholePlaneS2(h, w, oh, ow) && h*w <= maxPlane8 && ow >= 2 {
		// ResNet's pooling: whole planes, a few long SIMD passes each
		// instead of several short calls per output row.
		tensor.Parallel(planes, float64(len(out)*9), func(p int) {
			maxPool3x3s2Plane8(out[p*oh*ow:(p+1)*oh*ow], in[p*h*w:(p+1)*h*w], h, w)
		})
		return y, nil
	}
	if g.kernel == [2]int{2, 2} && g.stride == [2]int{2, 2} && g.dilation == [2]int{1, 1} &&
		g.pads[0] == 0 && g.pads[1] == 0 && g.everyWindowInside(h, w, oh, ow) {
		// VGG's and U-Net's pooling: each output row from its two input
		// rows, 32 outputs a SIMD step, straight from the stored bytes
		// (the float32 route below converts the whole tensor both ways).
		flat := 2*ow == w && oh*w <= maxPlane8
		tensor.Parallel(planes, float64(len(out)*4), func(p int) {
			plane := in[p*h*w : (p+1)*h*w]
			// rows are output row oy's two input rows; a last window past
			// the plane's end has only its first.
			rows := func(oy int) (r0, r1 []T) {
				r0 = plane[2*oy*w : (2*oy+1)*w]
				if 2*oy+1 < h {
					return r0, plane[(2*oy+1)*w : (2*oy+2)*w]
				}
				return r0, r0
			}
			if flat {
				// Narrow rows: the row pairs' maxima (oh rows of w) into
				// scratch, then their horizontal pairs as one flat row
				// (w even: no pair spans two rows).
				buf := plane8Scratch.Get().(*[maxPlane8 * 3 / 2]byte)
				defer plane8Scratch.Put(buf)
				v := unsafe.Slice((*T)(unsafe.Pointer(&buf[0])), oh*w)
				for oy := range oh {
					r0, r1 := rows(oy)
					vr := v[oy*w : (oy+1)*w]
					for j := tensor.MaxRows3Fast(vr, r0, r1, r1); j < w; j++ {
						vr[j] = max(r0[j], r1[j])
					}
				}
				o := out[p*oh*ow : (p+1)*oh*ow]
				for j := tensor.MaxPool2x2S2RowFast(o, v, v); j < len(o); j++ {
					o[j] = max(v[2*j], v[2*j+1])
				}
				return
			}
			for oy := range oh {
				o := out[(p*oh+oy)*ow : (p*oh+oy+1)*ow]
				r0, r1 := rows(oy)
				j := tensor.MaxPool2x2S2RowFast(o[:min(ow, w/2)], r0, r1)
				for ; j < ow; j++ {
					acc := max(r0[2*j], r1[2*j])
					if 2*j+1 < w {
						acc = max(acc, r0[2*j+1], r1[2*j+1])
					}
					o[j] = acc
				}
			}
		})
		return y, nil
	}
	// The float32 route converts the whole tensor both ways: past a few
	// MB, or on rows wide enough for the 3x3 rows' byte kernels below,
	// that traffic costs more (64×224×224: 3.6 against 1.5 ms; 64×111×111
	// at stride 2: 0.35 against 0.17; but 192×56×56: 0.45 against 0.95).
	viaF32 := !fast3 || (w < 100 && len(in) <= 1<<20)
	if viaF32 && tensor.MaxPool2DBlocked8(out, in, int(shape[0]), int(shape[1]), h, w, oh, ow, g.kernel, g.stride, g.dilation, g.pads[0], pl) {
		// Sixteen planes a vector, in float32 (exact for 8-bit values).
		return y, nil
	}
	const rowsPerTile = 8
	rowTiles := (oh + rowsPerTile - 1) / rowsPerTile
	tensor.Parallel(planes*rowTiles, float64(len(out)*g.kernel[0]*kw), func(t int) {
		p, r0 := t/rowTiles, (t%rowTiles)*rowsPerTile
		plane := in[p*h*w : (p+1)*h*w]
		var vmBuf, hmBuf [1024]T
		for oy := r0; oy < min(oh, r0+rowsPerTile); oy++ {
			o := out[(p*oh+oy)*ow : (p*oh+oy+1)*ow]
			var rows [8][]T
			rowList := windowRows(rows[:0], plane, g, oy, h, w)
			if fast3 && len(rowList) == 3 && w <= len(vmBuf) {
				// The columns' maxima over the three rows, then each
				// window's three columns.
				vm := vmBuf[:w]
				a, b, c := rowList[0], rowList[1], rowList[2]
				for j := tensor.MaxRows3Fast(vm, a, b, c); j < w; j++ {
					vm[j] = max(a[j], b[j], c[j])
				}
				// Outputs [a, b) have their windows inside the row: the
				// maxima of every three neighbours, picked at stride sw.
				a0 := min(ow, (pl+sw-1)/sw)
				b0 := a0
				if w >= 3 {
					b0 = max(a0, min(ow, (w-3+pl)/sw+1))
				}
				if b0 > a0 && (sw == 1 || sw == 2) {
					ix0, ix1 := a0*sw-pl, (b0-1)*sw-pl+1
					hm := hmBuf[:ix1-ix0]
					for j := tensor.MaxShift3Fast(hm, vm[ix0:]); j < len(hm); j++ {
						hm[j] = max(vm[ix0+j], vm[ix0+j+1], vm[ix0+j+2])
					}
					if sw == 1 {
						copy(o[a0:b0], hm)
					} else {
						tensor.Gather2(o[a0:b0], hm)
					}
				} else {
					a0, b0 = 0, 0
				}
				for ox := 0; ox < ow; ox++ {
					if ox == a0 && b0 > a0 {
						ox = b0 - 1
						continue
					}
					acc := lo
					for kj := range 3 {
						if ix := ox*sw - pl + kj; ix >= 0 && ix < w {
							acc = max(acc, vm[ix])
						}
					}
					o[ox] = acc
				}
				continue
			}
			for ox := range o {
				acc := lo
				for _, row := range rowList {
					for kj := range kw {
						if ix := ox*sw - pl + kj*dw; ix >= 0 && ix < w {
							acc = max(acc, row[ix])
						}
					}
				}
				o[ox] = acc
			}
		}
	})
	return y, nil
}

// wholePlaneS2 reports whether g pools an h×w plane into oh×ow the way
// the whole-plane kernels take: ResNet's 3x3 windows at stride 2 with one
// row and column of padding before, h and w even and the output half of
// each, so that no window reaches the padding after the plane.
func (g window) wholePlaneS2(h, w, oh, ow int) bool {
	return g.kernel == [2]int{3, 3} && g.stride == [2]int{2, 2} && g.dilation == [2]int{1, 1} &&
		g.pads[0] == 1 && g.pads[1] == 1 && h%2 == 0 && w%2 == 0 && oh == h/2 && ow == w/2
}

// maxPlane8 bounds the planes maxPool3x3s2Plane8 takes (the size of its
// scratch).
const maxPlane8 = 128 * 128

var plane8Scratch = sync.Pool{New: func() any { return new([maxPlane8 * 3 / 2]byte) }}

// maxPool3x3s2Plane8 is 3x3 max pooling of stride 2 with one row and
// column of padding before an h×w plane (h and w even, so that no window
// reaches the padding after it) into o (h/2 × w/2): each row's maxima of
// three neighbours over the whole plane at once, those at odd columns
// kept (a window's left tap in the padding takes its two right taps),
// then each output row the maximum of its three rows of those.
func maxPool3x3s2Plane8[T int8 | uint8](o, x []T, h, w int) {
	// Scratch from a pool: arrays on the stack would be zeroed per plane.
	buf := plane8Scratch.Get().(*[maxPlane8 * 3 / 2]byte)
	defer plane8Scratch.Put(buf)
	scratch := unsafe.Slice((*T)(unsafe.Pointer(&buf[0])), len(buf))
	hmBuf, hrBuf := scratch[:maxPlane8], scratch[maxPlane8:]
	ow := w / 2
	// hm[j]: the maximum of x[j:j+3], flat over the plane (entries whose
	// three values span two rows are never read).
	hm := hmBuf[:h*w-2]
	for j := tensor.MaxShift3Fast(hm, x); j < len(hm); j++ {
		hm[j] = max(x[j], x[j+1], x[j+2])
	}
	// hr[r·ow + ox]: row r's maximum over columns 2ox−1 … 2ox+1, which is
	// hm[r·w + 2ox − 1], an odd index as w is even.
	hr := hrBuf[:h*ow]
	tensor.Gather2(hr[1:], hm[1:])
	for r := range h {
		hr[r*ow] = max(x[r*w], x[r*w+1])
	}
	// Output row 0 reads rows 0 and 1 (row −1 is padding); row oy the
	// rows 2oy − 1 … 2oy + 1.
	for ox := range ow {
		o[ox] = max(hr[ox], hr[ow+ox])
	}
	for oy := 1; oy < h/2; oy++ {
		d := o[oy*ow : (oy+1)*ow]
		a, b, c := hr[(2*oy-1)*ow:], hr[2*oy*ow:], hr[(2*oy+1)*ow:]
		for j := tensor.MaxRows3Fast(d, a, b, c); j < ow; j++ {
			d[j] = max(a[j], b[j], c[j])
		}
	}
}

// windowRows appends to dst the rows of plane (h rows of w values) that
// output row oy's windows read, in tap order: those inside the image.
func windowRows[T any](dst [][]T, plane []T, g window, oy, h, w int) [][]T {
	for ki := range g.kernel[0] {
		if iy := oy*g.stride[0] - g.pads[0] + ki*g.dilation[0]; iy >= 0 && iy < h {
			dst = append(dst, plane[iy*w:(iy+1)*w])
		}
	}
	return dst
}

// maxPoolViaF32 reports whether maxPool2D may run dt through float32:
// halves, bfloat16 and integers of up to 16 bits convert exactly.
func maxPoolViaF32(dt tensor.DType) bool {
	switch dt {
	case tensor.F16, tensor.BF16, tensor.I8, tensor.U8, tensor.I16, tensor.U16:
		return true
	}
	return false
}

// everyWindowInside reports whether every pooling window of the oh x ow
// outputs has a tap in the h x w image, so that no output is the empty
// max (-Inf in float32, the type's minimum for integers).
func (g window) everyWindowInside(h, w, oh, ow int) bool {
	inside := func(n, size, k, s, d, p int) bool {
		for o := range n {
			hit := false
			for t := range k {
				if i := o*s - p + t*d; i >= 0 && i < size {
					hit = true
					break
				}
			}
			if !hit {
				return false
			}
		}
		return true
	}
	return inside(oh, h, g.kernel[0], g.stride[0], g.dilation[0], g.pads[0]) &&
		inside(ow, w, g.kernel[1], g.stride[1], g.dilation[1], g.pads[1])
}

// maxPool2DF32 is maxPool2D's float path on float32 data, without the
// float64 copy (max is exact, so the results are the same bits), writing
// into out (n*c*oh*ow values, allocated when nil). Rows of output planes
// are shared among threads (tensor.Parallel); windows that lie inside the
// image take a loop without bounds tests. Taps are visited in the same
// order everywhere, so every output keeps the first of equal values and
// the first NaN.
func maxPool2DF32(in []float32, shape []int64, g window, h, w int, out []float32) (*tensor.Tensor, error) {
	oh, ow := int(shape[2]), int(shape[3])
	planes := int(shape[0] * shape[1])
	if out == nil {
		out = make([]float32, planes*oh*ow)
	}
	if len(out) == 0 {
		return tensor.FromSlice(tensor.F32, shape, out)
	}
	sw, dw, pl := g.stride[1], g.dilation[1], g.pads[1]
	kw := g.kernel[1]
	// Output columns [lo, hi) have every tap inside the row.
	lo := min(ow, (pl+sw-1)/sw)
	hi := lo
	for hi < ow && hi*sw-pl+(kw-1)*dw < w {
		hi++
	}
	// maxPoolRows computes output rows [r0, r1) of plane p.
	maxPoolRows := func(p, r0, r1 int) {
		plane := in[p*h*w : (p+1)*h*w]
		for oy := r0; oy < r1; oy++ {
			o := out[(p*oh+oy)*ow : (p*oh+oy+1)*ow]
			var rows [8][]float32
			rowList := windowRows(rows[:0], plane, g, oy, h, w)
			for ox := 0; ox < ow; ox++ {
				if ox == lo && hi > lo {
					maxPoolRowInterior(o[lo:hi], rowList, lo*sw-pl, sw, dw, kw)
					ox = hi - 1
					continue
				}
				acc := float32(math.Inf(-1))
				for _, row := range rowList {
					for kj := range kw {
						ix := ox*sw - pl + kj*dw
						if ix < 0 || ix >= w {
							continue
						}
						if v := row[ix]; !(v <= acc) && acc == acc { // greater or NaN; once NaN, stays NaN
							acc = v
						}
					}
				}
				o[ox] = acc
			}
		}
	}
	if g.wholePlaneS2(h, w, oh, ow) && h*ow <= maxPlaneF32 {
		// ResNet's pooling: whole planes in a few SIMD passes; a plane
		// with a NaN takes the rows' loop (the first NaN wins there).
		tensor.Parallel(planes, float64(len(out)*9), func(p int) {
			buf := planeF32Scratch.Get().(*[maxPlaneF32]float32)
			defer planeF32Scratch.Put(buf)
			if !tensor.MaxPool3x3s2PlaneF32(out[p*oh*ow:(p+1)*oh*ow], in[p*h*w:(p+1)*h*w], buf[:], h, w) {
				maxPoolRows(p, 0, oh)
			}
		})
		return tensor.FromSlice(tensor.F32, shape, out)
	}
	if tensor.MaxPool2DBlockedF32(out, in, int(shape[0]), int(shape[1]), h, w, oh, ow, g.kernel, g.stride, g.dilation, g.pads[0], pl) {
		// Sixteen planes a vector, the same taps in the same order.
		return tensor.FromSlice(tensor.F32, shape, out)
	}
	const rowsPerTile = 8
	rowTiles := (oh + rowsPerTile - 1) / rowsPerTile
	tensor.Parallel(planes*rowTiles, float64(len(out)*g.kernel[0]*kw), func(t int) {
		p, r0 := t/rowTiles, (t%rowTiles)*rowsPerTile
		maxPoolRows(p, r0, min(oh, r0+rowsPerTile))
	})
	return tensor.FromSlice(tensor.F32, shape, out)
}

// maxPlaneF32 bounds the planes (h·w/2 values) tensor.MaxPool3x3s2PlaneF32
// takes here: its scratch.
const maxPlaneF32 = 128 * 64

var planeF32Scratch = sync.Pool{New: func() any { return new([maxPlaneF32]float32) }}

// maxPoolRowInterior computes outputs o of one row whose windows lie
// inside the image: o[i] takes taps ix0+i*sw+kj*dw (kj < kw) of each row.
func maxPoolRowInterior(o []float32, rows [][]float32, ix0, sw, dw, kw int) {
	if len(rows) == 3 && kw == 3 && dw == 1 {
		maxPoolRow3x3(o, rows[0], rows[1], rows[2], ix0, sw)
		return
	}
	negInf := float32(math.Inf(-1))
	span := (kw-1)*dw + 1
	for i := range o {
		acc := negInf
		ix := ix0 + i*sw
		for _, row := range rows {
			win := row[ix : ix+span]
			for kj := 0; kj < span; kj += dw {
				if v := win[kj]; !(v <= acc) && acc == acc {
					acc = v
				}
			}
		}
		o[i] = acc
	}
}

// maxPoolRow3x3 is maxPoolRowInterior for 3x3 windows, undilated (the
// ResNet stem's pool), unrolled: the same taps in the same order (eight
// outputs at a time where tensor.MaxPoolRow3x3Fast can).
func maxPoolRow3x3(o, r0, r1, r2 []float32, ix0, sw int) {
	for i := tensor.MaxPoolRow3x3Fast(o, r0, r1, r2, ix0, sw); i < len(o); i++ {
		ix := ix0 + i*sw
		a, b, c := r0[ix:ix+3], r1[ix:ix+3], r2[ix:ix+3]
		acc := a[0]
		acc = max3Step(acc, a[1])
		acc = max3Step(acc, a[2])
		acc = max3Step(acc, b[0])
		acc = max3Step(acc, b[1])
		acc = max3Step(acc, b[2])
		acc = max3Step(acc, c[0])
		acc = max3Step(acc, c[1])
		acc = max3Step(acc, c[2])
		o[i] = acc
	}
}

// max3Step is one tap of maxPoolRowInterior: v replaces acc when larger,
// or NaN, unless acc is already NaN.
func max3Step(acc, v float32) float32 {
	if !(v <= acc) && acc == acc {
		return v
	}
	return acc
}

// sumPool2D is average pooling with a fixed divisor (torch's
// divisor_override): the sum of the in-bounds taps over div.
func sumPool2D(x *tensor.Tensor, g window, div float64) (*tensor.Tensor, error) {
	n, c, h, w, err := dims4(x, "input")
	if err != nil {
		return nil, err
	}
	oh, ow, err := g.outSize(h, w)
	if err != nil {
		return nil, err
	}
	in := x.Values()
	out := make([]float64, 0, n*c*oh*ow)
	for p := 0; p < n*c; p++ {
		base := p * h * w
		for oy := 0; oy < oh; oy++ {
			for ox := 0; ox < ow; ox++ {
				s := 0.0
				for ki := 0; ki < g.kernel[0]; ki++ {
					iy := oy*g.stride[0] - g.pads[0] + ki*g.dilation[0]
					if iy < 0 || iy >= h {
						continue
					}
					for kj := 0; kj < g.kernel[1]; kj++ {
						ix := ox*g.stride[1] - g.pads[1] + kj*g.dilation[1]
						if ix >= 0 && ix < w {
							s += in[base+iy*w+ix]
						}
					}
				}
				out = append(out, s/div)
			}
		}
	}
	return fromFloat64(x.DType(), []int64{int64(n), int64(c), int64(oh), int64(ow)}, out)
}

// adaptiveAvgPool2D averages [N, C, H, W] into [N, C, oh, ow]: output cell
// i along a dim of size n averages input indices floor(i·n/o) to
// ceil((i+1)·n/o) − 1 (PyTorch's adaptive_avg_pool2d). Sums are taken in
// float64 and rounded once.
func adaptiveAvgPool2D(x *tensor.Tensor, oh, ow int) (*tensor.Tensor, error) {
	n, c, h, w, err := dims4(x, "input")
	if err != nil {
		return nil, err
	}
	if oh <= 0 || ow <= 0 {
		return nil, fmt.Errorf("output size must be positive, got [%d, %d]", oh, ow)
	}
	if h == 0 || w == 0 {
		return nil, fmt.Errorf("input spatial size must be non-empty, got [%d, %d]", h, w)
	}
	in := x.Values()
	out := make([]float64, 0, n*c*oh*ow)
	for p := 0; p < n*c; p++ {
		base := p * h * w
		for i := 0; i < oh; i++ {
			y0, y1 := i*h/oh, ((i+1)*h+oh-1)/oh
			for j := 0; j < ow; j++ {
				x0, x1 := j*w/ow, ((j+1)*w+ow-1)/ow
				s := 0.0
				for y := y0; y < y1; y++ {
					for xx := x0; xx < x1; xx++ {
						s += in[base+y*w+xx]
					}
				}
				out = append(out, s/float64((y1-y0)*(x1-x0)))
			}
		}
	}
	return fromFloat64(x.DType(), []int64{int64(n), int64(c), int64(oh), int64(ow)}, out)
}

// conv2D is a 2-D convolution with groups and dilation. f32 (and f16/bf16,
// computed in f32) goes through tensor.Conv2D's blocked GEMM; f64 is
// summed directly in float64 and integer dtypes in int64, wrapping to the
// dtype's width (which equals accumulating in the dtype with wrap-around).
func conv2D(x, wt, bias *tensor.Tensor, strides, dilations [2]int, pads [4]int, groups int) (*tensor.Tensor, error) {
	switch x.DType() {
	case tensor.F32, tensor.F16, tensor.BF16:
		return tensor.Conv2D(x, wt, bias, tensor.Conv2DParams{Strides: strides, Dilations: dilations, Pads: pads, Groups: groups})
	}
	if wt.DType() != x.DType() || (bias != nil && bias.DType() != x.DType()) {
		return nil, fmt.Errorf("convolution operands must share a dtype, got %s and %s", x.DType(), wt.DType())
	}
	n, c, h, w, err := dims4(x, "input")
	if err != nil {
		return nil, err
	}
	o, cg, kh, kw, err := dims4(wt, "weight")
	if err != nil {
		return nil, err
	}
	if groups <= 0 || c%groups != 0 || o%groups != 0 || c/groups != cg {
		return nil, fmt.Errorf("input channels %d, weight %s and groups %d do not match", c, tensor.FormatShape(wt.Shape()), groups)
	}
	if bias != nil && (bias.Rank() != 1 || bias.Len() != o) {
		return nil, fmt.Errorf("bias must have %d values, got %s", o, tensor.FormatShape(bias.Shape()))
	}
	g := window{kernel: [2]int{kh, kw}, stride: strides, dilation: dilations, pads: pads}
	oh, ow, err := g.outSize(h, w)
	if err != nil {
		return nil, err
	}
	shape := []int64{int64(n), int64(o), int64(oh), int64(ow)}
	og := o / groups
	// each calls tap(output index, x index, w index) for every in-bounds
	// product of the sum.
	each := func(tap func(i, xi, wi int)) {
		i := 0
		for b := 0; b < n; b++ {
			for m := 0; m < o; m++ {
				grp := m / og
				for oy := 0; oy < oh; oy++ {
					for ox := 0; ox < ow; ox++ {
						for ci := 0; ci < cg; ci++ {
							xc := (b*c + grp*cg + ci) * h * w
							wc := (m*cg + ci) * kh * kw
							for ki := 0; ki < kh; ki++ {
								iy := oy*strides[0] - pads[0] + ki*dilations[0]
								if iy < 0 || iy >= h {
									continue
								}
								for kj := 0; kj < kw; kj++ {
									ix := ox*strides[1] - pads[1] + kj*dilations[1]
									if ix >= 0 && ix < w {
										tap(i, xc+iy*w+ix, wc+ki*kw+kj)
									}
								}
							}
						}
						i++
					}
				}
			}
		}
	}
	total := n * o * oh * ow
	if x.DType() == tensor.F64 {
		xv, wv := x.Float64s(), wt.Float64s()
		out := make([]float64, total)
		var bv []float64
		if bias != nil {
			bv = bias.Float64s()
		}
		each(func(i, xi, wi int) { out[i] += xv[xi] * wv[wi] })
		if bv != nil { // the bias is added last, as tensor.Conv2D does
			for i := range out {
				out[i] += bv[(i/(oh*ow))%o]
			}
		}
		return tensor.FromSlice(tensor.F64, shape, out)
	}
	if !x.DType().IsInt() {
		return nil, fmt.Errorf("convolution is not defined on %s", x.DType())
	}
	xv, wv := x.IntValues(), wt.IntValues()
	out := make([]int64, total)
	each(func(i, xi, wi int) { out[i] += xv[xi] * wv[wi] })
	if bias != nil {
		bv := bias.IntValues()
		for i := range out {
			out[i] += bv[(i/(oh*ow))%o]
		}
	}
	return fromInt64(x.DType(), shape, out)
}

// matMul is a batched matrix product in the operands' dtype. tensor.MatMul
// handles the float dtypes, i32 and i64; narrower integers are multiplied
// in i64 and wrapped back, which equals wrap-around accumulation in the
// narrow type.
func matMul(a, b *tensor.Tensor) (*tensor.Tensor, error) {
	switch a.DType() {
	case tensor.I8, tensor.U8, tensor.I16, tensor.U16:
		if b.DType() != a.DType() {
			return nil, fmt.Errorf("matmul operands must share a dtype, got %s and %s", a.DType(), b.DType())
		}
		a64, err := tensor.Cast(a, tensor.I64)
		if err != nil {
			return nil, err
		}
		b64, err := tensor.Cast(b, tensor.I64)
		if err != nil {
			return nil, err
		}
		r, err := tensor.MatMul(a64, b64)
		if err != nil {
			return nil, err
		}
		return tensor.Cast(r, a.DType())
	}
	return tensor.MatMul(a, b)
}

// mapFloat applies f to every element of a float tensor in float64 and
// rounds once to the dtype.
func mapFloat(x *tensor.Tensor, f func(float64) float64) (*tensor.Tensor, error) {
	if !x.DType().IsFloat() {
		return nil, fmt.Errorf("expects a float tensor, got %s", x.DType())
	}
	v := x.Values()
	for i := range v {
		v[i] = f(v[i])
	}
	return fromFloat64(x.DType(), x.Shape(), v)
}

// binaryFunc applies f elementwise with broadcasting, in float64 (floats)
// or int64 (integers, then wrapped); both operands share a dtype.
func binaryFunc(a, b *tensor.Tensor, ff func(x, y float64) float64, fi func(x, y int64) (int64, error)) (*tensor.Tensor, error) {
	if a.DType() != b.DType() {
		return nil, fmt.Errorf("operands must share a dtype, got %s and %s", a.DType(), b.DType())
	}
	shape, err := tensor.BroadcastShapes(a.Shape(), b.Shape())
	if err != nil {
		return nil, err
	}
	a, err = tensor.BroadcastTo(a, shape)
	if err != nil {
		return nil, err
	}
	b, err = tensor.BroadcastTo(b, shape)
	if err != nil {
		return nil, err
	}
	if a.DType().IsFloat() {
		av, bv := a.Values(), b.Values()
		for i := range av {
			av[i] = ff(av[i], bv[i])
		}
		return fromFloat64(a.DType(), shape, av)
	}
	if !a.DType().IsInt() || fi == nil {
		return nil, fmt.Errorf("not defined on %s", a.DType())
	}
	av, bv := a.IntValues(), b.IntValues()
	for i := range av {
		if av[i], err = fi(av[i], bv[i]); err != nil {
			return nil, err
		}
	}
	return fromInt64(a.DType(), shape, av)
}

// floorDivFloat is PyTorch's div(rounding_mode="floor") for floats
// (div_floor_floating): Python's floor division, consistent with fmod.
func floorDivFloat(a, b float64) float64 {
	if b == 0 {
		return a / b
	}
	mod := math.Mod(a, b)
	div := (a - mod) / b
	if mod != 0 && (b < 0) != (mod < 0) {
		div--
	}
	if div == 0 {
		return math.Copysign(0, a/b)
	}
	fl := math.Floor(div)
	if div-fl > 0.5 {
		fl++
	}
	return fl
}

func floorDivInt(a, b int64) (int64, error) {
	if b == 0 {
		return 0, fmt.Errorf("integer division by zero")
	}
	if a == math.MinInt64 && b == -1 {
		return a, nil
	}
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q, nil
}

func truncDivInt(a, b int64) (int64, error) {
	if b == 0 {
		return 0, fmt.Errorf("integer division by zero")
	}
	if a == math.MinInt64 && b == -1 {
		return a, nil
	}
	return a / b, nil
}

// filled returns a tensor of the given dtype and shape holding v everywhere.
func filled(dt tensor.DType, shape []int64, v float64) (*tensor.Tensor, error) {
	return tensor.BroadcastTo(tensor.Scalar(dt, v), shape)
}
