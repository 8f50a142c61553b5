//go:build amd64 && !purego

package tensor

//go:noescape
func phaseRowsAVX512(dst, src *float32, rows, wq, lo, hi, srcStride, sw int)

// phaseRowsAvailable reports whether phaseRowsFast runs here (for
// shapes it takes).
func phaseRowsAvailable() bool { return hasAVX512 }

// phaseRowsFast writes rows phase-plane rows of wq values to dst, as
// phasePlanesOf does for rows inside the image: zero in [0, lo) and
// [hi, wq), dst[r·wq + j] = src[r·srcStride + (j−lo)·sw] for j in
// [lo, hi). It reports false, having written nothing, where it has no
// kernel for the shape (no AVX-512, stride over 2, pads over 16 values).
func phaseRowsFast(dst, src []float32, rows, wq, lo, hi, srcStride, sw int) bool {
	if !hasAVX512 || rows <= 0 || sw < 1 || sw > 2 || lo < 0 || lo > 16 || hi <= lo || hi > wq || wq-hi > 16 {
		return false
	}
	if len(dst) < rows*wq || len(src) < (rows-1)*srcStride+(hi-lo-1)*sw+1 {
		return false
	}
	phaseRowsAVX512(&dst[0], &src[0], rows, wq, lo, hi, srcStride, sw)
	return true
}

//go:noescape
func prefetchBlocksT0(p *float32, blocks, blockBytes, stride int)

// prefetchBlocks asks the caches for blocks runs of n values, stride
// values apart, from x[0] on: a band's input while the band before it
// computes. Nothing past x is asked for.
func prefetchBlocks(x []float32, blocks, n, stride int) {
	if blocks <= 0 || n <= 0 || len(x) < (blocks-1)*stride+n {
		return
	}
	prefetchBlocksT0(&x[0], blocks, 4*n, 4*stride)
}
