//go:build !amd64 || purego

package tensor

// Without assembly there is no small-plane depthwise kernel.
func dwSmallOK(g *convGeom) bool { return false }

func dwSmallPlanes(g *convGeom, x []float32) int { return 0 }

func dwSmallTabFor(g *convGeom) []int32 { return nil }

func depthwiseSmall(g *convGeom, x, w, bias, y []float32, tab []int32, p0, p1 int) {}
