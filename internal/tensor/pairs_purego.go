//go:build !amd64 || purego

package tensor

func pairSumFast(dst, src []float32) int { return 0 }

func gatherLastFast(dst, src []float32, rows, dlen int, idx []int32) bool { return false }

func gemvColAvailable() bool { return false }

func gemvColPanels(acc *[64]float32, a []float32, stride int, x []float32, kc, mr, np int, add bool) {
	panic("tensor: gemv column: no SIMD kernel in this build")
}
