//go:build amd64 && !purego

package tensor

import "unsafe"

// SSE rows of the depthwise kernel (conv_depthwise_amd64.s); SSE is part
// of the amd64 baseline, so they need no CPU check. With AVX2 the 3x3
// convolutions they serve take the block kernels instead (dwRowsBlocks);
// these rows remain for other CPUs and for planes too large for a block
// table.

//go:noescape
func dw3x3s1SSE(out *float32, n int, s0, s1, s2 *float32, w *[9]float32)

//go:noescape
func dw3x3s2SSE(out *float32, n int, s0, s1, s2 *float32, w *[9]float32)

//go:noescape
func axpySSE(d, s *float32, n int, a float32)

const haveDepthwiseSIMD = true

// dw3x3s1Fast computes the first len(out)&^3 outputs of dw3x3 with stride
// and dilation 1 and returns how many it did.
func dw3x3s1Fast(out, s0, s1, s2 []float32, w *[9]float32) int {
	n := len(out) &^ 3
	if n == 0 {
		return 0
	}
	// Every window of the n outputs lies in s0..s2[:n+2] (the caller's
	// slices are exactly that long).
	_, _, _ = s0[n+1], s1[n+1], s2[n+1]
	dw3x3s1SSE(&out[0], n, &s0[0], &s1[0], &s2[0], w)
	return n
}

// dw3x3s2Fast is dw3x3s1Fast for stride 2 (dilation 1); the rows load
// s[0 : 2n+2) for n outputs, one value past the last window, so it does as
// many as the rows' length allows (all but the last when they end with the
// last window).
func dw3x3s2Fast(out, s0, s1, s2 []float32, w *[9]float32) int {
	n := min(len(out), (min(len(s0), len(s1), len(s2))-2)/2) &^ 3
	if n <= 0 {
		return 0
	}
	// The n outputs read s[0 : 2n+2).
	_, _, _ = s0[2*n+1], s1[2*n+1], s2[2*n+1]
	dw3x3s2SSE(&out[0], n, &s0[0], &s1[0], &s2[0], w)
	return n
}

// axpyFast does axpy's first len(d)&^3 elements and returns how many.
func axpyFast(d, s []float32, a float32) int {
	n := len(d) &^ 3
	if n == 0 {
		return 0
	}
	_ = s[n-1]
	axpySSE(&d[0], &s[0], n, a)
	return n
}

// Block kernels (conv_depthwise_blocks_amd64.s): a whole tile of 3x3
// outputs, several 8-wide blocks in flight, bias and clamp fused.
//
//go:noescape
func dw3x3s1BlocksAVX(dst, src *float32, tab *int32, n, rowBytes int, w *[9]float32, ep *dwEpilogue)

//go:noescape
func dw3x3s2BlocksAVX(dst, src *float32, tab *int32, n, rowBytes int, w *[9]float32, ep *dwEpilogue)

// haveDepthwiseBlocks reports whether dwBlocks runs on this CPU.
func haveDepthwiseBlocks() bool { return hasAVX2 }

// dwBlocks runs the block kernel of stride sw over tab's blocks. The
// blocks are in row order, so the last one reads and writes furthest: its
// window (three rows, 10 values, or 18 at stride 2) must lie in src and
// its 8 outputs in dst.
func dwBlocks(sw int, dst, src []float32, tab []int32, rowBytes int, w *[9]float32, ep *dwEpilogue) {
	n := len(tab) / 2
	if n == 0 {
		return
	}
	reads := 10
	if sw != 1 {
		reads = 18
	}
	last, lastOut := int(tab[len(tab)-2]), int(tab[len(tab)-1])
	if last < 0 || lastOut < 0 || last+2*rowBytes+4*reads > 4*len(src) || lastOut+32 > 4*len(dst) {
		panic("tensor: depthwise block table out of range")
	}
	if sw == 1 {
		dw3x3s1BlocksAVX(&dst[0], &src[0], &tab[0], n, rowBytes, w, ep)
	} else {
		dw3x3s2BlocksAVX(&dst[0], &src[0], &tab[0], n, rowBytes, w, ep)
	}
}

//go:noescape
func padRowsF32AVX(dst *float32, wp int, src *float32, srcPitch, lo, n, rows int)

//go:noescape
func padRowsBytesAVX2(dst *float32, wp int, src *byte, srcPitch, lo, n, rows int, flip, off int32)

// padRowsFast writes rows padded rows of pad (each wp values: lo zeros,
// n values of x read as in says, zeros) from rows of x srcPitch apart,
// and reports whether it could (AVX2).
func padRowsFast[T float32 | int8 | uint8](pad []float32, wp int, x []T, srcPitch, lo, n, rows int, in *dwInts) bool {
	if !hasAVX2 || n <= 0 || rows <= 0 || lo+n > wp || len(pad) < rows*wp || len(x) < (rows-1)*srcPitch+n {
		return false
	}
	switch s := any(x).(type) {
	case []float32:
		padRowsF32AVX(&pad[0], wp, &s[0], srcPitch, lo, n, rows)
	case []uint8:
		padRowsBytesAVX2(&pad[0], wp, &s[0], srcPitch, lo, n, rows, 0, in.zero)
	case []int8:
		padRowsBytesAVX2(&pad[0], wp, (*byte)(unsafe.Pointer(&s[0])), srcPitch, lo, n, rows, 0x80, 0x80+in.zero)
	}
	return true
}

// Plane kernels (conv_depthwise_plane_amd64.s): AVX-512, reading the
// unpadded input plane, lanes outside it zeroed in registers.
//
//go:noescape
func dw3x3s1PlaneAVX512(dst, src *float32, tab *int32, nseg, rows, iy0, h, rowBytes, sh, outBytes int, w *[9]float32, ep *dwEpilogue, zeros *float32)

//go:noescape
func dw3x3s2PlaneAVX512(dst, src *float32, tab *int32, nseg, rows, iy0, h, rowBytes, sh, outBytes int, w *[9]float32, ep *dwEpilogue, zeros *float32)

// dwZeroRow is the row the plane kernels read for input rows outside the
// plane (from dwPlaneMargin on); only read, so one serves every goroutine.
var dwZeroRow [dwZeroRowLen]float32

const dwZeroRowLen = 4096

// havePlaneKernels reports whether dwPlaneRows runs on this CPU.
func havePlaneKernels() bool { return hasAVX512 }

// dwPlaneRows writes output rows [r0, r1) of one 3x3 depthwise plane
// (dilation 1) through the AVX-512 plane kernels, bias and clamp included
// (ep). The input plane starts at x[at]; x holds p.before values before it
// and p.after after it, which the kernels' loads may reach.
func dwPlaneRows(g *convGeom, x []float32, at int, w, y []float32, r0, r1 int, p *dwPlanePlan, ep *dwEpilogue) {
	if r1 <= r0 {
		return
	}
	if !p.around(at, g.h*g.w, len(x)) {
		panic("tensor: depthwise plane kernel without its margins")
	}
	_ = y[r1*g.ow-1] // the kernels write columns [0, ow) of rows [r0, r1)
	// Direct calls: through a func value ep would escape.
	if g.sw == 1 {
		dw3x3s1PlaneAVX512(&y[r0*g.ow], &x[at], &p.tab[0], p.nseg, r1-r0, r0*g.sh-g.pt, g.h, g.w*4, g.sh, g.ow*4, (*[9]float32)(w[:9]), ep, &dwZeroRow[dwPlaneMargin])
	} else {
		dw3x3s2PlaneAVX512(&y[r0*g.ow], &x[at], &p.tab[0], p.nseg, r1-r0, r0*g.sh-g.pt, g.h, g.w*4, g.sh, g.ow*4, (*[9]float32)(w[:9]), ep, &dwZeroRow[dwPlaneMargin])
	}
}

//go:noescape
func dwTapsAVX512(y, base *float32, ow, rows, rowStep, yPitch int, taps *int32, w *float32, ntaps int)

// dwTapsOK reports whether the tap kernel can compute rows of this
// geometry.
func dwTapsOK(g *convGeom) bool { return hasAVX512 && g.kh*g.kw <= dwTapsMax }

// dwTapsRows is dwTapsAVX512 over slices: rows output rows of ow values
// (yPitch apart) from src at base, rowStep values apart.
func dwTapsRows(y, src []float32, base, ow, rows, rowStep, yPitch int, taps []int32, w []float32) {
	dwTapsAVX512(&y[0], &src[base], ow, rows, 4*rowStep, 4*yPitch, &taps[0], &w[0], len(taps))
}
