//go:build amd64 && !purego

#include "textflag.h"

// func dwTapsAVX512(y, base *float32, ow, rows, rowStep, yPitch int, taps *int32, w *float32, ntaps int)
//
// Depthwise convolution rows of any kernel size, stride and dilation over a
// padded plane: output row r, column j is 0 + Σ_t w[t]·base[r·rowStep +
// taps[t] + j] in tap order, each product rounded (the scalar path's
// bits); rowStep and yPitch are in bytes, taps[t] in bytes from the row's
// base. Full 16-column vectors are read, so base needs 16 values of slack
// after the last row's reach; a row's last partial vector is stored
// masked.

// TAP1 adds tap CX's product at column offset BX to Z0; TAP2 also the
// next sixteen columns' to Z1.
#define TAP1 \
	MOVLQSX      (R8)(CX*4), AX \
	ADDQ         BX, AX \
	VBROADCASTSS (R9)(CX*4), Z2 \
	VMULPS       (SI)(AX*1), Z2, Z3 \
	VADDPS       Z3, Z0, Z0

#define TAP2 \
	TAP1 \
	VMULPS 64(SI)(AX*1), Z2, Z4 \
	VADDPS Z4, Z1, Z1

TEXT ·dwTapsAVX512(SB), NOSPLIT, $0-72
	MOVQ y+0(FP), DI
	MOVQ base+8(FP), SI
	MOVQ ow+16(FP), R11
	MOVQ rows+24(FP), R12
	MOVQ rowStep+32(FP), R13
	MOVQ yPitch+40(FP), R14
	MOVQ taps+48(FP), R8
	MOVQ w+56(FP), R9
	MOVQ ntaps+64(FP), R10
	// K1: the lanes of a row's last partial vector.
	MOVQ  R11, CX
	ANDQ  $15, CX
	MOVL  $1, AX
	SHLL  CX, AX
	DECL  AX
	KMOVW AX, K1
	TESTQ R12, R12
	JEQ   done

row:
	XORQ BX, BX
	MOVQ R11, DX

pair:
	CMPQ   DX, $32
	JLT    one
	VPXORD Z0, Z0, Z0
	VPXORD Z1, Z1, Z1
	XORQ   CX, CX

pairtap:
	TAP2
	INCQ    CX
	CMPQ    CX, R10
	JLT     pairtap
	VMOVUPS Z0, (DI)(BX*1)
	VMOVUPS Z1, 64(DI)(BX*1)
	ADDQ    $128, BX
	SUBQ    $32, DX
	JMP     pair

one:
	TESTQ  DX, DX
	JEQ    nextrow
	VPXORD Z0, Z0, Z0
	XORQ   CX, CX

onetap:
	TAP1
	INCQ CX
	CMPQ CX, R10
	JLT  onetap
	CMPQ DX, $16
	JLT  partial
	VMOVUPS Z0, (DI)(BX*1)
	ADDQ    $64, BX
	SUBQ    $16, DX
	JMP     one

partial:
	VMOVUPS Z0, K1, (DI)(BX*1)

nextrow:
	ADDQ R13, SI
	ADDQ R14, DI
	DECQ R12
	JNZ  row

done:
	VZEROUPPER
	RET
