//go:build !amd64 || purego

package tensor

// Without assembly kernels only the pure-Go ones exist.

func simdKernelsF32() []gemmKernel[float32] { return nil }

func simdKernelsI32() []gemmKernel[int32] { return nil }

func simdKernelsU8S8() []gemmKernel[int32] { return nil }
