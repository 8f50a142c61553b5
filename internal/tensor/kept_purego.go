//go:build !amd64 || purego

package tensor

// Without assembly keptRow takes its passes.
func keptRowFast(dst, src, res []float32, j0, ow, wq int, b float32, bias, resFirst, clip bool, lo, hi float32) bool {
	return false
}
