//go:build amd64 && !purego

#include "textflag.h"
#include "transpose16_amd64.h"

// Kernels of the blocked depthwise convolution (dwblocked_amd64.go): a
// plane of 16-value vectors holds sixteen channels' values at each
// position, one cache line per position.

// TAPSENTER loads dwcTaps's and dwcMaxTaps's common arguments: DI dst,
// SI src, R14 rows, R13 the column step, R10 the end of the taps; to
// done when there are no rows.
#define TAPSENTER(done) \
	MOVQ  dst+0(FP), DI \
	MOVQ  src+8(FP), SI \
	MOVQ  rows+16(FP), R14 \
	MOVQ  colStep+40(FP), R13 \
	MOVQ  taps+56(FP), R10 \
	MOVQ  ntaps+64(FP), AX \
	LEAQ  (R10)(AX*4), R10 \
	TESTQ R14, R14 \
	JEQ   done

// CHUNKHEAD starts a row chunk of dwcTaps or dwcMaxTaps: to rowdone at
// the row's end (width 0), else BX at the chunk's first window, R8 at
// the first tap, and on to l8 or l4 for widths 8 and 4 (width 1 falls
// through).
#define CHUNKHEAD(rowdone, l8, l4) \
	MOVL    8(R11), AX \
	TESTL   AX, AX \
	JEQ     rowdone \
	MOVLQSX (R11), BX \
	ADDQ    SI, BX \
	MOVQ    taps+56(FP), R8 \
	CMPL    AX, $8 \
	JEQ     l8 \
	CMPL    AX, $4 \
	JEQ     l4

// BASES8 sets CX, DX and R12 to the windows one, two and three column
// steps (R13) after AX's.
#define BASES8 \
	LEAQ (AX)(R13*1), CX \
	LEAQ (AX)(R13*2), DX \
	LEAQ (CX)(R13*2), R12

// STORE4 and STORE8 store a chunk's outputs Z0.. at its output offset.
#define STORE4 \
	MOVLQSX 4(R11), DX \
	VMOVUPS Z0, (DI)(DX*1) \
	VMOVUPS Z1, 64(DI)(DX*1) \
	VMOVUPS Z2, 128(DI)(DX*1) \
	VMOVUPS Z3, 192(DI)(DX*1)

#define STORE8 \
	STORE4 \
	VMOVUPS Z4, 256(DI)(DX*1) \
	VMOVUPS Z5, 320(DI)(DX*1) \
	VMOVUPS Z6, 384(DI)(DX*1) \
	VMOVUPS Z7, 448(DI)(DX*1)

// ROWEND moves on to the next chunk (next) and, after a row's last
// (rowdone), to the next row (row) until the rows are done (done).
#define ROWEND(next, chunk, rowdone, row, done) \
next: \
	ADDQ $12, R11 \
	JMP  chunk \
rowdone: \
	ADDQ rowStep+24(FP), SI \
	ADDQ dstRowStep+32(FP), DI \
	DECQ R14 \
	JNZ  row \
done: \
	VZEROUPPER \
	RET

// CHUNKMASK sets K1 to the lanes of a chunk of CX remaining positions:
// all sixteen, or R12's (the last chunk's) when CX < 16.
#define CHUNKMASK \
	MOVL    $0xffff, AX \
	CMPQ    CX, $16 \
	CMOVLLT R12, AX \
	KMOVW   AX, K1

// TAILBITS sets R12 to the mask of n&15 lanes for n in R9 (0: all 16,
// never used).
#define TAILBITS \
	MOVQ R9, CX \
	ANDQ $15, CX \
	MOVL $1, R12 \
	SHLL CX, R12 \
	DECL R12

// func dwcPackIn(dst, src *float32, offs *[16]int64, n int, tab *int32, base int)
//
// Transposes positions [0, n) of sixteen planes (plane i at src +
// offs[i] bytes, positions contiguous) into 16-value vectors, the vector
// of position p stored at dst + base + tab[p] bytes.
TEXT ·dwcPackIn(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	ADDQ base+40(FP), DI
	MOVQ src+8(FP), SI
	MOVQ offs+16(FP), R8
	MOVQ n+24(FP), R9
	MOVQ tab+32(FP), R10
	TAILBITS
	XORQ BX, BX // first position of the chunk

packchunk:
	MOVQ R9, CX
	SUBQ BX, CX
	JLE  packdone
	CHUNKMASK
	LEAQ (SI)(BX*4), DX
	MOVQ      0(R8), AX
	VMOVUPS.Z (DX)(AX*1), K1, Z0
	MOVQ      8(R8), AX
	VMOVUPS.Z (DX)(AX*1), K1, Z1
	MOVQ      16(R8), AX
	VMOVUPS.Z (DX)(AX*1), K1, Z2
	MOVQ      24(R8), AX
	VMOVUPS.Z (DX)(AX*1), K1, Z3
	MOVQ      32(R8), AX
	VMOVUPS.Z (DX)(AX*1), K1, Z4
	MOVQ      40(R8), AX
	VMOVUPS.Z (DX)(AX*1), K1, Z5
	MOVQ      48(R8), AX
	VMOVUPS.Z (DX)(AX*1), K1, Z6
	MOVQ      56(R8), AX
	VMOVUPS.Z (DX)(AX*1), K1, Z7
	MOVQ      64(R8), AX
	VMOVUPS.Z (DX)(AX*1), K1, Z8
	MOVQ      72(R8), AX
	VMOVUPS.Z (DX)(AX*1), K1, Z9
	MOVQ      80(R8), AX
	VMOVUPS.Z (DX)(AX*1), K1, Z10
	MOVQ      88(R8), AX
	VMOVUPS.Z (DX)(AX*1), K1, Z11
	MOVQ      96(R8), AX
	VMOVUPS.Z (DX)(AX*1), K1, Z12
	MOVQ      104(R8), AX
	VMOVUPS.Z (DX)(AX*1), K1, Z13
	MOVQ      112(R8), AX
	VMOVUPS.Z (DX)(AX*1), K1, Z14
	MOVQ      120(R8), AX
	VMOVUPS.Z (DX)(AX*1), K1, Z15
	TRANSPOSE16
	LEAQ (R10)(BX*4), DX
	MOVLQSX 0(DX), AX
	VMOVUPS Z0, (DI)(AX*1)
	CMPQ    CX, $1
	JLE     packnext
	MOVLQSX 4(DX), AX
	VMOVUPS Z1, (DI)(AX*1)
	CMPQ    CX, $2
	JLE     packnext
	MOVLQSX 8(DX), AX
	VMOVUPS Z2, (DI)(AX*1)
	CMPQ    CX, $3
	JLE     packnext
	MOVLQSX 12(DX), AX
	VMOVUPS Z3, (DI)(AX*1)
	CMPQ    CX, $4
	JLE     packnext
	MOVLQSX 16(DX), AX
	VMOVUPS Z4, (DI)(AX*1)
	CMPQ    CX, $5
	JLE     packnext
	MOVLQSX 20(DX), AX
	VMOVUPS Z5, (DI)(AX*1)
	CMPQ    CX, $6
	JLE     packnext
	MOVLQSX 24(DX), AX
	VMOVUPS Z6, (DI)(AX*1)
	CMPQ    CX, $7
	JLE     packnext
	MOVLQSX 28(DX), AX
	VMOVUPS Z7, (DI)(AX*1)
	CMPQ    CX, $8
	JLE     packnext
	MOVLQSX 32(DX), AX
	VMOVUPS Z8, (DI)(AX*1)
	CMPQ    CX, $9
	JLE     packnext
	MOVLQSX 36(DX), AX
	VMOVUPS Z9, (DI)(AX*1)
	CMPQ    CX, $10
	JLE     packnext
	MOVLQSX 40(DX), AX
	VMOVUPS Z10, (DI)(AX*1)
	CMPQ    CX, $11
	JLE     packnext
	MOVLQSX 44(DX), AX
	VMOVUPS Z11, (DI)(AX*1)
	CMPQ    CX, $12
	JLE     packnext
	MOVLQSX 48(DX), AX
	VMOVUPS Z12, (DI)(AX*1)
	CMPQ    CX, $13
	JLE     packnext
	MOVLQSX 52(DX), AX
	VMOVUPS Z13, (DI)(AX*1)
	CMPQ    CX, $14
	JLE     packnext
	MOVLQSX 56(DX), AX
	VMOVUPS Z14, (DI)(AX*1)
	CMPQ    CX, $15
	JLE     packnext
	MOVLQSX 60(DX), AX
	VMOVUPS Z15, (DI)(AX*1)

packnext:
	ADDQ $16, BX
	JMP  packchunk

packdone:
	VZEROUPPER
	RET

// func dwcUnpackOut(dst *float32, offs *[16]int64, planes int, src *float32, n int)
//
// Transposes n 16-value vectors at src (whole chunks of sixteen are read)
// back into planes: lane i of vector p to dst + offs[i] bytes + 4p, for
// the first planes lanes.
TEXT ·dwcUnpackOut(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ offs+8(FP), R8
	MOVQ planes+16(FP), R10
	MOVQ src+24(FP), SI
	MOVQ n+32(FP), R9
	TAILBITS
	XORQ BX, BX

unpackchunk:
	MOVQ R9, CX
	SUBQ BX, CX
	JLE  unpackdone
	CHUNKMASK
	VMOVUPS 0(SI), Z0
	VMOVUPS 64(SI), Z1
	VMOVUPS 128(SI), Z2
	VMOVUPS 192(SI), Z3
	VMOVUPS 256(SI), Z4
	VMOVUPS 320(SI), Z5
	VMOVUPS 384(SI), Z6
	VMOVUPS 448(SI), Z7
	VMOVUPS 512(SI), Z8
	VMOVUPS 576(SI), Z9
	VMOVUPS 640(SI), Z10
	VMOVUPS 704(SI), Z11
	VMOVUPS 768(SI), Z12
	VMOVUPS 832(SI), Z13
	VMOVUPS 896(SI), Z14
	VMOVUPS 960(SI), Z15
	TRANSPOSE16
	LEAQ (DI)(BX*4), DX
	MOVQ    0(R8), AX
	VMOVUPS Z0, K1, (DX)(AX*1)
	CMPQ    R10, $1
	JLE     unpacknext
	MOVQ    8(R8), AX
	VMOVUPS Z1, K1, (DX)(AX*1)
	CMPQ    R10, $2
	JLE     unpacknext
	MOVQ    16(R8), AX
	VMOVUPS Z2, K1, (DX)(AX*1)
	CMPQ    R10, $3
	JLE     unpacknext
	MOVQ    24(R8), AX
	VMOVUPS Z3, K1, (DX)(AX*1)
	CMPQ    R10, $4
	JLE     unpacknext
	MOVQ    32(R8), AX
	VMOVUPS Z4, K1, (DX)(AX*1)
	CMPQ    R10, $5
	JLE     unpacknext
	MOVQ    40(R8), AX
	VMOVUPS Z5, K1, (DX)(AX*1)
	CMPQ    R10, $6
	JLE     unpacknext
	MOVQ    48(R8), AX
	VMOVUPS Z6, K1, (DX)(AX*1)
	CMPQ    R10, $7
	JLE     unpacknext
	MOVQ    56(R8), AX
	VMOVUPS Z7, K1, (DX)(AX*1)
	CMPQ    R10, $8
	JLE     unpacknext
	MOVQ    64(R8), AX
	VMOVUPS Z8, K1, (DX)(AX*1)
	CMPQ    R10, $9
	JLE     unpacknext
	MOVQ    72(R8), AX
	VMOVUPS Z9, K1, (DX)(AX*1)
	CMPQ    R10, $10
	JLE     unpacknext
	MOVQ    80(R8), AX
	VMOVUPS Z10, K1, (DX)(AX*1)
	CMPQ    R10, $11
	JLE     unpacknext
	MOVQ    88(R8), AX
	VMOVUPS Z11, K1, (DX)(AX*1)
	CMPQ    R10, $12
	JLE     unpacknext
	MOVQ    96(R8), AX
	VMOVUPS Z12, K1, (DX)(AX*1)
	CMPQ    R10, $13
	JLE     unpacknext
	MOVQ    104(R8), AX
	VMOVUPS Z13, K1, (DX)(AX*1)
	CMPQ    R10, $14
	JLE     unpacknext
	MOVQ    112(R8), AX
	VMOVUPS Z14, K1, (DX)(AX*1)
	CMPQ    R10, $15
	JLE     unpacknext
	MOVQ    120(R8), AX
	VMOVUPS Z15, K1, (DX)(AX*1)

unpacknext:
	ADDQ $1024, SI
	ADDQ $16, BX
	JMP  unpackchunk

unpackdone:
	VZEROUPPER
	RET

// EPILOGUE adds the bias (Z29) to zn and clamps it to [Z30, Z31] as
// clampTo does (a NaN stays).
#define EPILOGUE(zn) \
	VADDPS Z29, zn, zn \
	VMAXPS zn, Z30, zn \
	VMINPS zn, Z31, zn

// TAPBASE sets AX to tap R8's window for the chunk's first output (BX)
// and loads the tap's weights (R9) into Z8.
#define TAPBASE \
	MOVLQSX (R8), AX \
	ADDQ    BX, AX \
	VMOVUPS (R9), Z8

// TAP adds the product of the window at addr and Z8 to zacc through ztmp.
#define TAP(addr, zacc, ztmp) \
	VMULPS addr, Z8, ztmp \
	VADDPS ztmp, zacc, zacc

// NEXTTAP moves R8 and R9 on to the next tap and jumps to label while
// taps are left (R10 is the end of the taps).
#define NEXTTAP(label) \
	ADDQ $4, R8 \
	ADDQ $64, R9 \
	CMPQ R8, R10 \
	JLT  label

// func dwcTaps(dst, src *float32, rows, rowStep, dstRowStep, colStep int, chunks *int32, taps *int32, ntaps int, w, bias *float32, lo, hi float32)
//
// Output vector (r, j) of a blocked depthwise convolution is 0 + Σ_t
// w[t]·src[r·rowStep + j·colStep + taps[t]] in tap order (vectors of 16
// lanes, each product rounded, offsets in bytes), then + bias, clamped to
// [lo, hi]; stored at dst + r·dstRowStep + 64j. A row's outputs come in
// chunks of 8, 4 or 1 (chunks: byte offset of the window, byte offset of
// the output, width), ended by one of width 0. The windows of a chunk's
// outputs are addressed from four bases a column step apart (AX, CX, DX,
// R12) and those plus four steps.
TEXT ·dwcTaps(SB), NOSPLIT, $0-96
	MOVQ         bias+80(FP), AX
	VMOVUPS      (AX), Z29
	VBROADCASTSS lo+88(FP), Z30
	VBROADCASTSS hi+92(FP), Z31
	TAPSENTER(tapsdone)

tapsrow:
	MOVQ chunks+48(FP), R11

tapschunk:
	CHUNKHEAD(tapsrowdone, chunk8, chunk4)
	MOVQ w+72(FP), R9

	// One output.
	VPXORD Z0, Z0, Z0

tap1:
	TAPBASE
	TAP((AX), Z0, Z9)
	NEXTTAP(tap1)
	EPILOGUE(Z0)
	MOVLQSX 4(R11), DX
	VMOVUPS Z0, (DI)(DX*1)
	JMP     tapsnext

chunk4:
	MOVQ   w+72(FP), R9
	VPXORD Z0, Z0, Z0
	VPXORD Z1, Z1, Z1
	VPXORD Z2, Z2, Z2
	VPXORD Z3, Z3, Z3

tap4:
	TAPBASE
	LEAQ (AX)(R13*1), CX
	TAP((AX), Z0, Z9)
	TAP((CX), Z1, Z10)
	TAP((AX)(R13*2), Z2, Z11)
	TAP((CX)(R13*2), Z3, Z12)
	NEXTTAP(tap4)
	EPILOGUE(Z0)
	EPILOGUE(Z1)
	EPILOGUE(Z2)
	EPILOGUE(Z3)
	STORE4
	JMP tapsnext

chunk8:
	MOVQ   w+72(FP), R9
	VPXORD Z0, Z0, Z0
	VPXORD Z1, Z1, Z1
	VPXORD Z2, Z2, Z2
	VPXORD Z3, Z3, Z3
	VPXORD Z4, Z4, Z4
	VPXORD Z5, Z5, Z5
	VPXORD Z6, Z6, Z6
	VPXORD Z7, Z7, Z7

tap8:
	TAPBASE
	BASES8
	TAP((AX), Z0, Z9)
	TAP((CX), Z1, Z10)
	TAP((DX), Z2, Z11)
	TAP((R12), Z3, Z12)
	TAP((AX)(R13*4), Z4, Z13)
	TAP((CX)(R13*4), Z5, Z14)
	TAP((DX)(R13*4), Z6, Z15)
	TAP((R12)(R13*4), Z7, Z16)
	NEXTTAP(tap8)
	EPILOGUE(Z0)
	EPILOGUE(Z1)
	EPILOGUE(Z2)
	EPILOGUE(Z3)
	EPILOGUE(Z4)
	EPILOGUE(Z5)
	EPILOGUE(Z6)
	EPILOGUE(Z7)
	STORE8
	ROWEND(tapsnext, tapschunk, tapsrowdone, tapsrow, tapsdone)

// MAXTAP replaces zacc by the window at addr where that is larger or NaN
// and zacc is not NaN (ztmp scratch): maxPool's step, in every lane.
#define MAXTAP(addr, zacc, ztmp) \
	VMOVUPS addr, ztmp \
	VCMPPS  $7, zacc, zacc, K2 \
	VCMPPS  $0x16, zacc, ztmp, K2, K1 \
	VMOVAPS ztmp, K1, zacc

// func dwcMaxTaps(dst, src *float32, rows, rowStep, dstRowStep, colStep int, chunks *int32, taps *int32, ntaps int)
//
// dwcTaps for max pooling: output vector (r, j) is the maximum over the
// taps in tap order from −Inf, a tap replacing it where larger
// (!(v <= max), NaN included) unless it is NaN already; no bias or clamp.
TEXT ·dwcMaxTaps(SB), NOSPLIT, $0-72
	MOVL         $0xff800000, AX
	VPBROADCASTD AX, Z29 // −Inf
	TAPSENTER(maxdone)

maxrow:
	MOVQ chunks+48(FP), R11

maxchunk:
	CHUNKHEAD(maxrowdone, max8, max4)
	VMOVAPS Z29, Z0

maxtap1:
	MOVLQSX (R8), AX
	ADDQ    BX, AX
	MAXTAP((AX), Z0, Z9)
	NEXTTAP(maxtap1)
	MOVLQSX 4(R11), DX
	VMOVUPS Z0, (DI)(DX*1)
	JMP     maxnext

max4:
	VMOVAPS Z29, Z0
	VMOVAPS Z29, Z1
	VMOVAPS Z29, Z2
	VMOVAPS Z29, Z3

maxtap4:
	MOVLQSX (R8), AX
	ADDQ    BX, AX
	LEAQ    (AX)(R13*1), CX
	MAXTAP((AX), Z0, Z9)
	MAXTAP((CX), Z1, Z10)
	MAXTAP((AX)(R13*2), Z2, Z11)
	MAXTAP((CX)(R13*2), Z3, Z12)
	NEXTTAP(maxtap4)
	STORE4
	JMP maxnext

max8:
	VMOVAPS Z29, Z0
	VMOVAPS Z29, Z1
	VMOVAPS Z29, Z2
	VMOVAPS Z29, Z3
	VMOVAPS Z29, Z4
	VMOVAPS Z29, Z5
	VMOVAPS Z29, Z6
	VMOVAPS Z29, Z7

maxtap8:
	MOVLQSX (R8), AX
	ADDQ    BX, AX
	BASES8
	MAXTAP((AX), Z0, Z9)
	MAXTAP((CX), Z1, Z10)
	MAXTAP((DX), Z2, Z11)
	MAXTAP((R12), Z3, Z12)
	MAXTAP((AX)(R13*4), Z4, Z13)
	MAXTAP((CX)(R13*4), Z5, Z14)
	MAXTAP((DX)(R13*4), Z6, Z15)
	MAXTAP((R12)(R13*4), Z7, Z16)
	NEXTTAP(maxtap8)
	STORE8
	ROWEND(maxnext, maxchunk, maxrowdone, maxrow, maxdone)
