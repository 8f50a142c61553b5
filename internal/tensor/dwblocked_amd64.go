//go:build amd64 && !purego

package tensor

import (
	"math"
	"sync"
	"unsafe"
)

// Depthwise convolutions in blocks of sixteen channels: a block's planes
// are transposed into one plane of 16-value vectors (NCHW16c, zero
// padding included), each output vector is 0 + Σ taps for the sixteen
// channels at once, and the outputs are transposed back. Plane size,
// stride and dilation then cost no vector lanes, where the per-plane
// kernels lose most of theirs on small planes (7x7 and 4x4) and to the
// phase split of a stride over columns.
//
// Same bits as dwRows: each product rounded, added in tap order from +0
// (padding taps add 0·w), then the bias, then the clamp.

//go:noescape
func dwcPackIn(dst, src *float32, offs *[16]int64, n int, tab *int32, base int)

//go:noescape
func dwcUnpackOut(dst *float32, offs *[16]int64, planes int, src *float32, n int)

//go:noescape
func dwcMaxTaps(dst, src *float32, rows, rowStep, dstRowStep, colStep int, chunks *int32, taps *int32, ntaps int)

//go:noescape
func dwcTaps(dst, src *float32, rows, rowStep, dstRowStep, colStep int, chunks *int32, taps *int32, ntaps int, w, bias *float32, lo, hi float32)

// dwBlockedOff makes depthwise convolutions leave the blocked kernels
// out (tests compare the paths).
var dwBlockedOff bool

// dwBlockedOK reports whether a float32 depthwise convolution can take
// the blocked kernels: one output plane per input plane.
func dwBlockedOK(g *convGeom) bool {
	if !hasAVX512 || dwBlockedOff || g.mg != 1 || g.kh*g.kw > dwTapsMax {
		return false
	}
	// The kernels' offsets are int32 bytes into the padded image.
	rows := int64(g.pt+g.h) + int64(g.kh)*int64(g.dh) + int64(g.sh)
	return rows*int64(dwcWidth(g))*64 < 1<<31
}

// dwcWidth is the padded width in positions: the windows' reach, and
// every input column, even one no window reads.
func dwcWidth(g *convGeom) int {
	return max((g.ow-1)*g.sw+(g.kw-1)*g.dw+1, g.pl+g.w)
}

// dwcLanes is a block's channels: one AVX-512 vector of float32.
const dwcLanes = 16

// dwcBandBytes bounds a tile's padded input band, so that it stays in
// the core's L2 cache while its taps read it.
const dwcBandBytes = 96 << 10

// dwcPlan is one blocked convolution: its data, tap offsets, row chunks
// and tiling. Pooled: the tiles' closure would otherwise move it to the
// heap.
type dwcPlan struct {
	g                *convGeom
	x, w, bias, y    []float32
	taps             [dwTapsMax]int32
	chunks           []int32
	tab              []int32 // dwcTabFor's
	blocks, cb       int     // channel blocks in all and per image
	perTile          int     // channel blocks per tile
	runs             int     // tiles per band
	rows, bands      int     // output rows per band, bands
	wpb              int     // padded width in positions
	rowStep, colStep int     // bytes between output rows' and columns' windows
	lo, hi           float32
	max              bool     // max pooling (MaxPool2DBlockedF32): no weights, -Inf padding
	pool             convGeom // max pooling's geometry (g points at it)
}

var dwcPlans = sync.Pool{New: func() any { return new(dwcPlan) }}

// dwcScratch holds *[]float32 tile buffers.
var dwcScratch sync.Pool

// dwcIdentity maps tap t to byte offset 64t: dwcPackIn's table for a
// block's weights (kh·kw "positions" of sixteen filters).
var dwcIdentity = func() (t [dwTapsMax]int32) {
	for i := range t {
		t[i] = int32(64 * i)
	}
	return
}()

// depthwiseBlocked computes a dwBlockedOK convolution on up to threads()
// goroutines over tiles of (output row band, run of channel blocks).
func depthwiseBlocked(g *convGeom, x, w, bias, y []float32) {
	p := dwcPlans.Get().(*dwcPlan)
	defer func() {
		p.x, p.w, p.bias, p.y, p.g = nil, nil, nil, nil, nil
		dwcPlans.Put(p)
	}()
	p.g, p.x, p.w, p.bias, p.y, p.max = g, x, w, bias, y, false
	p.run()
}

// MaxPool2DBlockedF32 is max pooling of float32 NCHW planes (n·c of h×w,
// in x) into y (n·c of oh×ow) through the blocked kernels: windows of
// kernel taps, strides, dilations and top/left pads; taps outside the
// input never win, the first NaN of a window wins and stays, and of equal
// values the first stays (each tap replaces the maximum when larger or
// NaN, unless that is NaN already). It reports whether it ran (AVX-512).
func MaxPool2DBlockedF32(y, x []float32, n, c, h, w, oh, ow int, kernel, strides, dilations [2]int, pt, pl int) bool {
	p := dwcPlans.Get().(*dwcPlan)
	defer func() {
		p.x, p.y, p.g = nil, nil, nil
		dwcPlans.Put(p)
	}()
	// The geometry lives in the pooled plan: no allocation a call.
	p.pool = convGeom{n: n, c: c, h: h, w: w, m: c, kh: kernel[0], kw: kernel[1], oh: oh, ow: ow, cg: 1, mg: 1,
		sh: strides[0], sw: strides[1], dh: dilations[0], dw: dilations[1], pt: pt, pl: pl, groups: c}
	g := &p.pool
	if n*c*h*w > len(x) || n*c*oh*ow > len(y) || min(n, c, h, w, oh, ow) <= 0 || !dwBlockedOK(g) {
		return false
	}
	p.g, p.x, p.w, p.bias, p.y, p.max = g, x, nil, nil, y, true
	p.run()
	return true
}

// MaxPool2DBlocked8 is MaxPool2DBlockedF32 for 8-bit planes: the values
// as float32 (exact), pooled, and stored back (exact: each maximum is one
// of the values; a window with no tap inside the input gives the type's
// minimum, as maxPool2D8's loop does). It reports whether it ran.
func MaxPool2DBlocked8[T int8 | uint8](y, x []T, n, c, h, w, oh, ow int, kernel, strides, dilations [2]int, pt, pl int) bool {
	if !hasAVX512 || n*c*h*w > len(x) || n*c*oh*ow > len(y) || min(n, c, h, w, oh, ow) <= 0 {
		return false
	}
	xb, yb := getF32(n*c*h*w), getF32(n*c*oh*ow)
	defer scratchF32.Put(xb)
	defer scratchF32.Put(yb)
	xf, yf := *xb, *yb
	xs := x[:len(xf)]
	for i := bytesToF32Fast(xf, xs, 0); i < len(xf); i++ {
		xf[i] = float32(xs[i])
	}
	if !MaxPool2DBlockedF32(yf, xf, n, c, h, w, oh, ow, kernel, strides, dilations, pt, pl) {
		return false
	}
	lo, hi := float32(0), float32(255)
	if signFlip[T]() != 0 {
		lo, hi = -128, 127
	}
	ys := y[:len(yf)]
	for i := quantizeF32Fast(ys, yf, 1, lo, hi, 0); i < len(ys); i++ {
		ys[i] = T(min(max(yf[i], lo), hi))
	}
	return true
}

// run computes the plan's convolution or pooling.
func (p *dwcPlan) run() {
	g := p.g
	p.cb = (g.m + dwcLanes - 1) / dwcLanes
	p.blocks = g.n * p.cb
	if p.blocks == 0 || g.oh <= 0 || g.ow <= 0 {
		return // nothing to compute (and no tiles to cut)
	}
	p.wpb = dwcWidth(g)
	for ki := range g.kh {
		for kj := range g.kw {
			p.taps[ki*g.kw+kj] = int32((ki*g.dh*p.wpb + kj*g.dw) * 64)
		}
	}
	p.rowStep, p.colStep = g.sh*p.wpb*64, g.sw*64
	p.chunks = dwcChunks(g.ow, g.sw, p.chunks[:0])
	p.tab = dwcTabFor(g, p.wpb)
	p.lo, p.hi = float32(math.Inf(-1)), float32(math.Inf(1))
	if g.clip {
		p.lo, p.hi = g.clipLo, g.clipHi
	}
	// Bands of output rows whose padded input fits dwcBandBytes; then
	// each band's blocks in runs, as many as keep the workers busy.
	p.rows = g.oh
	for p.rows > 1 && p.bandRows(p.rows)*p.wpb*64 > dwcBandBytes {
		p.rows = (p.rows + 1) / 2
	}
	workers := threads()
	for p.rows > 1 && p.blocks*((g.oh+p.rows-1)/p.rows) < 4*workers {
		p.rows = (p.rows + 1) / 2
	}
	p.bands = (g.oh + p.rows - 1) / p.rows
	p.runs = min(p.blocks, max(1, (4*workers+p.bands-1)/p.bands))
	p.perTile = (p.blocks + p.runs - 1) / p.runs
	p.runs = (p.blocks + p.perTile - 1) / p.perTile
	work := 2 * float64(g.n*g.m) * float64(g.oh*g.ow) * float64(g.kh*g.kw)
	parallelTiles(p.bands*p.runs, work, func(t int) { p.tile(t) })
}

// dwcTabs caches position tables by plane shape, padding and width.
var dwcTabs planCache[[5]int, []int32]

// dwcTabFor returns, per input position, the byte offset of its vector in
// the padded image.
func dwcTabFor(g *convGeom, wpb int) []int32 {
	key := [5]int{g.h, g.w, g.pt, g.pl, wpb}
	if t := dwcTabs.get(key); t != nil {
		return *t
	}
	t := make([]int32, 0, g.h*g.w)
	for iy := range g.h {
		for ix := range g.w {
			t = append(t, int32(((iy+g.pt)*wpb+g.pl+ix)*64))
		}
	}
	dwcTabs.put(key, &t)
	return t
}

// bandRows is the padded input rows rows output rows read.
func (p *dwcPlan) bandRows(rows int) int {
	return (rows-1)*p.g.sh + (p.g.kh-1)*p.g.dh + 1
}

// dwcChunks lists an output row's runs of 8, 4 or 1 outputs for dwcTaps
// (bytes from the row's first window, bytes from its first output,
// width), ended by a run of width 0. A row's last run of 4 is shifted
// back to end at the row's end, recomputing a few outputs with the same
// bits, rather than running singles.
func dwcChunks(ow, sw int, dst []int32) []int32 {
	add := func(j, width int) { dst = append(dst, int32(j*sw*64), int32(j*64), int32(width)) }
	j := 0
	for ; ow-j >= 8; j += 8 {
		add(j, 8)
	}
	if ow-j >= 4 {
		add(j, 4)
		j += 4
	}
	switch {
	case j == ow:
	case ow >= 4:
		add(ow-4, 4)
	default:
		for ; j < ow; j++ {
			add(j, 1)
		}
	}
	return append(dst, 0, 0, 0)
}

// tile computes output rows [r0, r1) of a run of channel blocks. The
// run's blocks share one padded band: it is filled once (0, or −Inf for
// max pooling), and each block overwrites only the positions of the
// input, so its padding keeps that value.
func (p *dwcPlan) tile(t int) {
	g := p.g
	band, run := t/p.runs, t%p.runs
	r0, r1 := band*p.rows, min(g.oh, (band+1)*p.rows)
	p0 := r0 * g.sh
	prs := p.bandRows(r1 - r0)
	iyA, iyB := max(p0-g.pt, 0), min(p0+prs-g.pt, g.h)
	kk := g.kh * g.kw
	inN := prs * p.wpb * dwcLanes
	outN := ((r1-r0)*g.ow + dwcLanes - 1) / dwcLanes * dwcLanes * dwcLanes // whole 16-position chunks
	need := inN + outN + (kk+1)*dwcLanes + dwcLanes                        // + weights, bias, alignment
	bp := getScratch[float32](&dwcScratch, need)
	defer dwcScratch.Put(bp)
	buf := *bp
	// 64-byte alignment: each position's vector is one cache line.
	if a := int(uintptr(unsafe.Pointer(&buf[0])) & 63); a != 0 {
		buf = buf[(64-a)/4:]
	}
	in, out := buf[:inN], buf[inN:inN+outN]
	wt := buf[inN+outN : inN+outN+kk*dwcLanes]
	bv := buf[inN+outN+kk*dwcLanes : inN+outN+(kk+1)*dwcLanes]
	if p.max {
		fill(in, float32(math.Inf(-1)))
	} else {
		clear(in)
	}
	hw, ohw := g.h*g.w, g.oh*g.ow
	np := (iyB - iyA) * g.w
	for b := run * p.perTile; b < min(p.blocks, (run+1)*p.perTile); b++ {
		n, m0 := b/p.cb, b%p.cb*dwcLanes
		nc := min(dwcLanes, g.m-m0)
		var offs [16]int64
		if np > 0 {
			first := (n*g.c + m0) * hw
			_ = p.x[first+(nc-1)*hw+iyB*g.w-1] // the planes' rows the pack reads
			for c := range nc {
				offs[c] = int64((c*hw + iyA*g.w) * 4)
			}
			for c := nc; c < dwcLanes; c++ {
				offs[c] = offs[0] // read, never stored (weights 0 when convolving)
			}
			dwcPackIn(&in[0], &p.x[first], &offs, np, &p.tab[iyA*g.w], -p0*p.wpb*64)
		}
		first := (n*g.m + m0) * ohw
		_ = p.y[first+(nc-1)*ohw+r1*g.ow-1]
		if p.max {
			dwcMaxTaps(&out[0], &in[0], r1-r0, p.rowStep, g.ow*64, p.colStep, &p.chunks[0], &p.taps[0], kk)
		} else {
			p.weighted(out, in, wt, bv, m0, nc, r1-r0)
		}
		for c := range nc {
			offs[c] = int64((c*ohw + r0*g.ow) * 4)
		}
		dwcUnpackOut(&p.y[first], &offs, nc, &out[0], (r1-r0)*g.ow)
	}
}

// weighted computes a run's block of depthwise convolution outputs: its
// nc filters' weights and biases into sixteen lanes (the others 0), then
// the taps.
func (p *dwcPlan) weighted(out, in, wt, bv []float32, m0, nc, rows int) {
	g := p.g
	kk := g.kh * g.kw
	var offs [16]int64
	_ = p.w[(m0+nc)*kk-1]
	for c := range nc {
		offs[c] = int64(c * kk * 4) // kk "positions" of filter c
	}
	dwcPackIn(&wt[0], &p.w[m0*kk], &offs, kk, &dwcIdentity[0], 0)
	if nc < dwcLanes {
		// dwcPackIn filled every lane (the others from filter 0).
		for k := range kk {
			clear(wt[k*dwcLanes+nc : (k+1)*dwcLanes])
		}
	}
	clear(bv)
	if p.bias != nil {
		copy(bv, p.bias[m0:m0+nc])
	}
	dwcTaps(&out[0], &in[0], rows, p.rowStep, g.ow*64, p.colStep, &p.chunks[0], &p.taps[0], kk, &wt[0], &bv[0], p.lo, p.hi)
}
