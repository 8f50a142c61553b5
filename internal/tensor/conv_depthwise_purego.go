//go:build !amd64 || purego

package tensor

// Without assembly the depthwise rows are all pure Go.

const haveDepthwiseSIMD = false

func dw3x3s1Fast(out, s0, s1, s2 []float32, w *[9]float32) int { return 0 }

func dw3x3s2Fast(out, s0, s1, s2 []float32, w *[9]float32) int { return 0 }

func axpyFast(d, s []float32, a float32) int { return 0 }
