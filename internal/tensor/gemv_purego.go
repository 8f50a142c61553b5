//go:build !amd64 || purego

package tensor

// Without assembly there is no fused row update; the pure-Go kernels
// round each product, so the tiled path is the one that matches them.
var haveFaxpy = false

func faxpy(a float32, x, y []float32) { panic("tensor: faxpy without FMA") }
