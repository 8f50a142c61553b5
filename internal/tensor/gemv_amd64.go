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

// faxpyQ8FMA: y[i] = fma(a, float32(q[i])*scale[i], y[i]) for the first n
// (a multiple of 8) elements (gemv_amd64.s).
//
//go:noescape
func faxpyQ8FMA(a float32, q *int8, scale, y *float32, n int)

// faxpyQ8 is faxpy with x[i] = float32(q[i])*scale[i], the last len(y)%8
// through zero-padded blocks of 8.
func faxpyQ8(a float32, q []int8, scale, y []float32) {
	q, scale = q[:len(y)], scale[:len(y)]
	n := len(y) &^ 7
	if n > 0 {
		faxpyQ8FMA(a, &q[0], &scale[0], &y[0], n)
	}
	if n < len(y) {
		var qb [8]int8
		var sb, yb [8]float32
		copy(qb[:], q[n:])
		copy(sb[:], scale[n:])
		copy(yb[:], y[n:])
		faxpyQ8FMA(a, &qb[0], &sb[0], &yb[0], 8)
		copy(y[n:], yb[:])
	}
}

//go:noescape
func faxpy4Q8AVX512(a *float32, q *int8, ldq int, scale, y *float32, n int)

// faxpy4Q8 is faxpyQ8 for rows q[r·ldq:] and a[r], r = 0…3, in that
// order, reporting false (nothing done) without AVX-512: one pass over y
// for the four, the last len(y)%16 values row by row.
func faxpy4Q8(a *[4]float32, q []int8, ldq int, scale, y []float32) bool {
	if !hasAVX512 || len(q) < 3*ldq+len(y) || len(scale) < len(y) {
		return false
	}
	n := len(y) &^ 15
	if n > 0 {
		faxpy4Q8AVX512(&a[0], &q[0], ldq, &scale[0], &y[0], n)
	}
	if n < len(y) {
		for r := range 4 {
			faxpyQ8(a[r], q[r*ldq+n:], scale[n:], y[n:])
		}
	}
	return true
}
