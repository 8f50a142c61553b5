//go:build amd64 && !purego

#include "textflag.h"

// SSE (amd64 baseline, no CPU check needed) rows of the depthwise kernel.
// Products are rounded before each add (MULPS then ADDPS, never fused) and
// added in the scalar code's order, so results equal dw3x3's and axpy's
// bit for bit; only the four lanes run side by side.

// TAP adds the product of 4 floats at off(row) and weight register w to acc.
#define TAP(off, row, w, acc) \
	MOVUPS off(row), X15 \
	MULPS  w, X15 \
	ADDPS  X15, acc

// WINDOW adds the 9 taps of the window starting at byte offset o to acc.
#define WINDOW(o, acc) \
	TAP(o, R8, X0, acc) \
	TAP(o+4, R8, X1, acc) \
	TAP(o+8, R8, X2, acc) \
	TAP(o, R9, X3, acc) \
	TAP(o+4, R9, X4, acc) \
	TAP(o+8, R9, X5, acc) \
	TAP(o, R10, X6, acc) \
	TAP(o+4, R10, X7, acc) \
	TAP(o+8, R10, X8, acc)

// func dw3x3s1SSE(out *float32, n int, s0, s1, s2 *float32, w *[9]float32)
// out[i] = 0 + Σ taps for i in [0, n), n a multiple of 4; window rows at
// s0, s1, s2, stride and dilation 1.
TEXT ·dw3x3s1SSE(SB), NOSPLIT, $0-48
	MOVQ out+0(FP), DI
	MOVQ n+8(FP), CX
	MOVQ s0+16(FP), R8
	MOVQ s1+24(FP), R9
	MOVQ s2+32(FP), R10
	MOVQ w+40(FP), AX
	MOVSS 0(AX), X0
	SHUFPS $0, X0, X0
	MOVSS 4(AX), X1
	SHUFPS $0, X1, X1
	MOVSS 8(AX), X2
	SHUFPS $0, X2, X2
	MOVSS 12(AX), X3
	SHUFPS $0, X3, X3
	MOVSS 16(AX), X4
	SHUFPS $0, X4, X4
	MOVSS 20(AX), X5
	SHUFPS $0, X5, X5
	MOVSS 24(AX), X6
	SHUFPS $0, X6, X6
	MOVSS 28(AX), X7
	SHUFPS $0, X7, X7
	MOVSS 32(AX), X8
	SHUFPS $0, X8, X8

loop16:
	CMPQ CX, $16
	JLT  loop4
	XORPS X9, X9
	XORPS X10, X10
	XORPS X11, X11
	XORPS X12, X12
	// Four independent chains interleaved tap by tap.
	TAP(0, R8, X0, X9)
	TAP(16, R8, X0, X10)
	TAP(32, R8, X0, X11)
	TAP(48, R8, X0, X12)
	TAP(4, R8, X1, X9)
	TAP(20, R8, X1, X10)
	TAP(36, R8, X1, X11)
	TAP(52, R8, X1, X12)
	TAP(8, R8, X2, X9)
	TAP(24, R8, X2, X10)
	TAP(40, R8, X2, X11)
	TAP(56, R8, X2, X12)
	TAP(0, R9, X3, X9)
	TAP(16, R9, X3, X10)
	TAP(32, R9, X3, X11)
	TAP(48, R9, X3, X12)
	TAP(4, R9, X4, X9)
	TAP(20, R9, X4, X10)
	TAP(36, R9, X4, X11)
	TAP(52, R9, X4, X12)
	TAP(8, R9, X5, X9)
	TAP(24, R9, X5, X10)
	TAP(40, R9, X5, X11)
	TAP(56, R9, X5, X12)
	TAP(0, R10, X6, X9)
	TAP(16, R10, X6, X10)
	TAP(32, R10, X6, X11)
	TAP(48, R10, X6, X12)
	TAP(4, R10, X7, X9)
	TAP(20, R10, X7, X10)
	TAP(36, R10, X7, X11)
	TAP(52, R10, X7, X12)
	TAP(8, R10, X8, X9)
	TAP(24, R10, X8, X10)
	TAP(40, R10, X8, X11)
	TAP(56, R10, X8, X12)
	MOVUPS X9, 0(DI)
	MOVUPS X10, 16(DI)
	MOVUPS X11, 32(DI)
	MOVUPS X12, 48(DI)
	ADDQ $64, DI
	ADDQ $64, R8
	ADDQ $64, R9
	ADDQ $64, R10
	SUBQ $16, CX
	JMP  loop16

loop4:
	CMPQ CX, $4
	JLT  done
	XORPS X9, X9
	WINDOW(0, X9)
	MOVUPS X9, 0(DI)
	ADDQ $16, DI
	ADDQ $16, R8
	ADDQ $16, R9
	ADDQ $16, R10
	SUBQ $4, CX
	JMP  loop4

done:
	RET

// func axpySSE(d, s *float32, n int, a float32)
// d[i] += a * s[i] for i in [0, n), n a multiple of 4.
TEXT ·axpySSE(SB), NOSPLIT, $0-28
	MOVQ d+0(FP), DI
	MOVQ s+8(FP), SI
	MOVQ n+16(FP), CX
	MOVSS a+24(FP), X0
	SHUFPS $0, X0, X0

axloop16:
	CMPQ CX, $16
	JLT  axloop4
	MOVUPS 0(SI), X1
	MOVUPS 16(SI), X2
	MOVUPS 32(SI), X3
	MOVUPS 48(SI), X4
	MULPS  X0, X1
	MULPS  X0, X2
	MULPS  X0, X3
	MULPS  X0, X4
	MOVUPS 0(DI), X5
	MOVUPS 16(DI), X6
	MOVUPS 32(DI), X7
	MOVUPS 48(DI), X8
	ADDPS  X1, X5
	ADDPS  X2, X6
	ADDPS  X3, X7
	ADDPS  X4, X8
	MOVUPS X5, 0(DI)
	MOVUPS X6, 16(DI)
	MOVUPS X7, 32(DI)
	MOVUPS X8, 48(DI)
	ADDQ $64, DI
	ADDQ $64, SI
	SUBQ $16, CX
	JMP  axloop16

axloop4:
	CMPQ CX, $4
	JLT  axdone
	MOVUPS 0(SI), X1
	MULPS  X0, X1
	MOVUPS 0(DI), X5
	ADDPS  X1, X5
	MOVUPS X5, 0(DI)
	ADDQ $16, DI
	ADDQ $16, SI
	SUBQ $4, CX
	JMP  axloop4

axdone:
	RET

// ROW2 adds the three stride-2 taps of the input row at R (weights wa, wb,
// wc) for 4 outputs to X12: lanes (s0 s2 s4 s6), (s1 s3 s5 s7), (s2 s4 s6 s8).
#define ROW2(R, wa, wb, wc) \
	MOVUPS 0(R), X9 \
	MOVUPS 16(R), X10 \
	MOVAPS X9, X11 \
	SHUFPS $0x88, X10, X11 \
	SHUFPS $0xDD, X10, X9 \
	MOVUPS 8(R), X10 \
	MOVUPS 24(R), X13 \
	SHUFPS $0x88, X13, X10 \
	MULPS  wa, X11 \
	ADDPS  X11, X12 \
	MULPS  wb, X9 \
	ADDPS  X9, X12 \
	MULPS  wc, X10 \
	ADDPS  X10, X12

// func dw3x3s2SSE(out *float32, n int, s0, s1, s2 *float32, w *[9]float32)
// dw3x3s1SSE with stride 2: out[i]'s window row starts at s[2i]; reads
// s[0 : 2n+2).
TEXT ·dw3x3s2SSE(SB), NOSPLIT, $0-48
	MOVQ out+0(FP), DI
	MOVQ n+8(FP), CX
	MOVQ s0+16(FP), R8
	MOVQ s1+24(FP), R9
	MOVQ s2+32(FP), R10
	MOVQ w+40(FP), AX
	MOVSS 0(AX), X0
	SHUFPS $0, X0, X0
	MOVSS 4(AX), X1
	SHUFPS $0, X1, X1
	MOVSS 8(AX), X2
	SHUFPS $0, X2, X2
	MOVSS 12(AX), X3
	SHUFPS $0, X3, X3
	MOVSS 16(AX), X4
	SHUFPS $0, X4, X4
	MOVSS 20(AX), X5
	SHUFPS $0, X5, X5
	MOVSS 24(AX), X6
	SHUFPS $0, X6, X6
	MOVSS 28(AX), X7
	SHUFPS $0, X7, X7
	MOVSS 32(AX), X8
	SHUFPS $0, X8, X8

s2loop:
	CMPQ CX, $4
	JLT  s2done
	XORPS X12, X12
	ROW2(R8, X0, X1, X2)
	ROW2(R9, X3, X4, X5)
	ROW2(R10, X6, X7, X8)
	MOVUPS X12, 0(DI)
	ADDQ $16, DI
	ADDQ $32, R8
	ADDQ $32, R9
	ADDQ $32, R10
	SUBQ $4, CX
	JMP  s2loop

s2done:
	RET
