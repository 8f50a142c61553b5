//go:build amd64 && !purego

#include "textflag.h"

// func requantRow8AVX2(dst *byte, acc *int32, n int, bias int32, scale, lo, hi float32, zero int32)
// dst[i] = low byte of (RNE(clamp(float32(acc[i]+bias)*scale, lo, hi)) + zero)
// for i in [0, n), n a multiple of 8: requantOne eight lanes at a time
// (NaN lanes become 0 before the clamp; VCVTPS2DQ rounds half to even
// under Go's default MXCSR). The results lie in the 8-bit range, so the
// low byte is the stored value for i8 and u8 alike.
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
	VPCMPEQW X8, X8, X8
	VPSRLW $8, X8, X8 // 0x00ff in every word

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
	VEXTRACTI128 $1, Y0, X7
	VPACKSSDW X7, X0, X0
	VPAND X8, X0, X0
	VPACKUSWB X0, X0, X0
	VMOVQ X0, (DI)
	ADDQ $32, SI
	ADDQ $8, DI
	SUBQ $8, CX
	JMP  loop

done:
	VZEROUPPER
	RET
