package tensor

import (
	"fmt"
	"math"
	"sync"
)

// Exact int64 accumulation of quantized convolutions and matrix products
// whose int32 sums could wrap: 16-bit activations (|x − zp| up to 65535)
// times 8-bit weights over K = 768 reach 6.4e9, and two 16-bit operands
// reach 2^31 at K = 2. IntegerAccFits32 decides from the operands; the
// 8-bit shapes of real models pass on its first, data-free check.

// IntegerAccFits32 reports whether every Σ over depth k of (x − xZero) ×
// (w − wZero), plus an int32 bias of magnitude at most maxBias, lies in
// int32, so that the int32 kernels are exact. It first bounds |x − xZero|
// and |w − wZero| by the storage types' ranges and only reads the data
// when that bound is too large. wZero has 0, 1 or one entry per channel
// (each channel's bound is taken over all of w: a safe overestimate).
func IntegerAccFits32(x *Tensor, xZero int32, w *Tensor, wZero []int32, k int, maxBias int64) bool {
	if IntegerStorageFits32(x.dtype, xZero, w.dtype, wZero, k, maxBias) {
		return true
	}
	xLo, xHi := dataRange(x)
	wLo, wHi := dataRange(w)
	return accFits32(k, maxAbsDiff(xLo, xHi, []int32{xZero}), maxAbsDiff(wLo, wHi, wZero), maxBias)
}

// IntegerStorageFits32 is IntegerAccFits32's data-free check: true when
// every value the storage types xt and wt can hold keeps the sums in
// int32, whatever the data.
func IntegerStorageFits32(xt DType, xZero int32, wt DType, wZero []int32, k int, maxBias int64) bool {
	xLo, xHi, okX := storageRange(xt)
	wLo, wHi, okW := storageRange(wt)
	return okX && okW && accFits32(k, maxAbsDiff(xLo, xHi, []int32{xZero}), maxAbsDiff(wLo, wHi, wZero), maxBias)
}

// accFits32 is k·mx·mw + maxBias ≤ MaxInt32, in float64: exact while the
// terms are below 2^53, and far past 2^31 when they are not.
func accFits32(k int, mx, mw int64, maxBias int64) bool {
	return float64(k)*float64(mx)*float64(mw)+float64(max(maxBias, 0)) <= math.MaxInt32
}

// maxAbsDiff is the largest |v − z| for v in [lo, hi] and z in zeros
// (none: 0).
func maxAbsDiff(lo, hi int64, zeros []int32) int64 {
	if len(zeros) == 0 {
		zeros = []int32{0}
	}
	var m int64
	for _, z := range zeros {
		m = max(m, abs64(hi-int64(z)), abs64(lo-int64(z)))
	}
	return m
}

func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

func storageRange(dt DType) (lo, hi int64, ok bool) {
	switch dt {
	case I8:
		return math.MinInt8, math.MaxInt8, true
	case U8:
		return 0, math.MaxUint8, true
	case I16:
		return math.MinInt16, math.MaxInt16, true
	case U16:
		return 0, math.MaxUint16, true
	}
	return 0, 0, false
}

// dataRange is the smallest and largest stored value of t (0, 0 when
// empty or not integer storage).
func dataRange(t *Tensor) (lo, hi int64) {
	switch d := t.data.(type) {
	case []int8:
		return minMax(d)
	case []uint8:
		return minMax(d)
	case []int16:
		return minMax(d)
	case []uint16:
		if t.dtype == U16 {
			return minMax(d)
		}
	}
	return 0, 0
}

func minMax[T storageInt](s []T) (lo, hi int64) {
	if len(s) == 0 {
		return 0, 0
	}
	l, h := s[0], s[0]
	for _, v := range s[1:] {
		l, h = min(l, v), max(h, v)
	}
	return int64(l), int64(h)
}

// diffs64 stores int64(v[i]) − zero(i) into dst.
func diffs64[T storageInt](dst []int64, v []T, zero func(i int) int64) {
	for i := range dst {
		dst[i] = int64(v[i]) - zero(i)
	}
}

// storedDiffs is diffs64 for a tensor of any integer storage, over its
// elements [off, off+len(dst)).
func storedDiffs(dst []int64, t *Tensor, off int, zero func(i int) int64) {
	switch d := t.data.(type) {
	case []int8:
		diffs64(dst, d[off:], zero)
	case []uint8:
		diffs64(dst, d[off:], zero)
	case []int16:
		diffs64(dst, d[off:], zero)
	case []uint16:
		diffs64(dst, d[off:], zero)
	}
}

// MatMulIntegerWideInto is MatMulIntegerInto with exact int64 sums.
func MatMulIntegerWideInto(acc []int64, a *Tensor, aZero int32, b *Tensor, bZero []int32) error {
	batch, m, n, k, total, err := integerMatMulShapes(len(acc), a, b, bZero)
	if err != nil {
		return err
	}
	if total == 0 {
		return nil
	}
	ao, bo := batchOffsets(matBatchShape(a.shape), batch), batchOffsets(matBatchShape(b.shape), batch)
	// Each distinct b matrix's differences once; rows of a as they come.
	bd := map[int][]int64{}
	for _, off := range bo {
		if _, ok := bd[off]; !ok {
			d := make([]int64, k*n)
			storedDiffs(d, b, off*k*n, func(i int) int64 { return int64(zeroAt32(bZero, i%max(n, 1))) })
			bd[off] = d
		}
	}
	rows := len(ao) * m
	aAt := storedAt(a)
	parallelTiles(rows, float64(rows)*float64(k)*float64(n)*2, func(t int) {
		i, r := t/m, t%m
		base := (ao[i]*m + r) * k
		matRowWide(acc[(i*m+r)*n:(i*m+r+1)*n], k, func(p int) int64 { return aAt(base+p) - int64(aZero) }, bd[bo[i]], n)
	})
	return nil
}

// matRowWide is c = Σ_p a(p) · b[p, :] for one row of depth k.
func matRowWide(c []int64, k int, a func(p int) int64, b []int64, n int) {
	clear(c)
	for p := range k {
		av := a(p)
		if av == 0 {
			continue
		}
		row := b[p*n : (p+1)*n]
		for j, bv := range row {
			c[j] += av * bv
		}
	}
}

// wideTile is the number of output positions an im2col tile of
// ConvIntegerWideInto holds.
const wideTile = 64

var wideColPool sync.Pool

// ConvIntegerWideInto is ConvIntegerInto with exact int64 sums: per
// (image, group, tile of output positions), the tile's im2col columns of
// x − xZero (padding 0) times the group's rows of w − wZero.
func ConvIntegerWideInto(acc []int64, x *Tensor, xZero int32, w *Tensor, wZero []int32, p Conv2DParams) error {
	if !isIntStorage(x.dtype) || !isIntStorage(w.dtype) {
		return fmt.Errorf("tensor: integer conv2d of %v and %v (want 8- or 16-bit integers)", x.dtype, w.dtype)
	}
	g, err := convGeometry(x.shape, w.shape, p)
	if err != nil {
		return err
	}
	if l := len(wZero); l > 1 && l != g.m {
		return fmt.Errorf("tensor: integer conv2d: %d weight zero points for %d output channels", l, g.m)
	}
	if len(acc) != g.n*g.m*g.oh*g.ow {
		return fmt.Errorf("tensor: integer conv2d: output of %d elements, want %d", len(acc), g.n*g.m*g.oh*g.ow)
	}
	if len(acc) == 0 {
		return nil
	}
	k := g.cg * g.kh * g.kw
	wd := make([]int64, g.m*k)
	storedDiffs(wd, w, 0, func(i int) int64 { return int64(zeroAt32(wZero, i/max(k, 1))) })
	ohw := g.oh * g.ow
	tiles := (ohw + wideTile - 1) / wideTile
	jobs := g.n * g.groups * tiles
	parallelTiles(jobs, float64(len(acc))*float64(k)*2, func(t int) {
		n, gr, j0 := t/(g.groups*tiles), t/tiles%g.groups, t%tiles*wideTile
		nc := min(wideTile, ohw-j0)
		bp, _ := wideColPool.Get().(*[]int64)
		if bp == nil || cap(*bp) < k*nc {
			s := make([]int64, k*wideTile)
			bp = &s
		}
		defer wideColPool.Put(bp)
		cols := (*bp)[:k*nc]
		wideIm2col(g, cols, x, int64(xZero), n, gr, j0, nc)
		for i := range g.mg {
			m := gr*g.mg + i
			out := acc[(n*g.m+m)*ohw+j0 : (n*g.m+m)*ohw+j0+nc]
			wm := wd[m*k : (m+1)*k]
			matRowWide(out, k, func(p int) int64 { return wm[p] }, cols, nc)
		}
	})
	return nil
}

// wideIm2col fills cols [k, nc] with x − zero at the windows of output
// positions j0..j0+nc of image n, group gr (0 where the window is padding).
func wideIm2col(g *convGeom, cols []int64, x *Tensor, zero int64, n, gr, j0, nc int) {
	clear(cols)
	at := storedAt(x)
	for c := range g.cg {
		base := (n*g.c + gr*g.cg + c) * g.h * g.w
		for ki := range g.kh {
			for kj := range g.kw {
				row := cols[((c*g.kh+ki)*g.kw+kj)*nc:][:nc]
				for j := range nc {
					oy, ox := (j0+j)/g.ow, (j0+j)%g.ow
					iy, ix := oy*g.sh-g.pt+ki*g.dh, ox*g.sw-g.pl+kj*g.dw
					if iy < 0 || iy >= g.h || ix < 0 || ix >= g.w {
						continue
					}
					row[j] = at(base+iy*g.w+ix) - zero
				}
			}
		}
	}
}

// storedAt reads element i of integer storage t.
func storedAt(t *Tensor) func(i int) int64 {
	switch d := t.data.(type) {
	case []int8:
		return func(i int) int64 { return int64(d[i]) }
	case []uint8:
		return func(i int) int64 { return int64(d[i]) }
	case []int16:
		return func(i int) int64 { return int64(d[i]) }
	case []uint16:
		return func(i int) int64 { return int64(d[i]) }
	}
	return func(int) int64 { return 0 }
}
