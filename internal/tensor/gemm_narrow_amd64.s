//go:build amd64 && !purego

#include "textflag.h"

// Narrow float32 GEMM tiles on AVX-512: the last 1-4 columns of a
// product, whose 16-wide panel would be mostly padding. For each of np
// packed A panels ([kc][mr], mr <= 16, stride bytes apart) and each of
// four columns of b ([kc][4], contiguous), one accumulator of 16 lanes
// (lane i: row i) sums a[p·mr+i]·b[p·4+j] over p in increasing order
// from 0, one FMA a step: the same chain as the panel kernels' (gemm.go),
// so the same bits. Lanes mr..15 read the next values of A (the caller
// guarantees 16 readable values from every load) and are ignored.
// out receives np·4 vectors of 16: panel q, column j at (q·4+j)·16.

#define NARROW4(Q0, Q1, Q2, Q3) \
	VFMADD231PS Z20, Z16, Q0 \
	VFMADD231PS Z21, Z16, Q1 \
	VFMADD231PS Z22, Z16, Q2 \
	VFMADD231PS Z23, Z16, Q3

// func sgemmNarrow4AVX512(kc int, a unsafe.Pointer, stride int, b, out unsafe.Pointer, mrBytes int)
// Four panels.
TEXT ·sgemmNarrow4AVX512(SB), NOSPLIT, $0-48
	MOVQ kc+0(FP), CX
	MOVQ a+8(FP), SI
	MOVQ stride+16(FP), R8
	LEAQ (SI)(R8*1), R9
	LEAQ (R9)(R8*1), R10
	LEAQ (R10)(R8*1), R11
	MOVQ b+24(FP), DX
	MOVQ mrBytes+40(FP), R12
	VPXORD Z0, Z0, Z0
	VPXORD Z1, Z1, Z1
	VPXORD Z2, Z2, Z2
	VPXORD Z3, Z3, Z3
	VPXORD Z4, Z4, Z4
	VPXORD Z5, Z5, Z5
	VPXORD Z6, Z6, Z6
	VPXORD Z7, Z7, Z7
	VPXORD Z8, Z8, Z8
	VPXORD Z9, Z9, Z9
	VPXORD Z10, Z10, Z10
	VPXORD Z11, Z11, Z11
	VPXORD Z12, Z12, Z12
	VPXORD Z13, Z13, Z13
	VPXORD Z14, Z14, Z14
	VPXORD Z15, Z15, Z15

n4loop:
	VBROADCASTSS 0(DX), Z20
	VBROADCASTSS 4(DX), Z21
	VBROADCASTSS 8(DX), Z22
	VBROADCASTSS 12(DX), Z23
	VMOVUPS      (SI), Z16
	NARROW4(Z0, Z1, Z2, Z3)
	VMOVUPS      (R9), Z16
	NARROW4(Z4, Z5, Z6, Z7)
	VMOVUPS      (R10), Z16
	NARROW4(Z8, Z9, Z10, Z11)
	VMOVUPS      (R11), Z16
	NARROW4(Z12, Z13, Z14, Z15)
	ADDQ         R12, SI
	ADDQ         R12, R9
	ADDQ         R12, R10
	ADDQ         R12, R11
	ADDQ         $16, DX
	DECQ         CX
	JNZ          n4loop

	MOVQ    out+32(FP), DI
	VMOVUPS Z0, 0(DI)
	VMOVUPS Z1, 64(DI)
	VMOVUPS Z2, 128(DI)
	VMOVUPS Z3, 192(DI)
	VMOVUPS Z4, 256(DI)
	VMOVUPS Z5, 320(DI)
	VMOVUPS Z6, 384(DI)
	VMOVUPS Z7, 448(DI)
	VMOVUPS Z8, 512(DI)
	VMOVUPS Z9, 576(DI)
	VMOVUPS Z10, 640(DI)
	VMOVUPS Z11, 704(DI)
	VMOVUPS Z12, 768(DI)
	VMOVUPS Z13, 832(DI)
	VMOVUPS Z14, 896(DI)
	VMOVUPS Z15, 960(DI)
	VZEROUPPER
	RET

// func sgemmNarrow1AVX512(kc int, a unsafe.Pointer, stride int, b, out unsafe.Pointer, mrBytes int)
// One panel (stride unused).
TEXT ·sgemmNarrow1AVX512(SB), NOSPLIT, $0-48
	MOVQ kc+0(FP), CX
	MOVQ a+8(FP), SI
	MOVQ b+24(FP), DX
	MOVQ mrBytes+40(FP), R12
	VPXORD Z0, Z0, Z0
	VPXORD Z1, Z1, Z1
	VPXORD Z2, Z2, Z2
	VPXORD Z3, Z3, Z3

n1loop:
	VBROADCASTSS 0(DX), Z20
	VBROADCASTSS 4(DX), Z21
	VBROADCASTSS 8(DX), Z22
	VBROADCASTSS 12(DX), Z23
	VMOVUPS      (SI), Z16
	NARROW4(Z0, Z1, Z2, Z3)
	ADDQ         R12, SI
	ADDQ         $16, DX
	DECQ         CX
	JNZ          n1loop

	MOVQ    out+32(FP), DI
	VMOVUPS Z0, 0(DI)
	VMOVUPS Z1, 64(DI)
	VMOVUPS Z2, 128(DI)
	VMOVUPS Z3, 192(DI)
	VZEROUPPER
	RET

// The same for 8-bit quads on AVX-512 VNNI: a packed A panel holds, per
// k step, one int32 of four signed weight bytes per row, and b one int32
// of four unsigned input bytes per column; VPDPBUSD adds the four
// products of a lane's bytes. Integer sums: any order gives the same.

#define QNARROW4(Q0, Q1, Q2, Q3) \
	VPDPBUSD Z16, Z20, Q0 \
	VPDPBUSD Z16, Z21, Q1 \
	VPDPBUSD Z16, Z22, Q2 \
	VPDPBUSD Z16, Z23, Q3

// func igemmNarrow4VNNI(kc int, a unsafe.Pointer, stride int, b, out unsafe.Pointer, mrBytes int)
TEXT ·igemmNarrow4VNNI(SB), NOSPLIT, $0-48
	MOVQ kc+0(FP), CX
	MOVQ a+8(FP), SI
	MOVQ stride+16(FP), R8
	LEAQ (SI)(R8*1), R9
	LEAQ (R9)(R8*1), R10
	LEAQ (R10)(R8*1), R11
	MOVQ b+24(FP), DX
	MOVQ mrBytes+40(FP), R12
	VPXORD Z0, Z0, Z0
	VPXORD Z1, Z1, Z1
	VPXORD Z2, Z2, Z2
	VPXORD Z3, Z3, Z3
	VPXORD Z4, Z4, Z4
	VPXORD Z5, Z5, Z5
	VPXORD Z6, Z6, Z6
	VPXORD Z7, Z7, Z7
	VPXORD Z8, Z8, Z8
	VPXORD Z9, Z9, Z9
	VPXORD Z10, Z10, Z10
	VPXORD Z11, Z11, Z11
	VPXORD Z12, Z12, Z12
	VPXORD Z13, Z13, Z13
	VPXORD Z14, Z14, Z14
	VPXORD Z15, Z15, Z15

q4loop:
	VPBROADCASTD 0(DX), Z20
	VPBROADCASTD 4(DX), Z21
	VPBROADCASTD 8(DX), Z22
	VPBROADCASTD 12(DX), Z23
	VMOVDQU32    (SI), Z16
	QNARROW4(Z0, Z1, Z2, Z3)
	VMOVDQU32    (R9), Z16
	QNARROW4(Z4, Z5, Z6, Z7)
	VMOVDQU32    (R10), Z16
	QNARROW4(Z8, Z9, Z10, Z11)
	VMOVDQU32    (R11), Z16
	QNARROW4(Z12, Z13, Z14, Z15)
	ADDQ         R12, SI
	ADDQ         R12, R9
	ADDQ         R12, R10
	ADDQ         R12, R11
	ADDQ         $16, DX
	DECQ         CX
	JNZ          q4loop

	MOVQ      out+32(FP), DI
	VMOVDQU32 Z0, 0(DI)
	VMOVDQU32 Z1, 64(DI)
	VMOVDQU32 Z2, 128(DI)
	VMOVDQU32 Z3, 192(DI)
	VMOVDQU32 Z4, 256(DI)
	VMOVDQU32 Z5, 320(DI)
	VMOVDQU32 Z6, 384(DI)
	VMOVDQU32 Z7, 448(DI)
	VMOVDQU32 Z8, 512(DI)
	VMOVDQU32 Z9, 576(DI)
	VMOVDQU32 Z10, 640(DI)
	VMOVDQU32 Z11, 704(DI)
	VMOVDQU32 Z12, 768(DI)
	VMOVDQU32 Z13, 832(DI)
	VMOVDQU32 Z14, 896(DI)
	VMOVDQU32 Z15, 960(DI)
	VZEROUPPER
	RET

// func igemmNarrow1VNNI(kc int, a unsafe.Pointer, stride int, b, out unsafe.Pointer, mrBytes int)
TEXT ·igemmNarrow1VNNI(SB), NOSPLIT, $0-48
	MOVQ kc+0(FP), CX
	MOVQ a+8(FP), SI
	MOVQ b+24(FP), DX
	MOVQ mrBytes+40(FP), R12
	VPXORD Z0, Z0, Z0
	VPXORD Z1, Z1, Z1
	VPXORD Z2, Z2, Z2
	VPXORD Z3, Z3, Z3

q1loop:
	VPBROADCASTD 0(DX), Z20
	VPBROADCASTD 4(DX), Z21
	VPBROADCASTD 8(DX), Z22
	VPBROADCASTD 12(DX), Z23
	VMOVDQU32    (SI), Z16
	QNARROW4(Z0, Z1, Z2, Z3)
	ADDQ         R12, SI
	ADDQ         $16, DX
	DECQ         CX
	JNZ          q1loop

	MOVQ      out+32(FP), DI
	VMOVDQU32 Z0, 0(DI)
	VMOVDQU32 Z1, 64(DI)
	VMOVDQU32 Z2, 128(DI)
	VMOVDQU32 Z3, 192(DI)
	VZEROUPPER
	RET
