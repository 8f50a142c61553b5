package tensor

import (
	"math"
	"sync"
)

// Depthwise convolution: groups == C (one input channel per group), any
// channel multiplier M/C. Each output plane is a weighted sum of kh*kw
// shifted copies of one input plane, so it is computed directly, a row at a
// time, without the implicit im2col of the GEMM path (whose K = kh*kw is far
// too short to amortise its packing, and whose M = multiplier wastes most of
// the micro-kernel's rows). The input rows a tile needs are first copied
// into a zero-padded scratch plane, so that every window is in bounds and
// the inner loops run over whole output rows with no edge cases.
//
// Summation order: every output element is 0 + Σ taps in increasing
// (ki, kj) order, each product rounded before it is added, then + bias.
// Padding taps add 0*w, as on the GEMM path, which leaves the sum as it
// was when w is finite. The GEMM path sums the same products in the same
// order from +0 (its K block never splits a depthwise window: kh*kw <=
// gemmKC is checked below), so the two agree bit for bit with the pure-Go
// GEMM kernel; the SIMD GEMM kernels fuse each product into its add (FMA),
// so against them the difference is within the usual accumulation bound.

// depthwise reports whether g is a depthwise convolution this kernel
// handles.
func (g *convGeom) depthwise() bool {
	if g.cg != 1 || g.groups != g.c || g.groups < 2 || g.kh*g.kw > gemmKC {
		return false
	}
	// dwRows copies a tile's input rows into a zero-padded plane of up to
	// hp x wp values; pads and dilations far beyond the image would make
	// that larger than the data itself, and the GEMM path never
	// materialises it.
	hp := (g.oh-1)*g.sh + (g.kh-1)*g.dh + 1
	wp := (g.ow-1)*g.sw + (g.kw-1)*g.dw + 1
	return float64(hp)*float64(wp) <= 4*float64(g.h*g.w+g.oh*g.ow)+4096
}

// depthwiseF32 computes y (N x M x OH x OW) from x and w (M x 1 x kh x kw)
// with an optional bias, on up to threads() goroutines over tiles of
// (image, output channel, row block).
func depthwiseF32(g *convGeom, x, w, bias, y []float32) { depthwiseRun(g, x, nil, w, bias, y, nil) }

// dwInts says how 8-bit stored integers enter the float kernel: as
// float32(v − zero), which tab holds for each of the 256 values.
type dwInts struct {
	tab  [256]float32
	zero int32
}

// depthwiseRun is depthwiseF32 for an input of float32 values or of 8-bit
// stored integers (read as in says); done, if set, is called with each
// finished tile, y[lo:hi] of output plane pl, while it is in cache.
func depthwiseRun[T float32 | int8 | uint8](g *convGeom, x []T, in *dwInts, w, bias, y []float32, done func(pl, lo, hi int)) {
	planes := g.n * g.m
	ohw := g.oh * g.ow
	hw := g.h * g.w
	kk := g.kh * g.kw
	blocks, rows := planeRowBlocks(g, planes)
	xf, _ := any(x).([]float32)
	var pp *dwPlanePlan
	if xf != nil {
		pp = dwPlanePlanFor(g)
	}
	plan := dwBlockPlanFor(g, rows)
	if xf != nil && done == nil && pp == nil && plan == nil && dwBlockedOK(g) {
		// Sixteen channels a vector: what the 3x3 kernels do not take.
		depthwiseBlocked(g, xf, w, bias, y)
		return
	}
	var tp *dwTapsPlan // from a pool: the tiles' closure would move it to the heap
	if !(g.kh == 3 && g.kw == 3) && dwTapsOK(g) {
		tp = dwTapsPlans.Get().(*dwTapsPlan)
		defer dwTapsPlans.Put(tp)
		tp.set(g)
	}
	tile := func(t int) {
		pl, b := t/blocks, t%blocks
		n, m := pl/g.m, pl%g.m
		c := m / g.mg
		out := y[pl*ohw : (pl+1)*ohw]
		r0, r1 := b*rows, min(g.oh, (b+1)*rows)
		// The plane kernels read a little around the plane: the first
		// and last planes of x may take the block kernels instead.
		at := (n*g.c + c) * hw
		if pp != nil && pp.around(at, hw, len(xf)) {
			var ep dwEpilogue
			ep.set(g, bias, m)
			dwPlaneRows(g, xf[at-pp.before:at+hw+pp.after], pp.before, w[m*kk:(m+1)*kk], out, r0, r1, pp, &ep)
		} else if plan != nil {
			var ep dwEpilogue
			ep.set(g, bias, m)
			dwRowsBlocks(g, x[(n*g.c+c)*hw:(n*g.c+c+1)*hw], in, w[m*kk:(m+1)*kk], out, r0, r1, plan, &ep)
		} else {
			dwRows(g, x[(n*g.c+c)*hw:(n*g.c+c+1)*hw], in, w[m*kk:(m+1)*kk], out, r0, r1, tp)
			tile := out[r0*g.ow : r1*g.ow]
			if bias != nil {
				addScalarF32(tile, bias[m])
			}
			if g.clip {
				clampF32(tile, tile, g.clipLo, g.clipHi)
			}
		}
		if done != nil {
			done(pl, pl*ohw+r0*g.ow, pl*ohw+r1*g.ow)
		}
	}
	work := float64(ohw) * float64(kk) * 2 * float64(planes)
	if xf != nil && done == nil && !dwSmallOff && dwSmallOK(g) {
		// Small planes: runs of planes through one kernel call each.
		small := dwSmallPlanes(g, xf)
		tab := dwSmallTabFor(g)
		runs := (small + dwSmallRun - 1) / dwSmallRun
		parallelTiles(runs, work, func(t int) {
			depthwiseSmall(g, xf, w, bias, y, tab, t*dwSmallRun, min(small, (t+1)*dwSmallRun))
		})
		for t := small * blocks; t < planes*blocks; t++ {
			tile(t)
		}
		return
	}
	parallelTiles(planes*blocks, work, tile)
}

// dwSmallRun is the planes one small-plane kernel call takes.
const dwSmallRun = 16

// dwSmallOff makes depthwise convolutions leave the small-plane kernel
// out (tests compare the paths).
var dwSmallOff bool

// planeRowBlocks cuts each of a depthwise convolution's output planes
// into blocks of rows rows for the threads: one block per plane unless
// there are too few planes to keep every worker busy.
func planeRowBlocks(g *convGeom, planes int) (blocks, rows int) {
	workers := threads()
	blocks = 1
	if planes < 4*workers {
		blocks = min(g.oh, (4*workers+planes-1)/planes)
	}
	rows = (g.oh + blocks - 1) / blocks
	return (g.oh + rows - 1) / rows, rows
}

// parallelTiles runs f(t) for every t in [0, tiles) on up to threads()
// goroutines (the caller's among them), or on the caller's alone when the
// work (flops) is small.
func parallelTiles(tiles int, work float64, f func(t int)) {
	workers := min(threads(), tiles)
	if work < 1<<16 || tiles >= maxQueueTiles {
		workers = 1
	}
	if workers <= 1 {
		for t := range tiles {
			f(t)
		}
		return
	}
	r := tileRuns.Get().(*tileRun)
	r.f = f
	defer func() { r.f = nil; tileRuns.Put(r) }()
	// Small tiles are handed out several at a time: each take moves its
	// share's cache line between cores, which costs about as much as a
	// tile of a few thousand operations.
	chunk := 1
	if perTile := work / float64(tiles); perTile < tileGrabWork {
		chunk = max(1, min(int(tileGrabWork/max(perTile, 1)), tiles/(4*workers)))
	}
	r.q.init(tiles, workers, int64(chunk))
	if sections.run(workers, r.loop) {
		return
	}
	r.wg.Add(workers - 1)
	for w := 1; w < workers; w++ {
		go r.worker(w)
	}
	r.loop(0)
	r.wg.Wait()
}

// tileRun hands out the tiles of one parallelTiles call; pooled, as a
// queue is half a kilobyte.
type tileRun struct {
	q  tileQueue
	f  func(t int)
	wg sync.WaitGroup
}

var tileRuns = sync.Pool{New: func() any { return new(tileRun) }}

// tileGrabWork is the work (operations) parallelTiles hands out per take
// at least, while that leaves four takes per worker.
const tileGrabWork = 1 << 15

func (r *tileRun) worker(w int) {
	r.loop(w)
	r.wg.Done()
}

func (r *tileRun) loop(w int) {
	for {
		lo, hi, ok := r.q.take(w)
		if !ok {
			return
		}
		for t := lo; t < hi; t++ {
			r.f(t)
		}
	}
}

// dwScratch holds *[]float32 padded planes for dwRows.
var dwScratch sync.Pool

// dwRows writes output rows [r0, r1) of one depthwise plane: x is the
// input plane (H x W), w the kh x kw filter, y the output plane.
func dwRows[T float32 | int8 | uint8](g *convGeom, x []T, in *dwInts, w, y []float32, r0, r1 int, tp *dwTapsPlan) {
	ow := g.ow
	// 3x3 rows are computed in whole blocks of 4 outputs (the SIMD row
	// kernels' width): owr outputs into a scratch row, of which the first
	// ow are kept; the extra windows read zero padding.
	owr := ow
	fused := g.kh == 3 && g.kw == 3
	if fused && haveDepthwiseSIMD && ow%4 != 0 {
		owr = (ow + 3) &^ 3
	}
	// The padded rows [p0, p1) and columns [0, wp) the windows of these
	// output rows read: padded (r, c) is x[r - pt, c - pl] or 0.
	wp := (owr-1)*g.sw + (g.kw-1)*g.dw + 1
	p0, p1 := r0*g.sh, (r1-1)*g.sh+(g.kh-1)*g.dh+1
	need := (p1-p0)*wp + owr
	if !fused && tp != nil && tp.n > 0 {
		dwRowsTaps(g, x, in, w, y, r0, r1, p0, p1, wp, tp)
		return
	}
	bp := getScratch[float32](&dwScratch, need)
	defer dwScratch.Put(bp)
	pad := (*bp)[:(p1-p0)*wp]
	rowBuf := (*bp)[(p1-p0)*wp : need]
	padTileRows(g, x, in, pad, p0, p1, wp)
	for oy := r0; oy < r1; oy++ {
		row := y[oy*ow : (oy+1)*ow]
		pr := (oy*g.sh - p0) * wp // first window row
		if fused {
			dh := g.dh * wp
			if owr == ow {
				dw3x3(row, pad[pr:], pad[pr+dh:], pad[pr+2*dh:], 0, g.sw, g.dw, (*[9]float32)(w))
			} else {
				dw3x3(rowBuf, pad[pr:], pad[pr+dh:], pad[pr+2*dh:], 0, g.sw, g.dw, (*[9]float32)(w))
				copy(row, rowBuf)
			}
			continue
		}
		clear(row)
		for ki := range g.kh {
			for kj := range g.kw {
				src := pad[pr+ki*g.dh*wp+kj*g.dw:]
				wt := w[ki*g.kw+kj]
				if g.sw == 1 {
					axpy(row, src, wt)
					continue
				}
				for i := range row {
					row[i] += wt * src[i*g.sw]
				}
			}
		}
	}
}

// dwTapsMax is the most taps the tap kernel takes (their offsets live on
// the stack).
const dwTapsMax = 64

// dwTapsPlan is what the tap kernel needs of a geometry, computed once
// per convolution: each tap's byte offset from an output row's first
// input, the column phases' width and the padded (phased) row pitch.
// dwTapsPlans recycles depthwiseRun's tap plans.
var dwTapsPlans = sync.Pool{New: func() any { return new(dwTapsPlan) }}

type dwTapsPlan struct {
	taps          [dwTapsMax]int32
	n             int // taps; 0: no plan
	phaseW, pitch int
}

// set fills p for g's unpadded-row width wp = (ow−1)·sw + (kw−1)·dw + 1.
func (p *dwTapsPlan) set(g *convGeom) {
	wp := (g.ow-1)*g.sw + (g.kw-1)*g.dw + 1
	p.phaseW, p.pitch = wp, wp
	if g.sw > 1 {
		p.phaseW = (wp + g.sw - 1) / g.sw
		p.pitch = p.phaseW * g.sw
	}
	p.n = g.kh * g.kw
	for ki := range g.kh {
		for kj := range g.kw {
			col := kj * g.dw
			p.taps[ki*g.kw+kj] = int32(4 * (ki*g.dh*p.pitch + col%g.sw*p.phaseW + col/g.sw))
		}
	}
}

// dwRowsTaps is dwRows through the tap kernel (any kernel size, stride and
// dilation): the padded rows [p0, p1) (wp values each) and, with a stride
// over columns, the same rows split into their column phases, so that
// every tap reads contiguous values; 16 values of slack after either,
// zeroed, for the kernel's whole-vector reads.
func dwRowsTaps[T float32 | int8 | uint8](g *convGeom, x []T, in *dwInts, w, y []float32, r0, r1, p0, p1, wp int, tp *dwTapsPlan) {
	padN := (p1 - p0) * wp
	phaseW, pitch := tp.phaseW, tp.pitch
	need := padN + 16
	if g.sw > 1 {
		need += (p1-p0)*pitch + 16
	}
	// Narrow unstrided rows are computed as one run over the padded
	// rows' "extended" columns (output (r, j) at r·wp + j, j < wp, the
	// others dropped): more of each vector's lanes are kept than row by
	// row when wp is under the rows' whole vectors.
	extLen := 0
	if g.sw == 1 && g.sh == 1 && wp < 16*((g.ow+15)/16) {
		extLen = (r1-r0-1)*wp + g.ow
		need += extLen
	}
	bp := getScratch[float32](&dwScratch, need)
	defer dwScratch.Put(bp)
	buf := (*bp)[:need]
	pad := buf[:padN]
	padTileRows(g, x, in, pad, p0, p1, wp)
	src := buf[:padN+16]
	clear(src[padN:])
	if g.sw > 1 {
		src = buf[padN+16:]
		for r := range p1 - p0 {
			row, out := pad[r*wp:(r+1)*wp], src[r*pitch:(r+1)*pitch]
			for ph := range g.sw {
				dst := out[ph*phaseW : (ph+1)*phaseW]
				i := 0
				if g.sw == 2 {
					i = evenF32Fast(dst, row[ph:])
				}
				for c := ph + i*g.sw; c < wp; c += g.sw {
					dst[i] = row[c]
					i++
				}
				clear(dst[i:]) // read only by lanes that are not stored
			}
		}
		clear(src[(p1-p0)*pitch:])
	}
	taps := tp.taps[:tp.n]
	if extLen > 0 {
		ext := buf[need-extLen:]
		dwTapsRows(ext, src, (r0-p0)*pitch, extLen, 1, 0, 0, taps, w)
		for r := r0; r < r1; r++ {
			copy(y[r*g.ow:(r+1)*g.ow], ext[(r-r0)*wp:])
		}
		return
	}
	dwTapsRows(y[r0*g.ow:], src, (r0*g.sh-p0)*pitch, g.ow, r1-r0, g.sh*pitch, g.ow, taps, w)
}

// dwEpilogue is what the block kernels do to a finished block of outputs:
// add bias (flags bit 0), then clamp to [lo, hi] (bit 1), as
// addScalarF32 and clampF32 would; eight copies of each, so the kernels
// load them as vectors.
type dwEpilogue struct {
	bias, lo, hi [8]float32
	flags        int64
}

func (e *dwEpilogue) set(g *convGeom, bias []float32, m int) {
	// Without a clamp, [-Inf, +Inf]: the plane kernels always clamp.
	for i := range e.lo {
		e.lo[i], e.hi[i] = float32(math.Inf(-1)), float32(math.Inf(1))
	}
	if bias != nil {
		for i := range e.bias {
			e.bias[i] = bias[m]
		}
		e.flags |= 1
	}
	if g.clip {
		for i := range e.lo {
			e.lo[i], e.hi[i] = g.clipLo, g.clipHi
		}
		e.flags |= 2
	}
}

// dwBlockPlan lays out the tiles of a 3x3 depthwise convolution (dilation
// 1, stride 1 or 2) for the block kernels: a tile of up to rows output
// rows pads its input rows into a plane wp values wide, and each output
// row is cut into 8-wide blocks, the last one shifted left to end at the
// row's end (it recomputes a few outputs, with the same bits) so that no
// block writes past its row. Rows narrower than a block go to a scratch
// plane of pitch 8 instead of the output.
type dwBlockPlan struct {
	rows, wp, pitch, nb int
	// tab: per block, in row order, the byte offsets of its window's
	// top-left value in the padded plane and of its outputs.
	tab []int32
}

type dwPlanKey struct{ sh, sw, ow, rows int }

// planCache holds plans by geometry, so steady-state runs allocate none:
// at most dwPlansMax of them (any further one is built per call), so the
// cache stays bounded.
type planCache[K comparable, P any] struct {
	mu sync.Mutex
	m  map[K]*P
}

func (c *planCache[K, P]) get(k K) *P {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.m[k]
}

// put keeps p unless the cache is full.
func (c *planCache[K, P]) put(k K, p *P) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[K]*P{}
	}
	if len(c.m) < dwPlansMax {
		c.m[k] = p
	}
}

// reset empties the cache (tests that build many geometries).
func (c *planCache[K, P]) reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	clear(c.m)
}

// dwPlans caches block plans, each of at most dwPlanMaxBlocks blocks.
var dwPlans planCache[dwPlanKey, dwBlockPlan]

const (
	dwPlansMax      = 64
	dwPlanMaxBlocks = 1 << 16
)

// dwBlockPlanFor returns the plan for tiles of rows output rows of g, or
// nil when the block kernels do not apply.
func dwBlockPlanFor(g *convGeom, rows int) *dwBlockPlan {
	if !haveDepthwiseBlocks() || g.kh != 3 || g.kw != 3 || g.dh != 1 || g.dw != 1 || (g.sw != 1 && g.sw != 2) {
		return nil
	}
	key := dwPlanKey{g.sh, g.sw, g.ow, rows}
	if p := dwPlans.get(key); p != nil {
		return p
	}
	owr := max(g.ow, 8)
	p := &dwBlockPlan{rows: rows, wp: (owr-1)*g.sw + 3, pitch: owr}
	// Offsets are int32 bytes: the padded plane and the output tile must
	// stay under 2 GiB (depthwise() bounds the plane by the data's size).
	if int64((rows-1)*g.sh+3)*int64(p.wp)*4+64 > 1<<31-1 || int64(rows)*int64(owr)*4 > 1<<31-1 {
		return nil
	}
	var cols []int
	for c := 0; c+8 <= owr; c += 8 {
		cols = append(cols, c)
	}
	if owr%8 != 0 {
		cols = append(cols, owr-8)
	}
	p.nb = len(cols)
	p.tab = make([]int32, 0, 2*rows*p.nb)
	for r := range rows {
		for _, c := range cols {
			p.tab = append(p.tab, int32((r*g.sh*p.wp+c*g.sw)*4), int32((r*p.pitch+c)*4))
		}
	}
	if rows*p.nb <= dwPlanMaxBlocks {
		dwPlans.put(key, p)
	}
	return p
}

// dwPlanePlan lists a 3x3 depthwise geometry's 16-wide output segments
// for the plane kernels (dwPlaneRows), eight int32s each: the byte offset
// c of the segment's first window column in an input row, three lane
// masks (stride 1: of the loads of columns c+l, c+1+l, c+2+l; stride 2: of
// the lanes' columns c+2l, c+2l+1, c+2l+2; a lane is set when its column
// lies in [0, w)), the byte offset of its outputs in an output row, their
// mask, and 1 when any lane is outside the row. The kernels' loads reach
// before values before an input row's start and after values past its
// end; those must be readable.
type dwPlanePlan struct {
	tab  []int32
	nseg int
	planeMargins
}

// planeMargins: how many values before a plane's first and after its
// last a plane kernel's loads reach.
type planeMargins struct{ before, after int }

// around reports whether a plane of hw values at x[at] has the margins
// inside x's n values.
func (m planeMargins) around(at, hw, n int) bool { return at >= m.before && at+hw+m.after <= n }

// dwPlanePlanKey is what a plane or quad plan depends on.
type dwPlanePlanKey struct{ w, ow, pl, sw int }

// dwPlanePlans caches plane plans.
var dwPlanePlans planCache[dwPlanePlanKey, dwPlanePlan]

// dwPlaneMargin bounds a plan's before and after: the zero row the
// kernels read for rows outside the plane has that much on each side.
const dwPlaneMargin = 64

// dwPlanePlanFor returns g's plane plan, or nil when the plane kernels do
// not apply.
func dwPlanePlanFor(g *convGeom) *dwPlanePlan {
	if !havePlaneKernels() || g.kh != 3 || g.kw != 3 || g.dh != 1 || g.dw != 1 || (g.sw != 1 && g.sw != 2) ||
		g.w+2*dwPlaneMargin > dwZeroRowLen || g.ow > dwZeroRowLen || g.pl > dwPlaneMargin || g.ow < 1 {
		return nil
	}
	key := dwPlanePlanKey{g.w, g.ow, g.pl, g.sw}
	if p := dwPlanePlans.get(key); p != nil {
		return p
	}
	inRow := func(c int) bool { return c >= 0 && c < g.w }
	// mask(c, step): the lanes l whose column c + step*l lies in the row.
	mask := func(c, step int) int32 {
		var m int32
		for l := range 16 {
			if inRow(c + step*l) {
				m |= 1 << l
			}
		}
		return m
	}
	p := &dwPlanePlan{nseg: (g.ow + 15) / 16}
	p.tab = make([]int32, 0, 8*p.nseg)
	first, last := 0, 0 // the columns the loads reach, relative to a row
	for j0 := 0; j0 < g.ow; j0 += 16 {
		c := j0*g.sw - g.pl
		var m [3]int32
		reach := c + 2 + 16 // stride 1: three 16-value loads at c, c+1, c+2
		if g.sw == 1 {
			m = [3]int32{mask(c, 1), mask(c+1, 1), mask(c+2, 1)}
		} else {
			m = [3]int32{mask(c, 2), mask(c+1, 2), mask(c+2, 2)}
			reach = c + 18 + 16 // 32 values at c and at c+2
		}
		first, last = min(first, c), max(last, reach)
		// Only the output lanes matter for the edge test: the others are
		// never stored.
		out := int32(1)<<min(16, g.ow-j0) - 1
		edge := int32(0)
		if m[0]&m[1]&m[2]&out != out {
			edge = 1
		}
		p.tab = append(p.tab, int32(c*4), m[0], m[1], m[2], 0, int32(j0*4), out, edge)
	}
	p.before, p.after = -first, max(0, last-g.w)
	if p.after > dwPlaneMargin {
		return nil
	}
	dwPlanePlans.put(key, p)
	return p
}

// dwRowsBlocks is dwRows through the block kernels, bias and clamp
// included (ep).
func dwRowsBlocks[T float32 | int8 | uint8](g *convGeom, x []T, in *dwInts, w, y []float32, r0, r1 int, p *dwBlockPlan, ep *dwEpilogue) {
	wp := p.wp
	p0, p1 := r0*g.sh, (r1-1)*g.sh+3
	// 16 values of slack: the stride-2 kernel reads one past a row.
	padN := (p1-p0)*wp + 16
	need := padN
	if p.pitch != g.ow {
		need += (r1 - r0) * p.pitch
	}
	bp := getScratch[float32](&dwScratch, need)
	defer dwScratch.Put(bp)
	pad := (*bp)[:padN]
	padTileRows(g, x, in, pad[:(p1-p0)*wp], p0, p1, wp)
	clear(pad[(p1-p0)*wp:])
	tab := p.tab[:2*(r1-r0)*p.nb]
	if p.pitch == g.ow {
		dwBlocks(g.sw, y[r0*g.ow:r1*g.ow], pad, tab, wp*4, (*[9]float32)(w), ep)
		return
	}
	out := (*bp)[padN:need]
	dwBlocks(g.sw, out, pad, tab, wp*4, (*[9]float32)(w), ep)
	for r := r0; r < r1; r++ {
		copy(y[r*g.ow:(r+1)*g.ow], out[(r-r0)*p.pitch:])
	}
}

// padTileRows writes the padded rows [p0, p1) of one input plane x into
// pad (wp values a row): padded (r, c) is x[r − pt, c − pl] read as in
// says, or 0. The rows inside the image take one call where the CPU has
// it (padRowsFast), the others a row at a time.
func padTileRows[T float32 | int8 | uint8](g *convGeom, x []T, in *dwInts, pad []float32, p0, p1, wp int) {
	lo, hi := min(g.pl, wp), min(g.pl+g.w, wp)
	iy0, iy1 := max(p0-g.pt, 0), min(p1-g.pt, g.h)
	if iy0 < iy1 && hi > lo && padRowsFast(pad[(iy0+g.pt-p0)*wp:], wp, x[iy0*g.w+lo-g.pl:], g.w, lo, hi-lo, iy1-iy0, in) {
		clear(pad[:(iy0+g.pt-p0)*wp])
		clear(pad[(iy1+g.pt-p0)*wp : (p1-p0)*wp])
		return
	}
	for r := p0; r < p1; r++ {
		dst := pad[(r-p0)*wp : (r-p0+1)*wp]
		iy := r - g.pt
		if iy < 0 || iy >= g.h || lo >= hi {
			clear(dst)
			continue
		}
		clear(dst[:lo])
		loadRow(dst[lo:hi], x[iy*g.w+lo-g.pl:], in)
		clear(dst[hi:])
	}
}

// loadRow copies len(dst) values of src into dst: float32 values as they
// are, 8-bit ones as in says.
func loadRow[T float32 | int8 | uint8](dst []float32, src []T, in *dwInts) {
	switch s := any(src).(type) {
	case []float32:
		copy(dst, s)
	case []uint8:
		s = s[:len(dst)]
		for i := bytesToF32Fast(dst, s, in.zero); i < len(dst); i++ {
			dst[i] = in.tab[s[i]]
		}
	case []int8:
		s = s[:len(dst)]
		for i := bytesToF32Fast(dst, s, in.zero); i < len(dst); i++ {
			dst[i] = in.tab[uint8(s[i])]
		}
	}
}

// axpy: d[i] += a * s[i].
func axpy(d, s []float32, a float32) {
	s = s[:len(d)]
	i := axpyFast(d, s, a)
	for ; i+4 <= len(d); i += 4 {
		dd := (*[4]float32)(d[i:])
		ss := (*[4]float32)(s[i:])
		dd[0] += a * ss[0]
		dd[1] += a * ss[1]
		dd[2] += a * ss[2]
		dd[3] += a * ss[3]
	}
	for ; i < len(d); i++ {
		d[i] += a * s[i]
	}
}

// dw3x3 computes out[i] = 0 + Σ taps of a 3x3 window whose three input rows
// start at s0, s1, s2, column (off + i*sw) + kj*dw, all in bounds.
func dw3x3(out, s0, s1, s2 []float32, off, sw, dw int, w *[9]float32) {
	w0, w1, w2, w3, w4, w5, w6, w7, w8 := w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7], w[8]
	span := (len(out)-1)*sw + 2*dw + 1
	// The stride-2 SIMD rows load one value past the last window: when the
	// rows go on (the scratch plane's next row), they may do every output.
	more := 0
	if sw == 2 && dw == 1 && len(s0) > off+span && len(s1) > off+span && len(s2) > off+span {
		more = 1
	}
	s0, s1, s2 = s0[off:off+span+more], s1[off:off+span+more], s2[off:off+span+more]
	if sw == 1 && dw == 1 {
		for i := dw3x3s1Fast(out, s0, s1, s2, w); i < len(out); i++ {
			a, b, c := s0[i:i+3], s1[i:i+3], s2[i:i+3]
			acc := float32(0)
			acc += a[0] * w0
			acc += a[1] * w1
			acc += a[2] * w2
			acc += b[0] * w3
			acc += b[1] * w4
			acc += b[2] * w5
			acc += c[0] * w6
			acc += c[1] * w7
			acc += c[2] * w8
			out[i] = acc
		}
		return
	}
	i := 0
	if sw == 2 && dw == 1 {
		i = dw3x3s2Fast(out, s0, s1, s2, w)
	}
	for ; i < len(out); i++ {
		j := i * sw
		acc := float32(0)
		acc += s0[j] * w0
		acc += s0[j+dw] * w1
		acc += s0[j+2*dw] * w2
		acc += s1[j] * w3
		acc += s1[j+dw] * w4
		acc += s1[j+2*dw] * w5
		acc += s2[j] * w6
		acc += s2[j+dw] * w7
		acc += s2[j+2*dw] * w8
		out[i] = acc
	}
}
