//go:build amd64 && !purego

package tensor

import "unsafe"

//go:noescape
func maxRow3x3s1AVX(o *float32, n int, r0, r1, r2 *float32)

//go:noescape
func maxRow3x3s2AVX(o *float32, n int, r0, r1, r2 *float32)

//go:noescape
func maxRowS2F32AVX(o, s *float32, n int) (nan bool)

//go:noescape
func maxRows3F32AVX(o, a, b, c *float32, n int)

// MaxPool3x3s2PlaneF32 is 3x3 max pooling of stride 2 with one row and
// column of padding before the h×w plane x (h and w even, so no window
// reaches the padding after it) into o, h/2 × w/2, using scratch (h·w/2
// values): every row's window maxima at once over the plane, then each
// output row the maximum of its three rows of those. Without NaNs the
// first of equal values in tap order is the first of the first ones per
// row, so it gives the scalar loop's bits; it reports false, o not
// written in full, when x has a NaN (or there is no AVX2) and the
// caller's exact loop must run.
func MaxPool3x3s2PlaneF32(o, x, scratch []float32, h, w int) bool {
	ow := w / 2
	n := h * ow
	if !hasAVX2 || h < 2 || w < 2 || h%2 != 0 || w%2 != 0 || len(x) < h*w || len(o) < n/2 || len(scratch) < n {
		return false
	}
	// hr[k] for k = r·ow + ox ≥ 1: row r's maximum over columns 2ox−1 …
	// 2ox+1, which are x[2k−1 : 2k+2] (w = 2·ow), flat over the plane;
	// hr[r·ow] (the left column in the padding) is x[r·w : r·w+2]'s.
	hr := scratch[:n]
	m := (n - 1) &^ 7 // reads x[1 : 2m+3): m < n−1 as n = h·ow is even, so inside the plane
	if m > 0 && maxRowS2F32AVX(&hr[1], &x[1], m) {
		return false
	}
	for k := m + 1; k < n; k++ {
		a, b, c := x[2*k-1], x[2*k], x[2*k+1]
		if a != a || b != b || c != c {
			return false
		}
		hr[k] = firstMax3(a, b, c)
	}
	for r := range h {
		a, b := x[r*w], x[r*w+1]
		if a != a || b != b {
			return false
		}
		if b > a {
			a = b
		}
		hr[r*ow] = a
	}
	// Output row 0 reads rows 0 and 1 (row −1 is padding), row oy the
	// rows 2oy−1 … 2oy+1.
	for ox := range ow {
		a, b := hr[ox], hr[ow+ox]
		if b > a {
			a = b
		}
		o[ox] = a
	}
	v := ow &^ 7
	for oy := 1; oy < h/2; oy++ {
		d := o[oy*ow : (oy+1)*ow]
		a, b, c := hr[(2*oy-1)*ow:], hr[2*oy*ow:], hr[(2*oy+1)*ow:]
		if v > 0 {
			maxRows3F32AVX(&d[0], &a[0], &b[0], &c[0], v)
		}
		for j := v; j < ow; j++ {
			d[j] = firstMax3(a[j], b[j], c[j])
		}
	}
	return true
}

// firstMax3 is the first maximum of a, b, c, none of them NaN.
func firstMax3(a, b, c float32) float32 {
	if b > a {
		a = b
	}
	if c > a {
		a = c
	}
	return a
}

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

//go:noescape
func maxPool2x2U8(dst, r0, r1 *byte, n int, signed bool)

// MaxPool2x2S2RowFast sets dst[j] to the largest of r0[2j], r0[2j+1],
// r1[2j], r1[2j+1] (a 2x2 window at stride 2 over two rows) with AVX2 and
// returns how many values it did: all of them when there are 32 or more
// (the last block overlapping the one before), else none.
func MaxPool2x2S2RowFast[T int8 | uint8](dst, r0, r1 []T) int {
	n := len(dst)
	if !hasAVX2 || n < 32 || len(r0) < 2*n || len(r1) < 2*n {
		return 0
	}
	var z T
	_, signed := any(z).(int8)
	b := func(s []T) *byte { return (*byte)(unsafe.Pointer(&s[0])) }
	maxPool2x2U8(b(dst), b(r0), b(r1), n&^31, signed)
	if t := n - 32; n%32 != 0 {
		maxPool2x2U8(b(dst[t:]), b(r0[2*t:]), b(r1[2*t:]), 32, signed)
	}
	return n
}
