//go:build amd64 && !purego

#include "textflag.h"

// func avgTapsAVX512(dst, src *float32, off *int, taps, n int, div float32)
// dst[j] = ((((0 + src[off[0]+j]) + src[off[1]+j]) + …) + src[off[taps−1]+j]) / div
// for j in [0, n): the taps summed in order from zero, as avgPool's passes
// add them, sixteen outputs a step, the last under a mask (masked-out
// lanes read nothing). taps ≥ 1.
TEXT ·avgTapsAVX512(SB), NOSPLIT, $0-44
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ off+16(FP), R8
	MOVQ taps+24(FP), R9
	MOVQ n+32(FP), R12
	VBROADCASTSS div+40(FP), Z2
	XORQ DX, DX // j

atloop:
	MOVQ R12, CX
	SUBQ DX, CX
	JLE  atdone
	MOVL $0xFFFF, BX
	CMPQ CX, $16
	JGE  atfull
	MOVL $1, BX
	SHLL CX, BX
	DECL BX

atfull:
	KMOVW  BX, K1
	VPXORD Z0, Z0, Z0
	XORQ   R10, R10 // tap

attap:
	MOVQ      (R8)(R10*8), R11
	ADDQ      DX, R11
	VMOVUPS.Z (SI)(R11*4), K1, Z1
	VADDPS    Z1, Z0, Z0
	INCQ      R10
	CMPQ      R10, R9
	JLT       attap
	VDIVPS    Z2, Z0, Z0
	VMOVUPS   Z0, K1, (DI)(DX*4)
	ADDQ      $16, DX
	JMP       atloop

atdone:
	VZEROUPPER
	RET
