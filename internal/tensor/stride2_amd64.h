// STRIDE2TAPS(R, T0, T1, A, B, C) loads the taps of 8 stride-2 windows of
// the row at R: A = s[2i], B = s[2i+1], C = s[2i+2] (reading s[0 : 18));
// T0 and T1 are scratch. VSHUFPS works within 128-bit halves, so each
// gather is put in order by VPERMPD.
#define STRIDE2TAPS(R, T0, T1, A, B, C) \
	VMOVUPS 0(R), T0 \
	VMOVUPS 32(R), T1 \
	VSHUFPS $0x88, T1, T0, A \
	VPERMPD $0xD8, A, A \
	VSHUFPS $0xDD, T1, T0, B \
	VPERMPD $0xD8, B, B \
	VMOVUPS 8(R), T0 \
	VMOVUPS 40(R), T1 \
	VSHUFPS $0x88, T1, T0, C \
	VPERMPD $0xD8, C, C
