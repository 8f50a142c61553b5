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

// convRowsRun computes the group's output channels (weights w, k values
// each; bias or nil) into out, channel i's plane at out[i*stride:], from
// the phase planes xp (wq values a row) read at the k offsets off
// (largest maxOff). The kernels read up to convRowsMaxCols values on from
// a run's start, so xp must hold that many past the last row's.
func convRowsRun(g *convGeom, w, bias, xp []float32, off []int, maxOff int, out []float32, stride, wq int) {
	k := len(off)
	runs := (g.ow + convRowsMaxCols - 1) / convRowsMaxCols
	_ = xp[maxOff+(g.oh-1)*wq+runs*convRowsMaxCols-1]
	_ = out[(g.mg-1)*stride+g.oh*g.ow-1]
	// Each block's weights as one MR-row panel ([k][mr]) at a[i0·k:].
	paBuf := getF32(g.mg * k)
	defer scratchF32.Put(paBuf)
	pa := *paBuf
	for i0 := 0; i0 < g.mg; {
		mr := convRowMR(g.mg - i0)
		panel := pa[i0*k : (i0+mr)*k]
		for r := range mr {
			for p, v := range w[(i0+r)*k : (i0+r+1)*k] {
				panel[p*mr+r] = v
			}
		}
		i0 += mr
	}
	flags := 0
	if bias != nil {
		flags |= 1
	}
	if g.clip {
		flags |= 2
	}
	work := float64(g.mg) * float64(g.oh*g.ow) * float64(k)
	g.parallel(g.oh, work, func(r int) {
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
				kernF32.withMR(mr).runRow(k, unsafe.Pointer(&pa[i0*k]), src, unsafe.Pointer(&out[i0*stride+r*g.ow+c0]), stride,
					unsafe.Pointer(&off[0]), bp, g.clipLo, g.clipHi, flags, mask)
				i0 += mr
			}
		}
	})
}
