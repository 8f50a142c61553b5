//go:build amd64 && !purego

#include "textflag.h"

// func clampSSE(o, x *float32, n int, lo, hi float32)
// o[i] = min(hi, max(lo, x[i])) with SSE's operand-order semantics for
// i in [0, n), n a multiple of 4. MAXPS dst, src gives dst > src ? dst :
// src, so with dst = lo it is "x < lo ? lo : x" (NaN and -0 pass through),
// and MINPS with dst = hi is "t > hi ? hi : t": Clip's scalar loop exactly.
TEXT ·clampSSE(SB), NOSPLIT, $0-32
	MOVQ o+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ n+16(FP), CX
	MOVSS lo+24(FP), X0
	SHUFPS $0, X0, X0
	MOVSS hi+28(FP), X1
	SHUFPS $0, X1, X1

loop16:
	CMPQ CX, $16
	JLT  loop4
	MOVAPS X0, X2
	MOVAPS X0, X3
	MOVAPS X0, X4
	MOVAPS X0, X5
	MOVUPS 0(SI), X6
	MOVUPS 16(SI), X7
	MOVUPS 32(SI), X8
	MOVUPS 48(SI), X9
	MAXPS  X6, X2
	MAXPS  X7, X3
	MAXPS  X8, X4
	MAXPS  X9, X5
	MOVAPS X1, X6
	MOVAPS X1, X7
	MOVAPS X1, X8
	MOVAPS X1, X9
	MINPS  X2, X6
	MINPS  X3, X7
	MINPS  X4, X8
	MINPS  X5, X9
	MOVUPS X6, 0(DI)
	MOVUPS X7, 16(DI)
	MOVUPS X8, 32(DI)
	MOVUPS X9, 48(DI)
	ADDQ $64, DI
	ADDQ $64, SI
	SUBQ $16, CX
	JMP  loop16

loop4:
	CMPQ CX, $4
	JLT  done
	MOVAPS X0, X2
	MOVUPS 0(SI), X6
	MAXPS  X6, X2
	MOVAPS X1, X6
	MINPS  X2, X6
	MOVUPS X6, 0(DI)
	ADDQ $16, DI
	ADDQ $16, SI
	SUBQ $4, CX
	JMP  loop4

done:
	RET

// func addScalarSSE(o *float32, n int, b float32)
// o[i] += b for i in [0, n), n a multiple of 4 (ADDPS rounds each sum
// as the scalar addition does).
TEXT ·addScalarSSE(SB), NOSPLIT, $0-20
	MOVQ o+0(FP), DI
	MOVQ n+8(FP), CX
	MOVSS b+16(FP), X0
	SHUFPS $0, X0, X0

add16:
	CMPQ CX, $16
	JLT  add4
	MOVUPS 0(DI), X1
	MOVUPS 16(DI), X2
	MOVUPS 32(DI), X3
	MOVUPS 48(DI), X4
	ADDPS  X0, X1
	ADDPS  X0, X2
	ADDPS  X0, X3
	ADDPS  X0, X4
	MOVUPS X1, 0(DI)
	MOVUPS X2, 16(DI)
	MOVUPS X3, 32(DI)
	MOVUPS X4, 48(DI)
	ADDQ $64, DI
	SUBQ $16, CX
	JMP  add16

add4:
	CMPQ CX, $4
	JLT  adddone
	MOVUPS 0(DI), X1
	ADDPS  X0, X1
	MOVUPS X1, 0(DI)
	ADDQ $16, DI
	SUBQ $4, CX
	JMP  add4

adddone:
	RET

// LOAD4 loads 32 floats at DI into Y0, Y1, Y5, Y6; CLIP4STORE clamps
// them to [Y3, Y4] with clampSSE's operand order and stores them back.
#define LOAD4 \
	VMOVUPS 0(DI), Y0 \
	VMOVUPS 32(DI), Y1 \
	VMOVUPS 64(DI), Y5 \
	VMOVUPS 96(DI), Y6
#define CLIP4STORE \
	VMAXPS Y0, Y3, Y0 \
	VMAXPS Y1, Y3, Y1 \
	VMAXPS Y5, Y3, Y5 \
	VMAXPS Y6, Y3, Y6 \
	VMINPS Y0, Y4, Y0 \
	VMINPS Y1, Y4, Y1 \
	VMINPS Y5, Y4, Y5 \
	VMINPS Y6, Y4, Y6 \
	VMOVUPS Y0, 0(DI) \
	VMOVUPS Y1, 32(DI) \
	VMOVUPS Y5, 64(DI) \
	VMOVUPS Y6, 96(DI)

// func biasClipRowAVX(p *float32, n int, bias, lo, hi float32, flags int)
// p[i] = clamp(p[i] + bias) for i in [0, n), n a multiple of 8: the bias
// added when flags bit 0 is set, then the clamp when bit 1 is, in one
// pass, with addScalarF32's and clampSSE's arithmetic and operand order
// (so NaN and -0 pass the clamp as there).
TEXT ·biasClipRowAVX(SB), NOSPLIT, $0-40
	MOVQ p+0(FP), DI
	MOVQ n+8(FP), CX
	VBROADCASTSS bias+16(FP), Y2
	VBROADCASTSS lo+20(FP), Y3
	VBROADCASTSS hi+24(FP), Y4
	MOVQ flags+32(FP), AX
	// Without a bias, adding +0 could turn -0 into +0: use the flag.
	TESTQ $1, AX
	JNZ  havebias
	// Clip only.

cloop32:
	CMPQ CX, $32
	JLT  cloop8
	LOAD4
	CLIP4STORE
	ADDQ $128, DI
	SUBQ $32, CX
	JMP  cloop32

cloop8:
	CMPQ CX, $8
	JLT  bdone
	VMOVUPS 0(DI), Y0
	VMAXPS Y0, Y3, Y0
	VMINPS Y0, Y4, Y0
	VMOVUPS Y0, 0(DI)
	ADDQ $32, DI
	SUBQ $8, CX
	JMP  cloop8

havebias:
	TESTQ $2, AX
	JNZ  bcloop32

bloop8:
	CMPQ CX, $8
	JLT  bdone
	VMOVUPS 0(DI), Y0
	VADDPS Y2, Y0, Y0
	VMOVUPS Y0, 0(DI)
	ADDQ $32, DI
	SUBQ $8, CX
	JMP  bloop8

bcloop32:
	CMPQ CX, $32
	JLT  bcloop8
	LOAD4
	VADDPS Y2, Y0, Y0
	VADDPS Y2, Y1, Y1
	VADDPS Y2, Y5, Y5
	VADDPS Y2, Y6, Y6
	CLIP4STORE
	ADDQ $128, DI
	SUBQ $32, CX
	JMP  bcloop32

bcloop8:
	CMPQ CX, $8
	JLT  bdone
	VMOVUPS 0(DI), Y0
	VADDPS Y2, Y0, Y0
	VMAXPS Y0, Y3, Y0
	VMINPS Y0, Y4, Y0
	VMOVUPS Y0, 0(DI)
	ADDQ $32, DI
	SUBQ $8, CX
	JMP  bcloop8

bdone:
	VZEROUPPER
	RET

// func addScalarI32SSE(o *int32, n int, b int32)
// o[i] += b (wrapping) for i in [0, n), n a multiple of 4.
TEXT ·addScalarI32SSE(SB), NOSPLIT, $0-20
	MOVQ o+0(FP), DI
	MOVQ n+8(FP), CX
	MOVL b+16(FP), AX
	MOVL AX, X0
	PSHUFD $0, X0, X0

iadd16:
	CMPQ CX, $16
	JLT  iadd4
	MOVOU 0(DI), X1
	MOVOU 16(DI), X2
	MOVOU 32(DI), X3
	MOVOU 48(DI), X4
	PADDL X0, X1
	PADDL X0, X2
	PADDL X0, X3
	PADDL X0, X4
	MOVOU X1, 0(DI)
	MOVOU X2, 16(DI)
	MOVOU X3, 32(DI)
	MOVOU X4, 48(DI)
	ADDQ $64, DI
	SUBQ $16, CX
	JMP  iadd16

iadd4:
	CMPQ CX, $4
	JLT  iadddone
	MOVOU 0(DI), X1
	PADDL X0, X1
	MOVOU X1, 0(DI)
	ADDQ $16, DI
	SUBQ $4, CX
	JMP  iadd4

iadddone:
	RET

// func evenF32AVX2(dst, src *float32, n int)
// dst[t] = src[2t] for t in [0, n), n a multiple of 8 (reads src[0 : 2n)):
// VSHUFPS picks each 128-bit lane's even values of two vectors, VPERMPD
// puts the lanes' pairs in order.
TEXT ·evenF32AVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	SHRQ $3, CX
	JZ   efdone

efloop:
	VMOVUPS (SI), Y0
	VMOVUPS 32(SI), Y1
	VSHUFPS $0x88, Y1, Y0, Y2
	VPERMPD $0xD8, Y2, Y2
	VMOVUPS Y2, (DI)
	ADDQ $64, SI
	ADDQ $32, DI
	DECQ CX
	JNZ  efloop

efdone:
	VZEROUPPER
	RET

// func biasResClipRowAVX(p, r *float32, n int, bias, lo, hi float32, flags int)
// p[i] = clamp((p[i] + bias) + r[i]) for i in [0, n), n a multiple of 8:
// the bias added when flags bit 0 is set, the residual r[i] added as the
// second operand (bit 2 clear: o = p + r) or the first (bit 2
// set: r + p), then the clamp when bit 1 is set; each step rounds as the
// separate ops do, so the result is theirs bit for bit.
TEXT ·biasResClipRowAVX(SB), NOSPLIT, $0-48
	MOVQ p+0(FP), DI
	MOVQ r+8(FP), SI
	MOVQ n+16(FP), CX
	VBROADCASTSS bias+24(FP), Y2
	VBROADCASTSS lo+28(FP), Y3
	VBROADCASTSS hi+32(FP), Y4
	MOVQ flags+40(FP), AX

rloop16:
	CMPQ CX, $16
	JLT  rloop8
	VMOVUPS 0(DI), Y0
	VMOVUPS 32(DI), Y1
	TESTQ $1, AX
	JZ   rnobias16
	VADDPS Y2, Y0, Y0
	VADDPS Y2, Y1, Y1

rnobias16:
	VMOVUPS 0(SI), Y5
	VMOVUPS 32(SI), Y6
	TESTQ $4, AX
	JNZ  rfirst16
	VADDPS Y5, Y0, Y0
	VADDPS Y6, Y1, Y1
	JMP  rclip16

rfirst16:
	VADDPS Y0, Y5, Y0
	VADDPS Y1, Y6, Y1

rclip16:
	TESTQ $2, AX
	JZ   rstore16
	VMAXPS Y0, Y3, Y0
	VMAXPS Y1, Y3, Y1
	VMINPS Y0, Y4, Y0
	VMINPS Y1, Y4, Y1

rstore16:
	VMOVUPS Y0, 0(DI)
	VMOVUPS Y1, 32(DI)
	ADDQ $64, DI
	ADDQ $64, SI
	SUBQ $16, CX
	JMP  rloop16

rloop8:
	CMPQ CX, $8
	JLT  rdone
	VMOVUPS 0(DI), Y0
	TESTQ $1, AX
	JZ   rnobias8
	VADDPS Y2, Y0, Y0

rnobias8:
	VMOVUPS 0(SI), Y5
	TESTQ $4, AX
	JNZ  rfirst8
	VADDPS Y5, Y0, Y0
	JMP  rclip8

rfirst8:
	VADDPS Y0, Y5, Y0

rclip8:
	TESTQ $2, AX
	JZ   rstore8
	VMAXPS Y0, Y3, Y0
	VMINPS Y0, Y4, Y0

rstore8:
	VMOVUPS Y0, 0(DI)
	ADDQ $32, DI
	ADDQ $32, SI
	SUBQ $8, CX
	JMP  rloop8

rdone:
	VZEROUPPER
	RET

// func hardSwishAVX512(o, x *float32, n int, add, lo, hi, div float32, xlast bool)
// o[i] = x[i] · (clamp(x[i] + add, lo, hi) / div) for i in [0, n), n a
// multiple of 16, each step one IEEE operation with binF32AVX's operand
// order (the first operand is VEX/EVEX src1, whose NaN wins) and
// clampSSE's clamp; xlast puts x last in the product (t · x).
TEXT ·hardSwishAVX512(SB), NOSPLIT, $0-41
	MOVQ o+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ n+16(FP), CX
	VBROADCASTSS add+24(FP), Z4
	VBROADCASTSS lo+28(FP), Z5
	VBROADCASTSS hi+32(FP), Z6
	VBROADCASTSS div+36(FP), Z7
	MOVBLZX xlast+40(FP), AX
	TESTQ CX, CX
	JEQ hsdone
	TESTB AL, AL
	JNE hslast

hsfirst:
	VMOVUPS (SI), Z0
	VADDPS Z4, Z0, Z1
	VMAXPS Z1, Z5, Z1
	VMINPS Z1, Z6, Z1
	VDIVPS Z7, Z1, Z1
	VMULPS Z1, Z0, Z1
	VMOVUPS Z1, (DI)
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $16, CX
	JNE hsfirst
	JMP hsdone

hslast:
	VMOVUPS (SI), Z0
	VADDPS Z4, Z0, Z1
	VMAXPS Z1, Z5, Z1
	VMINPS Z1, Z6, Z1
	VDIVPS Z7, Z1, Z1
	VMULPS Z0, Z1, Z1
	VMOVUPS Z1, (DI)
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $16, CX
	JNE hslast

hsdone:
	VZEROUPPER
	RET
