//go:build amd64 && !purego

package tensor

import "unsafe"

//go:noescape
func keptRowAVX512(dst, src, res *float32, j0, n, ow, wq int, b, lo, hi float32, flags int)

// keptRowFast is keptRow in one AVX-512 pass; false (nothing done)
// without AVX-512.
func keptRowFast(dst, src, res []float32, j0, ow, wq int, b float32, bias, resFirst, clip bool, lo, hi float32) bool {
	if !hasAVX512 {
		return false
	}
	if len(src) == 0 {
		return true
	}
	_, hiOut := keptSpan(j0, j0+len(src), ow, wq)
	if ow <= 0 || wq < ow || j0 < 0 || hiOut > len(dst) || (res != nil && hiOut > len(res)) {
		panic("tensor: kept columns out of range")
	}
	flags := 0
	if bias {
		flags |= 1
	}
	if clip {
		flags |= 2
	}
	var rp unsafe.Pointer
	if res != nil {
		rp = unsafe.Pointer(unsafe.SliceData(res))
		flags |= 8
		if resFirst {
			flags |= 4
		}
	}
	keptRowAVX512((*float32)(unsafe.Pointer(unsafe.SliceData(dst))), &src[0], (*float32)(rp), j0, len(src), ow, wq, b, lo, hi, flags)
	return true
}
