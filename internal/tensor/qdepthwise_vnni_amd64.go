//go:build amd64 && !purego

package tensor

import "golang.org/x/sys/cpu"

//go:noescape
func dw3x3QuadRows(dst *int32, src *byte, pitch, rows, n, stride int, w *int32, idx *byte, flip int32)

// hasDepthwiseQuads: the CPU runs dw3x3QuadRows.
var hasDepthwiseQuads = hasVNNI && cpu.X86.HasAVX512VBMI

// dwQuadIdx[s-1] are VPERMB's indices for stride s: lane j's bytes are
// the window bytes j·s, ..., j·s+3.
var dwQuadIdx = func() (t [2][64]byte) {
	for s := range 2 {
		for j := range 16 {
			for b := range 4 {
				t[s][4*j+b] = byte(j*(s+1) + b)
			}
		}
	}
	return t
}()

// dwQuadRowsFast runs dw3x3QuadRows on rows output rows of n values from
// the padded rows at src (pitch bytes apart), checking that every read
// and write stays in the slices.
func dwQuadRowsFast(dst []int32, src []byte, pitch, rows, n, stride int, w *[4]int32, flip byte) {
	if rows <= 0 || n <= 0 {
		return
	}
	lastBlock := ((n - 1) / 16) * 16 * stride
	if stride < 1 || stride > 2 || len(dst) < rows*n || pitch < (n-1)*stride+3 ||
		len(src) < ((rows-1)*stride+2)*pitch+lastBlock+64 {
		panic("tensor: depthwise quad rows out of range")
	}
	dw3x3QuadRows(&dst[0], &src[0], pitch, rows, n, stride, &w[0], &dwQuadIdx[stride-1][0], int32(flip))
}

//go:noescape
func dw3x3QuadPlane(dst *int32, src *byte, tab *int64, nseg, rows, iy0, h, pitch, sh, outPitch int, w *int32, idx *byte, flip int32, zeros *byte)

// dwQuadPlaneRows runs dw3x3QuadPlane on output rows [r0, r1) of one
// plane (x from at, holding p.before bytes before it and p.after after),
// writing their int32 sums to out; zeros is a row of stored zero points
// with p.before bytes before its start and p.after past g.w.
func dwQuadPlaneRows(g *convGeom, x []byte, at int, out []int32, r0, r1 int, p *dwQuadPlan, w *[4]int32, flip byte, zeros []byte) {
	if r1 <= r0 {
		return
	}
	if !p.around(at, g.h*g.w, len(x)) || len(zeros) < p.before+g.w+p.after || len(out) < (r1-r0)*g.ow {
		panic("tensor: depthwise quad plane out of range")
	}
	dw3x3QuadPlane(&out[0], &x[at], &p.tab[0], p.nseg, r1-r0, r0*g.sh-g.pt, g.h, g.w, g.sh, g.ow*4,
		&w[0], &dwQuadIdx[g.sw-1][0], int32(flip), &zeros[p.before])
}
