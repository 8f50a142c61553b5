//go:build !amd64 || purego

package tensor

func sumRows8Fast(xs []float32, n int, acc []float64) int { return 0 }
