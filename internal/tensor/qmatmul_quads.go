package tensor

import (
	"encoding/binary"
	"fmt"
	"sync/atomic"
	"unsafe"
)

// Quantized matrix products a [M, K] × b [K, N] through the quad kernel
// (gemmKernel.u8s8, VPDPBUSD) with the activation a as the kernel's A and
// the weight b packed once as its B. The kernel reads A's bytes as signed
// and B's as unsigned, the reverse of a uint8 activation by an int8
// weight, so both are flipped: A' = a ^ fa (a uint8 read as a − 128), B' =
// b ^ fb (an int8 read as b + 128), their zero points zA', zB' moved alike:
//
//	Σ_p (a − zA)(b − zB) = Σ_p (A' − zA')(B' − zB')
//	                     = Σ A'B' − zB'·ΣA'[i] − zA'·ΣB'[j] + K·zA'·zB'.
//
// The row term goes into the plan's per-row bias and the column term is
// added after (or folded into a requantization's per-column bias). Every
// term is exact modulo 2^32 and int32 sums wrap alike, so the results are
// those of the pair path bit for bit. b must have one zero point for all
// columns (a symmetric weight's 0).

// PackedMatMulInteger is an 8-bit [K, N] matmul weight packed for the quad
// kernel (PackMatMulInteger).
type PackedMatMulInteger struct {
	b      *Tensor
	zero   int32 // b's zero point, every column
	k, n   int
	kq     int     // quad rows, ceil(K/4)
	panels []int32 // B' in gemmPlan.sharedB's layout
	colSum []int32 // Σ_p B'[p, j]
	zB     int32   // zB' = zero + fb
}

// Weight is the weight pb was packed from.
func (pb *PackedMatMulInteger) Weight() *Tensor { return pb.b }

// PackMatMulInteger packs the 2-D 8-bit weight b of a quantized matmul
// with zero points bZero (none, or the same for every column) for the
// quad kernel, or returns nil when the kernel does not run here or does
// not take b.
func PackMatMulInteger(b *Tensor, bZero []int32) *PackedMatMulInteger {
	if !quadsAvailable() || !isInt8Storage(b.dtype) || len(b.shape) != 2 || b.Len() == 0 {
		return nil
	}
	zero := zeroAt(bZero, 0)
	for _, z := range bZero {
		if z != zero {
			return nil
		}
	}
	k, n := int(b.shape[0]), int(b.shape[1])
	pb := &PackedMatMulInteger{b: b, zero: zero, k: k, n: n, kq: (k + 3) / 4, colSum: make([]int32, n)}
	switch bv := b.data.(type) {
	case []int8:
		if zero < -128 || zero > 127 {
			return nil
		}
		pb.zB = zero + 128
		packQuadB(pb, bv, 0x80)
	case []uint8:
		if zero < 0 || zero > 255 {
			return nil
		}
		pb.zB = zero
		packQuadB(pb, bv, 0)
	}
	return pb
}

// packQuadB fills pb.panels and pb.colSum from b's bytes XORed with flip.
func packQuadB[T int8 | uint8](pb *PackedMatMulInteger, b []T, flip byte) {
	n16 := (pb.n + gemmNR - 1) / gemmNR * gemmNR
	pb.panels = make([]int32, pb.kq*n16)
	for pc := 0; pc < pb.kq; pc += gemmKC {
		kc := min(gemmKC, pb.kq-pc)
		block := pb.panels[pc*n16:]
		for p := range kc {
			q := 4 * (pc + p)
			for j := range pb.n {
				var w [4]byte // rows past K stay 0: A's bytes there are 0
				for t := range 4 {
					if q+t < pb.k {
						w[t] = byte(b[(q+t)*pb.n+j]) ^ flip
						pb.colSum[j] += int32(w[t])
					}
				}
				block[(j/gemmNR)*kc*gemmNR+p*gemmNR+j%gemmNR] = quadWord(w[0], w[1], w[2], w[3], 0)
			}
		}
	}
}

// quadActivation reports how the kernel reads an activation of type dt
// with zero point z: its flip and its zero point after the flip, and
// whether z is a stored value at all.
func quadActivation(dt DType, z int32) (flip byte, zq int32, ok bool) {
	switch dt {
	case U8:
		return 0x80, z - 128, z >= 0 && z <= 255
	case I8:
		return 0, z, z >= -128 && z <= 127
	}
	return 0, 0, false
}

// matMulQuadsInto computes acc = Σ_p (a − aZero)(b − zB) for a's m rows
// of K values (a's batch folded into its rows) through the quad kernel
// with pb's weight, and reports whether it could take a. foldCols and
// foldRows, when not nil (N and m values), receive the column term
// −zA'·ΣB'[j] and the row term (the constant with it) instead of their
// being added to acc.
func matMulQuadsInto(acc []int32, a *Tensor, aZero int32, pb *PackedMatMulInteger, m int, foldCols, foldRows []int32) bool {
	fa, za, ok := quadActivation(a.dtype, aZero)
	if !ok || m*pb.k != a.Len() || len(acc) < m*pb.n {
		return false
	}
	rowBias := foldRows
	if rowBias == nil {
		biasBuf := getScratch[int32](&scratchI32, m)
		defer scratchI32.Put(biasBuf)
		rowBias = *biasBuf
	}
	constant := int32(pb.k) * za * pb.zB
	switch av := a.data.(type) {
	case []uint8:
		rowSumsFlipped(rowBias, av, pb.k, fa)
	case []int8:
		rowSumsFlipped(rowBias, av, pb.k, fa)
	}
	for i, s := range rowBias {
		rowBias[i] = constant - pb.zB*s
	}
	// One row (a classifier's batch of one) streams the weight once;
	// more go through the GEMM plan.
	if m != 1 || !gemvQuadsInto(acc, a, fa, pb, foldRows == nil, rowBias[0]) {
		matMulQuadsPlan(acc, a, fa, pb, m, rowBias, foldRows == nil)
	}
	if foldCols != nil {
		for j, s := range pb.colSum {
			foldCols[j] = -za * s
		}
		return true
	}
	for i := range m {
		row := acc[i*pb.n : (i+1)*pb.n]
		for j, s := range pb.colSum {
			row[j] -= za * s
		}
	}
	return true
}

// gemvQuadsInto sets acc's N sums for one row a through gemvQuadsFast:
// the flipped quads of a against each kc block's panels, the panels
// shared among the threads, plus rowBias where addRow is set. It reports
// whether it ran (a CPU with VNNI).
func gemvQuadsInto(acc []int32, a *Tensor, fa byte, pb *PackedMatMulInteger, addRow bool, rowBias int32) bool {
	if !gemvQuadsAvailable() {
		return false
	}
	var bytes []byte
	switch av := a.data.(type) {
	case []uint8:
		bytes = av
	case []int8:
		bytes = unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(av))), len(av))
	}
	if len(bytes) < pb.k {
		return false
	}
	aqBuf := getScratch[int32](&scratchI32, pb.kq)
	defer scratchI32.Put(aqBuf)
	aq := *aqBuf
	// The row's quads as a one-row panel (past K: 0, against B's zero
	// rows).
	packAQuads(bytes, pb.k, pb.k, fa)(aq, &oneRowQuads, 0, 1, 0, pb.kq)
	n16 := (pb.n + gemmNR - 1) / gemmNR * gemmNR
	panels := n16 / gemmNR
	sumBuf := getScratch[int32](&scratchI32, n16)
	defer scratchI32.Put(sumBuf)
	sums := *sumBuf
	clear(sums)
	const group = 8        // panels a tile: 128 columns
	var failed atomic.Bool // set by any tile the kernel did not take
	Parallel((panels+group-1)/group, 2*float64(pb.k)*float64(pb.n), func(t int) {
		p0, np := t*group, min(group, panels-t*group)
		for pc := 0; pc < pb.kq; pc += gemmKC {
			kc := min(gemmKC, pb.kq-pc)
			if !gemvQuadsFast(sums[p0*gemmNR:], aq[pc:], pb.panels[pc*n16+p0*kc*gemmNR:], kc, np) {
				failed.Store(true)
			}
		}
	})
	if failed.Load() {
		return false
	}
	if !addRow {
		rowBias = 0
	}
	for j := range pb.n {
		acc[j] = sums[j] + rowBias
	}
	return true
}

// oneRowQuads is the panel shape packAQuads packs a single row's quads
// in: one row, quad p at p.
var oneRowQuads = gemmKernel[int32]{mr: 1}

// matMulQuadsPlan sets acc's m rows of sums through the quad kernel's
// GEMM plan, with rowBias added where addRow is set.
func matMulQuadsPlan(acc []int32, a *Tensor, fa byte, pb *PackedMatMulInteger, m int, rowBias []int32, addRow bool) {
	// A is packed once for every column strip of the product.
	kr := kernU8S8.forRows(m)
	mPad := (m + kr.mr - 1) / kr.mr * kr.mr
	apBuf := getScratch[int32](&scratchI32, mPad*pb.kq+16) // slack: the narrow kernels' last loads
	defer scratchI32.Put(apBuf)
	ap := &packedA[int32]{kern: kr.name, mr: kr.mr, m: m, k: pb.kq, data: (*apBuf)[:mPad*pb.kq]}
	plan := quadPlans.Get().(*gemmPlan[int32])
	*plan = gemmPlan[int32]{m: m, n: pb.n, k: pb.kq, kern: kernU8S8, c: acc, ldc: pb.n, sharedB: pb.panels, aPanels: ap}
	if addRow {
		plan.bias = rowBias
	}
	switch av := a.data.(type) {
	case []uint8:
		packQuadPanels(ap.data, av, m, pb.k, kr.mr, fa)
		plan.packA = packAQuads(av, pb.k, pb.k, fa)
	case []int8:
		packQuadPanels(ap.data, av, m, pb.k, kr.mr, fa)
		plan.packA = packAQuads(av, pb.k, pb.k, fa)
	}
	plan.run()
	*plan = gemmPlan[int32]{}
	quadPlans.Put(plan)
}

// packQuadPanels packs all of an m x k 8-bit A (rows of k, XORed with
// flip) for a quad kernel of mr-row panels as packedA lays it out (kc
// block pc at pc·mPad): what packAQuads writes block by block, a panel's
// k step at a time so that its stores are sequential (whole panels'
// runs of sixteen quads in registers where the CPU has AVX-512).
func packQuadPanels[TA int8 | uint8](dst []int32, a []TA, m, k, mr int, flip byte) {
	kq := (k + 3) / 4
	mPad := (m + mr - 1) / mr * mr
	f4 := uint32(flip) * 0x01010101
	bytes := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(a))), len(a))
	whole := k / 4 // quads wholly within a row
	var rows [gemmMaxMR][]byte
	for pc := 0; pc < kq; pc += gemmKC {
		kc := min(gemmKC, kq-pc)
		pw := min(kc, max(0, whole-pc))
		block := dst[pc*mPad:]
		for ir := 0; ir < m; ir += mr {
			d := block[(ir/mr)*kc*mr:][:kc*mr]
			live := min(mr, m-ir)
			for r := range live {
				rows[r] = bytes[(ir+r)*k : (ir+r+1)*k]
			}
			p0 := 0
			if live == mr {
				p0 = quadPanelFast(d, bytes[ir*k+4*pc:], k, mr, pw, flip)
			}
			for p := p0; p < pw; p++ {
				o, dd := 4*(pc+p), d[p*mr:(p+1)*mr]
				for r := range live {
					dd[r] = int32(binary.LittleEndian.Uint32(rows[r][o:o+4]) ^ f4)
				}
				clear(dd[live:])
			}
			for p := pw; p < kc; p++ { // the last, partial quad
				q, dd := 4*(pc+p), d[p*mr:(p+1)*mr]
				for r := range live {
					var b [4]byte
					for t := range 4 {
						if q+t < k {
							b[t] = rows[r][q+t] ^ flip
						}
					}
					dd[r] = quadWord(b[0], b[1], b[2], b[3], 0)
				}
				clear(dd[live:])
			}
		}
	}
}

// rowSumsFlipped sets sums[i] = Σ_p int8(a[i, p] ^ flip) over rows of k:
// row i's bytes as the kernel reads them. int8(b ^ flip) is
// (b ^ flip ^ 0x80) − 128 with the first term an unsigned byte, summed
// eight at a time in 16-bit lanes.
func rowSumsFlipped[T int8 | uint8](sums []int32, a []T, k int, flip byte) {
	x := flip ^ 0x80
	if len(sums) > 0 && k > 0 {
		_ = a[len(sums)*k-1] // the bytes the view below spans
		if rowSumsFast(sums, unsafe.Slice((*byte)(unsafe.Pointer(&a[0])), len(sums)*k), k, x) {
			return
		}
	}
	x8 := uint64(x) * 0x0101010101010101
	const lanes = 0x00ff00ff00ff00ff
	for i := range sums {
		if k == 0 {
			sums[i] = 0
			continue
		}
		row := unsafe.Slice((*byte)(unsafe.Pointer(&a[i*k])), k)
		var total uint32
		p := 0
		for p+8 <= k {
			// At most 128 words per run: a 16-bit lane gains ≤ 510 each.
			var acc uint64
			for end := min(k&^7, p+8*128); p < end; p += 8 {
				w := binary.LittleEndian.Uint64(row[p:]) ^ x8
				acc += w&lanes + w>>8&lanes
			}
			acc = acc&0x0000ffff0000ffff + acc>>16&0x0000ffff0000ffff
			total += uint32(acc + acc>>32)
		}
		for ; p < k; p++ {
			total += uint32(row[p] ^ x)
		}
		sums[i] = int32(total) - 128*int32(k)
	}
}

// MatMulIntegerPackedInto is MatMulIntegerInto with the 2-D weight b
// packed by PackMatMulInteger (b and bZero are then pb's); a nil pb, or
// one the quad kernel cannot use here, computes as MatMulIntegerInto.
func MatMulIntegerPackedInto(acc []int32, a *Tensor, aZero int32, b *Tensor, bZero []int32, pb *PackedMatMulInteger) error {
	if pb != nil {
		b = pb.b
		bZero = []int32{pb.zero}
	}
	batch, m, n, _, _, err := integerMatMulShapes(len(acc), a, b, bZero)
	if err != nil {
		return err
	}
	if pb != nil && len(b.shape) == 2 && ShapeEqual(matBatchShape(a.shape), batch) {
		for _, d := range batch {
			m *= int(d)
		}
		if m*n == 0 || matMulQuadsInto(acc, a, aZero, pb, m, nil, nil) {
			return nil
		}
	}
	return MatMulIntegerInto(acc, a, aZero, b, bZero)
}

// MatMulIntegerRequantInto is MatMulIntegerPackedInto followed by
// r.RequantizeMatMul(dst, acc, N): on the quad path the column term goes
// into the requantization's bias instead of a pass over acc. acc is
// working storage whose contents afterwards are unspecified.
func MatMulIntegerRequantInto(dst *Tensor, acc []int32, a *Tensor, aZero int32, b *Tensor, bZero []int32, pb *PackedMatMulInteger, r *Requantizer) error {
	if pb == nil {
		if err := MatMulIntegerInto(acc, a, aZero, b, bZero); err != nil {
			return err
		}
		return r.RequantizeMatMul(dst, acc, int(b.shape[len(b.shape)-1]))
	}
	batch, m, n, _, _, err := integerMatMulShapes(len(acc), a, pb.b, []int32{pb.zero})
	if err != nil {
		return err
	}
	if err := r.check(n); err != nil {
		return err
	}
	if dst.Len() != len(acc) {
		return fmt.Errorf("tensor: integer matmul: %d outputs for %d accumulators", dst.Len(), len(acc))
	}
	if !ShapeEqual(matBatchShape(a.shape), batch) {
		return MatMulIntegerRequantInto(dst, acc, a, aZero, pb.b, []int32{pb.zero}, nil, r)
	}
	for _, d := range batch {
		m *= int(d)
	}
	if m*n == 0 {
		return nil
	}
	cols, rows := getScratch[int32](&scratchI32, n), getScratch[int32](&scratchI32, m)
	defer scratchI32.Put(cols)
	defer scratchI32.Put(rows)
	if !matMulQuadsInto(acc, a, aZero, pb, m, *cols, *rows) {
		return MatMulIntegerRequantInto(dst, acc, a, aZero, pb.b, []int32{pb.zero}, nil, r)
	}
	for j := range *cols {
		(*cols)[j] += r.biasAt(j)
	}
	rb := *r
	rb.Bias = *cols
	return rb.requantizeMatMulRows(dst, acc, n, *rows)
}
