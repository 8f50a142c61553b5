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
