package tensor

import (
	"fmt"
	"sync"
)

// Integer accumulation of quantized convolutions and matrix products (the
// interpreter's quantized core.conv2d and core.matmul): Σ (x − xZero) ×
// (w − wZero) in int32 with two's-complement wrap-around, into a caller's
// buffer so a steady-state run reuses it. 8-bit operands go through the
// int8 GEMM (GemmInt8's VNNI / AVX2 kernels, an implicit im2col for
// convolutions); 16-bit storage, and anything the GEMM does not take, is
// computed by a direct loop. Both give the same int32 values: wrap-around
// sums do not depend on their order. Where 16-bit operands could wrap,
// callers check IntegerAccFits32 and take the int64 kernels (qwide.go).

func isInt8Storage(dt DType) bool { return dt == I8 || dt == U8 }
func isIntStorage(dt DType) bool  { return dt == I8 || dt == U8 || dt == I16 || dt == U16 }
func zeroAt32(z []int32, i int) int32 {
	switch len(z) {
	case 0:
		return 0
	case 1:
		return z[0]
	}
	return z[i]
}

// ConvIntegerOutShape is the [N, M, OH, OW] shape of ConvIntegerInto.
func ConvIntegerOutShape(xs, ws []int64, p Conv2DParams) ([]int64, error) {
	var g convGeom
	if err := convGeometryInto(&g, xs, ws, p); err != nil {
		return nil, err
	}
	return []int64{int64(g.n), int64(g.m), int64(g.oh), int64(g.ow)}, nil
}

// ConvIntegerInto writes Σ (x − xZero)·(w − wZero[m]) of the convolution
// of x (NCHW) with w (OIHW), both of 8- or 16-bit integers, into acc
// (length N·M·OH·OW). wZero has 0, 1 or M entries. Padding contributes 0,
// as if filled with xZero.
func ConvIntegerInto(acc []int32, x *Tensor, xZero int32, w *Tensor, wZero []int32, p Conv2DParams) error {
	_, err := convIntegerInto(acc, x, xZero, w, wZero, p, nil, nil)
	return err
}

// convIntegerInto is ConvIntegerInto with the weight packed in pw, if it
// is not nil; with req, the GEMM path also requantizes each finished
// tile (the depthwise path each finished plane tile), and fused reports
// that it did.
func convIntegerInto(acc []int32, x *Tensor, xZero int32, w *Tensor, wZero []int32, p Conv2DParams, pw *PackedConvInteger, req *tileRequant) (fused bool, err error) {
	if !isIntStorage(x.dtype) || !isIntStorage(w.dtype) {
		return false, fmt.Errorf("tensor: integer conv2d of %v and %v (want 8- or 16-bit integers)", x.dtype, w.dtype)
	}
	g := convGeoms.Get().(*convGeom)
	defer func() { *g = convGeom{}; convGeoms.Put(g) }()
	if err := convGeometryInto(g, x.shape, w.shape, p); err != nil {
		return false, err
	}
	if l := len(wZero); l > 1 && l != g.m {
		return false, fmt.Errorf("tensor: integer conv2d: %d weight zero points for %d output channels", l, g.m)
	}
	if len(acc) != g.n*g.m*g.oh*g.ow {
		return false, fmt.Errorf("tensor: integer conv2d: output of %d elements, want %d", len(acc), g.n*g.m*g.oh*g.ow)
	}
	if len(acc) == 0 {
		return false, nil
	}
	// The GEMM pays when a group has several output channels; depthwise
	// (one input and output channel per group) is a direct loop.
	if isInt8Storage(x.dtype) && isInt8Storage(w.dtype) && g.mg > 1 && fitsInt16(wZero) && fitsInt16([]int32{xZero}) {
		var packs []*packedA[int32]
		var cq *convQuads
		if pw != nil {
			packs, cq = pw.a, pw.quads
		}
		if g.cg*g.kh*g.kw > 0 && convIntegerQuads(g, acc, x, xZero, w, wZero, cq, req) {
			return req != nil, nil
		}
		return convIntegerGemm(g, acc, x, xZero, w, wZero, packs, req), nil
	}
	if isInt8Storage(x.dtype) && isInt8Storage(w.dtype) && convDepthwiseQuads(g, acc, x, xZero, w, wZero, req, pw) {
		return req != nil, nil
	}
	if isInt8Storage(x.dtype) && isInt8Storage(w.dtype) && fitsInt16(wZero) && fitsInt16([]int32{xZero}) &&
		convDepthwiseInt8(g, acc, x, xZero, w, wZero, req) {
		return req != nil, nil
	}
	switch xv := x.data.(type) {
	case []int8:
		convDirectW(g, acc, xv, xZero, w, wZero)
	case []uint8:
		convDirectW(g, acc, xv, xZero, w, wZero)
	case []int16:
		convDirectW(g, acc, xv, xZero, w, wZero)
	case []uint16:
		convDirectW(g, acc, xv, xZero, w, wZero)
	}
	return false, nil
}

type storageInt interface{ int8 | uint8 | int16 | uint16 }

func convDirectW[TX storageInt](g *convGeom, acc []int32, xv []TX, xZero int32, w *Tensor, wZero []int32) {
	switch wv := w.data.(type) {
	case []int8:
		convIntegerDirect(g, acc, xv, xZero, wv, wZero)
	case []uint8:
		convIntegerDirect(g, acc, xv, xZero, wv, wZero)
	case []int16:
		convIntegerDirect(g, acc, xv, xZero, wv, wZero)
	case []uint16:
		convIntegerDirect(g, acc, xv, xZero, wv, wZero)
	}
}

func convIntegerGemm(g *convGeom, acc []int32, x *Tensor, xZero int32, w *Tensor, wZero []int32, packs []*packedA[int32], req *tileRequant) (fused bool) {
	k := g.cg * g.kh * g.kw
	ohw := g.oh * g.ow
	pairs := pairsFor(kernI32)
	kp := k
	if pairs {
		kp = (k + 1) / 2
	}
	pb := getPadBufs()
	defer padPool.Put(pb)
	pad8, padU8 := &pb.i8, &pb.u8
	for n := range g.n {
		for gr := range g.groups {
			lo, hi := (n*g.c+gr*g.cg)*g.h*g.w, (n*g.c+(gr+1)*g.cg)*g.h*g.w
			plan := &gemmPlan[int32]{m: g.mg, n: ohw, k: kp, kern: kernI32, c: acc[(n*g.m+gr*g.mg)*ohw:], ldc: ohw}
			if gr < len(packs) {
				plan.aPanels = packs[gr]
			}
			if req != nil && kp > 0 {
				// The sums go from each tile's scratch to the output.
				req.requantTiles(plan, n*g.m+gr*g.mg, gr*g.mg, ohw, 0)
			}
			wzg := wZero
			if len(wZero) > 1 {
				wzg = wZero[gr*g.mg : (gr+1)*g.mg]
			}
			switch wv := w.data.(type) {
			case []int8:
				plan.packA = packAIntGroup(wv[gr*g.mg*k:], k, wzg, pairs)
			case []uint8:
				plan.packA = packAIntGroup(wv[gr*g.mg*k:], k, wzg, pairs)
			}
			switch xv := x.data.(type) {
			case []int8:
				plan.packB = convPackBInt(g, xv[lo:hi], xZero, k, pairs, pad8)
			case []uint8:
				plan.packB = convPackBInt(g, xv[lo:hi], xZero, k, pairs, padU8)
			}
			plan.run()
		}
	}
	return req != nil && kp > 0
}

// padPool recycles the padded input planes of convIntegerGemm.
var padPool sync.Pool

type padBufs struct {
	i8 []int8
	u8 []uint8
}

// padBufOf is pb's buffer for T.
func padBufOf[T int8 | uint8](pb *padBufs) *[]T {
	if b, ok := any(&pb.u8).(*[]T); ok {
		return b
	}
	return any(&pb.i8).(*[]T)
}

func getPadBufs() *padBufs {
	if pb, _ := padPool.Get().(*padBufs); pb != nil {
		return pb
	}
	return &padBufs{}
}

// packAIntGroup packs a group's k-deep weight rows, in pairs or not.
func packAIntGroup[TA int8 | uint8](a []TA, k int, wZero []int32, pairs bool) packAFunc[int32] {
	if pairs {
		return packAIntPairs(a, k, k, wZero)
	}
	return packAInt(a, k, wZero)
}

// convPackBInt packs a group's im2col matrix of depth k, in pairs or not.
// With pairs and a zero point of x's type, the input is first copied
// into padded planes (in pad, reused across groups).
func convPackBInt[TIn int8 | uint8](g *convGeom, x []TIn, xZero int32, k int, pairs bool, pad *[]TIn) func(dst []int32, j0, nc, p0, kc int) {
	if pairs {
		if hp, wp, ok := padInputFits(g); ok && int32(TIn(xZero)) == xZero {
			return convPackPairsPadded(g, padInput(g, x, TIn(xZero), hp, wp, pad), TIn(xZero), k)
		}
		return convPackPairs(g, x, xZero, k)
	}
	return convPackB[TIn, int32](g, x, xZero)
}

// convIntegerDirect is the loop over output elements and their windows.
func convIntegerDirect[TX, TW storageInt](g *convGeom, acc []int32, xv []TX, xZero int32, wv []TW, wZero []int32) {
	k := g.cg * g.kh * g.kw
	i := 0
	for n := range g.n {
		for m := range g.m {
			gr := m / g.mg
			wz := zeroAt32(wZero, m)
			wm := wv[m*k : (m+1)*k]
			for oy := range g.oh {
				for ox := range g.ow {
					var s int32
					for c := range g.cg {
						img := xv[(n*g.c+gr*g.cg+c)*g.h*g.w:]
						for ki := range g.kh {
							iy := oy*g.sh - g.pt + ki*g.dh
							if iy < 0 || iy >= g.h {
								continue
							}
							for kj := range g.kw {
								ix := ox*g.sw - g.pl + kj*g.dw
								if ix < 0 || ix >= g.w {
									continue
								}
								s += (int32(img[iy*g.w+ix]) - xZero) * (int32(wm[(c*g.kh+ki)*g.kw+kj]) - wz)
							}
						}
					}
					acc[i] = s
					i++
				}
			}
		}
	}
}

// MatMulIntegerOutShape is the result shape of MatMulIntegerInto.
func MatMulIntegerOutShape(as, bs []int64) ([]int64, error) {
	_, _, _, _, out, err := matmulShapes(as, bs)
	return out, err
}

// MatMulIntegerInto writes Σ_k (a − aZero)·(b − bZero[n]) of the batched
// matrix product a [..., M, K] × b [..., K, N] (batch dimensions
// broadcast, both of rank 2 or more, 8- or 16-bit integers) into acc. bZero
// has 0, 1 or N entries (per column).
func MatMulIntegerInto(acc []int32, a *Tensor, aZero int32, b *Tensor, bZero []int32) error {
	batch, m, n, k, _, err := integerMatMulShapes(len(acc), a, b, bZero)
	if err != nil {
		return err
	}
	var ao, bo []int
	if len(b.shape) == 2 && len(batch) > 0 && ShapeEqual(matBatchShape(a.shape), batch) {
		// A shared 2-D right operand: a's batch folds into the rows (a
		// transformer's [tokens, 1, features] × weights), one product.
		for _, d := range batch {
			m *= int(d)
		}
		if m > 0 {
			ao, bo = []int{0}, []int{0}
		}
	} else {
		ao, bo = batchOffsets(matBatchShape(a.shape), batch), batchOffsets(matBatchShape(b.shape), batch)
	}
	gemm := isInt8Storage(a.dtype) && isInt8Storage(b.dtype) && fitsInt16(bZero) && fitsInt16([]int32{aZero})
	az := []int32{aZero}
	for i := range ao {
		cc := acc[i*m*n : (i+1)*m*n]
		aoff, boff := ao[i]*m*k, bo[i]*k*n
		if !gemm {
			switch x := a.data.(type) {
			case []int8:
				matDirectB(cc, x[aoff:], aZero, b, boff, bZero, m, n, k)
			case []uint8:
				matDirectB(cc, x[aoff:], aZero, b, boff, bZero, m, n, k)
			case []int16:
				matDirectB(cc, x[aoff:], aZero, b, boff, bZero, m, n, k)
			case []uint16:
				matDirectB(cc, x[aoff:], aZero, b, boff, bZero, m, n, k)
			}
			continue
		}
		switch x := a.data.(type) {
		case []int8:
			switch y := b.data.(type) {
			case []int8:
				err = GemmInt8(m, n, k, x[aoff:], max(k, 1), az, y[boff:], max(n, 1), bZero, cc, max(n, 1), false)
			case []uint8:
				err = GemmInt8(m, n, k, x[aoff:], max(k, 1), az, y[boff:], max(n, 1), bZero, cc, max(n, 1), false)
			}
		case []uint8:
			switch y := b.data.(type) {
			case []int8:
				err = GemmInt8(m, n, k, x[aoff:], max(k, 1), az, y[boff:], max(n, 1), bZero, cc, max(n, 1), false)
			case []uint8:
				err = GemmInt8(m, n, k, x[aoff:], max(k, 1), az, y[boff:], max(n, 1), bZero, cc, max(n, 1), false)
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func matDirectB[TA storageInt](c []int32, a []TA, aZero int32, b *Tensor, boff int, bZero []int32, m, n, k int) {
	switch y := b.data.(type) {
	case []int8:
		matDirect(c, a, aZero, y[boff:], bZero, m, n, k)
	case []uint8:
		matDirect(c, a, aZero, y[boff:], bZero, m, n, k)
	case []int16:
		matDirect(c, a, aZero, y[boff:], bZero, m, n, k)
	case []uint16:
		matDirect(c, a, aZero, y[boff:], bZero, m, n, k)
	}
}

// matDirect is the plain loop of one matrix product.
func matDirect[TA, TB storageInt](c []int32, a []TA, aZero int32, b []TB, bZero []int32, m, n, k int) {
	for r := range m {
		for col := range n {
			var s int32
			bz := zeroAt32(bZero, col)
			for p := range k {
				s += (int32(a[r*k+p]) - aZero) * (int32(b[p*n+col]) - bz)
			}
			c[r*n+col] = s
		}
	}
}

// integerMatMulShapes checks the operands of an integer matmul writing
// accLen accumulators and returns its geometry.
func integerMatMulShapes(accLen int, a, b *Tensor, bZero []int32) (batch []int64, m, n, k int, total int64, err error) {
	if !isIntStorage(a.dtype) || !isIntStorage(b.dtype) || len(a.shape) < 2 || len(b.shape) < 2 {
		return nil, 0, 0, 0, 0, fmt.Errorf("tensor: integer matmul of %v %s and %v %s (want 8- or 16-bit integers, rank 2 or more)",
			a.dtype, FormatShape(a.shape), b.dtype, FormatShape(b.shape))
	}
	batch, m, n, k, outShape, err := matmulShapes(a.shape, b.shape)
	if err != nil {
		return nil, 0, 0, 0, 0, err
	}
	if l := len(bZero); l > 1 && l != n {
		return nil, 0, 0, 0, 0, fmt.Errorf("tensor: integer matmul: %d zero points for %d columns", l, n)
	}
	if total, err = NumElements(outShape); err != nil {
		return nil, 0, 0, 0, 0, err
	}
	if int64(accLen) != total {
		return nil, 0, 0, 0, 0, fmt.Errorf("tensor: integer matmul: output of %d elements, want %d", accLen, total)
	}
	return batch, m, n, k, total, nil
}
