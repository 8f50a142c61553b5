//go:build amd64 && !purego

#include "textflag.h"

// Narrow GEMM tiles on AVX-512: the last 1-4 columns of a product, whose
// 16-wide panel would be mostly padding. For each of np packed A panels
// ([kc][mr], mr <= 16, stride bytes apart) and each of four columns of b
// ([kc][4], contiguous), one accumulator of 16 lanes (lane i: row i) sums
// over the k steps p in increasing order from 0. Lanes mr..15 read the
// next values of A (the caller guarantees 16 readable values from every
// load) and are ignored. out receives np·4 vectors of 16: panel q,
// column j at (q·4+j)·16.
//
// float32 (sgemmNarrow*): a[p·mr+i]·b[p·4+j], one FMA a step: the same
// chain as the panel kernels' (gemm.go), so the same bits.
// 8-bit quads on VNNI (igemmNarrow*): a packed A panel holds, per k
// step, one int32 of four signed weight bytes per row, and b one int32 of
// four unsigned input bytes per column; VPDPBUSD adds the four products
// of a lane's bytes. Integer sums: any order gives the same.

// Q0..Q3 += A's lanes (Z16) times columns 0..3 (Z20..Z23).
#define FMA4(Q0, Q1, Q2, Q3) \
	VFMADD231PS Z20, Z16, Q0 \
	VFMADD231PS Z21, Z16, Q1 \
	VFMADD231PS Z22, Z16, Q2 \
	VFMADD231PS Z23, Z16, Q3

#define DOT4(Q0, Q1, Q2, Q3) \
	VPDPBUSD Z16, Z20, Q0 \
	VPDPBUSD Z16, Z21, Q1 \
	VPDPBUSD Z16, Z22, Q2 \
	VPDPBUSD Z16, Z23, Q3

// B's four columns of step p, broadcast to Z20..Z23.
#define BCAST4(BCAST) \
	BCAST 0(DX), Z20 \
	BCAST 4(DX), Z21 \
	BCAST 8(DX), Z22 \
	BCAST 12(DX), Z23

#define ZERO4(Q0, Q1, Q2, Q3) \
	VPXORD Q0, Q0, Q0 \
	VPXORD Q1, Q1, Q1 \
	VPXORD Q2, Q2, Q2 \
	VPXORD Q3, Q3, Q3

#define STORE4(Q0, Q1, Q2, Q3, off) \
	VMOVDQU32 Q0, off(DI) \
	VMOVDQU32 Q1, off+64(DI) \
	VMOVDQU32 Q2, off+128(DI) \
	VMOVDQU32 Q3, off+192(DI)

// NARROW4 is a four-panel kernel:
// func(kc int, a unsafe.Pointer, stride int, b, out unsafe.Pointer, mrBytes int)
#define NARROW4(name, loop, BCAST, STEP) \
TEXT name(SB), NOSPLIT, $0-48 \
	MOVQ kc+0(FP), CX \
	MOVQ a+8(FP), SI \
	MOVQ stride+16(FP), R8 \
	LEAQ (SI)(R8*1), R9 \
	LEAQ (R9)(R8*1), R10 \
	LEAQ (R10)(R8*1), R11 \
	MOVQ b+24(FP), DX \
	MOVQ mrBytes+40(FP), R12 \
	ZERO4(Z0, Z1, Z2, Z3) \
	ZERO4(Z4, Z5, Z6, Z7) \
	ZERO4(Z8, Z9, Z10, Z11) \
	ZERO4(Z12, Z13, Z14, Z15) \
loop: \
	BCAST4(BCAST) \
	VMOVDQU32 (SI), Z16 \
	STEP(Z0, Z1, Z2, Z3) \
	VMOVDQU32 (R9), Z16 \
	STEP(Z4, Z5, Z6, Z7) \
	VMOVDQU32 (R10), Z16 \
	STEP(Z8, Z9, Z10, Z11) \
	VMOVDQU32 (R11), Z16 \
	STEP(Z12, Z13, Z14, Z15) \
	ADDQ R12, SI \
	ADDQ R12, R9 \
	ADDQ R12, R10 \
	ADDQ R12, R11 \
	ADDQ $16, DX \
	DECQ CX \
	JNZ  loop \
	MOVQ out+32(FP), DI \
	STORE4(Z0, Z1, Z2, Z3, 0) \
	STORE4(Z4, Z5, Z6, Z7, 256) \
	STORE4(Z8, Z9, Z10, Z11, 512) \
	STORE4(Z12, Z13, Z14, Z15, 768) \
	VZEROUPPER \
	RET

// NARROW1 is a one-panel kernel (stride unused), same signature.
#define NARROW1(name, loop, BCAST, STEP) \
TEXT name(SB), NOSPLIT, $0-48 \
	MOVQ kc+0(FP), CX \
	MOVQ a+8(FP), SI \
	MOVQ b+24(FP), DX \
	MOVQ mrBytes+40(FP), R12 \
	ZERO4(Z0, Z1, Z2, Z3) \
loop: \
	BCAST4(BCAST) \
	VMOVDQU32 (SI), Z16 \
	STEP(Z0, Z1, Z2, Z3) \
	ADDQ R12, SI \
	ADDQ $16, DX \
	DECQ CX \
	JNZ  loop \
	MOVQ out+32(FP), DI \
	STORE4(Z0, Z1, Z2, Z3, 0) \
	VZEROUPPER \
	RET

NARROW4(·sgemmNarrow4AVX512, n4loop, VBROADCASTSS, FMA4)
NARROW1(·sgemmNarrow1AVX512, n1loop, VBROADCASTSS, FMA4)
NARROW4(·igemmNarrow4VNNI, q4loop, VPBROADCASTD, DOT4)
NARROW1(·igemmNarrow1VNNI, q1loop, VPBROADCASTD, DOT4)
