//go:build amd64 && !purego

package tensor

import "math"

//go:noescape
func sumRows8AVX512(x *float32, rowBytes, cols int, acc *float64)

//go:noescape
func sqDevRows8AVX512(x *float32, rowBytes, cols int, mean, acc *float64)

//go:noescape
func normRowAVX512(o, x *float32, n int, mean, inv float64, scale, bias *float64)

// sumRows8Fast adds the first n&^7 values of each of eight rows of xs (n
// values each) to acc[0..7] as sumRowsF32 does, and returns how many.
func sumRows8Fast(xs []float32, n int, acc []float64) int {
	cols := n &^ 7
	if !hasAVX512 || cols == 0 {
		return 0
	}
	_, _ = xs[7*n+cols-1], acc[7]
	sumRows8AVX512(&xs[0], 4*n, cols, &acc[0])
	return cols
}

// layerNorm8OK reports whether layerNorm8 runs here for rows of d values.
func layerNorm8OK(d int) bool { return hasAVX512 && d >= 8 }

// layerNorm8 is layerNormRow on eight rows of d values at once: the
// rows' float64 chains (sum, then squared deviations) in the lanes of a
// vector, each in column order, the rest of a row after its runs of
// eight; then each row's outputs eight at a time. The scalar loop's bits.
func layerNorm8(o, x []float32, sv, bv []float64, d int, epsilon float64) {
	_, _ = o[8*d-1], x[8*d-1]
	cols := d &^ 7
	var mean, vr, inv [8]float64
	sumRows8AVX512(&x[0], 4*d, cols, &mean[0])
	for k := range mean {
		mean[k] = sumF64(mean[k], x[k*d+cols:(k+1)*d]) / float64(d)
	}
	sqDevRows8AVX512(&x[0], 4*d, cols, &mean[0], &vr[0])
	for k := range vr {
		for _, v := range x[k*d+cols : (k+1)*d] {
			dv := float64(v) - mean[k]
			vr[k] += dv * dv
		}
		vr[k] /= float64(d)
		inv[k] = 1 / math.Sqrt(vr[k]+epsilon)
	}
	var bp *float64
	if bv != nil {
		bp = &bv[0]
	}
	_ = sv[d-1]
	for k := range 8 {
		row, out := x[k*d:(k+1)*d], o[k*d:(k+1)*d]
		normRowAVX512(&out[0], &row[0], cols, mean[k], inv[k], &sv[0], bp)
		normTail(out, row, sv, bv, cols, mean[k], inv[k])
	}
}
