package tensor

// The GEMM micro-kernels: c[i*gemmNR+j] = Σ_p a[p*gemmMR+i] * b[p*gemmNR+j]
// for p in [0, kc), summed in increasing p, over packed panels (see gemm.go).
//
// They are unrolled by hand, 8 k-steps per loop iteration. Go's SSA
// scheduler places values that have uses inside the block first; in a
// one-step loop body that hoists all 8 products above the 8 accumulating
// adds and forces spills, while in the unrolled body the products and adds
// of every step but the last interleave in source order, so the 8
// accumulators, 2 A values and 4 B values all stay in registers (about
// 10 GFLOP/s per core on a Zen 4 EPYC with GOAMD64=v1; 2x4 beat 3x4, 4x4,
// 2x6, 4x3, 3x3 and 1x8 tiles in measurements).

func kernF32(kc int, a, b []float32) (c [8]float32) {
	var c00, c01, c02, c03 float32
	var c10, c11, c12, c13 float32
	p := 0
	for ; p+8 <= kc; p += 8 {
		aa := (*[16]float32)(a[p*2:])
		bb := (*[32]float32)(b[p*4:])
		a0, a1 := aa[0], aa[1]
		b0, b1, b2, b3 := bb[0], bb[1], bb[2], bb[3]
		c00 += a0 * b0
		c01 += a0 * b1
		c02 += a0 * b2
		c03 += a0 * b3
		c10 += a1 * b0
		c11 += a1 * b1
		c12 += a1 * b2
		c13 += a1 * b3
		a0, a1 = aa[2], aa[3]
		b0, b1, b2, b3 = bb[4], bb[5], bb[6], bb[7]
		c00 += a0 * b0
		c01 += a0 * b1
		c02 += a0 * b2
		c03 += a0 * b3
		c10 += a1 * b0
		c11 += a1 * b1
		c12 += a1 * b2
		c13 += a1 * b3
		a0, a1 = aa[4], aa[5]
		b0, b1, b2, b3 = bb[8], bb[9], bb[10], bb[11]
		c00 += a0 * b0
		c01 += a0 * b1
		c02 += a0 * b2
		c03 += a0 * b3
		c10 += a1 * b0
		c11 += a1 * b1
		c12 += a1 * b2
		c13 += a1 * b3
		a0, a1 = aa[6], aa[7]
		b0, b1, b2, b3 = bb[12], bb[13], bb[14], bb[15]
		c00 += a0 * b0
		c01 += a0 * b1
		c02 += a0 * b2
		c03 += a0 * b3
		c10 += a1 * b0
		c11 += a1 * b1
		c12 += a1 * b2
		c13 += a1 * b3
		a0, a1 = aa[8], aa[9]
		b0, b1, b2, b3 = bb[16], bb[17], bb[18], bb[19]
		c00 += a0 * b0
		c01 += a0 * b1
		c02 += a0 * b2
		c03 += a0 * b3
		c10 += a1 * b0
		c11 += a1 * b1
		c12 += a1 * b2
		c13 += a1 * b3
		a0, a1 = aa[10], aa[11]
		b0, b1, b2, b3 = bb[20], bb[21], bb[22], bb[23]
		c00 += a0 * b0
		c01 += a0 * b1
		c02 += a0 * b2
		c03 += a0 * b3
		c10 += a1 * b0
		c11 += a1 * b1
		c12 += a1 * b2
		c13 += a1 * b3
		a0, a1 = aa[12], aa[13]
		b0, b1, b2, b3 = bb[24], bb[25], bb[26], bb[27]
		c00 += a0 * b0
		c01 += a0 * b1
		c02 += a0 * b2
		c03 += a0 * b3
		c10 += a1 * b0
		c11 += a1 * b1
		c12 += a1 * b2
		c13 += a1 * b3
		a0, a1 = aa[14], aa[15]
		b0, b1, b2, b3 = bb[28], bb[29], bb[30], bb[31]
		c00 += a0 * b0
		c01 += a0 * b1
		c02 += a0 * b2
		c03 += a0 * b3
		c10 += a1 * b0
		c11 += a1 * b1
		c12 += a1 * b2
		c13 += a1 * b3
	}
	for ; p < kc; p++ {
		aa := (*[2]float32)(a[p*2:])
		bb := (*[4]float32)(b[p*4:])
		c00 += aa[0] * bb[0]
		c01 += aa[0] * bb[1]
		c02 += aa[0] * bb[2]
		c03 += aa[0] * bb[3]
		c10 += aa[1] * bb[0]
		c11 += aa[1] * bb[1]
		c12 += aa[1] * bb[2]
		c13 += aa[1] * bb[3]
	}
	c[0], c[1], c[2], c[3] = c00, c01, c02, c03
	c[4], c[5], c[6], c[7] = c10, c11, c12, c13
	return c
}

// kernI32 computes the 2x4 tile as two 2x2 halves: a 2x4 register tile
// needs more general-purpose registers than amd64 has and spills.
func kernI32(kc int, a, b []int32) (c [8]int32) {
	{
		var c0, c1, c2, c3 int32 // rows 0,1 x cols 0,1
		p := 0
		for ; p+8 <= kc; p += 8 {
			aa := (*[16]int32)(a[p*2:])
			bb := (*[32]int32)(b[p*4:])
			c0 += aa[0] * bb[0]
			c1 += aa[0] * bb[1]
			c2 += aa[1] * bb[0]
			c3 += aa[1] * bb[1]
			c0 += aa[2] * bb[4]
			c1 += aa[2] * bb[5]
			c2 += aa[3] * bb[4]
			c3 += aa[3] * bb[5]
			c0 += aa[4] * bb[8]
			c1 += aa[4] * bb[9]
			c2 += aa[5] * bb[8]
			c3 += aa[5] * bb[9]
			c0 += aa[6] * bb[12]
			c1 += aa[6] * bb[13]
			c2 += aa[7] * bb[12]
			c3 += aa[7] * bb[13]
			c0 += aa[8] * bb[16]
			c1 += aa[8] * bb[17]
			c2 += aa[9] * bb[16]
			c3 += aa[9] * bb[17]
			c0 += aa[10] * bb[20]
			c1 += aa[10] * bb[21]
			c2 += aa[11] * bb[20]
			c3 += aa[11] * bb[21]
			c0 += aa[12] * bb[24]
			c1 += aa[12] * bb[25]
			c2 += aa[13] * bb[24]
			c3 += aa[13] * bb[25]
			c0 += aa[14] * bb[28]
			c1 += aa[14] * bb[29]
			c2 += aa[15] * bb[28]
			c3 += aa[15] * bb[29]
		}
		for ; p < kc; p++ {
			aa := (*[2]int32)(a[p*2:])
			bb := (*[4]int32)(b[p*4:])
			c0 += aa[0] * bb[0]
			c1 += aa[0] * bb[1]
			c2 += aa[1] * bb[0]
			c3 += aa[1] * bb[1]
		}
		c[0], c[1], c[4], c[5] = c0, c1, c2, c3
	}
	{
		var c0, c1, c2, c3 int32 // rows 0,1 x cols 2,3
		p := 0
		for ; p+8 <= kc; p += 8 {
			aa := (*[16]int32)(a[p*2:])
			bb := (*[32]int32)(b[p*4:])
			c0 += aa[0] * bb[2]
			c1 += aa[0] * bb[3]
			c2 += aa[1] * bb[2]
			c3 += aa[1] * bb[3]
			c0 += aa[2] * bb[6]
			c1 += aa[2] * bb[7]
			c2 += aa[3] * bb[6]
			c3 += aa[3] * bb[7]
			c0 += aa[4] * bb[10]
			c1 += aa[4] * bb[11]
			c2 += aa[5] * bb[10]
			c3 += aa[5] * bb[11]
			c0 += aa[6] * bb[14]
			c1 += aa[6] * bb[15]
			c2 += aa[7] * bb[14]
			c3 += aa[7] * bb[15]
			c0 += aa[8] * bb[18]
			c1 += aa[8] * bb[19]
			c2 += aa[9] * bb[18]
			c3 += aa[9] * bb[19]
			c0 += aa[10] * bb[22]
			c1 += aa[10] * bb[23]
			c2 += aa[11] * bb[22]
			c3 += aa[11] * bb[23]
			c0 += aa[12] * bb[26]
			c1 += aa[12] * bb[27]
			c2 += aa[13] * bb[26]
			c3 += aa[13] * bb[27]
			c0 += aa[14] * bb[30]
			c1 += aa[14] * bb[31]
			c2 += aa[15] * bb[30]
			c3 += aa[15] * bb[31]
		}
		for ; p < kc; p++ {
			aa := (*[2]int32)(a[p*2:])
			bb := (*[4]int32)(b[p*4:])
			c0 += aa[0] * bb[2]
			c1 += aa[0] * bb[3]
			c2 += aa[1] * bb[2]
			c3 += aa[1] * bb[3]
		}
		c[2], c[3], c[6], c[7] = c0, c1, c2, c3
	}
	return c
}
