//go:build amd64 && !purego

#include "textflag.h"

// func maxF32AVX512(x *float32, n int) float32
// The largest of x[0:n] (n >= 16) leaving NaNs out, as softmaxRowF32's
// loop does: VMAXPS returns its second source when either is NaN, the
// running maxima are second and never NaN. A last partial block is read again
// from n − 16 (the maximum is the same).
TEXT ·maxF32AVX512(SB), NOSPLIT, $0-20
	MOVQ x+0(FP), SI
	MOVQ n+8(FP), CX
	MOVL $0xff800000, AX // −Inf
	VPBROADCASTD AX, Z0
	VMOVAPS Z0, Z1
	LEAQ -16(CX), DX // the last block's start
	XORQ BX, BX

mx32:
	LEAQ 32(BX), AX
	CMPQ AX, CX
	JGT  mx16
	VMOVUPS (SI)(BX*4), Z2
	VMOVUPS 64(SI)(BX*4), Z3
	VMAXPS Z0, Z2, Z0
	VMAXPS Z1, Z3, Z1
	ADDQ $32, BX
	JMP  mx32

mx16:
	CMPQ BX, DX
	JGT  mxtail
	VMOVUPS (SI)(BX*4), Z2
	VMAXPS Z0, Z2, Z0
	ADDQ $16, BX
	JMP  mx16

mxtail:
	CMPQ BX, CX
	JGE  mxreduce
	VMOVUPS (SI)(DX*4), Z2
	VMAXPS Z1, Z2, Z1

mxreduce:
	VMAXPS Z1, Z0, Z0
	VEXTRACTF32X8 $1, Z0, Y1
	VMAXPS Y1, Y0, Y0
	VEXTRACTF128 $1, Y0, X1
	VMAXPS X1, X0, X0
	VPERMILPS $0x4e, X0, X1
	VMAXPS X1, X0, X0
	VPERMILPS $0xb1, X0, X1
	VMAXPS X1, X0, X0
	VMOVSS X0, ret+16(FP)
	VZEROUPPER
	RET

// func sum4F64AVX2(x *float32, n int) (s0, s1, s2, s3 float64)
// Sums x[i] in float64 into four lanes, lane j taking i ≡ j (mod 4) in
// order for i < n &^ 3: softmaxRowF32's four running sums, each addition
// rounded as there.
TEXT ·sum4F64AVX2(SB), NOSPLIT, $0-48
	MOVQ x+0(FP), SI
	MOVQ n+8(FP), CX
	ANDQ $-4, CX
	VXORPD Y0, Y0, Y0
	XORQ BX, BX

s4:
	CMPQ BX, CX
	JGE  s4done
	VCVTPS2PD (SI)(BX*4), Y1
	VADDPD Y1, Y0, Y0
	ADDQ $4, BX
	JMP  s4

s4done:
	VMOVSD X0, s0+16(FP)
	VPERMILPD $1, X0, X1
	VMOVSD X1, s1+24(FP)
	VEXTRACTF128 $1, Y0, X0
	VMOVSD X0, s2+32(FP)
	VPERMILPD $1, X0, X1
	VMOVSD X1, s3+40(FP)
	VZEROUPPER
	RET
