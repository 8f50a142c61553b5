package tensor

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
)

// GEMM structure (after BLIS / Goto): C is cut into tiles of at most
// gemmMC x gemmNC, which are the unit of parallel work; for each tile the K dimension is
// walked in gemmKC blocks, in increasing order. For each block the A rows
// of the tile are packed into MR-row panels ([kc][MR], contiguous) and
// the B columns into gemmNR-column panels ([kc][gemmNR]); a register-blocked
// micro-kernel (gemm_kernel.go) then computes each MR x gemmNR sub-tile
// over the kc block. MR is the kernel's (2 for pure Go; 3 or 6 for AVX2;
// 4, 8 or 12 for AVX-512, whichever pads M least), the kernel family is
// chosen once per process from the CPU; gemmNR is 16 for all. A row-major
// B (gemmPlan.bRows) is not packed for the SIMD kernels: they read its
// 16-column panels in place, which only changes where values are loaded
// from.
//
// Determinism: the value of C[i,j] depends only on its row of A, its column
// of B, K, the compile-time constant gemmKC and the kernel in use:
//
//	C[i,j] = (((init + s_0) + s_1) + ...)   where s_b = Σ_{p in block b} A[i,p]*B[p,j],
//
// each s_b summed in increasing p starting from 0 (each step rounded
// after the product by the pure-Go kernel, fused into one FMA by the SIMD
// kernels, which therefore agree with each other bit for bit), and init
// is C[i,j] (accumulate) or nothing (the first block's sum is stored).
// Tiles never split K and edge tiles run the same kernel on zero-padded
// panels, so the thread count and the tile a worker happens to take
// change nothing: results are bit-identical for every thread count.
const (
	gemmNR = 16
	gemmKC = 256
	gemmMC = 120 // a multiple of every kernel's MR
	gemmNC = 512
	// gemmMinStrip is the narrowest column strip run cuts a product into
	// for its threads.
	gemmMinStrip = 128
)

var gemmThreads atomic.Int32

// SetThreads sets how many goroutines GEMM-based kernels (MatMul, Conv2D,
// ...) use; n <= 0 means runtime.GOMAXPROCS(0) (the default, which is
// runtime.NumCPU() unless limited). It returns the previous setting.
// Results do not depend on it.
func SetThreads(n int) (prev int) {
	if n < 0 {
		n = 0
	}
	return int(gemmThreads.Swap(int32(n)))
}

func threads() int {
	if n := int(gemmThreads.Load()); n > 0 {
		return n
	}
	return runtime.GOMAXPROCS(0)
}

// Parallel calls f(t) for every t in [0, tiles), on up to the SetThreads
// number of goroutines (the caller's among them) when work (a count of
// basic operations) is large enough to pay for them, else on the caller's
// alone. Calls for different t may run at the same time, in any order.
func Parallel(tiles int, work float64, f func(t int)) { parallelTiles(tiles, work, f) }

type gemmElem interface{ float32 | int32 }

// gemmPlan describes one C = op(A) * op(B) product through packing callbacks.
type gemmPlan[T gemmElem] struct {
	m, n, k int
	// packA fills ceil(mc/k.mr) panels of kc*k.mr values with rows
	// [i0, i0+mc) and columns [p0, p0+kc) of op(A), zero-padding missing
	// rows (and keeping only low 16 bits when k.lo16).
	packA packAFunc[T]
	// aPanels, when set and packed for the kernel in use, replaces packA.
	aPanels *packedA[T]
	// packB fills ceil(nc/gemmNR) panels of kc*gemmNR values with rows
	// [p0, p0+kc) and columns [j0, j0+nc) of op(B), zero-padding missing
	// columns.
	packB func(dst []T, j0, nc, p0, kc int)
	// bRows, when set, is op(B) stored by rows (op(B)[p,j] =
	// bRows[p*ldb+j]): the SIMD kernels then read whole 16-column panels
	// in place and packB only packs the last, partial one.
	bRows []T
	ldb   int
	// bInd, when set (with bOff, k offsets), is op(B) read through row
	// offsets, op(B)[p,j] = bInd[bOff[p]+j], by kernels that have runInd:
	// nothing is packed. run checks that whole 16-column panels stay in
	// bInd (it needs slack past the last column).
	bInd       []T
	bOff       []int
	maxOff     int
	kern       *gemmKernel[T] // kernF32 or kernI32
	c          []T
	ldc        int
	accumulate bool // add to C instead of overwriting it
	// bias, when set (m values), is added to every element of row i after
	// its sum (C[i,j] = Σ + bias[i]), tile by tile while C is in cache.
	bias []T
	// clip, when set (float32 plans), clamps every element of C to
	// [clipLo, clipHi] after the bias, tile by tile (as clampF32).
	clip           bool
	clipLo, clipHi float32
	// res, when set (float32 plans), is a residual laid out as C (element
	// (i, j) at res[i·ldc + j]) added to each element after the bias and
	// before the clip, as its own first operand when resFirst (a fused
	// add: the same bits as the separate op).
	res      []float32
	resFirst bool
	// sharedB, when set, holds all of op(B) packed (kc block pc at
	// offset pc·n16, n16 being n rounded up to gemmNR, its panels in
	// column order), read instead of calling packB: packed by run for one
	// strip cut by rows, or set beforehand (a prepacked weight).
	sharedB []T
	// serial runs the product on the caller alone (it is one of several
	// workers already).
	serial bool
	// ownB (set by run): every tile is the one strip of all n columns;
	// each worker packs all of op(B) once into its own sharedB.
	ownB bool
	// tileC: C is not kept. Each worker computes a tile into its own
	// scratch (rows of nc values) and hands it to tileEpilogue, element
	// (i, j) at t[(i−i0)·ldt + j−j0]; g.c is not written. The scratch
	// stays in the worker's cache where a C of the whole product would
	// be written out and read back. No bias, clip or accumulate.
	tileC        bool
	tileEpilogue func(i0, i1, j0, j1 int, t []T, ldt int)
	// epilogue, when set, is called with each finished tile of C, rows
	// [i0, i1) by columns [j0, j1), while it is in cache (concurrently for
	// different tiles).
	epilogue func(i0, i1, j0, j1 int)
}

type packAFunc[T gemmElem] func(dst []T, k *gemmKernel[T], i0, mc, p0, kc int)

// elemPools holds one pool per element type: a float32 plan's buffers
// and an int32 plan's never mix.
type elemPools struct{ f32, i32 sync.Pool }

func (p *elemPools) of(isF32 bool) *sync.Pool {
	if isF32 {
		return &p.f32
	}
	return &p.i32
}

// forElem is p's pool for T.
func forElem[T gemmElem](p *elemPools) *sync.Pool {
	var zero T
	_, isF32 := any(zero).(float32)
	return p.of(isF32)
}

var (
	packPools    elemPools // a worker's A and B panels (getPack)
	tileCPools   elemPools // the tile scratch of tileC plans
	sharedBPools elemPools // the shared B panels of gemmPlan.run
)

func tileCPool[T gemmElem]() *sync.Pool   { return forElem[T](&tileCPools) }
func sharedBPool[T gemmElem]() *sync.Pool { return forElem[T](&sharedBPools) }

func getPack[T gemmElem]() *[]T {
	if v := forElem[T](&packPools).Get(); v != nil {
		return v.(*[]T)
	}
	const sz = gemmMC*gemmKC + gemmKC*(gemmNC+gemmNR) + gemmMaxMR*gemmNR
	s := make([]T, sz)
	return &s
}

func putPack[T gemmElem](p *[]T) { forElem[T](&packPools).Put(p) }

// gemmParallelMin is the multiply-adds below which a product runs on one
// thread.
const gemmParallelMin = 1 << 19

func (g *gemmPlan[T]) run() {
	m, n, k := g.m, g.n, g.k
	if m == 0 || n == 0 {
		return
	}
	if g.tileC && (k == 0 || g.accumulate || g.bias != nil || g.clip || g.res != nil || g.tileEpilogue == nil) {
		panic("tensor: gemm: a tile-local C needs k > 0, a tile epilogue and no bias, clip or accumulation")
	}
	if k == 0 {
		if !g.accumulate {
			for i := range m {
				clear(g.c[i*g.ldc : i*g.ldc+n])
			}
		}
		g.addBias(0, m, 0, n)
		if g.epilogue != nil {
			g.epilogue(0, m, 0, n)
		}
		return
	}
	if g.bInd != nil {
		if g.kern.forRows(m).runInd == nil || len(g.bOff) != k {
			panic("tensor: gemm: offset-read B without an offset kernel")
		}
		g.maxOff = 0
		for _, o := range g.bOff {
			if o < 0 {
				panic("tensor: gemm: negative B row offset")
			}
			g.maxOff = max(g.maxOff, o)
		}
		if len(g.bInd) < g.maxOff+(n+gemmNR-1)/gemmNR*gemmNR {
			panic(fmt.Sprintf("tensor: gemm: offset-read B panels run past its end: %d < %d + %d", len(g.bInd), g.maxOff, n))
		}
	}
	if gf, ok := any(g).(*gemmPlan[float32]); ok && gemvOK(gf) {
		gemvF32(gf)
		return
	}
	if gf, ok := any(g).(*gemmPlan[float32]); ok && gemvColOK(gf) {
		gemvColF32(gf)
		return
	}
	workers := threads()
	// Small products are not worth a second thread: handing half of one
	// over and reading back what the other core wrote costs several
	// microseconds on a VM, the time of about 2^18 multiply-adds, so only
	// products of twice that gain (a transformer's 16-token products,
	// 2^16 to 2^18 of them, ran 1.6 times as long on two threads as on
	// one).
	if work := float64(m) * float64(n) * float64(k); work < gemmParallelMin || g.serial {
		workers = 1
	}
	kern := g.kern.forRows(m)
	// A tile is a strip of columns over a run of gemmMC row blocks (all
	// of them unless the strips are too few to keep the workers busy), so
	// each B panel is packed once per strip rather than once per row
	// block. Tile sizes only partition C; they do not change any
	// element's summation order (only gemmKC does), so they may adapt to
	// the worker count: about four tiles per worker, cut first into
	// strips of even widths but no narrower than gemmMinStrip columns,
	// then by rows. Narrower strips would each end in a partial panel,
	// and a tile epilogue (requantization) runs per tile row: a 196-column
	// product cut into 64-column strips took longer on two threads than
	// on one.
	nc := gemmNC
	tn := (n + nc - 1) / nc
	switch {
	case workers > 1 && m >= 8*workers*kern.mr:
		tn = min(max(tn, 4*workers), max(tn, n/gemmMinStrip))
		nc = ((n+tn-1)/tn + gemmNR - 1) / gemmNR * gemmNR
		tn = (n + nc - 1) / nc
	case workers > 1:
		// Too few rows to cut: strips down to 64 columns. (Row tiles of
		// one strip would share one B, packed first: two sections, the
		// second reading what both threads packed.)
		for tn < 4*workers && nc > 64 {
			nc /= 2
			tn = (n + nc - 1) / nc
		}
	}
	// Row tiles are cut evenly, in whole MR panels (a 128-row product in
	// two is 64 + 64, not gemmMC + 8); tiles of more than gemmMC rows run
	// gemmMC rows at a time.
	rowTiles := 1
	if workers > 1 && tn < 2*workers {
		rowTiles = max(1, min((m+2*kern.mr-1)/(2*kern.mr), (4*workers+tn-1)/tn))
	}
	if tn == 1 && rowTiles > workers && g.bRows != nil && kern.goRun == nil {
		// One strip whose B is read in place, not packed: every tile
		// streams all of B from memory for its rows alone, so each
		// worker takes one tall tile (a 1x1 convolution 1568 -> 128 at
		// 7x7 took 133–163 µs at one thread and 126–178 at two in six
		// 24-row tiles, 100–108 in two).
		rowTiles = workers
	}
	mt := ((m+rowTiles-1)/rowTiles + kern.mr - 1) / kern.mr * kern.mr // rows per tile
	rowTiles = (m + mt - 1) / mt
	tiles := rowTiles * tn
	workers = min(workers, tiles)
	if tiles >= maxQueueTiles {
		workers = 1
	}
	if workers <= 1 {
		// No closure and no goroutine: one product allocates nothing
		// here (the pack buffers come from a pool).
		g.work(kern, nil, 0, tiles, tn, mt, nc)
		return
	}
	// The goroutines share copies, so g and the loop variables above do
	// not escape on the one-worker path.
	cp, cn, cmt, ccols := *g, tn, mt, nc
	if tn == 1 && rowTiles > 1 && g.sharedB == nil && g.bInd == nil && (g.bRows == nil || kern.goRun != nil) {
		// One strip cut by rows: every row tile would pack the same B
		// panels, so each worker packs them once, on its first tile, and
		// keeps them for the rest it takes. Packed once and shared, each
		// worker would read half of B from the other core's cache, which
		// on the benchmark VM cost more than packing it twice: an 8-bit
		// 1x1 convolution 1024 -> 256 at 14x14 took 147 µs at one thread,
		// 194–290 at two with B shared, 100–130 with a B per worker.
		cp.ownB = true
	}
	q := tileQueues.Get().(*tileQueue)
	defer tileQueues.Put(q)
	q.init(tiles, workers, 1)
	work := func(w int) { cp.work(kern, q, w, tiles, cn, cmt, ccols) }
	if sections.run(workers, work) {
		return
	}
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() { work(w) })
	}
	wg.Wait()
}

// work computes the tiles worker w takes from q (all of them, in order,
// when q is nil) with one pack buffer; tiles are mt rows by nc columns.
func (g *gemmPlan[T]) work(kern *gemmKernel[T], q *tileQueue, w, tiles, tn, mt, nc int) {
	buf := getPack[T]()
	pa := (*buf)[:gemmMC*gemmKC]
	pb := (*buf)[gemmMC*gemmKC : gemmMC*gemmKC+gemmKC*(gemmNC+gemmNR)]
	scratch := (*buf)[len(*buf)-gemmMaxMR*gemmNR:]
	var ct []T
	if g.tileC {
		cb := getScratch[T](tileCPool[T](), mt*((nc+gemmNR-1)/gemmNR*gemmNR))
		defer tileCPool[T]().Put(cb)
		ct = *cb
	}
	lo, hi, ok := 0, tiles, true
	if q != nil {
		lo, hi, ok = q.take(w)
	}
	if ok && g.ownB {
		own := *g
		own.ownB = false
		b := own.packAllB()
		defer sharedBPool[T]().Put(b)
		g = &own
	}
	for ok {
		for t := lo; t < hi; t++ {
			ic := (t / tn) * mt
			jc := (t % tn) * nc
			g.tile(kern, pa, pb, scratch, ct, ic, jc, min(mt, g.m-ic), min(nc, g.n-jc))
		}
		ok = false
		if q != nil {
			lo, hi, ok = q.take(w)
		}
	}
	putPack(buf)
}

// packAllB packs all of op(B) into a buffer from sharedBPool, in
// sharedB's layout, and sets g.sharedB to it; the caller puts the buffer
// back.
func (g *gemmPlan[T]) packAllB() *[]T {
	n16 := (g.n + gemmNR - 1) / gemmNR * gemmNR
	buf := getScratch[T](sharedBPool[T](), g.k*n16)
	shared := (*buf)[:g.k*n16]
	for pc := 0; pc < g.k; pc += gemmKC {
		kc := min(gemmKC, g.k-pc)
		g.packB(shared[pc*n16:], 0, g.n, pc, kc)
	}
	g.sharedB = shared
	return buf
}

// aPanelsFor returns the plan's prepacked A when it was packed for kern,
// else nil (then packA packs each block).
func (g *gemmPlan[T]) aPanelsFor(kern *gemmKernel[T]) []T {
	if g.aPanels == nil || g.aPanels.kern != kern.name || g.aPanels.mr != kern.mr || g.aPanels.m != g.m || g.aPanels.k != g.k {
		return nil
	}
	return g.aPanels.data
}

// tile computes C[ic:ic+mt, jc:jc+nc]: for each kc block it packs the B
// panels once and runs them against every gemmMC row block; scratch
// holds one MR x gemmNR tile for the kernel to write edge tiles into.
func (g *gemmPlan[T]) tile(kern *gemmKernel[T], pa, pb, scratch, ct []T, ic, jc, mt, nc int) {
	c, ldc := g.c, g.ldc
	// C element (i, j) is c[(i−ci)·ldc + j−cj]: the product's C, or with
	// tileC the tile's own scratch.
	ci, cj := 0, 0
	if g.tileC {
		c, ldc, ci, cj = ct, (nc+gemmNR-1)/gemmNR*gemmNR, ic, jc
	}
	mr := kern.mr
	inPlace := 0 // columns [0, inPlace) of the tile are read from bRows
	if g.bRows != nil && kern.goRun == nil {
		inPlace = nc / gemmNR * gemmNR
	}
	pre := g.aPanelsFor(kern)
	mPad := (g.m + mr - 1) / mr * mr
	narrowAt := -1 // the tile's last few columns, computed narrowly
	if kern.narrow && g.bInd == nil && nc%gemmNR != 0 && nc%gemmNR <= gemmNarrowCols {
		narrowAt = nc / gemmNR * gemmNR
	}
	// ncw is the columns the kernels compute: with a tile-local C, whose
	// rows hold whole panels, a partial last panel is computed whole
	// (its extra columns are never read, and B is readable that far), so
	// it goes with its neighbour through the two-panel kernel rather than
	// alone through scratch.
	ncw := nc
	if g.tileC && narrowAt < 0 {
		ncw = (nc + gemmNR - 1) / gemmNR * gemmNR
	}
	for pc := 0; pc < g.k; pc += gemmKC {
		kc := min(gemmKC, g.k-pc)
		switch {
		case g.sharedB != nil:
			// Block pc holds every column's panels; the strip's start at
			// jc (a whole number of panels in).
			n16 := (g.n + gemmNR - 1) / gemmNR * gemmNR
			pb = g.sharedB[pc*n16+jc*kc:]
		case inPlace < nc && g.bInd == nil:
			g.packB(pb, jc+inPlace, nc-inPlace, pc, kc)
		}
		acc := pc > 0 || g.accumulate
		for i0 := ic; i0 < ic+mt; i0 += gemmMC {
			mc := min(gemmMC, ic+mt-i0)
			var a []T
			if pre != nil {
				// Block pc of the prepacked A holds all mPad rows' panels.
				a = pre[pc*mPad+i0*kc:]
			} else {
				g.packA(pa, kern, i0, mc, pc, kc)
				a = pa
			}
			// panel locates B's 16 columns at jr (and its row stride, or
			// its row offsets).
			panel := func(jr int) (bp []T, ldb int, bOff []int) {
				ldb = gemmNR
				if jr < inPlace {
					bp, ldb = g.bRows[pc*g.ldb+jc+jr:], g.ldb
				} else {
					bp = pb[((jr-inPlace)/gemmNR)*kc*gemmNR:]
				}
				if g.bInd != nil {
					bp, bOff = g.bInd[jc+jr:], g.bOff[pc:pc+kc]
				}
				return bp, ldb, bOff
			}
			// narrow computes the MR x 16 tile at (ir, jr), an edge tile
			// through scratch.
			narrow := func(ir, jr int) {
				bp, ldb, bOff := panel(jr)
				nr := min(gemmNR, ncw-jr)
				ap := a[(ir/mr)*kc*mr:]
				off := (i0+ir-ci)*ldc + jc - cj + jr
				rows := min(mr, mc-ir)
				full := rows == mr && nr == gemmNR
				switch {
				case bOff != nil && full:
					kern.callInd(kc, ap, bp, c[off:], ldc, bOff, g.maxOff, acc)
					return
				case bOff != nil:
					kern.callInd(kc, ap, bp, scratch, gemmNR, bOff, g.maxOff, false)
				case full:
					kern.call(kc, ap, bp, c[off:], ldc, ldb, acc)
					return
				default:
					kern.call(kc, ap, bp, scratch, gemmNR, ldb, false)
				}
				for i := range rows {
					row := c[off+i*ldc : off+i*ldc+nr]
					s := scratch[i*gemmNR : i*gemmNR+nr]
					if acc {
						for j := range row {
							row[j] += s[j]
						}
					} else {
						copy(row, s)
					}
				}
			}
			// The last kc block of a row block of whole wide tiles adds
			// the bias and clamps in the kernels' store (run2Ex) instead
			// of addBias's pass over C.
			var ex epilogueEx
			if pc+kc >= g.k && kern.run2Ex != nil {
				ex = g.epilogueEx(i0, mc, mr, nc)
			}
			for jr := 0; jr < nc; jr += gemmNR {
				if jr == narrowAt {
					// A few last columns: not a mostly padded panel.
					bp, ldb, _ := panel(jr)
					gemmNarrow(kc, mr, mc, a, bp, ldb, nc-jr, c[(i0-ci)*ldc+jc-cj+jr:], ldc, acc)
					continue
				}
				// Two whole panels of one layout go through the wide
				// kernel where there is one (same bits as two calls).
				wide := jr+2*gemmNR <= ncw && (jr < inPlace) == (jr+gemmNR < inPlace) &&
					((g.bInd == nil && kern.run2 != nil) || (g.bInd != nil && kern.runInd2 != nil))
				if !wide {
					for ir := 0; ir < mc; ir += mr {
						narrow(ir, jr)
					}
					continue
				}
				bp, ldb, bOff := panel(jr)
				for ir := 0; ir < mc; ir += mr {
					if mc-ir < mr {
						narrow(ir, jr)
						narrow(ir, jr+gemmNR)
						continue
					}
					ap := a[(ir/mr)*kc*mr:]
					off := (i0+ir-ci)*ldc + jc - cj + jr
					if bOff != nil {
						kern.callInd2(kc, ap, bp, c[off:], ldc, bOff, g.maxOff, acc)
					} else if ex.on {
						bias := zeroBias[:]
						if ex.bias != nil {
							bias = ex.bias[ir:]
						}
						kern.call2Ex(kc, ap, bp, c[off:], ldc, ldb, acc, bias, g.clipLo, g.clipHi, ex.flags)
					} else {
						kern.call2(kc, ap, bp, c[off:], ldc, ldb, acc)
					}
				}
				jr += gemmNR
			}
			if pc+kc >= g.k && !g.tileC && !ex.on {
				// The row block's sums are final: bias and clip while
				// they are in cache, not after the whole tile (up to
				// hundreds of kilobytes of C).
				g.addBias(i0, i0+mc, jc, jc+nc)
			}
		}
	}
	if g.tileC {
		g.tileEpilogue(ic, min(ic+mt, g.m), jc, min(jc+nc, g.n), c, ldc)
		return
	}
	if g.epilogue != nil {
		g.epilogue(ic, min(ic+mt, g.m), jc, min(jc+nc, g.n))
	}
}

// epilogueEx is how a row block's wide kernels finish the product
// (run2Ex), when on: the biases of its rows (nil: none) and the flags.
type epilogueEx struct {
	on    bool
	bias  []float32
	flags int
}

// zeroBias stands for the bias of a product without one (never read).
var zeroBias [gemmMaxMR]float32

// epilogueEx returns the run2Ex epilogue for rows [i0, i0+mc) of a tile
// nc wide, off when addBias must run instead: on only for a float32 C
// kept whole, with a bias or a clip and no residual, B read in rows (no
// offsets), mc a multiple of mr and nc of the wide kernels' 32 columns
// (every tile then goes through them).
func (g *gemmPlan[T]) epilogueEx(i0, mc, mr, nc int) epilogueEx {
	if g.tileC || g.res != nil || g.bInd != nil || (g.bias == nil && !g.clip) || mc%mr != 0 || nc%(2*gemmNR) != 0 {
		return epilogueEx{}
	}
	if _, ok := any(g.c).([]float32); !ok {
		return epilogueEx{}
	}
	e := epilogueEx{on: true}
	if b, _ := any(g.bias).([]float32); b != nil {
		e.bias, e.flags = b[i0:i0+mc], 1
	}
	if g.clip {
		e.flags |= 2
	}
	return e
}

// biasClipRow adds b to row (when bias) and then clamps it to [lo, hi]
// (when clip): one pass where the CPU has it, the tail element by element.
func biasClipRow(row []float32, b float32, bias, clip bool, lo, hi float32) {
	n := biasClipFast(row, b, bias, clip, lo, hi)
	if len(row)-n >= 16 {
		// A long rest (no AVX2): addScalarF32's and clampF32's passes.
		rest := row[n:]
		if bias {
			addScalarF32(rest, b)
		}
		if clip {
			clampF32(rest, rest, lo, hi)
		}
		return
	}
	// A short tail (a 7x7 row's last value): in line, as addScalarF32 and
	// clampF32 compute it, without their calls.
	for i := n; i < len(row); i++ {
		v := row[i]
		if bias {
			v += b
		}
		if clip {
			v = clampTo(v, lo, hi)
		}
		row[i] = v
	}
}

// biasResClipRow is biasClipRow with a residual between the bias and the
// clamp: row[i] = clamp((row[i] + b) + res[i]), the residual the first
// operand of its addition when resFirst (the order of the fused add's
// operands, which decides which NaN a sum of two NaNs keeps).
func biasResClipRow(row, res []float32, b float32, bias, resFirst, clip bool, lo, hi float32) {
	res = res[:len(row)]
	n := biasResClipFast(row, res, b, bias, resFirst, clip, lo, hi)
	for i := n; i < len(row); i++ {
		v := row[i]
		if bias {
			v += b
		}
		if resFirst {
			v = res[i] + v
		} else {
			v += res[i]
		}
		if clip {
			v = clampTo(v, lo, hi)
		}
		row[i] = v
	}
}

// addBias adds bias[i] to C[i, j0:j1] for rows [i0, i1), if there is a
// bias, then applies the clip, if there is one.
func (g *gemmPlan[T]) addBias(i0, i1, j0, j1 int) {
	if c, ok := any(g.c).([]float32); ok && (g.bias != nil || g.clip || g.res != nil) {
		// Bias and clamp in one pass where the CPU has it, a row's tail
		// element by element.
		bias, _ := any(g.bias).([]float32)
		for i := i0; i < i1; i++ {
			var b float32
			if bias != nil {
				b = bias[i]
			}
			row := c[i*g.ldc+j0 : i*g.ldc+j1]
			if g.res != nil {
				biasResClipRow(row, g.res[i*g.ldc+j0:i*g.ldc+j1], b, bias != nil, g.resFirst, g.clip, g.clipLo, g.clipHi)
				continue
			}
			biasClipRow(row, b, bias != nil, g.clip, g.clipLo, g.clipHi)
		}
		return
	}
	if g.bias == nil {
		return
	}
	for i := i0; i < i1; i++ {
		b := g.bias[i]
		row := g.c[i*g.ldc+j0 : i*g.ldc+j1]
		j := 0
		if r, ok := any(row).([]int32); ok {
			j = addScalarI32Fast(r, any(b).(int32))
		}
		for ; j < len(row); j++ {
			row[j] += b
		}
	}
}

// packedA is a whole op(A) packed once for one kernel (see packAll), so
// that repeated products with the same A (a convolution's weights run
// after run) skip packing it.
type packedA[T gemmElem] struct {
	kern string // the kernel's name and MR it was packed for
	mr   int
	m, k int
	// data holds, for each kc block at pc (in increasing pc), the
	// ceil(m/mr) MR-row panels of rows [0, m) at offset pc*mPad, mPad
	// being m rounded up to a multiple of mr: what packA writes for
	// i0 = 0, mc = m.
	data []T
}

// packAll packs an m x k op(A) through packA for the kernel plans of m
// rows use (kern.forRows(m)).
func packAll[T gemmElem](kern *gemmKernel[T], m, k int, packA packAFunc[T]) *packedA[T] {
	kr := kern.forRows(m)
	mPad := (m + kr.mr - 1) / kr.mr * kr.mr
	// 16 values of slack: the narrow kernels load 16 values from a
	// panel's last k step.
	p := &packedA[T]{kern: kr.name, mr: kr.mr, m: m, k: k, data: make([]T, mPad*k+16)[:mPad*k]}
	for pc := 0; pc < k; pc += gemmKC {
		packA(p.data[pc*mPad:], kr, 0, m, pc, min(gemmKC, k-pc))
	}
	return p
}

// packA32 packs op(A) where op(A)[i,p] = a[i*lda+p] (trans=false) or
// a[p*lda+i] (trans=true), scaling by alpha unless alpha == 1.
func packA32(a []float32, lda int, trans bool, alpha float32) packAFunc[float32] {
	return func(dst []float32, k *gemmKernel[float32], i0, mc, p0, kc int) {
		mr := k.mr
		for ir := 0; ir < mc; ir += mr {
			d := dst[(ir/mr)*kc*mr:][: kc*mr : kc*mr]
			rows := min(mr, mc-ir)
			if trans {
				// Each k row of the panel is contiguous in a.
				for p := range kc {
					src := a[(p0+p)*lda+i0+ir:][:rows]
					dd := d[p*mr : (p+1)*mr]
					copy(dd, src)
					clear(dd[rows:])
				}
			} else {
				r := 0
				// Four rows at a time: sequential reads of four rows and
				// 16-byte runs of writes.
				for ; r+4 <= rows; r += 4 {
					base := (i0+ir+r)*lda + p0
					r0, r1 := a[base:][:kc], a[base+lda:][:kc]
					r2, r3 := a[base+2*lda:][:kc], a[base+3*lda:][:kc]
					for p := range kc {
						dd := (*[4]float32)(d[p*mr+r:])
						dd[0], dd[1], dd[2], dd[3] = r0[p], r1[p], r2[p], r3[p]
					}
				}
				for ; r < rows; r++ {
					row := a[(i0+ir+r)*lda+p0:][:kc]
					for p, v := range row {
						d[p*mr+r] = v
					}
				}
				for r := rows; r < mr; r++ {
					for p := range kc {
						d[p*mr+r] = 0
					}
				}
			}
			if alpha != 1 {
				for p := range d {
					d[p] *= alpha
				}
			}
		}
	}
}

// packB32 packs op(B) where op(B)[p,j] = b[p*ldb+j] (trans=false) or
// b[j*ldb+p] (trans=true).
func packB32(b []float32, ldb int, trans bool) func(dst []float32, j0, nc, p0, kc int) {
	return func(dst []float32, j0, nc, p0, kc int) {
		for jr := 0; jr < nc; jr += gemmNR {
			d := dst[(jr/gemmNR)*kc*gemmNR:][: kc*gemmNR : kc*gemmNR]
			cols := min(gemmNR, nc-jr)
			j := j0 + jr
			switch {
			case !trans && cols == gemmNR:
				for p := range kc {
					*(*[gemmNR]float32)(d[p*gemmNR:]) = *(*[gemmNR]float32)(b[(p0+p)*ldb+j:])
				}
			case trans:
				for c := range cols {
					col := b[(j+c)*ldb+p0:][:kc]
					for p, v := range col {
						d[p*gemmNR+c] = v
					}
				}
				for c := cols; c < gemmNR; c++ {
					for p := range kc {
						d[p*gemmNR+c] = 0
					}
				}
			default:
				for p := range kc {
					dd := d[p*gemmNR : (p+1)*gemmNR]
					copy(dd, b[(p0+p)*ldb+j:][:cols])
					clear(dd[cols:])
				}
			}
		}
	}
}

// gemmInPlaceB lets the SIMD kernels read a row-major B in place.
var gemmInPlaceB = true

func bRowsIf[T gemmElem](ok bool, b []T) []T {
	if ok {
		return b
	}
	return nil
}

func checkMat(name string, s int, rows, cols, ld int) error {
	if rows < 0 || cols < 0 {
		return fmt.Errorf("tensor: gemm: negative dimension for %s", name)
	}
	if rows == 0 || cols == 0 {
		return nil
	}
	if ld < cols {
		return fmt.Errorf("tensor: gemm: leading dimension %d of %s < %d", ld, name, cols)
	}
	if need := (rows-1)*ld + cols; s < need {
		return fmt.Errorf("tensor: gemm: %s has %d elements, needs %d", name, s, need)
	}
	return nil
}

// Sgemm computes C = alpha * op(A) * op(B) + beta * C for row-major float32
// matrices, where op(A) is m x k (A is stored m x k with leading dimension
// lda, or k x m when transA) and op(B) is k x n (B stored k x n, or n x k
// when transB); C is m x n with leading dimension ldc.
//
// It is multi-threaded (see SetThreads) and deterministic: every C element
// is computed as described at gemmKC in gemm.go, independent of the thread
// count. alpha is applied to A's elements as they are packed (not at all
// when alpha == 1); beta == 0 means C is not read (NaNs in C are ignored),
// beta == 1 accumulates, other values scale C first.
func Sgemm(transA, transB bool, m, n, k int, alpha float32, a []float32, lda int,
	b []float32, ldb int, beta float32, c []float32, ldc int) error {
	ar, ac := m, k
	if transA {
		ar, ac = k, m
	}
	br, bc := k, n
	if transB {
		br, bc = n, k
	}
	if err := checkMat("A", len(a), ar, ac, lda); err != nil {
		return err
	}
	if err := checkMat("B", len(b), br, bc, ldb); err != nil {
		return err
	}
	if err := checkMat("C", len(c), m, n, ldc); err != nil {
		return err
	}
	if beta != 0 && beta != 1 {
		for i := range m {
			row := c[i*ldc : i*ldc+n]
			for j := range row {
				row[j] *= beta
			}
		}
	}
	if alpha == 0 {
		if beta == 0 {
			for i := range m {
				clear(c[i*ldc : i*ldc+n])
			}
		}
		return nil
	}
	// A recycled plan: a small product's plan would otherwise be its
	// largest allocation.
	g := f32Plans.Get().(*gemmPlan[float32])
	*g = gemmPlan[float32]{
		m: m, n: n, k: k,
		packA:      packA32(a, lda, transA, alpha),
		packB:      packB32(b, ldb, transB),
		kern:       kernF32,
		bRows:      bRowsIf(!transB && gemmInPlaceB, b),
		ldb:        ldb,
		c:          c,
		ldc:        ldc,
		accumulate: beta != 0,
	}
	g.run()
	*g = gemmPlan[float32]{}
	f32Plans.Put(g)
	return nil
}

// f32Plans recycles Sgemm's plans.
var f32Plans = sync.Pool{New: func() any { return new(gemmPlan[float32]) }}

// GemmInt8 computes, in int32 with two's-complement wrap-around,
//
//	C[i,j] (+)= Σ_p (A[i,p] - aZero[i]) * (B[p,j] - bZero[j])
//
// for row-major A (m x k, leading dimension lda) and B (k x n, ldb) of
// int8 or uint8 elements, as ONNX MatMulInteger / ConvInteger define it.
// aZero has 0 (no zero point), 1 (per tensor) or m (per row) entries; bZero
// 0, 1 or n (per column). With accumulate the products are added to C.
// Like Sgemm it is multi-threaded and deterministic (integer sums are exact
// modulo 2^32 anyway).
func GemmInt8[TA, TB int8 | uint8](m, n, k int, a []TA, lda int, aZero []int32,
	b []TB, ldb int, bZero []int32, c []int32, ldc int, accumulate bool) error {
	if err := checkMat("A", len(a), m, k, lda); err != nil {
		return err
	}
	if err := checkMat("B", len(b), k, n, ldb); err != nil {
		return err
	}
	if err := checkMat("C", len(c), m, n, ldc); err != nil {
		return err
	}
	if l := len(aZero); l > 1 && l != m {
		return fmt.Errorf("tensor: gemm: %d A zero points for %d rows", l, m)
	}
	if l := len(bZero); l > 1 && l != n {
		return fmt.Errorf("tensor: gemm: %d B zero points for %d columns", l, n)
	}
	kern := kernI32
	if !fitsInt16(aZero) || !fitsInt16(bZero) {
		kern = &goKernI32
	}
	packA, packB, kp := packAInt(a, lda, aZero), packBInt(b, ldb, bZero), k
	if pairsFor(kern) {
		packA, packB, kp = packAIntPairs(a, lda, k, aZero), packBIntPairs(b, ldb, k, bZero), (k+1)/2
	}
	g := quadPlans.Get().(*gemmPlan[int32])
	*g = gemmPlan[int32]{
		m: m, n: n, k: kp,
		packA:      packA,
		packB:      packB,
		kern:       kern,
		c:          c,
		ldc:        ldc,
		accumulate: accumulate,
	}
	g.run()
	*g = gemmPlan[int32]{}
	quadPlans.Put(g)
	return nil
}

// fitsInt16 reports whether every 8-bit value minus any of the zero
// points z lies in int16 range, as the lo16 kernels need.
func fitsInt16(z []int32) bool {
	for _, v := range z {
		if v < -32512 || v > 32512 {
			return false
		}
	}
	return true
}

func zeroAt(z []int32, i int) int32 {
	switch len(z) {
	case 0:
		return 0
	case 1:
		return z[0]
	}
	return z[i]
}

// packAInt packs rows of a row-major integer A, subtracting zero points
// (aZero: none, per tensor or per row). For lo16 kernels it keeps the low
// 16 bits of each difference, zero-extended.
func packAInt[TA int8 | uint8](a []TA, lda int, aZero []int32) packAFunc[int32] {
	return func(dst []int32, k *gemmKernel[int32], i0, mc, p0, kc int) {
		mr := k.mr
		mask := int32(-1)
		if k.lo16 {
			mask = 0xffff
		}
		for ir := 0; ir < mc; ir += mr {
			d := dst[(ir/mr)*kc*mr:][: kc*mr : kc*mr]
			r0 := 0
			if len(aZero) <= 1 {
				z := zeroAt(aZero, 0)
				for ; r0+4 <= min(mr, mc-ir); r0 += 4 {
					base := (i0+ir+r0)*lda + p0
					a0, a1 := a[base:][:kc], a[base+lda:][:kc]
					a2, a3 := a[base+2*lda:][:kc], a[base+3*lda:][:kc]
					for p := range kc {
						dd := (*[4]int32)(d[p*mr+r0:])
						dd[0] = (int32(a0[p]) - z) & mask
						dd[1] = (int32(a1[p]) - z) & mask
						dd[2] = (int32(a2[p]) - z) & mask
						dd[3] = (int32(a3[p]) - z) & mask
					}
				}
			}
			for r := r0; r < mr; r++ {
				if ir+r >= mc {
					for p := range kc {
						d[p*mr+r] = 0
					}
					continue
				}
				i := i0 + ir + r
				z := zeroAt(aZero, i)
				row := a[i*lda+p0:][:kc]
				for p, v := range row {
					d[p*mr+r] = (int32(v) - z) & mask
				}
			}
		}
	}
}

// packBInt packs columns of a row-major integer B, subtracting zero points
// (bZero: none, per tensor or per column).
func packBInt[TB int8 | uint8](b []TB, ldb int, bZero []int32) func(dst []int32, j0, nc, p0, kc int) {
	return func(dst []int32, j0, nc, p0, kc int) {
		for jr := 0; jr < nc; jr += gemmNR {
			d := dst[(jr/gemmNR)*kc*gemmNR:][: kc*gemmNR : kc*gemmNR]
			if len(bZero) <= 1 && nc-jr >= gemmNR {
				z := zeroAt(bZero, 0)
				for p := range kc {
					src := (*[gemmNR]TB)(b[(p0+p)*ldb+j0+jr:])
					dd := (*[gemmNR]int32)(d[p*gemmNR:])
					for c, v := range src {
						dd[c] = int32(v) - z
					}
				}
				continue
			}
			for p := range kc {
				row := b[(p0+p)*ldb:]
				for cc := range gemmNR {
					j := j0 + jr + cc
					if jr+cc < nc {
						d[p*gemmNR+cc] = int32(row[j]) - zeroAt(bZero, j)
					} else {
						d[p*gemmNR+cc] = 0
					}
				}
			}
		}
	}
}
