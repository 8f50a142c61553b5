package tensor

import "unsafe"

// Convolutions whose whole K (channels × kernel window) is one GEMM block,
// above all the 3-channel stems every CNN starts with (K = 27 or 147),
// spend as long on the in-place path's bookkeeping as on their
// multiply-adds: product tiles of extended rows go to scratch and their
// kept columns are copied out (keptRow), for a product of only K steps.
// Here each output row is cut into runs of up to 32 columns, and a row
// kernel (gemmKernel.runRow) computes MR output channels of one run
// from the phase planes and stores them, with bias and clamp, straight
// into the output planes under a column mask. Each output is the same
// fused chain over the same K steps from zero, plus the bias and clamp
// in the same order, so the bits are the in-place path's.

// convRowsMaxCols is the widest output row the row kernels' masks cover
// in one call.
const convRowsMaxCols = 2 * gemmNR

// convRowsMinWidth: narrower output rows waste most of each run's lanes
// (7 of 16 used at 7x7), where the extended product packs rows together.
const convRowsMinWidth = 24

// convRowsMaxWeights: every output row reads all of a group's weights
// (M·K values), which the product's blocking would keep in cache; past
// this many they would come from L2 once a row (a 1x1 256→512 layer ran
// 9% slower by rows).
const convRowsMaxWeights = 16384

// convRowsOK reports whether conv2DInPlaceRows takes the row kernels for
// g: AVX-512 row kernels for every MR the blocks use, one K block, output
// channels in fours (the kernels store whole MR rows), no residual (the
// kernels have no residual step), rows wide enough, few enough weights,
// and extended rows wider than the output's (when they are not, the
// product writes the output directly already).
func convRowsOK(g *convGeom) bool {
	k := g.cg * g.kh * g.kw
	if convRowsOff || k < 1 || k > gemmKC || g.mg%4 != 0 || g.res != nil || g.ow < convRowsMinWidth ||
		g.mg*k > convRowsMaxWeights || (g.kw-1)*g.dw/g.sw == 0 {
		return false
	}
	for _, mr := range []int{4, 8, 12} {
		if kern := kernF32.withMR(mr); kern == nil || kern.runRow == nil {
			return false
		}
	}
	return true
}

// convRowsOff turns the row kernels off (tests compare both paths).
var convRowsOff bool

// withMR returns the kernel of k's family with the given MR, or nil.
func (k *gemmKernel[T]) withMR(mr int) *gemmKernel[T] {
	if k.mr == mr {
		return k
	}
	for i := range k.alt {
		if k.alt[i].mr == mr {
			return &k.alt[i]
		}
	}
	return nil
}

// convRowMR is the MR of the block that starts with rem output channels
// left (a multiple of 4): twelve while at least 12 remain, except that 16
// goes as two eights, and 4 alone takes the four-row kernel (0.6 of the
// others' rate per row).
func convRowMR(rem int) int {
	switch {
	case rem >= 12 && rem != 16:
		return 12
	case rem >= 8:
		return 8
	}
	return 4
}

// convRowsBandBytes is the size of the phase planes of one band of
// output rows: each band's planes are made just before its rows are
// computed and stay in cache for them, so reading the input (often cold:
// a run's argument, or a layer's output the caches let go) overlaps the
// kernels' work as the prefetchers run ahead. One pass over the whole
// image first waited on memory alone (mnasnet0_5's 3→16 stem in a run:
// 147 µs of copying, then 107 of kernels).
const convRowsBandBytes = 32 << 10

// conv2DRows is conv2DInPlaceRows through the row kernels (convRowsOK):
// output channel i's rows go to ov[i*stride:].
func conv2DRows(g *convGeom, xv, wv, bv, ov []float32, stride int) {
	k := g.cg * g.kh * g.kw
	wq := g.ow + (g.kw-1)*g.dw/g.sw
	band := max(1, min(g.oh, convRowsBandBytes/(4*g.cg*g.sh*g.sw*wq)))
	hq := band + (g.kh-1)*g.dh/g.sh // the phase rows a band reads
	plane := hq * wq
	offBuf := getInts(k)
	defer scratchInt.Put(offBuf)
	off := *offBuf
	maxOff := g.phaseOffsets(off, hq, wq)
	paBuf := getF32(g.mg * k)
	defer scratchF32.Put(paBuf)
	pa := *paBuf
	flags := 0
	if g.clip {
		flags |= 2
	}
	bands := (g.oh + band - 1) / band
	work := float64(g.mg) * float64(g.oh*g.ow) * float64(k)
	// One body for every (image, group), reading the current one's
	// slices: a closure made per group would be an allocation each.
	var x, out, bias []float32
	body := func(b int) {
		// The kernels read up to convRowsMaxCols values on from a run's
		// start: slack past the last plane.
		xpBuf := getF32(g.cg*g.sh*g.sw*plane + wq + convRowsMaxCols)
		defer scratchF32.Put(xpBuf)
		part := convGeoms.Get().(*convGeom) // pooled: a band's geometry escapes
		defer convGeoms.Put(part)
		r0 := b * band
		*part = *g
		part.oh, part.pt, part.serial = min(band, g.oh-r0), g.pt-r0*g.sh, true
		// The next band's input rows, asked for while this band computes:
		// the input is often a layer's output the caches have let go, and
		// the hardware prefetchers do not follow a group's many short
		// channel rows far enough ahead.
		if r1 := r0 + band; r1 < g.oh {
			ih0 := max(0, r1*g.sh-g.pt)
			ih1 := min(g.h, (min(r1+band, g.oh)-1)*g.sh-g.pt+(g.kh-1)*g.dh+1)
			if ih1 > ih0 {
				prefetchBlocks(x[ih0*g.w:], g.cg, (ih1-ih0)*g.w, g.h*g.w)
			}
		}
		phasePlanes(part, x, *xpBuf, hq, wq)
		convRowsBand(part, pa, bias, *xpBuf, off, maxOff, out[r0*g.ow:], stride, wq, flags)
	}
	for gr := range g.groups {
		packRowWeights(pa, wv[gr*g.mg*k:(gr+1)*g.mg*k], g.mg, k)
		bias = nil
		if bv != nil {
			bias = bv[gr*g.mg : (gr+1)*g.mg]
		}
		for n := range g.n {
			x = xv[(n*g.c+gr*g.cg)*g.h*g.w:]
			out = ov[(n*g.m+gr*g.mg)*stride:]
			g.parallel(bands, work, body)
		}
	}
}

// packRowWeights packs m output channels' weights w (k values each) as
// the row kernels read them: each block's MR-row panel ([k][mr]) at
// pa[i0·k:], the blocks as convRowMR cuts them.
func packRowWeights(pa, w []float32, m, k int) {
	for i0 := 0; i0 < m; {
		mr := convRowMR(m - i0)
		panel := pa[i0*k : (i0+mr)*k]
		for r := range mr {
			for p, v := range w[(i0+r)*k : (i0+r+1)*k] {
				panel[p*mr+r] = v
			}
		}
		i0 += mr
	}
}

// convRowsBand computes g's output rows (one band; g.oh of them) for the
// group's output channels (packed weights pa, bias or nil) into out,
// channel i's plane at out[i*stride:], from the phase planes xp (wq
// values a row) read at the k offsets off (largest maxOff); flags bit 1
// clamps to g's bounds.
func convRowsBand(g *convGeom, pa, bias, xp []float32, off []int, maxOff int, out []float32, stride, wq, flags int) {
	k := len(off)
	runs := (g.ow + convRowsMaxCols - 1) / convRowsMaxCols
	_ = xp[maxOff+(g.oh-1)*wq+runs*convRowsMaxCols-1]
	_ = out[(g.mg-1)*stride+g.oh*g.ow-1]
	if bias != nil {
		flags |= 1
	}
	var kern [3]*gemmKernel[float32] // the row kernels by MR/4 − 1
	for i := range kern {
		kern[i] = kernF32.withMR(4 * (i + 1))
	}
	for r := range g.oh {
		for c0 := 0; c0 < g.ow; c0 += convRowsMaxCols {
			n := min(convRowsMaxCols, g.ow-c0)
			mask := uint32(1)<<n - 1 // all ones at 32: the shift gives 0
			src := unsafe.Pointer(&xp[r*wq+c0])
			for i0 := 0; i0 < g.mg; {
				mr := convRowMR(g.mg - i0)
				bp := unsafe.Pointer(&zeroBias[0])
				if bias != nil {
					bp = unsafe.Pointer(&bias[i0])
				}
				kern[mr/4-1].runRow(k, unsafe.Pointer(&pa[i0*k]), src, unsafe.Pointer(&out[i0*stride+r*g.ow+c0]), stride,
					unsafe.Pointer(&off[0]), bp, g.clipLo, g.clipHi, flags, mask)
				i0 += mr
			}
		}
	}
}
