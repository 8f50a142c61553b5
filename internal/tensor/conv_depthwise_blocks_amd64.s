//go:build amd64 && !purego

#include "textflag.h"
#include "stride2_amd64.h"

// Depthwise 3x3 convolution (dilation 1) over a list of 8-wide output
// blocks, for CPUs with AVX2 (chosen at run time). tab holds, per block,
// two int32 byte offsets: where its window's top-left padded input lies
// (from src) and where its 8 outputs go (from dst). Several blocks are in
// flight at once, so the adds of one block's nine taps (which depend on
// each other: products rounded, then added in tap order, as the scalar
// code does) overlap with the others'. The epilogue adds the bias (flags
// bit 0) and clamps (bit 1) as addScalarF32 and clampF32 do.
//
// ep points at a dwEpilogue: bias, lo, hi as eight copies each, then flags.

// LOADW9(R) broadcasts the nine 3x3 weights at R into Y0..Y8.
#define LOADW9(R) \
	VBROADCASTSS 0(R), Y0 \
	VBROADCASTSS 4(R), Y1 \
	VBROADCASTSS 8(R), Y2 \
	VBROADCASTSS 12(R), Y3 \
	VBROADCASTSS 16(R), Y4 \
	VBROADCASTSS 20(R), Y5 \
	VBROADCASTSS 24(R), Y6 \
	VBROADCASTSS 28(R), Y7 \
	VBROADCASTSS 32(R), Y8

// BLOCKARGS loads the block kernels' arguments (dst, src, tab, n,
// rowBytes, w, ep: DI, SI, BX, CX, DX, the weights in Y0..Y8, R14).
#define BLOCKARGS \
	MOVQ dst+0(FP), DI \
	MOVQ src+8(FP), SI \
	MOVQ tab+16(FP), BX \
	MOVQ n+24(FP), CX \
	MOVQ rowBytes+32(FP), DX \
	MOVQ w+40(FP), AX \
	MOVQ ep+48(FP), R14 \
	LOADW9(AX)

// TAP0..TAP2 add the product of the 8 floats at off from the window row
// ki = 0, 1, 2 (R, R+DX, R+2*DX) with weight register W to accumulator A.
#define TAP0(off, R, W, A) \
	VMULPS off(R), W, Y15 \
	VADDPS Y15, A, A
#define TAP1(off, R, W, A) \
	VMULPS off(R)(DX*1), W, Y15 \
	VADDPS Y15, A, A
#define TAP2(off, R, W, A) \
	VMULPS off(R)(DX*2), W, Y15 \
	VADDPS Y15, A, A

// func dw3x3s1BlocksAVX(dst, src *float32, tab *int32, n, rowBytes int, w *[9]float32, ep *dwEpilogue)
TEXT ·dw3x3s1BlocksAVX(SB), NOSPLIT, $0-56
	BLOCKARGS
s1g6:
	CMPQ CX, $6
	JLT  s1g6_end
	MOVLQSX 0(BX), R8
	ADDQ SI, R8
	MOVLQSX 8(BX), R9
	ADDQ SI, R9
	MOVLQSX 16(BX), R10
	ADDQ SI, R10
	MOVLQSX 24(BX), R11
	ADDQ SI, R11
	MOVLQSX 32(BX), R12
	ADDQ SI, R12
	MOVLQSX 40(BX), R13
	ADDQ SI, R13
	VXORPS Y9, Y9, Y9
	VXORPS Y10, Y10, Y10
	VXORPS Y11, Y11, Y11
	VXORPS Y12, Y12, Y12
	VXORPS Y13, Y13, Y13
	VXORPS Y14, Y14, Y14
	TAP0(0, R8, Y0, Y9)
	TAP0(0, R9, Y0, Y10)
	TAP0(0, R10, Y0, Y11)
	TAP0(0, R11, Y0, Y12)
	TAP0(0, R12, Y0, Y13)
	TAP0(0, R13, Y0, Y14)
	TAP0(4, R8, Y1, Y9)
	TAP0(4, R9, Y1, Y10)
	TAP0(4, R10, Y1, Y11)
	TAP0(4, R11, Y1, Y12)
	TAP0(4, R12, Y1, Y13)
	TAP0(4, R13, Y1, Y14)
	TAP0(8, R8, Y2, Y9)
	TAP0(8, R9, Y2, Y10)
	TAP0(8, R10, Y2, Y11)
	TAP0(8, R11, Y2, Y12)
	TAP0(8, R12, Y2, Y13)
	TAP0(8, R13, Y2, Y14)
	TAP1(0, R8, Y3, Y9)
	TAP1(0, R9, Y3, Y10)
	TAP1(0, R10, Y3, Y11)
	TAP1(0, R11, Y3, Y12)
	TAP1(0, R12, Y3, Y13)
	TAP1(0, R13, Y3, Y14)
	TAP1(4, R8, Y4, Y9)
	TAP1(4, R9, Y4, Y10)
	TAP1(4, R10, Y4, Y11)
	TAP1(4, R11, Y4, Y12)
	TAP1(4, R12, Y4, Y13)
	TAP1(4, R13, Y4, Y14)
	TAP1(8, R8, Y5, Y9)
	TAP1(8, R9, Y5, Y10)
	TAP1(8, R10, Y5, Y11)
	TAP1(8, R11, Y5, Y12)
	TAP1(8, R12, Y5, Y13)
	TAP1(8, R13, Y5, Y14)
	TAP2(0, R8, Y6, Y9)
	TAP2(0, R9, Y6, Y10)
	TAP2(0, R10, Y6, Y11)
	TAP2(0, R11, Y6, Y12)
	TAP2(0, R12, Y6, Y13)
	TAP2(0, R13, Y6, Y14)
	TAP2(4, R8, Y7, Y9)
	TAP2(4, R9, Y7, Y10)
	TAP2(4, R10, Y7, Y11)
	TAP2(4, R11, Y7, Y12)
	TAP2(4, R12, Y7, Y13)
	TAP2(4, R13, Y7, Y14)
	TAP2(8, R8, Y8, Y9)
	TAP2(8, R9, Y8, Y10)
	TAP2(8, R10, Y8, Y11)
	TAP2(8, R11, Y8, Y12)
	TAP2(8, R12, Y8, Y13)
	TAP2(8, R13, Y8, Y14)
	MOVQ 96(R14), AX
	TESTQ $1, AX
	JZ   s1g6_nobias
	VADDPS 0(R14), Y9, Y9
	VADDPS 0(R14), Y10, Y10
	VADDPS 0(R14), Y11, Y11
	VADDPS 0(R14), Y12, Y12
	VADDPS 0(R14), Y13, Y13
	VADDPS 0(R14), Y14, Y14
s1g6_nobias:
	TESTQ $2, AX
	JZ   s1g6_noclamp
	VMOVUPS 32(R14), Y15
	VMAXPS Y9, Y15, Y9
	VMAXPS Y10, Y15, Y10
	VMAXPS Y11, Y15, Y11
	VMAXPS Y12, Y15, Y12
	VMAXPS Y13, Y15, Y13
	VMAXPS Y14, Y15, Y14
	VMOVUPS 64(R14), Y15
	VMINPS Y9, Y15, Y9
	VMINPS Y10, Y15, Y10
	VMINPS Y11, Y15, Y11
	VMINPS Y12, Y15, Y12
	VMINPS Y13, Y15, Y13
	VMINPS Y14, Y15, Y14
s1g6_noclamp:
	MOVLQSX 4(BX), AX
	VMOVUPS Y9, (DI)(AX*1)
	MOVLQSX 12(BX), AX
	VMOVUPS Y10, (DI)(AX*1)
	MOVLQSX 20(BX), AX
	VMOVUPS Y11, (DI)(AX*1)
	MOVLQSX 28(BX), AX
	VMOVUPS Y12, (DI)(AX*1)
	MOVLQSX 36(BX), AX
	VMOVUPS Y13, (DI)(AX*1)
	MOVLQSX 44(BX), AX
	VMOVUPS Y14, (DI)(AX*1)
	ADDQ $48, BX
	SUBQ $6, CX
	JMP  s1g6
s1g6_end:
s1g1:
	CMPQ CX, $1
	JLT  s1g1_end
	MOVLQSX 0(BX), R8
	ADDQ SI, R8
	VXORPS Y9, Y9, Y9
	TAP0(0, R8, Y0, Y9)
	TAP0(4, R8, Y1, Y9)
	TAP0(8, R8, Y2, Y9)
	TAP1(0, R8, Y3, Y9)
	TAP1(4, R8, Y4, Y9)
	TAP1(8, R8, Y5, Y9)
	TAP2(0, R8, Y6, Y9)
	TAP2(4, R8, Y7, Y9)
	TAP2(8, R8, Y8, Y9)
	MOVQ 96(R14), AX
	TESTQ $1, AX
	JZ   s1g1_nobias
	VADDPS 0(R14), Y9, Y9
s1g1_nobias:
	TESTQ $2, AX
	JZ   s1g1_noclamp
	VMOVUPS 32(R14), Y15
	VMAXPS Y9, Y15, Y9
	VMOVUPS 64(R14), Y15
	VMINPS Y9, Y15, Y9
s1g1_noclamp:
	MOVLQSX 4(BX), AX
	VMOVUPS Y9, (DI)(AX*1)
	ADDQ $8, BX
	SUBQ $1, CX
	JMP  s1g1
s1g1_end:
	VZEROUPPER
	RET

// ROW2(R, wa, wb, wc, A) adds the three stride-2 taps of the window row at
// R (weights wa, wb, wc) to A.
#define ROW2(R, wa, wb, wc, A) \
	STRIDE2TAPS(R, Y9, Y10, Y11, Y13, Y14) \
	VMULPS wa, Y11, Y11 \
	VADDPS Y11, A, A \
	VMULPS wb, Y13, Y13 \
	VADDPS Y13, A, A \
	VMULPS wc, Y14, Y14 \
	VADDPS Y14, A, A

// func dw3x3s2BlocksAVX(dst, src *float32, tab *int32, n, rowBytes int, w *[9]float32, ep *dwEpilogue)
// As dw3x3s1BlocksAVX with stride 2; a block reads 18 values of each
// window row (one past its last window), so the padded rows need one
// value of slack after the last.
TEXT ·dw3x3s2BlocksAVX(SB), NOSPLIT, $0-56
	BLOCKARGS
s2g2:
	CMPQ CX, $2
	JLT  s2g2_end
	MOVLQSX 0(BX), R8
	ADDQ SI, R8
	LEAQ (R8)(DX*1), R9
	LEAQ (R8)(DX*2), R10
	MOVLQSX 8(BX), R11
	ADDQ SI, R11
	LEAQ (R11)(DX*1), R12
	LEAQ (R11)(DX*2), R13
	VXORPS Y12, Y12, Y12
	VXORPS Y15, Y15, Y15
	ROW2(R8, Y0, Y1, Y2, Y12)
	ROW2(R11, Y0, Y1, Y2, Y15)
	ROW2(R9, Y3, Y4, Y5, Y12)
	ROW2(R12, Y3, Y4, Y5, Y15)
	ROW2(R10, Y6, Y7, Y8, Y12)
	ROW2(R13, Y6, Y7, Y8, Y15)
	MOVQ 96(R14), AX
	TESTQ $1, AX
	JZ   s2g2_nobias
	VADDPS 0(R14), Y12, Y12
	VADDPS 0(R14), Y15, Y15
s2g2_nobias:
	TESTQ $2, AX
	JZ   s2g2_noclamp
	VMOVUPS 32(R14), Y9
	VMAXPS Y12, Y9, Y12
	VMAXPS Y15, Y9, Y15
	VMOVUPS 64(R14), Y9
	VMINPS Y12, Y9, Y12
	VMINPS Y15, Y9, Y15
s2g2_noclamp:
	MOVLQSX 4(BX), AX
	VMOVUPS Y12, (DI)(AX*1)
	MOVLQSX 12(BX), AX
	VMOVUPS Y15, (DI)(AX*1)
	ADDQ $16, BX
	SUBQ $2, CX
	JMP  s2g2
s2g2_end:
s2g1:
	CMPQ CX, $1
	JLT  s2g1_end
	MOVLQSX 0(BX), R8
	ADDQ SI, R8
	LEAQ (R8)(DX*1), R9
	LEAQ (R8)(DX*2), R10
	VXORPS Y12, Y12, Y12
	ROW2(R8, Y0, Y1, Y2, Y12)
	ROW2(R9, Y3, Y4, Y5, Y12)
	ROW2(R10, Y6, Y7, Y8, Y12)
	MOVQ 96(R14), AX
	TESTQ $1, AX
	JZ   s2g1_nobias
	VADDPS 0(R14), Y12, Y12
s2g1_nobias:
	TESTQ $2, AX
	JZ   s2g1_noclamp
	VMOVUPS 32(R14), Y9
	VMAXPS Y12, Y9, Y12
	VMOVUPS 64(R14), Y9
	VMINPS Y12, Y9, Y12
s2g1_noclamp:
	MOVLQSX 4(BX), AX
	VMOVUPS Y12, (DI)(AX*1)
	ADDQ $8, BX
	SUBQ $1, CX
	JMP  s2g1
s2g1_end:
	VZEROUPPER
	RET

// func padRowsF32AVX(dst *float32, wp int, src *float32, srcPitch, lo, n, rows int)
// Writes rows padded rows of wp values: [0, lo) zero, [lo, lo+n) the n
// values at src, the rest zero; src advances srcPitch values a row. A
// row's last 8 values are copied again, overlapping, when n is not a
// multiple of 8; rows of fewer than 8 values are copied one by one.
TEXT ·padRowsF32AVX(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ wp+8(FP), R8
	MOVQ src+16(FP), SI
	MOVQ srcPitch+24(FP), R9
	MOVQ lo+32(FP), R10
	MOVQ n+40(FP), R11
	MOVQ rows+48(FP), R12
	SHLQ $2, R8
	SHLQ $2, R9
	VXORPS X0, X0, X0

frow:
	TESTQ R12, R12
	JZ    fdone
	XORQ  AX, AX

flz:
	CMPQ    AX, R10
	JGE     flzd
	VMOVSS  X0, (DI)(AX*4)
	INCQ    AX
	JMP     flz

flzd:
	LEAQ (DI)(R10*4), BX
	MOVQ SI, DX
	MOVQ R11, CX
	CMPQ CX, $8
	JGE  fcp

fsc:
	TESTQ CX, CX
	JZ    fcpd
	MOVL  (DX), AX
	MOVL  AX, (BX)
	ADDQ  $4, DX
	ADDQ  $4, BX
	DECQ  CX
	JMP   fsc

fcp:
	CMPQ    CX, $8
	JLT     fcptail
	VMOVUPS (DX), Y1
	VMOVUPS Y1, (BX)
	ADDQ    $32, DX
	ADDQ    $32, BX
	SUBQ    $8, CX
	JMP     fcp

fcptail:
	TESTQ   CX, CX
	JZ      fcpd
	MOVQ    $8, AX
	SUBQ    CX, AX
	SHLQ    $2, AX
	SUBQ    AX, DX
	SUBQ    AX, BX
	VMOVUPS (DX), Y1
	VMOVUPS Y1, (BX)
	ADDQ    $32, BX

fcpd:
	LEAQ (DI)(R8*1), AX

frz:
	CMPQ   BX, AX
	JGE    frzd
	VMOVSS X0, (BX)
	ADDQ   $4, BX
	JMP    frz

frzd:
	ADDQ R8, DI
	ADDQ R9, SI
	DECQ R12
	JMP  frow

fdone:
	VZEROUPPER
	RET

// func padRowsBytesAVX2(dst *float32, wp int, src *byte, srcPitch, lo, n, rows int, flip, off int32)
// padRowsF32AVX for 8-bit stored values, written as bytesToF32AVX2 does:
// float32(zx(v ^ flip) − off).
TEXT ·padRowsBytesAVX2(SB), NOSPLIT, $0-64
	MOVQ dst+0(FP), DI
	MOVQ wp+8(FP), R8
	MOVQ src+16(FP), SI
	MOVQ srcPitch+24(FP), R9
	MOVQ lo+32(FP), R10
	MOVQ n+40(FP), R11
	MOVQ rows+48(FP), R12
	MOVL flip+56(FP), AX
	VMOVD AX, X6
	VPBROADCASTD X6, Y6
	MOVL off+60(FP), AX
	VMOVD AX, X7
	VPBROADCASTD X7, Y7
	SHLQ $2, R8
	VXORPS X0, X0, X0

brow:
	TESTQ R12, R12
	JZ    bdone
	XORQ  AX, AX

blz:
	CMPQ   AX, R10
	JGE    blzd
	VMOVSS X0, (DI)(AX*4)
	INCQ   AX
	JMP    blz

blzd:
	LEAQ (DI)(R10*4), BX
	MOVQ SI, DX
	MOVQ R11, CX
	CMPQ CX, $8
	JGE  bcp

bsc:
	TESTQ     CX, CX
	JZ        bcpd
	MOVBLZX   (DX), AX
	XORL      flip+56(FP), AX
	SUBL      off+60(FP), AX
	VCVTSI2SSL AX, X0, X1
	VMOVSS    X1, (BX)
	INCQ      DX
	ADDQ      $4, BX
	DECQ      CX
	JMP       bsc

bcp:
	CMPQ      CX, $8
	JLT       bcptail
	VPMOVZXBD (DX), Y1
	VPXOR     Y6, Y1, Y1
	VPSUBD    Y7, Y1, Y1
	VCVTDQ2PS Y1, Y1
	VMOVUPS   Y1, (BX)
	ADDQ      $8, DX
	ADDQ      $32, BX
	SUBQ      $8, CX
	JMP       bcp

bcptail:
	TESTQ     CX, CX
	JZ        bcpd
	MOVQ      $8, AX
	SUBQ      CX, AX
	SUBQ      AX, DX
	SHLQ      $2, AX
	SUBQ      AX, BX
	VPMOVZXBD (DX), Y1
	VPXOR     Y6, Y1, Y1
	VPSUBD    Y7, Y1, Y1
	VCVTDQ2PS Y1, Y1
	VMOVUPS   Y1, (BX)
	ADDQ      $32, BX

bcpd:
	LEAQ (DI)(R8*1), AX

brz:
	CMPQ   BX, AX
	JGE    brzd
	VMOVSS X0, (BX)
	ADDQ   $4, BX
	JMP    brz

brzd:
	ADDQ R8, DI
	ADDQ R9, SI
	DECQ R12
	JMP  brow

bdone:
	VZEROUPPER
	RET
