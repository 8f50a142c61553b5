//go:build amd64 && !purego

#include "textflag.h"

// float32 eˣ, sigmoid and SiLU, sixteen values a step on AVX-512.
//
// eˣ: x is clamped to [-120, 88.8] (NaN kept: beyond those bounds the
// result is 0 or +Inf anyway), split as x = n·ln2 + r with n = round(x·log2e)
// and r reduced by ln2 in two parts (Cody and Waite), eʳ taken from a
// degree-7 polynomial on |r| <= ln2/2 (Cephes' expf coefficients) and
// scaled by 2ⁿ with VSCALEFPS, which rounds once into the subnormals and
// overflows to +Inf. Sigmoid is 1/(1+e) for x >= 0 and e/(1+e) below, with
// e = exp(-|x|), so that nothing overflows; SiLU is x/(1+e), x·e/(1+e).

DATA tcConst<>+0(SB)/4, $0x3fb8aa3b  // log2 e
DATA tcConst<>+4(SB)/4, $0xbf318000  // -C1, ln2 = C1 + C2, C1 = 0.693359375
DATA tcConst<>+8(SB)/4, $0x395e8083  // -C2
DATA tcConst<>+12(SB)/4, $0x39506967 // p5
DATA tcConst<>+16(SB)/4, $0x3ab743ce // p4
DATA tcConst<>+20(SB)/4, $0x3c088908 // p3
DATA tcConst<>+24(SB)/4, $0x3d2aa9c1 // p2
DATA tcConst<>+28(SB)/4, $0x3e2aaaaa // p1
DATA tcConst<>+32(SB)/4, $0x3f000000 // p0 = 1/2
DATA tcConst<>+36(SB)/4, $0x3f800000 // 1
DATA tcConst<>+40(SB)/4, $0xc2f00000 // -120
DATA tcConst<>+44(SB)/4, $0x42b1999a // 88.8
DATA tcConst<>+48(SB)/4, $0x80000000 // the sign bit
GLOBL tcConst<>(SB), RODATA|NOPTR, $52

// TCCONSTS loads the constants into Z16..Z28 and zero into Z29.
#define TCCONSTS \
	VBROADCASTSS tcConst<>+0(SB), Z16 \
	VBROADCASTSS tcConst<>+4(SB), Z17 \
	VBROADCASTSS tcConst<>+8(SB), Z18 \
	VBROADCASTSS tcConst<>+12(SB), Z19 \
	VBROADCASTSS tcConst<>+16(SB), Z20 \
	VBROADCASTSS tcConst<>+20(SB), Z21 \
	VBROADCASTSS tcConst<>+24(SB), Z22 \
	VBROADCASTSS tcConst<>+28(SB), Z23 \
	VBROADCASTSS tcConst<>+32(SB), Z24 \
	VBROADCASTSS tcConst<>+36(SB), Z25 \
	VBROADCASTSS tcConst<>+40(SB), Z26 \
	VBROADCASTSS tcConst<>+44(SB), Z27 \
	VBROADCASTSS tcConst<>+48(SB), Z28 \
	VPXORD       Z29, Z29, Z29

// EXPMANT clamps X into C and splits e^C as P·2^N (R, T scratch).
// VMAXPS/VMINPS return their second source (X, then C) when either is
// NaN, so NaN passes through.
#define EXPMANT(X, C, P, N, R, T) \
	VMAXPS      X, Z26, C \
	VMINPS      C, Z27, C \
	VMULPS      Z16, C, N \
	VRNDSCALEPS $0, N, N \
	VMOVAPS     C, R \
	VFMADD231PS Z17, N, R \
	VFMADD231PS Z18, N, R \
	VMOVAPS     Z19, P \
	VFMADD213PS Z20, R, P \
	VFMADD213PS Z21, R, P \
	VFMADD213PS Z22, R, P \
	VFMADD213PS Z23, R, P \
	VFMADD213PS Z24, R, P \
	VMULPS      R, R, T \
	VFMADD213PS R, T, P \
	VADDPS      Z25, P, P

// func expAVX512(o, x *float32, n int)
// n is a multiple of 16.
TEXT ·expAVX512(SB), NOSPLIT, $0-24
	MOVQ o+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ n+16(FP), CX
	TCCONSTS

exploop:
	CMPQ    CX, $16
	JLT     expdone
	VMOVUPS   (SI), Z0
	EXPMANT(Z0, Z5, Z1, Z2, Z3, Z4)
	VSCALEFPS Z2, Z1, Z1
	VMOVUPS   Z1, (DI)
	ADDQ    $64, SI
	ADDQ    $64, DI
	SUBQ    $16, CX
	JMP     exploop

expdone:
	VZEROUPPER
	RET

// SIGDEN sets, for x = Z0: Z1 = max(-|x|, -120), Z8·2^Z10 = e =
// exp(-|x|), Z2 = e, Z3 = 1 + e, and K1 to the lanes where x < 0.
#define SIGDEN \
	VPORD     Z28, Z0, Z4 \
	EXPMANT(Z4, Z1, Z8, Z10, Z5, Z6) \
	VSCALEFPS Z10, Z8, Z2 \
	VADDPS    Z25, Z2, Z3 \
	VCMPPS    $1, Z29, Z0, K1

// func sigmoidAVX512(o, x *float32, n int)
// n is a multiple of 16.
TEXT ·sigmoidAVX512(SB), NOSPLIT, $0-24
	MOVQ o+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ n+16(FP), CX
	TCCONSTS

sigloop:
	CMPQ    CX, $16
	JLT     sigdone
	VMOVUPS (SI), Z0
	SIGDEN
	VMOVAPS Z25, Z6
	VMOVAPS Z2, K1, Z6
	VDIVPS  Z3, Z6, Z7
	VMOVUPS Z7, (DI)
	ADDQ    $64, SI
	ADDQ    $64, DI
	SUBQ    $16, CX
	JMP     sigloop

sigdone:
	VZEROUPPER
	RET

// func siluAVX512(o, x *float32, n int)
// n is a multiple of 16.
TEXT ·siluAVX512(SB), NOSPLIT, $0-24
	MOVQ o+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ n+16(FP), CX
	TCCONSTS

siluloop:
	CMPQ    CX, $16
	JLT     siludone
	VMOVUPS (SI), Z0
	SIGDEN
	// Below zero the numerator is x·e scaled last, so that it does not
	// pass through e's subnormal; x below -120 (the clamp) gives -0,
	// and -Inf NaN (-Inf·0, as the float64 path), from x - x + 1.
	VMOVAPS   Z0, Z6
	VMULPS    Z8, Z1, K1, Z6
	VSCALEFPS Z10, Z6, K1, Z6
	VSUBPS    Z0, Z0, Z11
	VADDPS    Z25, Z11, Z11
	VMULPS    Z11, Z6, K1, Z6
	VDIVPS    Z3, Z6, Z7
	VMOVUPS Z7, (DI)
	ADDQ    $64, SI
	ADDQ    $64, DI
	SUBQ    $16, CX
	JMP     siluloop

siludone:
	VZEROUPPER
	RET

// func sigmulAVX512(o, x *float32, n int)
// o = x·sigmoid(x), the sigmoid rounded first: core.mul(x, core.sigmoid(x))
// in one pass. n is a multiple of 16.
TEXT ·sigmulAVX512(SB), NOSPLIT, $0-24
	MOVQ o+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ n+16(FP), CX
	TCCONSTS

sigmulloop:
	CMPQ    CX, $16
	JLT     sigmuldone
	VMOVUPS (SI), Z0
	SIGDEN
	VMOVAPS Z25, Z6
	VMOVAPS Z2, K1, Z6
	VDIVPS  Z3, Z6, Z7
	VMULPS  Z7, Z0, Z7
	VMOVUPS Z7, (DI)
	ADDQ    $64, SI
	ADDQ    $64, DI
	SUBQ    $16, CX
	JMP     sigmulloop

sigmuldone:
	VZEROUPPER
	RET
