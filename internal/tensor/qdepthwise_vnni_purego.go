//go:build !amd64 || purego

package tensor

// Without assembly 8-bit depthwise convolutions take the float32 path.
const hasDepthwiseQuads = false

func dwQuadRowsFast(dst []int32, src []byte, pitch, rows, n, stride int, w *[4]int32, flip byte) {
	panic("tensor: no depthwise quad kernel in this build")
}

func dwQuadPlaneRows(g *convGeom, x []byte, at int, out []int32, r0, r1 int, p *dwQuadPlan, w *[4]int32, flip byte, zeros []byte) {
	panic("tensor: no depthwise quad kernel in this build")
}
