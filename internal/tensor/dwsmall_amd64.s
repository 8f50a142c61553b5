//go:build amd64 && !purego

#include "textflag.h"

// func dwSmall3x3AVX512(y, x, w, bias *float32, planes, h, wd int, tab *int32, nv int, lo, hi float32, flags int, scratch *float32)
//
// 3x3 stride-1 depthwise convolutions with one value of padding on every
// side, of planes whose padded rows fit one vector (wd+2 <= 16): per
// plane, the plane is copied into a zero-padded (h+2)×(wd+2) scratch and
// the outputs are computed over its "extended" columns e = oy·(wd+2) + ox
// (ox < wd+2), sixteen a step; each vector's kept lanes (ox < wd) are
// compressed and stored (tab: per vector, the kept-lane mask, the first
// output's index, the store mask). The arithmetic is the plane kernels'
// (conv_depthwise_plane_amd64.s): 0 + Σ_(ki,kj) x·w in tap order, each
// product rounded, then the bias (flags&1, else +0) and the clamp to
// [lo, hi] (±Inf without one), so the bits are theirs.

// TAPROW adds one kernel row's three taps (inputs at A, B, C, weights
// WA, WB, WC) to Z9, each product rounded, in tap order.
#define TAPROW(A, B, C, WA, WB, WC) \
	VMOVUPS A, Z13 \
	VMOVUPS B, Z14 \
	VMOVUPS C, Z15 \
	VMULPS  Z13, WA, Z13 \
	VADDPS  Z13, Z9, Z9 \
	VMULPS  Z14, WB, Z14 \
	VADDPS  Z14, Z9, Z9 \
	VMULPS  Z15, WC, Z15 \
	VADDPS  Z15, Z9, Z9

TEXT ·dwSmall3x3AVX512(SB), NOSPLIT, $0-96
	MOVQ y+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ w+16(FP), R8
	MOVQ bias+24(FP), R9
	MOVQ planes+32(FP), R10
	VBROADCASTSS lo+72(FP), Z20
	VBROADCASTSS hi+76(FP), Z21
	// R11 = the padded row in bytes, R12 twice that.
	MOVQ wd+48(FP), R11
	ADDQ $2, R11
	SHLQ $2, R11
	LEAQ (R11)(R11*1), R12
	// K7: an input row's lanes.
	MOVQ wd+48(FP), CX
	MOVL $1, AX
	SHLL CX, AX
	DECL AX
	KMOVW AX, K7
	VPXORD Z31, Z31, Z31

	// Two scratch planes: the next plane is copied into one (R14) while
	// the products read the other (R13), so that they do not wait on
	// the copy's stores. AX = 0 while the first plane is copied.
	MOVQ scratch+88(FP), R14
	LEAQ 1152(R14), R13
	XORQ AX, AX

fill:
	// Zero the scratch at R14: (h+2)·(wd+2) + 16 values, whole vectors;
	// then copy the plane at SI, row r to padded row r+1 from column 1.
	MOVQ R14, BX
	MOVQ h+40(FP), CX
	ADDQ $2, CX
	IMULQ R11, CX
	ADDQ $64, CX
	SHRQ $6, CX
	INCQ CX

zero:
	VMOVUPS Z31, (BX)
	ADDQ $64, BX
	DECQ CX
	JNZ  zero
	MOVQ R14, BX
	ADDQ R11, BX
	ADDQ $4, BX
	MOVQ h+40(FP), CX
	MOVQ wd+48(FP), DX
	SHLQ $2, DX

rows:
	// A whole vector from the row (the caller leaves 16 values readable
	// from each row's start: a masked load whose masked-off lanes fall
	// on another page is slow), its wd lanes stored.
	VMOVUPS (SI), Z22
	VMOVUPS Z22, K7, (BX)
	ADDQ DX, SI
	ADDQ R11, BX
	DECQ CX
	JNZ  rows
	TESTQ AX, AX
	JNZ   weights
	// The first plane is the current one.
	XCHGQ R13, R14
	MOVQ  $1, AX

plane:
	TESTQ R10, R10
	JZ    done
	CMPQ  R10, $1
	JNE   fill

weights:
	// The plane's nine weights and its bias.
	VBROADCASTSS 0(R8), Z0
	VBROADCASTSS 4(R8), Z1
	VBROADCASTSS 8(R8), Z2
	VBROADCASTSS 12(R8), Z3
	VBROADCASTSS 16(R8), Z4
	VBROADCASTSS 20(R8), Z5
	VBROADCASTSS 24(R8), Z6
	VBROADCASTSS 28(R8), Z7
	VBROADCASTSS 32(R8), Z8
	VPXORD Z19, Z19, Z19
	TESTQ $1, flags+80(FP)
	JZ    nobias
	VBROADCASTSS (R9), Z19

nobias:
	MOVQ R13, BX
	MOVQ tab+56(FP), DX
	MOVQ nv+64(FP), CX

vec:
	VPXORD Z9, Z9, Z9
	TAPROW(0(BX), 4(BX), 8(BX), Z0, Z1, Z2)
	TAPROW(0(BX)(R11*1), 4(BX)(R11*1), 8(BX)(R11*1), Z3, Z4, Z5)
	TAPROW(0(BX)(R12*1), 4(BX)(R12*1), 8(BX)(R12*1), Z6, Z7, Z8)
	VADDPS Z19, Z9, Z9
	VMAXPS Z9, Z20, Z9
	VMINPS Z9, Z21, Z9
	// Kept lanes to the front, then stored at their outputs.
	KMOVW 0(DX), K1
	VCOMPRESSPS Z9, K1, Z10
	MOVLQSX 4(DX), AX
	KMOVW 8(DX), K2
	VMOVUPS Z10, K2, (DI)(AX*4)
	ADDQ $64, BX
	ADDQ $16, DX
	DECQ CX
	JNZ  vec
	// Next plane, from the other scratch.
	XCHGQ R13, R14
	MOVQ h+40(FP), AX
	IMULQ wd+48(FP), AX
	LEAQ (DI)(AX*4), DI
	ADDQ $36, R8
	ADDQ $4, R9
	MOVQ $1, AX
	DECQ R10
	JMP  plane

done:
	VZEROUPPER
	RET
