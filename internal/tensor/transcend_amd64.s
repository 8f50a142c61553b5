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

// TCENTER loads a kernel's arguments (o into DI, x into SI, n into CX)
// and the constants.
#define TCENTER \
	MOVQ o+0(FP), DI \
	MOVQ x+8(FP), SI \
	MOVQ n+16(FP), CX \
	TCCONSTS

// TCHEAD starts a loop over sixteen values a step, x's in Z0; TCTAIL
// stores Y and ends it.
#define TCHEAD(loop, done) \
loop: \
	CMPQ    CX, $16 \
	JLT     done \
	VMOVUPS (SI), Z0

#define TCTAIL(loop, done, Y) \
	VMOVUPS Y, (DI) \
	ADDQ    $64, SI \
	ADDQ    $64, DI \
	SUBQ    $16, CX \
	JMP     loop \
done: \
	VZEROUPPER \
	RET

// SIGQUOT sets Z7 to the sigmoid from SIGDEN's values: 1/(1+e), or
// e/(1+e) below zero.
#define SIGQUOT \
	VMOVAPS Z25, Z6 \
	VMOVAPS Z2, K1, Z6 \
	VDIVPS  Z3, Z6, Z7

// func expAVX512(o, x *float32, n int)
// n is a multiple of 16.
TEXT ·expAVX512(SB), NOSPLIT, $0-24
	TCENTER
	TCHEAD(exploop, expdone)
	EXPMANT(Z0, Z5, Z1, Z2, Z3, Z4)
	VSCALEFPS Z2, Z1, Z1
	TCTAIL(exploop, expdone, Z1)

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
	TCENTER
	TCHEAD(sigloop, sigdone)
	SIGDEN
	SIGQUOT
	TCTAIL(sigloop, sigdone, Z7)

// func siluAVX512(o, x *float32, n int)
// n is a multiple of 16.
TEXT ·siluAVX512(SB), NOSPLIT, $0-24
	TCENTER
	TCHEAD(siluloop, siludone)
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
	TCTAIL(siluloop, siludone, Z7)

// func sigmulAVX512(o, x *float32, n int)
// o = x·sigmoid(x), the sigmoid rounded first: core.mul(x, core.sigmoid(x))
// in one pass. n is a multiple of 16.
TEXT ·sigmulAVX512(SB), NOSPLIT, $0-24
	TCENTER
	TCHEAD(sigmulloop, sigmuldone)
	SIGDEN
	SIGQUOT
	VMULPS  Z7, Z0, Z7
	TCTAIL(sigmulloop, sigmuldone, Z7)

// func geluAVX512(o, x *float32, n int)
//
// GELU, erf form: x·Φ(x) = x·(1 − h) for x >= 0 and −|x|·h below, with
// h = erfc(|x|/√2)/2 = e^(−x²/2)·R(t)/2, t = 1/(1 + |x|/(2√2)): R is
// erfc(z)·e^(z²), a degree-10 polynomial in t fitted (relative error
// under 1e-8) over z in [0, 11]. x² is split exactly into hi + lo (FMA),
// so e^(−x²/2) = e^(−hi/2)·(1 − lo/2) keeps its relative accuracy where
// it is tiny; the power of two is applied last, so that a subnormal
// result is rounded once. |x| is clamped to 15.5 (beyond it h underflows):
// x > 15.5 gives x, x < -15.5 gives −0 and −Inf NaN, as the float64
// path's −Inf·0 does. n is a multiple of 16.
DATA gluConst<>+0(SB)/4, $0x36efdaaa // c0
DATA gluConst<>+4(SB)/4, $0x3e905261 // c1
DATA gluConst<>+8(SB)/4, $0x3e91e305 // c2
DATA gluConst<>+12(SB)/4, $0x3e66eeae // c3
DATA gluConst<>+16(SB)/4, $0x3e8e1261 // c4
DATA gluConst<>+20(SB)/4, $0xbe6eb8e1 // c5
DATA gluConst<>+24(SB)/4, $0x3f277765 // c6
DATA gluConst<>+28(SB)/4, $0xbf6f64f8 // c7
DATA gluConst<>+32(SB)/4, $0x3f1ea874 // c8
DATA gluConst<>+36(SB)/4, $0xbe4ebe75 // c9
DATA gluConst<>+40(SB)/4, $0x3cd85da2 // c10
DATA gluConst<>+44(SB)/4, $0x3eb504f3 // 1/(2√2)
DATA gluConst<>+48(SB)/4, $0x41780000 // 15.5
DATA gluConst<>+52(SB)/4, $0x3f000000 // 1/2
GLOBL gluConst<>(SB), RODATA|NOPTR, $56

// GLUPOLY sets Z13 to R(Z12) by Horner's rule.
#define GLUPOLY \
	VBROADCASTSS     gluConst<>+40(SB), Z13 \
	VFMADD213PS.BCST gluConst<>+36(SB), Z12, Z13 \
	VFMADD213PS.BCST gluConst<>+32(SB), Z12, Z13 \
	VFMADD213PS.BCST gluConst<>+28(SB), Z12, Z13 \
	VFMADD213PS.BCST gluConst<>+24(SB), Z12, Z13 \
	VFMADD213PS.BCST gluConst<>+20(SB), Z12, Z13 \
	VFMADD213PS.BCST gluConst<>+16(SB), Z12, Z13 \
	VFMADD213PS.BCST gluConst<>+12(SB), Z12, Z13 \
	VFMADD213PS.BCST gluConst<>+8(SB), Z12, Z13 \
	VFMADD213PS.BCST gluConst<>+4(SB), Z12, Z13 \
	VFMADD213PS.BCST gluConst<>+0(SB), Z12, Z13

TEXT ·geluAVX512(SB), NOSPLIT, $0-24
	TCENTER
	TCHEAD(geluloop, geludone)
	// Z1 = min(|x|, 15.5); Z2 + Z3 = Z1²/2 exactly.
	VPANDND         Z0, Z28, Z1
	VMINPS.BCST     gluConst<>+48(SB), Z1, Z1
	VMULPS          Z1, Z1, Z2
	VMOVAPS         Z1, Z3
	VFMSUB213PS     Z2, Z1, Z3
	VMULPS.BCST     gluConst<>+52(SB), Z2, Z2
	VMULPS.BCST     gluConst<>+52(SB), Z3, Z3
	// e^(−hi) = Z8·2^Z9.
	VPXORD          Z28, Z2, Z6
	EXPMANT(Z6, Z7, Z8, Z9, Z10, Z11)
	// t, then Z13 = h's mantissa: R(t)·Z8·(1 − lo)/2.
	VMOVAPS         Z25, Z12
	VFMADD231PS.BCST gluConst<>+44(SB), Z1, Z12
	VDIVPS          Z12, Z25, Z12
	GLUPOLY
	VMULPS          Z8, Z13, Z13
	VSUBPS          Z3, Z25, Z14
	VMULPS          Z14, Z13, Z13
	VMULPS.BCST     gluConst<>+52(SB), Z13, Z13
	// x >= 0 (and NaN): x·(1 − h).
	VSCALEFPS       Z9, Z13, Z15
	VSUBPS          Z15, Z25, Z15
	VMULPS          Z15, Z0, Z15
	// x < 0: −(min(|x|, 15.5)·h), NaN for −Inf.
	VCMPPS          $1, Z29, Z0, K1
	VMULPS          Z1, Z13, Z14
	VPXORD          Z28, Z14, Z14
	VSCALEFPS       Z9, Z14, Z14
	VSUBPS          Z0, Z0, Z11
	VADDPS          Z25, Z11, Z11
	VMULPS          Z11, Z14, Z14
	VMOVAPS         Z14, K1, Z15
	TCTAIL(geluloop, geludone, Z15)
