package tensor

import (
	"sync"
	"unsafe"
)

// Integer depthwise convolution through the float32 depthwise kernel
// (conv_depthwise.go): x − xZero and w − wZero are small integers, and
// when a window's kh·kw·max|x − xZero|·max|w − wZero| is at most 2^24
// every product and every partial sum is an integer float32 represents
// exactly, so the float sum, in any order, fused or not, is the exact
// integer the wrap-around int32 sum gives (which then cannot wrap).

// depthwiseIntExact reports whether depthwiseInt8 is exact for g with
// these weights: x's stored values span xLo..xHi.
func depthwiseIntExact[TW int8 | uint8](g *convGeom, xLo, xHi, xZero int32, w []TW, wZero []int32) bool {
	if !g.depthwise() {
		return false
	}
	mx := int64(max(abs32(xLo-xZero), abs32(xHi-xZero)))
	kk := g.kh * g.kw
	var mw int64
	for m := range g.m {
		z := zeroAt32(wZero, m)
		for _, v := range w[m*kk : (m+1)*kk] {
			mw = max(mw, int64(abs32(int32(v)-z)))
		}
	}
	return int64(kk)*mx*mw <= 1<<24
}

func abs32(v int32) int32 {
	if v < 0 {
		return -v
	}
	return v
}

// depthwiseF32Bufs holds *[]float32 weights converted for depthwiseInt8.
var depthwiseF32Bufs sync.Pool

// depthwiseInt8 writes the depthwise convolution's exact int32 sums into
// acc (depthwiseIntExact must hold). The float sums are computed in acc's
// own memory and converted in place, a tile at a time; with req, each
// tile is also requantized while it is in cache.
func depthwiseInt8[TX, TW int8 | uint8](g *convGeom, acc []int32, x []TX, xZero int32, w []TW, wZero []int32, req *tileRequant) {
	bp, _ := depthwiseF32Bufs.Get().(*[]float32)
	if bp == nil || cap(*bp) < len(w) {
		s := make([]float32, len(w))
		bp = &s
	}
	defer depthwiseF32Bufs.Put(bp)
	wf := (*bp)[:len(w)]
	// The kernel reads x − xZero while it pads rows.
	in := &dwInts{zero: xZero}
	for v := range 256 {
		in.tab[uint8(v)] = float32(int32(TX(v)) - xZero)
	}
	kk := g.kh * g.kw
	for m := range g.m {
		z := zeroAt32(wZero, m)
		for j, v := range w[m*kk : (m+1)*kk] {
			wf[m*kk+j] = float32(int32(v) - z)
		}
	}
	if len(acc) == 0 {
		return
	}
	y := unsafe.Slice((*float32)(unsafe.Pointer(&acc[0])), len(acc))
	done := func(pl, lo, hi int) {
		// Exact integers of magnitude <= 2^24.
		t := y[lo:hi]
		for i := f32ToI32Fast(t); i < len(t); i++ {
			acc[lo+i] = int32(t[i])
		}
		if req != nil {
			req.span(lo, hi, pl%g.m)
		}
	}
	planes := g.n * g.m
	if _, rows := planeRowBlocks(g, planes); dwBlockPlanFor(g, rows) == nil && !g.clip && dwBlockedOK(g) {
		// What no row kernel takes (5x5 windows on small planes) runs
		// sixteen channels a vector on x − xZero in float32: the sums are
		// integers under 2^24, exact in any order.
		xb := getF32(len(x))
		defer scratchF32.Put(xb)
		xf := (*xb)[:len(x)]
		for i := bytesToF32Fast(xf, x, xZero); i < len(x); i++ {
			xf[i] = in.tab[uint8(x[i])]
		}
		depthwiseBlocked(g, xf, wf, nil, y)
		ohw := g.oh * g.ow
		parallelTiles(planes, float64(len(y)), func(pl int) { done(pl, pl*ohw, (pl+1)*ohw) })
		return
	}
	depthwiseRun(g, x, in, wf, nil, y, done)
}

// convDepthwiseInt8 runs depthwiseInt8 when x and w are 8-bit and it is
// exact, and reports whether it did.
func convDepthwiseInt8(g *convGeom, acc []int32, x *Tensor, xZero int32, w *Tensor, wZero []int32, req *tileRequant) bool {
	switch xv := x.data.(type) {
	case []int8:
		return convDepthwiseInt8W(g, acc, xv, -128, 127, xZero, w, wZero, req)
	case []uint8:
		return convDepthwiseInt8W(g, acc, xv, 0, 255, xZero, w, wZero, req)
	}
	return false
}

func convDepthwiseInt8W[TX int8 | uint8](g *convGeom, acc []int32, x []TX, xLo, xHi, xZero int32, w *Tensor, wZero []int32, req *tileRequant) bool {
	switch wv := w.data.(type) {
	case []int8:
		if depthwiseIntExact(g, xLo, xHi, xZero, wv, wZero) {
			depthwiseInt8(g, acc, x, xZero, wv, wZero, req)
			return true
		}
	case []uint8:
		if depthwiseIntExact(g, xLo, xHi, xZero, wv, wZero) {
			depthwiseInt8(g, acc, x, xZero, wv, wZero, req)
			return true
		}
	}
	return false
}

// 3x3 depthwise convolutions (dilation 1, stride 1 or 2) on the VNNI quad
// kernel (dw3x3QuadRows): each output lane sums, per kernel row, four
// input bytes (the window's three and one more) times the row's three
// weights and a zero, read as the quad GEMM reads them (qquads.go): input
// bytes unsigned (int8 flipped, its zero point with it), weights signed
// with zero point 0, the zero point's share −zx·Σw added once. Exact, as
// int32 sums are: the same values as the other paths.

// dwWeightQuads is a depthwise weight as dwQuadsRun reads it: per
// channel its three row quads, then the share −zu·Σw of the input zero
// point zu; flip: the weight bytes were read as uint8 less 128.
type dwWeightQuads struct {
	zu   int32
	flip bool
	wq   []int32
}

// dwQuadWeights fills wq (4 per channel) from the 3x3 depthwise weight w.
func dwQuadWeights(wq []int32, w *Tensor, wflip bool, zu int32) {
	wf := byte(0)
	if wflip {
		wf = 0x80
	}
	for m := range len(wq) / 4 {
		var row [9]byte
		switch wv := w.data.(type) {
		case []int8:
			for i, v := range wv[m*9 : (m+1)*9] {
				row[i] = byte(v) ^ wf
			}
		case []uint8:
			for i, v := range wv[m*9 : (m+1)*9] {
				row[i] = byte(v) ^ wf
			}
		}
		var sum int32
		for ki := range 3 {
			wq[4*m+ki] = quadWord(row[3*ki], row[3*ki+1], row[3*ki+2], 0, 0)
			sum += int32(int8(row[3*ki])) + int32(int8(row[3*ki+1])) + int32(int8(row[3*ki+2]))
		}
		wq[4*m+3] = -zu * sum
	}
}

// dwQuadBufs holds *[]byte padded input rows for convDepthwiseQuads.
var dwQuadBufs sync.Pool

// convDepthwiseQuads runs the depthwise convolution on the quad kernel
// when the CPU, the geometry and the weight allow it, and reports whether
// it did; with req each finished tile is requantized while in cache. pw,
// when not nil, is w packed: it keeps the weight's row quads.
func convDepthwiseQuads(g *convGeom, acc []int32, x *Tensor, xZero int32, w *Tensor, wZero []int32, req *tileRequant, pw *PackedConvInteger) bool {
	if !hasDepthwiseQuads || !g.depthwise() || g.kh != 3 || g.kw != 3 || g.dh != 1 || g.dw != 1 ||
		g.sh != g.sw || g.sh < 1 || g.sh > 2 {
		return false
	}
	ok, wflip := quadWeightsOK(w.dtype, wZero)
	if !ok {
		return false
	}
	if _, _, fits := padInputFits(g); !fits {
		return false
	}
	switch xv := x.data.(type) {
	case []int8:
		if xZero < -128 || xZero > 127 {
			return false
		}
		dwQuadsRun(g, acc, xv, xZero, xZero+128, w, wflip, req, pw)
	case []uint8:
		if xZero < 0 || xZero > 255 {
			return false
		}
		dwQuadsRun(g, acc, xv, xZero, xZero, w, wflip, req, pw)
	default:
		return false
	}
	return true
}

// dwQuadsRun is convDepthwiseQuads for input type T; zu is the zero point
// as the kernel reads it.
func dwQuadsRun[T int8 | uint8](g *convGeom, acc []int32, x []T, xZero, zu int32, w *Tensor, wflip bool, req *tileRequant, pw *PackedConvInteger) {
	if len(acc) == 0 {
		return
	}
	var wq []int32
	if pw != nil {
		if c := pw.dw.Load(); c != nil && c.zu == zu && c.flip == wflip && len(c.wq) == 4*g.m {
			wq = c.wq
		} else {
			c = &dwWeightQuads{zu: zu, flip: wflip, wq: make([]int32, 4*g.m)}
			dwQuadWeights(c.wq, w, wflip, zu)
			pw.dw.Store(c)
			wq = c.wq
		}
	} else {
		wqBuf := getScratch[int32](&scratchI32, 4*g.m)
		defer scratchI32.Put(wqBuf)
		wq = (*wqBuf)[:4*g.m]
		dwQuadWeights(wq, w, wflip, zu)
	}
	s := g.sh
	ohw, hw := g.oh*g.ow, g.h*g.w
	// Planes with readable margins are read in place (dwQuadPlaneRows);
	// the others (at the ends of x) are copied into padded rows.
	xb := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(x))), len(x))
	qp := dwQuadPlanFor(g)
	var zeros []byte
	if qp != nil {
		zb := getScratch[byte](&dwQuadBufs, qp.before+max(g.w+qp.after, 64))
		defer dwQuadBufs.Put(zb)
		zeros = *zb
		fill(zeros, byte(T(xZero)))
	}
	wp := (g.ow-1)*s + 3
	lo, hi := min(g.pl, wp), min(g.pl+g.w, wp)
	flip := byte(signFlip[T]())
	planes := g.n * g.m
	blocks, rows := planeRowBlocks(g, planes)
	// Small planes go several to a tile, which reuses one buffer.
	per := 1
	if blocks == 1 {
		per = max(1, min(planes, (1<<15)/max(ohw*18, 1)))
	}
	tiles := (planes + per - 1) / per * blocks
	fast := req != nil && req.rowsFastOK()
	parallelTiles(tiles, float64(ohw)*18*float64(planes), func(t int) {
		b := t % blocks
		r0, r1 := b*rows, min(g.oh, (b+1)*rows)
		if qp != nil {
			done := true
			p0, p1 := t/blocks*per, min(planes, (t/blocks+1)*per)
			// Sums requantized as they are made stay in a tile's scratch
			// (the whole int32 output is never written), a run of
			// consecutive planes of one image requantized in one call.
			rowLen := (r1 - r0) * g.ow
			var sums []int32
			if req != nil {
				sb := getScratch[int32](&scratchI32, (p1-p0)*rowLen)
				defer scratchI32.Put(sb)
				sums = *sb
			}
			run := -1 // the first plane of the run not yet requantized
			for pl := p0; pl <= p1; pl++ {
				n, m := pl/g.m, pl%g.m
				around := pl < p1 && qp.around((n*g.c+m/g.mg)*hw, hw, len(xb))
				if run >= 0 && (!around || m == 0) {
					req.rowsFrom(sums[(run-p0)*rowLen:], rowLen, run*ohw+r0*g.ow, ohw, pl-run, rowLen, run%g.m, fast)
					run = -1
				}
				if pl == p1 {
					break
				}
				if !around {
					done = false
					continue
				}
				at := (n*g.c + m/g.mg) * hw
				if req == nil {
					dwQuadPlaneRows(g, xb, at, acc[pl*ohw+r0*g.ow:(pl+1)*ohw], r0, r1, qp, (*[4]int32)(wq[4*m:]), flip, zeros)
					continue
				}
				if run < 0 {
					run = pl
				}
				dwQuadPlaneRows(g, xb, at, sums[(pl-p0)*rowLen:], r0, r1, qp, (*[4]int32)(wq[4*m:]), flip, zeros)
			}
			if done {
				return
			}
		}
		// Padded rows [r0·s, (r1−1)·s + 3) of a plane, then slack for
		// the last block's 64-byte reads.
		prows := (r1-1-r0)*s + 3
		bp, _ := dwQuadBufs.Get().(*[]byte)
		if bp == nil || cap(*bp) < prows*wp+64 {
			b := make([]byte, prows*wp+64)
			bp = &b
		}
		defer dwQuadBufs.Put(bp)
		buf := (*bp)[:prows*wp+64]
		pad := unsafe.Slice((*T)(unsafe.Pointer(&buf[0])), prows*wp)
		gr := *g
		gr.pt = g.pt - r0*s // padded row r0·s is buf's row 0
		for pl := t / blocks * per; pl < min(planes, (t/blocks+1)*per); pl++ {
			n, m := pl/g.m, pl%g.m
			c := n*g.c + m/g.mg
			if qp != nil && qp.around(c*hw, hw, len(xb)) {
				continue // done in place above
			}
			padPlane(&gr, pad, wp, x[c*hw:(c+1)*hw], -g.pl, lo, hi, T(xZero))
			q := (*[4]int32)(wq[4*m:])
			dwQuadRowsFast(acc[pl*ohw+r0*g.ow:pl*ohw+r1*g.ow], buf, wp, r1-r0, g.ow, s, q, flip)
			if req != nil {
				req.span(pl*ohw+r0*g.ow, pl*ohw+r1*g.ow, m)
			}
		}
	})
}

// dwQuadPlan lists a 3x3 depthwise geometry's 16-lane output segments for
// dw3x3QuadPlane, two int64s each: the mask of the 64 bytes loaded at the
// segment's first window column c (bit b set when column c+b lies in
// [0, w)), then c (low 32 bits) and the mask of its output lanes (high
// 32). The loads reach before bytes before an input row's start and after
// bytes past its end; those must be readable.
type dwQuadPlan struct {
	tab  []int64
	nseg int
	planeMargins
}

// dwQuadPlans caches quad plans by the plane plans' key.
var dwQuadPlans planCache[dwPlanePlanKey, dwQuadPlan]

// dwQuadPlanFor returns g's plan for the in-place quad kernel, or nil
// (dwQuadsRun's conditions on g hold).
func dwQuadPlanFor(g *convGeom) *dwQuadPlan {
	if !hasDepthwiseQuads || g.pl > 64 || g.w > 1<<16 || g.ow < 1 {
		return nil
	}
	key := dwPlanePlanKey{g.w, g.ow, g.pl, g.sw}
	if p := dwQuadPlans.get(key); p != nil {
		return p
	}
	p := &dwQuadPlan{nseg: (g.ow + 15) / 16}
	last := 0
	for j0 := 0; j0 < g.ow; j0 += 16 {
		c := j0*g.sw - g.pl
		var load uint64
		for b := range 64 {
			if c+b >= 0 && c+b < g.w {
				load |= 1 << b
			}
		}
		out := uint64(1)<<min(16, g.ow-j0) - 1
		p.tab = append(p.tab, int64(load), int64(uint64(uint32(int32(c)))|out<<32))
		last = max(last, c+64)
	}
	p.before, p.after = g.pl, max(0, last-g.w)
	dwQuadPlans.put(key, p)
	return p
}
