//go:build amd64 && !purego

package tensor

import "golang.org/x/sys/cpu"

//go:noescape
func f32ToF16F16C(dst *uint16, src *float32, n int)

//go:noescape
func f16ToF32AVX2(dst *float32, src *uint16, n int)

var hasF16C = hasAVX2 && cpu.X86.HasF16C

// f32ToF16Fast converts the first len(dst)&^7 values as ir.Float32ToHalf
// would and returns how many it did.
func f32ToF16Fast(dst []uint16, src []float32) int {
	n := len(dst) &^ 7
	if !hasF16C || n == 0 || len(src) < n {
		return 0
	}
	f32ToF16F16C(&dst[0], &src[0], n)
	return n
}

// f16ToF32Fast converts the first len(dst)&^7 values as ir.HalfToFloat32
// would and returns how many it did.
func f16ToF32Fast(dst []float32, src []uint16) int {
	n := len(dst) &^ 7
	if !hasAVX2 || n == 0 || len(src) < n {
		return 0
	}
	f16ToF32AVX2(&dst[0], &src[0], n)
	return n
}
