//go:build amd64 && !purego

#include "textflag.h"

// func keptRowAVX512(dst, src, res *float32, j0, n, ow, wq int, b, lo, hi float32, flags int)
// src holds extended columns [j0, j0+n) of one product row: output rows
// of wq columns of which the first ow are outputs. Each kept column e
// (e mod wq < ow) goes to dst[(e/wq)·ow + e mod wq] as
//
//	v = src[e−j0]; v += b (flags&1); v = v + res[…] or res[…] + v
//	(flags&8, the second when flags&4); v = min(hi, max(lo, v)) (flags&2)
//
// with biasClipRowAVX's and biasResClipRowAVX's instructions, so the
// bits are theirs. A run of kept columns goes 16 at a time under a lane
// mask, its last step's partial.
TEXT ·keptRowAVX512(SB), NOSPLIT, $0-80
	MOVQ j0+24(FP), AX
	XORQ DX, DX
	MOVQ wq+48(FP), R11
	DIVQ R11 // AX = j0 / wq, DX = j0 mod wq
	MOVQ ow+40(FP), R10
	MOVQ AX, R12
	IMULQ R10, R12 // the row's first output in dst
	MOVQ DX, R13   // the column within the row
	MOVQ j0+24(FP), R8
	MOVQ R8, R9
	ADDQ n+32(FP), R9
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ res+16(FP), DX
	VBROADCASTSS b+56(FP), Z2
	VBROADCASTSS lo+60(FP), Z3
	VBROADCASTSS hi+64(FP), Z4

seg:
	CMPQ R8, R9
	JGE  done
	CMPQ R13, R10
	JLT  kept
	// Dropped columns: on to the next row.
	MOVQ R11, BX
	SUBQ R13, BX
	ADDQ BX, R8
	LEAQ (SI)(BX*4), SI
	XORQ R13, R13
	ADDQ R10, R12
	JMP  seg

kept:
	// CX = the run's length, min(ow − c, end − e); BX its first output.
	MOVQ R10, CX
	SUBQ R13, CX
	MOVQ R9, BX
	SUBQ R8, BX
	CMPQ BX, CX
	CMOVQLT BX, CX
	MOVQ R12, BX
	ADDQ R13, BX
	ADDQ CX, R8
	ADDQ CX, R13

run:
	// Up to 16 of the run a step (CX of the R14 left), under the mask
	// of that many lanes (all 16 but at a run's end).
	TESTQ CX, CX
	JZ   seg
	MOVQ CX, R14
	CMPQ CX, $16
	JLE  masked
	MOVQ $16, CX

masked:
	MOVL $1, AX
	SHLL CX, AX
	DECL AX
	KMOVW AX, K1
	VMOVUPS.Z (SI), K1, Z0
	TESTQ $1, flags+72(FP)
	JZ   nobias
	VADDPS Z2, Z0, Z0

nobias:
	TESTQ $8, flags+72(FP)
	JZ   clip
	VMOVUPS.Z (DX)(BX*4), K1, Z5
	TESTQ $4, flags+72(FP)
	JNZ  first
	VADDPS Z5, Z0, Z0
	JMP  clip

first:
	VADDPS Z0, Z5, Z0

clip:
	TESTQ $2, flags+72(FP)
	JZ   store
	VMAXPS Z0, Z3, Z0
	VMINPS Z0, Z4, Z0

store:
	VMOVUPS Z0, K1, (DI)(BX*4)
	LEAQ (SI)(CX*4), SI
	ADDQ CX, BX
	SUBQ CX, R14
	MOVQ R14, CX
	JMP  run

done:
	VZEROUPPER
	RET
