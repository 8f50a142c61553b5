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

// QUADBLOCK stores 128-bit block b of Z8..Z11 (the four rows' quads
// 4b..4b+3) to DX and the next three quad columns (R9 bytes apart; R11 is
// three of them).
#define QUADBLOCK(b) \
	VEXTRACTI32X4 b, Z8, (DX) \
	VEXTRACTI32X4 b, Z9, (DX)(R9*1) \
	VEXTRACTI32X4 b, Z10, (DX)(R9*2) \
	VEXTRACTI32X4 b, Z11, (DX)(R11*1)

// func quadPanelRows4AVX512(dst *int32, a *byte, lda, chunks, colBytes int, flip int32)
//
// Packs four rows of 8-bit A (row r at a + r·lda) into a quad kernel's
// panel: quad p (bytes 4p..4p+3 of a row, XORed with flip in each byte)
// of row r to dst + p·colBytes + 4r, for p in [0, 16·chunks). Sixteen
// quads of the four rows are a 4x16 matrix of words, transposed in
// registers and stored a quad column (four words) at a time.
TEXT ·quadPanelRows4AVX512(SB), NOSPLIT, $0-44
	MOVQ         dst+0(FP), DI
	MOVQ         a+8(FP), SI
	MOVQ         lda+16(FP), R8
	MOVQ         chunks+24(FP), CX
	MOVQ         colBytes+32(FP), R9
	MOVL         flip+40(FP), AX
	VPBROADCASTD AX, Z31
	LEAQ         (SI)(R8*2), R10 // row 2
	LEAQ         (R9)(R9*2), R11 // 3 columns
	TESTQ        CX, CX
	JEQ          q4done

q4loop:
	VPXORD (SI), Z31, Z0
	VPXORD (SI)(R8*1), Z31, Z1
	VPXORD (R10), Z31, Z2
	VPXORD (R10)(R8*1), Z31, Z3
	VPUNPCKLDQ Z1, Z0, Z4
	VPUNPCKHDQ Z1, Z0, Z5
	VPUNPCKLDQ Z3, Z2, Z6
	VPUNPCKHDQ Z3, Z2, Z7
	// Z8 + k, 128-bit block b: the four rows' quad 4b + k.
	VPUNPCKLQDQ Z6, Z4, Z8
	VPUNPCKHQDQ Z6, Z4, Z9
	VPUNPCKLQDQ Z7, Z5, Z10
	VPUNPCKHQDQ Z7, Z5, Z11
	VMOVDQU32     X8, (DI)
	VMOVDQU32     X9, (DI)(R9*1)
	VMOVDQU32     X10, (DI)(R9*2)
	VMOVDQU32     X11, (DI)(R11*1)
	LEAQ          (DI)(R9*4), DX
	QUADBLOCK($1)
	LEAQ          (DX)(R9*4), DX
	QUADBLOCK($2)
	LEAQ          (DX)(R9*4), DX
	QUADBLOCK($3)
	LEAQ          (DX)(R9*4), DI
	ADDQ          $64, SI
	ADDQ          $64, R10
	DECQ          CX
	JNZ           q4loop

q4done:
	VZEROUPPER
	RET

// func rowSumsBytesAVX512(sums *int32, a *byte, rows, k int, x int32)
//
// sums[i] = Σ_p (a[i·k + p] ^ x) − 128·k for rows rows of k bytes (x is
// the flip XOR 0x80 in every byte of its low byte): the unsigned bytes
// summed 64 at a time with VPSADBW, the last partial run masked.
TEXT ·rowSumsBytesAVX512(SB), NOSPLIT, $0-36
	MOVQ         sums+0(FP), DI
	MOVQ         a+8(FP), SI
	MOVQ         rows+16(FP), R8
	MOVQ         k+24(FP), R9
	MOVL         x+32(FP), AX
	VPBROADCASTB AX, Z31
	VPXORD       Z30, Z30, Z30
	// K1: the bytes of a row's last partial run of 64.
	MOVQ  R9, CX
	ANDQ  $63, CX
	MOVQ  $1, AX
	SHLQ  CX, AX
	DECQ  AX
	KMOVQ AX, K1
	MOVQ  R9, R10
	SHRQ  $6, R10 // whole runs
	MOVQ  R9, R11
	SHLQ  $7, R11 // 128·k
	TESTQ R8, R8
	JEQ   rsdone

rsrow:
	VPXORD Z0, Z0, Z0
	MOVQ   R10, CX
	TESTQ  CX, CX
	JEQ    rstail

rsrun:
	VPXORD  (SI), Z31, Z1
	VPSADBW Z30, Z1, Z1
	VPADDQ  Z1, Z0, Z0
	ADDQ    $64, SI
	DECQ    CX
	JNZ     rsrun

rstail:
	KORTESTQ K1, K1
	JZ       rssum
	VMOVDQU8.Z (SI), K1, Z1
	VPXORD     Z31, Z1, Z1
	VMOVDQU8.Z Z1, K1, Z1 // bytewise: VPXORD's mask is by words
	VPSADBW    Z30, Z1, Z1
	VPADDQ     Z1, Z0, Z0
	MOVQ       R9, AX
	ANDQ       $63, AX
	ADDQ       AX, SI

rssum:
	VEXTRACTI64X4 $1, Z0, Y1
	VPADDQ        Y1, Y0, Y0
	VEXTRACTI128  $1, Y0, X1
	VPADDQ        X1, X0, X0
	VPSHUFD       $0x4e, X0, X1
	VPADDQ        X1, X0, X0
	VMOVQ         X0, AX
	SUBQ          R11, AX
	MOVL          AX, (DI)
	ADDQ          $4, DI
	DECQ          R8
	JNZ           rsrow

rsdone:
	VZEROUPPER
	RET

// func gemvQuadsVNNI(c *int32, a *int32, b *int32, kc, panels int)
// For each of panels panels of the packed weight (kc quads × 16 columns
// each, contiguous, one after another): c[16i : 16i+16] += Σ_p a[p] ·
// panel i's quad p, the four bytes of the A word (signed) by those of
// each column's word (unsigned) in VPDPBUSD, four partial sums a panel
// (int32 sums wrap alike in any order) and the next lines prefetched.
TEXT ·gemvQuadsVNNI(SB), NOSPLIT, $0-40
	MOVQ c+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ b+16(FP), DX
	MOVQ kc+24(FP), R8
	MOVQ panels+32(FP), R9
	TESTQ R9, R9
	JEQ  gqdone

gqpanel:
	VPXORD Z0, Z0, Z0
	VPXORD Z1, Z1, Z1
	VPXORD Z2, Z2, Z2
	VPXORD Z3, Z3, Z3
	XORQ BX, BX // quad index
	MOVQ R8, CX
	SHRQ $2, CX
	JEQ  gqtail

gqloop4:
	PREFETCHT0 1024(DX)
	PREFETCHT0 1088(DX)
	PREFETCHT0 1152(DX)
	PREFETCHT0 1216(DX)
	VMOVDQU32 0(DX), Z4
	VMOVDQU32 64(DX), Z5
	VMOVDQU32 128(DX), Z6
	VMOVDQU32 192(DX), Z7
	VPDPBUSD.BCST 0(SI)(BX*4), Z4, Z0
	VPDPBUSD.BCST 4(SI)(BX*4), Z5, Z1
	VPDPBUSD.BCST 8(SI)(BX*4), Z6, Z2
	VPDPBUSD.BCST 12(SI)(BX*4), Z7, Z3
	ADDQ $4, BX
	ADDQ $256, DX
	DECQ CX
	JNZ  gqloop4

gqtail:
	CMPQ BX, R8
	JGE  gqsum
	VMOVDQU32 0(DX), Z4
	VPDPBUSD.BCST 0(SI)(BX*4), Z4, Z0
	INCQ BX
	ADDQ $64, DX
	JMP  gqtail

gqsum:
	VPADDD Z1, Z0, Z0
	VPADDD Z3, Z2, Z2
	VPADDD Z2, Z0, Z0
	VPADDD 0(DI), Z0, Z0
	VMOVDQU32 Z0, 0(DI)
	ADDQ $64, DI
	DECQ R9
	JNZ  gqpanel

gqdone:
	VZEROUPPER
	RET

// func interleaveQuadsAVX512(dst *int32, r0, r1, r2, r3 *byte, n int, flip int32)
// dst[j] = r0[j] | r1[j]<<8 | r2[j]<<16 | r3[j]<<24, XORed with flip (a
// byte pattern in each of the four bytes), for j in [0, n): sixteen words
// an iteration from sixteen bytes of each row, the last under a mask (the
// masked-out bytes are not read).
TEXT ·interleaveQuadsAVX512(SB), NOSPLIT, $0-52
	MOVQ dst+0(FP), DI
	MOVQ r0+8(FP), SI
	MOVQ r1+16(FP), DX
	MOVQ r2+24(FP), R10
	MOVQ r3+32(FP), R11
	MOVQ n+40(FP), CX
	MOVL flip+48(FP), AX
	VPBROADCASTD AX, Z7

illoop:
	CMPQ CX, $16
	JLT  iltail
	VPMOVZXBD (SI), Z0
	VPMOVZXBD (DX), Z1
	VPMOVZXBD (R10), Z2
	VPMOVZXBD (R11), Z3
	VPSLLD    $8, Z1, Z1
	VPSLLD    $16, Z2, Z2
	VPSLLD    $24, Z3, Z3
	VPORD     Z1, Z0, Z0
	VPORD     Z3, Z2, Z2
	VPTERNLOGD $0x96, Z7, Z2, Z0 // Z0 ^ Z2 ^ flip: the lanes' bits are disjoint, so xor is or
	VMOVDQU32 Z0, (DI)
	ADDQ $16, SI
	ADDQ $16, DX
	ADDQ $16, R10
	ADDQ $16, R11
	ADDQ $64, DI
	SUBQ $16, CX
	JMP  illoop

iltail:
	TESTQ CX, CX
	JZ    ildone
	MOVL  $1, AX
	SHLL  CX, AX
	DECL  AX
	KMOVW AX, K1
	VPMOVZXBD.Z (SI), K1, Z0
	VPMOVZXBD.Z (DX), K1, Z1
	VPMOVZXBD.Z (R10), K1, Z2
	VPMOVZXBD.Z (R11), K1, Z3
	VPSLLD    $8, Z1, Z1
	VPSLLD    $16, Z2, Z2
	VPSLLD    $24, Z3, Z3
	VPORD     Z1, Z0, Z0
	VPORD     Z3, Z2, Z2
	VPTERNLOGD $0x96, Z7, Z2, Z0
	VMOVDQU32 Z0, K1, (DI)

ildone:
	VZEROUPPER
	RET
