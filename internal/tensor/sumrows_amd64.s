//go:build amd64 && !purego

#include "textflag.h"

// ROWS8SETUP points SI at row 0 of eight float32 rows rowBytes (R8)
// apart, R9 at row 3 and R10 at row 6, and CX at the runs of eight
// columns.
#define ROWS8SETUP \
	MOVQ x+0(FP), SI \
	MOVQ rowBytes+8(FP), R8 \
	MOVQ cols+16(FP), CX \
	LEAQ (SI)(R8*2), R9 \
	ADDQ R8, R9 \
	LEAQ (R9)(R8*2), R10 \
	ADDQ R8, R10 \
	SHRQ $3, CX

// COLS8 loads the next eight columns of the eight rows, transposes them
// and widens them: Z0..Z7 are columns 0..7 as float64, lane k row k.
#define COLS8 \
	VMOVUPS    (SI), Y0 \
	VMOVUPS    (SI)(R8*1), Y1 \
	VMOVUPS    (SI)(R8*2), Y2 \
	VMOVUPS    (R9), Y3 \
	VMOVUPS    (SI)(R8*4), Y4 \
	VMOVUPS    (R9)(R8*2), Y5 \
	VMOVUPS    (R10), Y6 \
	VMOVUPS    (R10)(R8*1), Y7 \
	VUNPCKLPS  Y1, Y0, Y8 \
	VUNPCKHPS  Y1, Y0, Y9 \
	VUNPCKLPS  Y3, Y2, Y10 \
	VUNPCKHPS  Y3, Y2, Y11 \
	VUNPCKLPS  Y5, Y4, Y12 \
	VUNPCKHPS  Y5, Y4, Y13 \
	VUNPCKLPS  Y7, Y6, Y14 \
	VUNPCKHPS  Y7, Y6, Y15 \
	VSHUFPS    $0x44, Y10, Y8, Y0 \
	VSHUFPS    $0xEE, Y10, Y8, Y1 \
	VSHUFPS    $0x44, Y11, Y9, Y2 \
	VSHUFPS    $0xEE, Y11, Y9, Y3 \
	VSHUFPS    $0x44, Y14, Y12, Y4 \
	VSHUFPS    $0xEE, Y14, Y12, Y5 \
	VSHUFPS    $0x44, Y15, Y13, Y6 \
	VSHUFPS    $0xEE, Y15, Y13, Y7 \
	VPERM2F128 $0x20, Y4, Y0, Y8 \
	VPERM2F128 $0x20, Y5, Y1, Y9 \
	VPERM2F128 $0x20, Y6, Y2, Y10 \
	VPERM2F128 $0x20, Y7, Y3, Y11 \
	VPERM2F128 $0x31, Y4, Y0, Y12 \
	VPERM2F128 $0x31, Y5, Y1, Y13 \
	VPERM2F128 $0x31, Y6, Y2, Y14 \
	VPERM2F128 $0x31, Y7, Y3, Y15 \
	VCVTPS2PD  Y8, Z0 \
	VCVTPS2PD  Y9, Z1 \
	VCVTPS2PD  Y10, Z2 \
	VCVTPS2PD  Y11, Z3 \
	VCVTPS2PD  Y12, Z4 \
	VCVTPS2PD  Y13, Z5 \
	VCVTPS2PD  Y14, Z6 \
	VCVTPS2PD  Y15, Z7 \
	ADDQ       $32, SI \
	ADDQ       $32, R9 \
	ADDQ       $32, R10

// func sumRows8AVX512(x *float32, rowBytes, cols int, acc *float64)
//
// Adds columns [0, cols) of eight float32 rows (row k at x + k·rowBytes)
// to acc[0..7] in float64, each row's values in column order: eight
// columns at a time the 8x8 block is transposed so that lane k of a
// float64 vector is row k, and the eight column vectors are added one
// after another. cols is a multiple of 8.
TEXT ·sumRows8AVX512(SB), NOSPLIT, $0-32
	ROWS8SETUP
	MOVQ    acc+24(FP), DI
	VMOVUPD (DI), Z20
	TESTQ   CX, CX
	JEQ     sumdone

sumloop:
	COLS8
	VADDPD Z0, Z20, Z20
	VADDPD Z1, Z20, Z20
	VADDPD Z2, Z20, Z20
	VADDPD Z3, Z20, Z20
	VADDPD Z4, Z20, Z20
	VADDPD Z5, Z20, Z20
	VADDPD Z6, Z20, Z20
	VADDPD Z7, Z20, Z20
	DECQ   CX
	JNZ    sumloop

sumdone:
	VMOVUPD Z20, (DI)
	VZEROUPPER
	RET

// SQDEV adds (zc − mean)² to the rows' sums (Z20), the difference and the
// square each rounded, as the scalar loop does.
#define SQDEV(zc) \
	VSUBPD Z21, zc, zc \
	VMULPD zc, zc, zc \
	VADDPD zc, Z20, Z20

// func sqDevRows8AVX512(x *float32, rowBytes, cols int, mean, acc *float64)
//
// Adds (x − mean[k])² over columns [0, cols) of eight float32 rows to
// acc[k] in float64, in column order (as sumRows8AVX512 lays them out).
TEXT ·sqDevRows8AVX512(SB), NOSPLIT, $0-40
	ROWS8SETUP
	MOVQ    mean+24(FP), AX
	VMOVUPD (AX), Z21
	MOVQ    acc+32(FP), DI
	VMOVUPD (DI), Z20
	TESTQ   CX, CX
	JEQ     sqdone

sqloop:
	COLS8
	SQDEV(Z0)
	SQDEV(Z1)
	SQDEV(Z2)
	SQDEV(Z3)
	SQDEV(Z4)
	SQDEV(Z5)
	SQDEV(Z6)
	SQDEV(Z7)
	DECQ CX
	JNZ  sqloop

sqdone:
	VMOVUPD Z20, (DI)
	VZEROUPPER
	RET

// func normRowAVX512(o, x *float32, n int, mean, inv float64, scale, bias *float64)
//
// o[i] = float32((float64(x[i]) − mean)·inv·scale[i] + bias[i]) for i in
// [0, n), n a multiple of 8, each step rounded in float64 as layer
// norm's scalar loop rounds it; bias may be nil.
TEXT ·normRowAVX512(SB), NOSPLIT, $0-56
	MOVQ         o+0(FP), DI
	MOVQ         x+8(FP), SI
	MOVQ         n+16(FP), CX
	VBROADCASTSD mean+24(FP), Z20
	VBROADCASTSD inv+32(FP), Z21
	MOVQ         scale+40(FP), R8
	MOVQ         bias+48(FP), R9
	SHRQ         $3, CX
	JEQ          normdone
	TESTQ        R9, R9
	JEQ          normplain

normbias:
	VCVTPS2PD (SI), Z0
	VSUBPD    Z20, Z0, Z0
	VMULPD    Z21, Z0, Z0
	VMULPD    (R8), Z0, Z0
	VADDPD    (R9), Z0, Z0
	VCVTPD2PS Z0, Y0
	VMOVUPS   Y0, (DI)
	ADDQ      $32, SI
	ADDQ      $32, DI
	ADDQ      $64, R8
	ADDQ      $64, R9
	DECQ      CX
	JNZ       normbias
	JMP       normdone

normplain:
	VCVTPS2PD (SI), Z0
	VSUBPD    Z20, Z0, Z0
	VMULPD    Z21, Z0, Z0
	VMULPD    (R8), Z0, Z0
	VCVTPD2PS Z0, Y0
	VMOVUPS   Y0, (DI)
	ADDQ      $32, SI
	ADDQ      $32, DI
	ADDQ      $64, R8
	DECQ      CX
	JNZ       normplain

normdone:
	VZEROUPPER
	RET
