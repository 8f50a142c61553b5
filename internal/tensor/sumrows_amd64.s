//go:build amd64 && !purego

#include "textflag.h"

// func sumRows8AVX512(x *float32, rowBytes, cols int, acc *float64)
//
// Adds columns [0, cols) of eight float32 rows (row k at x + k·rowBytes)
// to acc[0..7] in float64, each row's values in column order: eight
// columns at a time the 8x8 block is transposed so that lane k of a
// float64 vector is row k, and the eight column vectors are added one
// after another. cols is a multiple of 8.
TEXT ·sumRows8AVX512(SB), NOSPLIT, $0-32
	MOVQ    x+0(FP), SI
	MOVQ    rowBytes+8(FP), R8
	MOVQ    cols+16(FP), CX
	MOVQ    acc+24(FP), DI
	VMOVUPD (DI), Z20
	LEAQ    (SI)(R8*2), R9
	ADDQ    R8, R9 // row 3
	LEAQ    (R9)(R8*2), R10
	ADDQ    R8, R10 // row 6
	SHRQ    $3, CX
	JEQ     done

loop:
	VMOVUPS (SI), Y0
	VMOVUPS (SI)(R8*1), Y1
	VMOVUPS (SI)(R8*2), Y2
	VMOVUPS (R9), Y3
	VMOVUPS (SI)(R8*4), Y4
	VMOVUPS (R9)(R8*2), Y5
	VMOVUPS (R10), Y6
	VMOVUPS (R10)(R8*1), Y7
	VUNPCKLPS Y1, Y0, Y8
	VUNPCKHPS Y1, Y0, Y9
	VUNPCKLPS Y3, Y2, Y10
	VUNPCKHPS Y3, Y2, Y11
	VUNPCKLPS Y5, Y4, Y12
	VUNPCKHPS Y5, Y4, Y13
	VUNPCKLPS Y7, Y6, Y14
	VUNPCKHPS Y7, Y6, Y15
	// Rows 0-3 and 4-7 of columns (0, 4), (1, 5), (2, 6), (3, 7).
	VSHUFPS $0x44, Y10, Y8, Y0
	VSHUFPS $0xEE, Y10, Y8, Y1
	VSHUFPS $0x44, Y11, Y9, Y2
	VSHUFPS $0xEE, Y11, Y9, Y3
	VSHUFPS $0x44, Y14, Y12, Y4
	VSHUFPS $0xEE, Y14, Y12, Y5
	VSHUFPS $0x44, Y15, Y13, Y6
	VSHUFPS $0xEE, Y15, Y13, Y7
	// Column j: lane k is row k.
	VPERM2F128 $0x20, Y4, Y0, Y8
	VPERM2F128 $0x20, Y5, Y1, Y9
	VPERM2F128 $0x20, Y6, Y2, Y10
	VPERM2F128 $0x20, Y7, Y3, Y11
	VPERM2F128 $0x31, Y4, Y0, Y12
	VPERM2F128 $0x31, Y5, Y1, Y13
	VPERM2F128 $0x31, Y6, Y2, Y14
	VPERM2F128 $0x31, Y7, Y3, Y15
	VCVTPS2PD Y8, Z0
	VCVTPS2PD Y9, Z1
	VCVTPS2PD Y10, Z2
	VCVTPS2PD Y11, Z3
	VCVTPS2PD Y12, Z4
	VCVTPS2PD Y13, Z5
	VCVTPS2PD Y14, Z6
	VCVTPS2PD Y15, Z7
	VADDPD Z0, Z20, Z20
	VADDPD Z1, Z20, Z20
	VADDPD Z2, Z20, Z20
	VADDPD Z3, Z20, Z20
	VADDPD Z4, Z20, Z20
	VADDPD Z5, Z20, Z20
	VADDPD Z6, Z20, Z20
	VADDPD Z7, Z20, Z20
	ADDQ $32, SI
	ADDQ $32, R9
	ADDQ $32, R10
	DECQ CX
	JNZ  loop

done:
	VMOVUPD Z20, (DI)
	VZEROUPPER
	RET
