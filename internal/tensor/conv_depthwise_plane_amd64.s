//go:build amd64 && !purego

#include "textflag.h"

// Depthwise 3x3 convolution (dilation 1) read in place from the unpadded
// input plane, for CPUs with AVX-512 (chosen at run time). Sixteen
// outputs of a row a step; tab lists a row's 16-wide segments, eight
// int32s each: the byte offset of the segment's first window column in
// an input row (negative at a left pad), three lane masks, the byte
// offset of its outputs in an output row, their mask, and whether the
// segment has lanes outside the row (an edge). Stride 1: the masks are
// of the loads of columns +0, +1, +2; stride 2: of the output lanes' kj
// = 0, 1, 2 columns. Lanes outside the row are zeroed in registers, as
// padding reads: the loads themselves are not masked (a masked load whose
// masked-off lanes fall on another page costs hundreds of cycles), so the
// caller guarantees that every load lies in memory it may read. Input
// rows outside [0, h) read a zero row instead (zeros). So every tap is a
// product added in tap order, padding included, exactly as the scalar
// code and the padded block kernels sum: 0 + Σ_(ki,kj) x·w, each product
// rounded; then bias and clamp, always (dwEpilogue.set makes absent ones
// 0 and ±Inf, which leave every value's bits as they are: a sum started
// from +0 is never −0).
// Four output rows are in flight at a time, for the adds' latency; their
// twelve input rows are found once per row group (kept in the frame).
//
// Arguments: dst (output row 0), src (input plane), tab, nseg, rows
// (output rows), iy0 (input row of output row 0's first window row),
// h (input rows), rowBytes (input pitch), sh (input rows per output row),
// outBytes (output pitch), w, ep, zeros.

// ROWPTR(ROW, SLOT) stores input row ROW's start at SLOT(SP), or the
// zero row's when ROW is outside [0, h) (unsigned compare: negative rows
// too).
#define ROWPTR(ROW, SLOT) \
	MOVQ    ROW, R12 \
	IMULQ   DX, R12 \
	ADDQ    SI, R12 \
	CMPQ    ROW, R13 \
	CMOVQCC R10, R12 \
	MOVQ    R12, SLOT(SP)

// PTRS3(S0, S1, S2) stores the three input rows of the output row whose
// first window row is R8, then steps R8 to the next output row's.
#define PTRS3(S0, S1, S2) \
	ROWPTR(R8, S0) \
	LEAQ 1(R8), R9 \
	ROWPTR(R9, S1) \
	LEAQ 2(R8), R9 \
	ROWPTR(R9, S2) \
	ADDQ sh+64(FP), R8

#define MULADD(X, W, ACC) \
	VMULPS X, W, X \
	VADDPS X, ACC, ACC

// S1FULL adds one kernel row's three taps (stride 1) to ACC, every lane
// inside the row; S1EDGE zeroes the lanes outside it first.
#define S1FULL(WA, WB, WC, ACC) \
	VMOVUPS (R12)(R11*1), Z13 \
	VMOVUPS 4(R12)(R11*1), Z14 \
	VMOVUPS 8(R12)(R11*1), Z15 \
	MULADD(Z13, WA, ACC) \
	MULADD(Z14, WB, ACC) \
	MULADD(Z15, WC, ACC)

#define S1EDGE(WA, WB, WC, ACC) \
	VMOVUPS   (R12)(R11*1), Z13 \
	VMOVUPS   4(R12)(R11*1), Z14 \
	VMOVUPS   8(R12)(R11*1), Z15 \
	VMOVAPS.Z Z13, K1, Z13 \
	VMOVAPS.Z Z14, K2, Z14 \
	VMOVAPS.Z Z15, K3, Z15 \
	MULADD(Z13, WA, ACC) \
	MULADD(Z14, WB, ACC) \
	MULADD(Z15, WC, ACC)

// S2TAPS is S1EDGE at stride 2: lane l's columns 2l, 2l+1 are the even
// and odd values of the 32 at the segment start (VPERMT2PS by Z30, Z31),
// column 2l+2 the even ones of the 32 two values on; the permutes zero
// the lanes outside the row.
#define S2TAPS(WA, WB, WC, ACC) \
	VMOVUPS     (R12)(R11*1), Z13 \
	VMOVUPS     64(R12)(R11*1), Z14 \
	VMOVUPS     8(R12)(R11*1), Z16 \
	VMOVUPS     72(R12)(R11*1), Z17 \
	VMOVAPS     Z13, Z15 \
	VPERMT2PS.Z Z14, Z30, K1, Z13 \
	VPERMT2PS.Z Z14, Z31, K2, Z15 \
	VPERMT2PS.Z Z17, Z30, K3, Z16 \
	MULADD(Z13, WA, ACC) \
	MULADD(Z15, WB, ACC) \
	MULADD(Z16, WC, ACC)

// ROW3(TAPS, ACC, S0, S1, S2) sums one output row (its input rows at
// S0..S2(SP)) into ACC, adds the bias and clamps.
#define ROW3(TAPS, ACC, S0, S1, S2) \
	VPXORD ACC, ACC, ACC \
	MOVQ   S0(SP), R12 \
	TAPS(Z0, Z1, Z2, ACC) \
	MOVQ   S1(SP), R12 \
	TAPS(Z3, Z4, Z5, ACC) \
	MOVQ   S2(SP), R12 \
	TAPS(Z6, Z7, Z8, ACC) \
	VADDPS Z19, ACC, ACC \
	VMAXPS ACC, Z20, ACC \
	VMINPS ACC, Z21, ACC

// ROWS4 and ROWS1 compute and store four output rows, or one, of the
// segment loaded by SEGLOAD.
#define ROWS4(TAPS) \
	ROW3(TAPS, Z9, 0, 8, 16) \
	ROW3(TAPS, Z10, 24, 32, 40) \
	ROW3(TAPS, Z11, 48, 56, 64) \
	ROW3(TAPS, Z12, 72, 80, 88) \
	MOVQ    outBytes+72(FP), R9 \
	VMOVUPS Z9, K5, (AX) \
	ADDQ    R9, AX \
	VMOVUPS Z10, K5, (AX) \
	ADDQ    R9, AX \
	VMOVUPS Z11, K5, (AX) \
	ADDQ    R9, AX \
	VMOVUPS Z12, K5, (AX)

#define ROWS1(TAPS) \
	ROW3(TAPS, Z9, 0, 8, 16) \
	VMOVUPS Z9, K5, (AX)

// SEGLOAD loads the segment at BX: R11 its column offset, K1..K3 its
// masks, K5 its output mask, AX its outputs in output row DI.
#define SEGLOAD \
	MOVLQSX 0(BX), R11 \
	KMOVW   4(BX), K1 \
	KMOVW   8(BX), K2 \
	KMOVW   12(BX), K3 \
	KMOVW   24(BX), K5 \
	MOVLQSX 20(BX), AX \
	ADDQ    DI, AX

// PROLOGUE loads the arguments and broadcasts the weights (Z0..Z8), the
// bias (Z19), lo (Z20) and hi (Z21).
#define PROLOGUE \
	MOVQ         w+80(FP), AX \
	VBROADCASTSS 0(AX), Z0 \
	VBROADCASTSS 4(AX), Z1 \
	VBROADCASTSS 8(AX), Z2 \
	VBROADCASTSS 12(AX), Z3 \
	VBROADCASTSS 16(AX), Z4 \
	VBROADCASTSS 20(AX), Z5 \
	VBROADCASTSS 24(AX), Z6 \
	VBROADCASTSS 28(AX), Z7 \
	VBROADCASTSS 32(AX), Z8 \
	MOVQ         ep+88(FP), R14 \
	VBROADCASTSS 0(R14), Z19 \
	VBROADCASTSS 32(R14), Z20 \
	VBROADCASTSS 64(R14), Z21 \
	MOVQ         dst+0(FP), DI \
	MOVQ         src+8(FP), SI \
	MOVQ         rows+32(FP), R15 \
	MOVQ         h+48(FP), R13 \
	MOVQ         rowBytes+56(FP), DX \
	MOVQ         zeros+96(FP), R10

// The row loops, four output rows at a time, then one: for each row
// group, every segment, on the edge or the full taps (SEGTAPS).
#define LOOPS(SEGTAPS4, SEGTAPS1, L4, S4, L1, S1, DONE) \
L4: \
	CMPQ R15, $4 \
	JLT  L1 \
	MOVQ iy0+40(FP), R8 \
	PTRS3(0, 8, 16) \
	PTRS3(24, 32, 40) \
	PTRS3(48, 56, 64) \
	PTRS3(72, 80, 88) \
	MOVQ tab+16(FP), BX \
	MOVQ nseg+24(FP), CX \
S4: \
	SEGLOAD \
	SEGTAPS4 \
	ADDQ $32, BX \
	DECQ CX \
	JNZ  S4 \
	MOVQ outBytes+72(FP), R9 \
	SHLQ $2, R9 \
	ADDQ R9, DI \
	MOVQ sh+64(FP), R9 \
	SHLQ $2, R9 \
	ADDQ R9, iy0+40(FP) \
	SUBQ $4, R15 \
	JMP  L4 \
L1: \
	TESTQ R15, R15 \
	JEQ   DONE \
	MOVQ  iy0+40(FP), R8 \
	PTRS3(0, 8, 16) \
	MOVQ  tab+16(FP), BX \
	MOVQ  nseg+24(FP), CX \
S1: \
	SEGLOAD \
	SEGTAPS1 \
	ADDQ  $32, BX \
	DECQ  CX \
	JNZ   S1 \
	ADDQ  outBytes+72(FP), DI \
	MOVQ  sh+64(FP), R9 \
	ADDQ  R9, iy0+40(FP) \
	DECQ  R15 \
	JMP   L1 \
DONE: \
	VZEROUPPER \
	RET

// Stride 1 picks the taps per segment: the edge ones only where needed.
#define S1SEG4 \
	CMPL 28(BX), $0 \
	JNE  s1e4 \
	ROWS4(S1FULL) \
	JMP  s1n4 \
s1e4: \
	ROWS4(S1EDGE) \
s1n4:

#define S1SEG1 \
	CMPL 28(BX), $0 \
	JNE  s1e1 \
	ROWS1(S1FULL) \
	JMP  s1n1 \
s1e1: \
	ROWS1(S1EDGE) \
s1n1:

#define S2SEG4 ROWS4(S2TAPS)
#define S2SEG1 ROWS1(S2TAPS)

// func dw3x3s1PlaneAVX512(dst, src *float32, tab *int32, nseg, rows, iy0, h, rowBytes, sh, outBytes int, w *[9]float32, ep *dwEpilogue, zeros *float32)
TEXT ·dw3x3s1PlaneAVX512(SB), NOSPLIT, $96-104
	PROLOGUE
	LOOPS(S1SEG4, S1SEG1, s1l4, s1s4, s1l1, s1s1, s1done)

// func dw3x3s2PlaneAVX512(dst, src *float32, tab *int32, nseg, rows, iy0, h, rowBytes, sh, outBytes int, w *[9]float32, ep *dwEpilogue, zeros *float32)
TEXT ·dw3x3s2PlaneAVX512(SB), NOSPLIT, $96-104
	LEAQ      dwEvenOdd<>(SB), AX
	VMOVDQU32 0(AX), Z30
	VMOVDQU32 64(AX), Z31
	PROLOGUE
	LOOPS(S2SEG4, S2SEG1, s2l4, s2s4, s2l1, s2s1, s2done)

// Lane indices of the even and the odd values of two vectors.
DATA dwEvenOdd<>+0(SB)/4, $0
DATA dwEvenOdd<>+4(SB)/4, $2
DATA dwEvenOdd<>+8(SB)/4, $4
DATA dwEvenOdd<>+12(SB)/4, $6
DATA dwEvenOdd<>+16(SB)/4, $8
DATA dwEvenOdd<>+20(SB)/4, $10
DATA dwEvenOdd<>+24(SB)/4, $12
DATA dwEvenOdd<>+28(SB)/4, $14
DATA dwEvenOdd<>+32(SB)/4, $16
DATA dwEvenOdd<>+36(SB)/4, $18
DATA dwEvenOdd<>+40(SB)/4, $20
DATA dwEvenOdd<>+44(SB)/4, $22
DATA dwEvenOdd<>+48(SB)/4, $24
DATA dwEvenOdd<>+52(SB)/4, $26
DATA dwEvenOdd<>+56(SB)/4, $28
DATA dwEvenOdd<>+60(SB)/4, $30
DATA dwEvenOdd<>+64(SB)/4, $1
DATA dwEvenOdd<>+68(SB)/4, $3
DATA dwEvenOdd<>+72(SB)/4, $5
DATA dwEvenOdd<>+76(SB)/4, $7
DATA dwEvenOdd<>+80(SB)/4, $9
DATA dwEvenOdd<>+84(SB)/4, $11
DATA dwEvenOdd<>+88(SB)/4, $13
DATA dwEvenOdd<>+92(SB)/4, $15
DATA dwEvenOdd<>+96(SB)/4, $17
DATA dwEvenOdd<>+100(SB)/4, $19
DATA dwEvenOdd<>+104(SB)/4, $21
DATA dwEvenOdd<>+108(SB)/4, $23
DATA dwEvenOdd<>+112(SB)/4, $25
DATA dwEvenOdd<>+116(SB)/4, $27
DATA dwEvenOdd<>+120(SB)/4, $29
DATA dwEvenOdd<>+124(SB)/4, $31
GLOBL dwEvenOdd<>(SB), RODATA|NOPTR, $128
