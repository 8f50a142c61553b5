//go:build amd64 && !purego

package tensor

//go:noescape
func maxF32AVX512(x *float32, n int) float32

//go:noescape
func sum4F64AVX2(x *float32, n int) (s0, s1, s2, s3 float64)

// rowMaxFast returns the largest non-NaN value of x (−Inf when none) and
// whether it could compute it here (AVX-512, 16 values or more).
func rowMaxFast(x []float32) (float32, bool) {
	if !hasAVX512 || len(x) < 16 {
		return 0, false
	}
	return maxF32AVX512(&x[0], len(x)), true
}

// sum4Fast returns softmaxRowF32's four float64 lane sums over
// x[:len(x)&^3] and whether it could compute them here (AVX2).
func sum4Fast(x []float32) (s [4]float64, ok bool) {
	if !hasAVX2 || len(x) < 4 {
		return s, false
	}
	s[0], s[1], s[2], s[3] = sum4F64AVX2(&x[0], len(x))
	return s, true
}
