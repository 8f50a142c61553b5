//go:build !amd64 || purego

package tensor

// Without assembly phasePlanesOf copies row by row in Go.
func phaseRowsAvailable() bool { return false }

func phaseRowsFast(dst, src []float32, rows, wq, lo, hi, srcStride, sw int) bool { return false }

func prefetchBlocks(x []float32, blocks, n, stride int) {}
