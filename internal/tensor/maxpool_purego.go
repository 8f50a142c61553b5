//go:build !amd64 || purego

package tensor

// MaxPoolRow3x3Fast has no portable SIMD form: it does nothing.
func MaxPoolRow3x3Fast(o, r0, r1, r2 []float32, ix0, sw int) int { return 0 }

// MaxPool3x3s2PlaneF32 has no portable SIMD form: it reports false, and
// the caller's loop runs.
func MaxPool3x3s2PlaneF32(o, x, scratch []float32, h, w int) bool { return false }

// MaxRows3Fast has no portable SIMD form: it does nothing.
func MaxRows3Fast[T int8 | uint8](dst, r0, r1, r2 []T) int { return 0 }

// MaxShift3Fast has no portable SIMD form: it does nothing.
func MaxShift3Fast[T int8 | uint8](dst, src []T) int { return 0 }

// MaxPool2x2S2RowFast has no portable SIMD form: it does nothing.
func MaxPool2x2S2RowFast[T int8 | uint8](dst, r0, r1 []T) int { return 0 }
