//go:build amd64 && !purego

#include "textflag.h"

// func phaseRowsAVX512(dst, src *float32, rows, wq, lo, hi, srcStride, sw int)
// Writes rows phase-plane rows of wq values from dst on: row r is zero in
// [0, lo) and [hi, wq), and dst[r·wq + j] = src[r·srcStride + (j−lo)·sw]
// for j in [lo, hi). lo ≤ 16, wq − hi ≤ 16, sw 1 or 2, hi > lo. Masked
// loads read nothing past the last value used (masked-out lanes do not
// fault).
TEXT ·phaseRowsAVX512(SB), NOSPLIT, $0-64
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ rows+16(FP), CX
	MOVQ wq+24(FP), R8
	MOVQ lo+32(FP), R9
	MOVQ hi+40(FP), R10
	MOVQ srcStride+48(FP), R11
	MOVQ sw+56(FP), R12
	SHLQ $2, R11

	// K1: the left pad's lanes, (1 << lo) − 1.
	MOVQ R9, CX
	MOVL $1, AX
	SHLL CX, AX
	DECL AX
	KMOVW AX, K1
	// K5: the right pad's lanes, (1 << (wq − hi)) − 1.
	MOVQ R8, CX
	SUBQ R10, CX
	MOVL $1, AX
	SHLL CX, AX
	DECL AX
	KMOVW AX, K5
	// R13: whole chunks of 16 values; K2: the tail's lanes.
	MOVQ R10, R13
	SUBQ R9, R13
	MOVQ R13, CX
	ANDQ $15, CX
	SHRQ $4, R13
	MOVL $1, AX
	SHLL CX, AX
	DECL AX
	KMOVW AX, K2
	// K3, K4: at stride 2 the tail of t values reads 2t − 1 sources,
	// min(2t − 1, 16) from the first vector and the rest from the second.
	XORL AX, AX
	XORL BX, BX
	TESTQ CX, CX
	JZ    masks
	LEAQ  -1(CX)(CX*1), DX // 2t − 1
	MOVQ  DX, CX
	CMPQ  CX, $16
	JLE   first
	MOVL  $16, CX

first:
	MOVL  $1, AX
	SHLL  CX, AX
	DECL  AX
	MOVQ  DX, CX
	SUBQ  $16, CX
	JLE   masks
	MOVL  $1, BX
	SHLL  CX, BX
	DECL  BX

masks:
	KMOVW AX, K3
	KMOVW BX, K4

	LEAQ      phaseEven<>(SB), AX
	VMOVDQU32 (AX), Z30
	VPXORD    Z31, Z31, Z31
	SHLQ      $2, R8
	MOVQ      rows+16(FP), CX

row:
	VMOVUPS Z31, K1, (DI)
	LEAQ    (DI)(R9*4), BX
	MOVQ    SI, DX
	MOVQ    R13, AX
	CMPQ    R12, $2
	JEQ     s2loop

s1loop:
	TESTQ   AX, AX
	JZ      s1tail
	VMOVUPS (DX), Z0
	VMOVUPS Z0, (BX)
	ADDQ    $64, DX
	ADDQ    $64, BX
	DECQ    AX
	JMP     s1loop

s1tail:
	VMOVUPS.Z (DX), K2, Z0
	VMOVUPS   Z0, K2, (BX)
	JMP       right

s2loop:
	TESTQ     AX, AX
	JZ        s2tail
	VMOVUPS   (DX), Z0
	VMOVUPS   64(DX), Z1
	VPERMT2PS Z1, Z30, Z0
	VMOVUPS   Z0, (BX)
	ADDQ      $128, DX
	ADDQ      $64, BX
	DECQ      AX
	JMP       s2loop

s2tail:
	VMOVUPS.Z (DX), K3, Z0
	VMOVUPS.Z 64(DX), K4, Z1
	VPERMT2PS Z1, Z30, Z0
	VMOVUPS   Z0, K2, (BX)

right:
	LEAQ    (DI)(R10*4), BX
	VMOVUPS Z31, K5, (BX)
	ADDQ    R8, DI
	ADDQ    R11, SI
	DECQ    CX
	JNZ     row
	VZEROUPPER
	RET

// Lane indices of the even values of two vectors.
DATA phaseEven<>+0(SB)/4, $0
DATA phaseEven<>+4(SB)/4, $2
DATA phaseEven<>+8(SB)/4, $4
DATA phaseEven<>+12(SB)/4, $6
DATA phaseEven<>+16(SB)/4, $8
DATA phaseEven<>+20(SB)/4, $10
DATA phaseEven<>+24(SB)/4, $12
DATA phaseEven<>+28(SB)/4, $14
DATA phaseEven<>+32(SB)/4, $16
DATA phaseEven<>+36(SB)/4, $18
DATA phaseEven<>+40(SB)/4, $20
DATA phaseEven<>+44(SB)/4, $22
DATA phaseEven<>+48(SB)/4, $24
DATA phaseEven<>+52(SB)/4, $26
DATA phaseEven<>+56(SB)/4, $28
DATA phaseEven<>+60(SB)/4, $30
GLOBL phaseEven<>(SB), RODATA|NOPTR, $64

// func prefetchBlocksT0(p *float32, blocks, blockBytes, stride int)
// Prefetches blocks runs of blockBytes bytes, stride bytes apart from p
// on, into every cache level; prefetches never fault, so the runs may
// reach past the data.
TEXT ·prefetchBlocksT0(SB), NOSPLIT, $0-32
	MOVQ p+0(FP), SI
	MOVQ blocks+8(FP), CX
	MOVQ blockBytes+16(FP), DX
	MOVQ stride+24(FP), R8
	TESTQ CX, CX
	JLE   pfdone
	TESTQ DX, DX
	JLE   pfdone

pfblock:
	XORQ AX, AX

pfline:
	PREFETCHT0 (SI)(AX*1)
	ADDQ       $64, AX
	CMPQ       AX, DX
	JLT        pfline
	ADDQ       R8, SI
	DECQ       CX
	JNZ        pfblock

pfdone:
	RET
