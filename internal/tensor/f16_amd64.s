//go:build amd64 && !purego

#include "textflag.h"

// func f32ToF16F16C(dst *uint16, src *float32, n int)
// dst[i] = binary16 of src[i], rounded to nearest even (VCVTPS2PH with
// rounding control 0: not MXCSR's), for i in [0, n), n a multiple of 8.
// Overflow gives ±Inf, NaN a quiet NaN with the top payload bits: as
// ir.Float32ToHalf.
TEXT ·f32ToF16F16C(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX

hloop:
	CMPQ CX, $8
	JLT  hdone
	VMOVUPS (SI), Y0
	VCVTPS2PH $0, Y0, X1
	VMOVDQU X1, (DI)
	ADDQ $32, SI
	ADDQ $16, DI
	SUBQ $8, CX
	JMP  hloop

hdone:
	VZEROUPPER
	RET

// func f16ToF32AVX2(dst *float32, src *uint16, n int)
// dst[i] = the float32 of binary16 src[i], exactly as ir.HalfToFloat32,
// for i in [0, n), n a multiple of 8: the magnitude's bits shifted into a
// float32 and scaled by 2^112 (exact for normal and subnormal halves),
// Inf and NaN with the exponent set and the payload kept as it is (no
// quiet bit added, unlike VCVTPH2PS), then the sign.
TEXT ·f16ToF32AVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	MOVL $0x7fff, AX
	VMOVD AX, X8
	VPBROADCASTD X8, Y8 // magnitude mask
	MOVL $0x77800000, AX
	VMOVD AX, X9
	VPBROADCASTD X9, Y9 // 2^112
	MOVL $0x7bff, AX
	VMOVD AX, X10
	VPBROADCASTD X10, Y10 // largest finite magnitude
	MOVL $0x7f800000, AX
	VMOVD AX, X11
	VPBROADCASTD X11, Y11 // float32 exponent bits

floop:
	CMPQ CX, $8
	JLT  fdone
	VPMOVZXWD (SI), Y0
	VPAND  Y8, Y0, Y1 // magnitude
	VPXOR  Y1, Y0, Y2 // sign
	VPSLLD $16, Y2, Y2
	VPCMPGTD Y10, Y1, Y3 // Inf or NaN lanes
	VPSLLD $13, Y1, Y1
	VMULPS Y9, Y1, Y4 // finite lanes
	VPOR   Y11, Y1, Y5 // Inf/NaN lanes
	VBLENDVPS Y3, Y5, Y4, Y4
	VPOR   Y2, Y4, Y4
	VMOVUPS Y4, (DI)
	ADDQ $16, SI
	ADDQ $32, DI
	SUBQ $8, CX
	JMP  floop

fdone:
	VZEROUPPER
	RET
