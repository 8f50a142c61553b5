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

// QROWPTR(ROW, DST) sets DST to input row ROW's start, or the zero row's
// when ROW is outside [0, h) (unsigned compare: negative rows too).
#define QROWPTR(ROW, DST) \
	MOVQ    ROW, DST \
	IMULQ   DX, DST \
	ADDQ    SI, DST \
	CMPQ    ROW, R13 \
	CMOVQCC R10, DST

// func dw3x3QuadPlane(dst *int32, src *byte, tab *int64, nseg, rows, iy0, h, pitch, sh, outPitch int, w *int32, idx *byte, flip int32, zeros *byte)
// dw3x3QuadRows read in place from the unpadded input plane src (rows of
// pitch bytes, h of them): output rows [0, rows) of a tile, the first's
// first window row at input row iy0, sh input rows per output row;
// outPitch bytes between output rows. tab holds per 16-lane segment of a
// row two int64s: the mask of the 64 bytes loaded at the segment's first
// window column (set where the column lies in the row), then that
// column's offset (low 32 bits, signed) and the mask of the segment's
// output lanes (high 32 bits).
// Bytes outside the row, and rows outside [0, h) (read from zeros, a row
// of stored zero points), take the stored zero point, as padding does.
// Each load is a blend of 64 whole bytes: the caller guarantees they are
// readable (a masked load whose masked-off bytes fall on another page is
// very slow).
TEXT ·dw3x3QuadPlane(SB), NOSPLIT, $0-112
	MOVQ w+80(FP), BX
	VPBROADCASTD 0(BX), Z25
	VPBROADCASTD 4(BX), Z26
	VPBROADCASTD 8(BX), Z27
	VPBROADCASTD 12(BX), Z29 // w[3]: the zero point's correction
	MOVQ idx+88(FP), AX
	VMOVDQU8 (AX), Z31
	MOVL flip+96(FP), AX
	VPBROADCASTB AX, Z30
	MOVQ zeros+104(FP), R10
	VMOVDQU8 (R10), Z28      // stored zero points
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ rows+32(FP), R15
	MOVQ iy0+40(FP), R8
	MOVQ h+48(FP), R13
	MOVQ pitch+56(FP), DX

qprow:
	TESTQ R15, R15
	JEQ   qpdone
	// The output row's three input rows (R12, AX, BX), or the zero row.
	QROWPTR(R8, R12)
	LEAQ  1(R8), R11
	QROWPTR(R11, AX)
	LEAQ  2(R8), R11
	QROWPTR(R11, BX)
	MOVQ  tab+16(FP), R14
	MOVQ  nseg+24(FP), CX
	MOVQ  DI, R9 // this row's outputs

qpseg:
	KMOVQ     0(R14), K1
	MOVLQSX   8(R14), R11 // first window column
	VMOVDQA32 Z29, Z3
	VPBLENDMB (R12)(R11*1), Z28, K1, Z0
	VPBLENDMB (AX)(R11*1), Z28, K1, Z1
	VPBLENDMB (BX)(R11*1), Z28, K1, Z2
	VPERMB    Z0, Z31, Z0
	VPERMB    Z1, Z31, Z1
	VPERMB    Z2, Z31, Z2
	VPXORD    Z30, Z0, Z0
	VPXORD    Z30, Z1, Z1
	VPXORD    Z30, Z2, Z2
	VPDPBUSD  Z25, Z0, Z3
	VPDPBUSD  Z26, Z1, Z3
	VPDPBUSD  Z27, Z2, Z3
	KMOVW     12(R14), K2 // the segment's output lanes
	VMOVDQU32 Z3, K2, (R9)
	ADDQ      $64, R9
	ADDQ      $16, R14
	DECQ      CX
	JNZ       qpseg
	ADDQ      outPitch+72(FP), DI
	ADDQ      sh+64(FP), R8
	DECQ      R15
	JMP       qprow

qpdone:
	VZEROUPPER
	RET
