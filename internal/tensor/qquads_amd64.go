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

//go:noescape
func quadPanelRows4AVX512(dst *int32, a *byte, lda, chunks, colBytes int, flip int32)

// quadPanelFast packs quads [0, 16·chunks) of a whole panel of mr rows
// (row r at a[r·lda:]) into d as packQuadPanels lays them out (quad p of
// row r at d[p·mr + r]) and returns how many quads it did: all of them
// where there is AVX-512 and mr is a multiple of 4, else none.
func quadPanelFast(d []int32, a []byte, lda, mr, quads int, flip byte) int {
	chunks := quads / 16
	if !hasAVX512 || mr%4 != 0 || chunks == 0 {
		return 0
	}
	_ = d[(16*chunks-1)*mr+mr-1]
	_ = a[(mr-1)*lda+64*chunks-1]
	f4 := int32(uint32(flip) * 0x01010101)
	for g := 0; g < mr; g += 4 {
		quadPanelRows4AVX512(&d[g], &a[g*lda], lda, chunks, 4*mr, f4)
	}
	return 16 * chunks
}

//go:noescape
func rowSumsBytesAVX512(sums *int32, a *byte, rows, k int, x int32)

// rowSumsFast is rowSumsFlipped's loop on AVX-512 (rows of k bytes at a,
// x = flip ^ 0x80); it reports whether it ran.
func rowSumsFast(sums []int32, a []byte, k int, x byte) bool {
	if !hasAVX512 || len(sums) == 0 || k == 0 {
		return false
	}
	_ = a[len(sums)*k-1]
	rowSumsBytesAVX512(&sums[0], &a[0], len(sums), k, int32(x))
	return true
}

//go:noescape
func gemvQuadsVNNI(c *int32, a *int32, b *int32, kc, panels int)

// gemvQuadsAvailable reports whether gemvQuadsFast runs on this CPU.
func gemvQuadsAvailable() bool { return hasVNNI }

// gemvQuadsFast adds to c (16 per panel) the products of the quads a
// (kc of them) by the panels of one kc block of a packed weight (b:
// panels × kc × 16 words) with VNNI; it reports whether it ran.
func gemvQuadsFast(c, a, b []int32, kc, panels int) bool {
	if !hasVNNI || kc <= 0 || panels <= 0 || len(a) < kc || len(c) < 16*panels || len(b) < panels*kc*16 {
		return false
	}
	gemvQuadsVNNI(&c[0], &a[0], &b[0], kc, panels)
	return true
}

//go:noescape
func interleaveQuadsAVX512(dst *int32, r0, r1, r2, r3 *byte, n int, flip int32)

// interleaveQuadsFast is interleaveQuads with AVX-512 over all of dst
// (masked loads and stores for the last words); it returns how many words
// it did.
func interleaveQuadsFast[T int8 | uint8](dst []int32, src *[4][]T, flip byte) int {
	n := len(dst)
	if !hasAVX512 || n == 0 {
		return 0
	}
	for _, r := range src {
		if len(r) < n {
			return 0
		}
	}
	b := func(s []T) *byte { return (*byte)(unsafe.Pointer(&s[0])) }
	interleaveQuadsAVX512(&dst[0], b(src[0]), b(src[1]), b(src[2]), b(src[3]), n, int32(flip)*0x01010101)
	return n
}
