//go:build amd64 && !purego

#include "textflag.h"

// Lane indices of the even and the odd values of two 16-lane vectors
// (VPERMI2PS: 0-15 the first table, 16-31 the second).
DATA ·evenLanes+0(SB)/4, $0
DATA ·evenLanes+4(SB)/4, $2
DATA ·evenLanes+8(SB)/4, $4
DATA ·evenLanes+12(SB)/4, $6
DATA ·evenLanes+16(SB)/4, $8
DATA ·evenLanes+20(SB)/4, $10
DATA ·evenLanes+24(SB)/4, $12
DATA ·evenLanes+28(SB)/4, $14
DATA ·evenLanes+32(SB)/4, $16
DATA ·evenLanes+36(SB)/4, $18
DATA ·evenLanes+40(SB)/4, $20
DATA ·evenLanes+44(SB)/4, $22
DATA ·evenLanes+48(SB)/4, $24
DATA ·evenLanes+52(SB)/4, $26
DATA ·evenLanes+56(SB)/4, $28
DATA ·evenLanes+60(SB)/4, $30
GLOBL ·evenLanes(SB), RODATA|NOPTR, $64

// func pairSumF32AVX512(dst, src *float32, n int)
// dst[i] = (+0 + src[2i]) + src[2i+1] in float32 for i < n, n a multiple
// of 16: a float32 sum of two values taken in float64 from +0 and rounded
// once, bit for bit (the float64 sum of two float32 values rounds to the
// float32 sum). The +0 turns a −0 first value into +0, as the float64
// accumulator does.
TEXT ·pairSumF32AVX512(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ $·evenLanes(SB), AX
	VMOVDQU32 (AX), Z6 // even lanes
	MOVL $1, AX
	VPBROADCASTD AX, Z7
	VPADDD Z7, Z6, Z7 // odd lanes
	VXORPS Z5, Z5, Z5

ps16:
	CMPQ CX, $16
	JLT  psdone
	VMOVUPS (SI), Z0
	VMOVUPS 64(SI), Z1
	VMOVAPS Z6, Z2
	VPERMI2PS Z1, Z0, Z2 // evens
	VMOVAPS Z7, Z3
	VPERMI2PS Z1, Z0, Z3 // odds
	VADDPS Z2, Z5, Z2
	VADDPS Z3, Z2, Z2
	VMOVUPS Z2, (DI)
	ADDQ $128, SI
	ADDQ $64, DI
	SUBQ $16, CX
	JMP  ps16

psdone:
	VZEROUPPER
	RET

// func gatherLastF32AVX512(dst, src *float32, rows, dlen, n int, idx *int32)
// dst[r·n + j] = src[r·dlen + idx[j]] for r < rows, j < n: a gather along
// the last axis of rows of dlen <= 16 values (each row read with a masked
// load: nothing past it is touched), 16 outputs per VPERMPS; idx holds n
// values in [0, dlen).
TEXT ·gatherLastF32AVX512(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ rows+16(FP), R8
	MOVQ dlen+24(FP), R9
	MOVQ n+32(FP), R10
	MOVQ idx+40(FP), R11
	MOVQ $1, AX
	MOVQ R9, CX
	SHLQ CX, AX
	DECQ AX
	KMOVW AX, K1 // the row's lanes
	MOVQ R10, CX
	ANDQ $15, CX
	MOVQ $1, AX
	SHLQ CX, AX
	DECQ AX
	KMOVW AX, K2 // the last partial block's lanes
	MOVQ R10, R12
	ANDQ $-16, R12 // whole blocks' outputs
	SHLQ $2, R9    // row pitch in bytes

grow:
	TESTQ R8, R8
	JZ    gdone
	VMOVUPS.Z (SI), K1, Z0
	XORQ BX, BX

gblock:
	CMPQ BX, R12
	JGE  gtail
	VMOVDQU32 (R11)(BX*4), Z1
	VPERMPS Z0, Z1, Z2
	VMOVUPS Z2, (DI)(BX*4)
	ADDQ $16, BX
	JMP  gblock

gtail:
	CMPQ BX, R10
	JGE  gnext
	VMOVDQU32.Z (R11)(BX*4), K2, Z1
	VPERMPS Z0, Z1, Z2
	VMOVUPS Z2, K2, (DI)(BX*4)

gnext:
	LEAQ (DI)(R10*4), DI
	ADDQ R9, SI
	DECQ R8
	JMP  grow

gdone:
	VZEROUPPER
	RET

// func gemvColAVX512(acc *float32, a *float32, stride int, x *float32, kc, mr, np int, add bool)
// One k block of a product with one output column, W·x, from W's packed
// MR-row panels: for panel q < np (np 1 or 4) of mr <= 16 rows at
// a + q·stride floats (k step p's mr values contiguous), s_q[r] =
// Σ_p a_q[p·mr + r]·x[p], an FMA chain from +0 in increasing p with the
// GEMM kernels' operand roles (B the multiplier, A the multiplicand), then
// acc[16q + r] = s_q[r] (add false) or s_q[r] + acc[16q + r] (add true):
// the GEMM's block sum and its adding, bit for bit.
TEXT ·gemvColAVX512(SB), NOSPLIT, $0-57
	MOVQ acc+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ stride+16(FP), R11
	SHLQ $2, R11
	MOVQ x+24(FP), DX
	MOVQ mr+40(FP), CX
	MOVQ $1, AX
	SHLQ CX, AX
	DECQ AX
	KMOVW AX, K1
	MOVQ CX, BX
	SHLQ $2, BX // bytes per k step
	MOVQ kc+32(FP), CX
	MOVQ np+48(FP), R12
	VPXORD Z0, Z0, Z0
	VPXORD Z1, Z1, Z1
	VPXORD Z2, Z2, Z2
	VPXORD Z3, Z3, Z3
	CMPQ R12, $4
	JNE  gc1
	LEAQ (SI)(R11*1), R8
	LEAQ (R8)(R11*1), R9
	LEAQ (R9)(R11*1), R10

gc4:
	VBROADCASTSS (DX), Z8
	VMOVUPS.Z (SI), K1, Z4
	VMOVUPS.Z (R8), K1, Z5
	VMOVUPS.Z (R9), K1, Z6
	VMOVUPS.Z (R10), K1, Z7
	VFMADD231PS Z4, Z8, Z0
	VFMADD231PS Z5, Z8, Z1
	VFMADD231PS Z6, Z8, Z2
	VFMADD231PS Z7, Z8, Z3
	ADDQ BX, SI
	ADDQ BX, R8
	ADDQ BX, R9
	ADDQ BX, R10
	ADDQ $4, DX
	DECQ CX
	JNZ  gc4
	MOVBLZX add+56(FP), AX
	TESTB AL, AL
	JEQ  gs4
	VADDPS (DI), Z0, Z0
	VADDPS 64(DI), Z1, Z1
	VADDPS 128(DI), Z2, Z2
	VADDPS 192(DI), Z3, Z3

gs4:
	VMOVUPS Z0, (DI)
	VMOVUPS Z1, 64(DI)
	VMOVUPS Z2, 128(DI)
	VMOVUPS Z3, 192(DI)
	VZEROUPPER
	RET

gc1:
	VBROADCASTSS (DX), Z8
	VMOVUPS.Z (SI), K1, Z4
	VFMADD231PS Z4, Z8, Z0
	ADDQ BX, SI
	ADDQ $4, DX
	DECQ CX
	JNZ  gc1
	MOVBLZX add+56(FP), AX
	TESTB AL, AL
	JEQ  gs1
	VADDPS (DI), Z0, Z0

gs1:
	VMOVUPS Z0, (DI)
	VZEROUPPER
	RET
