//go:build amd64 && !purego

package tensor

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

// Assembly micro-kernels (gemm_amd64.s), with gemmKernel's contract: a is
// a packed MR-row panel, b a packed gemmNR(=16)-column panel, c the tile's
// first element, ldc its row stride in elements.
//
//   - sgemmKernAVX512: 12x16, one zmm accumulator per row, A broadcast from
//     memory into VFMADD231PS.
//   - sgemmKernAVX2: 6x16, two ymm accumulators per row (12 of 16 registers).
//   - igemmKernVNNI: 12x16 int32, VPDPWSSD (AVX-512 VNNI) with A's low 16
//     bits broadcast: each lane adds lo16(a)*lo16(b) + 0*hi16(b), which is
//     a*b exactly when both lie in int16 range (gemmKernel.lo16).
//   - igemmKernAVX2: 6x16 int32, the same product by VPMADDWD + VPADDD.
//
// Both f32 kernels accumulate s = fma(a, b, s) from s = 0 in increasing p,
// so they produce identical bits.

//go:noescape
func sgemmKernAVX512(kc int, a, b, c unsafe.Pointer, ldc int, acc bool)

//go:noescape
func sgemmKernAVX2(kc int, a, b, c unsafe.Pointer, ldc int, acc bool)

//go:noescape
func igemmKernVNNI(kc int, a, b, c unsafe.Pointer, ldc int, acc bool)

//go:noescape
func igemmKernAVX2(kc int, a, b, c unsafe.Pointer, ldc int, acc bool)

// The operating system must save the wide registers too; x/sys/cpu reports
// AVX2/AVX-512 only when it does (it checks XCR0).
var (
	hasAVX2   = cpu.X86.HasAVX2 && cpu.X86.HasFMA
	hasAVX512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512VL
	hasVNNI   = hasAVX512 && cpu.X86.HasAVX512VNNI
)

// simdKernelsF32 lists the f32 kernels this CPU runs, best first.
func simdKernelsF32() []gemmKernel[float32] {
	var ks []gemmKernel[float32]
	if hasAVX512 {
		ks = append(ks, gemmKernel[float32]{name: "avx512", mr: 12, run: sgemmKernAVX512})
	}
	if hasAVX2 {
		ks = append(ks, gemmKernel[float32]{name: "avx2", mr: 6, run: sgemmKernAVX2})
	}
	return ks
}

// simdKernelsI32 lists the int32 (16-bit operand) kernels, best first.
func simdKernelsI32() []gemmKernel[int32] {
	var ks []gemmKernel[int32]
	if hasVNNI {
		ks = append(ks, gemmKernel[int32]{name: "avx512vnni", mr: 12, lo16: true, run: igemmKernVNNI})
	}
	if hasAVX2 {
		ks = append(ks, gemmKernel[int32]{name: "avx2", mr: 6, lo16: true, run: igemmKernAVX2})
	}
	return ks
}
