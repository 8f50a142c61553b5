//go:build !amd64 || purego

package tensor

// requantRowFast: no SIMD rows here; requantRow does every value.
func requantRowFast[T int8 | uint8 | int16 | uint16](dst []T, acc []int32, bias int32, scale, lo, hi float32, zero int32) int {
	return 0
}

func qaddRow8Fast[TC, TA, TB int8 | uint8](dst []TC, a []TA, b []TB, ra, rb, k, lo, hi float32) int {
	return 0
}

func pairRowsFast[T int8 | uint8](dst []int32, a, b []T, zero int32) int { return 0 }

func pairPanelsFast[T int8 | uint8](dst []int32, a, b []T, n16, kc int, zero int32) bool {
	return false
}

func bytesToF32Fast[T int8 | uint8](dst []float32, src []T, zero int32) int { return 0 }

func f32ToI32Fast(v []float32) int { return 0 }

func quantizeF32Fast[T int8 | uint8 | int16 | uint16](dst []T, src []float32, scale, flo, fhi float32, zero int32) int {
	return 0
}

func shiftRowsFast[T int8 | uint8](dst []T, ow int, src []T, srcPitch, rows, lo, hi int, zero T) bool {
	return false
}

func gather2Fast[T int8 | uint8](o, src []T) int { return 0 }

func quadPanelsFast[T int8 | uint8](dst []int32, r *[4][]T, n16, kc int, flip byte) bool {
	return false
}

func deinterleaveRows[T int8 | uint8](even, odd []T, ds int, src []T, ss, n, rows int) bool {
	return false
}

func requantRowsFast(dst *Tensor, lo, ldd int, acc []int32, lda, rows, n int, bias []int32, r *Requantizer, ch0 int) bool {
	return false
}

func requantColsFast(dst *Tensor, lo, ldd int, acc []int32, lda, rows, n int, bias []int32, scale []float32, rowBias []int32, r *Requantizer) bool {
	return false
}

func requantColsAvailable() bool { return false }

// DequantizeBytesFast: no SIMD here; the caller does every value.
func DequantizeBytesFast[T int8 | uint8](dst []float32, src []T, zero int32, scale float32) int {
	return 0
}

func quadPanelFast(d []int32, a []byte, lda, mr, quads int, flip byte) int { return 0 }

func rowSumsFast(sums []int32, a []byte, k int, x byte) bool { return false }

// gemvQuadsAvailable: no gemvQuadsFast here.
func gemvQuadsAvailable() bool { return false }

// gemvQuadsFast has no portable SIMD form: it reports false.
func gemvQuadsFast(c, a, b []int32, kc, panels int) bool { return false }

func interleaveQuadsFast[T int8 | uint8](dst []int32, src *[4][]T, flip byte) int { return 0 }
