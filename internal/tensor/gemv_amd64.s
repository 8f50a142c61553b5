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

// func faxpyQ8FMA(a float32, q *int8, scale, y *float32, n int)
// y[i] = fma(a, float32(q[i])·scale[i], y[i]) for the first n (a multiple
// of 8) elements: the product rounded once, as float32(q)·scale is, then
// faxpyFMA's fused multiply-add.
TEXT ·faxpyQ8FMA(SB), NOSPLIT, $0-40
	VBROADCASTSS a+0(FP), Y0
	MOVQ q+8(FP), SI
	MOVQ scale+16(FP), DX
	MOVQ y+24(FP), DI
	MOVQ n+32(FP), CX
	SHRQ $3, CX
	JZ   qdone

qloop:
	VPMOVSXBD (SI), Y1
	VCVTDQ2PS Y1, Y1
	VMULPS (DX), Y1, Y1
	VFMADD213PS (DI), Y0, Y1
	VMOVUPS Y1, (DI)
	ADDQ $8, SI
	ADDQ $32, DX
	ADDQ $32, DI
	DECQ CX
	JNZ  qloop

qdone:
	VZEROUPPER
	RET

// func faxpy4Q8AVX512(a *float32, q *int8, ldq int, scale, y *float32, n int)
// Four rows of faxpyQ8FMA in one pass over y: for each of the first n (a
// multiple of 16) elements, y = fma(a[r], float32(q[r·ldq + i])·scale[i],
// y) for r = 0, 1, 2, 3 in that order, the operations four faxpyQ8FMA
// calls make, with y loaded and stored once.
TEXT ·faxpy4Q8AVX512(SB), NOSPLIT, $0-48
	MOVQ a+0(FP), AX
	VBROADCASTSS 0(AX), Z0
	VBROADCASTSS 4(AX), Z1
	VBROADCASTSS 8(AX), Z2
	VBROADCASTSS 12(AX), Z3
	MOVQ q+8(FP), SI
	MOVQ ldq+16(FP), R8
	LEAQ (SI)(R8*1), R9
	LEAQ (R9)(R8*1), R10
	LEAQ (R10)(R8*1), R11
	MOVQ scale+24(FP), DX
	MOVQ y+32(FP), DI
	MOVQ n+40(FP), CX
	SHRQ $4, CX
	JZ   q4done
	XORQ BX, BX

q4loop:
	VMOVUPS (DX)(BX*4), Z4
	VMOVUPS (DI)(BX*4), Z5
	VPMOVSXBD (SI)(BX*1), Z6
	VCVTDQ2PS Z6, Z6
	VMULPS Z4, Z6, Z6
	VFMADD231PS Z6, Z0, Z5
	VPMOVSXBD (R9)(BX*1), Z7
	VCVTDQ2PS Z7, Z7
	VMULPS Z4, Z7, Z7
	VFMADD231PS Z7, Z1, Z5
	VPMOVSXBD (R10)(BX*1), Z8
	VCVTDQ2PS Z8, Z8
	VMULPS Z4, Z8, Z8
	VFMADD231PS Z8, Z2, Z5
	VPMOVSXBD (R11)(BX*1), Z9
	VCVTDQ2PS Z9, Z9
	VMULPS Z4, Z9, Z9
	VFMADD231PS Z9, Z3, Z5
	VMOVUPS Z5, (DI)(BX*4)
	ADDQ $16, BX
	DECQ CX
	JNZ  q4loop

q4done:
	VZEROUPPER
	RET
