//go:build !amd64 || purego

package tensor

// Without assembly kernels only the pure-Go ones exist.

func simdKernelsF32() []gemmKernel[float32] { return nil }

func simdKernelsI32() []gemmKernel[int32] { return nil }

func simdKernelsU8S8() []gemmKernel[int32] { return nil }

const gemmNarrowCols = 4

func gemmNarrow[T gemmElem](kc, mr, mc int, a, b []T, ldb, nr int, c []T, ldc int, acc bool) {
	panic("tensor: narrow gemm needs assembly")
}
