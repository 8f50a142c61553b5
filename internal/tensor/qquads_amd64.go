//go:build amd64 && !purego

package tensor

import "unsafe"

//go:noescape
func quadRowsAVX(dst *int32, r0, r1, r2, r3 *byte, n int, flip int32, stride int)

// quadPanelsFast is quadPanels with AVX; it reports whether it ran.
func quadPanelsFast[T int8 | uint8](dst []int32, r *[4][]T, n16, kc int, flip byte) bool {
	if !hasAVX2 || n16 == 0 || n16%16 != 0 || len(dst) < (n16/16-1)*kc*16+16 {
		return false
	}
	for _, row := range r {
		if len(row) < n16 {
			return false
		}
	}
	b := func(s []T) *byte { return (*byte)(unsafe.Pointer(&s[0])) }
	quadRowsAVX(&dst[0], b(r[0]), b(r[1]), b(r[2]), b(r[3]), n16, int32(flip), kc*16*4)
	return true
}
