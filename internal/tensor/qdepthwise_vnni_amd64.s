//go:build amd64 && !purego

#include "textflag.h"

// func dw3x3QuadRows(dst *int32, src *byte, pitch, rows, n, stride int, w *int32, idx *byte, flip int32)
// Depthwise 3x3 (dilation 1) rows of exact int32 sums on AVX-512 VNNI
// and VBMI: output row r, column j is
//
//	w[3] + Σ_{ki<3} Σ_{t<4} u(src[(r*stride+ki)*pitch + j*stride + t]) · s8(w[ki] byte t)
//
// with u(b) = b ^ flip read unsigned and w[ki]'s fourth byte 0 (qdepthwise.go).
// Sixteen outputs a step: VPERMB (indices at idx) gathers each lane's
// four input bytes from 64 loaded at the block's first window, then one
// VPDPBUSD per kernel row. src must have 64 readable bytes from every
// block's first window; a row's last block stores only its n%16 lanes.
TEXT ·dw3x3QuadRows(SB), NOSPLIT, $0-68
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ pitch+16(FP), DX
	MOVQ rows+24(FP), R8
	MOVQ n+32(FP), R9
	MOVQ stride+40(FP), R10
	MOVQ w+48(FP), BX
	MOVQ idx+56(FP), AX
	VMOVDQU8 (AX), Z31
	MOVL flip+64(FP), AX
	VPBROADCASTB AX, Z30
	VPBROADCASTD 12(BX), Z29 // w[3]: the zero point's correction
	MOVQ R10, R13
	SHLQ $4, R13 // input bytes per 16 outputs
	MOVQ R10, R14
	IMULQ DX, R14 // input bytes per output row

rowloop:
	TESTQ R8, R8
	JEQ   done
	MOVQ  SI, R11 // this row's first window
	MOVQ  R9, CX  // outputs left in the row

blockloop:
	CMPQ CX, $0
	JLE  rowend
	VPERMB (R11), Z31, Z0
	VPERMB (R11)(DX*1), Z31, Z1
	VPERMB (R11)(DX*2), Z31, Z2
	VPXORD Z30, Z0, Z0
	VPXORD Z30, Z1, Z1
	VPXORD Z30, Z2, Z2
	VMOVDQA32 Z29, Z3
	VPDPBUSD.BCST (BX), Z0, Z3
	VPDPBUSD.BCST 4(BX), Z1, Z3
	VPDPBUSD.BCST 8(BX), Z2, Z3
	CMPQ CX, $16
	JLT  partial
	VMOVDQU32 Z3, (DI)
	ADDQ $64, DI
	ADDQ R13, R11
	SUBQ $16, CX
	JMP  blockloop

partial:
	MOVL $1, AX
	SHLL CX, AX
	DECL AX
	KMOVW AX, K1
	VMOVDQU32 Z3, K1, (DI)
	LEAQ (DI)(CX*4), DI

rowend:
	ADDQ R14, SI
	DECQ R8
	JMP  rowloop

done:
	VZEROUPPER
	RET
