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
	sums := getF32(n)
	defer scratchF32.Put(sums)
	s := *sums
	buf := getPack[float32]()
	defer putPack(buf)
	pa := (*buf)[:gemmKC*kern.mr]
	c := g.c[:n]
	for pc := 0; pc < g.k; pc += gemmKC {
		kc := min(gemmKC, g.k-pc)
		// A's row for this block, as packA lays it out for kern: value p
		// at p*mr.
		g.packA(pa, kern, 0, 1, pc, kc)
		clear(s)
		for p := range kc {
			faxpy(pa[p*kern.mr], g.bRows[(pc+p)*g.ldb:], s)
		}
		if pc == 0 && !g.accumulate {
			copy(c, s)
			continue
		}
		for j := range c {
			c[j] += s[j]
		}
	}
	g.addBias(0, 1, 0, n)
	if g.epilogue != nil {
		g.epilogue(0, 1, 0, n)
	}
}
