//go:build !amd64 || purego

package tensor

// Without assembly the average pool adds its taps pass by pass.
func avgTapsFast(dst, src []float32, off []int, div float32) bool { return false }
