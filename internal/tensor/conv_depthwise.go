package tensor

import (
	"sync"
	"sync/atomic"
)

// Depthwise convolution: groups == C (one input channel per group), any
// channel multiplier M/C. Each output plane is a weighted sum of kh*kw
// shifted copies of one input plane, so it is computed directly, a row at a
// time, without the implicit im2col of the GEMM path (whose K = kh*kw is far
// too short to amortise its packing, and whose M = multiplier wastes most of
// the micro-kernel's rows).
//
// Summation order: every output element is 0 + Σ taps in increasing
// (ki, kj) order, then + bias, skipping the taps that fall in the padding.
// The GEMM path sums the same products in the same order from +0 (its K
// block never splits a depthwise window: kh*kw <= gemmKC is checked below),
// and adds the padding taps as 0*w, which are ±0 and leave the sum
// unchanged when every weight is finite. So the two agree bit for bit on
// finite weights, against the scalar GEMM kernel; an Inf or NaN weight next
// to the padding gives NaN there only on the GEMM path.

// depthwise reports whether g is a depthwise convolution this kernel
// handles.
func (g *convGeom) depthwise() bool {
	return g.cg == 1 && g.groups == g.c && g.groups > 1 && g.kh*g.kw <= gemmKC
}

// depthwiseF32 computes y (N x M x OH x OW) from x and w (M x 1 x kh x kw)
// with an optional bias, on up to threads() goroutines over tiles of
// (image, output channel, row block).
func depthwiseF32(g *convGeom, x, w, bias, y []float32) {
	planes := g.n * g.m
	ohw := g.oh * g.ow
	hw := g.h * g.w
	kk := g.kh * g.kw
	// Split planes into row blocks only when there are too few planes to
	// keep every worker busy.
	workers := threads()
	blocks := 1
	if planes < 4*workers {
		blocks = min(g.oh, (4*workers+planes-1)/planes)
	}
	rows := (g.oh + blocks - 1) / blocks
	blocks = (g.oh + rows - 1) / rows
	parallelTiles(planes*blocks, float64(ohw)*float64(kk)*2*float64(planes), func(t int) {
		pl, b := t/blocks, t%blocks
		n, m := pl/g.m, pl%g.m
		c := m / g.mg
		out := y[pl*ohw : (pl+1)*ohw]
		r0, r1 := b*rows, min(g.oh, (b+1)*rows)
		dwRows(g, x[(n*g.c+c)*hw:(n*g.c+c+1)*hw], w[m*kk:(m+1)*kk], out, r0, r1)
		if bias != nil {
			bv := bias[m]
			for i := range out[r0*g.ow : r1*g.ow] {
				out[r0*g.ow+i] += bv
			}
		}
	})
}

// parallelTiles runs f(t) for every t in [0, tiles) on up to threads()
// goroutines (the caller's among them), or on the caller's alone when the
// work (flops) is small.
func parallelTiles(tiles int, work float64, f func(t int)) {
	workers := min(threads(), tiles)
	if work < 1<<16 {
		workers = 1
	}
	if workers <= 1 {
		for t := range tiles {
			f(t)
		}
		return
	}
	r := &tileRun{tiles: int64(tiles), f: f}
	r.wg.Add(workers - 1)
	for range workers - 1 {
		go r.worker()
	}
	r.loop()
	r.wg.Wait()
}

// tileRun hands out the tiles of one parallelTiles call; one object, so
// that a call allocates it and nothing per worker.
type tileRun struct {
	next  atomic.Int64
	tiles int64
	f     func(t int)
	wg    sync.WaitGroup
}

func (r *tileRun) worker() {
	r.loop()
	r.wg.Done()
}

func (r *tileRun) loop() {
	for {
		t := r.next.Add(1) - 1
		if t >= r.tiles {
			return
		}
		r.f(int(t))
	}
}

// tapRange returns the output columns [lo, hi) whose input column
// ox*stride + off lies in [0, width).
func tapRange(off, stride, width, outW int) (lo, hi int) {
	if off < 0 {
		lo = (-off + stride - 1) / stride
	}
	if width-1-off < 0 {
		return 0, 0
	}
	hi = min(outW, (width-1-off)/stride+1)
	return lo, max(lo, hi)
}

// dwRows writes output rows [r0, r1) of one depthwise plane: x is the
// input plane (H x W), w the kh x kw filter, y the output plane.
func dwRows(g *convGeom, x, w, y []float32, r0, r1 int) {
	W, ow := g.w, g.ow
	// Output columns whose whole window row is inside the input.
	cx0, _ := tapRange(-g.pl, g.sw, W, ow)
	_, cx1 := tapRange((g.kw-1)*g.dw-g.pl, g.sw, W, ow)
	fused := g.kh == 3 && g.kw == 3 && cx0 < cx1
	for oy := r0; oy < r1; oy++ {
		row := y[oy*ow : (oy+1)*ow]
		clear(row)
		iy0 := oy*g.sh - g.pt
		if fused && iy0 >= 0 && iy0+2*g.dh < g.h {
			dw3x3(row[cx0:cx1], x[iy0*W:], x[(iy0+g.dh)*W:], x[(iy0+2*g.dh)*W:],
				cx0*g.sw-g.pl, g.sw, g.dw, (*[9]float32)(w))
			dwTaps(g, x, w, row, oy, 0, cx0)
			dwTaps(g, x, w, row, oy, cx1, ow)
			continue
		}
		dwTaps(g, x, w, row, oy, 0, ow)
	}
}

// dwTaps adds every in-bounds tap, in (ki, kj) order, to output columns
// [a, b) of output row oy.
func dwTaps(g *convGeom, x, w, row []float32, oy, a, b int) {
	if a >= b {
		return
	}
	W := g.w
	for ki := range g.kh {
		iy := oy*g.sh - g.pt + ki*g.dh
		if iy < 0 || iy >= g.h {
			continue
		}
		src := x[iy*W : (iy+1)*W]
		for kj := range g.kw {
			wt := w[ki*g.kw+kj]
			off := kj*g.dw - g.pl
			lo, hi := tapRange(off, g.sw, W, g.ow)
			lo, hi = max(lo, a), min(hi, b)
			if lo >= hi {
				continue
			}
			if g.sw == 1 {
				axpy(row[lo:hi], src[lo+off:hi+off], wt)
				continue
			}
			d := row[lo:hi]
			s := src[lo*g.sw+off:]
			for i := range d {
				d[i] += wt * s[i*g.sw]
			}
		}
	}
}

// axpy: d[i] += a * s[i].
func axpy(d, s []float32, a float32) {
	s = s[:len(d)]
	i := 0
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
	s0, s1, s2 = s0[off:off+span], s1[off:off+span], s2[off:off+span]
	if sw == 1 && dw == 1 {
		for i := range out {
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
	for i := range out {
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
