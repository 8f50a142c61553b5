//go:build amd64 && !purego

package tensor

//go:noescape
func avgTapsAVX512(dst, src *float32, off *int, taps, n int, div float32)

// avgTapsFast sets dst[j] to the sum from zero, in tap order, of
// src[off[t]+j] over the taps, divided by div, for every j of dst, and
// reports whether it could (AVX-512; every tap's run inside src).
func avgTapsFast(dst, src []float32, off []int, div float32) bool {
	n := len(dst)
	if !hasAVX512 || n == 0 || len(off) == 0 {
		return false
	}
	for _, o := range off {
		if o < 0 || o+n > len(src) {
			return false
		}
	}
	avgTapsAVX512(&dst[0], &src[0], &off[0], len(off), n, div)
	return true
}
