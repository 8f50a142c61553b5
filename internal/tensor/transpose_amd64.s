//go:build amd64 && !purego

#include "textflag.h"
#include "transpose16_amd64.h"

// func transposeBlocksAVX512(dst, src *float32, rb, cb, srcStride, dstStride int)
//
// Transposes rb x cb blocks of 16x16 four-byte values: block (i, j) of
// src (rows 16i.., columns 16j.., rows srcStride bytes apart) to block
// (j, i) of dst (rows dstStride bytes apart).
TEXT ·transposeBlocksAVX512(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ rb+16(FP), R8
	MOVQ srcStride+32(FP), R10
	MOVQ dstStride+40(FP), R11
	TESTQ R8, R8
	JEQ   tdone

trow:
	MOVQ cb+24(FP), R9
	MOVQ SI, AX // this block row's source
	MOVQ DI, BX // its destination: column block i of every destination row block

tcol:
	TESTQ R9, R9
	JEQ   trownext
	MOVQ  AX, CX
	VMOVUPS (CX), Z0
	VMOVUPS (CX)(R10*1), Z1
	VMOVUPS (CX)(R10*2), Z2
	LEAQ    (CX)(R10*2), CX
	VMOVUPS (CX)(R10*1), Z3
	VMOVUPS (CX)(R10*2), Z4
	LEAQ    (CX)(R10*2), CX
	VMOVUPS (CX)(R10*1), Z5
	VMOVUPS (CX)(R10*2), Z6
	LEAQ    (CX)(R10*2), CX
	VMOVUPS (CX)(R10*1), Z7
	VMOVUPS (CX)(R10*2), Z8
	LEAQ    (CX)(R10*2), CX
	VMOVUPS (CX)(R10*1), Z9
	VMOVUPS (CX)(R10*2), Z10
	LEAQ    (CX)(R10*2), CX
	VMOVUPS (CX)(R10*1), Z11
	VMOVUPS (CX)(R10*2), Z12
	LEAQ    (CX)(R10*2), CX
	VMOVUPS (CX)(R10*1), Z13
	VMOVUPS (CX)(R10*2), Z14
	LEAQ    (CX)(R10*2), CX
	VMOVUPS (CX)(R10*1), Z15
	TRANSPOSE16
	MOVQ    BX, DX
	VMOVUPS Z0, (DX)
	VMOVUPS Z1, (DX)(R11*1)
	VMOVUPS Z2, (DX)(R11*2)
	LEAQ    (DX)(R11*2), DX
	VMOVUPS Z3, (DX)(R11*1)
	VMOVUPS Z4, (DX)(R11*2)
	LEAQ    (DX)(R11*2), DX
	VMOVUPS Z5, (DX)(R11*1)
	VMOVUPS Z6, (DX)(R11*2)
	LEAQ    (DX)(R11*2), DX
	VMOVUPS Z7, (DX)(R11*1)
	VMOVUPS Z8, (DX)(R11*2)
	LEAQ    (DX)(R11*2), DX
	VMOVUPS Z9, (DX)(R11*1)
	VMOVUPS Z10, (DX)(R11*2)
	LEAQ    (DX)(R11*2), DX
	VMOVUPS Z11, (DX)(R11*1)
	VMOVUPS Z12, (DX)(R11*2)
	LEAQ    (DX)(R11*2), DX
	VMOVUPS Z13, (DX)(R11*1)
	VMOVUPS Z14, (DX)(R11*2)
	LEAQ    (DX)(R11*2), DX
	VMOVUPS Z15, (DX)(R11*1)
	ADDQ    $64, AX      // next source column block
	MOVQ    R11, CX
	SHLQ    $4, CX
	ADDQ    CX, BX       // next destination row block
	DECQ    R9
	JMP     tcol

trownext:
	MOVQ R10, CX
	SHLQ $4, CX
	ADDQ CX, SI // next source row block
	ADDQ $64, DI // next destination column block
	DECQ R8
	JNZ  trow

tdone:
	VZEROUPPER
	RET
