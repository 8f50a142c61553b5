//go:build !amd64 || purego

package tensor

// Without assembly there are no blocked depthwise kernels.

var dwBlockedOff bool

func dwBlockedOK(g *convGeom) bool { return false }

func depthwiseBlocked(g *convGeom, x, w, bias, y []float32) {}

// MaxPool2DBlockedF32 has no kernels here: it never runs.
func MaxPool2DBlockedF32(y, x []float32, n, c, h, w, oh, ow int, kernel, strides, dilations [2]int, pt, pl int) bool {
	return false
}

// MaxPool2DBlocked8 has no kernels here: it never runs.
func MaxPool2DBlocked8[T int8 | uint8](y, x []T, n, c, h, w, oh, ow int, kernel, strides, dilations [2]int, pt, pl int) bool {
	return false
}
