//go:build !amd64 || purego

package tensor

// Without assembly the depthwise rows are all pure Go.

const haveDepthwiseSIMD = false

func dw3x3s1Fast(out, s0, s1, s2 []float32, w *[9]float32) int { return 0 }

func dw3x3s2Fast(out, s0, s1, s2 []float32, w *[9]float32) int { return 0 }

func axpyFast(d, s []float32, a float32) int { return 0 }

func haveDepthwiseBlocks() bool { return false }

func dwBlocks(sw int, dst, src []float32, tab []int32, rowBytes int, w *[9]float32, ep *dwEpilogue) {
	panic("tensor: depthwise block kernels need assembly")
}

func padRowsFast[T float32 | int8 | uint8](pad []float32, wp int, x []T, srcPitch, lo, n, rows int, in *dwInts) bool {
	return false
}

const dwZeroRowLen = 0

func havePlaneKernels() bool { return false }

func dwPlaneRows(g *convGeom, x []float32, at int, w, y []float32, r0, r1 int, p *dwPlanePlan, ep *dwEpilogue) {
	panic("tensor: depthwise plane kernels need assembly")
}

func dwTapsOK(g *convGeom) bool { return false }

func dwTapsRows(y, src []float32, base, ow, rows, rowStep, yPitch int, taps []int32, w []float32) {
	panic("tensor: the depthwise tap kernel needs assembly")
}
