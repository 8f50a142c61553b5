package tensor

import (
	"sync"
	"unsafe"
)

// Integer depthwise convolution through the float32 depthwise kernel
// (conv_depthwise.go): x − xZero and w − wZero are small integers, and
// when a window's kh·kw·max|x − xZero|·max|w − wZero| is at most 2^24
// every product and every partial sum is an integer float32 represents
// exactly, so the float sum, in any order, fused or not, is the exact
// integer the wrap-around int32 sum gives (which then cannot wrap).

// depthwiseIntExact reports whether depthwiseInt8 is exact for g with
// these weights: x's stored values span xLo..xHi.
func depthwiseIntExact[TW int8 | uint8](g *convGeom, xLo, xHi, xZero int32, w []TW, wZero []int32) bool {
	if !g.depthwise() {
		return false
	}
	mx := int64(max(abs32(xLo-xZero), abs32(xHi-xZero)))
	kk := g.kh * g.kw
	var mw int64
	for m := range g.m {
		z := zeroAt32(wZero, m)
		for _, v := range w[m*kk : (m+1)*kk] {
			mw = max(mw, int64(abs32(int32(v)-z)))
		}
	}
	return int64(kk)*mx*mw <= 1<<24
}

func abs32(v int32) int32 {
	if v < 0 {
		return -v
	}
	return v
}

// depthwiseF32Bufs holds *[]float32 weights converted for depthwiseInt8.
var depthwiseF32Bufs sync.Pool

// depthwiseInt8 writes the depthwise convolution's exact int32 sums into
// acc (depthwiseIntExact must hold). The float sums are computed in acc's
// own memory and converted in place, a tile at a time; with req, each
// tile is also requantized while it is in cache.
func depthwiseInt8[TX, TW int8 | uint8](g *convGeom, acc []int32, x []TX, xZero int32, w []TW, wZero []int32, req *tileRequant) {
	bp, _ := depthwiseF32Bufs.Get().(*[]float32)
	if bp == nil || cap(*bp) < len(w) {
		s := make([]float32, len(w))
		bp = &s
	}
	defer depthwiseF32Bufs.Put(bp)
	wf := (*bp)[:len(w)]
	// The kernel reads x − xZero while it pads rows.
	in := &dwInts{zero: xZero}
	for v := range 256 {
		in.tab[uint8(v)] = float32(int32(TX(v)) - xZero)
	}
	kk := g.kh * g.kw
	for m := range g.m {
		z := zeroAt32(wZero, m)
		for j, v := range w[m*kk : (m+1)*kk] {
			wf[m*kk+j] = float32(int32(v) - z)
		}
	}
	if len(acc) == 0 {
		return
	}
	y := unsafe.Slice((*float32)(unsafe.Pointer(&acc[0])), len(acc))
	depthwiseRun(g, x, in, wf, nil, y, func(pl, lo, hi int) {
		// Exact integers of magnitude <= 2^24.
		t := y[lo:hi]
		for i := f32ToI32Fast(t); i < len(t); i++ {
			acc[lo+i] = int32(t[i])
		}
		if req != nil {
			req.span(lo, hi, pl%g.m)
		}
	})
}

// convDepthwiseInt8 runs depthwiseInt8 when x and w are 8-bit and it is
// exact, and reports whether it did.
func convDepthwiseInt8(g *convGeom, acc []int32, x *Tensor, xZero int32, w *Tensor, wZero []int32, req *tileRequant) bool {
	switch xv := x.data.(type) {
	case []int8:
		return convDepthwiseInt8W(g, acc, xv, -128, 127, xZero, w, wZero, req)
	case []uint8:
		return convDepthwiseInt8W(g, acc, xv, 0, 255, xZero, w, wZero, req)
	}
	return false
}

func convDepthwiseInt8W[TX int8 | uint8](g *convGeom, acc []int32, x []TX, xLo, xHi, xZero int32, w *Tensor, wZero []int32, req *tileRequant) bool {
	switch wv := w.data.(type) {
	case []int8:
		if depthwiseIntExact(g, xLo, xHi, xZero, wv, wZero) {
			depthwiseInt8(g, acc, x, xZero, wv, wZero, req)
			return true
		}
	case []uint8:
		if depthwiseIntExact(g, xLo, xHi, xZero, wv, wZero) {
			depthwiseInt8(g, acc, x, xZero, wv, wZero, req)
			return true
		}
	}
	return false
}
