//go:build amd64 && !purego

package tensor

//go:noescape
func pairSumF32AVX512(dst, src *float32, n int)

//go:noescape
func gatherLastF32AVX512(dst, src *float32, rows, dlen, n int, idx *int32)

// pairSumFast sets dst[i] = (+0 + src[2i]) + src[2i+1] for the first
// len(dst)&^15 values with AVX-512 and returns how many it did.
func pairSumFast(dst, src []float32) int {
	n := len(dst) &^ 15
	if !hasAVX512 || n == 0 || len(src) < 2*n {
		return 0
	}
	pairSumF32AVX512(&dst[0], &src[0], n)
	return n
}

// gatherLastFast sets dst[r·len(idx) + j] = src[r·dlen + idx[j]] for rows
// of dlen <= 16 values (idx in [0, dlen)) with AVX-512 and reports
// whether it could.
func gatherLastFast(dst, src []float32, rows, dlen int, idx []int32) bool {
	n := len(idx)
	if !hasAVX512 || dlen < 1 || dlen > 16 || n == 0 || rows <= 0 || len(dst) < rows*n || len(src) < rows*dlen {
		return false
	}
	gatherLastF32AVX512(&dst[0], &src[0], rows, dlen, n, &idx[0])
	return true
}

//go:noescape
func gemvColAVX512(acc *float32, a *float32, stride int, x *float32, kc, mr, np int, add bool)

// gemvColAvailable reports whether gemvColF32 can run here.
func gemvColAvailable() bool { return hasAVX512 }

// gemvColPanels runs gemvColAVX512 (see there) for np panels.
func gemvColPanels(acc *[64]float32, a []float32, stride int, x []float32, kc, mr, np int, add bool) {
	if kc <= 0 || mr > 16 || (np != 1 && np != 4) || len(x) < kc || len(a) < (np-1)*stride+kc*mr {
		panic("tensor: gemv column: panels out of range")
	}
	gemvColAVX512(&acc[0], &a[0], stride, &x[0], kc, mr, np, add)
}
