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

func gemvF32(g *gemmPlan[float32]) {
	n := g.n
	kern := g.kern.forRows(1)
	buf := getPack[float32]()
	defer putPack(buf)
	pa := (*buf)[:gemmKC*kern.mr]
	gemvBlocks(g.k, g.c[:n], g.accumulate, func(pc, kc int, s []float32) {
		// A's row for this block, as packA lays it out for kern: value p
		// at p*mr.
		g.packA(pa, kern, 0, 1, pc, kc)
		for p := range kc {
			faxpy(pa[p*kern.mr], g.bRows[(pc+p)*g.ldb:], s)
		}
	})
	g.addBias(0, 1, 0, n)
	if g.epilogue != nil {
		g.epilogue(0, 1, 0, n)
	}
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
		if pc == 0 && !accumulate {
			copy(c, s)
			continue
		}
		for j := range c {
			c[j] += s[j]
		}
	}
}
