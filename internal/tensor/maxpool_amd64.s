//go:build amd64 && !purego

#include "textflag.h"
#include "stride2_amd64.h"

// Max pooling rows of 3x3 windows, eight outputs at a time. Each tap is
// taken exactly as the scalar loop takes it: v replaces acc when acc is
// not NaN and v is greater or NaN (!(v <= acc) && acc == acc), in tap
// order, so ties keep the first value and a window keeps its first NaN.

// TAKE folds tap V into accumulator A (Y15, Y14 scratch).
#define TAKE(V, A) \
	VCMPPS $6, A, V, Y15 \
	VCMPPS $7, A, A, Y14 \
	VANDPS Y14, Y15, Y15 \
	VBLENDVPS Y15, V, A, A

// FIRSTMAX(V, A, D): D = V > A ? V : A, A the earlier tap: TAKE's result
// when V is not NaN (VMAXPS returns its second source unless the first is
// greater, so ties keep A). Windows without NaN are reduced as a tree of
// FIRSTMAX, which keeps the first of equal values in any grouping; a block
// with a NaN among its taps is redone with TAKE in tap order.
#define FIRSTMAX(V, A, D) VMAXPS A, V, D

// UNORD(X, Y, M): M |= (X or Y is NaN) (Y8 scratch).
#define UNORD(X, Y, M) \
	VCMPPS $3, Y, X, Y8 \
	VORPS  Y8, M, M

// ROWMAX3(A, B, C, D, M): D = the first maximum of taps A, B, C in that
// order; M notes NaNs among them.
#define ROWMAX3(A, B, C, D, M) \
	FIRSTMAX(B, A, D) \
	FIRSTMAX(C, D, D) \
	UNORD(A, B, M) \
	UNORD(C, C, M)

// func maxRow3x3s1AVX(o *float32, n int, r0, r1, r2 *float32)
// o[i] = max of r0..r2[i : i+3] for i in [0, n), n a multiple of 8.
TEXT ·maxRow3x3s1AVX(SB), NOSPLIT, $0-40
	MOVQ o+0(FP), DI
	MOVQ n+8(FP), CX
	MOVQ r0+16(FP), R8
	MOVQ r1+24(FP), R9
	MOVQ r2+32(FP), R10

s1loop:
	CMPQ CX, $8
	JLT  s1done
	VXORPS Y7, Y7, Y7
	VMOVUPS 0(R8), Y1
	VMOVUPS 4(R8), Y2
	VMOVUPS 8(R8), Y3
	ROWMAX3(Y1, Y2, Y3, Y6, Y7)
	VMOVUPS 0(R9), Y1
	VMOVUPS 4(R9), Y2
	VMOVUPS 8(R9), Y3
	ROWMAX3(Y1, Y2, Y3, Y9, Y7)
	VMOVUPS 0(R10), Y1
	VMOVUPS 4(R10), Y2
	VMOVUPS 8(R10), Y3
	ROWMAX3(Y1, Y2, Y3, Y10, Y7)
	FIRSTMAX(Y9, Y6, Y9)
	FIRSTMAX(Y10, Y9, Y0)
	VMOVMSKPS Y7, AX
	TESTL AX, AX
	JNZ  s1exact

s1store:
	VMOVUPS Y0, (DI)
	ADDQ $32, DI
	ADDQ $32, R8
	ADDQ $32, R9
	ADDQ $32, R10
	SUBQ $8, CX
	JMP  s1loop

s1exact:
	VMOVUPS 0(R8), Y0
	VMOVUPS 4(R8), Y1
	TAKE(Y1, Y0)
	VMOVUPS 8(R8), Y1
	TAKE(Y1, Y0)
	VMOVUPS 0(R9), Y1
	TAKE(Y1, Y0)
	VMOVUPS 4(R9), Y1
	TAKE(Y1, Y0)
	VMOVUPS 8(R9), Y1
	TAKE(Y1, Y0)
	VMOVUPS 0(R10), Y1
	TAKE(Y1, Y0)
	VMOVUPS 4(R10), Y1
	TAKE(Y1, Y0)
	VMOVUPS 8(R10), Y1
	TAKE(Y1, Y0)
	JMP  s1store

s1done:
	VZEROUPPER
	RET

// EVENODD(R): Y1 = s[2i], Y2 = s[2i+1], Y3 = s[2i+2] of row R.
#define EVENODD(R) STRIDE2TAPS(R, Y4, Y5, Y1, Y2, Y3)

// func maxRow3x3s2AVX(o *float32, n int, r0, r1, r2 *float32)
// o[i] = max of r0..r2[2i : 2i+3] for i in [0, n), n a multiple of 8;
// reads each row up to index 2n+1.
TEXT ·maxRow3x3s2AVX(SB), NOSPLIT, $0-40
	MOVQ o+0(FP), DI
	MOVQ n+8(FP), CX
	MOVQ r0+16(FP), R8
	MOVQ r1+24(FP), R9
	MOVQ r2+32(FP), R10

s2loop:
	CMPQ CX, $8
	JLT  s2done
	VXORPS Y7, Y7, Y7
	EVENODD(R8)
	ROWMAX3(Y1, Y2, Y3, Y6, Y7)
	EVENODD(R9)
	ROWMAX3(Y1, Y2, Y3, Y9, Y7)
	EVENODD(R10)
	ROWMAX3(Y1, Y2, Y3, Y10, Y7)
	FIRSTMAX(Y9, Y6, Y9)
	FIRSTMAX(Y10, Y9, Y0)
	VMOVMSKPS Y7, AX
	TESTL AX, AX
	JNZ  s2exact

s2store:
	VMOVUPS Y0, (DI)
	ADDQ $32, DI
	ADDQ $64, R8
	ADDQ $64, R9
	ADDQ $64, R10
	SUBQ $8, CX
	JMP  s2loop

s2exact:
	EVENODD(R8)
	VMOVAPS Y1, Y0
	TAKE(Y2, Y0)
	TAKE(Y3, Y0)
	EVENODD(R9)
	TAKE(Y1, Y0)
	TAKE(Y2, Y0)
	TAKE(Y3, Y0)
	EVENODD(R10)
	TAKE(Y1, Y0)
	TAKE(Y2, Y0)
	TAKE(Y3, Y0)
	JMP  s2store

s2done:
	VZEROUPPER
	RET

// MAX3LOOP(label, done, op, a, b, c) sets (DI)(R9) to op's max of the 32
// bytes at a, b and c (addresses indexed by R9) for R9 in [0, CX) in
// steps of 32, then jumps to done.
#define MAX3LOOP(label, done, op, a, b, c) \
label: \
	CMPQ R9, CX \
	JGE  done \
	VMOVDQU a, Y0 \
	op b, Y0, Y0 \
	op c, Y0, Y0 \
	VMOVDQU Y0, (DI)(R9*1) \
	ADDQ $32, R9 \
	JMP  label

// func maxRows3U8(dst, r0, r1, r2 *byte, n int, signed bool)
// dst[j] = max(r0[j], r1[j], r2[j]) for j in [0, n), n a multiple of 32:
// bytes compared unsigned (VPMAXUB) or signed (VPMAXSB).
TEXT ·maxRows3U8(SB), NOSPLIT, $0-41
	MOVQ dst+0(FP), DI
	MOVQ r0+8(FP), SI
	MOVQ r1+16(FP), DX
	MOVQ r2+24(FP), R8
	MOVQ n+32(FP), CX
	MOVBLZX signed+40(FP), AX
	XORQ R9, R9
	TESTB AL, AL
	JNE  sloop
	MAX3LOOP(uloop, mdone, VPMAXUB, (SI)(R9*1), (DX)(R9*1), (R8)(R9*1))
	MAX3LOOP(sloop, mdone, VPMAXSB, (SI)(R9*1), (DX)(R9*1), (R8)(R9*1))

mdone:
	VZEROUPPER
	RET

// func maxShift3U8(dst, src *byte, n int, signed bool)
// dst[j] = max(src[j], src[j+1], src[j+2]) for j in [0, n), n a multiple
// of 32 (src readable up to n+2), bytes compared unsigned or signed.
TEXT ·maxShift3U8(SB), NOSPLIT, $0-25
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	MOVBLZX signed+24(FP), AX
	XORQ R9, R9
	TESTB AL, AL
	JNE  hsloop
	MAX3LOOP(huloop, hdone, VPMAXUB, (SI)(R9*1), 1(SI)(R9*1), 2(SI)(R9*1))
	MAX3LOOP(hsloop, hdone, VPMAXSB, (SI)(R9*1), 1(SI)(R9*1), 2(SI)(R9*1))

hdone:
	VZEROUPPER
	RET

// func maxRowS2F32AVX(o, s *float32, n int) (nan bool)
// o[i] = the first maximum of s[2i], s[2i+1], s[2i+2] (FIRSTMAX, exact
// when none is NaN) for i in [0, n), n a multiple of 8, reading s[0 :
// 2n+2); nan reports whether any of them was NaN (o is then not to be
// used).
TEXT ·maxRowS2F32AVX(SB), NOSPLIT, $0-25
	MOVQ o+0(FP), DI
	MOVQ s+8(FP), R8
	MOVQ n+16(FP), CX
	VXORPS Y7, Y7, Y7

h2loop:
	CMPQ CX, $8
	JLT  h2done
	STRIDE2TAPS(R8, Y4, Y5, Y1, Y2, Y3)
	ROWMAX3(Y1, Y2, Y3, Y0, Y7)
	VMOVUPS Y0, (DI)
	ADDQ $32, DI
	ADDQ $64, R8
	SUBQ $8, CX
	JMP  h2loop

h2done:
	VMOVMSKPS Y7, AX
	TESTL AX, AX
	SETNE nan+24(FP)
	VZEROUPPER
	RET

// func maxRows3F32AVX(o, a, b, c *float32, n int)
// o[i] = the first maximum of a[i], b[i], c[i] (FIRSTMAX: none may be
// NaN) for i in [0, n), n a multiple of 8.
TEXT ·maxRows3F32AVX(SB), NOSPLIT, $0-40
	MOVQ o+0(FP), DI
	MOVQ a+8(FP), R8
	MOVQ b+16(FP), R9
	MOVQ c+24(FP), R10
	MOVQ n+32(FP), CX

v3loop:
	CMPQ CX, $8
	JLT  v3done
	VMOVUPS (R8), Y1
	VMOVUPS (R9), Y2
	VMOVUPS (R10), Y3
	FIRSTMAX(Y2, Y1, Y0)
	FIRSTMAX(Y3, Y0, Y0)
	VMOVUPS Y0, (DI)
	ADDQ $32, DI
	ADDQ $32, R8
	ADDQ $32, R9
	ADDQ $32, R10
	SUBQ $8, CX
	JMP  v3loop

v3done:
	VZEROUPPER
	RET

// POOL2LOOP(label, done, op) is maxPool2x2U8's loop with op as the byte
// maximum: R9 indexes dst (32 a step), R10 the rows (64 a step).
#define POOL2LOOP(label, done, op) \
label: \
	CMPQ R9, CX \
	JGE  done \
	VMOVDQU (SI)(R10*1), Y0 \
	VMOVDQU 32(SI)(R10*1), Y1 \
	op (DX)(R10*1), Y0, Y0 \
	op 32(DX)(R10*1), Y1, Y1 \
	VPSRLW $8, Y0, Y2 \
	VPSRLW $8, Y1, Y3 \
	op Y2, Y0, Y0 \
	op Y3, Y1, Y1 \
	VPAND Y7, Y0, Y0 \
	VPAND Y7, Y1, Y1 \
	VPACKUSWB Y1, Y0, Y0 \
	VPERMQ $0xd8, Y0, Y0 \
	VMOVDQU Y0, (DI)(R9*1) \
	ADDQ $32, R9 \
	ADDQ $64, R10 \
	JMP  label

// func maxPool2x2U8(dst, r0, r1 *byte, n int, signed bool)
// dst[j] = max(r0[2j], r0[2j+1], r1[2j], r1[2j+1]) for j in [0, n), n a
// multiple of 32, bytes compared unsigned (VPMAXUB) or signed (VPMAXSB):
// the two rows' maximum, then each word's two bytes' maximum in its low
// byte, the low bytes packed back in order.
TEXT ·maxPool2x2U8(SB), NOSPLIT, $0-33
	MOVQ dst+0(FP), DI
	MOVQ r0+8(FP), SI
	MOVQ r1+16(FP), DX
	MOVQ n+24(FP), CX
	MOVBLZX signed+32(FP), AX
	VPCMPEQW Y7, Y7, Y7
	VPSRLW   $8, Y7, Y7 // 0x00ff in every word
	XORQ R9, R9
	XORQ R10, R10
	TESTB AL, AL
	JNE  p2s
	POOL2LOOP(p2u, p2done, VPMAXUB)
p2s:
	POOL2LOOP(p2sl, p2done, VPMAXSB)

p2done:
	VZEROUPPER
	RET
