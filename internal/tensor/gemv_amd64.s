//go:build amd64 && !purego

#include "textflag.h"

// func faxpyFMA(a float32, x, y *float32, n int)
// y[i] = fma(a, x[i], y[i]) for n a multiple of 8 (AVX2 + FMA): one
// rounding per element, as the GEMM micro-kernels' VFMADD231PS.
TEXT ·faxpyFMA(SB), NOSPLIT, $0-32
	VBROADCASTSS a+0(FP), Y0
	MOVQ x+8(FP), SI
	MOVQ y+16(FP), DI
	MOVQ n+24(FP), CX
	SHRQ $3, CX
	JZ done
loop:
	VMOVUPS (SI), Y1
	VFMADD213PS (DI), Y0, Y1
	VMOVUPS Y1, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ loop
done:
	VZEROUPPER
	RET
