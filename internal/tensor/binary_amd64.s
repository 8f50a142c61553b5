//go:build amd64 && !purego

#include "textflag.h"

// func binF32AVX(op, mode int, o, a, b *float32, n int)
//
// o = a op b for op 0..3 (add, sub, mul, div) over n floats (a multiple
// of 8): mode 0 reads both a and b, mode 1 takes b's first value for every
// element, mode 2 a's. Each value is one IEEE operation, as the scalar
// loop's.

// BINVV, BINVS and BINSV are the three modes' loops for the instruction
// OP, ending at binend.
#define BINVV(OP, L) \
L: \
	CMPQ    CX, $8 \
	JLT     binend \
	VMOVUPS (SI), Y0 \
	OP      (DX), Y0, Y0 \
	VMOVUPS Y0, (DI) \
	ADDQ    $32, SI \
	ADDQ    $32, DX \
	ADDQ    $32, DI \
	SUBQ    $8, CX \
	JMP     L

#define BINVS(OP, L) \
	VBROADCASTSS (DX), Y15 \
L: \
	CMPQ    CX, $8 \
	JLT     binend \
	VMOVUPS (SI), Y0 \
	OP      Y15, Y0, Y0 \
	VMOVUPS Y0, (DI) \
	ADDQ    $32, SI \
	ADDQ    $32, DI \
	SUBQ    $8, CX \
	JMP     L

#define BINSV(OP, L) \
	VBROADCASTSS (SI), Y15 \
L: \
	CMPQ    CX, $8 \
	JLT     binend \
	VMOVUPS (DX), Y0 \
	OP      Y0, Y15, Y1 \
	VMOVUPS Y1, (DI) \
	ADDQ    $32, DX \
	ADDQ    $32, DI \
	SUBQ    $8, CX \
	JMP     L

TEXT ·binF32AVX(SB), NOSPLIT, $0-48
	MOVQ op+0(FP), AX
	MOVQ mode+8(FP), BX
	MOVQ o+16(FP), DI
	MOVQ a+24(FP), SI
	MOVQ b+32(FP), DX
	MOVQ n+40(FP), CX
	// AX = op*3 + mode selects the loop.
	LEAQ (AX)(AX*2), AX
	ADDQ BX, AX
	CMPQ AX, $0
	JEQ  addvv
	CMPQ AX, $1
	JEQ  addvs
	CMPQ AX, $2
	JEQ  addsv
	CMPQ AX, $3
	JEQ  subvv
	CMPQ AX, $4
	JEQ  subvs
	CMPQ AX, $5
	JEQ  subsv
	CMPQ AX, $6
	JEQ  mulvv
	CMPQ AX, $7
	JEQ  mulvs
	CMPQ AX, $8
	JEQ  mulsv
	CMPQ AX, $9
	JEQ  divvv
	CMPQ AX, $10
	JEQ  divvs
	CMPQ AX, $11
	JEQ  divsv
	JMP  binend

addvv:
	BINVV(VADDPS, addvvl)
addvs:
	BINVS(VADDPS, addvsl)
addsv:
	BINSV(VADDPS, addsvl)
subvv:
	BINVV(VSUBPS, subvvl)
subvs:
	BINVS(VSUBPS, subvsl)
subsv:
	BINSV(VSUBPS, subsvl)
mulvv:
	BINVV(VMULPS, mulvvl)
mulvs:
	BINVS(VMULPS, mulvsl)
mulsv:
	BINSV(VMULPS, mulsvl)
divvv:
	BINVV(VDIVPS, divvvl)
divvs:
	BINVS(VDIVPS, divvsl)
divsv:
	BINSV(VDIVPS, divsvl)

binend:
	VZEROUPPER
	RET
