//go:build amd64 && !purego

package tensor

import "unsafe"

//go:noescape
func maxRow3x3s1AVX(o *float32, n int, r0, r1, r2 *float32)

//go:noescape
func maxRow3x3s2AVX(o *float32, n int, r0, r1, r2 *float32)

// MaxPoolRow3x3Fast computes the first outputs of a row of 3x3 max
// pooling windows (stride sw of 1 or 2, undilated, every window inside
// the rows): o[i] is the max of r0, r1, r2 at [ix0+i*sw, ix0+i*sw+3), with
// the scalar loop's rule (the first of equal values, the first NaN). It
// returns how many outputs it did: a multiple of 8, or all of them (0
// without AVX2).
func MaxPoolRow3x3Fast(o, r0, r1, r2 []float32, ix0, sw int) int {
	if !hasAVX2 || (sw != 1 && sw != 2) || ix0 < 0 {
		return 0
	}
	// The stride-2 kernel's extra load may go past a row into what
	// follows it in memory (the next row): its value is not used.
	r0, r1, r2 = r0[:cap(r0)], r1[:cap(r1)], r2[:cap(r2)]
	rowLen := min(len(r0), len(r1), len(r2))
	n := len(o) &^ 7
	// Stride 2 reads one value past the last window.
	for n > 0 && ix0+(n-1)*sw+3+(sw-1) > rowLen {
		n -= 8
	}
	if n <= 0 {
		return 0
	}
	maxRow3x3(o, n, r0, r1, r2, ix0, sw)
	// The rest as one more block of 8 ending at the row's last output,
	// when its reads stay in the rows (it recomputes a few outputs, with
	// the same values).
	if last := len(o) - 8; n < len(o) && last >= 0 && ix0+(len(o)-1)*sw+3+(sw-1) <= rowLen {
		x := ix0 + last*sw
		maxRow3x3(o[last:], 8, r0[x:], r1[x:], r2[x:], 0, sw)
		return len(o)
	}
	return n
}

// maxRow3x3 runs the row kernel of stride sw on n outputs (a multiple of 8).
func maxRow3x3(o []float32, n int, r0, r1, r2 []float32, ix0, sw int) {
	if sw == 1 {
		maxRow3x3s1AVX(&o[0], n, &r0[ix0], &r1[ix0], &r2[ix0])
	} else {
		maxRow3x3s2AVX(&o[0], n, &r0[ix0], &r1[ix0], &r2[ix0])
	}
}

//go:noescape
func maxRows3U8(dst, r0, r1, r2 *byte, n int, signed bool)

// MaxRows3Fast sets dst[j] to the largest of r0[j], r1[j], r2[j] with
// AVX2 and returns how many values it did: all of them when there are 32
// or more (the last block overlapping the one before), else none.
func MaxRows3Fast[T int8 | uint8](dst, r0, r1, r2 []T) int {
	n := len(dst)
	if !hasAVX2 || n < 32 || len(r0) < n || len(r1) < n || len(r2) < n {
		return 0
	}
	var z T
	_, signed := any(z).(int8)
	b := func(s []T) *byte { return (*byte)(unsafe.Pointer(&s[0])) }
	maxRows3U8(b(dst), b(r0), b(r1), b(r2), n&^31, signed)
	if t := n - 32; n%32 != 0 {
		maxRows3U8(b(dst[t:]), b(r0[t:]), b(r1[t:]), b(r2[t:]), 32, signed)
	}
	return n
}

//go:noescape
func maxShift3U8(dst, src *byte, n int, signed bool)

// MaxShift3Fast sets dst[j] to the largest of src[j], src[j+1], src[j+2]
// with AVX2 (src holding two more values than dst) and returns how many
// values it did: all of them when there are 32 or more (the last block
// overlapping the one before), else none.
func MaxShift3Fast[T int8 | uint8](dst, src []T) int {
	n := len(dst)
	if !hasAVX2 || n < 32 || len(src) < n+2 {
		return 0
	}
	var z T
	_, signed := any(z).(int8)
	b := func(s []T) *byte { return (*byte)(unsafe.Pointer(&s[0])) }
	maxShift3U8(b(dst), b(src), n&^31, signed)
	if t := n - 32; n%32 != 0 {
		maxShift3U8(b(dst[t:]), b(src[t:]), 32, signed)
	}
	return n
}
