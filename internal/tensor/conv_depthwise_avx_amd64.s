//go:build amd64 && !purego

#include "textflag.h"

// 256-bit rows of the depthwise 3x3 kernel, for CPUs with AVX2 (chosen at
// run time). As the SSE rows: products rounded before each add (VMULPS
// then VADDPS, never fused), added in dw3x3's tap order, so the results
// equal the scalar code's bit for bit; eight lanes run side by side.

// TAPY adds the product of 8 floats at off(row) and weight register w to acc.
#define TAPY(off, row, w, acc) \
	VMULPS off(row), w, Y15 \
	VADDPS Y15, acc, acc

// func dw3x3s1AVX(out *float32, n int, s0, s1, s2 *float32, w *[9]float32)
// out[i] = 0 + Σ taps for i in [0, n), n a multiple of 8; window rows at
// s0, s1, s2, stride and dilation 1.
TEXT ·dw3x3s1AVX(SB), NOSPLIT, $0-48
	MOVQ out+0(FP), DI
	MOVQ n+8(FP), CX
	MOVQ s0+16(FP), R8
	MOVQ s1+24(FP), R9
	MOVQ s2+32(FP), R10
	MOVQ w+40(FP), AX
	VBROADCASTSS 0(AX), Y0
	VBROADCASTSS 4(AX), Y1
	VBROADCASTSS 8(AX), Y2
	VBROADCASTSS 12(AX), Y3
	VBROADCASTSS 16(AX), Y4
	VBROADCASTSS 20(AX), Y5
	VBROADCASTSS 24(AX), Y6
	VBROADCASTSS 28(AX), Y7
	VBROADCASTSS 32(AX), Y8

loop32:
	CMPQ CX, $32
	JLT  loop8
	VXORPS Y9, Y9, Y9
	VXORPS Y10, Y10, Y10
	VXORPS Y11, Y11, Y11
	VXORPS Y12, Y12, Y12
	// Four independent chains interleaved tap by tap.
	TAPY(0, R8, Y0, Y9)
	TAPY(32, R8, Y0, Y10)
	TAPY(64, R8, Y0, Y11)
	TAPY(96, R8, Y0, Y12)
	TAPY(4, R8, Y1, Y9)
	TAPY(36, R8, Y1, Y10)
	TAPY(68, R8, Y1, Y11)
	TAPY(100, R8, Y1, Y12)
	TAPY(8, R8, Y2, Y9)
	TAPY(40, R8, Y2, Y10)
	TAPY(72, R8, Y2, Y11)
	TAPY(104, R8, Y2, Y12)
	TAPY(0, R9, Y3, Y9)
	TAPY(32, R9, Y3, Y10)
	TAPY(64, R9, Y3, Y11)
	TAPY(96, R9, Y3, Y12)
	TAPY(4, R9, Y4, Y9)
	TAPY(36, R9, Y4, Y10)
	TAPY(68, R9, Y4, Y11)
	TAPY(100, R9, Y4, Y12)
	TAPY(8, R9, Y5, Y9)
	TAPY(40, R9, Y5, Y10)
	TAPY(72, R9, Y5, Y11)
	TAPY(104, R9, Y5, Y12)
	TAPY(0, R10, Y6, Y9)
	TAPY(32, R10, Y6, Y10)
	TAPY(64, R10, Y6, Y11)
	TAPY(96, R10, Y6, Y12)
	TAPY(4, R10, Y7, Y9)
	TAPY(36, R10, Y7, Y10)
	TAPY(68, R10, Y7, Y11)
	TAPY(100, R10, Y7, Y12)
	TAPY(8, R10, Y8, Y9)
	TAPY(40, R10, Y8, Y10)
	TAPY(72, R10, Y8, Y11)
	TAPY(104, R10, Y8, Y12)
	VMOVUPS Y9, 0(DI)
	VMOVUPS Y10, 32(DI)
	VMOVUPS Y11, 64(DI)
	VMOVUPS Y12, 96(DI)
	ADDQ $128, DI
	ADDQ $128, R8
	ADDQ $128, R9
	ADDQ $128, R10
	SUBQ $32, CX
	JMP  loop32

loop8:
	CMPQ CX, $8
	JLT  done
	VXORPS Y9, Y9, Y9
	TAPY(0, R8, Y0, Y9)
	TAPY(4, R8, Y1, Y9)
	TAPY(8, R8, Y2, Y9)
	TAPY(0, R9, Y3, Y9)
	TAPY(4, R9, Y4, Y9)
	TAPY(8, R9, Y5, Y9)
	TAPY(0, R10, Y6, Y9)
	TAPY(4, R10, Y7, Y9)
	TAPY(8, R10, Y8, Y9)
	VMOVUPS Y9, 0(DI)
	ADDQ $32, DI
	ADDQ $32, R8
	ADDQ $32, R9
	ADDQ $32, R10
	SUBQ $8, CX
	JMP  loop8

done:
	VZEROUPPER
	RET

// ROW2Y adds the three stride-2 taps of the input row at R (weights wa,
// wb, wc) for 8 outputs to Y12: lanes s[2i], s[2i+1], s[2i+2]. VSHUFPS
// works within 128-bit halves, so each gather is put in order by VPERMPD.
#define ROW2Y(R, wa, wb, wc) \
	VMOVUPS 0(R), Y9 \
	VMOVUPS 32(R), Y10 \
	VSHUFPS $0x88, Y10, Y9, Y11 \
	VPERMPD $0xD8, Y11, Y11 \
	VSHUFPS $0xDD, Y10, Y9, Y13 \
	VPERMPD $0xD8, Y13, Y13 \
	VMOVUPS 8(R), Y9 \
	VMOVUPS 40(R), Y10 \
	VSHUFPS $0x88, Y10, Y9, Y14 \
	VPERMPD $0xD8, Y14, Y14 \
	VMULPS wa, Y11, Y11 \
	VADDPS Y11, Y12, Y12 \
	VMULPS wb, Y13, Y13 \
	VADDPS Y13, Y12, Y12 \
	VMULPS wc, Y14, Y14 \
	VADDPS Y14, Y12, Y12

// func dw3x3s2AVX(out *float32, n int, s0, s1, s2 *float32, w *[9]float32)
// dw3x3s1AVX with stride 2: out[i]'s window row starts at s[2i]; reads
// s[0 : 2n+2).
TEXT ·dw3x3s2AVX(SB), NOSPLIT, $0-48
	MOVQ out+0(FP), DI
	MOVQ n+8(FP), CX
	MOVQ s0+16(FP), R8
	MOVQ s1+24(FP), R9
	MOVQ s2+32(FP), R10
	MOVQ w+40(FP), AX
	VBROADCASTSS 0(AX), Y0
	VBROADCASTSS 4(AX), Y1
	VBROADCASTSS 8(AX), Y2
	VBROADCASTSS 12(AX), Y3
	VBROADCASTSS 16(AX), Y4
	VBROADCASTSS 20(AX), Y5
	VBROADCASTSS 24(AX), Y6
	VBROADCASTSS 28(AX), Y7
	VBROADCASTSS 32(AX), Y8

s2loop:
	CMPQ CX, $8
	JLT  s2done
	VXORPS Y12, Y12, Y12
	ROW2Y(R8, Y0, Y1, Y2)
	ROW2Y(R9, Y3, Y4, Y5)
	ROW2Y(R10, Y6, Y7, Y8)
	VMOVUPS Y12, 0(DI)
	ADDQ $32, DI
	ADDQ $64, R8
	ADDQ $64, R9
	ADDQ $64, R10
	SUBQ $8, CX
	JMP  s2loop

s2done:
	VZEROUPPER
	RET
