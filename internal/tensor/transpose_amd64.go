//go:build amd64 && !purego

package tensor

//go:noescape
func transposeBlocksAVX512(dst, src *float32, rb, cb, srcStride, dstStride int)

// transpose2DFast transposes the whole 16x16 blocks of r x c float32
// values (src rows of c, dst rows of r) and reports how many rows and
// columns of src that covered; the caller does the rest.
func transpose2DFast(dst, src []float32, r, c int) (rows, cols int) {
	rb, cb := r/16, c/16
	if !hasAVX512 || rb == 0 || cb == 0 {
		return 0, 0
	}
	_, _ = dst[(c-1)*r+r-1], src[(r-1)*c+c-1]
	transposeBlocksAVX512(&dst[0], &src[0], rb, cb, 4*c, 4*r)
	return 16 * rb, 16 * cb
}
