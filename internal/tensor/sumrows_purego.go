//go:build !amd64 || purego

package tensor

func sumRows8Fast(xs []float32, n int, acc []float64) int { return 0 }

func layerNorm8OK(d int) bool { return false }

func layerNorm8(o, x []float32, sv, bv []float64, d int, epsilon float64) {}
