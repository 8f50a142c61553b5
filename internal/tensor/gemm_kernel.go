package tensor

import "unsafe"

// A gemmKernel computes one MR x gemmNR tile of C over one kc block of
// packed panels (see gemm.go):
//
//	s[i,j] = Σ_p a[p*mr+i] * b[p*gemmNR+j]   for p in [0, kc), in increasing p
//	C[i*ldc+j] = s[i,j]  (acc false)   or   C[i*ldc+j] += s[i,j]  (acc true)
//
// The pure-Go kernels round every product before adding it; the SIMD
// kernels (gemm_amd64.go) fuse each multiply-add (one rounding per step,
// the same chain in every lane), so AVX2 and AVX-512 give identical bits
// and differ from the pure-Go kernel by at most the usual k·eps bound.
// Integer kernels wrap modulo 2^32 and agree bit for bit.
type gemmKernel[T gemmElem] struct {
	name string
	mr   int
	// lo16: the kernel multiplies 16-bit values: A is packed as the low 16
	// bits of each value, zero-extended (packAInt does it), and every
	// packed A and B value must lie in int16 range (8-bit data minus an
	// 8-bit zero point does).
	lo16 bool
	// u8s8: each int32 lane of A and B holds four bytes (four k steps),
	// multiplied as B's unsigned by A's signed bytes (qquads.go packs
	// them); such a kernel runs only quad plans.
	u8s8 bool
	// run is only called with len(a) >= kc*mr, len(b) >= kc*gemmNR and
	// c holding the whole tile (checked by callKernel).
	// ldb is the distance between b's k rows: gemmNR for a packed panel.
	run func(kc int, a, b, c unsafe.Pointer, ldc, ldb int, acc bool)
	// runInd, when set, is run reading B row p at b + off[p] elements
	// (off holds kc ints) instead of b + p*ldb: an operand whose rows lie
	// at irregular distances (a convolution's im2col rows in a padded
	// input) is read in place. Same arithmetic as run.
	runInd func(kc int, a, b, c unsafe.Pointer, ldc int, off unsafe.Pointer, acc bool)
	// run2 and runInd2, when set, compute two adjacent 16-column tiles
	// (MR x 32) as run and runInd would, one after the other: B's second
	// panel is the next packed panel (ldb = gemmNR) or the 16 columns
	// after the first (B read in place, or at the offsets).
	run2    func(kc int, a, b, c unsafe.Pointer, ldc, ldb int, acc bool)
	runInd2 func(kc int, a, b, c unsafe.Pointer, ldc int, off unsafe.Pointer, acc bool)
	// run2Ex, when set (float32), is run2 followed in its store by what
	// addBias does to the two tiles: the MR rows' bias (bias[r], flags
	// bit 0) and the clamp to [lo, hi] (bit 1), the same bits.
	run2Ex func(kc int, a, b, c unsafe.Pointer, ldc, ldb int, acc bool, bias unsafe.Pointer, lo, hi float32, flags int)
	// runRow, when set (float32), computes MR rows of up to 32 columns
	// reading B at the offsets as runInd2 does, over a whole K in one
	// block (acc false), adds the bias and clamps as run2Ex, and stores
	// only the columns whose bit is set in mask: one output row's run of
	// a convolution, written straight into its planes (conv_rows.go).
	runRow func(kc int, a, b, c unsafe.Pointer, ldc int, off, bias unsafe.Pointer, lo, hi float32, flags int, mask uint32)
	// narrow: a tile's last 1–gemmNarrowCols columns may go to
	// gemmNarrow (float32 FMA kernels, whose chains it repeats, and the
	// AVX-512 VNNI u8×s8 quad kernels).
	narrow bool
	// goRun is set instead of run for the pure-Go kernels, which only
	// read packed panels (ldb = gemmNR).
	goRun func(kc int, a, b, c []T, ldc int, acc bool)
	// alt: kernels of smaller MR computing every element exactly as this
	// one does (same instruction sequence per lane), by decreasing MR.
	alt []gemmKernel[T]
	// speed, when set, is the alternative's throughput per row relative
	// to the family's first kernel (measured, BenchmarkGemmKernel), so
	// forRows weighs padding against it; 0 means the same.
	speed float64
}

// forRows picks, among k and its alternatives, the one that computes m
// rows fastest: that pads them the least, weighed by speed (the largest MR
// on a tie). The choice cannot change results.
func (k *gemmKernel[T]) forRows(m int) *gemmKernel[T] {
	// cost: the rows computed (m padded to MR) over the relative speed.
	cost := func(g *gemmKernel[T]) float64 {
		sp := g.speed
		if sp == 0 {
			sp = 1
		}
		return float64((m+g.mr-1)/g.mr*g.mr) / sp
	}
	best := k
	for i := range k.alt {
		if cost(&k.alt[i]) < cost(best) {
			best = &k.alt[i]
		}
	}
	return best
}

// variants lists k and its alternatives, each on its own.
func (k gemmKernel[T]) variants() []gemmKernel[T] {
	vs := append([]gemmKernel[T]{k}, k.alt...)
	vs[0].alt = nil
	return vs
}

// call runs k on a full tile after checking the slices hold it, so an
// assembly kernel never touches memory outside them.
func (k *gemmKernel[T]) call(kc int, a, b, c []T, ldc, ldb int, acc bool) {
	if kc <= 0 || ldb < gemmNR || len(a) < kc*k.mr || len(b) < (kc-1)*ldb+gemmNR || len(c) < (k.mr-1)*ldc+gemmNR {
		panic("tensor: gemm kernel: panel or tile out of range")
	}
	if k.goRun != nil {
		if ldb != gemmNR {
			panic("tensor: gemm kernel: pure-Go kernels read packed B only")
		}
		k.goRun(kc, a, b, c, ldc, acc)
		return
	}
	k.run(kc, unsafe.Pointer(&a[0]), unsafe.Pointer(&b[0]), unsafe.Pointer(&c[0]), ldc, ldb, acc)
}

// call2 runs k.run2 on two full tiles after checking the slices hold
// them.
func (k *gemmKernel[T]) call2(kc int, a, b, c []T, ldc, ldb int, acc bool) {
	need := (kc-1)*ldb + 2*gemmNR // B read in place: rows of 32 values
	if ldb == gemmNR {
		need = 2 * kc * gemmNR // two packed panels
	}
	if kc <= 0 || ldb < gemmNR || len(a) < kc*k.mr || len(b) < need || len(c) < (k.mr-1)*ldc+2*gemmNR {
		panic("tensor: gemm kernel: panels or tiles out of range")
	}
	k.run2(kc, unsafe.Pointer(&a[0]), unsafe.Pointer(&b[0]), unsafe.Pointer(&c[0]), ldc, ldb, acc)
}

// call2Ex runs k.run2Ex on two full tiles, bias holding the tile's MR
// row biases (unread without flags bit 0).
func (k *gemmKernel[T]) call2Ex(kc int, a, b, c []T, ldc, ldb int, acc bool, bias []float32, lo, hi float32, flags int) {
	need := (kc-1)*ldb + 2*gemmNR
	if ldb == gemmNR {
		need = 2 * kc * gemmNR
	}
	if kc <= 0 || ldb < gemmNR || len(a) < kc*k.mr || len(b) < need || len(c) < (k.mr-1)*ldc+2*gemmNR || len(bias) < k.mr {
		panic("tensor: gemm kernel: panels or tiles out of range")
	}
	k.run2Ex(kc, unsafe.Pointer(&a[0]), unsafe.Pointer(&b[0]), unsafe.Pointer(&c[0]), ldc, ldb, acc, unsafe.Pointer(&bias[0]), lo, hi, flags)
}

// callInd2 runs k.runInd2 on two full tiles; maxOff as for callInd.
func (k *gemmKernel[T]) callInd2(kc int, a, b, c []T, ldc int, off []int, maxOff int, acc bool) {
	if kc <= 0 || len(off) < kc || len(a) < kc*k.mr || len(b) < maxOff+2*gemmNR || len(c) < (k.mr-1)*ldc+2*gemmNR {
		panic("tensor: gemm kernel: panels or tiles out of range")
	}
	k.runInd2(kc, unsafe.Pointer(&a[0]), unsafe.Pointer(&b[0]), unsafe.Pointer(&c[0]), ldc, unsafe.Pointer(&off[0]), acc)
}

// callInd runs k.runInd on a full tile; maxOff must be at least every
// off[p] (the plan checks it once), so each row's 16 values lie in b.
func (k *gemmKernel[T]) callInd(kc int, a, b, c []T, ldc int, off []int, maxOff int, acc bool) {
	if kc <= 0 || len(off) < kc || len(a) < kc*k.mr || len(b) < maxOff+gemmNR || len(c) < (k.mr-1)*ldc+gemmNR {
		panic("tensor: gemm kernel: panel or tile out of range")
	}
	k.runInd(kc, unsafe.Pointer(&a[0]), unsafe.Pointer(&b[0]), unsafe.Pointer(&c[0]), ldc, unsafe.Pointer(&off[0]), acc)
}

// The kernels in use: the best the CPU supports (gemm_amd64.go), else
// the pure-Go ones. Plans point at these; tests swap their contents.
var (
	kernF32 = &gemmKernel[float32]{}
	kernI32 = &gemmKernel[int32]{}
)

// Maximum MR of any kernel (sizes the edge-tile scratch); gemmMC is a
// multiple of every MR.
const gemmMaxMR = 12

var (
	goKernF32 = gemmKernel[float32]{name: "go", mr: gemmGoMR, goRun: goRunF32}
	goKernI32 = gemmKernel[int32]{name: "go", mr: gemmGoMR, goRun: goRunI32}
)

const gemmGoMR = 2

func init() {
	*kernF32, *kernI32 = goKernF32, goKernI32
	if simd := simdKernelsF32(); len(simd) > 0 {
		*kernF32 = simd[0]
	}
	if simd := simdKernelsI32(); len(simd) > 0 {
		*kernI32 = simd[0]
	}
}

// goRunF32 is the pure-Go 2 x gemmNR kernel: four 2x4 register blocks.
func goRunF32(kc int, a, b, c []float32, ldc int, acc bool) {
	for j := 0; j < gemmNR; j += 4 {
		s := kernF32Block(kc, a, b[j:])
		r0, r1 := (*[4]float32)(c[j:]), (*[4]float32)(c[ldc+j:])
		if acc {
			r0[0] += s[0]
			r0[1] += s[1]
			r0[2] += s[2]
			r0[3] += s[3]
			r1[0] += s[4]
			r1[1] += s[5]
			r1[2] += s[6]
			r1[3] += s[7]
		} else {
			*r0 = [4]float32(s[:4])
			*r1 = [4]float32(s[4:])
		}
	}
}

func goRunI32(kc int, a, b, c []int32, ldc int, acc bool) {
	for j := 0; j < gemmNR; j += 4 {
		s := kernI32Block(kc, a, b[j:])
		r0, r1 := (*[4]int32)(c[j:]), (*[4]int32)(c[ldc+j:])
		if acc {
			r0[0] += s[0]
			r0[1] += s[1]
			r0[2] += s[2]
			r0[3] += s[3]
			r1[0] += s[4]
			r1[1] += s[5]
			r1[2] += s[6]
			r1[3] += s[7]
		} else {
			*r0 = [4]int32(s[:4])
			*r1 = [4]int32(s[4:])
		}
	}
}

// kernF32Block: c[i*4+j] = Σ_p a[p*2+i] * b[p*gemmNR+j], i < 2, j < 4,
// summed in increasing p.
//
// They are unrolled by hand, 8 k-steps per loop iteration. Go's SSA
// scheduler places values that have uses inside the block first; in a
// one-step loop body that hoists all 8 products above the 8 accumulating
// adds and forces spills, while in the unrolled body the products and adds
// of every step but the last interleave in source order, so the 8
// accumulators, 2 A values and 4 B values all stay in registers (about
// 10 GFLOP/s per core on a Zen 4 EPYC with GOAMD64=v1; 2x4 beat 3x4, 4x4,
// 2x6, 4x3, 3x3 and 1x8 tiles in measurements).

func kernF32Block(kc int, a, b []float32) (c [8]float32) {
	var c00, c01, c02, c03 float32
	var c10, c11, c12, c13 float32
	p := 0
	for ; p+8 <= kc; p += 8 {
		aa := (*[16]float32)(a[p*2:])
		bb := (*[7*gemmNR + 4]float32)(b[p*gemmNR:])
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
		b0, b1, b2, b3 = bb[16], bb[17], bb[18], bb[19]
		c00 += a0 * b0
		c01 += a0 * b1
		c02 += a0 * b2
		c03 += a0 * b3
		c10 += a1 * b0
		c11 += a1 * b1
		c12 += a1 * b2
		c13 += a1 * b3
		a0, a1 = aa[4], aa[5]
		b0, b1, b2, b3 = bb[32], bb[33], bb[34], bb[35]
		c00 += a0 * b0
		c01 += a0 * b1
		c02 += a0 * b2
		c03 += a0 * b3
		c10 += a1 * b0
		c11 += a1 * b1
		c12 += a1 * b2
		c13 += a1 * b3
		a0, a1 = aa[6], aa[7]
		b0, b1, b2, b3 = bb[48], bb[49], bb[50], bb[51]
		c00 += a0 * b0
		c01 += a0 * b1
		c02 += a0 * b2
		c03 += a0 * b3
		c10 += a1 * b0
		c11 += a1 * b1
		c12 += a1 * b2
		c13 += a1 * b3
		a0, a1 = aa[8], aa[9]
		b0, b1, b2, b3 = bb[64], bb[65], bb[66], bb[67]
		c00 += a0 * b0
		c01 += a0 * b1
		c02 += a0 * b2
		c03 += a0 * b3
		c10 += a1 * b0
		c11 += a1 * b1
		c12 += a1 * b2
		c13 += a1 * b3
		a0, a1 = aa[10], aa[11]
		b0, b1, b2, b3 = bb[80], bb[81], bb[82], bb[83]
		c00 += a0 * b0
		c01 += a0 * b1
		c02 += a0 * b2
		c03 += a0 * b3
		c10 += a1 * b0
		c11 += a1 * b1
		c12 += a1 * b2
		c13 += a1 * b3
		a0, a1 = aa[12], aa[13]
		b0, b1, b2, b3 = bb[96], bb[97], bb[98], bb[99]
		c00 += a0 * b0
		c01 += a0 * b1
		c02 += a0 * b2
		c03 += a0 * b3
		c10 += a1 * b0
		c11 += a1 * b1
		c12 += a1 * b2
		c13 += a1 * b3
		a0, a1 = aa[14], aa[15]
		b0, b1, b2, b3 = bb[112], bb[113], bb[114], bb[115]
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
		bb := (*[4]float32)(b[p*gemmNR:])
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

// kernI32Block computes the 2x4 block as two 2x2 halves: a 2x4 register tile
// needs more general-purpose registers than amd64 has and spills.
func kernI32Block(kc int, a, b []int32) (c [8]int32) {
	{
		var c0, c1, c2, c3 int32 // rows 0,1 x cols 0,1
		p := 0
		for ; p+8 <= kc; p += 8 {
			aa := (*[16]int32)(a[p*2:])
			bb := (*[7*gemmNR + 4]int32)(b[p*gemmNR:])
			c0 += aa[0] * bb[0]
			c1 += aa[0] * bb[1]
			c2 += aa[1] * bb[0]
			c3 += aa[1] * bb[1]
			c0 += aa[2] * bb[16]
			c1 += aa[2] * bb[17]
			c2 += aa[3] * bb[16]
			c3 += aa[3] * bb[17]
			c0 += aa[4] * bb[32]
			c1 += aa[4] * bb[33]
			c2 += aa[5] * bb[32]
			c3 += aa[5] * bb[33]
			c0 += aa[6] * bb[48]
			c1 += aa[6] * bb[49]
			c2 += aa[7] * bb[48]
			c3 += aa[7] * bb[49]
			c0 += aa[8] * bb[64]
			c1 += aa[8] * bb[65]
			c2 += aa[9] * bb[64]
			c3 += aa[9] * bb[65]
			c0 += aa[10] * bb[80]
			c1 += aa[10] * bb[81]
			c2 += aa[11] * bb[80]
			c3 += aa[11] * bb[81]
			c0 += aa[12] * bb[96]
			c1 += aa[12] * bb[97]
			c2 += aa[13] * bb[96]
			c3 += aa[13] * bb[97]
			c0 += aa[14] * bb[112]
			c1 += aa[14] * bb[113]
			c2 += aa[15] * bb[112]
			c3 += aa[15] * bb[113]
		}
		for ; p < kc; p++ {
			aa := (*[2]int32)(a[p*2:])
			bb := (*[4]int32)(b[p*gemmNR:])
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
			bb := (*[7*gemmNR + 4]int32)(b[p*gemmNR:])
			c0 += aa[0] * bb[2]
			c1 += aa[0] * bb[3]
			c2 += aa[1] * bb[2]
			c3 += aa[1] * bb[3]
			c0 += aa[2] * bb[18]
			c1 += aa[2] * bb[19]
			c2 += aa[3] * bb[18]
			c3 += aa[3] * bb[19]
			c0 += aa[4] * bb[34]
			c1 += aa[4] * bb[35]
			c2 += aa[5] * bb[34]
			c3 += aa[5] * bb[35]
			c0 += aa[6] * bb[50]
			c1 += aa[6] * bb[51]
			c2 += aa[7] * bb[50]
			c3 += aa[7] * bb[51]
			c0 += aa[8] * bb[66]
			c1 += aa[8] * bb[67]
			c2 += aa[9] * bb[66]
			c3 += aa[9] * bb[67]
			c0 += aa[10] * bb[82]
			c1 += aa[10] * bb[83]
			c2 += aa[11] * bb[82]
			c3 += aa[11] * bb[83]
			c0 += aa[12] * bb[98]
			c1 += aa[12] * bb[99]
			c2 += aa[13] * bb[98]
			c3 += aa[13] * bb[99]
			c0 += aa[14] * bb[114]
			c1 += aa[14] * bb[115]
			c2 += aa[15] * bb[114]
			c3 += aa[15] * bb[115]
		}
		for ; p < kc; p++ {
			aa := (*[2]int32)(a[p*2:])
			bb := (*[4]int32)(b[p*gemmNR:])
			c0 += aa[0] * bb[2]
			c1 += aa[0] * bb[3]
			c2 += aa[1] * bb[2]
			c3 += aa[1] * bb[3]
		}
		c[2], c[3], c[6], c[7] = c0, c1, c2, c3
	}
	return c
}
