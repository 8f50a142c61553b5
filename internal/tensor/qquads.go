package tensor

import (
	"encoding/binary"
	"sync"
	"unsafe"
)

// Quad packing for the unsigned-by-signed byte kernels (gemmKernel.u8s8:
// VPDPBUSD). Each int32 lane they multiply holds four bytes, four
// consecutive k steps, and a lane's product is Σ_t ub[t]·sa[t] with B's
// bytes unsigned and A's signed, summed without saturation: twice the
// 16-bit pair kernels' products per instruction, exactly.
//
// A convolution's weight is A and its input B, so the weight must be
// signed bytes with zero point 0: int8 with zero point 0, or uint8 with
// zero point 128, read as w ^ 0x80 = w − 128 (quadWeightsOK). The input
// is read as unsigned bytes: uint8 as is, int8 as x ^ 0x80 = x + 128 with
// its zero point raised by 128 alike, so that x − zx is unchanged. The
// zero point is not subtracted while packing: with S_i = Σ_p w[i,p],
//
//	Σ_p (x[p,j] − zx)·w[i,p] = Σ_p x[p,j]·w[i,p] − zx·S_i,
//
// and −zx·S_i is the plan's row bias or, when tiles are requantized as
// they finish, added to the requantization's bias (tileRequant.bias). Both sides are exact modulo 2^32,
// so the int32 results are those of the pair path bit for bit. Padding
// holds the zero point (padInput), whose products cancel the same way,
// and the k steps past K (a last partial quad) have weight 0.

// kernU8S8 is the quad kernel family in use; run is nil when the CPU (or
// the build) has none, and convolutions then take the pair path.
var kernU8S8 = &gemmKernel[int32]{}

func init() {
	if ks := simdKernelsU8S8(); len(ks) > 0 {
		*kernU8S8 = ks[0]
	}
}

// quadsAvailable reports whether a quad kernel runs here.
func quadsAvailable() bool { return kernU8S8.run != nil }

// quadWeightsOK reports whether an 8-bit weight with zero points wZero
// (none, per tensor or per channel) reads as signed bytes with zero point
// 0, and whether its bytes are then flipped (uint8 less 128).
func quadWeightsOK(dt DType, wZero []int32) (ok, flip bool) {
	want := int32(0)
	switch dt {
	case I8:
	case U8:
		want, flip = 128, true
	default:
		return false, false
	}
	if len(wZero) == 0 {
		return !flip, flip
	}
	for _, z := range wZero {
		if z != want {
			return false, false
		}
	}
	return true, flip
}

// quadWord packs four bytes little-endian, each XORed with flip.
func quadWord(b0, b1, b2, b3, flip byte) int32 {
	return int32(uint32(b0^flip) | uint32(b1^flip)<<8 | uint32(b2^flip)<<16 | uint32(b3^flip)<<24)
}

// packAQuads packs op(A)[i, q] = the bytes a[i, 4q..4q+3] (XORed with
// flip; 0 past k) of an m x k 8-bit A with row stride lda. A quad within
// the row is its four bytes read as one little-endian word.
func packAQuads[TA int8 | uint8](a []TA, lda, k int, flip byte) packAFunc[int32] {
	f4 := uint32(flip) * 0x01010101
	return func(dst []int32, kern *gemmKernel[int32], i0, mc, p0, kc int) {
		mr := kern.mr
		whole := min(kc, max(0, k/4-p0)) // quads wholly within the row
		packPanelRows(dst, mr, i0, mc, kc, func(d []int32, i int) {
			row := a[i*lda:][:k]
			if whole > 0 {
				words := unsafe.Slice((*byte)(unsafe.Pointer(&row[4*p0])), 4*whole)
				for p := range whole {
					d[p*mr] = int32(binary.LittleEndian.Uint32(words[4*p:]) ^ f4)
				}
			}
			for p := whole; p < kc; p++ {
				q := 4 * (p0 + p)
				var b [4]byte
				for t := range 4 {
					if q+t < k {
						b[t] = byte(row[q+t]) ^ flip
					}
				}
				d[p*mr] = quadWord(b[0], b[1], b[2], b[3], 0)
			}
		})
	}
}

// packAQuadsOf is packAQuads on the 8-bit weight w's rows from element
// off.
func packAQuadsOf(w *Tensor, off, k int, flip byte) packAFunc[int32] {
	if wv, ok := w.data.([]int8); ok {
		return packAQuads(wv[off:], k, k, flip)
	}
	return packAQuads(w.data.([]uint8)[off:], k, k, flip)
}

// quadWeightSumsOf is quadWeightSums on the 8-bit weight w.
func quadWeightSumsOf(sums []int32, w *Tensor, k int, flip byte) {
	if wv, ok := w.data.([]int8); ok {
		quadWeightSums(sums, wv, k, flip)
		return
	}
	quadWeightSums(sums, w.data.([]uint8), k, flip)
}

// quadWeightSums sets sums[i] = Σ_p w'[i,p] for the m rows of k weights
// at w, w' being the signed byte the kernel reads.
func quadWeightSums[TA int8 | uint8](sums []int32, w []TA, k int, flip byte) {
	for i := range sums {
		var s int32
		for _, v := range w[i*k : (i+1)*k] {
			s += int32(int8(byte(v) ^ flip))
		}
		sums[i] = s
	}
}

// quadPanels writes lane j = the bytes r[0][j], ..., r[3][j] (XORed with
// flip) for j < n16 (a multiple of 16) as row p of consecutive
// gemmNR-column panels of depth kc, dst being panel 0's row p.
func quadPanels[T int8 | uint8](dst []int32, r *[4][]T, n16, kc int, flip byte) {
	if quadPanelsFast(dst, r, n16, kc, flip) {
		return
	}
	for j := range n16 {
		dst[(j/gemmNR)*kc*gemmNR+j%gemmNR] = quadWord(byte(r[0][j]), byte(r[1][j]), byte(r[2][j]), byte(r[3][j]), flip)
	}
}

// convPackQuadsPadded packs quad rows [p0, p0+kc) of a convolution's
// im2col matrix of depth k from padded planes, stored values (zero point
// not subtracted) read as unsigned bytes; offs[p] is xp.rowOffset(g, p).
func convPackQuadsPadded[T int8 | uint8](g *convGeom, xp paddedInput[T], k int, offs []int) func(dst []int32, j0, nc, p0, kc int) {
	flip := byte(signFlip[T]())
	return func(dst []int32, j0, nc, p0, kc int) {
		// Rows past k (weight 0) read these; any values would do.
		var rows [4][gemmNC + gemmNR]T
		n16 := (nc + 15) &^ 15
		var r [4][]T
		for p := range kc {
			q := 4 * (p0 + p)
			for t := range 4 {
				switch {
				case q+t >= k:
					r[t] = rows[t][:n16]
				case xp.shifted || xp.phased:
					r[t] = xp.data[offs[q+t]+j0:][:n16]
				default:
					xp.gatherAt(g, rows[t][:nc], j0, offs[q+t])
					r[t] = rows[t][:n16]
				}
			}
			quadPanels(dst[p*gemmNR:], &r, n16, kc, flip)
		}
	}
}

// convQuads is what the quad path of one convolution needs: the weight's
// packed panels per group (nil entries are packed per call) and S_i.
type convQuads struct {
	a    []*packedA[int32]
	sums []int32
	// The weight and what the quad-plane path packs from it (qplanes.go).
	w      *Tensor
	groups int
	flip   byte
	taps   convTapQuads
}

// packConvQuads packs the weight of a convolution in groups of mg output
// channels for kernU8S8, or returns nil when the weight is not signed
// bytes with zero point 0 (quadWeightsOK) or no quad kernel runs.
func packConvQuads(w *Tensor, wZero []int32, groups, mg, k int) *convQuads {
	ok, flip := quadWeightsOK(w.dtype, wZero)
	if !ok || !quadsAvailable() {
		return nil
	}
	f := byte(0)
	if flip {
		f = 0x80
	}
	cq := &convQuads{sums: make([]int32, groups*mg), w: w, groups: groups, flip: f}
	for gr := range groups {
		cq.a = append(cq.a, packAll(kernU8S8, mg, (k+3)/4, packAQuadsOf(w, gr*mg*k, k, f)))
	}
	quadWeightSumsOf(cq.sums, w, k, f)
	return cq
}

// convIntegerQuads runs the GEMM path of an 8-bit convolution on the quad
// kernel and reports whether it could: the weight must read as signed
// bytes (quadWeightsOK), the zero point must be a stored value and the
// padded planes must fit. cq, when not nil, is the weight packed by
// packConvQuads.
func convIntegerQuads(g *convGeom, acc []int32, x *Tensor, xZero int32, w *Tensor, wZero []int32, cq *convQuads, req *tileRequant) bool {
	if !quadsAvailable() {
		return false
	}
	ok, flip := quadWeightsOK(w.dtype, wZero)
	hp, wp, fits := padInputFits(g)
	if !ok || !fits {
		return false
	}
	switch xv := x.data.(type) {
	case []int8:
		if xZero < -128 || xZero > 127 {
			return false
		}
		convQuadsRun(g, acc, xv, xZero, xZero+128, hp, wp, w, flip, cq, req)
	case []uint8:
		if xZero < 0 || xZero > 255 {
			return false
		}
		convQuadsRun(g, acc, xv, xZero, xZero, hp, wp, w, flip, cq, req)
	default:
		return false
	}
	return true
}

// convQuadsRun is convIntegerQuads for an input of type T; zu is the zero
// point as the kernel reads it (unsigned).
func convQuadsRun[T int8 | uint8](g *convGeom, acc []int32, xv []T, xZero, zu int32, hp, wp int, w *Tensor, flip bool, cq *convQuads, req *tileRequant) {
	k := g.cg * g.kh * g.kw
	ohw := g.oh * g.ow
	f := byte(0)
	if flip {
		f = 0x80
	}
	biasBuf := getScratch[int32](&scratchI32, 2*g.m)
	defer scratchI32.Put(biasBuf)
	sums, bias := (*biasBuf)[:g.m], (*biasBuf)[g.m:]
	if cq != nil {
		copy(sums, cq.sums)
	} else {
		quadWeightSumsOf(sums, w, k, f)
	}
	for i, s := range sums {
		bias[i] = -zu * s
	}
	if req != nil {
		// The requantization adds the zero point's share with the bias.
		for i := range bias {
			bias[i] += req.r.biasAt(i)
		}
		r := *req
		r.bias = bias
		req = &r
	}
	if quadPlanesOK(g, req != nil) {
		// Split by output rows on several threads, each making its own
		// planes, as convQuadsRows does and for the same reason.
		if workers := threads(); workers > 1 && g.n == 1 && g.groups == 1 && g.oh >= 2*workers &&
			float64(g.m)*float64(ohw)*float64(k) >= quadSplitWork && !quadSmallPlane(g) {
			g.byOutputRows(workers, outElemBytes(req), func(gs *convGeom, r0 int) {
				convQuadPlanes(g, gs, xv, xZero, w, f, cq, req, r0)
			})
			return
		}
		convQuadPlanes(g, g, xv, xZero, w, f, cq, req, 0)
		return
	}
	ownForm := g.pt == 0 && g.pl == 0 && hp == g.h && wp == g.w // nothing padded: B is x
	if workers := threads(); workers > 1 && !ownForm && g.n == 1 && g.groups == 1 && g.oh >= 2*workers &&
		float64(g.m)*float64(ohw)*float64(k) >= quadSplitWork && !quadSmallPlane(g) {
		convQuadsRows(g, acc, xv, xZero, w, f, bias, cq, req, workers)
		return
	}
	pb := getPadBufs()
	defer padPool.Put(pb)
	pad := padBufOf[T](pb)
	var offs []int
	var offsBuf *[]int
	defer func() {
		if offsBuf != nil {
			scratchInt.Put(offsBuf)
		}
	}()
	phased := req != nil && phasedOK(g)
	ne, wq := ohw, g.ow // product columns, and per output row
	if phased {
		_, wq = phasedDims(g)
		ne = g.oh * wq
	}
	for n := range g.n {
		for gr := range g.groups {
			lo, hi := (n*g.c+gr*g.cg)*g.h*g.w, (n*g.c+(gr+1)*g.cg)*g.h*g.w
			plan := quadPlans.Get().(*gemmPlan[int32])
			*plan = gemmPlan[int32]{m: g.mg, n: ne, k: (k + 3) / 4, kern: kernU8S8, c: acc[(n*g.m+gr*g.mg)*ohw:], ldc: ohw}
			if req == nil {
				plan.bias = bias[gr*g.mg : (gr+1)*g.mg]
			}
			if cq != nil && gr < len(cq.a) {
				plan.aPanels = cq.a[gr]
			}
			plan.packA = packAQuadsOf(w, gr*g.mg*k, k, f)
			var xp paddedInput[T]
			switch {
			case phased:
				req.requantTilesExt(plan, n*g.m+gr*g.mg, gr*g.mg, ohw, 0, g.ow, wq)
				xp = padPhased(g, xv[lo:hi], T(xZero), pad)
			case req != nil:
				// The sums go from each tile's scratch to the output.
				req.requantTiles(plan, n*g.m+gr*g.mg, gr*g.mg, ohw, 0)
				fallthrough
			default:
				xp = padInput(g, xv[lo:hi], T(xZero), hp, wp, pad)
			}
			if offs == nil {
				// The same for every image and group: planes of one size.
				offsBuf = getInts(k)
				offs = *offsBuf
				for p := range offs {
					offs[p] = xp.rowOffset(g, p)
				}
			}
			plan.packB = convPackQuadsPadded(g, xp, k, offs)
			plan.run()
			*plan = gemmPlan[int32]{}
			quadPlans.Put(plan)
		}
	}
}

// quadPlans recycles the int32 GEMM plans (8-bit convolutions and
// matmuls).
var quadPlans = sync.Pool{New: func() any { return new(gemmPlan[int32]) }}

// signFlip is the XOR that reads a T byte as unsigned with the same
// order: 0x80 for int8 (v ^ 0x80 = v + 128), 0 for uint8.
func signFlip[T int8 | uint8]() int32 {
	var z T
	if any(z) == any(int8(0)) {
		return 0x80
	}
	return 0
}

// quadSmallPlane reports whether a stride-1 convolution's output plane
// is so small that its threads split the output channels rather than
// the rows: a 7x7 image cut by rows gives two threads 4 and 3 rows, 28
// and 21 columns, each ending in a partial panel, where the channel
// split computes all 49 for half the channels each, with one B packed
// by both (resnet18-qdq's 512x7x7 3x3 layers at two threads 0.57 → 0.51
// ms; its stride-2 layers with 7x7 outputs were slower so).
func quadSmallPlane(g *convGeom) bool {
	return g.sh == 1 && g.sw == 1 && g.oh*g.ow < quadRowsMinPlane
}

// quadRowsMinPlane is the output plane (values) from which stride-1
// 8-bit convolutions are cut by rows among threads: 14x14 was slower
// cut by channels (0.37 → 0.39–0.50 ms), 7x7 faster.
const quadRowsMinPlane = 10 * 10

// quadSplitWork is the product size (multiply-adds) from which
// convQuadsRun splits a convolution that needs padded planes by output
// rows among the threads.
const quadSplitWork = 1 << 21

// convQuadsRows is convQuadsRun for one image and group on several
// threads: each takes a run of output rows and does all of their work
// alone, padded planes, packing, products and requantization, so that
// what a thread writes only it reads. Split by columns instead, every
// thread reads the padded planes all threads wrote; on the benchmark VM,
// in spells when its two cores do not share a cache, moving those lines
// cost more than the products saved (docs/perf.md, session 12).
func convQuadsRows[T int8 | uint8](g *convGeom, acc []int32, xv []T, xZero int32, w *Tensor, f byte, bias []int32, cq *convQuads, req *tileRequant, workers int) {
	k := g.cg * g.kh * g.kw
	ohw := g.oh * g.ow
	g.byOutputRows(workers, outElemBytes(req), func(gs *convGeom, r0 int) {
		hp, wp, _ := padInputFits(gs)
		pb := getPadBufs()
		defer padPool.Put(pb)
		phased := req != nil && phasedOK(gs)
		var xp paddedInput[T]
		if phased {
			xp = padPhased(gs, xv[:g.c*g.h*g.w], T(xZero), padBufOf[T](pb))
		} else {
			xp = padInput(gs, xv[:g.c*g.h*g.w], T(xZero), hp, wp, padBufOf[T](pb))
		}
		offsBuf := getInts(k)
		defer scratchInt.Put(offsBuf)
		offs := *offsBuf
		for p := range offs {
			offs[p] = xp.rowOffset(gs, p)
		}
		plan := &gemmPlan[int32]{m: g.m, n: gs.oh * g.ow, k: (k + 3) / 4, kern: kernU8S8, c: acc[r0*g.ow:], ldc: ohw, serial: true}
		switch {
		case phased:
			plan.n = gs.oh * xp.wq
			req.requantTilesExt(plan, 0, 0, ohw, r0*g.ow, g.ow, xp.wq)
		case req == nil:
			plan.bias = bias
		default:
			req.requantTiles(plan, 0, 0, ohw, r0*g.ow)
		}
		if cq != nil && len(cq.a) > 0 {
			plan.aPanels = cq.a[0]
		}
		plan.packA = packAQuadsOf(w, 0, k, f)
		plan.packB = convPackQuadsPadded(gs, xp, k, offs)
		plan.run()
	})
}

// outElemBytes is the size of a quantized convolution's output values:
// requantized bytes, or int32 sums.
func outElemBytes(req *tileRequant) int {
	if req != nil {
		return 1
	}
	return 4
}
