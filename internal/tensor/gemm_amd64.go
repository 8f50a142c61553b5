//go:build amd64 && !purego

package tensor

//go:generate go run gemm_amd64_gen.go

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

// Assembly micro-kernels (gemm_amd64.s), with gemmKernel's contract: a is
// a packed MR-row panel, b a packed gemmNR(=16)-column panel, c the tile's
// first element, ldc its row stride in elements, ldb the distance between
// B's k rows (gemmNR in a packed panel, B's own stride when the kernel
// reads B in place); kc >= 1. The suffix is MR.
//
//   - sgemmKernAVX512: one zmm accumulator per row, A broadcast from memory
//     into VFMADD231PS.
//   - sgemmKernAVX2: two ymm accumulators per row (12 of 16 registers at 6).
//   - igemmKernVNNI: int32, VPDPWSSD (AVX-512 VNNI) with A's low 16 bits
//     broadcast: each lane adds lo16(a)*lo16(b) + 0*hi16(b), which is a*b
//     exactly when both lie in int16 range (gemmKernel.lo16).
//   - igemmKernAVXVNNI: the same with the VEX-encoded VPDPWSSD of AVX-VNNI
//     on ymm registers (CPUs with AVX-VNNI but no AVX-512).
//   - igemmKernAVX2: int32, the same product by VPMADDWD + VPADDD.
//
// All f32 kernels accumulate s = fma(a, b, s) from s = 0 in increasing p,
// so they produce identical bits whatever their MR; a plan picks the MR
// that pads M least (gemmKernel.forRows).

//go:noescape
func sgemmKernAVX512x12(kc int, a, b, c unsafe.Pointer, ldc, ldb int, acc bool)

//go:noescape
func sgemmKernAVX512x8(kc int, a, b, c unsafe.Pointer, ldc, ldb int, acc bool)

//go:noescape
func sgemmKernAVX512x4(kc int, a, b, c unsafe.Pointer, ldc, ldb int, acc bool)

//go:noescape
func sgemmKernAVX2x6(kc int, a, b, c unsafe.Pointer, ldc, ldb int, acc bool)

//go:noescape
func sgemmKernAVX2x3(kc int, a, b, c unsafe.Pointer, ldc, ldb int, acc bool)

// The Ind kernels are the f32 kernels above reading B row p at b +
// off[p] elements (off: kc ints) instead of b + p*ldb.

//go:noescape
func sgemmKernAVX512Indx12(kc int, a, b, c unsafe.Pointer, ldc int, off unsafe.Pointer, acc bool)

//go:noescape
func sgemmKernAVX512Indx8(kc int, a, b, c unsafe.Pointer, ldc int, off unsafe.Pointer, acc bool)

//go:noescape
func sgemmKernAVX512Indx4(kc int, a, b, c unsafe.Pointer, ldc int, off unsafe.Pointer, acc bool)

//go:noescape
func sgemmKernAVX2Indx6(kc int, a, b, c unsafe.Pointer, ldc int, off unsafe.Pointer, acc bool)

//go:noescape
func sgemmKernAVX2Indx3(kc int, a, b, c unsafe.Pointer, ldc int, off unsafe.Pointer, acc bool)

//go:noescape
func igemmKernVNNIx12(kc int, a, b, c unsafe.Pointer, ldc, ldb int, acc bool)

//go:noescape
func igemmKernVNNIx8(kc int, a, b, c unsafe.Pointer, ldc, ldb int, acc bool)

//go:noescape
func igemmKernVNNIx4(kc int, a, b, c unsafe.Pointer, ldc, ldb int, acc bool)

//go:noescape
func igemmKernAVXVNNIx6(kc int, a, b, c unsafe.Pointer, ldc, ldb int, acc bool)

//go:noescape
func igemmKernAVXVNNIx3(kc int, a, b, c unsafe.Pointer, ldc, ldb int, acc bool)

//go:noescape
func igemmKernAVX2x6(kc int, a, b, c unsafe.Pointer, ldc, ldb int, acc bool)

//go:noescape
func igemmKernAVX2x3(kc int, a, b, c unsafe.Pointer, ldc, ldb int, acc bool)

// The RowInd kernels are gemmKernel.runRow.

//go:noescape
func sgemmKernAVX512RowIndx12(kc int, a, b, c unsafe.Pointer, ldc int, off, bias unsafe.Pointer, lo, hi float32, flags int, mask uint32)

//go:noescape
func sgemmKernAVX512RowIndx8(kc int, a, b, c unsafe.Pointer, ldc int, off, bias unsafe.Pointer, lo, hi float32, flags int, mask uint32)

//go:noescape
func sgemmKernAVX512RowIndx4(kc int, a, b, c unsafe.Pointer, ldc int, off, bias unsafe.Pointer, lo, hi float32, flags int, mask uint32)

// The operating system must save the wide registers too; x/sys/cpu reports
// AVX2/AVX-512 only when it does (it checks XCR0).
var (
	hasAVX2    = cpu.X86.HasAVX2 && cpu.X86.HasFMA
	hasAVX512  = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512VL
	hasVNNI    = hasAVX512 && cpu.X86.HasAVX512VNNI
	hasAVXVNNI = hasAVX2 && cpu.X86.HasAVXVNNI
)

// x4Speed is the AVX-512 four-row kernels' throughput per row against
// their family's twelve-row one: 0.6 for float32, 16-bit and u8s8 alike
// (BenchmarkGemmKernel on a Zen 5 EPYC: 113 against 188 GFLOP/s, 117
// against 194 GOP/s). Without it forRows took x4 for any row count it
// padded least, 49 rows (convnext_tiny's 7x7 matmuls) among them, at 0.6
// of x8's rate.
const x4Speed = 0.6

// x8Speed is the AVX-512 eight-row float32 kernel's throughput per row
// against the twelve-row one, as forRows should weigh it: the wide x8
// kernel alone runs at 0.84–0.95 of x12's rate (each B load feeds 8 rows,
// not 12), but x12's partial last row block goes through scratch. At 3%
// padding the two tie or x8 wins (128 and 256 rows: resnet18's 3x3 layers
// at 28x28 and 14x14); under 1% x12 wins by 10–25% (a 1000x169x512
// product, squeezenet's classifier, 1.28–1.46 → 0.98–1.12 ms; 512 rows
// at 7x7 and 28x28). Weighed as equal, x8 took every row count that is a
// multiple of 8 and not of 12; 0.98 puts the switch between the two.
const x8Speed = 0.98

// simdKernelsF32 lists the f32 kernel families this CPU runs, best first;
// each lists its smaller-MR variants in alt.
func simdKernelsF32() []gemmKernel[float32] {
	var ks []gemmKernel[float32]
	if hasAVX512 {
		ks = append(ks, gemmKernel[float32]{name: "avx512", mr: 12, narrow: true, run: sgemmKernAVX512x12, runInd: sgemmKernAVX512Indx12,
			run2: sgemmKernAVX512Wx12, runInd2: sgemmKernAVX512WIndx12, run2Ex: sgemmKernAVX512WExx12, runRow: sgemmKernAVX512RowIndx12, alt: []gemmKernel[float32]{
				{name: "avx512x8", mr: 8, speed: x8Speed, narrow: true, run: sgemmKernAVX512x8, runInd: sgemmKernAVX512Indx8, run2: sgemmKernAVX512Wx8, runInd2: sgemmKernAVX512WIndx8, run2Ex: sgemmKernAVX512WExx8, runRow: sgemmKernAVX512RowIndx8},
				{name: "avx512x4", mr: 4, narrow: true, run: sgemmKernAVX512x4, runInd: sgemmKernAVX512Indx4, run2: sgemmKernAVX512Wx4, runInd2: sgemmKernAVX512WIndx4, run2Ex: sgemmKernAVX512WExx4, runRow: sgemmKernAVX512RowIndx4, speed: x4Speed},
			}})
	}
	if hasAVX2 {
		// x3 keeps 6 accumulators, fewer than the FMA pipes' latency ×
		// width needs: 0.75 of x6's rate on a Zen 3 EPYC (BenchmarkGemmKernel
		// process CPU time, 90 against 67 GFLOP/s), so x6 pads rather.
		ks = append(ks, gemmKernel[float32]{name: "avx2", mr: 6, run: sgemmKernAVX2x6, runInd: sgemmKernAVX2Indx6, alt: []gemmKernel[float32]{
			{name: "avx2x3", mr: 3, run: sgemmKernAVX2x3, runInd: sgemmKernAVX2Indx3, speed: 0.75},
		}})
	}
	return ks
}

// simdKernelsI32 lists the int32 (16-bit operand) kernel families, best
// first.
func simdKernelsI32() []gemmKernel[int32] {
	var ks []gemmKernel[int32]
	if hasVNNI {
		ks = append(ks, gemmKernel[int32]{name: "avx512vnni", mr: 12, lo16: true, run: igemmKernVNNIx12, alt: []gemmKernel[int32]{
			{name: "avx512vnnix8", mr: 8, lo16: true, run: igemmKernVNNIx8},
			{name: "avx512vnnix4", mr: 4, lo16: true, run: igemmKernVNNIx4, speed: x4Speed},
		}})
	}
	if hasAVXVNNI {
		// x3: 0.75 of x6's rate (BenchmarkGemmKernel, Zen 5 EPYC), 0.7
		// for u8s8.
		ks = append(ks, gemmKernel[int32]{name: "avxvnni", mr: 6, lo16: true, run: igemmKernAVXVNNIx6, alt: []gemmKernel[int32]{
			{name: "avxvnnix3", mr: 3, lo16: true, run: igemmKernAVXVNNIx3, speed: 0.75},
		}})
	}
	if hasAVX2 {
		// x3 runs about 0.88 of x6's lane products per second on a Zen
		// EPYC (BenchmarkGemmKernel: 60 against 68 G), so x6 is kept
		// unless it pads more than that costs.
		ks = append(ks, gemmKernel[int32]{name: "avx2", mr: 6, lo16: true, run: igemmKernAVX2x6, alt: []gemmKernel[int32]{
			{name: "avx2x3", mr: 3, lo16: true, run: igemmKernAVX2x3, speed: 0.88},
		}})
	}
	return ks
}

// The wide kernels: sgemmKernAVX512, its Ind form and igemmKernVNNIU8 on
// two 16-column panels at once (MR x 32), same results (gemmKernel.run2).

//go:noescape
func sgemmKernAVX512Wx12(kc int, a, b, c unsafe.Pointer, ldc, ldb int, acc bool)

//go:noescape
func sgemmKernAVX512Wx8(kc int, a, b, c unsafe.Pointer, ldc, ldb int, acc bool)

//go:noescape
func sgemmKernAVX512Wx4(kc int, a, b, c unsafe.Pointer, ldc, ldb int, acc bool)

// sgemmKernAVX512W with the product's bias and clamp in its store
// (gemmKernel.run2Ex).

//go:noescape
func sgemmKernAVX512WExx12(kc int, a, b, c unsafe.Pointer, ldc, ldb int, acc bool, bias unsafe.Pointer, lo, hi float32, flags int)

//go:noescape
func sgemmKernAVX512WExx8(kc int, a, b, c unsafe.Pointer, ldc, ldb int, acc bool, bias unsafe.Pointer, lo, hi float32, flags int)

//go:noescape
func sgemmKernAVX512WExx4(kc int, a, b, c unsafe.Pointer, ldc, ldb int, acc bool, bias unsafe.Pointer, lo, hi float32, flags int)

//go:noescape
func sgemmKernAVX512WIndx12(kc int, a, b, c unsafe.Pointer, ldc int, off unsafe.Pointer, acc bool)

//go:noescape
func sgemmKernAVX512WIndx8(kc int, a, b, c unsafe.Pointer, ldc int, off unsafe.Pointer, acc bool)

//go:noescape
func sgemmKernAVX512WIndx4(kc int, a, b, c unsafe.Pointer, ldc int, off unsafe.Pointer, acc bool)

//go:noescape
func igemmKernVNNIU8Wx12(kc int, a, b, c unsafe.Pointer, ldc, ldb int, acc bool)

//go:noescape
func igemmKernVNNIU8Wx8(kc int, a, b, c unsafe.Pointer, ldc, ldb int, acc bool)

//go:noescape
func igemmKernVNNIU8Wx4(kc int, a, b, c unsafe.Pointer, ldc, ldb int, acc bool)

// The quad kernels (u8s8): igemmKernVNNI and igemmKernAVXVNNI with
// VPDPBUSD, B's lanes four unsigned bytes and A's four signed ones
// (qquads.go).

// The Ind quad kernels read B's quad row p at b + off[p] words (an 8-bit
// convolution's quad planes, qplanes.go).

//go:noescape
func igemmKernVNNIU8Indx12(kc int, a, b, c unsafe.Pointer, ldc int, off unsafe.Pointer, acc bool)

//go:noescape
func igemmKernVNNIU8Indx8(kc int, a, b, c unsafe.Pointer, ldc int, off unsafe.Pointer, acc bool)

//go:noescape
func igemmKernVNNIU8Indx4(kc int, a, b, c unsafe.Pointer, ldc int, off unsafe.Pointer, acc bool)

//go:noescape
func igemmKernVNNIU8WIndx12(kc int, a, b, c unsafe.Pointer, ldc int, off unsafe.Pointer, acc bool)

//go:noescape
func igemmKernVNNIU8WIndx8(kc int, a, b, c unsafe.Pointer, ldc int, off unsafe.Pointer, acc bool)

//go:noescape
func igemmKernVNNIU8WIndx4(kc int, a, b, c unsafe.Pointer, ldc int, off unsafe.Pointer, acc bool)

//go:noescape
func igemmKernVNNIU8x12(kc int, a, b, c unsafe.Pointer, ldc, ldb int, acc bool)

//go:noescape
func igemmKernVNNIU8x8(kc int, a, b, c unsafe.Pointer, ldc, ldb int, acc bool)

//go:noescape
func igemmKernVNNIU8x4(kc int, a, b, c unsafe.Pointer, ldc, ldb int, acc bool)

//go:noescape
func igemmKernAVXVNNIU8x6(kc int, a, b, c unsafe.Pointer, ldc, ldb int, acc bool)

//go:noescape
func igemmKernAVXVNNIU8x3(kc int, a, b, c unsafe.Pointer, ldc, ldb int, acc bool)

// simdKernelsU8S8 lists the quad kernel families, best first; none
// without VNNI (AVX2's VPMADDUBSW saturates).
func simdKernelsU8S8() []gemmKernel[int32] {
	var ks []gemmKernel[int32]
	if hasVNNI {
		ks = append(ks, gemmKernel[int32]{name: "avx512vnni-u8s8", mr: 12, u8s8: true, narrow: true, run: igemmKernVNNIU8x12, run2: igemmKernVNNIU8Wx12,
			runInd: igemmKernVNNIU8Indx12, runInd2: igemmKernVNNIU8WIndx12,
			alt: []gemmKernel[int32]{
				{name: "avx512vnni-u8s8x8", mr: 8, u8s8: true, narrow: true, run: igemmKernVNNIU8x8, run2: igemmKernVNNIU8Wx8,
					runInd: igemmKernVNNIU8Indx8, runInd2: igemmKernVNNIU8WIndx8},
				{name: "avx512vnni-u8s8x4", mr: 4, u8s8: true, narrow: true, run: igemmKernVNNIU8x4, run2: igemmKernVNNIU8Wx4, speed: x4Speed,
					runInd: igemmKernVNNIU8Indx4, runInd2: igemmKernVNNIU8WIndx4},
			}})
	}
	if hasAVXVNNI {
		ks = append(ks, gemmKernel[int32]{name: "avxvnni-u8s8", mr: 6, u8s8: true, run: igemmKernAVXVNNIU8x6, alt: []gemmKernel[int32]{
			{name: "avxvnni-u8s8x3", mr: 3, u8s8: true, run: igemmKernAVXVNNIU8x3, speed: 0.7},
		}})
	}
	return ks
}

//go:noescape
func sgemmNarrow4AVX512(kc int, a unsafe.Pointer, stride int, b, out unsafe.Pointer, mrBytes int)

//go:noescape
func sgemmNarrow1AVX512(kc int, a unsafe.Pointer, stride int, b, out unsafe.Pointer, mrBytes int)

//go:noescape
func igemmNarrow4VNNI(kc int, a unsafe.Pointer, stride int, b, out unsafe.Pointer, mrBytes int)

//go:noescape
func igemmNarrow1VNNI(kc int, a unsafe.Pointer, stride int, b, out unsafe.Pointer, mrBytes int)

// gemmNarrowCols is the most columns gemmNarrow computes.
const gemmNarrowCols = 4

// gemmNarrow computes columns [0, nr) (nr <= gemmNarrowCols) of the
// MR-row tiles of rows [0, mc) over one kc block, as the kernel's run
// would on a zero-padded 16-column panel, without computing the padding:
// a holds the tiles' packed A panels ([kc][mr] each, in row order),
// B[p, j] is b[p*ldb+j], and C[i, j] is c[i*ldc+j], stored or
// accumulated (acc). float32 runs the FMA chains of the float32 panel
// kernels (so the same bits), int32 the VNNI quads of the u8×s8 ones.
func gemmNarrow[T gemmElem](kc, mr, mc int, a, b []T, ldb, nr int, c []T, ldc int, acc bool) {
	if kc <= 0 || kc > gemmKC || mr > 16 || nr <= 0 || nr > gemmNarrowCols || mc <= 0 {
		panic("tensor: narrow gemm: bad shape")
	}
	_, f32 := any(a).([]float32)
	// Direct calls to the kernels: through a func value the stack
	// arrays below would escape.
	kern := func(four bool, ap, bp, op unsafe.Pointer, stride int) {
		switch {
		case f32 && four:
			sgemmNarrow4AVX512(kc, ap, stride, bp, op, mr*4)
		case f32:
			sgemmNarrow1AVX512(kc, ap, stride, bp, op, mr*4)
		case four:
			igemmNarrow4VNNI(kc, ap, stride, bp, op, mr*4)
		default:
			igemmNarrow1VNNI(kc, ap, stride, bp, op, mr*4)
		}
	}
	// B's columns, four to a k step: the kernels read them contiguously.
	var bn [gemmKC * gemmNarrowCols]T
	for p := range kc {
		copy(bn[p*gemmNarrowCols:p*gemmNarrowCols+nr], b[p*ldb:p*ldb+nr])
	}
	var out [4 * gemmNarrowCols * 16]T
	panels := (mc + mr - 1) / mr
	stride := kc * mr
	a = a[:cap(a)] // loads past the last panel read slack (lanes ignored)
	// A load at panel q, step p reads a[q*stride+p*mr:][:16].
	fits := func(q int) bool { return q*stride+(kc-1)*mr+16 <= len(a) }
	// scatter stores panels [q0+skip, q0+np) of out's np.
	scatter := func(q0, np, skip int) {
		for q := skip; q < np; q++ {
			rows := min(mr, mc-(q0+q)*mr)
			for j := range nr {
				s := out[(q*gemmNarrowCols+j)*16:][:rows]
				for i, v := range s {
					e := &c[((q0+q)*mr+i)*ldc+j]
					if acc {
						*e += v
					} else {
						*e = v
					}
				}
			}
		}
	}
	bp, op := unsafe.Pointer(&bn[0]), unsafe.Pointer(&out[0])
	q := 0
	for ; q+4 <= panels && fits(q+3); q += 4 {
		kern(true, unsafe.Pointer(&a[q*stride]), bp, op, stride*4)
		scatter(q, 4, 0)
	}
	if q < panels && panels >= 4 && fits(panels-1) {
		// The last one to three panels: the last four, of which the
		// first are computed again and not stored.
		q0 := panels - 4
		kern(true, unsafe.Pointer(&a[q0*stride]), bp, op, stride*4)
		scatter(q0, 4, q-q0)
		q = panels
	}
	for ; q < panels; q++ {
		ap := a[q*stride:]
		if !fits(q) {
			// The last panel ends the buffer: a copy with room for the
			// 16-value loads.
			pool := &scratchF32
			if !f32 {
				pool = &scratchI32
			}
			buf := getScratch[T](pool, stride+16)
			copy(*buf, ap[:stride])
			ap = *buf
			defer pool.Put(buf)
		}
		kern(false, unsafe.Pointer(&ap[0]), bp, op, 0)
		scatter(q, 1, 0)
	}
}
