//go:build amd64 && !purego

package tensor

import (
	"math"
	"unsafe"
)

//go:noescape
func dwSmall3x3AVX512(y, x, w, bias *float32, planes, h, wd int, tab *int32, nv int, lo, hi float32, flags int, scratch *float32)

// dwSmallMaxPadded bounds the small-plane kernel's padded planes: rows of
// one vector, and a scratch of that many rows.
const dwSmallMaxPadded = 16

// dwSmallOK reports whether a float32 depthwise convolution takes the
// small-plane kernel: 3x3, stride 1, one value of padding on every side,
// one output plane per input plane, planes whose padded rows fit a
// vector; where the plane kernels, one call a plane, spend more on each
// call than on its few products (mobilenet_v2's 7x7 layers).
func dwSmallOK(g *convGeom) bool {
	return hasAVX512 && g.kh == 3 && g.kw == 3 && g.sh == 1 && g.sw == 1 && g.dh == 1 && g.dw == 1 &&
		g.pt == 1 && g.pl == 1 && g.oh == g.h && g.ow == g.w && g.mg == 1 && g.n == 1 &&
		g.w+2 <= dwSmallMaxPadded && g.h+2 <= dwSmallMaxPadded && g.h*g.w >= 16
}

// dwSmallTab lists, per 16-value vector of a plane's extended outputs
// (padded rows of wd+2), the mask of its kept lanes (columns < wd), the
// index of its first kept output and the mask of that many lanes.
func dwSmallTab(h, wd int) []int32 {
	wp := wd + 2
	ext := h * wp
	var tab []int32
	out := 0
	for e0 := 0; e0 < ext; e0 += 16 {
		keep, n := int32(0), 0
		for l := range 16 {
			if e := e0 + l; e < ext && e%wp < wd {
				keep |= 1 << l
				n++
			}
		}
		tab = append(tab, keep, int32(out), int32(1)<<n-1, 0)
		out += n
	}
	return tab
}

// dwSmallTabs caches the tables by plane shape.
var dwSmallTabs planCache[[2]int, []int32]

// dwSmallTabFor returns g's table.
func dwSmallTabFor(g *convGeom) []int32 {
	key := [2]int{g.h, g.w}
	if t := dwSmallTabs.get(key); t != nil {
		return *t
	}
	t := dwSmallTab(g.h, g.w)
	dwSmallTabs.put(key, &t)
	return t
}

// dwSmallPlanes returns how many of a dwSmallOK convolution's planes the
// kernel may take: each plane row is loaded as 16 values, so the last
// plane's last row needs 16 − w values after it in x (or the caller's
// per-plane path takes that plane).
func dwSmallPlanes(g *convGeom, x []float32) int {
	planes := g.m
	if planes*g.h*g.w-g.w+16 > len(x) {
		planes--
	}
	return planes
}

// depthwiseSmall computes planes [p0, p1) of a dwSmallOK convolution.
func depthwiseSmall(g *convGeom, x, w, bias, y []float32, tab []int32, p0, p1 int) {
	if p1 <= p0 {
		return
	}
	hw := g.h * g.w
	_, _, _ = x[p1*hw-g.w+15], y[p1*hw-1], w[p1*9-1]
	flags := 0
	bp := &zeroBias[0]
	if bias != nil {
		flags, bp = 1, &bias[p0]
		_ = bias[p1-1]
	}
	lo, hi := float32(math.Inf(-1)), float32(math.Inf(1))
	if g.clip {
		lo, hi = g.clipLo, g.clipHi
	}
	// Two planes of 288 values (the kernel puts the second 1152 bytes on).
	var scratch [2 * (dwSmallMaxPadded*dwSmallMaxPadded + 32)]float32
	dwSmall3x3AVX512(&y[p0*hw], &x[p0*hw], &w[p0*9], bp, p1-p0, g.h, g.w, &tab[0], len(tab)/4, lo, hi, flags, (*float32)(unsafe.Pointer(&scratch[0])))
}
