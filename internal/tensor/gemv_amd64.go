//go:build amd64 && !purego

package tensor

// faxpyFMA: y[i] = fma(a, x[i], y[i]) for the first n (a multiple of 8)
// elements (gemv_amd64.s).
//
//go:noescape
func faxpyFMA(a float32, x, y *float32, n int)

// haveFaxpy: the CPU runs faxpyFMA (AVX2 with FMA).
var haveFaxpy = hasAVX2

// faxpy is y[i] = fma(a, x[i], y[i]) over len(y) elements, the last
// len(y)%8 through a zero-padded block of 8 so that every element gets
// the same fused operation.
func faxpy(a float32, x, y []float32) {
	x = x[:len(y)]
	n := len(y) &^ 7
	if n > 0 {
		faxpyFMA(a, &x[0], &y[0], n)
	}
	if n < len(y) {
		var xb, yb [8]float32
		copy(xb[:], x[n:])
		copy(yb[:], y[n:])
		faxpyFMA(a, &xb[0], &yb[0], 8)
		copy(y[n:], yb[:])
	}
}
