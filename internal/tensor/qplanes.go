package tensor

import "sync"

// 8-bit convolutions of strides 1 and 2 read their im2col matrix in place
// from "quad planes": the input's channels taken four at a time, each padded
// pixel one word of the four channels' bytes (read as unsigned, the pads
// holding the zero point), hq × wq words a plane. With the product's K
// ordered (channel quad, ki, kj) — a quad is four channels at one tap —
// quad row (c4, ki, kj) over the extended columns e = oy·wq + ox is one
// contiguous run of plane c4 from row ki·dh, column kj·dw, which the
// offset-reading VNNI kernels read as they go: the per-tap interleaving
// of packed panels (convPackQuadsPadded: nine byte rows woven into words
// for each of a 3x3 window's taps) is done once per input instead. At
// stride 2 each quad has a plane per phase, woven from the phased path's
// byte planes (qphased.go), and a tap's run starts in its phase. The
// weight is packed in the same K order (packAQuadTaps); channels past the
// last quad's end have weight 0, so their lanes, which repeat the last
// channel, add nothing. As in the phased path, the wq − ow last columns of each row
// are computed and dropped when the sums are requantized.

// quadPlanesOff turns the quad planes off (tests compare both paths).
var quadPlanesOff bool

// quadPlanesOK reports whether an 8-bit convolution with requantized
// output (requant) takes quad planes: stride 1, a window of several taps,
// an offset-reading quad kernel for its rows, and planes near the input's
// size (pads and dilations far beyond the image would make them much
// larger).
func quadPlanesOK(g *convGeom, requant bool) bool {
	stride1 := g.sh == 1 && g.sw == 1
	if quadPlanesOff || !requant || !(stride1 || phasedOK(g)) || (stride1 && g.kh*g.kw < 2) || kernU8S8.run == nil {
		return false
	}
	if k := kernU8S8.forRows(g.mg); k.runInd == nil || k.runInd2 == nil {
		return false
	}
	hq, wq := quadPlaneDims(g)
	words := float64((g.cg+3)/4*g.sh*g.sw) * float64(hq) * float64(wq)
	return 4*words <= 2*float64(g.cg*g.h*g.w)+4096
}

// quadPlaneDims returns a quad plane's rows and (extended) columns: at
// stride 2 those of the phase planes (qphased.go), each quad having one
// plane per phase.
func quadPlaneDims(g *convGeom) (hq, wq int) {
	return phasedDims(g)
}

// padQuadPlanes fills buf (grown as needed) with the quad planes of the
// cg channels of x (stored values; zero is the zero point), bytes XORed
// with flip, plus slack after the last plane for the kernels' whole
// 16-word steps past a run's end; it returns the planes and slack.
func padQuadPlanes[T int8 | uint8](g *convGeom, x []T, zero T, flip byte, buf *[]int32) []int32 {
	hq, wq := quadPlaneDims(g)
	plane := hq * wq
	quads := (g.cg + 3) / 4
	n := quads*g.sh*g.sw*plane + wq + 2*gemmNR
	if cap(*buf) < n {
		*buf = make([]int32, n)
	}
	d := (*buf)[:n]
	zb := byte(zero)
	zw := quadWord(zb, zb, zb, zb, flip)
	if g.sh != 1 || g.sw != 1 {
		padQuadPhases(g, x, zero, flip, d)
		fillWords(d[quads*g.sh*g.sw*plane:], zw)
		return d
	}
	// Plane rows [i0, i1) and columns [lo, hi) lie in the image: row i
	// reads input row i − pt, column j input column j − pl.
	i0 := min(max(g.pt, 0), hq)
	i1 := max(i0, min(hq, g.h+g.pt))
	lo := min(max(g.pl, 0), wq)
	hi := max(lo, min(wq, g.w+g.pl))
	hw := g.h * g.w
	g.parallel(quads, float64(quads*plane), func(c4 int) {
		p := d[c4*plane : (c4+1)*plane]
		fillWords(p[:i0*wq], zw)
		fillWords(p[i1*wq:], zw)
		var src [4][]T
		for i := i0; i < i1; i++ {
			row := p[i*wq : (i+1)*wq]
			fillWords(row[:lo], zw)
			fillWords(row[hi:], zw)
			if lo == hi {
				continue
			}
			ih, iw := i-g.pt, lo-g.pl
			for l := range 4 {
				// Channels past cg repeat the last one: their weights are 0.
				c := min(4*c4+l, g.cg-1)
				src[l] = x[c*hw+ih*g.w+iw : c*hw+ih*g.w+iw+hi-lo]
			}
			interleaveQuads(row[lo:hi], &src, flip)
		}
	})
	fillWords(d[quads*plane:], zw)
	return d
}

// padQuadPhases is padQuadPlanes at stride 2: the byte phase planes of
// the phased path (padPhased), then each used phase of four channels
// woven into one plane of words; a phase no tap reads is left as it is.
func padQuadPhases[T int8 | uint8](g *convGeom, x []T, zero T, flip byte, d []int32) {
	pb := getPadBufs()
	defer padPool.Put(pb)
	xp := padPhased(g, x, zero, padBufOf[T](pb))
	plane := xp.hq * xp.wq
	phases := g.sh * g.sw
	used, _ := g.phasesRead()
	quads := (g.cg + 3) / 4
	g.parallel(quads, float64(quads*phases*plane), func(c4 int) {
		var src [4][]T
		for ph := range phases {
			if !used[ph/g.sw][ph%g.sw] {
				continue
			}
			for l := range 4 {
				// Channels past cg repeat the last one: their weights are 0.
				c := min(4*c4+l, g.cg-1)
				src[l] = xp.data[(c*phases+ph)*plane:][:plane]
			}
			interleaveQuads(d[(c4*phases+ph)*plane:][:plane], &src, flip)
		}
	})
}

// fillWords sets every word of d to v.
func fillWords(d []int32, v int32) {
	for i := range d {
		d[i] = v
	}
}

// interleaveQuads sets dst[j] to the bytes src[0][j] … src[3][j] (each
// XORed with flip) as one little-endian word.
func interleaveQuads[T int8 | uint8](dst []int32, src *[4][]T, flip byte) {
	j := interleaveQuadsFast(dst, src, flip)
	for ; j < len(dst); j++ {
		dst[j] = quadWord(byte(src[0][j]), byte(src[1][j]), byte(src[2][j]), byte(src[3][j]), flip)
	}
}

// quadTapOffsets sets off[q], for quad row q = (c4·kh + ki)·kw + kj, to
// where its run starts in the quad planes: tap (r, s) = (ki·dh, kj·dw) of
// quad c4 lies in phase plane (r mod sh, s mod sw), r div sh rows and s
// div sw columns in. It returns the largest.
func quadTapOffsets(g *convGeom, off []int) int {
	hq, wq := quadPlaneDims(g)
	taps := g.kh * g.kw
	maxOff := 0
	for q := range off {
		c4, t := q/taps, q%taps
		r, s := (t/g.kw)*g.dh, (t%g.kw)*g.dw
		off[q] = ((c4*g.sh+r%g.sh)*g.sw+s%g.sw)*hq*wq + r/g.sh*wq + s/g.sw
		maxOff = max(maxOff, off[q])
	}
	return maxOff
}

// packAQuadTaps packs op(A)[i, q] for q = (c4, tap): the bytes of
// weights (4·c4 + l, tap) for l < 4 (XORed with flip; 0 for channels past
// cg) of the rows of a (cg·taps weights each, channel-major as OIHW).
func packAQuadTaps[TA int8 | uint8](a []TA, cg, taps int, flip byte) packAFunc[int32] {
	k := cg * taps
	return func(dst []int32, kern *gemmKernel[int32], i0, mc, p0, kc int) {
		mr := kern.mr
		packPanelRows(dst, mr, i0, mc, kc, func(d []int32, i int) {
			row := a[i*k:][:k]
			for p := range kc {
				c4, t := (p0+p)/taps, (p0+p)%taps
				var b [4]byte
				for l := range 4 {
					if c := 4*c4 + l; c < cg {
						b[l] = byte(row[c*taps+t]) ^ flip
					}
				}
				d[p*mr] = quadWord(b[0], b[1], b[2], b[3], 0)
			}
		})
	}
}

// packAQuadTapsOf is packAQuadTaps on the OIHW 8-bit weight w's rows from
// element off.
func packAQuadTapsOf(w *Tensor, off int, flip byte) packAFunc[int32] {
	cg, taps := int(w.shape[1]), int(w.shape[2]*w.shape[3])
	if wv, ok := w.data.([]int8); ok {
		return packAQuadTaps(wv[off:], cg, taps, flip)
	}
	return packAQuadTaps(w.data.([]uint8)[off:], cg, taps, flip)
}

// convTapQuads is the weight of a convolution packed in tap order per
// group, made the first time a convolution takes quad planes.
type convTapQuads struct {
	once sync.Once
	a    []*packedA[int32]
}

// tapPanels returns group gr's weight packed in tap order, packing every
// group the first time.
func (cq *convQuads) tapPanels(gr int) *packedA[int32] {
	if cq == nil || cq.w == nil {
		return nil
	}
	cq.taps.once.Do(func() {
		mg := int(cq.w.shape[0]) / cq.groups
		k := cq.w.Len() / int(cq.w.shape[0])
		quads := (int(cq.w.shape[1]) + 3) / 4 * int(cq.w.shape[2]*cq.w.shape[3])
		for g := range cq.groups {
			cq.taps.a = append(cq.taps.a, packAll(kernU8S8, mg, quads, packAQuadTapsOf(cq.w, g*mg*k, cq.flip)))
		}
	})
	if gr < len(cq.taps.a) {
		return cq.taps.a[gr]
	}
	return nil
}

// convQuadPlanes is convQuadsRun through quad planes (quadPlanesOK) for
// output rows [r0, r0 + g.oh) of full, g being full for those rows (or
// full itself, r0 = 0); bias and req as convQuadsRun prepared them.
func convQuadPlanes[T int8 | uint8](full, g *convGeom, xv []T, xZero int32, w *Tensor, f byte, cq *convQuads, req *tileRequant, r0 int) {
	k := g.cg * g.kh * g.kw
	quads := (g.cg + 3) / 4 * g.kh * g.kw
	ohw := full.oh * full.ow
	_, wq := quadPlaneDims(g)
	bufp := getScratch[int32](&scratchI32, 0)
	defer scratchI32.Put(bufp)
	offBuf := getInts(quads)
	defer scratchInt.Put(offBuf)
	off := *offBuf
	quadTapOffsets(g, off)
	flip := byte(signFlip[T]())
	for n := range g.n {
		for gr := range g.groups {
			lo := (n*g.c + gr*g.cg) * g.h * g.w
			planes := padQuadPlanes(g, xv[lo:lo+g.cg*g.h*g.w], T(xZero), flip, bufp)
			plan := quadPlans.Get().(*gemmPlan[int32])
			*plan = gemmPlan[int32]{m: g.mg, n: g.oh * wq, k: quads, kern: kernU8S8, ldc: ohw, bInd: planes, bOff: off, serial: g.serial}
			req.requantTilesExt(plan, n*g.m+gr*g.mg, gr*g.mg, ohw, r0*g.ow, g.ow, wq)
			plan.aPanels = cq.tapPanels(gr)
			plan.packA = packAQuadTapsOf(w, gr*g.mg*k, f)
			plan.run()
			*plan = gemmPlan[int32]{}
			quadPlans.Put(plan)
		}
	}
}
