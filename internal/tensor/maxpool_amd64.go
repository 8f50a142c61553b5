//go:build amd64 && !purego

package tensor

//go:noescape
func maxRow3x3s1AVX(o *float32, n int, r0, r1, r2 *float32)

//go:noescape
func maxRow3x3s2AVX(o *float32, n int, r0, r1, r2 *float32)

// MaxPoolRow3x3Fast computes the first outputs of a row of 3x3 max
// pooling windows (stride sw of 1 or 2, undilated, every window inside
// the rows): o[i] is the max of r0, r1, r2 at [ix0+i*sw, ix0+i*sw+3), with
// the scalar loop's rule (the first of equal values, the first NaN). It
// returns how many outputs it did, a multiple of 8 (0 without AVX2).
func MaxPoolRow3x3Fast(o, r0, r1, r2 []float32, ix0, sw int) int {
	if !hasAVX2 || (sw != 1 && sw != 2) || ix0 < 0 {
		return 0
	}
	rowLen := min(len(r0), len(r1), len(r2))
	n := len(o) &^ 7
	// Stride 2 reads one value past the last window.
	for n > 0 && ix0+(n-1)*sw+3+(sw-1) > rowLen {
		n -= 8
	}
	if n <= 0 {
		return 0
	}
	if sw == 1 {
		maxRow3x3s1AVX(&o[0], n, &r0[ix0], &r1[ix0], &r2[ix0])
	} else {
		maxRow3x3s2AVX(&o[0], n, &r0[ix0], &r1[ix0], &r2[ix0])
	}
	return n
}
