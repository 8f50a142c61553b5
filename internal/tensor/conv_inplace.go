package tensor

import "sync"

// Stride-1 convolutions without an im2col copy. Pad the image once into
// xp (hp rows of wp columns per channel, zeros around it) and number the
// output "extended": column e = oh*wp + ow for ow < wp, so that im2col
// row p = (c, ki, kj) is one run of xp,
//
//	B[p, e] = xp[c*hp*wp + ki*dh*wp + kj*dw + e],
//
// which the offset-reading kernels (gemmKernel.runInd) read in place. The
// columns ow >= ow_out are computed and dropped (wp - ow_out of every wp:
// 2 of 58 at 56×56, 2 of 9 at 7×7). Each output is the same sum of the
// same products in the same order as through convPackF32, so the bits
// are the same; only the copies are gone.

// convInPlaceOK reports whether conv2DGemmF32 takes this path.
func convInPlaceOK(g *convGeom) bool {
	return g.sh == 1 && g.sw == 1 && kernF32.forRows(g.mg).runInd != nil && !convForceIm2col
}

// convForceIm2col makes every convolution take the im2col path (tests
// compare the two).
var convForceIm2col bool

var scratchF32, scratchInt sync.Pool

func getF32(n int) *[]float32 {
	if v := scratchF32.Get(); v != nil {
		if s := v.(*[]float32); cap(*s) >= n {
			*s = (*s)[:n]
			return s
		}
	}
	s := make([]float32, n)
	return &s
}

func getInts(n int) *[]int {
	if v := scratchInt.Get(); v != nil {
		if s := v.(*[]int); cap(*s) >= n {
			*s = (*s)[:n]
			return s
		}
	}
	s := make([]int, n)
	return &s
}

// conv2DInPlaceF32 is conv2DGemmF32 for stride 1 through a padded copy of
// each (image, group) input.
func conv2DInPlaceF32(g *convGeom, xv, wv, bv, ov []float32, packs []*packedA[float32]) {
	k := g.cg * g.kh * g.kw
	// The padded window: rows [-pt, -pt+hp) and columns [-pl, -pl+wp) of
	// the image, exactly what the outputs read.
	hp := g.oh + (g.kh-1)*g.dh
	wp := g.ow + (g.kw-1)*g.dw
	plane := hp * wp
	ne := g.oh * wp
	// The last panel reads up to 15 columns past ne, and garbage columns
	// up to wp past the last valid one.
	xpBuf := getF32(g.cg*plane + wp + gemmNR)
	defer scratchF32.Put(xpBuf)
	xp := *xpBuf
	offBuf := getInts(k)
	defer scratchInt.Put(offBuf)
	off := *offBuf
	for p := range off {
		c, r := p/(g.kh*g.kw), p%(g.kh*g.kw)
		off[p] = c*plane + (r/g.kw)*g.dh*wp + (r%g.kw)*g.dw
	}
	ohw := g.oh * g.ow
	direct := wp == g.ow // no dropped columns: C is the output itself
	var ext []float32
	if !direct {
		extBuf := getF32(g.mg * ne)
		defer scratchF32.Put(extBuf)
		ext = *extBuf
	}
	plan := &gemmPlan[float32]{m: g.mg, n: ne, k: k, kern: kernF32, ldc: ne, bInd: xp, bOff: off}
	for gr := range g.groups {
		plan.packA = packA32(wv[gr*g.mg*k:], k, false, 1)
		plan.aPanels = nil
		if len(packs) == g.groups {
			plan.aPanels = packs[gr]
		}
		plan.bias = nil
		if bv != nil {
			plan.bias = bv[gr*g.mg : (gr+1)*g.mg]
		}
		for n := range g.n {
			padImage(g, xv[(n*g.c+gr*g.cg)*g.h*g.w:], xp, hp, wp)
			out := ov[(n*g.m+gr*g.mg)*ohw : (n*g.m+(gr+1)*g.mg)*ohw]
			if direct {
				plan.c = out
				plan.run()
				continue
			}
			plan.c = ext
			plan.run()
			for i := range g.mg {
				for r := range g.oh {
					copy(out[i*ohw+r*g.ow:i*ohw+(r+1)*g.ow], ext[i*ne+r*wp:])
				}
			}
		}
	}
}

// padImage writes the cg channels of x into xp as hp × wp planes holding
// image rows [-pt, -pt+hp) and columns [-pl, -pl+wp), zero outside the
// image, and zeroes xp's slack after the planes.
func padImage(g *convGeom, x, xp []float32, hp, wp int) {
	hw := g.h * g.w
	// The image columns that land inside a padded row: [c0, c1).
	c0, c1 := max(0, -g.pl), min(g.w, wp-g.pl)
	for c := range g.cg {
		img := x[c*hw : (c+1)*hw]
		dst := xp[c*hp*wp : (c+1)*hp*wp]
		for r := range hp {
			row := dst[r*wp : (r+1)*wp]
			ih := r - g.pt
			if ih < 0 || ih >= g.h || c0 >= c1 {
				clear(row)
				continue
			}
			lead := c0 + g.pl // first written column of row
			clear(row[:lead])
			n := copy(row[lead:], img[ih*g.w+c0:ih*g.w+c1])
			clear(row[lead+n:])
		}
	}
	clear(xp[g.cg*hp*wp:])
}
