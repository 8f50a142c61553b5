package tensor

// One row of C (m = 1) with B read by rows in place (a fully connected
// layer at batch 1): the tiled path would run MR-row tiles of which one
// row is used, reading B's 16-column panels down its rows. Instead each
// kc block adds its k rows of B, scaled by A's values, into one row of n
// sums with the micro-kernels' fused multiply-add, in increasing p from
// 0, and then into C as the kernels do (stored for the first block unless
// accumulating, added after). Each element gets the same operations in
// the same order, so the bits are the tiled path's.

// gemvOK reports whether run takes gemvF32 for g.
func gemvOK(g *gemmPlan[float32]) bool {
	return g.m == 1 && g.bRows != nil && g.bInd == nil && haveFaxpy && g.kern.goRun == nil
}

// gemvColOK reports whether a float32 plan is a product with one output
// column read in place (a 1x1 convolution on a 1x1 plane: the weight
// times a vector) with its A prepacked, which gemvColF32 computes without
// padding the column to a 16-wide panel.
func gemvColOK(g *gemmPlan[float32]) bool {
	return g.n == 1 && g.m > 1 && g.bRows != nil && g.ldb == 1 && g.bInd == nil && !g.tileC && g.tileEpilogue == nil &&
		gemvColAvailable() && g.kern.goRun == nil && g.kern.forRows(g.m).mr <= 16 && g.aPanelsFor(g.kern.forRows(g.m)) != nil
}

// gemvColF32 is the plan's product for gemvColOK: each kc block's sums
// by the FMA chain the GEMM kernels run (gemvColAVX512), four panels at a
// time, added to C as the kernels add them, then the bias, residual and
// clamp as addBias applies them.
func gemvColF32(g *gemmPlan[float32]) {
	kern := g.kern.forRows(g.m)
	pre, mr := g.aPanelsFor(kern), kern.mr
	mPad := (g.m + mr - 1) / mr * mr
	x := g.bRows[:g.k]
	var acc [64]float32
	for i0 := 0; i0 < g.m; {
		np := 4
		if mPad-i0 < 4*mr {
			np = 1
		}
		for pc := 0; pc < g.k; pc += gemmKC {
			kc := min(gemmKC, g.k-pc)
			if pc == 0 && g.accumulate {
				for q := range np {
					for r := range mr {
						if i := i0 + q*mr + r; i < g.m {
							acc[16*q+r] = g.c[i*g.ldc]
						}
					}
				}
			}
			gemvColPanels(&acc, pre[pc*mPad+i0*kc:], kc*mr, x[pc:], kc, mr, np, pc > 0 || g.accumulate)
		}
		for q := range np {
			for r := range mr {
				if i := i0 + q*mr + r; i < g.m {
					g.c[i*g.ldc] = acc[16*q+r]
				}
			}
		}
		i0 += np * mr
	}
	g.addBias(0, g.m, 0, 1)
	if g.epilogue != nil {
		g.epilogue(0, g.m, 0, 1)
	}
}

func gemvF32(g *gemmPlan[float32]) {
	n := g.n
	if !g.serial && gemvBlocksSplit(n, g.k) {
		gemvParallel(g)
	} else {
		kern := g.kern.forRows(1)
		buf := getPack[float32]()
		defer putPack(buf)
		pa := (*buf)[:gemmKC*kern.mr]
		gemvBlocks(g.k, g.c[:n], g.accumulate, func(pc, kc int, s []float32) {
			gemvRows(g, kern, pa, pc, kc, s)
		})
	}
	g.addBias(0, 1, 0, n)
	if g.epilogue != nil {
		g.epilogue(0, 1, 0, n)
	}
}

// gemvSplitWork: a one-row product is shared among the threads from this
// many multiply-adds (a B of 4 MB, which one core does not read from
// memory at full speed).
const gemvSplitWork = 1 << 20

// gemvRows adds the kc rows of B from pc, scaled by A's values, into s.
func gemvRows(g *gemmPlan[float32], kern *gemmKernel[float32], pa []float32, pc, kc int, s []float32) {
	// A's row for this block, as packA lays it out for kern: value p at
	// p*mr.
	g.packA(pa, kern, 0, 1, pc, kc)
	for p := range kc {
		faxpy(pa[p*kern.mr], g.bRows[(pc+p)*g.ldb:], s)
	}
}

// gemvParallel is gemvBlocks with the blocks' sums computed on all
// threads (gemvBlocksParallel).
func gemvParallel(g *gemmPlan[float32]) {
	gemvBlocksParallel(g.k, g.c[:g.n], g.accumulate, func(pc, kc int, s []float32) {
		kern := g.kern.forRows(1)
		buf := getPack[float32]()
		defer putPack(buf)
		gemvRows(g, kern, (*buf)[:gemmKC*kern.mr], pc, kc, s)
	})
}

// gemvBlocksParallel is gemvBlocks with the kc blocks' sums computed on
// all threads, each block's rows(pc, kc, s) into its own zeroed s (a
// contiguous run of B's rows), and then added into c in block order, as
// gemvBlocks adds them: the same bits.
func gemvBlocksParallel(k int, c []float32, accumulate bool, rows func(pc, kc int, s []float32)) {
	n := len(c)
	blocks := (k + gemmKC - 1) / gemmKC
	sums := getF32(blocks * n)
	defer scratchF32.Put(sums)
	all := *sums
	parallelTiles(blocks, float64(n)*float64(k), func(b int) {
		pc := b * gemmKC
		s := all[b*n : (b+1)*n]
		clear(s)
		rows(pc, min(gemmKC, k-pc), s)
	})
	for b := range blocks {
		storeBlockSums(c, all[b*n:(b+1)*n], b == 0 && !accumulate)
	}
}

// gemvBlocksSplit reports whether a one-row product of k rows of n
// values is worth sharing among the threads by kc blocks.
func gemvBlocksSplit(n, k int) bool {
	return k > gemmKC && threads() > 1 && float64(n)*float64(k) >= gemvSplitWork
}

// gemvBlocks is the order of a one-row product's sums, which every
// one-row path keeps (so their bits are the tiled path's): per kc block,
// rows(pc, kc, s) adds the block's k rows into s, zeroed first, in
// increasing p; the block's sums are then stored into c (the first
// block, unless accumulating) or added to it.
func gemvBlocks(k int, c []float32, accumulate bool, rows func(pc, kc int, s []float32)) {
	sums := getF32(len(c))
	defer scratchF32.Put(sums)
	s := *sums
	for pc := 0; pc < k; pc += gemmKC {
		kc := min(gemmKC, k-pc)
		clear(s)
		rows(pc, kc, s)
		storeBlockSums(c, s, pc == 0 && !accumulate)
	}
}

// storeBlockSums puts one kc block's sums s into c: stored when first,
// else added (as the kernels store their first block and add the rest).
func storeBlockSums(c, s []float32, first bool) {
	if first {
		copy(c, s)
		return
	}
	for j := range c {
		c[j] += s[j]
	}
}
