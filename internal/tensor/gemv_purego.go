//go:build !amd64 || purego

package tensor

// Without assembly there is no fused row update; the pure-Go kernels
// round each product, so the tiled path is the one that matches them.
var haveFaxpy = false

func faxpy(a float32, x, y []float32) { panic("tensor: faxpy without FMA") }

func faxpyQ8(a float32, q []int8, scale, y []float32) { panic("tensor: faxpyQ8 without FMA") }

func faxpy4Q8(a *[4]float32, q []int8, ldq int, scale, y []float32) bool { return false }
