package tensor

import "math"

// Q8Columns is a constant K×N float32 matrix whose every element is
// exactly float32(q)·scale[n] for an int8 q: a classifier's weight in a
// QDQ model, dcast per output channel (and transposed). MatMulQ8Columns
// reads its k rows as bytes, a quarter of the float32 matrix, and makes
// each element in a register with the rounding the dequantization had,
// so a one-row product streams 1.3 MB rather than 5 MB (mobilenet_v2's
// 1280×1000) and gives the float32 product's bits.
type Q8Columns struct {
	k, n  int
	q     []int8 // k rows of n
	scale []float32
}

// NewQ8Columns returns b (rank 2, float32, K×N) as int8 rows q (K×N,
// row-major) and per-column scales, or nil when some element of b is not
// bit for bit float32(q)·scale, or the CPU has no fused row update.
func NewQ8Columns(b *Tensor, q []int8, scale []float32) *Q8Columns {
	if !haveFaxpy || kernF32.goRun != nil || !gemmInPlaceB || b.dtype != F32 || len(b.shape) != 2 {
		return nil
	}
	k, n := int(b.shape[0]), int(b.shape[1])
	bv := b.data.([]float32)
	if len(q) != k*n || len(scale) != n {
		return nil
	}
	for p := range k {
		row, qr := bv[p*n:(p+1)*n], q[p*n:(p+1)*n]
		for j, v := range row {
			if math.Float32bits(float32(qr[j])*scale[j]) != math.Float32bits(v) {
				return nil
			}
		}
	}
	return &Q8Columns{k: k, n: n, q: q, scale: scale}
}

// MatMulQ8Columns is MatMul(a, B) for a of one row ([1, K]) and B the
// matrix b stands for, with the same bits: gemvF32's kc blocks
// (gemvBlocks, shared among the threads as gemvF32 shares them), each
// row's fused multiply-adds in increasing k. ok is false (nothing
// computed) for any other a.
func MatMulQ8Columns(a *Tensor, b *Q8Columns) (out *Tensor, ok bool, err error) {
	if a.dtype != F32 || len(a.shape) != 2 || a.shape[0] != 1 || int(a.shape[1]) != b.k {
		return nil, false, nil
	}
	out, err = Alloc(F32, []int64{1, int64(b.n)})
	if err != nil {
		return nil, false, err
	}
	av := a.data.([]float32)
	blocks := gemvBlocks
	if gemvBlocksSplit(b.n, b.k) {
		blocks = gemvBlocksParallel
	}
	blocks(b.k, out.data.([]float32), false, func(pc, kc int, s []float32) {
		p := 0
		// Four rows a pass over the sums where the CPU can: each sum
		// gets the same fused multiply-adds in the same order.
		for p+4 <= kc && faxpy4Q8((*[4]float32)(av[pc+p:]), b.q[(pc+p)*b.n:], b.n, b.scale, s) {
			p += 4
		}
		for ; p < kc; p++ {
			faxpyQ8(av[pc+p], b.q[(pc+p)*b.n:], b.scale, s)
		}
	})
	return out, true, nil
}
