//go:build amd64 && !purego

package tensor

import "unsafe"

//go:noescape
func requantRow8AVX2(dst *byte, acc *int32, n int, bias int32, scale, lo, hi float32, zero int32)

//go:noescape
func requantRow8AVX512(dst *byte, acc *int32, n int, bias int32, scale, lo, hi float32, zero int32)

// requantRowFast does requantRow's first values of 8-bit outputs with
// AVX-512 (multiples of 16) or AVX2 (of 8) and returns how many it did.
func requantRowFast[T int8 | uint8 | int16 | uint16](dst []T, acc []int32, bias int32, scale, lo, hi float32, zero int32) int {
	if !hasAVX2 || unsafe.Sizeof(dst[0]) != 1 || len(acc) < len(dst) {
		return 0
	}
	// A tail is done as the last whole block, overlapping values already
	// stored (with the same ones: each value is requantized alone).
	n := len(dst) &^ 7
	if hasAVX512 && len(dst) >= 16 {
		n = len(dst) &^ 15
		requantRow8AVX512((*byte)(unsafe.Pointer(&dst[0])), &acc[0], n, bias, scale, lo, hi, zero)
		if t := len(dst) - 16; n < len(dst) {
			requantRow8AVX512((*byte)(unsafe.Pointer(&dst[t])), &acc[t], 16, bias, scale, lo, hi, zero)
		}
		return len(dst)
	}
	if n == 0 {
		return 0
	}
	requantRow8AVX2((*byte)(unsafe.Pointer(&dst[0])), &acc[0], n, bias, scale, lo, hi, zero)
	if t := len(dst) - 8; n < len(dst) {
		requantRow8AVX2((*byte)(unsafe.Pointer(&dst[t])), &acc[t], 8, bias, scale, lo, hi, zero)
	}
	return len(dst)
}

//go:noescape
func qaddRow8AVX2(dst, a, b *byte, n int, ra, rb, k, lo, hi float32, xa, xb int32)

func qaddRow8Fast[TC, TA, TB int8 | uint8](dst []TC, a []TA, b []TB, ra, rb, k, lo, hi float32) int {
	n := len(dst) &^ 7
	if !hasAVX2 || n == 0 || len(a) < n || len(b) < n {
		return 0
	}
	qaddRow8AVX2((*byte)(unsafe.Pointer(&dst[0])), (*byte)(unsafe.Pointer(&a[0])), (*byte)(unsafe.Pointer(&b[0])),
		n, ra, rb, k, lo, hi, signFlip[TA](), signFlip[TB]())
	return n
}

//go:noescape
func pairRowsAVX2(dst *int32, a, b *byte, n int, flip, off int32, stride int)

// pairRowsFast does pairRows' first len(dst)&^15 values with AVX2 and
// returns how many it did.
func pairRowsFast[T int8 | uint8](dst []int32, a, b []T, zero int32) int {
	n := len(dst) &^ 15
	if !hasAVX2 || n == 0 || len(a) < n || len(b) < n {
		return 0
	}
	flip := signFlip[T]()
	pairRowsAVX2(&dst[0], (*byte)(unsafe.Pointer(&a[0])), (*byte)(unsafe.Pointer(&b[0])), n, flip, flip+zero, 64)
	return n
}

// pairPanelsFast writes pairs of a[j], b[j] (j < n16, a multiple of 16)
// as row p of consecutive gemmNR-column panels of depth kc, dst being
// panel 0's row p: dst[(j/16)*kc*16 + j%16]. It reports whether it ran.
func pairPanelsFast[T int8 | uint8](dst []int32, a, b []T, n16, kc int, zero int32) bool {
	if !hasAVX2 || n16 == 0 || n16%16 != 0 || len(a) < n16 || len(b) < n16 || len(dst) < (n16/16-1)*kc*16+16 {
		return false
	}
	flip := signFlip[T]()
	pairRowsAVX2(&dst[0], (*byte)(unsafe.Pointer(&a[0])), (*byte)(unsafe.Pointer(&b[0])), n16, flip, flip+zero, kc*16*4)
	return true
}

//go:noescape
func f32ToI32AVX2(p *float32, n int)

// bytesToF32Fast sets dst[i] = float32(int32(src[i]) − zero), exactly,
// for all of dst with AVX2 (padRowsBytesAVX2 as one unpadded row) and
// returns len(dst); 0 without AVX2.
func bytesToF32Fast[T int8 | uint8](dst []float32, src []T, zero int32) int {
	n := len(dst)
	if !hasAVX2 || n == 0 || len(src) < n {
		return 0
	}
	flip := signFlip[T]()
	padRowsBytesAVX2(&dst[0], n, (*byte)(unsafe.Pointer(&src[0])), n, 0, n, 1, flip, flip+zero)
	return n
}

// f32ToI32Fast converts the first len(v)&^7 values of v (exact integers)
// to int32 in place and returns how many.
func f32ToI32Fast(v []float32) int {
	n := len(v) &^ 7
	if !hasAVX2 || n == 0 {
		return 0
	}
	f32ToI32AVX2(&v[0], n)
	return n
}

//go:noescape
func quantF32To8AVX2(dst *byte, src *float32, n int, scale, flo, fhi float32, zero int32)

// quantizeF32Fast does QuantizeF32ToStored's first len(dst)&^7 values of
// 8-bit outputs with AVX-512 (sixteen at a time) and AVX2 and returns how
// many it did.
func quantizeF32Fast[T int8 | uint8 | int16 | uint16](dst []T, src []float32, scale, flo, fhi float32, zero int32) int {
	n := len(dst) &^ 7
	if !hasAVX2 || n == 0 || unsafe.Sizeof(dst[0]) != 1 || len(src) < n {
		return 0
	}
	d := (*byte)(unsafe.Pointer(&dst[0]))
	if m := n &^ 15; hasAVX512 && m > 0 {
		// Sixteen lanes a step: a division's throughput bounds these.
		quantF32To8AVX512(d, &src[0], m, scale, flo, fhi, zero)
		if m == n {
			return n
		}
		d, src = (*byte)(unsafe.Add(unsafe.Pointer(d), m)), src[m:]
		n -= m
		quantF32To8AVX2(d, &src[0], n, scale, flo, fhi, zero)
		return m + n
	}
	quantF32To8AVX2(d, &src[0], n, scale, flo, fhi, zero)
	return n
}

//go:noescape
func quantF32To8AVX512(dst *byte, src *float32, n int, scale, flo, fhi float32, zero int32)

//go:noescape
func shiftRowsAVX2(dst *byte, ow int, src *byte, srcPitch, rows, lo, hi int, zero byte)

// shiftRowsFast writes rows rows of ow values at dst: zero outside
// [lo, hi), there the values of src's rows (srcPitch apart, src[0] the
// value for column lo); it reports whether it could (AVX2).
func shiftRowsFast[T int8 | uint8](dst []T, ow int, src []T, srcPitch, rows, lo, hi int, zero T) bool {
	if !hasAVX2 || rows <= 0 || lo < 0 || hi > ow || lo >= hi || len(dst) < rows*ow || len(src) < (rows-1)*srcPitch+hi-lo {
		return false
	}
	shiftRowsAVX2((*byte)(unsafe.Pointer(&dst[0])), ow, (*byte)(unsafe.Pointer(&src[0])), srcPitch, rows, lo, hi, byte(zero))
	return true
}

//go:noescape
func evenBytesAVX2(dst, src *byte, n int)

// gather2Fast does gather2's first outputs 16 at a time while each block's
// 32 source bytes lie in src, and returns how many.
func gather2Fast[T int8 | uint8](o, src []T) int {
	n := min(len(o), len(src)/2) &^ 15
	if !hasAVX2 || n == 0 {
		return 0
	}
	evenBytesAVX2((*byte)(unsafe.Pointer(&o[0])), (*byte)(unsafe.Pointer(&src[0])), n)
	if n < len(o) && len(src) >= 2*len(o) {
		// The tail as the last 16, overlapping values already written
		// (with the same ones).
		t := len(o) - 16
		evenBytesAVX2((*byte)(unsafe.Pointer(&o[t])), (*byte)(unsafe.Pointer(&src[2*t])), 16)
		return len(o)
	}
	return n
}

//go:noescape
func deinterleaveRowsAVX2(even, odd *byte, dstStride int, src *byte, srcStride, n, rows int)

// deinterleaveRows sets even[r·ds + t] = src[r·ss + 2t] and
// odd[r·ds + t] = src[r·ss + 2t + 1] for rows r < rows and t < n, and
// reports whether it could (AVX2, n >= 4).
func deinterleaveRows[T int8 | uint8](even, odd []T, ds int, src []T, ss, n, rows int) bool {
	if !hasAVX2 || n < 4 || rows <= 0 {
		return false
	}
	last := (rows - 1) * ds
	if len(even) < last+n || len(odd) < last+n || len(src) < (rows-1)*ss+2*n {
		panic("tensor: deinterleaveRows out of range")
	}
	b := func(s []T) *byte { return (*byte)(unsafe.Pointer(unsafe.SliceData(s))) }
	deinterleaveRowsAVX2(b(even), b(odd), ds, b(src), ss, n, rows)
	return true
}

//go:noescape
func requantRows8AVX512(dst *byte, ldd int, acc *int32, lda int, rows, n int, bias *int32, biasStep int, scale *float32, scaleStep int, lo, hi float32, zero int32)

// requantRowsFast requantizes rows × n sums (row r at acc[r·lda:], of
// channel ch0+r) into dst's 8-bit values from lo on, row r at lo + r·ldd,
// in one AVX-512 call, and reports whether it did: it needs 8-bit
// storage, rows of at least 16 values and finite scales (the caller's
// check, rowsFastOK). bias holds the rows' biases (nil: none).
func requantRowsFast(dst *Tensor, lo, ldd int, acc []int32, lda, rows, n int, bias []int32, r *Requantizer, ch0 int) bool {
	if !hasAVX512 || n < 16 || rows <= 0 || len(acc) < (rows-1)*lda+n || (bias != nil && len(bias) < rows) ||
		r.Min < -128 || r.Max > 255 || r.Zero < -128 || r.Zero > 255 { // the packs keep 16 bits, then the low byte
		return false
	}
	d := bytesFrom(dst, lo, (rows-1)*ldd+n)
	if d == nil {
		return false
	}
	scale, step := &r.Scale[0], 0
	if len(r.Scale) > 1 {
		if len(r.Scale) < ch0+rows {
			return false
		}
		scale, step = &r.Scale[ch0], 1
	}
	var none int32
	b, bstep := &none, 0
	if bias != nil {
		b, bstep = &bias[0], 1
	}
	requantRows8AVX512(d, ldd, &acc[0], lda, rows, n, b, bstep, scale, step, float32(r.Min-r.Zero), float32(r.Max-r.Zero), r.Zero)
	return true
}

// bytesFrom is the address of 8-bit dst's value lo when n values from
// there lie in it, else nil.
func bytesFrom(dst *Tensor, lo, n int) *byte {
	switch v := dst.data.(type) {
	case []int8:
		if len(v) >= lo+n {
			return (*byte)(unsafe.Pointer(&v[lo]))
		}
	case []uint8:
		if len(v) >= lo+n {
			return (*byte)(unsafe.Pointer(&v[lo]))
		}
	}
	return nil
}

//go:noescape
func requantCols8AVX512(dst *byte, ldd int, acc *int32, lda int, rows, n int, bias *int32, scale *float32, rowBias *int32, rowStep int, lo, hi float32, zero int32)

// requantColsFast requantizes rows × n sums (row r at acc[r·lda:], plus
// rowBias[r] when rowBias is not nil) with column j's bias[j] and
// scale[j] (finite: the caller checks) into dst's 8-bit values from lo
// on, row r at lo + r·ldd, in one AVX-512 call, and reports whether it
// did (requantRowsFast's conditions).
func requantColsFast(dst *Tensor, lo, ldd int, acc []int32, lda, rows, n int, bias []int32, scale []float32, rowBias []int32, r *Requantizer) bool {
	if !hasAVX512 || n < 16 || rows <= 0 || len(acc) < (rows-1)*lda+n || len(bias) < n || len(scale) < n || (rowBias != nil && len(rowBias) < rows) ||
		r.Min < -128 || r.Max > 255 || r.Zero < -128 || r.Zero > 255 {
		return false
	}
	d := bytesFrom(dst, lo, (rows-1)*ldd+n)
	if d == nil {
		return false
	}
	var none int32
	rb, step := &none, 0
	if rowBias != nil {
		rb, step = &rowBias[0], 1
	}
	requantCols8AVX512(d, ldd, &acc[0], lda, rows, n, &bias[0], &scale[0], rb, step, float32(r.Min-r.Zero), float32(r.Max-r.Zero), r.Zero)
	return true
}

// requantColsAvailable reports whether requantColsFast can run here.
func requantColsAvailable() bool { return hasAVX512 }

//go:noescape
func dequant8AVX512(dst *float32, src *byte, n int, flip, off int32, scale float32)

// DequantizeBytesFast sets dst[i] = float32(int32(src[i]) − zero) · scale
// (quant.Params.Dequantize32 for 8-bit storage) for the first
// len(dst)&^15 values with AVX-512 and returns how many it did.
func DequantizeBytesFast[T int8 | uint8](dst []float32, src []T, zero int32, scale float32) int {
	n := len(dst) &^ 15
	if !hasAVX512 || n == 0 || len(src) < n {
		return 0
	}
	flip := signFlip[T]()
	dequant8AVX512(&dst[0], (*byte)(unsafe.Pointer(&src[0])), n, flip, flip+zero, scale)
	return n
}
