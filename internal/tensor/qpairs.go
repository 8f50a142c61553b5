package tensor

import (
	"fmt"
	"math"
	"sync/atomic"
)

// Paired packing for the 16-bit-lane integer kernels (gemmKernel.lo16:
// VPMADDWD, VPDPWSSD). Each int32 lane they multiply is two int16 halves,
// lane(a)·lane(b) = lo(a)·lo(b) + hi(a)·hi(b), so packing two consecutive
// k steps into one lane, (v[2q] & 0xffff) | v[2q+1] << 16, halves the
// GEMM's depth: the plan runs over ceil(K/2) pair rows, an odd K's last
// pair with hi = 0. Values minus zero points lie in [-32767, 32767]
// (fitsInt16), so a lane's two products sum to at most 2·32767² < 2^31:
// each lane's sum is exact, and the total wraps modulo 2^32 as the
// unpaired sum does, so the int32 results are the same bit for bit.

// pairsFor reports whether plans with kernel k pack pairs.
func pairsFor(k *gemmKernel[int32]) bool { return k.lo16 }

func pair(lo, hi int32) int32 { return lo&0xffff | hi<<16 }

// packAIntPairs packs op(A)[i, q] = pair(a[i, 2q], a[i, 2q+1]) of an
// m x k int8/uint8 A (row stride lda) less its zero points (per tensor or
// per row).
func packAIntPairs[TA int8 | uint8](a []TA, lda, k int, aZero []int32) packAFunc[int32] {
	return func(dst []int32, kern *gemmKernel[int32], i0, mc, p0, kc int) {
		mr := kern.mr
		packPanelRows(dst, mr, i0, mc, kc, func(d []int32, i int) {
			z := zeroAt(aZero, i)
			row := a[i*lda : i*lda+k]
			for p := range kc {
				q := 2 * (p0 + p)
				hi := int32(0)
				if q+1 < k {
					hi = int32(row[q+1]) - z
				}
				d[p*mr] = pair(int32(row[q])-z, hi)
			}
		})
	}
}

// packPanelRows fills the MR-row panels of A rows [i0, i0+mc) over kc k
// steps: row(d, i) writes A row i's value for step p at d[p*mr] (rows
// past mc are zero).
func packPanelRows(dst []int32, mr, i0, mc, kc int, row func(d []int32, i int)) {
	for ir := 0; ir < mc; ir += mr {
		d := dst[(ir/mr)*kc*mr:][: kc*mr : kc*mr]
		for r := range mr {
			if ir+r >= mc {
				for p := range kc {
					d[p*mr+r] = 0
				}
				continue
			}
			row(d[r:], i0+ir+r)
		}
	}
}

// packBIntPairs packs op(B)[q, j] = pair(b[2q, j], b[2q+1, j]) of a
// k x n row-major B less its zero points (per tensor or per column).
func packBIntPairs[TB int8 | uint8](b []TB, ldb, k int, bZero []int32) func(dst []int32, j0, nc, p0, kc int) {
	// One zero point for every column: whole panels go through the SIMD
	// pairing.
	uniform := true
	for _, z := range bZero {
		uniform = uniform && z == zeroAt(bZero, 0)
	}
	return func(dst []int32, j0, nc, p0, kc int) {
		full := 0
		if uniform {
			full = nc &^ (gemmNR - 1)
		}
		ncPad := (nc + gemmNR - 1) &^ (gemmNR - 1)
		for p := range kc {
			q := 2 * (p0 + p)
			r0 := b[q*ldb:]
			var r1 []TB
			if q+1 < k {
				r1 = b[(q+1)*ldb:]
			}
			done := 0
			if full > 0 && r1 != nil && pairPanelsFast(dst[p*gemmNR:], r0[j0:j0+full], r1[j0:j0+full], full, kc, zeroAt(bZero, 0)) {
				done = full
			}
			for c := done; c < ncPad; c++ {
				d := &dst[(c/gemmNR)*kc*gemmNR+p*gemmNR+c%gemmNR]
				if c >= nc {
					*d = 0
					continue
				}
				j := j0 + c
				z := zeroAt(bZero, j)
				hi := int32(0)
				if r1 != nil {
					hi = int32(r1[j]) - z
				}
				*d = pair(int32(r0[j])-z, hi)
			}
		}
	}
}

// convPackPairs packs pair rows [p0, p0+kc) of a convolution's implicit
// im2col matrix of depth k (convPackB's matrix, less the zero point).
func convPackPairs[TIn int8 | uint8](g *convGeom, x []TIn, zero int32, k int) func(dst []int32, j0, nc, p0, kc int) {
	return func(dst []int32, j0, nc, p0, kc int) {
		var row [gemmNC + gemmNR]int32
		for p := range kc {
			q := 2 * (p0 + p)
			convPairRow(g, x, zero, row[:nc], j0, q, q+1 < k)
			clear(row[nc : nc+gemmNR])
			for c := 0; c < nc; c += gemmNR {
				*(*[gemmNR]int32)(dst[(c/gemmNR)*kc*gemmNR+p*gemmNR:]) = *(*[gemmNR]int32)(row[c:])
			}
		}
	}
}

// imRow locates row p of the implicit im2col matrix along one output row
// oh: the input row it reads (nil in the padding) and the input column of
// output column 0.
func imRow[TIn int8 | uint8](g *convGeom, x []TIn, p, oh int) (src []TIn, iw0 int) {
	kk := g.kh * g.kw
	c, r := p/kk, p%kk
	ki, kj := r/g.kw, r%g.kw
	ih := oh*g.sh - g.pt + ki*g.dh
	iw0 = -g.pl + kj*g.dw
	if ih < 0 || ih >= g.h {
		return nil, iw0
	}
	base := (c*g.h + ih) * g.w
	return x[base : base+g.w], iw0
}

// imAt is element iw of an input row less the zero point, 0 in the
// padding (src nil or iw outside it).
func imAt[TIn int8 | uint8](src []TIn, iw int, zero int32) int32 {
	if uint(iw) < uint(len(src)) {
		return int32(src[iw]) - zero
	}
	return 0
}

// convPairRow writes pair(im2col[q, j], im2col[q+1, j]) for the columns
// j in [j0, j0+len(out)) (hi 0 unless hasHi). Runs of stride-1 columns
// inside both input rows go through pairRowsFast.
func convPairRow[TIn int8 | uint8](g *convGeom, x []TIn, zero int32, out []int32, j0, q int, hasHi bool) {
	oh, ow := j0/g.ow, j0%g.ow
	for jj := 0; jj < len(out); {
		seg := min(g.ow-ow, len(out)-jj)
		o := out[jj : jj+seg]
		s0, c0 := imRow(g, x, q, oh)
		var s1 []TIn
		c1 := 0
		if hasHi {
			s1, c1 = imRow(g, x, q+1, oh)
		}
		c0 += ow * g.sw
		c1 += ow * g.sw
		t := 0
		if g.sw == 1 && s0 != nil && s1 != nil {
			// Columns t where both c0+t and c1+t lie inside the rows.
			lo := max(0, -c0, -c1)
			hi := min(seg, g.w-c0, g.w-c1)
			if hi-lo >= 16 {
				for ; t < lo; t++ {
					o[t] = pair(imAt(s0, c0+t, zero), imAt(s1, c1+t, zero))
				}
				n := pairRowsFast(o[lo:hi], s0[c0+lo:], s1[c1+lo:], zero)
				if n > 0 && lo+n < hi {
					// The last 16 again, overlapping: same values.
					pairRowsFast(o[hi-16:hi], s0[c0+hi-16:], s1[c1+hi-16:], zero)
					n = hi - lo
				}
				t += n
			}
		}
		for ; t < seg; t++ {
			o[t] = pair(imAt(s0, c0+t*g.sw, zero), imAt(s1, c1+t*g.sw, zero))
		}
		jj += seg
		oh++
		ow = 0
	}
}

// PackedConvInteger is an 8-bit convolution weight less its zero points,
// packed once into the integer GEMM's A panels for ConvIntegerPackedInto
// (a model's constant weight, run after run). It reads nothing but the
// weight, which must not change while it is in use.
type PackedConvInteger struct {
	w      *Tensor
	wZero  []int32
	groups int
	a      []*packedA[int32] // per group; nil when the GEMM does not run
	quads  *convQuads        // the weight packed for the quad kernel, if it takes it
	// dw: a depthwise weight's row quads for the quad kernel, made on
	// first use (they hold the input zero point's share).
	dw atomic.Pointer[dwWeightQuads]
}

// Weight is the weight pw was packed from.
func (pw *PackedConvInteger) Weight() *Tensor { return pw.w }

// Zeros are the weight zero points pw was packed with.
func (pw *PackedConvInteger) Zeros() []int32 { return pw.wZero }

// PackConvInteger packs the OIHW 8-bit weight w (zero points wZero: none,
// per tensor or per output channel) of a convolution with the given
// groups for the kernel in use. Depthwise weights, and those the GEMM
// does not take, pack nothing (ConvIntegerPackedInto then computes as
// ConvIntegerInto does).
func PackConvInteger(w *Tensor, wZero []int32, groups int) (*PackedConvInteger, error) {
	if groups == 0 {
		groups = 1
	}
	if !isInt8Storage(w.dtype) || len(w.shape) != 4 {
		return nil, fmt.Errorf("tensor: pack integer conv2d: want a 4-D 8-bit OIHW weight, got %v %s", w.dtype, FormatShape(w.shape))
	}
	m := int(w.shape[0])
	if groups < 1 || m%groups != 0 {
		return nil, fmt.Errorf("tensor: pack integer conv2d: %d output channels in %d groups", m, groups)
	}
	if l := len(wZero); l > 1 && l != m {
		return nil, fmt.Errorf("tensor: pack integer conv2d: %d weight zero points for %d output channels", l, m)
	}
	pw := &PackedConvInteger{w: w, wZero: append([]int32(nil), wZero...), groups: groups}
	mg := m / groups
	k := int(w.shape[1] * w.shape[2] * w.shape[3])
	if w.Len() == 0 || mg < 2 || !fitsInt16(wZero) {
		return pw, nil
	}
	if pw.quads = packConvQuads(w, wZero, groups, mg, k); pw.quads != nil {
		return pw, nil
	}
	for gr := range groups {
		wzg := wZero
		if len(wZero) > 1 {
			wzg = wZero[gr*mg : (gr+1)*mg]
		}
		pw.a = append(pw.a, packConvA(w, gr*mg*k, k, mg, wzg))
	}
	return pw, nil
}

// packConvA packs the mg x k weight rows at off for kernI32.
func packConvA(w *Tensor, off, k, mg int, wZero []int32) *packedA[int32] {
	pairs := pairsFor(kernI32)
	kp := k
	if pairs {
		kp = (k + 1) / 2
	}
	switch wv := w.data.(type) {
	case []int8:
		if pairs {
			return packAll(kernI32, mg, kp, packAIntPairs(wv[off:], k, k, wZero))
		}
		return packAll(kernI32, mg, kp, packAInt(wv[off:], k, wZero))
	case []uint8:
		if pairs {
			return packAll(kernI32, mg, kp, packAIntPairs(wv[off:], k, k, wZero))
		}
		return packAll(kernI32, mg, kp, packAInt(wv[off:], k, wZero))
	}
	return nil
}

// ConvIntegerPackedInto is ConvIntegerInto with the weight and its zero
// points packed by PackConvInteger (for this convolution's groups); the
// sums are the same.
func ConvIntegerPackedInto(acc []int32, x *Tensor, xZero int32, pw *PackedConvInteger, p Conv2DParams) error {
	if p.norm().Groups != pw.groups {
		return fmt.Errorf("tensor: integer conv2d: weight packed for %d groups, convolution has %d", pw.groups, p.norm().Groups)
	}
	_, err := convIntegerInto(acc, x, xZero, pw.w, pw.wZero, p, pw, nil)
	return err
}

// ConvIntegerRequantInto is ConvIntegerInto (with the weight packed by
// PackConvInteger when pw is not nil; then w and wZero are pw's) followed
// by r.RequantizeConv(dst, acc, M, OH·OW): the GEMM path requantizes each
// tile of accumulators as soon as it is finished, while it is in cache.
// dst holds the same values as after the two calls; acc is working
// storage whose contents afterwards are unspecified (the VNNI path leaves
// a per-channel constant of each sum to the requantization).
func ConvIntegerRequantInto(dst *Tensor, acc []int32, x *Tensor, xZero int32, w *Tensor, wZero []int32, pw *PackedConvInteger, p Conv2DParams, r *Requantizer) error {
	if pw != nil {
		if p.norm().Groups != pw.groups {
			return fmt.Errorf("tensor: integer conv2d: weight packed for %d groups, convolution has %d", pw.groups, p.norm().Groups)
		}
		w, wZero = pw.w, pw.wZero
	}
	shape, err := ConvIntegerOutShape(x.shape, w.shape, p)
	if err != nil {
		return err
	}
	m, plane := int(shape[1]), int(shape[2]*shape[3])
	if err := r.check(m); err != nil {
		return err
	}
	if !isIntStorage(dst.dtype) || dst.Len() != len(acc) {
		return fmt.Errorf("tensor: integer conv2d: %v output of %d values for %d accumulators", dst.dtype, dst.Len(), len(acc))
	}
	fused, err := convIntegerInto(acc, x, xZero, w, wZero, p, pw, &tileRequant{dst: dst, acc: acc, r: r})
	if err != nil || fused {
		return err
	}
	return r.RequantizeConv(dst, acc, m, plane)
}

// tileRequant requantizes spans of one convolution's accumulators.
type tileRequant struct {
	dst *Tensor
	acc []int32
	r   *Requantizer
	// bias, when set, replaces r's per-channel bias: r's bias plus what
	// the accumulators lack (the quad path's zero-point share). int32
	// sums wrap alike, so the stored values are those of the full sums.
	bias []int32
}

// span requantizes acc[lo:hi], all of channel ch, into dst[lo:hi].
func (t *tileRequant) span(lo, hi, ch int) { t.spanFrom(t.acc[lo:hi], lo, ch) }

// requantTiles makes a tileC plan requantize each finished tile: plan
// row i is channel ch0+i, its element j goes to dst[(plane0+i)*stride +
// col0 + j].
func (t *tileRequant) requantTiles(plan *gemmPlan[int32], plane0, ch0, stride, col0 int) {
	plan.tileC = true
	fast := t.rowsFastOK()
	plan.tileEpilogue = func(i0, i1, j0, j1 int, sums []int32, lds int) {
		t.rowsFrom(sums, lds, (plane0+i0)*stride+col0+j0, stride, i1-i0, j1-j0, ch0+i0, fast)
	}
}

// rowsFastOK reports whether every scale is finite, which rowsFrom's
// whole-tile kernel needs (it has no NaN lanes to clear).
func (t *tileRequant) rowsFastOK() bool {
	for _, s := range t.r.Scale {
		if math.Float32bits(s)&0x7f800000 == 0x7f800000 { // Inf or NaN
			return false
		}
	}
	return true
}

// rowsFrom requantizes rows × n sums a (row i at a[i·lda:], channel
// ch0+i) into dst from lo, row i at lo + i·ldd: in one call for the whole
// tile when fast (rowsFastOK) and the CPU can, else row by row.
func (t *tileRequant) rowsFrom(a []int32, lda, lo, ldd, rows, n, ch0 int, fast bool) {
	if fast {
		bias := t.bias
		if bias == nil {
			bias = t.r.Bias
		}
		if bias != nil {
			bias = bias[ch0:]
		}
		if requantRowsFast(t.dst, lo, ldd, a, lda, rows, n, bias, t.r, ch0) {
			return
		}
	}
	for i := range rows {
		t.spanFrom(a[i*lda:][:n], lo+i*ldd, ch0+i)
	}
}

// paramsAt returns channel ch's requantization bias and scale.
func (t *tileRequant) paramsAt(ch int) (int32, float32) {
	if t.bias != nil {
		return t.bias[ch], t.r.scaleAt(ch)
	}
	return t.r.biasAt(ch), t.r.scaleAt(ch)
}

// spanFrom requantizes a, sums of channel ch, into dst[lo:lo+len(a)].
func (t *tileRequant) spanFrom(a []int32, lo, ch int) {
	hi := lo + len(a)
	b, s := t.paramsAt(ch)
	switch d := t.dst.data.(type) {
	case []int8:
		requantRow(d[lo:hi], a, b, s, t.r)
	case []uint8:
		requantRow(d[lo:hi], a, b, s, t.r)
	case []int16:
		requantRow(d[lo:hi], a, b, s, t.r)
	case []uint16:
		requantRow(d[lo:hi], a, b, s, t.r)
	}
}

// paddedInput is one (image, group) of an 8-bit convolution input copied
// into a plane per channel with the padding filled with the zero point
// (whose value less the zero point is 0, what padding contributes), so
// that every window element is in bounds: element (r, c) of channel ch is
// data[(ch*hp+r)*wp+c], input (r − pt, c − pl).
//
// With shifted set (stride 1) the planes are instead kw copies per
// channel, shifted by kj·dw and cut to the output width: element (r, o) of
// copy kj of channel ch is data[((ch*kw+kj)*hp+r)*ow+o], input
// (r − pt, o + kj·dw − pl), so that every im2col row is one contiguous run
// (row) and nothing is gathered per column.
//
// With phased set the planes are phase planes instead (qphased.go).
type paddedInput[T int8 | uint8] struct {
	data    []T
	hp, wp  int
	shifted bool
	phased  bool
	hq, wq  int // rows and (extended) columns of each phase plane
}

// padInputFits reports whether g's padded planes stay near the input's
// size (pads and dilations far beyond the image would not).
func padInputFits(g *convGeom) (hp, wp int, ok bool) {
	hp = (g.oh-1)*g.sh + (g.kh-1)*g.dh + 1
	wp = (g.ow-1)*g.sw + (g.kw-1)*g.dw + 1
	return hp, wp, float64(hp)*float64(wp) <= 2*float64(g.h*g.w)+4096
}

// padInput fills buf (grown as needed) with the padded planes of the cg
// channels of x.
func padInput[T int8 | uint8](g *convGeom, x []T, zero T, hp, wp int, buf *[]T) paddedInput[T] {
	if g.pt == 0 && g.pl == 0 && hp == g.h && wp == g.w {
		// Every window lies inside the image: x is its own padded form.
		return paddedInput[T]{data: x[:g.cg*hp*wp], hp: hp, wp: wp}
	}
	if g.sh == 1 && g.sw == 1 {
		return padShifted(g, x, zero, hp, wp, buf)
	}
	n := g.cg * hp * wp
	if cap(*buf) < n {
		*buf = make([]T, n)
	}
	d := (*buf)[:n]
	lo, hi := min(g.pl, wp), min(g.pl+g.w, wp)
	g.parallel(g.cg, float64(n), func(ch int) {
		padPlane(g, d[ch*hp*wp:(ch+1)*hp*wp], wp, x[ch*g.h*g.w:(ch+1)*g.h*g.w], -g.pl, lo, hi, zero)
	})
	return paddedInput[T]{data: d, hp: hp, wp: wp}
}

// padShifted builds the shifted layout of paddedInput, with gemmNR
// values of slack at the end so that a run may be read in whole 16-value
// steps.
func padShifted[T int8 | uint8](g *convGeom, x []T, zero T, hp, wp int, buf *[]T) paddedInput[T] {
	n := g.cg * g.kw * hp * g.ow
	if cap(*buf) < n+gemmNR {
		*buf = make([]T, n+gemmNR)
	}
	d := (*buf)[:n+gemmNR]
	g.parallel(g.cg, float64(n), func(ch int) {
		for kj := range g.kw {
			// Output column o reads input column o + off.
			off := kj*g.dw - g.pl
			lo, hi := min(max(-off, 0), g.ow), max(min(g.w-off, g.ow), 0)
			padPlane(g, d[(ch*g.kw+kj)*hp*g.ow:][:hp*g.ow], g.ow, x[ch*g.h*g.w:(ch+1)*g.h*g.w], off, lo, hi, zero)
		}
	})
	return paddedInput[T]{data: d, hp: hp, wp: wp, shifted: true}
}

// padPlane writes one padded plane of len(plane)/width rows of width
// values from one input channel x (H x W): row r, column c is x[r − pt,
// c + off] for c in [lo, hi) when that row is in the image, zero
// otherwise. The image rows take one call where the CPU can.
func padPlane[T int8 | uint8](g *convGeom, plane []T, width int, x []T, off, lo, hi int, zero T) {
	hp := len(plane) / width
	r0, r1 := max(g.pt, 0), min(g.pt+g.h, hp)
	if width == g.w && width <= 32 && lo < hi && r0 < r1 && width-(hi-lo) <= 4 {
		// Narrow rows as wide as the image's (a stride-1 convolution's
		// shifted planes of a small image): the image rows are one run
		// of x moved by off, then a few edge columns set. Row by row, a
		// 14x14 plane's 14-byte rows cost more in calls than in bytes
		// (resnet18-qdq's 256x14x14 3x3 layer alone, one thread: 0.43–
		// 0.47 → 0.35–0.36 ms); 56-byte rows were no faster so.
		d := plane[r0*width : r1*width]
		s0 := (r0-g.pt)*g.w + off // where d[0] reads x
		a, b := max(0, -s0), min(len(d), len(x)-s0)
		if a < b {
			copy(d[a:b], x[s0+a:s0+b])
		}
		for r := 0; r < len(d); r += width {
			row := d[r : r+width]
			for c := range lo {
				row[c] = zero
			}
			for c := hi; c < width; c++ {
				row[c] = zero
			}
		}
		fill(plane[:r0*width], zero)
		fill(plane[r1*width:], zero)
		return
	}
	if lo < hi && r0 < r1 && shiftRowsFast(plane[r0*width:], width, x[(r0-g.pt)*g.w+lo+off:], g.w, r1-r0, lo, hi, zero) {
		fill(plane[:r0*width], zero)
		fill(plane[r1*width:], zero)
		return
	}
	for r := range hp {
		row := plane[r*width : (r+1)*width]
		iy := r - g.pt
		if iy < 0 || iy >= g.h || lo >= hi {
			fill(row, zero)
			continue
		}
		fill(row[:lo], zero)
		copy(row[lo:hi], x[iy*g.w+lo+off:])
		fill(row[hi:], zero)
	}
}

// run returns row p of the im2col matrix, columns [j0, j0+n), as a slice
// of the shifted planes with at least n16 >= n values readable.
func (xp *paddedInput[T]) run(g *convGeom, j0, n16, p int) []T {
	kk := g.kh * g.kw
	c, r := p/kk, p%kk
	ki, kj := r/g.kw, r%g.kw
	return xp.data[((c*g.kw+kj)*xp.hp+ki*g.dh)*g.ow+j0:][:n16]
}

// Gather2 sets o[t] = src[2t] for every t (src holds 2·len(o)−1 values
// at least), sixteen at a time where the CPU can.
func Gather2[T int8 | uint8](o, src []T) { gather2(o, src) }

// gather2 sets o[t] = src[2t]: 16 at a time where src has the bytes past
// the last one the SIMD block reads, then eight at a time.
func gather2[T int8 | uint8](o, src []T) {
	src = src[:min(len(src), 2*len(o)+30)]
	t := gather2Fast(o, src)
	for ; t+8 <= len(o); t += 8 {
		s := (*[15]T)(src[2*t:])
		d := (*[8]T)(o[t:])
		d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7] = s[0], s[2], s[4], s[6], s[8], s[10], s[12], s[14]
	}
	for ; t < len(o); t++ {
		o[t] = src[2*t]
	}
}

// fill sets every element of s to v: clear for a +0 (not a −0), else
// doubling copies.
func fill[T int8 | uint8 | int64 | float32 | float64](s []T, v T) {
	if v == 0 && !math.Signbit(float64(v)) {
		clear(s)
		return
	}
	if len(s) == 0 {
		return
	}
	s[0] = v
	for i := 1; i < len(s); i *= 2 {
		copy(s[i:], s[:i])
	}
}

// gather writes row p of the im2col matrix, columns [j0, j0+len(out)),
// from the padded planes (stored values, zero point not subtracted).
func (xp *paddedInput[T]) gather(g *convGeom, out []T, j0, p int) {
	if xp.shifted {
		copy(out, xp.run(g, j0, len(out), p))
		return
	}
	xp.gatherAt(g, out, j0, xp.rowOffset(g, p))
}

// rowOffset is where row p of the im2col matrix starts in xp.data: its
// run (shifted planes) or the top-left of its window in the padded plane.
func (xp *paddedInput[T]) rowOffset(g *convGeom, p int) int {
	kk := g.kh * g.kw
	c, r := p/kk, p%kk
	ki, kj := r/g.kw, r%g.kw
	if xp.shifted {
		return ((c*g.kw+kj)*xp.hp + ki*g.dh) * g.ow
	}
	if xp.phased {
		return xp.phasedOffset(g, c, ki, kj)
	}
	return (c*xp.hp+ki*g.dh)*xp.wp + kj*g.dw
}

// gatherAt is gather of the unshifted row whose offset is base.
func (xp *paddedInput[T]) gatherAt(g *convGeom, out []T, j0, base int) {
	oh, ow := j0/g.ow, j0%g.ow
	if g.sw == 1 && g.sh == 1 && g.ow == xp.wp {
		// Output rows are whole padded rows: one run.
		copy(out, xp.data[base+j0:])
		return
	}
	for jj := 0; jj < len(out); {
		seg := min(g.ow-ow, len(out)-jj)
		src := xp.data[base+oh*g.sh*xp.wp+ow*g.sw:]
		switch g.sw {
		case 1:
			copy(out[jj:jj+seg], src[:seg])
		case 2:
			gather2(out[jj:jj+seg], src)
		default:
			o := out[jj : jj+seg]
			for t := range o {
				o[t] = src[t*g.sw]
			}
		}
		jj += seg
		oh++
		ow = 0
	}
}

// convPackPairsPadded is convPackPairs reading padded planes: each pair
// row is gathered as bytes, then paired 16 columns at a time.
func convPackPairsPadded[T int8 | uint8](g *convGeom, xp paddedInput[T], zero T, k int) func(dst []int32, j0, nc, p0, kc int) {
	return func(dst []int32, j0, nc, p0, kc int) {
		var row [gemmNC + gemmNR]int32
		var ra, rb [gemmNC + gemmNR]T
		z := int32(zero)
		n16 := (nc + 15) &^ 15
		for p := range kc {
			q := 2 * (p0 + p)
			a, b := ra[:n16], rb[:n16]
			if xp.shifted && q+1 < k {
				// Both rows are runs of the planes: no copy.
				a, b = xp.run(g, j0, n16, q), xp.run(g, j0, n16, q+1)
			} else {
				xp.gather(g, ra[:nc], j0, q)
				if q+1 < k {
					xp.gather(g, rb[:nc], j0, q+1)
				} else {
					fill(rb[:nc], zero)
				}
			}
			if pairPanelsFast(dst[p*gemmNR:], a, b, n16, kc, z) {
				// Columns past nc of the last panel are zero.
				if nc < n16 {
					clear(dst[(nc/gemmNR)*kc*gemmNR+p*gemmNR+nc%gemmNR:][:n16-nc])
				}
				continue
			}
			for t := range nc {
				row[t] = pair(int32(a[t])-z, int32(b[t])-z)
			}
			clear(row[nc : nc+gemmNR])
			for c := 0; c < nc; c += gemmNR {
				*(*[gemmNR]int32)(dst[(c/gemmNR)*kc*gemmNR+p*gemmNR:]) = *(*[gemmNR]int32)(row[c:])
			}
		}
	}
}
