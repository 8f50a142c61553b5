//go:build !amd64 || purego

package tensor

// Without assembly kernels only the pure-Go ones exist.

func simdKernelsF32() []gemmKernel[float32] { return nil }

func simdKernelsI32() []gemmKernel[int32] { return nil }

func simdKernelsU8S8() []gemmKernel[int32] { return nil }

const gemmNarrowCols = 4

func sgemmNarrow(kc, mr, mc int, a, b []float32, ldb, nr int, c []float32, ldc int, acc bool) {
	panic("tensor: narrow gemm needs assembly")
}
