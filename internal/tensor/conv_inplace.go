package tensor

import "sync"

// Convolutions without an im2col copy. Copy the zero-padded image once
// into sh×sw phase planes, plane (a, b) holding the padded rows a, a+sh,
// ... and columns b, b+sw, ... (hq × wq values), and number the output
// "extended": column e = oh*wq + ow for ow < wq. Then im2col row p = (c,
// ki, kj) is one run of a plane: with r = ki*dh and s = kj*dw,
//
//	B[p, e] = xp[plane(c, r%sh, s%sw) + (r/sh)*wq + s/sw + e],
//
// which the offset-reading kernels (gemmKernel.runInd) read in place. The
// columns ow >= ow_out are computed and dropped ((kw-1)*dw/sw of every
// wq: 2 of 58 for a 3×3 at 56×56, 3 of 115 for resnet's 7×7 stride-2
// stem). Each output is the same sum of the same products in the same
// order as through convPackF32, so the bits are the same.

// convInPlaceOK reports whether conv2DGemmF32 takes this path. The phase
// planes hold about the input's padded window, and the extended output
// holds each row's dropped columns on top of the output: pads and
// dilations far beyond the image (a hostile model's) would make them much
// larger than the data, which the im2col path never materialises.
func convInPlaceOK(g *convGeom) bool {
	if kernF32.forRows(g.mg).runInd == nil || convForceIm2col {
		return false
	}
	hq := float64(g.oh + (g.kh-1)*g.dh/g.sh)
	wq := float64(g.ow + (g.kw-1)*g.dw/g.sw)
	planes := float64(g.cg*g.sh*g.sw) * hq * wq
	ext := float64(g.mg*g.oh) * wq
	data := float64(g.cg*g.h*g.w) + float64(g.mg*g.oh*g.ow)
	return planes+ext <= 4*data+4096
}

// convForceIm2col makes every convolution take the im2col path (tests
// compare the two).
var convForceIm2col bool

// phaseRowsOff makes phasePlanes copy row by row in Go (tests compare
// the two).
var phaseRowsOff bool

var scratchF32, scratchInt, scratchI32, scratchF64 sync.Pool

// getScratch returns a slice of n elements from pool (any contents),
// made when the pool has none large enough; put it back when done.
func getScratch[T any](pool *sync.Pool, n int) *[]T {
	if v := pool.Get(); v != nil {
		if s := v.(*[]T); cap(*s) >= n {
			*s = (*s)[:n]
			return s
		}
	}
	s := make([]T, n)
	return &s
}

func getF32(n int) *[]float32 { return getScratch[float32](&scratchF32, n) }

func getInts(n int) *[]int { return getScratch[int](&scratchInt, n) }

// conv2DInPlaceF32 is conv2DGemmF32 through a phase-plane copy of each
// (image, group) input.
func conv2DInPlaceF32(g *convGeom, xv, wv, bv, ov []float32, packs []*packedA[float32]) {
	k := g.cg * g.kh * g.kw
	ohw := g.oh * g.ow
	wq := g.ow + (g.kw-1)*g.dw/g.sw // product columns per output row
	// Cut by output rows, each part must keep at least four 16-column
	// panels: narrower parts each waste most of a partial panel (a 7x7
	// image in two is 36 + 27 extended columns, 2.25 + 2 panels against
	// 3 and a narrow column on one thread). The GEMM then cuts the
	// product by its rows (output channels) instead.
	if workers := threads(); workers > 1 && g.n == 1 && g.groups == 1 && g.oh >= 2*workers &&
		g.oh/workers*wq >= 4*gemmNR && float64(g.m)*float64(ohw)*float64(k) >= inPlaceSplitWork {
		// Each thread builds its own phase planes (see convQuadsRows).
		g.byOutputRows(workers, 4, func(part *convGeom, r0 int) {
			if g.res != nil {
				part.res = g.res[r0*g.ow:]
			}
			conv2DInPlaceRows(part, xv, wv, bv, ov[r0*g.ow:], ohw, packs)
		})
		return
	}
	conv2DInPlaceRows(g, xv, wv, bv, ov, ohw, packs)
}

// copyKeptColumns copies the kept values of src, extended columns
// [j0, j0+len(src)) of one product row (output rows of wq columns, of
// which the first ow are outputs), to dst, that output channel's plane:
// extended column r·wq + ox goes to dst[r·ow + ox] for ox < ow.
func copyKeptColumns[T any](dst, src []T, j0, ow, wq int) {
	j1 := j0 + len(src)
	for r := j0 / wq; r*wq < j1; r++ {
		lo, hi := max(j0, r*wq), min(j1, r*wq+ow)
		if lo < hi {
			copy(dst[r*ow+lo-r*wq:], src[lo-j0:hi-j0])
		}
	}
}

// keptRow finishes extended columns [j0, j0+len(src)) of one output
// channel's product row (src, which it may overwrite) into dst, that
// channel's plane: each kept value plus b (when bias), plus the residual
// laid out as dst (res, when not nil; its first operand when resFirst),
// clamped to [lo, hi] (when clip), each step rounded as the separate ops
// round. One pass where the CPU has it, else bias and clamp on the row,
// the copy, and the residual on the copied values while in cache.
func keptRow(dst, src, res []float32, j0, ow, wq int, b float32, bias, resFirst, clip bool, lo, hi float32) {
	if keptRowFast(dst, src, res, j0, ow, wq, b, bias, resFirst, clip, lo, hi) {
		return
	}
	if res == nil {
		biasClipRow(src, b, bias, clip, lo, hi)
		copyKeptColumns(dst, src, j0, ow, wq)
		return
	}
	biasClipRow(src, b, bias, false, 0, 0)
	copyKeptColumns(dst, src, j0, ow, wq)
	if l, h := keptSpan(j0, j0+len(src), ow, wq); l < h {
		biasResClipRow(dst[l:h], res[l:], 0, false, resFirst, clip, lo, hi)
	}
}

// keptSpan returns the outputs [lo, hi) of one channel's plane that
// copyKeptColumns writes for extended columns [j0, j1): contiguous, as
// the dropped columns between them have no place in the plane.
func keptSpan(j0, j1, ow, wq int) (lo, hi int) {
	r, c := j0/wq, j0%wq
	if c >= ow {
		lo = (r + 1) * ow
	} else {
		lo = r*ow + c
	}
	r, c = (j1-1)/wq, (j1-1)%wq
	hi = r*ow + min(c+1, ow)
	return lo, hi
}

// inPlaceSplitWork is the product size (multiply-adds) from which an
// in-place convolution of one image is split by output rows among the
// threads.
const inPlaceSplitWork = 1 << 21

// conv2DInPlaceRows is conv2DInPlaceF32 writing output channel i's rows
// at ov[i*stride:] (stride ≥ OH·OW: rows of a larger output).
func conv2DInPlaceRows(g *convGeom, xv, wv, bv, ov []float32, stride int, packs []*packedA[float32]) {
	k := g.cg * g.kh * g.kw
	hq := g.oh + (g.kh-1)*g.dh/g.sh
	wq := g.ow + (g.kw-1)*g.dw/g.sw
	plane := hq * wq
	ne := g.oh * wq
	if convRowsOK(g) {
		conv2DRows(g, xv, wv, bv, ov, stride)
		return
	}
	offBuf := getInts(k)
	defer scratchInt.Put(offBuf)
	off := *offBuf
	g.phaseOffsets(off, hq, wq)
	direct := wq == g.ow // no dropped columns: C is the output itself
	if k == 0 && !direct {
		// No input channels: every output is its channel's bias, clamped.
		for n := range g.n {
			for i := range g.m {
				row := ov[(n*g.m+i)*stride:][:g.oh*g.ow]
				clear(row)
				var b float32
				if bv != nil {
					b = bv[i]
				}
				if g.res != nil {
					biasResClipRow(row, g.res[(n*g.m+i)*stride:], b, bv != nil, g.resFirst, g.clip, g.clipLo, g.clipHi)
					continue
				}
				biasClipRow(row, b, bv != nil, g.clip, g.clipLo, g.clipHi)
			}
		}
		return
	}
	// The last panel reads up to 15 columns past ne, garbage columns up
	// to wq past the last valid one.
	xpLen := g.cg*g.sh*g.sw*plane + wq + gemmNR
	tiles := g.groups * g.n
	work := float64(g.m) * float64(g.n) * float64(ne) * float64(k)
	if tiles > 1 && !g.serial && threads() > 1 && float64(g.mg)*float64(ne)*float64(k) < groupSplitWork {
		// Groups too small to split: whole (group, image) products, each
		// on one thread with its own phase planes, instead of each cut
		// among the threads (RegNet's 25 groups of 16 channels at 7x7:
		// as long on two threads as on one).
		part := *g
		part.serial = true // the phase planes too
		g.parallel(tiles, work, func(t int) {
			xpBuf := getF32(xpLen)
			defer scratchF32.Put(xpBuf)
			conv2DInPlaceGroup(&part, xv, wv, bv, ov, stride, packs, *xpBuf, off, t/g.n, t%g.n, true)
		})
		return
	}
	xpBuf := getF32(xpLen)
	defer scratchF32.Put(xpBuf)
	for gr := range g.groups {
		for n := range g.n {
			conv2DInPlaceGroup(g, xv, wv, bv, ov, stride, packs, *xpBuf, off, gr, n, g.serial)
		}
	}
}

// groupSplitWork is the product size (multiply-adds) of one group of one
// image below which a grouped convolution runs whole groups on each
// thread rather than cutting each group's product among them.
const groupSplitWork = 1 << 20

// conv2DInPlaceGroup computes group gr of image n of conv2DInPlaceRows
// through the phase planes xp (its own scratch) and the im2col offsets
// off; serial keeps the product on the caller.
func conv2DInPlaceGroup(g *convGeom, xv, wv, bv, ov []float32, stride int, packs []*packedA[float32], xp []float32, off []int, gr, n int, serial bool) {
	k := g.cg * g.kh * g.kw
	hq := g.oh + (g.kh-1)*g.dh/g.sh
	wq := g.ow + (g.kw-1)*g.dw/g.sw
	ne := g.oh * wq
	direct := wq == g.ow
	gt := groupTiles.Get().(*groupTile)
	defer gt.release()
	plan := &gt.plan
	*plan = gemmPlan[float32]{m: g.mg, n: ne, k: k, kern: kernF32, ldc: ne, bInd: xp, bOff: off, serial: serial}
	if direct {
		plan.ldc = stride
	}
	plan.clip, plan.clipLo, plan.clipHi = g.clip, g.clipLo, g.clipHi
	plan.resFirst = g.resFirst
	plan.packA = packA32(wv[gr*g.mg*k:], k, false, 1)
	if len(packs) == g.groups {
		plan.aPanels = packs[gr]
	}
	gt.g, gt.stride, gt.wq = g, stride, wq
	gt.bias, gt.res = nil, nil
	if bv != nil {
		gt.bias = bv[gr*g.mg : (gr+1)*g.mg]
	}
	gt.out = ov[(n*g.m+gr*g.mg)*stride:]
	if g.res != nil {
		gt.res = g.res[(n*g.m+gr*g.mg)*stride:]
	}
	if direct {
		plan.bias, plan.res = gt.bias, gt.res
	} else {
		// Each worker computes a tile of extended rows in its own scratch
		// and copies the kept columns to the output, adding the bias and
		// clamping there: no product-sized buffer of extended rows is
		// written out and read back.
		plan.tileC, plan.clip = true, false
		plan.tileEpilogue = gt.epilogue
	}
	phasePlanes(g, xv[(n*g.c+gr*g.cg)*g.h*g.w:], xp, hq, wq)
	plan.c = gt.out
	plan.run()
}

// groupTile is one group's product of conv2DInPlaceGroup and what its
// tile epilogue writes to; pooled, with the epilogue bound once, so that
// a convolution of many groups allocates neither per group.
type groupTile struct {
	plan           gemmPlan[float32]
	epilogue       func(i0, i1, j0, j1 int, t []float32, ldt int)
	g              *convGeom
	out, res, bias []float32
	stride, wq     int
}

var groupTiles = sync.Pool{New: func() any {
	gt := new(groupTile)
	gt.epilogue = gt.keptRows
	return gt
}}

// keptRows finishes output channels [i0, i1) of a tile of extended
// columns [j0, j1) (t, ldt values a row) into the group's planes.
func (gt *groupTile) keptRows(i0, i1, j0, j1 int, t []float32, ldt int) {
	g := gt.g
	for i := i0; i < i1; i++ {
		var b float32
		if gt.bias != nil {
			b = gt.bias[i]
		}
		var r []float32
		if gt.res != nil {
			r = gt.res[i*gt.stride:]
		}
		keptRow(gt.out[i*gt.stride:], t[(i-i0)*ldt:][:j1-j0], r, j0, g.ow, gt.wq, b, gt.bias != nil, g.resFirst, g.clip, g.clipLo, g.clipHi)
	}
}

// release drops gt's references and returns it to groupTiles.
func (gt *groupTile) release() {
	gt.plan = gemmPlan[float32]{}
	gt.g, gt.out, gt.res, gt.bias = nil, nil, nil, nil
	groupTiles.Put(gt)
}

// phasesRead marks the phase planes (a, b) some kernel tap reads: tap
// (ki, kj) reads plane (ki·dh mod sh, kj·dw mod sw). ok is false (nothing
// marked) for strides over 4.
func (g *convGeom) phasesRead() (used [4][4]bool, ok bool) {
	if g.sh > 4 || g.sw > 4 {
		return used, false
	}
	for ki := range g.kh {
		for kj := range g.kw {
			used[ki*g.dh%g.sh][kj*g.dw%g.sw] = true
		}
	}
	return used, true
}

// phaseOffsets sets off[p], for im2col row p = (c, ki, kj) of g, to
// where phase planes of hq × wq values (phasePlanes) hold the value that
// row reads for extended output 0: tap (r, s) = (ki·dh, kj·dw) of
// channel c lies in plane (c, r mod sh, s mod sw), r div sh rows and s
// div sw columns in. It returns the largest offset.
func (g *convGeom) phaseOffsets(off []int, hq, wq int) (maxOff int) {
	plane := hq * wq
	kk := g.kh * g.kw
	for p := range off {
		c, t := p/kk, p%kk
		r, s := (t/g.kw)*g.dh, (t%g.kw)*g.dw
		off[p] = ((c*g.sh+r%g.sh)*g.sw+s%g.sw)*plane + r/g.sh*wq + s/g.sw
		maxOff = max(maxOff, off[p])
	}
	return maxOff
}

// phasePlanes writes the cg channels of x into xp as sh×sw planes of hq
// × wq values per channel: plane (a, b) row i column j holds image row
// a + i*sh - pt, column b + j*sw - pl, or 0 outside the image; planes no
// tap of the kernel reads are left as they are (the products read them
// at most as dropped columns past a run's end). It zeroes xp's slack
// after the planes.
func phasePlanes(g *convGeom, x, xp []float32, hq, wq int) {
	per := g.sh * g.sw * hq * wq // values per channel
	// The planes some tap reads (a strided 1x1 convolution reads one of
	// sh·sw); the others are not written.
	used, known := g.phasesRead()
	if g.serial {
		// A plain loop: the parallel body would be a closure to allocate
		// (bands of a row-kernel convolution make planes many times).
		for c := range g.cg {
			phasePlanesOf(g, c, x, xp, hq, wq, used, known)
		}
	} else {
		g.parallel(g.cg, float64(g.cg*per), func(c int) { phasePlanesOf(g, c, x, xp, hq, wq, used, known) })
	}
	clear(xp[g.cg*per:])
}

// phasePlanesOf is phasePlanes for channel c, writing the planes used
// marks (all of them unless known).
func phasePlanesOf(g *convGeom, c int, x, xp []float32, hq, wq int, used [4][4]bool, known bool) {
	hw := g.h * g.w
	per := g.sh * g.sw * hq * wq // values per channel
	img := x[c*hw : (c+1)*hw]
	at := c * per
	for a := range g.sh {
		for b := range g.sw {
			if known && !used[a][b] {
				at += hq * wq
				continue
			}
			iw0 := b - g.pl
			lo, hi := inWidth(iw0, g.sw, g.w, wq)
			if lo < hi {
				// Rows [i0, i1) lie in the image: one call for them, the
				// rows above and below cleared.
				i0 := min(hq, max(0, ceilDiv(g.pt-a, g.sh)))
				i1 := max(i0, min(hq, ceilDiv(g.h+g.pt-a, g.sh)))
				if i1 > i0 && !phaseRowsOff && phaseRowsFast(xp[at+i0*wq:at+i1*wq], img[(a+i0*g.sh-g.pt)*g.w+iw0+lo*g.sw:],
					i1-i0, wq, lo, hi, g.sh*g.w, g.sw) {
					clear(xp[at : at+i0*wq])
					clear(xp[at+i1*wq : at+hq*wq])
					at += hq * wq
					continue
				}
			}
			for i := range hq {
				row := xp[at : at+wq]
				at += wq
				ih := a + i*g.sh - g.pt
				if ih < 0 || ih >= g.h || lo >= hi {
					clear(row)
					continue
				}
				src := img[ih*g.w : (ih+1)*g.w]
				// The pads are a value or two: a loop, not a call each.
				for j := range lo {
					row[j] = 0
				}
				for j := hi; j < len(row); j++ {
					row[j] = 0
				}
				if g.sw == 1 {
					copy(row[lo:hi], src[iw0+lo:])
					continue
				}
				s := iw0 + lo*g.sw
				j := lo
				if g.sw == 2 && hi-lo >= 16 {
					j += evenF32Fast(row[lo:hi], src[s:])
					s += 2 * (j - lo)
				}
				for ; j < hi; j++ {
					row[j] = src[s]
					s += g.sw
				}
			}
		}
	}
}

// ceilDiv is ⌈n / d⌉ for d > 0 and any sign of n.
func ceilDiv(n, d int) int {
	if n <= 0 {
		return -(-n / d)
	}
	return (n + d - 1) / d
}
