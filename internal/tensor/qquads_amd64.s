//go:build amd64 && !purego

#include "textflag.h"

// func quadRowsAVX(dst *int32, r0, r1, r2, r3 *byte, n int, flip int32, stride int)
// dst[j%16 + (j/16)*stride/4] = the bytes r0[j], r1[j], r2[j], r3[j]
// (little-endian), each XORed with flip, for j in [0, n), n a multiple
// of 16: one GEMM panel row of 16 quads per iteration, each stride bytes
// after the last (qquads.go).
TEXT ·quadRowsAVX(SB), NOSPLIT, $0-64
	MOVQ dst+0(FP), DI
	MOVQ r0+8(FP), SI
	MOVQ r1+16(FP), DX
	MOVQ r2+24(FP), R10
	MOVQ r3+32(FP), R11
	MOVQ n+40(FP), CX
	MOVL flip+48(FP), AX
	VMOVD AX, X6
	VPBROADCASTB X6, X6
	MOVQ stride+56(FP), R8

qloop:
	CMPQ CX, $16
	JLT  qdone
	VPXOR (SI), X6, X0
	VPXOR (DX), X6, X1
	VPXOR (R10), X6, X2
	VPXOR (R11), X6, X3
	VPUNPCKLBW X1, X0, X4 // r0 r1 byte pairs, columns 0-7
	VPUNPCKHBW X1, X0, X5 // columns 8-15
	VPUNPCKLBW X3, X2, X8 // r2 r3
	VPUNPCKHBW X3, X2, X9
	VPUNPCKLWD X8, X4, X0 // quads, columns 0-3
	VPUNPCKHWD X8, X4, X1 // 4-7
	VPUNPCKLWD X9, X5, X2 // 8-11
	VPUNPCKHWD X9, X5, X3 // 12-15
	VMOVDQU X0, (DI)
	VMOVDQU X1, 16(DI)
	VMOVDQU X2, 32(DI)
	VMOVDQU X3, 48(DI)
	ADDQ $16, SI
	ADDQ $16, DX
	ADDQ $16, R10
	ADDQ $16, R11
	ADDQ R8, DI
	SUBQ $16, CX
	JMP  qloop

qdone:
	RET
