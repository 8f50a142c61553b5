//go:build amd64 && !purego

#include "textflag.h"

// STORE8LOW(T) stores the low bytes of the eight int32 lanes of Y0 (each
// in the 8-bit range) as 8 bytes at DI: for int8 and uint8 alike, so the
// words are masked to their low byte (X8 holds 0x00ff in every word)
// before the unsigned pack. T is scratch.
#define STORE8LOW(T) \
	VEXTRACTI128 $1, Y0, T \
	VPACKSSDW T, X0, X0 \
	VPAND X8, X0, X0 \
	VPACKUSWB X0, X0, X0 \
	VMOVQ X0, (DI)

// func requantRow8AVX2(dst *byte, acc *int32, n int, bias int32, scale, lo, hi float32, zero int32)
// dst[i] = low byte of (RNE(clamp(float32(acc[i]+bias)*scale, lo, hi)) + zero)
// for i in [0, n), n a multiple of 8: requantOne eight lanes at a time
// (NaN lanes become 0 before the clamp; VCVTPS2DQ rounds half to even
// under Go's default MXCSR). The results lie in the 8-bit range, so the
// low byte is the stored value for i8 and u8 alike.
// REQ8 requantizes the 8 accumulators at off(SI) into int32 lanes of R
// (the stored value plus nothing more: zero point added).
#define REQ8(off, R) \
	VMOVDQU off(SI), R \
	VPADDD Y1, R, R \
	VCVTDQ2PS R, R \
	VMULPS Y2, R, R \
	VCMPPS $7, R, R, Y14 \
	VANDPS Y14, R, R \
	VMAXPS Y3, R, R \
	VMINPS Y4, R, R \
	VCVTPS2DQ R, R \
	VPADDD Y5, R, R

DATA ·requantPerm+0(SB)/4, $0
DATA ·requantPerm+4(SB)/4, $4
DATA ·requantPerm+8(SB)/4, $1
DATA ·requantPerm+12(SB)/4, $5
DATA ·requantPerm+16(SB)/4, $2
DATA ·requantPerm+20(SB)/4, $6
DATA ·requantPerm+24(SB)/4, $3
DATA ·requantPerm+28(SB)/4, $7
GLOBL ·requantPerm(SB), RODATA|NOPTR, $32

TEXT ·requantRow8AVX2(SB), NOSPLIT, $0-44
	MOVQ dst+0(FP), DI
	MOVQ acc+8(FP), SI
	MOVQ n+16(FP), CX
	MOVL bias+24(FP), AX
	VMOVD AX, X1
	VPBROADCASTD X1, Y1
	VBROADCASTSS scale+28(FP), Y2
	VBROADCASTSS lo+32(FP), Y3
	VBROADCASTSS hi+36(FP), Y4
	MOVL zero+40(FP), AX
	VMOVD AX, X5
	VPBROADCASTD X5, Y5
	VPCMPEQW Y8, Y8, Y8
	VPSRLW $8, Y8, Y8 // 0x00ff in every word
	MOVQ $·requantPerm(SB), AX
	VMOVDQU (AX), Y9

// Thirty-two lanes an iteration, four independent chains.
loop32:
	CMPQ CX, $32
	JLT  loop
	REQ8(0, Y10)
	REQ8(32, Y11)
	REQ8(64, Y12)
	REQ8(96, Y13)
	// Words y10 y11 | y12 y13 per 128-bit lane, low bytes, then bytes;
	// the dwords come out as y10.lo y11.lo y12.lo y13.lo y10.hi y11.hi
	// y12.hi y13.hi and requantPerm puts them in order.
	VPACKSSDW Y11, Y10, Y10
	VPACKSSDW Y13, Y12, Y12
	VPAND Y8, Y10, Y10
	VPAND Y8, Y12, Y12
	VPACKUSWB Y12, Y10, Y10
	VPERMD Y10, Y9, Y10
	VMOVDQU Y10, (DI)
	ADDQ $128, SI
	ADDQ $32, DI
	SUBQ $32, CX
	JMP  loop32

loop:
	CMPQ CX, $8
	JLT  done
	VMOVDQU (SI), Y0
	VPADDD Y1, Y0, Y0
	VCVTDQ2PS Y0, Y0
	VMULPS Y2, Y0, Y0
	VCMPPS $7, Y0, Y0, Y6 // ordered: not NaN
	VANDPS Y6, Y0, Y0
	VMAXPS Y3, Y0, Y0
	VMINPS Y4, Y0, Y0
	VCVTPS2DQ Y0, Y0
	VPADDD Y5, Y0, Y0
	STORE8LOW(X7)
	ADDQ $32, SI
	ADDQ $8, DI
	SUBQ $8, CX
	JMP  loop

done:
	VZEROUPPER
	RET

// func qaddRow8AVX2(dst, a, b *byte, n int, ra, rb, k, lo, hi float32, xa, xb int32)
// dst[i] = low byte of RNE(clamp(fma(A, ra, fma(B, rb, k)), lo, hi)) for i
// in [0, n), n a multiple of 8, where A = (a[i] ^ xa) − xa and B likewise
// (xa = 0x80 reads a as int8, 0 as uint8): MLAS's AVX2 QLinearAdd, whose
// k holds the output zero point. Each FMA rounds once, as the kernel's.
TEXT ·qaddRow8AVX2(SB), NOSPLIT, $0-60
	MOVQ dst+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ b+16(FP), DX
	MOVQ n+24(FP), CX
	VBROADCASTSS ra+32(FP), Y1
	VBROADCASTSS rb+36(FP), Y2
	VBROADCASTSS k+40(FP), Y3
	VBROADCASTSS lo+44(FP), Y4
	VBROADCASTSS hi+48(FP), Y5
	MOVL xa+52(FP), AX
	VMOVD AX, X6
	VPBROADCASTD X6, Y6
	MOVL xb+56(FP), AX
	VMOVD AX, X7
	VPBROADCASTD X7, Y7
	VPCMPEQW X8, X8, X8
	VPSRLW $8, X8, X8 // 0x00ff in every word

qloop:
	CMPQ CX, $8
	JLT  qdone
	VPMOVZXBD (SI), Y9
	VPXOR Y6, Y9, Y9
	VPSUBD Y6, Y9, Y9
	VCVTDQ2PS Y9, Y9
	VPMOVZXBD (DX), Y10
	VPXOR Y7, Y10, Y10
	VPSUBD Y7, Y10, Y10
	VCVTDQ2PS Y10, Y10
	VMOVAPS Y3, Y0
	VFMADD231PS Y2, Y10, Y0 // b*rb + k
	VFMADD231PS Y1, Y9, Y0  // a*ra + that
	VMAXPS Y4, Y0, Y0
	VMINPS Y5, Y0, Y0
	VCVTPS2DQ Y0, Y0
	STORE8LOW(X11)
	ADDQ $8, SI
	ADDQ $8, DX
	ADDQ $8, DI
	SUBQ $8, CX
	JMP  qloop

qdone:
	VZEROUPPER
	RET

// func pairRowsAVX2(dst *int32, a, b *byte, n int, flip, off int32, stride int)
// dst[j%16 + (j/16)*stride/4] = lo16(A) | B << 16 with A = zx(a[j] ^ flip) − off
// and B likewise from b[j], for j in [0, n), n a multiple of 16: flip =
// 0x80 reads int8 (zx(v ^ 0x80) = v + 128) and 0 uint8, off = flip + zero
// point. Sixteen pairs of k steps (one GEMM panel row) per iteration, each
// stride bytes after the last (qpairs.go).
TEXT ·pairRowsAVX2(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ b+16(FP), DX
	MOVQ n+24(FP), CX
	MOVL flip+32(FP), AX
	VMOVD AX, X6
	VPBROADCASTB X6, X6
	MOVL off+36(FP), AX
	VMOVD AX, X7
	VPBROADCASTW X7, Y7
	MOVQ stride+40(FP), R8

ploop:
	CMPQ CX, $16
	JLT  pdone
	VMOVDQU (SI), X0
	VPXOR X6, X0, X0
	VPMOVZXBW X0, Y0
	VPSUBW Y7, Y0, Y0
	VMOVDQU (DX), X1
	VPXOR X6, X1, X1
	VPMOVZXBW X1, Y1
	VPSUBW Y7, Y1, Y1
	VPUNPCKLWD Y1, Y0, Y2
	VPUNPCKHWD Y1, Y0, Y3
	VPERM2I128 $0x20, Y3, Y2, Y4
	VPERM2I128 $0x31, Y3, Y2, Y5
	VMOVDQU Y4, (DI)
	VMOVDQU Y5, 32(DI)
	ADDQ $16, SI
	ADDQ $16, DX
	ADDQ R8, DI
	SUBQ $16, CX
	JMP  ploop

pdone:
	VZEROUPPER
	RET

// func f32ToI32AVX2(p *float32, n int)
// Rewrites n float32 values holding exact integers (|v| < 2^31) as int32,
// in place; n a multiple of 8.
TEXT ·f32ToI32AVX2(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), DI
	MOVQ n+8(FP), CX

floop:
	CMPQ CX, $8
	JLT  fdone
	VCVTPS2DQ (DI), Y0
	VMOVDQU Y0, (DI)
	ADDQ $32, DI
	SUBQ $8, CX
	JMP  floop

fdone:
	VZEROUPPER
	RET

// func quantF32To8AVX2(dst *byte, src *float32, n int, scale, flo, fhi float32, zero int32)
// dst[i] = low byte of (RNE(clamp(src[i]/scale, flo, fhi)) + zero) for i
// in [0, n), n a multiple of 8: QuantizeF32ToStored eight lanes at a time
// (NaN quotients become 0 before the clamp; VCVTPS2DQ rounds half to even
// as its 1.5 × 2^23 addition does, the clamp keeping |q| < 2^22).
TEXT ·quantF32To8AVX2(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	VBROADCASTSS scale+24(FP), Y2
	VBROADCASTSS flo+28(FP), Y3
	VBROADCASTSS fhi+32(FP), Y4
	MOVL zero+36(FP), AX
	VMOVD AX, X5
	VPBROADCASTD X5, Y5
	VPCMPEQW X8, X8, X8
	VPSRLW $8, X8, X8 // 0x00ff in every word

qloop8:
	CMPQ CX, $8
	JLT  qdone8
	VMOVUPS (SI), Y0
	VDIVPS Y2, Y0, Y0
	VCMPPS $7, Y0, Y0, Y6 // ordered: not NaN
	VANDPS Y6, Y0, Y0
	VMINPS Y4, Y0, Y0
	VMAXPS Y3, Y0, Y0
	VCVTPS2DQ Y0, Y0
	VPADDD Y5, Y0, Y0
	STORE8LOW(X7)
	ADDQ $32, SI
	ADDQ $8, DI
	SUBQ $8, CX
	JMP  qloop8

qdone8:
	VZEROUPPER
	RET

// func shiftRowsAVX2(dst *byte, ow int, src *byte, srcPitch, rows, lo, hi int, zero byte)
// Writes rows rows of ow bytes at dst (one after another): [0, lo) and
// [hi, ow) hold zero, [lo, hi) the bytes at src (src advancing srcPitch a
// row). Runs of 16 bytes or more are copied by 16- or 32-byte moves, the
// last one overlapping; shorter ones byte by byte.
TEXT ·shiftRowsAVX2(SB), NOSPLIT, $0-57
	MOVQ dst+0(FP), DI
	MOVQ ow+8(FP), R8
	MOVQ src+16(FP), SI
	MOVQ srcPitch+24(FP), R9
	MOVQ rows+32(FP), R12
	MOVQ lo+40(FP), R10
	MOVQ hi+48(FP), R11
	MOVBLZX zero+56(FP), AX
	MOVQ R11, R13
	SUBQ R10, R13 // n = hi - lo

srow:
	TESTQ R12, R12
	JZ    sdone
	XORQ  CX, CX

slz:
	CMPQ CX, R10
	JGE  slzd
	MOVB AL, (DI)(CX*1)
	INCQ CX
	JMP  slz

slzd:
	LEAQ (DI)(R10*1), BX // dst run
	MOVQ SI, DX          // src run
	MOVQ R13, CX
	CMPQ CX, $16
	JLT  sbytes

s32:
	CMPQ CX, $32
	JLT  s16
	VMOVDQU (DX), Y0
	VMOVDQU Y0, (BX)
	ADDQ $32, DX
	ADDQ $32, BX
	SUBQ $32, CX
	JMP  s32

s16:
	CMPQ CX, $16
	JLT  stail
	VMOVDQU (DX), X0
	VMOVDQU X0, (BX)
	ADDQ $16, DX
	ADDQ $16, BX
	SUBQ $16, CX

stail:
	TESTQ CX, CX
	JZ    srz0
	// The last 16 bytes of the run, overlapping what is done.
	MOVQ $16, R14
	SUBQ CX, R14
	SUBQ R14, DX
	SUBQ R14, BX
	VMOVDQU (DX), X0
	VMOVDQU X0, (BX)
	JMP  srz0

sbytes:
	TESTQ CX, CX
	JZ    srz0
	MOVB (DX), R14B
	MOVB R14B, (BX)
	INCQ DX
	INCQ BX
	DECQ CX
	JMP  sbytes

srz0:
	MOVQ R11, CX

srz:
	CMPQ CX, R8
	JGE  srzd
	MOVB AL, (DI)(CX*1)
	INCQ CX
	JMP  srz

srzd:
	ADDQ R8, DI
	ADDQ R9, SI
	DECQ R12
	JMP  srow

sdone:
	VZEROUPPER
	RET

DATA ·evenBytes+0(SB)/8, $0x0e0c0a0806040200
DATA ·evenBytes+8(SB)/8, $0x8080808080808080
DATA ·evenBytes+16(SB)/8, $0x0e0c0a0806040200
DATA ·evenBytes+24(SB)/8, $0x8080808080808080
GLOBL ·evenBytes(SB), RODATA|NOPTR, $32

// func evenBytesAVX2(dst, src *byte, n int)
// dst[t] = src[2t] for t in [0, n), n a multiple of 16 (reads src[0 : 2n)):
// VPSHUFB picks each 128-bit lane's even bytes into its low 8, VPERMQ
// joins the two lanes' halves.
TEXT ·evenBytesAVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ $·evenBytes(SB), AX
	VMOVDQU (AX), Y1

eloop:
	CMPQ CX, $16
	JLT  edone
	VMOVDQU (SI), Y0
	VPSHUFB Y1, Y0, Y0
	VPERMQ $0x08, Y0, Y0
	VMOVDQU X0, (DI)
	ADDQ $32, SI
	ADDQ $16, DI
	SUBQ $16, CX
	JMP  eloop

edone:
	VZEROUPPER
	RET

// func requantRow8AVX512(dst *byte, acc *int32, n int, bias int32, scale, lo, hi float32, zero int32)
// requantRow8AVX2 on zmm registers: sixteen lanes a step, four chains,
// n a multiple of 16. VPMOVDB keeps each lane's low byte.
#define REQ16(off, R) \
	VMOVDQU32 off(SI), R \
	VPADDD Z1, R, R \
	VCVTDQ2PS R, R \
	VMULPS Z2, R, R \
	VCMPPS $7, R, R, K1 \
	VMOVAPS.Z R, K1, R \
	VMAXPS Z3, R, R \
	VMINPS Z4, R, R \
	VCVTPS2DQ R, R \
	VPADDD Z5, R, R

TEXT ·requantRow8AVX512(SB), NOSPLIT, $0-44
	MOVQ dst+0(FP), DI
	MOVQ acc+8(FP), SI
	MOVQ n+16(FP), CX
	MOVL bias+24(FP), AX
	VPBROADCASTD AX, Z1
	VBROADCASTSS scale+28(FP), Z2
	VBROADCASTSS lo+32(FP), Z3
	VBROADCASTSS hi+36(FP), Z4
	MOVL zero+40(FP), AX
	VPBROADCASTD AX, Z5

z64:
	CMPQ CX, $64
	JLT  z16
	REQ16(0, Z10)
	REQ16(64, Z11)
	REQ16(128, Z12)
	REQ16(192, Z13)
	VPMOVDB Z10, (DI)
	VPMOVDB Z11, 16(DI)
	VPMOVDB Z12, 32(DI)
	VPMOVDB Z13, 48(DI)
	ADDQ $256, SI
	ADDQ $64, DI
	SUBQ $64, CX
	JMP  z64

z16:
	CMPQ CX, $16
	JLT  zdone
	REQ16(0, Z10)
	VPMOVDB Z10, (DI)
	ADDQ $64, SI
	ADDQ $16, DI
	SUBQ $16, CX
	JMP  z16

zdone:
	VZEROUPPER
	RET

// Picks each 128-bit lane's even bytes into its low 8 and its odd bytes
// into its high 8.
DATA ·evenOddBytes+0(SB)/8, $0x0e0c0a0806040200
DATA ·evenOddBytes+8(SB)/8, $0x0f0d0b0907050301
DATA ·evenOddBytes+16(SB)/8, $0x0e0c0a0806040200
DATA ·evenOddBytes+24(SB)/8, $0x0f0d0b0907050301
GLOBL ·evenOddBytes(SB), RODATA|NOPTR, $32

// ROWBLOCKS(w, row, block, go, next, BLOCK) runs BLOCK for each of R12 rows
// at CX = 0, w, 2w, … while a whole block fits, then once more at R13 =
// n − w (R11 = n) unless n is a multiple of w; between rows DI and R8
// advance by R9, SI by R10. It ends at ddone.
#define ROWBLOCKS(w, row, block, go, next, BLOCK) \
	LEAQ -w(R11), R13 \
row: \
	TESTQ R12, R12 \
	JZ    ddone \
	XORQ  CX, CX \
block: \
	CMPQ CX, R13 \
	JLE  go \
	CMPQ CX, R11 \
	JGE  next \
	MOVQ R13, CX \
go: \
	BLOCK \
	ADDQ $w, CX \
	JMP  block \
next: \
	ADDQ R9, DI \
	ADDQ R9, R8 \
	ADDQ R10, SI \
	DECQ R12 \
	JMP  row

// 16 pairs from 32 bytes; qwords [e0 o0 e1 o1] → even [e0 e1], odd [o0 o1].
#define PAIRS16 \
	VMOVDQU (SI)(CX*2), Y0 \
	VPSHUFB Y1, Y0, Y0 \
	VPERMQ $0xD8, Y0, Y0 \
	VMOVDQU X0, (DI)(CX*1) \
	VEXTRACTI128 $1, Y0, X2 \
	VMOVDQU X2, (R8)(CX*1)

// 8 pairs from 16 bytes: [e(8) o(8)].
#define PAIRS8 \
	VMOVDQU (SI)(CX*2), X0 \
	VPSHUFB X1, X0, X0 \
	VMOVQ   X0, (DI)(CX*1) \
	VPEXTRQ $1, X0, AX \
	MOVQ    AX, (R8)(CX*1)

// 4 pairs from 8 bytes: even at bytes 0-3, odd at 8-11.
#define PAIRS4 \
	VMOVQ   (SI)(CX*2), X0 \
	VPSHUFB X1, X0, X0 \
	VMOVD   X0, (DI)(CX*1) \
	VPEXTRD $2, X0, AX \
	MOVL    AX, (R8)(CX*1)

// func deinterleaveRowsAVX2(even, odd *byte, dstStride int, src *byte, srcStride, n, rows int)
// For each of rows rows r: even[r·dstStride + t] = src[r·srcStride + 2t]
// and odd[r·dstStride + t] = src[r·srcStride + 2t + 1] for t in [0, n),
// n >= 4 (reads src[r·srcStride : +2n)): blocks of 16 (of 8 when n < 16,
// of 4 when n < 8), a last partial block done again from n − 16 (n − 8,
// n − 4).
TEXT ·deinterleaveRowsAVX2(SB), NOSPLIT, $0-56
	MOVQ even+0(FP), DI
	MOVQ odd+8(FP), R8
	MOVQ dstStride+16(FP), R9
	MOVQ src+24(FP), SI
	MOVQ srcStride+32(FP), R10
	MOVQ n+40(FP), R11
	MOVQ rows+48(FP), R12
	MOVQ $·evenOddBytes(SB), AX
	VMOVDQU (AX), Y1
	CMPQ R11, $8
	JLT  rows4
	CMPQ R11, $16
	JLT  rows8
	ROWBLOCKS(16, row16, block16, go16, next16, PAIRS16)

rows8:
	ROWBLOCKS(8, row8, block8, go8, next8, PAIRS8)

rows4:
	ROWBLOCKS(4, row4, block4, go4, next4, PAIRS4)

ddone:
	VZEROUPPER
	RET

// REQ16F is REQ16 for a finite scale (no NaN lanes to clear), reading
// the 16 accumulators at off(SI)(CX*4) and leaving the zero point out.
#define REQ16F(off, R) \
	VPADDD off(SI)(CX*4), Z1, R \
	VCVTDQ2PS R, R \
	VMULPS Z2, R, R \
	VMAXPS Z3, R, R \
	VMINPS Z4, R, R \
	VCVTPS2DQ R, R

// Dword order after two in-lane packs of four vectors A B C D: lane l
// holds A_l B_l C_l D_l; this index puts every vector's lanes back in
// order (A_0 A_1 A_2 A_3 B_0 …).
DATA ·requantPerm64+0(SB)/4, $0
DATA ·requantPerm64+4(SB)/4, $4
DATA ·requantPerm64+8(SB)/4, $8
DATA ·requantPerm64+12(SB)/4, $12
DATA ·requantPerm64+16(SB)/4, $1
DATA ·requantPerm64+20(SB)/4, $5
DATA ·requantPerm64+24(SB)/4, $9
DATA ·requantPerm64+28(SB)/4, $13
DATA ·requantPerm64+32(SB)/4, $2
DATA ·requantPerm64+36(SB)/4, $6
DATA ·requantPerm64+40(SB)/4, $10
DATA ·requantPerm64+44(SB)/4, $14
DATA ·requantPerm64+48(SB)/4, $3
DATA ·requantPerm64+52(SB)/4, $7
DATA ·requantPerm64+56(SB)/4, $11
DATA ·requantPerm64+60(SB)/4, $15
GLOBL ·requantPerm64(SB), RODATA|NOPTR, $64

// PACKSETUP loads what the 64-lane row loops read, from the arguments at
// 80 (lo), 84 (hi) and 88 (zero): the clamp bounds (Z3, Z4), the zero
// point as dwords (Z7) and words (Z5), the low-byte mask (Z8), PACK64's
// order (Z6), and R13 = n − 16 (R11 holds n), the last block's start.
#define PACKSETUP \
	VBROADCASTSS lo+80(FP), Z3 \
	VBROADCASTSS hi+84(FP), Z4 \
	MOVL zero+88(FP), AX \
	VPBROADCASTD AX, Z7 \
	VPBROADCASTW AX, Z5 \
	MOVL $0x00ff, AX \
	VPBROADCASTW AX, Z8 \
	MOVQ $·requantPerm64(SB), AX \
	VMOVDQU32 (AX), Z6 \
	LEAQ -16(R11), R13

// PACK64 stores the 64 requantized lanes of Z10-Z13 (zero point not yet
// added) as bytes at (DI)(CX*1): packed to words, the zero point added
// (Z5 in every word), each word's low byte kept (Z8) and packed, then the
// dwords put back in order (Z6, requantPerm64).
#define PACK64 \
	VPACKSSDW Z11, Z10, Z10 \
	VPACKSSDW Z13, Z12, Z12 \
	VPADDW Z5, Z10, Z10 \
	VPADDW Z5, Z12, Z12 \
	VPANDD Z8, Z10, Z10 \
	VPANDD Z8, Z12, Z12 \
	VPACKUSWB Z12, Z10, Z10 \
	VPERMD Z10, Z6, Z10 \
	VMOVDQU8 Z10, (DI)(CX*1)

// func requantRows8AVX512(dst *byte, ldd int, acc *int32, lda int, rows, n int, bias *int32, biasStep int, scale *float32, scaleStep int, lo, hi float32, zero int32)
// For each row r < rows and column i < n (n >= 16): dst[r·ldd + i] =
// low byte of (RNE(clamp(float32(acc[r·lda + i] + bias[r·biasStep]) ·
// scale[r·scaleStep], lo, hi)) + zero), requantOne for finite scales (the caller
// checks: no lane can be NaN then). Blocks of 64 are packed to bytes in
// registers and stored in one write; then blocks of 16; a last partial
// block is done again from n − 16 (the same values).
TEXT ·requantRows8AVX512(SB), NOSPLIT, $0-92
	MOVQ dst+0(FP), DI
	MOVQ ldd+8(FP), R8
	MOVQ acc+16(FP), SI
	MOVQ lda+24(FP), R9
	SHLQ $2, R9
	MOVQ rows+32(FP), R10
	MOVQ n+40(FP), R11
	MOVQ bias+48(FP), BX
	MOVQ biasStep+56(FP), R14
	SHLQ $2, R14
	MOVQ scale+64(FP), DX
	MOVQ scaleStep+72(FP), R12
	SHLQ $2, R12
	PACKSETUP

rrow:
	TESTQ R10, R10
	JZ    rdone
	VPBROADCASTD (BX), Z1
	VBROADCASTSS (DX), Z2
	XORQ CX, CX

r64:
	LEAQ 64(CX), AX
	CMPQ AX, R11
	JGT  r16
	REQ16F(0, Z10)
	REQ16F(64, Z11)
	REQ16F(128, Z12)
	REQ16F(192, Z13)
	PACK64
	ADDQ $64, CX
	JMP  r64

r16:
	CMPQ CX, R13
	JGT  rtail
	REQ16F(0, Z10)
	VPADDD Z7, Z10, Z10
	VPMOVDB Z10, (DI)(CX*1)
	ADDQ $16, CX
	JMP  r16

rtail:
	CMPQ CX, R11
	JGE  rnext
	MOVQ R13, CX
	REQ16F(0, Z10)
	VPADDD Z7, Z10, Z10
	VPMOVDB Z10, (DI)(CX*1)

rnext:
	ADDQ R8, DI
	ADDQ R9, SI
	ADDQ R14, BX
	ADDQ R12, DX
	DECQ R10
	JMP  rrow

rdone:
	VZEROUPPER
	RET

// REQ16C is REQ16F with per-column biases and scales, read at
// off(BX)(CX*4) and off(DX)(CX*4) beside the accumulators, plus the row's
// bias in every lane of Z9.
#define REQ16C(off, R) \
	VPADDD off(BX)(CX*4), Z9, R \
	VPADDD off(SI)(CX*4), R, R \
	VCVTDQ2PS R, R \
	VMULPS off(DX)(CX*4), R, R \
	VMAXPS Z3, R, R \
	VMINPS Z4, R, R \
	VCVTPS2DQ R, R

// func requantCols8AVX512(dst *byte, ldd int, acc *int32, lda int, rows, n int, bias *int32, scale *float32, rowBias *int32, rowStep int, lo, hi float32, zero int32)
// requantRows8AVX512 with the channel along columns: dst[r·ldd + i] =
// low byte of (RNE(clamp(float32(acc[r·lda + i] + rowBias[r·rowStep] +
// bias[i]) · scale[i], lo, hi)) + zero) for r < rows, i < n (n >= 16),
// finite scales (int32 sums wrap: the order of the adds does not matter).
TEXT ·requantCols8AVX512(SB), NOSPLIT, $0-92
	MOVQ dst+0(FP), DI
	MOVQ ldd+8(FP), R8
	MOVQ acc+16(FP), SI
	MOVQ lda+24(FP), R9
	SHLQ $2, R9
	MOVQ rows+32(FP), R10
	MOVQ n+40(FP), R11
	MOVQ bias+48(FP), BX
	MOVQ scale+56(FP), DX
	MOVQ rowBias+64(FP), R14
	MOVQ rowStep+72(FP), R15
	SHLQ $2, R15
	PACKSETUP

crow:
	TESTQ R10, R10
	JZ    cdone
	VPBROADCASTD (R14), Z9
	XORQ CX, CX

c64:
	LEAQ 64(CX), AX
	CMPQ AX, R11
	JGT  c16
	REQ16C(0, Z10)
	REQ16C(64, Z11)
	REQ16C(128, Z12)
	REQ16C(192, Z13)
	PACK64
	ADDQ $64, CX
	JMP  c64

c16:
	CMPQ CX, R13
	JGT  ctail
	REQ16C(0, Z10)
	VPADDD Z7, Z10, Z10
	VPMOVDB Z10, (DI)(CX*1)
	ADDQ $16, CX
	JMP  c16

ctail:
	CMPQ CX, R11
	JGE  cnext
	MOVQ R13, CX
	REQ16C(0, Z10)
	VPADDD Z7, Z10, Z10
	VPMOVDB Z10, (DI)(CX*1)

cnext:
	ADDQ R8, DI
	ADDQ R9, SI
	ADDQ R15, R14
	DECQ R10
	JMP  crow

cdone:
	VZEROUPPER
	RET

// func dequant8AVX512(dst *float32, src *byte, n int, flip, off int32, scale float32)
// dst[i] = float32(int32(src[i] ^ flip) − off) · scale for i < n, n a
// multiple of 16: with flip 0x80 and off = 128 + zero an int8's v − zero,
// with flip 0 and off = zero a uint8's; the difference converts exactly,
// so this is quant.Params.Dequantize32's float32 product.
TEXT ·dequant8AVX512(SB), NOSPLIT, $0-36
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	MOVL flip+24(FP), AX
	VPBROADCASTB AX, X5
	MOVL off+28(FP), AX
	VPBROADCASTD AX, Z6
	VBROADCASTSS scale+32(FP), Z7

dq64:
	CMPQ CX, $64
	JLT  dq16
	VPXOR (SI), X5, X0
	VPXOR 16(SI), X5, X1
	VPXOR 32(SI), X5, X2
	VPXOR 48(SI), X5, X3
	VPMOVZXBD X0, Z0
	VPMOVZXBD X1, Z1
	VPMOVZXBD X2, Z2
	VPMOVZXBD X3, Z3
	VPSUBD Z6, Z0, Z0
	VPSUBD Z6, Z1, Z1
	VPSUBD Z6, Z2, Z2
	VPSUBD Z6, Z3, Z3
	VCVTDQ2PS Z0, Z0
	VCVTDQ2PS Z1, Z1
	VCVTDQ2PS Z2, Z2
	VCVTDQ2PS Z3, Z3
	VMULPS Z7, Z0, Z0
	VMULPS Z7, Z1, Z1
	VMULPS Z7, Z2, Z2
	VMULPS Z7, Z3, Z3
	VMOVUPS Z0, (DI)
	VMOVUPS Z1, 64(DI)
	VMOVUPS Z2, 128(DI)
	VMOVUPS Z3, 192(DI)
	ADDQ $64, SI
	ADDQ $256, DI
	SUBQ $64, CX
	JMP  dq64

dq16:
	CMPQ CX, $16
	JLT  dqdone
	VPXOR (SI), X5, X0
	VPMOVZXBD X0, Z0
	VPSUBD Z6, Z0, Z0
	VCVTDQ2PS Z0, Z0
	VMULPS Z7, Z0, Z0
	VMOVUPS Z0, (DI)
	ADDQ $16, SI
	ADDQ $64, DI
	SUBQ $16, CX
	JMP  dq16

dqdone:
	VZEROUPPER
	RET

// func quantF32To8AVX512(dst *byte, src *float32, n int, scale, flo, fhi float32, zero int32)
// quantF32To8AVX2 sixteen lanes at a time (n a multiple of 16), the same
// steps in the same operand order, so the same bytes; VPMOVDB keeps each
// lane's low byte, which holds it as the lanes lie in the 8-bit range.
TEXT ·quantF32To8AVX512(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	VBROADCASTSS scale+24(FP), Z2
	VBROADCASTSS flo+28(FP), Z3
	VBROADCASTSS fhi+32(FP), Z4
	MOVL zero+36(FP), AX
	VPBROADCASTD AX, Z5

q16loop:
	CMPQ CX, $16
	JLT  q16done
	VMOVUPS   (SI), Z0
	VDIVPS    Z2, Z0, Z0
	VCMPPS    $7, Z0, Z0, K1 // ordered: not NaN
	VMOVAPS.Z Z0, K1, Z0
	VMINPS    Z4, Z0, Z0
	VMAXPS    Z3, Z0, Z0
	VCVTPS2DQ Z0, Z0
	VPADDD    Z5, Z0, Z0
	VPMOVDB   Z0, (DI)
	ADDQ $64, SI
	ADDQ $16, DI
	SUBQ $16, CX
	JMP  q16loop

q16done:
	VZEROUPPER
	RET
