//go:build !amd64 || purego

package tensor

// Without assembly there are no blocked depthwise kernels.

var dwBlockedOff bool

func dwBlockedOK(g *convGeom) bool { return false }

func depthwiseBlocked(g *convGeom, x, w, bias, y []float32) {}
