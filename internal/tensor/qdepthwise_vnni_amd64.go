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
